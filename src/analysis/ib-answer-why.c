/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-answer-why.c: the answer's "Why:" line, the measured causes of a
 * clear verdict (ib-answer-private.h). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "engine/model/ib-format.h"
#include "engine/stats/ib-stats.h"
#include "engine/io/ib-strategy.h"
#include "ib-answer-private.h"
#include "ib-labels.h"
#include "ib-verdict.h"

/* What the answer can name as a cause: counts and times per read of the
 * file set that cost the slower side more. */
typedef enum
{
  CAUSE_CALLBACKS,
  CAUSE_CTXSW,
  CAUSE_FAULTS,
  CAUSE_CPU,
  N_CAUSES,
} Cause;

/* The value of @cause in @s, FALSE when @s did not record it. */
static gboolean
cause_value (const IbSample *s,
             Cause           cause,
             double         *value)
{
  switch (cause)
    {
    case CAUSE_CALLBACKS:
      *value = (double) s->callbacks;
      return TRUE;
    case CAUSE_CTXSW:
      *value = (double) (s->vol_ctxsw + s->invol_ctxsw);
      return s->vol_ctxsw >= 0 && s->invol_ctxsw >= 0;
    case CAUSE_FAULTS:
      *value = (double) (s->minflt + s->majflt);
      return s->minflt >= 0 && s->majflt >= 0;
    case CAUSE_CPU:
      *value = s->cpu_ns >= 0 ? (double) s->cpu_ns : (double) (s->user_ns + s->sys_ns);
      return s->cpu_ns >= 0 || (s->user_ns > 0 || s->sys_ns > 0);
    case N_CAUSES:
    default:
      return FALSE;
    }
}

/* The values of @cause over the valid samples of @strategy. */
static GArray *
cause_values (const IbReport *report,
              const char     *strategy,
              Cause           cause)
{
  GArray *values = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint i = 0; i < report->samples->len; i++)
    {
      const IbSample *s = &g_array_index (report->samples, IbSample, i);
      double v;

      if (ib_sample_is_valid (s) && g_strcmp0 (s->strategy, strategy) == 0
          && cause_value (s, cause, &v))
        g_array_append_val (values, v);
    }
  return values;
}

/* "384 callbacks against 0": @cause's medians, slower side first. */
static char *
cause_clause (Cause          cause,
              const IbShift *shift)
{
  g_autofree char *slow = NULL, *fast = NULL;

  if (cause == CAUSE_CPU)
    {
      slow = ib_format_duration (shift->median_b);
      fast = ib_format_duration (shift->median_a);
    }
  else
    {
      slow = ib_format_count ((guint64) llround (MAX (shift->median_b, 0)));
      fast = ib_format_count ((guint64) llround (MAX (shift->median_a, 0)));
    }
  switch (cause)
    {
    case CAUSE_CALLBACKS:
      /* Translators: a cause in the answer's "Why:" line, medians per read of the
       * slower and the faster strategy: "384 callbacks against 0" */
      return g_strdup_printf (_("%s callbacks against %s"), slow, fast);
    case CAUSE_CTXSW:
      /* Translators: a cause in the answer's "Why:" line, as above */
      return g_strdup_printf (_("%s context switches against %s"), slow, fast);
    case CAUSE_FAULTS:
      /* Translators: a cause in the answer's "Why:" line, as above */
      return g_strdup_printf (_("%s page faults against %s"), slow, fast);
    case CAUSE_CPU:
    case N_CAUSES:
    default:
      /* Translators: a cause in the answer's "Why:" line, as above: "42.1 ms of
       * CPU time against 12.0 ms" */
      return g_strdup_printf (_("%s of CPU time against %s"), slow, fast);
    }
}

/* The measured causes, only under a decided verdict (a clear "faster") and
 * only those that cost the slower side more beyond their own interval: the
 * Hodges-Lehmann interval of the shift of each count or time per sample
 * (ib_stats_shift) must lie above 0. NULL when there is none. */
char *
ib_answer_why_sentence (const IbReport     *report,
                        const IbAnswerLine *line)
{
  gboolean async_slower;
  const char *slow, *fast;
  g_autoptr(GPtrArray) clauses = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *list = NULL;
  g_autofree char *level = NULL;
  double lowest_level = 1;

  if (!ib_verdict_is_clear (line->verdict.verdict))
    return NULL;
  async_slower = line->verdict.verdict == IB_VERDICT_A_FASTER;
  slow = async_slower ? line->b : line->a;
  fast = async_slower ? line->a : line->b;
  for (Cause cause = 0; cause < N_CAUSES; cause++)
    {
      g_autoptr(GArray) f = cause_values (report, fast, cause);
      g_autoptr(GArray) s = cause_values (report, slow, cause);
      IbShift shift;

      ib_stats_shift ((const double *) (gconstpointer) f->data, f->len,
                      (const double *) (gconstpointer) s->data, s->len, &shift);
      if (!shift.differs || !(shift.ci_low > 0))
        continue;
      g_ptr_array_add (clauses, cause_clause (cause, &shift));
      lowest_level = MIN (lowest_level, shift.ci_level);
    }
  if (clauses->len == 0)
    return NULL;
  g_ptr_array_add (clauses, NULL);
  /* Translators: joins the causes of the answer's "Why:" line */
  list = g_strjoinv (_("; "), (char **) clauses->pdata);
  level = ib_format_level (lowest_level);
  /* Translators: the measured causes: the slower strategy, the faster one, then
   * what cost the slower one more ("384 callbacks against 0; 42.1 ms of CPU time
   * against 12.0 ms") and the coverage of the intervals ("95 %"). */
  return g_strdup_printf (_("Why: per read of the file set (medians), %s against %s: %s; "
                            "each difference lies beyond its %s interval."),
                          ib_strategy_title (slow), ib_strategy_title (fast), list, level);
}
