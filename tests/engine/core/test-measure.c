/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-measure.c: what one sample's clock contains: setup such as
 * starting a thread pool stays outside the timed span, and the CRC-32 of
 * --verify runs after it. No timing is asserted: thread starts are counted. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <time.h>

#include <glib/gstdio.h>

#include "engine/model/ib-error.h"
#include "engine/io/ib-fileset.h"
#include "engine/os/ib-os.h"
#include "engine/run/ib-runner.h"
#include "engine/measure/ib-measure.h"
#include "engine/io/ib-strategy.h"
#include "engine/io/ib-strategy-private.h"
#include "engine-fixture.h"
#include "ib-test-common.h"

static void
context_init (IbStrategyContext *ctx,
              const Fixture     *f,
              guint              workers,
              IbScratch         *scratch)
{
  memset (ctx, 0, sizeof *ctx);
  ctx->files = f->set;
  ctx->buffer = IB_BUFFER_FRESH;
  ctx->workers = workers;
  ctx->in_flight = ib_file_set_get_n_files (f->set);
  ctx->scratch = scratch;
}

/* thread-pool-parallel with 64 workers on two 4 KiB files: not one of its
 * threads starts while the clock runs, with the runner's scratch (pool kept
 * between samples) or without (pool made and freed around each sample). */
