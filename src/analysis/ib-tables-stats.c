/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-tables-stats.c: the statistics table (one row a strategy) with the
 * columns a wide display shows and the denser ones a terminal shows, and
 * the main-loop responsiveness table. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "engine/io/ib-strategy.h"
#include "engine/model/ib-format.h"
#include "ib-labels.h"
#include "ib-tables-private.h"

/* The interval of a median: none from fewer than two samples. */
static char *
interval_cell (const IbStats *st)
{
  return st->n >= 2 ? _ib_table_interval (st->ci_low_ns, st->ci_high_ns) : NULL;
}

static char *
coverage_cell (const IbStats *st)
{
  if (st->n < 2)
    return NULL;
  if (st->ci_method == IB_CI_BOOTSTRAP)
    /* Translators: a coverage an older version claimed for its bootstrap interval */
    return g_strdup (_("95 % (bootstrap, claimed)"));
  return ib_format_level (st->ci_level);
}

/* The narrow "n" cell: "8", "7 (1 failed)", "3 (+2 excluded)". */
static char *
n_cell (const IbStats *s)
{
  /* Translators: samples that failed, "2 failed" (the noun is "samples";
   * the count agrees with it) */
  g_autofree char *failed = g_strdup_printf (ngettext ("%u failed", "%u failed", s->n_failed),
                                             s->n_failed);
  /* Translators: samples left out for their cache state, "2 excluded" */
  g_autofree char *excluded = g_strdup_printf (ngettext ("%u excluded", "%u excluded",
                                                         s->n_excluded),
                                               s->n_excluded);

  if (s->n_failed > 0 && s->n_excluded > 0)
    /* Translators: valid samples, then "2 failed", "1 excluded" */
    return g_strdup_printf (_("%u (%s, %s)"), s->n, failed, excluded);
  if (s->n_excluded > 0)
    /* Translators: valid samples, and "1 excluded" (cache state) */
    return g_strdup_printf (_("%u (+%s)"), s->n, excluded);
  if (s->n_failed > 0)
    /* Translators: measured samples, and "1 failed" */
    return g_strdup_printf (_("%u (%s)"), s->n, failed);
  return g_strdup_printf ("%u", s->n);
}

/* The narrow "user / sys" cell: the estimated split of the CPU time. */
static char *
user_sys_cell (const IbStats *s)
{
  g_autofree char *user = ib_format_duration (s->user_ns);
  g_autofree char *sys = ib_format_duration (s->sys_ns);

  return g_strdup_printf ("%s / %s", user, sys);
}

/* What a terminal prints under the table: what a row is, then the coverage
 * of the intervals at the sample counts the table has (the wide displays
 * have a Coverage column), and the strategies without statistics. */
static char *
narrow_note (const IbReport *report)
{
  g_autoptr(GString) note = g_string_new (NULL);
  g_autoptr(GString) levels = g_string_new (NULL);
  gboolean bootstrap = FALSE;
  guint last_n = 0;

  g_string_append_printf (note, "%s\n", _("Medians of the valid samples: warm-ups, failed and "
                                          "excluded samples left out."));
  for (guint i = 0; i < report->statistics->len; i++)
    {
      const IbStats *s = &g_array_index (report->statistics, IbStats, i);

      bootstrap |= s->n > 0 && s->ci_method == IB_CI_BOOTSTRAP;
      /* one "93.75 % at n = 5" per distinct n, in table order */
      if (s->n >= 2 && s->ci_method == IB_CI_ORDER_STATISTIC && s->n != last_n)
        {
          g_autofree char *level = ib_format_level (s->ci_level);
          g_autofree char *item = g_strdup_printf (_("%s at n = %u"), level, s->n);

          if (strstr (levels->str, item) == NULL)
            g_string_append_printf (levels, "%s%s", levels->len > 0 ? ", " : "", item);
          last_n = s->n;
        }
    }
  if (levels->len > 0)
    /* Translators: table footnote, e.g. "CI of median: distribution-free
     * order-statistic interval; coverage 93.75 % at n = 5, 97.85 % at n = 10" */
    g_string_append_printf (note, _("CI of median: distribution-free order-statistic "
                                    "interval; coverage %s\n"), levels->str);
  if (bootstrap)
    g_string_append_printf (note, "%s\n", _("CI of median: percentile bootstrap from an older "
                                            "version, stated as 95 % but less at small n"));
  for (guint i = 0; i < report->statistics->len; i++)
    {
      const IbStats *s = &g_array_index (report->statistics, IbStats, i);

      if (s->n == 0 && s->n_excluded > 0)
        /* Translators: "mmap: no statistics, all 5 samples were excluded for
         * their cache state" */
        g_string_append_printf (note, ngettext ("%s: no statistics, its %u sample was excluded "
                                                "for its cache state\n",
                                                "%s: no statistics, all %u samples were "
                                                "excluded for their cache state\n",
                                                s->n_excluded),
                                ib_strategy_title (s->strategy), s->n_excluded);
    }
  return g_string_free (g_steal_pointer (&note), FALSE);
}

