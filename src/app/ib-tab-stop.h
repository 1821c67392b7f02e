/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-tab-stop.h: a bin that is one Tab stop, however many focusable widgets
 * it holds; the arrow keys move inside it (a list, a table, a switcher). */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define IB_TYPE_TAB_STOP (ib_tab_stop_get_type ())
G_DECLARE_FINAL_TYPE (IbTabStop, ib_tab_stop, IB, TAB_STOP, AdwBin)

GtkWidget *ib_tab_stop_new        (GtkWidget        *child);

/* The focus vfunc of a one-stop widget: Tab leaves once inside. For widgets
 * that cannot be wrapped (IbStatsTable). */
gboolean   ib_tab_stop_focus_once (GtkWidget        *widget,
                                   GtkDirectionType  direction,
                                   gboolean        (*parent_focus) (GtkWidget *,
                                                                    GtkDirectionType));

G_END_DECLS
