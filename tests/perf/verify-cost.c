/* SPDX-License-Identifier: GPL-3.0-or-later */
/* verify-cost.c: --verify must not change a strategy's timed span.
 *
 *   verify-cost [--dir DIR] [--repeat N] [--reused]
 *
 * Makes four 16 MiB files (warm cache), then times every strategy through
 * the measure room's bracket (ib_measure_run) with --verify on and off, the
 * two in a seeded random order within each round. Prints the median wall
 * time of each, their ratio, and the median of the on/off ratios of the same
 * round (less sensitive to the machine's load drifting). The CRC-32 runs
 * after the clock, so every ratio should be 1 within noise; before, async
 * strategies came out faster with --verify (CRC time overlapping their reads
 * was subtracted). Speed is printed, never asserted.
 */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "engine/ib-fileset.h"
#include "engine/ib-os.h"
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

int
main (int    argc,
      char **argv)
{
  g_autofree char *dir = g_strdup ("/var/tmp");
  int repeat = 5;
  gboolean reused = FALSE;
  GOptionEntry entries[] = {
    { "dir", 0, 0, G_OPTION_ARG_FILENAME, &dir, "Parent folder (default /var/tmp)", "DIR" },
    { "repeat", 0, 0, G_OPTION_ARG_INT, &repeat, "Measured rounds (default 5)", "N" },
    { "reused", 0, 0, G_OPTION_ARG_NONE, &reused, "Reused buffers (default fresh)", NULL },
    { NULL }
  };
  const guint64 sizes[] = { 16 * MIB, 16 * MIB, 16 * MIB, 16 * MIB };
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
  double sum_on = 0, sum_off = 0, log_sum = 0;
  guint faster = 0, measured = 0;

  g_option_context_add_main_entries (octx, entries, NULL);
  if (!g_option_context_parse (octx, &argc, &argv, &error) || repeat < 1 || repeat > 1000)
    {
      g_printerr ("verify-cost: %s\n", error != NULL ? error->message : "--repeat must be 1..1000");
      return 2;
    }

  set = ib_file_set_create (dir, sizes, G_N_ELEMENTS (sizes), IB_CONTENT_RANDOM, 2, FALSE,
                            NULL, NULL, NULL, &error);
  if (set == NULL || !ib_file_set_warm (set, NULL, &error))
    {
      g_printerr ("verify-cost: cannot make the files in %s: %s\n", dir, error->message);
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

          if (ib_strategy_unavailable (info) != NULL)
            continue;
          ctx.files = set;
          ctx.buffer = reused ? IB_BUFFER_REUSED : IB_BUFFER_FRESH;
          ctx.workers = MAX (ib_os_n_cores (), 1);
          ctx.in_flight = G_N_ELEMENTS (sizes);
          ctx.scratch = scratch;
          ctx.verify = order[k] % 2;
          if (!ib_measure_run (info, &ctx, IB_MEASURE_USER_OTHER, &sample, &error) || !sample.ok)
            {
              g_printerr ("verify-cost: %s failed: %s\n", info->id,
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

  g_print ("\n%-30s %12s %12s %8s %12s\n", reused ? "strategy (4 x 16 MiB, reused)"
                                                  : "strategy (4 x 16 MiB, fresh)",
           "verify off", "verify on", "on/off", "paired");
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GArray) pairs = NULL;
      double off, on, paired;

      if (walls[i * 2]->len == 0)
        continue;
      off = median (walls[i * 2]);
      on = median (walls[i * 2 + 1]);
      pairs = g_array_new (FALSE, FALSE, sizeof (double));

      /* The on/off ratio of each round (rounds[] keeps round order). */
      for (guint r = 0; r < rounds[i * 2]->len && r < rounds[i * 2 + 1]->len; r++)
        {
          double q = g_array_index (rounds[i * 2 + 1], double, r) /
                     g_array_index (rounds[i * 2], double, r);

          g_array_append_val (pairs, q);
        }
      paired = median (pairs);
      log_sum += log (paired);
      measured++;
      faster += paired < 1;
      sum_off += off;
      sum_on += on;
      g_print ("%-30s %9.2f ms %9.2f ms %8.3f %12.3f\n", table[i].id, off / 1e6, on / 1e6,
               on / off, paired);
    }
  g_print ("%-30s %34s %12.3f\n", "geometric mean of paired", "",
           exp (log_sum / MAX (measured, 1)));
  g_print ("%-30s %9.2f ms %9.2f ms %8.3f\n", "sum of medians", sum_off / 1e6, sum_on / 1e6,
           sum_on / sum_off);
  g_print ("\n%u of %u strategies had a paired on/off ratio below 1 (about half expected "
           "when --verify changes nothing)\n", faster, measured);

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
