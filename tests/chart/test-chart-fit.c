/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-chart-fit: a chart's picture holds what it shows and nothing else.
 * Exported as tall as its content (ib_chart_fit_height), a chart of 1, 3 or
 * 14 rows has no band of background taller than FIXTURE_BAND_MAX px, read back from
 * the PNG row by row; and the tick labels of every kind's axes, laid out at
 * 1x and 2x, never overlap each other or another text, nor leave the
 * picture. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "chart-fixtures.h"
#include "chart/ib-chart-private.h"
#include "ib-test-common.h"

/* @request exported as a PNG as tall as its content: its tallest band of
 * background, logged with its size. */
static int
exported_band (IbChartRequest *request,
               const char     *what)
{
  /* IOBENCH_TEST_SHOTS=DIR keeps the pictures there, to look at */
  const char      *keep = g_getenv ("IOBENCH_TEST_SHOTS");
  g_autofree char *dir = keep != NULL ? g_strdup (keep) : ib_test_make_tmpdir ("iobench-fit-XXXXXX");
  g_autofree char *name = g_strdup_printf ("%s-%g.png", what, request->width);
  g_autofree char *path = NULL;
  g_autoptr (GError) error = NULL;
  int band, height = 0;

  g_strdelimit (name, " ", '-');
  path = g_build_filename (dir, name, NULL);
  request->height = ib_chart_fit_height (request);
  g_assert_true (ib_chart_export (request, ib_chart_format_lookup ("png"), path, 1, &error));
  g_assert_no_error (error);
  band = fixture_tallest_band (path, &request->style->background, 0, &height);
  g_test_message ("%s at %g px wide: %d px tall, tallest empty band %d px", what,
                  request->width, height, band);
  g_assert_cmpint (height, ==, (int) request->height);
  if (keep == NULL)
    ib_test_remove_tree (dir);
  return band;
}

/* The comparison of 1, 3 and 14 rows (each part it draws), at the export
 * widths: no empty band. */
static void
test_compare_no_bands (void)
{
  static const guint  n_rows[] = { 1, 3, 14 };
  static const double widths[] = { 1280, 1920, 800 };

  for (guint n = 0; n < G_N_ELEMENTS (n_rows); n++)
    for (guint w = 0; w < G_N_ELEMENTS (widths); w++)
      {
        g_autoptr (IbReport) a = fixture_many (n_rows[n]);
        g_autoptr (IbReport) b = fixture_many (n_rows[n]);
        g_autoptr (IbComparison) pair = ib_test_comparison (a, b);
        g_autofree char *what = g_strdup_printf ("compare of %u rows", n_rows[n]);
        IbChartStyle     style;
        IbChartRequest   request = { ib_chart_kind_lookup ("compare"), NULL, pair, &style,
                                     widths[w], 720 };

        fixture_style (&style, FALSE);
        g_assert_cmpint (exported_band (&request, what), <=, FIXTURE_BAND_MAX);
      }
}

/* Every kind with rows, of 1, 3 and 14 strategies: no empty band. */
static void
test_row_kinds_no_bands (void)
{
  static const guint n_rows[] = { 1, 3, 14 };

  for (guint k = 0; k < ib_chart_n_kinds (); k++)
    for (guint n = 0; n < G_N_ELEMENTS (n_rows); n++)
      {
        const IbChartKindInfo *kind = ib_chart_kind_nth (k);
        g_autoptr (IbReport) report = fixture_many (n_rows[n]);
        g_autoptr (IbComparison) pair = ib_test_comparison (report, report);
        g_autofree char *what = g_strdup_printf ("%s of %u rows", kind->id, n_rows[n]);
        IbChartStyle     style;
        IbChartRequest   request = { kind, report, pair, &style, 1280, 720 };

        if (kind->rows == NULL || !ib_chart_has_data (kind, report, pair))
          continue;
        fixture_style (&style, FALSE);
        g_assert_cmpint (exported_band (&request, what), <=, FIXTURE_BAND_MAX);
      }
}

/* A chart without rows keeps the height asked for. */
static void
test_fixed_kinds_keep_height (void)
{
  g_autoptr (IbReport) full = fixture_full ();
  g_autoptr (IbReport) other = fixture_other ();
  g_autoptr (IbComparison) pair = ib_test_comparison (full, other);
  IbChartStyle style;

  fixture_style (&style, FALSE);
  for (guint k = 0; k < ib_chart_n_kinds (); k++)
    {
      const IbChartKindInfo *kind = ib_chart_kind_nth (k);
      IbChartRequest         request = { kind, full, pair, &style, 1280, 720 };
      int                    fit = ib_chart_fit_height (&request);

      g_test_message ("%s: %d px tall at 1280", kind->id, fit);
      if (kind->rows == NULL && !kind->two_runs)
        g_assert_cmpint (fit, ==, 720);
      else
        g_assert_cmpint (fit, >=, 300);
    }
}

