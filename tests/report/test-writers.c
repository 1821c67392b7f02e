/* SPDX-License-Identifier: GPL-3.0-or-later */
/* CSV, Markdown and HTML writers. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "chart/ib-chart.h"
#include "engine/io/ib-strategy.h"
#include "engine/workloads/ib-workloads.h"
#include "analysis/ib-findings.h"
#include "report/ib-report-io.h"
#include "analysis/ib-tables.h"
#include "analysis/ib-labels.h"
#include "report-fixture.h"
#include "ib-test-writers.h"
#include "ib-test-common.h"

/* Removes every file in @dir, then @dir (tests make flat folders only). */
static void
remove_tmpdir (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      if (g_file_test (path, G_FILE_TEST_IS_DIR) && !g_file_test (path, G_FILE_TEST_IS_SYMLINK))
        remove_tmpdir (path);
      else
        g_assert_cmpint (g_unlink (path), ==, 0);
    }
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* ---- a tiny RFC 4180 parser ---------------------------------------------- */

/* Returns rows (GPtrArray of GPtrArray of char *); fails the test on any
 * violation (bare quote inside a field, missing CRLF, text after a quote). */
static GPtrArray *
csv_parse (const char *data)
{
  GPtrArray *rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  GPtrArray *row = NULL;
  const char *p = data;

  while (*p != '\0')
    {
      GString *field = g_string_new (NULL);

      if (row == NULL)
        row = g_ptr_array_new_with_free_func (g_free);
      if (*p == '"')
        {
          p++;
          for (;;)
            {
              g_assert_true (*p != '\0');   /* unterminated quoted field */
              if (*p == '"' && p[1] == '"')
                {
                  g_string_append_c (field, '"');
                  p += 2;
                }
              else if (*p == '"')
                {
                  p++;
                  break;
                }
              else
                g_string_append_c (field, *p++);
            }
        }
      else
        {
          while (*p != ',' && *p != '\r' && *p != '\0')
            {
              g_assert_true (*p != '"' && *p != '\n');
              g_string_append_c (field, *p++);
            }
        }
      g_ptr_array_add (row, g_string_free (field, FALSE));
      if (*p == ',')
        {
          p++;
          continue;
        }
      g_assert_true (p[0] == '\r' && p[1] == '\n');
      p += 2;
      g_ptr_array_add (rows, row);
      row = NULL;
    }
  g_assert_null (row);
  return rows;
}

static const char *
cell (GPtrArray  *header,
      GPtrArray  *row,
      const char *name)
{
  for (guint i = 0; i < header->len; i++)
    if (g_str_equal (g_ptr_array_index (header, i), name))
      return g_ptr_array_index (row, i);
  g_error ("no column %s", name);
  return NULL;
}

static gint64
cell_int (GPtrArray  *header,
          GPtrArray  *row,
          const char *name)
{
  gint64 v = 0;

  g_assert_true (g_ascii_string_to_signed (cell (header, row, name), 10, G_MININT64,
                                           G_MAXINT64, &v, NULL));
  return v;
}

