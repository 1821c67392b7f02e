/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The JSON report's field tables (report/ib-report-json-private.h): every
 * member of every saved struct has an entry, and every entry is written and
 * read back.
 *
 * /report/json-fields/cover: the entries of each table (with the members
 * they also stand for and the ones marked not saved) cover the whole
 * struct, leaving only alignment padding: a member added to ib-types.h
 * without an entry fails here.
 * /report/json-fields/round-trip: a report with every entry set to a value
 * that is not its default (one element per array, both sides of every
 * "when" group) is written and loaded, and every entry compared: an entry
 * the loader skips, or reads another way than it is written, fails here. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <string.h>

#include "engine/model/ib-map.h"
#include "report/ib-report-io.h"
#include "report/ib-report-json-private.h"
#include "ib-test-writers.h"

#define AT(st, off) ((gpointer) ((char *) (st) + (off)))

typedef struct
{
  gsize       offset;
  gsize       size;
  const char *name;
} Span;

static int
span_cmp (gconstpointer a,
          gconstpointer b)
{
  const Span *x = a, *y = b;

  return x->offset < y->offset ? -1 : x->offset > y->offset;
}

static void
add_span (GArray     *spans,
          gsize       offset,
          gsize       size,
          const char *name)
{
  Span s = { offset, size, name };

  g_array_append_val (spans, s);
}

static void
check_cover (const IbJsonSection *section)
{
  g_autoptr(GArray) spans = g_array_new (FALSE, FALSE, sizeof (Span));
  gsize end = 0, align = 1;

  for (guint i = 0; i < section->n_fields; i++)
    {
      const IbJsonField *f = &section->fields[i];

      if (f->size > 0)
        add_span (spans, f->offset, f->size, f->name);
      if (f->flags & IB_JF_WHEN_KEY)
        add_span (spans, f->when, f->when_size, "(when)");
      if (f->also_size > 0)
        add_span (spans, f->also, f->also_size, "(also)");
    }
  for (guint i = 0; i < section->n_not_saved; i++)
    add_span (spans, section->not_saved[i].offset, section->not_saved[i].size,
              section->not_saved[i].name);
  g_array_sort (spans, span_cmp);

  for (guint i = 0; i < spans->len; i++)
    {
      const Span *s = &g_array_index (spans, Span, i);
      gsize a = MIN (s->size, sizeof (gpointer));

      /* a member that is not a power of two long is an array: its element */
      while (s->size % a != 0)
        a /= 2;
      if (s->offset < end)
        g_error ("%s: %s overlaps the entry before it", section->name, s->name);
      if (s->offset - end >= a || s->offset % a != 0)
        g_error ("%s: bytes %" G_GSIZE_FORMAT " to %" G_GSIZE_FORMAT " (before %s) have no "
                 "entry: a member neither saved nor marked NOT_SAVED?",
                 section->name, end, s->offset, s->name);
      end = s->offset + s->size;
      align = MAX (align, a);
    }
  if (section->size - end >= align)
    g_error ("%s: its last %" G_GSIZE_FORMAT " bytes have no entry", section->name,
             section->size - end);
}

/* Calls @func on @section and on every section below it. */
static void
walk_sections (const IbJsonSection *section,
               void (*func) (const IbJsonSection *))
{
  func (section);
  for (guint i = 0; i < section->n_fields; i++)
    if (section->fields[i].section != NULL)
      walk_sections (section->fields[i].section, func);
}

static guint n_sections;

static void
count_section (const IbJsonSection *section)
{
  n_sections++;
  check_cover (section);
}

static void
test_cover (void)
{
  n_sections = 0;
  walk_sections (&ib_json_report_section, count_section);
  /* report, plan, sweep spec, overhead spec, write+delete spec, environment,
   * sample, statistics, overhead row, write+delete and its modes, sweep and
   * its points and runs, decision, its lines and their pairs, finding (18);
   * the map spec, the map, its cell, and per line of the cell (2) the line,
   * its decision line and pairs, and each side's main loop (2): 13 more */
  g_assert_cmpuint (n_sections, ==, 31);
}

/* ---- every entry set, written, read back --------------------------------- */

static guint counter;

static void fill_object (const IbJsonSection *section,
                         gpointer             st);

