/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Golden reports: saved reports loaded and written again must give the
 * stored bytes, JSON and CSV.
 *
 * golden/NAME.json were saved by iobench-cli (reads with a decision phase, a
 * sweep, dispatch overhead, write+delete, the small-files preset): loading
 * one and writing it again gives the very same file. Its "answer" and
 * "findings" are those its analysis finds (ib_analysis_new), never the ones
 * the file held: a change of a finding's words shows here. Reports of older
 * versions (the fuzz corpus's real-*.json, minimal.json) load with defaults
 * and are written in today's form: golden/old-NAME.json. The report built in
 * code by report-fixture.c (every section, awkward strings) is
 * golden/fixture.json, and the map of map-fixture.c golden/map.json. Each
 * has its CSV beside it: NAME.csv.
 *
 * When a change of the writers is meant, write the files again with
 * IOBENCH_UPDATE_GOLDEN=1 in the environment (it writes into the source
 * tree) and say in the commit why the output changed. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <string.h>

#include "report/ib-report-io.h"
#include "map-fixture.h"
#include "report-fixture.h"
#include "ib-test-writers.h"

/* Compares @got with the file @name in golden/; with IOBENCH_UPDATE_GOLDEN
 * set, stores @got there instead. */
static void
check_golden (const char *name,
              const char *got)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "report", "golden", name, NULL);
  g_autofree char *want = NULL;
  g_autoptr(GError) error = NULL;

  if (g_getenv ("IOBENCH_UPDATE_GOLDEN") != NULL)
    {
      g_file_set_contents (path, got, -1, &error);
      g_assert_no_error (error);
      g_test_message ("wrote %s", path);
      return;
    }
  g_file_get_contents (path, &want, NULL, &error);
  g_assert_no_error (error);
  if (strcmp (want, got) != 0)
    {
      gsize at = 0;
      guint line = 1;

      while (want[at] != '\0' && want[at] == got[at])
        line += want[at++] == '\n';
      g_error ("%s: line %u differs from what this build writes (IOBENCH_UPDATE_GOLDEN=1 "
               "rewrites the golden files when the change is meant)", path, line);
    }
}

static void
check_report (const IbReport *report,
              const char     *stem)
{
  g_autofree char *json = ib_test_to_json (report, NULL);
  g_autofree char *csv = ib_test_to_csv (report);
  g_autofree char *json_name = g_strconcat (stem, ".json", NULL);
  g_autofree char *csv_name = g_strconcat (stem, ".csv", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(IbReport) again = NULL;
  g_autofree char *json_again = NULL;

  check_golden (json_name, json);
  check_golden (csv_name, csv);

  /* and what was written loads back to the same bytes */
  again = ib_report_from_json (json, -1, &error);
  g_assert_no_error (error);
  json_again = ib_test_to_json (again, NULL);
  g_assert_cmpstr (json_again, ==, json);
}

static IbReport *
load (const char *dir,
      const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, dir, name, NULL);
  g_autoptr(GError) error = NULL;
  IbReport *report = ib_report_load_json (path, &error);

  g_assert_no_error (error);
  return report;
}

/* Saved by iobench-cli: written again byte for byte. */
static void
test_saved (gconstpointer data)
{
  const char *stem = data;
  g_autofree char *name = g_strconcat (stem, ".json", NULL);
  g_autoptr(IbReport) report = load ("report/golden", name);

  check_report (report, stem);
}

/* Older reports: written in today's form. */
static void
test_old (gconstpointer data)
{
  const char *stem = data;
  g_autofree char *name = g_strconcat (stem, ".json", NULL);
  g_autofree char *golden = g_strconcat ("old-", stem, NULL);
  g_autoptr(IbReport) report = load ("fuzz/corpus", name);

  check_report (report, golden);
}

static void
test_fixture (void)
{
  g_autoptr(IbReport) report = fx_report_new (40);

  check_report (report, "fixture");
}

/* The map's section: every cell's pairs, verdicts and main-loop cost, the
 * cells not reached included; the verdicts are the ones its pairs give. */
static void
test_map (void)
{
  g_autoptr(IbReport) report = fx_map_report_new ();
  static const IbPairedVerdict want[][IB_MAP_N_LINES] = {
    { IB_PAIRED_A_FASTER, IB_PAIRED_EQUIVALENT }, { IB_PAIRED_A_FASTER, IB_PAIRED_B_FASTER },
    { IB_PAIRED_EQUIVALENT, IB_PAIRED_UNDECIDED }, { IB_PAIRED_B_FASTER, IB_PAIRED_B_FASTER },
    { IB_PAIRED_NO_DATA, IB_PAIRED_NO_DATA },      { IB_PAIRED_NO_DATA, IB_PAIRED_NO_DATA },
  };

  g_assert_cmpuint (report->map->cells->len, ==, G_N_ELEMENTS (want));
  for (guint i = 0; i < report->map->cells->len; i++)
    for (guint k = 0; k < IB_MAP_N_LINES; k++)
      g_assert_cmpint (g_array_index (report->map->cells, IbMapCell, i).lines[k].decision.verdict,
                       ==, want[i][k]);
  g_assert_cmpuint (ib_map_n_reached (report->map), ==, 4);
  g_assert_cmpuint (ib_map_n_decided (report->map), ==, 7);
  check_report (report, "map");
}

int
main (int   argc,
      char *argv[])
{
  static const char *saved[] = {
    "reads-decision", "sweep", "overhead", "write-unlink", "small-files",
  };
  static const char *old[] = {
    "real-read", "real-sweep", "real-overhead", "real-wu", "minimal",
  };

  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (saved); i++)
    {
      g_autofree char *path = g_strconcat ("/report/golden/saved/", saved[i], NULL);

      g_test_add_data_func (path, saved[i], test_saved);
    }
  for (guint i = 0; i < G_N_ELEMENTS (old); i++)
    {
      g_autofree char *path = g_strconcat ("/report/golden/old/", old[i], NULL);

      g_test_add_data_func (path, old[i], test_old);
    }
  g_test_add_func ("/report/golden/fixture", test_fixture);
  g_test_add_func ("/report/golden/map", test_map);
  return g_test_run ();
}
