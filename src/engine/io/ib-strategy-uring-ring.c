/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-strategy-uring-ring.c: the io_uring strategies' ring: whether io_uring
 * can be used here, and one ring whose completions are reaped on a
 * GMainContext, with a queue of our own for requests the completion queue
 * has no room for yet (ib-strategy-uring.c says why it is made so). The
 * strategies themselves are in ib-strategy-uring.c. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <errno.h>
#include <string.h>

#include <gio/gio.h>
#include <glib/gi18n.h>

#include "engine/model/ib-error.h"
#include "engine/os/ib-os.h"
#include "engine/io/ib-strategy-private.h"

#define MAX_RING_ENTRIES    4096

static guint ring_entries_override;

void
ib_strategy_uring_set_ring_entries (guint entries)
{
  ring_entries_override = entries;
}

#if IB_HAVE_URING

#include <glib-unix.h>

#include "engine/io/ib-strategy-uring-private.h"

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
       * locked-down kernel or sandbox gives without needing one (only in
       * builds with -Dtest_hooks=true). */
#if IB_TEST_HOOKS
      const char *fake = g_getenv ("IOBENCH_TEST_URING_ERRNO");
#else
      const char *fake = NULL;
#endif
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

GError *
ib_uring_errno_error (int err)
{
  return g_error_new_literal (G_IO_ERROR, g_io_error_from_errno (err), g_strerror (err));
}

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
      ib_uring_ring_submit (ring);
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

void
ib_uring_ring_queue (Ring *ring,
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
        ib_uring_ring_submit (ring);
    }
  else
    g_queue_push_tail (&ring->waiting, req);
}

void
ib_uring_ring_submit (Ring *ring)
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
  ib_uring_ring_submit (ring);
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
void
ib_uring_ring_attach (Ring         *ring,
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

gboolean
ib_uring_ring_init (Ring              *ring,
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
      local_error = ib_uring_errno_error (-r);
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
  g_atomic_int_inc (g_atomic_int_get (&ctx->timing) ? &ctx->rings_in_span : &ctx->rings_outside);
  ib_uring_ring_attach (ring, main_ctx);
  return TRUE;
}

void
ib_uring_ring_clear (Ring *ring)
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

#endif /* IB_HAVE_URING */
