/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-plan-page.c: the plan editor.
 *
 * A plan starts from a preset (the base plan). Editing any field turns it into
 * a custom plan that keeps the base preset's other workloads. Fields are
 * validated as typed with ib-parse.h; a bad field gets the "error" style and
 * a line saying why right below it, and the page's "valid" property (which
 * the window binds to the Run action) turns FALSE. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "engine/model/ib-error.h"
#include "engine/plan/ib-parse.h"
#include "engine/plan/ib-presets.h"
#include "ib-plan-page-private.h"
#include "ib-state-property.h"
#include "ib-tab-stop.h"

G_DEFINE_FINAL_TYPE (IbPlanPage, ib_plan_page, ADW_TYPE_BIN)

enum {
  PROP_0,
  PROP_VALID,
  PROP_ERROR,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  SPACE_CHECKED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* ---- the private helpers shared with the other files ---------------- */

void
_ib_plan_page_emit_space_checked (IbPlanPage *self)
{
  g_signal_emit (self, signals[SPACE_CHECKED], 0);
}

/* ---- building the plan ------------------------------------------------ */

IbPlan *
ib_plan_page_build_plan (IbPlanPage  *self,
                         GError     **error)
{
  g_autoptr(IbPlan) plan = NULL;

  g_return_val_if_fail (IB_IS_PLAN_PAGE (self), NULL);

  plan = self->base != NULL ? ib_plan_copy (self->base) : ib_plan_new ();
  g_free (plan->dir);
  plan->dir = g_strdup (self->dir);

  if (_ib_plan_page_is_custom (self))
    {
      g_clear_pointer (&plan->preset, g_free);
      if (!_ib_plan_page_read_fields (self, plan))
        {
          g_set_error_literal (error, IB_ERROR, IB_ERROR_INVALID,
                               _("Some fields are not valid: see the messages beside them."));
          return NULL;
        }
      if (!_ib_plan_page_read_parts (self, plan, error))
        return NULL;
    }

  if (!ib_plan_validate (plan, error) || !_ib_plan_page_check_map (self, plan, error))
    return NULL;
  return g_steal_pointer (&plan);
}

/* ---- validation ------------------------------------------------------- */

/* A cold cache in a folder in memory (tmpfs) can never be had: the reads
 * would all be left out as warm. Refused before Run, in the window's words,
 * with the Cache row marked. */
static gboolean
check_cold_in_memory (IbPlanPage   *self,
                      const IbPlan *plan,
                      GError      **error)
{
  gboolean reads = plan->file_sizes->len > 0 && plan->strategies->len > 0;
  gboolean refused = self->dir_in_memory && plan->cache == IB_CACHE_COLD &&
                     (reads || plan->sweep != NULL);

  if (refused)
    gtk_widget_add_css_class (GTK_WIDGET (self->cache_row), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->cache_row), "error");
  if (refused)
    g_set_error_literal (error, IB_ERROR, IB_ERROR_INVALID,
                         _("This folder is in memory (tmpfs), so its cache can never be cold: "
                           "set Cache to Warm, or choose a folder on a disk."));
  return !refused;
}

