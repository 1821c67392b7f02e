/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-chart-compare.c: two reports strategy by strategy: paired bars A and B
 * with CI whiskers, the ratio B / A and whether the difference is clear. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include <string.h>

#include "ib-chart-private.h"
#include "engine/ib-presets.h"
#include "engine/ib-stats.h"

typedef struct
{
  const char    *id;
  const char    *label;
  const IbStats *a;
  const IbStats *b;
  gboolean       a_ok, b_ok;
  double         ratio, lo, hi;   /* B / A with its interval */
  double         level;           /* the interval's coverage, 0 when unknown */
  char          *verdict;
  gboolean       clear;
} CmpRow;

static gboolean
stats_ok (const IbStats *st)
{
  return st != NULL && st->n > 0 && isfinite (st->median_ns) && st->median_ns > 0;
}

static double
ci_or (double ci,
       double median)
{
  return isfinite (ci) && ci > 0 ? ci : median;
}

/* The same test the report's comparison uses (ib_report_ratio: the ratio of
 * medians with its Mann-Whitney interval, no verdict below
 * IB_VERDICT_MIN_SAMPLES a side), so the chart and the tables never disagree.
 * Without samples, the ratio of the interval ends, under the same rule. */
static void
cmp_row_fill (CmpRow         *row,
              const IbReport *a,
              const IbReport *b,
              gboolean        compact)
{
  g_autofree char *ratio = NULL;
  gboolean too_few;
  IbRatio r;

  row->a_ok = stats_ok (row->a);
  row->b_ok = stats_ok (row->b);
  if (row->a == NULL || row->b == NULL)
    {
      row->verdict = g_strdup (row->a == NULL ? _("only in B") : _("only in A"));
      return;
    }
  if (!row->a_ok || !row->b_ok)
    {
      row->verdict = g_strdup (!row->a_ok && !row->b_ok ? _("failed in both")
                               : !row->a_ok ? _("failed in A") : _("failed in B"));
      return;
    }
  ib_report_ratio (a, row->id, b, row->id, &r);
  if (r.verdict != IB_RATIO_NO_DATA)
    {
      row->ratio = r.ratio;
      row->lo = r.ci_low;
      row->hi = r.ci_high;
      row->level = r.ci_level;
      too_few = r.verdict == IB_RATIO_TOO_FEW;
      row->clear = ib_ratio_is_clear (&r);
    }
  else
    {
      row->ratio = row->b->median_ns / row->a->median_ns;
      row->lo = ci_or (row->b->ci_low_ns, row->b->median_ns) /
                ci_or (row->a->ci_high_ns, row->a->median_ns);
      row->hi = ci_or (row->b->ci_high_ns, row->b->median_ns) /
                ci_or (row->a->ci_low_ns, row->a->median_ns);
      too_few = row->a->n < IB_VERDICT_MIN_SAMPLES || row->b->n < IB_VERDICT_MIN_SAMPLES;
      row->clear = !too_few && (row->lo > 1 || row->hi < 1);
    }
  if (too_few)
    /* Translators: no verdict, a side has fewer than 5 valid samples; the
     * short form is for a small chart */
    row->verdict = g_strdup (compact ? _("too few") : _("too few samples to tell"));
  else if (!row->clear)
    /* Translators: short for "cannot be told apart" in a small chart */
    row->verdict = g_strdup (compact ? _("≈") : _("cannot be told apart"));
  else if (row->ratio >= 1)
    {
      ratio = ib_chart_format_ratio (row->ratio);
      /* Translators: "B 1.6× slower than A": run B against run A (the legend
       * names both); the short form is for a small chart */
      row->verdict = g_strdup_printf (compact ? _("B %s slower") : _("B %s slower than A"), ratio);
    }
  else
    {
      ratio = ib_chart_format_ratio (1 / row->ratio);
      /* Translators: "B 1.6× faster than A": run B against run A (the legend
       * names both); the short form is for a small chart */
      row->verdict = g_strdup_printf (compact ? _("B %s faster") : _("B %s faster than A"), ratio);
    }
}

