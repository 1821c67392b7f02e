/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-report-json-private.h: the JSON report's field tables, which the writer
 * (ib-report-json-write.c) and the loader (ib-report-json-read.c) both walk.
 *
 * Each struct of a report (ib-types.h) has one IbJsonSection: its members in
 * the order they are written, each with its JSON name, kind, offset, whether
 * the loader requires it, when the writer leaves it out, and its range. A
 * member is written and read by the same entry, so one cannot be saved and
 * not loaded. What does not fit a kind (the seed, the files, the answer, ...)
 * is an IB_JF_SPECIAL entry with a write and a read function side by side in
 * ib-report-json-fields.c. */
#pragma once

#include <json-glib/json-glib.h>

#include "analysis/ib-analysis.h"
#include "engine/model/ib-types.h"
#include "ib-report-io.h"

G_BEGIN_DECLS

/* The schema nests at most 5 levels; anything much deeper is not a report. */
#define IB_JSON_MAX_DEPTH 32

typedef enum
{
  IB_JF_UINT,     /* guint: an integer, 0 to G_MAXUINT unless min/max say */
  IB_JF_INT,      /* int: an integer in min to max, written clamped to them */
  IB_JF_INT64,    /* gint64: an integer, 0 to G_MAXINT64 */
  IB_JF_UINT64,   /* guint64: 0 to G_MAXINT64 (written capped there) */
  IB_JF_DOUBLE,   /* double: a finite number in dmin to dmax (0 to G_MAXDOUBLE
                   * unless IB_JF_RANGE); not finite is written as null, null
                   * reads as dnull */
  IB_JF_BOOL,     /* gboolean */
  IB_JF_STRING,   /* char *, UTF-8 (repaired when written and when read) */
  IB_JF_ENUM,     /* an enum (int-sized) written as its name (field->enum_type) */
  IB_JF_STRV,     /* GPtrArray of char *; read into the array already there */
  IB_JF_U64V,     /* GArray of guint64, as an array of integers */
  IB_JF_OBJECT,   /* a pointer to a struct of field->section, as an object */
  IB_JF_ARRAY,    /* GArray of structs of field->section, as an array of objects */
  IB_JF_INLINE,   /* a struct of field->section held by value, as an object; the
                   * holder's init initialises it (never NULL, never omitted) */
  IB_JF_SPECIAL,  /* field->write and field->read do it */
} IbJsonKind;

typedef enum
{
  IB_JF_REQUIRED      = 1 << 0, /* the loader refuses a report without it */
  /* Strings: NULL is written as null and null reads as NULL (otherwise NULL
   * is written as "" and null is refused). Objects: NULL is written as null
   * (otherwise as an empty one); null reads as NULL. */
  IB_JF_NULLABLE      = 1 << 1,
  IB_JF_OMIT_UNSET    = 1 << 2, /* not written when 0, FALSE, NULL or negative */
  IB_JF_OMIT_NEGATIVE = 1 << 3, /* not written when negative (unknown) */
  IB_JF_RANGE         = 1 << 4, /* numbers: min/max (dmin/dmax) give the range */
  IB_JF_NEGATIVE_NULL = 1 << 5, /* doubles: a value outside 0 to dmax is written as null */
  /* Written and read only when the gboolean at field->when is TRUE. With
   * IB_JF_WHEN_KEY, the member's presence in the file sets that gboolean. */
  IB_JF_WHEN          = 1 << 6,
  IB_JF_WHEN_KEY      = 1 << 7,
  IB_JF_INTERN        = 1 << 8, /* strings: the member is a const char * from g_intern_string */
} IbJsonFlags;

typedef struct _IbJsonField   IbJsonField;
typedef struct _IbJsonSection IbJsonSection;

/* An integer member read on its own (ib_json_read_int): its name, whether
 * the loader requires it, and its range. */
typedef struct
{
  const char *name;
  gboolean    required;
  gint64      min;
  gint64      max;
} IbJsonIntMember;

/* An enum's names: to_string of each value, from_string of a name. */
typedef struct
{
  const char *(*to_string)   (int         value);
  gboolean    (*from_string) (const char *name,
                              int        *value);
  const char  *expected;        /* the names, for the loader's message */
} IbJsonEnum;

