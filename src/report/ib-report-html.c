/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-report-html.c: one self-contained HTML5 file.
 *
 * No external URL, no script, no fetch: CSS is inline and every chart is an
 * inline SVG rendered by ib_chart_export into a private temporary folder (a
 * light and a dark version, picked by prefers-color-scheme). The markup is
 * also well-formed XML (XHTML-compatible), so `xmllint --noout` checks it.
 * All text goes through g_markup_escape_text. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "chart/ib-chart.h"
#include "engine/model/ib-error.h"
#include "engine/io/ib-output.h"
#include "analysis/ib-answer.h"
#include "analysis/ib-answer-writes.h"
#include "analysis/ib-findings.h"
#include "ib-report-io.h"
#include "analysis/ib-tables.h"
#include "analysis/ib-labels.h"
#include "analysis/ib-text-safe.h"
#include "analysis/ib-warning-text.h"
#include "ib-report-charts.h"
#include "ib-report-writers-private.h"


static const char html_css[] =
  ":root{--bg:#fafafa;--fg:#1e1e1e;--muted:#5e5c64;--card:#fff;--line:#deddda;"
  "--accent:#1c71d8;--warn-bg:#fdf0d5;--warn-line:#e5a50a;--bad:#c01c28}\n"
  "@media (prefers-color-scheme:dark){:root{--bg:#1e1e1e;--fg:#f6f5f4;--muted:#c0bfbc;"
  "--card:#2a2a2a;--line:#474747;--accent:#78aeed;--warn-bg:#3d3211;--warn-line:#cd9309;"
  "--bad:#ff7b63}}\n"
  "*{box-sizing:border-box}\n"
  "body{margin:0;background:var(--bg);color:var(--fg);"
  "font:16px/1.5 Cantarell,'DejaVu Sans',system-ui,-apple-system,'Segoe UI',sans-serif}\n"
  "main{max-width:1100px;margin:0 auto;padding:1rem}\n"
  "h1{font-size:1.8rem;margin:.5rem 0 0}\n"
  "h2{font-size:1.3rem;margin:2rem 0 .5rem;border-bottom:1px solid var(--line)}\n"
  ".subtitle{color:var(--muted);margin:.25rem 0 1rem}\n"
  ".card{background:var(--card);border:1px solid var(--line);border-radius:8px;"
  "padding:.75rem 1rem}\n"
  ".card h2{margin-top:.25rem}\n"
  ".findings h3{font-size:1rem;margin:.75rem 0 .25rem}\n"
  ".findings li{margin:.3rem 0}\n"
  ".warnings{background:var(--warn-bg);border:1px solid var(--warn-line);"
  "border-left-width:6px;border-radius:8px;padding:.5rem 1rem;margin:1rem 0}\n"
  ".warnings h2{border:0;margin:.25rem 0;font-size:1.1rem}\n"
  ".partial{color:var(--bad);font-weight:bold}\n"
  "figure{margin:1rem 0;background:var(--card);border:1px solid var(--line);"
  "border-radius:8px;padding:.5rem}\n"
  "figure svg{display:block;max-width:100%;height:auto;margin:0 auto}\n"
  "td:first-child{white-space:nowrap}\n"
  ".chart-dark{display:none}\n"
  "@media (prefers-color-scheme:dark){.chart-light{display:none}"
  ".chart-dark{display:block}}\n"
  ".table-wrap{overflow-x:auto;-webkit-overflow-scrolling:touch}\n"
  "table{border-collapse:collapse;font-size:.9rem;background:var(--card);min-width:50%}\n"
  "th,td{padding:.3rem .6rem;border-bottom:1px solid var(--line);text-align:left;"
  "vertical-align:top}\n"
  "th{white-space:nowrap}\n"
  "td.num,th.num{text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums}\n"
  "details{margin:1rem 0}\n"
  "summary{cursor:pointer;font-weight:bold;font-size:1.1rem}\n"
  "footer{color:var(--muted);font-size:.85rem;margin:2rem 0 1rem}\n"
  "@media (max-width:600px){body{font-size:15px}main{padding:.5rem}h1{font-size:1.4rem}"
  /* on a phone a chart scaled to the screen is unreadable: keep it legible
   * and let it scroll sideways like the tables */
  "figure>div{overflow-x:auto}figure svg{max-width:none;width:620px}}\n"
  "@media print{:root{--bg:#fff;--fg:#000;--card:#fff;--muted:#333}"
  ".chart-light{display:block!important}.chart-dark{display:none!important}"
  "figure,table,.warnings{break-inside:avoid}h2{break-after:avoid}"
  ".table-wrap{overflow:visible}"
  "details>summary{list-style:none}}\n";

