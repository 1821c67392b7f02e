/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-analysis.h: what a report means, worked out once. An IbAnalysis holds a
 * report, its answer (ib-answer.h) and its findings (ib-findings.h), built
 * once when the report is made or loaded and handed, referenced, to every
 * writer, chart, the CLI and the GUI, so that none of them computes the
 * answer or the findings again. An IbComparison does the same for two
 * reports side by side: the two analyses and the rows of every section
 * (ib-compare.h).
 *
 * Both are immutable once built and refcounted (atomically): a writer on a
 * worker thread may hold one while the UI shows it. */
#pragma once

#include <glib-object.h>

#include "engine/model/ib-types.h"
#include "ib-answer.h"
#include "ib-compare.h"

G_BEGIN_DECLS

typedef struct _IbAnalysis IbAnalysis;

GType           ib_analysis_get_type    (void) G_GNUC_CONST;
#define IB_TYPE_ANALYSIS (ib_analysis_get_type ())

/* Analyses @report (referenced, never written): computes its answer and
 * this version's findings once (ib_findings_compute), which the analysis
 * keeps; the report holds no sentence of its own. */
IbAnalysis     *ib_analysis_new         (IbReport         *report);
/* The same for a report whose run still goes on: the answer only, no
 * findings (a run's findings come when it ends, with ib_analysis_new). Its
 * report may still grow: take a new one to see it, and copy the report
 * before handing it to another thread. */
IbAnalysis     *ib_analysis_new_live    (IbReport         *report);
/* An analysis of @report whose findings are @findings (IbFinding, taken
 * and sorted with ib_findings_sort) instead of the ones this version finds:
 * for tests of how every writer shows a finding (text that needs escaping,
 * an id this version does not know). */
IbAnalysis     *ib_analysis_new_with_findings (IbReport *report,
                                               GArray   *findings);
gboolean        ib_analysis_is_live     (const IbAnalysis *analysis);
IbAnalysis     *ib_analysis_ref         (IbAnalysis       *analysis);
void            ib_analysis_unref       (IbAnalysis       *analysis);

/* The report analysed; do not change it. */
IbReport       *ib_analysis_get_report  (const IbAnalysis *analysis);
/* The answer, or NULL when the report has none (ib_answer_compute). */
const IbAnswer *ib_analysis_get_answer  (const IbAnalysis *analysis);
/* The findings, sorted (ib_findings_sort): an array of IbFinding. */
const GArray   *ib_analysis_get_findings (const IbAnalysis *analysis);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (IbAnalysis, ib_analysis_unref)

typedef struct _IbComparison IbComparison;

/* Two analysed reports side by side, B against A (both referenced), with
 * the rows of every section (ib_compare_section_split) and the names of the two
 * runs (ib_compare_side_names), worked out once. */
IbComparison     *ib_comparison_new       (IbAnalysis         *a,
                                           IbAnalysis         *b);
IbComparison     *ib_comparison_ref       (IbComparison       *comparison);
void              ib_comparison_unref     (IbComparison       *comparison);

const IbAnalysis *ib_comparison_get_a     (const IbComparison *comparison);
const IbAnalysis *ib_comparison_get_b     (const IbComparison *comparison);
/* The rows both runs have in @section, in A's order (IbCompareRow). */
const GArray     *ib_comparison_get_rows  (const IbComparison *comparison,
                                           IbCompareSection    section);
/* Every row either run has in @section, in the comparison chart's order
 * (ib_compare_section_split): the rows above and those only one run has. */
const GArray     *ib_comparison_get_all_rows (const IbComparison *comparison,
                                              IbCompareSection    section);
/* "Quick, 1 Dec 2026, 02:54" of each run, told apart when they read the
 * same (ib_compare_side_names). */
const char       *ib_comparison_get_name_a (const IbComparison *comparison);
const char       *ib_comparison_get_name_b (const IbComparison *comparison);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (IbComparison, ib_comparison_unref)

G_END_DECLS
