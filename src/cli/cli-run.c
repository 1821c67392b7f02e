/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-run.c: `iobench-cli list`, `run` and `sweep` (docs/architecture.md,
 * "The contract: CLI and report fields"). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli-common.h"
#include "cli.h"
#include "engine/model/ib-error.h"
#include "engine/model/ib-map.h"
#include "engine/plan/ib-parse.h"
#include "engine/plan/ib-presets.h"
#include "engine/io/ib-strategy.h"

/* ---- list -------------------------------------------------------------- */

typedef struct
{
  const char *id;
  const char *description;
} Workload;

static const Workload workloads[] = {
  { "read", N_("Read the test files with each strategy (iobench-cli run)") },
  { "overhead", N_("Dispatch overhead: direct call vs GTask, idle, thread hop, thread pool "
                   "(the promise-vs-callback overhead experiment)") },
  { "write-unlink", N_("Write 4,096 random letters to a new file and delete it, many at once "
                       "(the promise-vs-callback experiment’s I/O test)") },
  { "sweep", N_("Vary file count, size or files in flight for two strategies and find the "
                "crossover (the Node.js promises-vs-sync experiment)") },
};

int
ib_cli_list (int    argc,
             char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(IbCliTable) strategies = NULL;
  g_autoptr(IbCliTable) spans = NULL;
  g_autoptr(IbCliTable) works = NULL;
  g_autoptr(IbCliTable) presets = NULL;
  const IbStrategyInfo *infos;
  const IbPresetInfo *pinfos;
  guint n = 0;

  g_option_context_set_summary (context, _("List strategies, workloads and presets, one line "
                                           "each."));
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  if (!ib_cli_parse_options (context, &argc, &argv, FALSE))
    return IB_EXIT_USAGE;

  strategies = ib_cli_table_new (4, _("Strategy"), _("Family"), _("Schedule"), _("Description"));
  infos = ib_strategies (&n);
  for (guint i = 0; i < n; i++)
    {
      const char *why = ib_strategy_unavailable (&infos[i]);
      /* Translators: a strategy that cannot run here, e.g. "unavailable: the
       * portable build leaves io_uring out" */
      g_autofree char *text = why != NULL ? g_strdup_printf (_("unavailable: %s"), why)
                                          : g_strdup (_(infos[i].description));

      ib_cli_table_add_row (strategies, infos[i].id, ib_family_to_string (infos[i].family),
                            ib_schedule_to_string (infos[i].schedule), text);
    }

  spans = ib_cli_table_new (2, _("Strategy"), _("What each sample times"));
  for (guint i = 0; i < n; i++)
    ib_cli_table_add_row (spans, infos[i].id, ib_strategy_timed_span (&infos[i]));

  works = ib_cli_table_new (2, _("Workload"), _("Description"));
  for (guint i = 0; i < G_N_ELEMENTS (workloads); i++)
    ib_cli_table_add_row (works, workloads[i].id, _(workloads[i].description));

  presets = ib_cli_table_new (2, _("Preset"), _("Description"));
  pinfos = ib_presets (&n);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *id = g_str_equal (pinfos[i].id, IB_DEFAULT_PRESET)
                            /* Translators: marks the default preset in `list` */
                            ? g_strdup_printf (_("%s (default)"), pinfos[i].id)
                            : g_strdup (pinfos[i].id);

      ib_cli_table_add_row (presets, id, _(pinfos[i].description));
    }

  ib_cli_table_print (strategies, stdout);
  ib_cli_print (stdout, "\n");
  ib_cli_table_print (spans, stdout);
  ib_cli_print (stdout, "%s\n\n", _("Outside every sample's clock: making and warming or dropping the "
                       "files, starting worker threads, setting up io_uring rings and sizing "
                       "reused buffers before it, stopping them after it. With --verify the "
                       "timed read runs without the CRC-32; after the clock the same strategy "
                       "reads the files again, untimed, and checks every CRC-32 (its time is "
                       "recorded as verify_ns)."));
  ib_cli_table_print (works, stdout);
  ib_cli_print (stdout, "\n");
  ib_cli_table_print (presets, stdout);
  return IB_EXIT_OK;
}

/* ---- shared option handling -------------------------------------------- */

static gboolean
usage (GError *error)
{
  ib_cli_printerr ("%s", error->message);
  g_error_free (error);
  return FALSE;
}

