/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-workloads.h: the workloads of the small-file and dispatch-overhead
 * experiments (docs/architecture.md, "The experiments and the other workloads").
 *
 * They are called by the runner on its worker thread, with the worker's
 * GMainContext as thread-default. @progress is called on that thread too
 * (the runner turns it into events).
 *
 * Both return FALSE with IB_ERROR_CANCELLED when @cancellable fires (within
 * 200 ms), keeping in @report what was finished so far.
 */
#pragma once

#include <gio/gio.h>

#include "engine/io/ib-fileset.h"
#include "engine/model/ib-types.h"

G_BEGIN_DECLS

#define IB_OVERHEAD_DEFAULT_ITERATIONS   G_GUINT64_CONSTANT (999999)
/* The thread kinds ("thread", "pool") cost a thread hop per op: at most this
 * many iterations per repetition (the row records the count used). */
#define IB_OVERHEAD_MAX_THREAD_ITERATIONS G_GUINT64_CONSTANT (100000)

#define IB_WRITE_UNLINK_DEFAULT_REQUESTS    2000
#define IB_WRITE_UNLINK_DEFAULT_CONCURRENCY 2000
#define IB_WRITE_UNLINK_DEFAULT_BYTES       4096
/* Runs per mode: with 8 rounds the signed-rank interval of the paired
 * log-ratios can reach 95 % coverage (it needs at least 6) with room for a
 * run lost to a failure, and quick's 500 requests take about 3 s for all. */
#define IB_WRITE_UNLINK_DEFAULT_RUNS        8
#define IB_WRITE_UNLINK_MAX_RUNS            1000

typedef void (*IbWorkProgress) (double      fraction,
                                const char *message,
                                gpointer    user_data);

/* What ib_overhead_run() measures: the kinds of @spec, @repeat repetitions
 * after @warmup, @pause_ms of settle pause, rounds ordered by @seed;
 * @progress (may be NULL) is called with @progress_data. */
typedef struct
{
  const IbOverheadSpec *spec;
  guint                 repeat;
  guint                 warmup;
  guint                 pause_ms;
  guint64               seed;
  IbWorkProgress        progress;
  gpointer              progress_data;
} IbOverheadRequest;

/* What ib_write_unlink_run() and ib_write_unlink_run_in_set() measure: the
 * modes of @spec, rounds ordered by @seed; @progress (may be NULL) is called
 * with @progress_data. */
typedef struct
{
  const IbWriteUnlinkSpec *spec;
  guint64                  seed;
  IbWorkProgress           progress;
  gpointer                 progress_data;
} IbWriteUnlinkRequest;

/* The overhead kinds in report order: "direct", "gtask", "idle", "thread",
 * "pool", "tasks-1", "tasks-100" (NULL-terminated, static). */
const char *const *ib_overhead_kinds        (void);
/* The kind's display name (translated; the id itself when unknown). */
const char        *ib_overhead_kind_title   (const char *kind);
/* One line saying what a kind measures (translated), NULL if unknown. */
const char        *ib_overhead_kind_describe (const char *kind);
/* Iterations a kind runs per repetition for a requested count @n (0: the
 * default): "thread" and "pool" are capped at
 * IB_OVERHEAD_MAX_THREAD_ITERATIONS, "tasks-100" runs n / 100 batches (at
 * least 1) so that it makes as many tasks as "gtask". */
guint64            ib_overhead_kind_iterations (const char *kind,
                                                guint64     n);

/* Dispatch overhead: appends one IbOverheadRow per kind to report->overhead
 * (ns/op median over the request's repeat repetitions after its warmup, CI,
 * ratio to direct). Kinds are run in a seeded random order in each round
 * (IbMeasure's round order), each sample in IbMeasure's bracket after its
 * settle step (a pause of pause_ms, at least IB_SETTLE_PAUSE_MS). For "tasks-1" and
 * "tasks-100" one op is a whole batch (create and resolve 1 or 100 empty tasks
 * and wait for all of them, like Promise.all). */
gboolean ib_overhead_run (const IbOverheadRequest *request,
                          IbReport                *report,
                          GCancellable            *cancellable,
                          GError                 **error);

/* The write + delete modes in report order: "sync-serial", "async-gio",
 * "thread-pool" (NULL-terminated, static). */
const char *const *ib_write_unlink_modes    (void);
/* The mode's display name (translated; the id itself when unknown). */
const char        *ib_write_unlink_mode_title (const char *mode);
/* At most @concurrency, and at most ib_os_usable_fds (@nofile_limit)
 * (G_MAXUINT: no limit). 0 means the default. */
guint              ib_write_unlink_effective_concurrency (guint concurrency,
                                                          guint nofile_limit);

/* What request @index of a run with @seed writes: @bytes random letters
 * a-zA-Z (as seed 001's randomString), the same for the same arguments. */
GBytes            *ib_write_unlink_content (guint64 seed,
                                            guint   index,
                                            guint   bytes);

/* Write + delete under concurrency in @work_dir (a folder the runner made,
 * holding its IB_FILESET_MARKER): sets report->write_unlink. Each mode runs
 * the request's spec->runs times (0: IB_WRITE_UNLINK_DEFAULT_RUNS) in
 * rounds: every round runs each mode once, in the order
 * ib_measure_round_order (seed ^ 0x777269746575, round) gives, with IbMeasure's settle step before
 * every run; each run is kept in report->write_unlink->runs and each mode's
 * summary is over its runs. Requests are
 * issued as `ab -n R -c C` does: C at once, then one more each time one
 * completes; a request's latency runs from its issue to its file's deletion.
 * In "sync-serial" the requests are served one after another, so the ones
 * issued together queue. A request in flight holds one of at most C slots
 * and writes the new file wr-SLOT.txt inside @work_dir (the run owns the
 * folder); the slot names are listed in its marker before the first is
 * written (ib_file_set_marker_add_names). All files are deleted, also on
 * error and cancel.
 *
 * @work_dir is opened once, without following a symlink, and every file is
 * made, written and deleted relative to that descriptor, never through the
 * path. When @work_dir stops leading to that folder (device and inode), the
 * run stops with IB_ERROR_IO saying that its folder was replaced, touching
 * nothing in what is there now. */
gboolean ib_write_unlink_run (const IbWriteUnlinkRequest *request,
                              const char                 *work_dir,
                              IbReport                   *report,
                              GCancellable               *cancellable,
                              GError                    **error);
/* The same in @work's folder (a set made with no files, as the runner makes
 * it), through the descriptor the set opened when it made the folder and
 * checked against the identity it had then. */
gboolean ib_write_unlink_run_in_set (const IbWriteUnlinkRequest *request,
                                     const IbFileSet            *work,
                                     IbReport                   *report,
                                     GCancellable               *cancellable,
                                     GError                    **error);

G_END_DECLS
