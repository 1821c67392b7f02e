/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-chart-axis: round ticks, adapted units, value formatting and the
 * sanitizing of non-finite values (the private helpers of src/chart). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <math.h>
#include <string.h>

#include "chart/ib-chart-private.h"

static gboolean
is_1_2_5 (double step)
{
  double mag = pow (10, floor (log10 (step) + 1e-9));
  double norm = step / mag;

  return fabs (norm - 1) < 1e-9 || fabs (norm - 2) < 1e-9 || fabs (norm - 5) < 1e-9;
}

static void
test_linear_ticks (void)
{
  IbAxis axis;

  /* 0 .. 273 ms over 600 px, ticks ~100 px apart: 0, 50, ... 300 ms. */
  ib_axis_init (&axis, &(IbAxisSpec) { IB_UNIT_TIME, FALSE, TRUE, 12e6, 273e6 }, 600, 100);
  g_assert_cmpfloat (axis.min, ==, 0);
  g_assert_cmpfloat (axis.max, >=, 273e6);
  g_assert_true (is_1_2_5 (axis.step / 1e6));
  g_assert_cmpuint (axis.n_ticks, >=, 3);
  g_assert_cmpuint (axis.n_ticks, <=, 11);
  for (guint i = 0; i < axis.n_ticks; i++)
    {
      double k = axis.ticks[i].value / axis.step;

      g_assert_cmpfloat (fabs (k - round (k)), <, 1e-6);
    }
  g_assert_cmpstr (ib_axis_format (&axis, 0), ==, "0");
  {
    g_autofree char *label = ib_axis_format (&axis, axis.ticks[1].value);

    g_assert_true (g_str_has_suffix (label, " ms"));
  }

  /* Never more than about ten intervals, however long the axis. */
  ib_axis_init (&axis, &(IbAxisSpec) { IB_UNIT_TIME, FALSE, TRUE, 0, 1e9 }, 100000, 10);
  g_assert_cmpuint (axis.n_ticks, <=, 11);
}

static void
test_binary_units (void)
{
  IbAxis axis;

  /* 0 .. 5.9 GiB/s: steps round in GiB/s, not in MiB/s shown as GiB/s. */
  ib_axis_init (&axis, &(IbAxisSpec) { IB_UNIT_RATE, FALSE, TRUE, 0, 5.9 * 1024 }, 800, 80);
  g_assert_cmpfloat (axis.unit_div, ==, 1024);
  g_assert_true (is_1_2_5 (axis.step / 1024));
  for (guint i = 0; i < axis.n_ticks; i++)
    {
      g_autofree char *label = ib_axis_format (&axis, axis.ticks[i].value);

      g_assert_true (i == 0 || g_str_has_suffix (label, " GiB/s"));
      g_assert_null (strstr (label, ".9"));
    }
}

static void
assert_ticks (const IbAxis *axis,
              const double *want,
              guint         n_want)
{
  g_autoptr(GString) got = g_string_new (NULL);

  for (guint i = 0; i < axis->n_ticks; i++)
    g_string_append_printf (got, "%s%g", i > 0 ? " " : "", axis->ticks[i].value);
  g_test_message ("ticks: %s", got->str);
  g_assert_cmpuint (axis->n_ticks, ==, n_want);
  for (guint i = 0; i < n_want; i++)
    g_assert_cmpfloat (fabs (axis->ticks[i].value / want[i] - 1), <, 1e-9);
}

static void
test_log_ticks (void)
{
  IbAxis axis;
  guint majors = 0;

  /* Seven decades on a short axis: the decades, then the 2 s end. */
  ib_axis_init (&axis, &(IbAxisSpec) { IB_UNIT_TIME, TRUE, FALSE, 1.2e3, 1.05e9 }, 800, 60);
  g_assert_cmpfloat (axis.min, ==, 1e3);
  g_assert_cmpfloat (axis.max, ==, 2e9);
  for (guint i = 0; i < axis.n_ticks; i++)
    if (axis.ticks[i].major)
      {
        double l = log10 (axis.ticks[i].value);

        g_assert_true (fabs (l - round (l)) < 1e-9 || axis.ticks[i].value == axis.max);
        majors++;
      }
    else
      {
        double m = axis.ticks[i].value / pow (10, floor (log10 (axis.ticks[i].value)));

        g_assert_true (fabs (m - 2) < 1e-9 || fabs (m - 5) < 1e-9);
      }
  g_assert_cmpuint (majors, ==, 8);
  g_assert_cmpfloat (ib_axis_map (&axis, 1e3), ==, 0);
  g_assert_cmpfloat (fabs (ib_axis_map (&axis, 2e9) - 800), <, 1e-9);

  /* Values at or below zero are clamped, never log10 (0). */
  ib_axis_init (&axis, &(IbAxisSpec) { IB_UNIT_TIME, TRUE, FALSE, -5, 0 }, 400, 60);
  g_assert_true (isfinite (axis.min) && axis.min > 0);
  g_assert_true (isfinite (ib_axis_map (&axis, 0)));
  g_assert_true (isfinite (ib_axis_map (&axis, -1)));
}

