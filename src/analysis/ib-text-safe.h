/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-text-safe.h: text from a report (a strategy name, a warning, a host
 * name) made safe for where it is shown. A report file can hold any string
 * JSON can spell, and a run carries what the system said (an error message
 * naming a file, a device model), so every writer passes its text through
 * one of these, never through ad hoc checks of its own. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* For a terminal: a copy of @text (NULL: "") that is valid UTF-8 (invalid
 * bytes become U+FFFD) in which no character a terminal acts on is left:
 * every C0 control, DEL and every C1 control is shown as "\xHH" (C0, DEL) or
 * "\uHHHH" (C1), and so are the bidirectional overrides and isolates
 * (U+202A-U+202E, U+2066-U+2069) that reorder what is shown. With
 * @keep_newlines, "\n" stays a line break (a whole message or paragraph);
 * without it, it is shown as "\x0a" too (one table cell, one line). */
char     *ib_text_for_terminal (const char *text,
                                gboolean    keep_newlines);

/* For a document (SVG, PDF, HTML, Markdown): a copy of @text (NULL: "")
 * that is valid UTF-8 with every character XML 1.0 does not allow, even as
 * a character reference, replaced by U+FFFD: the C0 controls other than
 * TAB, LF and CR. DEL, the C1 controls and the noncharacters (U+FDD0-U+FDEF
 * and U+nFFFE, U+nFFFF in every plane, which cairo's PDF text refuses) are
 * replaced as well. */
char     *ib_text_for_document (const char *text);

/* TRUE when a spreadsheet would read @text, as a cell, as a formula: it
 * starts with '=', '+', '-', '@', TAB or CR (OWASP's "CSV injection"
 * rule). The CSV writer then prefixes it with a single quote. */
gboolean  ib_text_csv_is_formula (const char *text);

G_END_DECLS
