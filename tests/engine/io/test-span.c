/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-span.c: what a strategy's timed span holds and what it inherits, the
 * strategies' side of honest measurement. Structural checks, no timing:
 *
 * - every fresh buffer is a mapping of its own, made and faulted in before
 *   the clock, one per file, for every strategy alike: the span makes and
 *   unmaps none, and takes the same page faults per MiB for serial and
 *   parallel strategies (glibc's heap used to hand serial ones warm pages
 *   after the load-contents strategies freed theirs; later, fresh mappings
 *   faulted in inside the span timed the host's memory state on a VM more
 *   than the strategy);
 * - --verify's CRC-32 never runs inside ib_strategy_run();
 * - the io_uring ring is made before the clock and closed after it;
 * - the chunk is decided once and the sample records the one used. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#ifdef G_OS_UNIX
#include <sys/mman.h>
#include <unistd.h>
#endif

#include "engine/model/ib-error.h"
#include "engine/io/ib-fileset.h"
#include "engine/os/ib-os.h"
#include "engine/measure/ib-measure.h"
#include "engine/io/ib-strategy.h"
#include "engine/io/ib-strategy-private.h"
#include "engine-fixture.h"

#if defined(__SANITIZE_ADDRESS__)
#define IB_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define IB_SANITIZED 1
#endif
#endif
#ifndef IB_SANITIZED
#define IB_SANITIZED 0
#endif

#define MIB (G_GUINT64_CONSTANT (1) << 20)
#define HUGE_PAGE (2 * MIB)

static void
context_init (IbStrategyContext *ctx,
              const Fixture     *f,
              IbBufferPolicy     buffer)
{
  memset (ctx, 0, sizeof *ctx);
  ctx->files = f->set;
  ctx->buffer = buffer;
  ctx->workers = 4;
  ctx->in_flight = ib_file_set_get_n_files (f->set);
  ctx->scratch = f->scratch;
}

/* One sample of @info through IbMeasure's bracket; returns it. @ctx, when
 * not NULL, is the context it ran in (what it counted). */
static IbSample
measure (const Fixture        *f,
         const IbStrategyInfo *info,
         IbBufferPolicy        buffer,
         gboolean              verify,
         IbStrategyContext    *out)
{
  g_autoptr(GError) error = NULL;
  IbStrategyContext ctx;
  IbSample sample = { 0 };

  context_init (&ctx, f, buffer);
  ctx.verify = verify;
  g_assert_true (ib_measure_run (info, &ctx, IB_MEASURE_USER_OTHER, &sample, &error));
  g_assert_no_error (error);
  if (!sample.ok)
    g_error ("%s: %s", info->id, sample.error);
  g_assert_null (ctx.prepared);
  if (out != NULL)
    *out = ctx;
  return sample;
}

/* ---- fresh buffers ---------------------------------------------------------- */

/* A buffer made right after a same-sized one was filled and given back
 * holds no resident page: it is a new mapping, not the old pages. */
static void
test_fresh_buffer_is_new_mapping (void)
{
#ifdef G_OS_UNIX
  const gsize sizes[] = { 100, 64 * 1024, 3 * MIB + 5, 16 * MIB };
  long page = sysconf (_SC_PAGESIZE);

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      IbOsBuffer a = { NULL, }, b = { NULL, };
      guint64 made0, held0, made1, held1;
      gsize pages;
      g_autofree unsigned char *vec = NULL;
      guint resident = 0;

      ib_os_buffer_counts (&made0, &held0);
      ib_os_buffer_alloc (&a, sizes[i], 0);
      memset (a.data, 0xa5, a.size);
      ib_os_buffer_clear (&a);
      g_assert_null (a.data);
      ib_os_buffer_alloc (&b, sizes[i], 0);
      g_assert_nonnull (b.data);
      g_assert_cmpuint (b.size, ==, sizes[i]);
      if (sizes[i] >= HUGE_PAGE)
        g_assert_cmpuint ((guintptr) b.data % HUGE_PAGE, ==, 0);

      pages = (b.mapped + (gsize) page - 1) / (gsize) page;
      vec = g_malloc0 (pages);
      g_assert_cmpint (mincore (b.data, b.mapped, vec), ==, 0);
      for (gsize p = 0; p < pages; p++)
        resident += vec[p] & 1;
      g_test_message ("%" G_GSIZE_FORMAT " bytes: %u of %" G_GSIZE_FORMAT
                      " pages resident before the first write", sizes[i], resident, pages);
      g_assert_cmpuint (resident, ==, 0);
      /* It is all writable, and zero as a new mapping is. */
      for (gsize p = 0; p < b.size; p += (gsize) page)
        g_assert_cmpuint (b.data[p], ==, 0);
      memset (b.data, 1, b.size);
      ib_os_buffer_clear (&b);

      ib_os_buffer_counts (&made1, &held1);
      g_assert_cmpuint (made1 - made0, ==, 2);
      g_assert_cmpuint (held1, ==, held0);
    }

  /* Aligned for direct reads. */
  {
    IbOsBuffer c = { NULL, };

    ib_os_buffer_alloc (&c, 5000, 65536);
    g_assert_cmpuint ((guintptr) c.data % 65536, ==, 0);
    memset (c.data, 2, c.size);
    ib_os_buffer_clear (&c);
  }
