/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-sweep.c: vary one parameter for two or more strategies and find where
 * their order flips, the question the small-file experiment ends on
 * (docs/architecture.md, "The experiments and the other workloads"). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>
#include <stdlib.h>

#include "engine/model/ib-error.h"
#include "engine/io/ib-fileset.h"
#include "engine/model/ib-format.h"
#include "engine/measure/ib-measure.h"
#include "engine/stats/ib-stats.h"
#include "engine/io/ib-strategy.h"
#include "engine/run/ib-sweep.h"

char *
ib_sweep_format_value (IbVaryKind vary,
                       guint64    value)
{
  /* digits grouped as every count is: "1,000 files" */
  g_autofree char *number = ib_format_count (value);

  switch (vary)
    {
    case IB_VARY_SIZE:
      return ib_format_size (value);
    case IB_VARY_IN_FLIGHT:
      /* Translators: a sweep value, e.g. "8 in flight" (files open at once) */
      return g_strdup_printf (_("%s in flight"), number);
    case IB_VARY_COUNT:
    default:
      /* Translators: a sweep value, e.g. "100 files" */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s file", "%s files",
                                           (gulong) MIN (value, G_MAXULONG)), number);
    }
}

static const IbSweepPoint *
find_point (const IbSweep *sweep,
            guint64        value,
            const char    *strategy)
{
  for (guint i = 0; i < sweep->points->len; i++)
    {
      const IbSweepPoint *p = &g_array_index (sweep->points, IbSweepPoint, i);

      if (p->value == value && g_strcmp0 (p->strategy, strategy) == 0)
        return p;
    }
  return NULL;
}

void
ib_sweep_point_ratio (const IbSweepPoint *a,
                      const IbSweepPoint *b,
                      IbRatio            *out)
{
  IbMedianCi ma, mb;

  g_return_if_fail (a != NULL && b != NULL && out != NULL);

  ma = (IbMedianCi) { a->median_ns, a->ci_low_ns, a->ci_high_ns, a->ci_level, a->n };
  mb = (IbMedianCi) { b->median_ns, b->ci_low_ns, b->ci_high_ns, b->ci_level, b->n };
  ib_stats_ratio_of_medians (&ma, &mb, out);
}

/* -1: a is clearly faster, 1: b is clearly faster, 0: no clear verdict
 * (ib_sweep_point_ratio). */
static int
clear_order (const IbSweepPoint *a,
             const IbSweepPoint *b)
{
  IbRatio r;

  ib_sweep_point_ratio (a, b, &r);
  if (r.verdict == IB_RATIO_A_FASTER)
    return -1;
  if (r.verdict == IB_RATIO_B_FASTER)
    return 1;
  return 0;
}

