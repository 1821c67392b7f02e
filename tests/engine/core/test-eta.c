/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The time left as shown (ib-eta.h): silent while too early, counting down,
 * never back up by less than its uncertainty, up when really behind. All
 * times are given, none measured. */
#include "config.h"

#include <glib.h>

#include "engine/ib-eta.h"

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
  /* The run of issue 14: 5 s -> 22 s -> 15 s -> 10 s -> 3 s for a 33 s run,
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
   * uncertainty only, then not again within 5 s, then again. */
  shown = ib_eta_update (&eta, 0.55, 60 * NS, 11 * S);
  g_assert_cmpint (shown, ==, 9 * NS + ib_eta_uncertainty_ns (9 * NS, 0.55));
  g_assert_cmpint (ib_eta_update (&eta, 0.56, 60 * NS, 12 * S), ==, shown - 1 * NS);
  g_assert_cmpint (ib_eta_update (&eta, 0.6, 60 * NS, 17 * S), >, shown - 6 * NS);
  /* From the pace when the runner gives none: half done in 10 s. */
  ib_eta_init (&eta);
  ib_eta_update (&eta, 0.0, -1, 0);
  g_assert_cmpint (ib_eta_update (&eta, 0.5, -1, 10 * S), ==, 10 * NS);
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
  return g_test_run ();
}
