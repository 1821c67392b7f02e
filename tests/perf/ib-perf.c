/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-perf.c: I/O Bench's own performance harness.
 *
 *   ib-perf session [OPTION...] [-- COMMAND ARG...]
 *       Makes one file set with ib_file_set_create() (timed: the file maker's
 *       throughput), times I/O Bench's strategies through the strategy table
 *       in warm and cold cache, then runs COMMAND with the files' paths
 *       appended while the files still exist (compare-peers runs fio, dd and
 *       Node.js that way, on the very same files), then removes the set.
 *   ib-perf drop FILE...       drops FILEs' page cache, prints the residency left
 *   ib-perf residency FILE...  prints the page-cache residency of FILEs (0..1)
 *   ib-perf overhead           the cost of the sample bracket around an empty
 *                              strategy, and of the real runner per sample
 *
 * Speed is printed, never asserted: these are benchmarks, not tests.
 */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib.h>
#include <glib-unix.h>
#include <glib/gstdio.h>
#include <gio/gio.h>
#include <json-glib/json-glib.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include <stdlib.h>
#include <zlib.h>

#ifdef __linux__
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>
#endif

#include "engine/io/ib-fileset.h"
#include "engine/os/ib-os.h"
#include "engine/plan/ib-parse.h"
#include "engine/run/ib-runner.h"
#include "engine/measure/ib-measure.h"
#include "engine/io/ib-strategy.h"
#include "engine/model/ib-types.h"

#define MIB (G_GUINT64_CONSTANT (1) << 20)

/* ---- cancellation on SIGINT / SIGTERM ----------------------------------- */

/* The main thread is busy running strategies, so signals are watched on a
 * small thread of their own, which cancels the session's GCancellable. */
static GCancellable *perf_cancellable;
static GMainContext *signal_context;

static gboolean
on_signal (gpointer user_data)
{
  g_printerr ("ib-perf: interrupted, cleaning up\n");
  g_cancellable_cancel (perf_cancellable);
  return G_SOURCE_CONTINUE;
}

static gpointer
signal_thread_main (gpointer data)
{
  while (TRUE)
    g_main_context_iteration (signal_context, TRUE);
  return NULL;
}

static void
watch_signals (void)
{
  int signals[] = { SIGINT, SIGTERM, SIGHUP };
  guint i;

  perf_cancellable = g_cancellable_new ();
  signal_context = g_main_context_new ();
  for (i = 0; i < G_N_ELEMENTS (signals); i++)
    {
      GSource *source = g_unix_signal_source_new (signals[i]);

      g_source_set_callback (source, on_signal, NULL, NULL);
      g_source_attach (source, signal_context);
      g_source_unref (source);
    }
  g_thread_unref (g_thread_new ("ib-perf-signals", signal_thread_main, NULL));
}

/* ---- the sample bracket --------------------------------------------------- */

typedef struct
{
  gint64   wall_ns;
  gint64   user_ns;
  gint64   sys_ns;
  gint64   minflt;
  gint64   majflt;
  guint64  peak_rss_bytes;
  guint64  bytes;
  double   residency;
  gboolean cache_ok;
  gboolean ok;
  char    *error;
} PerfSample;

static void
perf_sample_clear (gpointer data)
{
  PerfSample *s = data;

  g_clear_pointer (&s->error, g_free);
}

/* Times one call of @info through the runner's own sample bracket
 * (ib_measure_run: peak-RSS reset, rusage, clock, call, clock, rusage), so
 * these figures are measured exactly as a run measures them. */
static void
perf_measure (const IbStrategyInfo *info,
              IbStrategyContext    *ctx,
              PerfSample           *out)
{
  IbSample sample = { 0 };

  if (!ib_measure_run (info, ctx, IB_MEASURE_USER_OTHER, &sample, NULL))
    {
      out->ok = FALSE;
      out->error = g_strdup ("cancelled");
      return;
    }
  out->wall_ns = sample.wall_ns;
  out->user_ns = sample.user_ns;
  out->sys_ns = sample.sys_ns;
  out->minflt = sample.minflt;
  out->majflt = sample.majflt;
  out->peak_rss_bytes = sample.peak_rss_bytes;
  out->bytes = sample.bytes;
  out->ok = sample.ok;
  out->error = g_strdup (sample.error);
  ib_sample_clear (&sample);
}

/* ---- prototypes of proposed engine changes ----------------------------------- */

/* A fresh buffer for a whole file. Prototype: 2 MiB-aligned and advised for
 * transparent huge pages, so the kernel fills it with 512x fewer page faults
 * (THP "madvise" mode, Debian's default). Freed with g_free (GLib's allocator
 * is the system malloc). */
static guint8 *
proto_alloc_fresh (gsize size)
{
#ifdef __linux__
  const gsize huge = 2 * MIB;

  if (size >= huge)
    {
      gsize len = (size + huge - 1) / huge * huge;
      void *p = NULL;

      if (posix_memalign (&p, huge, len) == 0)
        {
          if (madvise (p, len, MADV_HUGEPAGE) != 0)
            g_debug ("madvise (MADV_HUGEPAGE): %s", g_strerror (errno));
          return p;
        }
    }
#endif
  return g_malloc (MAX (size, 1));
}

/* One file as the engine's sync-read-all reads it (g_file_read, query the
 * size, one g_input_stream_read_all into a fresh buffer), but with
 * proto_alloc_fresh. */
static gboolean
proto_read_one (const IbFileEntry *entry,
                GCancellable      *cancellable,
                guint64           *bytes,
                GError           **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (entry->path);
  g_autoptr(GFileInputStream) in = NULL;
  g_autoptr(GFileInfo) info = NULL;
  g_autofree guint8 *buf = NULL;
  gsize got = 0;
  goffset size;

  in = g_file_read (file, cancellable, error);
  if (in == NULL)
    return FALSE;
  info = g_file_input_stream_query_info (in, G_FILE_ATTRIBUTE_STANDARD_SIZE, cancellable,
                                         error);
  if (info == NULL)
    return FALSE;
  size = g_file_info_get_size (info);
  buf = proto_alloc_fresh ((gsize) size);
  if (!g_input_stream_read_all (G_INPUT_STREAM (in), buf, (gsize) size, &got, cancellable,
                                error))
    return FALSE;
  if (got != entry->size)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "short read of %s", entry->path);
      return FALSE;
    }
  *bytes = got;
  return TRUE;
}

static gboolean
proto_sync_read_all_thp (IbStrategyContext *ctx,
                         GError           **error)
{
  guint i, n = ib_file_set_get_n_files (ctx->files);

  for (i = 0; i < n; i++)
    {
      guint64 got = 0;

      if (!proto_read_one (ib_file_set_get_file (ctx->files, i), ctx->cancellable, &got,
                           error))
        return FALSE;
      ctx->bytes += got;
    }
  return TRUE;
}

/* thread-pool-parallel's shape (a GThreadPool of ctx->workers threads made per
 * sample, one job per file) with proto_read_one. */
