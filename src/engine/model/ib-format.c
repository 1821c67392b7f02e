/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-format.c: sizes and durations as people read them (ib-format.h). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <locale.h>
#include <math.h>
#include <string.h>

#include "engine/model/ib-format.h"

char *
ib_format_count (guint64 value)
{
  const struct lconv *lc = localeconv ();
  g_autofree char    *digits = NULL;
  GString            *out;
  size_t              len;

  if (lc->thousands_sep != NULL && *lc->thousands_sep != '\0')
    /* %' groups as the locale does, its grouping rule included */
    return g_strdup_printf ("%'" G_GUINT64_FORMAT, value);
  /* No separator (C, C.UTF-8): "352912x" cannot be read at a glance. */
  digits = g_strdup_printf ("%" G_GUINT64_FORMAT, value);
  len = strlen (digits);
  out = g_string_sized_new (len + len / 3 * 3);
  for (size_t i = 0; i < len; i++)
    {
      if (i > 0 && (len - i) % 3 == 0)
        g_string_append (out, g_strcmp0 (lc->decimal_point, ".") == 0 ? "," : "\u202f");
      g_string_append_c (out, digits[i]);
    }
  return g_string_free (out, FALSE);
}


char *
ib_format_size (guint64 bytes)
{
  static const char *units[] = { "KiB", "MiB", "GiB", "TiB", "PiB", "EiB" };

  /* Exact multiples read best as integers: "512 MiB", "640 KiB". */
  if (bytes >= 1024)
    {
      guint64 v = bytes;
      int     unit = -1;

      while (v >= 1024 && v % 1024 == 0 && unit + 1 < (int) G_N_ELEMENTS (units))
        {
          v /= 1024;
          unit++;
        }
      if (unit >= 0 && (v < 1024 || unit == (int) G_N_ELEMENTS (units) - 1))
        return g_strdup_printf ("%" G_GUINT64_FORMAT " %s", v, units[unit]);
    }
  /* Small odd sizes exactly, with thousands separated: "2,732 B". */
  if (bytes < 10000)
    {
      g_autofree char *n = ib_format_count (bytes);

      return g_strdup_printf ("%s B", n);
    }
  /* Three significant digits, as the charts print sizes ("2.25 GiB", not
   * g_format_size's "2.2 GiB" beside the chart's 2.25). */
  {
    double v = (double) bytes;
    int    unit = -1;

    while (v >= 1024 && unit + 1 < (int) G_N_ELEMENTS (units))
      {
        v /= 1024;
        unit++;
      }
    /* what would print as "1024 KiB" reads as "1.00 MiB" */
    if (v >= 1023.5 && unit + 1 < (int) G_N_ELEMENTS (units))
      {
        v /= 1024;
        unit++;
      }
    return g_strdup_printf ("%.*f %s", v < 9.995 ? 2 : v < 99.95 ? 1
                                                                 : 0,
                            v, units[unit]);
  }
}


char *
ib_format_duration (double ns)
{
  static const struct
  {
    double      scale;
    const char *unit;
  } units[] = {
    { 1.0, "ns" },
    { 1e3, "µs" },
    { 1e6, "ms" },
    { 1e9, "s" },
  };
  guint  i = 0;
  double v;

  if (!isfinite (ns))
    return g_strdup ("—");
  if (ns < 0)
    ns = 0;
  while (i + 1 < G_N_ELEMENTS (units) && ns >= units[i + 1].scale * 0.9995)
    i++;
  v = ns / units[i].scale;
  /* Three significant digits in every unit: a dispatch of 1.48 ns is not
   * "1 ns" (the charts print 1.48 ns); whole nanoseconds stay whole. */
  if (i == 0 && (v == 0 || v == floor (v)))
    return g_strdup_printf ("%.0f %s", v, units[i].unit);
  if (v >= 99.95)
    return g_strdup_printf ("%.0f %s", v, units[i].unit);
  if (v >= 9.995)
    return g_strdup_printf ("%.1f %s", v, units[i].unit);
  return g_strdup_printf ("%.2f %s", v, units[i].unit);
}
