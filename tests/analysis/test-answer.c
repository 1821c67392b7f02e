/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The answer (analysis/ib-answer.h) for constructed reports, and its JSON
 * object: written, optional on load, recomputed from the samples. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "engine/model/ib-error.h"
#include "engine/stats/ib-stats.h"
#include "engine/io/ib-strategy.h"
#include "analysis/ib-answer.h"
#include "analysis/ib-findings.h"
#include "report/ib-report-io.h"
#include "analysis/ib-labels.h"
#include "analysis/ib-verdict.h"
#include "engine/run/ib-decision.h"
#include "report-fixture.h"
#include "ib-test-common.h"
#include "ib-test-writers.h"

#define SYNC_TITLE  "Sync single read"
#define ASYNC_TITLE "Async load contents (serial)"


/* The line @id of the JSON answer object @answer ("lines"), asserted to be
 * there. */
static JsonObject *
json_line (JsonObject *answer,
           const char *id)
{
  JsonArray *lines = json_object_get_array_member (answer, "lines");

  for (guint i = 0; i < json_array_get_length (lines); i++)
    {
      JsonObject *line = json_array_get_object_element (lines, i);

      if (g_strcmp0 (json_object_get_string_member (line, "line"), id) == 0)
        return line;
    }
  g_error ("the JSON answer has no line %s", id);
}

static void
assert_contains (const char *text,
                 const char *part)
{
  if (text == NULL || strstr (text, part) == NULL)
    g_error ("“%s” does not contain “%s”", text ? text : "(none)", part);
}

static void
assert_lacks (const char *text,
              const char *part)
{
  if (text != NULL && strstr (text, part) != NULL)
    g_error ("“%s” contains “%s”", text, part);
}

static void
test_sync_wins (void)
{
  /* sync centred on 10 ms, async on 40 ms: every async time is slower */
  g_autoptr(IbReport) report = fx_report_new (40);
  g_autoptr(IbAnswer) a = ib_answer_compute (report);
  g_autofree char *text = NULL;

  g_assert_nonnull (a);
  g_assert_cmpint (ib_answer_main (a)->verdict.verdict, ==, IB_VERDICT_A_FASTER);
  g_assert_cmpstr (ib_answer_main (a)->a, ==, FX_SYNC);
  g_assert_cmpstr (ib_answer_main (a)->b, ==, FX_ASYNC);
  g_assert_null (ib_answer_line (a, "thread"));
  g_assert_true (g_str_has_prefix (a->headline, "Reading one file after another, sync is 4.0x "
                                                "faster than async for whole-file reads here ("));
  assert_contains (a->headline, "cold cache): " SYNC_TITLE " against " ASYNC_TITLE ".");
  g_assert_cmpfloat (ib_answer_main (a)->verdict.ci_low, >, 1);

  /* The fixture's sync read stalls the loop for all of its 10 ms; both
   * sides' medians, like with like. */
  g_assert_true (a->has_stall);
  g_assert_cmpstr (a->stall, ==, "The trade-off: " SYNC_TITLE " blocks the main loop for "
                                 "10.1 ms per read (no frame missed at 60 Hz), " ASYNC_TITLE
                                 " for 305 µs (no frame missed at 60 Hz); medians of each "
                                 "read’s longest stall.");

  /* Measured causes, the slower async side first: its 384 callbacks per read
   * and its CPU time differ beyond their intervals; the fixture's context
   * switches and page faults are the same on both sides, so they are no cause. */
  g_assert_true (g_str_has_prefix (a->why, "Why: per read of the file set (medians), "
                                           ASYNC_TITLE " against " SYNC_TITLE ": 384 callbacks "
                                           "against 0; "));
  assert_contains (a->why, " of CPU time against ");
  assert_contains (a->why, "; each difference lies beyond its ");
  assert_lacks (a->why, "page faults");
  assert_lacks (a->why, "context switches");

  text = ib_answer_to_text (a, "\n");
  g_assert_true (g_str_has_prefix (text, a->headline));
  assert_contains (text, a->why);
}

static void
test_async_wins (void)
{
  g_autoptr(IbReport) report = fx_report_new (2.5);
  g_autoptr(IbAnswer) a = ib_answer_compute (report);

  g_assert_nonnull (a);
  g_assert_cmpint (ib_answer_main (a)->verdict.verdict, ==, IB_VERDICT_B_FASTER);
  g_assert_true (g_str_has_prefix (a->headline, "Reading one file after another, async is 4."));
  assert_contains (a->headline, "x faster than sync for whole-file reads here (");
  assert_contains (a->headline, "): " ASYNC_TITLE " against " SYNC_TITLE ".");
  assert_lacks (a->headline, "sync is 4.0x faster than async");
  /* Now sync is the slower side the causes start with; it dispatched fewer
   * callbacks (0 against 384), which cannot make it slower: only its CPU time
   * is named. */
  g_assert_true (g_str_has_prefix (a->why, "Why: per read of the file set (medians), "
                                           SYNC_TITLE " against " ASYNC_TITLE ": "));
  assert_contains (a->why, " of CPU time against ");
  assert_lacks (a->why, "callbacks");
}

/* The trade-off compares like with like (it once set sync's median
 * stall against async's longest, 35.0 against 39.1 ms, and was printed
 * although async stalled longer): medians on both sides, and no line when
 * async does not stall the loop clearly less. */
static void
test_trade_off_like_with_like (void)
{
  g_autoptr(IbReport) report = fx_report_new (40);
  g_autoptr(IbAnswer) a = NULL;

  /* One async read stalls 39.1 ms, longer than any sync read: its median
   * stays 0.3 ms, and the line says the median. */
  for (guint i = 0; i < report->samples->len; i++)
    {
      IbSample *s = &g_array_index (report->samples, IbSample, i);

      if (g_str_equal (s->strategy, FX_ASYNC) && s->round == 2)
        s->stall_ns = 39100000;
    }
  ib_report_compute_statistics (report);
  a = ib_answer_compute (report);
  g_assert_cmpfloat (a->async_stall_max_ns, ==, 39100000);
  assert_contains (a->stall, ASYNC_TITLE " for 306 µs (");
  assert_lacks (a->stall, "39.1");
  assert_lacks (a->stall, "never");
  g_clear_pointer (&a, ib_answer_free);

  /* Async stalls as long as sync (its callbacks run as long as sync's
   * reads): no trade-off to state. */
  for (guint i = 0; i < report->samples->len; i++)
    {
      IbSample *s = &g_array_index (report->samples, IbSample, i);

      if (g_str_equal (s->strategy, FX_ASYNC))
        s->stall_ns = 10000000 + (s->round % 3) * 400000 - 400000;
    }
  ib_report_compute_statistics (report);
  a = ib_answer_compute (report);
  g_assert_cmpint (ib_answer_main (a)->verdict.verdict, ==, IB_VERDICT_A_FASTER);
  g_assert_true (a->has_stall);
  g_assert_null (a->stall);
  g_clear_pointer (&a, ib_answer_free);

  /* ... nor when it stalls longer */
  for (guint i = 0; i < report->samples->len; i++)
    {
      IbSample *s = &g_array_index (report->samples, IbSample, i);

      if (g_str_equal (s->strategy, FX_ASYNC))
        s->stall_ns = 35000000;
    }
  ib_report_compute_statistics (report);
  a = ib_answer_compute (report);
  g_assert_null (a->stall);
}

