/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-report-json-results.c: the JSON report's tables for what a run found
 * (dispatch overhead, write + delete, sweep, decision phase, findings) and
 * for the report itself. The run's input and raw data (plan, environment,
 * samples, statistics) are in ib-report-json-fields.c; the conventions are
 * those of ib-report-json-private.h. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>

#include "engine/run/ib-decision.h"
#include "engine/run/ib-sweep.h"
#include "analysis/ib-answer.h"
#include "analysis/ib-findings.h"
#include "analysis/ib-labels.h"
#include "ib-report-io.h"
#include "ib-report-json-private.h"

/* ---- names --------------------------------------------------------------- */

DEFINE_ENUM (ib_paired_verdict, IbPairedVerdict)

static const IbJsonEnum ib_paired_verdict_enum =
  ENUM_OF (ib_paired_verdict, "a-faster, b-faster, equivalent, undecided, no-data");

/* IbDecisionPair.order: 0 when a ran first */
static const char *
pair_order_name (int value)
{
  return value == 0 ? "ab" : "ba";
}

static gboolean
pair_order_parse (const char *name,
                  int        *value)
{
  if (g_str_equal (name, "ab"))
    *value = 0;
  else if (g_str_equal (name, "ba"))
    *value = 1;
  else
    return FALSE;
  return TRUE;
}

static const IbJsonEnum pair_order_enum = { pair_order_name, pair_order_parse, "ab, ba" };

/* ---- dispatch overhead --------------------------------------------------- */

static const IbJsonField overhead_row_fields[] = {
  FIELD (IbOverheadRow, kind, "kind", STRING, REQ),
  FIELD (IbOverheadRow, iterations, "iterations", UINT64, REQ),
  FIELD (IbOverheadRow, repeat, "repeat", UINT, 0),
  FIELD (IbOverheadRow, ns_per_op, "ns_per_op", DOUBLE, REQ),
  FIELD (IbOverheadRow, ci_low_ns, "ci_low_ns", DOUBLE, 0),
  FIELD (IbOverheadRow, ci_high_ns, "ci_high_ns", DOUBLE, 0),
  FIELD (IbOverheadRow, ratio_to_direct, "ratio_to_direct", DOUBLE, REQ),
};

static const IbJsonSection overhead_row_section = SECTION (IbOverheadRow, overhead_row_fields);

/* ---- write + delete ------------------------------------------------------ */

/* "percentiles_ns": {"50": N, "66": N, ...} */
static void
write_percentiles (JsonBuilder       *b,
                   const IbJsonField *field,
                   gconstpointer      st)
{
  const IbWriteUnlinkMode *m = st;

  json_builder_set_member_name (b, field->name);
  json_builder_begin_object (b);
  for (guint p = 0; p < IB_N_PERCENTILES; p++)
    {
      char key[8];

      g_snprintf (key, sizeof key, "%u", ib_percentile_levels[p]);
      ib_json_add_int (b, key, m->percentiles_ns[p]);
    }
  json_builder_end_object (b);
}

static gboolean
read_percentiles (JsonObject        *o,
                  const char        *path,
                  const IbJsonField *field,
                  gpointer           st,
                  GError           **error)
{
  IbWriteUnlinkMode *m = st;
  g_autofree char *pp = ib_json_member_path (path, field->name);
  gboolean ok;
  JsonNode *node = ib_json_read_container (o, path, field->name, TRUE, JSON_NODE_OBJECT, &ok,
                                           error);

  if (node == NULL)
    return FALSE;
  for (guint k = 0; k < IB_N_PERCENTILES; k++)
    {
      char key[8];

      g_snprintf (key, sizeof key, "%u", ib_percentile_levels[k]);
      if (!ib_json_read_int (json_node_get_object (node), pp,
                             &(IbJsonIntMember) { key, TRUE, 0, G_MAXINT64 },
                             &m->percentiles_ns[k], NULL, error))
        return FALSE;
    }
  return TRUE;
}

#define MODE(m, k, fl, ...) FIELD (IbWriteUnlinkMode, m, #m, k, fl, __VA_ARGS__)
#define MODE_RESPONSIVE WHEN (IbWriteUnlinkMode, responsive)

