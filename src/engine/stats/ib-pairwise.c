/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-pairwise.c: order statistics of pairwise values without storing them,
 * and the Mann-Whitney trim (see ib-pairwise.h). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <math.h>
#include <string.h>

#include "engine/stats/ib-pairwise.h"
#include "engine/stats/ib-stats.h"

/* ---- doubles as ordered keys ------------------------------------------- */

#define SIGN_BIT (G_GUINT64_CONSTANT (1) << 63)

/* A key whose unsigned order is the order of the doubles (-0 just below
 * +0; no NaN ever reaches it). */
static inline guint64
key_of (double x)
{
  guint64 u;

  memcpy (&u, &x, sizeof u);
  return (u & SIGN_BIT) ? ~u : u | SIGN_BIT;
}

static inline double
value_of (guint64 key)
{
  guint64 u = (key & SIGN_BIT) ? key & ~SIGN_BIT : ~key;
  double x;

  memcpy (&x, &u, sizeof x);
  return x;
}

/* How many of the values are <= @x; the largest of them in *@largest. */
typedef guint64 (*CountFunc) (gconstpointer data,
                              double        x,
                              double       *largest);

/* The @k-th smallest value, between @min and @max (both values): the
 * smallest key whose count exceeds k, then the largest value at or below
 * it, which is a value itself (the counts only change at values). */
static double
select_by_count (CountFunc     count,
                 gconstpointer data,
                 double        min,
                 double        max,
                 guint64       k)
{
  guint64 lo = key_of (min);
  guint64 hi = key_of (max);
  double largest = min;

  while (lo < hi)
    {
      guint64 mid = lo + (hi - lo) / 2;

      if (count (data, value_of (mid), &largest) > k)
        hi = mid;
      else
        lo = mid + 1;
    }
  count (data, value_of (lo), &largest);
  return largest;
}

/* ---- two samples ------------------------------------------------------- */

typedef struct
{
  const double *a;
  guint         na;
  const double *b;
  guint         nb;
  IbPairwiseOp  op;
} Pairs;

/* Exactly the expression the values are defined by. */
static inline double
pair_value (const Pairs *p,
            guint        i,
            guint        j)
{
  return p->op == IB_PAIRWISE_QUOTIENT ? p->b[j] / p->a[i] : p->b[j] - p->a[i];
}

/* Row i (a[i] fixed) ascends with j; a larger a[i] lowers every value, so
 * the prefix of a row at or below x only grows with i. */
static guint64
pairs_count (gconstpointer data,
             double        x,
             double       *largest)
{
  const Pairs *p = data;
  guint64 count = 0;
  double best = -INFINITY;
  guint j = 0;

  for (guint i = 0; i < p->na; i++)
    {
      while (j < p->nb && pair_value (p, i, j) <= x)
        j++;
      count += j;
      if (j > 0 && pair_value (p, i, j - 1) > best)
        best = pair_value (p, i, j - 1);
    }
  *largest = best;
  return count;
}

double
ib_pairwise_select (const double *a,
                    guint         na,
                    const double *b,
                    guint         nb,
                    IbPairwiseOp  op,
                    guint64       k)
{
  Pairs p = { a, na, b, nb, op };

  g_return_val_if_fail (a != NULL && b != NULL && na > 0 && nb > 0, 0.0);
  g_return_val_if_fail (k < (guint64) na * nb, 0.0);

  return select_by_count (pairs_count, &p, pair_value (&p, na - 1, 0), pair_value (&p, 0, nb - 1),
                          k);
}

/* ---- Walsh averages ---------------------------------------------------- */

typedef struct
{
  const double *d;
  guint         n;
} Walsh;

static inline double
walsh_value (const Walsh *w,
             guint        i,
             guint        j)
{
  return (w->d[i] + w->d[j]) / 2.0;
}

/* Row i holds j = i .. n - 1, ascending; the last j of a row at or below x
 * only falls as i grows, and once (i, i) is above x every later row is. */
static guint64
walsh_count (gconstpointer data,
             double        x,
             double       *largest)
{
  const Walsh *w = data;
  guint64 count = 0;
  double best = -INFINITY;
  gint64 j = (gint64) w->n - 1;

  for (guint i = 0; i < w->n; i++)
    {
      while (j >= (gint64) i && walsh_value (w, i, (guint) j) > x)
        j--;
      if (j < (gint64) i)
        break;
      count += (guint64) (j - i + 1);
      if (walsh_value (w, i, (guint) j) > best)
        best = walsh_value (w, i, (guint) j);
    }
  *largest = best;
  return count;
}