void
ib_report_html_escape (GString    *out,
                       const char *text)
{
  g_autofree char *escaped = NULL;
  g_autofree char *valid = NULL;

  if (text == NULL)
    return;
  valid = ib_text_for_document (text);
  escaped = g_markup_escape_text (valid, -1);
  g_string_append (out, escaped);
}

void
ib_report_html_table (GString       *out,
                      const IbTable *table,
                      gboolean       with_heading)
{
  if (table == NULL)
    return;
  if (with_heading)
    {
      g_string_append_printf (out, "<section id=\"%s\">\n<h2>", table->id);
      ib_report_html_escape (out, table->title);
      g_string_append (out, "</h2>\n");
    }
  g_string_append (out, "<div class=\"table-wrap\"><table>\n<thead><tr>");
  for (guint c = 0; c < table->headers->len; c++)
    {
      if (!ib_table_column_shown (table, c, IB_TABLE_WIDE))
        continue;
      g_string_append (out, g_array_index (table->numeric, gboolean, c)
                            ? "<th class=\"num\" scope=\"col\">" : "<th scope=\"col\">");
      ib_report_html_escape (out, g_ptr_array_index (table->headers, c));
      g_string_append (out, "</th>");
    }
  g_string_append (out, "</tr></thead>\n<tbody>\n");
  for (guint r = 0; r < table->rows->len; r++)
    {
      char **row = g_ptr_array_index (table->rows, r);

      g_string_append (out, "<tr>");
      for (guint c = 0; c < table->headers->len; c++)
        {
          const char *tip = (int) c == table->tip_column
                            ? g_ptr_array_index (table->tips, r) : NULL;

          if (!ib_table_column_shown (table, c, IB_TABLE_WIDE))
            continue;
          g_string_append (out, g_array_index (table->numeric, gboolean, c)
                                ? "<td class=\"num\"" : "<td");
          /* the id behind the display name, as in the app's tooltips */
          if (tip != NULL)
            {
              g_string_append (out, " title=\"");
              ib_report_html_escape (out, tip);
              g_string_append (out, "\"");
            }
          g_string_append (out, ">");
          ib_report_html_escape (out, row[c]);
          g_string_append (out, "</td>");
        }
      g_string_append (out, "</tr>\n");
    }
  g_string_append (out, "</tbody>\n</table></div>\n");
  if (ib_table_get_note (table, IB_TABLE_WIDE) != NULL)
    {
      g_string_append (out, "<p class=\"note\">");
      ib_report_html_escape (out, ib_table_get_note (table, IB_TABLE_WIDE));
      g_string_append (out, "</p>\n");
    }
  if (with_heading)
    g_string_append (out, "</section>\n");
}

static void
html_table (GString *out,
            IbTable *table,
            gboolean with_heading)
{
  ib_report_html_table (out, table, with_heading);
  ib_table_free (table);
}

/* Makes the ids of one inline SVG unique in the page: cairo names glyphs and
 * surfaces "glyph0-1", "surface5" in every file, and a page holding several
 * SVGs would otherwise draw one chart's glyphs in another. */
static char *
prefix_svg_ids (const char *svg,
                const char *prefix)
{
  static const char *const patterns[] = { "id=\"", "href=\"#", "url(#" };
  g_autoptr(GString) out = g_string_new (NULL);
  const char *p = svg;

  while (*p != '\0')
    {
      gboolean matched = FALSE;

      for (guint i = 0; i < G_N_ELEMENTS (patterns) && !matched; i++)
        {
          gsize len = strlen (patterns[i]);

          if (strncmp (p, patterns[i], len) == 0)
            {
              g_string_append_len (out, p, (gssize) len);
              g_string_append (out, prefix);
              p += len;
              matched = TRUE;
            }
        }
      if (!matched)
        g_string_append_c (out, *p++);
    }
  return g_strdup (out->str);
}

