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

#if IB_HAVE_URING
#include <glib-unix.h>
#include <liburing.h>
#endif

#include "ib-error.h"
#include "ib-os.h"
#include "ib-strategy-private.h"

#define MAX_RING_ENTRIES    4096

static guint ring_entries_override;
static gint  rings_in_span;
static gint  rings_outside;

void
ib_strategy_uring_ring_counts (guint *in_span,
                               guint *outside)
{
  *in_span = (guint) g_atomic_int_get (&rings_in_span);
  *outside = (guint) g_atomic_int_get (&rings_outside);
}

void
ib_strategy_uring_set_ring_entries (guint entries)
{
  ring_entries_override = entries;
}

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
ib_strategy_uring_prepare_serial (IbStrategyContext *ctx,
                                  GError           **error)
{
  return unavailable (error);
}

gboolean
ib_strategy_uring_prepare_parallel (IbStrategyContext *ctx,
                                    GError           **error)
{
  return unavailable (error);
}

gboolean
ib_strategy_uring_prepare_stream (IbStrategyContext *ctx,
                                  GError           **error)
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

/* ---- can io_uring be used here? ----------------------------------------- */

static char *
describe_setup_error (int err)
{
  switch (err)
    {
    case ENOSYS:
      return g_strdup (_("this kernel has no io_uring (ENOSYS)"));
    case EPERM:
    case EACCES:
      return g_strdup (_("io_uring is not allowed here (EPERM): the kernel setting "
                         "kernel.io_uring_disabled or a sandbox’s seccomp filter forbids it"));
    default:
      return g_strdup_printf (_("cannot set up an io_uring: %s"), g_strerror (err));
    }
}

const char *
ib_strategy_uring_unavailable (void)
{
  static gsize once = 0;
  static char *reason;

  if (g_once_init_enter (&once))
    {
      /* Tests set IOBENCH_TEST_URING_ERRNO to EPERM or ENOSYS to see what a
       * locked-down kernel or sandbox gives without needing one. */
      const char *fake = g_getenv ("IOBENCH_TEST_URING_ERRNO");
      int err = 0;

      if (fake != NULL && g_str_equal (fake, "EPERM"))
        err = EPERM;
      else if (fake != NULL && g_str_equal (fake, "ENOSYS"))
        err = ENOSYS;
      else
        {
          struct io_uring ring;
          int r = io_uring_queue_init (2, &ring, 0);

          if (r < 0)
            err = -r;
          else
            {
              struct io_uring_probe *probe = io_uring_get_probe_ring (&ring);

              if (probe != NULL && !io_uring_opcode_supported (probe, IORING_OP_READ))
                reason = g_strdup (_("this kernel’s io_uring has no plain read "
                                     "(IORING_OP_READ needs Linux 5.6)"));
              if (probe != NULL)
                io_uring_free_probe (probe);
              io_uring_queue_exit (&ring);
            }
        }
      if (err != 0)
        reason = describe_setup_error (err);
      g_once_init_leave (&once, 1);
    }
  return reason;
}

/* ---- the ring on the main context --------------------------------------- */

static GError *
errno_error (int err)
{
  return g_error_new_literal (G_IO_ERROR, g_io_error_from_errno (err), g_strerror (err));
}


typedef struct _Req Req;
typedef void (*ReqDone) (Req *req,
                         int  res);

struct _Req
{
  int      fd;
  guint8  *buf;
  guint    len;
  guint64  off;
  ReqDone  done;
  gpointer owner;
  guint64  index;    /* the chunk, for the stream */
  gsize    have;     /* bytes of the chunk back so far, for the stream */
};

