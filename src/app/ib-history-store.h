/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-history-store.h: the history folder's files, without any widget.
 *
 * Scanning never fails on one bad entry: a truncated, corrupt, unreadable,
 * oversized or odd entry is listed with the reason it cannot be shown.
 * Saving is atomic and durable and never replaces an entry, even when two
 * instances save at the same second. */
#pragma once

#include <gio/gio.h>

#include "engine/model/ib-types.h"

G_BEGIN_DECLS

/* A saved report larger than this is not read (a report of the largest
 * plan is a few MiB). */
#define IB_HISTORY_MAX_BYTES (64 * 1024 * 1024)

typedef struct
{
  char     *path;
  char     *name;      /* the file name, for display */
  IbReport *report;    /* NULL when damaged */
  IbAnalysis *analysis; /* the report's, NULL when damaged */
  char     *problem;   /* why it cannot be shown; NULL when report is set */
  gint64    time;      /* unix seconds: the run's, else the file's */
} IbHistoryEntry;

void       ib_history_entry_free (IbHistoryEntry *entry);

/* Every *.json entry of @dir, newest first; a missing folder is empty.
 * Only cancellation returns NULL (with @error set). */
GPtrArray *ib_history_scan       (const char      *dir,
                                  GCancellable    *cancellable,
                                  GError         **error);

/* Saves the report of @analysis in @dir as STEM.json (STEM-N.json when taken): written to
 * a hidden temporary file, fsynced, linked to a name nobody has, the folder
 * fsynced. Returns the path, or NULL with @error (nothing left behind). */
char      *ib_history_save_to    (const char        *dir,
                                  const char        *stem,
                                  const IbAnalysis  *analysis,
                                  GError           **error);

G_END_DECLS
