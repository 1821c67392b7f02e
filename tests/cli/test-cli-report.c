/* SPDX-License-Identifier: GPL-3.0-or-later */
/* End to end: `iobench-cli report` and `iobench-cli compare` (suite cli). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "analysis/ib-findings.h"
#include "engine/stats/ib-stats.h"
#include "report/ib-report-io.h"
#include "report-fixture.h"
#include "ib-test-common.h"
#include "ib-test-writers.h"

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

  fx->dir = ib_test_make_tmpdir ("iobench-cli-report-XXXXXX");
  fx->json = g_build_filename (fx->dir, "a.json", NULL);
  g_assert_true (ib_test_save_json (report, fx->json, &error));
  g_assert_no_error (error);
}

static void
fixture_tear_down (Fixture       *fx,
                   gconstpointer  data)
{
  /* the Markdown reports' chart folders too */
  g_assert_true (ib_test_remove_tree (fx->dir));
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
  g_autofree char *png = g_build_filename (fx->dir, "r-charts", "strategies.png", NULL);
  g_autofree char *out = NULL, *err = NULL;

  g_assert_cmpint (run_cli (&out, &err, "report", fx->json, "--html", html, "--md", md,
                            "--csv", csv, NULL), ==, 0);
  /* no message of ours (a sanitizer build may add its own lines) */
  g_assert_null (strstr (err, "iobench-cli report:"));
  /* the answer, recomputed from the samples, on stdout */
  g_assert_nonnull (strstr (out, "The answer\nReading one file after another, "));
  /* then the findings, regenerated and grouped */
  g_assert_nonnull (strstr (out, "\nFindings\nBehind the answer:\n  • "));
  g_assert_true (strstr (out, "The answer\n") < strstr (out, "\nFindings\n"));
  /* no finding repeats the answer: its comparison of sync and async (in the
   * form a finding gives it) nowhere, its trade-off once */
  g_assert_null (strstr (out, "Sync single read is 4.0x faster than Async load contents "
                              "(serial)"));
  g_assert_nonnull (strstr (out, "blocks the main loop for"));
  g_assert_null (strstr (strstr (out, "blocks the main loop for") + 1,
                         "blocks the main loop for"));
  g_assert_true (g_file_test (html, G_FILE_TEST_IS_REGULAR));
  g_assert_true (g_file_test (md, G_FILE_TEST_IS_REGULAR));
  g_assert_true (g_file_test (csv, G_FILE_TEST_IS_REGULAR));
  g_assert_true (g_file_test (png, G_FILE_TEST_IS_REGULAR));
}

/* The texts of the light SVG of @kind's figure in @html file @path (its
 * <text> elements: title, legend, axis caption, tick labels, values). */
static GPtrArray *
chart_texts (const char *path,
             const char *kind)
{
  g_autofree char *html = NULL;
  g_autofree char *open = g_strdup_printf ("<figure id=\"chart-%s\"", kind);
  GPtrArray       *texts = g_ptr_array_new_with_free_func (g_free);
  const char      *at, *end;

  g_assert_true (g_file_get_contents (path, &html, NULL, NULL));
  at = strstr (html, open);
  g_assert_nonnull (at);
  end = strstr (at, "</svg>");
  g_assert_nonnull (end);
  while ((at = strstr (at, "<text ")) != NULL && at < end)
    {
      const char *text = strchr (at, '>') + 1;
      const char *close = strstr (text, "</text>");

      g_ptr_array_add (texts, g_strndup (text, close - text));
      at = close;
    }
  return texts;
}

/* report --log: the HTML report's time chart on a log axis (its caption
 * says so, and its ticks start above 0 in 1-2-5 steps), linear without
 * it; the Markdown report's charts follow it too. */
