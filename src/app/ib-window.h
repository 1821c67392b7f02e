/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-window.h: the main window (plan sidebar + results, in an AdwLeaflet). */
#pragma once

#include <adwaita.h>

#include "ib-history-page.h"
#include "ib-plan-page.h"
#include "ib-results-page.h"
#include "ib-run-controller.h"

G_BEGIN_DECLS

#define IB_TYPE_WINDOW (ib_window_get_type ())
G_DECLARE_FINAL_TYPE (IbWindow, ib_window, IB, WINDOW, AdwApplicationWindow)

/* @settings may be NULL (schema not installed): nothing is remembered. */
IbWindow        *ib_window_new                (GtkApplication *app,
                                               GSettings      *settings);
/* Shows @analysis as if just run. */
void             ib_window_show_analysis      (IbWindow       *self,
                                               IbAnalysis     *analysis,
                                               const char     *status);
/* The same, analysing @report first (ib_analysis_new). */
void             ib_window_show_report        (IbWindow       *self,
                                               IbReport       *report,
                                               const char     *status);
/* Loads a JSON report off the main thread and shows it; a dialog on error. */
void             ib_window_open_file          (IbWindow       *self,
                                               GFile          *file);

IbPlanPage      *ib_window_get_plan_page      (IbWindow       *self);
IbResultsPage   *ib_window_get_results_page   (IbWindow       *self);
IbHistoryPage   *ib_window_get_history_page   (IbWindow       *self);
IbRunController *ib_window_get_controller     (IbWindow       *self);
/* Exports still being written. */
guint            ib_window_get_n_pending_exports (IbWindow    *self);
/* The message of the last failed export, NULL when the last one succeeded. */
const char      *ib_window_get_last_export_error (IbWindow    *self);
/* Why the last report could not be opened, NULL when it opened. */
const char      *ib_window_get_last_open_error (IbWindow      *self);

/* At launch: when the folder saved from the last session is gone, say so
 * once the window is shown and ask what to do (ib_plan_page_get_missing_dir). */
void             ib_window_ask_missing_folder (IbWindow       *self);

G_END_DECLS
