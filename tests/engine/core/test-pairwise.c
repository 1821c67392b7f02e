/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-pairwise.h against brute force: every order statistic of the pairwise
 * differences, quotients and Walsh averages, the intervals of
 * ib_stats_ratio and ib_stats_shift and the estimate of ib_paired_analyse,
 * and the Mann-Whitney null distribution, are the very doubles (compared bit
 * for bit) that storing and sorting every value gives, on seeded random
 * samples full of ties. The brute force is the code these routines replaced,
 * kept here only. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/stats/ib-paired.h"
#include "engine/stats/ib-pairwise.h"
#include "engine/stats/ib-stats.h"

/* ---- the brute force ---------------------------------------------------- */

static int
compare_double (const void *a,
                const void *b)
{
  double x = *(const double *) a;
  double y = *(const double *) b;

  return (x > y) - (x < y);
}

/* Every b[j] op a[i], sorted. */
static double *
all_pairs (const double *a,
           guint         na,
           const double *b,
           guint         nb,
           IbPairwiseOp  op)
{
  guint64 pairs = (guint64) na * nb;
  double *values = g_new (double, pairs);

  for (guint i = 0; i < na; i++)
    for (guint j = 0; j < nb; j++)
      values[(guint64) i * nb + j] = op == IB_PAIRWISE_QUOTIENT ? b[j] / a[i] : b[j] - a[i];
  qsort (values, pairs, sizeof (double), compare_double);
  return values;
}

/* Every (d[i] + d[j]) / 2, i <= j, of @d in its own order, sorted. */
static double *
all_walsh (const double *d,
           guint         n)
{
  guint64 m = (guint64) n * (n + 1) / 2, w = 0;
  double *walsh = g_new (double, m);

  for (guint i = 0; i < n; i++)
    for (guint j = i; j < n; j++)
      walsh[w++] = (d[i] + d[j]) / 2.0;
  qsort (walsh, m, sizeof (double), compare_double);
  return walsh;
}

/* The Mann-Whitney null distribution as it was computed before, row by row. */
static double *
old_mw_null_distribution (guint m,
                          guint n)
{
  g_autofree double **prev = g_new0 (double *, n + 1);
  g_autofree double **cur = g_new0 (double *, n + 1);
  double *result;

  for (guint j = 0; j <= n; j++)
    {
      prev[j] = g_new0 (double, 1);
      prev[j][0] = 1.0;
    }
  for (guint i = 1; i <= m; i++)
    {
      cur[0] = g_new0 (double, 1);
      cur[0][0] = 1.0;
      for (guint j = 1; j <= n; j++)
        {
          guint len = i * j + 1;
          double from_first = (double) i / (i + j);
          double from_second = (double) j / (i + j);

          cur[j] = g_new0 (double, len);
          for (guint u = 0; u + j < len && u <= (i - 1) * j; u++)
            cur[j][u + j] += from_first * prev[j][u];
          for (guint u = 0; u <= i * (j - 1); u++)
            cur[j][u] += from_second * cur[j - 1][u];
        }
      for (guint j = 0; j <= n; j++)
        {
          g_free (prev[j]);
          prev[j] = cur[j];
          cur[j] = NULL;
        }
    }
  result = g_steal_pointer (&prev[n]);
  for (guint j = 0; j < n; j++)
    g_free (prev[j]);
  return result;
}

/* ---- samples ------------------------------------------------------------ */

static void
assert_same_double (double got,
                    double expected)
{
  if (memcmp (&got, &expected, sizeof got) != 0)
    g_error ("got %.17g, brute force gives %.17g", got, expected);
}

/* @n values, many tied: a whole number of @unit times one of @levels
 * levels above @base, or (when @levels is 0) any integer up to @spread
 * above it, as nanosecond times are. */
static void
draw (IbRng  *rng,
      double *out,
      guint   n,
      double  base,
      guint   levels,
      double  unit,
      guint64 spread)
{
  for (guint i = 0; i < n; i++)
    out[i] = levels > 0 ? base + unit * (double) ib_rng_below (rng, levels)
                        : base + (double) ib_rng_below (rng, spread + 1);
}