void
_ib_plan_page_validate (IbPlanPage *self)
{
  g_autoptr(IbPlan) plan = NULL;
  g_autoptr(GError) error = NULL;
  gboolean valid;
  gboolean fields_ok = TRUE;

  if (self->applying > 0)
    return;

  plan = ib_plan_page_build_plan (self, &error);
  valid = plan != NULL;
  /* Each part's row says what Run would do (the preset's while invalid). */
  _ib_plan_page_update_parts (self, plan != NULL ? plan : self->base);
  /* A folder known to be missing, not a folder or read-only:
   * refused before Run, not after. */
  if (valid && self->dir_problem != NULL)
    {
      valid = FALSE;
      g_set_error_literal (&error, IB_ERROR, IB_ERROR_INVALID, self->dir_problem);
    }
  if (valid && self->free_known)
    valid = ib_plan_check_space (plan, self->free_bytes, &error);
  if (valid)
    valid = check_cold_in_memory (self, plan, &error);
  if (g_error_matches (error, IB_ERROR, IB_ERROR_NO_SPACE) || self->dir_problem != NULL)
    gtk_widget_add_css_class (GTK_WIDGET (self->space_row), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->space_row), "error");
  if (!_ib_plan_page_is_custom (self))
    {
      /* A preset's own fields are valid: clear what a custom plan showed. */
      for (guint i = 0; i < IB_N_PLAN_FIELDS; i++)
        _ib_plan_page_set_field_error (self, i, NULL);
      gtk_widget_set_visible (GTK_WIDGET (self->strategies_error_label), FALSE);
    }
  for (guint i = 0; i < IB_N_PLAN_FIELDS; i++)
    if (self->field_errors[i] != NULL)
      fields_ok = FALSE;

  g_free (self->error);
  self->error = valid ? NULL : g_strdup (error->message);
  /* A field error beside a field scrolled out of sight: Run says which. */
  if (!valid && !fields_ok)
    for (guint i = 0; i < IB_N_PLAN_FIELDS; i++)
      if (self->field_errors[i] != NULL)
        {
          g_autofree char *title = _ib_plan_page_field_title (self, i);

          g_free (self->error);
          /* Translators: a field title, then what is wrong with it */
          self->error = g_strdup_printf (_("%s: %s"), title, self->field_errors[i]);
          break;
        }
  /* Field errors are shown beside their field; other problems at the top. */
  gtk_widget_set_visible (GTK_WIDGET (self->plan_error_row),
                          !valid && fields_ok && gtk_widget_get_visible (
                            GTK_WIDGET (self->strategies_error_label)) == FALSE);
  gtk_label_set_text (self->plan_error_label, self->error != NULL ? self->error : "");
  /* the row is named by what it says, not "" */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->plan_error_row),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  self->error != NULL ? self->error : "", -1);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ERROR]);
  if (valid != self->valid)
    {
      self->valid = valid;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VALID]);
    }
}

/* ---- the preset ------------------------------------------------------- */

/* What the preset does, under the group's title (the row's subtitle is the
 * preset's name: the row is too narrow for both side by side). */
void
_ib_plan_page_update_preset_subtitle (IbPlanPage *self)
{
  guint selected = adw_combo_row_get_selected (self->preset_row);
  const IbPresetInfo *presets = ib_presets (NULL);
  const IbPresetInfo *base;
  g_autofree char *text = NULL;

  if (selected < self->n_presets)
    {
      adw_preferences_group_set_description (self->experiment_group,
                                             _(presets[selected].description));
      return;
    }
  base = self->base_id != NULL ? ib_preset_lookup (self->base_id) : NULL;
  if (base != NULL)
    /* Translators: subtitle of a custom plan; %s is a preset title such as "Quick" */
    text = g_strdup_printf (_("Your own plan, edited from “%s”"), _(base->title));
  else
    text = g_strdup (_("Your own plan"));
  adw_preferences_group_set_description (self->experiment_group, text);
}

/* ---- back to the preset ---------------------------------------------- */

static gboolean
same_sizes (const GArray *a,
            const GArray *b)
{
  guint na = a != NULL ? a->len : 0, nb = b != NULL ? b->len : 0;

  if (na != nb)
    return FALSE;
  return na == 0 || memcmp (a->data, b->data, na * sizeof (guint64)) == 0;
}

/* The same strategies, in any order (the check list has its own). */
static gboolean
same_strategies (const GPtrArray *a,
                 const GPtrArray *b)
{
  guint na = a != NULL ? a->len : 0, nb = b != NULL ? b->len : 0;

  if (na != nb)
    return FALSE;
  for (guint i = 0; i < na; i++)
    if (!g_ptr_array_find_with_equal_func ((GPtrArray *) b, g_ptr_array_index (a, i),
                                           g_str_equal, NULL))
      return FALSE;
  return TRUE;
}

