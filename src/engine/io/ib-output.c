/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-output.c: every file written for a user, by what is at its path
 * (ib-output.h). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <limits.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/model/ib-error.h"
#include "engine/io/ib-fileset-private.h"
#include "engine/io/ib-output.h"

#ifndef NAME_MAX
#define NAME_MAX 255
#endif
/* Symbolic links followed at most, as the kernel does (ELOOP after it). */
#define MAX_LINKS 40
#define TMP_SUFFIX ".ibXXXXXX"
/* A file is written in pieces of this size, the interrupt checked between
 * them; a device or pipe in pieces that fit once poll() says it can take
 * more (a pipe's page). */
#define FILE_CHUNK   (1024 * 1024)
#define STREAM_CHUNK 4096

struct _IbOutput
{
  char         *path;   /* as given, for messages */
  char         *target; /* IB_OUTPUT_FILE: the file renamed over */
  char         *tmp;    /* IB_OUTPUT_FILE: its temporary file */
  int           fd;
  IbOutputKind  kind;
  GCancellable *interrupt;
  GPollFD       interrupt_fd; /* fd -1 without an interrupt */
};

/* What is at a path, and so how it is written. */
typedef struct
{
  IbOutputKind  kind;
  gboolean      is_stdout; /* IB_OUTPUT_STREAM: write to stdout_fd */
  char         *target;    /* IB_OUTPUT_FILE: the file to make or replace (links
                            * followed); IB_OUTPUT_STREAM: the path to open */
  gboolean      exists;    /* IB_OUTPUT_FILE: target is a regular file */
  GStatBuf      st;        /* ... and what stat() says of it */
} Where;

static int stdout_fd = STDOUT_FILENO;
static GCancellable *interrupt;
G_LOCK_DEFINE_STATIC (interrupt);

void
ib_output_set_stdout (int fd)
{
  stdout_fd = fd;
}

void
ib_output_set_interrupt (GCancellable *cancellable)
{
  G_LOCK (interrupt);
  g_set_object (&interrupt, cancellable);
  G_UNLOCK (interrupt);
}

static GCancellable *
get_interrupt (void)
{
  GCancellable *c;

  G_LOCK (interrupt);
  c = interrupt != NULL ? g_object_ref (interrupt) : NULL;
  G_UNLOCK (interrupt);
  return c;
}

gboolean
ib_output_interrupted (const char *path,
                       GError    **error)
{
  g_autoptr(GCancellable) c = get_interrupt ();
  g_autofree char *display = NULL;

  g_return_val_if_fail (path != NULL, FALSE);

  if (c == NULL || !g_cancellable_is_cancelled (c))
    return FALSE;
  display = g_filename_display_name (path);
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED,
               /* Translators: %s is a file name */
               _("Interrupted: “%s” was not written"), display);
  return TRUE;
}

static void
set_errno_error (GError    **error,
                 const char *path,
                 int         errsv)
{
  g_autofree char *display = g_filename_display_name (path);

  g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (errsv),
               /* Translators: %s is a file name, the second %s why it failed */
               _("Could not write “%s”: %s"), display, g_strerror (errsv));
}

static gboolean
is_interrupted (const IbOutput *output,
                GError        **error)
{
  g_autofree char *display = NULL;

  if (output->interrupt == NULL || !g_cancellable_is_cancelled (output->interrupt))
    return FALSE;
  display = g_filename_display_name (output->path);
  if (output->kind == IB_OUTPUT_STREAM)
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                 /* Translators: %s is a file name (a device or a pipe) */
                 _("Interrupted while writing to “%s”"), display);
  else
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                 /* Translators: %s is a file name */
                 _("Interrupted: “%s” was not written"), display);
  return TRUE;
}

static gboolean
stat_is_stdout (const GStatBuf *st)
{
  struct stat out;

  return fstat (stdout_fd, &out) == 0 && out.st_dev == st->st_dev &&
         out.st_ino == st->st_ino && (out.st_mode & S_IFMT) == (st->st_mode & S_IFMT);
}

gboolean
ib_output_is_stdout (const char *path)
{
  GStatBuf st;

  g_return_val_if_fail (path != NULL, FALSE);

  return g_str_equal (path, "-") || (g_stat (path, &st) == 0 && stat_is_stdout (&st));
}

/* The end of @path's chain of symbolic links (@path when it is none); NULL
 * with *@errsv set when there are too many links. */
