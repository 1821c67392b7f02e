/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-fd-stress.c: no request and no read fails for want of a file
 * descriptor. Each case runs in a child process with
 * RLIMIT_NOFILE 256 and a seeded, varying number of descriptors held by
 * "other code", many times over (IB_FD_STRESS_ITERATIONS, default 50):
 * every open must wait for a descriptor and try again, never fail. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#ifdef G_OS_UNIX
#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>
#endif

#include "engine/model/ib-error.h"
#include "engine/io/ib-fileset.h"
#include "engine/os/ib-os.h"
#include "engine/io/ib-strategy.h"
#include "engine/workloads/ib-workloads.h"
#include "ib-test-common.h"
#include "analysis/ib-warning-text.h"

#define FD_LIMIT 256
#define SEED     18

/* ---- the classifier and the back-off, on their own ----------------------- */

static void
test_classify (void)
{
  g_autoptr(GError) mfile = g_error_new_literal (G_IO_ERROR, g_io_error_from_errno (EMFILE), "x");
  g_autoptr(GError) nfile = g_error_new_literal (G_IO_ERROR, g_io_error_from_errno (ENFILE), "x");
  g_autoptr(GError) kf = g_error_new_literal (G_FILE_ERROR, G_FILE_ERROR_MFILE, "x");
  g_autoptr(GError) knf = g_error_new_literal (G_FILE_ERROR, G_FILE_ERROR_NFILE, "x");
  g_autoptr(GError) notfound = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "x");
  g_autoptr(GError) other = g_error_new_literal (IB_ERROR, IB_ERROR_IO, "x");

  g_assert_true (ib_os_error_is_fd_exhaustion (mfile));
  g_assert_true (ib_os_error_is_fd_exhaustion (nfile));
  g_assert_true (ib_os_error_is_fd_exhaustion (kf));
  g_assert_true (ib_os_error_is_fd_exhaustion (knf));
  g_assert_false (ib_os_error_is_fd_exhaustion (notfound));
  g_assert_false (ib_os_error_is_fd_exhaustion (other));
  g_assert_false (ib_os_error_is_fd_exhaustion (NULL));
  g_assert_true (ib_os_errno_is_fd_exhaustion (EMFILE));
  g_assert_true (ib_os_errno_is_fd_exhaustion (ENFILE));
  g_assert_false (ib_os_errno_is_fd_exhaustion (ENOENT));
  g_assert_false (ib_os_errno_is_fd_exhaustion (0));
}

static void
test_backoff (void)
{
  g_autoptr(GError) mfile = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_TOO_MANY_OPEN_FILES,
                                                 "Too many open files");
  g_autoptr(GError) notfound = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "gone");
  IbFdBackoff b = IB_FD_BACKOFF_INIT;
  gint64 t = 1000000, d, last = 0;
  guint waits = ib_fd_backoff_waits ();
  g_autoptr(GError) explained = NULL;

  /* Another error: no retry, nothing counted. */
  g_assert_cmpint (ib_fd_backoff_next (&b, notfound, t), ==, -1);
  g_assert_cmpuint (b.hits, ==, 0);

  /* Exhaustion: waits that grow up to the cap, for the whole give-up time. */
  g_assert_cmpint (ib_fd_backoff_next (&b, mfile, t), ==, IB_FD_BACKOFF_MIN_US);
  for (gint64 now = t; now < t + IB_FD_BACKOFF_GIVE_UP_US; now += last)
    {
      d = ib_fd_backoff_next (&b, mfile, now);
      g_assert_cmpint (d, >=, last);
      g_assert_cmpint (d, <=, IB_FD_BACKOFF_MAX_US);
      last = d;
    }
  g_assert_cmpint (last, ==, IB_FD_BACKOFF_MAX_US);
  /* No descriptor came free all that time: give up. */
  g_assert_cmpint (ib_fd_backoff_next (&b, mfile, t + IB_FD_BACKOFF_GIVE_UP_US), ==, -1);
  g_assert_cmpuint (ib_fd_backoff_waits (), >, waits);

  /* One came free: a new streak starts short again. */
  ib_fd_backoff_reset (&b);
  g_assert_cmpint (ib_fd_backoff_next (&b, mfile, t + 2 * IB_FD_BACKOFF_GIVE_UP_US), ==,
                   IB_FD_BACKOFF_MIN_US);

  /* The give-up error says why and what to do, and is still exhaustion. */
  explained = g_error_copy (mfile);
  ib_fd_backoff_explain (&explained);
  g_assert_true (ib_os_error_is_fd_exhaustion (explained));
  g_assert_nonnull (strstr (explained->message, "Too many open files"));
  g_assert_nonnull (strstr (explained->message, "ulimit -n"));
}