static gboolean
same_sweep (const IbSweepSpec *a,
            const IbSweepSpec *b)
{
  if (a == NULL || b == NULL)
    return a == b;
  return a->vary == b->vary && same_sizes (a->values, b->values) &&
         same_strategies (a->strategies, b->strategies) && a->content == b->content &&
         (a->vary == IB_VARY_SIZE ? a->base_count == b->base_count
                                  : a->base_size == b->base_size);
}

/* Whether @a runs what @b runs (the folder aside). */
static gboolean
same_plan (const IbPlan *a,
           const IbPlan *b)
{
  if (!same_sizes (a->file_sizes, b->file_sizes) ||
      !same_strategies (a->strategies, b->strategies) ||
      a->content != b->content || a->repeat != b->repeat || a->warmup != b->warmup ||
      a->cache != b->cache || a->chunk != b->chunk || a->workers != b->workers ||
      a->in_flight != b->in_flight || a->queue_depth != b->queue_depth ||
      a->direct != b->direct || a->buffer != b->buffer || a->verify != b->verify ||
      a->fsync != b->fsync || a->seed_drawn != b->seed_drawn ||
      (!a->seed_drawn && a->seed != b->seed) || a->pause_ms != b->pause_ms ||
      a->responsiveness != b->responsiveness || a->budget_s != b->budget_s ||
      a->margin != b->margin || !same_sweep (a->sweep, b->sweep) ||
      !_ib_plan_page_same_map (a->map, b->map))
    return FALSE;
  if ((a->overhead == NULL) != (b->overhead == NULL) ||
      (a->overhead != NULL &&
       (a->overhead->iterations != b->overhead->iterations ||
        a->overhead->repeat != b->overhead->repeat ||
        a->overhead->warmup != b->overhead->warmup)))
    return FALSE;
  if ((a->write_unlink == NULL) != (b->write_unlink == NULL) ||
      (a->write_unlink != NULL &&
       (a->write_unlink->requests != b->write_unlink->requests ||
        a->write_unlink->concurrency != b->write_unlink->concurrency ||
        a->write_unlink->bytes != b->write_unlink->bytes)))
    return FALSE;
  return TRUE;
}

/* A custom plan whose fields are all back to its preset's values (an edit
 * undone) is that preset again: the preset is shown as chosen. */
void
_ib_plan_page_match_base (IbPlanPage *self)
{
  g_autoptr(IbPlan) plan = NULL;
  const IbPresetInfo *presets = ib_presets (NULL);

  if (!_ib_plan_page_is_custom (self) || self->base == NULL || self->base_id == NULL)
    return;
  plan = ib_plan_copy (self->base);
  if (!_ib_plan_page_read_fields (self, plan) || !_ib_plan_page_read_parts (self, plan, NULL) ||
      !same_plan (plan, self->base))
    return;
  for (guint i = 0; i < self->n_presets; i++)
    if (g_str_equal (presets[i].id, self->base_id))
      {
        self->applying++;
        adw_combo_row_set_selected (self->preset_row, i);
        self->applying--;
        memset (self->touched, 0, sizeof self->touched);
        _ib_plan_page_update_preset_subtitle (self);
        return;
      }
}

/* The user edited a field: the plan is no longer the preset's. */
void
_ib_plan_page_field_changed (IbPlanPage *self)
{
  if (self->applying > 0)
    return;
  if (!_ib_plan_page_is_custom (self))
    {
      self->applying++;
      adw_combo_row_set_selected (self->preset_row, self->n_presets);
      self->applying--;
      _ib_plan_page_update_preset_subtitle (self);
    }
  _ib_plan_page_match_base (self);
  _ib_plan_page_validate (self);
}

static void
on_entry_changed (GtkEditable *entry,
                  IbPlanPage  *self)
{
  if (self->applying > 0)
    return;
  for (guint i = 0; i < IB_N_PLAN_FIELDS; i++)
    if (_ib_plan_page_field_entry (self, i) == entry)
      self->touched[i] = TRUE;
  _ib_plan_page_field_changed (self);
}

