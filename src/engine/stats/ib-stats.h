/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-stats.h: honest statistics (README.md, "What it measures",
 * "How samples become a result"). */
#pragma once

#include <glib.h>

#include "engine/model/ib-types.h"

G_BEGIN_DECLS

/* No verdict ("A is 2x faster") unless each side has at least this many
 * valid samples (measured, successful, in the plan's cache state). */
#define IB_VERDICT_MIN_SAMPLES 5
/* The coverage the intervals aim for. */
#define IB_CI_TARGET 0.95

/* Fills the time fields of @out (n, min .. cv, outliers, interval) from
 * @values (need not be sorted). The interval of the median is the
 * distribution-free order-statistic interval (ib_median_interval); its
 * achieved coverage goes to ci_level. n == 0 leaves everything 0; n == 1 gives
 * ci_low == ci_high == median with ci_level 0. */
void     ib_stats_compute       (const double *values,
                                 guint         n,
                                 IbStats      *out);

/* Distribution-free interval of the median of @sorted (ascending, n values):
 * [x(k), x(n+1-k)], which contains the true median with probability
 * 1 - 2 P(Bin(n, 1/2) < k) for any continuous distribution. k is the largest
 * whose coverage is at least IB_CI_TARGET; below n = 6 no k reaches it and
 * the interval is [min, max] with its lower coverage (93.75 % at n = 5,
 * 87.5 % at 4, 75 % at 3, 50 % at 2, 0 at 1). Returns that coverage. */
double   ib_median_interval     (const double *sorted,
                                 guint         n,
                                 double       *low,
                                 double       *high);

/* The coverage ib_median_interval achieves for @n values (it depends on n
 * only): 0.9375 for 5, 0.978515625 for 10, 0 below 2. */
double   ib_median_coverage     (guint         n);

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

typedef enum
{
  IB_RATIO_NO_DATA,            /* a side has no valid sample */
  IB_RATIO_TOO_FEW,            /* a side has fewer than IB_VERDICT_MIN_SAMPLES */
  IB_RATIO_SAME,               /* the interval contains 1: cannot be told apart */
  IB_RATIO_A_FASTER,           /* the whole interval lies above 1 */
  IB_RATIO_B_FASTER,           /* the whole interval lies below 1 */
} IbRatioVerdict;

typedef struct
{
  IbRatioVerdict verdict;
  guint          na;
  guint          nb;
  double         ratio;        /* median(b) / median(a); 0 when a side is empty */
  double         ci_low;       /* interval of the ratio b / a, see ib_stats_ratio */
  double         ci_high;
  double         ci_level;     /* its achieved coverage, 0 when there is none */
} IbRatio;

/* Compares two sets of times (seconds, nanoseconds: any positive unit).
 * The point estimate is the ratio of the medians. Its interval is the
 * Hodges-Lehmann / Mann-Whitney interval on log times: the k-th smallest and
 * k-th largest of the na * nb pairwise ratios b_j / a_i, with k from the
 * exact null distribution of the Mann-Whitney U (normal approximation when
 * na * nb > 10,000) so that the coverage is at least IB_CI_TARGET; the
 * coverage is exact whatever the noise distribution, as long as the two sides
 * differ by a factor (a shift of log times). The verdict is A_FASTER or
 * B_FASTER only when both sides have IB_VERDICT_MIN_SAMPLES valid times and
 * the interval excludes 1. Values <= 0 count as no data. */
void     ib_stats_ratio         (const double *a,
                                 guint         na,
                                 const double *b,
                                 guint         nb,
                                 IbRatio      *out);

/* A median known only by its interval (sweep points and overhead rows keep
 * no samples). */
typedef struct
{
  double median;
  double low;   /* the median's interval, 0 when there is none */
  double high;
  double level; /* its coverage, 0 when there is none */
  guint  n;     /* the samples the median came from */
} IbMedianCi;

/* Compares two medians known only by their intervals: the ratio
 * b.median / a.median and the interval [b.low / a.high, b.high / a.low],
 * which covers the true ratio whenever both medians' intervals cover theirs,
 * so its coverage is at least a.level * b.level (ci_level). Without an
 * interval on a side (level 0 or bounds missing) the interval is the ratio
 * itself with ci_level 0. The
 * verdict rule of ib_stats_ratio: TOO_FEW below IB_VERDICT_MIN_SAMPLES a
 * side or without an interval, SAME when the interval contains 1; NO_DATA
 * when a median is not positive or a side has n = 0. */
void     ib_stats_ratio_of_medians (const IbMedianCi *a,
                                    const IbMedianCi *b,
                                    IbRatio          *out);