typedef struct
{
  IbStrategyContext *ctx;
  struct io_uring    ring;
  gboolean           ring_ok;
  GMainContext      *main_ctx;
  guint              fail_idle;  /* a source failing requests (broken ring) */
  GSource           *source;
  guint              limit;      /* requests in the kernel at most: the CQ size */
  guint              in_kernel;  /* prepared or submitted, not yet reaped */
  guint              prepared;   /* prepared since the last submit */
  GQueue             waiting;    /* Req * waiting for room */
  gboolean           broken;     /* submitting failed for good */
  gboolean           batching;   /* submit once at the end, not per request */
  GMainContext      *held_ctx;   /* a prepared ring's context, kept alive with it */
} Ring;

static void ring_submit (Ring *ring);

static gboolean on_ring_ready (gint fd, GIOCondition condition, gpointer data);

static gboolean
on_fail_idle (gpointer data)
{
  Ring *ring = data;

  ring->fail_idle = 0;
  on_ring_ready (ring->ring.ring_fd, G_IO_IN, ring);
  return G_SOURCE_REMOVE;
}

/* Fails @req on the loop, not here: its owner may be in the middle of
 * queueing more (an idle runs on_ring_ready, which fails it). */
static void
ring_fail_later (Ring *ring,
                 Req  *req)
{
  g_queue_push_tail (&ring->waiting, req);
  if (ring->fail_idle == 0)
    {
      GSource *idle = g_idle_source_new ();

      g_source_set_callback (idle, on_fail_idle, ring, NULL);
      ring->fail_idle = g_source_attach (idle, ring->main_ctx);
      g_source_unref (idle);
    }
}

static void
ring_prep (Ring *ring,
           Req  *req)
{
  struct io_uring_sqe *sqe = io_uring_get_sqe (&ring->ring);

  if (sqe == NULL)
    {
      /* The submission queue is full: hand it to the kernel, then go on. */
      ring_submit (ring);
      sqe = io_uring_get_sqe (&ring->ring);
    }
  if (sqe == NULL || ring->broken)
    {
      ring->broken = TRUE;
      ring_fail_later (ring, req);
      return;
    }
  io_uring_prep_read (sqe, req->fd, req->buf, req->len, req->off);
  io_uring_sqe_set_data (sqe, req);
  ring->in_kernel++;
  ring->prepared++;
}

static void
ring_queue (Ring *ring,
            Req  *req)
{
  if (ring->broken)
    ring_fail_later (ring, req);
  else if (ring->in_kernel < ring->limit && g_queue_is_empty (&ring->waiting))
    {
      ring_prep (ring, req);
      /* A file started outside a batch (a retry after the descriptor
       * back-off): submit it now, nothing else will. */
      if (!ring->batching)
        ring_submit (ring);
    }
  else
    g_queue_push_tail (&ring->waiting, req);
}

static void
ring_submit (Ring *ring)
{
  guint tries = 0;

  while (ring->prepared > 0 && !ring->broken)
    {
      int r = io_uring_submit (&ring->ring);

      if (r > 0)
        {
          ring->prepared -= MIN ((guint) r, ring->prepared);
          tries = 0;
          continue;
        }
      /* Interrupted or short of memory for a moment: try again, briefly. */
      if ((r == -EINTR || r == -EAGAIN || r == -EBUSY || r == 0) && ++tries < 1000)
        {
          g_usleep (100);
          continue;
        }
      g_warning ("io_uring_submit failed: %s", g_strerror (-r));
      ring->broken = TRUE;
    }
}

static gboolean
on_ring_ready (gint         fd,
               GIOCondition condition,
               gpointer     data)
{
  Ring *ring = data;
  struct io_uring_cqe *cqe;
  ring->batching = TRUE;
  while (io_uring_peek_cqe (&ring->ring, &cqe) == 0)
    {
      Req *req = io_uring_cqe_get_data (cqe);
      int res = cqe->res;

      io_uring_cqe_seen (&ring->ring, cqe);
      ring->in_kernel--;
      ring->ctx->callbacks++;
      req->done (req, res);
    }
  while (ring->in_kernel < ring->limit && !g_queue_is_empty (&ring->waiting) &&
         !ring->broken)
    ring_prep (ring, g_queue_pop_head (&ring->waiting));
  ring->batching = FALSE;
  ring_submit (ring);
  /* Submitting failed for good: every request not in the kernel fails. */
  while (ring->broken && !g_queue_is_empty (&ring->waiting))
    {
      Req *req = g_queue_pop_head (&ring->waiting);

      req->done (req, -EIO);
    }
  return G_SOURCE_CONTINUE;
}