typedef struct
{
  GMutex         lock;
  GCond          cond;
  guint          pending;
  guint64        bytes;
  GError        *error;
  GCancellable  *cancellable;
} ProtoPool;

static void
proto_pool_work (gpointer data,
                 gpointer user_data)
{
  const IbFileEntry *entry = data;
  ProtoPool *pp = user_data;
  GError *local_error = NULL;
  guint64 got = 0;
  gboolean ok = proto_read_one (entry, pp->cancellable, &got, &local_error);

  g_mutex_lock (&pp->lock);
  if (ok)
    pp->bytes += got;
  else if (pp->error == NULL)
    pp->error = local_error;
  else
    g_error_free (local_error);
  pp->pending--;
  g_cond_signal (&pp->cond);
  g_mutex_unlock (&pp->lock);
}

static gboolean
proto_thread_pool_thp (IbStrategyContext *ctx,
                       GError           **error)
{
  ProtoPool pp = { 0 };
  GThreadPool *pool;
  guint i, n = ib_file_set_get_n_files (ctx->files);

  g_mutex_init (&pp.lock);
  g_cond_init (&pp.cond);
  pp.cancellable = ctx->cancellable;
  pool = g_thread_pool_new (proto_pool_work, &pp, (gint) MAX (ctx->workers, 1), TRUE, error);
  if (pool == NULL)
    return FALSE;
  g_mutex_lock (&pp.lock);
  pp.pending = n;
  g_mutex_unlock (&pp.lock);
  for (i = 0; i < n; i++)
    g_thread_pool_push (pool, (gpointer) ib_file_set_get_file (ctx->files, i), NULL);
  g_mutex_lock (&pp.lock);
  while (pp.pending > 0)
    g_cond_wait (&pp.cond, &pp.lock);
  g_mutex_unlock (&pp.lock);
  g_thread_pool_free (pool, FALSE, TRUE);
  g_mutex_clear (&pp.lock);
  g_cond_clear (&pp.cond);
  ctx->bytes += pp.bytes;
  if (pp.error != NULL)
    {
      g_propagate_error (error, pp.error);
      return FALSE;
    }
  return TRUE;
}

static const IbStrategyInfo proto_pool_info = {
  .id = "proto-thread-pool-thp",
  .title = "Prototype: thread pool, huge-page buffers",
  .description = "thread-pool-parallel with 2 MiB-aligned, MADV_HUGEPAGE fresh buffers",
  .family = IB_FAMILY_THREAD,
  .schedule = IB_SCHEDULE_PARALLEL,
  .run = proto_thread_pool_thp,
};

static const IbStrategyInfo proto_thp_info = {
  .id = "proto-sync-read-all-thp",
  .title = "Prototype: sync single read, huge-page buffer",
  .description = "sync-read-all with a 2 MiB-aligned, MADV_HUGEPAGE fresh buffer",
  .family = IB_FAMILY_SYNC,
  .schedule = IB_SCHEDULE_SERIAL,
  .run = proto_sync_read_all_thp,
};

/* ---- session --------------------------------------------------------------- */

typedef struct
{
  const IbStrategyInfo *info;
  char                 *label;     /* row id */
  IbBufferPolicy        buffer;
  guint64               chunk;     /* 0: the strategy's default */
} PerfVariant;

typedef struct
{
  PerfVariant *variant;
  IbCacheMode  cache;
  GArray      *samples;            /* PerfSample, warm-ups first */
  guint        warmup;
} PerfRow;

static void
perf_row_free (gpointer data)
{
  PerfRow *row = data;

  g_array_unref (row->samples);
  g_free (row);
}

static int
cmp_int64 (gconstpointer a,
           gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return (x > y) - (x < y);
}

/* Median and minimum wall time of the measured (non-warm-up) good samples. */
static gboolean
perf_row_summary (const PerfRow *row,
                  double        *median_ns,
                  double        *min_ns)
{
  g_autoptr(GArray) walls = g_array_new (FALSE, FALSE, sizeof (gint64));
  guint i, n;

  for (i = row->warmup; i < row->samples->len; i++)
    {
      const PerfSample *s = &g_array_index (row->samples, PerfSample, i);

      if (s->ok)
        g_array_append_val (walls, s->wall_ns);
    }
  n = walls->len;
  if (n == 0)
    return FALSE;
  g_array_sort (walls, cmp_int64);
  *min_ns = g_array_index (walls, gint64, 0);
  if (n % 2)
    *median_ns = g_array_index (walls, gint64, n / 2);
  else
    *median_ns = (g_array_index (walls, gint64, n / 2 - 1)
                  + g_array_index (walls, gint64, n / 2)) / 2.0;
  return TRUE;
}

/* Brings the set into @cache state; returns the residency measured after. */
static double
perf_prepare_cache (const IbFileSet *set,
                    IbCacheMode      cache,
                    gboolean        *cache_ok)
{
  g_autoptr(GError) error = NULL;
  double residency = ib_file_set_residency (set);

  if (cache == IB_CACHE_WARM)
    {
      if (residency >= 0 && residency < 0.99
          && !ib_file_set_warm (set, perf_cancellable, &error))
        g_printerr ("ib-perf: warming failed: %s\n", error->message);
      residency = ib_file_set_residency (set);
      *cache_ok = residency < 0 || residency >= 0.99;
    }
  else if (cache == IB_CACHE_COLD)
    {
      if (!ib_file_set_drop_cache (set, &error))
        g_printerr ("ib-perf: dropping the cache failed: %s\n", error->message);
      residency = ib_file_set_residency (set);
      *cache_ok = residency >= 0 && residency <= 0.01;
    }
  else
    *cache_ok = TRUE;
  return residency;
}

static void
add_variant (GPtrArray            *variants,
             const IbStrategyInfo *info,
             const char           *label,
             IbBufferPolicy        buffer,
             guint64               chunk)
{
  PerfVariant *v = g_new0 (PerfVariant, 1);

  v->info = info;
  v->label = g_strdup (label);
  v->buffer = buffer;
  v->chunk = chunk;
  g_ptr_array_add (variants, v);
}

static void
perf_variant_free (gpointer data)
{
  PerfVariant *v = data;

  g_free (v->label);
  g_free (v);
}

static void
json_add_int (JsonBuilder *b,
              const char  *name,
              gint64       value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_int_value (b, value);
}

static void
json_add_double (JsonBuilder *b,
                 const char  *name,
                 double       value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_double_value (b, value);
}

static void
json_add_string (JsonBuilder *b,
                 const char  *name,
                 const char  *value)
{
  json_builder_set_member_name (b, name);
  if (value != NULL)
    json_builder_add_string_value (b, value);
  else
    json_builder_add_null_value (b);
}

static void
json_add_bool (JsonBuilder *b,
               const char  *name,
               gboolean     value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_boolean_value (b, value);
}

static gboolean
write_json (JsonBuilder *b,
            const char  *path,
            GError     **error)
{
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autoptr(JsonNode) root = json_builder_get_root (b);
  g_autofree char *text = NULL;

  json_generator_set_root (gen, root);
  json_generator_set_pretty (gen, TRUE);
  text = json_generator_to_data (gen, NULL);
  return g_file_set_contents (path, text, -1, error);
}

