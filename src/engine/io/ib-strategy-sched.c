/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-strategy-sched.c: the scheduler of the async and thread strategies
 * (IbRun): at most ctx->in_flight files going, a file that ran out of
 * descriptors started again, the first error kept. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <string.h>

#include <gio/gio.h>

#include "engine/os/ib-os.h"
#include "engine/io/ib-strategy-private.h"

static void
on_outer_cancelled (GCancellable *outer,
                    gpointer      data)
{
  g_cancellable_cancel (G_CANCELLABLE (data));
}

void
ib_run_init (IbRun             *run,
             IbStrategyContext *ctx,
             gboolean           serial,
             IbRunStartFunc     start,
             gpointer           data)
{
  guint i;

  memset (run, 0, sizeof *run);
  run->ctx = ctx;
  run->start = start;
  run->data = data;
  run->n_files = ib_file_set_get_n_files (ctx->files);
  run->cap = serial ? 1 : MAX (ctx->in_flight, 1);
  run->cap = MIN (run->cap, MAX (run->n_files, 1));
  run->free_slots = g_new (guint, run->cap);
  for (i = 0; i < run->cap; i++)
    run->free_slots[i] = run->cap - 1 - i;   /* slot 0 handed out first */
  run->n_free = run->cap;

  run->cancel = g_cancellable_new ();
  if (ctx->cancellable != NULL)
    run->handler = g_cancellable_connect (ctx->cancellable, G_CALLBACK (on_outer_cancelled),
                                          run->cancel, NULL);

  /* Async callbacks go to the caller's thread-default context (the runner's
   * worker context). If someone else owns it, use a private one instead. */
  run->main_ctx = g_main_context_ref_thread_default ();
  if (!g_main_context_acquire (run->main_ctx))
    {
      g_main_context_unref (run->main_ctx);
      run->main_ctx = g_main_context_new ();
      g_main_context_push_thread_default (run->main_ctx);
      run->pushed = TRUE;
      g_main_context_acquire (run->main_ctx);
    }
}

guint8 *
ib_run_scratch (IbRun *run,
                guint  slot,
                gsize  size)
{
  if (run->ctx->buffer != IB_BUFFER_REUSED || run->ctx->scratch == NULL)
    return NULL;
  return ib_scratch_get (run->ctx->scratch, slot, size);
}

void
ib_run_pump (IbRun *run)
{
  while (run->active < run->cap && run->error == NULL &&
         !g_cancellable_is_cancelled (run->cancel))
    {
      guint slot, index;

      /* Files waiting for a descriptor first, one per descriptor closed;
       * nothing new while they wait (it would not get one either). */
      if (!g_queue_is_empty (&run->retry))
        {
          if (run->fd_tokens == 0)
            break;
          run->fd_tokens--;
          index = GPOINTER_TO_UINT (g_queue_pop_head (&run->retry));
        }
      else if (run->next < run->n_files)
        index = run->next++;
      else
        break;
      slot = run->free_slots[--run->n_free];
      run->active++;
      run->start (run, index, slot);
    }
}

gboolean
ib_run_job_retry (IbRun        *run,
                  guint         index,
                  guint         slot,
                  const GError *error)
{
  gint64 now = g_get_monotonic_time ();
  gint64 delay;

  g_assert (run->active > 0);

  if (run->error != NULL || g_cancellable_is_cancelled (run->cancel))
    return FALSE;
  delay = ib_fd_backoff_next (&run->backoff, error, now);
  if (delay < 0)
    return FALSE;
  run->active--;
  run->free_slots[run->n_free++] = slot;
  if (g_queue_is_empty (&run->retry))
    run->fd_tokens = 0;   /* left over from an earlier wait */
  g_queue_push_tail (&run->retry, GUINT_TO_POINTER (index));
  run->retry_not_before = now + delay;
  return TRUE;
}

void
ib_run_job_done (IbRun   *run,
                 guint    slot,
                 guint64  bytes,
                 GError  *error)
{
  g_assert (run->active > 0);

  run->active--;
  run->free_slots[run->n_free++] = slot;
  /* The job closed its file: one waiting for a descriptor may start. */
  if (!g_queue_is_empty (&run->retry))
    run->fd_tokens++;
  if (error == NULL)
    {
      run->ctx->bytes += bytes;
      ib_fd_backoff_reset (&run->backoff);
    }
  else if (run->error == NULL)
    {
      /* The first error wins; stop the other files quickly. */
      run->error = error;
      g_cancellable_cancel (run->cancel);
    }
  else
    g_error_free (error);

  ib_run_pump (run);
}

void
ib_run_execute (IbRun *run)
{
  ib_run_pump (run);
  for (;;)
    {
      gint64 left;

      if (run->active > 0)
        {
          guint64 ticks = run->ctx->ticks;

          /* The tick has a higher priority than anything GIO attaches, so an
           * iteration that ran it ran nothing else. */
          if (g_main_context_iteration (run->main_ctx, TRUE) && run->ctx->ticks == ticks)
            run->ctx->dispatches++;
          continue;
        }
      if (g_queue_is_empty (&run->retry) || run->error != NULL ||
          g_cancellable_is_cancelled (run->cancel))
        break;
      /* Only files waiting for a descriptor are left and no job of ours
       * can free one: wait out the back-off, then try one. */
      left = run->retry_not_before - g_get_monotonic_time ();
      if (left > 0)
        ib_fd_backoff_sleep (left, run->cancel);
      run->fd_tokens = 1;
      ib_run_pump (run);
    }
}

gboolean
ib_run_finish (IbRun   *run,
               GError **error)
{
  gboolean ok;

  g_assert (run->active == 0);

  /* GIO may still have its own bookkeeping in flight (an inner 8 KiB read or
   * close of g_file_load_contents_async finishing on a pool thread after a
   * cancel or a failed sibling): leave nothing behind on the context. After a
   * clean run that is only what is already queued; after an error or cancel,
   * wait until the context has been quiet for 10 ms (at most 100 ms). */
  {
    gint64 now = g_get_monotonic_time ();
    gint64 deadline = now + (run->error != NULL ||
                             g_cancellable_is_cancelled (run->ctx->cancellable) ? 100000 : 0);
    gint64 quiet_since = now;

    for (;;)
      {
        now = g_get_monotonic_time ();
        if (g_main_context_pending (run->main_ctx))
          {
            g_main_context_iteration (run->main_ctx, FALSE);
            quiet_since = now;
          }
        else if (now >= deadline || now - quiet_since >= 10000)
          break;
        else
          g_usleep (500);
      }
  }

  /* Stopped by the caller's cancellable, possibly before any job failed. */
  if (run->error == NULL && g_cancellable_is_cancelled (run->ctx->cancellable))
    g_cancellable_set_error_if_cancelled (run->ctx->cancellable, &run->error);

  if (run->handler != 0)
    g_cancellable_disconnect (run->ctx->cancellable, run->handler);
  g_clear_object (&run->cancel);
  g_main_context_release (run->main_ctx);
  if (run->pushed)
    g_main_context_pop_thread_default (run->main_ctx);
  g_clear_pointer (&run->main_ctx, g_main_context_unref);
  g_clear_pointer (&run->free_slots, g_free);
  g_queue_clear (&run->retry);

  ok = run->error == NULL;
  if (!ok)
    g_propagate_error (error, g_steal_pointer (&run->error));
  return ok;
}
