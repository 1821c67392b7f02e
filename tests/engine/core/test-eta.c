/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The time left as shown (ib-eta.h): silent while too early, counting down,
 * never back up by less than its uncertainty, up when really behind. All
 * times are given, none measured. */
#include "config.h"

#include <glib.h>

#include "engine/stats/ib-eta.h"

#define S (G_USEC_PER_SEC)
#define NS (G_GINT64_CONSTANT (1000000000))

static void
test_silent_early (void)
{
  IbEta eta;

  ib_eta_init (&eta);
  /* Too little done, then too little time: nothing to show. */
  g_assert_cmpint (ib_eta_update (&eta, 0.01, 5 * NS, 0), ==, -1);
  g_assert_cmpint (ib_eta_update (&eta, 0.2, 5 * NS, 1 * S), ==, -1);
  g_assert_cmpint (ib_eta_update (&eta, 0.2, 20 * NS, 3 * S), ==, 20 * NS);
  /* The pace is a floor: 10 % in 4 s leaves 36 s, whatever the runner says. */
  ib_eta_init (&eta);
  ib_eta_update (&eta, 0.0, -1, 0);
  g_assert_cmpint (ib_eta_update (&eta, 0.1, 5 * NS, 4 * S), ==, 36 * NS);
}

static void
test_counts_down_and_holds (void)
{
  IbEta eta;
  gint64 shown;

  ib_eta_init (&eta);
  ib_eta_update (&eta, 0.0, -1, 0);
  g_assert_cmpint (ib_eta_update (&eta, 0.3, 20 * NS, 4 * S), ==, 20 * NS);
  /* Two seconds on, the raw estimate rises a little: the deadline holds. */
  shown = ib_eta_update (&eta, 0.4, 21 * NS, 6 * S);
  g_assert_cmpint (shown, ==, 18 * NS);
  /* ... and each later value is lower than the one before. */
  g_assert_cmpint (ib_eta_update (&eta, 0.5, 17 * NS, 8 * S), <, shown);
}

static void
test_the_issue_sequence (void)
{
  /* A run whose estimate went 5 s -> 22 s -> 15 s -> 10 s -> 3 s for a 33 s run,
   * one report every 5 s after 2 s. Shown values never rise by more than
   * the uncertainty of the value before. */
  const struct { gint64 t; double f; gint64 raw; } steps[] = {
    { 2 * S, 0.06, 5 * NS }, { 7 * S, 0.2, 22 * NS }, { 12 * S, 0.4, 15 * NS },
    { 17 * S, 0.55, 10 * NS }, { 22 * S, 0.7, 9 * NS }, { 27 * S, 0.85, 5 * NS },
    { 32 * S, 0.97, 1 * NS },
  };
  IbEta eta;
  gint64 last = -1;
  double last_f = 0;

  ib_eta_init (&eta);
  ib_eta_update (&eta, 0.0, -1, 0);
  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    {
      gint64 shown = ib_eta_update (&eta, steps[i].f, steps[i].raw, steps[i].t);

      g_test_message ("t=%" G_GINT64_FORMAT " s: raw %" G_GINT64_FORMAT " s, shown %"
                      G_GINT64_FORMAT " ms", steps[i].t / S, steps[i].raw / NS, shown / 1000000);
      if (last >= 0 && shown > last)
        g_assert_cmpint (shown - last, <=, ib_eta_uncertainty_ns (last, last_f));
      if (shown >= 0)
        {
          last = shown;
          last_f = steps[i].f;
        }
    }
  g_assert_cmpint (last, >=, 0);
  g_assert_cmpint (last, <=, 3 * NS);
}

static void
test_rises_when_behind (void)
{
  IbEta eta;
  gint64 shown;

  ib_eta_init (&eta);
  ib_eta_update (&eta, 0.0, -1, 0);
  g_assert_cmpint (ib_eta_update (&eta, 0.5, 10 * NS, 10 * S), ==, 10 * NS);
  /* Far past the deadline plus its slack: up, by the shown value's
   * uncertainty only, then not again within a second, then again. */
  shown = ib_eta_update (&eta, 0.55, 60 * NS, 11 * S);
  /* (to the microsecond the deadline is kept in) */
  g_assert_cmpint (ABS (shown - (9 * NS + ib_eta_uncertainty_ns (9 * NS, 0.55))), <=, 1000);
  g_assert_cmpint (ib_eta_update (&eta, 0.56, 60 * NS, 11 * S + S / 2), ==, shown - NS / 2);
  g_assert_cmpint (ib_eta_update (&eta, 0.6, 60 * NS, 17 * S), >, shown - 6 * NS);
  /* From the pace when the runner gives none: half done in 10 s. */
  ib_eta_init (&eta);
  ib_eta_update (&eta, 0.0, -1, 0);
  g_assert_cmpint (ib_eta_update (&eta, 0.5, -1, 10 * S), ==, 10 * NS);
}


/* A recorded stream shaped like a real big-files run: 2.25 GiB
 * made in 9 steps of 2 s, then 14 strategies x 6 rounds with a 2 s pause
 * each, the fast strategies first in each round and the slow ones (up to
 * 10 s a read) last, one progress event a second with the runner's raw
 * estimate (its mean pace). It said "about 1 min left" at 45 s and 42 s
 * left at 150 s of a run that took over 7 minutes. Now: no rise beyond the
 * uncertainty stated with the value before, and never that far off. */
