/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A test file changed under a strategy: truncated, grown, deleted, replaced
 * by other content, a folder or a symlink to a user file, and truncated while
 * a mapping of it is being read. Every strategy must fail that sample with
 * an error naming the file (never crash, never write the user file), and the
 * runner must carry on and say in the report which samples failed. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "engine/model/ib-error.h"
#include "engine/io/ib-fileset.h"
#include "engine/run/ib-runner.h"
#include "engine/io/ib-strategy.h"
#include "report/ib-report-io.h"
#include "ib-test-common.h"

#define FILE_SIZE (192 * 1024 + 123)
#define USER_TEXT "the user's own file: never written, never deleted\n"

typedef enum
{
  CHANGE_TRUNCATE,
  CHANGE_GROW,
  CHANGE_DELETE,
  CHANGE_REPLACE_CONTENT,   /* same size, other bytes: caught by --verify */
  CHANGE_REPLACE_DIR,
  CHANGE_REPLACE_SYMLINK,   /* a symlink to a user file */
  N_CHANGES
} Change;

static const char *change_names[] = {
  "truncated", "grown", "deleted", "replaced-content", "replaced-by-folder",
  "replaced-by-symlink",
};

typedef struct
{
  char *dir;        /* fresh temp dir: the parent of the test folder */
  char *user_file;  /* a user file beside it */
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  (void) data;
  f->dir = ib_test_make_tmpdir ("iobench-faults-XXXXXX");
  f->user_file = g_build_filename (f->dir, "user.txt", NULL);
  g_assert_true (g_file_set_contents (f->user_file, USER_TEXT, -1, &error));
  g_assert_no_error (error);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  g_autofree char *contents = NULL;
  g_autoptr(GDir) dir = NULL;
  const char *name;

  (void) data;
  /* The user file is intact, and nothing else is left. */
  g_assert_true (g_file_get_contents (f->user_file, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, USER_TEXT);
  g_assert_cmpint (g_unlink (f->user_file), ==, 0);
  dir = g_dir_open (f->dir, 0, NULL);
  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    g_error ("left behind in %s: %s", f->dir, name);
  g_clear_pointer (&dir, g_dir_close);
  g_assert_cmpint (g_rmdir (f->dir), ==, 0);
  g_free (f->user_file);
  g_free (f->dir);
}

static IbFileSet *
make_set (Fixture *f)
{
  const guint64 sizes[] = { FILE_SIZE, FILE_SIZE, FILE_SIZE };
  g_autoptr(GError) error = NULL;
  IbFileSet *set;

  set = ib_file_set_create (&(IbFileSetRequest) {
                              .parent_dir = f->dir,
                              .sizes = sizes,
                              .n_sizes = G_N_ELEMENTS (sizes),
                              .content = IB_CONTENT_RANDOM,
                              .seed = 7,
                            },
                            NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (set);
  return set;
}

static void
apply_change (Fixture    *f,
              const char *path,
              Change      change)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *tmp = g_strconcat (path, ".new", NULL);
  g_autofree char *other = NULL;

  switch (change)
    {
    case CHANGE_TRUNCATE:
      g_assert_cmpint (truncate (path, 1000), ==, 0);
      break;
    case CHANGE_GROW:
      g_assert_cmpint (truncate (path, FILE_SIZE + 4096), ==, 0);
      break;
    case CHANGE_DELETE:
      g_assert_cmpint (g_unlink (path), ==, 0);
      break;
    case CHANGE_REPLACE_CONTENT:
      other = g_malloc0 (FILE_SIZE);
      memset (other, 'x', FILE_SIZE);
      g_assert_true (g_file_set_contents (tmp, other, FILE_SIZE, &error));
      g_assert_no_error (error);
      g_assert_cmpint (g_rename (tmp, path), ==, 0);
      break;
    case CHANGE_REPLACE_DIR:
      g_assert_cmpint (g_unlink (path), ==, 0);
      g_assert_cmpint (g_mkdir (path, 0700), ==, 0);
      break;
    case CHANGE_REPLACE_SYMLINK:
      g_assert_cmpint (g_unlink (path), ==, 0);
      g_assert_cmpint (symlink (f->user_file, path), ==, 0);
      break;
    case N_CHANGES:
    default:
      g_assert_not_reached ();
    }
}

/* Undoes what cleanup must leave alone (a planted folder or symlink). */
static void
remove_planted (const char *path,
                Change      change)
{
  if (change == CHANGE_REPLACE_DIR)
    {
      g_assert_true (g_file_test (path, G_FILE_TEST_IS_DIR));
      g_assert_cmpint (g_rmdir (path), ==, 0);
    }
  else if (change == CHANGE_REPLACE_SYMLINK)
    {
      g_assert_true (g_file_test (path, G_FILE_TEST_IS_SYMLINK));
      g_assert_cmpint (g_unlink (path), ==, 0);
    }
}

static gboolean
run_strategy (const IbStrategyInfo *info,
              IbFileSet            *set,
              gboolean              verify,
              GError              **error)
{
  IbStrategyContext ctx = { 0 };
  IbScratch *scratch = ib_scratch_new ();
  gboolean ok;

  ctx.files = set;
  ctx.chunk = info->default_chunk;
  ctx.buffer = IB_BUFFER_FRESH;
  ctx.workers = 2;
  ctx.in_flight = 3;
  ctx.verify = verify;
  ctx.scratch = scratch;
  ok = info->run (&ctx, error);
  ib_scratch_free (scratch);
  return ok;
}

/* Every strategy, every change: the sample fails and names the file. */
static void
test_every_strategy (Fixture       *f,
                     gconstpointer  data)
{
  const IbStrategyInfo *infos;
  guint n = 0;

  (void) data;
  infos = ib_strategies (&n);
  g_assert_cmpuint (n, ==, 15);
  for (guint s = 0; s < n; s++)
    for (Change c = 0; c < N_CHANGES && ib_strategy_unavailable (&infos[s]) == NULL; c++)
      {
        g_autoptr(IbFileSet) set = make_set (f);
        g_autoptr(GError) error = NULL;
        const IbFileEntry *entry = ib_file_set_get_file (set, 1);
        g_autofree char *path = g_strdup (entry->path);
        gboolean ok;

        g_test_message ("%s, file %s", infos[s].id, change_names[c]);
        g_assert_true (run_strategy (&infos[s], set, TRUE, &error));
        g_assert_no_error (error);

        apply_change (f, path, c);
        ok = run_strategy (&infos[s], set, TRUE, &error);
        if (ok)
          g_error ("%s did not notice its file was %s", infos[s].id, change_names[c]);
        g_assert_nonnull (error);
        g_assert_true (error->domain == IB_ERROR);
        if (strstr (error->message, path) == NULL)
          g_error ("%s, file %s: the message does not name %s: %s", infos[s].id,
                   change_names[c], path, error->message);
        g_assert_true (g_utf8_validate (error->message, -1, NULL));

        /* Cleanup leaves what was planted alone and removes the rest. */
        g_assert_true (ib_file_set_cleanup (set, NULL));
        g_assert_true (g_file_test (ib_file_set_get_dir (set), G_FILE_TEST_EXISTS) ==
                       (c == CHANGE_REPLACE_DIR || c == CHANGE_REPLACE_SYMLINK));
        remove_planted (path, c);
        if (g_file_test (ib_file_set_get_dir (set), G_FILE_TEST_EXISTS))
          g_assert_cmpint (g_rmdir (ib_file_set_get_dir (set)), ==, 0);
      }
}

/* mmap: a file truncated while its mapping is being read must not kill the
 * process with SIGBUS. Truncated the moment the strategy has mapped it (it
 * counts the file open then), while 128 MiB are still to be touched. */
typedef struct
{
  IbStrategyContext *ctx;
  const char        *path;
  gint               done;
} Truncator;

static gpointer
truncate_when_open (gpointer data)
{
  Truncator *t = data;

  while (g_atomic_int_get (&t->ctx->open_now) == 0 && !g_atomic_int_get (&t->done))
    ;
  if (!g_atomic_int_get (&t->done))
    g_assert_cmpint (truncate (t->path, 0), ==, 0);
  return NULL;
}

static void
mmap_truncated_child (const char *parent)
{
  const guint64 sizes[] = { G_GUINT64_CONSTANT (128) << 20 };
  const IbStrategyInfo *info = ib_strategy_lookup ("mmap");
  g_autoptr(IbFileSet) set = NULL;
  g_autoptr(GError) error = NULL;
  IbStrategyContext ctx = { 0 };
  IbScratch *scratch = ib_scratch_new ();
  Truncator t = { &ctx, NULL, 0 };
  GThread *thread;
  gboolean ok;

  set = ib_file_set_create (&(IbFileSetRequest) {
                              .parent_dir = parent,
                              .sizes = sizes,
                              .n_sizes = 1,
                              .content = IB_CONTENT_DIGITS,
                              .seed = 1,
                            },
                            NULL, &error);
  g_assert_no_error (error);
  /* Cold, so touching the pages takes a while (where the cache can be dropped). */
  ib_file_set_drop_cache (set, NULL);
  t.path = ib_file_set_get_file (set, 0)->path;
  ctx.files = set;
  ctx.buffer = IB_BUFFER_FRESH;
  ctx.workers = 1;
  ctx.in_flight = 1;
  ctx.verify = TRUE;
  ctx.scratch = scratch;

  thread = g_thread_new ("truncator", truncate_when_open, &t);
  ok = info->run (&ctx, &error);
  g_atomic_int_set (&t.done, 1);
  g_thread_join (thread);
  ib_scratch_free (scratch);

  g_assert_false (ok);
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, t.path));
  g_print ("message: %s\n", error->message);
}