static const IbJsonField write_unlink_mode_fields[] = {
  MODE (mode, STRING, REQ),
  MODE (requests_per_s, DOUBLE, REQ),
  MODE (total_ns, INT64, 0),
  MODE (failed, UINT, 0),
  MODE (max_in_flight, UINT, 0),
  /* the serving context's main-loop stall; absent when not watched */
  MODE (stall_ns, INT64, REQ | IB_JF_WHEN | IB_JF_WHEN_KEY, MODE_RESPONSIVE),
  MODE (lateness_p99_ns, INT64, IB_JF_WHEN, MODE_RESPONSIVE),
  MODE (frames_missed_60, DOUBLE, IB_JF_WHEN, MODE_RESPONSIVE),
  MODE (percentiles_ns, SPECIAL, REQ, .write = write_percentiles, .read = read_percentiles),
  MODE (n_runs, UINT, 0),
};

/* Older reports: one run per mode. */
static void
write_unlink_mode_init (gpointer st)
{
  ((IbWriteUnlinkMode *) st)->n_runs = 1;
}

static const IbJsonSection write_unlink_mode_section =
  SECTION (IbWriteUnlinkMode, write_unlink_mode_fields, .init = write_unlink_mode_init);

#define RUN(m, k, fl, ...) FIELD (IbWriteUnlinkPass, m, #m, k, fl, __VA_ARGS__)

/* One run of one mode (reports from before replication have none). */
static const IbJsonField write_unlink_run_fields[] = {
  RUN (mode, STRING, REQ),
  RUN (round, UINT, REQ),
  RUN (position, UINT, 0),
  RUN (total_ns, INT64, REQ),
  RUN (failed, UINT, 0),
  RUN (p50_ns, INT64, 0),
  RUN (p99_ns, INT64, 0),
};

static const IbJsonSection write_unlink_run_section =
  SECTION (IbWriteUnlinkPass, write_unlink_run_fields);

/* Older reports: as many as asked for. */
static gboolean
read_effective_concurrency (JsonObject        *o,
                            const char        *path,
                            const IbJsonField *field,
                            gpointer           st,
                            GError           **error)
{
  IbWriteUnlink *wu = st;

  wu->effective_concurrency = wu->concurrency;
  return ib_json_read_plain (o, path, field, st, error);
}

static const IbJsonField write_unlink_fields[] = {
  FIELD (IbWriteUnlink, requests, "requests", UINT, REQ),
  FIELD (IbWriteUnlink, concurrency, "concurrency", UINT, REQ),
  FIELD (IbWriteUnlink, effective_concurrency, "effective_concurrency", UINT, 0,
         .read = read_effective_concurrency),
  FIELD (IbWriteUnlink, bytes, "bytes", UINT, REQ),
  FIELD (IbWriteUnlink, modes, "mode", ARRAY, REQ, .section = &write_unlink_mode_section),
  /* runs per mode, and each run: absent in reports from before replication */
  FIELD (IbWriteUnlink, runs_per_mode, "runs_per_mode", UINT, 0),
  FIELD (IbWriteUnlink, runs, "runs", ARRAY, 0, .section = &write_unlink_run_section),
};

DEFINE_NEW_FREE (write_unlink, ib_write_unlink_new, ib_write_unlink_free)

static const IbJsonSection write_unlink_section =
  SECTION (IbWriteUnlink, write_unlink_fields, .new_ = write_unlink_new,
           .free_ = write_unlink_free);

/* ---- sweep --------------------------------------------------------------- */

/* "rounds_ns": each round's wall time, 0 where its sample was not valid;
 * written only when kept, so that older reports write back as they were */
static void
write_rounds (JsonBuilder       *b,
              const IbJsonField *field,
              gconstpointer      st)
{
  const IbSweepPoint *p = st;

  if (p->rounds_ns == NULL || p->rounds_ns->len == 0)
    return;
  json_builder_set_member_name (b, field->name);
  json_builder_begin_array (b);
  for (guint i = 0; i < p->rounds_ns->len; i++)
    json_builder_add_int_value (b, (gint64) MIN (g_array_index (p->rounds_ns, guint64, i),
                                                 (guint64) G_MAXINT64));
  json_builder_end_array (b);
}

