/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-write-unlink-serve.c: one run of one write + delete mode (see
 * ib-write-unlink.c for the experiment, ib-write-unlink-private.h for the
 * split). The client issues C requests at once and one more each time one
 * completes; a request's latency runs from its issue to its file's
 * deletion. All bookkeeping happens on the calling thread.
 *
 * Every mode serves a request with the same four steps on the same calls:
 * create the slot's file new, relative to the run's folder's descriptor
 * (openat O_CREAT | O_EXCL | O_NOFOLLOW), write every letter and close
 * (an IbFdOutputStream: write(2), close(2)), delete it (unlinkat). The
 * modes differ only in how they wait: sync-serial calls them one after
 * another on this thread, thread-pool in its workers, and async-gio through
 * GIO's async calls with callbacks on this thread's main context
 * (g_task_run_in_thread for the create and the delete, as
 * g_file_create_async and g_file_delete_async run them for a local file;
 * g_output_stream_write_all_async and g_output_stream_close_async, which
 * GIO runs in GTask's threads for a stream that cannot be polled, as for
 * GIO's own file streams).
 */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>

#ifdef G_OS_UNIX
#include <fcntl.h>
#include <unistd.h>
#else
#include <fcntl.h>
#endif

#include "engine/os/ib-fd-stream.h"
#include "engine/io/ib-fileset-private.h"
#include "engine/os/ib-os.h"
#include "engine/workloads/ib-write-unlink-private.h"

#define SLOT_NAME_MAX 32

static void
slot_name (guint slot,
           char  name[SLOT_NAME_MAX])
{
  g_snprintf (name, SLOT_NAME_MAX, "wr-%u.txt", slot);
}

char *
ib_wu_slot_path (const Pass *pass,
                 guint       slot)
{
  char name[SLOT_NAME_MAX];

  slot_name (slot, name);
  return g_build_filename (pass->work_dir, name, NULL);
}

GOutputStream *
ib_wu_slot_create (const Pass *pass,
                   guint       slot,
                   GError    **error)
{
  char name[SLOT_NAME_MAX];
  int fd, saved;

  slot_name (slot, name);
#ifdef G_OS_UNIX
  fd = openat (pass->dir_fd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
#else
  {
    g_autofree char *path = ib_wu_slot_path (pass, slot);

    fd = g_open (path, O_WRONLY | O_CREAT | O_EXCL | O_BINARY, 0666);
  }
#endif
  if (fd >= 0)
    return ib_fd_output_stream_new (fd);
  saved = errno;
  {
    g_autofree char *path = ib_wu_slot_path (pass, slot);

    g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                 _("Cannot create “%s”: %s"), path, g_strerror (saved));
  }
  return NULL;
}

gboolean
ib_wu_slot_delete (const Pass *pass,
                   guint       slot,
                   gboolean    only_regular,
                   GError    **error)
{
  char name[SLOT_NAME_MAX];
  GStatBuf st;
  int ret, saved;

  slot_name (slot, name);
#ifdef G_OS_UNIX
  if (only_regular && fstatat (pass->dir_fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
      !S_ISREG (st.st_mode))
    return TRUE;
  ret = unlinkat (pass->dir_fd, name, 0);
#else
  {
    g_autofree char *path = ib_wu_slot_path (pass, slot);

    if (only_regular && g_lstat (path, &st) == 0 && !S_ISREG (st.st_mode))
      return TRUE;
    ret = g_unlink (path);
  }
#endif
  if (ret == 0)
    return TRUE;
  saved = errno;
  if (saved == ENOENT)
    return TRUE;
  {
    g_autofree char *path = ib_wu_slot_path (pass, slot);

    g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), _("Cannot delete “%s”: %s"),
                 path, g_strerror (saved));
  }
  return FALSE;
}

gboolean
ib_wu_folder_replaced (Pass *pass)
{
  GStatBuf st;

  if (pass->replaced)
    return TRUE;
  /* lstat: a symlink put at the path is a replacement even when it leads
   * back to the folder. */
  if (g_lstat (pass->work_dir, &st) == 0 && S_ISDIR (st.st_mode) &&
      (guint64) st.st_dev == pass->dir_dev && (guint64) st.st_ino == pass->dir_ino)
    return FALSE;
  pass->replaced = TRUE;
  pass->stop = TRUE;
  return TRUE;
}

static GBytes *
request_content (Pass *pass,
                 guint index)
{
  return ib_write_unlink_content (pass->seed, index, pass->bytes);
}

