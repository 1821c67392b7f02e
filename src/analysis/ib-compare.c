/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "engine/ib-parse.h"
#include "engine/ib-presets.h"
#include "engine/ib-stats.h"
#include "engine/ib-strategy.h"
#include "engine/ib-workloads.h"
#include "ib-compare.h"
#include "ib-labels.h"
#include "ib-verdict.h"

static void
compare_row_clear (gpointer data)
{
  IbCompareRow *row = data;

  g_clear_pointer (&row->strategy, g_free);
  g_clear_pointer (&row->label, g_free);
}

static GArray *
rows_new (void)
{
  GArray *rows = g_array_new (FALSE, TRUE, sizeof (IbCompareRow));

  g_array_set_clear_func (rows, compare_row_clear);
  return rows;
}

static void
set_verdict (IbCompareRow  *row,
             const IbRatio *ratio)
{
  row->verdict = ib_verdict_for_ratio (ratio, NULL);
  if (row->verdict == IB_VERDICT_NO_DATA)
    row->ratio = row->ci_low = row->ci_high = row->ci_level = 0;
}

static void
add_read_rows (GArray         *rows,
               const IbReport *a,
               const IbReport *b)
{
  for (guint i = 0; i < a->statistics->len; i++)
    {
      const IbStats *sa = &g_array_index (a->statistics, IbStats, i);
      const IbStats *sb = ib_report_find_stats (b, sa->strategy);
      IbCompareRow row = { NULL, };
      IbRatio r;

      if (sb == NULL || sa->strategy == NULL)
        continue;
      row.strategy = g_strdup (sa->strategy);
      row.section = IB_COMPARE_READS;
      row.label = g_strdup (ib_strategy_title (sa->strategy));
      row.median_a_ns = sa->median_ns;
      row.median_b_ns = sb->median_ns;
      row.stall_a_ns = sa->n_responsive > 0 ? sa->stall_ns : -1;
      row.stall_b_ns = sb->n_responsive > 0 ? sb->stall_ns : -1;
      ib_report_ratio (a, sa->strategy, b, sa->strategy, &r);
      row.n_a = r.na;
      row.n_b = r.nb;
      row.ratio = r.ratio;
      row.ci_low = r.ci_low;
      row.ci_high = r.ci_high;
      row.ci_level = r.ci_level;
      set_verdict (&row, &r);
      g_array_append_val (rows, row);
    }
}

/* A row from two medians with their intervals (no samples kept), by
 * ib_stats_ratio_of_medians. */
static void
fill_from_medians (IbCompareRow *row,
                   double median_a, double low_a, double high_a, double level_a, guint n_a,
                   double median_b, double low_b, double high_b, double level_b, guint n_b)
{
  IbRatio r;

  ib_stats_ratio_of_medians (median_a, low_a, high_a, level_a, n_a,
                             median_b, low_b, high_b, level_b, n_b, &r);
  row->median_a_ns = median_a;
  row->median_b_ns = median_b;
  row->n_a = n_a;
  row->n_b = n_b;
  row->stall_a_ns = row->stall_b_ns = -1;
  row->ratio = r.ratio;
  row->ci_low = r.ci_low;
  row->ci_high = r.ci_high;
  row->ci_level = r.ci_level;
  set_verdict (row, &r);
}

static const IbOverheadRow *
find_overhead (const IbReport *report,
               const char     *kind)
{
  for (guint i = 0; report->overhead != NULL && i < report->overhead->len; i++)
    {
      const IbOverheadRow *o = &g_array_index (report->overhead, IbOverheadRow, i);

      if (g_strcmp0 (o->kind, kind) == 0)
        return o;
    }
  return NULL;
}

