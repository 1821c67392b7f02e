/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-chart-narrow-gui.c: the results page of a 360 px window: the log-scale switch sits below the chart, not over its title, and
 * the chart is tall enough for every strategy's name on a line of its own,
 * whole, with its legend. Under Xvfb. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "chart-fixtures.h"
#include "chart/ib-chart-private.h"
#include "engine/io/ib-strategy.h"
#include "ib-application.h"
#include "ib-chart-view.h"
#include "ib-window.h"
#include "report/ib-report-io.h"
#include "gui-common.h"
#include "ib-test-common.h"
#include "ib-test-writers.h"

#define WAIT_TIMEOUT_S 40    /* a guard against hangs, not a speed test */

static IbApplication *app;

static gboolean
report_shown (IbWindow *win)
{
  return ib_results_page_get_n_stats_rows (ib_window_get_results_page (win)) > 0;
}

static void
bounds_in_window (GtkWidget       *widget,
                  GtkWidget       *window,
                  graphene_rect_t *rect)
{
  g_assert_true (gtk_widget_compute_bounds (widget, window, rect));
}

static void
test_narrow_results (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(IbReport) report = fixture_every_strategy ();
  g_autofree char *dir = ib_test_make_tmpdir ("iobench-narrow-gui-XXXXXX");
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GPtrArray) texts = NULL;
  IbWindow *win;
  GtkWidget *results, *view, *log_switch;
  graphene_rect_t vb, sb;
  cairo_surface_t *surface;
  cairo_t *cr;
  IbChartStyle style;
  guint whole = 0, n_titles = report->statistics->len;
  gint64 end;

  g_assert_no_error (error);
  path = g_build_filename (dir, "every-strategy.json", NULL);
  g_assert_true (ib_test_save_json (report, path, &error));
  g_assert_no_error (error);
  /* It loads as the window will load it. */
  {
    g_autoptr(IbReport) back = ib_report_load_json (path, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (back->statistics->len, ==, report->statistics->len);
  }

  win = gui_new_window (app, 360, 900, 200);
  file = g_file_new_for_path (path);
  ib_window_open_file (win, file);
  end = g_get_monotonic_time () + WAIT_TIMEOUT_S * G_USEC_PER_SEC;
  while (!report_shown (win) && g_get_monotonic_time () < end)
    ib_test_spin (20);
  g_assert_true (report_shown (win));
  ib_test_spin (300);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (win)), <=, 400);

  results = GTK_WIDGET (ib_window_get_results_page (win));
  view = gui_find_mapped (results, IB_TYPE_CHART_VIEW);
  log_switch = gui_find_mapped (results, GTK_TYPE_SWITCH);
  g_assert_nonnull (view);
  g_assert_nonnull (log_switch);
  bounds_in_window (view, GTK_WIDGET (win), &vb);
  bounds_in_window (log_switch, GTK_WIDGET (win), &sb);
  g_test_message ("chart %.0f,%.0f %.0f x %.0f; switch %.0f,%.0f %.0f x %.0f",
                  vb.origin.x, vb.origin.y, vb.size.width, vb.size.height,
                  sb.origin.x, sb.origin.y, sb.size.width, sb.size.height);
  /* The switch is below the chart (its title is at the chart's top). */
  g_assert_false (graphene_rect_intersection (&vb, &sb, NULL));
  g_assert_cmpfloat (sb.origin.y, >=, vb.origin.y + vb.size.height);

  /* What the view draws at its size: every name whole, one a line, and the
   * legend. The renderer is the view's: the same style but for colours. */
  g_assert_cmpint (gtk_widget_get_width (view), <, 560);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, gtk_widget_get_width (view),
                                        gtk_widget_get_height (view));
  cr = cairo_create (surface);
  ib_chart_view_get_style (IB_CHART_VIEW (view), &style);
  texts = ib_chart_draw_texts (cr, &(IbChartRequest) { ib_chart_view_get_kind (IB_CHART_VIEW (view)), report, NULL, &style, gtk_widget_get_width (view), gtk_widget_get_height (view) });
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  for (guint j = 0; j < n_titles; j++)
    {
      const char *title = ib_strategy_title (g_array_index (report->statistics, IbStats,
                                                            j).strategy);

      for (guint i = 0; i < texts->len; i++)
        if (g_str_equal (((IbChartText *) g_ptr_array_index (texts, i))->text, title))
          {
            whole++;
            break;
          }
    }
  g_test_message ("%u of %u names whole at %d x %d", whole, n_titles,
                  gtk_widget_get_width (view), gtk_widget_get_height (view));
  g_assert_cmpuint (whole, ==, n_titles);
  {
    gboolean legend = FALSE;

    for (guint i = 0; i < texts->len; i++)
      legend |= g_str_equal (((IbChartText *) g_ptr_array_index (texts, i))->text,
                             ib_chart_family_name (IB_CHART_FAMILY_THREAD));
    g_assert_true (legend);
  }

  gui_destroy_window (win);
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *home = NULL;

  app = gui_test_init (&argc, &argv, &home);

  g_test_add_func ("/gui/chart-narrow", test_narrow_results);

  return gui_test_run (&app, home);
}