char *
ib_table_stats_cell (const IbReport *report,
                     const IbStats  *st,
                     const IbStats  *fastest,
                     IbStatsColumn   column)
{
  gboolean have;

  g_return_val_if_fail (st != NULL, NULL);

  have = st->n > 0;
  switch (column)
    {
    case IB_STATS_COLUMN_STRATEGY:
      return g_strdup (ib_strategy_title (st->strategy));
    case IB_STATS_COLUMN_N:
      return g_strdup_printf ("%u", st->n);
    case IB_STATS_COLUMN_MEDIAN:
      if (!have && report != NULL && ib_stats_unmeasured_text (report, st) != NULL)
        return g_strdup (ib_stats_unmeasured_text (report, st));
      return have ? ib_format_duration (st->median_ns) : NULL;
    case IB_STATS_COLUMN_CI:
      return interval_cell (st);
    case IB_STATS_COLUMN_COVERAGE:
      return coverage_cell (st);
    case IB_STATS_COLUMN_MIN:
      return have ? ib_format_duration (st->min_ns) : NULL;
    case IB_STATS_COLUMN_MAX:
      return have ? ib_format_duration (st->max_ns) : NULL;
    case IB_STATS_COLUMN_CV:
      return have ? g_strdup_printf ("%.1f %%", st->cv * 100) : NULL;
    case IB_STATS_COLUMN_THROUGHPUT:
      return have ? ib_format_throughput (st->mib_per_s) : NULL;
    case IB_STATS_COLUMN_CPU:
      return have && st->cpu_ns >= 0 ? ib_format_duration (st->cpu_ns) : NULL;
    case IB_STATS_COLUMN_USER:
      return have ? ib_format_duration (st->user_ns) : NULL;
    case IB_STATS_COLUMN_SYS:
      return have ? ib_format_duration (st->sys_ns) : NULL;
    case IB_STATS_COLUMN_USER_SYS:
      return have ? user_sys_cell (st) : NULL;
    case IB_STATS_COLUMN_VS_FASTEST:
      return report != NULL ? ib_vs_fastest_text (report, st, fastest, NULL) : NULL;
    case IB_STATS_COLUMN_OUTLIERS:
      return g_strdup_printf ("%u / %u", st->outliers_mild, st->outliers_severe);
    case IB_STATS_COLUMN_FAILED:
      return g_strdup_printf ("%u", st->n_failed);
    case IB_STATS_COLUMN_EXCLUDED:
      return g_strdup_printf ("%u", st->n_excluded);
    case IB_STATS_COLUMN_STALL:
      return st->n_responsive > 0 ? ib_format_duration (st->stall_ns) : NULL;
    case IB_STATS_COLUMN_SAMPLES:
      return n_cell (st);
    case IB_STATS_COLUMN_IN_FLIGHT:
      return have && st->max_in_flight > 0 ? g_strdup_printf ("%u", st->max_in_flight) : NULL;
    default:
      g_return_val_if_reached (NULL);
    }
}

/* A stopped run's strategies it never came to, said once under the table
 * (both notes): "Not measured, as the run was stopped before them: Memory
 * map, Sync stream." */
