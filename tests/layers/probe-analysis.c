/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Built with the engine's flags, this must not compile: analysis sits above. */
#include "analysis/ib-verdict.h"

int ib_probe (void);
int ib_probe (void) { return IB_VERDICT_B_FASTER; }
