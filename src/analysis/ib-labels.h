/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-labels.h: number formatting and small helpers the report writers,
 * the findings and the comparison share. Every string is newly allocated and
 * translated where it has words. */
#pragma once

#include <glib.h>

#include "engine/model/ib-format.h"
#include "engine/plan/ib-parse.h"   /* ib_format_count, _duration, _size */
#include "engine/stats/ib-stats.h"
#include "engine/model/ib-types.h"

G_BEGIN_DECLS

/* A number with three significant digits, trailing zeros dropped, whole
 * and grouped as the locale does from 1000 up: "1.48", "45.3", "412",
 * "12,346". */
char       *ib_format_sig        (double       value);
/* A throughput with ib_format_sig's digits and one unit rule for every
 * table and chart: "512 KiB/s" below 1 MiB/s, "12.5 MiB/s", "2.59 GiB/s"
 * from what would print as 1024 MiB/s; "—" without one. */
char       *ib_format_throughput (double       mib_per_s);
/* Every ratio a person reads, to two significant digits: "4.2x", "1.1x"
 * (1.09), "0.59x", "0.014x"; whole from 10 up, grouped ("38x", "7,217x");
 * never "1.0x" for a ratio 0.5 % or more above 1 ("1.03x"). Beside its
 * interval, use ib_format_ratio_in. */
char       *ib_format_ratio      (double       ratio);
/* The same number without its "x", for "(ratio 1.1, ...)": "0.075",
 * "15", "1.02". */
char       *ib_format_ratio_value (double      ratio);
/* ib_format_ratio and ib_format_ratio_value for an estimate printed beside
 * its interval (ib_format_ratio_ci of the same three numbers): the same
 * digits, but never outside that printed interval, nor printed as one of
 * its bounds: where the interval cannot be widened to hold it without
 * printing a bound as 1, the estimate takes more digits ("1.004x (CI
 * 1.003-1.2)"). */
char       *ib_format_ratio_in       (double   ratio,
                                      double   low,
                                      double   high);
char       *ib_format_ratio_value_in (double   ratio,
                                      double   low,
                                      double   high);
/* Requests or operations per second: "12,346", "45.3" (ib_format_sig). */
char       *ib_format_rate_per_s (double       per_s);
/* The overhead run's iterations as one phrase, true for every kind:
 * "999,999 iterations per kind", or "1,000 to 999,999 iterations, by kind"
 * when a slow kind ran fewer (the table says which); NULL without rows. */
char       *ib_overhead_iterations_text (const IbReport *report);
/* The n to hand ngettext for a number that may have a fraction: the value
 * when whole, 2 for a fraction ("0.3 frames"). */
gulong      ib_plural_count      (double       value);
/* Frames missed at 60 Hz (expected over a random vsync phase), for findings:
 * "an expected 0.74 frames missed at 60 Hz", "no frame missed at 60 Hz". */
char       *ib_format_frames_missed (double frames);
/* "3.9-4.6", "1.2-23": both bounds of a ratio's interval, rounded
 * outward, so that the printed interval holds the computed one (1.26-22.3
 * is "1.2-23"): one decimal from 1.1, none from 10, two below 1.1 (an
 * interval near 1 is read against the ±10 % margin: 0.592-1.003 is
 * "0.59-1.01"). The estimate @ratio, as ib_format_ratio_in prints it,
 * stays strictly inside: a bound that is not the estimate but would print
 * as it, or beyond it, moves out one step (1.23 with 1.21-1.5 is "1.2x (CI
 * 1.1-1.5)", never "1.2x (CI 1.21-1.5)" nor "1.2x (CI 1.2-1.5)"). A bound
 * takes one more decimal while the two ends would print alike, or while a
 * bound that is not 1 would print as 1 in an interval that leaves 1 out
 * ("1.003-1.2"). The one format of every ratio's interval. */
char       *ib_format_ratio_ci   (double       ratio,
                                  double       low,
                                  double       high);
/* "2.10 ms – 2.30 ms": a duration interval (statistics, overhead), each
 * end as ib_format_duration() prints it, or, where the two would print
 * alike although they differ, both in the upper end's unit with the
 * decimals that tell them apart ("1.001 ms – 1.003 ms", not "1.00 ms –
 * 1.00 ms"); "—" without. */
