/* SPDX-License-Identifier: GPL-3.0-or-later */
/* iobench-cli list / run / sweep end to end (IOBENCH_CLI): output, JSON,
 * exit codes, messages for bad input, signals, and that nothing is left in
 * the target folder. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include "ib-test-common.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <signal.h>

#include "engine/io/ib-strategy.h"

static const char *cli;

typedef struct
{
  char *root;        /* fresh temporary folder, removed at the end */
  char *target;      /* root/target: the --dir of the runs */
  char *cache;       /* root/cache: XDG_CACHE_HOME of the child */
} Fixture;

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  f->root = ib_test_make_tmpdir ("iobench-test-cli-XXXXXX");
  f->target = g_build_filename (f->root, "target", NULL);
  f->cache = g_build_filename (f->root, "cache", NULL);
  g_assert_cmpint (g_mkdir (f->target, 0700), ==, 0);
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  g_assert_true (ib_test_remove_tree (f->root));
  g_free (f->root);
  g_free (f->target);
  g_free (f->cache);
}

/* Fails when @dir holds anything. */
static void
assert_empty (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    g_error ("left behind in %s: %s", dir, name);
}

static GSubprocess *
spawn (Fixture     *f,
       const char **args)
{
  return ib_test_spawn_cli (args, f->cache);
}

static int
exit_code (GSubprocess *proc)
{
  g_assert_true (g_subprocess_get_if_exited (proc));
  return g_subprocess_get_exit_status (proc);
}

/* Runs to the end; returns the exit code, stdout and stderr. */
static int
run_cli (Fixture      *f,
         const char  **args,
         char        **out,
         char        **err)
{
  int code = ib_test_run_cli (args, f->cache, out, err);

  g_assert_cmpint (code, >=, 0);
  return code;
}

static void
test_list (Fixture       *f,
           gconstpointer  data)
{
  static const char *ids[] = {
    "sync-load-contents", "sync-read-all", "sync-stream", "async-load-contents-parallel",
    "async-load-contents-serial", "async-stream-serial", "async-stream-parallel",
    "async-read-all-serial", "async-read-all-parallel", "gtask-thread-parallel",
    "thread-pool-parallel", "mmap", "overhead", "write-unlink", "sweep", "quick", "big-files",
    "small-files", "dispatch-overhead", "write-delete",
  };
  const char *args[] = { "list", NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_auto(GStrv) lines = NULL;

  g_assert_cmpint (run_cli (f, args, &out, &err), ==, 0);
  g_assert_cmpstr (err, ==, "");
  lines = g_strsplit (out, "\n", -1);
  /* each id starts exactly one line, followed by a description; a strategy
   * also one line of the table of timed spans */
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      guint expected = ib_strategy_lookup (ids[i]) != NULL ? 2 : 1;
      guint found = 0;

      for (guint j = 0; lines[j] != NULL; j++)
        if (g_str_has_prefix (lines[j], ids[i]) && lines[j][strlen (ids[i])] == ' ' &&
            strlen (lines[j]) > strlen (ids[i]) + 10)
          found++;
      if (found != expected)
        g_error ("“%s” starts %u lines of `list`, expected %u:\n%s", ids[i], found, expected,
                 out);
    }
  g_assert_nonnull (strstr (out, "What each sample times"));
  g_assert_nonnull (strstr (out, "worker threads started before the clock"));
  g_assert_nonnull (strstr (out, "quick (default)"));
  g_assert_cmpint (run_cli (f, (const char *[]) { "list", "extra", NULL }, NULL, NULL), ==, 2);
}

static JsonObject *
load_json (const char *path,
           JsonParser *parser)
{
  g_autoptr(GError) error = NULL;
  JsonNode *root;

  json_parser_load_from_file (parser, path, &error);
  g_assert_no_error (error);
  root = json_parser_get_root (parser);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (root));
  return json_node_get_object (root);
}

