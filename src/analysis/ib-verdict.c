/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-verdict.c: the verdict of a ratio and its words (ib-verdict.h). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "engine/model/ib-format.h"
#include "ib-labels.h"
#include "ib-verdict.h"

IbVerdict
ib_verdict_for_ratio (const IbRatio     *ratio,
                      IbVerdictInterval *out)
{
  IbVerdict verdict;

  g_return_val_if_fail (ratio != NULL, IB_VERDICT_NO_DATA);

  /* The rule on the numbers (IB_VERDICT_MIN_SAMPLES a side, an interval
   * that excludes 1) is ib_stats_ratio's, which the engine needs too (a
   * sweep's crossover); above the engine it is read only here. */
  switch (ratio->verdict)
    {
    case IB_RATIO_TOO_FEW:
      verdict = IB_VERDICT_TOO_FEW;
      break;
    case IB_RATIO_SAME:
      verdict = IB_VERDICT_SAME;
      break;
    case IB_RATIO_A_FASTER:
      verdict = IB_VERDICT_A_FASTER;
      break;
    case IB_RATIO_B_FASTER:
      verdict = IB_VERDICT_B_FASTER;
      break;
    case IB_RATIO_NO_DATA:
    default:
      verdict = IB_VERDICT_NO_DATA;
      break;
    }
  if (out != NULL)
    {
      /* not from pairs: paired, n_pairs, margin and more_pairs stay 0 */
      memset (out, 0, sizeof *out);
      out->verdict = verdict;
      out->na = ratio->na;
      out->nb = ratio->nb;
      out->ratio = ratio->ratio;
      out->ci_low = ratio->ci_low;
      out->ci_high = ratio->ci_high;
      out->ci_level = ratio->ci_level;
    }
  return verdict;
}

IbVerdict
ib_verdict_for_paired (const IbPaired    *paired,
                       IbVerdictInterval *out)
{
  IbVerdict verdict;

  g_return_val_if_fail (paired != NULL, IB_VERDICT_UNDECIDED);

  /* The rule on the numbers is ib_paired_analyse's (the engine's decision
   * phase stops on it); above the engine it is read only here. */
  switch (paired->verdict)
    {
    case IB_PAIRED_A_FASTER:
      verdict = IB_VERDICT_A_FASTER;
      break;
    case IB_PAIRED_B_FASTER:
      verdict = IB_VERDICT_B_FASTER;
      break;
    case IB_PAIRED_EQUIVALENT:
      verdict = IB_VERDICT_EQUIVALENT;
      break;
    case IB_PAIRED_UNDECIDED:
    case IB_PAIRED_NO_DATA:
    default:
      verdict = IB_VERDICT_UNDECIDED;
      break;
    }
  if (out != NULL)
    {
      memset (out, 0, sizeof *out);
      out->verdict = verdict;
      out->na = out->nb = out->n_pairs = paired->n;
      out->ratio = paired->ratio;
      out->ci_low = paired->ci_low;
      out->ci_high = paired->ci_high;
      out->ci_level = paired->ci_level;
      out->paired = TRUE;
      out->margin = paired->margin;
      /* No "about N more pairs would decide it": followed, that forecast
       * decided only 33-79 % of the time in a review, so it is not said. */
      out->more_pairs = G_MAXUINT;
    }
  return verdict;
}

gboolean
ib_verdict_is_clear (IbVerdict verdict)
{
  return verdict == IB_VERDICT_A_FASTER || verdict == IB_VERDICT_B_FASTER;
}

gboolean
ib_verdict_is_decided (IbVerdict verdict)
{
  return ib_verdict_is_clear (verdict) || verdict == IB_VERDICT_EQUIVALENT;
}

/* "±10 %" */
static char *
format_margin (double margin)
{
  /* Translators: an equivalence margin, e.g. "±10 %" */
  return g_strdup_printf (_("±%g %%"), margin * 100);
}