/* The folder the subprocess works in: made by main() before any thread (so
 * setting the environment is safe) and handed down through it. */
#define MMAP_DIR_ENV "IB_FAULTS_MMAP_DIR"

static void
test_mmap_truncated_while_reading (void)
{
  const char *dir = g_getenv (MMAP_DIR_ENV);

  g_assert_nonnull (dir);
  if (g_test_subprocess ())
    {
      mmap_truncated_child (dir);
      return;
    }
  g_test_trap_subprocess (NULL, 600 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_INHERIT_STDERR);
  /* A crash (SIGBUS) leaves the files: remove them before failing. */
  if (!g_test_trap_has_passed ())
    ib_file_set_reap_stale (dir);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stdout ("*message: *shrank*");
}

/* The runner: a file truncated after the first sample. The run goes on, the
 * samples after it fail with a message naming the file, the report says
 * which, and the files are removed at the end. */
typedef struct
{
  Fixture   *f;
  GMainLoop *loop;
  IbReport  *report;
  GError    *error;
  char      *truncated;
  guint      n_samples;
} RunState;

static char *
find_test_file (const char *parent)
{
  g_autoptr(GDir) dir = g_dir_open (parent, 0, NULL);
  const char *name;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_prefix (name, IB_FILESET_PREFIX))
      return g_build_filename (parent, name, "file-0.bin", NULL);
  return NULL;
}

