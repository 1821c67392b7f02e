/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-uring.c: the io_uring strategies and direct I/O: bytes and
 * CRC with O_DIRECT for every strategy that can honour it, a ring too small
 * for the reads ("ring full"), the files in flight they reach, their
 * completions on the caller's context, and what happens where io_uring or
 * O_DIRECT cannot be used (the portable build, a kernel that refuses). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <sched.h>
#include <string.h>
#include <sys/mount.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#include "engine/model/ib-error.h"
#include "engine/io/ib-fileset.h"
#include "engine/os/ib-os.h"
#include "engine/plan/ib-parse.h"
#include "engine/io/ib-strategy-private.h"
#include "engine-fixture.h"

static const char * const uring_ids[] = {
  "uring-read-all-serial", "uring-read-all-parallel", "uring-stream-parallel",
};

/* Files under the build folder (a disk), not /tmp (tmpfs on some systems,
 * which refused O_DIRECT before Linux 6.6). */
static void
fixture_make_on_disk (Fixture       *f,
                      const guint64 *sizes,
                      guint          n)
{
  const char *builddir = g_getenv ("G_TEST_BUILDDIR");

  fixture_make_in (f, builddir != NULL ? builddir : ".", sizes, n);
}

static gboolean
have_uring (void)
{
  return ib_strategy_unavailable (ib_strategy_lookup (uring_ids[0])) == NULL;
}

/* ---- availability ------------------------------------------------------- */

static void
test_availability (void)
{
  const char *why = ib_strategy_uring_unavailable ();
  const IbStrategyInfo *all;
  guint n, i;

  all = ib_strategies (&n);
  for (i = 0; i < n; i++)
    {
      gboolean uring = all[i].family == IB_FAMILY_URING;

      g_assert_true (uring == g_str_has_prefix (all[i].id, "uring-"));
      /* Only the io_uring strategies can be missing; they all say the same. */
      if (!uring)
        g_assert_null (ib_strategy_unavailable (&all[i]));
      else
        g_assert_cmpstr (ib_strategy_unavailable (&all[i]), ==, why);
      g_assert_true (all[i].direct == (uring || g_str_equal (all[i].id, "sync-stream") ||
                                       g_str_equal (all[i].id, "thread-pool-parallel")));
    }
  g_assert_cmpstr (ib_family_to_string (IB_FAMILY_URING), ==, "uring");

#if !IB_HAVE_URING
  /* Built without it (the portable build): a reason, and a clear refusal. */
  g_assert_nonnull (why);
  g_assert_true (strstr (why, "portable") != NULL || strstr (why, "liburing") != NULL ||
                 strstr (why, "During") != NULL);
#endif
  if (why != NULL)
    {
      g_autoptr(GError) error = NULL;
      IbStrategyContext ctx = { 0 };

      g_test_message ("io_uring unavailable here: %s", why);
      for (i = 0; i < G_N_ELEMENTS (uring_ids); i++)
        {
          g_assert_false (ib_strategy_lookup (uring_ids[i])->run (&ctx, &error));
          g_assert_error (error, IB_ERROR, IB_ERROR_UNSUPPORTED);
          g_assert_nonnull (strstr (error->message, why));
          g_clear_error (&error);
        }
    }
}

/* What a kernel with kernel.io_uring_disabled, or a sandbox's seccomp filter,
 * gives: io_uring_setup fails with EPERM. Simulated in a child process. */
