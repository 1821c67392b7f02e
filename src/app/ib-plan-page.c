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

#include "engine/ib-error.h"
#include "engine/ib-os.h"
#include "engine/ib-parse.h"
#include "engine/ib-presets.h"
#include "engine/ib-strategy.h"
#include "ib-plan-page.h"
#include "ib-tab-stop.h"

struct _IbPlanPage
{
  AdwBin           parent_instance;

  /* template */
  AdwPreferencesGroup *experiment_group;
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
  char            *checked_dir;
  GCancellable    *mount_cancellable;
  guint            n_presets;
  guint            applying;
  gboolean         valid;
};

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

static const char *content_ids[] = { "random", "base64", "digits", "letters" };
static const char *cache_ids[] = { "warm", "cold", "as-is" };

static void validate (IbPlanPage *self);

/* ---- helpers ---------------------------------------------------------- */

static char *
compact_size (guint64 bytes)
{
  if (bytes > 0 && bytes % (G_GUINT64_CONSTANT (1) << 30) == 0)
    return g_strdup_printf ("%" G_GUINT64_FORMAT "G", bytes >> 30);
  if (bytes > 0 && bytes % (G_GUINT64_CONSTANT (1) << 20) == 0)
    return g_strdup_printf ("%" G_GUINT64_FORMAT "M", bytes >> 20);
  if (bytes > 0 && bytes % 1024 == 0)
    return g_strdup_printf ("%" G_GUINT64_FORMAT "K", bytes >> 10);
  return g_strdup_printf ("%" G_GUINT64_FORMAT, bytes);
}

static guint
index_of (const char  *id,
          const char **ids,
          guint        n)
{
  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (id, ids[i]) == 0)
      return i;
  return 0;
}

static gboolean
is_custom (IbPlanPage *self)
{
  return adw_combo_row_get_selected (self->preset_row) >= self->n_presets;
}

static GtkEditable *
field_entry (IbPlanPage  *self,
             IbPlanField  field)
{
  switch (field)
    {
    case IB_PLAN_FIELD_COUNT: return GTK_EDITABLE (self->count_row);
    case IB_PLAN_FIELD_SIZE:  return GTK_EDITABLE (self->size_row);
    case IB_PLAN_FIELD_LIST:  return GTK_EDITABLE (self->list_row);
    case IB_PLAN_FIELD_SEED:  return GTK_EDITABLE (self->seed_row);
    case IB_N_PLAN_FIELDS:
    default:
      g_assert_not_reached ();
    }
}

static void
set_field_error (IbPlanPage  *self,
                 IbPlanField  field,
                 const char  *message)
{
  AdwPreferencesRow *rows[] = { self->count_error_row, self->size_error_row,
                                self->list_error_row, self->seed_error_row };
  GtkLabel *labels[] = { self->count_error_label, self->size_error_label,
                         self->list_error_label, self->seed_error_label };
  GtkWidget *entry = GTK_WIDGET (field_entry (self, field));

  g_free (self->field_errors[field]);
  self->field_errors[field] = g_strdup (message);
  /* A field nobody has typed in yet keeps quiet (Run still says why). */
  if (!self->touched[field])
    message = NULL;
  gtk_widget_set_visible (GTK_WIDGET (rows[field]), message != NULL);
  gtk_label_set_text (labels[field], message != NULL ? message : "");
  if (message != NULL)
    {
      gtk_widget_add_css_class (entry, "error");
      gtk_accessible_update_property (GTK_ACCESSIBLE (entry),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, message, -1);
      gtk_accessible_update_state (GTK_ACCESSIBLE (entry),
                                   GTK_ACCESSIBLE_STATE_INVALID, GTK_ACCESSIBLE_INVALID_TRUE, -1);
    }
  else
    {
      gtk_widget_remove_css_class (entry, "error");
      gtk_accessible_reset_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
      gtk_accessible_reset_state (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_STATE_INVALID);
    }
}

/* The field's title without its mnemonic underline. */
static char *
field_title (IbPlanPage  *self,
             IbPlanField  field)
{
  const char *title = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (field_entry (self,
                                                                                     field)));
  GString *out = g_string_new (NULL);

  for (const char *p = title; *p != '\0'; p++)
    {
      if (*p == '_')
        {
          if (p[1] != '_')
            continue;
          p++;   /* "__" is a literal underline */
        }
      g_string_append_c (out, *p);
    }
  return g_string_free (out, FALSE);
}

