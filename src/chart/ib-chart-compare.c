/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-chart-compare.c: two reports side by side: paired bars A and B with CI
 * whiskers and, per row, whether B is faster or slower than A. Draws the
 * read strategies, the dispatch overhead, write + delete or the sweep points
 * (IbChartStyle.compare), each on a time axis, linear or log. Only drawing:
 * the rows, their verdicts and words come from the IbComparison
 * (ib_comparison_get_all_rows, ib_compare_row_chart_text). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "ib-chart-private.h"
#include "analysis/ib-analysis.h"
#include "analysis/ib-labels.h"
#include "analysis/ib-verdict.h"

IbCompareSection
ib_chart_compare_section (IbCompareChart what)
{
  switch (what)
    {
    case IB_COMPARE_CHART_OVERHEAD:
      return IB_COMPARE_OVERHEAD;
    case IB_COMPARE_CHART_WRITE_UNLINK:
      return IB_COMPARE_WRITE_UNLINK;
    case IB_COMPARE_CHART_SWEEP:
      return IB_COMPARE_SWEEP;
    case IB_COMPARE_CHART_READS:
    case IB_COMPARE_CHART_AUTO:
    case IB_N_COMPARE_CHARTS:
    default:
      return IB_COMPARE_READS;
    }
}

gboolean
ib_chart_compare_has_data (IbCompareChart      what,
                           const IbComparison *comparison)
{
  if (comparison == NULL)
    return FALSE;
  if (what == IB_COMPARE_CHART_AUTO)
    {
      for (int w = IB_COMPARE_CHART_READS; w < IB_N_COMPARE_CHARTS; w++)
        if (ib_chart_compare_has_data ((IbCompareChart) w, comparison))
          return TRUE;
      return FALSE;
    }
  if (what >= IB_N_COMPARE_CHARTS)
    return FALSE;
  return ib_compare_section_in_both (ib_analysis_get_report (ib_comparison_get_a (comparison)),
                                     ib_analysis_get_report (ib_comparison_get_b (comparison)),
                                     ib_chart_compare_section (what));
}

IbCompareChart
ib_chart_compare_resolve (IbCompareChart      what,
                          const IbComparison *comparison)
{
  if (what != IB_COMPARE_CHART_AUTO && what < IB_N_COMPARE_CHARTS)
    return what;
  for (int w = IB_COMPARE_CHART_READS; w < IB_N_COMPARE_CHARTS; w++)
    if (ib_chart_compare_has_data ((IbCompareChart) w, comparison))
      return (IbCompareChart) w;
  return IB_COMPARE_CHART_READS;
}

/* One side of a row as drawn: an interval the report lacks is the median. */
typedef struct
{
  gboolean present, ok;
  double   median, lo, hi, level;
  guint    n;
} Side;

static double
ci_or (double ci,
       double median)
{
  return isfinite (ci) && ci > 0 ? ci : median;
}

static Side
row_side (const IbCompareRow *row,
          gboolean            b)
{
  if (b)
    return (Side) { row->in_b, row->valid_b, row->median_b_ns,
                    ci_or (row->low_b_ns, row->median_b_ns),
                    ci_or (row->high_b_ns, row->median_b_ns), row->level_b, row->n_b };
  return (Side) { row->in_a, row->valid_a, row->median_a_ns,
                  ci_or (row->low_a_ns, row->median_a_ns),
                  ci_or (row->high_a_ns, row->median_a_ns), row->level_a, row->n_a };
}

static void
draw_bar (IbChartCtx    *ctx,
          const IbAxis  *axis,
          const Side    *side,
          double         top,
          double         h,
          const IbRgba  *color,
          double        *right)
{
  double x0 = ib_axis_map (axis, axis->log ? axis->min : 0), x1;

  if (!side->ok)
    return;
  x1 = ib_axis_map (axis, side->median);
  if (!ctx->query)
    {
      ib_chart_set_color (ctx, color, ctx->style->high_contrast ? 1.0 : 0.85);
      cairo_rectangle (ctx->cr, x0, top, MAX (0, x1 - x0), h);
      cairo_fill (ctx->cr);
    }
  *right = MAX (*right, x1);
  if (side->n >= 2 && side->hi > side->lo)
    {
      double wh = ib_axis_map (axis, side->hi);

      ib_chart_whisker (ctx, ib_axis_map (axis, side->lo), wh, top + h / 2, h * 0.7, FALSE);
      *right = MAX (*right, wh);
    }
}

