/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-workloads.c: `iobench-cli overhead` and `iobench-cli write-unlink`
 * (seeds 000 and 001). Each builds a plan holding only its workload, runs it
 * through the runner and prints the result the way the seed did: a table of
 * ns per op against a direct call, and ab's "Percentage of the requests served
 * within a certain time (ms)". */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <stdio.h>

#include "analysis/ib-labels.h"
#include "cli-common.h"
#include "engine/model/ib-error.h"
#include "engine/model/ib-format.h"
#include "engine/run/ib-map-run.h"
#include "engine/plan/ib-parse.h"
#include "engine/plan/ib-presets.h"
#include "engine/stats/ib-stats.h"
#include "engine/workloads/ib-workloads.h"

/* Seed 001: 999,999 `new Promise(middle)` took 1,768.754 ms, the same number
 * of direct calls with a callback 51.657 ms. */
#define SEED_PROMISE_MS  1768.754
#define SEED_FUNCTION_MS 51.657

typedef struct
{
  char *repeat;
  char *warmup;
  char *seed;
} CommonArgs;

static void
common_args_clear (CommonArgs *args)
{
  g_clear_pointer (&args->repeat, g_free);
  g_clear_pointer (&args->warmup, g_free);
  g_clear_pointer (&args->seed, g_free);
}

/* Applies the options given (the others keep the plan's defaults). */
static gboolean
apply_common_args (const CommonArgs  *args,
                   IbPlan            *plan,
                   GError           **error)
{
  guint64 v;

  if (args->repeat != NULL)
    {
      if (!ib_parse_uint ("--repeat", args->repeat, 1, IB_MAX_REPEAT, &v, error))
        return FALSE;
      plan->repeat = (guint) v;
    }
  if (args->warmup != NULL)
    {
      if (!ib_parse_uint ("--warmup", args->warmup, 0, IB_MAX_WARMUP, &v, error))
        return FALSE;
      plan->warmup = (guint) v;
    }
  if (args->seed != NULL)
    {
      if (!ib_parse_uint ("--seed", args->seed, 0, G_MAXUINT64, &v, error))
        return FALSE;
      plan->seed = v;
      plan->seed_drawn = FALSE;
    }
  return TRUE;
}

/* --dir, or the default parent of the test folders (made when missing). */
static gboolean
resolve_dir (const char  *dir,
             IbPlan      *plan,
             GError     **error)
{
  if (dir != NULL)
    {
      if (!g_file_test (dir, G_FILE_TEST_IS_DIR))
        {
          g_set_error (error, IB_ERROR, IB_ERROR_INVALID,
                       _("--dir: “%s” does not exist or is not a folder; give an existing "
                         "folder for the test files"), dir);
          return FALSE;
        }
      plan->dir = g_strdup (dir);
      return TRUE;
    }

  plan->dir = ib_presets_default_dir ();
  if (g_mkdir_with_parents (plan->dir, 0700) != 0)
    {
      int saved = errno;

      g_set_error (error, IB_ERROR, IB_ERROR_IO,
                   _("Cannot make the folder “%s” for the test files: %s; give one with --dir"),
                   plan->dir, g_strerror (saved));
      return FALSE;
    }
  return TRUE;
}

/* Prints what a workload has to say of its report: its table and lines. */
typedef void (*PrintWorkload) (const IbReport *report,
                               FILE           *out);

/* Runs @plan, prints its report with @print, then the warnings and the
 * reason of a partial run, and writes the output files (also of a partial
 * run). Returns the exit code. */
static int
run_workload (const IbPlan      *plan,
              const IbCliOutput *output,
              PrintWorkload      print)
{
  g_autoptr(IbAnalysis) analysis = NULL;
  const IbReport *report;
  int code = IB_EXIT_OK;

  analysis = ib_cli_run_plan (plan, output->quiet, &code);
  if (analysis == NULL)
    return code;
  report = ib_analysis_get_report (analysis);
  print (report, stdout);
  ib_cli_print_warnings (report, stdout);
  if (report->partial)
    ib_cli_print (stdout, _("\nPartial results: %s\n"),
             report->error != NULL ? report->error : _("the run stopped early"));
  fflush (stdout);
  return ib_cli_output_write (output, analysis, code);
}