/* Fills @a and @b with one of several kinds of sample, by @trial. */
static void
draw_trial (IbRng  *rng,
            guint   trial,
            double *a,
            guint   na,
            double *b,
            guint   nb)
{
  switch (trial % 5)
    {
    case 0: /* a few levels, heavy ties, overlapping */
      draw (rng, a, na, 100, 4, 10, 0);
      draw (rng, b, nb, 110, 4, 10, 0);
      break;
    case 1: /* nanosecond-like integers */
      draw (rng, a, na, 30000, 0, 0, 5000);
      draw (rng, b, nb, 31000, 0, 0, 5000);
      break;
    case 2: /* every value equal */
      draw (rng, a, na, 7, 1, 1, 0);
      draw (rng, b, nb, 7, 1, 1, 0);
      break;
    case 3: /* fractions that do not divide evenly, far apart */
      draw (rng, a, na, 0.3, 7, 0.1, 0);
      draw (rng, b, nb, 3e9, 7, 1.7e8, 0);
      break;
    default: /* huge and tiny, where rounding decides ties */
      draw (rng, a, na, 1e18, 0, 0, 1000);
      draw (rng, b, nb, 1, 0, 0, 3);
      break;
    }
}

/* ---- tests -------------------------------------------------------------- */

/* Every k of small samples: the selection is the sorted array. */
static void
test_select_every_k (void)
{
  IbRng rng;

  ib_rng_init (&rng, 20261202);
  for (guint trial = 0; trial < 200; trial++)
    {
      guint na = 1 + (guint) ib_rng_below (&rng, 25);
      guint nb = 1 + (guint) ib_rng_below (&rng, 25);
      g_autofree double *a = g_new (double, na);
      g_autofree double *b = g_new (double, nb);

      draw_trial (&rng, trial, a, na, b, nb);
      qsort (a, na, sizeof (double), compare_double);
      qsort (b, nb, sizeof (double), compare_double);
      for (IbPairwiseOp op = IB_PAIRWISE_DIFFERENCE; op <= IB_PAIRWISE_QUOTIENT; op++)
        {
          g_autofree double *sorted = all_pairs (a, na, b, nb, op);

          for (guint64 k = 0; k < (guint64) na * nb; k++)
            assert_same_double (ib_pairwise_select (a, na, b, nb, op, k), sorted[k]);
        }
    }
}

/* ib_stats_ratio and ib_stats_shift give the k-th smallest and largest of
 * the sorted values, k and level from ib_mw_trim, on both sides of the
 * exact/approximate boundary. */
static void
test_intervals (void)
{
  static const guint sizes[][2] = {
    { 5, 5 }, { 1, 9 }, { 9, 1 }, { 7, 30 }, { 100, 100 }, { 101, 100 },
    { 3, 900 }, { 250, 180 }, { 600, 400 },
  };
  IbRng rng;

  ib_rng_init (&rng, 35);
  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    for (guint trial = 0; trial < 5; trial++)
      {
        guint na = sizes[s][0], nb = sizes[s][1];
        g_autofree double *a = g_new (double, na);
        g_autofree double *b = g_new (double, nb);
        g_autofree double *quotients = NULL;
        g_autofree double *differences = NULL;
        guint64 pairs = (guint64) na * nb, k;
        double level;
        IbRatio r;
        IbShift shift;

        draw_trial (&rng, trial, a, na, b, nb);
        quotients = all_pairs (a, na, b, nb, IB_PAIRWISE_QUOTIENT);
        differences = all_pairs (a, na, b, nb, IB_PAIRWISE_DIFFERENCE);
        k = ib_mw_trim (na, nb, &level);
        g_assert_cmpuint (k, >=, 1);
        g_assert_cmpuint (k, <=, pairs - k + 1);

        ib_stats_ratio (a, na, b, nb, &r);
        assert_same_double (r.ci_low, quotients[k - 1]);
        assert_same_double (r.ci_high, quotients[pairs - k]);
        assert_same_double (r.ci_level, level);

        ib_stats_shift (a, na, b, nb, &shift);
        assert_same_double (shift.ci_low, differences[k - 1]);
        assert_same_double (shift.ci_high, differences[pairs - k]);
        assert_same_double (shift.ci_level, level);
      }
}

/* Walsh averages: every k of small samples, from @d unsorted in the brute
 * force and sorted for the selection; and ib_paired_analyse's estimate is
 * the median of the brute force's, its interval a symmetric pair of them. */
