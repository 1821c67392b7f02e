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
/* the height a chart without rows is drawn at, and a chart of rows starts
 * fitting from (ib_chart_fit_height), without --height */
#define DEFAULT_HEIGHT 700
/* ChartOptions.height without --height (any number given is checked) */
#define HEIGHT_FIT G_MININT

typedef struct
{
  char     *from;
  char     *with;
  char     *kind;
  char    **paths; /* one per chart format (ib_chart_format_nth): --png, ... */
  int       width;
  int       height; /* HEIGHT_FIT: as tall as the chart's rows need */
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
  for (guint i = 0; o->paths != NULL && i < ib_chart_n_formats (); i++)
    g_free (o->paths[i]);
  g_free (o->paths);
}

/* "--png FILE, --svg FILE or --pdf FILE" (@with_arg) or "--png, --svg and
 * --pdf": every format's option, for messages. */
static char *
format_options (gboolean with_arg)
{
  GString *s = g_string_new (NULL);
  guint    n = ib_chart_n_formats ();

  for (guint i = 0; i < n; i++)
    {
      if (i > 0)
        g_string_append (s, i + 1 < n ? ", " : with_arg ? _(" or ")
                                                        : _(" and "));
      g_string_append_printf (s, "--%s%s", ib_chart_format_nth (i)->id, with_arg ? " FILE" : "");
    }
  return g_string_free (s, FALSE);
}

/* The options: @fixed, then --ID FILE for every chart format. */
static GOptionEntry *
chart_entries (const GOptionEntry *fixed,
               ChartOptions       *o)
{
  GArray *entries = g_array_new (TRUE, TRUE, sizeof (GOptionEntry));

  for (guint i = 0; fixed[i].long_name != NULL; i++)
    g_array_append_val (entries, fixed[i]);
  for (guint i = 0; i < ib_chart_n_formats (); i++)
    {
      const IbChartFormatInfo *format = ib_chart_format_nth (i);
      GOptionEntry             entry = { format->id, 0, 0, G_OPTION_ARG_FILENAME, &o->paths[i],
                                         format->option_help, N_("FILE") };

      g_array_append_val (entries, entry);
    }
  return (GOptionEntry *) g_array_free (entries, FALSE);
}

/* What the options name, once checked. */
typedef struct
{
  const IbChartKindInfo   *kind;
  const IbChartFormatInfo *format;
  const char              *path; /* the one output given, of o->paths */
} ChartTarget;

/* The paths given: --from, --with and one output (t->format, t->path);
 * the exit code. */
static int
check_paths (const ChartOptions *o,
             ChartTarget        *t,
             guint              *n_outputs)
{
  if (o->from == NULL)
    {
      ib_cli_printerr (_("missing --from REPORT.json (see “%s --help”)"), g_get_prgname ());
      return IB_EXIT_USAGE;
    }
  if (!ib_cli_check_path ("--from", o->from) || !ib_cli_check_path ("--with", o->with))
    return IB_EXIT_USAGE;
  *n_outputs = 0;
  for (guint i = 0; i < ib_chart_n_formats (); i++)
    {
      g_autofree char *option = g_strdup_printf ("--%s", ib_chart_format_nth (i)->id);

      if (!ib_cli_check_path (option, o->paths[i]))
        return IB_EXIT_USAGE;
      if (o->paths[i] != NULL)
        {
          (*n_outputs)++;
          t->path = o->paths[i];
          t->format = ib_chart_format_nth (i);
        }
    }
  return IB_EXIT_OK;
}

/* Every option checked, the output refused before any work as every
 * command's outputs are (exit 2); the exit code. */
static int
check_options (const ChartOptions *o,
               const char         *kinds,
               ChartTarget        *t)
{
  g_autoptr(GError) error = NULL;
  guint n_outputs = 0;
  int status = check_paths (o, t, &n_outputs);

  if (status != IB_EXIT_OK)
    return status;
  if (o->kind != NULL && (t->kind = ib_chart_kind_lookup (o->kind)) == NULL)
    {
      ib_cli_printerr (_("unknown chart kind “%s” for --kind; use one of: %s"), o->kind, kinds);
      return IB_EXIT_USAGE;
    }
  if (n_outputs != 1)
    {
      g_autofree char *options = format_options (n_outputs == 0);

      /* Translators: %s is "--png FILE, --svg FILE or --pdf FILE" */
      ib_cli_printerr (n_outputs == 0 ? _("missing output: give one of %s")
                                      /* Translators: %s is "--png, --svg and --pdf" */
                                      : _("give only one of %s"),
                       options);
      return IB_EXIT_USAGE;
    }
  if (o->width < MIN_SIDE || o->width > MAX_SIDE)
    {
      ib_cli_printerr (_("--width must be between %d and %d pixels, not %d"),
                       MIN_SIDE, MAX_SIDE, o->width);
      return IB_EXIT_USAGE;
    }
  if (o->height != HEIGHT_FIT && (o->height < MIN_SIDE || o->height > MAX_SIDE))
    {
      ib_cli_printerr (_("--height must be between %d and %d pixels, not %d"),
                       MIN_SIDE, MAX_SIDE, o->height);
      return IB_EXIT_USAGE;
    }
  if (o->scale != 1 && o->scale != 2)
    {
      ib_cli_printerr (_("--scale must be 1 or 2, not %d"), o->scale);
      return IB_EXIT_USAGE;
    }
  if (t->kind->two_runs && o->with == NULL)
    {
      /* Translators: %s is a chart kind of two runs, "compare" */
      ib_cli_printerr (_("--kind %s needs the second report: add --with B.json"), t->kind->id);
      return IB_EXIT_USAGE;
    }
  {
    const char *inputs[] = { o->from, o->with, NULL };
    g_autofree char *option = g_strconcat ("--", t->format->id, NULL);

    if (!ib_cli_output_path_check (option, t->path, inputs, &error))
      return ib_cli_fail (error);
  }
  return IB_EXIT_OK;
}

