/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-map-run.c: running the size x count map (see ib-map-run.h). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>

#include "engine/model/ib-error.h"
#include "engine/io/ib-fileset.h"
#include "engine/model/ib-format.h"
#include "engine/run/ib-decision.h"
#include "engine/run/ib-map-run.h"
#include "engine/measure/ib-measure.h"
#include "engine/os/ib-os.h"
#include "engine/stats/ib-paired.h"
#include "engine/stats/ib-stats.h"
#include "engine/stats/ib-stats.h"

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
ib_map_line_paired (const IbMapLine *line,
                    double           margin,
                    IbPaired        *out)
{
  g_return_if_fail (line != NULL && out != NULL);
  ib_decision_line_paired (&line->decision, margin, out);
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
  return ib_map_check_named (plan, "--budget", "--max-disk", error);
}

static void
refuse_disk (const IbMapCost *cost,
             const char      *max_disk,
             GError         **error)
{
  g_autofree char *need = ib_format_size (cost->disk_bytes);
  g_autofree char *limit = ib_format_size (cost->max_disk_bytes);

  if (max_disk != NULL)
    /* Translators: the last %s names how to raise the limit: an option
     * ("--max-disk") */
    g_set_error (error, IB_ERROR, IB_ERROR_INVALID,
                 _("This map's files would take %s of disk (each size as many times as the "
                   "largest count), over its limit of %s: drop the largest sizes or counts, "
                   "or raise the limit with %s"), need, limit, max_disk);
  else
    g_set_error (error, IB_ERROR, IB_ERROR_INVALID,
                 _("This map's files would take %s of disk (each size as many times as the "
                   "largest count), over its limit of %s: drop the largest sizes or counts"),
                 need, limit);
}

