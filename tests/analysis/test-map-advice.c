/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Advice from the size x count map (analysis/ib-map-advice.h):
 *
 * - the map of tests/report/map-fixture.c gives the advice stored in
 *   golden/map-advice.txt (IOBENCH_UPDATE_GOLDEN=1 writes it again when a
 *   change of the words is meant; say why in the commit);
 * - regions merge as said: a grid whose serial line is sync-faster up to
 *   64 KiB and async-faster at 1 MiB gives two sentences, not six;
 * - an undecided cell planted in the middle of a sync-faster block is never
 *   advised on: no advising region covers it (checked against the cell's
 *   own verdict, not the advice's class), and its own region says "not
 *   decided";
 * - the one-frame line starts where the sync read's stall reaches a frame,
 *   and the why line appears only where async loses by 2x or more. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <locale.h>
#include <string.h>

#include "analysis/ib-map-advice.h"
#include "engine/model/ib-map.h"
#include "map-fixture.h"

/* Sets @line to @verdict with ratio b / a @ratio in [@lo, @hi] over 12 pairs,
 * the sync side stalling the loop @stall_ms. */
static void
set_line (IbMapLine       *line,
          IbPairedVerdict  verdict,
          double           ratio,
          double           lo,
          double           hi,
          double           stall_ms)
{
  fx_map_line_decide (line, verdict, ratio, lo, hi);
  line->a_side.n_responsive = line->b_side.n_responsive = 12;
  line->a_side.stall_ns = stall_ms * 1e6;
  line->a_side.frames_missed_60 = MAX (0.0, stall_ms / 16.7 - 1);
  line->b_side.stall_ns = 0.2e6;
}

/* 4 KiB, 64 KiB, 1 MiB x 1, 4, 16 files: serially sync 1.5x faster up to
 * 64 KiB, async 1.3x faster at 1 MiB; all at once equivalent everywhere. */
static IbMap *
grid_map (void)
{
  static const guint64 sizes[] = { 4096, 65536, 1048576 };
  static const guint64 counts[] = { 1, 4, 16 };
  g_autoptr(GArray) s = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr(GArray) c = g_array_new (FALSE, FALSE, sizeof (guint64));
  IbMap *map;

  g_array_append_vals (s, sizes, G_N_ELEMENTS (sizes));
  g_array_append_vals (c, counts, G_N_ELEMENTS (counts));
  map = ib_map_new (s, c);
  for (guint i = 0; i < 3; i++)
    for (guint j = 0; j < 3; j++)
      {
        IbMapCell *cell = ib_map_cell (map, i, j);

        cell->reached = TRUE;
        if (i < 2)
          set_line (&cell->lines[IB_MAP_SERIAL], IB_PAIRED_A_FASTER, 1.5 + 0.1 * j, 1.3, 1.9,
                    0.1 * (j + 1));
        else
          set_line (&cell->lines[IB_MAP_SERIAL], IB_PAIRED_B_FASTER, 1 / 1.3, 0.7, 0.8,
                    j == 2 ? 20 : 5);
        set_line (&cell->lines[IB_MAP_PARALLEL], IB_PAIRED_EQUIVALENT, 1.01, 0.97, 1.05, 0.2);
      }
  return map;
}

static char *
card_text (const IbReport *report)
{
  g_autoptr(IbAnswerCard) card = ib_answer_card_map (report);

  g_assert_nonnull (card);
  g_assert_cmpstr (card->id, ==, IB_ANSWER_CARD_MAP);
  return ib_answer_card_to_text (card, "\n");
}

static void
test_golden (void)
{
  g_autoptr(IbReport) report = fx_map_report_new ();
  g_autofree char *got = card_text (report);
  g_autofree char *text = g_strconcat (got, "\n", NULL);
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "analysis", "golden",
                                                 "map-advice.txt", NULL);
  g_autofree char *want = NULL;
  g_autoptr(GError) error = NULL;

  if (g_getenv ("IOBENCH_UPDATE_GOLDEN") != NULL)
    {
      g_file_set_contents (path, text, -1, &error);
      g_assert_no_error (error);
      g_test_message ("wrote %s", path);
      return;
    }
  g_file_get_contents (path, &want, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (text, ==, want);
}

static void
test_merged (void)
{
  g_autoptr(IbMap) map = grid_map ();
  g_autoptr(IbMapAdvice) advice = ib_map_advice_new (map);
  const IbMapRegion *r;

  /* serial: sync up to 64 KiB, async at 1 MiB; parallel: one region */
  g_assert_cmpuint (advice->regions->len, ==, 3);
  r = g_ptr_array_index (advice->regions, 0);
  g_assert_cmpint (r->klass, ==, IB_MAP_CLASS_SYNC);
  g_assert_cmpstr (r->text, ==,
                   "One after another (up to 64 KiB per file, 1 to 16 files): "
                   "g_file_load_contents is fastest, 1.5-1.7x faster than "
                   "g_file_load_contents_async (6 cells, each decided at 95 %). On the main "
                   "thread each read stays under a frame (longest stall 300 µs).");
  r = g_ptr_array_index (advice->regions, 1);
  g_assert_cmpint (r->klass, ==, IB_MAP_CLASS_ASYNC);
  g_assert_cmpstr (r->text, ==,
                   "One after another (1 MiB per file, 1 to 16 files): "
                   "g_file_load_contents_async is fastest, 1.3x faster than "
                   "g_file_load_contents (3 cells, each decided at 95 %).");
  r = g_ptr_array_index (advice->regions, 2);
  g_assert_cmpint (r->line, ==, IB_MAP_PARALLEL);
  g_assert_cmpstr (r->text, ==,
                   "All at once (4 KiB to 1 MiB per file, 1 to 16 files): "
                   "g_file_read_async + g_input_stream_read_all_async and sync reads on worker "
                   "threads are equivalent within ±10 % (ratios 1.01; 9 cells, each decided at "
                   "95 %).");
  /* the sync read reaches a frame at 1 MiB x 16 only */
  g_assert_cmpstr (advice->frame_text, ==,
                   "A sync read on the main thread (g_file_load_contents, one after another) "
                   "costs a 60 Hz frame (16.7 ms) or more from 1 MiB per file with 16 files.");
  /* sync wins by 1.5-1.7x only: no 8 KiB round trips to explain */
  g_assert_null (advice->why_text);
}

/* Whether @line's own verdict (the engine's, not the advice's) decided it. */
static gboolean
line_decided (const IbMapCell *cell,
              const IbMapLine *line)
{
  return cell->reached && (line->decision.verdict == IB_PAIRED_A_FASTER
                           || line->decision.verdict == IB_PAIRED_B_FASTER
                           || line->decision.verdict == IB_PAIRED_EQUIVALENT);
}

/* No region that advises covers an undecided or unreached line; each such
 * line lies in a region that says it gives no advice. */
static void
check_never_advised (const IbMap       *map,
                     const IbMapAdvice *advice)
{
  for (guint i = 0; i < advice->regions->len; i++)
    {
      const IbMapRegion *r = g_ptr_array_index (advice->regions, i);
      gboolean advises = r->klass == IB_MAP_CLASS_SYNC || r->klass == IB_MAP_CLASS_ASYNC
                         || r->klass == IB_MAP_CLASS_EQUIVALENT;

      for (guint s = r->size_first; s <= r->size_last; s++)
        for (guint c = r->count_first; c <= r->count_last; c++)
          {
            const IbMapCell *cell = ib_map_cell (map, s, c);
            const IbMapLine *line = &cell->lines[r->line];

            if (advises && !line_decided (cell, line))
              g_error ("advice \"%s\" covers the undecided cell %u x %u", r->text, s, c);
            if (!advises)
              {
                g_assert_false (line_decided (cell, line));
                g_assert_nonnull (strstr (r->text, "so no advice here"));
              }
          }
    }
}

static void
test_planted_undecided (void)
{
  g_autoptr(IbMap) map = grid_map ();
  g_autoptr(IbReport) report = fx_map_report_new ();
  g_autoptr(IbMapAdvice) fixture = ib_map_advice_new (report->map);
  g_autoptr(IbMapAdvice) advice = NULL;
  IbMapCell *planted = ib_map_cell (map, 0, 1);
  const IbMapRegion *r;
  gboolean found = FALSE;

  /* 4 KiB x 4 files, one after another: not decided, in a sync block */
  set_line (&planted->lines[IB_MAP_SERIAL], IB_PAIRED_UNDECIDED, 1.2, 0.9, 1.6, 0.1);
  advice = ib_map_advice_new (map);
  check_never_advised (map, advice);
  for (guint i = 0; i < advice->regions->len; i++)
    {
      r = g_ptr_array_index (advice->regions, i);
      if (r->line == IB_MAP_SERIAL && r->size_first == 0 && r->count_first == 1)
        {
          g_assert_cmpint (r->klass, ==, IB_MAP_CLASS_UNDECIDED);
          g_assert_cmpuint (r->size_last, ==, 0);
          g_assert_cmpuint (r->count_last, ==, 1);
          g_assert_cmpstr (r->text, ==,
                           "One after another (4 KiB per file, 4 files): not decided within "
                           "the budget, so no advice here.");
          found = TRUE;
        }
    }
  g_assert_true (found);
  /* the fixture's own undecided and unreached cells too */
  check_never_advised (report->map, fixture);
}

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/map-advice/golden", test_golden);
  g_test_add_func ("/map-advice/merged", test_merged);
  g_test_add_func ("/map-advice/planted-undecided", test_planted_undecided);
  return g_test_run ();
}
