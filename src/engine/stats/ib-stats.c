/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-stats.c: descriptive statistics, distribution-free intervals, the
 * verdict rule, which samples count, and the seeded PRNG (README.md,
 * "What it measures"). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/stats/ib-pairwise.h"
#include "engine/stats/ib-stats.h"

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

/* Moves the @k-th smallest of @values to values[k], smaller ones before it
 * and larger ones after (Hoare's selection): O(n) on average where a sort
 * is O(n log n); the runner takes medians after every sample. */
static void
select_kth (double *values,
            guint   n,
            guint   k)
{
  gint64 lo = 0, hi = (gint64) n - 1;

  while (lo < hi)
    {
      double pivot = values[lo + (hi - lo) / 2];
      gint64 i = lo, j = hi;

      while (i <= j)
        {
          while (values[i] < pivot)
            i++;
          while (values[j] > pivot)
            j--;
          if (i <= j)
            {
              double t = values[i];

              values[i++] = values[j];
              values[j--] = t;
            }
        }
      /* values[lo..j] <= pivot <= values[i..hi]; any between equal it. */
      if ((gint64) k <= j)
        hi = j;
      else if ((gint64) k >= i)
        lo = i;
      else
        return;
    }
}

/* The median as ib_quantile_sorted (q = 0.5) gives it from sorted values,
 * without sorting; reorders @values. */
static double
median_of (double *values,
           guint   n)
{
  guint  lo;
  double above;

  if (n == 0)
    return 0.0;
  lo = (n - 1) / 2;
  select_kth (values, n, lo);
  if (n % 2 == 1)
    return values[lo];
  above = values[lo + 1];
  for (guint i = lo + 2; i < n; i++)
    above = MIN (above, values[i]);
  return values[lo] + 0.5 * (above - values[lo]);
}

/* ---- the median's interval ---------------------------------------------- */

/* P(Bin(n, 1/2) = i), in log space so n up to IB_MAX_REPEAT does not
 * underflow the terms that matter. */
static double
binomial_half_term (guint n,
                    guint i)
{
  return exp (lgamma (n + 1.0) - lgamma (i + 1.0) - lgamma (n - i + 1.0) - n * G_LN2);
}

/* The k of the interval and its coverage, computed once per n (they depend
 * on n alone): the runner recomputes the statistics after every sample. */
#define K_CACHE_MAX 1024

static GMutex k_cache_lock;
static guint  k_cache_k[K_CACHE_MAX + 1]; /* 0: not computed yet */
static double k_cache_coverage[K_CACHE_MAX + 1];

static guint
median_interval_k_uncached (guint   n,
                            double *coverage_out)
{
  guint k = 1;
  double coverage;
  double cdf;

  /* The true median lies below x(k) when at most k - 1 values fall below it:
   * P(Bin(n, 1/2) <= k - 1); above x(n+1-k) likewise. Widen k while the
   * next one still covers IB_CI_TARGET. The CDF grows by one term per k,
   * summed in the order a sum from 0 would take. */
  cdf = binomial_half_term (n, 0);
  coverage = 1.0 - 2.0 * MIN (cdf, 1.0);
  while (k + 1 <= (n + 1) / 2)
    {
      double next;

      cdf += binomial_half_term (n, k);
      next = 1.0 - 2.0 * MIN (cdf, 1.0);
      if (next < IB_CI_TARGET)
        break;
      k++;
      coverage = next;
    }
  *coverage_out = MAX (coverage, 0.0);
  return k;
}

static guint
median_interval_k (guint   n,
                   double *coverage_out)
{
  guint k;

  if (n > K_CACHE_MAX)
    return median_interval_k_uncached (n, coverage_out);
  g_mutex_lock (&k_cache_lock);
  if (k_cache_k[n] == 0)
    k_cache_k[n] = median_interval_k_uncached (n, &k_cache_coverage[n]);
  k = k_cache_k[n];
  *coverage_out = k_cache_coverage[n];
  g_mutex_unlock (&k_cache_lock);
  return k;
}

double
ib_median_coverage (guint n)
{
  double coverage;

  if (n < 2)
    return 0.0;
  median_interval_k (n, &coverage);
  return coverage;
}

