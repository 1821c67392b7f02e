/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-decision.c: the decision phase (see ib-decision.h). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "engine/run/ib-decision.h"
#include "engine/model/ib-error.h"
#include "engine/measure/ib-measure.h"
#include "engine/os/ib-os.h"
#include "engine/stats/ib-stats.h"
#include "engine/io/ib-strategy.h"

/* At most this many pairs per line, whatever the budget (a look sorts
 * n (n + 1) / 2 Walsh averages: 2 million doubles at 2,000 pairs). */
#define MAX_PAIRS 2000
/* The interval shown while a line runs is recomputed at most this often. */
#define PEEK_INTERVAL_NS (G_GINT64_CONSTANT (250) * 1000 * 1000)
/* Pairs measured before the looks are planned from their pace. */
#define PACE_PAIRS 2

IbDecision *
ib_decision_new (void)
{
  IbDecision *decision = g_new0 (IbDecision, 1);

  decision->margin = IB_PAIRED_MARGIN;
  decision->alpha = IB_PAIRED_ALPHA;
  decision->lines = ib_decision_lines_new ();
  return decision;
}

const IbDecisionLine *
ib_report_decision_line (const IbReport *report,
                         const char     *line_id)
{
  g_return_val_if_fail (report != NULL && line_id != NULL, NULL);

  if (report->decision == NULL)
    return NULL;
  for (guint i = 0; i < report->decision->lines->len; i++)
    {
      const IbDecisionLine *line = &g_array_index (report->decision->lines, IbDecisionLine, i);

      if (g_strcmp0 (line->line, line_id) == 0)
        return line;
    }
  return NULL;
}

void
ib_decision_line_paired (const IbDecisionLine *line,
                         double                margin,
                         IbPaired             *out)
{
  g_return_if_fail (line != NULL && out != NULL);

  memset (out, 0, sizeof *out);
  out->verdict = line->verdict;
  out->n = 0;
  for (guint i = 0; line->pairs != NULL && i < line->pairs->len; i++)
    {
      const IbDecisionPair *p = &g_array_index (line->pairs, IbDecisionPair, i);

      out->n += p->a_ns > 0 && p->b_ns > 0;
    }
  out->ratio = line->ratio;
  out->ci_low = line->ci_low;
  out->ci_high = line->ci_high;
  out->ci_level = line->ci_level;
  out->margin = margin;
  out->more_pairs = line->more_pairs;
}

IbDecisionLook *
ib_decision_look_copy (const IbDecisionLook *look)
{
  IbDecisionLook *copy;

  g_return_val_if_fail (look != NULL, NULL);

  copy = g_memdup2 (look, sizeof *look);
  copy->line = g_strdup (look->line);
  copy->a = g_strdup (look->a);
  copy->b = g_strdup (look->b);
  return copy;
}

void
ib_decision_look_free (IbDecisionLook *look)
{
  if (look == NULL)
    return;
  g_free (look->line);
  g_free (look->a);
  g_free (look->b);
  g_free (look);
}

/* ---- the survey's share --------------------------------------------------- */

gboolean
ib_decision_survey_should_stop (const IbPlan *plan,
                                gint64        started_ns,
                                gint64        rounds_start_ns,
                                guint         done,
                                gint64        now_ns)
{
  gint64 per_round;

  g_return_val_if_fail (plan != NULL, FALSE);

  if (plan->budget_s == 0 || done < IB_SURVEY_MIN_ROUNDS)
    return FALSE;
  per_round = (now_ns - rounds_start_ns) / done;
  return now_ns + per_round - started_ns > IB_SURVEY_SHARE * plan->budget_s * 1e9;
}

gboolean
ib_decision_survey_overran (const IbPlan   *plan,
                            const IbReport *report,
                            gint64          started_ns,
                            guint           done,
                            gint64          now_ns)
{
  g_autoptr(GArray) lines = NULL;

  g_return_val_if_fail (plan != NULL && report != NULL, FALSE);

  if (plan->budget_s == 0 ||
      now_ns - started_ns <= IB_SURVEY_MAX_SHARE * plan->budget_s * 1e9)
    return FALSE;
  if (done >= 1)
    return TRUE;
  lines = ib_decision_pick (report);
  return lines->len > 0;
}

