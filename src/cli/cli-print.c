/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-print.c: every part of a report on stdout: the statistics, the
 * tables of the table model (sweep, overhead, write + delete), the answer,
 * the findings and the warnings. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "analysis/ib-analysis.h"
#include "analysis/ib-answer-writes.h"
#include "analysis/ib-findings.h"
#include "analysis/ib-labels.h"
#include "analysis/ib-tables.h"
#include "cli-common.h"
#include "engine/ib-parse.h"
#include "engine/ib-stats.h"
#include "engine/ib-strategy.h"

/* ---- printing a report ------------------------------------------------- */

static void
print_heading (FILE       *out,
               const char *title)
{
  fprintf (out, "\n%s\n", title);
}

static char *
format_ci (double low,
           double high)
{
  g_autofree char *a = ib_format_duration (low);
  g_autofree char *b = ib_format_duration (high);

  return g_strdup_printf ("%s – %s", a, b);
}

/* The "n" cell: "8", "7 (1 failed)", "3 (+2 excluded)". */
static char *
format_n (const IbStats *s)
{
  if (s->n_failed > 0 && s->n_excluded > 0)
    /* Translators: valid samples, how many failed and how many were excluded */
    return g_strdup_printf (_("%u (%u failed, %u excluded)"), s->n, s->n_failed, s->n_excluded);
  if (s->n_excluded > 0)
    /* Translators: valid samples, and how many were excluded (cache state) */
    return g_strdup_printf (_("%u (+%u excluded)"), s->n, s->n_excluded);
  if (s->n_failed > 0)
    /* Translators: samples measured, and how many failed */
    return g_strdup_printf (_("%u (%u failed)"), s->n, s->n_failed);
  return g_strdup_printf ("%u", s->n);
}

