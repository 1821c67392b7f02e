/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-findings-stall.c: what each way of reading costs an app's main loop
 * (README.md, "What a read costs the main loop"), next to its speed. Finding ids:
 *
 *   stall-trade-off   the fastest sync strategy (mmap included) against the
 *                     fastest async or thread one: the speed ratio with its
 *                     interval, and how long each blocks the main loop per read
 *                     (medians on both sides), only when the other one stalls
 *                     it clearly less (ib_report_stalls_less)
 *   stall-responsive  the fastest strategy that never missed a 60 Hz frame, by
 *                     the verdict rule against the runner-up among them
 *   stall-write-unlink  the serving context's longest stall per write+delete
 *                     mode
 *   stall-sweep       each strategy's stall at the sweep's largest value
 *
 * Only what the 1 ms tick watched counts (ib-responsiveness.h); a report
 * without it gets none of these.
 */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "engine/model/ib-format.h"
#include "engine/run/ib-decision.h"
#include "engine/stats/ib-stats.h"
#include "engine/io/ib-strategy.h"
#include "engine/workloads/ib-workloads.h"
#include "ib-findings.h"
#include "ib-labels.h"
#include "ib-verdict.h"

static gboolean
is_measured (const IbStats *st)
{
  return st->n > 0 && st->median_ns > 0 && st->n_responsive > 0 && isfinite (st->stall_ns);
}

/* The fastest measured strategy that blocks its thread for the whole read
 * (sync) or, with !@blocking, the fastest of those that do not (GIO async,
 * threads, io_uring): the answer's sides and best-of (ib_decision_fastest),
 * so this finding backs the answer. */
static const IbStats *
fastest_of (const IbReport *report,
            gboolean        blocking)
{
  static const char *const others[] = {
    IB_DECISION_SIDE_ASYNC, IB_DECISION_SIDE_THREAD, IB_DECISION_SIDE_URING,
  };
  const IbStats *best = NULL;

  if (blocking)
    return ib_decision_fastest (report, "sync");
  for (guint i = 0; i < G_N_ELEMENTS (others); i++)
    {
      const IbStats *st = ib_decision_fastest (report, others[i]);

      if (st != NULL && (best == NULL || st->median_ns < best->median_ns))
        best = st;
    }
  return best;
}

static void
finding_trade_off (const IbReport *report,
                   const IbAnswer *answer,
                   GArray         *findings)
{
  const IbStats *sync = fastest_of (report, TRUE);
  const IbStats *other = fastest_of (report, FALSE);
  g_autofree char *speed = NULL;
  g_autofree char *sync_stall = NULL;
  g_autofree char *other_stall = NULL;
  g_autofree char *frames = NULL;
  g_autofree char *other_frames = NULL;
  IbVerdictInterval iv;
  gboolean paired;

  /* the pair the answer races, each with its main-loop stalls watched */
  if (sync == NULL || other == NULL || !is_measured (sync) || !is_measured (other))
    return;
  /* the answer's rule: the decision phase's pairs when it raced the two */
  paired = ib_answer_pair_verdict (report, sync->strategy, other->strategy, &iv);
  /* Below 5 valid samples a side there is no speed to trade (the
   * sync-vs-async finding says "too few samples to tell"). */
  if (iv.verdict == IB_VERDICT_NO_DATA || iv.verdict == IB_VERDICT_TOO_FEW)
    return;

  /* Like with like: the median of each read's longest stall and
   * its frames on both sides, and no trade-off unless the other side stalls
   * the loop clearly less. */
  if (!ib_report_stalls_less (report, other->strategy, sync->strategy))
    return;
  sync_stall = ib_format_duration (sync->stall_ns);
  other_stall = ib_format_duration (other->stall_ns);
  frames = ib_format_frames_missed (sync->frames_missed_60);
  other_frames = ib_format_frames_missed (other->frames_missed_60);
  /* The answer races the two already (threads, io_uring), or only the
   * survey's samples compare them in a run with a decision phase (a hint, no
   * speed to trade): say only what the other side costs the main loop. */
  if (ib_findings_survey_only (report, paired)
      || (ib_answer_compares (answer, sync->strategy, other->strategy)
          && !(answer->stall != NULL
               && g_str_equal (other->strategy, ib_answer_main (answer)->b))))
    {
      /* Translators: a strategy, the median of its reads' longest main-loop
       * stall and the frames that costs ("no frame missed at 60 Hz"), then the
       * same two for a sync strategy and that strategy: "Thread pool, parallel
       * stalls the main loop for 0.4 ms per read (no frame missed at 60 Hz),
       * against 12 ms (0.6 frames missed at 60 Hz) for Sync single read; ..." */
      ib_findings_add (findings, "stall-trade-off",
                       _("%s stalls the main loop for %s per read (%s), against %s "
                         "(%s) for %s; medians of each read’s longest stall."),
                       ib_strategy_title (other->strategy), other_stall, other_frames,
                       sync_stall, frames, ib_strategy_title (sync->strategy));
      return;
    }

  /* a sync strategy first: its display name starts the sentence */
  speed = ib_verdict_text (&iv, ib_strategy_title (sync->strategy),
                           ib_strategy_title (other->strategy), IB_VERDICT_WORDING_FASTER_FIRST);
  /* Translators: the first %s is a speed comparison ("Sync single read is 1.7x
   * faster than Async single read, serial (95 % CI 1.5-1.9)"); then a strategy, the
   * median of its reads' longest main-loop stall, the frames that costs ("0.6
   * frames missed at 60 Hz"), and the same three for the other strategy. */
  if (iv.verdict == IB_VERDICT_A_FASTER)
    ib_findings_add (findings, "stall-trade-off",
                     _("%s, but %s blocks the main loop for %s per read (%s), %s for "
                       "%s (%s); medians of each read’s longest stall."),
                     speed, ib_strategy_title (sync->strategy), sync_stall, frames,
                     ib_strategy_title (other->strategy), other_stall, other_frames);
  else
    /* Translators: as above, when the sync strategy is not the faster one: no
     * trade-off, the stall comes on top */
    ib_findings_add (findings, "stall-trade-off",
                     _("%s; on top of that, %s blocks the main loop for %s per read "
                       "(%s), %s for %s (%s); medians of each read’s longest stall."),
                     speed, ib_strategy_title (sync->strategy), sync_stall, frames,
                     ib_strategy_title (other->strategy), other_stall, other_frames);
  /* the answer's headline and trade-off say all of it */
  if (answer != NULL && answer->stall != NULL
      && g_str_equal (sync->strategy, ib_answer_main (answer)->a)
      && g_str_equal (other->strategy, ib_answer_main (answer)->b))
    ib_findings_cover_last (findings);
}