static char *
side_text (const char *name,
           const Side *side)
{
  g_autofree char *m = NULL, *l = NULL, *h = NULL;

  if (!side->present)
    return g_strdup_printf (_("%s: not run"), name);
  if (!side->ok)
    return g_strdup_printf (_("%s: failed"), name);
  m = ib_chart_format_time (side->median);
  l = ib_chart_format_time (side->lo);
  h = ib_chart_format_time (side->hi);
  if (side->n >= 2 && side->level > 0)
    {
      g_autofree char *level = ib_chart_format_level (side->level);

      /* Translators: "A: median 3 ms (CI 2.9 – 3.2 ms, covers 93.75 %), 5 valid runs" */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "%s: median %s (CI %s – %s, covers %s), %u valid run",
                                           "%s: median %s (CI %s – %s, covers %s), %u valid runs",
                                           side->n), name,
                              m, l, h, level, side->n);
    }
  /* Translators: "A: median 3 ms, 1 valid run" */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s: median %s, %u valid run",
                                       "%s: median %s, %u valid runs", side->n),
                          name, m, side->n);
}

gboolean
ib_chart_compare_always_log (IbCompareChart what)
{
  return what == IB_COMPARE_CHART_OVERHEAD || what == IB_COMPARE_CHART_SWEEP;
}

/* Whether write + delete rows were measured over replicated runs. */
static gboolean
rows_replicated (const GArray *rows)
{
  for (guint i = 0; i < rows->len; i++)
    if (g_array_index (rows, IbCompareRow, i).n_a > 1 &&
        g_array_index (rows, IbCompareRow, i).n_b > 1)
      return TRUE;
  return FALSE;
}

/* What the chart shows and when a row has a verdict (ib_verdict_for_ratio),
 * for its caption. */
static char *
what_caption (IbCompareChart  what,
              const GArray   *rows)
{
  guint n = IB_VERDICT_MIN_SAMPLES;

  switch (what)
    {
    case IB_COMPARE_CHART_OVERHEAD:
      /* Translators: %u is the fewest repetitions a verdict needs on each side */
      return g_strdup_printf (_("Median time per dispatch with its CI · a verdict needs %u "
                                "repetitions a side and the ratio's CI to exclude 1"), n);
    case IB_COMPARE_CHART_WRITE_UNLINK:
      if (rows_replicated (rows))
        /* Translators: %u is the fewest runs a verdict needs on each side */
        return g_strdup_printf (_("Median total time of all requests over the runs · a verdict "
                                  "needs %u runs a side and the ratio's CI to exclude 1"), n);
      return g_strdup (_("Total time of all requests · one run a mode: too few to tell"));
    case IB_COMPARE_CHART_SWEEP:
      /* Translators: %u is the fewest valid runs a verdict needs on each side */
      return g_strdup_printf (_("Median wall time per point with its CI · a verdict needs %u "
                                "valid runs a side and the ratio's CI to exclude 1"), n);
    case IB_COMPARE_CHART_READS:
    case IB_COMPARE_CHART_AUTO:
    case IB_N_COMPARE_CHARTS:
    default:
      /* Translators: %u is the fewest valid runs a verdict needs on each side */
      return g_strdup_printf (_("Median wall time with its CI · a verdict needs %u valid runs a "
                                "side and the ratio's CI to exclude 1"), n);
    }
}

/* The rows' labels and verdicts (into @labels, @verdicts), the range
 * [*lo, *hi] of their bars and whiskers; returns the widest verdict. */
static double
rows_measure (IbChartCtx   *ctx,
              const GArray *rows,
              const char  **labels,
              GPtrArray    *verdicts,
              double       *lo,
              double       *hi)
{
  double widest = 0;

  *lo = G_MAXDOUBLE;
  *hi = 0;
  for (guint i = 0; i < rows->len; i++)
    {
      const IbCompareRow *row = &g_array_index (rows, IbCompareRow, i);
      Side sides[2] = { row_side (row, FALSE), row_side (row, TRUE) };

      labels[i] = row->label;
      g_ptr_array_add (verdicts, ib_compare_row_chart_text (row, ctx->compact));
      widest = MAX (widest, ib_chart_text_width (ctx, IB_TEXT_TICK,
                                                 g_ptr_array_index (verdicts, i)));
      for (guint s = 0; s < 2; s++)
        if (sides[s].ok)
          {
            *hi = MAX (*hi, MAX (sides[s].median, sides[s].hi));
            *lo = MIN (*lo, sides[s].lo);
          }
    }
  if (*hi <= 0)
    {
      *lo = 1;
      *hi = 10;
    }
  return widest;
}