static const char *
entry_text (AdwEntryRow *row)
{
  return gtk_editable_get_text (GTK_EDITABLE (row));
}

/* ---- building the plan ------------------------------------------------ */

/* Parses the read-experiment fields into @plan, recording each field's error. */
static gboolean
read_fields (IbPlanPage *self,
             IbPlan     *plan)
{
  gboolean ok = TRUE;
  gboolean list_mode = adw_combo_row_get_selected (self->files_mode_row) == 1;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) strategies = g_ptr_array_new_with_free_func (g_free);
  guint64 count = 0, size = 0, seed = 0;

  for (guint i = 0; i < IB_N_PLAN_FIELDS; i++)
    set_field_error (self, i, NULL);

  g_clear_pointer (&plan->file_sizes, g_array_unref);
  if (list_mode)
    {
      /* No field name: the message shows beside its field. */
      plan->file_sizes = ib_parse_size_list (NULL, entry_text (self->list_row),
                                             1, IB_MAX_FILE_SIZE, &error);
      if (plan->file_sizes == NULL)
        {
          set_field_error (self, IB_PLAN_FIELD_LIST, error->message);
          g_clear_error (&error);
          ok = FALSE;
        }
    }
  else
    {
      if (!ib_parse_uint (NULL, entry_text (self->count_row), 1, IB_MAX_FILES,
                          &count, &error))
        {
          set_field_error (self, IB_PLAN_FIELD_COUNT, error->message);
          g_clear_error (&error);
          ok = FALSE;
        }
      if (!ib_parse_size (NULL, entry_text (self->size_row), 1, IB_MAX_FILE_SIZE,
                          &size, &error))
        {
          set_field_error (self, IB_PLAN_FIELD_SIZE, error->message);
          g_clear_error (&error);
          ok = FALSE;
        }
      if (ok)
        {
          plan->file_sizes = g_array_sized_new (FALSE, FALSE, sizeof (guint64), (guint) count);
          for (guint64 i = 0; i < count; i++)
            g_array_append_val (plan->file_sizes, size);
        }
    }
  if (plan->file_sizes == NULL)
    plan->file_sizes = g_array_new (FALSE, FALSE, sizeof (guint64));

  if (!ib_parse_uint (NULL, entry_text (self->seed_row), 0, G_MAXUINT64, &seed, &error))
    {
      set_field_error (self, IB_PLAN_FIELD_SEED, error->message);
      g_clear_error (&error);
      ok = FALSE;
    }
  plan->seed = seed;

  for (guint i = 0; i < self->check_ids->len; i++)
    {
      const char *id = g_ptr_array_index (self->check_ids, i);
      GtkCheckButton *check = g_hash_table_lookup (self->checks, id);

      if (check != NULL && gtk_check_button_get_active (check))
        g_ptr_array_add (strategies, g_strdup (id));
    }
  gtk_widget_set_visible (GTK_WIDGET (self->strategies_error_label), strategies->len == 0);
  gtk_label_set_text (self->strategies_error_label, _("Select at least one strategy."));
  if (strategies->len == 0)
    ok = FALSE;
  g_clear_pointer (&plan->strategies, g_ptr_array_unref);
  plan->strategies = g_steal_pointer (&strategies);

  plan->content = adw_combo_row_get_selected (self->content_row);
  plan->repeat = (guint) gtk_spin_button_get_value_as_int (self->repeat_spin);
  plan->warmup = (guint) gtk_spin_button_get_value_as_int (self->warmup_spin);
  plan->cache = adw_combo_row_get_selected (self->cache_row);
  plan->pause_ms = (guint) gtk_spin_button_get_value_as_int (self->pause_spin);
  return ok;
}

