/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-chart-rows.c: the layout every horizontal "one row per strategy" chart
 * shares (strategies, throughput, CPU, overhead, compare). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "ib-chart-private.h"

#define MIB 1048576.0
/* A row's height, in font sizes, in a chart as tall as its rows need: a
 * bar (or two, compared) and the space between rows. */
#define FIT_ROW 3.4

/* The widest a label column may be, beside the bars. */
static double
area_column (IbChartCtx *ctx)
{
  return ctx->area.width * (ctx->compact ? 0.34 : 0.38);
}

void
ib_row_clear (gpointer data)
{
  IbRow *row = data;

  g_clear_pointer (&row->id, g_free);
  g_clear_pointer (&row->label, g_free);
  g_clear_pointer (&row->error, g_free);
  g_clear_pointer (&row->samples, g_array_unref);
}

static double
positive_or (double v,
             double fallback)
{
  return isfinite (v) && v > 0 ? v : fallback;
}

static int
compare_row_sample (gconstpointer a,
                    gconstpointer b)
{
  double va = ((const IbRowSample *) a)->value, vb = ((const IbRowSample *) b)->value;

  return (va > vb) - (va < vb);
}

/* At most IB_CHART_MAX_DOTS measured samples of @samples, spread evenly over
 * their ranks (the smallest and the largest among them), and every warm-up
 * and excluded one: 20,000 dots a row drew the same cloud as these, in 15 MB
 * of SVG. */
static void
thin_samples (GArray *samples)
{
  g_autoptr(GArray) measured = g_array_new (FALSE, FALSE, sizeof (IbRowSample));
  g_autoptr(GArray) kept = g_array_new (FALSE, FALSE, sizeof (IbRowSample));
  guint n;

  for (guint i = 0; i < samples->len; i++)
    {
      const IbRowSample *rs = &g_array_index (samples, IbRowSample, i);

      g_array_append_vals (rs->warmup || rs->excluded ? kept : measured, rs, 1);
    }
  n = measured->len;
  if (n <= IB_CHART_MAX_DOTS)
    return;
  g_array_sort (measured, compare_row_sample);
  for (guint k = 0; k < IB_CHART_MAX_DOTS; k++)
    {
      guint rank = (guint) ((guint64) k * (n - 1) / (IB_CHART_MAX_DOTS - 1));

      g_array_append_vals (kept, &g_array_index (measured, IbRowSample, rank), 1);
    }
  g_array_set_size (samples, 0);
  g_array_append_vals (samples, kept->data, kept->len);
}

GArray *
ib_rows_from_report (const IbReport *report,
                     gboolean        rate)
{
  GArray *rows = g_array_new (FALSE, TRUE, sizeof (IbRow));

  g_array_set_clear_func (rows, ib_row_clear);
  for (guint i = 0; i < report->statistics->len; i++)
    {
      const IbStats *st = &g_array_index (report->statistics, IbStats, i);
      IbRow row = { 0 };
      double median = positive_or (st->median_ns, 0);

      row.id = g_strdup (st->strategy != NULL ? st->strategy : "?");
      row.label = g_strdup (ib_chart_strategy_title (row.id));
      row.family = ib_chart_strategy_family (row.id, &row.parallel);
      row.n = st->n;
      row.n_failed = st->n_failed;
      row.failed = st->n == 0 || median <= 0;
      row.stats = st;
      row.samples = g_array_new (FALSE, TRUE, sizeof (IbRowSample));
      if (rate)
        {
          row.value = positive_or (st->mib_per_s, 0);
          row.lo = row.value * median / positive_or (st->ci_high_ns, median);
          row.hi = row.value * median / positive_or (st->ci_low_ns, median);
          if (row.value <= 0)
            row.failed = TRUE;
        }
      else
        {
          row.value = median;
          row.lo = positive_or (st->ci_low_ns, median);
          row.hi = positive_or (st->ci_high_ns, median);
        }
      row.lo = MIN (ib_chart_finite (row.lo, row.value), row.value);
      row.hi = MAX (ib_chart_finite (row.hi, row.value), row.value);

      for (guint j = 0; j < report->samples->len; j++)
        {
          const IbSample *s = &g_array_index (report->samples, IbSample, j);
          IbRowSample rs = { 0 };

          if (g_strcmp0 (s->strategy, st->strategy) != 0)
            continue;
          if (!s->ok)
            {
              if (row.error == NULL && s->error != NULL)
                row.error = g_strdup (s->error);
              continue;
            }
          if (s->wall_ns <= 0)
            continue;
          rs.warmup = s->warmup;
          rs.excluded = s->excluded != NULL;
          if (rate)
            {
              if (s->bytes == 0)
                continue;
              rs.value = ((double) s->bytes / MIB) / ((double) s->wall_ns / 1e9);
            }
          else
            rs.value = (double) s->wall_ns;
          g_array_append_val (row.samples, rs);
        }
      thin_samples (row.samples);
      /* no sample at all, failed or not: it never ran */
      row.not_run = row.failed && st->n == 0 && st->n_failed == 0 && st->n_excluded == 0 &&
                    row.error == NULL && row.samples->len == 0;
      g_array_append_val (rows, row);
    }
  return rows;
}

