/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-stats-table.h: the statistics of a report as a sortable GtkColumnView. */
#pragma once

#include <gtk/gtk.h>

#include "engine/model/ib-types.h"
#include "ib-side-scroller.h"

G_BEGIN_DECLS

#define IB_TYPE_STATS_ROW (ib_stats_row_get_type ())
G_DECLARE_FINAL_TYPE (IbStatsRow, ib_stats_row, IB, STATS_ROW, GObject)

#define IB_TYPE_STATS_TABLE (ib_stats_table_get_type ())
G_DECLARE_FINAL_TYPE (IbStatsTable, ib_stats_table, IB, STATS_TABLE, GtkWidget)

GtkWidget     *ib_stats_table_new         (void);
void           ib_stats_table_set_report  (IbStatsTable *self,
                                           const IbReport *report);
/* While live (a run goes on) rows keep their place, and every strategy of
 * the report's plan has a row from the start (dashes until measured);
 * sorted, and rows never measured dropped, when it ends. */
void           ib_stats_table_set_live    (IbStatsTable *self,
                                           gboolean      live);
/* Rows: strategies with a measured sample, and while live the planned ones. */
guint          ib_stats_table_get_n_rows  (IbStatsTable *self);
const IbStats *ib_stats_row_get_stats     (IbStatsRow   *row);

G_END_DECLS
