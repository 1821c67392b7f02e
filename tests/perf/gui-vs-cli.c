/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gui-vs-cli.c: does the window measure what the CLI measures? One small plan of big-file reads is set in the real window (in
 * its settings, as a user's last plan) and read back from the plan page;
 * iobench-cli runs exactly that plan (--json), then the window runs it
 * (the window's "win.run" action, as gui-stall presses Run), in turns:
 * --blocks times CLI then window, so that a change of the machine's load
 * falls on both sides. The samples of all blocks are pooled per side; for
 * each strategy: the ratio GUI median / CLI median and its interval from the
 * project's own ratio code (ib_report_ratio: Hodges-Lehmann / Mann-Whitney
 * on the valid, non-warm-up wall times), and whether it contains 1. Run
 * under Xvfb:
 *
 *   xvfb-run -a gui-vs-cli [--dir DIR] [--count N] [--size SIZE]
 *                          [--strategies ID,...] [--repeat N] [--blocks N]
 *                          [--json FILE]
 *
 * Ratios are printed, never asserted: the exit status is 1 only when
 * something failed (the CLI, the window's run, a missing report or a
 * strategy with no valid sample on a side), 2 on bad options.
 */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <math.h>

#include "engine/model/ib-format.h"
#include "engine/stats/ib-stats.h"
#include "engine/io/ib-strategy.h"
#include "report/ib-report-io.h"
#include "analysis/ib-labels.h"
#include "ib-application.h"
#include "ib-window.h"

#define TIMEOUT_S 600
#define DEFAULT_STRATEGIES \
  "sync-read-all,async-read-all-serial,async-read-all-parallel,thread-pool-parallel,mmap"

typedef struct
{
  GApplication *app;
  IbWindow     *window;
  IbPlan       *plan;        /* what the window will run, from its plan page */
  char         *cli_json;
  IbReport     *cli;         /* the samples of every block, pooled */
  IbReport     *gui;
  guint         blocks;
  guint         block;       /* blocks done */
  char         *error;
  guint         timeout_id;
  gint64        cli_ns;
  gint64        gui_ns;
  gint64        started;
} Bench;

static void
fail (Bench      *b,
      const char *fmt,
      ...) G_GNUC_PRINTF (2, 3);

static void
fail (Bench      *b,
      const char *fmt,
      ...)
{
  va_list args;

  if (b->error == NULL)
    {
      va_start (args, fmt);
      b->error = g_strdup_vprintf (fmt, args);
      va_end (args);
    }
  g_application_quit (b->app);
}

/* The CLI options that give exactly @plan's read benchmark. */
static GPtrArray *
cli_argv (const IbPlan *plan,
          const char   *json)
{
  GPtrArray *argv = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) files = g_string_new (NULL);
  g_autoptr(GString) ids = g_string_new (NULL);
  const char *cli = g_getenv ("IOBENCH_CLI");

  for (guint i = 0; i < plan->file_sizes->len; i++)
    g_string_append_printf (files, "%s%" G_GUINT64_FORMAT, i > 0 ? "," : "",
                            g_array_index (plan->file_sizes, guint64, i));
  for (guint i = 0; i < plan->strategies->len; i++)
    g_string_append_printf (ids, "%s%s", i > 0 ? "," : "",
                            (const char *) g_ptr_array_index (plan->strategies, i));

  g_ptr_array_add (argv, g_strdup (cli != NULL && cli[0] != '\0' ? cli : "iobench-cli"));
  g_ptr_array_add (argv, g_strdup ("run"));
  g_ptr_array_add (argv, g_strdup_printf ("--dir=%s", plan->dir));
  g_ptr_array_add (argv, g_strdup_printf ("--files=%s", files->str));
  g_ptr_array_add (argv, g_strdup_printf ("--strategies=%s", ids->str));
  g_ptr_array_add (argv, g_strdup_printf ("--content=%s",
                                          ib_content_kind_to_string (plan->content)));
  g_ptr_array_add (argv, g_strdup_printf ("--repeat=%u", plan->repeat));
  g_ptr_array_add (argv, g_strdup_printf ("--warmup=%u", plan->warmup));
  g_ptr_array_add (argv, g_strdup_printf ("--cache=%s", ib_cache_mode_to_string (plan->cache)));
  g_ptr_array_add (argv, g_strdup_printf ("--buffer=%s",
                                          ib_buffer_policy_to_string (plan->buffer)));
  if (plan->chunk > 0)
    g_ptr_array_add (argv, g_strdup_printf ("--chunk=%" G_GUINT64_FORMAT, plan->chunk));
  if (plan->workers > 0)
    g_ptr_array_add (argv, g_strdup_printf ("--workers=%u", plan->workers));
  if (plan->in_flight > 0)
    g_ptr_array_add (argv, g_strdup_printf ("--in-flight=%u", plan->in_flight));
  if (plan->queue_depth > 0)
    g_ptr_array_add (argv, g_strdup_printf ("--queue-depth=%u", plan->queue_depth));
  if (plan->direct)
    g_ptr_array_add (argv, g_strdup ("--direct"));
  if (plan->verify)
    g_ptr_array_add (argv, g_strdup ("--verify"));
  if (plan->fsync)
    g_ptr_array_add (argv, g_strdup ("--fsync"));
  g_ptr_array_add (argv, g_strdup_printf ("--seed=%" G_GUINT64_FORMAT, plan->seed));
  g_ptr_array_add (argv, g_strdup_printf ("--pause=%u", plan->pause_ms));
  g_ptr_array_add (argv, g_strdup_printf ("--responsiveness=%s",
                                          plan->responsiveness ? "on" : "off"));
  g_ptr_array_add (argv, g_strdup_printf ("--json=%s", json));
  g_ptr_array_add (argv, g_strdup ("--quiet"));
  g_ptr_array_add (argv, NULL);
  return argv;
}

