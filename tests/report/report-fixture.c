/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include "analysis/ib-answer.h"
#include "analysis/ib-findings.h"
#include "engine/stats/ib-stats.h"
#include "report-fixture.h"

static void
add_sample (IbReport   *report,
            const char *strategy,
            guint       round,
            gboolean    warmup,
            gint64      wall_ns,
            double      residency,
            gboolean    ok,
            const char *error)
{
  IbSample s = { 0, };

  s.strategy = g_strdup (strategy);
  s.round = round;
  s.warmup = warmup;
  s.wall_ns = wall_ns;
  s.user_ns = wall_ns / 3;
  s.sys_ns = wall_ns / 2 + 7;
  s.cpu_ns = s.user_ns + s.sys_ns + 11;
  s.bytes = 3 * 1024 * 1024;
  s.files = 3;
  s.residency = residency;
  s.cache_ok = residency != 0.5;
  s.vol_ctxsw = 100 + round;
  s.invol_ctxsw = 3;
  s.minflt = 768;
  s.majflt = 1;
  s.callbacks = g_str_has_prefix (strategy, "async-") ? 384 : 0;
  s.peak_rss_bytes = G_GUINT64_CONSTANT (123456789012);
  s.chunk = 65536;
  s.verify_ns = 1000 + round;
  s.max_in_flight = 3;
  /* Waiting for a CPU: the warm-ups contended (so no statistic changes);
   * the sync strategy's workers unknown (a system that could not say). */
  s.runq_wait_ns = warmup ? wall_ns / 4 : wall_ns / 50;
  s.contended = warmup;
  s.runq_wait_workers_ns = g_str_equal (strategy, FX_SYNC) ? -1 : 12345 + (gint64) round;
  s.cpus_busy_ns = -1; /* the machine's counters: none (as before they were read) */
  s.settle_ns = 20000000 + round;
  s.ok = ok;
  s.error = g_strdup (error);
  /* Main-loop tick: the sync read stalls for all of it, the async one for
   * a fraction of a ms; the third strategy has no tick (an older report). */
  if (g_str_equal (strategy, FX_SYNC))
    {
      s.responsive = TRUE;
      s.stall_ns = wall_ns;
      s.lateness_p99_ns = wall_ns;
      /* expected over a random vsync phase: one gap of the whole read */
      s.frames_missed_60 = MAX (0.0, wall_ns / 16666667.0 - 1);
      s.frames_missed_120 = MAX (0.0, wall_ns / 8333333.0 - 1);
    }
  else if (g_str_equal (strategy, FX_ASYNC))
    {
      s.responsive = TRUE;
      s.stall_ns = 300000 + round * 1000;
      s.lateness_p99_ns = 250000;
    }
  g_array_append_val (report->samples, s);
}