static void
test_csv (void)
{
  g_autoptr(IbReport) report = fx_report_new (40);
  g_autofree char *dir = ib_test_make_tmpdir ("iobench-report-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "r.csv", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  g_autoptr(GPtrArray) rows = NULL;
  GPtrArray *header;
  gboolean saw_weird_error = FALSE;

  g_assert_true (ib_test_save_csv (report, path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &data, NULL, NULL));
  rows = csv_parse (data);
  g_assert_cmpuint (rows->len, ==, report->samples->len + 1);
  header = g_ptr_array_index (rows, 0);
  g_assert_cmpuint (header->len, ==, 27);

  for (guint i = 0; i < report->samples->len; i++)
    {
      const IbSample *s = &g_array_index (report->samples, IbSample, i);
      GPtrArray *row = g_ptr_array_index (rows, i + 1);

      g_assert_cmpuint (row->len, ==, header->len);
      g_assert_cmpstr (cell (header, row, "strategy"), ==, s->strategy);
      g_assert_cmpint (cell_int (header, row, "round"), ==, s->round);
      g_assert_cmpstr (cell (header, row, "warmup"), ==, s->warmup ? "true" : "false");
      g_assert_cmpint (cell_int (header, row, "wall_ns"), ==, s->wall_ns);
      g_assert_cmpint (cell_int (header, row, "user_ns"), ==, s->user_ns);
      g_assert_cmpint (cell_int (header, row, "sys_ns"), ==, s->sys_ns);
      g_assert_cmpint (cell_int (header, row, "cpu_ns"), ==, s->cpu_ns);
      g_assert_cmpint (cell_int (header, row, "bytes"), ==, (gint64) s->bytes);
      g_assert_cmpint (cell_int (header, row, "files"), ==, s->files);
      if (s->residency < 0)
        g_assert_cmpstr (cell (header, row, "residency"), ==, "");
      else
        g_assert_cmpfloat (g_ascii_strtod (cell (header, row, "residency"), NULL), ==,
                           s->residency);
      g_assert_cmpstr (cell (header, row, "cache_ok"), ==, s->cache_ok ? "true" : "false");
      g_assert_cmpstr (cell (header, row, "excluded"), ==, s->excluded != NULL ? s->excluded : "");
      g_assert_cmpint (cell_int (header, row, "vol_ctxsw"), ==, s->vol_ctxsw);
      g_assert_cmpint (cell_int (header, row, "invol_ctxsw"), ==, s->invol_ctxsw);
      g_assert_cmpint (cell_int (header, row, "minflt"), ==, s->minflt);
      g_assert_cmpint (cell_int (header, row, "majflt"), ==, s->majflt);
      g_assert_cmpint (cell_int (header, row, "callbacks"), ==, (gint64) s->callbacks);
      g_assert_cmpint (cell_int (header, row, "peak_rss_bytes"), ==, (gint64) s->peak_rss_bytes);
      g_assert_cmpint (cell_int (header, row, "chunk"), ==, (gint64) s->chunk);
      g_assert_cmpint (cell_int (header, row, "verify_ns"), ==, s->verify_ns);
      g_assert_cmpint (cell_int (header, row, "max_in_flight"), ==, s->max_in_flight);
      g_assert_cmpstr (cell (header, row, "ok"), ==, s->ok ? "true" : "false");
      g_assert_cmpstr (cell (header, row, "error"), ==, s->error != NULL ? s->error : "");
      if (s->responsive)
        {
          g_assert_cmpint (cell_int (header, row, "stall_ns"), ==, s->stall_ns);
          g_assert_cmpint (cell_int (header, row, "lateness_p99_ns"), ==, s->lateness_p99_ns);
          /* expected frames, fractional (4 significant digits) */
          g_assert_cmpfloat_with_epsilon (g_ascii_strtod (cell (header, row,
                                                                "frames_missed_60"), NULL),
                                          s->frames_missed_60, 1e-3 * (1 + s->frames_missed_60));
          g_assert_cmpfloat_with_epsilon (g_ascii_strtod (cell (header, row,
                                                                "frames_missed_120"), NULL),
                                          s->frames_missed_120,
                                          1e-3 * (1 + s->frames_missed_120));
        }
      else
        g_assert_cmpstr (cell (header, row, "stall_ns"), ==, "");
      if (s->error != NULL && strchr (s->error, '\n') != NULL)
        saw_weird_error = TRUE;
    }
  /* the fixture's tricky strings did go through */
  g_assert_true (saw_weird_error);
  g_assert_nonnull (strstr (data, "\"weird,\"\"id\"\"\nwith <b>&amp;</b>\""));

  /* an unwritable target fails with a message and leaves nothing behind */
  {
    g_autofree char *bad = g_build_filename (dir, "missing-folder", "r.csv", NULL);

    g_assert_false (ib_test_save_csv (report, bad, &error));
    g_assert_nonnull (error);
    g_clear_error (&error);
  }
  remove_tmpdir (dir);
}

static gboolean
run_xmllint (const char *path,
             gboolean    html)
{
  const char *argv_xml[] = { "xmllint", "--noout", "--nonet", path, NULL };
  const char *argv_html[] = { "xmllint", "--html", "--noout", "--nonet", path, NULL };
  g_autoptr(GError) error = NULL;
  g_autofree char *err = NULL;
  int status = 0;

  if (!g_spawn_sync (NULL, (char **) (html ? argv_html : argv_xml), NULL, G_SPAWN_SEARCH_PATH,
                     NULL, NULL, NULL, &err, &status, &error))
    g_error ("xmllint could not run (install libxml2-utils): %s", error->message);
  if (html)
    {
      /* xmllint --html knows HTML 4 only: it calls every HTML5 and SVG element
       * ("Tag section invalid") an error. Any other error counts. */
      g_auto(GStrv) lines = g_strsplit (err != NULL ? err : "", "\n", -1);
      guint bad = 0;

      for (guint i = 0; lines[i] != NULL; i++)
        if (strstr (lines[i], "parser error") != NULL
            && !(strstr (lines[i], "parser error : Tag ") != NULL
                 && g_str_has_suffix (lines[i], " invalid")))
          {
            g_printerr ("xmllint --html: %s\n", lines[i]);
            bad++;
          }
      return bad == 0;
    }
  if (!g_spawn_check_wait_status (status, NULL) || (err != NULL && *err != '\0'))
    {
      g_printerr ("xmllint: %s\n", err);
      return FALSE;
    }
  return TRUE;
}

/* Every src= and href= value must be local: no scheme at all. */
static void
assert_no_external_refs (const char *html)
{
  static const char *const attrs[] = { "src=\"", "href=\"", "src='", "href='" };

  g_assert_null (strstr (html, "@import"));
  g_assert_null (strstr (html, "<script"));
  g_assert_null (strstr (html, "<link"));
  for (guint i = 0; i < G_N_ELEMENTS (attrs); i++)
    for (const char *p = strstr (html, attrs[i]); p != NULL; p = strstr (p + 1, attrs[i]))
      {
        const char *value = p + strlen (attrs[i]);

        g_assert_false (g_str_has_prefix (value, "http:"));
        g_assert_false (g_str_has_prefix (value, "https:"));
        g_assert_false (g_str_has_prefix (value, "//"));
      }
  g_assert_null (strstr (html, "url(http"));
  g_assert_null (strstr (html, "url(//"));
}

/* The figure of @kind in @html, "" when it has none. */
static char *
figure_of (const char            *html,
           const IbChartKindInfo *kind)
{
  g_autofree char *open = g_strdup_printf ("<figure id=\"chart-%s\"", kind->id);
  const char      *start = strstr (html, open), *end;

  if (start == NULL)
    return g_strdup ("");
  end = strstr (start, "</figure>");
  g_assert_nonnull (end);
  return g_strndup (start, end - start);
}

/* The HTML report's charts follow the log-scale choice (the window's
 * switch): every chart with the choice says "log scale" with it, and not
 * without it. */
static void
test_html_log_scale (void)
{
  g_autoptr (IbReport) report = fx_report_new (40);
  g_autoptr (IbAnalysis) analysis = ib_analysis_new (report);
  g_autoptr (GError) error = NULL;
  g_autofree char *linear = ib_report_to_html_full (analysis, FALSE, &error);
  g_autofree char *log = NULL;
  guint            n_switched = 0;

  g_assert_no_error (error);
  log = ib_report_to_html_full (analysis, TRUE, &error);
  g_assert_no_error (error);
  /* the default is the linear axis (the time chart says no "log scale") */
  {
    g_autofree char *plain = ib_report_to_html (analysis, &error);
    g_autofree char *fig = figure_of (plain, ib_chart_kind_lookup ("strategies"));

    g_assert_no_error (error);
    g_assert_cmpstr (fig, !=, "");
    g_assert_null (strstr (fig, "log scale"));
  }
  for (guint k = 0; k < ib_chart_n_kinds (); k++)
    {
      const IbChartKindInfo *kind = ib_chart_kind_nth (k);
      g_autofree char       *fig_linear = figure_of (linear, kind);
      g_autofree char       *fig_log = figure_of (log, kind);

      if (!kind->log_switch || fig_linear[0] == '\0')
        continue;
      g_test_message ("%s: log scale %s, linear %s", kind->id,
                      strstr (fig_log, "log scale") != NULL ? "said" : "not said",
                      strstr (fig_linear, "log scale") != NULL ? "said" : "not said");
      /* (some always draw a log axis and say so either way) */
      g_assert_nonnull (strstr (fig_log, "log scale"));
      if (strstr (fig_linear, "log scale") == NULL)
        n_switched++;
    }
  /* charts that the choice turned to a log axis: the time chart at least */
  g_assert_cmpuint (n_switched, >=, 1);
}

static void
test_html (void)
{
  g_autoptr(IbReport) report = fx_report_new (40);
  g_autofree char *dir = ib_test_make_tmpdir ("iobench-report-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "report.html", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *html = NULL;
  guint n_charts = 0;

  /* this version's findings and one it does not know, whose text needs
   * escaping */
  {
    GArray *findings = fx_findings (report);
    g_autoptr(IbAnalysis) analysis = NULL;

    ib_findings_add (findings, "custom", "a finding with <markup> & \"quotes\"");
    analysis = ib_analysis_new_with_findings (report, findings);
    g_assert_true (ib_report_save_html (analysis, path, &error));
  }
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &html, NULL, NULL));

  g_assert_true (g_str_has_prefix (html, "<!DOCTYPE html>"));
  g_assert_true (run_xmllint (path, FALSE));
  /* libxml2's HTML parser is HTML 4 and trips over long SVG markup (it
   * misreads a "/>" that falls on its input buffer's edge); the XML check
   * above covers the SVGs, so the HTML check sees the page without them. */
  {
    g_autofree char *stripped_path = g_build_filename (dir, "no-svg.html", NULL);
    g_autoptr(GString) stripped = g_string_new (NULL);
    const char *p = html;
    const char *svg;

    while ((svg = strstr (p, "<svg")) != NULL)
      {
        const char *end = strstr (svg, "</svg>");

        g_assert_nonnull (end);
        g_string_append_len (stripped, p, svg - p);
        p = end + strlen ("</svg>");
      }
    g_string_append (stripped, p);
    g_assert_true (g_file_set_contents (stripped_path, stripped->str, -1, NULL));
    g_assert_true (run_xmllint (stripped_path, TRUE));
  }
  assert_no_external_refs (html);

  /* text is escaped, never markup */
  g_assert_nonnull (strstr (html, "a finding with &lt;markup&gt; &amp; &quot;quotes&quot;"));
  g_assert_null (strstr (html, "<markup>"));
  g_assert_nonnull (strstr (html, "weird,&quot;id&quot;\nwith &lt;b&gt;&amp;amp;&lt;/b&gt;"));
  /* the fixture's warning, worded from its key and escaped */
  g_assert_nonnull (strstr (html, "Cold cache is impossible on tmpfs (/tmp/&lt;tmpfs&gt; &amp; co)"));

  /* structure: findings before charts, samples collapsed, warnings box */
  g_assert_nonnull (strstr (html, "id=\"findings\""));
  g_assert_nonnull (strstr (html, "class=\"warnings\""));
  g_assert_nonnull (strstr (html, "<details>"));
  g_assert_null (strstr (html, "<details open"));
  g_assert_nonnull (strstr (html, "prefers-color-scheme:dark"));
  g_assert_nonnull (strstr (html, "@media print"));
  g_assert_nonnull (strstr (html, "id=\"statistics\""));
  /* every export says how it aggregates */
  g_assert_nonnull (strstr (html, "<p class=\"note\">Each row is the median of its n valid "
                                  "samples"));
  g_assert_nonnull (strstr (html, "distribution-free order-statistic interval"));
  g_assert_nonnull (strstr (html, "id=\"overhead\""));
  g_assert_nonnull (strstr (html, "id=\"write-unlink\""));
  g_assert_nonnull (strstr (html, "id=\"sweep\""));
  g_assert_nonnull (strstr (html, "id=\"plan\""));
  g_assert_nonnull (strstr (html, "id=\"environment\""));
  g_assert_true (strstr (html, "id=\"findings\"") < strstr (html, "id=\"statistics\""));
  /* findings grouped under short headings; an unknown id goes to the details */
  {
    const char *answer = strstr (html, "<h3 data-group=\"answer\">Behind the answer</h3>\n<ul>");
    const char *details = strstr (html, "<h3 data-group=\"details\">Details</h3>");
    const char *custom = strstr (html, "<li data-finding=\"custom\">");

    g_assert_nonnull (answer);
    g_assert_nonnull (details);
    g_assert_nonnull (strstr (html, "<h3 data-group=\"validity\">"));
    g_assert_true (answer > strstr (html, "id=\"findings\""));
    g_assert_true (answer < details && details < custom);
    g_assert_true (strstr (html, "<li data-finding=\"sync-vs-async\">") < details);
  }

  /* one light and one dark inline SVG per chart the report has data for */
  for (guint k = 0; k < ib_chart_n_kinds (); k++)
    if (ib_chart_kind_nth (k)->in_reports && ib_chart_has_data (ib_chart_kind_nth (k), report, NULL))
      {
        const IbChartKindInfo *kind = ib_chart_kind_nth (k);
        g_autofree char       *id = g_strdup_printf ("id=\"chart-%s\"",
                                                     kind->id);

        g_assert_nonnull (strstr (html, id));
        n_charts++;
      }
  g_assert_cmpuint (n_charts, >, 0);
  {
    guint n_svg = 0;

    for (const char *p = strstr (html, "<svg"); p != NULL; p = strstr (p + 1, "<svg"))
      n_svg++;
    g_assert_cmpuint (n_svg, ==, 2 * n_charts);
  }
  g_assert_null (strstr (html, "<?xml"));

  remove_tmpdir (dir);
}

