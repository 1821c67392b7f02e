/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-chart-controls-gui.c: a chart's controls say what the chart shows
 *. Under Xvfb, on the comparison page: the log switch is on
 * whenever the chart is drawn on a log axis (dispatch overhead and sweeps
 * always are), and comes back as the user left it on a part where it
 * chooses; the chart's caption says "log scale" exactly when the switch is
 * on. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <string.h>

#include <adwaita.h>
#include <gtk/gtk.h>

#include "chart-fixtures.h"
#include "chart/ib-chart-private.h"
#include "gui-common.h"
#include "ib-chart-view.h"
#include "ib-history-page.h"
#include "ib-test-common.h"

#define WAIT_TIMEOUT_S 60    /* a guard against hangs, not a speed test */

static IbApplication *app;

/* A switch clicked slides over before it says it is on. */
static gboolean
switch_is_on (gpointer data)
{
  return gtk_switch_get_active (data);
}

static gboolean
switch_is_off (gpointer data)
{
  return !gtk_switch_get_active (data);
}

/* Whether the chart @view draws, as drawn with its own style, says it is on
 * a log axis. */
static gboolean
chart_is_log (IbChartView        *view,
              const IbComparison *pair)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1000, 700);
  cairo_t *cr = cairo_create (surface);
  g_autoptr(GPtrArray) texts = NULL;
  IbChartStyle style;
  gboolean log = FALSE;

  ib_chart_view_get_style (view, &style);
  texts = ib_chart_draw_texts (cr, &(IbChartRequest) { ib_chart_kind_lookup ("compare"), NULL, pair, &style, 1000, 700 });
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  for (guint i = 0; i < texts->len; i++)
    log |= strstr (((IbChartText *) g_ptr_array_index (texts, i))->text, "log scale") != NULL;
  return log;
}

static void
test_compare_log_switch (void)
{
  g_autoptr(IbReport) a = fixture_full ();
  g_autoptr(IbReport) b = fixture_other ();
  g_autoptr(IbComparison) pair = ib_test_comparison (a, b);
  g_autoptr(GPtrArray) switches = g_ptr_array_new ();
  g_autoptr(GPtrArray) views = g_ptr_array_new ();
  IbWindow *win = gui_new_window (app, 1280, 900, 200);
  IbHistoryPage *history;
  IbChartView *view = NULL;
  gboolean comparing;
  GtkSwitch *log_switch;
  static const IbCompareChart walk[] = {
    IB_COMPARE_CHART_READS, IB_COMPARE_CHART_OVERHEAD, IB_COMPARE_CHART_READS,
    IB_COMPARE_CHART_SWEEP, IB_COMPARE_CHART_WRITE_UNLINK,
  };

  history = ib_window_get_history_page (win);
  g_action_group_change_action_state (G_ACTION_GROUP (win), "show-history",
                                      g_variant_new_boolean (TRUE));
  ib_test_spin (200);
  g_object_get (history, "comparing", &comparing, NULL);
  g_assert_false (comparing);
  ib_history_page_compare (history, a, b);
  ib_test_spin (300);
  g_object_get (history, "comparing", &comparing, NULL);
  g_assert_true (comparing);

  gui_collect (GTK_WIDGET (history), GTK_TYPE_SWITCH, switches);
  g_assert_cmpuint (switches->len, ==, 1);
  log_switch = g_ptr_array_index (switches, 0);
  gui_collect (GTK_WIDGET (history), IB_TYPE_CHART_VIEW, views);
  for (guint i = 0; i < views->len; i++)
    if (ib_chart_view_get_kind (g_ptr_array_index (views, i))->two_runs)
      view = g_ptr_array_index (views, i);
  g_assert_nonnull (view);

  /* Twice through the parts: first with the switch as it starts (off),
   * then after the user turned it on for the reads. */
  for (int pass = 0; pass < 2; pass++)
    for (guint i = 0; i < G_N_ELEMENTS (walk); i++)
      {
        gboolean always = walk[i] == IB_COMPARE_CHART_OVERHEAD
                          || walk[i] == IB_COMPARE_CHART_SWEEP;
        gboolean on, log;

        g_assert_true (ib_history_page_set_chart_part (history, walk[i]));
        ib_test_spin (100);
        on = gtk_switch_get_active (log_switch);
        log = chart_is_log (view, pair);
        g_test_message ("pass %d, part %d: switch %s, chart %s", pass, walk[i],
                        on ? "on" : "off", log ? "log" : "linear");
        /* The switch and the chart agree... */
        g_assert_true (on == log);
        /* ... the always-log parts show it on, and cannot be turned off ... */
        g_assert_true (on == (always || pass == 1));
        g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (log_switch)) == !always);
        /* ... and the user's choice is what the export uses. */
        g_assert_true (ib_history_page_get_log_scale (history) == (pass == 1));
        if (pass == 0 && i == 0)
          {
            /* Turned on, as a click does (so on the next pass). */
            g_assert_true (gtk_widget_activate (GTK_WIDGET (log_switch)));
            g_assert_true (ib_test_wait_until (switch_is_on, log_switch, WAIT_TIMEOUT_S));
            g_assert_true (chart_is_log (view, pair));
            g_assert_true (gtk_widget_activate (GTK_WIDGET (log_switch)));
            g_assert_true (ib_test_wait_until (switch_is_off, log_switch, WAIT_TIMEOUT_S));
          }
        if (pass == 0 && i == G_N_ELEMENTS (walk) - 1)
          {
            g_assert_true (ib_history_page_set_chart_part (history, IB_COMPARE_CHART_READS));
            ib_test_spin (100);
            g_assert_true (gtk_widget_activate (GTK_WIDGET (log_switch)));
            g_assert_true (ib_test_wait_until (switch_is_on, log_switch, WAIT_TIMEOUT_S));
          }
      }

  gui_destroy_window (win);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *home = NULL;

  app = gui_test_init (&argc, &argv, &home);

  g_test_add_func ("/gui/chart-controls/compare-log-switch", test_compare_log_switch);

  return gui_test_run (&app, home);
}
