/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-analysis.c: the one place a report's answer and findings are worked
 * out (ib-analysis.h). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include "ib-analysis.h"
#include "ib-findings.h"

struct _IbAnalysis
{
  IbReport *report;
  IbAnswer *answer;
  GArray   *findings;          /* IbFinding, sorted */
  gboolean  live;
};

G_DEFINE_BOXED_TYPE (IbAnalysis, ib_analysis, ib_analysis_ref, ib_analysis_unref)

static void
analysis_clear (gpointer data)
{
  IbAnalysis *self = data;

  g_clear_pointer (&self->answer, ib_answer_free);
  g_clear_pointer (&self->findings, g_array_unref);
  g_clear_pointer (&self->report, ib_report_unref);
}

static IbAnalysis *
analysis_new (IbReport *report,
              gboolean  findings)
{
  IbAnalysis *self;

  g_return_val_if_fail (report != NULL, NULL);

  self = g_atomic_rc_box_new0 (IbAnalysis);
  self->report = ib_report_ref (report);
  self->answer = ib_answer_compute (report);
  self->live = !findings;
  /* what the answer says, so that no shown finding says it again */
  self->findings = findings ? ib_findings_compute (report, self->answer) : ib_findings_new ();
  return self;
}

IbAnalysis *
ib_analysis_new (IbReport *report)
{
  return analysis_new (report, TRUE);
}

IbAnalysis *
ib_analysis_new_live (IbReport *report)
{
  return analysis_new (report, FALSE);
}

IbAnalysis *
ib_analysis_new_with_findings (IbReport *report,
                               GArray   *findings)
{
  IbAnalysis *self;

  g_return_val_if_fail (findings != NULL, NULL);

  self = analysis_new (report, FALSE);
  self->live = FALSE;
  g_array_unref (self->findings);
  self->findings = findings;
  ib_findings_sort (findings);
  return self;
}

IbAnalysis *
ib_analysis_ref (IbAnalysis *analysis)
{
  g_return_val_if_fail (analysis != NULL, NULL);
  return g_atomic_rc_box_acquire (analysis);
}

void
ib_analysis_unref (IbAnalysis *analysis)
{
  g_return_if_fail (analysis != NULL);
  g_atomic_rc_box_release_full (analysis, analysis_clear);
}

gboolean
ib_analysis_is_live (const IbAnalysis *analysis)
{
  g_return_val_if_fail (analysis != NULL, FALSE);
  return analysis->live;
}

IbReport *
ib_analysis_get_report (const IbAnalysis *analysis)
{
  g_return_val_if_fail (analysis != NULL, NULL);
  return analysis->report;
}

const IbAnswer *
ib_analysis_get_answer (const IbAnalysis *analysis)
{
  g_return_val_if_fail (analysis != NULL, NULL);
  return analysis->answer;
}

const GArray *
ib_analysis_get_findings (const IbAnalysis *analysis)
{
  g_return_val_if_fail (analysis != NULL, NULL);
  return analysis->findings;
}

/* ---- two reports -------------------------------------------------------- */

struct _IbComparison
{
  IbAnalysis *a;
  IbAnalysis *b;
  GArray     *rows[IB_N_COMPARE_SECTIONS];
  GArray     *all_rows[IB_N_COMPARE_SECTIONS];
  char       *name_a;
  char       *name_b;
};

static void
comparison_clear (gpointer data)
{
  IbComparison *self = data;

  for (guint s = 0; s < IB_N_COMPARE_SECTIONS; s++)
    {
      g_clear_pointer (&self->rows[s], g_array_unref);
      g_clear_pointer (&self->all_rows[s], g_array_unref);
    }
  g_clear_pointer (&self->name_a, g_free);
  g_clear_pointer (&self->name_b, g_free);
  g_clear_pointer (&self->a, ib_analysis_unref);
  g_clear_pointer (&self->b, ib_analysis_unref);
}

IbComparison *
ib_comparison_new (IbAnalysis *a,
                   IbAnalysis *b)
{
  IbComparison *self;

  g_return_val_if_fail (a != NULL && b != NULL, NULL);

  self = g_atomic_rc_box_new0 (IbComparison);
  self->a = ib_analysis_ref (a);
  self->b = ib_analysis_ref (b);
  for (guint s = 0; s < IB_N_COMPARE_SECTIONS; s++)
    ib_compare_section_split (a->report, b->report, (IbCompareSection) s, &self->rows[s],
                              &self->all_rows[s]);
  ib_compare_side_names (a->report, b->report, &self->name_a, &self->name_b);
  return self;
}

IbComparison *
ib_comparison_ref (IbComparison *comparison)
{
  g_return_val_if_fail (comparison != NULL, NULL);
  return g_atomic_rc_box_acquire (comparison);
}

void
ib_comparison_unref (IbComparison *comparison)
{
  g_return_if_fail (comparison != NULL);
  g_atomic_rc_box_release_full (comparison, comparison_clear);
}

const IbAnalysis *
ib_comparison_get_a (const IbComparison *comparison)
{
  g_return_val_if_fail (comparison != NULL, NULL);
  return comparison->a;
}

const IbAnalysis *
ib_comparison_get_b (const IbComparison *comparison)
{
  g_return_val_if_fail (comparison != NULL, NULL);
  return comparison->b;
}

const GArray *
ib_comparison_get_rows (const IbComparison *comparison,
                        IbCompareSection    section)
{
  g_return_val_if_fail (comparison != NULL, NULL);
  g_return_val_if_fail (section < IB_N_COMPARE_SECTIONS, NULL);
  return comparison->rows[section];
}

const GArray *
ib_comparison_get_all_rows (const IbComparison *comparison,
                            IbCompareSection    section)
{
  g_return_val_if_fail (comparison != NULL, NULL);
  g_return_val_if_fail (section < IB_N_COMPARE_SECTIONS, NULL);
  return comparison->all_rows[section];
}

const char *
ib_comparison_get_name_a (const IbComparison *comparison)
{
  g_return_val_if_fail (comparison != NULL, NULL);
  return comparison->name_a;
}

const char *
ib_comparison_get_name_b (const IbComparison *comparison)
{
  g_return_val_if_fail (comparison != NULL, NULL);
  return comparison->name_b;
}
