/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-chart.h: one cairo renderer for screen and export (docs/architecture.md,
 * "Reports, findings and charts").
 *
 * Pure functions: a report + a style + a size -> a drawing on any cairo_t.
 * The GTK widget calls ib_chart_draw() from its snapshot; export calls it on
 * image, SVG and PDF surfaces, so the file looks exactly like the screen.
 * cairo + pango only: no GTK here. */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "analysis/ib-analysis.h"
#include "engine/ib-types.h"

G_BEGIN_DECLS

typedef enum
{
  IB_CHART_STRATEGIES,   /* median time per strategy, CI whiskers, every sample a dot */
  IB_CHART_THROUGHPUT,   /* MiB/s per strategy */
  IB_CHART_CPU,          /* CPU user + system stacked against wall time */
  IB_CHART_LATENCY,      /* write+delete latency percentiles per mode (log time) */
  IB_CHART_OVERHEAD,     /* dispatch overhead ns/op (log) */
  IB_CHART_SWEEP,        /* sweep lines, log-log, crossover marked */
  IB_CHART_COMPARE,      /* two reports strategy by strategy, with the ratio */
  IB_CHART_STALL,        /* main-loop stall per strategy (log time), 60 Hz frame marked */
  IB_N_CHART_KINDS
} IbChartKind;

typedef enum
{
  IB_CHART_FORMAT_PNG,
  IB_CHART_FORMAT_SVG,
  IB_CHART_FORMAT_PDF,
} IbChartFormat;

typedef struct
{
  double r, g, b, a;
} IbRgba;

/* What IB_CHART_COMPARE draws of the two reports. */
typedef enum
{
  IB_COMPARE_CHART_AUTO,          /* the first both have: reads, overhead, write+delete, sweep */
  IB_COMPARE_CHART_READS,         /* median wall time per read strategy */
  IB_COMPARE_CHART_OVERHEAD,      /* median time per dispatch, per overhead kind */
  IB_COMPARE_CHART_WRITE_UNLINK,  /* total time per write + delete mode */
  IB_COMPARE_CHART_SWEEP,         /* median wall time per sweep point */
  IB_N_COMPARE_CHARTS
} IbCompareChart;

typedef struct
{
  IbRgba      background;
  IbRgba      foreground;
  IbRgba      grid;
  IbRgba      accent;
  gboolean    dark;
  gboolean    high_contrast;
  const char *font_family;   /* NULL: "Cantarell, DejaVu Sans, sans-serif" */
  double      font_scale;    /* 1.0 */
  gboolean    log_scale;     /* strategies/throughput charts: log value axis */
  gboolean    transparent;   /* do not paint the background */
  gboolean    keep_order;    /* rows in the plan's order, not by value: a run
                              * still going, whose rows must not jump about */
  IbCompareChart compare;    /* IB_CHART_COMPARE: which part of the reports */
} IbChartStyle;

/* Adwaita-like colours; the data palette (Okabe-Ito) is derived from
 * style->dark and style->high_contrast, so it stays readable on each. */
void         ib_chart_style_init_light (IbChartStyle *style);
void         ib_chart_style_init_dark  (IbChartStyle *style);
void         ib_chart_style_init_high_contrast (IbChartStyle *style,
                                                gboolean      dark);

const char  *ib_chart_kind_to_string   (IbChartKind   kind);   /* "strategies", "throughput", ... */
gboolean     ib_chart_kind_from_string (const char   *str,
                                        IbChartKind  *out);
const char  *ib_chart_kind_title       (IbChartKind   kind);   /* translated */
/* Whether @report has the data @kind needs (compare: @comparison's runs). */
gboolean     ib_chart_has_data         (IbChartKind         kind,
                                        const IbReport     *report,
                                        const IbComparison *comparison);

/* Whether IB_CHART_COMPARE can draw @what of @comparison (may be NULL):
 * both runs have that part (ib_compare_section_in_both); AUTO: any part. */
gboolean     ib_chart_compare_has_data (IbCompareChart      what,
                                        const IbComparison *comparison);
/* Whether IB_CHART_COMPARE draws @what on a log axis whatever
 * IbChartStyle.log_scale says (dispatch overhead and sweeps span orders of
 * magnitude, as their single-run charts): a log switch shows it on. */
gboolean     ib_chart_compare_always_log (IbCompareChart what);
/* The section of the comparison (ib_comparison_get_all_rows) @what draws;
 * READS for AUTO. */
IbCompareSection ib_chart_compare_section (IbCompareChart what);
/* The part AUTO stands for with these two reports (READS when none). */
IbCompareChart ib_chart_compare_resolve (IbCompareChart      what,
                                         const IbComparison *comparison);

/* Draws @kind at (0,0)-(width,height) in user units. @comparison is the two
 * runs for IB_CHART_COMPARE, which draws its rows (ib_comparison_get_all_rows)
 * and ignores @report (may be NULL); NULL for the other kinds. Never emits
 * NaN/inf to cairo; with no data it draws a clear "nothing to show" message. */
void         ib_chart_draw             (cairo_t            *cr,
                                        IbChartKind         kind,
                                        const IbReport     *report,
                                        const IbComparison *comparison,
                                        const IbChartStyle *style,
                                        double              width,
                                        double              height);

/* Text for a tooltip at (x, y) of a chart drawn at width x height, or NULL
 * when nothing is under the point. */
char        *ib_chart_query_tooltip    (IbChartKind         kind,
                                        const IbReport     *report,
                                        const IbComparison *comparison,
                                        const IbChartStyle *style,
                                        double              width,
                                        double              height,
                                        double              x,
                                        double              y);

/* What the chart of @kind shows, in words, for a screen reader (the app
 * sets it as the chart's accessible description): the rows and values it
 * draws, in the order drawn. "" when it has nothing to show. */
char        *ib_chart_describe         (IbChartKind         kind,
                                        const IbReport     *report,
                                        const IbComparison *comparison,
                                        const IbChartStyle *style);

/* A throughput as every chart prints it: three significant digits in KiB/s,
 * MiB/s or GiB/s ("5.84 GiB/s"); tables beside a chart use it too. */
char        *ib_chart_format_rate      (double              mib_per_s);

/* Writes the chart to @path through engine/ib-output.h (a file atomically,
 * a device, FIFO or "-" as it is, a link through to its target).
 * PNG is width*scale x height*scale pixels (scale 1 or 2; up to 4 accepted).
 * On failure nothing is left behind and @error (G_FILE_ERROR) reads
 * "Could not write “PATH”: REASON" (G_IO_ERROR_CANCELLED when interrupted). */
gboolean     ib_chart_export           (IbChartKind         kind,
                                        const IbReport     *report,
                                        const IbComparison *comparison,
                                        const IbChartStyle *style,
                                        IbChartFormat       format,
                                        const char         *path,
                                        int                 width,
                                        int                 height,
                                        double              scale,
                                        GError            **error);
/* Guesses the format from the file name extension. */
gboolean     ib_chart_format_from_path (const char    *path,
                                        IbChartFormat *out);

G_END_DECLS
