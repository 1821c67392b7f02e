/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-write-unlink.c: write + delete under concurrency (seed 001).
 *
 * Seed 001 ran `ab -n 2000 -c 2000` against an express handler that writes
 * 4,096 random letters to a new file and then deletes it, once with promises
 * and once with callbacks. Here the "server" is one of three modes, and the
 * "client" is the same for all of them, as ab is:
 *
 *   sync-serial   g_file_replace_contents + g_file_delete, one after another
 *   async-gio     g_file_create_async + g_output_stream_write_all_async +
 *                 g_output_stream_close_async + g_file_delete_async,
 *                 callbacks on the thread-default context
 *   thread-pool   a GThreadPool with one worker per core doing the sync calls
 *
 * The client issues C requests at once and one more each time one completes;
 * a request's latency runs from its issue to its file's deletion. All
 * bookkeeping happens on the calling thread.
 *
 * A request in flight holds one of C slots and writes wr-SLOT.txt inside the
 * run's own folder (a fresh iobench-XXXXXX holding the runner's marker): the
 * file is new, since the slot's previous request deleted its file before the
 * slot came free. The C names are listed in the marker before the first is
 * written (listing a million request names would take seconds). Every slot
 * whose file may exist is remembered and its file deleted at the end of each
 * mode, also after an error or a cancel (after in-flight requests are back).
 */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>
#include <stdlib.h>
#include <string.h>

#include "ib-error.h"
#include "ib-fileset.h"
#include "ib-measure.h"
#include "ib-os.h"
#include "ib-stats.h"
#include "ib-workloads.h"

typedef enum
{
  MODE_SYNC_SERIAL,
  MODE_ASYNC_GIO,
  MODE_THREAD_POOL,
  N_MODES
} Mode;

static const char *const mode_ids[N_MODES + 1] = {
  "sync-serial", "async-gio", "thread-pool", NULL
};

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
  char         *work_dir;
  guint         requests;
  guint         concurrency;   /* effective; lowered when the open-file limit is hit */
  guint         bytes;
  guint64       seed;
  GCancellable *cancellable;
  GMainContext *context;

  /* per request */
  gint64       *issue_ns;
  gint64       *end_ns;
  guint8       *state;         /* ReqState */
  guint        *slot_of;       /* slot held while in flight */

  /* per slot: one file name each */
  guint         n_slots;       /* MIN (concurrency, requests) */
  guint        *free_slots;    /* stack */
  guint         n_free;
  guint8       *may_exist;     /* written (or being written) and not known deleted */

  /* counters of the current mode */
  Mode          mode;
  guint         step;          /* modes run before this one */
  gint64        start_ns;
  guint         next;          /* next request to issue */
  GQueue        retry;         /* indices to issue again (open-file limit hit) */
  IbFdBackoff   backoff;       /* async-gio: the queue's streak of exhaustion */
  gint64        retry_not_before; /* nothing in flight: wait until then (µs) */
  guint         limit_hits;    /* times a request hit the open-file limit */
  guint         limit_in_flight; /* in flight when the limit was first hit */
  guint         completed;
  guint         in_flight;
  guint         max_in_flight;
  guint         failed;
  gboolean      stop;          /* cancelled: issue nothing more */
  char         *first_error;

  IbWorkProgress progress;
  gpointer       progress_data;
  guint          progress_step;
} Run;

const char *const *
ib_write_unlink_modes (void)
{
  return mode_ids;
}

const char *
ib_write_unlink_mode_title (const char *mode)
{
  /* Translators: write + delete modes (display names) */
  static const char *const titles[N_MODES] = {
    N_("Sync, one at a time"), N_("Async GIO"), N_("Thread pool"),
  };

  for (guint i = 0; i < N_MODES; i++)
    if (g_strcmp0 (mode, mode_ids[i]) == 0)
      return _(titles[i]);
  return mode != NULL ? mode : "";
}

guint
ib_write_unlink_effective_concurrency (guint concurrency,
                                       guint nofile_limit)
{
  guint cap;

  if (concurrency == 0)
    concurrency = IB_WRITE_UNLINK_DEFAULT_CONCURRENCY;
  if (nofile_limit == G_MAXUINT)
    return concurrency;
  cap = ib_os_fd_budget (nofile_limit);
  return MIN (concurrency, cap);
}

