/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-answer.h: the answer to the question in the app's title, "is sync or
 * async faster here?", computed from a report. The CLI, the HTML
 * and Markdown reports, the JSON `answer` object and the GUI's results page
 * all show this one answer. It is derived data: never saved as input, always
 * recomputed from the statistics and samples. */
#pragma once

#include <glib.h>

#include "engine/ib-stats.h"
#include "ib-verdict.h"
#include "engine/ib-types.h"

G_BEGIN_DECLS

/* Who races:
 *
 *   sync    the GIO/POSIX blocking reads on the caller's thread: the sync-*
 *           strategies (g_file_load_contents, g_input_stream_read_all, a
 *           read loop). What a program gets by simply calling read.
 *   async   GIO's async calls (the async-* strategies: GTask-backed *_async
 *           with callbacks on the caller's main context). What a GLib program
 *           gets by going async.
 *   thread  the sync read moved to worker threads (GTask threads, a
 *           GThreadPool): its own line, "With threads: ...".
 *   io_uring  the kernel's own async I/O, no thread hop: its own line, not
 *           counted as async. A GLib program does not get it from GIO, and
 *           whether it runs at all depends on the kernel and the build, so
 *           counting it would make the verdict about async depend on
 *           io_uring being allowed; apart, it says whether a gap is GIO's or
 *           async I/O's.
 *   mmap    left out of sync: it does not read, it maps the page cache and
 *           takes page faults, and has no async counterpart to race; its
 *           own line when it was measured.
 *
 * O_DIRECT variants are left out of all of them (no page cache: the cache
 * state the answer names does not apply). */
typedef struct
{
  char           *sync;          /* id of the fastest sync strategy (mmap left out) */
  char           *async;         /* id of the fastest GIO async strategy */
  char           *thread;        /* id of the fastest thread strategy, NULL when none ran */
  char           *uring;         /* id of the fastest io_uring strategy, NULL when none ran */
  char           *mmap;          /* "mmap" when it was measured, else NULL */
  IbRatio         ratio;         /* sync (a) against async (b); its verdict is the answer's */
  IbRatio         thread_ratio;  /* sync (a) against thread (b), when thread is set */
  IbRatio         uring_ratio;   /* sync (a) against io_uring (b), when uring is set */
  IbRatio         mmap_ratio;    /* sync (a) against mmap (b), when mmap is set */
  /* The verdicts of the four lines (ib-verdict.h): from the decision phase's
   * pairs when the report has one (paired set), else from the survey's
   * samples; the IbRatio fields above then hold the same ratio and interval,
   * with "equivalent" and "not decided" as SAME. */
  IbVerdictInterval iv;
  IbVerdictInterval thread_iv;
  IbVerdictInterval uring_iv;
  IbVerdictInterval mmap_iv;
  IbCacheMode     cache;         /* the plan's cache state */
  guint           n_excluded;    /* samples of any strategy excluded for their cache state */
  gboolean        has_stall;     /* both sides carry main-loop stall data */
  double          sync_stall_ns; /* median longest stall per read of the sync side */
  double          async_stall_ns; /* median longest stall per read of the async side */
  double          async_stall_max_ns; /* longest stall in any read of the async side */
  /* Sentences (translated), each ending with a full stop. */
  char           *headline;      /* "Here, sync is 1.7x faster than async for whole-file reads
                                  * (...)", then the caveats, if any, in the same line */
  char           *caveat;        /* the validity warnings in one clause ("the files were on
                                  * tmpfs, ..."), NULL when there is none; part of headline */
  char           *stall;         /* the main loop: both sides' median longest stall per
                                  * read; NULL without stall data or when async does not
                                  * stall it clearly less; "The trade-off" only when sync
                                  * is clearly faster */
  char           *threads;       /* sync against threads, NULL when thread is */
  char           *kernel;        /* sync against io_uring, NULL when uring is */
  char           *mapping;       /* sync against mmap, NULL when mmap is */
  char           *why;           /* the measured causes: only under a clear verdict, only
                                  * counts and times that cost the slower side more beyond
                                  * their own interval (ib_stats_shift); else NULL */
} IbAnswer;

/* The answer for @report, or NULL when it has no measured sync or no measured
 * async read strategy (families above). The verdict is ib_stats_ratio's: "too
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
 * @iv (ib_verdict_for_paired, ib_verdict_for_ratio) and, when not NULL,
 * @ratio (equivalent and not decided as SAME). TRUE when from the pairs. */
gboolean    ib_answer_pair_verdict    (const IbReport    *report,
                                       const char        *a,
                                       const char        *b,
                                       IbRatio           *ratio,
                                       IbVerdictInterval *iv);

/* "sync-faster", "async-faster", "same", "too-few", "no-data" (JSON). */
const char *ib_answer_verdict_to_string (IbRatioVerdict verdict);
/* The same for a line's verdict, with "equivalent" and "undecided" from a
 * decision phase (JSON, HTML). */
const char *ib_answer_verdict_name    (IbVerdict      verdict);

/* Whether one of @answer's lines compares strategies @a and @b (either way
 * round): sync against async, threads, io_uring or mmap. A finding comparing
 * such a pair says what the answer says (IbFinding.covered). */
gboolean    ib_answer_compares        (const IbAnswer *answer,
                                       const char     *a,
                                       const char     *b);

/* The lines after the headline, in order (trade-off, threads, io_uring,
 * memory map, why), those that exist: a NULL-terminated array of @answer's
 * own strings (free the array only, with g_free). */
const char **ib_answer_details        (const IbAnswer *answer);

/* All sentences of @answer, separated by @separator (" " or "\n"). */
char       *ib_answer_to_text         (const IbAnswer *answer,
                                       const char     *separator);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (IbAnswer, ib_answer_free)

G_END_DECLS