static void
test_recorded_seed_big (void)
{
  static const double read_s[] = { 0.6, 0.7, 0.8, 1.0, 1.2, 1.5, 2.0, 3.0, 0.9, 0.7,
                                   5.0, 6.0, 8.0, 10.0 };
  g_autoptr(GArray) units = g_array_new (FALSE, FALSE, sizeof (double));
  double total_s = 0, done_s = 0;
  guint done = 0, checked = 0, within = 0;
  gint64 last = -1, last_u = 0;
  IbEta eta;

  for (guint i = 0; i < 9; i++)
    {
      double d = 2.0;

      g_array_append_val (units, d);
    }
  for (guint round = 0; round < 6; round++)
    for (guint s = 0; s < G_N_ELEMENTS (read_s); s++)
      {
        double d = read_s[s] + 2.0;

        g_array_append_val (units, d);
      }
  for (guint i = 0; i < units->len; i++)
    total_s += g_array_index (units, double, i);
  g_test_message ("the run: %u units, %.0f s", units->len, total_s);

  ib_eta_init (&eta);
  ib_eta_update (&eta, 0.0, -1, 0);
  for (gint64 t = 1; t < (gint64) total_s; t++)
    {
      double fraction, left_s;
      gint64 raw, shown, u;

      while (done < units->len && done_s + g_array_index (units, double, done) <= (double) t)
        done_s += g_array_index (units, double, done++);
      fraction = (double) done / units->len;
      raw = done > 0 ? (gint64) ((double) t / done * (units->len - done) * NS) : -1;
      shown = ib_eta_update (&eta, fraction, raw, t * S);
      left_s = total_s - (double) t;
      if (shown < 0)
        continue;
      u = ib_eta_uncertainty_ns (shown, fraction);
      if (t % 15 == 0)
        g_test_message ("t=%3" G_GINT64_FORMAT " s %3.0f %%: shown %4.0f s +- %3.0f s, "
                        "truth %4.0f s", t, fraction * 100, shown / 1e9, u / 1e9, left_s);
      /* never up by more than what was stated with the value before */
      if (last >= 0 && shown > last)
        g_assert_cmpint (shown - last, <=, last_u);
      last = shown;
      last_u = u;
      /* the truth within the stated range, once a fifth is done */
      if (fraction >= 0.2)
        {
          checked++;
          within += (double) (shown - u) / NS <= left_s + 1 && left_s - 1 <= (double) (shown + u) / NS;
        }
      /* at the issue's moment: not "42 seconds left" */
      if (t == 150)
        g_assert_cmpfloat ((double) (shown + u) / NS, >=, left_s);
    }
  g_test_message ("truth within the stated range at %u of %u events", within, checked);
  g_assert_cmpuint (checked, >, 100);
  g_assert_cmpuint (within * 10, >=, checked * 9);
}

/* A recorded stream shaped like a quick run (budget 60 s): files made in
 * 4 s, a survey whose raw estimate swings from 20 s to 3 min while the
 * slow strategies are timed, the extras, then the decision phase, which
 * takes whatever the budget leaves. The time left is the budget's from the
 * first event, counting down, never up beyond its stated uncertainty; past
 * the budget (parts that overran it) it goes on from the pace. */
static void
test_recorded_budget (void)
{
  const struct
  {
    gint64 t;
    double f;
    gint64 raw;
  } steps[] = {
    { 0, 0.0, -1 },
    { 1 * S, 0.01, -1 },
    { 3 * S, 0.03, 100 * NS },
    { 5 * S, 0.05, 20 * NS },
    { 9 * S, 0.12, 180 * NS },
    { 14 * S, 0.2, 90 * NS },
    { 20 * S, 0.31, 50 * NS },
    { 27 * S, 0.42, 70 * NS },
    { 34 * S, 0.5, 40 * NS },
    { 41 * S, 0.6, 60 * NS },
    { 48 * S, 0.8, 12 * NS },
    { 55 * S, 0.95, 3 * NS },
    { 59 * S, 0.99, 1 * NS },
  };
  IbEta eta;
  gint64 last = -1, last_u = 0;

  ib_eta_init (&eta);
  ib_eta_set_end (&eta, 60 * S, 3 * NS);
  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    {
      gint64 shown = ib_eta_update (&eta, steps[i].f, steps[i].raw, steps[i].t);
      gint64 u = ib_eta_shown_uncertainty_ns (&eta, shown, steps[i].f, steps[i].t);

      g_test_message ("t=%2" G_GINT64_FORMAT " s: raw %4" G_GINT64_FORMAT " s, shown %2"
                      G_GINT64_FORMAT " s +- %" G_GINT64_FORMAT " s", steps[i].t / S,
                      steps[i].raw / NS, shown / NS, u / NS);
      /* from the first event, what the budget leaves, to within its slack */
      g_assert_cmpint (shown, ==, 60 * NS - steps[i].t * 1000);
      g_assert_cmpint (u, ==, 3 * NS);
      if (last >= 0)
        g_assert_cmpint (shown, <=, last + last_u);
      last = shown;
      last_u = u;
    }
  /* The extras overran the budget: past it, from the pace, rising by no
   * more than what was stated. */
  for (gint64 t = 61; t < 80; t++)
    {
      gint64 shown = ib_eta_update (&eta, 0.99, 20 * NS, t * S);
      gint64 u = ib_eta_shown_uncertainty_ns (&eta, shown, 0.99, t * S);

      g_assert_cmpint (shown, >=, 0);
      g_assert_cmpint (shown, <=, last + last_u);
      last = shown;
      last_u = u;
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/eta/silent-early", test_silent_early);
  g_test_add_func ("/eta/counts-down", test_counts_down_and_holds);
  g_test_add_func ("/eta/issue-sequence", test_the_issue_sequence);
  g_test_add_func ("/eta/rises-when-behind", test_rises_when_behind);
  g_test_add_func ("/eta/recorded-big-files", test_recorded_seed_big);
  g_test_add_func ("/eta/recorded-budget", test_recorded_budget);
  return g_test_run ();
}
