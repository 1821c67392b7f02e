/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-window-user.c: the window as a user meets it: the header
 * bar's real Export button opens a menu that stays open and exports; a
 * Markdown export leaves the user's files alone unless they say yes. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "ib-application.h"
#include "ib-chart-view.h"
#include "gui-common.h"
#include "ib-test-common.h"
#include "ib-window.h"
#include "report-fixture.h"
#include "report/ib-report-io.h"

#define WAIT_TIMEOUT_S 120   /* a guard against hangs, not a speed test */
/* The window checks the plan again every 15 s (ib-window.c): spin longer. */
#define PLAN_CHECK_MS 16000

static IbApplication *app;

static IbWindow *
new_window (int width,
            int height)
{
  return gui_new_window (app, width, height, 300);
}

static gboolean
exports_done (gpointer data)
{
  return ib_window_get_n_pending_exports (data) == 0;
}

static gboolean
dialog_shown (gpointer data)
{
  return gui_find_message_dialog (TRUE) != NULL;
}

static gboolean
chooser_shown (gpointer data)
{
  return gui_find_file_chooser () != NULL;
}

static gboolean
file_exists (gpointer data)
{
  return g_file_test (data, G_FILE_TEST_IS_REGULAR);
}

/* With IOBENCH_TEST_SHOTS=DIR, a screenshot of the X screen as DIR/NAME.png
 * (to look at, not compared), once light and once dark when @both. */
static void
shot (const char *name)
{
  const char *dir = g_getenv ("IOBENCH_TEST_SHOTS");
  g_autofree char *path = NULL;
  const char *argv[] = { "import", "-window", "root", NULL, NULL };

  if (dir == NULL)
    return;
  ib_test_spin (400);
  path = g_strdup_printf ("%s/%s.png", dir, name);
  argv[3] = path;
  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL,
                     NULL, NULL))
    g_test_message ("no screenshot %s", path);
}

static void
shots (const char *name)
{
  AdwStyleManager *style = adw_style_manager_get_default ();
  g_autofree char *dark = g_strdup_printf ("%s-dark", name);

  if (g_getenv ("IOBENCH_TEST_SHOTS") == NULL)
    return;
  shot (name);
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_DARK);
  shot (dark);
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
  ib_test_spin (200);
}

/* ---- tests ------------------------------------------------------------ */

static gboolean
widget_mapped (gpointer data)
{
  return gtk_widget_get_mapped (GTK_WIDGET (data));
}

/* The header bar's Export button opens its menu, the menu
 * is still open after the window has checked the plan again, and a click on
 * one of its items exports. */
static void
test_export_button (void)
{
  g_autoptr(IbReport) report = fx_report_new (40);
  g_autofree char *tmp = ib_test_make_tmpdir ("iobench-gui-user-XXXXXX");
  g_autofree char *svg = g_build_filename (g_get_home_dir (), "chart.svg", NULL);
  IbWindow *win = new_window (1100, 760);
  GtkWidget *button, *toggle, *popover, *item;

  ib_window_show_report (win, report, NULL);
  ib_test_spin (200);
  button = gui_find_export_button (GTK_WIDGET (win));
  g_assert_nonnull (button);
  g_assert_true (gtk_widget_is_sensitive (button));
  g_assert_true (gtk_widget_get_mapped (button));
  toggle = gtk_widget_get_first_child (button);
  g_assert_true (GTK_IS_TOGGLE_BUTTON (toggle));
  popover = GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (button)));
  g_assert_nonnull (popover);
  g_assert_false (gtk_widget_get_mapped (popover));

  /* a click on it: the popover opens (waited for, not timed: a loaded
   * machine may take longer than a frame or two to map it) */
  g_assert_true (gtk_widget_activate (toggle));
  g_assert_true (ib_test_wait_until (widget_mapped, popover, WAIT_TIMEOUT_S));
  /* the plan is checked again (as on focus changes and every 15 s) */
  ib_plan_page_refresh_space (ib_window_get_plan_page (win));
  ib_test_spin (PLAN_CHECK_MS);
  /* the same popover, still open */
  g_assert_true (GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (button))) == popover);
  g_assert_true (gtk_widget_get_mapped (popover));
  shots ("export-popover-1280");

  /* Main menu -> Export offers the same formats (one menu model) */
  g_assert_true (gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (button)) != NULL);

  /* a click on "SVG Image": the file chooser, a name typed, Export */
  item = gui_find_menu_item (popover, "SVG Image");
  g_assert_nonnull (item);
  g_assert_true (gtk_widget_get_mapped (item));
  g_assert_true (gtk_widget_activate (item));
  g_assert_true (ib_test_wait_until (chooser_shown, NULL, WAIT_TIMEOUT_S));
  {
    GtkWidget *chooser = gui_find_file_chooser ();

    /* it opens in the home folder (no Documents folder here): a name typed */
    ib_test_spin (1000);
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), "chart.svg");
    ib_test_spin (300);
    /* a click on its Export button */
    {
      GtkWidget *accept = gtk_dialog_get_widget_for_response (GTK_DIALOG (chooser),
                                                              GTK_RESPONSE_ACCEPT);

      g_assert_nonnull (accept);
      g_assert_true (gtk_widget_activate (accept));
    }

  }
  g_assert_true (ib_test_wait_until (file_exists, svg, WAIT_TIMEOUT_S));
  g_assert_true (ib_test_wait_until (exports_done, win, WAIT_TIMEOUT_S));
  g_assert_null (ib_window_get_last_export_error (win));
  {
    g_autofree char *text = NULL;

    g_assert_true (g_file_get_contents (svg, &text, NULL, NULL));
    g_assert_nonnull (strstr (text, "<svg"));
  }
  gui_destroy_window (win);
  g_assert_true (ib_test_remove_tree (tmp));
}

