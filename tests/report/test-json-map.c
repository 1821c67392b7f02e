/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-json-map: the size x count map's section of a report (engine/model/ib-map.h,
 * report/ib-report-json-map.c).
 *
 * /report/json-map/round-trip: a map written and loaded keeps every cell,
 * its reach, its pairs, verdicts and main-loop cost, and the plan's map;
 * ib_report_copy keeps them too.
 * /report/json-map/refused: a map whose cells are not the grid of its axes,
 * whose lines are swapped, whose axes are out of order, or whose unreached
 * cell has pairs is refused with a message naming the member. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <json-glib/json-glib.h>
#include <string.h>

#include "engine/model/ib-map.h"
#include "ib-test-writers.h"
#include "map-fixture.h"
#include "report/ib-report-io.h"

static void
assert_same_map (const IbMap *x,
                 const IbMap *y)
{
  g_assert_nonnull (y);
  g_assert_cmpuint (x->sizes->len, ==, y->sizes->len);
  g_assert_cmpuint (x->counts->len, ==, y->counts->len);
  g_assert_cmpuint (x->cells->len, ==, y->cells->len);
  g_assert_cmpuint (x->budget_s, ==, y->budget_s);
  g_assert_cmpuint (x->disk_bytes, ==, y->disk_bytes);
  g_assert_cmpfloat_with_epsilon (x->spent_s, y->spent_s, 1e-9);
  for (guint i = 0; i < x->cells->len; i++)
    {
      const IbMapCell *a = &g_array_index (x->cells, IbMapCell, i);
      const IbMapCell *b = &g_array_index (y->cells, IbMapCell, i);

      g_assert_cmpuint (a->size, ==, b->size);
      g_assert_cmpuint (a->count, ==, b->count);
      g_assert_cmpint (a->reached, ==, b->reached);
      for (guint k = 0; k < IB_MAP_N_LINES; k++)
        {
          const IbMapLine *p = &a->lines[k], *q = &b->lines[k];

          g_assert_cmpstr (p->decision.line, ==, q->decision.line);
          g_assert_cmpstr (p->decision.a, ==, q->decision.a);
          g_assert_cmpstr (p->decision.b, ==, q->decision.b);
          g_assert_cmpint (p->decision.verdict, ==, q->decision.verdict);
          g_assert_cmpfloat_with_epsilon (p->decision.ratio, q->decision.ratio, 1e-12);
          g_assert_cmpuint (p->decision.pairs->len, ==, q->decision.pairs->len);
          g_assert_cmpmem (p->decision.pairs->data,
                           p->decision.pairs->len * sizeof (IbDecisionPair),
                           q->decision.pairs->data,
                           q->decision.pairs->len * sizeof (IbDecisionPair));
          g_assert_cmpmem (&p->a_side, sizeof p->a_side, &q->a_side, sizeof q->a_side);
          g_assert_cmpmem (&p->b_side, sizeof p->b_side, &q->b_side, sizeof q->b_side);
        }
    }
}

static void
test_round_trip (void)
{
  g_autoptr(IbReport) report = fx_map_report_new ();
  g_autoptr(IbReport) copy = ib_report_copy (report);
  g_autoptr(IbReport) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *json = ib_test_to_json (report, NULL);
  g_autofree char *copy_json = ib_test_to_json (copy, NULL);

  loaded = ib_report_from_json (json, -1, &error);
  g_assert_no_error (error);
  assert_same_map (report->map, loaded->map);
  assert_same_map (report->map, copy->map);
  g_assert_cmpstr (copy_json, ==, json);
  g_assert_nonnull (loaded->plan->map);
  g_assert_cmpuint (loaded->plan->map->sizes->len, ==, 3);
  g_assert_cmpuint (loaded->plan->map->counts->len, ==, 2);
  g_assert_cmpuint (loaded->plan->map->first_pairs, ==, 6);
  /* a cell not reached says so, and has no pairs */
  g_assert_false (ib_map_cell (loaded->map, 2, 1)->reached);
  g_assert_cmpint (ib_map_cell (loaded->map, 2, 1)->lines[IB_MAP_SERIAL].decision.verdict, ==,
                   IB_PAIRED_NO_DATA);
  /* a report without a map has none, and no member for it */
  {
    g_autoptr(IbReport) plain = ib_report_new ();
    g_autofree char *plain_json = ib_test_to_json (plain, NULL);

    g_assert_null (strstr (plain_json, "\"map\""));
  }
}

typedef void (*Mutate) (JsonObject *map);

static JsonObject *
cell_of (JsonObject *map,
         guint       index)
{
  return json_array_get_object_element (json_object_get_array_member (map, "cells"), index);
}

static void
drop_cell (JsonObject *map)
{
  json_array_remove_element (json_object_get_array_member (map, "cells"), 5);
}

static void
swap_lines (JsonObject *map)
{
  JsonObject *cell = cell_of (map, 0);
  JsonNode *serial = json_node_copy (json_object_get_member (cell, "serial"));
  JsonNode *parallel = json_node_copy (json_object_get_member (cell, "parallel"));

  json_object_set_member (cell, "serial", parallel);
  json_object_set_member (cell, "parallel", serial);
}

static void
sizes_descending (JsonObject *map)
{
  JsonArray *sizes = json_object_get_array_member (map, "sizes");

  json_array_remove_element (sizes, 0);
  json_array_add_int_element (sizes, 4096);
}

static void
cell_misplaced (JsonObject *map)
{
  json_object_set_int_member (cell_of (map, 1), "count", 4);
}

static void
unreached_with_pairs (JsonObject *map)
{
  json_object_set_boolean_member (cell_of (map, 0), "reached", FALSE);
}

static void
no_decision (JsonObject *map)
{
  json_object_remove_member (json_object_get_object_member (cell_of (map, 0), "serial"),
                             "decision");
}

static void
assert_refused (Mutate      mutate,
                const char *want)
{
  g_autoptr(IbReport) report = fx_map_report_new ();
  g_autofree char *json = ib_test_to_json (report, NULL);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(IbReport) loaded = NULL;
  g_autofree char *edited = NULL;
  JsonObject *root;

  g_assert_true (json_parser_load_from_data (parser, json, -1, NULL));
  root = json_node_get_object (json_parser_get_root (parser));
  mutate (json_object_get_object_member (root, "map"));
  json_generator_set_root (gen, json_parser_get_root (parser));
  edited = json_generator_to_data (gen, NULL);
  loaded = ib_report_from_json (edited, -1, &error);
  g_assert_null (loaded);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  if (strstr (error->message, want) == NULL)
    g_error ("“%s” does not say “%s”", error->message, want);
}

static void
test_refused (void)
{
  assert_refused (drop_cell, "expected one cell per size and count (6), found 5");
  assert_refused (swap_lines, "map.cells[0].serial.decision.line");
  assert_refused (sizes_descending, "map.sizes");
  assert_refused (cell_misplaced, "map.cells[1]");
  assert_refused (unreached_with_pairs, "a cell not reached has no pairs");
  assert_refused (no_decision, "map.cells[0].serial.decision");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/report/json-map/round-trip", test_round_trip);
  g_test_add_func ("/report/json-map/refused", test_refused);
  return g_test_run ();
}
