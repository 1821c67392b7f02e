/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-tables-compare.c: the table of one section of a comparison of two runs
 * (ib_compare_section's rows), as the comparison's HTML and Markdown, the
 * CLI's `compare` and the window show it. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>

#include "engine/model/ib-format.h"
#include "ib-labels.h"
#include "ib-tables-private.h"

static char *
time_cell (double ns)
{
  return ns > 0 ? ib_format_duration (ns) : g_strdup ("—");
}

static char *
stall_cell (double ns)
{
  /* the median longest main-loop stall, when that side watched the loop */
  return ns >= 0 ? ib_format_duration (ns) : g_strdup ("—");
}

/* The first column's header: what a row of @section is. */
static const char *
row_header (IbCompareSection section)
{
  switch (section)
    {
    case IB_COMPARE_OVERHEAD:
      return _("Dispatch");
    case IB_COMPARE_WRITE_UNLINK:
      return _("Mode");
    case IB_COMPARE_SWEEP:
      return _("Point");
    case IB_COMPARE_READS:
    case IB_N_COMPARE_SECTIONS:
    default:
      return _("Strategy");
    }
}

/* The table of @rows, the comparison's rows of @section. */
static IbTable *
table_of_rows (const GArray     *rows,
               const IbReport   *a,
               const char       *name_a,
               const IbReport   *b,
               const char       *name_b,
               IbCompareSection  section)
{
  g_autoptr(GPtrArray) headers = g_ptr_array_new_with_free_func (g_free);
  gboolean reads = section == IB_COMPARE_READS;
  gboolean stalls = FALSE;
  IbTable *table;

  for (guint i = 0; reads && i < rows->len; i++)
    {
      const IbCompareRow *row = &g_array_index (rows, IbCompareRow, i);

      stalls |= row->stall_a_ns >= 0 || row->stall_b_ns >= 0;
    }

  g_ptr_array_add (headers, g_strdup (row_header (section)));
  /* Translators: a column, the median of the first run, "Median in A" (the
   * leading '>' marks a number column and is not shown) */
  g_ptr_array_add (headers, g_strdup_printf (section == IB_COMPARE_WRITE_UNLINK
                                             ? _(">Total in %s") : _(">Median in %s"),
                                             name_a));
  g_ptr_array_add (headers, g_strdup_printf (section == IB_COMPARE_WRITE_UNLINK
                                             ? _(">Total in %s") : _(">Median in %s"),
                                             name_b));
  /* Translators: a column, the ratio of the second run's time to the first's */
  g_ptr_array_add (headers, g_strdup (_(">Ratio of times")));
  if (stalls)
    {
      /* Translators: a column, the median longest main-loop stall in the first run */
      g_ptr_array_add (headers, g_strdup_printf (_(">Stall in %s"), name_a));
      g_ptr_array_add (headers, g_strdup_printf (_(">Stall in %s"), name_b));
    }
  /* Translators: a column of sentences ('~' marks it and is not shown) */
  g_ptr_array_add (headers, g_strdup (_("~Verdict")));

  table = _ib_table_newv (ib_compare_section_id (section), ib_compare_section_title (section),
                          (const char * const *) headers->pdata, headers->len);
  for (guint i = 0; i < rows->len; i++)
    {
      const IbCompareRow *row = &g_array_index (rows, IbCompareRow, i);
      char **cells = g_new0 (char *, headers->len + 1);
      guint c = 0;

      cells[c++] = g_strdup (row->label);
      cells[c++] = time_cell (row->median_a_ns);
      cells[c++] = time_cell (row->median_b_ns);
      cells[c++] = row->ratio > 0 ? ib_format_ratio (row->ratio) : g_strdup ("—");
      if (stalls)
        {
          cells[c++] = stall_cell (row->stall_a_ns);
          cells[c++] = stall_cell (row->stall_b_ns);
        }
      cells[c++] = ib_compare_row_sentence (row, name_a, name_b);
      g_assert (c == headers->len);
      _ib_table_addv (table, cells);
      _ib_table_tip (table, 0, row->strategy);
    }
  if (rows->len == 0)
    table->note = ib_compare_section_missing (a, name_a, b, name_b, section);
  return table;
}

IbTable *
ib_table_compare (const IbReport   *a,
                  const char       *name_a,
                  const IbReport   *b,
                  const char       *name_b,
                  IbCompareSection  section)
{
  g_autoptr(GArray) rows = NULL;

  g_return_val_if_fail (a != NULL && b != NULL && name_a != NULL && name_b != NULL, NULL);
  g_return_val_if_fail (section < IB_N_COMPARE_SECTIONS, NULL);

  rows = ib_compare_section (a, b, section);
  return table_of_rows (rows, a, name_a, b, name_b, section);
}

IbTable *
ib_table_comparison (const IbComparison *comparison,
                     const char         *name_a,
                     const char         *name_b,
                     IbCompareSection    section)
{
  g_return_val_if_fail (comparison != NULL && name_a != NULL && name_b != NULL, NULL);
  g_return_val_if_fail (section < IB_N_COMPARE_SECTIONS, NULL);

  return table_of_rows (ib_comparison_get_rows (comparison, section),
                        ib_analysis_get_report (ib_comparison_get_a (comparison)), name_a,
                        ib_analysis_get_report (ib_comparison_get_b (comparison)), name_b,
                        section);
}

char *
ib_table_compare_note (void)
{
  return g_strdup_printf (_("Ratios are the second run's time over the first's. Reads: "
                            "medians of the valid samples and the Hodges-Lehmann / "
                            "Mann-Whitney interval of their ratio. Dispatch overhead and "
                            "sweep points keep only medians and their intervals: the ratio's "
                            "interval runs from the lowest to the highest ratio the two "
                            "intervals allow. Write + delete: the total times of its runs, "
                            "as the reads (a report with one run a mode has no interval). "
                            "A verdict needs at least %u valid samples on each side and an "
                            "interval that excludes 1."), IB_VERDICT_MIN_SAMPLES);
}
