/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Hostile text in a report (a strategy name, an error, a host name, a
 * warning) against every writer (suite report): CSV cells that would start
 * a formula are quoted after a single quote, numbers stay numbers; SVG
 * charts stay well-formed XML (xmllint) and PDF charts are written
 * (pdfinfo) whatever a name holds; HTML and Markdown carry no control
 * character. The helpers themselves (analysis/ib-text-safe.h) first. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "analysis/ib-text-safe.h"
#include "chart/ib-chart.h"
#include "report-fixture.h"
#include "ib-test-common.h"
#include "ib-test-writers.h"

/* Every C0 control, DEL, C1 controls, an escape sequence, the
 * noncharacters cairo's PDF text refuses, bidi overrides. */
static const char hostile[] = "\x01\x02\x03\x04\x05\x06\x07\x08 \t \x0b\x0c\x0e\x0f\x10\x11\x12"
                              "\x13\x14\x15\x16\x17\x18\x19\x1a\x1c\x1d\x1e\x1f \x1b[31mRED\x07"
                              " \x7f \xc2\x80\xc2\x9b\xc2\x9f \xef\xbf\xbe\xef\xbf\xbf"
                              " \xef\xb7\x90 \xf0\x9f\xbf\xbe \xe2\x80\xae\xe2\x81\xa6 end";

/* ---- the helpers ---------------------------------------------------------- */

static void
test_for_terminal (void)
{
  g_autofree char *t = ib_text_for_terminal ("\x1b[31mRED\x07", FALSE);
  g_autofree char *lines = ib_text_for_terminal ("a\nb\rc", TRUE);
  g_autofree char *cell = ib_text_for_terminal ("a\nb", FALSE);
  g_autofree char *c1 = ib_text_for_terminal ("\xc2\x9b" "2J \xe2\x80\xae" "x \x7f", FALSE);
  g_autofree char *bad = ib_text_for_terminal ("a\xff" "b", FALSE);
  g_autofree char *kept = ib_text_for_terminal ("Sync — 3.1× «ok» 読む", FALSE);

  g_assert_cmpstr (t, ==, "\\x1b[31mRED\\x07");
  g_assert_cmpstr (lines, ==, "a\nb\\x0dc");
  g_assert_cmpstr (cell, ==, "a\\x0ab");
  g_assert_cmpstr (c1, ==, "\\u009b2J \\u202ex \\x7f");
  g_assert_cmpstr (bad, ==, "a\xef\xbf\xbd" "b");
  g_assert_cmpstr (kept, ==, "Sync — 3.1× «ok» 読む");
}

static void
test_for_document (void)
{
  g_autofree char *d = ib_text_for_document ("a\x01\tb\nc\rd\x7f\xef\xbf\xbe\xef\xbf\xbf"
                                             "\xef\xb7\x90\xf0\x9f\xbf\xbf\xc2\x85 ok é");

  g_assert_cmpstr (d, ==, "a\xef\xbf\xbd\tb\nc\rd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd"
                          "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd ok é");
}

static void
test_csv_is_formula (void)
{
  const char *formulas[] = { "=1+1", "+1", "-1", "@SUM(1)", "\tx", "\rx" };
  const char *plain[] = { "", "sync-read-all", " =1", "'=1", "1-1", "x=1" };

  for (guint i = 0; i < G_N_ELEMENTS (formulas); i++)
    g_assert_true (ib_text_csv_is_formula (formulas[i]));
  for (guint i = 0; i < G_N_ELEMENTS (plain); i++)
    g_assert_false (ib_text_csv_is_formula (plain[i]));
  g_assert_false (ib_text_csv_is_formula (NULL));
}

/* ---- CSV ------------------------------------------------------------------ */

