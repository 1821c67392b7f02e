/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-overhead.c: dispatch overhead (seeds 000 and 001).
 *
 * Seed 001 timed 999,999 `new Promise(middle)` against 999,999 direct calls
 * of `middle` with a callback; seed 000 timed one and 100 empty promises
 * resolved together. The GLib equivalents: a GTask returned and its callback
 * dispatched through the thread-default GMainContext is the promise; an idle
 * source, a thread hop (g_task_run_in_thread) and a GThreadPool push show
 * what other ways of "doing it later" cost.
 *
 * One op always ends when its callback has run on this thread, so the time
 * includes the dispatch, as a resolved promise's .then() does.
 */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "engine/model/ib-error.h"
#include "engine/measure/ib-measure.h"
#include "engine/os/ib-os.h"
#include "engine/stats/ib-stats.h"
#include "engine/workloads/ib-workloads.h"

/* Ops between two looks at the cancellable; every PROGRESS_EVERY looks the
 * clock is read too, and progress is reported at most every
 * PROGRESS_INTERVAL_NS (a call costs microseconds, well below the noise). */
#define CHECK_EVERY          1024
#define PROGRESS_EVERY       16
#define PROGRESS_INTERVAL_NS (G_GINT64_CONSTANT (250) * 1000 * 1000)

typedef enum
{
  KIND_DIRECT,
  KIND_GTASK,
  KIND_IDLE,
  KIND_THREAD,
  KIND_POOL,
  KIND_TASKS_1,
  KIND_TASKS_100,
  N_KINDS
} Kind;

static const char *const kind_ids[N_KINDS + 1] = {
  "direct", "gtask", "idle", "thread", "pool", "tasks-1", "tasks-100", NULL
};

static const char *const kind_descriptions[N_KINDS] = {
  N_("direct call through a function pointer, passing a callback"),
  N_("GTask created, returned, callback dispatched through the main context (the promise)"),
  N_("g_idle_add round trip through the main context"),
  N_("empty g_task_run_in_thread and its completion callback (a thread hop)"),
  N_("empty GThreadPool push, completion signalled back through the main context"),
  N_("one empty task, awaited like Promise.all of one promise (ns per batch)"),
  N_("100 empty tasks, awaited together like Promise.all (ns per batch)"),
};

/* A first guess of ns per op (per batch for tasks-*) on a current PC, used
 * for progress until a kind has been timed once. */
static const double guess_ns[N_KINDS] = { 3, 1000, 700, 20000, 15000, 1500, 50000 };

typedef struct
{
  GMainContext  *context;
  GCancellable  *cancellable;
  GThreadPool   *pool;
  guint64        done;          /* callbacks that ran on this thread */

  /* progress */
  IbWorkProgress progress;
  gpointer       progress_data;
  char          *message;       /* of the kind running now */
  double         unit_start;    /* fraction when the kind started */
  double         unit_span;     /* the kind's share of the whole */
  double         last_fraction;
  gint64         last_report_ns;
  guint          n_checks;
} Bench;

static void
bench_report (Bench  *bench,
              double  fraction)
{
  /* Estimates improve as kinds are timed: never go backwards. */
  fraction = CLAMP (fraction, bench->last_fraction, 1.0);
  bench->last_fraction = fraction;
  bench->last_report_ns = ib_os_monotonic_ns ();
  bench->progress (fraction, bench->message, bench->progress_data);
}

/* Called every CHECK_EVERY ops: FALSE when cancelled. */
static gboolean
bench_tick (Bench   *bench,
            guint64  i,
            guint64  n)
{
  if (g_cancellable_is_cancelled (bench->cancellable))
    return FALSE;
  if (bench->progress != NULL && ++bench->n_checks % PROGRESS_EVERY == 0 &&
      ib_os_monotonic_ns () - bench->last_report_ns >= PROGRESS_INTERVAL_NS)
    bench_report (bench, bench->unit_start + bench->unit_span * ((double) i / (double) n));
  return TRUE;
}

const char *const *
ib_overhead_kinds (void)
{
  return kind_ids;
}

static int
kind_from_id (const char *kind)
{
  for (int i = 0; i < N_KINDS; i++)
    if (g_strcmp0 (kind, kind_ids[i]) == 0)
      return i;
  return -1;
}

/* The one display name of each kind, shared by the charts, the reports, the
 * CLI and the app (the ids stay in JSON and CSV). */
static const char *const kind_titles[N_KINDS] = {
  /* Translators: dispatch overhead kinds (display names) */
  N_("Direct call"),
  N_("GTask + dispatch"),
  N_("g_idle_add round trip"),
  N_("Empty thread hop"),
  N_("Empty GThreadPool push"),
  N_("1 empty task"),
  N_("100 empty tasks"),
};

