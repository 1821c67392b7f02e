/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-window-keys-gui.c: the window as a keyboard user and a reader of its
 * files meet it: Shift+Tab from the history list reaches Compare; a run
 * opened from the history shows its warnings as sentences, none selected;
 * the results page opens at its top at 360 px in dark mode; an export's
 * proposed name says its chart and size; an SVG export is sized in px. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <string.h>

#include <gtk/gtk.h>

#include "gui-common.h"
#include "ib-export.h"
#include "ib-history-page.h"
#include "ib-results-page.h"
#include "ib-test-common.h"
#include "report-fixture.h"

#define WAIT_TIMEOUT_S 120   /* a guard against hangs, not a speed test */

static IbApplication *app;

/* Two fixture runs saved to the history (each with the fixture's two
 * warnings), and the history shown as Ctrl+H shows it. */
static IbHistoryPage *
show_history_of_two (IbWindow *win)
{
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(IbReport) report = fx_report_new (40 + i);

      g_free (gui_save_to_history (report));
    }
  ib_history_page_reload (ib_window_get_history_page (win));
  return gui_show_history (win, 2);
}

/* Shift+Tab from the history list goes to the enabled Compare button above
 * it, as Tab from Compare goes into the list. */
static void
test_history_shift_tab (void)
{
  IbWindow *win = gui_new_window (app, 1280, 900, 300);
  IbHistoryPage *history = show_history_of_two (win);
  GtkWidget *list = gui_find_mapped (GTK_WIDGET (history), GTK_TYPE_LIST_BOX);
  GtkWidget *compare = gui_find_button (GTK_WIDGET (history), "Co_mpare");
  g_autoptr(GPtrArray) checks = g_ptr_array_new ();
  GtkWidget *focus;

  g_assert_nonnull (list);
  g_assert_nonnull (compare);
  gui_collect (list, GTK_TYPE_CHECK_BUTTON, checks);
  g_assert_cmpuint (checks->len, >=, 2);
  /* two runs checked: Compare is on */
  for (guint i = 0; i < 2; i++)
    gtk_check_button_set_active (g_ptr_array_index (checks, i), TRUE);
  ib_test_spin (50);
  g_assert_true (gtk_widget_is_sensitive (compare));

  /* from each row and its check button, back until the list is left */
  for (guint start = 0; start < 2 * checks->len; start++)
    {
      GtkWidget *check = g_ptr_array_index (checks, start / 2);
      GtkWidget *row = gtk_widget_get_ancestor (check, GTK_TYPE_LIST_BOX_ROW);

      g_assert_true (gtk_widget_grab_focus (start % 2 == 0 ? check : row));
      for (guint presses = 0; presses < 8; presses++)
        {
          g_signal_emit_by_name (win, "move-focus", GTK_DIR_TAB_BACKWARD);
          focus = gtk_root_get_focus (GTK_ROOT (win));
          g_test_message ("Shift+Tab %u from row %u's %s: %s", presses + 1, start / 2,
                          start % 2 == 0 ? "check button" : "row",
                          focus != NULL ? G_OBJECT_TYPE_NAME (focus) : "nothing");
          if (focus == NULL || !gtk_widget_is_ancestor (focus, list))
            break;
        }
      g_assert_true (focus == compare);
      /* and Tab from Compare goes into the list */
      g_signal_emit_by_name (win, "move-focus", GTK_DIR_TAB_FORWARD);
      focus = gtk_root_get_focus (GTK_ROOT (win));
      g_assert_nonnull (focus);
      g_assert_true (gtk_widget_is_ancestor (focus, list));
    }
  gui_destroy_window (win);
}

static gboolean
results_shown (gpointer data)
{
  return ib_results_page_get_analysis (ib_window_get_results_page (data)) != NULL &&
         gtk_widget_get_mapped (GTK_WIDGET (ib_window_get_results_page (data)));
}

/* The label under @root that holds @text, or NULL. */
static GtkLabel *
label_with (GtkWidget  *root,
            const char *text)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();

  gui_collect (root, GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    if (strstr (gtk_label_get_text (g_ptr_array_index (labels, i)), text) != NULL)
      return g_ptr_array_index (labels, i);
  return NULL;
}

/* A run opened from the history, as a keyboard user opens it (Enter on its
 * row): its warnings are sentences with their final period, and no text of
 * the page is selected. */
