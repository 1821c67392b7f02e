/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-findings.c: short sentences generated from a report's data
 * (docs/architecture.md, "Reports, findings and charts"). The ids are
 * stable, tools and tests rely on them; every id is listed, with its
 * group, in the table of ib-findings-group.c.
 *
 * (The seed-* ids check the three write-ups I/O Bench reproduces, cited by
 * title in README.md: seed 000 is the Node.js promises-vs-sync experiment
 * ("¿Sync o async?"), seed 001 the promise-vs-callback overhead experiment
 * ("Promise vs callback"), seed 002 the Node.js
 * big-file experiment.) Each finding is one sentence that starts with a
 * capital letter and ends with a full stop, names strategies, kinds and modes
 * by their display names, and is sorted into its group by ib_findings_sort.
 *
 * A comparison of two strategies that the decision phase raced (a sync one
 * against the best of another side) takes the answer's verdict of them,
 * ib_answer_pair_verdict: the pairs' interval and its three verdicts, in the
 * answer's words, so that a finding and the answer cannot disagree. Every
 * other comparison goes through ib_report_ratio (the ratio of medians with
 * a Mann-Whitney interval of at least 95 %): it says "too few samples to
 * tell" when a side has fewer than IB_VERDICT_MIN_SAMPLES valid samples and
 * "cannot be told apart" when the interval contains 1. The sync-vs-async
 * findings say which of the two their interval comes from.
 */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "engine/model/ib-format.h"
#include "engine/run/ib-decision.h"
#include "engine/os/ib-environment.h"
#include "engine/plan/ib-presets.h"
#include "engine/stats/ib-stats.h"
#include "engine/io/ib-strategy.h"
#include "engine/run/ib-sweep.h"
#include "engine/workloads/ib-workloads.h"
#include "ib-answer-writes.h"
#include "ib-findings.h"
#include "ib-findings-private.h"
#include "ib-labels.h"
#include "ib-verdict.h"

static gboolean
has_measured (const IbReport *report,
              const char     *strategy)
{
  const IbStats *st = ib_report_find_stats (report, strategy);

  return st != NULL && st->n > 0 && st->median_ns > 0;
}

/* The measured strategies of @report with the lowest and the next lowest
 * median (NULL: none). */
static void
lowest_two (const IbReport *report,
            const IbStats **best,
            const IbStats **second)
{
  *best = *second = NULL;
  for (guint i = 0; i < report->statistics->len; i++)
    {
      const IbStats *st = &g_array_index (report->statistics, IbStats, i);

      if (!(st->n > 0 && st->median_ns > 0))
        continue;
      if (*best == NULL || st->median_ns < (*best)->median_ns)
        {
          *second = *best;
          *best = st;
        }
      else if (*second == NULL || st->median_ns < (*second)->median_ns)
        *second = st;
    }
}