static GFile *
slot_file (Run   *run,
           guint  slot)
{
  g_autofree char *name = g_strdup_printf ("wr-%u.txt", slot);
  g_autofree char *path = g_build_filename (run->work_dir, name, NULL);

  return g_file_new_for_path (path);
}

GBytes *
ib_write_unlink_content (guint64 seed,
                         guint   index,
                         guint   bytes)
{
  static const char letters[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
  guint8 *buf = g_malloc (bytes);
  IbRng rng;
  guint i = 0;

  ib_rng_init (&rng, seed + (guint64) index * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15));
  while (i < bytes)
    {
      guint64 x = ib_rng_next (&rng);

      /* Two letters per draw, each from 32 bits by multiply-shift. */
      buf[i++] = (guint8) letters[((x & 0xffffffff) * 52) >> 32];
      if (i < bytes)
        buf[i++] = (guint8) letters[((x >> 32) * 52) >> 32];
    }
  return g_bytes_new_take (buf, bytes);
}

static GBytes *
request_content (Run   *run,
                 guint  index)
{
  return ib_write_unlink_content (run->seed, index, run->bytes);
}

static void
report_progress (Run *run)
{
  double fraction;
  g_autofree char *message = NULL;

  if (run->progress == NULL)
    return;
  fraction = ((double) run->step + (double) run->completed / run->requests) / N_MODES;
  /* Translators: e.g. "500 of 2000 requests: Async GIO" (the phase, write +
   * delete, is shown beside it) */
  message = g_strdup_printf (_("%u of %u requests: %s"), run->completed, run->requests,
                             ib_write_unlink_mode_title (mode_ids[run->mode]));
  run->progress (fraction, message, run->progress_data);
}

/* The slot of request @index is free again (its file deleted, or not: then
 * the next request in it overwrites and deletes it, and cleanup checks). */
static void
release_slot (Run   *run,
              guint  index)
{
  g_assert (run->n_free < run->n_slots);
  run->free_slots[run->n_free++] = run->slot_of[index];
}

static void
reset_slots (Run *run)
{
  run->n_free = run->n_slots;
  for (guint i = 0; i < run->n_slots; i++)
    run->free_slots[i] = run->n_slots - 1 - i;   /* slot 0 on top */
}

static void
mark_issued (Run   *run,
             guint  index,
             gint64 now)
{
  /* A retried request keeps its first issue time: its wait counts. */
  if (run->state[index] != REQ_RETRY)
    run->issue_ns[index] = now;
  run->state[index] = REQ_PENDING;
  g_assert (run->n_free > 0);
  run->slot_of[index] = run->free_slots[--run->n_free];
  run->may_exist[run->slot_of[index]] = TRUE;
  run->in_flight++;
  run->max_in_flight = MAX (run->max_in_flight, run->in_flight);
}

/* Bookkeeping when a request is back; @error NULL on success. */
static void
mark_completed (Run          *run,
                guint         index,
                gint64        end,
                gboolean      deleted,
                const GError *error)
{
  run->end_ns[index] = end;
  if (deleted)
    run->may_exist[run->slot_of[index]] = FALSE;
  release_slot (run, index);

  if (error == NULL)
    {
      run->state[index] = REQ_OK;
      /* It had a descriptor and closed it: the streak is over. */
      ib_fd_backoff_reset (&run->backoff);
    }
  else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    run->state[index] = REQ_CANCELLED;
  else
    {
      run->state[index] = REQ_FAILED;
      run->failed++;
      if (run->first_error == NULL)
        run->first_error = g_strdup (error->message);
    }

  g_assert (run->in_flight > 0);
  run->in_flight--;
  run->completed++;
  if (run->completed % run->progress_step == 0)
    report_progress (run);
}

static gboolean
check_cancel (Run *run)
{
  if (!run->stop && g_cancellable_is_cancelled (run->cancellable))
    run->stop = TRUE;
  return run->stop;
}

