/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-chart-strategies.c: median wall time (or throughput) per strategy, with
 * 95 % CI whiskers and every sample as a dot. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "ib-chart-private.h"

static char *
format_value (gboolean rate,
              double   v)
{
  return rate ? ib_chart_format_rate (v) : ib_chart_format_time (v);
}

/* The largest value a row draws: its slowest run or its interval's end. */
static double
row_top (const IbRow *row)
{
  double top = row->hi;

  for (guint j = 0; j < row->samples->len; j++)
    top = MAX (top, g_array_index (row->samples, IbRowSample, j).value);
  return top;
}

/* A row whose runs go past the end of a linear axis says how far. */
static char *
beyond_text (gboolean rate,
             double   value,
             double   top)
{
  g_autofree char *v = format_value (rate, value);
  g_autofree char *t = format_value (rate, top);

  /* Translators: a median, then the largest run past the end of the axis,
   * e.g. "53.7 ms · up to 4.21 s" */
  return g_strdup_printf (_("%s · up to %s"), v, t);
}

static char *
row_tooltip (const IbRow *row,
             gboolean     rate)
{
  GString *s = g_string_new (NULL);
  g_autofree char *value = format_value (rate, row->value);
  g_autofree char *lo = format_value (rate, row->lo);
  g_autofree char *hi = format_value (rate, row->hi);
  guint warmups = 0;

  for (guint i = 0; i < row->samples->len; i++)
    warmups += g_array_index (row->samples, IbRowSample, i).warmup ? 1 : 0;

  g_string_append (s, row->label);
  if (g_strcmp0 (row->label, row->id) != 0)
    g_string_append_printf (s, " (%s)", row->id);
  g_string_append_c (s, '\n');
  if (row->not_run)
    /* Translators: tooltip of a strategy the run never came to */
    g_string_append (s, _("Not run: the run ended before it"));
  else if (row->failed)
    g_string_append_printf (s, _("Failed: %s"), row->error ? row->error : _("no successful run"));
  else
    {
      if (row->stats != NULL && row->stats->n >= 2 && row->stats->ci_level > 0)
        {
          g_autofree char *level = ib_chart_format_level (row->stats->ci_level);

          if (rate)
            /* Translators: "Throughput 2,650 MiB/s (CI 2,600 – 2,700 MiB/s, covers
             * 93.75 %)": the interval and the chance it holds the true median */
            g_string_append_printf (s, _("Throughput %s (CI %s – %s, covers %s)"), value, lo,
                                    hi, level);
          else
            g_string_append_printf (s, _("Median %s (CI %s – %s, covers %s)"), value, lo, hi,
                                    level);
        }
      else if (rate)
        g_string_append_printf (s, _("Throughput %s"), value);
      else
        g_string_append_printf (s, _("Median %s"), value);
      if (row->stats != NULL && !rate)
        {
          g_autofree char *min = ib_chart_format_time (row->stats->min_ns);
          g_autofree char *max = ib_chart_format_time (row->stats->max_ns);

          g_string_append_c (s, '\n');
          g_string_append_printf (s, _("Fastest %s, slowest %s"), min, max);
        }
      g_string_append_c (s, '\n');
      {
        /* Translators: the measured runs of a strategy, "5 runs" */
        g_autofree char *runs = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u run",
                                                              "%u runs", row->n), row->n);
        /* Translators: the warm-up runs of a strategy, "1 warm-up" */
        g_autofree char *warm = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u warm-up",
                                                              "%u warm-ups", warmups), warmups);
        /* Translators: runs that failed, "0 failed" */
        g_autofree char *failed = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u failed",
                                                                "%u failed", row->n_failed),
                                                   row->n_failed);

        /* Translators: "5 runs, 1 warm-up, 0 failed", each counted apart */
        g_string_append_printf (s, _("%s, %s, %s"), runs, warm, failed);
      }
      if (row->stats != NULL && row->stats->n_excluded > 0)
        /* Translators: appended to "5 runs, 1 warm-up, 0 failed" */
        g_string_append_printf (s, _(", %u excluded (cache state)"), row->stats->n_excluded);
      if (row->stats != NULL && row->stats->max_in_flight > 0)
        {
          g_string_append_c (s, '\n');
          g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE,
                                                  "At most %u file in progress at once",
                                                  "At most %u files in progress at once",
                                                  row->stats->max_in_flight),
                                  row->stats->max_in_flight);
        }
    }
  g_string_append_c (s, '\n');
  g_string_append_printf (s, "%s · %s", ib_chart_family_name (row->family),
                          row->parallel ? _("parallel") : _("serial"));
  return g_string_free (s, FALSE);
}

