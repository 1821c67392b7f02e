/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-report.c: `iobench-cli report` and `iobench-cli compare`.
 *
 * Exit codes: 0 ok; 1 when a report cannot be read (missing, unreadable or
 * malformed file: the message names the file and what is wrong) or an output
 * cannot be written; 2 for bad options or arguments. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "chart/ib-chart.h"
#include "cli-common.h"
#include "cli.h"
#include "report/ib-compare.h"
#include "report/ib-report-io.h"
#include "report/ib-report-tables.h"
#include "report/ib-report-util.h"

int
ib_cli_report (int    argc,
               char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(IbReport) report = NULL;
  g_autoptr(GError) error = NULL;
  IbCliOutput output;
  int status = IB_EXIT_OK;

  ib_cli_output_init (&output);
  /* Translators: the argument of `iobench-cli report` */
  context = g_option_context_new (_("REPORT.json"));
  g_option_context_set_summary (context,
                                _("Writes a saved JSON report as HTML, Markdown or CSV."));
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  ib_cli_output_add_entries (&output, context,
                             IB_CLI_OUTPUT_HTML | IB_CLI_OUTPUT_MD | IB_CLI_OUTPUT_CSV);

  if (!ib_cli_parse_options (context, &argc, &argv, TRUE))
    {
      status = IB_EXIT_USAGE;
      goto out;
    }
  if (argc != 2)
    {
      ib_cli_printerr (argc < 2 ? _("give the report to write (see “%s --help”)")
                                : _("give one report only (see “%s --help”)"),
                       g_get_prgname ());
      status = IB_EXIT_USAGE;
      goto out;
    }
  if (!ib_cli_check_path (_("report"), argv[1]))
    {
      status = IB_EXIT_USAGE;
      goto out;
    }
  if (output.html == NULL && output.md == NULL && output.csv == NULL)
    {
      ib_cli_printerr (_("nothing to write: give --html FILE, --md FILE or --csv FILE"));
      status = IB_EXIT_USAGE;
      goto out;
    }
  if (!ib_cli_output_check (&output, &error))
    {
      status = ib_cli_fail (error);
      goto out;
    }

  report = ib_cli_load_report (argv[1]);
  if (report == NULL)
    {
      status = IB_EXIT_FAILED;
      goto out;
    }
  /* Findings are a function of the data: say them again with this version's
   * wording and in the reader's language (the JSON file is left as it is). */
  ib_findings_generate (report);
  /* The answer first, as after a run (recomputed from the samples). */
  ib_cli_print_answer (report, stdout);
  fflush (stdout);

  if (!ib_cli_output_write (&output, report))
    status = IB_EXIT_FAILED;

out:
  ib_cli_output_clear (&output);
  return status;
}

static void
print_compare (const char *path_a,
               const IbReport *a,
               const char *path_b,
               const IbReport *b,
               GArray     *rows)
{
  g_autoptr(IbCliTable) table = NULL;
  g_autofree char *sub_a = ib_report_subtitle (a);
  g_autofree char *sub_b = ib_report_subtitle (b);

  printf ("A: %s\n   %s\n", path_a, sub_a);
  printf ("B: %s\n   %s\n\n", path_b, sub_b);

  table = ib_cli_table_new (8, _("Strategy"), _(">Median A"), _(">Median B"), _(">B / A"),
                            _(">CI of B / A"), _(">Stall A"), _(">Stall B"), _("Verdict"));
  for (guint i = 0; i < rows->len; i++)
    {
      const IbCompareRow *row = &g_array_index (rows, IbCompareRow, i);
      g_autofree char *ma = ib_format_duration (row->median_a_ns);
      g_autofree char *mb = ib_format_duration (row->median_b_ns);
      g_autofree char *ratio = NULL;
      g_autofree char *ci = NULL;
      g_autofree char *verdict = NULL;
      g_autofree char *stall_a = NULL;
      g_autofree char *stall_b = NULL;

      if (row->verdict != IB_VERDICT_NO_DATA)
        {
          g_autofree char *level = ib_format_level (row->ci_level);

          ratio = g_strdup_printf ("%.3f", row->ratio);
          /* Translators: the interval of the ratio and its coverage */
          ci = g_strdup_printf (_("%.3f – %.3f (%s)"), row->ci_low, row->ci_high, level);
        }
      if (row->verdict == IB_VERDICT_FASTER || row->verdict == IB_VERDICT_SLOWER)
        {
          double factor = row->verdict == IB_VERDICT_FASTER ? 1 / row->ratio : row->ratio;
          g_autofree char *r = ib_format_ratio (factor);

          verdict = g_strdup_printf (row->verdict == IB_VERDICT_FASTER
                                     /* Translators: B is the second report */
                                     ? _("B is %s faster") : _("B is %s slower"), r);
        }
      else if (row->verdict == IB_VERDICT_TOO_FEW)
        verdict = ib_too_few_text (row->n_a, row->n_b);
      else
        verdict = g_strdup (ib_verdict_to_string (row->verdict));
      /* the median longest main-loop stall of each side, when measured */
      stall_a = row->stall_a_ns >= 0 ? ib_format_duration (row->stall_a_ns) : g_strdup ("—");
      stall_b = row->stall_b_ns >= 0 ? ib_format_duration (row->stall_b_ns) : g_strdup ("—");
      ib_cli_table_add_row (table, row->strategy, ma, mb, ratio, ci, stall_a, stall_b, verdict);
    }
  ib_cli_table_print (table, stdout);
  printf (_("Medians of the valid samples. CI of B / A: Hodges-Lehmann / Mann-Whitney interval "
            "on log times, with its coverage; a verdict needs at least %u valid samples on "
            "each side and an interval that excludes 1.\n"), IB_VERDICT_MIN_SAMPLES);

  /* say which strategies could not be compared */
  for (guint side = 0; side < 2; side++)
    {
      const IbReport *from = side == 0 ? a : b;
      const IbReport *to = side == 0 ? b : a;
      g_autoptr(GString) only = g_string_new (NULL);

      for (guint i = 0; i < from->statistics->len; i++)
        {
          const char *id = g_array_index (from->statistics, IbStats, i).strategy;

          if (ib_report_find_stats (to, id) != NULL)
            continue;
          if (only->len > 0)
            g_string_append (only, ", ");
          g_string_append (only, id);
        }
      if (only->len > 0)
        /* Translators: "Only in A: mmap, sync-stream" */
        printf (side == 0 ? _("\nOnly in A: %s\n") : _("\nOnly in B: %s\n"), only->str);
    }
  fflush (stdout);
}

