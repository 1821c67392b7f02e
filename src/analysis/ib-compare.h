/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-compare.h: two reports side by side (`iobench-cli compare A.json
 * B.json`, the comparison page and its exports): the read strategies, the dispatch
 * overhead, write + delete and every sweep point the two share, each row
 * with the ratio B / A of times, its interval and one verdict. */
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
/* "Whole-file reads", "Dispatch overhead", "Write + delete", "Sweep"
 * (translated). */
const char *ib_compare_section_title (IbCompareSection section);
/* "reads", "overhead", "write-unlink", "sweep": HTML anchors, test names. */
const char *ib_compare_section_id  (IbCompareSection section);
/* Whether either report has results for @section. */
gboolean    ib_compare_section_in_either (const IbReport   *a,
                                          const IbReport   *b,
                                          IbCompareSection  section);
/* Whether both reports have results for @section (sweeps that vary the
 * same thing): what the comparison chart can draw. */
gboolean    ib_compare_section_in_both (const IbReport   *a,
                                        const IbReport   *b,
                                        IbCompareSection  section);
/* Why @section has no rows, said with the two names (translated): "Only
 * Quick, 1 Dec 2026, 02:54 has write + delete results", "Neither run has
 * ...", "The sweeps vary different things (...)"; NULL when it has rows. */
char       *ib_compare_section_missing (const IbReport   *a,
                                        const char       *name_a,
                                        const IbReport   *b,
                                        const char       *name_b,
                                        IbCompareSection  section);

/* A report as users call it: its preset and date, "Quick, 1 Dec 2026,
 * 02:54" ("Custom plan, ..." without a preset). */
char       *ib_compare_side_name   (const IbReport *report);
/* A run as the comparison chart's legend names it: preset, date, host and,
 * for the parts that read files (READS, SWEEP), the cache it read from:
 * "Quick · 1 Dec 2026, 02:54 · bench · cold cache". */
char       *ib_compare_side_legend (const IbReport   *report,
                                    IbCompareSection  section);
/* Both names; when they read the same, " (A)" and " (B)" are added so the
 * sentences still say which is which. */
void        ib_compare_side_names  (const IbReport *a,
                                    const IbReport *b,
                                    char          **name_a,
                                    char          **name_b);

/* The verdict of @row as one sentence that states the direction once:
 * "NAME_B is 1.5x slower than NAME_A (96.83 % interval 1.40-1.62)",
 * "NAME_A and NAME_B cannot be told apart (ratio 1.02, 96.83 % interval
 * 0.97-1.08)", "too few samples to tell (n = 2; at least 5 needed)". */
char       *ib_compare_row_sentence (const IbCompareRow *row,
                                     const char         *name_a,
                                     const char         *name_b);
/* The row's ratio, interval and verdict, for ib_verdict_text. */
void        ib_compare_row_interval (const IbCompareRow *row,
                                     IbVerdictInterval  *out);
/* The verdict of @row as the comparison chart labels it, B against A, by
 * ib_verdict_text (IB_VERDICT_WORDING_CHART, or _CHART_COMPACT for a small
 * chart): "B 1.6x slower than A", "cannot be told apart"; a row only one
 * run has, "only in A"; a row that failed in a run, "failed in B". */
char       *ib_compare_row_chart_text (const IbCompareRow *row,
                                       gboolean            compact);
/* ib_compare_row_sentence with "A" and "B". */
char       *ib_compare_row_text    (const IbCompareRow *row);

/* One line of the header that says what differs between two runs. */
typedef struct
{
  const char *what;          /* "Preset", "Cache", "File system", ... (translated, static) */
  char       *a;             /* as said for A; "—" when unknown */
  char       *b;
  gboolean    differs;
} IbCompareFact;

/* What the two runs were and where they ran, one fact a line: preset, date,
 * files, cache, strategies' settings, host, CPU, memory, OS, kernel, file
 * system, device, folder, version. */
GArray     *ib_compare_facts       (const IbReport *a,
                                    const IbReport *b);

G_END_DECLS
