/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-chart-private.h: what the chart files share (not public API).
 *
 * Every chart kind is one IbChartKindInfo (ib-chart.h) whose draw function
 * lays the chart out and draws it. The same function answers tooltips: with
 * ctx->query set it still lays out (on a scratch surface) and each drawn item
 * asks ib_chart_hit() whether the point is over it, so layout is never
 * duplicated between drawing and hit testing. */
#pragma once

#include <pango/pangocairo.h>

#include "ib-chart.h"

G_BEGIN_DECLS

typedef struct
{
  double x, y, width, height;
} IbRect;

typedef enum
{
  IB_TEXT_TITLE,
  IB_TEXT_SUBTITLE,
  IB_TEXT_LABEL,
  IB_TEXT_TICK,
  IB_TEXT_EMPTY,
} IbTextRole;

/* Palette slots (Okabe-Ito), resolved per style. */
typedef enum
{
  IB_PAL_BLUE,
  IB_PAL_ORANGE,
  IB_PAL_GREEN,
  IB_PAL_VERMILLION,
  IB_PAL_PURPLE,
  IB_PAL_SKY,
  IB_PAL_YELLOW,
  IB_PAL_GREY,
  IB_N_PAL
} IbPaletteSlot;

/* Families as drawn; IB_FAMILY_* of ib-strategy.h plus unknown. */
typedef enum
{
  IB_CHART_FAMILY_SYNC,
  IB_CHART_FAMILY_ASYNC,
  IB_CHART_FAMILY_THREAD,
  IB_CHART_FAMILY_URING,
  IB_CHART_FAMILY_UNKNOWN,
  IB_CHART_N_FAMILIES
} IbChartFamily;

struct _IbChartCtx
{
  cairo_t            *cr;
  const IbChartKindInfo *kind;
  const IbReport        *report;     /* two_runs: the comparison's A */
  const IbReport        *other;      /* two_runs: the comparison's B */
  const IbComparison    *comparison; /* two_runs: the two runs and their rows */
  const IbChartStyle *style;
  double              width;
  double              height;

  PangoFontDescription *font;
  double              font_px;     /* base font size in user units */
  double              pad;         /* outer padding */
  gboolean            compact;     /* small size: no subtitle, no legend */
  IbRgba              palette[IB_N_PAL];
  IbRect              area;        /* what is left for the plot after frame + legend */

  /* Tooltip query */
  gboolean            query;
  double              qx, qy;
  char               *tooltip;

  guint               caption_lines; /* lines the caption may wrap to (>= 1) */
  GHashTable         *fitted;        /* row label -> label cut to fit (ib_row_layout) */
  PangoContext       *pango;         /* one for every layout of the drawing */
  GHashTable         *widths;        /* "role text" -> double *: text widths measured */
  GPtrArray          *texts;         /* IbChartText: every text drawn, for tests */
  GArray             *drawn;         /* IbRect: every text drawn so far */
  GArray             *rules;         /* IbRect: reference lines drawn, for tests */
  GString            *svg_text;      /* SVG export: texts as <text>, not drawn */
  gboolean            in_ticks;      /* drawing an axis's tick labels */
  /* Height of its rows' band the last ib_row_layout() left empty (less than
   * 0: rows squeezed below a comfortable height); NAN: no rows laid out.
   * ib_chart_fit_height() takes it off the chart's height. */
  double fit_spare;
};

/* A text as drawn: where, and whether Pango cut it with an ellipsis. */
typedef struct
{
  char      *text;
  IbRect     rect;
  gboolean   ellipsized;
  gboolean   tick; /* a tick label of an axis */
} IbChartText;

/* Draws like ib_chart_draw() and returns every text it drew (IbChartText, in
 * drawing order): the tests' view of what a reader sees. */
GPtrArray *ib_chart_draw_texts (cairo_t              *cr,
                                const IbChartRequest *request);

/* Draws like ib_chart_draw() and returns the segments of every reference
 * line drawn across the plot (the stall chart's 60 Hz frame) as thin
 * rectangles: the tests check no text lies under one. */
GArray *ib_chart_draw_rules (cairo_t              *cr,
                             const IbChartRequest *request);

/* Draws like ib_chart_draw() but every text goes to @svg as SVG <text>
 * elements (positioned as Pango laid it out, in the cairo target's device
 * units) instead of glyphs on @cr: SVG export keeps text as text. */
