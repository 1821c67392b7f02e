/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-runner-sync.c: the runner for the CLI and tests, run to its end on a
 * private loop, and the phases' names; only ib-runner.h's public API. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>

#include "engine/run/ib-runner.h"

typedef struct
{
  IbEventFunc  func;
  gpointer     user_data;
  IbReport    *report;
  GError      *error;
  gboolean     done;
} SyncData;

static void
sync_event (const IbEvent *event,
            gpointer       user_data)
{
  SyncData *data = user_data;

  if (data->func != NULL)
    data->func (event, data->user_data);
  if (event->kind == IB_EVENT_DONE)
    {
      data->report = ib_report_ref (event->report);
      data->error = event->error != NULL ? g_error_copy (event->error) : NULL;
      data->done = TRUE;
    }
}

static void
sync_cancelled (GCancellable *cancellable,
                gpointer      user_data)
{
  ib_runner_cancel (user_data);
}

IbReport *
ib_runner_run_sync (const IbPlan  *plan,
                    GCancellable  *cancellable,
                    IbEventFunc    func,
                    gpointer       user_data,
                    GError       **error)
{
  g_autoptr(GMainContext) context = NULL;
  IbRunner *runner;
  SyncData data = { 0 };
  gulong handler = 0;

  g_return_val_if_fail (plan != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  runner = ib_runner_new (plan, error);
  if (runner == NULL)
    return NULL;

  data.func = func;
  data.user_data = user_data;
  /* Events arrive on the caller's thread-default context, which we iterate
   * until DONE: the CLI's unix signal sources on the global default context
   * are dispatched meanwhile. */
  context = g_main_context_ref_thread_default ();
  ib_runner_start (runner, context, sync_event, &data, NULL);
  if (cancellable != NULL)
    handler = g_cancellable_connect (cancellable, G_CALLBACK (sync_cancelled), runner, NULL);

  while (!data.done)
    g_main_context_iteration (context, TRUE);

  if (cancellable != NULL)
    g_cancellable_disconnect (cancellable, handler);
  ib_runner_free (runner);

  if (data.error != NULL)
    g_propagate_error (error, data.error);
  return data.report;
}

const char *
ib_phase_to_string (IbPhase phase)
{
  switch (phase)
    {
    case IB_PHASE_PREPARING:
      return _("Preparing");
    case IB_PHASE_MAKING_FILES:
      return _("Making files");
    case IB_PHASE_WARMING:
      return _("Warming");
    case IB_PHASE_MEASURING:
      /* Translators: the phase that times the read strategies */
      return _("Reads");
    case IB_PHASE_SWEEP:
      return _("Sweep");
    case IB_PHASE_OVERHEAD:
      return _("Dispatch overhead");
    case IB_PHASE_WRITE_UNLINK:
      return _("Write and delete");
    case IB_PHASE_DECIDING:
      /* Translators: the phase that measures the answer's pair until it is decided */
      return _("Deciding");
    case IB_PHASE_CLEANING:
      return _("Cleaning up");
    case IB_PHASE_DONE:
      return _("Done");
    default:
      return "?";
    }
}
