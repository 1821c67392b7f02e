/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-chart.c: the public entry points: styles, kinds, draw and tooltips. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "ib-chart-private.h"

#define DEFAULT_FONT "Cantarell, DejaVu Sans, sans-serif"

/* ---- styles --------------------------------------------------------------- */

static IbRgba
rgb (guint32 hex,
     double  alpha)
{
  return (IbRgba) { ((hex >> 16) & 0xff) / 255.0, ((hex >> 8) & 0xff) / 255.0,
                    (hex & 0xff) / 255.0, alpha };
}

void
ib_chart_style_init_light (IbChartStyle *style)
{
  g_return_if_fail (style != NULL);

  memset (style, 0, sizeof *style);
  style->background = rgb (0xffffff, 1);
  style->foreground = rgb (0x000000, 0.8);
  style->grid = rgb (0x000000, 0.09);
  style->accent = rgb (0x1c71d8, 1);
  style->font_scale = 1.0;
}

void
ib_chart_style_init_dark (IbChartStyle *style)
{
  g_return_if_fail (style != NULL);

  memset (style, 0, sizeof *style);
  style->background = rgb (0x1e1e1e, 1);
  style->foreground = rgb (0xffffff, 0.9);
  style->grid = rgb (0xffffff, 0.1);
  style->accent = rgb (0x78aeed, 1);
  style->dark = TRUE;
  style->font_scale = 1.0;
}

void
ib_chart_style_init_high_contrast (IbChartStyle *style,
                                   gboolean      dark)
{
  g_return_if_fail (style != NULL);

  memset (style, 0, sizeof *style);
  style->background = rgb (dark ? 0x000000 : 0xffffff, 1);
  style->foreground = rgb (dark ? 0xffffff : 0x000000, 1);
  style->grid = rgb (dark ? 0xffffff : 0x000000, 0.3);
  style->accent = rgb (dark ? 0x99c1f1 : 0x1a5fb4, 1);
  style->dark = dark;
  style->high_contrast = TRUE;
  style->font_scale = 1.0;
}

/* Okabe-Ito, with the dark blue and vermillion lifted on dark backgrounds so
 * every colour keeps at least 4.5:1 against it. */
static void
init_palette (IbChartCtx *ctx)
{
  gboolean dark = ctx->style->dark;

  ctx->palette[IB_PAL_BLUE] = rgb (dark ? 0x56b4e9 : 0x0072b2, 1);
  ctx->palette[IB_PAL_ORANGE] = rgb (dark ? 0xe69f00 : 0xd55e00, 1);
  ctx->palette[IB_PAL_GREEN] = rgb (dark ? 0x2cc295 : 0x009e73, 1);
  ctx->palette[IB_PAL_VERMILLION] = rgb (dark ? 0xff7f50 : 0xd55e00, 1);
  ctx->palette[IB_PAL_PURPLE] = rgb (dark ? 0xe29ac8 : 0xcc79a7, 1);
  ctx->palette[IB_PAL_SKY] = rgb (dark ? 0x9bd3f5 : 0x56b4e9, 1);
  ctx->palette[IB_PAL_YELLOW] = rgb (dark ? 0xf0e442 : 0xb8a800, 1);
  ctx->palette[IB_PAL_GREY] = rgb (dark ? 0xa0a0a0 : 0x6e6e6e, 1);
  if (ctx->style->high_contrast && !dark)
    {
      ctx->palette[IB_PAL_ORANGE] = rgb (0xb34a00, 1);
      ctx->palette[IB_PAL_GREEN] = rgb (0x00785a, 1);
    }
}

/* ---- kinds ----------------------------------------------------------------- */

static const struct
{
  const char *id;
  const char *title;
} kinds[IB_N_CHART_KINDS] = {
  { "strategies", N_("Read time per strategy") },
  { "throughput", N_("Throughput per strategy") },
  { "cpu",        N_("CPU time against wall time") },
  { "latency",    N_("Write and delete latency") },
  { "overhead",   N_("Dispatch overhead") },
  { "sweep",      N_("Sweep") },
  { "compare",    N_("Comparison of two runs") },
  { "stall",      N_("Main-loop stall per strategy") },
};

