/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-compare.h: two reports strategy by strategy (DESIGN.md section 11,
 * `iobench-cli compare A.json B.json`). */
#pragma once

#include <glib.h>

#include "engine/ib-types.h"

G_BEGIN_DECLS

typedef enum
{
  IB_VERDICT_FASTER,        /* B is faster than A: the ratio's interval lies below 1 */
  IB_VERDICT_SLOWER,        /* B is slower than A */
  IB_VERDICT_SAME,          /* cannot be told apart */
  IB_VERDICT_NO_DATA,       /* a side has no valid sample */
  IB_VERDICT_TOO_FEW,       /* a side has fewer than IB_VERDICT_MIN_SAMPLES valid samples */
} IbVerdict;

typedef struct
{
  char      *strategy;
  guint      n_a;            /* valid samples in A */
  guint      n_b;
  double     median_a_ns;
  double     median_b_ns;
  double     ratio;          /* median B / median A */
  double     ci_low;         /* interval of the ratio (ib_stats_ratio) */
  double     ci_high;
  double     ci_level;       /* its achieved coverage (at least 0.95 from n = 5 a side) */
  IbVerdict  verdict;
  double     stall_a_ns;     /* median longest main-loop stall; < 0: not measured */
  double     stall_b_ns;
} IbCompareRow;

/* One row per strategy present in both reports, in A's statistics order,
 * from the valid wall times of each side (ib_report_ratio): no verdict below
 * IB_VERDICT_MIN_SAMPLES a side, "cannot be told apart" when the interval of
 * the ratio contains 1. */
GArray     *ib_compare_reports     (const IbReport *a,
                                    const IbReport *b);
/* "faster", "slower", "cannot be told apart", "too few samples to tell",
 * "no data" (translated). */
const char *ib_verdict_to_string   (IbVerdict       verdict);
/* "B is 1.3x faster (96.83 % interval 1.20-1.40)", "too few samples to tell
 * (n = 2; at least 5 needed)" and the like (translated). */
char       *ib_compare_row_text    (const IbCompareRow *row);

G_END_DECLS