#else
  g_test_skip ("no anonymous mappings on this system: the fallback is g_aligned_alloc()");
#endif
}

static gboolean
reads_into_our_buffers (const IbStrategyInfo *info)
{
  return info->reused_size != NULL && ib_strategy_unavailable (info) == NULL;
}

/* With fresh buffers every strategy that reads into a buffer of ours gets
 * one new mapping per file, made and faulted in by ib_strategy_prepare()
 * (every page resident before the clock starts) and unmapped by
 * ib_strategy_release(): ib_strategy_run() itself makes and unmaps none
 * (made and held unchanged across it), for serial and parallel strategies
 * alike. A buffer mapped inside the run (the fix reverted) fails the first
 * check; one not faulted in fails the residency check. */
static void
test_fresh_made_before_clock (void)
{
#ifdef G_OS_UNIX
  const guint64 sizes[] = { 8 * MIB, 3 * MIB + 5, 77, 0 };
  const IbStrategyInfo *all;
  Fixture f = { 0 };
  long page = sysconf (_SC_PAGESIZE);
  guint n;

  fixture_make (&f, sizes, G_N_ELEMENTS (sizes));
  all = ib_strategies (&n);
  for (guint i = 0; i < n; i++)
    for (guint direct = 0; direct < 2; direct++)
      {
        g_autoptr(GError) error = NULL;
        IbStrategyContext ctx;
        guint64 made0, held0, made1, held1, made2, held2, made3, held3;
        guint64 resident = 0, pages = 0;

        if (!reads_into_our_buffers (&all[i]) || (direct && !all[i].direct))
          continue;
        context_init (&ctx, &f, IB_BUFFER_FRESH);
        ctx.direct = direct;
        ib_os_buffer_counts (&made0, &held0);
        if (!ib_strategy_prepare (&all[i], &ctx, &error) &&
            g_error_matches (error, IB_ERROR, IB_ERROR_UNSUPPORTED))
          {
            /* O_DIRECT refused by the test folder's file system (tmpfs). */
            g_test_message ("%s direct: %s", all[i].id, error->message);
            ib_strategy_release (&all[i], &ctx);
            continue;
          }
        g_assert_no_error (error);
        ib_os_buffer_counts (&made1, &held1);
        g_assert_cmpuint (made1 - made0, ==, G_N_ELEMENTS (sizes));

        /* Every page of every file's buffer is there before the clock. */
        for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
          {
            const IbFileEntry *entry = ib_file_set_get_file (f.set, k);
            IbOsBuffer lent = { 0 };
            gsize np;
            g_autofree unsigned char *vec = NULL;

            g_assert_nonnull (ib_strategy_fresh_buffer (&ctx, entry, entry->size + 1, 0,
                                                        &lent));
            g_assert_true (lent.lent);
            np = (lent.mapped + (gsize) page - 1) / (gsize) page;
            vec = g_malloc0 (np);
            g_assert_cmpint (mincore (lent.data, lent.mapped, vec), ==, 0);
            for (gsize p = 0; p < np; p++)
              resident += vec[p] & 1;
            pages += np;
            ib_os_buffer_clear (&lent);
          }

        ib_os_buffer_counts (&made1, &held1);
        if (!ib_strategy_run (&all[i], &ctx, &error) &&
            g_error_matches (error, IB_ERROR, IB_ERROR_UNSUPPORTED))
          {
            g_test_message ("%s direct: %s", all[i].id, error->message);
            ib_strategy_release (&all[i], &ctx);
            continue;
          }
        g_assert_no_error (error);
        ib_os_buffer_counts (&made2, &held2);
        ib_strategy_release (&all[i], &ctx);
        ib_os_buffer_counts (&made3, &held3);
        g_test_message ("%-28s%s: %" G_GUINT64_FORMAT " buffers made in the span, %"
                        G_GUINT64_FORMAT " of %" G_GUINT64_FORMAT " pages resident before it",
                        all[i].id, direct ? "@direct" : "", made2 - made1, resident, pages);
        g_assert_cmpuint (ctx.bytes, ==, 11 * MIB + 5 + 77);
        g_assert_cmpuint (made2 - made1, ==, 0);
        g_assert_cmpuint (held2, ==, held1);
        g_assert_cmpuint (resident, ==, pages);
        g_assert_cmpuint (held3, ==, held0);
        g_assert_null (ctx.fresh);
      }
  fixture_free (&f);
#else
  g_test_skip ("no anonymous mappings on this system: the fallback is g_aligned_alloc()");
#endif
}

