/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-strategy.c: every read strategy reads exactly what was made, checks
 * sizes and CRCs, respects the in-flight cap, stops when cancelled and keeps
 * its callbacks on the caller's thread-default context. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <string.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#include "engine/model/ib-error.h"
#include "engine/io/ib-fileset.h"
#include "engine/io/ib-strategy.h"
#include "engine-fixture.h"

static const char * const expected_ids[] = {
  "sync-load-contents", "sync-read-all", "sync-stream", "async-load-contents-parallel",
  "async-load-contents-serial", "async-stream-serial", "async-stream-parallel",
  "async-read-all-serial", "async-read-all-parallel", "gtask-thread-parallel",
  "thread-pool-parallel", "mmap", "uring-read-all-serial", "uring-read-all-parallel",
  "uring-stream-parallel",
};

static const char * const seed_big_ids[] = {
  "sync-load-contents", "sync-read-all", "async-load-contents-parallel",
  "async-load-contents-serial", "async-stream-serial", "async-stream-parallel",
  "async-read-all-serial", "async-read-all-parallel",
};

/* The strategies that can run in this build on this kernel (the io_uring
 * ones are missing from the portable build; test-uring.c checks why). */
static const IbStrategyInfo *
runnable_strategies (guint *n)
{
  static GArray *runnable;
  const IbStrategyInfo *all;
  guint n_all, i;

  if (runnable == NULL)
    {
      runnable = g_array_new (FALSE, TRUE, sizeof (IbStrategyInfo));
      all = ib_strategies (&n_all);
      for (i = 0; i < n_all; i++)
        if (ib_strategy_unavailable (&all[i]) == NULL)
          g_array_append_val (runnable, all[i]);
        else
          g_test_message ("%s cannot run here: %s", all[i].id,
                          ib_strategy_unavailable (&all[i]));
      g_assert_cmpuint (runnable->len, >=, 12);
    }
  *n = runnable->len;
  return (const IbStrategyInfo *) (gpointer) runnable->data;
}

/* ---- table ------------------------------------------------------------- */

static void
test_table (void)
{
  const IbStrategyInfo *all;
  guint n, i, big = 0;

  all = ib_strategies (&n);
  g_assert_cmpuint (n, ==, G_N_ELEMENTS (expected_ids));
  for (i = 0; i < n; i++)
    {
      g_assert_cmpstr (all[i].id, ==, expected_ids[i]);
      g_assert_true (ib_strategy_lookup (all[i].id) == &all[i]);
      g_assert_nonnull (all[i].title);
      g_assert_nonnull (all[i].description);
      g_assert_nonnull (all[i].run);
      if (all[i].seed_analogue != NULL)
        {
          big++;
          g_assert_true (g_strv_contains (seed_big_ids, all[i].id));
        }
      g_assert_true (g_str_has_prefix (all[i].id, ib_family_to_string (all[i].family)) ||
                     g_str_equal (all[i].id, "mmap") ||
                     (all[i].family == IB_FAMILY_THREAD &&
                      g_str_has_suffix (all[i].id, "-parallel")));
      g_assert_true ((all[i].schedule == IB_SCHEDULE_PARALLEL) ==
                     g_str_has_suffix (all[i].id, "-parallel"));
    }
  g_assert_cmpuint (big, ==, G_N_ELEMENTS (seed_big_ids));
  g_assert_null (ib_strategy_lookup ("no-such-strategy"));

  /* A direct variant has a display name of its own, never its base's. */
  for (i = 0; i < n; i++)
    {
      g_autofree char *direct = g_strconcat (all[i].id, IB_DIRECT_SUFFIX, NULL);

      g_assert_cmpstr (ib_strategy_title (direct), !=, ib_strategy_title (all[i].id));
      g_assert_true (g_str_has_prefix (ib_strategy_title (direct),
                                       ib_strategy_title (all[i].id)));
    }

  /* seed 002: highWaterMark 64 KiB * 10 and * 100 */
  g_assert_cmpuint (ib_strategy_lookup ("async-stream-serial")->default_chunk, ==, 655360);
  g_assert_cmpuint (ib_strategy_lookup ("async-stream-parallel")->default_chunk, ==, 6553600);
  g_assert_cmpuint (ib_strategy_lookup ("sync-stream")->default_chunk, ==, 1024 * 1024);
  g_assert_cmpstr (ib_family_to_string (IB_FAMILY_THREAD), ==, "thread");
  g_assert_cmpstr (ib_schedule_to_string (IB_SCHEDULE_SERIAL), ==, "serial");
}

