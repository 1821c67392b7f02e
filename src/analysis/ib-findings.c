/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-findings.c: short sentences generated from a report's data
 * (docs/architecture.md, "Reports, findings and charts"). The ids are
 * stable, tools and tests rely on them:
 *
 *   fastest, sync-vs-async, sync-vs-async-load-contents, tmpfs, fuse,
 *   cache (held, or left as found), cache-excluded (samples left out for their
 *   cache state), cache-counted (an older report counts them), cache-virtual
 *   (cold, but on a virtual disk), copy-on-write, compression,
 *   sweep, overhead, overhead-thread, overhead-repetitions, write-unlink,
 *   write-unlink-verdict,
 *   where-time-goes, warm-up,
 *   empty-tasks, seed-000, seed-001-overhead, seed-001-write-unlink, seed-002
 *
 * (The seed-* ids check the three write-ups in /seeds; the text names them by
 * what they were: seed 000 is the Node.js promises-vs-sync experiment, seed
 * 001 the promise-vs-callback overhead experiment, seed 002 the Node.js
 * big-file experiment.) Each finding is one sentence that starts with a
 * capital letter and ends with a full stop, names strategies, kinds and modes
 * by their display names, and is sorted into its group by ib_findings_sort.
 *
 * Every comparison of two strategies goes through ib_report_ratio (the ratio
 * of medians with a Mann-Whitney interval of at least 95 %): it says "too few
 * samples to tell" when a side has fewer than IB_VERDICT_MIN_SAMPLES valid
 * samples and "cannot be told apart" when the interval contains 1.
 */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "engine/ib-environment.h"
#include "engine/ib-presets.h"
#include "engine/ib-stats.h"
#include "engine/ib-strategy.h"
#include "engine/ib-sweep.h"
#include "engine/ib-workloads.h"
#include "ib-answer-writes.h"
#include "ib-findings.h"
#include "ib-labels.h"
#include "ib-verdict.h"

/* The promise-vs-callback overhead experiment (seed 001): 999,999 `new
 * Promise` took 1,768.754 ms, plain callbacks 51.657 ms. */
#define SEED_001_PROMISE_RATIO (1768.754 / 51.657)
/* The Node.js big-file experiment (seed 002): async readFile (Promise.all)
 * 6,991.5 ms vs readFileSync 1,055.9 ms. */
#define SEED_002_RATIO (6991.523499011993 / 1055.9131410121918)

static gboolean
has_measured (const IbReport *report,
              const char     *strategy)
{
  const IbStats *st = ib_report_find_stats (report, strategy);

  return st != NULL && st->n > 0 && st->median_ns > 0;
}

/* The strategy of @family ("sync"/"async") with the lowest median. */
static const IbStats *
best_of_family (const IbReport *report,
                const char     *family)
{
  const IbStats *best = NULL;

  for (guint i = 0; i < report->statistics->len; i++)
    {
      const IbStats *st = &g_array_index (report->statistics, IbStats, i);

      if (st->n == 0 || !(st->median_ns > 0)
          || g_strcmp0 (ib_strategy_id_family (st->strategy), family) != 0)
        continue;
      if (best == NULL || st->median_ns < best->median_ns)
        best = st;
    }
  return best;
}

static void
finding_fastest (IbReport       *report,
                 const IbAnswer *answer)
{
  const IbStats *best = NULL, *second = NULL;
  g_autofree char *time = NULL;
  g_autofree char *what = NULL;
  IbRatio r = { 0 };

  for (guint i = 0; i < report->statistics->len; i++)
    {
      const IbStats *st = &g_array_index (report->statistics, IbStats, i);

      if (!(st->n > 0 && st->median_ns > 0))
        continue;
      if (best == NULL || st->median_ns < best->median_ns)
        {
          second = best;
          best = st;
        }
      else if (second == NULL || st->median_ns < second->median_ns)
        second = st;
    }
  if (best == NULL)
    return;

  time = ib_format_duration (best->median_ns);
  if (best->mib_per_s > 0)
    {
      g_autofree char *tput = ib_format_throughput (best->mib_per_s);

      /* Translators: a median and its throughput, "12.3 ms, 2,650 MiB/s" */
      what = g_strdup_printf (_("%s, %s"), time, tput);
    }
  else
    what = g_strdup (time);

  if (second != NULL)
    ib_report_ratio (report, best->strategy, report, second->strategy, &r);
  if (second == NULL && best->n < IB_VERDICT_MIN_SAMPLES)
    {
      g_autofree char *few = ib_too_few_text (best->n, best->n);

      /* Translators: "Only Sync single read was measured: median 12.3 ms,
       * 2,650 MiB/s (too few samples to tell ...)." */
      ib_report_add_finding (report, "fastest", _("Only %s was measured: median %s (%s)."),
                             ib_strategy_title (best->strategy), what, few);
    }
  else if (second == NULL || ib_ratio_is_clear (&r))
    /* Translators: "The fastest strategy is Sync single read: median 12.3 ms,
     * 2,650 MiB/s." */
    ib_report_add_finding (report, "fastest", _("The fastest strategy is %s: median %s."),
                           ib_strategy_title (best->strategy), what);
  else if (r.verdict == IB_RATIO_TOO_FEW)
    {
      g_autofree char *few = ib_too_few_text (r.na, r.nb);

      /* Translators: "The lowest median is that of Sync single read (12.3 ms,
       * 2,650 MiB/s), but there are too few samples to tell (n = 2; at least
       * 5 needed)." */
      ib_report_add_finding (report, "fastest",
                             _("The lowest median is that of %s (%s), but there are %s."),
                             ib_strategy_title (best->strategy), what, few);
    }
  else
    /* Translators: "The lowest median is that of Sync single read (12.3 ms),
     * but it cannot be told apart from Memory map." */
    ib_report_add_finding (report, "fastest",
                           _("The lowest median is that of %s (%s), but it cannot be told "
                             "apart from %s."),
                           ib_strategy_title (best->strategy), what,
                           ib_strategy_title (second->strategy));
  /* No fastest, and the two with the lowest medians race in the answer:
   * it says the same ("cannot be told apart", "too few samples"). */
  if (second != NULL && !ib_ratio_is_clear (&r)
      && ib_answer_compares (answer, best->strategy, second->strategy))
    ib_report_cover_last_finding (report);
}

