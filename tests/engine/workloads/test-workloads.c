/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-workloads.c: dispatch overhead and write + delete, called directly
 * (as the runner does: on one thread with its own thread-default context). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

#ifdef G_OS_UNIX
#include <sys/resource.h>
#include <unistd.h>
#endif

#include "engine/model/ib-error.h"
#include "engine/io/ib-fileset.h"
#include "engine/measure/ib-measure.h"
#include "engine/workloads/ib-workloads.h"
#include "ib-test-common.h"

/* ---- helpers ------------------------------------------------------------- */

typedef struct
{
  GMainContext *context;
  char         *dir;       /* a fresh folder holding a marker, like the runner's */
  IbReport     *report;
  guint         n_progress;
  double        last_fraction;
} Fixture;

static void
fixture_setup (Fixture       *fx,
               gconstpointer  data)
{
  g_autofree char *marker = NULL;
  g_autoptr(GError) error = NULL;

  fx->context = g_main_context_new ();
  g_main_context_push_thread_default (fx->context);
  fx->dir = ib_test_make_tmpdir (IB_FILESET_PREFIX "XXXXXX");
  marker = g_build_filename (fx->dir, IB_FILESET_MARKER, NULL);
  g_file_set_contents (marker, "[iobench]\n", -1, &error);
  g_assert_no_error (error);
  fx->report = ib_report_new ();
  fx->last_fraction = -1;
}

static void
fixture_teardown (Fixture       *fx,
                  gconstpointer  data)
{
  g_autofree char *marker = g_build_filename (fx->dir, IB_FILESET_MARKER, NULL);

  g_assert_cmpint (g_unlink (marker), ==, 0);
  /* Fails if anything else was left behind. */
  g_assert_cmpint (g_rmdir (fx->dir), ==, 0);
  g_free (fx->dir);
  ib_report_unref (fx->report);
  g_main_context_pop_thread_default (fx->context);
  g_main_context_unref (fx->context);
}

static void
on_progress (double      fraction,
             const char *message,
             gpointer    user_data)
{
  Fixture *fx = user_data;

  g_assert_nonnull (message);
  g_assert_cmpfloat (fraction, >=, 0.0);
  g_assert_cmpfloat (fraction, <=, 1.0);
  g_assert_cmpfloat (fraction, >=, fx->last_fraction);
  fx->last_fraction = fraction;
  fx->n_progress++;
}

/* Names of everything in @dir but the marker. */
static GPtrArray *
list_leftovers (const char *dir)
{
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    if (!g_str_equal (name, IB_FILESET_MARKER))
      g_ptr_array_add (names, g_strdup (name));
  return names;
}

static void
assert_only_marker (const char *dir)
{
  g_autoptr(GPtrArray) left = list_leftovers (dir);

  if (left->len > 0)
    g_error ("%u files left in %s, first %s", left->len, dir,
             (const char *) g_ptr_array_index (left, 0));
}

/* The marker names wr-0.txt .. wr-(n-1).txt (one per slot), for the reaper
 * after a crash. */
static void
assert_marker_lists (const char *dir,
                     guint       n)
{
  g_autofree char *marker = g_build_filename (dir, IB_FILESET_MARKER, NULL);
  g_autoptr(GKeyFile) key = g_key_file_new ();
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) files = NULL;
  gsize n_files = 0;

  g_key_file_load_from_file (key, marker, G_KEY_FILE_NONE, &error);
  g_assert_no_error (error);
  files = g_key_file_get_string_list (key, "iobench", "files", &n_files, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (n_files, ==, n);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *expected = g_strdup_printf ("wr-%u.txt", i);

      g_assert_cmpstr (files[i], ==, expected);
    }
}

typedef struct
{
  GCancellable *cancellable;
  guint         delay_ms;
} CancelLater;

static gpointer
cancel_later_thread (gpointer data)
{
  CancelLater *cl = data;

  g_usleep (cl->delay_ms * G_TIME_SPAN_MILLISECOND);
  g_cancellable_cancel (cl->cancellable);
  return NULL;
}

static const IbOverheadRow *
find_row (IbReport   *report,
          const char *kind)
{
  for (guint i = 0; i < report->overhead->len; i++)
    {
      const IbOverheadRow *row = &g_array_index (report->overhead, IbOverheadRow, i);

      if (g_str_equal (row->kind, kind))
        return row;
    }
  return NULL;
}

