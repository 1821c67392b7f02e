/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-truth-gui.c: what the window says is true. Under Xvfb:
 *  - a comparison of a warm run with a cold one names each run's cache mode
 *    on the page, in the chart's subtitle and in its legend (#3);
 *  - every chart's accessible description is its own kind's, with its own
 *    data, each strategy once (#4), read from the accessibility tree;
 *  - the plan page shows every part of a preset with its parameters, and
 *    they can be edited (Deliver 5, #8), and the disk space it uses (#7);
 *  - the history headlines a saved run with its answer's decided line, or
 *    only its lowest median, never "Fastest" beside an undecided answer. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>
#include <adwaita.h>
#include <gtk/gtk.h>

#include "analysis/ib-labels.h"
#include "chart-fixtures.h"
#include "chart/ib-chart-private.h"
#include "engine/io/ib-strategy.h"
#include "engine/model/ib-format.h"
#include "engine/model/ib-map.h"
#include "engine/workloads/ib-workloads.h"
#include "ib-application.h"
#include "ib-chart-view.h"
#include "ib-export.h"
#include "ib-history-page.h"
#include "ib-window.h"
#include "report/ib-report-io.h"
#include "gui-common.h"
#include "ib-test-common.h"
#include "ib-test-writers.h"

#define WAIT_TIMEOUT_S 60    /* a guard against hangs, not a speed test */

static IbApplication *app;

static IbWindow *
new_window (int width)
{
  return gui_new_window (app, width, 900, 200);
}

/* The accessible description as the accessibility tree holds it: GTK's
 * test API answers with the value it has when it differs from the one
 * asked (a string nobody would write). */
static char *
accessible_description (GtkWidget *widget)
{
  char *value = gtk_test_accessible_check_property (GTK_ACCESSIBLE (widget),
                                                    GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                                    "\x01 not a description");

  g_assert_nonnull (value);
  return value;
}

static guint
count_occurrences (const char *haystack,
                   const char *needle)
{
  guint n = 0;

  for (const char *p = strstr (haystack, needle); p != NULL; p = strstr (p + 1, needle))
    n++;
  return n;
}

static char *
save_fixture (IbReport   *report,
              const char *dir,
              const char *name)
{
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (dir, name, NULL);

  g_assert_true (ib_test_save_json (report, path, &error));
  g_assert_no_error (error);
  return path;
}

static IbReport *
load (const char *path)
{
  g_autoptr(GError) error = NULL;
  IbReport *report = ib_report_load_json (path, &error);

  g_assert_no_error (error);
  return report;
}

/* ---- #3: the comparison names each run's cache mode ------------------- */

static void
test_compare_cache_modes (void)
{
  g_autofree char *dir = ib_test_make_tmpdir ("iobench-truth-XXXXXX");
  g_autoptr(IbReport) warm = fixture_full ();
  g_autoptr(IbReport) cold = fixture_other ();
  g_autofree char *warm_path = NULL, *cold_path = NULL;
  g_autoptr(IbReport) a = NULL, b = NULL;
  g_autoptr(IbComparison) pair = NULL;
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  g_autoptr(GPtrArray) views = g_ptr_array_new ();
  g_autoptr(GPtrArray) texts = NULL;
  g_autofree char *description = NULL;
  const char *subtitle = NULL;
  IbChartView *view = NULL;
  IbChartStyle style;
  cairo_surface_t *surface;
  cairo_t *cr;
  gboolean subtitle_ok = FALSE, legend_a = FALSE, legend_b = FALSE;
  IbWindow *win;
  GtkWidget *history;

  warm->plan->cache = IB_CACHE_WARM;
  cold->plan->cache = IB_CACHE_COLD;
  warm_path = save_fixture (warm, dir, "warm.json");
  cold_path = save_fixture (cold, dir, "cold.json");
  a = load (warm_path);
  b = load (cold_path);

  win = new_window (1280);
  history = GTK_WIDGET (ib_window_get_history_page (win));
  /* As the user gets there: the history pane shown, then two runs compared. */
  g_action_group_change_action_state (G_ACTION_GROUP (win), "show-history",
                                      g_variant_new_boolean (TRUE));
  ib_test_spin (200);
  ib_history_page_compare (IB_HISTORY_PAGE (history), a, b);
  ib_test_spin (300);

  /* The page's subtitle: each run once, with its own cache mode. */
  gui_collect (history, GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    {
      const char *text = gtk_label_get_text (g_ptr_array_index (labels, i));

      if (g_str_has_prefix (text, "A: ") && strstr (text, "\nB: ") != NULL)
        subtitle = text;
    }
  g_assert_nonnull (subtitle);
  g_test_message ("page subtitle: %s", subtitle);
  {
    g_auto(GStrv) lines = g_strsplit (subtitle, "\n", -1);

    g_assert_cmpuint (g_strv_length (lines), >=, 2);
    g_assert_nonnull (strstr (lines[0], "warm cache"));
    g_assert_null (strstr (lines[0], "cold cache"));
    g_assert_nonnull (strstr (lines[1], "cold cache"));
    g_assert_null (strstr (lines[1], "warm cache"));
  }

  /* The chart as the view draws it: the subtitle says A's and B's cache,
   * and each legend entry its run's. */
  gui_collect (history, IB_TYPE_CHART_VIEW, views);
  for (guint i = 0; i < views->len; i++)
    if (ib_chart_view_get_kind (g_ptr_array_index (views, i))->two_runs)
      view = g_ptr_array_index (views, i);
  g_assert_nonnull (view);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (view)));
  ib_chart_view_get_style (view, &style);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1200, 800);
  cr = cairo_create (surface);
  pair = ib_test_comparison (a, b);
  texts = ib_chart_draw_texts (cr, &(IbChartRequest) { ib_chart_kind_lookup ("compare"), NULL, pair, &style, 1200, 800 });
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  for (guint i = 0; i < texts->len; i++)
    {
      const char *text = ((IbChartText *) g_ptr_array_index (texts, i))->text;

      g_test_message ("drawn: %s", text);
      if (strstr (text, "each verdict is B against A") != NULL)
        {
          g_assert_null (strstr (text, "· warm cache ·"));
          subtitle_ok = strstr (text, "A: warm cache, B: cold cache") != NULL;
        }
      if (g_str_has_prefix (text, "A: ") && strstr (text, "workstation") != NULL)
        legend_a = strstr (text, "warm cache") != NULL && strstr (text, "cold cache") == NULL;
      if (g_str_has_prefix (text, "B: ") && strstr (text, "laptop") != NULL)
        legend_b = strstr (text, "cold cache") != NULL && strstr (text, "warm cache") == NULL;
    }
  g_assert_true (subtitle_ok);
  g_assert_true (legend_a);
  g_assert_true (legend_b);

  /* A screen reader hears the same. */
  description = accessible_description (GTK_WIDGET (view));
  g_test_message ("compare description: %s", description);
  g_assert_true (g_str_has_prefix (description, "Whole-file reads, B against A."));
  g_assert_nonnull (strstr (description, "warm cache"));
  g_assert_nonnull (strstr (description, "cold cache"));

  gui_destroy_window (win);
  g_assert_true (ib_test_remove_tree (dir));
}

