/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-output.c: the output options (--json, --html, --md, --csv, --png):
 * checked before a run, written after it. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "chart/ib-chart.h"
#include "cli-common.h"
#include "engine/ib-error.h"
#include "report/ib-compare-writers.h"
#include "report/ib-report-io.h"

/* ---- output options ---------------------------------------------------- */

void
ib_cli_output_init (IbCliOutput *output)
{
  memset (output, 0, sizeof *output);
  output->png_kind = -1;
}

void
ib_cli_output_clear (IbCliOutput *output)
{
  g_clear_pointer (&output->json, g_free);
  g_clear_pointer (&output->html, g_free);
  g_clear_pointer (&output->md, g_free);
  g_clear_pointer (&output->csv, g_free);
  g_clear_pointer (&output->png, g_free);
}

void
ib_cli_output_add_entries (IbCliOutput      *output,
                           GOptionContext   *context,
                           IbCliOutputFlags  flags)
{
  GOptionEntry entries[7];
  guint n = 0;

  memset (entries, 0, sizeof entries);
#define ADD(flag, name, arg, dest, desc, argdesc)                                   \
  if (flags & (flag))                                                               \
    {                                                                               \
      GOptionEntry e = { name, 0, 0, arg, dest, desc, argdesc };                    \
      entries[n++] = e;                                                             \
    }
  ADD (IB_CLI_OUTPUT_JSON, "json", G_OPTION_ARG_FILENAME, &output->json,
       N_("Write the report as JSON (also for a partial run)"), N_("FILE"))
  ADD (IB_CLI_OUTPUT_HTML, "html", G_OPTION_ARG_FILENAME, &output->html,
       N_("Write the report as one self-contained HTML file"), N_("FILE"))
  ADD (IB_CLI_OUTPUT_MD, "md", G_OPTION_ARG_FILENAME, &output->md,
       N_("Write the report as Markdown (charts as PNG beside it)"), N_("FILE"))
  ADD (IB_CLI_OUTPUT_CSV, "csv", G_OPTION_ARG_FILENAME, &output->csv,
       N_("Write every sample as CSV"), N_("FILE"))
  ADD (IB_CLI_OUTPUT_PNG, "png", G_OPTION_ARG_FILENAME, &output->png,
       N_("Draw the main chart as PNG (1200×700)"), N_("FILE"))
  ADD (IB_CLI_OUTPUT_QUIET, "quiet", G_OPTION_ARG_NONE, &output->quiet,
       N_("No progress line and no warnings on stderr"), NULL)
#undef ADD
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
}

gboolean
ib_cli_output_path_check (const char  *option,
                          const char  *path,
                          GError     **error)
{
  g_autofree char *dir = NULL;

  if (path == NULL)
    return TRUE;
  if (*path == '\0')
    {
      g_set_error (error, IB_ERROR, IB_ERROR_INVALID, _("%s: the file name is empty"), option);
      return FALSE;
    }
  if (g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, IB_ERROR, IB_ERROR_INVALID,
                   _("%s: “%s” is a folder; give a file name"), option, path);
      return FALSE;
    }
  dir = g_path_get_dirname (path);
  if (!g_file_test (dir, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, IB_ERROR, IB_ERROR_INVALID,
                   _("%s: the folder “%s” does not exist"), option, dir);
      return FALSE;
    }
  if (g_access (dir, W_OK) != 0)
    {
      g_set_error (error, IB_ERROR, IB_ERROR_INVALID,
                   _("%s: cannot write in the folder “%s”"), option, dir);
      return FALSE;
    }
  return TRUE;
}

gboolean
ib_cli_output_check (const IbCliOutput  *output,
                     GError            **error)
{
  g_return_val_if_fail (output != NULL, FALSE);

  return ib_cli_output_path_check ("--json", output->json, error) &&
         ib_cli_output_path_check ("--html", output->html, error) &&
         ib_cli_output_path_check ("--md", output->md, error) &&
         ib_cli_markdown_charts_check ("--md", output->md, FALSE, error) &&
         ib_cli_output_path_check ("--csv", output->csv, error) &&
         ib_cli_output_path_check ("--png", output->png, error);
}

