/* SPDX-License-Identifier: GPL-3.0-or-later */
/* End to end: what every output does with what is already at its path
 * (src/engine/io/ib-output.h), through `report`, `chart` and `compare`: "-" and
 * standard output are written to, a symbolic link stays a link, an input is
 * never an output, a 250-byte name fits, and a refused output is exit 2 in
 * every command (suite cli). Devices, FIFOs and another user are tried in
 * tests/faults/export.sh. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "report/ib-report-io.h"
#include "report-fixture.h"
#include "ib-test-common.h"
#include "ib-test-writers.h"

typedef struct
{
  char *dir;
  char *json;
  char *other;
} Fixture;

static void
fixture_set_up (Fixture       *fx,
                gconstpointer  data)
{
  g_autoptr(IbReport) report = fx_report_new (40);
  g_autoptr(GError) error = NULL;

  fx->dir = ib_test_make_tmpdir ("iobench-cli-outputs-XXXXXX");
  fx->json = g_build_filename (fx->dir, "a.json", NULL);
  fx->other = g_build_filename (fx->dir, "b.json", NULL);
  g_assert_true (ib_test_save_json (report, fx->json, &error));
  g_assert_true (ib_test_save_json (report, fx->other, &error));
  g_assert_no_error (error);
}

static void
fixture_tear_down (Fixture       *fx,
                   gconstpointer  data)
{
  g_assert_true (ib_test_remove_tree (fx->dir));
  g_free (fx->dir);
  g_free (fx->json);
  g_free (fx->other);
}

/* Runs the CLI with @args (NULL-terminated) in @cwd; returns the exit status. */
static int
run_cli_in (const char *cwd,
            char      **out,
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

  g_assert_true (g_spawn_sync (cwd, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               out, err, &status, &error));
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (status));
  return WEXITSTATUS (status);
}

#define run_cli(out, err, ...) run_cli_in (NULL, out, err, __VA_ARGS__)

static char *
contents (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *data = NULL;

  g_assert_true (g_file_get_contents (path, &data, NULL, &error));
  g_assert_no_error (error);
  return data;
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* The names in @dir, sorted, space-separated: nothing left behind. */
static char *
listing (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  const char *name;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    g_ptr_array_add (names, (char *) name);
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **) names->pdata);
}

static gboolean
is_symlink (const char *path)
{
  return g_file_test (path, G_FILE_TEST_IS_SYMLINK);
}

/* An output that is one of the inputs, by name or through a link, is
 * refused before any work (exit 2), and the input stays as it was. */
static void
test_input_is_output (Fixture       *fx,
                      gconstpointer  data)
{
  g_autofree char *before = contents (fx->json);
  g_autofree char *soft = g_build_filename (fx->dir, "link.svg", NULL);
  g_autofree char *hard = g_build_filename (fx->dir, "hard.csv", NULL);
  g_autofree char *after = NULL;

  g_assert_cmpint (symlink (fx->json, soft), ==, 0);
  g_assert_cmpint (link (fx->other, hard), ==, 0);
  {
    g_autofree char *out = NULL, *err = NULL;

    g_assert_cmpint (run_cli (&out, &err, "chart", "--from", fx->json, "--svg", fx->json, NULL),
                     ==, 2);
    g_assert_nonnull (strstr (err, "--svg: "));
    g_assert_nonnull (strstr (err, "is the file being read"));
  }
  {
    g_autofree char *out = NULL, *err = NULL;

    /* through a symbolic link */
    g_assert_cmpint (run_cli (&out, &err, "chart", "--from", fx->json, "--svg", soft, NULL), ==,
                     2);
    g_assert_nonnull (strstr (err, "is the file being read"));
    g_assert_true (is_symlink (soft));
  }
  {
    g_autofree char *out = NULL, *err = NULL;

    g_assert_cmpint (run_cli (&out, &err, "report", fx->json, "--csv", fx->json, NULL), ==, 2);
    g_assert_nonnull (strstr (err, "--csv: "));
    g_assert_cmpstr (out, ==, "");
  }
  {
    g_autofree char *out = NULL, *err = NULL;

    /* the second report, through a hard link */
    g_assert_cmpint (run_cli (&out, &err, "compare", fx->json, fx->other, "--html", hard, NULL),
                     ==, 2);
    g_assert_nonnull (strstr (err, "--html: "));
    g_assert_nonnull (strstr (err, "is the file being read"));
  }
  after = contents (fx->json);
  g_assert_cmpstr (after, ==, before);
}

