/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-results-page.h: one report: charts, statistics, findings, warnings, and
 * the progress of the run that is filling it. */
#pragma once

#include <adwaita.h>

#include "analysis/ib-analysis.h"
#include "chart/ib-chart.h"
#include "ib-run-controller.h"

G_BEGIN_DECLS

#define IB_TYPE_RESULTS_PAGE (ib_results_page_get_type ())
G_DECLARE_FINAL_TYPE (IbResultsPage, ib_results_page, IB, RESULTS_PAGE, AdwBin)

void          ib_results_page_set_controller (IbResultsPage   *self,
                                              IbRunController *controller);
/* Shows the report of @analysis (referenced) with its answer and findings.
 * @status: a badge such as "Partial — stopped by you", or NULL. */
void          ib_results_page_set_analysis   (IbResultsPage   *self,
                                              IbAnalysis      *analysis,
                                              const char      *status);
/* Shows @report of a run still going on (ib_analysis_new_live): it grows,
 * and each refresh shows its answer so far. */
void          ib_results_page_set_live_report (IbResultsPage  *self,
                                               IbReport       *report);
/* Scrolls the page to its top (a run opened is read from there). */
void          ib_results_page_scroll_to_top  (IbResultsPage   *self);
/* The run shown was stopped by the user: a neutral note, not a failure. */
void          ib_results_page_set_stopped    (IbResultsPage   *self,
                                              gboolean         stopped);
gboolean      ib_results_page_get_stopped    (IbResultsPage   *self);
/* The report shown has grown (live run): re-read it. */
void          ib_results_page_refresh        (IbResultsPage   *self);
IbReport     *ib_results_page_get_report     (IbResultsPage   *self);
IbAnalysis   *ib_results_page_get_analysis   (IbResultsPage   *self);
AdwViewStack *ib_results_page_get_chart_stack (IbResultsPage  *self);
const IbChartKindInfo *ib_results_page_get_chart_kind (IbResultsPage *self);
gboolean      ib_results_page_get_log_scale  (IbResultsPage   *self);
guint         ib_results_page_get_n_stats_rows (IbResultsPage *self);
/* The answer card's headline, NULL when the card is hidden. */
const char   *ib_results_page_get_answer      (IbResultsPage *self);
/* The lines under the answer's headline, one "• " item a line, or NULL. */
const char   *ib_results_page_get_answer_details (IbResultsPage *self);
/* The headline of the answer card @id ("write-unlink", "small-files"),
 * NULL when it is not shown. */
const char   *ib_results_page_get_answer_card (IbResultsPage  *self,
                                              const char     *id);
/* The charts with data, the switcher between them (whichever form fits the
 * width, NULL when not shown), and stepping through them (+1 / -1). */
guint         ib_results_page_get_n_charts   (IbResultsPage   *self);
GtkWidget    *ib_results_page_get_chart_switcher (IbResultsPage *self);
void          ib_results_page_cycle_chart    (IbResultsPage   *self,
                                              int              step);
/* The decision phase's view in words (ib_decision_view_dup_text): "" when
 * it is not shown. Newly allocated. */
char         *ib_results_page_dup_decision_text (IbResultsPage *self);
/* The "Keep Deciding" button of the undecided answer line @line_id
 * ("serial", "parallel"), NULL when none is offered (tests). */
GtkWidget    *ib_results_page_get_keep_button (IbResultsPage *self,
                                               const char    *line_id);

G_END_DECLS
