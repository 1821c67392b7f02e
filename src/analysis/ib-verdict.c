/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-verdict.c: the verdict of a ratio and its words (ib-verdict.h). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>

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

gboolean
ib_verdict_is_clear (IbVerdict verdict)
{
  return verdict == IB_VERDICT_A_FASTER || verdict == IB_VERDICT_B_FASTER;
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
  g_autofree char *level = ib_format_level (r->ci_level);

  switch (r->verdict)
    {
    case IB_VERDICT_NO_DATA:
      /* Translators: two strategy ids */
      return g_strdup_printf (_("%s and %s cannot be compared: a side has no valid sample"),
                              a, b);
    case IB_VERDICT_TOO_FEW:
      {
        g_autofree char *few = ib_too_few_text (r->na, r->nb);

        /* Translators: "sync-read-all against async-read-all-serial: too few
         * samples to tell (n = 2; at least 5 needed)" */
        return g_strdup_printf (_("%s against %s: %s"), a, b, few);
      }
    case IB_VERDICT_SAME:
      /* Translators: two strategy ids, the ratio of their medians and its
       * interval with the interval's coverage, e.g. "(ratio 1.02, 96.83 %
       * CI 0.97-1.08)". */
      return g_strdup_printf (_("%s and %s cannot be told apart (ratio %.2f, %s CI "
                                "%.2f-%.2f)"), a, b, r->ratio, level, r->ci_low, r->ci_high);
    case IB_VERDICT_A_FASTER:
      {
        g_autofree char *ratio = ib_format_ratio (r->ratio);
        g_autofree char *ci = ib_format_ratio_ci (r->ratio, r->ci_low, r->ci_high);

        /* Translators: "sync-read-all is 4.2x faster than async-load-contents-parallel
         * (96.83 % CI 3.9-4.6)" */
        return g_strdup_printf (_("%s is %s faster than %s (%s CI %s)"), a, ratio, b,
                                level, ci);
      }
    case IB_VERDICT_B_FASTER:
    default:
      {
        g_autofree char *ratio = ib_format_ratio (1 / r->ratio);
        g_autofree char *ci = ib_format_ratio_ci (1 / r->ratio, 1 / r->ci_high, 1 / r->ci_low);

        return g_strdup_printf (_("%s is %s faster than %s (%s CI %s)"), b, ratio, a,
                                level, ci);
      }
    }
}

/* Run B against run A, B first. */
static char *
b_against_a (const IbVerdictInterval *row,
             const char              *name_a,
             const char              *name_b)
{
  g_autofree char *level = ib_format_level (row->ci_level);

  switch (row->verdict)
    {
    case IB_VERDICT_B_FASTER:
      {
        g_autofree char *r = ib_format_ratio (1 / row->ratio);
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
        g_autofree char *r = ib_format_ratio (row->ratio);
        g_autofree char *ci = ib_format_ratio_ci (row->ratio, row->ci_low, row->ci_high);

        /* Translators: "Quick, 1 Dec 2026, 02:54 is 1.5x slower than Quick,
         * 29 Nov 2026, 23:00 (96.83 % interval 1.4-1.6)" */
        return g_strdup_printf (_("%s is %s slower than %s (%s interval %s)"), name_b, r,
                                name_a, level, ci);
      }
    case IB_VERDICT_SAME:
      /* Translators: two runs, then the ratio of their medians and its interval */
      return g_strdup_printf (_("%s and %s cannot be told apart (ratio %.2f, %s interval "
                                "%.2f-%.2f)"), name_a, name_b, row->ratio, level,
                              row->ci_low, row->ci_high);
    case IB_VERDICT_TOO_FEW:
      return ib_too_few_text (row->na, row->nb);
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
