/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-compare: two reports compared section by section (analysis/ib-compare.h):
 * reads, dispatch overhead, write + delete and sweep points, the verdict
 * rule, the direction said once with the runs' names, and the facts that
 * differ between the runs. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gstdio.h>

#include "chart/ib-chart.h"
#include "engine/stats/ib-stats.h"
#include "analysis/ib-compare.h"
#include "report/ib-compare-writers.h"
#include "analysis/ib-labels.h"
#include "report-fixture.h"
#include "ib-test-writers.h"
#include "ib-test-common.h"

static void
assert_contains (const char *text,
                 const char *part)
{
  if (text == NULL || strstr (text, part) == NULL)
    g_error ("“%s” does not contain “%s”", text, part);
}

static const IbCompareRow *
find_row (GArray     *rows,
          const char *id,
          guint64     value)
{
  for (guint i = 0; i < rows->len; i++)
    {
      const IbCompareRow *row = &g_array_index (rows, IbCompareRow, i);

      if (g_str_equal (row->strategy, id) && row->value == value)
        return row;
    }
  g_error ("no row %s (%" G_GUINT64_FORMAT ")", id, value);
  return NULL;
}

static void
scale_overhead (IbReport *report,
                double    factor,
                guint     repeat)
{
  for (guint i = 0; i < report->overhead->len; i++)
    {
      IbOverheadRow *o = &g_array_index (report->overhead, IbOverheadRow, i);

      o->ns_per_op *= factor;
      o->ci_low_ns *= factor;
      o->ci_high_ns *= factor;
      o->repeat = repeat;
    }
}

static void
test_names (void)
{
  g_autoptr(IbReport) a = fx_report_new (40);
  g_autoptr(IbReport) b = fx_report_new (40);
  g_autofree char *date = ib_report_date_text (a);
  g_autofree char *name = ib_compare_side_name (a);
  g_autofree char *na = NULL, *nb = NULL, *na2 = NULL, *nb2 = NULL;

  /* one format, the history's, in local time (TZ=UTC here) */
  g_assert_cmpstr (date, ==, "29 Nov 2026, 23:00");
  g_assert_cmpstr (name, ==, "Quick, 29 Nov 2026, 23:00");

  /* the same preset and minute: told apart by a letter */
  ib_compare_side_names (a, b, &na, &nb);
  g_assert_cmpstr (na, ==, "Quick, 29 Nov 2026, 23:00 (A)");
  g_assert_cmpstr (nb, ==, "Quick, 29 Nov 2026, 23:00 (B)");

  g_free (b->created);
  b->created = g_strdup ("2026-12-01T02:54:10Z");
  g_clear_pointer (&b->plan->preset, g_free);
  ib_compare_side_names (a, b, &na2, &nb2);
  g_assert_cmpstr (na2, ==, "Quick, 29 Nov 2026, 23:00");
  g_assert_cmpstr (nb2, ==, "Custom Plan, 1 Dec 2026, 02:54");

  g_free (b->created);
  b->created = NULL;
  g_clear_pointer (&date, g_free);
  date = ib_report_date_text (b);
  g_assert_cmpstr (date, ==, "Unknown date");
}

static void
test_reads (void)
{
  g_autoptr(IbReport) a = fx_report_new (40);
  g_autoptr(IbReport) b = fx_report_new (10);
  g_autoptr(GArray) rows = ib_compare_section (a, b, IB_COMPARE_READS);
  g_autoptr(GArray) old = ib_compare_reports (a, b);
  const IbCompareRow *row = find_row (rows, FX_ASYNC, 0);
  g_autofree char *sentence = ib_compare_row_sentence (row, "Quick, 29 Nov", "Quick, 1 Dec");
  g_autofree char *text = ib_compare_row_text (row);
  g_autofree char *same = ib_compare_row_sentence (find_row (rows, FX_SYNC, 0), "X", "Y");

  g_assert_cmpuint (rows->len, ==, old->len);
  g_assert_cmpint (row->section, ==, IB_COMPARE_READS);
  g_assert_cmpstr (row->label, ==, "Async load contents (serial)");
  /* 40 ms in A, 10 ms in B: B faster, said once, both runs named */
  g_assert_cmpint (row->verdict, ==, IB_VERDICT_B_FASTER);
  assert_contains (sentence, "Quick, 1 Dec is 4.0x faster than Quick, 29 Nov (");
  assert_contains (sentence, " interval ");
  g_assert_null (strstr (sentence, "cannot be told apart"));
  assert_contains (text, "B is 4.0x faster than A (");
  /* the same data on both sides: one "cannot be told apart" */
  g_assert_cmpint (find_row (rows, FX_SYNC, 0)->verdict, ==, IB_VERDICT_SAME);
  assert_contains (same, "X and Y cannot be told apart (ratio 1.0, ");
}