static void
finding_fastest (const IbReport *report,
                 const IbAnswer *answer,
                 GArray         *findings)
{
  const IbStats *best = NULL, *second = NULL;
  g_autofree char *time = NULL;
  g_autofree char *what = NULL;
  IbVerdictInterval iv = { 0 };
  gboolean paired = FALSE;

  lowest_two (report, &best, &second);
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

  /* the answer's rule: when the decision phase raced the two, its pairs */
  if (second != NULL)
    paired = ib_answer_pair_verdict (report, best->strategy, second->strategy, &iv);
  if (paired && iv.verdict != IB_VERDICT_A_FASTER)
    {
      g_autofree char *verdict = ib_verdict_text (&iv, ib_strategy_title (best->strategy),
                                                  ib_strategy_title (second->strategy),
                                                  IB_VERDICT_WORDING_FASTER_FIRST);

      /* Translators: "The lowest median is that of Memory map (51.5 µs,
       * 1.78 GiB/s), but the decision phase’s pairs do not rank it first: Sync
       * single read and Memory map are equivalent within ±10 % (ratio 1.02,
       * 98.75 % CI 0.96-1.07; 120 pairs)." */
      ib_findings_add (findings, "fastest",
                       _("The lowest median is that of %s (%s), but the decision phase’s "
                         "pairs do not rank it first: %s."),
                       ib_strategy_title (best->strategy), what, verdict);
    }
  else if (second == NULL && best->n < IB_VERDICT_MIN_SAMPLES)
    {
      g_autofree char *few = ib_too_few_text (best->n, best->n);

      /* Translators: "Only Sync single read was measured: median 12.3 ms,
       * 2,650 MiB/s (too few samples to tell ...)." */
      ib_findings_add (findings, "fastest", _("Only %s was measured: median %s (%s)."),
                       ib_strategy_title (best->strategy), what, few);
      ib_findings_hint_last (findings, report, TRUE);
    }
  else if (second != NULL && ib_verdict_is_clear (iv.verdict)
           && ib_findings_survey_only (report, paired))
    /* Translators: a ranking from the survey's samples in a run whose
     * decision phase did not race the two: "The lowest median is that of
     * Memory map (51.5 µs, 1.78 GiB/s), a hint from the survey’s samples:
     * the decision phase did not race it against Sync single read." */
    ib_findings_add (findings, "fastest",
                     _("The lowest median is that of %s (%s), a hint from the survey’s "
                       "samples: the decision phase did not race it against %s."),
                     ib_strategy_title (best->strategy), what,
                     ib_strategy_title (second->strategy));
  else if (second == NULL || ib_verdict_is_clear (iv.verdict))
    /* Translators: "The fastest strategy is Sync single read: median 12.3 ms,
     * 2,650 MiB/s." */
    ib_findings_add (findings, "fastest", _("The fastest strategy is %s: median %s."),
                     ib_strategy_title (best->strategy), what);
  else if (iv.verdict == IB_VERDICT_TOO_FEW)
    {
      g_autofree char *few = ib_too_few_text (iv.na, iv.nb);

      /* Translators: "The lowest median is that of Sync single read (12.3 ms,
       * 2,650 MiB/s), but there are too few samples to tell (n = 2; at least
       * 5 needed)." */
      ib_findings_add (findings, "fastest",
                       _("The lowest median is that of %s (%s), but there are %s."),
                       ib_strategy_title (best->strategy), what, few);
      ib_findings_hint_last (findings, report, !paired);
    }
  else
    /* Translators: "The lowest median is that of Sync single read (12.3 ms),
     * but it cannot be told apart from Memory map." */
    ib_findings_add (findings, "fastest",
                     _("The lowest median is that of %s (%s), but it cannot be told "
                       "apart from %s."),
                     ib_strategy_title (best->strategy), what,
                     ib_strategy_title (second->strategy));
  /* No fastest, and the two with the lowest medians race in the answer:
   * it says the same ("cannot be told apart", "too few samples", the
   * decision phase's verdict). */
  if (second != NULL
      && (paired ? iv.verdict != IB_VERDICT_A_FASTER : !ib_verdict_is_clear (iv.verdict))
      && ib_answer_compares (answer, best->strategy, second->strategy))
    ib_findings_cover_last (findings);
}

/* Sync strategy @a against @b by the answer's rule (ib_answer_pair_verdict),
 * in the answer's words, and where the interval comes from: the decision
 * phase's pairs, or the survey's samples when no decision line raced the
 * two. */
static void
add_pair_finding (const IbReport *report,
                  const char     *id,
                  const char     *a,
                  const char     *b,
                  gboolean        answered,
                  GArray         *findings)
{
  g_autofree char *text = NULL;
  IbVerdictInterval iv;
  gboolean paired = ib_answer_pair_verdict (report, a, b, &iv);

  if (!paired && iv.verdict == IB_VERDICT_NO_DATA)
    return;
  /* a sync strategy first: its display name starts the sentence */
  text = ib_verdict_text (&iv, ib_strategy_title (a), ib_strategy_title (b),
                          /* the answer's own verdict, when it says this pair */
                          !answered && ib_findings_survey_only (report, paired)
                            ? IB_VERDICT_WORDING_SURVEY_HINT
                            : IB_VERDICT_WORDING_FASTER_FIRST);
  if (paired && iv.n_pairs == 0)
    /* Translators: the decision phase had no time left for this pair:
     * "Whether ... was not decided within the budget (no time was left to
     * measure the pair), in the decision phase." */
    ib_findings_add (findings, id, _("%s, in the decision phase."), text);
  else if (paired)
    /* Translators: a comparison decided (or not) by the decision phase's
     * pairs, whose count the sentence already gives: "Sync single read is
     * 1.4x faster than Async stream, parallel (98.75 % CI 1.2-1.6; 40
     * pairs), measured in the decision phase." */
    ib_findings_add (findings, id, _("%s, measured in the decision phase."), text);
  else if (report->decision != NULL)
    /* Translators: a comparison of the survey's samples, "Sync single read is
     * 1.4x faster than ... (96.83 % CI 1.2-1.6), from the survey’s samples:
     * ..." */
    ib_findings_add (findings, id,
                     _("%s, from the survey’s samples: the decision phase did not race "
                       "this pair."),
                     text);
  else
    /* Translators: as above, for a run without a decision phase (no budget,
     * or an older report) */
    ib_findings_add (findings, id,
                     _("%s, from the survey’s samples: this run had no decision phase."), text);
  ib_findings_hint_last (findings, report, !paired && iv.verdict == IB_VERDICT_TOO_FEW);
}