/* Main menu -> Export and the Export button list the same formats. */
static void
test_export_menus_match (void)
{
  IbWindow *win = new_window (1100, 760);
  GMenuModel *button_model, *primary = NULL;
  GtkWidget *button = gui_find_export_button (GTK_WIDGET (win));

  g_assert_nonnull (button);
  button_model = gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (button));
  /* the primary menu: the other menu button of the header bar */
  for (GtkWidget *w = gtk_widget_get_first_child (gtk_widget_get_parent (button)); w != NULL;
       w = gtk_widget_get_next_sibling (w))
    if (GTK_IS_MENU_BUTTON (w) && w != button)
      primary = gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (w));
  g_assert_nonnull (primary);
  /* find the Export submenu and the model it shows */
  {
    GMenuModel *section = g_menu_model_get_item_link (primary, 0, G_MENU_LINK_SECTION);
    gboolean found = FALSE;

    g_assert_nonnull (section);
    for (int i = 0; i < g_menu_model_get_n_items (section); i++)
      {
        g_autoptr(GMenuModel) sub = g_menu_model_get_item_link (section, i, G_MENU_LINK_SUBMENU);

        if (sub != NULL)
          {
            g_autoptr(GMenuModel) shown = g_menu_model_get_item_link (sub, 0, G_MENU_LINK_SECTION);

            g_assert_true (shown == button_model);
            found = TRUE;
          }
      }
    g_object_unref (section);
    g_assert_true (found);
  }
  gui_destroy_window (win);
}

/* A Markdown export into a folder that holds a PNG of
 * the user's under a chart's name leaves it untouched, unless the user
 * says yes to replacing it. */
