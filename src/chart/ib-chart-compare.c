/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-chart-compare.c: two reports side by side: paired bars A and B with CI
 * whiskers and, per row, whether B is faster or slower than A. Draws the
 * read strategies, the dispatch overhead, write + delete or the sweep points
 * (IbChartStyle.compare), each on a time axis, linear or log. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "ib-chart-private.h"
#include "analysis/ib-labels.h"
#include "analysis/ib-verdict.h"
#include "engine/ib-parse.h"
#include "engine/ib-presets.h"
#include "engine/ib-stats.h"
#include "engine/ib-workloads.h"

/* One side of a row: what a report has for it. */
typedef struct
{
  gboolean present;      /* the report has this row */
  gboolean ok;           /* with a positive median */
  double   median;
  double   lo, hi;       /* interval of the median; == median when none */
  double   level;        /* its coverage, 0 when none */
  guint    n;            /* valid samples, repetitions or runs */
} Side;

typedef struct
{
  const char    *id;
  char          *label;
  guint64        value;          /* sweep point */
  Side           a, b;
  double         ratio, lo, hi;   /* B / A with its interval */
  double         level;           /* the interval's coverage, 0 when unknown */
  char          *verdict;       /* drawn: short in a compact chart */
  char          *verdict_full;  /* the tooltip's, always in full */
  gboolean       clear;
} CmpRow;

static gboolean
positive (double x)
{
  return isfinite (x) && x > 0;
}

static double
ci_or (double ci,
       double median)
{
  return isfinite (ci) && ci > 0 ? ci : median;
}

static void
side_set (Side   *side,
          double  median,
          double  lo,
          double  hi,
          double  level,
          guint   n)
{
  side->present = TRUE;
  side->ok = positive (median) && n > 0;
  side->median = median;
  side->lo = ci_or (lo, median);
  side->hi = ci_or (hi, median);
  side->level = level;
  side->n = n;
}

static void
side_from_stats (Side          *side,
                 const IbStats *st)
{
  if (st != NULL)
    side_set (side, st->median_ns, st->ci_low_ns, st->ci_high_ns, st->ci_level, st->n);
}

/* The verdict text of a row from its IbRatio: ib_verdict_text, as the
 * report's comparison words it, after what the chart alone says (a row
 * only one report has, or failed in one). */
static char *
verdict_text (const CmpRow            *row,
              const IbVerdictInterval *iv,
              gboolean                 compact)
{
  if (!row->a.present || !row->b.present)
    return g_strdup (!row->a.present ? _("only in B") : _("only in A"));
  if (!row->a.ok || !row->b.ok || iv->verdict == IB_VERDICT_NO_DATA)
    return g_strdup (!row->a.ok && !row->b.ok ? _("failed in both")
                     : !row->a.ok ? _("failed in A") : _("failed in B"));
  return ib_verdict_text (iv, NULL, NULL, compact ? IB_VERDICT_WORDING_CHART_COMPACT
                                                  : IB_VERDICT_WORDING_CHART);
}

static void
cmp_row_verdict (CmpRow        *row,
                 const IbRatio *r,
                 gboolean       compact)
{
  IbVerdictInterval iv;

  ib_verdict_for_ratio (r, &iv);
  if (row->a.present && row->b.present && row->a.ok && row->b.ok &&
      iv.verdict != IB_VERDICT_NO_DATA)
    {
      row->ratio = iv.ratio;
      row->lo = iv.ci_low;
      row->hi = iv.ci_high;
      row->level = iv.ci_level;
      row->clear = ib_verdict_is_clear (iv.verdict);
    }
  row->verdict = verdict_text (row, &iv, compact);
  row->verdict_full = verdict_text (row, &iv, FALSE);
}

static int
cmp_rows (gconstpointer x,
          gconstpointer y)
{
  const CmpRow *a = x, *b = y;
  gboolean ga = a->a.ok && a->b.ok, gb = b->a.ok && b->b.ok;

  if (ga != gb)
    return ga ? -1 : 1;
  if (ga)
    return a->a.median < b->a.median ? -1 : a->a.median > b->a.median ? 1 : 0;
  return g_strcmp0 (a->id, b->id);
}

