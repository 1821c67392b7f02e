/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-window-dialog.c: the window's error dialog, which the files the window
 * is split over (ib-window-private.h) all show. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>

#include "ib-window-private.h"

void
_ib_window_show_error_dialog (IbWindow   *self,
                              const char *heading,
                              const char *body)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, body);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "close");
  gtk_window_present (GTK_WINDOW (dialog));
}
