/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-answer.c: "is sync or async faster here?" in a few sentences, from the
 * same ratio rule as every finding (ib_report_ratio, ib-stats.h). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "engine/ib-decision.h"
#include "engine/ib-environment.h"
#include "engine/ib-strategy.h"
#include "ib-answer.h"
#include "ib-labels.h"
#include "ib-verdict.h"

/* Who races in the answer (ib-answer.h says why each is where it is). */
typedef enum
{
  SIDE_NONE,
  SIDE_SYNC,
  SIDE_ASYNC,
  SIDE_THREAD,
  SIDE_URING,
  SIDE_MMAP,
} Side;

/* The answer's sides are the decision's (ib_decision_side, the one family
 * classifier); the best of each is ib_decision_fastest. */
static const char *const side_ids[] = {
  [SIDE_SYNC] = "sync",
  [SIDE_ASYNC] = IB_DECISION_LINE_ASYNC,
  [SIDE_THREAD] = IB_DECISION_LINE_THREAD,
  [SIDE_URING] = IB_DECISION_LINE_URING,
  [SIDE_MMAP] = IB_DECISION_LINE_MMAP,
};

static const IbStats *
fastest_of (const IbReport *report,
            Side            side)
{
  return side != SIDE_NONE ? ib_decision_fastest (report, side_ids[side]) : NULL;
}

static const char *
cache_phrase (IbCacheMode mode)
{
  const char *text = ib_cache_mode_text (mode);

  return text != NULL ? text : ib_cache_mode_text (IB_CACHE_AS_IS);
}

/* The headline when one side is clearly faster (a->iv, from pairs or not):
 * the ratio (async / sync time) and its interval turned round to the faster
 * side's, and that side's sentence, which names it first. */
static char *
faster_headline (const IbAnswer *a)
{
  const IbVerdictInterval *r = &a->iv;
  gboolean sync_faster = r->verdict == IB_VERDICT_A_FASTER;
  double ratio = sync_faster ? r->ratio : 1 / r->ratio;
  double ci_low = sync_faster ? r->ci_low : 1 / r->ci_high;
  double ci_high = sync_faster ? r->ci_high : 1 / r->ci_low;
  const char *faster = ib_strategy_title (sync_faster ? a->sync : a->async);
  const char *slower = ib_strategy_title (sync_faster ? a->async : a->sync);
  const char *cache = cache_phrase (a->cache);
  g_autofree char *times = ib_format_ratio (ratio);
  g_autofree char *ci = ib_format_ratio_ci (ratio, ci_low, ci_high);
  g_autofree char *level = ib_format_level (r->ci_level);

  g_assert (ib_verdict_is_clear (r->verdict));

  if (r->paired)
    return g_strdup_printf (sync_faster
                            /* Translators: the answer, decided by pairs. A ratio ("1.7x"), the
                             * coverage of its interval, the interval, the cache state, the
                             * number of pairs, then the fastest sync and the fastest async
                             * strategy. */
                            ? _("Here, sync is %s faster than async for whole-file reads "
                                "(%s CI %s, %s, %u pairs): %s against %s.")
                            /* Translators: as above, then the fastest async and sync strategy. */
                            : _("Here, async is %s faster than sync for whole-file reads "
                                "(%s CI %s, %s, %u pairs): %s against %s."),
                            times, level, ci, cache, r->n_pairs, faster, slower);
  return g_strdup_printf (sync_faster
                          /* Translators: the answer. A ratio ("1.7x"), the coverage of its
                           * interval ("95 %"), the interval ("1.5-1.9"), the cache state
                           * ("warm cache"), then the fastest sync and the fastest async
                           * strategy. */
                          ? _("Here, sync is %s faster than async for whole-file reads "
                              "(%s CI %s, %s): %s against %s.")
                          /* Translators: the answer, as above, then the fastest async and the
                           * fastest sync strategy. */
                          : _("Here, async is %s faster than sync for whole-file reads "
                              "(%s CI %s, %s): %s against %s."),
                          times, level, ci, cache, faster, slower);
}

/* The headline when the decision phase decided (or did not decide) the
 * pair: paired log-ratios, fresh samples. */
