/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-decision.h: the decision phase (README.md, "What it measures",
 * "Survey, then decision").
 *
 * The survey (every strategy in randomized rounds) only picks the
 * candidates: for each line of the answer the strategy with the lowest
 * survey median of one group against the lowest of another at the same
 * concurrency: serial sync against serial GIO async, sync reads on threads
 * against parallel GIO async, and as references serial sync against serial
 * io_uring and against mmap (O_DIRECT variants left out). Like with like: a
 * line never pits one file at a time against all at once, which would
 * measure concurrency, not the API. The decision phase then
 * measures only that pair, on fresh samples, in adjacent pairs whose order
 * alternates (AB, BA, AB, ...), and decides by the paired log-ratios
 * (ib-paired.h) until the rule stops or the line's share of the budget is
 * spent. The two main lines (sync against GIO async, serial and parallel)
 * go first and share the phase; what they leave (when a planned look
 * decides one early) goes to the references, and a line that gets no time
 * says so (no pairs, not decided).
 *
 * None of the survey's samples enter a decision (that would bring back the
 * winner's curse: the pair was picked because its survey samples were
 * low), and none of the decision's samples enter the survey statistics.
 */
#pragma once

#include <gio/gio.h>

#include "engine/stats/ib-paired.h"
#include "engine/model/ib-types.h"

G_BEGIN_DECLS

/* The sides of the answer: what ib_decision_side () returns besides
 * "sync" (the sync reads on the caller's thread). */
#define IB_DECISION_SIDE_ASYNC  "sync-async"
#define IB_DECISION_SIDE_THREAD "thread"
#define IB_DECISION_SIDE_URING  "uring"
#define IB_DECISION_SIDE_MMAP   "mmap"

/* The groups lines race: a side at one concurrency (ib_decision_group). */
#define IB_DECISION_GROUP_SYNC           "sync"           /* serial sync reads */
#define IB_DECISION_GROUP_THREAD         "thread"         /* sync reads on threads */
#define IB_DECISION_GROUP_ASYNC_SERIAL   "async-serial"
#define IB_DECISION_GROUP_ASYNC_PARALLEL "async-parallel"
#define IB_DECISION_GROUP_URING_SERIAL   "uring-serial"
#define IB_DECISION_GROUP_URING_PARALLEL "uring-parallel"
#define IB_DECISION_GROUP_MMAP           "mmap"

/* The lines of the answer, in the order they are decided: like with like,
 * each races two groups of the same concurrency (ib_decision_line_infos).
 * A new line is a row of that table (ib-decision.c) and a row of the
 * answer's (answer_lines[] in analysis/ib-answer.c) with the same id; a
 * name here only where other code must name the line. */
#define IB_DECISION_LINE_SERIAL   "serial"
#define IB_DECISION_LINE_PARALLEL "parallel"
#define IB_DECISION_LINE_URING    "uring"
#define IB_DECISION_LINE_MMAP     "mmap"

/* A row of the table of lines: the best strategy of group a (by the
 * survey's median) against the best of group b. A main line answers the
 * title question (sync against GIO async, at one concurrency); the others
 * are references. */
typedef struct
{
  const char *id;       /* IB_DECISION_LINE_* */
  const char *group_a;  /* IB_DECISION_GROUP_* */
  const char *group_b;
  gboolean    main;
  const char *title;    /* N_(), its progress: "One file at a time: sync vs async" */
} IbDecisionLineInfo;

/* The table, in the order decided: the main lines first. */
const IbDecisionLineInfo *ib_decision_line_infos (guint *n_lines);
/* The row @id of the table, NULL when there is none. */
const IbDecisionLineInfo *ib_decision_line_info  (const char *id);

/* The main lines share the decision phase's time: the first gets half of
 * it, the second all it leaves; the references get what the main lines
 * leave when a planned look decides them before their end. */
/* The decision phase runs last, after the survey and the plan's sweep,
 * overhead and write+delete parts, and ends this long before the budget
 * does (a pair that runs long, removing the files and writing the report:
 * with 1 s, quick ended up to 1 s past its budget at load 20), ns. Running
 * last, it takes exactly what the others left of the budget, however long
 * they took. */
#define IB_DECISION_RESERVE_NS     (G_GINT64_CONSTANT (2500) * 1000 * 1000)

