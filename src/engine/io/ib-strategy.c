/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-strategy.c: the strategy table (README.md, "What the strategies
 * are"), reused buffers and one sample's steps (prepare, run, verify,
 * release). The checks and reads every strategy shares are in
 * ib-strategy-read.c, the scheduler that keeps at most ctx->in_flight files
 * going for the async and thread strategies in ib-strategy-sched.c. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gi18n.h>

#include "engine/model/ib-error.h"
#include "engine/os/ib-os.h"
#include "engine/io/ib-strategy-private.h"

#define KiB G_GUINT64_CONSTANT (1024)
#define MiB (KiB * KiB)

/* The buffer policy hooks (.reused_size): the bytes of one reused slot,
 * the largest file's, one chunk's or --queue-depth chunks'. */
static gsize whole_file   (const IbStrategyContext *ctx);
static gsize one_chunk    (const IbStrategyContext *ctx);
static gsize chunk_window (const IbStrategyContext *ctx);

/* What groups of strategies set up before the clock and undo after it
 * (IbStrategySetup), written once for all their entries. */
static const IbStrategySetup task_pool = {
  .prepare = ib_strategy_task_pool_prepare,
};
static const IbStrategySetup thread_pool = {
  .prepare = ib_strategy_thread_pool_prepare,
  .release = ib_strategy_thread_pool_release,
};
static const IbStrategySetup uring_ring = {
  .prepare = ib_strategy_uring_prepare,
  .release = ib_strategy_uring_release,
  .unavailable = ib_strategy_uring_unavailable,
};

/* Each entry, a line each: id and title; family and schedule; its chunk
 * and O_DIRECT (where it has either); its hooks (setup, run, buffer; see
 * ib-strategy.h); then its texts. .timed_span says what a sample's clock
 * covers: only the strategy's own work; what the setup and the
 * reused-buffer sizing do is outside, and so is --verify's check
 * (ib_strategy_verify()). */