static void
test_report_log (Fixture      *fx,
                 gconstpointer data)
{
  g_autofree char *lin_html = g_build_filename (fx->dir, "lin.html", NULL);
  g_autofree char *log_html = g_build_filename (fx->dir, "log.html", NULL);
  g_autofree char *lin_md = g_build_filename (fx->dir, "lin.md", NULL);
  g_autofree char *log_md = g_build_filename (fx->dir, "log.md", NULL);
  g_autofree char *lin_png = g_build_filename (fx->dir, "lin-charts", "strategies.png", NULL);
  g_autofree char *log_png = g_build_filename (fx->dir, "log-charts", "strategies.png", NULL);
  g_autofree char *lin_bytes = NULL, *log_bytes = NULL;
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr (GPtrArray) lin = NULL;
  g_autoptr (GPtrArray) log = NULL;
  gsize lin_len, log_len;

  g_assert_cmpint (run_cli (&out, &err, "report", fx->json, "--html", lin_html, "--md", lin_md,
                            NULL),
                   ==, 0);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (&out, &err, "report", fx->json, "--log", "--html", log_html, "--md",
                            log_md, NULL),
                   ==, 0);
  lin = chart_texts (lin_html, "strategies");
  log = chart_texts (log_html, "strategies");
  for (guint i = 0; i < log->len; i++)
    g_test_message ("log: %s", (char *) g_ptr_array_index (log, i));

  /* linear: an axis from 0 in even steps, a caption without "log scale" */
  g_assert_true (g_ptr_array_find_with_equal_func (lin, "0", g_str_equal, NULL));
  g_assert_true (g_ptr_array_find_with_equal_func (lin, "15 ms", g_str_equal, NULL));
  for (guint i = 0; i < lin->len; i++)
    g_assert_null (strstr (g_ptr_array_index (lin, i), "log scale"));
  /* log: no 0, 1-2-5 steps (no 15 ms), the caption says it */
  g_assert_false (g_ptr_array_find_with_equal_func (log, "0", g_str_equal, NULL));
  g_assert_false (g_ptr_array_find_with_equal_func (log, "15 ms", g_str_equal, NULL));
  g_assert_true (g_ptr_array_find_with_equal_func (log, "5 ms", g_str_equal, NULL));
  g_assert_true (g_ptr_array_find_with_equal_func (log, "50 ms", g_str_equal, NULL));
  g_assert_true (g_ptr_array_find_with_equal_func (log, "Median wall time · every run a dot · "
                                                        "log scale · lower is better",
                                                   g_str_equal, NULL));

  /* the Markdown report's time chart differs with --log */
  g_assert_true (g_file_get_contents (lin_png, &lin_bytes, &lin_len, NULL));
  g_assert_true (g_file_get_contents (log_png, &log_bytes, &log_len, NULL));
  g_assert_false (lin_len == log_len && memcmp (lin_bytes, log_bytes, lin_len) == 0);
}

/* A stopped run, as `report` writes it: the strategy it never came to is
 * "not measured (stopped)" in Markdown and in HTML (a terminal's table:
 * test-cli-common). */
