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
#include "ib-map-class.h"
#include "ib-verdict.h"

G_BEGIN_DECLS

#define IB_ANSWER_CARD_MAP "map"

/* Serial async slower than sync by at least this: GIO's 8 KiB round trips
 * explain the gap, and the advice says so. */
#define IB_MAP_HOPS_RATIO 2.0

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

/* The advice of @map (never NULL). */
IbMapAdvice *ib_map_advice_new       (const IbMap       *map);
void         ib_map_advice_free      (IbMapAdvice       *advice);

/* The map's card, NULL when the report has no map: headline how the lines
 * fell, details the advice's sentences (regions, one-frame line, why),
 * then the write-ups as cuts of the map (ib_map_cuts_new). */
IbAnswerCard *ib_answer_card_map     (const IbReport    *report);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (IbMapAdvice, ib_map_advice_free)

G_END_DECLS