/* A 250-byte name (NAME_MAX is 255) is written, and no temporary file is
 * left beside it. */
static void
test_long_name (Fixture       *fx,
                gconstpointer  data)
{
  g_autofree char *stem = g_strnfill (246, 'n');
  g_autofree char *csv_name = g_strconcat (stem, ".csv", NULL);
  g_autofree char *png_name = g_strconcat (stem, ".png", NULL);
  g_autofree char *csv = g_build_filename (fx->dir, csv_name, NULL);
  g_autofree char *png = g_build_filename (fx->dir, png_name, NULL);
  g_autofree char *out = NULL, *err = NULL;
  g_autofree char *names = NULL, *expected = NULL;

  g_assert_cmpuint (strlen (csv_name), ==, 250);
  g_assert_cmpint (run_cli (&out, &err, "report", fx->json, "--csv", csv, NULL), ==, 0);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (&out, &err, "chart", "--from", fx->json, "--png", png, NULL), ==, 0);
  /* twice: replacing a file of that name too */
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (&out, &err, "report", fx->json, "--csv", csv, NULL), ==, 0);
  g_assert_true (g_file_test (csv, G_FILE_TEST_IS_REGULAR));
  g_assert_true (g_file_test (png, G_FILE_TEST_IS_REGULAR));
  names = listing (fx->dir);
  expected = g_strdup_printf ("a.json b.json %s %s", csv_name, png_name);
  g_assert_cmpstr (names, ==, expected);
}

/* A symbolic link is written through and stays a link; a dangling one gets
 * its target made. */
