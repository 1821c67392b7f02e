/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-chart-sweep.c: median time against the varied value, log-log, one line
 * per strategy with its 95 % CI band; the crossover is marked. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "ib-chart-private.h"
#include "analysis/ib-labels.h"

typedef struct
{
  const char *strategy;
  GPtrArray  *points;   /* const IbSweepPoint *, sorted by value */
  IbRgba      color;
} Series;

static int
cmp_points (gconstpointer a,
            gconstpointer b)
{
  const IbSweepPoint *x = *(const IbSweepPoint **) a, *y = *(const IbSweepPoint **) b;

  return x->value < y->value ? -1 : x->value > y->value ? 1 : 0;
}

static void
series_clear (gpointer data)
{
  Series *s = data;

  g_clear_pointer (&s->points, g_ptr_array_unref);
}

static GArray *
collect_series (const IbSweep *sweep)
{
  GArray *series = g_array_new (FALSE, TRUE, sizeof (Series));

  g_array_set_clear_func (series, series_clear);
  for (guint i = 0; i < sweep->points->len; i++)
    {
      const IbSweepPoint *p = &g_array_index (sweep->points, IbSweepPoint, i);
      Series *found = NULL;

      for (guint j = 0; j < series->len && found == NULL; j++)
        if (g_strcmp0 (g_array_index (series, Series, j).strategy, p->strategy) == 0)
          found = &g_array_index (series, Series, j);
      if (found == NULL)
        {
          Series s = { p->strategy, g_ptr_array_new (), { 0, } };

          g_array_append_val (series, s);
          found = &g_array_index (series, Series, series->len - 1);
        }
      g_ptr_array_add (found->points, (gpointer) p);
    }
  for (guint j = 0; j < series->len; j++)
    g_ptr_array_sort (g_array_index (series, Series, j).points, cmp_points);
  return series;
}

static void
assign_colors (IbChartCtx *ctx,
               GArray     *series)
{
  static const IbPaletteSlot slots[] = {
    IB_PAL_BLUE, IB_PAL_ORANGE, IB_PAL_GREEN, IB_PAL_PURPLE,
    IB_PAL_SKY, IB_PAL_VERMILLION, IB_PAL_YELLOW, IB_PAL_GREY,
  };
  gboolean used[IB_CHART_N_FAMILIES] = { FALSE, };
  gboolean distinct = TRUE;

  for (guint i = 0; i < series->len; i++)
    {
      IbChartFamily f = ib_chart_strategy_family (g_array_index (series, Series, i).strategy, NULL);

      if (used[f] || f == IB_CHART_FAMILY_UNKNOWN)
        distinct = FALSE;
      used[f] = TRUE;
    }
  for (guint i = 0; i < series->len; i++)
    {
      Series *s = &g_array_index (series, Series, i);

      if (distinct)
        s->color = *ib_chart_family_color (ctx, ib_chart_strategy_family (s->strategy, NULL));
      else
        s->color = ctx->palette[slots[i % G_N_ELEMENTS (slots)]];
    }
}

static char *
format_x (IbVaryKind kind,
          double     v)
{
  g_autofree char *num = NULL;

  if (kind == IB_VARY_SIZE)
    return ib_chart_format_bytes (v);
  num = ib_chart_format_count (v);
  if (kind == IB_VARY_COUNT)
    /* Translators: a number of files, e.g. "100 files" */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s file", "%s files", (gulong) v), num);
  /* Translators: files in flight, e.g. "16 in flight" */
  return g_strdup_printf (_("%s in flight"), num);
}

/* What every step of draw_sweep draws with. */
typedef struct
{
  IbChartCtx    *ctx;
  const IbSweep *sweep;
  IbAxis         xa, ya;
  double         right, bottom;
  double         lw, radius;
  double         best; /* the nearest dot to the pointer so far */
} SweepPlot;

