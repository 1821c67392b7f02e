/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-warning.h: a warning of a run as data: a stable key and its values,
 * never a sentence. The engine says what went wrong (the key, the numbers,
 * the strategy ids, the system's error text); the analysis words it in the
 * reader's language when it is shown (analysis/ib-warning-text.h), so a
 * report made in English reads in Spanish when opened in Spanish.
 *
 * A report saves each warning as {"key": KEY, "values": [...]}; reports
 * from before keys saved sentences, which load as a warning with no key
 * and the sentence as its one value, shown as stored. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The keys, saved in reports: never rename one. After each, its values in
 * order (u: a number, f: a decimal number, s: a string). */
#define IB_WARN_WARM_ERROR        "warm-error"            /* s: the error */
#define IB_WARN_SURVEY_SHORT      "survey-short"          /* u rounds measured, u planned,
                                                           * u budget (s) */
#define IB_WARN_SURVEY_CUT        "survey-cut"            /* u round, u planned, u budget (s) */
#define IB_WARN_SAMPLE_FAILED     "sample-failed"         /* s strategy id, u round, s error */
#define IB_WARN_CACHE_BAD         "cache-bad"             /* u samples, s cache mode id */
#define IB_WARN_IN_FLIGHT_CAPPED  "in-flight-capped"      /* u open at once, u asked, u limit */
#define IB_WARN_REAPED            "reaped"                /* u folders */
#define IB_WARN_COLD_IMPOSSIBLE   "cold-impossible"       /* none */
#define IB_WARN_COLD_TMPFS        "cold-impossible-tmpfs" /* s folder */
#define IB_WARN_RESIDENCY_UNKNOWN "residency-unknown"     /* none */
#define IB_WARN_WARM_FAILED       "warm-failed"           /* f per cent cached */
#define IB_WARN_COLD_FAILED       "cold-failed"           /* f per cent still cached */
#define IB_WARN_SWEEP_CAPPED      "sweep-capped"          /* u open at once, u asked */
#define IB_WARN_WU_CAPPED         "write-unlink-capped"   /* u in flight, u asked */
#define IB_WARN_WU_FDS            "write-unlink-fds"      /* s mode id, u in flight when the
                                                           * descriptors ran out, u from then on */
#define IB_WARN_WU_FAILED         "write-unlink-failed"   /* s mode id, u failed, u requests,
                                                           * u runs, s first error */

typedef struct
{
  char  *key;     /* IB_WARN_*; NULL: an older report's sentence, values[0] */
  char **values;  /* NULL-terminated, never NULL; numbers in the C locale */
} IbWarning;

/* @types says what follows, one character a value: 'u' a guint, 'f' a
 * double, 's' a string (NULL is saved as ""). */
IbWarning   *ib_warning_new        (const char      *key,
                                    const char      *types,
                                    ...);
/* Copies @values (may be NULL: none). */
IbWarning   *ib_warning_new_strv   (const char      *key,
                                    const char *const *values);
/* An older report's warning: a sentence, shown as stored. */
IbWarning   *ib_warning_new_text   (const char      *sentence);
IbWarning   *ib_warning_copy       (const IbWarning *warning);
void         ib_warning_free       (IbWarning       *warning);
gboolean     ib_warning_equal      (const IbWarning *a,
                                    const IbWarning *b);
/* The key and the values in one string, for telling warnings apart. */
char        *ib_warning_identity   (const IbWarning *warning);

guint        ib_warning_n_values   (const IbWarning *warning);
/* Value @i, "" when there is none. */
const char  *ib_warning_string     (const IbWarning *warning,
                                    guint            i);
/* Value @i as a number, 0 when there is none or it is not one. */
guint        ib_warning_uint       (const IbWarning *warning,
                                    guint            i);
double       ib_warning_double     (const IbWarning *warning,
                                    guint            i);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (IbWarning, ib_warning_free)

G_END_DECLS
