/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-presets.h: the three experiments and "quick" (docs/architecture.md,
 * "The experiments and the other workloads"). */
#pragma once

#include "engine/model/ib-types.h"

G_BEGIN_DECLS

#define IB_DEFAULT_PRESET "quick"

typedef struct
{
  const char *id;            /* "quick", "small-files", "dispatch-overhead", "write-delete", "big-files" */
  const char *title;         /* N_() */
  const char *description;   /* N_(): one line, what it reproduces */
  const char *experiment;    /* the write-up it reproduces (its title, README.md), or NULL */
  /* How long it took, in seconds, on the machine the tests run on (2 cores,
   * a VM with a virtio disk): what the plan page states before Run. */
  guint       min_s;
  guint       max_s;
} IbPresetInfo;

const IbPresetInfo *ib_presets       (guint      *n_presets);
/* The preset @id names, also under its old "seed-*" name; NULL for none. */
const IbPresetInfo *ib_preset_lookup (const char *id);
/* A new plan for preset @id with dir = the user cache dir, or NULL with
 * IB_ERROR_INVALID naming the unknown preset and listing the known ones. */
IbPlan             *ib_preset_plan   (const char *id,
                                      GError    **error);
/* g_get_user_cache_dir()/iobench, the default parent of the test folders
 * (ib_preset_plan creates it when missing). */
char               *ib_presets_default_dir (void);

G_END_DECLS
