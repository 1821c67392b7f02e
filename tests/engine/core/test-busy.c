/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-busy.c: the busy-machine probe's judgement (engine/os/ib-busy.h)
 * from fake /proc texts: the counters' "cpu" line, the load average, a
 * window between two snapshots with this process's own CPU time taken off,
 * the load when the window cannot be had, "unknown" when neither can; and
 * the sentence the CLI and the plan page say (analysis/ib-busy-text.h). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <string.h>
#include <unistd.h>

#include "analysis/ib-busy-text.h"
#include "engine/os/ib-busy.h"

#define S_NS (G_GINT64_CONSTANT (1000000000))

/* /proc/stat as Linux 6.1 writes it: user nice system idle iowait irq
 * softirq steal guest guest_nice */
static const char *stat_before =
  "cpu  1000 0 500 8000 500 0 0 0 0 0\n"
  "cpu0 500 0 250 4000 250 0 0 0 0 0\n"
  "cpu1 500 0 250 4000 250 0 0 0 0 0\n"
  "intr 12345 0 0\n";

static void
snapshot (const char    *text,
          gint64         at_ns,
          gint64         own_ns,
          IbCpuSnapshot *out)
{
  g_assert_true (ib_busy_parse_stat (text, out));
  out->at_ns = at_ns;
  out->own_ns = own_ns;
}

static void
test_parse (void)
{
  IbCpuSnapshot s = { 0 };

  g_assert_true (ib_busy_parse_stat (stat_before, &s));
  g_assert_true (s.known);
  /* idle and iowait are not busy; guest is inside user already */
  g_assert_cmpuint (s.total, ==, 10000);
  g_assert_cmpuint (s.busy, ==, 1500);
  /* an old kernel's four fields */
  g_assert_true (ib_busy_parse_stat ("cpu  10 0 10 80\n", &s));
  g_assert_cmpuint (s.total, ==, 100);
  g_assert_cmpuint (s.busy, ==, 20);
  /* no "cpu " line (only per-CPU lines), or not /proc/stat at all */
  g_assert_false (ib_busy_parse_stat ("cpu0 1 2 3 4\n", &s));
  g_assert_false (s.known);
  g_assert_false (ib_busy_parse_stat ("", &s));
  g_assert_false (ib_busy_parse_stat ("cpu  x y\n", &s));

  g_assert_cmpfloat_with_epsilon (ib_busy_parse_loadavg ("3.41 2.10 1.05 4/512 12345\n"),
                                  3.41, 1e-9);
  g_assert_cmpfloat_with_epsilon (ib_busy_parse_loadavg ("0.00 0.01 0.05 1/100 1\n"), 0.0, 1e-9);
  g_assert_cmpfloat (ib_busy_parse_loadavg (""), <, 0);
  g_assert_cmpfloat (ib_busy_parse_loadavg (NULL), <, 0);
  g_assert_cmpfloat (ib_busy_parse_loadavg ("load: high"), <, 0);
  g_assert_cmpfloat (ib_busy_parse_loadavg ("1.5x 2 3"), <, 0);
}

/* Over one second on two CPUs (200 ticks at 100 Hz): @busy ticks busy, and
 * this process used @own_ms of CPU time. */
static void
judge (guint64  busy_ticks,
       gint64   own_ms,
       double   load,
       IbBusy  *out)
{
  IbCpuSnapshot a, b;
  g_autofree char *after = g_strdup_printf ("cpu  %" G_GUINT64_FORMAT " 0 500 %" G_GUINT64_FORMAT
                                            " 500 0 0 0 0 0\n",
                                            1000 + busy_ticks, 8000 + 200 - busy_ticks);

  snapshot (stat_before, 5 * S_NS, 2 * S_NS, &a);
  snapshot (after, 6 * S_NS, 2 * S_NS + own_ms * 1000 * 1000, &b);
  ib_busy_judge (&a, &b, load, 2, out);
}

