/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-chart-latency.c: write + delete latency percentiles, one line per mode,
 * x = percentile 50..100, log time axis (as `ab` prints them, seed 001). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "analysis/ib-labels.h"
#include "engine/model/ib-format.h"
#include "engine/workloads/ib-workloads.h"
#include "ib-chart-private.h"

static const char *
mode_title (const char *mode)
{
  return mode != NULL ? ib_write_unlink_mode_title (mode) : "?";
}

static IbRgba
mode_color (IbChartCtx *ctx,
            const char *mode,
            guint       index)
{
  static const IbPaletteSlot others[] = { IB_PAL_PURPLE, IB_PAL_SKY, IB_PAL_VERMILLION,
                                          IB_PAL_YELLOW, IB_PAL_GREY };

  if (g_strcmp0 (mode, "sync-serial") == 0)
    return *ib_chart_family_color (ctx, IB_CHART_FAMILY_SYNC);
  if (g_strcmp0 (mode, "async-gio") == 0)
    return *ib_chart_family_color (ctx, IB_CHART_FAMILY_ASYNC);
  if (g_strcmp0 (mode, "thread-pool") == 0)
    return *ib_chart_family_color (ctx, IB_CHART_FAMILY_THREAD);
  return ctx->palette[others[index % G_N_ELEMENTS (others)]];
}

/* The axes of the chart and how its lines and dots are drawn. */
typedef struct
{
  IbAxis xa;     /* percentile level */
  IbAxis ya;     /* time, log */
  double lw;     /* line width */
  double radius; /* of a dot */
  double best;   /* the distance of the dot nearest a query so far */
} Plot;

/* One legend item a mode, and the range [*lo, *hi] of its percentiles. */
static IbLegendItem *
latency_legend (IbChartCtx          *ctx,
                const IbWriteUnlink *wu,
                double              *lo,
                double              *hi)
{
  IbLegendItem *legend = g_new0 (IbLegendItem, wu->modes->len);

  *lo = G_MAXDOUBLE;
  *hi = 0;
  for (guint m = 0; m < wu->modes->len; m++)
    {
      const IbWriteUnlinkMode *mode = &g_array_index (wu->modes, IbWriteUnlinkMode, m);

      legend[m] = (IbLegendItem) { mode_title (mode->mode), IB_LEGEND_LINE,
                                   mode_color (ctx, mode->mode, m) };
      for (guint i = 0; i < IB_N_PERCENTILES; i++)
        {
          double v = (double) mode->percentiles_ns[i];

          if (v > 0)
            {
              *lo = MIN (*lo, v);
              *hi = MAX (*hi, v);
            }
        }
    }
  if (*hi <= 0)
    {
      *lo = 1;
      *hi = 10;
    }
  return legend;
}

/* Lays out and draws both axes for times in [lo, hi], and the caption. */
static void
latency_axes (IbChartCtx *ctx,
              Plot       *p,
              double      lo,
              double      hi)
{
  double tick_h = ib_chart_line_height (ctx, IB_TEXT_TICK) + ctx->font_px * 0.5;
  const char *caption = _("Latency of one write + delete at each percentile · log scale");
  double bottom = ctx->area.y + ctx->area.height - tick_h -
                  ib_chart_caption_reserve (ctx, caption);
  double left, right;

  ib_axis_init (&p->ya, &(IbAxisSpec) { IB_UNIT_TIME, TRUE, FALSE, lo, hi },
                MAX (1, bottom - ctx->area.y), ctx->font_px * 2.6);
  left = ctx->area.x + ib_axis_label_width (ctx, &p->ya) + ctx->font_px * 0.8;
  right = ctx->area.x + ctx->area.width - ctx->font_px * 0.8;
  ib_axis_set_range (&p->ya, bottom, ctx->area.y + ctx->font_px * 0.4);
  ib_axis_init (&p->xa, &(IbAxisSpec) { IB_UNIT_PERCENT, FALSE, FALSE, 50, 100 },
                MAX (1, right - left), ctx->font_px * 5);
  ib_axis_set_range (&p->xa, left, right);
  ib_axis_draw_y (ctx, &p->ya, left, right);
  ib_axis_draw_x (ctx, &p->xa, ctx->area.y, bottom);
  ib_chart_caption (ctx, caption, bottom + tick_h);
}

/* The line through @mode's percentiles. */
static void
mode_line (IbChartCtx              *ctx,
           const Plot              *p,
           const IbWriteUnlinkMode *mode,
           const IbRgba            *color)
{
  cairo_t *cr = ctx->cr;
  gboolean started = FALSE;

  cairo_set_line_width (cr, p->lw);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  ib_chart_set_color (ctx, color, 1.0);
  for (guint i = 0; i < IB_N_PERCENTILES; i++)
    {
      double v = (double) mode->percentiles_ns[i];

      if (!(v > 0))
        continue;
      if (!started)
        cairo_move_to (cr, ib_axis_map (&p->xa, ib_percentile_levels[i]), ib_axis_map (&p->ya, v));
      else
        cairo_line_to (cr, ib_axis_map (&p->xa, ib_percentile_levels[i]), ib_axis_map (&p->ya, v));
      started = TRUE;
    }
  cairo_stroke (cr);
}

/* A dot at each of @mode's percentiles, the one nearest a query with its
 * tooltip. */