static const IbWriteUnlinkMode *
find_mode (IbReport   *report,
           const char *mode)
{
  g_assert_nonnull (report->write_unlink);
  for (guint i = 0; i < report->write_unlink->modes->len; i++)
    {
      const IbWriteUnlinkMode *m = &g_array_index (report->write_unlink->modes,
                                                   IbWriteUnlinkMode, i);

      if (g_str_equal (m->mode, mode))
        return m;
    }
  return NULL;
}

/* ---- overhead ------------------------------------------------------------ */

static void
test_overhead_iterations (void)
{
  g_assert_cmpuint (ib_overhead_kind_iterations ("direct", 0), ==, 999999);
  g_assert_cmpuint (ib_overhead_kind_iterations ("gtask", 5000), ==, 5000);
  g_assert_cmpuint (ib_overhead_kind_iterations ("thread", 999999), ==, 100000);
  g_assert_cmpuint (ib_overhead_kind_iterations ("pool", 2000), ==, 2000);
  g_assert_cmpuint (ib_overhead_kind_iterations ("tasks-1", 2000), ==, 2000);
  g_assert_cmpuint (ib_overhead_kind_iterations ("tasks-100", 2000), ==, 20);
  g_assert_cmpuint (ib_overhead_kind_iterations ("tasks-100", 50), ==, 1);
  g_assert_null (ib_overhead_kind_describe ("no-such-kind"));
  g_assert_nonnull (ib_overhead_kind_describe ("gtask"));
}