static char *
resolve_links (const char *path,
               int        *errsv)
{
  g_autofree char *cur = g_strdup (path);

  for (int i = 0; i <= MAX_LINKS; i++)
    {
      g_autofree char *link = NULL;
      GStatBuf st;

      if (g_lstat (cur, &st) != 0 || !S_ISLNK (st.st_mode))
        return g_steal_pointer (&cur);
      link = g_file_read_link (cur, NULL);
      if (link == NULL)
        return g_steal_pointer (&cur);
      if (!g_path_is_absolute (link))
        {
          g_autofree char *dir = g_path_get_dirname (cur);
          char *joined = g_build_filename (dir, link, NULL);

          g_free (link);
          link = joined;
        }
      g_free (cur);
      cur = g_steal_pointer (&link);
    }
  *errsv = ELOOP;
  return NULL;
}

static void
where_clear (Where *w)
{
  g_clear_pointer (&w->target, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Where, where_clear)

/* FALSE with *@errsv (EISDIR for a folder) when @path cannot be written. */
static gboolean
where_of (const char *path,
          Where      *w,
          int        *errsv)
{
  memset (w, 0, sizeof *w);
  if (g_str_equal (path, "-"))
    {
      w->kind = IB_OUTPUT_STREAM;
      w->is_stdout = TRUE;
      return TRUE;
    }
  if (g_stat (path, &w->st) == 0)
    {
      if (S_ISDIR (w->st.st_mode))
        {
          *errsv = EISDIR;
          return FALSE;
        }
      if (stat_is_stdout (&w->st) || !S_ISREG (w->st.st_mode))
        {
          w->kind = IB_OUTPUT_STREAM;
          w->is_stdout = stat_is_stdout (&w->st);
          w->target = g_strdup (path);
          return TRUE;
        }
      w->exists = TRUE;
    }
  else if (errno != ENOENT)
    {
      *errsv = errno;
      return FALSE;
    }
  /* a regular file, or none yet (maybe at the end of a dangling link) */
  w->kind = IB_OUTPUT_FILE;
  w->target = resolve_links (path, errsv);
  return w->target != NULL;
}

gboolean
ib_output_check (const char         *path,
                 const char * const *inputs,
                 IbOutputKind       *kind,
                 GError            **error)
{
  g_auto (Where) w = { 0 };
  g_autofree char *display = NULL;
  g_autofree char *dir = NULL;
  int errsv = 0;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (*path == '\0')
    {
      g_set_error (error, IB_ERROR, IB_ERROR_INVALID, _("the file name is empty"));
      return FALSE;
    }
  display = g_filename_display_name (path);
  if (!where_of (path, &w, &errsv))
    {
      if (errsv == EISDIR)
        g_set_error (error, IB_ERROR, IB_ERROR_INVALID,
                     _("“%s” is a folder; give a file name"), display);
      else
        g_set_error (error, IB_ERROR, IB_ERROR_INVALID,
                     /* Translators: %s is a file name, the second %s why it failed */
                     _("cannot write to “%s”: %s"), display, g_strerror (errsv));
      return FALSE;
    }
  if (kind != NULL)
    *kind = w.kind;
  if (w.kind == IB_OUTPUT_STREAM)
    {
      if (!w.is_stdout && g_access (w.target, W_OK) != 0)
        {
          errsv = errno;
          g_set_error (error, IB_ERROR, IB_ERROR_INVALID, _("cannot write to “%s”: %s"),
                       display, g_strerror (errsv));
          return FALSE;
        }
      return TRUE;
    }

  dir = g_path_get_dirname (w.target);
  if (!g_file_test (dir, G_FILE_TEST_IS_DIR))
    {
      g_autofree char *d = g_filename_display_name (dir);

      g_set_error (error, IB_ERROR, IB_ERROR_INVALID, _("the folder “%s” does not exist"), d);
      return FALSE;
    }
  if (g_access (dir, W_OK) != 0)
    {
      g_autofree char *d = g_filename_display_name (dir);

      g_set_error (error, IB_ERROR, IB_ERROR_INVALID, _("cannot write in the folder “%s”"), d);
      return FALSE;
    }
  for (guint i = 0; w.exists && inputs != NULL && inputs[i] != NULL; i++)
    {
      GStatBuf in;

      if (g_stat (inputs[i], &in) == 0 && in.st_dev == w.st.st_dev && in.st_ino == w.st.st_ino)
        {
          g_autofree char *input = g_filename_display_name (inputs[i]);

          g_set_error (error, IB_ERROR, IB_ERROR_INVALID,
                       /* Translators: both %s are file names, maybe the same */
                       _("“%s” is the file being read (“%s”): writing it would replace it; "
                         "give another file name"),
                       display, input);
          return FALSE;
        }
    }
  return TRUE;
}

/* ".NAME.ibXXXXXX" beside @target, NAME cut (at a character) to fit. */
static char *
temporary_name (const char *target)
{
  g_autofree char *dir = g_path_get_dirname (target);
  g_autofree char *base = g_path_get_basename (target);
  gsize room = NAME_MAX - 1 - strlen (TMP_SUFFIX);
  g_autofree char *name = NULL;

  if (strlen (base) > room)
    {
      gsize cut = room;

      /* not inside a UTF-8 sequence */
      while (cut > 0 && ((guchar) base[cut] & 0xC0) == 0x80)
        cut--;
      base[cut] = '\0';
    }
  name = g_strconcat (".", base, TMP_SUFFIX, NULL);
  return g_build_filename (dir, name, NULL);
}

static void
output_free (IbOutput *output)
{
  if (output->fd >= 0)
    close (output->fd);
  if (output->tmp != NULL)
    g_unlink (output->tmp);
  if (output->interrupt_fd.fd >= 0)
    g_cancellable_release_fd (output->interrupt);
  g_clear_object (&output->interrupt);
  g_free (output->path);
  g_free (output->target);
  g_free (output->tmp);
  g_free (output);
}

void
ib_output_abort (IbOutput *output)
{
  if (output != NULL)
    output_free (output);
}

/* Opens the device or FIFO @path without blocking on a FIFO nobody reads
 * yet: waits for a reader, or the interrupt. */
static int
open_stream (IbOutput   *output,
             const char *path)
{
  for (;;)
    {
      int fd = open (path, O_WRONLY | O_NOCTTY | O_CLOEXEC | O_NONBLOCK);

      if (fd >= 0)
        {
          int flags = fcntl (fd, F_GETFL);

          if (flags >= 0)
            fcntl (fd, F_SETFL, flags & ~O_NONBLOCK);
          return fd;
        }
      if (errno != ENXIO || output->interrupt == NULL)
        {
          if (errno == ENXIO)
            return open (path, O_WRONLY | O_NOCTTY | O_CLOEXEC);
          return -1;
        }
      if (g_cancellable_is_cancelled (output->interrupt))
        {
          errno = EINTR;
          return -1;
        }
      g_poll (&output->interrupt_fd, 1, 50);
    }
}

IbOutput *
ib_output_open (const char *path,
                GError    **error)
{
  g_autoptr(IbOutput) output = NULL;
  g_auto (Where) w = { 0 };
  int errsv = 0;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  output = g_new0 (IbOutput, 1);
  output->fd = -1;
  output->interrupt_fd.fd = -1;
  output->path = g_strdup (path);
  output->interrupt = get_interrupt ();
  if (output->interrupt != NULL &&
      !g_cancellable_make_pollfd (output->interrupt, &output->interrupt_fd))
    output->interrupt_fd.fd = -1;
  if (!where_of (path, &w, &errsv))
    {
      set_errno_error (error, path, errsv);
      return NULL;
    }
  output->kind = w.kind;
  if (is_interrupted (output, error))
    return NULL;

  if (w.is_stdout)
    output->fd = fcntl (stdout_fd, F_DUPFD_CLOEXEC, 3);
  else if (w.kind == IB_OUTPUT_STREAM)
    output->fd = open_stream (output, w.target);
  else
    {
      output->tmp = temporary_name (w.target);
      output->fd = g_mkstemp_full (output->tmp, O_WRONLY | O_CLOEXEC, 0666);
      if (output->fd < 0)
        g_clear_pointer (&output->tmp, g_free);
      else if (w.exists)
        /* the mode of the file it replaces (a failure keeps the default) */
        (void) fchmod (output->fd, w.st.st_mode & 07777);
      output->target = g_steal_pointer (&w.target);
    }
  if (output->fd < 0)
    {
      errsv = errno;
      if (!is_interrupted (output, error))
        set_errno_error (error, path, errsv);
      return NULL;
    }
  return g_steal_pointer (&output);
}

IbOutputKind
ib_output_get_kind (IbOutput *output)
{
  g_return_val_if_fail (output != NULL, IB_OUTPUT_FILE);

  return output->kind;
}

/* Waits until @output's device or pipe can take more, or the interrupt. */
static void
wait_writable (IbOutput *output)
{
  GPollFD fds[2] = { { output->fd, G_IO_OUT, 0 }, output->interrupt_fd };

  if (output->interrupt_fd.fd < 0)
    return;
  while (g_poll (fds, 2, -1) < 0 && errno == EINTR)
    ;
}

gboolean
ib_output_write (IbOutput   *output,
                 const void *data,
                 gsize       length,
                 GError    **error)
{
  const char *p = data;

  g_return_val_if_fail (output != NULL, FALSE);
  g_return_val_if_fail (data != NULL || length == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  while (length > 0)
    {
      gsize chunk = output->kind == IB_OUTPUT_STREAM ? STREAM_CHUNK : FILE_CHUNK;
      gssize n;

      if (output->kind == IB_OUTPUT_STREAM)
        wait_writable (output);
      if (is_interrupted (output, error))
        return FALSE;
      n = write (output->fd, p, MIN (length, chunk));
      if (n < 0)
        {
          if (errno == EINTR || errno == EAGAIN)
            continue;
          set_errno_error (error, output->path, errno);
          return FALSE;
        }
      p += n;
      length -= (gsize) n;
    }
  return TRUE;
}

/* The test-only hold point of exports, only in a build with
 * -Dtest_hooks=true and inert unless set as a test sets it
 * (ib_test_hold_after): IOBENCH_TEST_HOLD_AFTER_OUTPUTS=N holds the Nth
 * output of the process once its bytes are written and before its commit,
 * until the test closes the FIFO or the interrupt comes
 * (tests/faults/signals-export.sh). */
#if IB_TEST_HOOKS
/* Process-wide on purpose: the test names the Nth output of the whole
 * process (an iobench-cli it runs), not of one run. */
static int n_commits;

static void
test_hold (IbOutput *output)
{
  guint n = IB_TEST_HOLD_AFTER ("IOBENCH_TEST_HOLD_AFTER_OUTPUTS");
  GPollFD fds[2] = { { -1, G_IO_IN | G_IO_HUP, 0 }, output->interrupt_fd };
  char buf[64];

  if (G_LIKELY (n == 0) || (guint) g_atomic_int_add (&n_commits, 1) + 1 != n)
    return;
  fds[0].fd = open (g_getenv ("IOBENCH_TEST_HOLD_FIFO"), O_RDONLY | O_CLOEXEC);
  if (fds[0].fd < 0)
    return;
  for (;;)
    {
      gssize r;

      if (g_poll (fds, output->interrupt_fd.fd >= 0 ? 2 : 1, -1) < 0 && errno != EINTR)
        break;
      if (fds[1].revents != 0 && fds[1].fd >= 0)
        break;
      if (fds[0].revents == 0)
        continue;
      r = read (fds[0].fd, buf, sizeof buf);
      if (r == 0 || (r < 0 && errno != EINTR))
        break;
    }
  close (fds[0].fd);
}
#else
#define test_hold(output) ((void) 0)
#endif

gboolean
ib_output_close (IbOutput *output,
                 GError  **error)
{
  g_autoptr(IbOutput) owned = output;
  int fd;

  g_return_val_if_fail (output != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  test_hold (output);
  if (is_interrupted (output, error))
    return FALSE;
  /* a device's or pipe's own buffers are its business: only a file is
   * synced */
  if (output->kind == IB_OUTPUT_FILE && fsync (output->fd) != 0 && errno != EINVAL)
    {
      set_errno_error (error, output->path, errno);
      return FALSE;
    }
  fd = output->fd;
  output->fd = -1;
  if (close (fd) != 0 && output->kind == IB_OUTPUT_FILE)
    {
      set_errno_error (error, output->path, errno);
      return FALSE;
    }
  if (output->kind == IB_OUTPUT_STREAM)
    return TRUE;
  if (is_interrupted (output, error))
    return FALSE;
  if (g_rename (output->tmp, output->target) != 0)
    {
      set_errno_error (error, output->path, errno);
      return FALSE;
    }
  g_clear_pointer (&output->tmp, g_free);
  return TRUE;
}

gboolean
ib_output_save (const char *path,
                const char *data,
                gssize      length,
                GError    **error)
{
  g_autoptr(IbOutput) output = NULL;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (data != NULL, FALSE);

  output = ib_output_open (path, error);
  if (output == NULL)
    return FALSE;
  if (!ib_output_write (output, data, length < 0 ? strlen (data) : (gsize) length, error))
    return FALSE;
  return ib_output_close (g_steal_pointer (&output), error);
}