/* "Why:" only from causes beyond their own interval: page faults
 * that scatter around the same centre on both sides, and context switches
 * the slower side made fewer of, are not causes; the callbacks are. */
static void
test_why_only_beyond_interval (void)
{
  g_autoptr(IbReport) report = fx_report_new (40);
  g_autoptr(IbAnswer) a = NULL;
  static const gint64 scatter[] = { -300, 250, -100, 400, -200, 150, -50, 300, -350 };

  for (guint i = 0; i < report->samples->len; i++)
    {
      IbSample *s = &g_array_index (report->samples, IbSample, i);

      if (g_str_equal (s->strategy, FX_ASYNC))
        {
          /* far wider than the sync side's constant 769, centred on it */
          s->minflt = 768 + scatter[s->round % G_N_ELEMENTS (scatter)];
          s->vol_ctxsw = 5;
          s->cpu_ns = -1;
          s->user_ns = 1000;
          s->sys_ns = 1000;
        }
      if (g_str_equal (s->strategy, FX_SYNC))
        s->minflt = 768 + (s->round % 2 == 0 ? 100 : -100);
    }
  ib_report_compute_statistics (report);
  a = ib_answer_compute (report);
  g_assert_nonnull (a);
  g_assert_cmpint (ib_answer_main (a)->verdict.verdict, ==, IB_VERDICT_A_FASTER);
  g_assert_cmpstr (a->why, ==, "Why: per read of the file set (medians), " ASYNC_TITLE
                               " against " SYNC_TITLE ": 384 callbacks against 0; each "
                               "difference lies beyond its 95.99 % interval.");

  /* Nothing beyond its interval: no "Why:" at all. */
  for (guint i = 0; i < report->samples->len; i++)
    {
      IbSample *s = &g_array_index (report->samples, IbSample, i);

      s->callbacks = 0;
    }
  g_clear_pointer (&a, ib_answer_free);
  a = ib_answer_compute (report);
  g_assert_cmpint (ib_answer_main (a)->verdict.verdict, ==, IB_VERDICT_A_FASTER);
  g_assert_null (a->why);
}

static void
test_cannot_tell_apart (void)
{
  /* both centred on 10 ms, mirrored jitter: the interval contains 1 */
  g_autoptr(IbReport) report = fx_report_new (10);
  g_autoptr(IbAnswer) a = ib_answer_compute (report);

  g_assert_nonnull (a);
  g_assert_cmpint (ib_answer_main (a)->verdict.verdict, ==, IB_VERDICT_SAME);
  g_assert_cmpfloat (ib_answer_main (a)->verdict.ci_low, <=, 1);
  g_assert_cmpfloat (ib_answer_main (a)->verdict.ci_high, >=, 1);
  g_assert_true (g_str_has_prefix (a->headline, "Reading one file after another, sync and async cannot be told "
                                                "apart for whole-file reads here (ratio "));
  assert_contains (a->headline, "): " SYNC_TITLE " against " ASYNC_TITLE ".");
  assert_lacks (a->headline, "faster");
  /* No cause for a difference that was not found, although the sync side's
   * page faults (5,001 against 769) lie beyond their interval. */
  g_assert_null (a->why);
  {
    g_autoptr(IbAnswer) b = NULL;

    for (guint i = 0; i < report->samples->len; i++)
      {
        IbSample *s = &g_array_index (report->samples, IbSample, i);

        if (g_str_equal (s->strategy, FX_SYNC))
          s->minflt = 5000;
      }
    b = ib_answer_compute (report);
    g_assert_false (ib_verdict_is_clear (ib_answer_main (b)->verdict.verdict));
    g_assert_null (b->why);
  }
}

static void
test_too_few (void)
{
  g_autoptr(IbReport) report = fx_report_new (40);
  g_autoptr(IbAnswer) a = NULL;

  /* Keep two valid async samples (rounds 1 and 2): far apart, yet no verdict. */
  for (guint i = 0; i < report->samples->len; i++)
    {
      IbSample *s = &g_array_index (report->samples, IbSample, i);

      if (g_str_equal (s->strategy, FX_ASYNC) && s->round >= 3)
        s->ok = FALSE;
    }
  ib_report_compute_statistics (report);
  a = ib_answer_compute (report);

  g_assert_nonnull (a);
  g_assert_cmpint (ib_answer_main (a)->verdict.verdict, ==, IB_VERDICT_TOO_FEW);
  g_assert_cmpstr (a->headline, ==,
                   "Reading one file after another, too few samples to tell whether sync or "
                   "async is faster for whole-file reads here (cold cache): " SYNC_TITLE " has 8 valid samples and "
                   ASYNC_TITLE " 2, and a verdict needs at least 5 on each side; run more "
                   "repetitions.");
  assert_lacks (a->headline, "x faster");
}

/* A report of @ids, strategy k @factors[k] times the base times, @n samples
 * each (at most 7), warm cache. */
static IbReport *
factors_report (const char * const *ids,
                const double       *factors,
                guint               n_ids,
                guint               n)
{
  IbReport *report = fx_factors_report (ids, factors, n_ids, n);

  report->plan->cache = IB_CACHE_WARM;
  return report;
}

/* Who races, like with like: one file after another, serial sync against
 * serial GIO async; all files at once, sync on threads against parallel GIO
 * async; mmap and io_uring as references, one file after another. Once the
 * headline pitted the best sync (serial) against the best async (parallel):
 * it measured concurrency. And mmap is not sync (it maps, it does not read),
 * io_uring is not GIO's async. */
