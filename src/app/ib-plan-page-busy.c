/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-plan-page-busy.c: the plan page's notice of a busy machine, before
 * Run: while the page is on screen, the CPU counters are read every
 * BUSY_PERIOD_S and the window between two readings judged
 * (engine/os/ib-busy.h); when other work is using the CPUs, a row under
 * the run's time says so and what it does to the answer
 * (analysis/ib-busy-text.h). Reading /proc/stat and /proc/loadavg takes
 * microseconds: it is done on the main loop, never during a run (the page
 * is not shown then). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>

#include "analysis/ib-busy-text.h"
#include "engine/os/ib-os.h"
#include "ib-plan-page-private.h"

#define BUSY_PERIOD_S 2

void
ib_plan_page_show_busy (IbPlanPage   *self,
                        const IbBusy *busy)
{
  g_autofree char *sentence = NULL;

  g_return_if_fail (IB_IS_PLAN_PAGE (self));

  sentence = busy != NULL ? ib_busy_sentence (busy) : NULL;
  if (sentence != NULL)
    adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->busy_row), sentence);
  gtk_widget_set_visible (GTK_WIDGET (self->busy_row), sentence != NULL);
}

const char *
ib_plan_page_get_busy_notice (IbPlanPage *self)
{
  g_return_val_if_fail (IB_IS_PLAN_PAGE (self), NULL);

  if (!gtk_widget_get_visible (GTK_WIDGET (self->busy_row)))
    return NULL;
  return adw_preferences_row_get_title (ADW_PREFERENCES_ROW (self->busy_row));
}

static gboolean
busy_tick (gpointer user_data)
{
  IbPlanPage *self = user_data;
  IbCpuSnapshot now;
  IbBusy busy;

  ib_busy_snapshot (&now);
  ib_busy_judge (&self->busy_before, &now, ib_busy_load (), ib_os_n_cores (), &busy);
  self->busy_before = now;
  ib_plan_page_show_busy (self, &busy);
  return G_SOURCE_CONTINUE;
}

static void
on_map (IbPlanPage *self)
{
  ib_busy_snapshot (&self->busy_before);
  if (self->busy_tick_id == 0)
    self->busy_tick_id = g_timeout_add_seconds (BUSY_PERIOD_S, busy_tick, self);
}

void
_ib_plan_page_stop_busy (IbPlanPage *self)
{
  g_clear_handle_id (&self->busy_tick_id, g_source_remove);
}

void
_ib_plan_page_build_busy (IbPlanPage *self)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *icon = gtk_image_new_from_icon_name ("dialog-warning-symbolic");

  gtk_widget_add_css_class (icon, "warning");
  gtk_accessible_update_property (GTK_ACCESSIBLE (icon), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Warning"), -1);
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), icon);
  adw_action_row_set_title_lines (ADW_ACTION_ROW (row), 0);
  gtk_widget_set_name (row, "busy-notice");
  /* words to read, not a Tab stop */
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_widget_set_focusable (row, FALSE);
  gtk_widget_set_visible (row, FALSE);
  adw_preferences_group_add (self->parts_group, row);
  self->busy_row = ADW_ACTION_ROW (row);
  g_signal_connect (self, "map", G_CALLBACK (on_map), NULL);
  g_signal_connect (self, "unmap", G_CALLBACK (_ib_plan_page_stop_busy), NULL);
}
