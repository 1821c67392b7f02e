/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-report-json-sniff.c: what a file given as a report is when it is not
 * JSON at all (a chart, the HTML or CSV of a report, an archive, any binary),
 * so the loader says that and what to open instead, rather than a JSON
 * parser's "line 1: unexpected data". Both iobench-cli and the window get
 * it from the loader. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "ib-report-json-private.h"

/* Case-insensitive prefix test on bytes that need not end in NUL. */
static gboolean
starts_with (const char *data,
             gsize       len,
             const char *prefix)
{
  gsize n = strlen (prefix);

  return len >= n && g_ascii_strncasecmp (data, prefix, n) == 0;
}

static gboolean
holds (const char *data,
       gsize       len,
       const char *needle)
{
  gsize n = strlen (needle);

  for (gsize i = 0; i + n <= len; i++)
    if (g_ascii_strncasecmp (data + i, needle, n) == 0)
      return TRUE;
  return FALSE;
}

/* What I/O Bench itself writes besides the JSON report. */
static const char *
export_kind (const char *head,
             gsize       n)
{
  if (starts_with (head, n, "\x89PNG\r\n\x1a\n"))
    return _("a PNG image");
  if (starts_with (head, n, "<!DOCTYPE html") || starts_with (head, n, "<html"))
    return _("an HTML page");
  if ((starts_with (head, n, "<?xml") || starts_with (head, n, "<svg")) && holds (head, n, "<svg"))
    return _("an SVG image");
  if (starts_with (head, n, "%PDF-"))
    return _("a PDF document");
  if (starts_with (head, n, "# I/O Bench"))
    return _("a Markdown page");
  if (starts_with (head, n, "strategy,round,"))
    return _("a CSV table");
  return NULL;
}

/* Other files someone may pick by mistake. */
static const char *
other_kind (const char *head,
            gsize       n)
{
  if (starts_with (head, n, "\x1f\x8b"))
    return _("a gzip archive");
  if (starts_with (head, n, "PK\x03\x04"))
    return _("a ZIP archive (or an office document)");
  if (starts_with (head, n, "\xff\xd8\xff"))
    return _("a JPEG image");
  if (starts_with (head, n, "GIF8"))
    return _("a GIF image");
  if (starts_with (head, n, "\x7f" "ELF"))
    return _("a program");
  return NULL;
}

char *
ib_json_sniff_not_json (const char *data,
                        gsize       len)
{
  gsize i = 0, n = MIN (len, 4096);
  const char *kind, *end;
  gboolean binary = FALSE;

  if (n >= 3 && memcmp (data, "\xEF\xBB\xBF", 3) == 0)
    i = 3;
  while (i < n && g_ascii_isspace (data[i]))
    i++;
  /* JSON, or near enough that the parser's message is the useful one */
  if (i == n || (data[i] != '\0' && strchr ("{[\"-0123456789tfn", data[i]) != NULL))
    return NULL;

  kind = export_kind (data + i, n - i);
  if (kind != NULL)
    /* Translators: %s is a kind of file, e.g. "a PNG image" */
    return g_strdup_printf (_("%s, not an I/O Bench report; open the .json report "
                              "it was exported from"), kind);

  /* A few common kinds by their first bytes (not by the system's MIME
   * database: the same answer everywhere), then binary or text. */
  kind = other_kind (data + i, n - i);
  if (kind != NULL)
    /* Translators: %s is a kind of file, e.g. "a ZIP archive" */
    return g_strdup_printf (_("%s, not an I/O Bench report; open a .json report saved by "
                              "I/O Bench"), kind);
  /* control characters, or not UTF-8 (a character may be cut at the end of
   * the first n bytes) */
  for (gsize k = 0; k < n; k++)
    if ((guchar) data[k] < 0x20 && !g_ascii_isspace (data[k]))
      binary = TRUE;
  if (binary || (!g_utf8_validate_len (data, n, &end) && (n == len || end < data + n - 3)))
    return g_strdup (_("a binary file, not an I/O Bench report; open a .json report saved "
                       "by I/O Bench"));
  return NULL;
}
