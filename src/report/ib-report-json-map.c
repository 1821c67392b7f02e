/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-report-json-map.c: the field tables of the size x count map
 * (engine/model/ib-map.h): what a plan asks for ("plan.map") and what the map
 * measured ("map"). Each cell's two lines are decision lines
 * (ib_json_decision_line_section) with what each side cost the main loop. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>

#include "engine/model/ib-map.h"
#include "ib-report-json-private.h"

/* ---- what a plan asks for ------------------------------------------------ */

static const IbJsonField map_spec_fields[] = {
  FIELD (IbMapSpec, sizes, "sizes", U64V, REQ, .max_len = IB_MAP_MAX_AXIS),
  FIELD (IbMapSpec, counts, "counts", U64V, REQ, .max_len = IB_MAP_MAX_AXIS),
  FIELD (IbMapSpec, first_pairs, "first_pairs", UINT, UNSET),
  FIELD (IbMapSpec, max_disk_bytes, "max_disk_bytes", UINT64, UNSET),
};

DEFINE_NEW_FREE (map_spec, ib_map_spec_new, ib_map_spec_free)

const IbJsonSection ib_json_map_spec_section =
  SECTION (IbMapSpec, map_spec_fields, .new_ = map_spec_new, .free_ = map_spec_free);

/* ---- a cell's lines ------------------------------------------------------ */

#define SIDE(m, k, fl, ...) FIELD (IbMapSide, m, #m, k, fl, __VA_ARGS__)

static const IbJsonField map_side_fields[] = {
  SIDE (n_responsive, UINT, IB_JF_RANGE, COUNT),
  SIDE (stall_ns, DOUBLE, 0),
  SIDE (stall_max_ns, DOUBLE, 0),
  SIDE (frames_missed_60, DOUBLE, 0),
};

static const IbJsonSection map_side_section = SECTION (IbMapSide, map_side_fields);

static const IbJsonField map_line_fields[] = {
  FIELD (IbMapLine, decision, "decision", INLINE, REQ,
         .section = &ib_json_decision_line_section),
  /* what each side cost the main loop: a the sync strategy, b the async */
  FIELD (IbMapLine, a_side, "a_main_loop", INLINE, REQ, .section = &map_side_section),
  FIELD (IbMapLine, b_side, "b_main_loop", INLINE, REQ, .section = &map_side_section),
};

static const IbJsonSection map_line_section = SECTION (IbMapLine, map_line_fields);

/* ---- cells --------------------------------------------------------------- */

static void
map_cell_init (gpointer st)
{
  ib_map_cell_init (st, 0, 0);
}

/* Each line is the one its member names (a "serial" member holding a
 * "parallel" line would swap them in every reader). */
static gboolean
map_cell_finish (gpointer    st,
                 const char *path,
                 GError    **error)
{
  IbMapCell *cell = st;

  for (guint k = 0; k < IB_MAP_N_LINES; k++)
    {
      const char *want = ib_map_line_kind_to_string (k);
      g_autofree char *line_path = ib_json_member_path (path, want);

      if (g_strcmp0 (cell->lines[k].decision.line, want) != 0)
        return ib_json_member_error (error, line_path, "decision.line",
                                     k == IB_MAP_SERIAL ? _("expected “serial”")
                                                        : _("expected “parallel”"));
      if (!cell->reached && cell->lines[k].decision.pairs->len > 0)
        return ib_json_member_error (error, line_path, "decision.pairs",
                                     _("a cell not reached has no pairs"));
    }
  return TRUE;
}

static const IbJsonField map_cell_fields[] = {
  FIELD (IbMapCell, size, "size", UINT64, REQ),
  FIELD (IbMapCell, count, "count", UINT64, REQ),
  FIELD (IbMapCell, reached, "reached", BOOL, REQ),
  FIELD (IbMapCell, lines[IB_MAP_SERIAL], IB_MAP_LINE_SERIAL, INLINE, REQ,
         .section = &map_line_section),
  FIELD (IbMapCell, lines[IB_MAP_PARALLEL], IB_MAP_LINE_PARALLEL, INLINE, REQ,
         .section = &map_line_section),
};

static const IbJsonSection map_cell_section =
  SECTION (IbMapCell, map_cell_fields, .init = map_cell_init, .finish = map_cell_finish);

/* ---- the map ------------------------------------------------------------- */

static gboolean
axis_ascending (const GArray *axis)
{
  for (guint i = 0; i < axis->len; i++)
    if (g_array_index (axis, guint64, i) == 0
        || (i > 0 && g_array_index (axis, guint64, i) <= g_array_index (axis, guint64, i - 1)))
      return FALSE;
  return TRUE;
}

/* The cells are the grid of the axes, size-major, each where it belongs. */
static gboolean
map_finish (gpointer    st,
            const char *path,
            GError    **error)
{
  IbMap *map = st;

  if (!axis_ascending (map->sizes))
    return ib_json_member_error (error, path, "sizes",
                                 _("expected sizes above 0 in ascending order"));
  if (!axis_ascending (map->counts))
    return ib_json_member_error (error, path, "counts",
                                 _("expected counts above 0 in ascending order"));
  if (map->cells->len != map->sizes->len * map->counts->len)
    {
      g_autofree char *what = g_strdup_printf (
        _("expected one cell per size and count (%u), found %u"),
        map->sizes->len * map->counts->len, map->cells->len);

      return ib_json_member_error (error, path, "cells", what);
    }
  for (guint i = 0; i < map->sizes->len; i++)
    for (guint j = 0; j < map->counts->len; j++)
      {
        const IbMapCell *cell = ib_map_cell (map, i, j);

        if (cell->size != g_array_index (map->sizes, guint64, i)
            || cell->count != g_array_index (map->counts, guint64, j))
          {
            g_autofree char *at = g_strdup_printf ("cells[%u]", i * map->counts->len + j);

            return ib_json_member_error (error, path, at,
                                         _("its size and count are not the axes' in order "
                                           "(cells go size by size, counts ascending)"));
          }
      }
  return TRUE;
}

static const IbJsonField map_fields[] = {
  FIELD (IbMap, sizes, "sizes", U64V, REQ, .max_len = IB_MAP_MAX_AXIS),
  FIELD (IbMap, counts, "counts", U64V, REQ, .max_len = IB_MAP_MAX_AXIS),
  FIELD (IbMap, budget_s, "budget_s", UINT, REQ),
  FIELD (IbMap, margin, "margin", DOUBLE, REQ | IB_JF_RANGE, DRANGE (0, 1, 0)),
  FIELD (IbMap, alpha, "alpha", DOUBLE, REQ | IB_JF_RANGE, DRANGE (0, 1, 0)),
  FIELD (IbMap, first_pairs, "first_pairs", UINT, 0),
  FIELD (IbMap, disk_bytes, "disk_bytes", UINT64, 0),
  FIELD (IbMap, estimate_s, "estimate_s", DOUBLE, 0),
  FIELD (IbMap, spent_s, "spent_s", DOUBLE, 0),
  FIELD (IbMap, cells, "cells", ARRAY, REQ, .section = &map_cell_section,
         .max_len = IB_MAP_MAX_AXIS * IB_MAP_MAX_AXIS),
};

static gpointer
map_new (void)
{
  return ib_map_new (NULL, NULL);
}

static void
map_free (gpointer st)
{
  ib_map_free (st);
}

const IbJsonSection ib_json_map_section =
  SECTION (IbMap, map_fields, .new_ = map_new, .free_ = map_free, .finish = map_finish);
