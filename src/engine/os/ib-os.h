/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-os.h: every OS-specific call, behind one small interface per concern.
 *
 * ib-os-linux.c implements it with posix_fadvise, mincore, getrusage, /proc
 * and sysfs (the run-queue waits in ib-os-linux-sched.c); ib-os-portable.c is the fallback meson picks on other systems
 * (and on Linux with -Dportable=true): cache mode "as-is" only, residency
 * unknown (-1), resource usage from what GLib offers.
 */
#pragma once

#include <gio/gio.h>

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

/* Buffers the strategies read into (ib-os-common.c). Each is an anonymous
 * mapping of its own (mmap), unmapped by ib_os_buffer_clear(): its pages
 * are faulted in afresh (by ib_os_buffer_populate() before the clock, for
 * the strategies' fresh buffers), whatever ran before, never
 * pages the C library kept from an earlier free (glibc's dynamic mmap
 * threshold would otherwise hand serial strategies warm heap and parallel
 * ones new pages). Sizes of 2 MiB and more are 2 MiB-aligned and advised
 * as transparent huge pages: a fresh 1 GiB buffer then takes ~500 page
 * faults instead of ~262,000, as a careful C program would allocate it.
 * Where there is no mmap (Windows) the fallback is g_aligned_alloc() and no
 * memset: the allocator may then reuse pages, and the fault counts show it. */
typedef struct
{
  guint8  *data;     /* NULL when empty */
  gsize    size;     /* as asked */
  gsize    mapped;   /* bytes mapped at data (0 for the fallback) */
  gboolean lent;     /* another buffer's memory (ib_os_buffer_lend()): clearing
                      * forgets it, its owner unmaps it */
} IbOsBuffer;

/* @size bytes (at least 1) aligned to @align (a power of two, 0 for none
 * beyond a page); aborts when memory is exhausted, as g_malloc() does. */
void     ib_os_buffer_alloc       (IbOsBuffer *buf,
                                   gsize       size,
                                   gsize       align);
/* Unmaps (frees) @buf and empties it; nothing when it is empty. A lent
 * buffer is only emptied. */
void     ib_os_buffer_clear       (IbOsBuffer *buf);
/* Makes every page of @buf present and written, as its first writer would
 * (huge pages where the mapping has them): MADV_POPULATE_WRITE where the
 * kernel has it, else one write per page. Filling it then takes no page
 * fault. */
void     ib_os_buffer_populate    (IbOsBuffer *buf);
/* Lends @from's memory to the empty @to for a while: @to points at the same
 * bytes, and ib_os_buffer_clear (@to) forgets them without unmapping. */
void     ib_os_buffer_lend        (const IbOsBuffer *from,
                                   IbOsBuffer       *to);
/* Tests only: buffers made since the process started, and still held. */
void     ib_os_buffer_counts      (guint64    *made,
                                   guint64    *held);

/* direct I/O */
/* TRUE when this OS layer can open files with O_DIRECT at all. */
gboolean ib_os_can_direct         (void);
/* Opens @path read-only with O_DIRECT. On failure -1 and: IB_ERROR_UNSUPPORTED
 * when the file system (or this OS layer) refuses direct I/O, naming the file
 * system and what to do; G_IO_ERROR from errno otherwise. */
int      ib_os_open_direct        (const char *path,
                                   GError    **error);
/* The alignment (memory, offset and length) direct reads of @fd need: the
 * file system's own (statx STATX_DIOALIGN) or 4096; a power of two >= 512. */
gsize    ib_os_direct_alignment   (int         fd);
/* An @align-aligned buffer: ib_os_buffer_alloc (buf, size, align). */

/* resource usage, process-wide */
typedef struct
{
  gint64 cpu_ns;       /* precise on-CPU time of every thread, exited ones
                        * included; -1 when the OS cannot say */
  gint64 user_ns;      /* the kernel's user/system split: on Linux sampled */
  gint64 sys_ns;       /* at the scheduler tick, so an estimate */
  gint64 vol_ctxsw;
  gint64 invol_ctxsw;
  gint64 minflt;
  gint64 majflt;
  guint64 peak_rss_bytes;
} IbRusage;