/* ---- picking the pairs -------------------------------------------------- */

const char *
ib_decision_side (const char *strategy)
{
  const IbStrategyInfo *info;

  if (strategy == NULL || ib_strategy_id_is_direct (strategy))
    return NULL;
  info = ib_strategy_lookup (strategy);
  if (info == NULL)
    return g_str_has_prefix (strategy, "sync-") ? "sync"
           : g_str_has_prefix (strategy, "async-") ? IB_DECISION_SIDE_ASYNC : NULL;
  /* mmap blocks its thread like sync, but maps instead of reading: its own
   * line, as in the answer */
  if (g_str_equal (info->id, "mmap"))
    return IB_DECISION_SIDE_MMAP;
  switch (info->family)
    {
    case IB_FAMILY_SYNC:
      return "sync";
    case IB_FAMILY_ASYNC:
      return IB_DECISION_SIDE_ASYNC;
    case IB_FAMILY_THREAD:
      return IB_DECISION_SIDE_THREAD;
    case IB_FAMILY_URING:
      return IB_DECISION_SIDE_URING;
    default:
      return NULL;
    }
}

const char *
ib_decision_group (const char *strategy)
{
  const char *side = ib_decision_side (strategy);
  const IbStrategyInfo *info = strategy != NULL ? ib_strategy_lookup (strategy) : NULL;
  gboolean serial;

  if (side == NULL || info == NULL)
    return NULL;
  serial = info->schedule == IB_SCHEDULE_SERIAL;
  if (g_str_equal (side, "sync"))
    return serial ? IB_DECISION_GROUP_SYNC : NULL;
  if (g_str_equal (side, IB_DECISION_SIDE_THREAD))
    return serial ? NULL : IB_DECISION_GROUP_THREAD;
  if (g_str_equal (side, IB_DECISION_SIDE_ASYNC))
    return serial ? IB_DECISION_GROUP_ASYNC_SERIAL : IB_DECISION_GROUP_ASYNC_PARALLEL;
  if (g_str_equal (side, IB_DECISION_SIDE_URING))
    return serial ? IB_DECISION_GROUP_URING_SERIAL : IB_DECISION_GROUP_URING_PARALLEL;
  if (g_str_equal (side, IB_DECISION_SIDE_MMAP))
    return IB_DECISION_GROUP_MMAP;
  return NULL;
}

/* Like with like: each line races two groups of one concurrency. */
static const IbDecisionLineInfo line_infos[] = {
  { IB_DECISION_LINE_SERIAL, IB_DECISION_GROUP_SYNC, IB_DECISION_GROUP_ASYNC_SERIAL, TRUE,
    /* Translators: the decision phase's progress, which pair it decides */
    N_("One file at a time: sync vs async") },
  { IB_DECISION_LINE_PARALLEL, IB_DECISION_GROUP_THREAD, IB_DECISION_GROUP_ASYNC_PARALLEL, TRUE,
    /* Translators: the decision phase's progress, which pair it decides */
    N_("All files at once: threads vs async") },
  { IB_DECISION_LINE_URING, IB_DECISION_GROUP_SYNC, IB_DECISION_GROUP_URING_SERIAL, FALSE,
    /* Translators: the decision phase's progress, which pair it decides */
    N_("One file at a time: sync vs io_uring") },
  { IB_DECISION_LINE_MMAP, IB_DECISION_GROUP_SYNC, IB_DECISION_GROUP_MMAP, FALSE,
    /* Translators: the decision phase's progress, which pair it decides */
    N_("One file at a time: sync vs memory map") },
};

const IbDecisionLineInfo *
ib_decision_line_infos (guint *n_lines)
{
  if (n_lines != NULL)
    *n_lines = G_N_ELEMENTS (line_infos);
  return line_infos;
}

const IbDecisionLineInfo *
ib_decision_line_info (const char *id)
{
  for (guint i = 0; id != NULL && i < G_N_ELEMENTS (line_infos); i++)
    if (g_str_equal (line_infos[i].id, id))
      return &line_infos[i];
  return NULL;
}

/* The measured strategy of @report with the lowest survey median among
 * those @classify puts in @set. */
