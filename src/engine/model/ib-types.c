/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>

#include "engine/model/ib-types.h"
#include "engine/model/ib-map.h"

const guint ib_percentile_levels[IB_N_PERCENTILES] = { 50, 66, 75, 80, 90, 95, 98, 99, 100 };

/* ---- enums ------------------------------------------------------------ */

static const char *cache_names[] = {
  [IB_CACHE_WARM] = "warm",
  [IB_CACHE_COLD] = "cold",
  [IB_CACHE_AS_IS] = "as-is",
};
static const char *content_names[] = {
  [IB_CONTENT_RANDOM] = "random",
  [IB_CONTENT_BASE64] = "base64",
  [IB_CONTENT_DIGITS] = "digits",
  [IB_CONTENT_LETTERS] = "letters",
};
static const char *buffer_names[] = { "fresh", "reused" };
static const char *vary_names[] = { "count", "size", "in-flight" };

static gboolean
lookup_name (const char  *const *names,
             guint               n,
             const char         *str,
             int                *out)
{
  if (str == NULL)
    return FALSE;
  for (guint i = 0; i < n; i++)
    if (g_str_equal (names[i], str))
      {
        *out = (int) i;
        return TRUE;
      }
  return FALSE;
}

#define ENUM_FUNCS(prefix, Type, names)                                      \
  const char *prefix##_to_string (Type v)                                    \
  {                                                                          \
    return (guint) v < G_N_ELEMENTS (names) ? names[v] : "unknown";          \
  }                                                                          \
  gboolean prefix##_from_string (const char *str, Type *out)                 \
  {                                                                          \
    int v;                                                                   \
    if (!lookup_name (names, G_N_ELEMENTS (names), str, &v))                 \
      return FALSE;                                                          \
    *out = (Type) v;                                                         \
    return TRUE;                                                             \
  }

ENUM_FUNCS (ib_cache_mode, IbCacheMode, cache_names)
ENUM_FUNCS (ib_content_kind, IbContentKind, content_names)
ENUM_FUNCS (ib_buffer_policy, IbBufferPolicy, buffer_names)
ENUM_FUNCS (ib_vary_kind, IbVaryKind, vary_names)

/* The names the plan page shows (ui/plan-page.ui), same msgids. */
static const char *content_titles[] = {
  [IB_CONTENT_RANDOM] = N_("Random bytes"),
  [IB_CONTENT_BASE64] = N_("Base64 text"),
  [IB_CONTENT_DIGITS] = N_("Digits"),
  [IB_CONTENT_LETTERS] = N_("Letters"),
};
G_STATIC_ASSERT (G_N_ELEMENTS (content_titles) == G_N_ELEMENTS (content_names));

const char *
ib_content_kind_title (IbContentKind kind)
{
  return (guint) kind < G_N_ELEMENTS (content_titles) ? _(content_titles[kind])
                                                       : ib_content_kind_to_string (kind);
}

/* ---- helpers ----------------------------------------------------------- */

static GPtrArray *
strv_array_copy (GPtrArray *src)
{
  GPtrArray *dst = g_ptr_array_new_with_free_func (g_free);

  if (src != NULL)
    for (guint i = 0; i < src->len; i++)
      g_ptr_array_add (dst, g_strdup (g_ptr_array_index (src, i)));
  return dst;
}

static GArray *
u64_array_copy (GArray *src)
{
  GArray *dst = g_array_new (FALSE, FALSE, sizeof (guint64));

  if (src != NULL)
    g_array_append_vals (dst, src->data, src->len);
  return dst;
}

/* ---- plan ---------------------------------------------------------------- */

IbSweepSpec *
ib_sweep_spec_new (void)
{
  IbSweepSpec *spec = g_new0 (IbSweepSpec, 1);

  spec->vary = IB_VARY_COUNT;
  spec->values = g_array_new (FALSE, FALSE, sizeof (guint64));
  spec->strategies = g_ptr_array_new_with_free_func (g_free);
  spec->base_count = 1;
  spec->base_size = 2732;
  spec->content = IB_CONTENT_BASE64;
  return spec;
}

IbSweepSpec *
ib_sweep_spec_copy (const IbSweepSpec *spec)
{
  IbSweepSpec *copy;

  if (spec == NULL)
    return NULL;
  copy = g_memdup2 (spec, sizeof *spec);
  copy->values = u64_array_copy (spec->values);
  copy->strategies = strv_array_copy (spec->strategies);
  return copy;
}

void
ib_sweep_spec_free (IbSweepSpec *spec)
{
  if (spec == NULL)
    return;
  g_clear_pointer (&spec->values, g_array_unref);
  g_clear_pointer (&spec->strategies, g_ptr_array_unref);
  g_free (spec);
}