const char *
ib_overhead_kind_title (const char *kind)
{
  int k = kind_from_id (kind);

  return k < 0 ? (kind != NULL ? kind : "") : _(kind_titles[k]);
}

const char *
ib_overhead_kind_describe (const char *kind)
{
  int k = kind_from_id (kind);

  return k < 0 ? NULL : _(kind_descriptions[k]);
}

guint64
ib_overhead_kind_iterations (const char *kind,
                             guint64     n)
{
  if (n == 0)
    n = IB_OVERHEAD_DEFAULT_ITERATIONS;

  switch (kind_from_id (kind))
    {
    case KIND_THREAD:
    case KIND_POOL:
      return MIN (n, IB_OVERHEAD_MAX_THREAD_ITERATIONS);
    case KIND_TASKS_100:
      return MAX (G_GUINT64_CONSTANT (1), n / 100);
    default:
      return n;
    }
}

/* ---- direct ------------------------------------------------------------ */

typedef void (*DirectResolve) (int      value,
                               gpointer data);

/* Written through a volatile lvalue: the compiler must do every call. */
static volatile guint64 direct_sink;

G_GNUC_NO_INLINE static void
direct_resolve (int      value,
                gpointer data)
{
  direct_sink += (guint64) value;
}

/* `const middle = (res) => { res(1 + 1) }` */
G_GNUC_NO_INLINE static void
direct_middle (DirectResolve resolve,
               gpointer      data)
{
  resolve (1 + 1, data);
}

/* A volatile pointer is loaded anew for every call, so it cannot be inlined. */
static void (*volatile direct_middle_ptr) (DirectResolve, gpointer) = direct_middle;

static gboolean
run_direct (Bench   *bench,
            guint64  n)
{
  for (guint64 i = 0; i < n; i++)
    {
      if (i % CHECK_EVERY == 0 && !bench_tick (bench, i, n))
        return FALSE;
      direct_middle_ptr (direct_resolve, bench);
    }
  return TRUE;
}

/* ---- GTask: the promise -------------------------------------------------- */

static void
task_done_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      data)
{
  Bench *bench = data;

  g_task_propagate_pointer (G_TASK (result), NULL);
  bench->done++;
}

static void
wait_done (Bench   *bench,
           guint64  target)
{
  while (bench->done < target)
    g_main_context_iteration (bench->context, TRUE);
}

static gboolean
run_gtask (Bench   *bench,
           guint64  n)
{
  for (guint64 i = 0; i < n; i++)
    {
      GTask *task;

      if (i % CHECK_EVERY == 0 && !bench_tick (bench, i, n))
        return FALSE;
      task = g_task_new (NULL, NULL, task_done_cb, bench);
      g_task_return_pointer (task, GINT_TO_POINTER (1 + 1), NULL);
      g_object_unref (task);
      wait_done (bench, bench->done + 1);
    }
  return TRUE;
}

/* ---- idle ---------------------------------------------------------------- */

static gboolean
idle_cb (gpointer data)
{
  Bench *bench = data;

  bench->done++;
  return G_SOURCE_REMOVE;
}

static gboolean
run_idle (Bench   *bench,
          guint64  n)
{
  for (guint64 i = 0; i < n; i++)
    {
      GSource *source;

      if (i % CHECK_EVERY == 0 && !bench_tick (bench, i, n))
        return FALSE;
      source = g_idle_source_new ();
      g_source_set_callback (source, idle_cb, bench, NULL);
      g_source_attach (source, bench->context);
      g_source_unref (source);
      wait_done (bench, bench->done + 1);
    }
  return TRUE;
}

/* ---- thread hop ---------------------------------------------------------- */

static void
empty_thread_func (GTask        *task,
                   gpointer      source,
                   gpointer      task_data,
                   GCancellable *cancellable)
{
  g_task_return_pointer (task, NULL, NULL);
}

static gboolean
run_thread (Bench   *bench,
            guint64  n)
{
  for (guint64 i = 0; i < n; i++)
    {
      GTask *task;

      if (i % CHECK_EVERY == 0 && !bench_tick (bench, i, n))
        return FALSE;
      task = g_task_new (NULL, NULL, task_done_cb, bench);
      g_task_run_in_thread (task, empty_thread_func);
      g_object_unref (task);
      wait_done (bench, bench->done + 1);
    }
  return TRUE;
}

/* ---- thread pool --------------------------------------------------------- */

