/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Parsing and validation of user input, preset plans, interleaving order and
 * sweep crossovers. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gstdio.h>

#include "engine/model/ib-error.h"
#include "engine/model/ib-format.h"
#include "engine/os/ib-os.h"
#include "engine/plan/ib-parse.h"
#include "engine/plan/ib-presets.h"
#include "engine/measure/ib-measure.h"
#include "engine/stats/ib-stats.h"
#include "engine/io/ib-strategy.h"
#include "engine/run/ib-decision.h"
#include "engine/run/ib-sweep.h"
#include "ib-test-common.h"

#define MIB (G_GUINT64_CONSTANT (1) << 20)

static char *cache_home;

static void
assert_size (const char *text,
             guint64     expected)
{
  g_autoptr(GError) error = NULL;
  guint64 v = 0;

  g_assert_true (ib_parse_size ("--size", text, 0, G_MAXUINT64, &v, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (v, ==, expected);
}

/* Fails with IB_ERROR_INVALID and a message containing every @needles. */
static void
assert_bad_size (const char *text,
                 guint64     min,
                 guint64     max,
                 const char *needle1,
                 const char *needle2)
{
  g_autoptr(GError) error = NULL;
  guint64 v = 12345;

  g_assert_false (ib_parse_size ("--size", text, min, max, &v, &error));
  g_assert_error (error, IB_ERROR, IB_ERROR_INVALID);
  g_assert_cmpuint (v, ==, 12345);
  g_assert_nonnull (strstr (error->message, "--size"));
  if (needle1 != NULL)
    g_assert_nonnull (strstr (error->message, needle1));
  if (needle2 != NULL)
    g_assert_nonnull (strstr (error->message, needle2));
}

static void
test_sizes_good (void)
{
  assert_size ("4096", 4096);
  assert_size ("640K", 640 * 1024);              /* 655,360 */
  /* 6.4 x 1,048,576 = 6,710,886.4 -> rounded to 6,710,886 */
  assert_size ("6.4M", 6710886);
  assert_size ("1G", G_GUINT64_CONSTANT (1073741824));
  assert_size ("512MiB", 512 * MIB);
  assert_size ("2KB", 2048);
  assert_size (" 1k ", 1024);
  assert_size ("0.5K", 512);
  assert_size ("1.5 M", 1572864);                /* 1.5 x 1,048,576 */
  assert_size ("100B", 100);
  assert_size ("18446744073709551615", G_MAXUINT64);
}

static void
test_sizes_bad (void)
{
  const char *shape = "K, M or G";

  assert_bad_size ("12Q", 0, G_MAXUINT64, "“12Q” is not a size", shape);
  assert_bad_size ("-1", 0, G_MAXUINT64, "“-1”", shape);
  assert_bad_size ("", 0, G_MAXUINT64, "is not a size", shape);
  assert_bad_size ("1e30", 0, G_MAXUINT64, "“1e30”", shape);
  assert_bad_size ("K", 0, G_MAXUINT64, "“K”", shape);
  assert_bad_size ("1.2.3", 0, G_MAXUINT64, "“1.2.3”", NULL);
  /* 2^64 does not fit */
  assert_bad_size ("18446744073709551616", 0, G_MAXUINT64, "too large", NULL);
  assert_bad_size ("20000000000G", 0, G_MAXUINT64, "too large", NULL);
  /* a fraction of a byte */
  assert_bad_size ("1.5", 0, G_MAXUINT64, "whole number of bytes", NULL);
  /* ranges name the limit */
  assert_bad_size ("128G", 1, IB_MAX_FILE_SIZE, "too large", "64 GiB");
  assert_bad_size ("0", 1, IB_MAX_FILE_SIZE, "too small", "1 B");
}

static void
test_uints (void)
{
  g_autoptr(GError) error = NULL;
  guint64 v = 0;

  g_assert_true (ib_parse_uint ("--repeat", "5", 1, 1000, &v, &error));
  g_assert_cmpuint (v, ==, 5);
  g_assert_true (ib_parse_uint ("--repeat", " 1000 ", 1, 1000, &v, &error));
  g_assert_cmpuint (v, ==, 1000);

  g_assert_false (ib_parse_uint ("--repeat", "0", 1, 1000, &v, &error));
  g_assert_error (error, IB_ERROR, IB_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "--repeat"));
  g_assert_nonnull (strstr (error->message, "minimum is 1"));
  g_clear_error (&error);

  g_assert_false (ib_parse_uint ("--repeat", "1001", 1, 1000, &v, &error));
  g_assert_nonnull (strstr (error->message, "maximum is 1000"));
  g_clear_error (&error);

  g_assert_false (ib_parse_uint ("--count", "-3", 1, 10, &v, &error));
  g_assert_nonnull (strstr (error->message, "“-3” is not a whole number"));
  g_clear_error (&error);
  g_assert_false (ib_parse_uint ("--count", "1.5", 1, 10, &v, &error));
  g_clear_error (&error);
  g_assert_false (ib_parse_uint ("--count", "", 1, 10, &v, &error));
  g_assert_nonnull (strstr (error->message, "--count"));
  g_clear_error (&error);
  g_assert_false (ib_parse_uint ("--count", "99999999999999999999999", 1, 10, &v, &error));
  g_assert_nonnull (strstr (error->message, "too large"));
  g_clear_error (&error);
}

static void
test_size_list (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) sizes = NULL;

  sizes = ib_parse_size_list ("--files", "512M,1G,256M,512M", 1, IB_MAX_FILE_SIZE, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (sizes->len, ==, 4);
  g_assert_cmpuint (g_array_index (sizes, guint64, 1), ==, 1024 * MIB);
  g_assert_cmpuint (g_array_index (sizes, guint64, 2), ==, 256 * MIB);

  g_assert_null (ib_parse_size_list ("--files", "1K,,2K", 1, IB_MAX_FILE_SIZE, &error));
  g_assert_error (error, IB_ERROR, IB_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_null (ib_parse_size_list ("--files", " ", 1, IB_MAX_FILE_SIZE, &error));
  g_assert_nonnull (strstr (error->message, "--files"));
  g_clear_error (&error);
  g_assert_null (ib_parse_size_list ("--files", "1K,12Q", 1, IB_MAX_FILE_SIZE, &error));
  g_assert_nonnull (strstr (error->message, "“12Q”"));
}

static void
test_strategy_list (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) ids = NULL;
  guint n = 0;

  ib_strategies (&n);
  g_assert_cmpuint (n, ==, 15);

  ids = ib_parse_strategy_list ("--strategies", "sync-load-contents, mmap", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ids->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (ids, 1), ==, "mmap");
  g_clear_pointer (&ids, g_ptr_array_unref);

  /* "all": every strategy that can run here */
  ids = ib_parse_strategy_list ("--strategies", "all", &error);
  g_assert_cmpuint (ids->len, ==,
                    n - 3 * (ib_strategy_unavailable (ib_strategy_lookup ("uring-read-all-serial"))
                             != NULL));
  g_clear_pointer (&ids, g_ptr_array_unref);

  g_assert_null (ib_parse_strategy_list ("--strategies", "foo,sync-load-contents,bar",
                                         &error));
  g_assert_error (error, IB_ERROR, IB_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "--strategies"));
  g_assert_nonnull (strstr (error->message, "“foo”"));
  g_assert_nonnull (strstr (error->message, "“bar”"));
  /* lists the valid ones */
  g_assert_nonnull (strstr (error->message, "sync-read-all"));
  g_assert_nonnull (strstr (error->message, "thread-pool-parallel"));
  g_clear_error (&error);

  g_assert_null (ib_parse_strategy_list ("--strategies", "mmap,mmap", &error));
  g_assert_nonnull (strstr (error->message, "twice"));
  g_clear_error (&error);
  g_assert_null (ib_parse_strategy_list ("--strategies", "", &error));
  g_clear_error (&error);
}