static void
test_history_open_unselected (void)
{
  IbWindow *win = gui_new_window (app, 1280, 900, 300);
  IbHistoryPage *history = show_history_of_two (win);
  GtkWidget *list = gui_find_mapped (GTK_WIDGET (history), GTK_TYPE_LIST_BOX);
  GtkWidget *results = GTK_WIDGET (ib_window_get_results_page (win));
  GtkListBoxRow *row = gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), 0);
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  GtkLabel *warning;
  g_auto(GStrv) lines = NULL;

  g_assert_true (gtk_widget_grab_focus (GTK_WIDGET (row)));
  g_signal_emit_by_name (row, "activate");
  g_assert_true (ib_test_wait_until (results_shown, win, WAIT_TIMEOUT_S));
  ib_test_spin (300);

  gui_collect (results, GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    {
      GtkLabel *label = g_ptr_array_index (labels, i);
      int start = 0, end = 0;

      if (gtk_label_get_selection_bounds (label, &start, &end))
        g_error ("“%s” is selected (%d-%d) when the run opens", gtk_label_get_text (label),
                 start, end);
    }
  /* the fixture's warnings, as sentences */
  warning = label_with (results, "Second warning, with a comma");
  g_assert_nonnull (warning);
  lines = g_strsplit (gtk_label_get_text (warning), "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_test_message ("warning: %s", lines[i]);
      g_assert_true (g_str_has_suffix (lines[i], "."));
    }
  g_assert_nonnull (strstr (gtk_label_get_text (warning), "Second warning, with a comma."));
  gui_destroy_window (win);
}

static gboolean
report_opened (gpointer data)
{
  return ib_results_page_get_analysis (ib_window_get_results_page (data)) != NULL;
}

/* At 360 px in dark mode, a report opened (the decision golden, with its
 * answer card) shows the results page from its top, wherever the focus
 * went; at 1280 px too. */
static void
test_narrow_dark_opens_at_top (void)
{
  AdwStyleManager *style = adw_style_manager_get_default ();
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "report", "golden",
                                                 "reads-decision.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);

  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_DARK);
  for (guint narrow = 0; narrow < 2; narrow++)
    {
      IbWindow *win = ib_window_new (GTK_APPLICATION (app), ib_application_get_settings (app));
      GtkWidget *results = GTK_WIDGET (ib_window_get_results_page (win));
      GtkScrolledWindow *scroller = GTK_SCROLLED_WINDOW (gui_find_descendant (results,
                                                                             GTK_TYPE_SCROLLED_WINDOW));
      GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (scroller);
      GtkWidget *focus;

      GtkWidget *quick;

      gtk_window_set_default_size (GTK_WINDOW (win), narrow ? 360 : 1280, 720);
      gtk_window_present (GTK_WINDOW (win));
      ib_test_spin (300);
      /* the focus where a keyboard user leaves it on the empty window, or
       * where the window puts it: on the page the report replaces */
      quick = gui_find_button (GTK_WIDGET (win), "Run _Quick Benchmark");
      g_assert_nonnull (quick);
      g_assert_true (gtk_widget_grab_focus (quick));
      ib_window_open_file (win, file);
      g_assert_true (ib_test_wait_until (report_opened, win, WAIT_TIMEOUT_S));
      ib_test_spin (800);
      focus = gtk_root_get_focus (GTK_ROOT (win));
      g_test_message ("%s px: scrolled to %.0f of %.0f, focus on %s", narrow ? "360" : "1280",
                      gtk_adjustment_get_value (adj), gtk_adjustment_get_upper (adj),
                      focus != NULL ? G_OBJECT_TYPE_NAME (focus) : "nothing");
      g_assert_true (gtk_widget_get_mapped (results));
      g_assert_true (gtk_adjustment_get_upper (adj) > gtk_adjustment_get_page_size (adj));
      g_assert_cmpfloat (gtk_adjustment_get_value (adj), ==, 0);
      /* The focus is not carried into the page: on its first control (the
       * chart switcher, half a page down at 360 px) the page scrolls there
       * as the real window draws it; on a text it selects the text. */
      g_assert_true (focus == NULL || !gtk_widget_is_ancestor (focus, results));
      gui_destroy_window (win);
    }
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
}

