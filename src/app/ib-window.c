/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-window.c: the main window. It wires the plan page, the run controller,
 * the results and history pages together through window actions:
 *
 *   win.run (Ctrl+R)  win.run-quick  win.stop (Escape)  win.open (Ctrl+O)
 *   win.export ('FORMAT', 'PATH')    win.show-history (Ctrl+H)   win.open-uri
 *
 * Exporting is in ib-window-export.c, opening reports in ib-window-open.c.
 * Nothing here blocks the main loop: runs, exports, loads and history saves
 * all happen on worker threads. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>

#include "engine/model/ib-error.h"
#include "ib-accessible.h"
#include "ib-answer-cards.h"
#include "ib-application.h"
#include "ib-export.h"
#include "ib-window-private.h"

G_DEFINE_FINAL_TYPE (IbWindow, ib_window, ADW_TYPE_APPLICATION_WINDOW)

static void
show_toast (IbWindow   *self,
            const char *title)
{
  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (title));
}

/* ---- state ------------------------------------------------------------ */

static gboolean
report_has_content (const IbReport *report)
{
  return report != NULL &&
         ((report->samples != NULL && report->samples->len > 0) ||
          (report->overhead != NULL && report->overhead->len > 0) ||
          report->write_unlink != NULL || report->sweep != NULL || report->map != NULL);
}

static void
set_action_enabled (IbWindow   *self,
                    const char *name,
                    gboolean    enabled)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), name);

  g_simple_action_set_enabled (G_SIMPLE_ACTION (action), enabled);
}

/* The first GtkScrolledWindow under @widget, or NULL. */
static GtkWidget *
find_scrolled_window (GtkWidget *widget)
{
  if (GTK_IS_SCROLLED_WINDOW (widget))
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_scrolled_window (c);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* What the plan page scrolls: its fields. */
static GtkWidget *
plan_content (IbWindow *self)
{
  GtkWidget *scrolled = find_scrolled_window (GTK_WIDGET (self->plan_page));
  GtkWidget *child = scrolled != NULL
                     ? gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scrolled)) : NULL;

  return child != NULL ? child : GTK_WIDGET (self->plan_page);
}

static void
update_actions (IbWindow *self)
{
  gboolean running, stopping, valid, comparing, has_report;
  const char *error;
  GMenuModel *model;

  if (self->controller == NULL)   /* being disposed */
    return;
  running = ib_run_controller_get_running (self->controller);
  stopping = ib_run_controller_get_stopping (self->controller);
  valid = ib_plan_page_get_valid (self->plan_page);
  comparing = ib_history_page_get_comparing (self->history_page) &&
              g_strcmp0 (gtk_stack_get_visible_child_name (self->main_stack), "history") == 0;
  has_report = comparing || report_has_content (ib_results_page_get_report (self->results_page));
  error = ib_plan_page_get_error (self->plan_page);

  set_action_enabled (self, "run", valid && !running);
  set_action_enabled (self, "keep-deciding", !running);
  set_action_enabled (self, "run-quick", !running);
  set_action_enabled (self, "stop", running && !stopping);
  set_action_enabled (self, "open", !running);
  set_action_enabled (self, "export", has_report && !running);
  gtk_widget_set_sensitive (self->export_button, has_report && !running);
  /* A comparison exports as a chart or as an HTML or Markdown report. Setting
   * the model rebuilds the popover and closes it, and this runs on every plan
   * check: set it only when it really changes. */
  model = comparing ? self->compare_export_menu : self->export_menu;
  if (gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (self->export_button)) != model)
    {
      gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (self->export_button), model);
      /* Main menu -> Export offers the very same formats. */
      g_menu_remove_all (self->export_submenu);
      g_menu_append_section (self->export_submenu, NULL, model);
    }

  /* The plan being measured cannot change under it, but it can still be
   * scrolled and read: its content is off, not its scrolled window. */
  gtk_widget_set_sensitive (plan_content (self), !running);
  gtk_stack_set_visible_child_name (self->run_stop_stack, running ? "stop" : "run");
  gtk_widget_set_visible (self->content_stop_button,
                          running && adw_leaflet_get_folded (self->leaflet));
  gtk_widget_set_tooltip_text (gtk_stack_get_child_by_name (self->run_stop_stack, "run"),
                               valid ? _("Run the Benchmark (Ctrl+R)") : error);
  if (!valid && error != NULL)
    {
      /* Translators: under the plan when Run is off; %s says why */
      g_autofree char *reason = g_strdup_printf (_("Run is off. %s"), error);

      gtk_label_set_text (self->run_reason_label, reason);
    }
  gtk_revealer_set_reveal_child (self->run_reason_revealer, !valid && !running && error != NULL);
}