/* The legend: which run is A, which B, in their colours. */
static void
compare_legend (IbChartCtx    *ctx,
                IbCompareChart what,
                const IbRgba  *ca,
                const IbRgba  *cb)
{
  g_autofree char *label_a = ib_compare_side_legend (ctx->report, ib_chart_compare_section (what));
  g_autofree char *label_b = ib_compare_side_legend (ctx->other, ib_chart_compare_section (what));
  /* Translators: legend of the compare chart, "A: Quick · 29 Nov 2026, 21:04 · host" */
  g_autofree char *text_a = g_strdup_printf (_("A: %s"), label_a);
  g_autofree char *text_b = g_strdup_printf (_("B: %s"), label_b);
  IbLegendItem legend[2] = {
    { text_a, IB_LEGEND_SWATCH, *ca },
    { text_b, IB_LEGEND_SWATCH, *cb },
  };

  ib_chart_legend (ctx, legend, 2);
}

/* A row's tooltip: both sides, the ratio with its interval, the verdict. */
static void
row_tooltip (IbChartCtx         *ctx,
             const IbCompareRow *row,
             const Side         *side_a,
             const Side         *side_b)
{
  g_autofree char *ta = side_text (_("A"), side_a);
  g_autofree char *tb = side_text (_("B"), side_b);
  g_autofree char *level = ib_chart_format_level (row->ci_level);
  g_autofree char *verdict = ib_compare_row_chart_text (row, FALSE);
  g_autofree char *ratio = NULL;
  /* the estimate as its interval prints it (analysis/ib-labels.h) */
  g_autofree char *value = ib_format_ratio_value_in (row->ratio, row->ci_low, row->ci_high);

  /* both ends kept apart: a claimed difference never reads as if
   * its interval touched 1 */
  g_autofree char *ci = ib_format_ratio_ci (row->ratio, row->ci_low, row->ci_high);

  if (row->ratio > 0 && row->ci_level > 0)
    /* Translators: the ratio of medians B / A, its CI ("1.04-1.96") and
     * the CI's coverage */
    ratio = g_strdup_printf (_("B / A = %s (CI %s, covers %s): "), value, ci, level);
  else if (row->ratio > 0)
    /* Translators: the ratio of medians B / A and its CI ("1.04-1.96") */
    ratio = g_strdup_printf (_("B / A = %s (CI %s): "), value, ci);
  else
    ratio = g_strdup ("");

  ib_chart_take_tooltip (ctx, g_strdup_printf ("%s (%s)\n%s\n%s\n%s%s", row->label,
                                               row->strategy, ta, tb, ratio, verdict));
}

/* The rows' layout, the time axis and the colours every row is drawn in. */
typedef struct
{
  IbRowLayout layout;
  IbAxis      axis;
  IbRgba      ca, cb;      /* the bars of A and B */
  IbRgba      label_color;
  IbRgba      dim;         /* a verdict that is not clear */
} Plot;

/* Row @i: its label, the bars of A and B, its verdict after them. */
static void
draw_row (IbChartCtx         *ctx,
          const Plot         *p,
          guint               i,
          const IbCompareRow *row,
          const char         *verdict)
{
  Side side_a = row_side (row, FALSE), side_b = row_side (row, TRUE);
  double cy = ib_row_center (&p->layout, i);
  double bh = round (MIN (p->layout.row_height * 0.34, ctx->font_px * 0.95));
  double gap = MAX (1, round (bh * 0.15));
  double right = ib_axis_map (&p->axis, p->axis.log ? p->axis.min : 0);
  g_autoptr(PangoLayout) vl = ib_chart_layout (ctx, IB_TEXT_TICK, verdict);

  if (ib_chart_hit (ctx, ctx->area.x, cy - p->layout.row_height / 2, ctx->area.width,
                    p->layout.row_height))
    row_tooltip (ctx, row, &side_a, &side_b);
  ib_row_draw_label (ctx, &p->layout, i, row->label, &p->label_color);
  draw_bar (ctx, &p->axis, &side_a, round (cy - gap / 2 - bh), bh, &p->ca, &right);
  draw_bar (ctx, &p->axis, &side_b, round (cy + gap / 2), bh, &p->cb, &right);
  ib_row_draw_value (ctx, &p->layout, i, vl, right,
                     ib_verdict_is_clear (row->verdict) ? &ctx->style->foreground : &p->dim);
}

