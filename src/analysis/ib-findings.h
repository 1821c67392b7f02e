/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-findings.h: the findings of a report: one sentence each, in groups,
 * derived from the data (never saved as input), after the answer
 * (ib-answer.h). */
#pragma once

#include <glib.h>

#include "engine/ib-types.h"
#include "ib-answer.h"

G_BEGIN_DECLS

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
/* Sorts report->findings by group, then by importance within the group,
 * keeping the order of findings of equal rank. */
void            ib_findings_sort           (IbReport       *report);

/* Whether @finding is shown where the answer is shown (the CLI, HTML,
 * Markdown, the results page): not when it only says what the answer says
 * (IbFinding.covered). JSON keeps every finding. */
gboolean        ib_finding_is_shown        (const IbFinding *finding);
/* How many of report->findings are shown. */
guint           ib_findings_n_shown        (const IbReport  *report);

/* Fills report->findings from the data (replacing what was there), sorted
 * with ib_findings_sort; each is one sentence: a capital letter first, a
 * full stop last. A finding that says only what @answer (ib-answer.h; NULL:
 * none) says is marked covered; one that says more leaves out what the
 * answer says. ib_analysis_new (ib-analysis.h) calls it with the report's
 * answer: the shells take an analysis, never call this. */
void      ib_findings_fill        (IbReport       *report,
                                   const IbAnswer *answer);
/* ib_findings_fill with the report's own answer, through an analysis
 * dropped at once (ib-analysis.c): for tests. */
void      ib_findings_generate    (IbReport       *report);
/* Adds the main-loop findings (ib-findings-stall.c; ib_findings_generate
 * calls it), covered by @answer (NULL: none) where they repeat it. */
void      ib_findings_stall       (IbReport       *report,
                                   const IbAnswer *answer);
/* Adds the io_uring and direct I/O findings (ib-findings-uring.c;
 * ib_findings_generate calls it), leaving out what @answer says. */
void      ib_findings_uring       (IbReport       *report,
                                   const IbAnswer *answer);

G_END_DECLS