const char *
ib_chart_kind_to_string (IbChartKind kind)
{
  g_return_val_if_fail ((guint) kind < IB_N_CHART_KINDS, NULL);
  return kinds[kind].id;
}

gboolean
ib_chart_kind_from_string (const char  *str,
                           IbChartKind *out)
{
  g_return_val_if_fail (out != NULL, FALSE);

  if (str == NULL)
    return FALSE;
  for (guint i = 0; i < IB_N_CHART_KINDS; i++)
    if (g_str_equal (str, kinds[i].id))
      {
        *out = (IbChartKind) i;
        return TRUE;
      }
  return FALSE;
}

const char *
ib_chart_kind_title (IbChartKind kind)
{
  g_return_val_if_fail ((guint) kind < IB_N_CHART_KINDS, NULL);
  return _(kinds[kind].title);
}

/* The report a chart of @kind draws: @comparison's A for IB_CHART_COMPARE. */
static const IbReport *
drawn_report (IbChartKind         kind,
              const IbReport     *report,
              const IbComparison *comparison)
{
  if (kind == IB_CHART_COMPARE && comparison != NULL)
    return ib_analysis_get_report (ib_comparison_get_a (comparison));
  return report;
}

gboolean
ib_chart_has_data (IbChartKind         kind,
                   const IbReport     *report,
                   const IbComparison *comparison)
{
  g_return_val_if_fail ((guint) kind < IB_N_CHART_KINDS, FALSE);

  report = drawn_report (kind, report, comparison);
  if (report == NULL)
    return FALSE;
  switch (kind)
    {
    case IB_CHART_STRATEGIES:
    case IB_CHART_CPU:
      return report->statistics->len > 0;
    case IB_CHART_THROUGHPUT:
      for (guint i = 0; i < report->statistics->len; i++)
        if (g_array_index (report->statistics, IbStats, i).mib_per_s > 0)
          return TRUE;
      return FALSE;
    case IB_CHART_LATENCY:
      return report->write_unlink != NULL && report->write_unlink->modes->len > 0;
    case IB_CHART_OVERHEAD:
      return report->overhead->len > 0;
    case IB_CHART_SWEEP:
      return report->sweep != NULL && report->sweep->points->len > 0;
    case IB_CHART_COMPARE:
      return ib_chart_compare_has_data (IB_COMPARE_CHART_AUTO, comparison);
    case IB_CHART_STALL:
      for (guint i = 0; i < report->statistics->len; i++)
        if (g_array_index (report->statistics, IbStats, i).n_responsive > 0)
          return TRUE;
      return FALSE;
    case IB_N_CHART_KINDS:
    default:
      return FALSE;
    }
}

/* ---- drawing ---------------------------------------------------------------- */

/* What a pass collects besides drawing (none of it: it only draws). */
typedef struct
{
  GPtrArray *texts;
  GString   *svg_text;
  GArray    *rules;
  gboolean   query;     /* the tooltip at (qx, qy) into *tooltip */
  double     qx, qy;
  char     **tooltip;
} Collect;

static void
ctx_init (IbChartCtx         *ctx,
          cairo_t            *cr,
          IbChartKind         kind,
          const IbReport     *report,
          const IbComparison *comparison,
          const IbChartStyle *style,
          double              width,
          double              height,
          const Collect      *into)
{
  double scale;

  *ctx = (IbChartCtx) {
    .cr = cr,
    .kind = kind,
    .report = drawn_report (kind, report, comparison),
    .style = style,
    .width = ib_chart_clamp (width, 1, 100000),
    .height = ib_chart_clamp (height, 1, 100000),
    .texts = into->texts,
    .svg_text = into->svg_text,
    .rules = into->rules,
    .query = into->query,
    .qx = into->qx,
    .qy = into->qy,
  };
  if (kind == IB_CHART_COMPARE && comparison != NULL)
    {
      ctx->comparison = comparison;
      ctx->other = ib_analysis_get_report (ib_comparison_get_b (comparison));
    }
  ctx->compact = ctx->width < 560 || ctx->height < 380;

  scale = ib_chart_clamp (style->font_scale > 0 ? style->font_scale : 1.0, 0.5, 3);
  ctx->font_px = ib_chart_clamp (sqrt (ctx->width * ctx->height) / 66, 12, 20) * scale;
  if (ctx->compact)
    ctx->font_px = MIN (ctx->font_px, 12 * scale);
  ctx->pad = round (ctx->font_px * (ctx->compact ? 1.0 : 1.6));
  ctx->font = pango_font_description_from_string (style->font_family != NULL
                                                  ? style->font_family : DEFAULT_FONT);
  init_palette (ctx);
  ctx->area = (IbRect) { ctx->pad, ctx->pad, ctx->width - 2 * ctx->pad,
                         ctx->height - 2 * ctx->pad };
  ctx->caption_lines = 1;
}