static void
cmp_row_clear (gpointer data)
{
  CmpRow *row = data;

  g_clear_pointer (&row->label, g_free);
  g_clear_pointer (&row->verdict, g_free);
  g_clear_pointer (&row->verdict_full, g_free);
}

static void
collect_reads (GArray         *rows,
               const IbReport *a,
               const IbReport *b,
               gboolean        compact)
{
  for (guint i = 0; i < a->statistics->len; i++)
    {
      const IbStats *st = &g_array_index (a->statistics, IbStats, i);
      CmpRow row = { st->strategy, };

      side_from_stats (&row.a, st);
      side_from_stats (&row.b, ib_report_find_stats (b, st->strategy));
      g_array_append_val (rows, row);
    }
  for (guint i = 0; i < b->statistics->len; i++)
    {
      const IbStats *st = &g_array_index (b->statistics, IbStats, i);
      CmpRow row = { st->strategy, };

      if (ib_report_find_stats (a, st->strategy) != NULL)
        continue;
      side_from_stats (&row.b, st);
      g_array_append_val (rows, row);
    }
  for (guint i = 0; i < rows->len; i++)
    {
      CmpRow *row = &g_array_index (rows, CmpRow, i);
      IbRatio r = { IB_RATIO_NO_DATA, };

      row->label = g_strdup (ib_chart_strategy_title (row->id));
      if (row->a.ok && row->b.ok)
        ib_report_ratio (a, row->id, b, row->id, &r);
      /* statistics without their samples: from the medians' intervals */
      if (row->a.ok && row->b.ok && r.verdict == IB_RATIO_NO_DATA)
        ib_stats_ratio_of_medians (row->a.median, row->a.lo, row->a.hi, row->a.level, row->a.n,
                                   row->b.median, row->b.lo, row->b.hi, row->b.level, row->b.n,
                                   &r);
      cmp_row_verdict (row, &r, compact);
    }
  g_array_sort (rows, cmp_rows);
}

/* Rows from medians and intervals alone (overhead, write + delete, sweep). */
static void
finish_median_rows (GArray   *rows,
                    gboolean  compact)
{
  for (guint i = 0; i < rows->len; i++)
    {
      CmpRow *row = &g_array_index (rows, CmpRow, i);
      IbRatio r = { IB_RATIO_NO_DATA, };

      if (row->a.ok && row->b.ok)
        ib_stats_ratio_of_medians (row->a.median, row->a.lo, row->a.hi, row->a.level, row->a.n,
                                   row->b.median, row->b.lo, row->b.hi, row->b.level, row->b.n,
                                   &r);
      cmp_row_verdict (row, &r, compact);
    }
}

static const IbOverheadRow *
find_overhead (const IbReport *report,
               const char     *kind)
{
  for (guint i = 0; i < report->overhead->len; i++)
    if (g_strcmp0 (g_array_index (report->overhead, IbOverheadRow, i).kind, kind) == 0)
      return &g_array_index (report->overhead, IbOverheadRow, i);
  return NULL;
}

static void
overhead_side (Side                *side,
               const IbOverheadRow *o)
{
  if (o != NULL)
    side_set (side, o->ns_per_op, o->ci_low_ns, o->ci_high_ns, ib_median_coverage (o->repeat),
              o->repeat);
}

static void
collect_overhead (GArray         *rows,
                  const IbReport *a,
                  const IbReport *b)
{
  for (guint i = 0; i < a->overhead->len; i++)
    {
      const IbOverheadRow *o = &g_array_index (a->overhead, IbOverheadRow, i);
      CmpRow row = { o->kind, g_strdup (ib_overhead_kind_title (o->kind)), };

      overhead_side (&row.a, o);
      overhead_side (&row.b, find_overhead (b, o->kind));
      g_array_append_val (rows, row);
    }
  for (guint i = 0; i < b->overhead->len; i++)
    {
      const IbOverheadRow *o = &g_array_index (b->overhead, IbOverheadRow, i);
      CmpRow row = { o->kind, g_strdup (ib_overhead_kind_title (o->kind)), };

      if (find_overhead (a, o->kind) != NULL)
        continue;
      overhead_side (&row.b, o);
      g_array_append_val (rows, row);
    }
}

