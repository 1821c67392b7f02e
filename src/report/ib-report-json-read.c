/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-report-json-read.c: the JSON report's validating loader, walking the
 * field tables of ib-report-json-fields.c (the writer walks the same).
 *
 * The loader trusts nothing: every member is checked for presence, type and
 * range, and the first problem is reported as IB_ERROR_FORMAT naming the
 * member path, e.g. "samples[3].wall_ns: expected an integer". Before
 * json-glib sees the text, a small scanner rejects what json-glib would accept
 * silently or could choke on: integers that overflow gint64 (json-glib wraps
 * them), nesting deeper than the schema can need, and data after the report.
 */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "engine/model/ib-error.h"
#include "ib-report-io.h"
#include "ib-report-json-private.h"

/* ---- loading: pre-scan --------------------------------------------------- */

gboolean
ib_json_format_error (GError    **error,
                      const char *format,
                      ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  /* Messages quote the file's bytes (and json-glib's own parse errors do):
   * whatever they hold, what reaches a terminal or a GTK label is UTF-8. */
  if (!g_utf8_validate (message, -1, NULL))
    {
      char *valid = g_utf8_make_valid (message, -1);

      g_free (message);
      message = valid;
    }
  g_set_error_literal (error, IB_ERROR, IB_ERROR_FORMAT, message);
  return FALSE;
}

/* Rejects what json-glib would accept silently or recurse on without bound:
 * integer literals outside gint64 (json-glib wraps them), nesting deeper than
 * IB_JSON_MAX_DEPTH, and anything but white space after the top-level value. Strings
 * and everything else are left to json-glib. *@cut_at is the last line when the
 * text ends inside a string, object or array (a file cut short), else 0. */
static gboolean
prescan (const char *data,
         gsize       length,
         guint      *cut_at,
         GError    **error)
{
  guint depth = 0;
  guint line = 1;
  gboolean in_string = FALSE;
  gboolean ended = FALSE;
  gsize i = 0;

  while (i < length)
    {
      char c = data[i];

      if (c == '\n')
        line++;

      if (in_string)
        {
          if (c == '\\')
            i++;
          else if (c == '"')
            in_string = FALSE;
          i++;
          continue;
        }

      if (ended && !g_ascii_isspace (c))
        return ib_json_format_error (error,
                                     _("line %u: unexpected data after the end of the report"),
                                     line);

      if (c == '"')
        {
          in_string = TRUE;
        }
      else if (c == '{' || c == '[')
        {
          if (++depth > IB_JSON_MAX_DEPTH)
            return ib_json_format_error (error, _("line %u: nested more than %u levels deep"),
                                         line, IB_JSON_MAX_DEPTH);
        }
      else if (c == '}' || c == ']')
        {
          if (depth > 0 && --depth == 0)
            ended = TRUE;
        }
      else if (c == '-' || g_ascii_isdigit (c))
        {
          gsize start = i;
          gboolean integral = TRUE;

          while (i < length && (g_ascii_isdigit (data[i]) || strchr ("+-.eE", data[i]) != NULL)
                 && data[i] != '\0')
            {
              if (strchr (".eE", data[i]) != NULL)
                integral = FALSE;
              i++;
            }
          if (integral && i - start < 64)
            {
              char token[64];
              g_autoptr(GError) local = NULL;

              memcpy (token, data + start, i - start);
              token[i - start] = '\0';
              if (!g_ascii_string_to_signed (token, 10, G_MININT64, G_MAXINT64, NULL, &local)
                  && g_error_matches (local, G_NUMBER_PARSER_ERROR,
                                      G_NUMBER_PARSER_ERROR_OUT_OF_BOUNDS))
                return ib_json_format_error (error, _("line %u: the number %s is too large"),
                                             line, token);
            }
          else if (integral)
            {
              return ib_json_format_error (error, _("line %u: a number is too large"), line);
            }
          if (depth == 0)
            ended = TRUE;
          continue;
        }
      else if (depth == 0 && !g_ascii_isspace (c))
        {
          /* A bare literal at the top level: json-glib will refuse or accept
           * it; either way it is not an object and is reported below. */
          ended = TRUE;
        }
      i++;
    }
  *cut_at = in_string || depth > 0 ? line : 0;
  return TRUE;
}

/* ---- typed member access ------------------------------------------------- */

char *
ib_json_member_path (const char *path,
                     const char *name)
{
  if (path == NULL || *path == '\0')
    return g_strdup (name);
  return g_strdup_printf ("%s.%s", path, name);
}

