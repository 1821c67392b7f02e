/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-strategy.h: the read strategies, data-driven (README.md, "What the
 * strategies are").
 *
 * Each strategy is one table entry in ib-strategy.c (designated
 * initialisers) and one function in ib-strategy-*.c. A strategy reads every
 * file of the set once and checks that the bytes read equal the file size.
 * Async strategies run on the thread-default GMainContext of the calling
 * thread (the runner's worker thread) and iterate it until they are done:
 * their callbacks never reach the UI loop.
 *
 * How one sample uses a strategy (the measuring code follows exactly this):
 *
 *   ctx.chunk = plan->chunk;                     (0: the strategy's own)
 *   ib_strategy_prepare (info, &ctx, &error);     outside the clock: decides
 *                                                 the chunk once (ctx.chunk),
 *                                                 sizes reused buffers, runs
 *                                                 the entry's setup (a
 *                                                 started thread pool, an
 *                                                 io_uring ring)
 *   t0 = clock ();
 *   ib_strategy_run (info, &ctx, &error);         the timed reads, nothing else
 *   t1 = clock ();
 *   ib_strategy_verify (info, &ctx, &error);      with ctx.verify: the CRC-32
 *                                                 check, after the clock
 *   ib_strategy_release (info, &ctx);             always, even on failure
 *   sample->chunk = ctx.chunk;                    the chunk actually used
 *
 * Buffers: with IB_BUFFER_FRESH every file's buffer is a new anonymous
 * mapping of its own (ib_os_buffer_alloc()), so no strategy reads into
 * pages another one wrote; prepare makes one per file and faults it in
 * before the clock (huge pages where the system gives them), the run is
 * lent them, release unmaps them after the clock: every strategy gets
 * equally fresh memory, and the span holds the reads, not the kernel's
 * page zeroing. With IB_BUFFER_REUSED the entry's .reused_size hook says how
 * big each slot (one per file in flight) must be, and prepare faults it in
 * before the clock.
 *
 * --verify never runs inside the timed span: ib_strategy_run() reads with
 * the CRC-32 off, and ib_strategy_verify() then runs the same strategy once
 * more, untimed, with the same buffers, ring or pool, comparing every
 * file's CRC-32 with the one recorded when the file was made. So the timed
 * code is the same with and without --verify.
 */
#pragma once

#include <gio/gio.h>

#include "engine/model/ib-types.h"
#include "engine/io/ib-fileset.h"

G_BEGIN_DECLS

typedef enum
{
  IB_FAMILY_SYNC,
  IB_FAMILY_ASYNC,
  IB_FAMILY_THREAD,
  IB_FAMILY_URING,     /* the kernel's own async I/O: io_uring, no thread hop */
} IbFamily;

typedef enum
{
  IB_SCHEDULE_SERIAL,
  IB_SCHEDULE_PARALLEL,
} IbSchedule;

/* Buffers that survive between samples when the plan asks for a reused
 * buffer (IB_BUFFER_REUSED): owned by the runner, grown on demand. */
typedef struct _IbScratch IbScratch;

IbScratch *ib_scratch_new  (void);
void       ib_scratch_free (IbScratch *scratch);
/* Returns a buffer of at least @size bytes for slot @slot (one per file in
 * flight); the contents are unspecified. */
guint8    *ib_scratch_get  (IbScratch *scratch,
                            guint      slot,
                            gsize      size);
/* Something a strategy keeps for the whole run (thread-pool-parallel's
 * started pool), freed with @destroy when replaced or with the scratch. */
gpointer   ib_scratch_get_kept (IbScratch      *scratch);
void       ib_scratch_set_kept (IbScratch      *scratch,
                                gpointer        data,
                                GDestroyNotify  destroy);

typedef struct
{
  /* in */
  const IbFileSet *files;
  guint64          chunk;       /* the plan's chunk (0: the strategy's own); prepare turns
                                 * it into the one used (ib_strategy_decide_chunk()), and
                                 * a direct read rounding it up further to a larger
                                 * alignment writes that back: after the run it is the
                                 * chunk used, 0 for a strategy without one */
  IbBufferPolicy   buffer;
  guint            workers;     /* resolved: never 0 */
  guint            in_flight;   /* resolved: never 0, never above the fd cap */
  guint            queue_depth; /* reads in flight per file (uring-stream-parallel); 0 = 4 */
  gboolean         direct;      /* O_DIRECT with aligned buffers (strategies with .direct) */
  gboolean         verify;      /* ib_strategy_verify() checks the CRC-32 (direct
                                 * callers of info->run: checked inline) */
  GCancellable    *cancellable;
  IbScratch       *scratch;
  gboolean         responsiveness; /* tick the context while the sample runs */
  /* out */
  guint64          bytes;       /* total bytes read */
  guint64          callbacks;   /* async callbacks dispatched on the context */
  guint64          dispatches;  /* iterations of the context that dispatched something:
                                 * GIO's internal steps included (a lower bound when
                                 * several callbacks are ready at once), the
                                 * responsiveness tick's left out */
  guint64          ticks;       /* dispatches of the responsiveness tick */
  guint            max_open;    /* most files open (or requested) at once */
  gint             open_now;    /* internal: files open right now */
  guint            max_in_flight; /* most files in progress at once (started, not finished) */
  gint             in_flight_now; /* internal: files in progress right now */
  gint64           verify_ns;   /* wall time of ib_strategy_verify()'s untimed pass */
  guint            threads_started_timed; /* worker threads first seen while timed (should be 0) */
  gint             crc_in_span;   /* CRC-32 updates while timed (should stay 0) */
  gint             crc_outside;   /* CRC-32 updates after the clock (the verify pass) */
  gint             rings_in_span; /* io_uring rings set up while timed (should stay 0) */
  gint             rings_outside; /* io_uring rings set up before the clock (prepare) */
  /* internal: set by ib_strategy_prepare() and ib_strategy_run() */
  gpointer         prepared;    /* what the setup made (a started thread pool, a ring) */
  gpointer         fresh;       /* the fresh buffers prepare made, one per file (NULL:
                                 * none; the run then maps its own) */
  gint             timing;      /* 1 while ib_strategy_run() runs the strategy */
} IbStrategyContext;

typedef gboolean (*IbStrategyFunc) (IbStrategyContext *ctx,
                                    GError           **error);

typedef struct _IbStrategyInfo IbStrategyInfo;

/* What a group of strategies sets up outside the clock, written once for
 * all of them (ib-strategy.c): GLib's task pool warmed, a started thread
 * pool, an io_uring ring. .prepare makes it for the entry @info (its
 * schedule and chunk say how much) and keeps it in ctx->prepared;
 * .release (optional) undoes it after the clock; .unavailable (optional)
 * returns why it cannot be had in this build on this kernel, or NULL. */
typedef struct
{
  gboolean      (*prepare)     (const IbStrategyInfo *info,
                                IbStrategyContext    *ctx,
                                GError              **error);
  void          (*release)     (IbStrategyContext *ctx);
  const char   *(*unavailable) (void);
} IbStrategySetup;

struct _IbStrategyInfo
{
  const char     *id;              /* e.g. "sync-read-all" */
  const char     *title;           /* N_(): short human name */
  const char     *description;     /* N_(): one line: the GIO calls it makes */
  const char     *seed_analogue;   /* the seed-002 Node.js analogue: set for the eight
                                    * strategies seed-002 measured, NULL for the rest */
  const char     *timed_span;      /* N_(): what the clock of a sample covers */
  IbFamily        family;
  IbSchedule      schedule;
  guint64         default_chunk;   /* 0 when the strategy has no chunk */
  gboolean        direct;          /* can honour --direct (O_DIRECT, aligned buffers) */
  /* Hooks. .setup: what it needs made before the clock and undone after
   * it (NULL: nothing). .run: the timed reads only. .reused_size: the
   * buffer policy, the bytes of one reused slot for this context (NULL:
   * the strategy reads into no buffer of ours). */
  const IbStrategySetup *setup;
  IbStrategyFunc  run;
  gsize         (*reused_size) (const IbStrategyContext *ctx);
};

/* A strategy id with this suffix ("uring-read-all-parallel@direct") is the
 * same strategy reading with O_DIRECT, whatever the plan's --direct says. */
#define IB_DIRECT_SUFFIX "@direct"

const IbStrategyInfo *ib_strategies         (guint      *n_strategies);
/* The strategy of @id, or of the strategy @id is the direct variant of. */
const IbStrategyInfo *ib_strategy_lookup    (const char *id);
/* The one display name of a strategy (translated), used by the charts, the
 * reports, the CLI and the app; the id itself when unknown. The ids stay in
 * JSON, CSV and tooltips. */
const char           *ib_strategy_title     (const char *id);
gboolean              ib_strategy_id_is_direct (const char *id);
/* NULL when @info can run in this build on this kernel; else a translated
 * reason, e.g. "io_uring is disabled by the kernel (kernel.io_uring_disabled)". */
const char           *ib_strategy_unavailable (const IbStrategyInfo *info);
const char           *ib_family_to_string   (IbFamily    family);
/* What the timed span of a sample of @info contains, one translated sentence. */
const char           *ib_strategy_timed_span (const IbStrategyInfo *info);

/* The chunk size @info reads with for the plan's @plan_chunk (0: the
 * strategy's default): 0 for a strategy without a chunk, else clamped to
 * 1 B .. 1 GiB and, when @direct, rounded up to whole 4 KiB blocks. The one
 * place the chunk is decided; applying it twice changes nothing. */
guint64               ib_strategy_decide_chunk (const IbStrategyInfo *info,
                                                guint64               plan_chunk,
                                                gboolean              direct);
/* Per-sample setup outside the timed span: decides ctx->chunk, sizes (and
 * touches) the reused buffers or makes and faults in the fresh ones, runs
 * the entry's setup. Call before the clock starts; ib_strategy_release()
 * after it stops, even on failure. */
gboolean              ib_strategy_prepare   (const IbStrategyInfo *info,
                                             IbStrategyContext    *ctx,
                                             GError              **error);
/* The timed reads: the strategy with the CRC-32 off (ctx->verify is left
 * for ib_strategy_verify()); ctx->timing is 1 meanwhile. */
gboolean              ib_strategy_run       (const IbStrategyInfo *info,
                                             IbStrategyContext    *ctx,
                                             GError              **error);
/* After the clock: with ctx->verify, runs the strategy once more with the
 * CRC-32 of every file checked (ctx->verify_ns: how long that took); the
 * out fields of the timed run are left as they were. TRUE at once without
 * ctx->verify. */
gboolean              ib_strategy_verify    (const IbStrategyInfo *info,
                                             IbStrategyContext    *ctx,
                                             GError              **error);
void                  ib_strategy_release   (const IbStrategyInfo *info,
                                             IbStrategyContext    *ctx);
const char           *ib_schedule_to_string (IbSchedule  schedule);

G_END_DECLS
