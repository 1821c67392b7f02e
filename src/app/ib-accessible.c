/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-accessible.c: names GTK 4.8 gets wrong in the accessibility tree.
 *
 *  - A button with a mnemonic label is named twice: by its raw label
 *    ("Run _Quick Benchmark") and by the label child. The child alone is right.
 *  - A GtkMenuButton is a button holding a toggle button "labelled by" it, so
 *    a screen reader meets "Export, button" inside "Export, button". The
 *    outer widget has the generic role (set in the .ui: it is construct-only)
 *    and the toggle, which takes the focus and the click, holds the name
 *    (ib_accessible_name_menu_button()).
 *  - A GtkDropDown's toggle has no name at all: it is named by the item it
 *    shows, as a sighted user reads it. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include "ib-accessible.h"

void
ib_accessible_name_menu_button (GtkMenuButton *button,
                                const char    *label)
{
  GtkWidget *toggle;
  const char *tooltip;

  g_return_if_fail (GTK_IS_MENU_BUTTON (button));
  g_return_if_fail (label != NULL);

  toggle = gtk_widget_get_first_child (GTK_WIDGET (button));
  tooltip = gtk_widget_get_tooltip_text (GTK_WIDGET (button));
  g_return_if_fail (GTK_IS_TOGGLE_BUTTON (toggle));
  /* the outer widget says nothing: its role is generic, its tooltip is the
   * toggle's description */
  g_warn_if_fail (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (button)) ==
                  GTK_ACCESSIBLE_ROLE_GENERIC);
  gtk_accessible_reset_relation (GTK_ACCESSIBLE (toggle), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
  gtk_accessible_update_property (GTK_ACCESSIBLE (toggle),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  GTK_ACCESSIBLE_PROPERTY_HAS_POPUP, TRUE,
                                  -1);
  gtk_accessible_reset_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL);
  gtk_accessible_reset_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
  if (tooltip != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (toggle),
                                    GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, tooltip, -1);
}

static void
name_drop_down_toggle (GtkDropDown *drop_down)
{
  GObject *item = gtk_drop_down_get_selected_item (drop_down);
  GtkWidget *toggle = gtk_widget_get_first_child (GTK_WIDGET (drop_down));

  if (!GTK_IS_TOGGLE_BUTTON (toggle))
    return;
  if (GTK_IS_STRING_OBJECT (item))
    gtk_accessible_update_property (GTK_ACCESSIBLE (toggle), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                    gtk_string_object_get_string (GTK_STRING_OBJECT (item)),
                                    -1);
  else
    gtk_accessible_reset_property (GTK_ACCESSIBLE (toggle), GTK_ACCESSIBLE_PROPERTY_LABEL);
}

void
ib_accessible_follow_drop_down (GtkDropDown *drop_down)
{
  g_return_if_fail (GTK_IS_DROP_DOWN (drop_down));

  if (g_object_get_data (G_OBJECT (drop_down), "ib-accessible-follows") != NULL)
    return;
  g_object_set_data (G_OBJECT (drop_down), "ib-accessible-follows", GINT_TO_POINTER (1));
  g_signal_connect (drop_down, "notify::selected-item", G_CALLBACK (name_drop_down_toggle), NULL);
  name_drop_down_toggle (drop_down);
}

void
ib_accessible_fix_names (GtkWidget *root)
{
  g_return_if_fail (GTK_IS_WIDGET (root));

  if (GTK_IS_BUTTON (root) && gtk_button_get_use_underline (GTK_BUTTON (root)) &&
      gtk_button_get_label (GTK_BUTTON (root)) != NULL)
    gtk_accessible_reset_property (GTK_ACCESSIBLE (root), GTK_ACCESSIBLE_PROPERTY_LABEL);
  else if (GTK_IS_DROP_DOWN (root))
    ib_accessible_follow_drop_down (GTK_DROP_DOWN (root));
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    ib_accessible_fix_names (child);
}
