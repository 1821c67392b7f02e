/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-strategy-async.c: the GIO *_async strategies. Every callback lands on
 * the calling thread's thread-default GMainContext, which the scheduler in
 * ib-strategy.c iterates until all files are done; serial ones start the
 * next file from the previous file's last callback, parallel ones keep up to
 * ctx->in_flight files going. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <inttypes.h>

#include <gio/gio.h>
#include <glib/gi18n.h>

#include "engine/model/ib-error.h"
#include "engine/os/ib-os.h"
#include "engine/io/ib-strategy-private.h"

typedef struct
{
  IbFileQueue       *queue;
  const IbFileEntry *entry;
  guint              index;
  guint              slot;
  GFile             *file;
  GFileInputStream  *in;
  guint8            *buf;      /* where the next chunk goes (reused: the chunk buffer) */
  IbOsBuffer         owned;    /* fresh buffer holding the whole file */
  gsize              cap;      /* bytes the reads may fill in owned */
  gsize              chunk;
  guint64            total;
  guint32            crc;
  gboolean           reuse;
} Job;

static Job *
job_new (IbFileQueue *queue,
         guint        index,
         guint        slot)
{
  Job *job = g_new0 (Job, 1);

  job->queue = queue;
  job->entry = ib_file_set_get_file (queue->ctx->files, index);
  job->index = index;
  job->slot = slot;
  job->file = g_file_new_for_path (job->entry->path);
  job->crc = ib_strategy_crc_init ();
  job->reuse = queue->ctx->buffer == IB_BUFFER_REUSED && queue->ctx->scratch != NULL;
  ib_strategy_file_started (queue->ctx);
  return job;
}

/* Ends the job: closes the stream, checks what was read (when @error is NULL)
 * and hands the result to the scheduler, which may start the next file. A
 * file that could not be opened for want of a descriptor is started again
 * later (ib_file_queue_job_retry). */
static void
job_finish (Job    *job,
            GError *error)
{
  IbFileQueue *queue = job->queue;
  guint slot = job->slot;
  guint index = job->index;
  guint64 total = job->total;
  const char *path = job->entry->path;

  if (job->in != NULL)
    {
      /* Closed now, not when GIO's worker thread drops the last reference
       * to the stream (that may come after the run is over): the next file
       * may need the descriptor. */
      g_input_stream_close (G_INPUT_STREAM (job->in), NULL, NULL);
      g_clear_object (&job->in);
      ib_strategy_note_close (queue->ctx);
    }
  if (error == NULL)
    ib_strategy_check (queue->ctx, job->entry, job->total, job->crc, &error);

  g_clear_object (&job->file);
  ib_os_buffer_clear (&job->owned);
  g_free (job);
  ib_strategy_file_finished (queue->ctx);

  if (error != NULL && ib_file_queue_job_retry (queue, index, slot, error))
    {
      g_error_free (error);
      return;
    }
  if (error != NULL)
    {
      ib_fd_backoff_explain (&error);   /* no descriptor came free for too long */
      error = ib_strategy_read_error (error, path);
    }
  ib_file_queue_job_done (queue, slot, error == NULL ? total : 0, error);
}

/* ---- load contents ----------------------------------------------------- */

static void
load_done (GObject      *source,
           GAsyncResult *result,
           gpointer      data)
{
  Job *job = data;
  IbStrategyContext *ctx = job->queue->ctx;
  g_autofree char *contents = NULL;
  GError *error = NULL;
  gsize length = 0;

  ctx->callbacks++;
  ib_strategy_note_close (ctx);
  if (g_file_load_contents_finish (G_FILE (source), result, &contents, &length, NULL, &error))
    {
      job->total = length;
      if (ctx->verify)
        job->crc = ib_strategy_verify_update (ctx, job->crc, (guint8 *) contents, length);
    }
  job_finish (job, error);
}

static void
load_start (IbFileQueue *queue,
            guint        index,
            guint        slot)
{
  Job *job = job_new (queue, index, slot);

  ib_strategy_note_open (queue->ctx);
  g_file_load_contents_async (job->file, queue->cancel, load_done, job);
}