static void
draw_compare (IbChartCtx *ctx)
{
  IbCompareChart what = ib_chart_compare_resolve (ctx->style->compare, ctx->comparison);
  g_autofree char *plan_subtitle = what == IB_COMPARE_CHART_READS
                                 ? ib_chart_subtitle (ctx) : g_strdup (ib_compare_section_title (ib_chart_compare_section (what)));
  /* Translators: the compare chart's subtitle after A's plan or the part
   * compared: which way the verdicts read */
  g_autofree char *subtitle = g_strdup_printf (_("%s · each verdict is B against A"),
                                               plan_subtitle);
  const GArray *rows = NULL;
  g_autoptr(GPtrArray) verdicts = g_ptr_array_new_with_free_func (g_free);
  g_autofree const char **labels = NULL;
  double hi, lo, widest, tick_h;
  /* dispatch costs span ns to ms and sweeps orders of magnitude: always log,
   * as their single-run charts */
  gboolean log = ctx->style->log_scale || ib_chart_compare_always_log (what);
  g_autofree char *caption = NULL, *what_text = NULL;
  Plot p = { .ca = ctx->palette[IB_PAL_BLUE], .cb = ctx->palette[IB_PAL_ORANGE] };

  p.label_color = ib_chart_fg_alpha (ctx, ctx->style->high_contrast ? 1.0 : 0.88);
  p.dim = ib_chart_fg_alpha (ctx, ctx->style->high_contrast ? 1.0 : 0.55);
  ib_chart_frame (ctx, ib_chart_kind_title (ctx->kind), subtitle);
  if (!ib_chart_compare_has_data (what, ctx->comparison))
    {
      ib_chart_empty (ctx, _("Nothing to show yet"),
                      what == IB_COMPARE_CHART_READS
                      ? _("Comparing needs two reports that both have read results.")
                      /* Translators: "Both reports need Dispatch overhead results to compare it." */
                      : _("Both reports need this part's results to compare it."));
      return;
    }
  rows = ib_comparison_get_all_rows (ctx->comparison, ib_chart_compare_section (what));
  labels = g_new0 (const char *, rows->len + 1);
  widest = rows_measure (ctx, rows, labels, verdicts, &lo, &hi);
  compare_legend (ctx, what, &p.ca, &p.cb);

  tick_h = ib_chart_line_height (ctx, IB_TEXT_TICK) + ctx->font_px * 0.5;
  ib_row_layout (ctx, labels, rows->len, widest + ctx->font_px * 0.8,
                 tick_h + ib_chart_caption_height (ctx), &p.layout);
  /* Translators: a chart's caption, then that its axis is logarithmic */
  what_text = what_caption (what, rows);
  caption = log ? g_strdup_printf (_("%s · log scale"), what_text) : g_strdup (what_text);
  ib_chart_caption (ctx, caption, p.layout.axis_top + tick_h);
  ib_axis_init (&p.axis, &(IbAxisSpec) { IB_UNIT_TIME, log, TRUE, log ? lo : 0, hi },
                p.layout.plot.width, ib_axis_spacing (ctx, IB_UNIT_TIME, hi));
  ib_axis_set_range (&p.axis, p.layout.plot.x, p.layout.plot.x + p.layout.plot.width);
  ib_axis_draw_x (ctx, &p.axis, p.layout.plot.y, p.layout.axis_top);

  for (guint i = 0; i < rows->len; i++)
    draw_row (ctx, &p, i, &g_array_index (rows, IbCompareRow, i),
              g_ptr_array_index (verdicts, i));
}

/* A side's median as a screen reader hears it: "3.1 ms", "not run". */
static char *
side_median (const Side *side)
{
  if (!side->present)
    return g_strdup (_("not run"));
  if (!side->ok)
    return g_strdup (_("failed"));
  return ib_chart_format_time (side->median);
}

/* Every row with both medians and its verdict as drawn (in full); a
 * verdict every row shares ("too few samples to tell") said once. */