IbPlan *
ib_plan_new (void)
{
  IbPlan *plan = g_new0 (IbPlan, 1);

  plan->file_sizes = g_array_new (FALSE, FALSE, sizeof (guint64));
  plan->strategies = g_ptr_array_new_with_free_func (g_free);
  plan->content = IB_CONTENT_RANDOM;
  plan->repeat = 5;
  plan->warmup = 1;
  plan->cache = IB_CACHE_WARM;
  plan->buffer = IB_BUFFER_FRESH;
  /* A new seed per run, so no run inherits another's order; the report
   * records the one drawn and --seed gives it back. */
  plan->seed = 42;
  plan->seed_drawn = TRUE;
  plan->responsiveness = TRUE;
  plan->margin = 0.10;
  return plan;
}

IbPlan *
ib_plan_copy (const IbPlan *plan)
{
  IbPlan *copy;

  g_return_val_if_fail (plan != NULL, NULL);

  copy = g_memdup2 (plan, sizeof *plan);
  copy->preset = g_strdup (plan->preset);
  copy->dir = g_strdup (plan->dir);
  copy->file_sizes = u64_array_copy (plan->file_sizes);
  copy->strategies = strv_array_copy (plan->strategies);
  copy->sweep = ib_sweep_spec_copy (plan->sweep);
  copy->overhead = plan->overhead ? g_memdup2 (plan->overhead, sizeof *plan->overhead) : NULL;
  copy->write_unlink = plan->write_unlink
                       ? g_memdup2 (plan->write_unlink, sizeof *plan->write_unlink) : NULL;
  copy->map = ib_map_spec_copy (plan->map);
  copy->keep_pairs = plan->keep_pairs != NULL ? g_array_copy (plan->keep_pairs) : NULL;
  return copy;
}

void
ib_plan_free (IbPlan *plan)
{
  if (plan == NULL)
    return;
  g_free (plan->preset);
  g_free (plan->dir);
  g_clear_pointer (&plan->file_sizes, g_array_unref);
  g_clear_pointer (&plan->strategies, g_ptr_array_unref);
  ib_sweep_spec_free (plan->sweep);
  g_free (plan->overhead);
  g_free (plan->write_unlink);
  ib_map_spec_free (plan->map);
  g_clear_pointer (&plan->keep_pairs, g_array_unref);
  g_free (plan);
}

guint64
ib_plan_total_bytes (const IbPlan *plan)
{
  guint64 total = 0;

  g_return_val_if_fail (plan != NULL, 0);
  for (guint i = 0; i < plan->file_sizes->len; i++)
    total += g_array_index (plan->file_sizes, guint64, i);
  return total;
}

G_DEFINE_BOXED_TYPE (IbPlan, ib_plan, ib_plan_copy, ib_plan_free)

/* ---- environment ------------------------------------------------------- */

IbEnvironment *
ib_environment_new (void)
{
  IbEnvironment *env = g_new0 (IbEnvironment, 1);

  env->rotational = -1;
  return env;
}

IbEnvironment *
ib_environment_copy (const IbEnvironment *env)
{
  IbEnvironment *copy;

  if (env == NULL)
    return NULL;
  copy = g_memdup2 (env, sizeof *env);
  copy->os = g_strdup (env->os);
  copy->kernel = g_strdup (env->kernel);
  copy->cpu_model = g_strdup (env->cpu_model);
  copy->glib_version = g_strdup (env->glib_version);
  copy->gtk_version = g_strdup (env->gtk_version);
  copy->adw_version = g_strdup (env->adw_version);
  copy->fs_type = g_strdup (env->fs_type);
  copy->fs_note = g_strdup (env->fs_note);
  copy->mount_options = g_strdup (env->mount_options);
  copy->device = g_strdup (env->device);
  copy->device_model = g_strdup (env->device_model);
  copy->virtual_disk = g_strdup (env->virtual_disk);
  copy->app_version = g_strdup (env->app_version);
  copy->hostname = g_strdup (env->hostname);
  return copy;
}

void
ib_environment_free (IbEnvironment *env)
{
  if (env == NULL)
    return;
  g_free (env->os);
  g_free (env->kernel);
  g_free (env->cpu_model);
  g_free (env->glib_version);
  g_free (env->gtk_version);
  g_free (env->adw_version);
  g_free (env->fs_type);
  g_free (env->fs_note);
  g_free (env->mount_options);
  g_free (env->device);
  g_free (env->device_model);
  g_free (env->virtual_disk);
  g_free (env->app_version);
  g_free (env->hostname);
  g_free (env);
}

/* ---- samples and stats --------------------------------------------------- */

void
ib_sample_copy_into (IbSample       *dest,
                     const IbSample *src)
{
  *dest = *src;
  dest->strategy = g_strdup (src->strategy);
  dest->error = g_strdup (src->error);
}

