/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-report.c: `iobench-cli report` and `iobench-cli compare`.
 *
 * Exit codes (ib_cli_outputs_help): 0 ok; 1 when a report cannot be read
 * (missing, unreadable or malformed file: the message names the file and
 * what is wrong) or an output fails while written; 2 for bad options or
 * arguments and an output refused before any work; 130 / 143 interrupted. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "chart/ib-chart.h"
#include "cli-common.h"
#include "cli.h"
#include "engine/model/ib-error.h"
#include "engine/io/ib-output.h"
#include "analysis/ib-compare.h"
#include "analysis/ib-compare-map.h"
#include "report/ib-compare-writers.h"
#include "report/ib-report-charts.h"
#include "analysis/ib-findings.h"
#include "report/ib-report-io.h"
#include "analysis/ib-tables.h"
#include "analysis/ib-labels.h"
#include "engine/io/ib-strategy.h"

int
ib_cli_report (int    argc,
               char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(IbReport) report = NULL;
  g_autoptr(IbAnalysis) analysis = NULL;
  g_autoptr(GError) error = NULL;
  IbCliOutput output;
  const char *inputs[2] = { NULL, NULL };
  int status = IB_EXIT_OK;

  ib_cli_output_init (&output);
  /* Translators: the argument of `iobench-cli report` */
  context = g_option_context_new (_("REPORT.json"));
  g_option_context_set_summary (context,
                                _("Writes a saved JSON report as HTML, Markdown or CSV."));
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  ib_cli_output_add_entries (&output, context,
                             IB_CLI_OUTPUT_HTML | IB_CLI_OUTPUT_MD | IB_CLI_OUTPUT_CSV |
                               IB_CLI_OUTPUT_LOG);

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
  inputs[0] = argv[1];
  output.inputs = inputs;
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
  analysis = ib_analysis_new (report);
  /* The answer first, as after a run (recomputed from the samples), then
   * the findings, grouped, then the run's warnings, worded like the
   * findings in the reader's language. */
  ib_cli_print_answer (analysis, stdout);
  ib_cli_print_findings (analysis, stdout);
  ib_cli_print_warnings (report, stdout);
  fflush (stdout);

  status = ib_cli_output_write (&output, analysis, status);

out:
  ib_cli_output_clear (&output);
  return status;
}

static void
print_runs (const char     *path_a,
            const IbReport *a,
            const char     *name_a,
            const char     *path_b,
            const IbReport *b,
            const char     *name_b)
{
  g_autoptr(GArray) facts = ib_compare_facts (a, b);
  g_autoptr(IbCliTable) table = NULL;
  guint n_differ = 0;

  /* Translators: "A: Quick, 29 Nov 2026, 23:00 (a.json)" */
  ib_cli_print (stdout, _("A: %s (%s)\n"), name_a, path_a);
  ib_cli_print (stdout, _("B: %s (%s)\n"), name_b, path_b);

  table = ib_cli_table_new (3, "", name_a, name_b);
  for (guint i = 0; i < facts->len; i++)
    {
      const IbCompareFact *f = &g_array_index (facts, IbCompareFact, i);

      if (!f->differs)
        continue;
      ib_cli_table_add_row (table, f->what, f->a, f->b);
      n_differ++;
    }
  if (n_differ > 0)
    {
      ib_cli_print (stdout, "\n%s\n", _("What differs between the two runs"));
      ib_cli_table_print (table, stdout);
    }
  else
    ib_cli_print (stdout, "\n%s\n", _("The two runs were made alike."));
}

/* One section: the table of numbers, then one sentence a row that says
 * the direction once (A and B: the header named the runs). Returns the
 * number of rows. */
static guint
print_section (const IbComparison *comparison,
               IbCompareSection    section)
{
  g_autoptr(IbTable) table = ib_table_comparison (comparison, _("A"), _("B"), section);

  ib_cli_print_table (table, stdout);
  return table->rows->len;
}

/* The size x count maps cell by cell, when either run has one; the
 * table's note names the lines whose verdict changed. */
static void
print_maps (const IbReport *a,
            const IbReport *b)
{
  g_autoptr(IbTable) table = ib_table_compare_map (a, _("A"), b, _("B"));

  if (table != NULL)
    ib_cli_print_table (table, stdout);
}

/* What the two reports have in common: rows of every section and the
 * lines of the map cells both measured. */
static guint
count_shared (const IbComparison *comparison)
{
  const IbReport *a = ib_analysis_get_report (ib_comparison_get_a (comparison));
  const IbReport *b = ib_analysis_get_report (ib_comparison_get_b (comparison));
  g_autoptr(GArray) map_rows = ib_compare_maps (a, b, NULL, NULL);
  guint n_rows = map_rows->len;

  for (int s = 0; s < IB_N_COMPARE_SECTIONS; s++)
    n_rows += ib_comparison_get_rows (comparison, (IbCompareSection) s)->len;
  return n_rows;
}

