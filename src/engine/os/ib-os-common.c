/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-os-common.c: the parts of ib-os.h that need nothing beyond GLib and
 * POSIX, shared by the Linux and the portable implementations. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>

#ifdef G_OS_UNIX
#include <signal.h>
#include <sys/mman.h>
#include <sys/types.h>
#include <fcntl.h>
#include <unistd.h>
#endif

#include "engine/model/ib-error.h"
#include "engine/os/ib-os.h"

/* ---- buffers ------------------------------------------------------------- */

#define HUGE_PAGE ((gsize) 2 * 1024 * 1024)

#if defined(G_OS_UNIX) && defined(MAP_ANONYMOUS)
#define HAVE_ANON_MAP 1
#endif

/* Counters for tests (wrap after 2^31, harmless). Process-wide, not per
 * run: a buffer knows no run (the OS layer sits below the strategies'
 * context and is called from every one of them); a test reads the change
 * around one call, and a test program runs its cases one at a time. */
static gint buffers_made;
static gint buffers_held;

void
ib_os_buffer_counts (guint64 *made,
                     guint64 *held)
{
  if (made != NULL)
    *made = (guint) g_atomic_int_get (&buffers_made);
  if (held != NULL)
    *held = (guint) g_atomic_int_get (&buffers_held);
}

void
ib_os_buffer_alloc (IbOsBuffer *buf,
                    gsize       size,
                    gsize       align)
{
#ifdef HAVE_ANON_MAP
  static gsize page = 0;
  gsize want, len, total, lead;
  guint8 *p;

  g_return_if_fail (buf != NULL && buf->data == NULL);
  g_return_if_fail (align == 0 || (align & (align - 1)) == 0);

  if (g_once_init_enter (&page))
    {
      long ps = sysconf (_SC_PAGESIZE);

      g_once_init_leave (&page, ps > 0 ? (gsize) ps : 4096);
    }
  size = MAX (size, 1);
  len = (size + page - 1) & ~(page - 1);
  want = MAX (align, page);
  if (size >= HUGE_PAGE)
    want = MAX (want, HUGE_PAGE);
  /* Map enough to cut an aligned start out of it, then give the head and
   * the tail back: what stays is exactly @len bytes at an aligned start. */
  total = len + (want > page ? want - page : 0);
  p = mmap (NULL, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED)
    g_error ("%s: failed to map %" G_GSIZE_FORMAT " bytes: %s", G_STRLOC, total,
             g_strerror (errno));
  lead = (want - ((guintptr) p & (want - 1))) & (want - 1);
  if (lead > 0)
    munmap (p, lead);
  if (total - lead > len)
    munmap (p + lead + len, total - lead - len);
  p += lead;
#ifdef MADV_HUGEPAGE
  /* Advice only: where THP is off this changes nothing. */
  if (size >= HUGE_PAGE)
    (void) madvise (p, len, MADV_HUGEPAGE);
#endif
  buf->data = p;
  buf->size = size;
  buf->mapped = len;
#else
  g_return_if_fail (buf != NULL && buf->data == NULL);

  size = MAX (size, 1);
  buf->data = g_aligned_alloc (1, size, MAX (align, sizeof (void *)));
  buf->size = size;
  buf->mapped = 0;
#endif
  g_atomic_int_inc (&buffers_made);
  g_atomic_int_inc (&buffers_held);
}

void
ib_os_buffer_clear (IbOsBuffer *buf)
{
  g_return_if_fail (buf != NULL);

  if (buf->data == NULL)
    return;
  if (buf->lent)
    {
      memset (buf, 0, sizeof *buf);
      return;
    }
#ifdef HAVE_ANON_MAP
  munmap (buf->data, buf->mapped);
#else
  g_aligned_free (buf->data);
#endif
  buf->data = NULL;
  buf->size = 0;
  buf->mapped = 0;
  g_atomic_int_add (&buffers_held, -1);
}

