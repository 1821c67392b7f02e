/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-runner-prepare.h: what a run works out before its first sample
 * (ib-runner.c): its progress in units of work (a unit is roughly one read
 * sample of a preset) and whether its direct reads can open the files. */
#pragma once

#include "engine/io/ib-fileset.h"
#include "engine/model/ib-types.h"

G_BEGIN_DECLS

/* The read experiment's samples, 0 without files or strategies. */
guint    ib_runner_units_reads  (const IbPlan *plan);
/* The whole run: the reads, sweep, overhead, write+delete and map, making
 * and warming the files, the decision phase with a budget, the preparation. */
double   ib_runner_units_total  (const IbPlan *plan);

/* --direct: a file system that refuses O_DIRECT (tmpfs before Linux 6.6,
 * ramfs, some FUSE ones) stops the run before the first sample, with one
 * message saying what to do, instead of failing every sample. FALSE with
 * @error when the first of @files cannot be opened with O_DIRECT. */
gboolean ib_runner_check_direct (const IbFileSet *files,
                                 GError         **error);

G_END_DECLS