/* Every win.export target of a menu @model, appended to @out. */
static void
collect_export_formats (GMenuModel *model,
                        GPtrArray  *out)
{
  for (int i = 0; i < g_menu_model_get_n_items (model); i++)
    {
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (model, i, G_MENU_LINK_SECTION);
      g_autoptr(GVariant) target = NULL;
      g_autofree char *action = NULL;

      if (section != NULL)
        {
          collect_export_formats (section, out);
          continue;
        }
      if (!g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_ACTION, "s", &action) ||
          !g_str_equal (action, "win.export"))
        continue;
      target = g_menu_model_get_item_attribute_value (model, i, G_MENU_ATTRIBUTE_TARGET,
                                                      G_VARIANT_TYPE ("(ss)"));
      g_assert_nonnull (target);
      {
        const char *format = NULL, *path = NULL;

        g_variant_get (target, "(&s&s)", &format, &path);
        g_ptr_array_add (out, g_strdup (format));
      }
    }
}

/* The names the export's file dialog proposes, for every entry of the
 * window's Export menu: the chart's name as the window calls it ("time",
 * not "strategies") and the size, each one different. */
static void
test_export_names (void)
{
  g_autoptr(IbReport) report = fx_report_new (40);
  IbWindow *win = gui_new_window (app, 1280, 900, 300);
  GtkWidget *button;
  g_autoptr(GPtrArray) formats = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GHashTable) names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  const IbChartKindInfo *kind;
  static const struct
  {
    const char *format;
    const char *suffix;
  } want[] = {
    { "png:1280x720@1", "-time.png" },
    { "png:1280x720@2", "-time-2x.png" },
    { "png:1920x1080@1", "-time-1920x1080.png" },
    { "png:800x600@2", "-time-800x600-2x.png" },
    { "svg", "-time.svg" },
    { "pdf", "-time.pdf" },
  };

  ib_window_show_report (win, report, NULL);
  ib_test_spin (300);
  kind = ib_results_page_get_chart_kind (ib_window_get_results_page (win));
  g_assert_cmpstr (kind->id, ==, "strategies");
  button = NULL;
  {
    g_autoptr(GPtrArray) menu_buttons = g_ptr_array_new ();

    gui_collect (GTK_WIDGET (win), GTK_TYPE_MENU_BUTTON, menu_buttons);
    for (guint i = 0; i < menu_buttons->len && button == NULL; i++)
      {
        GMenuModel *model = gtk_menu_button_get_menu_model (g_ptr_array_index (menu_buttons, i));
        g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func (g_free);

        if (model != NULL)
          collect_export_formats (model, found);
        if (found->len > 0)
          {
            button = g_ptr_array_index (menu_buttons, i);
            for (guint j = 0; j < found->len; j++)
              g_ptr_array_add (formats, g_strdup (g_ptr_array_index (found, j)));
          }
      }
  }
  g_assert_nonnull (button);
  g_assert_cmpuint (formats->len, >=, G_N_ELEMENTS (want));
  for (guint i = 0; i < formats->len; i++)
    {
      const char *id = g_ptr_array_index (formats, i);
      IbExportFormat format;
      g_autofree char *name = NULL;

      g_assert_true (ib_export_parse_format (id, &format, NULL));
      name = ib_export_suggest_name (report, kind, &format);
      g_test_message ("%s: %s", id, name);
      g_assert_null (strstr (name, "strategies"));
      /* no two entries propose the same name */
      g_assert_false (g_hash_table_contains (names, name));
      g_hash_table_add (names, g_steal_pointer (&name));
    }
  for (guint i = 0; i < G_N_ELEMENTS (want); i++)
    {
      IbExportFormat format;
      g_autofree char *name = NULL;

      g_assert_true (ib_export_parse_format (want[i].format, &format, NULL));
      name = ib_export_suggest_name (report, kind, &format);
      if (!g_str_has_suffix (name, want[i].suffix))
        g_error ("%s proposes “%s”, not “…%s”", want[i].format, name, want[i].suffix);
    }
  gui_destroy_window (win);
}

/* An SVG export declares its size in px, the size of the PNG at 1x, so a
 * browser draws it 1280 px wide, not 1707: exported as a user does, through
 * the Export button, its "SVG Image" item and the file chooser. */