/* With a budget, the survey stops after this many measured rounds at the
 * earliest when its rounds would use more than IB_SURVEY_SHARE of it (it
 * only picks the candidates; the decision phase answers): 5, what the
 * survey's own verdicts need a side (IB_VERDICT_MIN_SAMPLES), so that every
 * strategy a report shows has them. On a machine so busy that even those
 * rounds would take too long, it stops in the middle of a round once
 * IB_SURVEY_MAX_SHARE of the budget is gone: after one whole measured
 * round, or in the first one as soon as the headline has candidates (a
 * measured sync and a measured async strategy; the others then are not
 * candidates). quick surveys few strategies for this (ib-presets.c). */
#define IB_SURVEY_MIN_ROUNDS 5
#define IB_SURVEY_SHARE      0.3
#define IB_SURVEY_MAX_SHARE  0.5

/* Whether the survey should stop before measured round @done (0-based
 * count of measured rounds finished) of a plan with a budget, at @now_ns
 * (ib_os_monotonic_ns): TRUE when another round at the pace so far
 * (@rounds_start_ns: when the first measured round began) would end after
 * IB_SURVEY_SHARE of the budget, counted from @started_ns. Never before
 * IB_SURVEY_MIN_ROUNDS, never without a budget. */
gboolean    ib_decision_survey_should_stop (const IbPlan *plan,
                                            gint64        started_ns,
                                            gint64        rounds_start_ns,
                                            guint         done,
                                            gint64        now_ns);
/* Whether the survey should stop at @now_ns, before its next measured
 * sample, in the middle of a round: TRUE when IB_SURVEY_MAX_SHARE of the
 * budget is gone since @started_ns and either @done (whole measured rounds)
 * is at least 1 or @report's statistics (of the samples so far) give the
 * headline its pair. Never without a budget. */
gboolean    ib_decision_survey_overran     (const IbPlan   *plan,
                                            const IbReport *report,
                                            gint64          started_ns,
                                            guint           done,
                                            gint64          now_ns);

/* The side of the answer @strategy belongs to: one of IB_DECISION_SIDE_*
 * for the other sides, "sync" for sync, NULL for none (O_DIRECT variants).
 * The one family classifier above the registry: the answer, the decision,
 * the findings and the tables all use it. An id this build does not know (a
 * newer report's) is sync or GIO async by its prefix, else none. */
const char *ib_decision_side       (const char *strategy);
/* The group of @strategy (IB_DECISION_GROUP_*): its side at its
 * concurrency (serial or parallel), NULL for none. An id this build does
 * not know is in no group. */
const char *ib_decision_group      (const char *strategy);

/* The measured strategy of @side (ib_decision_side) with the lowest survey
 * median in @report, NULL for none: the one "best of a family". */
const IbStats *ib_decision_fastest (const IbReport *report,
                                    const char     *side);
/* The same for a group (ib_decision_group). */
const IbStats *ib_decision_fastest_in (const IbReport *report,
                                       const char     *group);

/* The lines to decide from @report's statistics (the survey): IbDecisionLine
 * with line, a and b set, in the table's order, each line whose two groups
 * were measured; empty when no main line was. */
GArray     *ib_decision_pick       (const IbReport *report);

/* The line @line_id of @report's decision, NULL when there is none. */
const IbDecisionLine *ib_report_decision_line (const IbReport *report,
                                               const char     *line_id);

/* The IbPaired view of @line (verdict, ratio, interval, level, margin). */
void        ib_decision_line_paired (const IbDecisionLine *line,
                                     double                margin,
                                     IbPaired             *out);

/* Takes one fresh sample of @strategy in @round (never a warm-up round):
 * FALSE only when cancelled or on a fatal error; a failed read is a sample
 * with ok = FALSE. */
typedef gboolean (*IbDecisionSampleFunc)   (const char  *strategy,
                                            guint        round,
                                            IbSample    *out,
                                            gpointer     user_data,
                                            GError     **error);
/* Where a line of the decision phase stands, for a display of its interval
 * narrowing (the runner's IB_EVENT_DECISION). Between planned looks the
 * interval is only a peek at the pairs so far, at the looks' level: it
 * decides nothing (look is FALSE, verdict UNDECIDED or NO_DATA); at the
 * line's end it is the line's result (look TRUE, its verdict). */
