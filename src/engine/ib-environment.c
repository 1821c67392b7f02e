/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-environment.c: describes the machine and the target file system.
 *
 * Everything OS-specific goes through ib-os.h; this file only assembles the
 * IbEnvironment a report records (DESIGN.md section 8). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib.h>

#include "ib-environment.h"
#include "ib-os.h"

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