static void
test_scratch (void)
{
  IbScratch *scratch = ib_scratch_new ();
  guint8 *a, *b;

  a = ib_scratch_get (scratch, 0, 100);
  memset (a, 1, 100);
  g_assert_true (ib_scratch_get (scratch, 0, 50) == a);   /* reused, not shrunk */
  b = ib_scratch_get (scratch, 3, 10);
  g_assert_true (b != a);
  g_assert_nonnull (ib_scratch_get (scratch, 1, 0));
  a = ib_scratch_get (scratch, 0, 1 << 20);   /* grown */
  memset (a, 2, 1 << 20);
  ib_scratch_free (scratch);
}

/* ---- every strategy reads exactly what was made ------------------------- */

static void
run_all_on (const guint64 *sizes,
            guint          n_sizes,
            guint64        chunk_override)
{
  Fixture f = { NULL, };
  const IbStrategyInfo *all;
  guint n, i, pass;

  fixture_make (&f, sizes, n_sizes);
  all = runnable_strategies (&n);

  for (i = 0; i < n; i++)
    for (pass = 0; pass < 4; pass++)   /* fresh, reused, reused again, fresh unverified */
      {
        IbBufferPolicy policy = (pass == 1 || pass == 2) ? IB_BUFFER_REUSED : IB_BUFFER_FRESH;
        g_autoptr(GError) error = NULL;
        IbStrategyContext ctx;
        gboolean ok;

        fixture_context_init (&ctx, &f, &all[i], policy);
        ctx.verify = pass != 3;
        if (chunk_override != 0 && all[i].default_chunk != 0)
          ctx.chunk = chunk_override;

        ok = all[i].run (&ctx, &error);
        g_assert_no_error (error);
        g_assert_true (ok);
        g_assert_cmpuint (ctx.bytes, ==, ib_file_set_total_bytes (f.set));
        g_assert_cmpint (ctx.open_now, ==, 0);
        g_assert_cmpuint (ctx.max_open, >=, n_sizes > 0 ? 1 : 0);
        g_assert_cmpuint (ctx.max_open, <=,
                          all[i].schedule == IB_SCHEDULE_SERIAL ? 1 : ctx.in_flight);
        if (all[i].family == IB_FAMILY_ASYNC || all[i].family == IB_FAMILY_URING ||
            g_str_equal (all[i].id, "gtask-thread-parallel"))
          g_assert_cmpuint (ctx.callbacks, >=, n_sizes);
        else
          g_assert_cmpuint (ctx.callbacks, ==, 0);
        /* Nothing of ours is left on the context. */
        g_assert_false (g_main_context_pending (NULL));
      }

  fixture_free (&f);
}

static void
test_read_odd_sizes (void)
{
  const guint64 sizes[] = { 1024 * 1024 + 3, 655360 * 2 + 1, 6553600 + 7, 0, 1, 3000, 4096 };

  run_all_on (sizes, G_N_ELEMENTS (sizes), 0);
}

static void
test_read_small_chunks (void)
{
  const guint64 sizes[] = { 100000, 4097, 1, 0, 8191 };

  run_all_on (sizes, G_N_ELEMENTS (sizes), 4096 + 1);
}

static void
test_read_empty_set (void)
{
  run_all_on (NULL, 0, 0);
}

/* ---- callbacks: one per async step, as the GIO calls promise ------------ */

static void
test_callbacks (void)
{
  const guint64 sizes[] = { 655360 * 2 + 1, 655360, 0, 7 };
  Fixture f = { NULL, };
  const IbStrategyInfo *all;
  guint n, i, k, pass;

  fixture_make (&f, sizes, G_N_ELEMENTS (sizes));
  all = runnable_strategies (&n);

  for (i = 0; i < n; i++)
    for (pass = 0; pass < 2; pass++)
      {
        g_autoptr(GError) error = NULL;
        IbStrategyContext ctx;
        guint64 expected = 0;

        fixture_context_init (&ctx, &f, &all[i], pass ? IB_BUFFER_REUSED : IB_BUFFER_FRESH);
        for (k = 0; k < G_N_ELEMENTS (sizes); k++)
          {
            if (g_str_has_prefix (all[i].id, "async-stream"))
              /* open, one read per chunk, the read that sees the end */
              expected += 1 + (sizes[k] + ctx.chunk - 1) / ctx.chunk + 1;
            else if (g_str_has_prefix (all[i].id, "async-read-all"))
              expected += 3;   /* open, query_info, read_all */
            else if (g_str_has_prefix (all[i].id, "async-load-contents") ||
                     g_str_equal (all[i].id, "gtask-thread-parallel") ||
                     g_str_has_prefix (all[i].id, "uring-read-all"))
              expected += 1;   /* io_uring: one completion for the whole file */
            else if (g_str_equal (all[i].id, "uring-stream-parallel"))
              /* one completion per chunk; an empty file still gets its read */
              expected += MAX ((sizes[k] + ctx.chunk - 1) / ctx.chunk, 1);
          }
        g_assert_true (all[i].run (&ctx, &error));
        g_assert_no_error (error);
        g_test_message ("%s: %" G_GUINT64_FORMAT " callbacks", all[i].id, ctx.callbacks);
        g_assert_cmpuint (ctx.callbacks, ==, expected);
      }

  fixture_free (&f);
}