static void
unmeasured_note (const IbReport  *report,
                 char           **note,
                 char           **narrow)
{
  g_autoptr (GString) list = g_string_new (NULL);
  g_autofree char *sentence = NULL;
  char *joined;
  guint n = 0;

  if (!report->partial)
    return;
  for (guint i = 0; i < report->statistics->len; i++)
    {
      const IbStats *st = &g_array_index (report->statistics, IbStats, i);

      if (ib_stats_unmeasured_text (report, st) == NULL)
        continue;
      if (n++ > 0)
        g_string_append (list, ", ");
      g_string_append (list, ib_strategy_title (st->strategy));
    }
  if (n == 0)
    return;
  /* Translators: under the statistics table of a stopped run: "Not
   * measured, as the run was stopped before it came to them: Memory map,
   * Sync stream." */
  sentence = g_strdup_printf (ngettext ("Not measured, as the run was stopped before it came to "
                                        "it: %s.",
                                        "Not measured, as the run was stopped before it came to "
                                        "them: %s.", n),
                              list->str);
  joined = g_strconcat (*note != NULL ? *note : "", *note != NULL ? " " : "", sentence, NULL);
  g_free (*note);
  *note = joined;
  joined = g_strconcat (*narrow != NULL ? *narrow : "", sentence, "\n", NULL);
  g_free (*narrow);
  *narrow = joined;
}

/* Under a table with factors from fewer than IB_VERDICT_MIN_SAMPLES a
 * side (ib_vs_fastest_text: "1.3x (hint)"), what a hint is, once. */
static void
hint_note (const IbReport  *report,
           char           **note,
           char           **narrow)
{
  gboolean any = FALSE;
  g_autofree char *sentence = NULL;
  char *joined;

  for (guint i = 0; i < report->statistics->len; i++)
    {
      const IbStats *st = &g_array_index (report->statistics, IbStats, i);

      any |= st->n > 0 && st->n < IB_VERDICT_MIN_SAMPLES;
    }
  if (!any)
    return;
  sentence = g_strdup_printf (_("“(hint)” marks a factor from fewer than %u samples on a "
                                "side: a hint, not a verdict."),
                              IB_VERDICT_MIN_SAMPLES);
  joined = g_strconcat (*note != NULL ? *note : "", *note != NULL ? " " : "", sentence, NULL);
  g_free (*note);
  *note = joined;
  joined = g_strconcat (*narrow != NULL ? *narrow : "", sentence, "\n", NULL);
  g_free (*narrow);
  *narrow = joined;
}