void
ib_wu_report_progress (Pass *pass)
{
  double fraction;
  g_autofree char *message = NULL;

  if (pass->progress == NULL)
    return;
  fraction = ((double) pass->step + (double) pass->completed / pass->requests) /
             MAX (pass->n_steps, 1);
  /* Translators: e.g. "500 of 2000 requests: Async GIO" (the phase, write +
   * delete, is shown beside it) */
  message = g_strdup_printf (_("%u of %u requests: %s"), pass->completed, pass->requests,
                             ib_write_unlink_mode_title (ib_wu_mode_ids[pass->mode]));
  pass->progress (fraction, message, pass->progress_data);
}

/* The slot of request @index is free again (its file deleted, or not: then
 * the next request in it overwrites and deletes it, and cleanup checks). */
static void
release_slot (Pass *pass,
              guint index)
{
  g_assert (pass->n_free < pass->n_slots);
  pass->free_slots[pass->n_free++] = pass->slot_of[index];
}

void
ib_wu_reset_slots (Pass *pass)
{
  pass->n_free = pass->n_slots;
  for (guint i = 0; i < pass->n_slots; i++)
    pass->free_slots[i] = pass->n_slots - 1 - i;   /* slot 0 on top */
}

static void
mark_issued (Pass  *pass,
             guint  index,
             gint64 now)
{
  /* A retried request keeps its first issue time: its wait counts. */
  if (pass->state[index] != REQ_RETRY)
    pass->issue_ns[index] = now;
  pass->state[index] = REQ_PENDING;
  g_assert (pass->n_free > 0);
  pass->slot_of[index] = pass->free_slots[--pass->n_free];
  pass->may_exist[pass->slot_of[index]] = TRUE;
  pass->in_flight++;
  pass->max_in_flight = MAX (pass->max_in_flight, pass->in_flight);
}

/* Bookkeeping when a request is back; @error NULL on success. */
static void
mark_completed (Pass         *pass,
                guint         index,
                gint64        end,
                gboolean      deleted,
                const GError *error)
{
  pass->end_ns[index] = end;
  if (deleted)
    pass->may_exist[pass->slot_of[index]] = FALSE;
  release_slot (pass, index);

  if (error == NULL)
    {
      pass->state[index] = REQ_OK;
      /* It had a descriptor and closed it: the streak is over. */
      ib_fd_backoff_reset (&pass->backoff);
    }
  else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    pass->state[index] = REQ_CANCELLED;
  else
    {
      pass->state[index] = REQ_FAILED;
      pass->failed++;
      if (pass->first_error == NULL)
        pass->first_error = g_strdup (error->message);
    }

  g_assert (pass->in_flight > 0);
  pass->in_flight--;
  pass->completed++;
  /* The test-only hold point (ib-write-unlink.c): in the first run only. */
  if (G_UNLIKELY (pass->hold_after != 0 && pass->step == 0 && pass->completed == pass->hold_after))
    ib_test_hold ();
  if (pass->completed % pass->progress_step == 0)
    {
      /* Fifty times a run: has the folder been replaced? Then issue nothing
       * more (what is in flight goes on in the folder, by its descriptor). */
      ib_wu_folder_replaced (pass);
      ib_wu_report_progress (pass);
    }
}

