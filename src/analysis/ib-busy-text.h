/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-busy-text.h: what a busy machine does to the answer, said before a
 * run (the CLI, the plan page) from the engine's judgement
 * (engine/os/ib-busy.h). */
#pragma once

#include <glib.h>

#include "engine/os/ib-busy.h"

G_BEGIN_DECLS

/* "Other work is using the CPUs (load 3.4 on 2 cores): threads get more of
 * a busy CPU, so parallel strategies will look faster than they are on a
 * quiet machine." when @busy says so; NULL for a quiet machine and for one
 * that cannot tell (unknown). Translated, newly allocated. */
char *ib_busy_sentence (const IbBusy *busy);

G_END_DECLS