static gboolean
parse_uint_opt (const char *option,
                const char *text,
                guint64     min,
                guint64     max,
                guint      *out)
{
  GError *error = NULL;
  guint64 v;

  if (text == NULL)
    return TRUE;
  if (!ib_parse_uint (option, text, min, max, &v, &error))
    return usage (error);
  *out = (guint) v;
  return TRUE;
}

static gboolean
check_dir (const char *option,
           const char *dir)
{
  if (dir == NULL)
    return TRUE;
  if (*dir == '\0')
    {
      ib_cli_printerr (_("%s: the folder name is empty"), option);
      return FALSE;
    }
  if (!g_file_test (dir, G_FILE_TEST_EXISTS))
    {
      ib_cli_printerr (_("%s: “%s” does not exist; give an existing folder for the test files"),
                       option, dir);
      return FALSE;
    }
  if (!g_file_test (dir, G_FILE_TEST_IS_DIR))
    {
      ib_cli_printerr (_("%s: “%s” is not a folder; give a folder for the test files"),
                       option, dir);
      return FALSE;
    }
  if (g_access (dir, W_OK | X_OK) != 0)
    {
      ib_cli_printerr (_("%s: cannot write in “%s”; choose a folder you can write in"),
                       option, dir);
      return FALSE;
    }
  return TRUE;
}

static gboolean
parse_enum_opt (const char *option,
                const char *text,
                const char *choices,
                gboolean  (*from_string) (const char *, int *),
                int        *out)
{
  if (text == NULL)
    return TRUE;
  if (!from_string (text, out))
    {
      ib_cli_printerr (_("%s: “%s” is not one of %s"), option, text, choices);
      return FALSE;
    }
  return TRUE;
}

/* Adapters: the enum parsers take typed pointers. */
static gboolean
cache_from_string (const char *s,
                   int        *out)
{
  IbCacheMode v;

  if (!ib_cache_mode_from_string (s, &v))
    return FALSE;
  *out = v;
  return TRUE;
}

static gboolean
content_from_string (const char *s,
                     int        *out)
{
  IbContentKind v;

  if (!ib_content_kind_from_string (s, &v))
    return FALSE;
  *out = v;
  return TRUE;
}

static gboolean
buffer_from_string (const char *s,
                    int        *out)
{
  IbBufferPolicy v;

  if (!ib_buffer_policy_from_string (s, &v))
    return FALSE;
  *out = v;
  return TRUE;
}

/* Runs @plan, prints the report, writes the outputs; returns the exit code. */
static int
run_and_report (const IbPlan *plan,
                IbCliOutput  *output)
{
  g_autoptr(IbAnalysis) analysis = NULL;
  g_autoptr(GError) error = NULL;
  int code = IB_EXIT_OK;

  if (!ib_plan_validate (plan, &error))
    return ib_cli_fail (error);
  if (!ib_cli_output_check (output, &error))
    return ib_cli_fail (error);

  analysis = ib_cli_run_plan (plan, output->quiet, &code);
  if (analysis == NULL)
    return code != IB_EXIT_OK ? code : IB_EXIT_FAILED;

  ib_cli_print_report (analysis, stdout);
  return ib_cli_output_write (output, analysis, code);
}

/* ---- run --------------------------------------------------------------- */

typedef struct
{
  char     *preset;
  char     *dir;
  char     *files;
  char     *count;
  char     *size;
  char     *content;
  char     *strategies;
  char     *repeat;
  char     *warmup;
  char     *cache;
  char     *chunk;
  char     *workers;
  char     *in_flight;
  char     *queue_depth;
  gboolean  direct;
  char     *buffer;
  gboolean  verify;
  gboolean  fsync;
  char     *seed;
  char     *pause;
  char     *budget;
  char     *margin;
  char     *responsiveness;
} RunOptions;

static void
run_options_clear (RunOptions *o)
{
  g_free (o->preset);
  g_free (o->dir);
  g_free (o->files);
  g_free (o->count);
  g_free (o->size);
  g_free (o->content);
  g_free (o->strategies);
  g_free (o->repeat);
  g_free (o->warmup);
  g_free (o->cache);
  g_free (o->chunk);
  g_free (o->workers);
  g_free (o->in_flight);
  g_free (o->queue_depth);
  g_free (o->buffer);
  g_free (o->seed);
  g_free (o->pause);
  g_free (o->budget);
  g_free (o->margin);
  g_free (o->responsiveness);
}

