/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The runner end to end on tiny plans: sample counts, statistics, the
 * seeded interleaving, where events arrive, cancel and cleanup. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gstdio.h>
#include <unistd.h>

#include "engine/run/ib-decision.h"
#include "engine/run/ib-map-run.h"
#include "engine/model/ib-error.h"
#include "engine/io/ib-fileset.h"
#include "engine/run/ib-runner.h"
#include "engine/io/ib-strategy.h"
#include "engine/measure/ib-measure.h"
#include "engine/workloads/ib-workloads.h"
#include "ib-test-common.h"

#define KIB G_GUINT64_CONSTANT (1024)
#define MIB (G_GUINT64_CONSTANT (1) << 20)

static const char *tiny_strategies[] = {
  "sync-load-contents", "async-load-contents-parallel", "thread-pool-parallel",
};

/* Fails when anything is left in @dir; then removes @dir. */
static void
assert_empty_and_remove (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    g_error ("left behind in %s: %s", dir, name);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static IbPlan *
tiny_plan (const char *dir)
{
  IbPlan *plan = ib_plan_new ();
  guint64 size = 100 * KIB;

  plan->dir = g_strdup (dir);
  g_array_append_val (plan->file_sizes, size);
  g_array_append_val (plan->file_sizes, size);
  for (guint i = 0; i < G_N_ELEMENTS (tiny_strategies); i++)
    g_ptr_array_add (plan->strategies, g_strdup (tiny_strategies[i]));
  plan->repeat = 2;
  plan->warmup = 1;
  plan->seed = 7;
  plan->seed_drawn = FALSE;
  plan->verify = TRUE;
  return plan;
}

typedef struct
{
  GThread      *thread;
  GMainContext *context;
  guint         n_samples;
  guint         n_progress;
  guint         n_done;
  gboolean      wrong_thread;
  double        last_fraction;
  gboolean      fraction_backwards;
  guint         n_measured;      /* non-warm-up samples seen so far */
  gboolean      stats_wrong;     /* a sample event's statistics did not count them */
} EventLog;

static void
log_event (const IbEvent *event,
           gpointer       user_data)
{
  EventLog *log = user_data;

  if (g_thread_self () != log->thread || !g_main_context_is_owner (log->context))
    log->wrong_thread = TRUE;
  switch (event->kind)
    {
    case IB_EVENT_SAMPLE:
      g_assert_nonnull (event->sample);
      log->n_samples++;
      /* Statistics come with every sample, up to date with it. */
      if (!event->sample->warmup)
        log->n_measured++;
      if (event->statistics == NULL)
        log->stats_wrong = TRUE;
      else
        {
          guint counted = 0;

          for (guint i = 0; i < event->statistics->len; i++)
            {
              const IbStats *st = &g_array_index (event->statistics, IbStats, i);

              counted += st->n + st->n_failed + st->n_excluded;
            }
          if (counted != log->n_measured)
            log->stats_wrong = TRUE;
        }
      break;
    case IB_EVENT_PROGRESS:
      log->n_progress++;
      if (event->fraction + 1e-9 < log->last_fraction)
        log->fraction_backwards = TRUE;
      log->last_fraction = event->fraction;
      break;
    case IB_EVENT_DONE:
      g_assert_nonnull (event->report);
      log->n_done++;
      break;
    case IB_EVENT_WARNING:
    default:
      break;
    }
}

static void
test_tiny_run (void)
{
  g_autofree char *dir = ib_test_make_tmpdir ("iobench-test-runner-XXXXXX");
  g_autoptr(IbPlan) plan = tiny_plan (dir);
  g_autoptr(IbReport) report = NULL;
  g_autoptr(GError) error = NULL;
  EventLog log = { 0 };
  guint n_warmup = 0;
  guint reads_before = ib_bracket_count (IB_MEASURE_USER_READS);

  log.thread = g_thread_self ();
  log.context = g_main_context_default ();
  g_main_context_acquire (log.context);
  report = ib_runner_run_sync (plan, NULL, log_event, &log, &error);
  g_main_context_release (log.context);

  g_assert_no_error (error);
  g_assert_nonnull (report);
  g_assert_false (report->partial);
  g_assert_null (report->error);

  /* 3 strategies x (1 warm-up + 2 measured) rounds = 9 samples, each
   * taken in IbMeasure's bracket */
  g_assert_cmpuint (report->samples->len, ==, 9);
  g_assert_cmpuint (ib_bracket_count (IB_MEASURE_USER_READS) - reads_before, ==, 9);
  g_assert_cmpuint (log.n_samples, ==, 9);
  g_assert_cmpuint (log.n_done, ==, 1);
  g_assert_cmpuint (log.n_progress, >, 0);
  g_assert_false (log.fraction_backwards);
  g_assert_false (log.stats_wrong);
  g_assert_cmpuint (log.n_measured, >, 0);
  g_assert_false (log.wrong_thread);

  for (guint i = 0; i < report->samples->len; i++)
    {
      const IbSample *s = &g_array_index (report->samples, IbSample, i);
      guint order[G_N_ELEMENTS (tiny_strategies)];

      g_assert_true (s->ok);
      g_assert_null (s->error);
      g_assert_cmpuint (s->bytes, ==, 200 * KIB);
      g_assert_cmpuint (s->files, ==, 2);
      g_assert_cmpint (s->wall_ns, >, 0);
      g_assert_cmpuint (s->round, ==, i / 3);
      g_assert_cmpint (s->warmup, ==, s->round < 1);
      /* every sample settled first */
      g_assert_cmpint (s->settle_ns, >, 0);
      n_warmup += s->warmup;

      /* Executed in the seeded order of its round. */
      ib_measure_round_order (plan->seed, s->round, order, G_N_ELEMENTS (order));
      g_assert_cmpstr (s->strategy, ==, tiny_strategies[order[i % 3]]);
    }
  g_assert_cmpuint (n_warmup, ==, 3);

  /* one statistics row per strategy, plan order, n = 2 measured samples */
  g_assert_cmpuint (report->statistics->len, ==, 3);
  for (guint i = 0; i < 3; i++)
    {
      const IbStats *st = &g_array_index (report->statistics, IbStats, i);

      g_assert_cmpstr (st->strategy, ==, tiny_strategies[i]);
      g_assert_cmpuint (st->n, ==, 2);
      g_assert_cmpuint (st->n_failed, ==, 0);
      g_assert_cmpfloat (st->median_ns, >, 0);
      g_assert_cmpfloat (st->ci_low_ns, <=, st->median_ns);
      g_assert_cmpfloat (st->ci_high_ns, >=, st->median_ns);
      g_assert_cmpfloat (st->mib_per_s, >, 0);
    }
  g_assert_nonnull (report->environment);
  g_assert_nonnull (report->environment->os);
  g_assert_cmpuint (report->environment->nofile_limit, >, 0);
  g_assert_cmpstr (report->plan->dir, ==, dir);

  assert_empty_and_remove (dir);
}

static void
count_deciding (const IbEvent *event,
                gpointer       user_data)
{
  guint *n = user_data;

  if (event->kind == IB_EVENT_PROGRESS && event->phase == IB_PHASE_DECIDING)
    (*n)++;
}

/* With a budget, the survey picks each line's pair and the decision phase
 * measures it in alternating pairs; its samples stay out of the survey's. */
static void
test_decision_phase (void)
{
  static const char *ids[] = {
    "sync-read-all", "sync-stream", "async-read-all-serial", "async-read-all-parallel",
    "thread-pool-parallel", "mmap",
  };
  g_autofree char *dir = ib_test_make_tmpdir ("iobench-test-runner-XXXXXX");
  g_autoptr(IbPlan) plan = ib_plan_new ();
  g_autoptr(IbReport) report = NULL;
  g_autoptr(GError) error = NULL;
  guint64 size = 256 * KIB;
  guint n_deciding = 0;
  const IbDecisionLine *line;

  plan->dir = g_strdup (dir);
  for (guint i = 0; i < 2; i++)
    g_array_append_val (plan->file_sizes, size);
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    g_ptr_array_add (plan->strategies, g_strdup (ids[i]));
  plan->repeat = 2;
  plan->warmup = 1;
  plan->budget_s = 5;
  plan->margin = 0.2;

  report = ib_runner_run_sync (plan, NULL, count_deciding, &n_deciding, &error);
  g_assert_no_error (error);
  g_assert_nonnull (report->decision);
  g_assert_cmpuint (n_deciding, >, 0);
  /* the survey's samples only: 6 strategies x 3 rounds, or fewer when a
   * busy machine made the survey stop early (and it said so) */
  if (report->samples->len != 18)
    {
      gboolean said = FALSE;

      for (guint i = 0; i < report->warnings->len; i++)
        {
          const IbWarning *w = g_ptr_array_index (report->warnings, i);

          said |= g_strcmp0 (w->key, IB_WARN_SURVEY_SHORT) == 0 ||
                  g_strcmp0 (w->key, IB_WARN_SURVEY_CUT) == 0;
        }
      g_assert_true (said);
      g_assert_cmpuint (report->samples->len, >=, 7);
      g_assert_cmpuint (report->samples->len, <, 18);
    }
  g_assert_cmpuint (report->decision->budget_s, ==, 5);
  g_assert_cmpfloat (report->decision->margin, ==, 0.2);

  /* like with like: one file after another, all at once, mmap; the sync
   * side is the survey's faster sync */
  g_assert_cmpuint (report->decision->lines->len, ==, 3);
  for (guint k = 0; k < report->decision->lines->len; k++)
    {
      const IbDecisionLine *l = &g_array_index (report->decision->lines, IbDecisionLine, k);

      g_assert_cmpint (ib_strategy_lookup (l->a)->schedule, ==,
                       ib_strategy_lookup (l->b)->schedule);
    }
  line = &g_array_index (report->decision->lines, IbDecisionLine, 0);
  g_assert_cmpstr (line->line, ==, IB_DECISION_LINE_SERIAL);
  g_assert_cmpstr (line->b, ==, "async-read-all-serial");
  g_assert_cmpstr (ib_decision_side (line->a), ==, "sync");
  g_assert_true (ib_report_find_stats (report, line->a)->median_ns <=
                 ib_report_find_stats (report, g_str_equal (line->a, "sync-read-all")
                                       ? "sync-stream" : "sync-read-all")->median_ns);
  g_assert_cmpstr (g_array_index (report->decision->lines, IbDecisionLine, 1).line, ==,
                   IB_DECISION_LINE_PARALLEL);
  g_assert_cmpstr (g_array_index (report->decision->lines, IbDecisionLine, 1).a, ==,
                   "thread-pool-parallel");
  g_assert_cmpstr (g_array_index (report->decision->lines, IbDecisionLine, 1).b, ==,
                   "async-read-all-parallel");
  g_assert_cmpstr (g_array_index (report->decision->lines, IbDecisionLine, 2).b, ==, "mmap");
  g_assert_true (ib_report_decision_line (report, IB_DECISION_LINE_MMAP) ==
                 &g_array_index (report->decision->lines, IbDecisionLine, 2));
  g_assert_null (ib_report_decision_line (report, IB_DECISION_LINE_URING));

  /* the headline got pairs, in alternating order, each side measured */
  g_assert_cmpuint (line->pairs->len, >=, 2);
  for (guint k = 0; k < line->pairs->len; k++)
    {
      const IbDecisionPair *p = &g_array_index (line->pairs, IbDecisionPair, k);

      const IbSample *first = &g_array_index (report->samples, IbSample, 0);

      g_assert_cmpuint (p->order, ==, k % 2);
      g_assert_cmpint (p->a_ns, >, 0);
      g_assert_cmpint (p->b_ns, >, 0);
      /* what each sample was made of, known where the survey's are */
      g_assert_cmpint (p->a_wait_ns >= 0, ==, first->runq_wait_ns >= 0);
      g_assert_cmpint (p->b_wait_ns >= 0, ==, first->runq_wait_ns >= 0);
      g_assert_cmpint (p->a_cpu_ns >= 0, ==, first->cpu_ns >= 0);
      g_assert_cmpint (p->b_wait_workers_ns, >=, -1);
    }
  g_assert_cmpfloat (line->ci_low, <=, line->ratio);
  g_assert_cmpfloat (line->ratio, <=, line->ci_high);
  switch (line->verdict)
    {
    case IB_PAIRED_A_FASTER:
      g_assert_cmpfloat (line->ci_low, >, 1.0);
      break;
    case IB_PAIRED_B_FASTER:
      g_assert_cmpfloat (line->ci_high, <, 1.0);
      break;
    case IB_PAIRED_EQUIVALENT:
      g_assert_cmpfloat (line->ci_low, >, 1 / 1.2);
      g_assert_cmpfloat (line->ci_high, <, 1.2);
      break;
    case IB_PAIRED_UNDECIDED:
      g_assert_cmpuint (line->more_pairs, >, 0);
      break;
    case IB_PAIRED_NO_DATA:
    default:
      g_assert_not_reached ();
    }

  assert_empty_and_remove (dir);
}

/* The same seed gives the same schedule; the report records it. */
static void
test_deterministic (void)
{
  g_autofree char *dir = ib_test_make_tmpdir ("iobench-test-runner-XXXXXX");
  g_autoptr(IbPlan) plan = tiny_plan (dir);
  g_autoptr(IbReport) a = NULL;
  g_autoptr(IbReport) b = NULL;

  plan->verify = FALSE;
  a = ib_runner_run_sync (plan, NULL, NULL, NULL, NULL);
  b = ib_runner_run_sync (plan, NULL, NULL, NULL, NULL);
  g_assert_cmpuint (a->samples->len, ==, b->samples->len);
  for (guint i = 0; i < a->samples->len; i++)
    g_assert_cmpstr (g_array_index (a->samples, IbSample, i).strategy, ==,
                     g_array_index (b->samples, IbSample, i).strategy);
  g_assert_cmpuint (a->plan->seed, ==, 7);
  g_assert_false (a->plan->seed_drawn);
  assert_empty_and_remove (dir);
}

/* The strategies of @report's samples in execution order, joined. */
static char *
sample_order (const IbReport *report)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < report->samples->len; i++)
    g_string_append_printf (out, "%s ", g_array_index (report->samples, IbSample, i).strategy);
  return g_string_free (out, FALSE);
}

