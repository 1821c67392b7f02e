/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-chart-stall.c: how long each strategy blocks the run's main loop
 * (README.md, "What a read costs the main loop"): per strategy the median
 * of each read's longest stall of the 1 ms tick as a bar, every read a dot,
 * on a log time axis with the 60 Hz frame (16.7 ms) marked, and the frames
 * missed per read as labels. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdlib.h>

#include "ib-chart-private.h"
#include "analysis/ib-labels.h"

/* IB_FRAME_60HZ_NS of engine/measure/ib-responsiveness.h (whose IbTick the axis
 * code names otherwise). */
#define FRAME_60HZ_NS 16666667.0

typedef struct
{
  const IbRow *row;
  const IbStats *stats;   /* NULL: the tick did not run for this strategy */
  GArray      *stalls;    /* double ns, measured samples with the tick */
} StallRow;

static int
cmp_rows (gconstpointer a,
          gconstpointer b)
{
  const StallRow *x = a, *y = b;
  double vx = x->stats != NULL ? x->stats->stall_ns : G_MAXDOUBLE;
  double vy = y->stats != NULL ? y->stats->stall_ns : G_MAXDOUBLE;

  return vx < vy ? -1 : vx > vy ? 1 : 0;
}

static void
stall_row_fill (const IbReport *report,
                const IbRow    *row,
                StallRow       *out)
{
  out->row = row;
  out->stats = row->stats != NULL && row->stats->n_responsive > 0 ? row->stats : NULL;
  out->stalls = g_array_new (FALSE, FALSE, sizeof (double));
  for (guint i = 0; i < report->samples->len; i++)
    {
      const IbSample *s = &g_array_index (report->samples, IbSample, i);
      double v;

      if (!s->ok || s->warmup || !s->responsive || g_strcmp0 (s->strategy, row->id) != 0)
        continue;
      v = ib_chart_clamp ((double) s->stall_ns, 0, 1e18);
      g_array_append_val (out->stalls, v);
    }
}

static char *
frames_text (double frames)
{
  g_autofree char *n = NULL;

  if (frames <= 0)
    return g_strdup (_("no frame missed"));
  n = g_strdup_printf (frames == floor (frames) ? "%.0f" : "%.1f", frames);
  /* Translators: frames of a 60 Hz display missed per read (a median, may be 1.5) */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s frame missed", "%s frames missed",
                                       ib_plural_count (frames)), n);
}

static char *
stall_label (IbChartCtx     *ctx,
             const StallRow *sr)
{
  g_autofree char *time = NULL;
  g_autofree char *frames = NULL;

  if (sr->row->failed)
    return g_strdup (ib_row_missing_text (sr->row));
  if (sr->stats == NULL)
    return g_strdup (_("not measured"));
  time = ib_chart_format_time (sr->stats->stall_ns);
  if (ctx->compact)
    return g_steal_pointer (&time);
  frames = frames_text (sr->stats->frames_missed_60);
  return g_strdup_printf ("%s · %s", time, frames);
}

static char *
stall_tooltip (const StallRow *sr)
{
  g_autofree char *median = NULL;
  g_autofree char *worst = NULL;
  g_autofree char *p99 = NULL;
  g_autofree char *wall = NULL;

  if (sr->row->not_run)
    return g_strdup_printf ("%s\n%s", sr->row->label, _("Not run"));
  if (sr->row->failed)
    return g_strdup_printf ("%s\n%s", sr->row->label, _("No successful run"));
  if (sr->stats == NULL)
    return g_strdup_printf ("%s\n%s", sr->row->label,
                            _("The main-loop tick was off for this run"));
  median = ib_chart_format_time (sr->stats->stall_ns);
  worst = ib_chart_format_time (sr->stats->stall_max_ns);
  p99 = ib_chart_format_time (sr->stats->lateness_p99_ns);
  wall = ib_chart_format_time (sr->row->value);
  return g_strdup_printf (_("%s\nLongest stall %s (median of %u reads), worst %s\n"
                            "99th percentile of the tick's lateness %s\n"
                            "Frames missed per read, expected over a random vsync phase: "
                            "%.2g at 60 Hz, %.2g at 120 Hz\n"
                            "Read time %s (median)"),
                          sr->row->label, median, sr->stats->n_responsive, worst, p99,
                          sr->stats->frames_missed_60, sr->stats->frames_missed_120, wall);
}

