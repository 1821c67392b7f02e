/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-responsiveness.c: the 1 ms tick on the run's context and what it tells
 * (see ib-responsiveness.h). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <stdlib.h>

#include "engine/measure/ib-responsiveness.h"
#include "engine/stats/ib-stats.h"

struct _IbTick
{
  GSource   source;
  guint64  *counter;
  gint64    start_ns;
  GArray   *dispatch_ns;   /* gint64 */
  GArray   *lateness_ns;   /* gint64 */
};

static void
tick_record (IbTick *tick,
             gint64  now_us)
{
  gint64 due_us = g_source_get_ready_time (&tick->source);
  gint64 now_ns = now_us * 1000;
  gint64 late_ns = MAX (now_us - due_us, 0) * 1000;

  g_array_append_val (tick->dispatch_ns, now_ns);
  g_array_append_val (tick->lateness_ns, late_ns);
}

static gboolean
tick_dispatch (GSource     *source,
               GSourceFunc  callback,
               gpointer     user_data)
{
  IbTick *tick = (IbTick *) source;
  /* The time of this dispatch, not the iteration's cached time. */
  gint64 now_us = g_get_monotonic_time ();

  tick_record (tick, now_us);
  if (tick->counter != NULL)
    (*tick->counter)++;
  g_source_set_ready_time (source, now_us + IB_TICK_INTERVAL_NS / 1000);
  return G_SOURCE_CONTINUE;
}

static void
tick_finalize (GSource *source)
{
  IbTick *tick = (IbTick *) source;

  g_clear_pointer (&tick->dispatch_ns, g_array_unref);
  g_clear_pointer (&tick->lateness_ns, g_array_unref);
}

static GSourceFuncs tick_funcs = {
  NULL, NULL, tick_dispatch, tick_finalize, NULL, NULL,
};

IbTick *
ib_tick_start (GMainContext *context,
               guint64      *counter)
{
  GSource *source = g_source_new (&tick_funcs, sizeof (IbTick));
  IbTick *tick = (IbTick *) source;
  gint64 now_us = g_get_monotonic_time ();

  tick->counter = counter;
  tick->start_ns = now_us * 1000;
  /* About one dispatch per ms of a second-long sample. */
  tick->dispatch_ns = g_array_sized_new (FALSE, FALSE, sizeof (gint64), 2048);
  tick->lateness_ns = g_array_sized_new (FALSE, FALSE, sizeof (gint64), 2048);
  g_source_set_priority (source, G_PRIORITY_HIGH);
  g_source_set_static_name (source, "[iobench] responsiveness tick");
  g_source_set_ready_time (source, now_us);
  g_source_attach (source, context);
  return tick;
}

guint
ib_tick_get_n_dispatches (const IbTick *tick)
{
  g_return_val_if_fail (tick != NULL, 0);

  return tick->dispatch_ns->len;
}

void
ib_tick_stop (IbTick   *tick,
              IbSample *sample)
{
  gint64 now_us = g_get_monotonic_time ();

  g_return_if_fail (tick != NULL);
  g_return_if_fail (sample != NULL);

  g_source_destroy (&tick->source);
  /* Still due: the loop has been blocked since then (a sync read). */
  if (now_us >= g_source_get_ready_time (&tick->source))
    tick_record (tick, now_us);
  ib_responsiveness_summarise ((const gint64 *) (gconstpointer) tick->dispatch_ns->data,
                               (const gint64 *) (gconstpointer) tick->lateness_ns->data,
                               tick->dispatch_ns->len, tick->start_ns, now_us * 1000, sample);
  g_source_unref (&tick->source);
}

/* Whole frame intervals of @period_ns inside a gap of @gap_ns, expected
 * over a uniformly random phase of the vsync grid (ib-responsiveness.h). */
static double
gap_frames (gint64 gap_ns,
            gint64 period_ns)
{
  return gap_ns > period_ns ? (double) (gap_ns - period_ns) / (double) period_ns : 0.0;
}

double
ib_frames_missed (const gint64 *dispatch_ns,
                  guint         n,
                  gint64        start_ns,
                  gint64        stop_ns,
                  gint64        period_ns)
{
  double missed = 0;
  gint64 free_ns = start_ns;   /* the last moment the loop could run */

  g_return_val_if_fail (period_ns > 0, 0);
  g_return_val_if_fail (n == 0 || dispatch_ns != NULL, 0);

  if (stop_ns <= start_ns)
    return 0;
  for (guint i = 0; i < n; i++)
    {
      gint64 t = MIN (dispatch_ns[i], stop_ns);

      if (t <= free_ns)
        continue;
      missed += gap_frames (t - free_ns, period_ns);
      free_ns = t;
    }
  return missed + gap_frames (stop_ns - free_ns, period_ns);
}

static int
cmp_double (gconstpointer a,
            gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

void
ib_responsiveness_summarise (const gint64 *dispatch_ns,
                             const gint64 *lateness_ns,
                             guint         n,
                             gint64        start_ns,
                             gint64        stop_ns,
                             IbSample     *sample)
{
  g_autofree double *sorted = NULL;
  gint64 longest = 0;

  g_return_if_fail (sample != NULL);
  g_return_if_fail (n == 0 || (dispatch_ns != NULL && lateness_ns != NULL));

  sorted = g_new (double, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    {
      longest = MAX (longest, lateness_ns[i]);
      sorted[i] = (double) lateness_ns[i];
    }
  qsort (sorted, n, sizeof (double), cmp_double);

  sample->responsive = TRUE;
  sample->stall_ns = longest;
  sample->lateness_p99_ns = n > 0 ? (gint64) ib_quantile_sorted (sorted, n, 0.99) : 0;
  sample->frames_missed_60 = ib_frames_missed (dispatch_ns, n, start_ns, stop_ns,
                                               IB_FRAME_60HZ_NS);
  sample->frames_missed_120 = ib_frames_missed (dispatch_ns, n, start_ns, stop_ns,
                                                IB_FRAME_120HZ_NS);
}

