/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-presets.c: the three experiments and "quick" (docs/architecture.md,
 * "The experiments and the other workloads"). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "engine/model/ib-error.h"
#include "engine/model/ib-map.h"
#include "engine/plan/ib-presets.h"
#include "engine/io/ib-strategy.h"
#include "engine/workloads/ib-workloads.h"

#define MIB (G_GUINT64_CONSTANT (1) << 20)

static const IbPresetInfo presets[] = {
  { "quick",
    N_("Quick"),
    N_("The big-file reads at 1/16 scale, the small-file sweep, dispatch overhead and "
       "write+delete"),
    /* 76-87 s measured */
    NULL, 60, 90 },
  { "big-files",
    N_("Big files"),
    N_("Four files of 512 MiB, 1 GiB, 256 MiB and 512 MiB read by every strategy, 2 s apart "
       "(the Node.js big-file experiment)"),
    /* its budget (below), the files made and removed besides */
    "002_b180d2c87b9dc28f.txt", 900, 930 },
  { "small-files",
    N_("Small files"),
    N_("1, 2 and 100 files of 2,732 bytes of base64: sync one by one vs async all at once "
       "(the Node.js promises-vs-sync experiment)"),
    /* 3.3 s measured */
    "000_94fb2aa9acdf5041.txt", 3, 10 },
  { "dispatch-overhead",
    N_("Dispatch overhead"),
    N_("999,999 direct callbacks vs tasks, idles and thread hops (the promise-vs-callback "
       "overhead experiment)"),
    /* a repetition of the thread hops alone takes most of a minute; four */
    "001_5d89e2c812b12503.txt", 180, 300 },
  { "write-delete",
    N_("Write and delete"),
    N_("2,000 requests writing 4,096 random letters to a new file and deleting it, "
       "2,000 at once (the promise-vs-callback experiment’s I/O test)"),
    /* 1.9 s measured */
    "001_5d89e2c812b12503.txt", 2, 5 },
  { "map",
    N_("Size x count map"),
    N_("Files of 4 KiB to 16 MiB, 1 to 100 of them: sync against GIO async one after another "
       "and all at once, each cell decided within a shared 300 s"),
    /* the budget, and making about 1.7 GiB of files */
    NULL, 300, 320 },
};

const IbPresetInfo *
ib_presets (guint *n_presets)
{
  if (n_presets != NULL)
    *n_presets = G_N_ELEMENTS (presets);
  return presets;
}

/* The names the experiments' presets had before "seed" came to mean only
 * the random seed: still accepted (saved settings, old reports, scripts). */
static const struct
{
  const char *old_id;
  const char *id;
} aliases[] = {
  { "seed-big", "big-files" },
  { "seed-small", "small-files" },
  { "seed-overhead", "dispatch-overhead" },
  { "seed-write-unlink", "write-delete" },
};

const IbPresetInfo *
ib_preset_lookup (const char *id)
{
  g_return_val_if_fail (id != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (aliases); i++)
    if (g_str_equal (aliases[i].old_id, id))
      id = aliases[i].id;
  for (guint i = 0; i < G_N_ELEMENTS (presets); i++)
    if (g_str_equal (presets[i].id, id))
      return &presets[i];
  return NULL;
}

char *
ib_presets_default_dir (void)
{
  return g_build_filename (g_get_user_cache_dir (), "iobench", NULL);
}

static void
add_sizes (IbPlan        *plan,
           const guint64 *sizes,
           guint          n)
{
  g_array_set_size (plan->file_sizes, 0);
  g_array_append_vals (plan->file_sizes, sizes, n);
}

/* The twelve GLib strategies: sync, GIO async, threads and mmap. */
static void
add_all_strategies (GPtrArray *strategies)
{
  const IbStrategyInfo *infos;
  guint n = 0;

  g_ptr_array_set_size (strategies, 0);
  infos = ib_strategies (&n);
  for (guint i = 0; i < n; i++)
    if (infos[i].family != IB_FAMILY_URING)
      g_ptr_array_add (strategies, g_strdup (infos[i].id));
}

