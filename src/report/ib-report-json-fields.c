/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-report-json-fields.c: what the JSON report holds, one table per struct
 * (ib-report-json-private.h), walked by the writer and by the loader alike.
 *
 * Entries are in the order the writer writes them; the loader reads in the
 * same order, so the first problem it names is the first in the file's
 * order. "Older reports" below means files of schema version 1 written
 * before a member was added: every such member is optional and its default
 * is set by the section's init. The few members that fit no kind are
 * IB_JF_SPECIAL, their write and read functions side by side below. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>

#include "engine/run/ib-decision.h"
#include "engine/run/ib-sweep.h"
#include "analysis/ib-answer.h"
#include "analysis/ib-findings.h"
#include "analysis/ib-labels.h"
#include "ib-report-io.h"
#include "ib-report-json-private.h"

/* ---- enums --------------------------------------------------------------- */

DEFINE_ENUM (ib_content_kind, IbContentKind)
DEFINE_ENUM (ib_cache_mode, IbCacheMode)
DEFINE_ENUM (ib_buffer_policy, IbBufferPolicy)
DEFINE_ENUM (ib_vary_kind, IbVaryKind)

static const IbJsonEnum ib_content_kind_enum =
  ENUM_OF (ib_content_kind, "random, base64, digits, letters");
static const IbJsonEnum ib_cache_mode_enum = ENUM_OF (ib_cache_mode, "warm, cold, as-is");
static const IbJsonEnum ib_buffer_policy_enum = ENUM_OF (ib_buffer_policy, "fresh, reused");
/* also the sweep's (ib-report-json-results.c) */
const IbJsonEnum ib_json_vary_kind_enum = ENUM_OF (ib_vary_kind, "count, size, in-flight");
static const char *
ci_method_name (int value)
{
  return value == IB_CI_BOOTSTRAP ? "bootstrap" : "order-statistic";
}

static gboolean
ci_method_parse (const char *name,
                 int        *value)
{
  if (g_str_equal (name, "bootstrap"))
    *value = IB_CI_BOOTSTRAP;
  else if (g_str_equal (name, "order-statistic"))
    *value = IB_CI_ORDER_STATISTIC;
  else
    return FALSE;
  return TRUE;
}

static const IbJsonEnum ci_method_enum = { ci_method_name, ci_method_parse,
                                           "order-statistic, bootstrap" };

/* ---- plan ---------------------------------------------------------------- */

