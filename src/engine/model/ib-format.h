/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-format.h: sizes and durations as people read them ("256 MiB", "1.48 ns").
 * A leaf of the model: every layer formats with these, nothing here depends on
 * the rest of the engine. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* An integer grouped as the locale groups it ("16,384", "16.384"); the C
 * and C.UTF-8 locales group nothing, so there the digits are grouped in
 * threes with "," (beside their "." decimal point): every count, ratio and
 * rate a person reads goes through here. */
char *ib_format_count (guint64 value);
/* "1.5 GiB", "640 KiB", "2,732 B" */
char *ib_format_size (guint64 bytes);
/* "1.23 ms", "456 ns", "1.48 ns", "2.10 s": three significant digits */
char *ib_format_duration (double ns);

G_END_DECLS
