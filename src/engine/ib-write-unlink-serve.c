/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-write-unlink-serve.c: one run of one write + delete mode (see
 * ib-write-unlink.c for the experiment, ib-write-unlink-private.h for the
 * split). The client issues C requests at once and one more each time one
 * completes; a request's latency runs from its issue to its file's
 * deletion. All bookkeeping happens on the calling thread.
 */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "ib-os.h"
#include "ib-write-unlink-private.h"

GFile *
ib_wu_slot_file (Run   *run,
                 guint  slot)
{
  g_autofree char *name = g_strdup_printf ("wr-%u.txt", slot);
  g_autofree char *path = g_build_filename (run->work_dir, name, NULL);

  return g_file_new_for_path (path);
}

static GBytes *
request_content (Run   *run,
                 guint  index)
{
  return ib_write_unlink_content (run->seed, index, run->bytes);
}

void
ib_wu_report_progress (Run *run)
{
  double fraction;
  g_autofree char *message = NULL;

  if (run->progress == NULL)
    return;
  fraction = ((double) run->step + (double) run->completed / run->requests) /
             MAX (run->n_steps, 1);
  /* Translators: e.g. "500 of 2000 requests: Async GIO" (the phase, write +
   * delete, is shown beside it) */
  message = g_strdup_printf (_("%u of %u requests: %s"), run->completed, run->requests,
                             ib_write_unlink_mode_title (ib_wu_mode_ids[run->mode]));
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

void
ib_wu_reset_slots (Run *run)
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
    ib_wu_report_progress (run);
}

gboolean
ib_wu_check_cancel (Run *run)
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
 * back-off is over (see ib_wu_serve_async_gio). */
static gboolean
take_work (Run   *run,
           guint *index)
{
  if (ib_wu_check_cancel (run) || run->in_flight >= run->concurrency)
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

void
ib_wu_serve_sync_serial (Run *run)
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
      if (ib_wu_check_cancel (run))
        {
          /* Requests issued but never served are simply dropped. */
          run->completed += run->in_flight;
          run->in_flight = 0;
          break;
        }

      file = ib_wu_slot_file (run, run->slot_of[i]);
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
  req->file = ib_wu_slot_file (run, run->slot_of[index]);
  req->content = request_content (run, index);
  g_file_create_async (req->file, G_FILE_CREATE_NONE, G_PRIORITY_DEFAULT, run->cancellable,
                       async_create_cb, req);
}

void
ib_wu_serve_async_gio (Run *run)
{
  guint index;

  /* ab's first burst: C requests issued at the start, however long it takes
   * to set them up (that is the server's work, and counts). */
  run->start_ns = ib_os_monotonic_ns ();
  while (take_work (run, &index))
    async_issue (run, index, run->start_ns);

  /* Every issued request calls back, also when cancelled. */
  while (run->in_flight > 0 || (!ib_wu_check_cancel (run) && !g_queue_is_empty (&run->retry)))
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
  job->file = ib_wu_slot_file (run, run->slot_of[index]);
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

void
ib_wu_serve_thread_pool (Run *run)
{
  PoolShared shared = { run->cancellable, g_async_queue_new (), run->context };
  GThreadPool *pool;
  guint index;
  gulong handler = 0;

  pool = g_thread_pool_new (pool_job_func, &shared, (int) ib_os_n_cores (), FALSE, NULL);
  g_assert (pool != NULL);

  /* ab's first burst, as in ib_wu_serve_async_gio. */
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
          if (ib_wu_check_cancel (run))
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
