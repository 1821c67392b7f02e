/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-text-safe.c: text from a report made safe for a terminal, a document
 * and a spreadsheet (ib-text-safe.h). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <string.h>

#include "ib-text-safe.h"

/* A character a terminal acts on rather than shows. */
static gboolean
is_terminal_control (gunichar c)
{
  return c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0) || (c >= 0x202a && c <= 0x202e) ||
         (c >= 0x2066 && c <= 0x2069);
}

char *
ib_text_for_terminal (const char *text,
                      gboolean    keep_newlines)
{
  g_autofree char *valid = g_utf8_make_valid (text != NULL ? text : "", -1);
  GString *out = g_string_sized_new (strlen (valid));

  for (const char *p = valid; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (!is_terminal_control (c) || (c == '\n' && keep_newlines))
        g_string_append_len (out, p, g_utf8_next_char (p) - p);
      else if (c < 0x80)
        g_string_append_printf (out, "\\x%02x", c);
      else
        g_string_append_printf (out, "\\u%04x", c);
    }
  return g_string_free (out, FALSE);
}

/* A character a document cannot hold (XML 1.0's Char production, less the
 * controls and the noncharacters). */
static gboolean
is_document_unsafe (gunichar c)
{
  if (c < 0x20)
    return c != '\t' && c != '\n' && c != '\r';
  return (c >= 0x7f && c < 0xa0) || (c >= 0xfdd0 && c <= 0xfdef) || (c & 0xfffe) == 0xfffe ||
         (c >= 0xd800 && c <= 0xdfff) || c > 0x10ffff;
}

char *
ib_text_for_document (const char *text)
{
  g_autofree char *valid = g_utf8_make_valid (text != NULL ? text : "", -1);
  GString *out = g_string_sized_new (strlen (valid));

  for (const char *p = valid; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (is_document_unsafe (c))
        g_string_append_unichar (out, 0xfffd);
      else
        g_string_append_len (out, p, g_utf8_next_char (p) - p);
    }
  return g_string_free (out, FALSE);
}

gboolean
ib_text_csv_is_formula (const char *text)
{
  return text != NULL && text[0] != '\0' && strchr ("=+-@\t\r", text[0]) != NULL;
}
