/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-runner.c: one run of a plan on one dedicated worker thread
 * (docs/architecture.md, "Threading"). See ib-runner.h for the order of work.
 *
 * The worker creates its own GMainContext and pushes it as thread-default for
 * the whole run, so async strategies dispatch their callbacks there. The
 * report is built on the worker only; the caller sees copies of samples and,
 * at the end, the report itself (never mutated again). Events travel as heap
 * structs in idle sources attached to the caller's context (always queued,
 * see post()) and are freed after delivery.
 */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "engine/model/ib-format.h"
#include "engine/run/ib-decision.h"
#include "engine/os/ib-environment.h"
#include "engine/model/ib-error.h"
#include "engine/io/ib-fileset.h"
#include "engine/measure/ib-measure.h"
#include "engine/os/ib-os.h"
#include "engine/plan/ib-parse.h"
#include "engine/run/ib-runner.h"
#include "engine/run/ib-runner-sink.h"
#include "engine/run/ib-runner-prepare.h"
#include "engine/stats/ib-stats.h"
#include "engine/io/ib-strategy.h"
#include "engine/run/ib-sweep.h"
#include "engine/run/ib-map-run.h"
#include "engine/workloads/ib-workloads.h"

#define PROGRESS_INTERVAL   (100 * G_TIME_SPAN_MILLISECOND * 1000)  /* ns */

/* ---- runner ------------------------------------------------------------ */

struct _IbRunner
{
  IbPlan       *plan;
  GCancellable *cancellable;
  GThread      *thread;
  IbEventSink  *sink;
  gint          running;
};

/* State of one run, on the worker thread only. */
typedef struct
{
  IbRunner     *runner;
  const IbPlan *plan;
  IbReport     *report;
  IbFileSet    *files;
  IbMeasure    *measure; /* the read experiment's IbMeasure */
  IbScratch    *scratch;
  GHashTable   *warned;        /* warning keys already given */
  guint         workers;
  guint         in_flight;     /* resolved for the read experiment */
  guint         max_in_flight; /* cap below RLIMIT_NOFILE */
  IbPhase       phase;
  double        total_units;
  double        done_units;
  double        phase_base;    /* done_units when the current phase began */
  double        phase_units;
  gint64        start_ns;
  gint64        last_progress_ns;
} Run;

static void
post (Run     *run,
      IbEvent *event)
{
  ib_event_sink_post (run->runner->sink, event);
}

static gint64
eta_ns (Run *run)
{
  gint64 elapsed = ib_os_monotonic_ns () - run->start_ns;

  if (run->done_units <= 0 || run->total_units <= 0)
    return -1;
  /* Mean time per unit of work so far x the work that is left. */
  return (gint64) (elapsed / run->done_units * MAX (0.0, run->total_units - run->done_units));
}

static void
post_progress (Run        *run,
               const char *message,
               gboolean    force)
{
  IbEvent event = { 0 };
  gint64 now = ib_os_monotonic_ns ();

  if (!force && now - run->last_progress_ns < PROGRESS_INTERVAL)
    return;
  run->last_progress_ns = now;
  event.kind = IB_EVENT_PROGRESS;
  event.phase = run->phase;
  event.message = g_strdup (message);
  event.fraction = run->total_units > 0 ? CLAMP (run->done_units / run->total_units, 0, 1) : 0;
  event.eta_ns = eta_ns (run);
  post (run, &event);
}

static void
enter_phase (Run        *run,
             IbPhase     phase,
             double      units,
             const char *message)
{
  run->phase = phase;
  run->phase_base = run->done_units;
  run->phase_units = units;
  post_progress (run, message, TRUE);
}

/* Progress within the current phase, @fraction of its units. */
static void
phase_progress (Run        *run,
                double      fraction,
                const char *message)
{
  run->done_units = run->phase_base + CLAMP (fraction, 0, 1) * run->phase_units;
  post_progress (run, message, FALSE);
}

static void
finish_phase (Run *run)
{
  run->done_units = run->phase_base + run->phase_units;
}

/* Adds @warning (taken) to the report and posts it, once per @once (NULL:
 * once per key and values). */
