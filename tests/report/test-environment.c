/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The environment probe (src/engine/os/ib-environment.c). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <string.h>

#include "engine/os/ib-environment.h"
#include "report/ib-report-io.h"
#include "analysis/ib-tables.h"
#include "report-fixture.h"
#include "ib-test-writers.h"

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
  /* The file-system type, or (in a chroot, whose mount table does not show the
   * folder's mount) the reason it is unknown: never both, never neither. */
  g_assert_true ((env->fs_type != NULL) != (env->fs_note != NULL));
  if (env->fs_note != NULL)
    g_test_message ("file system unknown here: %s", env->fs_note);
#if IB_OS_LINUX
  g_assert_nonnull (env->kernel);
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
  g_assert_nonnull (strstr (env->fs_note, "/nonexistent/iobench/dir"));
  g_assert_false (env->is_tmpfs);
  g_assert_cmpint (env->rotational, ==, -1);
  g_assert_nonnull (none->glib_version);
  g_assert_null (none->fs_type);
  g_assert_null (none->fs_note);
}

static const char *
table_value (const IbTable *table,
             const char    *item)
{
  guint i;

  for (i = 0; i < table->rows->len; i++)
    {
      char **row = g_ptr_array_index (table->rows, i);

      if (g_str_equal (row[0], item))
        return row[1];
    }
  return NULL;
}

/* A run where the file system is unknown (a chroot): the report says so, with
 * the reason, and keeps the reason through JSON; a report without one (every
 * report written before there was one) still loads. */
static void
test_unknown_fs (void)
{
  g_autoptr(IbReport) report = fx_report_new (40);
  g_autoptr(IbReport) loaded = NULL;
  g_autoptr(IbTable) table = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *json = NULL;
  g_autofree char *known_json = NULL;
  const char *reason = "/proc/self/mountinfo lists no mount holding “/x”, as in a chroot";

  known_json = ib_test_to_json (report, NULL);
  g_assert_null (strstr (known_json, "fs_note"));
  loaded = ib_report_from_json (known_json, -1, &error);
  g_assert_no_error (error);
  g_assert_nonnull (loaded->environment->fs_type);
  g_assert_null (loaded->environment->fs_note);
  g_clear_pointer (&loaded, ib_report_unref);

  g_clear_pointer (&report->environment->fs_type, g_free);
  g_clear_pointer (&report->environment->mount_options, g_free);
  report->environment->fs_note = g_strdup (reason);

  table = ib_table_environment (report);
  g_assert_nonnull (strstr (table_value (table, "File system"), "unknown"));
  g_assert_nonnull (strstr (table_value (table, "File system"), reason));

  json = ib_test_to_json (report, NULL);
  g_assert_no_error (error);
  loaded = ib_report_from_json (json, -1, &error);
  g_assert_no_error (error);
  g_assert_null (loaded->environment->fs_type);
  g_assert_cmpstr (loaded->environment->fs_note, ==, reason);
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

/* Copy-on-write and compression, read from the type and the mount options. */
static void
test_copy_on_write (void)
{
  static const struct
  {
    const char *type;
    const char *options;
    gboolean    cow;
    const char *compression;
  } cases[] = {
    { "btrfs", "rw,relatime,space_cache=v2,subvolid=5,subvol=/", TRUE, NULL },
    { "btrfs", "rw,relatime,compress=zstd:3,space_cache=v2", TRUE, "zstd" },
    { "btrfs", "rw,compress-force=lzo", TRUE, "lzo" },
    { "btrfs", "rw,compress", TRUE, "zlib" },
    { "btrfs", "rw,compress=no", TRUE, NULL },
    { "btrfs", "rw,nodatacow,nodatasum", FALSE, NULL },
    { "bcachefs", "rw,compression=lz4", TRUE, "lz4" },
    { "xfs", "rw,inode64,logbufs=8,logbsize=32k,noquota", FALSE, NULL },
    { "ext4", "rw,compress=zstd", FALSE, NULL },
    { NULL, NULL, FALSE, NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(IbEnvironment) env = ib_environment_new ();
      g_autofree char *compression = NULL;

      env->fs_type = g_strdup (cases[i].type);
      env->mount_options = g_strdup (cases[i].options);
      compression = ib_environment_compression (env);
      g_assert_cmpint (ib_environment_copy_on_write (env), ==, cases[i].cow);
      g_assert_cmpstr (compression, ==, cases[i].compression);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/report/environment/probe", test_probe);
  g_test_add_func ("/report/environment/missing-dir", test_missing_dir);
  g_test_add_func ("/report/environment/tmpfs", test_tmpfs);
  g_test_add_func ("/report/environment/unknown-fs", test_unknown_fs);
  g_test_add_func ("/report/environment/copy-on-write", test_copy_on_write);
  return g_test_run ();
}
