/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-stats.c: descriptive statistics, bootstrap intervals and the seeded PRNG
 * (DESIGN.md section 6). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ib-responsiveness.h"
#include "ib-stats.h"

/* ---- PRNG ---------------------------------------------------------------- */

/* splitmix64 (Vigna): expands one 64-bit seed into the four words of the
 * xoshiro state, so nearby seeds give unrelated streams and the state is never
 * all zero. */
static guint64
splitmix64 (guint64 *x)
{
  guint64 z = (*x += G_GUINT64_CONSTANT (0x9e3779b97f4a7c15));

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return z ^ (z >> 31);
}

void
ib_rng_init (IbRng   *rng,
             guint64  seed)
{
  guint64 x = seed;

  g_return_if_fail (rng != NULL);

  for (guint i = 0; i < 4; i++)
    rng->s[i] = splitmix64 (&x);
}

static inline guint64
rotl (guint64 x,
      int     k)
{
  return (x << k) | (x >> (64 - k));
}

/* xoshiro256** 1.0 (Blackman & Vigna). */
guint64
ib_rng_next (IbRng *rng)
{
  guint64 *s = rng->s;
  guint64 result = rotl (s[1] * 5, 7) * 9;
  guint64 t = s[1] << 17;

  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl (s[3], 45);
  return result;
}

guint64
ib_rng_below (IbRng   *rng,
              guint64  bound)
{
  guint64 threshold;

  if (bound <= 1)
    return 0;

  /* Reject the lowest (2^64 mod bound) values so every residue is equally
   * likely: no modulo bias. */
  threshold = (0 - bound) % bound;
  for (;;)
    {
      guint64 r = ib_rng_next (rng);

      if (r >= threshold)
        return r % bound;
    }
}

/* ---- quantiles --------------------------------------------------------- */

static int
compare_double (const void *a,
                const void *b)
{
  double x = *(const double *) a;
  double y = *(const double *) b;

  return (x > y) - (x < y);
}

double
ib_quantile_sorted (const double *sorted,
                    guint         n,
                    double        q)
{
  double h;
  guint lo;

  g_return_val_if_fail (sorted != NULL || n == 0, 0.0);

  if (n == 0)
    return 0.0;
  if (n == 1 || q <= 0.0)
    return sorted[0];
  if (q >= 1.0)
    return sorted[n - 1];

  /* Type 7: h = (n - 1) q, interpolate between x[floor h] and x[floor h + 1]. */
  h = (n - 1) * q;
  lo = (guint) floor (h);
  if (lo >= n - 1)
    return sorted[n - 1];
  return sorted[lo] + (h - lo) * (sorted[lo + 1] - sorted[lo]);
}

/* ApacheBench (ab.c, output_results) prints, for each percentile p, the
 * element at index (n * p / 100) of the sorted times, clamped to n - 1 (so
 * "100 %" is the maximum and "50 %" of 4 values is the 3rd, not an
 * interpolation). Integer arithmetic, as ab does. */
gint64
ib_percentile_ab (const gint64 *sorted,
                  guint         n,
                  guint         percent)
{
  guint64 index;

  g_return_val_if_fail (sorted != NULL || n == 0, 0);

  if (n == 0)
    return 0;
  index = ((guint64) n * percent) / 100;
  if (index >= n)
    index = n - 1;
  return sorted[index];
}

static double
median_of (double *values,
           guint   n)
{
  qsort (values, n, sizeof (double), compare_double);
  return ib_quantile_sorted (values, n, 0.5);
}

/* Percentile bootstrap of the median of @values: @IB_BOOTSTRAP_RESAMPLES
 * resamples with replacement, the 2.5th and 97.5th percentiles (type 7) of
 * their medians. */
static void
bootstrap_median_ci (const double *values,
                     guint         n,
                     guint64       seed,
                     double       *low,
                     double       *high)
{
  g_autofree double *medians = g_new (double, IB_BOOTSTRAP_RESAMPLES);
  g_autofree double *resample = g_new (double, n);
  IbRng rng;

  ib_rng_init (&rng, seed);
  for (guint r = 0; r < IB_BOOTSTRAP_RESAMPLES; r++)
    {
      for (guint i = 0; i < n; i++)
        resample[i] = values[ib_rng_below (&rng, n)];
      medians[r] = median_of (resample, n);
    }
  qsort (medians, IB_BOOTSTRAP_RESAMPLES, sizeof (double), compare_double);
  *low = ib_quantile_sorted (medians, IB_BOOTSTRAP_RESAMPLES, 0.025);
  *high = ib_quantile_sorted (medians, IB_BOOTSTRAP_RESAMPLES, 0.975);
}

