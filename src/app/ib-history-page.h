/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-history-page.h: saved runs, newest first; open one, compare two. */
#pragma once

#include <adwaita.h>

#include "analysis/ib-analysis.h"
#include "chart/ib-chart.h"
#include "engine/model/ib-types.h"

G_BEGIN_DECLS

#define IB_TYPE_HISTORY_PAGE (ib_history_page_get_type ())
G_DECLARE_FINAL_TYPE (IbHistoryPage, ib_history_page, IB, HISTORY_PAGE, AdwBin)

/* Re-reads the history folder (off the main thread). */
void   ib_history_page_reload        (IbHistoryPage *self);
/* Entries listed, damaged ones (shown with the reason, never opened) too. */
guint  ib_history_page_get_n_entries (IbHistoryPage *self);
/* The title of entry @index in the list (newest first): its headline. */
char  *ib_history_page_dup_row_title (IbHistoryPage *self,
                                      guint          index);
guint  ib_history_page_get_n_damaged (IbHistoryPage *self);
/* Shows the comparison of two analysed reports (ib_comparison_new). */
void   ib_history_page_compare_analyses (IbHistoryPage *self,
                                         IbAnalysis    *a,
                                         IbAnalysis    *b);
/* The same, analysing @a and @b first (the tests). */
void   ib_history_page_compare       (IbHistoryPage *self,
                                      IbReport      *a,
                                      IbReport      *b);
void   ib_history_page_show_list     (IbHistoryPage *self);
/* Rows of the comparison's tables shown (ib_table_comparison), all sections. */
guint  ib_history_page_get_n_ratio_rows (IbHistoryPage *self);
/* Whether a comparison is shown ("comparing" property), the comparison
 * (A older, B newer; not referenced; NULL when none is shown) and its
 * log-scale switch. */
gboolean ib_history_page_get_comparing  (IbHistoryPage *self);
IbComparison *ib_history_page_get_comparison (IbHistoryPage *self);
gboolean ib_history_page_get_log_scale  (IbHistoryPage *self);
/* The part of the two runs the comparison's chart shows (reads, overhead,
 * write + delete, sweep), as chosen above the chart. */
IbCompareChart ib_history_page_get_chart_part (IbHistoryPage *self);
/* Chooses that part; FALSE when the two runs do not both have it. */
gboolean ib_history_page_set_chart_part (IbHistoryPage  *self,
                                         IbCompareChart  part);

G_END_DECLS
