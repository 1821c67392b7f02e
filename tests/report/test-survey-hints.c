/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Survey-only numbers are hints, said once as hints (README, "What it
 * measures"; analysis/ib-findings.h, IbFinding.hint):
 *
 *  - quick-busy.json is a real quick report of this project's 2-core VM at
 *    load 6-11 (2026-12-03 07:32, before quick surveyed only its answer's
 *    candidates): a busy machine ended its survey in round 2 of 5, so
 *    every strategy has 1 or 2 measured samples, and its Markdown said "too
 *    few samples" 19 times. Written by this build it says it at most twice:
 *    the statistics table marks its factors "(hint)" and says once what a
 *    hint is, and one finding says that the survey's numbers are hints;
 *  - the same report with every strategy's survey samples brought to 5
 *    (what quick's survey now gives at that load, test-survey.c) says it
 *    not at all, and its table shows no hint; the comparisons its decision
 *    phase did not race stay hints, each said in its finding without a
 *    direction (analysis/ib-findings.h, ib_findings_survey_only). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <string.h>

#include "engine/stats/ib-stats.h"
#include "report/ib-report-io.h"
#include "ib-test-common.h"
#include "ib-test-writers.h"

static IbReport *
load_busy (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "report", "quick-busy.json", NULL);
  g_autoptr(GError) error = NULL;
  IbReport *report = ib_report_load_json (path, &error);

  g_assert_no_error (error);
  return report;
}

static guint
count_of (const char *text,
          const char *word)
{
  guint n = 0;

  for (const char *p = strstr (text, word); p != NULL; p = strstr (p + 1, word))
    n++;
  return n;
}

/* @report's Markdown, as the CLI writes it. */
static char *
markdown_of (const IbReport *report)
{
  g_autofree char *dir = ib_test_make_tmpdir ("iobench-hints-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "report.md", NULL);
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  g_assert_true (ib_test_save_markdown (report, path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (ib_test_remove_tree (dir));
  return text;
}

static void
test_busy (void)
{
  g_autoptr(IbReport) report = load_busy ();
  g_autofree char *md = NULL;
  guint most = 0;

  /* the fixture is what it says: a budgeted quick with a short survey */
  g_assert_cmpstr (report->plan->preset, ==, "quick");
  g_assert_nonnull (report->decision);
  for (guint i = 0; i < report->statistics->len; i++)
    most = MAX (most, g_array_index (report->statistics, IbStats, i).n);
  g_assert_cmpuint (most, ==, 2);

  md = markdown_of (report);
  g_test_message ("\"too few samples\" %u times, \"(hint)\" %u times",
                  count_of (md, "too few samples"), count_of (md, "(hint)"));
  g_assert_cmpuint (count_of (md, "too few samples"), <=, 2);
  /* the numbers are still there, each marked, and said once what they are */
  g_assert_cmpuint (count_of (md, "(hint)"), >=, 10);
  g_assert_cmpuint (count_of (md, "The survey measured each strategy 1 to 2 times (a verdict "
                                  "needs 5 a side)"), ==, 1);
}

/* @report with each strategy's valid survey samples repeated, in new
 * rounds, until it has 5. */
static void
fill_to_five (IbReport *report)
{
  g_autoptr(GArray) added = g_array_new (FALSE, TRUE, sizeof (IbSample));

  for (guint i = 0; i < report->statistics->len; i++)
    {
      const IbStats *st = &g_array_index (report->statistics, IbStats, i);
      guint have = st->n, round = 100;

      for (guint k = 0; have < 5 && k < 5 * report->samples->len; k++)
        {
          const IbSample *s = &g_array_index (report->samples, IbSample,
                                              k % report->samples->len);
          IbSample copy;

          if (!ib_sample_is_valid (s) || g_strcmp0 (s->strategy, st->strategy) != 0)
            continue;
          ib_sample_copy_into (&copy, s);
          copy.round = round++;
          g_array_append_val (added, copy);
          have++;
        }
    }
  g_array_append_vals (report->samples, added->data, added->len);
  g_array_set_size (added, 0);
  ib_report_compute_statistics (report);
}

static void
test_five (void)
{
  g_autoptr(IbReport) report = load_busy ();
  g_autofree char *md = NULL;

  fill_to_five (report);
  for (guint i = 0; i < report->statistics->len; i++)
    g_assert_cmpuint (g_array_index (report->statistics, IbStats, i).n, >=, 5);
  md = markdown_of (report);
  g_assert_cmpuint (count_of (md, "too few samples"), ==, 0);
  g_assert_null (strstr (md, "The survey measured each strategy"));
  /* No factor of the statistics table is a hint any more. What stays a
   * hint is a comparison the decision phase did not race (survey samples
   * alone): a finding says so in its own words, without a direction. */
  {
    g_auto(GStrv) lines = g_strsplit (md, "\n", -1);
    guint n = 0;

    for (guint i = 0; lines[i] != NULL; i++)
      {
        if (strstr (lines[i], "(hint)") == NULL)
          continue;
        g_test_message ("%s", lines[i]);
        n++;
        g_assert_true (g_str_has_prefix (lines[i], "- "));
        g_assert_null (strstr (lines[i], " faster"));
        g_assert_null (strstr (lines[i], " slower"));
      }
    g_assert_cmpuint (n, >=, 1);
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/survey-hints/busy-quick", test_busy);
  g_test_add_func ("/survey-hints/five-samples", test_five);
  return g_test_run ();
}