static void
test_markdown (void)
{
  g_autoptr(IbReport) report = fx_report_new (40);
  g_autofree char *dir = ib_test_make_tmpdir ("iobench-report-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "my report.md", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *md = NULL;
  guint n_png = 0;

  g_assert_true (ib_test_save_markdown (report, path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &md, NULL, NULL));

  g_assert_true (g_str_has_prefix (md, "# I/O Bench report\n"));
  g_assert_nonnull (strstr (md, "\n## Findings\n\n### Behind the answer\n\n- "));
  g_assert_true (strstr (md, "\n### Behind the answer\n")
                 < strstr (md, "\n### How far to trust these numbers\n"));
  g_assert_true (strstr (md, "\n### How far to trust these numbers\n")
                 < strstr (md, "\n### Details\n"));
  g_assert_nonnull (strstr (md, "## Statistics"));
  g_assert_nonnull (strstr (md, "Each row is the median of its n valid samples"));
  /* the fixture: 8 valid samples, [min, max] covers 1 - 2 / 2^8 */
  g_assert_nonnull (strstr (md, "| 99.22 % |"));
  g_assert_nonnull (strstr (md, "## Plan"));
  g_assert_nonnull (strstr (md, "## Environment"));
  g_assert_nonnull (strstr (md, "## Warnings"));
  /* table cells cannot break the table */
  g_assert_nonnull (strstr (md, "weird,\"id\" with &lt;b&gt;&amp;amp;&lt;/b&gt;"));
  g_assert_null (strstr (md, "<b>"));

  for (guint k = 0; k < ib_chart_n_kinds (); k++)
    if (ib_chart_kind_nth (k)->in_reports && ib_chart_has_data (ib_chart_kind_nth (k), report, NULL))
      {
        const IbChartKindInfo *kind = ib_chart_kind_nth (k);
        g_autofree char       *name = g_strdup_printf ("%s.png", kind->id);
        g_autofree char *png = g_build_filename (dir, "my report-charts", name, NULL);
        g_autofree char       *link = g_strdup_printf ("(my%%20report-charts/%s.png)",
                                                       kind->id);
        g_autofree char *head = NULL;
        gsize len = 0;

        g_assert_true (g_file_get_contents (png, &head, &len, NULL));
        g_assert_cmpuint (len, >, 8);
        g_assert_cmpint (memcmp (head, "\x89PNG\r\n\x1a\n", 8), ==, 0);
        g_assert_nonnull (strstr (md, link));
        n_png++;
      }
  g_assert_cmpuint (n_png, >, 0);
  remove_tmpdir (dir);
}

/* The charts go in a folder of their own, and a file the
 * user has there is never replaced unless asked to. */
static void
test_markdown_keeps_files (void)
{
  g_autoptr(IbReport) report = fx_report_new (40);
  g_autofree char *dir = ib_test_make_tmpdir ("iobench-report-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "r.md", NULL);
  g_autofree char *charts = g_build_filename (dir, "r-charts", NULL);
  g_autofree char *mine = g_build_filename (charts, "strategies.png", NULL);
  g_autofree char *other = g_build_filename (dir, "r-strategies.png", NULL);
  g_autoptr(GPtrArray) list = ib_report_markdown_charts (report, path);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  g_assert_cmpuint (list->len, >, 1);
  g_assert_cmpstr (g_ptr_array_index (list, 0), ==, mine);
  /* a file beside the report with the old name is nothing to it */
  g_assert_true (g_file_set_contents (other, "mine", -1, NULL));
  g_assert_cmpint (g_mkdir (charts, 0700), ==, 0);
  g_assert_true (g_file_set_contents (mine, "mine", -1, NULL));

  g_assert_false (ib_test_save_markdown (report, path, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS);
  g_assert_nonnull (strstr (error->message, mine));
  g_clear_error (&error);
  g_assert_true (g_file_get_contents (mine, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, "mine");
  g_clear_pointer (&text, g_free);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  /* nothing else was written into the folder */
  {
    g_autoptr(GDir) d = g_dir_open (charts, 0, NULL);
    guint n = 0;

    while (g_dir_read_name (d) != NULL)
      n++;
    g_assert_cmpuint (n, ==, 1);
  }

  /* the user said yes: replaced */
  g_assert_true (ib_test_save_markdown_full (report, path, TRUE, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (mine, &text, NULL, NULL));
  g_assert_cmpmem (text, 8, "\x89PNG\r\n\x1a\n", 8);
  g_clear_pointer (&text, g_free);
  g_assert_true (g_file_get_contents (other, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, "mine");
  remove_tmpdir (dir);

  /* the chart folder's name taken by a file: a clear error, nothing written */
  dir = ib_test_make_tmpdir ("iobench-report-XXXXXX");
  g_free (path);
  path = g_build_filename (dir, "s.md", NULL);
  g_free (charts);
  charts = g_build_filename (dir, "s-charts", NULL);
  g_assert_true (g_file_set_contents (charts, "x", -1, NULL));
  g_assert_false (ib_test_save_markdown (report, path, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_DIRECTORY);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_clear_error (&error);
  remove_tmpdir (dir);
}

static void
test_empty_report (void)
{
  /* A report with nothing measured still writes every format. */
  g_autoptr(IbReport) report = ib_report_new ();
  g_autofree char *dir = ib_test_make_tmpdir ("iobench-report-XXXXXX");
  g_autofree char *html = g_build_filename (dir, "e.html", NULL);
  g_autofree char *md = g_build_filename (dir, "e.md", NULL);
  g_autofree char *csv = g_build_filename (dir, "e.csv", NULL);
  g_autoptr(GError) error = NULL;

  {
    g_autoptr(GArray) findings = fx_findings (report);

    g_assert_cmpuint (findings->len, ==, 0);
  }
  g_assert_true (ib_test_save_html (report, html, &error));
  g_assert_no_error (error);
  g_assert_true (run_xmllint (html, FALSE));
  g_assert_true (ib_test_save_markdown (report, md, &error));
  g_assert_no_error (error);
  g_assert_true (ib_test_save_csv (report, csv, &error));
  g_assert_no_error (error);
  remove_tmpdir (dir);
}

/* One display name per strategy, kind and mode in the
 * tables; the ids stay in JSON and CSV and in the HTML tooltips. */
static void
test_display_names (void)
{
  g_autoptr(IbReport) report = fx_report_new (40);
  g_autofree char *dir = ib_test_make_tmpdir ("iobench-report-XXXXXX");
  g_autofree char *html_path = g_build_filename (dir, "names.html", NULL);
  g_autofree char *md_path = g_build_filename (dir, "names.md", NULL);
  g_autofree char *csv_path = g_build_filename (dir, "names.csv", NULL);
  g_autofree char *html = NULL, *md = NULL, *csv = NULL;
  g_autofree char *cell = NULL, *row = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(IbTable) stats = ib_table_statistics (report);
  g_autoptr(IbTable) sweep = ib_table_sweep (report);
  g_autoptr(IbTable) overhead = ib_table_overhead (report);
  g_autoptr(IbTable) wu = ib_table_write_unlink (report);
  g_autoptr(IbTable) plan = ib_table_plan (report);
  g_autofree char *subtitle = ib_report_subtitle (report);

  /* the fixture's ids do have display names */
  g_assert_cmpstr (ib_strategy_title (FX_SYNC), !=, FX_SYNC);
  g_assert_cmpstr (ib_overhead_kind_title ("gtask"), !=, "gtask");
  g_assert_cmpstr (ib_write_unlink_mode_title ("sync-serial"), !=, "sync-serial");

  g_assert_cmpstr (((char **) g_ptr_array_index (stats->rows, 0))[0], ==,
                   ib_strategy_title (FX_SYNC));
  g_assert_cmpint (stats->tip_column, ==, 0);
  g_assert_cmpstr (g_ptr_array_index (stats->tips, 0), ==, FX_SYNC);
  /* an id this version does not know is shown as it is */
  g_assert_cmpstr (((char **) g_ptr_array_index (stats->rows, 2))[0], ==, FX_WEIRD);
  for (guint i = 0; i < sweep->rows->len; i++)
    {
      const char *name = ((char **) g_ptr_array_index (sweep->rows, i))[1];

      g_assert_cmpstr (name, ==, ib_strategy_title (g_ptr_array_index (sweep->tips, i)));
      g_assert_false (g_str_equal (name, g_ptr_array_index (sweep->tips, i)));
    }
  g_assert_cmpstr (((char **) g_ptr_array_index (overhead->rows, 1))[0], ==,
                   ib_overhead_kind_title ("gtask"));
  g_assert_cmpstr (((char **) g_ptr_array_index (wu->rows, 0))[0], ==,
                   ib_write_unlink_mode_title ("sync-serial"));
  for (guint i = 0; i < plan->rows->len; i++)
    {
      char **kv = g_ptr_array_index (plan->rows, i);

      if (g_str_equal (kv[0], "Preset"))
        g_assert_cmpstr (kv[1], ==, "Quick");
      if (g_str_equal (kv[0], "Strategies"))
        g_assert_true (g_str_has_prefix (kv[1], ib_strategy_title (FX_SYNC)));
    }
  g_assert_true (g_str_has_prefix (subtitle, "Quick · "));

  g_assert_true (ib_test_save_html (report, html_path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (html_path, &html, NULL, NULL));
  cell = g_strdup_printf ("<td title=\"%s\">%s</td>", FX_SYNC, ib_strategy_title (FX_SYNC));
  g_assert_nonnull (strstr (html, cell));
  g_assert_null (strstr (html, "<td>" FX_SYNC "</td>"));
  g_assert_null (strstr (html, "<td>sync-serial</td>"));

  g_assert_true (ib_test_save_markdown (report, md_path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (md_path, &md, NULL, NULL));
  row = g_strdup_printf ("\n| %s |", ib_strategy_title (FX_SYNC));
  g_assert_nonnull (strstr (md, row));
  g_assert_null (strstr (md, "| " FX_SYNC " |"));
  g_assert_null (strstr (md, "| gtask |"));

  /* CSV is data: ids */
  g_assert_true (ib_test_save_csv (report, csv_path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (csv_path, &csv, NULL, NULL));
  g_assert_nonnull (strstr (csv, FX_SYNC ","));
  g_assert_null (strstr (csv, ib_strategy_title (FX_SYNC)));
  remove_tmpdir (dir);
}

static const IbStats *
stats_of (const IbReport *report,
          const char     *id)
{
  for (guint i = 0; i < report->statistics->len; i++)
    if (g_strcmp0 (g_array_index (report->statistics, IbStats, i).strategy, id) == 0)
      return &g_array_index (report->statistics, IbStats, i);
  g_assert_not_reached ();
}

/* "vs fastest" says "slower" only with a clear verdict: the
 * overlapping fixture's 1.0x has "no verdict", the separated one's is
 * "slower"; both as a factor first. */
static void
test_vs_fastest (void)
{
  IbReport *apart = fx_report_new (40);
  IbReport *close = fx_report_new (10.2);
  gboolean clear = FALSE;
  g_autofree char *a = ib_vs_fastest_text (apart, stats_of (apart, FX_ASYNC),
                                           stats_of (apart, FX_SYNC), &clear);
  g_autofree char *b = NULL;
  g_autofree char *f = ib_vs_fastest_text (apart, stats_of (apart, FX_SYNC),
                                           stats_of (apart, FX_SYNC), NULL);
  const IbStats *fast_close = stats_of (close, FX_SYNC)->median_ns
                              <= stats_of (close, FX_ASYNC)->median_ns
                              ? stats_of (close, FX_SYNC) : stats_of (close, FX_ASYNC);
  const IbStats *slow_close = fast_close == stats_of (close, FX_SYNC)
                              ? stats_of (close, FX_ASYNC) : stats_of (close, FX_SYNC);

  g_assert_true (clear);
  g_assert_true (g_str_has_suffix (a, "x slower"));
  g_assert_cmpstr (f, ==, "fastest");
  b = ib_vs_fastest_text (close, slow_close, fast_close, &clear);
  g_assert_false (clear);
  g_assert_true (g_str_has_suffix (b, "x, no verdict"));
  g_assert_null (strstr (b, "slower"));
  ib_report_unref (apart);
  ib_report_unref (close);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/report/csv", test_csv);
  g_test_add_func ("/report/html", test_html);
  g_test_add_func ("/report/html-log-scale", test_html_log_scale);
  g_test_add_func ("/report/markdown", test_markdown);
  g_test_add_func ("/report/markdown-keeps-files", test_markdown_keeps_files);
  g_test_add_func ("/report/empty", test_empty_report);
  g_test_add_func ("/report/display-names", test_display_names);
  g_test_add_func ("/report/vs-fastest", test_vs_fastest);
  return g_test_run ();
}
