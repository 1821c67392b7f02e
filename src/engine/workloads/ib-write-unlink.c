/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-write-unlink.c: write + delete under concurrency (seed 001).
 *
 * Seed 001 ran `ab -n 2000 -c 2000` against an express handler that writes
 * 4,096 random letters to a new file and then deletes it, once with promises
 * and once with callbacks. Here the "server" is one of three modes, and the
 * "client" is the same for all of them, as ab is:
 *
 *   sync-serial   openat + write + close + unlinkat (blocking), one after
 *                 another on the calling thread
 *   async-gio     the same four through GIO's async calls, callbacks on the
 *                 thread-default context: g_task_run_in_thread (openat) +
 *                 g_output_stream_write_all_async + g_output_stream_close_async
 *                 + g_task_run_in_thread (unlinkat), as GIO serves
 *                 g_file_create_async and g_file_delete_async for a local file
 *   thread-pool   a GThreadPool with one worker per core doing the sync calls
 *
 * Every file is made, written and deleted relative to the run's folder's
 * descriptor, opened once without following a symlink (openat O_CREAT |
 * O_EXCL | O_NOFOLLOW, unlinkat; ib-write-unlink-serve.c), never through the
 * folder's path: a folder swapped in for the run's own (a symlink to a user
 * folder, or another folder) is never written to or deleted from. The path's
 * identity is checked against the descriptor's (device and inode, as file
 * making and cleanup do, ib-fileset*.c) before every run of a mode and fifty
 * times within it; when it has changed the run stops with an error saying
 * that its folder was replaced.
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
 * run, also after an error or a cancel (after in-flight requests are back).
 *
 * Replication: one run of a mode decides nothing (its time varies from run
 * to run by more than the modes differ), so every mode runs several times
 * (IbWriteUnlinkSpec.runs), in rounds: each round runs every mode once, in
 * an order drawn from the run's seed and the round (ib_measure_round_order),
 * with IbMeasure's settle step (dirty pages written back, a short
 * pause) before every run. Each run is kept (IbWriteUnlink.runs); the
 * analysis pairs two modes' runs by round, so that drift and load cancel
 * within a round (analysis/ib-answer-writes.h).
 *
 * This file is the public API and the driver; ib-write-unlink-serve.c serves
 * one run of one mode (ib-write-unlink-private.h); ib-write-unlink-modes.c
 * holds what both use: the modes' ids and titles, and a request's content.
 */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>

#ifdef G_OS_UNIX
#include <fcntl.h>
#include <unistd.h>
#endif

#include "engine/model/ib-error.h"
#include "engine/io/ib-fileset-private.h"
#include "engine/measure/ib-measure.h"
#include "engine/os/ib-os.h"
#include "engine/stats/ib-stats.h"
#include "engine/workloads/ib-workloads.h"
#include "engine/workloads/ib-write-unlink-private.h"

guint
ib_write_unlink_effective_concurrency (guint concurrency,
                                       guint nofile_limit)
{
  guint cap;

  if (concurrency == 0)
    concurrency = IB_WRITE_UNLINK_DEFAULT_CONCURRENCY;
  if (nofile_limit == G_MAXUINT)
    return concurrency;
  cap = ib_os_usable_fds (nofile_limit);
  return MIN (concurrency, cap);
}

/* ---- driver ----------------------------------------------------------- */

/* Deletes every file that may still exist, through the folder's descriptor
 * (also when the folder was replaced: then the run's own folder, wherever it
 * is now); FALSE with @error when one could not be deleted (the others are
 * still tried). */
