/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-chart-frame.c: background, title and subtitle, legend, empty state. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>
#include <inttypes.h>
#include <math.h>

#include "engine/plan/ib-presets.h"
#include "ib-chart-private.h"
#include "analysis/ib-labels.h"

void
ib_chart_frame (IbChartCtx *ctx,
                const char *title,
                const char *subtitle)
{
  cairo_t *cr = ctx->cr;
  double x = ctx->pad, y = ctx->pad * 0.8, avail = ctx->width - 2 * ctx->pad;
  g_autoptr(PangoLayout) tl = ib_chart_layout (ctx, IB_TEXT_TITLE, title);
  double h;
  IbRgba dim = ib_chart_fg_alpha (ctx, ctx->style->high_contrast ? 1.0 : 0.62);

  if (!ctx->style->transparent && !ctx->query)
    {
      ib_chart_set_color (ctx, &ctx->style->background, 1.0);
      cairo_rectangle (cr, 0, 0, ctx->width, ctx->height);
      cairo_fill (cr);
    }

  /* A narrow chart wraps its title and subtitle rather than losing them:
   * two lines each, an ellipsis only past that. */
  pango_layout_set_width (tl, (int) (MAX (avail, 1) * PANGO_SCALE));
  pango_layout_set_wrap (tl, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_height (tl, -2);
  pango_layout_set_ellipsize (tl, PANGO_ELLIPSIZE_END);
  ib_chart_show_layout (ctx, tl, x, y, 0, 0, &ctx->style->foreground);
  ib_chart_layout_size (tl, NULL, &h);
  y += h;

  if (subtitle != NULL && subtitle[0] != '\0')
    {
      g_autoptr(PangoLayout) sl = ib_chart_layout (ctx, IB_TEXT_SUBTITLE, subtitle);

      pango_layout_set_width (sl, (int) (MAX (avail, 1) * PANGO_SCALE));
      pango_layout_set_wrap (sl, PANGO_WRAP_WORD_CHAR);
      pango_layout_set_height (sl, -2);
      pango_layout_set_ellipsize (sl, PANGO_ELLIPSIZE_END);
      y += ctx->font_px * 0.15;
      ib_chart_show_layout (ctx, sl, x, y, 0, 0, &dim);
      ib_chart_layout_size (sl, NULL, &h);
      y += h;
    }
  y += ctx->font_px * (ctx->compact ? 0.6 : 1.0);

  ctx->area.x = ctx->pad;
  ctx->area.y = y;
  ctx->area.width = MAX (1, ctx->width - 2 * ctx->pad);
  ctx->area.height = MAX (1, ctx->height - y - ctx->pad * 0.8);
}

static void
legend_glyph (IbChartCtx         *ctx,
              const IbLegendItem *item,
              double              x,
              double              cy,
              double              size)
{
  cairo_t *cr = ctx->cr;
  IbRgba fg = ib_chart_fg_alpha (ctx, 0.75);
  double r = size / 2;

  if (ctx->query)
    return;
  switch (item->shape)
    {
    case IB_LEGEND_SWATCH:
      ib_chart_set_color (ctx, &item->color, 1.0);
      cairo_rectangle (cr, x, round (cy - r), size, size);
      cairo_fill (cr);
      break;
    case IB_LEGEND_HATCH:
      ib_chart_set_color (ctx, &fg, 0.12);
      cairo_rectangle (cr, x, round (cy - r), size, size);
      cairo_fill (cr);
      ib_chart_hatch (ctx, x, round (cy - r), size, size, &fg);
      break;
    case IB_LEGEND_DOT:
      ib_chart_dot (ctx, x + r, cy, r * 0.6, &item->color, FALSE);
      break;
    case IB_LEGEND_HOLLOW_DOT:
      ib_chart_dot (ctx, x + r, cy, r * 0.6, &item->color, TRUE);
      break;
    case IB_LEGEND_LINE:
      ib_chart_set_color (ctx, &item->color, 1.0);
      cairo_set_line_width (cr, MAX (2, size / 6));
      cairo_move_to (cr, x - r * 0.4, cy);
      cairo_line_to (cr, x + size + r * 0.4, cy);
      cairo_stroke (cr);
      ib_chart_dot (ctx, x + r, cy, r * 0.5, &item->color, FALSE);
      break;
    case IB_LEGEND_WHISKER:
    default:
      ib_chart_set_color (ctx, &item->color, 1.0);
      cairo_set_line_width (cr, MAX (1.5, size / 8));
      cairo_move_to (cr, x, cy - r * 0.6);
      cairo_line_to (cr, x, cy + r * 0.6);
      cairo_move_to (cr, x, cy);
      cairo_line_to (cr, x + size, cy);
      cairo_move_to (cr, x + size, cy - r * 0.6);
      cairo_line_to (cr, x + size, cy + r * 0.6);
      cairo_stroke (cr);
      break;
    }
}

/* Lays the items out in rows from the left of the plot area; the area shrinks
 * by the legend's height. A narrow chart reflows it to as many lines as it
 * takes; only a chart too small to keep room for its plot goes without. */
void
ib_chart_legend (IbChartCtx         *ctx,
                 const IbLegendItem *items,
                 guint               n_items)
{
  double glyph = round (ctx->font_px * 0.8);
  double item_gap = ctx->font_px * 1.4, inner = ctx->font_px * 0.45;
  double line_h = ib_chart_line_height (ctx, IB_TEXT_TICK);
  double x0 = ctx->area.x, max_x = ctx->area.x + ctx->area.width;
  double x, y;
  guint lines = 1;
  IbRgba text = ib_chart_fg_alpha (ctx, ctx->style->high_contrast ? 1.0 : 0.8);

  if (n_items == 0)
    return;

  /* Measure first. */
  x = x0;
  for (guint i = 0; i < n_items; i++)
    {
      double w = glyph + inner + ib_chart_text_width (ctx, IB_TEXT_TICK, items[i].label);

      if (x > x0 && x + w > max_x)
        {
          lines++;
          x = x0;
        }
      x += w + item_gap;
    }
  if (lines > 1 && ctx->area.height - lines * line_h * 1.25 < ctx->font_px * 8)
    return;

  x = x0;
  y = ctx->area.y;
  for (guint i = 0; i < n_items; i++)
    {
      g_autoptr(PangoLayout) layout = ib_chart_layout (ctx, IB_TEXT_TICK, items[i].label);
      double w;

      ib_chart_layout_size (layout, &w, NULL);
      if (x > x0 && x + glyph + inner + w > max_x)
        {
          x = x0;
          y += line_h * 1.25;
        }
      legend_glyph (ctx, &items[i], x, y + line_h / 2, glyph);
      ib_chart_show_layout (ctx, layout, x + glyph + inner, y, 0, 0, &text);
      x += glyph + inner + w + item_gap;
    }
  y += line_h + ctx->font_px * 0.9;
  ctx->area.height = MAX (1, ctx->area.height - (y - ctx->area.y));
  ctx->area.y = y;
}

void
ib_chart_empty (IbChartCtx *ctx,
                const char *message,
                const char *hint)
{
  g_autoptr(PangoLayout) ml = ib_chart_layout (ctx, IB_TEXT_EMPTY, message);
  double cy = ctx->area.y + ctx->area.height / 2;
  double mh, avail = MAX (1, ctx->area.width);
  IbRgba dim = ib_chart_fg_alpha (ctx, ctx->style->high_contrast ? 1.0 : 0.55);

  pango_layout_set_width (ml, (int) (avail * PANGO_SCALE));
  pango_layout_set_alignment (ml, PANGO_ALIGN_CENTER);
  pango_layout_set_wrap (ml, PANGO_WRAP_WORD_CHAR);
  ib_chart_layout_size (ml, NULL, &mh);
  ib_chart_show_layout (ctx, ml, ctx->area.x, cy - ctx->font_px * 0.3, 0, 1, &dim);
  if (hint != NULL)
    {
      g_autoptr(PangoLayout) hl = ib_chart_layout (ctx, IB_TEXT_LABEL, hint);

      pango_layout_set_width (hl, (int) (avail * PANGO_SCALE));
      pango_layout_set_alignment (hl, PANGO_ALIGN_CENTER);
      pango_layout_set_wrap (hl, PANGO_WRAP_WORD);
      ib_chart_show_layout (ctx, hl, ctx->area.x, cy + ctx->font_px * 0.3, 0, 0, &dim);
    }
}

double
ib_chart_caption_height (IbChartCtx *ctx)
{
  ctx->caption_lines = 1;
  return ib_chart_line_height (ctx, IB_TEXT_TICK) + ctx->font_px * 0.3;
}

double
ib_chart_caption_reserve (IbChartCtx *ctx,
                          const char *text)
{
  g_autoptr(PangoLayout) layout = ib_chart_layout (ctx, IB_TEXT_TICK, text);
  double h;

  pango_layout_set_width (layout, (int) (MAX (1, ctx->area.width) * PANGO_SCALE));
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_height (layout, -2);
  ctx->caption_lines = (guint) CLAMP (pango_layout_get_line_count (layout), 1, 2);
  ib_chart_layout_size (layout, NULL, &h);
  return h + ctx->font_px * 0.3;
}

void
ib_chart_caption (IbChartCtx *ctx,
                  const char *text,
                  double      y)
{
  g_autoptr(PangoLayout) layout = NULL;
  IbRgba dim = ib_chart_fg_alpha (ctx, ctx->style->high_contrast ? 1.0 : 0.55);

  if (text == NULL)
    return;
  layout = ib_chart_layout (ctx, IB_TEXT_TICK, text);
  pango_layout_set_width (layout, (int) (MAX (1, ctx->area.width) * PANGO_SCALE));
  pango_layout_set_alignment (layout, PANGO_ALIGN_RIGHT);
  if (ctx->caption_lines > 1)
    {
      pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
      pango_layout_set_height (layout, -(int) ctx->caption_lines);
      pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
    }
  else
    pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_START);
  ib_chart_show_layout (ctx, layout, ctx->area.x, y + ctx->font_px * 0.3, 0, 0, &dim);
}