/* What a workload command says of itself in --help. */
typedef struct
{
  const char *summary;     /* N_() */
  const char *seed_help;   /* N_(): what --seed orders */
} WorkloadHelp;

/* Sets @output up and parses a workload command's options: its own
 * @entries, then --seed (into @args), --json and --quiet. On a usage
 * error, says why on stderr, clears @args and @output and returns FALSE. */
static gboolean
parse_workload_options (const WorkloadHelp  *help,
                        const GOptionEntry  *entries,
                        CommonArgs          *args,
                        IbCliOutput         *output,
                        int                 *argc,
                        char              ***argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  const GOptionEntry seed[] = {
    { "seed", 0, 0, G_OPTION_ARG_STRING, &args->seed, help->seed_help, N_("N") },
    G_OPTION_ENTRY_NULL
  };

  ib_cli_output_init (output);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (context, _(help->summary));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, seed, GETTEXT_PACKAGE);
  ib_cli_output_add_entries (output, context, IB_CLI_OUTPUT_JSON | IB_CLI_OUTPUT_QUIET);
  if (ib_cli_parse_options (context, argc, argv, FALSE))
    return TRUE;
  common_args_clear (args);
  ib_cli_output_clear (output);
  return FALSE;
}

/* ---- overhead ------------------------------------------------------------ */

static const WorkloadHelp overhead_help = {
  N_("Times a direct call with a callback against a GTask round trip (the promise of the "
     "promise-vs-callback experiment), an idle source, a thread hop, a thread-pool push, and 1 "
     "and 100 tasks awaited together (the Node.js promises-vs-sync experiment)."),
  N_("Seed of the order the kinds run in (default: a new one each run)"),
};

static void
print_overhead (const IbReport *report,
                FILE           *out)
{
  const IbOverheadRow *direct = NULL;
  const IbOverheadRow *gtask = NULL;

  if (report->overhead->len == 0)
    return;
  for (guint i = 0; i < report->overhead->len; i++)
    {
      const IbOverheadRow *row = &g_array_index (report->overhead, IbOverheadRow, i);

      if (g_str_equal (row->kind, "direct"))
        direct = row;
      else if (g_str_equal (row->kind, "gtask"))
        gtask = row;
    }
  ib_cli_print_part (report, ib_table_overhead, out);

  ib_cli_print (out, "\n");
  for (guint i = 0; i < report->overhead->len; i++)
    {
      const char *kind = g_array_index (report->overhead, IbOverheadRow, i).kind;
      const char *what = ib_overhead_kind_describe (kind);

      if (what != NULL)
        /* Translators: a kind of dispatch and what it measures, "Direct call: direct
         * call through a function pointer, passing a callback" */
        ib_cli_print (out, _("  %s: %s\n"), ib_overhead_kind_title (kind), what);
    }

  if (direct != NULL && gtask != NULL && direct->ns_per_op > 0)
    {
      g_autofree char *ratio = ib_format_ratio (gtask->ns_per_op / direct->ns_per_op);
      g_autofree char *seed_ratio = ib_format_ratio (SEED_PROMISE_MS / SEED_FUNCTION_MS);
      g_autofree char *gtask_op = ib_format_duration (gtask->ns_per_op);
      g_autofree char *direct_op = ib_format_duration (direct->ns_per_op);
      /* ms for 999,999 ops -> ns per op */
      g_autofree char *seed_promise_op = ib_format_duration (SEED_PROMISE_MS * 1e6 / 999999);
      g_autofree char *seed_function_op = ib_format_duration (SEED_FUNCTION_MS * 1e6 / 999999);

      ib_cli_print (out, "\n");
      /* Translators: ratios such as "505x" and durations such as "1.10 µs" */
      ib_cli_print (out, _("A GTask round trip costs %s a direct call (%s vs %s per op).\n"
                      "The promise-vs-callback experiment measured ~%s for a promise "
                      "against a plain function in Node 10 "
                      "(%s vs %s per op).\n"),
               ratio, gtask_op, direct_op, seed_ratio, seed_promise_op, seed_function_op);
    }
}

