/* SPDX-License-Identifier: GPL-3.0-or-later */
/* report-fixture.h: reports built in code for the report suite. */
#pragma once

#include "engine/model/ib-types.h"

G_BEGIN_DECLS

/* Strategies of the fixture, with the tricky third one. */
#define FX_SYNC   "sync-read-all"
#define FX_ASYNC  "async-load-contents-serial"
#define FX_WEIRD  "weird,\"id\"\nwith <b>&amp;</b>"

/* A report with every section filled: plan (sweep, overhead and write-unlink
 * specs too), environment, samples (warm-ups, a failed one with an error
 * holding a comma, a quote and a newline, residency unknown and fractional),
 * statistics computed from the samples, overhead, write-unlink, sweep with a
 * crossover and warnings. @async_ms is the centre of the async
 * strategy's wall times, the sync one is centred on 10 ms with +-0.5 ms of
 * jitter: pass 40 for clearly separated data, 10 for overlapping data. The
 * sync strategy stalls the main loop for its whole read, the async one for
 * 0.3 ms, the third has no responsiveness data. */
IbReport *fx_report_new (double async_ms);
/* The findings of @report with its own answer (ib_findings_compute): the
 * shells take them from an IbAnalysis, tests of one finding from here. */
GArray   *fx_findings (const IbReport *report);
/* A report of @n_ids strategies @ids, strategy k @factors[k] times a base
 * time near 100 ms, @n samples each (at most 7), in rounds, every sample
 * valid with the cache held; statistics computed. */
IbReport *fx_factors_report (const char *const *ids,
                             const double      *factors,
                             guint              n_ids,
                             guint              n);

/* fx_report_new (40) with @text as the third strategy's name (in the plan,
 * its samples and statistics), the failed sample's error, the host name,
 * the run's error and one more warning: a report whose every kind of free
 * text is hostile (controls, a formula, U+FFFE). */
IbReport *fx_hostile_report (const char *text);

G_END_DECLS