static const IbStats *
fastest_of (const IbReport *report,
            const char *(*classify) (const char *strategy),
            const char     *set)
{
  const IbStats *best = NULL;

  g_return_val_if_fail (report != NULL, NULL);

  for (guint i = 0; report->statistics != NULL && i < report->statistics->len; i++)
    {
      const IbStats *st = &g_array_index (report->statistics, IbStats, i);

      if (st->strategy == NULL || st->n == 0 || !(st->median_ns > 0)
          || g_strcmp0 (classify (st->strategy), set) != 0)
        continue;
      if (best == NULL || st->median_ns < best->median_ns)
        best = st;
    }
  return best;
}

const IbStats *
ib_decision_fastest_in (const IbReport *report,
                        const char     *group)
{
  return fastest_of (report, ib_decision_group, group);
}

const IbStats *
ib_decision_fastest (const IbReport *report,
                     const char     *side)
{
  return fastest_of (report, ib_decision_side, side);
}

GArray *
ib_decision_pick (const IbReport *report)
{
  GArray *lines = ib_decision_lines_new ();
  gboolean has_main = FALSE;

  g_return_val_if_fail (report != NULL, lines);

  for (guint i = 0; i < G_N_ELEMENTS (line_infos); i++)
    {
      const IbStats *a = ib_decision_fastest_in (report, line_infos[i].group_a);
      const IbStats *b = ib_decision_fastest_in (report, line_infos[i].group_b);
      IbDecisionLine line = { 0 };

      if (a == NULL || b == NULL)
        continue;
      has_main |= line_infos[i].main;
      line.line = g_strdup (line_infos[i].id);
      line.a = g_strdup (a->strategy);
      line.b = g_strdup (b->strategy);
      line.pairs = g_array_new (FALSE, FALSE, sizeof (IbDecisionPair));
      line.verdict = IB_PAIRED_NO_DATA;
      g_array_append_val (lines, line);
    }
  if (!has_main)
    g_array_set_size (lines, 0);
  return lines;
}

/* ---- the phase ---------------------------------------------------------- */

typedef struct
{
  IbDecisionSampleFunc   sample;
  IbDecisionProgressFunc progress;
  gpointer               user_data;
  GCancellable          *cancellable;
  gint64                 phase_start;
  gint64                 deadline;
  guint                  round;      /* the next sample's round */
  gint64                 last_peek;  /* when progress last showed an interval */
  gint64                 line_start; /* the current line's time */
  gint64                 line_deadline;
  const IbPlan          *keep; /* a plan of ib_decision_keep_plan, else NULL */
} Phase;

/* The line's progress title, in the user's language. */
static const char *
line_title (const char *line_id)
{
  const IbDecisionLineInfo *info = ib_decision_line_info (line_id);

  return _(info != NULL ? info->title : line_infos[0].title);
}

static void
look_init (IbDecisionLook       *look,
           const IbDecisionLine *line,
           guint                 n_pairs,
           double                margin)
{
  memset (look, 0, sizeof *look);
  look->line = line->line;
  look->a = line->a;
  look->b = line->b;
  look->n_pairs = n_pairs;
  look->margin = margin;
  look->verdict = IB_PAIRED_NO_DATA;
  look->level = 1.0 - IB_PAIRED_ALPHA;
  look->next_look_in_ns = -1;
}

/* The moment of planned look @j of @n_looks over [@start, @end]: the last
 * at the end, each one before it halfway to the next. */
static gint64
look_time (gint64 start,
           gint64 end,
           guint  j,
           guint  n_looks)
{
  gint64 span = end - start;

  for (guint k = j + 1; k < n_looks; k++)
    span /= 2;
  return start + span;
}

/* @n_pairs: the pair about to be measured (1-based); @decider: the line's
 * rule once its looks are planned, else NULL. */