static gboolean
delete_leftovers (Pass    *pass,
                  GError **error)
{
  gboolean ok = TRUE;

  for (guint i = 0; i < pass->n_slots; i++)
    {
      g_autoptr(GError) local_error = NULL;

      if (!pass->may_exist[i])
        continue;
      pass->may_exist[i] = FALSE;
      /* Only a regular file can be one we wrote; leave anything else alone.
       * No cancellable: this must happen after a cancel too. */
      if (ib_wu_slot_delete (pass, i, TRUE, &local_error))
        continue;
      if (ok)
        g_set_error_literal (error, IB_ERROR, IB_ERROR_IO, local_error->message);
      ok = FALSE;
    }
  return ok;
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a;
  double y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static int
compare_gint64 (gconstpointer a,
                gconstpointer b)
{
  gint64 x = *(const gint64 *) a;
  gint64 y = *(const gint64 *) b;

  return x < y ? -1 : x > y;
}

/* The latencies of this run's requests that succeeded, sorted, appended to
 * @all too; returns when the last request was back. */
static gint64
collect_latencies (Pass   *pass,
                   GArray *mine,
                   GArray *all)
{
  gint64 last_end = pass->start_ns;

  g_array_set_size (mine, 0);
  for (guint i = 0; i < pass->requests; i++)
    {
      gint64 latency;

      if (pass->state[i] != REQ_OK && pass->state[i] != REQ_FAILED)
        continue;
      last_end = MAX (last_end, pass->end_ns[i]);
      if (pass->state[i] != REQ_OK)
        continue;
      latency = pass->end_ns[i] - pass->issue_ns[i];
      g_array_append_val (mine, latency);
    }
  g_array_sort (mine, compare_gint64);
  g_array_append_vals (all, mine->data, mine->len);
  return last_end;
}

static gint64
percentile (GArray *sorted,
            guint   level)
{
  return sorted->len > 0 ? ib_percentile_ab ((const gint64 *) sorted->data, sorted->len, level)
                         : 0;
}

/* What one mode did over all its runs. */
typedef struct
{
  GArray  *latencies; /* gint64, every request that succeeded in any run */
  GArray  *totals;    /* double, each run's time to serve all requests */
  GArray  *stalls;    /* double, each run's longest stall (with the tick) */
  GArray  *lateness;
  GArray  *frames;
  guint    failed;
  guint    max_in_flight;
  guint    n_runs;
  gboolean responsive;
  gboolean warned_limit;
  char    *first_error;
} ModeTally;

static double
median_of (GArray *values)
{
  g_autoptr (GArray) sorted = NULL;
  guint n = values->len;

  if (n == 0)
    return 0;
  sorted = g_array_copy (values);
  g_array_sort (sorted, compare_doubles);
  return n % 2 == 1 ? g_array_index (sorted, double, n / 2)
                    : (g_array_index (sorted, double, n / 2 - 1) +
                       g_array_index (sorted, double, n / 2)) /
                        2;
}

/* The mode's summary over its runs: the median run's time, requests/s from
 * it, the latency percentiles of every request of every run (as ab would
 * print them for all of them), failures summed. */
static void
fill_mode_result (Mode               mode,
                  ModeTally         *t,
                  guint              requests,
                  IbWriteUnlinkMode *out)
{
  g_array_sort (t->latencies, compare_gint64);
  memset (out, 0, sizeof *out);
  out->mode = g_strdup (ib_wu_mode_ids[mode]);
  out->total_ns = (gint64) median_of (t->totals);
  out->failed = t->failed;
  out->max_in_flight = t->max_in_flight;
  out->n_runs = t->n_runs;
  out->requests_per_s = out->total_ns > 0
                          ? (requests - MIN (requests, t->failed / MAX (t->n_runs, 1))) /
                              (out->total_ns / 1e9)
                          : 0;
  for (guint p = 0; p < IB_N_PERCENTILES; p++)
    out->percentiles_ns[p] = percentile (t->latencies, ib_percentile_levels[p]);
  out->responsive = t->responsive && t->stalls->len > 0;
  if (out->responsive)
    {
      out->stall_ns = (gint64) median_of (t->stalls);
      out->lateness_p99_ns = (gint64) median_of (t->lateness);
      out->frames_missed_60 = median_of (t->frames);
    }
}

static void
set_replaced_error (const Pass *pass,
                    GError    **error)
{
  g_set_error (error, IB_ERROR, IB_ERROR_IO,
               _("Write + delete stopped: its folder “%s” was replaced (it is no longer the "
                 "folder I/O Bench made); nothing in what is there now was touched"),
               pass->work_dir);
}

/* Opens @work_dir for the run (without following a symlink) and takes its
 * identity; FALSE with @error when it is not a folder. */
static gboolean
open_work_dir (Pass       *pass,
               const char *work_dir,
               GError    **error)
{
  GStatBuf st;
  int saved = 0;

  pass->dir_fd = -1;
#ifdef G_OS_UNIX
  {
    /* Out of descriptors: wait for one to come free, as every open does. */
    IbFdBackoff backoff = IB_FD_BACKOFF_INIT;
    GError *busy = NULL;

    while ((pass->dir_fd = open (work_dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)) < 0 &&
           ((saved = errno) == EMFILE || saved == ENFILE))
      {
        busy = g_error_new_literal (G_IO_ERROR, g_io_error_from_errno (saved), g_strerror (saved));
        if (!ib_fd_backoff_retry (&backoff, &busy, NULL))
          break;
      }
    g_clear_error (&busy);
    if (pass->dir_fd < 0)
      saved = saved != 0 ? saved : errno;
    else if (fstat (pass->dir_fd, &st) != 0)
      saved = errno;
    else
      saved = 0;
  }
#else
  if (g_lstat (work_dir, &st) != 0 || !S_ISDIR (st.st_mode))
    saved = ENOTDIR;
#endif
  if (saved != 0)
    {
      if (saved == ENOTDIR || saved == ELOOP || saved == ENOENT)
        g_set_error (error, IB_ERROR, IB_ERROR_INVALID,
                     _("Write + delete needs a folder, but “%s” is not one."), work_dir);
      else
        g_set_error (error, IB_ERROR, IB_ERROR_IO, _("Cannot open the test folder “%s”: %s"),
                     work_dir, g_strerror (saved));
#ifdef G_OS_UNIX
      if (pass->dir_fd >= 0)
        close (pass->dir_fd);
      pass->dir_fd = -1;
#endif
      return FALSE;
    }
  pass->dir_dev = (guint64) st.st_dev;
  pass->dir_ino = (guint64) st.st_ino;
  return TRUE;
}

/* Names every file of the run in the folder's marker before any is written,
 * so that a crash leaves nothing the start-up reaper does not know about.
 * Fails (IB_ERROR_INVALID) when the folder has no marker: never write into a
 * folder the run did not make. */
static gboolean
list_in_marker (Pass    *pass,
                GError **error)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new_full (pass->n_slots, g_free);

  /* The marker is rewritten through its path: the folder must be the run's. */
  if (ib_wu_folder_replaced (pass))
    {
      set_replaced_error (pass, error);
      return FALSE;
    }
  for (guint i = 0; i < pass->n_slots; i++)
    g_ptr_array_add (names, g_strdup_printf ("wr-%u.txt", i));
  return ib_file_set_marker_add_names (pass->work_dir, (const char * const *) names->pdata,
                                       names->len, error);
}

