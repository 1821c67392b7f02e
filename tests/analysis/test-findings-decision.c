/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A finding and the answer cannot disagree: where the decision phase raced
 * a pair, every finding that compares the two takes the pairs' verdict
 * (ib_answer_pair_verdict), in the answer's words, and says so; only
 * without a decision line does a finding fall back to the survey's
 * interval, and then it says that too.
 *
 * The report is made so that the two point different ways: in the survey
 * (7 samples a side, 2 % apart) Sync single read is clearly faster than
 * Async single read (serial) (2x) and than io_uring (1.5x); the decision
 * phase's pairs say the opposite for both. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <string.h>

#include "analysis/ib-answer.h"
#include "analysis/ib-findings.h"
#include "analysis/ib-verdict.h"
#include "engine/run/ib-decision.h"
#include "engine/stats/ib-stats.h"
#include "engine/io/ib-strategy.h"
#include "report-fixture.h"

#define SYNC  "sync-read-all"
#define ASYNC "async-read-all-serial"
#define URING "uring-read-all-serial"

static IbReport *
survey_report (void)
{
  static const char *const ids[] = { SYNC, ASYNC, URING };
  static const double factors[] = { 1, 2, 1.5 };

  return fx_factors_report (ids, factors, G_N_ELEMENTS (ids), 7);
}

/* A decision line raced @a against @b: @n pairs, @b / @a = @ratio. */
static void
add_line_of (IbReport        *report,
             const char      *line_id,
             const char      *a,
             const char      *b,
          IbPairedVerdict  verdict,
          guint            n,
          double           ratio,
          double           low,
          double           high)
{
  IbDecisionLine line = { 0 };

  if (report->decision == NULL)
    {
      report->decision = ib_decision_new ();
      report->decision->budget_s = 60;
      report->decision->margin = 0.10;
    }
  line.line = g_strdup (line_id);
  line.a = g_strdup (a);
  line.b = g_strdup (b);
  line.pairs = g_array_new (FALSE, FALSE, sizeof (IbDecisionPair));
  for (guint i = 0; i < n; i++)
    {
      IbDecisionPair p = { 1000000, (gint64) (1000000 * ratio), i % 2, -1, -1, -1, -1, -1, -1 };

      g_array_append_val (line.pairs, p);
    }
  line.verdict = verdict;
  line.ratio = ratio;
  line.ci_low = low;
  line.ci_high = high;
  line.ci_level = 0.9875;
  line.n_looks = 4;
  g_array_append_val (report->decision->lines, line);
}

static void
add_line (IbReport        *report,
          const char      *line_id,
          const char      *b,
          IbPairedVerdict  verdict,
          guint            n,
          double           ratio,
          double           low,
          double           high)
{
  add_line_of (report, line_id, SYNC, b, verdict, n, ratio, low, high);
}

static const char *
finding (const GArray *findings,
         const char   *id)
{
  for (guint i = 0; i < findings->len; i++)
    if (g_str_equal (g_array_index (findings, IbFinding, i).id, id))
      return g_array_index (findings, IbFinding, i).text;
  return NULL;
}

static void
assert_contains (const char *text,
                 const char *part)
{
  if (text == NULL || strstr (text, part) == NULL)
    g_error ("“%s” does not contain “%s”", text != NULL ? text : "(no finding)", part);
}

static void
assert_lacks (const char *text,
              const char *part)
{
  if (text != NULL && strstr (text, part) != NULL)
    g_error ("“%s” contains “%s”", text, part);
}

/* The answer's words for its sync-against-@other line @iv. */
static char *
answer_words (const IbVerdictInterval *iv,
              const char              *other)
{
  return ib_verdict_text (iv, ib_strategy_title (SYNC), ib_strategy_title (other),
                          IB_VERDICT_WORDING_FASTER_FIRST);
}

/* The survey's words for sync against @other. */
static char *
survey_words (const IbReport *report,
              const char     *other)
{
  IbRatio r;

  ib_report_ratio (report, SYNC, report, other, &r);
  g_assert_cmpint (r.verdict, ==, IB_RATIO_A_FASTER);   /* the survey: sync faster */
  return ib_ratio_sentence (ib_strategy_title (SYNC), ib_strategy_title (other), &r);
}

