/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-findings-private.h: what the findings' files share inside the analysis
 * layer (ib-findings.c and ib-findings-experiments.c). */
#pragma once

#include "engine/run/ib-sweep.h"
#include "engine/model/ib-types.h"

G_BEGIN_DECLS

/* The fastest strategy at @value, or NULL when the verdict against the
 * runner-up is not clear. */
const char *_ib_findings_sweep_winner (const IbSweep *sweep,
                                       guint64        value);
/* The sweep's smallest and largest values. */
void        _ib_findings_sweep_range  (const IbSweep *sweep,
                                       guint64       *lo,
                                       guint64       *hi);

/* Add their findings of @report to @findings. */
void        _ib_findings_overhead     (const IbReport *report,
                                       GArray         *findings);
void        _ib_findings_write_unlink (const IbReport *report,
                                       GArray         *findings);
/* Warm-up, empty tasks and experiments 000 and 002. */
void        _ib_findings_experiments  (const IbReport *report,
                                       GArray         *findings);

G_END_DECLS
