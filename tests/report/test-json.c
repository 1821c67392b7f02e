/* SPDX-License-Identifier: GPL-3.0-or-later */
/* JSON report: lossless round trip, and clean errors for every bad input. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "engine/model/ib-error.h"
#include "engine/stats/ib-stats.h"
#include "analysis/ib-findings.h"
#include "report/ib-report-io.h"
#include "report-fixture.h"
#include "ib-test-writers.h"
#include "ib-test-common.h"

static void
assert_samples_equal (const IbSample *a,
                      const IbSample *b)
{
  g_assert_cmpstr (a->strategy, ==, b->strategy);
  g_assert_cmpuint (a->round, ==, b->round);
  g_assert_cmpint (a->warmup, ==, b->warmup);
  g_assert_cmpint (a->wall_ns, ==, b->wall_ns);
  g_assert_cmpint (a->user_ns, ==, b->user_ns);
  g_assert_cmpint (a->sys_ns, ==, b->sys_ns);
  g_assert_cmpuint (a->bytes, ==, b->bytes);
  g_assert_cmpuint (a->files, ==, b->files);
  if (a->residency < 0)
    g_assert_cmpfloat (b->residency, ==, -1);
  else
    g_assert_cmpfloat (a->residency, ==, b->residency);
  g_assert_cmpint (a->cache_ok, ==, b->cache_ok);
  g_assert_cmpstr (a->excluded, ==, b->excluded);
  g_assert_cmpint (a->vol_ctxsw, ==, b->vol_ctxsw);
  g_assert_cmpint (a->invol_ctxsw, ==, b->invol_ctxsw);
  g_assert_cmpint (a->minflt, ==, b->minflt);
  g_assert_cmpint (a->majflt, ==, b->majflt);
  g_assert_cmpuint (a->callbacks, ==, b->callbacks);
  g_assert_cmpuint (a->peak_rss_bytes, ==, b->peak_rss_bytes);
  g_assert_cmpuint (a->chunk, ==, b->chunk);
  g_assert_cmpint (a->ok, ==, b->ok);
  g_assert_cmpstr (a->error, ==, b->error);
  g_assert_cmpint (a->responsive, ==, b->responsive);
  g_assert_cmpint (a->stall_ns, ==, b->stall_ns);
  g_assert_cmpint (a->lateness_p99_ns, ==, b->lateness_p99_ns);
  g_assert_cmpfloat (a->frames_missed_60, ==, b->frames_missed_60);
  g_assert_cmpfloat (a->frames_missed_120, ==, b->frames_missed_120);
  g_assert_cmpint (a->runq_wait_ns, ==, b->runq_wait_ns);
  g_assert_cmpint (a->runq_wait_workers_ns, ==, b->runq_wait_workers_ns);
  g_assert_cmpint (a->cpus_busy_ns, ==, b->cpus_busy_ns);
  g_assert_cmpint (a->contended, ==, b->contended);
  g_assert_cmpint (a->settle_ns, ==, b->settle_ns);
}

static void
assert_stats_equal (const IbStats *a,
                    const IbStats *b)
{
  g_assert_cmpstr (a->strategy, ==, b->strategy);
  g_assert_cmpuint (a->n, ==, b->n);
  g_assert_cmpuint (a->n_failed, ==, b->n_failed);
  g_assert_cmpuint (a->n_excluded, ==, b->n_excluded);
  g_assert_cmpuint (a->n_contended, ==, b->n_contended);
  g_assert_cmpint (a->contended_excluded, ==, b->contended_excluded);
  g_assert_cmpint (a->ci_method, ==, b->ci_method);
  g_assert_cmpfloat (a->ci_level, ==, b->ci_level);
  /* doubles must come back bit for bit */
  g_assert_cmpfloat (a->min_ns, ==, b->min_ns);
  g_assert_cmpfloat (a->max_ns, ==, b->max_ns);
  g_assert_cmpfloat (a->mean_ns, ==, b->mean_ns);
  g_assert_cmpfloat (a->median_ns, ==, b->median_ns);
  g_assert_cmpfloat (a->stddev_ns, ==, b->stddev_ns);
  g_assert_cmpfloat (a->mad_ns, ==, b->mad_ns);
  g_assert_cmpfloat (a->q1_ns, ==, b->q1_ns);
  g_assert_cmpfloat (a->q3_ns, ==, b->q3_ns);
  g_assert_cmpfloat (a->ci_low_ns, ==, b->ci_low_ns);
  g_assert_cmpfloat (a->ci_high_ns, ==, b->ci_high_ns);
  g_assert_cmpfloat (a->cv, ==, b->cv);
  g_assert_cmpfloat (a->mib_per_s, ==, b->mib_per_s);
  g_assert_cmpfloat (a->user_ns, ==, b->user_ns);
  g_assert_cmpfloat (a->sys_ns, ==, b->sys_ns);
  g_assert_cmpuint (a->outliers_mild, ==, b->outliers_mild);
  g_assert_cmpuint (a->outliers_severe, ==, b->outliers_severe);
  g_assert_cmpuint (a->n_responsive, ==, b->n_responsive);
  g_assert_cmpfloat (a->stall_ns, ==, b->stall_ns);
  g_assert_cmpfloat (a->stall_max_ns, ==, b->stall_max_ns);
  g_assert_cmpfloat (a->lateness_p99_ns, ==, b->lateness_p99_ns);
  g_assert_cmpfloat (a->frames_missed_60, ==, b->frames_missed_60);
  g_assert_cmpfloat (a->frames_missed_120, ==, b->frames_missed_120);
}