gboolean
ib_json_member_error (GError    **error,
                      const char *path,
                      const char *name,
                      const char *what)
{
  g_autofree char *full = ib_json_member_path (path, name);

  /* Translators: the first %s is a member path such as "samples[3].wall_ns",
   * the second says what is wrong, e.g. "expected an integer". */
  return ib_json_format_error (error, _("%s: %s"), full, what);
}

JsonNode *
ib_json_get_member (JsonObject *obj,
                    const char *path,
                    const char *name,
                    gboolean    required,
                    gboolean    null_ok,
                    gboolean   *ok,
                    GError    **error)
{
  JsonNode *node = json_object_get_member (obj, name);

  *ok = TRUE;
  if (node == NULL && required && (path == NULL || *path == '\0'))
    {
      /* A part of the report itself is gone: the file was cut or edited. */
      /* Translators: %s is a member of the report, "plan" */
      *ok = ib_json_format_error (error, _("the report has no “%s” part, so it is incomplete "
                                           "(cut short or edited). Open the whole report as "
                                           "I/O Bench saved it, or run the benchmark again."),
                                  name);
      return NULL;
    }
  if (node == NULL)
    {
      if (required)
        *ok = ib_json_member_error (error, path, name, _("missing"));
      return NULL;
    }
  if (JSON_NODE_HOLDS_NULL (node))
    {
      if (!null_ok)
        *ok = ib_json_member_error (error, path, name, _("must not be null"));
      return NULL;
    }
  return node;
}

gboolean
ib_json_node_is_int (JsonNode *node)
{
  return JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_INT64;
}

static gboolean
node_is_number (JsonNode *node)
{
  return JSON_NODE_HOLDS_VALUE (node)
         && (json_node_get_value_type (node) == G_TYPE_INT64
             || json_node_get_value_type (node) == G_TYPE_DOUBLE);
}

gboolean
ib_json_node_is_string (JsonNode *node)
{
  return JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING;
}

static gboolean
out_of_range (GError    **error,
              const char *path,
              const char *name,
              const char *value,
              const char *min,
              const char *max)
{
  /* Translators: "5000000000 is out of range (0 to 4294967295)" */
  g_autofree char *what = g_strdup_printf (_("%s is out of range (%s to %s)"), value, min, max);

  return ib_json_member_error (error, path, name, what);
}

gboolean
ib_json_check_int (JsonNode   *node,
                   const char *path,
                   const char *name,
                   gint64      min,
                   gint64      max,
                   gint64     *out,
                   GError    **error)
{
  gint64 v;

  if (!ib_json_node_is_int (node))
    return ib_json_member_error (error, path, name, _("expected an integer"));
  v = json_node_get_int (node);
  if (v < min || v > max)
    {
      g_autofree char *vs = g_strdup_printf ("%" G_GINT64_FORMAT, v);
      g_autofree char *mins = g_strdup_printf ("%" G_GINT64_FORMAT, min);
      g_autofree char *maxs = g_strdup_printf ("%" G_GINT64_FORMAT, max);

      return out_of_range (error, path, name, vs, mins, maxs);
    }
  *out = v;
  return TRUE;
}

gboolean
ib_json_read_int (JsonObject            *o,
                  const char            *path,
                  const IbJsonIntMember *member,
                  gint64                *out,
                  gboolean              *found,
                  GError               **error)
{
  gboolean ok;
  JsonNode *node = ib_json_get_member (o, path, member->name, member->required,
                                       !member->required, &ok, error);

  if (found != NULL)
    *found = node != NULL;
  if (node == NULL)
    return ok;
  return ib_json_check_int (node, path, member->name, member->min, member->max, out, error);
}

JsonNode *
ib_json_read_container (JsonObject *o,
                        const char *path,
                        const char *name,
                        gboolean    required,
                        JsonNodeType type,
                        gboolean   *ok,
                        GError    **error)
{
  JsonNode *node = ib_json_get_member (o, path, name, required, !required, ok, error);

  if (node == NULL || JSON_NODE_TYPE (node) == type)
    return node;
  *ok = ib_json_member_error (error, path, name,
                              type == JSON_NODE_OBJECT ? _("expected an object")
                                                       : _("expected an array"));
  return NULL;
}

/* A finite number in the range of the double field @f (dmin to dmax with
 * IB_JF_RANGE, else 0 to G_MAXDOUBLE) into *out. */