static void
update_title (IbWindow *self)
{
  const char *page = gtk_stack_get_visible_child_name (self->main_stack);
  const char *title = "";

  /* The chart switcher lives in the chart card, always in the same place. */
  if (g_strcmp0 (page, "results") == 0)
    title = _("Results");
  else if (g_strcmp0 (page, "history") == 0)
    title = ib_history_page_get_comparing (self->history_page) ? _("Comparison") : _("History");
  adw_window_title_set_title (self->content_title, title);
}

static void
show_page (IbWindow   *self,
           const char *name)
{
  GAction *history = g_action_map_lookup_action (G_ACTION_MAP (self), "show-history");

  gtk_stack_set_visible_child_name (self->main_stack, name);
  g_simple_action_set_state (G_SIMPLE_ACTION (history),
                             g_variant_new_boolean (g_str_equal (name, "history")));
  update_title (self);
  update_actions (self);
}

void
_ib_window_show_content (IbWindow *self)
{
  /* Unconditionally: the leaflet may fold only once the window is sized. */
  adw_leaflet_set_visible_child (self->leaflet, self->content_pane);
}

void
ib_window_show_analysis (IbWindow   *self,
                         IbAnalysis *analysis,
                         const char *status)
{
  GtkWidget *focus;

  g_return_if_fail (IB_IS_WINDOW (self));
  g_return_if_fail (analysis != NULL);

  ib_results_page_set_analysis (self->results_page, analysis, status);
  show_page (self, "results");
  update_actions (self);
  /* A run opened is read from its top. The page switch moved the focus
   * into the page, on its first control: the chart switcher, which at
   * 360 px is half a page down (the page scrolled there), or a text,
   * selected whole. The focus goes back to the window, the page to its top. */
  focus = gtk_root_get_focus (GTK_ROOT (self));
  if (focus != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (self->results_page)))
    gtk_root_set_focus (GTK_ROOT (self), NULL);
  ib_results_page_scroll_to_top (self->results_page);
}

/* A report opened from a file (ib-window-open.c calls it through
 * show_opened): the content pane first (at 360 px the leaflet moves the
 * focus into it), then the run, which starts at its top. */
static void
show_opened (IbWindow   *self,
             IbAnalysis *analysis)
{
  _ib_window_show_content (self);
  ib_window_show_analysis (self, analysis,
                           ib_analysis_get_report (analysis)->partial ? _("Partial") : NULL);
}

void
ib_window_show_report (IbWindow   *self,
                       IbReport   *report,
                       const char *status)
{
  g_autoptr(IbAnalysis) analysis = NULL;

  g_return_if_fail (IB_IS_WINDOW (self));
  g_return_if_fail (report != NULL);

  analysis = ib_analysis_new (report);
  ib_window_show_analysis (self, analysis, status);
}

/* ---- running ---------------------------------------------------------- */