static void
child_setup (gpointer user_data)
{
  /* The child must react to Ctrl-C like any command would. */
  signal (SIGINT, SIG_DFL);
  signal (SIGTERM, SIG_DFL);
}

/* Runs @command with the set's paths appended, while the files exist.
 * @cache and @round (NULL / -1 for none) go to IB_PERF_CACHE / IB_PERF_ROUND. */
static gboolean
run_on_files (char            **command,
              const IbFileSet  *set,
              const char       *parent_dir,
              const char       *cache,
              int               round)
{
  g_autoptr(GPtrArray) child_argv = g_ptr_array_new ();
  g_auto(GStrv) envp = g_get_environ ();
  g_autoptr(GError) error = NULL;
  g_autofree char *round_text = g_strdup_printf ("%d", round);
  int status = 0;
  guint i;

  for (i = 0; command[i] != NULL; i++)
    g_ptr_array_add (child_argv, command[i]);
  for (i = 0; i < ib_file_set_get_n_files (set); i++)
    g_ptr_array_add (child_argv, ib_file_set_get_file (set, i)->path);
  g_ptr_array_add (child_argv, NULL);
  envp = g_environ_setenv (envp, "IB_PERF_SET_DIR", ib_file_set_get_dir (set), TRUE);
  envp = g_environ_setenv (envp, "IB_PERF_PARENT_DIR", parent_dir, TRUE);
  if (cache != NULL)
    envp = g_environ_setenv (envp, "IB_PERF_CACHE", cache, TRUE);
  if (round >= 0)
    envp = g_environ_setenv (envp, "IB_PERF_ROUND", round_text, TRUE);
  fflush (stdout);
  if (!g_spawn_sync (NULL, (char **) child_argv->pdata, envp,
                     G_SPAWN_SEARCH_PATH | G_SPAWN_CHILD_INHERITS_STDIN,
                     child_setup, NULL, NULL, NULL, &status, &error))
    {
      g_printerr ("ib-perf session: cannot run %s: %s\n", command[0], error->message);
      return FALSE;
    }
  if (!g_spawn_check_wait_status (status, &error))
    {
      g_printerr ("ib-perf session: %s: %s\n", command[0], error->message);
      return FALSE;
    }
  return TRUE;
}

