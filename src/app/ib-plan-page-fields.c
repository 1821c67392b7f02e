/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-plan-page-fields.c: the plan page's entry fields: their errors, reading
 * them into a plan and writing a plan into them. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "engine/model/ib-error.h"
#include "engine/plan/ib-parse.h"
#include "ib-plan-page-private.h"

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

GtkEditable *
_ib_plan_page_field_entry (IbPlanPage  *self,
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

void
_ib_plan_page_set_field_error (IbPlanPage  *self,
                 IbPlanField  field,
                 const char  *message)
{
  AdwPreferencesRow *rows[] = { self->count_error_row, self->size_error_row,
                                self->list_error_row, self->seed_error_row };
  GtkLabel *labels[] = { self->count_error_label, self->size_error_label,
                         self->list_error_label, self->seed_error_label };
  GtkWidget *entry = GTK_WIDGET (_ib_plan_page_field_entry (self, field));

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
/* A field's name in a message ("File sizes: ..."): its row's title says
 * more ("File sizes, e.g. 512M,1G,256M"), which reads as a placeholder. */
char *
_ib_plan_page_field_title (IbPlanPage  *self,
                           IbPlanField  field)
{
  static const char *const names[IB_N_PLAN_FIELDS] = {
    [IB_PLAN_FIELD_COUNT] = N_("Number of files"),
    [IB_PLAN_FIELD_SIZE] = N_("File size"),
    [IB_PLAN_FIELD_LIST] = N_("File sizes"),
    [IB_PLAN_FIELD_SEED] = N_("Random seed"),
  };

  g_return_val_if_fail (field < IB_N_PLAN_FIELDS, NULL);
  return g_strdup (_(names[field]));
}

/* ---- the focused field stays in sight -------------------------------- */

/* The row that has the focus, and the message under it, in sight: the
 * page scrolls just enough when it shrinks ("Run is off" slides up under
 * it) or grows a message. Run after layout, when the rows have their
 * places. */
static gboolean
keep_focus_in_view (gpointer user_data)
{
  IbPlanPage *self = IB_PLAN_PAGE (user_data);
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;
  GtkWidget *row, *viewport, *content;
  graphene_rect_t r;
  double top, bottom, value, page;

  self->keep_in_view_id = 0;
  if (focus == NULL || !gtk_widget_is_ancestor (focus, GTK_WIDGET (self)) ||
      (row = gtk_widget_get_ancestor (focus, ADW_TYPE_PREFERENCES_ROW)) == NULL ||
      !GTK_IS_VIEWPORT (viewport = gtk_scrolled_window_get_child (self->scroller)) ||
      (content = gtk_viewport_get_child (GTK_VIEWPORT (viewport))) == NULL ||
      !gtk_widget_compute_bounds (row, content, &r))
    return G_SOURCE_REMOVE;
  top = r.origin.y;
  bottom = top + r.size.height;
  for (guint i = 0; i < IB_N_PLAN_FIELDS; i++)
    {
      GtkWidget *message = gtk_widget_get_next_sibling (row);

      if (GTK_WIDGET (_ib_plan_page_field_entry (self, i)) == row && message != NULL &&
          gtk_widget_get_visible (message) && gtk_widget_compute_bounds (message, content, &r))
        bottom = MAX (bottom, r.origin.y + r.size.height);
    }
  value = gtk_adjustment_get_value (self->vadjustment);
  page = gtk_adjustment_get_page_size (self->vadjustment);
  if (bottom > value + page)
    value = bottom - page;
  if (top < value)
    value = top;
  gtk_adjustment_set_value (self->vadjustment, value);
  return G_SOURCE_REMOVE;
}

static void
on_scroll_changed (GtkAdjustment *adjustment,
                   IbPlanPage    *self)
{
  if (self->keep_in_view_id == 0)
    self->keep_in_view_id = g_idle_add (keep_focus_in_view, self);
}

void
_ib_plan_page_watch_focus_in_view (IbPlanPage *self)
{
  GtkWidget *scroller = GTK_WIDGET (self);

  while (scroller != NULL && !GTK_IS_SCROLLED_WINDOW (scroller))
    scroller = gtk_widget_get_first_child (scroller);
  g_return_if_fail (scroller != NULL);
  self->scroller = GTK_SCROLLED_WINDOW (scroller);
  self->vadjustment = gtk_scrolled_window_get_vadjustment (self->scroller);
  g_signal_connect (self->vadjustment, "changed", G_CALLBACK (on_scroll_changed), self);
}

const char *
_ib_plan_page_entry_text (AdwEntryRow *row)
{
  return gtk_editable_get_text (GTK_EDITABLE (row));
}

gboolean
_ib_plan_page_is_custom (IbPlanPage *self)
{
  return adw_combo_row_get_selected (self->preset_row) >= self->n_presets;
}

gboolean
_ib_plan_page_reads_on (IbPlanPage *self)
{
  return gtk_switch_get_active (self->reads_switch);
}

const char *
_ib_plan_page_entry_title (AdwEntryRow *row)
{
  return adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row));
}