static void
pool_func (gpointer data,
           gpointer user_data)
{
  Bench *bench = user_data;
  GSource *source = g_idle_source_new ();

  /* Signal back to the waiting thread through its context. */
  g_source_set_callback (source, idle_cb, bench, NULL);
  g_source_attach (source, bench->context);
  g_source_unref (source);
}

static gboolean
run_pool (Bench   *bench,
          guint64  n)
{
  for (guint64 i = 0; i < n; i++)
    {
      if (i % CHECK_EVERY == 0 && !bench_tick (bench, i, n))
        return FALSE;
      /* The data must not be NULL; it is not used. */
      g_thread_pool_push (bench->pool, bench, NULL);
      wait_done (bench, bench->done + 1);
    }
  return TRUE;
}

/* ---- Promise.all of k empty tasks ---------------------------------------- */

typedef struct
{
  Bench *bench;
  GTask *all;
  guint  pending;
} Batch;

static void
batch_member_done_cb (GObject      *source,
                      GAsyncResult *result,
                      gpointer      data)
{
  Batch *batch = data;

  g_task_propagate_pointer (G_TASK (result), NULL);
  if (--batch->pending == 0)
    {
      g_task_return_pointer (batch->all, NULL, NULL);
      g_clear_object (&batch->all);
    }
}

static gboolean
run_batches (Bench   *bench,
             guint64  n,
             guint    k)
{
  for (guint64 i = 0; i < n; i++)
    {
      Batch batch;

      if (i % MAX (1, CHECK_EVERY / k) == 0 && !bench_tick (bench, i, n))
        return FALSE;

      batch.bench = bench;
      batch.all = g_task_new (NULL, NULL, task_done_cb, bench);
      batch.pending = k;
      for (guint j = 0; j < k; j++)
        {
          GTask *task = g_task_new (NULL, NULL, batch_member_done_cb, &batch);

          g_task_return_pointer (task, NULL, NULL);
          g_object_unref (task);
        }
      wait_done (bench, bench->done + 1);
      g_assert (batch.all == NULL);
    }
  return TRUE;
}

/* ---- driver -------------------------------------------------------------- */

static gboolean
run_kind (Bench   *bench,
          Kind     kind,
          guint64  n)
{
  switch (kind)
    {
    case KIND_DIRECT:
      return run_direct (bench, n);
    case KIND_GTASK:
      return run_gtask (bench, n);
    case KIND_IDLE:
      return run_idle (bench, n);
    case KIND_THREAD:
      return run_thread (bench, n);
    case KIND_POOL:
      return run_pool (bench, n);
    case KIND_TASKS_1:
      return run_batches (bench, n, 1);
    case KIND_TASKS_100:
      return run_batches (bench, n, 100);
    case N_KINDS:
    default:
      g_assert_not_reached ();
    }
  return FALSE;
}

static void
append_rows (IbReport *report,
             GArray  **values,
             guint64  *iterations)
{
  IbStats stats[N_KINDS];

  memset (stats, 0, sizeof stats);
  for (guint k = 0; k < N_KINDS; k++)
    {
      if (values[k]->len > 0)
        ib_stats_compute ((const double *) (gpointer) values[k]->data, values[k]->len,
                          &stats[k]);
    }

  for (guint k = 0; k < N_KINDS; k++)
    {
      IbOverheadRow row = { NULL, };

      if (values[k]->len == 0)
        continue;
      row.kind = g_strdup (kind_ids[k]);
      row.iterations = iterations[k];
      row.repeat = values[k]->len;
      row.ns_per_op = stats[k].median_ns;
      row.ci_low_ns = stats[k].ci_low_ns;
      row.ci_high_ns = stats[k].ci_high_ns;
      row.ratio_to_direct = stats[KIND_DIRECT].median_ns > 0
                            ? stats[k].median_ns / stats[KIND_DIRECT].median_ns : 0;
      g_array_append_val (report->overhead, row);
    }

  for (guint k = 0; k < N_KINDS; k++)
    ib_stats_clear (&stats[k]);
}

/* What the rounds share: the samples so far, and the time each kind takes. */
typedef struct
{
  GArray  *values[N_KINDS];     /* ns per operation, of the measured rounds */
  guint64  iterations[N_KINDS];
  double   est_ns[N_KINDS];     /* time of one run of each kind, guessed then measured */
  double   done_ns;
  guint    rounds;
  guint    warmup;
  guint    pause_ms;
} Rounds;

/* Runs the @i-th kind of @round (in @order) once and keeps its time;
 * FALSE when cancelled. */