static void
add_overhead_rows (GArray         *rows,
                   const IbReport *a,
                   const IbReport *b)
{
  for (guint i = 0; a->overhead != NULL && i < a->overhead->len; i++)
    {
      const IbOverheadRow *oa = &g_array_index (a->overhead, IbOverheadRow, i);
      const IbOverheadRow *ob = find_overhead (b, oa->kind);
      IbCompareRow row = { NULL, };

      if (ob == NULL || oa->kind == NULL)
        continue;
      row.strategy = g_strdup (oa->kind);
      row.section = IB_COMPARE_OVERHEAD;
      row.label = g_strdup (ib_overhead_kind_title (oa->kind));
      fill_from_medians (&row,
                         oa->ns_per_op, oa->ci_low_ns, oa->ci_high_ns,
                         ib_median_coverage (oa->repeat), oa->repeat,
                         ob->ns_per_op, ob->ci_low_ns, ob->ci_high_ns,
                         ib_median_coverage (ob->repeat), ob->repeat);
      g_array_append_val (rows, row);
    }
}

static const IbWriteUnlinkMode *
find_mode (const IbReport *report,
           const char     *mode)
{
  for (guint i = 0; report->write_unlink != NULL && i < report->write_unlink->modes->len; i++)
    {
      const IbWriteUnlinkMode *m = &g_array_index (report->write_unlink->modes,
                                                   IbWriteUnlinkMode, i);

      if (g_strcmp0 (m->mode, mode) == 0)
        return m;
    }
  return NULL;
}

/* The times of @mode's runs in @report that served every request (none in
 * reports from before write+delete was replicated). */
static GArray *
mode_run_times (const IbReport *report,
                const char     *mode)
{
  GArray *times = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint i = 0; report->write_unlink->runs != NULL && i < report->write_unlink->runs->len; i++)
    {
      const IbWriteUnlinkRun *run = &g_array_index (report->write_unlink->runs,
                                                    IbWriteUnlinkRun, i);
      double t = (double) run->total_ns;

      if (g_strcmp0 (run->mode, mode) == 0 && run->failed == 0 && run->total_ns > 0)
        g_array_append_val (times, t);
    }
  return times;
}

static void
add_write_unlink_rows (GArray         *rows,
                       const IbReport *a,
                       const IbReport *b)
{
  for (guint i = 0; a->write_unlink != NULL && i < a->write_unlink->modes->len; i++)
    {
      const IbWriteUnlinkMode *ma = &g_array_index (a->write_unlink->modes, IbWriteUnlinkMode, i);
      const IbWriteUnlinkMode *mb = find_mode (b, ma->mode);
      IbCompareRow row = { NULL, };

      if (mb == NULL || ma->mode == NULL)
        continue;
      row.strategy = g_strdup (ma->mode);
      row.section = IB_COMPARE_WRITE_UNLINK;
      row.label = g_strdup (ib_write_unlink_mode_title (ma->mode));
      {
        /* Replicated runs: their times give the ratio its interval, by the
         * same rule as the reads (ib_stats_ratio). Older reports kept one
         * run a mode: a ratio, no interval. */
        g_autoptr(GArray) ta = mode_run_times (a, ma->mode);
        g_autoptr(GArray) tb = mode_run_times (b, mb->mode);

        if (ta->len > 1 && tb->len > 1)
          {
            IbRatio r;

            ib_stats_ratio ((const double *) (gconstpointer) ta->data, ta->len,
                            (const double *) (gconstpointer) tb->data, tb->len, &r);
            row.median_a_ns = (double) ma->total_ns;
            row.median_b_ns = (double) mb->total_ns;
            row.n_a = r.na;
            row.n_b = r.nb;
            row.ratio = r.ratio;
            row.ci_low = r.ci_low;
            row.ci_high = r.ci_high;
            row.ci_level = r.ci_level;
            set_verdict (&row, &r);
          }
        else
          fill_from_medians (&row, (double) ma->total_ns, 0, 0, 0, 1,
                             (double) mb->total_ns, 0, 0, 0, 1);
      }
      row.stall_a_ns = ma->responsive ? (double) ma->stall_ns : -1;
      row.stall_b_ns = mb->responsive ? (double) mb->stall_ns : -1;
      g_array_append_val (rows, row);
    }
}