/* The 60 Hz frame: a dashed line across the rows, named at the top. It is
 * drawn after the rows, interrupted wherever a row's name or value label
 * lies across it (a narrow chart puts names above the bars, in its way). */
static void
draw_frame_line (IbChartCtx        *ctx,
                 const IbAxis      *axis,
                 const IbRowLayout *layout,
                 const IbRgba      *color)
{
  cairo_t *cr = ctx->cr;
  double lw = MAX (1.0, round (ctx->font_px / 8.0));
  double x = ib_chart_snap_x (ctx, ib_axis_map (axis, FRAME_60HZ_NS), lw);
  double dash[] = { ctx->font_px * 0.4, ctx->font_px * 0.3 };
  g_autoptr(PangoLayout) text = ib_chart_layout (ctx, IB_TEXT_TICK, _("60 Hz frame"));

  if (ctx->query)
    return;
  /* Above the first row, and above its value label when rows are thinner
   * than a line of text. */
  ib_chart_show_layout (ctx, text, x - ctx->font_px * 0.25,
                        layout->plot.y - 1
                        - MAX (0, (ib_chart_line_height (ctx, IB_TEXT_TICK)
                                   - layout->row_height) / 2),
                        1, 1, color);
  cairo_save (cr);
  ib_chart_set_color (ctx, color, 0.9);
  cairo_set_line_width (cr, lw);
  cairo_set_dash (cr, dash, G_N_ELEMENTS (dash), 0);
  ib_chart_vline_around_texts (ctx, x, layout->plot.y - ctx->font_px * 0.3,
                               layout->plot.y + layout->plot.height,
                               lw / 2 + ctx->font_px * 0.15);
  cairo_stroke (cr);
  cairo_restore (cr);
}

static void
stall_legend (IbChartCtx     *ctx,
              const gboolean *have_family,
              const IbRgba   *frame_color)
{
  IbLegendItem legend[IB_CHART_N_FAMILIES + 2];
  guint n_legend = 0;

  for (guint f = 0; f < IB_CHART_N_FAMILIES; f++)
    if (have_family[f])
      legend[n_legend++] = (IbLegendItem) { ib_chart_family_name (f), IB_LEGEND_SWATCH,
                                            *ib_chart_family_color (ctx, f) };
  legend[n_legend++] = (IbLegendItem) { _("One read"), IB_LEGEND_HOLLOW_DOT,
                                        ib_chart_fg_alpha (ctx, 0.7) };
  legend[n_legend++] = (IbLegendItem) { _("60 Hz frame (16.7 ms)"), IB_LEGEND_LINE,
                                        *frame_color };
  ib_chart_legend (ctx, legend, n_legend);
}

/* What every row of draw_stall draws with. */
typedef struct
{
  IbChartCtx  *ctx;
  GPtrArray   *texts; /* each row's value text */
  IbRowLayout  layout;
  IbAxis       axis;
  IbRgba       label_color, dim;
} StallPlot;

static void
stall_draw_row (const StallPlot *p,
                const StallRow  *sr,
                guint            i)
{
  IbChartCtx *ctx = p->ctx;
  const IbRowLayout *layout = &p->layout;
  const IbRgba *color = ib_chart_family_color (ctx, sr->row->family);
  double cy = ib_row_center (layout, i);
  double bh = round (MIN (layout->row_height * 0.62, ctx->font_px * 2.2));
  double radius = ib_chart_clamp (MIN (ctx->font_px * 0.3, layout->row_height * 0.2), 1.5, 6);
  double x0 = ib_axis_map (&p->axis, p->axis.min), x1, right;
  g_autoptr(PangoLayout) vl = ib_chart_layout (ctx, IB_TEXT_TICK,
                                               g_ptr_array_index (p->texts, i));

  if (ib_chart_hit (ctx, ctx->area.x, cy - layout->row_height / 2, ctx->area.width,
                    layout->row_height))
    ib_chart_take_tooltip (ctx, stall_tooltip (sr));
  ib_row_draw_label (ctx, layout, i, sr->row->label, &p->label_color);
  if (sr->row->failed || sr->stats == NULL)
    {
      IbRgba red = ctx->palette[IB_PAL_VERMILLION];

      ib_row_draw_value (ctx, layout, i, vl, x0, sr->row->failed && !sr->row->not_run ? &red : &p->dim);
      return;
    }
  x1 = ib_axis_map (&p->axis, ib_chart_clamp (sr->stats->stall_ns, p->axis.min, p->axis.max));
  if (!ctx->query)
    {
      double top = round (cy - bh / 2);

      ib_chart_set_color (ctx, color, 0.55);
      cairo_rectangle (ctx->cr, x0, top, MAX (0, x1 - x0), bh);
      cairo_fill (ctx->cr);
    }
  right = x1;
  for (guint j = 0; j < sr->stalls->len; j++)
    {
      double v = ib_chart_clamp (g_array_index (sr->stalls, double, j), p->axis.min, p->axis.max);
      double x = ib_axis_map (&p->axis, v);
      double y = cy + ib_chart_jitter (sr->row->id, j) * bh * 0.3;

      ib_chart_dot (ctx, x, y, radius, color, TRUE);
      right = MAX (right, x + radius);
    }
  ib_row_draw_value (ctx, layout, i, vl, right, &p->dim);
}

