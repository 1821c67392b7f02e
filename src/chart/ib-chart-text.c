/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-chart-text.c: Pango text, colours, pixel snapping, value formatting. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "ib-chart-private.h"
#include "analysis/ib-labels.h"
#include "analysis/ib-text-safe.h"
#include "engine/io/ib-strategy.h"

double
ib_chart_finite (double v,
                 double fallback)
{
  return isfinite (v) ? v : fallback;
}

double
ib_chart_clamp (double v,
                double lo,
                double hi)
{
  if (!isfinite (v))
    return lo;
  return v < lo ? lo : (v > hi ? hi : v);
}

/* ---- text ---------------------------------------------------------------- */

static double
role_scale (IbTextRole role)
{
  switch (role)
    {
    case IB_TEXT_TITLE:    return 1.3;
    case IB_TEXT_SUBTITLE: return 0.9;
    case IB_TEXT_TICK:     return 0.86;
    case IB_TEXT_EMPTY:    return 1.4;
    case IB_TEXT_LABEL:
    default:               return 1.0;
    }
}

PangoLayout *
ib_chart_layout (IbChartCtx *ctx,
                 IbTextRole  role,
                 const char *text)
{
  PangoLayout *layout;
  g_autoptr(PangoFontDescription) font = pango_font_description_copy (ctx->font);
  g_autofree char *safe = ib_text_for_document (text);
  double px = ctx->font_px * role_scale (role);

  /* One Pango context for the whole drawing (the cairo context's target,
   * matrix and font options do not change while it draws), not one per
   * layout as pango_cairo_create_layout() makes. */
  if (ctx->pango == NULL)
    ctx->pango = pango_cairo_create_context (ctx->cr);
  layout = pango_layout_new (ctx->pango);
  pango_font_description_set_absolute_size (font, px * PANGO_SCALE);
  if (role == IB_TEXT_TITLE || role == IB_TEXT_EMPTY)
    pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (layout, font);
  /* Every text of every chart passes here: what XML and cairo's PDF text
   * refuse (a control character, U+FFFE) is drawn as U+FFFD, so an SVG is
   * well-formed and a PDF is written whatever a report holds. */
  pango_layout_set_text (layout, safe, -1);
  return layout;
}

void
ib_chart_layout_size (PangoLayout *layout,
                      double      *width,
                      double      *height)
{
  PangoRectangle logical;

  pango_layout_get_extents (layout, NULL, &logical);
  if (width != NULL)
    *width = (double) logical.width / PANGO_SCALE;
  if (height != NULL)
    *height = (double) logical.height / PANGO_SCALE;
}

double
ib_chart_text_width (IbChartCtx *ctx,
                     IbTextRole  role,
                     const char *text)
{
  g_autofree char *key = g_strdup_printf ("%d %s", (int) role, text != NULL ? text : "");
  double *cached;
  g_autoptr(PangoLayout) layout = NULL;
  double w;

  /* Labels are measured again and again (cut to fit, widest of a column):
   * shaped once per drawing. */
  if (ctx->widths == NULL)
    ctx->widths = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  cached = g_hash_table_lookup (ctx->widths, key);
  if (cached != NULL)
    return *cached;
  layout = ib_chart_layout (ctx, role, text);
  ib_chart_layout_size (layout, &w, NULL);
  g_hash_table_insert (ctx->widths, g_steal_pointer (&key), g_memdup2 (&w, sizeof w));
  return w;
}

double
ib_chart_line_height (IbChartCtx *ctx,
                      IbTextRole  role)
{
  g_autoptr(PangoLayout) layout = ib_chart_layout (ctx, role, "Ag");
  double h;

  ib_chart_layout_size (layout, NULL, &h);
  return h;
}

/* SVG's font-family list: "Cantarell, DejaVu Sans, sans-serif" ->
 * "Cantarell, 'DejaVu Sans', sans-serif". */