static void
test_format (void)
{
  const struct { guint64 bytes; const char *text; } sizes[] = {
    { 100, "100 B" }, { 2732, "2,732 B" }, { 655360, "640 KiB" }, { 512 * MIB, "512 MiB" },
    { 1024 * MIB, "1 GiB" }, { 64 * 1024 * MIB, "64 GiB" }, { 1, "1 B" },
    /* three significant digits, as the charts: big-files writes 2.25 GiB */
    { 2304 * MIB, "2.25 GiB" }, { 150 * MIB + 1, "150 MiB" }, { 1023 * MIB + 7, "1023 MiB" },
  };
  const struct { double ns; const char *text; } durations[] = {
    { 456, "456 ns" }, { 1234567, "1.23 ms" }, { 2.1e9, "2.10 s" }, { 999.9, "1.00 µs" },
    { 12345, "12.3 µs" }, { 150e9, "150 s" }, { 0, "0 ns" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autofree char *s = ib_format_size (sizes[i].bytes);

      g_assert_cmpstr (s, ==, sizes[i].text);
    }
  for (guint i = 0; i < G_N_ELEMENTS (durations); i++)
    {
      g_autofree char *s = ib_format_duration (durations[i].ns);

      g_assert_cmpstr (s, ==, durations[i].text);
    }
}

static IbPlan *
valid_plan (void)
{
  IbPlan *plan = ib_plan_new ();
  guint64 size = 4096;

  plan->dir = g_strdup ("/tmp");
  g_array_append_val (plan->file_sizes, size);
  g_ptr_array_add (plan->strategies, g_strdup ("sync-read-all"));
  return plan;
}

static void
assert_invalid (IbPlan     *plan,
                const char *needle)
{
  g_autoptr(GError) error = NULL;

  g_assert_false (ib_plan_validate (plan, &error));
  g_assert_error (error, IB_ERROR, IB_ERROR_INVALID);
  if (needle != NULL && strstr (error->message, needle) == NULL)
    g_error ("“%s” does not mention “%s”", error->message, needle);
  ib_plan_free (plan);
}

static void
test_validate (void)
{
  g_autoptr(GError) error = NULL;
  IbPlan *plan;
  guint64 zero = 0;
  guint64 one = 1;

  plan = valid_plan ();
  g_assert_true (ib_plan_validate (plan, &error));
  g_assert_no_error (error);
  ib_plan_free (plan);

  plan = valid_plan ();
  plan->repeat = 0;
  assert_invalid (plan, "Repeat");

  /* The decision phase's budget and margin */
  plan = valid_plan ();
  plan->budget_s = IB_MAX_BUDGET_S + 1;
  assert_invalid (plan, "Budget");
  plan = valid_plan ();
  plan->margin = 0.6;
  assert_invalid (plan, "Margin: 60 % is out of range; give 1 to 50");
  plan = valid_plan ();
  plan->margin = 0;
  assert_invalid (plan, "Margin");
  plan = valid_plan ();
  plan->budget_s = 60;
  plan->margin = 0.05;
  g_assert_true (ib_plan_validate (plan, &error));
  ib_plan_free (plan);

  plan = valid_plan ();
  plan->repeat = 1001;
  assert_invalid (plan, "1000");

  plan = valid_plan ();
  plan->warmup = IB_MAX_WARMUP + 1;
  assert_invalid (plan, "Warm-up");

  plan = valid_plan ();
  g_array_set_size (plan->file_sizes, 0);
  assert_invalid (plan, "Files");

  plan = valid_plan ();
  g_array_set_size (plan->file_sizes, IB_MAX_FILES + 1);
  assert_invalid (plan, "100000");

  plan = valid_plan ();
  g_array_append_val (plan->file_sizes, zero);
  assert_invalid (plan, "File size");

  plan = valid_plan ();
  g_ptr_array_add (plan->strategies, g_strdup ("nope"));
  assert_invalid (plan, "“nope”");

  plan = valid_plan ();
  g_ptr_array_set_size (plan->strategies, 0);
  assert_invalid (plan, "Strategies");

  plan = valid_plan ();
  g_clear_pointer (&plan->dir, g_free);
  assert_invalid (plan, "Folder");

  plan = valid_plan ();
  plan->chunk = IB_MAX_CHUNK + 1;
  assert_invalid (plan, "Chunk");

  plan = valid_plan ();
  plan->workers = IB_MAX_WORKERS + 1;
  assert_invalid (plan, "Workers");

  plan = valid_plan ();
  plan->in_flight = IB_MAX_IN_FLIGHT + 1;
  assert_invalid (plan, "In flight");

  plan = valid_plan ();
  plan->pause_ms = IB_MAX_PAUSE_MS + 1;
  assert_invalid (plan, "Pause");

  /* nothing to run */
  plan = valid_plan ();
  g_array_set_size (plan->file_sizes, 0);
  g_ptr_array_set_size (plan->strategies, 0);
  assert_invalid (plan, "nothing to run");

  /* sweep needs values and two strategies */
  plan = valid_plan ();
  plan->sweep = ib_sweep_spec_new ();
  g_ptr_array_add (plan->sweep->strategies, g_strdup ("mmap"));
  g_ptr_array_add (plan->sweep->strategies, g_strdup ("sync-stream"));
  assert_invalid (plan, "Sweep");

  plan = valid_plan ();
  plan->sweep = ib_sweep_spec_new ();
  g_array_append_val (plan->sweep->values, zero);
  g_ptr_array_add (plan->sweep->strategies, g_strdup ("mmap"));
  g_ptr_array_add (plan->sweep->strategies, g_strdup ("sync-stream"));
  assert_invalid (plan, "Sweep values");

  plan = valid_plan ();
  plan->sweep = ib_sweep_spec_new ();
  g_array_append_val (plan->sweep->values, one);
  g_ptr_array_add (plan->sweep->strategies, g_strdup ("mmap"));
  assert_invalid (plan, "at least 2");

  plan = valid_plan ();
  plan->overhead = g_new0 (IbOverheadSpec, 1);
  assert_invalid (plan, "Iterations");

  plan = valid_plan ();
  plan->write_unlink = g_new0 (IbWriteUnlinkSpec, 1);
  plan->write_unlink->requests = 10;
  plan->write_unlink->concurrency = 0;
  plan->write_unlink->bytes = 4096;
  assert_invalid (plan, "Concurrency");
}

static void
test_presets (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *expected_dir = g_build_filename (cache_home, "iobench", NULL);
  const IbPresetInfo *infos;
  guint n = 0;

  infos = ib_presets (&n);
  g_assert_cmpuint (n, ==, 6);
  g_assert_nonnull (ib_preset_lookup (IB_DEFAULT_PRESET));
  /* The experiments' old "seed-*" names still name them (saved settings,
   * old reports, scripts), and a plan made by an old name says the new one. */
  g_assert_cmpstr (ib_preset_lookup ("seed-big")->id, ==, "big-files");
  g_assert_cmpstr (ib_preset_lookup ("seed-small")->id, ==, "small-files");
  g_assert_cmpstr (ib_preset_lookup ("seed-overhead")->id, ==, "dispatch-overhead");
  g_assert_cmpstr (ib_preset_lookup ("seed-write-unlink")->id, ==, "write-delete");
  g_assert_null (ib_preset_lookup ("seed"));
  {
    g_autoptr(IbPlan) old = ib_preset_plan ("seed-small", &error);

    g_assert_no_error (error);
    g_assert_cmpstr (old->preset, ==, "small-files");
  }

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(IbPlan) plan = ib_preset_plan (infos[i].id, &error);

      g_assert_no_error (error);
      g_assert_cmpstr (plan->preset, ==, infos[i].id);
      g_assert_cmpstr (plan->dir, ==, expected_dir);
      g_assert_true (ib_plan_validate (plan, &error));
      g_assert_no_error (error);
      g_assert_nonnull (infos[i].description);
    }
  /* the default folder was made */
  g_assert_true (g_file_test (expected_dir, G_FILE_TEST_IS_DIR));

  {
    g_autoptr(IbPlan) big = ib_preset_plan ("big-files", &error);
    g_autoptr(IbPlan) quick = ib_preset_plan ("quick", &error);
    g_autoptr(IbPlan) small = ib_preset_plan ("small-files", &error);
    g_autoptr(IbPlan) overhead = ib_preset_plan ("dispatch-overhead", &error);
    g_autoptr(IbPlan) wu = ib_preset_plan ("write-delete", &error);

    /* experiment 002: 512 + 1024 + 256 + 512 = 2304 MiB, all 12 strategies, 2 s */
    g_assert_cmpuint (big->file_sizes->len, ==, 4);
    g_assert_cmpuint (g_array_index (big->file_sizes, guint64, 1), ==, 1024 * MIB);
    g_assert_cmpuint (ib_plan_total_bytes (big), ==, 2304 * MIB);
    g_assert_cmpuint (big->strategies->len, ==, 12);
    g_assert_cmpuint (big->pause_ms, ==, 2000);
    g_assert_cmpuint (big->repeat, ==, 5);
    g_assert_cmpuint (big->warmup, ==, 1);
    g_assert_true (big->cache == IB_CACHE_WARM);
    /* a decision phase for its answer: a budget past twice its survey's
     * ~400 s, so that the survey ends whole (ib-presets.c) */
    g_assert_cmpuint (big->budget_s, ==, 900);
    g_assert_cmpuint (big->budget_s * IB_SURVEY_MAX_SHARE, >, 400);

    /* quick: 1/16 of that = 144 MiB, no pause, plus the other experiments */
    g_assert_cmpuint (ib_plan_total_bytes (quick), ==, 144 * MIB);
    g_assert_cmpuint (g_array_index (quick->file_sizes, guint64, 0), ==, 32 * MIB);
    /* the answer's candidates, two a group (test-survey.c): nine, and
     * serial io_uring where this build and kernel have it */
    g_assert_cmpuint (quick->strategies->len, ==,
                      9 + (ib_strategy_unavailable (ib_strategy_lookup ("uring-read-all-serial"))
                           == NULL));
    g_assert_cmpuint (quick->pause_ms, ==, 0);
    g_assert_nonnull (quick->sweep);
    /* 5 repetitions of 20,000: an interval for the overhead verdicts */
    g_assert_cmpuint (quick->overhead->iterations, ==, 20000);
    g_assert_cmpuint (quick->overhead->repeat, ==, 5);
    /* 60 s all in, the decision phase's share what the rest leaves */
    g_assert_cmpuint (quick->budget_s, ==, 60);
    g_assert_cmpfloat (quick->margin, ==, 0.10);
    g_assert_cmpuint (quick->repeat, ==, 5);
    g_assert_cmpuint (quick->warmup, ==, 1);
    g_assert_cmpuint (quick->write_unlink->requests, ==, 500);
    g_assert_cmpuint (quick->write_unlink->concurrency, ==, 500);

    /* seed 000: 1, 2, 100 files of 2,732 base64 bytes; sync vs async parallel */
    g_assert_cmpuint (small->file_sizes->len, ==, 0);
    g_assert_cmpuint (small->repeat, ==, 20);
    g_assert_cmpuint (small->sweep->values->len, ==, 3);
    g_assert_cmpuint (g_array_index (small->sweep->values, guint64, 2), ==, 100);
    g_assert_cmpuint (small->sweep->base_size, ==, 2732);
    g_assert_true (small->sweep->content == IB_CONTENT_BASE64);
    g_assert_cmpstr (g_ptr_array_index (small->sweep->strategies, 0), ==, "sync-load-contents");
    g_assert_cmpstr (g_ptr_array_index (small->sweep->strategies, 1), ==,
                     "async-load-contents-parallel");

    /* seed 001 */
    g_assert_cmpuint (overhead->overhead->iterations, ==, 999999);
    g_assert_cmpuint (overhead->overhead->repeat, ==, 3);
    g_assert_cmpuint (overhead->overhead->warmup, ==, 1);
    g_assert_cmpuint (wu->write_unlink->requests, ==, 2000);
    g_assert_cmpuint (wu->write_unlink->concurrency, ==, 2000);
    g_assert_cmpuint (wu->write_unlink->bytes, ==, 4096);
  }

  g_assert_null (ib_preset_plan ("nope", &error));
  g_assert_error (error, IB_ERROR, IB_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "“nope”"));
  g_assert_nonnull (strstr (error->message, "big-files"));
}

