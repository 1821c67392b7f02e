/* SPDX-License-Identifier: GPL-3.0-or-later */
/* report-rewrite: loads saved JSON reports and writes each again, as JSON,
 * CSV, HTML and Markdown, or the loader's message when it refuses one.
 *
 *   report-rewrite OUTDIR REPORT.json...
 *
 * writes OUTDIR/NAME.json, .csv, .html, .md (+ NAME-charts/) per report, or
 * OUTDIR/NAME.error. Made to compare the writers and the loader before and
 * after a change to them: run it on both builds over the same reports and
 * `diff -r` the two folders. Not run by the suite (tests/report/test-golden.c
 * is the test); it never replaces a file (OUTDIR must be new or empty). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "report/ib-report-io.h"
#include "ib-test-writers.h"

static gboolean
write_new (const char *path,
           const char *data,
           GError    **error)
{
  if (g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_EXIST, "%s exists", path);
      return FALSE;
    }
  return g_file_set_contents (path, data, -1, error);
}

static gboolean
rewrite (const char *in,
         const char *outdir,
         GError    **error)
{
  g_autofree char *base = g_path_get_basename (in);
  g_autofree char *stem = g_strndup (base, g_str_has_suffix (base, ".json")
                                           ? strlen (base) - 5 : strlen (base));
  g_autofree char *prefix = g_build_filename (outdir, stem, NULL);
  g_autofree char *json = NULL, *csv = NULL, *html = NULL;
  g_autofree char *p_json = g_strconcat (prefix, ".json", NULL);
  g_autofree char *p_csv = g_strconcat (prefix, ".csv", NULL);
  g_autofree char *p_html = g_strconcat (prefix, ".html", NULL);
  g_autofree char *p_md = g_strconcat (prefix, ".md", NULL);
  g_autoptr(GError) local = NULL;
  g_autoptr(IbReport) report = ib_report_load_json (in, &local);

  if (report == NULL)
    {
      g_autofree char *p_err = g_strconcat (prefix, ".error", NULL);
      g_autofree char *msg = g_strconcat (local->message, "\n", NULL);

      return write_new (p_err, msg, error);
    }
  json = ib_test_to_json (report, NULL);
  csv = ib_test_to_csv (report);
  html = ib_test_to_html (report, error);
  return html != NULL
         && write_new (p_json, json, error)
         && write_new (p_csv, csv, error)
         && write_new (p_html, html, error)
         && ib_test_save_markdown (report, p_md, error);
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "");
  if (argc < 3)
    {
      g_printerr ("usage: %s OUTDIR REPORT.json...\n", argv[0]);
      return 2;
    }
  if (g_mkdir_with_parents (argv[1], 0755) != 0)
    {
      g_printerr ("%s: cannot make the folder\n", argv[1]);
      return 1;
    }
  for (int i = 2; i < argc; i++)
    {
      g_autoptr(GError) error = NULL;

      if (!rewrite (argv[i], argv[1], &error))
        {
          g_printerr ("%s: %s\n", argv[i], error->message);
          return 1;
        }
    }
  return 0;
}