static gint
compare_double (gconstpointer a,
                gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static int
compare_u64 (const void *a,
             const void *b)
{
  guint64 x = *(const guint64 *) a;
  guint64 y = *(const guint64 *) b;

  return (x > y) - (x < y);
}

void
ib_sweep_find_crossover (IbSweep *sweep)
{
  g_autoptr(GPtrArray) strategies = g_ptr_array_new ();
  g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (guint64));
  gboolean found = FALSE;
  guint64 best_value = 0;
  const char *winner = NULL, *loser = NULL;

  g_return_if_fail (sweep != NULL);

  sweep->has_crossover = FALSE;
  sweep->crossover_value = 0;
  g_clear_pointer (&sweep->crossover_winner, g_free);
  g_clear_pointer (&sweep->crossover_loser, g_free);

  for (guint i = 0; i < sweep->points->len; i++)
    {
      const IbSweepPoint *p = &g_array_index (sweep->points, IbSweepPoint, i);
      gboolean seen = FALSE;

      for (guint j = 0; j < values->len && !seen; j++)
        seen = g_array_index (values, guint64, j) == p->value;
      if (!seen)
        g_array_append_val (values, p->value);
      if (!g_ptr_array_find_with_equal_func (strategies, p->strategy, g_str_equal, NULL))
        g_ptr_array_add (strategies, p->strategy);
    }
  if (values->len > 0)
    qsort (values->data, values->len, sizeof (guint64), compare_u64);

  for (guint a = 0; a < strategies->len; a++)
    for (guint b = a + 1; b < strategies->len; b++)
      {
        const char *sa = g_ptr_array_index (strategies, a);
        const char *sb = g_ptr_array_index (strategies, b);
        int first = 0;

        for (guint v = 0; v < values->len; v++)
          {
            guint64 value = g_array_index (values, guint64, v);
            const IbSweepPoint *pa = find_point (sweep, value, sa);
            const IbSweepPoint *pb = find_point (sweep, value, sb);
            int order;

            if (pa == NULL || pb == NULL)
              continue;
            order = clear_order (pa, pb);
            if (order == 0)
              continue;
            if (first == 0)
              {
                first = order;
                continue;
              }
            if (order != first)
              {
                if (!found || value < best_value)
                  {
                    found = TRUE;
                    best_value = value;
                    winner = order < 0 ? sa : sb;
                    loser = order < 0 ? sb : sa;
                  }
                break;
              }
          }
      }

  if (found)
    {
      sweep->has_crossover = TRUE;
      sweep->crossover_value = best_value;
      sweep->crossover_winner = g_strdup (winner);
      sweep->crossover_loser = g_strdup (loser);
    }
}

/* One value of the sweep as it is measured: what each strategy measured. */
typedef struct
{
  const IbSweepContext *ctx;
  IbMeasure            *measure;
  guint64               value;
  guint                 value_index;
  guint                 n_values;
  const char           *shown;      /* the value as people read it */
  guint                 n_strategies;
  GArray              **times;      /* the valid samples' wall times, a strategy each */
  GArray              **stalls;     /* their longest main-loop stalls */
  guint                *n_excluded;
  /* guint64 a round, a strategy each: the valid samples' wall times, 0
   * where none (IbSweepPoint.rounds_ns) */
  GArray **rounds;
} Point;

/* The files of @value (its count, size and files in flight) made, warmed
 * when asked, and handed to @measure; NULL on a failure. */
static IbFileSet *
point_files (const IbSweepContext *ctx,
             IbMeasure            *measure,
             guint64               value,
             guint                 value_index,
             GError              **error)
{
  const IbPlan *plan = ctx->plan;
  const IbSweepSpec *spec = plan->sweep;
  g_autoptr(GArray) sizes = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr(IbFileSet) set = NULL;
  guint count = spec->base_count;
  guint64 size = spec->base_size;
  guint in_flight;

  switch (spec->vary)
    {
    case IB_VARY_COUNT:
      count = (guint) value;
      in_flight = plan->in_flight != 0 ? plan->in_flight : count;
      break;
    case IB_VARY_SIZE:
      size = value;
      in_flight = plan->in_flight != 0 ? plan->in_flight : count;
      break;
    case IB_VARY_IN_FLIGHT:
    default:
      in_flight = (guint) value;
      break;
    }
  if (in_flight > ctx->max_in_flight && ctx->warn != NULL)
    {
      g_autoptr(IbWarning) warning = ib_warning_new (IB_WARN_SWEEP_CAPPED, "uu",
                                                     ctx->max_in_flight, in_flight);

      ctx->warn (warning, ctx->progress_data);
    }
  in_flight = CLAMP (in_flight, 1, ctx->max_in_flight);
  for (guint i = 0; i < count; i++)
    g_array_append_val (sizes, size);

  set = ib_file_set_create (&(IbFileSetRequest) {
                              .parent_dir = plan->dir,
                              .sizes = (const guint64 *) (gconstpointer) sizes->data,
                              .n_sizes = count,
                              .content = spec->content,
                              .seed = plan->seed + value_index,
                              .do_fsync = plan->fsync,
                            },
                            ctx->cancellable, error);
  if (set == NULL)
    return NULL;
  ib_measure_set_files (measure, set, in_flight);
  /* Written back before its samples, as a run's files are. */
  ib_measure_make_durable (measure);
  if (plan->cache == IB_CACHE_WARM && !ib_file_set_warm (set, ctx->cancellable, error))
    {
      ib_measure_set_files (measure, NULL, 1);
      return NULL;
    }
  return g_steal_pointer (&set);
}

