/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-environment.c: describes the machine and the target file system.
 *
 * Everything OS-specific goes through ib-os.h; this file only assembles the
 * IbEnvironment a report records (docs/architecture.md, "Reports, findings
 * and charts"). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <string.h>

#include <glib.h>

#include "engine/os/ib-environment.h"
#include "engine/os/ib-os.h"

/* GTask runs g_task_run_in_thread() work (and, for local files, every step of
 * g_file_load_contents_async) on a private GThreadPool whose size is fixed at
 * 10 threads in GLib 2.74: G_TASK_POOL_SIZE in gio/gtask.c. It is not exposed
 * through any API, so we record the constant the pinned GLib uses. */
#define IB_GTASK_POOL_SIZE 10

IbEnvironment *
ib_environment_probe (const char *target_dir)
{
  IbEnvironment *env = ib_environment_new ();
  IbMountInfo mount = { NULL, };
  g_autoptr(GError) error = NULL;

  env->os = ib_os_pretty_name ();
  env->kernel = ib_os_kernel ();
  env->cpu_model = ib_os_cpu_model ();
  env->cores = ib_os_n_cores ();
  env->memory_bytes = ib_os_memory_bytes ();
  /* The GLib the process runs with, not the one it was compiled against. */
  env->glib_version = g_strdup_printf ("%u.%u.%u",
                                       glib_major_version,
                                       glib_minor_version,
                                       glib_micro_version);
  env->gtk_version = NULL;
  env->adw_version = NULL;
  env->gtask_pool_size = IB_GTASK_POOL_SIZE;
  env->nofile_limit = ib_os_nofile_limit ();
  env->app_version = g_strdup (PACKAGE_VERSION);
  env->hostname = g_strdup (g_get_host_name ());
  env->rotational = -1;

  if (target_dir != NULL)
    {
      mount.rotational = -1;
      if (ib_os_mount_info (target_dir, &mount, &error))
        {
          env->fs_type = g_steal_pointer (&mount.fs_type);
          env->fs_note = g_steal_pointer (&mount.note);
          env->mount_options = g_steal_pointer (&mount.mount_options);
          env->device = g_steal_pointer (&mount.device);
          env->device_model = g_steal_pointer (&mount.device_model);
          env->virtual_disk = g_steal_pointer (&mount.virtual_disk);
          env->rotational = mount.rotational;
          env->free_bytes = mount.free_bytes;
          env->is_tmpfs = mount.is_tmpfs;
          env->is_fuse = mount.is_fuse;
        }
      else
        {
          /* The machine is still described; the file system is unknown, and why. */
          env->fs_note = g_strdup (error->message);
        }
      ib_mount_info_clear (&mount);
    }

  return env;
}

/* The value of the mount option @name in @env's options ("" for a bare
 * flag), or NULL when it is not there. */
static char *
mount_option (const IbEnvironment *env,
              const char          *name)
{
  g_auto(GStrv) opts = NULL;
  gsize len = strlen (name);

  if (env->mount_options == NULL)
    return NULL;
  opts = g_strsplit (env->mount_options, ",", -1);
  for (guint i = 0; opts[i] != NULL; i++)
    {
      if (g_str_equal (opts[i], name))
        return g_strdup ("");
      if (strncmp (opts[i], name, len) == 0 && opts[i][len] == '=')
        return g_strdup (opts[i] + len + 1);
    }
  return NULL;
}

static gboolean
fs_is (const IbEnvironment *env,
       const char          *type)
{
  return env->fs_type != NULL && g_str_equal (env->fs_type, type);
}

gboolean
ib_environment_copy_on_write (const IbEnvironment *env)
{
  g_autofree char *nodatacow = NULL;

  g_return_val_if_fail (env != NULL, FALSE);

  if (fs_is (env, "bcachefs") || fs_is (env, "zfs"))
    return TRUE;
  if (!fs_is (env, "btrfs"))
    return FALSE;
  nodatacow = mount_option (env, "nodatacow");
  return nodatacow == NULL;
}

char *
ib_environment_compression (const IbEnvironment *env)
{
  /* btrfs: compress[=alg[:level]], compress-force[=...]; bcachefs:
   * compression=alg, background_compression=alg. Bare compress is zlib. */
  static const char * const names[] = {
    "compress-force", "compress", "compression", "background_compression",
  };

  g_return_val_if_fail (env != NULL, NULL);

  if (!fs_is (env, "btrfs") && !fs_is (env, "bcachefs"))
    return NULL;
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *value = mount_option (env, names[i]);
      char *colon;

      if (value == NULL)
        continue;
      colon = strchr (value, ':');
      if (colon != NULL)
        *colon = '\0';
      if (g_str_equal (value, "no") || g_str_equal (value, "none"))
        return NULL;
      return g_strdup (*value != '\0' ? value : "zlib");
    }
  return NULL;
}