void     ib_os_rusage             (IbRusage   *out);
/* IbRusage's cpu_ns alone, without the rest: the on-CPU time so far of
 * every thread of the process, exited ones included; -1 when the OS cannot
 * say. */
gint64   ib_os_process_cpu_ns     (void);
/* Resets the peak RSS high-water mark where the OS allows it
 * (/proc/self/clear_refs "5"); returns FALSE when it cannot. */
gboolean ib_os_reset_peak_rss     (void);

/* waiting for a CPU (scheduler statistics) */
/* The run-queue wait of one thread: time it was runnable but not running. */
typedef struct
{
  gint64 tid;
  gint64 wait_ns;
} IbRunqEntry;

/* The calling thread's run-queue wait so far (Linux: field 2 of
 * /proc/thread-self/schedstat), ns; -1 when the OS cannot say. */
gint64   ib_os_thread_runq_wait_ns (void);
/* The run-queue wait so far of every other thread of the process, one
 * IbRunqEntry each (Linux: /proc/self/task/STAR/schedstat); NULL when the OS
 * cannot say. Threads that exit are no longer listed. */
GArray  *ib_os_threads_runq_wait  (void);
/* Internal, shared and tested: the run-queue wait (field 2, ns) of the text
 * of a schedstat file ("on-cpu-ns wait-ns timeslices"); FALSE when @text is
 * not one. */
gboolean ib_os_parse_schedstat    (const char *text,
                                   gint64     *wait_ns);
/* The wait the threads of @after added since @before (both from
 * ib_os_threads_runq_wait; a thread new in @after counts whole, one gone
 * from it is lost); -1 when either is NULL. */
gint64   ib_os_runq_delta         (const GArray *before,
                                   const GArray *after);

/* write-back */
/* Writes back the dirty pages of the file system holding @path and waits
 * for it (Linux: syncfs; elsewhere on Unix: sync). FALSE when it could not
 * (a portable system without either). */
gboolean ib_os_sync_fs            (const char *path);

/* file descriptors */
/* Raises the soft RLIMIT_NOFILE to the hard limit; returns the soft limit now
 * in force (G_MAXUINT when unlimited or unknown). */
guint    ib_os_raise_nofile_limit (void);
guint    ib_os_nofile_limit       (void);
/* Descriptors a run may hold open for its files below the soft limit
 * @limit: the limit less a reserve for everything else the process holds
 * (64, or half the limit when that is less), at least 1; G_MAXUINT stays
 * G_MAXUINT. With "ulimit -n 64" that is 32 files in flight, not 1. */
guint ib_os_usable_fds (guint limit);

/* Free descriptors a run needs at the least, beyond those open when it
 * starts: its main context, GIO's and GTask's threads, the test folder, its
 * lock and marker, one file at a time, an io_uring ring. Those come to about
 * eight; 16 is that with a margin, a choice rather than a measured floor
 * (tests/faults/limits.sh checks that limits of 6 to 12 are refused and 64
 * passes). */
#define IB_RUN_MIN_FREE_FDS 16
/* Whether the open-file limit (raised to the hard limit first) leaves a run
 * IB_RUN_MIN_FREE_FDS descriptors beyond those open now; else FALSE with
 * IB_ERROR_IO saying "too few file descriptors: 6; at least 21 needed".
 * Checked before a run starts a thread or makes a folder, so that GLib
 * never aborts for want of one (it does when a main context cannot get its
 * wakeup descriptor) and no half-made folder is left. */
gboolean ib_os_check_fd_room      (GError   **error);

/* Running out of file descriptors. Every path that opens one treats EMFILE
 * (this process) and ENFILE (the whole system) as "wait and try again", not
 * as a failure: descriptors held by other code, or by the run's own files
 * still in flight, come free. */
/* TRUE when @error (may be NULL) is G_IO_ERROR_TOO_MANY_OPEN_FILES or
 * G_FILE_ERROR_MFILE / G_FILE_ERROR_NFILE; GIO maps both errnos to the former. */