gboolean
ib_map_check_named (const IbPlan *plan,
                    const char   *budget,
                    const char   *max_disk,
                    GError      **error)
{
  IbMapCost cost;

  g_return_val_if_fail (plan != NULL && plan->map != NULL && budget != NULL, FALSE);

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
      refuse_disk (&cost, max_disk, error);
      return FALSE;
    }
  if (cost.first_s > cost.budget_s)
    {
      /* Translators: the last %s names the budget: an option ("--budget") or
       * a field of the window ("Time budget") */
      g_set_error (error, IB_ERROR, IB_ERROR_INVALID,
                   _("A budget of %u s is too short for this map: giving each of its %u cells "
                     "its first %u pairs alone is estimated at %.0f s. Raise %s, or drop the "
                     "largest sizes or counts"),
                   cost.budget_s, cost.n_cells, cost.first_pairs, cost.first_s, budget);
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

/* @line as @slot's decider stands: its last look's verdict and interval. */
static void
show_line (IbDecisionLine *line,
           Slot           *slot)
{
  IbDecider *d = &slot->decider;

  line->verdict = d->a->len > 0 ? d->result.verdict : IB_PAIRED_NO_DATA;
  line->ratio = d->result.ratio;
  line->ci_low = d->result.ci_low;
  line->ci_high = d->result.ci_high;
  line->ci_level = d->result.ci_level;
  line->more_pairs = line->verdict == IB_PAIRED_UNDECIDED ? d->result.more_pairs : 0;
  line->n_looks = d->n_looks;
  line->spent_s = slot->spent_s;
}

static void
fill_line (IbDecisionLine *line,
           Slot           *slot)
{
  IbDecider *d = &slot->decider;

  if (!d->stopped && d->a->len > 0)
    ib_decider_finish (d);
  show_line (line, slot);
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
      if (measurer->changed != NULL && line->pairs->len > 0)
        {
          show_line (line, &slots[s]);
          measurer->changed (map, s / IB_MAP_N_LINES, user_data);
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

/* ---- the workload -------------------------------------------------------- */

typedef struct
{
  const IbMapContext *ctx;
  IbMap              *map;
  IbFileSet         **sets;      /* one per size */
  IbMeasure          *measure;
  IbFileSet          *view;      /* the current cell's files */
  gint                cell;      /* the cell the view is of, -1 none */
  GArray             *stalls;    /* double per (cell, line, side): the samples' stalls */
  GArray             *frames;
  gint64              start_ns;
} MapRun;

static GArray **
side_array (GArray    **arrays,
            guint       cell,
            guint       line,
            guint       side)
{
  return &arrays[(cell * IB_MAP_N_LINES + line) * 2 + side];
}

static gboolean
use_cell (MapRun  *run,
          guint    cell,
          GError **error)
{
  const IbPlan *plan = run->ctx->plan;
  const IbMapCell *c = &g_array_index (run->map->cells, IbMapCell, cell);
  guint size_index = cell / run->map->counts->len;

  if (run->cell == (gint) cell)
    return TRUE;
  ib_measure_set_files (run->measure, NULL, 1);
  g_clear_pointer (&run->view, ib_file_set_free);
  run->view = ib_file_set_view (run->sets[size_index], (guint) c->count);
  run->cell = (gint) cell;
  ib_measure_set_files (run->measure, run->view,
                        (guint) CLAMP (c->count, 1, run->ctx->max_in_flight));
  if (plan->cache == IB_CACHE_WARM && !ib_file_set_warm (run->view, run->ctx->cancellable, error))
    return FALSE;
  return TRUE;
}

/* One sample of @side (0: a, 1: b) of line @line of @cell into @out. */
static gboolean
map_sample (MapRun          *run,
            guint            cell,
            guint            line,
            guint            side,
            IbDecisionPair  *out,
            GError         **error)
{
  const IbDecisionLine *d = &g_array_index (run->map->cells, IbMapCell, cell).lines[line].decision;
  guint round = run->ctx->plan->warmup + d->pairs->len;
  IbSample sample = { 0 };
  GArray **stalls = (GArray **) (gpointer) run->stalls->data;
  GArray **frames = (GArray **) (gpointer) run->frames->data;
  const char *strategy = side == 0 ? d->a : d->b;
  gint64 ns;

  if (!ib_measure_sample (run->measure, strategy, round, &sample, error))
    return FALSE;
  if (!sample.ok)
    {
      g_set_error (error, IB_ERROR, IB_ERROR_IO, _("Map, %s: %s"), strategy, sample.error);
      ib_sample_clear (&sample);
      return FALSE;
    }
  /* only valid samples count: an excluded one is a pair side of 0 */
  ns = ib_sample_is_valid (&sample) ? sample.wall_ns : 0;
  if (side == 0)
    {
      out->a_ns = ns;
      out->a_cpu_ns = sample.cpu_ns;
      out->a_wait_ns = sample.runq_wait_ns;
      out->a_cpus_busy_ns = sample.cpus_busy_ns;
    }
  else
    {
      out->b_ns = ns;
      out->b_cpu_ns = sample.cpu_ns;
      out->b_wait_ns = sample.runq_wait_ns;
      out->b_cpus_busy_ns = sample.cpus_busy_ns;
    }
  if (sample.responsive && ns > 0)
    {
      double stall = (double) sample.stall_ns;

      g_array_append_val (*side_array (stalls, cell, line, side), stall);
      g_array_append_val (*side_array (frames, cell, line, side), sample.frames_missed_60);
    }
  ib_sample_clear (&sample);
  return TRUE;
}

static void
map_progress (MapRun *run,
              guint   cell,
              guint   line,
              guint   index)
{
  const IbMapCell *c = &g_array_index (run->map->cells, IbMapCell, cell);
  g_autofree char *size = ib_format_size (c->size);
  double span = (double) (run->ctx->deadline_ns - run->start_ns);
  double done = span > 0 ? (ib_os_monotonic_ns () - run->start_ns) / span : 1;
  g_autofree char *count = ib_format_count (c->count);
  /* Translators: progress of the map, e.g. "64 KiB × 16 files, serial, pair 12" */
  g_autofree char *message = g_strdup_printf (_("%s × %s files, %s, pair %u"), size, count,
                                              ib_map_line_kind_to_string (line), index + 1);

  run->ctx->progress (CLAMP (done, 0, 1), message, run->ctx->progress_data);
}

static gboolean
map_pair (guint            cell,
          IbMapLineKind    line,
          guint            index,
          IbDecisionPair  *out,
          gpointer         user_data,
          GError         **error)
{
  MapRun *run = user_data;
  /* AB, BA, AB, ... */
  guint first = index % 2;

  if (!use_cell (run, cell, error))
    return FALSE;
  out->a_wait_workers_ns = out->b_wait_workers_ns = -1;
  if (!map_sample (run, cell, line, first, out, error)
      || !map_sample (run, cell, line, 1 - first, out, error))
    return FALSE;
  if (run->ctx->progress != NULL)
    map_progress (run, cell, line, index);
  return TRUE;
}

static void
map_changed (const IbMap *map,
             guint        cell,
             gpointer     user_data)
{
  MapRun *run = user_data;

  run->ctx->changed (map, cell, run->ctx->progress_data);
}

static gint64
map_clock (gpointer user_data)
{
  return ib_os_monotonic_ns ();
}

static int
compare_double (gconstpointer a,
                gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
median_of (GArray *values)
{
  if (values->len == 0)
    return 0;
  g_array_sort (values, compare_double);
  return ib_quantile_sorted ((const double *) (gconstpointer) values->data, values->len, 0.5);
}

static void
fill_sides (MapRun *run)
{
  GArray **stalls = (GArray **) (gpointer) run->stalls->data;
  GArray **frames = (GArray **) (gpointer) run->frames->data;

  for (guint c = 0; c < run->map->cells->len; c++)
    for (guint l = 0; l < IB_MAP_N_LINES; l++)
      for (guint s = 0; s < 2; s++)
        {
          IbMapLine *line = &g_array_index (run->map->cells, IbMapCell, c).lines[l];
          IbMapSide *side = s == 0 ? &line->a_side : &line->b_side;
          GArray *st = *side_array (stalls, c, l, s);

          side->n_responsive = st->len;
          side->stall_max_ns = 0;
          for (guint i = 0; i < st->len; i++)
            side->stall_max_ns = MAX (side->stall_max_ns, g_array_index (st, double, i));
          side->stall_ns = median_of (st);
          side->frames_missed_60 = median_of (*side_array (frames, c, l, s));
        }
}

static void
array_unref (gpointer data)
{
  GArray **array = data;

  g_clear_pointer (array, g_array_unref);
}

static gboolean
make_sets (MapRun  *run,
           GError **error)
{
  const IbPlan *plan = run->ctx->plan;
  guint64 max_count = axis_max (plan->map->counts);

  for (guint i = 0; i < run->map->sizes->len; i++)
    {
      guint64 size = g_array_index (run->map->sizes, guint64, i);
      g_autoptr(GArray) sizes = g_array_new (FALSE, FALSE, sizeof (guint64));

      for (guint64 k = 0; k < max_count; k++)
        g_array_append_val (sizes, size);
      run->sets[i] = ib_file_set_create (&(IbFileSetRequest) {
                                           .parent_dir = plan->dir,
                                           .sizes = (const guint64 *) (gconstpointer) sizes->data,
                                           .n_sizes = sizes->len,
                                           .content = plan->content,
                                           .seed = plan->seed + i,
                                           .do_fsync = plan->fsync,
                                         },
                                         run->ctx->cancellable, error);
      if (run->sets[i] == NULL)
        return FALSE;
    }
  return TRUE;
}

gboolean
ib_map_run (const IbMapContext *ctx,
            IbReport           *report,
            GError            **error)
{
  const IbPlan *plan = ctx->plan;
  IbMeasureSetup setup = { 0 };
  IbMapMeasurer measurer = { map_pair, map_clock, NULL };
  MapRun run = { 0 };
  IbMapCost cost;
  gboolean ok;
  guint n_sides;

  g_return_val_if_fail (ctx != NULL && plan != NULL && plan->map != NULL, FALSE);

  if (!ib_map_check (plan, error))
    return FALSE;
  ib_map_cost (plan, &cost);
  report->map = run.map = ib_map_new (plan->map->sizes, plan->map->counts);
  run.map->budget_s = cost.budget_s;
  run.map->margin = plan->margin > 0 ? plan->margin : IB_PAIRED_MARGIN;
  run.map->disk_bytes = cost.disk_bytes;
  run.map->estimate_s = cost.estimate_s;
  run.ctx = ctx;
  run.cell = -1;
  run.start_ns = ib_os_monotonic_ns ();
  run.sets = g_new0 (IbFileSet *, run.map->sizes->len);
  n_sides = run.map->cells->len * IB_MAP_N_LINES * 2;
  run.stalls = g_array_new (FALSE, TRUE, sizeof (GArray *));
  run.frames = g_array_new (FALSE, TRUE, sizeof (GArray *));
  g_array_set_clear_func (run.stalls, array_unref);
  g_array_set_clear_func (run.frames, array_unref);
  for (guint i = 0; i < n_sides; i++)
    {
      GArray *a = g_array_new (FALSE, FALSE, sizeof (double));
      GArray *b = g_array_new (FALSE, FALSE, sizeof (double));

      g_array_append_val (run.stalls, a);
      g_array_append_val (run.frames, b);
    }

  setup.plan = plan;
  setup.user = IB_MEASURE_USER_MAP;
  setup.workers = ctx->workers;
  setup.scratch = ctx->scratch;
  setup.cancellable = ctx->cancellable;
  run.measure = ib_measure_new (&setup);
  measurer.user_data = &run;
  if (ctx->changed != NULL)
    measurer.changed = map_changed;

  ok = make_sets (&run, error)
       && ib_map_share (run.map, plan->map->first_pairs, ctx->deadline_ns, &measurer,
                        ctx->cancellable, error);
  fill_sides (&run);

  ib_measure_set_files (run.measure, NULL, 1);
  g_clear_pointer (&run.view, ib_file_set_free);
  ib_measure_free (run.measure);
  for (guint i = 0; i < run.map->sizes->len; i++)
    g_clear_pointer (&run.sets[i], ib_file_set_free);
  g_free (run.sets);
  g_array_unref (run.stalls);
  g_array_unref (run.frames);
  return ok;
}