/* Without a seed each run draws its own, records it, and runs in its order;
 * given the recorded seed, a run repeats that order. */
static void
test_seed_per_run (void)
{
  static const char *six[] = {
    "sync-load-contents", "sync-read-all", "sync-stream", "async-load-contents-serial",
    "async-read-all-serial", "mmap",
  };
  g_autofree char *dir = ib_test_make_tmpdir ("iobench-test-runner-XXXXXX");
  g_autoptr(IbPlan) plan = ib_plan_new ();
  g_autoptr(IbReport) a = NULL;
  g_autoptr(IbReport) b = NULL;
  g_autoptr(IbReport) c = NULL;
  g_autofree char *order_a = NULL, *order_b = NULL, *order_c = NULL;
  guint64 size = 4 * KIB;

  g_assert_true (plan->seed_drawn);   /* the default */
  plan->dir = g_strdup (dir);
  g_array_append_val (plan->file_sizes, size);
  for (guint i = 0; i < G_N_ELEMENTS (six); i++)
    g_ptr_array_add (plan->strategies, g_strdup (six[i]));
  plan->repeat = 1;
  plan->warmup = 1;
  plan->responsiveness = FALSE;

  a = ib_runner_run_sync (plan, NULL, NULL, NULL, NULL);
  b = ib_runner_run_sync (plan, NULL, NULL, NULL, NULL);
  g_assert_true (a->plan->seed_drawn);
  g_assert_true (b->plan->seed_drawn);
  g_assert_cmpuint (a->plan->seed, !=, b->plan->seed);
  order_a = sample_order (a);
  order_b = sample_order (b);
  /* 720 orders a round, two rounds: the same twice by chance is 1 in 518,400 */
  g_assert_cmpstr (order_a, !=, order_b);
  for (guint i = 0; i < a->samples->len; i++)
    {
      const IbSample *s = &g_array_index (a->samples, IbSample, i);
      guint order[G_N_ELEMENTS (six)];

      ib_measure_round_order (a->plan->seed, s->round, order, G_N_ELEMENTS (order));
      g_assert_cmpstr (s->strategy, ==, six[order[i % G_N_ELEMENTS (six)]]);
    }

  /* --seed: the recorded seed gives the same order back */
  plan->seed = a->plan->seed;
  plan->seed_drawn = FALSE;
  c = ib_runner_run_sync (plan, NULL, NULL, NULL, NULL);
  g_assert_cmpuint (c->plan->seed, ==, a->plan->seed);
  g_assert_false (c->plan->seed_drawn);
  order_c = sample_order (c);
  g_assert_cmpstr (order_c, ==, order_a);
  assert_empty_and_remove (dir);
}

