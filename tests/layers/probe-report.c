/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Built with a lower layer's flags, this must not compile: report sits above. */
#include "report/ib-report-io.h"

int ib_probe (void);
int ib_probe (void) { return IB_REPORT_VERSION; }
