/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-tables.c: the table model every display renders (analysis/ib-tables.h)
 * and the number formats its cells come from (analysis/ib-labels.h): the
 * cells are what the CLI, the window, HTML and Markdown show, so a wrong
 * digit here is wrong everywhere. Runs in the C.UTF-8 locale (digits grouped with ","). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <locale.h>
#include <string.h>

#include "analysis/ib-labels.h"
#include "analysis/ib-tables.h"
#include "engine/model/ib-format.h"
#include "engine/stats/ib-stats.h"
#include "engine/io/ib-strategy.h"
#include "report-fixture.h"

/* The row whose first cell is @first, or -1. */
static int
find_row (const IbTable *table,
          const char    *first)
{
  for (guint r = 0; r < table->rows->len; r++)
    if (g_strcmp0 (ib_table_cell (table, r, 0), first) == 0)
      return (int) r;
  return -1;
}

static int
find_column (const IbTable *table,
             const char    *header)
{
  for (guint c = 0; c < table->headers->len; c++)
    if (g_strcmp0 (g_ptr_array_index (table->headers, c), header) == 0)
      return (int) c;
  return -1;
}

static const char *
cell (const IbTable *table,
      const char    *first,
      const char    *header)
{
  int r = find_row (table, first);
  int c = find_column (table, header);

  if (r < 0 || c < 0)
    g_error ("no cell %s / %s in table %s", first, header, table->id);
  return ib_table_cell (table, (guint) r, (guint) c);
}

