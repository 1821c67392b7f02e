/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-strategy-private.h: what the ib-strategy-*.c files share. */
#pragma once

#include "engine/os/ib-os.h"
#include "engine/io/ib-strategy.h"

G_BEGIN_DECLS

#define IB_STRATEGY_MAX_CHUNK (G_GUINT64_CONSTANT (1) << 30)

/* The strategy functions (one per table entry). */
gboolean ib_strategy_sync_load_contents   (IbStrategyContext *ctx, GError **error);
gboolean ib_strategy_sync_read_all        (IbStrategyContext *ctx, GError **error);
gboolean ib_strategy_sync_stream          (IbStrategyContext *ctx, GError **error);
gboolean ib_strategy_mmap                 (IbStrategyContext *ctx, GError **error);
gboolean ib_strategy_async_load_contents  (IbStrategyContext *ctx, GError **error);
gboolean ib_strategy_async_load_serial    (IbStrategyContext *ctx, GError **error);
gboolean ib_strategy_async_stream_serial  (IbStrategyContext *ctx, GError **error);
gboolean ib_strategy_async_stream_parallel (IbStrategyContext *ctx, GError **error);
gboolean ib_strategy_async_read_all_serial (IbStrategyContext *ctx, GError **error);
gboolean ib_strategy_async_read_all_parallel (IbStrategyContext *ctx, GError **error);
gboolean ib_strategy_gtask_thread_parallel (IbStrategyContext *ctx, GError **error);
gboolean ib_strategy_thread_pool_parallel (IbStrategyContext *ctx, GError **error);
gboolean ib_strategy_uring_read_all_serial (IbStrategyContext *ctx, GError **error);
gboolean ib_strategy_uring_read_all_parallel (IbStrategyContext *ctx, GError **error);
gboolean ib_strategy_uring_stream_parallel (IbStrategyContext *ctx, GError **error);
/* NULL when io_uring works here, else why not (probed once). */
const char *ib_strategy_uring_unavailable (void);
/* The io_uring strategies' setup: the ring, sized for the context's files
 * in flight (one for a serial strategy, --queue-depth reads each for a
 * chunked one), made before the clock and closed after it. */
gboolean ib_strategy_uring_prepare          (const IbStrategyInfo *info,
                                             IbStrategyContext    *ctx,
                                             GError              **error);
void     ib_strategy_uring_release          (IbStrategyContext *ctx);

/* Tests only: the io_uring strategies use rings of @entries submission
 * entries (0: their own choice), so a tiny ring exercises "ring full". */
void     ib_strategy_uring_set_ring_entries (guint entries);

/* ---- direct I/O (ctx->direct) -------------------------------------------- */

#define IB_DIRECT_DEFAULT_ALIGN 4096
#define IB_URING_DEFAULT_QUEUE_DEPTH 4

/* Opens @entry for reading with O_DIRECT (waiting for a free descriptor
 * when there is none), notes it open, and finds the alignment reads of it
 * need (*align). -1 with the error on failure. */
int      ib_strategy_direct_open  (IbStrategyContext *ctx,
                                   const IbFileEntry *entry,
                                   GCancellable      *cancellable,
                                   gsize             *align,
                                   GError           **error);
/* Rounds @n up to a multiple of @align (a power of two). */
static inline guint64
ib_strategy_align_up (guint64 n,
                      gsize   align)
{
  return (n + align - 1) & ~((guint64) align - 1);
}
/* The fresh whole-file buffer of @entry, at least @size bytes, aligned to
 * @align (0: a page), in @fresh (empty on entry; ib_os_buffer_clear() it
 * when the file is done): the one ib_strategy_prepare() made and faulted in
 * before the clock, lent; else (a direct caller of info->run, a file that
 * grew) a new mapping made here. Thread-safe: each file's buffer is lent to
 * the one job reading that file. */
guint8  *ib_strategy_fresh_buffer  (IbStrategyContext *ctx,
                                    const IbFileEntry *entry,
                                    gsize              size,
                                    gsize              align,
                                    IbOsBuffer        *fresh);
/* An @align-aligned buffer of @size bytes: inside the reused scratch slot
 * @slot when ctx->buffer is reused (@fresh left empty), else @entry's fresh
 * one (ib_strategy_fresh_buffer()). */
guint8  *ib_strategy_direct_buffer (IbStrategyContext *ctx,
                                    const IbFileEntry *entry,
                                    guint              slot,
                                    gsize              size,
                                    gsize              align,
                                    IbOsBuffer        *fresh);
/* The single read of one file with O_DIRECT: a buffer of the size rounded
 * up to @align, reads until the end. Thread-safe. */
gboolean ib_strategy_direct_read_all_one (IbStrategyContext *ctx,
                                          const IbFileEntry *entry,
                                          guint              slot,
                                          GCancellable      *cancellable,
                                          guint64           *bytes,
                                          GError           **error);

/* The setup of the strategies that use GLib's task pool (gtask-thread-parallel,
 * the async-* ones, whose GIO steps run there): the threads a sample of
 * @info's schedule will use, started before the clock (ib-strategy-thread.c). */
gboolean ib_strategy_task_pool_prepare   (const IbStrategyInfo *info,
                                          IbStrategyContext    *ctx,
                                          GError              **error);

/* Setup and teardown of thread-pool-parallel outside the timed span
 * (ib-strategy-thread.c): a pool of ctx->workers threads, all started. */
gboolean ib_strategy_thread_pool_prepare (const IbStrategyInfo *info,
                                          IbStrategyContext    *ctx,
                                          GError              **error);