IbPlan *
ib_plan_page_build_plan (IbPlanPage  *self,
                         GError     **error)
{
  g_autoptr(IbPlan) plan = NULL;

  g_return_val_if_fail (IB_IS_PLAN_PAGE (self), NULL);

  plan = self->base != NULL ? ib_plan_copy (self->base) : ib_plan_new ();
  g_free (plan->dir);
  plan->dir = g_strdup (self->dir);

  if (is_custom (self))
    {
      g_clear_pointer (&plan->preset, g_free);
      if (!read_fields (self, plan))
        {
          g_set_error_literal (error, IB_ERROR, IB_ERROR_INVALID,
                               _("Some fields are not valid: see the messages beside them."));
          return NULL;
        }
    }

  if (!ib_plan_validate (plan, error))
    return NULL;
  return g_steal_pointer (&plan);
}

/* ---- validation ------------------------------------------------------- */

static void
validate (IbPlanPage *self)
{
  g_autoptr(IbPlan) plan = NULL;
  g_autoptr(GError) error = NULL;
  gboolean valid;
  gboolean fields_ok = TRUE;

  if (self->applying > 0)
    return;

  plan = ib_plan_page_build_plan (self, &error);
  valid = plan != NULL;
  if (valid && self->free_known)
    valid = ib_plan_check_space (plan, self->free_bytes, &error);
  if (g_error_matches (error, IB_ERROR, IB_ERROR_NO_SPACE))
    gtk_widget_add_css_class (GTK_WIDGET (self->space_row), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->space_row), "error");
  if (!is_custom (self))
    {
      /* A preset's own fields are valid: clear what a custom plan showed. */
      for (guint i = 0; i < IB_N_PLAN_FIELDS; i++)
        set_field_error (self, i, NULL);
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
          g_autofree char *title = field_title (self, i);

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

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ERROR]);
  if (valid != self->valid)
    {
      self->valid = valid;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VALID]);
    }
}

static void
update_files_mode (IbPlanPage *self)
{
  gboolean list_mode = adw_combo_row_get_selected (self->files_mode_row) == 1;

  gtk_widget_set_visible (GTK_WIDGET (self->count_row), !list_mode);
  gtk_widget_set_visible (GTK_WIDGET (self->size_row), !list_mode);
  gtk_widget_set_visible (GTK_WIDGET (self->list_row), list_mode);
  if (list_mode)
    {
      set_field_error (self, IB_PLAN_FIELD_COUNT, NULL);
      set_field_error (self, IB_PLAN_FIELD_SIZE, NULL);
    }
  else
    set_field_error (self, IB_PLAN_FIELD_LIST, NULL);
}

static void
update_cache_subtitle (IbPlanPage *self)
{
  static const char *subtitles[] = {
    N_("Files are read once first, so reads come from memory"),
    N_("The cache is dropped before each sample, so reads reach the disk"),
    N_("The cache is left as it is"),
  };
  guint i = MIN (adw_combo_row_get_selected (self->cache_row), G_N_ELEMENTS (subtitles) - 1);

  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->cache_row), _(subtitles[i]));
}

/* ---- combo rows: whole names in the popup ---------------------------- */

/* AdwComboRow's own popup cuts names after 20 characters ("Todos los
 * archivos del …"): these rows wrap them, with the same check mark. */
static void
on_popup_selected_changed (AdwComboRow *row,
                           GParamSpec  *pspec,
                           GtkListItem *item)
{
  GtkWidget *check = gtk_widget_get_last_child (gtk_list_item_get_child (item));

  gtk_widget_set_opacity (check, adw_combo_row_get_selected_item (row) ==
                                 gtk_list_item_get_item (item) ? 1.0 : 0.0);
}

static void
popup_setup (GtkSignalListItemFactory *factory,
             GtkListItem              *item,
             AdwComboRow              *row)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 28);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), gtk_image_new_from_icon_name ("object-select-symbolic"));
  gtk_list_item_set_child (item, box);
}

static void
popup_bind (GtkSignalListItemFactory *factory,
            GtkListItem              *item,
            AdwComboRow              *row)
{
  GtkWidget *label = gtk_widget_get_first_child (gtk_list_item_get_child (item));
  GtkStringObject *string = gtk_list_item_get_item (item);

  gtk_label_set_text (GTK_LABEL (label), gtk_string_object_get_string (string));
  g_signal_connect (row, "notify::selected-item", G_CALLBACK (on_popup_selected_changed), item);
  on_popup_selected_changed (row, NULL, item);
}

