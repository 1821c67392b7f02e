/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-chart.c: `iobench-cli chart`: draws one chart of a saved report to a
 * PNG, SVG or PDF file with the same renderer the application uses. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>

#include "chart/ib-chart.h"
#include "cli-common.h"
#include "cli.h"
#include "report/ib-report-io.h"

#define MIN_SIDE 100
#define MAX_SIDE 8192

typedef struct
{
  char     *from;
  char     *with;
  char     *kind;
  char     *png;
  char     *svg;
  char     *pdf;
  int       width;
  int       height;
  int       scale;
  gboolean  dark;
  gboolean  high_contrast;
  gboolean  log;
} ChartOptions;

static void
chart_options_clear (ChartOptions *o)
{
  g_free (o->from);
  g_free (o->with);
  g_free (o->kind);
  g_free (o->png);
  g_free (o->svg);
  g_free (o->pdf);
}

static char *
kind_list (void)
{
  GString *s = g_string_new (NULL);

  for (guint k = 0; k < IB_N_CHART_KINDS; k++)
    g_string_append_printf (s, "%s%s", k > 0 ? ", " : "", ib_chart_kind_to_string (k));
  return g_string_free (s, FALSE);
}

static const char *
missing_data_message (IbChartKind kind)
{
  switch (kind)
    {
    case IB_CHART_LATENCY:
      return _("this report has no write + delete data; run “iobench-cli write-unlink "
               "--json FILE” first");
    case IB_CHART_OVERHEAD:
      return _("this report has no dispatch overhead data; run “iobench-cli overhead "
               "--json FILE” first");
    case IB_CHART_SWEEP:
      return _("this report has no sweep data; run “iobench-cli sweep --vary count=1,2,10,100 "
               "--strategies A,B --json FILE” first");
    case IB_CHART_COMPARE:
      return _("both reports need read results to compare; run “iobench-cli run --json FILE”");
    case IB_CHART_STALL:
      return _("this report has no main-loop stall data; run “iobench-cli run --json FILE” "
               "without “--responsiveness off” first");
    case IB_CHART_THROUGHPUT:
      return _("this report has no throughput (no bytes were read); run “iobench-cli run "
               "--json FILE” first");
    case IB_CHART_STRATEGIES:
    case IB_CHART_CPU:
    case IB_N_CHART_KINDS:
    default:
      return _("this report has no read results; run “iobench-cli run --json FILE” first");
    }
}