static const IbWriteUnlinkMode *
find_mode (const IbReport *report,
           const char     *mode)
{
  for (guint i = 0; report->write_unlink != NULL && i < report->write_unlink->modes->len; i++)
    if (g_strcmp0 (g_array_index (report->write_unlink->modes, IbWriteUnlinkMode, i).mode,
                   mode) == 0)
      return &g_array_index (report->write_unlink->modes, IbWriteUnlinkMode, i);
  return NULL;
}

static void
mode_side (Side                    *side,
           const IbWriteUnlinkMode *m)
{
  /* one run a mode: no interval */
  if (m != NULL)
    side_set (side, (double) m->total_ns, 0, 0, 0, 1);
}

static void
collect_write_unlink (GArray         *rows,
                      const IbReport *a,
                      const IbReport *b)
{
  for (guint side = 0; side < 2; side++)
    {
      const IbReport *from = side == 0 ? a : b;
      const IbReport *to = side == 0 ? b : a;

      for (guint i = 0; i < from->write_unlink->modes->len; i++)
        {
          const IbWriteUnlinkMode *m = &g_array_index (from->write_unlink->modes,
                                                       IbWriteUnlinkMode, i);
          CmpRow row = { m->mode, g_strdup (ib_write_unlink_mode_title (m->mode)), };

          if (side == 1 && find_mode (to, m->mode) != NULL)
            {
              g_free (row.label);
              continue;
            }
          mode_side (side == 0 ? &row.a : &row.b, m);
          mode_side (side == 0 ? &row.b : &row.a, find_mode (to, m->mode));
          g_array_append_val (rows, row);
        }
    }
}

static const IbSweepPoint *
find_point (const IbReport *report,
            guint64         value,
            const char     *strategy)
{
  for (guint i = 0; i < report->sweep->points->len; i++)
    {
      const IbSweepPoint *p = &g_array_index (report->sweep->points, IbSweepPoint, i);

      if (p->value == value && g_strcmp0 (p->strategy, strategy) == 0)
        return p;
    }
  return NULL;
}

static void
point_side (Side               *side,
            const IbSweepPoint *p)
{
  if (p != NULL)
    side_set (side, p->median_ns, p->ci_low_ns, p->ci_high_ns, p->ci_level, p->n);
}

static char *
point_label (IbVaryKind          vary,
             const IbSweepPoint *p)
{
  g_autofree char *value = ib_format_vary_value (vary, p->value);

  /* Translators: a sweep point, "10 files · Memory map" */
  return g_strdup_printf (_("%s · %s"), value, ib_chart_strategy_title (p->strategy));
}

static void
collect_sweep (GArray         *rows,
               const IbReport *a,
               const IbReport *b)
{
  for (guint side = 0; side < 2; side++)
    {
      const IbReport *from = side == 0 ? a : b;
      const IbReport *to = side == 0 ? b : a;

      for (guint i = 0; i < from->sweep->points->len; i++)
        {
          const IbSweepPoint *p = &g_array_index (from->sweep->points, IbSweepPoint, i);
          const IbSweepPoint *q = find_point (to, p->value, p->strategy);
          CmpRow row = { p->strategy, NULL, p->value, };

          if (side == 1 && q != NULL)
            continue;
          row.label = point_label (from->sweep->vary, p);
          point_side (side == 0 ? &row.a : &row.b, p);
          point_side (side == 0 ? &row.b : &row.a, q);
          g_array_append_val (rows, row);
        }
    }
}

