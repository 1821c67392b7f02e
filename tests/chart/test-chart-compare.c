/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-chart-compare: what the comparison chart says of its two runs:
 * each legend entry names its own run's cache mode wherever the
 * part drawn reads files, at 1280 and 360 px, and in the chart's
 * description for screen readers; every row and verdict it draws is the
 * IbComparison's (ib_comparison_get_all_rows, ib_compare_row_chart_text),
 * never one the chart worked out itself. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <string.h>

#include "analysis/ib-labels.h"
#include "chart-fixtures.h"
#include "chart/ib-chart-private.h"

static GPtrArray *
draw_pair (const IbComparison *comparison,
           IbCompareChart      what,
           int                 width,
           int                 height)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);
  IbChartStyle style;
  GPtrArray *texts;

  fixture_style (&style, FALSE);
  style.compare = what;
  texts = ib_chart_draw_texts (cr, &(IbChartRequest) { ib_chart_kind_lookup ("compare"), NULL, comparison, &style, width, height });
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return texts;
}

static GPtrArray *
draw_texts (IbReport       *a,
            IbReport       *b,
            IbCompareChart  what,
            int             width,
            int             height)
{
  g_autoptr(IbComparison) comparison = ib_test_comparison (a, b);

  return draw_pair (comparison, what, width, height);
}

/* The legend entry of run @letter ("A: ..."), or NULL. */
static const char *
legend_entry (GPtrArray  *texts,
              const char *prefix)
{
  for (guint i = 0; i < texts->len; i++)
    {
      const char *text = ((IbChartText *) g_ptr_array_index (texts, i))->text;

      if (g_str_has_prefix (text, prefix) && strstr (text, "each verdict") == NULL)
        return text;
    }
  return NULL;
}

static void
test_legend_cache_modes (void)
{
  g_autoptr(IbReport) warm = fixture_full ();
  g_autoptr(IbReport) cold = fixture_other ();
  const char *warm_text = ib_cache_mode_text (IB_CACHE_WARM);
  const char *cold_text = ib_cache_mode_text (IB_CACHE_COLD);
  static const struct { IbCompareChart what; gboolean reads_files; } parts[] = {
    { IB_COMPARE_CHART_READS, TRUE }, { IB_COMPARE_CHART_SWEEP, TRUE },
    { IB_COMPARE_CHART_OVERHEAD, FALSE }, { IB_COMPARE_CHART_WRITE_UNLINK, FALSE },
  };
  static const struct { int width, height; } sizes[] = { { 1280, 720 }, { 360, 640 } };

  warm->plan->cache = IB_CACHE_WARM;
  cold->plan->cache = IB_CACHE_COLD;
  for (guint p = 0; p < G_N_ELEMENTS (parts); p++)
    {
      IbChartStyle style;
      g_autofree char *description = NULL;
      g_autoptr(IbComparison) comparison = ib_test_comparison (warm, cold);

      for (guint z = 0; z < G_N_ELEMENTS (sizes); z++)
        {
          g_autoptr(GPtrArray) texts = draw_texts (warm, cold, parts[p].what, sizes[z].width,
                                                   sizes[z].height);
          const char *a = legend_entry (texts, "A: ");
          const char *b = legend_entry (texts, "B: ");

          g_test_message ("part %d at %d px: “%s” / “%s”", parts[p].what, sizes[z].width, a, b);
          g_assert_nonnull (a);
          g_assert_nonnull (b);
          /* Each side its own mode, never the other's. */
          g_assert_true ((strstr (a, warm_text) != NULL) == parts[p].reads_files);
          g_assert_true ((strstr (b, cold_text) != NULL) == parts[p].reads_files);
          g_assert_null (strstr (a, cold_text));
          g_assert_null (strstr (b, warm_text));
        }
      /* A sweep-only run (iobench-cli sweep) has no file set of its own,
       * and its sweep read from a cache all the same. */
      if (parts[p].what == IB_COMPARE_CHART_SWEEP)
        {
          g_autoptr(IbReport) warm_sweep = fixture_full ();
          g_autoptr(IbReport) cold_sweep = fixture_other ();
          g_autoptr(GPtrArray) texts = NULL;

          warm_sweep->plan->cache = IB_CACHE_WARM;
          cold_sweep->plan->cache = IB_CACHE_COLD;
          g_array_set_size (warm_sweep->plan->file_sizes, 0);
          g_array_set_size (cold_sweep->plan->file_sizes, 0);
          texts = draw_texts (warm_sweep, cold_sweep, IB_COMPARE_CHART_SWEEP, 1280, 720);
          g_assert_nonnull (strstr (legend_entry (texts, "A: "), warm_text));
          g_assert_nonnull (strstr (legend_entry (texts, "B: "), cold_text));
        }
      /* A screen reader hears the same. */
      fixture_style (&style, FALSE);
      style.compare = parts[p].what;
      description = ib_chart_describe (&(IbChartRequest) { ib_chart_kind_lookup ("compare"), NULL, comparison, &style, 0, 0 });
      g_test_message ("described: %s", description);
      g_assert_true ((strstr (description, warm_text) != NULL) == parts[p].reads_files);
      g_assert_true ((strstr (description, cold_text) != NULL) == parts[p].reads_files);
    }
}

