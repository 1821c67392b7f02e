/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-answer.h: the answer to the question in the app's title, "is sync or
 * async faster here?", computed from a report (issue 14). The CLI, the HTML
 * and Markdown reports, the JSON `answer` object and the GUI's results page
 * all show this one answer. It is derived data: never saved as input, always
 * recomputed from the statistics and samples. */
#pragma once

#include <glib.h>

#include "engine/ib-stats.h"
#include "engine/ib-types.h"

G_BEGIN_DECLS

typedef struct
{
  char           *sync;          /* id of the fastest sync strategy (mmap included) */
  char           *async;         /* id of the fastest GIO async strategy */
  char           *thread;        /* id of the fastest thread strategy, NULL when none ran */
  IbRatio         ratio;         /* sync (a) against async (b); its verdict is the answer's */
  IbRatio         thread_ratio;  /* sync (a) against thread (b), when thread is set */
  IbCacheMode     cache;         /* the plan's cache state */
  gboolean        has_stall;     /* both sides carry main-loop stall data */
  double          sync_stall_ns; /* median longest stall per read of the sync side */
  double          async_stall_max_ns; /* longest stall in any read of the async side */
  /* Sentences (translated), each ending with a full stop. */
  char           *headline;      /* "Here, sync is 1.7x faster than async for whole-file reads (...)" */
  char           *stall;         /* the main-loop trade-off, NULL without stall data */
  char           *threads;       /* sync against threads, NULL when thread is */
  char           *why;           /* the measured causes, NULL when none was recorded */
} IbAnswer;

/* The answer for @report, or NULL when it has no measured sync or no measured
 * async read strategy (O_DIRECT variants are left out: no page cache). The
 * verdict is ib_stats_ratio's: "too few samples to tell" below
 * IB_VERDICT_MIN_SAMPLES valid samples a side, "cannot be told apart" when
 * the interval contains 1. */
IbAnswer   *ib_answer_compute         (const IbReport *report);
void        ib_answer_free            (IbAnswer       *answer);

/* "sync-faster", "async-faster", "same", "too-few", "no-data" (JSON). */
const char *ib_answer_verdict_to_string (IbRatioVerdict verdict);

/* All sentences of @answer, separated by @separator (" " or "\n"). */
char       *ib_answer_to_text         (const IbAnswer *answer,
                                       const char     *separator);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (IbAnswer, ib_answer_free)

G_END_DECLS
