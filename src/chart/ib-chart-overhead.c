/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-chart-overhead.c: dispatch overhead in ns per operation (log scale),
 * with the ratio to a direct call ("412× direct"). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>
#include <inttypes.h>
#include <math.h>

#include "analysis/ib-labels.h"
#include "engine/model/ib-format.h"
#include "engine/stats/ib-stats.h"
#include "engine/workloads/ib-workloads.h"
#include "ib-chart-private.h"

typedef enum
{
  PATH_DIRECT,
  PATH_LOOP,
  PATH_THREAD,
} DispatchPath;

/* The display names come from the engine (ib_overhead_kind_title). */
static const struct
{
  const char   *kind;
  DispatchPath  path;
} kinds[] = {
  { "direct",    PATH_DIRECT },
  { "gtask",     PATH_LOOP },
  { "idle",      PATH_LOOP },
  { "thread",    PATH_THREAD },
  { "pool",      PATH_THREAD },
  { "tasks-1",   PATH_LOOP },
  { "tasks-100", PATH_LOOP },
};

static const char *
kind_title (const char   *kind,
            DispatchPath *path)
{
  *path = PATH_LOOP;
  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    if (g_strcmp0 (kind, kinds[i].kind) == 0)
      *path = kinds[i].path;
  return kind != NULL ? ib_overhead_kind_title (kind) : "?";
}

typedef struct
{
  const IbOverheadRow *row;
  const char          *title;
  DispatchPath         path;
  double               ns, lo, hi, ratio;
  gboolean             valid;
} OvRow;

static int
cmp_rows (gconstpointer a,
          gconstpointer b)
{
  const OvRow *x = a, *y = b;

  if (x->valid != y->valid)
    return x->valid ? -1 : 1;
  return x->ns < y->ns ? -1 : x->ns > y->ns ? 1 : 0;
}

static char *
ratio_text (const OvRow *r)
{
  g_autofree char *ns = ib_chart_format_time (r->ns);
  g_autofree char *ratio = NULL;

  if (!r->valid)
    return g_strdup (_("no data"));
  if (r->path == PATH_DIRECT || !(r->ratio > 0))
    return g_steal_pointer (&ns);
  ratio = ib_chart_format_ratio (r->ratio);
  /* Translators: "412 ns · 196× direct": cost per operation and ratio to a direct call */
  return g_strdup_printf (_("%s · %s direct"), ns, ratio);
}

/* The report's overhead rows with their paths, intervals and ratios to a
 * direct call, valid ones cheapest first. */
static OvRow *
overhead_sorted_rows (const GArray *src)
{
  OvRow *rows = g_new0 (OvRow, src->len);
  double direct_ns = 0;

  for (guint i = 0; i < src->len; i++)
    {
      const IbOverheadRow *row = &g_array_index (src, IbOverheadRow, i);

      rows[i].row = row;
      rows[i].title = kind_title (row->kind, &rows[i].path);
      rows[i].valid = isfinite (row->ns_per_op) && row->ns_per_op > 0;
      rows[i].ns = rows[i].valid ? row->ns_per_op : 0;
      rows[i].lo = isfinite (row->ci_low_ns) && row->ci_low_ns > 0
                   ? MIN (row->ci_low_ns, rows[i].ns) : rows[i].ns;
      rows[i].hi = isfinite (row->ci_high_ns) ? MAX (row->ci_high_ns, rows[i].ns) : rows[i].ns;
      rows[i].ratio = ib_chart_finite (row->ratio_to_direct, 0);
      if (rows[i].path == PATH_DIRECT && rows[i].valid)
        direct_ns = rows[i].ns;
    }
  for (guint i = 0; i < src->len; i++)
    if (!(rows[i].ratio > 0) && direct_ns > 0 && rows[i].valid)
      rows[i].ratio = rows[i].ns / direct_ns;
  qsort (rows, src->len, sizeof (OvRow), cmp_rows);
  return rows;
}

static void
overhead_legend (IbChartCtx     *ctx,
                 const gboolean *have_path,
                 const IbRgba   *colors)
{
  IbLegendItem legend[3];
  guint n_legend = 0;

  if (have_path[PATH_DIRECT])
    legend[n_legend++] = (IbLegendItem) { _("Plain function call"), IB_LEGEND_SWATCH,
                                          colors[PATH_DIRECT] };
  if (have_path[PATH_LOOP])
    legend[n_legend++] = (IbLegendItem) { _("Through the main loop"), IB_LEGEND_SWATCH,
                                          colors[PATH_LOOP] };
  if (have_path[PATH_THREAD])
    legend[n_legend++] = (IbLegendItem) { _("Through a worker thread"), IB_LEGEND_SWATCH,
                                          colors[PATH_THREAD] };
  ib_chart_legend (ctx, legend, n_legend);
}