static void
history_saved (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(IbWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = ib_history_save_finish (result, &error);

  if (path == NULL)
    {
      g_warning ("Could not save the run to the history: %s", error->message);
      show_toast (self, _("Could not save this run to the history"));
      /* asked to close: stay open, the results still shown, and say why */
      self->close_when_saved = FALSE;
      return;
    }
  ib_history_page_reload (self->history_page);
  if (self->close_when_saved)
    {
      self->close_confirmed = TRUE;
      gtk_window_close (GTK_WINDOW (self));
    }
}

static void
on_report_changed (IbWindow *self)
{
  IbReport *report = ib_run_controller_get_report (self->controller);

  if (report == NULL)
    return;
  if (ib_results_page_get_report (self->results_page) != report)
    ib_results_page_set_live_report (self->results_page, report);
  else
    ib_results_page_refresh (self->results_page);
}

static void
on_finished (IbWindow        *self,
             IbReport        *report,
             GError          *error,
             IbRunController *controller)
{
  const char *status = NULL;

  if (g_error_matches (error, IB_ERROR, IB_ERROR_CANCELLED) ||
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    /* Translators: badge on results of a run the user stopped */
    status = _("Partial — stopped by you");
  else if (error != NULL)
    {
      status = _("Failed");
      if (report->error == NULL)
        report->error = g_strdup (error->message);
    }
  else if (report->partial)
    status = _("Partial");

  ib_results_page_set_analysis (self->results_page, ib_run_controller_get_analysis (controller),
                                status);
  ib_results_page_set_stopped (self->results_page,
                               g_error_matches (error, IB_ERROR, IB_ERROR_CANCELLED) ||
                               g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED));
  ib_plan_page_refresh_space (self->plan_page);
  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->main_stack), "history") != 0)
    show_page (self, "results");
  update_actions (self);

  if (report_has_content (report))
    ib_history_save_async (ib_run_controller_get_analysis (controller), NULL, history_saved,
                           g_object_ref (self));
  else if (self->close_when_saved)
    {
      /* nothing measured, nothing to keep */
      self->close_confirmed = TRUE;
      gtk_window_close (GTK_WINDOW (self));
    }
}

static void show_live_run (IbWindow *self);

static void
start_run (IbWindow *self)
{
  g_autoptr(IbPlan) plan = NULL;
  g_autoptr(GError) error = NULL;

  if (ib_run_controller_get_running (self->controller))
    return;

  plan = ib_plan_page_build_plan (self->plan_page, &error);
  if (plan == NULL)
    {
      _ib_window_show_error_dialog (self, _("The Plan Is Not Valid"), error->message);
      return;
    }
  ib_plan_page_save_settings (self->plan_page);
  if (!ib_run_controller_start (self->controller, plan, &error))
    {
      _ib_window_show_error_dialog (self, _("Could Not Start the Benchmark"),
                                    error->message);
      return;
    }
  show_live_run (self);
}

/* The results page follows the run just started. */
static void
show_live_run (IbWindow *self)
{
  ib_results_page_set_live_report (self->results_page,
                                   ib_run_controller_get_report (self->controller));
  /* No crossfade: each of its frames paints both pages, 13-20 ms of the
   * main loop's time apiece while the run makes its files. */
  gtk_stack_set_visible_child_full (self->main_stack, "results", GTK_STACK_TRANSITION_TYPE_NONE);
  show_page (self, "results");
  _ib_window_show_content (self);
  update_actions (self);
}

/* An undecided line of the answer shown (its id, @param), decided again
 * on the same pair and plan with the plan's budget again (60 s when it had
 * none) as more time (ib_run_controller_keep_deciding). */
static void
keep_deciding_activated (GSimpleAction *action,
                         GVariant      *param,
                         gpointer       user_data)
{
  IbWindow *self = IB_WINDOW (user_data);
  IbReport *report = ib_results_page_get_report (self->results_page);
  g_autoptr(GError) error = NULL;
  guint seconds;

  if (report == NULL || report->plan == NULL || ib_run_controller_get_running (self->controller))
    return;
  seconds = report->plan->budget_s > 0 ? report->plan->budget_s : IB_KEEP_DECIDING_S;
  if (!ib_run_controller_keep_deciding (self->controller, report,
                                        g_variant_get_string (param, NULL), seconds, &error))
    {
      _ib_window_show_error_dialog (self, _("Could Not Keep Deciding"), error->message);
      return;
    }
  show_live_run (self);
}

static void
run_activated (GSimpleAction *action,
               GVariant      *param,
               gpointer       user_data)
{
  start_run (IB_WINDOW (user_data));
}

static void
on_quick_response (AdwMessageDialog *dialog,
                   const char       *response,
                   gpointer          user_data)
{
  IbWindow *self = IB_WINDOW (user_data);

  if (g_str_equal (response, "discard"))
    {
      ib_plan_page_select_preset (self->plan_page, "quick");
      start_run (self);
    }
  g_object_unref (self);
}

