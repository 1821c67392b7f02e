/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-answer-busy.c: the answer's busy-machine sentence, from what other
 * work did during the decision's pairs (ib-answer-private.h).
 *
 * Other work's CPU time in a sample is the whole machine's (the kernel's
 * tick counts, IbSample.cpus_busy_ns) less the process's own: a parallel
 * strategy's threads waiting for each other on too few cores is not other
 * work, and does not count. The counters step by 10 ms of a CPU, so
 * consecutive pairs of a line are summed into spans of at least
 * IB_BUSY_MIN_SPAN_NS, and each span's pairs are judged together. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>

#include "engine/os/ib-busy.h"
#include "ib-answer-private.h"

typedef struct
{
  gint64 wall_ns;   /* both sides' wall time, summed over the span's pairs */
  gint64 others_ns; /* other work's CPU time in it (may be below 0: ticks) */
  guint  n;         /* pairs in the span */
} Span;

typedef struct
{
  guint  n;    /* pairs judged */
  guint  busy; /* of them, in a busy span */
  gint64 busy_wall_ns;
  gint64 busy_others_ns;
} Tally;

static void
judge (Span  *span,
       Tally *tally)
{
  if (span->n == 0)
    return;
  tally->n += span->n;
  if ((double) span->others_ns >= IB_BUSY_CORES * (double) span->wall_ns)
    {
      tally->busy += span->n;
      tally->busy_wall_ns += span->wall_ns;
      tally->busy_others_ns += span->others_ns;
    }
  *span = (Span) { 0 };
}

/* Adds @line's pairs that kept the counters (both sides valid) to @tally. */
static void
tally_line (const IbDecisionLine *line,
            Tally                *tally)
{
  Span span = { 0 };

  for (guint i = 0; line->pairs != NULL && i < line->pairs->len; i++)
    {
      const IbDecisionPair *p = &g_array_index (line->pairs, IbDecisionPair, i);

      if (p->a_ns <= 0 || p->b_ns <= 0 || p->a_cpu_ns < 0 || p->b_cpu_ns < 0 || p->a_cpus_busy_ns < 0 || p->b_cpus_busy_ns < 0)
        continue;
      span.wall_ns += p->a_ns + p->b_ns;
      span.others_ns += (p->a_cpus_busy_ns - p->a_cpu_ns) + (p->b_cpus_busy_ns - p->b_cpu_ns);
      span.n++;
      if (span.wall_ns >= IB_BUSY_MIN_SPAN_NS)
        judge (&span, tally);
    }
  /* the last, shorter span: judged alone, the best there is */
  judge (&span, tally);
}

void
ib_answer_busy (const IbReport *report,
                IbAnswer       *answer)
{
  guint            cores = report->environment != NULL ? MAX (report->environment->cores, 1) : 1;
  Tally            tally = { 0 };
  g_autofree char *share = NULL;

  answer->busy_share = -1;
  answer->busy_cores = -1;
  for (guint l = 0; report->decision != NULL && l < report->decision->lines->len; l++)
    tally_line (&g_array_index (report->decision->lines, IbDecisionLine, l), &tally);
  if (tally.n == 0)
    return;
  answer->busy_pairs = tally.n;
  answer->busy_share = (double) tally.busy / tally.n;
  /* ticks can count a little more than there is over few pairs */
  if (tally.busy > 0)
    answer->busy_cores = MIN ((double) tally.busy_others_ns / (double) tally.busy_wall_ns,
                              (double) cores);
  if (answer->busy_share < IB_ANSWER_BUSY_SHARE)
    return;
  share = g_strdup_printf ("%.0f %%", 100 * answer->busy_share);
  /* Translators: a busy machine, after the answer's headline: how many
   * CPUs' worth of time other programs used ("1.6"), the machine's CPUs
   * ("2"), the share of the pairs ("62 %") and their number: "The machine
   * was busy: other work used about 1.6 of its 2 CPUs during 62 % of the
   * decision’s pairs (97 in all). ..." */
  answer->busy = g_strdup_printf (ngettext ("The machine was busy: other work used about %.1f of "
                                            "its %u CPU during %s of the decision’s pairs (%u "
                                            "in all). The verdicts describe this machine under "
                                            "that load, where a strategy with more threads gets "
                                            "more of the busy CPUs.",
                                            "The machine was busy: other work used about %.1f of "
                                            "its %u CPUs during %s of the decision’s pairs (%u "
                                            "in all). The verdicts describe this machine under "
                                            "that load, where a strategy with more threads gets "
                                            "more of the busy CPUs.",
                                            cores),
                                  answer->busy_cores, cores, share, tally.n);
}