static void
test_overhead (void)
{
  g_autoptr(IbReport) a = fx_report_new (40);
  g_autoptr(IbReport) b = fx_report_new (40);
  g_autoptr(IbReport) few = fx_report_new (40);
  g_autoptr(GArray) same = NULL;
  g_autoptr(GArray) rows = NULL;
  g_autoptr(GArray) too_few = NULL;
  g_autofree char *text = NULL;
  const IbCompareRow *row;

  same = ib_compare_section (a, a, IB_COMPARE_OVERHEAD);
  g_assert_cmpuint (same->len, ==, a->overhead->len);
  for (guint i = 0; i < same->len; i++)
    g_assert_cmpint (g_array_index (same, IbCompareRow, i).verdict, ==, IB_VERDICT_SAME);

  /* B twice as costly, intervals apart: slower, with the product of the
   * two coverages (5 repetitions: 93.75 % each) */
  scale_overhead (b, 2, 5);
  rows = ib_compare_section (a, b, IB_COMPARE_OVERHEAD);
  row = find_row (rows, "gtask", 0);
  g_assert_cmpint (row->section, ==, IB_COMPARE_OVERHEAD);
  g_assert_cmpint (row->verdict, ==, IB_VERDICT_A_FASTER);
  g_assert_cmpfloat_with_epsilon (row->ratio, 2.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (row->ci_low, 2 * 90.3 / 99.7, 1e-9);
  g_assert_cmpfloat_with_epsilon (row->ci_high, 2 * 99.7 / 90.3, 1e-9);
  g_assert_cmpfloat_with_epsilon (row->ci_level, 0.9375 * 0.9375, 1e-9);
  g_assert_cmpuint (row->n_a, ==, 5);
  text = ib_compare_row_sentence (row, "A run", "B run");
  g_assert_cmpstr (text, ==, "B run is 2.0x slower than A run (<95 % interval 1.8-2.3)");

  /* 4 repetitions a side: no verdict, however far apart */
  scale_overhead (few, 3, 4);
  scale_overhead (a, 1, 4);
  too_few = ib_compare_section (a, few, IB_COMPARE_OVERHEAD);
  row = find_row (too_few, "thread", 0);
  g_assert_cmpint (row->verdict, ==, IB_VERDICT_TOO_FEW);
  g_clear_pointer (&text, g_free);
  text = ib_compare_row_text (row);
  g_assert_cmpstr (text, ==, "too few samples to tell (n = 4; at least 5 needed)");
}

static void
test_write_unlink (void)
{
  g_autoptr(IbReport) a = fx_report_new (40);
  g_autoptr(IbReport) b = fx_report_new (40);
  g_autoptr(GArray) rows = NULL;
  g_autofree char *missing = NULL;
  g_autofree char *none = NULL;
  const IbCompareRow *row;

  g_array_index (b->write_unlink->modes, IbWriteUnlinkMode, 0).total_ns *= 3;
  rows = ib_compare_section (a, b, IB_COMPARE_WRITE_UNLINK);
  g_assert_cmpuint (rows->len, ==, 2);
  row = find_row (rows, "sync-serial", 0);
  /* one run a mode: the ratio, never a verdict */
  g_assert_cmpfloat_with_epsilon (row->ratio, 3.0, 1e-9);
  g_assert_cmpint (row->verdict, ==, IB_VERDICT_TOO_FEW);
  g_assert_cmpuint (row->n_a, ==, 1);
  g_assert_cmpfloat (row->stall_a_ns, ==, 100000000);
  g_assert_cmpfloat (find_row (rows, "async-gio", 0)->stall_a_ns, <, 0);

  g_clear_pointer (&b->write_unlink, ib_write_unlink_free);
  missing = ib_compare_section_missing (a, "First", b, "Second", IB_COMPARE_WRITE_UNLINK);
  g_assert_cmpstr (missing, ==, "Only First has write + delete results");
  none = ib_compare_section_missing (b, "First", b, "Second", IB_COMPARE_WRITE_UNLINK);
  g_assert_cmpstr (none, ==, "Neither run has write + delete results");
  g_assert_null (ib_compare_section_missing (a, "First", a, "Second", IB_COMPARE_READS));
}

static void
add_runs (IbReport *report,
          guint     n,
          double    scale)
{
  report->write_unlink->runs_per_mode = n;
  for (guint i = 0; i < n; i++)
    {
      IbWriteUnlinkPass run = { NULL };

      run.mode = g_strdup ("sync-serial");
      run.round = i;
      /* 100-107 ms, times @scale */
      run.total_ns = (gint64) ((100 + i) * 1e6 * scale);
      g_array_append_val (report->write_unlink->runs, run);
    }
}

/* Replicated write+delete runs give the comparison an interval and a
 * verdict, by the reads' rule; one run a mode (above) never does. */
static void
test_write_unlink_replicated (void)
{
  g_autoptr(IbReport) a = fx_report_new (40);
  g_autoptr(IbReport) b = fx_report_new (40);
  g_autoptr(IbReport) c = fx_report_new (40);
  g_autoptr(GArray) rows = NULL;
  g_autoptr(GArray) same = NULL;
  const IbCompareRow *row;

  add_runs (a, 8, 1.0);
  add_runs (b, 8, 3.0);
  add_runs (c, 8, 1.0);
  rows = ib_compare_section (a, b, IB_COMPARE_WRITE_UNLINK);
  row = find_row (rows, "sync-serial", 0);
  g_assert_cmpuint (row->n_a, ==, 8);
  g_assert_cmpuint (row->n_b, ==, 8);
  g_assert_cmpint (row->verdict, ==, IB_VERDICT_A_FASTER);
  g_assert_cmpfloat (row->ci_low, >, 0);
  g_assert_cmpfloat (row->ci_low, <=, row->ratio);
  g_assert_cmpfloat (row->ratio, <=, row->ci_high);
  /* the same runs on both sides: no difference claimed */
  same = ib_compare_section (a, c, IB_COMPARE_WRITE_UNLINK);
  g_assert_cmpint (find_row (same, "sync-serial", 0)->verdict, ==, IB_VERDICT_SAME);
}

static void
test_sweep (void)
{
  g_autoptr(IbReport) a = fx_report_new (40);
  g_autoptr(IbReport) b = fx_report_new (40);
  g_autoptr(GArray) rows = NULL;
  g_autoptr(GArray) none = NULL;
  g_autofree char *why = NULL;
  g_autofree char *text = NULL;
  const IbCompareRow *row;

  for (guint i = 0; i < b->sweep->points->len; i++)
    {
      IbSweepPoint *p = &g_array_index (b->sweep->points, IbSweepPoint, i);

      p->median_ns /= 2;
      p->ci_low_ns /= 2;
      p->ci_high_ns /= 2;
    }
  rows = ib_compare_section (a, b, IB_COMPARE_SWEEP);
  /* one row per point: 3 values x 2 strategies */
  g_assert_cmpuint (rows->len, ==, a->sweep->points->len);
  row = find_row (rows, "sync-load-contents", 10);
  g_assert_cmpstr (row->label, ==, "10 files · Sync load contents");
  g_assert_cmpint (row->verdict, ==, IB_VERDICT_B_FASTER);
  g_assert_cmpfloat_with_epsilon (row->ratio, 0.5, 1e-9);
  text = ib_compare_row_sentence (row, "A", "B");
  assert_contains (text, "B is 2.0x faster than A (95 % interval");

  /* different things varied: nothing matched, and why */
  b->sweep->vary = IB_VARY_SIZE;
  none = ib_compare_section (a, b, IB_COMPARE_SWEEP);
  g_assert_cmpuint (none->len, ==, 0);
  why = ib_compare_section_missing (a, "A", b, "B", IB_COMPARE_SWEEP);
  g_assert_cmpstr (why, ==, "The sweeps vary different things: the file count in A, "
                            "the file size in B");
}

static void
test_facts (void)
{
  g_autoptr(IbReport) a = fx_report_new (40);
  g_autoptr(IbReport) b = fx_report_new (40);
  g_autoptr(GArray) facts = NULL;
  guint n_differ = 0;

  g_free (b->environment->fs_type);
  b->environment->fs_type = g_strdup ("tmpfs");
  b->plan->cache = IB_CACHE_WARM;
  /* b stopped after its warm-up and 2 of its 8 measured rounds */
  for (guint i = b->samples->len; i-- > 0;)
    if (g_array_index (b->samples, IbSample, i).round > 2)
      g_array_remove_index (b->samples, i);
  facts = ib_compare_facts (a, b);
  g_assert_cmpuint (facts->len, >=, 10);
  for (guint i = 0; i < facts->len; i++)
    {
      const IbCompareFact *f = &g_array_index (facts, IbCompareFact, i);

      g_assert_nonnull (f->a);
      g_assert_nonnull (f->b);
      if (f->differs)
        n_differ++;
      if (g_str_equal (f->what, "Cache"))
        {
          g_assert_true (f->differs);
          g_assert_cmpstr (f->a, ==, "cold cache");
          g_assert_cmpstr (f->b, ==, "warm cache");
        }
      if (g_str_equal (f->what, "Rounds"))
        {
          g_assert_cmpstr (f->a, ==, "8 (+1 warm-up)");
          g_assert_cmpstr (f->b, ==, "2 of 8 planned (+1 warm-up)");
        }
      /* a cold run reads through the page cache too: buffered, not direct */
      if (g_str_equal (f->what, "Reads"))
        {
          g_assert_true (g_str_has_prefix (f->a, "buffered I/O"));
          g_assert_null (strstr (f->a, "page cache"));
        }
      if (g_str_equal (f->what, "Host"))
        g_assert_false (f->differs);
      if (g_str_equal (f->what, "File system"))
        assert_contains (f->b, "tmpfs");
    }
  g_assert_cmpuint (n_differ, ==, 3);
}

/* The compare chart draws each part both runs have; AUTO picks the first. */
static void
test_chart_parts (void)
{
  g_autoptr(IbReport) a = fx_report_new (40);
  g_autoptr(IbReport) b = fx_report_new (10);
  g_autoptr(IbReport) bare = ib_report_new ();
  g_autoptr(IbComparison) pair = ib_test_comparison (a, b);
  g_autoptr(IbComparison) with_bare = ib_test_comparison (a, bare);
  g_autoptr(IbComparison) no_reads = NULL;
  g_autoptr(IbComparison) other_sweep = NULL;
  g_autofree char *dir = ib_test_make_tmpdir ("iobench-compare-XXXXXX");
  g_autoptr(GPtrArray) pngs = g_ptr_array_new_with_free_func (g_free);

  for (int w = IB_COMPARE_CHART_READS; w < IB_N_COMPARE_CHARTS; w++)
    {
      g_autofree char *name = g_strdup_printf ("part-%d.png", w);
      char *path = g_build_filename (dir, name, NULL);
      g_autoptr(GError) error = NULL;
      IbChartStyle style;

      g_assert_true (ib_chart_compare_has_data ((IbCompareChart) w, pair));
      g_assert_false (ib_chart_compare_has_data ((IbCompareChart) w, with_bare));
      ib_chart_style_init_light (&style);
      style.compare = (IbCompareChart) w;
      g_assert_true (ib_chart_export (&(IbChartRequest) { ib_chart_kind_lookup ("compare"), NULL, pair, &style, 800, ib_compare_chart_height (pair, style.compare) }, ib_chart_format_lookup ("png"), path, 1, &error));
      g_assert_no_error (error);
      g_ptr_array_add (pngs, path);
    }
  /* four different pictures */
  for (guint i = 0; i < pngs->len; i++)
    for (guint j = i + 1; j < pngs->len; j++)
      {
        g_autofree char *x = NULL, *y = NULL;
        gsize nx = 0, ny = 0;

        g_assert_true (g_file_get_contents (g_ptr_array_index (pngs, i), &x, &nx, NULL));
        g_assert_true (g_file_get_contents (g_ptr_array_index (pngs, j), &y, &ny, NULL));
        g_assert_false (nx == ny && memcmp (x, y, nx) == 0);
      }
  for (guint i = 0; i < pngs->len; i++)
    g_assert_cmpint (g_unlink (g_ptr_array_index (pngs, i)), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);

  g_assert_cmpint (ib_chart_compare_resolve (IB_COMPARE_CHART_AUTO, pair), ==,
                   IB_COMPARE_CHART_READS);
  /* the row charts grow with their rows, never into the compact layout */
  g_assert_cmpint (ib_compare_chart_height (pair, IB_COMPARE_CHART_OVERHEAD), >=, 400);
  g_assert_cmpint (ib_compare_chart_height (pair, IB_COMPARE_CHART_SWEEP), >,
                   ib_compare_chart_height (pair, IB_COMPARE_CHART_WRITE_UNLINK));
  /* no reads in either: the overhead is what there is to chart */
  g_array_set_size (a->statistics, 0);
  g_array_set_size (b->statistics, 0);
  no_reads = ib_test_comparison (a, b);
  g_assert_false (ib_chart_compare_has_data (IB_COMPARE_CHART_READS, no_reads));
  g_assert_true (ib_chart_has_data (ib_chart_kind_lookup ("compare"), NULL, no_reads));
  g_assert_cmpint (ib_chart_compare_resolve (IB_COMPARE_CHART_AUTO, no_reads), ==,
                   IB_COMPARE_CHART_OVERHEAD);
  /* sweeps of different things are not compared */
  b->sweep->vary = IB_VARY_SIZE;
  other_sweep = ib_test_comparison (a, b);
  g_assert_false (ib_chart_compare_has_data (IB_COMPARE_CHART_SWEEP, other_sweep));
}

/* A small chart draws "≈"; its tooltip still says the verdict in full. */
static void
test_chart_tooltip_full (void)
{
  g_autoptr(IbReport) a = fx_report_new (40);
  g_autoptr(IbReport) b = fx_report_new (40);
  g_autoptr(IbComparison) pair = ib_test_comparison (a, b);
  IbChartStyle style;
  guint n_full = 0;

  ib_chart_style_init_light (&style);
  for (double y = 0; y < 400; y += 3)
    {
      g_autofree char *tip = ib_chart_query_tooltip (&(IbChartRequest) { ib_chart_kind_lookup ("compare"), NULL, pair, &style, 320, 400 }, 160, y);

      if (tip == NULL)
        continue;
      g_assert_false (g_str_has_suffix (tip, "≈"));
      if (g_str_has_suffix (tip, "cannot be told apart"))
        n_full++;
    }
  g_assert_cmpuint (n_full, >, 0);
}

/* The Markdown cannot be written: none of its charts is left behind. */
static void
test_markdown_nothing_left (void)
{
  g_autoptr(IbReport) a = fx_report_new (40);
  g_autoptr(IbReport) b = fx_report_new (10);
  g_autofree char *dir = ib_test_make_tmpdir ("iobench-compare-XXXXXX");
  g_autofree char *md = g_build_filename (dir, "c.md", NULL);
  g_autofree char *html = g_build_filename (dir, "c.md", "c.html", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) listing = NULL;
  g_autoptr(IbComparison) comparison = ib_test_comparison (a, b);
  guint n = 0;

  /* a folder where the Markdown file should go */
  g_assert_cmpint (g_mkdir (md, 0700), ==, 0);
  g_assert_false (ib_compare_save_markdown (comparison, FALSE, md, &error));
  g_assert_nonnull (error);
  listing = g_dir_open (dir, 0, NULL);
  while (g_dir_read_name (listing) != NULL)
    n++;
  g_assert_cmpuint (n, ==, 1);   /* the folder c.md alone */
  g_clear_error (&error);
  /* HTML into a folder that is not there: an error naming nothing written */
  g_assert_cmpint (g_rmdir (md), ==, 0);
  g_assert_false (ib_compare_save_html (comparison, FALSE, html, &error));
  g_assert_nonnull (error);
  g_assert_false (g_file_test (html, G_FILE_TEST_EXISTS));
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  /* dates in local time: make it UTC */
  g_setenv ("TZ", "UTC", TRUE);
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/report/compare/names", test_names);
  g_test_add_func ("/report/compare/reads", test_reads);
  g_test_add_func ("/report/compare/overhead", test_overhead);
  g_test_add_func ("/report/compare/write-unlink", test_write_unlink);
  g_test_add_func ("/report/compare/write-unlink-replicated", test_write_unlink_replicated);
  g_test_add_func ("/report/compare/sweep", test_sweep);
  g_test_add_func ("/report/compare/facts", test_facts);
  g_test_add_func ("/report/compare/chart-parts", test_chart_parts);
  g_test_add_func ("/report/compare/chart-tooltip-full", test_chart_tooltip_full);
  g_test_add_func ("/report/compare/markdown-nothing-left", test_markdown_nothing_left);
  return g_test_run ();
}
