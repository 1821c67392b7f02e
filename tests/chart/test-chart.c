/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-chart: every chart kind rendered from fixed reports and compared with
 * reference PNGs; export formats; edge cases; tooltips.
 *
 * Reference comparison (see README.md): a pixel differs when any channel
 * differs by more than 48 (of 255); a chart fails when more than 0.5 % of its
 * pixels differ. IOBENCH_REGENERATE_REFERENCES=1 rewrites the references. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "chart-fixtures.h"
#include "analysis/ib-labels.h"
#include "analysis/ib-tables.h"
#include "chart/ib-chart-private.h"
#include "ib-test-common.h"

#define REF_WIDTH       720
#define REF_HEIGHT      450
#define CHANNEL_TOL     48
#define MAX_DIFF_RATIO  0.005

static cairo_surface_t *
render (const IbChartKindInfo *kind,
        const IbReport        *report,
        const IbComparison    *other,
        const IbChartStyle    *style,
        int                    width,
        int                    height)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);

  ib_chart_draw (cr, &(IbChartRequest) { kind, report, other, style, width, height });
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  return surface;
}

/* Fraction of pixels that differ by more than CHANNEL_TOL in any channel. */
static double
diff_ratio (cairo_surface_t *a,
            cairo_surface_t *b)
{
  int w = cairo_image_surface_get_width (a), h = cairo_image_surface_get_height (a);
  int sa = cairo_image_surface_get_stride (a), sb = cairo_image_surface_get_stride (b);
  const guint8 *da = cairo_image_surface_get_data (a), *db = cairo_image_surface_get_data (b);
  guint64 differ = 0;

  g_assert_cmpint (cairo_image_surface_get_width (b), ==, w);
  g_assert_cmpint (cairo_image_surface_get_height (b), ==, h);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        const guint8 *pa = da + y * sa + x * 4, *pb = db + y * sb + x * 4;

        for (int c = 0; c < 4; c++)
          if (ABS ((int) pa[c] - (int) pb[c]) > CHANNEL_TOL)
            {
              differ++;
              break;
            }
      }
  return (double) differ / ((double) w * h);
}

/* Pixels that are not the background colour (something was drawn). */
static guint64
count_ink (cairo_surface_t *surface)
{
  int w = cairo_image_surface_get_width (surface), h = cairo_image_surface_get_height (surface);
  int stride = cairo_image_surface_get_stride (surface);
  const guint8 *data = cairo_image_surface_get_data (surface);
  guint32 bg = *(const guint32 *) data;
  guint64 ink = 0;

  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      ink += *(const guint32 *) (data + y * stride + x * 4) != bg;
  return ink;
}

typedef struct
{
  const IbChartKindInfo *kind;
  gboolean    dark;
} RefCase;

static void
test_reference (gconstpointer data)
{
  const RefCase *rc = data;
  g_autoptr(IbReport) full = fixture_full ();
  g_autoptr(IbReport) other_report = fixture_other ();
  g_autoptr(IbComparison) other = ib_test_comparison (full, other_report);
  g_autofree char *name = g_strdup_printf ("%s-%s.png", (rc->kind)->id,
                                           rc->dark ? "dark" : "light");
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "chart", "reference", name, NULL);
  IbChartStyle style;
  cairo_surface_t *got, *want;
  double ratio;

  fixture_style (&style, rc->dark);
  got = render (rc->kind, full, other, &style, REF_WIDTH, REF_HEIGHT);
  g_assert_cmpuint (count_ink (got), >, 1000);

  if (g_strcmp0 (g_getenv ("IOBENCH_REGENERATE_REFERENCES"), "1") == 0)
    {
      g_autofree char *dir = g_path_get_dirname (path);

      g_mkdir_with_parents (dir, 0755);
      g_assert_cmpint (cairo_surface_write_to_png (got, path), ==, CAIRO_STATUS_SUCCESS);
      g_test_message ("rewrote %s", path);
    }

  want = cairo_image_surface_create_from_png (path);
  if (cairo_surface_status (want) != CAIRO_STATUS_SUCCESS)
    g_error ("cannot read reference %s (%s); run with IOBENCH_REGENERATE_REFERENCES=1",
             path, cairo_status_to_string (cairo_surface_status (want)));
  ratio = diff_ratio (got, want);
  if (ratio > MAX_DIFF_RATIO)
    {
      g_autofree char *actual = g_strdup_printf ("%s/iobench-chart-actual-%s",
                                                 g_get_tmp_dir (), name);

      cairo_surface_write_to_png (got, actual);
      g_test_message ("%.2f %% of pixels differ from %s; this render is in %s",
                      ratio * 100, path, actual);
    }
  g_assert_cmpfloat (ratio, <=, MAX_DIFF_RATIO);
  cairo_surface_destroy (got);
  cairo_surface_destroy (want);
}

