/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-chart-axis.c: round ticks (1-2-5 linear; log axes from the 1-2-5 value
 * at or below the data to the one at or above it, in the unit the label
 * shows, decades labelled first, 2 and 5 between them when there is room),
 * labels with adapted units, and labels skipped when they collide. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "ib-chart-private.h"

#define LOG_FLOOR 1e-3    /* smallest value a log axis shows */
#define VALUE_CEIL 1e18

static double
nice_step (double raw)
{
  double mag, norm;

  if (!(raw > 0) || !isfinite (raw))
    return 1;
  /* A subnormal @raw (data all near 5e-324) has a power of ten that is 0:
   * the smallest normal one will do, never a step of 0. */
  mag = MAX (pow (10, floor (log10 (raw))), 1e-300);
  norm = raw / mag;
  if (norm <= 1.0001)
    return mag;
  if (norm <= 2.0001)
    return 2 * mag;
  if (norm <= 5.0001)
    return 5 * mag;
  return 10 * mag;
}

/* The units a value is shown in (ib_chart_format_rate, _bytes): a tier of
 * values shown divided by @div. Binary units change every 1024, so a round
 * value is 1, 2 or 5 x 10^k in the unit shown, below 1000 of it (1000 MiB/s
 * would sit next to 1 GiB/s); the decimal units (ns .. s, k, M) keep every
 * 1-2-5 value round. */
typedef struct
{
  double div;
} Tier;

static const Tier decimal_tiers[] = { { 1 } };
static const Tier rate_tiers[] = { { 1.0 / 1024 }, { 1 }, { 1024 } };
static const Tier byte_tiers[] = {
  { 1 }, { 1024 }, { 1048576.0 }, { 1073741824.0 }, { 1099511627776.0 },
};

static const Tier *
unit_tiers (IbUnit  unit,
            guint  *n_tiers)
{
  switch (unit)
    {
    case IB_UNIT_RATE:
      *n_tiers = G_N_ELEMENTS (rate_tiers);
      return rate_tiers;
    case IB_UNIT_BYTES:
      *n_tiers = G_N_ELEMENTS (byte_tiers);
      return byte_tiers;
    case IB_UNIT_TIME:
    case IB_UNIT_COUNT:
    case IB_UNIT_PERCENT:
    default:
      *n_tiers = G_N_ELEMENTS (decimal_tiers);
      return decimal_tiers;
    }
}

/* Calls @each for every round value of @unit in [lo, hi], ascending, with
 * whether it is 1 x 10^k in its unit (a decade). Stops when @each returns
 * FALSE. */
static void
for_each_nice (IbUnit    unit,
               double    lo,
               double    hi,
               gboolean (*each) (double value, gboolean decade, gpointer data),
               gpointer  data)
{
  static const double mantissa[] = { 1, 2, 5 };
  guint n_tiers;
  const Tier *tiers = unit_tiers (unit, &n_tiers);

  for (guint t = 0; t < n_tiers; t++)
    {
      int k0 = (int) floor (log10 (lo / tiers[t].div)) - 1;
      int k1 = (int) ceil (log10 (hi / tiers[t].div)) + 1;

      /* Only the tiers the range reaches (and decades inside them). */
      if (t == 0 && n_tiers > 1)
        k1 = MIN (k1, 2);
      else if (t + 1 < n_tiers)
        {
          k0 = MAX (k0, 0);
          k1 = MIN (k1, 2);
        }
      else if (n_tiers > 1)
        k0 = MAX (k0, 0);
      for (int k = k0; k <= k1; k++)
        for (guint m = 0; m < G_N_ELEMENTS (mantissa); m++)
          {
            double v = mantissa[m] * pow (10, k) * tiers[t].div;

            if (v < lo * (1 - 1e-9) || v > hi * (1 + 1e-9))
              continue;
            if (!each (v, m == 0, data))
              return;
          }
    }
}

