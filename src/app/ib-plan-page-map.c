/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-plan-page-map.c: the size x count map as a part of the plan
 * (engine/run/ib-map-run.h): its file sizes, file counts and time budget,
 * what it will cost (cells, disk, time) before Run, and the engine's own
 * refusal (ib_map_check_named) when it passes a limit, which turns Run off
 * as any invalid field does. The map runs alone, as `iobench-cli map`
 * does: switching it on switches the other parts off, and a plan with both
 * is refused with what to do. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>

#include "engine/model/ib-error.h"
#include "engine/model/ib-format.h"
#include "engine/plan/ib-parse.h"
#include "engine/run/ib-map-run.h"
#include "ib-plan-page-private.h"

/* What the rows hold when the base plan has no map: `iobench-cli map`'s. */
#define MAP_DEFAULT_SIZES  "4K,64K,1M,16M"
#define MAP_DEFAULT_COUNTS "1,2,4,16,100"

static gboolean
map_on (IbPlanPage *self)
{
  return adw_expander_row_get_enable_expansion (self->map_row);
}

/* Whether a part other than the map is switched on. */
static gboolean
others_on (IbPlanPage *self)
{
  return _ib_plan_page_reads_on (self) || adw_expander_row_get_enable_expansion (self->sweep_row)
         || adw_expander_row_get_enable_expansion (self->overhead_row)
         || adw_expander_row_get_enable_expansion (self->wu_row);
}

/* The map switched on: the other parts off, as the map runs alone. */
static void
on_map_toggled (IbPlanPage *self)
{
  if (self->applying > 0)
    return;
  if (map_on (self))
    {
      self->applying++;
      gtk_switch_set_active (self->reads_switch, FALSE);
      adw_expander_row_set_enable_expansion (self->sweep_row, FALSE);
      adw_expander_row_set_enable_expansion (self->overhead_row, FALSE);
      adw_expander_row_set_enable_expansion (self->wu_row, FALSE);
      self->applying--;
    }
  self->calls->field_changed (self);
}

static AdwEntryRow *
add_entry (IbPlanPage *self,
           const char *title)
{
  GtkWidget *row = adw_entry_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_expander_row_add_row (self->map_row, row);
  g_signal_connect_swapped (row, "changed", G_CALLBACK (self->calls->field_changed), self);
  return ADW_ENTRY_ROW (row);
}

void
_ib_plan_page_build_map (IbPlanPage *self)
{
  GtkWidget *row = adw_expander_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Size × count map"));
  adw_expander_row_set_show_enable_switch (ADW_EXPANDER_ROW (row), TRUE);
  adw_preferences_group_add (self->parts_group, row);
  self->map_row = ADW_EXPANDER_ROW (row);
  g_signal_connect_swapped (row, "notify::enable-expansion", G_CALLBACK (on_map_toggled), self);

  self->map_sizes_row = add_entry (self, _("Map file sizes, e.g. 4K,64K,1M"));
  self->map_counts_row = add_entry (self, _("Map file counts, e.g. 1,4,16"));
  self->map_budget_row = add_entry (self, _("Map time budget in seconds"));
  adw_entry_row_set_input_purpose (self->map_budget_row, GTK_INPUT_PURPOSE_DIGITS);

  /* What it will cost, or why it cannot run: whole, on as many lines as it needs. */
  row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Map cost"));
  adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 0);
  adw_expander_row_add_row (self->map_row, row);
  self->map_cost_row = ADW_ACTION_ROW (row);
}