static void
test_paired (void)
{
  g_autoptr(IbReport) report = survey_report ();
  g_autoptr(IbAnswer) answer = NULL;
  g_autoptr(GArray) findings = NULL;
  g_autofree char *async_words = NULL;
  g_autofree char *uring_words = NULL;
  g_autofree char *survey = survey_words (report, ASYNC);
  g_autofree char *ends = NULL;
  const char *text;

  add_line (report, IB_DECISION_LINE_SERIAL, ASYNC, IB_PAIRED_B_FASTER, 30, 0.8, 0.7, 0.9);
  add_line (report, IB_DECISION_SIDE_URING, URING, IB_PAIRED_B_FASTER, 12, 0.85, 0.75, 0.95);
  answer = ib_answer_compute (report);
  findings = fx_findings (report);

  /* the answer: the pairs, async faster */
  g_assert_true (ib_answer_main (answer)->verdict.paired);
  g_assert_cmpint (ib_answer_main (answer)->verdict.verdict, ==, IB_VERDICT_B_FASTER);
  g_assert_cmpint (ib_answer_line (answer, "uring")->verdict.verdict, ==, IB_VERDICT_B_FASTER);
  async_words = answer_words (&ib_answer_main (answer)->verdict, ASYNC);
  uring_words = answer_words (&ib_answer_line (answer, "uring")->verdict, URING);
  g_assert_true (g_str_has_prefix (async_words, "Async single read (serial) is 1.2x faster "));

  /* the sync-vs-async finding says the same, with the pairs' interval, its
   * level and their number, and where it comes from */
  text = finding (findings, "sync-vs-async");
  g_assert_nonnull (text);
  ends = g_strdup_printf ("%s, measured in the decision phase.", async_words);
  g_assert_cmpstr (text, ==, ends);
  /* the whole procedure's level over its looks, not one look's 98.75 % */
  assert_contains (text, "(95 % CI ");
  assert_contains (text, " pairs, 4 looks)");
  assert_lacks (text, survey);
  assert_lacks (text, "survey");

  /* the survey's lowest median is sync's, io_uring's the next; the pairs
   * do not rank sync first */
  text = finding (findings, "fastest");
  assert_contains (text, "The lowest median is that of Sync single read (");
  assert_contains (text, "but the decision phase’s pairs do not rank it first: ");
  assert_contains (text, uring_words);

  /* io_uring: the answer's line says the pairs' verdict (io_uring faster);
   * the finding draws no conclusion from the survey's opposite one */
  assert_contains (ib_answer_line (answer, "uring")->sentence, uring_words);
  text = finding (findings, "uring-gap");
  assert_lacks (text, "even the kernel’s own async I/O is slower than a blocking read");
  /* its io_uring-against-GIO-async clause has no decision line: it says so */
  assert_contains (text, "Async single read (serial)");
  assert_contains (text, "(from the survey’s samples: the decision phase does not race these "
                         "two)");
}

/* The same pairs with another verdict: equivalent and not decided are
 * said as the answer says them, never as the survey's "faster". */
static void
test_paired_undecided (void)
{
  g_autoptr(IbReport) report = survey_report ();
  g_autoptr(IbAnswer) answer = NULL;
  g_autoptr(GArray) findings = NULL;
  g_autofree char *words = NULL;
  g_autofree char *want = NULL;
  const char *text;

  add_line (report, IB_DECISION_LINE_SERIAL, ASYNC, IB_PAIRED_UNDECIDED, 9, 1.05, 0.91, 1.21);
  g_array_index (report->decision->lines, IbDecisionLine, 0).more_pairs = 150;
  answer = ib_answer_compute (report);
  findings = fx_findings (report);
  g_assert_cmpint (ib_answer_main (answer)->verdict.verdict, ==, IB_VERDICT_UNDECIDED);
  words = answer_words (&ib_answer_main (answer)->verdict, ASYNC);
  text = finding (findings, "sync-vs-async");
  want = g_strdup_printf ("%s, measured in the decision phase.", words);
  g_assert_cmpstr (text, ==, want);
  /* no forecast of the pairs that would decide it: it was not calibrated */
  assert_contains (text, "not decided within the budget (ratio 1.1, 95 % CI 0.91-1.3; "
                         "9 pairs, 4 looks)");
  assert_lacks (text, "more pairs");
  assert_lacks (text, "faster");
}

/* The decision phase had no time left for the pair: the finding says so
 * as the answer does, and names no count of pairs it did not measure. */