static void
popup_unbind (GtkSignalListItemFactory *factory,
              GtkListItem              *item,
              AdwComboRow              *row)
{
  g_signal_handlers_disconnect_by_func (row, on_popup_selected_changed, item);
}

static void
set_wrapping_popup (AdwComboRow *row)
{
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (popup_setup), row);
  g_signal_connect (factory, "bind", G_CALLBACK (popup_bind), row);
  g_signal_connect (factory, "unbind", G_CALLBACK (popup_unbind), row);
  adw_combo_row_set_list_factory (row, factory);
}

/* What the preset does, under the group's title (the row's subtitle is the
 * preset's name: the row is too narrow for both side by side). */
static void
update_preset_subtitle (IbPlanPage *self)
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

/* The user edited a field: the plan is no longer the preset's. */
static void
on_field_changed (IbPlanPage *self)
{
  if (self->applying > 0)
    return;
  if (!is_custom (self))
    {
      self->applying++;
      adw_combo_row_set_selected (self->preset_row, self->n_presets);
      self->applying--;
      update_preset_subtitle (self);
    }
  validate (self);
}

static void
on_entry_changed (GtkEditable *entry,
                  IbPlanPage  *self)
{
  if (self->applying > 0)
    return;
  for (guint i = 0; i < IB_N_PLAN_FIELDS; i++)
    if (field_entry (self, i) == entry)
      self->touched[i] = TRUE;
  on_field_changed (self);
}

/* ---- applying a plan to the fields ------------------------------------ */

static void
apply_plan_fields (IbPlanPage   *self,
                   const IbPlan *plan)
{
  gboolean same = TRUE;
  guint n = plan->file_sizes != NULL ? plan->file_sizes->len : 0;
  g_autofree char *seed = NULL;
  GHashTableIter iter;
  gpointer value;

  self->applying++;
  memset (self->touched, 0, sizeof self->touched);

  for (guint i = 1; i < n; i++)
    if (g_array_index (plan->file_sizes, guint64, i) !=
        g_array_index (plan->file_sizes, guint64, 0))
      same = FALSE;
  if (n == 0 || same)
    {
      g_autofree char *count = n > 0 ? g_strdup_printf ("%u", n) : g_strdup ("");
      g_autofree char *size = n > 0 ? compact_size (g_array_index (plan->file_sizes, guint64, 0))
                                    : g_strdup ("");

      adw_combo_row_set_selected (self->files_mode_row, 0);
      gtk_editable_set_text (GTK_EDITABLE (self->count_row), count);
      gtk_editable_set_text (GTK_EDITABLE (self->size_row), size);
      gtk_editable_set_text (GTK_EDITABLE (self->list_row), "");
    }
  else
    {
      g_autoptr(GString) list = g_string_new (NULL);

      for (guint i = 0; i < n; i++)
        {
          g_autofree char *s = compact_size (g_array_index (plan->file_sizes, guint64, i));

          if (i > 0)
            g_string_append_c (list, ',');
          g_string_append (list, s);
        }
      adw_combo_row_set_selected (self->files_mode_row, 1);
      gtk_editable_set_text (GTK_EDITABLE (self->list_row), list->str);
      gtk_editable_set_text (GTK_EDITABLE (self->count_row), "");
      gtk_editable_set_text (GTK_EDITABLE (self->size_row), "");
    }
  update_files_mode (self);

  adw_combo_row_set_selected (self->content_row, plan->content);
  g_hash_table_iter_init (&iter, self->checks);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    gtk_check_button_set_active (value, FALSE);
  for (guint i = 0; plan->strategies != NULL && i < plan->strategies->len; i++)
    {
      GtkCheckButton *check = g_hash_table_lookup (self->checks,
                                                   g_ptr_array_index (plan->strategies, i));

      if (check != NULL)
        gtk_check_button_set_active (check, TRUE);
    }
  gtk_spin_button_set_value (self->repeat_spin, plan->repeat);
  gtk_spin_button_set_value (self->warmup_spin, plan->warmup);
  adw_combo_row_set_selected (self->cache_row, plan->cache);
  update_cache_subtitle (self);
  gtk_spin_button_set_value (self->pause_spin, plan->pause_ms);
  seed = g_strdup_printf ("%" G_GUINT64_FORMAT, plan->seed);
  gtk_editable_set_text (GTK_EDITABLE (self->seed_row), seed);

  self->applying--;
}

