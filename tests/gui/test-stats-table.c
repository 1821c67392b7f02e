/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-stats-table.c: the statistics table of a live run updates its rows in
 * place: new values show in the same cells, a strategy's
 * first row is added, rows keep their place while live and are sorted by
 * median once the run is over. Under Xvfb. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <string.h>

#include <gtk/gtk.h>

#include "engine/io/ib-strategy.h"
#include "engine/model/ib-format.h"
#include "engine/model/ib-types.h"
#include "ib-stats-table.h"
#include "analysis/ib-labels.h"
#include "analysis/ib-tables.h"
#include "gui-common.h"
#include "ib-test-common.h"

static void
add_stats (IbReport   *report,
           const char *strategy,
           double      median_ns,
           guint       n)
{
  IbStats s = { 0 };

  s.strategy = g_strdup (strategy);
  s.n = n;
  s.median_ns = median_ns;
  s.ci_low_ns = median_ns * 0.9;
  s.ci_high_ns = median_ns * 1.1;
  s.ci_level = 0.9375;
  s.cpu_ns = -1;
  g_array_append_val (report->statistics, s);
}

/* Every label's text under @widget, in widget-tree (display) order. */
static void
collect_labels (GtkWidget *widget,
                GPtrArray *texts)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget))
    g_ptr_array_add (texts, g_strdup (gtk_label_get_text (GTK_LABEL (widget))));
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    collect_labels (c, texts);
}

static int
index_of (GPtrArray  *texts,
          const char *text)
{
  for (guint i = 0; i < texts->len; i++)
    if (g_strcmp0 (g_ptr_array_index (texts, i), text) == 0)
      return (int) i;
  return -1;
}

static GPtrArray *
shown (GtkWidget *table)
{
  GPtrArray *texts = g_ptr_array_new_with_free_func (g_free);

  ib_test_spin (150);
  collect_labels (table, texts);
  return texts;
}

static void
test_live_update (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *table = ib_stats_table_new ();
  IbStatsTable *st = IB_STATS_TABLE (table);
  const char *a = ib_strategy_title ("sync-read-all");
  const char *b = ib_strategy_title ("mmap");
  const char *c = ib_strategy_title ("thread-pool-parallel");
  g_autofree char *b_old = ib_format_duration (20e6);
  g_autofree char *b_new = ib_format_duration (5e6);
  g_autoptr(GPtrArray) texts = NULL;
  IbReport *r1 = ib_report_new ();
  IbReport *r2 = ib_report_new ();

  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 500);
  gtk_window_set_child (GTK_WINDOW (window), table);
  gtk_window_present (GTK_WINDOW (window));
  ib_test_spin (200);

  /* Sorted by median: a (10 ms) above b (20 ms). */
  add_stats (r1, "sync-read-all", 10e6, 5);
  add_stats (r1, "mmap", 20e6, 5);
  ib_stats_table_set_live (st, TRUE);
  ib_stats_table_set_report (st, r1);
  texts = shown (table);
  g_assert_cmpuint (ib_stats_table_get_n_rows (st), ==, 2);
  g_assert_cmpint (index_of (texts, a), >=, 0);
  g_assert_cmpint (index_of (texts, b_old), >, index_of (texts, a));
  g_assert_cmpint (index_of (texts, b), >, index_of (texts, a));

  /* Live: b becomes the fastest and c appears. b's cell shows its new
   * median, but b keeps its place below a. */
  add_stats (r2, "sync-read-all", 10e6, 6);
  add_stats (r2, "mmap", 5e6, 6);
  add_stats (r2, "thread-pool-parallel", 30e6, 1);
  ib_stats_table_set_report (st, r2);
  g_clear_pointer (&texts, g_ptr_array_unref);
  texts = shown (table);
  g_assert_cmpuint (ib_stats_table_get_n_rows (st), ==, 3);
  g_assert_cmpint (index_of (texts, b_new), >=, 0);
  g_assert_cmpint (index_of (texts, b_old), ==, -1);
  g_assert_cmpint (index_of (texts, c), >=, 0);
  g_assert_cmpint (index_of (texts, b), >, index_of (texts, a));
  /* The ratio column follows the new fastest: a is now 2x slower, a clear
   * verdict from the two medians' intervals (this report has no samples). */
  g_assert_cmpint (index_of (texts, "2.0x slower"), >=, 0);
  g_assert_cmpint (index_of (texts, "fastest"), >=, 0);

  /* The run is over: sorted by median, b first. */
  ib_stats_table_set_live (st, FALSE);
  g_clear_pointer (&texts, g_ptr_array_unref);
  texts = shown (table);
  g_assert_cmpint (index_of (texts, b), <, index_of (texts, a));
  g_assert_cmpint (index_of (texts, a), <, index_of (texts, c));

  /* A report of other strategies replaces the rows. */
  ib_stats_table_set_report (st, r1);
  g_clear_pointer (&texts, g_ptr_array_unref);
  texts = shown (table);
  g_assert_cmpuint (ib_stats_table_get_n_rows (st), ==, 2);
  g_assert_cmpint (index_of (texts, c), ==, -1);
  g_assert_cmpint (index_of (texts, b_old), >=, 0);

  gtk_window_destroy (GTK_WINDOW (window));
  ib_test_spin (50);
  ib_report_unref (r1);
  ib_report_unref (r2);
}