static int
cmd_session (int    argc,
             char **argv)
{
  g_autofree char *dir = g_strdup ("/var/tmp");
  g_autofree char *size_text = g_strdup ("256M");
  g_autofree char *strategies_text = NULL;
  g_autofree char *cache_text = g_strdup ("warm,cold");
  g_autofree char *json_path = NULL;
  g_autofree char *round_cmd = NULL;
  int count = 4, repeat = 3, warmup = 1;
  gboolean no_fsync = FALSE, prototypes = FALSE;
  gint64 seed = 2;
  GOptionEntry entries[] = {
    { "dir", 0, 0, G_OPTION_ARG_FILENAME, &dir, "Parent folder (default /var/tmp)", "DIR" },
    { "count", 0, 0, G_OPTION_ARG_INT, &count, "Number of files (default 4)", "N" },
    { "size", 0, 0, G_OPTION_ARG_STRING, &size_text, "Size of each file (default 256M)",
      "SIZE" },
    { "prototypes", 0, 0, G_OPTION_ARG_NONE, &prototypes,
      "Also time prototypes of proposed engine changes (rows named proto-*)", NULL },
    { "repeat", 0, 0, G_OPTION_ARG_INT, &repeat, "Measured rounds (default 3)", "N" },
    { "warmup", 0, 0, G_OPTION_ARG_INT, &warmup, "Warm-up rounds (default 1)", "N" },
    { "strategies", 0, 0, G_OPTION_ARG_STRING, &strategies_text,
      "Strategy ids (default all), or 'none'", "ID,..." },
    { "cache", 0, 0, G_OPTION_ARG_STRING, &cache_text, "Cache modes (default warm,cold)",
      "MODE,..." },
    { "no-fsync", 0, 0, G_OPTION_ARG_NONE, &no_fsync, "Do not fsync the files made", NULL },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, "Seed of content and order", "N" },
    { "json", 0, 0, G_OPTION_ARG_FILENAME, &json_path, "Write the results as JSON", "FILE" },
    { "round-cmd", 0, 0, G_OPTION_ARG_STRING, &round_cmd,
      "Shell command run with the files' paths after every measured round "
      "(IB_PERF_CACHE, IB_PERF_ROUND set), to interleave other tools", "CMD" },
    { NULL }
  };
  g_autoptr(GOptionContext) octx = g_option_context_new ("[-- COMMAND ARG...]");
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) variants = g_ptr_array_new_with_free_func (perf_variant_free);
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (perf_row_free);
  g_autoptr(GArray) sizes = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr(GArray) modes = g_array_new (FALSE, FALSE, sizeof (IbCacheMode));
  g_autoptr(IbFileSet) set = NULL;
  g_autoptr(GMainContext) context = NULL;
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(GRand) rand = NULL;
  g_auto(GStrv) modes_v = NULL;
  IbScratch *scratch = NULL;
  char **command = NULL;
  guint64 size = 0;
  gint64 make_t0, make_ns;
  int exit_code = 0, i, dashdash = -1;
  guint m, r, k, n_strategies;
  const IbStrategyInfo *table;

  for (i = 0; i < argc; i++)
    if (g_strcmp0 (argv[i], "--") == 0)
      {
        dashdash = i;
        break;
      }
  if (dashdash >= 0)
    {
      command = argv + dashdash + 1;
      argc = dashdash;
    }

  g_option_context_add_main_entries (octx, entries, NULL);
  g_option_context_set_summary (octx,
    "Make one file set, time I/O Bench's strategies on it, run COMMAND FILE... on it.");
  if (!g_option_context_parse (octx, &argc, &argv, &error))
    {
      g_printerr ("ib-perf session: %s\n", error->message);
      return 2;
    }
  if (count < 1 || count > 1000 || repeat < 1 || repeat > 1000 || warmup < 0 || warmup > 100)
    {
      g_printerr ("ib-perf session: --count must be 1..1000, --repeat 1..1000, "
                  "--warmup 0..100\n");
      return 2;
    }
  if (!ib_parse_size ("--size", size_text, 1, IB_MAX_FILE_SIZE, &size, &error))
    {
      g_printerr ("ib-perf session: %s\n", error->message);
      return 2;
    }
  modes_v = g_strsplit (cache_text, ",", -1);
  for (i = 0; modes_v[i] != NULL; i++)
    {
      IbCacheMode mode;

      if (!ib_cache_mode_from_string (modes_v[i], &mode))
        {
          g_printerr ("ib-perf session: --cache: unknown mode \"%s\" (warm, cold, as-is)\n",
                      modes_v[i]);
          return 2;
        }
      g_array_append_val (modes, mode);
    }

  /* The rows: every strategy as the seeds run it (fresh buffer, its own
   * chunk), plus sync-stream with a reused 1 MiB buffer (target T2) and
   * uring-stream-parallel with reused 1 MiB chunks (target T8). */
  table = ib_strategies (&n_strategies);
  if (g_strcmp0 (strategies_text, "none") != 0)
    {
      g_autoptr(GPtrArray) ids = NULL;

      if (strategies_text != NULL)
        {
          ids = ib_parse_strategy_list ("--strategies", strategies_text, &error);
          if (ids == NULL)
            {
              g_printerr ("ib-perf session: %s\n", error->message);
              return 2;
            }
        }
      for (k = 0; k < n_strategies; k++)
        {
          guint j;
          gboolean wanted = ids == NULL;

          for (j = 0; ids != NULL && j < ids->len; j++)
            wanted |= g_strcmp0 (g_ptr_array_index (ids, j), table[k].id) == 0;
          if (!wanted || ib_strategy_unavailable (&table[k]) != NULL)
            continue;
          add_variant (variants, &table[k], table[k].id, IB_BUFFER_FRESH, 0);
          /* The io_uring strategies with O_DIRECT too (vs fio direct=1). */
          if (table[k].family == IB_FAMILY_URING && ib_os_can_direct ())
            {
              g_autofree char *label = g_strconcat (table[k].id, IB_DIRECT_SUFFIX, NULL);

              add_variant (variants, &table[k], label, IB_BUFFER_FRESH, 0);
            }
          if (g_strcmp0 (table[k].id, "sync-stream") == 0)
            add_variant (variants, &table[k], "sync-stream/reused-1M", IB_BUFFER_REUSED, MIB);
          /* fio's io_uring job reads into iodepth (4) reused 1 MiB buffers:
           * the same design here, so that T8 compares like with like. */
          if (g_strcmp0 (table[k].id, "uring-stream-parallel") == 0)
            add_variant (variants, &table[k], "uring-stream-parallel/reused-1M",
                         IB_BUFFER_REUSED, MIB);
          if (g_strcmp0 (table[k].id, "sync-read-all") == 0 && prototypes)
            add_variant (variants, &proto_thp_info, proto_thp_info.id, IB_BUFFER_FRESH, 0);
          if (g_strcmp0 (table[k].id, "thread-pool-parallel") == 0 && prototypes)
            add_variant (variants, &proto_pool_info, proto_pool_info.id, IB_BUFFER_FRESH, 0);
        }
    }

  watch_signals ();

  for (i = 0; i < count; i++)
    g_array_append_val (sizes, size);
  g_printerr ("ib-perf: making %d files of %s in %s\n", count, size_text, dir);
  make_t0 = ib_os_monotonic_ns ();
  set = ib_file_set_create (&(IbFileSetRequest) {
                              .parent_dir = dir,
                              .sizes = (const guint64 *) sizes->data,
                              .n_sizes = sizes->len,
                              .content = IB_CONTENT_RANDOM,
                              .seed = (guint64) seed,
                              .do_fsync = !no_fsync,
                            },
                            perf_cancellable, &error);
  make_ns = ib_os_monotonic_ns () - make_t0;
  if (set == NULL)
    {
      g_printerr ("ib-perf session: cannot make the files: %s\n", error->message);
      return 1;
    }
  g_printerr ("ib-perf: made %" G_GUINT64_FORMAT " bytes in %.3f s (%.0f MiB/s, fsync %s)\n",
              ib_file_set_total_bytes (set), make_ns / 1e9,
              ib_file_set_total_bytes (set) / (double) MIB / (make_ns / 1e9),
              no_fsync ? "off" : "on");

  /* Async strategies iterate the thread-default context: give them one of
   * their own, as the runner's worker thread does. */
  context = g_main_context_new ();
  g_main_context_push_thread_default (context);
  scratch = ib_scratch_new ();
  rand = g_rand_new_with_seed ((guint32) seed);

  for (m = 0; m < modes->len; m++)
    {
      IbCacheMode mode = g_array_index (modes, IbCacheMode, m);
      g_autoptr(GPtrArray) order = g_ptr_array_new ();
      guint first = rows->len;

      for (k = 0; k < variants->len; k++)
        {
          PerfRow *row = g_new0 (PerfRow, 1);

          row->variant = g_ptr_array_index (variants, k);
          row->cache = mode;
          row->warmup = warmup;
          row->samples = g_array_new (FALSE, TRUE, sizeof (PerfSample));
          g_array_set_clear_func (row->samples, perf_sample_clear);
          g_ptr_array_add (rows, row);
          g_ptr_array_add (order, row);
        }
      for (r = 0; r < (guint) (warmup + repeat); r++)
        {
          /* A seeded random order per round, as the runner interleaves. */
          for (k = order->len; k > 1; k--)
            {
              guint j = g_rand_int_range (rand, 0, k);
              gpointer tmp = order->pdata[k - 1];

              order->pdata[k - 1] = order->pdata[j];
              order->pdata[j] = tmp;
            }
          for (k = 0; k < order->len; k++)
            {
              PerfRow *row = g_ptr_array_index (order, k);
              IbStrategyContext sctx = { 0 };
              PerfSample sample = { 0 };

              if (g_cancellable_is_cancelled (perf_cancellable))
                goto out;
              sample.residency = perf_prepare_cache (set, mode, &sample.cache_ok);
              sctx.files = set;
              sctx.chunk = row->variant->chunk ? row->variant->chunk
                                               : row->variant->info->default_chunk;
              sctx.buffer = row->variant->buffer;
              sctx.workers = ib_os_n_cores ();
              sctx.in_flight = MIN ((guint) count, ib_os_nofile_limit () / 2);
              sctx.verify = FALSE;
              sctx.direct = ib_strategy_id_is_direct (row->variant->label);
              sctx.cancellable = perf_cancellable;
              sctx.scratch = scratch;
              perf_measure (row->variant->info, &sctx, &sample);
              if (sample.ok && sample.bytes != ib_file_set_total_bytes (set))
                {
                  sample.ok = FALSE;
                  sample.error = g_strdup_printf ("read %" G_GUINT64_FORMAT " bytes of %"
                                                  G_GUINT64_FORMAT, sample.bytes,
                                                  ib_file_set_total_bytes (set));
                }
              if (!sample.ok)
                g_printerr ("ib-perf: %s (%s): %s\n", row->variant->label,
                            ib_cache_mode_to_string (mode), sample.error);
              g_array_append_val (row->samples, sample);
            }
          if (round_cmd != NULL && r >= (guint) warmup)
            {
              g_autofree char *script = g_strconcat (round_cmd, " \"$@\"", NULL);
              char *sh_argv[] = { (char *) "/bin/sh", (char *) "-c", script, (char *) "sh",
                                  NULL };

              if (!run_on_files (sh_argv, set, dir, ib_cache_mode_to_string (mode),
                                 (int) r - warmup))
                exit_code = 1;
            }
        }

      g_print ("\n| %-31s | %-5s | %10s | %9s | %9s |\n", "I/O Bench strategy", "cache",
               "median ms", "MiB/s", "peak RSS");
      g_print ("|%s|%s|%s|%s|%s|\n", "---------------------------------", "-------",
               "------------", "-----------", "-----------");
      for (k = first; k < rows->len; k++)
        {
          PerfRow *row = g_ptr_array_index (rows, k);
          double median, min;
          guint64 peak = 0;
          guint j;

          for (j = row->warmup; j < row->samples->len; j++)
            peak = MAX (peak, g_array_index (row->samples, PerfSample, j).peak_rss_bytes);
          if (perf_row_summary (row, &median, &min))
            g_print ("| %-31s | %-5s | %10.1f | %9.0f | %5" G_GUINT64_FORMAT " MiB |\n",
                     row->variant->label, ib_cache_mode_to_string (mode), median / 1e6,
                     ib_file_set_total_bytes (set) / (double) MIB / (median / 1e9), peak / MIB);
          else
            g_print ("| %-31s | %-5s | %10s | %9s | %9s |\n", row->variant->label,
                     ib_cache_mode_to_string (mode), "failed", "", "");
        }
    }

  if (command != NULL && command[0] != NULL
      && !run_on_files (command, set, dir, NULL, -1))
    exit_code = 1;

  /* A benchmark that measured nothing fails: a row without one
   * good measured sample is a hole in the table, not a figure, and a session
   * with neither rows nor a command measured nothing at all. */
  {
    guint holes = 0;

    for (k = 0; k < rows->len; k++)
      {
        PerfRow *row = g_ptr_array_index (rows, k);
        double median, min;

        if (!perf_row_summary (row, &median, &min))
          {
            g_printerr ("ib-perf session: %s (%s) measured nothing: every sample failed\n",
                        row->variant->label, ib_cache_mode_to_string (row->cache));
            holes++;
          }
      }
    if (holes > 0)
      exit_code = 1;
    if (rows->len == 0 && (command == NULL || command[0] == NULL))
      {
        g_printerr ("ib-perf session: nothing was measured: no strategy row and no command\n");
        exit_code = 1;
      }
  }

