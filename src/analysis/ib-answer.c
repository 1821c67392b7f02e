/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-answer.c: "is sync or async faster here?" in a few sentences, from the
 * same verdict rule as every finding (ib_answer_pair_verdict, ib-verdict.h).
 * The answer's lines are the rows of answer_lines[]: adding one is a row
 * here and a row of the decision phase's line_infos[] (ib-decision.c),
 * with the same id: two files. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "engine/model/ib-format.h"
#include "engine/run/ib-decision.h"
#include "engine/os/ib-environment.h"
#include "engine/io/ib-strategy.h"
#include "ib-answer.h"
#include "ib-answer-private.h"
#include "ib-labels.h"
#include "ib-verdict.h"

/* The answer's lines, in the order shown (ib-answer.h says who races where
 * and why). Each is a line of the decision phase's table
 * (ib_decision_line_infos: which groups, of one concurrency, it races); the
 * best of each group is ib_decision_fastest_in. */
static const IbAnswerLineInfo answer_lines[] = {
  { .id = IB_DECISION_LINE_SERIAL, .main = TRUE,
    /* Translators: how the files are read in the answer's first main line */
    .how = N_("Reading one file after another"),
    /* Translators: the sides of that line, "sync is 1.2x faster than async" */
    .a_noun = N_("sync"), .b_noun = N_("async") },
  { .id = IB_DECISION_LINE_PARALLEL, .main = TRUE,
    /* Translators: how the files are read in the answer's second main line */
    .how = N_("Reading all files at once"),
    /* Translators: the sides of that line, "sync on threads is 1.2x faster
     * than async" */
    .a_noun = N_("sync on threads"), .b_noun = N_("async") },
  { .id = IB_DECISION_LINE_URING,
    /* Translators: the answer's line on io_uring, %s is a comparison,
     * "io_uring single read (serial) is 1.2x faster than Sync single read
     * (95 % CI 1.1-1.3)" */
    .lead = N_("Reading one file after another with the kernel’s own async I/O (not "
               "counted as async above): %s.") },
  { .id = IB_DECISION_LINE_MMAP,
    /* Translators: the answer's line on mmap, %s is a comparison, "Memory map
     * is 1.9x faster than Sync single read (95 % CI 1.5-2.2)" */
    .lead = N_("Reading one file after another with a memory map (not counted as sync: it "
               "maps the page cache instead of reading): %s.") },
};

static const char *
cache_phrase (IbCacheMode mode)
{
  const char *text = ib_cache_mode_text (mode);

  return text != NULL ? text : ib_cache_mode_text (IB_CACHE_AS_IS);
}

/* A main line's sentence when one side is clearly faster (from pairs or
 * not): the ratio and its interval turned round to the faster side's, that
 * side named first. */
static char *
faster_sentence (const IbAnswerLine *line,
                 const char         *cache)
{
  const IbVerdictInterval *r = &line->verdict;
  gboolean a_faster = r->verdict == IB_VERDICT_A_FASTER;
  double ratio = a_faster ? r->ratio : 1 / r->ratio;
  double ci_low = a_faster ? r->ci_low : 1 / r->ci_high;
  double ci_high = a_faster ? r->ci_high : 1 / r->ci_low;
  const char *faster = ib_strategy_title (a_faster ? line->a : line->b);
  const char *slower = ib_strategy_title (a_faster ? line->b : line->a);
  const char *faster_noun = _(a_faster ? line->info->a_noun : line->info->b_noun);
  const char *slower_noun = _(a_faster ? line->info->b_noun : line->info->a_noun);
  g_autofree char *times = ib_format_ratio_in (ratio, ci_low, ci_high);
  g_autofree char *ci = ib_format_ratio_ci (ratio, ci_low, ci_high);
  g_autofree char *level = ib_format_ci_level (r->ci_level);
  g_autofree char *pairs = ib_verdict_pairs_text (r);

  g_assert (ib_verdict_is_clear (r->verdict));

  if (r->paired)
    /* Translators: a main line of the answer, decided by pairs: how the
     * files were read ("Reading one file after another"), the faster side
     * ("sync"), the ratio ("1.7x"), the slower side ("async"), the level of
     * the interval, the interval, the cache state, the pairs ("40 pairs, 4
     * looks"), then the faster and the slower strategy. */
    return g_strdup_printf (_("%s, %s is %s faster than %s for whole-file reads here "
                              "(%s CI %s, %s, %s): %s against %s."),
                            _(line->info->how), faster_noun, times, slower_noun, level, ci,
                            cache, pairs, faster, slower);
  /* Translators: as above, decided by the survey's samples: no pairs */
  return g_strdup_printf (_("%s, %s is %s faster than %s for whole-file reads here "
                            "(%s CI %s, %s): %s against %s."),
                          _(line->info->how), faster_noun, times, slower_noun, level, ci, cache,
                          faster, slower);
}

