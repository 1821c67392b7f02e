/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-report-json.c: the JSON report, schema "iobench-report" version 1.
 *
 * Field names are those of ib-types.h, a contract (docs/architecture.md,
 * "The contract: CLI and report fields"). Integers are JSON integers
 * (json-glib's gint64), doubles are written with 17 significant digits so
 * they load back bit for bit. A double that is not finite is written as
 * null and loads back as 0 (a residency of null means "unknown" and loads
 * back as -1). A seed above G_MAXINT64 does not fit a JSON integer and is
 * written as a decimal string.
 *
 * The loader trusts nothing: every member is checked for presence, type and
 * range, and the first problem is reported as IB_ERROR_FORMAT naming the
 * member path, e.g. "samples[3].wall_ns: expected an integer". Before
 * json-glib sees the text, a small scanner rejects what json-glib would accept
 * silently or could choke on: integers that overflow gint64 (json-glib wraps
 * them), nesting deeper than the schema can need, and data after the report.
 */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>

#include "engine/ib-decision.h"
#include "engine/ib-error.h"
#include "engine/ib-sweep.h"
#include "analysis/ib-answer.h"
#include "analysis/ib-findings.h"
#include "analysis/ib-labels.h"
#include "ib-report-io.h"

/* The schema nests at most 5 levels; anything much deeper is not a report. */
#define MAX_DEPTH 32

/* ---- writing ------------------------------------------------------------- */

static void
add_int (JsonBuilder *b,
         const char  *name,
         gint64       value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_int_value (b, value);
}

static void
add_u64 (JsonBuilder *b,
         const char  *name,
         guint64      value)
{
  /* JSON integers are gint64 in json-glib; no byte count or counter gets
   * near 2^63, and the loader refuses negative values. */
  add_int (b, name, (gint64) MIN (value, (guint64) G_MAXINT64));
}

static void
add_double (JsonBuilder *b,
            const char  *name,
            double       value)
{
  json_builder_set_member_name (b, name);
  if (isfinite (value))
    json_builder_add_double_value (b, value);
  else
    json_builder_add_null_value (b);
}

static void
add_bool (JsonBuilder *b,
          const char  *name,
          gboolean     value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_boolean_value (b, value ? TRUE : FALSE);
}

static void
add_string (JsonBuilder *b,
            const char  *name,
            const char  *value)
{
  json_builder_set_member_name (b, name);
  if (value == NULL)
    {
      json_builder_add_null_value (b);
    }
  else if (!g_utf8_validate (value, -1, NULL))
    {
      /* JSON is UTF-8 and the loader checks it: never save what cannot load */
      g_autofree char *valid = g_utf8_make_valid (value, -1);

      json_builder_add_string_value (b, valid);
    }
  else
    {
      json_builder_add_string_value (b, value);
    }
}

static void
add_string_array (JsonBuilder *b,
                  const char  *name,
                  GPtrArray   *strings)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_array (b);
  if (strings != NULL)
    for (guint i = 0; i < strings->len; i++)
      {
        const char *s = g_ptr_array_index (strings, i);
        g_autofree char *valid = g_utf8_make_valid (s != NULL ? s : "", -1);

        json_builder_add_string_value (b, valid);
      }
  json_builder_end_array (b);
}

static void
add_u64_array (JsonBuilder *b,
               const char  *name,
               GArray      *values)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_array (b);
  if (values != NULL)
    for (guint i = 0; i < values->len; i++)
      json_builder_add_int_value (b, (gint64) MIN (g_array_index (values, guint64, i),
                                                   (guint64) G_MAXINT64));
  json_builder_end_array (b);
}