const char *
ib_row_missing_text (const IbRow *row)
{
  /* Translators: in a chart, a strategy the run never came to */
  return row->not_run ? _("not run") : _("failed");
}

static int
compare_asc (gconstpointer a,
             gconstpointer b)
{
  const IbRow *ra = a, *rb = b;

  if (ra->failed != rb->failed)
    return ra->failed ? 1 : -1;
  if (ra->value != rb->value)
    return ra->value < rb->value ? -1 : 1;
  return g_strcmp0 (ra->id, rb->id);
}

static int
compare_desc (gconstpointer a,
              gconstpointer b)
{
  const IbRow *ra = a, *rb = b;

  if (ra->failed != rb->failed)
    return ra->failed ? 1 : -1;
  if (ra->value != rb->value)
    return ra->value > rb->value ? -1 : 1;
  return g_strcmp0 (ra->id, rb->id);
}

void
ib_rows_sort (GArray   *rows,
              gboolean  descending)
{
  g_array_sort (rows, descending ? compare_desc : compare_asc);
}

/* Keeps @head characters of @text, an ellipsis, and @tail characters of its
 * end, without spaces or commas next to the ellipsis. */
static char *
join_cut (const char *text,
          glong       len,
          glong       head,
          glong       tail)
{
  g_autofree char *h = g_utf8_substring (text, 0, head);
  g_autofree char *t = g_utf8_substring (text, len - tail, len);

  g_strchomp (h);
  while (h[0] != '\0' && (h[strlen (h) - 1] == ',' || h[strlen (h) - 1] == ' '))
    h[strlen (h) - 1] = '\0';
  g_strchug (t);
  return g_strconcat (h, "…", t, NULL);
}

char *
ib_chart_cut_middle (IbChartCtx *ctx,
                     IbTextRole  role,
                     const char *text,
                     double      width,
                     double      tail_share)
{
  glong len, lo = 0, hi;
  char *best = NULL;

  if (text == NULL)
    return g_strdup ("");
  if (ib_chart_text_width (ctx, role, text) <= width)
    return g_strdup (text);
  len = g_utf8_strlen (text, -1);
  hi = len - 1;
  /* The most characters that still fit, found by bisection. */
  while (lo <= hi)
    {
      glong k = (lo + hi) / 2;
      glong tail = (glong) round (k * tail_share);
      char *cut = join_cut (text, len, k - tail, tail);

      if (ib_chart_text_width (ctx, role, cut) <= width)
        {
          g_free (best);
          best = cut;
          lo = k + 1;
        }
      else
        {
          g_free (cut);
          hi = k - 1;
        }
    }
  return best != NULL ? best : g_strdup ("…");
}

/* Cuts every label wider than @width into ctx->fitted. Different labels must
 * stay different: "Async single read, serial" and "Async single read,
 * parallel" may not both become "Async…". Labels that collide are cut again
 * keeping more of their end, then more of their start, until they differ. */
