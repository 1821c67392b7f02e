/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Built with the engine's flags, this must not compile: no GTK below the app. */
#include <gtk/gtk.h>

int ib_probe (void);
int ib_probe (void) { return GTK_MAJOR_VERSION; }