static void
test_round_order (void)
{
  guint a[12], b[12], c[12];
  gboolean rounds_differ = FALSE;
  gboolean seeds_differ = FALSE;

  ib_measure_round_order (42, 0, a, 12);
  ib_measure_round_order (42, 0, b, 12);
  /* deterministic and a permutation */
  g_assert_cmpmem (a, sizeof a, b, sizeof b);
  for (guint i = 0; i < 12; i++)
    {
      gboolean seen = FALSE;

      for (guint j = 0; j < 12; j++)
        seen |= a[j] == i;
      g_assert_true (seen);
    }
  /* another round and another seed give other orders (12! orders: a tie
   * in all of five rounds would be astronomically unlikely) */
  for (guint r = 1; r <= 5; r++)
    {
      ib_measure_round_order (42, r, c, 12);
      rounds_differ |= memcmp (a, c, sizeof a) != 0;
      ib_measure_round_order (43 + r, 0, c, 12);
      seeds_differ |= memcmp (a, c, sizeof a) != 0;
    }
  g_assert_true (rounds_differ);
  g_assert_true (seeds_differ);

  ib_measure_round_order (1, 0, c, 1);
  g_assert_cmpuint (c[0], ==, 0);
}

static void
add_point (IbSweep    *sweep,
           guint64     value,
           const char *strategy,
           double      median,
           double      half_width)
{
  IbSweepPoint p = { 0 };

  p.value = value;
  p.strategy = g_strdup (strategy);
  p.median_ns = median;
  p.ci_low_ns = median - half_width;
  p.ci_high_ns = median + half_width;
  p.n = 10;
  p.ci_level = 0.978515625;   /* the order-statistic interval's at n = 10 */
  g_array_append_val (sweep->points, p);
}