/* Adds the samples of one block's report to the pooled report @into. */
static void
pool (IbReport       *into,
      const IbReport *from)
{
  for (guint i = 0; i < from->samples->len; i++)
    {
      IbSample copy = { 0 };

      ib_sample_copy_into (&copy, &g_array_index (from->samples, IbSample, i));
      g_array_append_val (into->samples, copy);
    }
}

static void start_cli (Bench *b);

static void
on_finished (IbRunController *controller,
             IbReport        *report,
             GError          *error,
             gpointer         data)
{
  Bench *b = data;

  b->gui_ns += g_get_monotonic_time () * 1000 - b->started;
  if (error != NULL)
    {
      fail (b, "the window's run failed: %s", error->message);
      return;
    }
  if (report == NULL)
    {
      fail (b, "the window's run finished without a report");
      return;
    }
  pool (b->gui, report);
  b->block++;
  if (b->block < b->blocks)
    start_cli (b);
  else
    g_application_quit (b->app);
}

static void
press_run (Bench *b)
{
  IbRunController *controller = ib_window_get_controller (b->window);

  b->started = g_get_monotonic_time () * 1000;
  g_action_group_activate_action (G_ACTION_GROUP (b->window), "run", NULL);
  if (!ib_run_controller_get_running (controller))
    {
      IbPlanPage *page = ib_window_get_plan_page (b->window);

      fail (b, "pressing Run did not start a run (%s)",
            ib_plan_page_get_error (page) != NULL ? ib_plan_page_get_error (page)
                                                  : "no error shown");
    }
}

static void
on_cli_done (GObject      *source,
             GAsyncResult *result,
             gpointer      data)
{
  Bench *b = data;
  GSubprocess *proc = G_SUBPROCESS (source);
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(IbReport) report = NULL;

  b->cli_ns += g_get_monotonic_time () * 1000 - b->started;
  if (!g_subprocess_communicate_utf8_finish (proc, result, &out, &err, &error))
    {
      fail (b, "iobench-cli: %s", error->message);
      return;
    }
  if (!g_subprocess_get_if_exited (proc) || g_subprocess_get_exit_status (proc) != 0)
    {
      fail (b, "iobench-cli failed (exit status %d): %s",
            g_subprocess_get_if_exited (proc) ? g_subprocess_get_exit_status (proc) : -1,
            err != NULL ? g_strstrip (err) : "");
      return;
    }
  report = ib_report_load_json (b->cli_json, &error);
  if (report == NULL)
    {
      fail (b, "iobench-cli wrote no readable report %s: %s", b->cli_json, error->message);
      return;
    }
  g_unlink (b->cli_json);
  pool (b->cli, report);
  press_run (b);
}

static void
start_cli (Bench *b)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) argv = cli_argv (b->plan, b->cli_json);
  g_autoptr(GSubprocess) proc = NULL;

  b->started = g_get_monotonic_time () * 1000;
  proc = g_subprocess_newv ((const char * const *) argv->pdata,
                            G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE,
                            &error);
  if (proc == NULL)
    {
      fail (b, "cannot start %s: %s (set IOBENCH_CLI)",
            (const char *) g_ptr_array_index (argv, 0), error->message);
      return;
    }
  /* The window stays idle (no run) while the CLI measures. */
  g_subprocess_communicate_utf8_async (proc, NULL, NULL, on_cli_done, b);
}