static void
test_thread_pool_outside_span (void)
{
  const guint64 sizes[] = { 4096, 4096 };
  const IbStrategyInfo *info = ib_strategy_lookup ("thread-pool-parallel");
  Fixture f = { NULL, };

  fixture_make (&f, sizes, G_N_ELEMENTS (sizes));
  for (guint pass = 0; pass < 4; pass++)
    {
      g_autoptr(GError) error = NULL;
      IbStrategyContext ctx;
      IbSample sample = { 0 };

      context_init (&ctx, &f, pass == 3 ? 1 : 64, pass < 2 ? f.scratch : NULL);
      g_assert_true (ib_measure_run (info, &ctx, IB_MEASURE_USER_OTHER, &sample, &error));
      g_assert_no_error (error);
      g_assert_true (sample.ok);
      g_assert_cmpuint (sample.bytes, ==, 8192);
      g_test_message ("pass %u: %u threads started in the timed span, wall %" G_GINT64_FORMAT
                      " ns", pass, ctx.threads_started_timed, sample.wall_ns);
      g_assert_cmpuint (ctx.threads_started_timed, ==, 0);
      g_assert_null (ctx.prepared);
      ib_sample_clear (&sample);
    }

  /* The counter does see thread starts inside a span: the same strategy run
   * the way it was before (pool made inside the strategy call) while timed. */
  {
    g_autoptr(GError) error = NULL;
    IbStrategyContext ctx;

    context_init (&ctx, &f, 64, NULL);
    ctx.timing = 1;
    g_assert_true (info->run (&ctx, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (ctx.threads_started_timed, ==, 64);
  }

  fixture_free (&f);
}

/* --verify: its untimed check after the clock is recorded (verify_ns) for
 * every strategy; without --verify nothing is. (test-span.c checks that no
 * CRC-32 runs inside the span.) */
static void
test_verify_apart (void)
{
  const guint64 sizes[] = { 3 * 1024 * 1024, 1024 * 1024 + 5, 77 };
  const IbStrategyInfo *all;
  Fixture f = { NULL, };
  guint n;

  fixture_make (&f, sizes, G_N_ELEMENTS (sizes));
  all = ib_strategies (&n);
  for (guint i = 0; i < n; i++)
    for (guint verify = 0; verify < 2 && ib_strategy_unavailable (&all[i]) == NULL; verify++)
      {
        g_autoptr(GError) error = NULL;
        IbStrategyContext ctx;
        IbSample sample = { 0 };

        context_init (&ctx, &f, 2, f.scratch);
        ctx.verify = verify;
        ctx.chunk = all[i].default_chunk;
        g_assert_true (ib_measure_run (&all[i], &ctx, IB_MEASURE_USER_OTHER, &sample, &error));
        g_assert_no_error (error);
        g_assert_true (sample.ok);
        g_test_message ("%s verify=%u: wall %" G_GINT64_FORMAT " ns, verify %" G_GINT64_FORMAT
                        " ns", all[i].id, verify, sample.wall_ns, sample.verify_ns);
        if (verify)
          g_assert_cmpint (sample.verify_ns, >, 0);
        else
          g_assert_cmpint (sample.verify_ns, ==, 0);
        g_assert_cmpint (sample.wall_ns, >, 0);
        ib_sample_clear (&sample);
      }
  fixture_free (&f);
}

/* ---- achieved concurrency ------------------------------------------------ */

/* Worker threads (thread strategies) hold each file they start until four
 * are in progress or a second has passed: a worker can otherwise finish its
 * small file before the next one starts, and the count would depend on
 * scheduling. Files started on the test's own thread (every async strategy
 * starts its files there, all before its first callback) pass straight on. */
static GMutex   gate_lock;
static GCond    gate_cond;
static GThread *test_thread;

static void
gate_started (IbStrategyContext *ctx)
{
  gint64 deadline = g_get_monotonic_time () + G_TIME_SPAN_SECOND;

  if (g_thread_self () == test_thread)
    return;
  g_mutex_lock (&gate_lock);
  g_cond_broadcast (&gate_cond);
  while (g_atomic_int_get ((gint *) &ctx->max_in_flight) < 4 &&
         g_cond_wait_until (&gate_cond, &gate_lock, deadline))
    ;
  g_mutex_unlock (&gate_lock);
}

/* Four files, a cap of four (or more), four workers: every parallel strategy
 * has all four in progress at once; every serial one never more than one. */
static void
test_max_in_flight (void)
{
  const guint64 sizes[] = { 65536, 65536, 65536, 65536 };
  const IbStrategyInfo *all;
  Fixture f = { NULL, };
  guint n;

  test_thread = g_thread_self ();
  ib_strategy_set_file_started_hook (gate_started);
  fixture_make (&f, sizes, G_N_ELEMENTS (sizes));
  all = ib_strategies (&n);
  for (guint i = 0; i < n; i++)
    for (guint cap = 4; cap <= 8 && ib_strategy_unavailable (&all[i]) == NULL; cap += 4)
      {
        g_autoptr(GError) error = NULL;
        IbStrategyContext ctx;
        IbSample sample = { 0 };

        context_init (&ctx, &f, 4, f.scratch);
        ctx.in_flight = cap;
        ctx.chunk = all[i].default_chunk;
        g_assert_true (ib_measure_run (&all[i], &ctx, IB_MEASURE_USER_OTHER, &sample, &error));
        g_assert_no_error (error);
        g_assert_true (sample.ok);
        g_test_message ("%s, cap %u: %u files in progress at most", all[i].id, cap,
                        sample.max_in_flight);
        g_assert_cmpuint (sample.max_in_flight, ==,
                          all[i].schedule == IB_SCHEDULE_PARALLEL ? 4 : 1);
        g_assert_cmpint (ctx.in_flight_now, ==, 0);
        ib_sample_clear (&sample);
      }
  ib_strategy_set_file_started_hook (NULL);
  fixture_free (&f);
}

/* ---- precise CPU time ---------------------------------------------------- */

/* Long enough that starting and joining two threads (a few ms of CPU under
 * AddressSanitizer, about 18 ms once on a loaded VM whose fresh pages are
 * costly to touch) stays well inside the 10 % the test allows. */
#define BURN_NS (100 * G_GINT64_CONSTANT (1000000))

static gint64
thread_cpu_ns (void)
{
  struct timespec ts;

  g_assert_cmpint (clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts), ==, 0);
  return (gint64) ts.tv_sec * G_GINT64_CONSTANT (1000000000) + ts.tv_nsec;
}

/* Spins until this thread has had BURN_NS of CPU (however long that takes
 * on a busy machine) and returns what it really had. */
static gint64
burn (void)
{
  gint64 start = thread_cpu_ns (), now;
  volatile guint64 x = 1;

  do
    {
      for (guint i = 0; i < 10000; i++)
        x = x * 6364136223846793005u + 1442695040888963407u;
      now = thread_cpu_ns ();
    }
  while (now - start < BURN_NS);
  return now - start;
}

static gint64 burnt_ns;   /* what the burn strategy's threads really had */

static gpointer
burn_thread (gpointer data)
{
  return GSIZE_TO_POINTER ((gsize) burn ());
}

/* Strategy-shaped: burns on the calling thread and on two threads that it
 * starts and that exit before it returns (a pool's workers, GIO's). */
static gboolean
burn_strategy (IbStrategyContext *ctx,
               GError           **error)
{
  GThread *a = g_thread_new ("burn-a", burn_thread, NULL);
  GThread *b = g_thread_new ("burn-b", burn_thread, NULL);
  gint64 own = burn ();

  burnt_ns = own + (gint64) GPOINTER_TO_SIZE (g_thread_join (a)) +
             (gint64) GPOINTER_TO_SIZE (g_thread_join (b));
  return TRUE;
}

/* The sample's cpu_ns is the CPU the work had, within 10 %, on every thread
 * and not only the measuring one. */
static void
test_cpu_time (void)
{
  const guint64 sizes[] = { 1 };
  const IbStrategyInfo info = {
    .id = "burn",
    .title = "Burn",
    .description = "Burns CPU",
    .family = IB_FAMILY_THREAD,
    .schedule = IB_SCHEDULE_PARALLEL,
    .run = burn_strategy,
  };
  Fixture f = { NULL, };

  fixture_make (&f, sizes, G_N_ELEMENTS (sizes));
  for (guint i = 0; i < 3; i++)
    {
      g_autoptr(GError) error = NULL;
      IbStrategyContext ctx;
      IbSample sample = { 0 };
      double error_ratio;

      context_init (&ctx, &f, 1, f.scratch);
      g_assert_true (ib_measure_run (&info, &ctx, IB_MEASURE_USER_OTHER, &sample, &error));
      g_assert_no_error (error);
      g_assert_cmpint (burnt_ns, >=, 3 * BURN_NS);
#if !IB_OS_LINUX
      g_assert_cmpint (sample.cpu_ns, ==, -1);
#else
      error_ratio = (double) sample.cpu_ns / burnt_ns - 1;
      g_test_message ("burnt %.2f ms, sample says %.2f ms (%+.1f %%); user %.2f ms + sys %.2f "
                      "ms (estimated)", burnt_ns / 1e6, sample.cpu_ns / 1e6, error_ratio * 100,
                      sample.user_ns / 1e6, sample.sys_ns / 1e6);
      g_assert_cmpfloat (fabs (error_ratio), <=, 0.10);
#endif
      (void) error_ratio;
      ib_sample_clear (&sample);
    }
  fixture_free (&f);
}

/* ---- virtual disks and cold caches -------------------------------------- */

#if IB_OS_LINUX
/* A sysfs-like block directory: device -> @device_target (made), with
 * optional driver link, vendor and model files. */
static char *
fake_block (const char *root,
            const char *name,
            const char *device_target,
            const char *driver,
            const char *vendor,
            const char *model)
{
  g_autofree char *target = g_build_filename (root, device_target, NULL);
  g_autofree char *block = g_build_filename (root, "class", name, NULL);
  g_autofree char *link = g_build_filename (block, "device", NULL);

  g_assert_cmpint (g_mkdir_with_parents (target, 0755), ==, 0);
  g_assert_cmpint (g_mkdir_with_parents (block, 0755), ==, 0);
  g_assert_cmpint (symlink (target, link), ==, 0);
  if (driver != NULL)
    {
      g_autofree char *drv = g_build_filename (root, "drivers", driver, NULL);
      g_autofree char *drv_link = g_build_filename (target, "driver", NULL);

      g_assert_cmpint (g_mkdir_with_parents (drv, 0755), ==, 0);
      g_assert_cmpint (symlink (drv, drv_link), ==, 0);
    }
  if (vendor != NULL)
    {
      g_autofree char *path = g_build_filename (target, "vendor", NULL);
      g_assert_true (g_file_set_contents (path, vendor, -1, NULL));
    }
  if (model != NULL)
    {
      g_autofree char *path = g_build_filename (target, "model", NULL);
      g_assert_true (g_file_set_contents (path, model, -1, NULL));
    }
  return g_steal_pointer (&block);
}

static void
test_virtual_disk (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *root = ib_test_make_tmpdir ("iobench-test-sysfs-XXXXXX");
  g_autofree char *cmd = NULL;
  struct
  {
    const char *name, *target, *driver, *vendor, *model, *expected;
  } cases[] = {
    { "vda", "devices/pci0000:00/0000:00:02.0/virtio1", "virtio_blk", "0x1af4\n", NULL,
      "virtio" },
    { "sdv", "devices/pci0000:00/0000:00:05.0/host0/target0:0:0/0:0:0:0", "sd", NULL,
      "QEMU HARDDISK   \n", "QEMU" },
    { "xvda", "devices/vbd-51712", "vbd", NULL, NULL, "Xen" },
    { "sdh", "devices/LNXSYSTM:00/VMBUS:00/host1/0:0:0:0", "sd", "Msft    \n",
      "Virtual Disk    \n", "Hyper-V" },
    { "sdw", "devices/pci0000:00/0000:03:00.0/host2/2:0:0:0", "sd", "VMware  \n",
      "Virtual disk    \n", "VMware" },
    { "nvme0n1", "devices/pci0000:00/0000:01:00.0/nvme/nvme0", "nvme", NULL,
      "Samsung SSD 980 PRO 1TB\n", NULL },
    { "sda", "devices/pci0000:00/0000:00:17.0/ata1/host0/0:0:0:0", "sd", "ATA     \n",
      "WDC WD40EFRX-68N\n", NULL },
  };

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *block = fake_block (root, cases[i].name, cases[i].target,
                                           cases[i].driver, cases[i].vendor, cases[i].model);

      g_test_message ("%s: %s", cases[i].name,
                      ib_os_virtual_disk_kind (block) ? ib_os_virtual_disk_kind (block) : "-");
      g_assert_cmpstr (ib_os_virtual_disk_kind (block), ==, cases[i].expected);
    }
  /* nothing there at all */
  {
    g_autofree char *none = g_build_filename (root, "no-such-disk", NULL);
    g_assert_null (ib_os_virtual_disk_kind (none));
  }
  cmd = g_strdup_printf ("rm -rf '%s'", root);
  g_assert_cmpint (system (cmd), ==, 0);

  /* This project's machines run on /dev/vda, a virtio disk. */
  if (g_file_test ("/sys/class/block/vda/device", G_FILE_TEST_EXISTS))
    g_assert_cmpstr (ib_os_virtual_disk_kind ("/sys/class/block/vda"), ==, "virtio");
}

