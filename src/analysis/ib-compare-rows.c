/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-compare-rows.c: the rows of a comparison, built once per pair: every
 * row either run has (what the comparison chart draws) and, of those, the
 * rows both have (what the tables, sentences and the CLI show). Each side's
 * median with its interval, the ratio B / A with its interval and one
 * verdict (ib-verdict.h). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "engine/stats/ib-stats.h"
#include "engine/io/ib-strategy.h"
#include "engine/workloads/ib-workloads.h"
#include "ib-compare-rows.h"
#include "ib-labels.h"
#include "ib-verdict.h"

static void
compare_row_clear (gpointer data)
{
  IbCompareRow *row = data;

  g_clear_pointer (&row->strategy, g_free);
  g_clear_pointer (&row->label, g_free);
}

static GArray *
rows_new (void)
{
  GArray *rows = g_array_new (FALSE, TRUE, sizeof (IbCompareRow));

  g_array_set_clear_func (rows, compare_row_clear);
  return rows;
}

/* What one report has for a row. */
typedef struct
{
  double median, low, high, level;
  guint  n;
  double stall;               /* < 0: not measured */
} Side;

/* Which row: a strategy, overhead kind or mode, and a sweep point's value. */
typedef struct
{
  const char *id;
  guint64     value;
} Key;

static gboolean
positive (double x)
{
  return isfinite (x) && x > 0;
}

static guint
n_items (const IbReport   *report,
         IbCompareSection  section)
{
  switch (section)
    {
    case IB_COMPARE_READS:
      return report->statistics != NULL ? report->statistics->len : 0;
    case IB_COMPARE_OVERHEAD:
      return report->overhead != NULL ? report->overhead->len : 0;
    case IB_COMPARE_WRITE_UNLINK:
      return report->write_unlink != NULL ? report->write_unlink->modes->len : 0;
    case IB_COMPARE_SWEEP:
      return report->sweep != NULL ? report->sweep->points->len : 0;
    case IB_N_COMPARE_SECTIONS:
    default:
      return 0;
    }
}

static Key
item_key (const IbReport   *report,
          IbCompareSection  section,
          guint             i)
{
  switch (section)
    {
    case IB_COMPARE_READS:
      return (Key) { g_array_index (report->statistics, IbStats, i).strategy, 0 };
    case IB_COMPARE_OVERHEAD:
      return (Key) { g_array_index (report->overhead, IbOverheadRow, i).kind, 0 };
    case IB_COMPARE_WRITE_UNLINK:
      return (Key) { g_array_index (report->write_unlink->modes, IbWriteUnlinkMode, i).mode, 0 };
    case IB_COMPARE_SWEEP:
    case IB_N_COMPARE_SECTIONS:
    default:
      {
        const IbSweepPoint *p = &g_array_index (report->sweep->points, IbSweepPoint, i);

        return (Key) { p->strategy, p->value };
      }
    }
}

/* @report's side of the row @key (FALSE when it has none). */
static gboolean
find_side (const IbReport   *report,
           IbCompareSection  section,
           const Key        *key,
           Side             *out)
{
  for (guint i = 0; i < n_items (report, section); i++)
    {
      Key k = item_key (report, section, i);

      if (g_strcmp0 (k.id, key->id) != 0 || k.value != key->value)
        continue;
      switch (section)
        {
        case IB_COMPARE_READS:
          {
            const IbStats *st = &g_array_index (report->statistics, IbStats, i);

            *out = (Side) { st->median_ns, st->ci_low_ns, st->ci_high_ns, st->ci_level, st->n,
                            st->n_responsive > 0 ? st->stall_ns : -1 };
            break;
          }
        case IB_COMPARE_OVERHEAD:
          {
            const IbOverheadRow *o = &g_array_index (report->overhead, IbOverheadRow, i);

            *out = (Side) { o->ns_per_op, o->ci_low_ns, o->ci_high_ns,
                            ib_median_coverage (o->repeat), o->repeat, -1 };
            break;
          }
        case IB_COMPARE_WRITE_UNLINK:
          {
            const IbWriteUnlinkMode *m = &g_array_index (report->write_unlink->modes,
                                                         IbWriteUnlinkMode, i);

            /* the median of the mode's runs, without an interval */
            *out = (Side) { (double) m->total_ns, 0, 0, 0, 1,
                            m->responsive ? (double) m->stall_ns : -1 };
            break;
          }
        case IB_COMPARE_SWEEP:
        case IB_N_COMPARE_SECTIONS:
        default:
          {
            const IbSweepPoint *p = &g_array_index (report->sweep->points, IbSweepPoint, i);

            *out = (Side) { p->median_ns, p->ci_low_ns, p->ci_high_ns, p->ci_level, p->n,
                            p->responsive ? p->stall_ns : -1 };
            break;
          }
        }
      return TRUE;
    }
  return FALSE;
}