static void
test_paired_no_pairs (void)
{
  g_autoptr(IbReport) report = survey_report ();
  g_autoptr(IbAnswer) answer = NULL;
  g_autoptr(GArray) findings = NULL;
  g_autofree char *words = NULL;
  g_autofree char *want = NULL;
  const char *text;

  add_line (report, IB_DECISION_LINE_SERIAL, ASYNC, IB_PAIRED_UNDECIDED, 0, 1, 0, 0);
  answer = ib_answer_compute (report);
  findings = fx_findings (report);
  g_assert_cmpint (ib_answer_main (answer)->verdict.verdict, ==, IB_VERDICT_UNDECIDED);
  words = answer_words (&ib_answer_main (answer)->verdict, ASYNC);
  text = finding (findings, "sync-vs-async");
  want = g_strdup_printf ("%s, in the decision phase.", words);
  g_assert_cmpstr (text, ==, want);
  assert_contains (text, "no time was left");
  assert_lacks (text, "0 pairs");
  assert_lacks (text, "measured in");
}

/* No decision line for the pair: the survey's interval, and the finding
 * says so; the answer then uses the survey too, and they agree. */
static void
test_survey_fallback (void)
{
  g_autoptr(IbReport) none = survey_report ();
  g_autoptr(IbReport) other_line = survey_report ();
  g_autofree char *survey = survey_words (none, ASYNC);
  g_autofree char *want_none = NULL;
  g_autofree char *want_other = NULL;

  want_none = g_strdup_printf ("%s, from the survey’s samples: this run had no decision "
                               "phase.", survey);
  want_other = g_strdup_printf ("%s, from the survey’s samples: the decision phase did "
                                "not race this pair.", survey);
  add_line (other_line, IB_DECISION_SIDE_URING, URING, IB_PAIRED_B_FASTER, 12, 0.85, 0.75,
            0.95);
  for (guint i = 0; i < 2; i++)
    {
      const IbReport *report = i == 0 ? none : other_line;
      g_autoptr(IbAnswer) answer = ib_answer_compute (report);
      g_autoptr(GArray) findings = fx_findings (report);
      g_autofree char *words = answer_words (&ib_answer_main (answer)->verdict, ASYNC);

      g_assert_false (ib_answer_main (answer)->verdict.paired);
      g_assert_cmpint (ib_answer_main (answer)->verdict.verdict, ==, IB_VERDICT_A_FASTER);
      g_assert_cmpstr (words, ==, survey);
      g_assert_cmpstr (finding (findings, "sync-vs-async"), ==, i == 0 ? want_none : want_other);
      /* without a decision phase every clause is the survey's: none says so */
      if (i == 0)
        {
          g_assert_nonnull (finding (findings, "uring-gap"));
          assert_lacks (finding (findings, "uring-gap"), "the decision phase does not race");
        }
    }
}

/* The main-loop trade-off: the fixture's survey says sync is 4x faster
 * than the async strategy, and sync stalls the loop; the pairs say async
 * is faster. The finding then says the pairs' verdict and that the stall
 * comes on top, never "4.0x faster ..., but". */
static void
test_stall_trade_off (void)
{
  g_autoptr(IbReport) report = fx_report_new (40);
  g_autoptr(IbAnswer) answer = NULL;
  g_autoptr(GArray) findings = NULL;
  g_autofree char *words = NULL;
  const char *text;

  add_line_of (report, IB_DECISION_LINE_SERIAL, FX_SYNC, FX_ASYNC, IB_PAIRED_B_FASTER, 20, 0.9,
               0.85, 0.95);
  answer = ib_answer_compute (report);
  findings = fx_findings (report);
  g_assert_cmpint (ib_answer_main (answer)->verdict.verdict, ==, IB_VERDICT_B_FASTER);
  words = ib_verdict_text (&ib_answer_main (answer)->verdict, ib_strategy_title (FX_SYNC),
                           ib_strategy_title (FX_ASYNC), IB_VERDICT_WORDING_FASTER_FIRST);
  text = finding (findings, "stall-trade-off");
  g_assert_nonnull (text);
  g_assert_true (g_str_has_prefix (text, words));
  assert_contains (text, "; on top of that, Sync single read blocks the main loop for ");
  assert_lacks (text, "4.0x faster");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/analysis/findings-decision/paired", test_paired);
  g_test_add_func ("/analysis/findings-decision/paired-undecided", test_paired_undecided);
  g_test_add_func ("/analysis/findings-decision/paired-no-pairs", test_paired_no_pairs);
  g_test_add_func ("/analysis/findings-decision/survey-fallback", test_survey_fallback);
  g_test_add_func ("/analysis/findings-decision/stall-trade-off", test_stall_trade_off);
  return g_test_run ();
}