void
ib_cli_print_statistics (const IbReport *report,
                         FILE           *out)
{
  g_autoptr(IbCliTable) table = NULL;
  g_autoptr(GString) levels = g_string_new (NULL);
  const IbStats *fastest = NULL;
  gboolean few = FALSE, bootstrap = FALSE;
  guint last_n = 0;

  g_return_if_fail (report != NULL);

  if (report->statistics->len == 0)
    return;
  for (guint i = 0; i < report->statistics->len; i++)
    {
      const IbStats *s = &g_array_index (report->statistics, IbStats, i);

      if (s->n > 0 && (fastest == NULL || s->median_ns < fastest->median_ns))
        fastest = s;
    }

  table = ib_cli_table_new (9, _("Strategy"), _(">Median"), _(">CI of median"), _(">Throughput"),
                            /* Translators: precise on-CPU time, then the kernel's
                             * estimated user / system split of it */
                            _(">CPU"), _(">user / sys (est.)"), _(">vs fastest"),
                            _(">Longest stall"), _(">n"));
  for (guint i = 0; i < report->statistics->len; i++)
    {
      const IbStats *s = &g_array_index (report->statistics, IbStats, i);
      char **cells = g_new0 (char *, 10);

      cells[0] = g_strdup (ib_strategy_title (s->strategy));
      if (s->n == 0)
        {
          cells[1] = g_strdup ("—");
        }
      else
        {
          cells[1] = ib_format_duration (s->median_ns);
          cells[2] = s->n >= 2 ? format_ci (s->ci_low_ns, s->ci_high_ns) : g_strdup ("—");
          /* the unit rule of every table and chart: "2.59 GiB/s" */
          cells[3] = ib_format_throughput (s->mib_per_s);
          cells[4] = s->cpu_ns >= 0 ? ib_format_duration (s->cpu_ns) : g_strdup ("—");
          {
            g_autofree char *user = ib_format_duration (s->user_ns);
            g_autofree char *sys = ib_format_duration (s->sys_ns);

            cells[5] = g_strdup_printf ("%s / %s", user, sys);
          }
          /* A factor only where both sides have enough samples to carry it,
           * and worded by its verdict ("1.3x slower", "1.05x, no verdict"), as in the
           * window's table: never a bare factor beside "cannot be told apart". */
          if (fastest == NULL || !(fastest->median_ns > 0))
            cells[6] = g_strdup ("—");
          else if (s->n < IB_VERDICT_MIN_SAMPLES || fastest->n < IB_VERDICT_MIN_SAMPLES)
            {
              cells[6] = g_strdup ("—");
              few = TRUE;
            }
          else
            cells[6] = ib_vs_fastest_text (report, s, fastest, NULL);
          bootstrap |= s->ci_method == IB_CI_BOOTSTRAP;
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
      /* The median of each sample's longest main-loop stall. */
      cells[7] = s->n_responsive > 0 ? ib_format_duration (s->stall_ns) : g_strdup ("—");
      cells[8] = format_n (s);
      ib_cli_table_add_rowv (table, cells);
    }
  print_heading (out, _("Results (median of the valid samples: warm-ups, failed and excluded "
                        "samples left out)"));
  ib_cli_table_print (table, out);
  if (levels->len > 0)
    /* Translators: table footnote, e.g. "CI of median: distribution-free
     * order-statistic interval; coverage 93.75 % at n = 5, 97.85 % at n = 10" */
    fprintf (out, _("CI of median: distribution-free order-statistic interval; coverage %s\n"),
             levels->str);
  if (bootstrap)
    fprintf (out, "%s\n", _("CI of median: percentile bootstrap from an older version, stated "
                            "as 95 % but less at small n"));
  if (few)
    /* Translators: table footnote */
    fprintf (out, _("vs fastest: “—” where a side has fewer than %u valid samples (too few "
                    "to tell)\n"), IB_VERDICT_MIN_SAMPLES);
  for (guint i = 0; i < report->statistics->len; i++)
    {
      const IbStats *s = &g_array_index (report->statistics, IbStats, i);

      if (s->n == 0 && s->n_excluded > 0)
        /* Translators: "mmap: no statistics, all 5 samples were excluded for
         * their cache state" */
        fprintf (out, ngettext ("%s: no statistics, its %u sample was excluded for its cache "
                                "state\n",
                                "%s: no statistics, all %u samples were excluded for their "
                                "cache state\n", s->n_excluded),
                 ib_strategy_title (s->strategy), s->n_excluded);
    }
}

/* Prints @table (taken; NULL when the report has no such part), the
 * transposed way when @transposed. */
static void
print_model (IbTable  *table,
             gboolean  transposed,
             FILE     *out)
{
  g_autoptr(IbTable) owned = table;

  if (owned == NULL)
    return;
  if (transposed)
    ib_cli_print_table_transposed (owned, out);
  else
    ib_cli_print_table (owned, out);
}

void
ib_cli_print_sweep (const IbReport *report,
                    FILE           *out)
{
  g_return_if_fail (report != NULL);
  print_model (ib_table_sweep (report), FALSE, out);
}

void
ib_cli_print_overhead (const IbReport *report,
                       FILE           *out)
{
  g_return_if_fail (report != NULL);
  print_model (ib_table_overhead (report), FALSE, out);
}

void
ib_cli_print_write_unlink (const IbReport *report,
                           FILE           *out)
{
  g_return_if_fail (report != NULL);
  /* modes side by side, as ab's runs against three servers read */
  print_model (ib_table_write_unlink (report), TRUE, out);
}

void
ib_cli_print_answer (const IbAnalysis *analysis,
                     FILE             *out)
{
  const IbAnswer *answer;
  g_autofree char *text = NULL;

  g_return_if_fail (analysis != NULL);

  answer = ib_analysis_get_answer (analysis);
  if (answer != NULL)
    {
      text = ib_answer_to_text (answer, "\n");
      print_heading (out, _("The answer"));
      fprintf (out, "%s\n", text);
    }
  ib_cli_print_answer_cards (ib_analysis_get_report (analysis), out);
}

void
ib_cli_print_answer_cards (const IbReport *report,
                           FILE           *out)
{
  g_autoptr(GPtrArray) cards = NULL;

  g_return_if_fail (report != NULL);

  /* The small-files and write + delete answers (ib-answer-writes.h), each
   * under its title: the words of the window's cards. */
  cards = ib_answer_cards (report);
  for (guint i = 0; i < cards->len; i++)
    {
      const IbAnswerCard *card = g_ptr_array_index (cards, i);

      print_heading (out, card->title);
      fprintf (out, "%s\n", card->headline);
      for (guint d = 0; d < card->details->len; d++)
        fprintf (out, "%s\n", (const char *) g_ptr_array_index (card->details, d));
    }
}

void
ib_cli_print_findings (const IbReport *report,
                       FILE           *out)
{
  g_return_if_fail (report != NULL);

  /* the answer, printed above, says what a covered finding says */
  if (ib_findings_n_shown (report) == 0)
    return;
  print_heading (out, _("Findings"));
  /* group by group, each under a short heading (ib_finding_group) */
  for (IbFindingGroup g = 0; g < IB_N_FINDING_GROUPS; g++)
    {
      gboolean open = FALSE;

      for (guint i = 0; i < report->findings->len; i++)
        {
          const IbFinding *f = &g_array_index (report->findings, IbFinding, i);

          if (ib_finding_group (f->id) != g || !ib_finding_is_shown (f))
            continue;
          if (!open)
            /* Translators: a heading over a group of findings, "How far to trust
             * these numbers:" */
            fprintf (out, _("%s:\n"), ib_finding_group_title (g));
          open = TRUE;
          fprintf (out, "  • %s\n", f->text);
        }
    }
}

void
ib_cli_print_warnings (const IbReport *report,
                       FILE           *out)
{
  g_return_if_fail (report != NULL);

  if (report->warnings->len == 0)
    return;
  print_heading (out, _("Warnings"));
  for (guint i = 0; i < report->warnings->len; i++)
    fprintf (out, "! %s\n", (const char *) g_ptr_array_index (report->warnings, i));
}

void
ib_cli_print_report (const IbAnalysis *analysis,
                     FILE             *out)
{
  const IbReport *report;

  g_return_if_fail (analysis != NULL);

  report = ib_analysis_get_report (analysis);
  ib_cli_print_statistics (report, out);
  ib_cli_print_sweep (report, out);
  ib_cli_print_overhead (report, out);
  ib_cli_print_write_unlink (report, out);
  ib_cli_print_answer (analysis, out);
  ib_cli_print_findings (report, out);
  ib_cli_print_warnings (report, out);
  if (report->partial)
    fprintf (out, _("\nPartial results: %s\n"), report->error ? report->error : _("stopped"));
  fflush (out);
}