static void
finding_sync_vs_async (const IbReport *report,
                       const IbAnswer *answer,
                       GArray         *findings)
{
  const IbStats *sync = NULL;
  const IbStats *async = NULL;
  const char *slc = "sync-load-contents";
  const char *alcp = "async-load-contents-parallel";

  /* The answer's pair when there is an answer (like with like: no mmap, no
   * O_DIRECT, one concurrency), kept in the data for tools but not shown:
   * the answer's headline says it. Without an answer no pair of one
   * concurrency was measured, and serial sync against parallel async would
   * measure concurrency: none. */
  if (answer != NULL)
    {
      sync = ib_report_find_stats (report, ib_answer_main (answer)->a);
      async = ib_report_find_stats (report, ib_answer_main (answer)->b);
    }
  if (sync != NULL && async != NULL)
    {
      guint before = findings->len;

      add_pair_finding (report, "sync-vs-async", sync->strategy, async->strategy, TRUE,
                        findings);
      if (answer != NULL && findings->len > before)
        ib_findings_cover_last (findings);
    }

  /* The pair the small-files write-up compares (readFileSync vs readFile +
   * Promise.all),
   * unless it is the pair above already. */
  if (has_measured (report, slc) && has_measured (report, alcp)
      && !(sync != NULL && async != NULL
           && g_str_equal (sync->strategy, slc) && g_str_equal (async->strategy, alcp)))
    add_pair_finding (report, "sync-vs-async-load-contents", slc, alcp,
                      ib_answer_compares (answer, slc, alcp), findings);
}

/* What finding_cache counts of a report's samples (warm-ups left out). */
typedef struct
{
  GHashTable *bad;              /* strategy -> samples excluded for their cache state */
  GPtrArray  *order;            /* those strategies, in the order first met */
  const char *reason;           /* the last exclusion's reason */
  guint       n;                /* samples */
  guint       n_ok;             /* successful ones */
  guint       n_bad;            /* excluded for their cache state */
  guint       n_counted_anyway; /* not in the requested state, counted by an older report */
} CacheCount;

static void
cache_count (const IbReport *report,
             CacheCount     *c)
{
  for (guint i = 0; i < report->samples->len; i++)
    {
      const IbSample *s = &g_array_index (report->samples, IbSample, i);

      if (s->warmup || s->strategy == NULL)
        continue;
      c->n++;
      if (!s->ok)
        continue;
      c->n_ok++;
      if (s->excluded != NULL)
        {
          guint count = GPOINTER_TO_UINT (g_hash_table_lookup (c->bad, s->strategy));

          if (count == 0)
            g_ptr_array_add (c->order, s->strategy);
          g_hash_table_insert (c->bad, s->strategy, GUINT_TO_POINTER (count + 1));
          c->reason = s->excluded;
          c->n_bad++;
        }
      else if (!s->cache_ok && report->plan->cache != IB_CACHE_AS_IS)
        c->n_counted_anyway++;
    }
}

/* The cache left as it was: how much of the files was in memory. */
static void
finding_cache_as_is (const IbReport *report,
                     GArray         *findings)
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
    ib_findings_add (findings, "cache",
                     _ ("The cache was left as it was: %.0f %% to %.0f %% of the "
                        "files’ pages were in memory before a sample."),
                     lo * 100, hi * 100);
  else
    ib_findings_add (findings, "cache",
                     _ ("The cache was left as it was, and its state is unknown on "
                        "this system."));
}

/* Some samples excluded for their cache state: how many, of which
 * strategies (or that none was left). */