gboolean
ib_chart_compare_has_data (IbCompareChart  what,
                           const IbReport *report,
                           const IbReport *other)
{
  if (report == NULL || other == NULL)
    return FALSE;
  switch (what)
    {
    case IB_COMPARE_CHART_READS:
      return report->statistics->len > 0 && other->statistics->len > 0;
    case IB_COMPARE_CHART_OVERHEAD:
      return report->overhead->len > 0 && other->overhead->len > 0;
    case IB_COMPARE_CHART_WRITE_UNLINK:
      return report->write_unlink != NULL && report->write_unlink->modes->len > 0 &&
             other->write_unlink != NULL && other->write_unlink->modes->len > 0;
    case IB_COMPARE_CHART_SWEEP:
      return report->sweep != NULL && report->sweep->points->len > 0 &&
             other->sweep != NULL && other->sweep->points->len > 0 &&
             report->sweep->vary == other->sweep->vary;
    case IB_COMPARE_CHART_AUTO:
      for (int w = IB_COMPARE_CHART_READS; w < IB_N_COMPARE_CHARTS; w++)
        if (ib_chart_compare_has_data ((IbCompareChart) w, report, other))
          return TRUE;
      return FALSE;
    case IB_N_COMPARE_CHARTS:
    default:
      return FALSE;
    }
}

IbCompareChart
ib_chart_compare_resolve (IbCompareChart  what,
                          const IbReport *report,
                          const IbReport *other)
{
  if (what != IB_COMPARE_CHART_AUTO && what < IB_N_COMPARE_CHARTS)
    return what;
  for (int w = IB_COMPARE_CHART_READS; w < IB_N_COMPARE_CHARTS; w++)
    if (ib_chart_compare_has_data ((IbCompareChart) w, report, other))
      return (IbCompareChart) w;
  return IB_COMPARE_CHART_READS;
}

static GArray *
collect_rows (IbCompareChart  what,
              const IbReport *a,
              const IbReport *b,
              gboolean        compact)
{
  GArray *rows = g_array_new (FALSE, TRUE, sizeof (CmpRow));

  g_array_set_clear_func (rows, cmp_row_clear);
  switch (what)
    {
    case IB_COMPARE_CHART_OVERHEAD:
      collect_overhead (rows, a, b);
      finish_median_rows (rows, compact);
      break;
    case IB_COMPARE_CHART_WRITE_UNLINK:
      collect_write_unlink (rows, a, b);
      finish_median_rows (rows, compact);
      break;
    case IB_COMPARE_CHART_SWEEP:
      collect_sweep (rows, a, b);
      finish_median_rows (rows, compact);
      break;
    case IB_COMPARE_CHART_READS:
    case IB_COMPARE_CHART_AUTO:
    case IB_N_COMPARE_CHARTS:
    default:
      collect_reads (rows, a, b, compact);
      break;
    }
  return rows;
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

/* A run as the app names it everywhere: preset, date in the one format of
 * the history (local time), host: "Quick · 1 Dec 2026, 02:54 · bench",
 * and the cache it read from when the part drawn reads files. */
static char *
report_label (const IbReport *report,
              IbCompareChart  what)
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
  /* Which cache each run read from: the legend says it of each side, for
   * the parts that read files (whole-file reads and sweeps). */
  if (report->plan != NULL && (what == IB_COMPARE_CHART_READS || what == IB_COMPARE_CHART_SWEEP)
      && ib_chart_cache_text (report->plan->cache) != NULL)
    g_ptr_array_add (parts, g_strdup (ib_chart_cache_text (report->plan->cache)));
  g_ptr_array_add (parts, NULL);
  return g_strjoinv (" · ", (char **) parts->pdata);
}

gboolean
ib_chart_compare_always_log (IbCompareChart what)
{
  return what == IB_COMPARE_CHART_OVERHEAD || what == IB_COMPARE_CHART_SWEEP;
}

