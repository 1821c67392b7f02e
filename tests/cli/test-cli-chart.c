/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-chart: `iobench-cli chart` end to end (suite 'cli'): files it
 * writes, exit codes and messages for bad input. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "chart-fixtures.h"
#include "report/ib-report-io.h"
#include "ib-test-writers.h"
#include "ib-test-common.h"

/* Pixels of a row of a 1200 px chart that grid lines and the axis take
 * across an empty plot (a dozen); a row with a bar, a label or a dot
 * holds far more. */
#define GRID_INK 24
/* The most rows of only grid lines a chart may hold in one band: the gap
 * between two rows (up to FIXTURE_BAND_MAX) and some; 3 rows centred in
 * 700 px leave about 190 above and below them. */
#define GRID_BAND_MAX (2 * FIXTURE_BAND_MAX)

typedef struct
{
  char *dir;
  char *full;       /* report with every part */
  char *other;
  char *one;        /* read results only */
  char *few;        /* 3 strategies */
  char *many;       /* 16 strategies */
  char *garbage;
} Fixture;

static char *
save (const char *dir,
      const char *name,
      IbReport   *report)
{
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (dir, name, NULL);

  g_assert_true (ib_test_save_json (report, path, &error));
  g_assert_no_error (error);
  ib_report_unref (report);
  return path;
}

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  f->dir = ib_test_make_tmpdir ("iobench-cli-chart-XXXXXX");
  f->full = save (f->dir, "full.json", fixture_full ());
  f->other = save (f->dir, "other.json", fixture_other ());
  f->one = save (f->dir, "one.json", fixture_one_strategy ());
  f->few = save (f->dir, "few.json", fixture_many (3));
  f->many = save (f->dir, "many.json", fixture_many (16));
  f->garbage = g_build_filename (f->dir, "garbage.json", NULL);
  g_assert_true (g_file_set_contents (f->garbage, "{ \"schema\": 12", -1, &error));
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  g_autoptr(GDir) d = g_dir_open (f->dir, 0, NULL);
  const char *name;

  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (f->dir, name, NULL);

      g_assert_cmpint (g_unlink (path), ==, 0);
    }
  g_assert_cmpint (g_rmdir (f->dir), ==, 0);
  g_free (f->dir);
  g_free (f->full);
  g_free (f->other);
  g_free (f->one);
  g_free (f->few);
  g_free (f->many);
  g_free (f->garbage);
}

/* Runs iobench-cli chart ARGS...; returns the exit status, stderr in *err. */
static int
run_chart (char       **err,
           const char  *first,
           ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  const char *cli = g_getenv ("IOBENCH_CLI");
  g_autofree char *out = NULL;
  va_list args;
  int status;

  g_assert_nonnull (cli);
  g_ptr_array_add (argv, (char *) cli);
  g_ptr_array_add (argv, (char *) "chart");
  va_start (args, first);
  for (const char *a = first; a != NULL; a = va_arg (args, const char *))
    g_ptr_array_add (argv, (char *) a);
  va_end (args);
  g_ptr_array_add (argv, NULL);

  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               &out, err, &status, &error));
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (status));
  return WEXITSTATUS (status);
}

static void
assert_png_size (const char *path,
                 int         width,
                 int         height)
{
  cairo_surface_t *s = cairo_image_surface_create_from_png (path);

  g_assert_cmpint (cairo_surface_status (s), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (s), ==, width);
  g_assert_cmpint (cairo_image_surface_get_height (s), ==, height);
  cairo_surface_destroy (s);
}

/* The height iobench-cli chart draws @kind of @from (and @with) at 1200 px
 * wide without --height: as tall as its rows need, 700 without rows. */
static int
fit_height (const IbChartKindInfo *kind,
            const char            *from,
            const char            *with)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (IbReport) a = ib_report_load_json (from, &error);
  g_autoptr (IbReport) b = ib_report_load_json (with, &error);
  g_autoptr (IbComparison) pair = NULL;
  IbChartStyle style;

  g_assert_no_error (error);
  ib_chart_style_init_light (&style);
  if (kind->two_runs)
    pair = ib_test_comparison (a, b);
  return ib_chart_fit_height (&(IbChartRequest) { kind, a, pair, &style, 1200, 700 });
}

