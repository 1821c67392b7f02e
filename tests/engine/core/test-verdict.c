/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The verdict rule against simulated noise (seeded, deterministic, about a
 * second): the median's interval covers the true median as often as it says,
 * two sides drawn from one distribution are rarely called different, a real
 * 1.5x difference is found, and nothing is called below 5 samples a side.
 *
 * Each rate is checked against its target with a tolerance of 3 standard
 * errors of a binomial proportion over the trials (sqrt (p (1 - p) / T)): a
 * correct method fails by chance about once in 700 seeds, and this seed is
 * fixed. Replacing the interval of the median by [min, max] (coverage then
 * 99.8 % at n = 10 against a stated 97.85 %) or dropping the 5-sample
 * threshold makes these tests fail. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <math.h>

#include "engine/stats/ib-stats.h"

#define TRUE_MEDIAN 1e6    /* 1 ms in ns */

static double
uniform01 (IbRng *rng)
{
  /* 53 random bits in (0, 1): never 0, so log () is finite */
  return ((ib_rng_next (rng) >> 11) + 0.5) / 9007199254740992.0;
}

/* A lognormal time with median @median and log-sd @sigma (Box-Muller). */
static double
lognormal (IbRng  *rng,
           double  median,
           double  sigma)
{
  double u1 = uniform01 (rng), u2 = uniform01 (rng);
  double z = sqrt (-2.0 * log (u1)) * cos (2.0 * G_PI * u2);

  return median * exp (sigma * z);
}

static void
draw (IbRng  *rng,
      double *values,
      guint   n,
      double  median,
      double  sigma)
{
  for (guint i = 0; i < n; i++)
    values[i] = lognormal (rng, median, sigma);
}

static double
three_se (double p,
          guint  trials)
{
  return 3.0 * sqrt (p * (1.0 - p) / trials);
}

/* Coverage of the median's interval at n = 5, 10, 20 within its stated
 * level (two-sided: an interval much wider than it says is wrong too). */
static void
test_median_coverage (void)
{
  const guint sizes[] = { 5, 10, 20 };
  const guint trials = 4000;
  IbRng rng;

  ib_rng_init (&rng, 20261201);
  for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
    {
      guint n = sizes[k];
      g_autofree double *v = g_new (double, n);
      double level = -1;
      guint covered = 0;
      double rate;

      for (guint t = 0; t < trials; t++)
        {
          IbStats s = { 0 };

          draw (&rng, v, n, TRUE_MEDIAN, 0.3);
          ib_stats_compute (v, n, &s);
          /* The stated level depends on n only. */
          if (level < 0)
            level = s.ci_level;
          g_assert_cmpfloat (s.ci_level, ==, level);
          covered += s.ci_low_ns <= TRUE_MEDIAN && TRUE_MEDIAN <= s.ci_high_ns;
        }
      rate = (double) covered / trials;
      g_test_message ("n = %u: stated %.4f, covered %.4f (%u of %u)", n, level, rate, covered,
                      trials);
      g_assert_cmpfloat (fabs (rate - level), <=, three_se (level, trials));
      /* From n = 6 the interval reaches the 95 % it aims for; at 5 it says
       * 93.75 % instead of pretending. */
      if (n >= 6)
        g_assert_cmpfloat (level, >=, IB_CI_TARGET);
      else
        g_assert_cmpfloat_with_epsilon (level, 0.9375, 1e-12);
    }
}

/* Two sides from one distribution: "clearly different" in at most 5 % of
 * trials (plus simulation error). */
static void
test_same_distribution (void)
{
  const guint sizes[] = { 5, 10, 20 };
  const guint trials = 2000;
  IbRng rng;

  ib_rng_init (&rng, 4242);
  for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
    {
      guint n = sizes[k];
      g_autofree double *a = g_new (double, n);
      g_autofree double *b = g_new (double, n);
      guint clear = 0;
      double rate;

      for (guint t = 0; t < trials; t++)
        {
          IbRatio r;

          draw (&rng, a, n, TRUE_MEDIAN, 0.3);
          draw (&rng, b, n, TRUE_MEDIAN, 0.3);
          ib_stats_ratio (a, n, b, n, &r);
          g_assert_cmpint (r.verdict, !=, IB_RATIO_TOO_FEW);
          g_assert_cmpfloat (r.ci_level, >=, IB_CI_TARGET);
          clear += ib_ratio_is_clear (&r);
        }
      rate = (double) clear / trials;
      g_test_message ("n = %u: same distribution called different in %.4f", n, rate);
      g_assert_cmpfloat (rate, <=, 0.05 + three_se (0.05, trials));
    }
}

/* A true 1.5x difference with 10 % noise is found at n = 10 in at least
 * 95 % of trials, and in the right direction. */
static void
test_power (void)
{
  const guint n = 10, trials = 2000;
  double a[10], b[10];
  guint found = 0, wrong = 0;
  IbRng rng;

  ib_rng_init (&rng, 777);
  for (guint t = 0; t < trials; t++)
    {
      IbRatio r;

      draw (&rng, a, n, TRUE_MEDIAN, 0.1);
      draw (&rng, b, n, 1.5 * TRUE_MEDIAN, 0.1);
      ib_stats_ratio (a, n, b, n, &r);
      found += r.verdict == IB_RATIO_A_FASTER;
      wrong += r.verdict == IB_RATIO_B_FASTER;
      g_assert_cmpfloat (r.ci_low, <=, r.ratio);
      g_assert_cmpfloat (r.ratio, <=, r.ci_high);
    }
  g_test_message ("1.5x at n = 10: found in %u of %u", found, trials);
  g_assert_cmpfloat ((double) found / trials, >=, 0.95);
  g_assert_cmpuint (wrong, ==, 0);
}

/* Below 5 valid samples a side there is no verdict, however far apart the
 * sides are (3x with 10 % noise: every pairwise ratio lies above 1). */
static void
test_too_few (void)
{
  const guint sizes[][2] = { { 1, 1 }, { 2, 2 }, { 3, 3 }, { 4, 4 }, { 4, 20 }, { 20, 2 } };
  double a[20], b[20];
  IbRng rng;

  ib_rng_init (&rng, 99);
  for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
    for (guint t = 0; t < 200; t++)
      {
        IbRatio r;

        draw (&rng, a, sizes[k][0], TRUE_MEDIAN, 0.1);
        draw (&rng, b, sizes[k][1], 3 * TRUE_MEDIAN, 0.1);
        ib_stats_ratio (a, sizes[k][0], b, sizes[k][1], &r);
        g_assert_cmpint (r.verdict, ==, IB_RATIO_TOO_FEW);
        g_assert_false (ib_ratio_is_clear (&r));
        g_assert_cmpuint (r.na, ==, sizes[k][0]);
        g_assert_cmpuint (r.nb, ==, sizes[k][1]);
      }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/verdict/median-coverage", test_median_coverage);
  g_test_add_func ("/verdict/same-distribution", test_same_distribution);
  g_test_add_func ("/verdict/power", test_power);
  g_test_add_func ("/verdict/too-few", test_too_few);

  return g_test_run ();
}
