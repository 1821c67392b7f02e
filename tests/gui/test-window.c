/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-window.c: drives the real window under Xvfb through its actions:
 * run a tiny plan until statistics show, stop a bigger one and find no test
 * files left, export a PNG through the menu's action, reopen a saved report,
 * and check that bad input disables Run and says why beside the field. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include "gui-common.h"
#include "ib-test-common.h"

#include <string.h>

#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "engine/model/ib-error.h"
#include "engine/plan/ib-presets.h"
#include "ib-application.h"
#include "ib-chart-view.h"
#include "ib-stats-table.h"
#include "ib-tab-stop.h"
#include "analysis/ib-findings.h"
#include "report/ib-report-io.h"
#include "ib-window.h"
#include "ib-test-writers.h"

#define WAIT_TIMEOUT_S 300   /* generous: a guard against hangs, not a speed test */

static IbApplication *app;

static IbWindow *
new_window (void)
{
  return gui_new_window (app, 1100, 760, 200);
}

static gboolean
action_enabled (IbWindow   *win,
                const char *name)
{
  return g_action_group_get_action_enabled (G_ACTION_GROUP (win), name);
}

/* A small custom plan: big-files's reads (no other workloads), edited. */
static void
set_plan (IbWindow           *win,
          const char         *dir,
          const char         *count,
          const char         *size,
          const char * const *strategies,
          guint               repeat)
{
  IbPlanPage *plan = ib_window_get_plan_page (win);

  gui_select_preset_untimed (plan, "big-files");
  ib_plan_page_set_dir (plan, dir);
  ib_plan_page_set_list_mode (plan, FALSE);
  ib_plan_page_set_field_text (plan, IB_PLAN_FIELD_COUNT, count);
  ib_plan_page_set_field_text (plan, IB_PLAN_FIELD_SIZE, size);
  ib_plan_page_set_strategies (plan, strategies);
  ib_plan_page_set_rounds (plan, repeat, 0);
}

static gboolean
has_stats_rows (gpointer data)
{
  IbWindow *win = data;

  return !ib_run_controller_get_running (ib_window_get_controller (win)) &&
         ib_results_page_get_n_stats_rows (ib_window_get_results_page (win)) > 0;
}

static gboolean
not_running (gpointer data)
{
  return !ib_run_controller_get_running (ib_window_get_controller (data));
}

static gboolean
has_samples (gpointer data)
{
  IbRunController *c = ib_window_get_controller (data);

  return !ib_run_controller_get_running (c) || ib_run_controller_get_n_samples (c) > 0;
}

/* The run is over, or its answer card shows (sync and async both measured). */
static gboolean
has_answer (gpointer data)
{
  IbRunController *c = ib_window_get_controller (data);

  return !ib_run_controller_get_running (c) ||
         ib_results_page_get_answer (ib_window_get_results_page (data)) != NULL;
}

static gboolean
exports_done (gpointer data)
{
  return ib_window_get_n_pending_exports (data) == 0;
}

static gboolean
history_has_entry (gpointer data)
{
  return ib_history_page_get_n_entries (ib_window_get_history_page (data)) > 0;
}

static guint
count_iobench_dirs (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;
  guint n = 0;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_prefix (name, "iobench-"))
      n++;
  return n;
}

static gboolean
dialog_shown (gpointer data)
{
  return gui_find_message_dialog (FALSE) != NULL;
}

static void
close_message_dialogs (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = g_list_model_get_n_items (toplevels); i > 0; i--)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i - 1);

      if (ADW_IS_MESSAGE_DIALOG (window))
        gtk_window_destroy (GTK_WINDOW (window));
    }
}

/* Closes the visible toplevels of @type; returns how many there were. */
static guint
close_toplevels (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  guint n = 0;

  ib_test_spin (100);
  for (guint i = g_list_model_get_n_items (toplevels); i > 0; i--)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i - 1);

      if (G_TYPE_CHECK_INSTANCE_TYPE (window, type) && gtk_widget_get_visible (GTK_WIDGET (window)))
        {
          gtk_window_close (GTK_WINDOW (window));
          n++;
        }
    }
  ib_test_spin (100);
  return n;
}

/* Walks the widget tree: no accessible label keeps a mnemonic underline,
 * none is given twice (a label and a labelled-by relation add up in the
 * name screen readers say), and no list row is left nameless. Returns the
 * number of problems, each logged. */
