/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-compare-map: two size x count maps compared cell by cell
 * (analysis/ib-compare-map.h), in the comparison's Markdown, HTML and
 * `iobench-cli compare`:
 *
 * - two maps of tests/report/map-fixture.c, B with one line planted to
 *   change (4 KiB x 16 files all at once: its pairs swapped, so async 1.7x
 *   faster in A becomes sync faster in B), give the map section stored in
 *   golden/compare-map.md (IOBENCH_UPDATE_GOLDEN=1 writes it again when a
 *   change of the words is meant);
 * - exactly that line is marked changed and named, with both verdicts and
 *   both ratios; a map compared with itself names none;
 * - a run without a map is named, and a pair without any map has no
 *   section. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "analysis/ib-compare-map.h"
#include "ib-test-common.h"
#include "ib-test-writers.h"
#include "map-fixture.h"
#include "report-fixture.h"
#include "report/ib-compare-writers.h"

#define PLANTED "4 KiB × 16 files all at once (async faster in A, sync faster in B)"

static void
assert_contains (const char *text,
                 const char *part)
{
  if (text == NULL || strstr (text, part) == NULL)
    g_error ("“%s” does not contain “%s”", text, part);
}

/* Map B: the fixture a day later, its 4 KiB x 16 parallel line reversed. */
static IbReport *
map_b_new (void)
{
  IbReport *b = fx_map_report_new ();
  IbDecisionLine *d = &ib_map_cell (b->map, 0, 1)->lines[IB_MAP_PARALLEL].decision;

  g_free (b->created);
  b->created = g_strdup ("2026-12-03T09:00:00Z");
  for (guint i = 0; i < d->pairs->len; i++)
    {
      IbDecisionPair *p = &g_array_index (d->pairs, IbDecisionPair, i);
      gint64 t = p->a_ns;

      p->a_ns = p->b_ns;
      p->b_ns = t;
    }
  /* and its decision, as the paired analysis of the swapped pairs gives it */
  {
    double lo = d->ci_low;

    g_assert_cmpint (d->verdict, ==, IB_PAIRED_B_FASTER);
    d->verdict = IB_PAIRED_A_FASTER;
    d->ratio = 1 / d->ratio;
    d->ci_low = 1 / d->ci_high;
    d->ci_high = 1 / lo;
  }
  return b;
}

static void
test_rows (void)
{
  g_autoptr(IbReport) a = fx_map_report_new ();
  g_autoptr(IbReport) b = map_b_new ();
  g_autoptr(GArray) rows = NULL;
  g_autofree char *summary = NULL;
  guint only_a = 9, only_b = 9, n_changed = 0;

  rows = ib_compare_maps (a, b, &only_a, &only_b);
  /* 3 sizes x 2 counts, two lines a cell */
  g_assert_cmpuint (rows->len, ==, 12);
  g_assert_cmpuint (only_a, ==, 0);
  g_assert_cmpuint (only_b, ==, 0);
  for (guint i = 0; i < rows->len; i++)
    {
      const IbCompareMapRow *row = &g_array_index (rows, IbCompareMapRow, i);

      if (!row->changed)
        {
          g_assert_cmpint (row->class_a, ==, row->class_b);
          continue;
        }
      n_changed++;
      g_assert_cmpuint (row->size, ==, 4096);
      g_assert_cmpuint (row->count, ==, 16);
      g_assert_cmpint (row->line, ==, IB_MAP_PARALLEL);
      g_assert_cmpint (row->class_a, ==, IB_MAP_CLASS_ASYNC);
      g_assert_cmpint (row->class_b, ==, IB_MAP_CLASS_SYNC);
      /* the pairs swapped: the ratio inverted */
      g_assert_cmpfloat_with_epsilon (row->iv_a.ratio * row->iv_b.ratio, 1.0, 1e-6);
    }
  g_assert_cmpuint (n_changed, ==, 1);
  summary = ib_compare_maps_summary (rows, 0, 0, "A", "B");
  g_assert_cmpstr (summary, ==,
                   "The verdict changed in 1 of the 12 lines the two maps share: " PLANTED ".");
}

/* A cell only B reached: no verdict of A to change, said apart. */
static void
test_reached_once (void)
{
  g_autoptr(IbReport) a = fx_map_report_new ();
  g_autoptr(IbReport) b = map_b_new ();
  g_autoptr(IbTable) table = NULL;

  ib_map_cell (b->map, 2, 0)->reached = TRUE;
  table = ib_table_compare_map (a, "A", b, "B");
  g_assert_cmpstr (table->note, ==,
                   "The verdict changed in 1 of the 12 lines the two maps share: " PLANTED ". "
                   "2 lines were reached in one run only.");
  /* 1 MiB x 1 file, one after another: the ninth row */
  g_assert_cmpstr (((char **) g_ptr_array_index (table->rows, 8))[0], ==,
                   "1 MiB × 1 file one after another");
  g_assert_cmpstr (((char **) g_ptr_array_index (table->rows, 8))[1], ==, "reached in B only");
}

