/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-report-json-chunks.c: a large report's samples, a chunk at a time
 * (ib-report-json-private.h). It only cuts and parses text: the walker
 * (ib-report-json-read.c) reads what it parses, so the dependency goes one
 * way, from the reader to here. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <string.h>

#include "ib-report-json-private.h"

/* json-glib holds a whole document as a tree of nodes, objects and member
 * names: some 10 bytes of memory for every byte of a report's samples. The
 * top-level "samples" array is therefore cut out of the text before it is
 * parsed, and its entries are parsed IB_JSON_CHUNK at a time when the walker
 * comes to them: the memory a load takes is the text, the samples read and
 * one chunk's tree. Anything odd about the array (two of them, an empty
 * entry) leaves the text to be parsed whole, and a chunk that fails to parse
 * has the whole text parsed again for json-glib's message
 * (IB_JSON_CHUNK: how many entries a chunk holds). */
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


guint
ib_json_chunks_count (void)
{
  Pending *p = g_private_get (&pending_key);

  return p != NULL ? p->starts->len : 0;
}

JsonParser *
ib_json_chunk_parse (guint first,
                     guint count)
{
  Pending *p = g_private_get (&pending_key);
  gsize start = g_array_index (p->starts, gsize, first);
  gsize end = g_array_index (p->ends, gsize, first + count - 1);
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
      return NULL;
    }
  return g_steal_pointer (&parser);
}
