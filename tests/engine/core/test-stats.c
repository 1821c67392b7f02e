/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Statistics against hand-computed vectors (the arithmetic is in the
 * comments), ab percentiles, ratio verdicts, which samples count, and the
 * PRNG. The simulations that check coverage are in test-verdict.c. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/measure/ib-measure.h"
#include "engine/stats/ib-stats.h"

#define EPS 1e-9

static void
test_rng_reference (void)
{
  IbRng rng;

  /* splitmix64 seeded with 0: the first four outputs published with the
   * reference implementation (prng.di.unimi.it) become the state. */
  ib_rng_init (&rng, 0);
  g_assert_cmphex (rng.s[0], ==, G_GUINT64_CONSTANT (0xe220a8397b1dcdaf));
  g_assert_cmphex (rng.s[1], ==, G_GUINT64_CONSTANT (0x6e789e6aa1b965f4));
  g_assert_cmphex (rng.s[2], ==, G_GUINT64_CONSTANT (0x06c45d188009454f));
  g_assert_cmphex (rng.s[3], ==, G_GUINT64_CONSTANT (0xf88bb8a8724c81ec));

  /* xoshiro256**: rotl (s1 * 5, 7) * 9, computed independently (Python
   * big-int arithmetic mod 2^64) from that state. */
  g_assert_cmphex (ib_rng_next (&rng), ==, G_GUINT64_CONSTANT (0x99ec5f36cb75f2b4));
  g_assert_cmphex (ib_rng_next (&rng), ==, G_GUINT64_CONSTANT (0xbf6e1f784956452a));
  g_assert_cmphex (ib_rng_next (&rng), ==, G_GUINT64_CONSTANT (0x1a5f849d4933e6e0));
}

static void
test_rng_below (void)
{
  IbRng a, b;
  guint counts[7] = { 0 };

  ib_rng_init (&a, 1234);
  ib_rng_init (&b, 1234);
  for (guint i = 0; i < 7000; i++)
    {
      guint64 x = ib_rng_below (&a, 7);

      g_assert_cmpuint (x, <, 7);
      g_assert_cmpuint (x, ==, ib_rng_below (&b, 7));
      counts[x]++;
    }
  /* Each residue expected 1000 times; 700..1300 is > 10 sigma wide. */
  for (guint i = 0; i < 7; i++)
    {
      g_assert_cmpuint (counts[i], >, 700);
      g_assert_cmpuint (counts[i], <, 1300);
    }
  g_assert_cmpuint (ib_rng_below (&a, 1), ==, 0);
  g_assert_cmpuint (ib_rng_below (&a, 0), ==, 0);
}

static void
test_quantiles (void)
{
  const double v[] = { 1, 2, 3, 4 };

  /* Type 7: h = (n - 1) q.  q = 0.1: h = 0.3 -> 1 + 0.3 (2 - 1) = 1.3 */
  g_assert_cmpfloat_with_epsilon (ib_quantile_sorted (v, 4, 0.1), 1.3, EPS);
  /* q = 0.5: h = 1.5 -> 2 + 0.5 (3 - 2) = 2.5 */
  g_assert_cmpfloat_with_epsilon (ib_quantile_sorted (v, 4, 0.5), 2.5, EPS);
  /* q = 0.25: h = 0.75 -> 1.75;  q = 0.75: h = 2.25 -> 3.25 */
  g_assert_cmpfloat_with_epsilon (ib_quantile_sorted (v, 4, 0.25), 1.75, EPS);
  g_assert_cmpfloat_with_epsilon (ib_quantile_sorted (v, 4, 0.75), 3.25, EPS);
  g_assert_cmpfloat_with_epsilon (ib_quantile_sorted (v, 4, 0.0), 1.0, EPS);
  g_assert_cmpfloat_with_epsilon (ib_quantile_sorted (v, 4, 1.0), 4.0, EPS);
  g_assert_cmpfloat_with_epsilon (ib_quantile_sorted (v, 1, 0.7), 1.0, EPS);
  g_assert_cmpfloat_with_epsilon (ib_quantile_sorted (NULL, 0, 0.5), 0.0, EPS);
}

