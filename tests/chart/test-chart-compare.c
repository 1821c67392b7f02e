/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-chart-compare: what the comparison chart says of its two runs:
 * each legend entry names its own run's cache mode wherever the
 * part drawn reads files, at 1280 and 360 px, and in the chart's
 * description for screen readers. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <string.h>

#include "analysis/ib-labels.h"
#include "chart-fixtures.h"
#include "chart/ib-chart-private.h"

static GPtrArray *
draw_texts (const IbReport *a,
            const IbReport *b,
            IbCompareChart  what,
            int             width,
            int             height)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);
  IbChartStyle style;
  GPtrArray *texts;

  fixture_style (&style, FALSE);
  style.compare = what;
  texts = ib_chart_draw_texts (cr, IB_CHART_COMPARE, a, b, &style, width, height);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return texts;
}

/* The legend entry of run @letter ("A: ..."), or NULL. */
static const char *
legend_entry (GPtrArray  *texts,
              const char *prefix)
{
  for (guint i = 0; i < texts->len; i++)
    {
      const char *text = ((IbChartText *) g_ptr_array_index (texts, i))->text;

      if (g_str_has_prefix (text, prefix) && strstr (text, "each verdict") == NULL)
        return text;
    }
  return NULL;
}

static void
test_legend_cache_modes (void)
{
  g_autoptr(IbReport) warm = fixture_full ();
  g_autoptr(IbReport) cold = fixture_other ();
  const char *warm_text = ib_cache_mode_text (IB_CACHE_WARM);
  const char *cold_text = ib_cache_mode_text (IB_CACHE_COLD);
  static const struct { IbCompareChart what; gboolean reads_files; } parts[] = {
    { IB_COMPARE_CHART_READS, TRUE }, { IB_COMPARE_CHART_SWEEP, TRUE },
    { IB_COMPARE_CHART_OVERHEAD, FALSE }, { IB_COMPARE_CHART_WRITE_UNLINK, FALSE },
  };
  static const struct { int width, height; } sizes[] = { { 1280, 720 }, { 360, 640 } };

  warm->plan->cache = IB_CACHE_WARM;
  cold->plan->cache = IB_CACHE_COLD;
  for (guint p = 0; p < G_N_ELEMENTS (parts); p++)
    {
      IbChartStyle style;
      g_autofree char *description = NULL;

      for (guint z = 0; z < G_N_ELEMENTS (sizes); z++)
        {
          g_autoptr(GPtrArray) texts = draw_texts (warm, cold, parts[p].what, sizes[z].width,
                                                   sizes[z].height);
          const char *a = legend_entry (texts, "A: ");
          const char *b = legend_entry (texts, "B: ");

          g_test_message ("part %d at %d px: “%s” / “%s”", parts[p].what, sizes[z].width, a, b);
          g_assert_nonnull (a);
          g_assert_nonnull (b);
          /* Each side its own mode, never the other's. */
          g_assert_true ((strstr (a, warm_text) != NULL) == parts[p].reads_files);
          g_assert_true ((strstr (b, cold_text) != NULL) == parts[p].reads_files);
          g_assert_null (strstr (a, cold_text));
          g_assert_null (strstr (b, warm_text));
        }
      /* A sweep-only run (iobench-cli sweep) has no file set of its own,
       * and its sweep read from a cache all the same. */
      if (parts[p].what == IB_COMPARE_CHART_SWEEP)
        {
          g_autoptr(IbReport) warm_sweep = fixture_full ();
          g_autoptr(IbReport) cold_sweep = fixture_other ();
          g_autoptr(GPtrArray) texts = NULL;

          warm_sweep->plan->cache = IB_CACHE_WARM;
          cold_sweep->plan->cache = IB_CACHE_COLD;
          g_array_set_size (warm_sweep->plan->file_sizes, 0);
          g_array_set_size (cold_sweep->plan->file_sizes, 0);
          texts = draw_texts (warm_sweep, cold_sweep, IB_COMPARE_CHART_SWEEP, 1280, 720);
          g_assert_nonnull (strstr (legend_entry (texts, "A: "), warm_text));
          g_assert_nonnull (strstr (legend_entry (texts, "B: "), cold_text));
        }
      /* A screen reader hears the same. */
      fixture_style (&style, FALSE);
      style.compare = parts[p].what;
      description = ib_chart_describe (IB_CHART_COMPARE, warm, cold, &style);
      g_test_message ("described: %s", description);
      g_assert_true ((strstr (description, warm_text) != NULL) == parts[p].reads_files);
      g_assert_true ((strstr (description, cold_text) != NULL) == parts[p].reads_files);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/chart/compare/legend-cache-modes", test_legend_cache_modes);
  return g_test_run ();
}