/* The clause after "not decided within the budget": the interval, or that
 * no pair was measured. No forecast of how many more pairs would decide it
 * (ib_verdict_for_paired: followed, it decided only 33-79 % of the time). */
static char *
undecided_clause (const IbVerdictInterval *r)
{
  g_autofree char *level = NULL;
  g_autofree char *ci = NULL;
  g_autofree char *ratio = NULL;

  if (r->n_pairs < 2)
    /* Translators: why a pair was not decided */
    return g_strdup (_("no time was left to measure the pair"));
  level = ib_format_ci_level (r->ci_level);
  ci = ib_format_ratio_ci (r->ratio, r->ci_low, r->ci_high);
  ratio = ib_format_ratio_value_in (r->ratio, r->ci_low, r->ci_high);
  if (r->rounds)
    /* Translators: "ratio 1.05, 95 % CI 0.91-1.21" */
    return g_strdup_printf (_("ratio %s, %s CI %s"), ratio, level, ci);
  {
    g_autofree char *pairs = ib_verdict_pairs_text (r);

    /* Translators: "ratio 1.05, 95 % CI 0.91-1.21; 40 pairs, 4 looks" */
    return g_strdup_printf (_("ratio %s, %s CI %s; %s"), ratio, level, ci, pairs);
  }
}

char *
ib_verdict_pairs_text (const IbVerdictInterval *r)
{
  g_autofree char *pairs = NULL;

  g_return_val_if_fail (r != NULL, NULL);

  if (r->rounds)
    /* Translators: runs paired by round: "8 rounds" */
    return g_strdup_printf (ngettext ("%u round", "%u rounds", r->n_pairs), r->n_pairs);
  /* Translators: a decision phase's pairs: "40 pairs" */
  pairs = g_strdup_printf (ngettext ("%u pair", "%u pairs", r->n_pairs), r->n_pairs);
  if (r->n_looks == 0)
    return g_steal_pointer (&pairs);
  /* Translators: the pairs and the planned looks the interval's level is
   * split over: "40 pairs, 4 looks" */
  return g_strdup_printf (ngettext ("%s, %u look", "%s, %u looks", r->n_looks), pairs,
                          r->n_looks);
}

/* "; 40 pairs, 4 looks" after a paired interval, "" otherwise. */
static char *
pairs_suffix (const IbVerdictInterval *r)
{
  g_autofree char *pairs = NULL;

  if (!r->paired)
    return g_strdup ("");
  pairs = ib_verdict_pairs_text (r);
  /* Translators: after an interval of paired runs: "(95 % CI 1.2-1.6; 40
   * pairs, 4 looks)" */
  return g_strdup_printf (_("; %s"), pairs);
}

/* Paired runs below IB_VERDICT_MIN_PAIRS: "too few runs to tell (n = 1 per
 * side; at least 6 needed)". */
static char *
too_few_runs_text (guint n)
{
  /* Translators: no verdict from runs paired by round, e.g. "too few runs to
   * tell (n = 1 a side; at least 6 needed)" */
  return g_strdup_printf (_("too few runs to tell (n = %u a side; at least %u needed)"), n,
                          IB_VERDICT_MIN_PAIRS);
}

char *
ib_too_few_text (guint na,
                 guint nb)
{
  if (na == nb || MIN (na, nb) >= IB_VERDICT_MIN_SAMPLES || MAX (na, nb) < IB_VERDICT_MIN_SAMPLES)
    {
      guint n = MIN (na, nb);

      /* Translators: no verdict; n is the valid samples of the smaller side,
       * e.g. "too few samples to tell (n = 2; at least 5 needed)" */
      return g_strdup_printf (_("too few samples to tell (n = %u; at least %u needed)"), n,
                              IB_VERDICT_MIN_SAMPLES);
    }
  /* Translators: no verdict, e.g. "too few samples to tell (n = 2 and 8; at
   * least 5 needed on each side)" */
  return g_strdup_printf (_("too few samples to tell (n = %u and %u; at least %u needed on "
                            "each side)"), na, nb, IB_VERDICT_MIN_SAMPLES);
}

