/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-plan-page.h: the plan editor. Every field is validated as typed with the
 * engine's parser (ib-parse.h), so the GUI and the CLI reject the same input
 * with the same words. */
#pragma once

#include <adwaita.h>

#include "engine/model/ib-types.h"
#include "engine/os/ib-busy.h"

G_BEGIN_DECLS

#define IB_TYPE_PLAN_PAGE (ib_plan_page_get_type ())
G_DECLARE_FINAL_TYPE (IbPlanPage, ib_plan_page, IB, PLAN_PAGE, AdwBin)

/* Fields with a text entry (also used by the tests). */
typedef enum
{
  IB_PLAN_FIELD_COUNT,
  IB_PLAN_FIELD_SIZE,
  IB_PLAN_FIELD_LIST,
  IB_PLAN_FIELD_SEED,
  IB_N_PLAN_FIELDS
} IbPlanField;

/* Loads the last plan from @settings (may be NULL) and remembers it. */
void        ib_plan_page_set_settings   (IbPlanPage         *self,
                                         GSettings          *settings);
void        ib_plan_page_save_settings  (IbPlanPage         *self);
gboolean    ib_plan_page_get_valid      (IbPlanPage         *self);
/* The first problem of the plan, or NULL when it is valid. */
const char *ib_plan_page_get_error      (IbPlanPage         *self);
/* A new plan from the fields, or NULL with the reason. */
IbPlan     *ib_plan_page_build_plan     (IbPlanPage         *self,
                                         GError            **error);
void        ib_plan_page_select_preset  (IbPlanPage         *self,
                                         const char         *id);
void        ib_plan_page_set_dir        (IbPlanPage         *self,
                                         const char         *dir);
void        ib_plan_page_set_field_text (IbPlanPage         *self,
                                         IbPlanField         field,
                                         const char         *text);
/* The reason shown beside @field, or NULL when it is valid. */
const char *ib_plan_page_get_field_error (IbPlanPage        *self,
                                          IbPlanField        field);
void        ib_plan_page_set_list_mode  (IbPlanPage         *self,
                                         gboolean            list_mode);
void        ib_plan_page_set_strategies (IbPlanPage         *self,
                                         const char * const *ids);
void        ib_plan_page_set_rounds     (IbPlanPage         *self,
                                         guint               repeat,
                                         guint               warmup);
/* Reads the folder's free space again (off the main thread); the plan is
 * checked against it and "space-checked" is emitted when it is known. */
void        ib_plan_page_refresh_space  (IbPlanPage         *self);
gboolean    ib_plan_page_get_space_known (IbPlanPage        *self);
/* The file-system warning shown under the folder (tmpfs, FUSE), or NULL. */
const char *ib_plan_page_get_fs_warning (IbPlanPage         *self);
/* The folder saved from the last session that was gone at start (kept as
 * the folder, so Run is off and says why), or NULL once another is set. */
const char *ib_plan_page_get_missing_dir (IbPlanPage        *self);
/* The default preset's folder for the test files. */
char       *ib_plan_page_dup_default_dir (IbPlanPage        *self);
/* TRUE when the plan is the user's own (edited from its preset, valid or
 * not), not a preset as it comes. */
gboolean    ib_plan_page_get_edited     (IbPlanPage         *self);
/* Opens the folder chooser, as the folder row does. */
void        ib_plan_page_choose_folder  (IbPlanPage         *self);
/* Shows the notice of a busy machine (engine/os/ib-busy.h) under the run's
 * time when @busy says other work is using the CPUs; hides it otherwise
 * (NULL, quiet, unknown). The page does it itself while it is shown. */
void        ib_plan_page_show_busy      (IbPlanPage         *self,
                                         const IbBusy       *busy);
/* The notice shown, or NULL. */
const char *ib_plan_page_get_busy_notice (IbPlanPage        *self);

G_END_DECLS
