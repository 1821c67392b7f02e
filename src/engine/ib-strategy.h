/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-strategy.h: the read strategies, data-driven (DESIGN.md section 4).
 *
 * Each strategy is one table entry in ib-strategy.c and one function in
 * ib-strategy-*.c. A strategy reads every file of the set once, checks that the
 * bytes read equal the file size and, when ctx->verify is set, compares the
 * CRC-32 with the one recorded when the file was made. Async strategies run on
 * the thread-default GMainContext of the calling thread (the runner's worker
 * thread) and iterate it until they are done: their callbacks never reach the
 * UI loop.
 */
#pragma once

#include <gio/gio.h>

#include "ib-types.h"
#include "ib-fileset.h"

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
  guint64          chunk;       /* effective chunk size (plan's, or the strategy default) */
  IbBufferPolicy   buffer;
  guint            workers;     /* resolved: never 0 */
  guint            in_flight;   /* resolved: never 0, never above the fd cap */
  guint            queue_depth; /* reads in flight per file (uring-stream-parallel); 0 = 4 */
  gboolean         direct;      /* O_DIRECT with aligned buffers (strategies with .direct) */
  gboolean         verify;
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
  gint64           verify_ns;   /* CRC-32 time on the timing thread (taken out of the wall time) */
  gint64           verify_other_ns; /* CRC-32 time on worker threads (overlaps other reads) */
  guint            threads_started_timed; /* worker threads first seen while timed (should be 0) */
  /* internal: set by ib_strategy_prepare() and the runner's clock */
  gpointer         prepared;    /* what prepare made (e.g. a started thread pool) */
  GThread         *timer_thread; /* the thread that runs and times the strategy */
  gint             timing;      /* 1 between the clock's start and stop */
} IbStrategyContext;

typedef gboolean (*IbStrategyFunc) (IbStrategyContext *ctx,
                                    GError           **error);

typedef struct
{
  const char     *id;              /* e.g. "sync-read-all" */
  const char     *title;           /* N_(): short human name */
  const char     *description;     /* N_(): one line: the GIO calls it makes */
  const char     *seed_analogue;   /* the seed-002 Node.js analogue, or NULL */
  IbFamily        family;
  IbSchedule      schedule;
  guint64         default_chunk;   /* 0 when the strategy has no chunk */
  gboolean        seed_big;        /* one of the eight seed-002 strategies */
  IbStrategyFunc  run;
  gboolean        direct;          /* can honour --direct (O_DIRECT, aligned buffers) */
  const char   *(*unavailable) (void); /* NULL, or returns why it cannot run here */
} IbStrategyInfo;

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

/* Per-sample setup outside the timed span: starts the thread pool a strategy
 * uses and sizes (and touches) the reused buffers it will ask for. Call before
 * the clock starts; ib_strategy_release() after it stops, even on failure. */
gboolean              ib_strategy_prepare   (const IbStrategyInfo *info,
                                             IbStrategyContext    *ctx,
                                             GError              **error);
void                  ib_strategy_release   (const IbStrategyInfo *info,
                                             IbStrategyContext    *ctx);
const char           *ib_schedule_to_string (IbSchedule  schedule);

G_END_DECLS
