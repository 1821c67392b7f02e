/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "engine/ib-stats.h"
#include "ib-report-util.h"

char *
ib_format_count (guint64 value)
{
  /* %' groups digits as the locale does (none in the C locale). */
  return g_strdup_printf ("%'" G_GUINT64_FORMAT, value);
}

char *
ib_format_throughput (double mib_per_s)
{
  if (!isfinite (mib_per_s) || mib_per_s <= 0)
    return g_strdup ("—");
  if (mib_per_s >= 100)
    {
      g_autofree char *n = ib_format_count ((guint64) llround (mib_per_s));

      /* Translators: throughput, e.g. "2,650 MiB/s" */
      return g_strdup_printf (_("%s MiB/s"), n);
    }
  return g_strdup_printf (_("%.1f MiB/s"), mib_per_s);
}

char *
ib_format_ratio (double ratio)
{
  if (!isfinite (ratio))
    return g_strdup ("—");
  if (ratio >= 10)
    return g_strdup_printf ("%.0fx", ratio);
  if (ratio >= 1.1)
    return g_strdup_printf ("%.1fx", ratio);
  return g_strdup_printf ("%.2fx", ratio);
}

char *
ib_format_vary_value (IbVaryKind vary,
                      guint64    value)
{
  g_autofree char *n = ib_format_count (value);

  switch (vary)
    {
    case IB_VARY_COUNT:
      /* Translators: a number of files, e.g. "100 files" */
      return g_strdup_printf (ngettext ("%s file", "%s files", (gulong) MIN (value, G_MAXULONG)),
                              n);
    case IB_VARY_SIZE:
      return ib_format_size (value);
    case IB_VARY_IN_FLIGHT:
    default:
      /* Translators: files open at once, e.g. "8 in flight" */
      return g_strdup_printf (_("%s in flight"), n);
    }
}

const char *
ib_strategy_id_family (const char *id)
{
  if (id == NULL)
    return NULL;
  if (g_str_has_prefix (id, "sync-"))
    return "sync";
  if (g_str_has_prefix (id, "async-"))
    return "async";
  return NULL;
}

double *
ib_report_times_dup (const IbReport *report,
                     const char     *strategy,
                     guint          *n_out)
{
  g_autoptr(GArray) times = ib_report_wall_times (report, strategy);

  *n_out = times->len;
  return g_memdup2 (times->data, sizeof (double) * MAX (times->len, 1));
}

/* "3.9-4.6": both bounds with the precision ib_format_ratio gives @ratio. */
static char *
format_ci (double ratio,
           double low,
           double high)
{
  int digits = ratio >= 10 ? 0 : ratio >= 1.1 ? 1 : 2;

  return g_strdup_printf ("%.*f-%.*f", digits, low, digits, high);
}

char *
ib_ratio_sentence (const char *a,
                   const char *b,
                   double      ratio,
                   double      ci_low,
                   double      ci_high)
{
  if (!ib_stats_ratio_is_clear (ci_low, ci_high) || !(ratio > 0) || !(ci_low > 0))
    /* Translators: two strategy ids, the ratio of their medians and its
     * confidence interval, e.g. "(ratio 1.02, 95 % CI 0.97-1.08)". */
    return g_strdup_printf (_("%s and %s cannot be told apart (ratio %.2f, 95 %% CI %.2f-%.2f)"),
                            a, b, ratio, ci_low, ci_high);
  if (ratio >= 1)
    {
      g_autofree char *r = ib_format_ratio (ratio);
      g_autofree char *ci = format_ci (ratio, ci_low, ci_high);

      /* Translators: "sync-read-all is 4.2x faster than async-load-contents-parallel
       * (95 % CI 3.9-4.6)" */
      return g_strdup_printf (_("%s is %s faster than %s (95 %% CI %s)"), a, r, b, ci);
    }
  else
    {
      g_autofree char *r = ib_format_ratio (1 / ratio);
      g_autofree char *ci = format_ci (1 / ratio, 1 / ci_high, 1 / ci_low);

      return g_strdup_printf (_("%s is %s faster than %s (95 %% CI %s)"), b, r, a, ci);
    }
}

int
ib_report_chart_height (IbChartKind     kind,
                        const IbReport *report)
{
  guint rows;

  switch (kind)
    {
    case IB_CHART_STRATEGIES:
    case IB_CHART_THROUGHPUT:
    case IB_CHART_CPU:
    case IB_CHART_STALL:
      rows = report->statistics->len;
      break;
    case IB_CHART_OVERHEAD:
      rows = report->overhead->len;
      break;
    case IB_CHART_COMPARE:
    case IB_CHART_LATENCY:
    case IB_CHART_SWEEP:
    case IB_N_CHART_KINDS:
    default:
      return 540;
    }
  /* The row charts cap a row's height (about 40 units at this width) below
   * a title and legend of about 90 and an axis of about 40, so a fixed height
   * would leave most of the picture empty for a few rows. */
  return (int) CLAMP (130 + 40 * rows, 240, 900);
}
