/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-decision-data.c: the decision phase's record in a report (IbDecision,
 * ib-types.h): copied and freed with the report that holds it. The phase
 * itself, which makes it, is run/ib-decision.c. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include "engine/model/ib-types.h"

static void
line_clear (gpointer data)
{
  IbDecisionLine *line = data;

  g_clear_pointer (&line->line, g_free);
  g_clear_pointer (&line->a, g_free);
  g_clear_pointer (&line->b, g_free);
  g_clear_pointer (&line->pairs, g_array_unref);
}

GArray *
ib_decision_lines_new (void)
{
  GArray *lines = g_array_new (FALSE, TRUE, sizeof (IbDecisionLine));

  g_array_set_clear_func (lines, line_clear);
  return lines;
}

IbDecision *
ib_decision_copy (const IbDecision *decision)
{
  IbDecision *copy;

  if (decision == NULL)
    return NULL;
  copy = g_memdup2 (decision, sizeof *decision);
  copy->lines = ib_decision_lines_new ();
  for (guint i = 0; i < decision->lines->len; i++)
    {
      IbDecisionLine line = g_array_index (decision->lines, IbDecisionLine, i);

      line.line = g_strdup (line.line);
      line.a = g_strdup (line.a);
      line.b = g_strdup (line.b);
      line.pairs = line.pairs != NULL
                     ? g_array_copy (line.pairs)
                     : g_array_new (FALSE, FALSE, sizeof (IbDecisionPair));
      g_array_append_val (copy->lines, line);
    }
  return copy;
}

void
ib_decision_free (IbDecision *decision)
{
  if (decision == NULL)
    return;
  g_clear_pointer (&decision->lines, g_array_unref);
  g_free (decision);
}