static void
test_symlink (Fixture       *fx,
              gconstpointer  data)
{
  g_autofree char *real = g_build_filename (fx->dir, "real.csv", NULL);
  g_autofree char *link = g_build_filename (fx->dir, "link.csv", NULL);
  g_autofree char *sub = g_build_filename (fx->dir, "sub", NULL);
  g_autofree char *made = g_build_filename (sub, "made.svg", NULL);
  g_autofree char *dangling = g_build_filename (fx->dir, "dangling.svg", NULL);
  g_autofree char *out = NULL, *err = NULL;
  g_autofree char *csv = NULL, *names = NULL;

  g_assert_true (g_file_set_contents (real, "earlier\n", -1, NULL));
  g_assert_cmpint (symlink ("real.csv", link), ==, 0);
  g_assert_cmpint (g_mkdir (sub, 0755), ==, 0);
  g_assert_cmpint (symlink ("sub/made.svg", dangling), ==, 0);

  g_assert_cmpint (run_cli (&out, &err, "report", fx->json, "--csv", link, NULL), ==, 0);
  g_assert_true (is_symlink (link));
  csv = contents (real);
  g_assert_true (g_str_has_prefix (csv, "strategy,"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (run_cli (&out, &err, "chart", "--from", fx->json, "--svg", dangling, NULL), ==,
                   0);
  g_assert_true (is_symlink (dangling));
  g_assert_true (g_file_test (made, G_FILE_TEST_IS_REGULAR));
  /* the temporary files were made beside the targets, and are gone */
  names = listing (fx->dir);
  g_assert_cmpstr (names, ==, "a.json b.json dangling.svg link.csv real.csv sub");
  g_clear_pointer (&names, g_free);
  names = listing (sub);
  g_assert_cmpstr (names, ==, "made.svg");
}

/* "-", and a link to standard output, are standard output: the output is
 * all stdout gets, the command's own text goes to stderr, and no file is
 * made. */
static void
test_stdout (Fixture       *fx,
             gconstpointer  data)
{
  g_autofree char *csv_path = g_build_filename (fx->dir, "r.csv", NULL);
  g_autofree char *fd_link = g_build_filename (fx->dir, "out.svg", NULL);
  g_autofree char *csv = NULL, *names = NULL;

  {
    g_autofree char *out = NULL, *err = NULL;

    g_assert_cmpint (run_cli (&out, &err, "report", fx->json, "--csv", csv_path, NULL), ==, 0);
    csv = contents (csv_path);
    g_assert_cmpint (g_unlink (csv_path), ==, 0);
  }
  {
    g_autofree char *out = NULL, *err = NULL;

    g_assert_cmpint (run_cli_in (fx->dir, &out, &err, "report", fx->json, "--csv", "-", NULL),
                     ==, 0);
    g_assert_cmpstr (out, ==, csv);
    /* the answer went to stderr */
    g_assert_nonnull (strstr (err, "The answer\n"));
    g_assert_nonnull (strstr (err, "(standard output)"));
  }
  {
    g_autofree char *out = NULL, *err = NULL;

    /* a link to /proc/self/fd/1 (a pipe here) */
    g_assert_cmpint (symlink ("/proc/self/fd/1", fd_link), ==, 0);
    g_assert_cmpint (run_cli (&out, &err, "chart", "--from", fx->json, "--svg", fd_link, NULL),
                     ==, 0);
    g_assert_true (g_str_has_prefix (out, "<?xml"));
    g_assert_nonnull (strstr (out, "</svg>"));
    g_assert_true (is_symlink (fd_link));
  }
  {
    g_autofree char *out = NULL, *err = NULL;

    /* a Markdown report cannot: its charts go beside it */
    g_assert_cmpint (run_cli (&out, &err, "report", fx->json, "--md", "-", NULL), ==, 2);
    g_assert_nonnull (strstr (err, "--md: A Markdown report is written with its charts"));
  }
  names = listing (fx->dir);
  g_assert_cmpstr (names, ==, "a.json b.json out.svg");
}

/* An output refused before any work is exit 2 in every command. */
static void
test_refused_exit_code (Fixture       *fx,
                        gconstpointer  data)
{
  g_autofree char *folder = g_build_filename (fx->dir, "f.png", NULL);
  g_autofree char *no_dir = g_build_filename (fx->dir, "missing", "c.svg", NULL);

  g_assert_cmpint (g_mkdir (folder, 0755), ==, 0);
  {
    g_autofree char *out = NULL, *err = NULL;

    g_assert_cmpint (run_cli (&out, &err, "chart", "--from", fx->json, "--png", folder, NULL), ==,
                     2);
    g_assert_nonnull (strstr (err, "--png: "));
    g_assert_nonnull (strstr (err, "is a folder"));
  }
  {
    g_autofree char *out = NULL, *err = NULL;

    g_assert_cmpint (run_cli (&out, &err, "chart", "--from", fx->json, "--svg", no_dir, NULL), ==,
                     2);
    g_assert_nonnull (strstr (err, "does not exist"));
  }
  {
    g_autofree char *out = NULL, *err = NULL;

    g_assert_cmpint (run_cli (&out, &err, "report", fx->json, "--html", folder, NULL), ==, 2);
    g_assert_nonnull (strstr (err, "is a folder"));
  }
  {
    g_autofree char *out = NULL, *err = NULL;

    g_assert_cmpint (run_cli (&out, &err, "compare", fx->json, fx->other, "--chart", folder,
                              NULL), ==, 2);
    g_assert_nonnull (strstr (err, "is a folder"));
  }
}

/* The help names where the comparison's Markdown charts go, and the exit
 * codes. */
static void
test_help (void)
{
  g_autofree char *out = NULL, *err = NULL;

  g_assert_cmpint (run_cli (&out, &err, "compare", "--help", NULL), ==, 0);
  g_assert_nonnull (strstr (out, "NAME-charts/PART.png"));
  g_assert_null (strstr (out, "NAME-compare-PART"));
  g_assert_nonnull (strstr (out, "Exit codes: 0 done;"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (&out, &err, "chart", "--help", NULL), ==, 0);
  g_assert_nonnull (strstr (out, "2 refused before any work"));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/cli/outputs/input-is-output", Fixture, NULL, fixture_set_up,
              test_input_is_output, fixture_tear_down);
  g_test_add ("/cli/outputs/long-name", Fixture, NULL, fixture_set_up, test_long_name,
              fixture_tear_down);
  g_test_add ("/cli/outputs/symlink", Fixture, NULL, fixture_set_up, test_symlink,
              fixture_tear_down);
  g_test_add ("/cli/outputs/stdout", Fixture, NULL, fixture_set_up, test_stdout,
              fixture_tear_down);
  g_test_add ("/cli/outputs/refused-exit-code", Fixture, NULL, fixture_set_up,
              test_refused_exit_code, fixture_tear_down);
  g_test_add_func ("/cli/outputs/help", test_help);
  return g_test_run ();
}