/* async-gio: a request that could not open its file because the process ran
 * out of file descriptors (the limit was unknown, or other code holds many)
 * is not a failure of the mode: it goes back in the queue, to be issued again
 * when one of the requests in flight is back (it frees a descriptor) or,
 * with none in flight, after a back-off; fewer run at once from then on. It
 * fails only when no descriptor came free for IB_FD_BACKOFF_GIVE_UP_US.
 * Returns TRUE when the request was queued again (it is then no longer in
 * flight). */
static gboolean
retry_if_out_of_fds (Run          *run,
                     guint         index,
                     const GError *error)
{
  gint64 now = g_get_monotonic_time ();
  gint64 delay;

  if (run->stop)
    return FALSE;
  delay = ib_fd_backoff_next (&run->backoff, error, now);
  if (delay < 0)
    return FALSE;

  if (run->limit_hits++ == 0)
    run->limit_in_flight = run->in_flight;
  /* Leave an eighth of what was in flight free for everything else. GIO's
   * worker threads open files in their own time, so this callback may come
   * after every other request is back: then in_flight (this one) says
   * nothing about how many descriptors there are. */
  if (run->in_flight > 1)
    run->concurrency = MAX (1, MIN (run->concurrency, (run->in_flight - 1) * 7 / 8));
  run->state[index] = REQ_RETRY;
  release_slot (run, index);
  g_queue_push_tail (&run->retry, GUINT_TO_POINTER (index));
  run->in_flight--;
  run->retry_not_before = now + delay;
  return TRUE;
}

/* The next request to issue, if a slot is free: a retried one first. With
 * retries queued and nothing in flight, nothing is issued before the
 * back-off is over (see run_async_gio). */
static gboolean
take_work (Run   *run,
           guint *index)
{
  if (check_cancel (run) || run->in_flight >= run->concurrency)
    return FALSE;
  if (!g_queue_is_empty (&run->retry))
    {
      if (run->in_flight == 0 && g_get_monotonic_time () < run->retry_not_before)
        return FALSE;
      *index = GPOINTER_TO_UINT (g_queue_pop_head (&run->retry));
      return TRUE;
    }
  if (run->next < run->requests)
    {
      *index = run->next++;
      return TRUE;
    }
  return FALSE;
}

/* sync-serial and thread-pool: counts @hits times a request ran out of
 * file descriptors (and waited for one) in the mode's warning. */
static void
note_limit_hits (Run   *run,
                 guint  hits)
{
  if (hits > 0 && run->limit_hits == 0)
    run->limit_in_flight = run->in_flight;
  run->limit_hits += hits;
}

/* The blocking write of the sync modes: when the process is out of file
 * descriptors, waits for one to come free and tries again (other requests
 * in flight, or other code, close theirs). Thread-safe; counts such waits in
 * @hits. */
static gboolean
replace_retrying (GFile         *file,
                  gconstpointer  data,
                  gsize          len,
                  GCancellable  *cancellable,
                  guint         *hits,
                  GError       **error)
{
  IbFdBackoff backoff = IB_FD_BACKOFF_INIT;
  gboolean ok;

  while (!(ok = g_file_replace_contents (file, data, len, NULL, FALSE, G_FILE_CREATE_NONE,
                                         NULL, cancellable, error)) &&
         ib_fd_backoff_retry (&backoff, error, cancellable))
    ;
  *hits += backoff.hits;
  return ok;
}

/* ---- sync-serial ----------------------------------------------------- */

