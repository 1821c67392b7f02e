/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-report-json-write.c: the JSON report's writer, schema "iobench-report"
 * version 1, walking the field tables of ib-report-json-fields.c.
 *
 * Field names are those of ib-types.h, a contract (docs/architecture.md,
 * "The contract: CLI and report fields"). Integers are JSON integers
 * (json-glib's gint64), doubles are written with 17 significant digits so
 * they load back bit for bit. A double that is not finite is written as
 * null and loads back as 0 (a residency of null means "unknown" and loads
 * back as -1). A seed above G_MAXINT64 does not fit a JSON integer and is
 * written as a decimal string. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <math.h>
#include <string.h>

#include "engine/io/ib-output.h"
#include "ib-report-io.h"
#include "ib-report-json-private.h"

void
ib_json_add_int (JsonBuilder *b,
                 const char  *name,
                 gint64       value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_int_value (b, value);
}

static void
add_u64 (JsonBuilder *b,
         const char  *name,
         guint64      value)
{
  /* JSON integers are gint64 in json-glib; no byte count or counter gets
   * near 2^63, and the loader refuses negative values. */
  ib_json_add_int (b, name, (gint64) MIN (value, (guint64) G_MAXINT64));
}

void
ib_json_add_double (JsonBuilder *b,
                    const char  *name,
                    double       value)
{
  json_builder_set_member_name (b, name);
  if (isfinite (value))
    json_builder_add_double_value (b, value);
  else
    json_builder_add_null_value (b);
}

void
ib_json_add_bool (JsonBuilder *b,
                  const char  *name,
                  gboolean     value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_boolean_value (b, value ? TRUE : FALSE);
}

void
ib_json_add_string (JsonBuilder *b,
                    const char  *name,
                    const char  *value)
{
  json_builder_set_member_name (b, name);
  if (value == NULL)
    {
      json_builder_add_null_value (b);
    }
  else if (!g_utf8_validate (value, -1, NULL))
    {
      /* JSON is UTF-8 and the loader checks it: never save what cannot load */
      g_autofree char *valid = g_utf8_make_valid (value, -1);

      json_builder_add_string_value (b, valid);
    }
  else
    {
      json_builder_add_string_value (b, value);
    }
}

static void
add_string_array (JsonBuilder *b,
                  const char  *name,
                  GPtrArray   *strings)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_array (b);
  if (strings != NULL)
    for (guint i = 0; i < strings->len; i++)
      {
        const char *s = g_ptr_array_index (strings, i);
        g_autofree char *valid = g_utf8_make_valid (s != NULL ? s : "", -1);

        json_builder_add_string_value (b, valid);
      }
  json_builder_end_array (b);
}

static void
add_u64_array (JsonBuilder *b,
               const char  *name,
               GArray      *values)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_array (b);
  if (values != NULL)
    for (guint i = 0; i < values->len; i++)
      json_builder_add_int_value (b, (gint64) MIN (g_array_index (values, guint64, i),
                                                   (guint64) G_MAXINT64));
  json_builder_end_array (b);
}

#define MEMBER(st, field, Type) (*(Type const *) ((const char *) (st) + (field)->offset))