/* One side's median as said: its time, "not run" or "failed". */
static char *
said_median (gboolean in,
             gboolean valid,
             double   median_ns)
{
  if (!in)
    return g_strdup ("not run");
  return valid ? ib_chart_format_time (median_ns) : g_strdup ("failed");
}

/* What the chart must say of @comparison's @what: the part, the two runs,
 * then every row of the comparison with both medians and its verdict in
 * full; when every row has the same verdict, the verdict once at the end. */
static char *
expected_description (const IbComparison *comparison,
                      IbCompareChart      what)
{
  const GArray *rows = ib_comparison_get_all_rows (comparison, ib_chart_compare_section (what));
  GString *text = g_string_new (NULL);
  g_autofree char *first = rows->len > 0
                         ? ib_compare_row_chart_text (&g_array_index (rows, IbCompareRow, 0), FALSE)
                         : NULL;
  guint n_same = 0;

  for (guint i = 0; i < rows->len; i++)
    {
      g_autofree char *verdict = ib_compare_row_chart_text (&g_array_index (rows, IbCompareRow, i),
                                                            FALSE);

      n_same += g_str_equal (verdict, first);
    }
  for (guint i = 0; i < rows->len; i++)
    {
      const IbCompareRow *row = &g_array_index (rows, IbCompareRow, i);
      g_autofree char *verdict = ib_compare_row_chart_text (row, FALSE);
      g_autofree char *a = said_median (row->in_a, row->valid_a, row->median_a_ns);
      g_autofree char *b = said_median (row->in_b, row->valid_b, row->median_b_ns);

      if (rows->len > 1 && n_same == rows->len)
        g_string_append_printf (text, " %s: A %s, B %s.", row->label, a, b);
      else
        g_string_append_printf (text, " %s: A %s, B %s; %s.", row->label, a, b, verdict);
    }
  if (rows->len > 1 && n_same == rows->len)
    g_string_append_printf (text, " Every row: %s.", first);
  return g_string_free (text, FALSE);
}

static guint
count_of (const char *text,
          const char *part)
{
  guint n = 0;

  for (const char *p = strstr (text, part); p != NULL; p = strstr (p + 1, part))
    n++;
  return n;
}

/* A comparison of two short runs: every row "too few samples to tell". A
 * screen reader hears each row's two medians and the verdict once, not the
 * same words once a row. */