static void
test_families (void)
{
  static const char * const ids[] = {
    "sync-read-all", "async-read-all-serial", "async-read-all-parallel", "thread-pool-parallel",
    "mmap", "uring-read-all-serial", "uring-read-all-parallel",
  };
  /* the parallel ones fastest of all, yet never raced against serial sync */
  const double factors[] = { 1.0, 1.5, 0.3, 0.36, 0.5, 0.8, 0.2 };
  g_autoptr(IbReport) report = factors_report (ids, factors, G_N_ELEMENTS (ids), 7);
  g_autoptr(IbAnswer) a = ib_answer_compute (report);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree char *json = NULL;
  g_autofree char *text = NULL;
  JsonObject *answer;

  g_assert_nonnull (a);
  /* no line pits one file at a time against all at once */
  for (guint i = 0; i < a->n_lines; i++)
    g_assert_cmpint (ib_strategy_lookup (a->lines[i].a)->schedule, ==,
                     ib_strategy_lookup (a->lines[i].b)->schedule);
  g_assert_cmpstr (ib_answer_main (a)->info->id, ==, "serial");
  g_assert_cmpstr (ib_answer_main (a)->a, ==, "sync-read-all");
  g_assert_cmpstr (ib_answer_main (a)->b, ==, "async-read-all-serial");
  g_assert_cmpint (ib_answer_main (a)->verdict.verdict, ==, IB_VERDICT_A_FASTER);
  g_assert_true (g_str_has_prefix (a->headline, "Reading one file after another, sync is 1.5x "
                                                "faster than async for whole-file reads here ("));
  g_assert_cmpstr (ib_answer_line (a, "parallel")->a, ==, "thread-pool-parallel");
  g_assert_cmpstr (ib_answer_line (a, "parallel")->b, ==, "async-read-all-parallel");
  g_assert_cmpint (ib_answer_line (a, "parallel")->verdict.verdict, ==, IB_VERDICT_B_FASTER);
  g_assert_true (g_str_has_prefix (ib_answer_line (a, "parallel")->sentence,
                                   "Reading all files at once, async is 1.2x faster than sync "
                                   "on threads for whole-file reads here ("));
  g_assert_cmpstr (ib_answer_line (a, "mmap")->b, ==, "mmap");
  g_assert_cmpint (ib_answer_line (a, "mmap")->verdict.verdict, ==, IB_VERDICT_B_FASTER);
  assert_contains (ib_answer_line (a, "mmap")->sentence,
                   "Reading one file after another with a memory map (not counted as sync: it "
                   "maps the page cache instead of reading): Memory map is 2.0x faster than "
                   SYNC_TITLE " (");
  g_assert_cmpstr (ib_answer_line (a, "uring")->b, ==, "uring-read-all-serial");
  g_assert_cmpint (ib_answer_line (a, "uring")->verdict.verdict, ==, IB_VERDICT_B_FASTER);
  assert_contains (ib_answer_line (a, "uring")->sentence,
                   "Reading one file after another with the kernel’s own async I/O (not "
                   "counted as async above): io_uring single read (serial) is 1.2x faster than "
                   SYNC_TITLE " (");
  g_assert_null (a->caveat);
  assert_lacks (a->headline, "Caveat");
  text = ib_answer_to_text (a, "\n");
  assert_contains (text, ib_answer_line (a, "uring")->sentence);
  assert_contains (text, ib_answer_line (a, "mmap")->sentence);

  json = ib_test_to_json (report, NULL);
  g_assert_true (json_parser_load_from_data (parser, json, -1, NULL));
  answer = json_object_get_object_member (json_node_get_object (json_parser_get_root (parser)),
                                          "answer");
  /* Every line alike, wherever it is written: its sentence in the text and
   * in JSON, one JSON line each with the same verdict, and compared either
   * way round. */
  g_assert_cmpuint (a->n_lines, ==, 4);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (answer, "lines")), ==,
                    a->n_lines);
  for (guint i = 0; i < a->n_lines; i++)
    {
      const IbAnswerLine *line = &a->lines[i];
      JsonObject *o = json_line (answer, line->info->id);

      g_assert_true (g_str_has_suffix (line->sentence, "."));
      assert_contains (text, line->sentence);
      g_assert_cmpstr (json_object_get_string_member (o, "sentence"), ==, line->sentence);
      g_assert_cmpstr (json_object_get_string_member (o, "verdict"), ==,
                       ib_answer_verdict_name (line->verdict.verdict));
      g_assert_true (ib_answer_compares (a, line->a, line->b));
      g_assert_true (ib_answer_compares (a, line->b, line->a));
    }
  g_assert_false (ib_answer_compares (a, "mmap", "uring-read-all-serial"));
  g_assert_false (ib_answer_compares (a, "sync-read-all", "async-read-all-parallel"));
  g_assert_cmpstr (json_object_get_string_member (json_line (answer, "serial"), "a"), ==,
                   "sync-read-all");
  g_assert_cmpstr (json_object_get_string_member (json_line (answer, "uring"), "b"), ==,
                   "uring-read-all-serial");
  g_assert_cmpstr (json_object_get_string_member (json_line (answer, "parallel"), "a"), ==,
                   "thread-pool-parallel");
  g_assert_cmpstr (json_object_get_string_member (json_line (answer, "uring"), "verdict"), ==,
                   "async-faster");
  g_assert_cmpstr (json_object_get_string_member (json_line (answer, "mmap"), "b"), ==, "mmap");
  g_assert_cmpstr (json_object_get_string_member (json_line (answer, "uring"), "sentence"), ==,
                   ib_answer_line (a, "uring")->sentence);
  g_assert_true (json_object_get_null_member (answer, "caveat"));

  /* Two valid samples each: the same number said once. */
  {
    g_autoptr(IbReport) two = factors_report (ids, factors, 2, 2);
    g_autoptr(IbAnswer) b = ib_answer_compute (two);

    g_assert_nonnull (b);
    g_assert_cmpstr (b->headline, ==,
                     "Reading one file after another, too few samples to tell whether sync or "
                     "async is faster for whole-file reads here (warm cache): " SYNC_TITLE
                     " and Async single read (serial) have 2 valid samples each, and a verdict "
                     "needs at least 5; run more repetitions.");
    g_assert_null (ib_answer_line (b, "mmap"));
    g_assert_null (ib_answer_line (b, "uring"));
  }
}

/* Each decided line says each side's main-loop stall ("blocks the loop
 * for 40 ms against 3 ms"), the headline's once: by the trade-off when
 * there is one. */
