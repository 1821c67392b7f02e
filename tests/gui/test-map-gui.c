/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-map-gui.c: the size x count map in the window, as a user runs it.
 * Under Xvfb: on the plan page the map's part is switched on with its own
 * switch, a tiny grid and budget typed in; the cost row says what it will
 * take before Run, and a budget too short for it turns Run off with the
 * engine's refusal. Run pressed: the results page shows the map chart
 * while it runs, its cells appearing as they decide; once done the map
 * chart, its tooltips and its answer card are there. While the map is on
 * the plan's Time row is hidden: the map's budget is the only one.
 *
 * Then the header bar's real Export button: its menu's "PNG Image, 1280 x
 * 720" and "HTML Page", each through the file chooser and its Export
 * button; the PNG written is the map chart's (its name, its size), the
 * HTML has the map's table and advice. Last, a new window (the next
 * launch, the same settings) has the map's fields as they were run.
 *
 * By hand: IB_TEST_MAP_PNG=FILE keeps a screenshot of the window (needs
 * ImageMagick's import) once the map is done. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <string.h>

#include <adwaita.h>
#include <gtk/gtk.h>

#include "engine/model/ib-map.h"
#include "gui-common.h"
#include "ib-chart-view.h"
#include "ib-test-common.h"

#define WAIT_TIMEOUT_S 120   /* a guard against hangs, not a speed test */

static IbApplication *app;

static gboolean
run_is_off (gpointer data)
{
  return !g_action_group_get_action_enabled (G_ACTION_GROUP (data), "run");
}

static gboolean
run_is_on (gpointer data)
{
  return g_action_group_get_action_enabled (G_ACTION_GROUP (data), "run");
}

static gboolean
not_running (gpointer data)
{
  return !ib_run_controller_get_running (ib_window_get_controller (data));
}

static gboolean
has_report (gpointer data)
{
  return ib_results_page_get_report (data) != NULL;
}

static gboolean
expansion_on (gpointer data)
{
  return adw_expander_row_get_enable_expansion (data);
}

/* The preferences row under @root titled @title, of @type. */
static GtkWidget *
find_row (GtkWidget  *root,
          GType       type,
          const char *title)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();

  gui_collect (root, type, rows);
  for (guint i = 0; i < rows->len; i++)
    if (g_strcmp0 (adw_preferences_row_get_title (g_ptr_array_index (rows, i)), title) == 0)
      return g_ptr_array_index (rows, i);
  return NULL;
}

static void
type_into (GtkWidget  *map_row,
           const char *title,
           const char *text)
{
  GtkWidget *entry = find_row (map_row, ADW_TYPE_ENTRY_ROW, title);

  g_assert_nonnull (entry);
  gtk_editable_set_text (GTK_EDITABLE (entry), text);
  ib_test_spin (100);
}

typedef struct
{
  IbWindow *win;
  guint     refreshes;    /* while running, with a map shown */
  guint     first_seen;   /* cells reached at the first of them */
  guint     most_seen;
  gboolean  shrank;
  gboolean  chart_shown;  /* the map chart was the one shown */
} Watch;

/* Connected after the window's own handler: the page shows the report. */
static void
on_report_changed (IbRunController *controller,
                   Watch           *w)
{
  IbResultsPage *page = ib_window_get_results_page (w->win);
  IbReport *report = ib_results_page_get_report (page);
  guint reached;

  if (!ib_run_controller_get_running (controller) || report == NULL || report->map == NULL)
    return;
  reached = ib_map_n_reached (report->map);
  if (w->refreshes++ == 0)
    w->first_seen = reached;
  w->shrank |= reached < w->most_seen;
  w->most_seen = MAX (w->most_seen, reached);
  w->chart_shown |= g_str_equal (ib_results_page_get_chart_kind (page)->id, "map");
}

/* Some point of the map chart as the window draws it has a tooltip
 * naming @cell; the first such tooltip is returned. */
static char *
find_tooltip (IbChartView *view,
              const char  *cell)
{
  IbChartStyle style;
  int w = gtk_widget_get_width (GTK_WIDGET (view)), h = gtk_widget_get_height (GTK_WIDGET (view));

  ib_chart_view_get_style (view, &style);
  for (int y = 0; y < h; y += 8)
    for (int x = 0; x < w; x += 8)
      {
        g_autofree char *text = ib_chart_query_tooltip (
          &(IbChartRequest) { ib_chart_kind_lookup ("map"), ib_chart_view_get_report (view), NULL,
                              &style, w, h },
          x, y);

        if (text != NULL && strstr (text, cell) != NULL)
          return g_steal_pointer (&text);
      }
  return NULL;
}

static void
save_screen (const char *png)
{
  g_autofree char *quoted = g_shell_quote (png);
  g_autofree char *command = g_strdup_printf ("import -window root %s", quoted);
  gint status = 0;

  ib_test_spin (500);
  g_assert_true (g_spawn_command_line_sync (command, NULL, NULL, &status, NULL));
  g_test_message ("saved %s", png);
}