static void
sweep_legend (IbChartCtx *ctx,
              GArray     *series)
{
  g_autofree IbLegendItem *legend = g_new0 (IbLegendItem, series->len);

  for (guint i = 0; i < series->len; i++)
    {
      Series *s = &g_array_index (series, Series, i);

      legend[i] = (IbLegendItem) { ib_chart_strategy_title (s->strategy), IB_LEGEND_LINE,
                                   s->color };
    }
  ib_chart_legend (ctx, legend, series->len);
}

/* The range of the varied values and of the times with their intervals:
 * { x low, x high, y low, y high }, 1 to 10 on an axis without data. */
static void
sweep_range (const IbSweep *sweep,
             double         range[4])
{
  double xlo = G_MAXDOUBLE, xhi = 0, ylo = G_MAXDOUBLE, yhi = 0;

  for (guint i = 0; i < sweep->points->len; i++)
    {
      const IbSweepPoint *p = &g_array_index (sweep->points, IbSweepPoint, i);
      double v = (double) p->value;

      if (v > 0)
        {
          xlo = MIN (xlo, v);
          xhi = MAX (xhi, v);
        }
      if (p->median_ns > 0 && isfinite (p->median_ns))
        {
          ylo = MIN (ylo, p->median_ns);
          yhi = MAX (yhi, p->median_ns);
          if (p->ci_low_ns > 0 && isfinite (p->ci_low_ns))
            ylo = MIN (ylo, p->ci_low_ns);
          if (isfinite (p->ci_high_ns))
            yhi = MAX (yhi, p->ci_high_ns);
        }
    }
  if (xhi <= 0)
    {
      xlo = 1;
      xhi = 10;
    }
  if (yhi <= 0)
    {
      ylo = 1;
      yhi = 10;
    }
  range[0] = xlo;
  range[1] = xhi;
  range[2] = ylo;
  range[3] = yhi;
}

/* Each series' CI band, under the lines and dots. */
static void
sweep_draw_bands (SweepPlot *p,
                  GArray    *series)
{
  IbChartCtx *ctx = p->ctx;
  cairo_t *cr = ctx->cr;

  for (guint i = 0; i < series->len && !ctx->query; i++)
    {
      Series *s = &g_array_index (series, Series, i);
      guint n = s->points->len;

      if (n < 2)
        continue;
      cairo_new_path (cr);
      for (guint j = 0; j < n; j++)
        {
          const IbSweepPoint *pt = g_ptr_array_index (s->points, j);
          double hi = isfinite (pt->ci_high_ns) && pt->ci_high_ns > 0 ? pt->ci_high_ns : pt->median_ns;

          cairo_line_to (cr, ib_axis_map (&p->xa, (double) pt->value), ib_axis_map (&p->ya, hi));
        }
      for (guint j = n; j-- > 0;)
        {
          const IbSweepPoint *pt = g_ptr_array_index (s->points, j);
          double lo = isfinite (pt->ci_low_ns) && pt->ci_low_ns > 0 ? pt->ci_low_ns : pt->median_ns;

          cairo_line_to (cr, ib_axis_map (&p->xa, (double) pt->value), ib_axis_map (&p->ya, lo));
        }
      cairo_close_path (cr);
      ib_chart_set_color (ctx, &s->color, ctx->style->dark ? 0.22 : 0.16);
      cairo_fill (cr);
    }
}