/* "files": [{"size": N}, ...] from plan->file_sizes */
static void
write_files (JsonBuilder       *b,
             const IbJsonField *field,
             gconstpointer      st)
{
  const IbPlan *plan = st;

  json_builder_set_member_name (b, field->name);
  json_builder_begin_array (b);
  for (guint i = 0; plan->file_sizes != NULL && i < plan->file_sizes->len; i++)
    {
      json_builder_begin_object (b);
      ib_json_add_int (b, "size", (gint64) MIN (g_array_index (plan->file_sizes, guint64, i),
                                                (guint64) G_MAXINT64));
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

static gboolean
read_files (JsonObject        *o,
            const char        *path,
            const IbJsonField *field,
            gpointer           st,
            GError           **error)
{
  IbPlan *plan = st;
  gboolean ok;
  JsonNode *node = ib_json_read_container (o, path, field->name, TRUE, JSON_NODE_ARRAY, &ok,
                                           error);
  JsonArray *files;

  if (node == NULL)
    return FALSE;
  files = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (files); i++)
    {
      g_autofree char *ep = NULL;
      JsonObject *f = ib_json_array_object (files, i, path, field->name, &ep, error);
      gint64 size;

      if (f == NULL || !ib_json_read_int (f, ep, &(IbJsonIntMember) { "size", TRUE, 0, G_MAXINT64 },
                                          &size, NULL, error))
        return FALSE;
      g_array_append_vals (plan->file_sizes, &(guint64) { (guint64) size }, 1);
    }
  return TRUE;
}

/* The seed is an integer, or a decimal string when above G_MAXINT64. */
static void
write_seed (JsonBuilder       *b,
            const IbJsonField *field,
            gconstpointer      st)
{
  const IbPlan *plan = st;

  if (plan->seed <= (guint64) G_MAXINT64)
    {
      ib_json_add_int (b, field->name, (gint64) plan->seed);
    }
  else
    {
      g_autofree char *seed = g_strdup_printf ("%" G_GUINT64_FORMAT, plan->seed);

      ib_json_add_string (b, field->name, seed);
    }
}

static gboolean
read_seed (JsonObject        *o,
           const char        *path,
           const IbJsonField *field,
           gpointer           st,
           GError           **error)
{
  IbPlan *plan = st;
  JsonNode *seed = json_object_get_member (o, field->name);
  gint64 v;

  if (seed != NULL && ib_json_node_is_string (seed))
    {
      if (!g_ascii_string_to_unsigned (json_node_get_string (seed), 10, 0, G_MAXUINT64,
                                       &plan->seed, NULL))
        return ib_json_member_error (error, path, field->name,
                                     _("expected a non-negative integer"));
      return TRUE;
    }
  if (!ib_json_read_int (o, path, &(IbJsonIntMember) { field->name, TRUE, 0, G_MAXINT64 }, &v,
                         NULL, error))
    return FALSE;
  plan->seed = (guint64) v;
  return TRUE;
}

static void
plan_init (gpointer st)
{
  IbPlan *plan = st;

  /* Reports older than the field ran with the seed they name. */
  plan->seed_drawn = FALSE;
}

static const IbJsonField sweep_spec_fields[] = {
  FIELD (IbSweepSpec, vary, "vary", ENUM, REQ, .enum_type = &ib_json_vary_kind_enum),
  FIELD (IbSweepSpec, values, "values", U64V, REQ),
  FIELD (IbSweepSpec, strategies, "strategies", STRV, REQ, .max_len = IB_REPORT_MAX_STRATEGIES),
  FIELD (IbSweepSpec, base_count, "base_count", UINT, 0),
  FIELD (IbSweepSpec, base_size, "base_size", UINT64, 0),
  FIELD (IbSweepSpec, content, "content", ENUM, 0, .enum_type = &ib_content_kind_enum),
};

DEFINE_NEW_FREE (sweep_spec, ib_sweep_spec_new, ib_sweep_spec_free)

static const IbJsonSection sweep_spec_section =
  SECTION (IbSweepSpec, sweep_spec_fields, .new_ = sweep_spec_new, .free_ = sweep_spec_free);

static const IbJsonField overhead_spec_fields[] = {
  FIELD (IbOverheadSpec, iterations, "iterations", UINT64, REQ),
  /* repetitions of its own; absent (0): the plan's repeat and warmup */
  FIELD (IbOverheadSpec, repeat, "repeat", UINT, UNSET),
  FIELD (IbOverheadSpec, warmup, "warmup", UINT, UNSET),
};

static gpointer
overhead_spec_new (void)
{
  return g_new0 (IbOverheadSpec, 1);
}

static const IbJsonSection overhead_spec_section =
  SECTION (IbOverheadSpec, overhead_spec_fields, .new_ = overhead_spec_new, .free_ = g_free);

static const IbJsonField write_unlink_spec_fields[] = {
  FIELD (IbWriteUnlinkSpec, requests, "requests", UINT, REQ),
  FIELD (IbWriteUnlinkSpec, concurrency, "concurrency", UINT, REQ),
  FIELD (IbWriteUnlinkSpec, bytes, "bytes", UINT, REQ),
  FIELD (IbWriteUnlinkSpec, runs, "runs", UINT, 0),
};

static gpointer
write_unlink_spec_new (void)
{
  IbWriteUnlinkSpec *spec = g_new0 (IbWriteUnlinkSpec, 1);

  spec->runs = 1;   /* reports from before replication ran each mode once */
  return spec;
}

static const IbJsonField write_unlink_spec_not_saved[] = {
  NOT_SAVED (IbWriteUnlinkSpec, tick, "set by the runner from the plan's responsiveness"),
};

static const IbJsonSection write_unlink_spec_section =
  SECTION (IbWriteUnlinkSpec, write_unlink_spec_fields,
           .not_saved = write_unlink_spec_not_saved,
           .n_not_saved = G_N_ELEMENTS (write_unlink_spec_not_saved),
           .new_ = write_unlink_spec_new, .free_ = g_free);

static const IbJsonField plan_fields[] = {
  FIELD (IbPlan, preset, "preset", STRING, NUL),
  FIELD (IbPlan, dir, "dir", STRING, NUL),
  FIELD (IbPlan, file_sizes, "files", SPECIAL, REQ, .write = write_files, .read = read_files),
  FIELD (IbPlan, content, "content", ENUM, REQ, .enum_type = &ib_content_kind_enum),
  FIELD (IbPlan, strategies, "strategies", STRV, REQ, .max_len = IB_REPORT_MAX_STRATEGIES),
  FIELD (IbPlan, repeat, "repeat", UINT, REQ),
  FIELD (IbPlan, warmup, "warmup", UINT, REQ),
  FIELD (IbPlan, cache, "cache", ENUM, REQ, .enum_type = &ib_cache_mode_enum),
  FIELD (IbPlan, chunk, "chunk", UINT64, REQ),
  FIELD (IbPlan, workers, "workers", UINT, REQ),
  FIELD (IbPlan, in_flight, "in_flight", UINT, REQ),
  FIELD (IbPlan, queue_depth, "queue_depth", UINT, UNSET),
  FIELD (IbPlan, direct, "direct", BOOL, UNSET),
  FIELD (IbPlan, buffer, "buffer", ENUM, 0, .enum_type = &ib_buffer_policy_enum),
  FIELD (IbPlan, verify, "verify", BOOL, REQ),
  FIELD (IbPlan, fsync, "fsync", BOOL, 0),
  FIELD (IbPlan, seed, "seed", SPECIAL, REQ, .write = write_seed, .read = read_seed),
  /* present when the run drew its own seed (--seed gives it back) */
  FIELD (IbPlan, seed_drawn, "seed_drawn", BOOL, UNSET),
  FIELD (IbPlan, pause_ms, "pause_ms", UINT, REQ),
  FIELD (IbPlan, responsiveness, "responsiveness", BOOL, 0),
  FIELD (IbPlan, budget_s, "budget_s", UINT, 0),
  FIELD (IbPlan, margin, "margin", DOUBLE, IB_JF_RANGE, DRANGE (0, 1, 0.10)),
  FIELD (IbPlan, sweep, "sweep", OBJECT, NUL, .section = &sweep_spec_section),
  FIELD (IbPlan, overhead, "overhead", OBJECT, NUL, .section = &overhead_spec_section),
  FIELD (IbPlan, write_unlink, "write_unlink", OBJECT, NUL,
         .section = &write_unlink_spec_section),
  FIELD (IbPlan, map, "map", OBJECT, NUL | UNSET, .section = &ib_json_map_spec_section),
};

DEFINE_NEW_FREE (plan, ib_plan_new, ib_plan_free)

static const IbJsonField plan_not_saved[] = {
  NOT_SAVED (IbPlan, keep_pairs, "keep deciding's earlier pairs: for one run only"),
  NOT_SAVED (IbPlan, keep_looks, "keep deciding's earlier looks: for one run only"),
};

const IbJsonSection ib_json_plan_section =
  SECTION (IbPlan, plan_fields, .new_ = plan_new, .free_ = plan_free, .init = plan_init,
           .not_saved = plan_not_saved, .n_not_saved = G_N_ELEMENTS (plan_not_saved));

/* ---- environment --------------------------------------------------------- */

static const IbJsonField environment_fields[] = {
  FIELD (IbEnvironment, os, "os", STRING, REQ | NUL),
  FIELD (IbEnvironment, kernel, "kernel", STRING, REQ | NUL),
  FIELD (IbEnvironment, cpu_model, "cpu_model", STRING, REQ | NUL),
  FIELD (IbEnvironment, cores, "cores", UINT, REQ),
  FIELD (IbEnvironment, memory_bytes, "memory_bytes", UINT64, REQ),
  FIELD (IbEnvironment, glib_version, "glib_version", STRING, REQ | NUL),
  FIELD (IbEnvironment, gtk_version, "gtk_version", STRING, NUL),
  FIELD (IbEnvironment, adw_version, "adw_version", STRING, NUL),
  FIELD (IbEnvironment, fs_type, "fs_type", STRING, REQ | NUL),
  /* only where the type is unknown */
  FIELD (IbEnvironment, fs_note, "fs_note", STRING, NUL | UNSET),
  FIELD (IbEnvironment, mount_options, "mount_options", STRING, REQ | NUL),
  FIELD (IbEnvironment, device, "device", STRING, NUL),
  FIELD (IbEnvironment, device_model, "device_model", STRING, NUL),
  FIELD (IbEnvironment, virtual_disk, "virtual_disk", STRING, NUL | UNSET),
  /* 1, 0, or -1 when unknown */
  FIELD (IbEnvironment, rotational, "rotational", INT, 0, .min = -1, .max = 1),
  FIELD (IbEnvironment, free_bytes, "free_bytes", UINT64, REQ),
  FIELD (IbEnvironment, is_tmpfs, "is_tmpfs", BOOL, 0),
  FIELD (IbEnvironment, is_fuse, "is_fuse", BOOL, 0),
  FIELD (IbEnvironment, gtask_pool_size, "gtask_pool_size", UINT, 0),
  FIELD (IbEnvironment, nofile_limit, "nofile_limit", UINT, 0),
  FIELD (IbEnvironment, app_version, "app_version", STRING, REQ | NUL),
  FIELD (IbEnvironment, hostname, "hostname", STRING, NUL),
};

DEFINE_NEW_FREE (environment, ib_environment_new, ib_environment_free)

static void
environment_init (gpointer st)
{
  ((IbEnvironment *) st)->rotational = -1;
}

const IbJsonSection ib_json_environment_section =
  SECTION (IbEnvironment, environment_fields, .new_ = environment_new,
           .free_ = environment_free, .init = environment_init);

/* ---- samples ------------------------------------------------------------- */

static gboolean
sample_runq_known (gconstpointer st)
{
  return ((const IbSample *) st)->runq_wait_ns >= 0 || ((const IbSample *) st)->cpus_busy_ns >= 0;
}

static void
sample_init (gpointer st)
{
  IbSample *s = st;

  /* what older reports leave out: unknown, and counted */
  s->residency = -1;
  s->cache_ok = TRUE;
  s->cpu_ns = -1;
  s->runq_wait_ns = -1;
  s->runq_wait_workers_ns = -1;
  s->cpus_busy_ns = -1;
}

static gboolean
sample_finish (gpointer    st,
               const char *path,
               GError    **error)
{
  IbSample *s = st;

  /* Any reason a later version may give excludes the sample the same way. */
  if (s->excluded != NULL && *s->excluded == '\0')
    return ib_json_member_error (error, path, "excluded", _("expected a reason, or no member"));
  /* Only -1 stands for "unknown"; other negative values are not fractions. */
  if (s->residency < 0 && s->residency != -1)
    return ib_json_member_error (error, path, "residency",
                                 _("expected a fraction from 0 to 1, or -1"));
  return TRUE;
}

#define SAMPLE(m, k, fl, ...) FIELD (IbSample, m, #m, k, fl, __VA_ARGS__)
#define RESPONSIVE WHEN (IbSample, responsive)

static const IbJsonField sample_fields[] = {
  SAMPLE (strategy, STRING, REQ),
  SAMPLE (round, UINT, REQ),
  SAMPLE (warmup, BOOL, REQ),
  SAMPLE (wall_ns, INT64, REQ),
  SAMPLE (user_ns, INT64, REQ),
  SAMPLE (sys_ns, INT64, REQ),
  SAMPLE (cpu_ns, INT64, NEG),
  SAMPLE (bytes, UINT64, REQ),
  SAMPLE (files, UINT, REQ),
  /* null when unknown */
  SAMPLE (residency, DOUBLE, REQ | IB_JF_RANGE | IB_JF_NEGATIVE_NULL, DRANGE (-1, 1, -1)),
  SAMPLE (cache_ok, BOOL, 0),
  /* why the statistics leave the sample out; absent when it counts */
  SAMPLE (excluded, STRING, NUL | UNSET | IB_JF_INTERN),
  SAMPLE (vol_ctxsw, INT64, REQ),
  SAMPLE (invol_ctxsw, INT64, REQ),
  SAMPLE (minflt, INT64, REQ),
  SAMPLE (majflt, INT64, REQ),
  SAMPLE (callbacks, UINT64, REQ),
  SAMPLE (peak_rss_bytes, UINT64, REQ),
  SAMPLE (chunk, UINT64, 0),
  SAMPLE (verify_ns, INT64, 0),
  SAMPLE (max_in_flight, UINT, 0),
  SAMPLE (ok, BOOL, REQ),
  SAMPLE (error, STRING, NUL),
  /* The main-loop tick: absent when it did not run (off, or an older
   * report). frames_missed_* are expected over a random vsync phase
   * (ib_frames_missed); older reports hold whole frames counted from the
   * sample's start. */
  SAMPLE (stall_ns, INT64, REQ | IB_JF_WHEN | IB_JF_WHEN_KEY, RESPONSIVE),
  SAMPLE (lateness_p99_ns, INT64, IB_JF_WHEN, RESPONSIVE),
  SAMPLE (frames_missed_60, DOUBLE, IB_JF_WHEN, RESPONSIVE),
  SAMPLE (frames_missed_120, DOUBLE, IB_JF_WHEN, RESPONSIVE),
  /* Waiting for a CPU and the settle step (ib-measure.h): absent when
   * unknown or not recorded (older reports). */
  SAMPLE (runq_wait_ns, INT64, NEG),
  SAMPLE (contended, BOOL, 0, .write_if = sample_runq_known),
  SAMPLE (runq_wait_workers_ns, INT64, NEG),
  SAMPLE (cpus_busy_ns, INT64, NEG),
  SAMPLE (settle_ns, INT64, UNSET),
};

const IbJsonSection ib_json_sample_section =
  SECTION (IbSample, sample_fields, .init = sample_init, .finish = sample_finish);

/* ---- statistics ---------------------------------------------------------- */

static gboolean
stats_contended (gconstpointer st)
{
  return ((const IbStats *) st)->n_contended > 0;
}

static gboolean
stats_responsive (gconstpointer st)
{
  return ((const IbStats *) st)->n_responsive > 0;
}

static gboolean
stats_cpu_known (gconstpointer st)
{
  return ((const IbStats *) st)->cpu_ns >= 0;
}

/* "cpu_split": user_ns and sys_ns are the kernel's tick-sampled split of
 * cpu_ns. For readers of the file; the loader ignores it. */
static void
write_cpu_split (JsonBuilder       *b,
                 const IbJsonField *field,
                 gconstpointer      st)
{
  ib_json_add_string (b, field->name, "estimated");
}

static void
stats_init (gpointer st)
{
  IbStats *s = st;

  s->cpu_ns = -1;   /* reports older than the field */
  /* Reports without ci_method had a percentile bootstrap that claimed 95 %. */
  s->ci_method = IB_CI_BOOTSTRAP;
  s->ci_level = -1;
}

static gboolean
stats_finish (gpointer    st,
              const char *path,
              GError    **error)
{
  IbStats *s = st;

  if (s->ci_level < 0)
    s->ci_level = s->ci_method == IB_CI_BOOTSTRAP && s->n >= 2 ? 0.95 : 0;
  return TRUE;
}

#define STATS(m, k, fl, ...) FIELD (IbStats, m, #m, k, fl, __VA_ARGS__)

static const IbJsonField stats_fields[] = {
  STATS (strategy, STRING, REQ),
  STATS (n, UINT, REQ | IB_JF_RANGE, COUNT),
  STATS (n_failed, UINT, IB_JF_RANGE, COUNT),
  STATS (n_excluded, UINT, IB_JF_RANGE, COUNT),
  /* absent when no sample was contended (and in older reports) */
  STATS (n_contended, UINT, UNSET | IB_JF_RANGE, COUNT),
  STATS (contended_excluded, BOOL, 0, .write_if = stats_contended),
  STATS (min_ns, DOUBLE, REQ),
  STATS (max_ns, DOUBLE, REQ),
  STATS (mean_ns, DOUBLE, REQ),
  STATS (median_ns, DOUBLE, REQ),
  STATS (stddev_ns, DOUBLE, REQ),
  STATS (mad_ns, DOUBLE, REQ),
  STATS (q1_ns, DOUBLE, REQ),
  STATS (q3_ns, DOUBLE, REQ),
  STATS (ci_low_ns, DOUBLE, REQ),
  STATS (ci_high_ns, DOUBLE, REQ),
  STATS (ci_method, ENUM, NUL, .enum_type = &ci_method_enum),
  STATS (ci_level, DOUBLE, IB_JF_RANGE, DRANGE (0, 1, -1)),
  STATS (cv, DOUBLE, REQ),
  STATS (mib_per_s, DOUBLE, REQ),
  STATS (user_ns, DOUBLE, 0),
  STATS (sys_ns, DOUBLE, 0),
  STATS (cpu_ns, DOUBLE, NEG),
  { .name = "cpu_split", .kind = IB_JF_SPECIAL, .write_if = stats_cpu_known,
    .write = write_cpu_split, .read = ib_json_read_ignored },
  STATS (max_in_flight, UINT, 0),
  STATS (outliers_mild, UINT, REQ | IB_JF_RANGE, COUNT),
  STATS (outliers_severe, UINT, REQ | IB_JF_RANGE, COUNT),
  /* main-loop responsiveness: absent when not measured */
  STATS (n_responsive, UINT, UNSET | IB_JF_RANGE, COUNT),
  STATS (stall_ns, DOUBLE, 0, .write_if = stats_responsive),
  STATS (stall_max_ns, DOUBLE, 0, .write_if = stats_responsive),
  STATS (lateness_p99_ns, DOUBLE, 0, .write_if = stats_responsive),
  STATS (frames_missed_60, DOUBLE, 0, .write_if = stats_responsive),
  STATS (frames_missed_120, DOUBLE, 0, .write_if = stats_responsive),
};

const IbJsonSection ib_json_stats_section =
  SECTION (IbStats, stats_fields, .init = stats_init, .finish = stats_finish);

