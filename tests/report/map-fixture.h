/* SPDX-License-Identifier: GPL-3.0-or-later */
/* map-fixture.h: a size x count map built in code (engine/model/ib-map.h), for the
 * report suite's golden files and for any suite that needs a map. */
#pragma once

#include "engine/model/ib-map.h"
#include "engine/model/ib-types.h"

G_BEGIN_DECLS

/* A "map" preset report stopped part-way: sizes 4 KiB, 64 KiB, 1 MiB by
 * counts 1 and 16, plan->map and report->map set, no samples. Its pairs are
 * made from fixed ratios with a fixed jitter and decided at one look of
 * 95 %, so each verdict follows from its pairs:
 *   4 KiB x 1:   serial sync faster (b/a 1.6)   parallel equivalent (1.0)
 *   4 KiB x 16:  serial sync faster (1.4)       parallel async faster (0.6)
 *   64 KiB x 1:  serial equivalent (1.0)        parallel not decided (1.08, noisy)
 *   64 KiB x 16: serial async faster (0.7)      parallel async faster (0.5)
 *   1 MiB x 1 and x 16: not reached (the map was stopped).
 * The serial sync side stalls the main loop for its whole read (30 ms at
 * 64 KiB x 16: a frame missed); the others for a fraction of a ms. */
IbReport *fx_map_report_new (void);

/* Sets the decision of @line to @verdict with ratio b / a @ratio in [@lo,
 * @hi] at 95 % after one look, over 12 pairs of 1 ms against @ratio ms in
 * alternating order (the map tests' cells). */
void fx_map_line_decide (IbMapLine      *line,
                         IbPairedVerdict verdict,
                         double          ratio,
                         double          lo,
                         double          hi);

G_END_DECLS