static void
warn (Run        *run,
      const char *once,
      IbWarning  *warning)
{
  IbEvent event = { 0 };
  char *id = once != NULL ? g_strdup (once) : ib_warning_identity (warning);

  if (!g_hash_table_add (run->warned, id))
    {
      ib_warning_free (warning);
      return;
    }
  event.kind = IB_EVENT_WARNING;
  event.phase = run->phase;
  event.warning = ib_warning_copy (warning);
  event.fraction = run->total_units > 0 ? CLAMP (run->done_units / run->total_units, 0, 1) : 0;
  event.eta_ns = -1;
  ib_report_add_warning (run->report, warning);
  post (run, &event);
}

static gboolean
set_cancelled (GError **error)
{
  g_set_error_literal (error, IB_ERROR, IB_ERROR_CANCELLED, _("The run was cancelled"));
  return FALSE;
}

static gboolean
is_cancel_error (const GError *error)
{
  return g_error_matches (error, IB_ERROR, IB_ERROR_CANCELLED) ||
         g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

/* ---- the read experiment ----------------------------------------------- */

/* The statistics so far, for the event of the sample just taken: computed
 * here, between two samples, so that no other thread (a UI's) competes with
 * a timed sample for them and none of GLib's shared task pool, which the
 * async strategies use, is taken. Strategies not reached yet get no row. */
static GArray *
live_statistics (Run        *run,
                 const char *strategy)
{
  GArray *out = g_array_new (FALSE, TRUE, sizeof (IbStats));

  g_array_set_clear_func (out, (GDestroyNotify) ib_stats_clear);
  /* Only @strategy's samples changed since the last event: its row alone
   * is recomputed (the others would come out the same). */
  ib_report_update_statistics (run->report, strategy);
  for (guint i = 0; i < run->report->statistics->len; i++)
    {
      const IbStats *st = &g_array_index (run->report->statistics, IbStats, i);
      IbStats copy;

      if (st->n == 0 && st->n_failed == 0 && st->n_excluded == 0)
        continue;
      ib_stats_copy_into (&copy, st);
      g_array_append_val (out, copy);
    }
  return out;
}

static void
file_progress (guint64  done_bytes,
               guint64  total_bytes,
               gpointer user_data)
{
  Run *run = user_data;
  g_autofree char *done = ib_format_size (done_bytes);
  g_autofree char *total = ib_format_size (total_bytes);
  /* Translators: progress while making test files, e.g. "Making files: 64 MiB of 144 MiB" */
  g_autofree char *message = g_strdup_printf (_("Making files: %s of %s"), done, total);

  phase_progress (run, total_bytes > 0 ? (double) done_bytes / total_bytes : 1.0, message);
}

/* The plan's files in a fresh folder, saying how far making them got. */
static IbFileSet *
make_plan_files (Run     *run,
                 GError **error)
{
  IbFileSetRequest request = {
    .parent_dir = run->plan->dir,
    .sizes = (const guint64 *) (gconstpointer) run->plan->file_sizes->data,
    .n_sizes = run->plan->file_sizes->len,
    .content = run->plan->content,
    .seed = run->plan->seed,
    .do_fsync = run->plan->fsync,
    .progress = file_progress,
    .progress_data = run,
  };

  return ib_file_set_create (&request, run->runner->cancellable, error);
}

static void
measure_warn (const IbWarning *warning,
              gpointer         user_data)
{
  warn (user_data, warning->key, ib_warning_copy (warning));
}

static IbMeasure *
new_measure (Run           *run,
             IbMeasureUser  user)
{
  IbMeasureSetup setup = { 0 };

  setup.plan = run->plan;
  setup.user = user;
  setup.workers = run->workers;
  setup.scratch = run->scratch;
  setup.cancellable = run->runner->cancellable;
  setup.warn = measure_warn;
  setup.warn_data = run;
  return ib_measure_new (&setup);
}

/* Makes the file set, writes it back and brings it into the plan's cache
 * state before the first sample. */
static gboolean
prepare_reads (Run     *run,
               GError **error)
{
  const IbPlan *plan = run->plan;
  double        make_units = MAX (1.0, (double) ib_plan_total_bytes (plan) / (256.0 * 1024 * 1024));
  g_autoptr(GError) warm_error = NULL;

  enter_phase (run, IB_PHASE_MAKING_FILES, make_units, _("Making files"));
  run->files = make_plan_files (run, error);
  if (run->files == NULL)
    return FALSE;
  run->measure = new_measure (run, IB_MEASURE_USER_READS);
  ib_measure_set_files (run->measure, run->files, run->in_flight);
  /* Written back before any sample: no write-back of the files lands in one. */
  ib_measure_make_durable (run->measure);
  finish_phase (run);

  ib_measure_check_cache (run->measure, run->report->environment);
  if (plan->direct && !ib_runner_check_direct (run->files, error))
    return FALSE;
  if (plan->cache != IB_CACHE_WARM)
    return TRUE;
  enter_phase (run, IB_PHASE_WARMING, make_units / 4, _("Warming the page cache"));
  if (!ib_file_set_warm (run->files, run->runner->cancellable, &warm_error))
    {
      if (g_error_matches (warm_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return set_cancelled (error);
      /* A read error while warming is the storage's, not the plan's: each
       * sample warms again first (IbMeasure) and is left out of
       * the statistics if the files still are not cached, and a strategy
       * that meets the error fails its own sample. */
      warn (run, NULL, ib_warning_new (IB_WARN_WARM_ERROR, "s", warm_error->message));
    }
  finish_phase (run);
  return TRUE;
}

/* One sample of @id in @round, kept in the report and posted with the
 * statistics so far; counts it in *@n_samples and, failed, *@n_failed. */
static gboolean
read_sample (Run        *run,
             const char *id,
             guint       round,
             guint      *n_samples,
             guint      *n_failed,
             GError    **error)
{
  const IbPlan    *plan = run->plan;
  IbSample         sample = { 0 };
  IbEvent          event = { 0 };
  g_autofree char *message = NULL;

  if (!ib_measure_sample (run->measure, id, round, &sample, error))
    return FALSE;
  if (!sample.ok)
    {
      g_autofree char *key = g_strconcat ("failed:", id, NULL);

      (*n_failed)++;
      warn (run, key, ib_warning_new (IB_WARN_SAMPLE_FAILED, "sus", id, round + 1, sample.error));
    }

  g_array_append_val (run->report->samples, sample);
  event.kind = IB_EVENT_SAMPLE;
  event.phase = IB_PHASE_MEASURING;
  event.sample = ib_sample_copy (&sample);
  event.statistics = live_statistics (run, id);
  event.eta_ns = -1;
  post (run, &event);

  (*n_samples)++;
  run->done_units = run->phase_base + *n_samples;
  if (round < plan->warmup)
    /* Translators: e.g. "Warm-up 1 of 1: Memory map" */
    message = g_strdup_printf (_("Warm-up %u of %u: %s"), round + 1, plan->warmup,
                               ib_strategy_title (id));
  else
    /* Translators: e.g. "Round 2 of 5: Memory map" */
    message = g_strdup_printf (_("Round %u of %u: %s"), round + 1 - plan->warmup,
                               plan->repeat, ib_strategy_title (id));
  post_progress (run, message, TRUE);
  return TRUE;
}

static gboolean
run_reads (Run     *run,
           GError **error)
{
  const IbPlan     *plan = run->plan;
  guint             n_strategies = plan->strategies->len;
  guint             n_rounds = ib_plan_n_rounds (plan);
  g_autofree guint *order = g_new (guint, n_strategies);
  guint             n_samples = 0, n_failed = 0, n_cache_bad;
  gint64            rounds_start = 0;
  gboolean          cut = FALSE;

  if (!prepare_reads (run, error))
    return FALSE;
  enter_phase (run, IB_PHASE_MEASURING, n_rounds * n_strategies, _("Measuring"));
  for (guint round = 0; round < n_rounds && !cut; round++)
    {
      gboolean warmup = round < plan->warmup;

      /* With a budget, leave the decision phase its time (ib-decision.h). */
      if (round == plan->warmup)
        rounds_start = ib_os_monotonic_ns ();
      if (!warmup && ib_decision_survey_should_stop (plan, run->start_ns, rounds_start,
                                                     round - plan->warmup, ib_os_monotonic_ns ()))
        {
          warn (run, "survey", ib_warning_new (IB_WARN_SURVEY_SHORT, "uuu", round - plan->warmup,
                                               plan->repeat, plan->budget_s));
          break;
        }

      ib_measure_round_order (plan->seed, round, order, n_strategies);
      for (guint k = 0; k < n_strategies && !cut; k++)
        {
          /* A machine so busy that the rounds alone would eat the budget:
           * stop in the middle of this one (ib-decision.h). */
          cut = !warmup && ib_decision_survey_overran (plan, run->report, run->start_ns,
                                                       round - plan->warmup,
                                                       ib_os_monotonic_ns ());
          if (cut)
            warn (run, "survey", ib_warning_new (IB_WARN_SURVEY_CUT, "uuu", round + 1 - plan->warmup,
                                               plan->repeat, plan->budget_s));
          else if (!read_sample (run, g_ptr_array_index (plan->strategies, order[k]), round,
                                 &n_samples, &n_failed, error))
            return FALSE;
        }
    }
  finish_phase (run);

  n_cache_bad = ib_measure_n_cache_bad (run->measure);
  if (n_cache_bad > 0)
    warn (run, NULL, ib_warning_new (IB_WARN_CACHE_BAD, "us", n_cache_bad,
                                     ib_cache_mode_to_string (plan->cache)));

  if (n_failed > 0 && n_failed == n_samples)
    {
      const IbSample *first = &g_array_index (run->report->samples, IbSample, 0);

      g_set_error (error, IB_ERROR, IB_ERROR_IO, _("Every sample failed; the first error: %s"),
                   first->error);
      return FALSE;
    }

  /* The decision phase (ib-decision.h) reads them again right after. */
  if (plan->budget_s == 0)
    {
      g_clear_pointer (&run->measure, ib_measure_free);
      ib_file_set_free (g_steal_pointer (&run->files));
    }
  return TRUE;
}

/* ---- the decision phase ------------------------------------------------- */

/* One fresh sample for the decision phase, taken in the same IbMeasure
 * as the survey's. */
static gboolean
decision_sample (const char  *strategy,
                 guint        round,
                 IbSample    *out,
                 gpointer     user_data,
                 GError     **error)
{
  Run *run = user_data;

  return ib_measure_sample (run->measure, strategy, round, out, error);
}

static void
decision_progress (const char           *message,
                   double                fraction,
                   const IbDecisionLook *look,
                   gpointer              user_data)
{
  Run *run = user_data;

  if (message != NULL)
    phase_progress (run, fraction, message);
  if (look != NULL)
    {
      IbEvent event = { 0 };

      event.kind = IB_EVENT_DECISION;
      event.phase = IB_PHASE_DECIDING;
      event.decision = ib_decision_look_copy (look);
      event.eta_ns = -1;
      post (run, &event);
    }
}

static gboolean
run_decision (Run     *run,
              GError **error)
{
  /* The answer's pairs come last, after the sweep, overhead and write+delete
   * parts: they take exactly what those left of the budget, and the run
   * ends within it unless those alone overran it. */
  IbDecisionRequest request = { run->start_ns, 0, decision_sample, decision_progress, run,
                                run->runner->cancellable };

  request.deadline_ns = run->start_ns + (gint64) (run->plan->budget_s * 1e9) - IB_DECISION_RESERVE_NS;
  enter_phase (run, IB_PHASE_DECIDING, ib_runner_units_reads (run->plan), _("Deciding"));
  if (!ib_decision_run (run->report, &request, error))
    return FALSE;
  finish_phase (run);
  return TRUE;
}

/* ---- sweep, overhead, write+delete -------------------------------------- */

static void
work_progress (double      fraction,
               const char *message,
               gpointer    user_data)
{
  phase_progress (user_data, fraction, message);
}

static void
sweep_warn (const IbWarning *warning,
            gpointer         user_data)
{
  warn (user_data, NULL, ib_warning_copy (warning));
}

/* The map so far, as its cells decide (ib-map-run.h). */
static void
map_changed (const IbMap *map,
             guint        cell,
             gpointer     user_data)
{
  IbEvent event = { .kind = IB_EVENT_MAP, .eta_ns = -1, .map = ib_map_copy (map) };

  event.phase = ((Run *) user_data)->phase;
  post (user_data, &event);
}

/* The size x count map (ib-map-run.h): its cells share the whole budget
 * but the reserve the decision phase keeps too. */
static gboolean
run_map (Run     *run,
         GError **error)
{
  IbMapContext ctx = { .plan = run->plan, .workers = run->workers,
                       .max_in_flight = run->max_in_flight, .scratch = run->scratch,
                       .cancellable = run->runner->cancellable, .progress = work_progress,
                       .changed = map_changed, .progress_data = run };
  IbMapCost cost;

  ib_map_cost (run->plan, &cost);
  ctx.deadline_ns = run->start_ns + (gint64) (cost.budget_s * 1e9) - IB_DECISION_RESERVE_NS;
  return ib_map_run (&ctx, run->report, error);
}

static gboolean
run_sweep (Run     *run,
           GError **error)
{
  IbSweepContext ctx = { 0 };
  IbSweep *partial = NULL;
  IbSweep *sweep;

  ctx.plan = run->plan;
  ctx.workers = run->workers;
  ctx.max_in_flight = run->max_in_flight;
  ctx.scratch = run->scratch;
  ctx.cancellable = run->runner->cancellable;
  ctx.progress = work_progress;
  ctx.progress_data = run;
  ctx.warn = sweep_warn;

  sweep = ib_sweep_run (&ctx, &partial, error);
  if (sweep == NULL)
    {
      run->report->sweep = partial;
      return FALSE;
    }
  run->report->sweep = sweep;
  return TRUE;
}

static gboolean
run_overhead (Run     *run,
              GError **error)
{
  IbOverheadRequest request = {
    .spec = run->plan->overhead,
    .pause_ms = run->plan->pause_ms,
    .seed = run->plan->seed,
    .progress = work_progress,
    .progress_data = run,
  };

  ib_plan_overhead_rounds (run->plan, &request.repeat, &request.warmup);
  return ib_overhead_run (&request, run->report, run->runner->cancellable, error);
}

static gboolean
run_write_unlink (Run     *run,
                  GError **error)
{
  g_autoptr(IbFileSet) work = NULL;
  IbWriteUnlinkSpec spec = *run->plan->write_unlink;
  IbWriteUnlinkRequest request = {
    .spec = &spec,
    .seed = run->plan->seed,
    .progress = work_progress,
    .progress_data = run,
  };
  gboolean ok;

  /* A fresh iobench-XXXXXX folder with a marker and no files yet: the
   * workload lists every file in the marker before writing it. */
  work = ib_file_set_create (&(IbFileSetRequest) { .parent_dir = run->plan->dir },
                             run->runner->cancellable, error);
  if (work == NULL)
    return FALSE;
  spec.tick = run->plan->responsiveness;
  ok = ib_write_unlink_run_in_set (&request, work, run->report, run->runner->cancellable, error);
  if (run->report->write_unlink != NULL &&
      run->report->write_unlink->effective_concurrency < run->plan->write_unlink->concurrency)
    warn (run, NULL, ib_warning_new (IB_WARN_WU_CAPPED, "uu",
                                     run->report->write_unlink->effective_concurrency,
                                     run->plan->write_unlink->concurrency));
  return ok;
}

/* ---- the whole run ------------------------------------------------------ */

static void
resolve_limits (Run *run)
{
  const IbPlan *plan = run->plan;
  guint limit = ib_os_raise_nofile_limit ();
  guint requested;

  ib_os_gio_warm_up ();   /* while there are descriptors to do it with */

  if (run->report->environment != NULL)
    run->report->environment->nofile_limit = limit;
  if (limit == G_MAXUINT)
    run->max_in_flight = IB_MAX_IN_FLIGHT;
  else
    run->max_in_flight = ib_os_usable_fds (limit);

  requested = plan->in_flight != 0 ? plan->in_flight : MAX (plan->file_sizes->len, 1);
  run->in_flight = MIN (requested, run->max_in_flight);
  if (run->in_flight < requested && plan->file_sizes->len > 0)
    warn (run, NULL, ib_warning_new (IB_WARN_IN_FLIGHT_CAPPED, "uuu", run->in_flight, requested,
                                     limit));

  run->workers = plan->workers != 0 ? plan->workers : MAX (ib_os_n_cores (), 1);
}

static gboolean
execute (Run     *run,
         GError **error)
{
  const IbPlan *plan = run->plan;
  guint n_reaped;

  run->total_units = ib_runner_units_total (plan);

  enter_phase (run, IB_PHASE_PREPARING, 1.0, _("Preparing"));
  if (!g_file_test (plan->dir, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, IB_ERROR, IB_ERROR_INVALID,
                   _("Folder “%s” does not exist or is not a folder; choose an existing "
                     "folder for the test files"), plan->dir);
      return FALSE;
    }
  n_reaped = ib_file_set_reap_stale (plan->dir);
  if (n_reaped > 0)
    warn (run, NULL, ib_warning_new (IB_WARN_REAPED, "u", n_reaped));

  ib_environment_free (run->report->environment);
  run->report->environment = ib_environment_probe (plan->dir);
  resolve_limits (run);
  /* A sweep's points are only worth their cache state: refuse one that can
   * never be cold rather than plot warm reads as cold ones. */
  if (plan->sweep != NULL && plan->cache == IB_CACHE_COLD &&
      (!ib_os_can_control_cache () || run->report->environment->is_tmpfs))
    {
      g_set_error (error, IB_ERROR, IB_ERROR_INVALID,
                   run->report->environment->is_tmpfs
                   ? _("A sweep with a cold cache is impossible on tmpfs (%s): the files live "
                       "in memory and can never be cold. Choose a folder on a disk, or use "
                       "--cache warm")
                   : _("A sweep with a cold cache is impossible here (%s): this system cannot "
                       "drop files from the page cache. Use --cache warm or as-is"),
                   plan->dir);
      return FALSE;
    }
  finish_phase (run);

  if (ib_runner_units_reads (plan) > 0 && !run_reads (run, error))
    return FALSE;

  if (plan->sweep != NULL)
    {
      enter_phase (run, IB_PHASE_SWEEP, ib_plan_sweep_units (plan), _("Sweep"));
      if (!run_sweep (run, error))
        return FALSE;
      finish_phase (run);
    }

  if (plan->overhead != NULL)
    {
      enter_phase (run, IB_PHASE_OVERHEAD, ib_plan_overhead_units (plan), _("Dispatch overhead"));
      if (!run_overhead (run, error))
        return FALSE;
      finish_phase (run);
    }

  if (plan->write_unlink != NULL)
    {
      enter_phase (run, IB_PHASE_WRITE_UNLINK, ib_plan_write_unlink_units (plan),
                   _("Write and delete"));
      if (!run_write_unlink (run, error))
        return FALSE;
      finish_phase (run);
    }

  if (plan->map != NULL)
    {
      enter_phase (run, IB_PHASE_DECIDING, 1.0, _("Map"));
      if (!run_map (run, error))
        return FALSE;
      finish_phase (run);
    }

  /* Last: the survey's file set stayed for it (run_reads). */
  if (run->files != NULL && !run_decision (run, error))
    return FALSE;

  return TRUE;
}

static gpointer
worker_thread (gpointer data)
{
  IbRunner *runner = data;
  g_autoptr(GMainContext) context = g_main_context_new ();
  g_autoptr(GError) error = NULL;
  IbEvent event = { 0 };
  Run run = { 0 };
  gboolean ok;

  g_main_context_push_thread_default (context);

  run.runner = runner;
  run.plan = runner->plan;
  run.report = ib_report_new ();
  ib_plan_free (run.report->plan);
  run.report->plan = ib_plan_copy (runner->plan);
  run.warned = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  run.scratch = ib_scratch_new ();
  run.start_ns = ib_os_monotonic_ns ();

  ok = execute (&run, &error);
  if (!ok && error == NULL)
    g_set_error_literal (&error, IB_ERROR, IB_ERROR_IO, _("The run failed"));
  if (!ok && g_cancellable_is_cancelled (runner->cancellable) && !is_cancel_error (error))
    {
      /* A cancel that surfaced as some other error is still a cancel. */
      g_clear_error (&error);
      set_cancelled (&error);
    }
  if (error != NULL && error->domain == G_IO_ERROR)
    {
      GError *mapped = g_error_new_literal (IB_ERROR,
                                            is_cancel_error (error) ? IB_ERROR_CANCELLED
                                                                    : IB_ERROR_IO,
                                            error->message);

      g_clear_error (&error);
      error = mapped;
    }

  /* Cleanup always: after success, failure and cancel. */
  run.phase = IB_PHASE_CLEANING;
  post_progress (&run, _("Removing the test files"), TRUE);
  g_clear_pointer (&run.measure, ib_measure_free);
  g_clear_pointer (&run.files, ib_file_set_free);
  g_clear_pointer (&run.scratch, ib_scratch_free);

  if (!ok)
    {
      run.report->partial = TRUE;
      run.report->error = g_strdup (error->message);
    }
  ib_report_compute_statistics (run.report);

  /* Let async callbacks still queued on the run's context finish. */
  while (g_main_context_pending (context))
    g_main_context_iteration (context, FALSE);
  g_main_context_pop_thread_default (context);

  g_atomic_int_set (&runner->running, FALSE);
  event.kind = IB_EVENT_DONE;
  event.phase = IB_PHASE_DONE;
  event.message = g_strdup (ok ? _("Done") : error->message);
  event.fraction = 1.0;
  event.eta_ns = 0;
  event.report = g_steal_pointer (&run.report);
  event.error = g_steal_pointer (&error);
  post (&run, &event);

  g_hash_table_unref (run.warned);
  return NULL;
}

/* ---- public API -------------------------------------------------------- */

IbRunner *
ib_runner_new (const IbPlan  *plan,
               GError       **error)
{
  IbRunner *runner;

  g_return_val_if_fail (plan != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!ib_plan_validate (plan, error))
    return NULL;
  /* Before a thread, a main context or a folder is made (ib-os.h). */
  if (!ib_os_check_fd_room (error))
    return NULL;

  runner = g_new0 (IbRunner, 1);
  runner->plan = ib_plan_copy (plan);
  /* Drawn once per run: the content, the round order and the kinds' order
   * all follow from it, and the report's plan records it. */
  if (runner->plan->seed_drawn)
    runner->plan->seed = ib_measure_new_seed ();
  runner->cancellable = g_cancellable_new ();
  return runner;
}

void
ib_runner_start (IbRunner       *runner,
                 GMainContext   *event_context,
                 IbEventFunc     func,
                 gpointer        user_data,
                 GDestroyNotify  destroy)
{

  g_return_if_fail (runner != NULL);
  g_return_if_fail (runner->thread == NULL);

  runner->sink = ib_event_sink_new (event_context, func, user_data, destroy);

  g_atomic_int_set (&runner->running, TRUE);
  runner->thread = g_thread_new ("iobench-run", worker_thread, runner);
}

void
ib_runner_cancel (IbRunner *runner)
{
  g_return_if_fail (runner != NULL);

  g_cancellable_cancel (runner->cancellable);
}

gboolean
ib_runner_is_running (IbRunner *runner)
{
  g_return_val_if_fail (runner != NULL, FALSE);

  return g_atomic_int_get (&runner->running);
}

void
ib_runner_free (IbRunner *runner)
{
  if (runner == NULL)
    return;

  if (runner->thread != NULL)
    {
      if (g_atomic_int_get (&runner->running))
        g_cancellable_cancel (runner->cancellable);
      g_thread_join (runner->thread);
    }
  if (runner->sink != NULL)
    ib_event_sink_drop (runner->sink);
  g_clear_object (&runner->cancellable);
  ib_plan_free (runner->plan);
  g_free (runner);
}
