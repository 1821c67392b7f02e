/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-chart.c: the public entry points: styles, draw, tooltips, descriptions. */
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

/* The least and most height of a chart as tall as its content. */
#define FIT_MIN 380
#define FIT_MIN_NARROW 240
#define FIT_MAX 8000

/* ---- drawing ---------------------------------------------------------------- */

/* What a pass collects besides drawing (none of it: it only draws). */
typedef struct
{
  GPtrArray *texts;
  GString   *svg_text;
  GArray    *rules;
  double    *fit_spare; /* ctx->fit_spare, after the pass */
  gboolean   query;     /* the tooltip at (qx, qy) into *tooltip */
  double     qx, qy;
  char     **tooltip;
} Collect;

/* The report a chart draws: the comparison's A for a kind of two runs. */
static const IbReport *
drawn_report (const IbChartRequest *request)
{
  if (request->kind->two_runs && request->comparison != NULL)
    return ib_analysis_get_report (ib_comparison_get_a (request->comparison));
  return request->report;
}

static void
ctx_init (IbChartCtx           *ctx,
          cairo_t              *cr,
          const IbChartRequest *request,
          const Collect        *into)
{
  const IbChartStyle *style = request->style;
  double scale;

  *ctx = (IbChartCtx) {
    .cr = cr,
    .kind = request->kind,
    .report = drawn_report (request),
    .style = style,
    .width = ib_chart_clamp (request->width, 1, 100000),
    .height = ib_chart_clamp (request->height, 1, 100000),
    .texts = into->texts,
    .svg_text = into->svg_text,
    .rules = into->rules,
    .query = into->query,
    .qx = into->qx,
    .qy = into->qy,
  };
  if (request->kind->two_runs && request->comparison != NULL)
    {
      ctx->comparison = request->comparison;
      ctx->other = ib_analysis_get_report (ib_comparison_get_b (request->comparison));
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
  ctx->fit_spare = NAN;
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
  ctx->kind->draw (ctx);
}

/* One layout pass of the chart over a @width x @height area of @cr, the
 * one every entry point below makes: drawing, the texts and rules for
 * tests, SVG's texts, a tooltip. Clipped to the area when @clip; nothing
 * for an area under 1 x 1 or not finite. */
static void
chart_pass (cairo_t              *cr,
            const IbChartRequest *request,
            gboolean              clip,
            const Collect        *into)
{
  IbChartCtx ctx;
  double     width = request->width, height = request->height;

  if (!(width >= 1 && height >= 1) || !isfinite (width) || !isfinite (height))
    return;
  cairo_save (cr);
  if (clip)
    {
      cairo_rectangle (cr, 0, 0, width, height);
      cairo_clip (cr);
    }
  ctx_init (&ctx, cr, request, into);
  run_kind (&ctx);
  if (into->tooltip != NULL)
    *into->tooltip = g_steal_pointer (&ctx.tooltip);
  if (into->fit_spare != NULL)
    *into->fit_spare = ctx.fit_spare;
  ctx_clear (&ctx);
  cairo_restore (cr);
}

/* Whether @request names a kind and a style: what every entry point needs. */
static gboolean
request_ok (const IbChartRequest *request)
{
  return request != NULL && request->kind != NULL && request->style != NULL;
}

void
ib_chart_draw (cairo_t              *cr,
               const IbChartRequest *request)
{
  g_return_if_fail (cr != NULL);
  g_return_if_fail (request_ok (request));

  chart_pass (cr, request, TRUE, &(Collect) { 0 });
}

static void
chart_text_free (gpointer data)
{
  IbChartText *t = data;

  g_free (t->text);
  g_free (t);
}

GPtrArray *
ib_chart_draw_texts (cairo_t              *cr,
                     const IbChartRequest *request)
{
  GPtrArray *texts = g_ptr_array_new_with_free_func (chart_text_free);

  g_return_val_if_fail (cr != NULL && request_ok (request), texts);

  chart_pass (cr, request, FALSE, &(Collect) { .texts = texts });
  return texts;
}

void
ib_chart_draw_svg_text (cairo_t              *cr,
                        const IbChartRequest *request,
                        GString              *svg)
{
  g_return_if_fail (cr != NULL && request_ok (request) && svg != NULL);

  chart_pass (cr, request, TRUE, &(Collect) { .svg_text = svg });
}

GArray *
ib_chart_draw_rules (cairo_t              *cr,
                     const IbChartRequest *request)
{
  GArray *rules = g_array_new (FALSE, FALSE, sizeof (IbRect));

  g_return_val_if_fail (cr != NULL && request_ok (request), rules);

  chart_pass (cr, request, FALSE, &(Collect) { .rules = rules });
  return rules;
}

char *
ib_chart_query_tooltip (const IbChartRequest *request,
                        double                x,
                        double                y)
{
  cairo_surface_t *surface;
  cairo_t *cr;
  char *text = NULL;

  g_return_val_if_fail (request_ok (request), NULL);

  if (drawn_report (request) == NULL || !isfinite (x) || !isfinite (y) || x < 0 || y < 0 || x >= request->width || y >= request->height)
    return NULL;

  /* Layout needs font metrics, hence a (tiny) real surface. */
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cr = cairo_create (surface);
  chart_pass (cr, request, FALSE,
              &(Collect) { .query = TRUE, .qx = x, .qy = y, .tooltip = &text });
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return text;
}

/* The empty height of @request's rows (ctx->fit_spare), laid out but not
 * drawn; NAN for a chart without rows. */
static double
fit_spare (const IbChartRequest *request)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cairo_t         *cr = cairo_create (surface);
  double           spare = NAN;

  /* a query no item is under: the layout without a mark drawn */
  chart_pass (cr, request, FALSE,
              &(Collect) { .query = TRUE, .qx = -1e9, .qy = -1e9, .fit_spare = &spare });
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return spare;
}

int
ib_chart_fit_height (const IbChartRequest *request)
{
  IbChartRequest at;
  /* below 380 a chart drops its legend (compact): not for a short one */
  double low = request != NULL && request->width < 560 ? FIT_MIN_NARROW : FIT_MIN;

  g_return_val_if_fail (request_ok (request), 540);

  at = *request;
  if (!(at.width >= 1 && at.height >= 1) || !isfinite (at.width) || !isfinite (at.height))
    return (int) ib_chart_clamp (request->height, 1, FIT_MAX);
  /* The font grows with the picture's area, and the rows with the font: a
   * few rounds settle on the height the rows need at that height. */
  for (guint pass = 0; pass < 8; pass++)
    {
      double spare = fit_spare (&at), next;

      if (!isfinite (spare))
        break;
      next = CLAMP (floor (at.height - spare), low, FIT_MAX);
      if (fabs (next - at.height) < 1)
        break;
      at.height = next;
    }
  return (int) at.height;
}

char *
ib_chart_describe (const IbChartRequest *request)
{
  g_return_val_if_fail (request_ok (request), NULL);

  if (!ib_chart_has_data (request->kind, request->report, request->comparison))
    return g_strdup ("");
  return request->kind->describe (request);
}