static guint
check_accessible_names (GtkWidget *widget)
{
  g_autofree char *label = gui_accessible_property (widget, GTK_ACCESSIBLE_PROPERTY_LABEL);
  guint problems = 0;

  if (gtk_widget_get_visible (widget))
    {
      GtkWidget *first = gtk_widget_get_first_child (widget);
      /* An icon button "labelled" by its nameless image is named once. */
      g_autofree char *by_image = GTK_IS_IMAGE (first)
        ? gtk_test_accessible_check_relation (GTK_ACCESSIBLE (widget),
                                              GTK_ACCESSIBLE_RELATION_LABELLED_BY, first, NULL)
        : g_strdup ("");

      if (label != NULL && strchr (label, '_') != NULL &&
          !(GTK_IS_LABEL (widget) && !gtk_label_get_use_underline (GTK_LABEL (widget))))
        {
          g_test_message ("%s: mnemonic underline in the accessible name “%s”",
                          G_OBJECT_TYPE_NAME (widget), label);
          problems++;
        }
      if (label != NULL && label[0] != '\0' && by_image != NULL &&
          gtk_test_accessible_has_relation (GTK_ACCESSIBLE (widget),
                                            GTK_ACCESSIBLE_RELATION_LABELLED_BY))
        {
          g_autofree char *by = gtk_test_accessible_check_relation (
            GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY, widget, NULL);

          g_test_message ("%s: named twice, “%s” and by %s",
                          G_OBJECT_TYPE_NAME (widget), label, by);
          problems++;
        }
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    problems += check_accessible_names (child);
  return problems;
}

/* The findings list's rows (a label of class "finding") under @widget: how
 * many there are, and the headings over them, joined by "|". */
static guint
collect_finding_headers (GtkWidget *widget,
                         GString   *headers)
{
  guint rows = 0;

  if (GTK_IS_LIST_BOX_ROW (widget))
    {
      GtkWidget *child = gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (widget));
      GtkWidget *header = gtk_list_box_row_get_header (GTK_LIST_BOX_ROW (widget));

      if (child == NULL || !gtk_widget_has_css_class (child, "finding"))
        return 0;
      if (header != NULL)
        g_string_append_printf (headers, "%s%s", headers->len > 0 ? "|" : "",
                                gtk_label_get_text (GTK_LABEL (header)));
      return 1;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    rows += collect_finding_headers (child, headers);
  return rows;
}

/* ---- tests ------------------------------------------------------------ */

/* Whether a mapped AdwWindowTitle under @widget reads @title. */
static gboolean
has_window_title (GtkWidget  *widget,
                  const char *title)
{
  if (ADW_IS_WINDOW_TITLE (widget) && gtk_widget_get_mapped (widget) &&
      g_strcmp0 (adw_window_title_get_title (ADW_WINDOW_TITLE (widget)), title) == 0)
    return TRUE;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    if (has_window_title (c, title))
      return TRUE;
  return FALSE;
}

/* The height the window's export of the comparison has at 800 px wide: as
 * tall as its rows need. */
static double
fit_height (IbComparison       *pair,
            const IbChartStyle *style)
{
  return ib_chart_fit_height (&(IbChartRequest) { ib_chart_kind_lookup ("compare"), NULL, pair,
                                                  style, 800, 600 });
}

static gboolean
files_equal (const char *x,
             const char *y)
{
  g_autofree char *a = NULL, *b = NULL;
  gsize na = 0, nb = 0;

  g_assert_true (g_file_get_contents (x, &a, &na, NULL));
  g_assert_true (g_file_get_contents (y, &b, &nb, NULL));
  return na == nb && memcmp (a, b, na) == 0;
}

static void
test_run_export_reopen (void)
{
  const char *strategies[] = { "sync-read-all", "async-read-all-serial", NULL };
  g_autofree char *tmp = ib_test_make_tmpdir ("iobench-gui-XXXXXX");
  g_autofree char *target = g_build_filename (tmp, "target", NULL);
  g_autofree char *png = g_build_filename (tmp, "chart.png", NULL);
  g_autofree char *json = g_build_filename (tmp, "report.json", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GFile) json_file = NULL;
  g_autoptr(GError) error = NULL;
  IbWindow *win;
  IbReport *report;
  cairo_surface_t *surface;
  gsize length = 0;

  g_assert_nonnull (tmp);
  g_assert_cmpint (g_mkdir (target, 0700), ==, 0);

  win = new_window ();
  g_assert_false (action_enabled (win, "export"));

  set_plan (win, target, "2", "64K", strategies, 2);
  g_assert_true (ib_plan_page_get_valid (ib_window_get_plan_page (win)));
  g_assert_true (action_enabled (win, "run"));

  g_action_group_activate_action (G_ACTION_GROUP (win), "run", NULL);
  g_assert_true (ib_run_controller_get_running (ib_window_get_controller (win)));
  g_assert_false (action_enabled (win, "run"));
  g_assert_true (action_enabled (win, "stop"));

  g_assert_true (ib_test_wait_until (has_stats_rows, win, WAIT_TIMEOUT_S));
  g_assert_cmpuint (ib_results_page_get_n_stats_rows (ib_window_get_results_page (win)), ==, 2);
  report = ib_results_page_get_report (ib_window_get_results_page (win));
  g_assert_nonnull (report);
  g_assert_false (report->partial);
  g_assert_nonnull (report->environment);
  g_assert_nonnull (report->environment->gtk_version);
  g_assert_nonnull (report->environment->adw_version);
  g_assert_cmpuint (count_iobench_dirs (target), ==, 0);
  g_assert_true (action_enabled (win, "run"));
  g_assert_true (action_enabled (win, "export"));
  g_assert_cmpuint (check_accessible_names (GTK_WIDGET (win)), ==, 0);

  /* The answer card names both strategies (whatever the verdict). */
  {
    const char *answer = ib_results_page_get_answer (ib_window_get_results_page (win));

    g_assert_nonnull (answer);
    /* two repetitions: too few for a verdict, and it says what to do */
    g_assert_true (g_str_has_prefix (answer, "Reading one file after another, too few "
                                             "samples to tell whether sync or async is "
                                             "faster"));
    g_assert_nonnull (strstr (answer, "run more repetitions"));
    g_assert_nonnull (strstr (answer, "Sync single read"));
    g_assert_nonnull (strstr (answer, "Async single read (serial)"));
    /* Nothing is concluded under a verdict that was not reached: no "Why:"
     * and no trade-off line below "too few samples" (README, "Claims only
     * the data carries"), so the card has no list under its headline. */
    g_assert_null (ib_results_page_get_answer_details (ib_window_get_results_page (win)));
  }

  /* Findings are grouped under short headings, one per group, in the
   * report's order. */
  {
    g_autoptr(GString) headers = g_string_new (NULL);
    g_autoptr(GString) expected = g_string_new (NULL);
    const GArray *findings =
      ib_analysis_get_findings (ib_results_page_get_analysis (ib_window_get_results_page (win)));
    int last = -1;

    /* those that say only what the answer card says are not listed */
    g_assert_cmpuint (collect_finding_headers (GTK_WIDGET (win), headers), ==,
                      ib_findings_n_shown (findings));
    for (guint i = 0; i < findings->len; i++)
      {
        const IbFinding *f = &g_array_index (findings, IbFinding, i);
        IbFindingGroup group = ib_finding_group (f->id);

        if (!ib_finding_is_shown (f))
          continue;
        g_assert_cmpint ((int) group, >=, last);
        if ((int) group != last)
          g_string_append_printf (expected, "%s%s", expected->len > 0 ? "|" : "",
                                  ib_finding_group_title (group));
        last = group;
      }
    g_assert_cmpuint (expected->len, >, 0);
    g_assert_cmpstr (headers->str, ==, expected->str);
  }

  /* The chart switcher shows after the very first run, in the chart card,
   * and Ctrl+Page Down's action steps to the next chart. */
  {
    IbResultsPage *results = ib_window_get_results_page (win);
    const IbChartKindInfo *first = ib_results_page_get_chart_kind (results);

    g_assert_cmpuint (ib_results_page_get_n_charts (results), >=, 2);
    g_assert_nonnull (ib_results_page_get_chart_switcher (results));
    g_assert_true (gtk_widget_get_mapped (ib_results_page_get_chart_switcher (results)));
    g_action_group_activate_action (G_ACTION_GROUP (win), "chart-step", g_variant_new_int32 (1));
    g_assert_true (ib_results_page_get_chart_kind (results) != first);
    g_action_group_activate_action (G_ACTION_GROUP (win), "chart-step", g_variant_new_int32 (-1));
    g_assert_true (ib_results_page_get_chart_kind (results) == first);
  }

  /* The run was saved to the history, listed with its headline number. */
  g_assert_true (ib_test_wait_until (history_has_entry, win, WAIT_TIMEOUT_S));
  {
    g_autofree char *row = ib_history_page_dup_row_title (ib_window_get_history_page (win), 0);

    /* the answer's decided line, or only the lowest median (never
     * "Fastest": test-truth-gui's history-headlines) */
    if (strstr (row, "Lowest median: ") != NULL)
      g_assert_true (strstr (row, "Sync single read") != NULL ||
                     strstr (row, "Async single read (serial)") != NULL);
    else
      g_assert_true (strstr (row, "Reading one file after another: sync ") != NULL ||
                     strstr (row, "Reading one file after another: async ") != NULL);
  }
  g_assert_cmpuint (check_accessible_names (GTK_WIDGET (win)), ==, 0);

  /* Export a PNG through the menu's action, with the path given. */
  g_action_group_activate_action (G_ACTION_GROUP (win), "export",
                                  g_variant_new ("(ss)", "png:800x600@2", png));
  g_assert_true (ib_test_wait_until (exports_done, win, WAIT_TIMEOUT_S));
  g_assert_null (ib_window_get_last_export_error (win));
  g_assert_true (g_file_get_contents (png, &contents, &length, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (length, >, 8);
  g_assert_cmpmem (contents, 8, "\x89PNG\r\n\x1a\n", 8);
  surface = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (surface), ==, 1600);
  {
    /* as tall as the shown chart's rows need at 800 wide, at 2x */
    IbResultsPage *results = ib_window_get_results_page (win);
    IbChartStyle   style;

    ib_chart_style_init_light (&style);
    style.log_scale = ib_results_page_get_log_scale (results);
    g_assert_cmpint (cairo_image_surface_get_height (surface), ==,
                     2 * ib_chart_fit_height (&(IbChartRequest) {
                           ib_results_page_get_chart_kind (results),
                           ib_analysis_get_report (ib_results_page_get_analysis (results)), NULL,
                           &style, 800, 600 }));
  }
  cairo_surface_destroy (surface);

  /* Export to a folder that does not exist: an error, results kept. */
  {
    g_autofree char *bad = g_build_filename (tmp, "missing", "chart.svg", NULL);

    g_action_group_activate_action (G_ACTION_GROUP (win), "export",
                                    g_variant_new ("(ss)", "svg", bad));
    g_assert_true (ib_test_wait_until (exports_done, win, WAIT_TIMEOUT_S));
    g_assert_nonnull (ib_window_get_last_export_error (win));
    g_assert_false (g_file_test (bad, G_FILE_TEST_EXISTS));
    g_assert_nonnull (gui_find_message_dialog (FALSE));
    close_message_dialogs ();
    g_assert_cmpuint (ib_results_page_get_n_stats_rows (ib_window_get_results_page (win)),
                      ==, 2);
  }

  /* JSON, then open it again in a fresh window: shown as if just run. */
  g_action_group_activate_action (G_ACTION_GROUP (win), "export",
                                  g_variant_new ("(ss)", "json", json));
  g_assert_true (ib_test_wait_until (exports_done, win, WAIT_TIMEOUT_S));
  g_assert_null (ib_window_get_last_export_error (win));
  gui_destroy_window (win);

  /* As an older version wrote it: one finding in its old wording. */
  {
    g_autoptr(IbReport) old = ib_report_load_json (json, &error);
    GArray *old_findings = ib_findings_new ();
    g_autoptr(IbAnalysis) old_analysis = NULL;

    g_assert_no_error (error);
    ib_findings_add (old_findings, "fastest", "sync-read-all is the fastest: median 1 ms");
    old_analysis = ib_analysis_new_with_findings (old, old_findings);
    g_assert_true (ib_report_save_json (old_analysis, json, &error));
    g_assert_no_error (error);
  }

  win = new_window ();
  g_assert_cmpuint (ib_results_page_get_n_stats_rows (ib_window_get_results_page (win)), ==, 0);
  json_file = g_file_new_for_path (json);
  ib_window_open_file (win, json_file);
  g_assert_true (ib_test_wait_until (has_stats_rows, win, WAIT_TIMEOUT_S));
  g_assert_cmpuint (ib_results_page_get_n_stats_rows (ib_window_get_results_page (win)), ==, 2);
  g_assert_true (action_enabled (win, "export"));
  /* its findings are said again in this version's wording */
  {
    const GArray *findings =
      ib_analysis_get_findings (ib_results_page_get_analysis (ib_window_get_results_page (win)));

    g_assert_cmpuint (findings->len, >, 1);
    for (guint i = 0; i < findings->len; i++)
      g_assert_null (strstr (g_array_index (findings, IbFinding, i).text,
                             "sync-read-all is the fastest"));
  }

  /* Compare the report with itself: a ratio row per strategy. */
  report = ib_results_page_get_report (ib_window_get_results_page (win));
  g_action_group_change_action_state (G_ACTION_GROUP (win), "show-history",
                                      g_variant_new_boolean (TRUE));
  ib_history_page_compare (ib_window_get_history_page (win), report, report);
  g_assert_cmpuint (ib_history_page_get_n_ratio_rows (ib_window_get_history_page (win)), ==, 2);

  /* Export while the comparison is shown writes the comparison chart, the
   * same bytes as the chart library draws for the two reports. */
  {
    g_autofree char *cmp_png = g_build_filename (tmp, "compare.png", NULL);
    g_autofree char *ref_png = g_build_filename (tmp, "compare-ref.png", NULL);
    g_autofree char *cmp_html = g_build_filename (tmp, "compare.html", NULL);
    g_autofree char *got = NULL, *want = NULL;
    g_autoptr(IbComparison) same = ib_test_comparison (report, report);
    gsize got_len = 0, want_len = 0;
    IbChartStyle style;

    g_assert_true (action_enabled (win, "export"));
    g_action_group_activate_action (G_ACTION_GROUP (win), "export",
                                    g_variant_new ("(ss)", "png:800x600@1", cmp_png));
    g_assert_true (ib_test_wait_until (exports_done, win, WAIT_TIMEOUT_S));
    g_assert_null (ib_window_get_last_export_error (win));
    ib_chart_style_init_light (&style);
    g_assert_true (ib_chart_export (&(IbChartRequest) { ib_chart_kind_lookup ("compare"), NULL, same, &style, 800, fit_height (same, &style) }, ib_chart_format_lookup ("png"), ref_png, 1.0, &error));
    g_assert_no_error (error);
    g_assert_true (g_file_get_contents (cmp_png, &got, &got_len, NULL));
    g_assert_true (g_file_get_contents (ref_png, &want, &want_len, NULL));
    g_assert_cmpmem (got, got_len, want, want_len);

    /* The header says what is shown. */
    g_assert_true (has_window_title (GTK_WIDGET (win), "Comparison"));
    g_assert_false (has_window_title (GTK_WIDGET (win), "History"));

    /* The log toggle reaches the chart and its export. */
    {
      g_autofree char *log_png = g_build_filename (tmp, "compare-log.png", NULL);
      g_autofree char *log_ref = g_build_filename (tmp, "compare-log-ref.png", NULL);
      GtkWidget *sw = gui_find_descendant (GTK_WIDGET (ib_window_get_history_page (win)),
                                           GTK_TYPE_SWITCH);

      g_assert_nonnull (sw);
      gtk_switch_set_active (GTK_SWITCH (sw), TRUE);
      g_assert_true (ib_history_page_get_log_scale (ib_window_get_history_page (win)));
      g_action_group_activate_action (G_ACTION_GROUP (win), "export",
                                      g_variant_new ("(ss)", "png:800x600@1", log_png));
      g_assert_true (ib_test_wait_until (exports_done, win, WAIT_TIMEOUT_S));
      g_assert_null (ib_window_get_last_export_error (win));
      style.log_scale = TRUE;
      g_assert_true (ib_chart_export (&(IbChartRequest) { ib_chart_kind_lookup ("compare"), NULL, same, &style, 800, fit_height (same, &style) }, ib_chart_format_lookup ("png"), log_ref, 1.0, &error));
      g_assert_no_error (error);
      g_assert_true (files_equal (log_png, log_ref));
      g_assert_false (files_equal (log_png, cmp_png));
      gtk_switch_set_active (GTK_SWITCH (sw), FALSE);
      style.log_scale = FALSE;
    }

    /* The comparison as a report: HTML with its chart inline, both runs
     * named, and Markdown with its charts in a folder of their own. */
    {
      g_autofree char *cmp_md = g_build_filename (tmp, "compare.md", NULL);
      g_autofree char *cmp_md_png = g_build_filename (tmp, "compare-charts", "reads.png", NULL);
      g_autofree char *cmp_csv = g_build_filename (tmp, "compare.csv", NULL);
      g_autofree char *html = NULL, *md = NULL;

      g_action_group_activate_action (G_ACTION_GROUP (win), "export",
                                      g_variant_new ("(ss)", "html", cmp_html));
      g_assert_true (ib_test_wait_until (exports_done, win, WAIT_TIMEOUT_S));
      g_assert_null (ib_window_get_last_export_error (win));
      g_assert_true (g_file_get_contents (cmp_html, &html, NULL, NULL));
      g_assert_nonnull (strstr (html, "<h1>I/O Bench comparison</h1>"));
      g_assert_nonnull (strstr (html, "<li id=\"run-a\">"));
      g_assert_nonnull (strstr (html, "(A)</li>"));
      g_assert_nonnull (strstr (html, "<figure id=\"chart-compare-reads\""));
      g_assert_nonnull (strstr (html, "<svg"));
      g_assert_nonnull (strstr (html, "<section id=\"reads\">"));
      /* a run against itself: no direction, said once a strategy */
      g_assert_true (strstr (html, "cannot be told apart (ratio 1.0") != NULL ||
                     strstr (html, "too few samples to tell (n = ") != NULL);
      g_assert_null (strstr (html, " faster than "));
      g_assert_null (strstr (html, " slower than "));
      g_assert_true (g_str_has_suffix (html, "</html>\n"));

      g_action_group_activate_action (G_ACTION_GROUP (win), "export",
                                      g_variant_new ("(ss)", "md", cmp_md));
      g_assert_true (ib_test_wait_until (exports_done, win, WAIT_TIMEOUT_S));
      g_assert_null (ib_window_get_last_export_error (win));
      g_assert_true (g_file_get_contents (cmp_md, &md, NULL, NULL));
      g_assert_true (g_str_has_prefix (md, "# I/O Bench comparison\n"));
      g_assert_nonnull (strstr (md, "(compare-charts/reads.png)"));
      g_assert_true (g_file_test (cmp_md_png, G_FILE_TEST_IS_REGULAR));

      /* CSV and JSON belong to one run: refused with a reason, nothing written */
      g_action_group_activate_action (G_ACTION_GROUP (win), "export",
                                      g_variant_new ("(ss)", "csv", cmp_csv));
      g_assert_true (ib_test_wait_until (exports_done, win, WAIT_TIMEOUT_S));
      g_assert_nonnull (ib_window_get_last_export_error (win));
      g_assert_nonnull (strstr (ib_window_get_last_export_error (win), "HTML or Markdown"));
      g_assert_false (g_file_test (cmp_csv, G_FILE_TEST_EXISTS));
      g_assert_nonnull (gui_find_message_dialog (FALSE));
      close_message_dialogs ();
    }
  }

  /* Two runs that share their dispatch overhead too: the chart can show it,
   * and export draws the part shown. */
  {
    g_autoptr(IbReport) x = ib_report_copy (report);
    g_autoptr(IbReport) y = ib_report_copy (report);
    g_autofree char *part_png = g_build_filename (tmp, "compare-overhead.png", NULL);
    g_autofree char *part_ref = g_build_filename (tmp, "compare-overhead-ref.png", NULL);
    IbHistoryPage *history = ib_window_get_history_page (win);
    g_autoptr(IbComparison) pair = NULL;
    IbChartStyle style;

    for (guint i = 0; i < 2; i++)
      {
        IbOverheadRow row = { g_strdup ("gtask"), 1000, 5, 100.0 * (i + 1), 95.0 * (i + 1),
                              105.0 * (i + 1), 40 };

        g_array_append_val ((i == 0 ? x : y)->overhead, row);
      }
    ib_history_page_compare (history, x, y);
    pair = ib_test_comparison (x, y);
    g_assert_cmpuint (ib_history_page_get_n_ratio_rows (history), ==,
                      x->statistics->len + 1);
    g_assert_cmpint (ib_history_page_get_chart_part (history), ==, IB_COMPARE_CHART_READS);
    g_assert_false (ib_history_page_set_chart_part (history, IB_COMPARE_CHART_WRITE_UNLINK));
    g_assert_true (ib_history_page_set_chart_part (history, IB_COMPARE_CHART_OVERHEAD));
    g_assert_cmpint (ib_history_page_get_chart_part (history), ==, IB_COMPARE_CHART_OVERHEAD);
    /* always log there: the switch has nothing to do */
    {
      GtkWidget *sw = gui_find_descendant (GTK_WIDGET (history), GTK_TYPE_SWITCH);

      g_assert_false (gtk_widget_get_sensitive (sw));
      g_assert_true (ib_history_page_set_chart_part (history, IB_COMPARE_CHART_READS));
      g_assert_true (gtk_widget_get_sensitive (sw));
      g_assert_true (ib_history_page_set_chart_part (history, IB_COMPARE_CHART_OVERHEAD));
    }
    /* a screen reader hears the verdicts of the part shown */
    {
      GtkWidget *view = gui_find_descendant (GTK_WIDGET (history), IB_TYPE_CHART_VIEW);
      g_autofree char *description = NULL;

      g_assert_nonnull (view);
      g_assert_true (gtk_test_accessible_has_property (GTK_ACCESSIBLE (view),
                                                       GTK_ACCESSIBLE_PROPERTY_DESCRIPTION));
      description = gtk_test_accessible_check_property (GTK_ACCESSIBLE (view),
                                                        GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                                        "\x01");
      g_assert_nonnull (description);
      g_test_message ("compare description: %s", description);
      g_assert_true (g_str_has_prefix (description, "Dispatch overhead, B against A. A: "));
      /* each side's median, then the verdict */
      g_assert_nonnull (strstr (description,
                                " GTask + dispatch: A 100 ns, B 200 ns; B 2.0x slower than A."));
    }
    g_action_group_activate_action (G_ACTION_GROUP (win), "export",
                                    g_variant_new ("(ss)", "png:800x600@1", part_png));
    g_assert_true (ib_test_wait_until (exports_done, win, WAIT_TIMEOUT_S));
    g_assert_null (ib_window_get_last_export_error (win));
    ib_chart_style_init_light (&style);
    style.compare = IB_COMPARE_CHART_OVERHEAD;
    g_assert_true (ib_chart_export (&(IbChartRequest) { ib_chart_kind_lookup ("compare"), NULL, pair, &style, 800, fit_height (pair, &style) }, ib_chart_format_lookup ("png"), part_ref, 1.0, &error));
    g_assert_no_error (error);
    g_assert_true (files_equal (part_png, part_ref));
  }

  /* A malformed report: a dialog with the loader's message, nothing else. */
  {
    g_autofree char *bad = g_build_filename (tmp, "bad.json", NULL);
    g_autoptr(GFile) bad_file = g_file_new_for_path (bad);

    g_assert_true (g_file_set_contents (bad, "{\"schema\": \"nope\"", -1, NULL));
    ib_window_open_file (win, bad_file);
    g_assert_true (ib_test_wait_until (dialog_shown, NULL, WAIT_TIMEOUT_S));
    g_assert_nonnull (ib_window_get_last_open_error (win));
    close_message_dialogs ();
  }

  /* A picture opened as a report: said plainly, not as a JSON error. */
  {
    g_autoptr(GFile) png_file = g_file_new_for_path (png);

    ib_window_open_file (win, png_file);
    g_assert_true (ib_test_wait_until (dialog_shown, NULL, WAIT_TIMEOUT_S));
    g_assert_nonnull (ib_window_get_last_open_error (win));
    g_assert_nonnull (strstr (ib_window_get_last_open_error (win),
                              "a PNG image, not an I/O Bench report; open the .json report"));
    g_assert_null (strstr (ib_window_get_last_open_error (win), "line 1"));
    close_message_dialogs ();
    g_assert_cmpuint (ib_results_page_get_n_stats_rows (ib_window_get_results_page (win)),
                      ==, 2);
    g_assert_cmpuint (ib_results_page_get_n_stats_rows (ib_window_get_results_page (win)),
                      ==, 2);
  }
  gui_destroy_window (win);

  ib_test_remove_tree (tmp);
}

static void
test_stop (void)
{
  const char *strategies[] = { "sync-read-all", "sync-load-contents", "async-read-all-serial",
                               "async-load-contents-parallel", NULL };
  g_autofree char *tmp = ib_test_make_tmpdir ("iobench-gui-XXXXXX");
  IbWindow *win;
  IbReport *report;

  g_assert_nonnull (tmp);
  win = new_window ();
  /* Big enough never to finish before the stop: 8 x 8 MiB, 200 rounds. */
  set_plan (win, tmp, "8", "8M", strategies, 200);
  g_assert_true (action_enabled (win, "run"));
  g_action_group_activate_action (G_ACTION_GROUP (win), "run", NULL);
  g_assert_true (ib_test_wait_until (has_samples, win, WAIT_TIMEOUT_S));
  report = ib_results_page_get_report (ib_window_get_results_page (win));
  if (!ib_run_controller_get_running (ib_window_get_controller (win)))
    g_test_message ("run ended early: %s", report->error ? report->error : "no error");
  g_assert_true (ib_run_controller_get_running (ib_window_get_controller (win)));
  g_assert_true (action_enabled (win, "stop"));
  /* While the run goes on, the answer card is one line: no "too few
   * samples ... run more repetitions" and no list under it. */
  {
    IbResultsPage *page = ib_window_get_results_page (win);

    g_assert_true (ib_test_wait_until (has_answer, win, WAIT_TIMEOUT_S));
    g_assert_true (ib_run_controller_get_running (ib_window_get_controller (win)));
    g_assert_null (ib_results_page_get_answer_details (page));
    g_assert_null (strstr (ib_results_page_get_answer (page), "run more repetitions"));
  }

  g_action_group_activate_action (G_ACTION_GROUP (win), "stop", NULL);
  g_assert_true (ib_run_controller_get_stopping (ib_window_get_controller (win)));
  g_assert_false (action_enabled (win, "stop"));
  g_assert_true (ib_test_wait_until (not_running, win, WAIT_TIMEOUT_S));

  report = ib_results_page_get_report (ib_window_get_results_page (win));
  g_assert_nonnull (report);
  g_assert_true (report->partial);
  g_assert_cmpuint (report->samples->len, >, 0);
  /* Stopping is not failing: a neutral note, not the red error bar. */
  g_assert_true (ib_results_page_get_stopped (ib_window_get_results_page (win)));
  g_assert_cmpuint (count_iobench_dirs (tmp), ==, 0);
  g_assert_true (action_enabled (win, "run"));
  gui_destroy_window (win);

  ib_test_remove_tree (tmp);
}

static void
test_bad_input (void)
{
  const char *strategies[] = { "sync-read-all", NULL };
  g_autofree char *tmp = ib_test_make_tmpdir ("iobench-gui-XXXXXX");
  IbWindow *win = new_window ();
  IbPlanPage *plan = ib_window_get_plan_page (win);
  const char *reason;

  set_plan (win, tmp, "2", "64K", strategies, 2);
  g_assert_true (action_enabled (win, "run"));
  g_assert_null (ib_plan_page_get_field_error (plan, IB_PLAN_FIELD_SIZE));

  /* A size with a unit the parser does not know. */
  ib_plan_page_set_field_text (plan, IB_PLAN_FIELD_SIZE, "12Q");
  g_assert_false (action_enabled (win, "run"));
  reason = ib_plan_page_get_field_error (plan, IB_PLAN_FIELD_SIZE);
  g_assert_nonnull (reason);
  g_assert_nonnull (strstr (reason, "12Q"));
  /* The message beside the field names no CLI option ... */
  g_assert_false (g_str_has_prefix (reason, "size"));
  g_assert_false (ib_plan_page_get_valid (plan));
  /* ... and the reason Run is off names the field by its title. */
  g_assert_nonnull (strstr (ib_plan_page_get_error (plan), "12Q"));

  /* Fixed: Run comes back and the reason goes away. */
  ib_plan_page_set_field_text (plan, IB_PLAN_FIELD_SIZE, "64K");
  g_assert_true (action_enabled (win, "run"));
  g_assert_null (ib_plan_page_get_field_error (plan, IB_PLAN_FIELD_SIZE));

  /* Zero files. */
  ib_plan_page_set_field_text (plan, IB_PLAN_FIELD_COUNT, "0");
  g_assert_false (action_enabled (win, "run"));
  g_assert_nonnull (ib_plan_page_get_field_error (plan, IB_PLAN_FIELD_COUNT));
  ib_plan_page_set_field_text (plan, IB_PLAN_FIELD_COUNT, "2");

  /* A list with a bad entry. */
  ib_plan_page_set_list_mode (plan, TRUE);
  ib_plan_page_set_field_text (plan, IB_PLAN_FIELD_LIST, "64K,banana");
  g_assert_false (action_enabled (win, "run"));
  reason = ib_plan_page_get_field_error (plan, IB_PLAN_FIELD_LIST);
  g_assert_nonnull (reason);
  g_assert_nonnull (strstr (reason, "banana"));
  ib_plan_page_set_field_text (plan, IB_PLAN_FIELD_LIST, "64K,128K");
  g_assert_true (action_enabled (win, "run"));

  /* No strategy at all. */
  ib_plan_page_set_strategies (plan, NULL);
  g_assert_false (action_enabled (win, "run"));
  ib_plan_page_set_strategies (plan, strategies);
  g_assert_true (action_enabled (win, "run"));

  /* A seed that is not a number. */
  ib_plan_page_set_field_text (plan, IB_PLAN_FIELD_SEED, "-1");
  g_assert_false (action_enabled (win, "run"));
  g_assert_nonnull (ib_plan_page_get_field_error (plan, IB_PLAN_FIELD_SEED));

  /* Picking a preset again replaces the bad fields with its own. */
  ib_plan_page_select_preset (plan, "quick");
  g_assert_true (ib_plan_page_get_valid (plan));
  g_assert_true (action_enabled (win, "run"));
  for (guint i = 0; i < IB_N_PLAN_FIELDS; i++)
    g_assert_null (ib_plan_page_get_field_error (plan, i));

  gui_destroy_window (win);
  ib_test_remove_tree (tmp);
}

static gboolean
space_known (gpointer data)
{
  return ib_plan_page_get_space_known (data);
}

static void
test_no_space (void)
{
  const char *strategies[] = { "sync-read-all", NULL };
  g_autofree char *tmp = ib_test_make_tmpdir ("iobench-gui-XXXXXX");
  IbWindow *win = new_window ();
  IbPlanPage *plan = ib_window_get_plan_page (win);
  const char *reason;

  /* 100000 files of 64 GiB fit on no disk: refused before Run, not after. */
  set_plan (win, tmp, "100000", "64G", strategies, 1);
  g_assert_true (ib_test_wait_until (space_known, plan, WAIT_TIMEOUT_S));
  g_assert_false (ib_plan_page_get_valid (plan));
  g_assert_false (action_enabled (win, "run"));
  reason = ib_plan_page_get_error (plan);
  g_assert_nonnull (reason);
  g_assert_nonnull (strstr (reason, "free space"));
  g_action_group_activate_action (G_ACTION_GROUP (win), "run", NULL);
  g_assert_false (ib_run_controller_get_running (ib_window_get_controller (win)));
  g_assert_cmpuint (count_iobench_dirs (tmp), ==, 0);

  /* Small files fit again; the folder's space is read again on request. */
  ib_plan_page_set_field_text (plan, IB_PLAN_FIELD_SIZE, "64K");
  g_assert_true (ib_plan_page_get_valid (plan));
  g_assert_true (action_enabled (win, "run"));
  ib_plan_page_refresh_space (plan);
  g_assert_true (ib_test_wait_until (space_known, plan, WAIT_TIMEOUT_S));
  g_assert_true (ib_plan_page_get_valid (plan));
  gui_destroy_window (win);
  ib_test_remove_tree (tmp);
}

static gboolean
run_off (gpointer data)
{
  return !action_enabled (data, "run");
}

static gboolean
run_on (gpointer data)
{
  return action_enabled (data, "run");
}

static void
test_failed_run (void)
{
  const char *strategies[] = { "sync-read-all", NULL };
  g_autofree char *tmp = ib_test_make_tmpdir ("iobench-gui-XXXXXX");
  g_autofree char *missing = g_build_filename (tmp, "no-such-folder", NULL);
  IbWindow *win = new_window ();
  IbReport *report;

  /* A folder that vanished after it was chosen: the run fails with a
   * message in the results (no dialog); the window stays usable. */
  set_plan (win, missing, "2", "64K", strategies, 2);
  g_assert_true (action_enabled (win, "run"));
  g_action_group_activate_action (G_ACTION_GROUP (win), "run", NULL);
  g_assert_true (ib_test_wait_until (not_running, win, WAIT_TIMEOUT_S));
  report = ib_results_page_get_report (ib_window_get_results_page (win));
  g_assert_nonnull (report);
  g_assert_nonnull (report->error);
  g_assert_false (g_file_test (missing, G_FILE_TEST_EXISTS));
  g_assert_null (gui_find_message_dialog (FALSE));
  /* Run is off now, the folder known to be missing; back with a good one */
  g_assert_true (ib_test_wait_until (run_off, win, WAIT_TIMEOUT_S));
  ib_plan_page_set_dir (ib_window_get_plan_page (win), tmp);
  g_assert_true (ib_test_wait_until (run_on, win, WAIT_TIMEOUT_S));
  gui_destroy_window (win);
  ib_test_remove_tree (tmp);
}

static void
test_presets_valid (void)
{
  IbWindow *win = new_window ();
  IbPlanPage *plan = ib_window_get_plan_page (win);
  const char *ids[] = { "quick", "small-files", "dispatch-overhead", "write-delete", "big-files" };

  /* Every preset as shipped can be run straight away. */
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      g_autoptr(IbPlan) want = ib_preset_plan (ids[i], NULL);
      g_autoptr(IbPlan) got = NULL;

      ib_plan_page_select_preset (plan, ids[i]);
      g_assert_true (ib_plan_page_get_valid (plan));
      g_assert_true (action_enabled (win, "run"));

      /* No strategy of the preset is dropped (quick names a direct variant). */
      got = ib_plan_page_build_plan (plan, NULL);
      g_assert_nonnull (want);
      g_assert_nonnull (got);
      g_assert_cmpuint (got->strategies->len, ==, want->strategies->len);
      /* ... nor its time budget: quick's and big-files's decision phase */
      g_assert_cmpuint (got->budget_s, ==, want->budget_s);
      for (guint j = 0; j < want->strategies->len; j++)
        g_assert_true (g_ptr_array_find_with_equal_func (got->strategies,
                                                         g_ptr_array_index (want->strategies, j),
                                                         g_str_equal, NULL));
    }

  /* The About window and the shortcuts window open. */
  g_action_group_activate_action (G_ACTION_GROUP (app), "about", NULL);
  g_assert_true (close_toplevels (ADW_TYPE_ABOUT_WINDOW) == 1);
  g_action_group_activate_action (G_ACTION_GROUP (win), "show-help-overlay", NULL);
  g_assert_true (close_toplevels (GTK_TYPE_SHORTCUTS_WINDOW) == 1);
  gui_destroy_window (win);
}


/* The one Tab stop @focus belongs to: its list or table, or itself. */
static GtkWidget *
tab_stop_of (GtkWidget *focus)
{
  GtkWidget *group = gtk_widget_get_ancestor (focus, IB_TYPE_TAB_STOP);

  if (group == NULL)
    group = gtk_widget_get_ancestor (focus, IB_TYPE_STATS_TABLE);
  return group != NULL ? group : focus;
}

static void
test_tab_stops (void)
{
  const char *strategies[] = { "sync-read-all", "sync-load-contents", "sync-stream", "mmap",
                               "async-read-all-serial", "async-load-contents-parallel", NULL };
  g_autofree char *tmp = ib_test_make_tmpdir ("iobench-gui-XXXXXX");
  IbWindow *win = new_window ();
  GtkWidget *results = GTK_WIDGET (ib_window_get_results_page (win));
  g_autoptr(GPtrArray) stops = NULL;
  guint last_in_page = 0, in_page = 0, in_table = 0, findings = 0, checks = 0;

  set_plan (win, tmp, "2", "64K", strategies, 5);
  g_action_group_activate_action (G_ACTION_GROUP (win), "run", NULL);
  /* Every strategy has its row as soon as the run starts:
   * the first round fills them in, inserts none. */
  g_assert_true (ib_run_controller_get_running (ib_window_get_controller (win)));
  g_assert_cmpuint (ib_results_page_get_n_stats_rows (ib_window_get_results_page (win)), ==, 6);
  g_assert_true (ib_test_wait_until (has_stats_rows, win, WAIT_TIMEOUT_S));
  g_assert_cmpuint (ib_results_page_get_n_stats_rows (ib_window_get_results_page (win)), ==, 6);
  ib_test_spin (200);

  stops = gui_walk_tab_stops (win, "win.run", GTK_DIR_TAB_FORWARD);
  for (guint i = 0; i < stops->len; i++)
    {
      GtkWidget *focus = g_ptr_array_index (stops, i);

      g_test_message ("stop %u: %s", i + 1, G_OBJECT_TYPE_NAME (focus));
      if (GTK_IS_CHECK_BUTTON (focus))
        checks++;
      if (!gtk_widget_is_ancestor (focus, results))
        continue;
      last_in_page = i + 1;
      in_page++;
      if (gtk_widget_get_ancestor (focus, IB_TYPE_STATS_TABLE) != NULL)
        in_table++;
      if (GTK_IS_LIST_BOX_ROW (focus))
        findings++;
    }
  g_test_message ("%u presses from Run to the results' last stop, %u stops in the results",
                  last_in_page, in_page);
  /* One stop per list and table, none for rows that only show something.
   * Before: a row and its check button per strategy (40 stops for the plan's
   * 20 strategies), a stop per statistics row and per finding: 83 presses
   * from Run to the end of the results, 22 of them in the results. */
  g_assert_cmpuint (checks, ==, 0);
  g_assert_cmpuint (in_table, ==, 1);
  g_assert_cmpuint (findings, ==, 1);
  g_assert_cmpuint (in_page, <=, 10);
  /* 35 before the plan showed its parts as rows with an on/off switch
   * each: reads, sweep, overhead and write+delete made it 39, the size x
   * count map 41, and the time budget, a control since, 42 (the rows of a
   * preset's absent parts are hidden). */
  g_assert_cmpuint (last_in_page, <=, 42);

  /* Shift+Tab goes through the same stops backwards (none traps it); a
   * list is entered at its last row then. */
  {
    g_autoptr(GPtrArray) back = gui_walk_tab_stops (win, "win.run", GTK_DIR_TAB_BACKWARD);

    g_assert_cmpuint (back->len, ==, stops->len);
    for (guint i = 0; i < back->len; i++)
      g_assert_true (tab_stop_of (g_ptr_array_index (back, i)) ==
                     tab_stop_of (g_ptr_array_index (stops, stops->len - 1 - i)));
  }
  gui_destroy_window (win);
  ib_test_remove_tree (tmp);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *home = NULL;

  app = gui_test_init (&argc, &argv, &home);
  g_assert_nonnull (ib_application_get_settings (app));

  g_test_add_func ("/gui/bad-input", test_bad_input);
  g_test_add_func ("/gui/presets-valid", test_presets_valid);
  g_test_add_func ("/gui/run-export-reopen", test_run_export_reopen);
  g_test_add_func ("/gui/stop", test_stop);
  g_test_add_func ("/gui/failed-run", test_failed_run);
  g_test_add_func ("/gui/no-space", test_no_space);
  g_test_add_func ("/gui/tab-stops", test_tab_stops);

  return gui_test_run (&app, home);
}