static void
assert_strv_equal (GPtrArray *a,
                   GPtrArray *b)
{
  g_assert_cmpuint (a->len, ==, b->len);
  for (guint i = 0; i < a->len; i++)
    g_assert_cmpstr (g_ptr_array_index (a, i), ==, g_ptr_array_index (b, i));
}

static void
assert_u64v_equal (GArray *a,
                   GArray *b)
{
  g_assert_cmpuint (a->len, ==, b->len);
  for (guint i = 0; i < a->len; i++)
    g_assert_cmpuint (g_array_index (a, guint64, i), ==, g_array_index (b, guint64, i));
}

static void
assert_reports_equal (const IbReport *a,
                      const IbReport *b)
{
  const IbPlan *pa = a->plan, *pb = b->plan;
  const IbEnvironment *ea = a->environment, *eb = b->environment;

  g_assert_cmpstr (a->created, ==, b->created);
  g_assert_cmpint (a->partial, ==, b->partial);
  g_assert_cmpstr (a->error, ==, b->error);

  g_assert_cmpstr (pa->preset, ==, pb->preset);
  g_assert_cmpstr (pa->dir, ==, pb->dir);
  assert_u64v_equal (pa->file_sizes, pb->file_sizes);
  g_assert_cmpint (pa->content, ==, pb->content);
  assert_strv_equal (pa->strategies, pb->strategies);
  g_assert_cmpuint (pa->repeat, ==, pb->repeat);
  g_assert_cmpuint (pa->warmup, ==, pb->warmup);
  g_assert_cmpint (pa->cache, ==, pb->cache);
  g_assert_cmpuint (pa->chunk, ==, pb->chunk);
  g_assert_cmpuint (pa->workers, ==, pb->workers);
  g_assert_cmpuint (pa->in_flight, ==, pb->in_flight);
  g_assert_cmpint (pa->buffer, ==, pb->buffer);
  g_assert_cmpint (pa->verify, ==, pb->verify);
  g_assert_cmpint (pa->fsync, ==, pb->fsync);
  g_assert_cmpuint (pa->seed, ==, pb->seed);
  g_assert_cmpint (pa->seed_drawn, ==, pb->seed_drawn);
  g_assert_cmpuint (pa->pause_ms, ==, pb->pause_ms);
  g_assert_cmpint (pa->responsiveness, ==, pb->responsiveness);
  g_assert_cmpint (pa->sweep != NULL, ==, pb->sweep != NULL);
  if (pa->sweep != NULL)
    {
      g_assert_cmpint (pa->sweep->vary, ==, pb->sweep->vary);
      assert_u64v_equal (pa->sweep->values, pb->sweep->values);
      assert_strv_equal (pa->sweep->strategies, pb->sweep->strategies);
      g_assert_cmpuint (pa->sweep->base_count, ==, pb->sweep->base_count);
      g_assert_cmpuint (pa->sweep->base_size, ==, pb->sweep->base_size);
      g_assert_cmpint (pa->sweep->content, ==, pb->sweep->content);
    }
  g_assert_cmpint (pa->overhead != NULL, ==, pb->overhead != NULL);
  if (pa->overhead != NULL)
    g_assert_cmpuint (pa->overhead->iterations, ==, pb->overhead->iterations);
  g_assert_cmpint (pa->write_unlink != NULL, ==, pb->write_unlink != NULL);
  if (pa->write_unlink != NULL)
    {
      g_assert_cmpuint (pa->write_unlink->requests, ==, pb->write_unlink->requests);
      g_assert_cmpuint (pa->write_unlink->concurrency, ==, pb->write_unlink->concurrency);
      g_assert_cmpuint (pa->write_unlink->bytes, ==, pb->write_unlink->bytes);
    }

  g_assert_cmpstr (ea->os, ==, eb->os);
  g_assert_cmpstr (ea->kernel, ==, eb->kernel);
  g_assert_cmpstr (ea->cpu_model, ==, eb->cpu_model);
  g_assert_cmpuint (ea->cores, ==, eb->cores);
  g_assert_cmpuint (ea->memory_bytes, ==, eb->memory_bytes);
  g_assert_cmpstr (ea->glib_version, ==, eb->glib_version);
  g_assert_cmpstr (ea->gtk_version, ==, eb->gtk_version);
  g_assert_cmpstr (ea->adw_version, ==, eb->adw_version);
  g_assert_cmpstr (ea->fs_type, ==, eb->fs_type);
  g_assert_cmpstr (ea->fs_note, ==, eb->fs_note);
  g_assert_cmpstr (ea->mount_options, ==, eb->mount_options);
  g_assert_cmpstr (ea->device, ==, eb->device);
  g_assert_cmpstr (ea->device_model, ==, eb->device_model);
  g_assert_cmpint (ea->rotational, ==, eb->rotational);
  g_assert_cmpuint (ea->free_bytes, ==, eb->free_bytes);
  g_assert_cmpint (ea->is_tmpfs, ==, eb->is_tmpfs);
  g_assert_cmpint (ea->is_fuse, ==, eb->is_fuse);
  g_assert_cmpuint (ea->gtask_pool_size, ==, eb->gtask_pool_size);
  g_assert_cmpuint (ea->nofile_limit, ==, eb->nofile_limit);
  g_assert_cmpstr (ea->app_version, ==, eb->app_version);
  g_assert_cmpstr (ea->hostname, ==, eb->hostname);

  g_assert_cmpuint (a->samples->len, ==, b->samples->len);
  for (guint i = 0; i < a->samples->len; i++)
    assert_samples_equal (&g_array_index (a->samples, IbSample, i),
                          &g_array_index (b->samples, IbSample, i));
  g_assert_cmpuint (a->statistics->len, ==, b->statistics->len);
  for (guint i = 0; i < a->statistics->len; i++)
    assert_stats_equal (&g_array_index (a->statistics, IbStats, i),
                        &g_array_index (b->statistics, IbStats, i));

  g_assert_cmpuint (a->overhead->len, ==, b->overhead->len);
  for (guint i = 0; i < a->overhead->len; i++)
    {
      const IbOverheadRow *x = &g_array_index (a->overhead, IbOverheadRow, i);
      const IbOverheadRow *y = &g_array_index (b->overhead, IbOverheadRow, i);

      g_assert_cmpstr (x->kind, ==, y->kind);
      g_assert_cmpuint (x->iterations, ==, y->iterations);
      g_assert_cmpuint (x->repeat, ==, y->repeat);
      g_assert_cmpfloat (x->ns_per_op, ==, y->ns_per_op);
      g_assert_cmpfloat (x->ci_low_ns, ==, y->ci_low_ns);
      g_assert_cmpfloat (x->ci_high_ns, ==, y->ci_high_ns);
      g_assert_cmpfloat (x->ratio_to_direct, ==, y->ratio_to_direct);
    }

  g_assert_cmpint (a->write_unlink != NULL, ==, b->write_unlink != NULL);
  if (a->write_unlink != NULL)
    {
      const IbWriteUnlink *x = a->write_unlink, *y = b->write_unlink;

      g_assert_cmpuint (x->requests, ==, y->requests);
      g_assert_cmpuint (x->concurrency, ==, y->concurrency);
      g_assert_cmpuint (x->effective_concurrency, ==, y->effective_concurrency);
      g_assert_cmpuint (x->bytes, ==, y->bytes);
      g_assert_cmpuint (x->modes->len, ==, y->modes->len);
      for (guint i = 0; i < x->modes->len; i++)
        {
          const IbWriteUnlinkMode *m = &g_array_index (x->modes, IbWriteUnlinkMode, i);
          const IbWriteUnlinkMode *n = &g_array_index (y->modes, IbWriteUnlinkMode, i);

          g_assert_cmpstr (m->mode, ==, n->mode);
          g_assert_cmpfloat (m->requests_per_s, ==, n->requests_per_s);
          g_assert_cmpint (m->total_ns, ==, n->total_ns);
          g_assert_cmpuint (m->failed, ==, n->failed);
          g_assert_cmpuint (m->max_in_flight, ==, n->max_in_flight);
          g_assert_cmpint (m->responsive, ==, n->responsive);
          g_assert_cmpint (m->stall_ns, ==, n->stall_ns);
          g_assert_cmpint (m->lateness_p99_ns, ==, n->lateness_p99_ns);
          g_assert_cmpfloat (m->frames_missed_60, ==, n->frames_missed_60);
          for (guint p = 0; p < IB_N_PERCENTILES; p++)
            g_assert_cmpint (m->percentiles_ns[p], ==, n->percentiles_ns[p]);
        }
    }

  g_assert_cmpint (a->sweep != NULL, ==, b->sweep != NULL);
  if (a->sweep != NULL)
    {
      g_assert_cmpint (a->sweep->vary, ==, b->sweep->vary);
      g_assert_cmpint (a->sweep->has_crossover, ==, b->sweep->has_crossover);
      g_assert_cmpuint (a->sweep->crossover_value, ==, b->sweep->crossover_value);
      g_assert_cmpstr (a->sweep->crossover_winner, ==, b->sweep->crossover_winner);
      g_assert_cmpstr (a->sweep->crossover_loser, ==, b->sweep->crossover_loser);
      g_assert_cmpuint (a->sweep->points->len, ==, b->sweep->points->len);
      for (guint i = 0; i < a->sweep->points->len; i++)
        {
          const IbSweepPoint *x = &g_array_index (a->sweep->points, IbSweepPoint, i);
          const IbSweepPoint *y = &g_array_index (b->sweep->points, IbSweepPoint, i);

          g_assert_cmpuint (x->value, ==, y->value);
          g_assert_cmpstr (x->strategy, ==, y->strategy);
          g_assert_cmpfloat (x->median_ns, ==, y->median_ns);
          g_assert_cmpfloat (x->ci_low_ns, ==, y->ci_low_ns);
          g_assert_cmpfloat (x->ci_high_ns, ==, y->ci_high_ns);
          g_assert_cmpuint (x->n, ==, y->n);
          g_assert_cmpuint (x->n_excluded, ==, y->n_excluded);
          g_assert_cmpfloat (x->ci_level, ==, y->ci_level);
          g_assert_cmpint (x->responsive, ==, y->responsive);
          g_assert_cmpfloat (x->stall_ns, ==, y->stall_ns);
        }
    }

  /* what the two say: the findings of each (a report holds none) */
  {
    g_autoptr(GArray) fa = fx_findings (a);
    g_autoptr(GArray) fb = fx_findings (b);

    g_assert_cmpuint (fa->len, ==, fb->len);
    for (guint i = 0; i < fa->len; i++)
      {
        g_assert_cmpstr (g_array_index (fa, IbFinding, i).id, ==,
                         g_array_index (fb, IbFinding, i).id);
        g_assert_cmpstr (g_array_index (fa, IbFinding, i).text, ==,
                         g_array_index (fb, IbFinding, i).text);
      }
  }
  g_assert_cmpuint (a->warnings->len, ==, b->warnings->len);
  for (guint i = 0; i < a->warnings->len; i++)
    g_assert_true (ib_warning_equal (g_ptr_array_index (a->warnings, i),
                                     g_ptr_array_index (b->warnings, i)));
}