/* ---- #4: each chart described as its kind, with its data -------------- */

static gboolean
report_shown (IbWindow *win)
{
  return ib_results_page_get_n_stats_rows (ib_window_get_results_page (win)) > 0;
}

/* Every strategy of @report with a value is named exactly once, with
 * @value_of's text right after its name. */
static void
assert_rows (const char     *description,
             const IbReport *report,
             char         *(*value_of) (const IbStats *st))
{
  for (guint i = 0; i < report->statistics->len; i++)
    {
      const IbStats *st = &g_array_index (report->statistics, IbStats, i);
      const char *title = ib_strategy_title (st->strategy);
      g_autofree char *value = NULL;
      g_autofree char *named = NULL;

      g_assert_cmpuint (count_occurrences (description, title), >=, 1);
      if (st->n == 0 || value_of == NULL)
        continue;
      value = value_of (st);
      named = g_strdup_printf ("%s %s", title, value);
      if (strstr (description, named) == NULL)
        g_error ("“%s” not in “%s”", named, description);
    }
}

static char *
median_text (const IbStats *st)
{
  return ib_chart_format_time (st->median_ns);
}

static char *
rate_text (const IbStats *st)
{
  return ib_chart_format_rate (st->mib_per_s);
}

static char *
stall_text (const IbStats *st)
{
  return st->n_responsive > 0 ? ib_chart_format_time (st->stall_ns) : NULL;
}