static gboolean
check_double (JsonNode          *node,
              const char        *path,
              const IbJsonField *f,
              double            *out,
              GError           **error)
{
  double min = (f->flags & IB_JF_RANGE) ? f->dmin : 0;
  double max = (f->flags & IB_JF_RANGE) ? f->dmax : G_MAXDOUBLE;
  double v;

  if (!node_is_number (node))
    return ib_json_member_error (error, path, f->name, _("expected a number"));
  v = json_node_get_double (node);
  if (!isfinite (v))
    return ib_json_member_error (error, path, f->name, _("expected a finite number"));
  if (v < min || v > max)
    {
      g_autofree char *vs = g_strdup_printf ("%g", v);
      g_autofree char *mins = g_strdup_printf ("%g", min);
      g_autofree char *maxs = g_strdup_printf ("%g", max);

      return out_of_range (error, path, f->name, vs, mins, maxs);
    }
  *out = v;
  return TRUE;
}

/* A string node, repaired to UTF-8: a lone "\ud800" escape decodes to bytes
 * that are not UTF-8 (U+FFFD then), so labels, terminals and writers only
 * ever see UTF-8. */
static char *
node_dup_string (JsonNode *node)
{
  return g_utf8_make_valid (json_node_get_string (node), -1);
}

JsonObject *
ib_json_array_object (JsonArray  *array,
                      guint       index,
                      const char *path,
                      const char *name,
                      char      **elem_path,
                      GError    **error)
{
  return ib_json_chunk_object (array, index, index, path, name, elem_path, error);
}

JsonObject *
ib_json_chunk_object (JsonArray  *array,
                      guint       index,
                      guint       entry,
                      const char *path,
                      const char *name,
                      char      **elem_path,
                      GError    **error)
{
  JsonNode *node = json_array_get_element (array, index);
  g_autofree char *base = ib_json_member_path (path, name);

  *elem_path = g_strdup_printf ("%s[%u]", base, entry);
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    {
      ib_json_format_error (error, _("%s: expected an object"), *elem_path);
      return NULL;
    }
  return json_node_get_object (node);
}

gboolean
ib_json_check_length (guint       n,
                      const char *path,
                      const char *name,
                      guint       max_len,
                      GError    **error)
{
  guint max = max_len != 0 ? max_len : IB_REPORT_MAX_ENTRIES;
  g_autofree char *what = NULL;

  if (n <= max)
    return TRUE;
  /* Translators: "100001 entries, more than the 100000 a report may hold" */
  what = g_strdup_printf (_("%u entries, more than the %u a report may hold"), n, max);
  return ib_json_member_error (error, path, name, what);
}

static gboolean
read_string_array (JsonArray  *array,
                   const char *path,
                   const char *name,
                   GPtrArray  *into,
                   GError    **error)
{
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *node = json_array_get_element (array, i);

      if (!ib_json_node_is_string (node))
        {
          g_autofree char *base = ib_json_member_path (path, name);

          return ib_json_format_error (error, _("%s[%u]: expected a string"), base, i);
        }
      g_ptr_array_add (into, node_dup_string (node));
    }
  return TRUE;
}

static gboolean
read_u64_array (JsonArray  *array,
                const char *path,
                const char *name,
                GArray     *into,
                GError    **error)
{
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      g_autofree char *elem = g_strdup_printf ("%s[%u]", name, i);
      gint64 v;
      guint64 u;

      if (!ib_json_check_int (json_array_get_element (array, i), path, elem, 0, G_MAXINT64,
                              &v, error))
        return FALSE;
      u = (guint64) v;
      g_array_append_val (into, u);
    }
  return TRUE;
}

/* ---- the tables' walker -------------------------------------------------- */

#define MEMBER(st, field, Type) (*(Type *) ((char *) (st) + (field)->offset))

static void
int_range (const IbJsonField *f,
           gint64            *min,
           gint64            *max)
{
  if ((f->flags & IB_JF_RANGE) || f->kind == IB_JF_INT)
    {
      *min = f->min;
      *max = f->max;
    }
  else
    {
      *min = 0;
      *max = f->kind == IB_JF_UINT ? G_MAXUINT : G_MAXINT64;
    }
}

/* The objects of @array into @into; the first is entry @base of the
 * member (for the paths of messages: a chunk of a longer array). */