#ifdef G_OS_UNIX

/* ---- descriptors held by "other code" ----------------------------------- */

static guint
stress_iterations (void)
{
  const char *s = g_getenv ("IB_FD_STRESS_ITERATIONS");

  return s != NULL && atoi (s) > 0 ? (guint) atoi (s) : 50;
}

/* In the child: the low limit, and GIO's one-off set-up done while there
 * are descriptors to do it with, as the runner does at its start: GLib
 * aborts when that set-up finds none. */
static void
child_setup (void)
{
  struct rlimit rl = { FD_LIMIT, FD_LIMIT };

  g_assert_cmpint (setrlimit (RLIMIT_NOFILE, &rl), ==, 0);
  ib_os_gio_warm_up ();
}

/* Takes every free descriptor but @n_free; close with release_fds(). */
static GArray *
hold_all_but (guint n_free)
{
  GArray *held = g_array_new (FALSE, FALSE, sizeof (int));
  int fd;

  while ((fd = open ("/dev/null", O_RDONLY | O_CLOEXEC)) >= 0)
    g_array_append_val (held, fd);
  g_assert_true (ib_os_errno_is_fd_exhaustion (errno));
  g_assert_cmpuint (held->len, >=, n_free);
  for (guint i = 0; i < n_free; i++)
    close (g_array_index (held, int, --held->len));
  return held;
}

static void
release_fds (GArray *held)
{
  for (guint i = 0; i < held->len; i++)
    close (g_array_index (held, int, i));
  g_array_unref (held);
}

/* A fresh folder with the runner's marker, as ib_write_unlink_run wants. */
static char *
make_run_dir (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *marker = NULL;
  char *dir = ib_test_make_tmpdir (IB_FILESET_PREFIX "XXXXXX");

  marker = g_build_filename (dir, IB_FILESET_MARKER, NULL);
  g_file_set_contents (marker, "[iobench]\n", -1, &error);
  g_assert_no_error (error);
  return dir;
}

/* Nothing but the marker is left; removes the folder. */
static void
remove_run_dir (char *dir)
{
  g_autofree char *marker = g_build_filename (dir, IB_FILESET_MARKER, NULL);

  g_assert_cmpint (g_unlink (marker), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);   /* fails if a file was left */
  g_free (dir);
}

static void
assert_no_failed_request (IbReport *report,
                          guint     requests)
{
  g_assert_nonnull (report->write_unlink);
  g_assert_cmpuint (report->write_unlink->modes->len, ==,
                    g_strv_length ((char **) ib_write_unlink_modes ()));
  for (guint m = 0; m < report->write_unlink->modes->len; m++)
    {
      const IbWriteUnlinkMode *mode = &g_array_index (report->write_unlink->modes,
                                                      IbWriteUnlinkMode, m);

      if (mode->failed != 0)
        for (guint w = 0; w < report->warnings->len; w++)
          {
            g_autofree char *text = ib_warning_text (g_ptr_array_index (report->warnings, w));

            g_test_message ("%s", text);
          }
      g_assert_cmpuint (mode->failed, ==, 0);
      g_assert_cmpint (mode->total_ns, >, 0);
      g_assert_cmpuint (mode->max_in_flight, >, 0);
    }
  g_assert_cmpuint (report->write_unlink->requests, ==, requests);
}

/* ---- write + delete, many times, few descriptors ------------------------- */

static void
stress_write_unlink (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (SEED);
  guint n = stress_iterations (), ran_out = 0;
  GMainContext *context = g_main_context_new ();

  child_setup ();
  g_main_context_push_thread_default (context);
  for (guint it = 0; it < n; it++)
    {
      /* 2,000 at once wanted; between 4 and 120 descriptors to be had. */
      IbWriteUnlinkSpec spec = { 300, 2000, 64 };
      guint n_free = (guint) g_rand_int_range (rand, 4, 121);
      g_autoptr(IbReport) report = ib_report_new ();
      g_autoptr(GError) error = NULL;
      char *dir = make_run_dir ();
      guint waits = ib_fd_backoff_waits ();
      GArray *held = hold_all_but (n_free);
      gboolean ok;

      ok = ib_write_unlink_run (&(IbWriteUnlinkRequest) {
                                  .spec = &spec,
                                  .seed = SEED + it,
                                },
                                dir, report, NULL, &error);
      release_fds (held);
      g_test_message ("iteration %u: %u free, %u waits", it, n_free,
                      ib_fd_backoff_waits () - waits);
      g_assert_no_error (error);
      g_assert_true (ok);
      assert_no_failed_request (report, spec.requests);
      if (ib_fd_backoff_waits () > waits)
        ran_out++;
      remove_run_dir (dir);
    }
  /* The stress did stress: most iterations ran out of descriptors. */
  g_assert_cmpuint (ran_out, >, n / 2);
  g_main_context_pop_thread_default (context);
  g_main_context_unref (context);
}

