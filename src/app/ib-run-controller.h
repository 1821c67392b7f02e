/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-run-controller.h: owns the IbRunner of the window and turns its events
 * into state the widgets bind to. Never blocks the main loop. */
#pragma once

#include <glib-object.h>

#include "analysis/ib-analysis.h"
#include "engine/run/ib-runner.h"

G_BEGIN_DECLS

#define IB_TYPE_RUN_CONTROLLER (ib_run_controller_get_type ())
G_DECLARE_FINAL_TYPE (IbRunController, ib_run_controller, IB, RUN_CONTROLLER, GObject)

IbRunController *ib_run_controller_new           (void);
gboolean         ib_run_controller_start         (IbRunController *self,
                                                  const IbPlan    *plan,
                                                  GError         **error);
/* Keeps deciding the undecided line @line_id of @report (a finished run's,
 * ib-decision.h: ib_decision_keep_plan) for @seconds more: a run of its
 * own, whose end ("finished") gives @report with that line decided again,
 * or @report as it was and the error when it could not. */
gboolean         ib_run_controller_keep_deciding (IbRunController *self,
                                                  IbReport        *report,
                                                  const char      *line_id,
                                                  guint            seconds,
                                                  GError         **error);
void             ib_run_controller_stop          (IbRunController *self);
gboolean         ib_run_controller_get_running   (IbRunController *self);
gboolean         ib_run_controller_get_stopping  (IbRunController *self);
/* The report so far: a working copy that grows as samples arrive while
 * running, the engine's final report (with GTK/Adw versions filled) after. */
IbReport        *ib_run_controller_get_report    (IbRunController *self);
/* The analysis of the final report once the run is over (what the window
 * shows and saves), NULL while it runs. */
IbAnalysis      *ib_run_controller_get_analysis  (IbRunController *self);
const char      *ib_run_controller_get_step      (IbRunController *self);
const char      *ib_run_controller_get_eta       (IbRunController *self);
double           ib_run_controller_get_fraction  (IbRunController *self);
guint            ib_run_controller_get_n_samples (IbRunController *self);

G_END_DECLS