static void
set_base (IbPlanPage *self,
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
            set_base (self, id);
            if (self->base != NULL)
              apply_plan_fields (self, self->base);
            update_preset_subtitle (self);
            validate (self);
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
      set_base (self, presets[selected].id);
      if (self->base != NULL)
        apply_plan_fields (self, self->base);
    }
  update_preset_subtitle (self);
  validate (self);
}

/* ---- location --------------------------------------------------------- */

static void
mount_info_free (gpointer data)
{
  ib_mount_info_clear (data);
  g_free (data);
}

static void
mount_info_thread (GTask        *task,
                   gpointer      source,
                   gpointer      task_data,
                   GCancellable *cancellable)
{
  IbMountInfo *info = g_new0 (IbMountInfo, 1);
  GError *error = NULL;

  if (!ib_os_mount_info (task_data, info, &error))
    {
      mount_info_free (info);
      g_task_return_error (task, error);
      return;
    }
  g_task_return_pointer (task, info, mount_info_free);
}

static void
mount_info_done (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  IbPlanPage *self = IB_PLAN_PAGE (source);
  g_autoptr(GError) error = NULL;
  IbMountInfo *info = g_task_propagate_pointer (G_TASK (result), &error);
  g_autofree char *free_text = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *warning = NULL;

  if (info == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          adw_action_row_set_subtitle (self->space_row, error->message);
          gtk_widget_set_visible (GTK_WIDGET (self->fs_warning_row), FALSE);
        }
      return;
    }

  self->free_bytes = info->free_bytes;
  self->free_known = TRUE;
  free_text = ib_format_size (info->free_bytes);
  if (info->fs_type != NULL && info->device != NULL && info->device[0] == '/')
    /* Translators: "12.3 GiB free · ext4 on /dev/sda2" */
    subtitle = g_strdup_printf (_("%s free · %s on %s"), free_text, info->fs_type, info->device);
  else if (info->fs_type != NULL)
    /* Translators: "12.3 GiB free · ext4" */
    subtitle = g_strdup_printf (_("%s free · %s"), free_text, info->fs_type);
  else
    subtitle = g_strdup_printf (_("%s free"), free_text);
  adw_action_row_set_subtitle (self->space_row, subtitle);

  if (info->is_tmpfs)
    {
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->fs_warning_row),
                                     _("This folder is in memory (tmpfs)"));
      adw_action_row_set_subtitle (self->fs_warning_row,
                                   _("Reads never reach a disk and the cache modes "
                                     "mean nothing here."));
    }
  else if (info->is_fuse)
    {
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->fs_warning_row),
                                     _("This folder is on a FUSE file system"));
      adw_action_row_set_subtitle (self->fs_warning_row,
                                   _("Timings include the FUSE daemon, and a cold "
                                     "cache may not be possible."));
    }
  gtk_widget_set_visible (GTK_WIDGET (self->fs_warning_row), info->is_tmpfs || info->is_fuse);
  mount_info_free (info);
  validate (self);
  g_signal_emit (self, signals[SPACE_CHECKED], 0);
}

static void
update_location (IbPlanPage *self)
{
  g_autoptr(GTask) task = NULL;

  adw_action_row_set_subtitle (self->folder_row, self->dir != NULL ? self->dir : "");
  /* A new folder: nothing known yet. The same one: keep showing the last
   * figure until the new one arrives. */
  if (g_strcmp0 (self->checked_dir, self->dir) != 0)
    {
      adw_action_row_set_subtitle (self->space_row, _("Checking…"));
      self->free_known = FALSE;
      g_free (self->checked_dir);
      self->checked_dir = g_strdup (self->dir);
    }
  if (self->mount_cancellable != NULL)
    g_cancellable_cancel (self->mount_cancellable);
  g_clear_object (&self->mount_cancellable);
  if (self->dir == NULL)
    return;

  /* statfs and /proc/self/mountinfo may block on network file systems. */
  self->mount_cancellable = g_cancellable_new ();
  task = g_task_new (self, self->mount_cancellable, mount_info_done, NULL);
  g_task_set_source_tag (task, update_location);
  g_task_set_return_on_cancel (task, TRUE);
  g_task_set_task_data (task, g_strdup (self->dir), g_free);
  g_task_run_in_thread (task, mount_info_thread);
}