static void
add_pair_finding (IbReport   *report,
                  const char *id,
                  const char *a,
                  const char *b)
{
  g_autofree char *text = NULL;
  IbRatio r;

  ib_report_ratio (report, a, report, b, &r);
  if (r.verdict == IB_RATIO_NO_DATA)
    return;
  /* a sync strategy first: its display name starts the sentence */
  text = ib_ratio_sentence (ib_strategy_title (a), ib_strategy_title (b), &r);
  ib_report_add_finding (report, id, "%s.", text);
}

static void
finding_sync_vs_async (IbReport       *report,
                       const IbAnswer *answer)
{
  const IbStats *sync = best_of_family (report, "sync");
  const IbStats *async = best_of_family (report, "async");
  const char *slc = "sync-load-contents";
  const char *alcp = "async-load-contents-parallel";

  /* The answer's pair when there is an answer (its families: no mmap, no
   * O_DIRECT), kept in the data for tools but not shown: the answer's
   * headline says it. */
  if (answer != NULL)
    {
      sync = ib_report_find_stats (report, answer->sync);
      async = ib_report_find_stats (report, answer->async);
    }
  if (sync != NULL && async != NULL)
    {
      guint before = report->findings->len;

      add_pair_finding (report, "sync-vs-async", sync->strategy, async->strategy);
      if (answer != NULL && report->findings->len > before)
        ib_report_cover_last_finding (report);
    }

  /* The pair the seeds compare (readFileSync vs readFile + Promise.all),
   * unless it is the pair above already. */
  if (has_measured (report, slc) && has_measured (report, alcp)
      && !(sync != NULL && async != NULL
           && g_str_equal (sync->strategy, slc) && g_str_equal (async->strategy, alcp)))
    add_pair_finding (report, "sync-vs-async-load-contents", slc, alcp);
}

static void
finding_cache (IbReport *report)
{
  const char *mode = ib_cache_mode_to_string (report->plan->cache);
  g_autoptr(GHashTable) bad = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) order = g_ptr_array_new ();
  g_autoptr(GString) detail = g_string_new (NULL);
  const char *reason = NULL;
  guint n = 0, n_ok = 0, n_bad = 0, n_counted_anyway = 0;
  gboolean cold_virtual;

  for (guint i = 0; i < report->samples->len; i++)
    {
      const IbSample *s = &g_array_index (report->samples, IbSample, i);

      if (s->warmup || s->strategy == NULL)
        continue;
      n++;
      if (!s->ok)
        continue;
      n_ok++;
      if (s->excluded != NULL)
        {
          guint count = GPOINTER_TO_UINT (g_hash_table_lookup (bad, s->strategy));

          if (count == 0)
            g_ptr_array_add (order, s->strategy);
          g_hash_table_insert (bad, s->strategy, GUINT_TO_POINTER (count + 1));
          reason = s->excluded;
          n_bad++;
        }
      else if (!s->cache_ok && report->plan->cache != IB_CACHE_AS_IS)
        n_counted_anyway++;
    }
  if (n == 0)
    return;

  /* Reports written before samples could be excluded counted them. */
  if (n_counted_anyway > 0)
    ib_report_add_finding (report, "cache-counted",
                           ngettext ("The cache was not in the requested state (%s) for %u of "
                                     "%u sample, and this older report counts it in its "
                                     "statistics.",
                                     "The cache was not in the requested state (%s) for %u of "
                                     "%u samples, and this older report counts them in its "
                                     "statistics.", n),
                           mode, n_counted_anyway, n);

  if (report->plan->cache == IB_CACHE_AS_IS)
    {
      double lo = 2, hi = -1;

      for (guint i = 0; i < report->samples->len; i++)
        {
          const IbSample *s = &g_array_index (report->samples, IbSample, i);

          if (!s->warmup && s->residency >= 0)
            {
              lo = MIN (lo, s->residency);
              hi = MAX (hi, s->residency);
            }
        }
      if (hi >= 0)
        ib_report_add_finding (report, "cache",
                               _("The cache was left as it was: %.0f %% to %.0f %% of the "
                                 "files’ pages were in memory before a sample."),
                               lo * 100, hi * 100);
      else
        ib_report_add_finding (report, "cache",
                               _("The cache was left as it was, and its state is unknown on "
                                 "this system."));
      return;
    }

  /* Cold on a virtual disk: said whether or not samples were left out
   * (the one wording the answer shares; covered where the answer says it). */
  cold_virtual = report->plan->cache == IB_CACHE_COLD && report->environment != NULL
                 && report->environment->virtual_disk != NULL;
  if (cold_virtual)
    {
      g_autofree char *caveat = ib_virtual_disk_caveat (report->environment->virtual_disk,
                                                        TRUE);

      ib_report_add_finding (report, "cache-virtual", "%s", caveat);
    }
  if (n_bad == 0 && n_counted_anyway > 0)
    return;
  if (n_bad == 0)
    {
      /* A whole sentence per mode: "warm" and "cold" are adjectives in it
       * (on a virtual disk, the finding above says it). */
      if (!cold_virtual)
        ib_report_add_finding (report, "cache", "%s",
                               report->plan->cache == IB_CACHE_COLD
                               ? _("The cache was cold for every sample, as asked.")
                               : _("The cache was warm for every sample, as asked."));
      return;
    }

  if (n_bad == n_ok)
    {
      /* Translators: "The cache was never in the requested state (cold): all 36
       * successful samples were excluded (not cold), so there are no statistics." */
      ib_report_add_finding (report, "cache-excluded",
                             ngettext ("The cache was never in the requested state (%s): the "
                                       "%u successful sample was excluded (%s), so there are "
                                       "no statistics.",
                                       "The cache was never in the requested state (%s): all "
                                       "%u successful samples were excluded (%s), so there "
                                       "are no statistics.", n_ok),
                             mode, n_ok, ib_excluded_describe (reason));
      return;
    }
  for (guint i = 0; i < order->len && i < 4; i++)
    {
      const char *strategy = g_ptr_array_index (order, i);
      guint count = GPOINTER_TO_UINT (g_hash_table_lookup (bad, strategy));
      const IbStats *st = ib_report_find_stats (report, strategy);

      if (i > 0)
        g_string_append (detail, ", ");
      if (st != NULL && st->n == 0)
        /* Translators: "mmap (all 5: no statistics)" in a list of strategies */
        g_string_append_printf (detail, _("%s (all %u: no statistics)"),
                                ib_strategy_title (strategy), count);
      else
        g_string_append_printf (detail, "%s (%u)", ib_strategy_title (strategy), count);
    }
  if (order->len > 4)
    /* Translators: appended to a list of strategies, e.g. ", and 8 more" */
    g_string_append_printf (detail, _(", and %u more"), order->len - 4);
  /* Translators: "Excluded from the statistics: 3 of 60 samples, not cold
   * (Sync single read (2), Memory map (1))." */
  ib_report_add_finding (report, "cache-excluded",
                         ngettext ("Excluded from the statistics: %u of %u sample, %s (%s).",
                                   "Excluded from the statistics: %u of %u samples, %s (%s).", n),
                         n_bad, n, ib_excluded_describe (reason), detail->str);
}