static void
test_line_stalls (void)
{
  static const char * const ids[] = {
    "sync-read-all", "async-read-all-serial", "async-read-all-parallel", "thread-pool-parallel",
  };
  const double factors[] = { 1.0, 1.5, 0.3, 0.36 };
  g_autoptr(IbReport) report = factors_report (ids, factors, G_N_ELEMENTS (ids), 7);
  g_autoptr(IbAnswer) a = NULL;
  g_autoptr(IbAnswer) none = NULL;
  g_autofree char *text = NULL;
  const IbAnswerLine *parallel;

  for (guint i = 0; i < report->samples->len; i++)
    {
      IbSample *s = &g_array_index (report->samples, IbSample, i);

      s->responsive = TRUE;
      /* the serial sync read blocks the loop for all of it */
      s->stall_ns = g_str_equal (s->strategy, "sync-read-all") ? s->wall_ns
                    : g_str_equal (s->strategy, "thread-pool-parallel") ? 2000000 : 1000000;
    }
  ib_report_compute_statistics (report);
  a = ib_answer_compute (report);
  parallel = ib_answer_line (a, "parallel");
  g_assert_true (parallel->has_stall);
  g_assert_cmpfloat (parallel->a_stall_ns, ==, 2000000);
  g_assert_cmpstr (parallel->stall_sentence, ==,
                   "Thread pool (parallel) blocks the main loop for 2.00 ms per read against "
                   "1.00 ms for Async single read (parallel) (medians of each read’s longest "
                   "stall, in the survey).");
  /* the headline's: the trade-off says it, once */
  g_assert_nonnull (a->stall);
  g_assert_true (ib_answer_main (a)->has_stall);
  g_assert_null (ib_answer_main (a)->stall_sentence);
  text = ib_answer_to_text (a, "\n");
  assert_contains (text, parallel->stall_sentence);
  g_assert_null (strstr (strstr (text, "blocks the main loop for") + 1,
                         "Sync single read blocks the main loop for"));

  /* no stall data: no stall sentence */
  for (guint i = 0; i < report->samples->len; i++)
    g_array_index (report->samples, IbSample, i).responsive = FALSE;
  ib_report_compute_statistics (report);
  none = ib_answer_compute (report);
  g_assert_false (ib_answer_line (none, "parallel")->has_stall);
  g_assert_null (ib_answer_line (none, "parallel")->stall_sentence);
}

/* The validity warnings ride in the headline: a reader of the one line
 * cannot miss them. */
static void
test_caveats (void)
{
  g_autoptr(IbReport) report = fx_report_new (40);
  g_autoptr(IbAnswer) plain = ib_answer_compute (report);
  g_autoptr(IbAnswer) a = NULL;
  g_autoptr(IbAnswer) b = NULL;
  g_autoptr(IbAnswer) c = NULL;
  IbEnvironment *env = report->environment;

  /* the fixture leaves one async sample out: not cold */
  g_assert_nonnull (plain);
  g_assert_cmpuint (plain->n_excluded, ==, 1);
  g_assert_cmpstr (plain->caveat, ==, "1 sample was left out because the cache was not in the "
                                      "requested state");
  assert_contains (plain->headline, ". Caveat: 1 sample was left out because the cache was not "
                                    "in the requested state.");

  env->is_tmpfs = TRUE;
  env->is_fuse = TRUE;
  g_free (env->fs_type);
  env->fs_type = g_strdup ("fuse.sshfs");
  env->virtual_disk = g_strdup ("virtio");
  a = ib_answer_compute (report);
  g_assert_true (g_str_has_prefix (a->headline, "Reading one file after another, sync is 4.0x faster than async"));
  /* tmpfs first; no virtual disk under tmpfs: no disk at all */
  assert_contains (a->headline, ". Caveat: the files were on tmpfs, in memory, so no disk was "
                                "read; the files were on FUSE (fuse.sshfs), whose daemon is "
                                "measured too; 1 sample was left out");
  assert_lacks (a->headline, "virtual");

  env->is_tmpfs = FALSE;
  env->is_fuse = FALSE;
  b = ib_answer_compute (report);
  assert_contains (b->headline, "Caveat: the disk is a virtual one (virtio): the host may "
                                "still cache the files, so cold reads can be faster than the "
                                "disk; 1 sample");
  /* a warm cache reads the page cache, not the disk */
  report->plan->cache = IB_CACHE_WARM;
  c = ib_answer_compute (report);
  assert_lacks (c->headline, "virtual");
}

static void
test_threads_and_none (void)
{
  g_autoptr(IbReport) report = fx_report_new (40);
  g_autoptr(IbAnswer) a = NULL;
  g_autoptr(IbAnswer) none = NULL;
  IbStats *st;

  /* A thread strategy: relabel the third strategy's samples and recompute. */
  for (guint i = 0; i < report->samples->len; i++)
    {
      IbSample *s = &g_array_index (report->samples, IbSample, i);

      if (g_str_equal (s->strategy, FX_WEIRD))
        {
          g_free (s->strategy);
          s->strategy = g_strdup ("thread-pool-parallel");
        }
    }
  g_free (g_ptr_array_index (report->plan->strategies, 2));
  g_ptr_array_index (report->plan->strategies, 2) = g_strdup ("thread-pool-parallel");
  ib_report_compute_statistics (report);
  a = ib_answer_compute (report);
  g_assert_nonnull (a);
  /* threads alone: no parallel async to race them like with like, and
   * never against serial sync */
  g_assert_null (ib_answer_line (a, "parallel"));
  g_assert_false (ib_answer_compares (a, FX_SYNC, "thread-pool-parallel"));
  g_assert_cmpstr (ib_answer_main (a)->info->id, ==, "serial");

  /* No async strategy measured: no answer at all. */
  for (guint i = 0; i < report->statistics->len; i++)
    {
      st = &g_array_index (report->statistics, IbStats, i);
      if (g_str_equal (st->strategy, FX_ASYNC))
        st->n = 0;
    }
  none = ib_answer_compute (report);
  g_assert_null (none);
}

