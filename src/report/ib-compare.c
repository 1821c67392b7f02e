/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "engine/ib-stats.h"
#include "ib-compare.h"
#include "ib-report-util.h"

static void
compare_row_clear (gpointer data)
{
  IbCompareRow *row = data;

  g_clear_pointer (&row->strategy, g_free);
}

GArray *
ib_compare_reports (const IbReport *a,
                    const IbReport *b)
{
  GArray *rows;

  g_return_val_if_fail (a != NULL, NULL);
  g_return_val_if_fail (b != NULL, NULL);

  rows = g_array_new (FALSE, TRUE, sizeof (IbCompareRow));
  g_array_set_clear_func (rows, compare_row_clear);

  for (guint i = 0; i < a->statistics->len; i++)
    {
      const IbStats *sa = &g_array_index (a->statistics, IbStats, i);
      const IbStats *sb = ib_report_find_stats (b, sa->strategy);
      IbCompareRow row = { NULL, };
      IbRatio r;

      if (sb == NULL || sa->strategy == NULL)
        continue;
      row.strategy = g_strdup (sa->strategy);
      row.median_a_ns = sa->median_ns;
      row.median_b_ns = sb->median_ns;
      row.stall_a_ns = sa->n_responsive > 0 ? sa->stall_ns : -1;
      row.stall_b_ns = sb->n_responsive > 0 ? sb->stall_ns : -1;
      ib_report_ratio (a, sa->strategy, b, sa->strategy, &r);
      row.n_a = r.na;
      row.n_b = r.nb;
      row.ratio = r.ratio;
      row.ci_low = r.ci_low;
      row.ci_high = r.ci_high;
      row.ci_level = r.ci_level;
      switch (r.verdict)
        {
        case IB_RATIO_A_FASTER:
          row.verdict = IB_VERDICT_SLOWER;
          break;
        case IB_RATIO_B_FASTER:
          row.verdict = IB_VERDICT_FASTER;
          break;
        case IB_RATIO_SAME:
          row.verdict = IB_VERDICT_SAME;
          break;
        case IB_RATIO_TOO_FEW:
          row.verdict = IB_VERDICT_TOO_FEW;
          break;
        case IB_RATIO_NO_DATA:
        default:
          row.verdict = IB_VERDICT_NO_DATA;
          row.ratio = row.ci_low = row.ci_high = row.ci_level = 0;
          break;
        }
      g_array_append_val (rows, row);
    }
  return rows;
}

const char *
ib_verdict_to_string (IbVerdict verdict)
{
  switch (verdict)
    {
    case IB_VERDICT_FASTER:
      /* Translators: the second report is faster */
      return _("faster");
    case IB_VERDICT_SLOWER:
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

char *
ib_compare_row_text (const IbCompareRow *row)
{
  g_autofree char *level = NULL;

  g_return_val_if_fail (row != NULL, NULL);

  level = ib_format_level (row->ci_level);
  switch (row->verdict)
    {
    case IB_VERDICT_FASTER:
      {
        g_autofree char *r = ib_format_ratio (1 / row->ratio);

        /* Translators: "B is 1.3x faster (96.83 % interval 1.20-1.40)"; B is the
         * second report */
        return g_strdup_printf (_("B is %s faster (%s interval %.2f-%.2f)"), r, level,
                                1 / row->ci_high, 1 / row->ci_low);
      }
    case IB_VERDICT_SLOWER:
      {
        g_autofree char *r = ib_format_ratio (row->ratio);

        return g_strdup_printf (_("B is %s slower (%s interval %.2f-%.2f)"), r, level,
                                row->ci_low, row->ci_high);
      }
    case IB_VERDICT_SAME:
      return g_strdup_printf (_("cannot be told apart (ratio %.2f, %s interval %.2f-%.2f)"),
                              row->ratio, level, row->ci_low, row->ci_high);
    case IB_VERDICT_TOO_FEW:
      return ib_too_few_text (row->n_a, row->n_b);
    case IB_VERDICT_NO_DATA:
    default:
      return g_strdup (_("no valid samples on one side"));
    }
}