static void
test_overhead_rows (Fixture       *fx,
                    gconstpointer  data)
{
  IbOverheadSpec spec = { 3000 };
  const char *const *kinds = ib_overhead_kinds ();
  g_autoptr(GError) error = NULL;
  const IbOverheadRow *direct, *gtask, *tasks1, *tasks100;
  guint settles;
  gboolean ok;

  settles = ib_measure_settle_count ();
  ok = ib_overhead_run (&(IbOverheadRequest) {
                          .spec = &spec,
                          .repeat = 3,
                          .warmup = 1,
                          .seed = 7,
                          .progress = on_progress,
                          .progress_data = fx,
                        },
                        fx->report, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (ok);

  /* One row per kind, in report order, all positive. */
  g_assert_cmpuint (fx->report->overhead->len, ==, g_strv_length ((char **) kinds));
  for (guint i = 0; kinds[i] != NULL; i++)
    {
      const IbOverheadRow *row = &g_array_index (fx->report->overhead, IbOverheadRow, i);

      g_assert_cmpstr (row->kind, ==, kinds[i]);
      g_assert_cmpuint (row->iterations, ==, ib_overhead_kind_iterations (kinds[i], 3000));
      g_assert_cmpuint (row->repeat, ==, 3);
      g_assert_cmpfloat (row->ns_per_op, >, 0);
      g_assert_cmpfloat (row->ci_low_ns, <=, row->ns_per_op);
      g_assert_cmpfloat (row->ci_high_ns, >=, row->ns_per_op);
      g_assert_cmpfloat (row->ratio_to_direct, >, 0);
    }

  direct = find_row (fx->report, "direct");
  gtask = find_row (fx->report, "gtask");
  tasks1 = find_row (fx->report, "tasks-1");
  tasks100 = find_row (fx->report, "tasks-100");
  g_assert_cmpfloat (direct->ratio_to_direct, ==, 1.0);
  g_assert_cmpfloat (direct->ns_per_op, <, gtask->ns_per_op);
  g_assert_cmpfloat (tasks1->ns_per_op, <, tasks100->ns_per_op);

  /* IbMeasure's settle step before every sample (4 rounds x 7). */
  g_assert_cmpuint (ib_measure_settle_count () - settles, ==, 4 * 7);

  /* At least once per round and kind (4 x 7), then "done". */
  g_assert_cmpuint (fx->n_progress, >=, 4 * 7 + 1);
  g_assert_cmpfloat (fx->last_fraction, ==, 1.0);
}

static void
test_overhead_cancel (Fixture       *fx,
                      gconstpointer  data)
{
  /* Would run for hours if the cancel were not noticed. */
  IbOverheadSpec spec = { G_GUINT64_CONSTANT (100000000) };
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  CancelLater cl = { cancellable, 100 };
  GThread *thread;
  gboolean ok;

  thread = g_thread_new ("cancel-later", cancel_later_thread, &cl);
  ok = ib_overhead_run (&(IbOverheadRequest) {
                          .spec = &spec,
                          .repeat = 5,
                          .warmup = 1,
                          .seed = 7,
                        },
                        fx->report, cancellable, &error);
  g_thread_join (thread);

  g_assert_false (ok);
  g_assert_error (error, IB_ERROR, IB_ERROR_CANCELLED);
  /* Nothing was measured in full. */
  g_assert_cmpuint (fx->report->overhead->len, ==, 0);
}

/* ---- write + delete ----------------------------------------------------- */

static void
test_wu_effective_concurrency (void)
{
  g_assert_cmpuint (ib_write_unlink_effective_concurrency (2000, G_MAXUINT), ==, 2000);
  g_assert_cmpuint (ib_write_unlink_effective_concurrency (0, G_MAXUINT), ==, 2000);
  g_assert_cmpuint (ib_write_unlink_effective_concurrency (2000, 256), ==, 256 - 64);
  g_assert_cmpuint (ib_write_unlink_effective_concurrency (100, 256), ==, 100);
  /* Below 128 the reserve is half the limit (ib_os_usable_fds). */
  g_assert_cmpuint (ib_write_unlink_effective_concurrency (2000, 128), ==, 64);
  g_assert_cmpuint (ib_write_unlink_effective_concurrency (2000, 65), ==, 65 - 32);
  g_assert_cmpuint (ib_write_unlink_effective_concurrency (2000, 64), ==, 32);
  g_assert_cmpuint (ib_write_unlink_effective_concurrency (2000, 10), ==, 5);
  g_assert_cmpuint (ib_write_unlink_effective_concurrency (2000, 2), ==, 1);
  g_assert_cmpuint (ib_write_unlink_effective_concurrency (2000, 1), ==, 1);
}

/* Every mode ran all requests without a failure and never had more than
 * @concurrency in flight; with @filled exactly that many (the client always
 * fills its slots when nothing lowers them). */
static void
test_wu_content (void)
{
  g_autoptr(GBytes) a = ib_write_unlink_content (42, 7, 4096);
  g_autoptr(GBytes) again = ib_write_unlink_content (42, 7, 4096);
  g_autoptr(GBytes) other = ib_write_unlink_content (42, 8, 4096);
  g_autoptr(GBytes) odd = ib_write_unlink_content (42, 7, 3);
  const guint8 *data;
  gsize len;
  guint seen[256] = { 0, };
  guint n_kinds = 0;

  data = g_bytes_get_data (a, &len);
  g_assert_cmpuint (len, ==, 4096);
  for (gsize i = 0; i < len; i++)
    {
      g_assert_true (g_ascii_isalpha (data[i]));
      if (seen[data[i]]++ == 0)
        n_kinds++;
    }
  /* 4,096 draws from 52 letters: every one shows up. */
  g_assert_cmpuint (n_kinds, ==, 52);

  g_assert_true (g_bytes_equal (a, again));
  g_assert_false (g_bytes_equal (a, other));
  g_assert_cmpuint (g_bytes_get_size (odd), ==, 3);
  g_assert_cmpmem (g_bytes_get_data (odd, NULL), 3, data, 3);
}

static void
check_modes (IbReport *report,
             guint     requests,
             guint     concurrency,
             gboolean  filled)
{
  const char *const *modes = ib_write_unlink_modes ();

  g_assert_nonnull (report->write_unlink);
  g_assert_cmpuint (report->write_unlink->requests, ==, requests);
  g_assert_cmpuint (report->write_unlink->modes->len, ==, g_strv_length ((char **) modes));
  for (guint i = 0; modes[i] != NULL; i++)
    {
      const IbWriteUnlinkMode *m = &g_array_index (report->write_unlink->modes,
                                                   IbWriteUnlinkMode, i);

      g_assert_cmpstr (m->mode, ==, modes[i]);
      g_assert_cmpuint (m->failed, ==, 0);
      g_assert_cmpint (m->total_ns, >, 0);
      g_assert_cmpfloat (m->requests_per_s, >, 0);
      g_assert_cmpuint (m->max_in_flight, <=, MIN (concurrency, requests));
      g_assert_cmpuint (m->max_in_flight, >, 0);
      if (filled)
        g_assert_cmpuint (m->max_in_flight, ==, MIN (concurrency, requests));
      g_assert_cmpint (m->percentiles_ns[0], >, 0);
      for (guint p = 1; p < IB_N_PERCENTILES; p++)
        g_assert_cmpint (m->percentiles_ns[p], >=, m->percentiles_ns[p - 1]);
      g_assert_cmpuint (m->n_runs, ==, report->write_unlink->runs_per_mode);
    }
  /* The longest request of a run cannot outlast the run. */
  for (guint i = 0; i < report->write_unlink->runs->len; i++)
    {
      const IbWriteUnlinkPass *r = &g_array_index (report->write_unlink->runs,
                                                   IbWriteUnlinkPass, i);

      g_assert_cmpint (r->total_ns, >, 0);
      g_assert_cmpint (r->p50_ns, >, 0);
      g_assert_cmpint (r->p50_ns, <=, r->p99_ns);
      g_assert_cmpint (r->p99_ns, <=, r->total_ns);
    }
}

/* The modes' order in each round of a run with @seed, as run. */
static char *
run_order (const IbWriteUnlink *wu)
{
  GString *order = g_string_new (NULL);

  for (guint i = 0; i < wu->runs->len; i++)
    {
      const IbWriteUnlinkPass *r = &g_array_index (wu->runs, IbWriteUnlinkPass, i);

      g_string_append_printf (order, "%u:%s ", r->round, r->mode);
    }
  return g_string_free (order, FALSE);
}

/* Replication: each mode runs spec.runs times, in rounds of every mode, in
 * the order IbMeasure draws from the seed and the round; the same
 * seed gives the same order, another seed another one. */
static void
test_wu_replicated (Fixture      *fx,
                    gconstpointer data)
{
  IbWriteUnlinkSpec   spec = { 40, 10, 64, FALSE, 5 };
  const char * const *modes = ib_write_unlink_modes ();
  g_autoptr (IbReport) again = ib_report_new ();
  g_autoptr (IbReport) other = ib_report_new ();
  g_autoptr (GError) error = NULL;
  const IbWriteUnlink *wu;
  g_autofree char     *order = NULL;
  g_autofree char     *order_again = NULL;
  g_autofree char     *order_other = NULL;

  g_assert_true (ib_write_unlink_run (&(IbWriteUnlinkRequest) {
                                        .spec = &spec,
                                        .seed = 3,
                                        .progress = on_progress,
                                        .progress_data = fx,
                                      },
                                      fx->dir, fx->report, NULL, &error));
  g_assert_no_error (error);
  assert_only_marker (fx->dir);
  check_modes (fx->report, 40, 10, TRUE);
  wu = fx->report->write_unlink;
  g_assert_cmpuint (wu->runs_per_mode, ==, 5);
  g_assert_cmpuint (wu->runs->len, ==, 5 * 3);
  for (guint round = 0; round < 5; round++)
    {
      guint expect[3];

      ib_measure_round_order (3 ^ G_GUINT64_CONSTANT (0x777269746575), round, expect, 3);
      for (guint pos = 0; pos < 3; pos++)
        {
          const IbWriteUnlinkPass *r = &g_array_index (wu->runs, IbWriteUnlinkPass,
                                                       round * 3 + pos);

          g_assert_cmpuint (r->round, ==, round);
          g_assert_cmpuint (r->position, ==, pos);
          g_assert_cmpstr (r->mode, ==, modes[expect[pos]]);
        }
    }
  g_assert_cmpfloat (fx->last_fraction, ==, 1.0);

  g_assert_true (ib_write_unlink_run (&(IbWriteUnlinkRequest) {
                                        .spec = &spec,
                                        .seed = 3,
                                      },
                                      fx->dir, again, NULL, &error));
  g_assert_true (ib_write_unlink_run (&(IbWriteUnlinkRequest) {
                                        .spec = &spec,
                                        .seed = 4,
                                      },
                                      fx->dir, other, NULL, &error));
  g_assert_no_error (error);
  order = run_order (wu);
  order_again = run_order (again->write_unlink);
  order_other = run_order (other->write_unlink);
  g_assert_cmpstr (order, ==, order_again);
  g_assert_cmpstr (order, !=, order_other);
  assert_only_marker (fx->dir);
}

static void
test_wu_deletes_everything (Fixture       *fx,
                            gconstpointer  data)
{
  IbWriteUnlinkSpec spec = { 300, 40, 100 };
  g_autoptr(GError) error = NULL;
  gboolean ok;

  ok = ib_write_unlink_run (&(IbWriteUnlinkRequest) {
                              .spec = &spec,
                              .seed = 3,
                              .progress = on_progress,
                              .progress_data = fx,
                            },
                            fx->dir, fx->report, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (ok);
  assert_only_marker (fx->dir);

  check_modes (fx->report, 300, 40, TRUE);
  /* One name per slot: at most 40 files exist at once. */
  assert_marker_lists (fx->dir, 40);
  g_assert_cmpuint (fx->report->write_unlink->concurrency, ==, 40);
  g_assert_cmpuint (fx->report->write_unlink->effective_concurrency, ==, 40);
  g_assert_cmpuint (fx->report->write_unlink->bytes, ==, 100);
  g_assert_cmpuint (fx->report->warnings->len, ==, 0);
  g_assert_cmpfloat (fx->last_fraction, ==, 1.0);
}

static void
test_wu_serial_client (Fixture       *fx,
                       gconstpointer  data)
{
  IbWriteUnlinkSpec spec = { 50, 1, 1 };
  g_autoptr(GError) error = NULL;

  g_assert_true (ib_write_unlink_run (&(IbWriteUnlinkRequest) {
                                        .spec = &spec,
                                        .seed = 3,
                                      },
                                      fx->dir, fx->report, NULL, &error));
  g_assert_no_error (error);
  assert_only_marker (fx->dir);
  check_modes (fx->report, 50, 1, TRUE);
}

static void
test_wu_more_slots_than_requests (Fixture       *fx,
                                  gconstpointer  data)
{
  IbWriteUnlinkSpec spec = { 20, 2000, 4096 };
  g_autoptr(GError) error = NULL;

  g_assert_true (ib_write_unlink_run (&(IbWriteUnlinkRequest) {
                                        .spec = &spec,
                                        .seed = 3,
                                      },
                                      fx->dir, fx->report, NULL, &error));
  g_assert_no_error (error);
  assert_only_marker (fx->dir);
  check_modes (fx->report, 20, 2000, TRUE);
}

/* The serving context's stall per mode: the sync server blocks it
 * for the whole mode; the tick watches every mode, and not when off. */
static void
test_wu_tick (Fixture       *fx,
              gconstpointer  data)
{
  IbWriteUnlinkSpec spec = { 300, 40, 100, TRUE };
  IbWriteUnlinkSpec off = { 30, 10, 100, FALSE };
  g_autoptr(GError) error = NULL;
  const GArray *modes;

  g_assert_true (ib_write_unlink_run (&(IbWriteUnlinkRequest) {
                                        .spec = &spec,
                                        .seed = 3,
                                      },
                                      fx->dir, fx->report, NULL, &error));
  g_assert_no_error (error);
  modes = fx->report->write_unlink->modes;
  g_assert_cmpuint (modes->len, ==, 3);
  for (guint i = 0; i < modes->len; i++)
    {
      const IbWriteUnlinkMode *m = &g_array_index (modes, IbWriteUnlinkMode, i);

      g_assert_true (m->responsive);
      g_assert_cmpint (m->lateness_p99_ns, <=, m->stall_ns);
      /* The sync server never returns to its loop: one stall, the whole
       * mode (load-independent; how short the others' stalls are depends on
       * free CPUs, so it is not asserted). */
      if (g_str_equal (m->mode, "sync-serial"))
        g_assert_cmpint (m->stall_ns * 2, >=, m->total_ns);
    }

  g_assert_true (ib_write_unlink_run (&(IbWriteUnlinkRequest) {
                                        .spec = &off,
                                        .seed = 3,
                                      },
                                      fx->dir, fx->report, NULL, &error));
  g_assert_no_error (error);
  modes = fx->report->write_unlink->modes;
  for (guint i = 0; i < modes->len; i++)
    g_assert_false (g_array_index (modes, IbWriteUnlinkMode, i).responsive);
  assert_only_marker (fx->dir);
}

static gboolean
has_warning (IbReport   *report,
             const char *key)
{
  for (guint i = 0; i < report->warnings->len; i++)
    if (g_strcmp0 (((IbWarning *) g_ptr_array_index (report->warnings, i))->key, key) == 0)
      return TRUE;
  return FALSE;
}

/* In a child process: RLIMIT_NOFILE 256 and @n_busy descriptors held
 * elsewhere, then 2,000 requests 2,000 at once. */
static void
run_with_low_fd_limit (guint n_busy)
{
#ifdef G_OS_UNIX
  struct rlimit rl = { 256, 256 };
  Fixture fx = { NULL, };
  IbWriteUnlinkSpec spec = { 2000, 2000, 64 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) busy = g_array_new (FALSE, FALSE, sizeof (int));
  gboolean ok;

  g_assert_cmpint (setrlimit (RLIMIT_NOFILE, &rl), ==, 0);
  fixture_setup (&fx, NULL);
  for (guint i = 0; i < n_busy; i++)
    {
      int fd = dup (0);

      g_assert_cmpint (fd, >=, 0);
      g_array_append_val (busy, fd);
    }

  ok = ib_write_unlink_run (&(IbWriteUnlinkRequest) {
                              .spec = &spec,
                              .seed = 3,
                            },
                            fx.dir, fx.report, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (ok);
  assert_only_marker (fx.dir);

  g_assert_cmpuint (fx.report->write_unlink->concurrency, ==, 2000);
  g_assert_cmpuint (fx.report->write_unlink->effective_concurrency, <, 256);
  g_assert_cmpuint (fx.report->write_unlink->effective_concurrency, >, 0);
  /* No request failed (no EMFILE). */
  check_modes (fx.report, 2000, 2000, FALSE);
  g_assert_true (has_warning (fx.report, IB_WARN_WU_CAPPED) ||
                 has_warning (fx.report, IB_WARN_WU_FDS));
  if (n_busy > 0)
    g_assert_true (has_warning (fx.report, IB_WARN_WU_FDS));

  for (guint i = 0; i < busy->len; i++)
    close (g_array_index (busy, int, i));
  fixture_teardown (&fx, NULL);
#endif
}

static void
test_wu_low_fd_limit (void)
{
  if (g_test_subprocess ())
    {
      run_with_low_fd_limit (0);
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

static void
test_wu_low_fd_limit_busy (void)
{
  /* 150 of the 256 descriptors are taken by "other code": the cap alone
   * (256 - 64) is not enough, the run must back off when it hits the limit. */
  if (g_test_subprocess ())
    {
      run_with_low_fd_limit (150);
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

static void
test_wu_cancel (Fixture       *fx,
                gconstpointer  data)
{
  /* 200,000 requests: a minute of work unless the cancel stops it. */
  IbWriteUnlinkSpec spec = { 200000, 500, 4096 };
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  CancelLater cl = { cancellable, 150 };
  GThread *thread;
  gboolean ok;

  thread = g_thread_new ("cancel-later", cancel_later_thread, &cl);
  ok = ib_write_unlink_run (&(IbWriteUnlinkRequest) {
                              .spec = &spec,
                              .seed = 3,
                            },
                            fx->dir, fx->report, cancellable, &error);
  g_thread_join (thread);

  g_assert_false (ok);
  g_assert_error (error, IB_ERROR, IB_ERROR_CANCELLED);
  assert_only_marker (fx->dir);
  /* The interrupted mode is not reported with half its requests. */
  g_assert_nonnull (fx->report->write_unlink);
  g_assert_null (find_mode (fx->report, "thread-pool"));
}

static void
test_wu_cancel_each_mode (Fixture       *fx,
                          gconstpointer  data)
{
  /* Cancelled before it starts: nothing is written at all. */
  IbWriteUnlinkSpec spec = { 100, 10, 10 };
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;

  g_cancellable_cancel (cancellable);
  g_assert_false (ib_write_unlink_run (&(IbWriteUnlinkRequest) {
                                         .spec = &spec,
                                         .seed = 3,
                                       },
                                       fx->dir, fx->report, cancellable, &error));
  g_assert_error (error, IB_ERROR, IB_ERROR_CANCELLED);
  assert_only_marker (fx->dir);
  g_assert_cmpuint (fx->report->write_unlink->modes->len, ==, 0);
}

static void
test_wu_refuses_foreign_dir (void)
{
  g_autofree char *dir = ib_test_make_tmpdir ("not-iobench-XXXXXX");
  g_autoptr(IbReport) report = ib_report_new ();
  IbWriteUnlinkSpec spec = { 10, 10, 10 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) left = NULL;

  g_assert_nonnull (dir);
  g_assert_false (ib_write_unlink_run (&(IbWriteUnlinkRequest) {
                                         .spec = &spec,
                                         .seed = 3,
                                       },
                                       dir, report, NULL, &error));
  g_assert_error (error, IB_ERROR, IB_ERROR_INVALID);
  g_assert_null (report->write_unlink);
  left = list_leftovers (dir);
  g_assert_cmpuint (left->len, ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
test_wu_failure_is_reported (Fixture       *fx,
                             gconstpointer  data)
{
  /* wr-0.txt (slot 0) is a non-empty folder: requests that get slot 0 fail,
   * the others do not. */
  g_autofree char *blocker = g_build_filename (fx->dir, "wr-0.txt", NULL);
  g_autofree char *inside = g_build_filename (blocker, "keep", NULL);
  IbWriteUnlinkSpec spec = { 30, 5, 10 };
  g_autoptr(GError) error = NULL;
  gboolean ok;

  g_assert_cmpint (g_mkdir (blocker, 0700), ==, 0);
  g_file_set_contents (inside, "x", -1, &error);
  g_assert_no_error (error);

  ok = ib_write_unlink_run (&(IbWriteUnlinkRequest) {
                              .spec = &spec,
                              .seed = 3,
                            },
                            fx->dir, fx->report, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (ok);
  g_assert_cmpuint (fx->report->write_unlink->modes->len, ==, 3);
  for (guint i = 0; i < fx->report->write_unlink->modes->len; i++)
    {
      const IbWriteUnlinkMode *m = &g_array_index (fx->report->write_unlink->modes,
                                                   IbWriteUnlinkMode, i);

      /* summed over the mode's runs */
      g_assert_cmpuint (m->failed, >, 0);
      g_assert_cmpuint (m->failed, <, 30 * m->n_runs);
      g_assert_cmpint (m->percentiles_ns[0], >, 0);
    }
  g_assert_cmpuint (fx->report->warnings->len, ==, 3);

  /* The folder in the way was not touched; nothing else is left. */
  g_assert_true (g_file_test (inside, G_FILE_TEST_IS_REGULAR));
  g_assert_cmpint (g_unlink (inside), ==, 0);
  g_assert_cmpint (g_rmdir (blocker), ==, 0);
  assert_only_marker (fx->dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/workloads/overhead/iterations", test_overhead_iterations);
  g_test_add ("/workloads/overhead/rows", Fixture, NULL,
              fixture_setup, test_overhead_rows, fixture_teardown);
  g_test_add ("/workloads/overhead/cancel", Fixture, NULL,
              fixture_setup, test_overhead_cancel, fixture_teardown);

  g_test_add_func ("/workloads/write-unlink/content", test_wu_content);
  g_test_add_func ("/workloads/write-unlink/effective-concurrency",
                   test_wu_effective_concurrency);
  g_test_add ("/workloads/write-unlink/deletes-everything", Fixture, NULL,
              fixture_setup, test_wu_deletes_everything, fixture_teardown);
  g_test_add ("/workloads/write-unlink/replicated", Fixture, NULL,
              fixture_setup, test_wu_replicated, fixture_teardown);
  g_test_add ("/workloads/write-unlink/tick", Fixture, NULL,
              fixture_setup, test_wu_tick, fixture_teardown);
  g_test_add ("/workloads/write-unlink/serial-client", Fixture, NULL,
              fixture_setup, test_wu_serial_client, fixture_teardown);
  g_test_add ("/workloads/write-unlink/more-slots-than-requests", Fixture, NULL,
              fixture_setup, test_wu_more_slots_than_requests, fixture_teardown);
  g_test_add_func ("/workloads/write-unlink/low-fd-limit", test_wu_low_fd_limit);
  g_test_add_func ("/workloads/write-unlink/low-fd-limit-busy", test_wu_low_fd_limit_busy);
  g_test_add ("/workloads/write-unlink/cancel", Fixture, NULL,
              fixture_setup, test_wu_cancel, fixture_teardown);
  g_test_add ("/workloads/write-unlink/cancel-before-start", Fixture, NULL,
              fixture_setup, test_wu_cancel_each_mode, fixture_teardown);
  g_test_add_func ("/workloads/write-unlink/refuses-foreign-dir", test_wu_refuses_foreign_dir);
  g_test_add ("/workloads/write-unlink/failure-is-reported", Fixture, NULL,
              fixture_setup, test_wu_failure_is_reported, fixture_teardown);

  return g_test_run ();
}
