/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <math.h>

#include "chart-fixtures.h"
#include "../report/map-fixture.h"
#include "engine/stats/ib-stats.h"
#include "engine/io/ib-strategy.h"

#define MIB 1048576.0

void
fixture_style (IbChartStyle *style,
               gboolean      dark)
{
  if (dark)
    ib_chart_style_init_dark (style);
  else
    ib_chart_style_init_light (style);
  /* Pinned so reference images do not depend on which fonts are installed. */
  style->font_family = "DejaVu Sans";
}

static guint32
rgb_of (const IbRgba *c)
{
  return (guint32) lround (c->r * 255) << 16 | (guint32) lround (c->g * 255) << 8 |
         (guint32) lround (c->b * 255);
}

int
fixture_tallest_band (const char   *path,
                      const IbRgba *background,
                      int           max_ink,
                      int          *height)
{
  cairo_surface_t *png = cairo_image_surface_create_from_png (path);
  guint32          rgb = rgb_of (background);
  const guchar    *data;
  int              stride, width, band = 0, tallest = 0;

  g_assert_cmpint (cairo_surface_status (png), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_flush (png);
  data = cairo_image_surface_get_data (png);
  stride = cairo_image_surface_get_stride (png);
  width = cairo_image_surface_get_width (png);
  *height = cairo_image_surface_get_height (png);
  for (int y = 0; y < *height; y++)
    {
      const guint32 *row = (const guint32 *) (data + (gsize) y * stride);
      int            ink = 0;

      for (int x = 0; x < width && ink <= max_ink; x++)
        ink += (row[x] & 0xffffff) != rgb;
      band = ink <= max_ink ? band + 1 : 0;
      tallest = MAX (tallest, band);
    }
  cairo_surface_destroy (png);
  return tallest;
}

/* A small deterministic PRNG (the tests must not depend on the engine's). */
static double
unit_noise (guint32 *state)
{
  *state = *state * 1664525u + 1013904223u;
  return ((*state >> 8) & 0xffff) / 65535.0;
}

static int
cmp_double (gconstpointer a,
            gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y ? 1 : 0;
}

static void
base_plan (IbReport *report,
           guint     n_files,
           guint64   size)
{
  report->plan->preset = g_strdup ("quick");
  for (guint i = 0; i < n_files; i++)
    g_array_append_val (report->plan->file_sizes, size);
  report->plan->repeat = 5;
  report->plan->warmup = 1;
  g_free (report->created);
  report->created = g_strdup ("2026-11-29T21:04:00Z");
  report->environment->cpu_model = g_strdup ("AMD Ryzen 7 5800U with Radeon Graphics");
  report->environment->fs_type = g_strdup ("ext4");
  report->environment->hostname = g_strdup ("workstation");
  report->environment->cores = 8;
}

/* Adds @repeat measured samples (+1 warm-up) around @median_ns, and stats. */
static void
add_strategy (IbReport   *report,
              const char *id,
              double      median_ns,
              double      spread,
              guint       repeat,
              double      cpu_share,
              guint64     bytes,
              guint32     seed)
{
  g_autofree double *values = g_new0 (double, MAX (repeat, 1));
  g_autofree double *stalls = g_new0 (double, MAX (repeat, 1));
  g_autofree double *f60 = g_new0 (double, MAX (repeat, 1));
  g_autofree double *f120 = g_new0 (double, MAX (repeat, 1));
  gboolean sync = g_str_has_prefix (id, "sync-");
  /* Main-loop stall: a sync read blocks for all of it; GIO's 8 KiB steps
   * of load-contents a little; other async and thread reads hardly. */
  double stall_base = g_str_has_prefix (id, "async-load-contents") ? 2.4e6
                      : g_str_has_prefix (id, "async-") ? 0.45e6 : 0.18e6;
  IbStats st = { 0 };
  guint32 state = seed;

  g_ptr_array_add (report->plan->strategies, g_strdup (id));
  for (guint r = 0; r <= repeat; r++)
    {
      IbSample s = { 0 };
      double noise = (unit_noise (&state) - 0.5) * 2 * spread;

      s.strategy = g_strdup (id);
      s.round = r;
      s.warmup = r == 0;
      s.wall_ns = (gint64) (median_ns * (1 + noise + (s.warmup ? spread * 2.5 : 0)));
      s.user_ns = (gint64) (s.wall_ns * cpu_share * 0.35);
      s.sys_ns = (gint64) (s.wall_ns * cpu_share * 0.65);
      s.bytes = bytes;
      s.files = 4;
      s.residency = 1;
      s.cache_ok = TRUE;
      s.vol_ctxsw = 40 + (gint64) (cpu_share * 900);
      s.invol_ctxsw = 3 + r;
      s.ok = TRUE;
      s.responsive = TRUE;
      s.stall_ns = sync ? s.wall_ns : (gint64) (stall_base * (1 + 3 * noise));
      s.lateness_p99_ns = sync ? s.wall_ns : s.stall_ns * 7 / 10;
      s.frames_missed_60 = (guint) (s.stall_ns / 16666667);
      s.frames_missed_120 = (guint) (s.stall_ns / 8333333);
      if (!s.warmup)
        {
          values[r - 1] = (double) s.wall_ns;
          stalls[r - 1] = (double) s.stall_ns;
          f60[r - 1] = s.frames_missed_60;
          f120[r - 1] = s.frames_missed_120;
        }
      g_array_append_val (report->samples, s);
    }
  qsort (values, repeat, sizeof (double), cmp_double);
  st.strategy = g_strdup (id);
  st.n = repeat;
  st.min_ns = values[0];
  st.max_ns = values[repeat - 1];
  st.median_ns = values[repeat / 2];
  /* the engine's interval of the median: [min, max] at n = 5, 93.75 % */
  st.ci_level = ib_median_interval (values, repeat, &st.ci_low_ns, &st.ci_high_ns);
  st.q1_ns = repeat >= 3 ? values[1] : st.median_ns;
  st.q3_ns = repeat >= 3 ? values[repeat - 2] : st.median_ns;
  st.mean_ns = st.median_ns;
  st.mib_per_s = bytes > 0 ? ((double) bytes / MIB) / (st.median_ns / 1e9) : 0;
  st.user_ns = st.median_ns * cpu_share * 0.35;
  st.sys_ns = st.median_ns * cpu_share * 0.65;
  qsort (stalls, repeat, sizeof (double), cmp_double);
  qsort (f60, repeat, sizeof (double), cmp_double);
  qsort (f120, repeat, sizeof (double), cmp_double);
  st.n_responsive = repeat;
  st.stall_ns = stalls[repeat / 2];
  st.stall_max_ns = stalls[repeat - 1];
  st.lateness_p99_ns = sync ? st.stall_ns : st.stall_ns * 0.7;
  st.frames_missed_60 = f60[repeat / 2];
  st.frames_missed_120 = f120[repeat / 2];
  g_array_append_val (report->statistics, st);
}

static void
add_failed (IbReport   *report,
            const char *id,
            const char *error)
{
  IbStats st = { 0 };

  g_ptr_array_add (report->plan->strategies, g_strdup (id));
  for (guint r = 0; r < 3; r++)
    {
      IbSample s = { 0 };

      s.strategy = g_strdup (id);
      s.round = r;
      s.ok = FALSE;
      s.error = g_strdup (error);
      g_array_append_val (report->samples, s);
    }
  st.strategy = g_strdup (id);
  st.n_failed = 3;
  g_array_append_val (report->statistics, st);
}

static void
add_overhead (IbReport   *report,
              const char *kind,
              double      ns)
{
  IbOverheadRow row = { 0 };

  row.kind = g_strdup (kind);
  row.iterations = 999999;
  row.repeat = 5;
  row.ns_per_op = ns;
  row.ci_low_ns = ns * 0.96;
  row.ci_high_ns = ns * 1.05;
  row.ratio_to_direct = ns / 2.1;
  g_array_append_val (report->overhead, row);
}

static void
add_wu_mode (IbWriteUnlink *wu,
             const char    *mode,
             double         p50_ns,
             double         tail)
{
  IbWriteUnlinkMode m = { 0 };

  m.mode = g_strdup (mode);
  for (guint i = 0; i < IB_N_PERCENTILES; i++)
    {
      double level = ib_percentile_levels[i] / 100.0;

      m.percentiles_ns[i] = (gint64) (p50_ns * pow (tail, (level - 0.5) * 2) *
                                      (i == IB_N_PERCENTILES - 1 ? 2.5 : 1));
    }
  m.requests_per_s = 1e9 / p50_ns * 10;
  m.total_ns = (gint64) (p50_ns * 2000);
  g_array_append_val (wu->modes, m);
}

static void
add_sweep_point (IbSweep    *sweep,
                 guint64     value,
                 const char *strategy,
                 double      median)
{
  IbSweepPoint p = { 0 };

  p.value = value;
  p.strategy = g_strdup (strategy);
  p.median_ns = median;
  p.ci_low_ns = median * 0.93;
  p.ci_high_ns = median * 1.08;
  p.n = 5;
  p.ci_level = 0.9375;
  g_array_append_val (sweep->points, p);
}

static IbReport *
full_with_factor (double factor)
{
  IbReport *report = ib_report_new ();
  guint64 bytes = (guint64) (144 * MIB);
  static const guint64 counts[] = { 1, 2, 10, 100, 1000 };

  base_plan (report, 4, (guint64) (36 * MIB));
  report->plan->file_sizes->len = 0;
  {
    guint64 sizes[] = { 32 * 1048576ull, 64 * 1048576ull, 16 * 1048576ull, 32 * 1048576ull };

    g_array_append_vals (report->plan->file_sizes, sizes, 4);
  }
  add_strategy (report, "sync-load-contents", 182e6 * factor, 0.05, 5, 0.97, bytes, 11);
  add_strategy (report, "sync-read-all", 41e6, 0.06, 5, 0.95, bytes, 12);
  add_strategy (report, "async-load-contents-parallel", 121e6 * factor, 0.08, 5, 1.6, bytes, 13);
  add_strategy (report, "async-load-contents-serial", 236e6, 0.05, 5, 1.1, bytes, 14);
  add_strategy (report, "async-stream-serial", 88e6 / factor, 0.07, 5, 1.05, bytes, 15);
  add_strategy (report, "async-stream-parallel", 63e6, 0.09, 5, 1.4, bytes, 16);
  add_strategy (report, "async-read-all-serial", 47e6 * factor, 0.04, 5, 0.9, bytes, 17);
  add_strategy (report, "async-read-all-parallel", 29e6, 0.1, 5, 1.7, bytes, 18);
  add_strategy (report, "gtask-thread-parallel", 27e6 * factor, 0.12, 5, 1.8, bytes, 19);
  add_strategy (report, "thread-pool-parallel", 25e6, 0.11, 5, 1.85, bytes, 20);
  add_failed (report, "mmap", "Could not map “/tmp/iobench-1/file-2”: Cannot allocate memory");

  add_overhead (report, "direct", 2.1);
  add_overhead (report, "gtask", 412 * factor);
  add_overhead (report, "idle", 1830);
  add_overhead (report, "thread", 6400);
  add_overhead (report, "pool", 2900);

  report->write_unlink = ib_write_unlink_new ();
  report->write_unlink->requests = 2000;
  report->write_unlink->concurrency = 2000;
  report->write_unlink->effective_concurrency = 1000;
  report->write_unlink->bytes = 4096;
  add_wu_mode (report->write_unlink, "sync-serial", 38e3, 2.2);
  add_wu_mode (report->write_unlink, "async-gio", 21e6, 3.5);
  add_wu_mode (report->write_unlink, "thread-pool", 9e6, 2.8);

  report->sweep = ib_sweep_new ();
  report->sweep->vary = IB_VARY_COUNT;
  for (guint i = 0; i < G_N_ELEMENTS (counts); i++)
    {
      double n = (double) counts[i];

      add_sweep_point (report->sweep, counts[i], "sync-load-contents", 52e3 * n);
      add_sweep_point (report->sweep, counts[i], "async-load-contents-parallel",
                       310e3 + 19e3 * n);
    }
  report->sweep->has_crossover = TRUE;
  report->sweep->crossover_value = 10;
  report->sweep->crossover_winner = g_strdup ("async-load-contents-parallel");
  report->sweep->crossover_loser = g_strdup ("sync-load-contents");
  {
    g_autoptr(IbReport) mapped = fx_map_report_new ();

    report->map = g_steal_pointer (&mapped->map);
  }
  return report;
}

IbReport *
fixture_full (void)
{
  return full_with_factor (1.0);
}

IbReport *
fixture_other (void)
{
  IbReport *report = full_with_factor (1.6);

  g_free (report->created);
  report->created = g_strdup ("2026-11-30T08:30:00Z");
  g_free (report->environment->hostname);
  report->environment->hostname = g_strdup ("laptop");
  return report;
}

IbReport *
fixture_empty (void)
{
  IbReport *report = ib_report_new ();

  g_free (report->created);
  report->created = g_strdup ("2026-11-29T21:04:00Z");
  return report;
}

IbReport *
fixture_one_strategy (void)
{
  IbReport *report = ib_report_new ();

  base_plan (report, 1, 2732);
  add_strategy (report, "sync-load-contents", 18e3, 0.1, 5, 0.9, 2732, 3);
  return report;
}

IbReport *
fixture_many (guint n)
{
  IbReport *report = ib_report_new ();

  base_plan (report, 100, 2732);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *id = g_strdup_printf ("custom-strategy-with-a-rather-long-name-%02u", i);

      add_strategy (report, id, 1e6 * (1 + i * 0.37), 0.08, 5, 1.0, 273200, 100 + i);
    }
  return report;
}