/* RFC 4180 rows of fields, as a spreadsheet reads them (CRLF rows). */
static GPtrArray *
csv_rows (const char *data)
{
  GPtrArray *rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  GPtrArray *row = g_ptr_array_new_with_free_func (g_free);
  GString *field = g_string_new (NULL);
  gboolean quoted = FALSE;

  for (const char *p = data; *p != '\0'; p++)
    {
      if (quoted)
        {
          if (*p == '"' && p[1] == '"')
            g_string_append_c (field, *p++);
          else if (*p == '"')
            quoted = FALSE;
          else
            g_string_append_c (field, *p);
        }
      else if (*p == '"')
        quoted = TRUE;
      else if (*p == ',' || (*p == '\r' && p[1] == '\n'))
        {
          g_ptr_array_add (row, g_string_free (field, FALSE));
          field = g_string_new (NULL);
          if (*p == '\r')
            {
              p++;
              g_ptr_array_add (rows, row);
              row = g_ptr_array_new_with_free_func (g_free);
            }
        }
      else
        g_string_append_c (field, *p);
    }
  g_assert_cmpuint (field->len, ==, 0);
  g_assert_cmpuint (row->len, ==, 0);
  g_string_free (field, TRUE);
  g_ptr_array_unref (row);
  return rows;
}

static guint
column (GPtrArray  *rows,
        const char *name)
{
  GPtrArray *header = g_ptr_array_index (rows, 0);

  for (guint c = 0; c < header->len; c++)
    if (g_str_equal (g_ptr_array_index (header, c), name))
      return c;
  g_error ("no CSV column %s", name);
}

static void
test_csv_formulas (void)
{
  const char *names[] = { "=cmd|' /C calc'!A0", "@SUM(1)", "+1+1", "-2+3", "\tx", "\r=1" };

  for (guint n = 0; n < G_N_ELEMENTS (names); n++)
    {
      g_autoptr(IbReport) report = fx_hostile_report (names[n]);
      g_autofree char *csv = NULL;
      g_autoptr(GPtrArray) rows = NULL;
      guint strategy, error, vol, seen = 0;

      /* a negative number, written as a number, stays one */
      g_array_index (report->samples, IbSample, 0).vol_ctxsw = -5;
      csv = ib_test_to_csv (report);
      rows = csv_rows (csv);
      strategy = column (rows, "strategy");
      error = column (rows, "error");
      vol = column (rows, "vol_ctxsw");
      g_assert_cmpstr (g_ptr_array_index ((GPtrArray *) g_ptr_array_index (rows, 1), vol), ==,
                       "-5");
      for (guint r = 1; r < rows->len; r++)
        {
          GPtrArray *row = g_ptr_array_index (rows, r);

          for (guint c = 0; c < row->len; c++)
            {
              const char *cell = g_ptr_array_index (row, c);

              /* no text cell a spreadsheet would evaluate */
              if (c != vol)
                g_assert_false (ib_text_csv_is_formula (cell));
              if ((c == strategy || c == error) && cell[0] == '\'')
                {
                  g_assert_cmpstr (cell + 1, ==, names[n]);
                  seen++;
                }
            }
        }
      /* the name, and the failed sample's error, each read back after its quote */
      g_assert_cmpuint (seen, >, 1);
    }
}

/* ---- SVG, PDF and PNG charts ---------------------------------------------- */

/* Runs @argv; TRUE when it exits 0. Its output goes to the test log. */
static gboolean
run_tool (const char * const *argv)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  int status = 0;

  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, &out, &err,
                     &status, &error))
    g_error ("cannot run %s: %s", argv[0], error->message);
  if (status != 0)
    g_test_message ("%s: %s%s", argv[0], out, err);
  return g_spawn_check_wait_status (status, NULL);
}

