/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-chart-map.c: the size x count map (engine/model/ib-map.h). One cell per file
 * size (columns, the map's sizes: a log scale) and file count (rows, the
 * most files at the top); the left half of a cell is its serial line (one
 * file after another), the right half its parallel line (all at once), so a
 * row of counts is one band and its label sits in the band's middle. A
 * half takes the winner's family colour, stronger the more it wins;
 * equivalent halves are neutral, undecided and unreached ones hatched. A
 * thick dashed border separates the cells where sync's median longest
 * stall reaches one 60 Hz frame from those where it does not. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "analysis/ib-map-advice.h"
#include "analysis/ib-verdict.h"
#include "engine/model/ib-format.h"
#include "engine/run/ib-map-run.h"
#include "ib-chart-private.h"


static char *
cell_name (const IbMapCell *cell)
{
  g_autofree char *size = ib_chart_format_bytes ((double) cell->size);
  g_autofree char *count = ib_format_count (cell->count);

  /* Translators: a cell of the size x count map: "4 KiB x 16 files" */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s x %s file", "%s x %s files",
                                       cell->count == 1 ? 1 : 2),
                          size, count);
}

static const char *
line_title (IbMapLineKind kind)
{
  return kind == IB_MAP_SERIAL ? _("one after another") : _("all at once");
}

/* One half of a cell: fill, hatch or neutral, its short label, its tooltip. */
static void
draw_half (IbChartCtx      *ctx,
           const IbMapCell *cell,
           IbMapLineKind    kind,
           const IbRect    *r)
{
  const IbMap *map = ctx->report->map;
  const IbMapLine *line = &cell->lines[kind];
  IbVerdictInterval iv = { 0 };
  g_autofree char *label = NULL;
  IbRgba fg = ctx->style->foreground;

  ib_map_line_verdict (map, line, &iv);
  if (cell->reached && (iv.verdict == IB_VERDICT_A_FASTER || iv.verdict == IB_VERDICT_B_FASTER))
    {
      gboolean sync_wins = iv.verdict == IB_VERDICT_A_FASTER;
      double ratio = ib_chart_finite (iv.ratio, 1);
      double times = ratio > 0 ? (sync_wins ? ratio : 1 / ratio) : 1;
      double strength = ib_chart_clamp (0.35 + 0.65 * log (MAX (times, 1)) / log (2), 0.35, 1);
      IbChartFamily family = sync_wins ? IB_CHART_FAMILY_SYNC : IB_CHART_FAMILY_ASYNC;
      g_autofree char *x = ib_chart_format_ratio (times);

      ib_chart_set_color (ctx, ib_chart_family_color (ctx, family), strength);
      cairo_rectangle (ctx->cr, r->x, r->y, r->width, r->height);
      if (!ctx->query)
        cairo_fill (ctx->cr);
      cairo_new_path (ctx->cr);
      label = g_strdup_printf ("%s %s", sync_wins ? _("sync") : _("async"), x);
      if (strength > 0.6)
        fg = ctx->style->dark ? ctx->style->foreground : ctx->style->background;
    }
  else if (cell->reached && iv.verdict == IB_VERDICT_EQUIVALENT)
    {
      ib_chart_set_color (ctx, &ctx->palette[IB_PAL_GREY], 0.35);
      cairo_rectangle (ctx->cr, r->x, r->y, r->width, r->height);
      if (!ctx->query)
        cairo_fill (ctx->cr);
      cairo_new_path (ctx->cr);
      label = g_strdup ("≈");
    }
  else
    {
      IbRgba hatch = ib_chart_fg_alpha (ctx, 0.35);

      ib_chart_hatch (ctx, r->x, r->y, r->width, r->height, &hatch);
      label = g_strdup (cell->reached ? "?" : "–");
    }
  if (!ctx->query && r->height > ib_chart_line_height (ctx, IB_TEXT_TICK)
      && r->width > ib_chart_text_width (ctx, IB_TEXT_TICK, label) + ctx->font_px * 0.4)
    {
      g_autoptr(PangoLayout) layout = ib_chart_layout (ctx, IB_TEXT_TICK, label);

      ib_chart_show_layout (ctx, layout, r->x + r->width / 2, r->y + r->height / 2, 0.5, 0.5, &fg);
    }
  if (ib_chart_hit (ctx, r->x, r->y, r->width, r->height))
    {
      g_autofree char *name = cell_name (cell);
      g_autofree char *text = ib_map_line_text (map, cell, line);

      ib_chart_take_tooltip (ctx, g_strdup_printf ("%s, %s\n%s", name, line_title (kind), text));
    }
}