/* Sample @k of @round (strategy order[k]) into @p, then the progress. */
static gboolean
point_sample (Point       *p,
              guint        round,
              guint        k,
              const guint *order,
              GError     **error)
{
  const IbSweepContext *ctx = p->ctx;
  guint n_rounds = ib_plan_n_rounds (ctx->plan);
  const char *id = g_ptr_array_index (ctx->plan->sweep->strategies, order[k]);
  IbSample sample = { 0 };
  gboolean ok = TRUE;

  /* IbMeasure prepares and judges the cache state of every
   * sample as it does for runs; one that misses it is excluded. */
  if (!ib_measure_sample (p->measure, id, round, &sample, error))
    ok = FALSE;
  else if (!sample.ok)
    {
      g_set_error (error, IB_ERROR, IB_ERROR_IO, _("Sweep, %s with %s: %s"), id, p->shown,
                   sample.error);
      ok = FALSE;
    }
  else if (ib_sample_is_valid (&sample))
    {
      /* The same rule as runs: only valid samples count. */
      double wall = (double) sample.wall_ns;
      double stall = (double) sample.stall_ns;

      g_array_append_val (p->times[order[k]], wall);
      g_array_index (p->rounds[order[k]], guint64, round) = sample.wall_ns;
      if (sample.responsive)
        g_array_append_val (p->stalls[order[k]], stall);
    }
  else if (sample.excluded != NULL)
    p->n_excluded[order[k]]++;
  ib_sample_clear (&sample);

  if (ctx->progress != NULL)
    {
      double done = p->value_index + (double) (round * p->n_strategies + k + 1) /
                                     (n_rounds * p->n_strategies);
      /* Translators: e.g. "Round 3 of 21: 100 files" (the phase, sweep,
       * is shown beside it) */
      g_autofree char *message = g_strdup_printf (_("Round %u of %u: %s"), round + 1, n_rounds,
                                                  p->shown);

      ctx->progress (done / p->n_values, message, ctx->progress_data);
    }
  return ok;
}

/* One point of @sweep a strategy, from what @p measured. */
static void
point_results (const Point *p,
               IbSweep     *sweep)
{
  for (guint s = 0; s < p->n_strategies; s++)
    {
      IbSweepPoint point = { 0 };
      IbStats stats = { 0 };

      ib_stats_compute ((const double *) (gconstpointer) p->times[s]->data, p->times[s]->len,
                        &stats);
      point.value = p->value;
      point.strategy = g_strdup (g_ptr_array_index (p->ctx->plan->sweep->strategies, s));
      point.median_ns = stats.median_ns;
      point.ci_low_ns = stats.ci_low_ns;
      point.ci_high_ns = stats.ci_high_ns;
      point.n = stats.n;
      point.n_excluded = p->n_excluded[s];
      point.ci_level = stats.ci_level;
      point.rounds_ns = g_array_ref (p->rounds[s]);
      if (p->stalls[s]->len > 0)
        {
          /* The median of each read's longest main-loop stall. */
          g_array_sort (p->stalls[s], compare_double);
          point.responsive = TRUE;
          point.stall_ns = ib_quantile_sorted ((const double *) (gconstpointer) p->stalls[s]->data,
                                               p->stalls[s]->len, 0.5);
        }
      g_array_append_val (sweep->points, point);
    }
}