static void
test_markdown_keeps_files (void)
{
  g_autoptr(IbReport) report = fx_report_new (40);
  g_autofree char *tmp = ib_test_make_tmpdir ("iobench-gui-user-XXXXXX");
  g_autofree char *md = g_build_filename (tmp, "report.md", NULL);
  g_autofree char *charts = g_build_filename (tmp, "report-charts", NULL);
  g_autofree char *old_style = g_build_filename (tmp, "report-strategies.png", NULL);
  g_autofree char *mine = g_build_filename (charts, "strategies.png", NULL);
  g_autofree char *text = NULL;
  IbWindow *win = new_window (1100, 760);

  ib_window_show_report (win, report, NULL);
  ib_test_spin (100);
  /* PNGs of the user's: beside the report and in its chart folder */
  g_assert_true (g_file_set_contents (old_style, "mine", -1, NULL));
  g_assert_cmpint (g_mkdir (charts, 0700), ==, 0);
  g_assert_true (g_file_set_contents (mine, "mine", -1, NULL));

  g_action_group_activate_action (G_ACTION_GROUP (win), "export",
                                  g_variant_new ("(ss)", "md", md));
  ib_test_spin (100);
  /* asked (before anything is written), and "Cancel": nothing written,
   * nothing replaced */
  g_assert_nonnull (gui_find_message_dialog (TRUE));
  g_assert_cmpuint (ib_window_get_n_pending_exports (win), ==, 0);
  shots ("markdown-replace-1280");
  {
    const char *body = adw_message_dialog_get_body (gui_find_message_dialog (TRUE));

    g_assert_nonnull (strstr (body, "report-charts"));
    g_assert_nonnull (strstr (body, "strategies.png"));
  }
  gui_answer_dialog ("cancel");
  g_assert_true (ib_test_wait_until (exports_done, win, WAIT_TIMEOUT_S));
  g_assert_false (g_file_test (md, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_get_contents (mine, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, "mine");
  g_clear_pointer (&text, g_free);

  /* again, and "Replace": the report and its charts written */
  g_action_group_activate_action (G_ACTION_GROUP (win), "export",
                                  g_variant_new ("(ss)", "md", md));
  g_assert_true (ib_test_wait_until (dialog_shown, NULL, WAIT_TIMEOUT_S));
  gui_answer_dialog ("replace");
  g_assert_true (ib_test_wait_until (exports_done, win, WAIT_TIMEOUT_S));
  g_assert_null (ib_window_get_last_export_error (win));
  g_assert_true (g_file_test (md, G_FILE_TEST_IS_REGULAR));
  g_assert_true (g_file_get_contents (mine, &text, NULL, NULL));
  g_assert_cmpmem (text, 8, "\x89PNG\r\n\x1a\n", 8);
  g_clear_pointer (&text, g_free);
  g_assert_true (g_file_get_contents (md, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "](report-charts/strategies.png)"));
  g_clear_pointer (&text, g_free);

  /* the file beside the report was never the report's */
  g_assert_true (g_file_get_contents (old_style, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, "mine");
  gui_destroy_window (win);
  g_assert_true (ib_test_remove_tree (tmp));
}

/* The plan's side pane: the leaflet's child holding the plan page. */
static GtkWidget *
plan_pane (IbWindow *win)
{
  GtkWidget *w = GTK_WIDGET (ib_window_get_plan_page (win));

  while (gtk_widget_get_parent (w) != NULL && !ADW_IS_LEAFLET (gtk_widget_get_parent (w)))
    w = gtk_widget_get_parent (w);
  return w;
}

/* An error under the plan, short or long, leaves the side
 * pane's width alone (before: 405 -> 680 -> 715 px, never shrinking). */
static void
test_sidebar_width (void)
{
  const char *strategies[] = { "sync-read-all", NULL };
  g_autofree char *tmp = ib_test_make_tmpdir ("iobench-gui-user-XXXXXX");
  IbWindow *win = new_window (1280, 800);
  IbPlanPage *plan = ib_window_get_plan_page (win);
  GtkWidget *pane = plan_pane (win);
  g_autoptr(GString) long_size = g_string_new ("12");
  g_autofree char *long_dir = NULL;
  int width0, width;

  gui_select_preset_untimed (plan, "big-files");
  ib_plan_page_set_dir (plan, tmp);
  ib_plan_page_set_list_mode (plan, FALSE);
  ib_plan_page_set_strategies (plan, strategies);
  ib_test_spin (300);
  g_assert_false (adw_leaflet_get_folded (ADW_LEAFLET (gtk_widget_get_parent (pane))));
  width0 = gtk_widget_get_width (pane);
  g_test_message ("plan pane: %d px", width0);
  g_assert_cmpint (width0, >=, 360);

  /* a short error */
  ib_plan_page_set_field_text (plan, IB_PLAN_FIELD_SIZE, "12Q");
  ib_test_spin (300);
  g_assert_false (ib_plan_page_get_valid (plan));
  width = gtk_widget_get_width (pane);
  g_test_message ("with a short error: %d px", width);
  g_assert_cmpint (width, ==, width0);

  /* a long one, without spaces to break it at */
  for (guint i = 0; i < 30; i++)
    g_string_append (long_size, "QQQQQQQQQQ");
  ib_plan_page_set_field_text (plan, IB_PLAN_FIELD_SIZE, long_size->str);
  ib_test_spin (300);
  width = gtk_widget_get_width (pane);
  g_test_message ("with a long error: %d px", width);
  shots ("sidebar-long-error-1280");
  g_assert_cmpint (width, ==, width0);

  /* a folder with a long name that does not exist */
  ib_plan_page_set_field_text (plan, IB_PLAN_FIELD_SIZE, "64K");
  long_dir = g_build_filename (tmp, "a-folder-whose-name-is-much-longer-than-the-pane-is-wide-"
                               "and-then-some-more-to-be-sure", "and-a-child-too", NULL);
  ib_plan_page_set_dir (plan, long_dir);
  ib_plan_page_refresh_space (plan);
  ib_test_spin (1000);
  width = gtk_widget_get_width (pane);
  g_test_message ("with a missing folder: %d px", width);
  g_assert_cmpint (width, ==, width0);

  /* fixed again: the same width */
  ib_plan_page_set_dir (plan, tmp);
  ib_test_spin (500);
  g_assert_cmpint (gtk_widget_get_width (pane), ==, width0);
  gui_destroy_window (win);
  g_assert_true (ib_test_remove_tree (tmp));
}

static gboolean
run_is_off (gpointer data)
{
  return !g_action_group_get_action_enabled (G_ACTION_GROUP (data), "run");
}

static gboolean
run_is_on (gpointer data)
{
  return g_action_group_get_action_enabled (G_ACTION_GROUP (data), "run");
}

/* Points the plan at @dir and waits for the folder's check: Run off, and
 * the reason (the plan's error) holding @says. */
static void
assert_folder_refused (IbWindow   *win,
                       const char *dir,
                       const char *says)
{
  IbPlanPage *plan = ib_window_get_plan_page (win);

  ib_plan_page_set_dir (plan, dir);
  g_assert_true (ib_test_wait_until (run_is_off, win, WAIT_TIMEOUT_S));
  g_assert_false (ib_plan_page_get_valid (plan));
  g_test_message ("%s: %s", dir, ib_plan_page_get_error (plan));
  g_assert_nonnull (strstr (ib_plan_page_get_error (plan), says));
  /* Run does nothing, and makes nothing */
  g_action_group_activate_action (G_ACTION_GROUP (win), "run", NULL);
  g_assert_false (ib_run_controller_get_running (ib_window_get_controller (win)));
}

/* A folder known to be missing, not a folder or
 * read-only turns Run off before it starts, with the reason. */
static void
test_bad_folder (void)
{
  const char *strategies[] = { "sync-read-all", NULL };
  g_autofree char *tmp = ib_test_make_tmpdir ("iobench-gui-user-XXXXXX");
  g_autofree char *missing = g_build_filename (tmp, "deleted", NULL);
  g_autofree char *file = g_build_filename (tmp, "a-file", NULL);
  g_autofree char *ro = g_build_filename (tmp, "read-only", NULL);
  IbWindow *win = new_window (1100, 760);
  IbPlanPage *plan = ib_window_get_plan_page (win);
  gboolean mounted = FALSE;

  gui_select_preset_untimed (plan, "big-files");
  ib_plan_page_set_list_mode (plan, FALSE);
  ib_plan_page_set_field_text (plan, IB_PLAN_FIELD_COUNT, "2");
  ib_plan_page_set_field_text (plan, IB_PLAN_FIELD_SIZE, "64K");
  ib_plan_page_set_strategies (plan, strategies);
  ib_plan_page_set_dir (plan, tmp);
  g_assert_true (ib_test_wait_until (run_is_on, win, WAIT_TIMEOUT_S));

  /* a folder deleted after it was chosen */
  g_assert_cmpint (g_mkdir (missing, 0700), ==, 0);
  ib_plan_page_set_dir (plan, missing);
  g_assert_true (ib_test_wait_until (run_is_on, win, WAIT_TIMEOUT_S));
  g_assert_cmpint (g_rmdir (missing), ==, 0);
  ib_plan_page_refresh_space (plan);   /* as the window does on focus and every 15 s */
  g_assert_true (ib_test_wait_until (run_is_off, win, WAIT_TIMEOUT_S));
  g_assert_nonnull (strstr (ib_plan_page_get_error (plan), "does not exist"));
  assert_folder_refused (win, missing, "does not exist");

  /* a file */
  g_assert_true (g_file_set_contents (file, "x", -1, NULL));
  assert_folder_refused (win, file, "not a folder");
  shots ("folder-not-a-folder-1280");

  /* back to a good one: Run is on again */
  ib_plan_page_set_dir (plan, tmp);
  g_assert_true (ib_test_wait_until (run_is_on, win, WAIT_TIMEOUT_S));

  /* read-only: root ignores permissions, so a read-only file system then */
  g_assert_cmpint (g_mkdir (ro, 0700), ==, 0);
  if (geteuid () != 0)
    {
      g_assert_cmpint (g_chmod (ro, 0500), ==, 0);
      mounted = FALSE;
    }
  else
    {
      const char *argv[] = { "mount", "-t", "tmpfs", "-o", "ro,size=1m", "tmpfs", ro, NULL };
      int status = -1;

      mounted = g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH |
                              G_SPAWN_STDOUT_TO_DEV_NULL | G_SPAWN_STDERR_TO_DEV_NULL,
                              NULL, NULL, NULL, NULL, &status, NULL) &&
                g_spawn_check_wait_status (status, NULL);
      if (!mounted)
        g_test_message ("root, and no read-only mount could be made: the read-only "
                        "case is tested by unprivileged runs only");
    }
  if (geteuid () != 0 || mounted)
    assert_folder_refused (win, ro, "cannot be made");
  if (mounted)
    {
      const char *argv[] = { "umount", ro, NULL };

      g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                                   NULL, NULL, NULL, NULL));
    }
  else
    g_chmod (ro, 0700);
  gui_destroy_window (win);
  g_assert_true (ib_test_remove_tree (tmp));
}

