/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-table-view.h: one table of the table model (analysis/ib-tables.h) in
 * the window, the cells the CLI and the reports print. A screen reader
 * reads a table: the widget is a table, each line a row, each header a
 * column header and each cell a cell with its row and column index. */
#pragma once

#include <gtk/gtk.h>

#include "analysis/ib-tables.h"

G_BEGIN_DECLS

#define IB_TYPE_TABLE_VIEW (ib_table_view_get_type ())
G_DECLARE_FINAL_TYPE (IbTableView, ib_table_view, IB, TABLE_VIEW, GtkWidget)

GtkWidget  *ib_table_view_new        (void);
/* The same laid out as a list that fits a narrow window: a card a row of
 * the model with its name, its sentences and its numbers, each number
 * under its column's header; the columns a narrow display shows
 * (IB_TABLE_NARROW). Still a table of rows of cells to a screen reader. */
GtkWidget  *ib_table_view_new_list   (void);
/* Shows @table (copied; NULL empties the view). The table's title becomes
 * the accessible label. As a table, the columns a wide display shows but
 * the sentence columns: the window shows numbers in a table and sentences
 * elsewhere. */
void        ib_table_view_set_table  (IbTableView   *self,
                                      const IbTable *table);
/* The rows shown: the header row and the model's rows in a table, the
 * model's rows in a list. */
guint       ib_table_view_get_n_rows (IbTableView   *self);
guint       ib_table_view_get_n_columns (IbTableView *self);
/* The label of the cell at @row (0 is the header row) and @column of a
 * table, or NULL (for tests). */
GtkLabel   *ib_table_view_get_cell   (IbTableView   *self,
                                      guint          row,
                                      guint          column);

G_END_DECLS
