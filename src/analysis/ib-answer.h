/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-answer.h: the answer to the question in the app's title, "is sync or
 * async faster here?", computed from a report. The CLI, the HTML
 * and Markdown reports, the JSON `answer` object and the GUI's results page
 * all show this one answer. It is derived data: never saved as input, always
 * recomputed from the statistics and samples. */
#pragma once

#include <glib.h>

#include "engine/stats/ib-stats.h"
#include "ib-verdict.h"
#include "engine/model/ib-types.h"

G_BEGIN_DECLS

/* Who races, like with like (ib_decision_line_infos): a line compares two
 * groups at one concurrency, never one file at a time against all at once
 * (that would measure concurrency, not the API):
 *
 *   serial    "Reading one file after another": the sync reads on the
 *             caller's thread (the sync-* strategies: g_file_load_contents,
 *             g_input_stream_read_all, a read loop; what a program gets by
 *             simply calling read) against GIO's async calls one file at a
 *             time (async-*-serial: GTask-backed *_async with callbacks on
 *             the caller's main context). The headline.
 *   parallel  "Reading all files at once": the same sync reads on worker
 *             threads (GTask threads, a GThreadPool) against GIO's async
 *             calls on all files at once (async-*-parallel).
 *   uring     a reference, one file after another: sync against the
 *             kernel's own async I/O, no thread hop (not counted as async:
 *             a GLib program does not get it from GIO, and whether it runs
 *             depends on the kernel and the build; apart, it says whether a
 *             gap is GIO's or async I/O's).
 *   mmap      a reference, one file after another: sync against a memory
 *             map (not counted as sync: it does not read, it maps the page
 *             cache and takes page faults).
 *
 * O_DIRECT variants are left out of all of them (no page cache: the cache
 * state the answer names does not apply). */
/* The machine was busy when, in at least this share of the decision's
 * pairs, other work used IB_BUSY_CORES or more of the CPUs (engine/os/ib-busy.h;
 * ib-answer-busy.c). */
#define IB_ANSWER_BUSY_SHARE 0.25

/* One row of the table of answer lines (answer_lines[] in ib-answer.c): a
 * line compares the best strategy of one group with the best of another at
 * the same concurrency (the decision phase's line of the same id,
 * ib_decision_line_info), decided by that line when it raced them. Adding a
 * line is a row there and a row of the decision phase's table
 * (ib-decision.c): nothing else names the lines. */
typedef struct
{
  const char *id;        /* the decision phase's line (IB_DECISION_LINE_*), and JSON's */
  gboolean    main;      /* sync against GIO async: a full sentence; the first main
                          * line measured is the headline */
  const char *how;       /* a main line: N_("Reading one file after another") */
  const char *a_noun;    /* a main line: its sides, N_("sync"), N_("async") */
  const char *b_noun;
  const char *lead;      /* a reference: the line's sentence around the verdict's
                          * words, N_("... with a memory map ...: %s.") */
} IbAnswerLineInfo;

/* A line of the answer: a against b, and its one verdict. */
typedef struct
{
  const IbAnswerLineInfo *info;
  char              *a;         /* strategy ids */
  char              *b;
  IbVerdictInterval  verdict;   /* of b / a: from the decision phase's pairs when it
                                 * raced the two (verdict.paired), else the survey's */
  char              *sentence;  /* translated, ending with a full stop */
  /* A decided line from the decision phase, whose pairs kept both samples'
   * CPU time: the paired ratio b / a of the process's CPU time (user +
   * system) with its 95 % interval, and its sentence; else has_cpu is
   * FALSE and cpu_sentence NULL. */
  gboolean           has_cpu;
  IbVerdictInterval  cpu;
  char              *cpu_sentence;
  /* A decided line whose sides both carry main-loop stall data (the
   * survey's): each side's median longest stall per read, and its sentence
   * (NULL for the headline's line when the answer's stall says it);
   * else has_stall is FALSE. */
  gboolean           has_stall;
  double             a_stall_ns;
  double             b_stall_ns;
  char              *stall_sentence;
} IbAnswerLine;

