/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-chart-cpu.c: CPU user + system time stacked against wall time, per
 * strategy: shows where async strategies spend their time. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "ib-chart-private.h"

typedef struct
{
  double user, sys;
  double vol, invol;    /* median context switches per run */
} CpuRow;

static int
cmp_double (gconstpointer a,
            gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y ? 1 : 0;
}

static double
median_of (GArray *values)
{
  if (values->len == 0)
    return 0;
  g_array_sort (values, cmp_double);
  if (values->len % 2 == 1)
    return g_array_index (values, double, values->len / 2);
  return (g_array_index (values, double, values->len / 2 - 1) +
          g_array_index (values, double, values->len / 2)) / 2;
}

static void
cpu_row_fill (const IbReport *report,
              const IbRow    *row,
              CpuRow         *out)
{
  g_autoptr(GArray) vol = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) invol = g_array_new (FALSE, FALSE, sizeof (double));

  out->user = row->stats != NULL ? ib_chart_clamp (row->stats->user_ns, 0, 1e18) : 0;
  out->sys = row->stats != NULL ? ib_chart_clamp (row->stats->sys_ns, 0, 1e18) : 0;
  for (guint i = 0; i < report->samples->len; i++)
    {
      const IbSample *s = &g_array_index (report->samples, IbSample, i);
      double v;

      if (!s->ok || s->warmup || g_strcmp0 (s->strategy, row->id) != 0)
        continue;
      v = (double) MAX (s->vol_ctxsw, 0);
      g_array_append_val (vol, v);
      v = (double) MAX (s->invol_ctxsw, 0);
      g_array_append_val (invol, v);
    }
  out->vol = median_of (vol);
  out->invol = median_of (invol);
}

static char *
cpu_label (IbChartCtx   *ctx,
           const IbRow  *row,
           const CpuRow *cpu)
{
  g_autofree char *sw = ib_chart_format_count (cpu->vol + cpu->invol);
  double share = row->value > 0 ? (cpu->user + cpu->sys) / row->value * 100 : 0;

  if (row->failed)
    return g_strdup (ib_row_missing_text (row));
  if (ctx->compact)
    /* Translators: CPU time as a share of wall time */
    return g_strdup_printf (_("%.0f %%"), ib_chart_clamp (share, 0, 1e6));
  /* Translators: CPU time as a share of wall time, then context switches */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%.0f %% CPU · %s switch",
                                       "%.0f %% CPU · %s switches",
                                       (gulong) MIN (cpu->vol + cpu->invol, 1e9)),
                          ib_chart_clamp (share, 0, 1e6), sw);
}

static char *
cpu_tooltip (const IbRow  *row,
             const CpuRow *cpu)
{
  g_autofree char *wall = ib_chart_format_time (row->value);
  g_autofree char *user = ib_chart_format_time (cpu->user);
  g_autofree char *sys = ib_chart_format_time (cpu->sys);
  double share = row->value > 0 ? (cpu->user + cpu->sys) / row->value * 100 : 0;

  if (row->not_run)
    return g_strdup_printf ("%s\n%s", row->label, _("Not run"));
  if (row->failed)
    return g_strdup_printf ("%s\n%s", row->label, _("No successful run"));
  return g_strdup_printf (_("%s\nWall time %s (median)\nCPU user %s, system %s: %.0f %% of wall\n"
                            "Context switches per run: %.0f voluntary, %.0f involuntary"),
                          row->label, wall, user, sys, ib_chart_clamp (share, 0, 1e6),
                          cpu->vol, cpu->invol);
}

/* What every row of draw_cpu draws with. */
typedef struct
{
  IbChartCtx    *ctx;
  gboolean       log;
  const CpuRow  *cpu;
  GPtrArray     *texts; /* each row's value text */
  IbRowLayout    layout;
  IbAxis         axis;
  IbRgba         wall_color, user_color, sys_color, label_color, dim;
} CpuPlot;

