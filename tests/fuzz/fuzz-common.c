/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-common.c: what the fuzz targets share (fuzz-common.h). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <stdlib.h>

#include <glib/gstdio.h>

#include "engine/model/ib-error.h"
#include "fuzz-common.h"
#include "report/ib-report-io.h"

void
fuzz_init (void)
{
  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
}

IbReport *
fuzz_load (const char *data,
           gsize       size)
{
  g_autoptr(GError) error = NULL;
  IbReport *report = ib_report_from_json (data, (gssize) size, &error);

  if (report == NULL &&
      (!g_error_matches (error, IB_ERROR, IB_ERROR_FORMAT) || error->message[0] == '\0'))
    {
      g_printerr ("bad error from ib_report_from_json: %s\n",
                  error != NULL ? error->message : "(none)");
      abort ();
    }
  if (report != NULL && error != NULL)
    abort ();
  return report;
}

static gboolean
document_unsafe (guint64 c)
{
  if (c < 0x20)
    return c != '\t' && c != '\n' && c != '\r';
  return (c >= 0x7f && c < 0xa0) || (c & 0xfffe) == 0xfffe || (c >= 0xd800 && c <= 0xdfff) ||
         c > 0x10ffff;
}

static G_GNUC_NORETURN void
fail (const char *what,
      const char *why,
      const char *text,
      const char *at)
{
  g_printerr ("%s: %s at byte %td: …%.40s…\n", what, why, at - text, at);
  abort ();
}

void
fuzz_check_document (const char *what,
                     const char *text)
{
  const char *end = NULL;

  if (text == NULL || !g_utf8_validate (text, -1, &end))
    fail (what, "not UTF-8", text != NULL ? text : "", end != NULL ? end : "");
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (document_unsafe (c))
        fail (what, "a character no document may hold", text, p);
      /* "&#1;" or "&#x1;": as invalid in XML as the character itself */
      if (c == '&' && p[1] == '#')
        {
          gboolean hex = p[2] == 'x' || p[2] == 'X';
          guint64 v = g_ascii_strtoull (p + (hex ? 3 : 2), NULL, hex ? 16 : 10);

          if (document_unsafe (v))
            fail (what, "a reference to a character no document may hold", text, p);
        }
    }
}

void
fuzz_check_terminal (const char *what,
                     const char *text)
{
  const char *end = NULL;

  if (text == NULL || !g_utf8_validate (text, -1, &end))
    fail (what, "not UTF-8", text != NULL ? text : "", end != NULL ? end : "");
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if ((c < 0x20 && c != '\n') || c == 0x7f || (c >= 0x80 && c < 0xa0) ||
          (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069))
        fail (what, "a character a terminal acts on", text, p);
    }
}

void
fuzz_check_svg (const char *what,
                const char *svg)
{
  static const GMarkupParser parser = { 0 };
  g_autoptr(GMarkupParseContext) context = NULL;
  g_autoptr(GError) error = NULL;

  fuzz_check_document (what, svg);
  context = g_markup_parse_context_new (&parser, 0, NULL, NULL);
  if (!g_markup_parse_context_parse (context, svg, -1, &error) ||
      !g_markup_parse_context_end_parse (context, &error))
    {
      g_printerr ("%s: not well-formed XML: %s\n", what, error->message);
      abort ();
    }
}

static char *tmpdir;

static void
remove_tmpdir (void)
{
  fuzz_clear_tmpdir ();
  g_rmdir (tmpdir);
}

/* Removes what @dir holds (files and folders of files: a Markdown report's
 * charts), never following a symlink. */
static void
clear_dir (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      if (g_file_test (path, G_FILE_TEST_IS_DIR) && !g_file_test (path, G_FILE_TEST_IS_SYMLINK))
        {
          clear_dir (path);
          g_rmdir (path);
        }
      else
        g_unlink (path);
    }
}

const char *
fuzz_tmpdir (void)
{
  if (tmpdir == NULL)
    {
      tmpdir = g_dir_make_tmp ("iobench-fuzz-XXXXXX", NULL);
      if (tmpdir == NULL)
        abort ();
      atexit (remove_tmpdir);
    }
  return tmpdir;
}

void
fuzz_clear_tmpdir (void)
{
  if (tmpdir != NULL)
    clear_dir (tmpdir);
}
