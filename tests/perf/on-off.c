/* SPDX-License-Identifier: GPL-3.0-or-later */
/* on-off.c: see on-off.h. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include "on-off.h"

#include <math.h>

#include "engine/measure/ib-measure.h"
#include "engine/os/ib-os.h"

#define ORDER_SEED 13

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

/* The row of strategy @info from its samples, in round order, switch off
 * (@off) and on (@on). */
static OnOffRow
make_row (const IbStrategyInfo *info,
          GArray               *off,
          GArray               *on)
{
  g_autoptr(GArray) pairs = g_array_new (FALSE, FALSE, sizeof (double));
  OnOffRow row = { info->id, 0, 0, 0 };

  for (guint r = 0; r < off->len && r < on->len; r++)
    {
      double q = g_array_index (on, double, r) / g_array_index (off, double, r);

      g_array_append_val (pairs, q);
    }
  row.paired = median (pairs);
  row.off_ns = median (off);
  row.on_ns = median (on);
  return row;
}

GArray *
on_off_measure (IbFileSet   *set,
                guint        in_flight,
                guint        repeat,
                OnOffSetup   setup,
                gpointer     data,
                GError     **error)
{
  g_autoptr(GMainContext) context = g_main_context_new ();
  g_autoptr(GPtrArray) walls = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  g_autoptr(GArray) rows = g_array_new (FALSE, FALSE, sizeof (OnOffRow));
  g_autofree guint *order = NULL;
  const IbStrategyInfo *table;
  IbScratch *scratch;
  gboolean ok = TRUE;
  guint n;

  table = ib_strategies (&n);
  order = g_new (guint, n * 2);
  /* [strategy * 2 + on]: the wall times of the measured rounds, in order */
  for (guint i = 0; i < n * 2; i++)
    g_ptr_array_add (walls, g_array_new (FALSE, FALSE, sizeof (double)));

  g_main_context_push_thread_default (context);
  scratch = ib_scratch_new ();
  for (guint r = 0; ok && r < repeat + 1; r++)   /* round 0 is a warm-up */
    {
      ib_measure_round_order (ORDER_SEED, r, order, n * 2);
      for (guint k = 0; ok && k < n * 2; k++)
        {
          const IbStrategyInfo *info = &table[order[k] / 2];
          IbStrategyContext ctx = { 0 };
          IbSample sample = { 0 };
          double wall;

          if (ib_strategy_unavailable (info) != NULL)
            continue;
          ctx.files = set;
          ctx.workers = MAX (ib_os_n_cores (), 1);
          ctx.in_flight = in_flight;
          ctx.scratch = scratch;
          setup (&ctx, info, order[k] % 2, data);
          if (!ib_measure_run (info, &ctx, IB_MEASURE_USER_OTHER, &sample, error) ||
              !sample.ok)
            {
              if (error != NULL && *error == NULL)
                g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s failed: %s", info->id,
                             sample.error);
              ok = FALSE;
            }
          wall = (double) sample.wall_ns;
          if (ok && r > 0)
            g_array_append_val (g_ptr_array_index (walls, order[k]), wall);
          ib_sample_clear (&sample);
        }
    }
  g_main_context_pop_thread_default (context);
  ib_scratch_free (scratch);
  if (!ok)
    return NULL;

  for (guint i = 0; i < n; i++)
    if (((GArray *) g_ptr_array_index (walls, i * 2))->len > 0)
      {
        OnOffRow row = make_row (&table[i], g_ptr_array_index (walls, i * 2),
                                 g_ptr_array_index (walls, i * 2 + 1));

        g_array_append_val (rows, row);
      }
  return g_steal_pointer (&rows);
}

void
on_off_print (GArray     *rows,
              const char *title,
              const char *off,
              const char *on,
              OnOffSums  *sums)
{
  double log_sum = 0;

  *sums = (OnOffSums) { 0 };
  g_print ("\n%-30s %12s %12s %8s %12s\n", title, off, on, "on/off", "paired");
  for (guint i = 0; i < rows->len; i++)
    {
      const OnOffRow *row = &g_array_index (rows, OnOffRow, i);

      log_sum += log (row->paired);
      sums->measured++;
      sums->below_one += row->paired < 1;
      sums->sum_off_ns += row->off_ns;
      sums->sum_on_ns += row->on_ns;
      g_print ("%-30s %9.2f ms %9.2f ms %8.3f %12.3f\n", row->id, row->off_ns / 1e6,
               row->on_ns / 1e6, row->on_ns / row->off_ns, row->paired);
    }
  g_print ("%-30s %34s %12.3f\n", "geometric mean of paired", "",
           exp (log_sum / MAX (sums->measured, 1)));
  g_print ("%-30s %9.2f ms %9.2f ms %8.3f\n", "sum of medians", sums->sum_off_ns / 1e6,
           sums->sum_on_ns / 1e6, sums->sum_on_ns / sums->sum_off_ns);
}