static void
cpu_draw_row (const CpuPlot *p,
              const IbRow   *row,
              guint          i)
{
  IbChartCtx *ctx = p->ctx;
  cairo_t *cr = ctx->cr;
  const IbRowLayout *layout = &p->layout;
  const CpuRow *cpu = p->cpu;
  gboolean log = p->log;
  double cy = ib_row_center (layout, i);
  double bh = round (MIN (layout->row_height * 0.72, ctx->font_px * 2.2));
  double x0 = ib_axis_map (&p->axis, log ? p->axis.min : 0);
  double wall_h = MAX (1, round (bh * 0.38)), cpu_h = MAX (1, round (bh * 0.5));
  double top = round (cy - bh / 2), xw, xu, xs, right;
  g_autoptr(PangoLayout) vl = ib_chart_layout (ctx, IB_TEXT_TICK, g_ptr_array_index (p->texts, i));

  if (ib_chart_hit (ctx, ctx->area.x, cy - layout->row_height / 2, ctx->area.width,
                    layout->row_height))
    ib_chart_take_tooltip (ctx, cpu_tooltip (row, &cpu[i]));
  ib_row_draw_label (ctx, layout, i, row->label, &p->label_color);
  if (row->failed)
    {
      /* red for a failure; a strategy never run is no error */
      IbRgba red = row->not_run
                   ? ib_chart_fg_alpha (ctx, ctx->style->high_contrast ? 1.0 : 0.62)
                   : ctx->palette[IB_PAL_VERMILLION];

      ib_row_draw_value (ctx, layout, i, vl, x0, &red);
      return;
    }
  xw = ib_axis_map (&p->axis, row->value);
  xu = ib_axis_map (&p->axis, cpu[i].user > 0 ? cpu[i].user : (log ? p->axis.min : 0));
  xs = ib_axis_map (&p->axis, cpu[i].user + cpu[i].sys);
  if (!ctx->query)
    {
      ib_chart_set_color (ctx, &p->wall_color, 0.75);
      cairo_rectangle (cr, x0, top, MAX (0, xw - x0), wall_h);
      cairo_fill (cr);
      ib_chart_set_color (ctx, &p->user_color, 1.0);
      cairo_rectangle (cr, x0, top + bh - cpu_h, MAX (0, xu - x0), cpu_h);
      cairo_fill (cr);
      ib_chart_set_color (ctx, &p->sys_color, 1.0);
      cairo_rectangle (cr, xu, top + bh - cpu_h, MAX (0, xs - xu), cpu_h);
      cairo_fill (cr);
    }
  right = MAX (xw, xs);
  ib_row_draw_value (ctx, layout, i, vl, right, &p->dim);
}

static void
draw_cpu (IbChartCtx *ctx)
{
  g_autoptr(GArray) rows = ib_rows_from_report (ctx->report, FALSE);
  g_autofree char *subtitle = ib_chart_subtitle (ctx);
  g_autofree const char **labels = NULL;
  g_autofree CpuRow *cpu = NULL;
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  gboolean log = ctx->style->log_scale;
  double lo = G_MAXDOUBLE, hi = 0, widest = 0, tick_h;
  const char *caption;
  gboolean any_value;
  IbLegendItem legend[3];
  CpuPlot p = {
    .ctx = ctx,
    .log = log,
    .texts = texts,
    .wall_color = ctx->palette[IB_PAL_GREY],
    .user_color = ctx->palette[IB_PAL_BLUE],
    .sys_color = ctx->palette[IB_PAL_ORANGE],
    .label_color = ib_chart_fg_alpha (ctx, ctx->style->high_contrast ? 1.0 : 0.88),
    .dim = ib_chart_fg_alpha (ctx, ctx->style->high_contrast ? 1.0 : 0.62),
  };

  ib_chart_frame (ctx, ib_chart_kind_title (ctx->kind), subtitle);
  if (rows->len == 0)
    {
      ib_chart_empty (ctx, _("Nothing to show yet"),
                      _("Run a benchmark to see CPU time against wall time."));
      return;
    }
  if (!ctx->style->keep_order)
    ib_rows_sort (rows, FALSE);
  labels = g_new0 (const char *, rows->len + 1);
  cpu = g_new0 (CpuRow, rows->len);
  for (guint i = 0; i < rows->len; i++)
    {
      IbRow *row = &g_array_index (rows, IbRow, i);

      labels[i] = row->label;
      cpu_row_fill (ctx->report, row, &cpu[i]);
      g_ptr_array_add (texts, cpu_label (ctx, row, &cpu[i]));
      widest = MAX (widest, ib_chart_text_width (ctx, IB_TEXT_TICK, g_ptr_array_index (texts, i)));
      if (row->failed)
        continue;
      hi = MAX (hi, MAX (row->value, cpu[i].user + cpu[i].sys));
      lo = MIN (lo, row->value);
      if (cpu[i].user > 0)
        lo = MIN (lo, cpu[i].user);
    }
  p.cpu = cpu;
  any_value = hi > 0;
  if (!any_value)
    {
      lo = 1;
      hi = 10;
    }

  legend[0] = (IbLegendItem) { _("Wall time"), IB_LEGEND_SWATCH, p.wall_color };
  legend[1] = (IbLegendItem) { _("CPU user"), IB_LEGEND_SWATCH, p.user_color };
  legend[2] = (IbLegendItem) { _("CPU system"), IB_LEGEND_SWATCH, p.sys_color };
  ib_chart_legend (ctx, legend, G_N_ELEMENTS (legend));

  tick_h = ib_chart_line_height (ctx, IB_TEXT_TICK) + ctx->font_px * 0.5;
  caption = log ? /* xgettext:no-c-format */
                  _("Medians · log scale · CPU above 100 % of wall means several "
                    "threads worked")
                  /* xgettext:no-c-format */
                : _("Medians · CPU above 100 % of wall means several threads worked");
  ib_row_layout (ctx, labels, rows->len, widest + ctx->font_px * 0.8,
                 tick_h + ib_chart_caption_reserve (ctx, caption), &p.layout);
  ib_chart_caption (ctx, caption, p.layout.axis_top + tick_h);
  ib_axis_init (&p.axis, &(IbAxisSpec) { IB_UNIT_TIME, log, TRUE, log ? lo : 0, hi },
                p.layout.plot.width, ib_axis_spacing (ctx, IB_UNIT_TIME, hi));
  ib_axis_set_range (&p.axis, p.layout.plot.x, p.layout.plot.x + p.layout.plot.width);
  /* Every row failed: the names and "failed" say it all, no empty axis. */
  if (any_value)
    ib_axis_draw_x (ctx, &p.axis, p.layout.plot.y, p.layout.axis_top);

  for (guint i = 0; i < rows->len; i++)
    cpu_draw_row (&p, &g_array_index (rows, IbRow, i), i);
}

