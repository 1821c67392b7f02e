/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-warning.c: a warning as a key and values (see ib-warning.h). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <math.h>
#include <stdarg.h>

#include "ib-warning.h"

IbWarning *
ib_warning_new (const char *key,
                const char *types,
                ...)
{
  IbWarning *w;
  GStrvBuilder *values = g_strv_builder_new ();
  va_list args;

  g_return_val_if_fail (key != NULL, NULL);
  g_return_val_if_fail (types != NULL, NULL);

  va_start (args, types);
  for (const char *t = types; *t != '\0'; t++)
    {
      char buf[G_ASCII_DTOSTR_BUF_SIZE];
      const char *s;

      switch (*t)
        {
        case 'u':
          g_snprintf (buf, sizeof buf, "%u", va_arg (args, guint));
          g_strv_builder_add (values, buf);
          break;
        case 'f':
          /* Two decimals are more than any sentence shows. */
          g_strv_builder_add (values, g_ascii_formatd (buf, sizeof buf, "%.2f",
                                                       va_arg (args, double)));
          break;
        case 's':
          s = va_arg (args, const char *);
          g_strv_builder_add (values, s != NULL ? s : "");
          break;
        default:
          g_critical ("ib_warning_new: unknown value type '%c'", *t);
          break;
        }
    }
  va_end (args);

  w = g_new0 (IbWarning, 1);
  w->key = g_strdup (key);
  w->values = g_strv_builder_end (values);
  g_strv_builder_unref (values);
  return w;
}

IbWarning *
ib_warning_new_strv (const char        *key,
                     const char *const *values)
{
  IbWarning *w = g_new0 (IbWarning, 1);

  w->key = g_strdup (key);
  w->values = values != NULL ? g_strdupv ((char **) values) : g_new0 (char *, 1);
  return w;
}

IbWarning *
ib_warning_new_text (const char *sentence)
{
  const char *values[] = { sentence != NULL ? sentence : "", NULL };

  return ib_warning_new_strv (NULL, values);
}

IbWarning *
ib_warning_copy (const IbWarning *warning)
{
  g_return_val_if_fail (warning != NULL, NULL);

  return ib_warning_new_strv (warning->key, (const char *const *) warning->values);
}

void
ib_warning_free (IbWarning *warning)
{
  if (warning == NULL)
    return;
  g_free (warning->key);
  g_strfreev (warning->values);
  g_free (warning);
}

gboolean
ib_warning_equal (const IbWarning *a,
                  const IbWarning *b)
{
  g_return_val_if_fail (a != NULL && b != NULL, FALSE);

  return g_strcmp0 (a->key, b->key) == 0 &&
         g_strv_equal ((const char *const *) a->values, (const char *const *) b->values);
}

char *
ib_warning_identity (const IbWarning *warning)
{
  g_autofree char *values = NULL;

  g_return_val_if_fail (warning != NULL, NULL);

  values = g_strjoinv ("\x1f", warning->values);
  return g_strconcat (warning->key != NULL ? warning->key : "", "\x1e", values, NULL);
}

guint
ib_warning_n_values (const IbWarning *warning)
{
  g_return_val_if_fail (warning != NULL, 0);

  return g_strv_length (warning->values);
}

const char *
ib_warning_string (const IbWarning *warning,
                   guint            i)
{
  g_return_val_if_fail (warning != NULL, "");

  return i < ib_warning_n_values (warning) ? warning->values[i] : "";
}

guint
ib_warning_uint (const IbWarning *warning,
                 guint            i)
{
  guint64 v = 0;

  if (!g_ascii_string_to_unsigned (ib_warning_string (warning, i), 10, 0, G_MAXUINT, &v, NULL))
    return 0;
  return (guint) v;
}

double
ib_warning_double (const IbWarning *warning,
                   guint            i)
{
  const char *s = ib_warning_string (warning, i);
  char *end = NULL;
  double v = g_ascii_strtod (s, &end);

  return end != s && *end == '\0' && isfinite (v) ? v : 0;
}