static void
run_sync_serial (Run *run)
{
  guint n_issued;

  /* ab's first burst: C requests issued at the start. */
  run->start_ns = ib_os_monotonic_ns ();
  n_issued = MIN (run->concurrency, run->requests);
  for (guint i = 0; i < n_issued; i++)
    mark_issued (run, i, run->start_ns);
  run->next = n_issued;

  for (guint i = 0; i < run->requests; i++)
    {
      g_autoptr(GFile) file = NULL;
      g_autoptr(GBytes) content = NULL;
      g_autoptr(GError) error = NULL;
      gboolean deleted = FALSE;
      gconstpointer data;
      gsize len;
      guint hits = 0;

      if (i >= run->next)
        break;
      if (check_cancel (run))
        {
          /* Requests issued but never served are simply dropped. */
          run->completed += run->in_flight;
          run->in_flight = 0;
          break;
        }

      file = slot_file (run, run->slot_of[i]);
      content = request_content (run, i);
      data = g_bytes_get_data (content, &len);
      if (replace_retrying (file, data, len, run->cancellable, &hits, &error) &&
          g_file_delete (file, run->cancellable, &error))
        deleted = TRUE;
      note_limit_hits (run, hits);
      mark_completed (run, i, ib_os_monotonic_ns (), deleted, error);

      /* The slot this one held goes to the next request. */
      if (!run->stop && run->next < run->requests)
        mark_issued (run, run->next++, run->end_ns[i]);
    }
}

/* ---- async-gio -------------------------------------------------------- */

/* A request of async-gio, as GIO serves it: create (O_CREAT | O_EXCL), write
 * every letter, close, delete, each step one async call whose callback
 * issues the next. g_file_replace_contents_async is not used: when its write
 * fails it reports the error before its close has run, and that close (in a
 * GIO worker) may then rename a `.goutputstream-XXXXXX` temporary over the
 * request's file while the run is already cleaning up, leaving a file in the
 * test folder. Here a request is back only when its stream is closed and its
 * file deleted (or found not deletable), so nothing of it is still running
 * when the run cleans up. Creating never makes a temporary, and the file is
 * new, as seed 001's was: a failed request deletes the file it made before
 * its slot comes free (a leftover it could not delete makes the next create
 * in that slot fail, which is counted, never written through). */
typedef struct
{
  Run           *run;
  guint          index;
  GFile         *file;
  GBytes        *content;
  GOutputStream *stream;
  GError        *error;    /* first error of the request; its file is then deleted */
} AsyncRequest;

static void async_issue (Run    *run,
                         guint   index,
                         gint64  issue_ns);

static void
async_finish (AsyncRequest *req,
              gboolean      deleted,
              const GError *error)
{
  Run *run = req->run;
  guint index;

  if (!retry_if_out_of_fds (run, req->index, error))
    {
      g_autoptr(GError) why = error != NULL ? g_error_copy (error) : NULL;

      ib_fd_backoff_explain (&why);   /* no descriptor came free for too long */
      mark_completed (run, req->index, ib_os_monotonic_ns (), deleted, why);
    }
  g_object_unref (req->file);
  g_bytes_unref (req->content);
  g_clear_object (&req->stream);
  g_clear_error (&req->error);
  g_free (req);

  /* A freed slot issues the next request now. */
  while (take_work (run, &index))
    async_issue (run, index, ib_os_monotonic_ns ());
}

static void
async_delete_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      data)
{
  AsyncRequest *req = data;
  g_autoptr(GError) error = NULL;
  gboolean deleted;

  deleted = g_file_delete_finish (G_FILE (source), result, &error);
  async_finish (req, deleted, req->error != NULL ? req->error : error);
}

static void
async_close_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      data)
{
  AsyncRequest *req = data;
  GError *error = NULL;

  if (!g_output_stream_close_finish (G_OUTPUT_STREAM (source), result, &error))
    {
      if (req->error == NULL)
        req->error = error;
      else
        g_error_free (error);
    }
  /* The file was made by this request: delete it also after an error or a
   * cancel (then without the cancellable, so that it happens). */
  g_file_delete_async (req->file, G_PRIORITY_DEFAULT,
                       req->error == NULL ? req->run->cancellable : NULL,
                       async_delete_cb, req);
}

static void
async_write_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      data)
{
  AsyncRequest *req = data;

  if (!g_output_stream_write_all_finish (G_OUTPUT_STREAM (source), result, NULL, &req->error))
    g_assert (req->error != NULL);
  /* Close in every case, and without the cancellable: the request is back
   * only when its descriptor is closed. */
  g_output_stream_close_async (req->stream, G_PRIORITY_DEFAULT, NULL, async_close_cb, req);
}

