/* SPDX-License-Identifier: GPL-3.0-or-later */
/* report-texts.h: every text a person reads of a report, handed to a check
 * (test-one-story, test-reading-rules). */
#pragma once

#include "engine/model/ib-types.h"

G_BEGIN_DECLS

/* Looks at @text, which belongs to @where, and appends a line to @bad for
 * each rule it breaks. */
typedef void (*RtCheckText) (const char *where,
                             const char *text,
                             GString    *bad);

/* The answer, each finding, each answer card (its lines as one text), what
 * `iobench-cli report` prints, the Markdown report and the HTML report of
 * @report, as this build analyses and writes them, each through @check. */
void  rt_check_report (const char *where,
                       IbReport   *report,
                       RtCheckText check,
                       GString    *bad);

/* rt_check_report() on every golden report (every .json in tests/report/golden):
 * how many there were. */
guint rt_check_golden (RtCheckText check,
                       GString    *bad);
/* The same on every report of @folder (under tests/) that loads: how many
 * there were ("fuzz/corpus" holds malformed inputs too). */
guint rt_check_folder (const char *folder,
                       RtCheckText check,
                       GString    *bad);

G_END_DECLS
