/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gui-common.c: see gui-common.h. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include "gui-common.h"

#include <glib/gstdio.h>

#include "analysis/ib-analysis.h"
#include "ib-export.h"
#include "ib-test-common.h"

/* A guard against hangs, not a speed test. */
#define GUI_WAIT_TIMEOUT_S 120

IbApplication *
gui_test_init (int    *argc,
               char ***argv,
               char  **home)
{
  static const char * const vars[] = { "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_CONFIG_HOME",
                                       "XDG_STATE_HOME" };
  g_autoptr(GError) error = NULL;
  IbApplication *app;

  *home = ib_test_make_tmpdir ("iobench-gui-home-XXXXXX");
  g_setenv ("HOME", *home, TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (vars); i++)
    {
      g_autofree char *dir = g_build_filename (*home, vars[i], NULL);

      g_assert_cmpint (g_mkdir (dir, 0700), ==, 0);
      g_setenv (vars[i], dir, TRUE);
    }
  g_setenv ("IOBENCH_NON_UNIQUE", "1", TRUE);
  g_test_init (argc, argv, NULL);

  app = ib_application_new ();
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);
  return app;
}

int
gui_test_run (IbApplication **app,
              const char     *home)
{
  int ret = g_test_run ();

  g_clear_object (app);
  ib_test_remove_tree (home);
  return ret;
}

IbWindow *
gui_new_window (IbApplication *app,
                int            width,
                int            height,
                guint          settle_ms)
{
  IbWindow *win = ib_window_new (GTK_APPLICATION (app), ib_application_get_settings (app));

  gtk_window_set_default_size (GTK_WINDOW (win), width, height);
  gtk_window_present (GTK_WINDOW (win));
  ib_test_spin (settle_ms);
  return win;
}

void
gui_destroy_window (IbWindow *win)
{
  gtk_window_destroy (GTK_WINDOW (win));
  ib_test_spin (100);
}

/* The first widget under @root (depth first) for which @match holds. */
static GtkWidget *
find_first (GtkWidget *root,
            gboolean (*match) (GtkWidget *widget, gconstpointer data),
            gconstpointer data)
{
  if (match (root, data))
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_first (c, match, data);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
is_type (GtkWidget    *widget,
         gconstpointer data)
{
  return G_TYPE_CHECK_INSTANCE_TYPE (widget, *(const GType *) data);
}

static gboolean
is_mapped_type (GtkWidget    *widget,
                gconstpointer data)
{
  return is_type (widget, data) && gtk_widget_get_mapped (widget);
}

static gboolean
is_button_reading (GtkWidget    *widget,
                   gconstpointer data)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), data) == 0;
}

GtkWidget *
gui_find_descendant (GtkWidget *root,
                     GType      type)
{
  return find_first (root, is_type, &type);
}

GtkWidget *
gui_find_mapped (GtkWidget *root,
                 GType      type)
{
  return find_first (root, is_mapped_type, &type);
}

void
gui_collect (GtkWidget *root,
             GType      type,
             GPtrArray *out)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    g_ptr_array_add (out, root);
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    gui_collect (c, type, out);
}

GtkWidget *
gui_find_button (GtkWidget  *root,
                 const char *label)
{
  return find_first (root, is_button_reading, label);
}

typedef struct
{
  const char *action_name;
  GVariant   *target;
} ActionQuery;

static gboolean
has_action (GtkWidget    *widget,
            gconstpointer data)
{
  const ActionQuery *q = data;
  GVariant *target;

  if (!GTK_IS_ACTIONABLE (widget) ||
      g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), q->action_name) != 0)
    return FALSE;
  if (q->target == NULL)
    return TRUE;
  target = gtk_actionable_get_action_target_value (GTK_ACTIONABLE (widget));
  return target != NULL && g_variant_equal (target, q->target);
}

GtkWidget *
gui_find_action_widget (GtkWidget  *root,
                        const char *action_name,
                        GVariant   *target)
{
  ActionQuery q = { action_name, target };

  return find_first (root, has_action, &q);
}

