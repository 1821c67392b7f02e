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
} RunnerState;

static void
post (RunnerState *state,
      IbEvent     *event)
{
  ib_event_sink_post (state->runner->sink, event);
}

static gint64
eta_ns (RunnerState *state)
{
  gint64 elapsed = ib_os_monotonic_ns () - state->start_ns;

  if (state->done_units <= 0 || state->total_units <= 0)
    return -1;
  /* Mean time per unit of work so far x the work that is left. */
  return (gint64) (elapsed / state->done_units * MAX (0.0, state->total_units - state->done_units));
}

static void
post_progress (RunnerState *state,
               const char  *message,
               gboolean     force)
{
  IbEvent event = { 0 };
  gint64 now = ib_os_monotonic_ns ();

  if (!force && now - state->last_progress_ns < PROGRESS_INTERVAL)
    return;
  state->last_progress_ns = now;
  event.kind = IB_EVENT_PROGRESS;
  event.phase = state->phase;
  event.message = g_strdup (message);
  event.fraction =
    state->total_units > 0 ? CLAMP (state->done_units / state->total_units, 0, 1) : 0;
  event.eta_ns = eta_ns (state);
  post (state, &event);
}

static void
enter_phase (RunnerState *state,
             IbPhase      phase,
             double       units,
             const char  *message)
{
  state->phase = phase;
  state->phase_base = state->done_units;
  state->phase_units = units;
  post_progress (state, message, TRUE);
}

/* Progress within the current phase, @fraction of its units. */
static void
phase_progress (RunnerState *state,
                double       fraction,
                const char  *message)
{
  state->done_units = state->phase_base + CLAMP (fraction, 0, 1) * state->phase_units;
  post_progress (state, message, FALSE);
}

static void
finish_phase (RunnerState *state)
{
  state->done_units = state->phase_base + state->phase_units;
}

/* Adds @warning (taken) to the report and posts it, once per @once (NULL:
 * once per key and values). */