/* A cold sweep on tmpfs is refused before any file is made. */
static void
test_sweep_cold_tmpfs (void)
{
  g_autoptr(IbPlan) plan = ib_plan_new ();
  g_autoptr(IbReport) report = NULL;
  g_autoptr(GError) error = NULL;
  IbMountInfo info = { NULL, };
  guint64 v = 1;

  if (!ib_os_mount_info ("/dev/shm", &info, NULL) || !info.is_tmpfs)
    {
      ib_mount_info_clear (&info);
      g_test_message ("no tmpfs at /dev/shm: nothing to refuse here");
      return;
    }
  ib_mount_info_clear (&info);
  plan->dir = g_strdup ("/dev/shm");
  plan->cache = IB_CACHE_COLD;
  plan->repeat = 1;
  plan->sweep = ib_sweep_spec_new ();
  plan->sweep->vary = IB_VARY_COUNT;
  g_array_append_val (plan->sweep->values, v);
  v = 2;
  g_array_append_val (plan->sweep->values, v);
  g_ptr_array_add (plan->sweep->strategies, g_strdup ("sync-read-all"));
  g_ptr_array_add (plan->sweep->strategies, g_strdup ("async-read-all-serial"));
  plan->sweep->base_size = 4096;
  report = ib_runner_run_sync (plan, NULL, NULL, NULL, &error);
  g_assert_error (error, IB_ERROR, IB_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "tmpfs"));
  g_assert_nonnull (strstr (error->message, "--cache warm"));
  g_assert_null (report->sweep);
}
#endif

