/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-findings-uring.c: whose async is slow. GIO's async reads
 * against the kernel's own (io_uring) and a blocking read of the same files,
 * with intervals, and what reading with no page cache (O_DIRECT) costs.
 * Finding ids:
 *
 *   uring-gap     the fastest io_uring strategy against the fastest sync one
 *                 and the fastest GIO async one of the same concurrency (one
 *                 file after another when a serial io_uring strategy was
 *                 measured, else all at once: sync on threads), and what the
 *                 gap means
 *   direct-cost   a strategy read with O_DIRECT (ID@direct) against the same
 *                 strategy through the page cache
 *
 * Direct variants are left out of uring-gap (they read something else: the
 * disk, not the cache); a report without io_uring samples gets neither.
 */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "engine/run/ib-decision.h"
#include "engine/stats/ib-stats.h"
#include "engine/io/ib-strategy.h"
#include "ib-findings.h"
#include "ib-labels.h"
#include "ib-verdict.h"

static void
finding_gap (const IbReport *report,
             const IbAnswer *answer,
             GArray         *findings)
{
  /* like with like, as the answer: one concurrency on all three sides */
  const IbStats *serial = ib_decision_fastest_in (report, IB_DECISION_GROUP_URING_SERIAL);
  const IbStats *uring = serial != NULL
                         ? serial
                         : ib_decision_fastest_in (report, IB_DECISION_GROUP_URING_PARALLEL);
  const IbStats *sync = ib_decision_fastest_in (report, serial != NULL
                                                        ? IB_DECISION_GROUP_SYNC
                                                        : IB_DECISION_GROUP_THREAD);
  const IbStats *async = ib_decision_fastest_in (report, serial != NULL
                                                         ? IB_DECISION_GROUP_ASYNC_SERIAL
                                                         : IB_DECISION_GROUP_ASYNC_PARALLEL);
  g_autoptr(GString) text = g_string_new (NULL);
  IbVerdictInterval us = { 0 };
  IbVerdictInterval ua = { 0 };
  gboolean us_paired = FALSE;
  /* a hint in a run with a decision phase: it never races these two */
  IbVerdictWording ua_wording = ib_findings_survey_only (report, FALSE)
                                  ? IB_VERDICT_WORDING_SURVEY_HINT
                                  : IB_VERDICT_WORDING_FASTER_FIRST;

  if (uring == NULL || (sync == NULL && async == NULL))
    return;

  if (sync != NULL)
    {
      g_autofree char *s = NULL;

      /* the answer's rule: the decision phase's pairs when it raced the two */
      us_paired = ib_answer_pair_verdict (report, uring->strategy, sync->strategy, &us);
      /* the answer's io_uring line says this one */
      if (!ib_answer_compares (answer, uring->strategy, sync->strategy))
        {
          s = ib_verdict_text (&us, ib_strategy_title (uring->strategy),
                               ib_strategy_title (sync->strategy),
                               ib_findings_survey_only (report, us_paired)
                                 ? IB_VERDICT_WORDING_SURVEY_HINT
                                 : IB_VERDICT_WORDING_FASTER_FIRST);
          g_string_append (text, s);
        }
    }
  if (async != NULL)
    {
      g_autofree char *s = NULL;
      IbRatio r = { 0 };

      ib_report_ratio (report, uring->strategy, report, async->strategy, &r);
      ib_verdict_for_ratio (&r, &ua);
      s = ib_verdict_text (&ua, ib_strategy_title (uring->strategy),
                           ib_strategy_title (async->strategy), ua_wording);
      if (text->len > 0)
        g_string_append (text, "; ");
      if (report->decision != NULL)
        /* Translators: io_uring against GIO async in the io_uring finding,
         * a pair the decision phase never races: "Async single read took
         * 1.2x the time of io_uring single read (hint) (from the survey’s
         * samples: the decision phase does not race these two)" */
        g_string_append_printf (text,
                                _("%s (from the survey’s samples: the decision phase does not "
                                  "race these two)"),
                                s);
      else
        g_string_append (text, s);
    }

  if (text->len == 0)
    return;   /* the answer says all of it */

  /* What it means, only where a decided verdict says so (io_uring against
   * sync: the answer's, from pairs when it has them); never from a hint. */
  if (async != NULL && ua.verdict == IB_VERDICT_A_FASTER
      && ua_wording == IB_VERDICT_WORDING_FASTER_FIRST
      && !(sync != NULL && us.verdict == IB_VERDICT_B_FASTER))
    g_string_append_printf (text, ": %s",
                            /* Translators: the conclusion of the io_uring finding */
                            _("GIO’s async reads are slower than the kernel’s own async I/O "
                              "on the same files, so the difference is GIO’s thread hops "
                              "and steps, not async I/O"));
  /* "Cannot be told apart" is no conclusion: it once said "GIO's
   * async reads keep up with the kernel's own async I/O" from an interval
   * of 0.24 to 4. */
  else if (sync != NULL && us.verdict == IB_VERDICT_B_FASTER
           && !ib_findings_survey_only (report, us_paired))
    g_string_append_printf (text, ": %s",
                            _("even the kernel’s own async I/O is slower than a blocking "
                              "read here, so on these files async I/O itself costs time"));

  /* Translators: the io_uring finding; %s compares an io_uring strategy with the
   * fastest sync and GIO async ones and may end with what that means */
  ib_findings_add (findings, "uring-gap", _("Against the kernel’s own async I/O: %s."),
                   text->str);
  /* from survey samples too few on every side: a hint (ib-findings.h) */
  ib_findings_hint_last (findings, report,
                         (sync == NULL || us.verdict == IB_VERDICT_TOO_FEW)
                         && (async == NULL || ua.verdict == IB_VERDICT_TOO_FEW));
}