/* cairo sizes its SVG in points (width="960pt" height="690pt": 1280 x 920
 * CSS pixels) over a 960 x 690 viewBox. Scaled down to the page by
 * max-width, engines that keep the attribute height (WebKit of
 * wkhtmltopdf, some mail readers) leave a band of ~100 px above and below
 * the centred drawing. Sizes in CSS pixels equal to the viewBox make the
 * chart its natural size wherever it fits, and keep the ratio where it is
 * scaled. @svg starts with "<svg"; only the root's attributes change. */
static void
svg_size_in_pixels (char *svg)
{
  char *end = strchr (svg, '>');

  if (end == NULL)
    return;
  for (const char *name = "width=\"", *next = "height=\""; name != NULL;
       name = next, next = NULL)
    {
      char *at = g_strstr_len (svg, end - svg, name);
      char *unit;

      if (at == NULL)
        continue;
      at += strlen (name);
      unit = at;
      while (g_ascii_isdigit (*unit) || *unit == '.')
        unit++;
      /* "pt" -> two spaces: same length, so @end stays valid */
      if (unit[0] == 'p' && unit[1] == 't' && unit[2] == '"')
        {
          unit[0] = '"';
          unit[1] = ' ';
          unit[2] = ' ';
        }
    }
}

/* Renders @kind as SVG into @tmpdir and returns the <svg> element alone. */
static char *
render_svg (const IbChartKindInfo *kind,
            const IbReport        *report,
            const IbChartStyle    *style,
            const char            *tmpdir,
            const char            *id_prefix,
            GError               **error)
{
  g_autofree char *path = NULL;
  g_autofree char *data = NULL;
  g_autofree char *name = NULL;
  const char *start;
  gboolean ok;

  name = g_strdup_printf ("%s.svg", id_prefix);
  path = g_build_filename (tmpdir, name, NULL);
  ok = ib_chart_export (&(IbChartRequest) { kind, report, NULL, style, IB_REPORT_CHART_WIDTH,
                                            ib_chart_kind_height (kind, report) },
                        ib_chart_format_lookup ("svg"), path, 1, error) &&
       g_file_get_contents (path, &data, NULL, error);
  g_unlink (path);
  if (!ok)
    return NULL;

  start = strstr (data, "<svg");
  if (start == NULL)
    {
      g_set_error (error, IB_ERROR, IB_ERROR_IO,
                   _("The %s chart did not render as SVG"), kind->id);
      return NULL;
    }
  svg_size_in_pixels ((char *) start);
  return prefix_svg_ids (start, id_prefix);
}

static gboolean
append_charts (GString        *out,
               const IbReport *report,
               gboolean        log_scale,
               GError        **error)
{
  g_autofree char *tmpdir = NULL;
  IbChartStyle light, dark;
  gboolean any = FALSE;
  gboolean ok = TRUE;

  ib_chart_style_init_light (&light);
  ib_chart_style_init_dark (&dark);
  /* the axis the user chose, where a chart has the choice (log_switch) */
  light.log_scale = dark.log_scale = log_scale;

  for (guint i = 0; i < ib_chart_n_kinds () && ok; i++)
    {
      const IbChartKindInfo *kind = ib_chart_kind_nth (i);
      const char            *kind_id = kind->id;
      g_autofree char *svg_light = NULL;
      g_autofree char *svg_dark = NULL;
      g_autofree char *prefix_light = NULL;
      g_autofree char *prefix_dark = NULL;

      if (!kind->in_reports || !ib_chart_has_data (kind, report, NULL))
        continue;
      if (tmpdir == NULL)
        {
          tmpdir = g_dir_make_tmp ("iobench-html-XXXXXX", error);
          if (tmpdir == NULL)
            return FALSE;
        }
      prefix_light = g_strdup_printf ("%s-light-", kind_id);
      prefix_dark = g_strdup_printf ("%s-dark-", kind_id);
      svg_light = render_svg (kind, report, &light, tmpdir, prefix_light, error);
      svg_dark = svg_light != NULL ? render_svg (kind, report, &dark, tmpdir, prefix_dark, error)
                                   : NULL;
      if (svg_dark == NULL)
        {
          ok = FALSE;
          break;
        }
      if (!any)
        {
          g_string_append (out, "<section id=\"charts\">\n<h2>");
          ib_report_html_escape (out, _("Charts"));
          g_string_append (out, "</h2>\n");
          any = TRUE;
        }
      /* The chart draws its own title; the label is for screen readers. */
      g_string_append_printf (out, "<figure id=\"chart-%s\" role=\"img\" aria-label=\"",
                              kind_id);
      ib_report_html_escape (out, ib_chart_kind_title (kind));
      g_string_append (out, "\">\n<div class=\"chart-light\">");
      g_string_append (out, svg_light);
      g_string_append (out, "</div>\n<div class=\"chart-dark\">");
      g_string_append (out, svg_dark);
      g_string_append (out, "</div>\n</figure>\n");
    }
  if (any)
    g_string_append (out, "</section>\n");
  if (tmpdir != NULL)
    g_rmdir (tmpdir);
  return ok;
}

