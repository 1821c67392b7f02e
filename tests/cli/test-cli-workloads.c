/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-workloads.c: `iobench-cli overhead` and `iobench-cli write-unlink`
 * end to end (suite 'cli'). The CLI's path comes from IOBENCH_CLI. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include "engine/workloads/ib-workloads.h"
#include "ib-test-common.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>

typedef struct
{
  char  *tmp;        /* everything the test makes lives in here */
  char  *cache;      /* XDG_CACHE_HOME of the CLI (default --dir parent) */
  char  *target;     /* a --dir */
  char **envp;
} Fixture;

static void
fixture_setup (Fixture       *fx,
               gconstpointer  data)
{
  fx->tmp = ib_test_make_tmpdir ("iobench-cli-test-XXXXXX");
  fx->cache = g_build_filename (fx->tmp, "cache", NULL);
  fx->target = g_build_filename (fx->tmp, "target", NULL);
  g_assert_cmpint (g_mkdir (fx->cache, 0700), ==, 0);
  g_assert_cmpint (g_mkdir (fx->target, 0700), ==, 0);
  fx->envp = g_get_environ ();
  fx->envp = g_environ_setenv (fx->envp, "XDG_CACHE_HOME", fx->cache, TRUE);
  fx->envp = g_environ_setenv (fx->envp, "LC_ALL", "C.UTF-8", TRUE);
}

static void
fixture_teardown (Fixture       *fx,
                  gconstpointer  data)
{
  g_assert_true (ib_test_remove_tree (fx->tmp));
  g_free (fx->tmp);
  g_free (fx->cache);
  g_free (fx->target);
  g_strfreev (fx->envp);
}

static guint
count_entries (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  guint n = 0;

  if (dir == NULL)
    return 0;
  while (g_dir_read_name (dir) != NULL)
    n++;
  return n;
}

/* Runs the CLI with @args (NULL-terminated); returns the exit status. */
static int
run_cli (Fixture     *fx,
         const char  *const *args,
         char       **out,
         char       **err)
{
  const char *cli = g_getenv ("IOBENCH_CLI");
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  int status = 0;

  g_assert_nonnull (cli);
  g_ptr_array_add (argv, (gpointer) cli);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);

  g_spawn_sync (NULL, (char **) argv->pdata, fx->envp, G_SPAWN_DEFAULT, NULL, NULL,
                out, err, &status, &error);
  g_assert_no_error (error);
  if (WIFEXITED (status))
    return WEXITSTATUS (status);
  return -1;
}

static JsonObject *
load_report (const char *path,
             JsonParser *parser)
{
  g_autoptr(GError) error = NULL;
  JsonNode *root;

  json_parser_load_from_file (parser, path, &error);
  g_assert_no_error (error);
  root = json_parser_get_root (parser);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (root));
  g_assert_cmpstr (json_object_get_string_member (json_node_get_object (root), "schema"), ==,
                   "iobench-report");
  return json_node_get_object (root);
}