static char *
paired_headline (const IbAnswer *a)
{
  const IbVerdictInterval *r = &a->iv;
  const char *sync = ib_strategy_title (a->sync);
  const char *async = ib_strategy_title (a->async);
  const char *cache = cache_phrase (a->cache);
  g_autofree char *level = ib_format_level (r->ci_level);

  switch (r->verdict)
    {
    case IB_VERDICT_A_FASTER:
    case IB_VERDICT_B_FASTER:
      return faster_headline (a);
    case IB_VERDICT_EQUIVALENT:
      {
        g_autofree char *ci = ib_format_ratio_ci (r->ratio, r->ci_low, r->ci_high);

        /* Translators: the answer when the pairs put the ratio within the
         * margin: the margin in per cent, the ratio (async / sync time), its
         * interval, the cache state, the pairs, then both strategies. */
        return g_strdup_printf (_("Here, sync and async are equivalent within ±%g %% for "
                                  "whole-file reads (ratio %.2f, %s CI %s, %s, %u pairs): %s "
                                  "against %s."), r->margin * 100, r->ratio, level, ci, cache,
                                r->n_pairs, sync, async);
      }
    case IB_VERDICT_UNDECIDED:
    default:
      if (r->n_pairs < 2)
        /* Translators: the answer when the budget left no time to decide */
        return g_strdup_printf (_("Whether sync or async is faster for whole-file reads here "
                                  "was not decided: the budget left no time to measure %s "
                                  "against %s (%s); give a larger --budget."),
                                sync, async, cache);
      {
        g_autofree char *ci = ib_format_ratio_ci (r->ratio, r->ci_low, r->ci_high);

        if (r->more_pairs == G_MAXUINT)
          /* Translators: the answer when the budget was spent first */
          return g_strdup_printf (_("Whether sync or async is faster for whole-file reads here "
                                    "was not decided within the budget (ratio %.2f, %s CI %s, "
                                    "%s, %u pairs): %s against %s."),
                                  r->ratio, level, ci, cache, r->n_pairs, sync, async);
        /* Translators: the answer when the budget was spent first, with about
         * how many more pairs would decide it */
        return g_strdup_printf (_("Whether sync or async is faster for whole-file reads here "
                                  "was not decided within the budget (ratio %.2f, %s CI %s, "
                                  "%s, %u pairs; about %u more would decide it): %s against "
                                  "%s."),
                                r->ratio, level, ci, cache, r->n_pairs, r->more_pairs, sync,
                                async);
      }
    }
}

static char *
headline (const IbAnswer *a)
{
  const IbRatio *r = &a->ratio;
  const char *sync = ib_strategy_title (a->sync);
  const char *async = ib_strategy_title (a->async);
  const char *cache = cache_phrase (a->cache);
  g_autofree char *level = ib_format_level (r->ci_level);

  switch (r->verdict)
    {
    case IB_RATIO_A_FASTER:
    case IB_RATIO_B_FASTER:
      /* a->iv holds the same ratio and interval (ib_verdict_for_ratio) */
      return faster_headline (a);
    case IB_RATIO_SAME:
      /* Translators: the answer when the interval of the ratio contains 1:
       * the ratio, its coverage and interval, the cache state, then the
       * fastest sync and the fastest async strategy. */
      return g_strdup_printf (_("Here, sync and async cannot be told apart for whole-file "
                                "reads (ratio %.2f, %s CI %.2f-%.2f, %s): %s against %s."),
                              r->ratio, level, r->ci_low, r->ci_high, cache, sync, async);
    case IB_RATIO_TOO_FEW:
    case IB_RATIO_NO_DATA:
    default:
      if (r->na == r->nb)
        /* Translators: the answer without a verdict: the cache state, the fastest
         * sync and async strategies, their number of valid samples, and the number
         * a verdict needs. */
        return g_strdup_printf (ngettext ("Too few samples to tell whether sync or async is "
                                          "faster for whole-file reads here (%s): %s and %s "
                                          "have %u valid sample "
                                          "each, and a verdict needs at least %u; run more "
                                          "repetitions.",
                                          "Too few samples to tell whether sync or async is "
                                          "faster for whole-file reads here (%s): %s and %s "
                                          "have %u valid samples "
                                          "each, and a verdict needs at least %u; run more "
                                          "repetitions.", r->na),
                                cache, sync, async, r->na, IB_VERDICT_MIN_SAMPLES);
      /* Translators: as above, with the valid samples of each side: "Sync single
       * read has 8 valid samples and Async single read, serial 2, and a verdict
       * needs at least 5 on each side" */
      return g_strdup_printf (_("Too few samples to tell whether sync or async is faster for "
                                "whole-file reads here (%s): %s has %u valid samples and %s "
                                "%u, and a verdict needs at least %u on each side; run more "
                                "repetitions."),
                              cache, sync, r->na, async, r->nb, IB_VERDICT_MIN_SAMPLES);
    }
}