static void
test_round_trip (void)
{
  g_autoptr(IbReport) report = fx_report_new (40);
  g_autoptr(IbReport) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *json = NULL;
  g_autofree char *json2 = NULL;
  gsize length = 0;

  /* values a text format could lose */
  g_array_index (report->statistics, IbStats, 0).cv = 0.1;
  g_array_index (report->statistics, IbStats, 1).mean_ns = 1.0 / 3.0;
  g_array_index (report->statistics, IbStats, 2).mib_per_s = 2.2250738585072014e-308;
  /* json-glib prints these as "1e+27.0" unless the writer fixes it */
  g_array_index (report->statistics, IbStats, 0).max_ns = 1e27;
  g_array_index (report->statistics, IbStats, 1).stddev_ns = 1e22;
  g_array_index (report->overhead, IbOverheadRow, 0).ratio_to_direct = 1e300;

  report->plan->responsiveness = FALSE;   /* as `--responsiveness off` saves it */

  json = ib_test_to_json (report, &length);
  g_assert_nonnull (json);
  g_assert_cmpuint (length, ==, strlen (json));
  /* The tick's fields are written for the samples and rows that have them. */
  g_assert_cmpuint (g_array_index (report->statistics, IbStats, 0).n_responsive, ==, 8);
  g_assert_cmpuint (g_array_index (report->statistics, IbStats, 2).n_responsive, ==, 0);
  g_assert_nonnull (strstr (json, "\"stall_max_ns\""));
  g_assert_nonnull (strstr (json, "\"frames_missed_60\""));
  g_assert_nonnull (strstr (json, "\"schema\" : \"iobench-report\""));
  g_assert_nonnull (strstr (json, "\"version\" : 2"));

  loaded = ib_report_from_json (json, (gssize) length, &error);
  g_assert_no_error (error);
  g_assert_nonnull (loaded);
  assert_reports_equal (report, loaded);

  /* and writing the loaded report gives the same text */
  json2 = ib_test_to_json (loaded, NULL);
  g_assert_cmpstr (json, ==, json2);
}

