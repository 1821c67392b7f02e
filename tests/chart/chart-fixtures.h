/* SPDX-License-Identifier: GPL-3.0-or-later */
/* chart-fixtures.h: fixed reports, built in code, for the chart tests and the
 * gallery. Every value is deterministic so reference images stay stable. */
#pragma once

#include "chart/ib-chart.h"
#include "ib-test-writers.h"

G_BEGIN_DECLS

/* Eight seed-002 strategies plus thread ones, one failed; overhead,
 * write+delete and a sweep with a crossover: every kind has data. */
IbReport *fixture_full          (void);
/* The same plan run "on another machine": for the compare chart. */
IbReport *fixture_other         (void);
IbReport *fixture_empty         (void);
IbReport *fixture_one_strategy  (void);
IbReport *fixture_many          (guint n);
IbReport *fixture_single_sample (void);
/* Medians from 1 µs to 1 s (six orders of magnitude). */
IbReport *fixture_wide_range    (void);
IbReport *fixture_all_failed    (void);
/* NaN, inf and negative values everywhere. */
IbReport *fixture_hostile       (void);
/* Every strategy of the engine's table (and an @direct variant): names that
 * share their start, for narrow charts. */
IbReport *fixture_every_strategy (void);

void      fixture_style         (IbChartStyle *style,
                                 gboolean      dark);

/* The most background a picture may hold in one band, in pixels at 1x: the
 * outer padding and the space between a title, a legend and a plot are
 * below it; a plot centred in twice its height is far above it. */
#define FIXTURE_BAND_MAX 48

/* The tallest run of pixel rows of the PNG at @path that are empty: at
 * most @max_ink pixels of each not @background (alpha ignored; 0: all
 * background, a few: grid lines across an empty plot). Its height in
 * *height. */
int fixture_tallest_band (const char   *path,
                          const IbRgba *background,
                          int           max_ink,
                          int          *height);

G_END_DECLS