/* Whether no measured sample of @strategy missed a 60 Hz frame. */
static gboolean
never_missed (const IbReport *report,
              const char     *strategy)
{
  guint n = 0;

  for (guint i = 0; i < report->samples->len; i++)
    {
      const IbSample *s = &g_array_index (report->samples, IbSample, i);

      if (!ib_sample_is_valid (s) || !s->responsive || g_strcmp0 (s->strategy, strategy) != 0)
        continue;
      if (s->frames_missed_60 > 0)
        return FALSE;
      n++;
    }
  return n > 0;
}

/* @best against @second from the survey's samples alone (@iv), in a run
 * whose decision phase did not race them: a hint, no "fastest". */
static void
add_responsive_hint (const IbStats           *best,
                     const IbStats           *second,
                     const IbVerdictInterval *iv,
                     GArray                  *findings)
{
  g_autofree char *time = ib_format_duration (best->median_ns);
  g_autofree char *worst = ib_format_duration (best->stall_max_ns);
  g_autofree char *hint = ib_verdict_text (iv, ib_strategy_title (best->strategy),
                                           ib_strategy_title (second->strategy),
                                           IB_VERDICT_WORDING_SURVEY_HINT);

  /* Translators: "Of the strategies that never missed a 60 Hz frame, Async
   * single read, serial has the lowest median (45 ms, longest stall 0.4 ms);
   * Thread pool, parallel took 1.2x the time of Async single read, serial
   * (hint), from the survey’s samples: the decision phase did not race this
   * pair." */
  ib_findings_add (findings, "stall-responsive",
                   _("Of the strategies that never missed a 60 Hz frame, %s has "
                     "the lowest median (%s, longest stall %s); %s, from the "
                     "survey’s samples: the decision phase did not race this pair."),
                   ib_strategy_title (best->strategy), time, worst, hint);
}

/* The fastest strategy that never missed a 60 Hz frame, @best, against
 * @second (NULL: none): "fastest" only with a clear verdict. */