/* ---- descriptive statistics -------------------------------------------- */

void
ib_stats_compute (const double *values,
                  guint         n,
                  guint64       seed,
                  IbStats      *out)
{
  g_autofree double *sorted = NULL;
  g_autofree double *deviations = NULL;
  double sum = 0.0;
  double sq = 0.0;
  double iqr;

  g_return_if_fail (values != NULL || n == 0);
  g_return_if_fail (out != NULL);

  out->n = n;
  out->min_ns = out->max_ns = out->mean_ns = out->median_ns = 0.0;
  out->stddev_ns = out->mad_ns = out->q1_ns = out->q3_ns = 0.0;
  out->ci_low_ns = out->ci_high_ns = out->cv = 0.0;
  out->outliers_mild = out->outliers_severe = 0;
  if (n == 0)
    return;

  sorted = g_memdup2 (values, sizeof (double) * n);
  qsort (sorted, n, sizeof (double), compare_double);

  out->min_ns = sorted[0];
  out->max_ns = sorted[n - 1];
  for (guint i = 0; i < n; i++)
    sum += sorted[i];
  out->mean_ns = sum / n;
  out->median_ns = ib_quantile_sorted (sorted, n, 0.5);
  out->q1_ns = ib_quantile_sorted (sorted, n, 0.25);
  out->q3_ns = ib_quantile_sorted (sorted, n, 0.75);

  /* Sample standard deviation (divisor n - 1); 0 for a single value. */
  if (n > 1)
    {
      for (guint i = 0; i < n; i++)
        sq += (sorted[i] - out->mean_ns) * (sorted[i] - out->mean_ns);
      out->stddev_ns = sqrt (sq / (n - 1));
    }
  out->cv = out->mean_ns != 0.0 ? out->stddev_ns / out->mean_ns : 0.0;

  /* MAD: the plain (unscaled) median of |x - median|; it is NOT multiplied
   * by 1.4826 to estimate a normal sigma. */
  deviations = g_new (double, n);
  for (guint i = 0; i < n; i++)
    deviations[i] = fabs (sorted[i] - out->median_ns);
  out->mad_ns = median_of (deviations, n);

  /* Tukey's fences: mild outliers lie outside [q1 - 1.5 IQR, q3 + 1.5 IQR]
   * but inside the 3 IQR fences; severe ones lie outside 3 IQR. */
  iqr = out->q3_ns - out->q1_ns;
  for (guint i = 0; i < n; i++)
    {
      double x = sorted[i];

      if (x < out->q1_ns - 3.0 * iqr || x > out->q3_ns + 3.0 * iqr)
        out->outliers_severe++;
      else if (x < out->q1_ns - 1.5 * iqr || x > out->q3_ns + 1.5 * iqr)
        out->outliers_mild++;
    }

  if (n == 1)
    {
      out->ci_low_ns = out->ci_high_ns = out->median_ns;
      return;
    }
  bootstrap_median_ci (sorted, n, seed, &out->ci_low_ns, &out->ci_high_ns);
}

/* ---- ratios ------------------------------------------------------------ */

gboolean
ib_stats_ratio (const double *a,
                guint         na,
                const double *b,
                guint         nb,
                guint64       seed,
                double       *ratio,
                double       *ci_low,
                double       *ci_high)
{
  g_autofree double *ra = NULL;
  g_autofree double *rb = NULL;
  g_autofree double *ratios = NULL;
  double ma, mb;
  guint n_ratios = 0;
  IbRng rng;

  g_return_val_if_fail (a != NULL || na == 0, FALSE);
  g_return_val_if_fail (b != NULL || nb == 0, FALSE);

  if (na == 0 || nb == 0)
    return FALSE;

  ra = g_memdup2 (a, sizeof (double) * na);
  rb = g_memdup2 (b, sizeof (double) * nb);
  ma = median_of (ra, na);
  mb = median_of (rb, nb);
  if (!(ma > 0.0))
    return FALSE;
  if (ratio != NULL)
    *ratio = mb / ma;

  /* Resample both sides independently; the CI is the 2.5th..97.5th
   * percentile of the resampled ratios. */
  ratios = g_new (double, IB_BOOTSTRAP_RESAMPLES);
  ib_rng_init (&rng, seed);
  for (guint r = 0; r < IB_BOOTSTRAP_RESAMPLES; r++)
    {
      double sa, sb;

      for (guint i = 0; i < na; i++)
        ra[i] = a[ib_rng_below (&rng, na)];
      for (guint i = 0; i < nb; i++)
        rb[i] = b[ib_rng_below (&rng, nb)];
      sa = median_of (ra, na);
      sb = median_of (rb, nb);
      if (sa > 0.0)
        ratios[n_ratios++] = sb / sa;
    }
  if (n_ratios == 0)
    {
      if (ci_low != NULL)
        *ci_low = mb / ma;
      if (ci_high != NULL)
        *ci_high = mb / ma;
      return TRUE;
    }
  qsort (ratios, n_ratios, sizeof (double), compare_double);
  if (ci_low != NULL)
    *ci_low = ib_quantile_sorted (ratios, n_ratios, 0.025);
  if (ci_high != NULL)
    *ci_high = ib_quantile_sorted (ratios, n_ratios, 0.975);
  return TRUE;
}