static void
report_progress (Phase                *phase,
                 const IbDecisionLine *line,
                 const IbDecider      *decider,
                 guint                 n_pairs,
                 double                margin)
{
  g_autofree char *message = NULL;
  gint64 now = ib_os_monotonic_ns ();
  double fraction;
  IbDecisionLook look;

  if (phase->progress == NULL || (n_pairs > 1 && now - phase->last_peek < PEEK_INTERVAL_NS))
    return;
  phase->last_peek = now;
  fraction = phase->deadline > phase->phase_start
             ? (double) (now - phase->phase_start) / (phase->deadline - phase->phase_start) : 1.0;
  look_init (&look, line, n_pairs - 1, margin);
  if (decider != NULL && decider->a->len >= 2)
    {
      IbPaired peek;

      ib_decider_peek (decider, &peek);
      look.ratio = peek.ratio;
      look.ci_low = peek.ci_low;
      look.ci_high = peek.ci_high;
      look.ci_level = peek.ci_level;
      look.verdict = IB_PAIRED_UNDECIDED;
      /* When the next planned look comes: the only moment it can decide. */
      look.next_is_last = decider->looks_done + 1 >= decider->n_looks;
      look.next_look_in_ns = look.next_is_last
                             ? phase->line_deadline - now
                             : look_time (phase->line_start, phase->line_deadline,
                                          decider->looks_done, decider->n_looks) - now;
      look.next_look_in_ns = MAX (look.next_look_in_ns, 0);
      /* Translators: the decision phase's progress: "Sync vs async, pair 12:
       * time ratio 0.91–1.30" (the interval of async's time / sync's) */
      message = g_strdup_printf (_("%s, pair %u: time ratio %.2f–%.2f"), line_title (line->line),
                                 n_pairs, peek.ci_low, peek.ci_high);
    }
  else
    /* Translators: the decision phase's progress: "Sync vs async, pair 1" */
    message = g_strdup_printf (_("%s, pair %u"), line_title (line->line), n_pairs);
  phase->progress (message, CLAMP (fraction, 0.0, 1.0), &look, phase->user_data);
}

/* The line's result, once it is known. */
static void
report_result (Phase                *phase,
               const IbDecisionLine *line,
               double                margin)
{
  gint64 now = ib_os_monotonic_ns ();
  double fraction;
  IbDecisionLook look;

  if (phase->progress == NULL)
    return;
  fraction = phase->deadline > phase->phase_start
             ? (double) (now - phase->phase_start) / (phase->deadline - phase->phase_start) : 1.0;
  look_init (&look, line, line->pairs->len, margin);
  look.ratio = line->ratio;
  look.ci_low = line->ci_low;
  look.ci_high = line->ci_high;
  look.ci_level = line->ci_level;
  look.look = TRUE;
  look.verdict = line->verdict;
  look.more_pairs = line->more_pairs;
  phase->progress (NULL, CLAMP (fraction, 0.0, 1.0), &look, phase->user_data);
}

/* One side of a pair: where take() puts what a sample was made of. */
typedef struct
{
  gint64 *wall_ns;
  gint64 *cpu_ns;
  gint64 *wait_ns;
  gint64 *wait_workers_ns;
  gint64 *cpus_busy_ns;
} Side;

/* One sample of @strategy: its wall time, or 0 when it failed or its cache
 * state missed the plan's; its CPU time, run-queue waits and the machine's
 * CPU time (-1 unknown). */
static gboolean
take (Phase      *phase,
      const char *strategy,
      const Side *side,
      GError    **error)
{
  IbSample sample = { 0 };
  gboolean ok;

  ok = phase->sample (strategy, phase->round++, &sample, phase->user_data, error);
  *side->wall_ns = ok && sample.ok && sample.cache_ok && sample.excluded == NULL && !sample.warmup
                     ? MAX (sample.wall_ns, 1)
                     : 0;
  *side->cpu_ns = ok && sample.ok ? sample.cpu_ns : -1;
  *side->wait_ns = ok && sample.ok ? sample.runq_wait_ns : -1;
  *side->wait_workers_ns = ok && sample.ok ? sample.runq_wait_workers_ns : -1;
  *side->cpus_busy_ns = ok && sample.ok ? sample.cpus_busy_ns : -1;
  ib_sample_clear (&sample);
  return ok;
}

static gboolean
take_a (Phase           *phase,
        IbDecisionLine  *line,
        IbDecisionPair  *pair,
        GError         **error)
{
  Side side = { &pair->a_ns, &pair->a_cpu_ns, &pair->a_wait_ns, &pair->a_wait_workers_ns,
                &pair->a_cpus_busy_ns };

  return take (phase, line->a, &side, error);
}

