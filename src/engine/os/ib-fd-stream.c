/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-fd-stream.c: a GOutputStream over a descriptor (see ib-fd-stream.h). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <errno.h>

#include <glib.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#ifdef G_OS_UNIX
#include <unistd.h>
#else
#include <io.h>
#endif

#include "engine/os/ib-fd-stream.h"

typedef struct
{
  GOutputStream parent_instance;
  int           fd;
} IbFdOutputStream;

typedef struct
{
  GOutputStreamClass parent_class;
} IbFdOutputStreamClass;

static GType ib_fd_output_stream_get_type (void);

G_DEFINE_TYPE (IbFdOutputStream, ib_fd_output_stream, G_TYPE_OUTPUT_STREAM)

static gssize
ib_fd_output_stream_write (GOutputStream *stream,
                           const void    *buffer,
                           gsize          count,
                           GCancellable  *cancellable,
                           GError       **error)
{
  IbFdOutputStream *self = (IbFdOutputStream *) stream;

  for (;;)
    {
      gssize n;
      int saved;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return -1;
      n = write (self->fd, buffer, MIN (count, (gsize) G_MAXSSIZE));
      if (n >= 0)
        return n;
      saved = errno;
      if (saved == EINTR)
        continue;
      /* The words of GIO's local file streams, so that every mode of write
       * + delete says the same. */
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   _("Error writing to file: %s"), g_strerror (saved));
      return -1;
    }
}

static gboolean
ib_fd_output_stream_close (GOutputStream *stream,
                           GCancellable  *cancellable,
                           GError       **error)
{
  IbFdOutputStream *self = (IbFdOutputStream *) stream;
  int fd = self->fd;
  int saved;

  self->fd = -1;
  if (fd < 0 || close (fd) == 0)
    return TRUE;
  saved = errno;
  if (saved == EINTR)   /* closed all the same (Linux, POSIX 2024) */
    return TRUE;
  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), _("Error closing file: %s"),
               g_strerror (saved));
  return FALSE;
}

static void
ib_fd_output_stream_finalize (GObject *object)
{
  IbFdOutputStream *self = (IbFdOutputStream *) object;

  /* GOutputStream's dispose closes an open stream; this is a safety net. */
  if (self->fd >= 0)
    close (self->fd);
  G_OBJECT_CLASS (ib_fd_output_stream_parent_class)->finalize (object);
}

static void
ib_fd_output_stream_class_init (IbFdOutputStreamClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GOutputStreamClass *stream_class = G_OUTPUT_STREAM_CLASS (klass);

  object_class->finalize = ib_fd_output_stream_finalize;
  stream_class->write_fn = ib_fd_output_stream_write;
  stream_class->close_fn = ib_fd_output_stream_close;
  /* No async vfuncs of its own: GOutputStream runs the blocking ones in a
   * GTask thread, as for GIO's local file streams. */
}

static void
ib_fd_output_stream_init (IbFdOutputStream *self)
{
  self->fd = -1;
}

GOutputStream *
ib_fd_output_stream_new (int fd)
{
  IbFdOutputStream *self;

  g_return_val_if_fail (fd >= 0, NULL);

  self = g_object_new (ib_fd_output_stream_get_type (), NULL);
  self->fd = fd;
  return G_OUTPUT_STREAM (self);
}

int
ib_fd_output_stream_get_fd (GOutputStream *stream)
{
  g_return_val_if_fail (G_TYPE_CHECK_INSTANCE_TYPE (stream, ib_fd_output_stream_get_type ()),
                        -1);

  return ((IbFdOutputStream *) stream)->fd;
}
