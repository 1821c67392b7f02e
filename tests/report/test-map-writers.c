/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The size x count map in the HTML and Markdown reports: the map of
 * map-fixture.c gives, in both, its advice card (the words of
 * analysis/ib-map-advice.c), its table with one row per cell and every
 * line's verdict, and its chart (inline SVG in HTML, a PNG beside the
 * Markdown). The CSV's map table is golden/map.csv (test-golden). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <locale.h>
#include <string.h>

#include <glib/gstdio.h>

#include "analysis/ib-map-advice.h"
#include "analysis/ib-tables.h"
#include "report/ib-report-io.h"
#include "ib-test-writers.h"
#include "map-fixture.h"
#include "ib-test-common.h"

/* Every sentence of the map's card, in @text. */
static void
assert_card (const IbReport *report,
             const char     *text,
             const char     *(*escape) (const char *))
{
  g_autoptr(IbAnswerCard) card = ib_answer_card_map (report);

  g_assert_nonnull (card);
  g_assert_nonnull (strstr (text, card->headline));
  g_assert_cmpuint (card->details->len, >, 0);
  for (guint i = 0; i < card->details->len; i++)
    {
      g_autofree char *want = g_markup_escape_text (g_ptr_array_index (card->details, i), -1);

      if (strstr (text, escape != NULL ? want : g_ptr_array_index (card->details, i)) == NULL)
        g_error ("the report lacks the advice “%s”",
                 (const char *) g_ptr_array_index (card->details, i));
    }
}

/* The table's rows, each with both lines' verdicts, in @text. */
static void
assert_table (const IbReport *report,
              const char     *text,
              gboolean        html)
{
  g_autoptr(IbTable) table = ib_table_map (report);

  g_assert_nonnull (table);
  g_assert_cmpuint (table->rows->len, ==, report->map->cells->len);
  for (guint r = 0; r < table->rows->len; r++)
    for (guint c = 2; c <= 3; c++)
      {
        g_autofree char *cell = html ? g_markup_escape_text (ib_table_cell (table, r, c), -1)
                                     : g_strdup (ib_table_cell (table, r, c));

        if (strstr (text, cell) == NULL)
          g_error ("the report lacks the map cell “%s”", cell);
      }
}

static const char *
markup (const char *text)
{
  return text;
}

static void
test_html (void)
{
  g_autoptr(IbReport) report = fx_map_report_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *html = ib_test_to_html (report, &error);

  g_assert_no_error (error);
  g_assert_nonnull (strstr (html, "<section id=\"answer-map\" class=\"card\">"));
  g_assert_nonnull (strstr (html, "<section id=\"map\">"));
  g_assert_nonnull (strstr (html, "<figure id=\"chart-map\""));
  g_assert_nonnull (strstr (html, "not decided within the budget, so no advice here."));
  assert_card (report, html, markup);
  assert_table (report, html, TRUE);
}

static void
test_markdown (void)
{
  g_autoptr(IbReport) report = fx_map_report_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = ib_test_make_tmpdir ("iobench-map-md-XXXXXX");
  g_autofree char *path = NULL;
  g_autofree char *png = NULL;
  g_autofree char *md = NULL;
  g_autofree char *charts = NULL;

  g_assert_no_error (error);
  path = g_build_filename (dir, "map.md", NULL);
  charts = g_build_filename (dir, "map-charts", NULL);
  png = g_build_filename (charts, "map.png", NULL);
  g_assert_true (ib_test_save_markdown (report, path, &error));
  g_assert_no_error (error);
  g_file_get_contents (path, &md, NULL, &error);
  g_assert_no_error (error);
  /* read as the reader sees it: Markdown's escapes (g\_file\_read) dropped */
  for (char *from = md, *to = md;; from++)
    if (*from != '\\' && (*to++ = *from) == '\0')
      break;
  g_assert_nonnull (strstr (md, "## When async pays off: advice from the map"));
  g_assert_nonnull (strstr (md, "## When async pays off: file size x file count"));
  g_assert_nonnull (strstr (md, "(map-charts/map.png)"));
  g_assert_true (g_file_test (png, G_FILE_TEST_IS_REGULAR));
  assert_card (report, md, NULL);
  assert_table (report, md, FALSE);

  g_unlink (png);
  g_rmdir (charts);
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/map-writers/html", test_html);
  g_test_add_func ("/map-writers/markdown", test_markdown);
  return g_test_run ();
}
