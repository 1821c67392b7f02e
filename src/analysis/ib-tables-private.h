/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-tables-private.h: how ib-tables.c and ib-tables-compare.c build an
 * IbTable. */
#pragma once

#include "ib-tables.h"

G_BEGIN_DECLS

/* Headers are given as NULL-terminated varargs; a leading '>' marks a
 * numeric (right-aligned) column and '~' a column of sentences (see
 * IbTable.prose); the mark is not shown. */
IbTable *_ib_table_new  (const char *id,
                         const char *title,
                         ...) G_GNUC_NULL_TERMINATED;
/* The same with the headers in an array (marked alike). */
IbTable *_ib_table_newv (const char        *id,
                         const char        *title,
                         const char * const *headers,
                         guint              n_headers);
/* Appends a column (its header marked alike) that the displays of
 * @widths show. The columns of _ib_table_new are for both widths. */
void     _ib_table_add_column (IbTable      *table,
                               const char   *header,
                               IbTableWidth  widths);
/* Takes ownership of the cells: exactly one per header; NULL is "". */
void     _ib_table_add  (IbTable    *table,
                         ...);
/* Takes ownership of @cells: an array of one entry per header (an entry
 * may be NULL, shown as ""). */
void     _ib_table_addv (IbTable    *table,
                         char      **cells);
/* Keeps @id as the tooltip of column @column of the row added last. */
void     _ib_table_tip  (IbTable    *table,
                         int         column,
                         const char *id);
/* "1.2 ms – 3.4 ms" */
char    *_ib_table_interval (double low,
                             double high);

G_END_DECLS