/* Every row as drawn (shortest wall time first), in words. */
static char *
describe_cpu (const IbReport *report)
{
  g_autoptr(GArray) rows = ib_rows_from_report (report, FALSE);
  g_autoptr(GString) text = g_string_new (NULL);

  ib_rows_sort (rows, FALSE);
  for (guint i = 0; i < rows->len; i++)
    {
      const IbRow *row = &g_array_index (rows, IbRow, i);
      CpuRow cpu;
      g_autofree char *wall = NULL, *user = NULL, *sys = NULL;
      double share;

      if (text->len == 0)
        /* Translators: start of the CPU chart's description for screen readers */
        g_string_append (text, _("CPU time against wall time per read, medians: "));
      else
        g_string_append (text, "; ");
      if (row->failed)
        {
          g_string_append_printf (text, row->not_run
                                  /* Translators: a strategy in the CPU chart's
                                   * description that the run never came to */
                                  ? _("%s not run")
                                  /* Translators: a strategy in the CPU chart's
                                   * description that never read */
                                  : _("%s failed"), row->label);
          continue;
        }
      cpu_row_fill (report, row, &cpu);
      wall = ib_chart_format_time (row->value);
      user = ib_chart_format_time (cpu.user);
      sys = ib_chart_format_time (cpu.sys);
      share = row->value > 0 ? (cpu.user + cpu.sys) / row->value * 100 : 0;
      /* Translators: one strategy in the CPU chart's description: "Memory
       * map: wall 3 ms, CPU user 1 ms and system 1 ms, 67 % of wall" */
      g_string_append_printf (text, _("%s: wall %s, CPU user %s and system %s, %.0f %% of wall"),
                              row->label, wall, user, sys, ib_chart_clamp (share, 0, 1e6));
    }
  if (text->len > 0)
    g_string_append (text, ".");
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static char *
describe_cpu_request (const IbChartRequest *request)
{
  return describe_cpu (request->report);
}

static gboolean
has_reads (const IbReport     *report,
           const IbComparison *comparison)
{
  return report->statistics->len > 0;
}

const IbChartKindInfo ib_chart_kind_cpu = {
  .id = "cpu",
  .title = N_("CPU time against wall time"),
  /* Translators: short view switcher title of the CPU chart */
  .short_title = N_("CPU"),
  .icon = "applications-system-symbolic",
  .no_data = N_("this report has no read results; run “iobench-cli run --json FILE” first"),
  .in_reports = TRUE,
  .grows_in_window = TRUE,
  .has_data = has_reads,
  .draw = draw_cpu,
  .subtitle = ib_chart_subtitle_reads,
  .describe = describe_cpu_request,
  .rows = ib_chart_strategy_rows,
};