/* The plan the options start from: a custom read benchmark when they name
 * files or strategies and no preset, else the preset (or the default one);
 * in --dir when given. Prints the message and returns NULL on bad input. */
static IbPlan *
base_plan (const RunOptions *o)
{
  g_autoptr(IbPlan) plan = NULL;
  GError *error = NULL;
  gboolean custom = o->preset == NULL &&
                    (o->files != NULL || o->count != NULL || o->size != NULL ||
                     o->strategies != NULL);

  if (custom)
    {
      const IbStrategyInfo *infos;
      guint n = 0;

      /* A custom read benchmark: the reads only, every strategy by default. */
      plan = ib_plan_new ();
      plan->dir = ib_presets_default_dir ();
      if (o->dir == NULL)
        g_mkdir_with_parents (plan->dir, 0700);
      /* Those that can run here; with --direct, those that can honour it. */
      infos = ib_strategies (&n);
      for (guint i = 0; i < n; i++)
        if (ib_strategy_unavailable (&infos[i]) == NULL && (!o->direct || infos[i].direct))
          g_ptr_array_add (plan->strategies, g_strdup (infos[i].id));
    }
  else
    {
      plan = ib_preset_plan (o->preset != NULL ? o->preset : IB_DEFAULT_PRESET, &error);
      if (plan == NULL)
        {
          g_prefix_error (&error, "--preset: ");
          usage (error);
          return NULL;
        }
    }

  if (o->dir != NULL)
    {
      g_free (plan->dir);
      plan->dir = g_strdup (o->dir);
    }
  return g_steal_pointer (&plan);
}

/* --files, or --count and --size, and --strategies. */
static gboolean
apply_files (const RunOptions *o,
             IbPlan           *plan)
{
  GError *error = NULL;

  if (o->files != NULL)
    {
      GArray *sizes = ib_parse_size_list ("--files", o->files, 1, IB_MAX_FILE_SIZE, &error);

      if (sizes == NULL)
        return usage (error);
      g_array_unref (plan->file_sizes);
      plan->file_sizes = sizes;
    }
  else if (o->count != NULL || o->size != NULL)
    {
      guint count = 1;
      guint64 size = G_GUINT64_CONSTANT (1) << 20;

      if (plan->file_sizes->len > 0)
        {
          size = g_array_index (plan->file_sizes, guint64, 0);
          count = plan->file_sizes->len;
        }
      if (!parse_uint_opt ("--count", o->count, 1, IB_MAX_FILES, &count))
        return FALSE;
      if (o->size != NULL && !ib_parse_size ("--size", o->size, 1, IB_MAX_FILE_SIZE, &size,
                                             &error))
        return usage (error);
      g_array_set_size (plan->file_sizes, 0);
      for (guint i = 0; i < count; i++)
        g_array_append_val (plan->file_sizes, size);
    }

  if (o->strategies != NULL)
    {
      GPtrArray *ids = ib_parse_strategy_list ("--strategies", o->strategies, &error);

      if (ids == NULL)
        return usage (error);
      g_ptr_array_unref (plan->strategies);
      plan->strategies = ids;
    }
  return TRUE;
}

/* --content, --cache and --buffer. */
static gboolean
apply_modes (const RunOptions *o,
             IbPlan           *plan)
{
  int e;

  e = plan->content;
  if (!parse_enum_opt ("--content", o->content, "random, base64, digits, letters",
                       content_from_string, &e))
    return FALSE;
  plan->content = e;
  e = plan->cache;
  if (!parse_enum_opt ("--cache", o->cache, "warm, cold, as-is", cache_from_string, &e))
    return FALSE;
  plan->cache = e;
  e = plan->buffer;
  if (!parse_enum_opt ("--buffer", o->buffer, "fresh, reused", buffer_from_string, &e))
    return FALSE;
  plan->buffer = e;
  return TRUE;
}