gboolean
ib_json_read_array (JsonArray           *array,
                    guint                base,
                    const char          *path,
                    const char          *name,
                    const IbJsonSection *section,
                    GArray              *into,
                    GError             **error)
{
  g_autofree guint8 *elem = g_malloc (section->size);

  g_assert (g_array_get_element_size (into) == section->size);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      g_autofree char *ep = NULL;
      JsonObject *o = ib_json_chunk_object (array, i, base + i, path, name, &ep, error);
      gboolean good;

      if (o == NULL)
        return FALSE;
      memset (elem, 0, section->size);
      if (section->init != NULL)
        section->init (elem);
      good = ib_json_read_object (o, ep, section, elem, error);
      /* The array owns what was read from here on, even when we bail out. */
      g_array_append_vals (into, elem, 1);
      if (!good)
        return FALSE;
    }
  return TRUE;
}

/* The object @node into @sub, by @f's section (its init first with @init). */
static gboolean
read_sub_object (JsonNode          *node,
                 const char        *path,
                 const IbJsonField *f,
                 gpointer           sub,
                 gboolean           init,
                 GError           **error)
{
  g_autofree char *sub_path = ib_json_member_path (path, f->name);

  if (!JSON_NODE_HOLDS_OBJECT (node))
    return ib_json_member_error (error, path, f->name, _("expected an object"));
  if (init && f->section->init != NULL)
    f->section->init (sub);
  return ib_json_read_object (json_node_get_object (node), sub_path, f->section, sub, error);
}

/* An integer of any width into @f's member, in its range. */
static gboolean
read_int_member (JsonNode          *node,
                 const char        *path,
                 const IbJsonField *f,
                 gpointer           st,
                 GError           **error)
{
  gint64 min, max, v;

  int_range (f, &min, &max);
  if (!ib_json_check_int (node, path, f->name, min, max, &v, error))
    return FALSE;
  if (f->kind == IB_JF_UINT)
    MEMBER (st, f, guint) = (guint) v;
  else if (f->kind == IB_JF_INT)
    MEMBER (st, f, int) = (int) v;
  else if (f->kind == IB_JF_INT64)
    MEMBER (st, f, gint64) = v;
  else
    MEMBER (st, f, guint64) = (guint64) v;
  return TRUE;
}

static gboolean
read_string_member (JsonNode          *node,
                    const char        *path,
                    const IbJsonField *f,
                    gpointer           st,
                    GError           **error)
{
  if (!ib_json_node_is_string (node))
    return ib_json_member_error (error, path, f->name, _("expected a string"));
  if (f->flags & IB_JF_INTERN)
    {
      g_autofree char *s = node_dup_string (node);

      MEMBER (st, f, const char *) = g_intern_string (s);
    }
  else
    {
      g_free (MEMBER (st, f, char *));
      MEMBER (st, f, char *) = node_dup_string (node);
    }
  return TRUE;
}

/* One of the names of @f's enum type. */
static gboolean
read_enum_member (JsonNode          *node,
                  const char        *path,
                  const IbJsonField *f,
                  gpointer           st,
                  GError           **error)
{
  const char *name;

  if (!ib_json_node_is_string (node))
    return ib_json_member_error (error, path, f->name, _("expected a string"));
  name = json_node_get_string (node);
  if (!f->enum_type->from_string (name, &MEMBER (st, f, int)))
    {
      g_autofree char *valid = g_utf8_make_valid (name, -1);
      g_autofree char *what = NULL;

      /* Translators: the first %s is a value from the file, the second
       * the list of values this version knows, e.g. "warm, cold, as-is". */
      what = g_strdup_printf (_("unknown value “%s” (expected one of: %s)"),
                              valid, f->enum_type->expected);

      return ib_json_member_error (error, path, f->name, what);
    }
  return TRUE;
}

/* The pending samples (ib-report-json-chunks.c), a chunk at a time. */
static gboolean
read_chunks (const char        *path,
             const IbJsonField *field,
             GArray            *into,
             GError           **error)
{
  guint n = ib_json_chunks_count ();

  if (!ib_json_check_length (n, path, field->name, field->max_len, error))
    return FALSE;
  g_array_set_size (into, 0);
  for (guint k = 0; k < n; k += IB_JSON_CHUNK)
    {
      guint count = MIN (IB_JSON_CHUNK, n - k);
      g_autoptr(JsonParser) parser = ib_json_chunk_parse (k, count);

      if (parser == NULL)
        return ib_json_format_error (error, "samples[%u]: not valid JSON", k);
      if (!ib_json_read_array (json_node_get_array (json_parser_get_root (parser)), k, path,
                               field->name, field->section, into, error))
        return FALSE;
    }
  return TRUE;
}