static void
test_run_json (Fixture       *f,
               gconstpointer  data)
{
  g_autofree char *json = g_build_filename (f->root, "report.json", NULL);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  const char *args[] = {
    "run", "--dir", f->target, "--count", "2", "--size", "100K",
    "--strategies", "sync-load-contents,mmap,async-read-all-parallel",
    "--repeat", "2", "--warmup", "1", "--verify", "--json", json, "--quiet", NULL
  };
  JsonObject *root, *plan;
  JsonArray *samples, *stats;

  g_assert_cmpint (run_cli (f, args, &out, &err), ==, 0);
  /* --quiet, and stderr is not a terminal: nothing on stderr */
  g_assert_cmpstr (err, ==, "");
  g_assert_nonnull (strstr (out, "Strategy"));
  /* the tables name strategies by their display names, the JSON by id */
  g_assert_nonnull (strstr (out, "\nAsync single read (parallel) "));
  g_assert_nonnull (strstr (out, "\nMemory map "));
  g_assert_null (strstr (out, "async-read-all-parallel"));
  g_assert_null (strstr (out, "sync-load-contents"));
  /* the findings come grouped, each group under a short heading */
  g_assert_nonnull (strstr (out, "\nFindings\nHow far to trust these numbers:\n  • "));
  g_assert_nonnull (strstr (out, "Longest stall"));
  g_assert_nonnull (strstr (out, "CI of median"));
  /* 2 samples a side: the interval says what it covers, and no verdict:
   * the factors are hints, said once (README, "What quick surveys") */
  g_assert_nonnull (strstr (out, "coverage 50 % at n = 2"));
  g_assert_nonnull (strstr (out, "x (hint)"));
  g_assert_nonnull (strstr (out, "“(hint)” marks a factor from fewer than 5 samples"));
  g_assert_nonnull (strstr (out, "The survey measured each strategy 2 times (a verdict needs 5 a "
                                 "side)"));
  g_assert_null (strstr (out, "too few samples"));
  g_assert_null (strstr (out, "x faster"));

  root = load_json (json, parser);
  g_assert_cmpstr (json_object_get_string_member (root, "schema"), ==, "iobench-report");
  g_assert_cmpint (json_object_get_int_member (root, "version"), ==, 2);
  g_assert_false (json_object_get_boolean_member (root, "partial"));
  plan = json_object_get_object_member (root, "plan");
  g_assert_cmpint (json_object_get_int_member (plan, "repeat"), ==, 2);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (plan, "files")), ==, 2);
  /* 3 strategies x (1 warm-up + 2 measured) */
  samples = json_object_get_array_member (root, "samples");
  g_assert_cmpuint (json_array_get_length (samples), ==, 9);
  for (guint i = 0; i < 9; i++)
    {
      JsonObject *s = json_array_get_object_element (samples, i);

      g_assert_true (json_object_get_boolean_member (s, "ok"));
      g_assert_cmpint (json_object_get_int_member (s, "bytes"), ==, 200 * 1024);
      /* the main-loop tick ran (on by default) */
      g_assert_cmpint (json_object_get_int_member (s, "stall_ns"), >=, 0);
      g_assert_true (json_object_has_member (s, "frames_missed_60"));
    }
  stats = json_object_get_array_member (root, "statistics");
  g_assert_cmpuint (json_array_get_length (stats), ==, 3);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (stats, 0),
                                               "n_responsive"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (stats, 0), "n"),
                   ==, 2);

  assert_empty (f->target);
}

/* --budget: a budget gives the run a decision phase, whose pairs the JSON
 * keeps; --budget 0 opts out of it (quick has 60 s; explicit options
 * override the preset's). */
static gboolean
has_decision (JsonObject *root)
{
  return json_object_has_member (root, "decision") &&
         !json_object_get_null_member (root, "decision");
}