static GtkWidget *
find_view (IbResultsPage *page)
{
  AdwViewStack *stack = ib_results_page_get_chart_stack (page);

  return adw_view_stack_get_child_by_name (stack, "map");
}


/* ---- exporting through the real controls ------------------------------ */

/* The width and height a PNG's IHDR says. */
static void
png_size (const char *path,
          guint      *width,
          guint      *height)
{
  g_autofree guchar *data = NULL;
  gsize len = 0;

  g_assert_true (g_file_get_contents (path, (char **) &data, &len, NULL));
  g_assert_cmpuint (len, >, 24);
  g_assert_cmpmem (data, 8, "\x89PNG\r\n\x1a\n", 8);
  *width = (guint) data[16] << 24 | (guint) data[17] << 16 | (guint) data[18] << 8 | data[19];
  *height = (guint) data[20] << 24 | (guint) data[21] << 16 | (guint) data[22] << 8 | data[23];
}

static void
check_exports (IbWindow   *win,
               const char *dir)
{
  g_autofree char *png = NULL, *html = NULL, *suggested = NULL, *text = NULL;
  guint width = 0, height = 0;

  /* the chart shown, the map's, as a PNG of the size the item says */
  png = gui_export_through_menu (win, "PNG Image, 1280 × 720", dir, "map-test.png", &suggested);
  g_test_message ("PNG suggested as %s", suggested);
  g_assert_true (g_str_has_suffix (suggested, "-map.png"));
  png_size (png, &width, &height);
  g_assert_cmpuint (width, ==, 1280);
  g_assert_cmpuint (height, ==, 720);
  g_clear_pointer (&suggested, g_free);

  /* the report, as an HTML page with the map's table, chart and advice */
  html = gui_export_through_menu (win, "HTML Page", dir, "map-test.html", &suggested);
  g_assert_true (g_file_get_contents (html, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "When async pays off: file size x file count"));
  g_assert_nonnull (strstr (text, "When async pays off: advice from the map"));
  g_assert_nonnull (strstr (text, "4 KiB"));
  g_assert_nonnull (strstr (text, "<svg"));
}

/* A new window, as at the next launch: the map's part as it was run. */
static void
check_restored (void)
{
  IbWindow *win = gui_new_window (app, 1100, 800, 300);
  IbPlanPage *plan = ib_window_get_plan_page (win);
  GtkWidget *map_row = find_row (GTK_WIDGET (plan), ADW_TYPE_EXPANDER_ROW, "Size × count map");
  GtkWidget *time_row = find_row (GTK_WIDGET (plan), ADW_TYPE_ACTION_ROW, "Time");

  g_assert_nonnull (map_row);
  g_assert_true (adw_expander_row_get_enable_expansion (ADW_EXPANDER_ROW (map_row)));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (
    find_row (map_row, ADW_TYPE_ENTRY_ROW, "Map file sizes, e.g. 4K,64K,1M"))), ==, "4K");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (
    find_row (map_row, ADW_TYPE_ENTRY_ROW, "Map file counts, e.g. 1,4,16"))), ==, "1,2");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (
    find_row (map_row, ADW_TYPE_ENTRY_ROW, "Map time budget in seconds"))), ==, "7");
  /* one budget: the map's */
  g_assert_nonnull (time_row);
  g_assert_false (gtk_widget_get_visible (time_row));
  g_assert_true (ib_test_wait_until (run_is_on, win, WAIT_TIMEOUT_S));
  gui_destroy_window (win);
}

