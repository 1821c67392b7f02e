/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-strategy-uring-private.h: the ring the io_uring strategies share
 * (ib-strategy-uring-ring.c), for ib-strategy-uring.c. Only with liburing
 * (IB_HAVE_URING). */
#pragma once

#include <liburing.h>

#include "engine/io/ib-strategy-private.h"

G_BEGIN_DECLS

/* One read request; @done runs on the ring's context with the result
 * (bytes read, or -errno). */
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

/* A GError of @err (an errno value) in G_IO_ERROR. */
GError  *ib_uring_errno_error  (int                err);

/* Sets up @ring with room for @want requests in flight (rounded up to a
 * power of two, at most 4096; the test override when set) and watches its
 * completions on @main_ctx; waits for a descriptor as files do. FALSE with
 * IB_ERROR_UNSUPPORTED where the kernel refuses. */
gboolean ib_uring_ring_init    (Ring              *ring,
                                IbStrategyContext *ctx,
                                GMainContext      *main_ctx,
                                guint64            want,
                                GError           **error);
/* Watches @ring's completions on @main_ctx (and only there). */
void     ib_uring_ring_attach  (Ring              *ring,
                                GMainContext      *main_ctx);
/* Prepares @req, or queues it until the completion queue has room; outside
 * a batch it is submitted at once. */
void     ib_uring_ring_queue   (Ring              *ring,
                                Req               *req);
/* Hands every prepared request to the kernel. */
void     ib_uring_ring_submit  (Ring              *ring);
/* Closes @ring; nothing of it may be in the kernel (unless it broke). */
void     ib_uring_ring_clear   (Ring              *ring);

G_END_DECLS