static void
fill_field (const IbJsonField *f,
            gpointer           st)
{
  gpointer at = AT (st, f->offset);
  guint n = ++counter;

  if (f->flags & IB_JF_WHEN)
    *(gboolean *) AT (st, f->when) = TRUE;
  switch (f->kind)
    {
    case IB_JF_UINT:
      *(guint *) at = 7 + n;
      break;
    case IB_JF_INT:
      *(int *) at = (int) f->max;
      break;
    case IB_JF_INT64:
      *(gint64 *) at = 1000 + n;
      break;
    case IB_JF_UINT64:
      *(guint64 *) at = G_GUINT64_CONSTANT (1000000000000) + n;
      break;
    case IB_JF_DOUBLE:
      /* 0.5 is inside every range and no field's default */
      *(double *) at = (f->flags & IB_JF_RANGE) ? 0.5 : 1234.5 + n;
      break;
    case IB_JF_BOOL:
      /* not the default: TRUE where it is left out when FALSE */
      *(gboolean *) at = (f->flags & IB_JF_OMIT_UNSET) || !*(gboolean *) at;
      break;
    case IB_JF_STRING:
      if (f->flags & IB_JF_INTERN)
        *(const char **) at = g_intern_static_string ("interned reason");
      else
        {
          /* a holder's init may have set it (a map cell names its lines) */
          g_free (*(char **) at);
          *(char **) at = g_strdup_printf ("%s %u “é”", f->name, n);
        }
      break;
    case IB_JF_ENUM:
      /* every enum has 0 and 1: the one that is not the default */
      *(int *) at = *(int *) at == 1 ? 0 : 1;
      break;
    case IB_JF_STRV:
      g_ptr_array_add (*(GPtrArray **) at, g_strdup_printf ("%s %u", f->name, n));
      break;
    case IB_JF_U64V:
      g_array_append_vals (*(GArray **) at, &(guint64) { 4096 + n }, 1);
      break;
    case IB_JF_OBJECT:
      if (*(gpointer *) at == NULL)
        *(gpointer *) at = f->section->new_ ();
      fill_object (f->section, *(gpointer *) at);
      break;
    case IB_JF_ARRAY:
      {
        GArray *array = *(GArray **) at;
        g_autofree guint8 *elem = g_malloc0 (f->section->size);

        if (f->section->init != NULL)
          f->section->init (elem);
        fill_object (f->section, elem);
        g_array_append_vals (array, elem, 1);
      }
      break;
    case IB_JF_INLINE:
      fill_object (f->section, at);
      break;
    case IB_JF_SPECIAL:
    default:
      /* the special entries that stand for a member */
      if (f->size == 0)
        break;
      if (g_str_equal (f->name, "files"))
        g_array_append_vals (*(GArray **) at, &(guint64) { 65536 + n }, 1);
      else if (g_str_equal (f->name, "rounds_ns"))
        {
          /* NULL unless kept (a sweep point's rounds) */
          *(GArray **) at = g_array_new (FALSE, TRUE, sizeof (guint64));
          g_array_append_vals (*(GArray **) at, &(guint64) { 70000 + n }, 1);
        }
      else if (g_str_equal (f->name, "seed") || g_str_equal (f->name, "crossover"))
        *(guint64 *) at = 99 + n;
      else if (g_str_equal (f->name, "more_pairs"))
        *(guint *) at = 3 + n;
      else if (g_str_equal (f->name, "percentiles_ns"))
        for (guint k = 0; k < IB_N_PERCENTILES; k++)
          ((gint64 *) at)[k] = 500 + 10 * k;
      else if (g_str_equal (f->name, "warnings"))
        {
          /* one as a run saves it, one as older reports did */
          g_ptr_array_add (*(GPtrArray **) at, ib_warning_new ("a-key", "uus", n, 2, "v"));
          g_ptr_array_add (*(GPtrArray **) at, ib_warning_new_text ("an older sentence"));
        }
      else
        g_error ("this test does not know how to set the special entry %s", f->name);
      if (f->also_size > 0)
        *(gboolean *) AT (st, f->also) = TRUE;
      break;
    }
}

static void
fill_object (const IbJsonSection *section,
             gpointer             st)
{
  for (guint i = 0; i < section->n_fields; i++)
    fill_field (&section->fields[i], st);
}

static void compare_object (const IbJsonSection *section,
                            gconstpointer        a,
                            gconstpointer        b,
                            const char          *path);

