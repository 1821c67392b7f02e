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
export_chart (IbChartKind         kind,
              const IbReport     *report,
              const IbComparison *comparison,
              const IbChartStyle *style,
              IbChartFormat       format)
{
  static const char *const ext[] = { "png", "svg", "pdf" };
  static const char *const magic[] = { "\x89PNG", "<?xml", "%PDF-" };
  g_autofree char *name = g_strdup_printf ("%s.%s", ib_chart_kind_to_string (kind), ext[format]);
  g_autofree char *path = g_build_filename (fuzz_tmpdir (), name, NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;

  /* small: the text is what is fuzzed, not the pixels */
  if (!ib_chart_export (kind, report, comparison, style, format, path, 480, 320, 1, &error) ||
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
  if (format == IB_CHART_FORMAT_SVG)
    fuzz_check_svg (name, data);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(IbReport) report = fuzz_load ((const char *) data, size);
  g_autoptr(IbAnalysis) analysis = NULL;
  g_autoptr(IbComparison) comparison = NULL;
  IbChartStyle style;

  if (report == NULL)
    return 0;
  analysis = ib_analysis_new (report);
  comparison = ib_comparison_new (analysis, analysis);
  ib_chart_style_init_light (&style);
  for (IbChartKind kind = 0; kind < IB_N_CHART_KINDS; kind++)
    {
      const IbComparison *with = kind == IB_CHART_COMPARE ? comparison : NULL;

      if (!ib_chart_has_data (kind, report, with))
        continue;
      for (IbChartFormat format = IB_CHART_FORMAT_PNG; format <= IB_CHART_FORMAT_PDF; format++)
        export_chart (kind, report, with, &style, format);
      /* what a screen reader is told is document text too */
      {
        g_autofree char *said = ib_chart_describe (kind, report, with, &style);

        if (said != NULL && !g_utf8_validate (said, -1, NULL))
          abort ();
      }
    }
  fuzz_clear_tmpdir ();
  return 0;
}
