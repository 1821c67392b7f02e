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

#include "engine/model/ib-error.h"
#include "engine/io/ib-strategy-private.h"

typedef struct
{
  IbFileQueue       *queue;
  const IbFileEntry *entry;
  guint              slot;
  guint8            *reused;   /* NULL: a fresh buffer per file */
  guint64            bytes;
  GError            *error;
} ThreadJob;

static ThreadJob *
thread_job_new (IbFileQueue *queue,
                guint        index,
                guint        slot)
{
  ThreadJob *job = g_new0 (ThreadJob, 1);

  job->queue = queue;
  job->entry = ib_file_set_get_file (queue->ctx->files, index);
  job->slot = slot;
  if (!queue->ctx->direct) /* direct reads align a buffer of their own */
    job->reused = ib_file_queue_scratch (queue, slot, (gsize) job->entry->size);
  return job;
}

/* Runs on a worker thread. */
static void
thread_job_read (ThreadJob *job)
{
  if (g_cancellable_set_error_if_cancelled (job->queue->cancel, &job->error))
    return;
  /* In progress only once a worker has it, not while it waits in a queue. */
  ib_strategy_file_started (job->queue->ctx);
  if (job->queue->ctx->direct)
    ib_strategy_direct_read_all_one (job->queue->ctx, job->entry, job->slot, job->queue->cancel,
                                     &job->bytes, &job->error);
  else
    ib_strategy_read_all_one (job->queue->ctx, job->entry, job->reused, job->queue->cancel,
                              &job->bytes, &job->error);
  ib_strategy_file_finished (job->queue->ctx);
}

/* Back on the calling thread. */
static void
thread_job_done (ThreadJob *job)
{
  IbFileQueue *queue = job->queue;
  guint slot = job->slot;
  guint64 bytes = job->bytes;
  GError *error = job->error;

  g_free (job);
  ib_file_queue_job_done (queue, slot, error == NULL ? bytes : 0, error);
}

/* ---- GLib's task pool, warmed before the clock ---------------------------- */

/* GLib's shared task pool (GTask threads; GIO's local async steps run there
 * too) starts threads on demand, keeps an idle one for half a second, then
 * lets all but two go. A sample would then time thread starts its
 * neighbours did not. ib_strategy_task_pool_prepare_*() start the threads a
 * sample will use, right before the clock: a task per thread, each waiting
 * until all are running (at most a second), their callbacks run here. */
#define TASK_POOL_SIZE 10   /* GLib's G_TASK_POOL_SIZE */

typedef struct
{
  GMutex lock;
  GCond  cond;
  guint  n;
  guint  arrived;
  guint  done;
} PoolWarm;

/* Set on a task-pool thread once it has run one of our tasks. */
static GPrivate task_thread_seen;

static void
note_task_thread (IbStrategyContext *ctx)
{
  if (g_private_get (&task_thread_seen) != NULL)
    return;
  g_private_set (&task_thread_seen, GINT_TO_POINTER (1));
  /* A thread new to the pool while the clock runs is setup inside the span. */
  if (ctx != NULL && g_atomic_int_get (&ctx->timing))
    g_atomic_int_inc ((gint *) &ctx->threads_started_timed);
}

static void
warm_thread (GTask        *task,
             gpointer      source,
             gpointer      task_data,
             GCancellable *cancellable)
{
  PoolWarm *w = task_data;
  gint64 end = g_get_monotonic_time () + G_USEC_PER_SEC;

  note_task_thread (NULL);
  g_mutex_lock (&w->lock);
  w->arrived++;
  g_cond_broadcast (&w->cond);
  while (w->arrived < w->n && g_cond_wait_until (&w->cond, &w->lock, end))
    ;
  g_mutex_unlock (&w->lock);
  g_task_return_boolean (task, TRUE);
}

static void
warm_done (GObject      *source,
           GAsyncResult *result,
           gpointer      data)
{
  PoolWarm *w = data;

  w->done++;
}