static void
print_compare (const char         *path_a,
               const char         *path_b,
               const IbComparison *comparison)
{
  const IbReport *a = ib_analysis_get_report (ib_comparison_get_a (comparison));
  const IbReport *b = ib_analysis_get_report (ib_comparison_get_b (comparison));
  const char *name_a = ib_comparison_get_name_a (comparison);
  const char *name_b = ib_comparison_get_name_b (comparison);

  print_runs (path_a, a, name_a, path_b, b, name_b);
  for (int s = 0; s < IB_N_COMPARE_SECTIONS; s++)
    print_section (comparison, (IbCompareSection) s);
  print_maps (a, b);
  {
    g_autofree char *note = ib_table_compare_note ();

    ib_cli_print (stdout, "\n");
    ib_cli_print_wrapped (stdout, note, NULL);
  }

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
          g_string_append (only, ib_strategy_title (id));
        }
      if (only->len > 0)
        /* Translators: "Read only in Quick, 1 Dec 2026, 02:54: Memory map, Sync stream" */
        ib_cli_print (stdout, _("\nRead only in %s: %s\n"), side == 0 ? name_a : name_b, only->str);
    }
  fflush (stdout);
}

/* Which format --chart FILE asks for; FALSE (after saying so) otherwise. */
static gboolean
chart_format (const char               *option,
              const char               *path,
              const IbChartFormatInfo **format)
{
  *format = ib_chart_format_from_path (path);
  if (*format != NULL)
    return TRUE;
  /* Translators: "--chart: cannot tell the format of “c.bmp”: ..." */
  ib_cli_printerr (_("%s: cannot tell the format of “%s”: end its name in .png, .svg or .pdf"),
                   option, path);
  return FALSE;
}

/* The name "Wrote:" lists for @path. */
static char *
written_name (const char *path)
{
  return ib_output_is_stdout (path) ? g_strdup (_("(standard output)"))
                                    : g_canonicalize_filename (path, NULL);
}

/* The options of `compare`, and what they resolve to once checked. */
typedef struct
{
  char                    *html;
  char                    *md;
  char                    *md2;   /* --md, the older spelling of --markdown */
  char                    *chart;
  char                    *png;   /* --png, the older spelling of --chart */
  char                    *part_id;
  gboolean                 log_scale;
  int                      width;
  const char              *md_option;    /* the spelling given, for messages */
  const char              *chart_option;
  IbCompareChart           part;
  const IbChartFormatInfo *format;
} CompareOptions;

static void
compare_options_clear (CompareOptions *o)
{
  g_free (o->html);
  g_free (o->md);
  g_free (o->md2);
  g_free (o->chart);
  g_free (o->png);
  g_free (o->part_id);
}

/* --chart FILE as the comparison's chart, in its own file. */
static gboolean
write_chart (const IbComparison   *comparison,
             const CompareOptions *o,
             GPtrArray            *written)
{
  g_autoptr(GError) error = NULL;
  IbChartStyle style;
  int height = (int) ((double) ib_compare_chart_height (comparison, o->part) * o->width /
                      IB_REPORT_CHART_WIDTH);
  IbChartRequest request = { ib_chart_kind_lookup ("compare"), NULL, comparison, &style,
                             o->width, CLAMP (height, 200, 10000) };

  ib_chart_style_init_light (&style);
  style.log_scale = o->log_scale;
  style.compare = o->part;
  if (!ib_chart_export (&request, o->format, o->chart, 1.0, &error))
    {
      ib_cli_printerr ("--chart: %s", error->message);
      return FALSE;
    }
  g_ptr_array_add (written, written_name (o->chart));
  return TRUE;
}

/* --markdown FILE, its charts beside it. */
static gboolean
write_markdown (const IbComparison   *comparison,
                const CompareOptions *o,
                GPtrArray            *written)
{
  g_autoptr(GError) error = NULL;

  if (!ib_compare_save_markdown (comparison, o->log_scale, o->md, &error))
    {
      ib_cli_printerr ("--markdown: %s", error->message);
      return FALSE;
    }
  g_ptr_array_add (written, g_canonicalize_filename (o->md, NULL));
  for (int s = 0; s < IB_N_COMPARE_SECTIONS; s++)
    if (ib_chart_compare_has_data (ib_compare_section_chart ((IbCompareSection) s), comparison))
      {
        g_autofree char *png = ib_compare_chart_path (o->md, (IbCompareSection) s);

        g_ptr_array_add (written, g_canonicalize_filename (png, NULL));
      }
  return TRUE;
}