static void
test_json (void)
{
  g_autoptr(IbReport) report = fx_report_new (40);
  g_autoptr(IbAnswer) a = ib_answer_compute (report);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autoptr(IbReport) loaded = NULL;
  g_autoptr(IbReport) loaded_without = NULL;
  g_autoptr(IbReport) bad = NULL;
  g_autoptr(IbAnswer) b = NULL;
  g_autoptr(IbAnswer) c = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *json = NULL;
  g_autofree char *without = NULL;
  g_autofree char *wrong = NULL;
  JsonObject *root, *answer;

  json = ib_test_to_json (report, NULL);
  g_assert_true (json_parser_load_from_data (parser, json, -1, NULL));
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_true (json_object_has_member (root, "answer"));
  answer = json_object_get_object_member (root, "answer");
  g_assert_cmpstr (json_object_get_string_member (answer, "verdict"), ==, "sync-faster");
  g_assert_cmpstr (json_object_get_string_member (json_line (answer, "serial"), "a"), ==,
                   FX_SYNC);
  g_assert_cmpstr (json_object_get_string_member (json_line (answer, "serial"), "b"), ==,
                   FX_ASYNC);
  g_assert_cmpstr (json_object_get_string_member (answer, "cache"), ==, "cold");
  g_assert_cmpstr (json_object_get_string_member (answer, "headline"), ==, a->headline);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (json_line (answer,
                                                                            "serial"),
                                                                 "ratio"),
                                  ib_answer_main (a)->verdict.ratio, 1e-9);

  /* With it: loads, and the answer recomputed from the samples is the same. */
  loaded = ib_report_from_json (json, -1, &error);
  g_assert_no_error (error);
  b = ib_answer_compute (loaded);
  g_assert_nonnull (b);
  g_assert_cmpstr (b->headline, ==, a->headline);
  g_assert_cmpstr (b->why, ==, a->why);

  /* Without it (a report from before the answer): loads the same. */
  json_object_remove_member (root, "answer");
  json_generator_set_root (gen, json_parser_get_root (parser));
  without = json_generator_to_data (gen, NULL);
  g_assert_false (json_object_has_member (root, "answer"));
  g_assert_null (strstr (without, "\"answer\" : {"));
  loaded_without = ib_report_from_json (without, -1, &error);
  g_assert_no_error (error);
  c = ib_answer_compute (loaded_without);
  g_assert_nonnull (c);
  g_assert_cmpstr (c->headline, ==, a->headline);

  /* Not an object: refused, naming the member. */
  json_object_set_int_member (root, "answer", 3);
  wrong = json_generator_to_data (gen, NULL);
  bad = ib_report_from_json (wrong, -1, &error);
  g_assert_null (bad);
  g_assert_error (error, IB_ERROR, IB_ERROR_FORMAT);
  assert_contains (error->message, "answer");
}

static void
test_html_markdown (void)
{
  g_autoptr(IbReport) report = fx_report_new (40);
  g_autoptr(IbAnswer) a = ib_answer_compute (report);
  g_autoptr(GError) error = NULL;
  g_autofree char *html = ib_test_to_html (report, &error);
  g_autofree char *dir = ib_test_make_tmpdir ("answer-XXXXXX");
  g_autofree char *path = NULL;
  g_autofree char *md = NULL;
  g_autofree char *escaped = g_markup_escape_text (a->headline, -1);
  const char *answer, *findings;

  g_assert_no_error (error);
  answer = strstr (html, "<section id=\"answer\"");
  findings = strstr (html, "<section id=\"findings\"");
  g_assert_nonnull (answer);
  g_assert_nonnull (findings);
  g_assert_true (answer < findings);   /* top of the page */
  assert_contains (answer, "data-verdict=\"sync-faster\"><strong>");
  assert_contains (answer, escaped);
  /* the headline its own paragraph, the rest one item each */
  assert_contains (answer, "</strong></p>\n<ul>\n<li>The trade-off: ");
  g_assert_true (strstr (answer, "<li>The trade-off: ") < strstr (answer, "</section>"));
  /* charts sized in CSS pixels like their viewBox, not cairo's points (a
   * scaled-down chart drew ~100 px of blank above itself) */
  assert_contains (html, "<svg xmlns=\"http://www.w3.org/2000/svg\" "
                         "xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"960px\" ");
  assert_lacks (html, "pt\"");

  path = g_build_filename (dir, "r.md", NULL);
  g_assert_true (ib_test_save_markdown (report, path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &md, NULL, NULL));
  answer = strstr (md, "\n## The answer\n\n**Reading one file after another, sync is 4.0x "
                       "faster than async");
  g_assert_nonnull (answer);
  /* the headline on its own, the rest one line each */
  assert_contains (answer, ".**\n\n- The trade-off: ");
  g_assert_true (answer < strstr (md, "## Findings"));

  /* leave nothing behind: the Markdown and its chart folder */
  g_assert_true (ib_test_remove_tree (dir));
}

/* Renames the fixture's third strategy to @id (a thread, io_uring or mmap
 * strategy: a third line in the answer) and recomputes. */
static void
relabel_third (IbReport   *report,
               const char *id)
{
  for (guint i = 0; i < report->samples->len; i++)
    {
      IbSample *s = &g_array_index (report->samples, IbSample, i);

      if (g_str_equal (s->strategy, FX_WEIRD))
        {
          g_free (s->strategy);
          s->strategy = g_strdup (id);
        }
    }
  g_free (g_ptr_array_index (report->plan->strategies, 2));
  g_ptr_array_index (report->plan->strategies, 2) = g_strdup (id);
  ib_report_compute_statistics (report);
}

/* What the answer claims, each as the text that would repeat it: every
 * pair it races, either way round, and its trade-off's stall. */
static GPtrArray *
answer_claims (const IbReport *report,
               const IbAnswer *a)
{
  GPtrArray *claims = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < a->n_lines; i++)
    {
      const IbAnswerLine *line = &a->lines[i];
      IbRatio r;

      ib_report_ratio (report, line->a, report, line->b, &r);
      g_ptr_array_add (claims, ib_ratio_sentence (ib_strategy_title (line->a),
                                                  ib_strategy_title (line->b), &r));
      ib_report_ratio (report, line->b, report, line->a, &r);
      g_ptr_array_add (claims, ib_ratio_sentence (ib_strategy_title (line->b),
                                                  ib_strategy_title (line->a), &r));
    }
  if (a->stall != NULL)
    {
      /* "The trade-off: X blocks the main loop for 10 ms per read (...);" */
      const char *start = strstr (a->stall, ": ");
      const char *end = strchr (a->stall, ';');

      g_assert_nonnull (start);
      g_assert_nonnull (end);
      g_ptr_array_add (claims, g_strndup (start + 2, end - start - 2));
    }
  return claims;
}

static guint
count_of (const char *text,
          const char *part)
{
  guint n = 0;

  for (const char *p = strstr (text, part); p != NULL; p = strstr (p + 1, part))
    n++;
  return n;
}

/* Where the answer is shown, no finding says it again (the first
 * finding behind the answer was its headline verbatim, another its
 * trade-off); JSON keeps them, marked. */