void ib_chart_draw_svg_text (cairo_t              *cr,
                             const IbChartRequest *request,
                             GString              *svg);

/* ---- ib-chart-text.c: text, colour, geometry helpers ------------------- */

double        ib_chart_finite        (double v,
                                      double fallback);
double        ib_chart_clamp         (double v,
                                      double lo,
                                      double hi);
PangoLayout  *ib_chart_layout        (IbChartCtx  *ctx,
                                      IbTextRole   role,
                                      const char  *text);
void          ib_chart_layout_size   (PangoLayout *layout,
                                      double      *width,
                                      double      *height);
double        ib_chart_text_width    (IbChartCtx  *ctx,
                                      IbTextRole   role,
                                      const char  *text);
double        ib_chart_line_height   (IbChartCtx  *ctx,
                                      IbTextRole   role);
/* Draws @layout with its (x_align, y_align) point at (x, y); aligns are 0..1. */
void          ib_chart_show_layout   (IbChartCtx  *ctx,
                                      PangoLayout *layout,
                                      double       x,
                                      double       y,
                                      double       x_align,
                                      double       y_align,
                                      const IbRgba *color);
/* Adds a vertical line at @x from @y0 to @y1 to the path, interrupted
 * wherever a text drawn so far lies within @gap of it: a reference line
 * never runs through a label. The caller sets colour, width and dash and
 * strokes. */
void          ib_chart_vline_around_texts (IbChartCtx *ctx,
                                           double      x,
                                           double      y0,
                                           double      y1,
                                           double      gap);
void          ib_chart_set_color     (IbChartCtx  *ctx,
                                      const IbRgba *color,
                                      double       alpha);
IbRgba        ib_chart_fg_alpha      (IbChartCtx  *ctx,
                                      double       alpha);
/* Snap a coordinate for a line of @line_width so it lands on device pixels. */
double        ib_chart_snap_x        (IbChartCtx  *ctx,
                                      double       x,
                                      double       line_width);
double        ib_chart_snap_y        (IbChartCtx  *ctx,
                                      double       y,
                                      double       line_width);
double        ib_chart_hairline      (IbChartCtx  *ctx);
/* Whether the tooltip point lies in the rectangle (always FALSE when drawing). */
gboolean      ib_chart_hit           (IbChartCtx  *ctx,
                                      double       x,
                                      double       y,
                                      double       width,
                                      double       height);
void          ib_chart_take_tooltip  (IbChartCtx  *ctx,
                                      char        *text);
/* Diagonal hatching over a rectangle (marks parallel schedules). */
void          ib_chart_hatch         (IbChartCtx  *ctx,
                                      double       x,
                                      double       y,
                                      double       width,
                                      double       height,
                                      const IbRgba *color);
void          ib_chart_dot           (IbChartCtx  *ctx,
                                      double       x,
                                      double       y,
                                      double       radius,
                                      const IbRgba *color,
                                      gboolean     hollow);

/* Formatting: 3 significant digits, adapted units. */
char         *ib_chart_format_time   (double       ns);
/* An interval's coverage: "93.75 %", "97.85 %". */
char         *ib_chart_format_level  (double       level);
char         *ib_chart_format_bytes  (double       bytes);
char         *ib_chart_format_count  (double       count);
char         *ib_chart_format_ratio  (double       ratio);

/* Strategy metadata (ib_strategy_lookup); unknown ids get the unknown family. */
IbChartFamily ib_chart_strategy_family   (const char *id,
                                          gboolean   *parallel);
const char   *ib_chart_strategy_title    (const char *id);
const char   *ib_chart_family_name       (IbChartFamily family);
const IbRgba *ib_chart_family_color      (IbChartCtx   *ctx,
                                          IbChartFamily family);

/* ---- ib-chart-frame.c: background, title, legend, empty state ---------- */

typedef enum
{
  IB_LEGEND_SWATCH,
  IB_LEGEND_HATCH,
  IB_LEGEND_DOT,
  IB_LEGEND_HOLLOW_DOT,
  IB_LEGEND_LINE,
  IB_LEGEND_WHISKER,
} IbLegendShape;

typedef struct
{
  const char    *label;
  IbLegendShape  shape;
  IbRgba         color;
} IbLegendItem;

void          ib_chart_frame         (IbChartCtx  *ctx,
                                      const char  *title,
                                      const char  *subtitle);
void          ib_chart_legend        (IbChartCtx          *ctx,
                                      const IbLegendItem  *items,
                                      guint                n_items);
