/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-findings.h: the findings of a report: one sentence each, in groups,
 * derived from the data (never saved as input), after the answer
 * (ib-answer.h). */
#pragma once

#include <glib.h>

#include "engine/model/ib-types.h"
#include "ib-answer.h"

G_BEGIN_DECLS

/* One finding: a sentence of the analysis (ib-analysis.h), never stored in
 * the report it is about. */
typedef struct
{
  char     *id;                /* stable, for tools and tests (ib-findings.c) */
  char     *text;
  gboolean  covered;           /* says only what the report's answer says (ib-answer.h):
                                * kept in the data, not shown where the answer is shown */
  gboolean  hint;              /* too few survey samples for its verdict: kept in the
                                * data, not shown; the "survey-hints" finding says once
                                * that the survey's numbers are hints */
} IbFinding;

/* Where a finding goes, from its id (ib-findings-group.c): the answer is
 * shown on its own (ib-answer.h); the findings follow it in these groups, in
 * this order, each sorted by importance. */
typedef enum
{
  IB_FINDING_GROUP_ANSWER,       /* what backs the answer: sync vs async, the fastest */
  IB_FINDING_GROUP_VALIDITY,     /* tmpfs, FUSE, virtual disk, cache state, excluded samples */
  IB_FINDING_GROUP_EXPERIMENTS,  /* the three reproduced experiments */
  IB_FINDING_GROUP_DETAILS,      /* the rest, and ids this version does not know */
  IB_N_FINDING_GROUPS
} IbFindingGroup;

IbFindingGroup  ib_finding_group           (const char     *id);
/* Whether the finding @id warns that the numbers may not measure what they
 * seem to (tmpfs, FUSE, samples left out for their cache state, a cold cache
 * on a virtual disk, compression): the results page shows these as a banner
 * too. */
gboolean        ib_finding_is_warning      (const char     *id);
/* "answer", "validity", "experiments", "details" (JSON). */
const char     *ib_finding_group_to_string (IbFindingGroup  group);
/* A short heading (translated): "How far to trust these numbers". */
const char     *ib_finding_group_title     (IbFindingGroup  group);

/* An empty array of IbFinding that frees their strings. */
GArray         *ib_findings_new            (void);
/* Appends a finding @id with the text @format to @findings. */
void            ib_findings_add            (GArray         *findings,
                                            const char     *id,
                                            const char     *format,
                                            ...) G_GNUC_PRINTF (3, 4);
/* Marks the finding added last to @findings as covered by the answer
 * (IbFinding.covered). */
void            ib_findings_cover_last     (GArray         *findings);
/* Marks the finding added last to @findings as a hint (IbFinding.hint)
 * when @too_few (its verdict had too few samples) and @report's survey is
 * short (ib_findings_survey_is_short). */
void            ib_findings_hint_last      (GArray         *findings,
                                            const IbReport *report,
                                            gboolean        too_few);
/* Whether a strategy of @report's survey was measured fewer than
 * IB_VERDICT_MIN_SAMPLES valid times (a busy machine cut the survey short,
 * or a plan asked for fewer rounds): its comparisons are then hints, said
 * once. @n_min and @n_max (may be NULL): the fewest and most valid samples
 * of a measured strategy. */
gboolean        ib_findings_survey_is_short (const IbReport *report,
                                             guint          *n_min,
                                             guint          *n_max);
/* Whether a comparison of @report that the decision phase did (@paired)
 * or did not race rests on the survey's samples alone in a report whose
 * answer rests on pairs: then its numbers are hints, worded without a
 * direction (IB_VERDICT_WORDING_SURVEY_HINT); "faster", "slower",
 * "fastest" and "costs time" rest on decided verdicts only. In a report
 * without a decision phase the samples are all there is, and the answer
 * decides from them too. */
gboolean        ib_findings_survey_only    (const IbReport *report,
                                            gboolean        paired);
/* Sorts @findings (IbFinding) by group, then by importance within the
 * group, keeping the order of findings of equal rank. */
void            ib_findings_sort           (GArray         *findings);

/* Whether @finding is shown where the answer is shown (the CLI, HTML,
 * Markdown, the results page): not when it only says what the answer says
 * (IbFinding.covered), nor when it is a hint (IbFinding.hint). JSON keeps
 * every finding. */
gboolean        ib_finding_is_shown        (const IbFinding *finding);
/* How many of @findings (IbFinding; NULL: none) are shown. */
guint           ib_findings_n_shown        (const GArray    *findings);

/* The findings of @report (never written), newly made and sorted with
 * ib_findings_sort; each is one sentence: a capital letter first, a full
 * stop last. A finding that says only what @answer (ib-answer.h; NULL:
 * none) says is marked covered; one that says more leaves out what the
 * answer says. ib_analysis_new (ib-analysis.h) calls it with the report's
 * answer and keeps the result: the shells take an analysis, never call
 * this. */
GArray   *ib_findings_compute     (const IbReport *report,
                                   const IbAnswer *answer);
/* Adds the main-loop findings of @report to @findings
 * (ib-findings-stall.c; ib_findings_compute calls it), covered by @answer
 * (NULL: none) where they repeat it. */
void      ib_findings_stall       (const IbReport *report,
                                   const IbAnswer *answer,
                                   GArray         *findings);
/* Adds the io_uring and direct I/O findings (ib-findings-uring.c;
 * ib_findings_compute calls it), leaving out what @answer says. */
void      ib_findings_uring       (const IbReport *report,
                                   const IbAnswer *answer,
                                   GArray         *findings);

G_END_DECLS
