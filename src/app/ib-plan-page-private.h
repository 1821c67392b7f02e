/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-plan-page-private.h: the plan page's instance, shared by the files the
 * page is split over (as GNOME Text Editor splits EditorPage):
 *   ib-plan-page.c             GObject, building and checking the plan, presets
 *   ib-plan-page-fields.c      entry fields, their errors, plan <-> fields
 *   ib-plan-page-strategies.c  the strategy check list
 *   ib-plan-page-location.c    the folder, its free space and file system
 *   ib-plan-page-parts.c       the parts of the run (reads, sweep, overhead,
 *                              write + delete), their time and disk use
 *   ib-plan-page-settings.c    loading and saving the last plan
 *   ib-plan-page-map.c         the size x count map's part, its cost and refusal
 *   ib-plan-page-busy.c        the notice of a busy machine */
#pragma once

#include "engine/os/ib-busy.h"
#include "ib-plan-page.h"

G_BEGIN_DECLS

/* What the files the page is split over need of ib-plan-page.c, which
 * sets it at init: they call it through these, never by name, so that the
 * calls go one way, from ib-plan-page.c down to them. */
typedef struct
{
  void (*field_changed) (IbPlanPage *self); /* a field edited: custom, checked */
  void (*validate)      (IbPlanPage *self); /* checks the plan, updates Run */
  void (*space_checked) (IbPlanPage *self); /* emits ::space-checked */
} IbPlanPageCalls;

struct _IbPlanPage
{
  AdwBin           parent_instance;
  const IbPlanPageCalls *calls;

  /* template */
  AdwPreferencesGroup *experiment_group;
  AdwPreferencesGroup *parts_group;
  AdwPreferencesGroup *files_group;
  AdwPreferencesGroup *sync_group;
  AdwPreferencesGroup *async_group;
  AdwPreferencesGroup *thread_group;
  AdwPreferencesGroup *uring_group;
  AdwComboRow     *preset_row;
  AdwPreferencesRow *plan_error_row;
  GtkLabel        *plan_error_label;
  AdwActionRow    *folder_row;
  AdwActionRow    *space_row;
  AdwActionRow    *fs_warning_row;
  AdwComboRow     *files_mode_row;
  AdwEntryRow     *count_row;
  AdwPreferencesRow *count_error_row;
  GtkLabel        *count_error_label;
  AdwEntryRow     *size_row;
  AdwPreferencesRow *size_error_row;
  GtkLabel        *size_error_label;
  AdwEntryRow     *list_row;
  AdwPreferencesRow *list_error_row;
  GtkLabel        *list_error_label;
  AdwComboRow     *content_row;
  AdwPreferencesGroup *strategies_group;
  GtkLabel        *strategies_error_label;
  GtkListBox      *sync_list;
  GtkListBox      *async_list;
  GtkListBox      *thread_list;
  GtkListBox      *uring_list;
  GtkSpinButton   *repeat_spin;
  GtkSpinButton   *warmup_spin;
  AdwComboRow     *cache_row;
  GtkSpinButton   *pause_spin;
  AdwEntryRow     *seed_row;
  AdwPreferencesRow *seed_error_row;
  GtkLabel        *seed_error_label;

  /* parts (ib-plan-page-parts.c) */
  AdwActionRow    *reads_row;
  GtkSwitch       *reads_switch;
  AdwActionRow    *disk_row;
  AdwActionRow    *time_row;
  GtkSpinButton   *budget_spin;     /* the plan's time budget, s */
  AdwExpanderRow  *sweep_row;
  AdwComboRow     *sweep_vary_row;
  AdwEntryRow     *sweep_values_row;
  AdwEntryRow     *sweep_strategies_row;
  AdwEntryRow     *sweep_base_row;
  AdwExpanderRow  *overhead_row;
  AdwEntryRow     *overhead_iterations_row;
  AdwEntryRow     *overhead_repeat_row;
  AdwExpanderRow  *wu_row;
  AdwEntryRow     *wu_requests_row;
  AdwEntryRow     *wu_concurrency_row;
  AdwEntryRow     *wu_bytes_row;

  /* the size x count map (ib-plan-page-map.c) */
  AdwExpanderRow  *map_row;
  AdwEntryRow     *map_sizes_row;
  AdwEntryRow     *map_counts_row;
  AdwEntryRow     *map_budget_row;
  AdwActionRow    *map_cost_row;

  /* a busy machine (ib-plan-page-busy.c) */
  AdwActionRow    *busy_row;
  IbCpuSnapshot    busy_before;     /* the CPU counters at the last reading */
  guint            busy_tick_id;

  /* state */
  GSettings       *settings;
  GHashTable      *checks;          /* strategy id -> GtkCheckButton */
  GPtrArray       *check_ids;       /* interned ids of the rows, in display order */
  IbPlan          *base;            /* plan of the preset the fields started from */
  char            *base_id;
  char            *dir;
  char            *error;
  char            *field_errors[IB_N_PLAN_FIELDS];
  gboolean         touched[IB_N_PLAN_FIELDS];   /* typed in since the plan was applied */
  guint64          free_bytes;
  gboolean         free_known;                  /* free_bytes is for self->dir */
  char            *dir_problem;                 /* why self->dir cannot be used, or NULL */
  gboolean         dir_in_memory;               /* self->dir is on tmpfs, as last checked */
  char            *missing_dir;                 /* the saved folder, gone at start, or NULL */
  GtkScrolledWindow *scroller;                  /* the page's own, for keeping the focus in view */
  GtkAdjustment   *vadjustment;
  guint            keep_in_view_id;
  char            *checked_dir;
  GCancellable    *mount_cancellable;
  guint            n_presets;
  guint            applying;
  gboolean         valid;
};