static void
append_font_family (GString    *out,
                    const char *families)
{
  g_auto(GStrv) names = g_strsplit (families != NULL ? families : "sans-serif", ",", -1);
  gboolean first = TRUE;

  for (guint i = 0; names[i] != NULL; i++)
    {
      const char *name = g_strstrip (names[i]);
      g_autofree char *escaped = NULL;

      if (name[0] == '\0')
        continue;
      escaped = g_markup_escape_text (name, -1);
      g_string_append_printf (out, strchr (name, ' ') != NULL ? "%s'%s'" : "%s%s",
                              first ? "" : ", ", escaped);
      first = FALSE;
    }
}

/* One <text> per line of @layout, drawn at (x, y) in user units: its
 * baseline, font, colour and width as Pango laid it out (textLength keeps
 * a viewer's substitute font to the same width); an ellipsized run reads
 * "…" as it is drawn. */
static void
svg_text_append (IbChartCtx   *ctx,
                 PangoLayout  *layout,
                 double        x,
                 double        y,
                 const IbRgba *color)
{
  const PangoFontDescription *font = pango_layout_get_font_description (layout);
  const char *text = pango_layout_get_text (layout);
  PangoLayoutIter *iter = pango_layout_get_iter (layout);
  double px = (double) pango_font_description_get_size (font) / PANGO_SCALE;
  double scale_x = 1, scale_y = 0;
  gboolean bold = pango_font_description_get_weight (font) >= PANGO_WEIGHT_SEMIBOLD;
  GString *out = ctx->svg_text;

  cairo_user_to_device_distance (ctx->cr, &scale_x, &scale_y);
  scale_x = ib_chart_finite (hypot (scale_x, scale_y), 1);
  do
    {
      PangoLayoutLine *line = pango_layout_iter_get_line_readonly (iter);
      PangoRectangle logical;
      g_autoptr(GString) content = g_string_new (NULL);
      g_autofree char *escaped = NULL;
      double bx, by;

      pango_layout_iter_get_line_extents (iter, NULL, &logical);
      for (GSList *l = line->runs; l != NULL; l = l->next)
        {
          const PangoGlyphItem *run = l->data;
          const PangoItem *item = run->item;

          if (item->analysis.flags & PANGO_ANALYSIS_FLAG_IS_ELLIPSIS)
            g_string_append (content, "…");
          else
            g_string_append_len (content, text + item->offset, item->length);
        }
      if (content->len == 0)
        continue;
      bx = x + (double) logical.x / PANGO_SCALE;
      by = y + (double) pango_layout_iter_get_baseline (iter) / PANGO_SCALE;
      cairo_user_to_device (ctx->cr, &bx, &by);
      escaped = g_markup_escape_text (content->str, -1);
      g_string_append_printf (out, "<text x=\"%.2f\" y=\"%.2f\" font-family=\"",
                              ib_chart_finite (bx, 0), ib_chart_finite (by, 0));
      append_font_family (out, pango_font_description_get_family (font));
      g_string_append_printf (out, "\" font-size=\"%.2f\"%s fill=\"rgb(%d,%d,%d)\"",
                              px * scale_x, bold ? " font-weight=\"bold\"" : "",
                              (int) lround (ib_chart_clamp (color->r, 0, 1) * 255),
                              (int) lround (ib_chart_clamp (color->g, 0, 1) * 255),
                              (int) lround (ib_chart_clamp (color->b, 0, 1) * 255));
      if (color->a < 0.999)
        g_string_append_printf (out, " fill-opacity=\"%.3f\"", ib_chart_clamp (color->a, 0, 1));
      g_string_append_printf (out, " textLength=\"%.2f\" xml:space=\"preserve\">%s</text>\n",
                              (double) logical.width / PANGO_SCALE * scale_x, escaped);
    }
  while (pango_layout_iter_next_line (iter));
  pango_layout_iter_free (iter);
}

