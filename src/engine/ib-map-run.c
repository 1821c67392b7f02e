/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-map-run.c: running the size x count map (see ib-map-run.h). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>

#include "ib-error.h"
#include "ib-fileset.h"
#include "ib-map-run.h"
#include "ib-measure.h"
#include "ib-os.h"
#include "ib-paired.h"
#include "ib-parse.h"
#include "ib-stats.h"

/* ---- cost ---------------------------------------------------------------- */

static guint64
axis_max (const GArray *axis)
{
  guint64 m = 0;

  for (guint i = 0; i < axis->len; i++)
    m = MAX (m, g_array_index (axis, guint64, i));
  return m;
}

void
ib_map_cost (const IbPlan *plan,
             IbMapCost    *out)
{
  const IbMapSpec *spec = plan->map;
  guint64 max_count = axis_max (spec->counts);

  g_return_if_fail (spec != NULL && out != NULL);

  *out = (IbMapCost) { 0 };
  out->n_cells = spec->sizes->len * spec->counts->len;
  out->budget_s = plan->budget_s != 0 ? plan->budget_s : IB_MAP_DEFAULT_BUDGET_S;
  out->first_pairs = MAX (spec->first_pairs != 0 ? spec->first_pairs
                                                 : IB_MAP_DEFAULT_FIRST_PAIRS,
                          IB_PAIRED_FIRST_LOOK);
  out->max_disk_bytes = spec->max_disk_bytes != 0 ? spec->max_disk_bytes
                                                  : IB_MAP_DEFAULT_MAX_DISK;
  for (guint i = 0; i < spec->sizes->len; i++)
    {
      guint64 size = g_array_index (spec->sizes, guint64, i);

      out->disk_bytes += size * max_count;
      for (guint j = 0; j < spec->counts->len; j++)
        {
          double bytes = (double) size * g_array_index (spec->counts, guint64, j);

          /* two lines, two samples a pair */
          out->first_s += IB_MAP_N_LINES * 2.0 * out->first_pairs *
                          (IB_MAP_ESTIMATE_SAMPLE_S + bytes / IB_MAP_ESTIMATE_RATE);
        }
    }
  out->make_s = out->disk_bytes / IB_MAP_ESTIMATE_MAKE_RATE;
  out->estimate_s = out->make_s + MAX ((double) out->budget_s, out->first_s);
}

static gboolean
axis_ok (const GArray *axis)
{
  if (axis->len == 0 || axis->len > IB_MAP_MAX_AXIS)
    return FALSE;
  for (guint i = 0; i < axis->len; i++)
    if (g_array_index (axis, guint64, i) == 0
        || (i > 0 && g_array_index (axis, guint64, i) <= g_array_index (axis, guint64, i - 1)))
      return FALSE;
  return TRUE;
}

gboolean
ib_map_check (const IbPlan *plan,
              GError      **error)
{
  IbMapCost cost;

  g_return_val_if_fail (plan != NULL && plan->map != NULL, FALSE);

  if (!axis_ok (plan->map->sizes) || !axis_ok (plan->map->counts))
    {
      g_set_error (error, IB_ERROR, IB_ERROR_INVALID,
                   _("A map needs 1 to %d sizes and 1 to %d counts, each above 0 and in "
                     "ascending order"), IB_MAP_MAX_AXIS, IB_MAP_MAX_AXIS);
      return FALSE;
    }
  ib_map_cost (plan, &cost);
  if (cost.disk_bytes > cost.max_disk_bytes)
    {
      g_autofree char *need = ib_format_size (cost.disk_bytes);
      g_autofree char *limit = ib_format_size (cost.max_disk_bytes);

      g_set_error (error, IB_ERROR, IB_ERROR_INVALID,
                   _("This map's files would take %s of disk (each size as many times as the "
                     "largest count), over its limit of %s: drop the largest sizes or counts, "
                     "or raise the limit with --max-disk"), need, limit);
      return FALSE;
    }
  if (cost.first_s > cost.budget_s)
    {
      g_set_error (error, IB_ERROR, IB_ERROR_INVALID,
                   _("A budget of %u s is too short for this map: giving each of its %u cells "
                     "its first %u pairs alone is estimated at %.0f s. Raise --budget, or "
                     "drop the largest sizes or counts"),
                   cost.budget_s, cost.n_cells, cost.first_pairs, cost.first_s);
      return FALSE;
    }
  return TRUE;
}