/* ---- tick labels ---------------------------------------------------------- */

static gboolean
apart (const IbRect *a,
       const IbRect *b,
       double        gap)
{
  return a->x + a->width + gap <= b->x || b->x + b->width + gap <= a->x || a->y + a->height <= b->y + 1 || b->y + b->height <= a->y + 1;
}

/* The texts of @request drawn at @scale device pixels per unit. */
static GPtrArray *
texts_at (const IbChartRequest *request,
          double                scale)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                                         (int) ceil (request->width * scale),
                                                         (int) ceil (request->height * scale));
  cairo_t         *cr = cairo_create (surface);
  GPtrArray       *texts;

  cairo_scale (cr, scale, scale);
  texts = ib_chart_draw_texts (cr, request);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return texts;
}

/* The tick labels of @request at @scale: whole, inside the picture, a
 * quarter of their height apart from each other and clear of every other
 * text. Returns the number of tick labels. */
static guint
check_ticks (const IbChartRequest *request,
             double                scale,
             const char           *what,
             GPtrArray            *failures)
{
  g_autoptr (GPtrArray) texts = texts_at (request, scale);
  guint n_ticks = 0;

  for (guint i = 0; i < texts->len; i++)
    {
      const IbChartText *t = g_ptr_array_index (texts, i);

      if (!t->tick)
        continue;
      n_ticks++;
      if (t->ellipsized || t->rect.x < 0 || t->rect.y < 0 || t->rect.x + t->rect.width > request->width + 0.5 || t->rect.y + t->rect.height > request->height + 0.5)
        g_ptr_array_add (failures, g_strdup_printf ("%s at %gx: tick “%s” cut at the edge (%g,%g %gx%g in %gx%g)", what, scale,
                                                    t->text, t->rect.x, t->rect.y, t->rect.width, t->rect.height, request->width,
                                                    request->height));
      for (guint j = 0; j < texts->len; j++)
        {
          const IbChartText *o = g_ptr_array_index (texts, j);
          double             gap = o->tick ? t->rect.height * 0.25 : 0;

          if (j == i || (o->tick && j < i))
            continue;
          if (!apart (&t->rect, &o->rect, gap))
            g_ptr_array_add (failures, g_strdup_printf ("%s at %gx: tick “%s” (x %g-%g, y %g) crowds “%s” (x %g-%g, y %g)", what,
                                                        scale, t->text, t->rect.x, t->rect.x + t->rect.width, t->rect.y, o->text,
                                                        o->rect.x, o->rect.x + o->rect.width, o->rect.y));
        }
    }
  return n_ticks;
}

/* With IOBENCH_TEST_SHOTS=DIR, @request at 800 px as DIR/WHAT.png, to
 * look at. */
static void
shoot (const IbChartRequest *request,
       double                scale,
       const char           *what)
{
  const char      *dir = g_getenv ("IOBENCH_TEST_SHOTS");
  g_autofree char *name = g_strdup_printf ("%s-%gx.png", what, scale);
  g_autofree char *path = NULL;

  if (dir == NULL || request->width != 800)
    return;
  g_strdelimit (name, " ,", '-');
  path = g_build_filename (dir, name, NULL);
  g_assert_true (ib_chart_export (request, ib_chart_format_lookup ("png"), path, scale, NULL));
}

/* Every failure logged, the first few as the error. */
static void
assert_none (GPtrArray *failures)
{
  g_autoptr (GString) first = g_string_new (NULL);

  for (guint i = 0; i < failures->len; i++)
    {
      g_test_message ("%s", (char *) g_ptr_array_index (failures, i));
      if (i < 5)
        g_string_append_printf (first, "\n%s", (char *) g_ptr_array_index (failures, i));
    }
  if (failures->len > 0)
    g_error ("%u tick labels crowd or are cut:%s", failures->len, first->str);
}

/* The full fixture with dispatch costs from 2 ns to 1.9 ms, as a busy
 * machine's main loop measured them: an overhead axis ending in ms. */