static void
test_writes_files (Fixture       *f,
                   gconstpointer  data)
{
  g_autofree char *png = g_build_filename (f->dir, "a.png", NULL);
  g_autofree char *png2 = g_build_filename (f->dir, "b.png", NULL);
  g_autofree char *svg = g_build_filename (f->dir, "c.svg", NULL);
  g_autofree char *pdf = g_build_filename (f->dir, "d.pdf", NULL);
  g_autofree char *contents = NULL;

  for (guint k = 0; k < ib_chart_n_kinds (); k++)
    {
      g_autofree char *err = NULL;

      g_assert_cmpint (run_chart (&err, "--from", f->full, "--kind", ib_chart_kind_nth (k)->id,
                                  "--with", f->other, "--png", png, NULL),
                       ==, 0);
      g_assert_cmpstr (err, ==, "");
      assert_png_size (png, 1200, fit_height (ib_chart_kind_nth (k), f->full, f->other));
    }
  {
    g_autofree char *err = NULL;

    g_assert_cmpint (run_chart (&err, "--from", f->full, "--png", png2, "--width", "400",
                                "--height", "300", "--scale", "2", "--dark", "--log", NULL), ==, 0);
    assert_png_size (png2, 800, 600);
  }
  {
    g_autofree char *err = NULL;

    g_assert_cmpint (run_chart (&err, "--from", f->full, "--kind", "sweep", "--svg", svg, NULL),
                     ==, 0);
    g_assert_true (g_file_get_contents (svg, &contents, NULL, NULL));
    g_assert_nonnull (strstr (contents, "<svg"));
  }
  {
    g_autofree char *err = NULL;

    g_free (contents);
    g_assert_cmpint (run_chart (&err, "--from", f->full, "--kind", "overhead", "--pdf", pdf,
                                "--high-contrast", NULL), ==, 0);
    g_assert_true (g_file_get_contents (pdf, &contents, NULL, NULL));
    g_assert_true (g_str_has_prefix (contents, "%PDF-"));
  }
}

/* Without --height a chart of 3 rows is shorter than one of 16 and leaves
 * no empty band under its last row; --height still sets the height. */
static void
test_fits_rows (Fixture      *f,
                gconstpointer data)
{
  g_autofree char *few_png = g_build_filename (f->dir, "few.png", NULL);
  g_autofree char *many_png = g_build_filename (f->dir, "many.png", NULL);
  g_autofree char *fixed_png = g_build_filename (f->dir, "fixed.png", NULL);
  g_autofree char *err = NULL;
  IbChartStyle     style;
  int              few_height, many_height, fixed_height;
  int              few_band, many_band, fixed_band;

  ib_chart_style_init_light (&style);
  g_assert_cmpint (run_chart (&err, "--from", f->few, "--png", few_png, NULL), ==, 0);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_chart (&err, "--from", f->many, "--png", many_png, NULL), ==, 0);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_chart (&err, "--from", f->few, "--height", "700", "--png", fixed_png,
                              NULL),
                   ==, 0);

  few_band = fixture_tallest_band (few_png, &style.background, GRID_INK, &few_height);
  many_band = fixture_tallest_band (many_png, &style.background, GRID_INK, &many_height);
  fixed_band = fixture_tallest_band (fixed_png, &style.background, GRID_INK, &fixed_height);
  g_test_message ("3 rows: %d px tall, band %d; 16 rows: %d px, band %d; "
                  "3 rows at --height 700: band %d",
                  few_height, few_band, many_height,
                  many_band, fixed_band);
  g_assert_cmpint (few_height, <, many_height);
  g_assert_cmpint (few_height, ==, fit_height (ib_chart_kind_nth (0), f->few, f->few));
  g_assert_cmpint (few_band, <=, GRID_BAND_MAX);
  g_assert_cmpint (many_band, <=, GRID_BAND_MAX);
  /* the height asked for wins, bands and all (what the check would see) */
  g_assert_cmpint (fixed_height, ==, 700);
  g_assert_cmpint (fixed_band, >, GRID_BAND_MAX);
  assert_png_size (few_png, 1200, few_height);
}

