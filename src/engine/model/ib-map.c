/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-map.c: the map's data (see ib-map.h). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <string.h>

#include "engine/model/ib-map.h"

static const char *const line_ids[IB_MAP_N_LINES] = {
  [IB_MAP_SERIAL] = IB_MAP_LINE_SERIAL,
  [IB_MAP_PARALLEL] = IB_MAP_LINE_PARALLEL,
};

static const char *const line_a[IB_MAP_N_LINES] = {
  [IB_MAP_SERIAL] = IB_MAP_SERIAL_SYNC,
  [IB_MAP_PARALLEL] = IB_MAP_PARALLEL_SYNC,
};

static const char *const line_b[IB_MAP_N_LINES] = {
  [IB_MAP_SERIAL] = IB_MAP_SERIAL_ASYNC,
  [IB_MAP_PARALLEL] = IB_MAP_PARALLEL_ASYNC,
};

static GArray *
u64_array_copy (const GArray *src)
{
  GArray *dst = g_array_new (FALSE, FALSE, sizeof (guint64));

  if (src != NULL)
    g_array_append_vals (dst, src->data, src->len);
  return dst;
}

/* ---- the spec ------------------------------------------------------------ */

IbMapSpec *
ib_map_spec_new (void)
{
  IbMapSpec *spec = g_new0 (IbMapSpec, 1);

  spec->sizes = g_array_new (FALSE, FALSE, sizeof (guint64));
  spec->counts = g_array_new (FALSE, FALSE, sizeof (guint64));
  return spec;
}

IbMapSpec *
ib_map_spec_copy (const IbMapSpec *spec)
{
  IbMapSpec *copy;

  if (spec == NULL)
    return NULL;
  copy = g_memdup2 (spec, sizeof *spec);
  copy->sizes = u64_array_copy (spec->sizes);
  copy->counts = u64_array_copy (spec->counts);
  return copy;
}

void
ib_map_spec_free (IbMapSpec *spec)
{
  if (spec == NULL)
    return;
  g_clear_pointer (&spec->sizes, g_array_unref);
  g_clear_pointer (&spec->counts, g_array_unref);
  g_free (spec);
}

/* ---- cells --------------------------------------------------------------- */

const char *
ib_map_line_kind_to_string (IbMapLineKind kind)
{
  g_return_val_if_fail (kind < IB_MAP_N_LINES, NULL);
  return line_ids[kind];
}

gboolean
ib_map_line_kind_from_string (const char    *text,
                              IbMapLineKind *out)
{
  for (guint i = 0; i < IB_MAP_N_LINES; i++)
    if (g_strcmp0 (text, line_ids[i]) == 0)
      {
        *out = (IbMapLineKind) i;
        return TRUE;
      }
  return FALSE;
}

void
ib_map_cell_init (IbMapCell *cell,
                  guint64    size,
                  guint64    count)
{
  memset (cell, 0, sizeof *cell);
  cell->size = size;
  cell->count = count;
  for (guint i = 0; i < IB_MAP_N_LINES; i++)
    {
      IbDecisionLine *d = &cell->lines[i].decision;

      d->line = g_strdup (line_ids[i]);
      d->a = g_strdup (line_a[i]);
      d->b = g_strdup (line_b[i]);
      d->pairs = g_array_new (FALSE, FALSE, sizeof (IbDecisionPair));
      d->verdict = IB_PAIRED_NO_DATA;
    }
}

void
ib_map_cell_clear (IbMapCell *cell)
{
  for (guint i = 0; i < IB_MAP_N_LINES; i++)
    {
      IbDecisionLine *d = &cell->lines[i].decision;

      g_clear_pointer (&d->line, g_free);
      g_clear_pointer (&d->a, g_free);
      g_clear_pointer (&d->b, g_free);
      g_clear_pointer (&d->pairs, g_array_unref);
    }
}

static void
cell_clear_func (gpointer data)
{
  ib_map_cell_clear (data);
}

