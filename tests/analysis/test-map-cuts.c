/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-map-cuts: the write-ups as cuts of the size x count map
 * (ib_map_cuts_new, analysis/ib-map-cuts.c):
 *
 * - the map preset's axes (IB_MAP_PRESET_*) hold every cut: seed 000's 1,
 *   2 and 100 files on a row of about 4 KiB, seed 002's four files as a
 *   column;
 * - a synthetic map of the preset's shape gives the sentences stored in
 *   golden/map-cuts.txt (IOBENCH_UPDATE_GOLDEN=1 writes it again when a
 *   change of the words is meant), and the map's card carries them;
 * - from decided cells only: a cell planted undecided in a cut, leaning
 *   against the claim, is left out and named, never counted; a reversed
 *   cell makes the claim fail, a mixed cut holds in part;
 * - a map with files of 256 MiB cuts seed 002 there; a map without a
 *   4-file column says seed 002 is not a cut of it. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <string.h>

#include "analysis/ib-map-advice.h"
#include "analysis/ib-map-cuts.h"
#include "engine/model/ib-map.h"
#include "map-fixture.h"

static void
assert_contains (const char *text,
                 const char *part)
{
  if (text == NULL || strstr (text, part) == NULL)
    g_error ("“%s” does not contain “%s”", text, part);
}

/* Sets @line to @verdict with ratio b / a @ratio (interval +/- 5 %) over 12
 * pairs. */
static void
set_line (IbMapLine       *line,
          IbPairedVerdict  verdict,
          double           ratio)
{
  fx_map_line_decide (line, verdict, ratio, ratio * 0.95, ratio * 1.05);
}

static IbMap *
map_of (const guint64 *sizes,
        guint          n_sizes,
        const guint64 *counts,
        guint          n_counts)
{
  g_autoptr(GArray) s = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr(GArray) c = g_array_new (FALSE, FALSE, sizeof (guint64));
  IbMap *map;

  g_array_append_vals (s, sizes, n_sizes);
  g_array_append_vals (c, counts, n_counts);
  map = ib_map_new (s, c);
  map->margin = 0.10;
  map->alpha = 0.05;
  /* every line reached and equivalent, unless a test says otherwise */
  for (guint i = 0; i < map->cells->len; i++)
    {
      IbMapCell *cell = &g_array_index (map->cells, IbMapCell, i);

      cell->reached = TRUE;
      set_line (&cell->lines[IB_MAP_SERIAL], IB_PAIRED_EQUIVALENT, 1.01);
      set_line (&cell->lines[IB_MAP_PARALLEL], IB_PAIRED_EQUIVALENT, 1.01);
    }
  return map;
}

/* A map of the preset's axes: 4 KiB x 1 and x 2 sync faster one after
 * another, 4 KiB x 100 async faster all at once; on the 4-file column sync
 * faster one after another, 1 MiB equivalent, 16 MiB not decided. */
static IbMap *
preset_map (void)
{
  static const guint64 sizes[] = IB_MAP_PRESET_SIZES;
  static const guint64 counts[] = IB_MAP_PRESET_COUNTS;
  IbMap *map = map_of (sizes, G_N_ELEMENTS (sizes), counts, G_N_ELEMENTS (counts));

  set_line (&ib_map_cell (map, 0, 0)->lines[IB_MAP_SERIAL], IB_PAIRED_A_FASTER, 1.6);
  set_line (&ib_map_cell (map, 0, 1)->lines[IB_MAP_SERIAL], IB_PAIRED_A_FASTER, 1.4);
  set_line (&ib_map_cell (map, 0, 4)->lines[IB_MAP_PARALLEL], IB_PAIRED_B_FASTER, 0.5);
  set_line (&ib_map_cell (map, 0, 2)->lines[IB_MAP_SERIAL], IB_PAIRED_A_FASTER, 1.3);
  set_line (&ib_map_cell (map, 1, 2)->lines[IB_MAP_SERIAL], IB_PAIRED_A_FASTER, 1.2);
  set_line (&ib_map_cell (map, 3, 2)->lines[IB_MAP_SERIAL], IB_PAIRED_UNDECIDED, 0.97);
  return map;
}

static char *
cuts_text (const IbMap *map)
{
  g_autoptr(GPtrArray) cuts = ib_map_cuts_new (map);

  g_ptr_array_add (cuts, NULL);
  return g_strjoinv ("\n", (char **) cuts->pdata);
}

static void
test_preset_axes (void)
{
  static const guint64 sizes[] = IB_MAP_PRESET_SIZES;
  static const guint64 counts[] = IB_MAP_PRESET_COUNTS;
  gboolean has[101] = { FALSE };

  for (guint i = 0; i < G_N_ELEMENTS (counts); i++)
    if (counts[i] <= 100)
      has[counts[i]] = TRUE;
  /* seed 000's files (2.7 KB) on the 4 KiB row, 1, 2 and 100 of them;
   * seed 002's four */
  g_assert_cmpuint (sizes[0], ==, 4096);
  g_assert_true (has[1] && has[2] && has[100] && has[4]);
}