typedef struct
{
  double target;
  double found;
} Near;

static gboolean
keep_below (double   value,
            gboolean decade,
            gpointer data)
{
  Near *near = data;

  if (value > near->target * (1 + 1e-9))
    return FALSE;
  near->found = value;
  return TRUE;
}

static gboolean
keep_above (double   value,
            gboolean decade,
            gpointer data)
{
  Near *near = data;

  if (value < near->target * (1 - 1e-9))
    return TRUE;
  near->found = value;
  return FALSE;
}

double
ib_axis_nice_below (IbUnit unit,
                    double value)
{
  Near near = { value, 0 };

  if (!(value > 0) || !isfinite (value))
    return LOG_FLOOR;
  for_each_nice (unit, value / 20, value, keep_below, &near);
  return near.found > 0 ? near.found : value;
}

double
ib_axis_nice_above (IbUnit unit,
                    double value)
{
  Near near = { value, 0 };

  if (!(value > 0) || !isfinite (value))
    return 1;
  for_each_nice (unit, value, value * 20, keep_above, &near);
  return near.found > 0 ? near.found : value;
}

static void
add_tick (IbAxis  *axis,
          double   value,
          gboolean major)
{
  if (axis->n_ticks >= IB_AXIS_MAX_TICKS)
    return;
  axis->ticks[axis->n_ticks].value = value;
  axis->ticks[axis->n_ticks].major = major;
  axis->n_ticks++;
}

typedef struct
{
  IbAxis   *axis;
  gboolean  minors;
} LogTicks;

/* Powers of ten (in the unit shown) and both ends are labelled first. */
static gboolean
add_log_tick (double   value,
              gboolean decade,
              gpointer data)
{
  LogTicks *lt = data;
  IbAxis *axis = lt->axis;
  gboolean end = fabs (value / axis->min - 1) < 1e-6 || fabs (value / axis->max - 1) < 1e-6;

  if (decade || end || lt->minors)
    add_tick (axis, end ? (value < axis->min * 1.5 ? axis->min : axis->max) : value,
              decade || end);
  return TRUE;
}

static double
linear_unit_div (IbUnit unit,
                 double max_abs)
{
  switch (unit)
    {
    case IB_UNIT_TIME:
      return max_abs >= 1e9 ? 1e9 : max_abs >= 1e6 ? 1e6 : max_abs >= 1e3 ? 1e3 : 1;
    case IB_UNIT_RATE:
      return max_abs >= 1024 ? 1024 : max_abs < 1 ? 1.0 / 1024 : 1;
    case IB_UNIT_BYTES:
      return max_abs >= 1073741824.0 ? 1073741824.0 : max_abs >= 1048576 ? 1048576
             : max_abs >= 1024 ? 1024 : 1;
    case IB_UNIT_COUNT:
    case IB_UNIT_PERCENT:
    default:
      return 1;
    }
}

/* The ends and ticks of a log axis over [lo, hi], @length pixels long with
 * about @spacing pixels between labels. */
static void
init_log (IbAxis  *axis,
          gboolean from_zero,
          double   lo,
          double   hi,
          double   length,
          double   spacing)
{
  IbUnit   unit = axis->unit;
  LogTicks lt = { axis, FALSE };

  if (hi <= LOG_FLOOR)
    hi = 1;
  if (lo < LOG_FLOOR || lo > hi)
    lo = MAX (LOG_FLOOR, hi / 10);
  /* The axis ends at the first round value at or past the data, not at
   * the next power of ten: 1.4 s of data gets an axis to 2 s, not 10 s. */
  axis->min = ib_axis_nice_below (unit, lo);
  axis->max = ib_axis_nice_above (unit, hi);
  /* Bars grow from the start of the axis: one just above it would be
   * too short to see, so the axis starts a step lower. */
  if (from_zero && lo < axis->min * 1.5)
    axis->min = ib_axis_nice_below (unit, axis->min * 0.999);
  if (axis->max <= axis->min * 1.0001)
    {
      axis->min = ib_axis_nice_below (unit, axis->min * 0.999);
      axis->max = ib_axis_nice_above (unit, axis->max * 1.001);
    }
  /* 2 and 5 in every decade when a decade is long enough to show them. */
  lt.minors = length / (log10 (axis->max) - log10 (axis->min)) >= spacing * 1.6;
  for_each_nice (unit, axis->min, axis->max, add_log_tick, &lt);
}