/* Returns the exit code. */
static int
write_outputs (const IbComparison   *comparison,
               const CompareOptions *o)
{
  g_autoptr(GPtrArray) written = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GCancellable) interrupt = ib_cli_outputs_begin ();
  gboolean ok = TRUE;

  if (o->chart != NULL && !ib_cli_output_skipped (interrupt, "--chart", o->chart))
    ok = write_chart (comparison, o, written) && ok;
  if (o->html != NULL && !ib_cli_output_skipped (interrupt, "--html", o->html))
    {
      g_autoptr(GError) error = NULL;

      if (ib_compare_save_html (comparison, o->log_scale, o->html, &error))
        g_ptr_array_add (written, written_name (o->html));
      else
        {
          ib_cli_printerr ("--html: %s", error->message);
          ok = FALSE;
        }
    }
  if (o->md != NULL && !ib_cli_output_skipped (interrupt, "--markdown", o->md))
    ok = write_markdown (comparison, o, written) && ok;
  if (written->len > 0)
    {
      ib_cli_print (stdout, "\n%s\n", _("Wrote:"));
      for (guint i = 0; i < written->len; i++)
        ib_cli_print (stdout, "  %s\n", (const char *) g_ptr_array_index (written, i));
      fflush (stdout);
    }
  return ib_cli_outputs_end (interrupt, ok ? IB_EXIT_OK : IB_EXIT_FAILED);
}

/* The spellings given (--md or --markdown, --png or --chart), each path,
 * --width and --part; the exit code. */
static int
check_options (CompareOptions *o,
               char          **argv)
{
  if (o->md != NULL && o->md2 != NULL)
    {
      ib_cli_printerr (_("give only one of --markdown and --md"));
      return IB_EXIT_USAGE;
    }
  if (o->chart != NULL && o->png != NULL)
    {
      ib_cli_printerr (_("give only one of --chart and --png"));
      return IB_EXIT_USAGE;
    }
  o->md_option = o->md2 != NULL ? "--md" : "--markdown";
  o->chart_option = o->png != NULL ? "--png" : "--chart";
  if (o->md == NULL)
    o->md = g_steal_pointer (&o->md2);
  if (o->chart == NULL)
    o->chart = g_steal_pointer (&o->png);
  if (!ib_cli_check_path (_("report A"), argv[1]) || !ib_cli_check_path (_("report B"), argv[2]) ||
      !ib_cli_check_path ("--html", o->html) || !ib_cli_check_path (o->md_option, o->md) ||
      !ib_cli_check_path (o->chart_option, o->chart))
    return IB_EXIT_USAGE;
  if (o->width < 200 || o->width > 10000)
    {
      ib_cli_printerr (_("--width: %d is out of range (200 to 10000)"), o->width);
      return IB_EXIT_USAGE;
    }
  if (o->part_id != NULL)
    {
      IbCompareSection section;

      if (!ib_compare_section_from_id (o->part_id, &section))
        {
          ib_cli_printerr (_("--part: unknown part “%s”: give reads, overhead, write-unlink or "
                             "sweep"), o->part_id);
          return IB_EXIT_USAGE;
        }
      o->part = ib_compare_section_chart (section);
    }
  return IB_EXIT_OK;
}

/* Every output can be written, and is neither report, before anything is
 * read; the exit code. */
static int
check_outputs (CompareOptions *o,
               char          **argv)
{
  g_autoptr(GError) error = NULL;
  const char *inputs[3] = { argv[1], argv[2], NULL };

  if (!ib_cli_output_path_check ("--html", o->html, inputs, &error) ||
      !ib_cli_output_path_check (o->md_option, o->md, inputs, &error) ||
      !ib_cli_markdown_charts_check (o->md_option, o->md, TRUE, &error) ||
      !ib_cli_output_path_check (o->chart_option, o->chart, inputs, &error))
    return ib_cli_fail (error);
  /* --png (the older spelling) is PNG whatever the name; --chart goes by it */
  if (o->chart != NULL && g_str_equal (o->chart_option, "--chart") &&
      !chart_format (o->chart_option, o->chart, &o->format))
    return IB_EXIT_USAGE;
  {
    char **outputs[] = { &o->html, &o->chart };

    ib_cli_claim_stdout (outputs, G_N_ELEMENTS (outputs));
  }
  return IB_EXIT_OK;
}

/* Whether the two reports share anything; the exit code. */
static int
check_common (const IbComparison *comparison,
              char              **argv)
{
  if (count_shared (comparison) == 0)
    {
      ib_cli_printerr (_("“%s” and “%s” have nothing in common to compare: no read strategy, "
                         "dispatch, write + delete mode or sweep point of one is in the "
                         "other"), argv[1], argv[2]);
      return IB_EXIT_FAILED;
    }
  return IB_EXIT_OK;
}