IbReport *
fx_report_new (double async_ms)
{
  IbReport *report = ib_report_new ();
  IbPlan *plan = report->plan;
  IbEnvironment *env = report->environment;
  static const guint64 sizes[] = { 1048576, 2097152, 1 };
  static const double jitter[] = { -0.5, 0.25, 0, 0.5, -0.25, 0.1, -0.1, 0.4 };
  IbOverheadRow row = { 0, };
  IbWriteUnlinkMode mode = { 0, };
  IbSweepPoint point = { 0, };
  guint64 values[] = { 1, 10, 100 };

  plan->preset = g_strdup ("quick");
  plan->dir = g_strdup ("/tmp/a dir, with \"quotes\"");
  g_array_append_vals (plan->file_sizes, sizes, G_N_ELEMENTS (sizes));
  plan->content = IB_CONTENT_BASE64;
  g_ptr_array_add (plan->strategies, g_strdup (FX_SYNC));
  g_ptr_array_add (plan->strategies, g_strdup (FX_ASYNC));
  g_ptr_array_add (plan->strategies, g_strdup (FX_WEIRD));
  plan->repeat = 8;
  plan->warmup = 1;
  plan->cache = IB_CACHE_COLD;
  plan->chunk = 65536;
  plan->workers = 2;
  plan->in_flight = 16;
  plan->buffer = IB_BUFFER_REUSED;
  plan->verify = TRUE;
  plan->fsync = TRUE;
  plan->seed = G_GUINT64_CONSTANT (18446744073709551557); /* above G_MAXINT64 */
  plan->pause_ms = 20;
  plan->sweep = ib_sweep_spec_new ();
  g_array_append_vals (plan->sweep->values, values, G_N_ELEMENTS (values));
  g_ptr_array_add (plan->sweep->strategies, g_strdup ("sync-load-contents"));
  g_ptr_array_add (plan->sweep->strategies, g_strdup (FX_ASYNC));
  plan->overhead = g_new0 (IbOverheadSpec, 1);
  plan->overhead->iterations = 999999;
  plan->write_unlink = g_new0 (IbWriteUnlinkSpec, 1);
  plan->write_unlink->requests = 2000;
  plan->write_unlink->concurrency = 2000;
  plan->write_unlink->bytes = 4096;

  env->os = g_strdup ("Debian GNU/Linux 12 (bookworm)");
  env->kernel = g_strdup ("6.1.0-13-amd64");
  env->cpu_model = g_strdup ("Intel(R) Core(TM) i5-8259U CPU @ 2.30GHz");
  env->cores = 2;
  env->memory_bytes = G_GUINT64_CONSTANT (8589934592);
  env->glib_version = g_strdup ("2.74.6");
  env->gtk_version = NULL;
  env->adw_version = g_strdup ("1.2.2");
  env->fs_type = g_strdup ("ext4");
  env->mount_options = g_strdup ("rw,relatime,errors=remount-ro");
  env->device = g_strdup ("/dev/nvme0n1p2");
  env->device_model = NULL;
  env->rotational = 0;
  env->free_bytes = G_GUINT64_CONSTANT (107374182400);
  env->is_tmpfs = FALSE;
  env->is_fuse = FALSE;
  env->gtask_pool_size = 10;
  env->nofile_limit = 524288;
  env->app_version = g_strdup ("0.1.0");
  env->hostname = g_strdup ("bench<host>");

  for (guint round = 0; round < 1 + plan->repeat; round++)
    {
      gboolean warmup = round < plan->warmup;
      double j = jitter[round % G_N_ELEMENTS (jitter)];

      add_sample (report, FX_SYNC, round, warmup, (gint64) ((10 + j) * 1e6) + 1,
                  round == 3 ? -1 : 0.0, TRUE, NULL);
      add_sample (report, FX_ASYNC, round, warmup, (gint64) ((async_ms - j) * 1e6) + 3,
                  round == 4 ? 0.5 : 1.0 / 3.0, TRUE, NULL);
      add_sample (report, FX_WEIRD, round, warmup, (gint64) ((20 + j) * 1e6),
                  0.0, round != 5, round == 5 ? "read failed: a, \"b\"\nnext line" : NULL);
    }
  ib_report_compute_statistics (report);

  row.kind = g_strdup ("direct");
  row.iterations = 999999;
  row.repeat = 5;
  row.ns_per_op = 2.5;
  row.ci_low_ns = 2.25;
  row.ci_high_ns = 2.75;
  row.ratio_to_direct = 1;
  g_array_append_val (report->overhead, row);
  row.kind = g_strdup ("gtask");
  row.ns_per_op = 95.1;
  row.ci_low_ns = 90.3;
  row.ci_high_ns = 99.7;
  row.ratio_to_direct = 95.1 / 2.5;
  g_array_append_val (report->overhead, row);
  row.kind = g_strdup ("thread");
  row.ns_per_op = 4100.5;
  row.ci_low_ns = 4000;
  row.ci_high_ns = 4200;
  row.ratio_to_direct = 4100.5 / 2.5;
  g_array_append_val (report->overhead, row);

  report->write_unlink = ib_write_unlink_new ();
  report->write_unlink->requests = 2000;
  report->write_unlink->concurrency = 2000;
  report->write_unlink->effective_concurrency = 1000;
  report->write_unlink->bytes = 4096;
  for (guint m = 0; m < 2; m++)
    {
      mode.mode = g_strdup (m == 0 ? "sync-serial" : "async-gio");
      mode.requests_per_s = m == 0 ? 20000.5 : 9000.25;
      mode.total_ns = m == 0 ? 100000000 : 222222222;
      mode.failed = m;
      mode.max_in_flight = m == 0 ? 1 : 1000;
      for (guint p = 0; p < IB_N_PERCENTILES; p++)
        mode.percentiles_ns[p] = (gint64) ((m + 1) * 50000 * (p + 1));
      /* the sync server blocks its loop for the whole mode; the async one
       * has no tick data (an older report) */
      mode.responsive = m == 0;
      mode.stall_ns = m == 0 ? 100000000 : 0;
      mode.lateness_p99_ns = m == 0 ? 100000000 : 0;
      mode.frames_missed_60 = m == 0 ? 5.0 : 0;
      g_array_append_val (report->write_unlink->modes, mode);
    }

  report->sweep = ib_sweep_new ();
  report->sweep->vary = IB_VARY_COUNT;
  for (guint v = 0; v < G_N_ELEMENTS (values); v++)
    {
      /* sync costs 1 ms per file, async 5 ms + 0.1 ms per file: async
       * overtakes between 1 and 10 files. */
      double sync = 1e6 * values[v];
      double async = 5e6 + 1e5 * values[v];

      point.value = values[v];
      point.n = plan->repeat;
      /* 8 samples: [min, max], 1 - 2 / 2^8 */
      point.ci_level = 0.9921875;
      point.strategy = g_strdup ("sync-load-contents");
      point.median_ns = sync;
      point.ci_low_ns = sync * 0.95;
      point.ci_high_ns = sync * 1.05;
      point.responsive = TRUE;
      point.stall_ns = sync;
      g_array_append_val (report->sweep->points, point);
      point.responsive = v > 0;   /* one point without tick data */
      point.stall_ns = v > 0 ? 250000.5 : 0;
      point.strategy = g_strdup (FX_ASYNC);
      point.median_ns = async;
      point.ci_low_ns = async * 0.95;
      point.ci_high_ns = async * 1.05;
      g_array_append_val (report->sweep->points, point);
    }
  report->sweep->has_crossover = TRUE;
  report->sweep->crossover_value = 10;
  report->sweep->crossover_winner = g_strdup (FX_ASYNC);
  report->sweep->crossover_loser = g_strdup ("sync-load-contents");

  /* A warning as a run saves it (a key and values, worded when shown) and
   * one as older reports saved it (a sentence, shown as stored). */
  ib_report_add_warning (report, ib_warning_new (IB_WARN_COLD_TMPFS, "s", "/tmp/<tmpfs> & co"));
  ib_report_add_warning (report, ib_warning_new_text ("second warning, with a comma"));
  g_free (report->created);
  report->created = g_strdup ("2026-11-29T23:00:00.123456Z");
  report->partial = TRUE;
  report->error = g_strdup ("cancelled by the user");
  return report;
}

