/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-eta.c: a time-left estimate that does not jump back up (ib-eta.h). */
#include "config.h"

#include "engine/stats/ib-eta.h"

/* Nothing is shown before this much of the run and this much time. */
#define MIN_FRACTION   0.05
#define MIN_ELAPSED_US (G_GINT64_CONSTANT (2) * G_USEC_PER_SEC)
#define MIN_SLACK_NS   (G_GINT64_CONSTANT (1000000000))   /* 1 s */
#define MIN_RISE_INTERVAL_US (G_GINT64_CONSTANT (1) * G_USEC_PER_SEC)

void
ib_eta_init (IbEta *eta)
{
  g_return_if_fail (eta != NULL);
  eta->start_us = -1;
  eta->deadline_us = 0;
  eta->last_rise_us = G_MININT64 / 2;
  eta->shown = FALSE;
  eta->mark_us = eta->prev_mark_us = -1;
  eta->mark_fraction = eta->prev_mark_fraction = 0;
  eta->end_us = 0;
  eta->end_slack_ns = 0;
}

void
ib_eta_set_end (IbEta  *eta,
                gint64  end_us,
                gint64  slack_ns)
{
  g_return_if_fail (eta != NULL);
  eta->end_us = MAX (end_us, 0);
  eta->end_slack_ns = MAX (slack_ns, MIN_SLACK_NS);
}

gint64
ib_eta_shown_uncertainty_ns (const IbEta *eta,
                             gint64       eta_ns,
                             double       fraction,
                             gint64       now_us)
{
  g_return_val_if_fail (eta != NULL, MIN_SLACK_NS);
  if (eta->end_us > 0 && now_us < eta->end_us)
    return eta->end_slack_ns;
  return ib_eta_uncertainty_ns (eta_ns, fraction);
}

#define MARK_US (G_GINT64_CONSTANT (30) * G_USEC_PER_SEC)

/* The time left at the pace of the last third to two thirds of the run (at
 * least 30 s): a slow part after fast ones (making files, then reading)
 * shows in it long before it shows in the pace of the whole run, and it
 * spans a round of strategies, fast and slow. -1 when not known yet. */
static gint64
recent_eta_ns (IbEta  *eta,
               double  fraction,
               gint64  now_us)
{
  if (eta->mark_us < 0)
    {
      eta->mark_us = now_us;
      eta->mark_fraction = fraction;
    }
  else if (now_us - eta->mark_us >= MAX (MARK_US, (now_us - eta->start_us) / 3))
    {
      eta->prev_mark_us = eta->mark_us;
      eta->prev_mark_fraction = eta->mark_fraction;
      eta->mark_us = now_us;
      eta->mark_fraction = fraction;
    }
  if (eta->prev_mark_us < 0 || fraction <= eta->prev_mark_fraction)
    return -1;
  return (gint64) ((double) (now_us - eta->prev_mark_us) * 1000.0 * (1.0 - fraction) /
                   (fraction - eta->prev_mark_fraction));
}

gint64
ib_eta_uncertainty_ns (gint64 eta_ns,
                       double fraction)
{
  /* What is left is known as well as the rates measured so far: late in
   * the run to a quarter of it, early on (one strategy timed out of
   * fourteen, the slow ones still to come) to all of it. */
  double share = 0.25 + 0.75 * (1.0 - CLAMP (fraction, 0.0, 1.0));

  return MAX (MIN_SLACK_NS, (gint64) (share * (double) MAX (eta_ns, 0)));
}

gint64
ib_eta_update (IbEta  *eta,
               double  fraction,
               gint64  raw_eta_ns,
               gint64  now_us)
{
  gint64 elapsed_us, candidate_us, slack_us;

  g_return_val_if_fail (eta != NULL, -1);

  if (eta->start_us < 0)
    eta->start_us = now_us;
  elapsed_us = now_us - eta->start_us;
  fraction = CLAMP (fraction, 0.0, 1.0);

  /* A budget says when the run ends: no guess from the pace, which the
   * decision phase (taking whatever time is left) would belie. */
  if (eta->end_us > 0 && now_us < eta->end_us)
    {
      eta->deadline_us = eta->end_us;
      eta->shown = TRUE;
      return (eta->end_us - now_us) * 1000;
    }

  /* The pace so far is a floor: the runner's first guesses (before it has
   * timed a strategy) are too low, and a low guess would have to jump up. */
  if (fraction > 0.0)
    raw_eta_ns = MAX (raw_eta_ns,
                      (gint64) ((double) elapsed_us * 1000.0 * (1.0 - fraction) / fraction));
  /* ... and so is the pace of the last half minute or more. */
  raw_eta_ns = MAX (raw_eta_ns, recent_eta_ns (eta, fraction, now_us));
  if (!eta->shown && (raw_eta_ns < 0 || fraction < MIN_FRACTION || elapsed_us < MIN_ELAPSED_US))
    return -1;
  if (raw_eta_ns >= 0)
    {
      gint64 left_ns = MAX (0, eta->deadline_us - now_us) * 1000;

      candidate_us = now_us + raw_eta_ns / 1000;
      /* The uncertainty of what is shown now bounds any rise. */
      slack_us = ib_eta_uncertainty_ns (left_ns, fraction) / 1000;
      if (!eta->shown || candidate_us < eta->deadline_us - slack_us)
        eta->deadline_us = candidate_us;
      else if (candidate_us > eta->deadline_us + slack_us / 4 &&
               now_us - eta->last_rise_us >= MIN_RISE_INTERVAL_US)
        {
          /* Behind the measured rates: up by at most the uncertainty that
           * was stated with the value shown, at most once a second. */
          eta->deadline_us = MIN (candidate_us, eta->deadline_us + slack_us);
          eta->last_rise_us = now_us;
        }
      eta->shown = TRUE;
    }
  return MAX (0, eta->deadline_us - now_us) * 1000;
}