/* The validity warnings in one clause, NULL when there is none: what the
 * findings of the validity group say at length (ib-findings.c). */
static char *
caveat_clause (const IbReport *report,
               guint           n_excluded)
{
  const IbEnvironment *env = report->environment;
  IbCacheMode cache = report->plan != NULL ? report->plan->cache : IB_CACHE_AS_IS;
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);

  if (env != NULL && env->is_tmpfs)
    /* Translators: a caveat in the answer's headline */
    g_ptr_array_add (parts, g_strdup (_("the files were on tmpfs, in memory, so no disk was "
                                        "read")));
  if (env != NULL && env->is_fuse)
    /* Translators: a caveat in the answer's headline; %s is the FUSE file system */
    g_ptr_array_add (parts, g_strdup_printf (_("the files were on FUSE (%s), whose daemon is "
                                               "measured too"),
                                             env->fs_type != NULL ? env->fs_type : "fuse"));
  if (env != NULL && env->virtual_disk != NULL && !env->is_tmpfs && cache != IB_CACHE_WARM)
    g_ptr_array_add (parts, ib_virtual_disk_caveat (env->virtual_disk, FALSE));
  if (n_excluded > 0)
    /* Translators: a caveat in the answer's headline */
    g_ptr_array_add (parts, g_strdup_printf (ngettext ("%u sample was left out because the "
                                                       "cache was not in the requested state",
                                                       "%u samples were left out because the "
                                                       "cache was not in the requested state",
                                                       n_excluded), n_excluded));
  if (parts->len == 0)
    return NULL;
  g_ptr_array_add (parts, NULL);
  /* Translators: joins the caveats of the answer's headline */
  return g_strjoinv (_("; "), (char **) parts->pdata);
}

/* The main-loop line: the same statistic on both sides (the median of each
 * read's longest stall, and the frames that costs), and only when the async
 * side stalls the loop less than the sync side beyond the interval of the
 * difference (ib_stats_shift): an async read that stalls as long is no
 * trade-off. "The trade-off" only when sync is clearly faster. */
static char *
stall_sentence (const IbReport *report,
                const IbAnswer *a,
                const IbStats  *sync,
                const IbStats  *async)
{
  g_autofree char *s_stall = NULL, *a_stall = NULL, *s_frames = NULL, *a_frames = NULL;

  if (!ib_report_stalls_less (report, async->strategy, sync->strategy))
    return NULL;
  s_stall = ib_format_duration (sync->stall_ns);
  a_stall = ib_format_duration (async->stall_ns);
  s_frames = ib_format_frames_missed (sync->frames_missed_60);
  a_frames = ib_format_frames_missed (async->frames_missed_60);
  if (a->ratio.verdict == IB_RATIO_A_FASTER)
    /* Translators: the answer's trade-off when sync is faster: the sync
     * strategy, the median of its reads' longest main-loop stall, the frames
     * that costs ("0.6 frames missed at 60 Hz"), then the same two for the
     * async strategy. */
    return g_strdup_printf (_("The trade-off: %s blocks the main loop for %s per read (%s), "
                              "%s for %s (%s); medians of each read’s longest stall."),
                            ib_strategy_title (sync->strategy), s_stall, s_frames,
                            ib_strategy_title (async->strategy), a_stall, a_frames);
  /* Translators: as above, when sync is not clearly faster (no trade-off) */
  return g_strdup_printf (_("On the main loop: %s blocks it for %s per read (%s), %s for %s "
                            "(%s); medians of each read’s longest stall."),
                          ib_strategy_title (sync->strategy), s_stall, s_frames,
                          ib_strategy_title (async->strategy), a_stall, a_frames);
}

/* What the answer can name as a cause: counts and times per read of the
 * file set that cost the slower side more. */
typedef enum
{
  CAUSE_CALLBACKS,
  CAUSE_CTXSW,
  CAUSE_FAULTS,
  CAUSE_CPU,
  N_CAUSES,
} Cause;

