/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-os-linux.c: ib-os.h on Linux: clock_gettime, posix_fadvise, mincore,
 * getrusage, setrlimit, /proc and sysfs. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/sysmacros.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "engine/model/ib-error.h"
#include "engine/os/ib-os.h"

gint64
ib_os_monotonic_ns (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (gint64) ts.tv_sec * G_GINT64_CONSTANT (1000000000) + ts.tv_nsec;
}

gboolean
ib_os_can_control_cache (void)
{
  return TRUE;
}

/* Mapped a window at a time so huge files need no huge address range. */
#define RESIDENCY_WINDOW (G_GUINT64_CONSTANT (64) * 1024 * 1024)

double
ib_os_residency (const char *path)
{
  struct stat st;
  long page;
  guint64 size, n_pages, resident = 0, offset;
  unsigned char *vec;
  int fd;

  g_return_val_if_fail (path != NULL, -1);

  fd = open (path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
  if (fd < 0)
    return -1;
  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode))
    {
      close (fd);
      return -1;
    }
  size = (guint64) st.st_size;
  if (size == 0)
    {
      close (fd);
      return 1.0;
    }

  page = sysconf (_SC_PAGESIZE);
  if (page <= 0)
    page = 4096;
  n_pages = (size + (guint64) page - 1) / (guint64) page;
  vec = g_malloc ((gsize) (RESIDENCY_WINDOW / (guint64) page));

  for (offset = 0; offset < size; offset += RESIDENCY_WINDOW)
    {
      gsize len = (gsize) MIN (RESIDENCY_WINDOW, size - offset);
      gsize pages = (len + (gsize) page - 1) / (gsize) page, i;
      void *map = mmap (NULL, len, PROT_READ, MAP_SHARED, fd, (off_t) offset);

      if (map == MAP_FAILED)
        goto fail;
      if (mincore (map, len, vec) != 0)
        {
          munmap (map, len);
          goto fail;
        }
      for (i = 0; i < pages; i++)
        resident += vec[i] & 1;
      munmap (map, len);
    }

  g_free (vec);
  close (fd);
  return (double) resident / (double) n_pages;

fail:
  g_free (vec);
  close (fd);
  return -1;
}

gboolean
ib_os_drop_cache (const char  *path,
                  GError     **error)
{
  int fd, err;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  fd = open (path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
  if (fd < 0)
    {
      int saved = errno;
      g_set_error (error, IB_ERROR, IB_ERROR_IO,
                   _("Cannot open “%s” to drop its cached pages: %s"),
                   path, g_strerror (saved));
      return FALSE;
    }

  /* Dirty pages cannot be dropped: write them out first. */
  if (fdatasync (fd) != 0 && errno != EINVAL && errno != EROFS)
    {
      int saved = errno;
      close (fd);
      g_set_error (error, IB_ERROR, IB_ERROR_IO,
                   _("Cannot flush “%s” to disk: %s"), path, g_strerror (saved));
      return FALSE;
    }

  err = posix_fadvise (fd, 0, 0, POSIX_FADV_DONTNEED);
  close (fd);
  if (err != 0)
    {
      g_set_error (error, IB_ERROR, IB_ERROR_UNSUPPORTED,
                   _("Cannot drop the cached pages of “%s”: %s"), path, g_strerror (err));
      return FALSE;
    }
  return TRUE;
}

static gint64
timeval_ns (const struct timeval *tv)
{
  return (gint64) tv->tv_sec * G_GINT64_CONSTANT (1000000000) + (gint64) tv->tv_usec * 1000;
}

/* Reads "Key:   123 kB" from /proc/self/status; returns bytes or 0. */
static guint64
proc_status_kb (const char *key)
{
  g_autofree char *contents = NULL;
  gsize key_len = strlen (key);
  const char *line;

  if (!g_file_get_contents ("/proc/self/status", &contents, NULL, NULL))
    return 0;

  for (line = contents; line != NULL && *line != '\0'; )
    {
      const char *next = strchr (line, '\n');

      if (strncmp (line, key, key_len) == 0 && line[key_len] == ':')
        return g_ascii_strtoull (line + key_len + 1, NULL, 10) * 1024;
      line = next != NULL ? next + 1 : NULL;
    }
  return 0;
}

/* One descriptor for the whole process: opening clear_refs per sample cost
 * more than the rest of the sample bracket. -1 when it cannot be opened. */
static int
clear_refs_fd (void)
{
  static gsize once = 0;
  static int fd = -1;

  if (g_once_init_enter (&once))
    {
      fd = open ("/proc/self/clear_refs", O_WRONLY | O_CLOEXEC);
      g_once_init_leave (&once, 1);
    }
  return fd;
}

gboolean
ib_os_reset_peak_rss (void)
{
  int fd = clear_refs_fd ();

  return fd >= 0 && write (fd, "5", 1) == 1;
}

/* TRUE when ru_maxrss cannot follow a peak-RSS reset: right after a reset
 * it should be close to VmHWM; a pre-exec image with a higher peak keeps it
 * above. Decided once per process. */
static gboolean
maxrss_is_pinned (void)
{
  static gsize once = 0;
  static gboolean pinned = TRUE;

  if (g_once_init_enter (&once))
    {
      struct rusage ru;
      guint64 hwm;

      if (ib_os_reset_peak_rss () && getrusage (RUSAGE_SELF, &ru) == 0 &&
          (hwm = proc_status_kb ("VmHWM")) > 0)
        pinned = (guint64) ru.ru_maxrss * 1024 > hwm + 4 * 1024 * 1024;
      g_once_init_leave (&once, 1);
    }
  return pinned;
}

gint64
ib_os_process_cpu_ns (void)
{
  struct timespec ts;

  return clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts) == 0
           ? (gint64) ts.tv_sec * G_GINT64_CONSTANT (1000000000) + ts.tv_nsec
           : -1;
}