int
ib_cli_overhead (int    argc,
                 char **argv)
{
  g_autoptr(IbPlan) plan = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *iterations = NULL;
  CommonArgs args = { NULL, };
  IbCliOutput output;
  guint64 n = IB_OVERHEAD_DEFAULT_ITERATIONS;
  int code = IB_EXIT_OK;
  const GOptionEntry entries[] = {
    { "iterations", 'n', 0, G_OPTION_ARG_STRING, &iterations,
      N_("Ops per kind and repetition (default 999999, as the promise-vs-callback "
         "experiment)"), N_("N") },
    { "repeat", 'r', 0, G_OPTION_ARG_STRING, &args.repeat,
      N_("Measured repetitions (default 5)"), N_("N") },
    { "warmup", 'w', 0, G_OPTION_ARG_STRING, &args.warmup,
      N_("Warm-up repetitions, not counted (default 1)"), N_("N") },
    G_OPTION_ENTRY_NULL
  };

  if (!parse_workload_options (&overhead_help, entries, &args, &output, &argc, &argv))
    return IB_EXIT_USAGE;

  plan = ib_plan_new ();
  if ((iterations != NULL &&
       !ib_parse_uint ("--iterations", iterations, 1, IB_MAX_ITERATIONS, &n, &error)) ||
      !apply_common_args (&args, plan, &error) ||
      !ib_cli_output_check (&output, &error) ||
      !resolve_dir (NULL, plan, &error))
    {
      code = ib_cli_fail (error);
      goto out;
    }
  plan->overhead = g_new0 (IbOverheadSpec, 1);
  plan->overhead->iterations = n;

  code = run_workload (plan, &output, print_overhead);

out:
  common_args_clear (&args);
  ib_cli_output_clear (&output);
  return code;
}

/* ---- write + delete ------------------------------------------------------ */

static const WorkloadHelp write_unlink_help = {
  N_("Writes random letters to a new file and deletes it, for many requests at once, as the "
     "promise-vs-callback experiment did with ab: served one after another (sync-serial), with "
     "GIO async calls (async-gio) and by a thread pool (thread-pool)."),
  N_("Seed of the random letters and the modes' order (default: a new one each run)"),
};

static void
print_write_unlink_table (const IbReport *report,
                          FILE           *out)
{
  const IbWriteUnlink *wu = report->write_unlink;
  const IbEnvironment *env = report->environment;

  if (wu == NULL || wu->modes->len == 0)
    return;
  ib_cli_print_write_unlink (report, out);
  if (wu->effective_concurrency > 0 && wu->effective_concurrency < wu->concurrency)
    ib_cli_print (out, _("Concurrency capped at %u below the open-file limit (asked for %u).\n"),
             wu->effective_concurrency, wu->concurrency);
  ib_cli_print (out, ngettext ("Each mode ran %u time: the table shows its time and the latencies "
                          "of its requests.\n",
                          "Each mode ran %u times: the table shows the median run's time and "
                          "the latencies of every request of every run.\n",
                          wu->runs_per_mode),
           wu->runs_per_mode);
  if (report->plan != NULL && report->plan->dir != NULL)
    {
      const char *fs_type = env != NULL && env->fs_type != NULL ? env->fs_type
                                                               : _("file system unknown");

      ib_cli_print (out, _("Folder: %s (%s)\n"), report->plan->dir, fs_type);
    }
}

/* The table and how it was made; then the answer, also of a run stopped
 * before its first mode. */
static void
print_write_unlink (const IbReport *report,
                    FILE           *out)
{
  print_write_unlink_table (report, out);
  ib_cli_print_answer_cards (report, out);
}

