/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-paired.c: the Hodges-Lehmann estimate and Wilcoxon signed-rank interval
 * of paired log-ratios, and the decision phase's stopping rule (see
 * ib-paired.h; Hollander & Wolfe, Nonparametric Statistical Methods, 3.2). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/stats/ib-paired.h"
#include "engine/stats/ib-pairwise.h"

static int
compare_double (const void *a,
                const void *b)
{
  double x = *(const double *) a;
  double y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
normal_cdf (double z)
{
  return 0.5 * erfc (-z / G_SQRT2);
}

/* The z with normal_cdf (z) = p, by bisection (p in (0, 1)). */
static double
normal_quantile (double p)
{
  double lo = -40.0, hi = 40.0;

  for (guint i = 0; i < 200; i++)
    {
      double mid = (lo + hi) / 2.0;

      if (normal_cdf (mid) < p)
        lo = mid;
      else
        hi = mid;
    }
  return (lo + hi) / 2.0;
}

/* The number k of Walsh averages to trim at each end of the sorted M =
 * n (n + 1) / 2: the largest k with P(T+ <= k - 1) <= (1 - level) / 2, at
 * least 1, where T+ is the signed-rank statistic under the null; *coverage
 * gets 1 - 2 P(T+ <= k - 1). Exact up to IB_PAIRED_EXACT_MAX pairs: the null
 * distribution by the recurrence on the largest rank (it is positive with
 * probability 1/2 and then adds its rank to T+). */
static guint64
signed_rank_trim (guint   n,
                  double  level,
                  double *coverage)
{
  double alpha_half = (1.0 - level) / 2.0;
  guint64 m = (guint64) n * (n + 1) / 2;
  guint64 k = 1;

  if (n <= IB_PAIRED_EXACT_MAX)
    {
      g_autofree double *p = g_new0 (double, m + 1);
      double cdf;

      p[0] = 1.0;
      for (guint i = 1; i <= n; i++)
        {
          guint top = i * (i + 1) / 2;

          /* p'(t) = (p(t) + p(t - i)) / 2, from the top down in place */
          for (guint t = top; t > 0; t--)
            p[t] = (p[t] + (t >= i ? p[t - i] : 0.0)) / 2.0;
          p[0] /= 2.0;
        }
      cdf = p[0];
      /* cdf = P(T+ <= k - 1) */
      while (k + 1 <= (m + 1) / 2 && cdf + p[k] <= alpha_half)
        {
          cdf += p[k];
          k++;
        }
      *coverage = MAX (1.0 - 2.0 * cdf, 0.0);
      return k;
    }
  else
    {
      /* Normal approximation with continuity correction: mean M / 2,
       * variance n (n + 1) (2 n + 1) / 24. */
      double mean = m / 2.0;
      double sd = sqrt (n * (n + 1.0) * (2.0 * n + 1.0) / 24.0);
      double z = normal_quantile (1.0 - alpha_half);
      double last = floor (mean - 0.5 - z * sd);  /* largest k - 1 allowed */

      k = last >= 0 ? (guint64) last + 1 : 1;
      *coverage = MAX (1.0 - 2.0 * normal_cdf ((k - 1 + 0.5 - mean) / sd), 0.0);
      return k;
    }
}

/* About how many more pairs would decide an undecided interval: the
 * interval's half-widths (log scale, below and above the estimate) shrink as
 * 1 / sqrt (n); the fewer pairs of "excludes 1" and "fits the margin". */
static guint
estimate_more_pairs (guint  n,
                     double est,
                     double low,
                     double high,
                     double margin)
{
  double below = est - low, above = high - est;
  double edge = log1p (margin);
  double need = G_MAXDOUBLE;

  if (est > 0 && below > 0)
    need = MIN (need, n * (below / est) * (below / est));
  else if (est < 0 && above > 0)
    need = MIN (need, n * (above / -est) * (above / -est));
  if (fabs (est) < edge)
    {
      double f_above = above / (edge - est);
      double f_below = below / (edge + est);
      double f = MAX (f_above, f_below);

      need = MIN (need, n * f * f);
    }
  if (need >= (double) G_MAXUINT / 2)
    return G_MAXUINT;
  return need > n ? (guint) ceil (need - n) : 1;
}

void
ib_paired_analyse (const double *a,
                   const double *b,
                   guint         n,
                   double        level,
                   double        margin,
                   IbPaired     *out)
{
  g_autofree double *d = NULL;
  guint used = 0;
  guint64 m;
  guint64 k;
  double est, low, high, edge;

  g_return_if_fail ((a != NULL && b != NULL) || n == 0);
  g_return_if_fail (out != NULL);
  g_return_if_fail (level > 0.0 && level < 1.0);

  memset (out, 0, sizeof *out);
  out->verdict = IB_PAIRED_NO_DATA;
  out->margin = margin;

  d = g_new (double, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    if (a[i] > 0 && b[i] > 0 && isfinite (a[i]) && isfinite (b[i]))
      d[used++] = log (b[i] / a[i]);
  out->n = used;
  if (used < 2)
    return;

  /* The n (n + 1) / 2 Walsh averages are never stored: their order
   * statistics come from the sorted differences (ib-pairwise.h). */
  m = (guint64) used * (used + 1) / 2;
  qsort (d, used, sizeof (double), compare_double);
  est = m % 2 == 1 ? ib_walsh_select (d, used, m / 2)
                   : (ib_walsh_select (d, used, m / 2 - 1) + ib_walsh_select (d, used, m / 2)) / 2.0;
  k = signed_rank_trim (used, level, &out->ci_level);
  low = ib_walsh_select (d, used, k - 1);
  high = ib_walsh_select (d, used, m - k);

  out->ratio = exp (est);
  out->ci_low = exp (low);
  out->ci_high = exp (high);

  edge = log1p (margin);
  /* An interval below its stated level (too few pairs) decides nothing. */
  if (out->ci_level + 1e-12 < level)
    out->verdict = IB_PAIRED_UNDECIDED;
  /* Inside the margin is "equivalent" even when the interval excludes 1:
   * a difference smaller than the margin is no win (criterion's "within
   * the noise threshold"). */
  else if (margin > 0 && low > -edge && high < edge)
    out->verdict = IB_PAIRED_EQUIVALENT;
  else if (low > 0)
    out->verdict = IB_PAIRED_A_FASTER;
  else if (high < 0)
    out->verdict = IB_PAIRED_B_FASTER;
  else
    out->verdict = IB_PAIRED_UNDECIDED;

  if (out->verdict == IB_PAIRED_UNDECIDED)
    {
      /* Below its level, no interval decides: at least as many pairs as
       * the level needs (the exact interval's best coverage with n pairs
       * is 1 - 2 / 2^n). */
      guint needed = (guint) ceil (log2 (2.0 / (1.0 - level)));

      out->more_pairs = estimate_more_pairs (used, est, low, high, margin);
      if (needed > used && out->more_pairs != G_MAXUINT)
        out->more_pairs = MAX (out->more_pairs, needed - used);
    }
}

static const char *const verdict_names[] = {
  [IB_PAIRED_NO_DATA] = "no-data",
  [IB_PAIRED_UNDECIDED] = "undecided",
  [IB_PAIRED_A_FASTER] = "a-faster",
  [IB_PAIRED_B_FASTER] = "b-faster",
  [IB_PAIRED_EQUIVALENT] = "equivalent",
};

const char *
ib_paired_verdict_to_string (IbPairedVerdict verdict)
{
  if ((guint) verdict >= G_N_ELEMENTS (verdict_names))
    return "no-data";
  return verdict_names[verdict];
}

gboolean
ib_paired_verdict_from_string (const char      *text,
                               IbPairedVerdict *out)
{
  for (guint i = 0; text != NULL && i < G_N_ELEMENTS (verdict_names); i++)
    if (g_str_equal (text, verdict_names[i]))
      {
        *out = (IbPairedVerdict) i;
        return TRUE;
      }
  return FALSE;
}

gboolean
ib_paired_is_decided (const IbPaired *paired)
{
  g_return_val_if_fail (paired != NULL, FALSE);

  return paired->verdict == IB_PAIRED_A_FASTER ||
         paired->verdict == IB_PAIRED_B_FASTER ||
         paired->verdict == IB_PAIRED_EQUIVALENT;
}

/* ---- the sequential rule ------------------------------------------------ */

void
ib_decider_init (IbDecider *decider,
                 guint      max_pairs,
                 double     margin,
                 double     alpha)
{
  guint looks[IB_PAIRED_MAX_LOOKS];
  guint n_looks = 0;

  g_return_if_fail (decider != NULL);
  g_return_if_fail (alpha > 0.0 && alpha < 1.0);

  memset (decider, 0, sizeof *decider);
  max_pairs = MAX (max_pairs, 2);
  decider->margin = margin;
  decider->alpha = alpha;
  decider->max_pairs = max_pairs;
  decider->a = g_array_new (FALSE, FALSE, sizeof (double));
  decider->b = g_array_new (FALSE, FALSE, sizeof (double));

  /* max_pairs, max_pairs / 2, ... while at least the first look's size */
  for (guint n = max_pairs;
       n_looks < IB_PAIRED_MAX_LOOKS && (n_looks == 0 || n >= IB_PAIRED_FIRST_LOOK);
       n /= 2)
    looks[n_looks++] = n;
  for (guint i = 0; i < n_looks; i++)
    decider->looks[i] = looks[n_looks - 1 - i];
  decider->n_looks = n_looks;
  decider->result.verdict = IB_PAIRED_NO_DATA;
  decider->result.margin = margin;
}

void
ib_decider_clear (IbDecider *decider)
{
  g_return_if_fail (decider != NULL);

  g_clear_pointer (&decider->a, g_array_unref);
  g_clear_pointer (&decider->b, g_array_unref);
}

void
ib_decider_continue (IbDecider              *decider,
                     guint                   max_pairs,
                     double                  margin,
                     double                  alpha,
                     const IbDeciderEarlier *earlier)
{
  guint added = 0;

  g_return_if_fail (decider != NULL);
  g_return_if_fail (earlier == NULL || earlier->n == 0 || (earlier->a != NULL && earlier->b != NULL));

  ib_decider_init (decider, max_pairs, margin, alpha);
  if (earlier == NULL)
    return;
  decider->earlier_looks = earlier->looks;
  /* each new look gets alpha / (earlier + new looks) */
  decider->alpha = alpha * decider->n_looks / (decider->n_looks + earlier->looks);
  for (guint i = 0; i < earlier->n; i++)
    {
      double a = earlier->a[i], b = earlier->b[i];

      if (!(a > 0 && b > 0 && isfinite (a) && isfinite (b)))
        continue;
      g_array_append_val (decider->a, a);
      g_array_append_val (decider->b, b);
      added++;
    }
  for (guint i = 0; i < decider->n_looks; i++)
    decider->looks[i] += added;
  decider->max_pairs += added;
}

guint
ib_decider_total_looks (const IbDecider *decider)
{
  g_return_val_if_fail (decider != NULL, 0);

  return decider->n_looks + decider->earlier_looks;
}

double
ib_decider_level (const IbDecider *decider)
{
  g_return_val_if_fail (decider != NULL && decider->n_looks > 0, 0.95);

  return 1.0 - decider->alpha / decider->n_looks;
}

static void
look (IbDecider *decider)
{
  ib_paired_analyse ((const double *) (gconstpointer) decider->a->data,
                     (const double *) (gconstpointer) decider->b->data,
                     decider->a->len, ib_decider_level (decider), decider->margin,
                     &decider->result);
  decider->looks_done++;
  if (ib_paired_is_decided (&decider->result) || decider->looks_done >= decider->n_looks)
    decider->stopped = TRUE;
}

gboolean
ib_decider_add (IbDecider *decider,
                double     a,
                double     b)
{
  g_return_val_if_fail (decider != NULL && decider->a != NULL, TRUE);

  if (decider->stopped)
    return TRUE;
  if (!(a > 0 && b > 0 && isfinite (a) && isfinite (b)))
    return FALSE;
  g_array_append_val (decider->a, a);
  g_array_append_val (decider->b, b);
  if (!decider->by_time && decider->looks_done < decider->n_looks &&
      decider->a->len >= decider->looks[decider->looks_done])
    look (decider);
  return decider->stopped;
}

gboolean
ib_decider_look (IbDecider *decider)
{
  g_return_val_if_fail (decider != NULL && decider->a != NULL, TRUE);

  if (!decider->stopped)
    look (decider);
  return decider->stopped;
}

void
ib_decider_finish (IbDecider *decider)
{
  g_return_if_fail (decider != NULL && decider->a != NULL);

  if (decider->stopped)
    return;
  look (decider);
  decider->stopped = TRUE;
}

void
ib_decider_peek (const IbDecider *decider,
                 IbPaired        *out)
{
  g_return_if_fail (decider != NULL && decider->a != NULL && out != NULL);

  ib_paired_analyse ((const double *) (gconstpointer) decider->a->data,
                     (const double *) (gconstpointer) decider->b->data,
                     decider->a->len, ib_decider_level (decider), decider->margin, out);
}
