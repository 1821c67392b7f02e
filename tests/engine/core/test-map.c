/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-map: the map's budget sharing and cost (engine/run/ib-map-run.h), on a
 * simulated clock with known ratios per cell.
 *
 * /engine/map/share: cells far from 1 decide at their first look and get
 * no more; the time they leave goes to the undecided lines, the one closest
 * to deciding first; a hopeless line (ratio 1.04, noise 40 %) never starves
 * the close one.
 * /engine/map/short-budget: a budget that ends in the first round keeps
 * what was measured, and the cells never reached say so.
 * /engine/map/check: the disk and time limits refuse with a message.
 * /engine/map/grows: whoever watches the map (a window) hears of each cell
 * as its lines take their first look, in grid order, one cell more each
 * time, each showing its verdict so far; and the last word on every line is
 * the verdict the map ends with. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <string.h>

#include "engine/model/ib-error.h"
#include "engine/run/ib-map-run.h"

typedef struct
{
  const double *ratios;     /* b / a per cell */
  const double *noise;      /* relative jitter of b per cell */
  gint64        now;        /* the simulated clock, ns */
  guint32       rng;
  GArray       *order;      /* guint: slot of every pair, in the order measured */
} Sim;

static double
jitter (Sim *sim)
{
  sim->rng = sim->rng * 1664525u + 1013904223u;
  return ((sim->rng >> 8) & 0xffff) / 32767.5 - 1.0;
}

static gboolean
sim_pair (guint            cell,
          IbMapLineKind    line,
          guint            index,
          IbDecisionPair  *out,
          gpointer         user_data,
          GError         **error)
{
  Sim *sim = user_data;
  double a = 1e6 * (1 + 0.02 * jitter (sim));
  double b = a * sim->ratios[cell] * (1 + sim->noise[cell] * jitter (sim));
  guint slot = cell * IB_MAP_N_LINES + line;

  out->a_ns = (gint64) a;
  out->b_ns = (gint64) b;
  /* every pair costs 10 ms of the budget */
  sim->now += 10 * 1000 * 1000;
  g_array_append_val (sim->order, slot);
  return TRUE;
}

static gint64
sim_clock (gpointer user_data)
{
  return ((Sim *) user_data)->now;
}

static IbMap *
grid (guint n_cells)
{
  g_autoptr(GArray) sizes = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr(GArray) counts = g_array_new (FALSE, FALSE, sizeof (guint64));

  for (guint i = 0; i < n_cells; i++)
    g_array_append_val (sizes, (guint64) { 4096 << i });
  g_array_append_val (counts, (guint64) { 1 });
  return ib_map_new (sizes, counts);
}

static const IbDecisionLine *
line_of (const IbMap *map,
         guint        cell,
         guint        line)
{
  return &g_array_index (map->cells, IbMapCell, cell).lines[line].decision;
}

static void
test_share (void)
{
  /* far (sync 3x faster), far (async 3x faster), equivalent, hopeless
   * (1.04, much noise), close (1.12, a little noise): the hopeless one comes
   * first in grid order, so grid order alone would serve it first */
  static const double ratios[] = { 3.0, 0.33, 1.0, 1.04, 1.12 };
  static const double noise[] = { 0.02, 0.02, 0.01, 0.40, 0.25 };
  Sim sim = { ratios, noise, 0, 7, g_array_new (FALSE, FALSE, sizeof (guint)) };
  IbMapMeasurer measurer = { sim_pair, sim_clock, &sim };
  g_autoptr(IbMap) map = grid (G_N_ELEMENTS (ratios));
  g_autoptr(GError) error = NULL;
  guint first = IB_MAP_DEFAULT_FIRST_PAIRS;
  guint n_slots = map->cells->len * IB_MAP_N_LINES;
  guint close_last = 0, hopeless_first = G_MAXUINT;
  /* room for 600 pairs */
  gboolean ok = ib_map_share (map, 0, G_GINT64_CONSTANT (6000000000), &measurer, NULL, &error);

  g_assert_no_error (error);
  g_assert_true (ok);
  g_assert_cmpuint (map->first_pairs, ==, first);

  /* the first round: every line its first look, in grid order */
  for (guint i = 0; i < n_slots * first; i++)
    g_assert_cmpuint (g_array_index (sim.order, guint, i), ==, i / first);

  /* far cells and the equivalent one decide at the first look, no more */
  for (guint l = 0; l < IB_MAP_N_LINES; l++)
    {
      g_assert_cmpint (line_of (map, 0, l)->verdict, ==, IB_PAIRED_A_FASTER);
      g_assert_cmpint (line_of (map, 1, l)->verdict, ==, IB_PAIRED_B_FASTER);
      g_assert_cmpint (line_of (map, 2, l)->verdict, ==, IB_PAIRED_EQUIVALENT);
      for (guint c = 0; c < 3; c++)
        g_assert_cmpuint (line_of (map, c, l)->pairs->len, ==, first);
      /* the close cell got more, and decided: sync faster */
      g_assert_cmpuint (line_of (map, 4, l)->pairs->len, >, first);
      g_assert_cmpint (line_of (map, 4, l)->verdict, ==, IB_PAIRED_A_FASTER);
    }
  g_assert_true (g_array_index (map->cells, IbMapCell, 3).reached);

  /* after the first round, the close cell's lines were served before the
   * hopeless one got anything beyond its first look */
  for (guint i = n_slots * first; i < sim.order->len; i++)
    {
      guint slot = g_array_index (sim.order, guint, i);

      if (slot / IB_MAP_N_LINES == 4)
        close_last = i;
      else if (slot / IB_MAP_N_LINES == 3)
        hopeless_first = MIN (hopeless_first, i);
      else
        g_error ("pair %u went to cell %u, decided at its first look", i,
                 slot / IB_MAP_N_LINES);
    }
  g_assert_cmpuint (close_last, <, hopeless_first);
  /* the time left over went to the hopeless line, up to its last look or
   * the deadline; it never was decided falsely in favour of either side */
  g_assert_cmpint (line_of (map, 3, 0)->verdict, !=, IB_PAIRED_B_FASTER);
  g_assert_cmpfloat (map->spent_s, >, 0);
  g_array_unref (sim.order);
}

