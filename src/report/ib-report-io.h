/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-report-io.h: reading and writing reports (DESIGN.md sections 8 and 11).
 *
 * Every writer writes atomically (temporary file + rename): an error leaves no
 * half-written file and never touches an existing file at @path unless the
 * whole new content was written. */
#pragma once

#include <glib.h>

#include "engine/ib-types.h"

G_BEGIN_DECLS

#define IB_REPORT_SCHEMA  "iobench-report"
#define IB_REPORT_VERSION 1

/* JSON (json-glib), schema iobench-report version 1. */
char     *ib_report_to_json       (const IbReport *report,
                                   gsize          *length);
gboolean  ib_report_save_json     (const IbReport *report,
                                   const char     *path,
                                   GError        **error);
/* Validates schema, version, types and ranges; IB_ERROR_FORMAT with a message
 * naming what is wrong (and where) otherwise. */
IbReport *ib_report_from_json     (const char     *data,
                                   gssize          length,
                                   GError        **error);
IbReport *ib_report_load_json     (const char     *path,
                                   GError        **error);

/* CSV: one row per sample, RFC 4180 quoting. */
char     *ib_report_to_csv        (const IbReport *report);
gboolean  ib_report_save_csv      (const IbReport *report,
                                   const char     *path,
                                   GError        **error);
/* Markdown: tables, and PNG charts written beside it (NAME-KIND.png). */
gboolean  ib_report_save_markdown (const IbReport *report,
                                   const char     *path,
                                   GError        **error);
/* HTML: one self-contained file, inline SVG charts (no external URL). */
char     *ib_report_to_html       (const IbReport *report,
                                   GError        **error);
gboolean  ib_report_save_html     (const IbReport *report,
                                   const char     *path,
                                   GError        **error);

G_END_DECLS