static void
test_walsh (void)
{
  IbRng rng;

  ib_rng_init (&rng, 32);
  for (guint trial = 0; trial < 200; trial++)
    {
      guint n = 2 + (guint) ib_rng_below (&rng, 70);
      guint64 m = (guint64) n * (n + 1) / 2;
      g_autofree double *a = g_new (double, n);
      g_autofree double *b = g_new (double, n);
      g_autofree double *d = g_new (double, n);
      g_autofree double *walsh = NULL;
      double est = 0;
      gboolean found = FALSE;
      IbPaired paired;

      draw_trial (&rng, trial, a, n, b, n);
      for (guint i = 0; i < n; i++)
        d[i] = log (b[i] / a[i]);
      walsh = all_walsh (d, n);

      ib_paired_analyse (a, b, n, 0.95, 0.1, &paired);
      est = m % 2 == 1 ? walsh[m / 2] : (walsh[m / 2 - 1] + walsh[m / 2]) / 2.0;
      assert_same_double (paired.ratio, exp (est));
      for (guint64 k = 0; k < m / 2 + 1 && !found; k++)
        found = paired.ci_low == exp (walsh[k]) && paired.ci_high == exp (walsh[m - 1 - k]);
      g_assert_true (found);

      qsort (d, n, sizeof (double), compare_double);
      for (guint64 k = 0; k < m; k++)
        assert_same_double (ib_walsh_select (d, n, k), walsh[k]);
    }
}

/* The null distribution, made along the shorter side, is the old one bit
 * for bit, and sums to 1. */
static void
test_mw_null_distribution (void)
{
  static const guint unbalanced[][2] = {
    { 1, 2000 }, { 2000, 1 }, { 2, 900 }, { 3, 700 }, { 100, 100 }, { 40, 250 },
  };

  for (guint m = 1; m <= 24; m++)
    for (guint n = 1; n <= 24; n++)
      {
        g_autofree double *got = ib_mw_null_distribution (m, n);
        g_autofree double *old = old_mw_null_distribution (m, n);

        g_assert_cmpmem (got, sizeof (double) * (m * n + 1), old, sizeof (double) * (m * n + 1));
      }
  for (guint s = 0; s < G_N_ELEMENTS (unbalanced); s++)
    {
      guint m = unbalanced[s][0], n = unbalanced[s][1];
      g_autofree double *got = ib_mw_null_distribution (m, n);
      g_autofree double *old = old_mw_null_distribution (m, n);
      double sum = 0;

      g_assert_cmpmem (got, sizeof (double) * (m * n + 1), old, sizeof (double) * (m * n + 1));
      for (guint u = 0; u <= m * n; u++)
        sum += got[u];
      g_assert_cmpfloat_with_epsilon (sum, 1.0, 1e-9);
    }
}

/* 20,000 values a side: no n^2 anything (the brute force would need 3.2 GB),
 * and the interval brackets the true ratio of 2. */
static void
test_large (void)
{
  guint n = 20000;
  g_autofree double *a = g_new (double, n);
  g_autofree double *b = g_new (double, n);
  IbRng rng;
  IbRatio r;
  IbPaired paired;

  ib_rng_init (&rng, 20000);
  draw (&rng, a, n, 1000000, 0, 0, 1000);
  for (guint i = 0; i < n; i++)
    b[i] = 2 * a[(i * 7919) % n];
  ib_stats_ratio (a, n, b, n, &r);
  g_assert_cmpint (r.verdict, ==, IB_RATIO_A_FASTER);
  g_assert_cmpfloat (r.ci_low, <=, 2.0);
  g_assert_cmpfloat (r.ci_high, >=, 2.0);
  g_assert_cmpfloat (r.ci_high, <, 2.01);
  ib_paired_analyse (a, b, n, 0.95, 0.1, &paired);
  g_assert_cmpuint (paired.n, ==, n);
  g_assert_cmpfloat (paired.ci_low, >, 1.9);
  g_assert_cmpfloat (paired.ci_high, <, 2.1);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/pairwise/select-every-k", test_select_every_k);
  g_test_add_func ("/pairwise/intervals", test_intervals);
  g_test_add_func ("/pairwise/walsh", test_walsh);
  g_test_add_func ("/pairwise/mw-null-distribution", test_mw_null_distribution);
  g_test_add_func ("/pairwise/large", test_large);
  return g_test_run ();
}