GArray *
fx_findings (const IbReport *report)
{
  g_autoptr(IbAnswer) answer = ib_answer_compute (report);

  return ib_findings_compute (report, answer);
}

IbReport *
fx_factors_report (const char *const *ids,
                   const double      *factors,
                   guint              n_ids,
                   guint              n)
{
  static const double base[] = { 100, 103, 98, 101, 99, 102, 100.5 };
  IbReport *report = ib_report_new ();

  g_assert_cmpuint (n, <=, G_N_ELEMENTS (base));
  for (guint k = 0; k < n_ids; k++)
    g_ptr_array_add (report->plan->strategies, g_strdup (ids[k]));
  for (guint i = 0; i < n; i++)
    for (guint k = 0; k < n_ids; k++)
      {
        IbSample s = { 0 };

        s.strategy = g_strdup (ids[k]);
        s.round = i;
        s.wall_ns = (gint64) (base[i] * 1e6 * factors[k]);
        s.bytes = 64 * 1024 * 1024;
        s.files = 4;
        s.residency = 1;
        s.cache_ok = TRUE;
        s.ok = TRUE;
        g_array_append_val (report->samples, s);
      }
  ib_report_compute_statistics (report);
  return report;
}

static void
rename_in (char      **s,
           const char *from,
           const char *to)
{
  if (*s != NULL && g_str_equal (*s, from))
    {
      g_free (*s);
      *s = g_strdup (to);
    }
}

IbReport *
fx_hostile_report (const char *text)
{
  IbReport *report = fx_report_new (40);
  IbSample *failed = NULL;

  for (guint i = 0; i < report->plan->strategies->len; i++)
    rename_in ((char **) &report->plan->strategies->pdata[i], FX_WEIRD, text);
  for (guint i = 0; i < report->samples->len; i++)
    {
      IbSample *s = &g_array_index (report->samples, IbSample, i);

      rename_in (&s->strategy, FX_WEIRD, text);
      if (!s->ok)
        failed = s;
    }
  for (guint i = 0; i < report->statistics->len; i++)
    rename_in (&g_array_index (report->statistics, IbStats, i).strategy, FX_WEIRD, text);
  g_assert_nonnull (failed);
  if (failed != NULL)
    {
      g_free (failed->error);
      failed->error = g_strdup (text);
    }
  g_free (report->environment->hostname);
  report->environment->hostname = g_strdup (text);
  g_free (report->error);
  report->error = g_strdup (text);
  ib_report_add_warning (report, ib_warning_new (IB_WARN_WARM_ERROR, "s", text));
  ib_report_add_warning (report, ib_warning_new_text (text));
  return report;
}