static gboolean
read_rounds (JsonObject        *o,
             const char        *path,
             const IbJsonField *field,
             gpointer           st,
             GError           **error)
{
  IbSweepPoint *p = st;
  gboolean      ok;
  JsonNode     *node = ib_json_read_container (o, path, field->name, FALSE, JSON_NODE_ARRAY, &ok,
                                               error);
  JsonArray    *array;

  if (node == NULL)
    return ok;
  array = json_node_get_array (node);
  p->rounds_ns = g_array_new (FALSE, TRUE, sizeof (guint64));
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      g_autofree char *elem = g_strdup_printf ("%s[%u]", field->name, i);
      gint64           v;
      guint64          u;

      if (!ib_json_check_int (json_array_get_element (array, i), path, elem, 0, G_MAXINT64,
                              &v, error))
        {
          g_clear_pointer (&p->rounds_ns, g_array_unref);
          return FALSE;
        }
      u = (guint64) v;
      g_array_append_val (p->rounds_ns, u);
    }
  return TRUE;
}

#define POINT(m, k, fl, ...) FIELD (IbSweepPoint, m, #m, k, fl, __VA_ARGS__)

static const IbJsonField sweep_point_fields[] = {
  POINT (value, UINT64, REQ),
  POINT (strategy, STRING, REQ),
  POINT (median_ns, DOUBLE, REQ),
  POINT (ci_low_ns, DOUBLE, REQ),
  POINT (ci_high_ns, DOUBLE, REQ),
  POINT (n, UINT, IB_JF_RANGE, COUNT),
  POINT (n_excluded, UINT, IB_JF_RANGE, COUNT),
  POINT (ci_level, DOUBLE, IB_JF_RANGE, DRANGE (0, 1, 0)),
  POINT (stall_ns, DOUBLE, REQ | IB_JF_WHEN | IB_JF_WHEN_KEY, WHEN (IbSweepPoint, responsive)),
  POINT (rounds_ns, SPECIAL, 0, .write = write_rounds, .read = read_rounds),
};

static const IbJsonSection sweep_point_section = SECTION (IbSweepPoint, sweep_point_fields);

/* "crossover": the first value where the order flips, null when none */
static void
write_crossover (JsonBuilder       *b,
                 const IbJsonField *field,
                 gconstpointer      st)
{
  const IbSweep *sweep = st;

  json_builder_set_member_name (b, field->name);
  if (sweep->has_crossover)
    json_builder_add_int_value (b, (gint64) MIN (sweep->crossover_value, (guint64) G_MAXINT64));
  else
    json_builder_add_null_value (b);
}

static gboolean
read_crossover (JsonObject        *o,
                const char        *path,
                const IbJsonField *field,
                gpointer           st,
                GError           **error)
{
  IbSweep *sweep = st;
  gint64 v;

  if (!ib_json_read_int (o, path, &(IbJsonIntMember) { field->name, FALSE, 0, G_MAXINT64 }, &v,
                         &sweep->has_crossover, error))
    return FALSE;
  if (sweep->has_crossover)
    sweep->crossover_value = (guint64) v;
  return TRUE;
}

/* "crossover_text": the sentence for readers of the file; derived, never
 * read back (only its type is checked). */
static void
write_crossover_text (JsonBuilder       *b,
                      const IbJsonField *field,
                      gconstpointer      st)
{
  g_autofree char *text = ib_sweep_crossover_text (st);

  ib_json_add_string (b, field->name, text);
}

/* A report from before the strategies were saved: find them again, from the
 * same points by the same rule. */
static gboolean
sweep_finish (gpointer    st,
              const char *path,
              GError    **error)
{
  IbSweep *sweep = st;
  IbSweep *again;

  if (!sweep->has_crossover || (sweep->crossover_winner != NULL && sweep->crossover_loser != NULL))
    return TRUE;
  again = ib_sweep_copy (sweep);
  ib_sweep_find_crossover (again);
  if (again->has_crossover && again->crossover_value == sweep->crossover_value)
    {
      g_free (sweep->crossover_winner);
      g_free (sweep->crossover_loser);
      sweep->crossover_winner = g_steal_pointer (&again->crossover_winner);
      sweep->crossover_loser = g_steal_pointer (&again->crossover_loser);
    }
  ib_sweep_free (again);
  return TRUE;
}

static const IbJsonField sweep_fields[] = {
  FIELD (IbSweep, vary, "vary", ENUM, REQ, .enum_type = &ib_json_vary_kind_enum),
  FIELD (IbSweep, points, "points", ARRAY, REQ, .section = &sweep_point_section),
  FIELD (IbSweep, crossover_value, "crossover", SPECIAL, 0, .write = write_crossover,
         .read = read_crossover, .also = G_STRUCT_OFFSET (IbSweep, has_crossover),
         .also_size = sizeof (gboolean)),
  FIELD (IbSweep, crossover_winner, "crossover_winner", STRING, NUL),
  FIELD (IbSweep, crossover_loser, "crossover_loser", STRING, NUL),
  { .name = "crossover_text", .kind = IB_JF_SPECIAL, .write = write_crossover_text,
    .read = ib_json_read_derived_string },
};

