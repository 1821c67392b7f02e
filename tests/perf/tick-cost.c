/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tick-cost.c: what the main-loop tick costs the read it watches.
 *
 *   tick-cost [--dir DIR] [--repeat N]
 *
 * Makes the quick preset's big files (32, 64, 16 and 32 MiB, warm cache),
 * then times every strategy through the runner's own sample bracket
 * (ib_measure_run) with the tick on and off, the two in a seeded random
 * order within each round. Prints the median wall time of each, their ratio,
 * the median of the on/off ratios of the same round (less sensitive to the
 * machine's load drifting), and the overhead over the whole set: sum of
 * medians with the tick / without - 1 (target < 2 %). Also the CPU cost of
 * one dispatch of the tick, timed alone.
 * Speed is printed, never asserted.
 */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include "engine/io/ib-fileset.h"
#include "engine/os/ib-os.h"
#include "engine/measure/ib-responsiveness.h"
#include "engine/measure/ib-measure.h"
#include "engine/io/ib-strategy.h"
#include "on-off.h"

#define MIB (G_GUINT64_CONSTANT (1) << 20)

/* CPU time of one tick dispatch: a context iterated for @ms with nothing
 * else on it, CPU time / dispatches. */
static double
dispatch_cost_ns (guint ms)
{
  g_autoptr(GMainContext) context = g_main_context_new ();
  guint64 count = 0;
  IbSample sample = { 0 };
  IbRusage before, after;
  gint64 end = g_get_monotonic_time () + (gint64) ms * 1000;
  IbTick *tick;

  g_main_context_push_thread_default (context);
  ib_os_rusage (&before);
  tick = ib_tick_start (context, &count);
  while (g_get_monotonic_time () < end)
    g_main_context_iteration (context, TRUE);
  ib_tick_stop (tick, &sample);
  ib_os_rusage (&after);
  g_main_context_pop_thread_default (context);
  g_print ("tick alone: %" G_GUINT64_FORMAT " dispatches in %u ms, lateness p99 %.3f ms, "
           "longest %.3f ms\n", count, ms, sample.lateness_p99_ns / 1e6, sample.stall_ns / 1e6);
  return count > 0 ? (double) ((after.user_ns - before.user_ns) +
                               (after.sys_ns - before.sys_ns)) / count : 0;
}

/* The tick on or off, each strategy's default chunk, fresh buffers. */
static void
setup_tick (IbStrategyContext    *ctx,
            const IbStrategyInfo *info,
            gboolean              on,
            gpointer              data)
{
  ctx->chunk = info->default_chunk;
  ctx->buffer = IB_BUFFER_FRESH;
  ctx->responsiveness = on;
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *dir = g_strdup ("/var/tmp");
  int repeat = 5;
  GOptionEntry entries[] = {
    { "dir", 0, 0, G_OPTION_ARG_FILENAME, &dir, "Parent folder (default /var/tmp)", "DIR" },
    { "repeat", 0, 0, G_OPTION_ARG_INT, &repeat, "Measured rounds (default 5)", "N" },
    { NULL }
  };
  const guint64 sizes[] = { 32 * MIB, 64 * MIB, 16 * MIB, 32 * MIB };
  g_autoptr(GOptionContext) octx = g_option_context_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(IbFileSet) set = NULL;
  g_autoptr(GArray) rows = NULL;
  OnOffSums sums;
  double per_dispatch;

  g_option_context_add_main_entries (octx, entries, NULL);
  if (!g_option_context_parse (octx, &argc, &argv, &error) || repeat < 1 || repeat > 1000)
    {
      g_printerr ("tick-cost: %s\n", error != NULL ? error->message : "--repeat must be 1..1000");
      return 2;
    }

  per_dispatch = dispatch_cost_ns (1000);
  g_print ("one dispatch of the tick: %.2f us of CPU; at one per ms: %.2f %% of a core\n",
           per_dispatch / 1e3, per_dispatch / 1e6 * 100);

  set = ib_file_set_create (&(IbFileSetRequest) {
                              .parent_dir = dir,
                              .sizes = sizes,
                              .n_sizes = G_N_ELEMENTS (sizes),
                              .content = IB_CONTENT_RANDOM,
                              .seed = 2,
                            },
                            NULL, &error);
  if (set == NULL || !ib_file_set_warm (set, NULL, &error))
    {
      g_printerr ("tick-cost: cannot make the files in %s: %s\n", dir, error->message);
      return 1;
    }

  rows = on_off_measure (set, G_N_ELEMENTS (sizes), (guint) repeat, setup_tick, NULL, &error);
  if (rows == NULL)
    {
      g_printerr ("tick-cost: %s\n", error->message);
      return 1;
    }
  on_off_print (rows, "strategy (quick's big files)", "tick off", "tick on", &sums);
  g_print ("\ntick overhead over the quick big-file reads: %+.2f %% (sum of medians; "
           "target < 2 %%)\n", (sums.sum_on_ns / sums.sum_off_ns - 1) * 100);
  g_print ("bound from the dispatch cost alone: %.2f %%\n",
           per_dispatch / (double) IB_TICK_INTERVAL_NS * 100);
  return 0;
}