IbReport *
fixture_single_sample (void)
{
  IbReport *report = ib_report_new ();

  base_plan (report, 2, 2732);
  add_strategy (report, "sync-load-contents", 31e3, 0.1, 1, 0.9, 5464, 5);
  add_strategy (report, "async-load-contents-parallel", 44e3, 0.1, 1, 1.2, 5464, 6);
  return report;
}

IbReport *
fixture_wide_range (void)
{
  IbReport *report = ib_report_new ();

  base_plan (report, 4, 1048576);
  add_strategy (report, "sync-read-all", 1.2e3, 0.2, 5, 0.9, 4 * 1048576, 7);
  add_strategy (report, "async-read-all-parallel", 95e3, 0.2, 5, 1.2, 4 * 1048576, 8);
  add_strategy (report, "thread-pool-parallel", 8.1e6, 0.2, 5, 1.5, 4 * 1048576, 9);
  add_strategy (report, "async-load-contents-serial", 1.05e9, 0.2, 5, 1.1, 4 * 1048576, 10);
  add_overhead (report, "direct", 0.9);
  add_overhead (report, "tasks-100", 9.2e5);
  return report;
}

IbReport *
fixture_all_failed (void)
{
  IbReport *report = ib_report_new ();

  base_plan (report, 1, 2732);
  add_failed (report, "sync-load-contents", "Error opening file: Permission denied");
  add_failed (report, "async-stream-parallel", "Operation was cancelled");
  report->partial = TRUE;
  return report;
}