/* ib-plan-page.c */
void         _ib_plan_page_validate               (IbPlanPage   *self);
void         _ib_plan_page_field_changed          (IbPlanPage   *self);
void         _ib_plan_page_update_preset_subtitle (IbPlanPage   *self);
void         _ib_plan_page_set_base               (IbPlanPage   *self,
                                                   const char   *id);
void         _ib_plan_page_emit_space_checked     (IbPlanPage   *self);
void         _ib_plan_page_match_base             (IbPlanPage   *self);

/* ib-plan-page-fields.c */
gboolean     _ib_plan_page_is_custom              (IbPlanPage   *self);
gboolean     _ib_plan_page_reads_on               (IbPlanPage   *self);
GtkEditable *_ib_plan_page_field_entry            (IbPlanPage   *self,
                                                   IbPlanField   field);
void         _ib_plan_page_set_field_error        (IbPlanPage   *self,
                                                   IbPlanField   field,
                                                   const char   *message);
char        *_ib_plan_page_field_title            (IbPlanPage   *self,
                                                   IbPlanField   field);
const char  *_ib_plan_page_entry_text             (AdwEntryRow  *row);
const char  *_ib_plan_page_entry_title            (AdwEntryRow  *row);
/* Shows whether @row's text parsed (@ok): the error style when not;
 * returns @ok. */
gboolean     _ib_plan_page_mark_row               (AdwEntryRow  *row,
                                                   gboolean      ok);
/* @row's text as a number in [@min, @max] into @out / as a list of sizes
 * or counts in [@min, @max] (NULL on error), the row marked either way. */
gboolean     _ib_plan_page_parse_uint             (AdwEntryRow  *row,
                                                   guint64       min,
                                                   guint64       max,
                                                   guint64      *out,
                                                   GError      **error);
GArray      *_ib_plan_page_parse_list             (AdwEntryRow  *row,
                                                   guint64       min,
                                                   guint64       max,
                                                   GError      **error);
gboolean     _ib_plan_page_read_fields            (IbPlanPage   *self,
                                                   IbPlan       *plan);
void         _ib_plan_page_apply_plan_fields      (IbPlanPage   *self,
                                                   const IbPlan *plan);
void         _ib_plan_page_update_files_mode      (IbPlanPage   *self);
void         _ib_plan_page_update_cache_subtitle  (IbPlanPage   *self);
void         _ib_plan_page_watch_focus_in_view    (IbPlanPage   *self);
/* The content the content row shows, and showing @kind; the same for the
 * cache row and @mode (the rows' order is the .ui's, not the enums'). */
IbContentKind _ib_plan_page_get_content           (IbPlanPage   *self);
void         _ib_plan_page_set_content            (IbPlanPage   *self,
                                                   IbContentKind kind);
IbCacheMode  _ib_plan_page_get_cache              (IbPlanPage   *self);
void         _ib_plan_page_set_cache              (IbPlanPage   *self,
                                                   IbCacheMode   mode);
void         _ib_plan_page_set_wrapping_popup     (AdwComboRow  *row);

/* ib-plan-page-strategies.c */
void         _ib_plan_page_build_strategy_rows    (IbPlanPage   *self);
void         _ib_plan_page_on_select_all          (IbPlanPage   *self);
void         _ib_plan_page_on_select_none         (IbPlanPage   *self);

/* ib-plan-page-parts.c */
void         _ib_plan_page_build_parts            (IbPlanPage   *self);
void         _ib_plan_page_apply_parts            (IbPlanPage   *self,
                                                   const IbPlan *plan);
gboolean     _ib_plan_page_read_parts             (IbPlanPage   *self,
                                                   IbPlan       *plan,
                                                   GError      **error);
void         _ib_plan_page_update_parts           (IbPlanPage   *self,
                                                   const IbPlan *plan);
void         _ib_plan_page_save_parts             (IbPlanPage   *self,
                                                   GSettings    *settings);
void         _ib_plan_page_load_parts             (IbPlanPage   *self,
                                                   GSettings    *settings);

/* ib-plan-page-map.c */
void         _ib_plan_page_build_map              (IbPlanPage   *self);
void         _ib_plan_page_apply_map              (IbPlanPage   *self,
                                                   const IbPlan *plan);
gboolean     _ib_plan_page_read_map               (IbPlanPage   *self,
                                                   IbPlan       *plan,
                                                   GError      **error);
/* The engine's refusal of @plan's map (shown under the map), or its cost. */
gboolean     _ib_plan_page_check_map              (IbPlanPage   *self,
                                                   const IbPlan *plan,
                                                   GError      **error);
void         _ib_plan_page_update_map             (IbPlanPage   *self,
                                                   const IbPlan *plan);
guint64      _ib_plan_page_map_disk               (const IbPlan *plan);
gboolean     _ib_plan_page_same_map               (const IbMapSpec *a,
                                                   const IbMapSpec *b);
void         _ib_plan_page_save_map               (IbPlanPage   *self,
                                                   GSettings    *settings);
void         _ib_plan_page_load_map               (IbPlanPage   *self,
                                                   GSettings    *settings);

/* ib-plan-page-busy.c */
void         _ib_plan_page_build_busy             (IbPlanPage   *self);
void         _ib_plan_page_stop_busy              (IbPlanPage   *self);

/* ib-plan-page-location.c */
void         _ib_plan_page_update_location        (IbPlanPage   *self);
void         _ib_plan_page_on_folder_clicked      (IbPlanPage   *self);

G_END_DECLS