/* A linear axis's ticks from *t0 to *t1, *step apart, in the unit shown. */
typedef struct
{
  double step;
  double t0;
  double t1;
} Steps;

/* The next smaller round step, when it ends the axis nearer the data with
 * few enough intervals (a narrow plot may show 0 1 2 3 GiB/s for 2.7 GiB/s
 * rather than 0 2 4); labels that do not fit are skipped. */
static void
try_smaller_step (Steps *s,
                  double lo,
                  double hi,
                  double n_target)
{
  double mant = s->step / pow (10, floor (log10 (s->step) + 1e-9));
  double smaller = s->step * (mant > 4 ? 0.4 : 0.5);   /* 5 -> 2 -> 1 -> 0.5 */
  double s0 = floor (lo / smaller + 1e-9) * smaller;
  double s1 = ceil (hi / smaller - 1e-9) * smaller;

  if (smaller < s->step && s1 - s0 < s->t1 - s->t0 - smaller * 1e-6
      && (s1 - s0) / smaller <= MAX (n_target, 4) + 1e-9)
    {
      s->step = smaller;
      s->t0 = s0;
      s->t1 = s1;
    }
}

/* The ends and ticks of a linear axis over [lo, hi], with about @n_target
 * intervals. */
static void
init_linear (IbAxis  *axis,
             gboolean from_zero,
             double   lo,
             double   hi,
             double   n_target)
{
  IbUnit unit = axis->unit;
  Steps  s;
  double div;

  if (from_zero)
    {
      lo = MIN (lo, 0);
      hi = MAX (hi, 0);
    }
  if (hi - lo <= 0)
    hi = lo + (lo != 0 ? fabs (lo) * 0.5 : 1);
  /* Round in the unit the labels show (1 GiB/s, not 1000 MiB/s). */
  div = linear_unit_div (unit, MAX (fabs (lo), fabs (hi)));
  lo /= div;
  hi /= div;
  s.step = nice_step ((hi - lo) / n_target);
  if (unit == IB_UNIT_PERCENT)
    {
      /* Percentile levels: steps that keep 50 and 100 on ticks. */
      static const double steps[] = { 5, 10, 25, 50 };

      for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
        if ((s.step = steps[i]) * n_target >= hi - lo - 1e-9)
          break;
    }
  s.t0 = floor (lo / s.step + 1e-9) * s.step;
  s.t1 = ceil (hi / s.step - 1e-9) * s.step;
  if (unit != IB_UNIT_PERCENT)
    try_smaller_step (&s, lo, hi, n_target);
  while ((s.t1 - s.t0) / s.step > IB_AXIS_MAX_TICKS - 1)
    {
      s.step = nice_step (s.step * 1.5);
      s.t0 = floor (lo / s.step + 1e-9) * s.step;
      s.t1 = ceil (hi / s.step - 1e-9) * s.step;
    }
  if (s.t1 <= s.t0)
    s.t1 = s.t0 + s.step;
  axis->min = s.t0 * div;
  axis->max = s.t1 * div;
  axis->step = s.step * div;
  axis->unit_div = div;
  for (int i = 0; s.t0 + i * s.step <= s.t1 + s.step * 1e-6; i++)
    add_tick (axis, fabs (s.t0 + i * s.step) < s.step * 1e-6 ? 0 : (s.t0 + i * s.step) * div,
              TRUE);
}