/* What the chart shows, for its subtitle and caption. */
static const char *
what_title (IbCompareChart what)
{
  switch (what)
    {
    case IB_COMPARE_CHART_OVERHEAD:
      return _("Dispatch overhead");
    case IB_COMPARE_CHART_WRITE_UNLINK:
      return _("Write + delete");
    case IB_COMPARE_CHART_SWEEP:
      return _("Sweep");
    case IB_COMPARE_CHART_READS:
    case IB_COMPARE_CHART_AUTO:
    case IB_N_COMPARE_CHARTS:
    default:
      return _("Whole-file reads");
    }
}

static const char *
what_caption (IbCompareChart what)
{
  switch (what)
    {
    case IB_COMPARE_CHART_OVERHEAD:
      return _("Median time per dispatch with its CI · a verdict needs 5 repetitions a side "
               "and the ratio's CI to exclude 1");
    case IB_COMPARE_CHART_WRITE_UNLINK:
      return _("Total time of all requests · one run a mode: too few to tell");
    case IB_COMPARE_CHART_SWEEP:
      return _("Median wall time per point with its CI · a verdict needs 5 valid runs a side "
               "and the ratio's CI to exclude 1");
    case IB_COMPARE_CHART_READS:
    case IB_COMPARE_CHART_AUTO:
    case IB_N_COMPARE_CHARTS:
    default:
      return _("Median wall time with its CI · a verdict needs 5 valid runs a side and the "
               "ratio's CI to exclude 1");
    }
}