static void
test_description_too_few (void)
{
  g_autoptr(IbReport) a = fixture_full ();
  g_autoptr(IbReport) b = fixture_other ();
  g_autoptr(IbComparison) comparison = ib_test_comparison (a, b);
  GArray *rows = (GArray *) ib_comparison_get_all_rows (comparison, IB_COMPARE_READS);
  g_autofree char *description = NULL, *verdict = NULL;
  IbChartStyle style;

  /* rows are immutable; only a test makes each one "too few" */
  g_array_set_size (rows, MIN (rows->len, 3));
  g_assert_cmpuint (rows->len, ==, 3);
  for (guint i = 0; i < rows->len; i++)
    {
      IbCompareRow *row = &g_array_index (rows, IbCompareRow, i);

      row->in_a = row->in_b = row->valid_a = row->valid_b = TRUE;
      row->median_a_ns = 1e6 * (i + 1);
      row->median_b_ns = 2.5e6 * (i + 1);
      row->n_a = row->n_b = 2;
      row->verdict = IB_VERDICT_TOO_FEW;
    }
  verdict = ib_compare_row_chart_text (&g_array_index (rows, IbCompareRow, 0), FALSE);
  g_test_message ("verdict: %s", verdict);
  g_assert_nonnull (strstr (verdict, "too few samples to tell"));
  fixture_style (&style, FALSE);
  style.compare = IB_COMPARE_CHART_READS;
  description = ib_chart_describe (&(IbChartRequest) { ib_chart_kind_lookup ("compare"), NULL, comparison, &style, 0, 0 });
  g_test_message ("described: %s", description);
  g_assert_cmpuint (count_of (description, "too few samples to tell"), ==, 1);
  g_assert_nonnull (strstr (description, "Every row: too few samples to tell"));
  for (guint i = 0; i < rows->len; i++)
    {
      const IbCompareRow *row = &g_array_index (rows, IbCompareRow, i);
      g_autofree char *said = g_strdup_printf ("%s: A %u ms, B %s ms.", row->label, i + 1,
                                               i == 0 ? "2.5" : i == 1 ? "5" : "7.5");

      g_assert_nonnull (strstr (description, said));
    }
}

static gboolean
drawn (GPtrArray  *texts,
       const char *text)
{
  for (guint i = 0; i < texts->len; i++)
    if (g_str_equal (((IbChartText *) g_ptr_array_index (texts, i))->text, text))
      return TRUE;
  return FALSE;
}

/* A pair with every kind of verdict: B faster, A faster, cannot be told
 * apart, failed in both (mmap) and a strategy only A ran. The chart says of
 * each row what the comparison's row says, in full and in a small chart. */
static void
test_rows_are_the_comparisons (void)
{
  g_autoptr(IbReport) a = fixture_full ();
  g_autoptr(IbReport) b = fixture_other ();
  g_autoptr(IbComparison) comparison = NULL;
  const GArray *rows;
  guint seen[IB_VERDICT_UNDECIDED + 1] = { 0 };
  guint only_in_a = 0;

  for (guint i = 0; i < b->statistics->len; i++)
    if (g_str_equal (g_array_index (b->statistics, IbStats, i).strategy, "sync-read-all"))
      g_array_remove_index (b->statistics, i--);
  comparison = ib_test_comparison (a, b);
  rows = ib_comparison_get_all_rows (comparison, IB_COMPARE_READS);
  for (guint i = 0; i < rows->len; i++)
    {
      const IbCompareRow *row = &g_array_index (rows, IbCompareRow, i);

      if (!row->in_b)
        only_in_a++;
      else
        seen[row->verdict]++;
    }
  g_assert_cmpuint (only_in_a, ==, 1);
  g_assert_cmpuint (seen[IB_VERDICT_A_FASTER], >, 0);
  g_assert_cmpuint (seen[IB_VERDICT_B_FASTER], >, 0);
  g_assert_cmpuint (seen[IB_VERDICT_SAME], >, 0);
  g_assert_cmpuint (seen[IB_VERDICT_NO_DATA], >, 0);   /* mmap failed in both */

  for (int w = IB_COMPARE_CHART_READS; w < IB_N_COMPARE_CHARTS; w++)
    {
      IbChartStyle style;
      g_autofree char *description = NULL;
      g_autofree char *want = expected_description (comparison, (IbCompareChart) w);
      const GArray *part = ib_comparison_get_all_rows (comparison,
                                                       ib_chart_compare_section (w));
      g_autoptr(GPtrArray) big = draw_pair (comparison, (IbCompareChart) w, 1280, 1200);
      g_autoptr(GPtrArray) small = draw_pair (comparison, (IbCompareChart) w, 540, 370);

      fixture_style (&style, FALSE);
      style.compare = (IbCompareChart) w;
      description = ib_chart_describe (&(IbChartRequest) { ib_chart_kind_lookup ("compare"), NULL, comparison, &style, 0, 0 });
      g_test_message ("part %d: %s", w, description);
      g_assert_cmpuint (part->len, >, 0);
      g_assert_true (g_str_has_suffix (description, want));
      for (guint i = 0; i < part->len; i++)
        {
          const IbCompareRow *row = &g_array_index (part, IbCompareRow, i);
          g_autofree char *full = ib_compare_row_chart_text (row, FALSE);
          g_autofree char *compact = ib_compare_row_chart_text (row, TRUE);

          g_assert_true (drawn (big, full));
          g_assert_true (drawn (small, compact));
        }
    }
}