static const IbStrategyInfo strategies[] = {
  {
    .id = "sync-load-contents", .title = N_("Sync load contents"),
    .family = IB_FAMILY_SYNC, .schedule = IB_SCHEDULE_SERIAL,
    .run = ib_strategy_sync_load_contents,
    .description = N_("g_file_load_contents() on each file in turn"),
    .seed_analogue = "fs.readFileSync",
    .timed_span = N_("Per file: open, read into GLib's growing buffer, close, free"),
  },
  {
    .id = "sync-read-all", .title = N_("Sync single read"),
    .family = IB_FAMILY_SYNC, .schedule = IB_SCHEDULE_SERIAL,
    .run = ib_strategy_sync_read_all, .reused_size = whole_file,
    .description = N_("g_file_read(), query the size, one g_input_stream_read_all() into a "
                      "buffer of that size"),
    .seed_analogue = "readSync into a preallocated buffer",
    .timed_span = N_("Per file: open, size query, one read_all into its buffer (fresh or "
                     "reused, made before the clock), close"),
  },
  {
    .id = "sync-stream", .title = N_("Sync stream"),
    .family = IB_FAMILY_SYNC, .schedule = IB_SCHEDULE_SERIAL,
    .default_chunk = 1 * MiB, .direct = TRUE,
    .run = ib_strategy_sync_stream, .reused_size = one_chunk,
    .description = N_("g_input_stream_read() in a loop, one chunk at a time"),
    .timed_span = N_("Per file: open, chunk reads into a whole-file buffer (fresh) or one "
                     "reused chunk, close"),
  },
  {
    .id = "async-load-contents-parallel", .title = N_("Async load contents (parallel)"),
    .family = IB_FAMILY_ASYNC, .schedule = IB_SCHEDULE_PARALLEL,
    .setup = &task_pool, .run = ib_strategy_async_load_contents,
    .description = N_("g_file_load_contents_async() on all files at once"),
    .seed_analogue = "fs.promises.readFile + Promise.all",
    .timed_span = N_("Issuing load_contents_async for every file (up to the in-flight cap), "
                     "GIO's 8 KiB steps on GLib's task pool and the callbacks on the runner's "
                     "context, to the last file"),
  },
  {
    .id = "async-load-contents-serial", .title = N_("Async load contents (serial)"),
    .family = IB_FAMILY_ASYNC, .schedule = IB_SCHEDULE_SERIAL,
    .setup = &task_pool, .run = ib_strategy_async_load_serial,
    .description = N_("g_file_load_contents_async(), the next file started when one is done"),
    .seed_analogue = "await fs.promises.readFile in a loop",
    .timed_span = N_("load_contents_async of one file at a time, its 8 KiB steps on GLib's "
                     "task pool and the callbacks, to the last file"),
  },
  {
    .id = "async-stream-serial", .title = N_("Async stream (serial)"),
    .family = IB_FAMILY_ASYNC, .schedule = IB_SCHEDULE_SERIAL,
    .default_chunk = 640 * KiB,
    .setup = &task_pool, .run = ib_strategy_async_stream_serial, .reused_size = one_chunk,
    .description = N_("g_input_stream_read_async() in a loop, one file after another"),
    .seed_analogue = "fs.createReadStream, 640 KiB chunks, one file after another",
    .timed_span = N_("Per file, one at a time: read_async to open, read_async per chunk, "
                     "close; every callback on the runner's context"),
  },
  {
    .id = "async-stream-parallel", .title = N_("Async stream (parallel)"),
    .family = IB_FAMILY_ASYNC, .schedule = IB_SCHEDULE_PARALLEL,
    .default_chunk = 6400 * KiB,
    .setup = &task_pool, .run = ib_strategy_async_stream_parallel, .reused_size = one_chunk,
    .description = N_("g_input_stream_read_async() in a loop, all files at once"),
    .seed_analogue = "fs.createReadStream, 6.4 MiB chunks, all files at once",
    .timed_span = N_("read_async to open, read_async per chunk and close for every file (up "
                     "to the in-flight cap); every callback on the runner's context, to the "
                     "last file"),
  },
  {
    .id = "async-read-all-serial", .title = N_("Async single read (serial)"),
    .family = IB_FAMILY_ASYNC, .schedule = IB_SCHEDULE_SERIAL,
    .setup = &task_pool, .run = ib_strategy_async_read_all_serial, .reused_size = whole_file,
    .description = N_("g_file_read_async(), query_info_async(), g_input_stream_read_all_async(), "
                      "one file after another"),
    .seed_analogue = "filehandle.read of the whole file, serial",
    .timed_span = N_("Per file, one at a time: read_async, query_info_async, read_all_async "
                     "into its buffer (fresh or reused, made before the clock), close; every "
                     "callback on the runner's context"),
  },
  {
    .id = "async-read-all-parallel", .title = N_("Async single read (parallel)"),
    .family = IB_FAMILY_ASYNC, .schedule = IB_SCHEDULE_PARALLEL,
    .setup = &task_pool, .run = ib_strategy_async_read_all_parallel, .reused_size = whole_file,
    .description = N_("g_file_read_async(), query_info_async(), g_input_stream_read_all_async(), "
                      "all files at once"),
    .seed_analogue = "filehandle.read of the whole file, Promise.all",
    .timed_span = N_("read_async, query_info_async, read_all_async into its buffer (fresh or "
                     "reused, made before the clock) and close for every file (up to the "
                     "in-flight cap), to the last callback"),
  },
  {
    .id = "gtask-thread-parallel", .title = N_("GTask threads (parallel)"),
    .family = IB_FAMILY_THREAD, .schedule = IB_SCHEDULE_PARALLEL,
    .setup = &task_pool, .run = ib_strategy_gtask_thread_parallel, .reused_size = whole_file,
    .description = N_("g_task_run_in_thread() per file, each doing the sync single read"),
    .timed_span = N_("g_task_run_in_thread per file on GLib's shared pool (its threads "
                     "started before the clock), each a sync single read, and the callbacks"),
  },
  {
    .id = "thread-pool-parallel", .title = N_("Thread pool (parallel)"),
    .family = IB_FAMILY_THREAD, .schedule = IB_SCHEDULE_PARALLEL,
    .direct = TRUE,
    .setup = &thread_pool, .run = ib_strategy_thread_pool_parallel, .reused_size = whole_file,
    .description = N_("A GThreadPool of N workers, each doing the sync single read"),
    .timed_span = N_("Handing the files to N worker threads started before the clock, their "
                     "sync single reads, and collecting the results; pool start and shutdown "
                     "are outside"),
  },
  {
    .id = "mmap", .title = N_("Memory map"),
    .family = IB_FAMILY_SYNC, .schedule = IB_SCHEDULE_SERIAL,
    .run = ib_strategy_mmap,
    .description = N_("g_mapped_file_new() and a read of every byte of the mapping"),
    .timed_span = N_("Per file: map, read every byte of the mapping, unmap"),
  },
  {
    .id = "uring-read-all-serial", .title = N_("io_uring single read (serial)"),
    .family = IB_FAMILY_URING, .schedule = IB_SCHEDULE_SERIAL,
    .direct = TRUE,
    .setup = &uring_ring, .run = ib_strategy_uring_read_all_serial, .reused_size = whole_file,
    .description = N_("open(), fstat(), one io_uring read of the whole file, one file after "
                      "another"),
    .timed_span = N_("Per file, one at a time: open, fstat, one io_uring read into its buffer "
                     "(fresh or reused, made before the clock), its completion reaped on the "
                     "runner's context, close; the ring is set up before the clock and torn "
                     "down after it"),
  },
  {
    .id = "uring-read-all-parallel", .title = N_("io_uring single read (parallel)"),
    .family = IB_FAMILY_URING, .schedule = IB_SCHEDULE_PARALLEL,
    .direct = TRUE,
    .setup = &uring_ring, .run = ib_strategy_uring_read_all_parallel, .reused_size = whole_file,
    .description = N_("open(), fstat(), one io_uring read of the whole file, all files at "
                      "once"),
    .timed_span = N_("open, fstat, buffer and one io_uring read for every file (up to the "
                     "in-flight cap), completions reaped on the runner's context, close; the "
                     "ring is set up before the clock and torn down after it"),
  },
  {
    .id = "uring-stream-parallel", .title = N_("io_uring stream (parallel)"),
    .family = IB_FAMILY_URING, .schedule = IB_SCHEDULE_PARALLEL,
    .default_chunk = 1 * MiB, .direct = TRUE,
    .setup = &uring_ring, .run = ib_strategy_uring_stream_parallel, .reused_size = chunk_window,
    .description = N_("io_uring reads of one chunk, several at a time per file (the queue "
                      "depth, 4 unless set otherwise), all files at once"),
    .timed_span = N_("open, fstat, then --queue-depth chunk reads in flight per file through "
                     "io_uring for every file (up to the in-flight cap), completions reaped on "
                     "the runner's context; the ring is set up before the clock and torn down "
                     "after it"),
  },
};

