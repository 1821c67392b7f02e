/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-busy-text.c: a busy machine in words (see ib-busy-text.h). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>

#include "ib-busy-text.h"

char *
ib_busy_sentence (const IbBusy *busy)
{
  g_return_val_if_fail (busy != NULL, NULL);

  if (busy->level != IB_BUSY_BUSY)
    return NULL;
  if (busy->load >= 0)
    /* Translators: said before a run; %.1f is the load average, %u the
     * CPUs, "Other work is using the CPUs (load 3.4 on 2 cores): ..." */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "Other work is using the CPUs (load %.1f on %u core): "
                                         "threads get more of a busy CPU, so parallel strategies "
                                         "will look faster than they are on a quiet machine.",
                                         "Other work is using the CPUs (load %.1f on %u cores): "
                                         "threads get more of a busy CPU, so parallel strategies "
                                         "will look faster than they are on a quiet machine.",
                                         busy->n_cores),
                            busy->load, busy->n_cores);
  /* Translators: said before a run; %.1f is how many CPUs' worth of work
   * other programs did, %u the CPUs: "Other work is using the CPUs (about
   * 1.5 of 2 cores): ..." */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "Other work is using the CPUs (about %.1f of %u core): "
                                       "threads get more of a busy CPU, so parallel strategies "
                                       "will look faster than they are on a quiet machine.",
                                       "Other work is using the CPUs (about %.1f of %u cores): "
                                       "threads get more of a busy CPU, so parallel strategies "
                                       "will look faster than they are on a quiet machine.",
                                       busy->n_cores),
                          busy->others_cores, busy->n_cores);
}