/* The chart draws the verdict the comparison's row holds, whatever the
 * reports' samples say: change one row's verdict after the comparison was
 * built (rows are immutable; only a test may) and the chart says the new
 * one. A chart that worked its verdicts out itself fails here. */
static void
test_verdict_from_the_row (void)
{
  g_autoptr(IbReport) a = fixture_full ();
  g_autoptr(IbReport) b = fixture_other ();
  g_autoptr(IbComparison) comparison = ib_test_comparison (a, b);
  GArray *rows = (GArray *) ib_comparison_get_all_rows (comparison, IB_COMPARE_READS);
  IbCompareRow *row;
  guint same = G_MAXUINT;
  g_autofree char *before = NULL, *after = NULL, *compact = NULL, *description = NULL;
  g_autoptr(GPtrArray) texts = NULL;
  IbChartStyle style;

  for (guint i = 0; i < rows->len && same == G_MAXUINT; i++)
    if (g_array_index (rows, IbCompareRow, i).verdict == IB_VERDICT_SAME)
      same = i;
  g_assert_cmpuint (same, <, rows->len);
  row = &g_array_index (rows, IbCompareRow, same);
  before = ib_compare_row_chart_text (row, FALSE);
  row->verdict = IB_VERDICT_B_FASTER;
  row->ratio = 0.25;
  row->ci_low = 0.2;
  row->ci_high = 0.3;
  after = ib_compare_row_chart_text (row, FALSE);
  compact = ib_compare_row_chart_text (row, TRUE);
  g_assert_cmpstr (before, !=, after);

  fixture_style (&style, FALSE);
  style.compare = IB_COMPARE_CHART_READS;
  description = ib_chart_describe (&(IbChartRequest) { ib_chart_kind_lookup ("compare"), NULL, comparison, &style, 0, 0 });
  g_assert_nonnull (strstr (description, after));
  texts = draw_pair (comparison, IB_COMPARE_CHART_READS, 1280, 1200);
  g_assert_true (drawn (texts, after));
  g_ptr_array_unref (g_steal_pointer (&texts));
  texts = draw_pair (comparison, IB_COMPARE_CHART_READS, 540, 370);
  g_assert_true (drawn (texts, compact));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/chart/compare/legend-cache-modes", test_legend_cache_modes);
  g_test_add_func ("/chart/compare/rows-are-the-comparisons", test_rows_are_the_comparisons);
  g_test_add_func ("/chart/compare/verdict-from-the-row", test_verdict_from_the_row);
  g_test_add_func ("/chart/compare/description-too-few", test_description_too_few);
  return g_test_run ();
}