IbTable *
ib_table_statistics (const IbReport *report)
{
  IbTable *table;
  const IbStats *fastest = NULL;
  /* Translators: in table headers a leading '>' marks a right-aligned column
   * and is not shown; keep it. */
  const struct
  {
    const char   *header;
    IbTableWidth  widths;
    IbStatsColumn column;
  } columns[] = {
    { _("Strategy"), IB_TABLE_BOTH, IB_STATS_COLUMN_STRATEGY },
    { ">n", IB_TABLE_WIDE, IB_STATS_COLUMN_N },
    { _(">Median"), IB_TABLE_BOTH, IB_STATS_COLUMN_MEDIAN },
    { _(">CI of median"), IB_TABLE_BOTH, IB_STATS_COLUMN_CI },
    { _(">Coverage"), IB_TABLE_WIDE, IB_STATS_COLUMN_COVERAGE },
    { _(">Min"), IB_TABLE_WIDE, IB_STATS_COLUMN_MIN },
    { _(">Max"), IB_TABLE_WIDE, IB_STATS_COLUMN_MAX },
    { _(">CV"), IB_TABLE_WIDE, IB_STATS_COLUMN_CV },
    { _(">Throughput"), IB_TABLE_BOTH, IB_STATS_COLUMN_THROUGHPUT },
    { _(">CPU"), IB_TABLE_BOTH, IB_STATS_COLUMN_CPU },
    { _(">CPU user (est.)"), IB_TABLE_WIDE, IB_STATS_COLUMN_USER },
    { _(">CPU system (est.)"), IB_TABLE_WIDE, IB_STATS_COLUMN_SYS },
    /* Translators: the kernel's estimated user / system split of the CPU time */
    { _(">user / sys (est.)"), IB_TABLE_NARROW, IB_STATS_COLUMN_USER_SYS },
    { _(">vs fastest"), IB_TABLE_BOTH, IB_STATS_COLUMN_VS_FASTEST },
    { _(">Outliers mild/severe"), IB_TABLE_WIDE, IB_STATS_COLUMN_OUTLIERS },
    { _(">Failed"), IB_TABLE_WIDE, IB_STATS_COLUMN_FAILED },
    { _(">Excluded"), IB_TABLE_WIDE, IB_STATS_COLUMN_EXCLUDED },
    /* the median of each sample's longest main-loop stall; a wide display
     * has it in the responsiveness table */
    { _(">Longest stall"), IB_TABLE_NARROW, IB_STATS_COLUMN_STALL },
    { ">n", IB_TABLE_NARROW, IB_STATS_COLUMN_SAMPLES },
  };

  if (report->statistics->len == 0)
    return NULL;
  for (guint i = 0; i < report->statistics->len; i++)
    {
      const IbStats *st = &g_array_index (report->statistics, IbStats, i);

      if (st->n > 0 && st->median_ns > 0 && (fastest == NULL || st->median_ns < fastest->median_ns))
        fastest = st;
    }

  table = _ib_table_new ("statistics", _("Statistics"), NULL);
  for (guint c = 0; c < G_N_ELEMENTS (columns); c++)
    _ib_table_add_column (table, columns[c].header, columns[c].widths);
  for (guint i = 0; i < report->statistics->len; i++)
    {
      const IbStats *st = &g_array_index (report->statistics, IbStats, i);
      char **row = g_new0 (char *, table->headers->len + 1);

      for (guint c = 0; c < G_N_ELEMENTS (columns); c++)
        row[c] = ib_table_stats_cell (report, st, fastest, columns[c].column);
      _ib_table_addv (table, row);
      _ib_table_tip (table, 0, st->strategy);
    }
  table->note = g_strdup_printf (_("Each row is the median of its n valid samples: warm-ups, "
                                   "failed samples and samples excluded because the cache was "
                                   "not in the requested state are left out. The CI of the "
                                   "median is the distribution-free order-statistic interval; "
                                   "Coverage is the probability that it holds the true median "
                                   "(below 95 %% when n < 6). A factor or a verdict needs at "
                                   "least %u valid samples on each side; comparisons use the "
                                   "ratio of medians with a Hodges-Lehmann / Mann-Whitney "
                                   "interval of at least 95 %% and call a difference clear only "
                                   "when that interval excludes 1; “≈” marks a factor the "
                                   "interval cannot tell from 1."),
                                 IB_VERDICT_MIN_SAMPLES);
  table->narrow_note = narrow_note (report);
  hint_note (report, &table->note, &table->narrow_note);
  unmeasured_note (report, &table->note, &table->narrow_note);
  return table;
}

static char *
frames_cell (double frames)
{
  return g_strdup_printf (frames == floor (frames) ? "%.0f" : "%.1f", frames);
}

IbTable *
ib_table_responsiveness (const IbReport *report)
{
  IbTable *table = NULL;

  for (guint i = 0; i < report->statistics->len; i++)
    {
      const IbStats *st = &g_array_index (report->statistics, IbStats, i);

      if (st->n_responsive == 0)
        continue;
      if (table == NULL)
        table = _ib_table_new ("responsiveness", _("Main-loop responsiveness"),
                               _("Strategy"), _(">Longest stall"), _(">Worst"),
                               _(">p99 lateness"), _(">Frames missed 60 Hz (expected)"),
                               _(">Frames missed 120 Hz (expected)"), NULL);
      _ib_table_add (table,
                     g_strdup (ib_strategy_title (st->strategy)),
                     ib_format_duration (st->stall_ns),
                     ib_format_duration (st->stall_max_ns),
                     ib_format_duration (st->lateness_p99_ns),
                     frames_cell (st->frames_missed_60),
                     frames_cell (st->frames_missed_120));
      _ib_table_tip (table, 0, st->strategy);
    }
  if (table != NULL)
    /* Translators: the note under the main-loop responsiveness table */
    table->note = g_strdup (_("Medians over the reads. Frames missed are expected over a "
                              "random vsync phase: a frame counts as missed when the main loop "
                              "could not run at all between two vsyncs, so a stall of d misses "
                              "d / T - 1 frames of period T on average when d > T, none "
                              "otherwise (a 29 ms stall 0.74 at 60 Hz)."));
  return table;
}
