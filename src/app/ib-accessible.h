/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-accessible.h: names the accessibility tree says once and for every
 * control, where GTK 4.8's own widgets leave one out or say one twice. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Walks @root: a button with a mnemonic label is named by its label child
 * alone; a drop-down's toggle is named by the item it shows, and follows
 * the selection. */
void ib_accessible_fix_names        (GtkWidget     *root);

/* Names the toggle inside @drop_down by its selected item and keeps it so. */
void ib_accessible_follow_drop_down (GtkDropDown   *drop_down);

/* Names the toggle inside @button @label (what its click does), described by
 * the button's tooltip; the button itself, of the generic role (set in its
 * .ui, construct-only), says nothing. */
void ib_accessible_name_menu_button (GtkMenuButton *button,
                                     const char    *label);

G_END_DECLS