/* A dashed line where one strategy overtakes the other, labelled. */
static void
sweep_draw_crossover (SweepPlot *p)
{
  IbChartCtx *ctx = p->ctx;
  cairo_t *cr = ctx->cr;
  const IbSweep *sweep = p->sweep;
  double x = ib_chart_snap_x (ctx, ib_axis_map (&p->xa, (double) sweep->crossover_value), 1);
  g_autofree char *value = format_x (sweep->vary, (double) sweep->crossover_value);
  /* Translators: marks where one strategy overtakes the other, e.g. "Crossover: 10 files" */
  g_autofree char *text = g_strdup_printf (_("Crossover: %s"), value);
  g_autoptr(PangoLayout) tl = ib_chart_layout (ctx, IB_TEXT_TICK, text);
  IbRgba fg = ib_chart_fg_alpha (ctx, ctx->style->high_contrast ? 1.0 : 0.75);
  double dash[] = { 4, 3 }, tw;

  if (!ctx->query)
    {
      cairo_save (cr);
      cairo_set_dash (cr, dash, 2, 0);
      cairo_set_line_width (cr, 1);
      ib_chart_set_color (ctx, &fg, 1.0);
      cairo_move_to (cr, x, ctx->area.y);
      cairo_line_to (cr, x, p->bottom);
      cairo_stroke (cr);
      cairo_restore (cr);
    }
  ib_chart_layout_size (tl, &tw, NULL);
  /* Label on the side of the line that has room. */
  if (x + ctx->font_px * 0.4 + tw <= p->right)
    ib_chart_show_layout (ctx, tl, x + ctx->font_px * 0.4, ctx->area.y, 0, 0, &fg);
  else
    ib_chart_show_layout (ctx, tl, x - ctx->font_px * 0.4, ctx->area.y, 1, 0, &fg);
  if (ib_chart_hit (ctx, x - ctx->font_px * 0.5, ctx->area.y, ctx->font_px,
                    p->bottom - ctx->area.y))
    {
      char *crossover = ib_sweep_crossover_text (sweep);

      ib_chart_take_tooltip (ctx, crossover != NULL ? crossover : g_strdup (text));
    }
}

/* The series' line through its medians. */
static void
sweep_draw_line (SweepPlot    *p,
                 const Series *s)
{
  cairo_t *cr = p->ctx->cr;
  gboolean started = FALSE;

  for (guint j = 0; j < s->points->len; j++)
    {
      const IbSweepPoint *pt = g_ptr_array_index (s->points, j);
      double x = ib_axis_map (&p->xa, (double) pt->value), y = ib_axis_map (&p->ya, pt->median_ns);

      if (!(pt->median_ns > 0) || !isfinite (pt->median_ns))
        continue;
      if (started)
        cairo_line_to (cr, x, y);
      else
        cairo_move_to (cr, x, y);
      started = TRUE;
    }
  cairo_set_line_width (cr, p->lw);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  ib_chart_set_color (p->ctx, &s->color, 1.0);
  cairo_stroke (cr);
}

static void
sweep_take_tooltip (SweepPlot          *p,
                    const Series       *s,
                    const IbSweepPoint *pt)
{
  IbChartCtx *ctx = p->ctx;
  g_autofree char *xv = format_x (p->sweep->vary, (double) pt->value);
  g_autofree char *m = ib_chart_format_time (pt->median_ns);
  g_autofree char *l = ib_chart_format_time (pt->ci_low_ns);
  g_autofree char *h = ib_chart_format_time (pt->ci_high_ns);
  g_autofree char *level = ib_chart_format_level (pt->ci_level);

  if (pt->n > 0)
    /* Translators: "sync-read-all\n100 files: median 3 ms (CI 2.9 – 3.2 ms,
     * covers 93.75 %, 5 valid runs)" */
    ib_chart_take_tooltip (ctx, g_strdup_printf (_("%s\n%s: median %s (CI %s – %s, "
                                                   "covers %s, %u valid runs)"),
                                                 ib_chart_strategy_title (s->strategy),
                                                 xv, m, l, h, level, pt->n));
  else
    ib_chart_take_tooltip (ctx, g_strdup_printf (_("%s\n%s: median %s (CI %s – %s)"),
                                                 ib_chart_strategy_title (s->strategy),
                                                 xv, m, l, h));
}

