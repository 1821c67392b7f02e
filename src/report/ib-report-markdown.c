/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-report-markdown.c: a Markdown report with PNG charts in a folder of
 * their own.
 *
 * The charts are written first as NAME-charts/KIND.png beside NAME.md (each
 * one atomically by ib_chart_export), then the Markdown itself atomically, so
 * a failure never leaves a Markdown file pointing at missing images. A chart
 * file already there is the user's: it is replaced only when asked to. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <errno.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <gio/gio.h>

#include "chart/ib-chart.h"
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

/* Escapes text for Markdown: the characters that start markup, and '<' '&'
 * so no raw HTML gets through. Newlines become spaces in table cells. */
static void
md_escape (GString    *out,
           const char *raw,
           gboolean    in_table)
{
  g_autofree char *text = NULL;

  if (raw == NULL)
    return;
  text = ib_text_for_document (raw);
  for (const char *p = text; *p != '\0'; p++)
    {
      switch (*p)
        {
        case '\\': case '`': case '*': case '_': case '[': case ']': case '|': case '#':
          g_string_append_c (out, '\\');
          g_string_append_c (out, *p);
          break;
        case '<':
          g_string_append (out, "&lt;");
          break;
        case '>':
          g_string_append (out, "&gt;");
          break;
        case '&':
          g_string_append (out, "&amp;");
          break;
        case '\r':
          break;
        case '\n':
          g_string_append (out, in_table ? " " : "  \n");
          break;
        default:
          g_string_append_c (out, *p);
        }
    }
}

/* One table row: | a | b | c | */
static void
md_row (GString           *out,
        const char * const *cells,
        guint               n)
{
  g_string_append_c (out, '|');
  for (guint c = 0; c < n; c++)
    {
      g_string_append_c (out, ' ');
      md_escape (out, cells[c], TRUE);
      g_string_append (out, " |");
    }
  g_string_append_c (out, '\n');
}

/* One row of @table of the columns a wide display shows, from @cells. */
static void
md_table_row (GString        *out,
              const IbTable  *table,
              char          **cells)
{
  g_autoptr(GPtrArray) shown = g_ptr_array_new ();

  for (guint c = 0; c < table->headers->len; c++)
    if (ib_table_column_shown (table, c, IB_TABLE_WIDE))
      g_ptr_array_add (shown, cells[c]);
  md_row (out, (const char * const *) shown->pdata, shown->len);
}

void
ib_report_md_table (GString       *out,
                    const IbTable *table,
                    gboolean       with_heading)
{
  if (table == NULL)
    return;
  if (with_heading)
    {
      g_string_append (out, "\n## ");
      md_escape (out, table->title, FALSE);
      g_string_append (out, "\n\n");
    }
  md_table_row (out, table, (char **) table->headers->pdata);
  g_string_append_c (out, '|');
  for (guint c = 0; c < table->headers->len; c++)
    if (ib_table_column_shown (table, c, IB_TABLE_WIDE))
      g_string_append (out, g_array_index (table->numeric, gboolean, c) ? " ---: |" : " --- |");
  g_string_append_c (out, '\n');
  for (guint r = 0; r < table->rows->len; r++)
    md_table_row (out, table, g_ptr_array_index (table->rows, r));
  if (ib_table_get_note (table, IB_TABLE_WIDE) != NULL)
    {
      g_string_append_c (out, '\n');
      md_escape (out, ib_table_get_note (table, IB_TABLE_WIDE), FALSE);
      g_string_append_c (out, '\n');
    }
}

static void
md_table (GString *out,
          IbTable *table)
{
  ib_report_md_table (out, table, TRUE);
  ib_table_free (table);
}

static void
md_list (GString    *out,
         const char *title,
         GPtrArray  *items)
{
  if (items->len == 0)
    return;
  g_string_append (out, "\n## ");
  md_escape (out, title, FALSE);
  g_string_append (out, "\n\n");
  for (guint i = 0; i < items->len; i++)
    {
      g_string_append (out, "- ");
      md_escape (out, g_ptr_array_index (items, i), TRUE);
      g_string_append_c (out, '\n');
    }
}

char *
ib_report_markdown_chart_dir (const char *path)
{
  g_autofree char *dir = NULL;
  g_autofree char *stem = NULL;
  g_autofree char *name = NULL;

  g_return_val_if_fail (path != NULL, NULL);

  dir = g_path_get_dirname (path);
  stem = ib_report_stem (path);
  name = g_strdup_printf ("%s-charts", stem);
  return g_build_filename (dir, name, NULL);
}

