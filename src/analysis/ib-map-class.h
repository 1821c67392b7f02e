/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-map-class.h: the verdict and the class of one line of one cell of the
 * size x count map (engine/model/ib-map.h), as the answer words it: what
 * the chart colours, the advice (ib-map-advice.h) merges into regions and
 * the cuts (ib-map-cuts.h) check the write-ups against. */
#pragma once

#include <glib.h>

#include "engine/model/ib-map.h"
#include "ib-verdict.h"

G_BEGIN_DECLS

/* A 60 Hz frame, ns: a sync read whose longest stall reaches it costs a frame. */
#define IB_MAP_FRAME_NS (1e9 / 60.0)

typedef enum
{
  IB_MAP_CLASS_SYNC,        /* the sync side (a) is faster */
  IB_MAP_CLASS_ASYNC,       /* GIO async (b) is faster */
  IB_MAP_CLASS_EQUIVALENT,  /* within +/- the margin */
  IB_MAP_CLASS_UNDECIDED,   /* reached, not decided: never advised on */
  IB_MAP_CLASS_UNREACHED,   /* the map stopped before it: never advised on */
} IbMapClass;

/* The verdict of @line as the answer words it, at the level of the whole
 * procedure (all its looks): what the chart, the CLI and the advice show. */
void         ib_map_line_verdict     (const IbMap       *map,
                                      const IbMapLine   *line,
                                      IbVerdictInterval *out);
/* @line of @cell in words, as the chart's tooltips and the map's table
 * show it: "sync is 1.6x faster than async (95 % CI 1.5-1.7; 12 pairs,
 * 1 look)", or "not reached". */
char        *ib_map_line_text        (const IbMap       *map,
                                      const IbMapCell   *cell,
                                      const IbMapLine   *line);
/* The class of @line of @cell. */
IbMapClass   ib_map_line_class       (const IbMap       *map,
                                      const IbMapCell   *cell,
                                      const IbMapLine   *line);
/* Whether the sync read one file after another (on the main loop) of
 * @cell stalled the loop for a 60 Hz frame or more (median longest stall). */
gboolean     ib_map_cell_costs_frame (const IbMapCell   *cell);

G_END_DECLS