char *
gui_plain (const char *text)
{
  g_autoptr (GString) out = g_string_new (NULL);

  for (const char *p = text; p != NULL && *p != '\0'; p++)
    if (*p != '_')
      g_string_append_c (out, *p);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static gboolean
is_menu_item_reading (GtkWidget    *widget,
                      gconstpointer data)
{
  g_autofree char *label = NULL;
  g_autofree char *shown = NULL;

  if (!g_str_equal (G_OBJECT_TYPE_NAME (widget), "GtkModelButton"))
    return FALSE;
  g_object_get (widget, "text", &label, NULL);
  shown = gui_plain (label);
  return g_strcmp0 (shown, data) == 0;
}

GtkWidget *
gui_find_menu_item (GtkWidget  *root,
                    const char *text)
{
  return find_first (root, is_menu_item_reading, text);
}

static gboolean
is_row_titled (GtkWidget    *widget,
               gconstpointer data)
{
  const char      *title;
  g_autofree char *shown = NULL;

  if (!ADW_IS_PREFERENCES_ROW (widget))
    return FALSE;
  title = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget));
  shown = gui_plain (title);
  return g_strcmp0 (title, data) == 0 || g_strcmp0 (shown, data) == 0;
}

GtkWidget *
gui_find_row (GtkWidget  *root,
              const char *title)
{
  return find_first (root, is_row_titled, title);
}

void
gui_select_preset_untimed (IbPlanPage *page,
                           const char *id)
{
  GtkWidget *row;
  GtkWidget *spin;

  ib_plan_page_select_preset (page, id);
  row = gui_find_row (GTK_WIDGET (page), "Time");
  g_assert_nonnull (row);
  spin = gui_find_descendant (row, GTK_TYPE_SPIN_BUTTON);
  g_assert_nonnull (spin);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), 0);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (spin)), ==, 0);
}

char *
gui_accessible_property (GtkWidget            *widget,
                         GtkAccessibleProperty property)
{
  if (!gtk_test_accessible_has_property (GTK_ACCESSIBLE (widget), property))
    return NULL;
  /* The test API gives the value back when it differs from the one asked
   * (a string nobody would set). */
  return gtk_test_accessible_check_property (GTK_ACCESSIBLE (widget), property, "\x01 not set");
}

AdwMessageDialog *
gui_find_message_dialog (gboolean visible_only)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (window) &&
          (!visible_only || gtk_widget_get_visible (GTK_WIDGET (window))))
        return ADW_MESSAGE_DIALOG (window);
    }
  return NULL;
}

GPtrArray *
gui_walk_tab_stops (IbWindow         *win,
                    const char       *start_action,
                    GtkDirectionType  direction)
{
  GtkWidget *start = gui_find_action_widget (GTK_WIDGET (win), start_action, NULL);
  GPtrArray *stops = g_ptr_array_new ();

  g_assert_nonnull (start);
  g_assert_true (gtk_widget_grab_focus (start));
  for (guint presses = 1; presses < 1000; presses++)
    {
      GtkWidget *focus;
      GtkWidget *row;

      g_signal_emit_by_name (win, "move-focus", direction);
      focus = gtk_root_get_focus (GTK_ROOT (win));
      if (focus == start || focus == NULL)
        break;
      row = gtk_widget_get_ancestor (focus, ADW_TYPE_PREFERENCES_ROW);
      g_test_message ("Tab %u: %s %s", presses, G_OBJECT_TYPE_NAME (focus),
                      row != NULL ? adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)) : "");
      g_ptr_array_add (stops, focus);
    }
  return stops;
}