out:
  g_main_context_pop_thread_default (context);
  ib_scratch_free (scratch);

  json_builder_begin_object (b);
  json_add_string (b, "tool", "iobench");
  json_add_bool (b, "partial", g_cancellable_is_cancelled (perf_cancellable));
  json_builder_set_member_name (b, "files");
  json_builder_begin_array (b);
  for (k = 0; k < ib_file_set_get_n_files (set); k++)
    {
      json_builder_begin_object (b);
      json_add_int (b, "size", ib_file_set_get_file (set, k)->size);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "make");
  json_builder_begin_object (b);
  json_add_int (b, "bytes", ib_file_set_total_bytes (set));
  json_add_int (b, "wall_ns", make_ns);
  json_add_bool (b, "fsync", !no_fsync);
  json_add_string (b, "content", ib_content_kind_to_string (IB_CONTENT_RANDOM));
  json_add_double (b, "mib_per_s", ib_file_set_total_bytes (set) / (double) MIB
                                   / (make_ns / 1e9));
  json_builder_end_object (b);
  json_builder_set_member_name (b, "rows");
  json_builder_begin_array (b);
  for (k = 0; k < rows->len; k++)
    {
      PerfRow *row = g_ptr_array_index (rows, k);
      const IbStrategyInfo *info = row->variant->info;
      double median, min;
      guint j;

      json_builder_begin_object (b);
      json_add_string (b, "id", row->variant->label);
      json_add_string (b, "strategy", info->id);
      json_add_string (b, "schedule", ib_schedule_to_string (info->schedule));
      json_add_string (b, "family", ib_family_to_string (info->family));
      json_add_bool (b, "seed_big", info->seed_analogue != NULL);
      json_add_string (b, "cache", ib_cache_mode_to_string (row->cache));
      json_add_string (b, "buffer", ib_buffer_policy_to_string (row->variant->buffer));
      json_add_int (b, "chunk", row->variant->chunk ? row->variant->chunk
                                                    : info->default_chunk);
      if (perf_row_summary (row, &median, &min))
        {
          json_add_double (b, "median_ns", median);
          json_add_double (b, "min_ns", min);
          json_add_double (b, "mib_per_s", ib_file_set_total_bytes (set) / (double) MIB
                                           / (median / 1e9));
        }
      json_builder_set_member_name (b, "samples");
      json_builder_begin_array (b);
      for (j = 0; j < row->samples->len; j++)
        {
          const PerfSample *s = &g_array_index (row->samples, PerfSample, j);

          json_builder_begin_object (b);
          json_add_bool (b, "warmup", j < row->warmup);
          json_add_int (b, "wall_ns", s->wall_ns);
          json_add_int (b, "user_ns", s->user_ns);
          json_add_int (b, "sys_ns", s->sys_ns);
          json_add_int (b, "minflt", s->minflt);
          json_add_int (b, "majflt", s->majflt);
          json_add_int (b, "bytes", s->bytes);
          json_add_int (b, "peak_rss_bytes", s->peak_rss_bytes);
          json_add_double (b, "residency", s->residency);
          json_add_bool (b, "cache_ok", s->cache_ok);
          json_add_bool (b, "ok", s->ok);
          json_add_string (b, "error", s->error);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);

  if (json_path != NULL && !write_json (b, json_path, &error))
    {
      g_printerr ("ib-perf session: cannot write %s: %s\n", json_path, error->message);
      exit_code = 1;
    }

  if (!ib_file_set_cleanup (set, &error))
    {
      g_printerr ("ib-perf session: cleanup: %s\n", error->message);
      exit_code = 1;
    }
  if (g_cancellable_is_cancelled (perf_cancellable))
    return 130;
  return exit_code;
}

/* Prototype of the file maker's write loop (serial: content, CRC-32, one
 * 1 MiB write, as ib-fileset.c does per block), with or without preallocating
 * each file first (fallocate, as fio does by default). Shows on the same disk
 * what preallocation would change; the files are removed. */
static gint64
proto_make (const char *dir,
            int         count,
            guint64     size,
            gboolean    preallocate,
            GError    **error)
{
#ifdef __linux__
  g_autofree char *tmpl = g_build_filename (dir, "iobench-perf-proto-XXXXXX", NULL);
  g_autofree guint8 *block = g_malloc (MIB);
  gint64 t0;
  int i;

  if (g_mkdtemp (tmpl) == NULL)
    {
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (errno), "mkdtemp %s: %s", tmpl,
                   g_strerror (errno));
      return -1;
    }
  t0 = ib_os_monotonic_ns ();
  for (i = 0; i < count; i++)
    {
      g_autofree char *name = g_strdup_printf ("file-%d.bin", i);
      g_autofree char *path = g_build_filename (tmpl, name, NULL);
      int fd = open (path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
      guint32 crc = (guint32) crc32 (0L, Z_NULL, 0);
      guint64 off;

      if (fd < 0)
        {
          g_set_error (error, G_IO_ERROR, g_io_error_from_errno (errno), "%s: %s", path,
                       g_strerror (errno));
          break;
        }
      if (preallocate && fallocate (fd, 0, 0, (off_t) size) != 0)
        g_debug ("fallocate: %s", g_strerror (errno));
      for (off = 0; off < size; off += MIB)
        {
          gsize n = (gsize) MIN ((guint64) MIB, size - off);

          ib_content_fill (IB_CONTENT_RANDOM, 2, off, block, n);
          crc = (guint32) crc32 (crc, block, (uInt) n);
          if (write (fd, block, n) != (gssize) n)
            {
              g_set_error (error, G_IO_ERROR, g_io_error_from_errno (errno), "write: %s",
                           g_strerror (errno));
              break;
            }
        }
      if (fsync (fd) != 0)
        g_debug ("fsync: %s", g_strerror (errno));
      close (fd);
      (void) crc;
    }
  t0 = ib_os_monotonic_ns () - t0;
  for (i = 0; i < count; i++)
    {
      g_autofree char *name = g_strdup_printf ("file-%d.bin", i);
      g_autofree char *path = g_build_filename (tmpl, name, NULL);

      g_unlink (path);
    }
  g_rmdir (tmpl);
  return (error != NULL && *error != NULL) ? -1 : t0;
#else
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, "Linux only");
  return -1;