static void
test_run_budget (Fixture       *f,
                 gconstpointer  data)
{
  g_autofree char *json = g_build_filename (f->root, "budget.json", NULL);
  const char *budgets[] = { "4", "0" };

  for (guint i = 0; i < G_N_ELEMENTS (budgets); i++)
    {
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;
      g_autoptr(JsonParser) parser = json_parser_new ();
      const char *args[] = {
        "run", "--dir", f->target, "--count", "2", "--size", "64K",
        "--strategies", "sync-read-all,async-read-all-serial", "--repeat", "2", "--warmup", "0",
        "--budget", budgets[i], "--json", json, "--quiet", NULL
      };
      JsonObject *root, *plan;

      g_assert_cmpint (run_cli (f, args, &out, &err), ==, 0);
      root = load_json (json, parser);
      plan = json_object_get_object_member (root, "plan");
      g_assert_cmpint (json_object_get_int_member (plan, "budget_s"), ==,
                       g_ascii_strtoll (budgets[i], NULL, 10));
      if (i == 0)
        {
          JsonObject *decision;

          g_assert_true (has_decision (root));
          decision = json_object_get_object_member (root, "decision");
          g_assert_cmpuint (json_array_get_length (json_object_get_array_member (decision,
                                                                                 "lines")),
                            ==, 1);
        }
      else
        g_assert_false (has_decision (root));
      assert_empty (f->target);
    }
}

/* The lines of @root's answer decided by "pairs" (the decision phase) or by
 * "survey" (@by); the other lines fail the test. For a line decided by
 * pairs, each side's count is the decision line's pairs, so the verdict
 * cannot rest on a survey sample. */
static guint
answer_lines_by (JsonObject *root,
                 const char *by)
{
  JsonArray *lines = json_object_get_array_member (json_object_get_object_member (root, "answer"),
                                                   "lines");
  guint n = json_array_get_length (lines);

  g_assert_cmpuint (n, >, 0);
  for (guint i = 0; i < n; i++)
    {
      JsonObject *line = json_array_get_object_element (lines, i);

      g_test_message ("%s: %s", json_object_get_string_member (line, "line"),
                      json_object_get_string_member (line, "sentence"));
      g_assert_cmpstr (json_object_get_string_member (line, "decided_by"), ==, by);
      if (g_str_equal (by, "pairs"))
        {
          JsonArray *decided = json_object_get_array_member (
            json_object_get_object_member (root, "decision"), "lines");
          guint pairs = G_MAXUINT;

          for (guint j = 0; j < json_array_get_length (decided); j++)
            {
              JsonObject *d = json_array_get_object_element (decided, j);

              if (g_str_equal (json_object_get_string_member (d, "line"),
                               json_object_get_string_member (line, "line")))
                pairs = json_array_get_length (json_object_get_array_member (d, "pairs"));
            }
          g_assert_cmpuint (json_object_get_int_member (line, "n_a"), ==, pairs);
          g_assert_cmpuint (json_object_get_int_member (line, "n_b"), ==, pairs);
        }
    }
  return n;
}

/* big-files decides its answer in pairs (a budget of its own, 900 s;
 * test-parse.c checks it): here scaled down to two 64 KiB files and 8 s.
 * Every answer line is decided by the decision phase's pairs, decided or
 * not, and the report does not say the answer rests on the survey; with
 * --budget 0 there are no pairs, every line is the survey's, and the report
 * says so. */