static void
build_plan (JsonBuilder  *b,
            const IbPlan *plan)
{
  json_builder_begin_object (b);
  add_string (b, "preset", plan->preset);
  add_string (b, "dir", plan->dir);

  json_builder_set_member_name (b, "files");
  json_builder_begin_array (b);
  for (guint i = 0; plan->file_sizes != NULL && i < plan->file_sizes->len; i++)
    {
      json_builder_begin_object (b);
      add_u64 (b, "size", g_array_index (plan->file_sizes, guint64, i));
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  add_string (b, "content", ib_content_kind_to_string (plan->content));
  add_string_array (b, "strategies", plan->strategies);
  add_int (b, "repeat", plan->repeat);
  add_int (b, "warmup", plan->warmup);
  add_string (b, "cache", ib_cache_mode_to_string (plan->cache));
  add_u64 (b, "chunk", plan->chunk);
  add_int (b, "workers", plan->workers);
  add_int (b, "in_flight", plan->in_flight);
  if (plan->queue_depth != 0)
    add_int (b, "queue_depth", plan->queue_depth);
  if (plan->direct)
    add_bool (b, "direct", plan->direct);
  add_string (b, "buffer", ib_buffer_policy_to_string (plan->buffer));
  add_bool (b, "verify", plan->verify);
  add_bool (b, "fsync", plan->fsync);
  if (plan->seed <= (guint64) G_MAXINT64)
    {
      add_int (b, "seed", (gint64) plan->seed);
    }
  else
    {
      g_autofree char *seed = g_strdup_printf ("%" G_GUINT64_FORMAT, plan->seed);

      add_string (b, "seed", seed);
    }
  /* Present when the run drew its own seed (--seed gives it back). */
  if (plan->seed_drawn)
    add_bool (b, "seed_drawn", TRUE);
  add_int (b, "pause_ms", plan->pause_ms);
  add_bool (b, "responsiveness", plan->responsiveness);
  add_int (b, "budget_s", plan->budget_s);
  add_double (b, "margin", plan->margin);

  json_builder_set_member_name (b, "sweep");
  if (plan->sweep != NULL)
    {
      json_builder_begin_object (b);
      add_string (b, "vary", ib_vary_kind_to_string (plan->sweep->vary));
      add_u64_array (b, "values", plan->sweep->values);
      add_string_array (b, "strategies", plan->sweep->strategies);
      add_int (b, "base_count", plan->sweep->base_count);
      add_u64 (b, "base_size", plan->sweep->base_size);
      add_string (b, "content", ib_content_kind_to_string (plan->sweep->content));
      json_builder_end_object (b);
    }
  else
    json_builder_add_null_value (b);

  json_builder_set_member_name (b, "overhead");
  if (plan->overhead != NULL)
    {
      json_builder_begin_object (b);
      add_u64 (b, "iterations", plan->overhead->iterations);
      json_builder_end_object (b);
    }
  else
    json_builder_add_null_value (b);

  json_builder_set_member_name (b, "write_unlink");
  if (plan->write_unlink != NULL)
    {
      json_builder_begin_object (b);
      add_int (b, "requests", plan->write_unlink->requests);
      add_int (b, "concurrency", plan->write_unlink->concurrency);
      add_int (b, "bytes", plan->write_unlink->bytes);
      json_builder_end_object (b);
    }
  else
    json_builder_add_null_value (b);

  json_builder_end_object (b);
}

static void
build_environment (JsonBuilder         *b,
                   const IbEnvironment *env)
{
  json_builder_begin_object (b);
  add_string (b, "os", env->os);
  add_string (b, "kernel", env->kernel);
  add_string (b, "cpu_model", env->cpu_model);
  add_int (b, "cores", env->cores);
  add_u64 (b, "memory_bytes", env->memory_bytes);
  add_string (b, "glib_version", env->glib_version);
  add_string (b, "gtk_version", env->gtk_version);
  add_string (b, "adw_version", env->adw_version);
  add_string (b, "fs_type", env->fs_type);
  if (env->fs_note != NULL)   /* optional: only where the type is unknown */
    add_string (b, "fs_note", env->fs_note);
  add_string (b, "mount_options", env->mount_options);
  add_string (b, "device", env->device);
  add_string (b, "device_model", env->device_model);
  if (env->virtual_disk != NULL)
    add_string (b, "virtual_disk", env->virtual_disk);
  add_int (b, "rotational", env->rotational < 0 ? -1 : env->rotational > 0 ? 1 : 0);
  add_u64 (b, "free_bytes", env->free_bytes);
  add_bool (b, "is_tmpfs", env->is_tmpfs);
  add_bool (b, "is_fuse", env->is_fuse);
  add_int (b, "gtask_pool_size", env->gtask_pool_size);
  add_int (b, "nofile_limit", env->nofile_limit);
  add_string (b, "app_version", env->app_version);
  add_string (b, "hostname", env->hostname);
  json_builder_end_object (b);
}

static void
build_sample (JsonBuilder    *b,
              const IbSample *s)
{
  json_builder_begin_object (b);
  add_string (b, "strategy", s->strategy != NULL ? s->strategy : "");
  add_int (b, "round", s->round);
  add_bool (b, "warmup", s->warmup);
  add_int (b, "wall_ns", s->wall_ns);
  add_int (b, "user_ns", s->user_ns);
  add_int (b, "sys_ns", s->sys_ns);
  if (s->cpu_ns >= 0)
    add_int (b, "cpu_ns", s->cpu_ns);
  add_u64 (b, "bytes", s->bytes);
  add_int (b, "files", s->files);
  if (s->residency >= 0 && s->residency <= 1)
    add_double (b, "residency", s->residency);
  else
    add_string (b, "residency", NULL);
  add_bool (b, "cache_ok", s->cache_ok);
  /* why the statistics leave the sample out; absent when it counts */
  if (s->excluded != NULL)
    add_string (b, "excluded", s->excluded);
  add_int (b, "vol_ctxsw", s->vol_ctxsw);
  add_int (b, "invol_ctxsw", s->invol_ctxsw);
  add_int (b, "minflt", s->minflt);
  add_int (b, "majflt", s->majflt);
  add_u64 (b, "callbacks", s->callbacks);
  add_u64 (b, "peak_rss_bytes", s->peak_rss_bytes);
  add_u64 (b, "chunk", s->chunk);
  add_int (b, "verify_ns", s->verify_ns);
  add_int (b, "max_in_flight", s->max_in_flight);
  add_bool (b, "ok", s->ok);
  add_string (b, "error", s->error);
  if (s->responsive)
    {
      /* Absent when the tick did not run (off, or an older report). */
      add_int (b, "stall_ns", s->stall_ns);
      add_int (b, "lateness_p99_ns", s->lateness_p99_ns);
      /* expected over a random vsync phase (ib_frames_missed); older
       * reports hold whole frames counted from the sample's start */
      add_double (b, "frames_missed_60", s->frames_missed_60);
      add_double (b, "frames_missed_120", s->frames_missed_120);
    }
  /* Waiting for a CPU and the settle step (ib-measure.h): absent when
   * unknown or not recorded (older reports). */
  if (s->runq_wait_ns >= 0)
    {
      add_int (b, "runq_wait_ns", s->runq_wait_ns);
      add_bool (b, "contended", s->contended);
    }
  if (s->runq_wait_workers_ns >= 0)
    add_int (b, "runq_wait_workers_ns", s->runq_wait_workers_ns);
  if (s->settle_ns > 0)
    add_int (b, "settle_ns", s->settle_ns);
  json_builder_end_object (b);
}

static const char *
ci_method_to_string (IbCiMethod method)
{
  return method == IB_CI_BOOTSTRAP ? "bootstrap" : "order-statistic";
}

static void
build_stats (JsonBuilder   *b,
             const IbStats *st)
{
  json_builder_begin_object (b);
  add_string (b, "strategy", st->strategy != NULL ? st->strategy : "");
  add_int (b, "n", st->n);
  add_int (b, "n_failed", st->n_failed);
  add_int (b, "n_excluded", st->n_excluded);
  /* Absent when no sample was contended (and in older reports). */
  if (st->n_contended > 0)
    {
      add_int (b, "n_contended", st->n_contended);
      add_bool (b, "contended_excluded", st->contended_excluded);
    }
  add_double (b, "min_ns", st->min_ns);
  add_double (b, "max_ns", st->max_ns);
  add_double (b, "mean_ns", st->mean_ns);
  add_double (b, "median_ns", st->median_ns);
  add_double (b, "stddev_ns", st->stddev_ns);
  add_double (b, "mad_ns", st->mad_ns);
  add_double (b, "q1_ns", st->q1_ns);
  add_double (b, "q3_ns", st->q3_ns);
  add_double (b, "ci_low_ns", st->ci_low_ns);
  add_double (b, "ci_high_ns", st->ci_high_ns);
  add_string (b, "ci_method", ci_method_to_string (st->ci_method));
  add_double (b, "ci_level", st->ci_level);
  add_double (b, "cv", st->cv);
  add_double (b, "mib_per_s", st->mib_per_s);
  add_double (b, "user_ns", st->user_ns);
  add_double (b, "sys_ns", st->sys_ns);
  if (st->cpu_ns >= 0)
    {
      add_double (b, "cpu_ns", st->cpu_ns);
      /* user_ns and sys_ns are the kernel's tick-sampled split of it */
      add_string (b, "cpu_split", "estimated");
    }
  add_int (b, "max_in_flight", st->max_in_flight);
  add_int (b, "outliers_mild", st->outliers_mild);
  add_int (b, "outliers_severe", st->outliers_severe);
  if (st->n_responsive > 0)
    {
      add_int (b, "n_responsive", st->n_responsive);
      add_double (b, "stall_ns", st->stall_ns);
      add_double (b, "stall_max_ns", st->stall_max_ns);
      add_double (b, "lateness_p99_ns", st->lateness_p99_ns);
      add_double (b, "frames_missed_60", st->frames_missed_60);
      add_double (b, "frames_missed_120", st->frames_missed_120);
    }
  json_builder_end_object (b);
}

static void
build_overhead_row (JsonBuilder         *b,
                    const IbOverheadRow *row)
{
  json_builder_begin_object (b);
  add_string (b, "kind", row->kind != NULL ? row->kind : "");
  add_u64 (b, "iterations", row->iterations);
  add_int (b, "repeat", row->repeat);
  add_double (b, "ns_per_op", row->ns_per_op);
  add_double (b, "ci_low_ns", row->ci_low_ns);
  add_double (b, "ci_high_ns", row->ci_high_ns);
  add_double (b, "ratio_to_direct", row->ratio_to_direct);
  json_builder_end_object (b);
}

static void
build_write_unlink (JsonBuilder         *b,
                    const IbWriteUnlink *wu)
{
  json_builder_begin_object (b);
  add_int (b, "requests", wu->requests);
  add_int (b, "concurrency", wu->concurrency);
  add_int (b, "effective_concurrency", wu->effective_concurrency);
  add_int (b, "bytes", wu->bytes);
  json_builder_set_member_name (b, "mode");
  json_builder_begin_array (b);
  for (guint i = 0; i < wu->modes->len; i++)
    {
      const IbWriteUnlinkMode *m = &g_array_index (wu->modes, IbWriteUnlinkMode, i);

      json_builder_begin_object (b);
      add_string (b, "mode", m->mode != NULL ? m->mode : "");
      add_double (b, "requests_per_s", m->requests_per_s);
      add_int (b, "total_ns", m->total_ns);
      add_int (b, "failed", m->failed);
      add_int (b, "max_in_flight", m->max_in_flight);
      if (m->responsive)
        {
          /* the serving context's main-loop stall; absent when not watched */
          add_int (b, "stall_ns", m->stall_ns);
          add_int (b, "lateness_p99_ns", m->lateness_p99_ns);
          add_double (b, "frames_missed_60", m->frames_missed_60);
        }
      json_builder_set_member_name (b, "percentiles_ns");
      json_builder_begin_object (b);
      for (guint p = 0; p < IB_N_PERCENTILES; p++)
        {
          char key[8];

          g_snprintf (key, sizeof key, "%u", ib_percentile_levels[p]);
          add_int (b, key, m->percentiles_ns[p]);
        }
      json_builder_end_object (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
}

static void
build_sweep (JsonBuilder   *b,
             const IbSweep *sweep)
{
  g_autofree char *crossover_text = ib_sweep_crossover_text (sweep);

  json_builder_begin_object (b);
  add_string (b, "vary", ib_vary_kind_to_string (sweep->vary));
  json_builder_set_member_name (b, "points");
  json_builder_begin_array (b);
  for (guint i = 0; i < sweep->points->len; i++)
    {
      const IbSweepPoint *p = &g_array_index (sweep->points, IbSweepPoint, i);

      json_builder_begin_object (b);
      add_u64 (b, "value", p->value);
      add_string (b, "strategy", p->strategy != NULL ? p->strategy : "");
      add_double (b, "median_ns", p->median_ns);
      add_double (b, "ci_low_ns", p->ci_low_ns);
      add_double (b, "ci_high_ns", p->ci_high_ns);
      add_int (b, "n", p->n);
      add_int (b, "n_excluded", p->n_excluded);
      add_double (b, "ci_level", p->ci_level);
      if (p->responsive)
        add_double (b, "stall_ns", p->stall_ns);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "crossover");
  if (sweep->has_crossover)
    json_builder_add_int_value (b, (gint64) MIN (sweep->crossover_value,
                                                 (guint64) G_MAXINT64));
  else
    json_builder_add_null_value (b);
  add_string (b, "crossover_winner", sweep->crossover_winner);
  add_string (b, "crossover_loser", sweep->crossover_loser);
  /* the sentence for readers of the file; derived, never read back */
  add_string (b, "crossover_text", crossover_text);
  json_builder_end_object (b);
}

/* The decision phase (engine/ib-decision.h): its pairs are data, the
 * verdicts derived from them are kept as the rule gave them (the rule's
 * looks cannot be replayed from the pairs alone). */
static void
build_decision (JsonBuilder      *b,
                const IbDecision *decision)
{
  json_builder_begin_object (b);
  add_int (b, "budget_s", decision->budget_s);
  add_double (b, "margin", decision->margin);
  add_double (b, "alpha", decision->alpha);
  add_double (b, "survey_s", decision->survey_s);
  json_builder_set_member_name (b, "lines");
  json_builder_begin_array (b);
  for (guint i = 0; i < decision->lines->len; i++)
    {
      const IbDecisionLine *l = &g_array_index (decision->lines, IbDecisionLine, i);

      json_builder_begin_object (b);
      add_string (b, "line", l->line != NULL ? l->line : "");
      add_string (b, "a", l->a != NULL ? l->a : "");
      add_string (b, "b", l->b != NULL ? l->b : "");
      add_string (b, "verdict", ib_paired_verdict_to_string (l->verdict));
      add_double (b, "ratio", l->ratio);
      add_double (b, "ci_low", l->ci_low);
      add_double (b, "ci_high", l->ci_high);
      add_double (b, "ci_level", l->ci_level);
      if (l->more_pairs == G_MAXUINT)
        {
          json_builder_set_member_name (b, "more_pairs");
          json_builder_add_null_value (b);
        }
      else
        add_int (b, "more_pairs", l->more_pairs);
      add_int (b, "n_looks", l->n_looks);
      add_double (b, "spent_s", l->spent_s);
      json_builder_set_member_name (b, "pairs");
      json_builder_begin_array (b);
      for (guint k = 0; l->pairs != NULL && k < l->pairs->len; k++)
        {
          const IbDecisionPair *pair = &g_array_index (l->pairs, IbDecisionPair, k);

          json_builder_begin_object (b);
          add_int (b, "a_ns", pair->a_ns);
          add_int (b, "b_ns", pair->b_ns);
          add_string (b, "order", pair->order == 0 ? "ab" : "ba");
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
}

/* The answer (ib-answer.h): derived data for readers of the file; the loader
 * checks only that it is an object and recomputes it from the samples. */
static void
build_answer (JsonBuilder    *b,
              const IbReport *report)
{
  g_autoptr(IbAnswer) a = ib_answer_compute (report);

  if (a == NULL)
    return;
  json_builder_set_member_name (b, "answer");
  json_builder_begin_object (b);
  add_string (b, "verdict", ib_answer_verdict_name (a->iv.verdict));
  /* "pairs": the decision phase's fresh pairs; "survey": the survey's samples */
  add_string (b, "decided_by", a->iv.paired ? "pairs" : "survey");
  add_string (b, "sync", a->sync);
  add_string (b, "async", a->async);
  add_string (b, "thread", a->thread);
  add_double (b, "ratio", a->ratio.ratio);
  add_double (b, "ci_low", a->ratio.ci_low);
  add_double (b, "ci_high", a->ratio.ci_high);
  add_double (b, "ci_level", a->ratio.ci_level);
  add_int (b, "n_sync", a->ratio.na);
  add_int (b, "n_async", a->ratio.nb);
  add_string (b, "cache", ib_cache_mode_to_string (a->cache));
  if (a->thread != NULL)
    {
      add_string (b, "thread_verdict", ib_answer_verdict_name (a->thread_iv.verdict));
      add_double (b, "thread_ratio", a->thread_ratio.ratio);
    }
  /* io_uring and mmap race on their own lines, never as async or sync */
  if (a->uring != NULL)
    {
      add_string (b, "uring", a->uring);
      add_string (b, "uring_verdict", ib_answer_verdict_name (a->uring_iv.verdict));
      add_double (b, "uring_ratio", a->uring_ratio.ratio);
    }
  if (a->mmap != NULL)
    {
      add_string (b, "mmap", a->mmap);
      add_string (b, "mmap_verdict", ib_answer_verdict_name (a->mmap_iv.verdict));
      add_double (b, "mmap_ratio", a->mmap_ratio.ratio);
    }
  add_int (b, "n_excluded", a->n_excluded);
  if (a->has_stall)
    {
      add_double (b, "sync_stall_ns", a->sync_stall_ns);
      add_double (b, "async_stall_ns", a->async_stall_ns);
      add_double (b, "async_stall_max_ns", a->async_stall_max_ns);
    }
  add_string (b, "headline", a->headline);
  add_string (b, "caveat", a->caveat);
  add_string (b, "kernel", a->kernel);
  add_string (b, "mapping", a->mapping);
  add_string (b, "stall", a->stall);
  add_string (b, "threads", a->threads);
  add_string (b, "why", a->why);
  json_builder_end_object (b);
}

/* json-glib 1.6 appends ".0" to every double printed without a '.', which
 * turns a large round value such as 1e+27 into "1e+27.0": not JSON. Outside
 * strings, drop a ".0" that follows an exponent. Works in place. */
static gsize
fix_exponent_doubles (char  *data,
                      gsize  length)
{
  gboolean in_string = FALSE;
  gsize r = 0, w = 0;

  while (r < length)
    {
      char c = data[r];

      if (in_string)
        {
          data[w++] = data[r++];
          if (c == '\\' && r < length)
            data[w++] = data[r++];
          else if (c == '"')
            in_string = FALSE;
          continue;
        }
      if (c == '"')
        in_string = TRUE;
      if ((c == 'e' || c == 'E') && w > 0 && (g_ascii_isdigit (data[w - 1]) || data[w - 1] == '.'))
        {
          /* copy the exponent, then skip a ".0" right after its digits */
          data[w++] = data[r++];
          if (r < length && (data[r] == '+' || data[r] == '-'))
            data[w++] = data[r++];
          while (r < length && g_ascii_isdigit (data[r]))
            data[w++] = data[r++];
          if (r + 1 < length && data[r] == '.' && data[r + 1] == '0'
              && (r + 2 >= length || !g_ascii_isdigit (data[r + 2])))
            r += 2;
          continue;
        }
      data[w++] = data[r++];
    }
  data[w] = '\0';
  return w;
}

char *
ib_report_to_json (const IbReport *report,
                   gsize          *length)
{
  g_autoptr(JsonBuilder) b = NULL;
  g_autoptr(JsonGenerator) gen = NULL;
  g_autoptr(JsonNode) root = NULL;
  char *data;
  gsize len = 0;

  g_return_val_if_fail (report != NULL, NULL);

  b = json_builder_new ();
  json_builder_begin_object (b);
  add_string (b, "schema", IB_REPORT_SCHEMA);
  add_int (b, "version", IB_REPORT_VERSION);
  add_string (b, "created", report->created);
  add_bool (b, "partial", report->partial);
  add_string (b, "error", report->error);

  json_builder_set_member_name (b, "plan");
  if (report->plan != NULL)
    {
      build_plan (b, report->plan);
    }
  else
    {
      g_autoptr(IbPlan) empty = ib_plan_new ();

      build_plan (b, empty);
    }

  json_builder_set_member_name (b, "environment");
  if (report->environment != NULL)
    {
      build_environment (b, report->environment);
    }
  else
    {
      g_autoptr(IbEnvironment) empty = ib_environment_new ();

      build_environment (b, empty);
    }

  json_builder_set_member_name (b, "samples");
  json_builder_begin_array (b);
  for (guint i = 0; report->samples != NULL && i < report->samples->len; i++)
    build_sample (b, &g_array_index (report->samples, IbSample, i));
  json_builder_end_array (b);

  json_builder_set_member_name (b, "statistics");
  json_builder_begin_array (b);
  for (guint i = 0; report->statistics != NULL && i < report->statistics->len; i++)
    build_stats (b, &g_array_index (report->statistics, IbStats, i));
  json_builder_end_array (b);

  json_builder_set_member_name (b, "overhead");
  json_builder_begin_array (b);
  for (guint i = 0; report->overhead != NULL && i < report->overhead->len; i++)
    build_overhead_row (b, &g_array_index (report->overhead, IbOverheadRow, i));
  json_builder_end_array (b);

  json_builder_set_member_name (b, "write_unlink");
  if (report->write_unlink != NULL)
    build_write_unlink (b, report->write_unlink);
  else
    json_builder_add_null_value (b);

  json_builder_set_member_name (b, "sweep");
  if (report->sweep != NULL)
    build_sweep (b, report->sweep);
  else
    json_builder_add_null_value (b);

  if (report->decision != NULL)
    {
      json_builder_set_member_name (b, "decision");
      build_decision (b, report->decision);
    }

  build_answer (b, report);

  json_builder_set_member_name (b, "findings");
  json_builder_begin_array (b);
  for (guint i = 0; report->findings != NULL && i < report->findings->len; i++)
    {
      const IbFinding *f = &g_array_index (report->findings, IbFinding, i);

      json_builder_begin_object (b);
      add_string (b, "id", f->id != NULL ? f->id : "");
      add_string (b, "text", f->text != NULL ? f->text : "");
      /* derived from the id, for readers of the file; the loader ignores it */
      add_string (b, "group", ib_finding_group_to_string (ib_finding_group (f->id)));
      /* says only what the answer says: kept here, not shown beside it */
      if (f->covered)
        add_bool (b, "covered_by_answer", TRUE);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  add_string_array (b, "warnings", report->warnings);
  json_builder_end_object (b);

  root = json_builder_get_root (b);
  gen = json_generator_new ();
  json_generator_set_pretty (gen, TRUE);
  json_generator_set_indent (gen, 2);
  json_generator_set_root (gen, root);
  data = json_generator_to_data (gen, &len);
  len = fix_exponent_doubles (data, len);
  if (length != NULL)
    *length = len;
  return data;
}

gboolean
ib_report_save_json (const IbReport *report,
                     const char     *path,
                     GError        **error)
{
  g_autofree char *data = NULL;
  gsize length = 0;

  g_return_val_if_fail (report != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  data = ib_report_to_json (report, &length);
  /* g_file_set_contents writes a temporary file and renames it. */
  return g_file_set_contents (path, data, (gssize) length, error);
}

/* ---- loading: pre-scan --------------------------------------------------- */

static gboolean
format_error (GError    **error,
              const char *format,
              ...) G_GNUC_PRINTF (2, 3);

static gboolean
format_error (GError    **error,
              const char *format,
              ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  /* Messages quote the file's bytes (and json-glib's own parse errors do):
   * whatever they hold, what reaches a terminal or a GTK label is UTF-8. */
  if (!g_utf8_validate (message, -1, NULL))
    {
      char *valid = g_utf8_make_valid (message, -1);

      g_free (message);
      message = valid;
    }
  g_set_error_literal (error, IB_ERROR, IB_ERROR_FORMAT, message);
  return FALSE;
}

/* Rejects what json-glib would accept silently or recurse on without bound:
 * integer literals outside gint64 (json-glib wraps them), nesting deeper than
 * MAX_DEPTH, and anything but white space after the top-level value. Strings
 * and everything else are left to json-glib. */
static gboolean
prescan (const char *data,
         gsize       length,
         GError    **error)
{
  guint depth = 0;
  guint line = 1;
  gboolean in_string = FALSE;
  gboolean ended = FALSE;
  gsize i = 0;

  while (i < length)
    {
      char c = data[i];

      if (c == '\n')
        line++;

      if (in_string)
        {
          if (c == '\\')
            i++;
          else if (c == '"')
            in_string = FALSE;
          i++;
          continue;
        }

      if (ended && !g_ascii_isspace (c))
        return format_error (error, _("line %u: unexpected data after the end of the report"),
                             line);

      if (c == '"')
        {
          in_string = TRUE;
        }
      else if (c == '{' || c == '[')
        {
          if (++depth > MAX_DEPTH)
            return format_error (error, _("line %u: nested more than %u levels deep"),
                                 line, MAX_DEPTH);
        }
      else if (c == '}' || c == ']')
        {
          if (depth > 0 && --depth == 0)
            ended = TRUE;
        }
      else if (c == '-' || g_ascii_isdigit (c))
        {
          gsize start = i;
          gboolean integral = TRUE;

          while (i < length && (g_ascii_isdigit (data[i]) || strchr ("+-.eE", data[i]) != NULL)
                 && data[i] != '\0')
            {
              if (strchr (".eE", data[i]) != NULL)
                integral = FALSE;
              i++;
            }
          if (integral && i - start < 64)
            {
              char token[64];
              g_autoptr(GError) local = NULL;

              memcpy (token, data + start, i - start);
              token[i - start] = '\0';
              if (!g_ascii_string_to_signed (token, 10, G_MININT64, G_MAXINT64, NULL, &local)
                  && g_error_matches (local, G_NUMBER_PARSER_ERROR,
                                      G_NUMBER_PARSER_ERROR_OUT_OF_BOUNDS))
                return format_error (error, _("line %u: the number %s is too large"),
                                     line, token);
            }
          else if (integral)
            {
              return format_error (error, _("line %u: a number is too large"), line);
            }
          if (depth == 0)
            ended = TRUE;
          continue;
        }
      else if (depth == 0 && !g_ascii_isspace (c))
        {
          /* A bare literal at the top level: json-glib will refuse or accept
           * it; either way it is not an object and is reported below. */
          ended = TRUE;
        }
      i++;
    }
  return TRUE;
}

/* ---- loading: typed member access ---------------------------------------- */

typedef enum
{
  OPTIONAL,
  REQUIRED,
} Need;

static char *
member_path (const char *path,
             const char *name)
{
  if (path == NULL || *path == '\0')
    return g_strdup (name);
  return g_strdup_printf ("%s.%s", path, name);
}

static gboolean
member_error (GError    **error,
              const char *path,
              const char *name,
              const char *what)
{
  g_autofree char *full = member_path (path, name);

  /* Translators: the first %s is a member path such as "samples[3].wall_ns",
   * the second says what is wrong, e.g. "expected an integer". */
  return format_error (error, _("%s: %s"), full, what);
}

/* Returns the member node, NULL when absent or null. Sets *ok = FALSE (with
 * an error) when it is required but absent or null. */
static JsonNode *
get_member (JsonObject *obj,
            const char *path,
            const char *name,
            Need        need,
            gboolean    null_ok,
            gboolean   *ok,
            GError    **error)
{
  JsonNode *node = json_object_get_member (obj, name);

  *ok = TRUE;
  if (node == NULL)
    {
      if (need == REQUIRED)
        *ok = member_error (error, path, name, _("missing"));
      return NULL;
    }
  if (JSON_NODE_HOLDS_NULL (node))
    {
      if (!null_ok)
        *ok = member_error (error, path, name, _("must not be null"));
      return NULL;
    }
  return node;
}

static gboolean
node_is_int (JsonNode *node)
{
  return JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_INT64;
}

static gboolean
node_is_number (JsonNode *node)
{
  return JSON_NODE_HOLDS_VALUE (node)
         && (json_node_get_value_type (node) == G_TYPE_INT64
             || json_node_get_value_type (node) == G_TYPE_DOUBLE);
}

static gboolean
check_int (JsonNode   *node,
           const char *path,
           const char *name,
           gint64      min,
           gint64      max,
           gint64     *out,
           GError    **error)
{
  gint64 v;

  if (!node_is_int (node))
    return member_error (error, path, name, _("expected an integer"));
  v = json_node_get_int (node);
  if (v < min || v > max)
    {
      g_autofree char *vs = g_strdup_printf ("%" G_GINT64_FORMAT, v);
      g_autofree char *mins = g_strdup_printf ("%" G_GINT64_FORMAT, min);
      g_autofree char *maxs = g_strdup_printf ("%" G_GINT64_FORMAT, max);
      /* Translators: "5000000000 is out of range (0 to 4294967295)" */
      g_autofree char *what = g_strdup_printf (_("%s is out of range (%s to %s)"),
                                               vs, mins, maxs);

      return member_error (error, path, name, what);
    }
  *out = v;
  return TRUE;
}

/* Reads an integer member in [min, max]; an absent optional one leaves *out. */
static gboolean
read_int (JsonObject *obj,
          const char *path,
          const char *name,
          Need        need,
          gint64      min,
          gint64      max,
          gint64     *out,
          GError    **error)
{
  gboolean ok;
  JsonNode *node = get_member (obj, path, name, need, FALSE, &ok, error);

  if (node == NULL)
    return ok;
  return check_int (node, path, name, min, max, out, error);
}

static gboolean
read_uint (JsonObject *obj,
           const char *path,
           const char *name,
           Need        need,
           guint      *out,
           GError    **error)
{
  gint64 v = *out;

  if (!read_int (obj, path, name, need, 0, G_MAXUINT, &v, error))
    return FALSE;
  *out = (guint) v;
  return TRUE;
}

static gboolean
read_u64 (JsonObject *obj,
          const char *path,
          const char *name,
          Need        need,
          guint64    *out,
          GError    **error)
{
  gint64 v = (gint64) MIN (*out, (guint64) G_MAXINT64);

  if (!read_int (obj, path, name, need, 0, G_MAXINT64, &v, error))
    return FALSE;
  *out = (guint64) v;
  return TRUE;
}

static gboolean
read_count (JsonObject *obj,
            const char *path,
            const char *name,
            Need        need,
            gint64     *out,
            GError    **error)
{
  return read_int (obj, path, name, need, 0, G_MAXINT64, out, error);
}

/* Reads a finite number in [min, max]; null reads as @null_value. */
static gboolean
read_double_full (JsonObject *obj,
                  const char *path,
                  const char *name,
                  Need        need,
                  double      min,
                  double      max,
                  double      null_value,
                  double     *out,
                  GError    **error)
{
  gboolean ok;
  JsonNode *node;
  double v;

  if (json_object_has_member (obj, name)
      && JSON_NODE_HOLDS_NULL (json_object_get_member (obj, name)))
    {
      *out = null_value;
      return TRUE;
    }
  node = get_member (obj, path, name, need, FALSE, &ok, error);
  if (node == NULL)
    return ok;
  if (!node_is_number (node))
    return member_error (error, path, name, _("expected a number"));
  v = json_node_get_double (node);
  if (!isfinite (v))
    return member_error (error, path, name, _("expected a finite number"));
  if (v < min || v > max)
    {
      g_autofree char *what = g_strdup_printf (_("%g is out of range (%g to %g)"),
                                               v, min, max);

      return member_error (error, path, name, what);
    }
  *out = v;
  return TRUE;
}

static gboolean
read_double (JsonObject *obj,
             const char *path,
             const char *name,
             Need        need,
             double     *out,
             GError    **error)
{
  return read_double_full (obj, path, name, need, 0, G_MAXDOUBLE, 0, out, error);
}

static gboolean
read_bool (JsonObject *obj,
           const char *path,
           const char *name,
           Need        need,
           gboolean   *out,
           GError    **error)
{
  gboolean ok;
  JsonNode *node = get_member (obj, path, name, need, FALSE, &ok, error);

  if (node == NULL)
    return ok;
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_BOOLEAN)
    return member_error (error, path, name, _("expected true or false"));
  *out = json_node_get_boolean (node);
  return TRUE;
}

/* Reads a string member; with @null_ok, null (or absent when optional)
 * leaves *out NULL. *out is replaced. */
static gboolean
read_string (JsonObject *obj,
             const char *path,
             const char *name,
             Need        need,
             gboolean    null_ok,
             char      **out,
             GError    **error)
{
  gboolean ok;
  JsonNode *node = get_member (obj, path, name, need, null_ok, &ok, error);

  if (node == NULL)
    return ok;
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    return member_error (error, path, name, _("expected a string"));
  g_free (*out);
  /* A lone "\ud800" escape decodes to bytes that are not UTF-8: repair them
   * (U+FFFD) so labels, terminals and writers only ever see UTF-8. */
  *out = g_utf8_make_valid (json_node_get_string (node), -1);
  return TRUE;
}

static gboolean
read_object (JsonObject  *obj,
             const char  *path,
             const char  *name,
             Need         need,
             JsonObject **out,
             GError     **error)
{
  gboolean ok;
  JsonNode *node = get_member (obj, path, name, need, need == OPTIONAL, &ok, error);

  *out = NULL;
  if (node == NULL)
    return ok;
  if (!JSON_NODE_HOLDS_OBJECT (node))
    return member_error (error, path, name, _("expected an object"));
  *out = json_node_get_object (node);
  return TRUE;
}

static gboolean
read_array (JsonObject *obj,
            const char *path,
            const char *name,
            Need        need,
            JsonArray **out,
            GError    **error)
{
  gboolean ok;
  JsonNode *node = get_member (obj, path, name, need, need == OPTIONAL, &ok, error);

  *out = NULL;
  if (node == NULL)
    return ok;
  if (!JSON_NODE_HOLDS_ARRAY (node))
    return member_error (error, path, name, _("expected an array"));
  *out = json_node_get_array (node);
  return TRUE;
}

/* The object at @index of @array, or an error naming "path.name[index]". */
static JsonObject *
array_object (JsonArray  *array,
              guint       index,
              const char *path,
              const char *name,
              char      **elem_path,
              GError    **error)
{
  JsonNode *node = json_array_get_element (array, index);
  g_autofree char *base = member_path (path, name);

  *elem_path = g_strdup_printf ("%s[%u]", base, index);
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    {
      format_error (error, _("%s: expected an object"), *elem_path);
      return NULL;
    }
  return json_node_get_object (node);
}

static gboolean
read_string_array (JsonObject *obj,
                   const char *path,
                   const char *name,
                   Need        need,
                   GPtrArray  *into,
                   GError    **error)
{
  JsonArray *array;

  if (!read_array (obj, path, name, need, &array, error))
    return FALSE;
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonNode *node = json_array_get_element (array, i);

      if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
        {
          g_autofree char *base = member_path (path, name);

          return format_error (error, _("%s[%u]: expected a string"), base, i);
        }
      g_ptr_array_add (into, g_utf8_make_valid (json_node_get_string (node), -1));
    }
  return TRUE;
}

static gboolean
enum_error (GError    **error,
            const char *path,
            const char *name,
            const char *value,
            const char *expected)
{
  /* Translators: the first %s is a value from the file, the second the list
   * of values this version knows, e.g. "warm, cold, as-is". */
  g_autofree char *what = g_strdup_printf (_("unknown value “%s” (expected one of: %s)"),
                                           value, expected);

  return member_error (error, path, name, what);
}

/* read_<prefix> (obj, path, name, need, out, error) for each enum type. */
#define DEFINE_READ_ENUM(prefix, Type, expected)                                  \
  static gboolean                                                                 \
  read_##prefix (JsonObject *obj,                                                 \
                 const char *path,                                                \
                 const char *name,                                                \
                 Need        need,                                                \
                 Type       *out,                                                 \
                 GError    **error)                                               \
  {                                                                               \
    g_autofree char *str = NULL;                                                  \
                                                                                  \
    if (!read_string (obj, path, name, need, FALSE, &str, error))                 \
      return FALSE;                                                               \
    if (str != NULL && !prefix##_from_string (str, out))                          \
      return enum_error (error, path, name, str, expected);                       \
    return TRUE;                                                                  \
  }

DEFINE_READ_ENUM (ib_content_kind, IbContentKind, "random, base64, digits, letters")
DEFINE_READ_ENUM (ib_cache_mode, IbCacheMode, "warm, cold, as-is")
DEFINE_READ_ENUM (ib_buffer_policy, IbBufferPolicy, "fresh, reused")
DEFINE_READ_ENUM (ib_vary_kind, IbVaryKind, "count, size, in-flight")

/* ---- loading: sections --------------------------------------------------- */

static gboolean
load_plan (JsonObject *o,
           IbPlan     *plan,
           GError    **error)
{
  const char *p = "plan";
  JsonArray *files;
  JsonObject *sub;
  JsonNode *seed;
  gboolean ok;

  if (!read_string (o, p, "preset", OPTIONAL, TRUE, &plan->preset, error)
      || !read_string (o, p, "dir", OPTIONAL, TRUE, &plan->dir, error)
      || !read_array (o, p, "files", REQUIRED, &files, error))
    return FALSE;
  for (guint i = 0; i < json_array_get_length (files); i++)
    {
      g_autofree char *ep = NULL;
      JsonObject *f = array_object (files, i, p, "files", &ep, error);
      guint64 size = 0;

      if (f == NULL || !read_u64 (f, ep, "size", REQUIRED, &size, error))
        return FALSE;
      g_array_append_val (plan->file_sizes, size);
    }
  if (!read_ib_content_kind (o, p, "content", REQUIRED, &plan->content, error)
      || !read_string_array (o, p, "strategies", REQUIRED, plan->strategies, error)
      || !read_uint (o, p, "repeat", REQUIRED, &plan->repeat, error)
      || !read_uint (o, p, "warmup", REQUIRED, &plan->warmup, error)
      || !read_ib_cache_mode (o, p, "cache", REQUIRED, &plan->cache, error)
      || !read_u64 (o, p, "chunk", REQUIRED, &plan->chunk, error)
      || !read_uint (o, p, "workers", REQUIRED, &plan->workers, error)
      || !read_uint (o, p, "in_flight", REQUIRED, &plan->in_flight, error)
      || !read_uint (o, p, "queue_depth", OPTIONAL, &plan->queue_depth, error)
      || !read_bool (o, p, "direct", OPTIONAL, &plan->direct, error)
      || !read_ib_buffer_policy (o, p, "buffer", OPTIONAL, &plan->buffer, error)
      || !read_bool (o, p, "verify", REQUIRED, &plan->verify, error)
      || !read_bool (o, p, "fsync", OPTIONAL, &plan->fsync, error)
      || !read_uint (o, p, "pause_ms", REQUIRED, &plan->pause_ms, error)
      || !read_bool (o, p, "responsiveness", OPTIONAL, &plan->responsiveness, error)
      || !read_uint (o, p, "budget_s", OPTIONAL, &plan->budget_s, error)
      || !read_double_full (o, p, "margin", OPTIONAL, 0, 1, 0.10, &plan->margin, error))
    return FALSE;
  /* Reports older than the field ran with the seed they name. */
  plan->seed_drawn = FALSE;
  if (!read_bool (o, p, "seed_drawn", OPTIONAL, &plan->seed_drawn, error))
    return FALSE;

  /* The seed is an integer, or a decimal string when above G_MAXINT64. */
  seed = get_member (o, p, "seed", REQUIRED, FALSE, &ok, error);
  if (seed == NULL)
    return FALSE;
  if (JSON_NODE_HOLDS_VALUE (seed) && json_node_get_value_type (seed) == G_TYPE_STRING)
    {
      if (!g_ascii_string_to_unsigned (json_node_get_string (seed), 10, 0, G_MAXUINT64,
                                       &plan->seed, NULL))
        return member_error (error, p, "seed", _("expected a non-negative integer"));
    }
  else
    {
      gint64 v;

      if (!check_int (seed, p, "seed", 0, G_MAXINT64, &v, error))
        return FALSE;
      plan->seed = (guint64) v;
    }

  if (!read_object (o, p, "sweep", OPTIONAL, &sub, error))
    return FALSE;
  if (sub != NULL)
    {
      const char *sp = "plan.sweep";
      JsonArray *values;

      plan->sweep = ib_sweep_spec_new ();
      if (!read_ib_vary_kind (sub, sp, "vary", REQUIRED, &plan->sweep->vary, error)
          || !read_array (sub, sp, "values", REQUIRED, &values, error))
        return FALSE;
      for (guint i = 0; i < json_array_get_length (values); i++)
        {
          gint64 v;
          g_autofree char *name = g_strdup_printf ("values[%u]", i);

          if (!check_int (json_array_get_element (values, i), sp, name, 0, G_MAXINT64, &v,
                          error))
            return FALSE;
          g_array_append_vals (plan->sweep->values, &(guint64) { (guint64) v }, 1);
        }
      if (!read_string_array (sub, sp, "strategies", REQUIRED, plan->sweep->strategies, error)
          || !read_uint (sub, sp, "base_count", OPTIONAL, &plan->sweep->base_count, error)
          || !read_u64 (sub, sp, "base_size", OPTIONAL, &plan->sweep->base_size, error)
          || !read_ib_content_kind (sub, sp, "content", OPTIONAL, &plan->sweep->content, error))
        return FALSE;
    }

  if (!read_object (o, p, "overhead", OPTIONAL, &sub, error))
    return FALSE;
  if (sub != NULL)
    {
      plan->overhead = g_new0 (IbOverheadSpec, 1);
      if (!read_u64 (sub, "plan.overhead", "iterations", REQUIRED,
                     &plan->overhead->iterations, error))
        return FALSE;
    }

  if (!read_object (o, p, "write_unlink", OPTIONAL, &sub, error))
    return FALSE;
  if (sub != NULL)
    {
      const char *wp = "plan.write_unlink";

      plan->write_unlink = g_new0 (IbWriteUnlinkSpec, 1);
      if (!read_uint (sub, wp, "requests", REQUIRED, &plan->write_unlink->requests, error)
          || !read_uint (sub, wp, "concurrency", REQUIRED, &plan->write_unlink->concurrency,
                         error)
          || !read_uint (sub, wp, "bytes", REQUIRED, &plan->write_unlink->bytes, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
load_environment (JsonObject    *o,
                  IbEnvironment *env,
                  GError       **error)
{
  const char *p = "environment";
  gint64 rotational = -1;

  if (!read_string (o, p, "os", REQUIRED, TRUE, &env->os, error)
      || !read_string (o, p, "kernel", REQUIRED, TRUE, &env->kernel, error)
      || !read_string (o, p, "cpu_model", REQUIRED, TRUE, &env->cpu_model, error)
      || !read_uint (o, p, "cores", REQUIRED, &env->cores, error)
      || !read_u64 (o, p, "memory_bytes", REQUIRED, &env->memory_bytes, error)
      || !read_string (o, p, "glib_version", REQUIRED, TRUE, &env->glib_version, error)
      || !read_string (o, p, "gtk_version", OPTIONAL, TRUE, &env->gtk_version, error)
      || !read_string (o, p, "adw_version", OPTIONAL, TRUE, &env->adw_version, error)
      || !read_string (o, p, "fs_type", REQUIRED, TRUE, &env->fs_type, error)
      || !read_string (o, p, "fs_note", OPTIONAL, TRUE, &env->fs_note, error)
      || !read_string (o, p, "mount_options", REQUIRED, TRUE, &env->mount_options, error)
      || !read_string (o, p, "device", OPTIONAL, TRUE, &env->device, error)
      || !read_string (o, p, "device_model", OPTIONAL, TRUE, &env->device_model, error)
      || !read_string (o, p, "virtual_disk", OPTIONAL, TRUE, &env->virtual_disk, error)
      || !read_int (o, p, "rotational", OPTIONAL, -1, 1, &rotational, error)
      || !read_u64 (o, p, "free_bytes", REQUIRED, &env->free_bytes, error)
      || !read_bool (o, p, "is_tmpfs", OPTIONAL, &env->is_tmpfs, error)
      || !read_bool (o, p, "is_fuse", OPTIONAL, &env->is_fuse, error)
      || !read_uint (o, p, "gtask_pool_size", OPTIONAL, &env->gtask_pool_size, error)
      || !read_uint (o, p, "nofile_limit", OPTIONAL, &env->nofile_limit, error)
      || !read_string (o, p, "app_version", REQUIRED, TRUE, &env->app_version, error)
      || !read_string (o, p, "hostname", OPTIONAL, TRUE, &env->hostname, error))
    return FALSE;
  env->rotational = (int) rotational;
  return TRUE;
}

static gboolean
load_sample (JsonObject *o,
             const char *p,
             IbSample   *s,
             GError    **error)
{
  g_autofree char *excluded = NULL;

  s->residency = -1;
  s->cache_ok = TRUE;
  s->cpu_ns = -1;   /* reports older than the field */
  s->runq_wait_ns = -1;
  s->runq_wait_workers_ns = -1;
  if (!read_string (o, p, "strategy", REQUIRED, FALSE, &s->strategy, error)
      || !read_uint (o, p, "round", REQUIRED, &s->round, error)
      || !read_bool (o, p, "warmup", REQUIRED, &s->warmup, error)
      || !read_count (o, p, "wall_ns", REQUIRED, &s->wall_ns, error)
      || !read_count (o, p, "user_ns", REQUIRED, &s->user_ns, error)
      || !read_count (o, p, "sys_ns", REQUIRED, &s->sys_ns, error)
      || !read_count (o, p, "cpu_ns", OPTIONAL, &s->cpu_ns, error)
      || !read_u64 (o, p, "bytes", REQUIRED, &s->bytes, error)
      || !read_uint (o, p, "files", REQUIRED, &s->files, error)
      || !read_double_full (o, p, "residency", REQUIRED, -1, 1, -1, &s->residency, error)
      || !read_bool (o, p, "cache_ok", OPTIONAL, &s->cache_ok, error)
      || !read_count (o, p, "vol_ctxsw", REQUIRED, &s->vol_ctxsw, error)
      || !read_count (o, p, "invol_ctxsw", REQUIRED, &s->invol_ctxsw, error)
      || !read_count (o, p, "minflt", REQUIRED, &s->minflt, error)
      || !read_count (o, p, "majflt", REQUIRED, &s->majflt, error)
      || !read_u64 (o, p, "callbacks", REQUIRED, &s->callbacks, error)
      || !read_u64 (o, p, "peak_rss_bytes", REQUIRED, &s->peak_rss_bytes, error)
      || !read_u64 (o, p, "chunk", OPTIONAL, &s->chunk, error)
      || !read_count (o, p, "verify_ns", OPTIONAL, &s->verify_ns, error)
      || !read_uint (o, p, "max_in_flight", OPTIONAL, &s->max_in_flight, error)
      || !read_bool (o, p, "ok", REQUIRED, &s->ok, error)
      || !read_string (o, p, "error", OPTIONAL, TRUE, &s->error, error)
      || !read_string (o, p, "excluded", OPTIONAL, TRUE, &excluded, error))
    return FALSE;
  /* Main-loop responsiveness: optional, present when the tick ran. */
  s->responsive = json_object_has_member (o, "stall_ns");
  if (s->responsive
      && (!read_count (o, p, "stall_ns", REQUIRED, &s->stall_ns, error)
          || !read_count (o, p, "lateness_p99_ns", OPTIONAL, &s->lateness_p99_ns, error)
          || !read_double (o, p, "frames_missed_60", OPTIONAL, &s->frames_missed_60, error)
          || !read_double (o, p, "frames_missed_120", OPTIONAL, &s->frames_missed_120,
                           error)))
    return FALSE;
  if (!read_count (o, p, "runq_wait_ns", OPTIONAL, &s->runq_wait_ns, error)
      || !read_count (o, p, "runq_wait_workers_ns", OPTIONAL, &s->runq_wait_workers_ns, error)
      || !read_bool (o, p, "contended", OPTIONAL, &s->contended, error)
      || !read_count (o, p, "settle_ns", OPTIONAL, &s->settle_ns, error))
    return FALSE;
  /* Any reason a later version may give excludes the sample the same way. */
  if (excluded != NULL && *excluded == '\0')
    return member_error (error, p, "excluded", _("expected a reason, or no member"));
  s->excluded = excluded != NULL ? g_intern_string (excluded) : NULL;
  /* Only -1 stands for "unknown"; other negative values are not fractions. */
  if (s->residency < 0 && s->residency != -1)
    return member_error (error, p, "residency", _("expected a fraction from 0 to 1, or -1"));
  return TRUE;
}

static gboolean
load_stats (JsonObject *o,
            const char *p,
            IbStats    *st,
            GError    **error)
{
  g_autofree char *method = NULL;

  st->cpu_ns = -1;   /* reports older than the field */
  /* Reports without ci_method had a percentile bootstrap that claimed 95 %. */
  st->ci_level = -1;
  if (!(read_string (o, p, "strategy", REQUIRED, FALSE, &st->strategy, error)
        && read_uint (o, p, "n", REQUIRED, &st->n, error)
        && read_uint (o, p, "n_failed", OPTIONAL, &st->n_failed, error)
        && read_uint (o, p, "n_excluded", OPTIONAL, &st->n_excluded, error)
        && read_uint (o, p, "n_contended", OPTIONAL, &st->n_contended, error)
        && read_bool (o, p, "contended_excluded", OPTIONAL, &st->contended_excluded, error)
        && read_double (o, p, "min_ns", REQUIRED, &st->min_ns, error)
        && read_double (o, p, "max_ns", REQUIRED, &st->max_ns, error)
        && read_double (o, p, "mean_ns", REQUIRED, &st->mean_ns, error)
        && read_double (o, p, "median_ns", REQUIRED, &st->median_ns, error)
        && read_double (o, p, "stddev_ns", REQUIRED, &st->stddev_ns, error)
        && read_double (o, p, "mad_ns", REQUIRED, &st->mad_ns, error)
        && read_double (o, p, "q1_ns", REQUIRED, &st->q1_ns, error)
        && read_double (o, p, "q3_ns", REQUIRED, &st->q3_ns, error)
        && read_double (o, p, "ci_low_ns", REQUIRED, &st->ci_low_ns, error)
        && read_double (o, p, "ci_high_ns", REQUIRED, &st->ci_high_ns, error)
        && read_string (o, p, "ci_method", OPTIONAL, TRUE, &method, error)
        && read_double_full (o, p, "ci_level", OPTIONAL, 0, 1, -1, &st->ci_level, error)
        && read_double (o, p, "cv", REQUIRED, &st->cv, error)
        && read_double (o, p, "mib_per_s", REQUIRED, &st->mib_per_s, error)
        && read_double (o, p, "user_ns", OPTIONAL, &st->user_ns, error)
        && read_double (o, p, "sys_ns", OPTIONAL, &st->sys_ns, error)
        && read_double (o, p, "cpu_ns", OPTIONAL, &st->cpu_ns, error)
        && read_uint (o, p, "max_in_flight", OPTIONAL, &st->max_in_flight, error)
        && read_uint (o, p, "outliers_mild", REQUIRED, &st->outliers_mild, error)
        && read_uint (o, p, "outliers_severe", REQUIRED, &st->outliers_severe, error)
        /* Main-loop responsiveness: optional (absent when not measured). */
        && read_uint (o, p, "n_responsive", OPTIONAL, &st->n_responsive, error)
        && read_double (o, p, "stall_ns", OPTIONAL, &st->stall_ns, error)
        && read_double (o, p, "stall_max_ns", OPTIONAL, &st->stall_max_ns, error)
        && read_double (o, p, "lateness_p99_ns", OPTIONAL, &st->lateness_p99_ns, error)
        && read_double (o, p, "frames_missed_60", OPTIONAL, &st->frames_missed_60, error)
        && read_double (o, p, "frames_missed_120", OPTIONAL, &st->frames_missed_120, error)))
    return FALSE;
  if (method == NULL || g_str_equal (method, "bootstrap"))
    st->ci_method = IB_CI_BOOTSTRAP;
  else if (g_str_equal (method, "order-statistic"))
    st->ci_method = IB_CI_ORDER_STATISTIC;
  else
    return member_error (error, p, "ci_method",
                         _("expected “order-statistic” or “bootstrap”"));
  if (st->ci_level < 0)
    st->ci_level = st->ci_method == IB_CI_BOOTSTRAP && st->n >= 2 ? 0.95 : 0;
  return TRUE;
}

static gboolean
load_overhead_row (JsonObject    *o,
                   const char    *p,
                   IbOverheadRow *row,
                   GError       **error)
{
  return read_string (o, p, "kind", REQUIRED, FALSE, &row->kind, error)
         && read_u64 (o, p, "iterations", REQUIRED, &row->iterations, error)
         && read_uint (o, p, "repeat", OPTIONAL, &row->repeat, error)
         && read_double (o, p, "ns_per_op", REQUIRED, &row->ns_per_op, error)
         && read_double (o, p, "ci_low_ns", OPTIONAL, &row->ci_low_ns, error)
         && read_double (o, p, "ci_high_ns", OPTIONAL, &row->ci_high_ns, error)
         && read_double (o, p, "ratio_to_direct", REQUIRED, &row->ratio_to_direct, error);
}

static gboolean
load_write_unlink (JsonObject    *o,
                   IbWriteUnlink *wu,
                   GError       **error)
{
  const char *p = "write_unlink";
  JsonArray *modes;

  if (!read_uint (o, p, "requests", REQUIRED, &wu->requests, error)
      || !read_uint (o, p, "concurrency", REQUIRED, &wu->concurrency, error)
      || !read_uint (o, p, "bytes", REQUIRED, &wu->bytes, error))
    return FALSE;
  wu->effective_concurrency = wu->concurrency;
  if (!read_uint (o, p, "effective_concurrency", OPTIONAL, &wu->effective_concurrency, error)
      || !read_array (o, p, "mode", REQUIRED, &modes, error))
    return FALSE;

  for (guint i = 0; i < json_array_get_length (modes); i++)
    {
      g_autofree char *ep = NULL;
      JsonObject *m = array_object (modes, i, p, "mode", &ep, error);
      IbWriteUnlinkMode mode = { NULL, };
      JsonObject *pct;
      gboolean good;

      if (m == NULL)
        return FALSE;
      good = read_string (m, ep, "mode", REQUIRED, FALSE, &mode.mode, error)
             && read_double (m, ep, "requests_per_s", REQUIRED, &mode.requests_per_s, error)
             && read_count (m, ep, "total_ns", OPTIONAL, &mode.total_ns, error)
             && read_uint (m, ep, "failed", OPTIONAL, &mode.failed, error)
             && read_uint (m, ep, "max_in_flight", OPTIONAL, &mode.max_in_flight, error)
             && read_object (m, ep, "percentiles_ns", REQUIRED, &pct, error);
      /* main-loop stall: optional, present when the tick watched the mode */
      mode.responsive = json_object_has_member (m, "stall_ns");
      good = good
             && (!mode.responsive
                 || (read_count (m, ep, "stall_ns", REQUIRED, &mode.stall_ns, error)
                     && read_count (m, ep, "lateness_p99_ns", OPTIONAL, &mode.lateness_p99_ns,
                                    error)
                     && read_double (m, ep, "frames_missed_60", OPTIONAL,
                                     &mode.frames_missed_60, error)));
      if (good)
        {
          g_autofree char *pp = member_path (ep, "percentiles_ns");

          for (guint k = 0; good && k < IB_N_PERCENTILES; k++)
            {
              char key[8];

              g_snprintf (key, sizeof key, "%u", ib_percentile_levels[k]);
              good = read_count (pct, pp, key, REQUIRED, &mode.percentiles_ns[k], error);
            }
        }
      /* The array owns the string from here on, even when we bail out. */
      g_array_append_val (wu->modes, mode);
      if (!good)
        return FALSE;
    }
  return TRUE;
}

static gboolean
load_sweep (JsonObject *o,
            IbSweep    *sweep,
            GError    **error)
{
  const char *p = "sweep";
  JsonArray *points;
  JsonNode *crossover;
  g_autofree char *text = NULL;
  gboolean ok;

  if (!read_ib_vary_kind (o, p, "vary", REQUIRED, &sweep->vary, error)
      || !read_array (o, p, "points", REQUIRED, &points, error))
    return FALSE;
  for (guint i = 0; i < json_array_get_length (points); i++)
    {
      g_autofree char *ep = NULL;
      JsonObject *po = array_object (points, i, p, "points", &ep, error);
      IbSweepPoint point = { 0, };
      gboolean good;

      if (po == NULL)
        return FALSE;
      good = read_u64 (po, ep, "value", REQUIRED, &point.value, error)
             && read_string (po, ep, "strategy", REQUIRED, FALSE, &point.strategy, error)
             && read_double (po, ep, "median_ns", REQUIRED, &point.median_ns, error)
             && read_double (po, ep, "ci_low_ns", REQUIRED, &point.ci_low_ns, error)
             && read_double (po, ep, "ci_high_ns", REQUIRED, &point.ci_high_ns, error)
             && read_uint (po, ep, "n", OPTIONAL, &point.n, error)
             && read_uint (po, ep, "n_excluded", OPTIONAL, &point.n_excluded, error)
             && read_double_full (po, ep, "ci_level", OPTIONAL, 0, 1, 0, &point.ci_level,
                                  error);
      point.responsive = json_object_has_member (po, "stall_ns");
      good = good && (!point.responsive
                      || read_double (po, ep, "stall_ns", REQUIRED, &point.stall_ns, error));
      g_array_append_val (sweep->points, point);
      if (!good)
        return FALSE;
    }

  crossover = get_member (o, p, "crossover", OPTIONAL, TRUE, &ok, error);
  if (!ok)
    return FALSE;
  if (crossover != NULL)
    {
      gint64 v;

      if (!check_int (crossover, p, "crossover", 0, G_MAXINT64, &v, error))
        return FALSE;
      sweep->has_crossover = TRUE;
      sweep->crossover_value = (guint64) v;
    }
  if (!read_string (o, p, "crossover_winner", OPTIONAL, TRUE, &sweep->crossover_winner, error)
      || !read_string (o, p, "crossover_loser", OPTIONAL, TRUE, &sweep->crossover_loser, error)
      || !read_string (o, p, "crossover_text", OPTIONAL, TRUE, &text, error))
    return FALSE;
  /* A report from before the strategies were saved: find them again, from
   * the same points by the same rule. */
  if (sweep->has_crossover && (sweep->crossover_winner == NULL || sweep->crossover_loser == NULL))
    {
      IbSweep *again = ib_sweep_copy (sweep);

      ib_sweep_find_crossover (again);
      if (again->has_crossover && again->crossover_value == sweep->crossover_value)
        {
          g_free (sweep->crossover_winner);
          g_free (sweep->crossover_loser);
          sweep->crossover_winner = g_steal_pointer (&again->crossover_winner);
          sweep->crossover_loser = g_steal_pointer (&again->crossover_loser);
        }
      ib_sweep_free (again);
    }
  return TRUE;
}

static gboolean
load_decision (JsonObject *o,
               IbDecision *decision,
               GError    **error)
{
  const char *p = "decision";
  JsonArray *lines;

  if (!read_uint (o, p, "budget_s", REQUIRED, &decision->budget_s, error)
      || !read_double_full (o, p, "margin", REQUIRED, 0, 1, 0, &decision->margin, error)
      || !read_double_full (o, p, "alpha", OPTIONAL, 0, 1, 0, &decision->alpha, error)
      || !read_double (o, p, "survey_s", OPTIONAL, &decision->survey_s, error)
      || !read_array (o, p, "lines", REQUIRED, &lines, error))
    return FALSE;
  for (guint i = 0; i < json_array_get_length (lines); i++)
    {
      g_autofree char *ep = NULL;
      g_autofree char *verdict = NULL;
      JsonObject *lo = array_object (lines, i, p, "lines", &ep, error);
      IbDecisionLine line = { 0 };
      JsonArray *pairs = NULL;
      JsonNode *more;
      gboolean good, ok = TRUE;

      if (lo == NULL)
        return FALSE;
      line.pairs = g_array_new (FALSE, FALSE, sizeof (IbDecisionPair));
      good = read_string (lo, ep, "line", REQUIRED, FALSE, &line.line, error)
             && read_string (lo, ep, "a", REQUIRED, FALSE, &line.a, error)
             && read_string (lo, ep, "b", REQUIRED, FALSE, &line.b, error)
             && read_string (lo, ep, "verdict", REQUIRED, FALSE, &verdict, error)
             && read_double (lo, ep, "ratio", REQUIRED, &line.ratio, error)
             && read_double (lo, ep, "ci_low", REQUIRED, &line.ci_low, error)
             && read_double (lo, ep, "ci_high", REQUIRED, &line.ci_high, error)
             && read_double_full (lo, ep, "ci_level", REQUIRED, 0, 1, 0, &line.ci_level, error)
             && read_uint (lo, ep, "n_looks", OPTIONAL, &line.n_looks, error)
             && read_double (lo, ep, "spent_s", OPTIONAL, &line.spent_s, error)
             && read_array (lo, ep, "pairs", REQUIRED, &pairs, error);
      if (good && !ib_paired_verdict_from_string (verdict, &line.verdict))
        good = member_error (error, ep, "verdict",
                             _("expected a-faster, b-faster, equivalent, undecided or no-data"));
      if (good)
        {
          more = get_member (lo, ep, "more_pairs", OPTIONAL, TRUE, &ok, error);
          if (!ok)
            good = FALSE;
          else if (more == NULL)
            line.more_pairs = json_object_has_member (lo, "more_pairs") ? G_MAXUINT : 0;
          else
            good = read_uint (lo, ep, "more_pairs", REQUIRED, &line.more_pairs, error);
        }
      for (guint k = 0; good && k < json_array_get_length (pairs); k++)
        {
          g_autofree char *pp = NULL;
          g_autofree char *order = NULL;
          JsonObject *po = array_object (pairs, k, ep, "pairs", &pp, error);
          IbDecisionPair pair = { 0 };

          good = po != NULL
                 && read_int (po, pp, "a_ns", REQUIRED, 0, G_MAXINT64, &pair.a_ns, error)
                 && read_int (po, pp, "b_ns", REQUIRED, 0, G_MAXINT64, &pair.b_ns, error)
                 && read_string (po, pp, "order", REQUIRED, FALSE, &order, error);
          if (good && g_strcmp0 (order, "ab") != 0 && g_strcmp0 (order, "ba") != 0)
            good = member_error (error, pp, "order", _("expected ab or ba"));
          pair.order = g_strcmp0 (order, "ba") == 0;
          if (good)
            g_array_append_val (line.pairs, pair);
        }
      g_array_append_val (decision->lines, line);
      if (!good)
        return FALSE;
    }
  return TRUE;
}

static gboolean
load_report (JsonObject *root,
             IbReport   *report,
             GError    **error)
{
  g_autofree char *schema = NULL;
  JsonObject *obj;
  JsonArray *array;
  JsonNode *version;
  gboolean ok;

  /* Schema and version first: a file of another kind or a newer version
   * deserves that message, not one about the first member we miss. */
  if (!json_object_has_member (root, "schema"))
    return format_error (error, _("not an I/O Bench report (no “schema” member)"));
  if (!read_string (root, "", "schema", REQUIRED, FALSE, &schema, error))
    return FALSE;
  if (!g_str_equal (schema, IB_REPORT_SCHEMA))
    return format_error (error,
                         _("not an I/O Bench report (schema is “%s”, expected “%s”)"),
                         schema, IB_REPORT_SCHEMA);
  version = get_member (root, "", "version", REQUIRED, FALSE, &ok, error);
  if (version == NULL)
    return FALSE;
  if (!node_is_int (version))
    return member_error (error, "", "version", _("expected an integer"));
  if (json_node_get_int (version) != IB_REPORT_VERSION)
    {
      g_autofree char *vs = g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (version));

      return format_error (error,
                           _("report version %s is not supported; "
                             "this I/O Bench reads version %d"),
                           vs, IB_REPORT_VERSION);
    }

  if (!read_string (root, "", "created", OPTIONAL, TRUE, &report->created, error)
      || !read_bool (root, "", "partial", OPTIONAL, &report->partial, error)
      || !read_string (root, "", "error", OPTIONAL, TRUE, &report->error, error))
    return FALSE;

  if (!read_object (root, "", "plan", REQUIRED, &obj, error)
      || !load_plan (obj, report->plan, error))
    return FALSE;
  if (!read_object (root, "", "environment", REQUIRED, &obj, error)
      || !load_environment (obj, report->environment, error))
    return FALSE;

  if (!read_array (root, "", "samples", REQUIRED, &array, error))
    return FALSE;
  g_array_set_size (report->samples, json_array_get_length (array));
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      g_autofree char *ep = NULL;
      JsonObject *o = array_object (array, i, "", "samples", &ep, error);

      if (o == NULL || !load_sample (o, ep, &g_array_index (report->samples, IbSample, i),
                                     error))
        return FALSE;
    }

  if (!read_array (root, "", "statistics", REQUIRED, &array, error))
    return FALSE;
  g_array_set_size (report->statistics, json_array_get_length (array));
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      g_autofree char *ep = NULL;
      JsonObject *o = array_object (array, i, "", "statistics", &ep, error);

      if (o == NULL || !load_stats (o, ep, &g_array_index (report->statistics, IbStats, i),
                                    error))
        return FALSE;
    }

  if (!read_array (root, "", "overhead", OPTIONAL, &array, error))
    return FALSE;
  if (array != NULL)
    {
      g_array_set_size (report->overhead, json_array_get_length (array));
      for (guint i = 0; i < json_array_get_length (array); i++)
        {
          g_autofree char *ep = NULL;
          JsonObject *o = array_object (array, i, "", "overhead", &ep, error);

          if (o == NULL
              || !load_overhead_row (o, ep, &g_array_index (report->overhead, IbOverheadRow, i),
                                     error))
            return FALSE;
        }
    }

  if (!read_object (root, "", "write_unlink", OPTIONAL, &obj, error))
    return FALSE;
  if (obj != NULL)
    {
      report->write_unlink = ib_write_unlink_new ();
      if (!load_write_unlink (obj, report->write_unlink, error))
        return FALSE;
    }

  if (!read_object (root, "", "sweep", OPTIONAL, &obj, error))
    return FALSE;
  if (obj != NULL)
    {
      report->sweep = ib_sweep_new ();
      if (!load_sweep (obj, report->sweep, error))
        return FALSE;
    }

  /* Reports older than the decision phase have none. */
  if (!read_object (root, "", "decision", OPTIONAL, &obj, error))
    return FALSE;
  if (obj != NULL)
    {
      report->decision = ib_decision_new ();
      if (!load_decision (obj, report->decision, error))
        return FALSE;
    }

  /* Derived data, recomputed from the samples: only its type is checked. */
  if (!read_object (root, "", "answer", OPTIONAL, &obj, error))
    return FALSE;

  if (!read_array (root, "", "findings", OPTIONAL, &array, error))
    return FALSE;
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      g_autofree char *ep = NULL;
      JsonObject *o = array_object (array, i, "", "findings", &ep, error);
      IbFinding finding = { NULL, NULL, FALSE };
      gboolean good;

      if (o == NULL)
        return FALSE;
      good = read_string (o, ep, "id", REQUIRED, FALSE, &finding.id, error)
             && read_string (o, ep, "text", REQUIRED, FALSE, &finding.text, error)
             && read_bool (o, ep, "covered_by_answer", OPTIONAL, &finding.covered, error);
      g_array_append_val (report->findings, finding);
      if (!good)
        return FALSE;
    }
  /* Findings are grouped by id (a "group" member, when there, is derived
   * data): a report written before groups is regrouped here. */
  ib_findings_sort (report);

  return read_string_array (root, "", "warnings", OPTIONAL, report->warnings, error);
}

IbReport *
ib_report_from_json (const char *data,
                     gssize      length,
                     GError    **error)
{
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(IbReport) report = NULL;
  g_autoptr(GError) local = NULL;
  JsonNode *root;
  gsize len;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  len = length < 0 ? strlen (data) : (gsize) length;
  if (len == 0)
    {
      format_error (error, _("the file is empty"));
      return NULL;
    }
  if (!prescan (data, len, error))
    return NULL;

  parser = json_parser_new_immutable ();
  if (!json_parser_load_from_data (parser, data, (gssize) len, &local))
    {
      /* Translators: %s is json-glib's message, with line and column. */
      format_error (error, _("not valid JSON: %s"), local->message);
      return NULL;
    }
  root = json_parser_get_root (parser);
  if (root == NULL)
    {
      format_error (error, _("the file is empty"));
      return NULL;
    }
  if (!JSON_NODE_HOLDS_OBJECT (root))
    {
      format_error (error, _("not an I/O Bench report (expected a JSON object)"));
      return NULL;
    }

  report = ib_report_new ();
  g_clear_pointer (&report->created, g_free);
  if (!load_report (json_node_get_object (root), report, error))
    return NULL;
  return g_steal_pointer (&report);
}

IbReport *
ib_report_load_json (const char *path,
                     GError    **error)
{
  g_autofree char *data = NULL;
  g_autoptr(GError) local = NULL;
  gsize length = 0;
  IbReport *report;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!g_file_get_contents (path, &data, &length, error))
    return NULL;
  report = ib_report_from_json (data, (gssize) length, &local);
  if (report == NULL)
    {
      g_autofree char *display = g_filename_display_name (path);

      g_set_error (error, IB_ERROR, IB_ERROR_FORMAT, "%s: %s", display, local->message);
      return NULL;
    }
  return report;
}