static gboolean
take_b (Phase           *phase,
        IbDecisionLine  *line,
        IbDecisionPair  *pair,
        GError         **error)
{
  Side side = { &pair->b_ns, &pair->b_cpu_ns, &pair->b_wait_ns, &pair->b_wait_workers_ns,
                &pair->b_cpus_busy_ns };

  return take (phase, line->b, &side, error);
}

/* Keep deciding: whether @phase continues @line (the plan's two
 * strategies are its pair); then the pairs of its earlier tries are put
 * first in its pairs, and *@carried gets their number. */
static gboolean
continues_line (const Phase    *phase,
                IbDecisionLine *line,
                guint          *carried)
{
  const IbPlan *keep = phase->keep;

  *carried = 0;
  if (keep == NULL || keep->strategies->len != 2)
    return FALSE;
  if (g_strcmp0 (g_ptr_array_index (keep->strategies, 0), line->a) != 0)
    return FALSE;
  if (g_strcmp0 (g_ptr_array_index (keep->strategies, 1), line->b) != 0)
    return FALSE;
  g_array_append_vals (line->pairs, keep->keep_pairs->data, keep->keep_pairs->len);
  *carried = keep->keep_pairs->len;
  return TRUE;
}

/* Plans @decider's looks for about @max_pairs new pairs of @line, whose
 * first @carried pairs (and @earlier_looks looks) are an earlier try's: it
 * continues that procedure (ib_decider_continue), every look counted. */
static void
plan_decider (IbDecider            *decider,
              const IbDecisionLine *line,
              guint                 carried,
              guint                 earlier_looks,
              guint                 max_pairs,
              double                margin)
{
  g_autofree double *a = g_new (double, MAX (carried, 1));
  g_autofree double *b = g_new (double, MAX (carried, 1));
  IbDeciderEarlier   earlier = { a, b, carried, earlier_looks };

  for (guint k = 0; k < carried; k++)
    {
      const IbDecisionPair *p = &g_array_index (line->pairs, IbDecisionPair, k);

      a[k] = p->a_ns;
      b[k] = p->b_ns;
    }
  ib_decider_continue (decider, max_pairs, margin, IB_PAIRED_ALPHA, &earlier);
}

static gboolean
decide_line (Phase          *phase,
             IbDecisionLine *line,
             gint64          line_deadline,
             double          margin,
             GError        **error)
{
  IbDecider decider = { 0 };
  gboolean planned = FALSE;
  gint64 line_start = ib_os_monotonic_ns ();
  gint64 per_pair = 0;
  gboolean ok = TRUE;
  guint     carried;
  guint     earlier_looks = continues_line (phase, line, &carried) ? phase->keep->keep_looks : 0;

  phase->line_start = line_start;
  phase->line_deadline = line_deadline;

  for (guint i = 0;; i++)
    {
      IbDecisionPair pair = { 0 };
      gint64 now = ib_os_monotonic_ns ();

      /* Not one more pair that would end after the line's time. */
      if (i >= MAX_PAIRS || (i > 0 && now + per_pair > line_deadline) || now >= line_deadline)
        break;
      if (g_cancellable_set_error_if_cancelled (phase->cancellable, error))
        {
          ok = FALSE;
          break;
        }
      report_progress (phase, line, planned ? &decider : NULL, carried + i + 1, margin);

      /* AB, BA, ... on from the earlier try's pairs */
      pair.order = (carried + i) % 2;
      if (pair.order == 0)
        ok = take_a (phase, line, &pair, error) && take_b (phase, line, &pair, error);
      else
        ok = take_b (phase, line, &pair, error) && take_a (phase, line, &pair, error);
      if (!ok)
        break;
      g_array_append_val (line->pairs, pair);
      now = ib_os_monotonic_ns ();
      per_pair = (now - line_start) / (i + 1);

      if (!planned && i + 1 >= PACE_PAIRS)
        {
          /* How many looks: from the pace of the first pairs (their times,
           * never their ratio). The looks are then taken at planned moments
           * (the last at the line's end), so the whole time is used and the
           * error rate, split over the looks, holds. */
          gint64 left = line_deadline - line_start;
          guint max_pairs = (guint) CLAMP (left / MAX (per_pair, 1), PACE_PAIRS, MAX_PAIRS);

          plan_decider (&decider, line, carried, earlier_looks, max_pairs, margin);
          decider.by_time = TRUE;
          planned = TRUE;
          for (guint k = carried; k < line->pairs->len; k++)
            {
              const IbDecisionPair *p = &g_array_index (line->pairs, IbDecisionPair, k);

              ib_decider_add (&decider, p->a_ns, p->b_ns);
            }
        }
      else if (planned)
        ib_decider_add (&decider, pair.a_ns, pair.b_ns);
      /* A planned look whose moment has come (the last one is at the end:
       * ib_decider_finish below). */
      if (planned && decider.looks_done + 1 < decider.n_looks &&
          now >= look_time (line_start, line_deadline, decider.looks_done, decider.n_looks) &&
          ib_decider_look (&decider))
        break;
    }

  if (!planned)
    {
      /* one look, at the end, with the pairs there are */
      plan_decider (&decider, line, carried, earlier_looks, 2, margin);
      decider.by_time = TRUE;
      for (guint k = carried; k < line->pairs->len; k++)
        {
          const IbDecisionPair *p = &g_array_index (line->pairs, IbDecisionPair, k);

          ib_decider_add (&decider, p->a_ns, p->b_ns);
        }
    }
  ib_decider_finish (&decider);
  line->verdict = decider.result.verdict;
  line->ratio = decider.result.ratio;
  line->ci_low = decider.result.ci_low;
  line->ci_high = decider.result.ci_high;
  line->ci_level = decider.result.ci_level;
  line->more_pairs = decider.result.more_pairs;
  line->n_looks = ib_decider_total_looks (&decider);
  line->spent_s = (ib_os_monotonic_ns () - line_start) / 1e9;
  ib_decider_clear (&decider);
  if (ok)
    report_result (phase, line, margin);
  return ok;
}