/* ---- every read strategy, many times, few descriptors -------------------- */

static void
stress_reads (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (SEED);
  guint64 sizes[40];
  g_autofree char *tmp = NULL;
  g_autoptr(IbFileSet) set = NULL;
  g_autoptr(GError) error = NULL;
  IbScratch *scratch = ib_scratch_new ();
  GMainContext *context = g_main_context_new ();
  const IbStrategyInfo *all;
  guint n_strategies, n = stress_iterations (), ran_out = 0;

  child_setup ();
  g_main_context_push_thread_default (context);
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    sizes[i] = (guint64) g_rand_int_range (rand, 1, 64 * 1024);
  tmp = ib_test_make_tmpdir ("iobench-test-fd-stress-XXXXXX");
  set = ib_file_set_create (&(IbFileSetRequest) {
                              .parent_dir = tmp,
                              .sizes = sizes,
                              .n_sizes = G_N_ELEMENTS (sizes),
                              .content = IB_CONTENT_RANDOM,
                              .seed = SEED,
                            },
                            NULL, &error);
  g_assert_no_error (error);
  all = ib_strategies (&n_strategies);

  for (guint it = 0; it < n; it++)
    {
      /* All 40 files at once wanted; between 2 and 30 descriptors free. */
      guint n_free = (guint) g_rand_int_range (rand, 2, 31);
      guint waits = ib_fd_backoff_waits ();
      GArray *held = hold_all_but (n_free);

      for (guint s = 0; s < n_strategies; s++)
        {
          IbStrategyContext ctx;
          gboolean ok;

          if (ib_strategy_unavailable (&all[s]) != NULL)   /* io_uring, portable build */
            continue;
          memset (&ctx, 0, sizeof ctx);
          ctx.files = set;
          ctx.chunk = all[s].default_chunk;
          ctx.buffer = (it + s) % 2 ? IB_BUFFER_REUSED : IB_BUFFER_FRESH;
          ctx.workers = 4;
          ctx.in_flight = G_N_ELEMENTS (sizes);
          ctx.verify = TRUE;
          ctx.scratch = scratch;
          ok = all[s].run (&ctx, &error);
          if (error != NULL)
            g_test_message ("iteration %u (%u free), %s: %s", it, n_free, all[s].id,
                            error->message);
          g_assert_no_error (error);
          g_assert_true (ok);
          g_assert_cmpuint (ctx.bytes, ==, ib_file_set_total_bytes (set));
          g_assert_cmpint (ctx.open_now, ==, 0);
        }
      release_fds (held);
      if (ib_fd_backoff_waits () > waits)
        ran_out++;
    }
  g_assert_cmpuint (ran_out, >, n / 2);

  g_assert_true (ib_file_set_cleanup (set, &error));
  g_assert_no_error (error);
  g_clear_pointer (&set, ib_file_set_free);
  g_assert_cmpint (g_rmdir (tmp), ==, 0);
  ib_scratch_free (scratch);
  g_main_context_pop_thread_default (context);
  g_main_context_unref (context);
}

/* ---- none free at all until other code lets go --------------------------- */

typedef struct
{
  GArray  *held;
  guint    waits;   /* ib_fd_backoff_waits() before the run */
  gint     over;    /* the run returned (without waiting: a bug) */
  GThread *thread;
} Releaser;

/* Lets go of the descriptors once the run has waited for one (so the run did
 * run out, whatever the machine's speed), or has returned without. */
static gpointer
release_when_waiting (gpointer data)
{
  Releaser *r = data;

  while (ib_fd_backoff_waits () == r->waits && !g_atomic_int_get (&r->over))
    g_usleep (1000);
  release_fds (r->held);
  return NULL;
}

/* Takes every descriptor, to be let go of once the run waits for one. */
static void
releaser_start (Releaser *r)
{
  r->waits = ib_fd_backoff_waits ();
  r->over = FALSE;
  r->held = hold_all_but (0);
  r->thread = g_thread_new ("release", release_when_waiting, r);
}