static void
test_run_big_files_decides (Fixture       *f,
                            gconstpointer  data)
{
  g_autofree char *json = g_build_filename (f->root, "big.json", NULL);
  const char      *budgets[] = { "8", "0" };
  const char      *no_phase = "this run had no decision phase";

  for (guint i = 0; i < G_N_ELEMENTS (budgets); i++)
    {
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;
      g_autofree char *text = NULL;
      g_autofree char *name = g_strdup_printf ("big-%s.md", budgets[i]);
      g_autofree char *md = g_build_filename (f->root, name, NULL);
      g_autoptr (JsonParser) parser = json_parser_new ();
      /* 5 rounds: what a survey verdict needs a side */
      const char *args[] = {
        "run", "--preset", "big-files", "--dir", f->target, "--count", "2", "--size", "64K",
        "--pause", "0", "--repeat", "5", "--warmup", "0", "--budget", budgets[i],
        "--json", json, "--md", md, "--quiet", NULL
      };
      JsonObject *root, *plan;

      g_assert_cmpint (run_cli (f, args, &out, &err), ==, 0);
      root = load_json (json, parser);
      plan = json_object_get_object_member (root, "plan");
      g_assert_cmpstr (json_object_get_string_member (plan, "preset"), ==, "big-files");
      g_assert_true (g_file_get_contents (md, &text, NULL, NULL));
      if (i == 0)
        {
          g_assert_true (has_decision (root));
          g_assert_cmpuint (answer_lines_by (root, "pairs"), >=, 2);
          g_assert_null (strstr (text, no_phase));
          g_assert_null (strstr (out, no_phase));
        }
      else
        {
          g_assert_false (has_decision (root));
          g_assert_cmpuint (answer_lines_by (root, "survey"), >=, 2);
          g_assert_nonnull (strstr (text, no_phase));
          g_assert_nonnull (strstr (out, no_phase));
        }
      assert_empty (f->target);
    }

  /* --budget 0 opts out of a decision phase; the map has nothing else to
   * fall back on, and refuses it rather than use its default */
  {
    g_autofree char *out = NULL;
    g_autofree char *err = NULL;
    const char *args[] = { "run", "--preset", "map", "--dir", f->target, "--budget", "0", NULL };

    g_assert_cmpint (run_cli (f, args, &out, &err), ==, 2);
    g_assert_nonnull (strstr (err, "--budget"));
    g_assert_nonnull (strstr (err, "no survey to fall back on"));
    g_assert_cmpstr (out, ==, "");
    assert_empty (f->target);
  }
}

/* Without --quiet on a pipe: no progress line (no \r, no escape), then the
 * full path of every file written. */
static void
test_run_says_where (Fixture       *f,
                     gconstpointer  data)
{
  g_autofree char *json = g_build_filename (f->root, "where.json", NULL);
  g_autofree char *md = g_build_filename (f->root, "where.md", NULL);
  g_autofree char *chart = g_build_filename (f->root, "where-charts", "strategies.png", NULL);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  const char *args[] = {
    "run", "--dir", f->target, "--count", "1", "--size", "64K",
    "--strategies", "sync-read-all", "--repeat", "1", "--warmup", "0",
    "--json", json, "--md", md, NULL
  };

  g_assert_cmpint (run_cli (f, args, &out, &err), ==, 0);
  g_assert_null (strchr (err, '\r'));
  g_assert_null (strchr (err, '\033'));
  g_assert_nonnull (strstr (err, "Wrote these files:"));
  g_assert_true (g_path_is_absolute (json));
  g_assert_nonnull (strstr (err, json));
  g_assert_nonnull (strstr (err, md));
  g_assert_true (g_file_test (chart, G_FILE_TEST_EXISTS));
  g_assert_nonnull (strstr (err, chart));
}

/* `--responsiveness off`: no tick, no fields, nothing in the table. */
static void
test_run_responsiveness_off (Fixture       *f,
                             gconstpointer  data)
{
  g_autofree char *json = g_build_filename (f->root, "off.json", NULL);
  g_autofree char *out = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  const char *args[] = {
    "run", "--dir", f->target, "--count", "1", "--size", "64K",
    "--strategies", "sync-read-all,async-read-all-serial", "--repeat", "1", "--warmup", "0",
    "--responsiveness", "off", "--json", json, "--quiet", NULL
  };
  JsonObject *root;
  JsonArray *samples, *stats;

  g_assert_cmpint (run_cli (f, args, &out, NULL), ==, 0);
  root = load_json (json, parser);
  g_assert_false (json_object_get_boolean_member (json_object_get_object_member (root, "plan"),
                                                  "responsiveness"));
  samples = json_object_get_array_member (root, "samples");
  g_assert_cmpuint (json_array_get_length (samples), ==, 2);
  for (guint i = 0; i < 2; i++)
    g_assert_false (json_object_has_member (json_array_get_object_element (samples, i),
                                            "stall_ns"));
  stats = json_object_get_array_member (root, "statistics");
  for (guint i = 0; i < json_array_get_length (stats); i++)
    g_assert_false (json_object_has_member (json_array_get_object_element (stats, i),
                                            "stall_ns"));
  assert_empty (f->target);
}