#endif
}

/* ---- make (target T3) ------------------------------------------------------ */

/* Makes one file set, prints "WALL_NS BYTES", removes it. */
static int
cmd_make (int    argc,
          char **argv)
{
  g_autofree char *dir = g_strdup ("/var/tmp");
  g_autofree char *size_text = g_strdup ("256M");
  int count = 4;
  g_autofree char *proto = NULL;
  gboolean no_fsync = FALSE;
  gint64 seed = 2;
  GOptionEntry entries[] = {
    { "dir", 0, 0, G_OPTION_ARG_FILENAME, &dir, "Parent folder (default /var/tmp)", "DIR" },
    { "count", 0, 0, G_OPTION_ARG_INT, &count, "Number of files (default 4)", "N" },
    { "size", 0, 0, G_OPTION_ARG_STRING, &size_text, "Size of each file (default 256M)",
      "SIZE" },
    { "no-fsync", 0, 0, G_OPTION_ARG_NONE, &no_fsync, "Do not fsync the files made", NULL },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, "Seed of the content", "N" },
    { "proto", 0, 0, G_OPTION_ARG_STRING, &proto,
      "Time a serial prototype of the write loop instead: plain or fallocate", "KIND" },
    { NULL }
  };
  g_autoptr(GOptionContext) octx = g_option_context_new ("");
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) sizes = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr(IbFileSet) set = NULL;
  guint64 size = 0;
  gint64 t0, wall;
  int i;

  g_option_context_add_main_entries (octx, entries, NULL);
  g_option_context_set_summary (octx,
    "Time the file maker: make a file set, print \"WALL_NS BYTES\", remove it.");
  if (!g_option_context_parse (octx, &argc, &argv, &error))
    {
      g_printerr ("ib-perf make: %s\n", error->message);
      return 2;
    }
  if (count < 1 || count > 1000)
    {
      g_printerr ("ib-perf make: --count must be 1..1000\n");
      return 2;
    }
  if (!ib_parse_size ("--size", size_text, 1, IB_MAX_FILE_SIZE, &size, &error))
    {
      g_printerr ("ib-perf make: %s\n", error->message);
      return 2;
    }
  if (proto != NULL)
    {
      if (g_strcmp0 (proto, "plain") != 0 && g_strcmp0 (proto, "fallocate") != 0)
        {
          g_printerr ("ib-perf make: --proto must be plain or fallocate\n");
          return 2;
        }
      wall = proto_make (dir, count, size, g_str_equal (proto, "fallocate"), &error);
      if (wall < 0)
        {
          g_printerr ("ib-perf make: prototype failed: %s\n", error->message);
          return 1;
        }
      g_print ("%" G_GINT64_FORMAT " %" G_GUINT64_FORMAT "\n", wall, size * (guint64) count);
      return 0;
    }
  watch_signals ();
  for (i = 0; i < count; i++)
    g_array_append_val (sizes, size);
  t0 = ib_os_monotonic_ns ();
  set = ib_file_set_create (&(IbFileSetRequest) {
                              .parent_dir = dir,
                              .sizes = (const guint64 *) sizes->data,
                              .n_sizes = sizes->len,
                              .content = IB_CONTENT_RANDOM,
                              .seed = (guint64) seed,
                              .do_fsync = !no_fsync,
                            },
                            perf_cancellable, &error);
  wall = ib_os_monotonic_ns () - t0;
  if (set == NULL)
    {
      g_printerr ("ib-perf make: cannot make the files: %s\n", error->message);
      return 1;
    }
  g_print ("%" G_GINT64_FORMAT " %" G_GUINT64_FORMAT "\n", wall, ib_file_set_total_bytes (set));
  if (!ib_file_set_cleanup (set, &error))
    {
      g_printerr ("ib-perf make: cleanup: %s\n", error->message);
      return 1;
    }
  return 0;
}

/* ---- drop / residency ------------------------------------------------------ */

static double
files_residency (int    argc,
                 char **argv)
{
  double weighted = 0, total = 0;
  int i;

  for (i = 0; i < argc; i++)
    {
      GStatBuf st;
      double r;

      if (g_stat (argv[i], &st) != 0)
        return -1;
      r = ib_os_residency (argv[i]);
      if (r < 0)
        return -1;
      weighted += r * (double) st.st_size;
      total += (double) st.st_size;
    }
  return total > 0 ? weighted / total : 1.0;
}

static int
cmd_drop (int    argc,
          char **argv)
{
  int i;

  if (argc < 2)
    {
      g_printerr ("Usage: ib-perf drop FILE...\n");
      return 2;
    }
  for (i = 1; i < argc; i++)
    {
      g_autoptr(GError) error = NULL;

      if (!ib_os_drop_cache (argv[i], &error))
        {
          g_printerr ("ib-perf drop: %s: %s\n", argv[i], error->message);
          return 1;
        }
    }
  g_print ("%.4f\n", files_residency (argc - 1, argv + 1));
  return 0;
}

static int
cmd_residency (int    argc,
               char **argv)
{
  if (argc < 2)
    {
      g_printerr ("Usage: ib-perf residency FILE...\n");
      return 2;
    }
  g_print ("%.4f\n", files_residency (argc - 1, argv + 1));
  return 0;
}

/* ---- overhead (target T4) ---------------------------------------------------- */

static gboolean
empty_strategy (IbStrategyContext *ctx,
                GError           **error)
{
  ctx->bytes = 0;
  return TRUE;
}

/* An entry shaped like the strategy table's, doing nothing: what the runner's
 * bracket costs on its own. */
static const IbStrategyInfo empty_info = {
  .id = "empty",
  .title = "Empty",
  .description = "Does nothing",
  .family = IB_FAMILY_SYNC,
  .schedule = IB_SCHEDULE_SERIAL,
  .run = empty_strategy,
};