static void
finding_filesystem (IbReport *report)
{
  const IbEnvironment *env = report->environment;

  if (env == NULL)
    return;
  if (env->is_tmpfs)
    ib_report_add_finding (report, "tmpfs",
                           _("The files were on tmpfs, which lives in memory: a cold cache is "
                             "impossible there, and these numbers measure memory copies, not "
                             "a disk."));
  if (env->is_fuse)
    ib_report_add_finding (report, "fuse",
                           _("The files were on a FUSE file system (%s): these numbers measure "
                             "FUSE and the daemon behind it as much as the storage."),
                           env->fs_type != NULL ? env->fs_type : "fuse");
}

/* Copy-on-write and compressing file systems (btrfs, bcachefs): what
 * KDiskMark users meet as "impossible" results. */
static void
finding_copy_on_write (IbReport *report)
{
  const IbEnvironment *env = report->environment;
  g_autofree char *compression = NULL;

  if (env == NULL)
    return;
  if (ib_environment_copy_on_write (env))
    ib_report_add_finding (report, "copy-on-write",
                           _("The files were on %s, which copies on write: new data goes to "
                             "new places and is checksummed, so these numbers can differ "
                             "from a file system that writes in place."),
                           env->fs_type);
  compression = ib_environment_compression (env);
  if (compression == NULL)
    return;
  if (report->plan != NULL && report->plan->content != IB_CONTENT_RANDOM)
    ib_report_add_finding (report, "compression",
                           /* Translators: "The file system, btrfs, compresses what it
                            * stores (zstd): the content here (base64) compresses, ..." */
                           _("The file system, %s, compresses what it stores (%s): the "
                             "content here (%s) compresses, so these numbers measure "
                             "compression too; random content measures the storage."),
                           env->fs_type, compression,
                           ib_content_kind_to_string (report->plan->content));
  else
    ib_report_add_finding (report, "compression",
                           _("The file system, %s, compresses what it stores (%s): random "
                             "content does not compress, but base64, digits and letters "
                             "would, and would measure compression too."),
                           env->fs_type, compression);
}

/* The fastest strategy at @value, or NULL when the verdict against the
 * runner-up is not clear (ib_sweep_point_ratio: too few samples, no interval,
 * or cannot be told apart). */
static const char *
sweep_winner (const IbSweep *sweep,
              guint64        value)
{
  const IbSweepPoint *best = NULL, *second = NULL;

  for (guint i = 0; i < sweep->points->len; i++)
    {
      const IbSweepPoint *p = &g_array_index (sweep->points, IbSweepPoint, i);

      if (p->value != value || !(p->median_ns > 0))
        continue;
      if (best == NULL || p->median_ns < best->median_ns)
        {
          second = best;
          best = p;
        }
      else if (second == NULL || p->median_ns < second->median_ns)
        second = p;
    }
  if (best == NULL)
    return NULL;
  /* No winner from too few samples (older reports do not record n). */
  if (best->n < IB_VERDICT_MIN_SAMPLES)
    return NULL;
  if (second != NULL)
    {
      IbRatio r;

      ib_sweep_point_ratio (best, second, &r);
      if (!ib_ratio_is_clear (&r))
        return NULL;
    }
  return best->strategy;
}

static void
sweep_range (const IbSweep *sweep,
             guint64       *lo,
             guint64       *hi)
{
  *lo = G_MAXUINT64;
  *hi = 0;
  for (guint i = 0; i < sweep->points->len; i++)
    {
      const IbSweepPoint *p = &g_array_index (sweep->points, IbSweepPoint, i);

      *lo = MIN (*lo, p->value);
      *hi = MAX (*hi, p->value);
    }
}