void
ib_chart_show_layout (IbChartCtx   *ctx,
                      PangoLayout  *layout,
                      double        x,
                      double        y,
                      double        x_align,
                      double        y_align,
                      const IbRgba *color)
{
  double w, h;

  if (ctx->query)
    return;
  ib_chart_layout_size (layout, &w, &h);
  x = ib_chart_finite (x, 0) - w * x_align;
  y = ib_chart_finite (y, 0) - h * y_align;
  ib_chart_set_color (ctx, color, 1.0);
  cairo_move_to (ctx->cr, round (x), round (y));
  if (ctx->svg_text != NULL)
    svg_text_append (ctx, layout, round (x), round (y), color);
  else
    pango_cairo_show_layout (ctx->cr, layout);
  if (ctx->drawn == NULL)
    ctx->drawn = g_array_new (FALSE, FALSE, sizeof (IbRect));
  g_array_append_val (ctx->drawn, ((IbRect) { round (x), round (y), w, h }));
  if (ctx->texts != NULL)
    {
      IbChartText *t = g_new0 (IbChartText, 1);

      t->text = g_strdup (pango_layout_get_text (layout));
      t->rect = (IbRect) { round (x), round (y), w, h };
      t->ellipsized = pango_layout_is_ellipsized (layout);
      t->tick = ctx->in_ticks;
      g_ptr_array_add (ctx->texts, t);
    }
  cairo_new_path (ctx->cr);
}

void
ib_chart_vline_around_texts (IbChartCtx *ctx,
                             double      x,
                             double      y0,
                             double      y1,
                             double      gap)
{
  guint n = ctx->drawn != NULL ? ctx->drawn->len : 0;
  g_autofree double *cuts = g_new (double, 2 * n + 1);
  guint n_cuts = 0;
  double y = y0;

  if (ctx->query)
    return;
  /* Each text near the line takes [top - gap, bottom + gap] out of it. */
  for (guint i = 0; i < n; i++)
    {
      const IbRect *r = &g_array_index (ctx->drawn, IbRect, i);

      if (x < r->x - gap || x > r->x + r->width + gap || r->y + r->height + gap < y0
          || r->y - gap > y1)
        continue;
      cuts[n_cuts++] = r->y - gap;
      cuts[n_cuts++] = r->y + r->height + gap;
    }
  /* Pairs sorted by their top; a later cut may overlap an earlier one. */
  for (guint i = 0; i + 1 < n_cuts; i += 2)
    for (guint j = i + 2; j + 1 < n_cuts; j += 2)
      if (cuts[j] < cuts[i])
        {
          double t0 = cuts[i], t1 = cuts[i + 1];

          cuts[i] = cuts[j];
          cuts[i + 1] = cuts[j + 1];
          cuts[j] = t0;
          cuts[j + 1] = t1;
        }
  for (guint i = 0; i <= n_cuts; i += 2)
    {
      double end = i < n_cuts ? MIN (cuts[i], y1) : y1;

      if (end - y >= 1)
        {
          cairo_move_to (ctx->cr, x, y);
          cairo_line_to (ctx->cr, x, end);
          if (ctx->rules != NULL)
            g_array_append_val (ctx->rules, ((IbRect) { x - 0.5, y, 1, end - y }));
        }
      if (i < n_cuts)
        y = MAX (y, cuts[i + 1]);
      if (y >= y1)
        break;
    }
}

/* ---- colour and geometry -------------------------------------------------- */

void
ib_chart_set_color (IbChartCtx   *ctx,
                    const IbRgba *color,
                    double        alpha)
{
  cairo_set_source_rgba (ctx->cr,
                         ib_chart_clamp (color->r, 0, 1),
                         ib_chart_clamp (color->g, 0, 1),
                         ib_chart_clamp (color->b, 0, 1),
                         ib_chart_clamp (color->a * alpha, 0, 1));
}

IbRgba
ib_chart_fg_alpha (IbChartCtx *ctx,
                   double      alpha)
{
  IbRgba c = ctx->style->foreground;

  c.a *= alpha;
  return c;
}

static double
snap (double d,
      double device_width)
{
  long w = lround (device_width);

  if (w < 1)
    w = 1;
  return (w % 2 == 1) ? floor (d) + .5 : round (d);
}

double
ib_chart_snap_x (IbChartCtx *ctx,
                 double      x,
                 double      line_width)
{
  double dx = ib_chart_finite (x, 0), dy = 0, lw = line_width, unused = 0;

  cairo_user_to_device_distance (ctx->cr, &lw, &unused);
  cairo_user_to_device (ctx->cr, &dx, &dy);
  dx = snap (dx, lw);
  cairo_device_to_user (ctx->cr, &dx, &dy);
  return dx;
}

