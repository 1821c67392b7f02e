/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-export.c: every file the GUI writes or reads goes through the report
 * and chart libraries, on a GTask worker thread with its own copy of the
 * report, so rendering HTML with its charts never stalls the window. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <glib/gstdio.h>

#include "engine/model/ib-error.h"
#include "analysis/ib-compare.h"
#include "report/ib-compare-writers.h"
#include "analysis/ib-analysis.h"
#include "report/ib-report-io.h"
#include "ib-export.h"
#include "ib-history-store.h"

/* The formats that are not charts: reports and their data. */
static const struct
{
  const char *id;
  const char *mime_type;
} report_formats[] = {
  { "html", "text/html" },
  { "md", "text/markdown" },
  { "csv", "text/csv" },
  { "json", "application/json" },
};

/* A chart format's id with its size: "png:1280x720@2" (pixel formats only). */
static gboolean
parse_chart_size (const char     *size,
                  IbExportFormat *out)
{
  int w = 0, h = 0, s = 0;

  if (!out->chart_format->pixels || sscanf (size, "%dx%d@%d", &w, &h, &s) != 3 || w < 200 || w > 8000 || h < 150 || h > 8000 || (s != 1 && s != 2))
    return FALSE;
  out->width = w;
  out->height = h;
  out->scale = s;
  return TRUE;
}

