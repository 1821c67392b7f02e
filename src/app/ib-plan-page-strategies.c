/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-plan-page-strategies.c: the plan page's strategy check list. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "engine/io/ib-strategy.h"
#include "ib-plan-page-private.h"

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
  self->calls->field_changed (self);
}

void
_ib_plan_page_on_select_all (IbPlanPage *self)
{
  set_all_checks (self, TRUE);
}

void
_ib_plan_page_on_select_none (IbPlanPage *self)
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
  self->calls->field_changed (self);
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
  g_signal_connect_swapped (check, "toggled", G_CALLBACK (self->calls->field_changed), self);
  g_hash_table_insert (self->checks, (gpointer) id, check);
  g_ptr_array_add (self->check_ids, (gpointer) id);
  gtk_list_box_append (list, row);
}

void
_ib_plan_page_build_strategy_rows (IbPlanPage *self)
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