static void
finding_sweep (IbReport *report)
{
  const IbSweep *sweep = report->sweep;
  guint64 lo, hi;
  g_autofree char *los = NULL;
  g_autofree char *his = NULL;

  if (sweep == NULL || sweep->points->len == 0)
    return;
  sweep_range (sweep, &lo, &hi);
  los = ib_format_vary_value (sweep->vary, lo);
  his = ib_format_vary_value (sweep->vary, hi);

  if (sweep->has_crossover)
    {
      g_autofree char *at = ib_format_vary_value (sweep->vary, sweep->crossover_value);
      const char *winner = sweep_winner (sweep, sweep->crossover_value);
      const char *loser = sweep_winner (sweep, lo);

      if (winner != NULL && loser != NULL && g_strcmp0 (winner, loser) != 0)
        /* Translators: "From 100 files on, Async load contents, parallel
         * overtakes Sync load contents." */
        ib_report_add_finding (report, "sweep", _("From %s on, %s overtakes %s."), at,
                               ib_strategy_title (winner), ib_strategy_title (loser));
      else
        ib_report_add_finding (report, "sweep", _("The order of the strategies flips at %s."),
                               at);
    }
  else
    {
      const char *w_lo = sweep_winner (sweep, lo);
      const char *w_hi = sweep_winner (sweep, hi);

      if (w_lo != NULL && g_strcmp0 (w_lo, w_hi) == 0)
        /* Translators: "No crossover between 1 file and 1,000 files: Sync
         * single read is faster throughout." */
        ib_report_add_finding (report, "sweep",
                               _("No crossover between %s and %s: %s is faster throughout."),
                               los, his, ib_strategy_title (w_lo));
      else if (w_lo != NULL || w_hi != NULL)
        ib_report_add_finding (report, "sweep", _("No crossover between %s and %s."), los, his);
      else
        /* Translators: no strategy is clearly faster at either end of a sweep
         * ("1 file", "100 files"), so "no crossover" would claim too much */
        ib_report_add_finding (report, "sweep",
                               _("No crossover can be told between %s and %s: at neither end "
                                 "is one strategy clearly faster."), los, his);
    }
}

static const IbOverheadRow *
overhead_row (const IbReport *report,
              const char     *kind)
{
  for (guint i = 0; i < report->overhead->len; i++)
    {
      const IbOverheadRow *row = &g_array_index (report->overhead, IbOverheadRow, i);

      if (g_strcmp0 (row->kind, kind) == 0)
        return row;
    }
  return NULL;
}

static void
finding_overhead (IbReport *report)
{
  const IbOverheadRow *gtask = overhead_row (report, "gtask");
  const IbOverheadRow *thread = overhead_row (report, "thread");
  g_autofree char *ratio = NULL;
  g_autofree char *seed = NULL;
  g_autofree char *per_op = NULL;

  if (gtask == NULL || !(gtask->ratio_to_direct > 0))
    return;
  ratio = ib_format_ratio (gtask->ratio_to_direct);
  seed = ib_format_ratio (SEED_001_PROMISE_RATIO);
  per_op = ib_format_duration (gtask->ns_per_op);
  /* Translators: "A GTask round trip costs 38x a direct call (120 ns); the
   * promise-vs-callback overhead experiment measured 34x for a Promise against
   * a plain callback in Node.js." */
  ib_report_add_finding (report, "overhead",
                         _("A GTask round trip costs %s a direct call (%s); the "
                           "promise-vs-callback overhead experiment measured %s for a Promise "
                           "against a plain callback in Node.js."),
                         ratio, per_op, seed);
  if (thread != NULL && thread->ratio_to_direct > 0)
    {
      g_autofree char *tr = ib_format_ratio (thread->ratio_to_direct);
      g_autofree char *tt = ib_format_duration (thread->ns_per_op);

      ib_report_add_finding (report, "overhead-thread",
                             _("A hop to GTask’s thread pool and back costs %s (%s a direct "
                               "call)."), tt, tr);
    }

  /* Each repetition averages many iterations, but few repetitions cannot say
   * how much the ratio itself varies. */
  if (gtask->repeat < IB_VERDICT_MIN_SAMPLES)
    ib_report_add_finding (report, "overhead-repetitions",
                           ngettext ("The dispatch overhead rests on %u repetition: too few "
                                     "to say how much it varies (at least %u needed).",
                                     "The dispatch overhead rests on %u repetitions: too few "
                                     "to say how much it varies (at least %u needed).",
                                     gtask->repeat),
                           gtask->repeat, IB_VERDICT_MIN_SAMPLES);

  /* The promise-vs-callback experiment's first conclusion: for pure
   * computation, avoid promises. We call a GTask "slow" from 2x a direct call,
   * and decide it by the interval of the ratio of the two rows' medians: holds
   * when it lies at or above 2, fails when it lies below 2, else not decided. */
  {
    const IbOverheadRow *direct = overhead_row (report, "direct");
    IbRatio r = { 0 };
    IbVerdictInterval iv = { 0 };

    if (direct != NULL)
      ib_stats_ratio_of_medians (direct->ns_per_op, direct->ci_low_ns, direct->ci_high_ns,
                                 ib_median_coverage (direct->repeat), direct->repeat,
                                 gtask->ns_per_op, gtask->ci_low_ns, gtask->ci_high_ns,
                                 ib_median_coverage (gtask->repeat), gtask->repeat, &r);
    /* Whether the rows can be compared at all is the one verdict
     * function's call (ib-verdict.h); the 2x line is the experiment's. */
    if (direct != NULL)
      ib_verdict_for_ratio (&r, &iv);
    if (direct == NULL || iv.verdict == IB_VERDICT_NO_DATA || iv.verdict == IB_VERDICT_TOO_FEW)
      {
        g_autofree char *few = ib_too_few_text (direct != NULL ? direct->repeat : 0,
                                                gtask->repeat);

        /* Translators: "... cannot be checked here for pure computation: too few
         * samples to tell (n = 2; at least 5 needed)." */
        ib_report_add_finding (report, "seed-001-overhead",
                               _("The promise-vs-callback overhead experiment cannot be "
                                 "checked here for pure computation: %s."), few);
      }
    else if (iv.ci_low >= 2)
      ib_report_add_finding (report, "seed-001-overhead",
                             _("The promise-vs-callback overhead experiment holds here for "
                               "pure computation: dispatching through a GTask is %s slower "
                               "than a direct call, so computation should not go through "
                               "it."), ratio);
    else if (iv.ci_high < 2)
      ib_report_add_finding (report, "seed-001-overhead",
                             _("The promise-vs-callback overhead experiment does not hold "
                               "here for pure computation: a GTask costs only %s a direct "
                               "call."), ratio);
    else
      {
        g_autofree char *level = ib_format_level (iv.ci_level);
        g_autofree char *ci = ib_format_ratio_ci (iv.ratio, iv.ci_low, iv.ci_high);

        /* Translators: "... is not decided here for pure computation: a GTask
         * costs 2.1x a direct call (88 % CI 1.5-3.0), which may be below 2x or
         * above." */
        ib_report_add_finding (report, "seed-001-overhead",
                               _("The promise-vs-callback overhead experiment is not decided "
                                 "here for pure computation: a GTask costs %s a direct call "
                                 "(%s CI %s), which may be below 2x or above."),
                               ratio, level, ci);
      }
  }
}