static void
finding_cache_excluded (const IbReport   *report,
                        const CacheCount *c,
                        GArray           *findings)
{
  const char *mode = ib_cache_mode_to_string (report->plan->cache);
  g_autoptr (GString) detail = g_string_new (NULL);

  if (c->n_bad == c->n_ok)
    {
      /* Translators: "The cache was never in the requested state (cold): all 36
       * successful samples were excluded (not cold), so there are no statistics." */
      ib_findings_add (findings, "cache-excluded",
                       ngettext ("The cache was never in the requested state (%s): the "
                                 "%u successful sample was excluded (%s), so there are "
                                 "no statistics.",
                                 "The cache was never in the requested state (%s): all "
                                 "%u successful samples were excluded (%s), so there "
                                 "are no statistics.",
                                 c->n_ok),
                       mode, c->n_ok, ib_excluded_describe (c->reason));
      return;
    }
  for (guint i = 0; i < c->order->len && i < 4; i++)
    {
      const char    *strategy = g_ptr_array_index (c->order, i);
      guint          count = GPOINTER_TO_UINT (g_hash_table_lookup (c->bad, strategy));
      const IbStats *st = ib_report_find_stats (report, strategy);

      if (i > 0)
        g_string_append (detail, ", ");
      if (st != NULL && st->n == 0)
        /* Translators: "mmap (all 5: no statistics)" in a list of strategies */
        g_string_append_printf (detail, _ ("%s (all %u: no statistics)"),
                                ib_strategy_title (strategy), count);
      else
        g_string_append_printf (detail, "%s (%u)", ib_strategy_title (strategy), count);
    }
  if (c->order->len > 4)
    /* Translators: appended to a list of strategies, e.g. ", and 8 more" */
    g_string_append_printf (detail, _ (", and %u more"), c->order->len - 4);
  /* Translators: "Excluded from the statistics: 3 of 60 samples, not cold
   * (Sync single read (2), Memory map (1))." */
  ib_findings_add (findings, "cache-excluded",
                   ngettext ("Excluded from the statistics: %u of %u sample, %s (%s).",
                             "Excluded from the statistics: %u of %u samples, %s (%s).",
                             c->n),
                   c->n_bad, c->n, ib_excluded_describe (c->reason), detail->str);
}

static void
finding_cache (const IbReport *report,
               GArray         *findings)
{
  const char *mode = ib_cache_mode_to_string (report->plan->cache);
  g_autoptr (GHashTable) bad = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GPtrArray) order = g_ptr_array_new ();
  CacheCount c = { .bad = bad, .order = order };
  gboolean   cold_virtual;

  cache_count (report, &c);
  if (c.n == 0)
    return;

  /* Reports written before samples could be excluded counted them. */
  if (c.n_counted_anyway > 0)
    ib_findings_add (findings, "cache-counted",
                     ngettext ("The cache was not in the requested state (%s) for %u of "
                               "%u sample, and this older report counts it in its "
                               "statistics.",
                               "The cache was not in the requested state (%s) for %u of "
                               "%u samples, and this older report counts them in its "
                               "statistics.",
                               c.n),
                     mode, c.n_counted_anyway, c.n);

  if (report->plan->cache == IB_CACHE_AS_IS)
    {
      finding_cache_as_is (report, findings);
      return;
    }

  /* Cold on a virtual disk: said whether or not samples were left out
   * (the one wording the answer shares; covered where the answer says it). */
  cold_virtual = report->plan->cache == IB_CACHE_COLD && report->environment != NULL && report->environment->virtual_disk != NULL;
  if (cold_virtual)
    {
      g_autofree char *caveat = ib_virtual_disk_caveat (report->environment->virtual_disk,
                                                        TRUE);

      ib_findings_add (findings, "cache-virtual", "%s", caveat);
    }
  if (c.n_bad == 0 && c.n_counted_anyway > 0)
    return;
  if (c.n_bad == 0)
    {
      /* A whole sentence per mode: "warm" and "cold" are adjectives in it
       * (on a virtual disk, the finding above says it). */
      if (!cold_virtual)
        ib_findings_add (findings, "cache", "%s",
                         report->plan->cache == IB_CACHE_COLD
                           ? _ ("The cache was cold for every sample, as asked.")
                           : _ ("The cache was warm for every sample, as asked."));
      return;
    }
  finding_cache_excluded (report, &c, findings);
}