static void
async_create_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      data)
{
  AsyncRequest *req = data;
  g_autoptr(GError) error = NULL;
  GFileOutputStream *stream;
  gconstpointer bytes;
  gsize len;

  stream = g_file_create_finish (G_FILE (source), result, &error);
  if (stream == NULL)
    {
      /* Nothing was made (an existing file is not this request's). */
      async_finish (req, FALSE, error);
      return;
    }
  req->stream = G_OUTPUT_STREAM (stream);
  bytes = g_bytes_get_data (req->content, &len);
  g_output_stream_write_all_async (req->stream, bytes, len, G_PRIORITY_DEFAULT,
                                   req->run->cancellable, async_write_cb, req);
}

static void
async_issue (Run    *run,
             guint   index,
             gint64  issue_ns)
{
  AsyncRequest *req = g_new0 (AsyncRequest, 1);

  mark_issued (run, index, issue_ns);
  req->run = run;
  req->index = index;
  req->file = slot_file (run, run->slot_of[index]);
  req->content = request_content (run, index);
  g_file_create_async (req->file, G_FILE_CREATE_NONE, G_PRIORITY_DEFAULT, run->cancellable,
                       async_create_cb, req);
}

static void
run_async_gio (Run *run)
{
  guint index;

  /* ab's first burst: C requests issued at the start, however long it takes
   * to set them up (that is the server's work, and counts). */
  run->start_ns = ib_os_monotonic_ns ();
  while (take_work (run, &index))
    async_issue (run, index, run->start_ns);

  /* Every issued request calls back, also when cancelled. */
  while (run->in_flight > 0 || (!check_cancel (run) && !g_queue_is_empty (&run->retry)))
    {
      gint64 left;

      if (run->in_flight > 0)
        {
          g_main_context_iteration (run->context, TRUE);
          continue;
        }
      /* Only requests waiting for a descriptor are left, and none of ours
       * is in flight to free one: wait out the back-off, then issue. */
      left = run->retry_not_before - g_get_monotonic_time ();
      if (left > 0)
        ib_fd_backoff_sleep (left, run->cancellable);
      run->retry_not_before = 0;
      while (take_work (run, &index))
        async_issue (run, index, ib_os_monotonic_ns ());
    }
}

/* ---- thread-pool ------------------------------------------------------ */

typedef struct
{
  guint    index;
  GFile   *file;
  guint64  seed;
  guint    bytes;
  guint    limit_hits;   /* times it waited for a file descriptor */
  gint64   end_ns;
  gboolean deleted;
  GError  *error;
} PoolJob;

typedef struct
{
  GCancellable *cancellable;
  GAsyncQueue  *done;
  GMainContext *context;      /* woken when a job is done */
} PoolShared;

static void
pool_job_func (gpointer data,
               gpointer user_data)
{
  PoolJob *job = data;
  PoolShared *shared = user_data;
  g_autoptr(GBytes) content = NULL;
  gconstpointer bytes;
  gsize len;

  /* The worker makes the letters, as the request handler of seed 001 did. */
  content = ib_write_unlink_content (job->seed, job->index, job->bytes);
  bytes = g_bytes_get_data (content, &len);
  if (replace_retrying (job->file, bytes, len, shared->cancellable, &job->limit_hits,
                        &job->error) &&
      g_file_delete (job->file, shared->cancellable, &job->error))
    job->deleted = TRUE;
  job->end_ns = ib_os_monotonic_ns ();
  g_async_queue_push (shared->done, job);
  g_main_context_wakeup (shared->context);
}

static void
pool_issue (Run         *run,
            GThreadPool *pool,
            guint        index,
            gint64       issue_ns)
{
  PoolJob *job = g_new0 (PoolJob, 1);

  mark_issued (run, index, issue_ns);
  job->index = index;
  job->file = slot_file (run, run->slot_of[index]);
  job->seed = run->seed;
  job->bytes = run->bytes;
  g_thread_pool_push (pool, job, NULL);
}

static void
wake_context (GCancellable *cancellable,
              gpointer      context)
{
  g_main_context_wakeup (context);
}