static char *
row_label (const IbReport   *report,
           IbCompareSection  section,
           const Key        *key)
{
  g_autofree char *value = NULL;

  switch (section)
    {
    case IB_COMPARE_READS:
      return g_strdup (ib_strategy_title (key->id));
    case IB_COMPARE_OVERHEAD:
      return g_strdup (ib_overhead_kind_title (key->id));
    case IB_COMPARE_WRITE_UNLINK:
      return g_strdup (ib_write_unlink_mode_title (key->id));
    case IB_COMPARE_SWEEP:
    case IB_N_COMPARE_SECTIONS:
    default:
      value = ib_format_vary_value (report->sweep->vary, key->value);
      /* Translators: a sweep point, "10 files · Memory map" */
      return g_strdup_printf (_("%s · %s"), value, ib_strategy_title (key->id));
    }
}

static void
set_side (IbCompareRow *row,
          gboolean      b,
          const Side   *side)
{
  gboolean valid = positive (side->median) && side->n > 0;

  if (b)
    {
      row->in_b = TRUE;
      row->valid_b = valid;
      row->median_b_ns = side->median;
      row->low_b_ns = side->low;
      row->high_b_ns = side->high;
      row->level_b = side->level;
      row->n_b = side->n;
      row->stall_b_ns = side->stall;
    }
  else
    {
      row->in_a = TRUE;
      row->valid_a = valid;
      row->median_a_ns = side->median;
      row->low_a_ns = side->low;
      row->high_a_ns = side->high;
      row->level_a = side->level;
      row->n_a = side->n;
      row->stall_a_ns = side->stall;
    }
}

static void
set_ratio (IbCompareRow  *row,
           const IbRatio *r)
{
  row->n_a = r->na;
  row->n_b = r->nb;
  row->ratio = r->ratio;
  row->ci_low = r->ci_low;
  row->ci_high = r->ci_high;
  row->ci_level = r->ci_level;
  row->verdict = ib_verdict_for_ratio (r, NULL);
  if (row->verdict == IB_VERDICT_NO_DATA)
    row->ratio = row->ci_low = row->ci_high = row->ci_level = 0;
}

/* The ratio of two medians from their intervals (no samples kept), by
 * ib_stats_ratio_of_medians: without an interval, too few to tell. */
static void
ratio_of_medians (IbCompareRow *row)
{
  IbMedianCi a = { row->median_a_ns, row->low_a_ns, row->high_a_ns, row->level_a, row->n_a };
  IbMedianCi b = { row->median_b_ns, row->low_b_ns, row->high_b_ns, row->level_b, row->n_b };
  IbRatio r;

  ib_stats_ratio_of_medians (&a, &b, &r);
  set_ratio (row, &r);
}

/* The times of @mode's runs in @report that served every request (none in
 * reports from before write+delete was replicated). */
static GArray *
mode_run_times (const IbReport *report,
                const char     *mode)
{
  GArray *times = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint i = 0; report->write_unlink->runs != NULL && i < report->write_unlink->runs->len; i++)
    {
      const IbWriteUnlinkPass *run = &g_array_index (report->write_unlink->runs,
                                                     IbWriteUnlinkPass, i);
      double t = (double) run->total_ns;

      if (g_strcmp0 (run->mode, mode) == 0 && run->failed == 0 && run->total_ns > 0)
        g_array_append_val (times, t);
    }
  return times;
}

/* The ratio and verdict of a row both runs have. */
static void
set_verdict (IbCompareRow   *row,
             const IbReport *a,
             const IbReport *b)
{
  IbRatio r;

  switch (row->section)
    {
    case IB_COMPARE_READS:
      /* from the valid wall times of each side; statistics without their
       * samples, from the medians' intervals */
      ib_report_ratio (a, row->strategy, b, row->strategy, &r);
      if (r.verdict == IB_RATIO_NO_DATA && row->valid_a && row->valid_b)
        ratio_of_medians (row);
      else
        set_ratio (row, &r);
      break;
    case IB_COMPARE_WRITE_UNLINK:
      {
        /* Replicated runs: their times give the ratio its interval, by the
         * same rule as the reads (ib_stats_ratio). Older reports kept one
         * run a mode: a ratio, no interval. */
        g_autoptr(GArray) ta = mode_run_times (a, row->strategy);
        g_autoptr(GArray) tb = mode_run_times (b, row->strategy);

        if (ta->len > 1 && tb->len > 1)
          {
            ib_stats_ratio ((const double *) (gconstpointer) ta->data, ta->len,
                            (const double *) (gconstpointer) tb->data, tb->len, &r);
            set_ratio (row, &r);
          }
        else
          ratio_of_medians (row);
        break;
      }
    case IB_COMPARE_OVERHEAD:
    case IB_COMPARE_SWEEP:
    case IB_N_COMPARE_SECTIONS:
    default:
      ratio_of_medians (row);
      break;
    }
}