static void
cell_copy_into (IbMapCell       *dest,
                const IbMapCell *src)
{
  *dest = *src;
  for (guint i = 0; i < IB_MAP_N_LINES; i++)
    {
      IbDecisionLine *d = &dest->lines[i].decision;

      d->line = g_strdup (d->line);
      d->a = g_strdup (d->a);
      d->b = g_strdup (d->b);
      d->pairs = d->pairs != NULL ? g_array_copy (d->pairs)
                                  : g_array_new (FALSE, FALSE, sizeof (IbDecisionPair));
    }
}

/* ---- the map ------------------------------------------------------------- */

IbMap *
ib_map_new (const GArray *sizes,
            const GArray *counts)
{
  IbMap *map = g_new0 (IbMap, 1);

  map->sizes = u64_array_copy (sizes);
  map->counts = u64_array_copy (counts);
  map->margin = IB_PAIRED_MARGIN;
  map->alpha = IB_PAIRED_ALPHA;
  map->cells = g_array_new (FALSE, TRUE, sizeof (IbMapCell));
  g_array_set_clear_func (map->cells, cell_clear_func);
  for (guint i = 0; i < map->sizes->len; i++)
    for (guint j = 0; j < map->counts->len; j++)
      {
        IbMapCell cell;

        ib_map_cell_init (&cell, g_array_index (map->sizes, guint64, i),
                          g_array_index (map->counts, guint64, j));
        g_array_append_val (map->cells, cell);
      }
  return map;
}

IbMap *
ib_map_copy (const IbMap *map)
{
  IbMap *copy;

  if (map == NULL)
    return NULL;
  copy = ib_map_new (NULL, NULL);
  g_array_append_vals (copy->sizes, map->sizes->data, map->sizes->len);
  g_array_append_vals (copy->counts, map->counts->data, map->counts->len);
  copy->budget_s = map->budget_s;
  copy->margin = map->margin;
  copy->alpha = map->alpha;
  copy->first_pairs = map->first_pairs;
  copy->disk_bytes = map->disk_bytes;
  copy->estimate_s = map->estimate_s;
  copy->spent_s = map->spent_s;
  for (guint i = 0; i < map->cells->len; i++)
    {
      IbMapCell cell;

      cell_copy_into (&cell, &g_array_index (map->cells, IbMapCell, i));
      g_array_append_val (copy->cells, cell);
    }
  return copy;
}

void
ib_map_free (IbMap *map)
{
  if (map == NULL)
    return;
  g_clear_pointer (&map->sizes, g_array_unref);
  g_clear_pointer (&map->counts, g_array_unref);
  g_clear_pointer (&map->cells, g_array_unref);
  g_free (map);
}

IbMapCell *
ib_map_cell (const IbMap *map,
             guint        size_index,
             guint        count_index)
{
  guint64 at;

  g_return_val_if_fail (map != NULL, NULL);

  if (size_index >= map->sizes->len || count_index >= map->counts->len)
    return NULL;
  at = (guint64) size_index * map->counts->len + count_index;
  if (at >= map->cells->len)
    return NULL;
  return &g_array_index (map->cells, IbMapCell, at);
}

gboolean
ib_map_line_decided (const IbMapLine *line)
{
  g_return_val_if_fail (line != NULL, FALSE);
  return line->decision.verdict == IB_PAIRED_A_FASTER
         || line->decision.verdict == IB_PAIRED_B_FASTER
         || line->decision.verdict == IB_PAIRED_EQUIVALENT;
}

guint
ib_map_n_reached (const IbMap *map)
{
  guint n = 0;

  g_return_val_if_fail (map != NULL, 0);
  for (guint i = 0; i < map->cells->len; i++)
    n += g_array_index (map->cells, IbMapCell, i).reached;
  return n;
}

guint
ib_map_n_decided (const IbMap *map)
{
  guint n = 0;

  g_return_val_if_fail (map != NULL, 0);
  for (guint i = 0; i < map->cells->len; i++)
    for (guint k = 0; k < IB_MAP_N_LINES; k++)
      n += ib_map_line_decided (&g_array_index (map->cells, IbMapCell, i).lines[k]);
  return n;
}
