/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-eta.h: the time left as shown to people (CLI progress line, GUI
 * progress card). The runner's raw estimate swings while it learns how fast
 * each strategy is (5 s, 22 s, 15 s...); this keeps a deadline that counts
 * down, moves up only when the new estimate is past it by more than the
 * shown value's own uncertainty, then by at most that uncertainty and at
 * most once a second, and shows nothing until enough is known. The
 * estimate is the measured pace (time per unit of work done so far) or the
 * runner's own, whichever is later; the uncertainty is stated with it
 * (ib_eta_uncertainty_ns) so a rise never exceeds what was said. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  gint64   start_us;      /* monotonic time of the first update */
  gint64   deadline_us;   /* when the run is expected to end */
  gint64   last_rise_us;  /* when the deadline last moved later */
  gboolean shown;         /* a deadline has been given out */
  /* The recent pace: progress since a mark at least 30 s old. */
  gint64   mark_us;
  double   mark_fraction;
  gint64   prev_mark_us;
  double   prev_mark_fraction;
  /* A run with a time budget: when it ends, and how late it may be. */
  gint64   end_us;        /* 0: no budget */
  gint64   end_slack_ns;
} IbEta;

/* How late a budgeted run may end after its budget: the decision phase's
 * reserve and the deleting of the test files. The window and the CLI pass
 * it to ib_eta_set_end(). */
#define IB_ETA_BUDGET_SLACK_NS (G_GINT64_CONSTANT (3) * 1000 * 1000 * 1000)

void   ib_eta_init   (IbEta  *eta);
/* A run with a time budget (IbPlan.budget_s) ends by @end_us (monotonic),
 * at most @slack_ns later (the decision phase's reserve, the clean-up):
 * the time left is what the budget leaves, shown from the first update,
 * whatever the pace so far says. Past @end_us (parts that alone overran
 * the budget) the estimate goes on from the pace, rising by at most its
 * stated uncertainty as always. */
void   ib_eta_set_end (IbEta  *eta,
                       gint64  end_us,
                       gint64  slack_ns);
/* Feeds one progress report: @fraction done (0..1), the runner's raw
 * estimate @raw_eta_ns (-1 when unknown; the pace so far is a floor), at
 * monotonic time @now_us. Returns the nanoseconds left to show, or -1 while
 * it is too early to say. */
gint64 ib_eta_update (IbEta  *eta,
                      double  fraction,
                      gint64  raw_eta_ns,
                      gint64  now_us);
/* The uncertainty of an estimate of @eta_ns at @fraction done: a rise
 * within it never moves the deadline up, and no rise is bigger. */
gint64 ib_eta_uncertainty_ns (gint64 eta_ns,
                              double fraction);
/* The uncertainty to show beside @eta_ns, as ib_eta_update() returned it at
 * @now_us: the budget's slack while the budget holds, else
 * ib_eta_uncertainty_ns(). */
gint64 ib_eta_shown_uncertainty_ns (const IbEta *eta,
                                    gint64       eta_ns,
                                    double       fraction,
                                    gint64       now_us);

G_END_DECLS
