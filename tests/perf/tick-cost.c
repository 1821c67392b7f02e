/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tick-cost.c: what the main-loop tick (issue 13) costs the read it watches.
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

#include <math.h>
#include <stdlib.h>

#include "engine/ib-fileset.h"
#include "engine/ib-os.h"
#include "engine/ib-responsiveness.h"
#include "engine/ib-measure.h"
#include "engine/ib-strategy.h"

#define MIB (G_GUINT64_CONSTANT (1) << 20)

static int
cmp_double (gconstpointer a,
            gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
median (GArray *values)
{
  g_array_sort (values, cmp_double);
  if (values->len == 0)
    return 0;
  if (values->len % 2 == 1)
    return g_array_index (values, double, values->len / 2);
  return (g_array_index (values, double, values->len / 2 - 1) +
          g_array_index (values, double, values->len / 2)) / 2;
}

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
  g_autoptr(GMainContext) context = g_main_context_new ();
  g_autoptr(GRand) rand = g_rand_new_with_seed (13);
  IbScratch *scratch;
  const IbStrategyInfo *table;
  guint n;
  GArray **walls;   /* [strategy * 2 + on] of double */
  GArray **rounds;  /* the same in round order, for on/off pairs of one round */
  double sum_on = 0, sum_off = 0, log_sum = 0, per_dispatch;

  g_option_context_add_main_entries (octx, entries, NULL);
  if (!g_option_context_parse (octx, &argc, &argv, &error) || repeat < 1 || repeat > 1000)
    {
      g_printerr ("tick-cost: %s\n", error != NULL ? error->message : "--repeat must be 1..1000");
      return 2;
    }

  per_dispatch = dispatch_cost_ns (1000);
  g_print ("one dispatch of the tick: %.2f us of CPU; at one per ms: %.2f %% of a core\n",
           per_dispatch / 1e3, per_dispatch / 1e6 * 100);

  set = ib_file_set_create (dir, sizes, G_N_ELEMENTS (sizes), IB_CONTENT_RANDOM, 2, FALSE,
                            NULL, NULL, NULL, &error);
  if (set == NULL || !ib_file_set_warm (set, NULL, &error))
    {
      g_printerr ("tick-cost: cannot make the files in %s: %s\n", dir, error->message);
      return 1;
    }

  g_main_context_push_thread_default (context);
  scratch = ib_scratch_new ();
  table = ib_strategies (&n);
  walls = g_new (GArray *, n * 2);
  rounds = g_new (GArray *, n * 2);
  for (guint i = 0; i < n * 2; i++)
    {
      walls[i] = g_array_new (FALSE, FALSE, sizeof (double));
      rounds[i] = g_array_new (FALSE, FALSE, sizeof (double));
    }

  for (int r = 0; r < repeat + 1; r++)   /* round 0 is a warm-up */
    {
      g_autofree guint *order = g_new (guint, n * 2);

      for (guint i = 0; i < n * 2; i++)
        order[i] = i;
      for (guint i = n * 2; i > 1; i--)
        {
          guint j = g_rand_int_range (rand, 0, i);
          guint t = order[i - 1];

          order[i - 1] = order[j];
          order[j] = t;
        }
      for (guint k = 0; k < n * 2; k++)
        {
          const IbStrategyInfo *info = &table[order[k] / 2];
          IbStrategyContext ctx = { 0 };
          IbSample sample = { 0 };
          double wall;

          ctx.files = set;
          ctx.chunk = info->default_chunk;
          ctx.buffer = IB_BUFFER_FRESH;
          ctx.workers = MAX (ib_os_n_cores (), 1);
          ctx.in_flight = G_N_ELEMENTS (sizes);
          ctx.scratch = scratch;
          ctx.responsiveness = order[k] % 2;
          if (!ib_measure_run (info, &ctx, IB_MEASURE_USER_OTHER, &sample, &error) || !sample.ok)
            {
              g_printerr ("tick-cost: %s failed: %s\n", info->id,
                          error != NULL ? error->message : sample.error);
              return 1;
            }
          wall = (double) sample.wall_ns;
          if (r > 0)
            {
              g_array_append_val (walls[order[k]], wall);
              g_array_append_val (rounds[order[k]], wall);
            }
          ib_sample_clear (&sample);
        }
    }

  g_print ("\n%-30s %12s %12s %8s %12s\n", "strategy (quick's big files)", "tick off",
           "tick on", "on/off", "paired");
  for (guint i = 0; i < n; i++)
    {
      double off = median (walls[i * 2]), on = median (walls[i * 2 + 1]);
      g_autoptr(GArray) pairs = g_array_new (FALSE, FALSE, sizeof (double));
      double paired;

      /* The on/off ratio of each round (rounds[] keeps round order). */
      for (guint r = 0; r < rounds[i * 2]->len && r < rounds[i * 2 + 1]->len; r++)
        {
          double q = g_array_index (rounds[i * 2 + 1], double, r) /
                     g_array_index (rounds[i * 2], double, r);

          g_array_append_val (pairs, q);
        }
      paired = median (pairs);
      log_sum += log (paired);
      sum_off += off;
      sum_on += on;
      g_print ("%-30s %9.2f ms %9.2f ms %8.3f %12.3f\n", table[i].id, off / 1e6, on / 1e6,
               on / off, paired);
    }
  g_print ("%-30s %34s %12.3f\n", "geometric mean of paired", "", exp (log_sum / n));
  g_print ("%-30s %9.2f ms %9.2f ms %8.3f\n", "sum of medians", sum_off / 1e6, sum_on / 1e6,
           sum_on / sum_off);
  g_print ("\ntick overhead over the quick big-file reads: %+.2f %% (sum of medians; "
           "target < 2 %%)\n", (sum_on / sum_off - 1) * 100);
  g_print ("bound from the dispatch cost alone: %.2f %%\n",
           per_dispatch / (double) IB_TICK_INTERVAL_NS * 100);

  for (guint i = 0; i < n * 2; i++)
    {
      g_array_unref (walls[i]);
      g_array_unref (rounds[i]);
    }
  g_free (walls);
  g_free (rounds);
  g_main_context_pop_thread_default (context);
  ib_scratch_free (scratch);
  return 0;
}
