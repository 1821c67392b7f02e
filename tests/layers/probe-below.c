/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The control: a layer includes the layers below it. Built with chart's
 * flags this compiles, so a probe that fails fails for its include alone. */
#include "analysis/ib-verdict.h"
#include "chart/ib-chart.h"
#include "engine/model/ib-types.h"

int ib_probe (void);
int
ib_probe (void)
{
  return IB_VERDICT_B_FASTER + IB_N_COMPARE_CHARTS;
}