static void
finding_filesystem (const IbReport *report,
                    GArray         *findings)
{
  const IbEnvironment *env = report->environment;

  if (env == NULL)
    return;
  if (env->is_tmpfs)
    ib_findings_add (findings, "tmpfs",
                     _("The files were on tmpfs, which lives in memory: a cold cache is "
                       "impossible there, and these numbers measure memory copies, not "
                       "a disk."));
  if (env->is_fuse)
    ib_findings_add (findings, "fuse",
                     _("The files were on a FUSE file system (%s): these numbers measure "
                       "FUSE and the daemon behind it as much as the storage."),
                     env->fs_type != NULL ? env->fs_type : "fuse");
}

/* Copy-on-write and compressing file systems (btrfs, bcachefs): what
 * KDiskMark users meet as "impossible" results. */
static void
finding_copy_on_write (const IbReport *report,
                       GArray         *findings)
{
  const IbEnvironment *env = report->environment;
  g_autofree char *compression = NULL;

  if (env == NULL)
    return;
  if (ib_environment_copy_on_write (env))
    ib_findings_add (findings, "copy-on-write",
                     _("The files were on %s, which copies on write: new data goes to "
                       "new places and is checksummed, so these numbers can differ "
                       "from a file system that writes in place."),
                     env->fs_type);
  compression = ib_environment_compression (env);
  if (compression == NULL)
    return;
  if (report->plan != NULL && report->plan->content != IB_CONTENT_RANDOM)
    ib_findings_add (findings, "compression",
                     /* Translators: "The file system, btrfs, compresses what it
                      * stores (zstd): the content here (base64) compresses, ..." */
                     _("The file system, %s, compresses what it stores (%s): the "
                       "content here (%s) compresses, so these numbers measure "
                       "compression too; random content measures the storage."),
                     env->fs_type, compression,
                     ib_content_kind_to_string (report->plan->content));
  else
    ib_findings_add (findings, "compression",
                     _("The file system, %s, compresses what it stores (%s): random "
                       "content does not compress, but base64, digits and letters "
                       "would, and would measure compression too."),
                     env->fs_type, compression);
}

static void
finding_sweep (const IbReport *report,
               GArray         *findings)
{
  const IbSweep *sweep = report->sweep;
  guint64 lo, hi;
  g_autofree char *los = NULL;
  g_autofree char *his = NULL;

  if (sweep == NULL || sweep->points->len == 0)
    return;
  _ib_findings_sweep_range (sweep, &lo, &hi);
  los = ib_format_vary_value (sweep->vary, lo);
  his = ib_format_vary_value (sweep->vary, hi);

  if (sweep->has_crossover)
    {
      g_autofree char *at = ib_format_vary_value (sweep->vary, sweep->crossover_value);
      const char *winner = _ib_findings_sweep_winner (sweep, sweep->crossover_value);
      const char *loser = _ib_findings_sweep_winner (sweep, lo);

      if (winner != NULL && loser != NULL && g_strcmp0 (winner, loser) != 0)
        /* Translators: "From 100 files on, Async load contents, parallel
         * overtakes Sync load contents." */
        ib_findings_add (findings, "sweep", _("From %s on, %s overtakes %s."), at,
                         ib_strategy_title (winner), ib_strategy_title (loser));
      else
        ib_findings_add (findings, "sweep", _("The order of the strategies flips at %s."),
                         at);
    }
  else
    {
      const char *w_lo = _ib_findings_sweep_winner (sweep, lo);
      const char *w_hi = _ib_findings_sweep_winner (sweep, hi);

      if (w_lo != NULL && g_strcmp0 (w_lo, w_hi) == 0)
        /* Translators: "No crossover between 1 file and 1,000 files: Sync
         * single read is faster throughout." */
        ib_findings_add (findings, "sweep",
                         _("No crossover between %s and %s: %s is faster throughout."),
                         los, his, ib_strategy_title (w_lo));
      else if (w_lo != NULL || w_hi != NULL)
        ib_findings_add (findings, "sweep", _("No crossover between %s and %s."), los, his);
      else
        /* Translators: no strategy is clearly faster at either end of a sweep
         * ("1 file", "100 files"), so "no crossover" would claim too much */
        ib_findings_add (findings, "sweep",
                         _("No crossover can be told between %s and %s: at neither end "
                           "is one strategy clearly faster."),
                         los, his);
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
finding_where_time_goes (const IbReport *report,
                         GArray         *findings)
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
      g_string_append_printf (text, ngettext ("; %s completion callback per run",
                                              "; %s completion callbacks per run",
                                              ib_plural_count (callbacks)), cb);
    }
  if (ctxsw >= 0 && bytes > 0)
    {
      double per_mib = ctxsw / (bytes / (1024.0 * 1024.0));
      double sync_ctxsw = median_field (report, "sync-load-contents", get_ctxsw);
      double sync_bytes = median_field (report, "sync-load-contents", get_bytes);
      g_autofree char *per = ib_format_count ((guint64) llround (per_mib));

      /* Translators: "; 420 context switches per MiB" */
      g_string_append_printf (text, _("; %s context switches per MiB"), per);
      if (sync_ctxsw >= 0 && sync_bytes > 0)
        {
          double sync_per_mib = sync_ctxsw / (sync_bytes / (1024.0 * 1024.0));
          g_autofree char *sync_per = ib_format_count ((guint64) llround (sync_per_mib));

          /* Translators: " against 12 for Sync load contents" */
          g_string_append_printf (text, _(" against %s for %s"), sync_per,
                                  ib_strategy_title ("sync-load-contents"));
          /* The 8 KiB story once is enough, and only where the difference
           * lies beyond its interval. */
          if (!explained && clearly_more_ctxsw (report, id, "sync-load-contents"))
            g_string_append (text, _(": g_file_load_contents_async reads in 8 KiB pieces and, "
                                     "for local files, every piece is a hop through GTask's "
                                     "thread pool (128 per MiB)"));
        }
    }
  ib_findings_add (findings, "where-time-goes", "%s.", text->str);
}