void
ib_plan_page_set_dir (IbPlanPage *self,
                      const char *dir)
{
  g_return_if_fail (IB_IS_PLAN_PAGE (self));
  g_return_if_fail (dir != NULL);

  g_free (self->dir);
  self->dir = g_strdup (dir);
  update_location (self);
  validate (self);
}

static void
on_folder_chosen (GtkNativeDialog *dialog,
                  int              response,
                  gpointer         user_data)
{
  IbPlanPage *self = IB_PLAN_PAGE (user_data);

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;

      if (path != NULL)
        ib_plan_page_set_dir (self, path);
    }
  g_object_unref (dialog);
  g_object_unref (self);
}

static void
on_folder_clicked (IbPlanPage *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkFileChooserNative *dialog;

  dialog = gtk_file_chooser_native_new (_("Choose a Folder for the Test Files"),
                                        GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                        GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER,
                                        _("_Select"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  if (self->dir != NULL)
    {
      g_autoptr(GFile) current = g_file_new_for_path (self->dir);

      gtk_file_chooser_set_file (GTK_FILE_CHOOSER (dialog), current, NULL);
    }
  g_signal_connect (dialog, "response", G_CALLBACK (on_folder_chosen), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

/* ---- strategies ------------------------------------------------------- */

static void
set_all_checks (IbPlanPage *self,
                gboolean    active)
{
  GHashTableIter iter;
  gpointer value;

  self->applying++;
  g_hash_table_iter_init (&iter, self->checks);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    gtk_check_button_set_active (value, active);
  self->applying--;
  on_field_changed (self);
}

static void
on_select_all (IbPlanPage *self)
{
  set_all_checks (self, TRUE);
}

static void
on_select_none (IbPlanPage *self)
{
  set_all_checks (self, FALSE);
}

void
ib_plan_page_set_strategies (IbPlanPage         *self,
                             const char * const *ids)
{
  GHashTableIter iter;
  gpointer value;

  g_return_if_fail (IB_IS_PLAN_PAGE (self));

  self->applying++;
  g_hash_table_iter_init (&iter, self->checks);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    gtk_check_button_set_active (value, FALSE);
  for (guint i = 0; ids != NULL && ids[i] != NULL; i++)
    {
      GtkCheckButton *check = g_hash_table_lookup (self->checks, ids[i]);

      if (check != NULL)
        gtk_check_button_set_active (check, TRUE);
    }
  self->applying--;
  on_field_changed (self);
}

static void
on_check_toggled (GtkCheckButton *check,
                  GtkWidget      *row)
{
  gtk_accessible_update_state (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_STATE_CHECKED,
                               gtk_check_button_get_active (check)
                               ? GTK_ACCESSIBLE_TRISTATE_TRUE : GTK_ACCESSIBLE_TRISTATE_FALSE,
                               -1);
}

/* One row with a check button for @id (a strategy or its direct variant). */
static void
add_strategy_row (IbPlanPage           *self,
                  const IbStrategyInfo *info,
                  const char           *id)
{
  GtkListBox *list;
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *check = gtk_check_button_new ();
  const char *description = ib_strategy_id_is_direct (id)
    ? _("The same reads with O_DIRECT: from the disk every time, no page cache")
    : _(info->description);

  switch (info->family)
    {
    case IB_FAMILY_SYNC:   list = self->sync_list; break;
    case IB_FAMILY_ASYNC:  list = self->async_list; break;
    case IB_FAMILY_URING:  list = self->uring_list; break;
    case IB_FAMILY_THREAD:
    default:               list = self->thread_list; break;
    }
  /* One display name everywhere; the id stays in the tooltip. */
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), ib_strategy_title (id));
  if (ib_strategy_unavailable (info) != NULL)
    {
      /* Listed, with why it cannot be chosen here. */
      g_autofree char *why = g_strdup_printf (_("Unavailable: %s"),
                                              ib_strategy_unavailable (info));

      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), why);
      gtk_widget_set_sensitive (row, FALSE);
    }
  else
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), description);
  gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), check);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), check);
  /* One focus stop per row, not two: the row takes the keys (Space
   * toggles it) and says whether it is checked. */
  gtk_widget_set_can_focus (check, FALSE);
  gtk_accessible_update_state (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_STATE_CHECKED,
                               GTK_ACCESSIBLE_TRISTATE_FALSE, -1);
  g_signal_connect (check, "toggled", G_CALLBACK (on_check_toggled), row);
  gtk_widget_set_tooltip_text (row, id);
  /* Named by the row's title (the row makes it its activatable widget). */
  gtk_accessible_update_property (GTK_ACCESSIBLE (check),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description,
                                  -1);
  g_signal_connect_swapped (check, "toggled", G_CALLBACK (on_field_changed), self);
  g_hash_table_insert (self->checks, (gpointer) id, check);
  g_ptr_array_add (self->check_ids, (gpointer) id);
  gtk_list_box_append (list, row);
}