static void
test_stats_severe (void)
{
  /* Unsorted on purpose. Sorted: 1 2 3 4 100. */
  const double v[] = { 4, 100, 1, 3, 2 };
  IbStats s = { 0 };

  ib_stats_compute (v, G_N_ELEMENTS (v), &s);
  g_assert_cmpuint (s.n, ==, 5);
  g_assert_cmpfloat_with_epsilon (s.min_ns, 1, EPS);
  g_assert_cmpfloat_with_epsilon (s.max_ns, 100, EPS);
  /* mean = 110 / 5 = 22 */
  g_assert_cmpfloat_with_epsilon (s.mean_ns, 22, EPS);
  g_assert_cmpfloat_with_epsilon (s.median_ns, 3, EPS);
  /* q1: h = 4 * 0.25 = 1 -> x[1] = 2;  q3: h = 3 -> x[3] = 4 */
  g_assert_cmpfloat_with_epsilon (s.q1_ns, 2, EPS);
  g_assert_cmpfloat_with_epsilon (s.q3_ns, 4, EPS);
  /* deviations from 22: -21 -20 -19 -18 78; squares 441 + 400 + 361 + 324 +
   * 6084 = 7610; / (n - 1) = 1902.5; sqrt = 43.6176569751... */
  g_assert_cmpfloat_with_epsilon (s.stddev_ns, 43.617656975128774, 1e-9);
  /* cv = 43.6176569751 / 22 = 1.98262077159... */
  g_assert_cmpfloat_with_epsilon (s.cv, 1.9826207715967625, 1e-9);
  /* |x - 3| = 2 1 0 1 97 -> sorted 0 1 1 2 97 -> MAD (unscaled) = 1 */
  g_assert_cmpfloat_with_epsilon (s.mad_ns, 1, EPS);
  /* IQR = 2: mild fences [-1, 7], severe fences [-4, 10]; 100 > 10. */
  g_assert_cmpuint (s.outliers_severe, ==, 1);
  g_assert_cmpuint (s.outliers_mild, ==, 0);
  /* n = 5: no order-statistic interval reaches 95 %, so [min, max] with
   * its own coverage 1 - 2 / 2^5 = 0.9375. */
  g_assert_cmpfloat (s.ci_low_ns, ==, 1);
  g_assert_cmpfloat (s.ci_high_ns, ==, 100);
  g_assert_cmpfloat_with_epsilon (s.ci_level, 0.9375, EPS);
  g_assert_cmpint (s.ci_method, ==, IB_CI_ORDER_STATISTIC);
}

static void
test_stats_mild (void)
{
  const double v[] = { 10, 11, 12, 13, 14, 15, 16, 17, 18, 30 };
  IbStats s = { 0 };

  ib_stats_compute (v, G_N_ELEMENTS (v), &s);
  /* sum 10..18 = 126, + 30 = 156; mean = 15.6 */
  g_assert_cmpfloat_with_epsilon (s.mean_ns, 15.6, EPS);
  /* median: h = 9 * 0.5 = 4.5 -> (14 + 15) / 2 = 14.5 */
  g_assert_cmpfloat_with_epsilon (s.median_ns, 14.5, EPS);
  /* q1: h = 2.25 -> 12 + 0.25 = 12.25;  q3: h = 6.75 -> 16 + 0.75 = 16.75 */
  g_assert_cmpfloat_with_epsilon (s.q1_ns, 12.25, EPS);
  g_assert_cmpfloat_with_epsilon (s.q3_ns, 16.75, EPS);
  /* IQR 4.5: mild upper fence 16.75 + 6.75 = 23.5, severe 16.75 + 13.5 =
   * 30.25; 30 is mild, not severe. */
  g_assert_cmpuint (s.outliers_mild, ==, 1);
  g_assert_cmpuint (s.outliers_severe, ==, 0);
  /* |x - 14.5| = 4.5 3.5 2.5 1.5 .5 .5 1.5 2.5 3.5 15.5; sorted
   * .5 .5 1.5 1.5 2.5 2.5 3.5 3.5 4.5 15.5 -> median 2.5 */
  g_assert_cmpfloat_with_epsilon (s.mad_ns, 2.5, EPS);
}

static void
test_stats_small (void)
{
  const double one[] = { 42 };
  const double same[] = { 5, 5, 5, 5 };
  IbStats s = { 0 };

  ib_stats_compute (NULL, 0, &s);
  g_assert_cmpuint (s.n, ==, 0);
  g_assert_cmpfloat (s.median_ns, ==, 0);

  ib_stats_compute (one, 1, &s);
  g_assert_cmpuint (s.n, ==, 1);
  g_assert_cmpfloat (s.median_ns, ==, 42);
  g_assert_cmpfloat (s.ci_low_ns, ==, 42);
  g_assert_cmpfloat (s.ci_high_ns, ==, 42);
  g_assert_cmpfloat (s.ci_level, ==, 0);
  g_assert_cmpfloat (s.stddev_ns, ==, 0);

  /* Constant data: every order statistic is 5. */
  ib_stats_compute (same, 4, &s);
  g_assert_cmpfloat (s.ci_low_ns, ==, 5);
  g_assert_cmpfloat (s.ci_high_ns, ==, 5);
  g_assert_cmpfloat (s.cv, ==, 0);
  g_assert_cmpuint (s.outliers_mild + s.outliers_severe, ==, 0);
}