/* The numbers (--repeat ... --seed), --responsiveness and the switches. */
static gboolean
apply_numbers (const RunOptions *o,
               IbPlan           *plan)
{
  GError *error = NULL;

  if (!parse_uint_opt ("--repeat", o->repeat, 1, IB_MAX_REPEAT, &plan->repeat) ||
      !parse_uint_opt ("--warmup", o->warmup, 0, IB_MAX_WARMUP, &plan->warmup) ||
      !parse_uint_opt ("--workers", o->workers, 1, IB_MAX_WORKERS, &plan->workers) ||
      !parse_uint_opt ("--in-flight", o->in_flight, 1, IB_MAX_IN_FLIGHT, &plan->in_flight) ||
      !parse_uint_opt ("--queue-depth", o->queue_depth, 1, IB_MAX_QUEUE_DEPTH,
                       &plan->queue_depth) ||
      !parse_uint_opt ("--pause", o->pause, 0, IB_MAX_PAUSE_MS, &plan->pause_ms) ||
      !parse_uint_opt ("--budget", o->budget, 0, IB_MAX_BUDGET_S, &plan->budget_s))
    return FALSE;
  if (o->margin != NULL)
    {
      guint pct = 0;

      if (!parse_uint_opt ("--margin", o->margin, IB_MIN_MARGIN_PCT, IB_MAX_MARGIN_PCT, &pct))
        return FALSE;
      plan->margin = pct / 100.0;
    }
  if (o->chunk != NULL &&
      !ib_parse_size ("--chunk", o->chunk, 1, IB_MAX_CHUNK, &plan->chunk, &error))
    return usage (error);
  if (o->seed != NULL &&
      !ib_parse_uint ("--seed", o->seed, 0, G_MAXUINT64, &plan->seed, &error))
    return usage (error);
  if (o->seed != NULL)
    plan->seed_drawn = FALSE;
  if (o->responsiveness != NULL &&
      !ib_parse_on_off ("--responsiveness", o->responsiveness, &plan->responsiveness, &error))
    return usage (error);
  if (o->verify)
    plan->verify = TRUE;
  if (o->fsync)
    plan->fsync = TRUE;
  if (o->direct)
    plan->direct = TRUE;
  return TRUE;
}

/* `--budget 0` opts out of the decision phase (the answer then rests on the
 * survey). The size x count map is nothing but decisions, so it has nothing
 * to opt out to: refused, as `iobench-cli map --budget 0` is, rather than
 * run with its default budget behind the user's back. */
static gboolean
check_budget (const RunOptions *o,
              const IbPlan     *plan)
{
  if (o->budget == NULL || plan->budget_s != 0 || plan->map == NULL)
    return TRUE;
  /* Translators: "--budget 0" with the size x count map (--preset map) */
  ib_cli_printerr (_("--budget: the size x count map decides every cell in pairs within "
                     "its budget and has no survey to fall back on; give 1 or more "
                     "seconds (default: %u)"),
                   IB_MAP_DEFAULT_BUDGET_S);
  return FALSE;
}

/* Builds the plan: the preset (or a custom read plan), then every explicit
 * option on top. Prints the message and returns NULL on bad input. */
static IbPlan *
plan_from_options (RunOptions *o)
{
  g_autoptr(IbPlan) plan = NULL;

  if (!check_dir ("--dir", o->dir))
    return NULL;
  if (o->files != NULL && (o->count != NULL || o->size != NULL))
    {
      ib_cli_printerr (_("--files: give either --files or --count and --size, not both"));
      return NULL;
    }
  plan = base_plan (o);
  if (plan == NULL || !apply_files (o, plan) || !apply_modes (o, plan) ||
      !apply_numbers (o, plan) || !check_budget (o, plan))
    return NULL;
  return g_steal_pointer (&plan);
}