static const IbWriteUnlinkMode *
find_wu_mode (const IbWriteUnlink *wu,
              const char          *mode)
{
  for (guint i = 0; i < wu->modes->len; i++)
    {
      const IbWriteUnlinkMode *m = &g_array_index (wu->modes, IbWriteUnlinkMode, i);

      if (g_strcmp0 (m->mode, mode) == 0)
        return m;
    }
  return NULL;
}

static void
finding_write_unlink (IbReport *report)
{
  const IbWriteUnlink *wu = report->write_unlink;
  const IbWriteUnlinkMode *sync, *async;
  g_autoptr(IbAnswerCard) card = NULL;
  g_autofree char *n = NULL;
  g_autofree char *experiment = NULL;

  if (wu == NULL)
    return;
  card = ib_answer_card_write_unlink (report);
  if (card == NULL || card->verdict == IB_VERDICT_NO_DATA)
    return;

  /* The verdict of sync against async, paired by round, when each mode ran
   * often enough (ib-answer-writes.h); the card says it where cards are
   * shown. */
  n = ib_format_count (wu->requests);
  sync = find_wu_mode (wu, "sync-serial");
  async = find_wu_mode (wu, "async-gio");
  if (sync != NULL && async != NULL)
    {
      /* percentiles_ns: index 0 is p50, 7 is p99 */
      g_autofree char *sp50 = ib_format_duration (sync->percentiles_ns[0]);
      g_autofree char *sp99 = ib_format_duration (sync->percentiles_ns[7]);
      g_autofree char *ap50 = ib_format_duration (async->percentiles_ns[0]);
      g_autofree char *ap99 = ib_format_duration (async->percentiles_ns[7]);

      /* Translators: "Over 2,000 write+delete requests: Sync, one at a time p50
       * 0.12 ms, p99 0.30 ms; Async GIO p50 40.1 ms, p99 80.2 ms." */
      ib_report_add_finding (report, "write-unlink",
                             _("Over %s write+delete requests: %s p50 %s, p99 %s; %s p50 %s, "
                               "p99 %s."),
                             n, ib_write_unlink_mode_title (sync->mode), sp50, sp99,
                             ib_write_unlink_mode_title (async->mode), ap50, ap99);
    }

  /* Translators: "Write + delete of 2,000 requests: Sync, one at a time is
   * 3.1x faster than Async GIO (95.31 % CI 2.8-3.4; 8 rounds)." */
  ib_report_add_finding (report, "write-unlink-verdict", _("Write + delete of %s requests: %s"),
                         n, card->headline);
  ib_report_cover_last_finding (report);

  /* The promise-vs-callback experiment's second conclusion: with I/O the
   * difference is small. Decided only from runs paired by round. */
  experiment = ib_write_unlink_experiment_text (report);
  if (experiment != NULL)
    {
      ib_report_add_finding (report, "seed-001-write-unlink", "%s", experiment);
      ib_report_cover_last_finding (report);
    }
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
median_field (const IbReport *report,
              const char     *strategy,
              double        (*get) (const IbSample *))
{
  g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint i = 0; i < report->samples->len; i++)
    {
      const IbSample *s = &g_array_index (report->samples, IbSample, i);
      double v;

      if (!ib_sample_is_valid (s) || g_strcmp0 (s->strategy, strategy) != 0)
        continue;
      v = get (s);
      g_array_append_val (values, v);
    }
  if (values->len == 0)
    return -1;
  g_array_sort (values, compare_doubles);
  return ib_quantile_sorted ((const double *) (gpointer) values->data, values->len, 0.5);
}

static double get_callbacks (const IbSample *s) { return (double) s->callbacks; }
static double get_bytes (const IbSample *s) { return (double) s->bytes; }
static double get_ctxsw (const IbSample *s) { return (double) (s->vol_ctxsw + s->invol_ctxsw); }