void
_ib_plan_page_set_base (IbPlanPage *self,
          const char *id)
{
  g_autoptr(GError) error = NULL;
  IbPlan *plan = ib_preset_plan (id, &error);

  if (plan == NULL)
    {
      g_warning ("Preset %s: %s", id, error->message);
      plan = ib_preset_plan (IB_DEFAULT_PRESET, NULL);
      id = IB_DEFAULT_PRESET;
    }
  g_clear_pointer (&self->base, ib_plan_free);
  self->base = plan;
  g_free (self->base_id);
  self->base_id = g_strdup (id);
  if (self->dir == NULL && plan != NULL)
    self->dir = g_strdup (plan->dir);
}

void
ib_plan_page_select_preset (IbPlanPage *self,
                            const char *id)
{
  const IbPresetInfo *presets;
  guint n;

  g_return_if_fail (IB_IS_PLAN_PAGE (self));

  presets = ib_presets (&n);
  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (presets[i].id, id) == 0)
      {
        /* on_preset_selected applies it */
        if (adw_combo_row_get_selected (self->preset_row) == i)
          {
            _ib_plan_page_set_base (self, id);
            if (self->base != NULL)
              {
                _ib_plan_page_apply_plan_fields (self, self->base);
                _ib_plan_page_apply_parts (self, self->base);
              }
            _ib_plan_page_update_preset_subtitle (self);
            _ib_plan_page_validate (self);
          }
        else
          adw_combo_row_set_selected (self->preset_row, i);
        return;
      }
}

static void
on_preset_selected (IbPlanPage *self)
{
  guint selected = adw_combo_row_get_selected (self->preset_row);
  const IbPresetInfo *presets = ib_presets (NULL);

  if (self->applying > 0)
    return;
  if (selected < self->n_presets)
    {
      _ib_plan_page_set_base (self, presets[selected].id);
      if (self->base != NULL)
        {
          _ib_plan_page_apply_plan_fields (self, self->base);
          _ib_plan_page_apply_parts (self, self->base);
        }
    }
  _ib_plan_page_update_preset_subtitle (self);
  _ib_plan_page_validate (self);
}

/* ---- accessors -------------------------------------------------------- */

void
ib_plan_page_refresh_space (IbPlanPage *self)
{
  g_return_if_fail (IB_IS_PLAN_PAGE (self));
  _ib_plan_page_update_location (self);
}

const char *
ib_plan_page_get_fs_warning (IbPlanPage *self)
{
  g_return_val_if_fail (IB_IS_PLAN_PAGE (self), NULL);
  if (!gtk_widget_get_visible (GTK_WIDGET (self->fs_warning_row)))
    return NULL;
  return adw_preferences_row_get_title (ADW_PREFERENCES_ROW (self->fs_warning_row));
}

gboolean
ib_plan_page_get_edited (IbPlanPage *self)
{
  g_return_val_if_fail (IB_IS_PLAN_PAGE (self), FALSE);
  return _ib_plan_page_is_custom (self);
}

gboolean
ib_plan_page_get_space_known (IbPlanPage *self)
{
  g_return_val_if_fail (IB_IS_PLAN_PAGE (self), FALSE);
  return self->free_known;
}

gboolean
ib_plan_page_get_valid (IbPlanPage *self)
{
  g_return_val_if_fail (IB_IS_PLAN_PAGE (self), FALSE);
  return self->valid;
}

const char *
ib_plan_page_get_error (IbPlanPage *self)
{
  g_return_val_if_fail (IB_IS_PLAN_PAGE (self), NULL);
  return self->error;
}

void
ib_plan_page_set_field_text (IbPlanPage  *self,
                             IbPlanField  field,
                             const char  *text)
{
  g_return_if_fail (IB_IS_PLAN_PAGE (self));
  g_return_if_fail (field < IB_N_PLAN_FIELDS);

  gtk_editable_set_text (_ib_plan_page_field_entry (self, field), text);
}