const char *
ib_strategy_timed_span (const IbStrategyInfo *info)
{
  g_return_val_if_fail (info != NULL, NULL);

  if (info->timed_span != NULL)
    return _(info->timed_span);
  return _("The strategy call: opening, reading and closing every file");
}

const IbStrategyInfo *
ib_strategies (guint *n_strategies)
{
  if (n_strategies != NULL)
    *n_strategies = G_N_ELEMENTS (strategies);
  return strategies;
}

const IbStrategyInfo *
ib_strategy_lookup (const char *id)
{
  const char *at;
  gsize len;
  guint i;

  g_return_val_if_fail (id != NULL, NULL);

  /* "ID@direct" is ID reading with O_DIRECT. */
  at = strchr (id, '@');
  if (at != NULL && !g_str_equal (at, IB_DIRECT_SUFFIX))
    return NULL;
  len = at != NULL ? (gsize) (at - id) : strlen (id);
  for (i = 0; i < G_N_ELEMENTS (strategies); i++)
    if (strlen (strategies[i].id) == len && strncmp (strategies[i].id, id, len) == 0)
      return &strategies[i];
  return NULL;
}

gboolean
ib_strategy_id_is_direct (const char *id)
{
  g_return_val_if_fail (id != NULL, FALSE);

  return g_str_has_suffix (id, IB_DIRECT_SUFFIX) && strchr (id, '@') != id;
}

const char *
ib_strategy_unavailable (const IbStrategyInfo *info)
{
  g_return_val_if_fail (info != NULL, NULL);

  if (info->setup == NULL || info->setup->unavailable == NULL)
    return NULL;
  return info->setup->unavailable ();
}

