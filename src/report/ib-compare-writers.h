/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-compare-writers.h: the comparison of two reports (analysis/ib-compare.h)
 * written as HTML or Markdown with its charts. */
#pragma once

#include <glib.h>

#include "analysis/ib-compare.h"
#include "chart/ib-chart.h"
#include "engine/ib-types.h"

G_BEGIN_DECLS

/* The part of IB_CHART_COMPARE (IbChartStyle.compare) that draws @section. */
IbCompareChart ib_compare_section_chart (IbCompareSection section);
/* The section a "reads", "overhead", "write-unlink" or "sweep" names. */
gboolean    ib_compare_section_from_id (const char       *id,
                                        IbCompareSection *out);
/* Height of the compare chart of @what drawn IB_REPORT_CHART_WIDTH wide: two
 * bars a row below its title and legend. */
int         ib_compare_chart_height (const IbReport *a,
                                     const IbReport *b,
                                     IbCompareChart  what);
/* One self-contained HTML page: the two runs named by preset and date, what
 * differs between them, then one part a section: its compare chart as
 * inline SVG (light and dark; log time axis with @log_scale) when both runs
 * have it, and its table with a verdict sentence a row. */
char       *ib_compare_to_html     (const IbReport *a,
                                    const IbReport *b,
                                    gboolean        log_scale,
                                    GError        **error);
/* Writes ib_compare_to_html to @path atomically. */
gboolean    ib_compare_save_html   (const IbReport *a,
                                    const IbReport *b,
                                    gboolean        log_scale,
                                    const char     *path,
                                    GError        **error);
/* The same in Markdown, each chart as ib_compare_chart_path() beside it; on
 * failure no file is left behind. */
gboolean    ib_compare_save_markdown (const IbReport *a,
                                      const IbReport *b,
                                      gboolean        log_scale,
                                      const char     *path,
                                      GError        **error);
/* "DIR/NAME-compare-overhead.png" for "DIR/NAME.md" and the overhead. */
char       *ib_compare_chart_path  (const char       *markdown_path,
                                    IbCompareSection  section);

G_END_DECLS
