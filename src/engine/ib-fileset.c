/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-fileset.c: test files in a fresh iobench-XXXXXX folder
 * (docs/architecture.md, "Files and bad input").
 *
 * The marker file lists every name (written atomically) before the first file
 * is created, so a crash can never leave a file the marker does not list. Cleanup and the
 * start-up reaper delete only listed names that are still regular files,
 * never following or removing a symlink or folder planted in their place.
 */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <zlib.h>

#include <glib.h>

#ifdef G_OS_UNIX
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>
#include <gio/gunixoutputstream.h>
#define ib_getpid() ((gint64) getpid ())
#else
#include <process.h>
#define ib_getpid() ((gint64) _getpid ())
#endif

#include <gio/gio.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "ib-error.h"
#include "ib-fileset.h"
#include "ib-os.h"
#include "ib-parse.h"

#define BLOCK_SIZE        (1024 * 1024)
#define PROGRESS_BLOCKS   16          /* report progress every 16 MiB */
#define MARKER_GROUP      "iobench"

struct _IbFileSet
{
  char      *dir;
  GArray    *files;    /* IbFileEntry */
  GPtrArray *names;    /* char *: basenames listed in the marker */
  char      *created;
  guint64    total;
  gboolean   cleaned;
  guint64    dir_dev;  /* identity of the folder made, so cleanup never */
  guint64    dir_ino;  /* deletes in another one put in its place */
  int        lock_fd;  /* holds the folder's lock while the set lives, or -1 */
  int        dir_fd;   /* the folder made, opened at once: every file is made
                        * relative to it, never through its path (or -1) */
};

#ifdef G_OS_UNIX
/* openat(2) that waits out a lack of file descriptors (EMFILE, ENFILE) as
 * ib_fd_backoff_retry does; -1 with errno for any other failure, or when no
 * descriptor came free in IB_FD_BACKOFF_GIVE_UP_US. */
static int
openat_retrying (int         dir_fd,
                 const char *path,
                 int         flags,
                 mode_t      mode)
{
  IbFdBackoff backoff = IB_FD_BACKOFF_INIT;

  for (;;)
    {
      int fd = openat (dir_fd, path, flags, mode);
      int saved = errno;
      g_autoptr(GError) error = NULL;
      gint64 delay;

      if (fd >= 0 || !ib_os_errno_is_fd_exhaustion (saved))
        return fd;
      error = g_error_new_literal (G_IO_ERROR, g_io_error_from_errno (saved), "");
      delay = ib_fd_backoff_next (&backoff, error, g_get_monotonic_time ());
      if (delay < 0)
        {
          errno = saved;
          return -1;
        }
      ib_fd_backoff_sleep (delay, NULL);
    }
}

/* open(2) waiting out a lack of file descriptors (openat_retrying). */
static int
open_retrying (const char *path,
               int         flags)
{
  return openat_retrying (AT_FDCWD, path, flags, 0);
}
#endif

/* A live set holds an exclusive flock() on its folder from creation to free;
 * the kernel drops it when the process ends, however it ends. The start-up
 * reaper leaves alone a folder whose lock it cannot take: its run is alive,
 * even in another PID namespace (a Flatpak sandbox and a host CLI see
 * different PIDs, so the marker's PID alone would call a live run dead).
 * Returns the descriptor holding the lock, or -1 with *busy set when another
 * process holds it (also -1 where locks are not to be had). */
static int
folder_lock (const char *dir,
             gboolean   *busy)
{
  *busy = FALSE;
#ifdef G_OS_UNIX
  {
    int fd = open_retrying (dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);

    if (fd >= 0 && flock (fd, LOCK_EX | LOCK_NB) != 0)
      {
        *busy = errno == EWOULDBLOCK;
        close (fd);
        fd = -1;
      }
    return fd;
  }
#else
  (void) dir;
  return -1;
#endif
}

static void
folder_unlock (int fd)
{
#ifdef G_OS_UNIX
  if (fd >= 0)
    close (fd);
#else
  (void) fd;
#endif
}

static void
file_entry_clear (gpointer data)
{
  IbFileEntry *entry = data;

  g_clear_pointer (&entry->path, g_free);
}

static char *
format_bytes (guint64 bytes)
{
  /* the one size format of every display ("2.25 GiB") */
  return ib_format_size (bytes);
}

/* A name a marker may list: a plain basename inside the folder. */
static gboolean
listed_name_ok (const char *name)
{
  return name != NULL && *name != '\0' && strchr (name, '/') == NULL &&
         strchr (name, '\\') == NULL && !g_str_equal (name, ".") &&
         !g_str_equal (name, "..") && !g_str_equal (name, IB_FILESET_MARKER);
}

/* g_file_set_contents_full (consistent, 0600), waiting out a lack of file
 * descriptors. */
