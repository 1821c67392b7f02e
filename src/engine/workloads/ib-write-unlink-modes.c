/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-write-unlink-modes.c: what the driver of write + delete
 * (ib-write-unlink.c) and its servers (ib-write-unlink-serve.c) both use:
 * the modes' ids and titles, and the content of a request's file. Both
 * files import this one and not each other's helpers back, so the two
 * stand one above the other.
 */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>

#include "engine/stats/ib-stats.h"
#include "engine/workloads/ib-workloads.h"
#include "engine/workloads/ib-write-unlink-private.h"

const char * const ib_wu_mode_ids[N_MODES + 1] = {
  "sync-serial", "async-gio", "thread-pool", NULL
};

const char *const *
ib_write_unlink_modes (void)
{
  return ib_wu_mode_ids;
}

const char *
ib_write_unlink_mode_title (const char *mode)
{
  /* Translators: write + delete modes (display names) */
  static const char *const titles[N_MODES] = {
    N_("Sync, one at a time"), N_("Async GIO"), N_("Thread pool"),
  };

  for (guint i = 0; i < N_MODES; i++)
    if (g_strcmp0 (mode, ib_wu_mode_ids[i]) == 0)
      return _(titles[i]);
  return mode != NULL ? mode : "";
}

GBytes *
ib_write_unlink_content (guint64 seed,
                         guint   index,
                         guint   bytes)
{
  static const char letters[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
  guint8 *buf = g_malloc (bytes);
  IbRng rng;
  guint i = 0;

  ib_rng_init (&rng, seed + (guint64) index * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15));
  while (i < bytes)
    {
      guint64 x = ib_rng_next (&rng);

      /* Two letters per draw, each from 32 bits by multiply-shift. */
      buf[i++] = (guint8) letters[((x & 0xffffffff) * 52) >> 32];
      if (i < bytes)
        buf[i++] = (guint8) letters[((x >> 32) * 52) >> 32];
    }
  return g_bytes_new_take (buf, bytes);
}