/* ---- IbMeasure ------------------------------------------------------ */

/* schedstat's text: "on-cpu-ns wait-ns timeslices"; the wait is field 2. */
static void
test_schedstat_parse (void)
{
  gint64 wait = -7;

  g_assert_true (ib_os_parse_schedstat ("2146352013 84221561 3201\n", &wait));
  g_assert_cmpint (wait, ==, 84221561);
  g_assert_true (ib_os_parse_schedstat ("0 0 0", &wait));
  g_assert_cmpint (wait, ==, 0);
  wait = -7;
  g_assert_false (ib_os_parse_schedstat ("", &wait));
  g_assert_false (ib_os_parse_schedstat (NULL, &wait));
  g_assert_false (ib_os_parse_schedstat ("12 34", &wait));
  g_assert_false (ib_os_parse_schedstat ("12 -34 5", &wait));
  g_assert_false (ib_os_parse_schedstat ("12 3x4 5", &wait));
  g_assert_false (ib_os_parse_schedstat ("12 34 5 6", &wait));
  g_assert_cmpint (wait, ==, -7);
}

static GArray *
runq_entries (const gint64 *pairs,
              guint         n)
{
  GArray *a = g_array_new (FALSE, FALSE, sizeof (IbRunqEntry));

  for (guint i = 0; i < n; i++)
    {
      IbRunqEntry e = { pairs[2 * i], pairs[2 * i + 1] };

      g_array_append_val (a, e);
    }
  return a;
}