static char *
overhead_tooltip (const OvRow *r)
{
  g_autofree char *ns = ib_chart_format_time (r->ns);
  g_autofree char *l = ib_chart_format_time (r->lo);
  g_autofree char *h = ib_chart_format_time (r->hi);
  g_autofree char *cover = ib_chart_format_level (ib_median_coverage (r->row->repeat));
  g_autofree char *ratio = ib_chart_format_ratio (r->ratio);
  g_autofree char *iterations = ib_format_count (r->row->iterations);

  /* Translators: the interval of the median over the repetitions and the
   * chance it holds the true median ("covers 50 %" at 2 repetitions) */
  return g_strdup_printf (_("%s (%s)\n%s per operation "
                            "(CI %s – %s, covers %s)\n"
                            "%s a direct call\n"
                            "%s iterations × %u"),
                          r->title, r->row->kind, ns, l, h,
                          cover, ratio, iterations,
                          r->row->repeat);
}

/* What every row of draw_overhead draws with. */
typedef struct
{
  IbChartCtx  *ctx;
  GPtrArray   *texts; /* each row's value text */
  IbRowLayout  layout;
  IbAxis       axis;
  IbRgba       colors[3];
  IbRgba       label_color, dim;
  double       fill_alpha;
} OvPlot;

static void
overhead_draw_row (const OvPlot *p,
                   const OvRow  *r,
                   guint         i)
{
  IbChartCtx *ctx = p->ctx;
  const IbRowLayout *layout = &p->layout;
  double cy = ib_row_center (layout, i);
  double bh = round (MIN (layout->row_height * 0.62, ctx->font_px * 2.2));
  double x0 = ib_axis_map (&p->axis, p->axis.min), x1, right;
  g_autoptr(PangoLayout) vl = ib_chart_layout (ctx, IB_TEXT_TICK, g_ptr_array_index (p->texts, i));

  if (ib_chart_hit (ctx, ctx->area.x, cy - layout->row_height / 2, ctx->area.width,
                    layout->row_height))
    ib_chart_take_tooltip (ctx, overhead_tooltip (r));
  ib_row_draw_label (ctx, layout, i, r->title, &p->label_color);
  if (!r->valid)
    {
      ib_row_draw_value (ctx, layout, i, vl, x0, &p->dim);
      return;
    }
  x1 = ib_axis_map (&p->axis, r->ns);
  if (!ctx->query)
    {
      ib_chart_set_color (ctx, &p->colors[r->path], p->fill_alpha);
      cairo_rectangle (ctx->cr, x0, round (cy - bh / 2), MAX (0, x1 - x0), bh);
      cairo_fill (ctx->cr);
    }
  right = x1;
  if (r->hi > r->lo)
    {
      double wh = ib_axis_map (&p->axis, r->hi);

      ib_chart_whisker (ctx, ib_axis_map (&p->axis, r->lo), wh, cy, bh * 0.45, FALSE);
      right = MAX (right, wh);
    }
  ib_row_draw_value (ctx, layout, i, vl, right, &p->dim);
}

static void
draw_overhead (IbChartCtx *ctx)
{
  const GArray *src = ctx->report->overhead;
  g_autofree char *subtitle = ib_chart_subtitle (ctx);
  g_autofree OvRow *rows = NULL;
  g_autofree const char **labels = NULL;
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  double lo = G_MAXDOUBLE, hi = 0, widest = 0, tick_h;
  gboolean have_path[3] = { FALSE, FALSE, FALSE };
  const char *caption;
  gboolean any_value;
  OvPlot p = {
    .ctx = ctx,
    .texts = texts,
    .label_color = ib_chart_fg_alpha (ctx, ctx->style->high_contrast ? 1.0 : 0.88),
    .dim = ib_chart_fg_alpha (ctx, ctx->style->high_contrast ? 1.0 : 0.62),
    .fill_alpha = ctx->style->high_contrast ? 0.9 : 0.8,
  };

  p.colors[PATH_DIRECT] = ctx->palette[IB_PAL_GREY];
  p.colors[PATH_LOOP] = *ib_chart_family_color (ctx, IB_CHART_FAMILY_ASYNC);
  p.colors[PATH_THREAD] = *ib_chart_family_color (ctx, IB_CHART_FAMILY_THREAD);

  ib_chart_frame (ctx, ib_chart_kind_title (ctx->kind), subtitle);
  if (src->len == 0)
    {
      ib_chart_empty (ctx, _("Nothing to show yet"),
                      _("This report has no dispatch overhead data; "
                        "run “iobench-cli overhead”."));
      return;
    }

  rows = overhead_sorted_rows (src);
  labels = g_new0 (const char *, src->len + 1);
  for (guint i = 0; i < src->len; i++)
    {
      labels[i] = rows[i].title;
      g_ptr_array_add (texts, ratio_text (&rows[i]));
      widest = MAX (widest, ib_chart_text_width (ctx, IB_TEXT_TICK, g_ptr_array_index (texts, i)));
      if (!rows[i].valid)
        continue;
      have_path[rows[i].path] = TRUE;
      lo = MIN (lo, rows[i].lo);
      hi = MAX (hi, rows[i].hi);
    }
  any_value = hi > 0;
  if (!any_value)
    {
      lo = 1;
      hi = 10;
    }
  overhead_legend (ctx, have_path, p.colors);

  tick_h = ib_chart_line_height (ctx, IB_TEXT_TICK) + ctx->font_px * 0.5;
  caption = _("Time per operation, median · log scale · lower is better");
  ib_row_layout (ctx, labels, src->len, widest + ctx->font_px * 0.8,
                 tick_h + ib_chart_caption_reserve (ctx, caption), &p.layout);
  ib_chart_caption (ctx, caption, p.layout.axis_top + tick_h);
  ib_axis_init (&p.axis, &(IbAxisSpec) { IB_UNIT_TIME, TRUE, TRUE, lo, hi },
                p.layout.plot.width, ctx->font_px * 5);
  ib_axis_set_range (&p.axis, p.layout.plot.x, p.layout.plot.x + p.layout.plot.width);
  /* Every row failed: the names and "failed" say it all, no empty axis. */
  if (any_value)
    ib_axis_draw_x (ctx, &p.axis, p.layout.plot.y, p.layout.axis_top);

  for (guint i = 0; i < src->len; i++)
    overhead_draw_row (&p, &rows[i], i);
}

