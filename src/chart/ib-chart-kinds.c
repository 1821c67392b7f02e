/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-chart-kinds.c: the table of chart kinds. Each kind's descriptor lives in
 * the file that draws it; this table gives their order (reports, the window's
 * pages, --kind's list). A new kind: its file, a line below, a row of kinds[]. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>

#include "ib-chart-private.h"

extern const IbChartKindInfo ib_chart_kind_strategies;
extern const IbChartKindInfo ib_chart_kind_throughput;
extern const IbChartKindInfo ib_chart_kind_cpu;
extern const IbChartKindInfo ib_chart_kind_stall;
extern const IbChartKindInfo ib_chart_kind_sweep;
extern const IbChartKindInfo ib_chart_kind_overhead;
extern const IbChartKindInfo ib_chart_kind_latency;
extern const IbChartKindInfo ib_chart_kind_map;
extern const IbChartKindInfo ib_chart_kind_compare;

static const IbChartKindInfo * const kinds[] = {
  &ib_chart_kind_strategies,
  &ib_chart_kind_throughput,
  &ib_chart_kind_cpu,
  &ib_chart_kind_stall,
  &ib_chart_kind_sweep,
  &ib_chart_kind_overhead,
  &ib_chart_kind_latency,
  &ib_chart_kind_map,
  &ib_chart_kind_compare,
};

guint
ib_chart_n_kinds (void)
{
  return G_N_ELEMENTS (kinds);
}

const IbChartKindInfo *
ib_chart_kind_nth (guint i)
{
  g_return_val_if_fail (i < G_N_ELEMENTS (kinds), NULL);
  return kinds[i];
}

const IbChartKindInfo *
ib_chart_kind_lookup (const char *id)
{
  if (id == NULL)
    return NULL;
  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    if (g_str_equal (id, kinds[i]->id))
      return kinds[i];
  return NULL;
}

char *
ib_chart_kind_list (void)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    g_string_append_printf (s, "%s%s", i > 0 ? ", " : "", kinds[i]->id);
  return g_string_free (s, FALSE);
}

const char *
ib_chart_kind_title (const IbChartKindInfo *kind)
{
  g_return_val_if_fail (kind != NULL, NULL);
  return _(kind->title);
}

gboolean
ib_chart_has_data (const IbChartKindInfo *kind,
                   const IbReport        *report,
                   const IbComparison    *comparison)
{
  g_return_val_if_fail (kind != NULL, FALSE);

  if (kind->two_runs ? comparison == NULL : report == NULL)
    return FALSE;
  return kind->has_data (report, comparison);
}

int
ib_chart_kind_height (const IbChartKindInfo *kind,
                      const IbReport        *report)
{
  guint rows;

  g_return_val_if_fail (kind != NULL, 540);

  if (kind->rows == NULL || report == NULL)
    return 540;
  rows = kind->rows (report);
  /* The row charts cap a row's height (about 40 units at this width) below
   * a title and legend of about 90 and an axis of about 40, so a fixed height
   * would leave most of the picture empty for a few rows. */
  return (int) CLAMP (130 + 40 * rows, 240, 900);
}

guint
ib_chart_strategy_rows (const IbReport *report)
{
  return report->statistics->len;
}
