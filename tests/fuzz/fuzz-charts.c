/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-charts.c: libFuzzer target on the chart export. Every chart a
 * report the loader accepts has data for must be written as SVG (XML that
 * parses, with no character XML refuses), as PDF and as PNG: a name
 * cairo's PDF text refuses (U+FFFE) or a control character is no reason
 * to fail. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "chart/ib-chart.h"
#include "fuzz-common.h"
#include "report/ib-report-io.h"

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  fuzz_init ();
  return 0;
}

static void
export_chart (const IbChartKindInfo *kind,
              const IbReport        *report,
              const IbComparison    *comparison,
              const IbChartStyle    *style,
              guint                  format)
{
  static const char * const magic[] = { "\x89PNG", "<?xml", "%PDF-" };
  const IbChartFormatInfo  *info = ib_chart_format_nth (format);
  g_autofree char          *name = g_strdup_printf ("%s.%s", kind->id, info->id);
  g_autofree char          *path = g_build_filename (fuzz_tmpdir (), name, NULL);
  g_autoptr (GError) error = NULL;
  g_autofree char *data = NULL;

  /* small: the text is what is fuzzed, not the pixels */
  if (!ib_chart_export (&(IbChartRequest) { kind, report, comparison, style, 480, 320 }, info,
                        path, 1, &error) ||
      !g_file_get_contents (path, &data, NULL, &error))
    {
      g_printerr ("%s: %s\n", name, error->message);
      abort ();
    }
  if (!g_str_has_prefix (data, magic[format]))
    {
      g_printerr ("%s does not start as it should\n", name);
      abort ();
    }
  if (g_str_equal (info->id, "svg"))
    fuzz_check_svg (name, data);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr (IbReport) report = fuzz_load ((const char *) data, size);
  g_autoptr (IbAnalysis) analysis = NULL;
  g_autoptr (IbComparison) comparison = NULL;
  IbChartStyle style;

  if (report == NULL)
    return 0;
  analysis = ib_analysis_new (report);
  comparison = ib_comparison_new (analysis, analysis);
  ib_chart_style_init_light (&style);
  for (guint k = 0; k < ib_chart_n_kinds (); k++)
    {
      const IbChartKindInfo *kind = ib_chart_kind_nth (k);
      const IbComparison    *with = kind->two_runs ? comparison : NULL;

      if (!ib_chart_has_data (kind, report, with))
        continue;
      /* magic[] follows the table's order: png, svg, pdf */
      for (guint format = 0; format < ib_chart_n_formats (); format++)
        export_chart (kind, report, with, &style, format);
      /* what a screen reader is told is document text too */
      {
        g_autofree char *said = ib_chart_describe (&(IbChartRequest) { kind, report, with, &style, 0, 0 });

        if (said != NULL && !g_utf8_validate (said, -1, NULL))
          abort ();
      }
    }
  fuzz_clear_tmpdir ();
  return 0;
}