static void
build_strategy_rows (IbPlanPage *self)
{
  guint n;
  const IbStrategyInfo *infos = ib_strategies (&n);

  for (guint i = 0; i < n; i++)
    {
      add_strategy_row (self, &infos[i], infos[i].id);
      /* Presets name direct variants (quick has one): they get a row too,
       * so no strategy of a preset is dropped without a word. */
      if (infos[i].direct)
        {
          g_autofree char *direct = g_strconcat (infos[i].id, IB_DIRECT_SUFFIX, NULL);

          add_strategy_row (self, &infos[i], g_intern_string (direct));
        }
    }
}

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

  dir = g_settings_get_string (settings, "dir");
  if (dir[0] != '\0' && g_file_test (dir, G_FILE_TEST_IS_DIR))
    {
      g_free (self->dir);
      self->dir = g_steal_pointer (&dir);
    }

  preset = g_settings_get_string (settings, "preset");
  if (preset[0] != '\0' && ib_preset_lookup (preset) != NULL)
    ib_plan_page_select_preset (self, preset);
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
      g_autofree char *seed = g_strdup_printf ("%" G_GUINT64_FORMAT,
                                               g_settings_get_uint64 (settings, "seed"));

      set_base (self, ib_preset_lookup (base) != NULL ? base : IB_DEFAULT_PRESET);
      self->applying++;
      adw_combo_row_set_selected (self->preset_row, self->n_presets);
      adw_combo_row_set_selected (self->files_mode_row, g_strcmp0 (mode, "list") == 0);
      gtk_editable_set_text (GTK_EDITABLE (self->count_row), count);
      gtk_editable_set_text (GTK_EDITABLE (self->size_row), size);
      gtk_editable_set_text (GTK_EDITABLE (self->list_row), files);
      adw_combo_row_set_selected (self->content_row,
                                  index_of (content, content_ids, G_N_ELEMENTS (content_ids)));
      adw_combo_row_set_selected (self->cache_row,
                                  index_of (cache, cache_ids, G_N_ELEMENTS (cache_ids)));
      gtk_spin_button_set_value (self->repeat_spin, g_settings_get_uint (settings, "repeat"));
      gtk_spin_button_set_value (self->warmup_spin, g_settings_get_uint (settings, "warmup"));
      gtk_spin_button_set_value (self->pause_spin, g_settings_get_uint (settings, "pause-ms"));
      gtk_editable_set_text (GTK_EDITABLE (self->seed_row), seed);
      self->applying--;
      ib_plan_page_set_strategies (self, (const char * const *) strategies);
      update_files_mode (self);
      update_cache_subtitle (self);
      update_preset_subtitle (self);
    }
  update_location (self);
  validate (self);
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
  g_settings_set_string (self->settings, "file-count", entry_text (self->count_row));
  g_settings_set_string (self->settings, "file-size", entry_text (self->size_row));
  g_settings_set_string (self->settings, "files", entry_text (self->list_row));
  g_settings_set_string (self->settings, "content",
                         content_ids[MIN (adw_combo_row_get_selected (self->content_row), 3u)]);
  g_settings_set_string (self->settings, "cache",
                         cache_ids[MIN (adw_combo_row_get_selected (self->cache_row), 2u)]);
  g_settings_set_strv (self->settings, "strategies", (const char * const *) ids->pdata);
  g_settings_set_uint (self->settings, "repeat",
                       (guint) gtk_spin_button_get_value_as_int (self->repeat_spin));
  g_settings_set_uint (self->settings, "warmup",
                       (guint) gtk_spin_button_get_value_as_int (self->warmup_spin));
  g_settings_set_uint (self->settings, "pause-ms",
                       (guint) gtk_spin_button_get_value_as_int (self->pause_spin));
  if (self->field_errors[IB_PLAN_FIELD_SEED] == NULL)
    g_settings_set_uint64 (self->settings, "seed",
                           g_ascii_strtoull (entry_text (self->seed_row), NULL, 10));
  g_settings_apply (self->settings);
}