static gboolean
set_contents_retrying (const char  *path,
                       const char  *data,
                       gsize        len,
                       GError     **error)
{
  IbFdBackoff backoff = IB_FD_BACKOFF_INIT;
  GError *local_error = NULL;
  gboolean ok;

  while (!(ok = g_file_set_contents_full (path, data, (gssize) len,
                                          G_FILE_SET_CONTENTS_CONSISTENT, 0600,
                                          &local_error)) &&
         ib_fd_backoff_retry (&backoff, &local_error, NULL))
    ;
  if (!ok)
    g_propagate_error (error, local_error);
  return ok;
}

/* g_key_file_load_from_file, waiting out a lack of file descriptors. */
static gboolean
load_key_file_retrying (GKeyFile    *key,
                        const char  *path,
                        GError     **error)
{
  IbFdBackoff backoff = IB_FD_BACKOFF_INIT;
  GError *local_error = NULL;
  gboolean ok;

  while (!(ok = g_key_file_load_from_file (key, path, G_KEY_FILE_NONE, &local_error)) &&
         ib_fd_backoff_retry (&backoff, &local_error, NULL))
    ;
  if (!ok)
    g_propagate_error (error, local_error);
  return ok;
}

static gboolean
write_marker (IbFileSet  *set,
              GError    **error)
{
  g_autoptr(GKeyFile) key = g_key_file_new ();
  g_autofree char *path = g_build_filename (set->dir, IB_FILESET_MARKER, NULL);
  g_autofree char *data = NULL;
  gsize len = 0;

  g_key_file_set_int64 (key, MARKER_GROUP, "pid", ib_getpid ());
  g_key_file_set_string (key, MARKER_GROUP, "created", set->created);
  g_key_file_set_string_list (key, MARKER_GROUP, "files",
                              (const char * const *) set->names->pdata, set->names->len);
  data = g_key_file_to_data (key, &len, NULL);
  /* g_file_set_contents writes a temporary file and renames it. */
  if (!set_contents_retrying (path, data, len, error))
    {
      g_prefix_error (error, _("Cannot write the marker file of the test folder: "));
      return FALSE;
    }
  return TRUE;
}

/* The test folder being cleaned. On Unix every step goes through a
 * descriptor of the folder opened without following a symlink and checked to
 * be the very folder that was made: a symlink or another folder put in its
 * place (even one holding files of the same names) is never entered. */
typedef struct
{
  const char *dir;
  guint64     dev;
  guint64     ino;
#ifdef G_OS_UNIX
  int         fd;
#endif
} Folder;

/* FALSE when there is nothing to clean here: the folder is gone, or it is
 * not the folder that was made (@dev and @ino, both 0 when not known). */
