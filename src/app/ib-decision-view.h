/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-decision-view.h: the decision phase while it runs (README.md, "What it
 * measures", "Survey, then decision"): which pair is being decided, the
 * interval of its time ratio narrowing as pairs arrive, and the rule that
 * decides it, in words (for screen readers too) and as a small bar on a
 * log axis with 1 and the equivalence margin marked. Fed by the run
 * controller's "decision" signal (the runner's IB_EVENT_DECISION); hidden
 * until the first one of a run arrives. */
#pragma once

#include <gtk/gtk.h>

#include "ib-run-controller.h"

G_BEGIN_DECLS

#define IB_TYPE_DECISION_VIEW (ib_decision_view_get_type ())
G_DECLARE_FINAL_TYPE (IbDecisionView, ib_decision_view, IB, DECISION_VIEW, GtkWidget)

GtkWidget  *ib_decision_view_new            (void);
/* Follows @controller's runs: cleared when one starts, updated on each of
 * its decision looks. */
void        ib_decision_view_set_controller (IbDecisionView       *self,
                                             IbRunController      *controller);
/* Shows @look (ib-decision.h); NULL clears the view and hides it. */
void        ib_decision_view_show_look      (IbDecisionView       *self,
                                             const IbDecisionLook *look);
/* The view's words, all lines joined by newlines ("" when hidden): what a
 * screen reader reads, for tests. Newly allocated. */
char       *ib_decision_view_dup_text       (IbDecisionView       *self);

G_END_DECLS