static void
mode_dots (IbChartCtx              *ctx,
           Plot                    *p,
           const IbWriteUnlinkMode *mode,
           const IbRgba            *color)
{
  for (guint i = 0; i < IB_N_PERCENTILES; i++)
    {
      double v = (double) mode->percentiles_ns[i];
      double x, y, d;

      if (!(v > 0))
        continue;
      x = ib_axis_map (&p->xa, ib_percentile_levels[i]);
      y = ib_axis_map (&p->ya, v);
      ib_chart_dot (ctx, x, y, p->radius, color, FALSE);
      d = hypot (ctx->qx - x, ctx->qy - y);
      if (ctx->query && d < ctx->font_px * 1.2 && d < p->best)
        {
          g_autofree char *t = ib_chart_format_time (v);

          p->best = d;
          ib_chart_take_tooltip (ctx, g_strdup_printf (_("%s (%s)\n%u %% of requests took "
                                                         "%s or less\n%.0f requests/s, "
                                                         "%u failed"),
                                                       mode_title (mode->mode), mode->mode,
                                                       ib_percentile_levels[i], t,
                                                       ib_chart_finite (mode->requests_per_s, 0),
                                                       mode->failed));
        }
    }
}

static void
draw_latency (IbChartCtx *ctx)
{
  const IbWriteUnlink *wu = ctx->report->write_unlink;
  g_autofree char *subtitle = ib_chart_subtitle (ctx);
  g_autofree IbLegendItem *legend = NULL;
  double lo, hi;
  Plot p = { .lw = MAX (2.0, round (ctx->font_px / 6.0)),
             .radius = ib_chart_clamp (ctx->font_px * 0.3, 2.5, 5),
             .best = G_MAXDOUBLE };

  ib_chart_frame (ctx, ib_chart_kind_title (ctx->kind), subtitle);
  if (wu == NULL || wu->modes->len == 0)
    {
      ib_chart_empty (ctx, _("Nothing to show yet"),
                      _("This report has no write + delete data; "
                        "run “iobench-cli write-unlink”."));
      return;
    }
  legend = latency_legend (ctx, wu, &lo, &hi);
  ib_chart_legend (ctx, legend, wu->modes->len);
  latency_axes (ctx, &p, lo, hi);
  for (guint m = 0; m < wu->modes->len; m++)
    {
      const IbWriteUnlinkMode *mode = &g_array_index (wu->modes, IbWriteUnlinkMode, m);
      IbRgba color = legend[m].color;

      if (!ctx->query)
        mode_line (ctx, &p, mode, &color);
      mode_dots (ctx, &p, mode, &color);
    }
}

/* Each mode's median, 99th percentile and slowest request, in words. */
static char *
describe_latency (const IbReport *report)
{
  const IbWriteUnlink *wu = report->write_unlink;
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint m = 0; wu != NULL && m < wu->modes->len; m++)
    {
      const IbWriteUnlinkMode *mode = &g_array_index (wu->modes, IbWriteUnlinkMode, m);
      g_autofree char *p50 = NULL, *p99 = NULL, *max = NULL;

      if (text->len == 0)
        /* Translators: start of the write + delete chart's description for
         * screen readers */
        g_string_append (text, _("Latency of one write + delete: "));
      else
        g_string_append (text, "; ");
      p50 = ib_chart_format_time ((double) mode->percentiles_ns[0]);
      p99 = ib_chart_format_time ((double) mode->percentiles_ns[IB_N_PERCENTILES - 2]);
      max = ib_chart_format_time ((double) mode->percentiles_ns[IB_N_PERCENTILES - 1]);
      /* Translators: one mode in the write + delete chart's description:
       * "Sync, one at a time: half took 20 µs or less, 99 % 80 µs or less,
       * the slowest 1 ms, 3 failed" */
      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE,
                                                 "%s: half took %s or less, 99 %% %s or less, "
                                                 "the slowest %s, %u failed",
                                                 "%s: half took %s or less, 99 %% %s or less, "
                                                 "the slowest %s, %u failed", mode->failed),
                              mode_title (mode->mode), p50, p99, max, mode->failed);
    }
  if (text->len > 0)
    g_string_append (text, ".");
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static char *
describe_latency_request (const IbChartRequest *request)
{
  return describe_latency (request->report);
}

static gboolean
has_latency (const IbReport     *report,
             const IbComparison *comparison)
{
  return report->write_unlink != NULL && report->write_unlink->modes->len > 0;
}

static void
subtitle_latency (IbChartCtx *ctx,
                  GPtrArray  *parts)
{
  const IbReport *report = ctx->report;

  if (report->write_unlink != NULL)
    {
      const IbWriteUnlink *wu = report->write_unlink;
      g_autofree char     *bytes = ib_chart_format_bytes (wu->bytes);
      g_autofree char     *requests = ib_format_count (wu->requests);
      g_autofree char     *in_flight = ib_format_count (wu->effective_concurrency > 0
                                                          ? wu->effective_concurrency
                                                          : wu->concurrency);

      /* Translators: e.g. "2,000 requests, 1,000 in flight, 4 KiB each" */
      g_ptr_array_add (parts, g_strdup_printf (_("%s requests, %s in flight, %s each"),
                                               requests, in_flight, bytes));
    }
  ib_chart_subtitle_add_machine (parts, report);
}

const IbChartKindInfo ib_chart_kind_latency = {
  .id = "latency",
  .title = N_("Write and delete latency"),
  /* Translators: short view switcher title of the write + delete latency chart */
  .short_title = N_("Latency"),
  .icon = "view-continuous-symbolic",
  .no_data = N_("this report has no write + delete data; run “iobench-cli write-unlink "
                 "--json FILE” first"),
  .in_reports = TRUE,
  .main_chart = TRUE,
  .has_data = has_latency,
  .draw = draw_latency,
  .subtitle = subtitle_latency,
  .describe = describe_latency_request,
};