static void
draw_stall (IbChartCtx *ctx)
{
  g_autoptr(GArray) rows = ib_rows_from_report (ctx->report, FALSE);
  g_autofree char *subtitle = ib_chart_subtitle (ctx);
  g_autofree const char **labels = NULL;
  g_autofree StallRow *srs = NULL;
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  double lo = G_MAXDOUBLE, hi = 0, widest = 0, tick_h;
  gboolean have_family[IB_CHART_N_FAMILIES] = { FALSE, };
  gboolean any_value = FALSE;
  const char *caption;
  /* Neutral: the family colours (orange is async) stay the data's. */
  IbRgba frame_color = ib_chart_fg_alpha (ctx, ctx->style->high_contrast ? 1.0 : 0.8);
  StallPlot p = {
    .ctx = ctx,
    .texts = texts,
    .label_color = ib_chart_fg_alpha (ctx, ctx->style->high_contrast ? 1.0 : 0.88),
    .dim = ib_chart_fg_alpha (ctx, ctx->style->high_contrast ? 1.0 : 0.62),
  };

  ib_chart_frame (ctx, ib_chart_kind_title (ctx->kind), subtitle);
  srs = g_new0 (StallRow, MAX (rows->len, 1));
  for (guint i = 0; i < rows->len; i++)
    {
      stall_row_fill (ctx->report, &g_array_index (rows, IbRow, i), &srs[i]);
      any_value |= srs[i].stats != NULL && !srs[i].row->failed;
    }
  if (!any_value)
    {
      for (guint i = 0; i < rows->len; i++)
        g_array_unref (srs[i].stalls);
      ib_chart_empty (ctx, _("No main-loop data"),
                      _("Run with the main-loop tick on (the default) to see how long each "
                        "strategy blocks the loop."));
      return;
    }
  /* Least stall first: the strategies that keep a window drawing on top. */
  qsort (srs, rows->len, sizeof (StallRow), cmp_rows);

  labels = g_new0 (const char *, rows->len + 1);
  for (guint i = 0; i < rows->len; i++)
    {
      StallRow *sr = &srs[i];

      labels[i] = sr->row->label;
      g_ptr_array_add (texts, stall_label (ctx, sr));
      widest = MAX (widest, ib_chart_text_width (ctx, IB_TEXT_TICK,
                                                 g_ptr_array_index (texts, i)));
      if (sr->row->failed || sr->stats == NULL)
        continue;
      have_family[sr->row->family] = TRUE;
      for (guint j = 0; j < sr->stalls->len; j++)
        {
          double v = g_array_index (sr->stalls, double, j);

          if (v > 0)
            lo = MIN (lo, v);
          hi = MAX (hi, v);
        }
      if (sr->stats->stall_ns > 0)
        lo = MIN (lo, sr->stats->stall_ns);
      hi = MAX (hi, sr->stats->stall_max_ns);
    }
  /* The frame line is always on the axis; a stall of 0 sits at its left end. */
  lo = MIN (lo, FRAME_60HZ_NS / 10);
  lo = MAX (lo, 1000.0);
  hi = MAX (hi, FRAME_60HZ_NS * 2);

  stall_legend (ctx, have_family, &frame_color);
  /* A line above the rows for the frame line's name, off the first row. */
  {
    double line = ceil (ib_chart_line_height (ctx, IB_TEXT_TICK) * 1.5);

    ctx->area.y += line;
    ctx->area.height = MAX (1, ctx->area.height - line);
  }

  tick_h = ib_chart_line_height (ctx, IB_TEXT_TICK) + ctx->font_px * 0.5;
  caption = _("Median of each read's longest stall of a 1 ms tick · log scale · "
              "lower keeps a window drawing");
  ib_row_layout (ctx, labels, rows->len, widest + ctx->font_px * 0.8,
                 tick_h + ib_chart_caption_reserve (ctx, caption), &p.layout);
  ib_chart_caption (ctx, caption, p.layout.axis_top + tick_h);
  ib_axis_init (&p.axis, &(IbAxisSpec) { IB_UNIT_TIME, TRUE, TRUE, lo, hi },
                p.layout.plot.width, ib_axis_spacing (ctx, IB_UNIT_TIME, hi));
  ib_axis_set_range (&p.axis, p.layout.plot.x, p.layout.plot.x + p.layout.plot.width);
  ib_axis_draw_x (ctx, &p.axis, p.layout.plot.y, p.layout.axis_top);

  for (guint i = 0; i < rows->len; i++)
    stall_draw_row (&p, &srs[i], i);
  draw_frame_line (ctx, &p.axis, &p.layout, &frame_color);
  for (guint i = 0; i < rows->len; i++)
    g_array_unref (srs[i].stalls);
}

