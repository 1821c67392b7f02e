/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-chart-view.h: a widget that draws one chart kind with ib_chart_draw(). */
#pragma once

#include <gtk/gtk.h>

#include "chart/ib-chart.h"

G_BEGIN_DECLS

#define IB_TYPE_CHART_VIEW (ib_chart_view_get_type ())
G_DECLARE_FINAL_TYPE (IbChartView, ib_chart_view, IB, CHART_VIEW, GtkWidget)

GtkWidget             *ib_chart_view_new (const IbChartKindInfo *kind);
const IbChartKindInfo *ib_chart_view_get_kind (IbChartView *self);
/* @comparison: the two runs a kind of two runs draws, NULL for the others. */
void         ib_chart_view_set_reports   (IbChartView     *self,
                                          IbReport        *report,
                                          IbComparison    *comparison);
IbReport    *ib_chart_view_get_report    (IbChartView     *self);
void         ib_chart_view_set_log_scale (IbChartView     *self,
                                          gboolean         log_scale);
/* A run is filling the report: keep its rows in plan order (no reordering). */
void         ib_chart_view_set_live      (IbChartView *self,
                                          gboolean     live);
gboolean     ib_chart_view_get_log_scale (IbChartView     *self);
/* The comparison chart: which part of the two reports to draw. */
void         ib_chart_view_set_compare   (IbChartView     *self,
                                          IbCompareChart   compare);
/* Redraws after the report it shows has grown (live runs). */
void         ib_chart_view_refresh       (IbChartView     *self);
/* The style the widget draws with now (colours from the theme). */
void         ib_chart_view_get_style     (IbChartView     *self,
                                          IbChartStyle    *style);

G_END_DECLS