GPtrArray *
ib_report_markdown_charts (const IbReport *report,
                           const char     *path)
{
  g_autofree char *dir = NULL;
  GPtrArray *paths = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (path != NULL, paths);

  dir = ib_report_markdown_chart_dir (path);
  for (guint i = 0; i < ib_chart_n_kinds (); i++)
    {
      const IbChartKindInfo *kind = ib_chart_kind_nth (i);
      g_autofree char *name = NULL;

      if (!kind->in_reports || (report != NULL && !ib_chart_has_data (kind, report, NULL)))
        continue;
      name = g_strdup_printf ("%s.png", kind->id);
      g_ptr_array_add (paths, g_build_filename (dir, name, NULL));
    }
  return paths;
}

gboolean
ib_report_markdown_check_charts (GPtrArray  *paths,
                                 GError    **error)
{
  g_return_val_if_fail (paths != NULL, FALSE);

  for (guint i = 0; i < paths->len; i++)
    {
      const char *png = g_ptr_array_index (paths, i);
      g_autofree char *dir = g_path_get_dirname (png);

      if (g_file_test (dir, G_FILE_TEST_EXISTS) && !g_file_test (dir, G_FILE_TEST_IS_DIR))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_DIRECTORY,
                       /* Translators: %s is a path */
                       _("The Markdown report's charts go in “%s”, which is a file, not a "
                         "folder; choose another name for the report"), dir);
          return FALSE;
        }
      /* a link is a file there too, even one that points nowhere */
      if (g_file_test (png, G_FILE_TEST_EXISTS | G_FILE_TEST_IS_SYMLINK))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                       /* Translators: %s is a path */
                       _("“%s” already exists and is not replaced; move it away or choose "
                         "another name for the report"), png);
          return FALSE;
        }
    }
  return TRUE;
}

gboolean
ib_report_markdown_check_target (const char  *path,
                                 GError     **error)
{
  IbOutputKind kind = IB_OUTPUT_FILE;

  g_return_val_if_fail (path != NULL, FALSE);

  /* a path that cannot be written at all fails later, with its reason */
  if (ib_output_check (path, NULL, &kind, NULL) && kind == IB_OUTPUT_STREAM)
    {
      g_autofree char *display = g_filename_display_name (path);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE,
                   /* Translators: %s is a path ("-" for standard output) */
                   _("A Markdown report is written with its charts in a folder beside it: "
                     "“%s” is a device, a pipe or standard output, not a file; give a file "
                     "name"), display);
      return FALSE;
    }
  return TRUE;
}

/* Makes @dir when missing; *made says whether this call made it. */
gboolean
ib_report_markdown_make_dir (const char  *dir,
                             gboolean    *made,
                             GError     **error)
{
  *made = FALSE;
  if (g_file_test (dir, G_FILE_TEST_IS_DIR))
    return TRUE;
  if (g_mkdir (dir, 0777) != 0)
    {
      int saved = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   /* Translators: %s is a path, then the system's reason */
                   _("Could not make the chart folder “%s”: %s"), dir, g_strerror (saved));
      return FALSE;
    }
  *made = TRUE;
  return TRUE;
}

/* Removes what a failed export made: its charts, and its folder when this
 * export made it (rmdir leaves a folder that holds anything else). */
void
ib_report_markdown_undo (GPtrArray  *written,
                         const char *dir,
                         gboolean    made_dir)
{
  for (guint i = 0; i < written->len; i++)
    g_unlink (g_ptr_array_index (written, i));
  if (made_dir)
    g_rmdir (dir);
}

gboolean
ib_report_save_markdown (const IbAnalysis *analysis,
                         const char       *path,
                         GError          **error)
{
  return ib_report_save_markdown_full (analysis, FALSE, path, FALSE, error);
}

/* What every section of the Markdown report reads, and the charts it wrote. */
typedef struct
{
  GString          *out;
  const IbAnalysis *analysis;
  const IbReport   *report;
  const char       *dir;      /* NAME-charts, beside NAME.md */
  const char       *dir_name; /* its name alone, for the links */
  GPtrArray        *written;  /* the charts written so far, removed on a failure */
  gboolean          made_dir;
  gboolean          log_scale; /* the charts' time axes logarithmic */
} MdDoc;

/* One section of the report, appended to doc->out; FALSE only when a file
 * it writes fails. */
typedef gboolean (*MdSection) (MdDoc   *doc,
                               GError **error);

/* "## Title", without the line's end. */
static void
md_heading (GString    *out,
            const char *title)
{
  g_string_append (out, "\n## ");
  md_escape (out, title, FALSE);
}

