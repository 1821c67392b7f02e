/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-os-common.c: the parts of ib-os.h that need nothing beyond GLib and
 * POSIX, shared by the Linux and the portable implementations. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <errno.h>
#include <glib.h>

#ifdef G_OS_UNIX
#include <signal.h>
#include <sys/types.h>
#endif

#include "ib-os.h"

guint
ib_os_n_cores (void)
{
  return MAX (1, g_get_num_processors ());
}

char *
ib_os_pretty_name (void)
{
  char *name = g_get_os_info (G_OS_INFO_KEY_PRETTY_NAME);

  if (name == NULL)
    name = g_get_os_info (G_OS_INFO_KEY_NAME);
  return name;
}

gboolean
ib_os_pid_alive (gint64 pid)
{
#ifdef G_OS_UNIX
  if (pid <= 0 || pid != (gint64) (pid_t) pid)
    return FALSE;
  if (kill ((pid_t) pid, 0) == 0)
    return TRUE;
  /* EPERM: the process exists but belongs to someone else. */
  return errno == EPERM;
#else
  /* Without a way to ask, assume it is alive: never reap a live run. */
  return TRUE;
#endif
}

void
ib_mount_info_clear (IbMountInfo *info)
{
  g_return_if_fail (info != NULL);

  g_clear_pointer (&info->fs_type, g_free);
  g_clear_pointer (&info->mount_options, g_free);
  g_clear_pointer (&info->mount_point, g_free);
  g_clear_pointer (&info->device, g_free);
  g_clear_pointer (&info->device_model, g_free);
  info->rotational = -1;
  info->free_bytes = 0;
  info->is_tmpfs = FALSE;
  info->is_fuse = FALSE;
}

/* Used by both implementations once the file-system type is known. */
void
ib_os_mount_info_classify (IbMountInfo *info)
{
  const char *t = info->fs_type;

  info->is_tmpfs = t != NULL && (g_str_equal (t, "tmpfs") || g_str_equal (t, "ramfs"));
  info->is_fuse = t != NULL && (g_str_equal (t, "fuse") || g_str_equal (t, "fuseblk") ||
                                g_str_has_prefix (t, "fuse."));
}

guint
ib_os_fd_budget (guint limit)
{
  guint reserve;

  if (limit == G_MAXUINT)
    return G_MAXUINT;
  reserve = MIN (64, limit / 2);
  return limit > reserve + 1 ? limit - reserve : 1;
}