static void
test_short_budget (void)
{
  static const double ratios[] = { 3.0, 3.0, 3.0 };
  static const double noise[] = { 0.02, 0.02, 0.02 };
  Sim sim = { ratios, noise, 0, 9, g_array_new (FALSE, FALSE, sizeof (guint)) };
  IbMapMeasurer measurer = { sim_pair, sim_clock, &sim };
  g_autoptr(IbMap) map = grid (G_N_ELEMENTS (ratios));
  g_autoptr(GError) error = NULL;
  guint first = IB_MAP_DEFAULT_FIRST_PAIRS;
  /* room for the first cell's two lines and half of the next one's first */
  gint64 deadline = (gint64) (2 * first + first / 2) * 10 * 1000 * 1000;

  g_assert_true (ib_map_share (map, 0, deadline, &measurer, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (line_of (map, 0, IB_MAP_SERIAL)->verdict, ==, IB_PAIRED_A_FASTER);
  g_assert_cmpint (line_of (map, 0, IB_MAP_PARALLEL)->verdict, ==, IB_PAIRED_A_FASTER);
  /* the second cell's serial line took its look with the pairs it had */
  g_assert_cmpuint (line_of (map, 1, IB_MAP_SERIAL)->pairs->len, ==, first / 2);
  g_assert_true (g_array_index (map->cells, IbMapCell, 1).reached);
  g_assert_cmpint (line_of (map, 1, IB_MAP_PARALLEL)->verdict, ==, IB_PAIRED_NO_DATA);
  /* the third was never reached */
  g_assert_false (g_array_index (map->cells, IbMapCell, 2).reached);
  g_assert_cmpuint (line_of (map, 2, IB_MAP_SERIAL)->pairs->len, ==, 0);
  g_assert_cmpint (line_of (map, 2, IB_MAP_SERIAL)->verdict, ==, IB_PAIRED_NO_DATA);
  g_assert_cmpuint (ib_map_n_reached (map), ==, 2);
  g_array_unref (sim.order);
}

static IbPlan *
map_plan (const guint64 *sizes,
          guint          n_sizes,
          const guint64 *counts,
          guint          n_counts,
          guint          budget_s)
{
  IbPlan *plan = ib_plan_new ();

  plan->budget_s = budget_s;
  plan->map = ib_map_spec_new ();
  g_array_append_vals (plan->map->sizes, sizes, n_sizes);
  g_array_append_vals (plan->map->counts, counts, n_counts);
  return plan;
}

static void
test_check (void)
{
  static const guint64 laptop[] = { 4096, 65536, 1 << 20, 16 << 20 };
  static const guint64 big[] = { 4096, 65536, 1 << 20, 16 << 20, 256 << 20 };
  static const guint64 counts[] = { 1, 2, 4, 16, 64 };
  g_autoptr(IbPlan) ok = map_plan (laptop, 4, counts, 5, 300);
  g_autoptr(IbPlan) disk = map_plan (big, 5, counts, 5, 300);
  g_autoptr(IbPlan) time = map_plan (laptop, 4, counts, 5, 20);
  g_autoptr(GError) error = NULL;
  IbMapCost cost;

  ib_map_cost (ok, &cost);
  g_assert_cmpuint (cost.n_cells, ==, 20);
  /* each size as many times as the largest count, once */
  g_assert_cmpuint (cost.disk_bytes, ==, 64 * (4096 + 65536 + (1 << 20) + (16 << 20)));
  g_assert_cmpfloat (cost.estimate_s, >=, 300);
  g_assert_true (ib_map_check (ok, &error));
  g_assert_no_error (error);

  g_assert_false (ib_map_check (disk, &error));
  g_assert_error (error, IB_ERROR, IB_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "over its limit of 8"));
  g_clear_error (&error);

  g_assert_false (ib_map_check (time, &error));
  g_assert_error (error, IB_ERROR, IB_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "A budget of 20 s is too short"));
  g_assert_nonnull (strstr (error->message, "Raise --budget,"));
  g_clear_error (&error);

  /* a window names its own field, and offers no limit it cannot change */
  g_assert_false (ib_map_check_named (time, "Time budget", NULL, &error));
  g_assert_nonnull (strstr (error->message, "Raise Time budget,"));
  g_assert_null (strstr (error->message, "--"));
  g_clear_error (&error);
  g_assert_false (ib_map_check_named (disk, "Time budget", NULL, &error));
  g_assert_nonnull (strstr (error->message, "over its limit of 8"));
  g_assert_null (strstr (error->message, "--max-disk"));
  g_assert_true (g_str_has_suffix (error->message, "drop the largest sizes or counts"));
  g_clear_error (&error);
}