static void
test_median_interval (void)
{
  double v[20];
  double lo, hi, level;

  for (guint i = 0; i < G_N_ELEMENTS (v); i++)
    v[i] = i + 1;  /* sorted: x(i) = i */

  /* n = 2: [min, max], coverage 1 - 2 / 4 = 0.5 */
  level = ib_median_interval (v, 2, &lo, &hi);
  g_assert_cmpfloat_with_epsilon (level, 0.5, EPS);
  g_assert_cmpfloat (lo, ==, 1);
  g_assert_cmpfloat (hi, ==, 2);
  /* n = 5: 1 - 2 / 32 = 0.9375, the best there is */
  level = ib_median_interval (v, 5, &lo, &hi);
  g_assert_cmpfloat_with_epsilon (level, 0.9375, EPS);
  g_assert_cmpfloat (lo, ==, 1);
  g_assert_cmpfloat (hi, ==, 5);
  /* n = 6: k = 1 gives 1 - 2 / 64 = 0.96875; k = 2 would give
   * 1 - 2 (1 + 6) / 64 = 0.78 < 0.95 */
  level = ib_median_interval (v, 6, &lo, &hi);
  g_assert_cmpfloat_with_epsilon (level, 0.96875, EPS);
  g_assert_cmpfloat (lo, ==, 1);
  g_assert_cmpfloat (hi, ==, 6);
  /* n = 10: P(Bin <= 1) = 11 / 1024 -> k = 2, coverage 1 - 22 / 1024;
   * P(Bin <= 2) = 56 / 1024 -> k = 3 would cover 0.89 only */
  level = ib_median_interval (v, 10, &lo, &hi);
  g_assert_cmpfloat_with_epsilon (level, 1.0 - 22.0 / 1024, EPS);
  g_assert_cmpfloat (lo, ==, 2);
  g_assert_cmpfloat (hi, ==, 9);
  /* n = 20: P(Bin <= 5) = (1 + 20 + 190 + 1140 + 4845 + 15504) / 2^20
   * = 21700 / 1048576 -> k = 6, coverage 1 - 43400 / 1048576 = 0.9586;
   * P(Bin <= 6) adds 38760 -> 0.885 */
  level = ib_median_interval (v, 20, &lo, &hi);
  g_assert_cmpfloat_with_epsilon (level, 1.0 - 43400.0 / 1048576, EPS);
  g_assert_cmpfloat (lo, ==, 6);
  g_assert_cmpfloat (hi, ==, 15);
}

/* The quadratic sum the interval's k used to come from: every CDF summed
 * from 0 again. The incremental, cached one must give the same bits. */
static double
reference_coverage (guint n)
{
  guint  k = 1;
  double coverage;

  if (n < 2)
    return 0.0;
  for (;;)
    {
      double cdf[2] = { 0.0, 0.0 };

      for (guint c = 0; c < 2; c++)
        for (guint i = 0; i <= k - 1 + c && i <= n; i++)
          cdf[c] += exp (lgamma (n + 1.0) - lgamma (i + 1.0) - lgamma (n - i + 1.0) - n * G_LN2);
      coverage = 1.0 - 2.0 * MIN (cdf[0], 1.0);
      if (k + 1 > (n + 1) / 2 || 1.0 - 2.0 * MIN (cdf[1], 1.0) < IB_CI_TARGET)
        return MAX (coverage, 0.0);
      k++;
    }
}

static void
test_median_interval_reference (void)
{
  const guint big[] = { 100, 257, 500, 1000, 1024, 1025, 1500 };

  for (guint n = 0; n <= 64; n++)
    g_assert_cmpfloat (ib_median_coverage (n), ==, reference_coverage (n));
  for (guint i = 0; i < G_N_ELEMENTS (big); i++)
    {
      /* Twice: computed, then from the cache (none above 1024). */
      g_assert_cmpfloat (ib_median_coverage (big[i]), ==, reference_coverage (big[i]));
      g_assert_cmpfloat (ib_median_coverage (big[i]), ==, reference_coverage (big[i]));
    }
}

