/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-strategy-sync.c: the blocking strategies, run on the calling thread:
 * sync-load-contents, sync-read-all, sync-stream and mmap. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#ifdef G_OS_UNIX
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#endif

#include "engine/model/ib-error.h"
#include "engine/os/ib-os.h"
#include "engine/io/ib-strategy-private.h"

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
      IbFdBackoff backoff = IB_FD_BACKOFF_INIT;
      GError *local_error = NULL;
      gsize length = 0;
      gboolean ok;

      if (g_cancellable_set_error_if_cancelled (ctx->cancellable, error))
        return FALSE;
      ib_strategy_file_started (ctx);

      file = g_file_new_for_path (entry->path);
      ib_strategy_note_open (ctx);
      /* Out of file descriptors: wait for one to come free, then try again. */
      while (!(ok = g_file_load_contents (file, ctx->cancellable, &contents, &length, NULL,
                                          &local_error)) &&
             ib_fd_backoff_retry (&backoff, &local_error, ctx->cancellable))
        ;
      ib_strategy_note_close (ctx);
      if (!ok)
        {
          g_propagate_error (error, ib_strategy_read_error (local_error, entry->path));
          return FALSE;
        }
      ctx->bytes += length;
      if (!ib_strategy_check (ctx, entry, length,
                              ctx->verify ? ib_strategy_verify_update (ctx,
                                                                       ib_strategy_crc_init (),
                                                                       (guint8 *) contents,
                                                                       length) : 0,
                              error))
        return FALSE;
      ib_strategy_file_finished (ctx);
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
      ib_strategy_file_started (ctx);
      if (ctx->buffer == IB_BUFFER_REUSED && ctx->scratch != NULL)
        reused = ib_scratch_get (ctx->scratch, 0, (gsize) entry->size);
      if (!ib_strategy_read_all_one (ctx, entry, reused, ctx->cancellable, &bytes, error))
        return FALSE;
      ctx->bytes += bytes;
      ib_strategy_file_finished (ctx);
    }
  return TRUE;
}

/* sync-stream with --direct: read() of one chunk at a time on an O_DIRECT
 * descriptor (GIO's streams cannot open with O_DIRECT). The chunk is rounded
 * up to the alignment; the read at the end of the file is short. */
