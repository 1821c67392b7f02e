/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-fileset.c: test files in a fresh iobench-XXXXXX folder
 * (docs/architecture.md, "Files and bad input"): checking the target,
 * making the files, reading them back (residency, cache). The marker, the
 * folder's lock, cleanup and the start-up reaper are in ib-fileset-marker.c.
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
#endif

#include <gio/gio.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "engine/model/ib-error.h"
#include "engine/io/ib-fileset-private.h"
#include "engine/model/ib-format.h"
#include "engine/os/ib-os.h"

#define BLOCK_SIZE        (1024 * 1024)
#define PROGRESS_BLOCKS   16          /* report progress every 16 MiB */

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

static gboolean
check_target (const char  *parent_dir,
              guint64      need,
              gboolean     overflow,
              GError     **error)
{
  GStatBuf st;
  IbMountInfo mount = { NULL };
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
  /* the whole set: how, and how far along */
  gboolean           do_fsync;
  guint64            done;       /* bytes written so far */
  IbFileSetProgress  progress;
  gpointer           progress_data;
  GCancellable      *cancellable;
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
  fd = ib_file_set_openat_retrying (set->dir_fd, name,
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
make_file (IbFileSet   *set,
           Maker       *m,
           IbFileEntry *entry,
           GError     **error)
{
  GCancellable *cancellable = m->cancellable;
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
      m->done += len;
      if (m->progress != NULL && ++blocks % PROGRESS_BLOCKS == 0 && offset < entry->size)
        m->progress (m->done, set->total, m->progress_data);
    }

  if (producer != NULL)
    {
      Block *end = g_async_queue_pop (m->full_q);

      g_assert (end == &m->end);
      g_thread_join (g_steal_pointer (&producer));
    }

  if (m->do_fsync && !sync_file (out, cancellable, &local_error))
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

/* The engine's test-only hold points, inert unless both variables are set:
 * with @variable=N (IOBENCH_TEST_HOLD_AFTER_FILES for file making here,
 * IOBENCH_TEST_HOLD_AFTER_REQUESTS for write + delete) and
 * IOBENCH_TEST_HOLD_FIFO naming a FIFO, the engine stops after its Nth file
 * or request until the test has opened the FIFO for writing and closed it
 * again, so the test acts mid-way whatever the machine's speed
 * (tests/faults/race.sh, wu-swap.sh). Anything else (unset, not a number,
 * not a FIFO) is ignored. Only in builds with -Dtest_hooks=true (the builds of
 * ./test.sh): a release build has neither the hold nor the variables' names. */
guint
ib_test_hold_after (const char *variable)
{
#if IB_TEST_HOOKS && defined(G_OS_UNIX)
  const char *n = g_getenv (variable);
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
  (void) variable;
  return 0;
#endif
}

void
ib_test_hold (void)
{
#if IB_TEST_HOOKS && defined(G_OS_UNIX)
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

/* Makes the set's folder, IB_FILESET_PREFIX and six random characters in
 * @parent_dir; its path, or NULL with an error that names what to do. */
static char *
make_folder (const char *parent_dir,
             GError    **error)
{
  g_autofree char *template = g_build_filename (parent_dir, IB_FILESET_PREFIX "XXXXXX", NULL);
  int saved;

  if (g_mkdtemp_full (template, 0700) != NULL)
    return g_steal_pointer (&template);
  saved = errno;
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

/* Locks the set's new folder and opens it (on Unix) for the files to be
 * made relative to it; records which folder it is. On a failure the empty
 * folder is removed and the set marked clean. */
static gboolean
open_folder (IbFileSet *set,
             GError   **error)
{
  GStatBuf st;
  gboolean busy;

  set->lock_fd = ib_file_set_lock_folder (set->dir, &busy);
  set->dir_fd = -1;
#ifdef G_OS_UNIX
  /* Held until the set is freed: the files are made relative to it. */
  set->dir_fd = ib_file_set_open_retrying (set->dir,
                                           O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (set->dir_fd < 0 || fstat (set->dir_fd, &st) != 0)
    {
      int saved = errno;

      if (ib_os_errno_is_fd_exhaustion (saved))
        g_set_error (error, IB_ERROR, IB_ERROR_IO,
                     _("Cannot open the test folder “%s”: too few file descriptors (the "
                       "limit is %u; raise it with ulimit -n)"),
                     set->dir, ib_os_nofile_limit ());
      else
        g_set_error (error, IB_ERROR, IB_ERROR_IO, _("Cannot open the test folder “%s”: %s"),
                     set->dir, g_strerror (saved));
      /* Nothing is in it yet: removed by its path, which needs no other
       * descriptor (cleanup would wait for one). rmdir never removes a
       * folder that is not empty, nor follows a symlink. */
      if (g_rmdir (set->dir) != 0 && errno != ENOENT)
        g_warning ("Cannot remove the empty test folder %s: %s", set->dir,
                   g_strerror (errno));
      set->cleaned = TRUE;
      return FALSE;
    }
#else
  if (g_lstat (set->dir, &st) != 0)
    return TRUE;
#endif
  set->dir_dev = (guint64) st.st_dev;
  set->dir_ino = (guint64) st.st_ino;
  return TRUE;
}

/* Makes the set's listed files, one after the other, with @maker (how, and
 * its progress); file i's content from @seed and i. */
static gboolean
make_files (IbFileSet     *set,
            Maker         *maker,
            const guint64 *sizes,
            guint64        seed,
            GError       **error)
{
  guint hold_after = IB_TEST_HOLD_AFTER ("IOBENCH_TEST_HOLD_AFTER_FILES");

  for (guint i = 0; i < set->names->len; i++)
    {
      IbFileEntry entry = { NULL, sizes[i], 0 };

      entry.path = g_build_filename (set->dir, g_ptr_array_index (set->names, i), NULL);
      g_array_append_val (set->files, entry);

      maker->seed = seed + (guint64) i * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15);
      if (!make_file (set, maker, &g_array_index (set->files, IbFileEntry, i), error))
        return FALSE;
      if (maker->progress != NULL)
        maker->progress (maker->done, set->total, maker->progress_data);
      if (G_UNLIKELY (hold_after != 0 && i + 1 == hold_after && i + 1 < set->names->len))
        ib_test_hold ();
    }
  return TRUE;
}

IbFileSet *
ib_file_set_create (const IbFileSetRequest *request,
                    GCancellable           *cancellable,
                    GError                **error)
{
  g_autoptr(IbFileSet) set = NULL;
  g_autoptr(GDateTime) now = NULL;
  g_autofree char *dir = NULL;
  g_autoptr(Maker) maker = NULL;
  guint64 need = 0;
  gboolean overflow = FALSE;
  guint i;

  g_return_val_if_fail (request != NULL, NULL);
  g_return_val_if_fail (request->sizes != NULL || request->n_sizes == 0, NULL);
  g_return_val_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  for (i = 0; i < request->n_sizes; i++)
    {
      if (need > G_MAXUINT64 - request->sizes[i])
        overflow = TRUE;
      else
        need += request->sizes[i];
    }

  if (!check_target (request->parent_dir, need, overflow, error))
    return NULL;
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;
  dir = make_folder (request->parent_dir, error);
  if (dir == NULL)
    return NULL;

  set = g_new0 (IbFileSet, 1);
  set->dir = g_steal_pointer (&dir);
  /* Whatever fails from here on, the free below the autoptr finds a whole
   * set: empty lists, no descriptor. */
  set->lock_fd = set->dir_fd = -1;
  set->files = g_array_sized_new (FALSE, TRUE, sizeof (IbFileEntry), request->n_sizes);
  g_array_set_clear_func (set->files, file_entry_clear);
  set->names = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (set->names, NULL);   /* keep it NULL-terminated */
  g_ptr_array_set_size (set->names, 0);
  if (!open_folder (set, error))
    return NULL;
  set->total = need;
  now = g_date_time_new_now_utc ();
  set->created = g_date_time_format_iso8601 (now);

  /* Every name is listed before the first file exists: one atomic marker
   * write (rewriting it per file would cost an fsync each, seconds for a
   * thousand small files), and a crash still never leaves an unlisted file.
   * Cleanup skips listed names that were never made. */
  for (i = 0; i < request->n_sizes; i++)
    g_ptr_array_add (set->names, g_strdup_printf ("file-%u.bin", i));
  if (!ib_file_set_write_marker (set, error))
    return NULL;   /* the autoptr cleans up the folder */

  maker = maker_new (need);
  maker->content = request->content;
  maker->do_fsync = request->do_fsync;
  maker->progress = request->progress;
  maker->progress_data = request->progress_data;
  maker->cancellable = cancellable;
  if (!make_files (set, maker, request->sizes, request->seed, error))
    return NULL;
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

IbFileSet *
ib_file_set_view (const IbFileSet *set,
                  guint            n_files)
{
  IbFileSet *view;

  g_return_val_if_fail (set != NULL, NULL);

  view = g_new0 (IbFileSet, 1);
  view->dir = g_strdup (set->dir);
  view->lock_fd = view->dir_fd = -1;
  view->cleaned = TRUE;   /* nothing of its own to remove */
  view->dir_dev = set->dir_dev;
  view->dir_ino = set->dir_ino;
  view->created = g_strdup (set->created);
  view->names = g_ptr_array_new_with_free_func (g_free);
  view->files = g_array_new (FALSE, TRUE, sizeof (IbFileEntry));
  g_array_set_clear_func (view->files, file_entry_clear);
  for (guint i = 0; i < MIN (n_files, set->files->len); i++)
    {
      IbFileEntry entry = g_array_index (set->files, IbFileEntry, i);

      entry.path = g_strdup (entry.path);
      view->total += entry.size;
      g_array_append_val (view->files, entry);
    }
  return view;
}

void
ib_file_set_free (IbFileSet *set)
{
  g_autoptr(GError) error = NULL;

  if (set == NULL)
    return;

#ifdef G_OS_UNIX
  /* Cleanup opens the folder again, checked to be this one: the
   * descriptor it frees lets it do so under a tight open-file limit. */
  if (set->dir_fd >= 0)
    close (set->dir_fd);
  set->dir_fd = -1;
#endif
  if (!ib_file_set_cleanup (set, &error))
    g_warning ("Cleaning up %s: %s", set->dir, error->message);

  ib_file_set_unlock_folder (set->lock_fd);
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
