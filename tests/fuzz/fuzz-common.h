/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-common.h: what the fuzz targets (tests/fuzz/fuzz-*.c) share: the
 * libFuzzer entry points each defines, loading the input as a report, and
 * the checks of what a writer made of it. A failed check prints why and
 * aborts, as libFuzzer and the replay driver (fuzz-replay.c) expect. */
#pragma once

#include <stdint.h>

#include "analysis/ib-analysis.h"
#include "engine/model/ib-types.h"

G_BEGIN_DECLS

int         LLVMFuzzerInitialize   (int            *argc,
                                    char         ***argv);
int         LLVMFuzzerTestOneInput (const uint8_t  *data,
                                    size_t          size);

/* Criticals and warnings abort (a bug as much as a crash). */
void        fuzz_init              (void);
/* The input as a report (ib_report_from_json), or NULL when the loader
 * refused it with one IB_ERROR_FORMAT error naming why (else aborts). */
IbReport   *fuzz_load              (const char     *data,
                                    gsize           size);
/* Aborts unless @text is valid UTF-8 with no character a document cannot
 * hold, raw or as a character reference: C0 but TAB/LF/CR, DEL, C1,
 * U+nFFFE/U+nFFFF. */
void        fuzz_check_document    (const char     *what,
                                    const char     *text);
/* Aborts unless @text is valid UTF-8 with no byte a terminal acts on: C0
 * but LF, DEL, C1, bidi overrides and isolates. */
void        fuzz_check_terminal    (const char     *what,
                                    const char     *text);
/* fuzz_check_document, and @svg parses as XML (GMarkup). */
void        fuzz_check_svg         (const char     *what,
                                    const char     *svg);
/* A folder of this process's own for files a writer makes, emptied by
 * fuzz_clear_tmpdir and removed at exit. */
const char *fuzz_tmpdir            (void);
void        fuzz_clear_tmpdir      (void);

G_END_DECLS