static void
test_judge (void)
{
  IbBusy busy;
  IbCpuSnapshot none = { 0 }, a;
  g_autofree char *sentence = NULL;
  g_autofree char *window_sentence = NULL;

  /* two busy loops on two CPUs: 2 CPUs' worth of others */
  judge (200, 0, 3.4, &busy);
  g_assert_cmpint (busy.level, ==, IB_BUSY_BUSY);
  g_assert_cmpfloat_with_epsilon (busy.others_cores, 2.0, 1e-9);
  g_assert_cmpuint (busy.n_cores, ==, 2);
  sentence = ib_busy_sentence (&busy);
  g_assert_cmpstr (sentence, ==, "Other work is using the CPUs (load 3.4 on 2 cores): threads get "
                   "more of a busy CPU, so parallel strategies will look faster than they are on "
                   "a quiet machine.");

  /* one busy loop: one CPU of two, busy */
  judge (100, 0, 1.0, &busy);
  g_assert_cmpint (busy.level, ==, IB_BUSY_BUSY);
  g_assert_cmpfloat_with_epsilon (busy.others_cores, 1.0, 1e-9);

  /* the same ticks, but they were this process's own: quiet */
  judge (100, 1000, 1.0, &busy);
  g_assert_cmpint (busy.level, ==, IB_BUSY_QUIET);
  g_assert_cmpfloat_with_epsilon (busy.others_cores, 0.0, 1e-9);
  g_assert_null (ib_busy_sentence (&busy));

  /* a little background work: quiet, whatever an old load average says
   * (the window is now) */
  judge (20, 0, 4.0, &busy);
  g_assert_cmpint (busy.level, ==, IB_BUSY_QUIET);
  g_assert_cmpfloat_with_epsilon (busy.others_cores, 0.2, 1e-9);
  /* just at the line */
  judge (50, 0, -1, &busy);
  g_assert_cmpint (busy.level, ==, IB_BUSY_BUSY);
  judge (49, 0, -1, &busy);
  g_assert_cmpint (busy.level, ==, IB_BUSY_QUIET);

  /* without a load average the sentence names the window's CPUs */
  judge (150, 0, -1, &busy);
  window_sentence = ib_busy_sentence (&busy);
  g_assert_cmpstr (window_sentence, ==, "Other work is using the CPUs (about 1.5 of 2 cores): "
                   "threads get more of a busy CPU, so parallel strategies will look faster than "
                   "they are on a quiet machine.");

  /* no window (the same snapshot twice, or none): by the load */
  snapshot (stat_before, 5 * S_NS, -1, &a);
  ib_busy_judge (&a, &a, 1.2, 2, &busy);
  g_assert_cmpint (busy.level, ==, IB_BUSY_BUSY);
  g_assert_cmpfloat (busy.others_cores, <, 0);
  ib_busy_judge (&none, &a, 0.3, 2, &busy);
  g_assert_cmpint (busy.level, ==, IB_BUSY_QUIET);

  /* neither: unknown, and nothing is said */
  ib_busy_judge (&none, &none, -1, 2, &busy);
  g_assert_cmpint (busy.level, ==, IB_BUSY_UNKNOWN);
  g_assert_null (ib_busy_sentence (&busy));

  /* one core: the singular */
  ib_busy_judge (&none, &none, 2.5, 1, &busy);
  g_clear_pointer (&sentence, g_free);
  sentence = ib_busy_sentence (&busy);
  g_assert_nonnull (strstr (sentence, "(load 2.5 on 1 core)"));
}

/* The probe on this machine: a judgement of some kind, numbers in range. */
/* The machine's CPU time between two snapshots: busy ticks in ns (the
 * samples' cpus_busy_ns); -1 when either end is unknown or the counters
 * went back. */
static void
test_cpus_ns (void)
{
  static const char *stat_after = "cpu  1030 0 520 8100 500 0 0 0 0 0\n";
  IbCpuSnapshot      before, after, unknown = { 0 };
  gint64             tick = S_NS / sysconf (_SC_CLK_TCK);

  snapshot (stat_before, 0, 0, &before);
  snapshot (stat_after, S_NS, 0, &after);
  g_assert_cmpint (ib_busy_cpus_ns (&before, &after), ==, 50 * tick);
  g_assert_cmpint (ib_busy_cpus_ns (&before, &before), ==, 0);
  g_assert_cmpint (ib_busy_cpus_ns (&after, &before), ==, -1);
  g_assert_cmpint (ib_busy_cpus_ns (&unknown, &after), ==, -1);
  g_assert_cmpint (ib_busy_cpus_ns (&before, &unknown), ==, -1);
}

static void
test_probe (void)
{
  IbBusy busy;

  /* the suite's environment hides the machine's load from every run
   * (IOBENCH_TEST_PROC names a missing folder); this test is the one
   * that reads it */
  g_unsetenv ("IOBENCH_TEST_PROC");
  ib_busy_probe (50, &busy);
  g_assert_cmpuint (busy.n_cores, >=, 1);
#if IB_OS_LINUX
  g_assert_cmpint (busy.level, !=, IB_BUSY_UNKNOWN);
  g_assert_cmpfloat (busy.load, >=, 0);
#else
  g_assert_cmpint (busy.level, ==, IB_BUSY_UNKNOWN);
#endif
  if (busy.others_cores >= 0)
    g_assert_cmpfloat (busy.others_cores, <=, busy.n_cores + 1e-9);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/busy/parse", test_parse);
  g_test_add_func ("/busy/judge", test_judge);
  g_test_add_func ("/busy/cpus-ns", test_cpus_ns);
  g_test_add_func ("/busy/probe", test_probe);
  return g_test_run ();
}