/* Context switches per MiB read, one value per valid sample of @strategy. */
static GArray *
ctxsw_per_mib (const IbReport *report,
               const char     *strategy)
{
  GArray *values = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint i = 0; i < report->samples->len; i++)
    {
      const IbSample *s = &g_array_index (report->samples, IbSample, i);
      double v;

      if (!ib_sample_is_valid (s) || g_strcmp0 (s->strategy, strategy) != 0 || s->bytes == 0
          || s->vol_ctxsw < 0 || s->invol_ctxsw < 0)
        continue;
      v = (double) (s->vol_ctxsw + s->invol_ctxsw) / ((double) s->bytes / (1024.0 * 1024.0));
      g_array_append_val (values, v);
    }
  return values;
}

/* Whether @strategy made clearly more context switches per MiB than @other:
 * more than twice as many by the medians, and the interval of the shift
 * (ib_stats_shift) above 0. */
static gboolean
clearly_more_ctxsw (const IbReport *report,
                    const char     *strategy,
                    const char     *other)
{
  g_autoptr(GArray) a = ctxsw_per_mib (report, other);
  g_autoptr(GArray) b = ctxsw_per_mib (report, strategy);
  IbShift shift;

  ib_stats_shift ((const double *) (gconstpointer) a->data, a->len,
                  (const double *) (gconstpointer) b->data, b->len, &shift);
  return shift.differs && shift.ci_low > 0 && shift.median_b > 2 * shift.median_a + 1;
}

static void
finding_where_time_goes (IbReport *report)
{
  const char *candidates[] = { "async-load-contents-parallel", "async-load-contents-serial" };
  const IbStats *st = NULL;
  const char *id = NULL;
  double callbacks, bytes, ctxsw, cpu;
  gboolean explained = FALSE;
  g_autofree char *wall = NULL, *user = NULL, *sys = NULL;
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (candidates) && st == NULL; i++)
    if (has_measured (report, candidates[i]))
      {
        id = candidates[i];
        st = ib_report_find_stats (report, id);
      }
  if (st == NULL)
    return;

  callbacks = median_field (report, id, get_callbacks);
  bytes = median_field (report, id, get_bytes);
  ctxsw = median_field (report, id, get_ctxsw);
  wall = ib_format_duration (st->median_ns);
  user = ib_format_duration (st->user_ns);
  sys = ib_format_duration (st->sys_ns);
  cpu = st->cpu_ns >= 0 ? st->cpu_ns : st->user_ns + st->sys_ns;

  if (st->cpu_ns >= 0)
    {
      g_autofree char *total = ib_format_duration (st->cpu_ns);

      /* Translators: "Where the time goes in Async load contents, parallel: CPU
       * 42.1 ms (user 12.0 ms + system 30.1 ms, an estimated split) for 45.0 ms of
       * wall time" (more may follow, then a full stop) */
      g_string_append_printf (text, _("Where the time goes in %s: CPU %s (user %s + system "
                                      "%s, an estimated split) for %s of wall time"),
                              ib_strategy_title (id), total, user, sys, wall);
    }
  else
    /* Translators: "Where the time goes in Async load contents, parallel: CPU
     * user 12.0 ms + system 30.1 ms for 45.0 ms of wall time" */
    g_string_append_printf (text, _("Where the time goes in %s: CPU user %s + system %s for "
                                    "%s of wall time"),
                            ib_strategy_title (id), user, sys, wall);
  if (cpu > st->median_ns * 1.05)
    g_string_append (text, _(" (more CPU than wall time: the work ran on several threads)"));

  /* GIO's load_contents reads 8 KiB at a time; for local files each step of
   * the async variant is a hop through GTask's thread pool and back to the
   * run's context. The callback count (dispatches of the run's context)
   * and the context switches (process-wide) both see the hops. */
  if (callbacks > 0 && bytes > 0 && bytes / callbacks <= 16 * 1024)
    {
      g_autofree char *cb = ib_format_count ((guint64) llround (callbacks));
      g_autofree char *per = ib_format_size ((guint64) llround (bytes / callbacks));

      /* Translators: "; 16,384 callbacks per run, one per 8 KiB read: ..." */
      g_string_append_printf (text, _("; %s callbacks per run, one per %s read: "
                                      "g_file_load_contents_async reads in 8 KiB pieces and "
                                      "every piece is a hop through GTask's thread pool"),
                              cb, per);
      explained = TRUE;
    }
  else if (callbacks > 0)
    {
      g_autofree char *cb = ib_format_count ((guint64) llround (callbacks));

      /* Translators: "; 4 completion callbacks per run" */
      g_string_append_printf (text, _("; %s completion callbacks per run"), cb);
    }
  if (ctxsw >= 0 && bytes > 0)
    {
      double per_mib = ctxsw / (bytes / (1024.0 * 1024.0));
      double sync_ctxsw = median_field (report, "sync-load-contents", get_ctxsw);
      double sync_bytes = median_field (report, "sync-load-contents", get_bytes);

      /* Translators: "; 420 context switches per MiB" */
      g_string_append_printf (text, _("; %.0f context switches per MiB"), per_mib);
      if (sync_ctxsw >= 0 && sync_bytes > 0)
        {
          double sync_per_mib = sync_ctxsw / (sync_bytes / (1024.0 * 1024.0));

          /* Translators: " against 12 for Sync load contents" */
          g_string_append_printf (text, _(" against %.0f for %s"), sync_per_mib,
                                  ib_strategy_title ("sync-load-contents"));
          /* The 8 KiB story once is enough, and only where the difference
           * lies beyond its interval. */
          if (!explained && clearly_more_ctxsw (report, id, "sync-load-contents"))
            g_string_append (text, _(": g_file_load_contents_async reads in 8 KiB pieces and, "
                                     "for local files, every piece is a hop through GTask's "
                                     "thread pool (128 per MiB)"));
        }
    }
  ib_report_add_finding (report, "where-time-goes", "%s.", text->str);
}