/* The axis ends at the first 1-2-5 value at or past the data,
 * not a decade later, and starts at the one at or below the data. */
static void
test_log_ends (void)
{
  static const struct { double lo, hi, min, max; } cases[] = {
    { 37e6, 1.4e9, 20e6, 2e9 },        /* the quick run: 37 ms .. 1.4 s */
    { 53.7e6, 828e6, 50e6, 1e9 },
    { 1.2e3, 4.9e3, 1e3, 5e3 },
    { 101, 99e3, 100, 100e3 },
    { 2e6, 2e6, 1e6, 5e6 },            /* one value: a step either side */
    { 3e3, 5.01e6, 2e3, 10e6 },
    { 0.5, 3.3, 0.5, 5 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      IbAxis axis;

      ib_axis_init (&axis, &(IbAxisSpec) { IB_UNIT_TIME, TRUE, FALSE, cases[i].lo, cases[i].hi },
                    600, 60);
      g_test_message ("%g .. %g -> %g .. %g", cases[i].lo, cases[i].hi, axis.min, axis.max);
      g_assert_cmpfloat (axis.min, <=, cases[i].lo);
      g_assert_cmpfloat (axis.max, >=, cases[i].hi);
      g_assert_cmpfloat (fabs (axis.min / cases[i].min - 1), <, 1e-9);
      g_assert_cmpfloat (fabs (axis.max / cases[i].max - 1), <, 1e-9);
      /* Both ends are ticks, the first and the last. */
      g_assert_cmpfloat (fabs (axis.ticks[0].value / axis.min - 1), <, 1e-9);
      g_assert_cmpfloat (fabs (axis.ticks[axis.n_ticks - 1].value / axis.max - 1), <, 1e-9);
      g_assert_true (axis.ticks[0].major && axis.ticks[axis.n_ticks - 1].major);
    }

  /* Bars: data just above a round value start a step lower (2.1 ns -> 1 ns,
   * not a bar of nothing from 2 ns). */
  {
    IbAxis axis;

    ib_axis_init (&axis, &(IbAxisSpec) { IB_UNIT_TIME, TRUE, TRUE, 2.1, 6400 }, 600, 60);
    g_assert_cmpfloat (axis.min, ==, 1);
    g_assert_cmpfloat (axis.max, ==, 10e3);
    ib_axis_init (&axis, &(IbAxisSpec) { IB_UNIT_TIME, TRUE, TRUE, 37e6, 1.4e9 }, 600, 60);
    g_assert_cmpfloat (axis.min, ==, 20e6);
    g_assert_cmpfloat (axis.max, ==, 2e9);
  }

  /* The data maximum 1.4 s: at most 2 s, never 10 s. */
  {
    IbAxis axis;

    ib_axis_init (&axis, &(IbAxisSpec) { IB_UNIT_TIME, TRUE, TRUE, 46e6, 1.4e9 }, 900, 60);
    g_assert_cmpfloat (axis.max, <=, 2e9);
  }

  /* Tick sequences: room for 2 and 5, and not. */
  {
    IbAxis axis;
    static const double wide[] = { 20e6, 50e6, 100e6, 200e6, 500e6, 1e9, 2e9 };
    static const double narrow[] = { 20e6, 100e6, 1e9, 2e9 };
    static const double sub_decade[] = { 2e3, 5e3 };
    static const double many[] = { 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9 };

    ib_axis_init (&axis, &(IbAxisSpec) { IB_UNIT_TIME, TRUE, FALSE, 37e6, 1.4e9 }, 1000, 60);
    assert_ticks (&axis, wide, G_N_ELEMENTS (wide));
    ib_axis_init (&axis, &(IbAxisSpec) { IB_UNIT_TIME, TRUE, FALSE, 37e6, 1.4e9 }, 150, 60);
    assert_ticks (&axis, narrow, G_N_ELEMENTS (narrow));
    ib_axis_init (&axis, &(IbAxisSpec) { IB_UNIT_TIME, TRUE, FALSE, 2.1e3, 4.2e3 }, 300, 60);
    assert_ticks (&axis, sub_decade, G_N_ELEMENTS (sub_decade));
    ib_axis_init (&axis, &(IbAxisSpec) { IB_UNIT_TIME, TRUE, FALSE, 1e3, 1e9 }, 300, 60);
    assert_ticks (&axis, many, G_N_ELEMENTS (many));
  }

  /* The nice values themselves. */
  g_assert_cmpfloat (ib_axis_nice_above (IB_UNIT_TIME, 1.4e9), ==, 2e9);
  g_assert_cmpfloat (ib_axis_nice_above (IB_UNIT_TIME, 2e9), ==, 2e9);
  g_assert_cmpfloat (ib_axis_nice_above (IB_UNIT_TIME, 5.1), ==, 10);
  g_assert_cmpfloat (ib_axis_nice_below (IB_UNIT_TIME, 37e6), ==, 20e6);
  g_assert_cmpfloat (ib_axis_nice_below (IB_UNIT_TIME, 99), ==, 50);
  g_assert_cmpfloat (ib_axis_nice_below (IB_UNIT_TIME, 100), ==, 100);
}

/* Whether @label ("500 MiB/s", "2 GiB/s", "20 KiB") reads as 1, 2 or 5 x
 * 10^k in its unit. */
static gboolean
label_is_round (const char *label)
{
  char *end = NULL;
  double v = g_ascii_strtod (label, &end);

  return end != label && v > 0 && is_1_2_5 (v);
}

/* A log axis ticks at round values in the unit its labels show:
 * 500 MiB/s, 1 GiB/s, 2 GiB/s, never "9.77 GiB/s" (10,000 MiB/s) or
 * "1000 MiB/s" beside 1 GiB/s. */
static void
test_log_binary_units (void)
{
  static const struct { IbUnit unit; double lo, hi; } cases[] = {
    { IB_UNIT_RATE, 42.6, 2744 },          /* the throughput chart */
    { IB_UNIT_RATE, 20, 9500 },
    { IB_UNIT_RATE, 0.05, 3 },
    { IB_UNIT_RATE, 300, 1100 },
    { IB_UNIT_RATE, 700, 120000 },
    { IB_UNIT_BYTES, 2732, 64 * 1048576.0 },
    { IB_UNIT_BYTES, 100, 3 * 1073741824.0 },
    { IB_UNIT_TIME, 1.2e3, 1.05e9 },
    { IB_UNIT_COUNT, 1, 1000 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    for (double length = 120; length < 2000; length *= 2)
      {
        IbAxis axis;
        g_autoptr(GString) got = g_string_new (NULL);

        ib_axis_init (&axis, &(IbAxisSpec) { cases[i].unit, TRUE, TRUE, cases[i].lo, cases[i].hi },
                      length, 60);
        g_assert_cmpfloat (axis.min, <=, cases[i].lo);
        g_assert_cmpfloat (axis.max, >=, cases[i].hi);
        g_assert_cmpuint (axis.n_ticks, >=, 2);
        for (guint t = 0; t < axis.n_ticks; t++)
          {
            g_autofree char *label = ib_axis_format (&axis, axis.ticks[t].value);

            g_string_append_printf (got, "%s%s", t > 0 ? ", " : "", label);
            if (!label_is_round (label))
              g_test_message ("%g .. %g at %g px: %s", cases[i].lo, cases[i].hi, length,
                              got->str);
            g_assert_true (label_is_round (label));
            g_assert_null (strstr (label, "1000 "));
            /* ascending, each once */
            g_assert_true (t == 0 || axis.ticks[t].value > axis.ticks[t - 1].value * 1.1);
          }
        g_test_message ("%g .. %g at %g px: %s", cases[i].lo, cases[i].hi, length, got->str);
      }

  /* The ends themselves: 2.68 GiB/s ends at 5 GiB/s, 600 MiB/s at 1 GiB/s. */
  g_assert_cmpfloat (ib_axis_nice_above (IB_UNIT_RATE, 2744), ==, 5 * 1024);
  g_assert_cmpfloat (ib_axis_nice_above (IB_UNIT_RATE, 600), ==, 1024);
  g_assert_cmpfloat (ib_axis_nice_below (IB_UNIT_RATE, 1000), ==, 500);
  g_assert_cmpfloat (ib_axis_nice_below (IB_UNIT_RATE, 0.9), ==, 500.0 / 1024);
  g_assert_cmpfloat (ib_axis_nice_above (IB_UNIT_BYTES, 2732), ==, 5 * 1024);
  g_assert_cmpfloat (ib_axis_nice_below (IB_UNIT_BYTES, 1048575), ==, 500 * 1024);
}

/* Linear: the last tick is the first step multiple at or past the data. */
static void
test_linear_ends (void)
{
  static const struct { double hi; } cases[] = { { 1.4e9 }, { 828e6 }, { 273e6 }, { 1.01e9 } };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      IbAxis axis;

      ib_axis_init (&axis, &(IbAxisSpec) { IB_UNIT_TIME, FALSE, TRUE, 0, cases[i].hi }, 600, 60);
      g_test_message ("0 .. %g -> %g (step %g)", cases[i].hi, axis.max, axis.step);
      g_assert_cmpfloat (axis.min, ==, 0);
      g_assert_cmpfloat (axis.max, >=, cases[i].hi);
      g_assert_cmpfloat (axis.max - axis.step, <, cases[i].hi);
      g_assert_true (is_1_2_5 (axis.step / axis.unit_div));
    }

  /* A narrow plot: two intervals at least, and the smaller round step when
   * it ends nearer the data: 2.7 GiB/s -> 3 GiB/s, not 4 or 5. */
  {
    IbAxis axis;

    ib_axis_init (&axis, &(IbAxisSpec) { IB_UNIT_RATE, FALSE, TRUE, 0, 2.7 * 1024 }, 150, 70);
    g_assert_cmpfloat (axis.max, ==, 3 * 1024);
    g_assert_cmpuint (axis.n_ticks, >=, 3);
    ib_axis_init (&axis, &(IbAxisSpec) { IB_UNIT_RATE, FALSE, TRUE, 0, 2.7 * 1024 }, 60, 70);
    g_assert_cmpuint (axis.n_ticks, >=, 3);
  }
}

static void
test_percent_ticks (void)
{
  IbAxis axis;

  for (double length = 60; length < 3000; length *= 1.7)
    {
      ib_axis_init (&axis, &(IbAxisSpec) { IB_UNIT_PERCENT, FALSE, FALSE, 50, 100 }, length, 50);
      g_assert_cmpfloat (axis.min, ==, 50);
      g_assert_cmpfloat (axis.max, ==, 100);
    }
}

static void
test_non_finite (void)
{
  IbAxis axis;
  const double bad[] = { NAN, INFINITY, -INFINITY, -1e300, 1e300 };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    for (guint j = 0; j < G_N_ELEMENTS (bad); j++)
      for (int log = 0; log < 2; log++)
        {
          ib_axis_init (&axis, &(IbAxisSpec) { IB_UNIT_TIME, log, TRUE, bad[i], bad[j] },
                        bad[i], bad[j]);
          ib_axis_set_range (&axis, 10, 500);
          g_assert_true (isfinite (axis.min) && isfinite (axis.max));
          g_assert_cmpfloat (axis.max, >, axis.min);
          g_assert_cmpuint (axis.n_ticks, >=, 1);
          for (guint k = 0; k < G_N_ELEMENTS (bad); k++)
            {
              double x = ib_axis_map (&axis, bad[k]);

              g_assert_true (isfinite (x));
              /* Off-scale values stay near the plot. */
              g_assert_cmpfloat (x, >=, 10 - 500 * 0.06);
              g_assert_cmpfloat (x, <=, 500 + 500 * 0.06);
            }
        }
}

static void
test_format (void)
{
  static const struct { double v; const char *want; } times[] = {
    { 0, "0" }, { 412, "412 ns" }, { 1234, "1.23 µs" }, { 41.9e6, "41.9 ms" },
    { 412e6, "412 ms" }, { 1.5e9, "1.5 s" }, { 999.9, "1 µs" }, { 3600e9, "3,600 s" },
  };
  static const struct { double v; const char *want; } bytes[] = {
    { 0, "0 B" }, { 2732, "2.67 KiB" }, { 512 * 1048576.0, "512 MiB" },
    { 2.25 * 1073741824.0, "2.25 GiB" },
  };
  static const struct { double v; const char *want; } rates[] = {
    { 0.5, "512 KiB/s" }, { 773, "773 MiB/s" }, { 5.84 * 1024, "5.84 GiB/s" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (times); i++)
    {
      g_autofree char *s = ib_chart_format_time (times[i].v);

      g_assert_cmpstr (s, ==, times[i].want);
    }
  for (guint i = 0; i < G_N_ELEMENTS (bytes); i++)
    {
      g_autofree char *s = ib_chart_format_bytes (bytes[i].v);

      g_assert_cmpstr (s, ==, bytes[i].want);
    }
  for (guint i = 0; i < G_N_ELEMENTS (rates); i++)
    {
      g_autofree char *s = ib_chart_format_rate (rates[i].v);

      g_assert_cmpstr (s, ==, rates[i].want);
    }
  {
    g_autofree char *big = ib_chart_format_ratio (438095);
    g_autofree char *small = ib_chart_format_ratio (1.6);
    g_autofree char *nan = ib_chart_format_time (NAN);

    /* the one ratio format of the tables and sentences (C locale: grouped with ",") */
    g_assert_cmpstr (big, ==, "438,095x");
    g_assert_cmpstr (small, ==, "1.6x");
    g_assert_cmpstr (nan, ==, "0");
  }
}

/* A report whose times are all near 5e-324: the step was 0, the
 * ticks none and the label's decimals (int) of an infinity. */
static void
test_subnormal (void)
{
  IbAxis axis;
  g_autofree char *label = NULL;

  /* The throughput chart's axis (in KiB/s: a step of 5e-321 KiB/s was
   * 0 B/s) */
  ib_axis_init (&axis, &(IbAxisSpec) { IB_UNIT_RATE, FALSE, TRUE, 0, 5e-324 }, 800, 80);
  g_assert_cmpfloat (axis.step, >, 0);
  g_assert_true (isfinite (axis.step));
  g_assert_cmpfloat (axis.max, >, axis.min);
  g_assert_cmpuint (axis.n_ticks, >=, 2);
  label = ib_axis_format (&axis, axis.ticks[1].value);
  g_assert_true (g_str_has_suffix (label, "/s"));
  /* A step of 0 given outright formats too. */
  axis.unit = IB_UNIT_TIME;
  axis.unit_div = 1;
  axis.step = 0;
  g_clear_pointer (&label, g_free);
  label = ib_axis_format (&axis, 3);
  g_assert_cmpstr (label, ==, "3 ns");
}

/* 20,000 samples of a strategy: its row keeps IB_CHART_MAX_DOTS dots
 * spread over the ranks, the extremes among them, and every warm-up. */
static void
test_rows_thinned (void)
{
  g_autoptr(IbReport) report = ib_report_new ();
  g_autoptr(GArray) rows = NULL;
  const IbRow *row;
  IbStats st = { 0 };
  double lo = G_MAXDOUBLE, hi = 0;
  guint warmups = 0;

  for (guint i = 0; i < 20003; i++)
    {
      IbSample s = { 0 };

      s.strategy = g_strdup ("sync-read-all");
      s.ok = TRUE;
      s.warmup = i >= 20000;
      s.wall_ns = (gint64) ((i * 7919) % 20000) + 1;   /* 1 .. 20,000, shuffled */
      s.bytes = 4096;
      g_array_append_val (report->samples, s);
    }
  st.strategy = g_strdup ("sync-read-all");
  st.n = 20000;
  st.median_ns = st.ci_low_ns = st.ci_high_ns = 10000;
  st.mib_per_s = 1;
  g_array_append_val (report->statistics, st);

  rows = ib_rows_from_report (report, FALSE);
  row = &g_array_index (rows, IbRow, 0);
  g_assert_cmpuint (row->samples->len, ==, IB_CHART_MAX_DOTS + 3);
  for (guint i = 0; i < row->samples->len; i++)
    {
      const IbRowSample *rs = &g_array_index (row->samples, IbRowSample, i);

      warmups += rs->warmup;
      if (!rs->warmup)
        {
          lo = MIN (lo, rs->value);
          hi = MAX (hi, rs->value);
        }
    }
  g_assert_cmpuint (warmups, ==, 3);
  g_assert_cmpfloat (lo, ==, 1);
  g_assert_cmpfloat (hi, ==, 20000);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/chart/axis/linear", test_linear_ticks);
  g_test_add_func ("/chart/axis/binary-units", test_binary_units);
  g_test_add_func ("/chart/axis/log", test_log_ticks);
  g_test_add_func ("/chart/axis/log-ends", test_log_ends);
  g_test_add_func ("/chart/axis/log-binary-units", test_log_binary_units);
  g_test_add_func ("/chart/axis/linear-ends", test_linear_ends);
  g_test_add_func ("/chart/axis/percent", test_percent_ticks);
  g_test_add_func ("/chart/axis/non-finite", test_non_finite);
  g_test_add_func ("/chart/axis/subnormal", test_subnormal);
  g_test_add_func ("/chart/rows/thinned", test_rows_thinned);
  g_test_add_func ("/chart/format", test_format);
  return g_test_run ();
}