gboolean
ib_strategy_task_pool_prepare (const IbStrategyInfo *info,
                               IbStrategyContext    *ctx,
                               GError              **error)
{
  gboolean serial = info->schedule == IB_SCHEDULE_SERIAL;
  g_autoptr(GMainContext) main_ctx = g_main_context_ref_thread_default ();
  guint files = ib_file_set_get_n_files (ctx->files);
  PoolWarm w = { 0 };

  w.n = serial ? 1 : MIN (MIN (MAX (ctx->in_flight, 1), MAX (files, 1)), TASK_POOL_SIZE);
  g_mutex_init (&w.lock);
  g_cond_init (&w.cond);
  for (guint i = 0; i < w.n; i++)
    {
      g_autoptr(GTask) task = g_task_new (NULL, NULL, warm_done, &w);

      g_task_set_task_data (task, &w, NULL);
      g_task_run_in_thread (task, warm_thread);
    }
  while (w.done < w.n)
    g_main_context_iteration (main_ctx, TRUE);
  /* A thread hands its task back a few steps before it waits for the next
   * one; a task pushed in between would start another thread. */
  g_usleep (5000);
  g_mutex_clear (&w.lock);
  g_cond_clear (&w.cond);
  return TRUE;
}

/* ---- GTask ------------------------------------------------------------- */

static void
gtask_thread (GTask        *task,
              gpointer      source,
              gpointer      task_data,
              GCancellable *cancellable)
{
  ThreadJob *job = task_data;

  note_task_thread (job->queue->ctx);
  thread_job_read (job);
  g_task_return_boolean (task, TRUE);
}

static void
gtask_done (GObject      *source,
            GAsyncResult *result,
            gpointer      data)
{
  ThreadJob *job = data;

  job->queue->ctx->callbacks++;
  g_task_propagate_boolean (G_TASK (result), NULL);
  thread_job_done (job);
}

static void
gtask_start (IbFileQueue *queue,
             guint        index,
             guint        slot)
{
  ThreadJob *job = thread_job_new (queue, index, slot);
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
  IbFileQueue queue;

  if (g_cancellable_set_error_if_cancelled (ctx->cancellable, error))
    return FALSE;
  ib_file_queue_init (&queue, ctx, FALSE, gtask_start, NULL);
  ib_file_queue_execute (&queue);
  return ib_file_queue_finish (&queue, error);
}

/* ---- GThreadPool ------------------------------------------------------- */

/* The pool is made and its threads started by ib_strategy_prepare(), before
 * the clock starts: the sample times handing files to running workers, not
 * thread creation (which made 64 workers cost 4 ms on two 4 KiB files). With
 * a scratch (the runner's, one per run) the started pool is kept for the
 * next samples, so no thread starts or exits near any sample; without one it
 * is shut down by ib_strategy_release(), after the clock stopped. */
typedef struct
{
  IbStrategyContext *ctx;
  GThreadPool       *pool;
  GAsyncQueue       *finished;
  GMainContext      *context;    /* woken when a job is done (set per sample) */
  guint              n_workers;
  GMutex             lock;
  GCond              cond;
  guint              arrived;    /* workers that reached the start barrier */
  guint              departed;   /* workers that left it */
  gsize              generation; /* this pool's number, never 0 */
} PoolState;

/* A job that is not a file: every worker waits on it until all have come. */
static guint8 barrier_job;
/* The generation of the pool a worker thread last ran a job for (GLib may
 * hand a thread of a freed pool to a new one). */
static GPrivate worker_seen;
static gsize    last_generation;

static void
pool_work (gpointer data,
           gpointer user_data)
{
  PoolState *state = user_data;
  ThreadJob *job = data;

  if (g_private_get (&worker_seen) != GSIZE_TO_POINTER (state->generation))
    {
      /* A thread joining the pool while the clock runs is setup inside the span. */
      g_private_set (&worker_seen, GSIZE_TO_POINTER (state->generation));
      if (g_atomic_int_get (&state->ctx->timing))
        g_atomic_int_inc ((gint *) &state->ctx->threads_started_timed);
    }

  if (data == &barrier_job)
    {
      g_mutex_lock (&state->lock);
      state->arrived++;
      g_cond_broadcast (&state->cond);
      while (state->arrived < state->n_workers)
        g_cond_wait (&state->cond, &state->lock);
      /* Tell the preparer once every worker is awake and out of the
       * barrier: the wake-ups then happen before the clock, not in it. */
      state->departed++;
      g_cond_broadcast (&state->cond);
      g_mutex_unlock (&state->lock);
      return;
    }

  thread_job_read (job);
  g_async_queue_push (state->finished, job);
  g_main_context_wakeup (state->context);
}