DEFINE_NEW_FREE (sweep, ib_sweep_new, ib_sweep_free)

static const IbJsonSection sweep_section =
  SECTION (IbSweep, sweep_fields, .new_ = sweep_new, .free_ = sweep_free,
           .finish = sweep_finish);

/* ---- the decision phase -------------------------------------------------- */

/* The decision phase (engine/run/ib-decision.h): its pairs are data, the
 * verdicts derived from them are kept as the rule gave them (the rule's
 * looks cannot be replayed from the pairs alone). */

static void
decision_pair_init (gpointer st)
{
  IbDecisionPair *p = st;

  /* what older reports leave out: unknown */
  p->a_cpu_ns = p->b_cpu_ns = -1;
  p->a_wait_ns = p->b_wait_ns = -1;
  p->a_wait_workers_ns = p->b_wait_workers_ns = -1;
  p->a_cpus_busy_ns = p->b_cpus_busy_ns = -1;
}

static const IbJsonField decision_pair_fields[] = {
  FIELD (IbDecisionPair, a_ns, "a_ns", INT64, REQ),
  FIELD (IbDecisionPair, b_ns, "b_ns", INT64, REQ),
  FIELD (IbDecisionPair, order, "order", ENUM, REQ, .enum_type = &pair_order_enum),
  /* What each sample was made of (IbSample): absent when unknown (older
   * reports, or an OS that cannot say). */
  FIELD (IbDecisionPair, a_cpu_ns, "a_cpu_ns", INT64, NEG),
  FIELD (IbDecisionPair, b_cpu_ns, "b_cpu_ns", INT64, NEG),
  FIELD (IbDecisionPair, a_wait_ns, "a_runq_wait_ns", INT64, NEG),
  FIELD (IbDecisionPair, b_wait_ns, "b_runq_wait_ns", INT64, NEG),
  FIELD (IbDecisionPair, a_wait_workers_ns, "a_runq_wait_workers_ns", INT64, NEG),
  FIELD (IbDecisionPair, b_wait_workers_ns, "b_runq_wait_workers_ns", INT64, NEG),
  FIELD (IbDecisionPair, a_cpus_busy_ns, "a_cpus_busy_ns", INT64, NEG),
  FIELD (IbDecisionPair, b_cpus_busy_ns, "b_cpus_busy_ns", INT64, NEG),
};

static const IbJsonSection decision_pair_section =
  SECTION (IbDecisionPair, decision_pair_fields, .init = decision_pair_init);

/* "more_pairs": null when no number of pairs would decide the line */
static void
write_more_pairs (JsonBuilder       *b,
                  const IbJsonField *field,
                  gconstpointer      st)
{
  const IbDecisionLine *l = st;

  if (l->more_pairs == G_MAXUINT)
    {
      json_builder_set_member_name (b, field->name);
      json_builder_add_null_value (b);
    }
  else
    {
      ib_json_add_int (b, field->name, l->more_pairs);
    }
}

static gboolean
read_more_pairs (JsonObject        *o,
                 const char        *path,
                 const IbJsonField *field,
                 gpointer           st,
                 GError           **error)
{
  IbDecisionLine *l = st;
  JsonNode *node = json_object_get_member (o, field->name);
  gint64 v;

  if (node == NULL)
    {
      l->more_pairs = 0;
      return TRUE;
    }
  if (JSON_NODE_HOLDS_NULL (node))
    {
      l->more_pairs = G_MAXUINT;
      return TRUE;
    }
  if (!ib_json_check_int (node, path, field->name, 0, G_MAXUINT, &v, error))
    return FALSE;
  l->more_pairs = (guint) v;
  return TRUE;
}

static void
decision_line_init (gpointer st)
{
  IbDecisionLine *l = st;

  l->pairs = g_array_new (FALSE, FALSE, sizeof (IbDecisionPair));
}

#define LINE(m, k, fl, ...) FIELD (IbDecisionLine, m, #m, k, fl, __VA_ARGS__)