static IbReport *
slow_overhead (void)
{
  static const double ns[] = { 2.1, 4.1e5, 1.2e6, 1.9e6, 1.5e6 };
  IbReport           *report = fixture_full ();

  for (guint i = 0; i < report->overhead->len && i < G_N_ELEMENTS (ns); i++)
    {
      IbOverheadRow *row = &g_array_index (report->overhead, IbOverheadRow, i);

      row->ns_per_op = ns[i];
      row->ci_low_ns = ns[i] * 0.96;
      row->ci_high_ns = ns[i] * 1.05;
      row->ratio_to_direct = ns[i] / ns[0];
    }
  return report;
}

typedef struct
{
  const char *name;
  IbReport   *report;
} Fixture;

/* Every kind of the table, of every fixture, linear and log, at the widths
 * of a narrow window, a report and the exports, at 1x and 2x. */
static void
test_tick_labels (void)
{
  static const double widths[] = { 360, 480, 640, 800, 960, 1280, 1920 };
  static const double scales[] = { 1, 2 };
  Fixture             fixtures[] = {
                { "full", fixture_full () },
                { "wide", fixture_wide_range () },
                { "one", fixture_one_strategy () },
                { "many", fixture_many (14) },
                { "every", fixture_every_strategy () },
                { "single", fixture_single_sample () },
                { "slow-overhead", slow_overhead () },
  };
  g_autoptr (IbReport) other = fixture_other ();
  g_autoptr (GPtrArray) failures = g_ptr_array_new_with_free_func (g_free);
  guint n_ticks = 0;

  for (guint f = 0; f < G_N_ELEMENTS (fixtures); f++)
    {
      g_autoptr (IbComparison) pair = ib_test_comparison (fixtures[f].report,
                                                          f == 0 ? other : fixtures[f].report);

      for (guint k = 0; k < ib_chart_n_kinds (); k++)
        for (guint w = 0; w < G_N_ELEMENTS (widths); w++)
          for (guint log = 0; log < 2; log++)
            for (guint s = 0; s < G_N_ELEMENTS (scales); s++)
              {
                const IbChartKindInfo *kind = ib_chart_kind_nth (k);
                g_autofree char       *what = g_strdup_printf ("%s of %s%s at %g", kind->id,
                                                               fixtures[f].name, log ? ", log" : "",
                                                               widths[w]);
                IbChartStyle           style;
                IbChartRequest         request = { kind, fixtures[f].report, pair, &style, widths[w],
                                                   round (widths[w] * 9 / 16) };

                fixture_style (&style, FALSE);
                style.log_scale = log;
                request.height = ib_chart_fit_height (&request);
                n_ticks += check_ticks (&request, scales[s], what, failures);
                shoot (&request, scales[s], what);
              }
    }
  g_test_message ("%u tick labels checked", n_ticks);
  assert_none (failures);
  /* the check looked at tick labels of every kind, not at none */
  g_assert_cmpuint (n_ticks, >, 1000);
  for (guint f = 0; f < G_N_ELEMENTS (fixtures); f++)
    ib_report_unref (fixtures[f].report);
}

/* Each kind of rows draws tick labels the check sees. */
static void
test_every_axis_kind_has_ticks (void)
{
  g_autoptr (IbReport) full = fixture_full ();
  g_autoptr (IbReport) other = fixture_other ();
  g_autoptr (IbComparison) pair = ib_test_comparison (full, other);
  g_autoptr (GPtrArray) failures = g_ptr_array_new_with_free_func (g_free);
  IbChartStyle style;

  fixture_style (&style, FALSE);
  for (guint k = 0; k < ib_chart_n_kinds (); k++)
    {
      const IbChartKindInfo *kind = ib_chart_kind_nth (k);
      IbChartRequest         request = { kind, full, pair, &style, 1280, 720 };
      guint                  n = check_ticks (&request, 1, kind->id, failures);

      g_test_message ("%s: %u tick labels", kind->id, n);
      /* a chart of rows has a value axis (the map labels its cells) */
      if (kind->rows != NULL || kind->two_runs)
        g_assert_cmpuint (n, >=, 2);
    }
  assert_none (failures);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/chart/fit/compare-no-bands", test_compare_no_bands);
  g_test_add_func ("/chart/fit/row-kinds-no-bands", test_row_kinds_no_bands);
  g_test_add_func ("/chart/fit/fixed-kinds-keep-height", test_fixed_kinds_keep_height);
  g_test_add_func ("/chart/ticks/every-kind-has-ticks", test_every_axis_kind_has_ticks);
  g_test_add_func ("/chart/ticks/apart", test_tick_labels);
  return g_test_run ();
}