const char *
ib_plan_page_get_field_error (IbPlanPage  *self,
                              IbPlanField  field)
{
  g_return_val_if_fail (IB_IS_PLAN_PAGE (self), NULL);
  g_return_val_if_fail (field < IB_N_PLAN_FIELDS, NULL);
  return self->field_errors[field];
}

void
ib_plan_page_set_list_mode (IbPlanPage *self,
                            gboolean    list_mode)
{
  g_return_if_fail (IB_IS_PLAN_PAGE (self));
  adw_combo_row_set_selected (self->files_mode_row, list_mode ? 1 : 0);
}

void
ib_plan_page_set_rounds (IbPlanPage *self,
                         guint       repeat,
                         guint       warmup)
{
  g_return_if_fail (IB_IS_PLAN_PAGE (self));
  gtk_spin_button_set_value (self->repeat_spin, repeat);
  gtk_spin_button_set_value (self->warmup_spin, warmup);
}

/* ---- GObject ---------------------------------------------------------- */

static void
ib_plan_page_dispose (GObject *object)
{
  IbPlanPage *self = IB_PLAN_PAGE (object);

  if (self->mount_cancellable != NULL)
    g_cancellable_cancel (self->mount_cancellable);
  g_clear_object (&self->mount_cancellable);
  g_clear_handle_id (&self->keep_in_view_id, g_source_remove);
  if (self->vadjustment != NULL)
    g_signal_handlers_disconnect_by_data (self->vadjustment, self);
  self->vadjustment = NULL;
  _ib_plan_page_stop_busy (self);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->checks, g_hash_table_unref);
  g_clear_pointer (&self->check_ids, g_ptr_array_unref);

  G_OBJECT_CLASS (ib_plan_page_parent_class)->dispose (object);
}

static void
ib_plan_page_finalize (GObject *object)
{
  IbPlanPage *self = IB_PLAN_PAGE (object);

  g_clear_pointer (&self->base, ib_plan_free);
  g_free (self->base_id);
  g_free (self->dir);
  g_free (self->checked_dir);
  g_free (self->error);
  g_free (self->dir_problem);
  g_free (self->missing_dir);
  for (guint i = 0; i < IB_N_PLAN_FIELDS; i++)
    g_free (self->field_errors[i]);

  G_OBJECT_CLASS (ib_plan_page_parent_class)->finalize (object);
}

static void
ib_plan_page_class_init (IbPlanPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ib_plan_page_dispose;
  object_class->finalize = ib_plan_page_finalize;
  object_class->get_property = ib_state_property_get;

  properties[PROP_VALID] = ib_state_property_boolean ("valid", G_STRUCT_OFFSET (IbPlanPage, valid));
  properties[PROP_ERROR] = ib_state_property_string ("error", G_STRUCT_OFFSET (IbPlanPage, error));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The free space of the folder was read (and the plan checked against it). */
  signals[SPACE_CHECKED] =
    g_signal_new ("space-checked", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  g_type_ensure (IB_TYPE_TAB_STOP);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/iobench/IoBench/ui/plan-page.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, IbPlanPage, name)
  BIND (experiment_group);
  BIND (parts_group);
  BIND (files_group);
  BIND (sync_group);
  BIND (async_group);
  BIND (thread_group);
  BIND (uring_group);
  BIND (preset_row);
  BIND (plan_error_row);
  BIND (plan_error_label);
  BIND (folder_row);
  BIND (space_row);
  BIND (fs_warning_row);
  BIND (files_mode_row);
  BIND (count_row);
  BIND (count_error_row);
  BIND (count_error_label);
  BIND (size_row);
  BIND (size_error_row);
  BIND (size_error_label);
  BIND (list_row);
  BIND (list_error_row);
  BIND (list_error_label);
  BIND (content_row);
  BIND (strategies_group);
  BIND (strategies_error_label);
  BIND (sync_list);
  BIND (async_list);
  BIND (thread_list);
  BIND (uring_list);
  BIND (repeat_spin);
  BIND (warmup_spin);
  BIND (cache_row);
  BIND (pause_spin);
  BIND (seed_row);
  BIND (seed_error_row);
  BIND (seed_error_label);
#undef BIND
  gtk_widget_class_bind_template_callback_full (widget_class, "on_folder_clicked",
                                                G_CALLBACK (_ib_plan_page_on_folder_clicked));
  gtk_widget_class_bind_template_callback_full (widget_class, "on_select_all",
                                                G_CALLBACK (_ib_plan_page_on_select_all));
  gtk_widget_class_bind_template_callback_full (widget_class, "on_select_none",
                                                G_CALLBACK (_ib_plan_page_on_select_none));
}

