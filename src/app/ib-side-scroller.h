/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-side-scroller.h: a table wider than the page scrolls sideways, with a
 * scrollbar under its last row, a fade where columns go on, the wheel left to
 * the page and Left/Right for the keyboard. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define IB_TYPE_SIDE_SCROLLER (ib_side_scroller_get_type ())
G_DECLARE_FINAL_TYPE (IbSideScroller, ib_side_scroller, IB, SIDE_SCROLLER, GtkWidget)

GtkWidget *ib_side_scroller_new       (void);
void       ib_side_scroller_set_child (IbSideScroller *self,
                                       GtkWidget      *child);
GtkWidget *ib_side_scroller_get_child (IbSideScroller *self);

/* The page scrolls, not @inner, when the wheel turns over a table that
 * only scrolls sideways. */
void       ib_scroll_pass_vertical    (GtkScrolledWindow *inner);

G_END_DECLS