typedef struct
{
  IbAnswerLine   *lines;         /* the lines measured, in the table's order; a main
                                  * line first (the headline) */
  guint           n_lines;
  IbCacheMode     cache;         /* the plan's cache state */
  guint           n_excluded;    /* samples of any strategy excluded for their cache state */
  gboolean        has_stall;     /* both sides of the headline carry main-loop stall data */
  double          sync_stall_ns; /* median longest stall per read of the sync side */
  double          async_stall_ns; /* median longest stall per read of the async side */
  double          async_stall_max_ns; /* longest stall in any read of the async side */
  /* Sentences (translated), each ending with a full stop. */
  char           *headline;      /* the headline line's sentence, "Reading one file after
                                  * another, sync is 1.7x faster than async for
                                  * whole-file reads here (...)", then the caveats, if
                                  * any, in the same line */
  char           *caveat;        /* the validity warnings in one clause ("the files were on
                                  * tmpfs, ..."), NULL when there is none; part of headline */
  char           *stall;         /* the main loop: both sides' median longest stall per
                                  * read; NULL without stall data or when async does not
                                  * stall it clearly less; "The trade-off" only when sync
                                  * is clearly faster */
  double          busy_share;    /* of the decision phase's pairs that kept the machine's CPU
                                  * counters, the share during which other work used
                                  * IB_BUSY_CORES or more; -1 when none kept them */
  guint           busy_pairs;    /* the pairs busy_share is of */
  double          busy_cores;    /* CPUs' worth of other work during those busy pairs, -1
                                  * when none was busy */
  char           *busy;          /* "The machine was busy: other work used ..." when
                                  * busy_share is at least IB_ANSWER_BUSY_SHARE, else NULL */
  char           *why;           /* the measured causes: only under a clear verdict, only
                                  * counts and times that cost the slower side more beyond
                                  * their own interval (ib_stats_shift); else NULL */
} IbAnswer;

/* The answer for @report, or NULL when no main line has both its groups
 * measured (above). The verdict is ib_stats_ratio's: "too
 * few samples" below IB_VERDICT_MIN_SAMPLES valid samples a side, "cannot be
 * told apart" when the interval contains 1. The headline repeats the
 * validity warnings (tmpfs, FUSE, a virtual disk under a cold or as-found
 * cache, excluded samples) so that the one line cannot be read without
 * them. */
IbAnswer   *ib_answer_compute         (const IbReport *report);
void        ib_answer_free            (IbAnswer       *answer);

/* The verdict of strategy @a against @b (b / a), the one rule the answer's
 * lines and the findings share: by the decision phase's pairs when a line
 * of @report raced exactly these two (either way round: its interval is
 * then turned round), else by the survey's samples (ib_report_ratio). Into
 * @iv (ib_verdict_for_paired, ib_verdict_for_ratio). TRUE when from the
 * pairs. */
gboolean    ib_answer_pair_verdict    (const IbReport    *report,
                                       const char        *a,
                                       const char        *b,
                                       IbVerdictInterval *iv);

/* The headline's line: the first main line (sync against GIO async). */
const IbAnswerLine *ib_answer_main    (const IbAnswer *answer);
/* The line @id (IbAnswerLineInfo.id) of @answer, NULL when it has none. */
const IbAnswerLine *ib_answer_line    (const IbAnswer *answer,
                                       const char     *id);

/* A line's verdict in JSON and HTML: "sync-faster", "async-faster" (a, the
 * sync side, or b faster), "same", "too-few", "no-data", and "equivalent"
 * and "undecided" from a decision phase. */
const char *ib_answer_verdict_name    (IbVerdict      verdict);

/* Whether one of @answer's lines compares strategies @a and @b (either way
 * round). A finding comparing
 * such a pair says what the answer says (IbFinding.covered). */
gboolean    ib_answer_compares        (const IbAnswer *answer,
                                       const char     *a,
                                       const char     *b);

/* The sentences after the headline, in order (a busy machine, the
 * headline's CPU time and stall, trade-off, the other lines in the table's order, each with
 * its CPU time and stall
 * time, why), those that exist: a NULL-terminated array of @answer's
 * own strings (free the array only, with g_free). */
const char **ib_answer_details        (const IbAnswer *answer);

/* All sentences of @answer, separated by @separator (" " or "\n"). */
char       *ib_answer_to_text         (const IbAnswer *answer,
                                       const char     *separator);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (IbAnswer, ib_answer_free)

G_END_DECLS
