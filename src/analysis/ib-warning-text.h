/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-warning-text.h: a run's warnings in words, in the reader's language
 * at the time they are shown. The engine stores each warning as a key and
 * values (engine/model/ib-warning.h); every shower (the window, the CLI,
 * the HTML and Markdown reports) words it here, so one warning reads the
 * same everywhere and each ends as a sentence. */
#pragma once

#include "engine/model/ib-types.h"
#include "engine/model/ib-warning.h"

G_BEGIN_DECLS

/* @warning as a sentence ending in a period (or ! ? …): an older report's
 * sentence as stored, a key this version does not know as its key and
 * values. Free with g_free. */
char      *ib_warning_text       (const IbWarning *warning);
/* @text with the final period the warnings end with (the language's:
 * "。" in Chinese), unless it ends as a sentence already (. ! ? … or the
 * Chinese ones): the one rule for every shower. */
char      *ib_warning_end        (const char      *text);
/* The report's warnings as sentences (char *), in order. */
GPtrArray *ib_warning_texts      (const IbReport  *report);

G_END_DECLS