double
ib_median_interval (const double *sorted,
                    guint         n,
                    double       *low,
                    double       *high)
{
  double coverage;
  guint k;

  g_return_val_if_fail (sorted != NULL || n == 0, 0.0);

  if (n == 0)
    {
      *low = *high = 0.0;
      return 0.0;
    }
  k = median_interval_k (n, &coverage);
  *low = sorted[k - 1];
  *high = sorted[n - k];
  return coverage;
}

/* ---- descriptive statistics -------------------------------------------- */

void
ib_stats_compute (const double *values,
                  guint         n,
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
  out->ci_low_ns = out->ci_high_ns = out->cv = out->ci_level = 0.0;
  out->ci_method = IB_CI_ORDER_STATISTIC;
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
  out->ci_level = ib_median_interval (sorted, n, &out->ci_low_ns, &out->ci_high_ns);
}

/* ---- ratios ------------------------------------------------------------ */

static double
median_copy (const double *values,
             guint         n)
{
  g_autofree double *copy = g_memdup2 (values, sizeof (double) * n);

  return median_of (copy, n);
}

static gboolean
all_positive (const double *values,
              guint         n)
{
  for (guint i = 0; i < n; i++)
    if (!(values[i] > 0.0) || !isfinite (values[i]))
      return FALSE;
  return TRUE;
}

/* An interval: its ends and its level. */
typedef struct
{
  double low, high, level;
} Interval;

/* The Mann-Whitney interval of every pairwise b[j] / a[i] (@quotient) or
 * b[j] - a[i] (else).
 * The k-th smallest and k-th largest of the na nb values, found without
 * storing them (ib-pairwise.h): O((na + nb) log) time, two sorted copies. */
static Interval
pairwise_interval (const double *a,
                   guint         na,
                   const double *b,
                   guint         nb,
                   gboolean      quotient)
{
  IbPairwiseOp op = quotient ? IB_PAIRWISE_QUOTIENT : IB_PAIRWISE_DIFFERENCE;
  g_autofree double *sa = g_memdup2 (a, sizeof (double) * na);
  g_autofree double *sb = g_memdup2 (b, sizeof (double) * nb);
  guint64 pairs = (guint64) na * nb;
  Interval iv;
  guint64 k;

  qsort (sa, na, sizeof (double), compare_double);
  qsort (sb, nb, sizeof (double), compare_double);
  k = ib_mw_trim (na, nb, &iv.level);
  iv.low = ib_pairwise_select (sa, na, sb, nb, op, k - 1);
  iv.high = ib_pairwise_select (sa, na, sb, nb, op, pairs - k);
  return iv;
}

/* Whether both samples hold values (@a and @b may be NULL only when empty). */
static gboolean
both_given (const double *a,
            guint         na,
            const double *b,
            guint         nb)
{
  g_return_val_if_fail (a != NULL || na == 0, FALSE);
  g_return_val_if_fail (b != NULL || nb == 0, FALSE);

  return na > 0 && nb > 0;
}

void
ib_stats_ratio (const double *a,
                guint         na,
                const double *b,
                guint         nb,
                IbRatio      *out)
{
  Interval iv;

  g_return_if_fail (out != NULL);

  *out = (IbRatio) { .verdict = IB_RATIO_NO_DATA, .na = na, .nb = nb };
  if (!both_given (a, na, b, nb) || !all_positive (a, na) || !all_positive (b, nb))
    return;

  out->ratio = median_copy (b, nb) / median_copy (a, na);
  iv = pairwise_interval (a, na, b, nb, TRUE);
  out->ci_low = iv.low;
  out->ci_high = iv.high;
  out->ci_level = iv.level;

  if (na < IB_VERDICT_MIN_SAMPLES || nb < IB_VERDICT_MIN_SAMPLES)
    out->verdict = IB_RATIO_TOO_FEW;
  else if (out->ci_low > 1.0)
    out->verdict = IB_RATIO_A_FASTER;
  else if (out->ci_high < 1.0)
    out->verdict = IB_RATIO_B_FASTER;
  else
    out->verdict = IB_RATIO_SAME;
}

