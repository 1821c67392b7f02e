/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-report-util.h: number formatting and small helpers the report writers,
 * the findings and the comparison share. Every string is newly allocated and
 * translated where it has words. */
#pragma once

#include <glib.h>

#include "chart/ib-chart.h"
#include "engine/ib-parse.h"   /* ib_format_duration, ib_format_size */
#include "engine/ib-types.h"

G_BEGIN_DECLS

/* "2,650 MiB/s" (grouped as the locale does) or "12.5 MiB/s". */
char       *ib_format_throughput (double       mib_per_s);
/* "4.2x", "38x" (no decimals from 10 up), "1.02x" below 1.1. */
char       *ib_format_ratio      (double       ratio);
/* An integer with the locale's thousands separators: "16,384". */
char       *ib_format_count      (guint64      value);
/* A sweep value: "100 files", "2.7 KiB", "8 in flight". */
char       *ib_format_vary_value (IbVaryKind   vary,
                                  guint64      value);

/* "sync", "async" or NULL, from the strategy id's prefix (works for ids this
 * version does not know). */
const char *ib_strategy_id_family (const char *id);

/* The measured wall times of @strategy as a plain array (see
 * ib_report_wall_times); *n_out is the count. */
double     *ib_report_times_dup  (const IbReport *report,
                                  const char     *strategy,
                                  guint          *n_out);

/* Sentence for a ratio of medians median(b) / median(a) with its 95 % CI:
 * "A is 4.2x faster than B (95 % CI 3.9-4.6)", "B is ... faster than A", or
 * "A and B cannot be told apart (ratio 1.02, 95 % CI 0.97-1.08)". */
char       *ib_ratio_sentence    (const char *a,
                                  const char *b,
                                  double      ratio,
                                  double      ci_low,
                                  double      ci_high);

/* Height in units for @kind drawn IB_REPORT_CHART_WIDTH wide: row charts grow
 * with their number of rows, the others are 16:9. */
#define IB_REPORT_CHART_WIDTH 960
int         ib_report_chart_height (IbChartKind     kind,
                                    const IbReport *report);

G_END_DECLS