/* The mapped label showing @text under @widget, or NULL. */
static GtkWidget *
find_label (GtkWidget  *widget,
            const char *text)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget) &&
      g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0)
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_label (c, text);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Whether @label lies whole within @table's width, as the user sees it. */
static gboolean
in_sight (GtkWidget *label,
          GtkWidget *table)
{
  graphene_rect_t b;

  if (label == NULL || !gtk_widget_compute_bounds (label, table, &b))
    return FALSE;
  g_test_message ("“%s” at x %.0f, width %.0f (table %d)", gtk_label_get_text (GTK_LABEL (label)),
                  b.origin.x, b.size.width, gtk_widget_get_width (table));
  return b.origin.x >= 0 && b.origin.x + b.size.width <= gtk_widget_get_width (table) + 0.5;
}

/* Scrolled sideways to its last column, the table still names
 * each row; at 360 px it shows a median beside each name; a new run starts
 * scrolled back to the start. */
static void
test_names_stay (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *table = ib_stats_table_new ();
  IbStatsTable *st = IB_STATS_TABLE (table);
  const char *ids[] = { "uring-read-all-parallel", "async-read-all-parallel",
                        "async-load-contents-serial", "thread-pool-parallel" };
  const char *fast = ib_strategy_short_title (ids[0]);   /* 360 px: the short names */
  const char *slow = ib_strategy_short_title (ids[3]);
  g_autofree char *fast_median = ib_format_duration (10e6);
  IbReport *report = ib_report_new ();
  GtkWidget *median, *sw;
  GtkAdjustment *adj;

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    add_stats (report, ids[i], 10e6 * (i + 1), 5);
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 500);
  gtk_window_set_child (GTK_WINDOW (window), table);
  gtk_window_present (GTK_WINDOW (window));
  ib_test_spin (200);
  ib_stats_table_set_report (st, report);
  ib_test_spin (300);
  g_assert_cmpint (gtk_widget_get_width (table), <=, 400);

  /* 360 px: the name and its median side by side. */
  median = find_label (table, fast_median);
  g_assert_nonnull (median);
  g_assert_true (in_sight (find_label (table, fast), table));
  g_assert_true (in_sight (median, table));

  /* Scrolled to the last column: the names are still there. */
  sw = gtk_widget_get_ancestor (median, GTK_TYPE_SCROLLED_WINDOW);
  g_assert_nonnull (sw);
  adj = gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (sw));
  g_assert_cmpfloat (gtk_adjustment_get_upper (adj), >, gtk_adjustment_get_page_size (adj));
  gtk_adjustment_set_value (adj, gtk_adjustment_get_upper (adj));
  ib_test_spin (200);
  g_assert_cmpfloat (gtk_adjustment_get_value (adj), >, 0);
  g_assert_false (in_sight (median, table));
  g_assert_true (in_sight (find_label (table, fast), table));
  g_assert_true (in_sight (find_label (table, slow), table));

  /* The next run starts at the first columns, not where this one was. */
  ib_stats_table_set_live (st, TRUE);
  ib_stats_table_set_report (st, report);
  ib_test_spin (200);
  g_assert_cmpfloat (gtk_adjustment_get_value (adj), ==, 0);
  g_assert_true (in_sight (find_label (table, fast_median), table));

  gtk_window_destroy (GTK_WINDOW (window));
  ib_test_spin (50);
  ib_report_unref (report);
}

static void
count_added (GListModel *model,
             guint       position,
             guint       removed,
             guint       added,
             guint      *count)
{
  *count += added;
}

