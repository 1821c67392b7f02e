/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-verdict.h: THE verdict of a ratio and THE words for it.
 *
 * Every verdict that is shown anywhere (the answer, the findings, the
 * comparison's rows, the comparison chart, the CLI, the GUI) is taken from
 * an interval by ib_verdict_for_ratio() and worded by ib_verdict_text().
 * Nothing else compares an interval with 1 or writes "faster"/"slower".
 *
 * To extend the rule (three verdicts: faster / equivalent within a margin /
 * not decided within the budget), add the fields to IbVerdictInterval (e.g.
 * the margin, whether the interval is of paired log-ratios, how many more
 * pairs would decide it), the values to IbVerdict, and the cases to the two
 * functions below; every caller then shows the new verdicts. */
#pragma once

#include <glib.h>

#include "engine/stats/ib-paired.h"
#include "engine/stats/ib-stats.h"

G_BEGIN_DECLS

/* The fewest pairs whose signed-rank interval can reach 95 % (1 - 2 / 2^6 =
 * 96.9 %): below it a paired comparison without a decision phase (write +
 * delete's runs paired by round) is TOO_FEW. */
#define IB_VERDICT_MIN_PAIRS 6

typedef enum
{
  IB_VERDICT_NO_DATA,   /* a side has no valid sample */
  IB_VERDICT_TOO_FEW,   /* a side has fewer than IB_VERDICT_MIN_SAMPLES valid samples */
  IB_VERDICT_SAME,      /* cannot be told apart: the interval of the ratio contains 1 */
  IB_VERDICT_A_FASTER,  /* the whole interval of b / a lies above 1 */
  IB_VERDICT_B_FASTER,  /* the whole interval of b / a lies below 1 */
  IB_VERDICT_EQUIVALENT, /* decided by pairs: the interval lies within +/- the margin */
  IB_VERDICT_UNDECIDED, /* decided by pairs: neither, when the budget was spent */
} IbVerdict;

/* A ratio of times b / a with its interval, and its verdict. */
typedef struct
{
  IbVerdict verdict;
  guint     na;         /* valid samples (repetitions, runs) of each side */
  guint     nb;
  double    ratio;      /* median b / median a; 0 when a side is empty */
  double    ci_low;     /* interval of the ratio */
  double    ci_high;
  double    ci_level;   /* its coverage, 0 when there is none */
  /* From the decision phase (ib_verdict_for_paired): */
  gboolean  paired;     /* the interval is of paired log-ratios */
  guint     n_pairs;    /* pairs measured (na = nb = n_pairs) */
  double    margin;     /* the equivalence margin, 0.10 for +/-10 % */
  guint     n_looks;    /* planned looks the error rate was split over; 0 unknown */
  guint     more_pairs; /* UNDECIDED rounds: about how many more would decide it,
                         * G_MAXUINT when unknown; always G_MAXUINT from a
                         * decision phase (ib_verdict_for_paired: the forecast
                         * was not calibrated) */
  gboolean  rounds;     /* the pairs are rounds of a fixed number of runs (write +
                         * delete), not a decision phase with a budget: worded
                         * "8 rounds", "not decided in 8 rounds" */
} IbVerdictInterval;

/* The verdict of @ratio (from ib_stats_ratio, ib_stats_ratio_of_medians or
 * ib_report_ratio): "too few samples" below IB_VERDICT_MIN_SAMPLES valid
 * samples a side or without an interval's coverage, "cannot be told apart"
 * when the interval contains 1, else which side is faster. @out (may be
 * NULL) receives the interval with its verdict. */
IbVerdict   ib_verdict_for_ratio (const IbRatio     *ratio,
                                  IbVerdictInterval *out);

/* The verdict of a decision phase's pair (ib-paired.h): A_FASTER or
 * B_FASTER when its interval excludes 1, EQUIVALENT within the margin,
 * UNDECIDED otherwise (also when the budget left no time for a pair). */
IbVerdict   ib_verdict_for_paired (const IbPaired    *paired,
                                   IbVerdictInterval *out);

/* Whether @verdict says one side is faster. */
gboolean    ib_verdict_is_clear  (IbVerdict          verdict);
/* Whether @verdict decides: faster, or equivalent within the margin. */
gboolean    ib_verdict_is_decided (IbVerdict         verdict);

/* How ib_verdict_text words a verdict. */
typedef enum
{
  /* The faster side first: "A is 4.2x faster than B (96.83 % CI 3.9-4.6)",
   * "A and B cannot be told apart (ratio 1.02, 96.83 % CI 0.97-1.08)", "A
   * against B: too few samples to tell (n = 2; at least 5 needed)", "A and
   * B cannot be compared: a side has no valid sample". From a decision
   * phase, at the level of the whole procedure (all its looks): "A is 1.4x
   * faster than B (95 % CI 1.2-1.6; 40 pairs, 4 looks)", "A and B are
   * equivalent within ±10 % (ratio 1.02, 95 % CI 0.96-1.07; 120 pairs, 4
   * looks)", "A against B: not decided within the budget (ratio 1.05, 95 %
   * CI 0.91-1.21; 40 pairs, 4 looks)". */
  IB_VERDICT_WORDING_FASTER_FIRST,
  /* B against A, B first (two runs): "B is 1.5x slower than A (96.83 %
   * interval 1.40-1.62)", "A and B cannot be told apart (ratio 1.02, 96.83 %
   * interval 0.97-1.08)", "too few samples to tell (n = 2; at least 5
   * needed)", "no valid samples on one side". */
  IB_VERDICT_WORDING_B_AGAINST_A,
  /* FASTER_FIRST for a comparison the report's decision phase did not
   * race, from the survey's samples alone: a hint, never a direction. A
   * clear verdict is worded "Async single read (serial) took 1.2x the time
   * of io_uring single read (serial) (hint)", the rest as FASTER_FIRST
   * (which has no direction for them). The caller says where the numbers
   * come from. */
  IB_VERDICT_WORDING_SURVEY_HINT,
  /* A chart's label of run B against run A: "B 1.6x slower than A",
   * "cannot be told apart", "too few samples to tell". */
  IB_VERDICT_WORDING_CHART,
  /* The same in a small chart: "B 1.6x slower", "≈", "too few". */
  IB_VERDICT_WORDING_CHART_COMPACT,
} IbVerdictWording;

/* The verdict of @iv in words, @a and @b naming the two sides (strategies or
 * runs; unused by the chart wordings). Newly allocated, translated. */
char       *ib_verdict_text      (const IbVerdictInterval *iv,
                                  const char              *a,
                                  const char              *b,
                                  IbVerdictWording         wording);

/* ib_verdict_for_ratio and ib_verdict_text (FASTER_FIRST) of strategies @a
 * and @b in one call: "A is 4.2x faster than B (96.83 % CI 3.9-4.6)". */
char       *ib_ratio_sentence    (const char        *a,
                                  const char        *b,
                                  const IbRatio     *ratio);

/* The pairs of a paired @iv: "40 pairs, 4 looks" (the looks its level is
 * split over, when known), "40 pairs", or "8 rounds". Translated. */
char       *ib_verdict_pairs_text (const IbVerdictInterval *iv);

/* "faster", "slower", "cannot be told apart", "too few samples to tell",
 * "no data" (translated): B against A. */
const char *ib_verdict_to_string (IbVerdict          verdict);

/* "too few samples to tell (n = 2; at least 5 needed)", or with both counts
 * when only one side falls short. */
char       *ib_too_few_text      (guint              na,
                                  guint              nb);

G_END_DECLS