void
ib_axis_init (IbAxis           *axis,
              const IbAxisSpec *spec,
              double            length,
              double            spacing)
{
  double lo, hi, n_target;

  memset (axis, 0, sizeof *axis);
  axis->unit = spec->unit;
  axis->log = spec->log;
  lo = ib_chart_clamp (spec->lo, -VALUE_CEIL, VALUE_CEIL);
  hi = ib_chart_clamp (spec->hi, -VALUE_CEIL, VALUE_CEIL);
  if (lo > hi)
    {
      double t = lo;

      lo = hi;
      hi = t;
    }
  length = ib_chart_clamp (length, 1, 1e6);
  spacing = ib_chart_clamp (spacing, 8, 1e6);
  /* Round ticks read best at about 4 to 10 intervals. */
  /* At least two intervals: one step across a narrow plot may end the axis
   * near twice the data (0 and 5 GiB/s for 2.7 GiB/s); a label that does
   * not fit is left out when drawing. */
  n_target = CLAMP (floor (length / spacing), 2.0, 10.0);
  if (spec->log)
    init_log (axis, spec->from_zero, lo, hi, length, spacing);
  else
    init_linear (axis, spec->from_zero, lo, hi, n_target);
  axis->px0 = 0;
  axis->px1 = length;
}

void
ib_axis_set_range (IbAxis *axis,
                   double  px0,
                   double  px1)
{
  axis->px0 = ib_chart_finite (px0, 0);
  axis->px1 = ib_chart_finite (px1, 1);
}

double
ib_axis_map (const IbAxis *axis,
             double        value)
{
  double t;

  if (axis->log)
    {
      double l0 = log10 (axis->min), l1 = log10 (axis->max);
      double v = ib_chart_clamp (value, axis->min / 10, axis->max * 10);

      t = (log10 (v) - l0) / (l1 - l0);
    }
  else
    {
      double v = ib_chart_clamp (value, -VALUE_CEIL, VALUE_CEIL);

      t = (v - axis->min) / (axis->max - axis->min);
    }
  /* Keep off-scale values near the plot, never at infinity. */
  t = ib_chart_clamp (t, -0.05, 1.05);
  return axis->px0 + t * (axis->px1 - axis->px0);
}

static const char *
linear_unit_name (const IbAxis *axis)
{
  switch (axis->unit)
    {
    case IB_UNIT_TIME:
      return axis->unit_div >= 1e9 ? _("s") : axis->unit_div >= 1e6 ? _("ms")
             : axis->unit_div >= 1e3 ? _("µs") : _("ns");
    case IB_UNIT_RATE:
      return axis->unit_div >= 1024 ? _("GiB/s") : axis->unit_div < 1 ? _("KiB/s") : _("MiB/s");
    case IB_UNIT_BYTES:
      return axis->unit_div >= 1073741824.0 ? _("GiB") : axis->unit_div >= 1048576 ? _("MiB")
             : axis->unit_div >= 1024 ? _("KiB") : _("B");
    case IB_UNIT_PERCENT:
      return "%";
    case IB_UNIT_COUNT:
    default:
      return NULL;
    }
}