static void
tally_clear (ModeTally *t)
{
  g_clear_pointer (&t->latencies, g_array_unref);
  g_clear_pointer (&t->totals, g_array_unref);
  g_clear_pointer (&t->stalls, g_array_unref);
  g_clear_pointer (&t->lateness, g_array_unref);
  g_clear_pointer (&t->frames, g_array_unref);
  g_clear_pointer (&t->first_error, g_free);
}

/* Serves one run of run->mode in a bracket of IbMeasure; FALSE when
 * a file could not be deleted afterwards (@error set). */
static gboolean
serve_one (Pass                    *pass,
           const IbWriteUnlinkSpec *spec,
           IbSample                *watched,
           GError                 **error)
{
  IbBracket bracket;

  pass->next = pass->completed = pass->in_flight = pass->max_in_flight = pass->failed = 0;
  pass->limit_hits = pass->limit_in_flight = 0;
  ib_fd_backoff_reset (&pass->backoff);
  pass->retry_not_before = 0;
  g_queue_clear (&pass->retry);
  g_clear_pointer (&pass->first_error, g_free);
  memset (pass->state, REQ_PENDING, pass->requests);
  ib_wu_reset_slots (pass);
  ib_wu_report_progress (pass);

  ib_bracket_start (&bracket, IB_MEASURE_USER_WRITE_UNLINK,
                    spec->tick ? pass->context : NULL, NULL);
  switch (pass->mode)
    {
    case MODE_SYNC_SERIAL:
      ib_wu_serve_sync_serial (pass);
      break;
    case MODE_ASYNC_GIO:
      ib_wu_serve_async_gio (pass);
      break;
    case MODE_THREAD_POOL:
      ib_wu_serve_thread_pool (pass);
      break;
    case N_MODES:
    default:
      g_assert_not_reached ();
    }
  ib_bracket_stop (&bracket, watched);
  g_assert (pass->in_flight == 0);
  g_queue_clear (&pass->retry);
  /* Files of failed or cancelled requests; also checked on success. */
  return delete_leftovers (pass, error);
}

/* Fills in @pass (its folder open, its seed, cancellable and progress set)
 * from @spec and names its files in the folder's marker; FALSE with @error
 * when they cannot be named (the folder closed, @pass freed). */