/* The value of @cause in @s, FALSE when @s did not record it. */
static gboolean
cause_value (const IbSample *s,
             Cause           cause,
             double         *value)
{
  switch (cause)
    {
    case CAUSE_CALLBACKS:
      *value = (double) s->callbacks;
      return TRUE;
    case CAUSE_CTXSW:
      *value = (double) (s->vol_ctxsw + s->invol_ctxsw);
      return s->vol_ctxsw >= 0 && s->invol_ctxsw >= 0;
    case CAUSE_FAULTS:
      *value = (double) (s->minflt + s->majflt);
      return s->minflt >= 0 && s->majflt >= 0;
    case CAUSE_CPU:
      *value = s->cpu_ns >= 0 ? (double) s->cpu_ns : (double) (s->user_ns + s->sys_ns);
      return s->cpu_ns >= 0 || (s->user_ns > 0 || s->sys_ns > 0);
    case N_CAUSES:
    default:
      return FALSE;
    }
}

/* The values of @cause over the valid samples of @strategy. */
static GArray *
cause_values (const IbReport *report,
              const char     *strategy,
              Cause           cause)
{
  GArray *values = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint i = 0; i < report->samples->len; i++)
    {
      const IbSample *s = &g_array_index (report->samples, IbSample, i);
      double v;

      if (ib_sample_is_valid (s) && g_strcmp0 (s->strategy, strategy) == 0
          && cause_value (s, cause, &v))
        g_array_append_val (values, v);
    }
  return values;
}

/* "384 callbacks against 0": @cause's medians, slower side first. */
static char *
cause_clause (Cause          cause,
              const IbShift *shift)
{
  g_autofree char *slow = NULL, *fast = NULL;

  if (cause == CAUSE_CPU)
    {
      slow = ib_format_duration (shift->median_b);
      fast = ib_format_duration (shift->median_a);
    }
  else
    {
      slow = ib_format_count ((guint64) llround (MAX (shift->median_b, 0)));
      fast = ib_format_count ((guint64) llround (MAX (shift->median_a, 0)));
    }
  switch (cause)
    {
    case CAUSE_CALLBACKS:
      /* Translators: a cause in the answer's "Why:" line, medians per read of the
       * slower and the faster strategy: "384 callbacks against 0" */
      return g_strdup_printf (_("%s callbacks against %s"), slow, fast);
    case CAUSE_CTXSW:
      /* Translators: a cause in the answer's "Why:" line, as above */
      return g_strdup_printf (_("%s context switches against %s"), slow, fast);
    case CAUSE_FAULTS:
      /* Translators: a cause in the answer's "Why:" line, as above */
      return g_strdup_printf (_("%s page faults against %s"), slow, fast);
    case CAUSE_CPU:
    case N_CAUSES:
    default:
      /* Translators: a cause in the answer's "Why:" line, as above: "42.1 ms of
       * CPU time against 12.0 ms" */
      return g_strdup_printf (_("%s of CPU time against %s"), slow, fast);
    }
}

/* The measured causes, only under a decided verdict (a clear "faster") and
 * only those that cost the slower side more beyond their own interval: the
 * Hodges-Lehmann interval of the shift of each count or time per sample
 * (ib_stats_shift) must lie above 0. NULL when there is none. */
static char *
why_sentence (const IbReport *report,
              const IbAnswer *a)
{
  gboolean async_slower;
  const char *slow, *fast;
  g_autoptr(GPtrArray) clauses = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *list = NULL;
  g_autofree char *level = NULL;
  double lowest_level = 1;

  if (!ib_ratio_is_clear (&a->ratio))
    return NULL;
  async_slower = a->ratio.verdict == IB_RATIO_A_FASTER;
  slow = async_slower ? a->async : a->sync;
  fast = async_slower ? a->sync : a->async;
  for (Cause cause = 0; cause < N_CAUSES; cause++)
    {
      g_autoptr(GArray) f = cause_values (report, fast, cause);
      g_autoptr(GArray) s = cause_values (report, slow, cause);
      IbShift shift;

      ib_stats_shift ((const double *) (gconstpointer) f->data, f->len,
                      (const double *) (gconstpointer) s->data, s->len, &shift);
      if (!shift.differs || !(shift.ci_low > 0))
        continue;
      g_ptr_array_add (clauses, cause_clause (cause, &shift));
      lowest_level = MIN (lowest_level, shift.ci_level);
    }
  if (clauses->len == 0)
    return NULL;
  g_ptr_array_add (clauses, NULL);
  /* Translators: joins the causes of the answer's "Why:" line */
  list = g_strjoinv (_("; "), (char **) clauses->pdata);
  level = ib_format_level (lowest_level);
  /* Translators: the measured causes: the slower strategy, the faster one, then
   * what cost the slower one more ("384 callbacks against 0; 42.1 ms of CPU time
   * against 12.0 ms") and the coverage of the intervals ("95 %"). */
  return g_strdup_printf (_("Why: per read of the file set (medians), %s against %s: %s; "
                            "each difference lies beyond its %s interval."),
                          ib_strategy_title (slow), ib_strategy_title (fast), list, level);
}