static void
test_same (void)
{
  g_autoptr(IbReport) a = fx_map_report_new ();
  g_autoptr(IbReport) b = fx_map_report_new ();
  g_autoptr(IbTable) table = ib_table_compare_map (a, "A", b, "B");

  g_assert_nonnull (table);
  g_assert_cmpuint (table->rows->len, ==, 12);
  g_assert_cmpstr (table->note, ==, "No verdict changed in the 12 lines the two maps share.");
}

static void
test_missing (void)
{
  g_autoptr(IbReport) a = fx_map_report_new ();
  g_autoptr(IbReport) plain = fx_report_new (40);
  g_autoptr(IbReport) plain2 = fx_report_new (40);
  g_autoptr(IbTable) table = ib_table_compare_map (plain, "A", a, "B");
  g_autoptr(IbTable) none = ib_table_compare_map (plain, "A", plain2, "B");

  g_assert_nonnull (table);
  g_assert_cmpuint (table->rows->len, ==, 0);
  g_assert_cmpstr (table->note, ==, "Only B has a size × count map.");
  g_assert_null (none);
}

/* Not inlined: GCC 12 takes the returned text for a dangling local. */
static G_GNUC_NO_INLINE char *
markdown_of (IbComparison *comparison,
             const char   *dir)
{
  g_autofree char *path = g_build_filename (dir, "compare.md", NULL);
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  g_assert_true (ib_compare_save_markdown (comparison, FALSE, path, &error));
  g_assert_no_error (error);
  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  return text;
}

/* From the map's heading to the note under every comparison. */
static G_GNUC_NO_INLINE char *
map_part (const char *markdown)
{
  gsize from, to;
  const char *start = strstr (markdown, "## Size × count map");
  const char *end = start != NULL ? strstr (start, "\nRatios are the second run") : NULL;

  g_assert_nonnull (start);
  g_assert_nonnull (end);
  from = (gsize) (start - markdown);
  to = (gsize) (end - markdown);
  return g_strndup (markdown + from, to - from);
}

static void
test_golden (void)
{
  g_autofree char *dir = ib_test_make_tmpdir ("iobench-compare-map-XXXXXX");
  g_autoptr(IbReport) a = fx_map_report_new ();
  g_autoptr(IbReport) b = map_b_new ();
  g_autoptr(IbComparison) comparison = ib_test_comparison (a, b);
  g_autofree char *markdown = markdown_of (comparison, dir);
  g_autofree char *got = map_part (markdown);
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "analysis", "golden",
                                                 "compare-map.md", NULL);
  g_autofree char *want = NULL;
  g_autofree char *html = NULL;
  g_autoptr(GError) error = NULL;

  ib_test_remove_tree (dir);
  assert_contains (got, PLANTED);
  if (g_getenv ("IOBENCH_UPDATE_GOLDEN") != NULL)
    {
      g_file_set_contents (path, got, -1, &error);
      g_assert_no_error (error);
      g_test_message ("wrote %s", path);
    }
  g_file_get_contents (path, &want, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (got, ==, want);

  /* the HTML has the same section and sentence */
  html = ib_compare_to_html (comparison, FALSE, &error);
  g_assert_no_error (error);
  assert_contains (html, "<section id=\"map\">");
  assert_contains (html, "<p class=\"note\">The verdict changed in 1 of the 12 lines");
  assert_contains (html, PLANTED);
}

static void
test_cli (void)
{
  g_autofree char *dir = ib_test_make_tmpdir ("iobench-compare-map-XXXXXX");
  g_autofree char *path_a = g_build_filename (dir, "a.json", NULL);
  g_autofree char *path_b = g_build_filename (dir, "b.json", NULL);
  g_autoptr(IbReport) a = fx_map_report_new ();
  g_autoptr(IbReport) b = map_b_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL, *err = NULL;
  const char *args[] = { "compare", path_a, path_b, NULL };
  int status;

  g_assert_true (ib_test_save_json (a, path_a, &error));
  g_assert_true (ib_test_save_json (b, path_b, &error));
  g_assert_no_error (error);
  status = ib_test_run_cli (args, dir, &out, &err);
  ib_test_remove_tree (dir);
  if (status != 0)
    g_error ("compare exited %d: %s", status, err);
  assert_contains (out, "Size × count map");
  assert_contains (out, "async faster → sync faster");
  /* the sentence may be wrapped: its start and the planted line's place */
  assert_contains (out, "The verdict changed in 1 of the 12 lines");
  assert_contains (out, "4 KiB × 16 files all at once: A: async is 1.7x faster than sync");
}

int
main (int   argc,
      char *argv[])
{
  g_setenv ("TZ", "UTC", TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/compare-map/rows", test_rows);
  g_test_add_func ("/compare-map/reached-once", test_reached_once);
  g_test_add_func ("/compare-map/same", test_same);
  g_test_add_func ("/compare-map/missing", test_missing);
  g_test_add_func ("/compare-map/golden", test_golden);
  g_test_add_func ("/compare-map/cli", test_cli);
  return g_test_run ();
}
