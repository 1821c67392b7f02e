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
#include "engine/model/ib-types.h"

G_BEGIN_DECLS

typedef struct
{
  double r, g, b, a;
} IbRgba;

/* What the comparison chart ("compare") draws of the two reports. */
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
  IbCompareChart compare;       /* "compare": which part of the reports */
} IbChartStyle;

/* Adwaita-like colours; the data palette (Okabe-Ito) is derived from
 * style->dark and style->high_contrast, so it stays readable on each. */
void         ib_chart_style_init_light (IbChartStyle *style);
void         ib_chart_style_init_dark  (IbChartStyle *style);
void         ib_chart_style_init_high_contrast (IbChartStyle *style,
                                                gboolean      dark);

/* ---- kinds and formats: one descriptor each -------------------------------
 *
 * Every chart kind is one IbChartKindInfo, defined in its own file of
 * src/chart (ib-chart-sweep.c, ...) and listed once in ib-chart-kinds.c.
 * Other layers never name a kind: they iterate the table
 * (ib_chart_kind_nth) or look one up by its id (ib_chart_kind_lookup), and
 * read what they need from the descriptor. A new kind is a new file and a
 * row of that table. */

typedef struct _IbChartCtx        IbChartCtx;
typedef struct _IbChartKindInfo   IbChartKindInfo;
typedef struct _IbChartFormatInfo IbChartFormatInfo;

/* What every drawing, export, tooltip and description is of: which chart,
 * of what, in which style, at which size (user units). @comparison is the
 * two runs of a kind with two_runs (which ignores @report: may be NULL);
 * NULL for the others. */
typedef struct
{
  const IbChartKindInfo *kind;
  const IbReport        *report;
  const IbComparison    *comparison;
  const IbChartStyle    *style;
  double                 width;
  double                 height;
} IbChartRequest;

struct _IbChartKindInfo
{
  const char *id;              /* "strategies": --kind, file and page names */
  const char *title;           /* N_(): the chart's title (ib_chart_kind_title) */
  const char *short_title;     /* N_(): the window's view switcher */
  const char *icon;            /* symbolic icon of its page in the window */
  const char *no_data;         /* N_(): why there is nothing to draw, and what to run */
  gboolean    two_runs;        /* draws IbChartRequest.comparison, not a report */
  gboolean    in_reports;      /* one of a run's HTML/Markdown report charts */
  gboolean    main_chart;      /* may be a run's main picture (--png), table order */
  gboolean    log_switch;      /* IbChartStyle.log_scale applies (the window's switch) */
  gboolean    grows_in_window; /* the window's chart grows with rows() */
  /* Whether @report (or @comparison, with two_runs) has what it draws. */
  gboolean (*has_data) (const IbReport     *report,
                        const IbComparison *comparison);
  /* Lays out and draws; with the context's query set, answers the tooltip
   * at the query point instead (the same layout: ib-chart-private.h). */
  void (*draw) (IbChartCtx *ctx);
  /* The subtitle's parts for @ctx's report, added to @parts (g_free'd). */
  void (*subtitle) (IbChartCtx *ctx,
                    GPtrArray  *parts);
  /* What it shows, in words, for a screen reader (ib_chart_describe). */
  char *(*describe) (const IbChartRequest *request);
  /* The rows it draws, one above another, or NULL: a fixed-height chart.
   * Reports make row charts as tall as their rows (ib_chart_kind_height). */
  guint (*rows) (const IbReport *report);
};

struct _IbChartFormatInfo
{
  const char *id; /* "png", "svg", "pdf": also the file name's end */
  const char *mime_type;
  const char *option_help; /* N_(): "Write a PNG image" */
  gboolean    pixels;      /* a bitmap: the export's scale multiplies its pixels */
  /* Writes @request's chart through @write (@scale: bitmap pixels per unit). */
  cairo_status_t (*write) (const IbChartRequest *request,
                           double                scale,
                           cairo_write_func_t    write,
                           void                 *closure);
};

