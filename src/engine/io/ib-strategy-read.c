/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-strategy-read.c: what every strategy shares when it reads a file: the
 * CRC-32 and size checks, the open and in-flight counters, the single read
 * of a whole file, and its direct I/O form. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <gio/gio.h>
#include <glib/gi18n.h>

#include "engine/model/ib-error.h"
#include "engine/os/ib-os.h"
#include "engine/io/ib-strategy-private.h"

guint32
ib_strategy_crc_init (void)
{
  return (guint32) crc32 (0L, Z_NULL, 0);
}

guint32
ib_strategy_crc_update (guint32       crc,
                        const guint8 *data,
                        gsize         len)
{
  uLong c = crc;

  while (len > 0)
    {
      uInt n = (uInt) MIN (len, (gsize) G_MAXINT32);

      c = crc32 (c, data, n);
      data += n;
      len -= n;
    }
  return (guint32) c;
}

guint32
ib_strategy_verify_update (IbStrategyContext *ctx,
                           guint32            crc,
                           const guint8      *data,
                           gsize              len)
{
  g_atomic_int_inc (g_atomic_int_get (&ctx->timing) ? &ctx->crc_in_span : &ctx->crc_outside);
  return ib_strategy_crc_update (crc, data, len);
}

gboolean
ib_strategy_check (const IbStrategyContext *ctx,
                   const IbFileEntry       *entry,
                   guint64                  bytes,
                   guint32                  crc,
                   GError                 **error)
{
  if (bytes != entry->size)
    {
      g_set_error (error, IB_ERROR, IB_ERROR_SHORT_READ,
                   _("Read %" PRIu64 " bytes of “%s”, which should hold %"
                     PRIu64), (uint64_t) bytes, entry->path, (uint64_t) entry->size);
      return FALSE;
    }
  if (ctx->verify && crc != entry->crc)
    {
      g_set_error (error, IB_ERROR, IB_ERROR_VERIFY,
                   _("The content read from “%s” is not what was written "
                     "(CRC-32 %08x, expected %08x)"), entry->path, crc, entry->crc);
      return FALSE;
    }
  return TRUE;
}

GError *
ib_strategy_read_error (GError     *in,
                        const char *path)
{
  GError *out;

  if (in->domain != G_IO_ERROR || in->code == G_IO_ERROR_CANCELLED)
    return in;
  out = g_error_new (IB_ERROR, IB_ERROR_IO, _("Cannot read “%s”: %s"), path, in->message);
  g_error_free (in);
  return out;
}

static IbFileStartedHook file_started_hook;

void
ib_strategy_set_file_started_hook (IbFileStartedHook hook)
{
  file_started_hook = hook;
}

void
ib_strategy_file_started (IbStrategyContext *ctx)
{
  guint now = (guint) g_atomic_int_add (&ctx->in_flight_now, 1) + 1;
  guint max;

  do
    max = (guint) g_atomic_int_get ((gint *) &ctx->max_in_flight);
  while (now > max &&
         !g_atomic_int_compare_and_exchange ((gint *) &ctx->max_in_flight, (gint) max,
                                             (gint) now));
  if (file_started_hook != NULL)
    file_started_hook (ctx);
}

void
ib_strategy_file_finished (IbStrategyContext *ctx)
{
  g_atomic_int_add (&ctx->in_flight_now, -1);
}

void
ib_strategy_note_open (IbStrategyContext *ctx)
{
  guint now = (guint) g_atomic_int_add (&ctx->open_now, 1) + 1;
  guint max;

  do
    max = (guint) g_atomic_int_get ((gint *) &ctx->max_open);
  while (now > max &&
         !g_atomic_int_compare_and_exchange ((gint *) &ctx->max_open, (gint) max, (gint) now));
}

void
ib_strategy_note_close (IbStrategyContext *ctx)
{
  g_atomic_int_add (&ctx->open_now, -1);
}

gboolean
ib_strategy_read_all_one (IbStrategyContext *ctx,
                          const IbFileEntry *entry,
                          guint8            *reused,
                          GCancellable      *cancellable,
                          guint64           *bytes,
                          GError           **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (entry->path);
  g_autoptr(GFileInputStream) in = NULL;
  g_autoptr(GFileInfo) info = NULL;
  IbOsBuffer fresh = { 0 };
  IbFdBackoff backoff = IB_FD_BACKOFF_INIT;
  GError *local_error = NULL;
  guint8 *buf;
  goffset size;
  gsize got = 0;
  gboolean ok;
  guint32 crc;

  /* Out of file descriptors: wait for one to come free, then try again. */
  while ((in = g_file_read (file, cancellable, &local_error)) == NULL &&
         ib_fd_backoff_retry (&backoff, &local_error, cancellable))
    ;
  if (in == NULL)
    {
      g_propagate_error (error, ib_strategy_read_error (local_error, entry->path));
      return FALSE;
    }
  ib_strategy_note_open (ctx);

  info = g_file_input_stream_query_info (in, G_FILE_ATTRIBUTE_STANDARD_SIZE, cancellable,
                                         &local_error);
  if (info == NULL)
    goto fail;
  size = g_file_info_get_size (info);
  if (size < 0 || (guint64) size != entry->size)
    {
      g_set_error (&local_error, IB_ERROR, IB_ERROR_SHORT_READ,
                   _("“%s” holds %" PRId64 " bytes, not the %" PRIu64
                     " it was made with"), entry->path, (int64_t) size, (uint64_t) entry->size);
      goto fail;
    }

  buf = reused;
  if (buf == NULL)
    {
      buf = ib_strategy_fresh_buffer (ctx, entry, (gsize) size, 0, &fresh);
    }

  ok = g_input_stream_read_all (G_INPUT_STREAM (in), buf, (gsize) size, &got, cancellable,
                                &local_error);
  g_clear_object (&in);
  ib_strategy_note_close (ctx);
  if (!ok)
    {
      ib_os_buffer_clear (&fresh);
      g_propagate_error (error, ib_strategy_read_error (local_error, entry->path));
      return FALSE;
    }

  *bytes = got;
  crc = ctx->verify ? ib_strategy_verify_update (ctx, ib_strategy_crc_init (), buf, got) : 0;
  ib_os_buffer_clear (&fresh);
  return ib_strategy_check (ctx, entry, got, crc, error);

fail:
  g_clear_object (&in);
  ib_strategy_note_close (ctx);
  g_propagate_error (error, ib_strategy_read_error (local_error, entry->path));
  return FALSE;
}

