/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-measure.c: IbMeasure (see ib-measure.h and README.md, "What it
 * measures").
 *
 * The bracket reads, in this order: peak RSS reset, rusage, run-queue
 * waits, tick start, clock | the work | clock, tick stop, rusage, run-queue
 * waits. Only the work lies between the two clock reads.
 */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "engine/model/ib-error.h"
#include "engine/measure/ib-measure.h"
#include "engine/measure/ib-responsiveness.h"
#include "engine/stats/ib-stats.h"

/* Brackets opened so far, per user, for tests. Process-wide, not per run:
 * the sweeps and the workloads open theirs with no context a test can read
 * afterwards (a count in the report would change every saved report); a
 * test reads the change around one run. */
static gint bracket_counts[IB_MEASURE_N_USERS];

/* ---- the clock bracket ---------------------------------------------------- */

void
ib_bracket_start (IbBracket     *bracket,
                  IbMeasureUser  user,
                  GMainContext  *tick_context,
                  guint64       *tick_counter)
{
  g_return_if_fail (bracket != NULL);
  g_return_if_fail (user < IB_MEASURE_N_USERS);

  memset (bracket, 0, sizeof *bracket);
  bracket->user = user;
  g_atomic_int_inc (&bracket_counts[user]);

  ib_os_reset_peak_rss ();
  ib_busy_snapshot (&bracket->cpus0);
  ib_os_rusage (&bracket->before);
  bracket->runq_others0 = ib_os_threads_runq_wait ();
  bracket->runq_self0 = ib_os_thread_runq_wait_ns ();
  bracket->tick = tick_context != NULL ? ib_tick_start (tick_context, tick_counter) : NULL;
  bracket->t0 = ib_os_monotonic_ns ();
}

/* The machine's CPU time during a sample of @wall_ns: the counters read
 * around it span a little more (the bracket's other reads, and on a busy
 * machine the measuring thread's waits for a CPU before its clock starts
 * or after it stops), so their count is scaled to @wall_ns; -1 unknown. */
static gint64
cpus_during (const IbCpuSnapshot *before,
             const IbCpuSnapshot *after,
             gint64               wall_ns)
{
  gint64 busy = ib_busy_cpus_ns (before, after);
  gint64 span = after->at_ns - before->at_ns;

  if (busy < 0 || span <= 0)
    return -1;
  return (gint64) ((double) busy * (double) MIN (wall_ns, span) / (double) span);
}

gint64
ib_bracket_stop (IbBracket *bracket,
                 IbSample  *out)
{
  gint64 t1 = ib_os_monotonic_ns ();
  gint64 runq_self1;
  g_autoptr(GArray) runq_others1 = NULL;
  IbRusage after;
  IbCpuSnapshot cpus1;

  g_return_val_if_fail (bracket != NULL, 0);
  g_return_val_if_fail (out != NULL, 0);

  if (bracket->tick != NULL)
    ib_tick_stop (g_steal_pointer (&bracket->tick), out);
  runq_self1 = ib_os_thread_runq_wait_ns ();
  runq_others1 = ib_os_threads_runq_wait ();
  ib_os_rusage (&after);
  ib_busy_snapshot (&cpus1);

  out->wall_ns = MAX (t1 - bracket->t0, 0);
  out->cpu_ns = after.cpu_ns >= 0 && bracket->before.cpu_ns >= 0
                ? after.cpu_ns - bracket->before.cpu_ns : -1;
  out->user_ns = after.user_ns - bracket->before.user_ns;
  out->sys_ns = after.sys_ns - bracket->before.sys_ns;
  out->vol_ctxsw = after.vol_ctxsw - bracket->before.vol_ctxsw;
  out->invol_ctxsw = after.invol_ctxsw - bracket->before.invol_ctxsw;
  out->minflt = after.minflt - bracket->before.minflt;
  out->majflt = after.majflt - bracket->before.majflt;
  out->peak_rss_bytes = after.peak_rss_bytes;
  out->runq_wait_ns = runq_self1 >= 0 && bracket->runq_self0 >= 0
                      ? MAX (runq_self1 - bracket->runq_self0, 0) : -1;
  out->runq_wait_workers_ns = ib_os_runq_delta (bracket->runq_others0, runq_others1);
  out->cpus_busy_ns = cpus_during (&bracket->cpus0, &cpus1, out->wall_ns);
  out->contended = ib_measure_is_contended (out);
  g_clear_pointer (&bracket->runq_others0, g_array_unref);
  return out->wall_ns;
}

guint
ib_bracket_count (IbMeasureUser user)
{
  g_return_val_if_fail (user < IB_MEASURE_N_USERS, 0);

  return (guint) g_atomic_int_get (&bracket_counts[user]);
}

gboolean
ib_measure_is_contended (const IbSample *sample)
{
  g_return_val_if_fail (sample != NULL, FALSE);

  if (sample->wall_ns <= 0)
    return FALSE;
  if (sample->wall_ns >= IB_BUSY_MIN_SPAN_NS && sample->cpus_busy_ns >= 0 && sample->cpu_ns >= 0)
    return (double) (sample->cpus_busy_ns - sample->cpu_ns) >= IB_BUSY_CORES * (double) sample->wall_ns;
  if (sample->max_in_flight != 1 || sample->runq_wait_ns < 0)
    return FALSE;
  return (double) sample->runq_wait_ns > IB_CONTENDED_SHARE * (double) sample->wall_ns;
}

/* ---- round order and rounds ------------------------------------------------ */

void
ib_measure_round_order (guint64  seed,
                        guint    round,
                        guint   *order,
                        guint    n)
{
  IbRng rng;

  g_return_if_fail (order != NULL || n == 0);

  for (guint i = 0; i < n; i++)
    order[i] = i;
  ib_rng_init (&rng, seed ^ (G_GUINT64_CONSTANT (0x9e3779b97f4a7c15) * ((guint64) round + 1)));
  for (guint i = n; i > 1; i--)
    {
      guint j = (guint) ib_rng_below (&rng, i);
      guint t = order[i - 1];

      order[i - 1] = order[j];
      order[j] = t;
    }
}

guint
ib_measure_n_rounds (guint warmup,
                     guint repeat)
{
  return warmup + repeat;
}

guint
ib_plan_n_rounds (const IbPlan *plan)
{
  g_return_val_if_fail (plan != NULL, 0);

  return ib_measure_n_rounds (plan->warmup, plan->repeat);
}

guint
ib_plan_overhead_rounds (const IbPlan *plan,
                         guint        *repeat,
                         guint        *warmup)
{
  guint r, w;

  g_return_val_if_fail (plan != NULL, 0);

  if (plan->overhead != NULL && plan->overhead->repeat != 0)
    {
      r = plan->overhead->repeat;
      w = plan->overhead->warmup;
    }
  else
    {
      r = plan->repeat;
      w = plan->warmup;
    }
  r = MAX (r, 1);
  if (repeat != NULL)
    *repeat = r;
  if (warmup != NULL)
    *warmup = w;
  return ib_measure_n_rounds (w, r);
}

double
ib_plan_sweep_units (const IbPlan *plan)
{
  if (plan->sweep == NULL)
    return 0;
  /* Small files: a sweep sample is cheap; making each point's files counts. */
  return plan->sweep->values->len *
         (1.0 + 0.2 * plan->sweep->strategies->len * ib_plan_n_rounds (plan));
}

double
ib_plan_overhead_units (const IbPlan *plan)
{
  guint reps;

  if (plan->overhead == NULL)
    return 0;
  reps = ib_plan_overhead_rounds (plan, NULL, NULL);
  return CLAMP (10.0 * reps * plan->overhead->iterations / 1e6 * 10, 1.0, 1000.0);
}

double
ib_plan_write_unlink_units (const IbPlan *plan)
{
  if (plan->write_unlink == NULL)
    return 0;
  return CLAMP (plan->write_unlink->requests / 250.0, 1.0, 1000.0);
}

guint64
ib_measure_new_seed (void)
{
  guint64 hi = g_random_int ();
  guint64 lo = g_random_int ();

  /* GLib seeds its global generator from /dev/urandom once; the time mixed
   * in keeps two runs apart even where that source is missing. */
  return ((hi << 32) | lo) ^ (guint64) g_get_real_time ();
}

/* Pauses so far: every settle step takes one (tests count them).
 * Process-wide, not per run, for the reason bracket_counts is. */
static gint n_pauses;

guint
ib_measure_settle_count (void)
{
  return (guint) g_atomic_int_get (&n_pauses);
}

gboolean
ib_measure_pause (guint         ms,
                  GCancellable *cancellable)
{
  gint64 end = g_get_monotonic_time () + (gint64) ms * 1000;

  g_atomic_int_inc (&n_pauses);

  while (!g_cancellable_is_cancelled (cancellable))
    {
      gint64 left = end - g_get_monotonic_time ();

      if (left <= 0)
        return TRUE;
      g_usleep (MIN (left, 20 * 1000));
    }
  return FALSE;
}

/* ---- one sample of a read strategy ---------------------------------------- */

static gboolean
is_cancel_error (const GError *error)
{
  return g_error_matches (error, IB_ERROR, IB_ERROR_CANCELLED) ||
         g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

static gboolean
set_cancelled (GError **error)
{
  g_set_error_literal (error, IB_ERROR, IB_ERROR_CANCELLED, _("The run was cancelled"));
  return FALSE;
}

gboolean
ib_measure_run (const IbStrategyInfo  *info,
                IbStrategyContext     *ctx,
                IbMeasureUser          user,
                IbSample              *sample,
                GError               **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GMainContext) context = g_main_context_ref_thread_default ();
  gboolean ok;

  g_return_val_if_fail (info != NULL && ctx != NULL && sample != NULL, FALSE);

  ctx->bytes = 0;
  ctx->callbacks = 0;
  ctx->dispatches = 0;
  ctx->ticks = 0;
  ctx->verify_ns = 0;
  ctx->threads_started_timed = 0;
  ctx->max_in_flight = 0;
  ctx->in_flight_now = 0;

  /* Setup outside the clock: the chunk decided, the thread pool started or
   * the io_uring ring made, reused buffers sized. */
  ok = ib_strategy_prepare (info, ctx, &local_error);
  if (ok)
    {
      IbBracket bracket;

      ib_bracket_start (&bracket, user, ctx->responsiveness ? context : NULL, &ctx->ticks);
      ok = ib_strategy_run (info, ctx, &local_error);
      ib_bracket_stop (&bracket, sample);

      /* --verify: the CRC-32 check, after the clock and the counters. */
      if (ok)
        ok = ib_strategy_verify (info, ctx, &local_error);
    }
  else
    {
      sample->wall_ns = 0;
      sample->runq_wait_ns = -1;
      sample->runq_wait_workers_ns = -1;
      sample->cpus_busy_ns = -1;
    }
  /* Teardown after the clock stopped. */
  ib_strategy_release (info, ctx);

  if (!ok && (is_cancel_error (local_error) || g_cancellable_is_cancelled (ctx->cancellable)))
    return set_cancelled (error);

  sample->verify_ns = ctx->verify_ns;
  sample->chunk = ctx->chunk;   /* as prepare decided it, and used */
  sample->max_in_flight = ctx->max_in_flight;
  sample->contended = ib_measure_is_contended (sample);
  sample->bytes = ctx->bytes;
  /* Every callback the context ran, GIO's internal 8 KiB steps included: the
   * strategy's own completions alone would hide where async spends its time. */
  sample->callbacks = MAX (ctx->callbacks, ctx->dispatches);
  sample->files = ib_file_set_get_n_files (ctx->files);
  sample->ok = ok;
  g_clear_pointer (&sample->error, g_free);
  if (!ok)
    sample->error = g_strdup (local_error != NULL ? local_error->message : _("Unknown error"));
  return TRUE;
}

/* ---- IbMeasure of a workload ------------------------------------------ */

struct _IbMeasure
{
  IbMeasureSetup  setup;
  IbFileSet      *files;
  guint           in_flight;
  gboolean        cache_possible;
  guint           n_cache_bad;
  guint           n_settles;
};

IbMeasure *
ib_measure_new (const IbMeasureSetup *setup)
{
  IbMeasure *m;

  g_return_val_if_fail (setup != NULL && setup->plan != NULL, NULL);

  m = g_new0 (IbMeasure, 1);
  m->setup = *setup;
  m->setup.workers = MAX (m->setup.workers, 1);
  m->in_flight = 1;
  m->cache_possible = TRUE;
  return m;
}

void
ib_measure_free (IbMeasure *m)
{
  g_free (m);
}

void
ib_measure_set_files (IbMeasure *m,
                      IbFileSet *files,
                      guint      in_flight)
{
  g_return_if_fail (m != NULL);

  m->files = files;
  m->in_flight = MAX (in_flight, 1);
}

/* Says @warning (taken), when there is someone to say it to. */
static void
warn (IbMeasure *m,
      IbWarning *warning)
{
  if (m->setup.warn != NULL)
    m->setup.warn (warning, m->setup.warn_data);
  ib_warning_free (warning);
}

void
ib_measure_check_cache (IbMeasure           *m,
                        const IbEnvironment *env)
{
  const IbPlan *plan;

  g_return_if_fail (m != NULL);

  plan = m->setup.plan;
  m->cache_possible = TRUE;
  if (plan->cache == IB_CACHE_COLD)
    {
      if (!ib_os_can_control_cache ())
        {
          m->cache_possible = FALSE;
          warn (m, ib_warning_new (IB_WARN_COLD_IMPOSSIBLE, ""));
        }
      else if (env != NULL && env->is_tmpfs)
        {
          m->cache_possible = FALSE;
          warn (m, ib_warning_new (IB_WARN_COLD_TMPFS, "s", plan->dir));
        }
      /* A virtual disk under a cold cache is the analysis's to say, once
       * (ib_virtual_disk_caveat: the answer, or a finding). */
    }
  else if (plan->cache == IB_CACHE_WARM && m->files != NULL &&
           ib_file_set_residency (m->files) < 0)
    {
      warn (m, ib_warning_new (IB_WARN_RESIDENCY_UNKNOWN, ""));
    }
}

gint64
ib_measure_make_durable (IbMeasure *m)
{
  gint64 t0 = ib_os_monotonic_ns ();

  g_return_val_if_fail (m != NULL, 0);

  if (m->files != NULL)
    ib_os_sync_fs (ib_file_set_get_dir (m->files));
  return ib_os_monotonic_ns () - t0;
}

gboolean
ib_measure_settle_dir (const char   *dir,
                       guint         pause_ms,
                       GCancellable *cancellable,
                       gint64       *settle_ns)
{
  gint64 t0 = ib_os_monotonic_ns ();
  gboolean ok;

  /* Dirty pages of anyone's on this file system would be written back in
   * the middle of a sample otherwise; then a short pause lets deferred work
   * (freed memory, idle workers going to sleep) finish. */
  if (dir != NULL)
    ib_os_sync_fs (dir);
  ok = ib_measure_pause (MAX (pause_ms, IB_SETTLE_PAUSE_MS), cancellable);
  if (settle_ns != NULL)
    *settle_ns = ib_os_monotonic_ns () - t0;
  return ok;
}

gboolean
ib_measure_settle (IbMeasure *m,
                   gint64    *settle_ns)
{
  g_return_val_if_fail (m != NULL, FALSE);

  m->n_settles++;
  return ib_measure_settle_dir (m->files != NULL ? ib_file_set_get_dir (m->files) : NULL,
                                m->setup.plan->pause_ms, m->setup.cancellable, settle_ns);
}

/* Brings the file set into the plan's cache state and returns the residency
 * just before the sample; *cache_ok says whether the state matches: unknown
 * residency matches warm and as-is, never cold. */
static double
prepare_cache (IbMeasure *m,
               gboolean  *cache_ok)
{
  const IbPlan *plan = m->setup.plan;
  double residency = ib_file_set_residency (m->files);

  *cache_ok = TRUE;
  switch (plan->cache)
    {
    case IB_CACHE_WARM:
      if (residency >= 0 && residency < IB_MEASURE_WARM_MIN)
        {
          /* Evicted since the last sample (memory pressure): warm once more. */
          ib_file_set_warm (m->files, m->setup.cancellable, NULL);
          residency = ib_file_set_residency (m->files);
          if (residency >= 0 && residency < IB_MEASURE_WARM_MIN)
            {
              *cache_ok = FALSE;
              m->n_cache_bad++;
              warn (m, ib_warning_new (IB_WARN_WARM_FAILED, "f", residency * 100));
            }
        }
      break;

    case IB_CACHE_COLD:
      if (!m->cache_possible)
        {
          *cache_ok = FALSE;
          break;
        }
      ib_file_set_drop_cache (m->files, NULL);
      residency = ib_file_set_residency (m->files);
      if (residency < 0 || residency > IB_MEASURE_COLD_MAX)
        {
          *cache_ok = FALSE;
          m->n_cache_bad++;
          warn (m, ib_warning_new (IB_WARN_COLD_FAILED, "f",
                                   residency < 0 ? 100.0 : residency * 100));
        }
      break;

    case IB_CACHE_AS_IS:
    default:
      break;
    }
  return residency;
}

gboolean
ib_measure_sample (IbMeasure   *m,
                   const char  *strategy_id,
                   guint        round,
                   IbSample    *out,
                   GError     **error)
{
  const IbPlan *plan;
  const IbStrategyInfo *info;
  IbStrategyContext ctx = { 0 };
  gint64 settle_ns = 0;

  g_return_val_if_fail (m != NULL && m->files != NULL, FALSE);
  g_return_val_if_fail (strategy_id != NULL && out != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  plan = m->setup.plan;
  info = ib_strategy_lookup (strategy_id);
  if (info == NULL)
    {
      g_set_error (error, IB_ERROR, IB_ERROR_INVALID, _("Unknown strategy “%s”"), strategy_id);
      return FALSE;
    }
  memset (out, 0, sizeof *out);
  if (g_cancellable_is_cancelled (m->setup.cancellable) || !ib_measure_settle (m, &settle_ns))
    return set_cancelled (error);

  out->strategy = g_strdup (strategy_id);
  out->round = round;
  out->warmup = round < plan->warmup;
  out->settle_ns = settle_ns;
  out->residency = prepare_cache (m, &out->cache_ok);

  ctx.files = m->files;
  ctx.chunk = plan->chunk;   /* ib_strategy_prepare() decides; the sample records it */
  ctx.buffer = plan->buffer;
  ctx.workers = m->setup.workers;
  ctx.in_flight = m->in_flight;
  ctx.queue_depth = plan->queue_depth;
  ctx.direct = plan->direct || ib_strategy_id_is_direct (strategy_id);
  ctx.verify = plan->verify;
  ctx.cancellable = m->setup.cancellable;
  ctx.scratch = m->setup.scratch;
  ctx.responsiveness = plan->responsiveness;

  if (!ib_measure_run (info, &ctx, m->setup.user, out, error))
    {
      ib_sample_clear (out);
      return FALSE;
    }
  ib_sample_judge (out, plan->cache);
  return TRUE;
}

guint
ib_measure_n_cache_bad (IbMeasure *m)
{
  g_return_val_if_fail (m != NULL, 0);

  return m->n_cache_bad;
}

guint
ib_measure_n_settles (IbMeasure *m)
{
  g_return_val_if_fail (m != NULL, 0);

  return m->n_settles;
}
