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

#include <adwaita.h>

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
  /* a new model at the same position says nothing of its item */
  g_signal_connect (drop_down, "notify::model", G_CALLBACK (name_drop_down_toggle), NULL);
  name_drop_down_toggle (drop_down);
}

/* A row's title as read: without its mnemonic underline. */
static char *
plain_title (AdwPreferencesRow *row)
{
  const char *title = adw_preferences_row_get_title (row);
  GString    *plain;

  if (title == NULL || !adw_preferences_row_get_use_underline (row))
    return g_strdup (title != NULL ? title : "");
  plain = g_string_new (NULL);
  for (const char *p = title; *p != '\0'; p++)
    if (*p != '_' || p[1] == '_')
      g_string_append_c (plain, *p == '_' ? *++p : *p);
  return g_string_free (plain, FALSE);
}

/* The first label under @root that reads @text, or NULL. */
static GtkWidget *
find_label (GtkWidget  *root,
            const char *text)
{
  if (GTK_IS_LABEL (root) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (root)), text) == 0)
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_label (c, text);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The value an AdwComboRow (1.2) shows is a one-row GtkListView, named by
 * its type and its row by nothing: the list is named by the row's title,
 * its row by the value shown. */
static void
name_combo_value (AdwComboRow *row)
{
  GObject         *item = adw_combo_row_get_selected_item (row);
  const char      *value = NULL;
  GtkWidget       *list = NULL;
  GPtrArray       *stack = g_ptr_array_new ();
  g_autofree char *title = NULL;

  if (GTK_IS_STRING_OBJECT (item))
    value = gtk_string_object_get_string (GTK_STRING_OBJECT (item));
  g_ptr_array_add (stack, row);
  while (stack->len > 0 && list == NULL)
    {
      GtkWidget *w = g_ptr_array_steal_index (stack, stack->len - 1);

      if (GTK_IS_POPOVER (w))
        continue;
      if (GTK_IS_LIST_VIEW (w))
        list = w;
      for (GtkWidget *c = gtk_widget_get_first_child (w); c != NULL;
           c = gtk_widget_get_next_sibling (c))
        g_ptr_array_add (stack, c);
    }
  g_ptr_array_unref (stack);
  if (list == NULL)
    return;
  title = plain_title (ADW_PREFERENCES_ROW (row));
  gtk_accessible_update_property (GTK_ACCESSIBLE (list), GTK_ACCESSIBLE_PROPERTY_LABEL, title, -1);
  for (GtkWidget *c = gtk_widget_get_first_child (list); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    if (value != NULL)
      gtk_accessible_update_property (GTK_ACCESSIBLE (c), GTK_ACCESSIBLE_PROPERTY_LABEL, value,
                                      -1);
    else
      gtk_accessible_reset_property (GTK_ACCESSIBLE (c), GTK_ACCESSIBLE_PROPERTY_LABEL);
}

static void
follow_combo_row (AdwComboRow *row)
{
  if (g_object_get_data (G_OBJECT (row), "ib-accessible-follows") != NULL)
    return;
  g_object_set_data (G_OBJECT (row), "ib-accessible-follows", GINT_TO_POINTER (1));
  /* after the row's own handler has shown the new value */
  g_signal_connect_after (row, "notify::selected-item", G_CALLBACK (name_combo_value), NULL);
  g_signal_connect_after (row, "notify::model", G_CALLBACK (name_combo_value), NULL);
  g_signal_connect_after (row, "map", G_CALLBACK (name_combo_value), NULL);
  name_combo_value (row);
}

/* Names what libadwaita 1.2 leaves to GTK's fallback, the type name: the
 * lists a preferences group holds ("GtkListBox") by the group's title
 * (@group_title, the label that shows it), and an expander row, its inner
 * list and its enable switch ("GtkSwitch") by the row's title (@expander). */
static void
fix_names (GtkWidget  *root,
           GtkWidget  *group_title,
           const char *expander)
{
  g_autofree char *title = NULL;

  if (GTK_IS_POPOVER (root))
    return;
  if (GTK_IS_BUTTON (root) && gtk_button_get_use_underline (GTK_BUTTON (root)) &&
      gtk_button_get_label (GTK_BUTTON (root)) != NULL)
    gtk_accessible_reset_property (GTK_ACCESSIBLE (root), GTK_ACCESSIBLE_PROPERTY_LABEL);
  else if (GTK_IS_DROP_DOWN (root))
    ib_accessible_follow_drop_down (GTK_DROP_DOWN (root));
  else if (ADW_IS_EXPANDER_ROW (root))
    {
      title = plain_title (ADW_PREFERENCES_ROW (root));
      expander = title;
      gtk_accessible_update_property (GTK_ACCESSIBLE (root), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      expander, -1);
    }
  else if (ADW_IS_PREFERENCES_GROUP (root))
    {
      const char *text = adw_preferences_group_get_title (ADW_PREFERENCES_GROUP (root));

      group_title = text != NULL && *text != '\0' ? find_label (root, text) : NULL;
    }
  else if (GTK_IS_LIST_BOX (root) && expander != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (root), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                    expander, -1);
  else if (GTK_IS_LIST_BOX (root) && group_title != NULL)
    {
      /* by the title's label, as the group's own list is: said once */
      gtk_accessible_reset_relation (GTK_ACCESSIBLE (root), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
      gtk_accessible_update_relation (GTK_ACCESSIBLE (root), GTK_ACCESSIBLE_RELATION_LABELLED_BY,
                                      group_title, NULL, -1);
    }
  else if (ADW_IS_COMBO_ROW (root))
    follow_combo_row (ADW_COMBO_ROW (root));
  else if (GTK_IS_SWITCH (root) && expander != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (root), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                    expander, -1);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    fix_names (child, group_title, expander);
}

void
ib_accessible_fix_names (GtkWidget *root)
{
  g_return_if_fail (GTK_IS_WIDGET (root));

  fix_names (root, NULL, NULL);
}