/* Whether the writer leaves @field out: its flags and write_if say so. */
static gboolean
omitted (const IbJsonField *f,
         gconstpointer      st)
{
  if ((f->flags & IB_JF_WHEN) != 0
      && !*(const gboolean *) ((const char *) st + f->when))
    return TRUE;
  if (f->write_if != NULL && !f->write_if (st))
    return TRUE;
  if ((f->flags & (IB_JF_OMIT_UNSET | IB_JF_OMIT_NEGATIVE)) == 0)
    return FALSE;

  switch (f->kind)
    {
    case IB_JF_UINT:
      return (f->flags & IB_JF_OMIT_UNSET) && MEMBER (st, f, guint) == 0;
    case IB_JF_UINT64:
      return (f->flags & IB_JF_OMIT_UNSET) && MEMBER (st, f, guint64) == 0;
    case IB_JF_BOOL:
      return (f->flags & IB_JF_OMIT_UNSET) && !MEMBER (st, f, gboolean);
    case IB_JF_INT:
    case IB_JF_ENUM:
      return MEMBER (st, f, int) < 0
             || ((f->flags & IB_JF_OMIT_UNSET) && MEMBER (st, f, int) == 0);
    case IB_JF_INT64:
      return MEMBER (st, f, gint64) < 0
             || ((f->flags & IB_JF_OMIT_UNSET) && MEMBER (st, f, gint64) == 0);
    case IB_JF_DOUBLE:
      return !(MEMBER (st, f, double) >= 0)
             || ((f->flags & IB_JF_OMIT_UNSET) && MEMBER (st, f, double) == 0);
    case IB_JF_STRING:
    case IB_JF_STRV:
    case IB_JF_U64V:
    case IB_JF_OBJECT:
    case IB_JF_ARRAY:
      return MEMBER (st, f, gconstpointer) == NULL;
    case IB_JF_SPECIAL:
    default:
      return FALSE;
    }
}

static void
write_array (JsonBuilder         *b,
             const IbJsonSection *section,
             GArray              *array)
{
  json_builder_begin_array (b);
  for (guint i = 0; array != NULL && i < array->len; i++)
    ib_json_write_object (b, section, array->data + (gsize) i * section->size);
  json_builder_end_array (b);
}

static void
write_field (JsonBuilder       *b,
             const IbJsonField *f,
             gconstpointer      st)
{
  switch (f->kind)
    {
    case IB_JF_UINT:
      ib_json_add_int (b, f->name, MEMBER (st, f, guint));
      break;
    case IB_JF_INT:
      ib_json_add_int (b, f->name, CLAMP (MEMBER (st, f, int), f->min, f->max));
      break;
    case IB_JF_INT64:
      ib_json_add_int (b, f->name, MEMBER (st, f, gint64));
      break;
    case IB_JF_UINT64:
      add_u64 (b, f->name, MEMBER (st, f, guint64));
      break;
    case IB_JF_DOUBLE:
      {
        double v = MEMBER (st, f, double);

        if ((f->flags & IB_JF_NEGATIVE_NULL) != 0 && !(v >= 0 && v <= f->dmax))
          ib_json_add_string (b, f->name, NULL);
        else
          ib_json_add_double (b, f->name, v);
      }
      break;
    case IB_JF_BOOL:
      ib_json_add_bool (b, f->name, MEMBER (st, f, gboolean));
      break;
    case IB_JF_STRING:
      {
        const char *s = MEMBER (st, f, const char *);

        ib_json_add_string (b, f->name,
                            s != NULL || (f->flags & IB_JF_NULLABLE) ? s : "");
      }
      break;
    case IB_JF_ENUM:
      ib_json_add_string (b, f->name, f->enum_type->to_string (MEMBER (st, f, int)));
      break;
    case IB_JF_STRV:
      add_string_array (b, f->name, MEMBER (st, f, GPtrArray *));
      break;
    case IB_JF_U64V:
      add_u64_array (b, f->name, MEMBER (st, f, GArray *));
      break;
    case IB_JF_OBJECT:
      {
        gconstpointer sub = MEMBER (st, f, gconstpointer);

        json_builder_set_member_name (b, f->name);
        if (sub != NULL)
          {
            ib_json_write_object (b, f->section, sub);
          }
        else if (f->flags & IB_JF_NULLABLE)
          {
            json_builder_add_null_value (b);
          }
        else
          {
            /* a report without one still has the object, with defaults */
            gpointer empty = f->section->new_ ();

            ib_json_write_object (b, f->section, empty);
            f->section->free_ (empty);
          }
      }
      break;
    case IB_JF_ARRAY:
      json_builder_set_member_name (b, f->name);
      write_array (b, f->section, MEMBER (st, f, GArray *));
      break;
    case IB_JF_INLINE:
      json_builder_set_member_name (b, f->name);
      ib_json_write_object (b, f->section, (const char *) st + f->offset);
      break;
    case IB_JF_SPECIAL:
    default:
      f->write (b, f, st);
      break;
    }
}

