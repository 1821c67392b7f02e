/* SPDX-License-Identifier: GPL-3.0-or-later */
/* An analysis never writes the report it reads (analysis/ib-analysis.h):
 * the report is serialised by the JSON field tables (every saved member of
 * every struct, without the analysis's answer and findings) before and
 * after ib_analysis_new, and the two must be the same bytes. The reports:
 * the fixture built in code (every section), overlapping and separated,
 * and saved reports with a decision phase, a sweep, dispatch overhead,
 * write + delete and the small-files preset. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <string.h>

#include "analysis/ib-findings.h"
#include "report/ib-report-io.h"
#include "report/ib-report-json-private.h"
#include "report-fixture.h"

/* @report's members as JSON, by the field tables alone: nothing of an
 * analysis. */
static char *
serialise (const IbReport *report)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;

  ib_json_write_object (b, &ib_json_report_section, report);
  root = json_builder_get_root (b);
  json_generator_set_root (gen, root);
  json_generator_set_pretty (gen, TRUE);
  return json_generator_to_data (gen, NULL);
}

static void
check_untouched (IbReport *report)
{
  g_autofree char *before = serialise (report);
  g_autofree char *after = NULL;
  g_autoptr(IbAnalysis) analysis = NULL;
  g_autoptr(IbReport) copy = ib_report_copy (report);
  g_autofree char *copy_after = NULL;

  /* what it serialises is the report, not an empty shell */
  g_assert_nonnull (strstr (before, "\"statistics\""));
  g_assert_null (strstr (before, "\"findings\""));

  analysis = ib_analysis_new (report);
  after = serialise (report);
  if (strcmp (before, after) != 0)
    {
      gsize at = 0;

      while (before[at] != '\0' && before[at] == after[at])
        at++;
      g_error ("ib_analysis_new changed the report it analysed, from “%.80s” on",
               after + at);
    }
  /* and its answer and findings are its own: a copy made before it
   * analyses to the same */
  {
    g_autoptr(IbAnalysis) other = ib_analysis_new (copy);
    const GArray *f = ib_analysis_get_findings (analysis);
    const GArray *g = ib_analysis_get_findings (other);

    copy_after = serialise (copy);
    g_assert_cmpstr (copy_after, ==, before);
    g_assert_cmpuint (f->len, >, 0);
    g_assert_cmpuint (f->len, ==, g->len);
    for (guint i = 0; i < f->len; i++)
      g_assert_cmpstr (g_array_index (f, IbFinding, i).text, ==,
                       g_array_index (g, IbFinding, i).text);
  }
  g_assert_true (ib_analysis_get_report (analysis) == report);
}

static void
test_fixture (void)
{
  static const double centres[] = { 40, 10, 12 };

  for (guint i = 0; i < G_N_ELEMENTS (centres); i++)
    {
      g_autoptr(IbReport) report = fx_report_new (centres[i]);

      check_untouched (report);
    }
}

static void
test_saved (gconstpointer data)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "report", "golden", data, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(IbReport) report = ib_report_load_json (path, &error);

  g_assert_no_error (error);
  check_untouched (report);
}

int
main (int   argc,
      char *argv[])
{
  static const char *saved[] = {
    "reads-decision.json", "sweep.json", "overhead.json", "write-unlink.json",
    "small-files.json",
  };

  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/analysis/immutable/fixture", test_fixture);
  for (guint i = 0; i < G_N_ELEMENTS (saved); i++)
    {
      g_autofree char *name = g_strdup_printf ("/analysis/immutable/%s", saved[i]);

      g_test_add_data_func (name, saved[i], test_saved);
    }
  return g_test_run ();
}