static void
add_responsive (const IbReport *report,
                const IbAnswer *answer,
                const IbStats  *best,
                const IbStats  *second,
                GArray         *findings)
{
  g_autofree char *time = ib_format_duration (best->median_ns);
  g_autofree char *worst = ib_format_duration (best->stall_max_ns);
  IbVerdictInterval iv = { 0 };
  gboolean paired = FALSE, decided = FALSE;

  /* "Fastest" only with a decided verdict against the runner-up: the
   * answer's (ib_answer_pair_verdict), from the decision phase's pairs when
   * it raced the two; the survey's samples alone give a hint in a run with
   * a decision phase. */
  if (second != NULL)
    {
      paired = ib_answer_pair_verdict (report, best->strategy, second->strategy, &iv);
      /* the answer's own verdict, when it says this pair */
      decided = iv.verdict == IB_VERDICT_A_FASTER
                && (!ib_findings_survey_only (report, paired)
                    || ib_answer_compares (answer, best->strategy, second->strategy));
    }
  if (second == NULL && best->n < IB_VERDICT_MIN_SAMPLES)
    {
      /* Translators: "Of the strategies that never missed a 60 Hz frame, Async
       * single read, serial has the lowest median: 45 ms, longest stall 0.4 ms (2
       * valid samples: too few to rank them)." */
      ib_findings_add (findings, "stall-responsive",
                       _("Of the strategies that never missed a 60 Hz frame, %s has "
                         "the lowest median: %s, longest stall %s (%u valid samples: "
                         "too few to rank them)."),
                       ib_strategy_title (best->strategy), time, worst, best->n);
      ib_findings_hint_last (findings, report, TRUE);
    }
  else if (second == NULL)
    /* Translators: "The only strategy that never missed a 60 Hz frame is Async
     * single read, serial: median 45 ms, longest stall 0.4 ms." */
    ib_findings_add (findings, "stall-responsive",
                     _("The only strategy that never missed a 60 Hz frame is %s: "
                       "median %s, longest stall %s."),
                     ib_strategy_title (best->strategy), time, worst);
  else if (decided && ib_answer_compares (answer, best->strategy, second->strategy))
    /* Translators: "The fastest strategy that never missed a 60 Hz frame is Async
     * single read, serial: median 45 ms, longest stall 0.4 ms." (the verdict
     * against the runner-up is the answer's) */
    ib_findings_add (findings, "stall-responsive",
                     _("The fastest strategy that never missed a 60 Hz frame is %s: "
                       "median %s, longest stall %s."),
                     ib_strategy_title (best->strategy), time, worst);
  else if (decided)
    {
      g_autofree char *speed = ib_verdict_text (&iv, ib_strategy_title (best->strategy),
                                                ib_strategy_title (second->strategy),
                                                IB_VERDICT_WORDING_FASTER_FIRST);

      /* Translators: "The fastest strategy that never missed a 60 Hz frame is Async
       * single read, serial: median 45 ms, longest stall 0.4 ms; Async single read,
       * serial is 1.5x faster than Thread pool, parallel (95 % CI 1.3-1.7)." */
      ib_findings_add (findings, "stall-responsive",
                       _("The fastest strategy that never missed a 60 Hz frame is "
                         "%s: median %s, longest stall %s; %s."),
                       ib_strategy_title (best->strategy), time, worst, speed);
    }
  else if (ib_verdict_is_clear (iv.verdict) && ib_findings_survey_only (report, paired)
           && !ib_answer_compares (answer, best->strategy, second->strategy))
    add_responsive_hint (best, second, &iv, findings);
  else if (iv.verdict == IB_VERDICT_TOO_FEW)
    {
      g_autofree char *few = ib_too_few_text (iv.na, iv.nb);

      /* Translators: "Of the strategies that never missed a 60 Hz frame, Async
       * single read, serial has the lowest median (45 ms, longest stall 0.4 ms),
       * but there are too few samples to tell (n = 2; at least 5 needed)." */
      ib_findings_add (findings, "stall-responsive",
                       _("Of the strategies that never missed a 60 Hz frame, %s has "
                         "the lowest median (%s, longest stall %s), but there are "
                         "%s."),
                       ib_strategy_title (best->strategy), time, worst, few);
      ib_findings_hint_last (findings, report, TRUE);
    }
  else
    {
      /* Translators: "Among the quickest strategies that never missed a 60 Hz
       * frame: Async single read, serial (median 45 ms, longest stall 0.4 ms)
       * cannot be told apart from Thread pool, parallel." */
      ib_findings_add (findings, "stall-responsive",
                       _("Among the quickest strategies that never missed a 60 Hz "
                         "frame: %s (median %s, longest stall %s) cannot be told "
                         "apart from %s."),
                       ib_strategy_title (best->strategy), time, worst,
                       ib_strategy_title (second->strategy));
      /* the answer's line says this pair in its own words ("not decided",
       * "equivalent"): one story, told there */
      if (paired && ib_answer_compares (answer, best->strategy, second->strategy))
        ib_findings_cover_last (findings);
    }
}