typedef struct
{
  IbRunner     *runner;
  GMainContext *context;
  GThread      *thread;
  gboolean      wrong_thread;
  guint         n_samples;
  gint64        cancelled_at;
  gint64        done_at;
  IbReport     *report;
  GError       *error;
} CancelData;

static void
cancel_event (const IbEvent *event,
              gpointer       user_data)
{
  CancelData *data = user_data;

  if (g_thread_self () != data->thread || !g_main_context_is_owner (data->context))
    data->wrong_thread = TRUE;
  if (event->kind == IB_EVENT_SAMPLE && ++data->n_samples == 2)
    {
      data->cancelled_at = g_get_monotonic_time ();
      ib_runner_cancel (data->runner);
    }
  else if (event->kind == IB_EVENT_DONE)
    {
      data->done_at = g_get_monotonic_time ();
      data->report = ib_report_ref (event->report);
      data->error = event->error ? g_error_copy (event->error) : NULL;
    }
}

static void
test_cancel (void)
{
  g_autofree char *dir = ib_test_make_tmpdir ("iobench-test-runner-XXXXXX");
  g_autoptr(IbPlan) plan = ib_plan_new ();
  g_autoptr(GMainContext) context = g_main_context_new ();
  g_autoptr(GError) error = NULL;
  CancelData data = { 0 };
  guint64 size = 4 * MIB;

  plan->dir = g_strdup (dir);
  for (guint i = 0; i < 4; i++)
    g_array_append_val (plan->file_sizes, size);
  g_ptr_array_add (plan->strategies, g_strdup ("sync-read-all"));
  g_ptr_array_add (plan->strategies, g_strdup ("async-stream-parallel"));
  plan->repeat = 200;
  plan->warmup = 0;
  plan->pause_ms = 200;

  /* Events go to a context of this thread that is not the global default. */
  g_main_context_push_thread_default (context);
  data.context = context;
  data.thread = g_thread_self ();
  data.runner = ib_runner_new (plan, &error);
  g_assert_no_error (error);
  ib_runner_start (data.runner, NULL, cancel_event, &data, NULL);
  g_assert_true (ib_runner_is_running (data.runner));
  while (data.report == NULL)
    g_main_context_iteration (context, TRUE);
  g_assert_false (ib_runner_is_running (data.runner));
  ib_runner_free (data.runner);
  g_main_context_pop_thread_default (context);

  g_assert_false (data.wrong_thread);
  g_assert_error (data.error, IB_ERROR, IB_ERROR_CANCELLED);
  g_assert_true (data.report->partial);
  g_assert_nonnull (data.report->error);
  /* The samples finished before the cancel are kept, the rest never ran. */
  g_assert_cmpuint (data.report->samples->len, >=, 2);
  g_assert_cmpuint (data.report->samples->len, <, 400);
  g_assert_cmpuint (data.report->statistics->len, ==, 2);
  /* A generous bound (the design asks for 200 ms); not a speed test. */
  g_assert_cmpint (data.done_at - data.cancelled_at, <, 10 * G_USEC_PER_SEC);

  g_clear_error (&data.error);
  ib_report_unref (data.report);
  assert_empty_and_remove (dir);
}