/* What draw_rows learns from its rows before it lays them out. */
typedef struct
{
  const char **labels;
  GPtrArray   *values; /* each row's value text, or why it failed */
  gboolean     have_family[IB_CHART_N_FAMILIES];
  gboolean     any_parallel, any_warmup, any_ci, any_excluded;
  double       lo, hi, max_value;
} RowsScan;

static void
rows_scan_clear (RowsScan *scan)
{
  g_free (scan->labels);
  g_ptr_array_unref (scan->values);
}

/* Labels, value texts, the families and marks the legend needs, and the
 * range every run covers. */
static void
rows_scan (GArray   *rows,
           gboolean  rate,
           RowsScan *scan)
{
  *scan = (RowsScan) { 0 };
  scan->values = g_ptr_array_new_with_free_func (g_free);
  scan->lo = G_MAXDOUBLE;
  scan->labels = g_new0 (const char *, rows->len + 1);
  for (guint i = 0; i < rows->len; i++)
    {
      IbRow *row = &g_array_index (rows, IbRow, i);

      scan->labels[i] = row->label;
      if (row->failed)
        {
          g_ptr_array_add (scan->values, row->error != NULL
                                         /* Translators: a strategy that failed, and why */
                                         ? g_strdup_printf (_("failed: %s"), row->error)
                                         : g_strdup (ib_row_missing_text (row)));
          continue;
        }
      scan->have_family[row->family] = TRUE;
      scan->any_parallel |= row->parallel;
      scan->any_ci |= row->n >= 2 && row->hi > row->lo;
      g_ptr_array_add (scan->values, format_value (rate, row->value));
      scan->lo = MIN (scan->lo, row->lo > 0 ? row->lo : row->value);
      scan->hi = MAX (scan->hi, row->hi);
      scan->max_value = MAX (scan->max_value, row->value);
      for (guint j = 0; j < row->samples->len; j++)
        {
          const IbRowSample *rs = &g_array_index (row->samples, IbRowSample, j);

          scan->any_warmup |= rs->warmup;
          scan->any_excluded |= rs->excluded && !rs->warmup;
          if (rs->value > 0)
            scan->lo = MIN (scan->lo, rs->value);
          scan->hi = MAX (scan->hi, rs->value);
        }
    }
}

/* A linear axis covers every run, unless a wild one (a warm-up, a CI
 * from three samples) would squash every bar: the axis then covers what
 * lies within 2.5x the largest median, and a row with runs past its end
 * draws an arrow there and says how far they went ("· up to 4.21 s"), not
 * a pile of dots at the edge. Returns the axis end. */
static double
rows_linear_top (GArray *rows,
                 double  max_value)
{
  double hi = max_value;

  for (guint i = 0; i < rows->len; i++)
    {
      const IbRow *row = &g_array_index (rows, IbRow, i);

      if (row->failed)
        continue;
      if (row->hi <= max_value * 2.5)
        hi = MAX (hi, row->hi);
      for (guint j = 0; j < row->samples->len; j++)
        {
          double v = g_array_index (row->samples, IbRowSample, j).value;

          if (v <= max_value * 2.5)
            hi = MAX (hi, v);
        }
    }
  return hi;
}

/* The widest value label, with "· up to" where a row goes past @hi. Failed
 * rows write their reason across the empty plot, not in the margin. */
static double
rows_widest_value (IbChartCtx     *ctx,
                   GArray         *rows,
                   const RowsScan *scan,
                   gboolean        rate,
                   gboolean        log,
                   double          hi)
{
  double widest_value = 0;

  for (guint i = 0; i < scan->values->len; i++)
    {
      const IbRow *row = &g_array_index (rows, IbRow, i);
      g_autofree char *beyond = NULL;

      if (row->failed)
        continue;
      if (!log && row_top (row) > hi)
        beyond = beyond_text (rate, row->value, row_top (row));
      widest_value = MAX (widest_value,
                          ib_chart_text_width (ctx, IB_TEXT_TICK,
                                               beyond != NULL ? beyond
                                               : g_ptr_array_index (scan->values, i)));
    }
  return widest_value;
}