static void
test_crossover (void)
{
  IbSweep *flip = ib_sweep_new ();
  IbSweep *overlap = ib_sweep_new ();
  IbSweep *late = ib_sweep_new ();

  /* sync is clearly faster at 1 and 2 files, async clearly at 100. */
  flip->vary = IB_VARY_COUNT;
  add_point (flip, 1, "sync-load-contents", 10, 1);
  add_point (flip, 1, "async-load-contents-parallel", 50, 2);
  add_point (flip, 2, "sync-load-contents", 20, 1);
  add_point (flip, 2, "async-load-contents-parallel", 60, 2);
  add_point (flip, 100, "sync-load-contents", 1000, 10);
  add_point (flip, 100, "async-load-contents-parallel", 500, 10);
  ib_sweep_find_crossover (flip);
  g_assert_true (flip->has_crossover);
  g_assert_cmpuint (flip->crossover_value, ==, 100);
  g_assert_cmpstr (flip->crossover_winner, ==, "async-load-contents-parallel");
  g_assert_cmpstr (flip->crossover_loser, ==, "sync-load-contents");

  /* The same flip with 4 valid samples at 100 files: too few to tell, no
   * crossover. */
  for (guint i = 0; i < flip->points->len; i++)
    if (g_array_index (flip->points, IbSweepPoint, i).value == 100)
      g_array_index (flip->points, IbSweepPoint, i).n = IB_VERDICT_MIN_SAMPLES - 1;
  ib_sweep_find_crossover (flip);
  g_assert_false (flip->has_crossover);

  /* At 100 the medians flip but the CIs overlap: no crossover. */
  overlap->vary = IB_VARY_COUNT;
  add_point (overlap, 1, "a", 10, 1);
  add_point (overlap, 1, "b", 50, 2);
  add_point (overlap, 100, "a", 510, 20);
  add_point (overlap, 100, "b", 500, 20);
  ib_sweep_find_crossover (overlap);
  g_assert_false (overlap->has_crossover);
  g_assert_null (overlap->crossover_winner);
  g_assert_null (overlap->crossover_loser);

  /* Unclear at 4 KiB, a faster at 64 KiB, b faster from 1 MiB. */
  late->vary = IB_VARY_SIZE;
  add_point (late, 1048576, "a", 900, 10);
  add_point (late, 1048576, "b", 300, 10);
  add_point (late, 4096, "a", 10, 5);
  add_point (late, 4096, "b", 11, 5);
  add_point (late, 65536, "a", 100, 5);
  add_point (late, 65536, "b", 200, 5);
  ib_sweep_find_crossover (late);
  g_assert_true (late->has_crossover);
  g_assert_cmpuint (late->crossover_value, ==, 1048576);
  g_assert_cmpstr (late->crossover_winner, ==, "b");
  g_assert_cmpstr (late->crossover_loser, ==, "a");

  ib_sweep_free (flip);
  ib_sweep_free (overlap);
  ib_sweep_free (late);
}