/* A strategy's title occurs once as a name: not twice (the direct variant
 * named like its plain one), and not as a part of a longer name only. */
static void
assert_each_once (const char     *description,
                  const IbReport *report)
{
  for (guint i = 0; i < report->statistics->len; i++)
    {
      const char *title = ib_strategy_title (g_array_index (report->statistics, IbStats,
                                                            i).strategy);
      guint longer = 0;

      for (guint j = 0; j < report->statistics->len; j++)
        {
          const char *other = ib_strategy_title (g_array_index (report->statistics, IbStats,
                                                                j).strategy);

          if (j != i && strstr (other, title) != NULL)
            longer += count_occurrences (description, other);
        }
      g_assert_cmpuint (count_occurrences (description, title) - longer, ==, 1);
    }
}


/* The kinds of one run the results page shows, as this test checks them. */
typedef enum
{
  K_STRATEGIES,
  K_THROUGHPUT,
  K_CPU,
  K_STALL,
  K_LATENCY,
  K_OVERHEAD,
  K_SWEEP,
  K_MAP,
  K_OTHER,
  K_N
} TruthKind;

static TruthKind
truth_kind (const IbChartKindInfo *kind)
{
  static const char * const ids[] = {
    "strategies",
    "throughput",
    "cpu",
    "stall",
    "latency",
    "overhead",
    "sweep",
    "map",
  };

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    if (g_str_equal (kind->id, ids[i]))
      return (TruthKind) i;
  return K_OTHER;
}