static void
test_invalid_utf8 (void)
{
  /* A byte string that is not UTF-8 (a file name, say) is saved as valid
   * UTF-8, so the file loads again. */
  g_autoptr(IbReport) report = fx_report_new (40);
  g_autoptr(IbReport) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *json = NULL;

  g_free (report->error);
  report->error = g_strdup ("cannot read /tmp/\xff\xfe.bin");
  ib_report_add_warning (report, ib_warning_new_text ("bad \xc3 byte"));
  ib_report_add_warning (report, ib_warning_new (IB_WARN_WARM_ERROR, "s", "bad \xc3 value"));
  json = ib_test_to_json (report, NULL);
  g_assert_true (g_utf8_validate (json, -1, NULL));
  loaded = ib_report_from_json (json, -1, &error);
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (loaded->error, "cannot read /tmp/"));
  g_assert_true (g_str_has_suffix (loaded->error, ".bin"));
}

static void
test_minimal (void)
{
  /* Only the members the loader requires; the extras take defaults. */
  const char *json =
    "{\"schema\":\"iobench-report\",\"version\":1,"
    "\"plan\":{\"preset\":null,\"dir\":\"/tmp\",\"files\":[{\"size\":10}],"
    "\"content\":\"random\",\"strategies\":[\"future-strategy\"],\"repeat\":1,\"warmup\":0,"
    "\"cache\":\"as-is\",\"chunk\":0,\"workers\":0,\"in_flight\":0,\"verify\":false,"
    "\"seed\":7,\"pause_ms\":0},"
    "\"environment\":{\"os\":null,\"kernel\":\"k\",\"cpu_model\":\"c\",\"cores\":1,"
    "\"memory_bytes\":1,\"glib_version\":\"2.74.0\",\"fs_type\":\"ext4\","
    "\"mount_options\":\"rw\",\"free_bytes\":0,\"app_version\":\"9\"},"
    "\"samples\":[{\"strategy\":\"future-strategy\",\"round\":0,\"warmup\":false,"
    "\"wall_ns\":5,\"user_ns\":0,\"sys_ns\":0,\"bytes\":10,\"files\":1,\"residency\":null,"
    "\"vol_ctxsw\":0,\"invol_ctxsw\":0,\"minflt\":0,\"majflt\":0,\"callbacks\":0,"
    "\"peak_rss_bytes\":0,\"ok\":true,\"cache_ok\":false}],"
    "\"statistics\":[{\"strategy\":\"future-strategy\",\"n\":3,\"min_ns\":1,\"max_ns\":3,"
    "\"mean_ns\":2,\"median_ns\":2,\"stddev_ns\":1,\"mad_ns\":1,\"q1_ns\":1.5,\"q3_ns\":2.5,"
    "\"ci_low_ns\":1,\"ci_high_ns\":3,\"cv\":0.5,\"mib_per_s\":1,\"outliers_mild\":0,"
    "\"outliers_severe\":0}]}";
  g_autoptr(GError) error = NULL;
  g_autoptr(IbReport) report = ib_report_from_json (json, -1, &error);
  const IbSample *s;
  const IbStats *st;

  g_assert_no_error (error);
  g_assert_nonnull (report);
  g_assert_null (report->plan->preset);
  g_assert_cmpuint (report->plan->seed, ==, 7);
  g_assert_cmpint (report->plan->buffer, ==, IB_BUFFER_FRESH);
  g_assert_null (report->environment->os);
  g_assert_cmpint (report->environment->rotational, ==, -1);
  g_assert_cmpuint (report->samples->len, ==, 1);
  s = &g_array_index (report->samples, IbSample, 0);
  g_assert_cmpstr (s->strategy, ==, "future-strategy");
  g_assert_cmpfloat (s->residency, ==, -1);
  /* flagged by an older version, which counted it: not excluded on load */
  g_assert_false (s->cache_ok);
  g_assert_null (s->excluded);
  g_assert_true (ib_sample_is_valid (s));
  g_assert_null (s->error);
  /* No responsiveness fields (a report from before they were measured): not measured. */
  g_assert_false (s->responsive);
  g_assert_cmpint (s->stall_ns, ==, 0);
  g_assert_true (report->plan->responsiveness);
  /* No run-queue wait or settle (older reports): unknown, not contended. */
  g_assert_cmpint (s->runq_wait_ns, ==, -1);
  g_assert_cmpint (s->runq_wait_workers_ns, ==, -1);
  g_assert_cmpint (s->cpus_busy_ns, ==, -1);
  g_assert_false (s->contended);
  g_assert_cmpint (s->settle_ns, ==, 0);
  /* and its seed was the one it names, not drawn */
  g_assert_false (report->plan->seed_drawn);
  /* statistics without ci_method came from the bootstrap that said 95 % */
  st = &g_array_index (report->statistics, IbStats, 0);
  g_assert_cmpint (st->ci_method, ==, IB_CI_BOOTSTRAP);
  g_assert_cmpfloat (st->ci_level, ==, 0.95);
  g_assert_cmpuint (st->n_excluded, ==, 0);
  g_assert_null (report->sweep);
  g_assert_null (report->write_unlink);
  g_assert_cmpuint (report->overhead->len, ==, 0);
}