static void
rows_legend (IbChartCtx     *ctx,
             const RowsScan *scan)
{
  IbLegendItem legend[IB_CHART_N_FAMILIES + 4];
  guint n_legend = 0;

  for (guint f = 0; f < IB_CHART_N_FAMILIES; f++)
    if (scan->have_family[f])
      legend[n_legend++] = (IbLegendItem) { ib_chart_family_name (f), IB_LEGEND_SWATCH,
                                            *ib_chart_family_color (ctx, f) };
  if (scan->any_parallel)
    legend[n_legend++] = (IbLegendItem) { _("Parallel"), IB_LEGEND_HATCH, ctx->style->foreground };
  if (scan->any_warmup)
    legend[n_legend++] = (IbLegendItem) { _("Warm-up run"), IB_LEGEND_HOLLOW_DOT,
                                          ib_chart_fg_alpha (ctx, 0.7) };
  if (scan->any_excluded)
    legend[n_legend++] = (IbLegendItem) { _("Excluded run (cache state)"), IB_LEGEND_HOLLOW_DOT,
                                          ib_chart_fg_alpha (ctx, 0.7) };
  if (scan->any_ci)
    legend[n_legend++] = (IbLegendItem) { _("CI of the median"), IB_LEGEND_WHISKER,
                                          ib_chart_fg_alpha (ctx, 0.85) };
  ib_chart_legend (ctx, legend, n_legend);
}

/* What every row of draw_rows draws with. */
typedef struct
{
  IbChartCtx     *ctx;
  gboolean        rate, log;
  const RowsScan *scan;
  IbRowLayout     layout;
  IbAxis          axis;
  IbRgba          label_color, dim;
  double          fill_alpha;
} RowsPlot;

/* One row's measures: its centre, bar height, dot radius and where its bar
 * starts. */
typedef struct
{
  double cy, bh, radius, x0;
} RowGeometry;

/* The bar from the axis start to the median, hatched when parallel, with a
 * line at the median. */
static void
row_draw_bar (const RowsPlot    *p,
              const IbRow       *row,
              const RowGeometry *g,
              double             x1)
{
  IbChartCtx *ctx = p->ctx;
  cairo_t *cr = ctx->cr;
  const IbRgba *color = ib_chart_family_color (ctx, row->family);
  double top = round (g->cy - g->bh / 2), lw = MAX (2.0, round (ctx->font_px / 7.0));
  double xm = ib_chart_snap_x (ctx, x1, lw);

  ib_chart_set_color (ctx, color, p->fill_alpha);
  cairo_rectangle (cr, g->x0, top, MAX (0, x1 - g->x0), g->bh);
  cairo_fill (cr);
  if (row->parallel)
    {
      IbRgba hatch = *color;

      hatch.a *= 0.55;
      ib_chart_hatch (ctx, g->x0, top, MAX (0, x1 - g->x0), g->bh, &hatch);
    }
  ib_chart_set_color (ctx, color, 1.0);
  cairo_set_line_width (cr, lw);
  cairo_move_to (cr, xm, top);
  cairo_line_to (cr, xm, top + g->bh);
  cairo_stroke (cr);
}

/* Every run as a dot (those past the axis end left to the arrow), then the
 * CI whisker. Returns the right end of what it drew, from @right. */