void
ib_os_rusage (IbRusage *out)
{
  struct rusage ru;

  g_return_if_fail (out != NULL);

  memset (out, 0, sizeof *out);
  /* CLOCK_PROCESS_CPUTIME_ID is the scheduler's exact runtime (ns) summed
   * over every thread of the process, exited threads included: the runner,
   * GLib's task pool and GIO's workers alike. getrusage's utime/stime are
   * that same total split by tick sampling (4 ms here): a short sample can
   * read "user 0 ns". */
  out->cpu_ns = ib_os_process_cpu_ns ();
  if (getrusage (RUSAGE_SELF, &ru) != 0)
    return;

  out->user_ns = timeval_ns (&ru.ru_utime);
  out->sys_ns = timeval_ns (&ru.ru_stime);
  out->vol_ctxsw = ru.ru_nvcsw;
  out->invol_ctxsw = ru.ru_nivcsw;
  out->minflt = ru.ru_minflt;
  out->majflt = ru.ru_majflt;

  /* Reading /proc/self/status costs ~14 µs, getrusage < 1 µs: take the
   * peak from ru_maxrss, which follows a clear_refs reset (the kernel reports
   * the larger of the mm's high-water mark and the image before exec), unless
   * that pre-exec peak pins it (checked once), then from VmHWM. */
  if (maxrss_is_pinned ())
    out->peak_rss_bytes = proc_status_kb ("VmHWM");
  else
    out->peak_rss_bytes = (guint64) ru.ru_maxrss * 1024;
  if (out->peak_rss_bytes == 0)
    out->peak_rss_bytes = (guint64) ru.ru_maxrss * 1024;
}

static guint
rlim_to_guint (rlim_t value)
{
  if (value == RLIM_INFINITY || value >= (rlim_t) G_MAXUINT)
    return G_MAXUINT;
  return (guint) value;
}

guint
ib_os_nofile_limit (void)
{
  struct rlimit rl;

  if (getrlimit (RLIMIT_NOFILE, &rl) != 0)
    return G_MAXUINT;
  return rlim_to_guint (rl.rlim_cur);
}

guint
ib_os_raise_nofile_limit (void)
{
  struct rlimit rl;

  if (getrlimit (RLIMIT_NOFILE, &rl) != 0)
    return G_MAXUINT;

  if (rl.rlim_cur != rl.rlim_max)
    {
      struct rlimit want = rl;

      want.rlim_cur = rl.rlim_max;
      if (setrlimit (RLIMIT_NOFILE, &want) != 0 && rl.rlim_max == RLIM_INFINITY)
        {
          /* Linux refuses an infinite soft limit for files: use fs.nr_open. */
          g_autofree char *nr_open = NULL;

          if (g_file_get_contents ("/proc/sys/fs/nr_open", &nr_open, NULL, NULL))
            {
              want.rlim_cur = (rlim_t) g_ascii_strtoull (nr_open, NULL, 10);
              if (want.rlim_cur > rl.rlim_cur && setrlimit (RLIMIT_NOFILE, &want) != 0)
                g_debug ("Cannot raise RLIMIT_NOFILE: %s", g_strerror (errno));
            }
        }
    }
  return ib_os_nofile_limit ();
}