GtkWidget *
gui_find_export_button (GtkWidget *root)
{
  if (GTK_IS_MENU_BUTTON (root) &&
      g_strcmp0 (gtk_widget_get_tooltip_text (root), "Export (Ctrl+E)") == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = gui_find_export_button (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

GtkWidget *
gui_find_file_chooser (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);

      if (GTK_IS_FILE_CHOOSER_DIALOG (window) && gtk_widget_get_visible (GTK_WIDGET (window)))
        return GTK_WIDGET (window);
    }
  return NULL;
}

GtkWidget *
gui_find_by_tooltip (GtkWidget  *root,
                     const char *tooltip)
{
  if (GTK_IS_BUTTON (root) && gtk_widget_get_mapped (root) &&
      g_strcmp0 (gtk_widget_get_tooltip_text (root), tooltip) == 0)
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = gui_find_by_tooltip (c, tooltip);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
no_dialog (gpointer data)
{
  return gui_find_message_dialog (TRUE) == NULL;
}

void
gui_answer_dialog (const char *response)
{
  AdwMessageDialog *dialog = gui_find_message_dialog (TRUE);
  GtkWidget        *button;

  g_assert_nonnull (dialog);
  g_assert_true (adw_message_dialog_has_response (dialog, response));
  button = gui_find_button (GTK_WIDGET (dialog),
                            adw_message_dialog_get_response_label (dialog, response));
  g_assert_nonnull (button);
  g_assert_true (gtk_widget_activate (button));
  g_assert_true (ib_test_wait_until (no_dialog, NULL, GUI_WAIT_TIMEOUT_S));
}

static void
saved_cb (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  char **path = user_data;

  *path = ib_history_save_finish (result, NULL);
}

static gboolean
is_set (gpointer data)
{
  return *(char **) data != NULL;
}

char *
gui_save_to_history (IbReport *report)
{
  g_autoptr (IbAnalysis) analysis = ib_analysis_new (report);
  char *path = NULL;

  ib_history_save_async (analysis, NULL, saved_cb, &path);
  g_assert_true (ib_test_wait_until (is_set, &path, GUI_WAIT_TIMEOUT_S));
  return path;
}

static gboolean
has_entries (gpointer data)
{
  IbHistoryPage *history = data;

  return ib_history_page_get_n_entries (history) >=
         GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (history), "gui-n-entries"));
}

IbHistoryPage *
gui_show_history (IbWindow *win,
                  guint     n_entries)
{
  IbHistoryPage *history = ib_window_get_history_page (win);

  g_object_set_data (G_OBJECT (history), "gui-n-entries", GUINT_TO_POINTER (n_entries));
  g_action_group_change_action_state (G_ACTION_GROUP (win), "show-history",
                                      g_variant_new_boolean (TRUE));
  g_assert_true (ib_test_wait_until (has_entries, history, GUI_WAIT_TIMEOUT_S));
  ib_test_spin (300);
  return history;
}

static gboolean
mapped (gpointer data)
{
  return gtk_widget_get_mapped (data);
}

static gboolean
chooser_shown (gpointer data)
{
  return gui_find_file_chooser () != NULL;
}

static gboolean
is_file (gpointer data)
{
  return g_file_test (data, G_FILE_TEST_IS_REGULAR);
}

static gboolean
exports_done (gpointer data)
{
  return ib_window_get_n_pending_exports (data) == 0;
}

char *
gui_export_through_menu (IbWindow   *win,
                         const char *item_text,
                         const char *dir,
                         const char *name,
                         char      **proposed)
{
  GtkWidget *button = gui_find_export_button (GTK_WIDGET (win));
  GtkWidget *popover, *item, *chooser, *accept;
  g_autoptr (GFile) folder = g_file_new_for_path (dir);
  char *path = g_build_filename (dir, name, NULL);

  g_assert_nonnull (button);
  g_assert_true (gtk_widget_is_sensitive (button));
  popover = GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (button)));
  g_assert_true (gtk_widget_activate (gtk_widget_get_first_child (button)));
  g_assert_true (ib_test_wait_until (mapped, popover, GUI_WAIT_TIMEOUT_S));
  item = gui_find_menu_item (popover, item_text);
  g_assert_nonnull (item);
  g_assert_true (gtk_widget_activate (item));
  g_assert_true (ib_test_wait_until (chooser_shown, NULL, GUI_WAIT_TIMEOUT_S));
  chooser = gui_find_file_chooser ();
  ib_test_spin (500);
  if (proposed != NULL)
    *proposed = gtk_file_chooser_get_current_name (GTK_FILE_CHOOSER (chooser));
  g_assert_true (gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), folder, NULL));
  ib_test_spin (300);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  ib_test_spin (300);
  accept = gtk_dialog_get_widget_for_response (GTK_DIALOG (chooser), GTK_RESPONSE_ACCEPT);
  g_assert_nonnull (accept);
  g_assert_true (gtk_widget_activate (accept));
  g_assert_true (ib_test_wait_until (is_file, path, GUI_WAIT_TIMEOUT_S));
  g_assert_true (ib_test_wait_until (exports_done, win, GUI_WAIT_TIMEOUT_S));
  g_assert_null (ib_window_get_last_export_error (win));
  return path;
}