static void
run_thread_pool (Run *run)
{
  PoolShared shared = { run->cancellable, g_async_queue_new (), run->context };
  GThreadPool *pool;
  guint index;
  gulong handler = 0;

  pool = g_thread_pool_new (pool_job_func, &shared, (int) ib_os_n_cores (), FALSE, NULL);
  g_assert (pool != NULL);

  /* ab's first burst, as in run_async_gio. */
  run->start_ns = ib_os_monotonic_ns ();
  while (take_work (run, &index))
    pool_issue (run, pool, index, run->start_ns);

  /* Serve as a main loop would: iterate the context (its other sources
   * still run), woken by each finished job or a cancel. */
  if (run->cancellable != NULL)
    handler = g_cancellable_connect (run->cancellable, G_CALLBACK (wake_context),
                                     run->context, NULL);
  while (run->in_flight > 0)
    {
      PoolJob *job = g_async_queue_try_pop (shared.done);

      if (job == NULL)
        {
          if (check_cancel (run))
            /* Cancelled: the jobs left end quickly; wait for them. */
            job = g_async_queue_timeout_pop (shared.done, 50 * G_TIME_SPAN_MILLISECOND);
          else
            g_main_context_iteration (run->context, TRUE);
          if (job == NULL)
            continue;
        }
      note_limit_hits (run, job->limit_hits);
      mark_completed (run, job->index, job->end_ns, job->deleted, job->error);
      g_object_unref (job->file);
      g_clear_error (&job->error);
      g_free (job);

      while (take_work (run, &index))
        pool_issue (run, pool, index, ib_os_monotonic_ns ());
    }

  if (handler != 0)
    g_cancellable_disconnect (run->cancellable, handler);
  g_thread_pool_free (pool, FALSE, TRUE);
  g_async_queue_unref (shared.done);
}

/* ---- driver ----------------------------------------------------------- */

/* Deletes every file that may still exist; FALSE with @error when one could
 * not be deleted (the others are still tried). */
static gboolean
delete_leftovers (Run     *run,
                  GError **error)
{
  gboolean ok = TRUE;

  for (guint i = 0; i < run->n_slots; i++)
    {
      g_autoptr(GFile) file = NULL;
      g_autoptr(GError) local_error = NULL;

      if (!run->may_exist[i])
        continue;
      file = slot_file (run, i);
      run->may_exist[i] = FALSE;
      /* Only a regular file can be one we wrote; leave anything else alone.
       * No cancellable: this must happen after a cancel too. */
      if (g_file_query_file_type (file, G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, NULL)
          != G_FILE_TYPE_REGULAR)
        continue;
      if (g_file_delete (file, NULL, &local_error) ||
          g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
        continue;
      if (ok)
        g_set_error (error, IB_ERROR, IB_ERROR_IO,
                     _("Could not delete “%s”: %s"),
                     g_file_peek_path (file), local_error->message);
      ok = FALSE;
    }
  return ok;
}

static int
compare_gint64 (gconstpointer a,
                gconstpointer b)
{
  gint64 x = *(const gint64 *) a;
  gint64 y = *(const gint64 *) b;

  return x < y ? -1 : x > y;
}

static void
fill_mode_result (Run               *run,
                  IbWriteUnlinkMode *out)
{
  g_autofree gint64 *latencies = g_new (gint64, MAX (run->requests, 1));
  guint n_ok = 0;
  gint64 last_end = run->start_ns;

  for (guint i = 0; i < run->requests; i++)
    {
      if (run->state[i] != REQ_OK && run->state[i] != REQ_FAILED)
        continue;
      last_end = MAX (last_end, run->end_ns[i]);
      if (run->state[i] == REQ_OK)
        latencies[n_ok++] = run->end_ns[i] - run->issue_ns[i];
    }
  qsort (latencies, n_ok, sizeof (gint64), compare_gint64);

  memset (out, 0, sizeof *out);
  out->mode = g_strdup (mode_ids[run->mode]);
  out->total_ns = last_end - run->start_ns;
  out->failed = run->failed;
  out->max_in_flight = run->max_in_flight;
  out->requests_per_s = out->total_ns > 0 ? n_ok / (out->total_ns / 1e9) : 0;
  for (guint p = 0; p < IB_N_PERCENTILES; p++)
    out->percentiles_ns[p] = n_ok > 0
                             ? ib_percentile_ab (latencies, n_ok, ib_percentile_levels[p]) : 0;
}

static gboolean
check_work_dir (const char  *work_dir,
                GError     **error)
{
  if (!g_file_test (work_dir, G_FILE_TEST_IS_DIR) || g_file_test (work_dir, G_FILE_TEST_IS_SYMLINK))
    {
      g_set_error (error, IB_ERROR, IB_ERROR_INVALID,
                   _("Write + delete needs a folder, but “%s” is not one."), work_dir);
      return FALSE;
    }
  return TRUE;
}

/* Names every file of the run in the folder's marker before any is written,
 * so that a crash leaves nothing the start-up reaper does not know about.
 * Fails (IB_ERROR_INVALID) when the folder has no marker: never write into a
 * folder the run did not make. */
static gboolean
list_in_marker (Run     *run,
                GError **error)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new_full (run->n_slots, g_free);

  for (guint i = 0; i < run->n_slots; i++)
    g_ptr_array_add (names, g_strdup_printf ("wr-%u.txt", i));
  return ib_file_set_marker_add_names (run->work_dir, (const char * const *) names->pdata,
                                       names->len, error);
}