/* The Node.js promises-vs-sync experiment (seed 000) saw the first run
 * differ from the next ones: show how much the warm-up runs here differ from
 * the measured median. */
static void
finding_warm_up (IbReport *report)
{
  const char *worst = NULL;
  double worst_ratio = 0;

  for (guint i = 0; i < report->statistics->len; i++)
    {
      const IbStats *st = &g_array_index (report->statistics, IbStats, i);

      if (st->n == 0 || !(st->median_ns > 0))
        continue;
      for (guint k = 0; k < report->samples->len; k++)
        {
          const IbSample *s = &g_array_index (report->samples, IbSample, k);
          double ratio;

          if (!s->warmup || !s->ok || g_strcmp0 (s->strategy, st->strategy) != 0)
            continue;
          ratio = (double) s->wall_ns / st->median_ns;
          if (ratio > worst_ratio)
            {
              worst_ratio = ratio;
              worst = st->strategy;
            }
        }
    }
  if (worst == NULL || worst_ratio < 1.5)
    return;
  {
    g_autofree char *r = ib_format_ratio (worst_ratio);

    /* Translators: "The warm-up run of Sync load contents took 3.2x its median
     * (the Node.js promises-vs-sync experiment saw its first run differ too);
     * warm-ups are kept in the data but left out of the statistics." */
    ib_report_add_finding (report, "warm-up",
                           _("The warm-up run of %s took %s its median (the Node.js "
                             "promises-vs-sync experiment saw its first run differ too); "
                             "warm-ups are kept in the data but left out of the statistics."),
                           ib_strategy_title (worst), r);
  }
}

static void
finding_empty_tasks (IbReport *report)
{
  const IbOverheadRow *one = overhead_row (report, "tasks-1");
  const IbOverheadRow *hundred = overhead_row (report, "tasks-100");
  g_autofree char *t1 = NULL, *t100 = NULL;

  if (one == NULL || hundred == NULL)
    return;
  t1 = ib_format_duration (one->ns_per_op);
  t100 = ib_format_duration (hundred->ns_per_op);
  /* Translators: the Node.js promises-vs-sync experiment timed 1 and 100 empty
   * promises */
  ib_report_add_finding (report, "empty-tasks",
                         _("One empty GTask, created and completed through the main context, "
                           "costs %s, and 100 of them %s (the Node.js promises-vs-sync "
                           "experiment timed 1 and 100 empty promises)."), t1, t100);
}

static gboolean
preset_is (const IbReport *report,
           const char     *a,
           const char     *b)
{
  const IbPresetInfo *info = report->plan->preset != NULL
                             ? ib_preset_lookup (report->plan->preset) : NULL;

  return info != NULL && (g_str_equal (info->id, a) || (b != NULL && g_str_equal (info->id, b)));
}

static void
finding_seed_002 (IbReport *report)
{
  const char *slc = "sync-load-contents";
  const char *alcp = "async-load-contents-parallel";
  IbRatio cmp;
  g_autofree char *seed = NULL;

  if (!preset_is (report, "big-files", "quick"))
    return;
  ib_report_ratio (report, slc, report, alcp, &cmp);
  seed = ib_format_ratio (SEED_002_RATIO);
  switch (cmp.verdict)
    {
    case IB_RATIO_NO_DATA:
      return;
    case IB_RATIO_TOO_FEW:
      {
        g_autofree char *few = ib_too_few_text (cmp.na, cmp.nb);

        /* Translators: "The Node.js big-file experiment cannot be checked here:
         * too few samples to tell (n = 2; at least 5 needed)." */
        ib_report_add_finding (report, "seed-002", _("The Node.js big-file experiment cannot "
                                                     "be checked here: %s."), few);
      }
      break;
    case IB_RATIO_A_FASTER:
      {
        g_autofree char *r = ib_format_ratio (cmp.ratio);

        /* Translators: "The Node.js big-file experiment holds here: async
         * whole-file reads (Async load contents, parallel) were 4.2x slower than
         * sync ones (Sync load contents); the experiment measured 6.6x in
         * Node.js." */
        ib_report_add_finding (report, "seed-002",
                               _("The Node.js big-file experiment holds here: async whole-file "
                                 "reads (%s) were %s slower than sync ones (%s); the "
                                 "experiment measured %s in Node.js."),
                               ib_strategy_title (alcp), r, ib_strategy_title (slc), seed);
      }
      break;
    case IB_RATIO_B_FASTER:
      {
        g_autofree char *r = ib_format_ratio (1 / cmp.ratio);

        ib_report_add_finding (report, "seed-002",
                               _("The Node.js big-file experiment does not hold here: async "
                                 "whole-file reads (%s) were %s faster than sync ones (%s); the "
                                 "experiment measured them %s slower in Node.js."),
                               ib_strategy_title (alcp), r, ib_strategy_title (slc), seed);
      }
      break;
    case IB_RATIO_SAME:
    default:
      {
        g_autofree char *level = ib_format_level (cmp.ci_level);
        g_autofree char *ci = ib_format_ratio_ci (cmp.ratio, cmp.ci_low, cmp.ci_high);

        /* An undecided comparison neither confirms nor refutes it. */
        /* Translators: "The Node.js big-file experiment is not decided here: async
         * whole-file reads (Async load contents, parallel) and sync ones (Sync load
         * contents) cannot be told apart (ratio 1.21, 95 % CI 0.24-4.3); the
         * experiment measured async 6.6x slower in Node.js." */
        ib_report_add_finding (report, "seed-002",
                               _("The Node.js big-file experiment is not decided here: async "
                                 "whole-file reads (%s) and sync ones (%s) cannot be told "
                                 "apart (ratio %.2f, %s CI %s); the experiment measured async "
                                 "%s slower in Node.js."),
                               ib_strategy_title (alcp), ib_strategy_title (slc), cmp.ratio,
                               level, ci, seed);
      }
      break;
    }
}