/* An array of strings, of integers or of objects (@f's section), in one
 * piece or a chunk at a time. */
static gboolean
read_array_member (JsonNode          *node,
                   const char        *path,
                   const IbJsonField *f,
                   gpointer           st,
                   GError           **error)
{
  if (!JSON_NODE_HOLDS_ARRAY (node))
    return ib_json_member_error (error, path, f->name, _("expected an array"));
  if (!ib_json_chunks_pending (path, f)
      && !ib_json_check_length (json_array_get_length (json_node_get_array (node)), path,
                                f->name, f->max_len, error))
    return FALSE;
  if (f->kind == IB_JF_STRV)
    return read_string_array (json_node_get_array (node), path, f->name,
                              MEMBER (st, f, GPtrArray *), error);
  if (f->kind == IB_JF_U64V)
    return read_u64_array (json_node_get_array (node), path, f->name,
                           MEMBER (st, f, GArray *), error);
  if (ib_json_chunks_pending (path, f))
    return read_chunks (path, f, MEMBER (st, f, GArray *), error);
  return ib_json_read_array (json_node_get_array (node), 0, path, f->name, f->section,
                             MEMBER (st, f, GArray *), error);
}

gboolean
ib_json_read_plain (JsonObject        *o,
                    const char        *path,
                    const IbJsonField *f,
                    gpointer           st,
                    GError           **error)
{
  gboolean required = (f->flags & IB_JF_REQUIRED) != 0;
  gboolean nullable = (f->flags & IB_JF_NULLABLE) != 0;
  gboolean ok;
  JsonNode *node;

  if (f->kind == IB_JF_DOUBLE)
    {
      /* null reads as the field's own "unknown", wherever it is allowed */
      node = json_object_get_member (o, f->name);
      if (node != NULL && JSON_NODE_HOLDS_NULL (node))
        {
          MEMBER (st, f, double) = f->dnull;
          return TRUE;
        }
    }

  /* Optional objects and arrays may be null; strings when nullable. */
  node = ib_json_get_member (o, path, f->name, required,
                             nullable || (!required && (f->kind == IB_JF_OBJECT
                                                        || f->kind == IB_JF_ARRAY
                                                        || f->kind == IB_JF_STRV
                                                        || f->kind == IB_JF_U64V)),
                             &ok, error);
  if (node == NULL)   /* absent, or null where allowed: the default stays */
    return ok;

  switch (f->kind)
    {
    case IB_JF_UINT:
    case IB_JF_INT:
    case IB_JF_INT64:
    case IB_JF_UINT64:
      return read_int_member (node, path, f, st, error);

    case IB_JF_DOUBLE:
      return check_double (node, path, f, &MEMBER (st, f, double), error);

    case IB_JF_BOOL:
      if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_BOOLEAN)
        return ib_json_member_error (error, path, f->name, _("expected true or false"));
      MEMBER (st, f, gboolean) = json_node_get_boolean (node);
      return TRUE;

    case IB_JF_STRING:
      return read_string_member (node, path, f, st, error);

    case IB_JF_ENUM:
      return read_enum_member (node, path, f, st, error);

    case IB_JF_STRV:
    case IB_JF_U64V:
    case IB_JF_ARRAY:
      return read_array_member (node, path, f, st, error);

    case IB_JF_OBJECT:
      /* the parent owns it from here on, even when we bail out */
      if (MEMBER (st, f, gpointer) == NULL)
        MEMBER (st, f, gpointer) = f->section->new_ ();
      return read_sub_object (node, path, f, MEMBER (st, f, gpointer), TRUE, error);

    case IB_JF_INLINE:
      /* held by value: its holder's init initialised it */
      return read_sub_object (node, path, f, (char *) st + f->offset, FALSE, error);

    case IB_JF_SPECIAL:
    default:
      g_return_val_if_reached (FALSE);
    }
}

gboolean
ib_json_read_ignored (JsonObject        *o,
                      const char        *path,
                      const IbJsonField *field,
                      gpointer           st,
                      GError           **error)
{
  return TRUE;
}

gboolean
ib_json_read_derived_string (JsonObject        *o,
                             const char        *path,
                             const IbJsonField *field,
                             gpointer           st,
                             GError           **error)
{
  gboolean ok;
  JsonNode *node = ib_json_get_member (o, path, field->name, FALSE, TRUE, &ok, error);

  if (node != NULL && !ib_json_node_is_string (node))
    return ib_json_member_error (error, path, field->name, _("expected a string"));
  return ok;
}