static int
cmp_rows (gconstpointer x,
          gconstpointer y)
{
  const CmpRow *a = x, *b = y;
  gboolean ga = a->a_ok && a->b_ok, gb = b->a_ok && b->b_ok;

  if (ga != gb)
    return ga ? -1 : 1;
  if (ga)
    return a->a->median_ns < b->a->median_ns ? -1 : a->a->median_ns > b->a->median_ns ? 1 : 0;
  return g_strcmp0 (a->id, b->id);
}

static void
cmp_row_clear (gpointer data)
{
  CmpRow *row = data;

  g_clear_pointer (&row->verdict, g_free);
}

static GArray *
collect_rows (const IbReport *a,
              const IbReport *b,
              gboolean        compact)
{
  GArray *rows = g_array_new (FALSE, TRUE, sizeof (CmpRow));

  g_array_set_clear_func (rows, cmp_row_clear);
  for (guint i = 0; i < a->statistics->len; i++)
    {
      const IbStats *st = &g_array_index (a->statistics, IbStats, i);
      CmpRow row = { st->strategy, NULL, st, ib_report_find_stats (b, st->strategy), };

      g_array_append_val (rows, row);
    }
  for (guint i = 0; i < b->statistics->len; i++)
    {
      const IbStats *st = &g_array_index (b->statistics, IbStats, i);
      CmpRow row = { st->strategy, NULL, NULL, st, };

      if (ib_report_find_stats (a, st->strategy) == NULL)
        g_array_append_val (rows, row);
    }
  for (guint i = 0; i < rows->len; i++)
    {
      CmpRow *row = &g_array_index (rows, CmpRow, i);

      row->label = ib_chart_strategy_title (row->id);
      cmp_row_fill (row, a, b, compact);
    }
  g_array_sort (rows, cmp_rows);
  return rows;
}

static void
draw_bar (IbChartCtx    *ctx,
          const IbAxis  *axis,
          const IbStats *st,
          double         top,
          double         h,
          const IbRgba  *color,
          double        *right)
{
  double x0 = ib_axis_map (axis, axis->log ? axis->min : 0), x1;

  if (!stats_ok (st))
    return;
  x1 = ib_axis_map (axis, st->median_ns);
  if (!ctx->query)
    {
      ib_chart_set_color (ctx, color, ctx->style->high_contrast ? 1.0 : 0.85);
      cairo_rectangle (ctx->cr, x0, top, MAX (0, x1 - x0), h);
      cairo_fill (ctx->cr);
    }
  *right = MAX (*right, x1);
  if (st->n >= 2 && ci_or (st->ci_high_ns, 0) > ci_or (st->ci_low_ns, 0))
    {
      double wh = ib_axis_map (axis, ci_or (st->ci_high_ns, st->median_ns));

      ib_chart_whisker (ctx, ib_axis_map (axis, ci_or (st->ci_low_ns, st->median_ns)), wh,
                        top + h / 2, h * 0.7, FALSE);
      *right = MAX (*right, wh);
    }
}

static char *
side_text (const char    *name,
           const IbStats *st)
{
  g_autofree char *m = NULL, *l = NULL, *h = NULL;

  if (st == NULL)
    return g_strdup_printf (_("%s: not run"), name);
  if (!stats_ok (st))
    return g_strdup_printf (_("%s: failed"), name);
  m = ib_chart_format_time (st->median_ns);
  l = ib_chart_format_time (ci_or (st->ci_low_ns, st->median_ns));
  h = ib_chart_format_time (ci_or (st->ci_high_ns, st->median_ns));
  if (st->n >= 2 && st->ci_level > 0)
    {
      g_autofree char *level = ib_chart_format_level (st->ci_level);

      /* Translators: "A: median 3 ms (CI 2.9 – 3.2 ms, covers 93.75 %), 5 valid runs" */
      return g_strdup_printf (_("%s: median %s (CI %s – %s, covers %s), %u valid runs"), name,
                              m, l, h, level, st->n);
    }
  return g_strdup_printf (_("%s: median %s, %u valid runs"), name, m, st->n);
}