/* Freeing a running runner cancels and joins; no event arrives after it. */
static void
test_free_running (void)
{
  g_autofree char *dir = ib_test_make_tmpdir ("iobench-test-runner-XXXXXX");
  g_autoptr(IbPlan) plan = tiny_plan (dir);
  g_autoptr(GMainContext) context = g_main_context_new ();
  IbRunner *runner;
  EventLog log = { 0 };

  plan->repeat = 100;
  plan->pause_ms = 100;
  runner = ib_runner_new (plan, NULL);
  ib_runner_start (runner, context, log_event, &log, NULL);
  g_usleep (50 * 1000);
  ib_runner_free (runner);
  while (g_main_context_iteration (context, FALSE))
    ;
  g_assert_cmpuint (log.n_done, ==, 0);
  assert_empty_and_remove (dir);
}

/* The run never needs the caller's loop: with async strategies in the plan
 * it finishes while nobody iterates the event context (their callbacks run
 * on the worker's own context), and the events then wait there. */
static void
test_caller_loop_idle (void)
{
  g_autofree char *dir = ib_test_make_tmpdir ("iobench-test-runner-XXXXXX");
  g_autoptr(IbPlan) plan = tiny_plan (dir);
  g_autoptr(GMainContext) context = g_main_context_new ();
  IbRunner *runner;
  EventLog log = { 0 };
  guint waited = 0;

  g_ptr_array_add (plan->strategies, g_strdup ("async-stream-parallel"));
  g_ptr_array_add (plan->strategies, g_strdup ("async-read-all-serial"));
  runner = ib_runner_new (plan, NULL);
  log.thread = g_thread_self ();
  log.context = context;
  ib_runner_start (runner, context, log_event, &log, NULL);
  while (ib_runner_is_running (runner) && waited++ < 6000)
    g_usleep (10 * 1000);
  g_assert_false (ib_runner_is_running (runner));
  g_assert_cmpuint (log.n_samples, ==, 0);

  g_main_context_push_thread_default (context);
  while (log.n_done == 0)
    g_main_context_iteration (context, TRUE);
  g_main_context_pop_thread_default (context);
  g_assert_cmpuint (log.n_samples, ==, 15);
  g_assert_false (log.wrong_thread);
  ib_runner_free (runner);
  assert_empty_and_remove (dir);
}