/* With fresh buffers every strategy that reads into a buffer of ours gets
 * each file's buffer afresh, however warm the heap is; and serial and
 * parallel strategies take the same page faults in the span, within what
 * threads and GIO's own allocations add. Run after sync-load-contents,
 * whose freed blocks raise glibc's mmap threshold: with buffers from
 * malloc the serial strategies then fault almost nothing while the
 * parallel ones fault everything. */
static void
test_fresh_faults_equal (void)
{
  const guint64 sizes[] = { 8 * MIB, 8 * MIB, 8 * MIB, 8 * MIB };
  const IbStrategyInfo *all;
  Fixture f = { 0 };
  guint64 mib = 0;
  gint64 lowest = G_MAXINT64, highest = 0;
  const char *lowest_id = NULL, *highest_id = NULL;
  guint n;

  fixture_make (&f, sizes, G_N_ELEMENTS (sizes));
  g_assert_true (ib_file_set_warm (f.set, NULL, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    mib += sizes[i] / MIB;

  all = ib_strategies (&n);
  for (guint i = 0; i < n; i++)
    {
      gint64 best = G_MAXINT64;

      if (!reads_into_our_buffers (&all[i]))
        continue;
      for (guint k = 0; k < 3; k++)
        {
          IbSample warmer, sample;
          guint64 made0, held0, made1, held1;

          /* Leaves big freed blocks in the heap, as in a real run. */
          warmer = measure (&f, ib_strategy_lookup ("sync-load-contents"),
                            IB_BUFFER_FRESH, FALSE, NULL);
          ib_sample_clear (&warmer);

          ib_os_buffer_counts (&made0, &held0);
          sample = measure (&f, &all[i], IB_BUFFER_FRESH, FALSE, NULL);
          ib_os_buffer_counts (&made1, &held1);
          /* One new mapping per file, every one given back. */
          g_assert_cmpuint (made1 - made0, ==, G_N_ELEMENTS (sizes));
          g_assert_cmpuint (held1, ==, held0);
          g_assert_cmpuint (sample.bytes, ==, mib * MIB);
          best = MIN (best, sample.minflt);
          ib_sample_clear (&sample);
        }
      g_test_message ("%-28s %4" G_GINT64_FORMAT " page faults in the span for %"
                      G_GUINT64_FORMAT " MiB", all[i].id, best, mib);
      if (best < lowest)
        {
          lowest = best;
          lowest_id = all[i].id;
        }
      if (best > highest)
        {
          highest = best;
          highest_id = all[i].id;
        }
    }

  /* The same within what threads (stacks, GIO's per-thread caches) add:
   * never more than 64 apart (4 KiB pages for the buffers, the fix
   * reverted and THP off, would be 2,048 per file). */
  g_test_message ("fewest %s (%" G_GINT64_FORMAT "), most %s (%" G_GINT64_FORMAT ")",
                  lowest_id, lowest, highest_id, highest);
#if IB_SANITIZED
  /* Under AddressSanitizer every heap use also faults in shadow memory
   * (a pthread's or GIO's allocations show as hundreds of faults), so the
   * counts compare the sanitizer, not the buffers: the mappings above are
   * what this build can check. */
  g_test_message ("sanitized build: fault counts include shadow memory, not compared");
#else
  g_assert_cmpint (highest - lowest, <=, MAX ((gint64) lowest / 4, 64));
#endif
  fixture_free (&f);
}

/* ---- --verify outside the span ------------------------------------------------- */

/* For every strategy and both buffer policies: with --verify the CRC-32 runs,
 * every call of it after the clock (ib_strategy_verify()), none inside
 * ib_strategy_run(); the sample's counters are the timed run's, and without
 * --verify no CRC-32 runs at all. */
static void
test_verify_outside_span (void)
{
  const guint64 sizes[] = { 3 * MIB, MIB + 5, 77 };
  const IbStrategyInfo *all;
  Fixture f = { NULL, };
  guint n;

  fixture_make (&f, sizes, G_N_ELEMENTS (sizes));
  all = ib_strategies (&n);
  for (guint i = 0; i < n; i++)
    for (guint policy = 0; policy < 2; policy++)
      for (guint verify = 0; verify < 2; verify++)
        {
          IbBufferPolicy buffer = policy == 0 ? IB_BUFFER_FRESH : IB_BUFFER_REUSED;
          IbStrategyContext ctx;
          IbSample sample;

          if (ib_strategy_unavailable (&all[i]) != NULL)
            continue;
          sample = measure (&f, &all[i], buffer, verify, &ctx);
          g_test_message ("%s %s verify=%u: %d CRC-32 calls in the span, %d after",
                          all[i].id, ib_buffer_policy_to_string (buffer), verify,
                          ctx.crc_in_span, ctx.crc_outside);
          g_assert_cmpint (ctx.crc_in_span, ==, 0);
          if (verify)
            {
              g_assert_cmpint (ctx.crc_outside, >=, G_N_ELEMENTS (sizes));
              g_assert_cmpint (sample.verify_ns, >, 0);
            }
          else
            {
              g_assert_cmpint (ctx.crc_outside, ==, 0);
              g_assert_cmpint (sample.verify_ns, ==, 0);
            }
          g_assert_cmpuint (sample.bytes, ==, 4 * MIB + 5 + 77);
          ib_sample_clear (&sample);
        }
  fixture_free (&f);
}

/* The check still catches a wrong byte: a file changed after it was made
 * fails the sample with --verify (after the clock), not without. */
static void
test_verify_still_checks (void)
{
  const guint64 sizes[] = { 65536, 65536 };
  const IbStrategyInfo *all;
  Fixture f = { NULL, };
  const IbFileEntry *entry;
  guint n;

  fixture_make (&f, sizes, G_N_ELEMENTS (sizes));
  entry = ib_file_set_get_file (f.set, 1);
  {
    g_autoptr(GError) error = NULL;
    g_autofree char *data = NULL;
    gsize len = 0;

    g_assert_true (g_file_get_contents (entry->path, &data, &len, &error));
    data[len / 2] ^= 0x40;
    g_assert_true (g_file_set_contents (entry->path, data, (gssize) len, &error));
  }

  all = ib_strategies (&n);
  for (guint i = 0; i < n; i++)
    for (guint verify = 0; verify < 2; verify++)
      {
        g_autoptr(GError) error = NULL;
        IbStrategyContext ctx;
        IbSample sample = { 0 };

        if (ib_strategy_unavailable (&all[i]) != NULL)
          continue;
        context_init (&ctx, &f, IB_BUFFER_FRESH);
        ctx.verify = verify;
        g_assert_true (ib_measure_run (&all[i], &ctx, IB_MEASURE_USER_OTHER, &sample, &error));
        g_assert_no_error (error);
        g_assert_cmpint (sample.ok, ==, !verify);
        if (verify)
          g_assert_nonnull (strstr (sample.error, "not what was written"));
        ib_sample_clear (&sample);
      }
  fixture_free (&f);
}

/* ---- the io_uring ring ----------------------------------------------------------- */

/* The ring exists before the clock starts (prepare made it) and the timed
 * run makes none of its own; release closes it. */
static void
test_uring_ring_outside_span (void)
{
  const char *ids[] = { "uring-read-all-serial", "uring-read-all-parallel",
                        "uring-stream-parallel" };
  const guint64 sizes[] = { MIB, 4096, 3 };
  Fixture f = { NULL, };

  if (ib_strategy_unavailable (ib_strategy_lookup (ids[0])) != NULL)
    {
      g_test_skip (ib_strategy_unavailable (ib_strategy_lookup (ids[0])));
      return;
    }
  fixture_make (&f, sizes, G_N_ELEMENTS (sizes));
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      const IbStrategyInfo *info = ib_strategy_lookup (ids[i]);
      g_autoptr(GError) error = NULL;
      IbStrategyContext ctx;

      context_init (&ctx, &f, IB_BUFFER_FRESH);
      g_assert_true (ib_strategy_prepare (info, &ctx, &error));
      g_assert_no_error (error);
      g_assert_nonnull (ctx.prepared);
      g_assert_true (ib_strategy_run (info, &ctx, &error));
      g_assert_no_error (error);
      g_assert_true (ib_strategy_run (info, &ctx, &error));   /* the same ring again */
      g_assert_no_error (error);
      ib_strategy_release (info, &ctx);
      g_assert_null (ctx.prepared);
      g_assert_cmpint (ctx.rings_in_span, ==, 0);
      g_assert_cmpint (ctx.rings_outside, ==, 1);
      g_assert_cmpuint (ctx.bytes, ==, 2 * (MIB + 4096 + 3));

      /* The counter does see a ring made while timed: a direct call
       * without prepare makes its own inside the span. */
      context_init (&ctx, &f, IB_BUFFER_FRESH);
      g_assert_true (ib_strategy_run (info, &ctx, &error));
      g_assert_no_error (error);
      g_assert_cmpint (ctx.rings_in_span, ==, 1);
    }
  fixture_free (&f);
}

/* ---- GLib's task pool ------------------------------------------------------------ */

/* gtask-thread-parallel starts none of GLib's task-pool threads inside the
 * span, also after a pause long enough for the pool to let its idle threads
 * go (half a second): prepare started them. One straggler in three samples
 * is tolerated (a warmed thread descheduled before it waits for work again,
 * on a loaded machine); without prepare every sample starts several. */
static void
test_task_pool_outside_span (void)
{
  /* Big enough that the reads overlap and need their own threads. */
  const guint64 sizes[] = { 4 * MIB, 4 * MIB, 4 * MIB, 4 * MIB, 4 * MIB, 4 * MIB };
  const IbStrategyInfo *info = ib_strategy_lookup ("gtask-thread-parallel");
  Fixture f = { NULL, };
  guint started = 0;

  fixture_make (&f, sizes, G_N_ELEMENTS (sizes));
  for (guint k = 0; k < 3; k++)
    {
      g_autoptr(GError) error = NULL;
      IbStrategyContext ctx;
      IbSample sample = { 0 };

      g_usleep (1200 * 1000);   /* the pool's idle threads are gone */
      context_init (&ctx, &f, IB_BUFFER_FRESH);
      g_assert_true (ib_measure_run (info, &ctx, IB_MEASURE_USER_OTHER, &sample, &error));
      g_assert_no_error (error);
      g_assert_true (sample.ok);
      g_test_message ("sample %u: %u task-pool threads started in the span", k,
                      ctx.threads_started_timed);
      started += ctx.threads_started_timed;
      ib_sample_clear (&sample);
    }
  g_assert_cmpuint (started, <=, 1);

  /* The control: without prepare, the span starts the pool's threads
   * itself. On a busy machine one try can find a thread still idle or
   * need none (the reads overlap less): up to three tries, one must. */
  started = 0;
  for (guint k = 0; k < 3 && started == 0; k++)
    {
      g_autoptr(GError) error = NULL;
      IbStrategyContext ctx;

      g_usleep (1200 * 1000);
      context_init (&ctx, &f, IB_BUFFER_FRESH);
      g_assert_true (ib_strategy_run (info, &ctx, &error));
      g_assert_no_error (error);
      g_test_message ("without prepare, try %u: %u started in the span", k,
                      ctx.threads_started_timed);
      started = ctx.threads_started_timed;
    }
  g_assert_cmpuint (started, >, 0);
  fixture_free (&f);
}

/* ---- the chunk ---------------------------------------------------------------- */

/* One decision, recorded as used: a strategy without a chunk records 0
 * whatever the plan says; with one, the plan's or its own, rounded up to
 * whole blocks for direct reads. Deciding twice changes nothing. The
 * callbacks of async-stream-serial show the chunk it read with. */
static void
test_chunk_decided_once (void)
{
  const guint64 sizes[] = { 10000 };
  const IbStrategyInfo *stream = ib_strategy_lookup ("async-stream-serial");
  const IbStrategyInfo *read_all = ib_strategy_lookup ("sync-read-all");
  const IbStrategyInfo *sync_stream = ib_strategy_lookup ("sync-stream");
  Fixture f = { NULL, };

  g_assert_cmpuint (ib_strategy_decide_chunk (read_all, 1000, FALSE), ==, 0);
  g_assert_cmpuint (ib_strategy_decide_chunk (stream, 0, FALSE), ==, stream->default_chunk);
  g_assert_cmpuint (ib_strategy_decide_chunk (stream, 1000, FALSE), ==, 1000);
  g_assert_cmpuint (ib_strategy_decide_chunk (sync_stream, 1000, TRUE), ==, 4096);
  g_assert_cmpuint (ib_strategy_decide_chunk (sync_stream, G_MAXUINT64, FALSE), ==,
                    IB_STRATEGY_MAX_CHUNK);
  for (guint64 c = 1; c < 100000; c = c * 3 + 1)
    for (guint direct = 0; direct < 2; direct++)
      {
        guint64 once = ib_strategy_decide_chunk (sync_stream, c, direct);

        g_assert_cmpuint (ib_strategy_decide_chunk (sync_stream, once, direct), ==, once);
      }

  fixture_make (&f, sizes, G_N_ELEMENTS (sizes));
  for (guint k = 0; k < 2; k++)
    {
      g_autoptr(GError) error = NULL;
      IbStrategyContext ctx;
      IbSample sample = { 0 };

      context_init (&ctx, &f, IB_BUFFER_FRESH);
      ctx.chunk = k == 0 ? 1000 : 0;
      g_assert_true (ib_measure_run (stream, &ctx, IB_MEASURE_USER_OTHER, &sample, &error));
      g_assert_no_error (error);
      g_assert_true (sample.ok);
      g_assert_cmpuint (sample.chunk, ==, k == 0 ? 1000 : stream->default_chunk);
      /* Open, the chunks, the read that sees the end. */
      g_assert_cmpuint (ctx.callbacks, ==, 1 + (10000 + sample.chunk - 1) / sample.chunk + 1);
      ib_sample_clear (&sample);

      context_init (&ctx, &f, IB_BUFFER_FRESH);
      ctx.chunk = 1000;
      g_assert_true (ib_measure_run (read_all, &ctx, IB_MEASURE_USER_OTHER, &sample, &error));
      g_assert_cmpuint (sample.chunk, ==, 0);
      ib_sample_clear (&sample);
    }
  fixture_free (&f);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/span/fresh-buffer-is-new-mapping", test_fresh_buffer_is_new_mapping);
  g_test_add_func ("/span/fresh-made-before-clock", test_fresh_made_before_clock);
  g_test_add_func ("/span/fresh-faults-equal", test_fresh_faults_equal);
  g_test_add_func ("/span/verify-outside", test_verify_outside_span);
  g_test_add_func ("/span/verify-still-checks", test_verify_still_checks);
  g_test_add_func ("/span/uring-ring-outside", test_uring_ring_outside_span);
  g_test_add_func ("/span/task-pool-outside", test_task_pool_outside_span);
  g_test_add_func ("/span/chunk-decided-once", test_chunk_decided_once);
  return g_test_run ();
}