typedef void     (*IbJsonWriteFunc) (JsonBuilder       *b,
                                     const IbJsonField *field,
                                     gconstpointer      st);
/* Derived data the report does not hold, from its analysis (the answer,
 * the findings): members of the file only. */
typedef void     (*IbJsonAnalysisWriteFunc) (JsonBuilder       *b,
                                             const IbJsonField *field,
                                             const IbAnalysis  *analysis);
/* @path is the struct's member path ("samples[3]"). */
typedef gboolean (*IbJsonReadFunc)  (JsonObject        *o,
                                     const char        *path,
                                     const IbJsonField *field,
                                     gpointer           st,
                                     GError           **error);

struct _IbJsonField
{
  const char          *name;
  IbJsonKind           kind;
  gsize                offset;
  gsize                size;      /* of the member; 0 for a member of the file only */
  guint                flags;     /* IbJsonFlags */
  gint64               min, max;  /* integers with IB_JF_RANGE (IB_JF_INT always) */
  double               dmin, dmax, dnull;
  gsize                when;      /* offset of a gboolean, with IB_JF_WHEN */
  gsize                when_size;
  const IbJsonEnum    *enum_type;
  const IbJsonSection *section;   /* IB_JF_OBJECT, IB_JF_ARRAY */
  /* Written only when this says so (besides IB_JF_OMIT_*); NULL: always. */
  gboolean           (*write_if) (gconstpointer st);
  IbJsonWriteFunc      write;     /* IB_JF_SPECIAL */
  /* IB_JF_SPECIAL of the report only: written from its analysis, never
   * from the report (ib_report_to_json; ib_json_write_object leaves it
   * out). */
  IbJsonAnalysisWriteFunc write_analysis;
  IbJsonReadFunc       read;      /* IB_JF_SPECIAL; or any kind, to read it another way */
  /* Arrays: the most entries the loader takes (0: IB_REPORT_MAX_ENTRIES). */
  guint                max_len;
  /* Members of the struct this entry also stands for (has_crossover, ...),
   * for the test that every member has an entry: offset and size. */
  gsize                also, also_size;
};

struct _IbJsonSection
{
  const char        *name;       /* the struct's type name, for tests */
  gsize              size;       /* sizeof the struct (an element of a GArray) */
  const IbJsonField *fields;
  guint              n_fields;
  /* Members of the struct that are not saved (NOT_SAVED entries: the name
   * says why), for the test that every member has an entry. */
  const IbJsonField *not_saved;
  guint              n_not_saved;
  gpointer         (*new_)   (void);           /* IB_JF_OBJECT pointers */
  void             (*free_)  (gpointer st);
  void             (*init)   (gpointer st);    /* defaults before reading (older reports) */
  /* Checks and derived members after reading every field. */
  gboolean         (*finish) (gpointer    st,
                              const char *path,
                              GError    **error);
};

/* ---- the tables (ib-report-json-fields.c, ib-report-json-results.c) --- */

#define REQ IB_JF_REQUIRED
#define NUL IB_JF_NULLABLE
#define UNSET IB_JF_OMIT_UNSET
#define NEG IB_JF_OMIT_NEGATIVE

/* One entry for member @m of @T, named @json in the file. */
#define FIELD(T, m, json, k, fl, ...)                                          \
  { .name = json, .kind = IB_JF_##k, .offset = G_STRUCT_OFFSET (T, m),        \
    .size = sizeof (((T *) 0)->m), .flags = (fl), __VA_ARGS__ }
/* With IB_JF_WHEN: the gboolean @w of @T that says whether it is written
 * (and, with IB_JF_WHEN_KEY, that its presence in the file sets). */
#define WHEN(T, w) .when = G_STRUCT_OFFSET (T, w), .when_size = sizeof (((T *) 0)->w)
/* A range for a double, and what null reads as. */
#define DRANGE(lo, hi, null) .dmin = (lo), .dmax = (hi), .dnull = (null)
/* With IB_JF_RANGE: a count of samples (of anything a report holds one
 * entry per), 0 to IB_REPORT_MAX_ENTRIES, so that no sum of them wraps. */
#define COUNT .min = 0, .max = IB_REPORT_MAX_ENTRIES

#define SECTION(T, table, ...)                                                 \
  { .name = #T, .size = sizeof (T), .fields = table,                           \
    .n_fields = G_N_ELEMENTS (table), __VA_ARGS__ }