static void
finding_responsive (const IbReport *report,
                    const IbAnswer *answer,
                    GArray         *findings)
{
  const IbStats *best = NULL;
  const IbStats *second = NULL;
  const IbStats *least = NULL;
  guint n_measured = 0;

  for (guint i = 0; i < report->statistics->len; i++)
    {
      const IbStats *st = &g_array_index (report->statistics, IbStats, i);

      if (!is_measured (st))
        continue;
      n_measured++;
      if (least == NULL || st->stall_max_ns < least->stall_max_ns)
        least = st;
      if (!never_missed (report, st->strategy))
        continue;
      if (best == NULL || st->median_ns < best->median_ns)
        {
          second = best;
          best = st;
        }
      else if (second == NULL || st->median_ns < second->median_ns)
        second = st;
    }
  if (n_measured < 2)
    return;

  if (best != NULL)
    add_responsive (report, answer, best, second, findings);
  else
    {
      g_autofree char *worst = ib_format_duration (least->stall_max_ns);

      /* Translators: no strategy kept a 60 Hz display drawing; the one that came
       * closest and its longest stall */
      ib_findings_add (findings, "stall-responsive",
                       _("Every strategy missed a 60 Hz frame at least once; %s came "
                         "closest, with a longest stall of %s."),
                       ib_strategy_title (least->strategy), worst);
    }
}

/* "Sync, one at a time 66 ms, Async GIO 3.1 ms, Thread pool 2.4 ms" */
static void
finding_write_unlink (const IbReport *report,
                      GArray         *findings)
{
  const IbWriteUnlink *wu = report->write_unlink;
  g_autoptr(GString) list = g_string_new (NULL);

  if (wu == NULL)
    return;
  for (guint i = 0; i < wu->modes->len; i++)
    {
      const IbWriteUnlinkMode *m = &g_array_index (wu->modes, IbWriteUnlinkMode, i);
      g_autofree char *stall = NULL;

      if (!m->responsive)
        continue;
      stall = ib_format_duration ((double) m->stall_ns);
      g_string_append_printf (list, "%s%s %s", list->len > 0 ? ", " : "",
                              ib_write_unlink_mode_title (m->mode), stall);
    }
  if (list->len == 0)
    return;
  /* Translators: %s lists modes and their longest stall, "Sync, one at a time
   * 66 ms, Async GIO 3.1 ms" */
  ib_findings_add (findings, "stall-write-unlink",
                   _("Serving the write+delete requests, the main loop stalled at most "
                     "for: %s."),
                   list->str);
}

/* The sweep's largest value: where the strategies' stalls differ most. */
static void
finding_sweep (const IbReport *report,
               GArray         *findings)
{
  const IbSweep *sweep = report->sweep;
  g_autoptr(GString) list = g_string_new (NULL);
  g_autofree char *at = NULL;
  guint64 top = 0;

  if (sweep == NULL)
    return;
  for (guint i = 0; i < sweep->points->len; i++)
    {
      const IbSweepPoint *p = &g_array_index (sweep->points, IbSweepPoint, i);

      if (p->responsive)
        top = MAX (top, p->value);
    }
  for (guint i = 0; i < sweep->points->len; i++)
    {
      const IbSweepPoint *p = &g_array_index (sweep->points, IbSweepPoint, i);
      g_autofree char *stall = NULL;

      if (!p->responsive || p->value != top)
        continue;
      stall = ib_format_duration (p->stall_ns);
      g_string_append_printf (list, "%s%s %s", list->len > 0 ? ", " : "",
                              ib_strategy_title (p->strategy), stall);
    }
  if (list->len == 0)
    return;
  at = ib_format_vary_value (sweep->vary, top);
  /* Translators: "At 100 files, each read stalled the main loop for at most (median):
   * Sync load contents 812 µs, Async load contents, parallel 240 µs." */
  ib_findings_add (findings, "stall-sweep",
                   _("At %s, each read stalled the main loop for at most (median): %s."),
                   at, list->str);
}

void
ib_findings_stall (const IbReport *report,
                   const IbAnswer *answer,
                   GArray         *findings)
{
  g_return_if_fail (report != NULL);

  finding_trade_off (report, answer, findings);
  finding_responsive (report, answer, findings);
  finding_write_unlink (report, findings);
  finding_sweep (report, findings);
}