static void
pool_start (IbFileQueue *queue,
            guint        index,
            guint        slot)
{
  PoolState *state = queue->data;
  ThreadJob *job = thread_job_new (queue, index, slot);
  GError *error = NULL;

  if (!g_thread_pool_push (state->pool, job, &error))
    {
      job->error = error;
      g_async_queue_push (state->finished, job);
    }
}

static void
pool_state_free (PoolState *state)
{
  if (state->pool != NULL)
    g_thread_pool_free (state->pool, FALSE, TRUE);
  g_async_queue_unref (state->finished);
  g_mutex_clear (&state->lock);
  g_cond_clear (&state->cond);
  g_free (state);
}

/* Makes the pool and waits until every worker runs (a barrier job each). */
static PoolState *
pool_state_new (IbStrategyContext  *ctx,
                GError            **error)
{
  PoolState *state = g_new0 (PoolState, 1);
  GError *local_error = NULL;

  state->ctx = ctx;
  state->generation = (gsize) g_atomic_pointer_add (&last_generation, 1) + 1;
  state->n_workers = MAX (ctx->workers, 1);
  state->finished = g_async_queue_new ();
  g_mutex_init (&state->lock);
  g_cond_init (&state->cond);
  /* Exclusive: GLib starts all the threads now and keeps them to this pool. */
  state->pool = g_thread_pool_new (pool_work, state, (gint) state->n_workers, TRUE,
                                   &local_error);
  if (state->pool == NULL)
    {
      g_set_error (error, IB_ERROR, IB_ERROR_UNSUPPORTED,
                   _("Cannot start %u worker threads: %s"), state->n_workers,
                   local_error->message);
      g_error_free (local_error);
      pool_state_free (state);
      return NULL;
    }
  for (guint i = 0; i < state->n_workers; i++)
    g_thread_pool_push (state->pool, &barrier_job, NULL);
  g_mutex_lock (&state->lock);
  while (state->departed < state->n_workers)
    g_cond_wait (&state->cond, &state->lock);
  g_mutex_unlock (&state->lock);
  /* The last ones out are a few instructions from waiting for work again. */
  g_thread_yield ();
  return state;
}

gboolean
ib_strategy_thread_pool_prepare (const IbStrategyInfo *info,
                                 IbStrategyContext    *ctx,
                                 GError              **error)
{
  PoolState *kept = ctx->scratch != NULL ? ib_scratch_get_kept (ctx->scratch) : NULL;

  g_return_val_if_fail (ctx->prepared == NULL, FALSE);

  if (kept != NULL && kept->n_workers == MAX (ctx->workers, 1))
    {
      kept->ctx = ctx;   /* idle workers: nobody reads it until a job comes */
      ctx->prepared = kept;
      return TRUE;
    }
  ctx->prepared = pool_state_new (ctx, error);
  if (ctx->prepared != NULL && ctx->scratch != NULL)
    ib_scratch_set_kept (ctx->scratch, ctx->prepared, (GDestroyNotify) pool_state_free);
  return ctx->prepared != NULL;
}

void
ib_strategy_thread_pool_release (IbStrategyContext *ctx)
{
  if (ctx->scratch != NULL && ib_scratch_get_kept (ctx->scratch) == ctx->prepared)
    ctx->prepared = NULL;   /* kept for the next sample */
  else
    g_clear_pointer (&ctx->prepared, pool_state_free);
}

gboolean
ib_strategy_thread_pool_parallel (IbStrategyContext *ctx,
                                  GError           **error)
{
  PoolState *state = ctx->prepared;
  PoolState *own = NULL;
  gboolean ok;
  IbFileQueue queue;

  if (g_cancellable_set_error_if_cancelled (ctx->cancellable, error))
    return FALSE;
  /* Called without ib_strategy_prepare() (a direct caller): set up here. */
  if (state == NULL && (state = own = pool_state_new (ctx, error)) == NULL)
    return FALSE;

  ib_file_queue_init (&queue, ctx, FALSE, pool_start, state);
  state->context = queue.main_ctx;
  ib_file_queue_pump (&queue);
  /* Wait as an app's main loop would: iterating the context (so its other
   * sources still run), woken by each finished job. */
  while (queue.active > 0)
    {
      ThreadJob *job = g_async_queue_try_pop (state->finished);

      if (job != NULL)
        thread_job_done (job);
      else
        g_main_context_iteration (queue.main_ctx, TRUE);
    }

  ok = ib_file_queue_finish (&queue, error);
  g_clear_pointer (&own, pool_state_free);
  return ok;
}