char       *ib_format_duration_ci (double      low_ns,
                                   double      high_ns);
/* A sweep value: "100 files", "2.7 KiB", "8 in flight". */
char       *ib_format_vary_value (IbVaryKind   vary,
                                  guint64      value);
/* "Async load contents, parallel overtakes Sync load contents from 100
 * files", or NULL when @sweep has no crossover (or an old report did not
 * say which strategies cross). */
char       *ib_sweep_crossover_text (const IbSweep *sweep);
/* The cache state as every display says it: "warm cache", "cold cache",
 * "cache as is" (translated, static); NULL for a value out of range. */
const char *ib_cache_mode_text   (IbCacheMode  mode);

/* What a virtual disk does to a cold cache, in the one wording the answer
 * and the findings share: "the disk is a virtual one (virtio): the host may
 * still cache the files, so cold reads can be faster than the disk"; with
 * @sentence, a sentence of it (a capital letter first, a full stop last).
 * Said once per view: the finding that says it is covered by an answer
 * that does. */
char       *ib_virtual_disk_caveat (const char *disk,
                                    gboolean    sentence);


/* A coverage as a percentage: "93.75 %", "96.88 %", "50 %". */
char       *ib_format_level      (double       level);
/* The level a sentence a person reads first names for an interval
 * ("(95 % CI 1.2-1.6)"): "95 %", the procedure's level, for any interval
 * that covers at least that much, "<95 %" for one that covers less. The
 * exact coverage (ib_format_level) belongs in the details: a table, a
 * tooltip, a second sentence. */
#define IB_CI_LEVEL 0.95
char       *ib_format_ci_level   (double       level);

/* How a statistics row is aggregated: "median of 10 valid samples;
 * distribution-free order-statistic interval, coverage 97.85 %; 3 of 13
 * samples excluded for their cache state". */
char       *ib_stats_aggregation_text (const IbStats *st);

/* What a statistics row of @report says in place of its numbers when the
 * run never came to its strategy (no sample at all, not even a failed or an
 * excluded one): "not measured (stopped)" when the run stopped or failed
 * before it, "not measured" otherwise (a strategy added to the plan after
 * the run); NULL for a row with any sample. Never "failed": nothing of it
 * failed. */
const char *ib_stats_unmeasured_text (const IbReport *report,
                                      const IbStats  *st);

/* The date a report was made, in the local time zone and the one format the
 * app shows everywhere: "1 Dec 2026, 02:54" (translatable format). "Unknown
 * date" when the report has none. */
char       *ib_report_date_text      (const IbReport *report);
/* The same, NULL when the report has no date. */
char       *ib_report_date_or_null   (const IbReport *report);

/* The "vs fastest" cell of @st against @fastest (the lowest median of
 * @report): "fastest"; "1.3x slower" only when ib_report_ratio calls the
 * difference clear; "≈ 1.05x" when the two cannot be told apart; below
 * IB_VERDICT_MIN_SAMPLES a side a hint, no verdict: "1.3x (hint)", "lowest
 * (hint)" (the statistics table's note says what a hint is, once); NULL
 * without data. The
 * verdict comes from the samples (ib_report_ratio), or from the medians'
 * intervals when the report has none. @clear (may be NULL): whether the
 * "slower" is a clear verdict. */
char       *ib_vs_fastest_text       (const IbReport *report,
                                      const IbStats  *st,
                                      const IbStats  *fastest,
                                      gboolean       *clear);

/* Whether strategy @a stalls the main loop clearly less than @b: the
 * interval of the shift of each read's longest stall (ib_stats_shift, at
 * least IB_VERDICT_MIN_SAMPLES watched samples a side) lies above 0 for @b.
 * A trade-off ("slower, but it never blocks the loop") needs it. */
gboolean    ib_report_stalls_less    (const IbReport *report,
                                      const char     *a,
                                      const char     *b);

/* A strategy's short name for a narrow table ("Async read par."): every
 * strategy's stays apart from the others' where the whole names would be
 * cut ("Async sin…d (serial)"); the whole name (ib_strategy_title) when it
 * has none. Translated, interned. */
const char *ib_strategy_short_title  (const char     *id);

G_END_DECLS