static void
ctx_clear (IbChartCtx *ctx)
{
  g_clear_pointer (&ctx->font, pango_font_description_free);
  g_clear_pointer (&ctx->tooltip, g_free);
  g_clear_pointer (&ctx->fitted, g_hash_table_unref);
  g_clear_pointer (&ctx->widths, g_hash_table_unref);
  g_clear_object (&ctx->pango);
  g_clear_pointer (&ctx->drawn, g_array_unref);
}

static void
run_kind (IbChartCtx *ctx)
{
  if (ctx->report == NULL)
    {
      ib_chart_frame (ctx, ib_chart_kind_title (ctx->kind), NULL);
      ib_chart_empty (ctx, _("Nothing to show yet"), NULL);
      return;
    }
  switch (ctx->kind)
    {
    case IB_CHART_STRATEGIES: ib_chart_draw_strategies (ctx); break;
    case IB_CHART_THROUGHPUT: ib_chart_draw_throughput (ctx); break;
    case IB_CHART_CPU:        ib_chart_draw_cpu (ctx); break;
    case IB_CHART_LATENCY:    ib_chart_draw_latency (ctx); break;
    case IB_CHART_OVERHEAD:   ib_chart_draw_overhead (ctx); break;
    case IB_CHART_SWEEP:      ib_chart_draw_sweep (ctx); break;
    case IB_CHART_COMPARE:    ib_chart_draw_compare (ctx); break;
    case IB_CHART_STALL:      ib_chart_draw_stall (ctx); break;
    case IB_N_CHART_KINDS:
    default:
      g_assert_not_reached ();
    }
}

/* One layout pass of the chart over a @width x @height area of @cr, the
 * one every entry point below makes: drawing, the texts and rules for
 * tests, SVG's texts, a tooltip. Clipped to the area when @clip; nothing
 * for an area under 1 x 1 or not finite. */
static void
chart_pass (cairo_t            *cr,
            IbChartKind         kind,
            const IbReport     *report,
            const IbComparison *comparison,
            const IbChartStyle *style,
            double              width,
            double              height,
            gboolean            clip,
            const Collect      *into)
{
  IbChartCtx ctx;

  if (!(width >= 1 && height >= 1) || !isfinite (width) || !isfinite (height))
    return;
  cairo_save (cr);
  if (clip)
    {
      cairo_rectangle (cr, 0, 0, width, height);
      cairo_clip (cr);
    }
  ctx_init (&ctx, cr, kind, report, comparison, style, width, height, into);
  run_kind (&ctx);
  if (into->tooltip != NULL)
    *into->tooltip = g_steal_pointer (&ctx.tooltip);
  ctx_clear (&ctx);
  cairo_restore (cr);
}

void
ib_chart_draw (cairo_t            *cr,
               IbChartKind         kind,
               const IbReport     *report,
               const IbComparison *comparison,
               const IbChartStyle *style,
               double              width,
               double              height)
{
  g_return_if_fail (cr != NULL);
  g_return_if_fail ((guint) kind < IB_N_CHART_KINDS);
  g_return_if_fail (style != NULL);

  chart_pass (cr, kind, report, comparison, style, width, height, TRUE, &(Collect) { 0 });
}