IbSample *
ib_sample_copy (const IbSample *sample)
{
  IbSample *copy = g_new (IbSample, 1);

  ib_sample_copy_into (copy, sample);
  return copy;
}

void
ib_sample_clear (IbSample *sample)
{
  g_clear_pointer (&sample->strategy, g_free);
  g_clear_pointer (&sample->error, g_free);
}

void
ib_sample_free (IbSample *sample)
{
  if (sample == NULL)
    return;
  ib_sample_clear (sample);
  g_free (sample);
}

void
ib_stats_clear (IbStats *stats)
{
  g_clear_pointer (&stats->strategy, g_free);
}

void
ib_stats_copy_into (IbStats       *dest,
                    const IbStats *src)
{
  *dest = *src;
  dest->strategy = g_strdup (src->strategy);
}

static void
overhead_row_clear (gpointer data)
{
  IbOverheadRow *row = data;

  g_clear_pointer (&row->kind, g_free);
}

static void
wu_mode_clear (gpointer data)
{
  IbWriteUnlinkMode *mode = data;

  g_clear_pointer (&mode->mode, g_free);
}

static void
wu_run_clear (gpointer data)
{
  IbWriteUnlinkPass *run = data;

  g_clear_pointer (&run->mode, g_free);
}

static void
sweep_point_clear (gpointer data)
{
  IbSweepPoint *point = data;

  g_clear_pointer (&point->strategy, g_free);
  g_clear_pointer (&point->rounds_ns, g_array_unref);
}

/* ---- write+delete and sweep --------------------------------------------- */

IbWriteUnlink *
ib_write_unlink_new (void)
{
  IbWriteUnlink *wu = g_new0 (IbWriteUnlink, 1);

  wu->modes = g_array_new (FALSE, TRUE, sizeof (IbWriteUnlinkMode));
  g_array_set_clear_func (wu->modes, wu_mode_clear);
  wu->runs = g_array_new (FALSE, TRUE, sizeof (IbWriteUnlinkPass));
  g_array_set_clear_func (wu->runs, wu_run_clear);
  wu->runs_per_mode = 1;
  return wu;
}

IbWriteUnlink *
ib_write_unlink_copy (const IbWriteUnlink *wu)
{
  IbWriteUnlink *copy;

  if (wu == NULL)
    return NULL;
  copy = ib_write_unlink_new ();
  copy->requests = wu->requests;
  copy->concurrency = wu->concurrency;
  copy->effective_concurrency = wu->effective_concurrency;
  copy->bytes = wu->bytes;
  copy->runs_per_mode = wu->runs_per_mode;
  for (guint i = 0; i < wu->modes->len; i++)
    {
      IbWriteUnlinkMode mode = g_array_index (wu->modes, IbWriteUnlinkMode, i);

      mode.mode = g_strdup (mode.mode);
      g_array_append_val (copy->modes, mode);
    }
  for (guint i = 0; i < wu->runs->len; i++)
    {
      IbWriteUnlinkPass run = g_array_index (wu->runs, IbWriteUnlinkPass, i);

      run.mode = g_strdup (run.mode);
      g_array_append_val (copy->runs, run);
    }
  return copy;
}

void
ib_write_unlink_free (IbWriteUnlink *wu)
{
  if (wu == NULL)
    return;
  g_clear_pointer (&wu->modes, g_array_unref);
  g_clear_pointer (&wu->runs, g_array_unref);
  g_free (wu);
}

IbSweep *
ib_sweep_new (void)
{
  IbSweep *sweep = g_new0 (IbSweep, 1);

  sweep->points = g_array_new (FALSE, TRUE, sizeof (IbSweepPoint));
  g_array_set_clear_func (sweep->points, sweep_point_clear);
  return sweep;
}

IbSweep *
ib_sweep_copy (const IbSweep *sweep)
{
  IbSweep *copy;

  if (sweep == NULL)
    return NULL;
  copy = ib_sweep_new ();
  copy->vary = sweep->vary;
  copy->has_crossover = sweep->has_crossover;
  copy->crossover_value = sweep->crossover_value;
  copy->crossover_winner = g_strdup (sweep->crossover_winner);
  copy->crossover_loser = g_strdup (sweep->crossover_loser);
  for (guint i = 0; i < sweep->points->len; i++)
    {
      IbSweepPoint point = g_array_index (sweep->points, IbSweepPoint, i);

      point.strategy = g_strdup (point.strategy);
      if (point.rounds_ns != NULL)
        point.rounds_ns = g_array_copy (point.rounds_ns);
      g_array_append_val (copy->points, point);
    }
  return copy;
}

void
ib_sweep_free (IbSweep *sweep)
{
  if (sweep == NULL)
    return;
  g_clear_pointer (&sweep->points, g_array_unref);
  g_free (sweep->crossover_winner);
  g_free (sweep->crossover_loser);
  g_free (sweep);
}

