/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-window-open.c: opening a saved report in the window: win.open (Ctrl+O),
 * a report dropped on the window, and ib_window_open_file(). The report is
 * loaded off the main thread; a dialog says why when it cannot be. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>

#include "ib-export.h"
#include "ib-window-private.h"

static void
report_loaded (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(IbWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(IbAnalysis) analysis = ib_report_load_finish (result, &error);

  g_clear_pointer (&self->last_open_error, g_free);
  if (analysis == NULL)
    {
      self->last_open_error = g_strdup (error->message);
      _ib_window_show_error_dialog (self, _("Could Not Open the Report"), error->message);
      return;
    }
  self->show_opened (self, analysis);
}

void
ib_window_open_file (IbWindow *self,
                     GFile    *file)
{
  g_autofree char *path = NULL;

  g_return_if_fail (IB_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  path = g_file_get_path (file);
  if (path == NULL)
    {
      _ib_window_show_error_dialog (self, _("Could Not Open the Report"),
                                    _("Only reports on this computer can be opened."));
      return;
    }
  ib_report_load_async (path, NULL, report_loaded, g_object_ref (self));
}

static void
on_open_chosen (GtkNativeDialog *dialog,
                int              response,
                gpointer         user_data)
{
  IbWindow *self = IB_WINDOW (user_data);

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));

      if (file != NULL)
        ib_window_open_file (self, file);
    }
  g_object_unref (dialog);
  g_object_unref (self);
}

static void
open_activated (GSimpleAction *action,
                GVariant      *param,
                gpointer       user_data)
{
  IbWindow *self = IB_WINDOW (user_data);
  GtkFileChooserNative *dialog;
  GtkFileFilter *filter;

  dialog = gtk_file_chooser_native_new (_("Open Report"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  filter = gtk_file_filter_new ();
  gtk_file_filter_set_name (filter, _("I/O Bench reports (JSON)"));
  gtk_file_filter_add_pattern (filter, "*.json");
  gtk_file_filter_add_mime_type (filter, "application/json");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
  g_object_unref (filter);
  g_signal_connect (dialog, "response", G_CALLBACK (on_open_chosen), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static gboolean
on_drop (GtkDropTarget *target,
         const GValue  *value,
         double         x,
         double         y,
         IbWindow      *self)
{
  GSList *files;

  if (!G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST) ||
      ib_run_controller_get_running (self->controller))
    return FALSE;
  files = g_value_get_boxed (value);
  if (files == NULL)
    return FALSE;
  /* One report at a time: the last one dropped. */
  ib_window_open_file (self, g_slist_last (files)->data);
  return TRUE;
}

static const GActionEntry open_entries[] = {
  { "open", open_activated },
};

void
_ib_window_add_open_actions (IbWindow           *self,
                             IbWindowShowOpened  show_opened)
{
  GtkDropTarget *drop;

  self->show_opened = show_opened;
  g_action_map_add_action_entries (G_ACTION_MAP (self), open_entries,
                                   G_N_ELEMENTS (open_entries), self);
  /* A report dropped on the window opens as with Ctrl+O. */
  drop = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);
  g_signal_connect (drop, "drop", G_CALLBACK (on_drop), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));
}