void
ib_os_buffer_populate (IbOsBuffer *buf)
{
  static gsize page = 0;
  gsize len;

  g_return_if_fail (buf != NULL && buf->data != NULL);

  if (g_once_init_enter (&page))
    {
#ifdef G_OS_UNIX
      long ps = sysconf (_SC_PAGESIZE);
#else
      long ps = 4096;
#endif

      g_once_init_leave (&page, ps > 0 ? (gsize) ps : 4096);
    }
  len = buf->mapped != 0 ? buf->mapped : buf->size;
#if defined(HAVE_ANON_MAP) && defined(MADV_POPULATE_WRITE)
  /* One call; the kernel faults every page in as a write would (Linux 5.14). */
  if (buf->mapped != 0 && madvise (buf->data, buf->mapped, MADV_POPULATE_WRITE) == 0)
    return;
#endif
  /* A new mapping holds zeros, so this changes no byte of it. */
  for (gsize off = 0; off < len; off += page)
    ((volatile guint8 *) buf->data)[off] = 0;
}

void
ib_os_buffer_lend (const IbOsBuffer *from,
                   IbOsBuffer       *to)
{
  g_return_if_fail (from != NULL && from->data != NULL);
  g_return_if_fail (to != NULL && to->data == NULL);

  *to = *from;
  to->lent = TRUE;
}

/* ---- system ---------------------------------------------------------------- */

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
  g_clear_pointer (&info->virtual_disk, g_free);
  g_clear_pointer (&info->note, g_free);
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
ib_os_usable_fds (guint limit)
{
  guint reserve;

  if (limit == G_MAXUINT)
    return G_MAXUINT;
  reserve = MIN (64, limit / 2);
  return limit > reserve + 1 ? limit - reserve : 1;
}

/* Descriptors open now below @limit (fcntl on each: only for small limits). */
static guint
count_open_fds (guint limit)
{
  guint n = 0;

#ifdef G_OS_UNIX
  for (guint fd = 0; fd < limit; fd++)
    if (fcntl ((int) fd, F_GETFD) != -1)
      n++;
#else
  n = 3;
#endif
  return n;
}

gboolean
ib_os_check_fd_room (GError **error)
{
  guint limit = ib_os_raise_nofile_limit ();
  guint open, need;

  /* Above a few thousand nothing but a leak could use them all up, and
   * counting would cost a system call per descriptor. */
  if (limit >= 4096)
    return TRUE;
  open = count_open_fds (limit);
  need = open + IB_RUN_MIN_FREE_FDS;
  if (limit >= need)
    return TRUE;
  g_set_error (error, IB_ERROR, IB_ERROR_IO,
               /* Translators: "too few file descriptors: 6; at least 19 needed (3 are
                * open, and a run needs 16 more); raise the limit (ulimit -n)" */
               _("Too few file descriptors: %u; at least %u needed (%u are open, and a run "
                 "needs %u more); raise the limit (ulimit -n)"),
               limit, need, open, (guint) IB_RUN_MIN_FREE_FDS);
  return FALSE;
}

/* /proc/self/mountinfo escapes space, tab, newline and backslash as \ooo. */
static char *
unescape_octal (const char *s)
{
  GString *out = g_string_sized_new (strlen (s));

  while (*s != '\0')
    {
      if (s[0] == '\\' && g_ascii_isdigit (s[1]) && g_ascii_isdigit (s[2]) &&
          g_ascii_isdigit (s[3]))
        {
          g_string_append_c (out, (char) (((s[1] - '0') << 6) | ((s[2] - '0') << 3) |
                                          (s[3] - '0')));
          s += 4;
        }
      else
        g_string_append_c (out, *s++);
    }
  return g_string_free (out, FALSE);
}

/* Per-mount options, then the super-block options not already in them:
 * what mount(8) prints. */
static char *
merge_options (const char *mount_opts,
               const char *super_opts)
{
  g_auto(GStrv) mine = g_strsplit (mount_opts, ",", -1);
  g_auto(GStrv) super = super_opts != NULL ? g_strsplit (super_opts, ",", -1) : NULL;
  GString *out = g_string_new (mount_opts);
  guint i;

  for (i = 0; super != NULL && super[i] != NULL; i++)
    if (*super[i] != '\0' && !g_strv_contains ((const char * const *) mine, super[i]))
      g_string_append_printf (out, ",%s", super[i]);
  return g_string_free (out, FALSE);
}

static gboolean
path_under (const char *path,
            const char *mount_point)
{
  gsize len = strlen (mount_point);

  if (g_str_equal (mount_point, "/"))
    return TRUE;
  return strncmp (path, mount_point, len) == 0 && (path[len] == '/' || path[len] == '\0');
}