static const IbSweepPoint *
find_point (const IbReport *report,
            guint64         value,
            const char     *strategy)
{
  for (guint i = 0; report->sweep != NULL && i < report->sweep->points->len; i++)
    {
      const IbSweepPoint *p = &g_array_index (report->sweep->points, IbSweepPoint, i);

      if (p->value == value && g_strcmp0 (p->strategy, strategy) == 0)
        return p;
    }
  return NULL;
}

static void
add_sweep_rows (GArray         *rows,
                const IbReport *a,
                const IbReport *b)
{
  if (a->sweep == NULL || b->sweep == NULL || a->sweep->vary != b->sweep->vary)
    return;
  for (guint i = 0; i < a->sweep->points->len; i++)
    {
      const IbSweepPoint *pa = &g_array_index (a->sweep->points, IbSweepPoint, i);
      const IbSweepPoint *pb = find_point (b, pa->value, pa->strategy);
      g_autofree char *value = NULL;
      IbCompareRow row = { NULL, };

      if (pb == NULL || pa->strategy == NULL)
        continue;
      value = ib_format_vary_value (a->sweep->vary, pa->value);
      row.strategy = g_strdup (pa->strategy);
      row.section = IB_COMPARE_SWEEP;
      row.value = pa->value;
      /* Translators: a sweep point, "10 files · Memory map" */
      row.label = g_strdup_printf (_("%s · %s"), value, ib_strategy_title (pa->strategy));
      fill_from_medians (&row,
                         pa->median_ns, pa->ci_low_ns, pa->ci_high_ns, pa->ci_level, pa->n,
                         pb->median_ns, pb->ci_low_ns, pb->ci_high_ns, pb->ci_level, pb->n);
      row.stall_a_ns = pa->responsive ? pa->stall_ns : -1;
      row.stall_b_ns = pb->responsive ? pb->stall_ns : -1;
      g_array_append_val (rows, row);
    }
}

GArray *
ib_compare_section (const IbReport   *a,
                    const IbReport   *b,
                    IbCompareSection  section)
{
  GArray *rows;

  g_return_val_if_fail (a != NULL, NULL);
  g_return_val_if_fail (b != NULL, NULL);

  rows = rows_new ();
  switch (section)
    {
    case IB_COMPARE_READS:
      add_read_rows (rows, a, b);
      break;
    case IB_COMPARE_OVERHEAD:
      add_overhead_rows (rows, a, b);
      break;
    case IB_COMPARE_WRITE_UNLINK:
      add_write_unlink_rows (rows, a, b);
      break;
    case IB_COMPARE_SWEEP:
      add_sweep_rows (rows, a, b);
      break;
    case IB_N_COMPARE_SECTIONS:
    default:
      g_return_val_if_reached (rows);
    }
  return rows;
}

GArray *
ib_compare_reports (const IbReport *a,
                    const IbReport *b)
{
  return ib_compare_section (a, b, IB_COMPARE_READS);
}

const char *
ib_compare_section_title (IbCompareSection section)
{
  switch (section)
    {
    case IB_COMPARE_READS:
      return _("Whole-file reads");
    case IB_COMPARE_OVERHEAD:
      return _("Dispatch overhead");
    case IB_COMPARE_WRITE_UNLINK:
      return _("Write + delete");
    case IB_COMPARE_SWEEP:
      return _("Sweep");
    case IB_N_COMPARE_SECTIONS:
    default:
      return "";
    }
}

const char *
ib_compare_section_id (IbCompareSection section)
{
  static const char *const ids[] = { "reads", "overhead", "write-unlink", "sweep" };

  g_return_val_if_fail (section < IB_N_COMPARE_SECTIONS, "");
  return ids[section];
}

static gboolean
has_section (const IbReport   *report,
             IbCompareSection  section)
{
  switch (section)
    {
    case IB_COMPARE_READS:
      return report->statistics != NULL && report->statistics->len > 0;
    case IB_COMPARE_OVERHEAD:
      return report->overhead != NULL && report->overhead->len > 0;
    case IB_COMPARE_WRITE_UNLINK:
      return report->write_unlink != NULL && report->write_unlink->modes->len > 0;
    case IB_COMPARE_SWEEP:
      return report->sweep != NULL && report->sweep->points->len > 0;
    case IB_N_COMPARE_SECTIONS:
    default:
      return FALSE;
    }
}