typedef struct
{
  const char *args[12];
  const char *needle1;
  const char *needle2;
} BadCase;

static void
test_usage_errors (Fixture       *f,
                   gconstpointer  data)
{
  g_autofree char *missing = g_build_filename (f->root, "missing", NULL);
  g_autofree char *file = g_build_filename (f->root, "a-file", NULL);
  g_autofree char *json = g_build_filename (f->root, "never.json", NULL);
  g_autofree char *json_nodir = g_build_filename (f->root, "nodir", "r.json", NULL);
  const char *t = f->target;
  const BadCase cases[] = {
    { { "run", "--dir", missing, "--count", "1", "--size", "4K", NULL },
      "--dir", "does not exist" },
    { { "run", "--dir", file, "--count", "1", "--size", "4K", NULL }, "--dir", "not a folder" },
    { { "run", "--dir", t, "--count", "0", "--size", "4K", NULL }, "--count", "minimum is 1" },
    { { "run", "--dir", t, "--count", "1", "--size", "garbage", NULL }, "--size", "“garbage”" },
    { { "run", "--dir", t, "--count", "1", "--size=-1", NULL }, "--size", "“-1”" },
    { { "run", "--dir", t, "--count", "1", "--size", "12Q", NULL }, "--size", "is not a size" },
    { { "run", "--dir", t, "--count", "1", "--size", "1e30", NULL }, "--size", "K, M or G" },
    { { "run", "--dir", t, "--count", "1", "--size", "128G", NULL }, "--size", "64 GiB" },
    { { "run", "--dir", t, "--strategies", "nope,mmap", NULL }, "--strategies", "“nope”" },
    { { "run", "--dir", t, "--repeat", "0", NULL }, "--repeat", "minimum is 1" },
    { { "run", "--dir", t, "--repeat", "x", NULL }, "--repeat", "“x”" },
    { { "run", "--dir", t, "--cache", "lukewarm", NULL }, "--cache", "warm, cold, as-is" },
    { { "run", "--dir", t, "--responsiveness", "maybe", NULL }, "--responsiveness", "on or off" },
    { { "run", "--dir", t, "--preset", "nope", NULL }, "--preset", "big-files" },
    { { "run", "--dir", t, "--files", "1K,,2K", NULL }, "--files", NULL },
    { { "run", "--dir", t, "--bogus", NULL }, "--bogus", "--help" },
    { { "run", "--dir", t, "--count", "1", "--json", json_nodir, NULL },
      "--json", "does not exist" },
    { { "run", "--dir", t, "--count", "1", "--json", t, NULL }, "--json", "is a folder" },
    { { "sweep", "--dir", t, NULL }, "--vary", NULL },
    { { "sweep", "--dir", t, "--vary", "depth=1,2", NULL }, "--vary", "“depth”" },
    { { "sweep", "--dir", t, "--vary", "count=0,2", NULL }, "--vary count", "minimum" },
    { { "sweep", "--dir", t, "--vary", "size=1K,12Q", NULL }, "--vary size", "“12Q”" },
    { { "sweep", "--dir", t, "--vary", "count=1", "--strategies", "mmap", NULL },
      "--strategies", "two" },
  };

  g_assert_true (g_file_set_contents (file, "not a folder\n", -1, NULL));

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;
      g_autoptr(GPtrArray) args = g_ptr_array_new ();
      int code;

      for (guint j = 0; cases[i].args[j] != NULL; j++)
        g_ptr_array_add (args, (char *) cases[i].args[j]);
      if (!g_str_equal (cases[i].args[0], "sweep") && !g_strv_contains (cases[i].args, "--json"))
        {
          g_ptr_array_add (args, "--json");
          g_ptr_array_add (args, json);
        }
      g_ptr_array_add (args, NULL);

      code = run_cli (f, (const char **) args->pdata, &out, &err);
      if (code != 2 || strstr (err, cases[i].needle1) == NULL ||
          (cases[i].needle2 != NULL && strstr (err, cases[i].needle2) == NULL))
        g_error ("case %u (%s %s): exit %d, stderr “%s”", i, cases[i].args[0],
                 cases[i].args[3] ? cases[i].args[3] : "", code, err);
      /* one message, on one line */
      g_assert_cmpuint (strlen (err), >, 0);
      g_assert_nonnull (strchr (err, '\n'));
      g_assert_cmpstr (strchr (err, '\n') + 1, ==, "");
      g_assert_cmpstr (out, ==, "");
      /* nothing made */
      assert_empty (t);
      g_assert_false (g_file_test (json, G_FILE_TEST_EXISTS));
    }
}

