/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-compare-writers.c: a comparison of two reports as one self-contained
 * HTML page (inline SVG charts, light and dark, like ib-report-html.c) or as
 * Markdown with its chart written beside it as PNG.
 *
 * Both say first which two runs they compare and what differs between them,
 * then one table per section (reads, overhead, write + delete, sweep) whose
 * verdict column is one sentence stating the direction once. Every file is
 * written atomically; the Markdown's chart is removed again when the
 * Markdown itself cannot be written. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "chart/ib-chart.h"
#include "engine/model/ib-error.h"
#include "engine/io/ib-output.h"
#include "engine/stats/ib-stats.h"
#include "ib-compare-writers.h"
#include "analysis/ib-compare-map.h"
#include "analysis/ib-tables.h"
#include "analysis/ib-labels.h"
#include "ib-report-charts.h"
#include "ib-report-io.h"
#include "ib-report-writers-private.h"

IbCompareChart
ib_compare_section_chart (IbCompareSection section)
{
  switch (section)
    {
    case IB_COMPARE_OVERHEAD:
      return IB_COMPARE_CHART_OVERHEAD;
    case IB_COMPARE_WRITE_UNLINK:
      return IB_COMPARE_CHART_WRITE_UNLINK;
    case IB_COMPARE_SWEEP:
      return IB_COMPARE_CHART_SWEEP;
    case IB_COMPARE_READS:
    case IB_N_COMPARE_SECTIONS:
    default:
      return IB_COMPARE_CHART_READS;
    }
}

gboolean
ib_compare_section_from_id (const char       *id,
                            IbCompareSection *out)
{
  for (int s = 0; s < IB_N_COMPARE_SECTIONS; s++)
    if (g_strcmp0 (id, ib_compare_section_id ((IbCompareSection) s)) == 0)
      {
        *out = (IbCompareSection) s;
        return TRUE;
      }
  return FALSE;
}

int
ib_compare_chart_height (const IbComparison *comparison,
                         IbCompareChart      what)
{
  guint rows;

  g_return_val_if_fail (comparison != NULL, 540);

  what = ib_chart_compare_resolve (what, comparison);
  /* every row either has, once */
  rows = ib_comparison_get_all_rows (comparison, ib_chart_compare_section (what))->len;
  /* a title, subtitle, legend and caption of about 170 units, then two bars
   * a row; at least 400 to keep out of the compact layout (below 380) */
  return (int) CLAMP (170 + 56 * rows, 400, 4000);
}

/* "A: Quick, 1 Dec 2026, 02:54" */
static char *
side_title (const char *letter,
            const char *name)
{
  /* Translators: a run of a comparison, "A: Quick, 1 Dec 2026, 02:54" */
  return g_strdup_printf (_("%s: %s"), letter, name);
}

/* ---- HTML -------------------------------------------------------------- */

static char *
render_svg (const IbComparison *comparison,
            const IbChartStyle *style,
            const char         *tmpdir,
            const char         *prefix,
            GError            **error)
{
  g_autofree char *name = g_strdup_printf ("%s.svg", prefix);
  g_autofree char *path = g_build_filename (tmpdir, name, NULL);
  g_autofree char *data = NULL;
  const char *start;
  gboolean ok;
  IbChartRequest   request = {
      ib_chart_kind_lookup ("compare"),
      NULL,
      comparison,
      style,
      IB_REPORT_CHART_WIDTH,
      ib_compare_chart_height (comparison, style->compare),
  };

  ok = ib_chart_export (&request, ib_chart_format_lookup ("svg"), path, 1, error) && g_file_get_contents (path, &data, NULL, error);
  g_unlink (path);
  if (!ok)
    return NULL;
  start = strstr (data, "<svg");
  if (start == NULL)
    {
      g_set_error (error, IB_ERROR, IB_ERROR_IO, _("The comparison chart did not render as SVG"));
      return NULL;
    }
  return ib_report_html_prefix_svg_ids (start, prefix);
}