static gboolean
folder_open (Folder     *f,
             const char *dir,
             guint64     dev,
             guint64     ino)
{
  GStatBuf st;

  f->dir = dir;
#ifdef G_OS_UNIX
  f->fd = open_retrying (dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (f->fd < 0 || fstat (f->fd, &st) != 0)
    {
      if (errno != ENOENT)
        g_message ("Leaving %s alone: it is no longer the folder I/O Bench made", dir);
      if (f->fd >= 0)
        close (f->fd);
      return FALSE;
    }
#else
  if (g_lstat (dir, &st) != 0 || !S_ISDIR (st.st_mode))
    return FALSE;
#endif
  f->dev = (guint64) st.st_dev;
  f->ino = (guint64) st.st_ino;
  if (ino != 0 && (f->dev != dev || f->ino != ino))
    {
      g_message ("Leaving %s alone: it is no longer the folder I/O Bench made", dir);
#ifdef G_OS_UNIX
      close (f->fd);
#endif
      return FALSE;
    }
  return TRUE;
}

static int
folder_lstat (const Folder *f,
              const char   *name,
              GStatBuf     *st)
{
#ifdef G_OS_UNIX
  return fstatat (f->fd, name, st, AT_SYMLINK_NOFOLLOW);
#else
  g_autofree char *path = g_build_filename (f->dir, name, NULL);

  return g_lstat (path, st);
#endif
}

static int
folder_unlink (const Folder *f,
               const char   *name)
{
#ifdef G_OS_UNIX
  return unlinkat (f->fd, name, 0);
#else
  g_autofree char *path = g_build_filename (f->dir, name, NULL);

  return g_unlink (path);
#endif
}

/* Closes the folder and removes it when it is empty and still itself. */
static int
folder_close_and_remove (Folder *f)
{
#ifdef G_OS_UNIX
  g_autofree char *parent = g_path_get_dirname (f->dir);
  g_autofree char *base = g_path_get_basename (f->dir);
  int pfd = open (parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  GStatBuf st;
  int ret = -1;

  close (f->fd);
  if (pfd < 0)
    return -1;
  if (fstatat (pfd, base, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISDIR (st.st_mode) &&
      (guint64) st.st_dev == f->dev && (guint64) st.st_ino == f->ino)
    ret = unlinkat (pfd, base, AT_REMOVEDIR);
  else
    errno = ENOENT;
  if (ret != 0)
    {
      int saved = errno;

      close (pfd);
      errno = saved;
      return ret;
    }
  close (pfd);
  return 0;
#else
  return g_rmdir (f->dir);
#endif
}

/* Removes the listed regular files, the marker and the folder @dir, if it is
 * still the folder @dev/@ino (0/0: any real folder). Returns FALSE (with
 * @error set to the first failure) when a listed file could not be removed;
 * what the user put there (symlinks, folders, other files) stays. */
static gboolean
cleanup_dir (const char          *dir,
             guint64              dev,
             guint64              ino,
             const char * const  *names,
             guint                n_names,
             GError             **error)
{
  Folder f;
  GError *first = NULL;
  gboolean kept = FALSE;
  GStatBuf st;
  guint i;

  if (!folder_open (&f, dir, dev, ino))
    return TRUE;

  for (i = 0; i < n_names; i++)
    {
      g_autofree char *path = NULL;

      if (!listed_name_ok (names[i]))
        {
          g_warning ("Ignoring odd name “%s” in the marker of %s", names[i], dir);
          continue;
        }
      path = g_build_filename (dir, names[i], NULL);
      if (folder_lstat (&f, names[i], &st) != 0)
        {
          if (errno != ENOENT)
            g_warning ("Cannot inspect %s: %s", path, g_strerror (errno));
          continue;
        }
      if (!S_ISREG (st.st_mode))
        {
          g_message ("Leaving %s alone: it is no longer a regular file", path);
          kept = TRUE;
          continue;
        }
      if (folder_unlink (&f, names[i]) != 0 && errno != ENOENT)
        {
          int saved = errno;
          if (first == NULL)
            first = g_error_new (IB_ERROR, IB_ERROR_IO, _("Cannot delete “%s”: %s"),
                                 path, g_strerror (saved));
          kept = TRUE;
        }
    }

  if (first != NULL)
    {
      /* Keep the marker so a later start can finish the job. */
#ifdef G_OS_UNIX
      close (f.fd);
#endif
      g_propagate_error (error, first);
      return FALSE;
    }

  if (folder_lstat (&f, IB_FILESET_MARKER, &st) == 0 && S_ISREG (st.st_mode) &&
      folder_unlink (&f, IB_FILESET_MARKER) != 0 && errno != ENOENT)
    g_warning ("Cannot delete the marker in %s: %s", dir, g_strerror (errno));
  if (folder_close_and_remove (&f) != 0 && errno != ENOENT)
    {
      if (!kept)
        g_message ("Leaving %s: it holds files I/O Bench did not make", dir);
    }
  return TRUE;
}

static gboolean
check_target (const char  *parent_dir,
              guint64      need,
              gboolean     overflow,
              GError     **error)
{
  GStatBuf st;
  IbMountInfo mount = { NULL, };
  g_autoptr(GError) local_error = NULL;

  if (parent_dir == NULL || *parent_dir == '\0')
    {
      g_set_error_literal (error, IB_ERROR, IB_ERROR_INVALID,
                           _("No folder given for the test files; choose an existing folder"));
      return FALSE;
    }
  if (g_stat (parent_dir, &st) != 0)
    {
      int saved = errno;
      if (saved == ENOENT || saved == ENOTDIR)
        g_set_error (error, IB_ERROR, IB_ERROR_INVALID,
                     _("The folder “%s” does not exist; choose an existing folder for the "
                       "test files"), parent_dir);
      else
        g_set_error (error, IB_ERROR, IB_ERROR_INVALID,
                     _("Cannot use the folder “%s”: %s"), parent_dir, g_strerror (saved));
      return FALSE;
    }
  if (!S_ISDIR (st.st_mode))
    {
      g_set_error (error, IB_ERROR, IB_ERROR_INVALID,
                   _("“%s” is a file, not a folder; choose a folder for the test files"),
                   parent_dir);
      return FALSE;
    }
  if (g_access (parent_dir, W_OK) != 0)
    {
      g_set_error (error, IB_ERROR, IB_ERROR_INVALID,
                   _("The folder “%s” is not writable; choose a folder you can write to"),
                   parent_dir);
      return FALSE;
    }

  if (ib_os_mount_info (parent_dir, &mount, &local_error))
    {
      guint64 margin = need / 20;
      gboolean enough = !overflow && need <= G_MAXUINT64 - margin &&
                        mount.free_bytes >= need + margin;

      if (!enough)
        {
          g_autofree char *need_str = overflow ? g_strdup (_("more than 16 EiB"))
                                               : format_bytes (need);
          g_autofree char *free_str = format_bytes (mount.free_bytes);

          g_set_error (error, IB_ERROR, IB_ERROR_NO_SPACE,
                       /* Translators: "needs 2.1 GiB, 1.4 GiB free on /mnt/x" */
                       _("Not enough free space: the test files need %s (plus 5 %%), "
                         "%s free on %s"),
                       need_str, free_str, parent_dir);
          ib_mount_info_clear (&mount);
          return FALSE;
        }
      ib_mount_info_clear (&mount);
    }
  else
    g_debug ("Cannot query free space of %s: %s", parent_dir, local_error->message);

  return TRUE;
}

static GError *
translate_write_error (const GError *in,
                       const char   *path)
{
  if (g_error_matches (in, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return g_error_copy (in);
  if (g_error_matches (in, G_IO_ERROR, G_IO_ERROR_NO_SPACE))
    return g_error_new (IB_ERROR, IB_ERROR_NO_SPACE,
                        _("The disk filled up while writing “%s”: %s"), path, in->message);
  return g_error_new (IB_ERROR, IB_ERROR_IO, _("Cannot write “%s”: %s"), path, in->message);
}

/* Making a file: the content and its CRC-32 are produced a block ahead on a
 * second thread while this one writes, so making files runs at the speed of
 * the slower of the two, not their sum. Small files are made inline. */
#define N_BLOCKS       3
#define PIPELINE_MIN   (4 * BLOCK_SIZE)

typedef struct
{
  guint8 *data;
  gsize   len;
} Block;

typedef struct
{
  Block          blocks[N_BLOCKS];
  GAsyncQueue   *free_q;     /* Block * ready to be filled */
  GAsyncQueue   *full_q;     /* Block * ready to be written; &end when done */
  Block          end;
  /* the file being made */
  IbContentKind  content;
  guint64        seed;
  guint64        size;
  guint32        crc;
  gint           stop;
} Maker;

static Maker *
maker_new (guint64 total)
{
  Maker *m = g_new0 (Maker, 1);
  gsize block_size = (gsize) MIN ((guint64) BLOCK_SIZE, MAX (total, 1));
  guint i;

  m->free_q = g_async_queue_new ();
  m->full_q = g_async_queue_new ();
  for (i = 0; i < N_BLOCKS; i++)
    m->blocks[i].data = g_malloc (block_size);
  return m;
}

static void
maker_free (Maker *m)
{
  guint i;

  for (i = 0; i < N_BLOCKS; i++)
    g_free (m->blocks[i].data);
  g_async_queue_unref (m->free_q);
  g_async_queue_unref (m->full_q);
  g_free (m);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Maker, maker_free)

static gpointer
maker_produce (gpointer data)
{
  Maker *m = data;
  guint64 offset = 0;

  while (offset < m->size && !g_atomic_int_get (&m->stop))
    {
      Block *b = g_async_queue_pop (m->free_q);

      if (b == &m->end)
        break;   /* told to stop */
      b->len = (gsize) MIN ((guint64) BLOCK_SIZE, m->size - offset);
      ib_content_fill (m->content, m->seed, offset, b->data, b->len);
      m->crc = (guint32) crc32 (m->crc, b->data, (uInt) b->len);
      offset += b->len;
      g_async_queue_push (m->full_q, b);
    }
  g_async_queue_push (m->full_q, &m->end);
  return NULL;
}

/* Creates @entry's file, empty, and reserves its size. On Unix it is made
 * relative to the folder's descriptor held since the folder was made
 * (O_EXCL, O_NOFOLLOW): the folder's path is never resolved again, so a
 * folder swapped for a symlink mid-way never receives a file. */
static GOutputStream *
create_file (IbFileSet    *set,
             IbFileEntry  *entry,
             GCancellable *cancellable,
             GError      **error)
{
#ifdef G_OS_UNIX
  g_autofree char *name = g_path_get_basename (entry->path);
  int fd;

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;
  /* Out of file descriptors: wait for one to come free, then try again. */
  fd = openat_retrying (set->dir_fd, name,
                        O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (fd < 0)
    {
      int saved = errno;

      g_set_error_literal (error, G_IO_ERROR, g_io_error_from_errno (saved), g_strerror (saved));
      return NULL;
    }
  if (!ib_os_preallocate (fd, entry->size, error))
    {
      close (fd);
      return NULL;
    }
  return g_unix_output_stream_new (fd, TRUE);
#else
  g_autoptr(GFile) file = g_file_new_for_path (entry->path);
  IbFdBackoff backoff = IB_FD_BACKOFF_INIT;
  GError *local_error = NULL;
  GFileOutputStream *out;

  /* create = O_CREAT | O_EXCL: never replaces and never follows a symlink. */
  while ((out = g_file_create (file, G_FILE_CREATE_PRIVATE, cancellable,
                               &local_error)) == NULL &&
         ib_fd_backoff_retry (&backoff, &local_error, cancellable))
    ;
  if (out == NULL)
    g_propagate_error (error, local_error);
  return (GOutputStream *) out;
#endif
}

/* Flushes @out and, on Unix, fsyncs its descriptor. */
static gboolean
sync_file (GOutputStream *out,
           GCancellable  *cancellable,
           GError       **error)
{
  if (!g_output_stream_flush (out, cancellable, error))
    return FALSE;
#ifdef G_OS_UNIX
  if (fsync (g_unix_output_stream_get_fd (G_UNIX_OUTPUT_STREAM (out))) != 0)
    {
      int saved = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), "fsync: %s",
                   g_strerror (saved));
      return FALSE;
    }
#endif
  return TRUE;
}

static gboolean
make_file (IbFileSet          *set,
           Maker              *m,
           IbFileEntry        *entry,
           gboolean            do_fsync,
           guint64            *done_bytes,
           IbFileSetProgress   progress,
           gpointer            progress_data,
           GCancellable       *cancellable,
           GError            **error)
{
  g_autoptr(GOutputStream) out = NULL;
  g_autoptr(GError) local_error = NULL;
  GThread *producer = NULL;
  guint64 offset = 0;
  guint blocks = 0;
  guint i;

  m->size = entry->size;
  m->crc = (guint32) crc32 (0L, Z_NULL, 0);
  m->stop = 0;

  out = create_file (set, entry, cancellable, &local_error);
  if (out == NULL)
    goto fail;

  for (i = 0; i < N_BLOCKS; i++)
    g_async_queue_push (m->free_q, &m->blocks[i]);
  /* Without a second thread (none to be had), make the file inline. */
  if (entry->size >= PIPELINE_MIN)
    producer = g_thread_try_new ("iobench-make", maker_produce, m, NULL);

  while (offset < entry->size)
    {
      Block *b;
      gsize len;

      if (producer == NULL)
        {
          b = g_async_queue_pop (m->free_q);
          b->len = (gsize) MIN ((guint64) BLOCK_SIZE, entry->size - offset);
          ib_content_fill (m->content, m->seed, offset, b->data, b->len);
          m->crc = (guint32) crc32 (m->crc, b->data, (uInt) b->len);
        }
      else
        b = g_async_queue_pop (m->full_q);
      g_assert (b != &m->end);

      len = b->len;
      if (!g_cancellable_set_error_if_cancelled (cancellable, &local_error))
        g_output_stream_write_all (out, b->data, len, NULL,
                                   cancellable, &local_error);
      g_async_queue_push (m->free_q, b);   /* the producer owns it again */
      if (local_error != NULL)
        goto fail;

      offset += len;
      *done_bytes += len;
      if (progress != NULL && ++blocks % PROGRESS_BLOCKS == 0 && offset < entry->size)
        progress (*done_bytes, set->total, progress_data);
    }

  if (producer != NULL)
    {
      Block *end = g_async_queue_pop (m->full_q);

      g_assert (end == &m->end);
      g_thread_join (g_steal_pointer (&producer));
    }

  if (do_fsync && !sync_file (out, cancellable, &local_error))
    goto fail;

  if (!g_output_stream_close (out, cancellable, &local_error))
    goto fail;

  entry->crc = m->crc;
  while (g_async_queue_try_pop (m->free_q) != NULL)
    ;
  return TRUE;

fail:
  if (producer != NULL)
    {
      Block *b;

      /* Stop the producer and wait for it: it may be blocked on free_q. */
      g_atomic_int_set (&m->stop, 1);
      g_async_queue_push (m->free_q, &m->end);
      do
        b = g_async_queue_pop (m->full_q);
      while (b != &m->end);
      g_thread_join (producer);
    }
  while (g_async_queue_try_pop (m->free_q) != NULL)
    ;
  while (g_async_queue_try_pop (m->full_q) != NULL)
    ;
  if (out != NULL)
    g_output_stream_close (out, NULL, NULL);
  g_propagate_error (error, translate_write_error (local_error, entry->path));
  return FALSE;
}

/* A hold point for the creation-race fault test (tests/faults/race.sh), inert
 * unless both variables are set: with IOBENCH_TEST_HOLD_AFTER_FILES=N and
 * IOBENCH_TEST_HOLD_FIFO naming a FIFO, file making stops after its Nth file
 * until the test has opened the FIFO for writing and closed it again, so the
 * test acts while files are being made whatever the machine's speed. Anything
 * else (unset, not a number, not a FIFO) is ignored. */
static guint
test_hold_after (void)
{
#ifdef G_OS_UNIX
  const char *n = g_getenv ("IOBENCH_TEST_HOLD_AFTER_FILES");
  const char *fifo = g_getenv ("IOBENCH_TEST_HOLD_FIFO");
  guint64 v = 0;
  GStatBuf st;

  if (G_LIKELY (n == NULL || fifo == NULL))
    return 0;
  if (!g_ascii_string_to_unsigned (n, 10, 1, G_MAXUINT, &v, NULL)
      || g_lstat (fifo, &st) != 0 || !S_ISFIFO (st.st_mode))
    return 0;
  return (guint) v;
#else
  return 0;
#endif
}

static void
test_hold (void)
{
#ifdef G_OS_UNIX
  int fd = open (g_getenv ("IOBENCH_TEST_HOLD_FIFO"), O_RDONLY | O_CLOEXEC);
  char buf[64];
  gssize r;

  if (fd < 0)
    return;
  do
    r = read (fd, buf, sizeof buf);
  while (r > 0 || (r < 0 && errno == EINTR));
  close (fd);
#endif
}

IbFileSet *
ib_file_set_create (const char        *parent_dir,
                    const guint64     *sizes,
                    guint              n_sizes,
                    IbContentKind      content,
                    guint64            seed,
                    gboolean           do_fsync,
                    IbFileSetProgress  progress,
                    gpointer           progress_data,
                    GCancellable      *cancellable,
                    GError           **error)
{
  g_autoptr(IbFileSet) set = NULL;
  g_autoptr(GDateTime) now = NULL;
  g_autofree char *template = NULL;
  g_autoptr(Maker) maker = NULL;
  guint64 need = 0, done = 0;
  gboolean overflow = FALSE;
  guint i, hold_after = 0;

  g_return_val_if_fail (sizes != NULL || n_sizes == 0, NULL);
  g_return_val_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  for (i = 0; i < n_sizes; i++)
    {
      if (need > G_MAXUINT64 - sizes[i])
        overflow = TRUE;
      else
        need += sizes[i];
    }

  if (!check_target (parent_dir, need, overflow, error))
    return NULL;
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;

  template = g_build_filename (parent_dir, IB_FILESET_PREFIX "XXXXXX", NULL);
  if (g_mkdtemp_full (template, 0700) == NULL)
    {
      int saved = errno;
      /* Root passes g_access() but a read-only mount still says no here. */
      if (saved == EACCES || saved == EPERM || saved == EROFS)
        g_set_error (error, IB_ERROR, IB_ERROR_INVALID,
                     _("The folder “%s” is not writable (%s); choose a folder you can "
                       "write to"), parent_dir, g_strerror (saved));
      else if (saved == ENOSPC
#ifdef EDQUOT
               || saved == EDQUOT
#endif
               )
        g_set_error (error, IB_ERROR, IB_ERROR_NO_SPACE,
                     _("Cannot make a folder in “%s”: %s"), parent_dir, g_strerror (saved));
      else
        g_set_error (error, IB_ERROR, IB_ERROR_IO,
                     _("Cannot make a folder in “%s”: %s"), parent_dir, g_strerror (saved));
      return NULL;
    }

  set = g_new0 (IbFileSet, 1);
  set->dir = g_steal_pointer (&template);
  {
    GStatBuf st;
    gboolean busy;

    set->lock_fd = folder_lock (set->dir, &busy);
    set->dir_fd = -1;
#ifdef G_OS_UNIX
    /* Held until the set is freed: the files are made relative to it. */
    set->dir_fd = open_retrying (set->dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (set->dir_fd < 0 || fstat (set->dir_fd, &st) != 0)
      {
        int saved = errno;

        g_set_error (error, IB_ERROR, IB_ERROR_IO, _("Cannot open the test folder “%s”: %s"),
                     set->dir, g_strerror (saved));
        return NULL;   /* the autoptr removes the (empty) folder */
      }
#else
    if (g_lstat (set->dir, &st) == 0)
#endif
      {
        set->dir_dev = (guint64) st.st_dev;
        set->dir_ino = (guint64) st.st_ino;
      }
  }
  set->files = g_array_sized_new (FALSE, TRUE, sizeof (IbFileEntry), n_sizes);
  g_array_set_clear_func (set->files, file_entry_clear);
  set->names = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (set->names, NULL);   /* keep it NULL-terminated */
  g_ptr_array_set_size (set->names, 0);
  set->total = need;
  now = g_date_time_new_now_utc ();
  set->created = g_date_time_format_iso8601 (now);

  /* Every name is listed before the first file exists: one atomic marker
   * write (rewriting it per file would cost an fsync each, seconds for a
   * thousand small files), and a crash still never leaves an unlisted file.
   * Cleanup skips listed names that were never made. */
  for (i = 0; i < n_sizes; i++)
    g_ptr_array_add (set->names, g_strdup_printf ("file-%u.bin", i));
  if (!write_marker (set, error))
    return NULL;   /* the autoptr cleans up the folder */

  maker = maker_new (need);
  maker->content = content;
  hold_after = test_hold_after ();

  for (i = 0; i < n_sizes; i++)
    {
      IbFileEntry entry = { NULL, sizes[i], 0 };

      entry.path = g_build_filename (set->dir, g_ptr_array_index (set->names, i), NULL);
      g_array_append_val (set->files, entry);

      maker->seed = seed + (guint64) i * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15);
      if (!make_file (set, maker, &g_array_index (set->files, IbFileEntry, i), do_fsync,
                      &done, progress, progress_data, cancellable, error))
        return NULL;
      if (progress != NULL)
        progress (done, need, progress_data);
      if (G_UNLIKELY (hold_after != 0 && i + 1 == hold_after && i + 1 < n_sizes))
        test_hold ();
    }

  return g_steal_pointer (&set);
}

const char *
ib_file_set_get_dir (const IbFileSet *set)
{
  g_return_val_if_fail (set != NULL, NULL);

  return set->dir;
}

guint
ib_file_set_get_n_files (const IbFileSet *set)
{
  g_return_val_if_fail (set != NULL, 0);

  return set->files->len;
}

const IbFileEntry *
ib_file_set_get_file (const IbFileSet *set,
                      guint            index)
{
  g_return_val_if_fail (set != NULL, NULL);
  g_return_val_if_fail (index < set->files->len, NULL);

  return &g_array_index (set->files, IbFileEntry, index);
}

guint64
ib_file_set_total_bytes (const IbFileSet *set)
{
  g_return_val_if_fail (set != NULL, 0);

  return set->total;
}

gboolean
ib_file_set_cleanup (IbFileSet  *set,
                     GError    **error)
{
  g_autofree char *marker = NULL;
  g_autoptr(GKeyFile) key = g_key_file_new ();
  g_autoptr(GPtrArray) all = NULL;
  g_auto(GStrv) listed = NULL;
  gsize n_listed = 0;
  GStatBuf st;
  gsize i;

  g_return_val_if_fail (set != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (set->cleaned)
    return TRUE;

  /* Others may have listed more names (ib_file_set_marker_add_names): delete
   * what the marker lists as well as what this set made. */
  marker = g_build_filename (set->dir, IB_FILESET_MARKER, NULL);
  all = g_ptr_array_new ();
  for (i = 0; i < set->names->len; i++)
    g_ptr_array_add (all, g_ptr_array_index (set->names, i));
  if (g_lstat (marker, &st) == 0 && S_ISREG (st.st_mode) &&
      g_key_file_load_from_file (key, marker, G_KEY_FILE_NONE, NULL))
    {
      listed = g_key_file_get_string_list (key, MARKER_GROUP, "files", &n_listed, NULL);
      for (i = 0; i < n_listed; i++)
        if (!g_ptr_array_find_with_equal_func (set->names, listed[i], g_str_equal, NULL))
          g_ptr_array_add (all, listed[i]);
    }

  if (!cleanup_dir (set->dir, set->dir_dev, set->dir_ino, (const char * const *) all->pdata,
                    all->len, error))
    return FALSE;
  set->cleaned = TRUE;
  return TRUE;
}

void
ib_file_set_free (IbFileSet *set)
{
  g_autoptr(GError) error = NULL;

  if (set == NULL)
    return;

  if (!ib_file_set_cleanup (set, &error))
    g_warning ("Cleaning up %s: %s", set->dir, error->message);

  folder_unlock (set->lock_fd);
#ifdef G_OS_UNIX
  if (set->dir_fd >= 0)
    close (set->dir_fd);
#endif
  g_clear_pointer (&set->files, g_array_unref);
  g_clear_pointer (&set->names, g_ptr_array_unref);
  g_free (set->created);
  g_free (set->dir);
  g_free (set);
}

double
ib_file_set_residency (const IbFileSet *set)
{
  double resident = 0, pages = 0;
  guint i;

  g_return_val_if_fail (set != NULL, -1);

  for (i = 0; i < set->files->len; i++)
    {
      const IbFileEntry *entry = &g_array_index (set->files, IbFileEntry, i);
      double file_pages = (double) ((entry->size + 4095) / 4096);
      double r;

      if (entry->size == 0)
        continue;
      r = ib_os_residency (entry->path);
      if (r < 0)
        return -1;
      resident += r * file_pages;
      pages += file_pages;
    }
  return pages > 0 ? resident / pages : 1.0;
}

gboolean
ib_file_set_drop_cache (const IbFileSet  *set,
                        GError          **error)
{
  guint i;

  g_return_val_if_fail (set != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!ib_os_can_control_cache ())
    return ib_os_drop_cache (set->dir, error);   /* sets IB_ERROR_UNSUPPORTED */

  for (i = 0; i < set->files->len; i++)
    if (!ib_os_drop_cache (g_array_index (set->files, IbFileEntry, i).path, error))
      return FALSE;
  return TRUE;
}

gboolean
ib_file_set_warm (const IbFileSet  *set,
                  GCancellable     *cancellable,
                  GError          **error)
{
  g_autofree guint8 *buf = NULL;
  guint i;

  g_return_val_if_fail (set != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  buf = g_malloc (BLOCK_SIZE);
  for (i = 0; i < set->files->len; i++)
    {
      const IbFileEntry *entry = &g_array_index (set->files, IbFileEntry, i);
      g_autoptr(GFile) file = g_file_new_for_path (entry->path);
      g_autoptr(GFileInputStream) in = NULL;
      g_autoptr(GError) local_error = NULL;
      IbFdBackoff backoff = IB_FD_BACKOFF_INIT;
      gssize n;

      while ((in = g_file_read (file, cancellable, &local_error)) == NULL &&
             ib_fd_backoff_retry (&backoff, &local_error, cancellable))
        ;
      if (in == NULL)
        goto fail;
      do
        n = g_input_stream_read (G_INPUT_STREAM (in), buf, BLOCK_SIZE, cancellable,
                                 &local_error);
      while (n > 0);
      if (n < 0)
        goto fail;
      continue;

    fail:
      if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_propagate_error (error, g_steal_pointer (&local_error));
      else
        g_set_error (error, IB_ERROR, IB_ERROR_IO, _("Cannot read “%s”: %s"),
                     entry->path, local_error->message);
      return FALSE;
    }
  return TRUE;
}

guint
ib_file_set_reap_stale (const char *parent_dir)
{
  g_autoptr(GDir) dir = NULL;
  const char *name;
  guint removed = 0;

  g_return_val_if_fail (parent_dir != NULL, 0);

  dir = g_dir_open (parent_dir, 0, NULL);
  if (dir == NULL)
    return 0;

  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = NULL;
      g_autofree char *marker = NULL;
      g_autoptr(GKeyFile) key = NULL;
      g_auto(GStrv) files = NULL;
      g_autoptr(GError) error = NULL;
      GStatBuf st, dir_st;
      gsize n_files = 0;
      gint64 pid;
      gboolean busy, ok;
      int lock_fd;

      if (!g_str_has_prefix (name, IB_FILESET_PREFIX))
        continue;
      path = g_build_filename (parent_dir, name, NULL);
      if (g_lstat (path, &dir_st) != 0 || !S_ISDIR (dir_st.st_mode))
        continue;   /* never follow a symlink to a folder elsewhere */
      marker = g_build_filename (path, IB_FILESET_MARKER, NULL);
      if (g_lstat (marker, &st) != 0 || !S_ISREG (st.st_mode))
        continue;

      key = g_key_file_new ();
      if (!g_key_file_load_from_file (key, marker, G_KEY_FILE_NONE, &error))
        {
          g_debug ("Skipping %s: %s", path, error->message);
          continue;
        }
      pid = g_key_file_get_int64 (key, MARKER_GROUP, "pid", &error);
      if (error != NULL || pid <= 0 || ib_os_pid_alive (pid))
        continue;
      /* A PID from another PID namespace looks dead: the lock says better. */
      lock_fd = folder_lock (path, &busy);
      if (busy)
        continue;
      files = g_key_file_get_string_list (key, MARKER_GROUP, "files", &n_files, NULL);

      ok = cleanup_dir (path, (guint64) dir_st.st_dev, (guint64) dir_st.st_ino,
                        (const char * const *) files, (guint) n_files, &error);
      folder_unlock (lock_fd);
      if (!ok)
        {
          g_warning ("Cannot remove leftovers in %s: %s", path, error->message);
          continue;
        }
      if (!g_file_test (path, G_FILE_TEST_EXISTS))
        {
          g_debug ("Removed test files left by a run that ended (%s)", path);
          removed++;
        }
    }
  return removed;
}

gboolean
ib_file_set_marker_add_names (const char         *dir,
                              const char * const *names,
                              guint               n_names,
                              GError            **error)
{
  g_autofree char *marker = NULL;
  g_autoptr(GKeyFile) key = NULL;
  g_auto(GStrv) listed = NULL;
  g_autoptr(GPtrArray) all = NULL;
  g_autofree char *data = NULL;
  gsize n_listed = 0;
  gsize len = 0;
  GStatBuf st;

  g_return_val_if_fail (dir != NULL, FALSE);
  g_return_val_if_fail (names != NULL || n_names == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  marker = g_build_filename (dir, IB_FILESET_MARKER, NULL);
  if (g_lstat (marker, &st) != 0 || !S_ISREG (st.st_mode))
    {
      g_set_error (error, IB_ERROR, IB_ERROR_INVALID,
                   _("“%s” is not a test folder made by I/O Bench (it has no %s)."),
                   dir, IB_FILESET_MARKER);
      return FALSE;
    }

  key = g_key_file_new ();
  if (!load_key_file_retrying (key, marker, error))
    {
      g_prefix_error (error, _("Cannot read the marker file of the test folder: "));
      return FALSE;
    }
  listed = g_key_file_get_string_list (key, MARKER_GROUP, "files", &n_listed, NULL);

  all = g_ptr_array_sized_new ((guint) n_listed + n_names);
  for (gsize i = 0; i < n_listed; i++)
    g_ptr_array_add (all, listed[i]);
  for (guint i = 0; i < n_names; i++)
    {
      if (!listed_name_ok (names[i]))
        {
          g_set_error (error, IB_ERROR, IB_ERROR_INVALID,
                       _("“%s” cannot be listed in a test folder: it is not a plain file name."),
                       names[i]);
          return FALSE;
        }
      g_ptr_array_add (all, (gpointer) names[i]);
    }

  g_key_file_set_string_list (key, MARKER_GROUP, "files",
                              (const char * const *) all->pdata, all->len);
  data = g_key_file_to_data (key, &len, NULL);
  if (!set_contents_retrying (marker, data, len, error))
    {
      g_prefix_error (error, _("Cannot write the marker file of the test folder: "));
      return FALSE;
    }
  return TRUE;
}