static int
cmp_double (const void *a,
            const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

/* Medians are taken by selection, not sorting: the MAD (a median of
 * deviations from the median) equals the sorted reference exactly, for odd
 * and even counts, with and without ties. */
static void
test_median_selection (void)
{
  IbRng rng;

  ib_rng_init (&rng, 42);
  for (guint n = 1; n <= 80; n++)
    for (guint ties = 0; ties < 2; ties++)
      {
        g_autofree double *v = g_new (double, n);
        g_autofree double *sorted = g_new (double, n);
        g_autofree double *dev = g_new (double, n);
        double             median;
        IbStats            st;

        for (guint i = 0; i < n; i++)
          v[i] = (double) ib_rng_below (&rng, ties ? 5 : 1000000);
        memcpy (sorted, v, sizeof (double) * n);
        qsort (sorted, n, sizeof (double), cmp_double);
        median = ib_quantile_sorted (sorted, n, 0.5);
        for (guint i = 0; i < n; i++)
          dev[i] = fabs (sorted[i] - median);
        qsort (dev, n, sizeof (double), cmp_double);
        ib_stats_compute (v, n, &st);
        g_assert_cmpfloat (st.median_ns, ==, median);
        g_assert_cmpfloat (st.mad_ns, ==, ib_quantile_sorted (dev, n, 0.5));
      }
}

static void
test_percentile_ab (void)
{
  const gint64 four[] = { 10, 20, 30, 40 };
  const gint64 nine[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9 };

  /* index = n * p / 100 (integer), clamped to n - 1 */
  g_assert_cmpint (ib_percentile_ab (four, 4, 0), ==, 10);   /* 0 */
  g_assert_cmpint (ib_percentile_ab (four, 4, 50), ==, 30);  /* 200 / 100 = 2 */
  g_assert_cmpint (ib_percentile_ab (four, 4, 66), ==, 30);  /* 264 / 100 = 2 */
  g_assert_cmpint (ib_percentile_ab (four, 4, 75), ==, 40);  /* 300 / 100 = 3 */
  g_assert_cmpint (ib_percentile_ab (four, 4, 100), ==, 40); /* 4 -> clamped 3 */
  g_assert_cmpint (ib_percentile_ab (nine, 9, 50), ==, 5);   /* 450 / 100 = 4 */
  g_assert_cmpint (ib_percentile_ab (nine, 9, 66), ==, 6);   /* 594 / 100 = 5 */
  g_assert_cmpint (ib_percentile_ab (nine, 9, 99), ==, 9);   /* 891 / 100 = 8 */
  g_assert_cmpint (ib_percentile_ab (nine, 1, 99), ==, 1);
  g_assert_cmpint (ib_percentile_ab (NULL, 0, 50), ==, 0);
}

static void
test_ratio (void)
{
  const double a[] = { 10, 10, 10 };
  const double b[] = { 30, 30, 30 };
  const double x[] = { 10, 11, 12, 13, 14 };
  const double y[] = { 14, 12, 10, 13, 11 };
  const double fast[] = { 100, 101, 102, 103, 104, 105 };
  const double slow[] = { 300, 310, 320, 330, 340, 350 };
  const double five_a[] = { 10, 11, 12, 13, 14 };
  const double five_b[] = { 14, 15, 16, 17, 18 };
  const double zero[] = { 10, 0, 10, 10, 10 };
  IbRatio r;

  /* median(b) / median(a) = 3, every pairwise ratio is 3, but three samples
   * a side are too few for a verdict. */
  ib_stats_ratio (a, 3, b, 3, &r);
  g_assert_cmpint (r.verdict, ==, IB_RATIO_TOO_FEW);
  g_assert_false (ib_ratio_is_clear (&r));
  g_assert_cmpfloat_with_epsilon (r.ratio, 3, EPS);
  g_assert_cmpuint (r.na, ==, 3);
  g_assert_cmpuint (r.nb, ==, 3);

  /* Same data (another order): ratio 1; 5 and 5 -> the interval is the 3rd
   * smallest and 3rd largest of the 25 pairwise ratios (P(U <= 2) = 4 / 252
   * <= 0.025 < P(U <= 3) = 7 / 252), coverage 1 - 8 / 252. The pairwise
   * ratios y / x run from 10 / 14 up; the 3rd smallest is 11 / 14 (after
   * 10 / 14 and 10 / 13), the 3rd largest 14 / 11. */
  ib_stats_ratio (x, 5, y, 5, &r);
  g_assert_cmpint (r.verdict, ==, IB_RATIO_SAME);
  g_assert_cmpfloat_with_epsilon (r.ratio, 1, EPS);
  g_assert_cmpfloat_with_epsilon (r.ci_low, 11.0 / 14, EPS);
  g_assert_cmpfloat_with_epsilon (r.ci_high, 14.0 / 11, EPS);
  g_assert_cmpfloat_with_epsilon (r.ci_level, 1.0 - 8.0 / 252, EPS);

  /* Overlapping by one value (14): pairwise ratios five_b / five_a; the 3rd
   * smallest is 14 / 13 = 1.077 (after 14 / 14 = 1 and 15 / 14 = 1.071): the
   * interval excludes 1 -> a is faster. */
  ib_stats_ratio (five_a, 5, five_b, 5, &r);
  g_assert_cmpint (r.verdict, ==, IB_RATIO_A_FASTER);
  g_assert_cmpfloat_with_epsilon (r.ratio, 16.0 / 12, EPS);
  g_assert_cmpfloat_with_epsilon (r.ci_low, 14.0 / 13, EPS);
  g_assert_true (ib_ratio_is_clear (&r));

  /* medians 102.5 and 325: ratio 3.1707...; 6 and 6 -> every pairwise ratio
   * lies in [300/105, 350/100], so clearly above 1. */
  ib_stats_ratio (fast, 6, slow, 6, &r);
  g_assert_cmpint (r.verdict, ==, IB_RATIO_A_FASTER);
  g_assert_cmpfloat_with_epsilon (r.ratio, 325.0 / 102.5, 1e-12);
  g_assert_cmpfloat (r.ci_low, >=, 300.0 / 105.0);
  g_assert_cmpfloat (r.ci_high, <=, 350.0 / 100.0);
  g_assert_cmpfloat (r.ci_level, >=, 0.95);

  /* The other way round: below 1. */
  ib_stats_ratio (slow, 6, fast, 6, &r);
  g_assert_cmpint (r.verdict, ==, IB_RATIO_B_FASTER);
  g_assert_cmpfloat (r.ci_high, <, 1);

  /* No data: an empty side, or a time that is not positive. */
  ib_stats_ratio (a, 0, b, 3, &r);
  g_assert_cmpint (r.verdict, ==, IB_RATIO_NO_DATA);
  ib_stats_ratio (a, 3, b, 0, &r);
  g_assert_cmpint (r.verdict, ==, IB_RATIO_NO_DATA);
  ib_stats_ratio (zero, 5, five_b, 5, &r);
  g_assert_cmpint (r.verdict, ==, IB_RATIO_NO_DATA);
}

/* Large sides take the normal approximation of U: 150 a side (22,500 pairs),
 * one value apart from each other in order, the interval must still be a
 * proper one of at least 95 % with the point inside. */
static void
test_ratio_large (void)
{
  g_autofree double *a = g_new (double, 150);
  g_autofree double *b = g_new (double, 150);
  IbRatio r;

  for (guint i = 0; i < 150; i++)
    {
      a[i] = 1000 + i;
      b[i] = 1000 + i;
    }
  ib_stats_ratio (a, 150, b, 150, &r);
  g_assert_cmpint (r.verdict, ==, IB_RATIO_SAME);
  g_assert_cmpfloat (r.ci_low, <, 1);
  g_assert_cmpfloat (r.ci_high, >, 1);
  /* the approximation targets 95 %; it may land a hair below or above */
  g_assert_cmpfloat (r.ci_level, >=, 0.949);
  g_assert_cmpfloat (r.ci_level, <=, 0.96);

  for (guint i = 0; i < 150; i++)
    b[i] = 1.2 * a[i];
  ib_stats_ratio (a, 150, b, 150, &r);
  g_assert_cmpint (r.verdict, ==, IB_RATIO_A_FASTER);
  g_assert_cmpfloat (r.ci_low, <=, 1.2);
  g_assert_cmpfloat (r.ci_high, >=, 1.2);
}

static void
add_sample (IbReport   *report,
            const char *strategy,
            gboolean    warmup,
            gboolean    ok,
            gint64      wall_ns,
            gint64      user_ns)
{
  IbSample s = { 0 };

  s.strategy = g_strdup (strategy);
  s.warmup = warmup;
  s.ok = ok;
  s.error = ok ? NULL : g_strdup ("boom");
  s.wall_ns = wall_ns;
  s.user_ns = user_ns;
  s.sys_ns = user_ns / 2;
  s.bytes = 1024 * 1024;
  s.cache_ok = TRUE;
  g_array_append_val (report->samples, s);
}

static void
test_report_statistics (void)
{
  g_autoptr(IbReport) report = ib_report_new ();
  g_autoptr(GArray) times = NULL;
  const IbStats *a, *b;

  g_ptr_array_add (report->plan->strategies, g_strdup ("alpha"));
  g_ptr_array_add (report->plan->strategies, g_strdup ("beta"));
  add_sample (report, "alpha", TRUE, TRUE, 5000000, 90);    /* warm-up: excluded */
  add_sample (report, "beta", FALSE, TRUE, 1000000000, 10);
  add_sample (report, "alpha", FALSE, TRUE, 3000000, 30);
  add_sample (report, "alpha", FALSE, FALSE, 1, 1);         /* failed: counted */
  add_sample (report, "alpha", FALSE, TRUE, 1000000, 10);
  add_sample (report, "alpha", FALSE, TRUE, 2000000, 20);

  ib_report_compute_statistics (report);
  g_assert_cmpuint (report->statistics->len, ==, 2);
  a = &g_array_index (report->statistics, IbStats, 0);
  b = &g_array_index (report->statistics, IbStats, 1);
  g_assert_cmpstr (a->strategy, ==, "alpha");
  g_assert_cmpstr (b->strategy, ==, "beta");
  g_assert_true (ib_report_find_stats (report, "beta") == b);

  /* alpha: 1, 2, 3 ms measured and ok -> n 3, median 2 ms, 1 failure. */
  g_assert_cmpuint (a->n, ==, 3);
  g_assert_cmpuint (a->n_failed, ==, 1);
  g_assert_cmpfloat_with_epsilon (a->median_ns, 2000000, EPS);
  g_assert_cmpfloat_with_epsilon (a->min_ns, 1000000, EPS);
  g_assert_cmpfloat_with_epsilon (a->max_ns, 3000000, EPS);
  /* 1 MiB in 2 ms = 500 MiB/s; median user 20 ns, sys 10 ns */
  g_assert_cmpfloat_with_epsilon (a->mib_per_s, 500, 1e-9);
  g_assert_cmpfloat_with_epsilon (a->user_ns, 20, EPS);
  g_assert_cmpfloat_with_epsilon (a->sys_ns, 10, EPS);

  /* beta: one sample of 1 s -> 1 MiB/s, CI collapses to the median. */
  g_assert_cmpuint (b->n, ==, 1);
  g_assert_cmpfloat_with_epsilon (b->mib_per_s, 1, 1e-12);
  g_assert_cmpfloat (b->ci_low_ns, ==, b->median_ns);

  times = ib_report_wall_times (report, "alpha");
  g_assert_cmpuint (times->len, ==, 3);
  g_assert_cmpfloat (g_array_index (times, double, 0), ==, 3000000);

  /* Recomputing replaces, not appends. */
  ib_report_compute_statistics (report);
  g_assert_cmpuint (report->statistics->len, ==, 2);
}

/* Samples whose cache state missed the plan's mode are left out of every
 * statistic, kept in samples with their reason, and counted. */
static void
test_report_excluded (void)
{
  g_autoptr(IbReport) report = ib_report_new ();
  g_autoptr(GArray) times = NULL;
  const IbStats *a, *b;
  const IbSample *s;
  IbRatio r;

  report->plan->cache = IB_CACHE_COLD;
  g_ptr_array_add (report->plan->strategies, g_strdup ("alpha"));
  g_ptr_array_add (report->plan->strategies, g_strdup ("beta"));
  for (guint i = 0; i < 6; i++)
    {
      add_sample (report, "alpha", FALSE, TRUE, 1000 + i, 10);
      add_sample (report, "beta", FALSE, TRUE, 5000 + i, 10);
    }
  /* Three alpha samples were served from the cache: 1 ns each, which would
   * drag the median down if they counted. Every beta sample missed. */
  for (guint i = 0; i < report->samples->len; i++)
    {
      IbSample *m = &g_array_index (report->samples, IbSample, i);

      if ((g_str_equal (m->strategy, "alpha") && i < 6) || g_str_equal (m->strategy, "beta"))
        {
          m->cache_ok = FALSE;
          if (g_str_equal (m->strategy, "alpha"))
            m->wall_ns = 1;
        }
    }
  ib_report_compute_statistics (report);
  a = ib_report_find_stats (report, "alpha");
  b = ib_report_find_stats (report, "beta");

  /* alpha: samples 0, 2, 4 (1 ns) excluded; 1003, 1004, 1005 remain */
  g_assert_cmpuint (a->n, ==, 3);
  g_assert_cmpuint (a->n_excluded, ==, 3);
  g_assert_cmpuint (a->n_failed, ==, 0);
  g_assert_cmpfloat (a->median_ns, ==, 1004);
  g_assert_cmpfloat (a->min_ns, ==, 1003);
  s = &g_array_index (report->samples, IbSample, 0);
  g_assert_cmpstr (s->excluded, ==, IB_EXCLUDED_NOT_COLD);
  g_assert_false (ib_sample_is_valid (s));
  s = &g_array_index (report->samples, IbSample, 6);
  g_assert_null (s->excluded);
  g_assert_true (ib_sample_is_valid (s));

  /* beta: all excluded -> no statistics at all */
  g_assert_cmpuint (b->n, ==, 0);
  g_assert_cmpuint (b->n_excluded, ==, 6);
  g_assert_cmpfloat (b->median_ns, ==, 0);
  times = ib_report_wall_times (report, "beta");
  g_assert_cmpuint (times->len, ==, 0);
  ib_report_ratio (report, "alpha", report, "beta", &r);
  g_assert_cmpint (r.verdict, ==, IB_RATIO_NO_DATA);

  /* The same sample in a warm plan is "not warm"; as-is never excludes. */
  report->plan->cache = IB_CACHE_WARM;
  ib_report_compute_statistics (report);
  g_assert_cmpstr (g_array_index (report->samples, IbSample, 0).excluded, ==,
                   IB_EXCLUDED_NOT_WARM);
  report->plan->cache = IB_CACHE_AS_IS;
  ib_report_compute_statistics (report);
  g_assert_null (g_array_index (report->samples, IbSample, 0).excluded);
  g_assert_cmpuint (ib_report_find_stats (report, "beta")->n, ==, 6);
}

/* Contended samples (waited for a CPU beyond the share, flag set with
 * injected numbers) leave the statistics only when at least 5 uncontended
 * ones remain; the row says how many were contended and whether they were
 * left out; IB_STATS_KEEP_CONTENDED keeps them. */
static void
test_report_contended (void)
{
  g_autoptr(IbReport) report = ib_report_new ();
  const IbStats *a, *b;
  guint n_contended = 0, n_measured = 0;
  double share;

  report->plan->cache = IB_CACHE_AS_IS;
  g_ptr_array_add (report->plan->strategies, g_strdup ("alpha"));
  g_ptr_array_add (report->plan->strategies, g_strdup ("beta"));
  /* alpha: 5 calm samples of ~1000 ns and 3 contended ones of 9000 ns;
   * beta: 4 calm and 2 contended: too few calm ones to leave any out. */
  for (guint i = 0; i < 8; i++)
    add_sample (report, "alpha", FALSE, TRUE, i < 5 ? 1000 + i : 9000, 10);
  for (guint i = 0; i < 6; i++)
    add_sample (report, "beta", FALSE, TRUE, i < 4 ? 2000 + i : 9000, 10);
  add_sample (report, "alpha", TRUE, TRUE, 50000, 10);   /* a warm-up never counts */
  for (guint i = 0; i < report->samples->len; i++)
    {
      IbSample *m = &g_array_index (report->samples, IbSample, i);

      m->runq_wait_ns = m->wall_ns == 9000 ? 4500 : 10;
      m->cpus_busy_ns = -1;
      m->max_in_flight = 1;
      m->contended = ib_measure_is_contended (m);
    }
  g_assert_true (g_array_index (report->samples, IbSample, 5).contended);
  g_assert_false (g_array_index (report->samples, IbSample, 0).contended);

  share = ib_report_contention (report, "alpha", &n_contended, &n_measured);
  g_assert_cmpuint (n_contended, ==, 3);
  g_assert_cmpuint (n_measured, ==, 8);
  g_assert_cmpfloat (share, ==, 3.0 / 8.0);
  share = ib_report_contention (report, NULL, &n_contended, &n_measured);
  g_assert_cmpuint (n_contended, ==, 5);
  g_assert_cmpuint (n_measured, ==, 14);

  ib_report_compute_statistics (report);
  a = ib_report_find_stats (report, "alpha");
  b = ib_report_find_stats (report, "beta");
  g_assert_cmpuint (a->n, ==, 5);
  g_assert_cmpuint (a->n_excluded, ==, 3);
  g_assert_cmpuint (a->n_contended, ==, 3);
  g_assert_true (a->contended_excluded);
  g_assert_cmpfloat (a->max_ns, ==, 1004);
  g_assert_cmpstr (g_array_index (report->samples, IbSample, 5).excluded, ==,
                   IB_EXCLUDED_CONTENDED);
  g_assert_cmpstr (ib_excluded_describe (IB_EXCLUDED_CONTENDED), ==, "contended");
  g_assert_cmpuint (b->n, ==, 6);
  g_assert_cmpuint (b->n_excluded, ==, 0);
  g_assert_cmpuint (b->n_contended, ==, 2);
  g_assert_false (b->contended_excluded);

  ib_report_compute_statistics_full (report, IB_STATS_KEEP_CONTENDED);
  a = ib_report_find_stats (report, "alpha");
  g_assert_cmpuint (a->n, ==, 8);
  g_assert_cmpuint (a->n_excluded, ==, 0);
  g_assert_cmpuint (a->n_contended, ==, 3);
  g_assert_false (a->contended_excluded);
  g_assert_null (g_array_index (report->samples, IbSample, 5).excluded);
}

static void
assert_rows_equal (const IbStats *a,
                   const IbStats *b)
{
  g_assert_cmpstr (a->strategy, ==, b->strategy);
  g_assert_cmpuint (a->n, ==, b->n);
  g_assert_cmpuint (a->n_failed, ==, b->n_failed);
  g_assert_cmpuint (a->n_excluded, ==, b->n_excluded);
  g_assert_cmpuint (a->n_contended, ==, b->n_contended);
  g_assert_cmpint (a->contended_excluded, ==, b->contended_excluded);
  g_assert_cmpfloat (a->median_ns, ==, b->median_ns);
  g_assert_cmpfloat (a->ci_low_ns, ==, b->ci_low_ns);
  g_assert_cmpfloat (a->ci_high_ns, ==, b->ci_high_ns);
  g_assert_cmpfloat (a->ci_level, ==, b->ci_level);
  g_assert_cmpfloat (a->mean_ns, ==, b->mean_ns);
  g_assert_cmpfloat (a->user_ns, ==, b->user_ns);
  g_assert_cmpfloat (a->mib_per_s, ==, b->mib_per_s);
}

/* The runner updates one strategy's row per sample: after every sample
 * (warm-up, failed, cache missed, contended ones among them) the rows equal
 * a full computation's, in the plan's order. */
static void
test_report_update (void)
{
  g_autoptr (IbReport) live = ib_report_new ();
  g_autoptr (IbReport) full = ib_report_new ();
  const char *names[] = { "alpha", "beta", "gamma" };

  live->plan->cache = full->plan->cache = IB_CACHE_WARM;
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_ptr_array_add (live->plan->strategies, g_strdup (names[i]));
      g_ptr_array_add (full->plan->strategies, g_strdup (names[i]));
    }
  for (guint i = 0; i < 40; i++)
    {
      const char *name = names[(i * 7) % 3];
      IbReport   *reports[2] = { live, full };

      for (guint r = 0; r < 2; r++)
        {
          IbSample *m;

          add_sample (reports[r], name, i < 3, i % 11 != 5, 1000 + (i * 37) % 101, i);
          m = &g_array_index (reports[r]->samples, IbSample, reports[r]->samples->len - 1);
          m->cache_ok = i % 13 != 4;
          m->contended = i % 4 == 0;
        }
      ib_report_update_statistics (live, name);
      ib_report_compute_statistics (full);
      g_assert_cmpuint (live->statistics->len, ==, full->statistics->len);
      for (guint k = 0; k < full->statistics->len; k++)
        assert_rows_equal (&g_array_index (live->statistics, IbStats, k),
                           &g_array_index (full->statistics, IbStats, k));
      for (guint k = 0; k < full->samples->len; k++)
        g_assert_true (g_array_index (live->samples, IbSample, k).excluded ==
                       g_array_index (full->samples, IbSample, k).excluded);
    }
  /* Contended samples were left out of at least one row on the way. */
  g_assert_true (ib_report_find_stats (live, "alpha")->contended_excluded ||
                 ib_report_find_stats (live, "beta")->contended_excluded ||
                 ib_report_find_stats (live, "gamma")->contended_excluded);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/stats/rng/reference", test_rng_reference);
  g_test_add_func ("/stats/rng/below", test_rng_below);
  g_test_add_func ("/stats/quantiles", test_quantiles);
  g_test_add_func ("/stats/compute/severe", test_stats_severe);
  g_test_add_func ("/stats/compute/mild", test_stats_mild);
  g_test_add_func ("/stats/compute/small", test_stats_small);
  g_test_add_func ("/stats/median-interval", test_median_interval);
  g_test_add_func ("/stats/median-interval/reference", test_median_interval_reference);
  g_test_add_func ("/stats/median-selection", test_median_selection);
  g_test_add_func ("/stats/percentile-ab", test_percentile_ab);
  g_test_add_func ("/stats/ratio", test_ratio);
  g_test_add_func ("/stats/ratio/large", test_ratio_large);
  g_test_add_func ("/stats/report", test_report_statistics);
  g_test_add_func ("/stats/report/excluded", test_report_excluded);
  g_test_add_func ("/stats/report/contended", test_report_contended);
  g_test_add_func ("/stats/report/update", test_report_update);

  return g_test_run ();
}