/* The language the page is written in: the one of the translation in use. */
static char *
html_lang (void)
{
  /* Translators: the language code of your translation (BCP 47: "es",
   * "ru", "zh-TW"), used as the lang attribute of exported HTML reports */
  const char *lang = C_("HTML lang attribute", "en");

  for (const char *p = lang; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p) && *p != '-')
      return g_strdup ("en");
  return g_strdup (*lang != '\0' ? lang : "en");
}

/* What every section of the page reads. */
typedef struct
{
  GString          *out;
  const IbAnalysis *analysis;
  const IbReport   *report;
  const char       *subtitle; /* what was run, when (ib_report_subtitle) */
  gboolean          log_scale; /* the charts' time axes logarithmic */
} HtmlDoc;

/* One section of the page, appended to doc->out; FALSE only when its
 * charts fail to render. */
typedef gboolean (*HtmlSection) (HtmlDoc *doc,
                                 GError **error);

/* <head>, up to the opening of <main>. */
static gboolean
html_head (HtmlDoc *doc,
           GError **error)
{
  GString         *out = doc->out;
  g_autofree char *lang = html_lang ();

  g_string_append_printf (out, "<!DOCTYPE html>\n<html lang=\"%s\">\n<head>\n"
                          "<meta charset=\"utf-8\"/>\n"
                          "<meta name=\"viewport\" content=\"width=device-width, "
                          "initial-scale=1\"/>\n"
                          "<meta name=\"color-scheme\" content=\"light dark\"/>\n"
                          "<meta name=\"generator\" content=\"I/O Bench %s\"/>\n<title>",
                          lang, PACKAGE_VERSION);
  ib_report_html_escape (out, _("I/O Bench report"));
  g_string_append (out, " — ");
  ib_report_html_escape (out, doc->subtitle);
  g_string_append_printf (out, "</title>\n<style>\n%s</style>\n</head>\n<body>\n<main>\n",
                          html_css);
  return TRUE;
}

/* Title, subtitle, partial banner */
static gboolean
html_header (HtmlDoc *doc,
             GError **error)
{
  GString *out = doc->out;

  g_string_append (out, "<header>\n<h1>");
  ib_report_html_escape (out, _("I/O Bench report"));
  g_string_append (out, "</h1>\n<p class=\"subtitle\">");
  ib_report_html_escape (out, doc->subtitle);
  g_string_append (out, "</p>\n</header>\n");
  if (doc->report->partial)
    {
      g_string_append (out, "<p class=\"partial\">");
      ib_report_html_escape (out, _("Partial results: the run did not complete."));
      if (doc->report->error != NULL)
        {
          g_string_append_c (out, ' ');
          ib_report_html_escape (out, doc->report->error);
        }
      g_string_append (out, "</p>\n");
    }
  return TRUE;
}

/* The rest of an answer's card, after its <h2>: the headline on its own,
 * then one item a detail, and the card's end. */
static void
html_headline (GString            *out,
               IbVerdict           verdict,
               const char         *headline,
               const char * const *details,
               guint               n_details)
{
  g_string_append_printf (out, "</h2>\n<p data-verdict=\"%s\"><strong>",
                          ib_answer_verdict_name (verdict));
  ib_report_html_escape (out, headline);
  g_string_append (out, "</strong></p>\n");
  if (n_details > 0)
    {
      g_string_append (out, "<ul>\n");
      for (guint i = 0; i < n_details; i++)
        {
          g_string_append (out, "<li>");
          ib_report_html_escape (out, details[i]);
          g_string_append (out, "</li>\n");
        }
      g_string_append (out, "</ul>\n");
    }
  g_string_append (out, "</section>\n");
}