static void
test_report_stopped (Fixture       *fx,
                     gconstpointer  data)
{
  g_autoptr (IbReport) report = fx_report_new (40);
  g_autoptr (GError) error = NULL;
  g_autofree char *json = g_build_filename (fx->dir, "stopped.json", NULL);
  g_autofree char *html = g_build_filename (fx->dir, "s.html", NULL);
  g_autofree char *md = g_build_filename (fx->dir, "s.md", NULL);
  g_autofree char *out = NULL, *err = NULL;
  const char *files[] = { html, md };

  /* the runner computes every planned strategy's row at its end */
  g_ptr_array_add (report->plan->strategies, g_strdup ("mmap"));
  ib_report_compute_statistics (report);
  report->partial = TRUE;
  g_assert_true (ib_test_save_json (report, json, &error));
  g_assert_no_error (error);
  g_assert_cmpint (run_cli (&out, &err, "report", json, "--html", html, "--md", md, NULL), ==,
                   0);
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *text = NULL;

      g_assert_true (g_file_get_contents (files[i], &text, NULL, &error));
      g_assert_no_error (error);
      g_assert_nonnull (strstr (text, "not measured (stopped)"));
      g_assert_nonnull (strstr (text, "stopped before it came to it: Memory map."));
    }
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
  /* a report of a later version: said to be newer, whatever it holds */
  g_assert_true (g_file_set_contents (bad, "{\"schema\":\"iobench-report\",\"version\":3,"
                                           "\"plan\":7}",
                                      -1, NULL));
  {
    g_autofree char *out = NULL, *err = NULL;

    g_assert_cmpint (run_cli (&out, &err, "report", bad, "--html", html, NULL), ==, 1);
    g_assert_nonnull (strstr (err, "bad.json"));
    g_assert_nonnull (strstr (err, "made by a newer version of I/O Bench"));
    g_assert_null (strstr (err, "plan"));
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

/* The same file twice names its runs "(A)" and "(B)"; two different runs
 * are named by preset and date. */
/* Files that are not a report, or not a whole one: the message says what
 * the file is and what to open instead, never a JSON parser's "line 1". */
static void
test_report_not_a_report (Fixture       *fx,
                          gconstpointer  data)
{
  g_autofree char *html = g_build_filename (fx->dir, "r.html", NULL);
  g_autofree char *png = g_build_filename (fx->dir, "chart.png", NULL);
  g_autofree char *cut = g_build_filename (fx->dir, "cut.json", NULL);
  g_autofree char *noschema = g_build_filename (fx->dir, "noschema.json", NULL);
  g_autofree char *json = NULL;
  gsize length = 0;

  /* a chart I/O Bench exported */
  {
    g_autofree char *out = NULL, *err = NULL;

    g_assert_cmpint (run_cli (&out, &err, "chart", "--from", fx->json, "--png", png, NULL), ==, 0);
    g_assert_cmpint (run_cli (&out, &err, "report", png, "--html", html, NULL), ==, 1);
    g_assert_nonnull (strstr (err, "chart.png: a PNG image, not an I/O Bench report; "
                                   "open the .json report it was exported from"));
    g_assert_null (strstr (err, "line 1"));
    g_assert_false (g_file_test (html, G_FILE_TEST_EXISTS));
  }
  /* its HTML page */
  {
    g_autofree char *out = NULL, *err = NULL;
    g_autofree char *page = g_build_filename (fx->dir, "page.html", NULL);

    g_assert_cmpint (run_cli (&out, &err, "report", fx->json, "--html", page, NULL), ==, 0);
    g_assert_cmpint (run_cli (&out, &err, "report", page, "--html", html, NULL), ==, 1);
    g_assert_nonnull (strstr (err, "page.html: an HTML page, not an I/O Bench report; "));
    g_assert_false (g_file_test (html, G_FILE_TEST_EXISTS));
  }
  /* a report cut short in the middle of a member */
  g_assert_true (g_file_get_contents (fx->json, &json, &length, NULL));
  g_assert_true (g_file_set_contents (cut, json, (gssize) (length / 2), NULL));
  {
    g_autofree char *out = NULL, *err = NULL;

    g_assert_cmpint (run_cli (&out, &err, "report", cut, "--html", html, NULL), ==, 1);
    g_assert_nonnull (strstr (err, "cut.json: the report stops in the middle, at line "));
    g_assert_nonnull (strstr (err, "the file was cut short"));
    g_assert_null (strstr (err, "Parse error"));
    g_assert_false (g_file_test (html, G_FILE_TEST_EXISTS));
  }
  /* a report whose "schema" member was deleted */
  {
    g_autofree char *out = NULL, *err = NULL;
    char *at = strstr (json, "\"schema\" : \"iobench-report\",");

    g_assert_nonnull (at);
    memset (at, ' ', strlen ("\"schema\" : \"iobench-report\","));
    g_assert_true (g_file_set_contents (noschema, json, (gssize) length, NULL));
    g_assert_cmpint (run_cli (&out, &err, "report", noschema, "--html", html, NULL), ==, 1);
    g_assert_nonnull (strstr (err, "noschema.json: the “schema” member is missing, though the "
                                   "rest looks like an I/O Bench report"));
    g_assert_nonnull (strstr (err, "\"schema\": \"iobench-report\""));
    g_assert_false (g_file_test (html, G_FILE_TEST_EXISTS));
  }
}

static char *
write_second (Fixture *fx)
{
  g_autoptr(IbReport) b = fx_report_new (10);
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (fx->dir, "b.json", NULL);

  g_free (b->created);
  b->created = g_strdup ("2026-12-01T02:54:00Z");
  b->plan->cache = IB_CACHE_WARM;
  /* B's dispatches cost twice as much; its sweep points half as much */
  for (guint i = 0; i < b->overhead->len; i++)
    {
      IbOverheadRow *o = &g_array_index (b->overhead, IbOverheadRow, i);

      o->ns_per_op *= 2;
      o->ci_low_ns *= 2;
      o->ci_high_ns *= 2;
    }
  for (guint i = 0; i < b->sweep->points->len; i++)
    {
      IbSweepPoint *p = &g_array_index (b->sweep->points, IbSweepPoint, i);

      p->median_ns /= 2;
      p->ci_low_ns /= 2;
      p->ci_high_ns /= 2;
    }
  g_assert_true (ib_test_save_json (b, path, &error));
  g_assert_no_error (error);
  return path;
}

static guint
count_files (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;

  while (g_dir_read_name (d) != NULL)
    n++;
  return n;
}

static void
assert_has (const char *text,
            const char *part)
{
  if (strstr (text, part) == NULL)
    g_error ("“%s” not in:\n%s", part, text);
}

/* @text with each line the CLI wrapped joined to the one it continues (a
 * continued line is indented two columns more than the sentence's "  "). */
static char *
unwrap (const char *text)
{
  g_autoptr(GRegex) regex = g_regex_new ("\n    +", 0, 0, NULL);

  return g_regex_replace_literal (regex, text, -1, 0, " ", 0, NULL);
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
  g_autofree char *unwrapped = NULL;
  guint n_same = 0;

  g_assert_cmpint (run_cli (&out, &err, "compare", fx->json, fx->json, "--png", png, NULL),
                   ==, 0);
  g_assert_true (g_file_test (png, G_FILE_TEST_IS_REGULAR));
  /* the sentences under each table, wrapped at 78 columns: one a row */
  unwrapped = unwrap (out);
  lines = g_strsplit (unwrapped, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (strstr (lines[i], ": A and B cannot be told apart (ratio 1.0, ") != NULL)
      n_same++;
  /* every strategy, dispatch and sweep point of a report compared with
   * itself, said once each; write + delete (one run a mode) never tells */
  g_assert_cmpuint (n_same, ==, report->statistics->len + report->overhead->len +
                                report->sweep->points->len);
  assert_has (unwrapped, "  Sync, one at a time: too few samples to tell (n = 1; at least 5 "
                         "needed)");
  assert_has (out, "The two runs were made alike.");

  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (&out, &err, "compare", fx->json, NULL), ==, 2);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (&out, &err, "compare", fx->json, missing, NULL), ==, 1);
  g_assert_nonnull (strstr (err, "missing.json"));
}