gboolean
ib_compare_section_in_either (const IbReport   *a,
                              const IbReport   *b,
                              IbCompareSection  section)
{
  g_return_val_if_fail (a != NULL && b != NULL, FALSE);
  return has_section (a, section) || has_section (b, section);
}

static const char *
vary_describe (IbVaryKind vary)
{
  switch (vary)
    {
    case IB_VARY_COUNT:
      return _("the file count");
    case IB_VARY_SIZE:
      return _("the file size");
    case IB_VARY_IN_FLIGHT:
    default:
      return _("the files in flight");
    }
}

char *
ib_compare_section_missing (const IbReport   *a,
                            const char       *name_a,
                            const IbReport   *b,
                            const char       *name_b,
                            IbCompareSection  section)
{
  g_autoptr(GArray) rows = NULL;
  gboolean in_a, in_b;
  const char *what;

  g_return_val_if_fail (a != NULL && b != NULL, NULL);
  g_return_val_if_fail (section < IB_N_COMPARE_SECTIONS, NULL);

  in_a = has_section (a, section);
  in_b = has_section (b, section);
  switch (section)
    {
    case IB_COMPARE_READS:
      /* Translators: "Only Quick, 1 Dec 2026, 02:54 has read results" */
      what = _("read results");
      break;
    case IB_COMPARE_OVERHEAD:
      what = _("dispatch overhead results");
      break;
    case IB_COMPARE_WRITE_UNLINK:
      what = _("write + delete results");
      break;
    case IB_COMPARE_SWEEP:
    case IB_N_COMPARE_SECTIONS:
    default:
      what = _("a sweep");
      break;
    }
  if (!in_a && !in_b)
    /* Translators: "Neither run has a sweep" */
    return g_strdup_printf (_("Neither run has %s"), what);
  if (!in_a || !in_b)
    /* Translators: "Only Quick, 1 Dec 2026, 02:54 has a sweep" */
    return g_strdup_printf (_("Only %s has %s"), in_a ? name_a : name_b, what);
  if (section == IB_COMPARE_SWEEP && a->sweep->vary != b->sweep->vary)
    /* Translators: "The sweeps vary different things: the file count in
     * Quick, 1 Dec 2026, 02:54, the file size in Custom plan, ..." */
    return g_strdup_printf (_("The sweeps vary different things: %s in %s, %s in %s"),
                            vary_describe (a->sweep->vary), name_a,
                            vary_describe (b->sweep->vary), name_b);
  rows = ib_compare_section (a, b, section);
  if (rows->len > 0)
    return NULL;
  /* Translators: "The two runs share no sweep point" and the like */
  return section == IB_COMPARE_SWEEP ? g_strdup (_("The two sweeps share no point"))
                                     : g_strdup_printf (_("The two runs share none of their %s"),
                                                        what);
}

/* ---- names ------------------------------------------------------------ */

static const char *
preset_title (const IbReport *report)
{
  const IbPresetInfo *preset = report->plan != NULL && report->plan->preset != NULL
                             ? ib_preset_lookup (report->plan->preset) : NULL;

  if (preset != NULL)
    return _(preset->title);
  if (report->plan != NULL && report->plan->preset != NULL)
    return report->plan->preset;   /* a preset of another version */
  return _("Custom Plan");
}

char *
ib_compare_side_name (const IbReport *report)
{
  g_autofree char *when = NULL;

  g_return_val_if_fail (report != NULL, NULL);

  when = ib_report_date_text (report);
  /* Translators: a run named by its preset and date, "Quick, 1 Dec 2026, 02:54" */
  return g_strdup_printf (_("%s, %s"), preset_title (report), when);
}

