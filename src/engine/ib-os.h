/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-os.h: every OS-specific call, behind one small interface per concern.
 *
 * ib-os-linux.c implements it with posix_fadvise, mincore, getrusage, /proc
 * and sysfs; ib-os-portable.c is the fallback meson picks on other systems
 * (and on Linux with -Dportable=true): cache mode "as-is" only, residency
 * unknown (-1), resource usage from what GLib offers.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* clock */
gint64   ib_os_monotonic_ns       (void);

/* page cache */
gboolean ib_os_can_control_cache  (void);
/* Page-cache residency of @path in 0..1, or -1 when it cannot be known. */
double   ib_os_residency          (const char *path);
/* Asks the kernel to drop @path's pages (posix_fadvise DONTNEED). */
gboolean ib_os_drop_cache         (const char *path,
                                   GError    **error);

/* Reserves @size bytes for the (new, empty) file open for writing as @fd,
 * as fio does before writing: fewer extents, and a full disk is found before
 * the first byte. Does nothing where the OS or file system cannot (not an
 * error); G_IO_ERROR from errno otherwise (G_IO_ERROR_NO_SPACE when full). */
gboolean ib_os_preallocate        (int         fd,
                                   guint64     size,
                                   GError    **error);

/* A buffer for a whole file's content, freed with g_free(). On Linux, sizes
 * of 2 MiB and more are 2 MiB-aligned and advised as transparent huge pages:
 * a fresh 1 GiB buffer then takes ~500 page faults instead of ~262,000, as
 * a careful C program would allocate it. Elsewhere plain g_malloc(). */
gpointer ib_os_alloc_buffer       (gsize       size);

/* resource usage, process-wide */
typedef struct
{
  gint64 user_ns;
  gint64 sys_ns;
  gint64 vol_ctxsw;
  gint64 invol_ctxsw;
  gint64 minflt;
  gint64 majflt;
  guint64 peak_rss_bytes;
} IbRusage;

void     ib_os_rusage             (IbRusage   *out);
/* Resets the peak RSS high-water mark where the OS allows it
 * (/proc/self/clear_refs "5"); returns FALSE when it cannot. */
gboolean ib_os_reset_peak_rss     (void);

/* file descriptors */
/* Raises the soft RLIMIT_NOFILE to the hard limit; returns the soft limit now
 * in force (G_MAXUINT when unlimited or unknown). */
guint    ib_os_raise_nofile_limit (void);
guint    ib_os_nofile_limit       (void);
/* Descriptors a run may hold open for its files below the soft limit
 * @limit: the limit less a reserve for everything else the process holds
 * (64, or half the limit when that is less), at least 1; G_MAXUINT stays
 * G_MAXUINT. With "ulimit -n 64" that is 32 files in flight, not 1. */
guint    ib_os_fd_budget          (guint      limit);

/* machine */
guint    ib_os_n_cores            (void);
guint64  ib_os_memory_bytes       (void);   /* 0 when unknown */
char    *ib_os_cpu_model          (void);   /* NULL when unknown */
char    *ib_os_kernel             (void);   /* "Linux 6.1.0-...", NULL when unknown */
char    *ib_os_pretty_name        (void);   /* os-release PRETTY_NAME, NULL when unknown */
/* TRUE when a process with this id exists (also when it is someone else's).
 * Where it cannot be known the answer is TRUE, so a live run is never reaped. */
gboolean ib_os_pid_alive          (gint64 pid);

typedef struct
{
  char    *fs_type;
  char    *mount_options;
  char    *mount_point;
  char    *device;
  char    *device_model;
  int      rotational;   /* 1, 0, -1 unknown */
  guint64  free_bytes;
  gboolean is_tmpfs;
  gboolean is_fuse;
  char    *note;         /* why fs_type is unknown (NULL when it is known) */
} IbMountInfo;

/* Describes the file system holding @path. Fields it cannot find stay NULL/-1;
 * when the file-system type cannot be found (a chroot, whose mount table does not
 * show the mount holding @path), fs_type stays NULL and note says why. FALSE, with
 * @error set, only when @path itself cannot be resolved. */
gboolean ib_os_mount_info         (const char  *path,
                                   IbMountInfo *out,
                                   GError     **error);
void     ib_mount_info_clear      (IbMountInfo *info);

/* Internal, shared by the implementations: sets is_tmpfs / is_fuse from fs_type. */
void     ib_os_mount_info_classify (IbMountInfo *info);

/* Internal, and tested on its own: finds in @mountinfo (the text of
 * /proc/self/mountinfo) the mount holding the resolved absolute @path (the
 * longest mount point above it; the last one mounted of equal ones) and fills
 * mount_point, fs_type, mount_options and device of @out, and the mount's device
 * number. FALSE, with @out untouched, when no entry holds @path. */
gboolean ib_os_mountinfo_lookup   (const char  *mountinfo,
                                   const char  *path,
                                   IbMountInfo *out,
                                   guint       *major,
                                   guint       *minor);

G_END_DECLS