/* Run Quick Benchmark replaces the plan with the quick preset's: on a plan
 * the user edited (valid or not), ask before throwing the edits away. */
static void
run_quick_activated (GSimpleAction *action,
                     GVariant      *param,
                     gpointer       user_data)
{
  IbWindow *self = IB_WINDOW (user_data);
  GtkWidget *dialog;

  if (!ib_plan_page_get_edited (self->plan_page))
    {
      ib_plan_page_select_preset (self->plan_page, "quick");
      start_run (self);
      return;
    }
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Discard Your Plan?"),
                                   _("The quick benchmark replaces the plan you edited with "
                                     "its own. To run your plan, use Run instead."));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "discard", _("_Discard and Run Quick Benchmark"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "discard",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect (dialog, "response", G_CALLBACK (on_quick_response), g_object_ref (self));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
stop_activated (GSimpleAction *action,
                GVariant      *param,
                gpointer       user_data)
{
  IbWindow *self = IB_WINDOW (user_data);

  ib_run_controller_stop (self->controller);
}

static void
chart_step_activated (GSimpleAction *action,
                      GVariant      *param,
                      gpointer       user_data)
{
  IbWindow *self = IB_WINDOW (user_data);

  ib_results_page_cycle_chart (self->results_page, g_variant_get_int32 (param));
}

/* ---- history ---------------------------------------------------------- */

static void
show_history_changed (GSimpleAction *action,
                      GVariant      *state,
                      gpointer       user_data)
{
  IbWindow *self = IB_WINDOW (user_data);

  /* Ctrl+H on the comparison (a view of the history) goes to History's
   * list, not away from History */
  if (!g_variant_get_boolean (state) && ib_history_page_get_comparing (self->history_page) &&
      g_strcmp0 (gtk_stack_get_visible_child_name (self->main_stack), "history") == 0)
    {
      ib_history_page_show_list (self->history_page);
      update_title (self);
      return;
    }
  if (g_variant_get_boolean (state))
    {
      ib_history_page_reload (self->history_page);
      ib_history_page_show_list (self->history_page);
      show_page (self, "history");
      _ib_window_show_content (self);
    }
  else
    show_page (self, ib_results_page_get_report (self->results_page) != NULL ? "results" : "empty");
}

static void
on_history_open (IbWindow      *self,
                 IbAnalysis    *analysis,
                 IbHistoryPage *page)
{
  ib_window_show_analysis (self, analysis,
                           ib_analysis_get_report (analysis)->partial ? _("Partial") : NULL);
}

/* ---- free space -------------------------------------------------------- */

static gboolean
refresh_space (gpointer user_data)
{
  IbWindow *self = IB_WINDOW (user_data);

  if (self->controller != NULL && !ib_run_controller_get_running (self->controller))
    ib_plan_page_refresh_space (self->plan_page);
  return G_SOURCE_CONTINUE;
}

/* ---- navigation ------------------------------------------------------- */

static void
on_back_clicked (IbWindow *self)
{
  adw_leaflet_set_visible_child (self->leaflet, self->plan_pane);
}

static void
on_forward_clicked (IbWindow *self)
{
  adw_leaflet_set_visible_child (self->leaflet, self->content_pane);
}

/* ---- the shortcuts window ------------------------------------------- */

/* GtkShortcutLabel shows GTK's own untranslated key names with their
 * underscores ("Page_Down"): a key is named as on the keyboard. */
static void
name_keys (GtkWidget *widget)
{
  static const struct
  {
    const char *gtk;
    const char *ours;
  } keys[] = {
    /* Translators: a key's name in the shortcuts window */
    { "Page_Down", NC_("keyboard key", "Page Down") },
    /* Translators: a key's name in the shortcuts window */
    { "Page_Up", NC_("keyboard key", "Page Up") },
  };

  if (GTK_IS_LABEL (widget) && gtk_widget_get_ancestor (widget, GTK_TYPE_SHORTCUT_LABEL) != NULL)
    for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
      if (g_strcmp0 (gtk_label_get_label (GTK_LABEL (widget)), keys[i].gtk) == 0)
        gtk_label_set_label (GTK_LABEL (widget), g_dpgettext2 (GETTEXT_PACKAGE, "keyboard key",
                                                               keys[i].ours));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    name_keys (child);
}

/* ---- GObject ---------------------------------------------------------- */

static const GActionEntry win_entries[] = {
  { "run", run_activated },
  { "keep-deciding", keep_deciding_activated, "s" },
  { "run-quick", run_quick_activated },
  { "stop", stop_activated },
  { "chart-step", chart_step_activated, "i" },
  { "show-history", NULL, NULL, "false", show_history_changed },
};

static gboolean
close_later (gpointer data)
{
  gtk_window_close (GTK_WINDOW (data));
  return G_SOURCE_REMOVE;
}

static void
on_close_response (AdwMessageDialog *dialog,
                   const char       *response,
                   gpointer          user_data)
{
  IbWindow *self = IB_WINDOW (user_data);
  gboolean running = self->controller != NULL &&
                     ib_run_controller_get_running (self->controller);

  self->close_dialog = NULL;
  if (g_str_equal (response, "stop") && running)
    {
      /* on_finished saves the partial results, history_saved closes */
      self->close_when_saved = TRUE;
      ib_run_controller_stop (self->controller);
    }
  else if (g_str_equal (response, "stop") || g_str_equal (response, "quit"))
    {
      /* once the dialog is gone: it must not outlive the window it is for */
      self->close_confirmed = TRUE;
      g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, close_later, g_object_ref (self),
                       g_object_unref);
    }
  g_object_unref (self);
}