gboolean ib_os_error_is_fd_exhaustion (const GError *error);
gboolean ib_os_errno_is_fd_exhaustion (int          errsv);

/* How long a streak of exhaustion may last (no descriptor came free for the
 * operation) before the operation fails after all. */
#define IB_FD_BACKOFF_GIVE_UP_US (30 * G_USEC_PER_SEC)
/* The first and the longest wait between tries. */
#define IB_FD_BACKOFF_MIN_US     (1 * 1000)
#define IB_FD_BACKOFF_MAX_US     (50 * 1000)

/* The back-off state of one operation, or of one scheduler's queue of
 * operations; zero-initialise (IB_FD_BACKOFF_INIT). Not thread-safe. */
typedef struct
{
  gint64 since_us;   /* first exhaustion of the current streak, 0: none */
  gint64 delay_us;   /* the next wait */
  guint  hits;       /* exhaustions seen in all */
} IbFdBackoff;

#define IB_FD_BACKOFF_INIT { 0, 0, 0 }

/* A descriptor was had (an open succeeded, or one of the operations sharing
 * @backoff finished and closed its own): ends the current streak. */
void     ib_fd_backoff_reset      (IbFdBackoff  *backoff);
/* After a failure with @error at @now_us (g_get_monotonic_time()): the wait
 * in microseconds before trying again when @error is descriptor exhaustion
 * and the streak is younger than IB_FD_BACKOFF_GIVE_UP_US; -1 when retrying
 * cannot help (another error, or the streak is over). */
gint64   ib_fd_backoff_next       (IbFdBackoff  *backoff,
                                   const GError *error,
                                   gint64        now_us);
/* Sleeps @delay_us in short slices; FALSE as soon as @cancellable fires. */
gboolean ib_fd_backoff_sleep      (gint64        delay_us,
                                   GCancellable *cancellable);
/* For blocking call sites, in a loop around the call that opens:
 *   while (!(in = g_file_read (f, c, &e)) && ib_fd_backoff_retry (&b, &e, c)) ;
 * TRUE (with *error cleared) after waiting when the error is exhaustion worth
 * another try; FALSE leaves *error, rewritten to say that no descriptor came
 * free when the streak is over. */
gboolean ib_fd_backoff_retry      (IbFdBackoff  *backoff,
                                   GError      **error,
                                   GCancellable *cancellable);
/* Waits ib_fd_backoff_next() asked for in this process so far (atomic):
 * diagnostics, and a test's way to see that a run did run out. */
guint    ib_fd_backoff_waits      (void);
/* Rewrites *error (descriptor exhaustion that lasted too long) to say so and
 * what to do: the limit, held elsewhere, raise `ulimit -n`. */
void     ib_fd_backoff_explain    (GError      **error);

/* GIO's one-off set-up (the default VFS, GTask's pool and its context)
 * needs descriptors and aborts the process when there are none: done before
 * a run can take them all. Cheap after the first call; thread-safe. */
void     ib_os_gio_warm_up        (void);

/* machine */
guint    ib_os_n_cores            (void);
/* The start of the text of the kernel's CPU counters (Linux: /proc/stat),
 * as much as @size - 1 bytes of it (the "cpu" line comes first),
 * NUL-terminated in @buf: read around every sample, so without allocating
 * and from a descriptor kept open. And the text of its load average
 * (/proc/loadavg). For ib-busy.h; FALSE and NULL where there are none
 * (always when portable). */
gboolean ib_os_cpu_stat_head      (char       *buf,
                                   gsize       size);
char    *ib_os_loadavg_text       (void);
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
  char    *virtual_disk; /* "virtio", "Xen", "VMware", "Hyper-V", …: a disk a
                          * hypervisor provides (its host may cache it); NULL */
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

/* The hypervisor behind the block device whose sysfs directory is @sys_block
 * (e.g. "/sys/class/block/vda"), from its device path, driver, vendor and
 * model: "virtio", "Xen", "VMware", "Hyper-V", "QEMU", "VirtualBox"; NULL for
 * a physical disk or where it cannot be told (always NULL when portable). */
const char *ib_os_virtual_disk_kind (const char *sys_block);

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