char *
ib_axis_format (const IbAxis *axis,
                double        value)
{
  value = ib_chart_finite (value, 0);
  if (axis->log)
    {
      switch (axis->unit)
        {
        case IB_UNIT_TIME:  return ib_chart_format_time (value);
        case IB_UNIT_RATE:  return ib_chart_format_rate (value);
        case IB_UNIT_BYTES: return ib_chart_format_bytes (value);
        case IB_UNIT_PERCENT:
        case IB_UNIT_COUNT:
        default:            return ib_chart_format_count (value);
        }
    }
  else
    {
      double scaled = value / axis->unit_div, step = axis->step / axis->unit_div;
      /* Clamped before the cast: a step of 0 or a NaN would not fit an int. */
      double places = step > 0 ? ceil (-log10 (step) - 1e-9) : 0;
      int decimals = isfinite (places) ? (int) CLAMP (places, 0, 6) : 0;
      const char *unit = linear_unit_name (axis);

      if (value == 0 && axis->unit != IB_UNIT_PERCENT)
        return g_strdup ("0");
      if (axis->unit == IB_UNIT_COUNT && fabs (value) >= 10000)
        return ib_chart_format_count (value);
      if (unit == NULL)
        return g_strdup_printf ("%.*f", decimals, scaled);
      if (axis->unit == IB_UNIT_PERCENT)
        return g_strdup_printf ("%.*f%s", decimals, scaled, unit);
      return g_strdup_printf ("%.*f %s", decimals, scaled, unit);
    }
}

double
ib_axis_spacing (IbChartCtx *ctx,
                 IbUnit      unit,
                 double      hi)
{
  g_autofree char *text = NULL;

  switch (unit)
    {
    case IB_UNIT_TIME:  text = ib_chart_format_time (hi * 0.888); break;
    case IB_UNIT_RATE:  text = ib_chart_format_rate (hi * 0.888); break;
    case IB_UNIT_BYTES: text = ib_chart_format_bytes (hi * 0.888); break;
    case IB_UNIT_PERCENT:
    case IB_UNIT_COUNT:
    default:            text = ib_chart_format_count (hi * 0.888); break;
    }
  return ib_chart_text_width (ctx, IB_TEXT_TICK, text) + ctx->font_px * 2.5;
}

double
ib_axis_label_width (IbChartCtx   *ctx,
                     const IbAxis *axis)
{
  double widest = 0;

  for (guint i = 0; i < axis->n_ticks; i++)
    {
      g_autofree char *text = ib_axis_format (axis, axis->ticks[i].value);

      widest = MAX (widest, ib_chart_text_width (ctx, IB_TEXT_TICK, text));
    }
  return widest;
}

static void
grid_line (IbChartCtx   *ctx,
           gboolean      vertical,
           double        pos,
           double        from,
           double        to,
           const IbRgba *color,
           double        alpha)
{
  cairo_t *cr = ctx->cr;
  double lw = ib_chart_hairline (ctx) * (ctx->style->high_contrast ? 2 : 1);

  if (ctx->query)
    return;
  cairo_set_line_width (cr, lw);
  ib_chart_set_color (ctx, color, alpha);
  if (vertical)
    {
      pos = ib_chart_snap_x (ctx, pos, lw);
      cairo_move_to (cr, pos, from);
      cairo_line_to (cr, pos, to);
    }
  else
    {
      pos = ib_chart_snap_y (ctx, pos, lw);
      cairo_move_to (cr, from, pos);
      cairo_line_to (cr, to, pos);
    }
  cairo_stroke (cr);
}

/* Draws tick labels along one axis, majors first, skipping any label that
 * would overlap one already placed (or leave [lo_limit, hi_limit]). */