static void
test_every_prefix_fails (void)
{
  g_autoptr(IbReport) report = fx_report_new (40);
  g_autofree char *json = NULL;
  gsize length;

  /* every section, but few samples: this loop is quadratic in the length */
  g_array_set_size (report->samples, 4);
  json = ib_test_to_json (report, NULL);
  length = strlen (json);

  for (gsize n = 0; n < length; n++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(IbReport) loaded = ib_report_from_json (json, (gssize) n, &error);

      if (loaded != NULL)
        g_error ("a prefix of %" G_GSIZE_FORMAT " of %" G_GSIZE_FORMAT " bytes loaded",
                 n, length);
      g_assert_error (error, IB_ERROR, IB_ERROR_FORMAT);
      g_assert_nonnull (error->message);
      g_assert_cmpstr (error->message, !=, "");
    }
}

/* Replaces the first @from in the fixture's JSON by @to. */
static char *
mutate (const char *from,
        const char *to)
{
  g_autoptr(IbReport) report = fx_report_new (40);
  g_autofree char *json = ib_test_to_json (report, NULL);
  const char *at = strstr (json, from);
  GString *out;

  g_assert_nonnull (at);
  out = g_string_new_len (json, at - json);
  g_string_append (out, to);
  g_string_append (out, at + strlen (from));
  return g_string_free (out, FALSE);
}

/* A report of version 1, whose warnings are sentences, still loads: its
 * sentences shown as stored, written again as version 2. */
