/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gui-common.h: what every GUI test repeated: a private home and a
 * registered application, a window opened and closed, widgets found in the
 * tree, the Tab order walked. */
#pragma once

#include <adwaita.h>
#include <gtk/gtk.h>

#include "ib-application.h"
#include "ib-history-page.h"
#include "ib-window.h"

G_BEGIN_DECLS

/* A private home (HOME and the four XDG_*_HOME folders under one fresh
 * temporary folder; XDG_DATA_DIRS stays the system's, SVG icons need the
 * shared MIME database), IOBENCH_NON_UNIQUE, g_test_init(), then a new
 * registered application. The home's path goes to @home (remove it with
 * ib_test_remove_tree() when done). */
IbApplication *gui_test_init           (int               *argc,
                                        char            ***argv,
                                        char             **home);

/* g_test_run(), then the application of gui_test_init() released and its
 * private @home removed; g_test_run()'s result, for main() to return. */
int            gui_test_run            (IbApplication    **app,
                                        const char        *home);

/* A new window of @app at @width x @height, presented, after @settle_ms of
 * main-loop iterations. */
IbWindow      *gui_new_window          (IbApplication     *app,
                                        int                width,
                                        int                height,
                                        guint              settle_ms);

/* Destroys @win and lets the main loop finish with it. */
void           gui_destroy_window      (IbWindow          *win);

/* The first widget of @type under @root (@root included, depth first), or
 * NULL. */
GtkWidget     *gui_find_descendant     (GtkWidget         *root,
                                        GType              type);

/* Likewise, the first one that is mapped. */
GtkWidget     *gui_find_mapped         (GtkWidget         *root,
                                        GType              type);

/* Every widget of @type under @root, depth first, appended to @out. */
void           gui_collect             (GtkWidget         *root,
                                        GType              type,
                                        GPtrArray         *out);

/* The first GtkButton under @root that reads @label, or NULL. */
GtkWidget     *gui_find_button         (GtkWidget         *root,
                                        const char        *label);

/* The first widget under @root whose action is @action_name (and whose
 * target equals @target, when not NULL), or NULL. */
GtkWidget     *gui_find_action_widget  (GtkWidget         *root,
                                        const char        *action_name,
                                        GVariant          *target);

/* @text without its mnemonic underlines ("_Save" reads "Save"). */
char          *gui_plain               (const char        *text);

/* The first menu item (a GtkModelButton of a popover menu) under @root that
 * reads @text, mnemonic underlines aside, or NULL. */
GtkWidget     *gui_find_menu_item      (GtkWidget         *root,
                                        const char        *text);

/* The header bar's Export button under @root (the GtkMenuButton with the
 * tooltip "Export (Ctrl+E)"), or NULL. */
GtkWidget     *gui_find_export_button  (GtkWidget         *root);

/* The visible file chooser an export opened (GtkFileChooserNative falls back
 * to a GtkFileChooserDialog without a portal), or NULL. */
GtkWidget     *gui_find_file_chooser   (void);

/* Exports as a user does: a click on the Export button, on the menu item
 * reading @item_text, then in the file chooser @name typed in @dir and its
 * Export button pressed; waits for the file and for the export to end
 * without an error. The name the chooser proposed goes to @proposed (when
 * not NULL); returns the file's path. */
char *gui_export_through_menu (IbWindow   *win,
                               const char *item_text,
                               const char *dir,
                               const char *name,
                               char      **proposed);

/* The first AdwPreferencesRow under @root titled @title (as set, or with its
 * mnemonic underlines left out), or NULL. */
GtkWidget     *gui_find_row            (GtkWidget         *root,
                                        const char        *title);

/* Selects preset @id on @page as a user does, then sets its "Time" (the
 * plan's time budget) to 0: no decision phase. For the tests that take a
 * preset (big-files, with its 900 s) and shrink it to a few small files:
 * the budget is for the preset's real sizes, and would keep such a run
 * deciding for minutes. */
void           gui_select_preset_untimed (IbPlanPage      *page,
                                          const char      *id);

/* The value of accessible @property as set on @widget (not as a screen
 * reader would compute it), or NULL when it is not set. */
char          *gui_accessible_property (GtkWidget             *widget,
                                        GtkAccessibleProperty  property);

/* The first AdwMessageDialog among the toplevels (a visible one when
 * @visible_only), or NULL. */
AdwMessageDialog *gui_find_message_dialog (gboolean        visible_only);

/* Presses Tab (or Shift+Tab) from the widget of @start_action until the
 * focus wraps back to it; the widgets focused, in order (@start_action's
 * widget not included), each logged with its row's title. */
GPtrArray     *gui_walk_tab_stops      (IbWindow          *win,
                                        const char        *start_action,
                                        GtkDirectionType   direction);

/* The first mapped button under @root whose tooltip reads @tooltip. */
GtkWidget *gui_find_by_tooltip (GtkWidget  *root,
                                const char *tooltip);
/* Answers the visible message dialog with a click on its @response button
 * and waits until it has closed itself. */
void gui_answer_dialog (const char *response);
/* Saves @report to the history as a finished run is saved and waits until
 * it is written; returns the file's path (free it). */
char *gui_save_to_history (IbReport *report);
/* Shows the history as Ctrl+H does and waits until it lists at least
 * @n_entries runs. */
IbHistoryPage *gui_show_history (IbWindow *win,
                                 guint     n_entries);

G_END_DECLS