const char *
ib_strategy_title (const char *id)
{
  const IbStrategyInfo *info = id != NULL ? ib_strategy_lookup (id) : NULL;

  if (info != NULL && info->title != NULL && info->title[0] != '\0')
    {
      g_autofree char *direct = NULL;

      if (!ib_strategy_id_is_direct (id))
        return _(info->title);
      /* TRANSLATORS: a strategy's name when it reads with O_DIRECT, e.g.
       * "io_uring single read (parallel) with direct I/O" */
      direct = g_strdup_printf (_("%s with direct I/O"), _(info->title));
      return g_intern_string (direct);
    }
  return id != NULL ? id : "";
}

const char *
ib_family_to_string (IbFamily family)
{
  switch (family)
    {
    case IB_FAMILY_SYNC:
      return "sync";
    case IB_FAMILY_ASYNC:
      return "async";
    case IB_FAMILY_THREAD:
      return "thread";
    case IB_FAMILY_URING:
      return "uring";
    default:
      return "unknown";
    }
}

const char *
ib_schedule_to_string (IbSchedule schedule)
{
  switch (schedule)
    {
    case IB_SCHEDULE_SERIAL:
      return "serial";
    case IB_SCHEDULE_PARALLEL:
      return "parallel";
    default:
      return "unknown";
    }
}

/* ---- reused buffers ---------------------------------------------------- */

typedef IbOsBuffer ScratchSlot;

struct _IbScratch
{
  GMutex     lock;    /* thread strategies fetch their slot from worker threads */
  GPtrArray *slots;   /* ScratchSlot *, stable addresses */
  gpointer       kept;
  GDestroyNotify kept_destroy;
};

static void
scratch_slot_free (gpointer data)
{
  ScratchSlot *slot = data;

  ib_os_buffer_clear (slot);
  g_free (slot);
}

IbScratch *
ib_scratch_new (void)
{
  IbScratch *scratch = g_new0 (IbScratch, 1);

  g_mutex_init (&scratch->lock);
  scratch->slots = g_ptr_array_new_with_free_func (scratch_slot_free);
  return scratch;
}

void
ib_scratch_free (IbScratch *scratch)
{
  if (scratch == NULL)
    return;

  ib_scratch_set_kept (scratch, NULL, NULL);
  g_ptr_array_unref (scratch->slots);
  g_mutex_clear (&scratch->lock);
  g_free (scratch);
}

/* The buffer of @slot, grown to @size; a buffer that had to grow is
 * touched once when @touch, so its page faults happen there. */
static guint8 *
scratch_slot (IbScratch *scratch,
              guint      slot,
              gsize      size,
              gboolean   touch)
{
  ScratchSlot *s;

  size = MAX (size, 1);
  g_mutex_lock (&scratch->lock);
  while (scratch->slots->len <= slot)
    g_ptr_array_add (scratch->slots, g_new0 (ScratchSlot, 1));
  s = g_ptr_array_index (scratch->slots, slot);
  g_mutex_unlock (&scratch->lock);

  /* Only the holder of @slot touches it from here on. */
  if (s->size < size)
    {
      ib_os_buffer_clear (s);
      ib_os_buffer_alloc (s, size, 0);
      if (touch)
        memset (s->data, 0, size);
    }
  return s->data;
}

guint8 *
ib_scratch_get (IbScratch *scratch,
                guint      slot,
                gsize      size)
{
  g_return_val_if_fail (scratch != NULL, NULL);

  return scratch_slot (scratch, slot, size, FALSE);
}

gpointer
ib_scratch_get_kept (IbScratch *scratch)
{
  g_return_val_if_fail (scratch != NULL, NULL);

  return scratch->kept;
}

void
ib_scratch_set_kept (IbScratch      *scratch,
                     gpointer        data,
                     GDestroyNotify  destroy)
{
  g_return_if_fail (scratch != NULL);

  if (scratch->kept != NULL && scratch->kept_destroy != NULL)
    scratch->kept_destroy (scratch->kept);
  scratch->kept = data;
  scratch->kept_destroy = destroy;
}

