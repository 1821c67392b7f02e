/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-compare-map.c: two size x count maps compared cell by cell (see
 * ib-compare-map.h). Cells are matched by file size and count; each map's
 * line keeps its own verdict, and a line whose verdict differs between the
 * two runs is named in the summary. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>

#include "engine/model/ib-format.h"
#include "ib-compare-map.h"
#include "ib-compare.h"
#include "ib-tables-private.h"

static gboolean
has_map (const IbReport *report)
{
  return report->map != NULL && report->map->cells->len > 0;
}

/* The cell of @map measuring @size x @count, NULL when it has none. */
static const IbMapCell *
find_cell (const IbMap *map,
           guint64      size,
           guint64      count)
{
  for (guint i = 0; i < map->cells->len; i++)
    {
      const IbMapCell *cell = &g_array_index (map->cells, IbMapCell, i);

      if (cell->size == size && cell->count == count)
        return cell;
    }
  return NULL;
}

static void
side_of (const IbMap       *map,
         const IbMapCell   *cell,
         IbMapLineKind      line,
         IbMapClass        *klass,
         IbVerdictInterval *iv)
{
  *klass = ib_map_line_class (map, cell, &cell->lines[line]);
  if (cell->reached)
    ib_map_line_verdict (map, &cell->lines[line], iv);
}

GArray *
ib_compare_maps (const IbReport *a,
                 const IbReport *b,
                 guint          *only_a,
                 guint          *only_b)
{
  GArray *rows = g_array_new (FALSE, TRUE, sizeof (IbCompareMapRow));
  guint shared = 0;

  g_return_val_if_fail (a != NULL && b != NULL, rows);

  if (only_a != NULL)
    *only_a = has_map (a) ? a->map->cells->len : 0;
  if (only_b != NULL)
    *only_b = has_map (b) ? b->map->cells->len : 0;
  if (!has_map (a) || !has_map (b))
    return rows;
  for (guint i = 0; i < a->map->cells->len; i++)
    {
      const IbMapCell *ca = &g_array_index (a->map->cells, IbMapCell, i);
      const IbMapCell *cb = find_cell (b->map, ca->size, ca->count);

      if (cb == NULL)
        continue;
      shared++;
      for (guint l = 0; l < IB_MAP_N_LINES; l++)
        {
          IbCompareMapRow row = { ca->size, ca->count, (IbMapLineKind) l };

          side_of (a->map, ca, row.line, &row.class_a, &row.iv_a);
          side_of (b->map, cb, row.line, &row.class_b, &row.iv_b);
          /* a line the other run never reached has no verdict to change */
          row.changed = row.class_a != row.class_b && row.class_a != IB_MAP_CLASS_UNREACHED
                        && row.class_b != IB_MAP_CLASS_UNREACHED;
          g_array_append_val (rows, row);
        }
    }
  if (only_a != NULL)
    *only_a -= shared;
  if (only_b != NULL)
    *only_b -= shared;
  return rows;
}

const char *
ib_map_class_to_string (IbMapClass klass)
{
  switch (klass)
    {
    case IB_MAP_CLASS_SYNC:
      return _("sync faster");
    case IB_MAP_CLASS_ASYNC:
      return _("async faster");
    case IB_MAP_CLASS_EQUIVALENT:
      return _("equivalent");
    case IB_MAP_CLASS_UNDECIDED:
      return _("not decided");
    case IB_MAP_CLASS_UNREACHED:
    default:
      return _("not reached");
    }
}

static const char *
line_title (IbMapLineKind line)
{
  return line == IB_MAP_SERIAL ? _("one after another") : _("all at once");
}

/* "4 KiB x 16 files all at once" */
static char *
row_place (const IbCompareMapRow *row)
{
  g_autofree char *size = ib_format_size (row->size);
  g_autofree char *count = ib_format_count (row->count);

  /* Translators: a line of a map cell, "4 KiB × 16 files all at once" */
  return g_strdup_printf (ngettext ("%s × %s file %s", "%s × %s files %s",
                                    row->count == 1 ? 1 : 2),
                          size, count, line_title (row->line));
}

/* "4 KiB × 16 files all at once (async faster in A, sync faster in B)" */
static char *
row_change (const IbCompareMapRow *row,
            const char            *name_a,
            const char            *name_b)
{
  g_autofree char *place = row_place (row);

  /* Translators: a map line whose verdict changed, "4 KiB × 16 files all at
   * once (async faster in A, sync faster in B)" */
  return g_strdup_printf (_("%s (%s in %s, %s in %s)"), place,
                          ib_map_class_to_string (row->class_a), name_a,
                          ib_map_class_to_string (row->class_b), name_b);
}

static char *
only_text (guint       only,
           const char *name)
{
  /* Translators: "3 cells are only in the map of A." */
  return g_strdup_printf (ngettext ("%u cell is only in the map of %s.",
                                    "%u cells are only in the map of %s.", only),
                          only, name);
}