int
ib_cli_compare (int    argc,
                char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(IbReport) a = NULL;
  g_autoptr(IbReport) b = NULL;
  g_autoptr(GArray) rows = NULL;
  g_autoptr(GError) error = NULL;
  IbCliOutput output;
  int width = 1200;
  int status = IB_EXIT_OK;
  const GOptionEntry entries[] = {
    { "png", 0, 0, G_OPTION_ARG_FILENAME, &output.png,
      N_("Draw the comparison chart as PNG"), N_("FILE") },
    { "width", 0, 0, G_OPTION_ARG_INT, &width,
      N_("Width of the chart in pixels (default 1200)"), N_("W") },
    { NULL }
  };

  ib_cli_output_init (&output);
  /* Translators: the arguments of `iobench-cli compare` */
  context = g_option_context_new (_("A.json B.json"));
  g_option_context_set_summary (context,
                                /* xgettext:no-c-format */
                                _("Compares two saved reports strategy by strategy: the ratio "
                                  "of the medians B / A with a Mann-Whitney interval of at "
                                  "least 95 %; no verdict below 5 valid samples a side."));
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);

  if (!ib_cli_parse_options (context, &argc, &argv, TRUE))
    {
      status = IB_EXIT_USAGE;
      goto out;
    }
  if (argc != 3)
    {
      ib_cli_printerr (_("give two reports to compare (see “%s --help”)"), g_get_prgname ());
      status = IB_EXIT_USAGE;
      goto out;
    }
  if (!ib_cli_check_path (_("report A"), argv[1]) || !ib_cli_check_path (_("report B"), argv[2]))
    {
      status = IB_EXIT_USAGE;
      goto out;
    }
  if (width < 200 || width > 10000)
    {
      ib_cli_printerr (_("--width: %d is out of range (200 to 10000)"), width);
      status = IB_EXIT_USAGE;
      goto out;
    }
  if (!ib_cli_output_check (&output, &error))
    {
      status = ib_cli_fail (error);
      goto out;
    }

  a = ib_cli_load_report (argv[1]);
  b = a != NULL ? ib_cli_load_report (argv[2]) : NULL;
  if (a == NULL || b == NULL)
    {
      status = IB_EXIT_FAILED;
      goto out;
    }

  rows = ib_compare_reports (a, b);
  if (rows->len == 0)
    {
      ib_cli_printerr (_("“%s” and “%s” have no strategy in common: nothing to compare"),
                       argv[1], argv[2]);
      status = IB_EXIT_FAILED;
      goto out;
    }
  print_compare (argv[1], a, argv[2], b, rows);

  if (output.png != NULL)
    {
      IbChartStyle style;
      /* about 55 px per strategy below a title and legend, as the chart lays out */
      int height = 160 + 55 * (int) rows->len;

      ib_chart_style_init_light (&style);
      if (!ib_chart_export (IB_CHART_COMPARE, a, b, &style, IB_CHART_FORMAT_PNG, output.png,
                            width, CLAMP (height, 260, 4000), 1.0, &error))
        {
          ib_cli_printerr ("--png: %s", error->message);
          status = IB_EXIT_FAILED;
        }
    }

out:
  ib_cli_output_clear (&output);
  return status;
}
