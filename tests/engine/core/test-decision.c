/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The decision phase's paired rule against simulated measurements (seeded,
 * deterministic, a few seconds): not only lognormal noise but contention
 * tails (a sample now and then inflated 2-5x), drift (a slow multiplicative
 * trend plus a random walk of the machine's speed) and carry-over (a sample
 * right after strategy A, a load-contents-like one, is inflated 1.5x).
 *
 *  - nothing differs: a "faster" verdict in at most 5 % of decisions;
 *  - a difference just outside the +/-10 % margin: "equivalent" in at most 5 %;
 *  - under drift the pairing decides: a true 1.25x is found, and no
 *    difference is called equivalent, in most decisions;
 *  - the winner's curse: the survey picks the best of 3 "sync" and 6 "async"
 *    identical strategies; the decision's mean reported ratio is within 2 %
 *    of 1 (geometric mean) and its false verdicts stay at most 5 %;
 *  - the printed level: with looks in time, noise 0.5 and 0.9, one-sided
 *    contention spikes and AB/BA blocks in a seeded random order, the
 *    interval a decision stopped at covers the true ratio in at least 95 %
 *    (the whole procedure's level, which the answer prints);
 *  - keep deciding: a line left undecided is continued, up to 8 times, each
 *    with more pairs (ib_decider_continue): the interval it ends with covers
 *    the true ratio in at least 95 % of the lines continued, every look of
 *    every try counted in the level.
 *
 * Each test can be run against a mutation of the procedure, to show that it
 * catches it: set IB_DECISION_MUTATION to
 *   reuse-survey    the decision uses the survey's samples of the picked pair
 *                   (paired by round) instead of fresh ones;
 *   unpaired        the pairing is dropped: each a is matched with a b drawn
 *                   from anywhere in the phase, as if the samples were
 *                   independent;
 *   no-alternation  every pair runs A then B (no ABBA);
 *   peek            the interval is checked after every pair at the plain
 *                   95 % level instead of at the planned looks;
 *   keep-forget     keep deciding forgets the earlier tries' looks: each
 *                   try splits the whole error rate over its own looks.
 * Under a mutation the tests it targets fail. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <math.h>
#include <string.h>

#include "engine/stats/ib-paired.h"
#include "engine/stats/ib-stats.h"

typedef enum
{
  MUTATION_NONE,
  MUTATION_REUSE_SURVEY,
  MUTATION_UNPAIRED,
  MUTATION_NO_ALTERNATION,
  MUTATION_PEEK,
  MUTATION_KEEP_FORGET,
} Mutation;

static Mutation mutation = MUTATION_NONE;

/* ---- the simulated machine ---- */

typedef struct
{
  IbRng   rng;
  double  sigma;       /* log-sd of the lognormal noise */
  double  p_tail;      /* chance that a sample is contended */
  double  trend;       /* log drift per sample */
  double  walk;        /* log-sd of the random walk per sample */
  double  carry;       /* factor on a sample right after the carry strategy */
  int     carry_from;  /* the strategy that leaves a mess behind */
  double  level;       /* current log speed of the machine */
  int     prev;        /* strategy of the previous sample, -1 none */
} Machine;

static double
uniform01 (IbRng *rng)
{
  return ((ib_rng_next (rng) >> 11) + 0.5) / 9007199254740992.0;
}

static double
gauss (IbRng *rng)
{
  double u1 = uniform01 (rng), u2 = uniform01 (rng);

  return sqrt (-2.0 * log (u1)) * cos (2.0 * G_PI * u2);
}

static void
machine_init (Machine *m,
              guint64  seed)
{
  memset (m, 0, sizeof *m);
  ib_rng_init (&m->rng, seed);
  m->sigma = 0.2;
  m->p_tail = 0.08;
  m->trend = 0.003;
  m->walk = 0.03;
  m->carry = 1.5;
  m->carry_from = 0;
  m->prev = -1;
}

/* One sample of @strategy whose true median (on an idle machine) is @median. */
static double
machine_sample (Machine *m,
                int      strategy,
                double   median)
{
  double t = median * exp (m->level + m->sigma * gauss (&m->rng));

  if (uniform01 (&m->rng) < m->p_tail)
    t *= 2.0 + 3.0 * uniform01 (&m->rng);
  if (m->prev == m->carry_from)
    t *= m->carry;
  m->prev = strategy;
  m->level += m->trend + m->walk * gauss (&m->rng);
  /* keep the walk from wandering off over thousands of trials */
  m->level *= 0.995;
  return t;
}

/* ---- the decision phase, as the runner does it ---- */

static void
shuffle (IbRng  *rng,
         double *v,
         guint   n)
{
  for (guint i = n; i > 1; i--)
    {
      guint j = (guint) ib_rng_below (rng, i);
      double x = v[i - 1];

      v[i - 1] = v[j];
      v[j] = x;
    }
}

/* Measures strategies @sa (median @ma) and @sb (median @mb) in adjacent
 * pairs, alternating AB, BA, ... until the rule stops or @max_pairs. The
 * survey's samples of the pair (@survey_a, @survey_b, @rounds each) are used
 * only by the reuse-survey mutation. */
static void
decide (Machine      *m,
        int           sa,
        double        ma,
        int           sb,
        double        mb,
        guint         max_pairs,
        const double *survey_a,
        const double *survey_b,
        guint         rounds,
        IbPaired     *out)
{
  g_autofree double *a = g_new (double, max_pairs);
  g_autofree double *b = g_new (double, max_pairs);
  IbDecider decider;

  if (mutation == MUTATION_REUSE_SURVEY && survey_a != NULL)
    {
      ib_paired_analyse (survey_a, survey_b, rounds, 1.0 - IB_PAIRED_ALPHA, IB_PAIRED_MARGIN,
                         out);
      return;
    }

  /* The unpaired mutation needs every sample before it matches them. */
  for (guint i = 0; i < max_pairs; i++)
    {
      if (i % 2 == 0 || mutation == MUTATION_NO_ALTERNATION)
        {
          a[i] = machine_sample (m, sa, ma);
          b[i] = machine_sample (m, sb, mb);
        }
      else
        {
          b[i] = machine_sample (m, sb, mb);
          a[i] = machine_sample (m, sa, ma);
        }
    }
  if (mutation == MUTATION_UNPAIRED)
    shuffle (&m->rng, b, max_pairs);

  if (mutation == MUTATION_PEEK)
    {
      for (guint n = IB_PAIRED_FIRST_LOOK; n <= max_pairs; n++)
        {
          ib_paired_analyse (a, b, n, 1.0 - IB_PAIRED_ALPHA, IB_PAIRED_MARGIN, out);
          if (ib_paired_is_decided (out))
            return;
        }
      return;
    }

  ib_decider_init (&decider, max_pairs, IB_PAIRED_MARGIN, IB_PAIRED_ALPHA);
  for (guint i = 0; i < max_pairs; i++)
    if (ib_decider_add (&decider, a[i], b[i]))
      break;
  ib_decider_finish (&decider);
  *out = decider.result;
  ib_decider_clear (&decider);
}

static double
three_se (double p,
          guint  trials)
{
  return 3.0 * sqrt (p * (1.0 - p) / trials);
}

/* ---- unit checks of the interval ---- */

/* Known values: the signed-rank null at n = 10 has P(T+ <= 8) = 25 / 1024,
 * so the 95 % interval trims 9 Walsh averages a side and covers
 * 1 - 50 / 1024. Constant log-ratios give that ratio exactly. */
static void
test_known (void)
{
  double a[10], b[10];
  IbPaired p;

  for (guint i = 0; i < 10; i++)
    {
      a[i] = 1.0 + i;
      b[i] = 2.0 * (1.0 + i);
    }
  ib_paired_analyse (a, b, 10, 0.95, 0.10, &p);
  g_assert_cmpuint (p.n, ==, 10);
  g_assert_cmpfloat_with_epsilon (p.ci_level, 1.0 - 50.0 / 1024.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (p.ratio, 2.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (p.ci_low, 2.0, 1e-12);
  g_assert_cmpint (p.verdict, ==, IB_PAIRED_A_FASTER);

  /* d = log 1.01 .. log 1.10 around 0: the HL estimate is the median of the
   * Walsh averages, here the symmetric centre 1. */
  for (guint i = 0; i < 10; i++)
    {
      a[i] = 1.0;
      b[i] = exp ((i % 2 == 0 ? 1.0 : -1.0) * 0.01 * (1 + i / 2));
    }
  ib_paired_analyse (a, b, 10, 0.95, 0.10, &p);
  g_assert_cmpfloat_with_epsilon (p.ratio, 1.0, 1e-12);
  g_assert_cmpint (p.verdict, ==, IB_PAIRED_EQUIVALENT);
  g_assert_cmpfloat (p.ci_low, >, 1.0 / 1.1);
  g_assert_cmpfloat (p.ci_high, <, 1.1);

  /* Too few pairs for the level: never decided. */
  ib_paired_analyse (a, b, 4, 0.95, 0.10, &p);
  g_assert_cmpfloat (p.ci_level, <, 0.95);
  g_assert_cmpint (p.verdict, ==, IB_PAIRED_UNDECIDED);
  /* 95 % needs 6 pairs at least (1 - 2 / 2^6 = 96.9 %) */
  g_assert_cmpuint (p.more_pairs, >=, 2);
  ib_paired_analyse (a, b, 1, 0.95, 0.10, &p);
  g_assert_cmpint (p.verdict, ==, IB_PAIRED_NO_DATA);
  /* Bad times are skipped, not counted. */
  a[0] = 0.0;
  b[1] = NAN;
  ib_paired_analyse (a, b, 10, 0.95, 0.10, &p);
  g_assert_cmpuint (p.n, ==, 8);

  /* b 2-5 % slower in every pair: the interval excludes 1 but lies inside
   * +/-10 %, which is "equivalent", no win (criterion's noise threshold). */
  for (guint i = 0; i < 10; i++)
    {
      a[i] = 1.0;
      b[i] = 1.02 + 0.003 * i;
    }
  ib_paired_analyse (a, b, 10, 0.95, 0.10, &p);
  g_assert_cmpfloat (p.ci_low, >, 1.0);
  g_assert_cmpfloat (p.ci_high, <, 1.1);
  g_assert_cmpint (p.verdict, ==, IB_PAIRED_EQUIVALENT);
}

/* The looks: max, max / 2, ... down to 10 pairs, the level split over them. */
static void
test_looks (void)
{
  IbDecider d;

  ib_decider_init (&d, 100, 0.10, 0.05);
  g_assert_cmpuint (d.n_looks, ==, 4);
  g_assert_cmpuint (d.looks[0], ==, 12);
  g_assert_cmpuint (d.looks[3], ==, 100);
  g_assert_cmpfloat_with_epsilon (ib_decider_level (&d), 1.0 - 0.05 / 4, 1e-12);
  ib_decider_clear (&d);

  ib_decider_init (&d, 6, 0.10, 0.05);
  g_assert_cmpuint (d.n_looks, ==, 1);
  g_assert_cmpuint (d.looks[0], ==, 6);
  /* The budget ends after 3 pairs: one look, undecided, with an estimate. */
  for (guint i = 0; i < 3; i++)
    g_assert_false (ib_decider_add (&d, 1.0, 1.5 + 0.1 * i));
  ib_decider_finish (&d);
  g_assert_true (d.stopped);
  g_assert_cmpint (d.result.verdict, ==, IB_PAIRED_UNDECIDED);
  /* the level needs 6 pairs, whatever the 3 say */
  g_assert_cmpuint (d.result.more_pairs, >=, 3);
  ib_decider_clear (&d);

  ib_decider_init (&d, 10000, 0.10, 0.05);
  g_assert_cmpuint (d.n_looks, ==, IB_PAIRED_MAX_LOOKS);
  ib_decider_clear (&d);

  /* Looks in time: adding pairs never looks; ib_decider_look does, and the
   * last planned look stops the rule. */
  ib_decider_init (&d, 40, 0.10, 0.05);
  d.by_time = TRUE;
  g_assert_cmpuint (d.n_looks, ==, 3);
  for (guint i = 0; i < 40; i++)
    g_assert_false (ib_decider_add (&d, 1.0, 1.0 + 0.01 * (i % 7) - 0.03));
  g_assert_cmpuint (d.looks_done, ==, 0);
  /* 40 pairs within +/-3 %: equivalent at the first look, which stops it */
  g_assert_true (ib_decider_look (&d));
  g_assert_cmpuint (d.looks_done, ==, 1);
  g_assert_true (d.stopped);
  g_assert_cmpint (d.result.verdict, ==, IB_PAIRED_EQUIVALENT);
  ib_decider_clear (&d);
}

/* The interval alone covers the true ratio as often as it says, with tails,
 * at n = 20 (exact) and n = 120 (normal approximation). */
static void
test_coverage (void)
{
  const guint sizes[] = { 20, 120 };
  const guint trials = 2000;
  Machine m;

  machine_init (&m, 11);
  for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
    {
      guint n = sizes[k], covered = 0;
      g_autofree double *a = g_new (double, n);
      g_autofree double *b = g_new (double, n);
      double level = 0;

      for (guint t = 0; t < trials; t++)
        {
          IbPaired p;

          for (guint i = 0; i < n; i++)
            {
              /* tails on both sides, the true ratio 1.3 */
              a[i] = machine_sample (&m, 1, 1.0);
              b[i] = machine_sample (&m, 2, 1.3);
            }
          ib_paired_analyse (a, b, n, 0.95, 0.10, &p);
          level = p.ci_level;
          covered += p.ci_low <= 1.3 && 1.3 <= p.ci_high;
        }
      g_test_message ("n = %u: stated %.4f, covered %.4f", n, level,
                      (double) covered / trials);
      g_assert_cmpfloat (level, >=, 0.95);
      g_assert_cmpfloat ((double) covered / trials, >=, level - three_se (level, trials));
    }
}

/* ---- the rule ---- */

typedef struct
{
  guint a_faster, b_faster, equivalent, undecided;
  double sum_log;
  guint n;
} Tally;

static void
tally_add (Tally          *t,
           const IbPaired *p)
{
  t->a_faster += p->verdict == IB_PAIRED_A_FASTER;
  t->b_faster += p->verdict == IB_PAIRED_B_FASTER;
  t->equivalent += p->verdict == IB_PAIRED_EQUIVALENT;
  t->undecided += p->verdict == IB_PAIRED_UNDECIDED || p->verdict == IB_PAIRED_NO_DATA;
  if (p->ratio > 0)
    t->sum_log += log (p->ratio);
  t->n++;
}

static void
run_pair (guint64  seed,
          double   true_ratio,
          guint    max_pairs,
          guint    trials,
          Tally   *t)
{
  Machine m;

  memset (t, 0, sizeof *t);
  machine_init (&m, seed);
  for (guint i = 0; i < trials; i++)
    {
      IbPaired p;

      decide (&m, 0, 1.0, 1, true_ratio, max_pairs, NULL, NULL, 0, &p);
      tally_add (t, &p);
    }
}

/* Nothing differs (strategy A leaves a mess behind it): "faster" in at most
 * 5 % of decisions. */
static void
test_null (void)
{
  const guint trials = 2000;
  Tally t;
  double rate;

  run_pair (2026, 1.0, 200, trials, &t);
  rate = (double) (t.a_faster + t.b_faster) / trials;
  g_test_message ("nothing differs: faster %u + %u, equivalent %u, undecided %u of %u",
                  t.a_faster, t.b_faster, t.equivalent, t.undecided, trials);
  g_assert_cmpfloat (rate, <=, 0.05);
}

/* Just outside the margin (1.12 and 1 / 1.12): "equivalent" in at most 5 %. */
static void
test_equivalence_error (void)
{
  const double ratios[] = { 1.12, 1.0 / 1.12 };
  const guint trials = 1500;

  for (guint k = 0; k < G_N_ELEMENTS (ratios); k++)
    {
      Tally t;
      double rate;

      run_pair (31 + k, ratios[k], 200, trials, &t);
      rate = (double) t.equivalent / trials;
      g_test_message ("true %.3f: equivalent %u, A %u, B %u, undecided %u of %u", ratios[k],
                      t.equivalent, t.a_faster, t.b_faster, t.undecided, trials);
      g_assert_cmpfloat (rate, <=, 0.05);
    }
}

/* Under drift the pairing decides: a true 1.25x is found in at least 90 %
 * (never the wrong way), and no difference is called equivalent in at least
 * 45 % within 200 pairs (at 0.2 log-sd and 8 % tails, 200 pairs are too few
 * to be sure of +/-10 %; without the pairing it is far fewer). */
static void
test_decisive (void)
{
  const guint trials = 1000;
  Tally t;

  run_pair (77, 1.25, 200, trials, &t);
  g_test_message ("true 1.25: A faster %u, B faster %u, equivalent %u, undecided %u of %u",
                  t.a_faster, t.b_faster, t.equivalent, t.undecided, trials);
  g_assert_cmpfloat ((double) t.a_faster / trials, >=, 0.90);
  g_assert_cmpuint (t.b_faster, ==, 0);

  run_pair (78, 1.0, 200, trials, &t);
  g_test_message ("true 1.00: equivalent %u, faster %u + %u, undecided %u of %u",
                  t.equivalent, t.a_faster, t.b_faster, t.undecided, trials);
  g_assert_cmpfloat ((double) t.equivalent / trials, >=, 0.45);
}

/* The winner's curse: 3 "sync" (0-2) and 6 "async" (3-8) strategies, all
 * identical; strategy 0 leaves a mess behind. The survey measures all in
 * 5 randomized rounds on a noisy machine (log-sd 0.5) and picks the lowest median of each family; the decision
 * measures the pair afresh. The reported async / sync ratio's geometric mean
 * is within 2 % of 1 and false verdicts stay at most 5 %. */
static void
winners_curse (guint rounds)
{
  const guint trials = 1000, n_strategies = 9;
  double survey[9][5];
  Machine m;
  Tally t = { 0 };
  double tilt;

  g_assert_cmpuint (rounds, >=, 1);
  g_assert_cmpuint (rounds, <=, 5);
  machine_init (&m, 5150 + rounds);
  /* a busy machine, as in the issue: quick's 5 rounds, wide noise */
  m.sigma = 0.5;
  for (guint trial = 0; trial < trials; trial++)
    {
      int order[9];
      int best_sync = -1, best_async = -1;
      double best_sync_med = G_MAXDOUBLE, best_async_med = G_MAXDOUBLE;
      IbPaired p;

      for (guint r = 0; r < rounds; r++)
        {
          for (guint s = 0; s < n_strategies; s++)
            order[s] = (int) s;
          for (guint i = n_strategies; i > 1; i--)
            {
              guint j = (guint) ib_rng_below (&m.rng, i);
              int x = order[i - 1];

              order[i - 1] = order[j];
              order[j] = x;
            }
          for (guint s = 0; s < n_strategies; s++)
            survey[order[s]][r] = machine_sample (&m, order[s], 1.0);
        }
      for (guint s = 0; s < n_strategies; s++)
        {
          IbStats st = { 0 };

          ib_stats_compute (survey[s], rounds, &st);
          if (s < 3 && st.median_ns < best_sync_med)
            {
              best_sync_med = st.median_ns;
              best_sync = (int) s;
            }
          if (s >= 3 && st.median_ns < best_async_med)
            {
              best_async_med = st.median_ns;
              best_async = (int) s;
            }
        }
      /* A = sync, B = async: the ratio is async / sync */
      decide (&m, best_sync, 1.0, best_async, 1.0, 200, survey[best_sync], survey[best_async],
              rounds, &p);
      tally_add (&t, &p);
    }
  tilt = exp (t.sum_log / t.n);
  g_test_message ("winner's curse, %u survey rounds: geometric mean ratio %.4f; sync faster %u, "
                  "async faster %u, equivalent %u, undecided %u of %u", rounds, tilt, t.a_faster,
                  t.b_faster, t.equivalent, t.undecided, trials);
  g_assert_cmpfloat (fabs (log (tilt)), <=, log (1.02));
  g_assert_cmpfloat ((double) (t.a_faster + t.b_faster) / trials, <=, 0.05);
}

static void
test_winners_curse (void)
{
  winners_curse (5);
}

/* A busy machine cuts the survey short (ib-decision.h: 2 rounds, or fewer
 * in the middle of one): the picks then rest on 1-2 samples a strategy,
 * and the decision on its fresh pairs must stay as fair. */
static void
test_winners_curse_short_survey (void)
{
  winners_curse (2);
  winners_curse (1);
}

/* ---- the printed level after stopping ---- */

/* One decision as the runner takes it: blocks of two pairs, AB BA or BA AB
 * in a seeded random order; looks at planned moments of a time budget
 * (ib_decider_look, by_time), the clock advanced by each sample's time;
 * noise of log-sd @sigma, and contention spikes that hit one sample of a
 * pair (3x, chance @p_spike each pair), whichever side ran then. Under the
 * peek mutation it looks after every pair at 95 % instead. */
static void
decide_in_time (Machine  *m,
                double    ratio,
                double    sigma,
                double    p_spike,
                guint     max_pairs,
                IbPaired *out)
{
  IbDecider decider;
  double budget = max_pairs * (1.0 + ratio);
  double clock = 0;
  gboolean ab_first = TRUE;

  ib_decider_init (&decider, max_pairs, IB_PAIRED_MARGIN, IB_PAIRED_ALPHA);
  decider.by_time = TRUE;
  for (guint i = 0; !decider.stopped; i++)
    {
      double a = exp (sigma * gauss (&m->rng));
      double b = ratio * exp (sigma * gauss (&m->rng));
      gboolean ab;

      if (i % 2 == 0)
        ab_first = uniform01 (&m->rng) < 0.5;
      ab = (i % 2 == 0) == ab_first;
      if (uniform01 (&m->rng) < p_spike)
        {
          /* the spike lands on whichever sample of the pair ran second */
          if (ab)
            b *= 3.0;
          else
            a *= 3.0;
        }
      clock += a + b;
      if (clock > budget)
        break;
      ib_decider_add (&decider, a, b);
      if (mutation == MUTATION_PEEK)
        {
          ib_paired_analyse ((const double *) (gconstpointer) decider.a->data,
                             (const double *) (gconstpointer) decider.b->data, decider.a->len,
                             1.0 - IB_PAIRED_ALPHA, IB_PAIRED_MARGIN, &decider.result);
          if (ib_paired_is_decided (&decider.result))
            break;
          continue;
        }
      /* the planned moments: the looks' share of the budget in time */
      if (decider.looks_done < decider.n_looks
          && clock >= budget * decider.looks[decider.looks_done] / max_pairs)
        ib_decider_look (&decider);
    }
  if (mutation != MUTATION_PEEK)
    ib_decider_finish (&decider);
  *out = decider.result;
  ib_decider_clear (&decider);
}

/* The level the answer prints for a decided line is the whole procedure's,
 * 1 - alpha (95 %), not one look's: the interval a decision stopped at
 * covers the true ratio at least that often, with looks in time, noise of
 * log-sd 0.5 and 0.9, one-sided contention spikes and AB/BA blocks in a
 * random order. Fails under the peek mutation. */
static void
test_stopped_coverage (void)
{
  const double sigmas[] = { 0.5, 0.9 };
  const double ratios[] = { 1.0, 1.3 };
  const guint trials = 600;
  Machine m;

  machine_init (&m, 4242);
  for (guint s = 0; s < G_N_ELEMENTS (sigmas); s++)
    for (guint r = 0; r < G_N_ELEMENTS (ratios); r++)
      {
        guint covered = 0, decided = 0;
        double rate;

        for (guint t = 0; t < trials; t++)
          {
            IbPaired p;

            decide_in_time (&m, ratios[r], sigmas[s], 0.1, 120, &p);
            decided += ib_paired_is_decided (&p);
            covered += p.n >= 2 && p.ci_low <= ratios[r] && ratios[r] <= p.ci_high;
          }
        rate = (double) covered / trials;
        g_test_message ("sigma %.1f, true %.2f: covered %.4f, decided %u of %u", sigmas[s],
                        ratios[r], rate, decided, trials);
        g_assert_cmpfloat (rate, >=, 1.0 - IB_PAIRED_ALPHA - three_se (0.95, trials));
      }
}

/* ---- keep deciding ---- */

/* ib_decider_continue: the earlier pairs come first, without a look; the
 * looks by count are counted from them on; the level counts every look. */
static void
test_keep_looks (void)
{
  double           a[30], b[30];
  IbDeciderEarlier earlier = { a, b, 30, 3 };
  IbDecider        d;

  for (guint i = 0; i < 30; i++)
    {
      a[i] = 1.0;
      b[i] = 1.5 + 0.01 * (i % 5);
    }
  ib_decider_continue (&d, 40, 0.10, 0.05, &earlier);
  g_assert_cmpuint (d.a->len, ==, 30);
  g_assert_cmpuint (d.looks_done, ==, 0);
  g_assert_false (d.stopped);
  g_assert_cmpuint (d.n_looks, ==, 3);
  g_assert_cmpuint (ib_decider_total_looks (&d), ==, 6);
  g_assert_cmpfloat_with_epsilon (ib_decider_level (&d), 1.0 - 0.05 / 6, 1e-12);
  /* the new looks at 10, 20, 40 more pairs */
  g_assert_cmpuint (d.looks[0], ==, 40);
  g_assert_cmpuint (d.looks[2], ==, 70);
  for (guint i = 0; i < 9; i++)
    g_assert_false (ib_decider_add (&d, 1.0, 1.5));
  g_assert_cmpuint (d.looks_done, ==, 0);
  /* 40 pairs all 1.5x: decided at the first new look */
  g_assert_true (ib_decider_add (&d, 1.0, 1.5));
  g_assert_cmpuint (d.looks_done, ==, 1);
  g_assert_cmpint (d.result.verdict, ==, IB_PAIRED_A_FASTER);
  g_assert_cmpuint (d.result.n, ==, 40);
  ib_decider_clear (&d);

  /* no earlier try: as ib_decider_init */
  ib_decider_continue (&d, 100, 0.10, 0.05, NULL);
  g_assert_cmpuint (ib_decider_total_looks (&d), ==, 4);
  g_assert_cmpfloat_with_epsilon (ib_decider_level (&d), 1.0 - 0.05 / 4, 1e-12);
  g_assert_cmpuint (d.looks[0], ==, 12);
  ib_decider_clear (&d);
}

/* One pair as decide_in_time draws it: noise of log-sd @sigma, and a 3x
 * spike on the second sample of the pair with chance @p_spike. */
static void
keep_pair (Machine *m,
           double   ratio,
           double   sigma,
           double   p_spike,
           guint    index,
           double  *a,
           double  *b)
{
  *a = exp (sigma * gauss (&m->rng));
  *b = ratio * exp (sigma * gauss (&m->rng));
  if (uniform01 (&m->rng) < p_spike)
    {
      if (index % 2 == 0)
        *b *= 3.0;
      else
        *a *= 3.0;
    }
}

/* A line decided as the phase does (@first pairs at most), then kept
 * deciding while undecided, at most @tries times, @more pairs each, as
 * ib_decision_keep_plan and the phase do (ib_decider_continue, all pairs
 * so far, every look so far). *@kept: whether it was kept deciding. */
static void
decide_and_keep (Machine  *m,
                 double    ratio,
                 double    sigma,
                 guint     first,
                 guint     more,
                 guint     tries,
                 gboolean *kept,
                 IbPaired *out)
{
  g_autoptr (GArray) a = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) b = g_array_new (FALSE, FALSE, sizeof (double));
  IbDecider d;
  guint     looks;

  ib_decider_init (&d, first, IB_PAIRED_MARGIN, IB_PAIRED_ALPHA);
  for (guint i = 0; !d.stopped; i++)
    {
      double x, y;

      keep_pair (m, ratio, sigma, 0.1, i, &x, &y);
      ib_decider_add (&d, x, y);
    }
  *out = d.result;
  looks = ib_decider_total_looks (&d);
  g_array_append_vals (a, d.a->data, d.a->len);
  g_array_append_vals (b, d.b->data, d.b->len);
  ib_decider_clear (&d);
  *kept = FALSE;

  for (guint t = 0; t < tries && !ib_paired_is_decided (out); t++)
    {
      IbDeciderEarlier earlier = { (const double *) (gconstpointer) a->data,
                                   (const double *) (gconstpointer) b->data, a->len,
                                   mutation == MUTATION_KEEP_FORGET ? 0 : looks };

      *kept = TRUE;
      ib_decider_continue (&d, more, IB_PAIRED_MARGIN, IB_PAIRED_ALPHA, &earlier);
      for (guint i = a->len; !d.stopped; i++)
        {
          double x, y;

          keep_pair (m, ratio, sigma, 0.1, i, &x, &y);
          ib_decider_add (&d, x, y);
        }
      *out = d.result;
      looks = ib_decider_total_looks (&d);
      g_array_set_size (a, 0);
      g_array_set_size (b, 0);
      g_array_append_vals (a, d.a->data, d.a->len);
      g_array_append_vals (b, d.b->data, d.b->len);
      ib_decider_clear (&d);
    }
}

/* Keep deciding, pressed again and again while the line is undecided (up
 * to 8 times, 20 more pairs each, after a first try of 40): the interval a
 * kept line ends with covers the true ratio in at least 95 % of such
 * lines, with noise of log-sd 0.5 and 0.9 and one-sided spikes. Fails
 * under the keep-forget mutation (about 90-92 % at a true ratio of 1). */
static void
test_keep_coverage (void)
{
  const double sigmas[] = { 0.5, 0.9 };
  const double ratios[] = { 1.0, 1.3 };
  const guint  trials = 600;
  Machine      m;

  machine_init (&m, 3030);
  for (guint s = 0; s < G_N_ELEMENTS (sigmas); s++)
    for (guint r = 0; r < G_N_ELEMENTS (ratios); r++)
      {
        guint covered = 0, kept_n = 0, kept_covered = 0, decided = 0;

        for (guint t = 0; t < trials; t++)
          {
            gboolean kept, cover;
            IbPaired p;

            decide_and_keep (&m, ratios[r], sigmas[s], 40, 20, 8, &kept, &p);
            cover = p.n >= 2 && p.ci_low <= ratios[r] && ratios[r] <= p.ci_high;
            covered += cover;
            decided += ib_paired_is_decided (&p);
            kept_n += kept;
            kept_covered += kept && cover;
          }
        g_test_message ("sigma %.1f, true %.2f: kept %u of %u, of those covered %.4f; "
                        "all covered %.4f, decided %u",
                        sigmas[s], ratios[r], kept_n, trials,
                        (double) kept_covered / MAX (kept_n, 1), (double) covered / trials,
                        decided);
        g_assert_cmpuint (kept_n, >=, trials / 4);
        g_assert_cmpfloat ((double) kept_covered / kept_n, >=, 1.0 - IB_PAIRED_ALPHA);
        /* All lines, kept or not: the first try alone spends its error rate
         * (its false verdicts stop it), so the whole "decide, then keep
         * deciding until decided" covers a little less, about 94-95 % at a
         * true ratio of 1 (86 % under keep-forget). */
        g_assert_cmpfloat ((double) covered / trials, >=,
                           1.0 - IB_PAIRED_ALPHA - three_se (0.95, trials));
      }
}

int
main (int    argc,
      char **argv)
{
  const char *m = g_getenv ("IB_DECISION_MUTATION");

  g_test_init (&argc, &argv, NULL);
  /* Every test runs and says whether it failed, so one run shows which tests
   * a mutation fails. */
  g_test_set_nonfatal_assertions ();

  if (m != NULL && *m != '\0')
    {
      if (g_str_equal (m, "reuse-survey"))
        mutation = MUTATION_REUSE_SURVEY;
      else if (g_str_equal (m, "unpaired"))
        mutation = MUTATION_UNPAIRED;
      else if (g_str_equal (m, "no-alternation"))
        mutation = MUTATION_NO_ALTERNATION;
      else if (g_str_equal (m, "peek"))
        mutation = MUTATION_PEEK;
      else if (g_str_equal (m, "keep-forget"))
        mutation = MUTATION_KEEP_FORGET;
      else
        g_error ("unknown IB_DECISION_MUTATION '%s'", m);
      g_test_message ("mutation: %s", m);
    }

  g_test_add_func ("/decision/known", test_known);
  g_test_add_func ("/decision/looks", test_looks);
  g_test_add_func ("/decision/coverage", test_coverage);
  g_test_add_func ("/decision/null", test_null);
  g_test_add_func ("/decision/equivalence-error", test_equivalence_error);
  g_test_add_func ("/decision/decisive", test_decisive);
  g_test_add_func ("/decision/winners-curse", test_winners_curse);
  g_test_add_func ("/decision/winners-curse-short-survey", test_winners_curse_short_survey);
  g_test_add_func ("/decision/stopped-coverage", test_stopped_coverage);
  g_test_add_func ("/decision/keep-looks", test_keep_looks);
  g_test_add_func ("/decision/keep-coverage", test_keep_coverage);

  return g_test_run ();
}