/* The border between frame-costing cells and the others. */
static void
draw_frame_border (IbChartCtx   *ctx,
                   const IbMap  *map,
                   const IbRect *grid,
                   double        cw,
                   double        ch)
{
  guint ns = map->sizes->len, nc = map->counts->len;
  cairo_t *cr = ctx->cr;

  if (ctx->query)
    return;
  for (guint s = 0; s < ns; s++)
    for (guint c = 0; c < nc; c++)
      {
        gboolean here = ib_map_cell_costs_frame (ib_map_cell (map, s, c));
        double x = grid->x + s * cw, y = grid->y + (nc - 1 - c) * ch;

        if (s + 1 < ns && here != ib_map_cell_costs_frame (ib_map_cell (map, s + 1, c)))
          {
            cairo_move_to (cr, x + cw, y);
            cairo_line_to (cr, x + cw, y + ch);
          }
        if (c + 1 < nc && here != ib_map_cell_costs_frame (ib_map_cell (map, s, c + 1)))
          {
            cairo_move_to (cr, x, y);
            cairo_line_to (cr, x + cw, y);
          }
      }
  ib_chart_set_color (ctx, &ctx->palette[IB_PAL_VERMILLION], 1.0);
  cairo_set_line_width (cr, MAX (2.0, round (ctx->font_px / 4.0)));
  cairo_set_dash (cr, (double[]) { ctx->font_px * 0.5, ctx->font_px * 0.3 }, 2, 0);
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
}

static void
draw_map (IbChartCtx *ctx)
{
  const IbMap *map = ctx->report->map;
  g_autofree char *subtitle = ib_chart_subtitle (ctx);
  double tick_h, label_w = 0, cw, ch, gap;
  const char *caption;
  IbRect grid;
  IbRgba fg = ctx->style->foreground;
  IbLegendItem legend[5];

  ib_chart_frame (ctx, ib_chart_kind_title (ctx->kind), subtitle);
  if (map == NULL || map->sizes->len == 0 || map->counts->len == 0)
    {
      ib_chart_empty (ctx, _("Nothing to show yet"),
                      _("This report has no size x count map; run “iobench-cli map”."));
      return;
    }
  legend[0] = (IbLegendItem) { _("sync faster"), IB_LEGEND_SWATCH,
                               *ib_chart_family_color (ctx, IB_CHART_FAMILY_SYNC) };
  legend[1] = (IbLegendItem) { _("async faster"), IB_LEGEND_SWATCH,
                               *ib_chart_family_color (ctx, IB_CHART_FAMILY_ASYNC) };
  legend[2] = (IbLegendItem) { _("equivalent"), IB_LEGEND_SWATCH, ctx->palette[IB_PAL_GREY] };
  legend[3] = (IbLegendItem) { _("not decided or not reached"), IB_LEGEND_HATCH,
                               ib_chart_fg_alpha (ctx, 0.5) };
  legend[4] = (IbLegendItem) { _("sync stalls a frame (16.7 ms)"), IB_LEGEND_LINE,
                               ctx->palette[IB_PAL_VERMILLION] };
  ib_chart_legend (ctx, legend, G_N_ELEMENTS (legend));

  for (guint c = 0; c < map->counts->len; c++)
    {
      g_autofree char *t = ib_chart_format_count ((double) g_array_index (map->counts, guint64, c));

      label_w = MAX (label_w, ib_chart_text_width (ctx, IB_TEXT_TICK, t));
    }
  tick_h = ib_chart_line_height (ctx, IB_TEXT_TICK) + ctx->font_px * 0.5;
  caption = _("Columns: size per file (log scale) · rows: files · "
              "left half: one after another, right half: all at once");
  gap = ctx->font_px * 0.6;
  grid.x = ctx->area.x + label_w + gap;
  grid.y = ctx->area.y + ctx->font_px * 0.3;
  grid.width = MAX (1, ctx->area.x + ctx->area.width - grid.x);
  grid.height = MAX (1, ctx->area.y + ctx->area.height - grid.y - tick_h
                          - ib_chart_caption_reserve (ctx, caption));
  cw = grid.width / map->sizes->len;
  ch = grid.height / map->counts->len;

  for (guint s = 0; s < map->sizes->len; s++)
    {
      g_autofree char *t = ib_chart_format_bytes ((double) g_array_index (map->sizes, guint64, s));
      g_autoptr(PangoLayout) layout = ib_chart_layout (ctx, IB_TEXT_TICK, t);

      ib_chart_show_layout (ctx, layout, grid.x + (s + 0.5) * cw,
                            grid.y + grid.height + ctx->font_px * 0.3, 0.5, 0, &fg);
    }
  for (guint c = 0; c < map->counts->len; c++)
    {
      g_autofree char *t = ib_chart_format_count ((double) g_array_index (map->counts, guint64, c));
      g_autoptr(PangoLayout) layout = ib_chart_layout (ctx, IB_TEXT_TICK, t);

      ib_chart_show_layout (ctx, layout, grid.x - gap, grid.y + (map->counts->len - c - 0.5) * ch,
                            1, 0.5, &fg);
    }
  ib_chart_caption (ctx, caption, grid.y + grid.height + tick_h);

  for (guint s = 0; s < map->sizes->len; s++)
    for (guint c = 0; c < map->counts->len; c++)
      {
        const IbMapCell *cell = ib_map_cell (map, s, c);
        double inset = MAX (2.0, ctx->font_px * 0.3);
        double x = grid.x + s * cw + inset, y = grid.y + (map->counts->len - 1 - c) * ch + inset;
        double w = (cw - 2 * inset) / 2, h = ch - 2 * inset;

        /* side by side: a row is one band, its count label in its middle */
        draw_half (ctx, cell, IB_MAP_SERIAL, &(IbRect) { x, y, w, h });
        draw_half (ctx, cell, IB_MAP_PARALLEL, &(IbRect) { x + w, y, w, h });
        if (!ctx->query)
          {
            IbRgba line = ib_chart_fg_alpha (ctx, 0.25);

            ib_chart_set_color (ctx, &line, 1.0);
            cairo_set_line_width (ctx->cr, ib_chart_hairline (ctx));
            cairo_move_to (ctx->cr, x + w, y);
            cairo_line_to (ctx->cr, x + w, y + h);
            cairo_stroke (ctx->cr);
          }
      }
  draw_frame_border (ctx, map, &grid, cw, ch);
}

