/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-tables-map.c: the size x count map as a table (ib_table_map): one row
 * per cell, each line's verdict in the words of the chart's tooltips
 * (ib_verdict_text) and what the sync read one after another cost the main
 * loop. HTML, Markdown and the CLI show it. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>

#include "engine/model/ib-format.h"
#include "ib-labels.h"
#include "ib-map-advice.h"
#include "ib-tables-private.h"

/* "30.1 ms (an expected 0.8 frames missed at 60 Hz)", "—" unwatched */
static char *
stall_cell (const IbMapCell *cell)
{
  const IbMapSide *sync = &cell->lines[IB_MAP_SERIAL].a_side;
  g_autofree char *stall = NULL;
  g_autofree char *frames = NULL;

  if (!cell->reached || sync->n_responsive == 0)
    return g_strdup ("—");
  stall = ib_format_duration (sync->stall_ns);
  frames = ib_format_frames_missed (sync->frames_missed_60);
  /* Translators: a map cell's main-loop cost, "30.1 ms (an expected 0.8
   * frames missed at 60 Hz)" */
  return g_strdup_printf (_("%s (%s)"), stall, frames);
}

IbTable *
ib_table_map (const IbReport *report)
{
  const IbMap *map = report != NULL ? report->map : NULL;
  IbTable *table;

  if (map == NULL || map->cells->len == 0)
    return NULL;
  table = _ib_table_new ("map", _("When async pays off: file size x file count"),
                         _(">File size"), _(">Files"), _("~One after another"),
                         _("~All at once"), _(">Sync read stalls the loop"), NULL);
  for (guint i = 0; i < map->cells->len; i++)
    {
      const IbMapCell *cell = &g_array_index (map->cells, IbMapCell, i);

      _ib_table_add (table, ib_format_size (cell->size), ib_format_count (cell->count),
                     ib_map_line_text (map, cell, &cell->lines[IB_MAP_SERIAL]),
                     ib_map_line_text (map, cell, &cell->lines[IB_MAP_PARALLEL]),
                     stall_cell (cell));
    }
  /* Translators: the note under the map's table */
  table->note = g_strdup (_("One after another: g_file_load_contents (sync) against "
                            "g_file_load_contents_async (async). All at once: sync reads on "
                            "a GThreadPool (sync) against g_file_read_async + "
                            "g_input_stream_read_all_async (async). Each line is decided by "
                            "paired samples in alternating order; the stall is the median "
                            "longest stall of the sync read one after another, on the main "
                            "loop."));
  return table;
}