static const IbJsonField decision_line_fields[] = {
  LINE (line, STRING, REQ),
  LINE (a, STRING, REQ),
  LINE (b, STRING, REQ),
  LINE (verdict, ENUM, REQ, .enum_type = &ib_paired_verdict_enum),
  LINE (ratio, DOUBLE, REQ),
  LINE (ci_low, DOUBLE, REQ),
  LINE (ci_high, DOUBLE, REQ),
  LINE (ci_level, DOUBLE, REQ | IB_JF_RANGE, DRANGE (0, 1, 0)),
  LINE (more_pairs, SPECIAL, 0, .write = write_more_pairs, .read = read_more_pairs),
  LINE (n_looks, UINT, 0),
  LINE (spent_s, DOUBLE, 0),
  LINE (pairs, ARRAY, REQ, .section = &decision_pair_section),
};

const IbJsonSection ib_json_decision_line_section =
  SECTION (IbDecisionLine, decision_line_fields, .init = decision_line_init);

static const IbJsonField decision_fields[] = {
  FIELD (IbDecision, budget_s, "budget_s", UINT, REQ),
  FIELD (IbDecision, margin, "margin", DOUBLE, REQ | IB_JF_RANGE, DRANGE (0, 1, 0)),
  FIELD (IbDecision, alpha, "alpha", DOUBLE, IB_JF_RANGE, DRANGE (0, 1, 0)),
  FIELD (IbDecision, survey_s, "survey_s", DOUBLE, 0),
  FIELD (IbDecision, kept_s, "kept_s", UINT, IB_JF_OMIT_UNSET),
  FIELD (IbDecision, lines, "lines", ARRAY, REQ, .section = &ib_json_decision_line_section),
};

DEFINE_NEW_FREE (decision, ib_decision_new, ib_decision_free)

static const IbJsonSection decision_section =
  SECTION (IbDecision, decision_fields, .new_ = decision_new, .free_ = decision_free);

/* ---- findings ------------------------------------------------------------ */

/* "group": derived from the id, for readers of the file; the loader ignores it */
static void
write_finding_group (JsonBuilder       *b,
                     const IbJsonField *field,
                     gconstpointer      st)
{
  const IbFinding *f = st;

  ib_json_add_string (b, field->name, ib_finding_group_to_string (ib_finding_group (f->id)));
}

static const IbJsonField finding_fields[] = {
  FIELD (IbFinding, id, "id", STRING, REQ),
  FIELD (IbFinding, text, "text", STRING, REQ),
  { .name = "group", .kind = IB_JF_SPECIAL, .write = write_finding_group,
    .read = ib_json_read_ignored },
  /* says only what the answer says: kept here, not shown beside it */
  FIELD (IbFinding, covered, "covered_by_answer", BOOL, UNSET),
};

static const IbJsonSection finding_section = SECTION (IbFinding, finding_fields);

/* "findings": derived data for readers of the file, the analysis's
 * (ib_analysis_get_findings), written by finding_section. */
static void
write_findings (JsonBuilder       *b,
                const IbJsonField *field,
                const IbAnalysis  *analysis)
{
  const GArray *findings = ib_analysis_get_findings (analysis);

  json_builder_set_member_name (b, field->name);
  json_builder_begin_array (b);
  for (guint i = 0; i < findings->len; i++)
    ib_json_write_object (b, field->section, &g_array_index (findings, IbFinding, i));
  json_builder_end_array (b);
}

/* The loader checks the saved findings as it always did (an array of
 * findings, each with its id and text) and keeps none of them: a report's
 * findings are those its analysis finds again, in this version's words. */
static gboolean
read_findings (JsonObject        *o,
               const char        *path,
               const IbJsonField *field,
               gpointer           st,
               GError           **error)
{
  struct
  {
    GArray *findings;
  } saved = { ib_findings_new () };
  IbJsonField as_array = *field;
  gboolean ok;

  as_array.kind = IB_JF_ARRAY;
  as_array.offset = 0;
  ok = ib_json_read_plain (o, path, &as_array, &saved, error);
  g_array_unref (saved.findings);
  return ok;
}

/* ---- the answer ---------------------------------------------------------- */

/* The answer (ib-answer.h): derived data for readers of the file, the
 * analysis's (ib_analysis_get_answer); nothing when there is none. The
 * loader checks only that it is an object and recomputes it from the
 * samples. */
