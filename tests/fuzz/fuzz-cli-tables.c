/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-cli-tables.c: libFuzzer target on what iobench-cli prints of a
 * report: every part ib_cli_print_report shows (tables, the answer, the
 * findings, the warnings), the plan, environment and samples tables, and
 * the comparison's tables of the report with itself. All of it must be
 * valid UTF-8 with no byte a terminal acts on (fuzz-common.h). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <stdlib.h>

#include "cli-common.h"
#include "fuzz-common.h"
#include "report/ib-report-io.h"

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  fuzz_init ();
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(IbReport) report = fuzz_load ((const char *) data, size);
  g_autoptr(IbAnalysis) analysis = NULL;
  g_autoptr(IbComparison) comparison = NULL;
  IbTableFunc more[] = { ib_table_plan, ib_table_environment, ib_table_samples,
                         ib_table_responsiveness };
  char *text = NULL;
  size_t len = 0;
  FILE *out;

  if (report == NULL)
    return 0;
  analysis = ib_analysis_new (report);
  comparison = ib_comparison_new (analysis, analysis);
  out = open_memstream (&text, &len);
  if (out == NULL)
    abort ();
  ib_cli_print_report (analysis, out);
  for (guint i = 0; i < G_N_ELEMENTS (more); i++)
    ib_cli_print_part (report, more[i], out);
  for (int s = 0; s < IB_N_COMPARE_SECTIONS; s++)
    {
      g_autoptr(IbTable) table = ib_table_comparison (comparison, "A", "B", (IbCompareSection) s);

      ib_cli_print_table (table, out);
    }
  fclose (out);
  fuzz_check_terminal ("what iobench-cli prints", text);
  free (text);
  return 0;
}