static void
draw_labels (IbChartCtx   *ctx,
             const IbAxis *axis,
             gboolean      horizontal,
             double        cross,
             double        lo_limit,
             double        hi_limit)
{
  double placed_lo[IB_AXIS_MAX_TICKS], placed_hi[IB_AXIS_MAX_TICKS];
  double minor_lo[IB_AXIS_MAX_TICKS], minor_hi[IB_AXIS_MAX_TICKS];
  guint n_placed = 0, n_minor_checked = 0;
  gboolean minors_fit = TRUE;
  double gap = ctx->font_px * (horizontal ? 0.9 : 0.3);
  IbRgba color = ib_chart_fg_alpha (ctx, ctx->style->high_contrast ? 1.0 : 0.7);

  for (int pass = 0; pass < 3; pass++)
    for (guint k = 0; k < axis->n_ticks; k++)
      {
        /* A log axis labels its last tick first: where the axis ends (2 s)
         * says more than the decade before it (1 s). */
        guint i = !axis->log ? k : k == 0 ? axis->n_ticks - 1 : k - 1;
        const IbTick *tick = &axis->ticks[i];
        g_autofree char *text = NULL;
        g_autoptr(PangoLayout) layout = NULL;
        double pos, w, h, a, b;
        gboolean clash = FALSE;

        /* Pass 0: majors; pass 1: check every minor fits; pass 2: draw them. */
        if (tick->major != (pass == 0) || (pass == 2 && !minors_fit))
          continue;
        text = ib_axis_format (axis, tick->value);
        layout = ib_chart_layout (ctx, IB_TEXT_TICK, text);
        ib_chart_layout_size (layout, &w, &h);
        pos = ib_axis_map (axis, tick->value);
        a = pos - (horizontal ? w : h) / 2;
        b = a + (horizontal ? w : h);
        if (a < lo_limit)
          {
            b += lo_limit - a;
            a = lo_limit;
          }
        if (b > hi_limit)
          {
            a -= b - hi_limit;
            b = hi_limit;
          }
        clash = a < lo_limit - 0.5;
        for (guint j = 0; j < n_placed && !clash; j++)
          clash = a < placed_hi[j] + gap && b + gap > placed_lo[j];
        if (pass == 1)
          {
            for (guint j = 0; j < n_minor_checked && !clash; j++)
              clash = a < minor_hi[j] + gap && b + gap > minor_lo[j];
            minors_fit &= !clash;
            if (n_minor_checked < IB_AXIS_MAX_TICKS)
              {
                minor_lo[n_minor_checked] = a;
                minor_hi[n_minor_checked++] = b;
              }
            continue;
          }
        if (clash)
          continue;
        placed_lo[n_placed] = a;
        placed_hi[n_placed] = b;
        n_placed++;
        ctx->in_ticks = TRUE;
        if (horizontal)
          ib_chart_show_layout (ctx, layout, a, cross, 0, 0, &color);
        else
          ib_chart_show_layout (ctx, layout, cross, a, 1, 0, &color);
        ctx->in_ticks = FALSE;
      }
}

/* One grid line per tick across [from, to]; a linear axis's zero is the
 * baseline, drawn in the foreground colour. */
static void
draw_grid (IbChartCtx   *ctx,
           const IbAxis *axis,
           gboolean      vertical,
           double        from,
           double        to)
{
  IbRgba fg = ctx->style->foreground;

  for (guint i = 0; i < axis->n_ticks; i++)
    {
      const IbTick *tick = &axis->ticks[i];
      double at = ib_axis_map (axis, tick->value);

      if (!axis->log && tick->value == 0)
        grid_line (ctx, vertical, at, from, to, &fg, 0.45);
      else
        grid_line (ctx, vertical, at, from, to, &ctx->style->grid, tick->major ? 1.0 : 0.5);
    }
}

void
ib_axis_draw_x (IbChartCtx   *ctx,
                const IbAxis *axis,
                double        top,
                double        bottom)
{
  draw_grid (ctx, axis, TRUE, top, bottom);
  draw_labels (ctx, axis, TRUE, bottom + ctx->font_px * 0.35,
               ctx->pad * 0.5, ctx->width - ctx->pad * 0.5);
}

void
ib_axis_draw_y (IbChartCtx   *ctx,
                const IbAxis *axis,
                double        left,
                double        right)
{
  draw_grid (ctx, axis, FALSE, left, right);
  /* The lowest label sits on the axis's bottom line, not below it, where
   * the value axis's first label would crowd it in the corner. */
  draw_labels (ctx, axis, FALSE, left - ctx->font_px * 0.5,
               MIN (axis->px0, axis->px1) - ctx->font_px,
               MAX (axis->px0, axis->px1) + ctx->font_px * 0.2);
}