const char *
ib_verdict_to_string (IbVerdict verdict)
{
  switch (verdict)
    {
    case IB_VERDICT_B_FASTER:
      /* Translators: the second report is faster */
      return _("faster");
    case IB_VERDICT_A_FASTER:
      return _("slower");
    case IB_VERDICT_SAME:
      return _("cannot be told apart");
    case IB_VERDICT_TOO_FEW:
      /* Translators: a side has fewer than 5 valid samples */
      return _("too few samples to tell");
    case IB_VERDICT_EQUIVALENT:
      /* Translators: within the equivalence margin */
      return _("equivalent");
    case IB_VERDICT_UNDECIDED:
      /* Translators: the decision phase's budget was spent first */
      return _("not decided");
    case IB_VERDICT_NO_DATA:
    default:
      return _("no data");
    }
}

/* The faster side first, in a sentence about two strategies. */
static char *
faster_first (const IbVerdictInterval *r,
              const char              *a,
              const char              *b)
{
  g_autofree char *level = ib_format_ci_level (r->ci_level);
  g_autofree char *pairs = pairs_suffix (r);
  g_autofree char *value = ib_format_ratio_value_in (r->ratio, r->ci_low, r->ci_high);

  switch (r->verdict)
    {
    case IB_VERDICT_EQUIVALENT:
      {
        g_autofree char *margin = format_margin (r->margin);
        g_autofree char *ci = ib_format_ratio_ci (r->ratio, r->ci_low, r->ci_high);

        /* Translators: "Sync single read and Async stream, parallel are
         * equivalent within ±10 % (ratio 1.02, 98.75 % CI 0.96-1.07; 120 pairs)" */
        return g_strdup_printf (_("%s and %s are equivalent within %s (ratio %s, %s CI %s%s)"),
                                a, b, margin, value, level, ci, pairs);
      }
    case IB_VERDICT_UNDECIDED:
      {
        g_autofree char *clause = undecided_clause (r);

        if (r->rounds)
          /* Translators: "Sync, one at a time against Thread pool: not decided
           * in 8 rounds (ratio 1.07, 95 % CI 0.57-1.9)" */
          return g_strdup_printf (ngettext ("%s against %s: not decided in %u round (%s)",
                                            "%s against %s: not decided in %u rounds (%s)",
                                            r->n_pairs), a, b, r->n_pairs, clause);
        /* Translators: "Sync single read against Async stream, parallel: not
         * decided within the budget (ratio 1.05, 95 % CI 0.91-1.21; 40 pairs,
         * 4 looks)" */
        return g_strdup_printf (_("%s against %s: not decided within the budget (%s)"), a, b,
                                clause);
      }
    case IB_VERDICT_NO_DATA:
      /* Translators: two strategy ids */
      return g_strdup_printf (_("%s and %s cannot be compared: a side has no valid sample"),
                              a, b);
    case IB_VERDICT_TOO_FEW:
      {
        g_autofree char *few = r->paired ? too_few_runs_text (r->n_pairs)
                                         : ib_too_few_text (r->na, r->nb);

        /* Translators: "sync-read-all against async-read-all-serial: too few
         * samples to tell (n = 2; at least 5 needed)" */
        return g_strdup_printf (_("%s against %s: %s"), a, b, few);
      }
    case IB_VERDICT_SAME:
      /* Translators: two strategy ids, the ratio of their medians and its
       * interval with the interval's coverage, e.g. "(ratio 1.02, 96.83 %
       * CI 0.97-1.08)". */
      {
        g_autofree char *ci = ib_format_ratio_ci (r->ratio, r->ci_low, r->ci_high);

        return g_strdup_printf (_("%s and %s cannot be told apart (ratio %s, %s CI %s)"), a, b,
                                value, level, ci);
      }
    case IB_VERDICT_A_FASTER:
      {
        g_autofree char *ratio = ib_format_ratio_in (r->ratio, r->ci_low, r->ci_high);
        g_autofree char *ci = ib_format_ratio_ci (r->ratio, r->ci_low, r->ci_high);

        /* Translators: "sync-read-all is 4.2x faster than async-load-contents-parallel
         * (96.83 % CI 3.9-4.6)"; the last %s is empty or "; 40 pairs" */
        return g_strdup_printf (_("%s is %s faster than %s (%s CI %s%s)"), a, ratio, b,
                                level, ci, pairs);
      }
    case IB_VERDICT_B_FASTER:
    default:
      {
        g_autofree char *ratio = ib_format_ratio_in (1 / r->ratio, 1 / r->ci_high, 1 / r->ci_low);
        g_autofree char *ci = ib_format_ratio_ci (1 / r->ratio, 1 / r->ci_high, 1 / r->ci_low);

        return g_strdup_printf (_("%s is %s faster than %s (%s CI %s%s)"), b, ratio, a,
                                level, ci, pairs);
      }
    }
}