static gboolean
run_setup (Pass                    *pass,
           const IbWriteUnlinkSpec *spec,
           const char              *work_dir,
           GError                 **error)
{
  guint nofile_limit;

  ib_os_gio_warm_up (); /* before the requests take every descriptor */

  pass->work_dir = g_strdup (work_dir);
  pass->hold_after = IB_TEST_HOLD_AFTER ("IOBENCH_TEST_HOLD_AFTER_REQUESTS");
  pass->requests = spec->requests > 0 ? spec->requests : IB_WRITE_UNLINK_DEFAULT_REQUESTS;

  /* Every request in flight may hold an open file: stay below the limit. */
  nofile_limit = ib_os_raise_nofile_limit ();
  pass->concurrency = ib_write_unlink_effective_concurrency (spec->concurrency, nofile_limit);
  pass->n_slots = MIN (pass->concurrency, pass->requests);
  if (!list_in_marker (pass, error))
    {
#ifdef G_OS_UNIX
      close (pass->dir_fd);
#endif
      g_free (pass->work_dir);
      return FALSE;
    }
  pass->bytes = spec->bytes > 0 ? spec->bytes : IB_WRITE_UNLINK_DEFAULT_BYTES;
  pass->context = g_main_context_ref_thread_default ();
  pass->progress_step = MAX (1, pass->requests / 50);
  pass->issue_ns = g_new0 (gint64, pass->requests);
  pass->end_ns = g_new0 (gint64, pass->requests);
  pass->state = g_new0 (guint8, pass->requests);
  pass->slot_of = g_new0 (guint, pass->requests);
  pass->free_slots = g_new0 (guint, pass->n_slots);
  pass->may_exist = g_new0 (guint8, pass->n_slots);
  return TRUE;
}

/* Closes the run's folder and frees what run_setup made. */
static void
run_clear (Pass *pass)
{
#ifdef G_OS_UNIX
  close (pass->dir_fd);
#endif
  g_free (pass->work_dir);
  g_free (pass->issue_ns);
  g_free (pass->end_ns);
  g_free (pass->state);
  g_free (pass->slot_of);
  g_free (pass->free_slots);
  g_free (pass->may_exist);
  g_free (pass->first_error);
  g_main_context_unref (pass->context);
}

/* The report's write + delete section for @pass of @runs rounds, in place of
 * any earlier one. */
static IbWriteUnlink *
report_start (const Pass              *pass,
              const IbWriteUnlinkSpec *spec,
              guint                    runs,
              IbReport                *report)
{
  IbWriteUnlink *wu = ib_write_unlink_new ();

  wu->requests = pass->requests;
  wu->concurrency = spec->concurrency > 0 ? spec->concurrency
                                          : IB_WRITE_UNLINK_DEFAULT_CONCURRENCY;
  wu->effective_concurrency = pass->concurrency;
  wu->bytes = pass->bytes;
  wu->runs_per_mode = runs;
  ib_write_unlink_free (report->write_unlink);
  report->write_unlink = wu;

  /* The runner's live warning, key and values, so the report holds it once. */
  if (pass->concurrency < wu->concurrency)
    ib_report_add_warning (report, ib_warning_new (IB_WARN_WU_CAPPED, "uu", pass->concurrency,
                                                   wu->concurrency));
  return wu;
}

/* What the driver keeps from one run of a mode to the next. */
typedef struct
{
  Pass                    *pass;
  const IbWriteUnlinkSpec *spec;
  IbReport                *report;
  IbWriteUnlink           *wu;
  ModeTally                tally[N_MODES];
  GArray                  *mine; /* gint64: the latest run's latencies */
} Driver;

static void
driver_init (Driver                  *d,
             Pass                    *pass,
             const IbWriteUnlinkSpec *spec,
             IbReport                *report)
{
  memset (d, 0, sizeof *d);
  d->pass = pass;
  d->spec = spec;
  d->report = report;
  d->mine = g_array_new (FALSE, FALSE, sizeof (gint64));
  for (guint m = 0; m < N_MODES; m++)
    {
      d->tally[m].latencies = g_array_new (FALSE, FALSE, sizeof (gint64));
      d->tally[m].totals = g_array_new (FALSE, FALSE, sizeof (double));
      d->tally[m].stalls = g_array_new (FALSE, FALSE, sizeof (double));
      d->tally[m].lateness = g_array_new (FALSE, FALSE, sizeof (double));
      d->tally[m].frames = g_array_new (FALSE, FALSE, sizeof (double));
      d->tally[m].responsive = TRUE;
    }
}