/* Ctrl+Q or the close button during a run: stopping
 * keeps what was measured (in the history, as Stop does); quitting at once
 * drops it. Ask rather than guess. */
static void
ask_close_while_running (IbWindow *self)
{
  GtkWidget *dialog;

  if (self->close_dialog != NULL)
    {
      gtk_window_present (GTK_WINDOW (self->close_dialog));
      return;
    }
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Stop the Benchmark?"),
                                   _("A benchmark is running. Stopping it keeps the results "
                                     "measured so far in the history; quitting now drops "
                                     "them."));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "keep", _("_Keep Running"),
                                    "quit", _("_Quit"),
                                    "stop", _("_Stop and Keep Results"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "quit",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "stop",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "stop");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "keep");
  g_signal_connect (dialog, "response", G_CALLBACK (on_close_response), g_object_ref (self));
  self->close_dialog = dialog;
  gtk_window_present (GTK_WINDOW (dialog));
}

static gboolean
ib_window_close_request (GtkWindow *window)
{
  IbWindow *self = IB_WINDOW (window);

  if (!self->close_confirmed && self->controller != NULL &&
      (ib_run_controller_get_running (self->controller) || self->close_when_saved))
    {
      if (!self->close_when_saved)
        ask_close_while_running (self);
      return TRUE;
    }

  /* The application stays alive (held by the controller) until the engine
   * has deleted its files. */
  ib_run_controller_stop (self->controller);
  return GTK_WINDOW_CLASS (ib_window_parent_class)->close_request (window);
}

static void
ib_window_dispose (GObject *object)
{
  IbWindow *self = IB_WINDOW (object);

  g_clear_handle_id (&self->space_timeout, g_source_remove);
  if (self->controller != NULL)
    ib_run_controller_stop (self->controller);
  g_clear_object (&self->controller);
  g_clear_object (&self->settings);
  g_clear_object (&self->last_export_folder);

  G_OBJECT_CLASS (ib_window_parent_class)->dispose (object);
}

static void
ib_window_finalize (GObject *object)
{
  IbWindow *self = IB_WINDOW (object);

  g_free (self->last_export_error);
  g_free (self->last_open_error);
  G_OBJECT_CLASS (ib_window_parent_class)->finalize (object);
}