/* The series' medians as dots; the one nearest the pointer says what it is. */
static void
sweep_draw_dots (SweepPlot    *p,
                 const Series *s)
{
  IbChartCtx *ctx = p->ctx;

  for (guint j = 0; j < s->points->len; j++)
    {
      const IbSweepPoint *pt = g_ptr_array_index (s->points, j);
      double x = ib_axis_map (&p->xa, (double) pt->value), y = ib_axis_map (&p->ya, pt->median_ns), d;

      if (!(pt->median_ns > 0) || !isfinite (pt->median_ns))
        continue;
      ib_chart_dot (ctx, x, y, p->radius, &s->color, FALSE);
      d = hypot (ctx->qx - x, ctx->qy - y);
      if (ctx->query && d < ctx->font_px * 1.2 && d < p->best)
        {
          p->best = d;
          sweep_take_tooltip (p, s, pt);
        }
    }
}

static void
draw_sweep (IbChartCtx *ctx)
{
  const IbSweep *sweep = ctx->report->sweep;
  g_autofree char *subtitle = ib_chart_subtitle (ctx);
  g_autoptr(GArray) series = NULL;
  SweepPlot p = {
    .ctx = ctx,
    .sweep = sweep,
    .best = G_MAXDOUBLE,
    .lw = MAX (2.0, round (ctx->font_px / 6.0)),
    .radius = ib_chart_clamp (ctx->font_px * 0.32, 2.5, 5.5),
  };
  double range[4], tick_h, left;
  const char *caption;

  ib_chart_frame (ctx, sweep == NULL ? ib_chart_kind_title (ctx->kind)
                      : sweep->vary == IB_VARY_COUNT ? _("Read time against the number of files")
                      : sweep->vary == IB_VARY_SIZE ? _("Read time against the file size")
                      : _("Read time against the files in flight"), subtitle);
  if (sweep == NULL || sweep->points->len == 0)
    {
      ib_chart_empty (ctx, _("Nothing to show yet"),
                      _("This report has no sweep data; run “iobench-cli sweep”."));
      return;
    }
  series = collect_series (sweep);
  assign_colors (ctx, series);
  sweep_range (sweep, range);
  sweep_legend (ctx, series);

  tick_h = ib_chart_line_height (ctx, IB_TEXT_TICK) + ctx->font_px * 0.5;
  if (sweep->vary == IB_VARY_COUNT)
    caption = _("Number of files · median time with its CI · log-log scale");
  else if (sweep->vary == IB_VARY_SIZE)
    caption = _("File size · median time with its CI · log-log scale");
  else
    caption = _("Files in flight · median time with its CI · log-log scale");
  p.bottom = ctx->area.y + ctx->area.height - tick_h - ib_chart_caption_reserve (ctx, caption);
  ib_axis_init (&p.ya, &(IbAxisSpec) { IB_UNIT_TIME, TRUE, FALSE, range[2], range[3] },
                MAX (1, p.bottom - ctx->area.y), ctx->font_px * 2.6);
  left = ctx->area.x + ib_axis_label_width (ctx, &p.ya) + ctx->font_px * 0.8;
  p.right = ctx->area.x + ctx->area.width - ctx->font_px * 0.8;
  ib_axis_set_range (&p.ya, p.bottom, ctx->area.y + ctx->font_px * 0.4);
  ib_axis_init (&p.xa,
                &(IbAxisSpec) { sweep->vary == IB_VARY_SIZE ? IB_UNIT_BYTES : IB_UNIT_COUNT, TRUE,
                                FALSE, range[0], range[1] },
                MAX (1, p.right - left), ctx->font_px * 4);
  ib_axis_set_range (&p.xa, left, p.right);
  ib_axis_draw_y (ctx, &p.ya, left, p.right);
  ib_axis_draw_x (ctx, &p.xa, ctx->area.y, p.bottom);
  ib_chart_caption (ctx, caption, p.bottom + tick_h);

  /* CI bands first, lines and dots over them. */
  sweep_draw_bands (&p, series);
  if (sweep->has_crossover && sweep->crossover_value > 0)
    sweep_draw_crossover (&p);
  for (guint i = 0; i < series->len; i++)
    {
      const Series *s = &g_array_index (series, Series, i);

      if (!ctx->query)
        sweep_draw_line (&p, s);
      sweep_draw_dots (&p, s);
    }
}