/* Keeps the run that just ended (run->mode, at @pos of @round) in the
 * report's runs and in its mode's tally. */
static void
keep_run (Driver         *d,
          guint           round,
          guint           pos,
          const IbSample *watched)
{
  Pass             *pass = d->pass;
  ModeTally *t = &d->tally[pass->mode];
  IbWriteUnlinkPass result = { 0 };
  gint64 last_end = collect_latencies (pass, d->mine, t->latencies);
  double total;

  result.mode = g_strdup (ib_wu_mode_ids[pass->mode]);
  result.round = round;
  result.position = pos;
  result.total_ns = last_end - pass->start_ns;
  result.failed = pass->failed;
  result.p50_ns = percentile (d->mine, 50);
  result.p99_ns = percentile (d->mine, 99);
  g_array_append_val (d->wu->runs, result);

  total = (double) result.total_ns;
  g_array_append_val (t->totals, total);
  t->n_runs++;
  t->failed += pass->failed;
  t->max_in_flight = MAX (t->max_in_flight, pass->max_in_flight);
  if (watched->responsive)
    {
      double s = (double) watched->stall_ns, l = (double) watched->lateness_p99_ns;

      g_array_append_val (t->stalls, s);
      g_array_append_val (t->lateness, l);
      g_array_append_val (t->frames, watched->frames_missed_60);
    }
  else
    t->responsive = FALSE;
  if (pass->failed > 0 && t->first_error == NULL)
    t->first_error = g_strdup (pass->first_error);
}

/* One run of @mode at @pos of @round, after IbMeasure's settle step:
 * the previous run's dirty pages and deletions written back, then a short
 * pause. Sets run->stop when the folder was replaced or the run cancelled;
 * FALSE with @error when files could not be deleted or every request failed. */
static gboolean
run_mode (Driver  *d,
          Mode     mode,
          guint    round,
          guint    pos,
          GError **error)
{
  Pass      *pass = d->pass;
  ModeTally *t = &d->tally[mode];
  IbSample watched = { 0 };
  gboolean ok = TRUE;

  pass->mode = mode;
  pass->step = round * N_MODES + pos;
  if (ib_wu_folder_replaced (pass) || ib_wu_check_cancel (pass) ||
      !ib_measure_settle_dir (pass->work_dir, 0, pass->cancellable, NULL) ||
      ib_wu_check_cancel (pass) || ib_wu_folder_replaced (pass))
    {
      pass->stop = TRUE;
      return TRUE;
    }
  if (!serve_one (pass, d->spec, &watched, error))
    ok = FALSE;
  /* A run stopped by a replaced folder is not kept: it did not
   * serve every request. */
  ib_wu_folder_replaced (pass);
  /* What the open-file limit allowed in the end (later runs start there). */
  d->wu->effective_concurrency = MIN (d->wu->effective_concurrency, pass->concurrency);
  if (pass->limit_hits > 0 && !t->warned_limit)
    {
      t->warned_limit = TRUE;
      ib_report_add_warning (d->report, ib_warning_new (IB_WARN_WU_FDS, "suu",
                                                        ib_wu_mode_ids[pass->mode],
                                                        pass->limit_in_flight, pass->concurrency));
    }
  if (pass->stop)
    return ok;

  keep_run (d, round, pos, &watched);
  if (ok && pass->failed == pass->requests)
    {
      g_set_error (error, IB_ERROR, IB_ERROR_IO,
                   _ ("Write + delete (%s): every request failed: %s"),
                   ib_wu_mode_ids[pass->mode], pass->first_error);
      ok = FALSE;
    }
  return ok;
}

/* The report lists the modes in mode order, each over its finished runs;
 * frees the tallies. */
static void
report_modes (Driver *d)
{
  for (guint m = 0; m < N_MODES; m++)
    {
      ModeTally *t = &d->tally[m];

      if (t->n_runs > 0)
        {
          IbWriteUnlinkMode result;

          fill_mode_result ((Mode) m, t, d->pass->requests, &result);
          g_array_append_val (d->wu->modes, result);
        }
      if (t->failed > 0)
        ib_report_add_warning (d->report,
                               ib_warning_new (IB_WARN_WU_FAILED, "suuus", ib_wu_mode_ids[m],
                                               t->failed, d->pass->requests * t->n_runs, t->n_runs,
                                               t->first_error));
      tally_clear (t);
    }
  g_array_unref (d->mine);
}

/* Why the run stopped, if it did, in @error; the last progress step when it
 * finished. */
