/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-os-portable.c: ib-os.h with GLib and GIO only, for systems without a
 * dedicated implementation (and Linux with -Dportable=true). Cache control is
 * not available (cache mode "as-is" only), residency is unknown (-1) and
 * resource usage reads as zero. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <string.h>

#include <gio/gio.h>
#include <glib/gi18n.h>

#ifdef G_OS_UNIX
#include <sys/resource.h>
#include <unistd.h>
#endif

#include "engine/model/ib-error.h"
#include "engine/os/ib-os.h"

gint64
ib_os_monotonic_ns (void)
{
  return g_get_monotonic_time () * 1000;
}

gboolean
ib_os_can_control_cache (void)
{
  return FALSE;
}

double
ib_os_residency (const char *path)
{
  g_return_val_if_fail (path != NULL, -1);

  return -1;
}

gboolean
ib_os_drop_cache (const char  *path,
                  GError     **error)
{
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  g_set_error_literal (error, IB_ERROR, IB_ERROR_UNSUPPORTED,
                       /* Translators: dropping the page cache of test files */
                       _ ("Dropping cached file pages is not supported on this system"));
  return FALSE;
}

gint64
ib_os_process_cpu_ns (void)
{
  return -1; /* no precise source here */
}

void
ib_os_rusage (IbRusage *out)
{
  g_return_if_fail (out != NULL);

  memset (out, 0, sizeof *out);
  out->cpu_ns = -1;   /* no precise source here */
}

const char *
ib_os_virtual_disk_kind (const char *sys_block)
{
  g_return_val_if_fail (sys_block != NULL, NULL);

  return NULL;
}

gboolean
ib_os_reset_peak_rss (void)
{
  return FALSE;
}

/* The descriptor limit is POSIX, not Linux: every Unix gets it. Elsewhere
 * assume a conservative 512 (the C runtime's default on Windows), so that
 * files in flight are still capped rather than failing with "too many open
 * files". */
#ifdef G_OS_UNIX
static guint
rlim_to_guint (rlim_t value)
{
  if (value == RLIM_INFINITY || value > G_MAXUINT)
    return G_MAXUINT;
  return (guint) value;
}
#endif

guint
ib_os_nofile_limit (void)
{
#ifdef G_OS_UNIX
  struct rlimit rl;

  if (getrlimit (RLIMIT_NOFILE, &rl) == 0)
    return rlim_to_guint (rl.rlim_cur);
#endif
  return 512;
}

guint
ib_os_raise_nofile_limit (void)
{
#ifdef G_OS_UNIX
  struct rlimit rl;

  if (getrlimit (RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur != rl.rlim_max)
    {
      struct rlimit want = rl;

      want.rlim_cur = rl.rlim_max;
      if (setrlimit (RLIMIT_NOFILE, &want) != 0)
        g_debug ("Cannot raise RLIMIT_NOFILE to its hard limit");
    }
#endif
  return ib_os_nofile_limit ();
}

guint64
ib_os_memory_bytes (void)
{
  return 0;
}

/* No counters and no load average here: a busy machine is "unknown". */
gboolean
ib_os_cpu_stat_head (char *buf,
                     gsize size)
{
  return FALSE;
}

char *
ib_os_loadavg_text (void)
{
  return NULL;
}

char *
ib_os_cpu_model (void)
{
  return NULL;
}

char *
ib_os_kernel (void)
{
  return NULL;
}

gboolean
ib_os_mount_info (const char   *path,
                  IbMountInfo  *out,
                  GError      **error)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GFileInfo) info = NULL;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  memset (out, 0, sizeof *out);
  out->rotational = -1;

  file = g_file_new_for_path (path);
  info = g_file_query_filesystem_info (file,
                                       G_FILE_ATTRIBUTE_FILESYSTEM_FREE ","
                                       G_FILE_ATTRIBUTE_FILESYSTEM_TYPE,
                                       NULL, error);
  if (info == NULL)
    return FALSE;

  if (g_file_info_has_attribute (info, G_FILE_ATTRIBUTE_FILESYSTEM_FREE))
    out->free_bytes = g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_FILESYSTEM_FREE);
  if (g_file_info_has_attribute (info, G_FILE_ATTRIBUTE_FILESYSTEM_TYPE))
    out->fs_type = g_strdup (g_file_info_get_attribute_string (info,
                                                               G_FILE_ATTRIBUTE_FILESYSTEM_TYPE));
  if (out->fs_type == NULL)
    out->note = g_strdup (_("GIO does not report the file-system type on this system"));

  ib_os_mount_info_classify (out);
  return TRUE;
}

gboolean
ib_os_preallocate (int         fd,
                   guint64     size,
                   GError    **error)
{
  return TRUE;
}

gboolean
ib_os_can_direct (void)
{
  return FALSE;
}

int
ib_os_open_direct (const char *path,
                   GError    **error)
{
  g_set_error (error, IB_ERROR, IB_ERROR_UNSUPPORTED,
               _("--direct: direct I/O (O_DIRECT) needs the Linux build; this is the "
                 "portable one"));
  return -1;
}

gsize
ib_os_direct_alignment (int fd)
{
  return 4096;
}

/* ---- run-queue wait and write-back ----------------------------------------- */

gint64
ib_os_thread_runq_wait_ns (void)
{
  return -1;
}

GArray *
ib_os_threads_runq_wait (void)
{
  return NULL;
}

gboolean
ib_os_sync_fs (const char *path)
{
  g_return_val_if_fail (path != NULL, FALSE);

#ifdef G_OS_UNIX
  /* POSIX has no per-file-system sync: write back everything. */
  sync ();
  return TRUE;
#else
  return FALSE;
#endif
}