static void
test_overhead (Fixture       *fx,
               gconstpointer  data)
{
  g_autofree char *json = g_build_filename (fx->tmp, "overhead.json", NULL);
  const char *args[] = { "overhead", "--iterations", "2000", "--repeat", "2", "--warmup", "0",
                         "--json", json, "--quiet", NULL };
  const char *kinds[] = { "direct", "gtask", "idle", "thread", "pool", "tasks-1",
                          "tasks-100" };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree char *iobench_cache = g_build_filename (fx->cache, "iobench", NULL);
  JsonObject *report;
  JsonArray *rows;

  g_assert_cmpint (run_cli (fx, args, &out, &err), ==, 0);
  /* The table names each kind by its display name; the ids stay in the JSON. */
  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    if (strstr (out, ib_overhead_kind_title (kinds[i])) == NULL)
      g_error ("“%s” missing in:\n%s", ib_overhead_kind_title (kinds[i]), out);
  g_assert_null (strstr (out, "tasks-100"));
  g_assert_nonnull (strstr (out, "A GTask round trip costs"));
  g_assert_nonnull (strstr (out, "The promise-vs-callback experiment measured"));
  g_assert_null (strstr (out, "Seed 001"));

  report = load_report (json, parser);
  rows = json_object_get_array_member (report, "overhead");
  g_assert_cmpuint (json_array_get_length (rows), ==, G_N_ELEMENTS (kinds));
  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      JsonObject *row = json_array_get_object_element (rows, i);

      g_assert_cmpstr (json_object_get_string_member (row, "kind"), ==, kinds[i]);
      g_assert_cmpfloat (json_object_get_double_member (row, "ns_per_op"), >, 0);
    }

  /* The default folder was used and nothing is left in it. */
  g_assert_true (g_file_test (iobench_cache, G_FILE_TEST_IS_DIR));
  g_assert_cmpuint (count_entries (iobench_cache), ==, 0);
}

static void
test_write_unlink (Fixture       *fx,
                   gconstpointer  data)
{
  g_autofree char *json = g_build_filename (fx->tmp, "wu.json", NULL);
  const char *args[] = { "write-unlink", "--requests", "300", "--concurrency", "50",
                         "--bytes", "1K", "--dir", fx->target, "--json", json, "--quiet",
                         NULL };
  /* the table model's write + delete table, modes side by side as ab's runs */
  const char      *expect[] = { "\nWrite + delete\n", "\n50 %  ", "\n66 %  ", "\n75 %  ",
                                "\n80 %  ", "\n90 %  ", "\n95 %  ", "\n98 %  ", "\n99 %  ",
                                "\n100 %  ", "\nRequests/s  ", "\nMost in flight  ",
                                "Sync, one at a time", "Async GIO", "Thread pool",
                                "300 requests of 1,024 random letters, 50 at once" };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *report, *wu;
  JsonArray *modes;

  g_assert_cmpint (run_cli (fx, args, &out, &err), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (expect); i++)
    if (strstr (out, expect[i]) == NULL)
      g_error ("“%s” missing in:\n%s", expect[i], out);
  /* display names, not the mode ids (those stay in the JSON) */
  g_assert_null (strstr (out, "sync-serial"));
  g_assert_null (strstr (out, "async-gio"));

  /* Every file written was deleted, and the test folder too. */
  g_assert_cmpuint (count_entries (fx->target), ==, 0);

  report = load_report (json, parser);
  wu = json_object_get_object_member (report, "write_unlink");
  g_assert_nonnull (wu);
  g_assert_cmpint (json_object_get_int_member (wu, "requests"), ==, 300);
  g_assert_cmpint (json_object_get_int_member (wu, "concurrency"), ==, 50);
  g_assert_cmpint (json_object_get_int_member (wu, "bytes"), ==, 1024);
  modes = json_object_get_array_member (wu, "mode");
  g_assert_cmpuint (json_array_get_length (modes), ==, 3);
  for (guint i = 0; i < 3; i++)
    {
      JsonObject *m = json_array_get_object_element (modes, i);
      JsonObject *pct = json_object_get_object_member (m, "percentiles_ns");

      g_assert_cmpint (json_object_get_int_member (m, "failed"), ==, 0);
      g_assert_cmpint (json_object_get_int_member (m, "max_in_flight"), ==, 50);
      g_assert_cmpint (json_object_get_int_member (pct, "50"), >, 0);
      g_assert_cmpint (json_object_get_int_member (pct, "100"), >=,
                       json_object_get_int_member (pct, "50"));
    }
}