/* The decision phase's verdict of @line_id when it raced @sync against
 * @other: into @iv, and into @ratio as an IbRatio (equivalent and not
 * decided as SAME). FALSE when the report has no such line. */
static gboolean
paired_verdict (const IbReport    *report,
                const char        *line_id,
                const char        *sync,
                const char        *other,
                IbRatio           *ratio,
                IbVerdictInterval *iv)
{
  const IbDecisionLine *line = ib_report_decision_line (report, line_id);
  IbPaired paired;

  if (line == NULL || g_strcmp0 (line->a, sync) != 0 || g_strcmp0 (line->b, other) != 0)
    return FALSE;
  ib_decision_line_paired (line, report->decision->margin, &paired);
  ib_verdict_for_paired (&paired, iv);
  memset (ratio, 0, sizeof *ratio);
  ratio->na = ratio->nb = iv->n_pairs;
  ratio->ratio = iv->ratio;
  ratio->ci_low = iv->ci_low;
  ratio->ci_high = iv->ci_high;
  ratio->ci_level = iv->ci_level;
  ratio->verdict = iv->verdict == IB_VERDICT_A_FASTER ? IB_RATIO_A_FASTER
                   : iv->verdict == IB_VERDICT_B_FASTER ? IB_RATIO_B_FASTER
                   : iv->n_pairs >= 2 ? IB_RATIO_SAME : IB_RATIO_NO_DATA;
  return TRUE;
}

/* @ratio and @iv of b / a turned into those of a / b. */
static void
invert_verdict (IbRatio           *ratio,
                IbVerdictInterval *iv)
{
  double low = iv->ci_low;
  guint na = iv->na;

  if (iv->ratio > 0)
    iv->ratio = 1 / iv->ratio;
  iv->ci_low = iv->ci_high > 0 ? 1 / iv->ci_high : 0;
  iv->ci_high = low > 0 ? 1 / low : 0;
  iv->na = iv->nb;
  iv->nb = na;
  if (iv->verdict == IB_VERDICT_A_FASTER)
    iv->verdict = IB_VERDICT_B_FASTER;
  else if (iv->verdict == IB_VERDICT_B_FASTER)
    iv->verdict = IB_VERDICT_A_FASTER;
  ratio->ratio = iv->ratio;
  ratio->ci_low = iv->ci_low;
  ratio->ci_high = iv->ci_high;
  ratio->na = iv->na;
  ratio->nb = iv->nb;
  if (ratio->verdict == IB_RATIO_A_FASTER)
    ratio->verdict = IB_RATIO_B_FASTER;
  else if (ratio->verdict == IB_RATIO_B_FASTER)
    ratio->verdict = IB_RATIO_A_FASTER;
}

gboolean
ib_answer_pair_verdict (const IbReport    *report,
                        const char        *a,
                        const char        *b,
                        IbRatio           *ratio,
                        IbVerdictInterval *iv)
{
  IbRatio local;
  IbRatio *r = ratio != NULL ? ratio : &local;
  const char *side_a, *side_b;

  g_return_val_if_fail (report != NULL && a != NULL && b != NULL && iv != NULL, FALSE);

  /* a line races a sync strategy (its a) against another side's (its b) */
  side_a = ib_decision_side (a);
  side_b = ib_decision_side (b);
  if (side_b != NULL && paired_verdict (report, side_b, a, b, r, iv))
    return TRUE;
  if (side_a != NULL && paired_verdict (report, side_a, b, a, r, iv))
    {
      invert_verdict (r, iv);
      return TRUE;
    }
  ib_report_ratio (report, a, report, b, r);
  ib_verdict_for_ratio (r, iv);
  return FALSE;
}