/* The chart of @section, light and dark, when both runs have that part. */
static gboolean
html_chart (GString            *out,
            const IbComparison *comparison,
            IbCompareSection    section,
            gboolean          log_scale,
            GError          **error)
{
  g_autofree char *tmpdir = NULL;
  g_autofree char *light_svg = NULL;
  g_autofree char *dark_svg = NULL;
  g_autofree char *prefix_light = NULL;
  g_autofree char *prefix_dark = NULL;
  g_autofree char *label = NULL;
  const char *id = ib_compare_section_id (section);
  IbChartStyle light, dark;

  if (!ib_chart_compare_has_data (ib_compare_section_chart (section), comparison))
    return TRUE;
  ib_chart_style_init_light (&light);
  ib_chart_style_init_dark (&dark);
  light.log_scale = dark.log_scale = log_scale;
  light.compare = dark.compare = ib_compare_section_chart (section);
  tmpdir = g_dir_make_tmp ("iobench-compare-XXXXXX", error);
  if (tmpdir == NULL)
    return FALSE;
  prefix_light = g_strdup_printf ("compare-%s-light-", id);
  prefix_dark = g_strdup_printf ("compare-%s-dark-", id);
  light_svg = render_svg (comparison, &light, tmpdir, prefix_light, error);
  dark_svg = light_svg != NULL ? render_svg (comparison, &dark, tmpdir, prefix_dark, error)
                               : NULL;
  g_rmdir (tmpdir);
  if (dark_svg == NULL)
    return FALSE;
  /* Translators: a chart's label for screen readers, "Comparison of two
   * runs: Dispatch overhead" */
  label = g_strdup_printf (_("%s: %s"), ib_chart_kind_title (ib_chart_kind_lookup ("compare")),
                           ib_compare_section_title (section));
  g_string_append_printf (out, "<figure id=\"chart-compare-%s\" role=\"img\" aria-label=\"", id);
  ib_report_html_escape (out, label);
  g_string_append (out, "\">\n<div class=\"chart-light\">");
  g_string_append (out, light_svg);
  g_string_append (out, "</div>\n<div class=\"chart-dark\">");
  g_string_append (out, dark_svg);
  g_string_append (out, "</div>\n</figure>\n");
  return TRUE;
}

static const char compare_css[] =
  "tr.differs th,tr.differs td{font-weight:bold}\n"
  /* the verdict, one sentence: a few lines at most, never a narrow column */
  "td:last-child{min-width:18em}\n"
  ".sides{margin:.25rem 0 1rem;padding-left:1.2rem}\n";

/* From <!DOCTYPE> to the header naming the two runs, each once with its
 * letter: the tables then say A and B. */
static void
html_head (GString    *out,
           const char *name_a,
           const char *name_b)
{
  g_autofree char *lang = ib_report_html_lang ();
  g_autofree char *side_a = side_title (_("A"), name_a);
  g_autofree char *side_b = side_title (_("B"), name_b);

  g_string_append_printf (out, "<!DOCTYPE html>\n<html lang=\"%s\">\n<head>\n"
                          "<meta charset=\"utf-8\"/>\n"
                          "<meta name=\"viewport\" content=\"width=device-width, "
                          "initial-scale=1\"/>\n"
                          "<meta name=\"color-scheme\" content=\"light dark\"/>\n"
                          "<meta name=\"generator\" content=\"I/O Bench %s\"/>\n<title>",
                          lang, PACKAGE_VERSION);
  ib_report_html_escape (out, _("I/O Bench comparison"));
  g_string_append (out, " — ");
  ib_report_html_escape (out, name_a);
  g_string_append (out, " / ");
  ib_report_html_escape (out, name_b);
  g_string_append_printf (out, "</title>\n<style>\n%s%s</style>\n</head>\n<body>\n<main>\n",
                          ib_report_html_css (), compare_css);

  g_string_append (out, "<header>\n<h1>");
  ib_report_html_escape (out, _("I/O Bench comparison"));
  g_string_append (out, "</h1>\n<ol class=\"sides\">\n<li id=\"run-a\">");
  ib_report_html_escape (out, side_a);
  g_string_append (out, "</li>\n<li id=\"run-b\">");
  ib_report_html_escape (out, side_b);
  g_string_append (out, "</li>\n</ol>\n</header>\n");
}

