/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-report-json-load.c: a report file into memory for the loader
 * (ib-report-json-read.c), the one way both iobench-cli and the window open
 * a report.
 *
 * Only a regular file is read, and only up to IB_REPORT_MAX_BYTES: a device
 * (/dev/zero never ends), a FIFO (blocks until someone writes), a folder or a
 * socket is refused at once, naming what it is, and so is a file larger than
 * the limit, before a byte of it is read. It is opened without blocking and
 * without becoming the controlling terminal, so that neither happens while it
 * is looked at. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "engine/model/ib-error.h"
#include "ib-report-io.h"
#include "ib-report-json-private.h"

#ifndef O_NOCTTY
#define O_NOCTTY 0
#endif
#ifndef O_NONBLOCK
#define O_NONBLOCK 0
#endif
#ifndef O_CLOEXEC
#define O_CLOEXEC 0
#endif

/* What a file that is not a regular one is, for the message. */
static const char *
file_kind (mode_t mode)
{
  if (S_ISDIR (mode))
    return _("a folder");
#ifdef S_ISCHR
  if (S_ISCHR (mode))
    return _("a character device");
#endif
#ifdef S_ISBLK
  if (S_ISBLK (mode))
    return _("a block device");
#endif
#ifdef S_ISFIFO
  if (S_ISFIFO (mode))
    return _("a FIFO (a named pipe)");
#endif
#ifdef S_ISSOCK
  if (S_ISSOCK (mode))
    return _("a socket");
#endif
  return _("not a file");
}

static gboolean
too_large (const char *display,
           GError    **error)
{
  g_set_error (error, IB_ERROR, IB_ERROR_FORMAT,
               /* Translators: "big.json is larger than 64 MiB, the most I/O Bench
                * reads as a report" */
               _("%s is larger than %u MiB, the most I/O Bench reads as a report"), display,
               (guint) (IB_REPORT_MAX_BYTES >> 20));
  return FALSE;
}

static gboolean
read_error (const char *display,
            int         saved,
            GError    **error)
{
  g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
               _("Cannot read “%s”: %s"), display, g_strerror (saved));
  return FALSE;
}

/* The whole of regular file @path, at most IB_REPORT_MAX_BYTES, into *@data
 * (NUL-terminated) and *@length. */
static gboolean
read_report_file (const char *path,
                  char      **data,
                  gsize      *length,
                  GError    **error)
{
  g_autofree char *display = g_filename_display_name (path);
  g_autofree char *buf = NULL;
  gsize size, got = 0;
  struct stat st;
  int fd;

  fd = g_open (path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0);
  if (fd < 0)
    {
      int saved = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   _("Failed to open file “%s”: %s"), display, g_strerror (saved));
      return FALSE;
    }
  if (fstat (fd, &st) != 0)
    {
      int saved = errno;

      close (fd);
      return read_error (display, saved, error);
    }
  if (!S_ISREG (st.st_mode))
    {
      close (fd);
      /* Translators: "/dev/zero is not a regular file: it is a character
       * device; open a report saved by I/O Bench" */
      g_set_error (error, IB_ERROR, IB_ERROR_FORMAT,
                   _("%s is not a regular file: it is %s; open a report saved by I/O Bench"),
                   display, file_kind (st.st_mode));
      return FALSE;
    }
  if (st.st_size < 0 || (guint64) st.st_size > IB_REPORT_MAX_BYTES)
    {
      close (fd);
      return too_large (display, error);
    }

  /* One byte more than the size: a file that grows meanwhile is read on,
   * up to the limit. */
  size = (gsize) st.st_size + 1;
  buf = g_malloc (size + 1);
  for (;;)
    {
      gssize n;

      if (got == size)
        {
          if (size > IB_REPORT_MAX_BYTES)
            {
              close (fd);
              return too_large (display, error);
            }
          size = MIN (size * 2, IB_REPORT_MAX_BYTES + 1);
          buf = g_realloc (buf, size + 1);
        }
      n = read (fd, buf + got, size - got);
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int saved = errno;

          close (fd);
          return read_error (display, saved, error);
        }
      if (n == 0)
        break;
      got += (gsize) n;
    }
  close (fd);
  if (got > IB_REPORT_MAX_BYTES)
    return too_large (display, error);
  buf[got] = '\0';
  *data = g_steal_pointer (&buf);
  *length = got;
  return TRUE;
}

