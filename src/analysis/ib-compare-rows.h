/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-compare-rows.h: the rows of a comparison of two reports (ib-compare.h
 * says the rest: the sections' names, the sides' names, the sentences and
 * the facts). */
#pragma once

#include <glib.h>

#include "engine/model/ib-types.h"
#include "ib-verdict.h"

G_BEGIN_DECLS

/* What a row compares; every section compares times (lower is better). */
typedef enum
{
  IB_COMPARE_READS,         /* wall time per read strategy, from the samples */
  IB_COMPARE_OVERHEAD,      /* ns per dispatch, per overhead kind */
  IB_COMPARE_WRITE_UNLINK,  /* total time of all requests, per write + delete mode */
  IB_COMPARE_SWEEP,         /* wall time per sweep point (value and strategy) */
  IB_N_COMPARE_SECTIONS
} IbCompareSection;

typedef struct
{
  char      *strategy;       /* the id: strategy, overhead kind or write + delete mode */
  IbCompareSection section;
  guint64    value;          /* IB_COMPARE_SWEEP: the point's value */
  char      *label;          /* what users read: "Memory map", "10 files · Memory map" */
  guint      n_a;            /* valid samples (repetitions, runs) in A */
  guint      n_b;
  double     median_a_ns;
  double     median_b_ns;
  double     ratio;          /* median B / median A */
  double     ci_low;         /* interval of the ratio (ib_stats_ratio, see below) */
  double     ci_high;
  double     ci_level;       /* its coverage */
  IbVerdict  verdict;        /* B against A: B_FASTER when B is faster */
  double     stall_a_ns;     /* median longest main-loop stall; < 0: not measured */
  double     stall_b_ns;
  /* Each side as its report has it (what the comparison chart draws): */
  gboolean   in_a;           /* A has the row; ib_compare_section's rows: both */
  gboolean   in_b;
  gboolean   valid_a;        /* with a positive median and a valid sample */
  gboolean   valid_b;
  double     low_a_ns;       /* the interval of A's median; 0 when none */
  double     high_a_ns;
  double     level_a;        /* its coverage, 0 when none */
  double     low_b_ns;
  double     high_b_ns;
  double     level_b;
} IbCompareRow;

/* One row per strategy present in both reports, in A's statistics order,
 * from the valid wall times of each side (ib_report_ratio): no verdict below
 * IB_VERDICT_MIN_SAMPLES a side, "cannot be told apart" when the interval of
 * the ratio contains 1. The same as ib_compare_section (IB_COMPARE_READS). */
GArray     *ib_compare_reports     (const IbReport *a,
                                    const IbReport *b);

/* The rows of @section, for what both reports have (A's order):
 * READS as above (statistics without their samples: from the medians'
 * intervals, as OVERHEAD). OVERHEAD and SWEEP keep only medians and their
 * intervals, not the samples: the interval of the ratio is [low B / high A,
 * high B / low A], which covers the true ratio whenever both medians'
 * intervals do, so its coverage is at least the product of theirs
 * (ci_level); n is the repetitions of each side. WRITE_UNLINK: from the
 * times of the replicated runs as READS; a report with one run a mode gives
 * the ratio of the total times with n = 1 a side, which is always "too few
 * samples to tell". The same rule everywhere: a verdict needs
 * IB_VERDICT_MIN_SAMPLES a side and an interval that excludes 1. Sweep
 * points are matched by value and strategy, and only when both sweeps vary
 * the same thing. */
GArray     *ib_compare_section     (const IbReport   *a,
                                    const IbReport   *b,
                                    IbCompareSection  section);
/* Builds the rows of @section once: @shared (may be NULL) receives those of
 * ib_compare_section; @all (may be NULL) every row either run has, as the
 * comparison chart draws them: a row only one run has with in_a or in_b
 * FALSE and no verdict; READS sorted with the rows valid in both first,
 * fastest in A first, then by id; the other sections in A's order, then the
 * rows only B has in B's. */
void        ib_compare_section_split (const IbReport    *a,
                                      const IbReport    *b,
                                      IbCompareSection   section,
                                      GArray           **shared,
                                      GArray           **all);
/* The row's ratio, interval and verdict, for ib_verdict_text. */
void        ib_compare_row_interval (const IbCompareRow *row,
                                     IbVerdictInterval  *out);
/* The verdict of @row as the comparison chart labels it, B against A, by
 * ib_verdict_text (IB_VERDICT_WORDING_CHART, or _CHART_COMPACT for a small
 * chart): "B 1.6x slower than A", "cannot be told apart"; a row only one
 * run has, "only in A"; a row that failed in a run, "failed in B". */
char       *ib_compare_row_chart_text (const IbCompareRow *row,
                                       gboolean            compact);

G_END_DECLS