typedef struct
{
  GArray *reached;  /* guint: cells reached at each call */
  GArray *cells;    /* guint: the cell of each call */
  IbMap  *last;     /* the map as last shown */
} Watch;

static void
watch_changed (const IbMap *map,
               guint        cell,
               gpointer     user_data)
{
  Watch *w = user_data;
  guint reached = ib_map_n_reached (map);
  const IbMapCell *c = &g_array_index (map->cells, IbMapCell, cell);

  /* the cell told of was measured, and shows where its lines stand */
  g_assert_true (c->reached);
  for (guint l = 0; l < IB_MAP_N_LINES; l++)
    g_assert_cmpuint (c->lines[l].decision.pairs->len == 0, ==,
                      c->lines[l].decision.verdict == IB_PAIRED_NO_DATA);
  g_array_append_val (w->reached, reached);
  g_array_append_val (w->cells, cell);
  g_clear_pointer (&w->last, ib_map_free);
  w->last = ib_map_copy (map);
}

static gboolean
watched_pair (guint            cell,
              IbMapLineKind    line,
              guint            index,
              IbDecisionPair  *out,
              gpointer         user_data,
              GError         **error)
{
  return sim_pair (cell, line, index, out, ((gpointer *) user_data)[0], error);
}

static gint64
watched_clock (gpointer user_data)
{
  return sim_clock (((gpointer *) user_data)[0]);
}

static void
watched_changed (const IbMap *map,
                 guint        cell,
                 gpointer     user_data)
{
  watch_changed (map, cell, ((gpointer *) user_data)[1]);
}

static void
test_grows (void)
{
  static const double ratios[] = { 3.0, 0.33, 1.0, 1.12 };
  static const double noise[] = { 0.02, 0.02, 0.01, 0.25 };
  Sim sim = { ratios, noise, 0, 11, g_array_new (FALSE, FALSE, sizeof (guint)) };
  Watch w = { g_array_new (FALSE, FALSE, sizeof (guint)),
              g_array_new (FALSE, FALSE, sizeof (guint)), NULL };
  gpointer both[2] = { &sim, &w };
  IbMapMeasurer measurer = { watched_pair, watched_clock, both, watched_changed };
  g_autoptr(IbMap) map = grid (G_N_ELEMENTS (ratios));
  g_autoptr(GError) error = NULL;
  guint n = map->cells->len;

  g_assert_true (ib_map_share (map, 0, G_GINT64_CONSTANT (6000000000), &measurer, NULL, &error));
  g_assert_no_error (error);

  /* the first round: a call per line, in grid order, a cell more per cell */
  g_assert_cmpuint (w.cells->len, >=, n * IB_MAP_N_LINES);
  for (guint i = 0; i < n * IB_MAP_N_LINES; i++)
    {
      g_assert_cmpuint (g_array_index (w.cells, guint, i), ==, i / IB_MAP_N_LINES);
      g_assert_cmpuint (g_array_index (w.reached, guint, i), ==, i / IB_MAP_N_LINES + 1);
    }
  /* a far cell showed its verdict as soon as its lines looked */
  g_assert_nonnull (w.last);
  for (guint c = 0; c < n; c++)
    for (guint l = 0; l < IB_MAP_N_LINES; l++)
      {
        const IbDecisionLine *shown = &g_array_index (w.last->cells, IbMapCell, c).lines[l].decision;
        const IbDecisionLine *ended = line_of (map, c, l);

        /* the last word on a line is its end: a decided line's verdict */
        if (ended->verdict != IB_PAIRED_UNDECIDED)
          g_assert_cmpint (shown->verdict, ==, ended->verdict);
        g_assert_cmpuint (shown->pairs->len, ==, ended->pairs->len);
      }
  g_assert_cmpint (line_of (map, 0, IB_MAP_SERIAL)->verdict, ==, IB_PAIRED_A_FASTER);
  g_assert_cmpint (line_of (map, 1, IB_MAP_SERIAL)->verdict, ==, IB_PAIRED_B_FASTER);
  ib_map_free (w.last);
  g_array_unref (w.reached);
  g_array_unref (w.cells);
  g_array_unref (sim.order);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/map/share", test_share);
  g_test_add_func ("/engine/map/short-budget", test_short_budget);
  g_test_add_func ("/engine/map/check", test_check);
  g_test_add_func ("/engine/map/grows", test_grows);
  return g_test_run ();
}