static void
test_formats (void)
{
  struct
  {
    double      ns;
    const char *want;
  } durations[] = {
    { 1.48, "1.48 ns" },
    { 45.3, "45.3 ns" },
    { 412, "412 ns" },
    { 0, "0 ns" },
    { 2.5e6, "2.50 ms" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (durations); i++)
    {
      g_autofree char *s = ib_format_duration (durations[i].ns);

      g_assert_cmpstr (s, ==, durations[i].want);
    }
  {
    g_autofree char *tput = ib_format_throughput (2650);
    g_autofree char *slow = ib_format_throughput (773);
    g_autofree char *tiny = ib_format_throughput (0.5);
    g_autofree char *ratio = ib_format_ratio (7216.6);
    g_autofree char *small = ib_format_ratio (1.06);
    g_autofree char *size = ib_format_size (G_GUINT64_CONSTANT (9) << 28);
    g_autofree char *rate = ib_format_rate_per_s (20000.5);

    /* the chart's unit rule: GiB/s from 1024 MiB/s, three digits */
    g_assert_cmpstr (tput, ==, "2.59 GiB/s");
    g_assert_cmpstr (slow, ==, "773 MiB/s");
    g_assert_cmpstr (tiny, ==, "512 KiB/s");
    /* one ratio format: not "7216.6x", not "7217×" */
    g_assert_cmpstr (ratio, ==, "7,217x");
    /* two significant digits (1.06 is not "1.06x") */
    g_assert_cmpstr (small, ==, "1.1x");
    /* 2.25 GiB, not g_format_size's 2.2 GiB */
    g_assert_cmpstr (size, ==, "2.25 GiB");
    g_assert_cmpstr (rate, ==, "20,001");
  }
}

static void
test_overhead (void)
{
  g_autoptr(IbReport) report = fx_report_new (40);
  g_autoptr(IbTable) table = NULL;
  g_autofree char *iterations = NULL;
  IbOverheadRow *direct = &g_array_index (report->overhead, IbOverheadRow, 0);
  IbOverheadRow *thread = &g_array_index (report->overhead, IbOverheadRow, 2);

  /* a fast kind as a real run has it, and a slow kind that ran fewer */
  direct->ns_per_op = 1.48;
  direct->ci_low_ns = 1.46;
  direct->ci_high_ns = 1.51;
  direct->iterations = 100000;
  thread->iterations = 1000;
  thread->ratio_to_direct = 7216.6;
  g_array_index (report->overhead, IbOverheadRow, 1).iterations = 100000;

  table = ib_table_overhead (report);
  g_assert_nonnull (table);
  g_assert_cmpstr (table->id, ==, "overhead");
  g_assert_cmpstr (cell (table, "Direct call", "Per operation"), ==, "1.48 ns");
  g_assert_cmpstr (cell (table, "Direct call", "CI of median (coverage)"), ==,
                   "1.46 ns – 1.51 ns (93.75 %)");
  g_assert_cmpstr (cell (table, "Direct call", "Iterations"), ==, "100,000");
  g_assert_cmpstr (cell (table, "Empty thread hop", "Iterations"), ==, "1,000");
  g_assert_cmpstr (cell (table, "Empty thread hop", "vs direct call"), ==, "7,217x");
  g_assert_true (ib_table_column_numeric (table, (guint) find_column (table, "Iterations")));
  g_assert_false (ib_table_column_numeric (table, 0));
  g_assert_nonnull (strstr (table->note, "over 5 repetitions"));

  /* the chart's subtitle says what ran for every kind */
  iterations = ib_overhead_iterations_text (report);
  g_assert_cmpstr (iterations, ==, "1,000 to 100,000 iterations, by kind");
  thread->iterations = 100000;
  g_clear_pointer (&iterations, g_free);
  iterations = ib_overhead_iterations_text (report);
  g_assert_cmpstr (iterations, ==, "100,000 iterations per kind");
}

static void
test_sweep_write_unlink (void)
{
  g_autoptr(IbReport) report = fx_report_new (40);
  g_autoptr(IbTable) sweep = ib_table_sweep (report);
  g_autoptr(IbTable) wu = ib_table_write_unlink (report);

  /* the first column says what the sweep varies */
  g_assert_cmpstr (g_ptr_array_index (sweep->headers, 0), ==, "Files");
  g_assert_cmpstr (ib_table_cell (sweep, 0, 0), ==, "1 file");
  g_assert_nonnull (strstr (sweep->note, "overtakes"));
  g_assert_cmpuint (sweep->rows->len, ==, report->sweep->points->len);

  g_assert_cmpstr (cell (wu, "Sync, one at a time", "Requests/s"), ==, "20,001");
  g_assert_cmpstr (cell (wu, "Sync, one at a time", "Time taken"), ==, "100 ms");
  g_assert_cmpstr (cell (wu, "Async GIO", "Most in flight"), ==, "1,000");
  g_assert_cmpstr (cell (wu, "Async GIO", "100 %"), ==, "900 µs");
  /* no tick data: empty, not "0 ns" */
  g_assert_cmpstr (cell (wu, "Async GIO", "Longest stall"), ==, "");
  g_assert_nonnull (strstr (wu->note, "1,000 at once"));
}

/* The header of every column a display of @width shows, joined by "|". */
static char *
shown_headers (const IbTable *table,
               IbTableWidth   width)
{
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint c = 0; c < table->headers->len; c++)
    if (ib_table_column_shown (table, c, width))
      g_string_append_printf (out, "%s%s", out->len > 0 ? "|" : "",
                              (char *) g_ptr_array_index (table->headers, c));
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* The statistics table: every detail for a wide display, fewer and denser
 * columns for a terminal, each with its own note. */
static void
test_statistics (void)
{
  g_autoptr(IbReport) report = fx_report_new (40);
  g_autoptr(IbTable) table = NULL;
  g_autofree char *wide = NULL;
  g_autofree char *narrow = NULL;
  IbStats *one;
  int n_narrow;

  /* one sample: a median but no interval */
  one = &g_array_index (report->statistics, IbStats, 2);
  one->n = 1;
  one->ci_low_ns = one->ci_high_ns = one->median_ns;
  table = ib_table_statistics (report);
  wide = shown_headers (table, IB_TABLE_WIDE);
  narrow = shown_headers (table, IB_TABLE_NARROW);
  g_assert_cmpstr (wide, ==, "Strategy|n|Median|CI of median|Coverage|Min|Max|CV|Throughput|CPU|"
                             "CPU user (est.)|CPU system (est.)|vs fastest|"
                             "Outliers mild/severe|Failed|Excluded");
  g_assert_cmpstr (narrow, ==, "Strategy|Median|CI of median|Throughput|CPU|user / sys (est.)|"
                               "vs fastest|Longest stall|n");
  n_narrow = (int) table->headers->len - 1;
  g_assert_false (ib_table_column_shown (table, (guint) n_narrow, IB_TABLE_WIDE));

  /* the narrow cells: the split of the CPU time in one, the stall, and
   * what was left out said beside n */
  g_assert_cmpstr (cell (table, "Sync single read", "user / sys (est.)"), ==,
                   "3.35 ms / 5.03 ms");
  g_assert_cmpstr (cell (table, "Sync single read", "Longest stall"), ==, "10.1 ms");
  g_assert_cmpstr (ib_table_cell (table, (guint) find_row (table, "Sync single read"),
                                  (guint) n_narrow), ==, "8");
  g_assert_cmpstr (ib_table_cell (table, (guint) find_row (table, "Async load contents (serial)"),
                                  (guint) n_narrow), ==, "7 (+1 excluded)");
  g_assert_cmpstr (ib_table_cell (table, 2, (guint) n_narrow), ==, "1 (1 failed)");
  g_assert_cmpstr (ib_table_cell (table, 2, 3), ==, "");
  g_assert_cmpstr (ib_table_cell (table, 2, 2), !=, "");

  /* the wide note explains the columns; the narrow one the coverage at the
   * sample counts the table has, a line each */
  g_assert_nonnull (strstr (ib_table_get_note (table, IB_TABLE_WIDE), "Coverage is the"));
  g_assert_cmpstr (ib_table_get_note (table, IB_TABLE_NARROW), ==,
                   "Medians of the valid samples: warm-ups, failed and excluded samples left "
                   "out.\n"
                   "CI of median: distribution-free order-statistic interval; coverage "
                   "99.22 % at n = 8, 98.44 % at n = 7\n"
                   "“(hint)” marks a factor from fewer than 5 samples on a side: a hint, "
                   "not a verdict.\n");
  /* the one-sample row's factor is a hint, said once what that is */
  g_assert_true (g_str_has_suffix (cell (table, ib_strategy_title (one->strategy), "vs fastest"),
                                   "x (hint)"));
  g_assert_nonnull (strstr (ib_table_get_note (table, IB_TABLE_WIDE), "“(hint)” marks a factor"));
}

/* A stopped run's strategy it never came to: "not measured (stopped)" in
 * place of its median and once under the table, never "failed"; the same
 * row in a run that did not stop (a strategy added to the plan after it)
 * says "not measured". */
static void
test_statistics_stopped (void)
{
  g_autoptr (IbReport) report = fx_report_new (40);
  g_autoptr (IbTable) table = NULL;
  g_autoptr (IbTable) whole = NULL;
  int row;

  g_ptr_array_add (report->plan->strategies, g_strdup ("mmap"));
  ib_report_compute_statistics (report);
  report->partial = FALSE;
  whole = ib_table_statistics (report);
  g_assert_cmpstr (cell (whole, "Memory map", "Median"), ==, "not measured");
  g_assert_null (strstr (ib_table_get_note (whole, IB_TABLE_WIDE), "stopped"));

  report->partial = TRUE;
  table = ib_table_statistics (report);
  row = find_row (table, "Memory map");
  g_assert_cmpint (row, >=, 0);
  g_assert_cmpstr (cell (table, "Memory map", "Median"), ==, "not measured (stopped)");
  g_assert_cmpstr (cell (table, "Memory map", "Failed"), ==, "0");
  for (guint c = 0; c < table->headers->len; c++)
    g_assert_null (strstr (ib_table_cell (table, (guint) row, c), "failed"));
  /* the measured rows keep their numbers */
  g_assert_cmpstr (cell (table, "Sync single read", "Median"), !=, "not measured (stopped)");
  g_assert_nonnull (strstr (ib_table_get_note (table, IB_TABLE_WIDE),
                            "Not measured, as the run was stopped before it came to it: "
                            "Memory map."));
  g_assert_nonnull (strstr (ib_table_get_note (table, IB_TABLE_NARROW),
                            "Not measured, as the run was stopped before it came to it: "
                            "Memory map.\n"));
  /* a strategy with only a failed sample did fail: no "not measured" */
  g_assert_null (ib_stats_unmeasured_text (report, &g_array_index (report->statistics,
                                                                   IbStats, 2)));
}

static void
test_compare (void)
{
  g_autoptr(IbReport) a = fx_report_new (40);
  g_autoptr(IbReport) b = fx_report_new (10);
  g_autoptr(IbReport) bare = fx_report_new (10);
  g_autoptr(IbTable) reads = ib_table_compare (a, "A", b, "B", IB_COMPARE_READS);
  g_autoptr(IbTable) overhead = ib_table_compare (a, "A", b, "B", IB_COMPARE_OVERHEAD);
  g_autoptr(IbTable) missing = NULL;
  guint last;
  int row;

  g_assert_cmpstr (reads->id, ==, "reads");
  g_assert_cmpuint (reads->rows->len, >, 0);
  last = reads->headers->len - 1;
  /* the verdict is the one sentence column; the numbers are right-aligned */
  g_assert_cmpstr (g_ptr_array_index (reads->headers, last), ==, "Verdict");
  g_assert_true (ib_table_column_prose (reads, last));
  g_assert_false (ib_table_column_numeric (reads, last));
  g_assert_true (ib_table_column_numeric (reads, 1));
  g_assert_cmpint (find_column (reads, "Median in A"), ==, 1);
  g_assert_cmpint (find_column (reads, "Stall in B"), >, 0);
  row = find_row (reads, "Async load contents (serial)");
  g_assert_cmpint (row, >=, 0);
  /* B's async reads take a quarter of A's: one ratio format, the direction said once */
  g_assert_cmpstr (ib_table_cell (reads, (guint) row, 3), ==, "0.25x");
  g_assert_true (g_str_has_prefix (ib_table_cell (reads, (guint) row, last),
                                   "B is 4.0x faster than A ("));
  g_assert_cmpstr (cell (overhead, "Direct call", "Median in A"), ==, "2.50 ns");
  g_assert_null (overhead->note);

  /* a section only one run has: no rows, the note says why */
  g_clear_pointer (&bare->write_unlink, ib_write_unlink_free);
  missing = ib_table_compare (a, "A", bare, "B", IB_COMPARE_WRITE_UNLINK);
  g_assert_cmpuint (missing->rows->len, ==, 0);
  g_assert_cmpstr (missing->note, ==, "Only A has write + delete results");
}

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/tables/formats", test_formats);
  g_test_add_func ("/tables/overhead", test_overhead);
  g_test_add_func ("/tables/sweep-write-unlink", test_sweep_write_unlink);
  g_test_add_func ("/tables/compare", test_compare);
  g_test_add_func ("/tables/statistics", test_statistics);
  g_test_add_func ("/tables/statistics-stopped", test_statistics_stopped);
  return g_test_run ();
}
