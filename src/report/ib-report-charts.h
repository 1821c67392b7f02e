/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-report-charts.h: the size of the charts the written reports (and the
 * comparison's) embed. */
#pragma once

#include <glib.h>

#include "chart/ib-chart.h"
#include "engine/model/ib-types.h"

G_BEGIN_DECLS

/* The width of a report's charts; their height is ib_chart_kind_height(). */
#define IB_REPORT_CHART_WIDTH 960

G_END_DECLS