void
ib_stats_shift (const double *a,
                guint         na,
                const double *b,
                guint         nb,
                IbShift      *out)
{
  Interval iv;

  g_return_if_fail (out != NULL);

  *out = (IbShift) { .na = na, .nb = nb };
  if (!both_given (a, na, b, nb))
    return;
  out->median_a = median_copy (a, na);
  out->median_b = median_copy (b, nb);
  iv = pairwise_interval (a, na, b, nb, FALSE);
  out->ci_low = iv.low;
  out->ci_high = iv.high;
  out->ci_level = iv.level;
  out->differs = na >= IB_VERDICT_MIN_SAMPLES && nb >= IB_VERDICT_MIN_SAMPLES
                 && (out->ci_low > 0 || out->ci_high < 0);
}

static gboolean
positive (double x)
{
  return isfinite (x) && x > 0;
}

/* Whether @m has an interval around its median. */
static gboolean
has_interval (const IbMedianCi *m)
{
  return positive (m->low) && positive (m->high) && m->low <= m->high && m->level > 0;
}

void
ib_stats_ratio_of_medians (const IbMedianCi *a,
                           const IbMedianCi *b,
                           IbRatio          *out)
{
  g_return_if_fail (a != NULL && b != NULL && out != NULL);

  memset (out, 0, sizeof *out);
  out->na = a->n;
  out->nb = b->n;
  if (!positive (a->median) || !positive (b->median) || a->n == 0 || b->n == 0)
    {
      out->verdict = IB_RATIO_NO_DATA;
      return;
    }
  out->ratio = b->median / a->median;
  if (has_interval (a) && has_interval (b))
    {
      out->ci_low = b->low / a->high;
      out->ci_high = b->high / a->low;
      out->ci_level = a->level * b->level;
    }
  else
    out->ci_low = out->ci_high = out->ratio;
  if (MIN (a->n, b->n) < IB_VERDICT_MIN_SAMPLES || out->ci_level <= 0)
    out->verdict = IB_RATIO_TOO_FEW;
  else if (out->ci_low > 1)
    out->verdict = IB_RATIO_A_FASTER;
  else if (out->ci_high < 1)
    out->verdict = IB_RATIO_B_FASTER;
  else
    out->verdict = IB_RATIO_SAME;
}

gboolean
ib_ratio_is_clear (const IbRatio *ratio)
{
  g_return_val_if_fail (ratio != NULL, FALSE);

  return ratio->verdict == IB_RATIO_A_FASTER || ratio->verdict == IB_RATIO_B_FASTER;
}

void
ib_report_ratio (const IbReport *report_a,
                 const char     *a,
                 const IbReport *report_b,
                 const char     *b,
                 IbRatio        *out)
{
  g_autoptr(GArray) ta = NULL;
  g_autoptr(GArray) tb = NULL;

  g_return_if_fail (report_a != NULL && report_b != NULL && out != NULL);

  ta = ib_report_wall_times (report_a, a);
  tb = ib_report_wall_times (report_b, b);
  ib_stats_ratio ((const double *) (gconstpointer) ta->data, ta->len,
                  (const double *) (gconstpointer) tb->data, tb->len, out);
}

/* ---- which samples count ----------------------------------------------- */

void
ib_sample_judge (IbSample    *sample,
                 IbCacheMode  mode)
{
  g_return_if_fail (sample != NULL);

  sample->excluded = NULL;
  if (sample->warmup || !sample->ok || sample->cache_ok)
    return;
  if (mode == IB_CACHE_COLD)
    sample->excluded = g_intern_static_string (IB_EXCLUDED_NOT_COLD);
  else if (mode == IB_CACHE_WARM)
    sample->excluded = g_intern_static_string (IB_EXCLUDED_NOT_WARM);
}

gboolean
ib_sample_is_valid (const IbSample *sample)
{
  g_return_val_if_fail (sample != NULL, FALSE);

  return !sample->warmup && sample->ok && sample->excluded == NULL;
}

