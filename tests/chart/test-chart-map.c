/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-chart-map: each file count's label on the map's left sits in the
 * middle of its row's band, not on a boundary between two bands: the
 * chart's own hit test (the tooltip under a point) finds the same half of
 * the first cell at the label's top, middle and bottom edge. With the two
 * lines of a cell stacked (serial above, parallel below) the label sat on
 * the line between them, and its top and bottom met different halves. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <locale.h>
#include <string.h>

#include "chart-fixtures.h"
#include "chart/ib-chart-private.h"
#include "map-fixture.h"

#define WIDTH  960
#define HEIGHT 600

static const IbChartText *
find_text (GPtrArray  *texts,
           const char *text)
{
  for (guint i = 0; i < texts->len; i++)
    {
      const IbChartText *t = g_ptr_array_index (texts, i);

      if (g_strcmp0 (t->text, text) == 0)
        return t;
    }
  return NULL;
}

static void
test_count_labels (void)
{
  g_autoptr(IbReport) report = fx_map_report_new ();
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
  cairo_t *cr = cairo_create (surface);
  IbChartStyle style;
  IbChartRequest request;
  g_autoptr(GPtrArray) texts = NULL;
  static const char *const counts[] = { "1", "16" };

  fixture_style (&style, FALSE);
  request = (IbChartRequest) { ib_chart_kind_lookup ("map"), report, NULL, &style, WIDTH, HEIGHT };
  texts = ib_chart_draw_texts (cr, &request);
  for (guint i = 0; i < G_N_ELEMENTS (counts); i++)
    {
      const IbChartText *label = find_text (texts, counts[i]);
      double x, ys[3];
      g_autofree char *mid = NULL;

      if (label == NULL)
        g_error ("no count label “%s” drawn", counts[i]);
      /* into the first cell, right of the label and its gap */
      x = label->rect.x + label->rect.width + 20;
      ys[0] = label->rect.y + 1;
      ys[1] = label->rect.y + label->rect.height / 2;
      ys[2] = label->rect.y + label->rect.height - 1;
      mid = ib_chart_query_tooltip (&request, x, ys[1]);
      g_assert_nonnull (mid);
      g_assert_nonnull (strstr (mid, counts[i][1] == '\0' ? "x 1 file" : "x 16 files"));
      for (guint k = 0; k < G_N_ELEMENTS (ys); k += 2)
        {
          g_autofree char *edge = ib_chart_query_tooltip (&request, x, ys[k]);

          if (g_strcmp0 (edge, mid) != 0)
            g_error ("the label “%s” straddles two bands: “%s” at y %.0f, “%s” at y %.0f",
                     counts[i], edge, ys[k], mid, ys[1]);
        }
    }
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/chart-map/count-labels", test_count_labels);
  return g_test_run ();
}
