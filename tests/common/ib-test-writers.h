/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-test-writers.h: the writers of report/ take a report's analysis
 * (analysis/ib-analysis.h). A test that built a report by hand writes it
 * through these, which analyse it (ib_analysis_new: its answer and its
 * findings) and drop the analysis after the call. */
#pragma once

#include "analysis/ib-analysis.h"
#include "report/ib-compare-writers.h"
#include "report/ib-report-io.h"

G_BEGIN_DECLS

static inline char *
ib_test_to_json (const IbReport *report,
                 gsize    *length)
{
  g_autoptr(IbAnalysis) analysis = ib_analysis_new ((IbReport *) report);

  return ib_report_to_json (analysis, length);
}

static inline gboolean
ib_test_save_json (const IbReport    *report,
                   const char  *path,
                   GError     **error)
{
  g_autoptr(IbAnalysis) analysis = ib_analysis_new ((IbReport *) report);

  return ib_report_save_json (analysis, path, error);
}

static inline char *
ib_test_to_html (const IbReport  *report,
                 GError   **error)
{
  g_autoptr(IbAnalysis) analysis = ib_analysis_new ((IbReport *) report);

  return ib_report_to_html (analysis, error);
}

static inline gboolean
ib_test_save_html (const IbReport    *report,
                   const char  *path,
                   GError     **error)
{
  g_autoptr(IbAnalysis) analysis = ib_analysis_new ((IbReport *) report);

  return ib_report_save_html (analysis, path, error);
}

static inline gboolean
ib_test_save_markdown_full (const IbReport    *report,
                            const char  *path,
                            gboolean     replace_charts,
                            GError     **error)
{
  g_autoptr(IbAnalysis) analysis = ib_analysis_new ((IbReport *) report);

  return ib_report_save_markdown_full (analysis, FALSE, path, replace_charts, error);
}

static inline gboolean
ib_test_save_markdown (const IbReport    *report,
                       const char  *path,
                       GError     **error)
{
  return ib_test_save_markdown_full (report, path, FALSE, error);
}

static inline char *
ib_test_to_csv (const IbReport *report)
{
  g_autoptr(IbAnalysis) analysis = ib_analysis_new ((IbReport *) report);

  return ib_report_to_csv (analysis);
}

static inline gboolean
ib_test_save_csv (const IbReport    *report,
                  const char  *path,
                  GError     **error)
{
  g_autoptr(IbAnalysis) analysis = ib_analysis_new ((IbReport *) report);

  return ib_report_save_csv (analysis, path, error);
}

/* The comparison of @a and @b (each analysed). */
static inline IbComparison *
ib_test_comparison (IbReport *a,
                    IbReport *b)
{
  g_autoptr(IbAnalysis) analysis_a = ib_analysis_new (a);
  g_autoptr(IbAnalysis) analysis_b = ib_analysis_new (b);

  return ib_comparison_new (analysis_a, analysis_b);
}

G_END_DECLS
