/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-responsiveness.h: how long a strategy keeps the run's main loop from
 * running anything (README.md, "What a read costs the main loop").
 *
 * While a sample runs, a tick is attached to the GMainContext on which the
 * strategy's callbacks land, the stand-in for an app's main loop. It is due
 * when the sample starts and then 1 ms after each of its dispatches; each
 * dispatch records how late it came. A sync strategy never iterates the
 * context, so its single (final) lateness is the whole read. The tick runs
 * at G_PRIORITY_HIGH: an iteration that dispatches it dispatches nothing else,
 * so the scheduler can leave it out of its dispatch count exactly.
 */
#pragma once

#include <glib.h>

#include "engine/model/ib-types.h"

G_BEGIN_DECLS

#define IB_TICK_INTERVAL_NS  G_GINT64_CONSTANT (1000000)   /* 1 ms */
#define IB_FRAME_60HZ_NS     G_GINT64_CONSTANT (16666667)
#define IB_FRAME_120HZ_NS    G_GINT64_CONSTANT (8333333)

typedef struct _IbTick IbTick;

/* Attaches a tick to @context, due at once. Each dispatch adds one to
 * *@counter (may be NULL). */
IbTick  *ib_tick_start                  (GMainContext   *context,
                                         guint64        *counter);
/* Detaches and frees @tick; an overdue tick counts as dispatched now. Fills
 * the responsiveness fields of @sample (responsive = TRUE). */
void     ib_tick_stop                   (IbTick         *tick,
                                         IbSample       *sample);
/* Number of dispatches so far (tests). */
guint    ib_tick_get_n_dispatches       (const IbTick   *tick);

/* The summary ib_tick_stop() makes, from @n dispatch times and their
 * latenesses (ns, in dispatch order) within [@start_ns, @stop_ns]: the longest
 * lateness, its 99th percentile, and the 60 Hz and 120 Hz frames missed
 * (ib_frames_missed). */
void     ib_responsiveness_summarise    (const gint64   *dispatch_ns,
                                         const gint64   *lateness_ns,
                                         guint           n,
                                         gint64          start_ns,
                                         gint64          stop_ns,
                                         IbSample       *sample);

/* Frames missed from @start_ns to @stop_ns, expected over a uniformly random
 * vsync phase. A display's frame is missed when the main loop could not run
 * at all between two of its vsyncs (no dispatch in that frame's interval):
 * it had no moment to draw. The loop was free at @start_ns, at each dispatch
 * and at @stop_ns; a gap of length g between two of these holds g / T - 1
 * whole frame intervals of @period_ns T on average over the phase when
 * g >= T, none when g < T (it holds floor (g / T) or floor (g / T) - 1 of
 * them, the first with probability frac (g / T)). So at 60 Hz a 10 ms stall
 * misses 0 frames, 19 ms 0.14, 29 ms 0.74, 40 ms 1.4; the sum over the
 * gaps. Ticks that come late while the loop is idle (GLib rounds a timeout up
 * to whole ms) leave gaps of 1-2 ms, which miss nothing. (Counting a frame
 * as missed whenever a vsync falls inside a gap, d / T, would charge such idle
 * gaps too: the tick cannot tell idle from busy within a gap.) */
double   ib_frames_missed               (const gint64   *dispatch_ns,
                                         guint           n,
                                         gint64          start_ns,
                                         gint64          stop_ns,
                                         gint64          period_ns);


G_END_DECLS
