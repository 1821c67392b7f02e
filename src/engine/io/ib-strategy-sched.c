/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-strategy-sched.c: the scheduler of the async and thread strategies
 * (IbFileQueue): at most ctx->in_flight files going, a file that ran out of
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
ib_file_queue_init (IbFileQueue         *queue,
                    IbStrategyContext   *ctx,
                    gboolean             serial,
                    IbFileQueueStartFunc start,
                    gpointer             data)
{
  guint i;

  memset (queue, 0, sizeof *queue);
  queue->ctx = ctx;
  queue->start = start;
  queue->data = data;
  queue->n_files = ib_file_set_get_n_files (ctx->files);
  queue->cap = serial ? 1 : MAX (ctx->in_flight, 1);
  queue->cap = MIN (queue->cap, MAX (queue->n_files, 1));
  queue->free_slots = g_new (guint, queue->cap);
  for (i = 0; i < queue->cap; i++)
    queue->free_slots[i] = queue->cap - 1 - i; /* slot 0 handed out first */
  queue->n_free = queue->cap;

  queue->cancel = g_cancellable_new ();
  if (ctx->cancellable != NULL)
    queue->handler = g_cancellable_connect (ctx->cancellable, G_CALLBACK (on_outer_cancelled),
                                            queue->cancel, NULL);

  /* Async callbacks go to the caller's thread-default context (the runner's
   * worker context). If someone else owns it, use a private one instead. */
  queue->main_ctx = g_main_context_ref_thread_default ();
  if (!g_main_context_acquire (queue->main_ctx))
    {
      g_main_context_unref (queue->main_ctx);
      queue->main_ctx = g_main_context_new ();
      g_main_context_push_thread_default (queue->main_ctx);
      queue->pushed = TRUE;
      g_main_context_acquire (queue->main_ctx);
    }
}

guint8 *
ib_file_queue_scratch (IbFileQueue *queue,
                       guint        slot,
                       gsize        size)
{
  if (queue->ctx->buffer != IB_BUFFER_REUSED || queue->ctx->scratch == NULL)
    return NULL;
  return ib_scratch_get (queue->ctx->scratch, slot, size);
}

void
ib_file_queue_pump (IbFileQueue *queue)
{
  while (queue->active < queue->cap && queue->error == NULL &&
         !g_cancellable_is_cancelled (queue->cancel))
    {
      guint slot, index;

      /* Files waiting for a descriptor first, one per descriptor closed;
       * nothing new while they wait (it would not get one either). */
      if (!g_queue_is_empty (&queue->retry))
        {
          if (queue->fd_tokens == 0)
            break;
          queue->fd_tokens--;
          index = GPOINTER_TO_UINT (g_queue_pop_head (&queue->retry));
        }
      else if (queue->next < queue->n_files)
        index = queue->next++;
      else
        break;
      slot = queue->free_slots[--queue->n_free];
      queue->active++;
      queue->start (queue, index, slot);
    }
}

gboolean
ib_file_queue_job_retry (IbFileQueue  *queue,
                         guint         index,
                         guint         slot,
                         const GError *error)
{
  gint64 now = g_get_monotonic_time ();
  gint64 delay;

  g_assert (queue->active > 0);

  if (queue->error != NULL || g_cancellable_is_cancelled (queue->cancel))
    return FALSE;
  delay = ib_fd_backoff_next (&queue->backoff, error, now);
  if (delay < 0)
    return FALSE;
  queue->active--;
  queue->free_slots[queue->n_free++] = slot;
  if (g_queue_is_empty (&queue->retry))
    queue->fd_tokens = 0; /* left over from an earlier wait */
  g_queue_push_tail (&queue->retry, GUINT_TO_POINTER (index));
  queue->retry_not_before = now + delay;
  return TRUE;
}

void
ib_file_queue_job_done (IbFileQueue *queue,
                        guint        slot,
                        guint64      bytes,
                        GError      *error)
{
  g_assert (queue->active > 0);

  queue->active--;
  queue->free_slots[queue->n_free++] = slot;
  /* The job closed its file: one waiting for a descriptor may start. */
  if (!g_queue_is_empty (&queue->retry))
    queue->fd_tokens++;
  if (error == NULL)
    {
      queue->ctx->bytes += bytes;
      ib_fd_backoff_reset (&queue->backoff);
    }
  else if (queue->error == NULL)
    {
      /* The first error wins; stop the other files quickly. */
      queue->error = error;
      g_cancellable_cancel (queue->cancel);
    }
  else
    g_error_free (error);

  ib_file_queue_pump (queue);
}

void
ib_file_queue_execute (IbFileQueue *queue)
{
  ib_file_queue_pump (queue);
  for (;;)
    {
      gint64 left;

      if (queue->active > 0)
        {
          guint64 ticks = queue->ctx->ticks;

          /* The tick has a higher priority than anything GIO attaches, so an
           * iteration that ran it ran nothing else. */
          if (g_main_context_iteration (queue->main_ctx, TRUE) && queue->ctx->ticks == ticks)
            queue->ctx->dispatches++;
          continue;
        }
      if (g_queue_is_empty (&queue->retry) || queue->error != NULL ||
          g_cancellable_is_cancelled (queue->cancel))
        break;
      /* Only files waiting for a descriptor are left and no job of ours
       * can free one: wait out the back-off, then try one. */
      left = queue->retry_not_before - g_get_monotonic_time ();
      if (left > 0)
        ib_fd_backoff_sleep (left, queue->cancel);
      queue->fd_tokens = 1;
      ib_file_queue_pump (queue);
    }
}

gboolean
ib_file_queue_finish (IbFileQueue *queue,
                      GError     **error)
{
  gboolean ok;

  g_assert (queue->active == 0);

  /* GIO may still have its own bookkeeping in flight (an inner 8 KiB read or
   * close of g_file_load_contents_async finishing on a pool thread after a
   * cancel or a failed sibling): leave nothing behind on the context. After a
   * clean run that is only what is already queued; after an error or cancel,
   * wait until the context has been quiet for 10 ms (at most 100 ms). */
  {
    gint64 now = g_get_monotonic_time ();
    gint64 deadline = now + (queue->error != NULL ||
                                 g_cancellable_is_cancelled (queue->ctx->cancellable)
                               ? 100000
                               : 0);
    gint64 quiet_since = now;

    for (;;)
      {
        now = g_get_monotonic_time ();
        if (g_main_context_pending (queue->main_ctx))
          {
            g_main_context_iteration (queue->main_ctx, FALSE);
            quiet_since = now;
          }
        else if (now >= deadline || now - quiet_since >= 10000)
          break;
        else
          g_usleep (500);
      }
  }

  /* Stopped by the caller's cancellable, possibly before any job failed. */
  if (queue->error == NULL && g_cancellable_is_cancelled (queue->ctx->cancellable))
    g_cancellable_set_error_if_cancelled (queue->ctx->cancellable, &queue->error);

  if (queue->handler != 0)
    g_cancellable_disconnect (queue->ctx->cancellable, queue->handler);
  g_clear_object (&queue->cancel);
  g_main_context_release (queue->main_ctx);
  if (queue->pushed)
    g_main_context_pop_thread_default (queue->main_ctx);
  g_clear_pointer (&queue->main_ctx, g_main_context_unref);
  g_clear_pointer (&queue->free_slots, g_free);
  g_queue_clear (&queue->retry);

  ok = queue->error == NULL;
  if (!ok)
    g_propagate_error (error, g_steal_pointer (&queue->error));
  return ok;
}
