/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-map-cuts.c: the write-ups I/O Bench reproduces (/work/shared/seeds,
 * README.md) as cuts of the size x count map, and whether each one's
 * conclusion holds on its cut, from decided cells only:
 *
 *   seed 000 (Node.js promises against sync, 1, 2 and 100 files of 2.7 KB):
 *     the row of the small files; sync faster for 1 and 2 files (the
 *     serial line, as its sync code read them), async paying off with 100
 *     files at once (the parallel line, as Promise.all);
 *   seed 002 (Node.js, four files of 256 MiB to 1 GiB): the 4-file column;
 *     async whole-file reads slower than sync ones (the serial line:
 *     g_file_load_contents against its _async, as readFileSync against
 *     readFile), from 256 MiB per file, or at the map's largest files when
 *     it stops below (said so).
 *
 * A claim holds on its cut when every decided cell there has the class it
 * claims, fails when none has, holds in part otherwise; a cell not decided
 * or not reached is left out and named as such; a cut the map lacks is
 * said to be missing. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "engine/model/ib-format.h"
#include "ib-labels.h"
#include "ib-map-class.h"
#include "ib-map-cuts.h"

/* Seed 000's files: 2,048 random bytes in base64. */
#define SEED_000_FILE_BYTES 2732
/* Seed 002's smallest file. */
#define SEED_002_MIN_BYTES  (G_GUINT64_CONSTANT (256) << 20)
#define SEED_002_FILES      4

/* The index of @value in @axis, or -1. */
static int
axis_index (const GArray *axis,
            guint64       value)
{
  for (guint i = 0; i < axis->len; i++)
    if (g_array_index (axis, guint64, i) == value)
      return (int) i;
  return -1;
}

/* The map's size of seed 000's small files: the nearest to 2.7 KB within
 * a factor of 4, or -1. */
static int
small_row (const IbMap *map)
{
  int best = -1;
  double best_d = log (4.0) + 1e-9;

  for (guint i = 0; i < map->sizes->len; i++)
    {
      double d = fabs (log ((double) g_array_index (map->sizes, guint64, i)
                            / SEED_000_FILE_BYTES));

      if (d <= best_d)
        {
          best_d = d;
          best = (int) i;
        }
    }
  return best;
}

/* "sync 1.6x faster", "async 1.3x faster", "equivalent (ratio 1.02)" */
static char *
class_words (const IbMap     *map,
             const IbMapCell *cell,
             IbMapLineKind    line,
             IbMapClass       klass)
{
  IbVerdictInterval iv = { 0 };
  g_autofree char *r = NULL;

  ib_map_line_verdict (map, &cell->lines[line], &iv);
  switch (klass)
    {
    case IB_MAP_CLASS_SYNC:
      r = ib_format_ratio (iv.ratio);
      /* Translators: a map cell's verdict, "sync 1.6x faster" */
      return g_strdup_printf (_("sync %s faster"), r);
    case IB_MAP_CLASS_ASYNC:
      r = ib_format_ratio (1 / iv.ratio);
      /* Translators: a map cell's verdict, "async 1.3x faster" */
      return g_strdup_printf (_("async %s faster"), r);
    case IB_MAP_CLASS_EQUIVALENT:
    default:
      r = ib_format_ratio_value (iv.ratio);
      /* Translators: a map cell's verdict, "equivalent (ratio 1.02)" */
      return g_strdup_printf (_("equivalent (ratio %s)"), r);
    }
}

/* "2 files" on a row, "16 MiB" on a column */
static char *
cell_place (const IbMapCell *cell,
            gboolean         by_size)
{
  g_autofree char *n = NULL;

  if (by_size)
    return ib_format_size (cell->size);
  n = ib_format_count (cell->count);
  /* Translators: a map cell on a row of one size, "2 files" */
  return g_strdup_printf (ngettext ("%s file", "%s files", cell->count == 1 ? 1 : 2), n);
}

static char *
join (const GPtrArray *parts)
{
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = 0; i < parts->len; i++)
    g_string_append_printf (out, "%s%s", i > 0 ? "; " : "",
                            (const char *) g_ptr_array_index (parts, i));
  return g_strdup (out->str);
}

/* Whether @klass decides. */
static gboolean
decided (IbMapClass klass)
{
  return klass == IB_MAP_CLASS_SYNC || klass == IB_MAP_CLASS_ASYNC
         || klass == IB_MAP_CLASS_EQUIVALENT;
}

/* Whether the claim that @line is @expect on @cells (IbMapCell) holds, in
 * words: "it holds in every decided cell (1 file: sync 1.6x faster)." with
 * the cells left out named after it. */
static char *
outcome (const IbMap     *map,
         const GPtrArray *cells,
         IbMapLineKind    line,
         IbMapClass       expect,
         gboolean         by_size)
{
  g_autoptr(GPtrArray) seen = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) left = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *seen_text = NULL, *left_text = NULL, *head = NULL;
  guint n_hold = 0;

  for (guint i = 0; i < cells->len; i++)
    {
      const IbMapCell *cell = g_ptr_array_index (cells, i);
      IbMapClass klass = ib_map_line_class (map, cell, &cell->lines[line]);
      g_autofree char *place = cell_place (cell, by_size);
      g_autofree char *words = NULL;

      if (!decided (klass))
        {
          g_ptr_array_add (left, g_steal_pointer (&place));
          continue;
        }
      n_hold += klass == expect;
      words = class_words (map, cell, line, klass);
      /* Translators: a cell of a cut and its verdict, "2 files: sync 1.6x faster" */
      g_ptr_array_add (seen, g_strdup_printf (_("%s: %s"), place, words));
    }
  if (seen->len == 0)
    head = g_strdup (_("no cell of it is decided, so it is neither confirmed nor refuted."));
  else
    {
      seen_text = join (seen);
      if (n_hold == seen->len)
        /* Translators: the cells of a cut, "(1 file: sync 1.6x faster; 2 files: ...)" */
        head = g_strdup_printf (_("it holds in every decided cell (%s)."), seen_text);
      else if (n_hold == 0)
        head = g_strdup_printf (_("it does not hold (%s)."), seen_text);
      else
        head = g_strdup_printf (ngettext ("it holds in %u of %u decided cell (%s).",
                                          "it holds in %u of %u decided cells (%s).",
                                          seen->len),
                                n_hold, seen->len, seen_text);
    }
  if (left->len == 0)
    return g_steal_pointer (&head);
  left_text = join (left);
  /* Translators: after a cut's outcome, its cells without a verdict, "Not
   * decided or not reached, so left out: 100 files." */
  return g_strdup_printf (_("%s Not decided or not reached, so left out: %s."), head, left_text);
}