gboolean
ib_write_unlink_run (const IbWriteUnlinkSpec  *spec,
                     const char               *work_dir,
                     guint64                   seed,
                     IbReport                 *report,
                     GCancellable             *cancellable,
                     IbWorkProgress            progress,
                     gpointer                  progress_data,
                     GError                  **error)
{
  Run run = { NULL, };
  IbWriteUnlink *wu;
  guint nofile_limit;
  gboolean ok = TRUE;
  guint order[N_MODES];
  IbWriteUnlinkMode results[N_MODES];
  gboolean have[N_MODES] = { FALSE, };
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (spec != NULL, FALSE);
  g_return_val_if_fail (work_dir != NULL, FALSE);
  g_return_val_if_fail (report != NULL, FALSE);
  g_return_val_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!check_work_dir (work_dir, error))
    return FALSE;
  ib_os_gio_warm_up ();   /* before the requests take every descriptor */

  run.work_dir = g_strdup (work_dir);
  run.requests = spec->requests > 0 ? spec->requests : IB_WRITE_UNLINK_DEFAULT_REQUESTS;

  /* Every request in flight may hold an open file: stay below the limit. */
  nofile_limit = ib_os_raise_nofile_limit ();
  run.concurrency = ib_write_unlink_effective_concurrency (spec->concurrency, nofile_limit);
  run.n_slots = MIN (run.concurrency, run.requests);
  if (!list_in_marker (&run, error))
    {
      g_free (run.work_dir);
      return FALSE;
    }
  run.bytes = spec->bytes > 0 ? spec->bytes : IB_WRITE_UNLINK_DEFAULT_BYTES;
  run.seed = seed;
  run.cancellable = cancellable;
  run.context = g_main_context_ref_thread_default ();
  run.progress = progress;
  run.progress_data = progress_data;
  run.progress_step = MAX (1, run.requests / 50);

  wu = ib_write_unlink_new ();
  wu->requests = run.requests;
  wu->concurrency = spec->concurrency > 0 ? spec->concurrency
                                          : IB_WRITE_UNLINK_DEFAULT_CONCURRENCY;
  wu->effective_concurrency = run.concurrency;
  wu->bytes = run.bytes;
  ib_write_unlink_free (report->write_unlink);
  report->write_unlink = wu;

  /* Word for word the runner's live warning, so the report holds it once. */
  if (run.concurrency < wu->concurrency)
    ib_report_add_warning (report,
                           _("Write+delete: at most %u requests were in flight instead of %u, "
                             "to stay below the open-file limit"),
                           run.concurrency, wu->concurrency);

  run.issue_ns = g_new0 (gint64, run.requests);
  run.end_ns = g_new0 (gint64, run.requests);
  run.state = g_new0 (guint8, run.requests);
  run.slot_of = g_new0 (guint, run.requests);
  run.free_slots = g_new0 (guint, run.n_slots);
  run.may_exist = g_new0 (guint8, run.n_slots);

  /* The modes in a seeded random order (the measure room's), so none always
   * runs first on a cold disk or last on a full journal; the report lists
   * them in mode order. */
  ib_measure_round_order (seed ^ G_GUINT64_CONSTANT (0x777269746575), 0, order, N_MODES);
  for (guint m = 0; m < N_MODES && ok; m++)
    {
      IbWriteUnlinkMode result;
      IbSample watched = { 0 };
      IbBracket bracket;

      run.mode = (Mode) order[m];
      run.step = m;
      run.next = run.completed = run.in_flight = run.max_in_flight = run.failed = 0;
      run.limit_hits = run.limit_in_flight = 0;
      ib_fd_backoff_reset (&run.backoff);
      run.retry_not_before = 0;
      g_queue_clear (&run.retry);
      g_clear_pointer (&run.first_error, g_free);
      memset (run.state, REQ_PENDING, run.requests);
      reset_slots (&run);
      report_progress (&run);

      if (check_cancel (&run))
        break;
      ib_bracket_start (&bracket, IB_MEASURE_USER_WRITE_UNLINK,
                        spec->tick ? run.context : NULL, NULL);
      switch (run.mode)
        {
        case MODE_SYNC_SERIAL:
          run_sync_serial (&run);
          break;
        case MODE_ASYNC_GIO:
          run_async_gio (&run);
          break;
        case MODE_THREAD_POOL:
          run_thread_pool (&run);
          break;
        case N_MODES:
        default:
          g_assert_not_reached ();
        }
      ib_bracket_stop (&bracket, &watched);
      g_assert (run.in_flight == 0);
      g_queue_clear (&run.retry);
      /* What the open-file limit allowed in the end (later modes start there). */
      wu->effective_concurrency = MIN (wu->effective_concurrency, run.concurrency);
      if (run.limit_hits > 0)
        ib_report_add_warning (report,
                               /* Translators: "%s" (1st) is a mode id such as "async-gio". */
                               _("Write + delete (%s): the process ran out of file descriptors "
                                 "with %u requests in flight; those requests were issued again "
                                 "and at most %u ran at once from then on"),
                               mode_ids[run.mode], run.limit_in_flight, run.concurrency);

      /* Files of failed or cancelled requests; also checked on success. */
      if (!delete_leftovers (&run, &local_error))
        ok = FALSE;

      if (run.stop)
        break;

      fill_mode_result (&run, &result);
      result.responsive = watched.responsive;
      result.stall_ns = watched.stall_ns;
      result.lateness_p99_ns = watched.lateness_p99_ns;
      result.frames_missed_60 = watched.frames_missed_60;
      results[run.mode] = result;
      have[run.mode] = TRUE;

      if (run.failed > 0)
        ib_report_add_warning (report,
                               /* Translators: "%s" (1st) is a mode id such as "async-gio". */
                               _("Write + delete (%s): %u of %u requests failed, first: %s"),
                               mode_ids[run.mode], run.failed, run.requests, run.first_error);
      if (ok && run.failed == run.requests)
        {
          g_set_error (&local_error, IB_ERROR, IB_ERROR_IO,
                       _("Write + delete (%s): every request failed: %s"),
                       mode_ids[run.mode], run.first_error);
          ok = FALSE;
        }
    }

  for (guint m = 0; m < N_MODES; m++)
    if (have[m])
      g_array_append_val (wu->modes, results[m]);

  if (ok && run.stop)
    g_set_error_literal (&local_error, IB_ERROR, IB_ERROR_CANCELLED,
                         _("Write + delete cancelled"));
  else if (ok)
    {
      run.step = N_MODES - 1;
      run.completed = run.requests;
      report_progress (&run);
    }

  g_free (run.work_dir);
  g_free (run.issue_ns);
  g_free (run.end_ns);
  g_free (run.state);
  g_free (run.slot_of);
  g_free (run.free_slots);
  g_free (run.may_exist);
  g_free (run.first_error);
  g_main_context_unref (run.context);

  if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  return TRUE;
}
