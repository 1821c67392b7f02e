/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-runner-private.h: pieces of the runner shared with ib-sweep.c and the
 * tests, not part of the public engine API. */
#pragma once

#include <gio/gio.h>

#include "ib-strategy.h"
#include "ib-types.h"

G_BEGIN_DECLS

/* The order in which @n strategies run in round @round: a Fisher-Yates
 * shuffle of 0..n-1 with an IbRng seeded from @seed and @round, so the same
 * seed always gives the same schedule. */
void     ib_runner_round_order   (guint64               seed,
                                  guint                 round,
                                  guint                *order,
                                  guint                 n);

/* Sleeps @ms milliseconds in short steps, returning early (FALSE) when
 * @cancellable is cancelled. */
gboolean ib_runner_pause         (guint                 ms,
                                  GCancellable         *cancellable);

/* Runs @info once over ctx->files, timing only the strategy call (its setup,
 * ib_strategy_prepare(), and teardown are outside the clock; CRC-32 time of
 * --verify on this thread is subtracted and recorded as verify_ns): wall time,
 * rusage deltas, peak RSS, bytes and callbacks go into @sample (whose
 * strategy, round, warmup, residency and cache_ok the caller sets). Returns
 * FALSE only when cancelled; a failed read is recorded in the sample
 * (ok = FALSE, error = message) and returns TRUE. */
gboolean ib_runner_measure       (const IbStrategyInfo *info,
                                  IbStrategyContext    *ctx,
                                  IbSample             *sample,
                                  GError              **error);

G_END_DECLS