int
ib_cli_chart (int    argc,
              char **argv)
{
  ChartOptions o = { NULL, NULL, NULL, NULL, NULL, NULL, 1200, 700, 1, FALSE, FALSE, FALSE };
  const GOptionEntry entries[] = {
    { "from", 0, 0, G_OPTION_ARG_FILENAME, &o.from,
      N_("The report to draw (required)"), N_("REPORT.json") },
    { "kind", 'k', 0, G_OPTION_ARG_STRING, &o.kind,
      N_("strategies (default), throughput, cpu, stall, latency, overhead, sweep or compare"),
      N_("KIND") },
    { "with", 0, 0, G_OPTION_ARG_FILENAME, &o.with,
      N_("The second report, for --kind compare"), N_("B.json") },
    { "png", 0, 0, G_OPTION_ARG_FILENAME, &o.png, N_("Write a PNG image"), N_("FILE") },
    { "svg", 0, 0, G_OPTION_ARG_FILENAME, &o.svg, N_("Write an SVG image"), N_("FILE") },
    { "pdf", 0, 0, G_OPTION_ARG_FILENAME, &o.pdf, N_("Write a PDF document"), N_("FILE") },
    { "width", 0, 0, G_OPTION_ARG_INT, &o.width, N_("Width in pixels (default 1200)"), "W" },
    { "height", 0, 0, G_OPTION_ARG_INT, &o.height, N_("Height in pixels (default 700)"), "H" },
    { "scale", 0, 0, G_OPTION_ARG_INT, &o.scale,
      N_("PNG pixels per unit: 1 or 2 (default 1)"), "S" },
    { "dark", 0, 0, G_OPTION_ARG_NONE, &o.dark, N_("Dark colours"), NULL },
    { "high-contrast", 0, 0, G_OPTION_ARG_NONE, &o.high_contrast,
      N_("High-contrast colours"), NULL },
    { "log", 0, 0, G_OPTION_ARG_NONE, &o.log,
      N_("Logarithmic time axis (strategies, throughput, cpu, compare)"), NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(IbReport) report = NULL;
  g_autoptr(IbReport) other = NULL;
  g_autoptr(IbAnalysis) analysis_a = NULL;
  g_autoptr(IbAnalysis) analysis_b = NULL;
  g_autoptr(IbComparison) comparison = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *kinds = kind_list ();
  IbChartKind kind = IB_CHART_STRATEGIES;
  IbChartFormat format = IB_CHART_FORMAT_PNG;
  IbChartStyle style;
  const char *path = NULL;
  guint n_outputs = 0;
  int status = IB_EXIT_OK;

  context = g_option_context_new (NULL);
  g_option_context_set_summary (context, _("Draw a chart of a saved report as PNG, SVG or PDF."));
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_description (context, ib_cli_outputs_help ());
  if (!ib_cli_parse_options (context, &argc, &argv, FALSE))
    {
      chart_options_clear (&o);
      return IB_EXIT_USAGE;
    }

  if (o.from == NULL)
    {
      ib_cli_printerr (_("missing --from REPORT.json (see “%s --help”)"), g_get_prgname ());
      status = IB_EXIT_USAGE;
      goto out;
    }
  if (!ib_cli_check_path ("--from", o.from) || !ib_cli_check_path ("--with", o.with) ||
      !ib_cli_check_path ("--png", o.png) || !ib_cli_check_path ("--svg", o.svg) ||
      !ib_cli_check_path ("--pdf", o.pdf))
    {
      status = IB_EXIT_USAGE;
      goto out;
    }
  if (o.kind != NULL && !ib_chart_kind_from_string (o.kind, &kind))
    {
      ib_cli_printerr (_("unknown chart kind “%s” for --kind; use one of: %s"), o.kind, kinds);
      status = IB_EXIT_USAGE;
      goto out;
    }
  if (o.png != NULL)
    {
      n_outputs++;
      path = o.png;
      format = IB_CHART_FORMAT_PNG;
    }
  if (o.svg != NULL)
    {
      n_outputs++;
      path = o.svg;
      format = IB_CHART_FORMAT_SVG;
    }
  if (o.pdf != NULL)
    {
      n_outputs++;
      path = o.pdf;
      format = IB_CHART_FORMAT_PDF;
    }
  if (n_outputs != 1)
    {
      ib_cli_printerr (n_outputs == 0 ? _("missing output: give one of --png FILE, --svg FILE "
                                          "or --pdf FILE")
                                      : _("give only one of --png, --svg and --pdf"));
      status = IB_EXIT_USAGE;
      goto out;
    }
  if (o.width < MIN_SIDE || o.width > MAX_SIDE)
    {
      ib_cli_printerr (_("--width must be between %d and %d pixels, not %d"),
                       MIN_SIDE, MAX_SIDE, o.width);
      status = IB_EXIT_USAGE;
      goto out;
    }
  if (o.height < MIN_SIDE || o.height > MAX_SIDE)
    {
      ib_cli_printerr (_("--height must be between %d and %d pixels, not %d"),
                       MIN_SIDE, MAX_SIDE, o.height);
      status = IB_EXIT_USAGE;
      goto out;
    }
  if (o.scale != 1 && o.scale != 2)
    {
      ib_cli_printerr (_("--scale must be 1 or 2, not %d"), o.scale);
      status = IB_EXIT_USAGE;
      goto out;
    }
  if (kind == IB_CHART_COMPARE && o.with == NULL)
    {
      ib_cli_printerr (_("--kind compare needs the second report: add --with B.json"));
      status = IB_EXIT_USAGE;
      goto out;
    }
  /* refused before any work, as every command's outputs are (exit 2) */
  {
    const char *inputs[] = { o.from, o.with, NULL };
    const char *option = path == o.png ? "--png" : path == o.svg ? "--svg" : "--pdf";

    if (!ib_cli_output_path_check (option, path, inputs, &error))
      {
        status = ib_cli_fail (error);
        goto out;
      }
  }

  report = ib_cli_load_report (o.from);
  if (report == NULL)
    {
      status = IB_EXIT_FAILED;
      goto out;
    }
  if (o.with != NULL)
    {
      other = ib_cli_load_report (o.with);
      if (other == NULL)
        {
          status = IB_EXIT_FAILED;
          goto out;
        }
    }
  if (kind == IB_CHART_COMPARE)
    {
      /* the comparison's rows, built once, are what the chart draws */
      analysis_a = ib_analysis_new (report);
      analysis_b = ib_analysis_new (other);
      comparison = ib_comparison_new (analysis_a, analysis_b);
    }
  if (!ib_chart_has_data (kind, report, comparison))
    {
      ib_cli_printerr ("%s", missing_data_message (kind));
      status = IB_EXIT_FAILED;
      goto out;
    }

  if (o.high_contrast)
    ib_chart_style_init_high_contrast (&style, o.dark);
  else if (o.dark)
    ib_chart_style_init_dark (&style);
  else
    ib_chart_style_init_light (&style);
  style.log_scale = o.log;

  {
    g_autoptr(GCancellable) interrupt = ib_cli_outputs_begin ();

    if (!ib_chart_export (kind, report, comparison, &style, format, path, o.width, o.height,
                          o.scale, &error))
      {
        ib_cli_printerr ("%s", error->message);
        status = IB_EXIT_FAILED;
      }
    status = ib_cli_outputs_end (interrupt, status);
  }

out:
  chart_options_clear (&o);
  return status;
}