static void
test_on_off (void)
{
  g_autoptr(GError) error = NULL;
  gboolean v = FALSE;

  g_assert_true (ib_parse_on_off ("--responsiveness", " ON ", &v, &error));
  g_assert_no_error (error);
  g_assert_true (v);
  g_assert_true (ib_parse_on_off ("--responsiveness", "off", &v, &error));
  g_assert_false (v);
  v = TRUE;
  g_assert_false (ib_parse_on_off ("--responsiveness", "maybe", &v, &error));
  g_assert_error (error, IB_ERROR, IB_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "--responsiveness"));
  g_assert_nonnull (strstr (error->message, "“maybe”"));
  g_assert_true (v);   /* untouched on error */
  g_clear_error (&error);
  g_assert_false (ib_parse_on_off ("--responsiveness", NULL, &v, &error));
  g_assert_error (error, IB_ERROR, IB_ERROR_INVALID);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *tmp = NULL;
  g_autofree char *made = NULL;
  int ret;

  /* Presets make their default folder under the user cache dir: point it at
   * a fresh temporary folder before GLib reads the environment. */
  tmp = ib_test_make_tmpdir ("iobench-test-parse-XXXXXX");
  cache_home = g_build_filename (tmp, "cache", NULL);
  g_setenv ("XDG_CACHE_HOME", cache_home, TRUE);

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/parse/size/good", test_sizes_good);
  g_test_add_func ("/parse/size/bad", test_sizes_bad);
  g_test_add_func ("/parse/uint", test_uints);
  g_test_add_func ("/parse/on-off", test_on_off);
  g_test_add_func ("/parse/size-list", test_size_list);
  g_test_add_func ("/parse/strategies", test_strategy_list);
  g_test_add_func ("/parse/format", test_format);
  g_test_add_func ("/parse/validate", test_validate);
  g_test_add_func ("/presets/plans", test_presets);
  g_test_add_func ("/runner/round-order", test_round_order);
  g_test_add_func ("/sweep/crossover", test_crossover);

  ret = g_test_run ();

  made = g_build_filename (cache_home, "iobench", NULL);
  g_rmdir (made);
  g_rmdir (cache_home);
  g_rmdir (tmp);
  g_free (cache_home);
  return ret;
}
