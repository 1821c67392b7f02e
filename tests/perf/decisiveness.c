/* SPDX-License-Identifier: GPL-3.0-or-later */
/* decisiveness.c: how decisive the default run is on this machine.
 *
 *   decisiveness [--runs N] [--dir DIR] [--preset NAME] [--keep DIR]
 *
 * Runs `iobench-cli run --preset quick` N times (default 5) back to back and
 * prints, for each run, its wall time against its budget, the headline's
 * verdict (from the decision phase's pairs), its interval and that
 * interval's width (high / low), and every line's verdict; then how many
 * headlines were decided (faster or equivalent within the margin) and any
 * two runs that contradict each other (sync faster in one, async in
 * another; or one line's sides swapping). Exits 1 on a contradiction or
 * when a run fails, 0 otherwise; speed is printed, never asserted.
 */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <stdio.h>

#include "engine/run/ib-decision.h"
#include "engine/measure/ib-measure.h"
#include "engine/os/ib-os.h"
#include "engine/stats/ib-stats.h"
#include "engine/model/ib-types.h"
#include "report/ib-report-io.h"

typedef struct
{
  IbReport *report;
  double    wall_s;
} Run;

/* Which side a line's verdict favours: +1 a (sync), -1 b, 0 none. */
static int
side_of (const IbDecisionLine *line)
{
  if (line->verdict == IB_PAIRED_A_FASTER)
    return 1;
  if (line->verdict == IB_PAIRED_B_FASTER)
    return -1;
  return 0;
}

static const char *
verdict_words (const IbDecisionLine *line)
{
  switch (line->verdict)
    {
    case IB_PAIRED_A_FASTER:
      return "a faster";
    case IB_PAIRED_B_FASTER:
      return "b faster";
    case IB_PAIRED_EQUIVALENT:
      return "equivalent";
    case IB_PAIRED_UNDECIDED:
      return "not decided";
    case IB_PAIRED_NO_DATA:
    default:
      return "not decided (no pairs)";
    }
}

static int
cmp_double (gconstpointer a,
            gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
median_of (GArray *v)
{
  if (v->len == 0)
    return -1;
  g_array_sort (v, cmp_double);
  return g_array_index (v, double, v->len / 2);
}

/* Whether other work used IB_BUSY_CORES or more during a pair's side of
 * @wall_ns (the machine's CPU time less the process's; FALSE unknown). */
static gboolean
pair_side_contended (gint64 wall_ns,
                     gint64 cpu_ns,
                     gint64 cpus_busy_ns)
{
  return wall_ns > 0 && cpu_ns >= 0 && cpus_busy_ns >= 0 && (double) (cpus_busy_ns - cpu_ns) >= IB_BUSY_CORES * (double) wall_ns;
}

/* How many of the line's pairs had a side beside other work (other work
 * used IB_BUSY_CORES or more of the CPUs) and the median share each side's
 * measuring thread waited: the decision keeps them all (README). */
static void
print_contention (const IbDecisionLine *line)
{
  g_autoptr(GArray) wa = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) wb = g_array_new (FALSE, FALSE, sizeof (double));
  guint contended = 0, known = 0;

  for (guint i = 0; line->pairs != NULL && i < line->pairs->len; i++)
    {
      const IbDecisionPair *p = &g_array_index (line->pairs, IbDecisionPair, i);
      double sa, sb;

      if (p->a_ns <= 0 || p->b_ns <= 0 || p->a_wait_ns < 0 || p->b_wait_ns < 0)
        continue;
      known++;
      sa = (double) p->a_wait_ns / p->a_ns;
      sb = (double) p->b_wait_ns / p->b_ns;
      g_array_append_val (wa, sa);
      g_array_append_val (wb, sb);
      contended += pair_side_contended (p->a_ns, p->a_cpu_ns, p->a_cpus_busy_ns) ||
                   pair_side_contended (p->b_ns, p->b_cpu_ns, p->b_cpus_busy_ns);
    }
  if (known > 0)
    g_print ("               contended pairs %u of %u; median run-queue wait a %.0f %%, "
             "b %.0f %% of wall time\n", contended, known, median_of (wa) * 100,
             median_of (wb) * 100);
}