/* ---- in-flight cap ------------------------------------------------------ */

static void
test_in_flight_cap (void)
{
  guint64 sizes[12];
  Fixture f = { NULL, };
  const IbStrategyInfo *all;
  guint n, i, cap;

  for (i = 0; i < G_N_ELEMENTS (sizes); i++)
    sizes[i] = 256 * 1024 + i;
  fixture_make (&f, sizes, G_N_ELEMENTS (sizes));
  all = runnable_strategies (&n);

  for (cap = 1; cap <= 4; cap++)
    for (i = 0; i < n; i++)
      {
        g_autoptr(GError) error = NULL;
        IbStrategyContext ctx;

        if (all[i].schedule != IB_SCHEDULE_PARALLEL)
          continue;
        fixture_context_init (&ctx, &f, &all[i], IB_BUFFER_FRESH);
        ctx.in_flight = cap;
        ctx.workers = 4;
        g_assert_true (all[i].run (&ctx, &error));
        g_assert_no_error (error);
        g_test_message ("%s, cap %u: at most %u open", all[i].id, cap, ctx.max_open);
        g_assert_cmpuint (ctx.max_open, <=, cap);
        g_assert_cmpuint (ctx.max_open, >=, 1);
        /* Requests are all made before any callback runs: the cap is reached. */
        if (g_str_equal (all[i].id, "async-load-contents-parallel"))
          g_assert_cmpuint (ctx.max_open, ==, cap);
      }

  fixture_free (&f);
}

/* ---- errors -------------------------------------------------------------- */