static void
test_simulated_eperm (void)
{
#if !IB_TEST_HOOKS
  g_test_skip ("needs the engine's test hooks: configure with -Dtest_hooks=true");
  return;
#endif
  if (g_test_subprocess ())
    {
      g_autoptr(IbPlan) plan = ib_plan_new ();
      g_autoptr(GPtrArray) all = NULL;
      g_autoptr(GError) error = NULL;
      const char *why;

      g_setenv ("IOBENCH_TEST_URING_ERRNO", "EPERM", TRUE);
      why = ib_strategy_unavailable (ib_strategy_lookup ("uring-stream-parallel"));
      g_assert_nonnull (why);
#if IB_HAVE_URING
      g_assert_nonnull (strstr (why, "EPERM"));
      g_assert_nonnull (strstr (why, "io_uring_disabled"));
#endif

      /* "all" leaves them out; naming one is refused with the reason. */
      all = ib_parse_strategy_list ("--strategies", "all", &error);
      g_assert_no_error (error);
      for (guint i = 0; i < all->len; i++)
        g_assert_false (g_str_has_prefix (g_ptr_array_index (all, i), "uring-"));

      plan->dir = g_strdup (g_get_tmp_dir ());
      g_array_append_val (plan->file_sizes, (guint64) { 4096 });
      g_ptr_array_add (plan->strategies, g_strdup ("sync-read-all"));
      g_ptr_array_add (plan->strategies, g_strdup ("uring-read-all-parallel"));
      g_assert_false (ib_plan_validate (plan, &error));
      g_assert_error (error, IB_ERROR, IB_ERROR_INVALID);
      g_assert_nonnull (strstr (error->message, "uring-read-all-parallel"));
      g_assert_nonnull (strstr (error->message, why));
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
}

/* ---- direct I/O ---------------------------------------------------------- */

static void
test_direct_reads (void)
{
  /* Sizes off the block size: the last direct read is short. */
  const guint64 sizes[] = { 1, 4095, 4096, 4097, 1024 * 1024 + 3, 3 * 1024 * 1024, 0 };
  Fixture f = { NULL, };
  const IbStrategyInfo *all;
  guint n, i, pass;

  fixture_make_on_disk (&f, sizes, G_N_ELEMENTS (sizes));
  all = ib_strategies (&n);
  for (i = 0; i < n; i++)
    {
      if (!all[i].direct || ib_strategy_unavailable (&all[i]) != NULL)
        continue;
      for (pass = 0; pass < 4; pass++)   /* fresh, reused, small chunks, reused again */
        {
          g_autoptr(GError) error = NULL;
          IbStrategyContext ctx;
          gboolean ok;

          fixture_context_init (&ctx, &f, &all[i], pass % 2 ? IB_BUFFER_REUSED : IB_BUFFER_FRESH);
          ctx.direct = TRUE;
          ctx.queue_depth = pass == 2 ? 3 : 0;
          if (pass >= 2 && ctx.chunk != 0)
            ctx.chunk = 5000;   /* rounded up to the alignment */
          ok = all[i].run (&ctx, &error);
          g_test_message ("%s, direct, pass %u", all[i].id, pass);
#if IB_OS_LINUX
          g_assert_no_error (error);
          g_assert_true (ok);
          g_assert_cmpuint (ctx.bytes, ==, ib_file_set_total_bytes (f.set));
          g_assert_cmpint (ctx.open_now, ==, 0);
          g_assert_cmpuint (ctx.max_open, >=, 1);
#else
          /* The portable layer has no O_DIRECT: refused, naming the option. */
          g_assert_false (ok);
          g_assert_error (error, IB_ERROR, IB_ERROR_UNSUPPORTED);
          g_assert_nonnull (strstr (error->message, "--direct"));
#endif
          g_assert_false (g_main_context_pending (NULL));
        }
    }

#if IB_OS_LINUX
  /* A flipped byte is found, and a shorter file is a short read. */
  {
    const IbFileEntry *e = ib_file_set_get_file (f.set, 4);
    g_autofree char *data = NULL;
    g_autoptr(GError) error = NULL;
    gsize len;

    g_file_get_contents (e->path, &data, &len, &error);
    g_assert_no_error (error);
    data[len - 1] ^= 1;
    g_file_set_contents (e->path, data, (gssize) len, &error);
    g_assert_no_error (error);
    for (i = 0; i < n; i++)
      {
        IbStrategyContext ctx;

        if (!all[i].direct || ib_strategy_unavailable (&all[i]) != NULL)
          continue;
        fixture_context_init (&ctx, &f, &all[i], IB_BUFFER_FRESH);
        ctx.direct = TRUE;
        g_assert_false (all[i].run (&ctx, &error));
        g_assert_error (error, IB_ERROR, IB_ERROR_VERIFY);
        g_clear_error (&error);
      }
    g_file_set_contents (e->path, data, (gssize) len - 3, &error);
    g_assert_no_error (error);
    for (i = 0; i < n; i++)
      {
        IbStrategyContext ctx;

        if (!all[i].direct || ib_strategy_unavailable (&all[i]) != NULL)
          continue;
        fixture_context_init (&ctx, &f, &all[i], IB_BUFFER_REUSED);
        ctx.direct = TRUE;
        g_assert_false (all[i].run (&ctx, &error));
        g_assert_error (error, IB_ERROR, IB_ERROR_SHORT_READ);
        g_assert_nonnull (strstr (error->message, e->path));
        g_clear_error (&error);
        g_assert_cmpint (ctx.open_now, ==, 0);
      }
  }
#endif
  fixture_free (&f);
}

/* Strategies that go through the page cache whatever they are asked are
 * refused with --direct, naming the strategy and those that can. */
static void
test_direct_refused (void)
{
  const IbStrategyInfo *all;
  guint n, i;

  all = ib_strategies (&n);
  for (i = 0; i < n; i++)
    {
      g_autoptr(IbPlan) plan = ib_plan_new ();
      g_autoptr(IbPlan) variant = ib_plan_new ();
      g_autoptr(GError) error = NULL;
      g_autofree char *id = g_strconcat (all[i].id, IB_DIRECT_SUFFIX, NULL);
      gboolean ok;

      if (ib_strategy_unavailable (&all[i]) != NULL)
        continue;
      plan->direct = TRUE;
      plan->dir = g_strdup (g_get_tmp_dir ());
      variant->dir = g_strdup (g_get_tmp_dir ());
      g_array_append_val (plan->file_sizes, (guint64) { 4096 });
      g_ptr_array_add (plan->strategies, g_strdup (all[i].id));
      g_array_append_val (variant->file_sizes, (guint64) { 4096 });
      g_ptr_array_add (variant->strategies, g_strdup (id));

      g_assert_true (ib_strategy_lookup (id) == &all[i]);
      g_assert_true (ib_strategy_id_is_direct (id));
      ok = ib_plan_validate (plan, &error);
      g_assert_true (ok == all[i].direct);
      if (!ok)
        {
          g_assert_error (error, IB_ERROR, IB_ERROR_INVALID);
          g_assert_nonnull (strstr (error->message, "--direct"));
          g_assert_nonnull (strstr (error->message, all[i].id));
          g_assert_nonnull (strstr (error->message, "thread-pool-parallel"));
          g_clear_error (&error);
        }
      g_assert_true (ib_plan_validate (variant, &error) == all[i].direct);
      g_clear_error (&error);
    }
  g_assert_false (ib_strategy_id_is_direct ("sync-stream"));
  g_assert_null (ib_strategy_lookup ("sync-stream@indirect"));
}

/* A file system that refuses O_DIRECT at open (ramfs; tmpfs before Linux
 * 6.6): one message naming it and what to do. Needs root for a private mount
 * namespace (CI runs as root); elsewhere it says so and checks nothing. */
static void
test_direct_refused_by_fs (void)
{
#if IB_OS_LINUX
  if (g_test_subprocess ())
    {
      g_autofree char *name = g_strdup_printf ("iobench-test-ramfs-%d", (int) getppid ());
      g_autofree char *dir = g_build_filename (g_get_tmp_dir (), name, NULL);
      g_autofree char *path = NULL;
      g_autoptr(GError) error = NULL;
      int fd;

      g_assert_cmpint (unshare (CLONE_NEWNS), ==, 0);
      g_assert_cmpint (mount (NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL), ==, 0);
      g_assert_cmpint (mount ("iobench-test", dir, "ramfs", 0, NULL), ==, 0);
      path = g_build_filename (dir, "file", NULL);
      g_assert_true (g_file_set_contents (path, "data", 4, NULL));
      fd = ib_os_open_direct (path, &error);
      g_assert_cmpint (fd, ==, -1);
      g_assert_error (error, IB_ERROR, IB_ERROR_UNSUPPORTED);
      g_assert_cmpstr (error->message, ==, "--direct: ramfs does not support direct I/O "
                       "(O_DIRECT); choose a folder on a disk");
      return;   /* the namespace, and the mount, end with the process */
    }
  if (geteuid () != 0)
    {
      g_test_message ("not root: no mount namespace for a ramfs here");
      return;
    }
  {
    g_autofree char *name = g_strdup_printf ("iobench-test-ramfs-%d", (int) getpid ());
    g_autofree char *dir = g_build_filename (g_get_tmp_dir (), name, NULL);

    g_assert_cmpint (g_mkdir (dir, 0700), ==, 0);
    g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
    g_assert_cmpint (g_rmdir (dir), ==, 0);
    g_test_trap_assert_passed ();
  }
#endif
}

/* ---- io_uring ------------------------------------------------------------ */

/* A ring of one submission entry (two completions) for many reads: the
 * submission queue is full at every second read and most reads wait for
 * room; every byte still arrives, once. */
static void
test_ring_full (void)
{
  guint64 sizes[12];
  Fixture f = { NULL, };
  guint i, pass;

  if (!have_uring ())
    {
      g_test_message ("io_uring unavailable: %s (test_availability checks the refusal)",
                      ib_strategy_uring_unavailable ());
      return;
    }
  for (i = 0; i < G_N_ELEMENTS (sizes); i++)
    sizes[i] = 200000 + 4093 * i;
  fixture_make_on_disk (&f, sizes, G_N_ELEMENTS (sizes));

  ib_strategy_uring_set_ring_entries (1);
  for (i = 0; i < G_N_ELEMENTS (uring_ids); i++)
    for (pass = 0; pass < 4; pass++)
      {
        const IbStrategyInfo *info = ib_strategy_lookup (uring_ids[i]);
        g_autoptr(GError) error = NULL;
        IbStrategyContext ctx;
        guint64 expected = 0;

        fixture_context_init (&ctx, &f, info, pass % 2 ? IB_BUFFER_REUSED : IB_BUFFER_FRESH);
        ctx.in_flight = 8;
        ctx.queue_depth = 4;
        ctx.chunk = info->default_chunk != 0 ? 16384 : 0;
        ctx.direct = pass >= 2 && ib_os_can_direct ();
        g_assert_true (info->run (&ctx, &error));
        g_assert_no_error (error);
        g_assert_cmpuint (ctx.bytes, ==, ib_file_set_total_bytes (f.set));
        for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
          expected += ctx.chunk != 0 ? (sizes[k] + ctx.chunk - 1) / ctx.chunk : 1;
        if (ctx.direct && ctx.chunk == 0)
          expected = G_N_ELEMENTS (sizes);
        g_test_message ("%s pass %u: %" G_GUINT64_FORMAT " completions", info->id, pass,
                        ctx.callbacks);
        if (!ctx.direct)
          g_assert_cmpuint (ctx.callbacks, ==, expected);
        else
          g_assert_cmpuint (ctx.callbacks, >=, expected);
        g_assert_cmpuint (ctx.dispatches, >=, 1);
        g_assert_false (g_main_context_pending (NULL));
      }
  ib_strategy_uring_set_ring_entries (0);
  fixture_free (&f);
}

/* The parallel io_uring strategies have as many files in flight as asked:
 * every file is opened and its reads submitted before any completion is
 * reaped; the serial one has one. */
static void
test_concurrency (void)
{
  guint64 sizes[12];
  Fixture f = { NULL, };
  guint i, cap;

  if (!have_uring ())
    return;
  for (i = 0; i < G_N_ELEMENTS (sizes); i++)
    sizes[i] = 300000 + i;
  fixture_make_on_disk (&f, sizes, G_N_ELEMENTS (sizes));

  for (cap = 1; cap <= 12; cap += 5)
    for (i = 0; i < G_N_ELEMENTS (uring_ids); i++)
      {
        const IbStrategyInfo *info = ib_strategy_lookup (uring_ids[i]);
        g_autoptr(GError) error = NULL;
        IbStrategyContext ctx;

        fixture_context_init (&ctx, &f, info, IB_BUFFER_FRESH);
        ctx.in_flight = cap;
        g_assert_true (info->run (&ctx, &error));
        g_assert_no_error (error);
        g_test_message ("%s, cap %u: %u open at most", info->id, cap, ctx.max_open);
        g_assert_cmpuint (ctx.max_open, ==,
                          info->schedule == IB_SCHEDULE_SERIAL ? 1 : cap);
        /* the scheduler's own count of files in progress agrees */
        g_assert_cmpuint (ctx.max_in_flight, ==,
                          info->schedule == IB_SCHEDULE_SERIAL ? 1 : cap);
      }
  fixture_free (&f);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/io/uring/availability", test_availability);
  g_test_add_func ("/io/uring/simulated-eperm", test_simulated_eperm);
  g_test_add_func ("/io/uring/ring-full", test_ring_full);
  g_test_add_func ("/io/uring/concurrency", test_concurrency);
  g_test_add_func ("/io/direct/reads", test_direct_reads);
  g_test_add_func ("/io/direct/refused", test_direct_refused);
  g_test_add_func ("/io/direct/refused-by-fs", test_direct_refused_by_fs);

  return g_test_run ();
}
