/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-answer-writes.h: the answers of the other two experiments, as cards.
 *
 * Beside the answer for reads (ib-answer.h), a report may answer "is sync or
 * async faster here?" twice more:
 *
 *   write + delete  many requests each writing a small file and deleting it,
 *                   served one at a time (sync), by GIO's async calls and by
 *                   a thread pool. Each mode runs several times, in rounds of
 *                   every mode in a seeded order (engine/workloads/ib-workloads.h); two
 *                   modes are compared by their runs PAIRED BY ROUND: the
 *                   per-round ratio of the time each took to serve all the
 *                   requests, its Hodges-Lehmann estimate and signed-rank
 *                   interval (ib_paired_analyse at 95 %, the plan's
 *                   equivalence margin), so that drift and load cancel within
 *                   a round. The verdict is ib_verdict_for_paired's. Below
 *                   IB_VERDICT_MIN_PAIRS runs a mode (older reports ran one)
 *                   the verdict is withheld: "too few runs".
 *   small files     a sweep of the file count: like with like, as the
 *                   answer's main lines (ib_decision_line_infos): the
 *                   sweep's serial sync strategy against its serial GIO
 *                   async one ("Reading one file after another"), and its
 *                   sync reads on threads against its parallel GIO async
 *                   one ("Reading all files at once"), each compared at each
 *                   count by their rounds PAIRED (a sweep's round runs every
 *                   strategy once, in a seeded order): the per-round ratio,
 *                   ib_paired_analyse at 95 % and the plan's margin, as
 *                   write + delete; below IB_VERDICT_MIN_PAIRS rounds "too
 *                   few". Older reports keep no rounds: ib_sweep_point_ratio
 *                   and ib_verdict_for_ratio on the two medians.
 *                   Never serial against parallel: that measures
 *                   concurrency, not the API.
 *
 * Write + delete is like with like too: the verdict races the thread pool
 * (sync calls) against GIO's async calls, both serving many requests at
 * once; Sync, one at a time is shown for reference, without a verdict.
 *
 * A card is derived data, like the answer: recomputed from the report, shown
 * by the GUI's results page, the CLI and the HTML and Markdown reports with
 * the same words. Each line states its own interval's level.
 */
#pragma once

#include <glib.h>

#include "engine/model/ib-types.h"
#include "ib-verdict.h"

G_BEGIN_DECLS

/* The largest share of a mode's requests that may fail for its verdict
 * to stand: beyond it the modes did different work (a nearly full disk fails
 * the writes of one mode more than another's), so write + delete gives no
 * verdict between them and says why (a nearly full disk once failed 953 of 1,200). */
#define IB_WRITE_UNLINK_MAX_FAILED_SHARE 0.01

/* Card ids. */
#define IB_ANSWER_CARD_WRITE_UNLINK "write-unlink"
#define IB_ANSWER_CARD_SMALL_FILES  "small-files"

typedef struct
{
  char      *id;        /* IB_ANSWER_CARD_* */
  char      *title;     /* "Write + delete: sync or async?", translated */
  char      *headline;  /* one sentence, the verdict first, ending with a full stop */
  GPtrArray *details;   /* char *: the lines under it, each a sentence */
  IbVerdict  verdict;   /* the headline's; small files: its first line's, A_FASTER or
                         * B_FASTER when one side is faster at every count, else
                         * UNDECIDED */
} IbAnswerCard;

/* The verdict of write + delete mode @b against mode @a (ids such as
 * "sync-serial", "async-gio"), from their runs paired by round (above); the
 * ratio is of times, b / a. With @p50 the per-run median latencies are
 * paired instead of the runs' times. NO_DATA when a mode did not run or
 * when more than IB_WRITE_UNLINK_MAX_FAILED_SHARE of a mode's requests failed,
 * TOO_FEW (paired, n_pairs = the pairs there are) below IB_VERDICT_MIN_PAIRS
 * pairs. @margin: the equivalence margin (0: IB_PAIRED_MARGIN). */
IbVerdict     ib_write_unlink_verdict      (const IbWriteUnlink *wu,
                                            const char          *a,
                                            const char          *b,
                                            gboolean             p50,
                                            double               margin,
                                            IbVerdictInterval   *out);

/* The write + delete card, NULL when the report has no write + delete
 * result. Headline: Async GIO against the thread pool, both many requests
 * at once (NO_DATA when either did not run); details: why Sync, one at a
 * time has no verdict, the median latencies, the experiment, how it was
 * measured. */
IbAnswerCard *ib_answer_card_write_unlink  (const IbReport      *report);
/* The small-files card, NULL when the report has no sweep of the file count
 * with a like-for-like pair (above). Headline: the first line's summary
 * (the verdict at every count when they agree, else that it depends on the
 * count); details: the other line's summary, then one verdict per line and
 * count, each saying which line it is. */
IbAnswerCard *ib_answer_card_small_files   (const IbReport      *report);
/* The cards @report has, in the order shown: IbAnswerCard, freed with the
 * array. */
GPtrArray    *ib_answer_cards              (const IbReport      *report);
void          ib_answer_card_free          (IbAnswerCard        *card);
/* Title, headline and details, separated by @separator. */
char         *ib_answer_card_to_text       (const IbAnswerCard  *card,
                                            const char          *separator);

/* The promise-vs-callback experiment's second conclusion (with I/O, sync
 * and async differ little: within 1.5x), checked on the median request
 * latencies of sync, one at a time and Async GIO paired by round: a
 * sentence, NULL without both modes. Held when the whole interval lies
 * within 1.5x either way, not held when it lies wholly beyond, else not
 * decided; withheld below IB_VERDICT_MIN_PAIRS runs. */
char         *ib_write_unlink_experiment_text (const IbReport   *report);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (IbAnswerCard, ib_answer_card_free)

G_END_DECLS
