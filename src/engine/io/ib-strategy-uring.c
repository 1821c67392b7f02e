/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-strategy-uring.c: the kernel's own async reads, through io_uring
 * (liburing): uring-read-all-serial, uring-read-all-parallel and
 * uring-stream-parallel.
 *
 * Files are opened and sized with open() and fstat() on the calling thread,
 * as fio does; the reads go to the kernel as io_uring submissions with no
 * thread of ours in between. Completions are reaped on the thread-default
 * GMainContext (the runner's worker context) through the ring's own
 * descriptor, which polls readable while completions wait (a GUnixFDSource;
 * an eventfd registered with the ring would work alike but cost one more
 * descriptor, and a run under descriptor pressure needs every one). That is how
 * with the ring and watched by a GUnixFDSource, as a GTK application would
 * integrate a ring into its main loop: one callback per completion, and the
 * context's dispatch count applies as it does to the GIO strategies.
 *
 * Requests in the kernel never outnumber the completion queue; more wait in
 * a queue of our own and go in as completions make room. A full submission
 * queue is submitted, then filled again.
 *
 * Where io_uring cannot be used (built without liburing, a kernel without it
 * or with kernel.io_uring_disabled set, a sandbox's seccomp filter) the
 * strategies stay in the table and say why (ib_strategy_unavailable()).
 *
 * The ring and the check whether io_uring can be used are in
 * ib-strategy-uring-ring.c; this file has the files and the strategies.
 */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gi18n.h>

#include "engine/model/ib-error.h"
#include "engine/os/ib-os.h"
#include "engine/io/ib-strategy-private.h"

#if !IB_HAVE_URING

const char *
ib_strategy_uring_unavailable (void)
{
  switch (IB_URING_OFF)
    {
    case 1:
      return _("the portable build leaves io_uring out");
    case 2:
      return _("this build has io_uring turned off (-During=disabled)");
    default:
      return _("liburing was not found when this build was made");
    }
}

static gboolean
unavailable (GError **error)
{
  g_set_error (error, IB_ERROR, IB_ERROR_UNSUPPORTED, _("io_uring is not available: %s"),
               ib_strategy_uring_unavailable ());
  return FALSE;
}

gboolean
ib_strategy_uring_prepare (const IbStrategyInfo *info,
                           IbStrategyContext    *ctx,
                           GError              **error)
{
  return unavailable (error);
}

void
ib_strategy_uring_release (IbStrategyContext *ctx)
{
}

gboolean
ib_strategy_uring_read_all_serial (IbStrategyContext *ctx,
                                   GError           **error)
{
  return unavailable (error);
}

gboolean
ib_strategy_uring_read_all_parallel (IbStrategyContext *ctx,
                                     GError           **error)
{
  return unavailable (error);
}

gboolean
ib_strategy_uring_stream_parallel (IbStrategyContext *ctx,
                                   GError           **error)
{
  return unavailable (error);
}

#else /* IB_HAVE_URING */

#include "engine/io/ib-strategy-uring-private.h"

/* ---- one file ----------------------------------------------------------- */

typedef struct
{
  IbFileQueue       *queue;
  Ring              *ring;
  const IbFileEntry *entry;
  guint              index;
  guint              slot;
  int                fd;
  gsize              align;      /* 1 unless direct */
  guint64            cap;        /* bytes the reads may ask for (size, aligned up) */
  guint8            *base;       /* where the data lands */
  IbOsBuffer         fresh;      /* the fresh buffer, when not reused */
  guint32            crc;
  guint64            got;
  GError            *error;
  /* the stream */
  gsize              chunk;
  guint              depth;
  guint64            n_chunks;
  guint64            next;       /* next chunk to submit */
  guint64            consumed;   /* chunks folded into the CRC, in order */
  guint              outstanding;
  gboolean           window;     /* chunk k lands in buffer k % depth (reused) */
  Req               *reqs;       /* one per window place */
  gssize            *filled;     /* -1: not back yet */
  Req                req;        /* the single read */
} FileJob;

/* Opens and sizes the file; FALSE with job->error set. */
static gboolean
file_job_open (FileJob *job)
{
  IbStrategyContext *ctx = job->queue->ctx;
  struct stat st;

  /* Errors stay as they come (G_IO_ERROR from errno) until the job ends:
   * running out of descriptors there means "start this file again later". */
  job->align = 1;
  if (ctx->direct)
    job->fd = ib_os_open_direct (job->entry->path, &job->error);
  else
    {
      job->fd = open (job->entry->path, O_RDONLY | O_CLOEXEC);
      if (job->fd < 0)
        job->error = ib_uring_errno_error (errno);
    }
  if (job->fd < 0)
    return FALSE;
  ib_strategy_note_open (ctx);
  if (ctx->direct)
    job->align = ib_os_direct_alignment (job->fd);

  if (fstat (job->fd, &st) != 0)
    {
      job->error = ib_uring_errno_error (errno);
      return FALSE;
    }
  if ((guint64) st.st_size != job->entry->size)
    {
      g_set_error (&job->error, IB_ERROR, IB_ERROR_SHORT_READ,
                   _("“%s” holds %" PRId64 " bytes, not the %" PRIu64
                     " it was made with"), job->entry->path, (int64_t) st.st_size,
                   (uint64_t) job->entry->size);
      return FALSE;
    }
  /* With O_DIRECT every read asks for whole blocks; the last one comes back
   * short when the size is not a multiple of the block size. */
  job->cap = ib_strategy_align_up (job->entry->size, job->align);
  job->crc = ib_strategy_crc_init ();
  return TRUE;
}

/* Ends the job: closes the file, checks, hands it back to the scheduler. */
static void
file_job_finish (FileJob *job)
{
  IbFileQueue       *queue = job->queue;
  IbStrategyContext *ctx = queue->ctx;
  GError *error = g_steal_pointer (&job->error);
  const char *path = job->entry->path;
  guint64 got = job->got;
  guint slot = job->slot;
  guint index = job->index;

  if (job->fd >= 0)
    {
      close (job->fd);
      ib_strategy_note_close (ctx);
    }
  if (error == NULL && g_cancellable_is_cancelled (queue->cancel))
    g_cancellable_set_error_if_cancelled (queue->cancel, &error);
  if (error == NULL)
    ib_strategy_check (ctx, job->entry, got, job->crc, &error);

  ib_os_buffer_clear (&job->fresh);
  g_free (job->reqs);
  g_free (job->filled);
  g_free (job);
  ib_strategy_file_finished (ctx);

  /* No descriptor for the file: started again when one comes free. */
  if (error != NULL && ib_file_queue_job_retry (queue, index, slot, error))
    {
      g_error_free (error);
      return;
    }
  if (error != NULL)
    {
      ib_fd_backoff_explain (&error);
      error = ib_strategy_read_error (error, path);
    }
  ib_file_queue_job_done (queue, slot, error == NULL ? got : 0, error);
}

static FileJob *
file_job_new (IbFileQueue *queue,
              guint        index,
              guint        slot)
{
  FileJob *job = g_new0 (FileJob, 1);

  job->queue = queue;
  job->ring = queue->data;
  job->entry = ib_file_set_get_file (queue->ctx->files, index);
  job->index = index;
  job->slot = slot;
  job->fd = -1;
  ib_strategy_file_started (queue->ctx);
  return job;
}

/* A buffer of @size bytes for the job, aligned for direct reads. */
static guint8 *
file_job_buffer (FileJob *job,
                 gsize    size)
{
  IbStrategyContext *ctx = job->queue->ctx;
  guint8 *reused;

  if (ctx->direct)
    return ib_strategy_direct_buffer (ctx, job->entry, job->slot, size, job->align,
                                      &job->fresh);
  reused = ib_file_queue_scratch (job->queue, job->slot, size);
  if (reused != NULL)
    return reused;
  return ib_strategy_fresh_buffer (ctx, job->entry, size, 0, &job->fresh);
}

/* ---- the single read ---------------------------------------------------- */

static void
read_all_done (Req *req,
               int  res)
{
  FileJob *job = req->owner;

  if (res < 0)
    {
      job->error = ib_uring_errno_error (-res);
      file_job_finish (job);
      return;
    }
  if (job->queue->ctx->verify && res > 0)
    job->crc = ib_strategy_verify_update (job->queue->ctx, job->crc, req->buf, (gsize) res);
  job->got += (guint64) res;

  /* A read may stop short of what it asked for: go on from there, unless
   * that was the end of the file (nothing more, or a direct read's short
   * last block). */
  if (res > 0 && job->got < job->cap && (gsize) res % job->align == 0 &&
      !g_cancellable_is_cancelled (job->queue->cancel))
    {
      req->buf += res;
      req->off += (guint64) res;
      req->len = (guint) MIN (job->cap - job->got, IB_STRATEGY_MAX_CHUNK);
      ib_uring_ring_queue (job->ring, req);
      return;
    }
  file_job_finish (job);
}

static void
read_all_start (IbFileQueue *queue,
                guint        index,
                guint        slot)
{
  FileJob *job = file_job_new (queue, index, slot);

  if (!file_job_open (job))
    {
      file_job_finish (job);
      return;
    }
  job->base = file_job_buffer (job, (gsize) job->cap);
  job->req.owner = job;
  job->req.fd = job->fd;
  job->req.buf = job->base;
  job->req.off = 0;
  /* One read of the whole file (an empty file too: the read that sees the end). */
  job->req.len = (guint) MIN (job->cap, IB_STRATEGY_MAX_CHUNK);
  job->req.done = read_all_done;
  ib_uring_ring_queue (job->ring, &job->req);
}

/* ---- the stream ---------------------------------------------------------- */

static guint8 *
chunk_buffer (FileJob *job,
              guint64  k)
{
  if (job->window)
    return job->base + (gsize) (k % job->depth) * job->chunk;
  return job->base + (gsize) k * job->chunk;
}

static void stream_done (Req *req, int res);

static void
stream_issue (FileJob *job)
{
  while (job->next < job->n_chunks && job->next - job->consumed < job->depth &&
         job->error == NULL && !g_cancellable_is_cancelled (job->queue->cancel))
    {
      guint64 k = job->next++;
      Req *req = &job->reqs[k % job->depth];
      guint64 off = k * job->chunk;

      req->owner = job;
      req->fd = job->fd;
      req->index = k;
      req->off = off;
      req->buf = chunk_buffer (job, k);
      req->len = (guint) (off < job->cap ? MIN (job->chunk, job->cap - off) : 0);
      req->have = 0;
      req->done = stream_done;
      job->filled[k % job->depth] = -1;
      job->outstanding++;
      ib_uring_ring_queue (job->ring, req);
    }
}

static void
stream_done (Req *req,
             int  res)
{
  FileJob *job = req->owner;

  job->outstanding--;
  if (res < 0 && job->error == NULL)
    job->error = ib_uring_errno_error (-res);
  if (res > 0)
    req->have += (gsize) res;

  /* A read may stop short of what it asked for: ask for the rest of the
   * chunk, like read_all_done, unless that was the end of the file (nothing
   * more, or a direct read's short last block). */
  if (res > 0 && (guint) res < req->len && (gsize) res % job->align == 0 &&
      job->error == NULL && !g_cancellable_is_cancelled (job->queue->cancel))
    {
      req->buf += res;
      req->off += (guint64) res;
      req->len -= (guint) res;
      job->outstanding++;
      ib_uring_ring_queue (job->ring, req);
      return;
    }
  job->filled[req->index % job->depth] = (gssize) req->have;

  /* Fold the chunks back in order into the CRC; their places are free then. */
  while (job->consumed < job->next && job->filled[job->consumed % job->depth] >= 0)
    {
      guint64 k = job->consumed++;
      gsize n = (gsize) job->filled[k % job->depth];

      if (job->queue->ctx->verify && n > 0)
        job->crc = ib_strategy_verify_update (job->queue->ctx, job->crc,
                                              chunk_buffer (job, k), n);
      job->got += n;
      job->filled[k % job->depth] = -1;
    }

  stream_issue (job);
  if (job->outstanding == 0)
    file_job_finish (job);
}

static void
stream_start (IbFileQueue *queue,
              guint        index,
              guint        slot)
{
  IbStrategyContext *ctx = queue->ctx;
  FileJob           *job = file_job_new (queue, index, slot);

  if (!file_job_open (job))
    {
      file_job_finish (job);
      return;
    }
  job->chunk = ib_strategy_chunk (ctx, "uring-stream-parallel");
  job->chunk = (gsize) ib_strategy_align_up (job->chunk, job->align);
  /* A file system aligning more than 4 KiB: record the chunk used. */
  ctx->chunk = MAX (ctx->chunk, (guint64) job->chunk);
  job->depth = ctx->queue_depth != 0 ? ctx->queue_depth : IB_URING_DEFAULT_QUEUE_DEPTH;
  /* An empty file still gets one read: the one that sees the end. */
  job->n_chunks = MAX ((job->cap + job->chunk - 1) / job->chunk, 1);
  job->depth = (guint) MIN ((guint64) job->depth, job->n_chunks);
  job->window = ctx->buffer == IB_BUFFER_REUSED && ctx->scratch != NULL;
  job->base = file_job_buffer (job, job->window ? (gsize) job->depth * job->chunk
                                                : (gsize) job->cap);
  job->reqs = g_new0 (Req, job->depth);
  job->filled = g_new (gssize, job->depth);
  stream_issue (job);
  if (job->outstanding == 0)   /* cancelled before the first read */
    file_job_finish (job);
}

/* ---- the strategies ----------------------------------------------------- */

/* Submission entries for @ctx's files: @per_file reads of each of the files
 * in flight at once (one for a serial strategy). */
static guint64
ring_want (IbStrategyContext *ctx,
           gboolean           serial,
           guint              per_file)
{
  guint n = ib_file_set_get_n_files (ctx->files);
  guint cap = serial ? 1 : MIN (MAX (ctx->in_flight, 1), MAX (n, 1));

  return (guint64) cap * per_file;
}

static guint
stream_depth (const IbStrategyContext *ctx)
{
  return ctx->queue_depth != 0 ? ctx->queue_depth : IB_URING_DEFAULT_QUEUE_DEPTH;
}

/* The ring is made here, before the clock, on the calling thread's
 * context, as a program sets its ring up once; ib_strategy_uring_release()
 * closes it after the clock. A chunked strategy (uring-stream-parallel)
 * keeps --queue-depth reads in flight per file, the others one. */
gboolean
ib_strategy_uring_prepare (const IbStrategyInfo *info,
                           IbStrategyContext    *ctx,
                           GError              **error)
{
  gboolean serial = info->schedule == IB_SCHEDULE_SERIAL;
  guint per_file = info->default_chunk != 0 ? stream_depth (ctx) : 1;
  const char *why = ib_strategy_uring_unavailable ();
  g_autoptr(GMainContext) main_ctx = NULL;
  Ring *ring;

  g_return_val_if_fail (ctx->prepared == NULL, FALSE);

  if (why != NULL)
    {
      g_set_error (error, IB_ERROR, IB_ERROR_UNSUPPORTED, _("io_uring is not available: %s"),
                   why);
      return FALSE;
    }
  main_ctx = g_main_context_ref_thread_default ();
  ring = g_new0 (Ring, 1);
  if (!ib_uring_ring_init (ring, ctx, main_ctx, ring_want (ctx, serial, per_file), error))
    {
      ib_uring_ring_clear (ring);
      g_free (ring);
      return FALSE;
    }
  ring->held_ctx = g_steal_pointer (&main_ctx);
  ctx->prepared = ring;
  return TRUE;
}


void
ib_strategy_uring_release (IbStrategyContext *ctx)
{
  Ring *ring = ctx->prepared;

  if (ring == NULL)
    return;
  ib_uring_ring_clear (ring);
  g_clear_pointer (&ring->held_ctx, g_main_context_unref);
  g_free (ring);
  ctx->prepared = NULL;
}

static gboolean
run_uring (IbStrategyContext   *ctx,
           gboolean             serial,
           IbFileQueueStartFunc start,
           guint                per_file,
           GError             **error)
{
  const char *why = ib_strategy_uring_unavailable ();
  Ring *ring = ctx->prepared;
  Ring own;
  IbFileQueue queue;
  gboolean ok;

  if (why != NULL)
    {
      g_set_error (error, IB_ERROR, IB_ERROR_UNSUPPORTED, _("io_uring is not available: %s"),
                   why);
      return FALSE;
    }
  if (g_cancellable_set_error_if_cancelled (ctx->cancellable, error))
    return FALSE;

  /* Called without ib_strategy_prepare() (a direct caller): a ring of our
   * own, set up and torn down here. */
  ib_file_queue_init (&queue, ctx, serial, NULL, NULL);
  if (ring == NULL)
    {
      ring = &own;
      if (!ib_uring_ring_init (ring, ctx, queue.main_ctx, ring_want (ctx, serial, per_file), error))
        {
          ib_uring_ring_clear (ring);
          ib_file_queue_finish (&queue, NULL);
          return FALSE;
        }
    }
  else
    ib_uring_ring_attach (ring, queue.main_ctx); /* the scheduler's context, should it differ */
  queue.start = start;
  queue.data = ring;

  /* The first files' reads go to the kernel in one submission; then the
   * scheduler iterates the context (dispatch counts, main-loop tick). */
  ring->batching = TRUE;
  ib_file_queue_pump (&queue);
  ring->batching = FALSE;
  ib_uring_ring_submit (ring);
  ib_file_queue_execute (&queue);

  if (ring == &own)
    ib_uring_ring_clear (ring);
  ok = ib_file_queue_finish (&queue, error);
  return ok;
}

gboolean
ib_strategy_uring_read_all_serial (IbStrategyContext *ctx,
                                   GError           **error)
{
  return run_uring (ctx, TRUE, read_all_start, 1, error);
}

gboolean
ib_strategy_uring_read_all_parallel (IbStrategyContext *ctx,
                                     GError           **error)
{
  return run_uring (ctx, FALSE, read_all_start, 1, error);
}

gboolean
ib_strategy_uring_stream_parallel (IbStrategyContext *ctx,
                                   GError           **error)
{
  return run_uring (ctx, FALSE, stream_start, stream_depth (ctx), error);
}

#endif /* IB_HAVE_URING */