guint64
ib_os_memory_bytes (void)
{
  long pages = sysconf (_SC_PHYS_PAGES);
  long page = sysconf (_SC_PAGESIZE);

  if (pages > 0 && page > 0)
    return (guint64) pages * (guint64) page;
  return proc_status_kb ("MemTotal");
}

/* The text of a file of /proc. In a build with -Dtest_hooks=true,
 * IOBENCH_TEST_PROC=DIR reads DIR/stat and DIR/loadavg instead (a busy
 * machine for the CLI's and the window's tests). */
static char *
proc_text (const char *path)
{
  char *text = NULL;
#if IB_TEST_HOOKS
  const char *fake = g_getenv ("IOBENCH_TEST_PROC");

  if (fake != NULL && *fake != '\0')
    {
      g_autofree char *base = g_path_get_basename (path);
      g_autofree char *faked = g_build_filename (fake, base, NULL);

      return g_file_get_contents (faked, &text, NULL, NULL) ? text : NULL;
    }
#endif
  return g_file_get_contents (path, &text, NULL, NULL) ? text : NULL;
}

/* /proc/stat, opened once: read twice around every sample. -1 until it
 * could be opened. */
static int cpu_stat_fd = -1;

gboolean
ib_os_cpu_stat_head (char *buf,
                     gsize size)
{
  int     fd = g_atomic_int_get (&cpu_stat_fd);
  ssize_t n;

  g_return_val_if_fail (buf != NULL && size > 1, FALSE);

#if IB_TEST_HOOKS
  if (g_getenv ("IOBENCH_TEST_PROC") != NULL && *g_getenv ("IOBENCH_TEST_PROC") != '\0')
    {
      g_autofree char *text = proc_text ("/proc/stat");

      if (text == NULL)
        return FALSE;
      g_strlcpy (buf, text, size);
      return TRUE;
    }
#endif
  if (fd < 0)
    {
      fd = open ("/proc/stat", O_RDONLY | O_CLOEXEC);
      if (fd < 0)
        return FALSE;
      /* Two threads at once: one keeps its descriptor, the other closes. */
      if (!g_atomic_int_compare_and_exchange (&cpu_stat_fd, -1, fd))
        {
          close (fd);
          fd = g_atomic_int_get (&cpu_stat_fd);
        }
    }
  /* The kernel makes the whole text again for a read at offset 0. */
  do
    n = pread (fd, buf, size - 1, 0);
  while (n < 0 && errno == EINTR);
  if (n <= 0)
    return FALSE;
  buf[n] = '\0';
  return TRUE;
}

char *
ib_os_loadavg_text (void)
{
  return proc_text ("/proc/loadavg");
}

char *
ib_os_cpu_model (void)
{
  static const char * const keys[] = { "model name", "Hardware", "cpu model", "Processor" };
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  guint k, i;

  if (!g_file_get_contents ("/proc/cpuinfo", &contents, NULL, NULL))
    return NULL;

  lines = g_strsplit (contents, "\n", -1);
  for (k = 0; k < G_N_ELEMENTS (keys); k++)
    for (i = 0; lines[i] != NULL; i++)
      {
        const char *colon;

        if (!g_str_has_prefix (lines[i], keys[k]))
          continue;
        colon = strchr (lines[i], ':');
        if (colon == NULL)
          continue;
        return g_strstrip (g_strdup (colon + 1));
      }
  return NULL;
}

char *
ib_os_kernel (void)
{
  struct utsname u;

  if (uname (&u) != 0)
    return NULL;
  return g_strdup_printf ("%s %s", u.sysname, u.release);
}

static char *
read_sys_line (const char *path)
{
  char *contents = NULL;

  if (!g_file_get_contents (path, &contents, NULL, NULL))
    return NULL;
  g_strstrip (contents);
  if (*contents == '\0')
    g_clear_pointer (&contents, g_free);
  return contents;
}

static gboolean
contains_ci (const char *haystack,
             const char *needle)
{
  g_autofree char *h = haystack != NULL ? g_ascii_strdown (haystack, -1) : NULL;
  g_autofree char *n = g_ascii_strdown (needle, -1);

  return h != NULL && strstr (h, n) != NULL;
}