int
ib_cli_run (int    argc,
            char **argv)
{
  RunOptions o = { 0 };
  IbCliOutput output;
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(IbPlan) plan = NULL;
  int code;
  const GOptionEntry entries[] = {
    { "preset", 0, 0, G_OPTION_ARG_STRING, &o.preset,
      N_("Start from a preset (see “list”; default: quick, or a custom read benchmark when "
         "--files, --count, --size or --strategies is given)"), N_("NAME") },
    { "dir", 0, 0, G_OPTION_ARG_FILENAME, &o.dir,
      N_("Make the test folder inside DIR (default: the user cache folder)"), N_("DIR") },
    { "files", 0, 0, G_OPTION_ARG_STRING, &o.files,
      N_("File sizes, e.g. 512M,1G,256M,512M (K/M/G = KiB/MiB/GiB)"), N_("SIZE,…") },
    { "count", 0, 0, G_OPTION_ARG_STRING, &o.count, N_("Number of files of --size"), N_("N") },
    { "size", 0, 0, G_OPTION_ARG_STRING, &o.size, N_("Size of each of --count files"),
      N_("SIZE") },
    { "content", 0, 0, G_OPTION_ARG_STRING, &o.content,
      N_("File content: random, base64, digits or letters"), N_("KIND") },
    { "strategies", 0, 0, G_OPTION_ARG_STRING, &o.strategies,
      N_("Read strategies to run, or “all”"), N_("ID,…") },
    { "repeat", 0, 0, G_OPTION_ARG_STRING, &o.repeat, N_("Measured rounds (1–1000)"), N_("N") },
    { "warmup", 0, 0, G_OPTION_ARG_STRING, &o.warmup,
      N_("Warm-up rounds, kept but not counted (0–100)"), N_("N") },
    { "cache", 0, 0, G_OPTION_ARG_STRING, &o.cache, N_("Page cache: warm, cold or as-is"),
      N_("MODE") },
    { "chunk", 0, 0, G_OPTION_ARG_STRING, &o.chunk,
      N_("Chunk size of the stream strategies (default: each strategy's own)"), N_("SIZE") },
    { "workers", 0, 0, G_OPTION_ARG_STRING, &o.workers,
      N_("Thread-pool workers (default: number of cores)"), N_("N") },
    { "in-flight", 0, 0, G_OPTION_ARG_STRING, &o.in_flight,
      N_("Most files open at once (default: all)"), N_("N") },
    { "queue-depth", 0, 0, G_OPTION_ARG_STRING, &o.queue_depth,
      N_("Reads in flight per file for uring-stream-parallel (1–1024, default: 4)"),
      N_("N") },
    { "direct", 0, 0, G_OPTION_ARG_NONE, &o.direct,
      N_("Read with O_DIRECT: no page cache at all (sync-stream, thread-pool-parallel and "
         "the uring-* strategies)"), NULL },
    { "buffer", 0, 0, G_OPTION_ARG_STRING, &o.buffer,
      N_("Buffers: fresh per file (as the seeds) or reused"), N_("POLICY") },
    { "verify", 0, 0, G_OPTION_ARG_NONE, &o.verify,
      N_("Compare the CRC-32 of what was read"), NULL },
    { "fsync", 0, 0, G_OPTION_ARG_NONE, &o.fsync, N_("fsync the test files when making them"),
      NULL },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &o.seed,
      N_("Seed of the files' content and of the order the strategies run in "
         "(default: a new one each run, recorded in the report)"), N_("N") },
    { "pause", 0, 0, G_OPTION_ARG_STRING, &o.pause, N_("Pause between samples"), N_("MS") },
    { "budget", 0, 0, G_OPTION_ARG_STRING, &o.budget,
      N_("Seconds the whole run may take; the time the survey leaves decides the answer's "
         "pairs (quick: 60, big-files: 900; 0: no decision phase)"), N_("SECONDS") },
    { "margin", 0, 0, G_OPTION_ARG_STRING, &o.margin,
      N_("Call a pair equivalent when it is within ± this many per cent (1–50, default: 10)"),
      N_("PCT") },
    { "responsiveness", 0, 0, G_OPTION_ARG_STRING, &o.responsiveness,
      N_("Time the main loop's stalls with a 1 ms tick during each read: on (default) or "
         "off"), N_("on|off") },
    { NULL }
  };

  ib_cli_output_init (&output);
  g_option_context_set_summary (context,
                                _("Run a preset or a custom read benchmark. Explicit options "
                                  "override the preset's values."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  ib_cli_output_add_entries (&output, context, IB_CLI_OUTPUT_ALL);

  if (!ib_cli_parse_options (context, &argc, &argv, FALSE))
    code = IB_EXIT_USAGE;
  else if ((plan = plan_from_options (&o)) == NULL)
    code = IB_EXIT_USAGE;
  else
    code = run_and_report (plan, &output);

  run_options_clear (&o);
  ib_cli_output_clear (&output);
  return code;
}

/* ---- sweep ------------------------------------------------------------- */

static IbSweepSpec *
parse_vary (const char *text)
{
  IbSweepSpec *spec = NULL;
  g_autofree char *kind = NULL;
  const char *eq;
  GError *error = NULL;

  eq = text != NULL ? strchr (text, '=') : NULL;
  if (eq == NULL)
    {
      ib_cli_printerr (_("--vary: give KIND=VALUES, e.g. count=1,2,10,100 (KIND is count, size "
                         "or in-flight)"));
      return NULL;
    }
  kind = g_strndup (text, eq - text);
  spec = ib_sweep_spec_new ();
  if (!ib_vary_kind_from_string (kind, &spec->vary))
    {
      ib_cli_printerr (_("--vary: “%s” is not count, size or in-flight"), kind);
      ib_sweep_spec_free (spec);
      return NULL;
    }

  g_array_unref (spec->values);
  if (spec->vary == IB_VARY_SIZE)
    spec->values = ib_parse_size_list ("--vary size", eq + 1, 1, IB_MAX_FILE_SIZE, &error);
  else
    {
      g_auto(GStrv) parts = g_strsplit (eq + 1, ",", -1);
      guint64 max = spec->vary == IB_VARY_COUNT ? IB_MAX_FILES : IB_MAX_IN_FLIGHT;
      const char *field = spec->vary == IB_VARY_COUNT ? "--vary count" : "--vary in-flight";

      spec->values = g_array_new (FALSE, FALSE, sizeof (guint64));
      for (guint i = 0; parts[i] != NULL && error == NULL; i++)
        {
          guint64 v;

          if (ib_parse_uint (field, parts[i], 1, max, &v, &error))
            g_array_append_val (spec->values, v);
        }
    }
  if (error != NULL)
    {
      usage (error);
      ib_sweep_spec_free (spec);
      return NULL;
    }
  return spec;
}

typedef struct
{
  char *vary;
  char *strategies;
  char *size;
  char *count;
  char *repeat;
  char *warmup;
  char *dir;
  char *content;
  char *cache;
  char *seed;
  char *in_flight;
} SweepOptions;

static void
sweep_options_clear (SweepOptions *o)
{
  g_free (o->vary);
  g_free (o->strategies);
  g_free (o->size);
  g_free (o->count);
  g_free (o->repeat);
  g_free (o->warmup);
  g_free (o->dir);
  g_free (o->content);
  g_free (o->cache);
  g_free (o->seed);
  g_free (o->in_flight);
}

/* --strategies (two at least), or the two of the Node.js promises-vs-sync
 * experiment. */
static gboolean
sweep_strategies (const SweepOptions *o,
                  IbSweepSpec        *spec)
{
  GError *error = NULL;

  if (o->strategies != NULL)
    {
      GPtrArray *ids = ib_parse_strategy_list ("--strategies", o->strategies, &error);

      if (ids == NULL)
        return usage (error);
      g_ptr_array_unref (spec->strategies);
      spec->strategies = ids;
    }
  else
    {
      g_ptr_array_add (spec->strategies, g_strdup ("sync-load-contents"));
      g_ptr_array_add (spec->strategies, g_strdup ("async-load-contents-parallel"));
    }
  if (spec->strategies->len < 2)
    {
      ib_cli_printerr (_("--strategies: name at least two strategies to compare"));
      return FALSE;
    }
  return TRUE;
}

/* Every option but --vary and --dir onto @plan and its sweep. */
static gboolean
sweep_apply (const SweepOptions *o,
             IbPlan             *plan)
{
  IbSweepSpec *spec = plan->sweep;
  GError *error = NULL;
  int e;

  if (!sweep_strategies (o, spec))
    return FALSE;
  if (o->size != NULL &&
      !ib_parse_size ("--size", o->size, 1, IB_MAX_FILE_SIZE, &spec->base_size, &error))
    return usage (error);
  if (!parse_uint_opt ("--count", o->count, 1, IB_MAX_FILES, &spec->base_count) ||
      !parse_uint_opt ("--repeat", o->repeat, 1, IB_MAX_REPEAT, &plan->repeat) ||
      !parse_uint_opt ("--warmup", o->warmup, 0, IB_MAX_WARMUP, &plan->warmup) ||
      !parse_uint_opt ("--in-flight", o->in_flight, 1, IB_MAX_IN_FLIGHT, &plan->in_flight))
    return FALSE;
  e = spec->content;
  if (!parse_enum_opt ("--content", o->content, "random, base64, digits, letters",
                       content_from_string, &e))
    return FALSE;
  spec->content = e;
  e = plan->cache;
  if (!parse_enum_opt ("--cache", o->cache, "warm, cold, as-is", cache_from_string, &e))
    return FALSE;
  plan->cache = e;
  if (o->seed != NULL && !ib_parse_uint ("--seed", o->seed, 0, G_MAXUINT64, &plan->seed, &error))
    return usage (error);
  if (o->seed != NULL)
    plan->seed_drawn = FALSE;
  return TRUE;
}

/* The sweep's plan from the options; prints the message and returns NULL
 * on bad input. */
static IbPlan *
sweep_plan (const SweepOptions *o)
{
  g_autoptr(IbPlan) plan = NULL;
  IbSweepSpec *spec;

  if (o->vary == NULL)
    {
      ib_cli_printerr (_("--vary is required, e.g. --vary count=1,2,10,100"));
      return NULL;
    }
  if (!check_dir ("--dir", o->dir))
    return NULL;
  spec = parse_vary (o->vary);
  if (spec == NULL)
    return NULL;

  plan = ib_plan_new ();
  plan->sweep = spec;
  if (o->dir != NULL)
    plan->dir = g_strdup (o->dir);
  else
    {
      plan->dir = ib_presets_default_dir ();
      g_mkdir_with_parents (plan->dir, 0700);
    }
  if (spec->vary == IB_VARY_IN_FLIGHT)
    spec->base_count = 100;
  if (!sweep_apply (o, plan))
    return NULL;
  return g_steal_pointer (&plan);
}

int
ib_cli_sweep (int    argc,
              char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(IbPlan) plan = NULL;
  SweepOptions o = { NULL };
  IbCliOutput output;
  int code = IB_EXIT_USAGE;
  const GOptionEntry entries[] = {
    { "vary", 0, 0, G_OPTION_ARG_STRING, &o.vary,
      N_("What to vary: count=1,2,10,100,1000, size=4K,64K,1M or in-flight=1,4,16"),
      N_("KIND=VALUES") },
    { "strategies", 0, 0, G_OPTION_ARG_STRING, &o.strategies,
      N_("Two or more strategies to compare (default: sync-load-contents,"
         "async-load-contents-parallel)"), N_("A,B") },
    { "size", 0, 0, G_OPTION_ARG_STRING, &o.size,
      N_("File size when not varying size (default: 2,732 bytes, as the Node.js "
         "promises-vs-sync experiment)"), N_("SIZE") },
    { "count", 0, 0, G_OPTION_ARG_STRING, &o.count,
      N_("Files when not varying count (default: 1; 100 when varying in-flight)"), N_("N") },
    { "content", 0, 0, G_OPTION_ARG_STRING, &o.content,
      N_("File content: random, base64 (default), digits or letters"), N_("KIND") },
    { "repeat", 0, 0, G_OPTION_ARG_STRING, &o.repeat, N_("Measured rounds per value (default 5)"),
      N_("N") },
    { "warmup", 0, 0, G_OPTION_ARG_STRING, &o.warmup, N_("Warm-up rounds per value (default 1)"),
      N_("N") },
    { "cache", 0, 0, G_OPTION_ARG_STRING, &o.cache, N_("Page cache: warm, cold or as-is"),
      N_("MODE") },
    { "in-flight", 0, 0, G_OPTION_ARG_STRING, &o.in_flight,
      N_("Most files open at once when not varying in-flight"), N_("N") },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &o.seed,
      N_("Seed of the files' content and of the order the strategies run in "
         "(default: a new one each run, recorded in the report)"), N_("N") },
    { "dir", 0, 0, G_OPTION_ARG_FILENAME, &o.dir,
      N_("Make the test folders inside DIR (default: the user cache folder)"), N_("DIR") },
    { NULL }
  };

  ib_cli_output_init (&output);
  g_option_context_set_summary (context,
                                _("Vary file count, size or files in flight for two or more "
                                  "strategies and find where their order flips."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  ib_cli_output_add_entries (&output, context, IB_CLI_OUTPUT_ALL);

  if (ib_cli_parse_options (context, &argc, &argv, FALSE) && (plan = sweep_plan (&o)) != NULL)
    code = run_and_report (plan, &output);
  sweep_options_clear (&o);
  ib_cli_output_clear (&output);
  return code;
}
