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
      g_autofree double *ta = NULL;
      g_autofree double *tb = NULL;
      IbCompareRow row = { NULL, };

      if (sb == NULL || sa->strategy == NULL)
        continue;
      row.strategy = g_strdup (sa->strategy);
      ta = ib_report_times_dup (a, sa->strategy, &row.n_a);
      tb = ib_report_times_dup (b, sa->strategy, &row.n_b);
      row.median_a_ns = sa->median_ns;
      row.median_b_ns = sb->median_ns;
      row.stall_a_ns = sa->n_responsive > 0 ? sa->stall_ns : -1;
      row.stall_b_ns = sb->n_responsive > 0 ? sb->stall_ns : -1;
      row.verdict = IB_VERDICT_NO_DATA;
      if (ib_stats_ratio (ta, row.n_a, tb, row.n_b, a->plan->seed, &row.ratio, &row.ci_low,
                          &row.ci_high)
          && isfinite (row.ratio) && isfinite (row.ci_low) && isfinite (row.ci_high))
        {
          if (!ib_stats_ratio_is_clear (row.ci_low, row.ci_high))
            row.verdict = IB_VERDICT_SAME;
          else
            row.verdict = row.ratio < 1 ? IB_VERDICT_FASTER : IB_VERDICT_SLOWER;
        }
      else
        {
          row.ratio = row.ci_low = row.ci_high = 0;
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
    case IB_VERDICT_NO_DATA:
    default:
      return _("no data");
    }
}

char *
ib_compare_row_text (const IbCompareRow *row)
{
  g_return_val_if_fail (row != NULL, NULL);

  switch (row->verdict)
    {
    case IB_VERDICT_FASTER:
      {
        g_autofree char *r = ib_format_ratio (1 / row->ratio);

        /* Translators: "B is 1.3x faster (95 % CI 1.20-1.40)"; B is the second report */
        return g_strdup_printf (_("B is %s faster (95 %% CI %.2f-%.2f)"), r,
                                1 / row->ci_high, 1 / row->ci_low);
      }
    case IB_VERDICT_SLOWER:
      {
        g_autofree char *r = ib_format_ratio (row->ratio);

        return g_strdup_printf (_("B is %s slower (95 %% CI %.2f-%.2f)"), r,
                                row->ci_low, row->ci_high);
      }
    case IB_VERDICT_SAME:
      return g_strdup_printf (_("cannot be told apart (ratio %.2f, 95 %% CI %.2f-%.2f)"),
                              row->ratio, row->ci_low, row->ci_high);
    case IB_VERDICT_NO_DATA:
    default:
      return g_strdup (_("no measured samples on one side"));
    }
}