void
ib_compare_side_names (const IbReport *a,
                       const IbReport *b,
                       char          **name_a,
                       char          **name_b)
{
  g_autofree char *na = ib_compare_side_name (a);
  g_autofree char *nb = ib_compare_side_name (b);

  g_return_if_fail (name_a != NULL && name_b != NULL);

  if (g_str_equal (na, nb))
    {
      /* Translators: two runs that read the same are told apart by a letter,
       * "Quick, 1 Dec 2026, 02:54 (A)" */
      *name_a = g_strdup_printf (_("%s (A)"), na);
      *name_b = g_strdup_printf (_("%s (B)"), nb);
    }
  else
    {
      *name_a = g_steal_pointer (&na);
      *name_b = g_steal_pointer (&nb);
    }
}

/* ---- sentences -------------------------------------------------------- */

char *
ib_compare_row_sentence (const IbCompareRow *row,
                         const char         *name_a,
                         const char         *name_b)
{
  IbVerdictInterval iv;

  g_return_val_if_fail (row != NULL, NULL);
  g_return_val_if_fail (name_a != NULL && name_b != NULL, NULL);

  ib_compare_row_interval (row, &iv);
  return ib_verdict_text (&iv, name_a, name_b, IB_VERDICT_WORDING_B_AGAINST_A);
}

void
ib_compare_row_interval (const IbCompareRow *row,
                         IbVerdictInterval  *out)
{
  g_return_if_fail (row != NULL && out != NULL);

  /* two runs' rows are never paired: the pair fields stay 0 */
  memset (out, 0, sizeof *out);
  out->verdict = row->verdict;
  out->na = row->n_a;
  out->nb = row->n_b;
  out->ratio = row->ratio;
  out->ci_low = row->ci_low;
  out->ci_high = row->ci_high;
  out->ci_level = row->ci_level;
}

char *
ib_compare_row_text (const IbCompareRow *row)
{
  /* Translators: the two runs of a comparison when they are not named */
  return ib_compare_row_sentence (row, C_("run", "A"), C_("run", "B"));
}

/* ---- facts ------------------------------------------------------------ */

static void
fact_clear (gpointer data)
{
  IbCompareFact *fact = data;

  g_clear_pointer (&fact->a, g_free);
  g_clear_pointer (&fact->b, g_free);
}

static void
add_fact (GArray     *facts,
          const char *what,
          char       *a,
          char       *b)
{
  IbCompareFact fact = { what, a != NULL ? a : g_strdup ("—"), b != NULL ? b : g_strdup ("—"), };

  fact.differs = g_strcmp0 (fact.a, fact.b) != 0;
  g_array_append_val (facts, fact);
}

static char *
fact_files (const IbReport *report)
{
  const IbPlan *plan = report->plan;
  g_autofree char *total = NULL;

  if (plan->file_sizes->len == 0)
    return NULL;
  total = ib_format_size (ib_plan_total_bytes (plan));
  return g_strdup_printf (ngettext ("%u file, %s", "%u files, %s", plan->file_sizes->len),
                          plan->file_sizes->len, total);
}

static char *
fact_cache (const IbReport *report)
{
  const IbPlan *plan = report->plan;

  if (plan->file_sizes->len == 0)
    return NULL;
  return g_strdup (ib_cache_mode_text (plan->cache));
}

static char *
fact_rounds (const IbReport *report)
{
  const IbPlan *plan = report->plan;

  /* Translators: measured rounds and warm-up rounds, "5 (+1 warm-up)" */
  return g_strdup_printf (_("%u (+%u warm-up)"), plan->repeat, plan->warmup);
}