gboolean
ib_stats_ratio_is_clear (double ci_low,
                         double ci_high)
{
  return ci_low > 1.0 || ci_high < 1.0;
}

/* ---- reports ----------------------------------------------------------- */

GArray *
ib_report_wall_times (const IbReport *report,
                      const char     *strategy)
{
  GArray *times = g_array_new (FALSE, FALSE, sizeof (double));

  g_return_val_if_fail (report != NULL, times);
  g_return_val_if_fail (strategy != NULL, times);

  for (guint i = 0; i < report->samples->len; i++)
    {
      const IbSample *s = &g_array_index (report->samples, IbSample, i);
      double wall;

      if (s->warmup || !s->ok || g_strcmp0 (s->strategy, strategy) != 0)
        continue;
      wall = (double) s->wall_ns;
      g_array_append_val (times, wall);
    }
  return times;
}

static double
median_of_array (GArray *values)
{
  if (values->len == 0)
    return 0.0;
  return median_of ((double *) (gpointer) values->data, values->len);
}

static void
compute_one (const IbReport *report,
             const char     *strategy,
             guint64         seed,
             IbStats        *out)
{
  g_autoptr(GArray) wall = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) user = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) sys = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) bytes = g_array_new (FALSE, FALSE, sizeof (double));
  guint n_failed = 0;
  double median_bytes;

  for (guint i = 0; i < report->samples->len; i++)
    {
      const IbSample *s = &g_array_index (report->samples, IbSample, i);
      double v;

      if (s->warmup || g_strcmp0 (s->strategy, strategy) != 0)
        continue;
      if (!s->ok)
        {
          n_failed++;
          continue;
        }
      v = (double) s->wall_ns;
      g_array_append_val (wall, v);
      v = (double) s->user_ns;
      g_array_append_val (user, v);
      v = (double) s->sys_ns;
      g_array_append_val (sys, v);
      v = (double) s->bytes;
      g_array_append_val (bytes, v);
    }

  memset (out, 0, sizeof *out);
  out->strategy = g_strdup (strategy);
  ib_stats_compute ((const double *) (gconstpointer) wall->data, wall->len, seed, out);
  out->n_failed = n_failed;
  out->user_ns = median_of_array (user);
  out->sys_ns = median_of_array (sys);
  median_bytes = median_of_array (bytes);
  if (out->median_ns > 0.0 && median_bytes > 0.0)
    out->mib_per_s = (median_bytes / (1024.0 * 1024.0)) / (out->median_ns / 1e9);
}

void
ib_report_compute_statistics (IbReport *report)
{
  g_autoptr(GPtrArray) order = g_ptr_array_new ();
  guint64 seed = 42;

  g_return_if_fail (report != NULL);

  /* Plan order first, then any strategy that only appears in the samples
   * (e.g. a loaded report with an edited plan). */
  if (report->plan != NULL)
    {
      seed = report->plan->seed;
      for (guint i = 0; i < report->plan->strategies->len; i++)
        g_ptr_array_add (order, g_ptr_array_index (report->plan->strategies, i));
    }
  for (guint i = 0; i < report->samples->len; i++)
    {
      const IbSample *s = &g_array_index (report->samples, IbSample, i);
      gboolean found = FALSE;

      if (s->strategy == NULL)
        continue;
      for (guint j = 0; j < order->len && !found; j++)
        found = g_str_equal (g_ptr_array_index (order, j), s->strategy);
      if (!found)
        g_ptr_array_add (order, s->strategy);
    }

  g_array_set_size (report->statistics, 0);
  for (guint i = 0; i < order->len; i++)
    {
      IbStats stats;

      /* A different, deterministic bootstrap stream per strategy. */
      compute_one (report, g_ptr_array_index (order, i), seed + i + 1, &stats);
      ib_responsiveness_stats (report, stats.strategy, &stats);
      g_array_append_val (report->statistics, stats);
    }
}
