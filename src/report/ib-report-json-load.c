/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-report-json-load.c: a report file into memory for the loader
 * (ib-report-json-read.c), the one way both iobench-cli and the window open
 * a report.
 *
 * Only a regular file is read, and only up to IB_REPORT_MAX_BYTES: a device
 * (/dev/zero never ends), a FIFO (blocks until someone writes), a folder or a
 * socket is refused at once, naming what it is, and so is a file larger than
 * the limit, before a byte of it is read. It is opened without blocking and
 * without becoming the controlling terminal, so that neither happens while it
 * is looked at. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "engine/model/ib-error.h"
#include "ib-report-io.h"
#include "ib-report-json-private.h"

#ifndef O_NOCTTY
#define O_NOCTTY 0
#endif
#ifndef O_NONBLOCK
#define O_NONBLOCK 0
#endif
#ifndef O_CLOEXEC
#define O_CLOEXEC 0
#endif

/* What a file that is not a regular one is, for the message. */
static const char *
file_kind (mode_t mode)
{
  if (S_ISDIR (mode))
    return _("a folder");
#ifdef S_ISCHR
  if (S_ISCHR (mode))
    return _("a character device");
#endif
#ifdef S_ISBLK
  if (S_ISBLK (mode))
    return _("a block device");
#endif
#ifdef S_ISFIFO
  if (S_ISFIFO (mode))
    return _("a FIFO (a named pipe)");
#endif
#ifdef S_ISSOCK
  if (S_ISSOCK (mode))
    return _("a socket");
#endif
  return _("not a file");
}

static gboolean
too_large (const char *display,
           GError    **error)
{
  g_set_error (error, IB_ERROR, IB_ERROR_FORMAT,
               /* Translators: "big.json is larger than 64 MiB, the most I/O Bench
                * reads as a report" */
               _("%s is larger than %u MiB, the most I/O Bench reads as a report"), display,
               (guint) (IB_REPORT_MAX_BYTES >> 20));
  return FALSE;
}

static gboolean
read_error (const char *display,
            int         saved,
            GError    **error)
{
  g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
               _("Cannot read “%s”: %s"), display, g_strerror (saved));
  return FALSE;
}

/* The whole of regular file @path, at most IB_REPORT_MAX_BYTES, into *@data
 * (NUL-terminated) and *@length. */
static gboolean
read_report_file (const char *path,
                  char      **data,
                  gsize      *length,
                  GError    **error)
{
  g_autofree char *display = g_filename_display_name (path);
  g_autofree char *buf = NULL;
  gsize size, got = 0;
  struct stat st;
  int fd;

  fd = g_open (path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0);
  if (fd < 0)
    {
      int saved = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   _("Failed to open file “%s”: %s"), display, g_strerror (saved));
      return FALSE;
    }
  if (fstat (fd, &st) != 0)
    {
      int saved = errno;

      close (fd);
      return read_error (display, saved, error);
    }
  if (!S_ISREG (st.st_mode))
    {
      close (fd);
      /* Translators: "/dev/zero is not a regular file: it is a character
       * device; open a report saved by I/O Bench" */
      g_set_error (error, IB_ERROR, IB_ERROR_FORMAT,
                   _("%s is not a regular file: it is %s; open a report saved by I/O Bench"),
                   display, file_kind (st.st_mode));
      return FALSE;
    }
  if (st.st_size < 0 || (guint64) st.st_size > IB_REPORT_MAX_BYTES)
    {
      close (fd);
      return too_large (display, error);
    }

  /* One byte more than the size: a file that grows meanwhile is read on,
   * up to the limit. */
  size = (gsize) st.st_size + 1;
  buf = g_malloc (size + 1);
  for (;;)
    {
      gssize n;

      if (got == size)
        {
          if (size > IB_REPORT_MAX_BYTES)
            {
              close (fd);
              return too_large (display, error);
            }
          size = MIN (size * 2, IB_REPORT_MAX_BYTES + 1);
          buf = g_realloc (buf, size + 1);
        }
      n = read (fd, buf + got, size - got);
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int saved = errno;

          close (fd);
          return read_error (display, saved, error);
        }
      if (n == 0)
        break;
      got += (gsize) n;
    }
  close (fd);
  if (got > IB_REPORT_MAX_BYTES)
    return too_large (display, error);
  buf[got] = '\0';
  *data = g_steal_pointer (&buf);
  *length = got;
  return TRUE;
}

IbReport *
ib_report_load_json (const char *path,
                     GError    **error)
{
  g_autofree char *data = NULL;
  g_autoptr(GError) local = NULL;
  gsize length = 0;
  IbReport *report;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!read_report_file (path, &data, &length, error))
    return NULL;
  report = ib_report_from_json (data, (gssize) length, &local);
  if (report == NULL)
    {
      g_autofree char *display = g_filename_display_name (path);

      g_set_error (error, IB_ERROR, IB_ERROR_FORMAT, "%s: %s", display, local->message);
      return NULL;
    }
  return report;
}