static void
test_chart_descriptions (void)
{
  g_autofree char *dir = ib_test_make_tmpdir ("iobench-truth-XXXXXX");
  g_autoptr(IbReport) fixture = fixture_full ();
  g_autofree char *path = NULL;
  g_autoptr(IbReport) report = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GPtrArray) views = g_ptr_array_new ();
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  gboolean kinds[K_N] = {
    FALSE,
  };
  IbWindow *win;
  gint64 end;

  path = save_fixture (fixture, dir, "full.json");
  report = load (path);
  win = new_window (1280);
  file = g_file_new_for_path (path);
  ib_window_open_file (win, file);
  end = g_get_monotonic_time () + WAIT_TIMEOUT_S * G_USEC_PER_SEC;
  while (!report_shown (win) && g_get_monotonic_time () < end)
    ib_test_spin (20);
  g_assert_true (report_shown (win));
  ib_test_spin (200);

  gui_collect (GTK_WIDGET (ib_window_get_results_page (win)), IB_TYPE_CHART_VIEW, views);
  g_assert_cmpuint (views->len, >=, 7);
  for (guint i = 0; i < views->len; i++)
    {
      GtkWidget *view = g_ptr_array_index (views, i);
      const IbChartKindInfo *kind = ib_chart_view_get_kind (IB_CHART_VIEW (view));
      g_autofree char *text = accessible_description (view);

      g_test_message ("%s: %s", kind->id, text);
      /* No two charts are described alike. */
      g_assert_false (g_hash_table_contains (seen, text));
      g_hash_table_add (seen, g_strdup (text));
      kinds[truth_kind (kind)] = TRUE;
      switch (truth_kind (kind))
        {
        case K_STRATEGIES:
          g_assert_true (g_str_has_prefix (text, "Median read time, fastest first: "));
          assert_rows (text, report, median_text);
          assert_each_once (text, report);
          break;
        case K_THROUGHPUT:
          g_assert_true (g_str_has_prefix (text, "Median throughput, fastest first: "));
          assert_rows (text, report, rate_text);
          assert_each_once (text, report);
          break;
        case K_CPU:
          g_assert_true (g_str_has_prefix (text, "CPU time against wall time per read"));
          assert_rows (text, report, NULL);
          assert_each_once (text, report);
          for (guint j = 0; j < report->statistics->len; j++)
            {
              const IbStats *st = &g_array_index (report->statistics, IbStats, j);
              g_autofree char *wall = ib_chart_format_time (st->median_ns);
              g_autofree char *user = ib_chart_format_time (st->user_ns);
              g_autofree char *named = g_strdup_printf ("%s: wall %s, CPU user %s",
                                                        ib_strategy_title (st->strategy),
                                                        wall, user);

              if (st->n > 0)
                g_assert_nonnull (strstr (text, named));
            }
          break;
        case K_STALL:
          g_assert_true (g_str_has_prefix (text, "Median longest main-loop stall per read"));
          assert_rows (text, report, stall_text);
          assert_each_once (text, report);
          break;
        case K_LATENCY:
          g_assert_true (g_str_has_prefix (text, "Latency of one write + delete: "));
          for (guint m = 0; m < report->write_unlink->modes->len; m++)
            {
              const IbWriteUnlinkMode *mode = &g_array_index (report->write_unlink->modes,
                                                              IbWriteUnlinkMode, m);
              g_autofree char *p50 = ib_chart_format_time ((double) mode->percentiles_ns[0]);
              g_autofree char *named = g_strdup_printf ("%s: half took %s or less",
                                                        ib_write_unlink_mode_title (mode->mode),
                                                        p50);

              g_assert_nonnull (strstr (text, named));
            }
          break;
        case K_OVERHEAD:
          g_assert_true (g_str_has_prefix (text, "Median time per operation, cheapest first: "));
          for (guint k = 0; k < report->overhead->len; k++)
            {
              const IbOverheadRow *o = &g_array_index (report->overhead, IbOverheadRow, k);
              g_autofree char *ns = ib_chart_format_time (o->ns_per_op);
              g_autofree char *named = g_strdup_printf ("%s %s",
                                                        ib_overhead_kind_title (o->kind), ns);

              g_assert_nonnull (strstr (text, named));
            }
          break;
        case K_SWEEP:
          g_assert_true (g_str_has_prefix (text, "Median read time as the file"));
          for (guint k = 0; k < report->sweep->points->len; k++)
            {
              const IbSweepPoint *p = &g_array_index (report->sweep->points, IbSweepPoint, k);
              g_autofree char *m = ib_chart_format_time (p->median_ns);

              g_assert_nonnull (strstr (text, ib_strategy_title (p->strategy)));
              g_assert_nonnull (strstr (text, m));
            }
          {
            g_autofree char *crossover = ib_sweep_crossover_text (report->sweep);

            g_assert_nonnull (strstr (text, crossover != NULL ? crossover : "No crossover."));
          }
          break;
        case K_MAP:
          /* every cell of the map named, with its size and its count */
          g_assert_nonnull (report->map);
          for (guint c = 0; c < report->map->cells->len; c++)
            {
              const IbMapCell *cell = &g_array_index (report->map->cells, IbMapCell, c);
              g_autofree char *size = ib_chart_format_bytes ((double) cell->size);
              g_autofree char *count = ib_format_count (cell->count);
              g_autofree char *named = g_strdup_printf ("%s x %s %s", size, count,
                                                        cell->count == 1 ? "file" : "files");

              g_assert_nonnull (strstr (text, named));
            }
          break;
        case K_OTHER:
        case K_N:
        default:
          g_assert_not_reached ();
        }
    }
  /* Every kind the results page shows had its own text. */
  g_assert_true (kinds[K_STRATEGIES] && kinds[K_THROUGHPUT] &&
                 kinds[K_CPU] && kinds[K_STALL] && kinds[K_LATENCY] &&
                 kinds[K_OVERHEAD] && kinds[K_SWEEP] && kinds[K_MAP]);

  gui_destroy_window (win);
  g_assert_true (ib_test_remove_tree (dir));
}


/* ---- Deliver 5: the plan page shows every part, editable -------------- */