/* The answer first (ib-answer.h): the headline, then one line each:
 * trade-off, threads, io_uring, memory map, why. */
static gboolean
html_answer (HtmlDoc *doc,
             GError **error)
{
  const IbAnswer *answer = ib_analysis_get_answer (doc->analysis);
  g_autofree const char **details = NULL;

  if (answer == NULL)
    return TRUE;
  details = ib_answer_details (answer);
  g_string_append (doc->out, "<section id=\"answer\" class=\"card\">\n<h2>");
  ib_report_html_escape (doc->out, _("The answer"));
  html_headline (doc->out, ib_answer_main (answer)->verdict.verdict, answer->headline, details,
                 g_strv_length ((char **) details));
  return TRUE;
}

/* The small-files and write + delete answers (ib-answer-writes.h) */
static gboolean
html_cards (HtmlDoc *doc,
            GError **error)
{
  g_autoptr(GPtrArray) cards = ib_answer_cards (doc->report);

  for (guint c = 0; c < cards->len; c++)
    {
      const IbAnswerCard *card = g_ptr_array_index (cards, c);

      g_string_append_printf (doc->out, "<section id=\"answer-%s\" class=\"card\">\n<h2>",
                              card->id);
      ib_report_html_escape (doc->out, card->title);
      html_headline (doc->out, card->verdict, card->headline,
                     (const char * const *) card->details->pdata, card->details->len);
    }
  return TRUE;
}

/* The findings of group @g, under a short heading, if it has any shown. */
static void
html_finding_group (GString       *out,
                    const GArray  *findings,
                    IbFindingGroup g)
{
  gboolean open = FALSE;

  for (guint i = 0; i < findings->len; i++)
    {
      const IbFinding *f = &g_array_index (findings, IbFinding, i);
      g_autofree char *id = NULL;

      if (ib_finding_group (f->id) != g || !ib_finding_is_shown (f))
        continue;
      if (!open)
        {
          g_string_append_printf (out, "<h3 data-group=\"%s\">", ib_finding_group_to_string (g));
          ib_report_html_escape (out, ib_finding_group_title (g));
          g_string_append (out, "</h3>\n<ul>\n");
          open = TRUE;
        }
      id = g_markup_escape_text (f->id != NULL ? f->id : "", -1);
      g_string_append_printf (out, "<li data-finding=\"%s\">", id);
      ib_report_html_escape (out, f->text);
      g_string_append (out, "</li>\n");
    }
  if (open)
    g_string_append (out, "</ul>\n");
}

/* The findings, group by group (ib_finding_group); the answer, above, says
 * what a covered finding says. */
static gboolean
html_findings (HtmlDoc *doc,
               GError **error)
{
  const GArray *findings = ib_analysis_get_findings (doc->analysis);

  if (ib_findings_n_shown (findings) == 0)
    return TRUE;
  g_string_append (doc->out, "<section id=\"findings\" class=\"card findings\">\n<h2>");
  ib_report_html_escape (doc->out, _("Findings"));
  g_string_append (doc->out, "</h2>\n");
  for (IbFindingGroup g = 0; g < IB_N_FINDING_GROUPS; g++)
    html_finding_group (doc->out, findings, g);
  g_string_append (doc->out, "</section>\n");
  return TRUE;
}

static gboolean
html_warnings (HtmlDoc *doc,
               GError **error)
{
  GString   *out = doc->out;
  g_autoptr(GPtrArray) warnings = ib_warning_texts (doc->report);

  if (warnings->len == 0)
    return TRUE;
  g_string_append (out, "<section id=\"warnings\" class=\"warnings\" role=\"note\">\n<h2>");
  ib_report_html_escape (out, _("Warnings"));
  g_string_append (out, "</h2>\n<ul>\n");
  for (guint i = 0; i < warnings->len; i++)
    {
      g_string_append (out, "<li>");
      ib_report_html_escape (out, g_ptr_array_index (warnings, i));
      g_string_append (out, "</li>\n");
    }
  g_string_append (out, "</ul>\n</section>\n");
  return TRUE;
}

static gboolean
html_charts (HtmlDoc *doc,
             GError **error)
{
  return append_charts (doc->out, doc->report, doc->log_scale, error);
}

/* The tables of the results, in the order shown (each NULL without data). */
static IbTable *(*const result_tables[]) (const IbReport *report) = {
  ib_table_statistics, ib_table_responsiveness, ib_table_overhead,
  ib_table_write_unlink, ib_table_sweep, ib_table_map,
};