void          ib_chart_empty         (IbChartCtx  *ctx,
                                      const char  *message,
                                      const char  *hint);
/* The subtitle: the kind's parts (IbChartKindInfo.subtitle) joined by " · ",
 * then "partial run" for a run that stopped early. */
char         *ib_chart_subtitle      (IbChartCtx  *ctx);
/* Adds a copy of @text to @parts unless it is NULL or empty. */
void ib_chart_subtitle_add (GPtrArray  *parts,
                            const char *text);
/* The machine: CPU model and file system. */
void ib_chart_subtitle_add_machine (GPtrArray      *parts,
                                    const IbReport *report);
/* A read run's parts: preset, file set, cache mode, machine. */
void ib_chart_subtitle_reads (IbChartCtx *ctx,
                              GPtrArray  *parts);
/* "4 files, 2.25 GiB, Random bytes"; NULL for a plan without files. */
char *ib_chart_file_set_text (const IbPlan *plan);
/* The rows of a chart with one row per strategy (IbChartKindInfo.rows). */
guint ib_chart_strategy_rows (const IbReport *report);
/* "warm cache", "cold cache", "cache as is". */
const char   *ib_chart_cache_text    (IbCacheMode mode);
/* A small caption under the plot, right-aligned (e.g. "lower is better"):
 * reserve its height from ctx->area first, then draw it at @y. */
double        ib_chart_caption_height (IbChartCtx *ctx);
/* The height @text needs as a caption (wrapped to at most two lines on a
 * narrow chart); the next ib_chart_caption() wraps the same way. */
double        ib_chart_caption_reserve (IbChartCtx *ctx,
                                        const char *text);
void          ib_chart_caption       (IbChartCtx  *ctx,
                                      const char  *text,
                                      double       y);

/* ---- ib-chart-axis.c ---------------------------------------------------- */

typedef enum
{
  IB_UNIT_TIME,        /* ns */
  IB_UNIT_RATE,        /* MiB/s */
  IB_UNIT_BYTES,
  IB_UNIT_COUNT,
  IB_UNIT_PERCENT,     /* percentile level, 0..100 */
} IbUnit;

#define IB_AXIS_MAX_TICKS 96

typedef struct
{
  double   value;
  gboolean major;
} IbTick;

typedef struct
{
  IbUnit   unit;
  gboolean log;
  double   min, max;          /* domain after rounding to ticks */
  double   px0, px1;          /* pixel positions of min and max */
  double   step;              /* linear tick step */
  double   unit_div;          /* linear: one unit for every label */
  IbTick   ticks[IB_AXIS_MAX_TICKS];
  guint    n_ticks;
} IbAxis;

/* What an axis shows: the unit of its labels, log or linear, whether it
 * starts at 0 (bars grow from it), and the data's range. */
typedef struct
{
  IbUnit   unit;
  gboolean log;
  gboolean from_zero;
  double   lo;
  double   hi;
} IbAxisSpec;

/* @spec->lo/hi: data range (sanitized inside); @length: pixels; @spacing:
 * wanted pixels between ticks. Linear axes include 0 when from_zero; log axes then
 * start a 1-2-5 step lower when the data starts just above a round value
 * (bars grow from the axis start). Log axes end at the first round value
 * (ib_axis_nice_above) at or past @hi and start at the last one at or below
 * @lo, and tick at round values only. */
void          ib_axis_init           (IbAxis           *axis,
                                      const IbAxisSpec *spec,
                                      double            length,
                                      double            spacing);
/* The largest round value of @unit at or below @value, and the smallest at
 * or above it (the ends of a log axis): 1, 2 or 5 x 10^k in the unit its
 * label shows, below 1000 of a binary unit (500 MiB/s, 1 GiB/s, 2 GiB/s;
 * never 1000 MiB/s or 9.77 GiB/s). */
double        ib_axis_nice_below     (IbUnit    unit,
                                      double    value);
double        ib_axis_nice_above     (IbUnit    unit,
                                      double    value);
void          ib_axis_set_range      (IbAxis   *axis,
                                      double    px0,
                                      double    px1);
double        ib_axis_map            (const IbAxis *axis,
                                      double        value);
char         *ib_axis_format         (const IbAxis *axis,
                                      double        value);
/* Pixels wanted between ticks for labels of values up to @hi. */
double        ib_axis_spacing        (IbChartCtx   *ctx,
                                      IbUnit        unit,
                                      double        hi);