/* The members of @st by @section; those written from an analysis
 * (write_analysis) only when there is one. */
static void
write_object (JsonBuilder         *b,
              const IbJsonSection *section,
              gconstpointer        st,
              const IbAnalysis    *analysis)
{
  json_builder_begin_object (b);
  for (guint i = 0; i < section->n_fields; i++)
    {
      const IbJsonField *f = &section->fields[i];

      if (f->write_analysis != NULL)
        {
          if (analysis != NULL)
            f->write_analysis (b, f, analysis);
        }
      else if (!omitted (f, st))
        write_field (b, f, st);
    }
  json_builder_end_object (b);
}

void
ib_json_write_object (JsonBuilder         *b,
                      const IbJsonSection *section,
                      gconstpointer        st)
{
  write_object (b, section, st, NULL);
}

/* json-glib 1.6 appends ".0" to every double printed without a '.', which
 * turns a large round value such as 1e+27 into "1e+27.0": not JSON. Outside
 * strings, drop a ".0" that follows an exponent. Works in place. */
static gsize
fix_exponent_doubles (char  *data,
                      gsize  length)
{
  gboolean in_string = FALSE;
  gsize r = 0, w = 0;

  while (r < length)
    {
      char c = data[r];

      if (in_string)
        {
          data[w++] = data[r++];
          if (c == '\\' && r < length)
            data[w++] = data[r++];
          else if (c == '"')
            in_string = FALSE;
          continue;
        }
      if (c == '"')
        in_string = TRUE;
      if ((c == 'e' || c == 'E') && w > 0 && (g_ascii_isdigit (data[w - 1]) || data[w - 1] == '.'))
        {
          /* copy the exponent, then skip a ".0" right after its digits */
          data[w++] = data[r++];
          if (r < length && (data[r] == '+' || data[r] == '-'))
            data[w++] = data[r++];
          while (r < length && g_ascii_isdigit (data[r]))
            data[w++] = data[r++];
          if (r + 1 < length && data[r] == '.' && data[r + 1] == '0'
              && (r + 2 >= length || !g_ascii_isdigit (data[r + 2])))
            r += 2;
          continue;
        }
      data[w++] = data[r++];
    }
  data[w] = '\0';
  return w;
}


char *
ib_report_to_json (const IbAnalysis *analysis,
                   gsize            *length)
{
  g_autoptr(JsonBuilder) b = NULL;
  g_autoptr(JsonGenerator) gen = NULL;
  g_autoptr(JsonNode) root = NULL;
  char *data;
  gsize len = 0;

  g_return_val_if_fail (analysis != NULL, NULL);

  b = json_builder_new ();
  /* the report by its table, with what its analysis says (the answer, the
   * findings) where the table has their entries */
  write_object (b, &ib_json_report_section, ib_analysis_get_report (analysis), analysis);

  root = json_builder_get_root (b);
  gen = json_generator_new ();
  json_generator_set_pretty (gen, TRUE);
  json_generator_set_indent (gen, 2);
  json_generator_set_root (gen, root);
  data = json_generator_to_data (gen, &len);
  len = fix_exponent_doubles (data, len);
  if (length != NULL)
    *length = len;
  return data;
}

gboolean
ib_report_save_json (const IbAnalysis *analysis,
                     const char       *path,
                     GError          **error)
{
  g_autofree char *data = NULL;
  gsize length = 0;

  g_return_val_if_fail (analysis != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  data = ib_report_to_json (analysis, &length);
  return ib_output_save (path, data, (gssize) length, error);
}
