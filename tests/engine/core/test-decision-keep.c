/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-decision-keep.c: keep deciding a line the decision phase left
 * undecided (ib-decision.h, "Keep deciding"): the plan it runs (the same
 * plan with only the line's pair, no other part, its seed, the new budget,
 * the line's pairs and looks so far), the run continuing the line (its
 * pairs first, its looks counted),
 * the lines it refuses, and the merge of its result into the report: the
 * line replaced by the one measured again, the time counted, a different
 * pair refused with the report untouched. One real run of a few seconds on
 * two small files. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "engine/model/ib-error.h"
#include "engine/run/ib-decision.h"
#include "engine/run/ib-runner.h"
#include "ib-test-common.h"

static void
add_line (IbReport        *report,
          const char      *id,
          const char      *a,
          const char      *b,
          IbPairedVerdict  verdict,
          guint            n_pairs)
{
  IbDecisionLine line = { 0 };
  IbDecisionPair pair = { 0 };

  line.line = g_strdup (id);
  line.a = g_strdup (a);
  line.b = g_strdup (b);
  line.pairs = g_array_new (FALSE, FALSE, sizeof (IbDecisionPair));
  pair.a_ns = 1000;
  pair.b_ns = 900;
  for (guint i = 0; i < n_pairs; i++)
    g_array_append_val (line.pairs, pair);
  line.verdict = verdict;
  /* more than a try can plan (IB_PAIRED_MAX_LOOKS): a try that forgot them
   * could not count as many */
  line.n_looks = 7;
  line.ratio = 0.9;
  line.ci_low = 0.5;
  line.ci_high = 1.5;
  g_array_append_val (report->decision->lines, line);
}

/* A finished quick-like report on two small files in @dir: four
 * strategies, a sweep and overhead, its serial line undecided, its
 * parallel one decided, a reference line undecided. */
static IbReport *
fake_report (const char *dir)
{
  static const char *ids[] = { "sync-read-all", "async-read-all-serial",
                               "thread-pool-parallel", "async-read-all-parallel" };
  IbReport *report = ib_report_new ();
  IbPlan *plan = report->plan;
  guint64 size = 32 * 1024;

  plan->dir = g_strdup (dir);
  for (guint i = 0; i < 2; i++)
    g_array_append_val (plan->file_sizes, size);
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    g_ptr_array_add (plan->strategies, g_strdup (ids[i]));
  plan->repeat = 5;
  plan->warmup = 1;
  plan->budget_s = 60;
  plan->seed = 4242;
  plan->seed_drawn = TRUE;
  plan->overhead = g_new0 (IbOverheadSpec, 1);
  plan->overhead->iterations = 1000;
  report->decision = ib_decision_new ();
  report->decision->budget_s = 60;
  add_line (report, "serial", "sync-read-all", "async-read-all-serial", IB_PAIRED_UNDECIDED, 7);
  add_line (report, "parallel", "thread-pool-parallel", "async-read-all-parallel",
            IB_PAIRED_B_FASTER, 30);
  add_line (report, "mmap", "sync-read-all", "mmap", IB_PAIRED_UNDECIDED, 3);
  return report;
}

static void
test_plan (void)
{
  g_autoptr(IbReport) report = fake_report ("/tmp");
  g_autoptr(IbPlan) plan = NULL;
  g_autoptr(GError) error = NULL;
  IbPlan *none;

  plan = ib_decision_keep_plan (report, "serial", 30, &error);
  g_assert_no_error (error);
  g_assert_nonnull (plan);
  /* the line's pair only, in its order */
  g_assert_cmpuint (plan->strategies->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (plan->strategies, 0), ==, "sync-read-all");
  g_assert_cmpstr (g_ptr_array_index (plan->strategies, 1), ==, "async-read-all-serial");
  /* the same files and seed, the new budget, a survey that only picks */
  g_assert_cmpuint (plan->file_sizes->len, ==, 2);
  g_assert_cmpstr (plan->dir, ==, "/tmp");
  g_assert_cmpuint (plan->budget_s, ==, 30);
  g_assert_cmpuint (plan->seed, ==, 4242);
  g_assert_false (plan->seed_drawn);
  g_assert_cmpuint (plan->repeat, ==, IB_DECISION_KEEP_ROUNDS);
  g_assert_cmpuint (plan->warmup, ==, 1);
  g_assert_null (plan->overhead);
  g_assert_null (plan->sweep);
  g_assert_null (plan->write_unlink);
  /* the line's procedure so far, to continue: its pairs and its looks */
  g_assert_nonnull (plan->keep_pairs);
  g_assert_cmpuint (plan->keep_pairs->len, ==, 7);
  g_assert_cmpuint (plan->keep_looks, ==, 7);

  /* decided, a reference, missing, no time: refused */
  none = ib_decision_keep_plan (report, "parallel", 30, &error);
  g_assert_null (none);
  g_assert_error (error, IB_ERROR, IB_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "decided already"));
  g_clear_error (&error);
  g_assert_null (ib_decision_keep_plan (report, "mmap", 30, &error));
  g_assert_error (error, IB_ERROR, IB_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_null (ib_decision_keep_plan (report, "uring", 30, &error));
  g_assert_error (error, IB_ERROR, IB_ERROR_INVALID);
  g_clear_error (&error);
}