static void
test_errors (void)
{
  const guint64 sizes[] = { 70000, 70000, 70000 };
  Fixture f = { NULL, };
  const IbStrategyInfo *all;
  const IbFileEntry *e1, *e2;
  g_autofree char *orig = NULL;
  g_autofree char *good = NULL;
  g_autoptr(GError) error = NULL;
  gsize len;
  guint n, i;

  fixture_make (&f, sizes, G_N_ELEMENTS (sizes));
  all = runnable_strategies (&n);
  e1 = ib_file_set_get_file (f.set, 1);
  e2 = ib_file_set_get_file (f.set, 2);

  /* One flipped byte in file 1: a verify error naming it, unless not verifying. */
  g_file_get_contents (e1->path, &orig, &len, &error);
  g_assert_no_error (error);
  good = g_memdup2 (orig, len);
  orig[len / 2] ^= 0x55;
  g_file_set_contents (e1->path, orig, (gssize) len, &error);
  g_assert_no_error (error);
  for (i = 0; i < n; i++)
    {
      IbStrategyContext ctx;

      fixture_context_init (&ctx, &f, &all[i], i % 2 ? IB_BUFFER_REUSED : IB_BUFFER_FRESH);
      g_assert_false (all[i].run (&ctx, &error));
      g_assert_error (error, IB_ERROR, IB_ERROR_VERIFY);
      g_assert_nonnull (strstr (error->message, e1->path));
      g_clear_error (&error);
      g_assert_cmpint (ctx.open_now, ==, 0);
      g_assert_false (g_main_context_pending (NULL));

      ctx.verify = FALSE;
      ctx.bytes = 0;
      g_assert_true (all[i].run (&ctx, &error));
      g_assert_no_error (error);
    }

  /* File 1 shorter than recorded: a short read with both sizes. */
  g_file_set_contents (e1->path, orig, (gssize) len - 10, &error);
  g_assert_no_error (error);
  for (i = 0; i < n; i++)
    {
      IbStrategyContext ctx;

      fixture_context_init (&ctx, &f, &all[i], i % 2 ? IB_BUFFER_FRESH : IB_BUFFER_REUSED);
      ctx.verify = FALSE;
      g_assert_false (all[i].run (&ctx, &error));
      g_test_message ("%s: %s", all[i].id, error->message);
      g_assert_error (error, IB_ERROR, IB_ERROR_SHORT_READ);
      g_assert_nonnull (strstr (error->message, e1->path));
      g_assert_nonnull (strstr (error->message, "69990"));
      g_assert_nonnull (strstr (error->message, "70000"));
      g_clear_error (&error);
      g_assert_false (g_main_context_pending (NULL));
    }

  /* Longer than recorded. */
  g_free (orig);
  orig = g_malloc0 (len + 5);
  g_file_set_contents (e1->path, orig, (gssize) len + 5, &error);
  g_assert_no_error (error);
  for (i = 0; i < n; i++)
    {
      IbStrategyContext ctx;

      fixture_context_init (&ctx, &f, &all[i], IB_BUFFER_FRESH);
      g_assert_false (all[i].run (&ctx, &error));
      g_assert_error (error, IB_ERROR, IB_ERROR_SHORT_READ);
      g_clear_error (&error);
    }

  /* File 1 right again, file 2 gone: an I/O error naming file 2. */
  g_file_set_contents (e1->path, good, (gssize) len, &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_unlink (e2->path), ==, 0);
  for (i = 0; i < n; i++)
    {
      IbStrategyContext ctx;

      fixture_context_init (&ctx, &f, &all[i], IB_BUFFER_REUSED);
      g_test_message ("%s, second file missing", all[i].id);
      g_assert_false (all[i].run (&ctx, &error));
      g_assert_error (error, IB_ERROR, IB_ERROR_IO);
      g_assert_nonnull (strstr (error->message, e2->path));
      g_clear_error (&error);
      g_assert_cmpint (ctx.open_now, ==, 0);
      g_assert_false (g_main_context_pending (NULL));
    }

  fixture_free (&f);
}

/* ---- cancellation ------------------------------------------------------ */

typedef struct
{
  IbStrategyContext *ctx;
  GCancellable      *cancellable;
  gint64             cancelled_at;
  gint               stop;
} Canceller;

/* Cancels as soon as the strategy has a file open: mid-strategy. */
static gpointer
canceller_thread (gpointer data)
{
  Canceller *c = data;

  while (g_atomic_int_get ((gint *) &c->ctx->max_open) == 0 && !g_atomic_int_get (&c->stop))
    g_thread_yield ();
  c->cancelled_at = g_get_monotonic_time ();
  g_cancellable_cancel (c->cancellable);
  return NULL;
}