/* A run as the app names it everywhere: preset, date in the one format of
 * the history (local time), host: "Quick · 1 Dec 2026, 02:54 · bench". */
static char *
report_label (const IbReport *report)
{
  const IbPresetInfo *preset = report->plan != NULL && report->plan->preset != NULL
                             ? ib_preset_lookup (report->plan->preset) : NULL;
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GDateTime) created = NULL;
  g_autoptr(GDateTime) local = NULL;

  g_ptr_array_add (parts, g_strdup (preset != NULL ? _(preset->title)
                                    : report->plan != NULL && report->plan->preset != NULL
                                    ? report->plan->preset : _("Custom Plan")));
  if (report->created != NULL)
    created = g_date_time_new_from_iso8601 (report->created, NULL);
  if (created != NULL)
    local = g_date_time_to_local (created);
  if (local != NULL)
    {
      /* Translators: the date of a run, as strftime: "1 Dec 2026, 02:54"
       * (history, comparison, charts and reports show this one format) */
      char *when = g_date_time_format (local, _("%e %b %Y, %H:%M"));

      /* %e pads a one-digit day with U+2007 FIGURE SPACE */
      if (when != NULL && g_str_has_prefix (when, "\u2007"))
        memmove (when, when + strlen ("\u2007"), strlen (when) - strlen ("\u2007") + 1);
      if (when != NULL)
        g_ptr_array_add (parts, g_strstrip (when));
    }
  if (report->environment != NULL && report->environment->hostname != NULL)
    g_ptr_array_add (parts, g_strdup (report->environment->hostname));
  g_ptr_array_add (parts, NULL);
  return g_strjoinv (" · ", (char **) parts->pdata);
}

