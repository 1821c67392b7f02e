/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-compare-map.h: two size x count maps side by side (`iobench-cli
 * compare`, the comparison page and its HTML and Markdown): for every cell
 * both maps measured (the same file size and count) and each of its two
 * lines, the verdict and ratio in A and in B, and whether the verdict
 * changed. The verdicts are each map's own (sync against async within one
 * run, ib_map_line_verdict); nothing is paired across the two runs. */
#pragma once

#include <glib.h>

#include "engine/model/ib-map.h"
#include "engine/model/ib-types.h"
#include "ib-map-advice.h"
#include "ib-tables.h"
#include "ib-verdict.h"

G_BEGIN_DECLS

typedef struct
{
  guint64           size;     /* bytes per file */
  guint64           count;    /* files */
  IbMapLineKind     line;
  IbMapClass        class_a;  /* how each map's line fell */
  IbMapClass        class_b;
  IbVerdictInterval iv_a;     /* its verdict, ratio b / a (async / sync) and interval */
  IbVerdictInterval iv_b;
  gboolean          changed;  /* class_a != class_b, both reached */
} IbCompareMapRow;

/* The rows of the cells both maps have, in A's order (size, then count,
 * then the serial line before the parallel one); empty when either report
 * has no map. @only_a and @only_b (may be NULL) receive how many cells only
 * one map has. */
GArray     *ib_compare_maps          (const IbReport *a,
                                      const IbReport *b,
                                      guint          *only_a,
                                      guint          *only_b);
/* "sync faster", "async faster", "equivalent", "not decided", "not reached"
 * (translated). */
const char *ib_map_class_to_string   (IbMapClass      klass);
/* The differences in one or two sentences, naming every line whose verdict
 * changed: "The verdict changed in 2 of the 8 lines the two maps share: 4
 * KiB x 16 files all at once (async faster in A, sync faster in B); ..."
 * or "No verdict changed in the 8 lines the two maps share.", then how many
 * lines only one run reached and how many cells only one map has; NULL
 * without rows. */
char       *ib_compare_maps_summary  (const GArray   *rows,
                                      guint           only_a,
                                      guint           only_b,
                                      const char     *name_a,
                                      const char     *name_b);
/* The table of ib_compare_maps with the runs called @name_a and @name_b:
 * the cell's line ("4 KiB × 16 files all at once"), what changed, the
 * verdicts in A and in B in one sentence column; its note the
 * summary, or why there is nothing to compare ("Only ... has a map").
 * NULL when neither report has a map. */
IbTable    *ib_table_compare_map     (const IbReport *a,
                                      const char     *name_a,
                                      const IbReport *b,
                                      const char     *name_b);

G_END_DECLS
