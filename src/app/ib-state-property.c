/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-state-property.c: read-only properties that show a field of the
 * instance (ib-state-property.h). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include "ib-state-property.h"

#define STATE_FLAGS (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS)

/* The qdata of a state property's pspec: its field's offset. */
static GQuark
field_quark (void)
{
  static GQuark quark;

  if (G_UNLIKELY (quark == 0))
    quark = g_quark_from_static_string ("ib-state-property-field");
  return quark;
}

static GParamSpec *
with_field (GParamSpec *pspec,
            gsize       field)
{
  /* 0 is the parent instance, never a state field: it means "none" below. */
  g_assert (field > 0);
  g_param_spec_set_qdata (pspec, field_quark (), GSIZE_TO_POINTER (field));
  return pspec;
}

GParamSpec *
ib_state_property_boolean (const char *name,
                           gsize       field)
{
  return with_field (g_param_spec_boolean (name, NULL, NULL, FALSE, STATE_FLAGS), field);
}

GParamSpec *
ib_state_property_string (const char *name,
                          gsize       field)
{
  return with_field (g_param_spec_string (name, NULL, NULL, NULL, STATE_FLAGS), field);
}

GParamSpec *
ib_state_property_double (const char *name,
                          gsize       field,
                          double      minimum,
                          double      maximum)
{
  return with_field (g_param_spec_double (name, NULL, NULL, minimum, maximum, minimum,
                                          STATE_FLAGS),
                     field);
}

void
ib_state_property_get (GObject    *object,
                       guint       prop_id,
                       GValue     *value,
                       GParamSpec *pspec)
{
  gsize field = GPOINTER_TO_SIZE (g_param_spec_get_qdata (pspec, field_quark ()));
  gconstpointer at = G_STRUCT_MEMBER_P (object, field);

  if (field == 0)
    {
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }
  switch (G_PARAM_SPEC_VALUE_TYPE (pspec))
    {
    case G_TYPE_BOOLEAN:
      g_value_set_boolean (value, *(const gboolean *) at);
      break;
    case G_TYPE_STRING:
      g_value_set_string (value, *(const char *const *) at);
      break;
    case G_TYPE_DOUBLE:
      g_value_set_double (value, *(const double *) at);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}
