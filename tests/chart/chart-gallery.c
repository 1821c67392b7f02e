/* SPDX-License-Identifier: GPL-3.0-or-later */
/* chart-gallery: renders every kind from the fixtures, light and dark, at
 * several sizes and scales, into a folder, to look at (not a test).
 *   chart-gallery OUTDIR */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <stdio.h>

#include "chart-fixtures.h"

int
main (int    argc,
      char **argv)
{
  static const struct { int w, h; double scale; } sizes[] = {
    { 1200, 700, 1 }, { 1200, 700, 2 }, { 360, 300, 1 }, { 2400, 1400, 1 },
  };
  g_autoptr(IbReport) full = fixture_full ();
  g_autoptr(IbReport) other_report = fixture_other ();
  g_autoptr(IbComparison) other = ib_test_comparison (full, other_report);
  const char *outdir = argc > 1 ? argv[1] : "/tmp/chart-gallery";
  struct { const char *name; IbReport *report; } edges[] = {
    { "empty", fixture_empty () }, { "one", fixture_one_strategy () },
    { "many", fixture_many (30) }, { "single", fixture_single_sample () },
    { "wide", fixture_wide_range () }, { "failed", fixture_all_failed () },
    { "hostile", fixture_hostile () },
  };

  g_mkdir_with_parents (outdir, 0755);
  for (guint k = 0; k < ib_chart_n_kinds (); k++)
    for (guint dark = 0; dark < 2; dark++)
      for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
        {
          IbChartStyle style;
          g_autoptr(GError) error = NULL;
          g_autofree char *path = g_strdup_printf ("%s/%s-%s-%dx%d@%g.png", outdir,
                                                   ib_chart_kind_nth (k)->id,
                                                   dark ? "dark" : "light",
                                                   sizes[s].w, sizes[s].h, sizes[s].scale);

          fixture_style (&style, dark);
          if (!ib_chart_export (&(IbChartRequest) { ib_chart_kind_nth (k), full, other, &style, sizes[s].w, sizes[s].h }, ib_chart_format_lookup ("png"), path, sizes[s].scale, &error))
            fprintf (stderr, "%s\n", error->message);
        }
  for (guint e = 0; e < G_N_ELEMENTS (edges); e++)
    for (guint k = 0; k < ib_chart_n_kinds (); k++)
      for (guint log = 0; log < 2; log++)
        {
          IbChartStyle style;
          g_autoptr(GError) error = NULL;
          g_autoptr(IbComparison) pair = ib_test_comparison (edges[e].report, edges[e].report);
          g_autofree char *path = g_strdup_printf ("%s/edge-%s-%s%s.png", outdir, edges[e].name,
                                                   ib_chart_kind_nth (k)->id,
                                                   log ? "-log" : "");

          if (log)
            ib_chart_style_init_high_contrast (&style, e % 2 == 1);
          else
            fixture_style (&style, FALSE);
          style.log_scale = log;
          if (!ib_chart_export (&(IbChartRequest) { ib_chart_kind_nth (k), edges[e].report, pair, &style, 900, 560 }, ib_chart_format_lookup ("png"), path, 1, &error))
            fprintf (stderr, "%s\n", error->message);
        }
  for (guint k = 0; k < ib_chart_n_kinds (); k++)
    {
      IbChartStyle style;
      g_autoptr(IbComparison) pair = ib_test_comparison (edges[2].report, edges[2].report);
      g_autofree char *path = g_strdup_printf ("%s/edge-many-small-%s.png", outdir,
                                               ib_chart_kind_nth (k)->id);

      fixture_style (&style, TRUE);
      ib_chart_export (&(IbChartRequest) { ib_chart_kind_nth (k), edges[2].report, pair, &style, 360, 300 }, ib_chart_format_lookup ("png"), path, 1, NULL);
    }
  for (guint e = 0; e < G_N_ELEMENTS (edges); e++)
    ib_report_unref (edges[e].report);
  return 0;
}