/* A survey-only comparison (IB_VERDICT_WORDING_SURVEY_HINT): no
 * direction, the slower side first. */
static char *
survey_hint (const IbVerdictInterval *r,
             const char              *a,
             const char              *b)
{
  gboolean a_faster = r->verdict == IB_VERDICT_A_FASTER;
  g_autofree char *ratio = NULL;

  if (!ib_verdict_is_clear (r->verdict))
    return faster_first (r, a, b);
  ratio = ib_format_ratio (a_faster ? r->ratio : 1 / r->ratio);
  /* Translators: a comparison from the survey's samples alone, a hint and
   * no verdict: "Async single read (serial) took 1.2x the time of io_uring
   * single read (serial) (hint)" */
  return g_strdup_printf (_("%s took %s the time of %s (hint)"), a_faster ? b : a, ratio,
                          a_faster ? a : b);
}

/* Run B against run A, B first. */
static char *
b_against_a (const IbVerdictInterval *row,
             const char              *name_a,
             const char              *name_b)
{
  g_autofree char *level = ib_format_ci_level (row->ci_level);
  g_autofree char *value = ib_format_ratio_value_in (row->ratio, row->ci_low, row->ci_high);

  switch (row->verdict)
    {
    case IB_VERDICT_B_FASTER:
      {
        g_autofree char *r = ib_format_ratio_in (1 / row->ratio, 1 / row->ci_high,
                                                 1 / row->ci_low);
        g_autofree char *ci = ib_format_ratio_ci (1 / row->ratio, 1 / row->ci_high,
                                                  1 / row->ci_low);

        /* Translators: "Quick, 1 Dec 2026, 02:54 is 1.3x faster than Quick,
         * 29 Nov 2026, 23:00 (96.83 % interval 1.2-1.4)": the second run
         * first, then the first */
        return g_strdup_printf (_("%s is %s faster than %s (%s interval %s)"), name_b, r,
                                name_a, level, ci);
      }
    case IB_VERDICT_A_FASTER:
      {
        g_autofree char *r = ib_format_ratio_in (row->ratio, row->ci_low, row->ci_high);
        g_autofree char *ci = ib_format_ratio_ci (row->ratio, row->ci_low, row->ci_high);

        /* Translators: "Quick, 1 Dec 2026, 02:54 is 1.5x slower than Quick,
         * 29 Nov 2026, 23:00 (96.83 % interval 1.4-1.6)" */
        return g_strdup_printf (_("%s is %s slower than %s (%s interval %s)"), name_b, r,
                                name_a, level, ci);
      }
    case IB_VERDICT_SAME:
      /* Translators: two runs, then the ratio of their medians and its interval */
      {
        g_autofree char *ci = ib_format_ratio_ci (row->ratio, row->ci_low, row->ci_high);

        return g_strdup_printf (_("%s and %s cannot be told apart (ratio %s, %s interval %s)"),
                                name_a, name_b, value, level, ci);
      }
    case IB_VERDICT_TOO_FEW:
      return ib_too_few_text (row->na, row->nb);
    case IB_VERDICT_EQUIVALENT:
      {
        g_autofree char *margin = format_margin (row->margin);
        g_autofree char *ci = ib_format_ratio_ci (row->ratio, row->ci_low, row->ci_high);

        /* Translators: two runs, then the margin, the ratio and its interval */
        return g_strdup_printf (_("%s and %s are equivalent within %s (ratio %s, %s interval "
                                  "%s)"), name_a, name_b, margin, value, level, ci);
      }
    case IB_VERDICT_UNDECIDED:
      {
        g_autofree char *clause = undecided_clause (row);

        /* Translators: "not decided within the budget (ratio 1.05, ...)" */
        return g_strdup_printf (_("not decided within the budget (%s)"), clause);
      }
    case IB_VERDICT_NO_DATA:
    default:
      return g_strdup (_("no valid samples on one side"));
    }
}