/* Every strategy of the plan has its row as soon as the run starts, so the
 * first round only fills rows in: none is inserted while it goes on, in the
 * plan's order, and the ones never measured go when the run is over. */
static void
test_rows_from_plan (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *table = ib_stats_table_new ();
  IbStatsTable *st = IB_STATS_TABLE (table);
  static const char *ids[] = { "mmap", "sync-read-all", "thread-pool-parallel" };
  g_autofree char *median = ib_format_duration (20e6);
  g_autoptr(GPtrArray) texts = NULL;
  IbReport *start = ib_report_new ();
  IbReport *later = ib_report_new ();
  guint64 size = 65536;
  guint added = 0;
  GListModel *model;

  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 500);
  gtk_window_set_child (GTK_WINDOW (window), table);
  gtk_window_present (GTK_WINDOW (window));
  ib_test_spin (200);

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      g_ptr_array_add (start->plan->strategies, g_strdup (ids[i]));
      g_ptr_array_add (later->plan->strategies, g_strdup (ids[i]));
    }
  g_array_append_val (start->plan->file_sizes, size);
  g_array_append_val (later->plan->file_sizes, size);

  /* The run starts: no statistics yet, a row per planned strategy. */
  ib_stats_table_set_live (st, TRUE);
  ib_stats_table_set_report (st, start);
  texts = shown (table);
  g_assert_cmpuint (ib_stats_table_get_n_rows (st), ==, G_N_ELEMENTS (ids));
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    g_assert_cmpint (index_of (texts, ib_strategy_title (ids[i])), >=, 0);
  g_assert_cmpint (index_of (texts, ib_strategy_title (ids[0])), <,
                   index_of (texts, ib_strategy_title (ids[1])));
  g_assert_cmpint (index_of (texts, ib_strategy_title (ids[1])), <,
                   index_of (texts, ib_strategy_title (ids[2])));
  g_assert_cmpint (index_of (texts, "—"), >=, 0);

  /* The second strategy is measured: its row fills in, none is inserted. */
  add_stats (later, "sync-read-all", 20e6, 1);
  model = G_LIST_MODEL (gtk_column_view_get_model (
    GTK_COLUMN_VIEW (gui_find_descendant (table, GTK_TYPE_COLUMN_VIEW))));
  g_signal_connect (model, "items-changed", G_CALLBACK (count_added), &added);
  ib_stats_table_set_report (st, later);
  g_clear_pointer (&texts, g_ptr_array_unref);
  texts = shown (table);
  g_signal_handlers_disconnect_by_func (model, count_added, &added);
  g_assert_cmpuint (added, ==, 0);
  g_assert_cmpuint (ib_stats_table_get_n_rows (st), ==, G_N_ELEMENTS (ids));
  g_assert_cmpint (index_of (texts, median), >=, 0);
  g_assert_cmpint (index_of (texts, ib_strategy_title (ids[0])), <,
                   index_of (texts, ib_strategy_title (ids[1])));

  /* Over: only the measured strategy keeps a row. */
  ib_stats_table_set_live (st, FALSE);
  g_clear_pointer (&texts, g_ptr_array_unref);
  texts = shown (table);
  g_assert_cmpuint (ib_stats_table_get_n_rows (st), ==, 1);
  g_assert_cmpint (index_of (texts, ib_strategy_title (ids[0])), ==, -1);
  g_assert_cmpint (index_of (texts, ib_strategy_title (ids[1])), >=, 0);

  gtk_window_destroy (GTK_WINDOW (window));
  ib_test_spin (50);
  ib_report_unref (start);
  ib_report_unref (later);
}

/* The window words no cell itself: the analysis layer's statistics table
 * (what the CLI, HTML and Markdown print) has the same texts for the same
 * strategy, and an empty model cell shows "—". */