static void
describe_rows (GString      *text,
               const GArray *rows)
{
  g_autofree char *shared = NULL;
  gboolean same = rows->len > 1;

  for (guint i = 0; i < rows->len && same; i++)
    {
      g_autofree char *verdict = ib_compare_row_chart_text (&g_array_index (rows, IbCompareRow, i),
                                                            FALSE);

      if (shared == NULL)
        shared = g_steal_pointer (&verdict);
      else
        same = g_str_equal (shared, verdict);
    }
  for (guint i = 0; i < rows->len; i++)
    {
      const IbCompareRow *row = &g_array_index (rows, IbCompareRow, i);
      Side side_a = row_side (row, FALSE), side_b = row_side (row, TRUE);
      g_autofree char *verdict = ib_compare_row_chart_text (row, FALSE);
      g_autofree char *ma = side_median (&side_a), *mb = side_median (&side_b);

      g_string_append_c (text, ' ');
      if (same)
        /* Translators: a row of the comparison chart's description for
         * screen readers: the row, A's median and B's median, "Memory map:
         * A 3.1 ms, B 2.9 ms." */
        g_string_append_printf (text, _("%s: A %s, B %s."), row->label, ma, mb);
      else
        /* Translators: as above with the row's verdict, "Memory map: A
         * 3.1 ms, B 2.9 ms; cannot be told apart." */
        g_string_append_printf (text, _("%s: A %s, B %s; %s."), row->label, ma, mb, verdict);
    }
  if (!same)
    return;
  g_string_append_c (text, ' ');
  /* Translators: the verdict every row of the comparison shares, said once
   * after the rows, "Every row: too few samples to tell (...)." */
  g_string_append_printf (text, _("Every row: %s."), shared);
}

/* The part drawn, the two runs with their cache modes and every row's
 * medians and verdict as drawn (in full), in words. */
static char *
describe_compare (const IbComparison *comparison,
                  const IbChartStyle *style)
{
  IbCompareChart what;
  const GArray *rows;
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *label_a = NULL, *label_b = NULL;

  if (!ib_chart_compare_has_data (style->compare, comparison))
    return g_strdup ("");
  what = ib_chart_compare_resolve (style->compare, comparison);
  rows = ib_comparison_get_all_rows (comparison, ib_chart_compare_section (what));
  label_a = ib_compare_side_legend (ib_analysis_get_report (ib_comparison_get_a (comparison)),
                                    ib_chart_compare_section (what));
  label_b = ib_compare_side_legend (ib_analysis_get_report (ib_comparison_get_b (comparison)),
                                    ib_chart_compare_section (what));
  /* Translators: start of the comparison chart's description for screen
   * readers: the part compared, then the two runs */
  g_string_append_printf (text, _("%s, B against A. A: %s. B: %s."), ib_compare_section_title (ib_chart_compare_section (what)),
                          label_a, label_b);
  describe_rows (text, rows);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static char *
describe_compare_request (const IbChartRequest *request)
{
  return describe_compare (request->comparison, request->style);
}

static gboolean
has_compare (const IbReport     *report,
             const IbComparison *comparison)
{
  return ib_chart_compare_has_data (IB_COMPARE_CHART_AUTO, comparison);
}

static void
subtitle_compare (IbChartCtx *ctx,
                  GPtrArray  *parts)
{
  const IbPlan    *plan = ctx->report->plan;
  const IbPlan    *other = ctx->other != NULL ? ctx->other->plan : NULL;
  g_autofree char *files = ib_chart_file_set_text (plan);
  g_autofree char *other_files = other != NULL ? ib_chart_file_set_text (other) : NULL;

  if (other == NULL || g_strcmp0 (files, other_files) == 0)
    ib_chart_subtitle_add (parts, files);
  else if (files != NULL && other_files != NULL)
    /* Translators: the two runs' file sets when they differ,
     * "A: 4 files, 1 GiB, Random bytes; B: 1 file, 2 GiB, Random bytes" */
    g_ptr_array_add (parts, g_strdup_printf (_("A: %s; B: %s"), files, other_files));
  /* Each run's own cache mode: a warm run against a cold one must
   * not read as two warm runs. */
  if (other == NULL || other->cache == plan->cache)
    ib_chart_subtitle_add (parts, ib_chart_cache_text (plan->cache));
  else
    /* Translators: the two runs' cache modes, "A: warm cache, B: cold cache" */
    g_ptr_array_add (parts, g_strdup_printf (_("A: %s, B: %s"),
                                             ib_chart_cache_text (plan->cache),
                                             ib_chart_cache_text (other->cache)));
}

const IbChartKindInfo ib_chart_kind_compare = {
  .id = "compare",
  .title = N_("Comparison of two runs"),
  /* Translators: short title of the comparison chart */
  .short_title = N_("Compare"),
  .icon = "view-dual-symbolic",
  .no_data = N_("both reports need read results to compare; run “iobench-cli run --json "
                 "FILE”"),
  .two_runs = TRUE,
  .log_switch = TRUE,
  .has_data = has_compare,
  .draw = draw_compare,
  .subtitle = subtitle_compare,
  .describe = describe_compare_request,
};