static gboolean
start_bench (gpointer data)
{
  Bench *b = data;
  IbPlanPage *page = ib_window_get_plan_page (b->window);
  g_autoptr(GError) error = NULL;

  b->plan = ib_plan_page_build_plan (page, &error);
  if (b->plan == NULL)
    {
      fail (b, "the window's plan is not valid: %s", error->message);
      return G_SOURCE_REMOVE;
    }
  if (b->plan->sweep != NULL || b->plan->overhead != NULL || b->plan->write_unlink != NULL)
    {
      fail (b, "the window's plan has workloads other than reads; it must be reads only");
      return G_SOURCE_REMOVE;
    }
  ib_plan_free (b->cli->plan);
  b->cli->plan = ib_plan_copy (b->plan);
  ib_plan_free (b->gui->plan);
  b->gui->plan = ib_plan_copy (b->plan);
  g_signal_connect (ib_window_get_controller (b->window), "finished",
                    G_CALLBACK (on_finished), b);
  start_cli (b);
  return G_SOURCE_REMOVE;
}

static gboolean
on_timeout (gpointer data)
{
  Bench *b = data;

  b->timeout_id = 0;
  fail (b, "the benchmark did not finish within %d s", TIMEOUT_S);
  return G_SOURCE_REMOVE;
}

static void
on_activate (GApplication *app,
             gpointer      data)
{
  Bench *b = data;
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));

  if (b->window != NULL)
    return;
  if (window == NULL || !IB_IS_WINDOW (window))
    {
      fail (b, "the application opened no IbWindow");
      return;
    }
  b->window = IB_WINDOW (window);
  b->timeout_id = g_timeout_add_seconds (TIMEOUT_S, on_timeout, b);
  /* Let the window map and settle first. */
  g_timeout_add (500, start_bench, b);
}

/* The plan as a user's last custom plan: the window reads it from its
 * settings at start, like any field the user typed. */
static gboolean
write_settings (const char          *dir,
                const char          *count,
                const char          *size,
                const char * const  *strategies,
                guint                repeat,
                guint                warmup,
                char               **error)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GSettings) settings = NULL;

  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, APP_ID, TRUE);
  if (schema == NULL)
    {
      *error = g_strdup ("the GSettings schema " APP_ID " is not installed or compiled; "
                         "set GSETTINGS_SCHEMA_DIR to the build's data folder");
      return FALSE;
    }
  settings = g_settings_new (APP_ID);
  g_settings_set_string (settings, "preset", "");
  /* Reads only: no other workload of a preset is kept. */
  g_settings_set_string (settings, "base-preset", "big-files");
  g_settings_set_string (settings, "dir", dir);
  g_settings_set_string (settings, "files-mode", "count");
  g_settings_set_string (settings, "file-count", count);
  g_settings_set_string (settings, "file-size", size);
  g_settings_set_string (settings, "content", "random");
  g_settings_set_strv (settings, "strategies", strategies);
  g_settings_set_uint (settings, "repeat", repeat);
  g_settings_set_uint (settings, "warmup", warmup);
  g_settings_set_string (settings, "cache", "warm");
  g_settings_set_uint (settings, "pause-ms", 0);
  g_settings_sync ();
  return TRUE;
}

/* The valid, non-warm-up samples of @id in @r. */
static guint
count_valid (const IbReport *r,
             const char     *id)
{
  for (guint i = 0; i < r->statistics->len; i++)
    {
      const IbStats *s = &g_array_index (r->statistics, IbStats, i);

      if (g_strcmp0 (s->strategy, id) == 0)
        return s->n;
    }
  return 0;
}