static double
row_draw_runs (const RowsPlot    *p,
               const IbRow       *row,
               const RowGeometry *g,
               double             right)
{
  IbChartCtx *ctx = p->ctx;
  const IbRgba *color = ib_chart_family_color (ctx, row->family);

  for (guint j = 0; j < row->samples->len; j++)
    {
      const IbRowSample *rs = &g_array_index (row->samples, IbRowSample, j);
      double x = ib_axis_map (&p->axis, rs->value);
      double y = g->cy + ib_chart_jitter (row->id, j) * g->bh * 0.3;

      /* Past the end: the arrow and the label stand for it. */
      if (rs->value > p->axis.max * (1 + 1e-9))
        continue;
      ib_chart_dot (ctx, x, y, g->radius, color, rs->warmup || rs->excluded);
      right = MAX (right, x + g->radius);
    }
  if (row->n >= 2 && row->hi > row->lo)
    {
      double wl = ib_axis_map (&p->axis, row->lo);
      double wh = ib_axis_map (&p->axis, MIN (row->hi, p->axis.max));

      ib_chart_whisker (ctx, wl, wh, g->cy, g->bh * 0.34, TRUE);
      right = MAX (right, wh);
    }
  return right;
}

/* An arrowhead just past the axis end: this row goes on. Returns the right
 * end of what it drew, from @right. */
static double
row_draw_arrow (const RowsPlot    *p,
                const RowGeometry *g,
                double             right)
{
  IbChartCtx *ctx = p->ctx;
  cairo_t *cr = ctx->cr;
  double cy = g->cy;
  double xe = ib_axis_map (&p->axis, p->axis.max) + ctx->font_px * 0.25;
  double s = MAX (4, round (ctx->font_px * 0.45));

  if (!ctx->query)
    {
      double dash = MAX (2, round (ctx->font_px * 0.25));
      double ly = ib_chart_snap_y (ctx, cy, ib_chart_hairline (ctx));

      /* Dotted from the row's last mark to the arrow: one row. */
      if (xe - right > dash * 3)
        {
          ib_chart_set_color (ctx, &p->dim, 0.7);
          cairo_set_line_width (cr, ib_chart_hairline (ctx));
          cairo_set_dash (cr, &dash, 1, 0);
          cairo_move_to (cr, right + dash, ly);
          cairo_line_to (cr, xe - dash * 0.5, ly);
          cairo_stroke (cr);
          cairo_set_dash (cr, NULL, 0, 0);
        }
      ib_chart_set_color (ctx, &p->dim, 1.0);
      cairo_move_to (cr, xe, cy - s / 2);
      cairo_line_to (cr, xe + s * 0.8, cy);
      cairo_line_to (cr, xe, cy + s / 2);
      cairo_close_path (cr);
      cairo_fill (cr);
    }
  return MAX (right, xe + s * 0.8);
}

static void
row_draw (const RowsPlot *p,
          const IbRow    *row,
          guint           i)
{
  IbChartCtx *ctx = p->ctx;
  const IbRowLayout *layout = &p->layout;
  RowGeometry g = {
    .cy = ib_row_center (layout, i),
    .bh = round (MIN (layout->row_height * 0.62, ctx->font_px * 2.2)),
    .radius = ib_chart_clamp (MIN (ctx->font_px * 0.3, layout->row_height * 0.2), 1.5, 6),
    .x0 = ib_axis_map (&p->axis, p->log ? p->axis.min : 0),
  };
  double x1, right;
  const char *value_text = g_ptr_array_index (p->scan->values, i);
  g_autofree char *beyond = NULL;
  gboolean clipped = !row->failed && row_top (row) > p->axis.max * (1 + 1e-9);
  g_autoptr(PangoLayout) vl = NULL;

  if (ib_chart_hit (ctx, ctx->area.x, g.cy - layout->row_height / 2, ctx->area.width,
                    layout->row_height))
    ib_chart_take_tooltip (ctx, row_tooltip (row, p->rate));
  ib_row_draw_label (ctx, layout, i, row->label, &p->label_color);
  if (clipped)
    beyond = beyond_text (p->rate, row->value, row_top (row));
  vl = ib_chart_layout (ctx, IB_TEXT_TICK, beyond != NULL ? beyond : value_text);

  if (row->failed)
    {
      /* red for a failure; a strategy never run is no error */
      IbRgba red = row->not_run
                   ? ib_chart_fg_alpha (ctx, ctx->style->high_contrast ? 1.0 : 0.62)
                   : ctx->palette[IB_PAL_VERMILLION];

      pango_layout_set_width (vl, (int) (MAX (1, ctx->area.x + ctx->area.width - g.x0
                                                 - ctx->font_px) * PANGO_SCALE));
      pango_layout_set_ellipsize (vl, PANGO_ELLIPSIZE_END);
      ib_row_draw_value (ctx, layout, i, vl, g.x0, &red);
      return;
    }

  x1 = ib_axis_map (&p->axis, row->value);
  if (!ctx->query)
    row_draw_bar (p, row, &g, x1);
  right = row_draw_runs (p, row, &g, x1);
  if (clipped)
    right = row_draw_arrow (p, &g, right);
  ib_row_draw_value (ctx, layout, i, vl, right, &p->dim);
}