static void
run_finish (Pass    *pass,
            gboolean ok,
            GError **error)
{
  if (pass->replaced)
    {
      /* Said whatever else went wrong: it is why the run stopped. */
      g_clear_error (error);
      set_replaced_error (pass, error);
    }
  else if (ok && pass->stop)
    g_set_error_literal (error, IB_ERROR, IB_ERROR_CANCELLED, _("Write + delete cancelled"));
  else if (ok)
    {
      pass->step = pass->n_steps - 1;
      pass->completed = pass->requests;
      ib_wu_report_progress (pass);
    }
}

/* Write + delete in the folder @prepared->dir_fd (opened from @work_dir,
 * whose identity, the seed, cancellable and progress are in @prepared);
 * closes the descriptor. */
static gboolean
run_in_folder (Pass                    *prepared,
               const IbWriteUnlinkSpec *spec,
               const char              *work_dir,
               IbReport                *report,
               GError                 **error)
{
  Pass     pass = *prepared;
  guint runs = spec->runs > 0 ? spec->runs : IB_WRITE_UNLINK_DEFAULT_RUNS;
  gboolean ok = TRUE;
  Driver d;
  g_autoptr(GError) local_error = NULL;

  if (!run_setup (&pass, spec, work_dir, error))
    return FALSE;
  pass.n_steps = N_MODES * runs;
  driver_init (&d, &pass, spec, report);
  d.wu = report_start (&pass, spec, runs, report);

  /* Rounds of every mode, each round in a seeded random order (IbMeasure's),
   * so that no mode always runs first on a cold disk or last on a
   * full journal, and a slow patch of the machine hits every mode alike. */
  for (guint round = 0; round < runs && ok && !pass.stop; round++)
    {
      guint order[N_MODES];

      ib_measure_round_order (pass.seed ^ G_GUINT64_CONSTANT (0x777269746575), round, order,
                              N_MODES);
      for (guint pos = 0; pos < N_MODES && ok && !pass.stop; pos++)
        ok = run_mode (&d, (Mode) order[pos], round, pos, &local_error);
    }
  report_modes (&d);
  run_finish (&pass, ok, &local_error);
  run_clear (&pass);

  if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  return TRUE;
}

gboolean
ib_write_unlink_run (const IbWriteUnlinkRequest *request,
                     const char                 *work_dir,
                     IbReport                   *report,
                     GCancellable               *cancellable,
                     GError                    **error)
{
  Pass pass = { 0 };

  g_return_val_if_fail (request != NULL, FALSE);
  g_return_val_if_fail (request->spec != NULL, FALSE);
  g_return_val_if_fail (work_dir != NULL, FALSE);
  g_return_val_if_fail (report != NULL, FALSE);
  g_return_val_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!open_work_dir (&pass, work_dir, error))
    return FALSE;
  pass.seed = request->seed;
  pass.cancellable = cancellable;
  pass.progress = request->progress;
  pass.progress_data = request->progress_data;
  return run_in_folder (&pass, request->spec, work_dir, report, error);
}

gboolean
ib_write_unlink_run_in_set (const IbWriteUnlinkRequest *request,
                            const IbFileSet            *work,
                            IbReport                   *report,
                            GCancellable               *cancellable,
                            GError                    **error)
{
  Pass pass = { 0 };

  g_return_val_if_fail (request != NULL, FALSE);
  g_return_val_if_fail (request->spec != NULL, FALSE);
  g_return_val_if_fail (work != NULL, FALSE);
  g_return_val_if_fail (report != NULL, FALSE);
  g_return_val_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

#ifdef G_OS_UNIX
  /* The folder as the set opened it when it made it, and its identity then. */
  pass.dir_fd = work->dir_fd >= 0 ? fcntl (work->dir_fd, F_DUPFD_CLOEXEC, 0) : -1;
  if (pass.dir_fd < 0)
    {
      int saved = work->dir_fd >= 0 ? errno : EBADF;

      g_set_error (error, IB_ERROR, IB_ERROR_IO, _("Cannot open the test folder “%s”: %s"),
                   work->dir, g_strerror (saved));
      return FALSE;
    }
#else
  pass.dir_fd = -1;
#endif
  pass.dir_dev = work->dir_dev;
  pass.dir_ino = work->dir_ino;
  pass.seed = request->seed;
  pass.cancellable = cancellable;
  pass.progress = request->progress;
  pass.progress_data = request->progress_data;
  return run_in_folder (&pass, request->spec, work->dir, report, error);
}