static void
finding_seed_000 (IbReport *report)
{
  const IbSweep *sweep = report->sweep;
  const char *w_lo, *w_hi;
  guint64 lo, hi;
  gboolean sync_small, async_large;

  /* The Node.js promises-vs-sync experiment (seed 000) varies the number of
   * small files read by sync vs async. */
  if (sweep == NULL || sweep->vary != IB_VARY_COUNT || sweep->points->len == 0)
    return;
  {
    gboolean has_sync = FALSE, has_async = FALSE;

    for (guint i = 0; i < sweep->points->len; i++)
      {
        const char *family =
          ib_strategy_id_family (g_array_index (sweep->points, IbSweepPoint, i).strategy);

        has_sync |= g_strcmp0 (family, "sync") == 0;
        has_async |= g_strcmp0 (family, "async") == 0;
      }
    if (!has_sync || !has_async)
      return;
  }
  sweep_range (sweep, &lo, &hi);
  w_lo = sweep_winner (sweep, lo);
  w_hi = sweep_winner (sweep, hi);
  {
    guint fewest = G_MAXUINT;

    for (guint i = 0; i < sweep->points->len; i++)
      fewest = MIN (fewest, g_array_index (sweep->points, IbSweepPoint, i).n);
    /* No winner anywhere because the points have too few samples: neither
     * holds nor fails. (Older reports do not record n: 0.) */
    if (w_lo == NULL && w_hi == NULL && fewest < IB_VERDICT_MIN_SAMPLES)
      {
        g_autofree char *few = ib_too_few_text (fewest, fewest);

        /* Translators: "The Node.js promises-vs-sync experiment cannot be
         * checked here: too few samples to tell (n = 3; at least 5 needed)." */
        ib_report_add_finding (report, "seed-000",
                               _("The Node.js promises-vs-sync experiment cannot be checked "
                                 "here: %s."), few);
        return;
      }
  }
  /* Each end of the sweep says yes (the experiment's winner is clearly
   * faster there), no (another strategy is), or nothing (no clear winner):
   * the experiment holds or fails only where an end was decided. */
  sync_small = g_strcmp0 (ib_strategy_id_family (w_lo), "sync") == 0;
  async_large = g_strcmp0 (ib_strategy_id_family (w_hi), "async") == 0;

  if (sync_small && async_large)
    ib_report_add_finding (report, "seed-000",
                           _("The Node.js promises-vs-sync experiment holds here: sync wins "
                             "for a few files, and async pays off when many files are read "
                             "at once."));
  else if (sync_small && w_hi != NULL)
    ib_report_add_finding (report, "seed-000",
                           _("The Node.js promises-vs-sync experiment holds only in part here: "
                             "sync wins for a few files, but async does not pay off even with "
                             "many files."));
  else if (async_large && w_lo != NULL)
    ib_report_add_finding (report, "seed-000",
                           _("The Node.js promises-vs-sync experiment holds only in part here: "
                             "async pays off with many files, but sync does not win for a "
                             "few."));
  else if (sync_small)
    ib_report_add_finding (report, "seed-000",
                           _("The Node.js promises-vs-sync experiment holds in part here: "
                             "sync wins for a few files; with many files no strategy is "
                             "clearly faster, so whether async pays off is not decided."));
  else if (async_large)
    ib_report_add_finding (report, "seed-000",
                           _("The Node.js promises-vs-sync experiment holds in part here: "
                             "async pays off with many files; with a few files no strategy "
                             "is clearly faster, so whether sync wins is not decided."));
  else if (w_lo != NULL && w_hi != NULL)
    ib_report_add_finding (report, "seed-000",
                           _("The Node.js promises-vs-sync experiment does not hold here: it "
                             "found that sync wins for a few files and async pays off under "
                             "concurrency."));
  else if (w_lo != NULL || w_hi != NULL)
    ib_report_add_finding (report, "seed-000",
                           _("The Node.js promises-vs-sync experiment does not hold here at "
                             "one end of the sweep (the other strategy wins there), and the "
                             "other end is not decided."));
  else
    ib_report_add_finding (report, "seed-000",
                           _("The Node.js promises-vs-sync experiment is not decided here: at "
                             "neither end of the sweep is one strategy clearly faster."));
}

void
ib_findings_fill (IbReport       *report,
                  const IbAnswer *answer)
{
  g_return_if_fail (report != NULL);

  g_array_set_size (report->findings, 0);
  finding_fastest (report, answer);
  finding_sync_vs_async (report, answer);
  finding_cache (report);
  finding_filesystem (report);
  finding_copy_on_write (report);
  finding_sweep (report);
  finding_overhead (report);
  finding_write_unlink (report);
  finding_where_time_goes (report);
  finding_warm_up (report);
  finding_empty_tasks (report);
  finding_seed_002 (report);
  finding_seed_000 (report);
  ib_findings_stall (report, answer);
  ib_findings_uring (report, answer);
  /* A virtual disk's caveat is said once: by the answer's headline when it
   * has one. */
  for (guint i = 0; answer != NULL && answer->caveat != NULL && i < report->findings->len; i++)
    {
      IbFinding *f = &g_array_index (report->findings, IbFinding, i);
      g_autofree char *clause = report->environment != NULL
                                ? ib_virtual_disk_caveat (report->environment->virtual_disk,
                                                          FALSE)
                                : NULL;

      if (g_strcmp0 (f->id, "cache-virtual") == 0 && clause != NULL
          && strstr (answer->caveat, clause) != NULL)
        f->covered = TRUE;
    }
  ib_findings_sort (report);
}
