/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-strategy-sync.c: the blocking strategies, run on the calling thread:
 * sync-load-contents, sync-read-all, sync-stream and mmap. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <gio/gio.h>
#include <glib/gi18n.h>

#include "ib-error.h"
#include "ib-strategy-private.h"

#define MMAP_CANCEL_CHECK (16 * 1024 * 1024)   /* bytes between cancel checks */

gboolean
ib_strategy_sync_load_contents (IbStrategyContext *ctx,
                                GError           **error)
{
  guint i, n = ib_file_set_get_n_files (ctx->files);

  for (i = 0; i < n; i++)
    {
      const IbFileEntry *entry = ib_file_set_get_file (ctx->files, i);
      g_autoptr(GFile) file = NULL;
      g_autofree char *contents = NULL;
      GError *local_error = NULL;
      gsize length = 0;
      gboolean ok;

      if (g_cancellable_set_error_if_cancelled (ctx->cancellable, error))
        return FALSE;

      file = g_file_new_for_path (entry->path);
      ib_strategy_note_open (ctx);
      ok = g_file_load_contents (file, ctx->cancellable, &contents, &length, NULL,
                                 &local_error);
      ib_strategy_note_close (ctx);
      if (!ok)
        {
          g_propagate_error (error, ib_strategy_read_error (local_error, entry->path));
          return FALSE;
        }
      ctx->bytes += length;
      if (!ib_strategy_check (ctx, entry, length,
                              ctx->verify ? ib_strategy_crc_update (ib_strategy_crc_init (),
                                                                    (guint8 *) contents,
                                                                    length) : 0,
                              error))
        return FALSE;
    }
  return TRUE;
}

gboolean
ib_strategy_sync_read_all (IbStrategyContext *ctx,
                           GError           **error)
{
  guint i, n = ib_file_set_get_n_files (ctx->files);

  for (i = 0; i < n; i++)
    {
      const IbFileEntry *entry = ib_file_set_get_file (ctx->files, i);
      guint8 *reused = NULL;
      guint64 bytes = 0;

      if (g_cancellable_set_error_if_cancelled (ctx->cancellable, error))
        return FALSE;
      if (ctx->buffer == IB_BUFFER_REUSED && ctx->scratch != NULL)
        reused = ib_scratch_get (ctx->scratch, 0, (gsize) entry->size);
      if (!ib_strategy_read_all_one (ctx, entry, reused, ctx->cancellable, &bytes, error))
        return FALSE;
      ctx->bytes += bytes;
    }
  return TRUE;
}

gboolean
ib_strategy_sync_stream (IbStrategyContext *ctx,
                         GError           **error)
{
  gsize chunk = ib_strategy_chunk (ctx, ib_strategy_lookup ("sync-stream")->default_chunk);
  gboolean reuse = ctx->buffer == IB_BUFFER_REUSED && ctx->scratch != NULL;
  guint i, n = ib_file_set_get_n_files (ctx->files);

  for (i = 0; i < n; i++)
    {
      const IbFileEntry *entry = ib_file_set_get_file (ctx->files, i);
      g_autoptr(GFile) file = NULL;
      g_autoptr(GFileInputStream) in = NULL;
      g_autofree guint8 *whole = NULL;
      GError *local_error = NULL;
      guint32 crc = ib_strategy_crc_init ();
      guint64 total = 0;
      gsize cap = 0;
      guint8 *buf;
      gssize got;

      if (g_cancellable_set_error_if_cancelled (ctx->cancellable, error))
        return FALSE;

      file = g_file_new_for_path (entry->path);
      in = g_file_read (file, ctx->cancellable, &local_error);
      if (in == NULL)
        {
          g_propagate_error (error, ib_strategy_read_error (local_error, entry->path));
          return FALSE;
        }
      ib_strategy_note_open (ctx);

      if (reuse)
        buf = ib_scratch_get (ctx->scratch, 0, chunk);
      else
        {
          /* Fresh: the chunks land one after another in a buffer sized from
           * the file (+1 byte so the final read can see the end). */
          cap = (gsize) entry->size + 1;
          buf = whole = g_malloc (cap);
        }

      do
        {
          guint8 *dst = reuse ? buf : whole + total;
          gsize want = reuse ? chunk : MIN (chunk, cap - (gsize) total);

          got = g_input_stream_read (G_INPUT_STREAM (in), dst, want, ctx->cancellable,
                                     &local_error);
          if (got > 0)
            {
              if (ctx->verify)
                crc = ib_strategy_crc_update (crc, dst, (gsize) got);
              total += (guint64) got;
              if (!reuse && total >= cap)
                break;   /* longer than recorded: the check below says so */
            }
        }
      while (got > 0);

      g_clear_object (&in);
      ib_strategy_note_close (ctx);
      if (got < 0)
        {
          g_propagate_error (error, ib_strategy_read_error (local_error, entry->path));
          return FALSE;
        }
      ctx->bytes += total;
      if (!ib_strategy_check (ctx, entry, total, crc, error))
        return FALSE;
    }
  return TRUE;
}