static void
test_write_unlink_capped (Fixture       *fx,
                          gconstpointer  data)
{
  /* A shell lowers the open-file limit for the CLI only. */
  g_autofree char *cmd = g_strdup_printf ("ulimit -n 256 && exec '%s' write-unlink "
                                          "--requests 2000 --concurrency 2000 --bytes 64 "
                                          "--dir '%s'", g_getenv ("IOBENCH_CLI"), fx->target);
  const char *argv[] = { "/bin/sh", "-c", cmd, NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;
  int status = 0;

  g_spawn_sync (NULL, (char **) argv, fx->envp, G_SPAWN_DEFAULT, NULL, NULL, &out, &err,
                &status, &error);
  g_assert_no_error (error);
  if (!WIFEXITED (status) || WEXITSTATUS (status) != 0)
    g_error ("exit %d:\n%s\n%s", status, out, err);
  g_assert_nonnull (strstr (out, "asked for 2000"));
  g_assert_null (strstr (err, "Too many open files"));
  g_assert_null (strstr (out, "Too many open files"));
  g_assert_cmpuint (count_entries (fx->target), ==, 0);
}

static void
test_bad_values (Fixture       *fx,
                 gconstpointer  data)
{
  struct { const char *args[6]; const char *needle; } cases[] = {
    { { "overhead", "--iterations", "0", NULL }, "--iterations" },
    { { "overhead", "--iterations", "many", NULL }, "--iterations" },
    { { "overhead", "--repeat", "0", NULL }, "--repeat" },
    { { "overhead", "--bogus", NULL }, "--bogus" },
    { { "overhead", "extra", NULL }, "extra" },
    { { "write-unlink", "--requests", "0", NULL }, "--requests" },
    { { "write-unlink", "--concurrency", "-5", NULL }, "--concurrency" },
    { { "write-unlink", "--bytes", "0", NULL }, "--bytes" },
    { { "write-unlink", "--bytes", "12Q", NULL }, "--bytes" },
    { { "write-unlink", "--dir", "/nonexistent/iobench-nowhere", NULL }, "--dir" },
    { { "write-unlink", "--requests", "5", "--json", "/nonexistent/x/r.json", NULL }, "--json" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;
      int code = run_cli (fx, cases[i].args, &out, &err);
      g_auto(GStrv) lines = NULL;

      if (code != 2 || strstr (err, cases[i].needle) == NULL)
        g_error ("%s %s: exit %d, stderr: %s", cases[i].args[0], cases[i].args[1], code, err);
      /* One message, no results, and no test folder left. */
      g_assert_cmpstr (out, ==, "");
      lines = g_strsplit (err, "\n", -1);
      g_assert_cmpuint (g_strv_length (lines), <=, 2);
      g_assert_cmpuint (count_entries (fx->target), ==, 0);
    }
}

static void
on_waited (GObject      *source,
           GAsyncResult *result,
           gpointer      data)
{
  gboolean *done = data;

  g_assert_true (g_subprocess_wait_finish (G_SUBPROCESS (source), result, NULL));
  *done = TRUE;
}

/* Waits for @proc at most @seconds (a stuck CLI fails the test instead of
 * hanging it); kills it on timeout. */
static gboolean
wait_at_most (GSubprocess *proc,
              guint        seconds)
{
  gboolean done = FALSE;
  gint64 deadline = g_get_monotonic_time () + seconds * G_USEC_PER_SEC;

  g_subprocess_wait_async (proc, NULL, on_waited, &done);
  while (!done && g_get_monotonic_time () < deadline)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (10 * G_TIME_SPAN_MILLISECOND);
  if (!done)
    {
      g_subprocess_force_exit (proc);
      while (!done)
        g_main_context_iteration (NULL, TRUE);
      return FALSE;
    }
  return TRUE;
}

static void
test_write_unlink_interrupted (Fixture       *fx,
                               gconstpointer  data)
{
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GSubprocess) proc = NULL;
  g_autoptr(GError) error = NULL;
  gint64 deadline;

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_SILENCE |
                                        G_SUBPROCESS_FLAGS_STDERR_SILENCE);
  g_subprocess_launcher_set_environ (launcher, fx->envp);
  proc = g_subprocess_launcher_spawn (launcher, &error, g_getenv ("IOBENCH_CLI"),
                                      "write-unlink", "--requests", "1000000", "--concurrency",
                                      "200", "--bytes", "4096", "--dir", fx->target, NULL);
  g_assert_no_error (error);

  /* Once its test folder exists, the signal handlers are in place. */
  deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  while (count_entries (fx->target) == 0 && g_get_monotonic_time () < deadline)
    g_usleep (10 * G_TIME_SPAN_MILLISECOND);
  g_assert_cmpuint (count_entries (fx->target), >, 0);
  g_usleep (100 * G_TIME_SPAN_MILLISECOND);

  g_subprocess_send_signal (proc, SIGINT);
  /* A cancel stops within 200 ms; a minute allows for a very busy machine. */
  g_assert_true (wait_at_most (proc, 60));
  g_assert_true (g_subprocess_get_if_exited (proc));
  g_assert_cmpint (g_subprocess_get_exit_status (proc), ==, 130);
  /* Every file and the test folder are gone. */
  g_assert_cmpuint (count_entries (fx->target), ==, 0);
}