/* Says why --chart has nothing to draw, when it has not; the exit code. */
static int
check_chart_part (const IbComparison   *comparison,
                  const CompareOptions *o)
{
  g_autofree char *why = NULL;
  IbCompareSection section = IB_COMPARE_READS;

  if (o->chart == NULL || ib_chart_compare_has_data (o->part, comparison))
    return IB_EXIT_OK;
  if (o->part == IB_COMPARE_CHART_AUTO)
    {
      ib_cli_printerr (_("--chart: the two reports share no part to chart: no reads, "
                         "overhead, write + delete or sweep in both"));
      return IB_EXIT_FAILED;
    }
  ib_compare_section_from_id (o->part_id, &section);
  why = ib_compare_section_missing (ib_analysis_get_report (ib_comparison_get_a (comparison)),
                                    ib_comparison_get_name_a (comparison),
                                    ib_analysis_get_report (ib_comparison_get_b (comparison)),
                                    ib_comparison_get_name_b (comparison), section);
  /* Translators: "--chart: Only Quick, 1 Dec 2026, 02:54 has a sweep" */
  ib_cli_printerr (_("--chart: %s"), why != NULL ? why : o->part_id);
  return IB_EXIT_FAILED;
}

/* Loads both reports, prints the comparison, writes the outputs; the exit
 * code. */
static int
compare_reports (const CompareOptions *o,
                 char                **argv)
{
  g_autoptr(IbReport) a = ib_cli_load_report (argv[1]);
  g_autoptr(IbReport) b = a != NULL ? ib_cli_load_report (argv[2]) : NULL;
  g_autoptr(IbAnalysis) analysis_a = NULL;
  g_autoptr(IbAnalysis) analysis_b = NULL;
  g_autoptr(IbComparison) comparison = NULL;
  int status;

  if (a == NULL || b == NULL)
    return IB_EXIT_FAILED;
  analysis_a = ib_analysis_new (a);
  analysis_b = ib_analysis_new (b);
  comparison = ib_comparison_new (analysis_a, analysis_b);
  status = check_common (comparison, argv);
  if (status != IB_EXIT_OK)
    return status;
  print_compare (argv[1], argv[2], comparison);
  status = check_chart_part (comparison, o);
  if (status != IB_EXIT_OK)
    return status;
  return write_outputs (comparison, o);
}

int
ib_cli_compare (int    argc,
                char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  CompareOptions o = { .part = IB_COMPARE_CHART_AUTO, .width = 1200,
                       .format = ib_chart_format_lookup ("png") };
  int status;
  const GOptionEntry entries[] = {
    { "html", 0, 0, G_OPTION_ARG_FILENAME, &o.html,
      N_("Write the comparison as one HTML page with its charts"), N_("FILE") },
    { "markdown", 0, 0, G_OPTION_ARG_FILENAME, &o.md,
      N_("Write the comparison as Markdown, its charts beside it as NAME-charts/PART.png"),
      N_("FILE") },
    { "md", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_FILENAME, &o.md2, NULL, NULL },
    { "chart", 0, 0, G_OPTION_ARG_FILENAME, &o.chart,
      N_("Draw the comparison chart; the name's end picks PNG, SVG or PDF"), N_("FILE") },
    { "png", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_FILENAME, &o.png, NULL, NULL },
    { "part", 0, 0, G_OPTION_ARG_STRING, &o.part_id,
      N_("What --chart draws: reads, overhead, write-unlink or sweep (default: the first both "
         "reports have)"), N_("PART") },
    { "log", 0, 0, G_OPTION_ARG_NONE, &o.log_scale,
      N_("Logarithmic time axis in the charts"), NULL },
    { "width", 0, 0, G_OPTION_ARG_INT, &o.width,
      N_("Width of the chart in pixels (default 1200)"), N_("W") },
    { NULL }
  };

  /* Translators: the arguments of `iobench-cli compare` */
  context = g_option_context_new (_("A.json B.json"));
  g_option_context_set_summary (context,
                                /* xgettext:no-c-format */
                                _("Compares two saved reports: reads, dispatch overhead, write "
                                  "+ delete and sweep points, each as the ratio of times B / A "
                                  "with an interval; no verdict below 5 valid samples a side."));
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_description (context, ib_cli_outputs_help ());

  if (!ib_cli_parse_options (context, &argc, &argv, TRUE))
    status = IB_EXIT_USAGE;
  else if (argc != 3)
    {
      ib_cli_printerr (_("give two reports to compare (see “%s --help”)"), g_get_prgname ());
      status = IB_EXIT_USAGE;
    }
  else if ((status = check_options (&o, argv)) == IB_EXIT_OK &&
           (status = check_outputs (&o, argv)) == IB_EXIT_OK)
    status = compare_reports (&o, argv);
  compare_options_clear (&o);
  return status;
}
