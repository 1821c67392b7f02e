/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-answer-cards.h: the results page's cards for the small-files and
 * write + delete answers (analysis/ib-answer-writes.h), beside the answer
 * for reads. The words are the analysis layer's; this only lays them out:
 * the title as a heading, the headline's verdict in bold, the details as a
 * list. */
#pragma once

#include <gtk/gtk.h>

#include "engine/model/ib-types.h"

G_BEGIN_DECLS

/* Empties @box and adds one card per answer card of @report (none when
 * @report is NULL); hides @box when there is none. */
void        ib_answer_cards_fill     (GtkBox         *box,
                                      const IbReport *report);
/* The headline shown on the card @id ("write-unlink", "small-files") in
 * @box, NULL when that card is not shown (tests). */
const char *ib_answer_cards_headline (GtkBox         *box,
                                      const char     *id);

G_END_DECLS