static const char *
subtitle_of (GtkWidget *row)
{
  g_assert_nonnull (row);
  if (ADW_IS_EXPANDER_ROW (row))
    return adw_expander_row_get_subtitle (ADW_EXPANDER_ROW (row));
  return adw_action_row_get_subtitle (ADW_ACTION_ROW (row));
}

static gboolean
part_on (GtkWidget *row)
{
  g_assert_true (ADW_IS_EXPANDER_ROW (row));
  return adw_expander_row_get_enable_expansion (ADW_EXPANDER_ROW (row));
}

static void
test_plan_parts (void)
{
  IbWindow *win = new_window (1280);
  IbPlanPage *plan_page = ib_window_get_plan_page (win);
  GtkWidget *page = GTK_WIDGET (plan_page);
  GtkWidget *sweep, *overhead, *wu, *reads, *disk, *files;
  g_autoptr(IbPlan) plan = NULL;
  g_autoptr(GError) error = NULL;

  sweep = gui_find_row (page, "Sweep");
  overhead = gui_find_row (page, "Dispatch overhead");
  wu = gui_find_row (page, "Write + delete");
  reads = gui_find_row (page, "Whole-file reads");
  disk = gui_find_row (page, "Disk space used");
  files = gui_find_row (page, "S_izes");
  g_assert_nonnull (sweep);
  g_assert_nonnull (overhead);
  g_assert_nonnull (wu);
  g_assert_nonnull (reads);
  g_assert_nonnull (disk);
  g_assert_nonnull (files);

  /* Quick: every part, each with its real parameters. */
  ib_plan_page_select_preset (plan_page, "quick");
  ib_test_spin (100);
  g_test_message ("quick: reads “%s”, sweep “%s”, overhead “%s”, w+d “%s”, disk “%s”",
                  subtitle_of (reads), subtitle_of (sweep), subtitle_of (overhead),
                  subtitle_of (wu), subtitle_of (disk));
  g_assert_true (part_on (sweep) && part_on (overhead) && part_on (wu));
  g_assert_true (g_str_has_prefix (subtitle_of (reads), "4 files, 144 MiB"));
  g_assert_nonnull (strstr (subtitle_of (sweep), "1,2,100"));
  g_assert_nonnull (strstr (subtitle_of (overhead), "× 5 repetitions"));
  g_assert_true (g_str_has_prefix (subtitle_of (wu), "500 requests, 500 at once, 4 KiB each"));
  g_assert_true (g_str_has_prefix (subtitle_of (disk), "Up to 144 MiB"));
  g_assert_true (gtk_widget_is_drawable (files));

  /* big-files says how much it writes before Run. */
  ib_plan_page_select_preset (plan_page, "big-files");
  ib_test_spin (100);
  g_test_message ("big-files disk: %s", subtitle_of (disk));
  g_assert_true (g_str_has_prefix (subtitle_of (disk), "Up to 2.25 GiB"));
  /* ... and how long it takes, before Run: its time budget, which
   * decides its answer in pairs. */
  g_test_message ("big-files time: %s", subtitle_of (gui_find_row (page, "Time")));
  g_assert_cmpstr (subtitle_of (gui_find_row (page, "Time")), ==,
                   "15 min: the run ends when its time budget is spent");
  g_assert_false (part_on (sweep) || part_on (overhead) || part_on (wu));

  /* The overhead seed: no empty file fields, its own parameters shown. */
  ib_plan_page_select_preset (plan_page, "dispatch-overhead");
  ib_test_spin (100);
  g_assert_false (gtk_widget_is_drawable (files));
  g_assert_cmpstr (subtitle_of (reads), ==, "Not in this plan");
  g_assert_true (part_on (overhead));
  g_assert_nonnull (strstr (subtitle_of (overhead), "999"));
  g_assert_nonnull (strstr (subtitle_of (overhead), "× 3 repetitions + 1 warm-up"));
  /* ... and editable: the user types a smaller count, the plan follows. */
  gtk_editable_set_text (GTK_EDITABLE (gui_find_row (page, "Iterations per repetition")), "5000");
  ib_test_spin (50);
  g_assert_true (ib_plan_page_get_valid (plan_page));
  plan = ib_plan_page_build_plan (plan_page, &error);
  g_assert_no_error (error);
  g_assert_null (plan->preset);
  g_assert_nonnull (plan->overhead);
  g_assert_cmpuint (plan->overhead->iterations, ==, 5000);
  g_assert_cmpuint (plan->overhead->warmup, ==, 1);
  g_assert_cmpuint (plan->file_sizes->len, ==, 0);
  g_assert_true (g_str_has_prefix (subtitle_of (overhead), "5"));
  g_clear_pointer (&plan, ib_plan_free);
  /* A bad value says which field. */
  gtk_editable_set_text (GTK_EDITABLE (gui_find_row (page, "Iterations per repetition")), "lots");
  ib_test_spin (50);
  g_assert_false (ib_plan_page_get_valid (plan_page));
  g_assert_nonnull (strstr (ib_plan_page_get_error (plan_page), "Iterations per repetition"));

  /* Write + delete: 2,000 requests at once, and a part switched on. */
  ib_plan_page_select_preset (plan_page, "write-delete");
  ib_test_spin (100);
  g_assert_true (g_str_has_prefix (subtitle_of (wu), "2000 requests, 2000 at once") ||
                 g_str_has_prefix (subtitle_of (wu), "2,000 requests, 2,000 at once"));
  adw_expander_row_set_enable_expansion (ADW_EXPANDER_ROW (sweep), TRUE);
  ib_test_spin (50);
  plan = ib_plan_page_build_plan (plan_page, &error);
  g_assert_no_error (error);
  g_assert_nonnull (plan->sweep);
  g_assert_nonnull (plan->write_unlink);
  g_assert_cmpuint (plan->write_unlink->requests, ==, 2000);

  gui_destroy_window (win);
}