static char *
compact_sizes (const GArray *values,
               gboolean      sizes)
{
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = 0; values != NULL && i < values->len; i++)
    {
      guint64 v = g_array_index (values, guint64, i);

      if (i > 0)
        g_string_append_c (out, ',');
      if (sizes && v % (G_GUINT64_CONSTANT (1) << 20) == 0)
        g_string_append_printf (out, "%" G_GUINT64_FORMAT "M", v >> 20);
      else if (sizes && v % 1024 == 0)
        g_string_append_printf (out, "%" G_GUINT64_FORMAT "K", v >> 10);
      else
        g_string_append_printf (out, "%" G_GUINT64_FORMAT, v);
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

void
_ib_plan_page_apply_map (IbPlanPage   *self,
                         const IbPlan *plan)
{
  g_autofree char *sizes = NULL, *counts = NULL, *budget = NULL;

  self->applying++;
  adw_expander_row_set_enable_expansion (self->map_row, plan->map != NULL);
  sizes = plan->map != NULL ? compact_sizes (plan->map->sizes, TRUE) : g_strdup (MAP_DEFAULT_SIZES);
  counts = plan->map != NULL ? compact_sizes (plan->map->counts, FALSE)
                             : g_strdup (MAP_DEFAULT_COUNTS);
  budget = g_strdup_printf ("%u", plan->map != NULL && plan->budget_s > 0
                                    ? plan->budget_s : IB_MAP_DEFAULT_BUDGET_S);
  gtk_editable_set_text (GTK_EDITABLE (self->map_sizes_row), sizes);
  gtk_editable_set_text (GTK_EDITABLE (self->map_counts_row), counts);
  gtk_editable_set_text (GTK_EDITABLE (self->map_budget_row), budget);
  self->applying--;
}

gboolean
_ib_plan_page_read_map (IbPlanPage *self,
                        IbPlan     *plan,
                        GError    **error)
{
  g_autoptr(IbMapSpec) spec = NULL;
  g_autoptr(GArray) sizes = NULL, counts = NULL;
  guint64 budget = 0;

  g_clear_pointer (&plan->map, ib_map_spec_free);
  if (!map_on (self))
    return TRUE;
  sizes = _ib_plan_page_parse_list (self->map_sizes_row, 1, IB_MAX_FILE_SIZE, error);
  if (sizes == NULL)
    return FALSE;
  counts = _ib_plan_page_parse_list (self->map_counts_row, 1, IB_MAX_FILES, error);
  if (counts == NULL)
    return FALSE;
  if (!_ib_plan_page_parse_uint (self->map_budget_row, 1, IB_MAX_BUDGET_S, &budget, error))
    return FALSE;
  if (others_on (self))
    {
      g_set_error_literal (error, IB_ERROR, IB_ERROR_INVALID,
                           _("The size × count map runs alone: switch off the other parts of "
                             "the plan, or the map."));
      return FALSE;
    }
  spec = ib_map_spec_new ();
  g_array_append_vals (spec->sizes, sizes->data, sizes->len);
  g_array_append_vals (spec->counts, counts->data, counts->len);
  plan->map = g_steal_pointer (&spec);
  plan->budget_s = (guint) budget;
  return TRUE;
}

/* "4 min", "45 s", as the Time row says them. */
static char *
format_seconds (double seconds)
{
  guint s = (guint) MIN (seconds + 0.5, G_MAXUINT / 2);

  if (s < 120)
    /* Translators: a duration in seconds, "45 s" */
    return g_strdup_printf (_("%u s"), s);
  /* Translators: a duration in whole minutes, "4 min" */
  return g_strdup_printf (_("%u min"), (s + 30) / 60);
}

static void
show_cost (IbPlanPage *self,
           const char *text,
           gboolean    refused)
{
  adw_action_row_set_subtitle (self->map_cost_row, text);
  if (refused)
    gtk_widget_add_css_class (GTK_WIDGET (self->map_cost_row), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->map_cost_row), "error");
}

gboolean
_ib_plan_page_check_map (IbPlanPage   *self,
                         const IbPlan *plan,
                         GError      **error)
{
  g_autoptr(GError) local = NULL;
  g_autofree char *disk = NULL, *time = NULL, *text = NULL;
  IbMapCost cost;

  if (plan->map == NULL)
    return TRUE;
  /* Translators: how a refusal of the map names the window's budget field:
   * "Raise the time budget, or drop the largest sizes or counts" */
  if (!ib_map_check_named (plan, _("the time budget"), NULL, &local))
    {
      show_cost (self, local->message, TRUE);
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  ib_map_cost (plan, &cost);
  disk = ib_format_size (cost.disk_bytes);
  time = format_seconds (cost.estimate_s);
  /* Translators: what the map will cost before Run: "20 cells; its files take
   * 1.08 GiB of disk; about 6 min in all" */
  text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "%u cell; its files take %s of disk; about %s in all",
                                       "%u cells; its files take %s of disk; about %s in all",
                                       cost.n_cells),
                          cost.n_cells, disk, time);
  show_cost (self, text, FALSE);
  return TRUE;
}

