/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-strategy-thread.c: blocking single reads moved onto worker threads:
 * gtask-thread-parallel (GTask's shared pool, results as callbacks on the
 * calling thread's context) and thread-pool-parallel (a GThreadPool of
 * ctx->workers threads, results through a GAsyncQueue while the calling
 * thread iterates its context). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <gio/gio.h>
#include <glib/gi18n.h>

#include "ib-error.h"
#include "ib-strategy-private.h"

typedef struct
{
  IbRun             *run;
  const IbFileEntry *entry;
  guint              slot;
  guint8            *reused;   /* NULL: a fresh buffer per file */
  guint64            bytes;
  GError            *error;
} ThreadJob;

static ThreadJob *
thread_job_new (IbRun *run,
                guint  index,
                guint  slot)
{
  ThreadJob *job = g_new0 (ThreadJob, 1);

  job->run = run;
  job->entry = ib_file_set_get_file (run->ctx->files, index);
  job->slot = slot;
  job->reused = ib_run_scratch (run, slot, (gsize) job->entry->size);
  return job;
}

/* Runs on a worker thread. */
static void
thread_job_read (ThreadJob *job)
{
  if (!g_cancellable_set_error_if_cancelled (job->run->cancel, &job->error))
    ib_strategy_read_all_one (job->run->ctx, job->entry, job->reused, job->run->cancel,
                              &job->bytes, &job->error);
}

/* Back on the calling thread. */
static void
thread_job_done (ThreadJob *job)
{
  IbRun *run = job->run;
  guint slot = job->slot;
  guint64 bytes = job->bytes;
  GError *error = job->error;

  g_free (job);
  ib_run_job_done (run, slot, error == NULL ? bytes : 0, error);
}

/* ---- GTask ------------------------------------------------------------- */

static void
gtask_thread (GTask        *task,
              gpointer      source,
              gpointer      task_data,
              GCancellable *cancellable)
{
  thread_job_read (task_data);
  g_task_return_boolean (task, TRUE);
}

static void
gtask_done (GObject      *source,
            GAsyncResult *result,
            gpointer      data)
{
  ThreadJob *job = data;

  job->run->ctx->callbacks++;
  g_task_propagate_boolean (G_TASK (result), NULL);
  thread_job_done (job);
}

static void
gtask_start (IbRun *run,
             guint  index,
             guint  slot)
{
  ThreadJob *job = thread_job_new (run, index, slot);
  g_autoptr(GTask) task = NULL;

  /* The job keeps its own error: the task always returns TRUE, so a
   * cancelled task still runs to its end and hands the job back. */
  task = g_task_new (NULL, NULL, gtask_done, job);
  g_task_set_source_tag (task, gtask_start);
  g_task_set_task_data (task, job, NULL);
  g_task_run_in_thread (task, gtask_thread);
}

gboolean
ib_strategy_gtask_thread_parallel (IbStrategyContext *ctx,
                                   GError           **error)
{
  IbRun run;

  if (g_cancellable_set_error_if_cancelled (ctx->cancellable, error))
    return FALSE;
  ib_run_init (&run, ctx, FALSE, gtask_start, NULL);
  ib_run_execute (&run);
  return ib_run_finish (&run, error);
}

/* ---- GThreadPool ------------------------------------------------------- */

typedef struct
{
  GThreadPool  *pool;
  GAsyncQueue  *finished;
  GMainContext *context;     /* woken when a job is done */
} PoolState;

static void
pool_work (gpointer data,
           gpointer user_data)
{
  ThreadJob *job = data;
  PoolState *state = user_data;

  thread_job_read (job);
  g_async_queue_push (state->finished, job);
  g_main_context_wakeup (state->context);
}

static void
pool_start (IbRun *run,
            guint  index,
            guint  slot)
{
  PoolState *state = run->data;
  ThreadJob *job = thread_job_new (run, index, slot);
  GError *error = NULL;

  if (!g_thread_pool_push (state->pool, job, &error))
    {
      job->error = error;
      g_async_queue_push (state->finished, job);
    }
}

gboolean
ib_strategy_thread_pool_parallel (IbStrategyContext *ctx,
                                  GError           **error)
{
  PoolState state = { NULL, NULL, NULL };
  GError *local_error = NULL;
  IbRun run;

  if (g_cancellable_set_error_if_cancelled (ctx->cancellable, error))
    return FALSE;

  state.finished = g_async_queue_new ();
  state.pool = g_thread_pool_new (pool_work, &state, (gint) MAX (ctx->workers, 1), TRUE,
                                  &local_error);
  if (state.pool == NULL)
    {
      g_set_error (error, IB_ERROR, IB_ERROR_UNSUPPORTED,
                   _("Cannot start %u worker threads: %s"), ctx->workers,
                   local_error->message);
      g_error_free (local_error);
      g_async_queue_unref (state.finished);
      return FALSE;
    }

  ib_run_init (&run, ctx, FALSE, pool_start, &state);
  state.context = run.main_ctx;
  ib_run_pump (&run);
  /* Wait as an app's main loop would: iterating the context (so its other
   * sources still run), woken by each finished job. */
  while (run.active > 0)
    {
      ThreadJob *job = g_async_queue_try_pop (state.finished);

      if (job != NULL)
        thread_job_done (job);
      else
        g_main_context_iteration (run.main_ctx, TRUE);
    }

  g_thread_pool_free (state.pool, FALSE, TRUE);
  g_async_queue_unref (state.finished);
  return ib_run_finish (&run, error);
}
