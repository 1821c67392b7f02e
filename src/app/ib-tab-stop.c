/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-tab-stop.c: Tab enters the child once and the next Tab leaves it, so a
 * list of twenty rows costs a keyboard user one press, not twenty (or forty
 * when each row also holds a check button). Inside, the arrow keys move
 * from row to row: GtkListBox, GtkColumnView and GtkBox already do that. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include "ib-tab-stop.h"

struct _IbTabStop
{
  AdwBin parent_instance;
};

G_DEFINE_FINAL_TYPE (IbTabStop, ib_tab_stop, ADW_TYPE_BIN)

gboolean
ib_tab_stop_focus_once (GtkWidget        *widget,
                        GtkDirectionType  direction,
                        gboolean        (*parent_focus) (GtkWidget *, GtkDirectionType))
{
  GtkRoot *root = gtk_widget_get_root (widget);
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  /* Focus is inside: Tab and Shift+Tab go on to the widgets around. */
  if ((direction == GTK_DIR_TAB_FORWARD || direction == GTK_DIR_TAB_BACKWARD) &&
      focus != NULL && focus != widget && gtk_widget_is_ancestor (focus, widget))
    return FALSE;
  return parent_focus (widget, direction);
}

static gboolean
ib_tab_stop_focus (GtkWidget        *widget,
                   GtkDirectionType  direction)
{
  return ib_tab_stop_focus_once (widget, direction,
                                 GTK_WIDGET_CLASS (ib_tab_stop_parent_class)->focus);
}

static void
ib_tab_stop_class_init (IbTabStopClass *klass)
{
  GTK_WIDGET_CLASS (klass)->focus = ib_tab_stop_focus;
}

static void
ib_tab_stop_init (IbTabStop *self)
{
}

GtkWidget *
ib_tab_stop_new (GtkWidget *child)
{
  return g_object_new (IB_TYPE_TAB_STOP, "child", child, NULL);
}