void
ib_chart_draw_compare (IbChartCtx *ctx)
{
  IbCompareChart what = ib_chart_compare_resolve (ctx->style->compare, ctx->report, ctx->other);
  g_autofree char *plan_subtitle = what == IB_COMPARE_CHART_READS
                                 ? ib_chart_subtitle (ctx) : g_strdup (what_title (what));
  /* Translators: the compare chart's subtitle after A's plan or the part
   * compared: which way the verdicts read */
  g_autofree char *subtitle = g_strdup_printf (_("%s · each verdict is B against A"),
                                               plan_subtitle);
  g_autoptr(GArray) rows = NULL;
  g_autofree const char **labels = NULL;
  double hi = 0, lo = G_MAXDOUBLE, widest = 0, tick_h;
  /* dispatch costs span ns to ms and sweeps orders of magnitude: always log,
   * as their single-run charts */
  gboolean log = ctx->style->log_scale || ib_chart_compare_always_log (what);
  g_autofree char *caption = NULL;
  IbRgba ca = ctx->palette[IB_PAL_BLUE], cb = ctx->palette[IB_PAL_ORANGE];
  IbRgba label_color = ib_chart_fg_alpha (ctx, ctx->style->high_contrast ? 1.0 : 0.88);
  IbRgba dim = ib_chart_fg_alpha (ctx, ctx->style->high_contrast ? 1.0 : 0.55);
  IbLegendItem legend[2];
  g_autofree char *label_a = NULL, *label_b = NULL, *text_a = NULL, *text_b = NULL;
  IbRowLayout layout;
  IbAxis axis;

  ib_chart_frame (ctx, ib_chart_kind_title (ctx->kind), subtitle);
  if (!ib_chart_compare_has_data (what, ctx->report, ctx->other))
    {
      ib_chart_empty (ctx, _("Nothing to show yet"),
                      what == IB_COMPARE_CHART_READS
                      ? _("Comparing needs two reports that both have read results.")
                      /* Translators: "Both reports need Dispatch overhead results to compare it." */
                      : _("Both reports need this part's results to compare it."));
      return;
    }
  rows = collect_rows (what, ctx->report, ctx->other, ctx->compact);
  labels = g_new0 (const char *, rows->len + 1);
  for (guint i = 0; i < rows->len; i++)
    {
      CmpRow *row = &g_array_index (rows, CmpRow, i);
      const Side *sides[2] = { &row->a, &row->b };

      labels[i] = row->label;
      widest = MAX (widest, ib_chart_text_width (ctx, IB_TEXT_TICK, row->verdict));
      for (guint s = 0; s < 2; s++)
        if (sides[s]->ok)
          {
            hi = MAX (hi, MAX (sides[s]->median, sides[s]->hi));
            lo = MIN (lo, sides[s]->lo);
          }
    }
  if (hi <= 0)
    {
      lo = 1;
      hi = 10;
    }

  label_a = report_label (ctx->report, what);
  label_b = report_label (ctx->other, what);
  /* Translators: legend of the compare chart, "A: Quick · 29 Nov 2026, 21:04 · host" */
  text_a = g_strdup_printf (_("A: %s"), label_a);
  text_b = g_strdup_printf (_("B: %s"), label_b);
  legend[0] = (IbLegendItem) { text_a, IB_LEGEND_SWATCH, ca };
  legend[1] = (IbLegendItem) { text_b, IB_LEGEND_SWATCH, cb };
  ib_chart_legend (ctx, legend, 2);

  tick_h = ib_chart_line_height (ctx, IB_TEXT_TICK) + ctx->font_px * 0.5;
  ib_row_layout (ctx, labels, rows->len, widest + ctx->font_px * 0.8,
                 tick_h + ib_chart_caption_height (ctx), &layout);
  /* Translators: a chart's caption, then that its axis is logarithmic */
  caption = log ? g_strdup_printf (_("%s · log scale"), what_caption (what))
                : g_strdup (what_caption (what));
  ib_chart_caption (ctx, caption, layout.axis_top + tick_h);
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
          g_autofree char *ta = side_text (_("A"), &row->a);
          g_autofree char *tb = side_text (_("B"), &row->b);
          g_autofree char *level = ib_chart_format_level (row->level);
          g_autofree char *ratio = NULL;

          /* both ends kept apart: a claimed difference never reads as if
           * its interval touched 1 */
          g_autofree char *ci = ib_format_ratio_ci (row->ratio, row->lo, row->hi);

          if (row->ratio > 0 && row->level > 0)
            /* Translators: the ratio of medians B / A, its CI ("1.04-1.96") and
             * the CI's coverage */
            ratio = g_strdup_printf (_("B / A = %.2f (CI %s, covers %s): "), row->ratio, ci,
                                     level);
          else if (row->ratio > 0)
            /* Translators: the ratio of medians B / A and its CI ("1.04-1.96") */
            ratio = g_strdup_printf (_("B / A = %.2f (CI %s): "), row->ratio, ci);
          else
            ratio = g_strdup ("");

          ib_chart_take_tooltip (ctx, g_strdup_printf ("%s (%s)\n%s\n%s\n%s%s", row->label,
                                                       row->id, ta, tb, ratio,
                                                       row->verdict_full));
        }
      ib_row_draw_label (ctx, &layout, i, row->label, &label_color);
      draw_bar (ctx, &axis, &row->a, round (cy - gap / 2 - bh), bh, &ca, &right);
      draw_bar (ctx, &axis, &row->b, round (cy + gap / 2), bh, &cb, &right);
      ib_row_draw_value (ctx, &layout, i, vl, right,
                         row->clear ? &ctx->style->foreground : &dim);
    }
}

/* The part drawn, the two runs with their cache modes and every row's
 * verdict as drawn (in full), in words. */
char *
ib_chart_describe_compare (const IbReport     *report,
                           const IbReport     *other,
                           const IbChartStyle *style)
{
  IbCompareChart what;
  g_autoptr(GArray) rows = NULL;
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *label_a = NULL, *label_b = NULL;

  if (other == NULL || !ib_chart_compare_has_data (style->compare, report, other))
    return g_strdup ("");
  what = ib_chart_compare_resolve (style->compare, report, other);
  rows = collect_rows (what, report, other, FALSE);
  label_a = report_label (report, what);
  label_b = report_label (other, what);
  /* Translators: start of the comparison chart's description for screen
   * readers: the part compared, then the two runs */
  g_string_append_printf (text, _("%s, B against A. A: %s. B: %s."), what_title (what),
                          label_a, label_b);
  for (guint i = 0; i < rows->len; i++)
    {
      const CmpRow *row = &g_array_index (rows, CmpRow, i);

      g_string_append_printf (text, " %s: %s.", row->label, row->verdict_full);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}