/* The two runs, what differs in bold. */
static void
html_facts (GString        *out,
            const IbReport *a,
            const IbReport *b)
{
  g_autoptr(GArray) facts = ib_compare_facts (a, b);
  guint n_differ = 0;

  g_string_append (out, "<section id=\"runs\">\n<h2>");
  ib_report_html_escape (out, _("The two runs"));
  g_string_append (out, "</h2>\n<div class=\"table-wrap\"><table>\n<thead><tr><th scope=\"col\">");
  g_string_append (out, "</th><th scope=\"col\">");
  ib_report_html_escape (out, _("A"));
  g_string_append (out, "</th><th scope=\"col\">");
  ib_report_html_escape (out, _("B"));
  g_string_append (out, "</th></tr></thead>\n<tbody>\n");
  for (guint i = 0; i < facts->len; i++)
    {
      const IbCompareFact *f = &g_array_index (facts, IbCompareFact, i);

      n_differ += f->differs;
      g_string_append (out, f->differs ? "<tr class=\"differs\"><th scope=\"row\">"
                                       : "<tr><th scope=\"row\">");
      ib_report_html_escape (out, f->what);
      g_string_append (out, "</th><td>");
      ib_report_html_escape (out, f->a);
      g_string_append (out, "</td><td>");
      ib_report_html_escape (out, f->b);
      g_string_append (out, "</td></tr>\n");
    }
  g_string_append (out, "</tbody>\n</table></div>\n<p class=\"note\">");
  ib_report_html_escape (out, n_differ > 0 ? _("Lines in bold differ between the two runs.")
                         : _("The two runs were made alike."));
  g_string_append (out, "</p>\n</section>\n");
}

/* One section: its title, its chart when both runs have it, then its
 * table, or why it has no rows. */
static void
html_table_section (GString       *out,
                    const IbTable *table,
                    GString       *chart)
{
  g_string_append_printf (out, "<section id=\"%s\">\n<h2>", table->id);
  ib_report_html_escape (out, table->title);
  g_string_append (out, "</h2>\n");
  if (chart != NULL)
    g_string_append_len (out, chart->str, (gssize) chart->len);
  if (table->rows->len == 0)
    {
      g_string_append (out, "<p>");
      ib_report_html_escape (out, table->note);
      g_string_append (out, "</p>\n");
    }
  else
    ib_report_html_table (out, table, FALSE);
  g_string_append (out, "</section>\n");
}

char *
ib_compare_to_html (const IbComparison *comparison,
                    gboolean            log_scale,
                    GError            **error)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(IbTable) map = NULL;
  g_autofree char *note = NULL;
  const IbReport *a, *b;

  g_return_val_if_fail (comparison != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  a = ib_analysis_get_report (ib_comparison_get_a (comparison));
  b = ib_analysis_get_report (ib_comparison_get_b (comparison));
  html_head (out, ib_comparison_get_name_a (comparison), ib_comparison_get_name_b (comparison));
  html_facts (out, a, b);
  for (int s = 0; s < IB_N_COMPARE_SECTIONS; s++)
    {
      g_autoptr(IbTable) table = ib_table_comparison (comparison, _("A"), _("B"),
                                                        (IbCompareSection) s);
      g_autoptr(GString) chart = g_string_new (NULL);

      if (!html_chart (chart, comparison, (IbCompareSection) s, log_scale, error))
        return NULL;
      html_table_section (out, table, chart);
    }
  /* the size x count maps, cell by cell, when either run has one */
  map = ib_table_compare_map (a, _("A"), b, _("B"));
  if (map != NULL)
    html_table_section (out, map, NULL);

  note = ib_table_compare_note ();
  g_string_append (out, "<p class=\"note\">");
  ib_report_html_escape (out, note);
  g_string_append (out, "</p>\n");
  ib_report_html_end (out);
  return g_strdup (out->str);
}