IbReport *
ib_report_load_json (const char *path,
                     GError    **error)
{
  g_autofree char *data = NULL;
  g_autoptr(GError) local = NULL;
  gsize length = 0;
  IbReport *report;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!read_report_file (path, &data, &length, error))
    return NULL;
  report = ib_report_from_json (data, (gssize) length, &local);
  if (report == NULL)
    {
      g_autofree char *display = g_filename_display_name (path);

      g_set_error (error, IB_ERROR, IB_ERROR_FORMAT, "%s: %s", display, local->message);
      return NULL;
    }
  return report;
}

/* ---- a large report's samples, a chunk at a time ------------------------- */

/* json-glib holds a whole document as a tree of nodes, objects and member
 * names: some 10 bytes of memory for every byte of a report's samples. The
 * top-level "samples" array is therefore cut out of the text before it is
 * parsed, and its entries are parsed IB_JSON_CHUNK at a time when the walker
 * comes to them: the memory a load takes is the text, the samples read and
 * one chunk's tree. Anything odd about the array (two of them, an empty
 * entry) leaves the text to be parsed whole, and a chunk that fails to parse
 * has the whole text parsed again for json-glib's message. */
#define IB_JSON_CHUNK 1000

typedef struct
{
  const char *data;
  GArray     *starts;   /* gsize: the first byte of each entry */
  GArray     *ends;     /* gsize: the byte after it (its ',' or ']') */
  gboolean    failed;   /* a chunk did not parse */
} Pending;

static void
pending_free (gpointer data)
{
  Pending *p = data;

  if (p == NULL)
    return;
  g_array_unref (p->starts);
  g_array_unref (p->ends);
  g_free (p);
}

static GPrivate pending_key = G_PRIVATE_INIT (pending_free);

static gsize
skip_space (const char *data,
            gsize       len,
            gsize       i)
{
  while (i < len && g_ascii_isspace (data[i]))
    i++;
  return i;
}

/* The end of the string starting at @i (its opening quote): the byte after
 * its closing quote, or @len. */
static gsize
skip_string (const char *data,
             gsize       len,
             gsize       i)
{
  for (i++; i < len; i++)
    {
      if (data[i] == '\\')
        i++;
      else if (data[i] == '"')
        return i + 1;
    }
  return len;
}

/* The entries of the array opening at @open: their starts and ends, and its
 * closing bracket in *@close; FALSE for an empty entry or no end. */
static gboolean
split_array (const char *data,
             gsize       len,
             gsize       open,
             GArray     *starts,
             GArray     *ends,
             gsize      *close)
{
  guint depth = 0;
  gsize i = skip_space (data, len, open + 1);

  if (i < len && data[i] == ']')
    {
      *close = i;
      return TRUE;
    }
  g_array_append_val (starts, i);
  while (i < len)
    {
      char c = data[i];

      if (c == '"')
        {
          i = skip_string (data, len, i);
          continue;
        }
      if (c == '{' || c == '[')
        depth++;
      else if ((c == '}' || c == ']') && depth > 0)
        depth--;
      else if (depth == 0 && (c == ',' || c == ']'))
        {
          gsize start = g_array_index (starts, gsize, starts->len - 1);

          if (skip_space (data, len, start) == i)
            return FALSE;   /* "[1,,2]", "[1,]": for json-glib to refuse */
          g_array_append_val (ends, i);
          if (c == ']')
            {
              *close = i;
              return TRUE;
            }
          i = skip_space (data, len, i + 1);
          g_array_append_val (starts, i);
          continue;
        }
      i++;
    }
  return FALSE;
}

/* Finds the top-level member "samples" when it is an array of more than a
 * chunk: a Pending with its entries, and its brackets in *@open, *@close. */