gboolean
ib_export_parse_format (const char      *id,
                        IbExportFormat  *out,
                        GError         **error)
{
  const char      *colon;
  g_autofree char *name = NULL;

  g_return_val_if_fail (id != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  memset (out, 0, sizeof *out);
  out->scale = 1.0;
  out->width = 1280;
  out->height = 720;

  colon = strchr (id, ':');
  name = colon != NULL ? g_strndup (id, colon - id) : g_strdup (id);
  out->chart_format = ib_chart_format_lookup (name);
  if (out->chart_format != NULL)
    {
      out->is_chart = TRUE;
      out->extension = out->chart_format->id;
      out->mime_type = out->chart_format->mime_type;
      if (colon == NULL || parse_chart_size (colon + 1, out))
        return TRUE;
    }
  else if (colon == NULL)
    for (guint i = 0; i < G_N_ELEMENTS (report_formats); i++)
      if (g_str_equal (id, report_formats[i].id))
        {
          out->extension = report_formats[i].id;
          out->mime_type = report_formats[i].mime_type;
          return TRUE;
        }
  g_set_error (error, IB_ERROR, IB_ERROR_INVALID, _("Unknown export format “%s”"), id);
  return FALSE;
}

static char *
report_stem (const IbReport *report)
{
  g_autoptr(GDateTime) created = NULL;
  g_autofree char *stamp = NULL;
  const char *preset = report->plan != NULL && report->plan->preset != NULL
                     ? report->plan->preset : "custom";

  if (report->created != NULL)
    created = g_date_time_new_from_iso8601 (report->created, NULL);
  if (created == NULL)
    created = g_date_time_new_now_utc ();
  stamp = g_date_time_format (created, "%Y%m%d-%H%M%S");
  return g_strdup_printf ("iobench-%s-%s", preset, stamp);
}

/* The chart in a file name: its short title untranslated, lower case
 * ("time", "throughput"), which says what a reader sees, where the kind's
 * id says what the CLI's --kind takes ("strategies"). */
static char *
kind_file_word (const IbChartKindInfo *kind)
{
  g_autofree char *word = g_ascii_strdown (kind->short_title, -1);

  g_strdelimit (word, " +/", '-');
  return g_steal_pointer (&word);
}

/* The size of a pixel format, when not the default 1280x720 at 1x:
 * "-1920x1080", "-2x", "-800x600-2x"; "" for SVG and PDF. */
static char *
size_suffix (const IbExportFormat *format)
{
  GString *suffix = g_string_new (NULL);

  if (format->chart_format == NULL || !format->chart_format->pixels)
    return g_string_free (suffix, FALSE);
  if (format->width != 1280 || format->height != 720)
    g_string_append_printf (suffix, "-%dx%d", format->width, format->height);
  if (format->scale != 1.0)
    g_string_append_printf (suffix, "-%gx", format->scale);
  return g_string_free (suffix, FALSE);
}

char *
ib_export_suggest_name (const IbReport        *report,
                        const IbChartKindInfo *kind,
                        const IbExportFormat  *format)
{
  g_autofree char *stem = NULL;
  g_autofree char *word = NULL;
  g_autofree char *size = NULL;

  g_return_val_if_fail (report != NULL, NULL);
  g_return_val_if_fail (format != NULL, NULL);

  stem = report_stem (report);
  if (kind == NULL || (!format->is_chart && !kind->two_runs))
    return g_strdup_printf ("%s.%s", stem, format->extension);
  word = kind_file_word (kind);
  size = size_suffix (format);
  return g_strdup_printf ("%s-%s%s.%s", stem, word, size, format->extension);
}

void
ib_export_fit_format (IbExportFormat        *format,
                      const IbChartKindInfo *kind,
                      const IbReport        *report,
                      const IbComparison    *comparison,
                      gboolean               log_scale,
                      IbCompareChart         compare)
{
  IbChartStyle   style;
  IbChartRequest request = { kind, report, comparison, &style, format->width, format->height };

  g_return_if_fail (format != NULL);

  if (!format->is_chart || kind == NULL)
    return;
  ib_chart_style_init_light (&style);
  style.log_scale = log_scale;
  style.compare = compare;
  format->height = ib_chart_fit_height (&request);
}

/* ---- export ----------------------------------------------------------- */

GPtrArray *
ib_export_existing_extras (const IbReport     *report,
                           const IbComparison *comparison,
                           const char     *format_id,
                           const char     *path)
{
  g_autoptr(GPtrArray) charts = NULL;
  GPtrArray *existing = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (report != NULL, existing);
  g_return_val_if_fail (format_id != NULL && path != NULL, existing);

  if (!g_str_equal (format_id, "md"))
    return existing;
  charts = comparison != NULL ? ib_compare_markdown_charts (comparison, path)
                              : ib_report_markdown_charts (report, path);
  for (guint i = 0; i < charts->len; i++)
    if (g_file_test (g_ptr_array_index (charts, i), G_FILE_TEST_EXISTS))
      g_ptr_array_add (existing, g_strdup (g_ptr_array_index (charts, i)));
  return existing;
}

typedef struct
{
  IbAnalysis     *analysis;    /* one run, or NULL */
  IbComparison   *comparison;  /* two runs, or NULL */
  const IbChartKindInfo *kind;
  gboolean        log_scale;
  IbCompareChart  compare;
  IbExportFormat  format;
  char           *path;
  gboolean        replace_extras;
} ExportJob;

static void
export_job_free (gpointer data)
{
  ExportJob *job = data;

  g_clear_pointer (&job->analysis, ib_analysis_unref);
  g_clear_pointer (&job->comparison, ib_comparison_unref);
  g_free (job->path);
  g_free (job);
}

static void
export_thread (GTask        *task,
               gpointer      source,
               gpointer      task_data,
               GCancellable *cancellable)
{
  ExportJob *job = task_data;
  GError *error = NULL;
  gboolean ok;

  if (job->format.is_chart)
    {
      const IbAnalysis *a = job->comparison != NULL ? ib_comparison_get_a (job->comparison)
                                                    : job->analysis;
      IbChartStyle style;
      IbChartRequest    request = { job->kind, ib_analysis_get_report (a), job->comparison, &style,
                                    job->format.width, job->format.height };

      /* Files are documents: always the light style, opaque. */
      ib_chart_style_init_light (&style);
      style.log_scale = job->log_scale;
      style.compare = job->compare;
      /* as tall as its rows need (ib_export_fit_format) */
      request.height = ib_chart_fit_height (&request);
      ok = ib_chart_export (&request, job->format.chart_format, job->path, job->format.scale,
                            &error);
    }
  else if (job->comparison != NULL && g_str_equal (job->format.extension, "html"))
    /* a comparison as a report (ib-compare.h) */
    ok = ib_compare_save_html (job->comparison, job->log_scale, job->path, &error);
  else if (job->comparison != NULL && g_str_equal (job->format.extension, "md"))
    ok = ib_compare_save_markdown_full (job->comparison, job->log_scale, job->path,
                                        job->replace_extras, &error);
  else if (job->comparison != NULL)
    {
      ok = FALSE;
      g_set_error (&error, IB_ERROR, IB_ERROR_INVALID,
                   _("A comparison is exported as a chart (PNG, SVG or PDF) or as a report "
                     "(HTML or Markdown). For CSV or JSON, open one of the two runs."));
    }
  else if (g_str_equal (job->format.extension, "html"))
    ok = ib_report_save_html_full (job->analysis, job->log_scale, job->path, &error);
  else if (g_str_equal (job->format.extension, "md"))
    ok = ib_report_save_markdown_full (job->analysis, job->log_scale, job->path,
                                       job->replace_extras, &error);
  else if (g_str_equal (job->format.extension, "csv"))
    ok = ib_report_save_csv (job->analysis, job->path, &error);
  else
    ok = ib_report_save_json (job->analysis, job->path, &error);

  if (ok)
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

void
ib_export_async (const IbExportRequest *request,
                 GCancellable          *cancellable,
                 GAsyncReadyCallback    callback,
                 gpointer               user_data)
{
  g_autoptr(GTask) task = NULL;
  GError *error = NULL;
  ExportJob *job;

  g_return_if_fail (request != NULL);
  g_return_if_fail ((request->analysis != NULL) != (request->comparison != NULL));
  g_return_if_fail (request->format_id != NULL);
  g_return_if_fail (request->path != NULL);

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, ib_export_async);
  job = g_new0 (ExportJob, 1);
  g_task_set_task_data (task, job, export_job_free);
  if (!ib_export_parse_format (request->format_id, &job->format, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  /* The worker gets its own copy of a live report, which keeps growing;
   * an analysis of a finished one does not change. */
  if (request->analysis != NULL && ib_analysis_is_live (request->analysis))
    {
      g_autoptr(IbReport) copy = ib_report_copy (ib_analysis_get_report (request->analysis));

      job->analysis = ib_analysis_new_live (copy);
    }
  else if (request->analysis != NULL)
    job->analysis = ib_analysis_ref (request->analysis);
  else
    job->comparison = ib_comparison_ref (request->comparison);
  job->kind = request->kind;
  job->log_scale = request->log_scale;
  job->compare = request->compare;
  job->path = g_strdup (request->path);
  job->replace_extras = request->replace_extras;
  g_task_run_in_thread (task, export_thread);
}

gboolean
ib_export_finish (GAsyncResult  *result,
                  GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

/* ---- history ---------------------------------------------------------- */

char *
ib_history_dir (void)
{
  return g_build_filename (g_get_user_data_dir (), "iobench", "history", NULL);
}

static void
history_save_thread (GTask        *task,
                     gpointer      source,
                     gpointer      task_data,
                     GCancellable *cancellable)
{
  IbAnalysis *analysis = task_data;
  g_autofree char *dir = ib_history_dir ();
  g_autofree char *stem = report_stem (ib_analysis_get_report (analysis));
  GError *error = NULL;
  char *path = ib_history_save_to (dir, stem, analysis, &error);

  if (path == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, path, g_free);
}

void
ib_history_save_async (IbAnalysis          *analysis,
                       GCancellable        *cancellable,
                       GAsyncReadyCallback  callback,
                       gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (analysis != NULL);
  g_return_if_fail (!ib_analysis_is_live (analysis));

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, ib_history_save_async);
  g_task_set_task_data (task, ib_analysis_ref (analysis), (GDestroyNotify) ib_analysis_unref);
  g_task_run_in_thread (task, history_save_thread);
}

char *
ib_history_save_finish (GAsyncResult  *result,
                        GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

/* ---- loading ---------------------------------------------------------- */

static void
load_thread (GTask        *task,
             gpointer      source,
             gpointer      task_data,
             GCancellable *cancellable)
{
  GError *error = NULL;
  g_autoptr(IbReport) report = NULL;

  /* The loader says what a file that is not a report is (a chart, an
   * HTML page, ...) and what to open instead. */
  report = ib_report_load_json (task_data, &error);
  /* The answer and findings are a function of the data: say them with this
   * version's wording, groups and language, as `iobench-cli report` does. */
  if (report == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, ib_analysis_new (report), (GDestroyNotify) ib_analysis_unref);
}

void
ib_report_load_async (const char          *path,
                      GCancellable        *cancellable,
                      GAsyncReadyCallback  callback,
                      gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (path != NULL);

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, ib_report_load_async);
  g_task_set_task_data (task, g_strdup (path), g_free);
  g_task_run_in_thread (task, load_thread);
}

IbAnalysis *
ib_report_load_finish (GAsyncResult  *result,
                       GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