/* One entry of a combo row of the plan page: what it reads, the value it
 * must put in the plan, its name in the settings, words of its subtitle. */
typedef struct
{
  const char *label;
  int         value;
  const char *name;
  const char *subtitle;   /* NULL: not checked */
} RowEntry;

static int
plan_cache (const IbPlan *plan)
{
  return (int) plan->cache;
}

static int
plan_content (const IbPlan *plan)
{
  return (int) plan->content;
}

/* The row titled @title means what it reads: each of its entries, chosen,
 * puts its own value in the plan (@value_of) and its name in the setting
 * @key, whatever the order of the enum (which once was the row's order). */
static void
check_combo_row (const char     *title,
                 const RowEntry *expect,
                 guint           n,
                 const char     *key,
                 int           (*value_of) (const IbPlan *plan))
{
  IbWindow *win = new_window (1280);
  IbPlanPage *plan_page = ib_window_get_plan_page (win);
  GSettings *settings = ib_application_get_settings (app);
  GtkWidget  *row = gui_find_row (GTK_WIDGET (plan_page), title);
  GListModel *model;
  guint seen = 0;

  g_assert_true (ADW_IS_COMBO_ROW (row));
  model = adw_combo_row_get_model (ADW_COMBO_ROW (row));
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, n);
  ib_plan_page_select_preset (plan_page, "quick");
  ib_test_spin (50);
  /* Last to first: every choice changes the row (quick's choice is the
   * first), so the plan is read from the fields, not from the preset. */
  for (guint i = g_list_model_get_n_items (model); i-- > 0;)
    {
      const char *label = gtk_string_list_get_string (GTK_STRING_LIST (model), i);
      g_autoptr(IbPlan) plan = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *saved = NULL;
      guint k = 0;

      while (k < n && g_strcmp0 (expect[k].label, label) != 0)
        k++;
      g_assert_cmpuint (k, <, n);
      adw_combo_row_set_selected (ADW_COMBO_ROW (row), i);
      ib_test_spin (50);
      plan = ib_plan_page_build_plan (plan_page, &error);
      g_assert_no_error (error);
      g_assert_cmpint (value_of (plan), ==, expect[k].value);
      if (expect[k].subtitle != NULL)
        g_assert_nonnull (strstr (subtitle_of (row), expect[k].subtitle));
      ib_plan_page_save_settings (plan_page);
      saved = g_settings_get_string (settings, key);
      g_assert_cmpstr (saved, ==, expect[k].name);
      seen |= 1u << k;
    }
  g_assert_cmpuint (seen, ==, (1u << n) - 1);
  gui_destroy_window (win);
}