static void
ib_window_class_init (IbWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = ib_window_dispose;
  object_class->finalize = ib_window_finalize;
  window_class->close_request = ib_window_close_request;

  ib_app_ensure_resources ();
  g_type_ensure (IB_TYPE_PLAN_PAGE);
  g_type_ensure (IB_TYPE_RESULTS_PAGE);
  g_type_ensure (IB_TYPE_HISTORY_PAGE);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/iobench/IoBench/ui/window.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, IbWindow, name)
  BIND (toast_overlay);
  BIND (leaflet);
  BIND (plan_pane);
  BIND (content_pane);
  BIND (run_stop_stack);
  BIND (content_stop_button);
  BIND (content_title);
  BIND (run_reason_revealer);
  BIND (run_reason_label);
  BIND (export_menu);
  BIND (compare_export_menu);
  BIND (export_submenu);
  BIND (export_button);
  BIND (primary_menu_button);
  BIND (main_stack);
  BIND (plan_page);
  BIND (results_page);
  BIND (history_page);
#undef BIND
  gtk_widget_class_bind_template_callback (widget_class, on_back_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_forward_clicked);
}

static void
ib_window_init (IbWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* Main menu -> Export: the export button's formats, whichever they are. */
  g_menu_append_section (self->export_submenu, NULL,
                         gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (self->export_button)));

  g_action_map_add_action_entries (G_ACTION_MAP (self), win_entries,
                                   G_N_ELEMENTS (win_entries), self);
  _ib_window_add_export_actions (self);
  _ib_window_add_open_actions (self, show_opened);

  self->controller = ib_run_controller_new ();
  ib_results_page_set_controller (self->results_page, self->controller);
  g_signal_connect_object (self->controller, "report-changed",
                           G_CALLBACK (on_report_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->controller, "finished",
                           G_CALLBACK (on_finished), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->controller, "notify::running",
                           G_CALLBACK (update_actions), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->controller, "notify::stopping",
                           G_CALLBACK (update_actions), self, G_CONNECT_SWAPPED);
  g_signal_connect_swapped (self->plan_page, "notify::valid", G_CALLBACK (update_actions), self);
  g_signal_connect_swapped (self->plan_page, "notify::error", G_CALLBACK (update_actions), self);
  g_signal_connect_swapped (self->leaflet, "notify::folded", G_CALLBACK (update_actions), self);
  g_signal_connect_swapped (self->history_page, "open-report",
                            G_CALLBACK (on_history_open), self);
  g_signal_connect_swapped (self->history_page, "notify::comparing",
                            G_CALLBACK (update_title), self);
  g_signal_connect_swapped (self->history_page, "notify::comparing",
                            G_CALLBACK (update_actions), self);

  /* Free space changes under us: read it again now and then, and when the
   * window comes back to the front, so Run is refused before it starts. */
  self->space_timeout = g_timeout_add_seconds (15, refresh_space, self);
  g_signal_connect_swapped (self, "notify::is-active", G_CALLBACK (refresh_space), self);

  show_page (self, "empty");
  update_actions (self);
  ib_accessible_fix_names (GTK_WIDGET (self));
  ib_accessible_name_menu_button (GTK_MENU_BUTTON (self->export_button),
                                  _("Export the chart or the report"));
  ib_accessible_name_menu_button (GTK_MENU_BUTTON (self->primary_menu_button), _("Main menu"));
}

/* ---- a folder gone since the last session ------------------------------ */

static void
on_missing_folder_response (AdwMessageDialog *dialog,
                            const char       *response,
                            gpointer          user_data)
{
  IbWindow *self = IB_WINDOW (user_data);

  if (g_str_equal (response, "default"))
    {
      g_autofree char *dir = ib_plan_page_dup_default_dir (self->plan_page);

      if (dir != NULL)
        ib_plan_page_set_dir (self->plan_page, dir);
    }
  else if (g_str_equal (response, "choose"))
    ib_plan_page_choose_folder (self->plan_page);
  g_object_unref (self);
}

/* The folder of the last session was deleted: say so once the window is
 * shown and ask, rather than quietly use another one. Closing the dialog
 * keeps the missing folder: Run stays off and the folder row says why. */