/* ---- direct I/O ---------------------------------------------------------- */

int
ib_strategy_direct_open (IbStrategyContext *ctx,
                         const IbFileEntry *entry,
                         GCancellable      *cancellable,
                         gsize             *align,
                         GError           **error)
{
  IbFdBackoff backoff = IB_FD_BACKOFF_INIT;
  GError *local_error = NULL;
  int fd;

  /* Out of descriptors: wait for one, as every other open does. */
  while ((fd = ib_os_open_direct (entry->path, &local_error)) < 0 &&
         ib_fd_backoff_retry (&backoff, &local_error, cancellable))
    ;
  if (fd < 0)
    {
      g_propagate_error (error, ib_strategy_read_error (local_error, entry->path));
      return -1;
    }
  ib_strategy_note_open (ctx);
  *align = ib_os_direct_alignment (fd);
  return fd;
}

guint8 *
ib_strategy_direct_buffer (IbStrategyContext *ctx,
                           const IbFileEntry *entry,
                           guint              slot,
                           gsize              size,
                           gsize              align,
                           IbOsBuffer        *fresh)
{
  guint8 *raw;

  size = MAX (size, align);
  if (ctx->buffer == IB_BUFFER_REUSED && ctx->scratch != NULL)
    {
      /* The slot's own buffer, over-allocated so an aligned start fits. */
      raw = ib_scratch_get (ctx->scratch, slot, size + align);
      return (guint8 *) ib_strategy_align_up ((guintptr) raw, align);
    }
  return ib_strategy_fresh_buffer (ctx, entry, size, align, fresh);
}

gboolean
ib_strategy_direct_read_all_one (IbStrategyContext *ctx,
                                 const IbFileEntry *entry,
                                 guint              slot,
                                 GCancellable      *cancellable,
                                 guint64           *bytes,
                                 GError           **error)
{
  IbOsBuffer fresh = { 0 };
  GError *local_error = NULL;
  struct stat st;
  guint8 *buf;
  gsize align, cap;
  guint64 got = 0;
  guint32 crc;
  int fd;

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  fd = ib_strategy_direct_open (ctx, entry, cancellable, &align, error);
  if (fd < 0)
    return FALSE;

  if (fstat (fd, &st) != 0)
    {
      int saved = errno;

      local_error = g_error_new_literal (G_IO_ERROR, g_io_error_from_errno (saved),
                                         g_strerror (saved));
      goto fail;
    }
  if ((guint64) st.st_size != entry->size)
    {
      g_set_error (&local_error, IB_ERROR, IB_ERROR_SHORT_READ,
                   _("“%s” holds %" PRId64 " bytes, not the %" PRIu64
                     " it was made with"), entry->path, (int64_t) st.st_size,
                   (uint64_t) entry->size);
      goto fail;
    }

  /* The last read is short when the size is not a multiple of the block
   * size: the buffer holds the size rounded up, the read asks for that. */
  cap = (gsize) ib_strategy_align_up (entry->size, align);
  buf = ib_strategy_direct_buffer (ctx, entry, slot, cap, align, &fresh);
  for (;;)
    {
      gssize n;
      gsize want = MIN (cap - (gsize) got, (gsize) IB_STRATEGY_MAX_CHUNK);

      if (want == 0)
        break;
      if (g_cancellable_set_error_if_cancelled (cancellable, &local_error))
        goto fail;
      n = pread (fd, buf + got, want, (off_t) got);
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int saved = errno;

          local_error = g_error_new_literal (G_IO_ERROR, g_io_error_from_errno (saved),
                                             g_strerror (saved));
          goto fail;
        }
      if (n == 0)
        break;
      got += (guint64) n;
      if ((gsize) n % align != 0)
        break;   /* a short read: the end of the file */
    }
  close (fd);
  ib_strategy_note_close (ctx);

  *bytes = got;
  crc = ctx->verify ? ib_strategy_verify_update (ctx, ib_strategy_crc_init (), buf,
                                                 (gsize) got) : 0;
  ib_os_buffer_clear (&fresh);
  return ib_strategy_check (ctx, entry, got, crc, error);

fail:
  close (fd);
  ib_strategy_note_close (ctx);
  ib_os_buffer_clear (&fresh);
  g_propagate_error (error, ib_strategy_read_error (local_error, entry->path));
  return FALSE;
}