int
ib_cli_write_unlink (int    argc,
                     char **argv)
{
  g_autoptr(IbPlan) plan = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *requests = NULL;
  g_autofree char *concurrency = NULL;
  g_autofree char *bytes = NULL;
  g_autofree char *runs = NULL;
  g_autofree char *dir = NULL;
  CommonArgs args = { NULL };
  IbCliOutput output;
  guint64 n_runs = IB_WRITE_UNLINK_DEFAULT_RUNS;
  guint64 n_requests = IB_WRITE_UNLINK_DEFAULT_REQUESTS;
  guint64 n_concurrency = IB_WRITE_UNLINK_DEFAULT_CONCURRENCY;
  guint64 n_bytes = IB_WRITE_UNLINK_DEFAULT_BYTES;
  int code = IB_EXIT_OK;
  const GOptionEntry entries[] = {
    { "requests", 'n', 0, G_OPTION_ARG_STRING, &requests,
      N_("Requests in all (default 2000, as ab -n in the promise-vs-callback experiment)"),
      N_("N") },
    { "concurrency", 'c', 0, G_OPTION_ARG_STRING, &concurrency,
      N_("Requests in flight at most (default 2000, as ab -c)"), N_("N") },
    { "bytes", 'b', 0, G_OPTION_ARG_STRING, &bytes,
      N_("Random letters written per request (default 4096; K/M suffixes work)"),
      N_("SIZE") },
    { "runs", 'r', 0, G_OPTION_ARG_STRING, &runs,
      N_("Runs of each mode, in rounds of every mode in a random order (default 8; a "
         "verdict needs at least 6)"), N_("N") },
    { "dir", 'd', 0, G_OPTION_ARG_FILENAME, &dir,
      N_("Folder in which a fresh iobench-XXXXXX test folder is made "
         "(default ~/.cache/iobench)"), N_("DIR") },
    G_OPTION_ENTRY_NULL
  };

  if (!parse_workload_options (&write_unlink_help, entries, &args, &output, &argc, &argv))
    return IB_EXIT_USAGE;

  plan = ib_plan_new ();
  if ((requests != NULL &&
       !ib_parse_uint ("--requests", requests, 1, IB_MAX_REQUESTS, &n_requests, &error)) ||
      (concurrency != NULL &&
       !ib_parse_uint ("--concurrency", concurrency, 1, IB_MAX_IN_FLIGHT, &n_concurrency,
                       &error)) ||
      (bytes != NULL &&
       !ib_parse_size ("--bytes", bytes, 1, 64 << 20, &n_bytes, &error)) ||
      (runs != NULL &&
       !ib_parse_uint ("--runs", runs, 1, IB_WRITE_UNLINK_MAX_RUNS, &n_runs, &error)) ||
      /* --seed only: the runs are its repetitions */
      !apply_common_args (&args, plan, &error) ||
      !ib_cli_output_check (&output, &error) ||
      !resolve_dir (dir, plan, &error))
    {
      code = ib_cli_fail (error);
      goto out;
    }
  plan->write_unlink = g_new0 (IbWriteUnlinkSpec, 1);
  plan->write_unlink->requests = (guint) n_requests;
  plan->write_unlink->concurrency = (guint) n_concurrency;
  plan->write_unlink->bytes = (guint) n_bytes;
  plan->write_unlink->runs = (guint) n_runs;

  code = run_workload (plan, &output, print_write_unlink);

out:
  common_args_clear (&args);
  ib_cli_output_clear (&output);
  return code;
}

/* ---- the size x count map ------------------------------------------------ */

/* The laptop defaults of `iobench-cli map` (about 1.7 GiB of files): the
 * map preset's (engine/model/ib-map.h). */
#define MAP_DEFAULT_SIZES  "4K,64K,1M,16M"
#define MAP_DEFAULT_COUNTS "1,2,4,16,100"

static const WorkloadHelp map_help = {
  N_("Maps when async pays off: for every file size and count, sync against GIO async one "
     "file after another, and sync on threads against GIO async all at once, each decided by "
     "paired samples within a shared time budget"),
  N_("Seed of the files' content (default: drawn for each run)"),
};