/* ---- report -------------------------------------------------------------- */

static void
sample_clear_func (gpointer data)
{
  ib_sample_clear (data);
}

static void
stats_clear_func (gpointer data)
{
  ib_stats_clear (data);
}

IbReport *
ib_report_new (void)
{
  IbReport *report = g_atomic_rc_box_new0 (IbReport);
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();

  report->plan = ib_plan_new ();
  report->environment = ib_environment_new ();
  report->samples = g_array_new (FALSE, TRUE, sizeof (IbSample));
  g_array_set_clear_func (report->samples, sample_clear_func);
  report->statistics = g_array_new (FALSE, TRUE, sizeof (IbStats));
  g_array_set_clear_func (report->statistics, stats_clear_func);
  report->overhead = g_array_new (FALSE, TRUE, sizeof (IbOverheadRow));
  g_array_set_clear_func (report->overhead, overhead_row_clear);
  report->warnings = g_ptr_array_new_with_free_func ((GDestroyNotify) ib_warning_free);
  report->created = g_date_time_format_iso8601 (now);
  return report;
}

IbReport *
ib_report_ref (IbReport *report)
{
  g_return_val_if_fail (report != NULL, NULL);
  return g_atomic_rc_box_acquire (report);
}

static void
report_clear (gpointer data)
{
  IbReport *report = data;

  ib_plan_free (report->plan);
  ib_environment_free (report->environment);
  g_array_unref (report->samples);
  g_array_unref (report->statistics);
  g_array_unref (report->overhead);
  ib_write_unlink_free (report->write_unlink);
  ib_sweep_free (report->sweep);
  ib_decision_free (report->decision);
  ib_map_free (report->map);
  g_ptr_array_unref (report->warnings);
  g_free (report->created);
  g_free (report->error);
}

void
ib_report_unref (IbReport *report)
{
  g_return_if_fail (report != NULL);
  g_atomic_rc_box_release_full (report, report_clear);
}

IbReport *
ib_report_copy (const IbReport *report)
{
  IbReport *copy;

  g_return_val_if_fail (report != NULL, NULL);

  copy = ib_report_new ();
  ib_plan_free (copy->plan);
  copy->plan = ib_plan_copy (report->plan);
  ib_environment_free (copy->environment);
  copy->environment = ib_environment_copy (report->environment);
  for (guint i = 0; i < report->samples->len; i++)
    {
      IbSample sample;

      ib_sample_copy_into (&sample, &g_array_index (report->samples, IbSample, i));
      g_array_append_val (copy->samples, sample);
    }
  for (guint i = 0; i < report->statistics->len; i++)
    {
      IbStats stats;

      ib_stats_copy_into (&stats, &g_array_index (report->statistics, IbStats, i));
      g_array_append_val (copy->statistics, stats);
    }
  for (guint i = 0; i < report->overhead->len; i++)
    {
      IbOverheadRow row = g_array_index (report->overhead, IbOverheadRow, i);

      row.kind = g_strdup (row.kind);
      g_array_append_val (copy->overhead, row);
    }
  copy->write_unlink = ib_write_unlink_copy (report->write_unlink);
  copy->sweep = ib_sweep_copy (report->sweep);
  copy->decision = ib_decision_copy (report->decision);
  copy->map = ib_map_copy (report->map);
  for (guint i = 0; i < report->warnings->len; i++)
    g_ptr_array_add (copy->warnings, ib_warning_copy (g_ptr_array_index (report->warnings, i)));
  g_free (copy->created);
  copy->created = g_strdup (report->created);
  copy->partial = report->partial;
  copy->error = g_strdup (report->error);
  return copy;
}

G_DEFINE_BOXED_TYPE (IbReport, ib_report, ib_report_ref, ib_report_unref)

void
ib_report_add_warning (IbReport  *report,
                       IbWarning *warning)
{
  g_return_if_fail (report != NULL);
  g_return_if_fail (warning != NULL);

  /* The same warning once is enough. */
  for (guint i = 0; i < report->warnings->len; i++)
    if (ib_warning_equal (g_ptr_array_index (report->warnings, i), warning))
      {
        ib_warning_free (warning);
        return;
      }
  g_ptr_array_add (report->warnings, warning);
}

const IbStats *
ib_report_find_stats (const IbReport *report,
                      const char     *strategy)
{
  g_return_val_if_fail (report != NULL, NULL);

  for (guint i = 0; i < report->statistics->len; i++)
    {
      const IbStats *stats = &g_array_index (report->statistics, IbStats, i);

      if (g_strcmp0 (stats->strategy, strategy) == 0)
        return stats;
    }
  return NULL;
}