/* A headline in bold, then one list item a detail. */
static void
md_headline (GString            *out,
             const char         *headline,
             const char * const *details,
             guint               n_details)
{
  g_string_append (out, "\n\n**");
  md_escape (out, headline, FALSE);
  g_string_append (out, "**\n");
  if (n_details > 0)
    g_string_append_c (out, '\n');
  for (guint i = 0; i < n_details; i++)
    {
      g_string_append (out, "- ");
      md_escape (out, details[i], TRUE);
      g_string_append_c (out, '\n');
    }
}

/* The title, what was run, and whether it completed. */
static gboolean
md_title (MdDoc   *doc,
          GError **error)
{
  GString         *out = doc->out;
  g_autofree char *subtitle = ib_report_subtitle (doc->report);

  /* Translators: the title of an exported report */
  g_string_append (out, "# ");
  md_escape (out, _("I/O Bench report"), FALSE);
  g_string_append (out, "\n\n");
  md_escape (out, subtitle, FALSE);
  g_string_append (out, "\n");
  if (doc->report->partial)
    {
      g_string_append (out, "\n**");
      md_escape (out, _("Partial results: the run did not complete."), FALSE);
      g_string_append (out, "**");
      if (doc->report->error != NULL)
        {
          g_string_append_c (out, ' ');
          md_escape (out, doc->report->error, FALSE);
        }
      g_string_append_c (out, '\n');
    }
  return TRUE;
}

/* The answer first (ib-answer.h): the headline on its own, in bold, then
 * one line each. */
static gboolean
md_answer (MdDoc   *doc,
           GError **error)
{
  const IbAnswer *answer = ib_analysis_get_answer (doc->analysis);
  g_autofree const char **details = NULL;

  if (answer == NULL)
    return TRUE;
  details = ib_answer_details (answer);
  md_heading (doc->out, _("The answer"));
  md_headline (doc->out, answer->headline, details, g_strv_length ((char **) details));
  return TRUE;
}

/* The small-files and write + delete answers (ib-answer-writes.h) */
static gboolean
md_cards (MdDoc   *doc,
          GError **error)
{
  g_autoptr(GPtrArray) cards = ib_answer_cards (doc->report);

  for (guint c = 0; c < cards->len; c++)
    {
      const IbAnswerCard *card = g_ptr_array_index (cards, c);

      md_heading (doc->out, card->title);
      md_headline (doc->out, card->headline, (const char * const *) card->details->pdata,
                   card->details->len);
    }
  return TRUE;
}

/* The findings, group by group under short headings (ib_finding_group); the
 * answer, above, says what a covered finding says. */
static gboolean
md_findings (MdDoc   *doc,
             GError **error)
{
  GString      *out = doc->out;
  const GArray *findings = ib_analysis_get_findings (doc->analysis);

  if (ib_findings_n_shown (findings) > 0)
    {
      md_heading (out, _("Findings"));
      g_string_append_c (out, '\n');
    }
  for (IbFindingGroup g = 0; g < IB_N_FINDING_GROUPS; g++)
    {
      gboolean open = FALSE;

      for (guint i = 0; i < findings->len; i++)
        {
          const IbFinding *f = &g_array_index (findings, IbFinding, i);

          if (ib_finding_group (f->id) != g || !ib_finding_is_shown (f))
            continue;
          if (!open)
            {
              g_string_append (out, "\n### ");
              md_escape (out, ib_finding_group_title (g), FALSE);
              g_string_append (out, "\n\n");
              open = TRUE;
            }
          g_string_append (out, "- ");
          md_escape (out, f->text, TRUE);
          g_string_append_c (out, '\n');
        }
    }
  return TRUE;
}

/* Writes @kind's chart as doc->dir/KIND.png and links it. */
static gboolean
md_chart (MdDoc                 *doc,
          const IbChartKindInfo *kind,
          const IbChartStyle    *style,
          GError               **error)
{
  GString         *out = doc->out;
  IbChartRequest   request = { kind, doc->report, NULL, style, IB_REPORT_CHART_WIDTH,
                               ib_chart_kind_height (kind, doc->report) };
  g_autofree char *name = g_strdup_printf ("%s.png", kind->id);
  g_autofree char *png = g_build_filename (doc->dir, name, NULL);

  if (!ib_chart_export (&request, ib_chart_format_lookup ("png"), png, 2, error))
    return FALSE;
  g_ptr_array_add (doc->written, g_steal_pointer (&png));
  g_string_append (out, "\n![");
  md_escape (out, ib_chart_kind_title (kind), FALSE);
  /* a relative URL: the stem may hold spaces or parentheses */
  g_string_append (out, "](");
  g_string_append_uri_escaped (out, doc->dir_name, NULL, TRUE);
  g_string_append_c (out, '/');
  g_string_append_uri_escaped (out, name, NULL, TRUE);
  g_string_append (out, ")\n");
  return TRUE;
}