/* A main line's sentence when the pairs did not decide it. */
static char *
undecided_sentence (const IbAnswerLine *line,
                    const char         *cache)
{
  const IbVerdictInterval *r = &line->verdict;
  const char *a = ib_strategy_title (line->a);
  const char *b = ib_strategy_title (line->b);
  g_autofree char *level = ib_format_ci_level (r->ci_level);
  g_autofree char *ci = NULL;
  g_autofree char *pairs = NULL;
  g_autofree char *ratio = ib_format_ratio_value_in (r->ratio, r->ci_low, r->ci_high);

  if (r->n_pairs < 2)
    /* Translators: a main line of the answer when the budget left no time
     * to decide it: how the files were read, both sides ("sync", "async"),
     * both strategies, the cache state */
    return g_strdup_printf (_("%s, whether %s or %s is faster for whole-file reads here "
                              "was not decided: the budget left no time to measure %s "
                              "against %s (%s); give a larger --budget."),
                            _(line->info->how), _(line->info->a_noun), _(line->info->b_noun),
                            a, b, cache);
  ci = ib_format_ratio_ci (r->ratio, r->ci_low, r->ci_high);
  pairs = ib_verdict_pairs_text (r);
  /* Translators: a main line when the budget was spent first: how the files
   * were read, both sides, the ratio, the level and interval, the cache
   * state, the pairs ("40 pairs, 4 looks"), then both strategies */
  return g_strdup_printf (_("%s, whether %s or %s is faster for whole-file reads here "
                            "was not decided within the budget (ratio %s, %s CI %s, "
                            "%s, %s): %s against %s."),
                          _(line->info->how), _(line->info->a_noun), _(line->info->b_noun),
                          ratio, level, ci, cache, pairs, a, b);
}

/* A main line's sentence without a verdict: too few samples a side, or
 * none. */
static char *
too_few_sentence (const IbAnswerLine *line,
                  const char         *cache)
{
  const IbVerdictInterval *r = &line->verdict;
  const char *a = ib_strategy_title (line->a);
  const char *b = ib_strategy_title (line->b);
  const char *how = _(line->info->how);
  const char *a_noun = _(line->info->a_noun);
  const char *b_noun = _(line->info->b_noun);

  if (r->na == r->nb)
    /* Translators: a main line without a verdict: how the files were read,
     * both sides, the cache state, both strategies, their number of valid
     * samples, and the number a verdict needs. */
    return g_strdup_printf (ngettext ("%s, too few samples to tell whether %s or %s is "
                                      "faster for whole-file reads here (%s): %s and %s "
                                      "have %u valid sample each, and a verdict needs at "
                                      "least %u; run more repetitions.",
                                      "%s, too few samples to tell whether %s or %s is "
                                      "faster for whole-file reads here (%s): %s and %s "
                                      "have %u valid samples each, and a verdict needs at "
                                      "least %u; run more repetitions.", r->na),
                            how, a_noun, b_noun, cache, a, b, r->na, IB_VERDICT_MIN_SAMPLES);
  /* Translators: as above, with the valid samples of each side: "Sync single
   * read has 8 valid samples and Async single read (serial) 2, and a verdict
   * needs at least 5 on each side" */
  return g_strdup_printf (_("%s, too few samples to tell whether %s or %s is faster for "
                            "whole-file reads here (%s): %s has %u valid samples and %s "
                            "%u, and a verdict needs at least %u on each side; run more "
                            "repetitions."),
                          how, a_noun, b_noun, cache, a, r->na, b, r->nb,
                          IB_VERDICT_MIN_SAMPLES);
}

/* A main line's sentence, by its verdict (from pairs or the survey's
 * samples): it says how the files were read and which sides race. */
