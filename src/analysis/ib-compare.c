/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "engine/model/ib-format.h"
#include "engine/plan/ib-presets.h"
#include "ib-compare.h"
#include "ib-labels.h"
#include "ib-verdict.h"

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

gboolean
ib_compare_section_in_both (const IbReport   *a,
                            const IbReport   *b,
                            IbCompareSection  section)
{
  if (a == NULL || b == NULL || !has_section (a, section) || !has_section (b, section))
    return FALSE;
  return section != IB_COMPARE_SWEEP || a->sweep->vary == b->sweep->vary;
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

char *
ib_compare_side_legend (const IbReport   *report,
                        IbCompareSection  section)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  char *when;

  g_return_val_if_fail (report != NULL, NULL);

  g_ptr_array_add (parts, g_strdup (preset_title (report)));
  when = ib_report_date_or_null (report);
  if (when != NULL)
    g_ptr_array_add (parts, when);
  if (report->environment != NULL && report->environment->hostname != NULL)
    g_ptr_array_add (parts, g_strdup (report->environment->hostname));
  /* the cache each run read from, for the parts that read files */
  if (report->plan != NULL && (section == IB_COMPARE_READS || section == IB_COMPARE_SWEEP)
      && ib_cache_mode_text (report->plan->cache) != NULL)
    g_ptr_array_add (parts, g_strdup (ib_cache_mode_text (report->plan->cache)));
  g_ptr_array_add (parts, NULL);
  return g_strjoinv (" · ", (char **) parts->pdata);
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

/* The measured rounds of the read experiment that have a sample: fewer
 * than planned when the run stopped or the survey gave its time to the
 * decision phase. */
static guint
rounds_measured (const IbReport *report)
{
  guint last = 0;

  for (guint i = 0; report->samples != NULL && i < report->samples->len; i++)
    {
      const IbSample *s = &g_array_index (report->samples, IbSample, i);

      if (!s->warmup && s->round >= report->plan->warmup)
        last = MAX (last, s->round - report->plan->warmup + 1);
    }
  return last;
}

static char *
fact_rounds (const IbReport *report)
{
  const IbPlan *plan = report->plan;
  guint measured = rounds_measured (report);

  if (measured == plan->repeat || plan->file_sizes->len == 0)
    /* Translators: measured rounds and warm-up rounds, "5 (+1 warm-up)" */
    return g_strdup_printf (_("%u (+%u warm-up)"), plan->repeat, plan->warmup);
  /* Translators: rounds measured, rounds planned and warm-up rounds, "2 of 5
   * planned (+1 warm-up)": the run measured fewer rounds than it planned */
  return g_strdup_printf (ngettext ("%u of %u planned (+%u warm-up)",
                                    "%u of %u planned (+%u warm-up)", plan->repeat),
                          measured, plan->repeat, plan->warmup);
}

static char *
fact_io (const IbReport *report)
{
  const IbPlan *plan = report->plan;
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);

  g_ptr_array_add (parts, g_strdup (plan->direct ? _("direct I/O") : _("buffered I/O")));
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