char *
ib_compare_maps_summary (const GArray *rows,
                         guint         only_a,
                         guint         only_b,
                         const char   *name_a,
                         const char   *name_b)
{
  g_autoptr(GPtrArray) changed = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) out = g_string_new (NULL);
  guint n_unreached = 0;

  g_return_val_if_fail (name_a != NULL && name_b != NULL, NULL);

  if (rows == NULL || rows->len == 0)
    return NULL;
  for (guint i = 0; i < rows->len; i++)
    {
      const IbCompareMapRow *row = &g_array_index (rows, IbCompareMapRow, i);

      if (row->changed)
        g_ptr_array_add (changed, row_change (row, name_a, name_b));
      n_unreached += row->class_a != row->class_b && !row->changed;
    }
  if (changed->len == 0)
    /* Translators: "No verdict changed in the 8 lines the two maps share." */
    g_string_append_printf (out, ngettext ("No verdict changed in the %u line the two maps share.",
                                           "No verdict changed in the %u lines the two maps share.",
                                           rows->len), rows->len);
  else
    {
      g_autofree char *list = NULL;

      g_ptr_array_add (changed, NULL);
      list = g_strjoinv ("; ", (char **) changed->pdata);
      /* Translators: "The verdict changed in 2 of the 8 lines the two maps
       * share: LINE (…); LINE (…)." */
      g_string_append_printf (out, ngettext ("The verdict changed in %u of the %u lines the two "
                                             "maps share: %s.",
                                             "The verdict changed in %u of the %u lines the two "
                                             "maps share: %s.", rows->len),
                              changed->len - 1, rows->len, list);
    }
  if (n_unreached > 0)
    /* Translators: "2 lines were reached in one run only." */
    g_string_append_printf (out, ngettext (" %u line was reached in one run only.",
                                           " %u lines were reached in one run only.",
                                           n_unreached), n_unreached);
  if (only_a > 0)
    {
      g_autofree char *only = only_text (only_a, name_a);

      g_string_append_printf (out, " %s", only);
    }
  if (only_b > 0)
    {
      g_autofree char *only = only_text (only_b, name_b);

      g_string_append_printf (out, " %s", only);
    }
  return g_strdup (out->str);
}

/* A side's verdict as the map's table says it: "sync is 1.6x faster than
 * async (95 % CI 1.5-1.7; 12 pairs, 1 look)", "not reached". */
static char *
verdict_cell (IbMapClass               klass,
              const IbVerdictInterval *iv)
{
  if (klass == IB_MAP_CLASS_UNREACHED)
    return g_strdup (_("not reached"));
  return ib_verdict_text (iv, _("sync"), _("async"), IB_VERDICT_WORDING_FASTER_FIRST);
}

/* "async faster → sync faster", "no", "reached in A only" */
static char *
changed_cell (const IbCompareMapRow *row)
{
  if (row->changed)
    return g_strdup_printf ("%s → %s", ib_map_class_to_string (row->class_a),
                            ib_map_class_to_string (row->class_b));
  if (row->class_a == row->class_b)
    /* Translators: a map line whose verdict is the same in both runs */
    return g_strdup (_("no"));
  return g_strdup (row->class_a == IB_MAP_CLASS_UNREACHED ? _("reached in B only")
                                                          : _("reached in A only"));
}

/* "A: sync is 1.6x faster than async (...). B: the same words." */
static char *
verdicts_cell (const IbCompareMapRow *row,
               const char            *name_a,
               const char            *name_b)
{
  g_autofree char *in_a = verdict_cell (row->class_a, &row->iv_a);
  g_autofree char *in_b = verdict_cell (row->class_b, &row->iv_b);

  /* Translators: a map line's verdict in each run, "A: sync is 1.6x faster
   * than async (...). B: async is 1.2x faster than sync (...)." */
  return g_strdup_printf (_("%s: %s. %s: %s."), name_a, in_a, name_b, in_b);
}

static char *
missing_text (const IbReport *a,
              const char     *name_a,
              const IbReport *b,
              const char     *name_b)
{
  if (!has_map (a) || !has_map (b))
    /* Translators: "Only Map, 2 Dec 2026, 17:30 has a size × count map" */
    return g_strdup_printf (_("Only %s has a size × count map."),
                            has_map (a) ? name_a : name_b);
  return g_strdup (_("The two maps share no cell: their file sizes or counts differ."));
}

IbTable *
ib_table_compare_map (const IbReport *a,
                      const char     *name_a,
                      const IbReport *b,
                      const char     *name_b)
{
  g_autoptr(GArray) rows = NULL;
  guint only_a = 0, only_b = 0;
  IbTable *table;

  g_return_val_if_fail (a != NULL && b != NULL && name_a != NULL && name_b != NULL, NULL);

  if (!has_map (a) && !has_map (b))
    return NULL;
  rows = ib_compare_maps (a, b, &only_a, &only_b);
  /* one row a line of a cell, named by its place; both verdicts in one
   * sentence column, which the CLI prints under the table by the row's name */
  table = _ib_table_new ("map", _("Size × count map"), _("Cell"), _("Verdict changed"),
                         _("~Verdicts"), NULL);
  for (guint i = 0; i < rows->len; i++)
    {
      const IbCompareMapRow *row = &g_array_index (rows, IbCompareMapRow, i);

      _ib_table_add (table, row_place (row), changed_cell (row),
                     verdicts_cell (row, name_a, name_b));
    }
  table->note = rows->len > 0 ? ib_compare_maps_summary (rows, only_a, only_b, name_a, name_b)
                              : missing_text (a, name_a, b, name_b);
  return table;
}
