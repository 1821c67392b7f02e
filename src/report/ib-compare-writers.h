/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-compare-writers.h: the comparison of two reports (analysis/ib-compare.h)
 * written as HTML or Markdown with its charts. */
#pragma once

#include <glib.h>

#include "analysis/ib-analysis.h"
#include "analysis/ib-compare.h"
#include "chart/ib-chart.h"
#include "engine/model/ib-types.h"

G_BEGIN_DECLS

/* The part of the comparison chart (IbChartStyle.compare) that draws @section. */
IbCompareChart ib_compare_section_chart (IbCompareSection section);
/* The section a "reads", "overhead", "write-unlink" or "sweep" names. */
gboolean    ib_compare_section_from_id (const char       *id,
                                        IbCompareSection *out);
/* Height of the compare chart of @what drawn IB_REPORT_CHART_WIDTH wide: two
 * bars a row below its title and legend. */
int         ib_compare_chart_height (const IbComparison *comparison,
                                     IbCompareChart      what);
/* Each writer takes the comparison (analysis/ib-analysis.h), built once.
 *
 * One self-contained HTML page: the two runs named by preset and date, what
 * differs between them, then one part a section: its compare chart as
 * inline SVG (light and dark; log time axis with @log_scale) when both runs
 * have it, and its table with a verdict sentence a row. */
char       *ib_compare_to_html     (const IbComparison *comparison,
                                    gboolean            log_scale,
                                    GError            **error);
/* Writes ib_compare_to_html to @path atomically. */
gboolean    ib_compare_save_html   (const IbComparison *comparison,
                                    gboolean            log_scale,
                                    const char         *path,
                                    GError            **error);
/* The same in Markdown, each chart as ib_compare_chart_path() in the
 * report's chart folder; an existing chart is replaced only with
 * @replace_charts (see ib_report_save_markdown_full); on failure no file
 * made by the call is left behind. */
gboolean    ib_compare_save_markdown (const IbComparison *comparison,
                                      gboolean            log_scale,
                                      const char         *path,
                                      GError            **error);
gboolean    ib_compare_save_markdown_full (const IbComparison *comparison,
                                           gboolean            log_scale,
                                           const char         *path,
                                           gboolean            replace_charts,
                                           GError            **error);
/* "DIR/NAME-charts/overhead.png" for "DIR/NAME.md" and the overhead. */
char       *ib_compare_chart_path  (const char       *markdown_path,
                                    IbCompareSection  section);
/* The chart files ib_compare_save_markdown writes for @comparison; every
 * one it may write when it is NULL. */
GPtrArray  *ib_compare_markdown_charts (const IbComparison *comparison,
                                        const char         *path);

G_END_DECLS