/* After the run: every descriptor is back; TRUE when the run had waited. */
static gboolean
releaser_finish (Releaser *r)
{
  gboolean waited = ib_fd_backoff_waits () > r->waits;

  g_atomic_int_set (&r->over, TRUE);
  g_thread_join (r->thread);
  return waited;
}

static void
none_free_until_released (void)
{
  const guint64 sizes[] = { 1, 5000, 70000 };
  GMainContext *context = g_main_context_new ();
  g_autofree char *tmp = NULL;
  g_autoptr(IbFileSet) set = NULL;
  g_autoptr(GError) error = NULL;

  child_setup ();
  g_main_context_push_thread_default (context);
  tmp = ib_test_make_tmpdir ("iobench-test-fd-stress-XXXXXX");

  /* The file maker: the folder's lock, the marker, each file. */
  {
    Releaser r;
    gboolean waited;

    releaser_start (&r);
    set = ib_file_set_create (&(IbFileSetRequest) {
                                .parent_dir = tmp,
                                .sizes = sizes,
                                .n_sizes = G_N_ELEMENTS (sizes),
                                .content = IB_CONTENT_RANDOM,
                                .seed = SEED,
                                .do_fsync = TRUE,
                              },
                              NULL, &error);
    waited = releaser_finish (&r);
    g_assert_no_error (error);
    g_assert_nonnull (set);
    g_assert_true (waited);
  }

  /* Each read strategy. */
  {
    const IbStrategyInfo *all;
    guint n_strategies;

    all = ib_strategies (&n_strategies);
    for (guint s = 0; s < n_strategies; s++)
      {
        Releaser r;
        IbStrategyContext ctx;
        gboolean ok, waited;

        if (ib_strategy_unavailable (&all[s]) != NULL)
          continue;
        memset (&ctx, 0, sizeof ctx);
        ctx.files = set;
        ctx.chunk = all[s].default_chunk;
        ctx.buffer = IB_BUFFER_FRESH;
        ctx.workers = 2;
        ctx.in_flight = 3;
        ctx.verify = TRUE;
        releaser_start (&r);
        ok = all[s].run (&ctx, &error);
        waited = releaser_finish (&r);
        if (error != NULL)
          g_test_message ("%s: %s", all[s].id, error->message);
        g_assert_no_error (error);
        g_assert_true (ok);
        g_assert_cmpuint (ctx.bytes, ==, ib_file_set_total_bytes (set));
        g_assert_true (waited);
      }
  }

  /* Write + delete: the marker, then every mode's first request. */
  {
    IbWriteUnlinkSpec spec = { 40, 8, 64 };
    g_autoptr(IbReport) report = ib_report_new ();
    char *dir = make_run_dir ();
    Releaser r;
    gboolean ok, waited;

    releaser_start (&r);
    ok = ib_write_unlink_run (&(IbWriteUnlinkRequest) {
                                .spec = &spec,
                                .seed = SEED,
                              },
                              dir, report, NULL, &error);
    waited = releaser_finish (&r);
    g_assert_no_error (error);
    g_assert_true (ok);
    assert_no_failed_request (report, spec.requests);
    g_assert_true (waited);
    remove_run_dir (dir);
  }

  g_assert_true (ib_file_set_cleanup (set, &error));
  g_assert_no_error (error);
  g_clear_pointer (&set, ib_file_set_free);
  g_assert_cmpint (g_rmdir (tmp), ==, 0);
  g_main_context_pop_thread_default (context);
  g_main_context_unref (context);
}

/* Runs @func in a child process (the limit and the held descriptors must not
 * touch the other tests). */
static void
in_child (void (*func) (void))
{
  if (g_test_subprocess ())
    {
      func ();
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

static void
test_write_unlink (void)
{
  in_child (stress_write_unlink);
}

static void
test_reads (void)
{
  in_child (stress_reads);
}

static void
test_none_free (void)
{
  in_child (none_free_until_released);
}

#endif /* G_OS_UNIX */

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/fd-stress/classify", test_classify);
  g_test_add_func ("/fd-stress/backoff", test_backoff);
#ifdef G_OS_UNIX
  g_test_add_func ("/fd-stress/write-unlink", test_write_unlink);
  g_test_add_func ("/fd-stress/reads", test_reads);
  g_test_add_func ("/fd-stress/none-free-until-released", test_none_free);
#endif

  return g_test_run ();
}
