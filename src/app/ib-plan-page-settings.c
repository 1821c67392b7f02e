/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-plan-page-settings.c: the plan page's GSettings: the last plan, its
 * parts included (ib-plan-page-parts.c), is loaded at start and saved when a
 * run starts. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "engine/plan/ib-presets.h"
#include "ib-plan-page-private.h"

/* ---- settings --------------------------------------------------------- */

void
ib_plan_page_set_settings (IbPlanPage *self,
                           GSettings  *settings)
{
  g_autofree char *preset = NULL;
  g_autofree char *dir = NULL;

  g_return_if_fail (IB_IS_PLAN_PAGE (self));

  g_set_object (&self->settings, settings);
  if (settings == NULL)
    return;

  /* A folder chosen earlier and gone since is kept, not swapped for the
   * default without a word: Run is off, the folder row says why, and the
   * window asks what to do (ib_plan_page_get_missing_dir). */
  dir = g_settings_get_string (settings, "dir");
  if (dir[0] != '\0')
    {
      g_clear_pointer (&self->missing_dir, g_free);
      if (!g_file_test (dir, G_FILE_TEST_IS_DIR))
        self->missing_dir = g_strdup (dir);
      g_free (self->dir);
      self->dir = g_steal_pointer (&dir);
    }

  preset = g_settings_get_string (settings, "preset");
  if (preset[0] != '\0' && ib_preset_lookup (preset) != NULL)
    ib_plan_page_select_preset (self, ib_preset_lookup (preset)->id);
  else
    {
      g_autofree char *base = g_settings_get_string (settings, "base-preset");
      g_autofree char *mode = g_settings_get_string (settings, "files-mode");
      g_autofree char *count = g_settings_get_string (settings, "file-count");
      g_autofree char *size = g_settings_get_string (settings, "file-size");
      g_autofree char *files = g_settings_get_string (settings, "files");
      g_autofree char *content = g_settings_get_string (settings, "content");
      g_autofree char *cache = g_settings_get_string (settings, "cache");
      g_auto(GStrv) strategies = g_settings_get_strv (settings, "strategies");
      g_autofree char *seed = g_settings_get_boolean (settings, "seed-drawn")
                              ? g_strdup ("")
                              : g_strdup_printf ("%" G_GUINT64_FORMAT,
                                                 g_settings_get_uint64 (settings, "seed"));

      _ib_plan_page_set_base (self, ib_preset_lookup (base) != NULL
                                     ? ib_preset_lookup (base)->id : IB_DEFAULT_PRESET);
      self->applying++;
      adw_combo_row_set_selected (self->preset_row, self->n_presets);
      adw_combo_row_set_selected (self->files_mode_row, g_strcmp0 (mode, "list") == 0);
      gtk_editable_set_text (GTK_EDITABLE (self->count_row), count);
      gtk_editable_set_text (GTK_EDITABLE (self->size_row), size);
      gtk_editable_set_text (GTK_EDITABLE (self->list_row), files);
      {
        IbContentKind kind = IB_CONTENT_RANDOM;

        ib_content_kind_from_string (content, &kind);
        _ib_plan_page_set_content (self, kind);
      }
      {
        IbCacheMode cache_mode = IB_CACHE_WARM;

        ib_cache_mode_from_string (cache, &cache_mode);
        _ib_plan_page_set_cache (self, cache_mode);
      }
      gtk_spin_button_set_value (self->repeat_spin, g_settings_get_uint (settings, "repeat"));
      gtk_spin_button_set_value (self->warmup_spin, g_settings_get_uint (settings, "warmup"));
      gtk_spin_button_set_value (self->pause_spin, g_settings_get_uint (settings, "pause-ms"));
      gtk_editable_set_text (GTK_EDITABLE (self->seed_row), seed);
      self->applying--;
      /* The parts as last run; those never saved are the base preset's. */
      if (self->base != NULL)
        _ib_plan_page_apply_parts (self, self->base);
      _ib_plan_page_load_parts (self, settings);
      ib_plan_page_set_strategies (self, (const char * const *) strategies);
      _ib_plan_page_update_files_mode (self);
      _ib_plan_page_update_cache_subtitle (self);
      /* A custom plan saved with its preset's very values is that preset. */
      _ib_plan_page_match_base (self);
      _ib_plan_page_update_preset_subtitle (self);
    }
  _ib_plan_page_update_location (self);
  _ib_plan_page_validate (self);
}

void
ib_plan_page_save_settings (IbPlanPage *self)
{
  g_autoptr(GPtrArray) ids = g_ptr_array_new ();
  guint selected;
  const IbPresetInfo *presets = ib_presets (NULL);

  g_return_if_fail (IB_IS_PLAN_PAGE (self));

  if (self->settings == NULL)
    return;

  for (guint i = 0; i < self->check_ids->len; i++)
    {
      const char *id = g_ptr_array_index (self->check_ids, i);
      GtkCheckButton *check = g_hash_table_lookup (self->checks, id);

      if (check != NULL && gtk_check_button_get_active (check))
        g_ptr_array_add (ids, (gpointer) id);
    }
  g_ptr_array_add (ids, NULL);

  selected = adw_combo_row_get_selected (self->preset_row);
  g_settings_delay (self->settings);
  g_settings_set_string (self->settings, "preset",
                         selected < self->n_presets ? presets[selected].id : "");
  g_settings_set_string (self->settings, "base-preset",
                         self->base_id != NULL ? self->base_id : IB_DEFAULT_PRESET);
  g_settings_set_string (self->settings, "dir", self->dir != NULL ? self->dir : "");
  g_settings_set_string (self->settings, "files-mode",
                         adw_combo_row_get_selected (self->files_mode_row) == 1 ? "list" : "count");
  g_settings_set_string (self->settings, "file-count", _ib_plan_page_entry_text (self->count_row));
  g_settings_set_string (self->settings, "file-size", _ib_plan_page_entry_text (self->size_row));
  g_settings_set_string (self->settings, "files", _ib_plan_page_entry_text (self->list_row));
  g_settings_set_string (self->settings, "content",
                         ib_content_kind_to_string (_ib_plan_page_get_content (self)));
  g_settings_set_string (self->settings, "cache",
                         ib_cache_mode_to_string (_ib_plan_page_get_cache (self)));
  g_settings_set_strv (self->settings, "strategies", (const char * const *) ids->pdata);
  g_settings_set_uint (self->settings, "repeat",
                       (guint) gtk_spin_button_get_value_as_int (self->repeat_spin));
  g_settings_set_uint (self->settings, "warmup",
                       (guint) gtk_spin_button_get_value_as_int (self->warmup_spin));
  g_settings_set_uint (self->settings, "pause-ms",
                       (guint) gtk_spin_button_get_value_as_int (self->pause_spin));
  g_settings_set_boolean (self->settings, "seed-drawn",
                          *_ib_plan_page_entry_text (self->seed_row) == '\0');
  if (self->field_errors[IB_PLAN_FIELD_SEED] == NULL &&
      *_ib_plan_page_entry_text (self->seed_row) != '\0')
    g_settings_set_uint64 (self->settings, "seed",
                           g_ascii_strtoull (_ib_plan_page_entry_text (self->seed_row), NULL, 10));
  _ib_plan_page_save_parts (self, self->settings);
  g_settings_apply (self->settings);
}
