/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-sweep.h: sweeps (docs/architecture.md, "The experiments and
 * the other workloads"): vary the file count, the file size
 * or the files in flight for two or more strategies and find where their order
 * flips. Called by the runner on its worker thread. */
#pragma once

#include <gio/gio.h>

#include "engine/stats/ib-stats.h"
#include "engine/io/ib-strategy.h"
#include "engine/model/ib-types.h"

G_BEGIN_DECLS

typedef void (*IbSweepProgress) (double      fraction,
                                 const char *message,
                                 gpointer    user_data);

typedef struct
{
  const IbPlan    *plan;          /* plan->sweep is the spec; repeat, warmup, cache, seed... */
  guint            workers;       /* resolved, never 0 */
  guint            max_in_flight; /* cap below RLIMIT_NOFILE, never 0 */
  IbScratch       *scratch;
  GCancellable    *cancellable;
  IbSweepProgress  progress;
  gpointer         progress_data;
  /* Called (with progress_data) for things the report should say, e.g. a
   * value capped below the open-file limit (a key and values, which the
   * callee copies). May be NULL. */
  void           (*warn) (const IbWarning *warning,
                          gpointer         user_data);
} IbSweepContext;

/* Makes a file set per value, measures every sweep strategy (plan->warmup +
 * plan->repeat rounds, seeded interleaving) and returns the points with their
 * median and 95 % CI, and the crossover. NULL with @error on failure/cancel;
 * the points measured so far are in *@partial when @partial is not NULL. */
IbSweep *ib_sweep_run             (const IbSweepContext  *ctx,
                                   IbSweep              **partial,
                                   GError               **error);

/* The verdict rule for two sweep points, which keep no samples: the ratio
 * median(b) / median(a) by ib_stats_ratio_of_medians (ib-stats.h), so TOO_FEW
 * below IB_VERDICT_MIN_SAMPLES valid samples a side or without an interval's
 * coverage, SAME when the interval contains 1. Winners and crossovers of a
 * sweep are claimed only where this is clear (ib_ratio_is_clear). */
void     ib_sweep_point_ratio     (const IbSweepPoint    *a,
                                   const IbSweepPoint    *b,
                                   IbRatio               *out);

/* Sets has_crossover, crossover_value, crossover_winner and crossover_loser from @sweep->points:
 * the first value where the order of two strategies flips by a clear verdict
 * (ib_sweep_point_ratio), compared with the first value where their order was
 * clear. */
void     ib_sweep_find_crossover  (IbSweep               *sweep);

/* A sweep value as every display shows it (analysis/ib-labels.h's
 * ib_format_vary_value is this one): "1,000 files", "2.7 KiB", "8 in flight". */
char    *ib_sweep_format_value    (IbVaryKind             vary,
                                   guint64                value);

G_END_DECLS