/* ---- sharing the budget -------------------------------------------------- */

typedef struct
{
  IbDecider decider;
  double    spent_s;
} Slot;

/* The next line to measure, -1 for none: first any line short of its first
 * look, in grid order; then the undecided line closest to deciding. */
static gint
next_slot (const Slot *slots,
           guint       n)
{
  gint best = -1;

  for (guint s = 0; s < n; s++)
    if (!slots[s].decider.stopped && slots[s].decider.a->len < slots[s].decider.looks[0])
      return (gint) s;
  for (guint s = 0; s < n; s++)
    {
      const IbDecider *d = &slots[s].decider, *b;

      if (d->stopped)
        continue;
      if (best < 0)
        {
          best = (gint) s;
          continue;
        }
      b = &slots[best].decider;
      if (d->result.more_pairs < b->result.more_pairs
          || (d->result.more_pairs == b->result.more_pairs && d->a->len < b->a->len))
        best = (gint) s;
    }
  return best;
}

static void
fill_line (IbDecisionLine *line,
           Slot           *slot)
{
  IbDecider *d = &slot->decider;

  if (!d->stopped && d->a->len > 0)
    ib_decider_finish (d);
  line->verdict = d->a->len > 0 ? d->result.verdict : IB_PAIRED_NO_DATA;
  line->ratio = d->result.ratio;
  line->ci_low = d->result.ci_low;
  line->ci_high = d->result.ci_high;
  line->ci_level = d->result.ci_level;
  line->more_pairs = line->verdict == IB_PAIRED_UNDECIDED ? d->result.more_pairs : 0;
  line->n_looks = d->n_looks;
  line->spent_s = slot->spent_s;
}

gboolean
ib_map_share (IbMap          *map,
              guint           first_pairs,
              gint64          deadline_ns,
              const IbMapMeasurer *measurer,
              GCancellable   *cancellable,
              GError        **error)
{
  IbMapPairFunc pair = measurer->pair;
  IbMapClockFunc clock = measurer->clock;
  gpointer user_data = measurer->user_data;
  guint n = map->cells->len * IB_MAP_N_LINES;
  g_autofree Slot *slots = g_new0 (Slot, n);
  gboolean ok = TRUE;
  gint s;


  first_pairs = MAX (first_pairs != 0 ? first_pairs : IB_MAP_DEFAULT_FIRST_PAIRS,
                     IB_PAIRED_FIRST_LOOK);
  map->first_pairs = first_pairs;
  for (guint i = 0; i < n; i++)
    ib_decider_init (&slots[i].decider, first_pairs << IB_MAP_LOOKS_DOUBLING, map->margin,
                     map->alpha);

  while (ok && clock (user_data) < deadline_ns && (s = next_slot (slots, n)) >= 0)
    {
      IbDecider *d = &slots[s].decider;
      IbMapCell *cell = &g_array_index (map->cells, IbMapCell, s / IB_MAP_N_LINES);
      IbDecisionLine *line = &cell->lines[s % IB_MAP_N_LINES].decision;
      guint look = d->looks[d->looks_done];

      /* to its next planned look, or the deadline */
      while (!d->stopped && d->a->len < look && clock (user_data) < deadline_ns)
        {
          IbDecisionPair p = { 0 };
          gint64 t0 = clock (user_data);

          if (g_cancellable_set_error_if_cancelled (cancellable, error)
              || !pair (s / IB_MAP_N_LINES, s % IB_MAP_N_LINES, line->pairs->len, &p, user_data,
                        error))
            {
              ok = FALSE;
              break;
            }
          p.order = line->pairs->len % 2;
          slots[s].spent_s += (clock (user_data) - t0) / 1e9;
          g_array_append_val (line->pairs, p);
          cell->reached = TRUE;
          ib_decider_add (d, (double) p.a_ns, (double) p.b_ns);
        }
    }

  for (guint i = 0; i < n; i++)
    {
      IbMapCell *cell = &g_array_index (map->cells, IbMapCell, i / IB_MAP_N_LINES);

      fill_line (&cell->lines[i % IB_MAP_N_LINES].decision, &slots[i]);
      map->spent_s += slots[i].spent_s;
      ib_decider_clear (&slots[i].decider);
    }
  return ok;
}