gboolean
ib_cli_markdown_charts_check (const char  *option,
                              const char  *path,
                              gboolean     compare,
                              GError     **error)
{
  g_autoptr(GPtrArray) charts = NULL;
  g_autoptr(GError) local = NULL;

  if (path == NULL)
    return TRUE;
  /* Every chart it may write: the run's own are not known yet, and a file
   * the user did not name is never replaced. */
  charts = compare ? ib_compare_markdown_charts (NULL, path)
                   : ib_report_markdown_charts (NULL, path);
  if (ib_report_markdown_check_charts (charts, &local))
    return TRUE;
  g_set_error (error, IB_ERROR, IB_ERROR_INVALID, "%s: %s", option, local->message);
  return FALSE;
}

static IbChartKind
main_chart_kind (const IbCliOutput *output,
                 const IbReport    *report)
{
  static const IbChartKind order[] = {
    IB_CHART_STRATEGIES,
    IB_CHART_SWEEP,
    IB_CHART_OVERHEAD,
    IB_CHART_LATENCY,
  };

  if (output->png_kind >= 0)
    return (IbChartKind) output->png_kind;
  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    if (ib_chart_has_data (order[i], report, NULL))
      return order[i];
  return IB_CHART_STRATEGIES;
}

static gboolean
write_one (const char *option,
           const char *path,
           gboolean    ok,
           GError     *error,
           GPtrArray  *written)
{
  if (ok)
    {
      g_ptr_array_add (written, g_canonicalize_filename (path, NULL));
      return TRUE;
    }
  ib_cli_printerr ("%s: %s", option, error != NULL ? error->message : _("could not write"));
  g_clear_error (&error);
  return FALSE;
}

/* The charts a Markdown report wrote in its chart folder. */
static void
add_markdown_charts (const char     *md,
                     const IbReport *report,
                     GPtrArray      *written)
{
  g_autoptr(GPtrArray) charts = ib_report_markdown_charts (report, md);

  for (guint i = 0; i < charts->len; i++)
    if (g_file_test (g_ptr_array_index (charts, i), G_FILE_TEST_IS_REGULAR))
      g_ptr_array_add (written, g_canonicalize_filename (g_ptr_array_index (charts, i), NULL));
}

gboolean
ib_cli_output_write (const IbCliOutput *output,
                     const IbAnalysis  *analysis)
{
  gboolean all_ok = TRUE;
  g_autoptr(GPtrArray) written = g_ptr_array_new_with_free_func (g_free);
  const IbReport *report;

  g_return_val_if_fail (output != NULL, FALSE);
  g_return_val_if_fail (analysis != NULL, FALSE);

  report = ib_analysis_get_report (analysis);
  if (output->json != NULL)
    {
      GError *error = NULL;
      gboolean ok = ib_report_save_json (analysis, output->json, &error);

      all_ok &= write_one ("--json", output->json, ok, error, written);
    }
  if (output->html != NULL)
    {
      GError *error = NULL;
      gboolean ok = ib_report_save_html (analysis, output->html, &error);

      all_ok &= write_one ("--html", output->html, ok, error, written);
    }
  if (output->md != NULL)
    {
      GError *error = NULL;
      gboolean ok = ib_report_save_markdown (analysis, output->md, &error);

      if (ok)
        add_markdown_charts (output->md, report, written);
      all_ok &= write_one ("--md", output->md, ok, error, written);
    }
  if (output->csv != NULL)
    {
      GError *error = NULL;
      gboolean ok = ib_report_save_csv (analysis, output->csv, &error);

      all_ok &= write_one ("--csv", output->csv, ok, error, written);
    }
  if (output->png != NULL)
    {
      GError *error = NULL;
      IbChartStyle style;
      gboolean ok;

      ib_chart_style_init_light (&style);
      ok = ib_chart_export (main_chart_kind (output, report), report, NULL, &style,
                            IB_CHART_FORMAT_PNG, output->png,
                            output->png_width > 0 ? output->png_width : 1200,
                            output->png_height > 0 ? output->png_height : 700, 1.0, &error);
      all_ok &= write_one ("--png", output->png, ok, error, written);
    }
  /* Where everything went, in full, so it can be found (on stderr: stdout
   * keeps the tables). */
  if (!output->quiet && written->len > 0)
    {
      ib_cli_print (stderr, "%s\n", g_dngettext (GETTEXT_PACKAGE, "Wrote this file:",
                                             "Wrote these files:", written->len));
      for (guint i = 0; i < written->len; i++)
        ib_cli_print (stderr, "  %s\n", (const char *) g_ptr_array_index (written, i));
    }
  return all_ok;
}
