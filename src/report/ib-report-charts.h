/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-report-charts.h: the size of the charts the written reports (and the
 * comparison's) embed. */
#pragma once

#include <glib.h>

#include "chart/ib-chart.h"
#include "engine/ib-types.h"

G_BEGIN_DECLS

/* Height in units for @kind drawn IB_REPORT_CHART_WIDTH wide: row charts grow
 * with their number of rows, the others are 16:9. */
#define IB_REPORT_CHART_WIDTH 960
int         ib_report_chart_height (IbChartKind     kind,
                                    const IbReport *report);

G_END_DECLS