/* Each line's points as drawn, then the crossover, in words. */
static char *
describe_sweep (const IbReport *report)
{
  const IbSweep *sweep = report->sweep;
  g_autoptr(GArray) series = NULL;
  g_autoptr(GString) text = g_string_new (NULL);

  if (sweep == NULL || sweep->points->len == 0)
    return g_strdup ("");
  series = collect_series (sweep);
  g_string_append (text, sweep->vary == IB_VARY_COUNT
                   /* Translators: start of the sweep chart's description for screen readers */
                   ? _("Median read time as the file count varies. ")
                   : sweep->vary == IB_VARY_SIZE
                   ? _("Median read time as the file size varies. ")
                   : _("Median read time as the files in flight vary. "));
  for (guint i = 0; i < series->len; i++)
    {
      const Series *s = &g_array_index (series, Series, i);
      guint n = 0;

      g_string_append_printf (text, "%s: ", ib_chart_strategy_title (s->strategy));
      for (guint j = 0; j < s->points->len; j++)
        {
          const IbSweepPoint *p = g_ptr_array_index (s->points, j);
          g_autofree char *x = NULL, *m = NULL;

          if (!(p->median_ns > 0) || !isfinite (p->median_ns))
            continue;
          x = format_x (sweep->vary, (double) p->value);
          m = ib_chart_format_time (p->median_ns);
          if (n++ > 0)
            g_string_append (text, ", ");
          g_string_append_printf (text, "%s %s", x, m);
        }
      if (n == 0)
        g_string_append (text, _("no valid point"));
      g_string_append (text, ". ");
    }
  if (sweep->has_crossover && sweep->crossover_value > 0)
    {
      g_autofree char *value = format_x (sweep->vary, (double) sweep->crossover_value);
      g_autofree char *crossover = ib_sweep_crossover_text (sweep);

      if (crossover != NULL)
        g_string_append_printf (text, "%s.", crossover);
      else
        g_string_append_printf (text, _("Crossover: %s"), value);
    }
  else
    /* Translators: in the sweep chart's description: no strategy overtakes another */
    g_string_append (text, _("No crossover."));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static char *
describe_sweep_request (const IbChartRequest *request)
{
  return describe_sweep (request->report);
}

static gboolean
has_sweep (const IbReport     *report,
           const IbComparison *comparison)
{
  return report->sweep != NULL && report->sweep->points->len > 0;
}

static void
subtitle_sweep (IbChartCtx *ctx,
                GPtrArray  *parts)
{
  const IbReport *report = ctx->report;

  if (report->sweep != NULL)
    {
      const char *what = report->sweep->vary == IB_VARY_COUNT  ? _("varying the file count")
                         : report->sweep->vary == IB_VARY_SIZE ? _("varying the file size")
                                                               : _("varying the files in flight");

      ib_chart_subtitle_add (parts, what);
    }
  ib_chart_subtitle_add (parts, ib_chart_cache_text (report->plan->cache));
  ib_chart_subtitle_add_machine (parts, report);
}

const IbChartKindInfo ib_chart_kind_sweep = {
  .id = "sweep",
  .title = N_("Sweep"),
  /* Translators: short view switcher title of the sweep chart */
  .short_title = N_("Sweep"),
  .icon = "view-wrapped-symbolic",
  .no_data = N_("this report has no sweep data; run “iobench-cli sweep --vary "
                 "count=1,2,10,100 --strategies A,B --json FILE” first"),
  .in_reports = TRUE,
  .main_chart = TRUE,
  .has_data = has_sweep,
  .draw = draw_sweep,
  .subtitle = subtitle_sweep,
  .describe = describe_sweep_request,
};