gboolean
_ib_plan_page_mark_row (AdwEntryRow *row,
                        gboolean     ok)
{
  if (ok)
    gtk_widget_remove_css_class (GTK_WIDGET (row), "error");
  else
    gtk_widget_add_css_class (GTK_WIDGET (row), "error");
  return ok;
}

gboolean
_ib_plan_page_parse_uint (AdwEntryRow *row,
                          guint64      min,
                          guint64      max,
                          guint64     *out,
                          GError     **error)
{
  return _ib_plan_page_mark_row (row, ib_parse_uint (_ib_plan_page_entry_title (row),
                                                     _ib_plan_page_entry_text (row), min, max,
                                                     out, error));
}

GArray *
_ib_plan_page_parse_list (AdwEntryRow *row,
                          guint64      min,
                          guint64      max,
                          GError     **error)
{
  GArray *values = ib_parse_size_list (_ib_plan_page_entry_title (row),
                                       _ib_plan_page_entry_text (row), min, max, error);

  _ib_plan_page_mark_row (row, values != NULL);
  return values;
}

/* ---- building the plan ------------------------------------------------ */

/* Parses the read-experiment fields into @plan, recording each field's error. */
gboolean
_ib_plan_page_read_fields (IbPlanPage *self,
             IbPlan     *plan)
{
  gboolean ok = TRUE;
  gboolean list_mode = adw_combo_row_get_selected (self->files_mode_row) == 1;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) strategies = g_ptr_array_new_with_free_func (g_free);
  guint64 count = 0, size = 0, seed = 0;

  for (guint i = 0; i < IB_N_PLAN_FIELDS; i++)
    _ib_plan_page_set_field_error (self, i, NULL);

  g_clear_pointer (&plan->file_sizes, g_array_unref);
  if (!_ib_plan_page_reads_on (self))
    ;   /* no reads: no files (the sweep makes its own) */
  else if (list_mode)
    {
      /* No field name: the message shows beside its field. */
      plan->file_sizes = ib_parse_size_list (NULL, _ib_plan_page_entry_text (self->list_row),
                                             1, IB_MAX_FILE_SIZE, &error);
      if (plan->file_sizes == NULL)
        {
          _ib_plan_page_set_field_error (self, IB_PLAN_FIELD_LIST, error->message);
          g_clear_error (&error);
          ok = FALSE;
        }
    }
  else
    {
      if (!ib_parse_uint (NULL, _ib_plan_page_entry_text (self->count_row), 1, IB_MAX_FILES,
                          &count, &error))
        {
          _ib_plan_page_set_field_error (self, IB_PLAN_FIELD_COUNT, error->message);
          g_clear_error (&error);
          ok = FALSE;
        }
      if (!ib_parse_size (NULL, _ib_plan_page_entry_text (self->size_row), 1, IB_MAX_FILE_SIZE,
                          &size, &error))
        {
          _ib_plan_page_set_field_error (self, IB_PLAN_FIELD_SIZE, error->message);
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

  /* Empty: the run draws a new seed (recorded in its report). */
  plan->seed_drawn = *_ib_plan_page_entry_text (self->seed_row) == '\0';
  if (!plan->seed_drawn &&
      !ib_parse_uint (NULL, _ib_plan_page_entry_text (self->seed_row), 0, G_MAXUINT64, &seed, &error))
    {
      _ib_plan_page_set_field_error (self, IB_PLAN_FIELD_SEED, error->message);
      g_clear_error (&error);
      ok = FALSE;
    }
  if (!plan->seed_drawn)
    plan->seed = seed;

  for (guint i = 0; i < self->check_ids->len; i++)
    {
      const char *id = g_ptr_array_index (self->check_ids, i);
      GtkCheckButton *check = g_hash_table_lookup (self->checks, id);

      if (check != NULL && gtk_check_button_get_active (check))
        g_ptr_array_add (strategies, g_strdup (id));
    }
  if (!_ib_plan_page_reads_on (self))
    g_ptr_array_set_size (strategies, 0);
  gtk_widget_set_visible (GTK_WIDGET (self->strategies_error_label),
                          strategies->len == 0 && _ib_plan_page_reads_on (self));
  gtk_label_set_text (self->strategies_error_label, _("Select at least one strategy."));
  if (strategies->len == 0 && _ib_plan_page_reads_on (self))
    ok = FALSE;
  g_clear_pointer (&plan->strategies, g_ptr_array_unref);
  plan->strategies = g_steal_pointer (&strategies);

  plan->content = _ib_plan_page_get_content (self);
  plan->repeat = (guint) gtk_spin_button_get_value_as_int (self->repeat_spin);
  plan->warmup = (guint) gtk_spin_button_get_value_as_int (self->warmup_spin);
  plan->cache = _ib_plan_page_get_cache (self);
  plan->pause_ms = (guint) gtk_spin_button_get_value_as_int (self->pause_spin);
  return ok;
}

/* ---- applying a plan to the fields ------------------------------------ */

void
_ib_plan_page_apply_plan_fields (IbPlanPage   *self,
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
  _ib_plan_page_update_files_mode (self);

  _ib_plan_page_set_content (self, plan->content);
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
  _ib_plan_page_set_cache (self, plan->cache);
  _ib_plan_page_update_cache_subtitle (self);
  gtk_spin_button_set_value (self->pause_spin, plan->pause_ms);
  seed = plan->seed_drawn ? g_strdup ("") : g_strdup_printf ("%" G_GUINT64_FORMAT, plan->seed);
  gtk_editable_set_text (GTK_EDITABLE (self->seed_row), seed);

  self->applying--;
}

void
_ib_plan_page_update_files_mode (IbPlanPage *self)
{
  gboolean list_mode = adw_combo_row_get_selected (self->files_mode_row) == 1;

  gtk_widget_set_visible (GTK_WIDGET (self->count_row), !list_mode);
  gtk_widget_set_visible (GTK_WIDGET (self->size_row), !list_mode);
  gtk_widget_set_visible (GTK_WIDGET (self->list_row), list_mode);
  if (list_mode)
    {
      _ib_plan_page_set_field_error (self, IB_PLAN_FIELD_COUNT, NULL);
      _ib_plan_page_set_field_error (self, IB_PLAN_FIELD_SIZE, NULL);
    }
  else
    _ib_plan_page_set_field_error (self, IB_PLAN_FIELD_LIST, NULL);
}

/* ---- the content and cache rows ---------------------------------------- */

/* The content row's entries as ui/plan-page.ui lists them, top to bottom
 * (an entry's place is not its IbContentKind's value). */
static const IbContentKind content_rows[] = {
  IB_CONTENT_RANDOM,
  IB_CONTENT_BASE64,
  IB_CONTENT_DIGITS,
  IB_CONTENT_LETTERS,
};

IbContentKind
_ib_plan_page_get_content (IbPlanPage *self)
{
  guint i = adw_combo_row_get_selected (self->content_row);

  return content_rows[MIN (i, G_N_ELEMENTS (content_rows) - 1)];
}

void
_ib_plan_page_set_content (IbPlanPage    *self,
                           IbContentKind  kind)
{
  guint i = 0;

  while (i + 1 < G_N_ELEMENTS (content_rows) && content_rows[i] != kind)
    i++;
  adw_combo_row_set_selected (self->content_row, content_rows[i] == kind ? i : 0);
}

/* The cache row's entries as ui/plan-page.ui lists them, top to bottom: an
 * entry's place says nothing of its IbCacheMode's value, and either order
 * may change without the other. */
static const struct
{
  IbCacheMode  mode;
  const char  *subtitle;
} cache_rows[] = {
  { IB_CACHE_WARM, N_("Files are read once first, so reads come from memory") },
  { IB_CACHE_COLD, N_("The cache is dropped before each sample, so reads reach the disk") },
  { IB_CACHE_AS_IS, N_("The cache is left as it is") },
};

static guint
cache_row_selected (IbPlanPage *self)
{
  return MIN (adw_combo_row_get_selected (self->cache_row), G_N_ELEMENTS (cache_rows) - 1);
}

IbCacheMode
_ib_plan_page_get_cache (IbPlanPage *self)
{
  return cache_rows[cache_row_selected (self)].mode;
}

void
_ib_plan_page_set_cache (IbPlanPage  *self,
                         IbCacheMode  mode)
{
  guint i = 0;

  while (i + 1 < G_N_ELEMENTS (cache_rows) && cache_rows[i].mode != mode)
    i++;
  adw_combo_row_set_selected (self->cache_row, cache_rows[i].mode == mode ? i : 0);
}

void
_ib_plan_page_update_cache_subtitle (IbPlanPage *self)
{
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->cache_row),
                               _(cache_rows[cache_row_selected (self)].subtitle));
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

void
_ib_plan_page_set_wrapping_popup (AdwComboRow *row)
{
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (popup_setup), row);
  g_signal_connect (factory, "bind", G_CALLBACK (popup_bind), row);
  g_signal_connect (factory, "unbind", G_CALLBACK (popup_unbind), row);
  adw_combo_row_set_list_factory (row, factory);
}
