/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-compare.h: two reports strategy by strategy (DESIGN.md section 11,
 * `iobench-cli compare A.json B.json`). */
#pragma once

#include <glib.h>

#include "engine/ib-types.h"

G_BEGIN_DECLS

typedef enum
{
  IB_VERDICT_FASTER,        /* B is faster than A beyond the 95 % CI */
  IB_VERDICT_SLOWER,        /* B is slower than A */
  IB_VERDICT_SAME,          /* cannot be told apart */
  IB_VERDICT_NO_DATA,       /* a side has no measured sample */
} IbVerdict;

typedef struct
{
  char      *strategy;
  guint      n_a;
  guint      n_b;
  double     median_a_ns;
  double     median_b_ns;
  double     ratio;          /* median B / median A */
  double     ci_low;         /* bootstrap 95 % CI of the ratio */
  double     ci_high;
  IbVerdict  verdict;
  double     stall_a_ns;     /* median longest main-loop stall; < 0: not measured */
  double     stall_b_ns;
} IbCompareRow;

/* One row per strategy present in both reports, in A's statistics order.
 * The ratio's CI is a seeded bootstrap over the two sets of measured wall
 * times (ib_stats_ratio; seed = A's plan seed). */
GArray     *ib_compare_reports     (const IbReport *a,
                                    const IbReport *b);
/* "faster", "slower", "cannot be told apart", "no data" (translated). */
const char *ib_verdict_to_string   (IbVerdict       verdict);
/* "B is 1.3x faster (95 % CI 1.2-1.4)" and the like (translated). */
char       *ib_compare_row_text    (const IbCompareRow *row);

G_END_DECLS