static void
test_cache_row (void)
{
  static const RowEntry expect[] = {
    { "Warm", IB_CACHE_WARM, "warm", "reads come from memory" },
    { "Cold", IB_CACHE_COLD, "cold", "reads reach the disk" },
    { "As is", IB_CACHE_AS_IS, "as-is", "left as it is" },
  };

  check_combo_row ("_Cache", expect, G_N_ELEMENTS (expect), "cache", plan_cache);
}

static void
test_content_row (void)
{
  static const RowEntry expect[] = {
    { "Random bytes", IB_CONTENT_RANDOM, "random", NULL },
    { "Base64 text", IB_CONTENT_BASE64, "base64", NULL },
    { "Digits", IB_CONTENT_DIGITS, "digits", NULL },
    { "Letters", IB_CONTENT_LETTERS, "letters", NULL },
  };

  check_combo_row ("C_ontent", expect, G_N_ELEMENTS (expect), "content", plan_content);
}

static gboolean
history_has_n (gpointer data)
{
  IbHistoryPage *page = data;

  return ib_history_page_get_n_entries (page) == GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (page), "want"));
}

/* The history's headline of a saved run tells the report's story: its
 * answer's decided first line with that line's ratio, else only a
 * measurement ("Lowest median"), never "Fastest" beside an answer that
 * did not decide, which would tell another story than the report. */
static void
test_history_headlines (void)
{
  static const char *const goldens[] = { "reads-decision.json", "fixture.json", "old-real-read.json" };
  g_autofree char *dir = ib_history_dir ();
  IbHistoryPage *page;
  g_autoptr(GString) all = g_string_new (NULL);

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (goldens); i++)
    {
      g_autofree char *from = g_test_build_filename (G_TEST_DIST, "..", "report", "golden",
                                                     goldens[i], NULL);
      g_autofree char *to = g_build_filename (dir, goldens[i], NULL);
      g_autofree char *text = NULL;
      gsize len = 0;

      g_assert_true (g_file_get_contents (from, &text, &len, NULL));
      g_assert_true (g_file_set_contents (to, text, (gssize) len, NULL));
    }
  page = g_object_ref_sink (g_object_new (IB_TYPE_HISTORY_PAGE, NULL));
  g_object_set_data (G_OBJECT (page), "want", GUINT_TO_POINTER (G_N_ELEMENTS (goldens)));
  ib_history_page_reload (page);
  g_assert_true (ib_test_wait_until (history_has_n, page, 60));
  for (guint i = 0; i < G_N_ELEMENTS (goldens); i++)
    {
      g_autofree char *row = ib_history_page_dup_row_title (page, i);

      g_test_message ("history row %u: %s", i, row);
      g_string_append_printf (all, "%s\n", row);
      g_assert_null (strstr (row, "Fastest"));
    }
  /* the decision golden: its paired headline line, 2.4x */
  g_assert_nonnull (strstr (all->str, "Custom Plan — Reading one file after another: sync 2.4x faster\n"));
  /* the fixture: decided from its samples, as its report's answer says */
  g_assert_nonnull (strstr (all->str, "Quick — Reading one file after another: sync 4.0x faster\n"));
  /* an old report of 3 samples a side has no answer: a measurement only */
  g_assert_nonnull (strstr (all->str, "Custom Plan — Lowest median: Sync single read, 30.6 µs\n"));
  g_object_unref (page);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *home = NULL;

  app = gui_test_init (&argc, &argv, &home);

  g_test_add_func ("/gui/truth/compare-cache-modes", test_compare_cache_modes);
  g_test_add_func ("/gui/truth/chart-descriptions", test_chart_descriptions);
  g_test_add_func ("/gui/truth/plan-parts", test_plan_parts);
  g_test_add_func ("/gui/truth/cache-row", test_cache_row);
  g_test_add_func ("/gui/truth/content-row", test_content_row);
  g_test_add_func ("/gui/truth/history-headlines", test_history_headlines);

  return gui_test_run (&app, home);
}