/* Every kind as drawn (cheapest first), in words. */
static char *
describe_overhead (const IbReport *report)
{
  const GArray *src = report->overhead;
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree OvRow *rows = g_new0 (OvRow, MAX (src->len, 1));
  double direct_ns = 0;

  for (guint i = 0; i < src->len; i++)
    {
      const IbOverheadRow *row = &g_array_index (src, IbOverheadRow, i);

      rows[i].row = row;
      rows[i].title = kind_title (row->kind, &rows[i].path);
      rows[i].valid = isfinite (row->ns_per_op) && row->ns_per_op > 0;
      rows[i].ns = rows[i].valid ? row->ns_per_op : 0;
      rows[i].ratio = ib_chart_finite (row->ratio_to_direct, 0);
      if (rows[i].path == PATH_DIRECT && rows[i].valid)
        direct_ns = rows[i].ns;
    }
  for (guint i = 0; i < src->len; i++)
    if (!(rows[i].ratio > 0) && direct_ns > 0 && rows[i].valid)
      rows[i].ratio = rows[i].ns / direct_ns;
  qsort (rows, src->len, sizeof (OvRow), cmp_rows);
  for (guint i = 0; i < src->len; i++)
    {
      g_autofree char *value = ratio_text (&rows[i]);

      if (i == 0)
        /* Translators: start of the dispatch overhead chart's description for
         * screen readers; a list of "kind value" follows */
        g_string_append (text, _("Median time per operation, cheapest first: "));
      else
        g_string_append (text, "; ");
      g_string_append_printf (text, "%s %s", rows[i].title, value);
    }
  if (text->len > 0)
    g_string_append (text, ".");
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static char *
describe_overhead_request (const IbChartRequest *request)
{
  return describe_overhead (request->report);
}

static gboolean
has_overhead (const IbReport     *report,
              const IbComparison *comparison)
{
  return report->overhead->len > 0;
}

static guint
overhead_rows (const IbReport *report)
{
  return report->overhead->len;
}

static void
subtitle_overhead (IbChartCtx *ctx,
                   GPtrArray  *parts)
{
  const IbReport *report = ctx->report;
  /* true for every kind: a slow kind may run fewer (the table says which) */
  g_autofree char *iterations = ib_overhead_iterations_text (report);

  ib_chart_subtitle_add (parts, iterations);
  ib_chart_subtitle_add (parts, report->environment ? report->environment->cpu_model : NULL);
}

const IbChartKindInfo ib_chart_kind_overhead = {
  .id = "overhead",
  .title = N_("Dispatch overhead"),
  /* Translators: short view switcher title of the dispatch overhead chart */
  .short_title = N_("Overhead"),
  .icon = "system-run-symbolic",
  .no_data = N_("this report has no dispatch overhead data; run “iobench-cli overhead "
                 "--json FILE” first"),
  .in_reports = TRUE,
  .main_chart = TRUE,
  .has_data = has_overhead,
  .draw = draw_overhead,
  .subtitle = subtitle_overhead,
  .describe = describe_overhead_request,
  .rows = overhead_rows,
};