/* Widest tick label, to reserve room. */
double        ib_axis_label_width    (IbChartCtx   *ctx,
                                      const IbAxis *axis);
/* Horizontal value axis: grid lines from @top to @bottom, labels below @bottom. */
void          ib_axis_draw_x         (IbChartCtx   *ctx,
                                      const IbAxis *axis,
                                      double        top,
                                      double        bottom);
/* Vertical value axis: grid lines from @left to @right, labels left of @left. */
void          ib_axis_draw_y         (IbChartCtx   *ctx,
                                      const IbAxis *axis,
                                      double        left,
                                      double        right);

/* ---- ib-chart-rows.c: horizontal row charts ----------------------------- */

typedef struct
{
  double  value;
  gboolean warmup;
  gboolean excluded;           /* left out of the statistics (cache state) */
} IbRowSample;

/* The most measured samples a row draws as dots (ib_rows_from_report keeps
 * these many, spread over the ranks, and every warm-up and excluded one). */
#define IB_CHART_MAX_DOTS 500

typedef struct
{
  char          *id;          /* strategy id or overhead kind */
  char          *label;
  IbChartFamily  family;
  gboolean       parallel;
  gboolean       failed;      /* no successful measured sample */
  gboolean       not_run;     /* failed, and no sample at all: the run stopped or
                               * failed before it came (said "not run") */
  char          *error;
  guint          n;
  guint          n_failed;
  double         value;       /* median (time or rate) */
  double         lo, hi;      /* interval of the median (stats->ci_level) */
  GArray        *samples;     /* IbRowSample */
  const IbStats *stats;
} IbRow;

/* What a row with no value says in its place: "not run" or "failed". */
const char *ib_row_missing_text (const IbRow *row);

typedef struct
{
  IbRect   plot;   /* bars area, the grid's height */
  double   rows_y; /* the first row's top (rows centred in the plot) */
  double   label_x;
  double   label_width;
  double   row_height;        /* the band a row's marks live in */
  guint    n_rows;
  guint    label_every;
  double   axis_top;
  /* Labels too long for a column beside the bars go on a line of their own
   * above each bar when rows are tall enough (a narrow chart): */
  gboolean stacked;
  double   pitch;             /* row to row: row_height, + label_band when stacked */
  double   label_band;
} IbRowLayout;

void          ib_row_clear           (gpointer data);
/* Rows of strategies (plan order) with samples; @rate: MiB/s instead of ns. */
GArray       *ib_rows_from_report    (const IbReport *report,
                                      gboolean        rate);
void          ib_rows_sort           (GArray         *rows,
                                      gboolean        descending);
/* Lays out label column (measured, at most about a third of the width), rows,
 * and a value axis along the bottom. @right_reserve: room for value labels.
 * Labels that do not fit go above their bars when rows are tall enough;
 * otherwise they lose their middle, cut so that different labels stay
 * different (ib_row_draw_label draws the cut text). */
void          ib_row_layout          (IbChartCtx     *ctx,
                                      const char    **labels,
                                      guint           n_rows,
                                      double          right_reserve,
                                      double          axis_label_height,
                                      IbRowLayout    *layout);
double        ib_row_center          (const IbRowLayout *layout,
                                      guint              i);
/* @text cut in the middle to fit @width ("Async lo…, parallel"); @tail_share
 * of the kept characters come from its end. */
char         *ib_chart_cut_middle    (IbChartCtx        *ctx,
                                      IbTextRole         role,
                                      const char        *text,
                                      double             width,
                                      double             tail_share);
void          ib_row_draw_label      (IbChartCtx        *ctx,
                                      const IbRowLayout *layout,
                                      guint              i,
                                      const char        *text,
                                      const IbRgba      *color);
/* A value label right of @x, on rows that have room for text. */
void          ib_row_draw_value      (IbChartCtx        *ctx,
                                      const IbRowLayout *layout,
                                      guint              i,
                                      PangoLayout       *text,
                                      double             x,
                                      const IbRgba      *color);
/* Median whisker: CI line with end caps; @halo: outlined in the background
 * colour, to stay readable over sample dots. */
void          ib_chart_whisker       (IbChartCtx  *ctx,
                                      double       x0,
                                      double       x1,
                                      double       y,
                                      double       cap,
                                      gboolean     halo);
/* Deterministic jitter in -1..1 for sample @i of @id. */
double        ib_chart_jitter        (const char  *id,
                                      guint        i);

G_END_DECLS