const char *
ib_os_virtual_disk_kind (const char *sys_block)
{
  g_autofree char *device_link = g_build_filename (sys_block, "device", NULL);
  g_autofree char *driver_link = g_build_filename (sys_block, "device", "driver", NULL);
  g_autofree char *vendor_path = g_build_filename (sys_block, "device", "vendor", NULL);
  g_autofree char *model_path = g_build_filename (sys_block, "device", "model", NULL);
  g_autofree char *vendor = read_sys_line (vendor_path);
  g_autofree char *model = read_sys_line (model_path);
  g_autofree char *driver = NULL;
  char device[PATH_MAX], resolved[PATH_MAX];
  gboolean have_device;

  g_return_val_if_fail (sys_block != NULL, NULL);

  have_device = realpath (device_link, device) != NULL;
  if (realpath (driver_link, resolved) != NULL)
    driver = g_path_get_basename (resolved);

  /* virtio-blk (vdX) and virtio-scsi: the device sits on the virtio bus;
   * 0x1af4 is the virtio PCI vendor. */
  if ((have_device && strstr (device, "/virtio") != NULL) ||
      g_str_has_prefix (driver != NULL ? driver : "", "virtio") ||
      g_strcmp0 (vendor, "0x1af4") == 0)
    return "virtio";
  if ((have_device && (strstr (device, "/xen/") != NULL || strstr (device, "/vbd-") != NULL)) ||
      g_strcmp0 (driver, "vbd") == 0 || g_strcmp0 (driver, "xen-blkfront") == 0)
    return "Xen";
  if ((have_device && contains_ci (device, "/vmbus")) || g_strcmp0 (driver, "hv_storvsc") == 0 ||
      contains_ci (vendor, "msft"))
    return "Hyper-V";
  if (contains_ci (vendor, "vmware") || g_strcmp0 (driver, "vmw_pvscsi") == 0)
    return "VMware";
  if (contains_ci (vendor, "qemu") || contains_ci (model, "qemu"))
    return "QEMU";
  if (contains_ci (vendor, "vbox") || contains_ci (model, "vbox"))
    return "VirtualBox";
  return NULL;
}

/* Fills device_model and rotational from /sys/class/block/<name>, walking up
 * to the whole disk when @name is a partition. */
static void
probe_block_device (const char  *name,
                    IbMountInfo *out)
{
  g_autofree char *sys = g_build_filename ("/sys/class/block", name, NULL);
  g_autofree char *partition = g_build_filename (sys, "partition", NULL);
  g_autofree char *disk = NULL;
  g_autofree char *model_path = NULL;
  g_autofree char *rot_path = NULL;
  g_autofree char *rot = NULL;

  if (!g_file_test (sys, G_FILE_TEST_EXISTS))
    return;

  if (g_file_test (partition, G_FILE_TEST_EXISTS))
    {
      g_autofree char *parent_link = g_build_filename (sys, "..", NULL);
      char resolved[PATH_MAX];

      if (realpath (parent_link, resolved) != NULL)
        disk = g_path_get_basename (resolved);
    }
  if (disk == NULL)
    disk = g_strdup (name);

  model_path = g_build_filename ("/sys/class/block", disk, "device", "model", NULL);
  rot_path = g_build_filename ("/sys/class/block", disk, "queue", "rotational", NULL);
  out->device_model = read_sys_line (model_path);
  {
    g_autofree char *dir = g_build_filename ("/sys/class/block", disk, NULL);

    out->virtual_disk = g_strdup (ib_os_virtual_disk_kind (dir));
  }
  rot = read_sys_line (rot_path);
  if (rot != NULL)
    out->rotational = g_str_equal (rot, "1") ? 1 : g_str_equal (rot, "0") ? 0 : -1;
}

