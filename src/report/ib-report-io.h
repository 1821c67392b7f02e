/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-report-io.h: reading and writing reports (docs/architecture.md,
 * "Reports, findings and charts").
 *
 * Every writer writes through engine/io/ib-output.h: a file atomically (a
 * temporary file + rename; an error leaves no half-written file and never
 * touches an existing file at @path unless the whole new content was
 * written), a device, FIFO or "-" (stdout) as it is, a symbolic link
 * through to its target. */
#pragma once

#include <glib.h>

#include "analysis/ib-analysis.h"
#include "engine/model/ib-types.h"

G_BEGIN_DECLS

#define IB_REPORT_SCHEMA  "iobench-report"
/* The version this build writes, and the oldest it reads: 2 stores warnings
 * as a key and values (engine/model/ib-warning.h), 1 as sentences. A
 * report of a later version is refused with words that say so. */
#define IB_REPORT_VERSION 2
#define IB_REPORT_VERSION_OLDEST 1

/* The most a report may hold (README, "Limits"). The loader refuses more,
 * naming the limit, in iobench-cli and the window alike: the memory it takes
 * to open any file is bounded. */
#define IB_REPORT_MAX_BYTES      ((gsize) 64 << 20) /* 64 MiB of JSON */
#define IB_REPORT_MAX_ENTRIES    100000             /* in any one array (samples, ...) */
#define IB_REPORT_MAX_STRATEGIES 64                 /* strategies of a plan or sweep,
                                                     * and their statistics */

/* Every writer takes the report's analysis (analysis/ib-analysis.h), built
 * once: the answer and findings it writes are the analysis's. */

/* JSON (json-glib), schema iobench-report version IB_REPORT_VERSION. */
char     *ib_report_to_json       (const IbAnalysis *analysis,
                                   gsize            *length);
gboolean  ib_report_save_json     (const IbAnalysis *analysis,
                                   const char       *path,
                                   GError          **error);
/* Validates schema, version, types and ranges; IB_ERROR_FORMAT with a message
 * naming what is wrong (and where) otherwise. A leading UTF-8 byte order mark
 * is skipped. ib_report_load_json reads a regular file only (a device, FIFO
 * or folder is refused at once, saying what it is), and neither reads more
 * than IB_REPORT_MAX_BYTES. */
IbReport *ib_report_from_json     (const char     *data,
                                   gssize          length,
                                   GError        **error);
IbReport *ib_report_load_json     (const char     *path,
                                   GError        **error);

/* CSV: one row per sample, RFC 4180 quoting. */
char     *ib_report_to_csv        (const IbAnalysis *analysis);
gboolean  ib_report_save_csv      (const IbAnalysis *analysis,
                                   const char       *path,
                                   GError          **error);
/* Markdown: tables, and PNG charts in a folder of their own named after the
 * report: "DIR/NAME.md" -> "DIR/NAME-charts/KIND.png". The folder is made
 * when missing; a chart file already in it is never replaced (G_IO_ERROR_EXISTS
 * naming it) unless @replace_charts, which only a user's yes may set. On
 * failure no chart made by this call is left behind. */
gboolean   ib_report_save_markdown      (const IbAnalysis *analysis,
                                         const char       *path,
                                         GError          **error);
/* The same with the charts' time axes logarithmic when @log_scale (as
 * ib_report_save_html_full). */
gboolean   ib_report_save_markdown_full (const IbAnalysis *analysis,
                                         gboolean          log_scale,
                                         const char       *path,
                                         gboolean          replace_charts,
                                         GError          **error);
/* "DIR/NAME-charts" for "DIR/NAME.md". */
char      *ib_report_markdown_chart_dir (const char     *path);
/* The chart files a Markdown export of @report to @path writes, in order;
 * every one it may write when @report is NULL. */
GPtrArray *ib_report_markdown_charts    (const IbReport *report,
                                         const char     *path);
/* Fails with G_IO_ERROR_EXISTS, naming the first of @paths that exists, or
 * G_IO_ERROR_NOT_DIRECTORY when their folder is not one. */
gboolean   ib_report_markdown_check_charts (GPtrArray  *paths,
                                            GError    **error);
/* Fails with G_IO_ERROR_NOT_REGULAR_FILE when @path is "-", a device or a
 * FIFO (engine/io/ib-output.h): a Markdown report's charts go in a folder
 * beside it, so it must be a file. */
gboolean   ib_report_markdown_check_target (const char  *path,
                                            GError     **error);
/* HTML: one self-contained file, inline SVG charts (no external URL). */
char     *ib_report_to_html       (const IbAnalysis *analysis,
                                   GError          **error);
gboolean  ib_report_save_html     (const IbAnalysis *analysis,
                                   const char       *path,
                                   GError          **error);
/* The same with the charts' time axes logarithmic when @log_scale, as the
 * window's log switch (IbChartStyle.log_scale, where a chart has it). */
char    *ib_report_to_html_full (const IbAnalysis *analysis,
                                 gboolean          log_scale,
                                 GError          **error);
gboolean ib_report_save_html_full (const IbAnalysis *analysis,
                                   gboolean          log_scale,
                                   const char       *path,
                                   GError          **error);

G_END_DECLS
