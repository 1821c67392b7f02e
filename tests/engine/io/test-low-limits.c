/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-low-limits.c: a run under an open-file limit too low for it
 * ("ulimit -n 6") is refused before it starts, saying how many
 * descriptors it needs; and a file set whose folder cannot be opened for want
 * of a descriptor fails with that message, frees what it made and leaves no
 * folder behind (it used to free a set with no name list: a crash). Each case
 * lowers the limit in a child process of its own. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <errno.h>
#include <string.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#ifdef G_OS_UNIX
#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>
#endif

#include "engine/model/ib-error.h"
#include "engine/io/ib-fileset.h"
#include "engine/os/ib-os.h"
#include "engine/run/ib-runner.h"
#include "engine/model/ib-types.h"
#include "ib-test-common.h"

#ifdef G_OS_UNIX
/* The lowest descriptor not open at or above @from. */
static int
free_fd_from (int from)
{
  int fd = from;

  while (fcntl (fd, F_GETFD) != -1)
    fd++;
  return fd;
}

static void
set_limit (rlim_t limit)
{
  struct rlimit rl = { limit, limit };

  g_assert_cmpint (setrlimit (RLIMIT_NOFILE, &rl), ==, 0);
}

/* Whether @dir holds a folder the file set made (iobench-XXXXXX). */
static gboolean
holds_test_folder (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    if (g_str_has_prefix (name, IB_FILESET_PREFIX))
      return TRUE;
  return FALSE;
}

static void
test_runner_refuses (void)
{
  if (g_test_subprocess ())
    {
      g_autoptr(IbPlan) plan = ib_plan_new ();
      g_autoptr(GError) error = NULL;
      IbRunner *runner;
      int open_now = free_fd_from (0);

      guint64 size = 4096;

      g_free (plan->dir);
      plan->dir = g_strdup (g_get_tmp_dir ());
      g_array_append_val (plan->file_sizes, size);
      g_ptr_array_add (plan->strategies, g_strdup ("sync-read-all"));
      /* Room for a few descriptors, not the IB_RUN_MIN_FREE_FDS a run needs. */
      set_limit ((rlim_t) free_fd_from (0) + 4);
      runner = ib_runner_new (plan, &error);
      g_assert_null (runner);
      g_assert_error (error, IB_ERROR, IB_ERROR_IO);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, "Too few file descriptors: "));
      g_assert_nonnull (strstr (error->message, "needed"));
      g_assert_cmpint (open_now, >, 0);
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

static void
test_fileset_folder (void)
{
  g_autofree char *parent = NULL;

  if (g_test_subprocess ())
    {
      g_autoptr(GError) error = NULL;
      const guint64 sizes[] = { 4096, 4096 };
      IbFileSet *set;
      const char *dir = g_getenv ("LOW_LIMITS_DIR");
      int first, second;

      g_assert_nonnull (dir);
      /* Exactly one descriptor free: the folder's lock takes it, and the
       * folder itself cannot be opened (after the wait for one to come
       * free, IB_FD_BACKOFF_GIVE_UP_US). */
      first = free_fd_from (0);
      second = free_fd_from (first + 1);
      set_limit ((rlim_t) second);
      set = ib_file_set_create (&(IbFileSetRequest) {
                                  .parent_dir = dir,
                                  .sizes = sizes,
                                  .n_sizes = G_N_ELEMENTS (sizes),
                                  .content = IB_CONTENT_RANDOM,
                                  .seed = 1,
                                },
                                NULL, &error);
      g_assert_null (set);
      g_assert_error (error, IB_ERROR, IB_ERROR_IO);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, "too few file descriptors"));
      g_assert_false (holds_test_folder (dir));
      return;
    }
  parent = ib_test_make_tmpdir ("iobench-low-XXXXXX");
  g_setenv ("LOW_LIMITS_DIR", parent, TRUE);
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
  g_assert_false (holds_test_folder (parent));
  g_assert_true (ib_test_remove_tree (parent));
}
#endif

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
#ifdef G_OS_UNIX
  g_test_add_func ("/low-limits/runner-refuses", test_runner_refuses);
  g_test_add_func ("/low-limits/fileset-folder", test_fileset_folder);
#endif
  return g_test_run ();
}
