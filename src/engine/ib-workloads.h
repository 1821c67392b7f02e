/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-workloads.h: the workloads of seeds 000 and 001 (DESIGN.md section 5).
 *
 * They are called by the runner on its worker thread, with the worker's
 * GMainContext as thread-default. @progress is called on that thread too
 * (the runner turns it into events). */
#pragma once

#include <gio/gio.h>

#include "ib-types.h"

G_BEGIN_DECLS

typedef void (*IbWorkProgress) (double      fraction,
                                const char *message,
                                gpointer    user_data);

/* Dispatch overhead: appends one IbOverheadRow per kind to report->overhead
 * (ns/op median over @repeat repetitions after @warmup, CI, ratio to direct). */
gboolean ib_overhead_run     (const IbOverheadSpec    *spec,
                              guint                    repeat,
                              guint                    warmup,
                              guint64                  seed,
                              IbReport                *report,
                              GCancellable            *cancellable,
                              IbWorkProgress           progress,
                              gpointer                 progress_data,
                              GError                 **error);

/* Write + delete under concurrency in @work_dir (a folder the runner made):
 * sets report->write_unlink. Files it makes are named in @work_dir's marker
 * before they are written, and all are deleted, also on error/cancel. */
gboolean ib_write_unlink_run (const IbWriteUnlinkSpec *spec,
                              const char              *work_dir,
                              guint64                  seed,
                              IbReport                *report,
                              GCancellable            *cancellable,
                              IbWorkProgress           progress,
                              gpointer                 progress_data,
                              GError                 **error);

G_END_DECLS
