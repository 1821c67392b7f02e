/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-state-property.h: read-only properties that show a field of the
 * instance ("running", "valid", "error"). The object changes the field and
 * calls g_object_notify_by_pspec(); readers get the field's value. Each is
 * one line in class_init, and the class's get_property is
 * ib_state_property_get(), so no class writes a switch of its own. */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/* Read-only, explicitly notified properties of a gboolean, a char * or a
 * double at @field (G_STRUCT_OFFSET of the instance struct). */
GParamSpec *ib_state_property_boolean (const char *name,
                                       gsize       field);
GParamSpec *ib_state_property_string  (const char *name,
                                       gsize       field);
GParamSpec *ib_state_property_double  (const char *name,
                                       gsize       field,
                                       double      minimum,
                                       double      maximum);

/* A GObjectClass.get_property for classes whose properties all come from
 * the functions above. */
void        ib_state_property_get     (GObject    *object,
                                       guint       prop_id,
                                       GValue     *value,
                                       GParamSpec *pspec);

G_END_DECLS