static guint
round_pow2 (guint64 n)
{
  guint p = 4;

  while (p < n && p < MAX_RING_ENTRIES)
    p *= 2;
  return p;
}

/* Watches the ring's completions on @main_ctx (and only there). */
static void
ring_attach (Ring         *ring,
             GMainContext *main_ctx)
{
  if (ring->source != NULL && ring->main_ctx == main_ctx)
    return;
  if (ring->source != NULL)
    {
      g_source_destroy (ring->source);
      g_clear_pointer (&ring->source, g_source_unref);
    }
  ring->main_ctx = main_ctx;
  ring->source = g_unix_fd_source_new (ring->ring.ring_fd, G_IO_IN);
  g_source_set_callback (ring->source, G_SOURCE_FUNC (on_ring_ready), ring, NULL);
  g_source_set_name (ring->source, "iobench io_uring completions");
  g_source_attach (ring->source, main_ctx);
}

static gboolean
ring_init (Ring              *ring,
           IbStrategyContext *ctx,
           GMainContext      *main_ctx,
           guint64            want,
           GError           **error)
{
  guint entries = ring_entries_override != 0 ? ring_entries_override : round_pow2 (want);
  IbFdBackoff backoff = IB_FD_BACKOFF_INIT;
  GError *local_error = NULL;
  int r;

  memset (ring, 0, sizeof *ring);
  ring->ctx = ctx;
  ring->main_ctx = main_ctx;
  g_queue_init (&ring->waiting);

  /* The ring is a descriptor too: wait for one as for files. */
  while ((r = io_uring_queue_init (entries, &ring->ring, 0)) < 0)
    {
      local_error = errno_error (-r);
      if (!ib_os_errno_is_fd_exhaustion (-r) ||
          !ib_fd_backoff_retry (&backoff, &local_error, ctx->cancellable))
        break;
    }
  if (r < 0)
    {
      g_autofree char *why = describe_setup_error (-r);

      if (ib_os_errno_is_fd_exhaustion (-r) || g_error_matches (local_error, G_IO_ERROR,
                                                                G_IO_ERROR_CANCELLED))
        g_propagate_error (error, g_steal_pointer (&local_error));
      else
        g_set_error (error, IB_ERROR, IB_ERROR_UNSUPPORTED, _("io_uring is not available: %s"),
                     why);
      g_clear_error (&local_error);
      return FALSE;
    }
  ring->ring_ok = TRUE;
  ring->limit = ring->ring.cq.ring_entries;
  g_atomic_int_inc (g_atomic_int_get (&ctx->timing) ? &rings_in_span : &rings_outside);
  ring_attach (ring, main_ctx);
  return TRUE;
}

static void
ring_clear (Ring *ring)
{
  g_assert (ring->in_kernel == 0 || ring->broken || !ring->ring_ok);

  if (ring->source != NULL)
    {
      g_source_destroy (ring->source);
      g_clear_pointer (&ring->source, g_source_unref);
    }
  if (ring->ring_ok)
    io_uring_queue_exit (&ring->ring);
  if (ring->fail_idle != 0)
    {
      GSource *idle = g_main_context_find_source_by_id (ring->main_ctx, ring->fail_idle);

      if (idle != NULL)
        g_source_destroy (idle);
      ring->fail_idle = 0;
    }
  ring->ring_ok = FALSE;
  g_queue_clear (&ring->waiting);
}

/* ---- one file ----------------------------------------------------------- */