/* A line of a cell in a few words, from its verdict. */
static char *
map_line_words (const IbMapCell *cell,
                const IbMapLine *line,
                double           margin)
{
  const IbDecisionLine *d = &line->decision;

  switch (d->verdict)
    {
    case IB_PAIRED_A_FASTER:
      {
        /* the analysis's words and its one ratio format (ib-map-cuts.c) */
        g_autofree char *r = ib_format_ratio_in (d->ratio, d->ci_low, d->ci_high);

        return g_strdup_printf (_("sync %s faster"), r);
      }
    case IB_PAIRED_B_FASTER:
      {
        g_autofree char *r = d->ratio > 0 ? ib_format_ratio_in (1 / d->ratio, 1 / d->ci_high,
                                                                1 / d->ci_low)
                                          : g_strdup ("—");

        return g_strdup_printf (_("async %s faster"), r);
      }
    case IB_PAIRED_EQUIVALENT:
      /* Translators: a map cell's verdict, e.g. "equivalent within ±10 %" */
      return g_strdup_printf (_("equivalent within ±%.0f %%"), margin * 100);
    case IB_PAIRED_UNDECIDED:
      return g_strdup_printf (_("not decided (%u pairs)"), d->pairs->len);
    case IB_PAIRED_NO_DATA:
    default:
      return g_strdup (cell->reached ? _("no data") : _("not reached"));
    }
}

static void
print_map (const IbReport *report,
           FILE           *out)
{
  const IbMap *map = report->map;
  g_autoptr(IbCliTable) table = NULL;
  g_autofree char *disk = NULL;

  if (map == NULL)
    return;
  table = ib_cli_table_new (5, _("File size"), _("Files"), _("One after another"),
                            _("All at once"), _("Sync read stalls the loop"));
  for (guint i = 0; i < map->cells->len; i++)
    {
      const IbMapCell *cell = &g_array_index (map->cells, IbMapCell, i);
      const IbMapLine *serial = &cell->lines[IB_MAP_SERIAL];
      g_autofree char *size = ib_format_size (cell->size);
      g_autofree char *count = g_strdup_printf ("%" G_GUINT64_FORMAT, cell->count);
      g_autofree char *s = map_line_words (cell, serial, map->margin);
      g_autofree char *p = map_line_words (cell, &cell->lines[IB_MAP_PARALLEL], map->margin);
      g_autofree char *stall = serial->a_side.n_responsive > 0
                               ? g_strdup_printf (_("%.2f ms, %.1f frames missed"),
                                                  serial->a_side.stall_ns / 1e6,
                                                  serial->a_side.frames_missed_60)
                               : g_strdup ("—");

      ib_cli_table_add_row (table, size, count, s, p, stall);
    }
  ib_cli_table_print (table, out);
  ib_cli_print (out, _("\n%u of %u cells reached, %u of %u lines decided in %.0f s "
                       "(budget %u s, estimated %.0f s; files %s)\n"),
                ib_map_n_reached (map), map->cells->len, ib_map_n_decided (map),
                map->cells->len * IB_MAP_N_LINES, map->spent_s, map->budget_s,
                map->estimate_s, disk = ib_format_size (map->disk_bytes));
  /* the advice (analysis/ib-map-advice.h), as the window's card says it */
  ib_cli_print_answer_cards (report, out);
}

static gboolean
parse_cache (const char  *text,
             IbCacheMode *out,
             GError     **error)
{
  if (text == NULL || ib_cache_mode_from_string (text, out))
    return TRUE;
  g_set_error (error, IB_ERROR, IB_ERROR_INVALID,
               _("--cache: “%s” is not a cache mode; use warm, cold or as-is"), text);
  return FALSE;
}