static void
warn (RunnerState *state,
      const char  *once,
      IbWarning   *warning)
{
  IbEvent event = { 0 };
  char *id = once != NULL ? g_strdup (once) : ib_warning_identity (warning);

  if (!g_hash_table_add (state->warned, id))
    {
      ib_warning_free (warning);
      return;
    }
  event.kind = IB_EVENT_WARNING;
  event.phase = state->phase;
  event.warning = ib_warning_copy (warning);
  event.fraction =
    state->total_units > 0 ? CLAMP (state->done_units / state->total_units, 0, 1) : 0;
  event.eta_ns = -1;
  ib_report_add_warning (state->report, warning);
  post (state, &event);
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
live_statistics (RunnerState *state,
                 const char  *strategy)
{
  GArray *out = g_array_new (FALSE, TRUE, sizeof (IbStats));

  g_array_set_clear_func (out, (GDestroyNotify) ib_stats_clear);
  /* Only @strategy's samples changed since the last event: its row alone
   * is recomputed (the others would come out the same). */
  ib_report_update_statistics (state->report, strategy);
  for (guint i = 0; i < state->report->statistics->len; i++)
    {
      const IbStats *st = &g_array_index (state->report->statistics, IbStats, i);
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
  RunnerState *state = user_data;
  g_autofree char *done = ib_format_size (done_bytes);
  g_autofree char *total = ib_format_size (total_bytes);
  /* Translators: progress while making test files, e.g. "Making files: 64 MiB of 144 MiB" */
  g_autofree char *message = g_strdup_printf (_("Making files: %s of %s"), done, total);

  phase_progress (state, total_bytes > 0 ? (double) done_bytes / total_bytes : 1.0, message);
}

/* The plan's files in a fresh folder, saying how far making them got. */
static IbFileSet *
make_plan_files (RunnerState *state,
                 GError     **error)
{
  IbFileSetRequest request = {
    .parent_dir = state->plan->dir,
    .sizes = (const guint64 *) (gconstpointer) state->plan->file_sizes->data,
    .n_sizes = state->plan->file_sizes->len,
    .content = state->plan->content,
    .seed = state->plan->seed,
    .do_fsync = state->plan->fsync,
    .progress = file_progress,
    .progress_data = state,
  };

  return ib_file_set_create (&request, state->runner->cancellable, error);
}

static void
measure_warn (const IbWarning *warning,
              gpointer         user_data)
{
  warn (user_data, warning->key, ib_warning_copy (warning));
}

static IbMeasure *
new_measure (RunnerState  *state,
             IbMeasureUser user)
{
  IbMeasureSetup setup = { 0 };

  setup.plan = state->plan;
  setup.user = user;
  setup.workers = state->workers;
  setup.scratch = state->scratch;
  setup.cancellable = state->runner->cancellable;
  setup.warn = measure_warn;
  setup.warn_data = state;
  return ib_measure_new (&setup);
}

/* Makes the file set, writes it back and brings it into the plan's cache
 * state before the first sample. */
static gboolean
prepare_reads (RunnerState *state,
               GError     **error)
{
  const IbPlan *plan = state->plan;
  double        make_units = MAX (1.0, (double) ib_plan_total_bytes (plan) / (256.0 * 1024 * 1024));
  g_autoptr(GError) warm_error = NULL;

  enter_phase (state, IB_PHASE_MAKING_FILES, make_units, _("Making files"));
  state->files = make_plan_files (state, error);
  if (state->files == NULL)
    return FALSE;
  state->measure = new_measure (state, IB_MEASURE_USER_READS);
  ib_measure_set_files (state->measure, state->files, state->in_flight);
  /* Written back before any sample: no write-back of the files lands in one. */
  ib_measure_make_durable (state->measure);
  finish_phase (state);

  ib_measure_check_cache (state->measure, state->report->environment);
  if (plan->direct && !ib_runner_check_direct (state->files, error))
    return FALSE;
  if (plan->cache != IB_CACHE_WARM)
    return TRUE;
  enter_phase (state, IB_PHASE_WARMING, make_units / 4, _("Warming the page cache"));
  if (!ib_file_set_warm (state->files, state->runner->cancellable, &warm_error))
    {
      if (g_error_matches (warm_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return set_cancelled (error);
      /* A read error while warming is the storage's, not the plan's: each
       * sample warms again first (IbMeasure) and is left out of
       * the statistics if the files still are not cached, and a strategy
       * that meets the error fails its own sample. */
      warn (state, NULL, ib_warning_new (IB_WARN_WARM_ERROR, "s", warm_error->message));
    }
  finish_phase (state);
  return TRUE;
}

/* One sample of @id in @round, kept in the report and posted with the
 * statistics so far; counts it in *@n_samples and, failed, *@n_failed. */
static gboolean
read_sample (RunnerState *state,
             const char  *id,
             guint        round,
             guint       *n_samples,
             guint       *n_failed,
             GError     **error)
{
  const IbPlan    *plan = state->plan;
  IbSample         sample = { 0 };
  IbEvent          event = { 0 };
  g_autofree char *message = NULL;

  if (!ib_measure_sample (state->measure, id, round, &sample, error))
    return FALSE;
  if (!sample.ok)
    {
      g_autofree char *key = g_strconcat ("failed:", id, NULL);

      (*n_failed)++;
      warn (state, key, ib_warning_new (IB_WARN_SAMPLE_FAILED, "sus", id, round + 1, sample.error));
    }

  g_array_append_val (state->report->samples, sample);
  event.kind = IB_EVENT_SAMPLE;
  event.phase = IB_PHASE_MEASURING;
  event.sample = ib_sample_copy (&sample);
  event.statistics = live_statistics (state, id);
  event.eta_ns = -1;
  post (state, &event);

  (*n_samples)++;
  state->done_units = state->phase_base + *n_samples;
  if (round < plan->warmup)
    /* Translators: e.g. "Warm-up 1 of 1: Memory map" */
    message = g_strdup_printf (_("Warm-up %u of %u: %s"), round + 1, plan->warmup,
                               ib_strategy_title (id));
  else
    /* Translators: e.g. "Round 2 of 5: Memory map" */
    message = g_strdup_printf (_("Round %u of %u: %s"), round + 1 - plan->warmup,
                               plan->repeat, ib_strategy_title (id));
  post_progress (state, message, TRUE);
  return TRUE;
}

static gboolean
run_reads (RunnerState *state,
           GError     **error)
{
  const IbPlan     *plan = state->plan;
  guint             n_strategies = plan->strategies->len;
  guint             n_rounds = ib_plan_n_rounds (plan);
  g_autofree guint *order = g_new (guint, n_strategies);
  guint             n_samples = 0, n_failed = 0, n_cache_bad;
  gint64            rounds_start = 0;
  gboolean          cut = FALSE;

  if (!prepare_reads (state, error))
    return FALSE;
  enter_phase (state, IB_PHASE_MEASURING, n_rounds * n_strategies, _("Measuring"));
  for (guint round = 0; round < n_rounds && !cut; round++)
    {
      gboolean warmup = round < plan->warmup;

      /* With a budget, leave the decision phase its time (ib-decision.h). */
      if (round == plan->warmup)
        rounds_start = ib_os_monotonic_ns ();
      if (!warmup && ib_decision_survey_should_stop (plan, state->start_ns, rounds_start,
                                                     round - plan->warmup, ib_os_monotonic_ns ()))
        {
          warn (state, "survey", ib_warning_new (IB_WARN_SURVEY_SHORT, "uuu", round - plan->warmup,
                                                 plan->repeat, plan->budget_s));
          break;
        }

      ib_measure_round_order (plan->seed, round, order, n_strategies);
      for (guint k = 0; k < n_strategies && !cut; k++)
        {
          /* A machine so busy that the rounds alone would eat the budget:
           * stop in the middle of this one (ib-decision.h). */
          cut = !warmup && ib_decision_survey_overran (plan, state->report, state->start_ns,
                                                       round - plan->warmup,
                                                       ib_os_monotonic_ns ());
          if (cut)
            warn (state, "survey", ib_warning_new (IB_WARN_SURVEY_CUT, "uuu",
                                                   round + 1 - plan->warmup, plan->repeat,
                                                   plan->budget_s));
          else if (!read_sample (state, g_ptr_array_index (plan->strategies, order[k]), round,
                                 &n_samples, &n_failed, error))
            return FALSE;
        }
    }
  finish_phase (state);

  n_cache_bad = ib_measure_n_cache_bad (state->measure);
  if (n_cache_bad > 0)
    warn (state, NULL, ib_warning_new (IB_WARN_CACHE_BAD, "us", n_cache_bad,
                                       ib_cache_mode_to_string (plan->cache)));

  if (n_failed > 0 && n_failed == n_samples)
    {
      const IbSample *first = &g_array_index (state->report->samples, IbSample, 0);

      g_set_error (error, IB_ERROR, IB_ERROR_IO, _("Every sample failed; the first error: %s"),
                   first->error);
      return FALSE;
    }

  /* The decision phase (ib-decision.h) reads them again right after. */
  if (plan->budget_s == 0)
    {
      g_clear_pointer (&state->measure, ib_measure_free);
      ib_file_set_free (g_steal_pointer (&state->files));
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
  RunnerState *state = user_data;

  return ib_measure_sample (state->measure, strategy, round, out, error);
}

static void
decision_progress (const char           *message,
                   double                fraction,
                   const IbDecisionLook *look,
                   gpointer              user_data)
{
  RunnerState *state = user_data;

  if (message != NULL)
    phase_progress (state, fraction, message);
  if (look != NULL)
    {
      IbEvent event = { 0 };

      event.kind = IB_EVENT_DECISION;
      event.phase = IB_PHASE_DECIDING;
      event.decision = ib_decision_look_copy (look);
      event.eta_ns = -1;
      post (state, &event);
    }
}

static gboolean
run_decision (RunnerState *state,
              GError     **error)
{
  /* The answer's pairs come last, after the sweep, overhead and write+delete
   * parts: they take exactly what those left of the budget, and the run
   * ends within it unless those alone overran it. */
  IbDecisionRequest request = { state->start_ns, 0, decision_sample, decision_progress, state,
                                state->runner->cancellable };

  request.deadline_ns =
    state->start_ns + (gint64) (state->plan->budget_s * 1e9) - IB_DECISION_RESERVE_NS;
  enter_phase (state, IB_PHASE_DECIDING, ib_runner_units_reads (state->plan), _("Deciding"));
  if (!ib_decision_run (state->report, &request, error))
    return FALSE;
  finish_phase (state);
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

  event.phase = ((RunnerState *) user_data)->phase;
  post (user_data, &event);
}

/* The size x count map (ib-map-run.h): its cells share the whole budget
 * but the reserve the decision phase keeps too. */
static gboolean
run_map (RunnerState *state,
         GError     **error)
{
  IbMapContext ctx = { .plan = state->plan, .workers = state->workers,
                       .max_in_flight = state->max_in_flight, .scratch = state->scratch,
                       .cancellable = state->runner->cancellable, .progress = work_progress,
                       .changed = map_changed, .progress_data = state };
  IbMapCost cost;

  ib_map_cost (state->plan, &cost);
  ctx.deadline_ns = state->start_ns + (gint64) (cost.budget_s * 1e9) - IB_DECISION_RESERVE_NS;
  return ib_map_run (&ctx, state->report, error);
}

static gboolean
run_sweep (RunnerState *state,
           GError     **error)
{
  IbSweepContext ctx = { 0 };
  IbSweep *partial = NULL;
  IbSweep *sweep;

  ctx.plan = state->plan;
  ctx.workers = state->workers;
  ctx.max_in_flight = state->max_in_flight;
  ctx.scratch = state->scratch;
  ctx.cancellable = state->runner->cancellable;
  ctx.progress = work_progress;
  ctx.progress_data = state;
  ctx.warn = sweep_warn;

  sweep = ib_sweep_run (&ctx, &partial, error);
  if (sweep == NULL)
    {
      state->report->sweep = partial;
      return FALSE;
    }
  state->report->sweep = sweep;
  return TRUE;
}

static gboolean
run_overhead (RunnerState *state,
              GError     **error)
{
  IbOverheadRequest request = {
    .spec = state->plan->overhead,
    .pause_ms = state->plan->pause_ms,
    .seed = state->plan->seed,
    .progress = work_progress,
    .progress_data = state,
  };

  ib_plan_overhead_rounds (state->plan, &request.repeat, &request.warmup);
  return ib_overhead_run (&request, state->report, state->runner->cancellable, error);
}

static gboolean
run_write_unlink (RunnerState *state,
                  GError     **error)
{
  g_autoptr(IbFileSet) work = NULL;
  IbWriteUnlinkSpec spec = *state->plan->write_unlink;
  IbWriteUnlinkRequest request = {
    .spec = &spec,
    .seed = state->plan->seed,
    .progress = work_progress,
    .progress_data = state,
  };
  gboolean ok;

  /* A fresh iobench-XXXXXX folder with a marker and no files yet: the
   * workload lists every file in the marker before writing it. */
  work = ib_file_set_create (&(IbFileSetRequest) { .parent_dir = state->plan->dir },
                             state->runner->cancellable, error);
  if (work == NULL)
    return FALSE;
  spec.tick = state->plan->responsiveness;
  ok = ib_write_unlink_run_in_set (&request, work, state->report, state->runner->cancellable,
                                   error);
  if (state->report->write_unlink != NULL &&
      state->report->write_unlink->effective_concurrency < state->plan->write_unlink->concurrency)
    warn (state, NULL, ib_warning_new (IB_WARN_WU_CAPPED, "uu",
                                       state->report->write_unlink->effective_concurrency,
                                       state->plan->write_unlink->concurrency));
  return ok;
}

/* ---- the whole run ------------------------------------------------------ */

static void
resolve_limits (RunnerState *state)
{
  const IbPlan *plan = state->plan;
  guint limit = ib_os_raise_nofile_limit ();
  guint requested;

  ib_os_gio_warm_up ();   /* while there are descriptors to do it with */

  if (state->report->environment != NULL)
    state->report->environment->nofile_limit = limit;
  if (limit == G_MAXUINT)
    state->max_in_flight = IB_MAX_IN_FLIGHT;
  else
    state->max_in_flight = ib_os_usable_fds (limit);

  requested = plan->in_flight != 0 ? plan->in_flight : MAX (plan->file_sizes->len, 1);
  state->in_flight = MIN (requested, state->max_in_flight);
  if (state->in_flight < requested && plan->file_sizes->len > 0)
    warn (state, NULL, ib_warning_new (IB_WARN_IN_FLIGHT_CAPPED, "uuu", state->in_flight, requested,
                                       limit));

  state->workers = plan->workers != 0 ? plan->workers : MAX (ib_os_n_cores (), 1);
}

static gboolean
execute (RunnerState *state,
         GError     **error)
{
  const IbPlan *plan = state->plan;
  guint n_reaped;

  state->total_units = ib_runner_units_total (plan);

  enter_phase (state, IB_PHASE_PREPARING, 1.0, _("Preparing"));
  if (!g_file_test (plan->dir, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, IB_ERROR, IB_ERROR_INVALID,
                   _("Folder “%s” does not exist or is not a folder; choose an existing "
                     "folder for the test files"), plan->dir);
      return FALSE;
    }
  n_reaped = ib_file_set_reap_stale (plan->dir);
  if (n_reaped > 0)
    warn (state, NULL, ib_warning_new (IB_WARN_REAPED, "u", n_reaped));

  ib_environment_free (state->report->environment);
  state->report->environment = ib_environment_probe (plan->dir);
  resolve_limits (state);
  /* A sweep's points are only worth their cache state: refuse one that can
   * never be cold rather than plot warm reads as cold ones. */
  if (plan->sweep != NULL && plan->cache == IB_CACHE_COLD &&
      (!ib_os_can_control_cache () || state->report->environment->is_tmpfs))
    {
      g_set_error (error, IB_ERROR, IB_ERROR_INVALID,
                   state->report->environment->is_tmpfs
                   ? _("A sweep with a cold cache is impossible on tmpfs (%s): the files live "
                       "in memory and can never be cold. Choose a folder on a disk, or use "
                       "--cache warm")
                   : _("A sweep with a cold cache is impossible here (%s): this system cannot "
                       "drop files from the page cache. Use --cache warm or as-is"),
                   plan->dir);
      return FALSE;
    }
  finish_phase (state);

  if (ib_runner_units_reads (plan) > 0 && !run_reads (state, error))
    return FALSE;

  if (plan->sweep != NULL)
    {
      enter_phase (state, IB_PHASE_SWEEP, ib_plan_sweep_units (plan), _("Sweep"));
      if (!run_sweep (state, error))
        return FALSE;
      finish_phase (state);
    }

  if (plan->overhead != NULL)
    {
      enter_phase (state, IB_PHASE_OVERHEAD, ib_plan_overhead_units (plan), _("Dispatch overhead"));
      if (!run_overhead (state, error))
        return FALSE;
      finish_phase (state);
    }

  if (plan->write_unlink != NULL)
    {
      enter_phase (state, IB_PHASE_WRITE_UNLINK, ib_plan_write_unlink_units (plan),
                   _("Write and delete"));
      if (!run_write_unlink (state, error))
        return FALSE;
      finish_phase (state);
    }

  if (plan->map != NULL)
    {
      enter_phase (state, IB_PHASE_DECIDING, 1.0, _("Map"));
      if (!run_map (state, error))
        return FALSE;
      finish_phase (state);
    }

  /* Last: the survey's file set stayed for it (run_reads). */
  if (state->files != NULL && !run_decision (state, error))
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
  RunnerState state = { 0 };
  gboolean ok;

  g_main_context_push_thread_default (context);

  state.runner = runner;
  state.plan = runner->plan;
  state.report = ib_report_new ();
  ib_plan_free (state.report->plan);
  state.report->plan = ib_plan_copy (runner->plan);
  state.warned = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  state.scratch = ib_scratch_new ();
  state.start_ns = ib_os_monotonic_ns ();

  ok = execute (&state, &error);
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
  state.phase = IB_PHASE_CLEANING;
  post_progress (&state, _("Removing the test files"), TRUE);
  g_clear_pointer (&state.measure, ib_measure_free);
  g_clear_pointer (&state.files, ib_file_set_free);
  g_clear_pointer (&state.scratch, ib_scratch_free);

  if (!ok)
    {
      state.report->partial = TRUE;
      state.report->error = g_strdup (error->message);
    }
  ib_report_compute_statistics (state.report);

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
  event.report = g_steal_pointer (&state.report);
  event.error = g_steal_pointer (&error);
  post (&state, &event);

  g_hash_table_unref (state.warned);
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