static void
ib_plan_page_init (IbPlanPage *self)
{
  static const IbPlanPageCalls calls = {
    .field_changed = _ib_plan_page_field_changed,
    .validate = _ib_plan_page_validate,
    .space_checked = _ib_plan_page_emit_space_checked,
  };
  g_autoptr(GtkStringList) titles = gtk_string_list_new (NULL);
  const IbPresetInfo *presets = ib_presets (&self->n_presets);

  self->calls = &calls;
  gtk_widget_init_template (GTK_WIDGET (self));

  self->checks = g_hash_table_new (g_str_hash, g_str_equal);
  self->check_ids = g_ptr_array_new ();
  _ib_plan_page_build_strategy_rows (self);
  _ib_plan_page_build_parts (self);
  _ib_plan_page_set_wrapping_popup (self->preset_row);
  _ib_plan_page_set_wrapping_popup (self->files_mode_row);
  _ib_plan_page_set_wrapping_popup (self->content_row);
  _ib_plan_page_set_wrapping_popup (self->cache_row);
  _ib_plan_page_watch_focus_in_view (self);

  for (guint i = 0; i < self->n_presets; i++)
    gtk_string_list_append (titles, _(presets[i].title));
  /* Translators: the preset entry for a plan the user edited */
  gtk_string_list_append (titles, _("Custom"));
  self->applying++;
  adw_combo_row_set_model (self->preset_row, G_LIST_MODEL (titles));
  self->applying--;

  g_signal_connect_swapped (self->preset_row, "notify::selected",
                            G_CALLBACK (on_preset_selected), self);
  g_signal_connect_swapped (self->files_mode_row, "notify::selected",
                            G_CALLBACK (_ib_plan_page_update_files_mode), self);
  g_signal_connect_swapped (self->files_mode_row, "notify::selected",
                            G_CALLBACK (_ib_plan_page_field_changed), self);
  g_signal_connect_swapped (self->content_row, "notify::selected",
                            G_CALLBACK (_ib_plan_page_field_changed), self);
  g_signal_connect_swapped (self->cache_row, "notify::selected",
                            G_CALLBACK (_ib_plan_page_update_cache_subtitle), self);
  g_signal_connect_swapped (self->cache_row, "notify::selected",
                            G_CALLBACK (_ib_plan_page_field_changed), self);
  g_signal_connect (self->count_row, "changed", G_CALLBACK (on_entry_changed), self);
  g_signal_connect (self->size_row, "changed", G_CALLBACK (on_entry_changed), self);
  g_signal_connect (self->list_row, "changed", G_CALLBACK (on_entry_changed), self);
  g_signal_connect (self->seed_row, "changed", G_CALLBACK (on_entry_changed), self);
  g_signal_connect_swapped (self->repeat_spin, "value-changed",
                            G_CALLBACK (_ib_plan_page_field_changed), self);
  g_signal_connect_swapped (self->warmup_spin, "value-changed",
                            G_CALLBACK (_ib_plan_page_field_changed), self);
  g_signal_connect_swapped (self->pause_spin, "value-changed",
                            G_CALLBACK (_ib_plan_page_field_changed), self);

  /* Without settings: the default preset in the user cache folder. */
  ib_plan_page_select_preset (self, IB_DEFAULT_PRESET);
  _ib_plan_page_update_location (self);
}