static void
test_model_cells (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *table = ib_stats_table_new ();
  IbReport *report = ib_report_new ();
  g_autoptr(IbTable) model = NULL;
  g_autoptr(GPtrArray) texts = NULL;
  IbStats *a, *b;
  const IbStatsColumn checked[] = {
    IB_STATS_COLUMN_SAMPLES, IB_STATS_COLUMN_OUTLIERS, IB_STATS_COLUMN_THROUGHPUT,
    IB_STATS_COLUMN_VS_FASTEST, IB_STATS_COLUMN_CI,
  };

  add_stats (report, "mmap", 10e6, 6);
  add_stats (report, "sync-read-all", 30e6, 1);
  a = &g_array_index (report->statistics, IbStats, 0);
  b = &g_array_index (report->statistics, IbStats, 1);
  a->n_failed = 2;
  a->n_excluded = 1;
  a->outliers_mild = 1;
  a->outliers_severe = 2;
  a->mib_per_s = 2000;
  b->n_failed = 1;
  b->mib_per_s = 0.5;

  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 400);
  gtk_window_set_child (GTK_WINDOW (window), table);
  gtk_window_present (GTK_WINDOW (window));
  ib_test_spin (200);
  ib_stats_table_set_report (IB_STATS_TABLE (table), report);
  texts = shown (table);
  model = ib_table_statistics (report);
  g_assert_nonnull (model);

  for (guint r = 0; r < report->statistics->len; r++)
    {
      const IbStats *st = &g_array_index (report->statistics, IbStats, r);

      for (guint k = 0; k < G_N_ELEMENTS (checked); k++)
        {
          g_autofree char *cell = ib_table_stats_cell (report, st, a, checked[k]);

          g_test_message ("%s, column %d: “%s”", st->strategy, checked[k], cell);
          g_assert_cmpint (index_of (texts, cell != NULL ? cell : "—"), >=, 0);
        }
    }
  /* The model's own table has those texts: the narrow n is its last column. */
  g_assert_cmpstr (ib_table_cell (model, 0, model->headers->len - 1), ==,
                   "6 (2 failed, 1 excluded)");
  g_assert_cmpint (index_of (texts, "6 (2 failed, 1 excluded)"), >=, 0);
  g_assert_cmpstr (ib_table_cell (model, 1, model->headers->len - 1), ==, "1 (1 failed)");
  g_assert_cmpint (index_of (texts, "1 (1 failed)"), >=, 0);
  /* the model's outliers "1 / 2", where the window once wrote "1 + 2" */
  g_assert_cmpint (index_of (texts, "1 / 2"), >=, 0);
  g_assert_cmpint (index_of (texts, "1 + 2"), ==, -1);
  /* one sample: the model has no interval, the window a dash */
  g_assert_null (ib_table_stats_cell (report, b, a, IB_STATS_COLUMN_CI));
  g_assert_cmpstr (ib_table_cell (model, 1, 1), ==, "1");

  gtk_window_destroy (GTK_WINDOW (window));
  ib_test_spin (50);
  ib_report_unref (report);
}

/* Every strategy in one table at 360 px, the narrowest window: the names
 * shown are the short ones, whole (not cut) and all different; a wide
 * window shows the whole names again. */
static void
test_short_names (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *table = ib_stats_table_new ();
  guint n_strategies;
  const IbStrategyInfo *strategies = ib_strategies (&n_strategies);
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  IbReport *report = ib_report_new ();

  for (guint i = 0; i < n_strategies; i++)
    add_stats (report, strategies[i].id, 10e6 * (i + 1), 5);
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 800);
  gtk_window_set_child (GTK_WINDOW (window), table);
  gtk_window_present (GTK_WINDOW (window));
  ib_test_spin (200);
  ib_stats_table_set_report (IB_STATS_TABLE (table), report);
  ib_test_spin (400);
  g_assert_cmpint (gtk_widget_get_width (table), <=, 360);
  for (guint i = 0; i < n_strategies; i++)
    {
      const char *name = ib_strategy_short_title (strategies[i].id);
      GtkWidget *label = find_label (table, name);

      g_test_message ("%s: %s", strategies[i].id, name);
      g_assert_nonnull (label);
      g_assert_true (in_sight (label, table));
      g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (label))));
      g_assert_false (g_hash_table_contains (seen, name));
      g_hash_table_add (seen, (gpointer) name);
    }

  gtk_window_set_default_size (GTK_WINDOW (window), 1600, 800);
  ib_test_spin (400);
  for (guint i = 0; i < n_strategies; i++)
    g_assert_nonnull (find_label (table, ib_strategy_title (strategies[i].id)));

  gtk_window_destroy (GTK_WINDOW (window));
  ib_test_spin (50);
  ib_report_unref (report);
}

int
main (int    argc,
      char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  g_test_add_func ("/gui/stats-table/live-update", test_live_update);
  g_test_add_func ("/gui/stats-table/rows-from-plan", test_rows_from_plan);
  g_test_add_func ("/gui/stats-table/names-stay", test_names_stay);
  g_test_add_func ("/gui/stats-table/short-names", test_short_names);
  g_test_add_func ("/gui/stats-table/model-cells", test_model_cells);
  return g_test_run ();
}
