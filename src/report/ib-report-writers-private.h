/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-report-writers-private.h: what the single-run HTML and Markdown reports
 * share with the comparison report (ib-compare-writers.c), so both look
 * alike. */
#pragma once

#include <glib.h>

#include "analysis/ib-tables.h"

G_BEGIN_DECLS

/* Appends @text to @out escaped for HTML (invalid UTF-8 made valid first);
 * nothing for NULL. */
void        ib_report_html_escape         (GString    *out,
                                           const char *text);
/* The page's style sheet (light and dark, print, narrow screens). */
const char *ib_report_html_css            (void);
/* @svg with every id and reference to one prefixed by @prefix, so several
 * inline SVGs can share a page. */
char       *ib_report_html_prefix_svg_ids (const char *svg,
                                           const char *prefix);
/* The lang attribute of the page: the translation's language code. */
char       *ib_report_html_lang           (void);

/* Appends @raw to @out escaped for Markdown (no raw HTML gets through);
 * newlines become spaces in a table cell. */
void        ib_report_md_escape           (GString    *out,
                                           const char *raw,
                                           gboolean    in_table);

/* Appends one Markdown table row of @n cells, each escaped: "| a | b |". */
void        ib_report_md_row              (GString            *out,
                                           const char * const *cells,
                                           guint               n);

/* Appends @table as an HTML table (headers as column headers, the ids as
 * tooltips, the note under it); with @with_heading inside a <section> with
 * the title as its heading. */
void        ib_report_html_table          (GString       *out,
                                           const IbTable *table,
                                           gboolean       with_heading);
/* Appends @table as a Markdown table, its note under it; with
 * @with_heading under a "## TITLE" heading. */
void        ib_report_md_table            (GString       *out,
                                           const IbTable *table,
                                           gboolean       with_heading);

/* Appends the page's footer ("Made with I/O Bench 1.0.") and closes the
 * <main>, <body> and <html> elements. */
void        ib_report_html_end            (GString    *out);

/* The Markdown writers' chart folder: made when missing (*@made says so),
 * and undone after a failure (the charts written, the folder if made). */
gboolean    ib_report_markdown_make_dir   (const char  *dir,
                                           gboolean    *made,
                                           GError     **error);
void        ib_report_markdown_undo       (GPtrArray   *written,
                                           const char  *dir,
                                           gboolean     made_dir);

G_END_DECLS