typedef struct
{
  IbRun             *run;
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
  IbStrategyContext *ctx = job->run->ctx;
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
        job->error = errno_error (errno);
    }
  if (job->fd < 0)
    return FALSE;
  ib_strategy_note_open (ctx);
  if (ctx->direct)
    job->align = ib_os_direct_alignment (job->fd);

  if (fstat (job->fd, &st) != 0)
    {
      job->error = errno_error (errno);
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
  IbRun *run = job->run;
  IbStrategyContext *ctx = run->ctx;
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
  if (error == NULL && g_cancellable_is_cancelled (run->cancel))
    g_cancellable_set_error_if_cancelled (run->cancel, &error);
  if (error == NULL)
    ib_strategy_check (ctx, job->entry, got, job->crc, &error);

  ib_os_buffer_clear (&job->fresh);
  g_free (job->reqs);
  g_free (job->filled);
  g_free (job);
  ib_strategy_file_finished (ctx);

  /* No descriptor for the file: started again when one comes free. */
  if (error != NULL && ib_run_job_retry (run, index, slot, error))
    {
      g_error_free (error);
      return;
    }
  if (error != NULL)
    {
      ib_fd_backoff_explain (&error);
      error = ib_strategy_read_error (error, path);
    }
  ib_run_job_done (run, slot, error == NULL ? got : 0, error);
}

static FileJob *
file_job_new (IbRun *run,
              guint  index,
              guint  slot)
{
  FileJob *job = g_new0 (FileJob, 1);

  job->run = run;
  job->ring = run->data;
  job->entry = ib_file_set_get_file (run->ctx->files, index);
  job->index = index;
  job->slot = slot;
  job->fd = -1;
  ib_strategy_file_started (run->ctx);
  return job;
}

/* A buffer of @size bytes for the job, aligned for direct reads. */
static guint8 *
file_job_buffer (FileJob *job,
                 gsize    size)
{
  IbStrategyContext *ctx = job->run->ctx;
  guint8 *reused;

  if (ctx->direct)
    return ib_strategy_direct_buffer (ctx, job->slot, size, job->align, &job->fresh);
  reused = ib_run_scratch (job->run, job->slot, size);
  if (reused != NULL)
    return reused;
  ib_os_buffer_alloc (&job->fresh, size, 0);
  return job->fresh.data;
}

/* ---- the single read ---------------------------------------------------- */

static void
read_all_done (Req *req,
               int  res)
{
  FileJob *job = req->owner;

  if (res < 0)
    {
      job->error = errno_error (-res);
      file_job_finish (job);
      return;
    }
  if (job->run->ctx->verify && res > 0)
    job->crc = ib_strategy_verify_update (job->run->ctx, job->crc, req->buf, (gsize) res);
  job->got += (guint64) res;

  /* A read may stop short of what it asked for: go on from there, unless
   * that was the end of the file (nothing more, or a direct read's short
   * last block). */
  if (res > 0 && job->got < job->cap && (gsize) res % job->align == 0 &&
      !g_cancellable_is_cancelled (job->run->cancel))
    {
      req->buf += res;
      req->off += (guint64) res;
      req->len = (guint) MIN (job->cap - job->got, IB_STRATEGY_MAX_CHUNK);
      ring_queue (job->ring, req);
      return;
    }
  file_job_finish (job);
}

static void
read_all_start (IbRun *run,
                guint  index,
                guint  slot)
{
  FileJob *job = file_job_new (run, index, slot);

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
  ring_queue (job->ring, &job->req);
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
         job->error == NULL && !g_cancellable_is_cancelled (job->run->cancel))
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
      ring_queue (job->ring, req);
    }
}