static gboolean
has_fileset (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    if (g_str_has_prefix (name, "iobench-"))
      return TRUE;
  return FALSE;
}

static void
interrupt (Fixture       *f,
           int            signum,
           int            expected)
{
  g_autofree char *json = g_build_filename (f->root, "partial.json", NULL);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GSubprocess) proc = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  const char *args[] = {
    "run", "--dir", f->target, "--count", "4", "--size", "8M",
    "--strategies", "sync-read-all,async-stream-parallel", "--repeat", "500", "--warmup", "0",
    "--pause", "20", "--json", json, NULL
  };
  JsonObject *root;
  guint waited = 0;

  proc = spawn (f, args);
  /* Wait until the run has made its folder and measured a little. */
  while (!has_fileset (f->target) && waited++ < 3000)
    g_usleep (10 * 1000);
  g_assert_true (has_fileset (f->target));
  g_usleep (300 * 1000);
  g_subprocess_send_signal (proc, signum);
  g_subprocess_communicate_utf8 (proc, NULL, NULL, &out, &err, &error);
  g_assert_no_error (error);

  g_assert_cmpint (exit_code (proc), ==, expected);
  g_assert_nonnull (strstr (err, "interrupted"));
  assert_empty (f->target);

  /* --json is written for the partial run too */
  root = load_json (json, parser);
  g_assert_true (json_object_get_boolean_member (root, "partial"));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "samples")), <,
                    1000);
}

static void
test_sigint (Fixture       *f,
             gconstpointer  data)
{
  interrupt (f, SIGINT, 130);
}

static void
test_sigterm (Fixture       *f,
              gconstpointer  data)
{
  interrupt (f, SIGTERM, 143);
}

static void
test_sweep (Fixture       *f,
            gconstpointer  data)
{
  g_autofree char *json = g_build_filename (f->root, "sweep.json", NULL);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree char *out = NULL;
  const char *args[] = {
    "sweep", "--dir", f->target, "--vary", "count=2,1", "--strategies",
    "sync-load-contents,async-load-contents-parallel", "--repeat", "2", "--json", json,
    "--quiet", NULL
  };
  JsonObject *root, *sweep;
  JsonArray *points;

  g_assert_cmpint (run_cli (f, args, &out, NULL), ==, 0);
  /* the table model's sweep table: what varies heads the first column, and
   * the note says whether the order flips */
  g_assert_nonnull (strstr (out, "Files  Strategy  "));
  g_assert_true (strstr (out, " overtakes ") != NULL || strstr (out, "No crossover") != NULL);

  root = load_json (json, parser);
  sweep = json_object_get_object_member (root, "sweep");
  g_assert_nonnull (sweep);
  g_assert_cmpstr (json_object_get_string_member (sweep, "vary"), ==, "count");
  points = json_object_get_array_member (sweep, "points");
  g_assert_cmpuint (json_array_get_length (points), ==, 4);
  assert_empty (f->target);
}

/* A Markdown report's chart folder holding a file of the user's: refused
 * before anything runs, the file left as it was. */
