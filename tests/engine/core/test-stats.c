/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Statistics against hand-computed vectors (the arithmetic is in the
 * comments), ab percentiles, ratio verdicts and the PRNG. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <math.h>

#include "engine/ib-stats.h"

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

  ib_stats_compute (v, G_N_ELEMENTS (v), 7, &s);
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
  /* A bootstrap median is always one of the middle values of a resample,
   * so the interval lies within [min, max] and contains nothing odd. */
  g_assert_cmpfloat (s.ci_low_ns, >=, 1);
  g_assert_cmpfloat (s.ci_low_ns, <=, s.median_ns);
  g_assert_cmpfloat (s.ci_high_ns, >=, s.median_ns);
  g_assert_cmpfloat (s.ci_high_ns, <=, 100);
}

static void
test_stats_mild (void)
{
  const double v[] = { 10, 11, 12, 13, 14, 15, 16, 17, 18, 30 };
  IbStats s = { 0 };

  ib_stats_compute (v, G_N_ELEMENTS (v), 7, &s);
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

  ib_stats_compute (NULL, 0, 1, &s);
  g_assert_cmpuint (s.n, ==, 0);
  g_assert_cmpfloat (s.median_ns, ==, 0);

  ib_stats_compute (one, 1, 1, &s);
  g_assert_cmpuint (s.n, ==, 1);
  g_assert_cmpfloat (s.median_ns, ==, 42);
  g_assert_cmpfloat (s.ci_low_ns, ==, 42);
  g_assert_cmpfloat (s.ci_high_ns, ==, 42);
  g_assert_cmpfloat (s.stddev_ns, ==, 0);

  /* Constant data: every resample has median 5. */
  ib_stats_compute (same, 4, 1, &s);
  g_assert_cmpfloat (s.ci_low_ns, ==, 5);
  g_assert_cmpfloat (s.ci_high_ns, ==, 5);
  g_assert_cmpfloat (s.cv, ==, 0);
  g_assert_cmpuint (s.outliers_mild + s.outliers_severe, ==, 0);
}

static void
test_bootstrap_seeded (void)
{
  double v[40];
  IbStats a = { 0 }, b = { 0 }, c = { 0 };
  IbRng rng;

  ib_rng_init (&rng, 99);
  for (guint i = 0; i < G_N_ELEMENTS (v); i++)
    v[i] = 1000 + (double) ib_rng_below (&rng, 500);

  ib_stats_compute (v, G_N_ELEMENTS (v), 5, &a);
  ib_stats_compute (v, G_N_ELEMENTS (v), 5, &b);
  ib_stats_compute (v, G_N_ELEMENTS (v), 6, &c);
  /* Same seed, same interval, to the bit. */
  g_assert_cmpfloat (a.ci_low_ns, ==, b.ci_low_ns);
  g_assert_cmpfloat (a.ci_high_ns, ==, b.ci_high_ns);
  /* 40 values spread over 500: the CI is a real interval around the median. */
  g_assert_cmpfloat (a.ci_low_ns, <, a.median_ns);
  g_assert_cmpfloat (a.ci_high_ns, >, a.median_ns);
  g_assert_cmpfloat (c.ci_low_ns, <=, c.median_ns);
  g_assert_cmpfloat (c.ci_high_ns, >=, c.median_ns);
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
  const double y[] = { 10, 11, 12, 13, 14 };
  const double fast[] = { 100, 101, 102, 103, 104, 105 };
  const double slow[] = { 300, 310, 320, 330, 340, 350 };
  double r, lo, hi;

  /* median(b) / median(a) = 30 / 10 = 3; no spread, so the CI is [3, 3]. */
  g_assert_true (ib_stats_ratio (a, 3, b, 3, 1, &r, &lo, &hi));
  g_assert_cmpfloat_with_epsilon (r, 3, EPS);
  g_assert_cmpfloat_with_epsilon (lo, 3, EPS);
  g_assert_cmpfloat_with_epsilon (hi, 3, EPS);
  g_assert_true (ib_stats_ratio_is_clear (lo, hi));

  /* Same data: ratio 1, resampled medians 11..13 on both sides make the CI
   * span 1 -> cannot be told apart. */
  g_assert_true (ib_stats_ratio (x, 5, y, 5, 1, &r, &lo, &hi));
  g_assert_cmpfloat_with_epsilon (r, 1, EPS);
  g_assert_cmpfloat (lo, <, 1);
  g_assert_cmpfloat (hi, >, 1);
  g_assert_false (ib_stats_ratio_is_clear (lo, hi));

  /* medians 102.5 and 325: ratio 3.1707...; every resampled ratio lies in
   * [300/105, 350/100] = [2.857, 3.5], so clearly above 1. */
  g_assert_true (ib_stats_ratio (fast, 6, slow, 6, 1, &r, &lo, &hi));
  g_assert_cmpfloat_with_epsilon (r, 325.0 / 102.5, 1e-12);
  g_assert_cmpfloat (lo, >=, 300.0 / 105.0);
  g_assert_cmpfloat (hi, <=, 350.0 / 100.0);
  g_assert_true (ib_stats_ratio_is_clear (lo, hi));

  /* The other way round: below 1, also clear. */
  g_assert_true (ib_stats_ratio (slow, 6, fast, 6, 1, &r, &lo, &hi));
  g_assert_cmpfloat (hi, <, 1);
  g_assert_true (ib_stats_ratio_is_clear (lo, hi));

  g_assert_false (ib_stats_ratio (a, 0, b, 3, 1, &r, &lo, &hi));
  g_assert_false (ib_stats_ratio (a, 3, b, 0, 1, &r, &lo, &hi));
  g_assert_true (ib_stats_ratio_is_clear (1.2, 1.5));
  g_assert_true (ib_stats_ratio_is_clear (0.5, 0.8));
  g_assert_false (ib_stats_ratio_is_clear (0.9, 1.1));
  g_assert_false (ib_stats_ratio_is_clear (1.0, 1.4));
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
  g_test_add_func ("/stats/bootstrap/seeded", test_bootstrap_seeded);
  g_test_add_func ("/stats/percentile-ab", test_percentile_ab);
  g_test_add_func ("/stats/ratio", test_ratio);
  g_test_add_func ("/stats/report", test_report_statistics);

  return g_test_run ();
}