/* Per thread: after - before; a new thread counts whole, a gone one is lost. */
static void
test_runq_delta (void)
{
  const gint64 b[] = { 10, 100, 11, 500, 12, 50 };
  const gint64 a[] = { 10, 160, 12, 50, 13, 7 };
  g_autoptr(GArray) before = runq_entries (b, 3);
  g_autoptr(GArray) after = runq_entries (a, 3);

  g_assert_cmpint (ib_os_runq_delta (before, after), ==, 60 + 0 + 7);
  g_assert_cmpint (ib_os_runq_delta (NULL, after), ==, -1);
  g_assert_cmpint (ib_os_runq_delta (before, NULL), ==, -1);
}

/* Contended: other work took CPUs. Over IB_BUSY_MIN_SPAN_NS the counters
 * judge: the whole machine's CPU time less the sample's own. A parallel
 * strategy whose own threads wait for each other (4 workers on 2 cores: a
 * long run-queue wait, the machine busy only with its own CPU time) is not
 * contended; the same sample beside other work is. A short serial sample
 * falls back on its one thread's wait; a short parallel one cannot say. */
static void
test_contended_rule (void)
{
  gint64   wall = 2 * IB_BUSY_MIN_SPAN_NS;
  gint64   at = (gint64) (IB_CONTENDED_SHARE * (double) (wall / 100));
  IbSample s = { 0 };

  /* quiet: 4 workers on 2 cores use both, wait half their time for each other */
  s.wall_ns = wall;
  s.cpu_ns = 2 * wall;
  s.cpus_busy_ns = 2 * wall + wall / 20;
  s.runq_wait_ns = wall / 2;
  s.runq_wait_workers_ns = 3 * wall;
  s.max_in_flight = 4;
  g_assert_false (ib_measure_is_contended (&s));
  /* just under IB_BUSY_CORES of other work, then at it */
  s.cpus_busy_ns = s.cpu_ns + (gint64) (IB_BUSY_CORES * (double) wall) - 1;
  g_assert_false (ib_measure_is_contended (&s));
  s.cpus_busy_ns = s.cpu_ns + (gint64) (IB_BUSY_CORES * (double) wall);
  g_assert_true (ib_measure_is_contended (&s));
  /* a serial sample over the span: the counters judge, not its wait */
  s.max_in_flight = 1;
  s.cpu_ns = wall;
  s.cpus_busy_ns = wall;
  g_assert_false (ib_measure_is_contended (&s));
  s.cpus_busy_ns = 2 * wall;
  s.runq_wait_ns = 0;
  g_assert_true (ib_measure_is_contended (&s));
  /* counters unknown, or too short a span: a serial sample's own wait */
  s.wall_ns = wall / 100;
  s.cpu_ns = s.wall_ns;
  s.cpus_busy_ns = 3 * s.wall_ns;
  s.runq_wait_ns = at;
  g_assert_false (ib_measure_is_contended (&s));
  s.runq_wait_ns = at + 1;
  g_assert_true (ib_measure_is_contended (&s));
  s.cpus_busy_ns = -1;
  g_assert_true (ib_measure_is_contended (&s));
  /* ... never a parallel one's, nor an unknown wait, nor no time */
  s.max_in_flight = 4;
  g_assert_false (ib_measure_is_contended (&s));
  s.max_in_flight = 1;
  s.runq_wait_ns = -1;
  g_assert_false (ib_measure_is_contended (&s));
  s.runq_wait_ns = 5;
  s.wall_ns = 0;
  g_assert_false (ib_measure_is_contended (&s));
}

/* One IbMeasure: every sample settles first, is taken in a bracket,
 * records its settle, run-queue wait (or -1 where unknown) and contention as
 * the rule says, and its cache state is judged. */