static void
test_svg_in_px (void)
{
  g_autoptr(IbReport) report = fx_report_new (40);
  g_autofree char *dir = ib_test_make_tmpdir ("iobench-svg-XXXXXX");
  g_autofree char *path = NULL, *proposed = NULL;
  g_autofree char *svg = NULL;
  IbWindow *win = gui_new_window (app, 1280, 900, 300);
  const char *head;

  ib_window_show_report (win, report, NULL);
  ib_test_spin (200);
  path = gui_export_through_menu (win, "SVG Image", dir, "chart.svg", &proposed);
  g_test_message ("SVG proposed as %s", proposed);
  g_assert_true (g_str_has_suffix (proposed, "-time.svg"));
  g_assert_true (g_file_get_contents (path, &svg, NULL, NULL));
  head = strstr (svg, "<svg");
  g_assert_nonnull (head);
  g_test_message ("%.*s", (int) (strchr (head, '>') - head + 1), head);
  g_assert_nonnull (strstr (head, "width=\"1280px\""));
  {
    /* as tall as the chart's rows need, as the PNG at 1x */
    IbChartStyle     style;
    g_autofree char *height = NULL;

    ib_chart_style_init_light (&style);
    height = g_strdup_printf ("height=\"%dpx\"", ib_chart_fit_height (&(IbChartRequest) { ib_chart_kind_lookup ("strategies"), report, NULL, &style, 1280, 720 }));
    g_assert_nonnull (strstr (head, height));
  }
  g_assert_null (strstr (head, "pt\""));
  gui_destroy_window (win);
  ib_test_remove_tree (dir);
}

/* The height of the time chart of @report at 1280 px, as an export draws it
 * (light, linear). */
static int
time_fit_height (IbReport *report)
{
  IbChartStyle style;

  ib_chart_style_init_light (&style);
  return ib_chart_fit_height (&(IbChartRequest) { ib_chart_kind_lookup ("strategies"), report,
                                                  NULL, &style, 1280, 720 });
}

/* A PNG of a chart of 3 rows, exported as a user does (the Export button,
 * its PNG items, the file chooser): the name the chooser proposes carries
 * the chart's kind and the size of the picture, as tall as its rows need,
 * and the file is that size. */
static void
test_png_named_fitted (void)
{
  static const struct
  {
    const char *item;
    int         scale;
    const char *tail;
  } items[] = {
    { "PNG Image, 1280 × 720", 1, ".png" },
    { "PNG Image, 1280 × 720 at 2×", 2, "-2x.png" },
  };
  g_autoptr (IbReport) report = fx_report_new (40);
  g_autofree char *dir = ib_test_make_tmpdir ("iobench-png-name-XXXXXX");
  IbWindow        *win = gui_new_window (app, 1280, 900, 300);
  int              fit = time_fit_height (report);

  g_assert_cmpuint (report->statistics->len, ==, 3);
  /* a few rows: shorter than the item's 720, so the size is named */
  g_assert_cmpint (fit, <, 720);
  ib_window_show_report (win, report, NULL);
  ib_test_spin (200);
  for (guint i = 0; i < G_N_ELEMENTS (items); i++)
    {
      g_autofree char *name = g_strdup_printf ("few-%u.png", i);
      g_autofree char *proposed = NULL;
      g_autofree char *want = g_strdup_printf ("-time-1280x%d%s", fit, items[i].tail);
      g_autofree char *path = gui_export_through_menu (win, items[i].item, dir, name, &proposed);
      cairo_surface_t *png = cairo_image_surface_create_from_png (path);

      g_test_message ("%s proposed as %s", items[i].item, proposed);
      if (!g_str_has_suffix (proposed, want))
        g_error ("%s proposes “%s”, not “…%s”", items[i].item, proposed, want);
      g_assert_cmpint (cairo_surface_status (png), ==, CAIRO_STATUS_SUCCESS);
      g_assert_cmpint (cairo_image_surface_get_width (png), ==, 1280 * items[i].scale);
      g_assert_cmpint (cairo_image_surface_get_height (png), ==, fit * items[i].scale);
      cairo_surface_destroy (png);
    }
  gui_destroy_window (win);
  ib_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *home = NULL;

  app = gui_test_init (&argc, &argv, &home);

  g_test_add_func ("/gui/keys/history-shift-tab", test_history_shift_tab);
  g_test_add_func ("/gui/keys/history-open-unselected", test_history_open_unselected);
  g_test_add_func ("/gui/keys/narrow-dark-at-top", test_narrow_dark_opens_at_top);
  g_test_add_func ("/gui/export/names", test_export_names);
  g_test_add_func ("/gui/export/svg-px", test_svg_in_px);
  g_test_add_func ("/gui/export/png-named-fitted", test_png_named_fitted);

  return gui_test_run (&app, home);
}