gboolean
ib_os_mount_info (const char   *path,
                  IbMountInfo  *out,
                  GError      **error)
{
  char resolved[PATH_MAX];
  g_autofree char *contents = NULL;
  g_autoptr(GError) read_error = NULL;
  guint major = 0, minor = 0;
  struct statvfs vfs;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  memset (out, 0, sizeof *out);
  out->rotational = -1;

  if (realpath (path, resolved) == NULL)
    {
      int saved = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   _("Cannot resolve “%s”: %s"), path, g_strerror (saved));
      return FALSE;
    }

  /* Where the mount is not found, the rest is still worth finding: free space. */
  if (!g_file_get_contents ("/proc/self/mountinfo", &contents, NULL, &read_error))
    out->note = g_strdup (read_error->message);
  else if (!ib_os_mountinfo_lookup (contents, resolved, out, &major, &minor))
    /* A chroot: the mount table lists only the mounts under the new root. */
    out->note = g_strdup_printf (_("/proc/self/mountinfo lists no mount holding “%s”, "
                                   "as in a chroot"), resolved);

  /* The block device: the source under /dev (resolving /dev/mapper and
   * /dev/disk links), else the device number of the mount. */
  if (out->device != NULL && g_str_has_prefix (out->device, "/dev/"))
    {
      char dev_resolved[PATH_MAX];

      if (realpath (out->device, dev_resolved) != NULL)
        {
          g_autofree char *name = g_path_get_basename (dev_resolved);
          probe_block_device (name, out);
        }
    }
  if (out->device_model == NULL && out->rotational == -1 && major != 0)
    {
      g_autofree char *link = g_strdup_printf ("/sys/dev/block/%u:%u", major, minor);
      char dev_resolved[PATH_MAX];

      if (realpath (link, dev_resolved) != NULL)
        {
          g_autofree char *name = g_path_get_basename (dev_resolved);
          probe_block_device (name, out);
        }
    }

  if (statvfs (resolved, &vfs) == 0)
    out->free_bytes = (guint64) vfs.f_bavail * (guint64) vfs.f_frsize;

  ib_os_mount_info_classify (out);
  return TRUE;
}

gboolean
ib_os_preallocate (int         fd,
                   guint64     size,
                   GError    **error)
{
  int saved = 0;

  if (size == 0)
    return TRUE;
  /* Mode 0: allocate and extend; the writes then fill the reserved space. */
  if (fallocate (fd, 0, 0, (off_t) size) != 0)
    saved = errno;
  if (saved == 0 || saved == EOPNOTSUPP || saved == ENOSYS || saved == EINVAL)
    return TRUE;
  g_set_error_literal (error, G_IO_ERROR, g_io_error_from_errno (saved), g_strerror (saved));
  return FALSE;
}

/* ---- direct I/O ---------------------------------------------------------- */

gboolean
ib_os_can_direct (void)
{
  return TRUE;
}

int
ib_os_open_direct (const char *path,
                   GError    **error)
{
  int fd, saved;

  g_return_val_if_fail (path != NULL, -1);

  fd = open (path, O_RDONLY | O_DIRECT | O_CLOEXEC | O_NOFOLLOW);
  if (fd >= 0)
    return fd;

  saved = errno;
  if (saved == EINVAL)
    {
      g_autofree char *dir = g_path_get_dirname (path);
      IbMountInfo info = { 0 };
      const char *fs = NULL;

      if (ib_os_mount_info (dir, &info, NULL))
        fs = info.fs_type;
      g_set_error (error, IB_ERROR, IB_ERROR_UNSUPPORTED,
                   /* Translators: %s is a file system type, e.g. tmpfs */
                   _("--direct: %s does not support direct I/O (O_DIRECT); choose a folder "
                     "on a disk"), fs != NULL ? fs : _("this file system"));
      ib_mount_info_clear (&info);
      return -1;
    }
  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), "%s", g_strerror (saved));
  return -1;
}

gsize
ib_os_direct_alignment (int fd)
{
  gsize align = 4096;
#ifdef STATX_DIOALIGN
  struct statx stx;

  memset (&stx, 0, sizeof stx);
  if (statx (fd, "", AT_EMPTY_PATH, STATX_DIOALIGN, &stx) == 0 &&
      (stx.stx_mask & STATX_DIOALIGN) != 0)
    {
      gsize want = MAX (stx.stx_dio_mem_align, stx.stx_dio_offset_align);

      /* Never less than 4096: a page is what O_DIRECT has always accepted,
       * and what fio uses. */
      if (want > align && (want & (want - 1)) == 0)
        align = want;
    }
#endif
  return align;
}

/* ---- write-back ------------------------------------------------------------ */

gboolean
ib_os_sync_fs (const char *path)
{
  int fd;
  int r;

  g_return_val_if_fail (path != NULL, FALSE);

  fd = open (path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return FALSE;
  r = syncfs (fd);
  close (fd);
  return r == 0;
}