static void
chart_text_free (gpointer data)
{
  IbChartText *t = data;

  g_free (t->text);
  g_free (t);
}

GPtrArray *
ib_chart_draw_texts (cairo_t            *cr,
                     IbChartKind         kind,
                     const IbReport     *report,
                     const IbComparison *comparison,
                     const IbChartStyle *style,
                     double              width,
                     double              height)
{
  GPtrArray *texts = g_ptr_array_new_with_free_func (chart_text_free);

  g_return_val_if_fail (cr != NULL && style != NULL, texts);
  g_return_val_if_fail ((guint) kind < IB_N_CHART_KINDS, texts);

  chart_pass (cr, kind, report, comparison, style, width, height, FALSE,
              &(Collect) { .texts = texts });
  return texts;
}

void
ib_chart_draw_svg_text (cairo_t            *cr,
                        IbChartKind         kind,
                        const IbReport     *report,
                        const IbComparison *comparison,
                        const IbChartStyle *style,
                        double              width,
                        double              height,
                        GString            *svg)
{
  g_return_if_fail (cr != NULL && style != NULL && svg != NULL);
  g_return_if_fail ((guint) kind < IB_N_CHART_KINDS);

  chart_pass (cr, kind, report, comparison, style, width, height, TRUE,
              &(Collect) { .svg_text = svg });
}

GArray *
ib_chart_draw_rules (cairo_t            *cr,
                     IbChartKind         kind,
                     const IbReport     *report,
                     const IbComparison *comparison,
                     const IbChartStyle *style,
                     double              width,
                     double              height)
{
  GArray *rules = g_array_new (FALSE, FALSE, sizeof (IbRect));

  g_return_val_if_fail (cr != NULL && style != NULL, rules);
  g_return_val_if_fail ((guint) kind < IB_N_CHART_KINDS, rules);

  chart_pass (cr, kind, report, comparison, style, width, height, FALSE,
              &(Collect) { .rules = rules });
  return rules;
}

char *
ib_chart_query_tooltip (IbChartKind         kind,
                        const IbReport     *report,
                        const IbComparison *comparison,
                        const IbChartStyle *style,
                        double              width,
                        double              height,
                        double              x,
                        double              y)
{
  cairo_surface_t *surface;
  cairo_t *cr;
  char *text = NULL;

  g_return_val_if_fail ((guint) kind < IB_N_CHART_KINDS, NULL);
  g_return_val_if_fail (style != NULL, NULL);

  if (drawn_report (kind, report, comparison) == NULL || !isfinite (x) || !isfinite (y) || x < 0
      || y < 0 || x >= width || y >= height)
    return NULL;

  /* Layout needs font metrics, hence a (tiny) real surface. */
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cr = cairo_create (surface);
  chart_pass (cr, kind, report, comparison, style, width, height, FALSE,
              &(Collect) { .query = TRUE, .qx = x, .qy = y, .tooltip = &text });
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return text;
}

char *
ib_chart_describe (IbChartKind         kind,
                   const IbReport     *report,
                   const IbComparison *comparison,
                   const IbChartStyle *style)
{
  g_return_val_if_fail ((guint) kind < IB_N_CHART_KINDS, NULL);
  g_return_val_if_fail (style != NULL, NULL);

  if (!ib_chart_has_data (kind, report, comparison))
    return g_strdup ("");
  switch (kind)
    {
    case IB_CHART_STRATEGIES: return ib_chart_describe_strategies (report);
    case IB_CHART_THROUGHPUT: return ib_chart_describe_throughput (report);
    case IB_CHART_CPU:        return ib_chart_describe_cpu (report);
    case IB_CHART_LATENCY:    return ib_chart_describe_latency (report);
    case IB_CHART_OVERHEAD:   return ib_chart_describe_overhead (report);
    case IB_CHART_SWEEP:      return ib_chart_describe_sweep (report);
    case IB_CHART_COMPARE:
      return ib_chart_describe_compare (comparison, style);
    case IB_CHART_STALL:      return ib_chart_describe_stall (report);
    case IB_N_CHART_KINDS:
    default:
      g_assert_not_reached ();
    }
}