/* "Sync single read is 1.2x faster than Thread pool, parallel (...)": the sync
 * strategy against @other by ib_answer_pair_verdict; its ratio in @ratio and
 * @iv. */
static char *
compare_with_sync (const IbReport    *report,
                   const char        *sync,
                   const char        *other,
                   IbRatio           *ratio,
                   IbVerdictInterval *iv)
{
  ib_answer_pair_verdict (report, sync, other, ratio, iv);
  return ib_verdict_text (iv, ib_strategy_title (sync), ib_strategy_title (other),
                          IB_VERDICT_WORDING_FASTER_FIRST);
}

IbAnswer *
ib_answer_compute (const IbReport *report)
{
  const IbStats *sync, *async, *thread, *uring, *mmap;
  g_autofree char *main_line = NULL;
  IbAnswer *a;

  g_return_val_if_fail (report != NULL, NULL);

  if (report->statistics == NULL || report->samples == NULL)
    return NULL;
  sync = fastest_of (report, SIDE_SYNC);
  async = fastest_of (report, SIDE_ASYNC);
  thread = fastest_of (report, SIDE_THREAD);
  uring = fastest_of (report, SIDE_URING);
  mmap = fastest_of (report, SIDE_MMAP);
  if (sync == NULL || async == NULL)
    return NULL;

  /* The decision phase raced the survey's pair; should a report's statistics
   * have been recomputed since, the answer still names the pair it raced. */
  {
    const IbDecisionLine *line = ib_report_decision_line (report, IB_DECISION_LINE_ASYNC);

    if (line != NULL && ib_report_find_stats (report, line->a) != NULL &&
        ib_report_find_stats (report, line->b) != NULL)
      {
        sync = ib_report_find_stats (report, line->a);
        async = ib_report_find_stats (report, line->b);
      }
  }

  a = g_new0 (IbAnswer, 1);
  a->sync = g_strdup (sync->strategy);
  a->async = g_strdup (async->strategy);
  a->cache = report->plan != NULL ? report->plan->cache : IB_CACHE_AS_IS;
  for (guint i = 0; i < report->statistics->len; i++)
    a->n_excluded += g_array_index (report->statistics, IbStats, i).n_excluded;
  if (ib_answer_pair_verdict (report, a->sync, a->async, &a->ratio, &a->iv))
    main_line = paired_headline (a);
  else
    main_line = headline (a);
  a->caveat = caveat_clause (report, a->n_excluded);
  if (a->caveat != NULL)
    /* Translators: the answer's headline, then its caveats: "Here, sync is ...
     * against .... Caveat: the files were on tmpfs, in memory, so no disk was
     * read." */
    a->headline = g_strdup_printf (_("%s Caveat: %s."), main_line, a->caveat);
  else
    a->headline = g_steal_pointer (&main_line);

  if (sync->n_responsive > 0 && async->n_responsive > 0
      && isfinite (sync->stall_ns) && isfinite (async->stall_max_ns))
    {
      a->has_stall = TRUE;
      a->sync_stall_ns = sync->stall_ns;
      a->async_stall_ns = async->stall_ns;
      a->async_stall_max_ns = async->stall_max_ns;
      a->stall = stall_sentence (report, a, sync, async);
    }

  if (thread != NULL)
    {
      g_autofree char *text = NULL;

      a->thread = g_strdup (thread->strategy);
      text = compare_with_sync (report, a->sync, a->thread, &a->thread_ratio, &a->thread_iv);
      /* Translators: the answer's line on threads, %s is a comparison, "Thread pool,
       * parallel is 1.2x faster than Sync single read (95 % CI 1.1-1.3)" */
      a->threads = g_strdup_printf (_("With threads: %s."), text);
    }
  if (uring != NULL)
    {
      g_autofree char *text = NULL;

      a->uring = g_strdup (uring->strategy);
      text = compare_with_sync (report, a->sync, a->uring, &a->uring_ratio, &a->uring_iv);
      /* Translators: the answer's line on io_uring, %s is a comparison,
       * "io_uring single read, parallel is 1.2x faster than Sync single read (95 %
       * CI 1.1-1.3)" */
      a->kernel = g_strdup_printf (_("With the kernel’s own async I/O (not counted as async "
                                     "above): %s."), text);
    }
  if (mmap != NULL)
    {
      g_autofree char *text = NULL;

      a->mmap = g_strdup (mmap->strategy);
      text = compare_with_sync (report, a->sync, a->mmap, &a->mmap_ratio, &a->mmap_iv);
      /* Translators: the answer's line on mmap, %s is a comparison, "Memory map
       * is 1.9x faster than Sync single read (95 % CI 1.5-2.2)" */
      a->mapping = g_strdup_printf (_("With a memory map (not counted as sync: it maps the "
                                      "page cache instead of reading): %s."), text);
    }

  a->why = why_sentence (report, a);
  return a;
}