/* ---- accessors -------------------------------------------------------- */

void
ib_plan_page_refresh_space (IbPlanPage *self)
{
  g_return_if_fail (IB_IS_PLAN_PAGE (self));
  update_location (self);
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

  gtk_editable_set_text (field_entry (self, field), text);
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
  for (guint i = 0; i < IB_N_PLAN_FIELDS; i++)
    g_free (self->field_errors[i]);

  G_OBJECT_CLASS (ib_plan_page_parent_class)->finalize (object);
}

static void
ib_plan_page_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  IbPlanPage *self = IB_PLAN_PAGE (object);

  switch (prop_id)
    {
    case PROP_VALID:
      g_value_set_boolean (value, self->valid);
      break;
    case PROP_ERROR:
      g_value_set_string (value, self->error);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ib_plan_page_class_init (IbPlanPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ib_plan_page_dispose;
  object_class->finalize = ib_plan_page_finalize;
  object_class->get_property = ib_plan_page_get_property;

  properties[PROP_VALID] =
    g_param_spec_boolean ("valid", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ERROR] =
    g_param_spec_string ("error", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
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
  gtk_widget_class_bind_template_callback (widget_class, on_folder_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_select_all);
  gtk_widget_class_bind_template_callback (widget_class, on_select_none);
}

static void
ib_plan_page_init (IbPlanPage *self)
{
  g_autoptr(GtkStringList) titles = gtk_string_list_new (NULL);
  const IbPresetInfo *presets = ib_presets (&self->n_presets);

  gtk_widget_init_template (GTK_WIDGET (self));

  self->checks = g_hash_table_new (g_str_hash, g_str_equal);
  self->check_ids = g_ptr_array_new ();
  build_strategy_rows (self);
  set_wrapping_popup (self->preset_row);
  set_wrapping_popup (self->files_mode_row);
  set_wrapping_popup (self->content_row);
  set_wrapping_popup (self->cache_row);

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
                            G_CALLBACK (update_files_mode), self);
  g_signal_connect_swapped (self->files_mode_row, "notify::selected",
                            G_CALLBACK (on_field_changed), self);
  g_signal_connect_swapped (self->content_row, "notify::selected",
                            G_CALLBACK (on_field_changed), self);
  g_signal_connect_swapped (self->cache_row, "notify::selected",
                            G_CALLBACK (update_cache_subtitle), self);
  g_signal_connect_swapped (self->cache_row, "notify::selected",
                            G_CALLBACK (on_field_changed), self);
  g_signal_connect (self->count_row, "changed", G_CALLBACK (on_entry_changed), self);
  g_signal_connect (self->size_row, "changed", G_CALLBACK (on_entry_changed), self);
  g_signal_connect (self->list_row, "changed", G_CALLBACK (on_entry_changed), self);
  g_signal_connect (self->seed_row, "changed", G_CALLBACK (on_entry_changed), self);
  g_signal_connect_swapped (self->repeat_spin, "value-changed",
                            G_CALLBACK (on_field_changed), self);
  g_signal_connect_swapped (self->warmup_spin, "value-changed",
                            G_CALLBACK (on_field_changed), self);
  g_signal_connect_swapped (self->pause_spin, "value-changed",
                            G_CALLBACK (on_field_changed), self);

  /* Without settings: the default preset in the user cache folder. */
  ib_plan_page_select_preset (self, IB_DEFAULT_PRESET);
  update_location (self);
}