static void
test_usage_errors (Fixture       *f,
                   gconstpointer  data)
{
  g_autofree char *png = g_build_filename (f->dir, "never.png", NULL);
  static const struct { const char *opt, *val, *needle; } bad[] = {
    { "--kind", "pie", "--kind" },
    { "--width", "5", "--width" },
    { "--height", "100000", "--height" },
    { "--scale", "3", "--scale" },
    { "--width", "wide", "--width" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *err = NULL;

      g_assert_cmpint (run_chart (&err, "--from", f->full, bad[i].opt, bad[i].val, "--png", png,
                                  NULL), ==, 2);
      g_assert_nonnull (strstr (err, bad[i].needle));
      g_assert_null (strchr (strchr (err, '\n') + 1, '\n'));   /* one line */
    }
  {
    g_autofree char *err = NULL;

    g_assert_cmpint (run_chart (&err, "--from", f->full, NULL), ==, 2);
    /* every format of the chart's table offered, in its order */
    g_assert_nonnull (strstr (err, "give one of --png FILE, --svg FILE or --pdf FILE"));
  }
  {
    g_autofree char *err = NULL;
    g_autofree char *svg = g_build_filename (f->dir, "never.svg", NULL);

    g_assert_cmpint (run_chart (&err, "--from", f->full, "--png", png, "--svg", svg, NULL), ==, 2);
    g_assert_nonnull (strstr (err, "give only one of --png, --svg and --pdf"));
    g_assert_false (g_file_test (svg, G_FILE_TEST_EXISTS));
  }
  {
    g_autofree char *err = NULL;
    g_autofree char *list = ib_chart_kind_list ();

    /* an unknown kind is answered with every kind of the table */
    g_assert_cmpint (run_chart (&err, "--from", f->full, "--kind", "pie", "--png", png, NULL), ==,
                     2);
    g_assert_nonnull (strstr (err, list));
    g_assert_nonnull (strstr (list, "compare"));
  }
  {
    g_autofree char *err = NULL;

    g_assert_cmpint (run_chart (&err, "--png", png, NULL), ==, 2);
    g_assert_nonnull (strstr (err, "--from"));
  }
  {
    g_autofree char *err = NULL;

    g_assert_cmpint (run_chart (&err, "--from", f->full, "--kind", "compare", "--png", png, NULL),
                     ==, 2);
    g_assert_nonnull (strstr (err, "--with"));
  }
  g_assert_false (g_file_test (png, G_FILE_TEST_EXISTS));
}

static void
test_data_errors (Fixture       *f,
                  gconstpointer  data)
{
  g_autofree char *png = g_build_filename (f->dir, "never.png", NULL);
  g_autofree char *missing = g_build_filename (f->dir, "missing.json", NULL);
  g_autofree char *unwritable = g_build_filename (f->dir, "no-folder", "x.png", NULL);
  g_autofree char *err = NULL;

  g_assert_cmpint (run_chart (&err, "--from", f->one, "--kind", "sweep", "--png", png, NULL),
                   ==, 1);
  g_assert_nonnull (strstr (err, "no sweep data"));
  g_assert_nonnull (strstr (err, "iobench-cli sweep"));
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (run_chart (&err, "--from", f->one, "--kind", "latency", "--png", png, NULL),
                   ==, 1);
  g_assert_nonnull (strstr (err, "write-unlink"));
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (run_chart (&err, "--from", missing, "--png", png, NULL), ==, 1);
  g_assert_nonnull (strstr (err, "missing.json"));
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (run_chart (&err, "--from", f->garbage, "--png", png, NULL), ==, 1);
  g_assert_cmpstr (err, !=, "");
  g_clear_pointer (&err, g_free);

  /* refused before any work, as report and compare refuse it (exit 2) */
  g_assert_cmpint (run_chart (&err, "--from", f->full, "--png", unwritable, NULL), ==, 2);
  g_assert_nonnull (strstr (err, "--png: the folder"));
  g_assert_nonnull (strstr (err, "no-folder"));
  g_assert_false (g_file_test (png, G_FILE_TEST_EXISTS));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/cli/chart/writes-files", Fixture, NULL, fixture_setup, test_writes_files,
              fixture_teardown);
  g_test_add ("/cli/chart/fits-rows", Fixture, NULL, fixture_setup, test_fits_rows,
              fixture_teardown);
  g_test_add ("/cli/chart/usage-errors", Fixture, NULL, fixture_setup, test_usage_errors,
              fixture_teardown);
  g_test_add ("/cli/chart/data-errors", Fixture, NULL, fixture_setup, test_data_errors,
              fixture_teardown);
  return g_test_run ();
}
