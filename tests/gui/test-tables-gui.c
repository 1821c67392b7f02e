/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-tables-gui.c: the window's sweep, overhead and write + delete tables
 * (they were loose labels once, and the app had no sweep table), read
 * as a screen reader meets them: in the accessibility tree each is a table
 * named by its title, each line a row, headers as column headers, names as
 * row headers, and every cell is the table model's cell, the text the CLI
 * and the reports print. At 1280 and at 360 px. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <string.h>

#include <adwaita.h>
#include <gtk/gtk.h>

#include "analysis/ib-tables.h"
#include "gui-common.h"
#include "ib-table-view.h"
#include "ib-test-common.h"
#include "report-fixture.h"
#include "report/ib-report-io.h"
#include "ib-test-writers.h"

#define WAIT_TIMEOUT_S 60    /* a guard against hangs, not a speed test */

static IbApplication *app;

/* The accessible label as set on @widget (GTK's test API answers with the
 * value it holds when it differs from the one asked). */
static char *
accessible_label (GtkWidget *widget)
{
  if (!gtk_test_accessible_has_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL))
    return NULL;
  return gtk_test_accessible_check_property (GTK_ACCESSIBLE (widget),
                                             GTK_ACCESSIBLE_PROPERTY_LABEL,
                                             "\x01 not a label");
}

static GtkWidget *
find_table (IbWindow   *win,
            const char *title)
{
  g_autoptr(GPtrArray) views = g_ptr_array_new ();

  gui_collect (GTK_WIDGET (ib_window_get_results_page (win)), IB_TYPE_TABLE_VIEW, views);
  for (guint i = 0; i < views->len; i++)
    {
      g_autofree char *label = accessible_label (g_ptr_array_index (views, i));

      if (g_strcmp0 (label, title) == 0)
        return g_ptr_array_index (views, i);
    }
  return NULL;
}

/* @view holds @model: a table of rows of header, row-header and cell
 * children, each the model's text ("—" for an empty cell). */
static void
assert_table (GtkWidget     *view,
              const IbTable *model)
{
  guint r = 0;

  g_assert_nonnull (view);
  g_assert_true (gtk_widget_get_mapped (view));
  g_assert_true (gtk_test_accessible_has_role (GTK_ACCESSIBLE (view),
                                               GTK_ACCESSIBLE_ROLE_TABLE));
  for (GtkWidget *row = gtk_widget_get_first_child (view); row != NULL;
       row = gtk_widget_get_next_sibling (row), r++)
    {
      guint c = 0;

      g_assert_true (gtk_test_accessible_has_role (GTK_ACCESSIBLE (row),
                                                   GTK_ACCESSIBLE_ROLE_ROW));
      for (GtkWidget *cell = gtk_widget_get_first_child (row); cell != NULL;
           cell = gtk_widget_get_next_sibling (cell), c++)
        {
          GtkAccessibleRole want = r == 0 ? GTK_ACCESSIBLE_ROLE_COLUMN_HEADER
                                   : c == 0 ? GTK_ACCESSIBLE_ROLE_ROW_HEADER
                                   : GTK_ACCESSIBLE_ROLE_CELL;
          const char *text = r == 0 ? g_ptr_array_index (model->headers, c)
                                    : ib_table_cell (model, r - 1, c);

          g_assert_true (GTK_IS_LABEL (cell));
          g_assert_true (gtk_test_accessible_has_role (GTK_ACCESSIBLE (cell), want));
          g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (cell)), ==,
                           r > 0 && *text == '\0' ? "—" : text);
        }
      g_assert_cmpuint (c, ==, model->headers->len);
    }
  g_assert_cmpuint (r, ==, model->rows->len + 1);
}

static void
check_width (int width)
{
  g_autofree char *dir = ib_test_make_tmpdir ("iobench-tables-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "tables.json", NULL);
  g_autoptr(IbReport) fixture = fx_report_new (40);
  g_autoptr(IbReport) report = NULL;
  g_autoptr(IbTable) overhead = NULL;
  g_autoptr(IbTable) sweep = NULL;
  g_autoptr(IbTable) wu = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;
  IbWindow *win;
  GtkWidget *view;
  gint64 end;

  /* a dispatch of 1.48 ns: the window says 1.48 ns, as the chart does */
  g_array_index (fixture->overhead, IbOverheadRow, 0).ns_per_op = 1.48;
  g_assert_true (ib_test_save_json (fixture, path, &error));
  g_assert_no_error (error);
  report = ib_report_load_json (path, &error);
  g_assert_no_error (error);
  overhead = ib_table_overhead (report);
  sweep = ib_table_sweep (report);
  wu = ib_table_write_unlink (report);

  win = gui_new_window (app, width, 900, 200);
  file = g_file_new_for_path (path);
  ib_window_open_file (win, file);
  end = g_get_monotonic_time () + WAIT_TIMEOUT_S * G_USEC_PER_SEC;
  while (find_table (win, "Dispatch overhead") == NULL && g_get_monotonic_time () < end)
    ib_test_spin (20);
  ib_test_spin (200);

  view = find_table (win, "Dispatch overhead");
  assert_table (view, overhead);
  g_assert_cmpstr (gtk_label_get_text (ib_table_view_get_cell (IB_TABLE_VIEW (view), 1, 2)),
                   ==, "1.48 ns");
  assert_table (find_table (win, "Sweep"), sweep);
  assert_table (find_table (win, "Write + delete"), wu);

  gui_destroy_window (win);
  ib_test_remove_tree (dir);
}

static void
test_tables_wide (void)
{
  check_width (1280);
}

static void
test_tables_narrow (void)
{
  check_width (360);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *home = NULL;

  app = gui_test_init (&argc, &argv, &home);

  g_test_add_func ("/gui/tables/wide", test_tables_wide);
  g_test_add_func ("/gui/tables/narrow", test_tables_narrow);

  return gui_test_run (&app, home);
}