typedef struct
{
  char            *line;       /* IB_DECISION_LINE_* */
  char            *a;          /* strategy ids: a the sync side, b the other */
  char            *b;
  guint            n_pairs;    /* pairs measured so far */
  double           ratio;      /* Hodges-Lehmann estimate of b / a; 0 before 2 pairs */
  double           ci_low;     /* its interval (0 before 2 pairs) */
  double           ci_high;
  double           ci_level;   /* the level of the line's looks, 0 before they are planned */
  double           margin;     /* the equivalence margin */
  gboolean         look;       /* the line's result, not a peek */
  IbPairedVerdict  verdict;
  guint            more_pairs; /* as IbPaired's, with look */
  double           level;      /* the level of the line's whole procedure, all its looks
                                * together (1 - IB_PAIRED_ALPHA): what a decision keeps */
  gint64           next_look_in_ns; /* a peek once the looks are planned: time from this
                                     * peek to the next planned look, the only moment the
                                     * line can be decided; -1 otherwise */
  gboolean         next_is_last;    /* that look is the line's last, at the end of its
                                     * time */
} IbDecisionLook;

IbDecisionLook *ib_decision_look_copy (const IbDecisionLook *look);
void            ib_decision_look_free (IbDecisionLook       *look);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (IbDecisionLook, ib_decision_look_free)

/* Progress of the phase: @message (translated, "Sync vs async, pair 12:
 * time ratio 0.91–1.30"), @fraction of the phase's time, and where the line
 * stands (@look, NULL when only the message changed). */
typedef void     (*IbDecisionProgressFunc) (const char           *message,
                                            double                fraction,
                                            const IbDecisionLook *look,
                                            gpointer              user_data);

/* Keep deciding (the window's "Keep deciding", ib-decision-keep.c): a main
 * line the phase left undecided (or without pairs) is decided again for
 * the same pair on the same plan, with more time, by a run of its own:
 *   plan = ib_decision_keep_plan (report, "serial", 60, &error);
 *   kept = ib_runner_run_sync (plan, ...);   (or an IbRunner)
 *   ib_decision_keep_merge (copy_of_report, kept, "serial", &error);
 * The plan is @report's with only the line's two strategies, a survey of
 * at most IB_DECISION_KEEP_ROUNDS rounds (it only picks, and the two are
 * the pick), none of the other parts, its seed, and a budget of @seconds:
 * the decision phase gets the rest. The line's procedure is continued,
 * not started again: the plan carries its pairs and the looks they took
 * (keep_pairs, keep_looks), each new look sees every pair, and the error
 * rate is split over all looks, the earlier tries' too (ib_decider_continue),
 * so the line's level still holds however often it is kept deciding. A
 * fresh procedure each time would not: "try again until it decides" then
 * reaches a false verdict far more often (tests/engine/core/test-decision.c,
 * keep-coverage). NULL, with IB_ERROR_INVALID, when @report has no such
 * line or it is decided. */
#define IB_DECISION_KEEP_ROUNDS 2
IbPlan     *ib_decision_keep_plan  (const IbReport *report,
                                    const char     *line_id,
                                    guint           seconds,
                                    GError        **error);
/* Puts the line @line_id of @kept (the run of ib_decision_keep_plan) in
 * place of @report's, and counts its budget in @report's
 * decision->kept_s. FALSE, with @report untouched, when @report's line is
 * not an undecided one or @kept did not race the same pair. */
gboolean    ib_decision_keep_merge (IbReport       *report,
                                    const IbReport *kept,
                                    const char     *line_id,
                                    GError        **error);

/* What ib_decision_run needs besides the report: when the run began
 * (@started_ns) and when the phase must end (@deadline_ns, both
 * ib_os_monotonic_ns), how it takes a sample, whom it tells its progress
 * (NULL: nobody), and what cancels it. */
typedef struct
{
  gint64                  started_ns;
  gint64                  deadline_ns;
  IbDecisionSampleFunc    sample;
  IbDecisionProgressFunc  progress;
  gpointer                user_data;
  GCancellable           *cancellable;
} IbDecisionRequest;

/* Runs the decision phase for @report (its statistics are recomputed from
 * the survey first) as @request says. Sets report->decision. FALSE when
 * cancelled or the sample function failed fatally (report->decision then
 * holds what was decided). */
gboolean    ib_decision_run        (IbReport                *report,
                                    const IbDecisionRequest *request,
                                    GError                 **error);

G_END_DECLS