gboolean
ib_wu_check_cancel (Pass *pass)
{
  if (!pass->stop && g_cancellable_is_cancelled (pass->cancellable))
    pass->stop = TRUE;
  return pass->stop;
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
retry_if_out_of_fds (Pass         *pass,
                     guint         index,
                     const GError *error)
{
  gint64 now = g_get_monotonic_time ();
  gint64 delay;

  if (pass->stop)
    return FALSE;
  delay = ib_fd_backoff_next (&pass->backoff, error, now);
  if (delay < 0)
    return FALSE;

  if (pass->limit_hits++ == 0)
    pass->limit_in_flight = pass->in_flight;
  /* Leave an eighth of what was in flight free for everything else. GIO's
   * worker threads open files in their own time, so this callback may come
   * after every other request is back: then in_flight (this one) says
   * nothing about how many descriptors there are. */
  if (pass->in_flight > 1)
    pass->concurrency = MAX (1, MIN (pass->concurrency, (pass->in_flight - 1) * 7 / 8));
  pass->state[index] = REQ_RETRY;
  release_slot (pass, index);
  g_queue_push_tail (&pass->retry, GUINT_TO_POINTER (index));
  pass->in_flight--;
  pass->retry_not_before = now + delay;
  return TRUE;
}

/* The next request to issue, if a slot is free: a retried one first. With
 * retries queued and nothing in flight, nothing is issued before the
 * back-off is over (see ib_wu_serve_async_gio). */
static gboolean
take_work (Pass  *pass,
           guint *index)
{
  if (ib_wu_check_cancel (pass) || pass->in_flight >= pass->concurrency)
    return FALSE;
  if (!g_queue_is_empty (&pass->retry))
    {
      if (pass->in_flight == 0 && g_get_monotonic_time () < pass->retry_not_before)
        return FALSE;
      *index = GPOINTER_TO_UINT (g_queue_pop_head (&pass->retry));
      return TRUE;
    }
  if (pass->next < pass->requests)
    {
      *index = pass->next++;
      return TRUE;
    }
  return FALSE;
}

/* sync-serial and thread-pool: counts @hits times a request ran out of
 * file descriptors (and waited for one) in the mode's warning. */
static void
note_limit_hits (Pass *pass,
                 guint hits)
{
  if (hits > 0 && pass->limit_hits == 0)
    pass->limit_in_flight = pass->in_flight;
  pass->limit_hits += hits;
}

/* One request with blocking calls (sync-serial, thread-pool): create the
 * slot's file, write every letter of @content, close, delete. When the
 * process is out of file descriptors, the create waits for one to come free
 * and tries again (other requests in flight, or other code, close theirs), counting
 * such waits in @hits. A file made is deleted also after an error (without
 * the cancellable, so that it happens); *@deleted says whether it was.
 * Thread-safe. */
static gboolean
serve_blocking (const Pass   *pass,
                guint         slot,
                GBytes       *content,
                GCancellable *cancellable,
                guint        *hits,
                gboolean     *deleted,
                GError      **error)
{
  gsize len;
  gconstpointer data = g_bytes_get_data (content, &len);
  IbFdBackoff backoff = IB_FD_BACKOFF_INIT;
  g_autoptr(GOutputStream) out = NULL;
  GError *local_error = NULL;
  gboolean ok;

  *deleted = FALSE;
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  while ((out = ib_wu_slot_create (pass, slot, &local_error)) == NULL &&
         ib_fd_backoff_retry (&backoff, &local_error, cancellable))
    ;
  *hits += backoff.hits;
  if (out == NULL)
    {
      g_propagate_error (error, local_error);
      return FALSE;
    }
  ok = g_output_stream_write_all (out, data, len, NULL, cancellable, &local_error);
  if (!g_output_stream_close (out, NULL, ok ? &local_error : NULL))
    ok = FALSE;
  *deleted = ib_wu_slot_delete (pass, slot, FALSE, ok ? &local_error : NULL);
  if (!*deleted)
    ok = FALSE;
  if (!ok)
    g_propagate_error (error, local_error);
  return ok;
}

/* ---- sync-serial ----------------------------------------------------- */

void
ib_wu_serve_sync_serial (Pass *pass)
{
  guint n_issued;

  /* ab's first burst: C requests issued at the start. */
  pass->start_ns = ib_os_monotonic_ns ();
  n_issued = MIN (pass->concurrency, pass->requests);
  for (guint i = 0; i < n_issued; i++)
    mark_issued (pass, i, pass->start_ns);
  pass->next = n_issued;

  for (guint i = 0; i < pass->requests; i++)
    {
      g_autoptr(GBytes) content = NULL;
      g_autoptr(GError) error = NULL;
      gboolean deleted = FALSE;
      guint hits = 0;

      if (i >= pass->next)
        break;
      if (ib_wu_check_cancel (pass))
        {
          /* Requests issued but never served are simply dropped. */
          pass->completed += pass->in_flight;
          pass->in_flight = 0;
          break;
        }

      content = request_content (pass, i);
      serve_blocking (pass, pass->slot_of[i], content, pass->cancellable, &hits, &deleted, &error);
      note_limit_hits (pass, hits);
      mark_completed (pass, i, ib_os_monotonic_ns (), deleted, error);

      /* The slot this one held goes to the next request. */
      if (!pass->stop && pass->next < pass->requests)
        mark_issued (pass, pass->next++, pass->end_ns[i]);
    }
}

/* ---- async-gio -------------------------------------------------------- */

/* A request of async-gio, as GIO serves it: create (O_CREAT | O_EXCL), write
 * every letter, close, delete, each step one async call whose callback
 * issues the next. The create and the delete are the blocking calls of the
 * other modes, run by g_task_run_in_thread: what g_file_create_async and
 * g_file_delete_async do for a local file, but relative to the folder's
 * descriptor, which GFile cannot be. g_file_replace_contents_async was not
 * used before either: when its write fails it reports the error before its
 * close has run, and that close (in a GIO worker) may then rename a
 * `.goutputstream-XXXXXX` temporary over the request's file while the run is
 * already cleaning up. Here a request is back only when its stream is closed
 * and its file deleted (or found not deletable), so nothing of it is still
 * running when the run cleans up. Creating never makes a temporary, and the
 * file is new, as seed 001's was: a failed request deletes the file it made
 * before its slot comes free (a leftover it could not delete makes the next
 * create in that slot fail, which is counted, never written through). */
typedef struct
{
  Pass          *pass;
  guint          index;
  guint          slot;
  GBytes        *content;
  GOutputStream *stream;
  GError        *error;    /* first error of the request; its file is then deleted */
} AsyncRequest;

static void async_issue (Pass  *pass,
                         guint  index,
                         gint64 issue_ns);

static void
async_finish (AsyncRequest *req,
              gboolean      deleted,
              const GError *error)
{
  Pass *pass = req->pass;
  guint index;

  if (!retry_if_out_of_fds (pass, req->index, error))
    {
      g_autoptr(GError) why = error != NULL ? g_error_copy (error) : NULL;

      ib_fd_backoff_explain (&why);   /* no descriptor came free for too long */
      mark_completed (pass, req->index, ib_os_monotonic_ns (), deleted, why);
    }
  g_bytes_unref (req->content);
  g_clear_object (&req->stream);
  g_clear_error (&req->error);
  g_free (req);

  /* A freed slot issues the next request now. */
  while (take_work (pass, &index))
    async_issue (pass, index, ib_os_monotonic_ns ());
}

static void
async_delete_thread (GTask        *task,
                     gpointer      source,
                     gpointer      data,
                     GCancellable *cancellable)
{
  AsyncRequest *req = data;
  GError *error = NULL;

  if (ib_wu_slot_delete (req->pass, req->slot, FALSE, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void
async_delete_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      data)
{
  AsyncRequest *req = data;
  g_autoptr(GError) error = NULL;
  gboolean deleted;

  deleted = g_task_propagate_boolean (G_TASK (result), &error);
  async_finish (req, deleted, req->error != NULL ? req->error : error);
}

static void
async_close_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      data)
{
  AsyncRequest *req = data;
  GError *error = NULL;
  g_autoptr(GTask) task = NULL;

  if (!g_output_stream_close_finish (G_OUTPUT_STREAM (source), result, &error))
    {
      if (req->error == NULL)
        req->error = error;
      else
        g_error_free (error);
    }
  /* The file was made by this request: delete it also after an error or a
   * cancel (the task has no cancellable, so that it happens). */
  task = g_task_new (NULL, NULL, async_delete_cb, req);
  g_task_set_task_data (task, req, NULL);
  g_task_run_in_thread (task, async_delete_thread);
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
async_create_thread (GTask        *task,
                     gpointer      source,
                     gpointer      data,
                     GCancellable *cancellable)
{
  AsyncRequest *req = data;
  GError *error = NULL;
  GOutputStream *stream;

  /* The run's cancellable, checked here rather than by the task: a task
   * cancelled after its file was made would drop the stream it returned. */
  if (g_cancellable_set_error_if_cancelled (req->pass->cancellable, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  stream = ib_wu_slot_create (req->pass, req->slot, &error);
  if (stream != NULL)
    g_task_return_pointer (task, stream, g_object_unref);
  else
    g_task_return_error (task, error);
}

static void
async_create_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      data)
{
  AsyncRequest *req = data;
  g_autoptr(GError) error = NULL;
  gconstpointer bytes;
  gsize len;

  req->stream = g_task_propagate_pointer (G_TASK (result), &error);
  if (req->stream == NULL)
    {
      /* Nothing was made (an existing file is not this request's). */
      async_finish (req, FALSE, error);
      return;
    }
  bytes = g_bytes_get_data (req->content, &len);
  g_output_stream_write_all_async (req->stream, bytes, len, G_PRIORITY_DEFAULT,
                                   req->pass->cancellable, async_write_cb, req);
}

static void
async_issue (Pass  *pass,
             guint  index,
             gint64 issue_ns)
{
  AsyncRequest *req = g_new0 (AsyncRequest, 1);
  g_autoptr(GTask) task = NULL;

  mark_issued (pass, index, issue_ns);
  req->pass = pass;
  req->index = index;
  req->slot = pass->slot_of[index];
  req->content = request_content (pass, index);
  task = g_task_new (NULL, NULL, async_create_cb, req);
  g_task_set_task_data (task, req, NULL);
  g_task_run_in_thread (task, async_create_thread);
}

void
ib_wu_serve_async_gio (Pass *pass)
{
  guint index;

  /* ab's first burst: C requests issued at the start, however long it takes
   * to set them up (that is the server's work, and counts). */
  pass->start_ns = ib_os_monotonic_ns ();
  while (take_work (pass, &index))
    async_issue (pass, index, pass->start_ns);

  /* Every issued request calls back, also when cancelled. */
  while (pass->in_flight > 0 || (!ib_wu_check_cancel (pass) && !g_queue_is_empty (&pass->retry)))
    {
      gint64 left;

      if (pass->in_flight > 0)
        {
          g_main_context_iteration (pass->context, TRUE);
          continue;
        }
      /* Only requests waiting for a descriptor are left, and none of ours
       * is in flight to free one: wait out the back-off, then issue. */
      left = pass->retry_not_before - g_get_monotonic_time ();
      if (left > 0)
        ib_fd_backoff_sleep (left, pass->cancellable);
      pass->retry_not_before = 0;
      while (take_work (pass, &index))
        async_issue (pass, index, ib_os_monotonic_ns ());
    }
}

/* ---- thread-pool ------------------------------------------------------ */

typedef struct
{
  guint    index;
  guint    slot;
  guint64  seed;
  guint    bytes;
  guint    limit_hits;   /* times it waited for a file descriptor */
  gint64   end_ns;
  gboolean deleted;
  GError  *error;
} PoolJob;

typedef struct
{
  const Pass   *pass; /* only what does not change while serving */
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

  /* The worker makes the letters, as the request handler of seed 001 did. */
  content = ib_write_unlink_content (job->seed, job->index, job->bytes);
  serve_blocking (shared->pass, job->slot, content, shared->cancellable, &job->limit_hits,
                  &job->deleted, &job->error);
  job->end_ns = ib_os_monotonic_ns ();
  g_async_queue_push (shared->done, job);
  g_main_context_wakeup (shared->context);
}

static void
pool_issue (Pass        *pass,
            GThreadPool *pool,
            guint        index,
            gint64       issue_ns)
{
  PoolJob *job = g_new0 (PoolJob, 1);

  mark_issued (pass, index, issue_ns);
  job->index = index;
  job->slot = pass->slot_of[index];
  job->seed = pass->seed;
  job->bytes = pass->bytes;
  g_thread_pool_push (pool, job, NULL);
}

static void
wake_context (GCancellable *cancellable,
              gpointer      context)
{
  g_main_context_wakeup (context);
}

void
ib_wu_serve_thread_pool (Pass *pass)
{
  PoolShared shared = { pass, pass->cancellable, g_async_queue_new (), pass->context };
  GThreadPool *pool;
  guint index;
  gulong handler = 0;

  pool = g_thread_pool_new (pool_job_func, &shared, (int) ib_os_n_cores (), FALSE, NULL);
  g_assert (pool != NULL);

  /* ab's first burst, as in ib_wu_serve_async_gio. */
  pass->start_ns = ib_os_monotonic_ns ();
  while (take_work (pass, &index))
    pool_issue (pass, pool, index, pass->start_ns);

  /* Serve as a main loop would: iterate the context (its other sources
   * still run), woken by each finished job or a cancel. */
  if (pass->cancellable != NULL)
    handler = g_cancellable_connect (pass->cancellable, G_CALLBACK (wake_context),
                                     pass->context, NULL);
  while (pass->in_flight > 0)
    {
      PoolJob *job = g_async_queue_try_pop (shared.done);

      if (job == NULL)
        {
          if (ib_wu_check_cancel (pass))
            /* Cancelled: the jobs left end quickly; wait for them. */
            job = g_async_queue_timeout_pop (shared.done, 50 * G_TIME_SPAN_MILLISECOND);
          else
            g_main_context_iteration (pass->context, TRUE);
          if (job == NULL)
            continue;
        }
      note_limit_hits (pass, job->limit_hits);
      mark_completed (pass, job->index, job->end_ns, job->deleted, job->error);
      g_clear_error (&job->error);
      g_free (job);

      while (take_work (pass, &index))
        pool_issue (pass, pool, index, ib_os_monotonic_ns ());
    }

  if (handler != 0)
    g_cancellable_disconnect (pass->cancellable, handler);
  g_thread_pool_free (pool, FALSE, TRUE);
  g_async_queue_unref (shared.done);
}
