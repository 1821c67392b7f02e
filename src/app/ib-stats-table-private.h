/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-stats-table-private.h: IbStatsRow's fields, shared by the row
 * (ib-stats-row.c) and the table that fills and shows it (ib-stats-table.c). */
#pragma once

#include <gtk/gtk.h>

#include "engine/stats/ib-stats.h"
#include "ib-stats-table.h"

G_BEGIN_DECLS

struct _IbStatsRow
{
  GObject  parent_instance;
  IbStats  stats;
  double   ratio;      /* median / fastest median, 0 when unknown */
  gboolean too_few;    /* a side has fewer than IB_VERDICT_MIN_SAMPLES valid samples */
  char    *vs_fastest; /* ib_vs_fastest_text: "1.3x slower" only with a clear verdict */
  gboolean same;       /* vs_fastest is a factor the interval cannot tell from 1 */
  gboolean pending;    /* live run: planned, not measured yet */
};

/* Emits "changed": the row's statistics were replaced. */
void _ib_stats_row_changed (IbStatsRow *row);

/* A name cell (a GtkLabel) holds the whole name and a short one (NULL:
 * none) and shows the short one while @short_names; _ib_stats_names_show
 * shows every name cell under @root anew. */
void _ib_stats_name_set    (GtkWidget  *label,
                            const char *full,
                            const char *short_name,
                            gboolean    short_names);
void _ib_stats_names_show  (GtkWidget  *root,
                            gboolean    short_names);

G_END_DECLS
