/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib_stats_shift, the interval the answer's "Why:" line rests on:
 * against seeded simulated counts, two sides with the same distribution are
 * called different in at most 5 % of trials, a real shift is found, ties
 * (all callbacks 0 against all 384) give a point interval, and nothing
 * differs below 5 values a side. Reverting "differs" to "the medians differ"
 * fails the first test (two medians of continuous noise always differ). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <math.h>

#include "engine/stats/ib-stats.h"

static double
uniform01 (IbRng *rng)
{
  return ((ib_rng_next (rng) >> 11) + 0.5) / 9007199254740992.0;
}

/* A count around @centre with a spread of @sd (normal, Box-Muller), rounded. */
static void
draw (IbRng  *rng,
      double *out,
      guint   n,
      double  centre,
      double  sd)
{
  for (guint i = 0; i < n; i++)
    {
      double u1 = uniform01 (rng), u2 = uniform01 (rng);

      out[i] = round (centre + sd * sqrt (-2.0 * log (u1)) * cos (2.0 * G_PI * u2));
    }
}

static void
test_same_distribution (void)
{
  const guint n = 8, trials = 2000;
  double a[8], b[8];
  guint differs = 0, medians_differ = 0;
  IbRng rng;

  ib_rng_init (&rng, 2201);
  for (guint t = 0; t < trials; t++)
    {
      IbShift s;

      draw (&rng, a, n, 60, 15);
      draw (&rng, b, n, 60, 15);
      ib_stats_shift (a, n, b, n, &s);
      g_assert_cmpfloat (s.ci_level, >=, IB_CI_TARGET);
      g_assert_cmpfloat (s.ci_low, <=, s.ci_high);
      differs += s.differs;
      medians_differ += s.median_a != s.median_b;
    }
  g_test_message ("same distribution: differs in %u of %u (medians differ in %u)",
                  differs, trials, medians_differ);
  /* 5 % plus three standard errors of a proportion over 2000 trials */
  g_assert_cmpfloat ((double) differs / trials, <=, 0.05 + 3 * sqrt (0.05 * 0.95 / trials));
  g_assert_cmpuint (medians_differ, >, trials / 2);
}

static void
test_real_shift (void)
{
  const guint n = 8, trials = 500;
  double a[8], b[8];
  guint found = 0, wrong = 0;
  IbRng rng;

  ib_rng_init (&rng, 2202);
  for (guint t = 0; t < trials; t++)
    {
      IbShift s;

      draw (&rng, a, n, 33, 2);
      draw (&rng, b, n, 60, 10);
      ib_stats_shift (a, n, b, n, &s);
      found += s.differs && s.ci_low > 0;
      wrong += s.differs && s.ci_high < 0;
    }
  g_assert_cmpfloat ((double) found / trials, >=, 0.95);
  g_assert_cmpuint (wrong, ==, 0);
}

static void
test_ties_and_too_few (void)
{
  double zeros[6] = { 0, 0, 0, 0, 0, 0 };
  double many[6] = { 384, 384, 384, 384, 384, 384 };
  IbShift s;

  ib_stats_shift (zeros, 6, many, 6, &s);
  g_assert_true (s.differs);
  g_assert_cmpfloat (s.ci_low, ==, 384);
  g_assert_cmpfloat (s.ci_high, ==, 384);
  g_assert_cmpfloat (s.median_a, ==, 0);
  g_assert_cmpfloat (s.median_b, ==, 384);

  ib_stats_shift (zeros, 6, zeros, 6, &s);
  g_assert_false (s.differs);

  /* far apart, but 4 values a side: no claim */
  ib_stats_shift (zeros, 4, many, 6, &s);
  g_assert_false (s.differs);
  ib_stats_shift (zeros, 0, many, 6, &s);
  g_assert_false (s.differs);
  g_assert_cmpuint (s.nb, ==, 6);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/shift/same-distribution", test_same_distribution);
  g_test_add_func ("/shift/real-shift", test_real_shift);
  g_test_add_func ("/shift/ties-and-too-few", test_ties_and_too_few);
  return g_test_run ();
}