/* Seed 000 on the small files' row: sync for 1 and 2 files one after
 * another, async for 100 at once. */
static void
cut_seed_000 (const IbMap *map,
              GPtrArray   *out)
{
  int row = small_row (map);
  int c1 = axis_index (map->counts, 1), c2 = axis_index (map->counts, 2);
  int c100 = axis_index (map->counts, 100);
  g_autoptr(GPtrArray) few = g_ptr_array_new ();
  g_autoptr(GPtrArray) many = g_ptr_array_new ();
  g_autofree char *size = NULL, *a = NULL, *b = NULL;

  if (row < 0 || (c1 < 0 && c2 < 0 && c100 < 0))
    {
      g_ptr_array_add (out, g_strdup (_("The Node.js promises-vs-sync write-up (1, 2 and 100 "
                                        "files of 2.7 KB) is not a cut of this map: it needs "
                                        "files of about 4 KiB and 1, 2 or 100 files.")));
      return;
    }
  size = ib_format_size (g_array_index (map->sizes, guint64, row));
  if (c1 >= 0)
    g_ptr_array_add (few, ib_map_cell (map, row, c1));
  if (c2 >= 0)
    g_ptr_array_add (few, ib_map_cell (map, row, c2));
  if (c100 >= 0)
    g_ptr_array_add (many, ib_map_cell (map, row, c100));
  a = few->len > 0 ? outcome (map, few, IB_MAP_SERIAL, IB_MAP_CLASS_SYNC, FALSE)
                   : g_strdup (_("it cannot be checked here: this map has neither 1 nor 2 "
                                 "files."));
  b = many->len > 0 ? outcome (map, many, IB_MAP_PARALLEL, IB_MAP_CLASS_ASYNC, FALSE)
                    : g_strdup (_("it cannot be checked here: this map has no 100 files."));
  /* Translators: seed 000's first conclusion on the map, "... On this map's
   * 4 KiB row, one after another, it holds in every decided cell (...)." */
  g_ptr_array_add (out, g_strdup_printf (_("The Node.js promises-vs-sync write-up found sync "
                                           "reads faster for 1 and 2 small files. On this "
                                           "map's %s row, one after another, %s"), size, a));
  g_ptr_array_add (out, g_strdup_printf (_("It found async paying off with 100 files at once. "
                                           "On this map's %s row, all at once, %s"), size, b));
}

/* Seed 002 on the 4-file column: sync whole-file reads faster than async
 * ones one after another, from 256 MiB per file (or at the largest). */
static void
cut_seed_002 (const IbMap *map,
              GPtrArray   *out)
{
  int col = axis_index (map->counts, SEED_002_FILES);
  g_autoptr(GPtrArray) cells = g_ptr_array_new ();
  g_autofree char *result = NULL, *where = NULL, *largest = NULL;

  if (col < 0 || map->sizes->len == 0)
    {
      g_ptr_array_add (out, g_strdup (_("The Node.js big-file write-up (four files of 256 MiB "
                                        "to 1 GiB) is not a cut of this map: it needs a "
                                        "column of 4 files.")));
      return;
    }
  for (guint i = 0; i < map->sizes->len; i++)
    if (g_array_index (map->sizes, guint64, i) >= SEED_002_MIN_BYTES)
      g_ptr_array_add (cells, ib_map_cell (map, i, (guint) col));
  if (cells->len > 0)
    where = g_strdup (_("from 256 MiB per file"));
  else
    {
      g_ptr_array_add (cells, ib_map_cell (map, map->sizes->len - 1, (guint) col));
      largest = ib_format_size (g_array_index (map->sizes, guint64, map->sizes->len - 1));
      /* Translators: "at its largest files, 16 MiB, smaller than the write-up's" */
      where = g_strdup_printf (_("at its largest files, %s, smaller than the write-up's"),
                               largest);
    }
  result = outcome (map, cells, IB_MAP_SERIAL, IB_MAP_CLASS_SYNC, TRUE);
  /* Translators: seed 002's conclusion on the map, "... On this map's
   * column of 4 files, one after another, at its largest files, 16 MiB,
   * smaller than the write-up's, it holds in every decided cell (...)." */
  g_ptr_array_add (out, g_strdup_printf (_("The Node.js big-file write-up found async "
                                           "whole-file reads 7x slower than sync ones, with "
                                           "four files of 256 MiB to 1 GiB. On this map's "
                                           "column of 4 files, one after another, %s, %s"),
                                         where, result));
}

GPtrArray *
ib_map_cuts_new (const IbMap *map)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (map != NULL, out);

  if (map->cells->len == 0)
    return out;
  cut_seed_000 (map, out);
  cut_seed_002 (map, out);
  return out;
}
