/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define IB_TYPE_APPLICATION (ib_application_get_type ())
G_DECLARE_FINAL_TYPE (IbApplication, ib_application, IB, APPLICATION, AdwApplication)

IbApplication *ib_application_new          (void);
/* The app's settings, or NULL when the schema is not installed. */
GSettings     *ib_application_get_settings (IbApplication *self);
/* Registers the GResource (templates, CSS, icons) once. */
void           ib_app_ensure_resources     (void);

G_END_DECLS