/* Two different runs: every section, the direction in words with the runs'
 * names, what differs, and the three outputs. */
static void
test_compare_sections (Fixture       *fx,
                       gconstpointer  data)
{
  g_autofree char *b = write_second (fx);
  g_autofree char *html = g_build_filename (fx->dir, "cmp.html", NULL);
  g_autofree char *md = g_build_filename (fx->dir, "cmp.md", NULL);
  g_autofree char *md_png = g_build_filename (fx->dir, "cmp-charts", "reads.png", NULL);
  g_autofree char *svg = g_build_filename (fx->dir, "cmp.svg", NULL);
  g_autofree char *pdf = g_build_filename (fx->dir, "cmp.pdf", NULL);
  g_autofree char *out = NULL, *err = NULL;
  g_autofree char *text = NULL, *head = NULL;
  gsize len = 0;

  g_assert_cmpint (run_cli (&out, &err, "compare", fx->json, b, "--html", html,
                            "--markdown", md, "--chart", svg, "--log", NULL), ==, 0);
  assert_has (out, "A: Quick, 29 Nov 2026, 23:00 (");
  assert_has (out, "B: Quick, 1 Dec 2026, 02:54 (");
  assert_has (out, "What differs between the two runs");
  assert_has (out, "cold cache");
  assert_has (out, "\nWhole-file reads\n");
  assert_has (out, "\nDispatch overhead\n");
  assert_has (out, "\nWrite + delete\n");
  assert_has (out, "\nSweep\n");
  /* the direction once a row, in words, A and B (the head named them once) */
  g_clear_pointer (&text, g_free);
  text = unwrap (out);
  assert_has (text, "  Async load contents (serial): B is 4.0x faster than A (");
  assert_has (text, "  GTask + dispatch: B is 2.0x slower than A (");
  assert_has (text, "  100 files · Sync load contents: B is 2.0x faster than A (");
  g_assert_null (strstr (text, "is 4.0x faster than Quick"));
  g_clear_pointer (&text, g_free);
  /* the files written, by their full paths */
  assert_has (out, html);
  assert_has (out, md);
  assert_has (out, md_png);
  /* one chart a part both runs have, each listed */
  for (guint i = 0; i < 3; i++)
    {
      const char *parts[] = { "overhead", "write-unlink", "sweep" };
      g_autofree char *name = g_strdup_printf ("%s.png", parts[i]);
      g_autofree char *path = g_build_filename (fx->dir, "cmp-charts", name, NULL);

      assert_has (out, path);
      g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
    }
  assert_has (out, svg);

  g_assert_true (g_file_get_contents (html, &text, &len, NULL));
  g_assert_cmpuint (len, >, 10000);
  g_assert_true (g_str_has_prefix (text, "<!DOCTYPE html>"));
  g_assert_true (g_str_has_suffix (text, "</html>\n"));
  assert_has (text, "<section id=\"runs\">");
  assert_has (text, "<tr class=\"differs\"><th scope=\"row\">Cache</th>");
  assert_has (text, "<figure id=\"chart-compare-reads\"");
  assert_has (text, "<figure id=\"chart-compare-overhead\"");
  assert_has (text, "<figure id=\"chart-compare-sweep\"");
  assert_has (text, "<svg");
  assert_has (text, "<section id=\"overhead\">");
  assert_has (text, "<section id=\"write-unlink\">");
  assert_has (text, "<section id=\"sweep\">");
  /* each run named once, with its letter; the rows say A and B */
  assert_has (text, "<li id=\"run-a\">A: Quick, 29 Nov 2026, 23:00</li>");
  assert_has (text, "<li id=\"run-b\">B: Quick, 1 Dec 2026, 02:54</li>");
  assert_has (text, "<td>B is 2.0x slower than A (");
  g_assert_null (strstr (text, "02:54 is 2.0x slower than"));
  /* no script, no external URL */
  g_assert_null (strstr (text, "<script"));
  g_assert_null (strstr (text, "src=\"http"));
  g_clear_pointer (&text, g_free);

  g_assert_true (g_file_get_contents (md, &text, &len, NULL));
  g_assert_true (g_str_has_prefix (text, "# I/O Bench comparison\n"));
  assert_has (text, "![Comparison of two runs: Whole-file reads](cmp-charts/reads.png)");
  assert_has (text, "![Comparison of two runs: Dispatch overhead](cmp-charts/overhead.png)");
  assert_has (text, "\n## Sweep\n");
  assert_has (text, "| Cache (≠) | cold cache | warm cache |");
  assert_has (text, "\n1. A: Quick, 29 Nov 2026, 23:00\n2. B: Quick, 1 Dec 2026, 02:54\n");
  assert_has (text, "B is 2.0x slower than A (");
  g_clear_pointer (&text, g_free);

  g_assert_true (g_file_get_contents (md_png, &head, &len, NULL));
  g_assert_cmpuint (len, >, 1000);
  g_assert_cmpmem (head, 8, "\x89PNG\r\n\x1a\n", 8);
  g_clear_pointer (&head, g_free);
  g_assert_true (g_file_get_contents (svg, &head, &len, NULL));
  assert_has (head, "<svg");
  g_clear_pointer (&head, g_free);

  /* PDF by its name */
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (&out, &err, "compare", fx->json, b, "--chart", pdf, NULL), ==, 0);
  g_assert_true (g_file_get_contents (pdf, &head, &len, NULL));
  g_assert_cmpuint (len, >, 1000);
  g_assert_cmpmem (head, 5, "%PDF-", 5);
  g_clear_pointer (&head, g_free);

  /* --part picks what --chart draws: the overhead chart differs from the
   * reads one */
  {
    g_autofree char *reads_png = g_build_filename (fx->dir, "part-reads.png", NULL);
    g_autofree char *over_png = g_build_filename (fx->dir, "part-overhead.png", NULL);
    g_autofree char *x = NULL, *y = NULL;
    gsize nx = 0, ny = 0;

    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
    g_assert_cmpint (run_cli (&out, &err, "compare", fx->json, b, "--chart", reads_png,
                              "--part", "reads", NULL), ==, 0);
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
    g_assert_cmpint (run_cli (&out, &err, "compare", fx->json, b, "--chart", over_png,
                              "--part", "overhead", NULL), ==, 0);
    g_assert_true (g_file_get_contents (reads_png, &x, &nx, NULL));
    g_assert_true (g_file_get_contents (over_png, &y, &ny, NULL));
    g_assert_false (nx == ny && memcmp (x, y, nx) == 0);
  }
}