/* The results' tables, then the sweep's crossover. */
static gboolean
html_results (HtmlDoc *doc,
              GError **error)
{
  g_autofree char *crossover = ib_sweep_crossover_text (doc->report->sweep);

  for (guint t = 0; t < G_N_ELEMENTS (result_tables); t++)
    html_table (doc->out, result_tables[t] (doc->report), TRUE);
  if (crossover != NULL)
    {
      g_string_append (doc->out, "<p>");
      ib_report_html_escape (doc->out, crossover);
      g_string_append (doc->out, "</p>\n");
    }
  return TRUE;
}

/* Every sample, folded away. */
static gboolean
html_samples (HtmlDoc *doc,
              GError **error)
{
  GString         *out = doc->out;
  guint            n = doc->report->samples->len;
  g_autofree char *summary = NULL;

  if (n == 0)
    return TRUE;
  summary = g_strdup_printf (ngettext ("Every sample (%u)", "Every sample (%u)", n), n);
  g_string_append (out, "<section id=\"samples\">\n<details>\n<summary>");
  ib_report_html_escape (out, summary);
  g_string_append (out, "</summary>\n");
  html_table (out, ib_table_samples (doc->report), FALSE);
  g_string_append (out, "</details>\n</section>\n");
  return TRUE;
}

/* What was run, and where. */
static gboolean
html_setup (HtmlDoc *doc,
            GError **error)
{
  html_table (doc->out, ib_table_plan (doc->report), TRUE);
  html_table (doc->out, ib_table_environment (doc->report), TRUE);
  return TRUE;
}

static gboolean
html_footer (HtmlDoc *doc,
             GError **error)
{
  ib_report_html_end (doc->out);
  return TRUE;
}

/* The page's sections, in the order written. */
static const HtmlSection html_sections[] = {
  html_head,   html_header,  html_answer,  html_cards, html_findings, html_warnings,
  html_charts, html_results, html_samples, html_setup, html_footer,
};

char *
ib_report_to_html (const IbAnalysis *analysis,
                   GError          **error)
{
  return ib_report_to_html_full (analysis, FALSE, error);
}

char *
ib_report_to_html_full (const IbAnalysis *analysis,
                        gboolean          log_scale,
                        GError          **error)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_autofree char *subtitle = NULL;
  HtmlDoc          doc = { out, analysis, NULL, NULL, log_scale };

  g_return_val_if_fail (analysis != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  doc.report = ib_analysis_get_report (analysis);
  doc.subtitle = subtitle = ib_report_subtitle (doc.report);
  for (guint s = 0; s < G_N_ELEMENTS (html_sections); s++)
    if (!html_sections[s](&doc, error))
      return NULL;
  return g_strdup (out->str);
}

gboolean
ib_report_save_html (const IbAnalysis *analysis,
                     const char       *path,
                     GError          **error)
{
  return ib_report_save_html_full (analysis, FALSE, path, error);
}

gboolean
ib_report_save_html_full (const IbAnalysis *analysis,
                          gboolean          log_scale,
                          const char       *path,
                          GError          **error)
{
  g_autofree char *html = NULL;
  g_autoptr(GError) local = NULL;

  g_return_val_if_fail (analysis != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  html = ib_report_to_html_full (analysis, log_scale, &local);
  if (html == NULL)
    {
      /* its charts are drawn in files of its own: name this one */
      if (!ib_output_interrupted (path, error))
        g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  return ib_output_save (path, html, -1, error);
}

/* ---- shared with the comparison report (ib-report-writers-private.h) ---- */

const char *
ib_report_html_css (void)
{
  return html_css;
}

char *
ib_report_html_prefix_svg_ids (const char *svg,
                               const char *prefix)
{
  return prefix_svg_ids (svg, prefix);
}

char *
ib_report_html_lang (void)
{
  return html_lang ();
}

void
ib_report_html_end (GString *out)
{
  /* Translators: the footer of an exported report */
  g_autofree char *footer = g_strdup_printf (_("Made with I/O Bench %s."), PACKAGE_VERSION);

  g_string_append (out, "<footer>");
  ib_report_html_escape (out, footer);
  g_string_append (out, "</footer>\n</main>\n</body>\n</html>\n");
}