static gboolean
run_strategy (IbStrategyContext   *ctx,
              gboolean             serial,
              IbFileQueueStartFunc start,
              GError             **error)
{
  IbFileQueue queue;

  if (g_cancellable_set_error_if_cancelled (ctx->cancellable, error))
    return FALSE;
  ib_file_queue_init (&queue, ctx, serial, start, NULL);
  ib_file_queue_execute (&queue);
  return ib_file_queue_finish (&queue, error);
}

gboolean
ib_strategy_async_load_contents (IbStrategyContext *ctx,
                                 GError           **error)
{
  return run_strategy (ctx, FALSE, load_start, error);
}

gboolean
ib_strategy_async_load_serial (IbStrategyContext *ctx,
                               GError           **error)
{
  return run_strategy (ctx, TRUE, load_start, error);
}

/* ---- stream ------------------------------------------------------------ */

static void stream_read_next (Job *job);

static void
stream_read_done (GObject      *source,
                  GAsyncResult *result,
                  gpointer      data)
{
  Job *job = data;
  IbStrategyContext *ctx = job->queue->ctx;
  GError *error = NULL;
  gssize got;

  ctx->callbacks++;
  got = g_input_stream_read_finish (G_INPUT_STREAM (source), result, &error);
  if (got < 0)
    {
      job_finish (job, error);
      return;
    }
  if (got == 0)
    {
      job_finish (job, NULL);
      return;
    }

  if (ctx->verify)
    job->crc = ib_strategy_verify_update (ctx, job->crc,
                                          job->reuse ? job->buf : job->owned.data + job->total,
                                          (gsize) got);
  job->total += (guint64) got;
  if (!job->reuse && job->total >= job->cap)
    {
      job_finish (job, NULL);   /* longer than recorded: the check says so */
      return;
    }
  stream_read_next (job);
}

static void
stream_read_next (Job *job)
{
  guint8 *dst = job->reuse ? job->buf : job->owned.data + job->total;
  gsize want = job->reuse ? job->chunk : MIN (job->chunk, job->cap - (gsize) job->total);

  g_input_stream_read_async (G_INPUT_STREAM (job->in), dst, want, G_PRIORITY_DEFAULT,
                             job->queue->cancel, stream_read_done, job);
}

/* The first steps of a g_file_read_async() callback: counted, the stream
 * kept, the file noted open; FALSE when it did not open (the job is over). */
static gboolean
job_opened (Job          *job,
            GObject      *source,
            GAsyncResult *result)
{
  IbStrategyContext *ctx = job->queue->ctx;
  GError *error = NULL;

  ctx->callbacks++;
  job->in = g_file_read_finish (G_FILE (source), result, &error);
  if (job->in == NULL)
    {
      job_finish (job, error);
      return FALSE;
    }
  ib_strategy_note_open (ctx);
  return TRUE;
}

static void
stream_opened (GObject      *source,
               GAsyncResult *result,
               gpointer      data)
{
  Job *job = data;

  if (!job_opened (job, source, result))
    return;
  if (job->reuse)
    job->buf = ib_file_queue_scratch (job->queue, job->slot, job->chunk);
  else
    {
      /* Like Buffer.concat, but one allocation: the chunks land one after
       * another (+1 byte so the last read can see the end of the file). */
      job->cap = (gsize) job->entry->size + 1;
      ib_strategy_fresh_buffer (job->queue->ctx, job->entry, job->cap, 0, &job->owned);
    }
  stream_read_next (job);
}

static void
stream_start (IbFileQueue *queue,
              guint        index,
              guint        slot)
{
  Job *job = job_new (queue, index, slot);

  job->chunk = GPOINTER_TO_SIZE (queue->data);
  g_file_read_async (job->file, G_PRIORITY_DEFAULT, queue->cancel, stream_opened, job);
}