static void
test_golden (void)
{
  g_autoptr(IbMap) map = preset_map ();
  g_autofree char *got = cuts_text (map);
  g_autofree char *text = g_strconcat (got, "\n", NULL);
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "analysis", "golden",
                                                 "map-cuts.txt", NULL);
  g_autofree char *want = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(IbReport) report = ib_report_new ();
  g_autoptr(IbAnswerCard) card = NULL;
  g_autofree char *card_text = NULL;

  if (g_getenv ("IOBENCH_UPDATE_GOLDEN") != NULL)
    {
      g_file_set_contents (path, text, -1, &error);
      g_assert_no_error (error);
      g_test_message ("wrote %s", path);
    }
  g_file_get_contents (path, &want, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (text, ==, want);

  /* each claim holds here, and the 16 MiB cell, not decided, is left out */
  assert_contains (got, "1 and 2 small files. On this map's 4 KiB row, one after another, it "
                        "holds in every decided cell (1 file: sync 1.6x faster; 2 files: sync "
                        "1.4x faster).");
  assert_contains (got, "all at once, it holds in every decided cell (100 files: async 2.0x "
                        "faster).");
  assert_contains (got, "at its largest files, 16 MiB, smaller than the write-up's, no cell of "
                        "it is decided");

  /* the map's card carries them */
  report->map = ib_map_copy (map);
  card = ib_answer_card_map (report);
  card_text = ib_answer_card_to_text (card, "\n");
  assert_contains (card_text, got);
}

static void
test_decided_only (void)
{
  g_autoptr(IbMap) map = preset_map ();
  g_autofree char *text = NULL;

  /* 4 KiB x 2 one after another: not decided, its ratio leaning to async */
  set_line (&ib_map_cell (map, 0, 1)->lines[IB_MAP_SERIAL], IB_PAIRED_UNDECIDED, 0.8);
  text = cuts_text (map);
  assert_contains (text, "one after another, it holds in every decided cell (1 file: sync 1.6x "
                         "faster). Not decided or not reached, so left out: 2 files.");
  g_assert_null (strstr (text, "2 files: "));
  g_clear_pointer (&text, g_free);

  /* and reached by no one: the same */
  ib_map_cell (map, 0, 1)->reached = FALSE;
  text = cuts_text (map);
  assert_contains (text, "left out: 2 files.");
  g_clear_pointer (&text, g_free);

  /* decided against the claim: it holds in part */
  ib_map_cell (map, 0, 1)->reached = TRUE;
  set_line (&ib_map_cell (map, 0, 1)->lines[IB_MAP_SERIAL], IB_PAIRED_B_FASTER, 0.8);
  text = cuts_text (map);
  assert_contains (text, "it holds in 1 of 2 decided cells (1 file: sync 1.6x faster; 2 files: "
                         "async 1.2x faster).");
  g_clear_pointer (&text, g_free);

  /* 100 files at once, sync faster: the second claim fails */
  set_line (&ib_map_cell (map, 0, 4)->lines[IB_MAP_PARALLEL], IB_PAIRED_A_FASTER, 1.3);
  text = cuts_text (map);
  assert_contains (text, "all at once, it does not hold (100 files: sync 1.3x faster).");
}

static void
test_big_files (void)
{
  static const guint64 sizes[] = { 4096, 1 << 20, 256 << 20, 1 << 30 };
  static const guint64 counts[] = { 1, 4 };
  static const guint64 no_four[] = { 1, 2, 100 };
  g_autoptr(IbMap) map = map_of (sizes, G_N_ELEMENTS (sizes), counts, G_N_ELEMENTS (counts));
  g_autoptr(IbMap) other = map_of (sizes, 2, no_four, G_N_ELEMENTS (no_four));
  g_autofree char *text = NULL, *none = NULL;

  set_line (&ib_map_cell (map, 2, 1)->lines[IB_MAP_SERIAL], IB_PAIRED_A_FASTER, 6.6);
  set_line (&ib_map_cell (map, 3, 1)->lines[IB_MAP_SERIAL], IB_PAIRED_A_FASTER, 7.0);
  /* the smaller files of the column are not the write-up's: not counted */
  set_line (&ib_map_cell (map, 0, 1)->lines[IB_MAP_SERIAL], IB_PAIRED_B_FASTER, 0.5);
  text = cuts_text (map);
  assert_contains (text, "column of 4 files, one after another, from 256 MiB per file, it holds "
                         "in every decided cell (256 MiB: sync 6.6x faster; 1 GiB: sync 7.0x "
                         "faster).");
  none = cuts_text (other);
  assert_contains (none, "The Node.js big-file write-up (four files of 256 MiB to 1 GiB) is not "
                         "a cut of this map: it needs a column of 4 files.");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/map-cuts/preset-axes", test_preset_axes);
  g_test_add_func ("/map-cuts/golden", test_golden);
  g_test_add_func ("/map-cuts/decided-only", test_decided_only);
  g_test_add_func ("/map-cuts/big-files", test_big_files);
  return g_test_run ();
}