gboolean
ib_os_mountinfo_lookup (const char  *mountinfo,
                        const char  *path,
                        IbMountInfo *out,
                        guint       *major,
                        guint       *minor)
{
  g_auto(GStrv) lines = NULL;
  g_autofree char *best_point = NULL;
  g_autofree char *best_type = NULL;
  g_autofree char *best_opts = NULL;
  g_autofree char *best_source = NULL;
  guint best_major = 0, best_minor = 0;
  guint i;

  g_return_val_if_fail (mountinfo != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  lines = g_strsplit (mountinfo, "\n", -1);

  /* id parent major:minor root mount-point options [optional...] - type source super */
  for (i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) f = g_strsplit (lines[i], " ", -1);
      g_autofree char *point = NULL;
      guint n = g_strv_length (f), sep;

      if (n < 7)
        continue;
      for (sep = 6; sep < n && !g_str_equal (f[sep], "-"); sep++)
        ;
      if (sep + 2 >= n)
        continue;

      point = unescape_octal (f[4]);
      if (!path_under (path, point))
        continue;
      /* Longest prefix wins; for equal ones the later (stacked on top) wins. */
      if (best_point != NULL && strlen (point) < strlen (best_point))
        continue;

      g_free (best_point);
      best_point = g_steal_pointer (&point);
      g_free (best_type);
      best_type = unescape_octal (f[sep + 1]);
      g_free (best_source);
      best_source = unescape_octal (f[sep + 2]);
      g_free (best_opts);
      best_opts = merge_options (f[5], sep + 3 < n ? f[sep + 3] : NULL);
      if (sscanf (f[2], "%u:%u", &best_major, &best_minor) != 2)
        best_major = best_minor = 0;
    }

  if (best_point == NULL)
    return FALSE;

  g_free (out->mount_point);
  out->mount_point = g_steal_pointer (&best_point);
  g_free (out->fs_type);
  out->fs_type = g_steal_pointer (&best_type);
  g_free (out->mount_options);
  out->mount_options = g_steal_pointer (&best_opts);
  g_free (out->device);
  out->device = g_steal_pointer (&best_source);
  if (major != NULL)
    *major = best_major;
  if (minor != NULL)
    *minor = best_minor;
  return TRUE;
}

/* ---- running out of file descriptors ------------------------------------ */

gboolean
ib_os_errno_is_fd_exhaustion (int errsv)
{
#ifdef EMFILE
  if (errsv == EMFILE)
    return TRUE;
#endif
#ifdef ENFILE
  if (errsv == ENFILE)
    return TRUE;
#endif
  return FALSE;
}

gboolean
ib_os_error_is_fd_exhaustion (const GError *error)
{
  if (error == NULL)
    return FALSE;
  return g_error_matches (error, G_IO_ERROR, G_IO_ERROR_TOO_MANY_OPEN_FILES) ||
         g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_MFILE) ||
         g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_NFILE);
}

void
ib_os_gio_warm_up (void)
{
  (void) g_vfs_get_default ();
  /* Registering GTask sets up its thread pool, with a GMainContext (a
   * wakeup descriptor). No task is made: it would leave an idle source on
   * the caller's context. */
  g_type_ensure (G_TYPE_TASK);
}

/* Waits so far, for tests. Process-wide, not per run: each IbFdBackoff
 * counts its own (hits), but those live inside the strategies and the
 * workloads and end with them; a test reads the change around one run. */
static gint fd_backoff_waits;

guint
ib_fd_backoff_waits (void)
{
  return (guint) g_atomic_int_get (&fd_backoff_waits);
}

void
ib_fd_backoff_reset (IbFdBackoff *backoff)
{
  backoff->since_us = 0;
  backoff->delay_us = 0;
}

gint64
ib_fd_backoff_next (IbFdBackoff  *backoff,
                    const GError *error,
                    gint64        now_us)
{
  if (!ib_os_error_is_fd_exhaustion (error))
    return -1;
  backoff->hits++;
  if (backoff->since_us == 0)
    {
      backoff->since_us = now_us;
      backoff->delay_us = IB_FD_BACKOFF_MIN_US;
    }
  else if (now_us - backoff->since_us >= IB_FD_BACKOFF_GIVE_UP_US)
    return -1;
  else
    backoff->delay_us = MIN (backoff->delay_us * 2, IB_FD_BACKOFF_MAX_US);
  g_atomic_int_inc (&fd_backoff_waits);
  return backoff->delay_us;
}