static void
test_run_keeps_charts (Fixture       *f,
                       gconstpointer  data)
{
  g_autofree char *md = g_build_filename (f->root, "keep.md", NULL);
  g_autofree char *charts = g_build_filename (f->root, "keep-charts", NULL);
  g_autofree char *mine = g_build_filename (charts, "strategies.png", NULL);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *text = NULL;
  const char *args[] = {
    "run", "--dir", f->target, "--count", "1", "--size", "64K",
    "--strategies", "sync-read-all", "--repeat", "1", "--warmup", "0",
    "--md", md, NULL
  };

  g_assert_cmpint (g_mkdir (charts, 0700), ==, 0);
  g_assert_true (g_file_set_contents (mine, "mine", -1, NULL));
  g_assert_cmpint (run_cli (f, args, &out, &err), ==, 2);
  g_assert_nonnull (strstr (err, "--md: "));
  g_assert_nonnull (strstr (err, mine));
  g_assert_true (g_file_get_contents (mine, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, "mine");
  g_assert_false (g_file_test (md, G_FILE_TEST_EXISTS));
  assert_empty (f->target);
}

/* A run on a machine the fake /proc says is busy (IOBENCH_TEST_PROC, a
 * test hook: load 3.4, and counters that do not move, so the load
 * judges) says so before it starts, and what it does to the answer; a
 * quiet one, or --quiet, says nothing of it. The portable OS layer cannot
 * tell and says nothing. */
static void
test_run_says_busy (Fixture       *f,
                    gconstpointer  data)
{
  g_autofree char *proc = g_build_filename (f->root, "proc", NULL);
  g_autofree char *stat = g_build_filename (proc, "stat", NULL);
  g_autofree char *loadavg = g_build_filename (proc, "loadavg", NULL);
  g_autofree char *out = NULL, *err = NULL, *quiet_err = NULL, *calm_err = NULL;
  const char *args[] = {
    "run", "--dir", f->target, "--count", "1", "--size", "16K",
    "--strategies", "sync-read-all", "--repeat", "1", "--warmup", "0", NULL, NULL
  };

  g_assert_cmpint (g_mkdir (proc, 0700), ==, 0);
  g_assert_true (g_file_set_contents (stat, "cpu  100 0 50 800 50 0 0 0 0 0\n", -1, NULL));
  g_assert_true (g_file_set_contents (loadavg, "3.40 2.00 1.00 5/300 4242\n", -1, NULL));
  g_setenv ("IOBENCH_TEST_PROC", proc, TRUE);

  g_assert_cmpint (run_cli (f, args, &out, &err), ==, 0);
  g_test_message ("stderr: %s", err);
#if IB_OS_LINUX
  g_assert_nonnull (strstr (err, "Other work is using the CPUs (load 3.4 on "));
  g_assert_nonnull (strstr (err, "threads get more of a busy CPU, so parallel strategies will "
                            "look faster than they are on a quiet machine."));
#else
  g_assert_null (strstr (err, "Other work is using the CPUs"));
#endif

  args[13] = "--quiet";
  g_assert_cmpint (run_cli (f, args, NULL, &quiet_err), ==, 0);
  g_assert_null (strstr (quiet_err, "Other work"));

  args[13] = NULL;
  g_assert_true (g_file_set_contents (loadavg, "0.20 0.30 0.40 1/300 4242\n", -1, NULL));
  g_assert_cmpint (run_cli (f, args, NULL, &calm_err), ==, 0);
  g_assert_null (strstr (calm_err, "Other work"));

  g_unsetenv ("IOBENCH_TEST_PROC");
  assert_empty (f->target);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  cli = g_getenv ("IOBENCH_CLI");
  if (cli == NULL)
    {
      g_printerr ("IOBENCH_CLI is not set\n");
      return 1;
    }

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_setup, func, fixture_teardown)
  ADD ("/cli/list", test_list);
  ADD ("/cli/run/json", test_run_json);
  ADD ("/cli/run/budget", test_run_budget);
  ADD ("/cli/run/big-files-decides", test_run_big_files_decides);
  ADD ("/cli/run/responsiveness-off", test_run_responsiveness_off);
  ADD ("/cli/run/says-where", test_run_says_where);
  ADD ("/cli/run/keeps-charts", test_run_keeps_charts);
  ADD ("/cli/run/says-busy", test_run_says_busy);
  ADD ("/cli/run/usage-errors", test_usage_errors);
  ADD ("/cli/run/sigint", test_sigint);
  ADD ("/cli/run/sigterm", test_sigterm);
  ADD ("/cli/sweep", test_sweep);
#undef ADD

  return g_test_run ();
}