void     ib_strategy_thread_pool_release (IbStrategyContext *ctx);

/* The chunk strategy @id reads with: ib_strategy_decide_chunk() of
 * ctx->chunk (what prepare decided already, or the plan's for a direct
 * caller of info->run; deciding twice changes nothing). */
gsize    ib_strategy_chunk        (const IbStrategyContext *ctx,
                                   const char              *id);
guint32  ib_strategy_crc_init     (void);
guint32  ib_strategy_crc_update   (guint32       crc,
                                   const guint8 *data,
                                   gsize         len);
/* ib_strategy_crc_update() for --verify, counted inside or outside
 * ib_strategy_run() (ctx->timing): with ib_strategy_run() it is never
 * inside. Thread-safe. */
guint32  ib_strategy_verify_update (IbStrategyContext *ctx,
                                    guint32            crc,
                                    const guint8      *data,
                                    gsize              len);
/* Bytes read == recorded size, and (with ctx->verify) @crc == recorded CRC. */
gboolean ib_strategy_check        (const IbStrategyContext *ctx,
                                   const IbFileEntry       *entry,
                                   guint64                  bytes,
                                   guint32                  crc,
                                   GError                 **error);
/* A GIO error turned into the engine's: cancelled stays G_IO_ERROR_CANCELLED,
 * the rest becomes IB_ERROR_IO naming the file. Takes @in. */
GError  *ib_strategy_read_error   (GError     *in,
                                   const char *path);

/* Achieved concurrency: a file is in progress from the moment the strategy
 * starts working on it (its first call, or a worker picking it up) until
 * its result is in. Call started/finished once per file, from any thread;
 * ctx->max_in_flight keeps the most seen at once. */
void     ib_strategy_file_started  (IbStrategyContext *ctx);
void     ib_strategy_file_finished (IbStrategyContext *ctx);
/* Tests only: called right after every ib_strategy_file_started(). */
typedef void (*IbFileStartedHook) (IbStrategyContext *ctx);
void     ib_strategy_set_file_started_hook (IbFileStartedHook hook);

/* Instrumentation: files open right now, and the most seen at once. Thread-safe. */
void     ib_strategy_note_open    (IbStrategyContext *ctx);
void     ib_strategy_note_close   (IbStrategyContext *ctx);

/* The whole read of one file the "single read" way: g_file_read, query the
 * size, one g_input_stream_read_all into a buffer holding the whole file
 * (@reused, at least the file size, or a fresh one when NULL). Thread-safe. */
gboolean ib_strategy_read_all_one (IbStrategyContext *ctx,
                                   const IbFileEntry *entry,
                                   guint8            *reused,
                                   GCancellable      *cancellable,
                                   guint64           *bytes,
                                   GError           **error);

/* ---- scheduling files for the async and thread strategies ---------------- */

typedef struct _IbFileQueue IbFileQueue;

/* Starts the read of file @index with scratch slot @slot; the job must call
 * ib_file_queue_job_done() exactly once, on the calling thread. */
typedef void (*IbFileQueueStartFunc) (IbFileQueue *queue,
                                      guint        index,
                                      guint        slot);

struct _IbFileQueue
{
  IbStrategyContext *ctx;
  GMainContext      *main_ctx;
  gboolean           pushed;
  GCancellable      *cancel;     /* ours; cancelled on the first error or by ctx's */
  gulong             handler;
  IbFileQueueStartFunc start;
  gpointer           data;       /* for the strategy */
  guint              n_files;
  guint              cap;        /* files in flight at most */
  guint              next;
  guint              active;
  guint             *free_slots;
  guint              n_free;
  GError            *error;      /* the first real error */
  /* files whose job ran out of file descriptors, to start again */
  GQueue             retry;
  IbFdBackoff        backoff;
  guint              fd_tokens;  /* retries that may start: a job closed its file */
  gint64             retry_not_before; /* nothing in flight: not before then (µs) */
};

void ib_file_queue_init (IbFileQueue         *queue,
                         IbStrategyContext   *ctx,
                         gboolean             serial,
                         IbFileQueueStartFunc start,
                         gpointer             data);
/* Starts files up to the cap; then iterates the thread-default context until
 * every started job is done. */
void ib_file_queue_execute (IbFileQueue *queue);
/* Starts more files while there is room (used by ib_file_queue_execute and
 * ib_file_queue_job_done). */
void ib_file_queue_pump (IbFileQueue *queue);
/* Records the end of a job: @bytes on success or @error (taken) on failure. */
void ib_file_queue_job_done (IbFileQueue *queue,
                             guint        slot,
                             guint64      bytes,
                             GError      *error);
/* The job of file @index (slot @slot) could not open its file: when @error
 * is descriptor exhaustion worth another try, frees the slot and queues the
 * file, to start again once a job in flight is done (it closed its file) or,
 * with none in flight, after a back-off; returns TRUE (the job is over, its
 * error the caller's to free). FALSE: the caller ends the job with
 * ib_file_queue_job_done() and the error (ib_fd_backoff_explain() first). */
gboolean ib_file_queue_job_retry (IbFileQueue  *queue,
                                  guint         index,
                                  guint         slot,
                                  const GError *error);
/* Frees what the run holds; returns FALSE with the first error. */
gboolean ib_file_queue_finish (IbFileQueue *queue,
                               GError     **error);
/* Scratch buffer of slot @slot (NULL with IB_BUFFER_FRESH). */
guint8 *ib_file_queue_scratch (IbFileQueue *queue,
                               guint        slot,
                               gsize        size);

G_END_DECLS