/* ---- subtitle ------------------------------------------------------------ */

void
ib_chart_subtitle_add (GPtrArray  *parts,
                       const char *text)
{
  if (text != NULL && text[0] != '\0')
    g_ptr_array_add (parts, g_strdup (text));
}

char *
ib_chart_file_set_text (const IbPlan *plan)
{
  guint n = plan->file_sizes->len;
  g_autofree char *total = NULL;

  if (n == 0)
    return NULL;
  total = ib_chart_format_bytes ((double) ib_plan_total_bytes (plan));
  /* Translators: file set, e.g. "4 files, 2.25 GiB, Random bytes" */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u file, %s, %s", "%u files, %s, %s", n),
                          n, total, ib_content_kind_title (plan->content));
}

const char *
ib_chart_cache_text (IbCacheMode mode)
{
  return ib_cache_mode_text (mode);
}

void
ib_chart_subtitle_add_machine (GPtrArray      *parts,
                               const IbReport *report)
{
  const IbEnvironment *env = report->environment;

  if (env == NULL)
    return;
  ib_chart_subtitle_add (parts, env->cpu_model);
  ib_chart_subtitle_add (parts, env->fs_type);
}

void
ib_chart_subtitle_reads (IbChartCtx *ctx,
                         GPtrArray  *parts)
{
  const IbReport *report = ctx->report;
  const IbPlan *plan = report->plan;
  g_autofree char *files = ib_chart_file_set_text (plan);

  if (plan->preset != NULL)
    {
      const IbPresetInfo *preset = ib_preset_lookup (plan->preset);

      /* The preset's title ("Quick"); the id of a preset this
       * version does not know. */
      g_ptr_array_add (parts, preset != NULL ? g_strdup (_(preset->title))
                                             /* Translators: subtitle part, %s is a preset id such as "quick" */
                                             : g_strdup_printf (_("preset %s"), plan->preset));
    }
  ib_chart_subtitle_add (parts, files);
  if (files != NULL)
    ib_chart_subtitle_add (parts, ib_chart_cache_text (plan->cache));
  ib_chart_subtitle_add_machine (parts, report);
}

char *
ib_chart_subtitle (IbChartCtx *ctx)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);

  ctx->kind->subtitle (ctx, parts);
  if (ctx->report->partial)
    ib_chart_subtitle_add (parts, _("partial run"));
  g_ptr_array_add (parts, NULL);
  return g_strjoinv (" · ", (char **) parts->pdata);
}