double
ib_chart_snap_y (IbChartCtx *ctx,
                 double      y,
                 double      line_width)
{
  double dx = 0, dy = ib_chart_finite (y, 0), lw = line_width, unused = 0;

  cairo_user_to_device_distance (ctx->cr, &unused, &lw);
  cairo_user_to_device (ctx->cr, &dx, &dy);
  dy = snap (dy, lw);
  cairo_device_to_user (ctx->cr, &dx, &dy);
  return dy;
}

/* One device pixel, in user units (at least 1 user unit on 1x surfaces). */
double
ib_chart_hairline (IbChartCtx *ctx)
{
  double w = 1, h = 0;

  cairo_device_to_user_distance (ctx->cr, &w, &h);
  w = fabs (w);
  if (!isfinite (w) || w <= 0)
    w = 1;
  return MAX (w, 0.5);
}

gboolean
ib_chart_hit (IbChartCtx *ctx,
              double      x,
              double      y,
              double      width,
              double      height)
{
  if (!ctx->query)
    return FALSE;
  return ctx->qx >= x && ctx->qx < x + width && ctx->qy >= y && ctx->qy < y + height;
}

void
ib_chart_take_tooltip (IbChartCtx *ctx,
                       char       *text)
{
  g_free (ctx->tooltip);
  ctx->tooltip = text;
}

void
ib_chart_hatch (IbChartCtx   *ctx,
                double        x,
                double        y,
                double        width,
                double        height,
                const IbRgba *color)
{
  cairo_t *cr = ctx->cr;
  double gap = MAX (4.0, ctx->font_px * 0.42);

  if (ctx->query || width <= 0 || height <= 0)
    return;
  cairo_save (cr);
  cairo_rectangle (cr, x, y, width, height);
  cairo_clip (cr);
  for (double d = -height; d < width; d += gap)
    {
      cairo_move_to (cr, x + d, y + height);
      cairo_line_to (cr, x + d + height, y);
    }
  ib_chart_set_color (ctx, color, 1.0);
  cairo_set_line_width (cr, MAX (1.0, ctx->font_px / 11.0));
  cairo_stroke (cr);
  cairo_restore (cr);
}

void
ib_chart_dot (IbChartCtx   *ctx,
              double        x,
              double        y,
              double        radius,
              const IbRgba *color,
              gboolean      hollow)
{
  cairo_t *cr = ctx->cr;

  if (ctx->query)
    return;
  x = ib_chart_finite (x, 0);
  y = ib_chart_finite (y, 0);
  cairo_new_sub_path (cr);
  cairo_arc (cr, x, y, radius, 0, 2 * G_PI);
  if (hollow)
    {
      ib_chart_set_color (ctx, &ctx->style->background, 1.0);
      cairo_fill_preserve (cr);
      ib_chart_set_color (ctx, color, 1.0);
      cairo_set_line_width (cr, MAX (1.2, radius * 0.45));
      cairo_stroke (cr);
    }
  else
    {
      ib_chart_set_color (ctx, color, 1.0);
      cairo_fill_preserve (cr);
      /* A thin ring in the background colour keeps overlapping dots apart. */
      ib_chart_set_color (ctx, &ctx->style->background, 0.9);
      cairo_set_line_width (cr, MAX (0.8, radius * 0.3));
      cairo_stroke (cr);
    }
}

/* ---- formatting ---------------------------------------------------------- */

char *
ib_chart_format_level (double level)
{
  /* the tables' and sentences' one coverage format */
  return ib_format_level (level);
}

char *
ib_chart_format_time (double ns)
{
  /* Translators: time units */
  static const char *units[] = { N_("ns"), N_("µs"), N_("ms"), N_("s") };
  double a = fabs (ib_chart_finite (ns, 0));
  guint u = 0;
  g_autofree char *num = NULL;

  if (a == 0)
    return g_strdup ("0");
  while (u < 3 && a >= 999.5)
    {
      a /= 1000;
      ns /= 1000;
      u++;
    }
  num = ib_format_sig (ns);
  return g_strdup_printf ("%s %s", num, _(units[u]));
}