/* The kinds, in the order reports and the window show them. */
guint                  ib_chart_n_kinds (void);
const IbChartKindInfo *ib_chart_kind_nth (guint i);
/* The kind of @id ("sweep"), or NULL. */
const IbChartKindInfo *ib_chart_kind_lookup (const char *id);
/* "strategies, throughput, ...": every id, for messages. */
char       *ib_chart_kind_list (void);
const char *ib_chart_kind_title (const IbChartKindInfo *kind); /* translated */
/* Whether @report has the data @kind needs (two_runs: @comparison's runs). */
gboolean ib_chart_has_data (const IbChartKindInfo *kind,
                            const IbReport        *report,
                            const IbComparison    *comparison);
/* The height of @kind drawn @width wide for a report or a file: row charts
 * grow with their rows (capped), the others are 9:16 of 960. */
int ib_chart_kind_height (const IbChartKindInfo *kind,
                          const IbReport        *report);

guint                    ib_chart_n_formats (void);
const IbChartFormatInfo *ib_chart_format_nth (guint i);
/* The format of @id ("png"), or NULL. */
const IbChartFormatInfo *ib_chart_format_lookup (const char *id);
/* The format a file name's extension names (any case), or NULL. */
const IbChartFormatInfo *ib_chart_format_from_path (const char *path);

/* Whether the comparison chart can draw @what of @comparison (may be NULL):
 * both runs have that part (ib_compare_section_in_both); AUTO: any part. */
gboolean     ib_chart_compare_has_data (IbCompareChart      what,
                                        const IbComparison *comparison);
/* Whether the comparison chart draws @what on a log axis whatever
 * IbChartStyle.log_scale says (dispatch overhead and sweeps span orders of
 * magnitude, as their single-run charts): a log switch shows it on. */
gboolean     ib_chart_compare_always_log (IbCompareChart what);
/* The section of the comparison (ib_comparison_get_all_rows) @what draws;
 * READS for AUTO. */
IbCompareSection ib_chart_compare_section (IbCompareChart what);
/* The part AUTO stands for with these two reports (READS when none). */
IbCompareChart ib_chart_compare_resolve (IbCompareChart      what,
                                         const IbComparison *comparison);

/* The height, in user units, at which @request's chart holds its content
 * at its width without empty bands: a chart of rows (a kind with rows(),
 * the comparison) as tall as its rows need, at least 380 (240 below 560
 * wide) and at most 8000; any other kind, and a chart with nothing to
 * show, keeps @request->height. Exports made for a person (the window's,
 * iobench-cli chart without --height) use it. */
int ib_chart_fit_height (const IbChartRequest *request);

/* Draws @request at (0,0)-(width,height) in user units. Never emits
 * NaN/inf to cairo; with no data it draws a clear "nothing to show" message. */
void ib_chart_draw (cairo_t              *cr,
                    const IbChartRequest *request);

/* Text for a tooltip at (x, y) of @request's chart, or NULL when nothing is
 * under the point. */
char *ib_chart_query_tooltip (const IbChartRequest *request,
                              double                x,
                              double                y);

/* What @request's chart shows, in words, for a screen reader (the app
 * sets it as the chart's accessible description): the rows and values it
 * draws, in the order drawn. "" when it has nothing to show. The size is
 * not used. */
char *ib_chart_describe (const IbChartRequest *request);

/* A throughput as every chart prints it: three significant digits in KiB/s,
 * MiB/s or GiB/s ("5.84 GiB/s"); tables beside a chart use it too. */
char        *ib_chart_format_rate      (double              mib_per_s);

/* Writes @request's chart to @path as @format through engine/io/ib-output.h
 * (a file atomically, a device, FIFO or "-" as it is, a link through to its
 * target). The size is in whole units; a bitmap is width*scale x
 * height*scale pixels (scale 1 or 2; up to 4 accepted). On failure nothing
 * is left behind and @error (G_FILE_ERROR) reads "Could not write “PATH”:
 * REASON" (G_IO_ERROR_CANCELLED when interrupted). */
gboolean ib_chart_export (const IbChartRequest    *request,
                          const IbChartFormatInfo *format,
                          const char              *path,
                          double                   scale,
                          GError                 **error);

G_END_DECLS
