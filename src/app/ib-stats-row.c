/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-stats-row.c: IbStatsRow, one strategy's statistics in the statistics
 * table (ib-stats-table.c): the values its cells show, and "changed" when a
 * live run replaced them; its name cell, whole or short (a narrow table). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include "ib-stats-table.h"
#include "ib-stats-table-private.h"

G_DEFINE_FINAL_TYPE (IbStatsRow, ib_stats_row, G_TYPE_OBJECT)

static guint row_changed_signal;

static void
ib_stats_row_finalize (GObject *object)
{
  IbStatsRow *self = IB_STATS_ROW (object);

  ib_stats_clear (&self->stats);
  g_free (self->vs_fastest);
  G_OBJECT_CLASS (ib_stats_row_parent_class)->finalize (object);
}

static void
ib_stats_row_class_init (IbStatsRowClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = ib_stats_row_finalize;
  /* The statistics of the row were replaced. */
  row_changed_signal = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                     0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
ib_stats_row_init (IbStatsRow *self)
{
}

const IbStats *
ib_stats_row_get_stats (IbStatsRow *row)
{
  g_return_val_if_fail (IB_IS_STATS_ROW (row), NULL);
  return &row->stats;
}

void
_ib_stats_row_changed (IbStatsRow *row)
{
  g_signal_emit (row, row_changed_signal, 0);
}

/* ---- the name cell ------------------------------------------------------ */

static void
show_name (GtkWidget *label,
           gboolean   short_names)
{
  const char *text = g_object_get_data (G_OBJECT (label), short_names ? "ib-short" : "ib-full");

  if (text == NULL)
    text = g_object_get_data (G_OBJECT (label), "ib-full");
  if (text != NULL && g_strcmp0 (gtk_label_get_text (GTK_LABEL (label)), text) != 0)
    gtk_label_set_text (GTK_LABEL (label), text);
}

void
_ib_stats_name_set (GtkWidget  *label,
                    const char *full,
                    const char *short_name,
                    gboolean    short_names)
{
  g_object_set_data_full (G_OBJECT (label), "ib-full", g_strdup (full), g_free);
  g_object_set_data_full (G_OBJECT (label), "ib-short", g_strdup (short_name), g_free);
  show_name (label, short_names);
}

void
_ib_stats_names_show (GtkWidget *root,
                      gboolean   short_names)
{
  if (GTK_IS_LABEL (root) && g_object_get_data (G_OBJECT (root), "ib-full") != NULL)
    show_name (root, short_names);
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    _ib_stats_names_show (c, short_names);
}