/* A chart's label of run B against run A. */
static char *
chart_label (const IbVerdictInterval *r,
             gboolean                 compact)
{
  g_autofree char *ratio = NULL;

  switch (r->verdict)
    {
    case IB_VERDICT_TOO_FEW:
      /* Translators: no verdict, a side has fewer than 5 valid samples; the
       * short form is for a small chart */
      return g_strdup (compact ? _("too few") : _("too few samples to tell"));
    case IB_VERDICT_A_FASTER:
      ratio = ib_format_ratio (r->ratio);
      /* Translators: "B 1.6x slower than A": run B against run A (the legend
       * names both); the short form is for a small chart */
      return g_strdup_printf (compact ? _("B %s slower") : _("B %s slower than A"), ratio);
    case IB_VERDICT_B_FASTER:
      ratio = ib_format_ratio (1 / r->ratio);
      /* Translators: "B 1.6x faster than A": run B against run A (the legend
       * names both); the short form is for a small chart */
      return g_strdup_printf (compact ? _("B %s faster") : _("B %s faster than A"), ratio);
    case IB_VERDICT_EQUIVALENT:
      /* Translators: within the equivalence margin; the short form is for a
       * small chart */
      return g_strdup (compact ? _("equiv.") : _("equivalent"));
    case IB_VERDICT_UNDECIDED:
      /* Translators: the budget was spent before a verdict; the short form is
       * for a small chart */
      return g_strdup (compact ? _("?") : _("not decided"));
    case IB_VERDICT_SAME:
    case IB_VERDICT_NO_DATA:
    default:
      /* Translators: short for "cannot be told apart" in a small chart */
      return g_strdup (compact ? _("≈") : _("cannot be told apart"));
    }
}

char *
ib_verdict_text (const IbVerdictInterval *iv,
                 const char              *a,
                 const char              *b,
                 IbVerdictWording         wording)
{
  g_return_val_if_fail (iv != NULL, NULL);

  switch (wording)
    {
    case IB_VERDICT_WORDING_FASTER_FIRST:
      g_return_val_if_fail (a != NULL && b != NULL, NULL);
      return faster_first (iv, a, b);
    case IB_VERDICT_WORDING_SURVEY_HINT:
      g_return_val_if_fail (a != NULL && b != NULL, NULL);
      return survey_hint (iv, a, b);
    case IB_VERDICT_WORDING_B_AGAINST_A:
      g_return_val_if_fail (a != NULL && b != NULL, NULL);
      return b_against_a (iv, a, b);
    case IB_VERDICT_WORDING_CHART:
    case IB_VERDICT_WORDING_CHART_COMPACT:
    default:
      return chart_label (iv, wording == IB_VERDICT_WORDING_CHART_COMPACT);
    }
}

char *
ib_ratio_sentence (const char    *a,
                   const char    *b,
                   const IbRatio *ratio)
{
  IbVerdictInterval iv;

  ib_verdict_for_ratio (ratio, &iv);
  return ib_verdict_text (&iv, a, b, IB_VERDICT_WORDING_FASTER_FIRST);
}