/* Loads the reports and draws the chart into its file; the exit code. */
static int
chart_draw (const ChartOptions *o,
            const ChartTarget  *t)
{
  g_autoptr(IbReport) report = NULL;
  g_autoptr(IbReport) other = NULL;
  g_autoptr(IbAnalysis) analysis_a = NULL;
  g_autoptr(IbAnalysis) analysis_b = NULL;
  g_autoptr(IbComparison) comparison = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GCancellable) interrupt = NULL;
  IbChartStyle style;
  IbChartRequest request;
  int status = IB_EXIT_OK;

  report = ib_cli_load_report (o->from);
  if (report == NULL)
    return IB_EXIT_FAILED;
  if (o->with != NULL && (other = ib_cli_load_report (o->with)) == NULL)
    return IB_EXIT_FAILED;
  if (t->kind->two_runs)
    {
      /* the comparison's rows, built once, are what the chart draws */
      analysis_a = ib_analysis_new (report);
      analysis_b = ib_analysis_new (other);
      comparison = ib_comparison_new (analysis_a, analysis_b);
    }
  if (!ib_chart_has_data (t->kind, report, comparison))
    {
      ib_cli_printerr ("%s", _(t->kind->no_data));
      return IB_EXIT_FAILED;
    }

  if (o->high_contrast)
    ib_chart_style_init_high_contrast (&style, o->dark);
  else if (o->dark)
    ib_chart_style_init_dark (&style);
  else
    ib_chart_style_init_light (&style);
  style.log_scale = o->log;

  request = (IbChartRequest) { t->kind, report, comparison, &style, o->width,
                               o->height != HEIGHT_FIT ? o->height : DEFAULT_HEIGHT };
  /* without --height, no empty bands below a few rows (as the window's
   * exports) */
  if (o->height == HEIGHT_FIT)
    request.height = ib_chart_fit_height (&request);

  interrupt = ib_cli_outputs_begin ();
  if (!ib_chart_export (&request, t->format, t->path, o->scale, &error))
    {
      ib_cli_printerr ("%s", error->message);
      status = IB_EXIT_FAILED;
    }
  return ib_cli_outputs_end (interrupt, status);
}

int
ib_cli_chart (int    argc,
              char **argv)
{
  ChartOptions     o = { NULL, NULL, NULL, g_new0 (char *, ib_chart_n_formats ()), 1200,
                         HEIGHT_FIT, 1, FALSE, FALSE, FALSE };
  g_autofree char *kinds = ib_chart_kind_list ();
  /* Translators: --kind's help, %s the chart kinds: "strategies, throughput, ..." */
  g_autofree char   *kind_help = g_strdup_printf (_("One of: %s (default: the first)"), kinds);
  const GOptionEntry fixed[] = {
    { "from", 0, 0, G_OPTION_ARG_FILENAME, &o.from,
      N_("The report to draw (required)"), N_("REPORT.json") },
    { "kind", 'k', 0, G_OPTION_ARG_STRING, &o.kind, kind_help, N_("KIND") },
    { "with", 0, 0, G_OPTION_ARG_FILENAME, &o.with,
      N_("The second report, for --kind compare"), N_("B.json") },
    { "width", 0, 0, G_OPTION_ARG_INT, &o.width, N_("Width in pixels (default 1200)"), "W" },
    { "height", 0, 0, G_OPTION_ARG_INT, &o.height,
      N_("Height in pixels (default: as tall as the rows need, else 700)"), "H" },
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
  g_autofree GOptionEntry *entries = chart_entries (fixed, &o);
  ChartTarget t = { ib_chart_kind_nth (0), NULL, NULL };
  int status;

  context = g_option_context_new (NULL);
  g_option_context_set_summary (context, _("Draw a chart of a saved report as PNG, SVG or PDF."));
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_description (context, ib_cli_outputs_help ());
  if (!ib_cli_parse_options (context, &argc, &argv, FALSE))
    status = IB_EXIT_USAGE;
  else
    status = check_options (&o, kinds, &t);
  if (status == IB_EXIT_OK)
    status = chart_draw (&o, &t);
  chart_options_clear (&o);
  return status;
}