typedef struct
{
  const char *parent;
  guint       n_samples;
  gboolean    truncated;
} BreakData;

/* After the first sample, cut every test file in half behind the runner's
 * back: later samples must fail (short read), be recorded, and the run must
 * go on and still clean up. */
static void
break_files (const IbEvent *event,
             gpointer       user_data)
{
  BreakData *data = user_data;
  g_autoptr(GDir) parent = NULL;
  const char *name;

  if (event->kind != IB_EVENT_SAMPLE || data->n_samples++ != 0)
    return;
  parent = g_dir_open (data->parent, 0, NULL);
  while ((name = g_dir_read_name (parent)) != NULL)
    {
      g_autofree char *set = g_build_filename (data->parent, name, NULL);
      g_autoptr(GDir) d = g_dir_open (set, 0, NULL);
      const char *file;

      while (d != NULL && (file = g_dir_read_name (d)) != NULL)
        {
          g_autofree char *path = g_build_filename (set, file, NULL);

          if (g_str_has_prefix (file, "."))
            continue;
          g_assert_cmpint (truncate (path, 50 * 1024), ==, 0);
          data->truncated = TRUE;
        }
    }
}

static void
test_failed_samples (void)
{
  g_autofree char *dir = ib_test_make_tmpdir ("iobench-test-runner-XXXXXX");
  g_autoptr(IbPlan) plan = tiny_plan (dir);
  g_autoptr(IbReport) report = NULL;
  g_autoptr(GError) error = NULL;
  BreakData data = { dir, 0, FALSE };
  guint n_failed = 0;
  guint n_failed_stats = 0;

  plan->repeat = 3;
  plan->pause_ms = 100;
  report = ib_runner_run_sync (plan, NULL, break_files, &data, &error);
  g_assert_true (data.truncated);
  g_assert_no_error (error);
  g_assert_false (report->partial);
  g_assert_cmpuint (report->samples->len, ==, 12);
  for (guint i = 0; i < report->samples->len; i++)
    {
      const IbSample *s = &g_array_index (report->samples, IbSample, i);

      if (!s->ok)
        {
          g_assert_nonnull (s->error);
          n_failed += !s->warmup;
        }
      else
        g_assert_null (s->error);
    }
  /* the first sample was fine; at least the whole last round failed */
  g_assert_true (g_array_index (report->samples, IbSample, 0).ok);
  g_assert_cmpuint (n_failed, >=, 3);
  for (guint i = 0; i < report->statistics->len; i++)
    n_failed_stats += g_array_index (report->statistics, IbStats, i).n_failed;
  g_assert_cmpuint (n_failed_stats, ==, n_failed);
  g_assert_cmpuint (report->warnings->len, >, 0);
  assert_empty_and_remove (dir);
}

