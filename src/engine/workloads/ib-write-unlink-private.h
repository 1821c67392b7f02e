/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-write-unlink-private.h: what the two files of write + delete share.
 *
 * ib-write-unlink.c holds the public API and the driver (rounds of every
 * mode in a seeded order, settle between runs, cleanup, the mode's summary);
 * ib-write-unlink-serve.c serves one run of one mode: the request
 * bookkeeping (slots, retries when the process runs out of descriptors) and
 * the three servers. Everything runs on the calling thread, except the
 * thread pool's jobs.
 */
#pragma once

#include <gio/gio.h>

#include "engine/os/ib-os.h"
#include "engine/workloads/ib-workloads.h"

G_BEGIN_DECLS

typedef enum
{
  MODE_SYNC_SERIAL,
  MODE_ASYNC_GIO,
  MODE_THREAD_POOL,
  N_MODES
} Mode;

/* "sync-serial", "async-gio", "thread-pool", NULL */
extern const char * const ib_wu_mode_ids[N_MODES + 1];

typedef enum
{
  REQ_PENDING,
  REQ_OK,
  REQ_FAILED,
  REQ_CANCELLED,
  REQ_RETRY,
} ReqState;

typedef struct
{
  char         *work_dir; /* for messages and the settle step only */
  /* The run's folder, opened once without following a symlink: every file of
   * the run is made, written and deleted relative to it (openat, unlinkat),
   * never through work_dir, so a folder swapped in at that path is never
   * touched (-1 where there is no openat: there work_dir is used). */
  int           dir_fd;
  guint64       dir_dev;  /* the folder's identity, checked against work_dir */
  guint64       dir_ino;  /* (ib_wu_folder_replaced) */
  gboolean      replaced; /* work_dir no longer leads to the folder: stopped */
  guint         hold_after; /* test-only hold point (0: none), see ib-write-unlink.c */
  guint         requests;
  guint         concurrency; /* effective; lowered when the open-file limit is hit */
  guint         bytes;
  guint64       seed;
  GCancellable *cancellable;
  GMainContext *context;

  /* per request */
  gint64 *issue_ns;
  gint64 *end_ns;
  guint8 *state;   /* ReqState */
  guint  *slot_of; /* slot held while in flight */

  /* per slot: one file name each */
  guint   n_slots;    /* MIN (concurrency, requests) */
  guint  *free_slots; /* stack */
  guint   n_free;
  guint8 *may_exist; /* written (or being written) and not known deleted */

  /* counters of the current mode */
  Mode        mode;
  guint       step;    /* runs made before this one */
  guint       n_steps; /* runs in all: modes x runs per mode */
  gint64      start_ns;
  guint       next;             /* next request to issue */
  GQueue      retry;            /* indices to issue again (open-file limit hit) */
  IbFdBackoff backoff;          /* async-gio: the queue's streak of exhaustion */
  gint64      retry_not_before; /* nothing in flight: wait until then (µs) */
  guint       limit_hits;       /* times a request hit the open-file limit */
  guint       limit_in_flight;  /* in flight when the limit was first hit */
  guint       completed;
  guint       in_flight;
  guint       max_in_flight;
  guint       failed;
  gboolean    stop; /* cancelled: issue nothing more */
  char       *first_error;

  IbWorkProgress progress;
  gpointer       progress_data;
  guint          progress_step;
} Pass;

/* The path of slot @slot's file, wr-SLOT.txt in the run's folder: for
 * messages only. */
char *ib_wu_slot_path (const Pass *pass,
                       guint       slot);
/* Makes slot @slot's file, new (O_CREAT | O_EXCL | O_NOFOLLOW), relative to
 * the run's folder's descriptor, and opens it for writing (ib-fd-stream.h).
 * NULL with @error (G_IO_ERROR from errno). Thread-safe. */
GOutputStream *ib_wu_slot_create (const Pass *pass,
                                  guint       slot,
                                  GError    **error);
/* Deletes slot @slot's file (unlinkat relative to the folder's descriptor);
 * @only_regular: leave it when it is not a regular file (cleanup), and then
 * say TRUE. A file already gone counts as deleted. Thread-safe. */
gboolean ib_wu_slot_delete (const Pass *pass,
                            guint       slot,
                            gboolean    only_regular,
                            GError    **error);
/* TRUE when the run's folder path no longer leads to the folder the run
 * opened (removed, or replaced by a symlink or another folder): the run is
 * then stopped (run->replaced, run->stop). */
gboolean ib_wu_folder_replaced (Pass *pass);
/* Calls the progress function for the current run and request. */
void ib_wu_report_progress (Pass *pass);
/* Every slot free again (slot 0 handed out first). */
void ib_wu_reset_slots (Pass *pass);
/* TRUE once the run was cancelled (then it issues nothing more). */
gboolean ib_wu_check_cancel (Pass *pass);

/* One run of each mode: every request issued and back (run->start_ns set,
 * per-request times and states filled). */
void ib_wu_serve_sync_serial (Pass *pass);
void ib_wu_serve_async_gio (Pass *pass);
void ib_wu_serve_thread_pool (Pass *pass);

G_END_DECLS