static void
test_measure_sample (void)
{
  const guint64 sizes[] = { 64 * 1024, 16 * 1024 };
  g_autoptr(IbPlan) plan = ib_plan_new ();
  g_autoptr(IbMeasure) m = NULL;
  g_autoptr(GError) error = NULL;
  IbMeasureSetup setup = { 0 };
  Fixture f = { 0 };
  guint brackets = ib_bracket_count (IB_MEASURE_USER_OTHER);
  const char *ids[] = { "sync-read-all", "async-read-all-parallel", "thread-pool-parallel" };

  fixture_make (&f, sizes, G_N_ELEMENTS (sizes));
  plan->cache = IB_CACHE_AS_IS;
  plan->warmup = 1;
  setup.plan = plan;
  setup.user = IB_MEASURE_USER_OTHER;
  setup.workers = 2;
  setup.scratch = f.scratch;
  m = ib_measure_new (&setup);
  ib_measure_set_files (m, f.set, 2);
  g_assert_cmpint (ib_measure_make_durable (m), >=, 0);

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      IbSample s = { 0 };

      g_assert_true (ib_measure_sample (m, ids[i], i, &s, &error));
      g_assert_no_error (error);
      g_assert_true (s.ok);
      g_assert_cmpstr (s.strategy, ==, ids[i]);
      g_assert_cmpuint (s.round, ==, i);
      g_assert_cmpint (s.warmup, ==, i < 1);
      g_assert_cmpuint (s.bytes, ==, 80 * 1024);
      g_assert_cmpint (s.settle_ns, >, 0);
      g_assert_true (s.cache_ok);
      g_assert_null (s.excluded);
      g_assert_cmpint (s.contended, ==, ib_measure_is_contended (&s));
#if IB_OS_LINUX
      if (g_file_test ("/proc/thread-self/schedstat", G_FILE_TEST_EXISTS))
        {
          g_assert_cmpint (s.runq_wait_ns, >=, 0);
          g_assert_cmpint (s.runq_wait_workers_ns, >=, 0);
        }
      /* the test environment's /proc has no stat (IOBENCH_TEST_PROC, a hook) */
      if (g_strcmp0 (g_getenv ("IB_TEST_HOOKS"), "1") == 0)
        g_assert_cmpint (s.cpus_busy_ns, ==, -1);
#else
      g_assert_cmpint (s.runq_wait_ns, ==, -1);
      g_assert_cmpint (s.cpus_busy_ns, ==, -1);
      g_assert_false (s.contended);
#endif
      ib_sample_clear (&s);
    }
  g_assert_cmpuint (ib_measure_n_settles (m), ==, G_N_ELEMENTS (ids));
  g_assert_cmpuint (ib_bracket_count (IB_MEASURE_USER_OTHER) - brackets, ==, G_N_ELEMENTS (ids));

  /* an unknown strategy is an error, not a crash */
  {
    IbSample s = { 0 };

    g_assert_false (ib_measure_sample (m, "no-such-strategy", 0, &s, &error));
    g_assert_error (error, IB_ERROR, IB_ERROR_INVALID);
    g_clear_error (&error);
  }
  g_clear_pointer (&m, ib_measure_free);
  fixture_free (&f);
}

/* The round order: a permutation, the same for the same seed and round. */
static void
test_round_order (void)
{
  guint a[12], b[12];
  gboolean differs = FALSE;

  ib_measure_round_order (99, 3, a, 12);
  ib_measure_round_order (99, 3, b, 12);
  g_assert_cmpmem (a, sizeof a, b, sizeof b);
  for (guint seed = 100; seed < 110 && !differs; seed++)
    {
      ib_measure_round_order (seed, 3, b, 12);
      differs = memcmp (a, b, sizeof a) != 0;
    }
  g_assert_true (differs);
  {
    guint seen = 0;

    for (guint i = 0; i < 12; i++)
      seen |= 1u << a[i];
    g_assert_cmpuint (seen, ==, (1u << 12) - 1);
  }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/measure/thread-pool-outside-span", test_thread_pool_outside_span);
  g_test_add_func ("/measure/verify-apart", test_verify_apart);
  g_test_add_func ("/measure/max-in-flight", test_max_in_flight);
  g_test_add_func ("/measure/cpu-time", test_cpu_time);
  g_test_add_func ("/measure/schedstat-parse", test_schedstat_parse);
  g_test_add_func ("/measure/runq-delta", test_runq_delta);
  g_test_add_func ("/measure/contended-rule", test_contended_rule);
  g_test_add_func ("/measure/sample", test_measure_sample);
  g_test_add_func ("/measure/round-order", test_round_order);
#if IB_OS_LINUX
  g_test_add_func ("/measure/virtual-disk", test_virtual_disk);
  g_test_add_func ("/measure/sweep-cold-tmpfs", test_sweep_cold_tmpfs);
#endif

  return g_test_run ();
}