/* Bad input is refused with its reason, and nothing is written. */
static void
test_compare_refused (Fixture       *fx,
                      gconstpointer  data)
{
  g_autofree char *b = write_second (fx);
  g_autofree char *nodir_html = g_build_filename (fx->dir, "no", "c.html", NULL);
  g_autofree char *html = g_build_filename (fx->dir, "c.html", NULL);
  g_autofree char *md = g_build_filename (fx->dir, "c.md", NULL);
  g_autofree char *bmp = g_build_filename (fx->dir, "c.bmp", NULL);
  g_autofree char *bad = g_build_filename (fx->dir, "bad.json", NULL);
  guint before;

  g_assert_true (g_file_set_contents (bad, "{\"schema\":\"iobench-report\",\"version\":1,"
                                      "\"plan\":7}", -1, NULL));
  before = count_files (fx->dir);

  /* an unknown chart format: usage, named, nothing written */
  {
    g_autofree char *out = NULL, *err = NULL;

    g_assert_cmpint (run_cli (&out, &err, "compare", fx->json, b, "--chart", bmp,
                              "--html", html, NULL), ==, 2);
    assert_has (err, "--chart: cannot tell the format of “");
    assert_has (err, "end its name in .png, .svg or .pdf");
  }
  /* a folder that does not exist: usage, the option named */
  {
    g_autofree char *out = NULL, *err = NULL;

    g_assert_cmpint (run_cli (&out, &err, "compare", fx->json, b, "--html", nodir_html,
                              "--markdown", md, NULL), ==, 2);
    assert_has (err, "--html");
  }
  /* a folder given as the output file */
  {
    g_autofree char *out = NULL, *err = NULL;

    g_assert_cmpint (run_cli (&out, &err, "compare", fx->json, b, "--markdown", fx->dir,
                              NULL), ==, 2);
    assert_has (err, "--markdown: “");
    assert_has (err, "is a folder; give a file name");
  }
  /* a malformed report: failed, file and member named, no output */
  {
    g_autofree char *out = NULL, *err = NULL;

    g_assert_cmpint (run_cli (&out, &err, "compare", fx->json, bad, "--html", html,
                              "--markdown", md, NULL), ==, 1);
    assert_has (err, "bad.json");
    assert_has (err, "plan: expected an object");
  }
  /* an unknown part */
  {
    g_autofree char *out = NULL, *err = NULL;
    g_autofree char *png = g_build_filename (fx->dir, "c.png", NULL);

    g_assert_cmpint (run_cli (&out, &err, "compare", fx->json, b, "--chart", png,
                              "--part", "latency", NULL), ==, 2);
    assert_has (err, "--part: unknown part “latency”");
  }
  /* an empty name */
  {
    g_autofree char *out = NULL, *err = NULL;

    g_assert_cmpint (run_cli (&out, &err, "compare", fx->json, b, "--html", "", NULL), ==, 2);
    assert_has (err, "--html");
  }
  g_assert_cmpuint (count_files (fx->dir), ==, before);
  g_assert_false (g_file_test (html, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (md, G_FILE_TEST_EXISTS));
}

int
main (int   argc,
      char *argv[])
{
  /* dates in local time: make it UTC */
  g_setenv ("TZ", "UTC", TRUE);
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/cli/report/writes", Fixture, NULL, fixture_set_up, test_report_writes,
              fixture_tear_down);
  g_test_add ("/cli/report/log", Fixture, NULL, fixture_set_up, test_report_log,
              fixture_tear_down);
  g_test_add ("/cli/report/stopped", Fixture, NULL, fixture_set_up, test_report_stopped,
              fixture_tear_down);
  g_test_add ("/cli/report/errors", Fixture, NULL, fixture_set_up, test_report_errors,
              fixture_tear_down);
  g_test_add ("/cli/report/not-a-report", Fixture, NULL, fixture_set_up,
              test_report_not_a_report, fixture_tear_down);
  g_test_add ("/cli/compare", Fixture, NULL, fixture_set_up, test_compare, fixture_tear_down);
  g_test_add ("/cli/compare/sections", Fixture, NULL, fixture_set_up, test_compare_sections,
              fixture_tear_down);
  g_test_add ("/cli/compare/refused", Fixture, NULL, fixture_set_up, test_compare_refused,
              fixture_tear_down);
  return g_test_run ();
}