static void
finding_direct_cost (const IbReport *report,
                     GArray         *findings)
{
  for (guint i = 0; i < report->statistics->len; i++)
    {
      const IbStats *st = &g_array_index (report->statistics, IbStats, i);
      g_autofree char *base = NULL;
      g_autofree char *sentence = NULL;
      IbRatio r = { 0 };
      IbVerdictInterval iv = { 0 };

      if (st->strategy == NULL || !ib_strategy_id_is_direct (st->strategy) || st->n == 0)
        continue;
      base = g_strndup (st->strategy, strlen (st->strategy) - strlen (IB_DIRECT_SUFFIX));
      if (ib_report_find_stats (report, base) == NULL)
        continue;
      ib_report_ratio (report, base, report, st->strategy, &r);
      if (r.verdict == IB_RATIO_NO_DATA)
        continue;
      /* the decision phase never races the two: a hint there */
      ib_verdict_for_ratio (&r, &iv);
      sentence = ib_verdict_text (&iv, ib_strategy_title (base), ib_strategy_title (st->strategy),
                                  ib_findings_survey_only (report, FALSE)
                                    ? IB_VERDICT_WORDING_SURVEY_HINT
                                    : IB_VERDICT_WORDING_FASTER_FIRST);
      /* Translators: "What the page cache is worth to io_uring single read, parallel:
       * io_uring single read, parallel is 3.1x faster than io_uring single read,
       * parallel, direct I/O (…); direct I/O reads with O_DIRECT, from the disk every
       * time." */
      ib_findings_add (findings, "direct-cost", _("What the page cache is worth to %s: %s; "
                                                  "direct I/O reads with O_DIRECT, from "
                                                  "the disk every time."),
                       ib_strategy_title (base), sentence);
      ib_findings_hint_last (findings, report, r.verdict == IB_RATIO_TOO_FEW);
      return;
    }
}

void
ib_findings_uring (const IbReport *report,
                   const IbAnswer *answer,
                   GArray         *findings)
{
  g_return_if_fail (report != NULL);

  finding_gap (report, answer, findings);
  finding_direct_cost (report, findings);
}