/* quick's survey: only what its answer needs. Each line of the answer
 * (engine/run/ib-decision.h) races the best of one group against the best
 * of another, so quick surveys two candidates of each group where it has
 * two, one big read and one stream: serial sync, serial and parallel GIO
 * async, sync reads on threads, and the references' mmap and serial
 * io_uring (where this build and kernel have it). Left out: the
 * load_contents calls, which on quick's 144 MiB took 50-200x a single read
 * (0.5-6 s against 10-80 ms), never won their group, and alone took about
 * 85 % of a survey round, so that a busy machine (load 6-11 on 2 cores)
 * ended the survey after 1-2 of its 5 rounds; the strategies no line races
 * (io_uring in parallel, the O_DIRECT variant). quick's small-files sweep
 * still reads with load_contents, and big-files surveys every strategy. */
static void
add_answer_candidates (GPtrArray *strategies)
{
  static const char *const ids[] = {
    "sync-read-all",           "sync-stream",
    "async-read-all-serial",   "async-stream-serial",
    "thread-pool-parallel",    "gtask-thread-parallel",
    "async-read-all-parallel", "async-stream-parallel",
    "mmap",                    "uring-read-all-serial",
  };

  g_ptr_array_set_size (strategies, 0);
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      const IbStrategyInfo *info = ib_strategy_lookup (ids[i]);

      if (info != NULL && ib_strategy_unavailable (info) == NULL)
        g_ptr_array_add (strategies, g_strdup (ids[i]));
    }
}

/* Seed 000: files of 2,048 random bytes written as base64 (2,732 bytes), read
 * 1, 2 and 100 at a time, readFileSync one by one vs readFile + Promise.all. */
static IbSweepSpec *
small_files_sweep (void)
{
  IbSweepSpec *spec = ib_sweep_spec_new ();
  static const guint64 counts[] = { 1, 2, 100 };

  spec->vary = IB_VARY_COUNT;
  g_array_append_vals (spec->values, counts, G_N_ELEMENTS (counts));
  g_ptr_array_add (spec->strategies, g_strdup ("sync-load-contents"));
  g_ptr_array_add (spec->strategies, g_strdup ("async-load-contents-parallel"));
  /* like with like for the small-files card (analysis/ib-answer-writes.h):
   * sync against GIO async, both one file after another */
  g_ptr_array_add (spec->strategies, g_strdup ("async-load-contents-serial"));
  spec->base_count = 1;
  spec->base_size = 2732;
  spec->content = IB_CONTENT_BASE64;
  return spec;
}

static IbWriteUnlinkSpec *
write_unlink_spec (guint requests,
                   guint concurrency)
{
  IbWriteUnlinkSpec *spec = g_new0 (IbWriteUnlinkSpec, 1);

  spec->requests = requests;
  spec->concurrency = concurrency;
  spec->bytes = 4096;
  /* Enough runs a mode for a verdict (ib-workloads.h). */
  spec->runs = IB_WRITE_UNLINK_DEFAULT_RUNS;
  return spec;
}

static IbOverheadSpec *
overhead_spec (guint64 iterations,
               guint   repeat,
               guint   warmup)
{
  IbOverheadSpec *spec = g_new0 (IbOverheadSpec, 1);

  spec->iterations = iterations;
  spec->repeat = repeat;
  spec->warmup = warmup;
  return spec;
}

/* Experiment 002: 512, 1024, 256, 512 MiB; the original forced a GC and
 * paused 2 s between tests. */
static void
big_files_plan (IbPlan *plan)
{
  const guint64 sizes[] = { 512 * MIB, 1024 * MIB, 256 * MIB, 512 * MIB };

  add_sizes (plan, sizes, G_N_ELEMENTS (sizes));
  add_all_strategies (plan->strategies);
  plan->pause_ms = 2000;
  /* 15 min all in, so that its answer is decided by fresh pairs
   * (ib-decision.h), not picked from the survey's samples. Why 900 s:
   * without a budget the whole run took 6-8 min on this project's
   * 2-core VM (37 % done after 150 s), a survey of about 400 s. A
   * budgeted survey is cut once half the budget is gone
   * (IB_SURVEY_MAX_SHARE), so the budget must be over 800 s for the
   * survey's 5 rounds to end whole on a quiet machine; 900 s leaves the
   * decision phase about 490 s. A pair reads 2.25 GiB twice, each after
   * the 2 s pause (a read took 0.6-10 s, test-eta.c's recorded run), so
   * 5-25 s a pair: some 20-100 pairs for its lines. `--budget 0` opts
   * out. */
  plan->budget_s = 900;
}