static void
draw_rows (IbChartCtx *ctx,
           gboolean    rate)
{
  g_autoptr(GArray) rows = ib_rows_from_report (ctx->report, rate);
  g_autofree char *subtitle = ib_chart_subtitle (ctx);
  RowsScan scan;
  RowsPlot p = {
    .ctx = ctx,
    .rate = rate,
    .log = ctx->style->log_scale,
    .scan = &scan,
    .label_color = ib_chart_fg_alpha (ctx, ctx->style->high_contrast ? 1.0 : 0.88),
    .dim = ib_chart_fg_alpha (ctx, ctx->style->high_contrast ? 1.0 : 0.62),
    .fill_alpha = ctx->style->high_contrast ? 0.5 : ctx->style->dark ? 0.36 : 0.28,
  };
  double lo, hi, widest_value, tick_h;
  gboolean log = p.log;
  const char *caption;
  gboolean any_value;
  IbUnit unit = rate ? IB_UNIT_RATE : IB_UNIT_TIME;

  ib_chart_frame (ctx, ib_chart_kind_title (ctx->kind), subtitle);
  if (rows->len == 0)
    {
      ib_chart_empty (ctx, _("Nothing to show yet"),
                      _("Run a benchmark to see how long each strategy takes."));
      return;
    }
  if (!ctx->style->keep_order)
    ib_rows_sort (rows, rate);

  rows_scan (rows, rate, &scan);
  lo = scan.lo;
  hi = scan.hi;
  any_value = hi > 0;
  if (!any_value)
    {
      lo = 1;
      hi = 10;
    }
  if (!log && scan.max_value > 0 && hi > scan.max_value * 2.5)
    hi = rows_linear_top (rows, scan.max_value);
  widest_value = rows_widest_value (ctx, rows, &scan, rate, log, hi);

  rows_legend (ctx, &scan);
  tick_h = ib_chart_line_height (ctx, IB_TEXT_TICK) + ctx->font_px * 0.5;
  /* An exported log chart says so under it, as the overhead chart does. */
  caption = rate ? (log ? _("Throughput from the median run · log scale · higher is better")
                        : _("Throughput from the median run · higher is better"))
                 : (log ? _("Median wall time · every run a dot · log scale · lower is better")
                        : _("Median wall time · every run a dot · lower is better"));
  ib_row_layout (ctx, scan.labels, rows->len, widest_value + ctx->font_px * 0.8,
                 tick_h + (any_value ? ib_chart_caption_reserve (ctx, caption) : 0), &p.layout);
  if (any_value)
    ib_chart_caption (ctx, caption, p.layout.axis_top + tick_h);
  ib_axis_init (&p.axis, &(IbAxisSpec) { unit, log, TRUE, log ? lo : 0, hi },
                p.layout.plot.width, ib_axis_spacing (ctx, unit, hi));
  ib_axis_set_range (&p.axis, p.layout.plot.x, p.layout.plot.x + p.layout.plot.width);
  /* Every row failed: the names and "failed" say it all, no empty axis. */
  if (any_value)
    ib_axis_draw_x (ctx, &p.axis, p.layout.plot.y, p.layout.axis_top);

  for (guint i = 0; i < rows->len; i++)
    row_draw (&p, &g_array_index (rows, IbRow, i), i);
  rows_scan_clear (&scan);
}

static void
draw_strategies (IbChartCtx *ctx)
{
  draw_rows (ctx, FALSE);
}

static void
draw_throughput (IbChartCtx *ctx)
{
  draw_rows (ctx, TRUE);
}

/* The rows as drawn (fastest first), in words: "Median read time, fastest
 * first: Memory map 1.2 ms, Sync read 3 ms. Failed: Async read." */
