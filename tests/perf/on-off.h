/* SPDX-License-Identifier: GPL-3.0-or-later */
/* on-off.h: what tick-cost and verify-cost share: every strategy timed with
 * one switch (the tick, --verify) on and off, in a seeded random order
 * within each round, through IbMeasure's bracket, then printed as
 * medians, their ratio and the median of the same round's on/off ratios. */
#pragma once

#include "engine/io/ib-fileset.h"
#include "engine/io/ib-strategy.h"

G_BEGIN_DECLS

/* Sets the switch (@on) and whatever else the tool wants in @ctx, which
 * holds the files, workers, files in flight and scratch already. */
typedef void (*OnOffSetup) (IbStrategyContext    *ctx,
                            const IbStrategyInfo *info,
                            gboolean              on,
                            gpointer              data);

typedef struct
{
  const char *id;
  double      off_ns;     /* median wall time, switch off */
  double      on_ns;      /* and on */
  double      paired;     /* median of the on/off ratios of one round */
} OnOffRow;

typedef struct
{
  double sum_off_ns;      /* sums of the medians */
  double sum_on_ns;
  guint  measured;        /* strategies in the table */
  guint  below_one;       /* of them with a paired ratio below 1 */
} OnOffSums;

/* Times every strategy that can run here over @set, @repeat measured rounds
 * after one warm-up round; the rows (OnOffRow, table order), or NULL with
 * @error when a sample failed. */
GArray *on_off_measure (IbFileSet   *set,
                        guint        in_flight,
                        guint        repeat,
                        OnOffSetup   setup,
                        gpointer     data,
                        GError     **error);

/* Prints @rows under a heading of @title, @off and @on, then the geometric
 * mean of the paired ratios and the sums of medians; fills @sums. */
void    on_off_print   (GArray      *rows,
                        const char  *title,
                        const char  *off,
                        const char  *on,
                        OnOffSums   *sums);

G_END_DECLS