gboolean
ib_fd_backoff_sleep (gint64        delay_us,
                     GCancellable *cancellable)
{
  gint64 end = g_get_monotonic_time () + delay_us;

  for (;;)
    {
      gint64 left = end - g_get_monotonic_time ();

      if (g_cancellable_is_cancelled (cancellable))
        return FALSE;
      if (left <= 0)
        return TRUE;
      g_usleep ((gulong) MIN (left, 10 * 1000));
    }
}

void
ib_fd_backoff_explain (GError **error)
{
  GError *in;

  if (error == NULL || !ib_os_error_is_fd_exhaustion (*error))
    return;
  in = *error;
  *error = g_error_new (in->domain, in->code,
                        /* Translators: "%u" is seconds, "%s" the system's message. */
                        _("No file descriptor came free in %u s (%s). Other code in this "
                          "process or system holds them: close some, or raise the open-file "
                          "limit (ulimit -n)"),
                        (guint) (IB_FD_BACKOFF_GIVE_UP_US / G_USEC_PER_SEC), in->message);
  g_error_free (in);
}

gboolean
ib_fd_backoff_retry (IbFdBackoff  *backoff,
                     GError      **error,
                     GCancellable *cancellable)
{
  gint64 delay;

  g_return_val_if_fail (error != NULL && *error != NULL, FALSE);

  delay = ib_fd_backoff_next (backoff, *error, g_get_monotonic_time ());
  if (delay < 0)
    {
      ib_fd_backoff_explain (error);
      return FALSE;
    }
  if (!ib_fd_backoff_sleep (delay, cancellable))
    {
      /* Cancelled while waiting: say so, not "too many files". */
      g_clear_error (error);
      g_cancellable_set_error_if_cancelled (cancellable, error);
      return FALSE;
    }
  g_clear_error (error);
  return TRUE;
}

/* ---- run-queue wait ------------------------------------------------------ */

gboolean
ib_os_parse_schedstat (const char *text,
                       gint64     *wait_ns)
{
  const char *start, *end, *p;
  guint64     v = 0;
  guint       field = 0;

  g_return_val_if_fail (wait_ns != NULL, FALSE);

  if (text == NULL)
    return FALSE;
  /* Read around every sample, so nothing is allocated: the text, stripped
   * of white space at both ends, is "on-cpu-ns wait-ns timeslices", three
   * fields split by one space, tab or newline, each starting with a digit,
   * the second all digits and no larger than G_MAXINT64. */
  for (start = text; g_ascii_isspace (*start); start++)
    ;
  for (end = start + strlen (start); end > start && g_ascii_isspace (end[-1]); end--)
    ;
  for (p = start; p <= end; field++)
    {
      const char *f = p;

      while (p < end && *p != ' ' && *p != '\t' && *p != '\n')
        p++;
      if (field >= 3 || p == f || !g_ascii_isdigit (*f))
        return FALSE;
      if (field == 1)
        for (const char *d = f; d < p; d++)
          {
            if (!g_ascii_isdigit (*d) || v > (G_MAXINT64 - (guint64) (*d - '0')) / 10)
              return FALSE;
            v = v * 10 + (guint64) (*d - '0');
          }
      p++; /* past the separator, or past @end after the last field */
    }
  if (field != 3)
    return FALSE;
  *wait_ns = (gint64) v;
  return TRUE;
}

gint64
ib_os_runq_delta (const GArray *before,
                  const GArray *after)
{
  gint64 sum = 0;

  if (before == NULL || after == NULL)
    return -1;
  for (guint i = 0; i < after->len; i++)
    {
      const IbRunqEntry *a = &g_array_index (after, IbRunqEntry, i);
      gint64 base = 0;

      for (guint j = 0; j < before->len; j++)
        {
          const IbRunqEntry *b = &g_array_index (before, IbRunqEntry, j);

          if (b->tid == a->tid)
            {
              base = b->wait_ns;
              break;
            }
        }
      /* A reused thread id that started over reads less than before. */
      if (a->wait_ns >= base)
        sum += a->wait_ns - base;
    }
  return sum;
}