/* The reference comparison itself must be able to fail. */
static void
test_reference_detects_change (void)
{
  g_autoptr(IbReport) full = fixture_full ();
  IbChartStyle light, dark;
  cairo_surface_t *a, *b;

  fixture_style (&light, FALSE);
  fixture_style (&dark, TRUE);
  a = render (ib_chart_kind_lookup ("strategies"), full, NULL, &light, REF_WIDTH, REF_HEIGHT);
  b = render (ib_chart_kind_lookup ("strategies"), full, NULL, &dark, REF_WIDTH, REF_HEIGHT);
  g_assert_cmpfloat (diff_ratio (a, b), >, MAX_DIFF_RATIO);
  g_assert_cmpfloat (diff_ratio (a, a), ==, 0);
  cairo_surface_destroy (a);
  cairo_surface_destroy (b);
}

static void
test_kind_strings (void)
{
  g_autofree char         *list = ib_chart_kind_list ();
  const IbChartFormatInfo *format;

  for (guint k = 0; k < ib_chart_n_kinds (); k++)
    {
      const IbChartKindInfo *kind = ib_chart_kind_nth (k);

      g_assert_nonnull (kind->id);
      g_assert_true (ib_chart_kind_lookup (kind->id) == kind);
      g_assert_cmpstr (ib_chart_kind_title (kind), !=, "");
      g_assert_nonnull (kind->has_data);
      g_assert_nonnull (kind->draw);
      g_assert_nonnull (kind->subtitle);
      g_assert_nonnull (kind->describe);
      g_assert_nonnull (strstr (list, kind->id));
      /* a page in the window has its switcher title and icon */
      g_assert_true (kind->two_runs || (kind->short_title != NULL && kind->icon != NULL));
    }
  g_assert_cmpstr (ib_chart_kind_lookup ("sweep")->id, ==, "sweep");
  g_assert_null (ib_chart_kind_lookup ("pie"));
  g_assert_null (ib_chart_kind_lookup (NULL));
  g_assert_true (g_str_has_prefix (list, "strategies, throughput, "));

  for (guint i = 0; i < ib_chart_n_formats (); i++)
    g_assert_true (ib_chart_format_lookup (ib_chart_format_nth (i)->id) == ib_chart_format_nth (i));
  format = ib_chart_format_from_path ("/a/b.PNG");
  g_assert_nonnull (format);
  g_assert_cmpstr (format->id, ==, "png");
  g_assert_true (format->pixels);
  format = ib_chart_format_from_path ("x.svg");
  g_assert_nonnull (format);
  g_assert_cmpstr (format->mime_type, ==, "image/svg+xml");
  g_assert_cmpstr (ib_chart_format_from_path ("x.pdf")->id, ==, "pdf");
  g_assert_null (ib_chart_format_from_path ("x.jpeg"));
  g_assert_null (ib_chart_format_from_path ("png"));
  g_assert_null (ib_chart_format_lookup ("bmp"));
}

static void
test_has_data (void)
{
  g_autoptr(IbReport) full = fixture_full ();
  g_autoptr(IbReport) other_report = fixture_other ();
  g_autoptr(IbComparison) other = ib_test_comparison (full, other_report);
  g_autoptr(IbReport) empty = fixture_empty ();
  g_autoptr(IbReport) one = fixture_one_strategy ();
  g_autoptr(IbComparison) none = ib_test_comparison (empty, empty);

  for (guint k = 0; k < ib_chart_n_kinds (); k++)
    {
      g_assert_true (ib_chart_has_data (ib_chart_kind_nth (k), full, other));
      g_assert_false (ib_chart_has_data (ib_chart_kind_nth (k), empty, none));
    }
  g_assert_false (ib_chart_has_data (ib_chart_kind_lookup ("compare"), full, NULL));
  g_assert_true (ib_chart_has_data (ib_chart_kind_lookup ("strategies"), one, NULL));
  g_assert_false (ib_chart_has_data (ib_chart_kind_lookup ("sweep"), one, NULL));
  g_assert_false (ib_chart_has_data (ib_chart_kind_lookup ("overhead"), one, NULL));
  g_assert_false (ib_chart_has_data (ib_chart_kind_lookup ("latency"), one, NULL));
  g_assert_false (ib_chart_has_data (ib_chart_kind_lookup ("map"), one, NULL));
}

/* The map's description names every cell, an undecided line and the
 * unreached cells as such. */