static char *
describe_rows (const IbReport *report,
               gboolean        rate)
{
  g_autoptr(GArray) rows = ib_rows_from_report (report, rate);
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GPtrArray) failed = g_ptr_array_new ();
  g_autoptr(GPtrArray) not_run = g_ptr_array_new ();

  ib_rows_sort (rows, rate);
  for (guint i = 0; i < rows->len; i++)
    {
      const IbRow *row = &g_array_index (rows, IbRow, i);
      g_autofree char *value = NULL;

      if (row->failed)
        {
          g_ptr_array_add (row->not_run ? not_run : failed, row->label);
          continue;
        }
      value = format_value (rate, row->value);
      if (text->len == 0)
        g_string_append (text, rate
                         /* Translators: start of the throughput chart's description
                          * for screen readers; a list of "strategy value" follows */
                         ? _("Median throughput, fastest first: ")
                         /* Translators: start of the time chart's description for
                          * screen readers; a list of "strategy value" follows */
                         : _("Median read time, fastest first: "));
      else
        g_string_append (text, ", ");
      g_string_append_printf (text, "%s %s", row->label, value);
    }
  if (text->len > 0)
    g_string_append (text, ".");
  if (failed->len > 0)
    {
      g_autofree char *list = NULL;

      g_ptr_array_add (failed, NULL);
      list = g_strjoinv (", ", (char **) failed->pdata);
      if (text->len > 0)
        g_string_append_c (text, ' ');
      /* Translators: strategies without a successful read, in a chart's
       * description for screen readers */
      g_string_append_printf (text, _("Failed: %s."), list);
    }
  if (not_run->len > 0)
    {
      g_autofree char *list = NULL;

      g_ptr_array_add (not_run, NULL);
      list = g_strjoinv (", ", (char **) not_run->pdata);
      if (text->len > 0)
        g_string_append_c (text, ' ');
      /* Translators: strategies the run never came to, in a chart's
       * description for screen readers */
      g_string_append_printf (text, _("Not run: %s."), list);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static char *
describe_strategies (const IbReport *report)
{
  return describe_rows (report, FALSE);
}

static char *
describe_throughput (const IbReport *report)
{
  return describe_rows (report, TRUE);
}

static char *
describe_strategies_request (const IbChartRequest *request)
{
  return describe_strategies (request->report);
}

static char *
describe_throughput_request (const IbChartRequest *request)
{
  return describe_throughput (request->report);
}

static gboolean
has_reads (const IbReport     *report,
           const IbComparison *comparison)
{
  return report->statistics->len > 0;
}

static gboolean
has_throughput (const IbReport     *report,
                const IbComparison *comparison)
{
  for (guint i = 0; i < report->statistics->len; i++)
    if (g_array_index (report->statistics, IbStats, i).mib_per_s > 0)
      return TRUE;
  return FALSE;
}

const IbChartKindInfo ib_chart_kind_strategies = {
  .id = "strategies",
  .title = N_("Read time per strategy"),
  /* Translators: short view switcher title of the time chart */
  .short_title = N_("Time"),
  .icon = "preferences-system-time-symbolic",
  .no_data = N_("this report has no read results; run “iobench-cli run --json FILE” first"),
  .in_reports = TRUE,
  .main_chart = TRUE,
  .log_switch = TRUE,
  .grows_in_window = TRUE,
  .has_data = has_reads,
  .draw = draw_strategies,
  .subtitle = ib_chart_subtitle_reads,
  .describe = describe_strategies_request,
  .rows = ib_chart_strategy_rows,
};

const IbChartKindInfo ib_chart_kind_throughput = {
  .id = "throughput",
  .title = N_("Throughput per strategy"),
  /* Translators: short view switcher title of the throughput chart */
  .short_title = N_("Throughput"),
  .icon = "network-transmit-receive-symbolic",
  .no_data = N_("this report has no throughput (no bytes were read); run “iobench-cli run "
                 "--json FILE” first"),
  .in_reports = TRUE,
  .log_switch = TRUE,
  .grows_in_window = TRUE,
  .has_data = has_throughput,
  .draw = draw_throughput,
  .subtitle = ib_chart_subtitle_reads,
  .describe = describe_throughput_request,
  .rows = ib_chart_strategy_rows,
};