static double
median_of (double *v,
           guint   n)
{
  guint i, j;

  for (i = 1; i < n; i++)
    for (j = i; j > 0 && v[j - 1] > v[j]; j--)
      {
        double t = v[j];

        v[j] = v[j - 1];
        v[j - 1] = t;
      }
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

#define OVERHEAD_BATCHES 11

typedef enum
{
  PART_BRACKET,     /* the whole bracket around an empty strategy */
  PART_INSIDE,      /* what the bracket itself adds to wall_ns */
  PART_CLOCK,
  PART_RUSAGE,
  PART_RESET_RSS,
  PART_RESIDENCY,
  PART_LEAN,        /* prototype: the bracket with kept fds and getrusage's maxrss */
  N_PARTS
} OverheadPart;

static const char *part_names[N_PARTS] = {
  "bracket", "inside", "clock", "rusage", "reset-peak-rss", "residency-1-file",
  "lean-bracket-prototype",
};

#ifdef __linux__
/* A prototype of a cheaper bracket, to show what it would cost: the
 * clear_refs descriptor opened once, and peak RSS from getrusage's ru_maxrss
 * (which follows the clear_refs reset on Linux unless exec inherited a higher
 * mark) instead of parsing /proc/self/status twice. */
static gint64
tv_ns (const struct timeval *tv)
{
  return (gint64) tv->tv_sec * G_GINT64_CONSTANT (1000000000) + (gint64) tv->tv_usec * 1000;
}

static void
lean_bracket (const IbStrategyInfo *info,
              IbStrategyContext    *ctx,
              IbSample             *sample)
{
  static int clear_fd = -2;
  struct rusage before, after;
  gint64 t0, t1;
  gboolean ok;

  if (clear_fd == -2)
    clear_fd = open ("/proc/self/clear_refs", O_WRONLY | O_CLOEXEC);
  if (clear_fd >= 0 && write (clear_fd, "5", 1) != 1)
    g_warning ("clear_refs: %s", g_strerror (errno));
  getrusage (RUSAGE_SELF, &before);
  t0 = ib_os_monotonic_ns ();
  ok = info->run (ctx, NULL);
  t1 = ib_os_monotonic_ns ();
  getrusage (RUSAGE_SELF, &after);
  sample->wall_ns = t1 - t0;
  sample->user_ns = tv_ns (&after.ru_utime) - tv_ns (&before.ru_utime);
  sample->sys_ns = tv_ns (&after.ru_stime) - tv_ns (&before.ru_stime);
  sample->minflt = after.ru_minflt - before.ru_minflt;
  sample->peak_rss_bytes = (guint64) after.ru_maxrss * 1024;
  sample->ok = ok;
}
#else
static void
lean_bracket (const IbStrategyInfo *info,
              IbStrategyContext    *ctx,
              IbSample             *sample)
{
  ib_measure_run (info, ctx, IB_MEASURE_USER_OTHER, sample, NULL);
}
#endif

/* Runs @n iterations of one part; returns ns per iteration. */
static double
time_part (OverheadPart     part,
           guint            n,
           const IbFileSet *set)
{
  IbStrategyContext ctx = { 0 };
  IbRusage ru;
  gint64 t0, inside = 0;
  guint i;

  ctx.files = set;
  ctx.workers = 1;
  ctx.in_flight = 1;
  t0 = ib_os_monotonic_ns ();
  for (i = 0; i < n; i++)
    {
      IbSample sample = { 0 };

      switch (part)
        {
        case PART_BRACKET:
          ib_measure_run (&empty_info, &ctx, IB_MEASURE_USER_OTHER, &sample, NULL);
          ib_sample_clear (&sample);
          break;
        case PART_INSIDE:
          ib_measure_run (&empty_info, &ctx, IB_MEASURE_USER_OTHER, &sample, NULL);
          inside += sample.wall_ns;
          ib_sample_clear (&sample);
          break;
        case PART_CLOCK:
          (void) ib_os_monotonic_ns ();
          break;
        case PART_RUSAGE:
          ib_os_rusage (&ru);
          break;
        case PART_RESET_RSS:
          ib_os_reset_peak_rss ();
          break;
        case PART_RESIDENCY:
          (void) ib_file_set_residency (set);
          break;
        case PART_LEAN:
          lean_bracket (&empty_info, &ctx, &sample);
          break;
        case N_PARTS:
        default:
          g_assert_not_reached ();
        }
    }
  if (part == PART_INSIDE)
    return inside / (double) n;
  return (ib_os_monotonic_ns () - t0) / (double) n;
}

typedef struct
{
  GArray *arrivals;   /* gint64: monotonic ns when each sample event arrived */
  GArray *walls;      /* gint64: the sample's wall_ns */
  GArray *settles;    /* gint64: the sample's settle_ns (write-back + pause) */
} RunnerProbe;

static void
on_runner_event (const IbEvent *event,
                 gpointer       user_data)
{
  RunnerProbe *probe = user_data;
  gint64 now = ib_os_monotonic_ns ();

  if (event->kind == IB_EVENT_SAMPLE && event->sample != NULL && event->sample->ok)
    {
      g_array_append_val (probe->arrivals, now);
      g_array_append_val (probe->walls, event->sample->wall_ns);
      g_array_append_val (probe->settles, event->sample->settle_ns);
    }
}

/* The real runner, per sample: a plan of one tiny file read @n times by
 * sync-read-all; the gap between consecutive sample events minus the sample's
 * own wall time and minus its settle step (the file system's write-back and
 * the IB_SETTLE_PAUSE_MS pause, which the sample records as settle_ns) is
 * what the runner spends around a sample (cache check, rusage, buffers,
 * event posting, interleaving). Returns the median, or -1;
 * *@median_settle: the settle step's median, ns. */
static double
runner_per_sample (const char *dir,
                   guint       n,
                   double     *median_wall,
                   double     *median_settle)
{
  g_autoptr(IbPlan) plan = ib_plan_new ();
  g_autoptr(IbReport) report = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree double *gaps = NULL;
  g_autofree double *walls = NULL;
  g_autofree double *settles = NULL;
  RunnerProbe probe;
  guint64 size = 4096;
  guint i, n_gaps;

  probe.arrivals = g_array_new (FALSE, FALSE, sizeof (gint64));
  probe.walls = g_array_new (FALSE, FALSE, sizeof (gint64));
  probe.settles = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_free (plan->dir);
  plan->dir = g_strdup (dir);
  g_array_append_val (plan->file_sizes, size);
  g_ptr_array_add (plan->strategies, g_strdup ("sync-read-all"));
  plan->repeat = n;
  plan->warmup = 0;
  plan->cache = IB_CACHE_AS_IS;
  plan->fsync = FALSE;
  report = ib_runner_run_sync (plan, NULL, on_runner_event, &probe, &error);
  if (report == NULL || error != NULL || probe.arrivals->len < 3)
    {
      g_printerr ("ib-perf overhead: runner probe failed: %s\n",
                  error != NULL ? error->message : "too few samples");
      g_array_unref (probe.arrivals);
      g_array_unref (probe.walls);
      g_array_unref (probe.settles);
      return -1;
    }
  n_gaps = probe.arrivals->len - 1;
  gaps = g_new (double, n_gaps);
  walls = g_new (double, n_gaps);
  settles = g_new (double, n_gaps);
  for (i = 0; i < n_gaps; i++)
    {
      gint64 gap = g_array_index (probe.arrivals, gint64, i + 1)
                   - g_array_index (probe.arrivals, gint64, i);
      gint64 wall = g_array_index (probe.walls, gint64, i + 1);
      gint64 settle = g_array_index (probe.settles, gint64, i + 1);

      gaps[i] = (double) (gap - wall - settle);
      walls[i] = (double) wall;
      settles[i] = (double) settle;
    }
  *median_wall = median_of (walls, n_gaps);
  *median_settle = median_of (settles, n_gaps);
  g_array_unref (probe.arrivals);
  g_array_unref (probe.walls);
  g_array_unref (probe.settles);
  return median_of (gaps, n_gaps);
}

static int
cmd_overhead (int    argc,
              char **argv)
{
  int iterations = 2000, runner_samples = 1000;
  g_autofree char *json_path = NULL;
  g_autofree char *dir = g_strdup ("/var/tmp");
  GOptionEntry entries[] = {
    { "iterations", 0, 0, G_OPTION_ARG_INT, &iterations, "Brackets per batch (default 2000)",
      "N" },
    { "runner-samples", 0, 0, G_OPTION_ARG_INT, &runner_samples,
      "Samples of the real runner probe, 0 to skip (default 1000)", "N" },
    { "dir", 0, 0, G_OPTION_ARG_FILENAME, &dir, "Folder for the runner probe's file", "DIR" },
    { "json", 0, 0, G_OPTION_ARG_FILENAME, &json_path, "Write the results as JSON", "FILE" },
    { NULL }
  };
  g_autoptr(GOptionContext) octx = g_option_context_new ("");
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(IbFileSet) set = NULL;
  guint64 tiny = 4096;
  double results[N_PARTS];
  double runner = -1, runner_wall = 0, runner_settle = 0;
  int p, k;

  g_option_context_add_main_entries (octx, entries, NULL);
  g_option_context_set_summary (octx,
    "Time the sample bracket around an empty strategy (target T4: <= 2 us per sample).");
  if (!g_option_context_parse (octx, &argc, &argv, &error))
    {
      g_printerr ("ib-perf overhead: %s\n", error->message);
      return 2;
    }
  if (iterations < 1 || runner_samples < 0 || runner_samples > IB_MAX_REPEAT)
    {
      g_printerr ("ib-perf overhead: --iterations must be >= 1, --runner-samples 0..%d\n",
                  IB_MAX_REPEAT);
      return 2;
    }
  set = ib_file_set_create (&(IbFileSetRequest) {
                              .parent_dir = dir,
                              .sizes = &tiny,
                              .n_sizes = 1,
                              .content = IB_CONTENT_RANDOM,
                              .seed = 1,
                            },
                            NULL, &error);
  if (set == NULL)
    {
      g_printerr ("ib-perf overhead: cannot make a file in %s: %s\n", dir, error->message);
      return 1;
    }

  for (p = 0; p < N_PARTS; p++)
    {
      double batches[OVERHEAD_BATCHES];

      for (k = 0; k < OVERHEAD_BATCHES; k++)
        batches[k] = time_part ((OverheadPart) p, (guint) iterations, set);
      results[p] = median_of (batches, OVERHEAD_BATCHES);
    }
  if (runner_samples > 0)
    runner = runner_per_sample (dir, (guint) runner_samples, &runner_wall, &runner_settle);

  g_print ("harness overhead, median of %d batches of %d:\n", OVERHEAD_BATCHES, iterations);
  g_print ("  ib_measure_run, empty strategy: %7.0f ns per sample (T4 bound 2000 ns)\n",
           results[PART_BRACKET]);
  g_print ("  of which inside the timed span:   %8.0f ns (bias added to wall_ns)\n",
           results[PART_INSIDE]);
  g_print ("  ib_os_monotonic_ns:               %8.0f ns\n", results[PART_CLOCK]);
  g_print ("  ib_os_rusage:                     %8.0f ns\n", results[PART_RUSAGE]);
  g_print ("  ib_os_reset_peak_rss:             %8.0f ns\n", results[PART_RESET_RSS]);
  g_print ("  ib_file_set_residency (1 file):   %8.0f ns (before each sample, outside)\n",
           results[PART_RESIDENCY]);
  g_print ("  prototype: clear_refs fd kept open, peak RSS from getrusage: %.0f ns\n",
           results[PART_LEAN]);
  if (runner >= 0)
    g_print ("  real runner, per sample beyond the sample's wall time and settle step: "
             "%.0f ns (median of %d; sync-read-all of one 4 KiB file took %.0f ns, "
             "the settle step %.0f ns)\n",
             runner, runner_samples - 1, runner_wall, runner_settle);

  json_builder_begin_object (b);
  json_add_string (b, "tool", "ib-perf-overhead");
  json_add_int (b, "iterations", iterations);
  for (p = 0; p < N_PARTS; p++)
    json_add_double (b, part_names[p], results[p]);
  if (runner >= 0)
    {
      json_add_double (b, "runner_per_sample_ns", runner);
      json_add_double (b, "runner_sample_wall_ns", runner_wall);
      json_add_double (b, "runner_settle_ns", runner_settle);
    }
  json_builder_end_object (b);
  if (json_path != NULL && !write_json (b, json_path, &error))
    {
      g_printerr ("ib-perf overhead: cannot write %s: %s\n", json_path, error->message);
      return 1;
    }
  return 0;
}

/* ---- main ------------------------------------------------------------------ */

int
main (int    argc,
      char **argv)
{
  const char *cmd = argc > 1 ? argv[1] : NULL;

  if (g_strcmp0 (cmd, "session") == 0)
    return cmd_session (argc - 1, argv + 1);
  if (g_strcmp0 (cmd, "make") == 0)
    return cmd_make (argc - 1, argv + 1);
  if (g_strcmp0 (cmd, "drop") == 0)
    return cmd_drop (argc - 1, argv + 1);
  if (g_strcmp0 (cmd, "residency") == 0)
    return cmd_residency (argc - 1, argv + 1);
  if (g_strcmp0 (cmd, "overhead") == 0)
    return cmd_overhead (argc - 1, argv + 1);
  g_printerr ("Usage: ib-perf session|make|drop|residency|overhead [OPTION...]\n"
              "  session [--dir DIR] [--count N] [--size SIZE] [--repeat N] [--warmup N]\n"
              "          [--strategies ID,...|none] [--cache warm,cold] [--json FILE]\n"
              "          [--round-cmd CMD] [-- COMMAND ARG...]\n"
              "          (CMD and COMMAND get the files' paths appended)\n"
              "  make [--dir DIR] [--count N] [--size SIZE] [--no-fsync]\n"
              "                      time the file maker, print WALL_NS BYTES\n"
              "  drop FILE...        drop the page cache of FILEs, print the residency left\n"
              "  residency FILE...   print the page-cache residency of FILEs (0..1)\n"
              "  overhead [--iterations N] [--json FILE]\n");
  return 2;
}
