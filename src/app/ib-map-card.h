/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-map-card.h: the size x count map's answer card on the results page,
 * beside the other answer cards (ib-answer-cards.h): how many of the map's
 * comparisons async won, and every cell reached with both its lines'
 * verdicts in the answer's words (ib_verdict_text), the undecided named as
 * such. */
#pragma once

#include "analysis/ib-answer-writes.h"
#include "engine/model/ib-types.h"

G_BEGIN_DECLS

#define IB_MAP_CARD_ID "map"

/* The card of @report's map, NULL when it has none. */
IbAnswerCard *ib_map_card_new (const IbReport *report);

G_END_DECLS