static void
test_charts (void)
{
  g_autofree char *dir = ib_test_make_tmpdir ("iobench-hostile-XXXXXX");
  g_autoptr(IbReport) report = fx_hostile_report (hostile);
  g_autoptr(IbAnalysis) analysis = ib_analysis_new (report);
  g_autoptr(IbComparison) comparison = ib_comparison_new (analysis, analysis);
  g_autofree char *xmllint = g_find_program_in_path ("xmllint");
  g_autofree char *pdfinfo = g_find_program_in_path ("pdfinfo");
  IbChartStyle style;
  guint n_svg = 0;

  if (xmllint == NULL || pdfinfo == NULL)
    {
      g_test_skip (xmllint == NULL ? "cannot check the SVG (missing package: libxml2-utils)"
                                   : "cannot check the PDF (missing package: poppler-utils)");
      return;
    }
  ib_chart_style_init_light (&style);
  for (guint k = 0; k < ib_chart_n_kinds (); k++)
    {
      const IbChartKindInfo *kind = ib_chart_kind_nth (k);
      const IbComparison *with = kind->two_runs ? comparison : NULL;
      const char *id = kind->id;
      g_autofree char *svg_name = g_strdup_printf ("%s.svg", id);
      g_autofree char *pdf_name = g_strdup_printf ("%s.pdf", id);
      g_autofree char *png_name = g_strdup_printf ("%s.png", id);
      g_autofree char *svg = g_build_filename (dir, svg_name, NULL);
      g_autofree char *pdf = g_build_filename (dir, pdf_name, NULL);
      g_autofree char *png = g_build_filename (dir, png_name, NULL);
      g_autoptr(GError) error = NULL;

      if (!ib_chart_has_data (kind, report, with))
        continue;
      g_test_message ("chart %s", id);
      g_assert_true (ib_chart_export (&(IbChartRequest) { kind, report, with, &style, 900, 600 }, ib_chart_format_lookup ("svg"), svg, 1, &error));
      g_assert_no_error (error);
      g_assert_true (run_tool ((const char *[]) { "xmllint", "--noout", svg, NULL }));
      g_assert_true (ib_chart_export (&(IbChartRequest) { kind, report, with, &style, 900, 600 }, ib_chart_format_lookup ("pdf"), pdf, 1, &error));
      g_assert_no_error (error);
      g_assert_true (run_tool ((const char *[]) { "pdfinfo", pdf, NULL }));
      g_assert_true (ib_chart_export (&(IbChartRequest) { kind, report, with, &style, 900, 600 }, ib_chart_format_lookup ("png"), png, 1, &error));
      g_assert_no_error (error);
      n_svg++;
    }
  /* strategies, throughput, cpu, latency, overhead, sweep, compare, stall */
  g_assert_cmpuint (n_svg, >=, 6);
  g_assert_true (ib_test_remove_tree (dir));
}

/* ---- HTML and Markdown ---------------------------------------------------- */

/* No character a document cannot hold, raw or as a character reference
 * ("&#x1;" is as invalid in XML as the byte). */
static void
assert_document_text (const char *what,
                      const char *text)
{
  g_assert_true (g_utf8_validate (text, -1, NULL));
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7f ||
          (c >= 0x80 && c < 0xa0) || (c & 0xfffe) == 0xfffe)
        g_error ("%s holds U+%04X at byte %td", what, c, p - text);
      if (c == '&' && p[1] == '#')
        {
          const char *num = p + 2;
          gboolean hex = *num == 'x' || *num == 'X';
          guint64 v = g_ascii_strtoull (hex ? num + 1 : num, NULL, hex ? 16 : 10);

          if ((v < 0x20 && v != '\t' && v != '\n' && v != '\r') || (v & 0xfffe) == 0xfffe)
            g_error ("%s holds a reference to U+%04" G_GINT64_MODIFIER "X", what, v);
        }
    }
}

static void
test_html_markdown (void)
{
  g_autofree char *dir = ib_test_make_tmpdir ("iobench-hostile-XXXXXX");
  g_autofree char *md_path = g_build_filename (dir, "r.md", NULL);
  g_autoptr(IbReport) report = fx_hostile_report (hostile);
  g_autoptr(GError) error = NULL;
  g_autofree char *html = ib_test_to_html (report, &error);
  g_autofree char *md = NULL;

  g_assert_no_error (error);
  assert_document_text ("the HTML report", html);
  g_assert_true (ib_test_save_markdown (report, md_path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (md_path, &md, NULL, &error));
  g_assert_no_error (error);
  assert_document_text ("the Markdown report", md);
  /* what stays is still there, shown */
  g_assert_nonnull (strstr (md, "RED"));
  g_assert_true (ib_test_remove_tree (dir));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/hostile-text/for-terminal", test_for_terminal);
  g_test_add_func ("/hostile-text/for-document", test_for_document);
  g_test_add_func ("/hostile-text/csv-is-formula", test_csv_is_formula);
  g_test_add_func ("/hostile-text/csv-formulas", test_csv_formulas);
  g_test_add_func ("/hostile-text/charts", test_charts);
  g_test_add_func ("/hostile-text/html-markdown", test_html_markdown);
  return g_test_run ();
}
