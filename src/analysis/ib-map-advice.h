/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-map-advice.h: advice from the size x count map (engine/model/ib-map.h), in
 * plain words with the API names a GTK developer calls.
 *
 * Every line of every cell gets a class from its verdict (the one the chart
 * colours it by): sync faster, async faster, equivalent within the margin,
 * not decided, not reached. Cells of one line and one class are merged into
 * regions: within each file size the counts run together, and neighbouring
 * sizes whose runs are the same merge into a size range ("up to 64 KiB per
 * file, 1 to 64 files"). A region of a decided class gets one sentence of
 * advice naming the calls (g_file_load_contents, g_file_load_contents_async,
 * g_file_read_async + g_input_stream_read_all_async, sync reads on worker
 * threads through GTask or a GThreadPool) with how much faster, or that the
 * two are equivalent; a region that is not decided or not reached is named
 * as such and advised on never. Then the one-frame line (from which size a
 * sync read on the main thread costs a 60 Hz frame, from the decided serial
 * cells), and, where GIO's async load loses by far one file after another,
 * why (README.md, "Why g_file_load_contents_async is slow here").
 *
 * The advice is derived data, like the answer: the map's answer card
 * (ib_answer_card_map) shows it in the CLI, the window and the HTML and
 * Markdown reports with the same words. */
#pragma once

#include <glib.h>

#include "engine/model/ib-types.h"
#include "engine/model/ib-map.h"
#include "ib-answer-writes.h"
#include "ib-verdict.h"

G_BEGIN_DECLS

#define IB_ANSWER_CARD_MAP "map"

/* A 60 Hz frame, ns: a sync read whose longest stall reaches it costs a frame. */
#define IB_MAP_FRAME_NS (1e9 / 60.0)

/* Serial async slower than sync by at least this: GIO's 8 KiB round trips
 * explain the gap, and the advice says so. */
#define IB_MAP_HOPS_RATIO 2.0

typedef enum
{
  IB_MAP_CLASS_SYNC,        /* the sync side (a) is faster */
  IB_MAP_CLASS_ASYNC,       /* GIO async (b) is faster */
  IB_MAP_CLASS_EQUIVALENT,  /* within +/- the margin */
  IB_MAP_CLASS_UNDECIDED,   /* reached, not decided: never advised on */
  IB_MAP_CLASS_UNREACHED,   /* the map stopped before it: never advised on */
} IbMapClass;

/* Cells of one line and one class: sizes [size_first, size_last] x counts
 * [count_first, count_last] (indices into the map's axes, inclusive). */
typedef struct
{
  IbMapLineKind line;
  IbMapClass    klass;
  guint         size_first;
  guint         size_last;
  guint         count_first;
  guint         count_last;
  char         *text;       /* its sentence, translated */
} IbMapRegion;

typedef struct
{
  GPtrArray *regions;     /* IbMapRegion: the serial line's, then the parallel
                           * line's, each by size then count */
  char      *frame_text;  /* the one-frame line, NULL without a decided serial cell */
  char      *why_text;    /* why GIO's async load loses one file after another,
                           * NULL unless a decided serial cell shows it */
} IbMapAdvice;

/* The verdict of @line as the answer words it, at the level of the whole
 * procedure (all its looks): what the chart, the CLI and the advice show. */
void         ib_map_line_verdict     (const IbMap       *map,
                                      const IbMapLine   *line,
                                      IbVerdictInterval *out);
/* The class of @line of @cell. */
IbMapClass   ib_map_line_class       (const IbMap       *map,
                                      const IbMapCell   *cell,
                                      const IbMapLine   *line);
/* Whether the sync read one file after another (on the main loop) of
 * @cell stalled the loop for a 60 Hz frame or more (median longest stall). */
gboolean     ib_map_cell_costs_frame (const IbMapCell   *cell);

/* The advice of @map (never NULL). */
IbMapAdvice *ib_map_advice_new       (const IbMap       *map);
void         ib_map_advice_free      (IbMapAdvice       *advice);

/* The write-ups as cuts of the map (ib-map-cuts.c), one sentence a
 * conclusion, from decided cells only: seed 000's 1, 2 and 100 small files
 * on the row of about 4 KiB (sync faster for 1 and 2 one after another,
 * async for 100 at once), seed 002's four big files on the column of 4
 * files (sync whole-file reads faster one after another, from 256 MiB or at
 * the map's largest size). Each says whether the conclusion holds in every
 * decided cell of its cut, in some, in none, or cannot be checked (no cell
 * decided, or the cut is not in the map), and names the cells left out. */
GPtrArray   *ib_map_cuts_new         (const IbMap       *map);

/* The map's card, NULL when the report has no map: headline how the lines
 * fell, details the advice's sentences (regions, one-frame line, why),
 * then the write-ups as cuts of the map (ib_map_cuts_new). */
IbAnswerCard *ib_answer_card_map     (const IbReport    *report);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (IbMapAdvice, ib_map_advice_free)

G_END_DECLS
