/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The environment probe (src/engine/ib-environment.c). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <string.h>

#include "engine/ib-environment.h"

static void
test_probe (void)
{
  g_autoptr(IbEnvironment) env = ib_environment_probe (g_get_tmp_dir ());
  g_autofree char *glib = g_strdup_printf ("%u.%u.%u", glib_major_version,
                                           glib_minor_version, glib_micro_version);

  g_assert_nonnull (env);
  g_assert_cmpstr (env->glib_version, ==, glib);
  g_assert_cmpstr (env->app_version, ==, PACKAGE_VERSION);
  g_assert_cmpstr (env->hostname, ==, g_get_host_name ());
  g_assert_cmpuint (env->gtask_pool_size, ==, 10);
  g_assert_cmpuint (env->cores, >=, 1);
  g_assert_null (env->gtk_version);
  g_assert_null (env->adw_version);
  g_assert_true (env->rotational >= -1 && env->rotational <= 1);
#if IB_OS_LINUX
  g_assert_nonnull (env->kernel);
  g_assert_nonnull (env->fs_type);
  g_assert_cmpuint (env->memory_bytes, >, 0);
  g_assert_cmpuint (env->free_bytes, >, 0);
#endif
}

static void
test_missing_dir (void)
{
  /* A folder that does not exist: the machine is still described, the file
   * system is unknown, nothing crashes. */
  g_autoptr(IbEnvironment) env = ib_environment_probe ("/nonexistent/iobench/dir");
  g_autoptr(IbEnvironment) none = ib_environment_probe (NULL);

  g_assert_nonnull (env->glib_version);
  g_assert_null (env->fs_type);
  g_assert_false (env->is_tmpfs);
  g_assert_cmpint (env->rotational, ==, -1);
  g_assert_nonnull (none->glib_version);
  g_assert_null (none->fs_type);
}

static void
test_tmpfs (void)
{
  g_autofree char *mounts = NULL;
  g_autoptr(IbEnvironment) env = NULL;

  /* Only where /dev/shm is a tmpfs mount, as /proc/mounts says. */
  if (!g_file_get_contents ("/proc/mounts", &mounts, NULL, NULL)
      || strstr (mounts, " /dev/shm tmpfs ") == NULL)
    {
      g_test_skip ("/dev/shm is not a tmpfs mount here");
      return;
    }
  env = ib_environment_probe ("/dev/shm");
#if IB_OS_LINUX
  g_assert_cmpstr (env->fs_type, ==, "tmpfs");
  g_assert_true (env->is_tmpfs);
  g_assert_false (env->is_fuse);
#endif
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/report/environment/probe", test_probe);
  g_test_add_func ("/report/environment/missing-dir", test_missing_dir);
  g_test_add_func ("/report/environment/tmpfs", test_tmpfs);
  return g_test_run ();
}