static gboolean
not_running (gpointer data)
{
  return !ib_run_controller_get_running (ib_window_get_controller (data));
}

/* The first visible GtkInfoBar of the error kind under @root, or NULL. */
static GtkWidget *
find_error_bar (GtkWidget *root)
{
  if (GTK_IS_INFO_BAR (root) && gtk_widget_get_visible (root) &&
      gtk_info_bar_get_message_type (GTK_INFO_BAR (root)) == GTK_MESSAGE_ERROR)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_error_bar (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* After a failed run the error is in sight, even when
 * the results page was scrolled down before the run. */
static void
test_failed_run_banner (void)
{
  const char *strategies[] = { "sync-read-all", NULL };
  g_autoptr(IbReport) report = fx_report_new (40);
  g_autofree char *tmp = ib_test_make_tmpdir ("iobench-gui-user-XXXXXX");
  g_autofree char *missing = g_build_filename (tmp, "vanished", NULL);
  IbWindow *win = new_window (1100, 600);
  IbPlanPage *plan = ib_window_get_plan_page (win);
  GtkWidget *results = GTK_WIDGET (ib_window_get_results_page (win));
  GtkWidget *scroller, *bar;
  GtkAdjustment *adj;
  graphene_point_t top;

  /* earlier results of a run that went well, scrolled to their end */
  g_clear_pointer (&report->error, g_free);
  report->partial = FALSE;
  ib_window_show_report (win, report, NULL);
  g_assert_null (find_error_bar (results));
  ib_test_spin (300);
  scroller = gtk_widget_get_first_child (results);
  while (scroller != NULL && !GTK_IS_SCROLLED_WINDOW (scroller))
    scroller = gtk_widget_get_first_child (scroller);
  g_assert_nonnull (scroller);
  adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  g_assert_cmpfloat (gtk_adjustment_get_upper (adj) - gtk_adjustment_get_page_size (adj), >, 200);
  gtk_adjustment_set_value (adj, gtk_adjustment_get_upper (adj));
  ib_test_spin (200);
  g_assert_cmpfloat (gtk_adjustment_get_value (adj), >, 200);

  /* the run fails where the user had scrolled to (the report is the same,
   * now with its error): the error comes into sight */
  {
    g_autoptr(IbReport) failed = ib_report_copy (report);
    graphene_point_t at;

    failed->error = g_strdup ("Could not write “/media/disk/f1”: No space left on device");
    failed->partial = TRUE;
    ib_window_show_report (win, failed, "Failed");
    ib_test_spin (300);
    bar = find_error_bar (results);
    g_assert_nonnull (bar);
    g_assert_true (gtk_widget_compute_point (bar, scroller, &GRAPHENE_POINT_INIT (0, 0), &at));
    g_test_message ("error bar at y = %.0f of %d", at.y, gtk_widget_get_height (scroller));
    g_assert_cmpfloat (at.y, >=, 0);
    g_assert_cmpfloat (at.y + gtk_widget_get_height (bar), <=, gtk_widget_get_height (scroller));
  }
  ib_window_show_report (win, report, NULL);
  ib_test_spin (200);
  gtk_adjustment_set_value (adj, gtk_adjustment_get_upper (adj));
  ib_test_spin (200);

  /* a folder that vanished just before Run: the run fails */
  gui_select_preset_untimed (plan, "big-files");
  ib_plan_page_set_list_mode (plan, FALSE);
  ib_plan_page_set_field_text (plan, IB_PLAN_FIELD_COUNT, "2");
  ib_plan_page_set_field_text (plan, IB_PLAN_FIELD_SIZE, "64K");
  ib_plan_page_set_strategies (plan, strategies);
  ib_plan_page_set_dir (plan, missing);
  g_action_group_activate_action (G_ACTION_GROUP (win), "run", NULL);
  g_assert_true (ib_test_wait_until (not_running, win, WAIT_TIMEOUT_S));
  ib_test_spin (300);
  g_assert_nonnull (ib_results_page_get_report (ib_window_get_results_page (win))->error);

  /* the error bar, shown and in the visible part of the page */
  bar = find_error_bar (results);
  g_assert_nonnull (bar);
  g_assert_true (gtk_widget_get_mapped (bar));
  g_assert_true (gtk_widget_compute_point (bar, scroller, &GRAPHENE_POINT_INIT (0, 0), &top));
  g_test_message ("error bar at y = %.0f of %d", top.y, gtk_widget_get_height (scroller));
  g_assert_cmpfloat (top.y, >=, 0);
  g_assert_cmpfloat (top.y + gtk_widget_get_height (bar), <=, gtk_widget_get_height (scroller));

  /* and Run is off now: the folder is known to be missing */
  g_assert_true (ib_test_wait_until (run_is_off, win, WAIT_TIMEOUT_S));
  g_assert_nonnull (strstr (ib_plan_page_get_error (plan), "does not exist"));
  gui_destroy_window (win);
  g_assert_true (ib_test_remove_tree (tmp));
}

static gboolean
has_samples (gpointer data)
{
  IbRunController *c = ib_window_get_controller (data);

  return !ib_run_controller_get_running (c) || ib_run_controller_get_n_samples (c) > 0;
}

static gboolean
no_windows (gpointer data)
{
  return gtk_application_get_windows (GTK_APPLICATION (app)) == NULL;
}

static guint
count_files (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  guint n = 0;

  while (dir != NULL && g_dir_read_name (dir) != NULL)
    n++;
  return n;
}

/* Starts a run too big to end by itself during the test. */
static IbWindow *
start_long_run (const char *dir)
{
  const char *strategies[] = { "sync-read-all", "async-read-all-serial", NULL };
  IbWindow *win = new_window (1100, 760);
  IbPlanPage *plan = ib_window_get_plan_page (win);

  gui_select_preset_untimed (plan, "big-files");
  ib_plan_page_set_dir (plan, dir);
  ib_plan_page_set_list_mode (plan, FALSE);
  ib_plan_page_set_field_text (plan, IB_PLAN_FIELD_COUNT, "8");
  ib_plan_page_set_field_text (plan, IB_PLAN_FIELD_SIZE, "8M");
  ib_plan_page_set_strategies (plan, strategies);
  ib_plan_page_set_rounds (plan, 200, 0);
  g_assert_true (ib_test_wait_until (run_is_on, win, WAIT_TIMEOUT_S));
  g_action_group_activate_action (G_ACTION_GROUP (win), "run", NULL);
  g_assert_true (ib_test_wait_until (has_samples, win, WAIT_TIMEOUT_S));
  g_assert_true (ib_run_controller_get_running (ib_window_get_controller (win)));
  return win;
}

/* Ctrl+Q during a run asks; "Keep Running" keeps it,
 * "Stop and Keep Results" stops, saves the partial results, then closes;
 * "Quit" closes at once. */
static void
test_quit_while_running (void)
{
  g_autofree char *tmp = ib_test_make_tmpdir ("iobench-gui-user-XXXXXX");
  g_autofree char *history = g_build_filename (g_get_user_data_dir (), "iobench", "history",
                                               NULL);
  guint saved = count_files (history);
  IbWindow *win = start_long_run (tmp);

  /* During the run the plan cannot be changed but can be scrolled: its scrolled window takes events, its fields do not. */
  {
    GtkWidget *plan = GTK_WIDGET (ib_window_get_plan_page (win));
    GtkWidget *scrolled = plan;
    GtkWidget *entry = GTK_WIDGET (gui_find_descendant (plan, GTK_TYPE_TEXT));

    while (scrolled != NULL && !GTK_IS_SCROLLED_WINDOW (scrolled))
      scrolled = gtk_widget_get_first_child (scrolled);
    g_assert_nonnull (scrolled);
    g_assert_nonnull (entry);
    g_assert_true (gtk_widget_is_sensitive (scrolled));
    g_assert_false (gtk_widget_is_sensitive (entry));
  }

  /* Ctrl+Q: a question, the run going on */
  g_action_group_activate_action (G_ACTION_GROUP (app), "quit", NULL);
  ib_test_spin (200);
  g_assert_nonnull (gui_find_message_dialog (TRUE));
  g_assert_nonnull (strstr (adw_message_dialog_get_heading (gui_find_message_dialog (TRUE)), "Stop"));
  shots ("quit-while-running-1280");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (win)));
  g_assert_true (ib_run_controller_get_running (ib_window_get_controller (win)));
  gui_answer_dialog ("keep");
  ib_test_spin (300);
  g_assert_null (gui_find_message_dialog (TRUE));
  g_assert_true (ib_run_controller_get_running (ib_window_get_controller (win)));
  g_assert_nonnull (gtk_application_get_windows (GTK_APPLICATION (app)));

  /* again, and "Stop and Keep Results": saved to the history, then closed */
  g_action_group_activate_action (G_ACTION_GROUP (app), "quit", NULL);
  ib_test_spin (200);
  gui_answer_dialog ("stop");
  g_assert_true (ib_test_wait_until (no_windows, NULL, WAIT_TIMEOUT_S));
  g_assert_cmpuint (count_files (history), ==, saved + 1);

  /* a new run, and "Quit": closed, nothing saved */
  win = start_long_run (tmp);
  gtk_window_close (GTK_WINDOW (win));   /* the window's close button */
  ib_test_spin (200);
  g_assert_nonnull (gui_find_message_dialog (TRUE));
  gui_answer_dialog ("quit");
  g_assert_true (ib_test_wait_until (no_windows, NULL, WAIT_TIMEOUT_S));
  ib_test_spin (500);
  g_assert_cmpuint (count_files (history), ==, saved + 1);
  g_assert_true (ib_test_remove_tree (tmp));
}