static gboolean
measure_point (const IbSweepContext *ctx,
               IbMeasure            *measure,
               guint64               value,
               guint                 value_index,
               guint                 n_values,
               IbSweep              *sweep,
               GError              **error)
{
  const IbPlan *plan = ctx->plan;
  guint n_strategies = plan->sweep->strategies->len;
  guint n_rounds = ib_plan_n_rounds (plan);
  g_autofree guint *order = g_new (guint, n_strategies);
  g_autofree GArray **times = g_new0 (GArray *, n_strategies);
  g_autofree guint *n_excluded = g_new0 (guint, n_strategies);
  g_autofree GArray **stalls = g_new0 (GArray *, n_strategies);
  g_autofree GArray **rounds = g_new0 (GArray *, n_strategies);
  g_autofree char *shown = ib_sweep_format_value (plan->sweep->vary, value);
  g_autoptr(IbFileSet) set = point_files (ctx, measure, value, value_index, error);
  Point    p = { ctx, measure, value, value_index, n_values, shown, n_strategies, times, stalls,
                 n_excluded, rounds };
  gboolean ok = TRUE;

  if (set == NULL)
    return FALSE;
  for (guint s = 0; s < n_strategies; s++)
    {
      times[s] = g_array_new (FALSE, FALSE, sizeof (double));
      stalls[s] = g_array_new (FALSE, FALSE, sizeof (double));
      rounds[s] = g_array_new (FALSE, TRUE, sizeof (guint64));
      g_array_set_size (rounds[s], n_rounds);
    }

  for (guint round = 0; round < n_rounds && ok; round++)
    {
      ib_measure_round_order (plan->seed + value_index, round, order, n_strategies);
      for (guint k = 0; k < n_strategies && ok; k++)
        ok = point_sample (&p, round, k, order, error);
    }
  if (ok)
    point_results (&p, sweep);

  for (guint s = 0; s < n_strategies; s++)
    {
      g_array_unref (times[s]);
      g_array_unref (stalls[s]);
      g_array_unref (rounds[s]);
    }
  ib_measure_set_files (measure, NULL, 1);
  return ok;
}

static void
sweep_measure_warn (const IbWarning *warning,
                    gpointer         user_data)
{
  const IbSweepContext *ctx = user_data;

  if (ctx->warn != NULL)
    ctx->warn (warning, ctx->progress_data);
}

IbSweep *
ib_sweep_run (const IbSweepContext  *ctx,
              IbSweep              **partial,
              GError               **error)
{
  g_autoptr(GArray) values = NULL;
  g_autoptr(IbMeasure) measure = NULL;
  IbMeasureSetup setup = { 0 };
  IbSweep *sweep;

  g_return_val_if_fail (ctx != NULL && ctx->plan != NULL && ctx->plan->sweep != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (partial != NULL)
    *partial = NULL;

  /* Ascending values: "the first value where the order flips" then reads
   * naturally, whatever order the user typed them in. */
  values = g_array_copy (ctx->plan->sweep->values);
  if (values->len > 0)
    qsort (values->data, values->len, sizeof (guint64), compare_u64);

  setup.plan = ctx->plan;
  setup.user = IB_MEASURE_USER_SWEEP;
  setup.workers = ctx->workers;
  setup.scratch = ctx->scratch;
  setup.cancellable = ctx->cancellable;
  setup.warn = sweep_measure_warn;
  setup.warn_data = (gpointer) ctx;
  measure = ib_measure_new (&setup);

  sweep = ib_sweep_new ();
  sweep->vary = ctx->plan->sweep->vary;
  for (guint i = 0; i < values->len; i++)
    {
      guint64 value = g_array_index (values, guint64, i);

      if (i > 0 && value == g_array_index (values, guint64, i - 1))
        continue;
      if (!measure_point (ctx, measure, value, i, values->len, sweep, error))
        {
          ib_sweep_find_crossover (sweep);
          if (partial != NULL)
            *partial = sweep;
          else
            ib_sweep_free (sweep);
          return NULL;
        }
    }
  ib_sweep_find_crossover (sweep);
  return sweep;
}