gboolean
ib_compare_save_html (const IbComparison *comparison,
                      gboolean            log_scale,
                      const char         *path,
                      GError            **error)
{
  g_autofree char *html = NULL;
  g_autoptr(GError) local = NULL;

  g_return_val_if_fail (comparison != NULL && path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  html = ib_compare_to_html (comparison, log_scale, &local);
  if (html == NULL)
    {
      /* its charts are drawn in files of its own: name this one */
      if (!ib_output_interrupted (path, error))
        g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  return ib_output_save (path, html, -1, error);
}

/* ---- Markdown ---------------------------------------------------------- */

char *
ib_compare_chart_path (const char       *markdown_path,
                       IbCompareSection  section)
{
  g_autofree char *dir = NULL;
  g_autofree char *name = NULL;

  g_return_val_if_fail (markdown_path != NULL, NULL);

  dir = ib_report_markdown_chart_dir (markdown_path);
  name = g_strdup_printf ("%s.png", ib_compare_section_id (section));
  return g_build_filename (dir, name, NULL);
}

GPtrArray *
ib_compare_markdown_charts (const IbComparison *comparison,
                            const char         *path)
{
  GPtrArray *paths = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (path != NULL, paths);

  for (int s = 0; s < IB_N_COMPARE_SECTIONS; s++)
    if (comparison == NULL ||
        ib_chart_compare_has_data (ib_compare_section_chart ((IbCompareSection) s), comparison))
      g_ptr_array_add (paths, ib_compare_chart_path (path, (IbCompareSection) s));
  return paths;
}

gboolean
ib_compare_save_markdown (const IbComparison *comparison,
                          gboolean            log_scale,
                          const char         *path,
                          GError            **error)
{
  return ib_compare_save_markdown_full (comparison, log_scale, path, FALSE, error);
}

/* The title, the two runs each once with its letter, and what differs. */
static void
md_head (GString        *out,
         const char     *name_a,
         const char     *name_b,
         const IbReport *a,
         const IbReport *b)
{
  g_autofree char *side_a = side_title (_("A"), name_a);
  g_autofree char *side_b = side_title (_("B"), name_b);
  g_autoptr(GArray) facts = ib_compare_facts (a, b);
  const char *head[3] = { "", _("A"), _("B") };

  g_string_append (out, "# ");
  ib_report_md_escape (out, _("I/O Bench comparison"), FALSE);
  g_string_append (out, "\n\n1. ");
  ib_report_md_escape (out, side_a, FALSE);
  g_string_append (out, "\n2. ");
  ib_report_md_escape (out, side_b, FALSE);
  g_string_append (out, "\n\n## ");
  ib_report_md_escape (out, _("The two runs"), FALSE);
  g_string_append (out, "\n\n");
  ib_report_md_row (out, head, 3);
  g_string_append (out, "| --- | --- | --- |\n");
  for (guint i = 0; i < facts->len; i++)
    {
      const IbCompareFact *f = &g_array_index (facts, IbCompareFact, i);
      g_autofree char *what = f->differs ? g_strdup_printf ("%s (≠)", f->what)
                                         : g_strdup (f->what);
      const char *cells[3] = { what, f->a, f->b };

      ib_report_md_row (out, cells, 3);
    }
  g_string_append (out, "\n");
  ib_report_md_escape (out, _("Lines marked ≠ differ between the two runs."), FALSE);
  g_string_append (out, "\n");
}

/* Where the Markdown's charts go, and the ones written so far. */
typedef struct
{
  const char *path;       /* the Markdown */
  char       *dir_name;   /* its chart folder's name, as the links say it */
  GPtrArray  *written;
} MdCharts;

/* The chart of @section as PNG beside the Markdown and its link, when both
 * runs have that part. */
static gboolean
md_chart (GString            *out,
          const IbComparison *comparison,
          IbCompareSection    section,
          gboolean            log_scale,
          MdCharts           *charts,
          GError            **error)
{
  IbChartStyle style;
  const IbChartKindInfo *kind = ib_chart_kind_lookup ("compare");
  IbChartRequest request = { kind, NULL, comparison, &style, IB_REPORT_CHART_WIDTH, 0 };
  g_autofree char *png = NULL, *base = NULL, *alt = NULL;

  if (!ib_chart_compare_has_data (ib_compare_section_chart (section), comparison))
    return TRUE;
  png = ib_compare_chart_path (charts->path, section);
  base = g_path_get_basename (png);
  alt = g_strdup_printf (_("%s: %s"), ib_chart_kind_title (kind),
                         ib_compare_section_title (section));
  ib_chart_style_init_light (&style);
  style.log_scale = log_scale;
  style.compare = ib_compare_section_chart (section);
  request.height = ib_compare_chart_height (comparison, style.compare);
  if (!ib_chart_export (&request, ib_chart_format_lookup ("png"), png, 2, error))
    return FALSE;
  g_ptr_array_add (charts->written, g_steal_pointer (&png));
  g_string_append (out, "![");
  ib_report_md_escape (out, alt, FALSE);
  g_string_append (out, "](");
  g_string_append_uri_escaped (out, charts->dir_name, NULL, TRUE);
  g_string_append_c (out, '/');
  g_string_append_uri_escaped (out, base, NULL, TRUE);
  g_string_append (out, ")\n\n");
  return TRUE;
}

/* A section's table under its heading, or why it has no rows. */
static void
md_table_section (GString       *out,
                  const IbTable *table)
{
  if (table->rows->len == 0)
    {
      ib_report_md_escape (out, table->note, FALSE);
      g_string_append_c (out, '\n');
      return;
    }
  ib_report_md_table (out, table, FALSE);
}

static void
md_heading (GString    *out,
            const char *title)
{
  g_string_append (out, "\n## ");
  ib_report_md_escape (out, title, FALSE);
  g_string_append (out, "\n\n");
}

/* Every section with its chart, the maps, and the note on how. */
static gboolean
md_body (GString            *out,
         const IbComparison *comparison,
         gboolean            log_scale,
         MdCharts           *charts,
         GError            **error)
{
  const IbReport *a = ib_analysis_get_report (ib_comparison_get_a (comparison));
  const IbReport *b = ib_analysis_get_report (ib_comparison_get_b (comparison));
  g_autoptr(IbTable) map = NULL;
  g_autofree char *note = NULL;

  for (int s = 0; s < IB_N_COMPARE_SECTIONS; s++)
    {
      g_autoptr(IbTable) table = ib_table_comparison (comparison, _("A"), _("B"),
                                                        (IbCompareSection) s);

      md_heading (out, table->title);
      if (!md_chart (out, comparison, (IbCompareSection) s, log_scale, charts, error))
        return FALSE;
      md_table_section (out, table);
    }
  /* the size x count maps, cell by cell, when either run has one */
  map = ib_table_compare_map (a, _("A"), b, _("B"));
  if (map != NULL)
    {
      md_heading (out, map->title);
      md_table_section (out, map);
    }
  note = ib_table_compare_note ();
  g_string_append_c (out, '\n');
  ib_report_md_escape (out, note, FALSE);
  g_string_append_c (out, '\n');
  return TRUE;
}

gboolean
ib_compare_save_markdown_full (const IbComparison *comparison,
                               gboolean            log_scale,
                               const char         *path,
                               gboolean            replace_charts,
                               GError            **error)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GPtrArray) written = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) charts = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *dir_name = NULL;
  gboolean made_dir = FALSE;
  MdCharts md_charts;

  g_return_val_if_fail (comparison != NULL && path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  dir = ib_report_markdown_chart_dir (path);
  dir_name = g_path_get_basename (dir);
  charts = ib_compare_markdown_charts (comparison, path);
  if (!ib_report_markdown_check_target (path, error))
    return FALSE;
  if (!replace_charts && !ib_report_markdown_check_charts (charts, error))
    return FALSE;
  if (charts->len > 0 && !ib_report_markdown_make_dir (dir, &made_dir, error))
    return FALSE;

  md_head (out, ib_comparison_get_name_a (comparison), ib_comparison_get_name_b (comparison),
           ib_analysis_get_report (ib_comparison_get_a (comparison)),
           ib_analysis_get_report (ib_comparison_get_b (comparison)));
  md_charts = (MdCharts) { path, dir_name, written };
  if (!md_body (out, comparison, log_scale, &md_charts, error)
      || !ib_output_save (path, out->str, (gssize) out->len, error))
    {
      /* no chart without the Markdown that shows it */
      ib_report_markdown_undo (written, dir, made_dir);
      return FALSE;
    }
  return TRUE;
}
