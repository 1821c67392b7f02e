/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-runner.h: executes a plan on one dedicated worker thread.
 *
 * The worker thread owns its own GMainContext, pushed as thread-default for
 * the whole run, so every *_async callback of a strategy is dispatched there
 * and never on the caller's (UI) loop. Events are small immutable structs
 * posted to the caller's context with g_main_context_invoke_full(). One
 * GCancellable per run: a cancelled run stops within 200 ms, deletes its files
 * and keeps the samples finished so far, marked partial.
 *
 * Order of work for a plan: make files -> (warm cache) -> reads, interleaved in
 * a seeded random order per round -> sweep -> overhead -> write+delete ->
 * decision phase (with a budget, ib-decision.h) -> statistics and findings ->
 * cleanup -> IB_EVENT_DONE.
 */
#pragma once

#include <gio/gio.h>

#include "engine/run/ib-decision.h"
#include "engine/model/ib-types.h"

G_BEGIN_DECLS

typedef enum
{
  IB_PHASE_PREPARING,    /* checking the target, reaping stale folders */
  IB_PHASE_MAKING_FILES,
  IB_PHASE_WARMING,      /* reading files once for warm mode */
  IB_PHASE_MEASURING,    /* read strategies */
  IB_PHASE_SWEEP,
  IB_PHASE_OVERHEAD,
  IB_PHASE_WRITE_UNLINK,
  IB_PHASE_DECIDING,     /* the answer's pairs, until decided or the budget is spent */
  IB_PHASE_CLEANING,
  IB_PHASE_DONE,
} IbPhase;

typedef enum
{
  IB_EVENT_PROGRESS,     /* phase, message, fraction, eta_ns */
  IB_EVENT_SAMPLE,       /* sample (a copy, owned by the event) and statistics */
  IB_EVENT_WARNING,      /* warning: a key and values, worded by whoever shows it
                          * (analysis/ib-warning-text.h); a copy, owned by the event */
  IB_EVENT_DONE,         /* report (always set, maybe partial), error (NULL on success) */
  IB_EVENT_DECISION,     /* decision: where a line of the decision phase stands (its
                          * interval narrowing; a copy, owned by the event) */
  IB_EVENT_MAP,          /* map: the size x count map so far, after a line of a cell took
                          * a look (a copy, owned by the event; ib-map-run.h) */
} IbEventKind;

typedef struct
{
  IbEventKind  kind;
  IbPhase      phase;
  char        *message;     /* human readable, translated */
  double       fraction;    /* 0..1 of the whole run */
  gint64       eta_ns;      /* estimated time left, -1 when unknown */
  IbSample    *sample;
  GArray      *statistics;  /* IB_EVENT_SAMPLE: IbStats of every strategy with a
                             * measured sample so far, computed on the runner's
                             * thread between samples (never while one is timed),
                             * so a UI needs no thread of its own for them */
  IbReport    *report;
  GError      *error;
  IbDecisionLook *decision;
  IbMap       *map;
  IbWarning   *warning;
} IbEvent;

/* Called on the caller's context. The event is only valid during the call. */
typedef void (*IbEventFunc) (const IbEvent *event,
                             gpointer       user_data);

typedef struct _IbRunner IbRunner;

/* Validates @plan (copied); on error returns NULL with IB_ERROR_INVALID. */
IbRunner   *ib_runner_new        (const IbPlan   *plan,
                                  GError        **error);
/* Starts the worker thread. Events are delivered on @event_context (NULL: the
 * thread-default context of the caller). Exactly one IB_EVENT_DONE arrives. */
void        ib_runner_start      (IbRunner       *runner,
                                  GMainContext   *event_context,
                                  IbEventFunc     func,
                                  gpointer        user_data,
                                  GDestroyNotify  destroy);
void        ib_runner_cancel     (IbRunner       *runner);
gboolean    ib_runner_is_running (IbRunner       *runner);
/* Joins the worker thread (if started) and frees. Cancels first if running. */
void        ib_runner_free       (IbRunner       *runner);

/* Convenience for the CLI and tests: start, iterate a private loop until done,
 * return the report (partial on cancel/failure, with @error set). */
IbReport   *ib_runner_run_sync   (const IbPlan   *plan,
                                  GCancellable   *cancellable,
                                  IbEventFunc     func,
                                  gpointer        user_data,
                                  GError        **error);

const char *ib_phase_to_string   (IbPhase         phase);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (IbRunner, ib_runner_free)

G_END_DECLS
