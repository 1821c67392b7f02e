/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-decision-keep.c: keep deciding a line the decision phase left
 * undecided (see ib-decision.h, "Keep deciding"). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>

#include "engine/model/ib-error.h"
#include "engine/model/ib-map.h"
#include "engine/plan/ib-parse.h"
#include "engine/run/ib-decision.h"

/* The undecided main line @line_id of @report, else NULL with @error set. */
static const IbDecisionLine *
undecided_line (const IbReport *report,
                const char     *line_id,
                GError        **error)
{
  const IbDecisionLineInfo *info = ib_decision_line_info (line_id);
  const IbDecisionLine *line = report->plan != NULL && report->decision != NULL
                               ? ib_report_decision_line (report, line_id) : NULL;

  if (line == NULL || info == NULL || !info->main)
    {
      g_set_error (error, IB_ERROR, IB_ERROR_INVALID,
                   _("This report has no line “%s” of the answer to keep deciding"), line_id);
      return NULL;
    }
  if (line->verdict != IB_PAIRED_UNDECIDED && line->verdict != IB_PAIRED_NO_DATA)
    {
      g_set_error (error, IB_ERROR, IB_ERROR_INVALID,
                   _("The line “%s” of the answer is decided already"), line_id);
      return NULL;
    }
  return line;
}

IbPlan *
ib_decision_keep_plan (const IbReport *report,
                       const char     *line_id,
                       guint           seconds,
                       GError        **error)
{
  const IbDecisionLine *line;
  g_autoptr(IbPlan) plan = NULL;

  g_return_val_if_fail (report != NULL && line_id != NULL, NULL);

  if ((line = undecided_line (report, line_id, error)) == NULL)
    return NULL;
  plan = ib_plan_copy (report->plan);
  g_ptr_array_set_size (plan->strategies, 0);
  g_ptr_array_add (plan->strategies, g_strdup (line->a));
  g_ptr_array_add (plan->strategies, g_strdup (line->b));
  plan->repeat = MIN (plan->repeat, IB_DECISION_KEEP_ROUNDS);
  plan->warmup = MIN (plan->warmup, 1);
  plan->budget_s = seconds;
  plan->seed_drawn = FALSE;
  /* the same procedure, continued: its pairs so far and its looks count */
  plan->keep_pairs = g_array_new (FALSE, FALSE, sizeof (IbDecisionPair));
  if (line->pairs != NULL)
    g_array_append_vals (plan->keep_pairs, line->pairs->data, line->pairs->len);
  plan->keep_looks = line->n_looks;
  g_clear_pointer (&plan->sweep, ib_sweep_spec_free);
  g_clear_pointer (&plan->overhead, g_free);
  g_clear_pointer (&plan->write_unlink, g_free);
  g_clear_pointer (&plan->map, ib_map_spec_free);
  if (!ib_plan_validate (plan, error))
    return NULL;
  return g_steal_pointer (&plan);
}

gboolean
ib_decision_keep_merge (IbReport       *report,
                        const IbReport *kept,
                        const char     *line_id,
                        GError        **error)
{
  const IbDecisionLine *was, *now;
  IbDecisionLine *into;
  IbDecisionLine line;

  g_return_val_if_fail (report != NULL && kept != NULL && line_id != NULL, FALSE);

  if ((was = undecided_line (report, line_id, error)) == NULL)
    return FALSE;
  now = ib_report_decision_line (kept, line_id);
  if (now == NULL || g_strcmp0 (now->a, was->a) != 0 || g_strcmp0 (now->b, was->b) != 0)
    {
      g_set_error (error, IB_ERROR, IB_ERROR_IO,
                   _("Keeping on deciding did not measure the same pair again; the report "
                     "stays as it was"));
      return FALSE;
    }
  into = (IbDecisionLine *) was;
  line = *now;
  line.line = g_strdup (now->line);
  line.a = g_strdup (now->a);
  line.b = g_strdup (now->b);
  line.pairs = g_array_copy (now->pairs);
  g_free (into->line);
  g_free (into->a);
  g_free (into->b);
  g_array_unref (into->pairs);
  *into = line;
  report->decision->kept_s += kept->plan != NULL ? kept->plan->budget_s : 0;
  return TRUE;
}
