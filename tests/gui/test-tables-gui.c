/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-tables-gui.c: the window's sweep, overhead and write + delete tables
 * (they were loose labels once, and the app had no sweep table) and the
 * comparison page's lists of the comparison's tables, read
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

static GtkWidget *
find_table (IbWindow   *win,
            const char *title)
{
  g_autoptr(GPtrArray) views = g_ptr_array_new ();

  gui_collect (GTK_WIDGET (ib_window_get_results_page (win)), IB_TYPE_TABLE_VIEW, views);
  for (guint i = 0; i < views->len; i++)
    {
      g_autofree char *label =
        gui_accessible_property (g_ptr_array_index (views, i), GTK_ACCESSIBLE_PROPERTY_LABEL);

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

/* The labels under @widget (depth first) that have @role. */
static void
collect_role (GtkWidget         *widget,
              GtkAccessibleRole  role,
              GPtrArray         *out)
{
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    {
      if (GTK_IS_LABEL (c) && gtk_test_accessible_has_role (GTK_ACCESSIBLE (c), role))
        g_ptr_array_add (out, (gpointer) gtk_label_get_text (GTK_LABEL (c)));
      collect_role (c, role, out);
    }
}

static const char *
shown (const char *text)
{
  return *text != '\0' ? text : "—";
}

/* @list holds @model's rows: a table of rows, each its name as the row
 * header, then its sentences and numbers as cells, each the model's text,
 * each number under its column's header. */
static void
assert_list (GtkWidget     *list,
             const IbTable *model)
{
  guint r = 0;

  g_assert_nonnull (list);
  g_assert_true (gtk_widget_get_mapped (list));
  g_assert_true (gtk_test_accessible_has_role (GTK_ACCESSIBLE (list), GTK_ACCESSIBLE_ROLE_TABLE));
  for (GtkWidget *row = gtk_widget_get_first_child (list); row != NULL;
       row = gtk_widget_get_next_sibling (row), r++)
    {
      g_autoptr(GPtrArray) names = g_ptr_array_new ();
      g_autoptr(GPtrArray) cells = g_ptr_array_new ();
      g_autoptr(GPtrArray) want = g_ptr_array_new ();
      g_autoptr(GPtrArray) captions = g_ptr_array_new ();
      g_autoptr(GPtrArray) want_captions = g_ptr_array_new ();

      g_assert_true (gtk_test_accessible_has_role (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_ROLE_ROW));
      collect_role (row, GTK_ACCESSIBLE_ROLE_ROW_HEADER, names);
      collect_role (row, GTK_ACCESSIBLE_ROLE_CELL, cells);
      collect_role (row, GTK_ACCESSIBLE_ROLE_LABEL, captions);
      g_assert_cmpuint (names->len, ==, 1);
      g_assert_cmpstr (g_ptr_array_index (names, 0), ==, ib_table_cell (model, r, 0));
      /* the sentences first, then the numbers */
      for (guint pass = 0; pass < 2; pass++)
        for (guint c = 1; c < model->headers->len; c++)
          if (ib_table_column_prose (model, c) == (pass == 0))
            {
              g_ptr_array_add (want, (gpointer) shown (ib_table_cell (model, r, c)));
              if (pass == 1)
                g_ptr_array_add (want_captions, g_ptr_array_index (model->headers, c));
            }
      g_assert_cmpuint (cells->len, ==, want->len);
      for (guint i = 0; i < want->len; i++)
        g_assert_cmpstr (g_ptr_array_index (cells, i), ==, g_ptr_array_index (want, i));
      g_assert_cmpuint (captions->len, ==, want_captions->len);
      for (guint i = 0; i < want_captions->len; i++)
        g_assert_cmpstr (g_ptr_array_index (captions, i), ==, g_ptr_array_index (want_captions, i));
    }
  g_assert_cmpuint (r, ==, model->rows->len);
  g_assert_cmpuint (ib_table_view_get_n_rows (IB_TABLE_VIEW (list)), ==, model->rows->len);
}

/* The list of the comparison's table titled @title. */
static GtkWidget *
find_list (GtkWidget  *page,
           const char *title)
{
  g_autoptr(GPtrArray) lists = g_ptr_array_new ();

  gui_collect (page, IB_TYPE_TABLE_VIEW, lists);
  for (guint i = 0; i < lists->len; i++)
    {
      g_autofree char *label =
        gui_accessible_property (g_ptr_array_index (lists, i), GTK_ACCESSIBLE_PROPERTY_LABEL);

      if (g_strcmp0 (label, title) == 0)
        return g_ptr_array_index (lists, i);
    }
  return NULL;
}

/* The comparison page: each section the rows of the comparison's table
 * (what the CLI's compare and the reports print), fitting the window. */
static void
check_compare (int width)
{
  g_autoptr(IbReport) a = fx_report_new (40);
  g_autoptr(IbReport) b = fx_report_new (10);
  IbWindow *win = gui_new_window (app, width, 900, 200);
  IbHistoryPage *history = ib_window_get_history_page (win);
  IbComparison *comparison;
  guint n_rows = 0, n_sections = 0;
  int min = 0;

  g_action_group_change_action_state (G_ACTION_GROUP (win), "show-history",
                                      g_variant_new_boolean (TRUE));
  ib_history_page_compare (history, a, b);
  ib_test_spin (300);
  comparison = ib_history_page_get_comparison (history);
  g_assert_nonnull (comparison);
  for (int s = 0; s < IB_N_COMPARE_SECTIONS; s++)
    {
      g_autoptr(IbTable) model = ib_table_comparison (comparison, "A", "B", (IbCompareSection) s);

      if (model->rows->len == 0)
        continue;
      assert_list (find_list (GTK_WIDGET (history), model->title), model);
      n_rows += model->rows->len;
      n_sections++;
    }
  /* the fixture has reads, a sweep, dispatch overhead and write + delete */
  g_assert_cmpuint (n_sections, ==, IB_N_COMPARE_SECTIONS);
  g_assert_cmpuint (ib_history_page_get_n_ratio_rows (history), ==, n_rows);
  gtk_widget_measure (GTK_WIDGET (history), GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL,
                      NULL);
  g_assert_cmpint (min, <=, width);
  gui_destroy_window (win);
}

static void
test_compare_wide (void)
{
  check_compare (1280);
}

static void
test_compare_narrow (void)
{
  check_compare (360);
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
  g_test_add_func ("/gui/tables/compare-wide", test_compare_wide);
  g_test_add_func ("/gui/tables/compare-narrow", test_compare_narrow);

  return gui_test_run (&app, home);
}
