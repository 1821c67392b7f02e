/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-eta.c: a time-left estimate that does not jump back up (ib-eta.h). */
#include "config.h"

#include "ib-eta.h"

/* Nothing is shown before this much of the run and this much time. */
#define MIN_FRACTION   0.05
#define MIN_ELAPSED_US (G_GINT64_CONSTANT (2) * G_USEC_PER_SEC)
#define MIN_SLACK_NS   (G_GINT64_CONSTANT (1000000000))   /* 1 s */
#define MIN_RISE_INTERVAL_US (G_GINT64_CONSTANT (5) * G_USEC_PER_SEC)

void
ib_eta_init (IbEta *eta)
{
  g_return_if_fail (eta != NULL);
  eta->start_us = -1;
  eta->deadline_us = 0;
  eta->last_rise_us = G_MININT64 / 2;
  eta->shown = FALSE;
}

gint64
ib_eta_uncertainty_ns (gint64 eta_ns,
                       double fraction)
{
  /* A quarter of what is left late in the run, half of it early on. */
  double share = 0.25 + 0.25 * (1.0 - CLAMP (fraction, 0.0, 1.0));

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

  /* The pace so far is a floor: the runner's first guesses (before it has
   * timed a strategy) are too low, and a low guess would have to jump up. */
  if (fraction > 0.0)
    raw_eta_ns = MAX (raw_eta_ns,
                      (gint64) ((double) elapsed_us * 1000.0 * (1.0 - fraction) / fraction));
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
      else if (candidate_us > eta->deadline_us + slack_us &&
               now_us - eta->last_rise_us >= MIN_RISE_INTERVAL_US)
        {
          /* Behind: up by at most the uncertainty, and not often. */
          eta->deadline_us = MIN (candidate_us, eta->deadline_us + slack_us);
          eta->last_rise_us = now_us;
        }
      eta->shown = TRUE;
    }
  return MAX (0, eta->deadline_us - now_us) * 1000;
}