void
ib_answer_free (IbAnswer *answer)
{
  if (answer == NULL)
    return;
  g_free (answer->sync);
  g_free (answer->async);
  g_free (answer->thread);
  g_free (answer->uring);
  g_free (answer->mmap);
  g_free (answer->headline);
  g_free (answer->caveat);
  g_free (answer->stall);
  g_free (answer->threads);
  g_free (answer->kernel);
  g_free (answer->mapping);
  g_free (answer->why);
  g_free (answer);
}

const char *
ib_answer_verdict_name (IbVerdict verdict)
{
  switch (verdict)
    {
    case IB_VERDICT_A_FASTER:
      return "sync-faster";
    case IB_VERDICT_B_FASTER:
      return "async-faster";
    case IB_VERDICT_SAME:
      return "same";
    case IB_VERDICT_TOO_FEW:
      return "too-few";
    case IB_VERDICT_EQUIVALENT:
      return "equivalent";
    case IB_VERDICT_UNDECIDED:
      return "undecided";
    case IB_VERDICT_NO_DATA:
    default:
      return "no-data";
    }
}

const char *
ib_answer_verdict_to_string (IbRatioVerdict verdict)
{
  switch (verdict)
    {
    case IB_RATIO_A_FASTER:
      return "sync-faster";
    case IB_RATIO_B_FASTER:
      return "async-faster";
    case IB_RATIO_SAME:
      return "same";
    case IB_RATIO_TOO_FEW:
      return "too-few";
    case IB_RATIO_NO_DATA:
    default:
      return "no-data";
    }
}

gboolean
ib_answer_compares (const IbAnswer *answer,
                    const char     *a,
                    const char     *b)
{
  const char *other;

  if (answer == NULL || a == NULL || b == NULL)
    return FALSE;
  if (g_str_equal (a, answer->sync))
    other = b;
  else if (g_str_equal (b, answer->sync))
    other = a;
  else
    return FALSE;
  return g_strcmp0 (other, answer->async) == 0 || g_strcmp0 (other, answer->thread) == 0
         || g_strcmp0 (other, answer->uring) == 0 || g_strcmp0 (other, answer->mmap) == 0;
}

const char **
ib_answer_details (const IbAnswer *answer)
{
  const char **lines = g_new0 (const char *, 6);
  guint n = 0;

  g_return_val_if_fail (answer != NULL, lines);

  if (answer->stall != NULL)
    lines[n++] = answer->stall;
  if (answer->threads != NULL)
    lines[n++] = answer->threads;
  if (answer->kernel != NULL)
    lines[n++] = answer->kernel;
  if (answer->mapping != NULL)
    lines[n++] = answer->mapping;
  if (answer->why != NULL)
    lines[n++] = answer->why;
  return lines;
}

char *
ib_answer_to_text (const IbAnswer *answer,
                   const char     *separator)
{
  const char *parts[6];
  GString *text = g_string_new (NULL);
  guint n = 0;

  g_return_val_if_fail (answer != NULL, NULL);

  parts[n++] = answer->headline;
  if (answer->stall != NULL)
    parts[n++] = answer->stall;
  if (answer->threads != NULL)
    parts[n++] = answer->threads;
  if (answer->kernel != NULL)
    parts[n++] = answer->kernel;
  if (answer->mapping != NULL)
    parts[n++] = answer->mapping;
  if (answer->why != NULL)
    parts[n++] = answer->why;
  for (guint i = 0; i < n; i++)
    g_string_append_printf (text, "%s%s", i > 0 ? separator : "", parts[i]);
  return g_string_free (text, FALSE);
}