/* Every row as drawn (least stall first), in words. */
static char *
describe_stall (const IbReport *report)
{
  g_autoptr(GArray) rows = ib_rows_from_report (report, FALSE);
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GPtrArray) unmeasured = g_ptr_array_new ();
  g_autoptr(GPtrArray) not_run = g_ptr_array_new ();
  g_autofree StallRow *srs = g_new0 (StallRow, MAX (rows->len, 1));

  for (guint i = 0; i < rows->len; i++)
    stall_row_fill (report, &g_array_index (rows, IbRow, i), &srs[i]);
  qsort (srs, rows->len, sizeof (StallRow), cmp_rows);
  for (guint i = 0; i < rows->len; i++)
    {
      const StallRow *sr = &srs[i];
      g_autofree char *time = NULL, *frames = NULL;

      if (sr->row->not_run)
        {
          g_ptr_array_add (not_run, sr->row->label);
          continue;
        }
      if (sr->row->failed || sr->stats == NULL)
        {
          g_ptr_array_add (unmeasured, sr->row->label);
          continue;
        }
      time = ib_chart_format_time (sr->stats->stall_ns);
      frames = frames_text (sr->stats->frames_missed_60);
      if (text->len == 0)
        /* Translators: start of the stall chart's description for screen readers */
        g_string_append (text, _("Median longest main-loop stall per read, shortest first: "));
      else
        g_string_append (text, "; ");
      /* Translators: "Memory map 1.2 ms, no frame missed" */
      g_string_append_printf (text, _("%s %s, %s"), sr->row->label, time, frames);
    }
  if (text->len > 0)
    g_string_append (text, ".");
  if (unmeasured->len > 0)
    {
      g_autofree char *list = NULL;

      g_ptr_array_add (unmeasured, NULL);
      list = g_strjoinv (", ", (char **) unmeasured->pdata);
      if (text->len > 0)
        g_string_append_c (text, ' ');
      /* Translators: strategies the stall chart has no value for */
      g_string_append_printf (text, _("Not measured or failed: %s."), list);
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
  for (guint i = 0; i < rows->len; i++)
    g_array_unref (srs[i].stalls);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static char *
describe_stall_request (const IbChartRequest *request)
{
  return describe_stall (request->report);
}

static gboolean
has_stalls (const IbReport     *report,
            const IbComparison *comparison)
{
  for (guint i = 0; i < report->statistics->len; i++)
    if (g_array_index (report->statistics, IbStats, i).n_responsive > 0)
      return TRUE;
  return FALSE;
}

const IbChartKindInfo ib_chart_kind_stall = {
  .id = "stall",
  .title = N_("Main-loop stall per strategy"),
  /* Translators: short view switcher title of the main-loop stall chart */
  .short_title = N_("Stall"),
  .icon = "media-playback-pause-symbolic",
  .no_data = N_("this report has no main-loop stall data; run “iobench-cli run --json FILE” "
                 "without “--responsiveness off” first"),
  .in_reports = TRUE,
  .has_data = has_stalls,
  .draw = draw_stall,
  .subtitle = ib_chart_subtitle_reads,
  .describe = describe_stall_request,
  .rows = ib_chart_strategy_rows,
};
