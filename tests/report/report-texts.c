/* SPDX-License-Identifier: GPL-3.0-or-later */
/* report-texts.c: every text a person reads of a report (report-texts.h). */
#include "config.h"

#include <glib/gstdio.h>

#include "analysis/ib-analysis.h"
#include "analysis/ib-answer-writes.h"
#include "analysis/ib-findings.h"
#include "ib-test-common.h"
#include "report-texts.h"
#include "report/ib-report-io.h"

void
rt_check_report (const char *where,
                 IbReport   *report,
                 RtCheckText check,
                 GString    *bad)
{
  g_autoptr(IbAnalysis) analysis = ib_analysis_new (report);
  const IbAnswer *answer = ib_analysis_get_answer (analysis);
  const GArray *findings = ib_analysis_get_findings (analysis);
  g_autofree char *dir = ib_test_make_tmpdir ("iobench-texts-XXXXXX");
  g_autofree char *md_path = g_build_filename (dir, "report.md", NULL);
  g_autofree char *md = NULL;
  g_autofree char *html = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) cards = ib_answer_cards (report);
  g_autofree char *json_path = g_build_filename (dir, "report.json", NULL);

  if (answer != NULL)
    {
      g_autofree char *text = ib_answer_to_text (answer, "\n");

      check (where, text, bad);
    }
  for (guint i = 0; findings != NULL && i < findings->len; i++)
    check (where, g_array_index (findings, IbFinding, i).text, bad);
  /* a card is one claim about one pair: its lines as one */
  for (guint i = 0; i < cards->len; i++)
    {
      g_autofree char *text = ib_answer_card_to_text (g_ptr_array_index (cards, i), " ");

      check (where, text, bad);
    }
  /* what iobench-cli prints of it */
  g_assert_true (ib_report_save_json (analysis, json_path, &error));
  g_assert_no_error (error);
  {
    g_autofree char *csv_path = g_build_filename (dir, "report.csv", NULL);
    const char *args[] = { "report", json_path, "--csv", csv_path, NULL };
    g_autofree char *out = NULL;

    g_assert_cmpint (ib_test_run_cli (args, dir, &out, NULL), ==, 0);
    check (where, out, bad);
    g_unlink (csv_path);
  }
  g_unlink (json_path);
  g_assert_true (ib_report_save_markdown (analysis, md_path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (md_path, &md, NULL, &error));
  check (where, md, bad);
  html = ib_report_to_html (analysis, &error);
  g_assert_no_error (error);
  check (where, html, bad);
  g_unlink (md_path);
  g_rmdir (dir);
}

guint
rt_check_golden (RtCheckText check,
                 GString    *bad)
{
  return rt_check_folder ("report/golden", check, bad);
}

guint
rt_check_folder (const char *folder,
                 RtCheckText check,
                 GString    *bad)
{
  g_autofree char *dir = g_test_build_filename (G_TEST_DIST, folder, NULL);
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autoptr(IbReport) report = NULL;
      g_autoptr(GError) error = NULL;

      if (!g_str_has_suffix (name, ".json"))
        continue;
      report = ib_report_load_json (path, &error);
      if (report == NULL && !g_str_has_suffix (folder, "golden"))
        continue;   /* a malformed input of the fuzz corpus */
      g_assert_no_error (error);
      rt_check_report (name, report, check, bad);
      n++;
    }
  return n;
}