static double
median_of (const IbReport *r,
           const char     *id)
{
  for (guint i = 0; i < r->statistics->len; i++)
    {
      const IbStats *s = &g_array_index (r->statistics, IbStats, i);

      if (g_strcmp0 (s->strategy, id) == 0)
        return s->median_ns;
    }
  return 0;
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *dir = g_strdup ("/var/tmp");
  g_autofree char *count = g_strdup ("4");
  g_autofree char *size = g_strdup ("32M");
  g_autofree char *strategies = g_strdup (DEFAULT_STRATEGIES);
  g_autofree char *json_path = NULL;
  g_autofree char *tmp = NULL;
  g_autofree char *settings_error = NULL;
  g_auto(GStrv) ids = NULL;
  int repeat = 5, warmup = 1, blocks = 3;
  GOptionEntry entries[] = {
    { "dir", 0, 0, G_OPTION_ARG_FILENAME, &dir, "Folder for the test files", "DIR" },
    { "count", 0, 0, G_OPTION_ARG_STRING, &count, "Number of files (default 4)", "N" },
    { "size", 0, 0, G_OPTION_ARG_STRING, &size, "Size of each file (default 32M)", "SIZE" },
    { "strategies", 0, 0, G_OPTION_ARG_STRING, &strategies,
      "Strategies (default " DEFAULT_STRATEGIES ")", "ID,…" },
    { "repeat", 0, 0, G_OPTION_ARG_INT, &repeat, "Measured rounds per block (default 5)", "N" },
    { "blocks", 0, 0, G_OPTION_ARG_INT, &blocks,
      "Blocks of CLI run then window run, in turns (default 3)", "N" },
    { "warmup", 0, 0, G_OPTION_ARG_INT, &warmup, "Warm-up rounds (default 1)", "N" },
    { "json", 0, 0, G_OPTION_ARG_FILENAME, &json_path, "Write the ratios as JSON", "FILE" },
    { NULL }
  };
  g_autoptr(GOptionContext) octx = g_option_context_new ("");
  g_autoptr(GError) error = NULL;
  g_autoptr(IbApplication) app = NULL;
  g_autoptr(JsonBuilder) jb = json_builder_new ();
  char *app_argv[] = { argv[0], NULL };
  Bench b = { 0 };
  guint n_same = 0, n_compared = 0;
  gboolean missing = FALSE;

  g_option_context_add_main_entries (octx, entries, NULL);
  g_option_context_set_summary (octx,
    "The same plan of big-file reads in the window and by iobench-cli: GUI / CLI "
    "median ratio per strategy, with its interval.");
  if (!g_option_context_parse (octx, &argc, &argv, &error))
    {
      g_printerr ("gui-vs-cli: %s\n", error->message);
      return 2;
    }
  if (repeat < 1 || repeat > 1000 || warmup < 0 || warmup > 100 || blocks < 1 ||
      blocks > 100 || repeat * blocks < IB_VERDICT_MIN_SAMPLES)
    {
      g_printerr ("gui-vs-cli: --repeat must be 1..1000, --blocks 1..100, --warmup 0..100, "
                  "and --repeat x --blocks at least %u (a ratio needs %u valid samples "
                  "a side)\n", IB_VERDICT_MIN_SAMPLES, IB_VERDICT_MIN_SAMPLES);
      return 2;
    }
  ids = g_strsplit (strategies, ",", -1);
  for (guint i = 0; ids[i] != NULL; i++)
    if (ib_strategy_lookup (ids[i]) == NULL)
      {
        g_printerr ("gui-vs-cli: unknown strategy “%s” (see iobench-cli list)\n", ids[i]);
        return 2;
      }
  if (!g_file_test (dir, G_FILE_TEST_IS_DIR))
    {
      g_printerr ("gui-vs-cli: --dir %s is not a folder\n", dir);
      return 2;
    }

  /* A separate instance, settings in memory: the user's are never touched. */
  g_setenv ("IOBENCH_NON_UNIQUE", "1", TRUE);
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  if (!write_settings (dir, count, size, (const char * const *) ids, (guint) repeat,
                       (guint) warmup, &settings_error))
    {
      g_printerr ("gui-vs-cli: %s\n", settings_error);
      return 1;
    }
  tmp = g_dir_make_tmp ("iobench-gui-vs-cli-XXXXXX", &error);
  if (tmp == NULL)
    {
      g_printerr ("gui-vs-cli: %s\n", error->message);
      return 1;
    }
  b.cli_json = g_build_filename (tmp, "cli.json", NULL);
  b.blocks = (guint) blocks;
  b.cli = ib_report_new ();
  b.gui = ib_report_new ();

  app = ib_application_new ();
  b.app = G_APPLICATION (app);
  g_signal_connect_after (app, "activate", G_CALLBACK (on_activate), &b);
  g_application_run (G_APPLICATION (app), 1, app_argv);
  g_clear_handle_id (&b.timeout_id, g_source_remove);
  g_unlink (b.cli_json);
  g_rmdir (tmp);

  if (b.error == NULL && b.block < b.blocks)
    b.error = g_strdup ("the application quit before every run finished");
  if (b.error != NULL)
    {
      g_printerr ("gui-vs-cli: %s\n", b.error);
      return 1;
    }

  ib_report_compute_statistics (b.cli);
  ib_report_compute_statistics (b.gui);
  g_print ("same plan in the window and by iobench-cli: %u x %s files in %s, %s cache, "
           "%u blocks of CLI then window, each %u measured rounds + %u warm-up; "
           "CLI %.1f s, window %.1f s\n",
           b.plan->file_sizes->len, size, b.plan->dir,
           ib_cache_mode_to_string (b.plan->cache), b.blocks, b.plan->repeat,
           b.plan->warmup, b.cli_ns / 1e9, b.gui_ns / 1e9);
  g_print ("ratio = GUI median / CLI median; interval: Hodges-Lehmann / Mann-Whitney "
           "(ib_report_ratio), its coverage in brackets\n\n");
  g_print ("%-26s %11s %11s %7s %7s %23s %s\n", "strategy", "CLI median", "GUI median",
           "n CLI", "n GUI", "GUI / CLI (interval)", "contains 1");

  json_builder_begin_object (jb);
  json_builder_set_member_name (jb, "strategies");
  json_builder_begin_array (jb);
  for (guint i = 0; i < b.plan->strategies->len; i++)
    {
      const char *id = g_ptr_array_index (b.plan->strategies, i);
      guint n_cli = count_valid (b.cli, id), n_gui = count_valid (b.gui, id);
      g_autofree char *m_cli = ib_format_duration (median_of (b.cli, id));
      g_autofree char *m_gui = ib_format_duration (median_of (b.gui, id));
      g_autofree char *ratio_text = NULL;
      IbRatio ratio = { 0 };
      gboolean same;

      if (n_cli == 0 || n_gui == 0)
        {
          g_print ("%-26s no valid sample: CLI %u, window %u\n", id, n_cli, n_gui);
          missing = TRUE;
          continue;
        }
      /* a = CLI, b = GUI: ratio = median(GUI) / median(CLI). */
      ib_report_ratio (b.cli, id, b.gui, id, &ratio);
      same = ratio.ci_low <= 1.0 && ratio.ci_high >= 1.0;
      n_compared++;
      n_same += same;
      ratio_text = g_strdup_printf ("%.3f (%.3f-%.3f, %.0f %%)", ratio.ratio, ratio.ci_low,
                                    ratio.ci_high, ratio.ci_level * 100);
      g_print ("%-26s %11s %11s %7u %7u %23s %s\n", id, m_cli, m_gui, n_cli, n_gui,
               ratio_text, ratio.verdict == IB_RATIO_TOO_FEW ? "too few samples"
                                                             : same ? "yes" : "no");
      json_builder_begin_object (jb);
      json_builder_set_member_name (jb, "strategy");
      json_builder_add_string_value (jb, id);
      json_builder_set_member_name (jb, "cli_median_ns");
      json_builder_add_double_value (jb, median_of (b.cli, id));
      json_builder_set_member_name (jb, "gui_median_ns");
      json_builder_add_double_value (jb, median_of (b.gui, id));
      json_builder_set_member_name (jb, "n_cli");
      json_builder_add_int_value (jb, n_cli);
      json_builder_set_member_name (jb, "n_gui");
      json_builder_add_int_value (jb, n_gui);
      json_builder_set_member_name (jb, "ratio");
      json_builder_add_double_value (jb, ratio.ratio);
      json_builder_set_member_name (jb, "ci_low");
      json_builder_add_double_value (jb, ratio.ci_low);
      json_builder_set_member_name (jb, "ci_high");
      json_builder_add_double_value (jb, ratio.ci_high);
      json_builder_set_member_name (jb, "ci_level");
      json_builder_add_double_value (jb, ratio.ci_level);
      json_builder_set_member_name (jb, "contains_1");
      json_builder_add_boolean_value (jb, same);
      json_builder_end_object (jb);
    }
  json_builder_end_array (jb);
  json_builder_end_object (jb);
  g_print ("\n%u of %u intervals contain 1 (no difference the samples can show); "
           "figures, not a test: each interval covers the true ratio with its stated "
           "coverage, so about 1 in 20 excludes 1 by chance\n", n_same, n_compared);

  if (json_path != NULL)
    {
      g_autoptr(JsonGenerator) gen = json_generator_new ();
      g_autoptr(JsonNode) root = json_builder_get_root (jb);

      json_generator_set_root (gen, root);
      json_generator_set_pretty (gen, TRUE);
      if (!json_generator_to_file (gen, json_path, &error))
        {
          g_printerr ("gui-vs-cli: cannot write %s: %s\n", json_path, error->message);
          return 1;
        }
    }
  ib_plan_free (b.plan);
  g_free (b.cli_json);
  g_clear_pointer (&b.cli, ib_report_unref);
  g_clear_pointer (&b.gui, ib_report_unref);
  if (missing)
    {
      g_printerr ("gui-vs-cli: a strategy has no valid sample on a side (see above)\n");
      return 1;
    }
  return 0;
}
