/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-output.c: the output options (--json, --html, --md, --csv, --png,
 * --log):
 * checked before a run, written after it. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "chart/ib-chart.h"
#include "cli-common.h"
#include "engine/model/ib-error.h"
#include "engine/io/ib-output.h"
#include "report/ib-compare-writers.h"
#include "report/ib-report-io.h"

/* ---- output options ---------------------------------------------------- */

void
ib_cli_output_init (IbCliOutput *output)
{
  memset (output, 0, sizeof *output);
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
  GOptionEntry entries[8];
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
  /* the charts of --html, --md and --png, as the window's log switch */
  ADD (IB_CLI_OUTPUT_LOG, "log", G_OPTION_ARG_NONE, &output->log_scale,
       N_("Logarithmic time axis in the charts"), NULL)
#undef ADD
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_description (context, ib_cli_outputs_help ());
}

const char *
ib_cli_outputs_help (void)
{
  return _("Outputs: “-” is standard output (the text then goes to stderr); a device or a "
           "pipe is written to as it is; a symbolic link is written through to its target; a "
           "file is replaced only once its new content is complete. No output may be a file "
           "the command reads.\n\n"
           "Exit codes: 0 done; 1 failed under way (a run, a report that cannot be read, a "
           "write that fails, a full disk); 2 refused before any work (a bad option or "
           "argument, an output that cannot be written: a folder, a missing or read-only "
           "folder, an input); 130 / 143 interrupted by SIGINT / SIGTERM (no temporary file "
           "is left, and the outputs not begun are not written).");
}

gboolean
ib_cli_output_path_check (const char         *option,
                          const char         *path,
                          const char * const *inputs,
                          GError            **error)
{
  g_autoptr(GError) local = NULL;

  if (path == NULL || ib_output_check (path, inputs, NULL, &local))
    return TRUE;
  g_set_error (error, IB_ERROR, IB_ERROR_INVALID, "%s: %s", option, local->message);
  return FALSE;
}

void
ib_cli_claim_stdout (char  **paths[],
                     guint   n)
{
  static gboolean claimed;
  gboolean any = FALSE;
  int fd;

  /* "/dev/stdout" will soon name stderr: each is "-" from now on */
  for (guint i = 0; i < n; i++)
    if (*paths[i] != NULL && ib_output_is_stdout (*paths[i]))
      {
        g_free (*paths[i]);
        *paths[i] = g_strdup ("-");
        any = TRUE;
      }
  if (!any || claimed)
    return;
  fflush (stdout);
  fd = fcntl (STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);
  if (fd < 0)
    return;
  if (dup2 (STDERR_FILENO, STDOUT_FILENO) < 0)
    {
      close (fd);
      return;
    }
  ib_output_set_stdout (fd);
  claimed = TRUE;
}

gboolean
ib_cli_output_check (IbCliOutput        *output,
                     GError            **error)
{
  char **paths[] = { &output->json, &output->html, &output->md, &output->csv, &output->png };

  g_return_val_if_fail (output != NULL, FALSE);

  if (!(ib_cli_output_path_check ("--json", output->json, output->inputs, error) &&
        ib_cli_output_path_check ("--html", output->html, output->inputs, error) &&
        ib_cli_output_path_check ("--md", output->md, output->inputs, error) &&
        ib_cli_markdown_charts_check ("--md", output->md, FALSE, error) &&
        ib_cli_output_path_check ("--csv", output->csv, output->inputs, error) &&
        ib_cli_output_path_check ("--png", output->png, output->inputs, error)))
    return FALSE;
  ib_cli_claim_stdout (paths, G_N_ELEMENTS (paths));
  return TRUE;
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
  if (!ib_report_markdown_check_target (path, &local))
    {
      g_set_error (error, IB_ERROR, IB_ERROR_INVALID, "%s: %s", option, local->message);
      return FALSE;
    }
  /* Every chart it may write: the run's own are not known yet, and a file
   * the user did not name is never replaced. */
  charts = compare ? ib_compare_markdown_charts (NULL, path)
                   : ib_report_markdown_charts (NULL, path);
  if (ib_report_markdown_check_charts (charts, &local))
    return TRUE;
  g_set_error (error, IB_ERROR, IB_ERROR_INVALID, "%s: %s", option, local->message);
  return FALSE;
}

/* The run's main picture: the first kind in the table that may be one
 * (IbChartKindInfo.main_chart) and has data, else the first kind. */
static const IbChartKindInfo *
main_chart_kind (const IbReport *report)
{
  for (guint i = 0; i < ib_chart_n_kinds (); i++)
    {
      const IbChartKindInfo *kind = ib_chart_kind_nth (i);

      if (kind->main_chart && ib_chart_has_data (kind, report, NULL))
        return kind;
    }
  return ib_chart_kind_nth (0);
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
      g_ptr_array_add (written, ib_output_is_stdout (path)
                                  ? g_strdup (_("(standard output)"))
                                  : g_canonicalize_filename (path, NULL));
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

int
ib_cli_output_write (const IbCliOutput *output,
                     const IbAnalysis  *analysis,
                     int                code)
{
  gboolean all_ok = TRUE;
  g_autoptr(GPtrArray) written = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GCancellable) interrupt = NULL;
  const IbReport *report;

  g_return_val_if_fail (output != NULL, IB_EXIT_FAILED);
  g_return_val_if_fail (analysis != NULL, IB_EXIT_FAILED);

  report = ib_analysis_get_report (analysis);
  interrupt = ib_cli_outputs_begin ();
#define SKIPPED(option, path) ib_cli_output_skipped (interrupt, option, path)
  if (output->json != NULL && !SKIPPED ("--json", output->json))
    {
      GError *error = NULL;
      gboolean ok = ib_report_save_json (analysis, output->json, &error);

      all_ok &= write_one ("--json", output->json, ok, error, written);
    }
  if (output->html != NULL && !SKIPPED ("--html", output->html))
    {
      GError *error = NULL;
      gboolean ok = ib_report_save_html_full (analysis, output->log_scale, output->html, &error);

      all_ok &= write_one ("--html", output->html, ok, error, written);
    }
  if (output->md != NULL && !SKIPPED ("--md", output->md))
    {
      GError *error = NULL;
      gboolean ok = ib_report_save_markdown_full (analysis, output->log_scale, output->md, FALSE,
                                                  &error);

      if (ok)
        add_markdown_charts (output->md, report, written);
      all_ok &= write_one ("--md", output->md, ok, error, written);
    }
  if (output->csv != NULL && !SKIPPED ("--csv", output->csv))
    {
      GError *error = NULL;
      gboolean ok = ib_report_save_csv (analysis, output->csv, &error);

      all_ok &= write_one ("--csv", output->csv, ok, error, written);
    }
  if (output->png != NULL && !SKIPPED ("--png", output->png))
    {
      GError *error = NULL;
      IbChartStyle style;
      IbChartRequest request = { main_chart_kind (report), report, NULL, &style,
                                 output->png_width > 0 ? output->png_width : 1200,
                                 output->png_height > 0 ? output->png_height : 700 };
      gboolean ok;

      ib_chart_style_init_light (&style);
      style.log_scale = output->log_scale;
      ok = ib_chart_export (&request, ib_chart_format_lookup ("png"), output->png, 1.0, &error);
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
#undef SKIPPED
  if (!all_ok && code == IB_EXIT_OK)
    code = IB_EXIT_FAILED;
  return ib_cli_outputs_end (interrupt, code);
}