char *
ib_chart_format_rate (double mib_per_s)
{
  double v = ib_chart_finite (mib_per_s, 0);

  if (!(v > 0))
    return g_strdup ("0");
  /* the tables' unit rule and digits (analysis/ib-labels.c) */
  return ib_format_throughput (v);
}

char *
ib_chart_format_bytes (double bytes)
{
  static const char *units[] = { N_("B"), N_("KiB"), N_("MiB"), N_("GiB"), N_("TiB") };
  double v = ib_chart_finite (bytes, 0);
  guint u = 0;
  g_autofree char *num = NULL;

  while (u < 4 && fabs (v) >= 1023.5)
    {
      v /= 1024;
      u++;
    }
  num = ib_format_sig (v);
  return g_strdup_printf ("%s %s", num, _(units[u]));
}

char *
ib_chart_format_count (double count)
{
  double v = ib_chart_finite (count, 0);
  g_autofree char *num = NULL;

  if (fabs (v) < 10000)
    return ib_format_sig (v);
  if (fabs (v) < 999500)
    {
      num = ib_format_sig (v / 1000);
      /* Translators: thousands, e.g. 12k */
      return g_strdup_printf (_("%sk"), num);
    }
  num = ib_format_sig (v / 1e6);
  /* Translators: millions, e.g. 1.2M */
  return g_strdup_printf (_("%sM"), num);
}

char *
ib_chart_format_ratio (double ratio)
{
  /* "3.1x", as every table and sentence says it */
  return ib_format_ratio (ib_chart_finite (ratio, 0));
}

/* ---- strategies ---------------------------------------------------------- */

IbChartFamily
ib_chart_strategy_family (const char *id,
                          gboolean   *parallel)
{
  const IbStrategyInfo *info = id != NULL ? ib_strategy_lookup (id) : NULL;

  if (parallel != NULL)
    *parallel = info != NULL && info->schedule == IB_SCHEDULE_PARALLEL;
  if (info == NULL)
    return IB_CHART_FAMILY_UNKNOWN;
  switch (info->family)
    {
    case IB_FAMILY_SYNC:   return IB_CHART_FAMILY_SYNC;
    case IB_FAMILY_ASYNC:  return IB_CHART_FAMILY_ASYNC;
    case IB_FAMILY_THREAD: return IB_CHART_FAMILY_THREAD;
    case IB_FAMILY_URING:  return IB_CHART_FAMILY_URING;
    default:               return IB_CHART_FAMILY_UNKNOWN;
    }
}

const char *
ib_chart_strategy_title (const char *id)
{
  return ib_strategy_title (id);
}

const char *
ib_chart_family_name (IbChartFamily family)
{
  switch (family)
    {
    /* Translators: strategy family in a chart legend */
    case IB_CHART_FAMILY_SYNC:   return _("Sync");
    /* Translators: strategy family in a chart legend */
    case IB_CHART_FAMILY_ASYNC:  return _("Async");
    /* Translators: strategy family in a chart legend */
    case IB_CHART_FAMILY_THREAD: return _("Threads");
    /* Translators: strategy family in a chart legend: the kernel's async I/O */
    case IB_CHART_FAMILY_URING:  return _("io_uring");
    case IB_CHART_FAMILY_UNKNOWN:
    case IB_CHART_N_FAMILIES:
    default:                     return _("Other");
    }
}

const IbRgba *
ib_chart_family_color (IbChartCtx   *ctx,
                       IbChartFamily family)
{
  switch (family)
    {
    case IB_CHART_FAMILY_SYNC:   return &ctx->palette[IB_PAL_BLUE];
    case IB_CHART_FAMILY_ASYNC:  return &ctx->palette[IB_PAL_ORANGE];
    case IB_CHART_FAMILY_THREAD: return &ctx->palette[IB_PAL_GREEN];
    case IB_CHART_FAMILY_URING:  return &ctx->palette[IB_PAL_SKY];
    case IB_CHART_FAMILY_UNKNOWN:
    case IB_CHART_N_FAMILIES:
    default:                     return &ctx->palette[IB_PAL_PURPLE];
    }
}
