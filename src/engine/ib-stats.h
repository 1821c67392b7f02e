/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-stats.h: honest statistics (DESIGN.md section 6). */
#pragma once

#include <glib.h>

#include "ib-types.h"

G_BEGIN_DECLS

#define IB_BOOTSTRAP_RESAMPLES 2000

/* Fills the time fields of @out (n, min .. cv, outliers, CI) from @values
 * (need not be sorted). The CI is a seeded percentile bootstrap of the median
 * (IB_BOOTSTRAP_RESAMPLES resamples). n == 0 leaves everything 0; n == 1 gives
 * ci_low == ci_high == median. */
void     ib_stats_compute       (const double *values,
                                 guint         n,
                                 guint64       seed,
                                 IbStats      *out);

/* Quantile of sorted @values, linear interpolation between closest ranks
 * (type 7 in Hyndman & Fan, the default of R and NumPy). */
double   ib_quantile_sorted     (const double *sorted,
                                 guint         n,
                                 double        q);

/* The percentile `ab` prints: the value at index (n * p / 100) of the sorted
 * values, clamped to n - 1 (ApacheBench's ap_percentile logic). */
gint64   ib_percentile_ab       (const gint64 *sorted,
                                 guint         n,
                                 guint         percent);

/* Ratio of medians median(b) / median(a) ("a is ratio x faster than b") with
 * a seeded bootstrap 95 % CI. Returns FALSE when either side is empty. */
gboolean ib_stats_ratio         (const double *a,
                                 guint         na,
                                 const double *b,
                                 guint         nb,
                                 guint64       seed,
                                 double       *ratio,
                                 double       *ci_low,
                                 double       *ci_high);

/* A ratio whose CI spans 1 cannot be told apart. */
gboolean ib_stats_ratio_is_clear (double ci_low,
                                  double ci_high);

/* Recomputes report->statistics from report->samples: one row per strategy of
 * the plan (plan order), warm-ups and failed samples excluded from the times,
 * failed ones counted in n_failed. */
void     ib_report_compute_statistics (IbReport *report);

/* Collects the measured (non warm-up, ok) wall times of @strategy. */
GArray  *ib_report_wall_times   (const IbReport *report,
                                 const char     *strategy);

/* Small, fast, seeded PRNG (xoshiro256**), shared by content, interleaving
 * and bootstrap. */
typedef struct { guint64 s[4]; } IbRng;

void     ib_rng_init            (IbRng   *rng,
                                 guint64  seed);
guint64  ib_rng_next            (IbRng   *rng);
/* Uniform in [0, bound) without modulo bias. */
guint64  ib_rng_below           (IbRng   *rng,
                                 guint64  bound);

G_END_DECLS