static void
test_missing_dir (void)
{
  g_autofree char *dir = ib_test_make_tmpdir ("iobench-test-runner-XXXXXX");
  g_autofree char *missing = g_build_filename (dir, "missing", NULL);
  g_autoptr(IbPlan) plan = tiny_plan (missing);
  g_autoptr(IbReport) report = NULL;
  g_autoptr(GError) error = NULL;

  report = ib_runner_run_sync (plan, NULL, NULL, NULL, &error);
  g_assert_error (error, IB_ERROR, IB_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, missing));
  g_assert_nonnull (report);
  g_assert_true (report->partial);
  g_assert_cmpuint (report->samples->len, ==, 0);
  assert_empty_and_remove (dir);
}

static void
test_invalid_plan (void)
{
  g_autoptr(IbPlan) plan = tiny_plan ("/tmp");
  g_autoptr(GError) error = NULL;

  plan->repeat = 0;
  g_assert_null (ib_runner_new (plan, &error));
  g_assert_error (error, IB_ERROR, IB_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_null (ib_runner_run_sync (plan, NULL, NULL, NULL, &error));
  g_assert_error (error, IB_ERROR, IB_ERROR_INVALID);
}

/* Sweep, overhead and write+delete through the runner. */
static void
test_other_workloads (void)
{
  g_autofree char *dir = ib_test_make_tmpdir ("iobench-test-runner-XXXXXX");
  g_autoptr(IbPlan) plan = ib_plan_new ();
  g_autoptr(IbReport) report = NULL;
  g_autoptr(GError) error = NULL;
  const guint64 counts[] = { 3, 1 };
  guint before[IB_MEASURE_N_USERS];

  for (guint u = 0; u < IB_MEASURE_N_USERS; u++)
    before[u] = ib_bracket_count (u);
  plan->dir = g_strdup (dir);
  plan->repeat = 2;
  plan->warmup = 0;
  plan->sweep = ib_sweep_spec_new ();
  g_array_append_vals (plan->sweep->values, counts, 2);
  g_ptr_array_add (plan->sweep->strategies, g_strdup ("sync-load-contents"));
  g_ptr_array_add (plan->sweep->strategies, g_strdup ("async-load-contents-parallel"));
  plan->overhead = g_new0 (IbOverheadSpec, 1);
  plan->overhead->iterations = 1000;
  plan->write_unlink = g_new0 (IbWriteUnlinkSpec, 1);
  plan->write_unlink->requests = 20;
  plan->write_unlink->concurrency = 5;
  plan->write_unlink->bytes = 4096;

  report = ib_runner_run_sync (plan, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_false (report->partial);
  g_assert_cmpuint (report->samples->len, ==, 0);
  g_assert_cmpuint (report->statistics->len, ==, 0);

  /* points grouped by value (ascending) then strategy */
  g_assert_nonnull (report->sweep);
  g_assert_true (report->sweep->vary == IB_VARY_COUNT);
  g_assert_cmpuint (report->sweep->points->len, ==, 4);
  g_assert_cmpuint (g_array_index (report->sweep->points, IbSweepPoint, 0).value, ==, 1);
  g_assert_cmpuint (g_array_index (report->sweep->points, IbSweepPoint, 3).value, ==, 3);
  g_assert_cmpstr (g_array_index (report->sweep->points, IbSweepPoint, 1).strategy, ==,
                   "async-load-contents-parallel");
  for (guint i = 0; i < 4; i++)
    {
      const IbSweepPoint *p = &g_array_index (report->sweep->points, IbSweepPoint, i);
      double              r0, r1;

      g_assert_cmpfloat (p->median_ns, >, 0);
      /* the main-loop tick watched every sweep read (on by default) */
      g_assert_true (p->responsive);
      g_assert_cmpfloat (p->stall_ns, >=, 0);
      /* each round's wall time, to pair the strategies by round: 2 rounds,
       * both valid here, and the point's median lies between them */
      g_assert_nonnull (p->rounds_ns);
      g_assert_cmpuint (p->rounds_ns->len, ==, 2);
      g_assert_cmpuint (g_array_index (p->rounds_ns, guint64, 0), >, 0);
      g_assert_cmpuint (g_array_index (p->rounds_ns, guint64, 1), >, 0);
      r0 = (double) g_array_index (p->rounds_ns, guint64, 0);
      r1 = (double) g_array_index (p->rounds_ns, guint64, 1);
      g_assert_cmpfloat (p->median_ns, >=, MIN (r0, r1));
      g_assert_cmpfloat (p->median_ns, <=, MAX (r0, r1));
    }

  g_assert_cmpuint (report->overhead->len, >, 0);
  g_assert_nonnull (report->write_unlink);
  g_assert_cmpuint (report->write_unlink->requests, ==, 20);
  for (guint i = 0; i < report->write_unlink->modes->len; i++)
    g_assert_true (g_array_index (report->write_unlink->modes, IbWriteUnlinkMode, i).responsive);
  /* the report lists the write+delete modes in mode order, whatever order ran */
  g_assert_cmpuint (report->write_unlink->modes->len, ==, 3);
  g_assert_cmpstr (g_array_index (report->write_unlink->modes, IbWriteUnlinkMode, 0).mode, ==,
                   "sync-serial");
  g_assert_cmpstr (g_array_index (report->write_unlink->modes, IbWriteUnlinkMode, 2).mode, ==,
                   "thread-pool");

  /* Every workload timed its work in IbMeasure's bracket: 2 values x
   * 2 strategies x 2 rounds of sweep reads, 7 overhead kinds x 2 rounds, 3
   * write+delete modes x IB_WRITE_UNLINK_DEFAULT_RUNS rounds (the plan leaves
   * runs at 0); no read experiment. */
  g_assert_cmpuint (ib_bracket_count (IB_MEASURE_USER_SWEEP) - before[IB_MEASURE_USER_SWEEP],
                    ==, 8);
  g_assert_cmpuint (ib_bracket_count (IB_MEASURE_USER_OVERHEAD) -
                    before[IB_MEASURE_USER_OVERHEAD], ==, 14);
  g_assert_cmpuint (ib_bracket_count (IB_MEASURE_USER_WRITE_UNLINK) -
                    before[IB_MEASURE_USER_WRITE_UNLINK], ==, 3 * IB_WRITE_UNLINK_DEFAULT_RUNS);
  g_assert_cmpuint (ib_bracket_count (IB_MEASURE_USER_READS) - before[IB_MEASURE_USER_READS],
                    ==, 0);
  assert_empty_and_remove (dir);
}

typedef struct
{
  guint    n_events;
  guint    reached;    /* cells reached in the newest event */
  gboolean shrank;     /* an event showed fewer cells than the one before */
  gboolean on_thread;  /* an event arrived off the caller's thread */
  GThread *caller;
} MapWatch;

static void
watch_map (const IbEvent *event,
           gpointer       user_data)
{
  MapWatch *w = user_data;

  if (event->kind != IB_EVENT_MAP)
    return;
  g_assert_nonnull (event->map);
  w->on_thread |= g_thread_self () != w->caller;
  w->shrank |= ib_map_n_reached (event->map) < w->reached;
  w->reached = ib_map_n_reached (event->map);
  w->n_events++;
}

/* A map run tells its caller of the map as it grows, cell by cell, on the
 * caller's context; the report's map is what the last event showed, or
 * more. */
static void
test_map_events (void)
{
  g_autofree char *dir = ib_test_make_tmpdir ("iobench-test-runner-XXXXXX");
  g_autoptr(IbPlan) plan = ib_plan_new ();
  g_autoptr(IbReport) report = NULL;
  g_autoptr(GError) error = NULL;
  guint64 size = 4 * KIB;
  guint64 counts[] = { 1, 2 };
  MapWatch w = { 0 };

  plan->dir = g_strdup (dir);
  plan->warmup = 0;
  plan->budget_s = 5;
  plan->map = ib_map_spec_new ();
  g_array_append_val (plan->map->sizes, size);
  g_array_append_vals (plan->map->counts, counts, G_N_ELEMENTS (counts));
  w.caller = g_thread_self ();

  report = ib_runner_run_sync (plan, NULL, watch_map, &w, &error);
  g_assert_no_error (error);
  g_assert_nonnull (report->map);
  g_assert_cmpuint (ib_map_n_reached (report->map), >, 0);
  /* one event per line's look at least: both lines of each cell reached */
  g_assert_cmpuint (w.n_events, >=, ib_map_n_reached (report->map) * IB_MAP_N_LINES);
  g_assert_false (w.shrank);
  g_assert_false (w.on_thread);
  g_assert_cmpuint (w.reached, ==, ib_map_n_reached (report->map));
  assert_empty_and_remove (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/runner/tiny", test_tiny_run);
  g_test_add_func ("/runner/deterministic", test_deterministic);
  g_test_add_func ("/runner/decision-phase", test_decision_phase);
  g_test_add_func ("/runner/seed-per-run", test_seed_per_run);
  g_test_add_func ("/runner/cancel", test_cancel);
  g_test_add_func ("/runner/free-running", test_free_running);
  g_test_add_func ("/runner/caller-loop-idle", test_caller_loop_idle);
  g_test_add_func ("/runner/failed-samples", test_failed_samples);
  g_test_add_func ("/runner/missing-dir", test_missing_dir);
  g_test_add_func ("/runner/invalid-plan", test_invalid_plan);
  g_test_add_func ("/runner/other-workloads", test_other_workloads);
  g_test_add_func ("/runner/map-events", test_map_events);

  return g_test_run ();
}
