/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Built with a lower layer's flags, this must not compile: chart sits above. */
#include "chart/ib-chart.h"

int ib_probe (void);
int
ib_probe (void)
{
  return IB_N_COMPARE_CHARTS;
}