static void
write_answer (JsonBuilder       *b,
              const IbJsonField *field,
              const IbAnalysis  *analysis)
{
  const IbAnswer *a = ib_analysis_get_answer (analysis);
  const IbAnswerLine *main_line;

  if (a == NULL)
    return;
  main_line = ib_answer_main (a);
  json_builder_set_member_name (b, field->name);
  json_builder_begin_object (b);
  ib_json_add_string (b, "verdict", ib_answer_verdict_name (main_line->verdict.verdict));
  /* "pairs": the decision phase's fresh pairs; "survey": the survey's samples */
  ib_json_add_string (b, "decided_by", main_line->verdict.paired ? "pairs" : "survey");
  ib_json_add_string (b, "cache", ib_cache_mode_to_string (a->cache));
  ib_json_add_int (b, "n_excluded", a->n_excluded);
  if (a->has_stall)
    {
      ib_json_add_double (b, "sync_stall_ns", a->sync_stall_ns);
      ib_json_add_double (b, "async_stall_ns", a->async_stall_ns);
      ib_json_add_double (b, "async_stall_max_ns", a->async_stall_max_ns);
    }
  /* every line alike, the headline's first: a against b and its verdict */
  json_builder_set_member_name (b, "lines");
  json_builder_begin_array (b);
  for (guint i = 0; i < a->n_lines; i++)
    {
      const IbAnswerLine *line = &a->lines[i];
      const IbVerdictInterval *v = &line->verdict;

      json_builder_begin_object (b);
      ib_json_add_string (b, "line", line->info->id);
      ib_json_add_string (b, "a", line->a);
      ib_json_add_string (b, "b", line->b);
      ib_json_add_string (b, "verdict", ib_answer_verdict_name (v->verdict));
      ib_json_add_string (b, "decided_by", v->paired ? "pairs" : "survey");
      ib_json_add_double (b, "ratio", v->ratio);
      ib_json_add_double (b, "ci_low", v->ci_low);
      ib_json_add_double (b, "ci_high", v->ci_high);
      ib_json_add_double (b, "ci_level", v->ci_level);
      ib_json_add_int (b, "n_a", v->na);
      ib_json_add_int (b, "n_b", v->nb);
      if (v->paired)
        ib_json_add_int (b, "n_looks", v->n_looks);
      ib_json_add_string (b, "sentence", line->sentence);
      /* the paired CPU-time ratio b / a (user + system) of a decided line */
      if (line->has_cpu)
        {
          ib_json_add_double (b, "cpu_ratio", line->cpu.ratio);
          ib_json_add_double (b, "cpu_ci_low", line->cpu.ci_low);
          ib_json_add_double (b, "cpu_ci_high", line->cpu.ci_high);
          ib_json_add_double (b, "cpu_ci_level", line->cpu.ci_level);
          ib_json_add_string (b, "cpu_sentence", line->cpu_sentence);
        }
      /* each side's median longest main-loop stall per read (the survey's) */
      if (line->has_stall)
        {
          ib_json_add_double (b, "a_stall_ns", line->a_stall_ns);
          ib_json_add_double (b, "b_stall_ns", line->b_stall_ns);
          ib_json_add_string (b, "stall_sentence", line->stall_sentence);
        }
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  ib_json_add_string (b, "headline", a->headline);
  ib_json_add_string (b, "caveat", a->caveat);
  ib_json_add_string (b, "stall", a->stall);
  ib_json_add_string (b, "why", a->why);
  /* the share of the decision's pairs during which other work used the CPUs */
  if (a->busy_share >= 0)
    {
      ib_json_add_double (b, "busy_share", a->busy_share);
      ib_json_add_int (b, "busy_pairs", a->busy_pairs);
      if (a->busy_cores >= 0)
        ib_json_add_double (b, "busy_cores", a->busy_cores);
      ib_json_add_string (b, "busy", a->busy);
    }
  json_builder_end_object (b);
}

static gboolean
read_answer (JsonObject        *o,
             const char        *path,
             const IbJsonField *field,
             gpointer           st,
             GError           **error)
{
  gboolean ok;

  ib_json_read_container (o, path, field->name, FALSE, JSON_NODE_OBJECT, &ok, error);
  return ok;
}

/* ---- warnings ------------------------------------------------------------ */

static void
add_valid_string (JsonBuilder *b,
                  const char  *s)
{
  g_autofree char *valid = g_utf8_make_valid (s != NULL ? s : "", -1);

  json_builder_add_string_value (b, valid);
}

/* "warnings": [{"key": KEY, "values": [...]}, ...] (ib-warning.h); an older
 * report's sentence, which has no key, is written back as the string it
 * was. */
static void
write_warnings (JsonBuilder       *b,
                const IbJsonField *field,
                gconstpointer      st)
{
  const IbReport *report = st;

  json_builder_set_member_name (b, field->name);
  json_builder_begin_array (b);
  for (guint i = 0; i < report->warnings->len; i++)
    {
      const IbWarning *w = g_ptr_array_index (report->warnings, i);

      if (w->key == NULL)
        {
          add_valid_string (b, ib_warning_string (w, 0));
          continue;
        }
      json_builder_begin_object (b);
      ib_json_add_string (b, "key", w->key);
      json_builder_set_member_name (b, "values");
      json_builder_begin_array (b);
      for (char **v = w->values; *v != NULL; v++)
        add_valid_string (b, *v);
      json_builder_end_array (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

/* One warning: a string (an older report's sentence) or a key and values. */
static IbWarning *
read_warning (JsonArray   *array,
              guint        i,
              const char  *path,
              const char  *name,
              GError     **error)
{
  JsonNode *node = json_array_get_element (array, i);
  g_autofree char *ep = NULL;
  g_autoptr(GStrvBuilder) values = NULL;
  g_auto(GStrv) strv = NULL;
  g_autofree char *key = NULL;
  JsonObject *o;
  JsonNode *member;
  gboolean found;

  if (ib_json_node_is_string (node))
    {
      g_autofree char *text = g_utf8_make_valid (json_node_get_string (node), -1);

      return ib_warning_new_text (text);
    }
  if ((o = ib_json_array_object (array, i, path, name, &ep, error)) == NULL)
    return NULL;
  member = ib_json_get_member (o, ep, "key", TRUE, FALSE, &found, error);
  if (member == NULL)
    return NULL;
  if (!ib_json_node_is_string (member) || json_node_get_string (member)[0] == '\0')
    {
      ib_json_member_error (error, ep, "key", _("expected a string"));
      return NULL;
    }
  key = g_utf8_make_valid (json_node_get_string (member), -1);
  values = g_strv_builder_new ();
  member = json_object_get_member (o, "values");
  if (member != NULL && !JSON_NODE_HOLDS_NULL (member))
    {
      JsonArray *va;

      if (!JSON_NODE_HOLDS_ARRAY (member))
        {
          ib_json_member_error (error, ep, "values", _("expected an array"));
          return NULL;
        }
      va = json_node_get_array (member);
      if (!ib_json_check_length (json_array_get_length (va), ep, "values", 64, error))
        return NULL;
      for (guint k = 0; k < json_array_get_length (va); k++)
        {
          JsonNode *v = json_array_get_element (va, k);
          g_autofree char *s = NULL;

          if (!ib_json_node_is_string (v))
            {
              g_autofree char *base = ib_json_member_path (ep, "values");

              ib_json_format_error (error, _("%s[%u]: expected a string"), base, k);
              return NULL;
            }
          s = g_utf8_make_valid (json_node_get_string (v), -1);
          g_strv_builder_add (values, s);
        }
    }
  strv = g_strv_builder_end (values);
  return ib_warning_new_strv (key, (const char *const *) strv);
}

static gboolean
read_warnings (JsonObject        *o,
               const char        *path,
               const IbJsonField *field,
               gpointer           st,
               GError           **error)
{
  IbReport *report = st;
  gboolean ok = TRUE;
  JsonNode *node = ib_json_read_container (o, path, field->name, FALSE, JSON_NODE_ARRAY, &ok,
                                           error);
  JsonArray *array;

  if (node == NULL)   /* absent or null: no warnings */
    return ok;
  array = json_node_get_array (node);
  if (!ib_json_check_length (json_array_get_length (array), path, field->name, field->max_len,
                             error))
    return FALSE;
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      IbWarning *w = read_warning (array, i, path, field->name, error);

      if (w == NULL)
        return FALSE;
      g_ptr_array_add (report->warnings, w);
    }
  return TRUE;
}

/* ---- the report ---------------------------------------------------------- */

/* "schema" and "version", the file's identity, come first: a file of
 * another kind or a newer version deserves that message, not one about the
 * first member we miss. One entry writes and checks both. */
static void
write_identity (JsonBuilder       *b,
                const IbJsonField *field,
                gconstpointer      st)
{
  ib_json_add_string (b, "schema", IB_REPORT_SCHEMA);
  ib_json_add_int (b, "version", IB_REPORT_VERSION);
}

static gboolean
read_identity (JsonObject        *o,
               const char        *path,
               const IbJsonField *field,
               gpointer           st,
               GError           **error)
{
  JsonNode *node = json_object_get_member (o, "schema");
  g_autofree char *schema = NULL;
  gint64 version = 0;

  if (node == NULL && json_object_has_member (o, "plan") && json_object_has_member (o, "samples"))
    return ib_json_format_error (error,
                                 _("the “schema” member is missing, though the rest looks like "
                                   "an I/O Bench report: if the file was edited, put "
                                   "\"schema\": \"iobench-report\" back at its top"));
  if (node == NULL)
    return ib_json_format_error (error,
                                 _("JSON, but not an I/O Bench report (no “schema” member); "
                                   "open a .json report saved by I/O Bench"));
  if (JSON_NODE_HOLDS_NULL (node))
    return ib_json_member_error (error, path, "schema", _("must not be null"));
  if (!ib_json_node_is_string (node))
    return ib_json_member_error (error, path, "schema", _("expected a string"));
  schema = g_utf8_make_valid (json_node_get_string (node), -1);
  if (!g_str_equal (schema, IB_REPORT_SCHEMA))
    return ib_json_format_error (
      error, _("not an I/O Bench report (schema is “%s”, expected “%s”)"), schema,
      IB_REPORT_SCHEMA);

  if (!ib_json_read_int (o, path, &(IbJsonIntMember) { "version", TRUE, G_MININT64, G_MAXINT64 },
                         &version, NULL, error))
    return FALSE;
  if (version > IB_REPORT_VERSION)
    {
      g_autofree char *vs = g_strdup_printf ("%" G_GINT64_FORMAT, version);

      /* Translators: "(report version 3; this version reads versions 1 to 2)" */
      return ib_json_format_error (error,
                                   _ ("this report was made by a newer version of I/O Bench "
                                      "(report version %s; this version reads versions %d to "
                                      "%d): update I/O Bench to open it"),
                                   vs, IB_REPORT_VERSION_OLDEST, IB_REPORT_VERSION);
    }
  if (version < IB_REPORT_VERSION_OLDEST)
    {
      g_autofree char *vs = g_strdup_printf ("%" G_GINT64_FORMAT, version);

      return ib_json_format_error (error,
                                   _ ("report version %s is not supported; this I/O Bench reads "
                                      "versions %d to %d"),
                                   vs, IB_REPORT_VERSION_OLDEST, IB_REPORT_VERSION);
    }
  return TRUE;
}

static const IbJsonField report_fields[] = {
  /* "schema" and "version" */
  { .name = "schema", .kind = IB_JF_SPECIAL, .flags = REQ, .write = write_identity,
    .read = read_identity },
  FIELD (IbReport, created, "created", STRING, NUL),
  FIELD (IbReport, partial, "partial", BOOL, 0),
  FIELD (IbReport, error, "error", STRING, NUL),
  FIELD (IbReport, plan, "plan", OBJECT, REQ, .section = &ib_json_plan_section),
  FIELD (IbReport, environment, "environment", OBJECT, REQ,
         .section = &ib_json_environment_section),
  FIELD (IbReport, samples, "samples", ARRAY, REQ, .section = &ib_json_sample_section),
  FIELD (IbReport, statistics, "statistics", ARRAY, REQ, .section = &ib_json_stats_section,
         .max_len = IB_REPORT_MAX_STRATEGIES),
  FIELD (IbReport, overhead, "overhead", ARRAY, 0, .section = &overhead_row_section),
  FIELD (IbReport, write_unlink, "write_unlink", OBJECT, NUL, .section = &write_unlink_section),
  FIELD (IbReport, sweep, "sweep", OBJECT, NUL, .section = &sweep_section),
  /* reports older than the decision phase have none */
  FIELD (IbReport, decision, "decision", OBJECT, NUL | UNSET, .section = &decision_section),
  /* the size x count map, absent when not run */
  FIELD (IbReport, map, "map", OBJECT, NUL | UNSET, .section = &ib_json_map_section),
  { .name = "answer", .kind = IB_JF_SPECIAL, .write_analysis = write_answer,
    .read = read_answer },
  { .name = "findings", .kind = IB_JF_SPECIAL, .section = &finding_section,
    .write_analysis = write_findings, .read = read_findings },
  /* keys and values (ib-warning.h); older reports' sentences are strings */
  FIELD (IbReport, warnings, "warnings", SPECIAL, 0, .write = write_warnings,
         .read = read_warnings),
};

const IbJsonSection ib_json_report_section =
  SECTION (IbReport, report_fields);
