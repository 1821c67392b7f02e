/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-compare.c: libFuzzer target on `compare`: two reports (the input
 * split at its first NUL byte, which JSON cannot hold; an input without one
 * is compared with itself) side by side as the comparison's tables, its
 * HTML page and its chart of every part both have. Each must be made, and
 * be document text (fuzz-common.h); the SVG must parse. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "analysis/ib-tables.h"
#include "chart/ib-chart.h"
#include "fuzz-common.h"
#include "report/ib-compare-writers.h"
#include "report/ib-report-io.h"

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  fuzz_init ();
  return 0;
}

static void
check_chart (const IbComparison *comparison,
             IbCompareChart      what)
{
  g_autofree char *path = g_build_filename (fuzz_tmpdir (), "compare.svg", NULL);
  g_autoptr (GError) error = NULL;
  g_autofree char *svg = NULL;
  IbChartStyle     style;

  ib_chart_style_init_light (&style);
  style.compare = what;
  /* as tall as its rows need, within what export draws */
  if (!ib_chart_export (&(IbChartRequest) { ib_chart_kind_lookup ("compare"), NULL, comparison, &style, 480, CLAMP (ib_compare_chart_height (comparison, what), 100, 8000) }, ib_chart_format_lookup ("svg"), path, 1, &error) ||
      !g_file_get_contents (path, &svg, NULL, &error))
    {
      g_printerr ("the comparison chart %d: %s\n", (int) what, error->message);
      abort ();
    }
  fuzz_check_svg ("the comparison chart", svg);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  const char *text = (const char *) data;
  const char *nul = memchr (data, '\0', size);
  gsize       size_a = nul != NULL ? (gsize) (nul - text) : size;
  g_autoptr (IbReport) a = fuzz_load (text, size_a);
  g_autoptr (IbReport) b = nul != NULL ? fuzz_load (nul + 1, size - size_a - 1) : NULL;
  g_autoptr (IbAnalysis) analysis_a = NULL;
  g_autoptr (IbAnalysis) analysis_b = NULL;
  g_autoptr (IbComparison) comparison = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *html = NULL;

  if (a == NULL || (nul != NULL && b == NULL))
    return 0;
  analysis_a = ib_analysis_new (a);
  analysis_b = b != NULL ? ib_analysis_new (b) : ib_analysis_ref (analysis_a);
  comparison = ib_comparison_new (analysis_a, analysis_b);

  for (int s = 0; s < IB_N_COMPARE_SECTIONS; s++)
    {
      g_autoptr (IbTable) table = ib_table_comparison (comparison, "A", "B", (IbCompareSection) s);

      for (guint r = 0; r < table->rows->len; r++)
        for (guint c = 0; c < table->headers->len; c++)
          if (!g_utf8_validate (ib_table_cell (table, r, c), -1, NULL))
            abort ();
    }
  html = ib_compare_to_html (comparison, size % 2 == 1, &error);
  if (html == NULL)
    {
      g_printerr ("the comparison's HTML writer failed: %s\n", error->message);
      abort ();
    }
  fuzz_check_document ("the comparison's HTML", html);
  for (IbCompareChart what = IB_COMPARE_CHART_READS; what < IB_N_COMPARE_CHARTS; what++)
    if (ib_chart_compare_has_data (what, comparison))
      check_chart (comparison, what);
  fuzz_clear_tmpdir ();
  return 0;
}
