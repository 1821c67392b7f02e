/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-compare.h: two reports side by side (`iobench-cli compare A.json
 * B.json`, the comparison page and its exports): the read strategies, the dispatch
 * overhead, write + delete and every sweep point the two share, each row
 * with the ratio B / A of times, its interval and one verdict. */
#pragma once

#include <glib.h>

#include "engine/model/ib-types.h"
#include "ib-compare-rows.h"
#include "ib-verdict.h"

G_BEGIN_DECLS

/* "Whole-file reads", "Dispatch overhead", "Write + delete", "Sweep"
 * (translated). */
const char *ib_compare_section_title (IbCompareSection section);
/* "reads", "overhead", "write-unlink", "sweep": HTML anchors, test names. */
const char *ib_compare_section_id  (IbCompareSection section);
/* Whether either report has results for @section. */
gboolean    ib_compare_section_in_either (const IbReport   *a,
                                          const IbReport   *b,
                                          IbCompareSection  section);
/* Whether both reports have results for @section (sweeps that vary the
 * same thing): what the comparison chart can draw. */
gboolean    ib_compare_section_in_both (const IbReport   *a,
                                        const IbReport   *b,
                                        IbCompareSection  section);
/* Why @section has no rows, said with the two names (translated): "Only
 * Quick, 1 Dec 2026, 02:54 has write + delete results", "Neither run has
 * ...", "The sweeps vary different things (...)"; NULL when it has rows. */
char       *ib_compare_section_missing (const IbReport   *a,
                                        const char       *name_a,
                                        const IbReport   *b,
                                        const char       *name_b,
                                        IbCompareSection  section);

/* A report as users call it: its preset and date, "Quick, 1 Dec 2026,
 * 02:54" ("Custom plan, ..." without a preset). */
char       *ib_compare_side_name   (const IbReport *report);
/* A run as the comparison chart's legend names it: preset, date, host and,
 * for the parts that read files (READS, SWEEP), the cache it read from:
 * "Quick · 1 Dec 2026, 02:54 · bench · cold cache". */
char       *ib_compare_side_legend (const IbReport   *report,
                                    IbCompareSection  section);
/* Both names; when they read the same, " (A)" and " (B)" are added so the
 * sentences still say which is which. */
void        ib_compare_side_names  (const IbReport *a,
                                    const IbReport *b,
                                    char          **name_a,
                                    char          **name_b);

/* The verdict of @row as one sentence that states the direction once:
 * "NAME_B is 1.5x slower than NAME_A (96.83 % interval 1.40-1.62)",
 * "NAME_A and NAME_B cannot be told apart (ratio 1.02, 96.83 % interval
 * 0.97-1.08)", "too few samples to tell (n = 2; at least 5 needed)". */
char       *ib_compare_row_sentence (const IbCompareRow *row,
                                     const char         *name_a,
                                     const char         *name_b);
/* ib_compare_row_sentence with "A" and "B". */
char       *ib_compare_row_text    (const IbCompareRow *row);

/* One line of the header that says what differs between two runs. */
typedef struct
{
  const char *what;          /* "Preset", "Cache", "File system", ... (translated, static) */
  char       *a;             /* as said for A; "—" when unknown */
  char       *b;
  gboolean    differs;
} IbCompareFact;

/* What the two runs were and where they ran, one fact a line: preset, date,
 * files, cache, strategies' settings, host, CPU, memory, OS, kernel, file
 * system, device, folder, version. */
GArray     *ib_compare_facts       (const IbReport *a,
                                    const IbReport *b);

G_END_DECLS
