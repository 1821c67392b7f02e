/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-answer-cards.h: the results page's cards for the small-files and
 * write + delete answers (analysis/ib-answer-writes.h), beside the answer
 * for reads. The words are the analysis layer's; this only lays them out:
 * the title as a heading, the headline's verdict in bold, the details as a
 * list. */
#pragma once

#include <gtk/gtk.h>

#include "analysis/ib-answer.h"
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

/* The time "Keep Deciding" gives a line whose plan had no budget, s; a
 * plan with one gets its budget again. */
#define IB_KEEP_DECIDING_S 60

/* Under the reads' answer, once a run is over: for each main line of
 * @answer the decision phase left undecided (ib-decision.h: not decided
 * within its time, or given none), a sentence and a "Keep Deciding" button
 * that activates win.keep-deciding with the line's id. The box is empty and
 * hidden when there is none, or @report is NULL. */
GtkBox     *ib_answer_cards_new_keep_box (void);
void        ib_answer_cards_fill_keep    (GtkBox         *box,
                                          const IbReport *report,
                                          const IbAnswer *answer);
/* The button of line @line_id in @box, NULL when it offers none (tests). */
GtkWidget  *ib_answer_cards_keep_button  (GtkBox         *box,
                                          const char     *line_id);

G_END_DECLS