void
ib_chart_draw_compare (IbChartCtx *ctx)
{
  g_autofree char *plan_subtitle = ib_chart_subtitle (ctx);
  /* Translators: the compare chart's subtitle after A's plan: which way the
   * verdicts read */
  g_autofree char *subtitle = g_strdup_printf (_("%s · each verdict is B against A"),
                                               plan_subtitle);
  g_autoptr(GArray) rows = NULL;
  g_autofree const char **labels = NULL;
  double hi = 0, lo = G_MAXDOUBLE, widest = 0, tick_h;
  gboolean log = ctx->style->log_scale;
  IbRgba ca = ctx->palette[IB_PAL_BLUE], cb = ctx->palette[IB_PAL_ORANGE];
  IbRgba label_color = ib_chart_fg_alpha (ctx, ctx->style->high_contrast ? 1.0 : 0.88);
  IbRgba dim = ib_chart_fg_alpha (ctx, ctx->style->high_contrast ? 1.0 : 0.55);
  IbLegendItem legend[2];
  g_autofree char *label_a = NULL, *label_b = NULL, *text_a = NULL, *text_b = NULL;
  IbRowLayout layout;
  IbAxis axis;

  ib_chart_frame (ctx, ib_chart_kind_title (ctx->kind), subtitle);
  if (!ib_chart_has_data (IB_CHART_COMPARE, ctx->report, ctx->other))
    {
      ib_chart_empty (ctx, _("Nothing to show yet"),
                      _("Comparing needs two reports that both have read results."));
      return;
    }
  rows = collect_rows (ctx->report, ctx->other, ctx->compact);
  labels = g_new0 (const char *, rows->len + 1);
  for (guint i = 0; i < rows->len; i++)
    {
      CmpRow *row = &g_array_index (rows, CmpRow, i);
      const IbStats *sides[2] = { row->a, row->b };

      labels[i] = row->label;
      widest = MAX (widest, ib_chart_text_width (ctx, IB_TEXT_TICK, row->verdict));
      for (guint s = 0; s < 2; s++)
        if (stats_ok (sides[s]))
          {
            hi = MAX (hi, MAX (sides[s]->median_ns, ci_or (sides[s]->ci_high_ns, 0)));
            lo = MIN (lo, ci_or (sides[s]->ci_low_ns, sides[s]->median_ns));
          }
    }
  if (hi <= 0)
    {
      lo = 1;
      hi = 10;
    }

  label_a = report_label (ctx->report);
  label_b = report_label (ctx->other);
  /* Translators: legend of the compare chart, "A: Quick · 29 Nov 2026, 21:04 · host" */
  text_a = g_strdup_printf (_("A: %s"), label_a);
  text_b = g_strdup_printf (_("B: %s"), label_b);
  legend[0] = (IbLegendItem) { text_a, IB_LEGEND_SWATCH, ca };
  legend[1] = (IbLegendItem) { text_b, IB_LEGEND_SWATCH, cb };
  ib_chart_legend (ctx, legend, 2);

  tick_h = ib_chart_line_height (ctx, IB_TEXT_TICK) + ctx->font_px * 0.5;
  ib_row_layout (ctx, labels, rows->len, widest + ctx->font_px * 0.8,
                 tick_h + ib_chart_caption_height (ctx), &layout);
  ib_chart_caption (ctx, _("Median wall time with its CI · a verdict needs 5 valid runs a "
                           "side and the ratio's CI to exclude 1"), layout.axis_top + tick_h);
  ib_axis_init (&axis, IB_UNIT_TIME, log, TRUE, log ? lo : 0, hi, layout.plot.width,
                ib_axis_spacing (ctx, IB_UNIT_TIME, hi));
  ib_axis_set_range (&axis, layout.plot.x, layout.plot.x + layout.plot.width);
  ib_axis_draw_x (ctx, &axis, layout.plot.y, layout.axis_top);

  for (guint i = 0; i < rows->len; i++)
    {
      CmpRow *row = &g_array_index (rows, CmpRow, i);
      double cy = ib_row_center (&layout, i);
      double bh = round (MIN (layout.row_height * 0.34, ctx->font_px * 0.95));
      double gap = MAX (1, round (bh * 0.15)), right = ib_axis_map (&axis, log ? axis.min : 0);
      g_autoptr(PangoLayout) vl = ib_chart_layout (ctx, IB_TEXT_TICK, row->verdict);

      if (ib_chart_hit (ctx, ctx->area.x, cy - layout.row_height / 2, ctx->area.width,
                        layout.row_height))
        {
          g_autofree char *ta = side_text (_("A"), row->a);
          g_autofree char *tb = side_text (_("B"), row->b);
          g_autofree char *level = ib_chart_format_level (row->level);
          g_autofree char *ratio = NULL;

          if (row->ratio > 0 && row->level > 0)
            /* Translators: the ratio of medians B / A, its CI and the CI's coverage */
            ratio = g_strdup_printf (_("B / A = %.2f (CI %.2f – %.2f, covers %s): "), row->ratio,
                                     row->lo, row->hi, level);
          else if (row->ratio > 0)
            /* Translators: the ratio of medians B / A and its CI */
            ratio = g_strdup_printf (_("B / A = %.2f (CI %.2f – %.2f): "), row->ratio, row->lo,
                                     row->hi);
          else
            ratio = g_strdup ("");

          ib_chart_take_tooltip (ctx, g_strdup_printf ("%s (%s)\n%s\n%s\n%s%s", row->label,
                                                       row->id, ta, tb, ratio, row->verdict));
        }
      ib_row_draw_label (ctx, &layout, i, row->label, &label_color);
      draw_bar (ctx, &axis, row->a, round (cy - gap / 2 - bh), bh, &ca, &right);
      draw_bar (ctx, &axis, row->b, round (cy + gap / 2), bh, &cb, &right);
      ib_row_draw_value (ctx, &layout, i, vl, right,
                         row->clear ? &ctx->style->foreground : &dim);
    }
}