static void
test_version_1 (void)
{
  g_autoptr (IbReport) report = fx_report_new (40);
  g_autofree char *json = ib_test_to_json (report, NULL);
  g_autoptr (GString) old = g_string_new (json);
  g_autoptr (IbReport) loaded = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *again = NULL;
  const IbWarning *first;

  g_assert_cmpuint (g_string_replace (old, "\"version\" : 2", "\"version\" : 1", 1), ==, 1);
  g_assert_cmpuint (g_string_replace (old, "\"warnings\" : [",
                                      "\"warnings\" : [\"a sentence of version 1\",", 1),
                    ==, 1);
  loaded = ib_report_from_json (old->str, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (loaded->warnings->len, ==, report->warnings->len + 1);
  first = g_ptr_array_index (loaded->warnings, 0);
  g_assert_null (first->key);
  g_assert_cmpstr (ib_warning_string (first, 0), ==, "a sentence of version 1");
  again = ib_test_to_json (loaded, NULL);
  g_assert_nonnull (strstr (again, "\"version\" : 2"));
}

typedef struct
{
  const char *from;   /* NULL: @to is the whole input */
  const char *to;
  const char *message; /* substring of the error message */
} BadCase;

static void
test_bad_input (void)
{
  static const BadCase cases[] = {
    { NULL, "", "empty" },
    { NULL, "   \n ", "empty" },
    { NULL, "[]", "expected a JSON object" },
    { NULL, "42", "expected a JSON object" },
    { NULL, "\"iobench-report\"", "expected a JSON object" },
    { NULL, "{}", "no “schema” member" },
    { NULL, "{\"schema\":\"iobench-report\"}", "the report has no “version” part" },
    { NULL, "{\"schema\":\"iobench-report\",\"version\":\"1\"}", "version: expected an integer" },
    /* a report of a later version: said so, not a member it misses */
    { NULL, "{\"schema\":\"iobench-report\",\"version\":3,\"warnings\":[{\"key\":7}]}",
      "this report was made by a newer version of I/O Bench (report version 3; this version "
      "reads versions 1 to 2): update I/O Bench to open it" },
    { NULL, "{\"schema\":\"iobench-report\",\"version\":0}",
      "report version 0 is not supported; this I/O Bench reads versions 1 to 2" },
    { NULL, "{\"schema\":\"other\",\"version\":1}", "schema is “other”" },
    { NULL, "{\"schema\":7,\"version\":1}", "schema: expected a string" },
    /* a report cut to its head: what is gone, and what to do */
    { NULL, "{\"schema\":\"iobench-report\",\"version\":1}",
      "the report has no “plan” part, so it is incomplete (cut short or edited). Open the whole "
      "report as I/O Bench saved it, or run the benchmark again." },
    { NULL,
      "{\"a\":[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}",
      "nested" },
    { NULL, "{\"schema\":\"iobench-report\",\"version\":1} {}", "after the end" },
    { NULL, "{\"schema\":\"iobench-report\",\"version\":99999999999999999999}", "too large" },
    { NULL, "{\"schema\":\"iobench-report\",\"version\":NaN}", "not valid JSON" },
    { NULL, "\xff\xfe{}", "" },
    { "\"wall_ns\" : ", "\"wall_ns\" : \"12\", \"x\" : ",
      "samples[0].wall_ns: expected an integer" },
    { "\"wall_ns\" : ", "\"wall_ns\" : -5, \"x\" : ", "samples[0].wall_ns: -5 is out of range" },
    { "\"wall_ns\" : ", "\"wall_ns\" : 1.5, \"x\" : ", "samples[0].wall_ns: expected an integer" },
    { "\"wall_ns\" : ", "\"wall_ns\" : 18446744073709551616, \"x\" : ", "too large" },
    { "\"residency\" : ", "\"residency\" : 1.5, \"x\" : ",
      "samples[0].residency: 1.5 is out of range" },
    { "\"residency\" : ", "\"residency\" : -0.5, \"x\" : ", "samples[0].residency" },
    { "\"residency\" : ", "\"residency\" : \"NaN\", \"x\" : ",
      "samples[0].residency: expected a number" },
    { "\"median_ns\" : ", "\"median_ns\" : 1e999, \"x\" : ",
      "statistics[0].median_ns: expected a finite number" },
    { "\"median_ns\" : ", "\"median_ns\" : -1.0, \"x\" : ", "statistics[0].median_ns" },
    { "\"median_ns\" : ", "\"median_ns\" : true, \"x\" : ",
      "statistics[0].median_ns: expected a number" },
    { "\"strategy\" : ", "\"strategy\" : 42, \"x\" : ", "samples[0].strategy: expected a string" },
    { "\"strategy\" : ", "\"strategy\" : null, \"x\" : ", "samples[0].strategy: must not be null" },
    { "\"ok\" : ", "\"ok\" : 1, \"x\" : ", "samples[0].ok: expected true or false" },
    { "\"cache\" : ", "\"cache\" : \"lukewarm\", \"x\" : ",
      "plan.cache: unknown value “lukewarm”" },
    { "\"files\" : [", "\"files\" : [7,", "plan.files[0]: expected an object" },
    { "\"samples\" : [", "\"samples\" : [[], ", "samples[0]: expected an object" },
    { "\"samples\" : [", "\"samples\" : {}, \"x\" : [", "samples: expected an array" },
    { "\"environment\" : {", "\"environment\" : 3, \"x\" : {", "environment: expected an object" },
    { "\"round\" : ", "\"round\" : 4294967296, \"x\" : ",
      "samples[0].round: 4294967296 is out of range" },
    { "\"\"50\" : ", "\"51\" : ", "percentiles_ns.50: missing" },
    { "\"strategies\" : [", "\"strategies\" : [null, ", "plan.strategies[0]: expected a string" },
    { "\"warnings\" : [", "\"warnings\" : [{}, ", "warnings[0].key: missing" },
    { "\"warnings\" : [", "\"warnings\" : [7, ", "warnings[0]: expected an object" },
    { "\"warnings\" : [", "\"warnings\" : [{\"key\" : \"k\", \"values\" : [1]}, ",
      "warnings[0].values[0]: expected a string" },
    { "\"crossover\" : ", "\"crossover\" : \"ten\", \"x\" : ",
      "sweep.crossover: expected an integer" },
    { "\"seed\" : ", "\"seed\" : \"-3\", \"x\" : ", "plan.seed" },
    { "\"rotational\" : ", "\"rotational\" : 2, \"x\" : ",
      "environment.rotational: 2 is out of range" },
    { "\"id\" : ", "\"id\" : [], \"x\" : ", "findings[0].id: expected a string" },
    /* what is not a report at all: what it is, and what to open instead */
    { NULL, "\x89PNG\r\n\x1a\n\x01\x02",
      "a PNG image, not an I/O Bench report; open the .json report it was exported from" },
    { NULL, "  <!DOCTYPE html>\n<html><body>report</body></html>",
      "an HTML page, not an I/O Bench report; open the .json report" },
    { NULL, "<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
      "an SVG image, not an I/O Bench report" },
    { NULL, "# I/O Bench report\n\n| a |", "a Markdown page, not an I/O Bench report" },
    { NULL, "strategy,round,warmup\r\n", "a CSV table, not an I/O Bench report" },
    { NULL, "\x01\x02\x03binary", "a binary file, not an I/O Bench report; open a .json report" },
    { NULL, "\x1f\x8b\x08\x00\x01", "a gzip archive, not an I/O Bench report; open a .json report" },
    /* a report without its schema, and a JSON object that is none */
    { "\"schema\" : \"iobench-report\",", "",
      "the “schema” member is missing, though the rest looks like an I/O Bench report" },
    { NULL, "{\"name\": \"x\"}",
      "JSON, but not an I/O Bench report (no “schema” member); open a .json report" },
    /* a report cut short, inside a string and between members */
    { NULL, "{\"schema\":\"iobench-report\",\"version\":1,\"plan\":{\"preset\":\"qu",
      "the report stops in the middle, at line 1: the file was cut short" },
    { NULL, "{\"schema\":\"iobench-report\",\n\"version\":1,\n",
      "the report stops in the middle, at line 3: the file was cut short" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *input = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(IbReport) report = NULL;

      if (cases[i].from == NULL)
        input = g_strdup (cases[i].to);
      else if (g_str_equal (cases[i].from, "\"\"50\" : "))
        input = mutate ("\"50\" : ", cases[i].to);
      else
        input = mutate (cases[i].from, cases[i].to);
      report = ib_report_from_json (input, -1, &error);
      if (report != NULL)
        g_error ("case %u loaded: %s", i, input);
      g_assert_error (error, IB_ERROR, IB_ERROR_FORMAT);
      if (strstr (error->message, cases[i].message) == NULL)
        g_error ("case %u: message “%s” does not contain “%s”", i, error->message,
                 cases[i].message);
    }
}

/* The decision phase's enums get the message every enum gets. */
static void
test_decision_enums (void)
{
  static const char *cases[][3] = {
    { "\"verdict\" : \"", "\"verdict\" : \"maybe\", \"x\" : \"",
      "decision.lines[0].verdict: unknown value “maybe” (expected one of: a-faster, " },
    { "\"order\" : \"", "\"order\" : \"abc\", \"x\" : \"",
      "decision.lines[0].pairs[0].order: unknown value “abc” (expected one of: ab, ba)" },
  };
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "report", "golden",
                                                 "reads-decision.json", NULL);
  g_autofree char *json = NULL;

  g_assert_true (g_file_get_contents (path, &json, NULL, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const char *at = strstr (json, cases[i][0]);
      g_autoptr(GString) input = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(IbReport) report = NULL;

      g_assert_nonnull (at);
      input = g_string_new_len (json, at - json);
      g_string_append (input, cases[i][1]);
      g_string_append (input, at + strlen (cases[i][0]));
      report = ib_report_from_json (input->str, -1, &error);
      g_assert_null (report);
      g_assert_error (error, IB_ERROR, IB_ERROR_FORMAT);
      if (strstr (error->message, cases[i][2]) == NULL)
        g_error ("case %u: message “%s” does not contain “%s”", i, error->message, cases[i][2]);
    }
}

static void
test_random_bytes (void)
{
  /* Random bytes and random single-byte edits of a valid report must fail or
   * load, never crash. */
  g_autoptr(IbReport) report = fx_report_new (40);
  g_autofree char *json = ib_test_to_json (report, NULL);
  gsize length = strlen (json);
  GRand *rand = g_rand_new_with_seed (1234);

  for (guint i = 0; i < 2000; i++)
    {
      g_autofree char *copy = g_strdup (json);
      g_autoptr(GError) error = NULL;
      g_autoptr(IbReport) loaded = NULL;

      for (guint k = 0; k < 1 + i % 4; k++)
        copy[g_rand_int_range (rand, 0, (gint32) length)] =
          (char) g_rand_int_range (rand, 0, 256);
      loaded = ib_report_from_json (copy, (gssize) length, &error);
      g_assert_true ((loaded == NULL) == (error != NULL));
      if (error != NULL)
        g_assert_error (error, IB_ERROR, IB_ERROR_FORMAT);
    }
  g_rand_free (rand);
}

static void
test_mutations (void)
{
  /* Structural edits of a valid report: whatever loads must also save to
   * JSON that loads again (this found json-glib writing 1e+27 as
   * "1e+27.0"), and findings must work on it. */
  static const char *const tokens[] = {
    "{", "}", "[", "]", ",", ":", "\"", "null", "true", "-1", "0", "1e308", "1e+27",
    "99999999999999999999", "0.5", "\"x\"", "[]", "{}", "-0", "1e999", "\"\\u0000\"",
  };
  g_autoptr(IbReport) report = fx_report_new (40);
  g_autofree char *json = NULL;
  GRand *rand = g_rand_new_with_seed (99);
  guint loaded = 0;

  g_array_set_size (report->samples, 6);
  json = ib_test_to_json (report, NULL);
  for (guint i = 0; i < 3000; i++)
    {
      g_autoptr(GString) s = g_string_new (json);
      g_autoptr(GError) error = NULL;
      g_autoptr(IbReport) got = NULL;

      for (guint k = 0; k < 1 + i % 3 && s->len > 1; k++)
        {
          gsize pos = (gsize) g_rand_int_range (rand, 0, (gint32) s->len);
          const char *colon;

          switch (g_rand_int_range (rand, 0, 3))
            {
            case 0:
              {
                gsize n = (gsize) g_rand_int_range (rand, 1, 30);

                g_string_erase (s, (gssize) pos, (gssize) MIN (s->len - pos, n));
              }
              break;
            case 1:
              g_string_insert (s, (gssize) pos,
                               tokens[g_rand_int_range (rand, 0, G_N_ELEMENTS (tokens))]);
              break;
            default:
              /* replace a whole value */
              colon = strstr (s->str + pos, " : ");
              if (colon != NULL)
                {
                  gsize start = (gsize) (colon - s->str) + 3;
                  gsize end = start + strcspn (s->str + start, ",\n}");

                  g_string_erase (s, (gssize) start, (gssize) (end - start));
                  g_string_insert (s, (gssize) start,
                                   tokens[g_rand_int_range (rand, 0, G_N_ELEMENTS (tokens))]);
                }
              break;
            }
        }
      got = ib_report_from_json (s->str, (gssize) s->len, &error);
      g_assert_true ((got == NULL) == (error != NULL));
      if (got != NULL)
        {
          g_autofree char *again = NULL;
          g_autoptr(IbReport) reloaded = NULL;

          loaded++;
          /* findings must work on it: ib_test_to_json analyses it */
          again = ib_test_to_json (got, NULL);
          reloaded = ib_report_from_json (again, -1, &error);
          g_assert_no_error (error);
          g_assert_nonnull (reloaded);
        }
      else
        g_assert_error (error, IB_ERROR, IB_ERROR_FORMAT);
    }
  /* some edits (in strings, of numbers) keep a valid report */
  g_assert_cmpuint (loaded, >, 0);
  g_rand_free (rand);
}

static void
test_save_and_load (void)
{
  g_autoptr(IbReport) report = fx_report_new (40);
  g_autoptr(IbReport) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = ib_test_make_tmpdir ("iobench-report-XXXXXX");
  g_autofree char *path = NULL;
  g_autofree char *bad = NULL;
  g_autofree char *missing = NULL;

  g_assert_no_error (error);
  path = g_build_filename (dir, "r.json", NULL);
  g_assert_true (ib_test_save_json (report, path, &error));
  g_assert_no_error (error);
  loaded = ib_report_load_json (path, &error);
  g_assert_no_error (error);
  assert_reports_equal (report, loaded);

  /* malformed file: the message names the file and the member */
  bad = g_build_filename (dir, "bad.json", NULL);
  g_assert_true (g_file_set_contents (bad, "{\"schema\":\"iobench-report\",\"version\":1,"
                                      "\"plan\":[]}", -1, NULL));
  g_clear_pointer (&loaded, ib_report_unref);
  loaded = ib_report_load_json (bad, &error);
  g_assert_null (loaded);
  g_assert_error (error, IB_ERROR, IB_ERROR_FORMAT);
  g_assert_nonnull (strstr (error->message, "bad.json"));
  g_assert_nonnull (strstr (error->message, "plan: expected an object"));
  g_clear_error (&error);

  missing = g_build_filename (dir, "missing.json", NULL);
  g_assert_null (ib_report_load_json (missing, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
  g_clear_error (&error);

  /* saving onto a directory fails and leaves it alone */
  g_assert_false (ib_test_save_json (report, dir, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_true (g_file_test (dir, G_FILE_TEST_IS_DIR));

  g_assert_cmpint (g_unlink (path), ==, 0);
  g_assert_cmpint (g_unlink (bad), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/report/json/round-trip", test_round_trip);
  g_test_add_func ("/report/json/minimal", test_minimal);
  g_test_add_func ("/report/json/invalid-utf8", test_invalid_utf8);
  g_test_add_func ("/report/json/every-prefix-fails", test_every_prefix_fails);
  g_test_add_func ("/report/json/bad-input", test_bad_input);
  g_test_add_func ("/report/json/version-1", test_version_1);
  g_test_add_func ("/report/json/decision-enums", test_decision_enums);
  g_test_add_func ("/report/json/random-bytes", test_random_bytes);
  g_test_add_func ("/report/json/mutations", test_mutations);
  g_test_add_func ("/report/json/save-and-load", test_save_and_load);
  return g_test_run ();
}
