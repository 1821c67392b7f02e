/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-fileset-marker.c: the test folder's marker, lock and removal
 * (docs/architecture.md, "Files and bad input"); ib-fileset.c makes the files.
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

#include <glib.h>

#ifdef G_OS_UNIX
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>
#define ib_getpid() ((gint64) getpid ())
#else
#include <process.h>
#define ib_getpid() ((gint64) _getpid ())
#endif

#include <gio/gio.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "engine/model/ib-error.h"
#include "engine/io/ib-fileset-private.h"
#include "engine/os/ib-os.h"

#define MARKER_GROUP      "iobench"

#ifdef G_OS_UNIX
/* openat(2) that waits out a lack of file descriptors (EMFILE, ENFILE) as
 * ib_fd_backoff_retry does; -1 with errno for any other failure, or when no
 * descriptor came free in IB_FD_BACKOFF_GIVE_UP_US. */
int
ib_file_set_openat_retrying (int         dir_fd,
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

/* open(2) waiting out a lack of file descriptors (ib_file_set_openat_retrying). */
int
ib_file_set_open_retrying (const char *path,
                           int         flags)
{
  return ib_file_set_openat_retrying (AT_FDCWD, path, flags, 0);
}
#endif

/* A live set holds an exclusive flock() on its folder from creation to free;
 * the kernel drops it when the process ends, however it ends. The start-up
 * reaper leaves alone a folder whose lock it cannot take: its run is alive,
 * even in another PID namespace (a Flatpak sandbox and a host CLI see
 * different PIDs, so the marker's PID alone would call a live run dead).
 * Returns the descriptor holding the lock, or -1 with *busy set when another
 * process holds it (also -1 where locks are not to be had). */
int
ib_file_set_lock_folder (const char *dir,
                         gboolean   *busy)
{
  *busy = FALSE;
#ifdef G_OS_UNIX
  {
    int fd = ib_file_set_open_retrying (dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);

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

void
ib_file_set_unlock_folder (int fd)
{
#ifdef G_OS_UNIX
  if (fd >= 0)
    close (fd);
#else
  (void) fd;
#endif
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

gboolean
ib_file_set_write_marker (IbFileSet  *set,
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
  f->fd = ib_file_set_open_retrying (dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (f->fd < 0 || fstat (f->fd, &st) != 0)
    {
      if (ib_os_errno_is_fd_exhaustion (errno))
        g_message ("Cannot remove %s: no file descriptor came free to open it", dir);
      else if (errno != ENOENT)
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
  for (i = 0; set->names != NULL && i < set->names->len; i++)
    g_ptr_array_add (all, g_ptr_array_index (set->names, i));
  if (g_lstat (marker, &st) == 0 && S_ISREG (st.st_mode) &&
      g_key_file_load_from_file (key, marker, G_KEY_FILE_NONE, NULL))
    {
      listed = g_key_file_get_string_list (key, MARKER_GROUP, "files", &n_listed, NULL);
      for (i = 0; i < n_listed; i++)
        if (set->names == NULL
            || !g_ptr_array_find_with_equal_func (set->names, listed[i], g_str_equal, NULL))
          g_ptr_array_add (all, listed[i]);
    }

  if (!cleanup_dir (set->dir, set->dir_dev, set->dir_ino, (const char * const *) all->pdata,
                    all->len, error))
    return FALSE;
  set->cleaned = TRUE;
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
      lock_fd = ib_file_set_lock_folder (path, &busy);
      if (busy)
        continue;
      files = g_key_file_get_string_list (key, MARKER_GROUP, "files", &n_files, NULL);

      ok = cleanup_dir (path, (guint64) dir_st.st_dev, (guint64) dir_st.st_ino,
                        (const char * const *) files, (guint) n_files, &error);
      ib_file_set_unlock_folder (lock_fd);
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