static void
print_line (const IbDecisionLine *line)
{
  g_print ("    %-10s %s vs %s: %s, ratio b/a %.3f, %.2f %% CI %.3f-%.3f (width %.2fx), "
           "%u pairs in %.1f s", line->line, line->a, line->b, verdict_words (line),
           line->ratio, line->ci_level * 100, line->ci_low, line->ci_high,
           line->ci_low > 0 ? line->ci_high / line->ci_low : 0.0, line->pairs->len,
           line->spent_s);
  if (line->verdict == IB_PAIRED_UNDECIDED && line->more_pairs != G_MAXUINT)
    g_print ("; about %u more pairs would decide it", line->more_pairs);
  g_print ("\n");
  print_contention (line);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *dir = NULL;
  g_autofree char *preset = NULL;
  g_autofree char *keep = NULL;
  gint runs_wanted = 5;
  GOptionEntry     entries[] = {
        { "runs", 0, 0, G_OPTION_ARG_INT, &runs_wanted, "Runs (default 5)", "N" },
        { "dir", 0, 0, G_OPTION_ARG_FILENAME, &dir, "Folder for the test files", "DIR" },
        { "preset", 0, 0, G_OPTION_ARG_STRING, &preset, "Preset (default quick)", "NAME" },
        { "keep", 0, 0, G_OPTION_ARG_FILENAME, &keep,
          "Keep each run's JSON report in this existing folder (run-N.json)", "DIR" },
        { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *tmp = NULL;
  const char *cli = g_getenv ("IOBENCH_CLI");
  g_autoptr(GArray) runs = g_array_new (FALSE, TRUE, sizeof (Run));
  guint decided = 0, failed = 0, contradictions = 0;

  /* A line at a time, also into a file: the runs take minutes. */
  setvbuf (stdout, NULL, _IOLBF, 0);
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("decisiveness: %s\n", error->message);
      return 2;
    }
  if (cli == NULL)
    {
      g_printerr ("decisiveness: set IOBENCH_CLI to the iobench-cli to run\n");
      return 2;
    }
  if (preset == NULL)
    preset = g_strdup ("quick");
  tmp = g_dir_make_tmp ("iobench-decisiveness-XXXXXX", &error);
  if (tmp == NULL)
    {
      g_printerr ("decisiveness: %s\n", error->message);
      return 1;
    }

  for (gint i = 0; i < runs_wanted; i++)
    {
      g_autofree char *json = g_strdup_printf ("%s/run-%d.json", keep != NULL ? keep : tmp,
                                               i + 1);
      g_autoptr(GPtrArray) args = g_ptr_array_new ();
      g_autoptr(GError) run_error = NULL;
      g_autofree char *err = NULL;
      gint status = 0;
      gint64 t0;
      Run run = { 0 };

      g_ptr_array_add (args, (char *) cli);
      g_ptr_array_add (args, "run");
      g_ptr_array_add (args, "--preset");
      g_ptr_array_add (args, preset);
      g_ptr_array_add (args, "--quiet");
      g_ptr_array_add (args, "--json");
      g_ptr_array_add (args, json);
      if (dir != NULL)
        {
          g_ptr_array_add (args, "--dir");
          g_ptr_array_add (args, dir);
        }
      g_ptr_array_add (args, NULL);

      t0 = ib_os_monotonic_ns ();
      if (!g_spawn_sync (NULL, (char **) args->pdata, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL,
                         NULL, NULL, &err, &status, &run_error)
          || !g_spawn_check_wait_status (status, &run_error))
        {
          g_print ("run %d: FAILED: %s\n%s", i + 1, run_error->message, err ? err : "");
          failed++;
          continue;
        }
      run.wall_s = (ib_os_monotonic_ns () - t0) / 1e9;
      run.report = ib_report_load_json (json, &run_error);
      if (keep == NULL)
        g_unlink (json);
      if (run.report == NULL)
        {
          g_print ("run %d: FAILED to load its report: %s\n", i + 1, run_error->message);
          failed++;
          continue;
        }
      g_print ("run %d: %.1f s wall, budget %u s%s, seed %" G_GUINT64_FORMAT "\n", i + 1,
               run.wall_s, run.report->plan->budget_s,
               run.report->plan->budget_s > 0 && run.wall_s > run.report->plan->budget_s
               ? " (OVER BUDGET)" : "", run.report->plan->seed);
      if (run.report->decision == NULL || run.report->decision->lines->len == 0)
        g_print ("    no decision phase\n");
      else
        {
          const IbDecisionLine *head =
            &g_array_index (run.report->decision->lines, IbDecisionLine, 0);

          IbRatio survey;

          /* Before the decision phase: the same pair judged on the survey's
           * samples alone (what the answer used to say). */
          ib_report_ratio (run.report, head->a, run.report, head->b, &survey);
          g_print ("    decision phase from %.1f s (after the survey and the other parts); the headline pair on the survey's samples (%u and %u): "
                   "ratio %.3f, %.2f %% CI %.3f-%.3f (width %.2fx)\n",
                   run.report->decision->survey_s, survey.na, survey.nb, survey.ratio,
                   survey.ci_level * 100, survey.ci_low, survey.ci_high,
                   survey.ci_low > 0 ? survey.ci_high / survey.ci_low : 0.0);
          for (guint k = 0; k < run.report->decision->lines->len; k++)
            print_line (&g_array_index (run.report->decision->lines, IbDecisionLine, k));
          decided += head->verdict == IB_PAIRED_A_FASTER || head->verdict == IB_PAIRED_B_FASTER
                     || head->verdict == IB_PAIRED_EQUIVALENT;
        }
      g_array_append_val (runs, run);
    }
  g_rmdir (tmp);

  /* Contradictions: the headline says sync faster in one run and async in
   * another; any line whose favoured side flips. */
  for (guint i = 0; i < runs->len; i++)
    for (guint j = i + 1; j < runs->len; j++)
      {
        const IbReport *ri = g_array_index (runs, Run, i).report;
        const IbReport *rj = g_array_index (runs, Run, j).report;

        if (ri->decision == NULL || rj->decision == NULL)
          continue;
        for (guint k = 0; k < ri->decision->lines->len; k++)
          {
            const IbDecisionLine *li = &g_array_index (ri->decision->lines, IbDecisionLine, k);
            const IbDecisionLine *lj = ib_report_decision_line (rj, li->line);

            if (lj == NULL || side_of (li) == 0 || side_of (lj) == 0)
              continue;
            if (side_of (li) != side_of (lj))
              {
                g_print ("CONTRADICTION (%s): run %u says %s, run %u says %s\n", li->line,
                         i + 1, side_of (li) > 0 ? li->a : li->b, j + 1,
                         side_of (lj) > 0 ? lj->a : lj->b);
                contradictions++;
              }
          }
      }

  g_print ("decided headlines: %u of %u runs (faster or equivalent); contradictions: %u; "
           "failed runs: %u\n", decided, (guint) runs->len, contradictions, failed);
  for (guint i = 0; i < runs->len; i++)
    ib_report_unref (g_array_index (runs, Run, i).report);
  return contradictions > 0 || failed > 0 ? 1 : 0;
}
