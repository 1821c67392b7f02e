/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-export.h: writes a chart or a report to a file off the main thread. */
#pragma once

#include <gio/gio.h>

#include "analysis/ib-analysis.h"
#include "chart/ib-chart.h"

G_BEGIN_DECLS

/* Format ids used by the export menu and the win.export action:
 * "png:WxH@S" (e.g. "png:1280x720@2"), "svg", "pdf", "html", "md", "csv", "json". */
typedef struct
{
  gboolean       is_chart;
  const IbChartFormatInfo *chart_format; /* NULL: a report, not a chart */
  const char    *extension;    /* "png", "html", ... */
  const char    *mime_type;
  int            width;
  int            height;
  double         scale;
} IbExportFormat;

gboolean  ib_export_parse_format   (const char      *id,
                                    IbExportFormat  *out,
                                    GError         **error);
/* "iobench-quick-20261129-232000-time-2x.png": the run, the chart's short
 * title and the size when not 1280x720 at 1x; a report: "….html". */
char *ib_export_suggest_name (const IbReport        *report,
                              const IbChartKindInfo *kind,
                              const IbExportFormat  *format);
/* @format's height for @kind's chart of @report (or @comparison) as the
 * export draws it, log or not, part @compare: as tall as its rows need
 * (ib_chart_fit_height); the name proposed for it says that size. */
void ib_export_fit_format (IbExportFormat        *format,
                           const IbChartKindInfo *kind,
                           const IbReport        *report,
                           const IbComparison    *comparison,
                           gboolean               log_scale,
                           IbCompareChart         compare);
/* The files besides @path a Markdown export (@format_id "md") of @report
 * (or of @comparison) would replace: its chart folder's files that exist
 * already. Empty for every other format. */
GPtrArray *ib_export_existing_extras (const IbReport     *report,
                                      const IbComparison *comparison,
                                      const char     *format_id,
                                      const char     *path);
/* What an export writes, and where: @analysis (one run) or @comparison (two
 * runs, a kind of two runs or the comparison's report; the other NULL).
 * @compare is the part a comparison's chart draws (IbChartStyle.compare). A
 * Markdown report's charts that exist already are replaced only with
 * @replace_extras (the user said yes); otherwise the export fails naming
 * the first. */
typedef struct
{
  IbAnalysis            *analysis;
  IbComparison          *comparison;
  const IbChartKindInfo *kind;
  gboolean               log_scale;
  IbCompareChart         compare;
  const char            *format_id;
  const char            *path;
  gboolean               replace_extras;
} IbExportRequest;

/* Writes @request on a worker thread, its analysis or comparison
 * referenced; a live analysis's report is copied first. */
void      ib_export_async          (const IbExportRequest *request,
                                    GCancellable          *cancellable,
                                    GAsyncReadyCallback    callback,
                                    gpointer               user_data);
gboolean  ib_export_finish         (GAsyncResult    *result,
                                    GError         **error);

/* Saves the report of @analysis (referenced; not live) as JSON into the
 * history folder (off the main thread). */
void      ib_history_save_async    (IbAnalysis      *analysis,
                                    GCancellable    *cancellable,
                                    GAsyncReadyCallback callback,
                                    gpointer         user_data);
/* Returns the path written. */
char     *ib_history_save_finish   (GAsyncResult    *result,
                                    GError         **error);
/* g_get_user_data_dir()/iobench/history */
char     *ib_history_dir           (void);

/* Loads a JSON report off the main thread and analyses it there: the
 * finish gives its analysis (ib_analysis_new). */
void      ib_report_load_async     (const char      *path,
                                    GCancellable    *cancellable,
                                    GAsyncReadyCallback callback,
                                    gpointer         user_data);
IbAnalysis *ib_report_load_finish  (GAsyncResult    *result,
                                    GError         **error);

G_END_DECLS