/* Like ib_scratch_get(), but a buffer that had to grow is touched once, so
 * its page faults happen here (outside the timed span), not in a sample. */
static void
scratch_reserve (IbScratch *scratch,
                 guint      slot,
                 gsize      size)
{
  scratch_slot (scratch, slot, size, TRUE);
}

/* ---- fresh buffers, made before the clock ---------------------------------- */

typedef struct
{
  guint       n;
  IbOsBuffer *bufs;   /* one per file of the set, in its order */
} FreshBuffers;

static void
fresh_buffers_free (FreshBuffers *fresh)
{
  if (fresh == NULL)
    return;
  for (guint i = 0; i < fresh->n; i++)
    ib_os_buffer_clear (&fresh->bufs[i]);
  g_free (fresh->bufs);
  g_free (fresh);
}

/* One new mapping per file, every page faulted in: the file's size + 1
 * (the stream strategies' last read that sees the end), rounded up to whole
 * blocks for direct reads, and at least a chunk for sync-stream's direct
 * reads. The same for every strategy, serial or parallel, whatever ran
 * before. */
static FreshBuffers *
fresh_buffers_new (const IbStrategyContext *ctx)
{
  FreshBuffers *fresh = g_new0 (FreshBuffers, 1);

  fresh->n = ib_file_set_get_n_files (ctx->files);
  fresh->bufs = g_new0 (IbOsBuffer, MAX (fresh->n, 1));
  for (guint i = 0; i < fresh->n; i++)
    {
      guint64 size = ib_file_set_get_file (ctx->files, i)->size + 1;

      if (ctx->direct)
        size = MAX (size, ctx->chunk);
      size = ib_strategy_align_up (size, IB_DIRECT_DEFAULT_ALIGN);
      ib_os_buffer_alloc (&fresh->bufs[i], (gsize) size, 0);
      ib_os_buffer_populate (&fresh->bufs[i]);
    }
  return fresh;
}

guint8 *
ib_strategy_fresh_buffer (IbStrategyContext *ctx,
                          const IbFileEntry *entry,
                          gsize              size,
                          gsize              align,
                          IbOsBuffer        *fresh)
{
  FreshBuffers *made = ctx->fresh;

  g_return_val_if_fail (fresh != NULL && fresh->data == NULL, NULL);

  if (made != NULL && made->n > 0)
    {
      const IbFileEntry *first = ib_file_set_get_file (ctx->files, 0);
      gsize index = (gsize) (entry - first);

      if (entry >= first && index < made->n)
        {
          const IbOsBuffer *buf = &made->bufs[index];

          if (buf->size >= size && (align == 0 || (guintptr) buf->data % align == 0))
            {
              ib_os_buffer_lend (buf, fresh);
              return fresh->data;
            }
        }
    }
  ib_os_buffer_alloc (fresh, size, align);
  return fresh->data;
}

/* ---- the buffer policy hooks ---------------------------------------------- */

static gsize
one_chunk (const IbStrategyContext *ctx)
{
  return (gsize) ctx->chunk;
}

static gsize
whole_file (const IbStrategyContext *ctx)
{
  guint n = ib_file_set_get_n_files (ctx->files);
  gsize size = 0;

  for (guint i = 0; i < n; i++)
    size = MAX (size, (gsize) ib_file_set_get_file (ctx->files, i)->size);
  /* Direct reads: whole blocks. */
  if (ctx->direct)
    size = (gsize) ib_strategy_align_up (size, IB_DIRECT_DEFAULT_ALIGN);
  return size;
}

/* io_uring's stream: --queue-depth chunks per file in flight. */
static gsize
chunk_window (const IbStrategyContext *ctx)
{
  return (gsize) ctx->chunk * (ctx->queue_depth != 0 ? ctx->queue_depth
                                                      : IB_URING_DEFAULT_QUEUE_DEPTH);
}

/* ---- one sample: prepare, run, verify, release ------------------------------ */

guint64
ib_strategy_decide_chunk (const IbStrategyInfo *info,
                          guint64               plan_chunk,
                          gboolean              direct)
{
  guint64 chunk;

  g_return_val_if_fail (info != NULL, 0);

  if (info->default_chunk == 0)
    return 0;
  chunk = plan_chunk != 0 ? plan_chunk : info->default_chunk;
  chunk = CLAMP (chunk, 1, IB_STRATEGY_MAX_CHUNK);
  if (direct)
    chunk = ib_strategy_align_up (chunk, IB_DIRECT_DEFAULT_ALIGN);
  return chunk;
}

