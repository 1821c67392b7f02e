/* SPDX-License-Identifier: GPL-3.0-or-later */
/* map-fixture.c: a size x count map built in code (see map-fixture.h). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <math.h>

#include "engine/stats/ib-paired.h"
#include "map-fixture.h"

/* A small deterministic jitter in [-1, 1] (no PRNG state shared with
 * anything else: the same map on every machine). */
static double
jitter (guint *state)
{
  *state = *state * 1103515245u + 12345u;
  return ((*state >> 8) & 0xffff) / 32767.5 - 1.0;
}

/* Fills @line with @n pairs of a near @a_ms and b near @ratio times a, each
 * with @noise relative jitter, in alternating order, and decides them the
 * way the map does (one look at the pairs there are). */
static void
fill_line (IbMapLine *line,
           double     a_ms,
           double     ratio,
           double     noise,
           guint      n,
           guint      seed,
           gboolean   a_stalls)
{
  IbDecisionLine *d = &line->decision;
  g_autofree double *a = g_new (double, n);
  g_autofree double *b = g_new (double, n);
  guint state = seed;
  IbPaired paired;

  d->spent_s = 0;
  for (guint i = 0; i < n; i++)
    {
      IbDecisionPair p = { 0 };
      double base = a_ms * 1e6 * (1 + 0.05 * jitter (&state));

      p.a_ns = (gint64) base;
      p.b_ns = (gint64) (base * ratio * (1 + noise * jitter (&state)));
      p.order = i % 2;
      p.a_cpu_ns = p.a_ns * 9 / 10;
      p.b_cpu_ns = p.b_ns / 2;
      p.a_wait_ns = p.b_wait_ns = 1000 + i;
      p.a_wait_workers_ns = p.b_wait_workers_ns = -1;
      p.a_cpus_busy_ns = p.b_cpus_busy_ns = -1;
      g_array_append_val (d->pairs, p);
      a[i] = (double) p.a_ns;
      b[i] = (double) p.b_ns;
      d->spent_s += (p.a_ns + p.b_ns) / 1e9;
    }
  ib_paired_analyse (a, b, n, 1 - IB_PAIRED_ALPHA, IB_PAIRED_MARGIN, &paired);
  d->verdict = paired.verdict;
  d->ratio = paired.ratio;
  d->ci_low = paired.ci_low;
  d->ci_high = paired.ci_high;
  d->ci_level = paired.ci_level;
  d->more_pairs = paired.verdict == IB_PAIRED_UNDECIDED ? paired.more_pairs : 0;
  d->n_looks = 1;

  /* the sync side on the main thread stalls it for the whole read; the
   * async side and the thread pool for a fraction of a ms */
  line->a_side.n_responsive = line->b_side.n_responsive = n;
  line->a_side.stall_ns = a_stalls ? a_ms * 1e6 : 0.3e6;
  line->a_side.stall_max_ns = line->a_side.stall_ns * 1.25;
  line->a_side.frames_missed_60 = a_stalls ? MAX (0.0, a_ms / 16.666667 - 1) : 0;
  line->b_side.stall_ns = 0.25e6;
  line->b_side.stall_max_ns = 0.5e6;
  line->b_side.frames_missed_60 = 0;
}

IbReport *
fx_map_report_new (void)
{
  static const guint64 sizes[] = { 4096, 65536, 1048576 };
  static const guint64 counts[] = { 1, 16 };
  IbReport *report = ib_report_new ();
  IbPlan *plan = report->plan;
  IbMap *map;

  g_free (report->created);
  report->created = g_strdup ("2026-12-02T17:30:00Z");
  plan->preset = g_strdup ("map");
  plan->seed = 31;
  plan->seed_drawn = FALSE;
  plan->budget_s = 300;
  plan->repeat = 1;
  plan->warmup = 0;
  plan->map = ib_map_spec_new ();
  g_array_append_vals (plan->map->sizes, sizes, G_N_ELEMENTS (sizes));
  g_array_append_vals (plan->map->counts, counts, G_N_ELEMENTS (counts));
  plan->map->first_pairs = 6;

  report->map = map = ib_map_new (plan->map->sizes, plan->map->counts);
  map->budget_s = 300;
  map->first_pairs = 6;
  map->disk_bytes = 1048576 * 16 + 65536 * 16 + 4096 * 16;
  map->estimate_s = 280;

  /* 4 KiB, 1 file: sync faster one after another, equivalent in parallel */
  fill_line (&ib_map_cell (map, 0, 0)->lines[IB_MAP_SERIAL], 0.05, 1.6, 0.03, 12, 1, TRUE);
  fill_line (&ib_map_cell (map, 0, 0)->lines[IB_MAP_PARALLEL], 0.08, 1.0, 0.01, 12, 2, FALSE);
  /* 4 KiB, 16 files: sync faster one after another, async faster at once */
  fill_line (&ib_map_cell (map, 0, 1)->lines[IB_MAP_SERIAL], 0.8, 1.4, 0.03, 12, 3, TRUE);
  fill_line (&ib_map_cell (map, 0, 1)->lines[IB_MAP_PARALLEL], 1.2, 0.6, 0.03, 12, 4, FALSE);
  /* 64 KiB, 1 file: equivalent one after another, not decided at once */
  fill_line (&ib_map_cell (map, 1, 0)->lines[IB_MAP_SERIAL], 0.1, 1.0, 0.01, 12, 5, TRUE);
  fill_line (&ib_map_cell (map, 1, 0)->lines[IB_MAP_PARALLEL], 0.2, 1.08, 0.4, 8, 6, FALSE);
  /* 64 KiB, 16 files: async faster both ways, the sync read costs a frame */
  fill_line (&ib_map_cell (map, 1, 1)->lines[IB_MAP_SERIAL], 30, 0.7, 0.03, 12, 7, TRUE);
  fill_line (&ib_map_cell (map, 1, 1)->lines[IB_MAP_PARALLEL], 12, 0.5, 0.03, 12, 8, FALSE);
  for (guint i = 0; i < 2; i++)
    for (guint j = 0; j < 2; j++)
      ib_map_cell (map, i, j)->reached = TRUE;
  /* 1 MiB: the map was stopped before it */
  for (guint i = 0; i < map->cells->len; i++)
    map->spent_s += g_array_index (map->cells, IbMapCell, i).lines[0].decision.spent_s
                    + g_array_index (map->cells, IbMapCell, i).lines[1].decision.spent_s;
  report->partial = TRUE;
  report->error = g_strdup ("Cancelled by the user");
  return report;
}

void
fx_map_line_decide (IbMapLine      *line,
                    IbPairedVerdict verdict,
                    double          ratio,
                    double          lo,
                    double          hi)
{
  IbDecisionLine *d = &line->decision;

  g_array_set_size (d->pairs, 0);
  for (guint i = 0; i < 12; i++)
    {
      IbDecisionPair p = { 0 };

      p.a_ns = 1000000;
      p.b_ns = (gint64) (1000000 * ratio);
      p.order = i % 2;
      g_array_append_val (d->pairs, p);
    }
  d->verdict = verdict;
  d->ratio = ratio;
  d->ci_low = lo;
  d->ci_high = hi;
  d->ci_level = 0.95;
  d->n_looks = 1;
}