/* Reads every byte of the mapping, eight at a time: touching one byte per
 * page would only measure page faults, and every other strategy delivers all
 * the bytes. Four accumulators keep the loads independent. The mapping is
 * page-aligned and @len is a multiple of 8 except at the very end. */
static guint64
fold_words (const guint8 *data,
            gsize         len)
{
  const guint64 *w = (const guint64 *) (gconstpointer) data;
  gsize n = len / 8, i;
  guint64 a = 0, b = 0, c = 0, d = 0;

  for (i = 0; i + 4 <= n; i += 4)
    {
      a ^= w[i];
      b ^= w[i + 1];
      c ^= w[i + 2];
      d ^= w[i + 3];
    }
  for (; i < n; i++)
    a ^= w[i];
  for (i = n * 8; i < len; i++)
    b ^= data[i];
  return a ^ b ^ c ^ d;
}

gboolean
ib_strategy_mmap (IbStrategyContext *ctx,
                  GError           **error)
{
  guint i, n = ib_file_set_get_n_files (ctx->files);

  for (i = 0; i < n; i++)
    {
      const IbFileEntry *entry = ib_file_set_get_file (ctx->files, i);
      GMappedFile *mapped;
      GError *local_error = NULL;
      const guint8 *data;
      guint32 crc = ib_strategy_crc_init ();
      gsize length, pos;
      volatile guint64 sink = 0;
      guint64 acc = 0;

      if (g_cancellable_set_error_if_cancelled (ctx->cancellable, error))
        return FALSE;

      mapped = g_mapped_file_new (entry->path, FALSE, &local_error);
      if (mapped == NULL)
        {
          g_set_error (error, IB_ERROR, IB_ERROR_IO, _("Cannot map “%s”: %s"),
                       entry->path, local_error->message);
          g_error_free (local_error);
          return FALSE;
        }
      ib_strategy_note_open (ctx);
      data = (const guint8 *) g_mapped_file_get_contents (mapped);
      length = g_mapped_file_get_length (mapped);

      for (pos = 0; pos < length; )
        {
          gsize end = MIN (length, pos + MMAP_CANCEL_CHECK);

          if (g_cancellable_is_cancelled (ctx->cancellable))
            break;
          if (ctx->verify)
            crc = ib_strategy_crc_update (crc, data + pos, end - pos);
          else
            acc ^= fold_words (data + pos, end - pos);
          pos = end;
        }
      sink = acc;
      (void) sink;

      g_mapped_file_unref (mapped);
      ib_strategy_note_close (ctx);
      if (g_cancellable_set_error_if_cancelled (ctx->cancellable, error))
        return FALSE;
      ctx->bytes += length;
      if (!ib_strategy_check (ctx, entry, length, crc, error))
        return FALSE;
    }
  return TRUE;
}
