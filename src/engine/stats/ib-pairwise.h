/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-pairwise.h: order statistics of the pairwise values behind the
 * distribution-free intervals of two samples (ib_stats_ratio, ib_stats_shift)
 * and of paired differences (ib_paired_analyse), in O(n log n) time and O(n)
 * memory: the n x m values are never stored.
 *
 * Every rounded IEEE operation used here (a - b, a / b, (a + b) / 2) is
 * monotone in each operand, so with both samples sorted the values form a
 * matrix sorted along its rows and columns. The k-th smallest is found by a
 * binary search over the doubles themselves (their bit patterns, ordered),
 * counting the values at or below a candidate with two pointers: at most 64
 * counts of O(n + m) each. The result is the very double that sorting all the
 * values would put at index k (values that compare equal are the same double;
 * the one exception, -0 and +0, cannot arise from finite inputs that are not
 * -0). Inputs must be finite (and positive for a quotient). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  IB_PAIRWISE_DIFFERENCE,      /* b[j] - a[i] */
  IB_PAIRWISE_QUOTIENT,        /* b[j] / a[i] */
} IbPairwiseOp;

/* The @k-th smallest (0-based, k < na nb) of the na nb values b[j] op a[i];
 * @a and @b sorted ascending, na and nb > 0. */
double   ib_pairwise_select         (const double *a,
                                     guint         na,
                                     const double *b,
                                     guint         nb,
                                     IbPairwiseOp  op,
                                     guint64       k);

/* The @k-th smallest (0-based, k < n (n + 1) / 2) of the Walsh averages
 * (d[i] + d[j]) / 2, i <= j, of @d sorted ascending, n > 0. */
double   ib_walsh_select            (const double *d,
                                     guint         n,
                                     guint64       k);

/* Exact null distribution of the Mann-Whitney U for sample sizes @m and @n
 * (no ties): P(U = u), u = 0 .. m n, m n + 1 values (free with g_free). The
 * memory it takes on the way is about min (m, n) m n / 2 doubles. */
double  *ib_mw_null_distribution    (guint         m,
                                     guint         n);

/* Above this many pairs the null distribution of U is approximated. */
#define IB_MW_EXACT_MAX_PAIRS 10000

/* The number k of pairwise values to trim at each end for the Mann-Whitney
 * interval of samples of @m and @n values: the largest k with
 * P(U <= k - 1) <= (1 - IB_CI_TARGET) / 2, at least 1; *@coverage gets
 * 1 - 2 P(U <= k - 1). Exact up to IB_MW_EXACT_MAX_PAIRS pairs, else the
 * normal approximation. */
guint64  ib_mw_trim                 (guint         m,
                                     guint         n,
                                     double       *coverage);

G_END_DECLS