static void
fit_labels (IbChartCtx   *ctx,
            const char  **labels,
            guint         n,
            double        width)
{
  static const double shares[] = { 0.5, 0.7, 0.3, 0.85, 0.15, 1.0, 0.0 };
  g_autofree guint *choice = g_new0 (guint, n);
  g_autoptr(GPtrArray) cut = g_ptr_array_new_full (n, g_free);

  if (ctx->fitted == NULL)
    ctx->fitted = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_hash_table_remove_all (ctx->fitted);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (cut, ib_chart_cut_middle (ctx, IB_TEXT_LABEL, labels[i], width, shares[0]));

  for (guint round = 1; round < G_N_ELEMENTS (shares); round++)
    {
      g_autofree gboolean *clash = g_new0 (gboolean, n);
      gboolean any = FALSE;

      for (guint i = 0; i < n; i++)
        for (guint j = i + 1; j < n; j++)
          if (g_strcmp0 (labels[i], labels[j]) != 0
              && g_str_equal (g_ptr_array_index (cut, i), g_ptr_array_index (cut, j)))
            any = clash[i] = clash[j] = TRUE;
      if (!any)
        break;
      for (guint i = 0; i < n; i++)
        if (clash[i])
          {
            choice[i] = round;
            g_free (g_ptr_array_index (cut, i));
            g_ptr_array_index (cut, i) = ib_chart_cut_middle (ctx, IB_TEXT_LABEL, labels[i],
                                                              width, shares[round]);
          }
    }
  for (guint i = 0; i < n; i++)
    if (labels[i] != NULL && !g_str_equal (labels[i], g_ptr_array_index (cut, i)))
      g_hash_table_replace (ctx->fitted, g_strdup (labels[i]),
                            g_strdup (g_ptr_array_index (cut, i)));
}

void
ib_row_layout (IbChartCtx   *ctx,
               const char  **labels,
               guint         n_rows,
               double        right_reserve,
               double        axis_label_height,
               IbRowLayout  *layout)
{
  double widest = 0, label_h = ib_chart_line_height (ctx, IB_TEXT_LABEL);
  double gap = ctx->font_px * 0.8, max_row = ctx->font_px * 6;
  double column = area_column (ctx), pitch;
  IbRect *area = &ctx->area;
  guint n_labels = n_rows;

  memset (layout, 0, sizeof *layout);
  n_rows = MAX (n_rows, 1);
  for (guint i = 0; i < n_labels && labels != NULL; i++)
    widest = MAX (widest, ib_chart_text_width (ctx, IB_TEXT_LABEL, labels[i]));
  layout->n_rows = n_rows;
  right_reserve = MIN (right_reserve, area->width * 0.3);
  layout->plot.y = area->y;
  layout->plot.height = MAX (1, area->height - axis_label_height);
  pitch = MIN (layout->plot.height / n_rows, max_row);
  /* what a chart as tall as its content leaves out (ib_chart_fit_height) */
  ctx->fit_spare = layout->plot.height - n_rows * MIN (max_row, ctx->font_px * FIT_ROW);

  /* Names too long for the column, rows tall enough for a line of text and
   * a bar under it: each name on its own line, whole. */
  if (widest > column && pitch >= label_h * 2.1)
    {
      layout->stacked = TRUE;
      layout->label_band = ceil (label_h * 1.05);
      layout->label_x = area->x;
      layout->label_width = floor (area->width);
      layout->plot.x = area->x;
    }
  else
    {
      /* A narrow chart gives cut names a little more of its width. */
      if (widest > column && ctx->compact)
        column = ctx->area.width * 0.44;
      layout->label_x = area->x;
      layout->label_width = ceil (MIN (widest, column));
      layout->plot.x = area->x + layout->label_width + gap;
    }
  layout->plot.width = MAX (1, area->x + area->width - right_reserve - layout->plot.x);
  layout->pitch = pitch;
  layout->row_height = pitch - layout->label_band;
  /* Few rows: together in the middle of the plot rather than at its top;
   * the plot, its grid and axis keep the height (no empty band above and
   * below them). */
  layout->rows_y = layout->plot.y + floor ((layout->plot.height - pitch * n_rows) / 2);
  layout->axis_top = layout->plot.y + layout->plot.height;
  layout->label_every = layout->stacked ? 1
                        : (guint) MAX (1, ceil (label_h * 1.02 / MAX (layout->row_height, 0.1)));
  if (widest > layout->label_width && labels != NULL && layout->label_width >= ctx->font_px)
    fit_labels (ctx, labels, n_labels, layout->label_width);
  else if (ctx->fitted != NULL)
    g_hash_table_remove_all (ctx->fitted);
}