static void
ask_missing_folder (IbWindow *self)
{
  const char *missing = ib_plan_page_get_missing_dir (self->plan_page);
  g_autofree char *name = NULL, *default_dir = NULL, *default_name = NULL;
  GtkWidget *dialog;

  g_signal_handlers_disconnect_by_func (self, ask_missing_folder, NULL);
  if (missing == NULL)
    return;
  name = g_filename_display_name (missing);
  default_dir = ib_plan_page_dup_default_dir (self->plan_page);
  default_name = g_filename_display_name (default_dir != NULL ? default_dir : "");
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("The Folder for the Test Files Is Gone"),
                                   NULL);
  adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (dialog),
                                  /* Translators: the folder chosen last time, then the
                                   * default folder */
                                  _("The folder “%s”, chosen last time, no longer exists. "
                                    "Choose another folder, or use the default folder “%s”."),
                                  name, default_name);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "keep", _("_Not Now"),
                                    "choose", _("C_hoose Folder…"),
                                    "default", _("_Use Default Folder"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "default",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "default");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "keep");
  gtk_window_set_destroy_with_parent (GTK_WINDOW (dialog), TRUE);
  g_signal_connect (dialog, "response", G_CALLBACK (on_missing_folder_response),
                    g_object_ref (self));
  gtk_window_present (GTK_WINDOW (dialog));
}

void
ib_window_ask_missing_folder (IbWindow *self)
{
  g_return_if_fail (IB_IS_WINDOW (self));

  if (ib_plan_page_get_missing_dir (self->plan_page) == NULL)
    return;
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    ask_missing_folder (self);
  else
    g_signal_connect (self, "map", G_CALLBACK (ask_missing_folder), NULL);
}

IbWindow *
ib_window_new (GtkApplication *app,
               GSettings      *settings)
{
  IbWindow *self = g_object_new (IB_TYPE_WINDOW, "application", app, NULL);
  GtkShortcutsWindow *shortcuts = gtk_application_window_get_help_overlay (
    GTK_APPLICATION_WINDOW (self));

  /* the application set it when the window joined it */
  if (shortcuts != NULL)
    {
      name_keys (GTK_WIDGET (shortcuts));
      g_signal_connect (shortcuts, "map", G_CALLBACK (name_keys), NULL);
    }

  if (settings != NULL)
    {
      self->settings = g_object_ref (settings);
      g_settings_bind (settings, "window-width", self, "default-width", G_SETTINGS_BIND_DEFAULT);
      g_settings_bind (settings, "window-height", self, "default-height",
                       G_SETTINGS_BIND_DEFAULT);
      g_settings_bind (settings, "window-maximized", self, "maximized", G_SETTINGS_BIND_DEFAULT);
    }
  else
    gtk_window_set_default_size (GTK_WINDOW (self), 1100, 720);
  ib_plan_page_set_settings (self->plan_page, settings);
  update_actions (self);
  ib_history_page_reload (self->history_page);
  return self;
}

IbPlanPage *
ib_window_get_plan_page (IbWindow *self)
{
  g_return_val_if_fail (IB_IS_WINDOW (self), NULL);
  return self->plan_page;
}

IbResultsPage *
ib_window_get_results_page (IbWindow *self)
{
  g_return_val_if_fail (IB_IS_WINDOW (self), NULL);
  return self->results_page;
}

IbHistoryPage *
ib_window_get_history_page (IbWindow *self)
{
  g_return_val_if_fail (IB_IS_WINDOW (self), NULL);
  return self->history_page;
}

IbRunController *
ib_window_get_controller (IbWindow *self)
{
  g_return_val_if_fail (IB_IS_WINDOW (self), NULL);
  return self->controller;
}

guint
ib_window_get_n_pending_exports (IbWindow *self)
{
  g_return_val_if_fail (IB_IS_WINDOW (self), 0);
  return self->n_pending_exports;
}

const char *
ib_window_get_last_export_error (IbWindow *self)
{
  g_return_val_if_fail (IB_IS_WINDOW (self), NULL);
  return self->last_export_error;
}

const char *
ib_window_get_last_open_error (IbWindow *self)
{
  g_return_val_if_fail (IB_IS_WINDOW (self), NULL);
  return self->last_open_error;
}