/* A survey too short for verdicts, said once: its comparisons are hints
 * (IbFinding.hint), not shown one by one as "too few samples". */
static void
finding_survey_hints (const IbReport *report,
                      GArray         *findings)
{
  guint lo = 0, hi = 0;
  g_autofree char *times = NULL;

  if (!ib_findings_survey_is_short (report, &lo, &hi))
    return;
  times = lo == hi ? g_strdup_printf (ngettext ("%u time", "%u times", lo), lo)
                   /* Translators: how often the survey measured its strategies, "2 to 3
                    * times" */
                   : g_strdup_printf (_("%u to %u times"), lo, hi);
  if (report->decision != NULL)
    /* Translators: "The survey measured each strategy 2 to 3 times (a verdict
     * needs 5 a side): ..." */
    ib_findings_add (findings, "survey-hints",
                     _("The survey measured each strategy %s (a verdict needs %u a side): "
                       "where it has fewer, its medians and the factors between them are "
                       "hints, not verdicts; the answer’s lines were decided on fresh pairs "
                       "of their own."),
                     times, IB_VERDICT_MIN_SAMPLES);
  else
    ib_findings_add (findings, "survey-hints",
                     _("The survey measured each strategy %s (a verdict needs %u a side): "
                       "where it has fewer, its medians and the factors between them are "
                       "hints, not verdicts."),
                     times, IB_VERDICT_MIN_SAMPLES);
}

GArray *
ib_findings_compute (const IbReport *report,
                     const IbAnswer *answer)
{
  GArray *findings;

  g_return_val_if_fail (report != NULL, NULL);

  findings = ib_findings_new ();
  finding_fastest (report, answer, findings);
  finding_sync_vs_async (report, answer, findings);
  finding_cache (report, findings);
  finding_filesystem (report, findings);
  finding_copy_on_write (report, findings);
  finding_sweep (report, findings);
  _ib_findings_overhead (report, findings);
  _ib_findings_write_unlink (report, findings);
  finding_where_time_goes (report, findings);
  _ib_findings_experiments (report, findings);
  ib_findings_stall (report, answer, findings);
  ib_findings_uring (report, answer, findings);
  finding_survey_hints (report, findings);
  /* A virtual disk's caveat is said once: by the answer's headline when it
   * has one. */
  for (guint i = 0; answer != NULL && answer->caveat != NULL && i < findings->len; i++)
    {
      IbFinding *f = &g_array_index (findings, IbFinding, i);
      g_autofree char *clause = report->environment != NULL
                                ? ib_virtual_disk_caveat (report->environment->virtual_disk,
                                                          FALSE)
                                : NULL;

      if (g_strcmp0 (f->id, "cache-virtual") == 0 && clause != NULL
          && strstr (answer->caveat, clause) != NULL)
        f->covered = TRUE;
    }
  ib_findings_sort (findings);
  return findings;
}