double
ib_row_center (const IbRowLayout *layout,
               guint              i)
{
  return layout->rows_y + layout->pitch * i + layout->label_band + layout->row_height / 2;
}

void
ib_row_draw_label (IbChartCtx        *ctx,
                   const IbRowLayout *layout,
                   guint              i,
                   const char        *text,
                   const IbRgba      *color)
{
  g_autoptr(PangoLayout) pl = NULL;
  const char *fitted = ctx->fitted != NULL && text != NULL
                       ? g_hash_table_lookup (ctx->fitted, text) : NULL;

  if (i % layout->label_every != 0 || layout->label_width < ctx->font_px)
    return;
  /* Cut by ib_row_layout so that different names stay different; Pango's
   * ellipsis only for a name that was not measured there. */
  pl = ib_chart_layout (ctx, IB_TEXT_LABEL, fitted != NULL ? fitted : text);
  pango_layout_set_width (pl, (int) (layout->label_width * PANGO_SCALE));
  pango_layout_set_ellipsize (pl, PANGO_ELLIPSIZE_MIDDLE);
  if (layout->stacked)
    ib_chart_show_layout (ctx, pl, layout->label_x,
                          layout->rows_y + layout->pitch * i + layout->label_band / 2, 0, 0.5,
                          color);
  else
    {
      pango_layout_set_alignment (pl, PANGO_ALIGN_RIGHT);
      ib_chart_show_layout (ctx, pl, layout->label_x, ib_row_center (layout, i), 0, 0.5, color);
    }
}

void
ib_row_draw_value (IbChartCtx        *ctx,
                   const IbRowLayout *layout,
                   guint              i,
                   PangoLayout       *text,
                   double             x,
                   const IbRgba      *color)
{
  /* Rows thinner than a line of text show every label_every-th value only. */
  if (i % layout->label_every != 0)
    return;
  ib_chart_show_layout (ctx, text, x + ctx->font_px * 0.5, ib_row_center (layout, i), 0, 0.5,
                        color);
}

void
ib_chart_whisker (IbChartCtx *ctx,
                  double      x0,
                  double      x1,
                  double      y,
                  double      cap,
                  gboolean    halo)
{
  cairo_t *cr = ctx->cr;
  double lw = MAX (ib_chart_hairline (ctx), round (ctx->font_px / 9.0));
  IbRgba fg = ib_chart_fg_alpha (ctx, ctx->style->high_contrast ? 1.0 : 0.85);

  if (ctx->query || !(x1 - x0 >= 0.5))
    return;
  x0 = ib_chart_snap_x (ctx, x0, lw);
  x1 = ib_chart_snap_x (ctx, x1, lw);
  y = ib_chart_snap_y (ctx, y, lw);
  cairo_move_to (cr, x0, y);
  cairo_line_to (cr, x1, y);
  cairo_move_to (cr, x0, y - cap / 2);
  cairo_line_to (cr, x0, y + cap / 2);
  cairo_move_to (cr, x1, y - cap / 2);
  cairo_line_to (cr, x1, y + cap / 2);
  /* A halo in the background colour keeps it readable over dots and bars. */
  if (halo)
    {
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_SQUARE);
      cairo_set_line_width (cr, lw + 2 * ib_chart_hairline (ctx));
      ib_chart_set_color (ctx, &ctx->style->background, 0.7);
      cairo_stroke_preserve (cr);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
    }
  cairo_set_line_width (cr, lw);
  ib_chart_set_color (ctx, &fg, 1.0);
  cairo_stroke (cr);
}

double
ib_chart_jitter (const char *id,
                 guint       i)
{
  guint32 h = g_str_hash (id != NULL ? id : "") ^ (i * 2654435761u);

  h ^= h >> 15;
  h *= 0x2c1b3c6du;
  h ^= h >> 12;
  return ((double) (h % 2001) / 1000.0) - 1.0;
}