/* Appends the accessible description of every chart view under @root. */
static void
collect_chart_descriptions (GtkWidget *root,
                            GString   *out)
{
  g_autofree char *text = NULL;

  if (IB_IS_CHART_VIEW (root) &&
      (text = gui_accessible_property (root, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION)) != NULL)
    g_string_append_printf (out, "%s\n", text);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_chart_descriptions (child, out);
}

/* Strategies that never ran (the folder was missing)
 * are "not run", not "failed", in the charts' words. */
static void
test_never_ran (void)
{
  const char *strategies[] = { "sync-read-all", "async-read-all-serial", NULL };
  g_autofree char *tmp = ib_test_make_tmpdir ("iobench-gui-user-XXXXXX");
  g_autofree char *missing = g_build_filename (tmp, "vanished", NULL);
  g_autoptr(GString) described = g_string_new (NULL);
  IbWindow *win = new_window (1100, 760);
  IbPlanPage *plan = ib_window_get_plan_page (win);
  IbReport *report;

  gui_select_preset_untimed (plan, "big-files");
  ib_plan_page_set_list_mode (plan, FALSE);
  ib_plan_page_set_field_text (plan, IB_PLAN_FIELD_COUNT, "2");
  ib_plan_page_set_field_text (plan, IB_PLAN_FIELD_SIZE, "64K");
  ib_plan_page_set_strategies (plan, strategies);
  ib_plan_page_set_dir (plan, missing);
  g_action_group_activate_action (G_ACTION_GROUP (win), "run", NULL);
  g_assert_true (ib_test_wait_until (not_running, win, WAIT_TIMEOUT_S));
  ib_test_spin (300);
  report = ib_results_page_get_report (ib_window_get_results_page (win));
  g_assert_nonnull (report->error);
  g_assert_cmpuint (report->samples->len, ==, 0);

  collect_chart_descriptions (GTK_WIDGET (ib_window_get_results_page (win)), described);
  g_test_message ("%s", described->str);
  g_assert_null (strstr (described->str, "ailed"));
  g_assert_nonnull (strstr (described->str, "Not run: "));
  g_assert_nonnull (strstr (described->str, "Sync single read"));
  shots ("never-ran-1280");
  gui_destroy_window (win);
  g_assert_true (ib_test_remove_tree (tmp));
}