static void
compare_field (const IbJsonField *f,
               gconstpointer      a,
               gconstpointer      b,
               const char        *path)
{
  g_autofree char *where = g_strdup_printf ("%s.%s", path, f->name);
  gconstpointer x = AT (a, f->offset), y = AT (b, f->offset);

  if (f->flags & IB_JF_WHEN)
    g_assert_cmpint (*(gboolean *) AT (a, f->when), ==, *(gboolean *) AT (b, f->when));
  if (f->also_size > 0 && memcmp (AT (a, f->also), AT (b, f->also), f->also_size) != 0)
    g_error ("%s: what it also stands for differs after loading", where);

  switch (f->kind)
    {
    case IB_JF_STRING:
      if (g_strcmp0 (*(const char **) x, *(const char **) y) != 0)
        g_error ("%s: “%s” written, “%s” loaded", where, *(const char **) x,
                 *(const char **) y);
      break;
    case IB_JF_STRV:
      {
        GPtrArray *p = *(GPtrArray **) x, *q = *(GPtrArray **) y;

        g_assert_cmpuint (p->len, ==, q->len);
        for (guint i = 0; i < p->len; i++)
          g_assert_cmpstr (g_ptr_array_index (p, i), ==, g_ptr_array_index (q, i));
      }
      break;
    case IB_JF_U64V:
      {
        GArray *p = *(GArray **) x, *q = *(GArray **) y;

        if (p->len != q->len || memcmp (p->data, q->data, p->len * sizeof (guint64)) != 0)
          g_error ("%s: the values differ after loading", where);
      }
      break;
    case IB_JF_OBJECT:
      if (*(gpointer *) y == NULL)
        g_error ("%s: written, not loaded", where);
      compare_object (f->section, *(gconstpointer *) x, *(gconstpointer *) y, where);
      break;
    case IB_JF_ARRAY:
      {
        GArray *p = *(GArray **) x, *q = *(GArray **) y;

        if (p->len != q->len)
          g_error ("%s: %u written, %u loaded", where, p->len, q->len);
        for (guint i = 0; i < p->len; i++)
          {
            g_autofree char *elem = g_strdup_printf ("%s[%u]", where, i);

            compare_object (f->section, p->data + (gsize) i * f->section->size,
                            q->data + (gsize) i * f->section->size, elem);
          }
      }
      break;
    case IB_JF_INLINE:
      compare_object (f->section, x, y, where);
      break;
    case IB_JF_SPECIAL:
      if (g_str_equal (f->name, "warnings"))
        {
          GPtrArray *p = *(GPtrArray **) x, *q = *(GPtrArray **) y;

          if (p->len != q->len)
            g_error ("%s: %u written, %u loaded", where, p->len, q->len);
          for (guint i = 0; i < p->len; i++)
            if (!ib_warning_equal (g_ptr_array_index (p, i), g_ptr_array_index (q, i)))
              g_error ("%s[%u]: written, not loaded back the same", where, i);
          break;
        }
      if (g_str_equal (f->name, "files") || g_str_equal (f->name, "rounds_ns"))
        {
          GArray *p = *(GArray **) x, *q = *(GArray **) y;

          if (p->len != q->len || memcmp (p->data, q->data, p->len * sizeof (guint64)) != 0)
            g_error ("%s: the sizes differ after loading", where);
          break;
        }
      G_GNUC_FALLTHROUGH;
    default:
      /* numbers, booleans, enums and the other specials: the same bytes */
      if (memcmp (x, y, f->size) != 0)
        g_error ("%s: written, not loaded back the same", where);
      break;
    }
}

static void
compare_object (const IbJsonSection *section,
                gconstpointer        a,
                gconstpointer        b,
                const char          *path)
{
  for (guint i = 0; i < section->n_fields; i++)
    compare_field (&section->fields[i], a, b, path);
}

static void
test_round_trip (void)
{
  g_autoptr(IbReport) report = ib_report_new ();
  g_autoptr(IbReport) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *json = NULL;
  g_autofree char *again = NULL;

  counter = 0;
  fill_object (&ib_json_report_section, report);
  /* what the loader checks beyond each entry: a map's cells are the grid of
   * its axes, and each line is the one its member names */
  {
    IbMapCell *cell = &g_array_index (report->map->cells, IbMapCell, 0);

    cell->size = g_array_index (report->map->sizes, guint64, 0);
    cell->count = g_array_index (report->map->counts, guint64, 0);
    for (guint k = 0; k < IB_MAP_N_LINES; k++)
      {
        g_free (cell->lines[k].decision.line);
        cell->lines[k].decision.line = g_strdup (ib_map_line_kind_to_string (k));
      }
  }
  /* the writer must have had something to leave out, and did not */
  g_assert_nonnull (report->decision);
  g_assert_true (g_array_index (report->samples, IbSample, 0).responsive);

  json = ib_test_to_json (report, NULL);
  loaded = ib_report_from_json (json, -1, &error);
  g_assert_no_error (error);
  compare_object (&ib_json_report_section, report, loaded, "report");

  /* and the loaded report is written the same */
  again = ib_test_to_json (loaded, NULL);
  g_assert_cmpstr (again, ==, json);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/report/json-fields/cover", test_cover);
  g_test_add_func ("/report/json-fields/round-trip", test_round_trip);
  return g_test_run ();
}