/* Every chart of the report that has data, under one heading. */
static gboolean
md_charts (MdDoc   *doc,
           GError **error)
{
  IbChartStyle style;
  gboolean     any = FALSE;

  ib_chart_style_init_light (&style);
  style.log_scale = doc->log_scale;
  for (guint i = 0; i < ib_chart_n_kinds (); i++)
    {
      const IbChartKindInfo *kind = ib_chart_kind_nth (i);

      if (!kind->in_reports || !ib_chart_has_data (kind, doc->report, NULL))
        continue;
      /* (on a failure the whole text is dropped, heading and all) */
      if (!any)
        {
          md_heading (doc->out, _("Charts"));
          g_string_append (doc->out, "\n");
          any = TRUE;
        }
      if (!md_chart (doc, kind, &style, error))
        return FALSE;
    }
  return TRUE;
}

/* The tables before the sweep's crossover, in the order shown. */
static IbTable *(*const first_tables[]) (const IbReport *report) = {
  ib_table_statistics, ib_table_responsiveness, ib_table_sweep, ib_table_map,
};

/* The results: the tables of numbers, the sweep's crossover among them. */
static gboolean
md_results (MdDoc   *doc,
            GError **error)
{
  g_autofree char *crossover = ib_sweep_crossover_text (doc->report->sweep);

  for (guint t = 0; t < G_N_ELEMENTS (first_tables); t++)
    md_table (doc->out, first_tables[t] (doc->report));
  if (crossover != NULL)
    {
      g_string_append_c (doc->out, '\n');
      md_escape (doc->out, crossover, FALSE);
      g_string_append_c (doc->out, '\n');
    }
  md_table (doc->out, ib_table_overhead (doc->report));
  md_table (doc->out, ib_table_write_unlink (doc->report));
  return TRUE;
}

/* What was run, and where. */
static gboolean
md_setup (MdDoc   *doc,
          GError **error)
{
  md_table (doc->out, ib_table_plan (doc->report));
  md_table (doc->out, ib_table_environment (doc->report));
  return TRUE;
}

static gboolean
md_warnings (MdDoc   *doc,
             GError **error)
{
  g_autoptr(GPtrArray) texts = ib_warning_texts (doc->report);

  md_list (doc->out, _("Warnings"), texts);
  return TRUE;
}

static gboolean
md_samples (MdDoc   *doc,
            GError **error)
{
  md_table (doc->out, ib_table_samples (doc->report));
  return TRUE;
}

/* The report's sections, in the order written. */
static const MdSection md_sections[] = {
  md_title,   md_answer, md_cards,    md_findings, md_charts,
  md_results, md_setup,  md_warnings, md_samples,
};

gboolean
ib_report_save_markdown_full (const IbAnalysis *analysis,
                              gboolean          log_scale,
                              const char       *path,
                              gboolean          replace_charts,
                              GError          **error)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GPtrArray) charts = NULL;
  g_autoptr(GPtrArray) written = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *dir = NULL;
  g_autofree char *dir_name = NULL;
  MdDoc doc = { out, analysis, NULL, NULL, NULL, written, FALSE, log_scale };
  gboolean ok = TRUE;

  g_return_val_if_fail (analysis != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  doc.report = ib_analysis_get_report (analysis);
  doc.dir = dir = ib_report_markdown_chart_dir (path);
  doc.dir_name = dir_name = g_path_get_basename (dir);
  charts = ib_report_markdown_charts (doc.report, path);
  if (!ib_report_markdown_check_target (path, error))
    return FALSE;
  if (!replace_charts && !ib_report_markdown_check_charts (charts, error))
    return FALSE;
  if (charts->len > 0 && !ib_report_markdown_make_dir (dir, &doc.made_dir, error))
    return FALSE;

  for (guint s = 0; s < G_N_ELEMENTS (md_sections) && ok; s++)
    ok = md_sections[s](&doc, error);
  /* no chart without the Markdown that shows it */
  if (!ok || !ib_output_save (path, out->str, (gssize) out->len, error))
    {
      ib_report_markdown_undo (written, dir, doc.made_dir);
      return FALSE;
    }
  return TRUE;
}

/* ---- shared with the comparison report (ib-report-writers-private.h) ---- */

void
ib_report_md_escape (GString    *out,
                     const char *raw,
                     gboolean    in_table)
{
  md_escape (out, raw, in_table);
}

void
ib_report_md_row (GString            *out,
                  const char * const *cells,
                  guint               n)
{
  md_row (out, cells, n);
}