static void
test_run_and_merge (void)
{
  g_autofree char *dir = ib_test_make_tmpdir ("iobench-keep-XXXXXX");
  g_autoptr(IbReport) report = NULL;
  g_autoptr(IbReport) kept = NULL;
  g_autoptr(IbReport) merged = NULL;
  g_autoptr(IbReport) other = NULL;
  g_autoptr(IbPlan) plan = NULL;
  g_autoptr(GError) error = NULL;
  const IbDecisionLine *line, *now;

  g_assert_nonnull (dir);
  report = fake_report (dir);
  plan = ib_decision_keep_plan (report, "serial", 6, &error);
  g_assert_no_error (error);
  kept = ib_runner_run_sync (plan, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  now = ib_report_decision_line (kept, "serial");
  g_assert_nonnull (now);
  /* the pair raced again, and nothing else */
  g_assert_cmpstr (now->a, ==, "sync-read-all");
  g_assert_cmpstr (now->b, ==, "async-read-all-serial");
  g_assert_cmpuint (kept->decision->lines->len, ==, 1);
  /* continued: the earlier 7 pairs first, then new ones, alternating on */
  g_assert_cmpuint (now->pairs->len, >, 7);
  for (guint i = 0; i < 7; i++)
    g_assert_cmpint (g_array_index (now->pairs, IbDecisionPair, i).b_ns, ==, 900);
  g_assert_cmpuint (g_array_index (now->pairs, IbDecisionPair, 7).order, ==, 1);
  /* every look counted: the 7 earlier and at least one new */
  g_assert_cmpuint (now->n_looks, >=, 8);

  merged = ib_report_copy (report);
  g_assert_true (ib_decision_keep_merge (merged, kept, "serial", &error));
  g_assert_no_error (error);
  line = ib_report_decision_line (merged, "serial");
  g_assert_cmpuint (line->pairs->len, ==, now->pairs->len);
  g_assert_cmpint (line->verdict, ==, now->verdict);
  g_assert_cmpfloat (line->ratio, ==, now->ratio);
  g_assert_cmpfloat (line->ci_low, ==, now->ci_low);
  g_assert_cmpuint (merged->decision->kept_s, ==, 6);
  /* the other lines as they were */
  g_assert_cmpint (ib_report_decision_line (merged, "parallel")->verdict, ==, IB_PAIRED_B_FASTER);
  g_assert_cmpuint (ib_report_decision_line (merged, "parallel")->pairs->len, ==, 30);

  /* a run of another pair is refused, the report untouched */
  other = ib_report_copy (report);
  g_free (((IbDecisionLine *) ib_report_decision_line (other, "serial"))->b);
  ((IbDecisionLine *) ib_report_decision_line (other, "serial"))->b =
    g_strdup ("async-load-contents-serial");
  g_assert_false (ib_decision_keep_merge (other, kept, "serial", &error));
  g_assert_error (error, IB_ERROR, IB_ERROR_IO);
  g_clear_error (&error);
  g_assert_cmpuint (ib_report_decision_line (other, "serial")->pairs->len, ==, 7);
  g_assert_cmpuint (other->decision->kept_s, ==, 0);
  /* nor merged into a line decided since */
  g_assert_false (ib_decision_keep_merge (merged, kept, "parallel", &error));
  g_clear_error (&error);

  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/decision/keep/plan", test_plan);
  g_test_add_func ("/decision/keep/run-and-merge", test_run_and_merge);
  return g_test_run ();
}