static gboolean
sync_stream_direct (IbStrategyContext *ctx,
                    gsize              chunk,
                    GError           **error)
{
  guint i, n = ib_file_set_get_n_files (ctx->files);

  for (i = 0; i < n; i++)
    {
      const IbFileEntry *entry = ib_file_set_get_file (ctx->files, i);
      IbOsBuffer fresh = { NULL, };
      GError *local_error = NULL;
      guint32 crc = ib_strategy_crc_init ();
      guint64 total = 0;
      gsize align, step;
      guint8 *buf;
      gssize got;
      int fd;

      if (g_cancellable_set_error_if_cancelled (ctx->cancellable, error))
        return FALSE;
      ib_strategy_file_started (ctx);
      fd = ib_strategy_direct_open (ctx, entry, ctx->cancellable, &align, error);
      if (fd < 0)
        {
          ib_strategy_file_finished (ctx);
          return FALSE;
        }
      step = (gsize) ib_strategy_align_up (chunk, align);
      /* A file system aligning more than 4 KiB: record the chunk used. */
      ctx->chunk = MAX (ctx->chunk, (guint64) step);
      buf = ib_strategy_direct_buffer (ctx, entry, 0, step, align, &fresh);

      for (;;)
        {
          if (g_cancellable_set_error_if_cancelled (ctx->cancellable, &local_error))
            break;
          got = read (fd, buf, step);
          if (got < 0 && errno == EINTR)
            continue;
          if (got < 0)
            {
              int saved = errno;

              local_error = g_error_new_literal (G_IO_ERROR, g_io_error_from_errno (saved),
                                                 g_strerror (saved));
              break;
            }
          if (ctx->verify)
            crc = ib_strategy_verify_update (ctx, crc, buf, (gsize) got);
          total += (guint64) got;
          /* A short read is the end: the next offset would not be aligned. */
          if (got < (gssize) step || total > entry->size)
            break;
        }

      close (fd);
      ib_strategy_note_close (ctx);
      ib_os_buffer_clear (&fresh);
      ib_strategy_file_finished (ctx);
      if (local_error != NULL)
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

gboolean
ib_strategy_sync_stream (IbStrategyContext *ctx,
                         GError           **error)
{
  gsize chunk = ib_strategy_chunk (ctx, "sync-stream");
  gboolean reuse = ctx->buffer == IB_BUFFER_REUSED && ctx->scratch != NULL;
  guint i, n = ib_file_set_get_n_files (ctx->files);

  if (ctx->direct)
    return sync_stream_direct (ctx, chunk, error);

  for (i = 0; i < n; i++)
    {
      const IbFileEntry *entry = ib_file_set_get_file (ctx->files, i);
      g_autoptr(GFile) file = NULL;
      g_autoptr(GFileInputStream) in = NULL;
      IbOsBuffer whole = { NULL, };
      IbFdBackoff backoff = IB_FD_BACKOFF_INIT;
      GError *local_error = NULL;
      guint32 crc = ib_strategy_crc_init ();
      guint64 total = 0;
      gsize cap = 0;
      guint8 *buf;
      gssize got;

      if (g_cancellable_set_error_if_cancelled (ctx->cancellable, error))
        return FALSE;
      ib_strategy_file_started (ctx);

      file = g_file_new_for_path (entry->path);
      while ((in = g_file_read (file, ctx->cancellable, &local_error)) == NULL &&
             ib_fd_backoff_retry (&backoff, &local_error, ctx->cancellable))
        ;
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
          buf = ib_strategy_fresh_buffer (ctx, entry, cap, 0, &whole);
        }

      do
        {
          guint8 *dst = reuse ? buf : whole.data + total;
          gsize want = reuse ? chunk : MIN (chunk, cap - (gsize) total);

          got = g_input_stream_read (G_INPUT_STREAM (in), dst, want, ctx->cancellable,
                                     &local_error);
          if (got > 0)
            {
              if (ctx->verify)
                crc = ib_strategy_verify_update (ctx, crc, dst, (gsize) got);
              total += (guint64) got;
              if (!reuse && total >= cap)
                break;   /* longer than recorded: the check below says so */
            }
        }
      while (got > 0);

      g_clear_object (&in);
      ib_strategy_note_close (ctx);
      ib_os_buffer_clear (&whole);
      if (got < 0)
        {
          g_propagate_error (error, ib_strategy_read_error (local_error, entry->path));
          return FALSE;
        }
      ctx->bytes += total;
      if (!ib_strategy_check (ctx, entry, total, crc, error))
        return FALSE;
      ib_strategy_file_finished (ctx);
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

/* A file truncated while its mapping is read raises SIGBUS on the pages past
 * its new end, which would kill the process. The loop that reads a mapping
 * runs under a guard: a SIGBUS on that thread while it is set jumps back, and
 * the sample fails with a message. Any other SIGBUS goes where it went before. */
#ifdef G_OS_UNIX
static __thread sigjmp_buf *mmap_guard;
static struct sigaction previous_sigbus;

static void
on_sigbus (int        signum,
           siginfo_t *info,
           void      *ucontext)
{
  (void) info;
  (void) ucontext;
  if (mmap_guard != NULL)
    siglongjmp (*mmap_guard, 1);
  /* Not ours: put the previous handler back and let it have the signal (a
   * fault raises it again when the instruction is retried). */
  sigaction (signum, &previous_sigbus, NULL);
  raise (signum);
}

static void
install_sigbus_guard (void)
{
  static gsize installed = 0;

  if (g_once_init_enter (&installed))
    {
      struct sigaction sa;

      memset (&sa, 0, sizeof sa);
      sa.sa_sigaction = on_sigbus;
      sa.sa_flags = SA_SIGINFO;
      sigemptyset (&sa.sa_mask);
      sigaction (SIGBUS, &sa, &previous_sigbus);
      g_once_init_leave (&installed, 1);
    }
}
#endif

/* Reads the whole mapping (a fold of its words, and the CRC-32 with --verify); FALSE when pages
 * vanished under it (SIGBUS: the file was truncated meanwhile). */
static gboolean
touch_mapping (IbStrategyContext *ctx,
               const guint8      *data,
               gsize              length,
               guint32           *crc,
               guint64           *acc)
{
#ifdef G_OS_UNIX
  sigjmp_buf jmp;

  install_sigbus_guard ();
  /* No mask saved (that would be a system call per file in the timed path):
   * the failure path unblocks SIGBUS, blocked since the handler started. */
  if (sigsetjmp (jmp, 0) != 0)
    {
      sigset_t bus;

      mmap_guard = NULL;
      sigemptyset (&bus);
      sigaddset (&bus, SIGBUS);
      pthread_sigmask (SIG_UNBLOCK, &bus, NULL);
      return FALSE;
    }
  mmap_guard = &jmp;
#endif
  for (gsize pos = 0; pos < length; )
    {
      gsize end = MIN (length, pos + MMAP_CANCEL_CHECK);

      if (g_cancellable_is_cancelled (ctx->cancellable))
        break;
      /* Every byte is read with or without --verify; the CRC-32 is extra
       * and runs only in ib_strategy_verify()'s pass, after the clock. */
      *acc ^= fold_words (data + pos, end - pos);
      if (ctx->verify)
        *crc = ib_strategy_verify_update (ctx, *crc, data + pos, end - pos);
      pos = end;
    }
#ifdef G_OS_UNIX
  mmap_guard = NULL;
#endif
  return TRUE;
}

/* A bus error in a mapping of @length bytes: the file shrank under it, or,
 * when it is still whole, the storage failed to read a page (EIO). */
static void
mapping_error (const char *path,
               gsize       length,
               GError    **error)
{
  GStatBuf st;

  if (g_stat (path, &st) == 0 && (guint64) st.st_size >= (guint64) length)
    g_set_error (error, IB_ERROR, IB_ERROR_IO,
                 _("Cannot read “%s”: %s (bus error in its mapping)"), path,
                 g_strerror (EIO));
  else
    g_set_error (error, IB_ERROR, IB_ERROR_SHORT_READ,
                 _("“%s” shrank while its mapping was being read (bus error)"), path);
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
      IbFdBackoff backoff = IB_FD_BACKOFF_INIT;
      GError *local_error = NULL;
      const guint8 *data;
      guint32 crc = ib_strategy_crc_init ();
      gsize length;
      volatile guint64 sink = 0;
      guint64 acc = 0;

      if (g_cancellable_set_error_if_cancelled (ctx->cancellable, error))
        return FALSE;
      ib_strategy_file_started (ctx);

      while ((mapped = g_mapped_file_new (entry->path, FALSE, &local_error)) == NULL &&
             ib_fd_backoff_retry (&backoff, &local_error, ctx->cancellable))
        ;
      if (mapped == NULL && g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_propagate_error (error, local_error);
          return FALSE;
        }
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

      if (!touch_mapping (ctx, data, length, &crc, &acc))
        {
          g_mapped_file_unref (mapped);
          ib_strategy_note_close (ctx);
          mapping_error (entry->path, length, error);
          return FALSE;
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
      ib_strategy_file_finished (ctx);
    }
  return TRUE;
}