const char *
ib_excluded_describe (const char *reason)
{
  if (g_strcmp0 (reason, IB_EXCLUDED_NOT_COLD) == 0)
    /* Translators: why a sample is left out of the statistics */
    return _("not cold");
  if (g_strcmp0 (reason, IB_EXCLUDED_NOT_WARM) == 0)
    /* Translators: why a sample is left out of the statistics */
    return _("not warm");
  if (g_strcmp0 (reason, IB_EXCLUDED_CONTENDED) == 0)
    /* Translators: why a sample is left out of the statistics: it waited
     * for a CPU for much of its time */
    return _("contended");
  return reason;
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

      if (!ib_sample_is_valid (s) || g_strcmp0 (s->strategy, strategy) != 0)
        continue;
      wall = (double) s->wall_ns;
      g_array_append_val (times, wall);
    }
  return times;
}

static void
compute_one (const IbReport *report,
             const char     *strategy,
             IbStats        *out)
{
  guint len = report->samples->len;
  /* Six columns of up to @len values each, filled in place. */
  g_autofree double *block = g_new (double, 6 * (gsize) MAX (len, 1));
  double            *wall = block, *user = block + len, *sys = block + 2 * len;
  double            *in_flight = block + 3 * len, *cpu = block + 4 * len, *bytes = block + 5 * len;
  guint              n = 0, n_cpu = 0;
  guint n_failed = 0;
  guint n_excluded = 0;
  double median_bytes;

  for (guint i = 0; i < len; i++)
    {
      const IbSample *s = &g_array_index (report->samples, IbSample, i);

      if (s->warmup || g_strcmp0 (s->strategy, strategy) != 0)
        continue;
      if (!s->ok)
        {
          n_failed++;
          continue;
        }
      if (!ib_sample_is_valid (s))
        {
          n_excluded++;
          continue;
        }
      wall[n] = (double) s->wall_ns;
      user[n] = (double) s->user_ns;
      sys[n] = (double) s->sys_ns;
      in_flight[n] = (double) s->max_in_flight;
      if (s->cpu_ns >= 0)
        cpu[n_cpu++] = (double) s->cpu_ns;
      bytes[n] = (double) s->bytes;
      n++;
    }

  memset (out, 0, sizeof *out);
  out->strategy = g_strdup (strategy);
  ib_stats_compute (wall, n, out);
  out->n_failed = n_failed;
  out->n_excluded = n_excluded;
  out->user_ns = median_of (user, n);
  out->sys_ns = median_of (sys, n);
  /* 0 (unknown) in reports older than the field. */
  out->max_in_flight = (guint) median_of (in_flight, n);
  out->cpu_ns = n_cpu > 0 ? median_of (cpu, n_cpu) : -1;
  median_bytes = median_of (bytes, n);
  if (out->median_ns > 0.0 && median_bytes > 0.0)
    out->mib_per_s = (median_bytes / (1024.0 * 1024.0)) / (out->median_ns / 1e9);
}

double
ib_report_contention (const IbReport *report,
                      const char     *strategy,
                      guint          *n_contended,
                      guint          *n_measured)
{
  guint contended = 0, measured = 0;

  g_return_val_if_fail (report != NULL, 0);

  for (guint i = 0; i < report->samples->len; i++)
    {
      const IbSample *s = &g_array_index (report->samples, IbSample, i);

      if (s->warmup || !s->ok || (strategy != NULL && g_strcmp0 (s->strategy, strategy) != 0))
        continue;
      measured++;
      contended += s->contended ? 1 : 0;
    }
  if (n_contended != NULL)
    *n_contended = contended;
  if (n_measured != NULL)
    *n_measured = measured;
  return measured > 0 ? (double) contended / measured : 0;
}

/* Leaves out @strategy's contended samples when enough uncontended valid
 * ones remain; returns whether it did. */
static gboolean
exclude_contended (IbReport   *report,
                   const char *strategy)
{
  guint calm = 0, contended = 0;

  for (guint i = 0; i < report->samples->len; i++)
    {
      const IbSample *s = &g_array_index (report->samples, IbSample, i);

      if (g_strcmp0 (s->strategy, strategy) != 0 || !ib_sample_is_valid (s))
        continue;
      if (s->contended)
        contended++;
      else
        calm++;
    }
  if (contended == 0 || calm < IB_VERDICT_MIN_SAMPLES)
    return FALSE;
  for (guint i = 0; i < report->samples->len; i++)
    {
      IbSample *s = &g_array_index (report->samples, IbSample, i);

      if (g_strcmp0 (s->strategy, strategy) == 0 && ib_sample_is_valid (s) && s->contended)
        s->excluded = g_intern_static_string (IB_EXCLUDED_CONTENDED);
    }
  return TRUE;
}