/* `map`: every cell in the table and the JSON, the files of each size made
 * once and all removed; a map past its disk limit or its budget is refused
 * before anything is made, saying which limit. */
static void
test_map (Fixture       *fx,
          gconstpointer  data)
{
  g_autofree char *json = g_build_filename (fx->tmp, "map.json", NULL);
  const char *args[] = { "map", "--sizes", "4K,64K", "--counts", "1,4", "--budget", "8",
                         "--dir", fx->target, "--json", json, "--quiet", "--seed", "3", NULL };
  const char *too_big[] = { "map", "--sizes", "1G", "--counts", "1,16", "--dir", fx->target,
                            NULL };
  const char *too_short[] = { "map", "--sizes", "4K", "--counts", "1,64", "--budget", "1",
                              "--dir", fx->target, NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *map;
  JsonArray *cells;

  g_assert_cmpint (run_cli (fx, args, &out, &err), ==, 0);
  g_assert_nonnull (strstr (out, "One after another"));
  g_assert_nonnull (strstr (out, "64 KiB"));
  g_assert_cmpuint (count_entries (fx->target), ==, 0);
  map = json_object_get_object_member (load_report (json, parser), "map");
  g_assert_nonnull (map);
  cells = json_object_get_array_member (map, "cells");
  g_assert_cmpuint (json_array_get_length (cells), ==, 4);
  /* the smallest cell comes first and was reached: it has pairs */
  g_assert_true (json_object_get_boolean_member (json_array_get_object_element (cells, 0),
                                                 "reached"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (run_cli (fx, too_big, &out, &err), !=, 0);
  g_assert_nonnull (strstr (err, "16 GiB of disk"));
  g_assert_nonnull (strstr (err, "over its limit of 8 GiB"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (fx, too_short, &out, &err), !=, 0);
  g_assert_nonnull (strstr (err, "A budget of 1 s is too short"));
  g_assert_cmpuint (count_entries (fx->target), ==, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/cli/overhead/runs", Fixture, NULL,
              fixture_setup, test_overhead, fixture_teardown);
  g_test_add ("/cli/write-unlink/runs", Fixture, NULL,
              fixture_setup, test_write_unlink, fixture_teardown);
  g_test_add ("/cli/write-unlink/capped", Fixture, NULL,
              fixture_setup, test_write_unlink_capped, fixture_teardown);
  g_test_add ("/cli/workloads/bad-values", Fixture, NULL,
              fixture_setup, test_bad_values, fixture_teardown);
  g_test_add ("/cli/map", Fixture, NULL, fixture_setup, test_map, fixture_teardown);
  g_test_add ("/cli/write-unlink/interrupted", Fixture, NULL,
              fixture_setup, test_write_unlink_interrupted, fixture_teardown);

  return g_test_run ();
}