static void
stream_done (Req *req,
             int  res)
{
  FileJob *job = req->owner;

  job->outstanding--;
  if (res < 0 && job->error == NULL)
    job->error = errno_error (-res);
  if (res > 0)
    req->have += (gsize) res;

  /* A read may stop short of what it asked for: ask for the rest of the
   * chunk, like read_all_done, unless that was the end of the file (nothing
   * more, or a direct read's short last block). */
  if (res > 0 && (guint) res < req->len && (gsize) res % job->align == 0 &&
      job->error == NULL && !g_cancellable_is_cancelled (job->run->cancel))
    {
      req->buf += res;
      req->off += (guint64) res;
      req->len -= (guint) res;
      job->outstanding++;
      ring_queue (job->ring, req);
      return;
    }
  job->filled[req->index % job->depth] = (gssize) req->have;

  /* Fold the chunks back in order into the CRC; their places are free then. */
  while (job->consumed < job->next && job->filled[job->consumed % job->depth] >= 0)
    {
      guint64 k = job->consumed++;
      gsize n = (gsize) job->filled[k % job->depth];

      if (job->run->ctx->verify && n > 0)
        job->crc = ib_strategy_verify_update (job->run->ctx, job->crc,
                                              chunk_buffer (job, k), n);
      job->got += n;
      job->filled[k % job->depth] = -1;
    }

  stream_issue (job);
  if (job->outstanding == 0)
    file_job_finish (job);
}

static void
stream_start (IbRun *run,
              guint  index,
              guint  slot)
{
  IbStrategyContext *ctx = run->ctx;
  FileJob *job = file_job_new (run, index, slot);

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
 * closes it after the clock. */
static gboolean
uring_prepare (IbStrategyContext *ctx,
               gboolean           serial,
               guint              per_file,
               GError           **error)
{
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
  if (!ring_init (ring, ctx, main_ctx, ring_want (ctx, serial, per_file), error))
    {
      ring_clear (ring);
      g_free (ring);
      return FALSE;
    }
  ring->held_ctx = g_steal_pointer (&main_ctx);
  ctx->prepared = ring;
  return TRUE;
}

gboolean
ib_strategy_uring_prepare_serial (IbStrategyContext *ctx,
                                  GError           **error)
{
  return uring_prepare (ctx, TRUE, 1, error);
}

gboolean
ib_strategy_uring_prepare_parallel (IbStrategyContext *ctx,
                                    GError           **error)
{
  return uring_prepare (ctx, FALSE, 1, error);
}

gboolean
ib_strategy_uring_prepare_stream (IbStrategyContext *ctx,
                                  GError           **error)
{
  return uring_prepare (ctx, FALSE, stream_depth (ctx), error);
}

void
ib_strategy_uring_release (IbStrategyContext *ctx)
{
  Ring *ring = ctx->prepared;

  if (ring == NULL)
    return;
  ring_clear (ring);
  g_clear_pointer (&ring->held_ctx, g_main_context_unref);
  g_free (ring);
  ctx->prepared = NULL;
}

static gboolean
run_uring (IbStrategyContext *ctx,
           gboolean           serial,
           IbRunStartFunc     start,
           guint              per_file,
           GError           **error)
{
  const char *why = ib_strategy_uring_unavailable ();
  Ring *ring = ctx->prepared;
  Ring own;
  IbRun run;
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
  ib_run_init (&run, ctx, serial, NULL, NULL);
  if (ring == NULL)
    {
      ring = &own;
      if (!ring_init (ring, ctx, run.main_ctx, ring_want (ctx, serial, per_file), error))
        {
          ring_clear (ring);
          ib_run_finish (&run, NULL);
          return FALSE;
        }
    }
  else
    ring_attach (ring, run.main_ctx);   /* the scheduler's context, should it differ */
  run.start = start;
  run.data = ring;

  /* The first files' reads go to the kernel in one submission; then the
   * scheduler iterates the context (dispatch counts, main-loop tick). */
  ring->batching = TRUE;
  ib_run_pump (&run);
  ring->batching = FALSE;
  ring_submit (ring);
  ib_run_execute (&run);

  if (ring == &own)
    ring_clear (ring);
  ok = ib_run_finish (&run, error);
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