double
ib_walsh_select (const double *d,
                 guint         n,
                 guint64       k)
{
  Walsh w = { d, n };

  g_return_val_if_fail (d != NULL && n > 0, 0.0);
  g_return_val_if_fail (k < (guint64) n * (n + 1) / 2, 0.0);

  return select_by_count (walsh_count, &w, walsh_value (&w, 0, 0), walsh_value (&w, n - 1, n - 1),
                          k);
}

/* ---- the Mann-Whitney trim --------------------------------------------- */

/* One cell p(i, j, .) of the recurrence on the largest of the i + j values:
 * it belongs to the first sample with probability i / (i + j) and then
 * exceeds all j of the second (U grows by j), else U is unchanged:
 * p(i, j, u) = i / (i + j) p(i - 1, j, u - j) + j / (i + j) p(i, j - 1, u).
 * @up is p(i - 1, j, .), @left p(i, j - 1, .). Each entry is the same sum of
 * the same two products whichever order the cells are made in. */
static double *
mw_cell (guint         i,
         guint         j,
         const double *up,
         const double *left)
{
  guint len = i * j + 1;
  double from_first = (double) i / (i + j);
  double from_second = (double) j / (i + j);
  double *cell = g_new0 (double, len);

  /* up has (i - 1) j + 1 entries, shifted up by j. */
  for (guint u = 0; u + j < len && u <= (i - 1) * j; u++)
    cell[u + j] += from_first * up[u];
  /* left has i (j - 1) + 1 entries. */
  for (guint u = 0; u <= i * (j - 1); u++)
    cell[u] += from_second * left[u];
  return cell;
}

/* Cells are made a line at a time, keeping the previous line: along j when
 * n <= m (a line of n + 1 cells), else along i, so the cells kept hold about
 * min (m, n) m n / 2 values rather than n^2 m / 2. */
double *
ib_mw_null_distribution (guint m,
                         guint n)
{
  gboolean by_rows = n <= m;
  guint lines = by_rows ? m : n;
  guint width = by_rows ? n : m;
  g_autofree double **prev = g_new0 (double *, width + 1);
  g_autofree double **cur = g_new0 (double *, width + 1);
  double *result;

  /* Line 0 (i = 0, or j = 0): U = 0 whatever the other size. */
  for (guint x = 0; x <= width; x++)
    {
      prev[x] = g_new0 (double, 1);
      prev[x][0] = 1.0;
    }
  for (guint l = 1; l <= lines; l++)
    {
      cur[0] = g_new0 (double, 1);
      cur[0][0] = 1.0;
      for (guint x = 1; x <= width; x++)
        {
          if (by_rows)   /* i = l, j = x: up is the previous row's */
            cur[x] = mw_cell (l, x, prev[x], cur[x - 1]);
          else           /* i = x, j = l: up is this column's i - 1 */
            cur[x] = mw_cell (x, l, cur[x - 1], prev[x]);
        }
      for (guint x = 0; x <= width; x++)
        {
          g_free (prev[x]);
          prev[x] = cur[x];
          cur[x] = NULL;
        }
    }
  result = g_steal_pointer (&prev[width]);
  for (guint x = 0; x < width; x++)
    g_free (prev[x]);
  return result;
}

static double
normal_cdf (double z)
{
  return 0.5 * erfc (-z / G_SQRT2);
}

guint64
ib_mw_trim (guint   m,
            guint   n,
            double *coverage)
{
  double alpha_half = (1.0 - IB_CI_TARGET) / 2.0;
  guint64 pairs = (guint64) m * n;
  guint64 k = 1;

  g_return_val_if_fail (coverage != NULL, 1);

  if (pairs <= IB_MW_EXACT_MAX_PAIRS)
    {
      g_autofree double *p = ib_mw_null_distribution (m, n);
      double cdf = p[0];

      /* cdf = P(U <= k - 1) */
      while (k + 1 <= (pairs + 1) / 2 && cdf + p[k] <= alpha_half)
        {
          cdf += p[k];
          k++;
        }
      *coverage = MAX (1.0 - 2.0 * cdf, 0.0);
      return k;
    }
  else
    {
      /* Normal approximation with continuity correction: mean m n / 2,
       * variance m n (m + n + 1) / 12. */
      double mean = pairs / 2.0;
      double sd = sqrt (pairs * (m + n + 1.0) / 12.0);
      double z = 1.959963984540054;  /* the 97.5th percentile of N(0, 1) */
      double last = floor (mean - 0.5 - z * sd);  /* largest k - 1 allowed */

      k = last >= 0 ? (guint64) last + 1 : 1;
      *coverage = MAX (1.0 - 2.0 * normal_cdf ((k - 1 + 0.5 - mean) / sd), 0.0);
      return k;
    }
}