/* The share of the time left that line @i of @lines gets: the main lines
 * split it between them (the last main line takes all that is left); the
 * references split what the main lines leave. */
static double
line_share (GArray   *lines,
            guint     i,
            gboolean  is_main)
{
  guint left = 0;

  for (guint k = i; k < lines->len; k++)
    {
      const IbDecisionLineInfo *info =
        ib_decision_line_info (g_array_index (lines, IbDecisionLine, k).line);

      left += !is_main || (info != NULL && info->main);
    }
  return 1.0 / MAX (left, 1);
}

gboolean
ib_decision_run (IbReport                *report,
                 const IbDecisionRequest *request,
                 GError                 **error)
{
  Phase phase = { 0 };
  IbDecision *decision;
  gint64 deadline_ns;

  g_return_val_if_fail (report != NULL && request != NULL && request->sample != NULL, FALSE);

  ib_report_compute_statistics (report);
  ib_decision_free (report->decision);
  report->decision = decision = ib_decision_new ();
  if (report->plan != NULL)
    {
      decision->budget_s = report->plan->budget_s;
      decision->margin = report->plan->margin;
    }
  g_array_unref (decision->lines);
  decision->lines = ib_decision_pick (report);

  phase.sample = request->sample;
  phase.progress = request->progress;
  phase.user_data = request->user_data;
  phase.cancellable = request->cancellable;
  phase.phase_start = ib_os_monotonic_ns ();
  phase.deadline = deadline_ns = request->deadline_ns;
  phase.round = report->plan != NULL ? ib_plan_n_rounds (report->plan) : 0;
  phase.keep = report->plan != NULL && report->plan->keep_pairs != NULL ? report->plan : NULL;
  decision->survey_s = (phase.phase_start - request->started_ns) / 1e9;

  for (guint i = 0; i < decision->lines->len; i++)
    {
      IbDecisionLine *line = &g_array_index (decision->lines, IbDecisionLine, i);
      const IbDecisionLineInfo *info = ib_decision_line_info (line->line);
      gint64 now = ib_os_monotonic_ns ();
      double share = line_share (decision->lines, i, info != NULL && info->main);
      gint64 line_deadline = now + (gint64) (MAX (deadline_ns - now, 0) * share);

      if (!decide_line (&phase, line, line_deadline, decision->margin, error))
        return FALSE;
    }
  return TRUE;
}