void
ib_report_compute_statistics (IbReport *report)
{
  ib_report_compute_statistics_full (report, IB_STATS_DEFAULT);
}

static void
responsiveness_stats (const IbReport *report,
                      const char     *strategy,
                      IbStats        *out)
{
  guint              len, n = 0;
  g_autofree double *block = NULL;
  double            *stall, *p99, *f60, *f120;
  double worst = 0;

  g_return_if_fail (report != NULL);
  g_return_if_fail (strategy != NULL);
  g_return_if_fail (out != NULL);

  /* Four columns of up to @len values each, filled in place. */
  len = report->samples->len;
  block = g_new (double, 4 * (gsize) MAX (len, 1));
  stall = block;
  p99 = block + len;
  f60 = block + 2 * len;
  f120 = block + 3 * len;
  for (guint i = 0; i < len; i++)
    {
      const IbSample *s = &g_array_index (report->samples, IbSample, i);

      if (!ib_sample_is_valid (s) || !s->responsive || g_strcmp0 (s->strategy, strategy) != 0)
        continue;
      stall[n] = (double) s->stall_ns;
      worst = MAX (worst, stall[n]);
      p99[n] = (double) s->lateness_p99_ns;
      f60[n] = s->frames_missed_60;
      f120[n] = s->frames_missed_120;
      n++;
    }

  out->n_responsive = n;
  out->stall_ns = median_of (stall, n);
  out->stall_max_ns = worst;
  out->lateness_p99_ns = median_of (p99, n);
  out->frames_missed_60 = median_of (f60, n);
  out->frames_missed_120 = median_of (f120, n);
}

/* The row of @strategy as ib_report_compute_statistics_full() makes it. */
static void
compute_row (IbReport    *report,
             const char  *strategy,
             IbStatsFlags flags,
             IbStats     *out)
{
  gboolean excluded = !(flags & IB_STATS_KEEP_CONTENDED) && exclude_contended (report, strategy);

  compute_one (report, strategy, out);
  ib_report_contention (report, strategy, &out->n_contended, NULL);
  out->contended_excluded = excluded;
  responsiveness_stats (report, out->strategy, out);
}

void
ib_report_update_statistics (IbReport   *report,
                             const char *strategy)
{
  IbStats *row = NULL;

  g_return_if_fail (report != NULL);
  g_return_if_fail (strategy != NULL);

  for (guint i = 0; i < report->statistics->len && row == NULL; i++)
    {
      IbStats *st = &g_array_index (report->statistics, IbStats, i);

      if (g_strcmp0 (st->strategy, strategy) == 0)
        row = st;
    }
  if (row == NULL)
    {
      ib_report_compute_statistics (report);
      return;
    }
  if (report->plan != NULL)
    for (guint i = 0; i < report->samples->len; i++)
      {
        IbSample *s = &g_array_index (report->samples, IbSample, i);

        if (g_strcmp0 (s->strategy, strategy) == 0)
          ib_sample_judge (s, report->plan->cache);
      }
  ib_stats_clear (row);
  compute_row (report, strategy, IB_STATS_DEFAULT, row);
}

void
ib_report_compute_statistics_full (IbReport     *report,
                                   IbStatsFlags  flags)
{
  g_autoptr(GPtrArray) order = g_ptr_array_new ();

  g_return_if_fail (report != NULL);

  if (report->plan != NULL)
    for (guint i = 0; i < report->samples->len; i++)
      ib_sample_judge (&g_array_index (report->samples, IbSample, i), report->plan->cache);

  /* Plan order first, then any strategy that only appears in the samples
   * (e.g. a loaded report with an edited plan). */
  if (report->plan != NULL)
    for (guint i = 0; i < report->plan->strategies->len; i++)
      g_ptr_array_add (order, g_ptr_array_index (report->plan->strategies, i));
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

      compute_row (report, g_ptr_array_index (order, i), flags, &stats);
      g_array_append_val (report->statistics, stats);
    }
}