/* How much a count or a time differs between two sets of samples (callbacks,
 * page faults, CPU time: values that may be 0). The interval is the
 * Hodges-Lehmann / Mann-Whitney interval of the shift b - a: the k-th
 * smallest and k-th largest of the na * nb pairwise differences, k as in
 * ib_stats_ratio (coverage at least IB_CI_TARGET, exact for a shift).
 * differs is TRUE only with IB_VERDICT_MIN_SAMPLES values a side and an
 * interval that excludes 0. */
typedef struct
{
  guint    na;
  guint    nb;
  double   median_a;
  double   median_b;
  double   ci_low;             /* interval of the shift b - a */
  double   ci_high;
  double   ci_level;           /* its achieved coverage */
  gboolean differs;
} IbShift;

void     ib_stats_shift         (const double *a,
                                 guint         na,
                                 const double *b,
                                 guint         nb,
                                 IbShift      *out);

/* TRUE for A_FASTER and B_FASTER. */
gboolean ib_ratio_is_clear      (const IbRatio *ratio);

/* ib_stats_ratio over the valid wall times of strategy @a in @report_a and
 * strategy @b in @report_b (the same report for two strategies, two reports
 * for one strategy). */
void     ib_report_ratio        (const IbReport *report_a,
                                 const char     *a,
                                 const IbReport *report_b,
                                 const char     *b,
                                 IbRatio        *out);

/* ---- which samples count ---- */

/* Reasons a sample is left out of the statistics (IbSample.excluded). */
#define IB_EXCLUDED_NOT_COLD "not-cold"
#define IB_EXCLUDED_NOT_WARM "not-warm"
#define IB_EXCLUDED_CONTENDED "contended"

/* The one rule that decides whether a measured sample enters the statistics,
 * used by runs (ib_report_compute_statistics) and sweeps alike: a sample whose
 * cache check failed (cache_ok FALSE) in a cold or warm plan is excluded with
 * IB_EXCLUDED_NOT_COLD or IB_EXCLUDED_NOT_WARM; otherwise excluded is NULL.
 * Warm-ups and failed samples are not "excluded": they never count. */
void     ib_sample_judge        (IbSample    *sample,
                                 IbCacheMode  mode);

/* TRUE when @sample enters the statistics: not a warm-up, ok, not excluded. */
gboolean ib_sample_is_valid     (const IbSample *sample);

/* "not cold", "not warm", "contended" (translated) for an IbSample.excluded reason; the
 * reason itself when it is unknown to this version. */
const char *ib_excluded_describe (const char *reason);

/* Recomputes report->statistics from report->samples: judges every sample
 * (ib_sample_judge with the plan's cache mode), then one row per strategy of
 * the plan (plan order) from the valid samples; failed ones are counted in
 * n_failed, excluded ones in n_excluded. */
void     ib_report_compute_statistics (IbReport *report);

typedef enum
{
  IB_STATS_DEFAULT        = 0,
  IB_STATS_KEEP_CONTENDED = 1 << 0,   /* count contended samples like the rest */
} IbStatsFlags;

/* ib_report_compute_statistics() with a choice. By default a strategy's
 * contended samples (IbSample.contended: it waited for a CPU beyond
 * IB_CONTENDED_SHARE of its wall time) are excluded with
 * IB_EXCLUDED_CONTENDED when at least IB_VERDICT_MIN_SAMPLES valid
 * uncontended ones remain; its row records n_contended and
 * contended_excluded. With IB_STATS_KEEP_CONTENDED they always count. */
void     ib_report_compute_statistics_full (IbReport     *report,
                                            IbStatsFlags  flags);

/* ib_report_compute_statistics() after samples of @strategy alone were
 * added since the last computation: judges that strategy's samples and
 * recomputes its row only, which comes out as the full computation would
 * make it. Without a row for @strategy yet, computes them all. */
void ib_report_update_statistics (IbReport   *report,
                                  const char *strategy);

/* How many measured, successful samples of @strategy (NULL: of every
 * strategy) were contended, out of how many (*n_measured), and their share
 * (0 when none was measured). Samples whose wait is unknown count as not
 * contended. */
double   ib_report_contention   (const IbReport *report,
                                 const char     *strategy,
                                 guint          *n_contended,
                                 guint          *n_measured);

/* Collects the valid (ib_sample_is_valid) wall times of @strategy. */
GArray  *ib_report_wall_times   (const IbReport *report,
                                 const char     *strategy);

/* Small, fast, seeded PRNG (xoshiro256**), shared by content, interleaving
 * and the statistical tests. */
typedef struct { guint64 s[4]; } IbRng;

void     ib_rng_init            (IbRng   *rng,
                                 guint64  seed);
guint64  ib_rng_next            (IbRng   *rng);
/* Uniform in [0, bound) without modulo bias. */
guint64  ib_rng_below           (IbRng   *rng,
                                 guint64  bound);

G_END_DECLS