static void
test_map_describe (void)
{
  g_autoptr(IbReport) full = fixture_full ();
  IbChartStyle style;
  g_autofree char *text = NULL;

  fixture_style (&style, FALSE);
  text = ib_chart_describe (&(IbChartRequest) { ib_chart_kind_lookup ("map"), full, NULL, &style, 0, 0 });
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, "4 KiB x 1 file, one after another: sync is 1.6x faster"));
  g_assert_nonnull (strstr (text, "4 KiB x 16 files, "));
  g_assert_nonnull (strstr (text, "64 KiB x 1 file, "));
  g_assert_nonnull (strstr (text, "all at once: sync against async: not decided"));
  g_assert_nonnull (strstr (text, "64 KiB x 16 files, "));
  g_assert_nonnull (strstr (text, "1 MiB x 16 files, one after another: not reached"));
  g_assert_nonnull (strstr (text, "equivalent within"));
}

/* ---- export ---------------------------------------------------------------- */

static guint
count_entries (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;

  g_assert_nonnull (d);
  while (g_dir_read_name (d) != NULL)
    n++;
  return n;
}

static void
test_export_png_scale (void)
{
  g_autoptr(IbReport) full = fixture_full ();
  g_autofree char *dir = ib_test_make_tmpdir ("iobench-chart-XXXXXX");
  g_autofree char *p1 = g_build_filename (dir, "one.png", NULL);
  g_autofree char *p2 = g_build_filename (dir, "two.png", NULL);
  g_autoptr(GError) error = NULL;
  IbChartStyle style;
  cairo_surface_t *s1, *s2;

  fixture_style (&style, FALSE);
  g_assert_true (ib_chart_export (&(IbChartRequest) { ib_chart_kind_lookup ("strategies"), full, NULL, &style, 600, 400 }, ib_chart_format_lookup ("png"), p1, 1, &error));
  g_assert_no_error (error);
  g_assert_true (ib_chart_export (&(IbChartRequest) { ib_chart_kind_lookup ("strategies"), full, NULL, &style, 600, 400 }, ib_chart_format_lookup ("png"), p2, 2, &error));
  g_assert_no_error (error);
  s1 = cairo_image_surface_create_from_png (p1);
  s2 = cairo_image_surface_create_from_png (p2);
  g_assert_cmpint (cairo_surface_status (s1), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_surface_status (s2), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (s1), ==, 600);
  g_assert_cmpint (cairo_image_surface_get_height (s1), ==, 400);
  g_assert_cmpint (cairo_image_surface_get_width (s2), ==, 1200);
  g_assert_cmpint (cairo_image_surface_get_height (s2), ==, 800);
  g_assert_cmpuint (count_ink (s2), >, count_ink (s1));
  cairo_surface_destroy (s1);
  cairo_surface_destroy (s2);
  /* Only the two files: no temporary left behind. */
  g_assert_cmpuint (count_entries (dir), ==, 2);

  /* Bad sizes and scales are refused without a file. */
  g_assert_false (ib_chart_export (&(IbChartRequest) { ib_chart_kind_lookup ("strategies"), full, NULL, &style, 0, 400 }, ib_chart_format_lookup ("png"), p1, 1, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL);
  g_clear_error (&error);
  g_assert_false (ib_chart_export (&(IbChartRequest) { ib_chart_kind_lookup ("strategies"), full, NULL, &style, 600, 400 }, ib_chart_format_lookup ("png"), p1, NAN, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL);
  g_clear_error (&error);

  g_unlink (p1);
  g_unlink (p2);
  g_rmdir (dir);
}

static void
check_element (GMarkupParseContext *context,
               const char          *element,
               const char         **names,
               const char         **values,
               gpointer             user_data,
               GError             **error)
{
  guint *n = user_data;

  (*n)++;
}

static void
test_export_svg (void)
{
  g_autoptr(IbReport) full = fixture_full ();
  g_autoptr(IbReport) other_report = fixture_other ();
  g_autoptr(IbComparison) other = ib_test_comparison (full, other_report);
  g_autofree char *dir = ib_test_make_tmpdir ("iobench-chart-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "chart.svg", NULL);
  GMarkupParser parser = { check_element, NULL, NULL, NULL, NULL };
  IbChartStyle style;

  fixture_style (&style, TRUE);
  for (guint k = 0; k < ib_chart_n_kinds (); k++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *contents = NULL;
      g_autoptr(GMarkupParseContext) context = NULL;
      gsize length;
      guint elements = 0;

      g_assert_true (ib_chart_export (&(IbChartRequest) { ib_chart_kind_nth (k), full, other, &style, 800, 500 }, ib_chart_format_lookup ("svg"), path, 1, &error));
      g_assert_no_error (error);
      g_assert_true (g_file_get_contents (path, &contents, &length, &error));
      g_assert_no_error (error);
      g_assert_nonnull (strstr (contents, "<svg"));
      context = g_markup_parse_context_new (&parser, 0, &elements, NULL);
      g_assert_true (g_markup_parse_context_parse (context, contents, length, &error));
      g_assert_no_error (error);
      g_assert_true (g_markup_parse_context_end_parse (context, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (elements, >, 20);
    }
  g_unlink (path);
  g_assert_cmpuint (count_entries (dir), ==, 0);
  g_rmdir (dir);
}

/* What an SVG's text elements hold: each <text>'s content, the <title>
 * and the <desc>, and whether any glyph was drawn as a path. */
typedef struct
{
  GString  *texts;      /* every <text>'s content, one after another */
  guint     n_texts;
  char     *title;
  char     *desc;
  GString  *in;         /* text of the element open now */
  gboolean  glyphs;
} SvgText;

static void
svg_start (GMarkupParseContext  *context,
           const char           *name,
           const char          **names,
           const char          **values,
           gpointer              user_data,
           GError              **error)
{
  SvgText *t = user_data;

  g_string_truncate (t->in, 0);
  for (guint i = 0; names[i] != NULL; i++)
    if (g_str_equal (names[i], "id") && g_str_has_prefix (values[i], "glyph"))
      t->glyphs = TRUE;
}

static void
svg_end (GMarkupParseContext  *context,
         const char           *name,
         gpointer              user_data,
         GError              **error)
{
  SvgText *t = user_data;

  if (g_str_equal (name, "text"))
    {
      g_string_append (t->texts, t->in->str);
      t->n_texts++;
    }
  else if (g_str_equal (name, "title") && t->title == NULL)
    t->title = g_strdup (t->in->str);
  else if (g_str_equal (name, "desc") && t->desc == NULL)
    t->desc = g_strdup (t->in->str);
}

static void
svg_chars (GMarkupParseContext  *context,
           const char           *text,
           gsize                 length,
           gpointer              user_data,
           GError              **error)
{
  g_string_append_len (((SvgText *) user_data)->in, text, (gssize) length);
}

/* An exported SVG holds its words as <text>, not as glyph
 * outlines: every text the chart draws (a wrapped one line by line), the
 * chart's title as <title> and its description for screen readers as
 * <desc>. */
static void
test_export_svg_text (void)
{
  g_autoptr(IbReport) full = fixture_full ();
  g_autoptr(IbReport) other_report = fixture_other ();
  g_autoptr(IbComparison) other = ib_test_comparison (full, other_report);
  g_autofree char *dir = ib_test_make_tmpdir ("iobench-chart-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "chart.svg", NULL);
  GMarkupParser parser = { svg_start, svg_end, svg_chars, NULL, NULL };
  static const struct { int width, height; } sizes[] = { { 1280, 720 }, { 360, 640 } };
  IbChartStyle style;

  fixture_style (&style, FALSE);
  for (guint k = 0; k < ib_chart_n_kinds (); k++)
    for (guint z = 0; z < G_N_ELEMENTS (sizes); z++)
      {
        g_autoptr(GError) error = NULL;
        g_autofree char *contents = NULL;
        g_autofree char *described = NULL;
        g_autoptr(GMarkupParseContext) context = NULL;
        g_autoptr(GPtrArray) drawn = NULL;
        cairo_surface_t *surface;
        cairo_t *cr;
        SvgText t = { g_string_new (NULL), 0, NULL, NULL, g_string_new (NULL), FALSE };
        gsize length;

        g_assert_true (ib_chart_export (&(IbChartRequest) { ib_chart_kind_nth (k), full, other, &style, sizes[z].width, sizes[z].height }, ib_chart_format_lookup ("svg"), path, 1, &error));
        g_assert_no_error (error);
        g_assert_true (g_file_get_contents (path, &contents, &length, &error));
        context = g_markup_parse_context_new (&parser, 0, &t, NULL);
        g_assert_true (g_markup_parse_context_parse (context, contents, length, &error));
        g_assert_no_error (error);
        g_assert_true (g_markup_parse_context_end_parse (context, &error));
        g_assert_no_error (error);

        surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, sizes[z].width,
                                              sizes[z].height);
        cr = cairo_create (surface);
        drawn = ib_chart_draw_texts (cr, &(IbChartRequest) { ib_chart_kind_nth (k), full, other, &style, sizes[z].width, sizes[z].height });
        cairo_destroy (cr);
        cairo_surface_destroy (surface);

        g_test_message ("%s at %d px: %u texts drawn, %u <text>",
                        ib_chart_kind_nth (k)->id, sizes[z].width, drawn->len, t.n_texts);
        g_assert_false (t.glyphs);
        g_assert_cmpuint (t.n_texts, >=, drawn->len);
        for (guint i = 0; i < drawn->len; i++)
          {
            const IbChartText *d = g_ptr_array_index (drawn, i);

            if (d->ellipsized)
              continue;
            if (strstr (t.texts->str, d->text) == NULL)
              g_test_message ("“%s” is not in the SVG's text", d->text);
            g_assert_nonnull (strstr (t.texts->str, d->text));
          }
        described = ib_chart_describe (&(IbChartRequest) { ib_chart_kind_nth (k), full, other, &style, 0, 0 });
        g_assert_cmpstr (t.title, ==, ib_chart_kind_title (ib_chart_kind_nth (k)));
        g_assert_cmpstr (t.desc, ==, described);

        g_string_free (t.texts, TRUE);
        g_string_free (t.in, TRUE);
        g_free (t.title);
        g_free (t.desc);
      }
  g_unlink (path);
  g_rmdir (dir);
}

/* A throughput reads the same in the chart as in the tables
 * (one unit rule, ib_format_throughput): "2.39 GiB/s" in both, never
 * "2,443 MiB/s" in one and GiB/s in the other. */
static void
test_rate_as_tables (void)
{
  g_autoptr(IbReport) report = fixture_full ();
  g_autoptr(IbTable) table = NULL;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1280, 720);
  cairo_t *cr = cairo_create (surface);
  g_autoptr(GPtrArray) drawn = NULL;
  IbChartStyle style;
  guint checked = 0;

  /* one rate above 1 GiB/s, to tell the units apart */
  g_array_index (report->statistics, IbStats, 0).mib_per_s = 2443;
  fixture_style (&style, FALSE);
  table = ib_table_statistics (report);
  drawn = ib_chart_draw_texts (cr, &(IbChartRequest) { ib_chart_kind_lookup ("throughput"), report, NULL, &style, 1280, 720 });
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  g_assert_cmpint (table->tip_column, >=, 0);
  for (guint r = 0; r < table->rows->len; r++)
    {
      const char *id = g_ptr_array_index (table->tips, r);
      const IbStats *st = id != NULL ? ib_report_find_stats (report, id) : NULL;
      g_autofree char *want = NULL;
      gboolean in_table = FALSE, in_chart = FALSE;

      if (st == NULL || !(st->mib_per_s > 0))
        continue;
      want = ib_format_throughput (st->mib_per_s);
      for (guint c = 0; c < table->headers->len; c++)
        in_table |= g_str_equal (ib_table_cell (table, r, c), want);
      for (guint i = 0; i < drawn->len; i++)
        in_chart |= g_str_has_prefix (((IbChartText *) g_ptr_array_index (drawn, i))->text, want);
      g_test_message ("%s: %s (table %d, chart %d)", id, want, in_table, in_chart);
      g_assert_true (in_table);
      g_assert_true (in_chart);
      checked++;
    }
  g_assert_cmpuint (checked, >=, 5);
}

static void
test_export_pdf (void)
{
  g_autoptr(IbReport) full = fixture_full ();
  g_autofree char *dir = ib_test_make_tmpdir ("iobench-chart-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "chart.pdf", NULL);
  g_autofree char *pdfinfo = g_find_program_in_path ("pdfinfo");
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  gsize length;
  IbChartStyle style;

  fixture_style (&style, FALSE);
  g_assert_true (ib_chart_export (&(IbChartRequest) { ib_chart_kind_lookup ("sweep"), full, NULL, &style, 800, 500 }, ib_chart_format_lookup ("pdf"), path, 1, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &contents, &length, &error));
  g_assert_cmpuint (length, >, 1000);
  g_assert_true (g_str_has_prefix (contents, "%PDF-"));
  g_assert_nonnull (memmem (contents + length - 32, 32, "%%EOF", 5));
  /* pdfinfo (poppler-utils, installed by test.sh) must open it: one page. */
  if (pdfinfo != NULL)
    {
      const char *argv[] = { pdfinfo, path, NULL };
      g_autofree char *out = NULL;
      int status;

      g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                                   &out, NULL, &status, &error));
      g_assert_no_error (error);
      g_assert_true (g_spawn_check_wait_status (status, &error));
      g_assert_no_error (error);
      g_assert_nonnull (strstr (out, "Pages:"));
      g_assert_true (g_regex_match_simple ("Pages:\\s+1\\b", out, 0, 0));
    }
  else
    g_test_message ("pdfinfo not found: checked the PDF header and trailer only");
  g_unlink (path);
  g_rmdir (dir);
}

static void
test_export_unwritable (void)
{
  g_autoptr(IbReport) full = fixture_full ();
  g_autofree char *dir = ib_test_make_tmpdir ("iobench-chart-XXXXXX");
  g_autofree char *missing = g_build_filename (dir, "no-such-folder", "chart.png", NULL);
  g_autofree char *file = g_build_filename (dir, "plain-file", NULL);
  g_autofree char *under_file = g_build_filename (file, "chart.svg", NULL);
  g_autofree char *sub = g_build_filename (dir, "a-folder", NULL);
  g_autoptr(GError) error = NULL;
  IbChartStyle style;

  fixture_style (&style, FALSE);

  /* Folder does not exist. */
  g_assert_false (ib_chart_export (&(IbChartRequest) { ib_chart_kind_lookup ("strategies"), full, NULL, &style, 400, 300 }, ib_chart_format_lookup ("png"), missing, 1, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
  g_assert_nonnull (strstr (error->message, missing));
  g_assert_true (g_str_has_prefix (error->message, "Could not write"));
  g_clear_error (&error);
  g_assert_false (g_file_test (missing, G_FILE_TEST_EXISTS));

  /* Parent is a regular file. */
  g_assert_true (g_file_set_contents (file, "x", 1, &error));
  g_assert_false (ib_chart_export (&(IbChartRequest) { ib_chart_kind_lookup ("strategies"), full, NULL, &style, 400, 300 }, ib_chart_format_lookup ("svg"), under_file, 1, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOTDIR);
  g_clear_error (&error);

  /* Target is a folder: the rename fails and the temporary is removed. */
  g_assert_cmpint (g_mkdir (sub, 0755), ==, 0);
  g_assert_false (ib_chart_export (&(IbChartRequest) { ib_chart_kind_lookup ("strategies"), full, NULL, &style, 400, 300 }, ib_chart_format_lookup ("pdf"), sub, 1, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, sub));
  g_clear_error (&error);
  g_assert_true (g_file_test (sub, G_FILE_TEST_IS_DIR));
  g_assert_cmpuint (count_entries (dir), ==, 2);   /* plain-file and a-folder, nothing else */

  g_rmdir (sub);
  g_unlink (file);
  g_rmdir (dir);
}

static void
test_export_replaces (void)
{
  g_autoptr(IbReport) full = fixture_full ();
  g_autofree char *dir = ib_test_make_tmpdir ("iobench-chart-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "chart.png", NULL);
  g_autoptr(GError) error = NULL;
  IbChartStyle style;
  cairo_surface_t *s;

  fixture_style (&style, FALSE);
  g_assert_true (g_file_set_contents (path, "old", 3, &error));
  g_assert_true (ib_chart_export (&(IbChartRequest) { ib_chart_kind_lookup ("cpu"), full, NULL, &style, 500, 300 }, ib_chart_format_lookup ("png"), path, 1, &error));
  g_assert_no_error (error);
  s = cairo_image_surface_create_from_png (path);
  g_assert_cmpint (cairo_surface_status (s), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (s), ==, 500);
  cairo_surface_destroy (s);
  g_assert_cmpuint (count_entries (dir), ==, 1);
  g_unlink (path);
  g_rmdir (dir);
}

/* ---- edge cases ---------------------------------------------------------- */

static void
test_edge_cases (void)
{
  static const struct { int w, h; } sizes[] = { { 360, 300 }, { 1200, 700 }, { 2400, 1400 },
                                                 { 1, 1 }, { 120, 40 } };
  IbReport *reports[] = {
    fixture_empty (), fixture_one_strategy (), fixture_many (30), fixture_single_sample (),
    fixture_wide_range (), fixture_all_failed (), fixture_hostile (),
  };

  for (guint r = 0; r < G_N_ELEMENTS (reports); r++)
    for (guint k = 0; k < ib_chart_n_kinds (); k++)
      for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
        for (guint v = 0; v < 4; v++)
          {
            g_autoptr(IbComparison) pair = ib_test_comparison (reports[r], r % 2 ? reports[r]
                                                                                 : reports[0]);
            IbChartStyle style;
            cairo_surface_t *surface;

            /* The big size once per report and kind keeps the test quick. */
            if (sizes[s].w > 2000 && v > 0)
              continue;
            if (v == 2)
              ib_chart_style_init_high_contrast (&style, FALSE);
            else
              fixture_style (&style, v == 1);
            style.log_scale = v == 3;
            surface = render (ib_chart_kind_nth (k), reports[r], pair, &style, sizes[s].w, sizes[s].h);
            /* Something is drawn, also for "nothing to show" (its message). */
            if (sizes[s].w >= 360)
              g_assert_cmpuint (count_ink (surface), >, 200);
            cairo_surface_destroy (surface);
          }
  for (guint r = 0; r < G_N_ELEMENTS (reports); r++)
    ib_report_unref (reports[r]);
}

static void
test_empty_message_centered (void)
{
  g_autoptr(IbReport) empty = fixture_empty ();
  IbChartStyle style;
  cairo_surface_t *surface;
  int w = 600, h = 400, stride;
  const guint8 *data;
  guint32 bg;
  double sum_x = 0, sum_y = 0, n = 0;

  fixture_style (&style, FALSE);
  surface = render (ib_chart_kind_lookup ("strategies"), empty, NULL, &style, w, h);
  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  bg = *(const guint32 *) data;
  /* Ink below the title: the message, centred horizontally. */
  for (int y = h / 4; y < h; y++)
    for (int x = 0; x < w; x++)
      if (*(const guint32 *) (data + y * stride + x * 4) != bg)
        {
          sum_x += x;
          sum_y += y;
          n++;
        }
  g_assert_cmpfloat (n, >, 100);
  g_assert_cmpfloat (fabs (sum_x / n - w / 2.0), <, w * 0.05);
  g_assert_cmpfloat (fabs (sum_y / n - h / 2.0), <, h * 0.2);
  cairo_surface_destroy (surface);
}

static void
test_null_and_nan_geometry (void)
{
  g_autoptr(IbReport) full = fixture_full ();
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 10, 10);
  cairo_t *cr = cairo_create (surface);
  IbChartStyle style;

  fixture_style (&style, FALSE);
  ib_chart_draw (cr, &(IbChartRequest) { ib_chart_kind_lookup ("strategies"), full, NULL, &style, NAN, 100 });
  ib_chart_draw (cr, &(IbChartRequest) { ib_chart_kind_lookup ("strategies"), full, NULL, &style, INFINITY, 100 });
  ib_chart_draw (cr, &(IbChartRequest) { ib_chart_kind_lookup ("strategies"), full, NULL, &style, -5, 100 });
  ib_chart_draw (cr, &(IbChartRequest) { ib_chart_kind_lookup ("strategies"), NULL, NULL, &style, 100, 100 });
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  g_assert_null (ib_chart_query_tooltip (&(IbChartRequest) { ib_chart_kind_lookup ("strategies"), full, NULL, &style, 100, 100 }, NAN, 5));
  g_assert_null (ib_chart_query_tooltip (&(IbChartRequest) { ib_chart_kind_lookup ("strategies"), NULL, NULL, &style, 100, 100 }, 5, 5));
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* ---- tooltips ------------------------------------------------------------ */

static GPtrArray *
scan_tooltips (const IbChartKindInfo *kind,
               const IbReport        *report,
               const IbComparison    *other,
               int                    width,
               int                    height,
               int                    step_x,
               int                    step_y)
{
  GPtrArray *found = g_ptr_array_new_with_free_func (g_free);
  IbChartStyle style;

  fixture_style (&style, FALSE);
  for (int y = 0; y < height; y += step_y)
    for (int x = step_x / 2; x < width; x += step_x)
      {
        char    *text = ib_chart_query_tooltip (&(IbChartRequest) { kind, report, other, &style, width, height }, x, y);
        gboolean seen = FALSE;

        if (text == NULL)
          continue;
        for (guint i = 0; i < found->len && !seen; i++)
          seen = g_str_equal (g_ptr_array_index (found, i), text);
        if (seen)
          g_free (text);
        else
          g_ptr_array_add (found, text);
      }
  return found;
}

static gboolean
any_contains (GPtrArray  *texts,
              const char *needle)
{
  for (guint i = 0; i < texts->len; i++)
    if (strstr (g_ptr_array_index (texts, i), needle) != NULL)
      return TRUE;
  return FALSE;
}

static void
test_tooltips (void)
{
  g_autoptr(IbReport) full = fixture_full ();
  g_autoptr(IbReport) other_report = fixture_other ();
  g_autoptr(IbComparison) other = ib_test_comparison (full, other_report);
  g_autoptr(GPtrArray) rows = NULL;
  g_autoptr(GPtrArray) lines = NULL;
  g_autoptr(GPtrArray) overhead = NULL;
  IbChartStyle style;

  fixture_style (&style, FALSE);
  /* Nothing in the title. */
  g_assert_null (ib_chart_query_tooltip (&(IbChartRequest) { ib_chart_kind_lookup ("strategies"), full, NULL, &style, 900, 600 }, 5, 5));

  /* One tooltip per strategy row, each naming its strategy, with exact values. */
  rows = scan_tooltips (ib_chart_kind_lookup ("strategies"), full, NULL, 900, 600, 900, 2);
  g_assert_cmpuint (rows->len, ==, full->statistics->len);
  for (guint i = 0; i < full->statistics->len; i++)
    g_assert_true (any_contains (rows, g_array_index (full->statistics, IbStats, i).strategy));
  g_assert_true (any_contains (rows, "Failed: Could not map"));
  g_assert_true (any_contains (rows, "(CI ") && any_contains (rows, ", covers "));

  overhead = scan_tooltips (ib_chart_kind_lookup ("overhead"), full, NULL, 900, 600, 900, 3);
  g_assert_cmpuint (overhead->len, ==, full->overhead->len);
  g_assert_true (any_contains (overhead, "a direct call"));

  /* Line charts: every point reachable. */
  lines = scan_tooltips (ib_chart_kind_lookup ("sweep"), full, NULL, 600, 400, 6, 6);
  g_assert_cmpuint (lines->len, >=, full->sweep->points->len);
  g_assert_true (any_contains (lines, "100 files: median"));
  g_ptr_array_set_size (lines, 0);
  g_clear_pointer (&lines, g_ptr_array_unref);
  lines = scan_tooltips (ib_chart_kind_lookup ("latency"), full, NULL, 600, 400, 6, 6);
  g_assert_true (any_contains (lines, "99 % of requests took"));
  g_clear_pointer (&lines, g_ptr_array_unref);
  lines = scan_tooltips (ib_chart_kind_lookup ("compare"), full, other, 900, 600, 900, 3);
  g_assert_true (any_contains (lines, "B 1.6x slower"));
  g_clear_pointer (&lines, g_ptr_array_unref);

  /* Main-loop stall: one tooltip per strategy row with its stall and frames. */
  lines = scan_tooltips (ib_chart_kind_lookup ("stall"), full, NULL, 900, 600, 900, 2);
  g_assert_cmpuint (lines->len, ==, full->statistics->len);
  g_assert_true (any_contains (lines, "Longest stall 41.9 ms (median of 5 reads)"));
  g_assert_true (any_contains (lines, "Frames missed per read, expected over a random vsync "
                                     "phase: 2 at 60 Hz"));
  g_assert_true (any_contains (lines, "No successful run"));
}

/* A report without the main-loop fields (the tick off, or an older report):
 * no stall data, and the chart says so instead of drawing empty bars. */
static void
test_stall_not_measured (void)
{
  g_autoptr(IbReport) report = fixture_full ();
  g_autoptr(GPtrArray) lines = NULL;
  IbChartStyle style;

  g_assert_true (ib_chart_has_data (ib_chart_kind_lookup ("stall"), report, NULL));
  for (guint i = 0; i < report->statistics->len; i++)
    g_array_index (report->statistics, IbStats, i).n_responsive = 0;
  g_assert_false (ib_chart_has_data (ib_chart_kind_lookup ("stall"), report, NULL));
  g_array_index (report->statistics, IbStats, 0).n_responsive = 5;
  g_assert_true (ib_chart_has_data (ib_chart_kind_lookup ("stall"), report, NULL));
  fixture_style (&style, FALSE);
  lines = scan_tooltips (ib_chart_kind_lookup ("stall"), report, NULL, 900, 600, 900, 2);
  g_assert_true (any_contains (lines, "The main-loop tick was off for this run"));
}

int
main (int    argc,
      char **argv)
{
  RefCase *cases = g_new0 (RefCase, ib_chart_n_kinds () * 2);
  int      status;

  g_test_init (&argc, &argv, NULL);
  /* Any warning or critical from the renderer fails the test. */
  g_log_set_always_fatal (G_LOG_LEVEL_WARNING | G_LOG_LEVEL_CRITICAL);

  g_test_add_func ("/chart/kind-strings", test_kind_strings);
  g_test_add_func ("/chart/has-data", test_has_data);
  g_test_add_func ("/chart/map-describe", test_map_describe);
  g_test_add_func ("/chart/reference/detects-change", test_reference_detects_change);
  for (guint k = 0; k < ib_chart_n_kinds (); k++)
    for (guint d = 0; d < 2; d++)
      {
        RefCase *rc = &cases[k * 2 + d];
        g_autofree char *name = g_strdup_printf ("/chart/reference/%s-%s",
                                                 ib_chart_kind_nth (k)->id,
                                                 d ? "dark" : "light");

        rc->kind = ib_chart_kind_nth (k);
        rc->dark = d;
        g_test_add_data_func (name, rc, test_reference);
      }
  g_test_add_func ("/chart/export/png-scale", test_export_png_scale);
  g_test_add_func ("/chart/export/svg", test_export_svg);
  g_test_add_func ("/chart/export/svg-text", test_export_svg_text);
  g_test_add_func ("/chart/rate-as-tables", test_rate_as_tables);
  g_test_add_func ("/chart/export/pdf", test_export_pdf);
  g_test_add_func ("/chart/export/unwritable", test_export_unwritable);
  g_test_add_func ("/chart/export/replaces", test_export_replaces);
  g_test_add_func ("/chart/edge-cases", test_edge_cases);
  g_test_add_func ("/chart/empty-centered", test_empty_message_centered);
  g_test_add_func ("/chart/bad-geometry", test_null_and_nan_geometry);
  g_test_add_func ("/chart/tooltips", test_tooltips);
  g_test_add_func ("/chart/stall-not-measured", test_stall_not_measured);
  status = g_test_run ();
  g_free (cases);
  return status;
}