static void
add_row (GArray           *rows,
         const IbReport   *a,
         const IbReport   *b,
         IbCompareSection  section,
         const Key        *key)
{
  IbCompareRow row = { NULL };
  Side side;

  row.strategy = g_strdup (key->id);
  row.section = section;
  row.value = key->value;
  row.label = row_label (a, section, key);
  row.stall_a_ns = row.stall_b_ns = -1;
  if (find_side (a, section, key, &side))
    set_side (&row, FALSE, &side);
  if (find_side (b, section, key, &side))
    set_side (&row, TRUE, &side);
  if (row.in_a && row.in_b)
    set_verdict (&row, a, b);
  g_array_append_val (rows, row);
}

/* Both runs' rows first, fastest in A first; then by id. */
static int
cmp_read_rows (gconstpointer x,
               gconstpointer y)
{
  const IbCompareRow *a = x, *b = y;
  gboolean ga = a->valid_a && a->valid_b, gb = b->valid_a && b->valid_b;

  if (ga != gb)
    return ga ? -1 : 1;
  if (ga)
    return a->median_a_ns < b->median_a_ns ? -1 : a->median_a_ns > b->median_a_ns ? 1 : 0;
  return g_strcmp0 (a->strategy, b->strategy);
}

void
ib_compare_section_split (const IbReport    *a,
                          const IbReport    *b,
                          IbCompareSection   section,
                          GArray           **shared,
                          GArray           **all)
{
  g_autoptr(GArray) rows = rows_new ();
  guint n_a;

  g_return_if_fail (a != NULL && b != NULL);
  g_return_if_fail (section < IB_N_COMPARE_SECTIONS);

  /* sweep points are matched only when both sweeps vary the same thing */
  if (section != IB_COMPARE_SWEEP ||
      (a->sweep != NULL && b->sweep != NULL && a->sweep->vary == b->sweep->vary))
    {
      for (guint i = 0; i < n_items (a, section); i++)
        {
          Key key = item_key (a, section, i);

          if (key.id != NULL)
            add_row (rows, a, b, section, &key);
        }
      n_a = rows->len;
      for (guint i = 0; i < n_items (b, section); i++)
        {
          Key key = item_key (b, section, i);
          gboolean seen = FALSE;

          for (guint j = 0; j < n_a && !seen; j++)
            seen = g_strcmp0 (g_array_index (rows, IbCompareRow, j).strategy, key.id) == 0 &&
                   g_array_index (rows, IbCompareRow, j).value == key.value;
          if (key.id != NULL && !seen)
            add_row (rows, a, b, section, &key);
        }
    }

  if (shared != NULL)
    {
      *shared = rows_new ();
      for (guint i = 0; i < rows->len; i++)
        {
          IbCompareRow row = g_array_index (rows, IbCompareRow, i);

          if (!row.in_a || !row.in_b)
            continue;
          row.strategy = g_strdup (row.strategy);
          row.label = g_strdup (row.label);
          g_array_append_val (*shared, row);
        }
    }
  if (all != NULL)
    {
      if (section == IB_COMPARE_READS)
        g_array_sort (rows, cmp_read_rows);
      *all = g_steal_pointer (&rows);
    }
}

GArray *
ib_compare_section (const IbReport   *a,
                    const IbReport   *b,
                    IbCompareSection  section)
{
  GArray *shared = NULL;

  g_return_val_if_fail (a != NULL, NULL);
  g_return_val_if_fail (b != NULL, NULL);

  ib_compare_section_split (a, b, section, &shared, NULL);
  return shared;
}

GArray *
ib_compare_reports (const IbReport *a,
                    const IbReport *b)
{
  return ib_compare_section (a, b, IB_COMPARE_READS);
}

void
ib_compare_row_interval (const IbCompareRow *row,
                         IbVerdictInterval  *out)
{
  g_return_if_fail (row != NULL && out != NULL);

  /* two runs' rows are never paired: the pair fields stay 0 */
  memset (out, 0, sizeof *out);
  out->verdict = row->verdict;
  out->na = row->n_a;
  out->nb = row->n_b;
  out->ratio = row->ratio;
  out->ci_low = row->ci_low;
  out->ci_high = row->ci_high;
  out->ci_level = row->ci_level;
}

char *
ib_compare_row_chart_text (const IbCompareRow *row,
                           gboolean            compact)
{
  IbVerdictInterval iv;

  g_return_val_if_fail (row != NULL, NULL);

  /* what only a chart of every row says: a row only one run has, or one
   * that failed in a run */
  if (!row->in_a || !row->in_b)
    return g_strdup (!row->in_a ? _("only in B") : _("only in A"));
  if (!row->valid_a || !row->valid_b || row->verdict == IB_VERDICT_NO_DATA)
    return g_strdup (!row->valid_a && !row->valid_b ? _("failed in both")
                     : !row->valid_a ? _("failed in A") : _("failed in B"));
  ib_compare_row_interval (row, &iv);
  return ib_verdict_text (&iv, NULL, NULL, compact ? IB_VERDICT_WORDING_CHART_COMPACT
                                                   : IB_VERDICT_WORDING_CHART);
}