static void
test_cancel (void)
{
  guint64 sizes[16];
  Fixture f = { NULL, };
  const IbStrategyInfo *all;
  guint n, i;

  for (i = 0; i < G_N_ELEMENTS (sizes); i++)
    sizes[i] = 16 * 1024 * 1024 + i;
  fixture_make (&f, sizes, G_N_ELEMENTS (sizes));
  all = runnable_strategies (&n);

  for (i = 0; i < n; i++)
    {
      g_autoptr(GCancellable) cancellable = g_cancellable_new ();
      g_autoptr(GError) error = NULL;
      IbStrategyContext ctx;
      Canceller c = { &ctx, cancellable, 0, 0 };
      GThread *thread;
      gboolean ok;

      fixture_context_init (&ctx, &f, &all[i], IB_BUFFER_FRESH);
      ctx.cancellable = cancellable;
      thread = g_thread_new ("canceller", canceller_thread, &c);
      ok = all[i].run (&ctx, &error);
      g_atomic_int_set (&c.stop, 1);
      g_thread_join (thread);

      g_test_message ("%s: stopped %.1f ms after the cancel, %" G_GUINT64_FORMAT
                      " of %" G_GUINT64_FORMAT " bytes read", all[i].id,
                      (g_get_monotonic_time () - c.cancelled_at) / 1000.0, ctx.bytes,
                      ib_file_set_total_bytes (f.set));
      g_assert_false (ok);
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
      g_assert_cmpuint (ctx.bytes, <, ib_file_set_total_bytes (f.set));
      g_assert_cmpint (ctx.open_now, ==, 0);
      g_assert_false (g_main_context_pending (NULL));
    }

  /* Cancelled before the start: nothing is read. */
  for (i = 0; i < n; i++)
    {
      g_autoptr(GCancellable) cancellable = g_cancellable_new ();
      g_autoptr(GError) error = NULL;
      IbStrategyContext ctx;

      g_cancellable_cancel (cancellable);
      fixture_context_init (&ctx, &f, &all[i], IB_BUFFER_REUSED);
      ctx.cancellable = cancellable;
      g_assert_false (all[i].run (&ctx, &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
      g_assert_cmpuint (ctx.bytes, ==, 0);
      g_assert_cmpuint (ctx.max_open, ==, 0);
    }

  fixture_free (&f);
}

/* ---- the runner's threading model --------------------------------------- */

typedef struct
{
  Fixture                *f;
  const IbStrategyInfo   *info;
  IbStrategyContext       ctx;
  gboolean                ok;
  GError                 *error;
} WorkerRun;

static gpointer
worker_thread (gpointer data)
{
  WorkerRun *w = data;
  GMainContext *context = g_main_context_new ();

  g_main_context_push_thread_default (context);
  fixture_context_init (&w->ctx, w->f, w->info, IB_BUFFER_REUSED);
  w->ok = w->info->run (&w->ctx, &w->error);
  g_assert_false (g_main_context_pending (context));
  g_main_context_pop_thread_default (context);
  g_main_context_unref (context);
  return NULL;
}

static gboolean
count_dispatch (gpointer data)
{
  (*(guint *) data)++;
  return G_SOURCE_REMOVE;
}

/* A worker that pushes no context of its own: its thread-default is the global
 * default context, which the main thread holds. */
static gpointer
bare_worker_thread (gpointer data)
{
  WorkerRun *w = data;

  fixture_context_init (&w->ctx, w->f, w->info, IB_BUFFER_FRESH);
  w->ok = w->info->run (&w->ctx, &w->error);
  return NULL;
}

static void
test_worker_context (void)
{
  const guint64 sizes[] = { 300000, 200000, 100000, 1 };
  Fixture f = { NULL, };
  const IbStrategyInfo *all;
  guint n, i;

  fixture_make (&f, sizes, G_N_ELEMENTS (sizes));
  all = runnable_strategies (&n);

  for (i = 0; i < n; i++)
    {
      WorkerRun w = { &f, &all[i], { NULL, }, FALSE, NULL };
      guint dispatched = 0;

      /* The global default context must see none of the strategy's callbacks:
       * only this idle runs when we iterate it afterwards. */
      g_idle_add (count_dispatch, &dispatched);
      g_thread_join (g_thread_new ("worker", worker_thread, &w));
      g_assert_no_error (w.error);
      g_assert_true (w.ok);
      g_assert_cmpuint (w.ctx.bytes, ==, ib_file_set_total_bytes (f.set));
      while (g_main_context_iteration (NULL, FALSE))
        ;
      g_assert_cmpuint (dispatched, ==, 1);
    }

  /* If the caller's context is owned by another thread, the strategy still
   * completes, on a private context. */
  {
    WorkerRun w = { &f, ib_strategy_lookup ("async-read-all-parallel"), { NULL, }, FALSE,
                    NULL };
    guint dispatched = 0;

    g_assert_true (g_main_context_acquire (NULL));
    g_idle_add (count_dispatch, &dispatched);
    g_thread_join (g_thread_new ("bare-worker", bare_worker_thread, &w));
    g_assert_no_error (w.error);
    g_assert_true (w.ok);
    g_assert_cmpuint (w.ctx.callbacks, >=, G_N_ELEMENTS (sizes));
    while (g_main_context_iteration (NULL, FALSE))
      ;
    g_assert_cmpuint (dispatched, ==, 1);
    g_main_context_release (NULL);
  }

  fixture_free (&f);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/io/strategy/table", test_table);
  g_test_add_func ("/io/strategy/scratch", test_scratch);
  g_test_add_func ("/io/strategy/read-odd-sizes", test_read_odd_sizes);
  g_test_add_func ("/io/strategy/read-small-chunks", test_read_small_chunks);
  g_test_add_func ("/io/strategy/read-empty-set", test_read_empty_set);
  g_test_add_func ("/io/strategy/callbacks", test_callbacks);
  g_test_add_func ("/io/strategy/in-flight-cap", test_in_flight_cap);
  g_test_add_func ("/io/strategy/errors", test_errors);
  g_test_add_func ("/io/strategy/cancel", test_cancel);
  g_test_add_func ("/io/strategy/worker-context", test_worker_context);

  return g_test_run ();
}
