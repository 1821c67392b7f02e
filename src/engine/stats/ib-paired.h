/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-paired.h: paired log-ratio analysis and the decision phase's stopping
 * rule (README.md, "What it measures", "Survey, then decision").
 *
 * The decision phase measures two strategies A and B in adjacent pairs,
 * alternating the order (AB, BA, AB, ...), so that slow drift, load and
 * carry-over from one sample to the next cancel within a pair. Each pair
 * gives d = log (b / a); the estimate is the Hodges-Lehmann estimate (the
 * median of the Walsh averages (d_i + d_j) / 2, i <= j) and its interval is
 * the distribution-free Wilcoxon signed-rank interval, back-transformed to a
 * ratio b / a. It needs only that the d are independent and symmetric about
 * their centre, which alternation gives even under drift.
 *
 * Looking at the interval after every pair and stopping when it says
 * something would make false verdicts far more common than the stated 5 %.
 * The rule looks at a few planned numbers of pairs only (the last one at the
 * budget's end) and splits the error rate over them (Bonferroni): each look
 * uses level 1 - alpha / looks, so the chance of any false verdict over the
 * whole phase stays at most alpha.
 */
#pragma once

#include <glib.h>

#include "engine/model/ib-types.h"

G_BEGIN_DECLS

/* IB_PAIRED_ALPHA and IB_PAIRED_MARGIN are in ib-types.h (the map keeps them). */
/* The first look is at this many pairs at the earliest. */
#define IB_PAIRED_FIRST_LOOK    10
/* At most this many looks (each doubling the pairs of the one before). */
#define IB_PAIRED_MAX_LOOKS     6
/* Above this many pairs the signed-rank null distribution is approximated. */
#define IB_PAIRED_EXACT_MAX     60

/* IbPairedVerdict is in ib-types.h (the report keeps it). */

typedef struct
{
  IbPairedVerdict verdict;
  guint           n;           /* usable pairs (both times positive) */
  double          ratio;       /* Hodges-Lehmann estimate of b / a */
  double          ci_low;      /* signed-rank interval of b / a */
  double          ci_high;
  double          ci_level;    /* its achieved coverage (exact up to
                                * IB_PAIRED_EXACT_MAX pairs), 0 when none */
  double          margin;      /* m of the equivalence test */
  guint           more_pairs;  /* UNDECIDED: about how many more pairs would
                                * decide it (width shrinking as 1 / sqrt n);
                                * G_MAXUINT when no number of pairs would */
} IbPaired;

/* Analyses @n pairs (@a[i], @b[i]) at interval level @level (e.g. 0.95) and
 * equivalence margin @margin (0.10 for +/-10 %). Pairs with a time <= 0 or
 * not finite are skipped. EQUIVALENT when the interval lies inside
 * [1 / (1 + margin), 1 + margin] (even when it excludes 1: a difference
 * within the margin is no win), else A_FASTER / B_FASTER when it excludes
 * 1, else UNDECIDED with more_pairs. */
void     ib_paired_analyse      (const double *a,
                                 const double *b,
                                 guint         n,
                                 double        level,
                                 double        margin,
                                 IbPaired     *out);

/* "a-faster", "b-faster", "equivalent", "undecided", "no-data" (JSON). */
const char *ib_paired_verdict_to_string   (IbPairedVerdict  verdict);
gboolean    ib_paired_verdict_from_string (const char      *text,
                                           IbPairedVerdict *out);

/* TRUE for A_FASTER, B_FASTER and EQUIVALENT. */
gboolean ib_paired_is_decided   (const IbPaired *paired);

/* ---- the sequential rule ---- */

typedef struct
{
  double   margin;
  double   alpha;
  guint    max_pairs;                  /* the budget's estimate of pairs */
  guint    n_looks;
  guint    looks[IB_PAIRED_MAX_LOOKS]; /* ascending; the last is max_pairs */
  guint    looks_done;
  GArray  *a;                          /* double */
  GArray  *b;
  IbPaired result;                     /* of the last look */
  gboolean stopped;
  gboolean by_time;                    /* looks are taken by ib_decider_look (at
                                        * planned times), not at pair counts */
  guint    earlier_looks;              /* looks an earlier try of the same line took
                                        * (ib_decider_continue), 0: none */
} IbDecider;

/* Plans the looks for at most @max_pairs pairs (the budget's estimate):
 * max_pairs, max_pairs / 2, max_pairs / 4, ... down to IB_PAIRED_FIRST_LOOK,
 * at most IB_PAIRED_MAX_LOOKS of them; each look's level is
 * 1 - alpha / n_looks. With fewer than IB_PAIRED_FIRST_LOOK pairs there is
 * one look at max_pairs. */
void     ib_decider_init        (IbDecider    *decider,
                                 guint         max_pairs,
                                 double        margin,
                                 double        alpha);
void     ib_decider_clear       (IbDecider    *decider);

/* What an earlier try of a line left (keep deciding): its @n pairs
 * (@a[i], @b[i]) and the planned looks it took. */
typedef struct
{
  const double *a;
  const double *b;
  guint         n;
  guint         looks;
} IbDeciderEarlier;

/* Keep deciding: plans @decider as ib_decider_init does, for about
 * @max_pairs more pairs, to continue a line whose earlier tries left
 * @earlier (NULL: none). Their pairs are added first, without a look, and
 * every new look sees them all. The error rate counts every look, the
 * earlier ones too: each new look uses 1 - alpha / (earlier->looks +
 * n_looks). Forgetting the earlier looks (a fresh alpha / n_looks for each
 * try) would let "try again until it decides" reach a false verdict far
 * more often than alpha. Looks by pair count are counted from the earlier
 * pairs on. */
void ib_decider_continue (IbDecider              *decider,
                          guint                   max_pairs,
                          double                  margin,
                          double                  alpha,
                          const IbDeciderEarlier *earlier);
/* Every look of @decider's line, its earlier tries' included: what the
 * level of the whole procedure is split over. */
guint ib_decider_total_looks (const IbDecider *decider);

/* The level every look of @decider uses: 1 - alpha / n_looks (alpha as
 * ib_decider_continue shares it out). */
double   ib_decider_level       (const IbDecider *decider);

/* Adds one pair; at a planned look analyses all pairs so far. Returns TRUE
 * when the rule stops: decided, or max_pairs reached. */
gboolean ib_decider_add         (IbDecider    *decider,
                                 double        a,
                                 double        b);

/* Takes the next planned look now, with the pairs there are (for a decider
 * whose looks are planned in time: set by_time after init, and call this
 * at the planned moments, which must not depend on the pairs' ratios).
 * Returns TRUE when the rule stops. */
gboolean ib_decider_look        (IbDecider    *decider);

/* The budget ran out before the next planned look: takes that look now with
 * the pairs there are (it is one of the n_looks, so the error rate holds).
 * Does nothing when already stopped. */
void     ib_decider_finish      (IbDecider    *decider);

/* The interval of all pairs so far at the decider's level, for progress
 * (not a verdict: a look between planned looks decides nothing). */
void     ib_decider_peek        (const IbDecider *decider,
                                 IbPaired        *out);

G_END_DECLS