IbReport *
fixture_hostile (void)
{
  IbReport *report = fixture_full ();

  for (guint i = 0; i < report->statistics->len; i++)
    {
      IbStats *st = &g_array_index (report->statistics, IbStats, i);

      st->median_ns = i % 3 == 0 ? NAN : i % 3 == 1 ? INFINITY : -5;
      st->ci_low_ns = -INFINITY;
      st->ci_high_ns = NAN;
      st->mib_per_s = i % 2 ? INFINITY : NAN;
      st->user_ns = NAN;
      st->sys_ns = -1;
      st->n = 3;
      st->stall_ns = i % 2 ? NAN : -INFINITY;
      st->stall_max_ns = INFINITY;
      st->frames_missed_60 = NAN;
    }
  for (guint i = 0; i < report->overhead->len; i++)
    {
      IbOverheadRow *row = &g_array_index (report->overhead, IbOverheadRow, i);

      row->ns_per_op = i % 2 ? NAN : -INFINITY;
      row->ratio_to_direct = NAN;
    }
  for (guint i = 0; i < report->sweep->points->len; i++)
    g_array_index (report->sweep->points, IbSweepPoint, i).median_ns = i % 2 ? NAN : 0;
  for (guint i = 0; i < report->write_unlink->modes->len; i++)
    g_array_index (report->write_unlink->modes, IbWriteUnlinkMode, i).percentiles_ns[2] = -7;
  return report;
}

IbReport *
fixture_every_strategy (void)
{
  IbReport *report = ib_report_new ();
  const IbStrategyInfo *table;
  guint n = 0;

  base_plan (report, 4, (guint64) (36 * MIB));
  table = ib_strategies (&n);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *direct = g_strconcat (table[i].id, "@direct", NULL);

      add_strategy (report, table[i].id, 30e6 * (1 + i * 0.31), 0.08, 5, 1.2, (guint64) (144 * MIB),
                    40 + i);
      /* Same name but for its last words: where a narrow chart cut them apart. */
      if (g_str_has_prefix (table[i].id, "uring-read-all-parallel"))
        add_strategy (report, direct, 38e6 * (1 + i * 0.29), 0.08, 5, 1.2, (guint64) (144 * MIB),
                      90 + i);
    }
  /* As in a real quick run: a slowest run past 1 s (the log axis
   * ends at 2 s). */
  add_strategy (report, "async-load-contents-parallel@direct", 0.8e9, 0.3, 5, 1.2,
                (guint64) (144 * MIB), 7);
  return report;
}