static char *
main_sentence (const IbAnswerLine *line,
               IbCacheMode         cache_mode)
{
  const IbVerdictInterval *r = &line->verdict;
  const char *cache = cache_phrase (cache_mode);
  const char *how = _(line->info->how);
  const char *a_noun = _(line->info->a_noun);
  const char *b_noun = _(line->info->b_noun);

  switch (r->verdict)
    {
    case IB_VERDICT_A_FASTER:
    case IB_VERDICT_B_FASTER:
      return faster_sentence (line, cache);
    case IB_VERDICT_EQUIVALENT:
      {
        g_autofree char *level = ib_format_ci_level (r->ci_level);
        g_autofree char *ci = ib_format_ratio_ci (r->ratio, r->ci_low, r->ci_high);
        g_autofree char *pairs = ib_verdict_pairs_text (r);
        g_autofree char *ratio = ib_format_ratio_value_in (r->ratio, r->ci_low, r->ci_high);

        /* Translators: a main line when the pairs put the ratio within the
         * margin: how the files were read, both sides ("sync", "async"), the
         * margin in per cent, the ratio (b / a time), its interval, the cache
         * state, the pairs ("40 pairs, 4 looks"), then both strategies. */
        return g_strdup_printf (_("%s, %s and %s are equivalent within ±%g %% for whole-file "
                                  "reads here (ratio %s, %s CI %s, %s, %s): %s against %s."),
                                how, a_noun, b_noun, r->margin * 100, ratio, level, ci,
                                cache, pairs, ib_strategy_title (line->a),
                                ib_strategy_title (line->b));
      }
    case IB_VERDICT_UNDECIDED:
      return undecided_sentence (line, cache);
    case IB_VERDICT_SAME:
      {
        g_autofree char *level = ib_format_ci_level (r->ci_level);
        g_autofree char *ratio = ib_format_ratio_value_in (r->ratio, r->ci_low, r->ci_high);
        g_autofree char *ci = ib_format_ratio_ci (r->ratio, r->ci_low, r->ci_high);

        /* Translators: a main line when the interval of the ratio contains 1:
         * how the files were read, both sides, the ratio, its coverage and
         * interval, the cache state, then both strategies. */
        return g_strdup_printf (_("%s, %s and %s cannot be told apart for whole-file reads "
                                  "here (ratio %s, %s CI %s, %s): %s against %s."),
                                how, a_noun, b_noun, ratio, level, ci,
                                cache, ib_strategy_title (line->a),
                                ib_strategy_title (line->b));
      }
    case IB_VERDICT_TOO_FEW:
    case IB_VERDICT_NO_DATA:
    default:
      return too_few_sentence (line, cache);
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
stall_sentence (const IbReport     *report,
                const IbAnswerLine *line,
                const IbStats      *sync,
                const IbStats      *async)
{
  g_autofree char *s_stall = NULL, *a_stall = NULL, *s_frames = NULL, *a_frames = NULL;

  if (!ib_report_stalls_less (report, async->strategy, sync->strategy))
    return NULL;
  s_stall = ib_format_duration (sync->stall_ns);
  a_stall = ib_format_duration (async->stall_ns);
  s_frames = ib_format_frames_missed (sync->frames_missed_60);
  a_frames = ib_format_frames_missed (async->frames_missed_60);
  if (line->verdict.verdict == IB_VERDICT_A_FASTER)
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

/* The verdict of @line, which raced @a against @b, into @iv. */
static void
paired_verdict (const IbReport       *report,
                const IbDecisionLine *line,
                IbVerdictInterval    *iv)
{
  IbPaired paired;

  ib_decision_line_paired (line, report->decision->margin, &paired);
  ib_verdict_for_paired (&paired, iv);
  /* The level printed is the whole procedure's: each look's interval is at
   * 1 - alpha / n_looks, so the one it stopped at covers with at least
   * 1 - alpha over all looks together (not the one look's 98.75 %). */
  iv->n_looks = line->n_looks;
  if (line->n_looks > 0 && report->decision->alpha > 0
      && iv->ci_level + 1e-9 >= 1 - report->decision->alpha / line->n_looks)
    iv->ci_level = 1 - report->decision->alpha;
}

/* The decision phase's line that raced @a against @b, NULL for none. */
static const IbDecisionLine *
raced_line (const IbReport *report,
            const char     *a,
            const char     *b)
{
  for (guint i = 0; report->decision != NULL && i < report->decision->lines->len; i++)
    {
      const IbDecisionLine *line = &g_array_index (report->decision->lines, IbDecisionLine, i);

      if (g_strcmp0 (line->a, a) == 0 && g_strcmp0 (line->b, b) == 0)
        return line;
    }
  return NULL;
}

/* @iv of b / a turned into that of a / b. */
static void
invert_verdict (IbVerdictInterval *iv)
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
}

gboolean
ib_answer_pair_verdict (const IbReport    *report,
                        const char        *a,
                        const char        *b,
                        IbVerdictInterval *iv)
{
  IbRatio ratio;
  const IbDecisionLine *raced;

  g_return_val_if_fail (report != NULL && a != NULL && b != NULL && iv != NULL, FALSE);

  if ((raced = raced_line (report, a, b)) != NULL)
    {
      paired_verdict (report, raced, iv);
      return TRUE;
    }
  if ((raced = raced_line (report, b, a)) != NULL)
    {
      paired_verdict (report, raced, iv);
      invert_verdict (iv);
      return TRUE;
    }
  ib_report_ratio (report, a, report, b, &ratio);
  ib_verdict_for_ratio (&ratio, iv);
  return FALSE;
}

/* Fills @line for the row @info of @report: the decision phase's pair when
 * it raced this line and both are in the statistics (should a report's
 * statistics have been recomputed since, the line still names the pair it
 * raced), else the best of each side. FALSE when a side has none. */
static gboolean
line_fill (const IbReport         *report,
           const IbAnswerLineInfo *info,
           IbAnswerLine           *line)
{
  const IbDecisionLine *raced = ib_report_decision_line (report, info->id);
  const IbDecisionLineInfo *groups = ib_decision_line_info (info->id);
  const IbStats *a = ib_decision_fastest_in (report, groups->group_a);
  const IbStats *b = ib_decision_fastest_in (report, groups->group_b);

  /* the pair raced, when it is like with like (an older report's line may
   * not be) */
  if (raced != NULL && ib_report_find_stats (report, raced->a) != NULL
      && ib_report_find_stats (report, raced->b) != NULL
      && g_strcmp0 (ib_decision_group (raced->a), groups->group_a) == 0
      && g_strcmp0 (ib_decision_group (raced->b), groups->group_b) == 0)
    {
      a = ib_report_find_stats (report, raced->a);
      b = ib_report_find_stats (report, raced->b);
    }
  if (a == NULL || b == NULL)
    return FALSE;
  line->info = info;
  line->a = g_strdup (a->strategy);
  line->b = g_strdup (b->strategy);
  ib_answer_pair_verdict (report, line->a, line->b, &line->verdict);
  return TRUE;
}

/* The paired ratio b / a of the CPU time (user + system) of @raced's pairs
 * that kept both, at 95 %, into @line->cpu with its sentence; nothing when
 * the line is not decided or too few pairs kept their CPU time. */
static void
line_cpu (const IbReport       *report,
          const IbDecisionLine *raced,
          IbAnswerLine         *line)
{
  g_autoptr(GArray) a = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) b = g_array_new (FALSE, FALSE, sizeof (double));
  g_autofree char *times = NULL, *ci = NULL, *level = NULL, *pairs = NULL;
  IbPaired paired;

  if (raced == NULL || !line->verdict.paired || !ib_verdict_is_decided (line->verdict.verdict)
      || g_strcmp0 (raced->a, line->a) != 0 || g_strcmp0 (raced->b, line->b) != 0)
    return;
  for (guint i = 0; i < raced->pairs->len; i++)
    {
      const IbDecisionPair *p = &g_array_index (raced->pairs, IbDecisionPair, i);
      double ca = (double) p->a_cpu_ns, cb = (double) p->b_cpu_ns;

      if (p->a_ns > 0 && p->b_ns > 0 && p->a_cpu_ns > 0 && p->b_cpu_ns > 0)
        {
          g_array_append_val (a, ca);
          g_array_append_val (b, cb);
        }
    }
  if (a->len < IB_VERDICT_MIN_PAIRS)
    return;
  ib_paired_analyse ((const double *) (gconstpointer) a->data,
                     (const double *) (gconstpointer) b->data, a->len, 1 - IB_PAIRED_ALPHA,
                     report->decision->margin, &paired);
  ib_verdict_for_paired (&paired, &line->cpu);
  line->has_cpu = TRUE;
  times = ib_format_ratio_in (line->cpu.ratio, line->cpu.ci_low, line->cpu.ci_high);
  ci = ib_format_ratio_ci (line->cpu.ratio, line->cpu.ci_low, line->cpu.ci_high);
  level = ib_format_ci_level (line->cpu.ci_level);
  pairs = ib_verdict_pairs_text (&line->cpu);
  /* Translators: beside a decided line, the CPU time of its pairs: the
   * second strategy, the ratio of its CPU time (user + system) to the
   * first's ("1.1x"), the first strategy, then the level, interval and
   * pairs: "Async single read (parallel) used 1.1x the CPU time of Sync
   * single read (user + system, 95 % CI 1.0-1.2; 13 pairs)." */
  line->cpu_sentence = g_strdup_printf (_("%s used %s the CPU time of %s (user + system, %s CI "
                                          "%s; %s)."),
                                        ib_strategy_title (line->b), times,
                                        ib_strategy_title (line->a), level, ci, pairs);
}

/* Each side's main-loop stall beside a decided line: the medians of each
 * read's longest stall (the survey's samples: the pairs do not watch the
 * loop), where both sides carry them. */
static void
line_stall (const IbReport *report,
            IbAnswerLine   *line)
{
  const IbStats *a = ib_report_find_stats (report, line->a);
  const IbStats *b = ib_report_find_stats (report, line->b);
  g_autofree char *a_stall = NULL, *b_stall = NULL;

  if (!ib_verdict_is_decided (line->verdict.verdict) || a == NULL || b == NULL
      || a->n_responsive == 0 || b->n_responsive == 0 || !isfinite (a->stall_ns)
      || !isfinite (b->stall_ns))
    return;
  line->has_stall = TRUE;
  line->a_stall_ns = a->stall_ns;
  line->b_stall_ns = b->stall_ns;
  a_stall = ib_format_duration (a->stall_ns);
  b_stall = ib_format_duration (b->stall_ns);
  /* Translators: beside a decided line, each side's main-loop stall: the
   * first strategy, its median longest stall per read ("40.1 ms"), then the
   * second's ("3.0 ms") and its name: "Sync single read blocks the main
   * loop for 40.1 ms per read against 3.0 ms for Async single read
   * (serial) (medians of each read’s longest stall, in the survey)." */
  line->stall_sentence = g_strdup_printf (_("%s blocks the main loop for %s per read against %s "
                                            "for %s (medians of each read’s longest stall, in "
                                            "the survey)."),
                                          ib_strategy_title (line->a), a_stall, b_stall,
                                          ib_strategy_title (line->b));
}

/* The sentence of a line other than the headline: its lead around the
 * verdict's words, the faster side first. */
static char *
line_sentence (const IbAnswerLine *line)
{
  g_autofree char *text = ib_verdict_text (&line->verdict, ib_strategy_title (line->a),
                                           ib_strategy_title (line->b),
                                           IB_VERDICT_WORDING_FASTER_FIRST);

  /* the table's leads are literals with one %s each (test-answer checks
   * every row's sentence) */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
  return g_strdup_printf (_(line->info->lead), text);
#pragma GCC diagnostic pop
}

IbAnswer *
ib_answer_compute (const IbReport *report)
{
  const IbAnswerLine *main_line;
  const IbStats *sync, *async;
  g_autofree char *headline = NULL;
  IbAnswer *a;

  g_return_val_if_fail (report != NULL, NULL);

  if (report->statistics == NULL || report->samples == NULL)
    return NULL;

  a = g_new0 (IbAnswer, 1);
  a->lines = g_new0 (IbAnswerLine, G_N_ELEMENTS (answer_lines));
  a->cache = report->plan != NULL ? report->plan->cache : IB_CACHE_AS_IS;
  for (guint i = 0; i < G_N_ELEMENTS (answer_lines); i++)
    {
      IbAnswerLine *line = &a->lines[a->n_lines];

      if (!line_fill (report, &answer_lines[i], line))
        continue;
      line->sentence = line->info->main ? main_sentence (line, a->cache)
                                        : line_sentence (line);
      line_cpu (report, raced_line (report, line->a, line->b), line);
      line_stall (report, line);
      a->n_lines++;
    }
  /* the answer needs a main line: the table puts them first */
  if (a->n_lines == 0 || !a->lines[0].info->main)
    {
      ib_answer_free (a);
      return NULL;
    }
  main_line = ib_answer_main (a);
  for (guint i = 0; i < report->statistics->len; i++)
    a->n_excluded += g_array_index (report->statistics, IbStats, i).n_excluded;
  a->caveat = caveat_clause (report, a->n_excluded);
  if (a->caveat != NULL)
    /* Translators: the answer's headline, then its caveats: "Here, sync is ...
     * against .... Caveat: the files were on tmpfs, in memory, so no disk was
     * read." */
    a->headline = g_strdup_printf (_("%s Caveat: %s."), main_line->sentence, a->caveat);
  else
    a->headline = g_strdup (main_line->sentence);

  sync = ib_report_find_stats (report, main_line->a);
  async = ib_report_find_stats (report, main_line->b);
  if (sync->n_responsive > 0 && async->n_responsive > 0
      && isfinite (sync->stall_ns) && isfinite (async->stall_max_ns))
    {
      a->has_stall = TRUE;
      a->sync_stall_ns = sync->stall_ns;
      a->async_stall_ns = async->stall_ns;
      a->async_stall_max_ns = async->stall_max_ns;
      a->stall = stall_sentence (report, main_line, sync, async);
    }
  /* the headline's stall said once: by the trade-off when there is one */
  if (a->stall != NULL)
    g_clear_pointer (&a->lines[0].stall_sentence, g_free);
  a->why = ib_answer_why_sentence (report, main_line);
  ib_answer_busy (report, a);
  return a;
}

void
ib_answer_free (IbAnswer *answer)
{
  if (answer == NULL)
    return;
  for (guint i = 0; i < answer->n_lines; i++)
    {
      g_free (answer->lines[i].a);
      g_free (answer->lines[i].b);
      g_free (answer->lines[i].sentence);
      g_free (answer->lines[i].cpu_sentence);
      g_free (answer->lines[i].stall_sentence);
    }
  g_free (answer->lines);
  g_free (answer->headline);
  g_free (answer->caveat);
  g_free (answer->stall);
  g_free (answer->why);
  g_free (answer->busy);
  g_free (answer);
}

const IbAnswerLine *
ib_answer_main (const IbAnswer *answer)
{
  g_return_val_if_fail (answer != NULL && answer->n_lines > 0, NULL);

  /* ib_answer_compute puts a main line first, or has no answer */
  g_assert (answer->lines[0].info->main);
  return &answer->lines[0];
}

const IbAnswerLine *
ib_answer_line (const IbAnswer *answer,
                const char     *id)
{
  g_return_val_if_fail (answer != NULL && id != NULL, NULL);

  for (guint i = 0; i < answer->n_lines; i++)
    if (g_str_equal (answer->lines[i].info->id, id))
      return &answer->lines[i];
  return NULL;
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

gboolean
ib_answer_compares (const IbAnswer *answer,
                    const char     *a,
                    const char     *b)
{
  if (answer == NULL || a == NULL || b == NULL)
    return FALSE;
  for (guint i = 0; i < answer->n_lines; i++)
    {
      const IbAnswerLine *line = &answer->lines[i];

      if ((g_str_equal (a, line->a) && g_str_equal (b, line->b))
          || (g_str_equal (a, line->b) && g_str_equal (b, line->a)))
        return TRUE;
    }
  return FALSE;
}

const char **
ib_answer_details (const IbAnswer *answer)
{
  const char **lines;
  guint n = 0;

  g_return_val_if_fail (answer != NULL, g_new0 (const char *, 1));

  lines = g_new0 (const char *, 3 * answer->n_lines + 4);
  if (answer->busy != NULL)
    lines[n++] = answer->busy;
  if (answer->lines[0].cpu_sentence != NULL)
    lines[n++] = answer->lines[0].cpu_sentence;
  if (answer->lines[0].stall_sentence != NULL)
    lines[n++] = answer->lines[0].stall_sentence;
  if (answer->stall != NULL)
    lines[n++] = answer->stall;
  for (guint i = 1; i < answer->n_lines; i++)
    {
      lines[n++] = answer->lines[i].sentence;
      if (answer->lines[i].cpu_sentence != NULL)
        lines[n++] = answer->lines[i].cpu_sentence;
      if (answer->lines[i].stall_sentence != NULL)
        lines[n++] = answer->lines[i].stall_sentence;
    }
  if (answer->why != NULL)
    lines[n++] = answer->why;
  return lines;
}

char *
ib_answer_to_text (const IbAnswer *answer,
                   const char     *separator)
{
  g_autofree const char **details = NULL;
  GString *text;

  g_return_val_if_fail (answer != NULL, NULL);

  text = g_string_new (answer->headline);
  details = ib_answer_details (answer);
  for (guint i = 0; details[i] != NULL; i++)
    g_string_append_printf (text, "%s%s", separator, details[i]);
  return g_string_free (text, FALSE);
}