static char *
fact_io (const IbReport *report)
{
  const IbPlan *plan = report->plan;
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);

  g_ptr_array_add (parts, g_strdup (plan->direct ? _("direct I/O") : _("page cache")));
  if (plan->chunk > 0)
    {
      g_autofree char *chunk = ib_format_size (plan->chunk);

      /* Translators: the read size, "chunk 64 KiB" */
      g_ptr_array_add (parts, g_strdup_printf (_("chunk %s"), chunk));
    }
  if (plan->workers > 0)
    g_ptr_array_add (parts, g_strdup_printf (_("%u workers"), plan->workers));
  if (plan->in_flight > 0)
    g_ptr_array_add (parts, g_strdup_printf (_("%u files in flight"), plan->in_flight));
  if (plan->verify)
    g_ptr_array_add (parts, g_strdup (_("verified")));
  g_ptr_array_add (parts, NULL);
  return g_strjoinv (", ", (char **) parts->pdata);
}

static char *
fact_cpu (const IbEnvironment *env)
{
  if (env->cpu_model == NULL)
    return NULL;
  return g_strdup_printf ("%s × %u", env->cpu_model, env->cores);
}

static char *
fact_fs (const IbEnvironment *env)
{
  if (env->fs_type == NULL)
    return g_strdup (env->fs_note);
  if (env->mount_options != NULL)
    return g_strdup_printf ("%s (%s)", env->fs_type, env->mount_options);
  return g_strdup (env->fs_type);
}

static char *
fact_device (const IbEnvironment *env)
{
  const char *kind = env->rotational == 1 ? _("rotational") : env->rotational == 0
                   ? _("solid state") : NULL;
  g_autoptr(GPtrArray) parts = g_ptr_array_new ();

  if (env->device_model != NULL)
    g_ptr_array_add (parts, env->device_model);
  if (env->device != NULL)
    g_ptr_array_add (parts, env->device);
  if (kind != NULL)
    g_ptr_array_add (parts, (char *) kind);
  if (env->virtual_disk != NULL)
    g_ptr_array_add (parts, env->virtual_disk);
  if (parts->len == 0)
    return NULL;
  g_ptr_array_add (parts, NULL);
  return g_strjoinv (", ", (char **) parts->pdata);
}

GArray *
ib_compare_facts (const IbReport *a,
                  const IbReport *b)
{
  GArray *facts = g_array_new (FALSE, TRUE, sizeof (IbCompareFact));
  const IbEnvironment *ea, *eb;

  g_return_val_if_fail (a != NULL && b != NULL, facts);

  g_array_set_clear_func (facts, fact_clear);
  ea = a->environment;
  eb = b->environment;
  add_fact (facts, _("Preset"), g_strdup (preset_title (a)), g_strdup (preset_title (b)));
  add_fact (facts, _("Date"), ib_report_date_text (a), ib_report_date_text (b));
  add_fact (facts, _("Files"), fact_files (a), fact_files (b));
  add_fact (facts, _("Cache"), fact_cache (a), fact_cache (b));
  add_fact (facts, _("Rounds"), fact_rounds (a), fact_rounds (b));
  add_fact (facts, _("Reads"), fact_io (a), fact_io (b));
  add_fact (facts, _("Host"), g_strdup (ea->hostname), g_strdup (eb->hostname));
  add_fact (facts, _("CPU"), fact_cpu (ea), fact_cpu (eb));
  add_fact (facts, _("Memory"),
            ea->memory_bytes > 0 ? ib_format_size (ea->memory_bytes) : NULL,
            eb->memory_bytes > 0 ? ib_format_size (eb->memory_bytes) : NULL);
  add_fact (facts, _("Operating system"), g_strdup (ea->os), g_strdup (eb->os));
  add_fact (facts, _("Kernel"), g_strdup (ea->kernel), g_strdup (eb->kernel));
  add_fact (facts, _("File system"), fact_fs (ea), fact_fs (eb));
  add_fact (facts, _("Device"), fact_device (ea), fact_device (eb));
  add_fact (facts, _("Folder"), g_strdup (a->plan->dir), g_strdup (b->plan->dir));
  add_fact (facts, _("I/O Bench"), g_strdup (ea->app_version), g_strdup (eb->app_version));
  if (a->partial || b->partial)
    add_fact (facts, _("Complete"), g_strdup (a->partial ? _("no, partial") : _("yes")),
              g_strdup (b->partial ? _("no, partial") : _("yes")));
  return facts;
}