static void
on_event (const IbEvent *event,
          gpointer       user_data)
{
  RunState *st = user_data;

  if (event->kind == IB_EVENT_SAMPLE && st->n_samples++ == 0)
    {
      /* The worker now pauses before the next sample: truncate during it. */
      g_assert_true (event->sample->ok);
      st->truncated = find_test_file (st->f->dir);
      g_assert_nonnull (st->truncated);
      g_assert_cmpint (truncate (st->truncated, 10), ==, 0);
    }
  else if (event->kind == IB_EVENT_DONE)
    {
      st->report = ib_report_ref (event->report);
      st->error = event->error != NULL ? g_error_copy (event->error) : NULL;
      g_main_loop_quit (st->loop);
    }
}

static void
test_runner_goes_on (Fixture       *f,
                     gconstpointer  data)
{
  g_autoptr(IbPlan) plan = ib_plan_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(IbRunner) runner = NULL;
  g_autofree char *json = NULL;
  g_autoptr(IbAnalysis) analysis = NULL;
  g_autoptr(IbReport) loaded = NULL;
  RunState st = { f, NULL, NULL, NULL, NULL, 0 };
  guint n_ok = 0, n_failed = 0;
  const guint64 size = 64 * 1024;

  (void) data;
  plan->dir = g_strdup (f->dir);
  for (guint i = 0; i < 3; i++)
    g_array_append_val (plan->file_sizes, size);
  g_ptr_array_add (plan->strategies, g_strdup ("sync-read-all"));
  g_ptr_array_add (plan->strategies, g_strdup ("async-read-all-parallel"));
  g_ptr_array_add (plan->strategies, g_strdup ("mmap"));
  plan->repeat = 3;
  plan->warmup = 0;
  plan->pause_ms = 300;
  plan->cache = IB_CACHE_AS_IS;

  runner = ib_runner_new (plan, &error);
  g_assert_no_error (error);
  st.loop = g_main_loop_new (NULL, FALSE);
  ib_runner_start (runner, NULL, on_event, &st, NULL);
  g_main_loop_run (st.loop);
  g_main_loop_unref (st.loop);

  /* The run went on and ended without an error. */
  g_assert_no_error (st.error);
  g_assert_nonnull (st.report);
  g_assert_nonnull (st.truncated);
  g_assert_cmpuint (st.report->samples->len, ==, 9);
  for (guint i = 0; i < st.report->samples->len; i++)
    {
      const IbSample *s = &g_array_index (st.report->samples, IbSample, i);

      if (s->ok)
        {
          n_ok++;
          g_assert_null (s->error);
        }
      else
        {
          n_failed++;
          g_assert_nonnull (s->error);
          g_assert_nonnull (strstr (s->error, st.truncated));
        }
    }
  g_assert_cmpuint (n_ok, >=, 1);
  g_assert_cmpuint (n_failed, >=, 1);
  g_assert_cmpuint (st.report->warnings->len, >=, 1);

  /* The saved report says which samples failed, and why. */
  analysis = ib_analysis_new_live (st.report);
  json = ib_report_to_json (analysis, NULL);
  loaded = ib_report_from_json (json, -1, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < loaded->samples->len; i++)
    {
      const IbSample *a = &g_array_index (st.report->samples, IbSample, i);
      const IbSample *b = &g_array_index (loaded->samples, IbSample, i);

      g_assert_cmpint (a->ok, ==, b->ok);
      g_assert_cmpstr (a->error, ==, b->error);
    }

  g_free (st.truncated);
  ib_report_unref (st.report);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *mmap_dir = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  if (!g_test_subprocess ())
    {
      mmap_dir = ib_test_make_tmpdir ("iobench-faults-mmap-XXXXXX");
      g_setenv (MMAP_DIR_ENV, mmap_dir, TRUE);
    }
  g_test_add ("/faults/file-changed/every-strategy", Fixture, NULL, fixture_set_up,
              test_every_strategy, fixture_tear_down);
  g_test_add_func ("/faults/file-changed/mmap-truncated-while-reading",
                   test_mmap_truncated_while_reading);
  g_test_add ("/faults/file-changed/runner-goes-on", Fixture, NULL, fixture_set_up,
              test_runner_goes_on, fixture_tear_down);
  status = g_test_run ();
  if (mmap_dir != NULL && g_rmdir (mmap_dir) != 0)
    g_error ("left behind in %s", mmap_dir);
  return status;
}