int
ib_cli_map (int    argc,
            char **argv)
{
  g_autoptr(IbPlan) plan = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *sizes = NULL;
  g_autofree char *counts = NULL;
  g_autofree char *budget = NULL;
  g_autofree char *max_disk = NULL;
  g_autofree char *cache = NULL;
  g_autofree char *dir = NULL;
  g_autoptr(GArray) size_list = NULL;
  g_autoptr(GArray) count_list = NULL;
  CommonArgs args = { NULL };
  IbCliOutput output;
  guint64 v;
  int code = IB_EXIT_OK;
  const GOptionEntry entries[] = {
    { "sizes", 's', 0, G_OPTION_ARG_STRING, &sizes,
      /* The defaults are MAP_DEFAULT_SIZES and MAP_DEFAULT_COUNTS, written out:
       * xgettext cannot join a macro to a message. */
      N_("File sizes, ascending (default 4K,64K,1M,16M; K/M/G suffixes work)"),
      N_("LIST") },
    { "counts", 'n', 0, G_OPTION_ARG_STRING, &counts,
      N_("File counts, ascending (default 1,2,4,16,100)"), N_("LIST") },
    { "budget", 'b', 0, G_OPTION_ARG_STRING, &budget,
      N_("Seconds shared by all cells (default 300)"), N_("SECONDS") },
    { "max-disk", 0, 0, G_OPTION_ARG_STRING, &max_disk,
      N_("Refuse a map whose files take more than this (default 8G)"), N_("SIZE") },
    { "cache", 'c', 0, G_OPTION_ARG_STRING, &cache,
      N_("Page cache: warm (default), cold or as-is"), N_("MODE") },
    { "dir", 'd', 0, G_OPTION_ARG_FILENAME, &dir,
      N_("Folder in which the fresh iobench-XXXXXX test folders are made "
         "(default ~/.cache/iobench)"), N_("DIR") },
    G_OPTION_ENTRY_NULL
  };

  if (!parse_workload_options (&map_help, entries, &args, &output, &argc, &argv))
    return IB_EXIT_USAGE;

  plan = ib_plan_new ();
  plan->preset = g_strdup ("map");
  plan->warmup = 0;
  plan->map = ib_map_spec_new ();
  plan->budget_s = IB_MAP_DEFAULT_BUDGET_S;
  if ((size_list = ib_parse_size_list ("--sizes", sizes != NULL ? sizes : MAP_DEFAULT_SIZES,
                                       1, IB_MAX_FILE_SIZE, &error)) == NULL ||
      (count_list = ib_parse_size_list ("--counts", counts != NULL ? counts : MAP_DEFAULT_COUNTS,
                                        1, IB_MAX_FILES, &error)) == NULL ||
      (budget != NULL && !ib_parse_uint ("--budget", budget, 1, IB_MAX_BUDGET_S, &v, &error)) ||
      (max_disk != NULL &&
       !ib_parse_size ("--max-disk", max_disk, 1, G_MAXINT64, &plan->map->max_disk_bytes,
                       &error)) ||
      !parse_cache (cache, &plan->cache, &error) ||
      !apply_common_args (&args, plan, &error) ||
      !ib_cli_output_check (&output, &error) ||
      !resolve_dir (dir, plan, &error))
    {
      code = ib_cli_fail (error);
      goto out;
    }
  if (budget != NULL)
    plan->budget_s = (guint) v;
  g_array_append_vals (plan->map->sizes, size_list->data, size_list->len);
  g_array_append_vals (plan->map->counts, count_list->data, count_list->len);
  /* refused before anything is made, with what to change */
  if (!ib_map_check (plan, &error))
    {
      code = ib_cli_fail (error);
      goto out;
    }
  if (!output.quiet)
    {
      IbMapCost cost;
      g_autofree char *disk = NULL;

      ib_map_cost (plan, &cost);
      disk = ib_format_size (cost.disk_bytes);
      ib_cli_print (stdout, _("Map of %u cells: files take %s, about %.0f s in all\n\n"),
                    cost.n_cells, disk, cost.estimate_s);
    }

  code = run_workload (plan, &output, print_map);

out:
  common_args_clear (&args);
  ib_cli_output_clear (&output);
  return code;
}
