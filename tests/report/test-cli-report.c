/* SPDX-License-Identifier: GPL-3.0-or-later */
/* End to end: `iobench-cli report` and `iobench-cli compare` (suite cli). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "report/ib-report-io.h"
#include "report-fixture.h"

typedef struct
{
  char *dir;
  char *json;
} Fixture;

static void
fixture_set_up (Fixture       *fx,
                gconstpointer  data)
{
  g_autoptr(IbReport) report = fx_report_new (40);
  g_autoptr(GError) error = NULL;

  fx->dir = g_dir_make_tmp ("iobench-cli-report-XXXXXX", &error);
  g_assert_no_error (error);
  fx->json = g_build_filename (fx->dir, "a.json", NULL);
  ib_findings_generate (report);
  g_assert_true (ib_report_save_json (report, fx->json, &error));
  g_assert_no_error (error);
}

static void
fixture_tear_down (Fixture       *fx,
                   gconstpointer  data)
{
  g_autoptr(GDir) d = g_dir_open (fx->dir, 0, NULL);
  const char *name;

  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (fx->dir, name, NULL);

      g_assert_cmpint (g_unlink (path), ==, 0);
    }
  g_assert_cmpint (g_rmdir (fx->dir), ==, 0);
  g_free (fx->dir);
  g_free (fx->json);
}

/* Runs the CLI with @args (NULL-terminated); returns the exit status. */
static int
run_cli (char      **out,
         char      **err,
         const char *first,
         ...)
{
  const char *cli = g_getenv ("IOBENCH_CLI");
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  va_list args;
  int status = 0;

  g_assert_nonnull (cli);
  g_ptr_array_add (argv, (char *) cli);
  va_start (args, first);
  for (const char *a = first; a != NULL; a = va_arg (args, const char *))
    g_ptr_array_add (argv, (char *) a);
  va_end (args);
  g_ptr_array_add (argv, NULL);

  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               out, err, &status, &error));
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (status));
  return WEXITSTATUS (status);
}

static void
test_report_writes (Fixture       *fx,
                    gconstpointer  data)
{
  g_autofree char *html = g_build_filename (fx->dir, "r.html", NULL);
  g_autofree char *md = g_build_filename (fx->dir, "r.md", NULL);
  g_autofree char *csv = g_build_filename (fx->dir, "r.csv", NULL);
  g_autofree char *png = g_build_filename (fx->dir, "r-strategies.png", NULL);
  g_autofree char *out = NULL, *err = NULL;

  g_assert_cmpint (run_cli (&out, &err, "report", fx->json, "--html", html, "--md", md,
                            "--csv", csv, NULL), ==, 0);
  /* no message of ours (a sanitizer build may add its own lines) */
  g_assert_null (strstr (err, "iobench-cli report:"));
  /* the answer, recomputed from the samples, on stdout */
  g_assert_nonnull (strstr (out, "The answer\nHere, "));
  g_assert_true (g_file_test (html, G_FILE_TEST_IS_REGULAR));
  g_assert_true (g_file_test (md, G_FILE_TEST_IS_REGULAR));
  g_assert_true (g_file_test (csv, G_FILE_TEST_IS_REGULAR));
  g_assert_true (g_file_test (png, G_FILE_TEST_IS_REGULAR));
}

static void
test_report_errors (Fixture       *fx,
                    gconstpointer  data)
{
  g_autofree char *html = g_build_filename (fx->dir, "r.html", NULL);
  g_autofree char *missing = g_build_filename (fx->dir, "missing.json", NULL);
  g_autofree char *bad = g_build_filename (fx->dir, "bad.json", NULL);
  g_autofree char *nodir = g_build_filename (fx->dir, "no", "r.html", NULL);

  /* no output: usage */
  {
    g_autofree char *out = NULL, *err = NULL;

    g_assert_cmpint (run_cli (&out, &err, "report", fx->json, NULL), ==, 2);
    g_assert_nonnull (strstr (err, "--html"));
  }
  /* no report: usage */
  {
    g_autofree char *out = NULL, *err = NULL;

    g_assert_cmpint (run_cli (&out, &err, "report", "--html", html, NULL), ==, 2);
  }
  /* unknown option: usage */
  {
    g_autofree char *out = NULL, *err = NULL;

    g_assert_cmpint (run_cli (&out, &err, "report", fx->json, "--pdf", html, NULL), ==, 2);
    g_assert_nonnull (strstr (err, "--pdf"));
  }
  /* output folder missing: usage, named */
  {
    g_autofree char *out = NULL, *err = NULL;

    g_assert_cmpint (run_cli (&out, &err, "report", fx->json, "--html", nodir, NULL), ==, 2);
    g_assert_nonnull (strstr (err, "--html"));
  }
  /* missing report: failed, file named, nothing written */
  {
    g_autofree char *out = NULL, *err = NULL;

    g_assert_cmpint (run_cli (&out, &err, "report", missing, "--html", html, NULL), ==, 1);
    g_assert_nonnull (strstr (err, "missing.json"));
    g_assert_false (g_file_test (html, G_FILE_TEST_EXISTS));
  }
  /* malformed report: failed, file and member named */
  g_assert_true (g_file_set_contents (bad, "{\"schema\":\"iobench-report\",\"version\":1,"
                                      "\"plan\":7}", -1, NULL));
  {
    g_autofree char *out = NULL, *err = NULL;

    g_assert_cmpint (run_cli (&out, &err, "report", bad, "--html", html, NULL), ==, 1);
    g_assert_nonnull (strstr (err, "bad.json"));
    g_assert_nonnull (strstr (err, "plan: expected an object"));
    g_assert_false (g_file_test (html, G_FILE_TEST_EXISTS));
  }
}

static void
test_compare (Fixture       *fx,
              gconstpointer  data)
{
  g_autofree char *png = g_build_filename (fx->dir, "cmp.png", NULL);
  g_autofree char *missing = g_build_filename (fx->dir, "missing.json", NULL);
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr(IbReport) report = ib_report_load_json (fx->json, NULL);
  g_auto(GStrv) lines = NULL;
  guint n_same = 0;

  g_assert_cmpint (run_cli (&out, &err, "compare", fx->json, fx->json, "--png", png, NULL),
                   ==, 0);
  g_assert_true (g_file_test (png, G_FILE_TEST_IS_REGULAR));
  lines = g_strsplit (out, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_suffix (lines[i], "cannot be told apart"))
      n_same++;
  /* every strategy of a report compared with itself */
  g_assert_cmpuint (n_same, ==, report->statistics->len);

  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (&out, &err, "compare", fx->json, NULL), ==, 2);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (&out, &err, "compare", fx->json, missing, NULL), ==, 1);
  g_assert_nonnull (strstr (err, "missing.json"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/cli/report/writes", Fixture, NULL, fixture_set_up, test_report_writes,
              fixture_tear_down);
  g_test_add ("/cli/report/errors", Fixture, NULL, fixture_set_up, test_report_errors,
              fixture_tear_down);
  g_test_add ("/cli/compare", Fixture, NULL, fixture_set_up, test_compare, fixture_tear_down);
  return g_test_run ();
}
