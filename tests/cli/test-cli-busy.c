/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A busy machine, said after the run (src/analysis/ib-answer-busy.c), end
 * to end through iobench-cli: a small plan with a decision phase (a serial
 * and a parallel line, 4 workers on this machine's cores) says the machine
 * was busy beside two busy loops per core, and does not say it when only
 * its own threads wait for each other. Only the words are asserted, never
 * a time. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include "ib-test-common.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>

typedef struct
{
  char *root;   /* fresh temporary folder, removed at the end */
  char *target; /* root/target: the --dir of the runs */
  char *cache;  /* root/cache: XDG_CACHE_HOME of the child */
  char *json;   /* root/run.json */
} Fixture;

static void
fixture_setup (Fixture      *f,
               gconstpointer data)
{
  f->root = ib_test_make_tmpdir ("iobench-test-cli-busy-XXXXXX");
  f->target = g_build_filename (f->root, "target", NULL);
  f->cache = g_build_filename (f->root, "cache", NULL);
  f->json = g_build_filename (f->root, "run.json", NULL);
  g_assert_cmpint (g_mkdir (f->target, 0700), ==, 0);
}

static void
fixture_teardown (Fixture      *f,
                  gconstpointer data)
{
  g_unsetenv ("IOBENCH_TEST_PROC");
  g_assert_true (ib_test_remove_tree (f->root));
  g_free (f->root);
  g_free (f->target);
  g_free (f->cache);
  g_free (f->json);
}

/* Runs the plan: 2 x 32 MiB, sync against GIO async one file at a time and
 * all at once (4 workers), a 12 s budget (the decision phase gets what the
 * survey leaves); returns the report's
 * "answer" (owned by @parser). */
static JsonObject *
run_plan (Fixture    *f,
          JsonParser *parser)
{
  const char *args[] = {
    "run", "--dir", f->target, "--count", "2", "--size", "32M", "--strategies",
    "sync-read-all,async-read-all-serial,thread-pool-parallel,async-read-all-parallel",
    "--workers", "4", "--repeat", "2", "--warmup", "1", "--budget", "12",
    "--json", f->json, "--quiet", NULL
  };
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr (GError) error = NULL;
  JsonObject *root;

  g_assert_cmpint (ib_test_run_cli (args, f->cache, &out, &err), ==, 0);
  g_assert_true (json_parser_load_from_file (parser, f->json, &error));
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_true (json_object_has_member (root, "decision"));
  g_assert_true (json_object_has_member (root, "answer"));
  return json_object_get_object_member (root, "answer");
}

/* Beside 4 busy loops (2 per core on this project's 2-core machine; 2 per
 * core wherever it runs), the real /proc: the answer says the machine was
 * busy, and what that does to the verdicts. */
static void
test_busy_loops (Fixture      *f,
                 gconstpointer data)
{
  const char *loop[] = { "sh", "-c", "while :; do :; done", NULL };
  g_autoptr (GPtrArray) loops = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonObject *answer;

  g_unsetenv ("IOBENCH_TEST_PROC");
  for (guint i = 0; i < 2 * g_get_num_processors (); i++)
    {
      g_autoptr (GError) error = NULL;
      GSubprocess *p = g_subprocess_newv (loop, G_SUBPROCESS_FLAGS_NONE, &error);

      g_assert_no_error (error);
      g_ptr_array_add (loops, p);
    }
  answer = run_plan (f, parser);
  for (guint i = 0; i < loops->len; i++)
    {
      g_subprocess_force_exit (g_ptr_array_index (loops, i));
      g_assert_true (g_subprocess_wait (g_ptr_array_index (loops, i), NULL, NULL));
    }
#if !IB_OS_LINUX
  /* the portable OS layer has no CPU counters: it cannot say */
  g_assert_false (json_object_has_member (answer, "busy_share"));
  return;
#endif
  g_assert_nonnull (json_object_get_string_member (answer, "busy"));
  g_test_message ("busy: %s", json_object_get_string_member (answer, "busy"));
  g_assert_true (g_str_has_prefix (json_object_get_string_member (answer, "busy"),
                                   "The machine was busy: other work used about "));
  g_assert_nonnull (strstr (json_object_get_string_member (answer, "busy"),
                            "The verdicts describe this machine under that load, where a "
                            "strategy with more threads gets more of the busy CPUs."));
}

/* Without other work: the machine's counters (a test hook: a /proc/stat
 * that does not move, so other work is none whatever else this shared
 * machine runs) leave only the run's own threads waiting for each other
 * (4 workers on the cores), which is not a busy machine. The pairs kept
 * their counters (busy_pairs), and no sentence. */
static void
test_own_threads (Fixture      *f,
                  gconstpointer data)
{
  g_autofree char *proc = g_build_filename (f->root, "proc", NULL);
  g_autofree char *stat = g_build_filename (proc, "stat", NULL);
  g_autofree char *loadavg = g_build_filename (proc, "loadavg", NULL);
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonObject *answer;

  if (g_strcmp0 (g_getenv ("IB_TEST_HOOKS"), "1") != 0)
    {
      g_test_skip ("needs the test hooks (IOBENCH_TEST_PROC)");
      return;
    }
  g_assert_cmpint (g_mkdir (proc, 0700), ==, 0);
  g_assert_true (g_file_set_contents (stat, "cpu  100 0 50 800 50 0 0 0 0 0\n", -1, NULL));
  g_assert_true (g_file_set_contents (loadavg, "0.10 0.10 0.10 1/300 4242\n", -1, NULL));
  g_setenv ("IOBENCH_TEST_PROC", proc, TRUE);
  answer = run_plan (f, parser);
#if !IB_TEST_LINUX_OS
  /* The portable OS layer reads no CPU counters: no pair is judged, and
   * nothing is said of a busy machine it cannot see. */
  g_assert_false (json_object_has_member (answer, "busy_pairs"));
  g_assert_null (json_object_get_string_member_with_default (answer, "busy", NULL));
  return;
#endif
  g_assert_true (json_object_has_member (answer, "busy_pairs"));
  g_assert_cmpint (json_object_get_int_member (answer, "busy_pairs"), >, 0);
  g_assert_cmpfloat (json_object_get_double_member (answer, "busy_share"), ==, 0);
  g_assert_null (json_object_get_string_member (answer, "busy"));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  if (g_getenv ("IOBENCH_CLI") == NULL)
    {
      g_printerr ("IOBENCH_CLI is not set\n");
      return 1;
    }
  g_test_add ("/cli/busy/loops", Fixture, NULL, fixture_setup, test_busy_loops,
              fixture_teardown);
  g_test_add ("/cli/busy/own-threads", Fixture, NULL, fixture_setup, test_own_threads,
              fixture_teardown);
  return g_test_run ();
}
