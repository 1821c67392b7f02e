/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-answer-private.h: what the answer's files share (ib-answer.c,
 * ib-answer-why.c, ib-answer-busy.c). */
#pragma once

#include "ib-answer.h"

G_BEGIN_DECLS

/* The measured causes of @line's verdict, only under a decided verdict (a
 * clear "faster") and only those that cost the slower side more beyond
 * their own interval (ib_stats_shift); NULL when there is none. */
char *ib_answer_why_sentence (const IbReport     *report,
                              const IbAnswerLine *line);

/* Fills @answer's busy_share, busy_pairs, busy_cores and busy from what
 * other work did during @report's decision pairs. */
void  ib_answer_busy         (const IbReport     *report,
                              IbAnswer           *answer);

G_END_DECLS
