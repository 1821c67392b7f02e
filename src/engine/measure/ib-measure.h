/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-measure.h: IbMeasure, the one place a sample is taken.
 *
 * Runs, sweeps, the dispatch overhead and write+delete all time their work
 * here: the cache state is prepared and judged with one set of thresholds,
 * the machine settles (dirty pages written back, a short pause), the
 * responsiveness tick starts, the clocks are read, the work runs, the clocks
 * are read again and the sample is recorded (wall, CPU, run-queue wait,
 * contention). The round order of every workload comes from here too.
 *
 * Everything runs on the calling thread (the runner's worker), whose
 * thread-default GMainContext is the one async strategies dispatch on.
 */
#pragma once

#include <gio/gio.h>

#include "engine/io/ib-fileset.h"
#include "engine/os/ib-busy.h"
#include "engine/os/ib-os.h"
#include "engine/io/ib-strategy.h"
#include "engine/model/ib-types.h"

G_BEGIN_DECLS

/* Warm: at least this share of the files in the page cache before a sample. */
#define IB_MEASURE_WARM_MIN      0.99
/* Cold: at most this share. */
#define IB_MEASURE_COLD_MAX      0.01
/* A serial sample too short for the CPU counters (IB_BUSY_MIN_SPAN_NS)
 * whose thread waited for a CPU (run-queue wait) longer than this share of
 * its wall time is contended (ib_measure_is_contended). Its one thread runs
 * or waits, so a wait of w slows it by 1 / (1 - w): 10 % is 11 %, just past
 * the ±10 % margin. Measured beside busy loops (tests/perf/README.md, load
 * 7.5-9.1): 3-15 % at the baselines, 49-77 % wherever it slowed. */
#define IB_CONTENDED_SHARE       0.10
/* The settle step's pause after write-back, at least (the plan's pause_ms
 * when longer). */
#define IB_SETTLE_PAUSE_MS       10

/* Who opened a bracket (counted, so tests can see every workload uses it). */
typedef enum
{
  IB_MEASURE_USER_READS,
  IB_MEASURE_USER_SWEEP,
  IB_MEASURE_USER_OVERHEAD,
  IB_MEASURE_USER_WRITE_UNLINK,
  IB_MEASURE_USER_MAP,
  IB_MEASURE_USER_OTHER,       /* tests, perf tools */
  IB_MEASURE_N_USERS
} IbMeasureUser;

/* ---- the clock bracket ---------------------------------------------------- */

/* One timed span: clocks, resource usage and run-queue wait read at its
 * start and stop, and the responsiveness tick between them. */
typedef struct
{
  IbMeasureUser user;
  gint64        t0;
  IbRusage      before;
  gint64        runq_self0;     /* this thread's run-queue wait so far, -1 unknown */
  GArray       *runq_others0;   /* IbRunqEntry of the other threads, NULL unknown */
  IbCpuSnapshot cpus0;          /* the machine's CPU counters */
  gpointer      tick;           /* IbTick, NULL without one */
} IbBracket;

/* Starts a bracket on the calling thread; with @tick_context the
 * responsiveness tick runs on it (adding its dispatches to *@tick_counter,
 * which may be NULL). The clock is read last. */
void     ib_bracket_start         (IbBracket     *bracket,
                                   IbMeasureUser  user,
                                   GMainContext  *tick_context,
                                   guint64       *tick_counter);
/* Stops @bracket (the clock is read first) and fills @out: wall_ns, the CPU
 * and rusage deltas, peak_rss_bytes, runq_wait_ns, runq_wait_workers_ns,
 * cpus_busy_ns, contended and, with a tick, the responsiveness fields.
 * Returns wall_ns. */
gint64   ib_bracket_stop          (IbBracket     *bracket,
                                   IbSample      *out);
/* Tests: brackets opened by @user in this process so far. */
guint    ib_bracket_count         (IbMeasureUser  user);

/* TRUE when other work took CPUs from @sample: over at least
 * IB_BUSY_MIN_SPAN_NS, other work (cpus_busy_ns - cpu_ns) used
 * IB_BUSY_CORES or more; in a shorter serial sample (max_in_flight 1: one
 * thread works, so it waits only behind other work), its thread waited
 * more than IB_CONTENDED_SHARE of its wall time. A parallel strategy's
 * threads waiting for each other never count. FALSE when unknown. */
gboolean ib_measure_is_contended  (const IbSample *sample);

/* ---- round order and rounds ------------------------------------------------ */

/* The order in which @n items run in round @round: a Fisher-Yates shuffle of
 * 0..n-1 with an IbRng seeded from @seed and @round, so the same seed always
 * gives the same schedule. */
void     ib_measure_round_order   (guint64        seed,
                                   guint          round,
                                   guint         *order,
                                   guint          n);
/* @warmup warm-up rounds plus @repeat measured ones: the one place they are
 * added up (every workload's count of rounds comes from here). */
guint    ib_measure_n_rounds      (guint          warmup,
                                   guint          repeat);
/* Warm-up plus measured rounds of the plan's read experiment and sweep. */
guint    ib_plan_n_rounds         (const IbPlan  *plan);
/* The dispatch overhead's repetitions and warm-ups (its own when set, else
 * the plan's); returns their sum. */
guint    ib_plan_overhead_rounds  (const IbPlan  *plan,
                                   guint         *repeat,
                                   guint         *warmup);
/* How much work the plan's sweep, dispatch overhead and write + delete parts
 * are (0 when it has none), in the runner's units of progress: a unit is
 * roughly one read sample of a preset (about a second). */
double   ib_plan_sweep_units        (const IbPlan  *plan);
double   ib_plan_overhead_units     (const IbPlan  *plan);
double   ib_plan_write_unlink_units (const IbPlan  *plan);
/* A new seed for a run, from the system's entropy (never the same twice in
 * practice). */
guint64  ib_measure_new_seed      (void);

/* Sleeps @ms milliseconds in short steps, returning early (FALSE) when
 * @cancellable is cancelled. */
gboolean ib_measure_pause         (guint          ms,
                                   GCancellable  *cancellable);
/* Tests: settle steps taken in this process so far, by any workload (each
 * pauses once, with ib_measure_pause()). */
guint    ib_measure_settle_count  (void);

/* ---- one sample of a read strategy ---------------------------------------- */

/* Runs @info once over ctx->files inside a bracket of @user, timing only the
 * strategy call (ib_strategy_prepare() before the clock, which decides the
 * chunk; ib_strategy_verify() with --verify and release after it): wall
 * time, rusage deltas, run-queue wait, peak RSS, bytes, callbacks, the chunk
 * used and verify_ns go into @sample (strategy, round, warmup, residency and
 * cache_ok are the caller's). Returns FALSE only when cancelled; a failed read is
 * recorded in the sample (ok = FALSE, error = message) and returns TRUE. */
gboolean ib_measure_run           (const IbStrategyInfo *info,
                                   IbStrategyContext    *ctx,
                                   IbMeasureUser         user,
                                   IbSample             *sample,
                                   GError              **error);

typedef struct _IbMeasure IbMeasure;

/* Something the report should say, once per key (the callee copies
 * @warning). */
typedef void (*IbMeasureWarnFunc) (const IbWarning *warning,
                                   gpointer         user_data);

typedef struct
{
  const IbPlan      *plan;        /* cache, chunk, buffer, queue_depth, direct, verify,
                                   * responsiveness, pause_ms, warmup: kept, not copied */
  IbMeasureUser      user;
  guint              workers;     /* resolved, never 0 */
  IbScratch         *scratch;
  GCancellable      *cancellable;
  IbMeasureWarnFunc  warn;        /* may be NULL */
  gpointer           warn_data;
} IbMeasureSetup;

IbMeasure *ib_measure_new         (const IbMeasureSetup *setup);
void       ib_measure_free        (IbMeasure            *m);

/* The files the next samples read (not owned; kept until replaced) and the
 * most files in flight (resolved, never 0). */
void       ib_measure_set_files   (IbMeasure            *m,
                                   IbFileSet            *files,
                                   guint                 in_flight);
/* Whether the plan's cold cache can be had here at all (@env: the run's
 * environment, may be NULL); warns when it cannot, or when it cannot be
 * checked. Call once the files are set. Cold samples are never dropped
 * where it is impossible: they are marked not cold. */
void       ib_measure_check_cache (IbMeasure            *m,
                                   const IbEnvironment  *env);
/* Writes the file set back to the disk (no dirty pages of ours left to land
 * in a measurement); returns the time it took, ns. */
gint64     ib_measure_make_durable (IbMeasure           *m);
/* The settle step before a sample: the file system's dirty pages written
 * back (ib_os_sync_fs), then a pause of the plan's pause_ms, at least
 * IB_SETTLE_PAUSE_MS. *@settle_ns: how long it took. FALSE when cancelled. */
gboolean   ib_measure_settle      (IbMeasure            *m,
                                   gint64               *settle_ns);

/* One sample of strategy @strategy_id (a table id, maybe with
 * IB_DIRECT_SUFFIX) in round @round: settle, bring the files into the plan's
 * cache state and judge it, run the strategy in a bracket, record. @out is
 * cleared and filled (strategy, round, warmup = round < plan->warmup,
 * residency, cache_ok, excluded by ib_sample_judge, settle_ns, the bracket's
 * fields). Returns FALSE only when cancelled (or @strategy_id is unknown);
 * a failed read is in @out (ok = FALSE) with TRUE. */
gboolean   ib_measure_sample      (IbMeasure            *m,
                                   const char           *strategy_id,
                                   guint                 round,
                                   IbSample             *out,
                                   GError              **error);
/* The settle step of a workload without a file set (write + delete): the
 * dirty pages of @dir's file system written back, then a pause of @pause_ms,
 * at least IB_SETTLE_PAUSE_MS. FALSE when cancelled. ib_measure_settle is
 * this for its file set's folder and the plan's pause. */
gboolean   ib_measure_settle_dir  (const char           *dir,
                                   guint                 pause_ms,
                                   GCancellable         *cancellable,
                                   gint64               *settle_ns);
/* Samples whose cache state missed the plan's so far. */
guint      ib_measure_n_cache_bad (IbMeasure            *m);
/* Settle steps taken so far (tests). */
guint      ib_measure_n_settles   (IbMeasure            *m);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (IbMeasure, ib_measure_free)

G_END_DECLS