static gboolean
run_stream (IbStrategyContext *ctx,
            const char        *id,
            gboolean           serial,
            GError           **error)
{
  gsize chunk = ib_strategy_chunk (ctx, id);
  IbFileQueue queue;

  if (g_cancellable_set_error_if_cancelled (ctx->cancellable, error))
    return FALSE;
  ib_file_queue_init (&queue, ctx, serial, stream_start, GSIZE_TO_POINTER (chunk));
  ib_file_queue_execute (&queue);
  return ib_file_queue_finish (&queue, error);
}

gboolean
ib_strategy_async_stream_serial (IbStrategyContext *ctx,
                                 GError           **error)
{
  return run_stream (ctx, "async-stream-serial", TRUE, error);
}

gboolean
ib_strategy_async_stream_parallel (IbStrategyContext *ctx,
                                   GError           **error)
{
  return run_stream (ctx, "async-stream-parallel", FALSE, error);
}

/* ---- single read ------------------------------------------------------- */

static void
read_all_done (GObject      *source,
               GAsyncResult *result,
               gpointer      data)
{
  Job *job = data;
  IbStrategyContext *ctx = job->queue->ctx;
  GError *error = NULL;
  gsize got = 0;

  ctx->callbacks++;
  if (!g_input_stream_read_all_finish (G_INPUT_STREAM (source), result, &got, &error))
    {
      job_finish (job, error);
      return;
    }
  job->total = got;
  if (ctx->verify)
    job->crc = ib_strategy_verify_update (ctx, job->crc, job->buf, got);
  job_finish (job, NULL);
}

static void
read_all_sized (GObject      *source,
                GAsyncResult *result,
                gpointer      data)
{
  Job *job = data;
  IbStrategyContext *ctx = job->queue->ctx;
  g_autoptr(GFileInfo) info = NULL;
  GError *error = NULL;
  goffset size;

  ctx->callbacks++;
  info = g_file_input_stream_query_info_finish (G_FILE_INPUT_STREAM (source), result, &error);
  if (info == NULL)
    {
      job_finish (job, error);
      return;
    }
  size = g_file_info_get_size (info);
  if (size < 0 || (guint64) size != job->entry->size)
    {
      g_set_error (&error, IB_ERROR, IB_ERROR_SHORT_READ,
                   _("“%s” holds %" PRId64 " bytes, not the %" PRIu64
                     " it was made with"), job->entry->path, (int64_t) size,
                   (uint64_t) job->entry->size);
      job_finish (job, error);
      return;
    }

  if (job->reuse)
    job->buf = ib_file_queue_scratch (job->queue, job->slot, (gsize) size);
  else
    {
      job->buf = ib_strategy_fresh_buffer (job->queue->ctx, job->entry, (gsize) size, 0,
                                           &job->owned);
    }
  g_input_stream_read_all_async (G_INPUT_STREAM (job->in), job->buf, (gsize) size,
                                 G_PRIORITY_DEFAULT, job->queue->cancel, read_all_done, job);
}

static void
read_all_opened (GObject      *source,
                 GAsyncResult *result,
                 gpointer      data)
{
  Job *job = data;

  if (!job_opened (job, source, result))
    return;
  g_file_input_stream_query_info_async (job->in, G_FILE_ATTRIBUTE_STANDARD_SIZE,
                                        G_PRIORITY_DEFAULT, job->queue->cancel,
                                        read_all_sized, job);
}

static void
read_all_start (IbFileQueue *queue,
                guint        index,
                guint        slot)
{
  Job *job = job_new (queue, index, slot);

  g_file_read_async (job->file, G_PRIORITY_DEFAULT, queue->cancel, read_all_opened, job);
}

gboolean
ib_strategy_async_read_all_serial (IbStrategyContext *ctx,
                                   GError           **error)
{
  return run_strategy (ctx, TRUE, read_all_start, error);
}

gboolean
ib_strategy_async_read_all_parallel (IbStrategyContext *ctx,
                                     GError           **error)
{
  return run_strategy (ctx, FALSE, read_all_start, error);
}
