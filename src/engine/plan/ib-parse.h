/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-parse.h: parsing and validating user input, shared by the CLI and the GUI
 * so both reject the same things with the same words. Every error is
 * IB_ERROR_INVALID with a message naming the field, the bad value and the
 * accepted range. The parsers take @field NULL for a message without the
 * field's name (the GUI shows it beside the field). */
#pragma once

#include <glib.h>

#include "engine/model/ib-types.h"

G_BEGIN_DECLS

/* Limits (inclusive). */
#define IB_MAX_FILES        100000
#define IB_MAX_FILE_SIZE    (G_GUINT64_CONSTANT (64) << 30)  /* 64 GiB */
#define IB_MAX_REPEAT       1000
#define IB_MAX_WARMUP       100
#define IB_MAX_CHUNK        (G_GUINT64_CONSTANT (1) << 30)   /* 1 GiB */
#define IB_MAX_WORKERS      256
#define IB_MAX_IN_FLIGHT    100000
#define IB_MAX_QUEUE_DEPTH  1024
#define IB_MAX_PAUSE_MS     600000
#define IB_MAX_BUDGET_S     86400   /* a day */
#define IB_MIN_MARGIN_PCT   1       /* equivalence margin, +/- per cent */
#define IB_MAX_MARGIN_PCT   50
#define IB_MAX_ITERATIONS   G_GUINT64_CONSTANT (100000000)
#define IB_MAX_REQUESTS     1000000

/* "4096", "640K", "6.4M", "1G", "512MiB" (K/M/G = KiB/MiB/GiB). */
gboolean ib_parse_size       (const char  *field,
                              const char  *text,
                              guint64      min,
                              guint64      max,
                              guint64     *out,
                              GError     **error);
/* "512M,1G,256M,512M" */
GArray  *ib_parse_size_list  (const char  *field,
                              const char  *text,
                              guint64      min,
                              guint64      max,
                              GError     **error);
gboolean ib_parse_uint       (const char  *field,
                              const char  *text,
                              guint64      min,
                              guint64      max,
                              guint64     *out,
                              GError     **error);
/* "on" or "off" (any case, surrounding space ignored). */
gboolean ib_parse_on_off     (const char  *field,
                              const char  *text,
                              gboolean    *out,
                              GError     **error);
/* "a,b,c" of known strategy ids; unknown ids are named in the error. */
GPtrArray *ib_parse_strategy_list (const char *field,
                                   const char *text,
                                   GError    **error);

/* Whole-plan check (ranges, known strategies, at least one workload). */
gboolean ib_plan_validate    (const IbPlan *plan,
                              GError      **error);

/* Whether the plan's test files fit in @free_bytes with the 5 % margin the
 * runner keeps; IB_ERROR_NO_SPACE naming both sizes otherwise. */
gboolean ib_plan_check_space (const IbPlan *plan,
                              guint64       free_bytes,
                              GError      **error);


G_END_DECLS