IbPlan *
ib_preset_plan (const char  *id,
                GError     **error)
{
  g_autoptr(IbPlan) plan = NULL;
  g_autofree char *dir = NULL;

  g_return_val_if_fail (id != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (ib_preset_lookup (id) != NULL)
    id = ib_preset_lookup (id)->id;
  else
    {
      g_autoptr(GString) known = g_string_new (NULL);

      for (guint i = 0; i < G_N_ELEMENTS (presets); i++)
        g_string_append_printf (known, "%s%s", i > 0 ? ", " : "", presets[i].id);
      g_set_error (error, IB_ERROR, IB_ERROR_INVALID,
                   _("Unknown preset “%s”; known presets are: %s"), id, known->str);
      return NULL;
    }

  plan = ib_plan_new ();
  plan->preset = g_strdup (id);
  dir = ib_presets_default_dir ();
  /* The default location is ours to make; a failure shows up later as a
   * clear "folder does not exist" error. */
  g_mkdir_with_parents (dir, 0700);
  plan->dir = g_steal_pointer (&dir);
  plan->content = IB_CONTENT_RANDOM;
  plan->repeat = 5;
  plan->warmup = 1;
  plan->cache = IB_CACHE_WARM;
  plan->pause_ms = 0;

  if (g_str_equal (id, "big-files"))
    big_files_plan (plan);
  else if (g_str_equal (id, "quick"))
    {
      /* big-files at 1/16, no pause, plus the other experiments, scaled down.
       * The overhead loops run 5 repetitions of 20,000 (no warm-up) so the
       * whole preset stays well under a minute on a 2-core machine (a thread
       * hop costs tens of µs): the same 100,000 operations as the 2
       * repetitions of 100,000 it ran before, which gave the promise-vs-
       * callback finding no interval to decide with (it needs 5 a side). */
      const guint64 sizes[] = { 32 * MIB, 64 * MIB, 16 * MIB, 32 * MIB };

      add_sizes (plan, sizes, G_N_ELEMENTS (sizes));
      add_answer_candidates (plan->strategies);
      plan->sweep = small_files_sweep ();
      plan->overhead = overhead_spec (20000, 5, 0);
      plan->write_unlink = write_unlink_spec (500, 500);
      /* 60 s all in: what the survey and the other experiments leave
       * decides the answer's pairs (ib-decision.h). */
      plan->budget_s = 60;
    }
  else if (g_str_equal (id, "small-files"))
    {
      plan->sweep = small_files_sweep ();
      plan->content = IB_CONTENT_BASE64;
      plan->repeat = 20;
    }
  else if (g_str_equal (id, "dispatch-overhead"))
    {
      /* 999,999 iterations as the experiment; 3 repetitions after 1 warm-up, since
       * one repetition of the thread hops alone takes most of a minute. */
      plan->overhead = overhead_spec (999999, 3, 1);
    }
  else if (g_str_equal (id, "write-delete"))
    {
      plan->write_unlink = write_unlink_spec (2000, 2000);
      plan->repeat = 1;
      plan->warmup = 0;
    }
  else if (g_str_equal (id, "map"))
    {
      /* the laptop defaults of `iobench-cli map` (IB_MAP_PRESET_*) */
      static const guint64 sizes[] = IB_MAP_PRESET_SIZES;
      static const guint64 counts[] = IB_MAP_PRESET_COUNTS;

      plan->map = ib_map_spec_new ();
      g_array_append_vals (plan->map->sizes, sizes, G_N_ELEMENTS (sizes));
      g_array_append_vals (plan->map->counts, counts, G_N_ELEMENTS (counts));
      plan->budget_s = IB_MAP_DEFAULT_BUDGET_S;
      plan->warmup = 0;
    }
  else
    g_assert_not_reached ();

  return g_steal_pointer (&plan);
}