static void
test_findings_do_not_repeat (void)
{
  const double centres[] = { 40, 10, 2.5 };
  const char *thirds[] = { NULL, "thread-pool-parallel", "uring-read-all-parallel", "mmap" };

  for (guint c = 0; c < G_N_ELEMENTS (centres); c++)
    for (guint t = 0; t < G_N_ELEMENTS (thirds); t++)
      {
        g_autoptr(IbReport) report = fx_report_new (centres[c]);
        g_autoptr(IbAnswer) a = NULL;
        g_autoptr(GPtrArray) claims = NULL;
        g_autoptr(GError) error = NULL;
        g_autoptr(IbReport) loaded = NULL;
        g_autoptr(GArray) findings = NULL;
        g_autoptr(GArray) loaded_findings = NULL;
        g_autofree char *html = NULL;
        g_autofree char *json = NULL;
        g_autofree char *dir = ib_test_make_tmpdir ("answer-XXXXXX");
        g_autofree char *path = NULL;
        g_autofree char *md = NULL;
        g_autofree char *text = NULL;
        guint n_covered = 0;

        g_assert_no_error (error);
        if (thirds[t] != NULL)
          relabel_third (report, thirds[t]);
        findings = fx_findings (report);
        a = ib_answer_compute (report);
        g_assert_nonnull (a);
        claims = answer_claims (report, a);
        g_assert_cmpuint (claims->len, >=, 2);

        for (guint i = 0; i < findings->len; i++)
          {
            const IbFinding *f = &g_array_index (findings, IbFinding, i);

            if (!ib_finding_is_shown (f))
              {
                n_covered++;
                continue;
              }
            for (guint k = 0; k < claims->len; k++)
              assert_lacks (f->text, g_ptr_array_index (claims, k));
          }
        /* the headline's comparison at least was a finding, now kept unshown */
        g_assert_cmpuint (n_covered, >=, 1);
        g_assert_cmpuint (ib_findings_n_shown (findings), ==, findings->len - n_covered);

        /* each renderer says each claim only where the answer does */
        text = ib_answer_to_text (a, " ");
        html = ib_test_to_html (report, &error);
        g_assert_no_error (error);
        path = g_build_filename (dir, "r.md", NULL);
        g_assert_true (ib_test_save_markdown (report, path, &error));
        g_assert_no_error (error);
        g_assert_true (g_file_get_contents (path, &md, NULL, NULL));
        for (guint k = 0; k < claims->len; k++)
          {
            const char *claim = g_ptr_array_index (claims, k);
            g_autofree char *escaped = g_markup_escape_text (claim, -1);
            g_auto(GStrv) parts = g_strsplit (claim, "_", -1);
            /* Markdown escapes the underscore of "io_uring" */
            g_autofree char *md_claim = g_strjoinv ("\\_", parts);

            g_assert_cmpuint (count_of (html, escaped), ==, count_of (text, claim));
            g_assert_cmpuint (count_of (md, md_claim), ==, count_of (text, claim));
          }

        /* JSON keeps every finding, the covered ones marked */
        json = ib_test_to_json (report, NULL);
        g_assert_cmpuint (count_of (json, "\"covered_by_answer\" : true"), ==, n_covered);
        loaded = ib_report_from_json (json, -1, &error);
        g_assert_no_error (error);
        loaded_findings = fx_findings (loaded);
        g_assert_cmpuint (loaded_findings->len, ==, findings->len);
        g_assert_cmpuint (ib_findings_n_shown (loaded_findings), ==, ib_findings_n_shown (findings));

        g_assert_true (ib_test_remove_tree (dir));
      }
}

/* An interval prints with digits that keep its ends apart: each
 * bound with its own precision, rounded outward, never a bound other than
 * 1 as "1", never a bound other than the estimate as the estimate. */