static void
test_map_run (void)
{
  g_autofree char *tmp = ib_test_make_tmpdir ("iobench-gui-map-XXXXXX");
  Watch w = { 0 };
  IbPlanPage *plan;
  IbResultsPage *page;
  GtkWidget *map_row, *toggle, *run, *cost, *view, *time_row;
  const char *card, *subtitle;
  g_autofree char *tooltip = NULL;

  w.win = gui_new_window (app, 1100, 800, 300);
  plan = ib_window_get_plan_page (w.win);
  page = ib_window_get_results_page (w.win);
  ib_plan_page_set_dir (plan, tmp);
  g_assert_true (ib_test_wait_until (run_is_on, w.win, WAIT_TIMEOUT_S));

  /* the map's own switch, pressed: the part is on, the others off */
  map_row = find_row (GTK_WIDGET (plan), ADW_TYPE_EXPANDER_ROW, "Size × count map");
  g_assert_nonnull (map_row);
  time_row = find_row (GTK_WIDGET (plan), ADW_TYPE_ACTION_ROW, "Time");
  g_assert_nonnull (time_row);
  g_assert_true (gtk_widget_get_visible (time_row));
  g_assert_false (adw_expander_row_get_enable_expansion (ADW_EXPANDER_ROW (map_row)));
  toggle = gui_find_descendant (map_row, GTK_TYPE_SWITCH);
  g_assert_nonnull (toggle);
  g_assert_true (gtk_widget_activate (toggle));
  /* a switch slides over before it says it is on */
  g_assert_true (ib_test_wait_until (expansion_on, map_row, WAIT_TIMEOUT_S));
  g_assert_false (adw_expander_row_get_enable_expansion (
    ADW_EXPANDER_ROW (find_row (GTK_WIDGET (plan), ADW_TYPE_EXPANDER_ROW, "Sweep"))));
  /* one time budget: the map's own; the plan's Time row is hidden */
  g_assert_false (gtk_widget_get_visible (time_row));

  /* a tiny grid: one size, two counts */
  type_into (map_row, "Map file sizes, e.g. 4K,64K,1M", "4K");
  type_into (map_row, "Map file counts, e.g. 1,4,16", "1,2");

  /* a budget too short: Run off, the engine's refusal under the map */
  type_into (map_row, "Map time budget in seconds", "1");
  g_assert_true (ib_test_wait_until (run_is_off, w.win, WAIT_TIMEOUT_S));
  cost = find_row (map_row, ADW_TYPE_ACTION_ROW, "Map cost");
  g_assert_nonnull (cost);
  subtitle = adw_action_row_get_subtitle (ADW_ACTION_ROW (cost));
  g_test_message ("refused: %s", subtitle);
  g_assert_nonnull (strstr (subtitle, "A budget of 1 s is too short for this map"));
  g_assert_nonnull (strstr (subtitle, "Raise the time budget"));
  g_assert_null (strstr (subtitle, "--"));
  g_assert_nonnull (strstr (ib_plan_page_get_error (plan), "A budget of 1 s is too short"));

  /* enough: Run on, and what it will cost said before Run */
  type_into (map_row, "Map time budget in seconds", "7");
  g_assert_true (ib_test_wait_until (run_is_on, w.win, WAIT_TIMEOUT_S));
  subtitle = adw_action_row_get_subtitle (ADW_ACTION_ROW (cost));
  g_test_message ("cost: %s", subtitle);
  g_assert_true (g_str_has_prefix (subtitle, "2 cells; its files take 8"));
  g_assert_nonnull (strstr (subtitle, "of disk; about 7 s in all"));

  /* Run, pressed */
  g_signal_connect_after (ib_window_get_controller (w.win), "report-changed",
                          G_CALLBACK (on_report_changed), &w);
  run = gui_find_action_widget (GTK_WIDGET (w.win), "win.run", NULL);
  g_assert_nonnull (run);
  g_assert_true (gtk_widget_activate (run));
  /* a button activated clicks a moment later, as a key press shows it */
  g_assert_true (ib_test_wait_until (has_report, page, WAIT_TIMEOUT_S));
  g_assert_true (ib_test_wait_until (not_running, w.win, WAIT_TIMEOUT_S));
  g_test_message ("report error: %s", ib_results_page_get_report (page)->error);
  g_assert_null (ib_results_page_get_report (page)->error);
  g_signal_handlers_disconnect_by_data (ib_window_get_controller (w.win), &w);

  /* while it ran: the map chart, growing cell by cell, never shrinking */
  g_test_message ("refreshes %u, cells first %u, most %u", w.refreshes, w.first_seen,
                  w.most_seen);
  g_assert_cmpuint (w.refreshes, >, 0);
  g_assert_true (w.chart_shown);
  g_assert_false (w.shrank);
  g_assert_cmpuint (w.most_seen, >, 0);

  /* done: the map, its tooltips, its card */
  ib_test_spin (300);
  g_assert_nonnull (ib_results_page_get_report (page)->map);
  g_assert_cmpuint (ib_map_n_reached (ib_results_page_get_report (page)->map), >=, w.most_seen);
  g_assert_cmpstr (ib_results_page_get_chart_kind (page)->id, ==, "map");
  view = find_view (page);
  g_assert_true (gtk_widget_get_mapped (view));
  tooltip = find_tooltip (IB_CHART_VIEW (view), "4 KiB x 1 file");
  g_assert_nonnull (tooltip);
  g_test_message ("tooltip: %s", tooltip);
  card = ib_results_page_get_answer_card (page, "map");
  g_assert_nonnull (card);
  g_test_message ("card: %s", card);
  /* the map's answer card (analysis/ib-map-advice.c): its lines counted,
   * then the advice from the decided cells */
  g_assert_true (g_str_has_prefix (card, "Lines decided: "));
  g_assert_nonnull (strstr (card, " of 4 (sync faster in "));
  if (g_getenv ("IB_TEST_MAP_PNG") != NULL)
    save_screen (g_getenv ("IB_TEST_MAP_PNG"));

  check_exports (w.win, tmp);
  gui_destroy_window (w.win);
  check_restored ();
  g_assert_true (ib_test_remove_tree (tmp));
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *home = NULL;

  app = gui_test_init (&argc, &argv, &home);
  g_test_add_func ("/gui-map/run", test_map_run);
  return gui_test_run (&app, home);
}
