/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-print.c: every part of a report on stdout: the tables of the table
 * model (statistics, sweep, overhead, write + delete) in their narrow
 * columns, the answer, the findings and the warnings. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>

#include "analysis/ib-analysis.h"
#include "analysis/ib-answer-writes.h"
#include "analysis/ib-findings.h"
#include "analysis/ib-labels.h"
#include "analysis/ib-tables.h"
#include "analysis/ib-warning-text.h"
#include "cli-common.h"

/* ---- printing a report ------------------------------------------------- */

static void
print_heading (FILE       *out,
               const char *title)
{
  ib_cli_print (out, "\n%s\n", title);
}

void
ib_cli_print_part (const IbReport *report,
                   IbTableFunc     make,
                   FILE           *out)
{
  g_autoptr(IbTable) table = NULL;

  g_return_if_fail (report != NULL && make != NULL);

  table = make (report);
  if (table != NULL)
    ib_cli_print_table (table, out);
}

void
ib_cli_print_write_unlink (const IbReport *report,
                           FILE           *out)
{
  g_autoptr(IbTable) table = NULL;

  g_return_if_fail (report != NULL);

  /* modes side by side, as ab's runs against three servers read */
  table = ib_table_write_unlink (report);
  if (table != NULL)
    ib_cli_print_table_transposed (table, out);
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
      ib_cli_print (out, "%s\n", text);
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
      ib_cli_print (out, "%s\n", card->headline);
      for (guint d = 0; d < card->details->len; d++)
        ib_cli_print (out, "%s\n", (const char *) g_ptr_array_index (card->details, d));
    }
}

void
ib_cli_print_findings (const IbAnalysis *analysis,
                       FILE             *out)
{
  const GArray *findings;

  g_return_if_fail (analysis != NULL);

  findings = ib_analysis_get_findings (analysis);
  /* the answer, printed above, says what a covered finding says */
  if (ib_findings_n_shown (findings) == 0)
    return;
  print_heading (out, _("Findings"));
  /* group by group, each under a short heading (ib_finding_group) */
  for (IbFindingGroup g = 0; g < IB_N_FINDING_GROUPS; g++)
    {
      gboolean open = FALSE;

      for (guint i = 0; i < findings->len; i++)
        {
          const IbFinding *f = &g_array_index (findings, IbFinding, i);

          if (ib_finding_group (f->id) != g || !ib_finding_is_shown (f))
            continue;
          if (!open)
            /* Translators: a heading over a group of findings, "How far to trust
             * these numbers:" */
            ib_cli_print (out, _("%s:\n"), ib_finding_group_title (g));
          open = TRUE;
          ib_cli_print (out, "  • %s\n", f->text);
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
    {
      g_autofree char *text = ib_warning_text (g_ptr_array_index (report->warnings, i));

      ib_cli_print (out, "! %s\n", text);
    }
}

void
ib_cli_print_report (const IbAnalysis *analysis,
                     FILE             *out)
{
  const IbReport *report;

  g_return_if_fail (analysis != NULL);

  report = ib_analysis_get_report (analysis);
  /* each in the terminal's columns, its footnotes under it */
  ib_cli_print_part (report, ib_table_statistics, out);
  ib_cli_print_part (report, ib_table_sweep, out);
  ib_cli_print_part (report, ib_table_overhead, out);
  ib_cli_print_write_unlink (report, out);
  ib_cli_print_answer (analysis, out);
  ib_cli_print_findings (analysis, out);
  ib_cli_print_warnings (report, out);
  if (report->partial)
    ib_cli_print (out, _("\nPartial results: %s\n"), report->error ? report->error : _("stopped"));
  fflush (out);
}