/* Every cell, size by size: "4 KiB x 16 files, one after another: ...;
 * all at once: ...". */
static char *
describe_map (const IbChartRequest *request)
{
  const IbMap *map = request->report != NULL ? request->report->map : NULL;
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint s = 0; map != NULL && s < map->sizes->len; s++)
    for (guint c = 0; c < map->counts->len; c++)
      {
        const IbMapCell *cell = ib_map_cell (map, s, c);
        g_autofree char *name = cell_name (cell);
        g_autofree char *serial = ib_map_line_text (map, cell, &cell->lines[IB_MAP_SERIAL]);
        g_autofree char *parallel = ib_map_line_text (map, cell, &cell->lines[IB_MAP_PARALLEL]);

        if (text->len > 0)
          g_string_append (text, ". ");
        /* Translators: one cell of the size x count map in its description
         * for screen readers: the cell, then the verdict of its serial and
         * of its parallel line */
        g_string_append_printf (text, _("%s, one after another: %s; all at once: %s"), name,
                                serial, parallel);
        if (ib_map_cell_costs_frame (cell))
          g_string_append (text, _(" (sync stalls the main loop a frame or more)"));
      }
  if (text->len > 0)
    g_string_append (text, ".");
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static gboolean
has_map (const IbReport     *report,
         const IbComparison *comparison)
{
  return report->map != NULL;
}

static void
subtitle_map (IbChartCtx *ctx,
              GPtrArray  *parts)
{
  const IbMap *map = ctx->report->map;

  if (map != NULL)
    {
      guint n = map->cells->len;

      /* Translators: the map's subtitle: "4 of 6 cells reached, 7 of 12 lines decided" */
      g_ptr_array_add (parts, g_strdup_printf (_("%u of %u cells reached, %u of %u lines decided"),
                                               ib_map_n_reached (map), n, ib_map_n_decided (map),
                                               n * IB_MAP_N_LINES));
    }
  ib_chart_subtitle_add_machine (parts, ctx->report);
}

const IbChartKindInfo ib_chart_kind_map = {
  .id = "map",
  .title = N_("When async pays off: file size x file count"),
  /* Translators: short view switcher title of the size x count map */
  .short_title = N_("Map"),
  .icon = "view-grid-symbolic",
  .no_data = N_("this report has no size x count map; run “iobench-cli map --json FILE” first"),
  .has_data = has_map,
  .in_reports = TRUE,
  .draw = draw_map,
  .subtitle = subtitle_map,
  .describe = describe_map,
};