gboolean
ib_json_read_object (JsonObject          *o,
                     const char          *path,
                     const IbJsonSection *section,
                     gpointer             st,
                     GError             **error)
{
  for (guint i = 0; i < section->n_fields; i++)
    {
      const IbJsonField *f = &section->fields[i];
      gboolean *when = (gboolean *) ((char *) st + f->when);

      if (f->flags & IB_JF_WHEN_KEY)
        *when = json_object_has_member (o, f->name);
      if ((f->flags & IB_JF_WHEN) && !*when)
        continue;
      if (!(f->read != NULL ? f->read (o, path, f, st, error)
                            : ib_json_read_plain (o, path, f, st, error)))
        return FALSE;
    }
  return section->finish == NULL || section->finish (st, path, error);
}

/* ---- entry points -------------------------------------------------------- */

/* json-glib's refusal of the text in words: a file cut short (the text
 * ends inside a string, object or array at line @cut_at), or its message. */
static void
parse_error (const char   *data,
             gsize         len,
             guint         cut_at,
             const GError *local,
             GError      **error)
{
  /* (json-glib's own message when the text is not UTF-8 at all) */
  if (cut_at > 0 && g_utf8_validate_len (data, len, NULL))
    ib_json_format_error (error,
                          _("the report stops in the middle, at line %u: the file was "
                            "cut short (a full disk, or a copy or download that did not "
                            "finish); open a complete copy of it"), cut_at);
  else
    /* Translators: %s is json-glib's message, with line and column. */
    ib_json_format_error (error, _("not valid JSON: %s"), local->message);
}

static IbReport *
read_report (JsonNode *root,
             GError  **error)
{
  g_autoptr(IbReport) report = NULL;

  if (root == NULL)
    {
      ib_json_format_error (error, _("the file is empty"));
      return NULL;
    }
  if (!JSON_NODE_HOLDS_OBJECT (root))
    {
      ib_json_format_error (error, _("not an I/O Bench report (expected a JSON object)"));
      return NULL;
    }
  report = ib_report_new ();
  g_clear_pointer (&report->created, g_free);
  if (!ib_json_read_object (json_node_get_object (root), "", &ib_json_report_section, report,
                            error))
    return NULL;
  return g_steal_pointer (&report);
}

IbReport *
ib_report_from_json (const char *data,
                     gssize      length,
                     GError    **error)
{
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(IbReport) report = NULL;
  g_autoptr(GError) local = NULL;
  g_autofree char *not_json = NULL;
  guint cut_at = 0;
  gsize len;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  len = length < 0 ? strlen (data) : (gsize) length;
  /* A byte order mark is no part of the JSON (RFC 8259 lets a reader skip
   * it); editors on some systems put one in front. */
  if (len >= 3 && memcmp (data, "\xEF\xBB\xBF", 3) == 0)
    {
      data += 3;
      len -= 3;
    }
  if (len > IB_REPORT_MAX_BYTES)
    {
      ib_json_format_error (error, _("the report is larger than %u MiB, the most I/O Bench "
                                     "reads"), (guint) (IB_REPORT_MAX_BYTES >> 20));
      return NULL;
    }
  if (len == 0)
    {
      ib_json_format_error (error, _("the file is empty"));
      return NULL;
    }
  not_json = ib_json_sniff_not_json (data, len);
  if (not_json != NULL)
    {
      ib_json_format_error (error, "%s", not_json);
      return NULL;
    }
  if (!prescan (data, len, &cut_at, error))
    return NULL;

  parser = ib_json_parse_report (data, len, &local);
  if (parser == NULL)
    {
      parse_error (data, len, cut_at, local, error);
      return NULL;
    }
  report = read_report (json_parser_get_root (parser), &local);
  if (ib_json_chunks_end ())
    {
      /* A chunk of the samples did not parse: the whole text, parsed as
       * one, says where and why as any other file would. */
      g_autoptr(JsonParser) whole = json_parser_new_immutable ();

      g_clear_pointer (&report, ib_report_unref);
      g_clear_error (&local);
      if (!json_parser_load_from_data (whole, data, (gssize) len, &local))
        {
          parse_error (data, len, cut_at, local, error);
          return NULL;
        }
      report = read_report (json_parser_get_root (whole), &local);
    }
  if (report == NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return NULL;
    }
  return g_steal_pointer (&report);
}
