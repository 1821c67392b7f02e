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

typedef struct
{
  char *dir;
  char *full;       /* report with every part */
  char *other;
  char *one;        /* read results only */
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
      assert_png_size (png, 1200, 700);
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
  g_test_add ("/cli/chart/usage-errors", Fixture, NULL, fixture_setup, test_usage_errors,
              fixture_teardown);
  g_test_add ("/cli/chart/data-errors", Fixture, NULL, fixture_setup, test_data_errors,
              fixture_teardown);
  return g_test_run ();
}