/* Prints the widgets under @w whose minimum width passes @limit. */
static void
log_wide (GtkWidget *w,
          int        limit,
          int        depth)
{
  int min = 0, nat = 0;

  if (!gtk_widget_get_visible (w))
    return;
  gtk_widget_measure (w, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
  if (min <= limit)
    return;
  g_test_message ("%*s%s%s%s min %d", depth, "", G_OBJECT_TYPE_NAME (w),
                  GTK_IS_LABEL (w) ? " " : "", GTK_IS_LABEL (w) ? gtk_label_get_text (GTK_LABEL (w)) : "",
                  min);
  for (GtkWidget *c = gtk_widget_get_first_child (w); c != NULL; c = gtk_widget_get_next_sibling (c))
    log_wide (c, limit, depth + 1);
}

static gboolean
is_back_button (GtkWidget *w)
{
  return GTK_IS_BUTTON (w) && gtk_widget_get_mapped (w) &&
         g_strcmp0 (gtk_button_get_icon_name (GTK_BUTTON (w)), "go-previous-symbolic") == 0;
}

/* A mapped Back button under @root inside the window's width, or NULL. */
static GtkWidget *
find_back_button (GtkWidget *root)
{
  if (is_back_button (root))
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_back_button (c);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The comparison page fits a 360 px window (before, the
 * window grew itself to 524 px; forced to 360 px it was cut on both sides
 * and its Back button was off screen). */
static void
test_compare_narrow (void)
{
  g_autoptr(IbReport) a = fx_report_new (40);
  g_autoptr(IbReport) b = fx_report_new (10);
  IbWindow *win = new_window (360, 700);
  GtkWidget *history = GTK_WIDGET (ib_window_get_history_page (win));
  int min = 0, nat = 0;

  /* what differs between two real runs: long folders, kernels, devices */
  g_free (a->plan->dir);
  a->plan->dir = g_strdup ("/home/someone/.cache/iobench/benchmarks-on-the-second-disk/run-one");
  g_free (b->plan->dir);
  b->plan->dir = g_strdup ("/media/someone/EXTERNAL-USB-DISK-WITH-A-LONG-LABEL/iobench-target");
  ib_window_show_report (win, a, NULL);
  ib_test_spin (200);
  shots ("results-360");
  ib_history_page_compare (ib_window_get_history_page (win), a, b);
  g_action_group_change_action_state (G_ACTION_GROUP (win), "show-history",
                                      g_variant_new_boolean (TRUE));
  ib_history_page_compare (ib_window_get_history_page (win), a, b);
  ib_test_spin (500);
  g_assert_true (ib_history_page_get_comparing (ib_window_get_history_page (win)));
  g_assert_true (gtk_widget_get_mapped (history));

  gtk_widget_measure (history, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
  g_test_message ("comparison page: min %d px, window %d px", min,
                  gtk_widget_get_width (GTK_WIDGET (win)));
  log_wide (history, 360, 0);
  shots ("compare-360");
  g_assert_cmpint (min, <=, 360);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (win)), ==, 360);
  /* its Back button in sight */
  {
    GtkWidget *back = find_back_button (GTK_WIDGET (win));
    graphene_point_t at;

    g_assert_nonnull (back);
    g_assert_true (gtk_widget_compute_point (back, GTK_WIDGET (win), &GRAPHENE_POINT_INIT (0, 0),
                                             &at));
    g_assert_cmpfloat (at.x, >=, 0);
    g_assert_cmpfloat (at.x + gtk_widget_get_width (back), <=, 360);
  }
  gui_destroy_window (win);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *home = NULL;

  /* no portal: GtkFileChooserNative shows GTK's own dialog */
  g_setenv ("GTK_USE_PORTAL", "0", TRUE);
  app = gui_test_init (&argc, &argv, &home);

  g_test_add_func ("/gui-user/export-button", test_export_button);
  g_test_add_func ("/gui-user/export-menus-match", test_export_menus_match);
  g_test_add_func ("/gui-user/markdown-keeps-files", test_markdown_keeps_files);
  g_test_add_func ("/gui-user/sidebar-width", test_sidebar_width);
  g_test_add_func ("/gui-user/bad-folder", test_bad_folder);
  g_test_add_func ("/gui-user/failed-run-banner", test_failed_run_banner);
  g_test_add_func ("/gui-user/quit-while-running", test_quit_while_running);
  g_test_add_func ("/gui-user/never-ran", test_never_ran);
  g_test_add_func ("/gui-user/compare-narrow", test_compare_narrow);

  return gui_test_run (&app, home);
}
