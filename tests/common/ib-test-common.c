/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-test-common.c: temporary folders and iobench-cli runs for the tests. */
#define G_LOG_DOMAIN "iobench-test"

#include "config.h"

#include <errno.h>
#include <sys/stat.h>

#include <glib/gstdio.h>

#include "ib-test-common.h"

char *
ib_test_make_tmpdir (const char *tmpl)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp (tmpl, &error);

  g_assert_no_error (error);
  return dir;
}

gboolean
ib_test_remove_tree (const char *path)
{
  GStatBuf st;
  gboolean ok = TRUE;

  if (g_lstat (path, &st) != 0)
    return errno == ENOENT;
  if (S_ISDIR (st.st_mode))
    {
      g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
      const char *name;

      while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);

          ok = ib_test_remove_tree (child) && ok;
        }
      if (g_rmdir (path) != 0)
        {
          g_test_message ("cannot remove %s: %s", path, g_strerror (errno));
          return FALSE;
        }
      return ok;
    }
  if (g_unlink (path) != 0)
    {
      g_test_message ("cannot remove %s: %s", path, g_strerror (errno));
      return FALSE;
    }
  return TRUE;
}

GSubprocess *
ib_test_spawn_cli (const char * const *args,
                   const char         *cache_dir)
{
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  const char *cli = g_getenv ("IOBENCH_CLI");
  GSubprocess *proc;

  g_assert_nonnull (cli);
  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                                        G_SUBPROCESS_FLAGS_STDERR_PIPE);
  if (cache_dir != NULL)
    g_subprocess_launcher_setenv (launcher, "XDG_CACHE_HOME", cache_dir, TRUE);
  g_subprocess_launcher_setenv (launcher, "LC_ALL", "C.UTF-8", TRUE);
  g_ptr_array_add (argv, (char *) cli);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);
  proc = g_subprocess_launcher_spawnv (launcher, (const char * const *) argv->pdata, &error);
  g_assert_no_error (error);
  return proc;
}

int
ib_test_run_cli (const char * const  *args,
                 const char          *cache_dir,
                 char               **out,
                 char               **err)
{
  g_autoptr(GSubprocess) proc = ib_test_spawn_cli (args, cache_dir);
  g_autoptr(GError) error = NULL;
  char *o = NULL, *e = NULL;

  g_subprocess_communicate_utf8 (proc, NULL, NULL, &o, &e, &error);
  g_assert_no_error (error);
  if (out != NULL)
    *out = o;
  else
    g_free (o);
  if (err != NULL)
    *err = e;
  else
    g_free (e);
  if (!g_subprocess_get_if_exited (proc))
    return -1;
  return g_subprocess_get_exit_status (proc);
}

static gboolean
spin_wake (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

void
ib_test_spin (guint ms)
{
  gint64 end = g_get_monotonic_time () + (gint64) ms * 1000;
  guint id = g_timeout_add (10, spin_wake, NULL);

  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (id);
}

gboolean
ib_test_wait_until (gboolean (*cond) (gpointer data),
                    gpointer   data,
                    guint      timeout_s)
{
  gint64 end = g_get_monotonic_time () + (gint64) timeout_s * G_USEC_PER_SEC;
  guint id = g_timeout_add (20, spin_wake, NULL);
  gboolean ok = TRUE;

  while (!cond (data))
    {
      if (g_get_monotonic_time () > end)
        {
          ok = FALSE;
          break;
        }
      g_main_context_iteration (NULL, TRUE);
    }
  g_source_remove (id);
  return ok;
}