gsize
ib_strategy_chunk (const IbStrategyContext *ctx,
                   const char              *id)
{
  /* Direct callers of info->run skip prepare: decide here (it is idempotent). */
  return (gsize) ib_strategy_decide_chunk (ib_strategy_lookup (id), ctx->chunk, ctx->direct);
}

gboolean
ib_strategy_prepare (const IbStrategyInfo *info,
                     IbStrategyContext    *ctx,
                     GError              **error)
{
  g_return_val_if_fail (info != NULL && ctx != NULL, FALSE);

  ctx->chunk = ib_strategy_decide_chunk (info, ctx->chunk, ctx->direct);
  if (ctx->buffer == IB_BUFFER_REUSED && ctx->scratch != NULL && info->reused_size != NULL)
    {
      guint n = ib_file_set_get_n_files (ctx->files);
      guint slots = info->schedule == IB_SCHEDULE_SERIAL ? 1
                    : MIN (MAX (ctx->in_flight, 1), MAX (n, 1));
      gsize size = info->reused_size (ctx);

      /* Direct reads: room to align the start. */
      if (ctx->direct)
        size += IB_DIRECT_DEFAULT_ALIGN;
      if (n > 0)
        for (guint slot = 0; slot < slots; slot++)
          scratch_reserve (ctx->scratch, slot, size);
    }
  g_clear_pointer ((FreshBuffers **) &ctx->fresh, fresh_buffers_free);
  if (ctx->buffer == IB_BUFFER_FRESH && info->reused_size != NULL)
    ctx->fresh = fresh_buffers_new (ctx);

  return info->setup == NULL || info->setup->prepare (info, ctx, error);
}

gboolean
ib_strategy_run (const IbStrategyInfo *info,
                 IbStrategyContext    *ctx,
                 GError              **error)
{
  gboolean verify, ok;

  g_return_val_if_fail (info != NULL && ctx != NULL, FALSE);

  /* The CRC-32 waits for ib_strategy_verify(): none of it in the span. */
  verify = ctx->verify;
  ctx->verify = FALSE;
  g_atomic_int_set (&ctx->timing, 1);
  ok = info->run (ctx, error);
  g_atomic_int_set (&ctx->timing, 0);
  ctx->verify = verify;
  return ok;
}

gboolean
ib_strategy_verify (const IbStrategyInfo *info,
                    IbStrategyContext    *ctx,
                    GError              **error)
{
  IbStrategyContext saved;
  gint64 t0;
  gboolean ok;

  g_return_val_if_fail (info != NULL && ctx != NULL, FALSE);

  ctx->verify_ns = 0;
  if (!ctx->verify)
    return TRUE;

  /* The same strategy with the same setup (ring, pool, reused buffers),
   * untimed; what the timed run recorded stays as it was. */
  saved = *ctx;
  ctx->bytes = 0;
  ctx->callbacks = 0;
  ctx->dispatches = 0;
  ctx->max_open = 0;
  ctx->open_now = 0;
  ctx->max_in_flight = 0;
  ctx->in_flight_now = 0;
  ctx->responsiveness = FALSE;
  t0 = ib_os_monotonic_ns ();
  ok = info->run (ctx, error);
  saved.verify_ns = ib_os_monotonic_ns () - t0;
  saved.prepared = ctx->prepared;
  saved.chunk = MAX (saved.chunk, ctx->chunk);
  saved.crc_outside = ctx->crc_outside; /* what the tests count stays counted */
  saved.rings_outside = ctx->rings_outside;
  *ctx = saved;
  return ok;
}

void
ib_strategy_release (const IbStrategyInfo *info,
                     IbStrategyContext    *ctx)
{
  g_return_if_fail (info != NULL && ctx != NULL);

  if (info->setup != NULL && info->setup->release != NULL)
    info->setup->release (ctx);
  g_clear_pointer ((FreshBuffers **) &ctx->fresh, fresh_buffers_free);
}