static gboolean
measure_kind (Bench       *bench,
              Rounds      *r,
              guint        round,
              const guint *order,
              guint        i)
{
  Kind kind = (Kind) order[i];
  IbSample timed = { 0 };
  IbBracket bracket;
  gint64 elapsed;
  double left_ns = 0;
  gboolean cancelled;

  /* What is left: the rest of this round, then whole rounds. */
  for (guint j = i; j < N_KINDS; j++)
    left_ns += r->est_ns[order[j]];
  for (guint k = 0; k < N_KINDS; k++)
    left_ns += r->est_ns[k] * (r->rounds - round - 1);
  bench->unit_start = r->done_ns / (r->done_ns + left_ns);
  bench->unit_span = r->est_ns[kind] / (r->done_ns + left_ns);
  g_free (bench->message);
  /* Translators: e.g. "Round 1 of 2: 100 empty tasks" (the phase,
   * dispatch overhead, is shown beside it) */
  bench->message = g_strdup_printf (_("Round %u of %u: %s"), round + 1, r->rounds,
                                    ib_overhead_kind_title (kind_ids[kind]));
  if (bench->progress != NULL)
    bench_report (bench, bench->unit_start);

  /* The settle step every sample of IbMeasure takes (no
   * files here: the pause only). */
  if (!ib_measure_settle_dir (NULL, r->pause_ms, bench->cancellable, NULL))
    return FALSE;
  ib_bracket_start (&bracket, IB_MEASURE_USER_OVERHEAD, NULL, NULL);
  cancelled = !run_kind (bench, kind, r->iterations[kind]);
  elapsed = ib_bracket_stop (&bracket, &timed);
  if (cancelled)
    return FALSE;
  r->done_ns += (double) elapsed;
  r->est_ns[kind] = MAX ((double) elapsed, 1.0);

  if (round >= r->warmup)
    {
      double ns_per_op = (double) elapsed / (double) r->iterations[kind];

      g_array_append_val (r->values[kind], ns_per_op);
    }
  return TRUE;
}

gboolean
ib_overhead_run (const IbOverheadRequest *request,
                 IbReport                *report,
                 GCancellable            *cancellable,
                 GError                 **error)
{
  Bench bench = { NULL, };
  Rounds   r = { 0 };
  guint64 order_seed;
  gboolean cancelled = FALSE;

  g_return_val_if_fail (request != NULL, FALSE);
  g_return_val_if_fail (request->spec != NULL, FALSE);
  g_return_val_if_fail (report != NULL, FALSE);
  g_return_val_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  r.warmup = request->warmup;
  r.pause_ms = request->pause_ms;
  r.rounds = ib_measure_n_rounds (request->warmup, MAX (request->repeat, 1));

  bench.context = g_main_context_ref_thread_default ();
  bench.cancellable = cancellable;
  bench.progress = request->progress;
  bench.progress_data = request->progress_data;
  /* Non-exclusive: idle threads are shared with the rest of GLib. */
  bench.pool = g_thread_pool_new (pool_func, &bench, (int) ib_os_n_cores (), FALSE, NULL);
  g_assert (bench.pool != NULL);

  for (guint k = 0; k < N_KINDS; k++)
    {
      r.values[k] = g_array_new (FALSE, FALSE, sizeof (double));
      r.iterations[k] = ib_overhead_kind_iterations (kind_ids[k], request->spec->iterations);
      r.est_ns[k] = guess_ns[k] * (double) r.iterations[k];
    }

  /* Seeded, and different from the read experiment's interleaving. */
  order_seed = request->seed ^ G_GUINT64_CONSTANT (0x6f766572686561);

  for (guint round = 0; round < r.rounds && !cancelled; round++)
    {
      guint order[N_KINDS];

      ib_measure_round_order (order_seed, round, order, N_KINDS);
      for (guint i = 0; i < N_KINDS && !cancelled; i++)
        cancelled = !measure_kind (&bench, &r, round, order, i);
    }

  /* Every op waited for its callback: nothing of ours is left queued. */
  g_thread_pool_free (bench.pool, FALSE, TRUE);

  append_rows (report, r.values, r.iterations);

  for (guint k = 0; k < N_KINDS; k++)
    g_array_unref (r.values[k]);
  g_main_context_unref (bench.context);
  g_free (bench.message);

  if (cancelled)
    {
      g_set_error_literal (error, IB_ERROR, IB_ERROR_CANCELLED,
                           _("Dispatch overhead cancelled"));
      return FALSE;
    }

  if (request->progress != NULL)
    request->progress (1.0, _("Dispatch overhead done"), request->progress_data);
  return TRUE;
}