static void
test_ratio_ci_digits (void)
{
  static const struct { double ratio, low, high; const char *text; } cases[] = {
    { 5.3, 1.26, 22.3, "1.2-23" },          /* was "1-22": the ratio's precision */
    { 4.2, 3.9, 4.6, "3.9-4.6" },
    { 38, 30.4, 45.2, "30-46" },
    { 1.02, 1.004, 1.041, "1.004-1.05" },   /* "1.00" would touch 1 */
    { 0.8, 0.592, 1.003, "0.59-1.01" },     /* it holds 1: two decimals */
    { 10.3, 10.2, 10.4, "9-11" },           /* outward, the estimate "10" inside: never
                                             * "10-10" nor "10-11" */
    { 1.2, 1.15, 1.19, "1.1-1.3" },         /* "1.2" would print as the estimate */
    { 1.43, 1.42, 1.5, "1.3-1.5" },         /* never "1.4x (CI 1.42-1.5)" */
    { 0.5, 0.031, 0.72, "0.031-0.72" },
    { 2.5, 2.5, 2.5, "2.5-2.5" },           /* a point interval stays a point */
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = ib_format_ratio_ci (cases[i].ratio, cases[i].low, cases[i].high);

      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

/* Gives @report a decision phase whose headline line raced the fixture's
 * pair: @n pairs, the verdict and interval as given. */
static void
add_decision (IbReport        *report,
              IbPairedVerdict  verdict,
              guint            n,
              double           ratio,
              double           low,
              double           high,
              guint            more)
{
  IbDecisionLine line = { 0 };

  ib_decision_free (report->decision);
  report->decision = ib_decision_new ();
  report->decision->budget_s = 60;
  line.line = g_strdup (IB_DECISION_LINE_SERIAL);
  line.a = g_strdup (FX_SYNC);
  line.b = g_strdup (FX_ASYNC);
  line.pairs = g_array_new (FALSE, FALSE, sizeof (IbDecisionPair));
  for (guint i = 0; i < n; i++)
    {
      IbDecisionPair p = { 1000000, (gint64) (1000000 * ratio), i % 2 };

      g_array_append_val (line.pairs, p);
    }
  line.verdict = verdict;
  line.ratio = ratio;
  line.ci_low = low;
  line.ci_high = high;
  line.ci_level = 0.9875;
  line.more_pairs = more;
  line.n_looks = 4;
  g_array_append_val (report->decision->lines, line);
}

/* With a decision phase the headline is the pairs' verdict, not the
 * survey's (three verdicts, the answer's pair decided); the JSON
 * says which and keeps the pairs. The level printed is the whole
 * procedure's, 95 % over its 4 looks, not one look's 98.75 %. */
static void
test_decided_by_pairs (void)
{
  /* the survey cannot tell these apart */
  g_autoptr(IbReport) report = fx_report_new (10);
  g_autoptr(IbAnswer) eq = NULL;
  g_autoptr(IbAnswer) undecided = NULL;
  g_autoptr(IbAnswer) faster = NULL;
  g_autoptr(IbAnswer) none = NULL;
  g_autoptr(IbReport) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree char *json = NULL;
  const IbDecisionLine *line;
  JsonObject *answer;

  add_decision (report, IB_PAIRED_EQUIVALENT, 120, 1.02, 0.97, 1.06, 0);
  eq = ib_answer_compute (report);
  g_assert_true (ib_answer_main (eq)->verdict.paired);
  g_assert_cmpint (ib_answer_main (eq)->verdict.verdict, ==, IB_VERDICT_EQUIVALENT);
  g_assert_true (g_str_has_prefix (eq->headline, "Reading one file after another, sync and async are "
                                                 "equivalent within ±10 % for whole-file reads here (ratio 1.02, "
                                                 "95 % CI 0.97-1.06, cold cache, 120 pairs, "
                                                 "4 looks): " SYNC_TITLE " against "
                                                 ASYNC_TITLE "."));
  g_assert_null (eq->why);

  json = ib_test_to_json (report, NULL);
  g_assert_true (json_parser_load_from_data (parser, json, -1, NULL));
  answer = json_object_get_object_member (json_node_get_object (json_parser_get_root (parser)),
                                          "answer");
  g_assert_cmpstr (json_object_get_string_member (answer, "verdict"), ==, "equivalent");
  g_assert_cmpstr (json_object_get_string_member (answer, "decided_by"), ==, "pairs");
  loaded = ib_report_from_json (json, -1, &error);
  g_assert_no_error (error);
  g_assert_nonnull (loaded->decision);
  line = ib_report_decision_line (loaded, IB_DECISION_LINE_SERIAL);
  g_assert_nonnull (line);
  g_assert_cmpuint (line->pairs->len, ==, 120);
  g_assert_cmpuint (g_array_index (line->pairs, IbDecisionPair, 1).order, ==, 1);
  g_assert_cmpint (line->verdict, ==, IB_PAIRED_EQUIVALENT);
  g_assert_cmpfloat_with_epsilon (line->ci_high, 1.06, 1e-12);
  g_assert_cmpuint (loaded->decision->budget_s, ==, 60);

  add_decision (report, IB_PAIRED_UNDECIDED, 40, 1.05, 0.91, 1.21, 150);
  undecided = ib_answer_compute (report);
  g_assert_cmpint (ib_answer_main (undecided)->verdict.verdict, ==, IB_VERDICT_UNDECIDED);
  g_assert_false (ib_verdict_is_clear (ib_answer_main (undecided)->verdict.verdict));
  g_assert_true (g_str_has_prefix (undecided->headline, "Reading one file after another, "
                                                        "whether sync or async is faster for "
                                                        "whole-file reads here was not decided "
                                                        "within the budget (ratio 1.1, "));
  /* no "about N more pairs would decide it": that forecast was not
   * calibrated */
  assert_contains (undecided->headline, "95 % CI 0.91-1.3, cold cache, 40 pairs, 4 looks): ");
  assert_lacks (undecided->headline, "more");
  g_assert_null (undecided->why);

  add_decision (report, IB_PAIRED_A_FASTER, 30, 1.4, 1.2, 1.6, 0);
  faster = ib_answer_compute (report);
  g_assert_cmpint (ib_answer_main (faster)->verdict.verdict, ==, IB_VERDICT_A_FASTER);
  g_assert_true (g_str_has_prefix (faster->headline, "Reading one file after another, sync is "
                                                     "1.4x faster than async for whole-file "
                                                     "reads here (95 % CI 1.2-1.6, "
                                                     "cold cache, 30 pairs, 4 looks): " SYNC_TITLE
                                                     " against " ASYNC_TITLE "."));

  /* The pairs kept their CPU time (user + system): the decided line gives
   * its paired ratio beside the time's, in every writer's text. */
  {
    IbDecisionLine *l = &g_array_index (report->decision->lines, IbDecisionLine, 0);
    g_autoptr(IbAnswer) cpu = NULL;
    g_autofree char *text = NULL;

    g_assert_false (ib_answer_main (faster)->has_cpu);
    for (guint i = 0; i < l->pairs->len; i++)
      {
        IbDecisionPair *p = &g_array_index (l->pairs, IbDecisionPair, i);

        p->a_cpu_ns = 1000000 + 1000 * (i % 5);
        p->b_cpu_ns = 1100000 + 1000 * (i % 3);
      }
    cpu = ib_answer_compute (report);
    g_assert_true (ib_answer_main (cpu)->has_cpu);
    g_assert_cmpfloat_with_epsilon (ib_answer_main (cpu)->cpu.ratio, 1.1, 0.01);
    text = ib_answer_to_text (cpu, "\n");
    assert_contains (text, "\n" ASYNC_TITLE " used 1.1");
    assert_contains (text, "x the CPU time of " SYNC_TITLE " (user + system, ");
    assert_contains (text, "; 30 pairs).");
  }

  /* The pairs kept the machine's CPU counters (ib-answer-busy.c). */
  {
    IbDecisionLine *l = &g_array_index (report->decision->lines, IbDecisionLine, 0);
    g_autoptr(IbAnswer) calm = NULL;
    g_autoptr (IbAnswer) ticks = NULL;
    g_autoptr(IbAnswer) busy = NULL;
    g_autofree char *text = NULL;

    report->environment->cores = 2;
    /* A quiet machine, a strategy with 4 threads on its 2 cores: they keep
     * both busy and wait half their time for each other, and the machine's
     * counters show little more than the process's own CPU time: not busy. */
    for (guint i = 0; i < l->pairs->len; i++)
      {
        IbDecisionPair *p = &g_array_index (l->pairs, IbDecisionPair, i);

        p->a_ns = p->b_ns = 60 * 1000 * 1000;
        p->a_cpu_ns = p->b_cpu_ns = 2 * p->a_ns;
        p->a_wait_ns = p->b_wait_ns = p->a_ns / 2;
        p->a_wait_workers_ns = p->b_wait_workers_ns = 3 * p->a_ns;
        p->a_cpus_busy_ns = p->a_cpu_ns + p->a_ns / 20;
        p->b_cpus_busy_ns = p->b_cpu_ns;
      }
    calm = ib_answer_compute (report);
    g_assert_cmpfloat (calm->busy_share, ==, 0);
    g_assert_cmpuint (calm->busy_pairs, ==, 30);
    g_assert_null (calm->busy);

    /* Short pairs (2 ms): the counters step by 10 ms of a CPU, so on the
     * same quiet machine two pairs in five see a whole tick of "other
     * work"; summed into spans of IB_BUSY_MIN_SPAN_NS they are quiet. */
    for (guint i = 0; i < l->pairs->len; i++)
      {
        IbDecisionPair *p = &g_array_index (l->pairs, IbDecisionPair, i);

        p->a_ns = p->b_ns = 1000 * 1000;
        p->a_cpu_ns = p->b_cpu_ns = 2 * p->a_ns;
        p->a_cpus_busy_ns = i % 5 < 2 ? 10 * 1000 * 1000 : 0;
        p->b_cpus_busy_ns = 0;
      }
    ticks = ib_answer_compute (report);
    g_assert_cmpfloat (ticks->busy_share, ==, 0);
    g_assert_null (ticks->busy);

    /* Other work used 1.6 CPUs during a third of the pairs: busy. */
    for (guint i = 0; i < l->pairs->len; i++)
      {
        IbDecisionPair *p = &g_array_index (l->pairs, IbDecisionPair, i);

        p->a_ns = p->b_ns = 60 * 1000 * 1000;
        p->a_cpu_ns = p->b_cpu_ns = p->a_ns;
        p->a_wait_ns = p->b_wait_ns = 0;
        p->a_wait_workers_ns = p->b_wait_workers_ns = -1;
        p->a_cpus_busy_ns = p->b_cpus_busy_ns = p->a_cpu_ns + (i % 3 == 0 ? p->a_ns * 8 / 5 : 0);
      }
    busy = ib_answer_compute (report);
    g_assert_cmpfloat_with_epsilon (busy->busy_share, 10.0 / 30, 1e-9);
    g_assert_cmpfloat_with_epsilon (busy->busy_cores, 1.6, 1e-9);
    text = ib_answer_to_text (busy, "\n");
    assert_contains (text, "\nThe machine was busy: other work used about 1.6 of its 2 CPUs "
                           "during 33 % of the decision’s pairs (30 in all).");
    assert_contains (text, "more threads gets more of the busy CPUs.");
  }

  /* async faster: the ratio and interval turned round, async named first */
  add_decision (report, IB_PAIRED_B_FASTER, 30, 0.5, 0.4, 0.625, 0);
  g_clear_pointer (&faster, ib_answer_free);
  faster = ib_answer_compute (report);
  g_assert_cmpint (ib_answer_main (faster)->verdict.verdict, ==, IB_VERDICT_B_FASTER);
  g_assert_true (g_str_has_prefix (faster->headline, "Reading one file after another, async is "
                                                     "2.0x faster than sync for whole-file "
                                                     "reads here (95 % CI 1.6-2.5, "
                                                     "cold cache, 30 pairs, 4 looks): " ASYNC_TITLE
                                                     " against " SYNC_TITLE "."));

  add_decision (report, IB_PAIRED_NO_DATA, 0, 0, 0, 0, 0);
  none = ib_answer_compute (report);
  g_assert_cmpint (ib_answer_main (none)->verdict.verdict, ==, IB_VERDICT_UNDECIDED);
  assert_contains (none->headline, "was not decided: the budget left no time to measure");
}

/* The three verdicts in words, from the one function. */
static void
test_three_verdicts (void)
{
  IbPaired p = { 0 };
  IbVerdictInterval iv;
  g_autofree char *eq = NULL, *fast = NULL, *undecided = NULL, *none = NULL;

  p.verdict = IB_PAIRED_EQUIVALENT;
  p.n = 120;
  p.ratio = 1.02;
  p.ci_low = 0.97;
  p.ci_high = 1.06;
  p.ci_level = 0.95;
  p.margin = 0.10;
  g_assert_cmpint (ib_verdict_for_paired (&p, &iv), ==, IB_VERDICT_EQUIVALENT);
  g_assert_true (ib_verdict_is_decided (iv.verdict));
  g_assert_false (ib_verdict_is_clear (iv.verdict));
  eq = ib_verdict_text (&iv, "A", "B", IB_VERDICT_WORDING_FASTER_FIRST);
  g_assert_cmpstr (eq, ==, "A and B are equivalent within ±10 % (ratio 1.02, 95 % CI "
                           "0.97-1.06; 120 pairs)");

  p.verdict = IB_PAIRED_B_FASTER;
  p.ratio = 1 / 1.4;
  p.ci_low = 1 / 1.6;
  p.ci_high = 1 / 1.2;
  ib_verdict_for_paired (&p, &iv);
  fast = ib_verdict_text (&iv, "A", "B", IB_VERDICT_WORDING_FASTER_FIRST);
  g_assert_cmpstr (fast, ==, "B is 1.4x faster than A (95 % CI 1.2-1.6; 120 pairs)");

  p.verdict = IB_PAIRED_UNDECIDED;
  p.n = 40;
  p.ratio = 1.05;
  p.ci_low = 0.91;
  p.ci_high = 1.21;
  p.more_pairs = 150;
  ib_verdict_for_paired (&p, &iv);
  g_assert_false (ib_verdict_is_decided (iv.verdict));
  undecided = ib_verdict_text (&iv, "A", "B", IB_VERDICT_WORDING_FASTER_FIRST);
  g_assert_cmpstr (undecided, ==, "A against B: not decided within the budget (ratio 1.1, "
                                  "95 % CI 0.91-1.3; 40 pairs)");

  p.verdict = IB_PAIRED_NO_DATA;
  p.n = 0;
  ib_verdict_for_paired (&p, &iv);
  none = ib_verdict_text (&iv, "A", "B", IB_VERDICT_WORDING_FASTER_FIRST);
  g_assert_cmpstr (none, ==, "A against B: not decided within the budget (no time was left to "
                             "measure the pair)");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/report/answer/sync-wins", test_sync_wins);
  g_test_add_func ("/report/answer/async-wins", test_async_wins);
  g_test_add_func ("/report/answer/cannot-tell-apart", test_cannot_tell_apart);
  g_test_add_func ("/report/answer/too-few", test_too_few);
  g_test_add_func ("/report/answer/why-only-beyond-interval", test_why_only_beyond_interval);
  g_test_add_func ("/report/answer/trade-off-like-with-like", test_trade_off_like_with_like);
  g_test_add_func ("/report/answer/families", test_families);
  g_test_add_func ("/report/answer/line-stalls", test_line_stalls);
  g_test_add_func ("/report/answer/caveats", test_caveats);
  g_test_add_func ("/report/answer/threads-and-none", test_threads_and_none);
  g_test_add_func ("/report/answer/json", test_json);
  g_test_add_func ("/report/answer/decided-by-pairs", test_decided_by_pairs);
  g_test_add_func ("/report/answer/three-verdicts", test_three_verdicts);
  g_test_add_func ("/report/answer/html-markdown", test_html_markdown);
  g_test_add_func ("/report/answer/findings-do-not-repeat", test_findings_do_not_repeat);
  g_test_add_func ("/report/format/ratio-ci-digits", test_ratio_ci_digits);
  return g_test_run ();
}