/* The map's row says what it will do: "20 cells in 300 s". */
void
_ib_plan_page_update_map (IbPlanPage   *self,
                          const IbPlan *plan)
{
  g_autofree char *text = NULL;
  guint n;

  /* One time budget at a time: the map runs alone, with its own, so the
   * plan's Time row is not shown while the map is on. */
  gtk_widget_set_visible (GTK_WIDGET (self->time_row), !map_on (self));
  if (plan == NULL || plan->map == NULL)
    {
      adw_expander_row_set_subtitle (self->map_row, _("Not in this plan"));
      return;
    }
  n = plan->map->sizes->len * plan->map->counts->len;
  /* Translators: the size x count map's part of a plan, "20 cells in 300 s" */
  text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u cell in %u s", "%u cells in %u s", n),
                          n, plan->budget_s);
  adw_expander_row_set_subtitle (self->map_row, text);
}

/* The most the map's files take on disk at once, 0 without a map. */
guint64
_ib_plan_page_map_disk (const IbPlan *plan)
{
  IbMapCost cost;

  if (plan->map == NULL || plan->map->sizes->len == 0 || plan->map->counts->len == 0)
    return 0;
  ib_map_cost (plan, &cost);
  return cost.disk_bytes;
}

static gboolean
same_axis (const GArray *a,
           const GArray *b)
{
  if (a->len != b->len)
    return FALSE;
  for (guint i = 0; i < a->len; i++)
    if (g_array_index (a, guint64, i) != g_array_index (b, guint64, i))
      return FALSE;
  return TRUE;
}

gboolean
_ib_plan_page_same_map (const IbMapSpec *a,
                        const IbMapSpec *b)
{
  if (a == NULL || b == NULL)
    return a == b;
  return same_axis (a->sizes, b->sizes) && same_axis (a->counts, b->counts)
         && a->first_pairs == b->first_pairs && a->max_disk_bytes == b->max_disk_bytes;
}

/* ---- settings --------------------------------------------------------- */

/* Keeps the map's part as typed, with the plan's other parts
 * (ib-plan-page-parts.c): whether it is on, its sizes, counts and budget. */
void
_ib_plan_page_save_map (IbPlanPage *self,
                        GSettings  *settings)
{
  g_settings_set_boolean (settings, "map", map_on (self));
  g_settings_set_string (settings, "map-sizes", _ib_plan_page_entry_text (self->map_sizes_row));
  g_settings_set_string (settings, "map-counts", _ib_plan_page_entry_text (self->map_counts_row));
  g_settings_set_string (settings, "map-budget", _ib_plan_page_entry_text (self->map_budget_row));
}

/* Puts the map's part back as it was last run; never saved (settings from
 * before the map was kept), it stays the base preset's. */
void
_ib_plan_page_load_map (IbPlanPage *self,
                        GSettings  *settings)
{
  g_autoptr(GVariant) saved = g_settings_get_user_value (settings, "map");
  g_autofree char *sizes = NULL, *counts = NULL, *budget = NULL;

  if (saved == NULL)
    return;
  sizes = g_settings_get_string (settings, "map-sizes");
  counts = g_settings_get_string (settings, "map-counts");
  budget = g_settings_get_string (settings, "map-budget");
  self->applying++;
  adw_expander_row_set_enable_expansion (self->map_row, g_variant_get_boolean (saved));
  gtk_editable_set_text (GTK_EDITABLE (self->map_sizes_row), sizes);
  gtk_editable_set_text (GTK_EDITABLE (self->map_counts_row), counts);
  gtk_editable_set_text (GTK_EDITABLE (self->map_budget_row), budget);
  self->applying--;
}