static Pending *
find_samples (const char *data,
              gsize       len,
              gsize      *open,
              gsize      *close)
{
  g_autoptr(GArray) starts = g_array_new (FALSE, FALSE, sizeof (gsize));
  g_autoptr(GArray) ends = g_array_new (FALSE, FALSE, sizeof (gsize));
  gsize key = 0, key_end = 0, i = 0;
  guint depth = 0, found = 0;
  Pending *p;

  while (i < len)
    {
      char c = data[i];

      if (c == '"')
        {
          key = i;
          i = key_end = skip_string (data, len, i);
          continue;
        }
      if (c == '{' || c == '[')
        depth++;
      else if (c == '}' || c == ']')
        depth--;
      else if (c == ':' && depth == 1 && key_end - key == 9
               && memcmp (data + key, "\"samples\"", 9) == 0)
        {
          gsize at = skip_space (data, len, i + 1);

          if (at >= len || data[at] != '[' || found++ > 0)
            return NULL;
          if (!split_array (data, len, at, starts, ends, close))
            return NULL;
          *open = at;
          i = *close + 1;
          continue;
        }
      i++;
    }
  if (found != 1 || starts->len <= IB_JSON_CHUNK || ends->len != starts->len)
    return NULL;
  p = g_new0 (Pending, 1);
  p->data = data;
  p->starts = g_steal_pointer (&starts);
  p->ends = g_steal_pointer (&ends);
  return p;
}

JsonParser *
ib_json_parse_report (const char *data,
                      gsize       len,
                      GError    **error)
{
  g_autoptr(JsonParser) parser = json_parser_new_immutable ();
  gsize open = 0, close = 0;
  Pending *p = find_samples (data, len, &open, &close);

  g_private_replace (&pending_key, NULL);
  if (p != NULL)
    {
      /* The text with the samples' array empty: "samples": [] */
      g_autoptr(GString) rest = g_string_sized_new (len - (close - open) + 1);

      g_string_append_len (rest, data, (gssize) open + 1);
      g_string_append_len (rest, data + close, (gssize) (len - close));
      if (json_parser_load_from_data (parser, rest->str, (gssize) rest->len, NULL))
        {
          g_private_replace (&pending_key, p);
          return g_steal_pointer (&parser);
        }
      pending_free (p);
    }
  if (!json_parser_load_from_data (parser, data, (gssize) len, error))
    return NULL;
  return g_steal_pointer (&parser);
}

gboolean
ib_json_chunks_end (void)
{
  Pending *p = g_private_get (&pending_key);
  gboolean failed = p != NULL && p->failed;

  g_private_replace (&pending_key, NULL);
  return failed;
}

gboolean
ib_json_chunks_pending (const char        *path,
                        const IbJsonField *field)
{
  return g_private_get (&pending_key) != NULL && (path == NULL || *path == '\0')
         && g_str_equal (field->name, "samples");
}

gboolean
ib_json_read_chunks (const char        *path,
                     const IbJsonField *field,
                     GArray            *into,
                     GError           **error)
{
  Pending *p = g_private_get (&pending_key);
  guint n = p->starts->len;

  if (!ib_json_check_length (n, path, field->name, field->max_len, error))
    return FALSE;
  g_array_set_size (into, 0);
  for (guint k = 0; k < n; k += IB_JSON_CHUNK)
    {
      guint count = MIN (IB_JSON_CHUNK, n - k);
      gsize start = g_array_index (p->starts, gsize, k);
      gsize end = g_array_index (p->ends, gsize, k + count - 1);
      g_autoptr(GString) text = g_string_sized_new (end - start + 3);
      g_autoptr(JsonParser) parser = json_parser_new_immutable ();
      JsonNode *root;

      g_string_append_c (text, '[');
      g_string_append_len (text, p->data + start, (gssize) (end - start));
      g_string_append_c (text, ']');
      if (!json_parser_load_from_data (parser, text->str, (gssize) text->len, NULL)
          || (root = json_parser_get_root (parser)) == NULL || !JSON_NODE_HOLDS_ARRAY (root)
          || json_array_get_length (json_node_get_array (root)) != count)
        {
          /* the caller parses the whole text for json-glib's own message */
          p->failed = TRUE;
          return ib_json_format_error (error, "samples[%u]: not valid JSON", k);
        }
      if (!ib_json_read_array (json_node_get_array (root), k, path, field->name,
                               field->section, into, error))
        return FALSE;
    }
  return TRUE;
}