/* A member of @T that is not saved, and why; for a section's not_saved. */
#define NOT_SAVED(T, m, why)                                                   \
  { .name = why, .offset = G_STRUCT_OFFSET (T, m), .size = sizeof (((T *) 0)->m) }

/* prefix_name () and prefix_parse () over prefix_to_string () and
 * prefix_from_string (), for ENUM_OF (prefix, names): an IbJsonEnum. */
#define DEFINE_ENUM(prefix, Type)                                              \
  static const char *prefix##_name (int value)                                \
  {                                                                            \
    return prefix##_to_string ((Type) value);                                  \
  }                                                                            \
  static gboolean prefix##_parse (const char *name, int *value)               \
  {                                                                            \
    Type v;                                                                    \
                                                                               \
    if (!prefix##_from_string (name, &v))                                      \
      return FALSE;                                                            \
    *value = (int) v;                                                          \
    return TRUE;                                                               \
  }
#define ENUM_OF(prefix, names) { prefix##_name, prefix##_parse, names }

/* prefix_new () and prefix_free () over a model type's own @new_fn () and
 * @free_fn (), for a section's .new_ and .free_. */
#define DEFINE_NEW_FREE(prefix, new_fn, free_fn) \
  static gpointer prefix##_new (void) \
  { \
    return new_fn (); \
  } \
  static void prefix##_free (gpointer st) \
  { \
    free_fn (st); \
  }

/* ---- the loader's own helpers (ib-report-json-read.c, -chunks.c) -------- */

/* Whether an array of @n entries fits the field's limit (max_len, else
 * IB_REPORT_MAX_ENTRIES); else an error naming the member and the limit. */
gboolean    ib_json_check_length  (guint                n,
                                   const char          *path,
                                   const char          *name,
                                   guint                max_len,
                                   GError             **error);
/* The objects of @array into @into, the first being entry @base of the
 * member @name (the paths of messages count from it). */
gboolean    ib_json_read_array    (JsonArray           *array,
                                   guint                base,
                                   const char          *path,
                                   const char          *name,
                                   const IbJsonSection *section,
                                   GArray              *into,
                                   GError             **error);
/* ib_json_array_object for element @index of a chunk that is entry @entry
 * of the whole array. */
JsonObject *ib_json_chunk_object  (JsonArray           *array,
                                   guint                index,
                                   guint                entry,
                                   const char          *path,
                                   const char          *name,
                                   char               **elem_path,
                                   GError             **error);

/* A large report's samples are parsed a chunk at a time, never as one tree
 * (ib-report-json-chunks.c): ib_json_parse_report parses the rest (the
 * samples' array left empty) and leaves the samples pending for the walker,
 * which reads them where the table has them, IB_JSON_CHUNK entries at a
 * time through ib_json_chunk_parse. */
#define IB_JSON_CHUNK 1000
JsonParser *ib_json_parse_report  (const char          *data,
                                   gsize                len,
                                   GError             **error);
/* Ends what ib_json_parse_report left pending (on this thread); whether a
 * chunk failed to parse, when the whole text must be parsed as one after
 * all for json-glib's message. */
gboolean    ib_json_chunks_end    (void);
gboolean    ib_json_chunks_pending (const char         *path,
                                   const IbJsonField  *field);
/* How many samples are pending (0: none). */
guint       ib_json_chunks_count  (void);
/* The pending samples @first to @first + @count - 1 parsed as one array
 * (the parser's root), or NULL when they do not parse (then
 * ib_json_chunks_end says so). */
JsonParser *ib_json_chunk_parse   (guint                first,
                                   guint                count);

/* The whole report (IbReport), and what it holds. */
extern const IbJsonSection ib_json_report_section;
extern const IbJsonSection ib_json_plan_section;
extern const IbJsonSection ib_json_environment_section;
extern const IbJsonSection ib_json_sample_section;
extern const IbJsonSection ib_json_stats_section;
extern const IbJsonEnum ib_json_vary_kind_enum;
/* A line of the decision phase (ib-report-json-results.c), also each line of
 * a map's cell; the map and what a plan asks of it (ib-report-json-map.c). */
extern const IbJsonSection ib_json_decision_line_section;
extern const IbJsonSection ib_json_map_section;
extern const IbJsonSection ib_json_map_spec_section;

/* ---- writing (ib-report-json-write.c) ---------------------------------- */

void     ib_json_add_int        (JsonBuilder         *b,
                                 const char          *name,
                                 gint64               value);
void     ib_json_add_double     (JsonBuilder         *b,
                                 const char          *name,
                                 double               value);
void     ib_json_add_bool       (JsonBuilder         *b,
                                 const char          *name,
                                 gboolean             value);
void     ib_json_add_string     (JsonBuilder         *b,
                                 const char          *name,
                                 const char          *value);
/* The members of @st as an object, by @section (without the members
 * written from an analysis: write_analysis). */
void     ib_json_write_object   (JsonBuilder         *b,
                                 const IbJsonSection *section,
                                 gconstpointer        st);

/* ---- reading (ib-report-json-read.c) ----------------------------------- */

gboolean    ib_json_format_error  (GError    **error,
                                   const char *format,
                                   ...) G_GNUC_PRINTF (2, 3);
gboolean    ib_json_member_error  (GError    **error,
                                   const char *path,
                                   const char *name,
                                   const char *what);
char       *ib_json_member_path   (const char *path,
                                   const char *name);
/* The member @name of @o: NULL when absent or null. *ok is FALSE (with an
 * error) when it is required (@required) but absent, or null and not @null_ok. */
JsonNode   *ib_json_get_member    (JsonObject *o,
                                   const char *path,
                                   const char *name,
                                   gboolean    required,
                                   gboolean    null_ok,
                                   gboolean   *ok,
                                   GError    **error);
gboolean    ib_json_node_is_int   (JsonNode   *node);
gboolean    ib_json_node_is_string (JsonNode  *node);
/* An integer node in [min, max] into *out. */
gboolean    ib_json_check_int     (JsonNode   *node,
                                   const char *path,
                                   const char *name,
                                   gint64      min,
                                   gint64      max,
                                   gint64     *out,
                                   GError    **error);
/* The integer @member of @o (its name, whether it is required, its range
 * [min, max]) into *out. Absent, or null where it is optional: *out is
 * left, *found (when not NULL) is FALSE. */
gboolean    ib_json_read_int      (JsonObject            *o,
                                   const char            *path,
                                   const IbJsonIntMember *member,
                                   gint64                *out,
                                   gboolean              *found,
                                   GError               **error);
/* The member @name when it is an object or array (@type); NULL with *ok
 * TRUE when absent or null and optional, NULL with *ok FALSE (and an
 * error) otherwise. */
JsonNode   *ib_json_read_container (JsonObject  *o,
                                    const char  *path,
                                    const char  *name,
                                    gboolean     required,
                                    JsonNodeType type,
                                    gboolean    *ok,
                                    GError     **error);
/* The object at @index of @array, or an error naming "path.name[index]". */
JsonObject *ib_json_array_object  (JsonArray  *array,
                                   guint       index,
                                   const char *path,
                                   const char *name,
                                   char      **elem_path,
                                   GError    **error);
/* Reads @field of @st the way its kind says, ignoring field->read. */
gboolean    ib_json_read_plain    (JsonObject        *o,
                                   const char        *path,
                                   const IbJsonField *field,
                                   gpointer           st,
                                   GError           **error);
/* Read functions of members the loader does not keep: derived data for
 * readers of the file (recomputed on load). The first ignores the member,
 * the second checks that it is a string or null. */
gboolean    ib_json_read_ignored  (JsonObject        *o,
                                   const char        *path,
                                   const IbJsonField *field,
                                   gpointer           st,
                                   GError           **error);
gboolean    ib_json_read_derived_string (JsonObject        *o,
                                         const char        *path,
                                         const IbJsonField *field,
                                         gpointer           st,
                                         GError           **error);
/* What @data is when it is plainly not JSON (a PNG image, an HTML page, a
 * binary file, ...), with what to open instead; NULL when it may be JSON
 * (ib-report-json-sniff.c). */
char       *ib_json_sniff_not_json (const char *data,
                                    gsize       len);
/* Reads every field of @section into @st (its init already run). */
gboolean    ib_json_read_object   (JsonObject          *o,
                                   const char          *path,
                                   const IbJsonSection *section,
                                   gpointer             st,
                                   GError             **error);

G_END_DECLS
