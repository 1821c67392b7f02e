/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-chart-narrow: what a reader sees of a chart at 360 px, in the language
 * the test runs in (LANGUAGE=es and LANGUAGE=C, see meson.build), read from
 * the texts the renderer drew (ib_chart_draw_texts): row names that stay
 * told apart, the legend and subtitle kept, no text over another, and "log
 * scale" said under every log chart and in an exported PDF. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "chart-fixtures.h"
#include "chart/ib-chart-private.h"
#include "engine/io/ib-strategy.h"
#include "ib-test-common.h"

static gboolean spanish;

static GPtrArray *
draw_texts (const char     *kind,
            const IbReport *report,
            gboolean        log,
            gboolean        dark,
            int             width,
            int             height)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);
  IbChartStyle style;
  GPtrArray *texts;

  fixture_style (&style, dark);
  style.log_scale = log;
  texts = ib_chart_draw_texts (cr, &(IbChartRequest) { ib_chart_kind_lookup (kind), report, NULL,
                                                       &style, width, height });
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return texts;
}

/* Whether @shown is @title, or @title cut in the middle ("Async lo…(serial)"). */
static gboolean
stands_for (const char *shown,
            const char *title)
{
  const char *cut = strstr (shown, "…");
  g_autofree char *head = NULL;
  const char *tail;

  if (g_str_equal (shown, title))
    return TRUE;
  if (cut == NULL)
    return FALSE;
  head = g_strndup (shown, cut - shown);
  tail = cut + strlen ("…");
  return g_str_has_prefix (title, head) && g_str_has_suffix (title, tail)
         && strlen (head) + strlen (tail) < strlen (title);
}

static gboolean
overlap (const IbRect *a,
         const IbRect *b)
{
  /* A pixel of anti-aliasing either way is not an overlap. */
  return a->x + 1 < b->x + b->width && b->x + 1 < a->x + a->width
         && a->y + 1 < b->y + b->height && b->y + 1 < a->y + a->height;
}

static const char * const row_kinds[] = {
  "strategies",
  "throughput",
  "cpu",
  "stall",
};

/* Sizes: an exported 360 px PNG, the window at 360 px (the chart a little
 * narrower, as tall as the view asks), a small square, and wide. */
static const struct { int width, height; } sizes[] = {
  { 360, 420 }, { 330, 760 }, { 360, 300 }, { 1280, 700 },
};

static void
test_language (void)
{
  /* The test means something only in the language it claims. */
  if (spanish)
    g_assert_cmpstr (ib_chart_kind_title (ib_chart_kind_lookup ("strategies")), ==,
                     "Tiempo de lectura por estrategia");
  else
    g_assert_cmpstr (ib_chart_kind_title (ib_chart_kind_lookup ("strategies")), ==, "Read time per strategy");
}

static void
test_row_names_distinct (void)
{
  g_autoptr(IbReport) report = fixture_every_strategy ();
  guint n_titles = report->statistics->len;

  g_assert_cmpuint (n_titles, >=, 12);
  for (guint k = 0; k < G_N_ELEMENTS (row_kinds); k++)
    for (guint z = 0; z < G_N_ELEMENTS (sizes); z++)
      {
        g_autoptr(GPtrArray) texts = draw_texts (row_kinds[k], report, z % 2 == 0, z % 2 == 1,
                                                 sizes[z].width, sizes[z].height);
        g_autofree guint *seen = g_new0 (guint, n_titles);
        guint n_seen = 0;

        g_test_message ("%s at %d x %d: %u texts", row_kinds[k],
                        sizes[z].width, sizes[z].height, texts->len);
        for (guint i = 0; i < texts->len; i++)
          {
            const IbChartText *t = g_ptr_array_index (texts, i);
            guint matches = 0, which = 0;

            for (guint j = 0; j < n_titles; j++)
              if (stands_for (t->text, ib_strategy_title (g_array_index (report->statistics,
                                                                          IbStats, j).strategy)))
                {
                  matches++;
                  which = j;
                }
            /* Every cut text stands for exactly one strategy... */
            if (strstr (t->text, "…") != NULL)
              {
                if (matches != 1)
                  g_test_message ("“%s” stands for %u names", t->text, matches);
                g_assert_cmpuint (matches, ==, 1);
              }
            if (matches != 1)
              continue;
            /* ... names are cut by the chart, never by Pango's ellipsis
             * (which would hide how they differ), and drawn once each. */
            g_assert_false (t->ellipsized);
            g_assert_cmpuint (seen[which], ==, 0);
            seen[which]++;
            n_seen++;
          }
        g_test_message ("%u of %u names shown", n_seen, n_titles);
        /* Rows too thin for a line of text (17 rows in 300 px) show every
         * third name at worst. */
        g_assert_cmpuint (n_seen * 3, >=, n_titles);
        /* Tall enough (the window's chart): every name; wide: every name
         * whole (at 330 px only a name wider than the chart is cut). */
        if (sizes[z].height >= 700)
          g_assert_cmpuint (n_seen, ==, n_titles);
        if (sizes[z].width >= 1000)
          {
            for (guint i = 0; i < texts->len; i++)
              {
                const char *text = ((IbChartText *) g_ptr_array_index (texts, i))->text;

                if (strstr (text, "…") != NULL)
                  g_test_message ("cut: “%s”", text);
                g_assert_null (strstr (text, "…"));
              }
          }
      }
}

static gboolean
drawn (GPtrArray  *texts,
       const char *needle)
{
  for (guint i = 0; i < texts->len; i++)
    if (strstr (((IbChartText *) g_ptr_array_index (texts, i))->text, needle) != NULL)
      return TRUE;
  return FALSE;
}

static void
test_legend_and_subtitle_kept (void)
{
  g_autoptr(IbReport) report = fixture_full ();

  for (guint z = 0; z < G_N_ELEMENTS (sizes); z++)
    {
      g_autoptr(GPtrArray) texts = draw_texts ("strategies", report, FALSE, FALSE,
                                                sizes[z].width, sizes[z].height);

      g_test_message ("%d x %d", sizes[z].width, sizes[z].height);
      /* The legend: every family drawn, and the parallel hatch. */
      g_assert_true (drawn (texts, ib_chart_family_name (IB_CHART_FAMILY_SYNC)));
      g_assert_true (drawn (texts, ib_chart_family_name (IB_CHART_FAMILY_ASYNC)));
      g_assert_true (drawn (texts, ib_chart_family_name (IB_CHART_FAMILY_THREAD)));
      g_assert_true (drawn (texts, _("Parallel")));
      /* The subtitle, wrapped rather than dropped: it names the machine. */
      g_assert_true (drawn (texts, report->environment->cpu_model));
    }
}

static void
test_no_text_over_another (void)
{
  g_autoptr(IbReport) report = fixture_every_strategy ();
  static const char * const kinds[] = {
    "strategies",
    "throughput",
    "cpu",
    "stall",
  };

  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    for (guint z = 0; z < G_N_ELEMENTS (sizes); z++)
      for (int log = 0; log < 2; log++)
        {
          g_autoptr(GPtrArray) texts = draw_texts (kinds[k], report, log, FALSE,
                                                   sizes[z].width, sizes[z].height);

          for (guint i = 0; i < texts->len; i++)
            for (guint j = i + 1; j < texts->len; j++)
              {
                const IbChartText *a = g_ptr_array_index (texts, i);
                const IbChartText *b = g_ptr_array_index (texts, j);

                if (overlap (&a->rect, &b->rect))
                  g_test_message ("%s at %d x %d: “%s” over “%s”",
                                  kinds[k], sizes[z].width,
                                  sizes[z].height, a->text, b->text);
                g_assert_false (overlap (&a->rect, &b->rect));
              }
        }
}

/* The stall chart's 60 Hz line runs across the rows, never
 * through a row's name or value label (at 360 px names sit above the bars,
 * in its way); it is still drawn, from the top row to the bottom one. */
static void
test_frame_line_off_text (void)
{
  IbReport *reports[] = { fixture_every_strategy (), fixture_full () };

  for (guint r = 0; r < G_N_ELEMENTS (reports); r++)
    for (guint z = 0; z < G_N_ELEMENTS (sizes); z++)
      {
        int width = sizes[z].width, height = sizes[z].height;
        cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width,
                                                               height);
        cairo_t *cr = cairo_create (surface);
        g_autoptr(GPtrArray) texts = draw_texts ("stall", reports[r], FALSE, FALSE,
                                                  width, height);
        g_autoptr(GArray) rules = NULL;
        IbChartStyle style;
        double top = G_MAXDOUBLE, bottom = 0, drawn_length = 0;
        guint crossed = 0;

        fixture_style (&style, FALSE);
        rules = ib_chart_draw_rules (cr, &(IbChartRequest) { ib_chart_kind_lookup ("stall"), reports[r], NULL, &style, width, height });
        cairo_destroy (cr);
        cairo_surface_destroy (surface);
        g_assert_cmpuint (rules->len, >=, 1);
        for (guint i = 0; i < rules->len; i++)
          {
            const IbRect *line = &g_array_index (rules, IbRect, i);

            top = MIN (top, line->y);
            bottom = MAX (bottom, line->y + line->height);
            drawn_length += line->height;
            for (guint j = 0; j < texts->len; j++)
              {
                const IbChartText *t = g_ptr_array_index (texts, j);

                /* The line's span against the text's box, no pixel spared. */
                if (line->x < t->rect.x + t->rect.width && t->rect.x < line->x + line->width
                    && line->y < t->rect.y + t->rect.height
                    && t->rect.y < line->y + line->height)
                  {
                    g_test_message ("%d x %d: the 60 Hz line runs through “%s”", width, height,
                                    t->text);
                    crossed++;
                  }
              }
          }
        g_test_message ("%d x %d: %u segments over %.0f of %.0f px", width, height, rules->len,
                        drawn_length, bottom - top);
        g_assert_cmpuint (crossed, ==, 0);
        /* Across the rows: most of its span is drawn. */
        g_assert_cmpfloat (bottom - top, >, height * 0.3);
        g_assert_cmpfloat (drawn_length, >, (bottom - top) * 0.25);
      }
  for (guint r = 0; r < G_N_ELEMENTS (reports); r++)
    ib_report_unref (reports[r]);
}

/* The words a log chart's caption must hold in this language. */
static const char *
log_words (void)
{
  return spanish ? "escala logarítmica" : "log scale";
}

static void
test_log_caption (void)
{
  g_autoptr(IbReport) report = fixture_full ();
  /* Log by choice, then log always; the kinds whose captions are translated
   * in every language already (the others are checked in English). */
  static const struct
  {
    const char *kind;
    gboolean    toggle;
    gboolean    new_text;
  } kinds[] = {
    { "strategies", TRUE, FALSE },
    { "throughput", TRUE, FALSE },
    { "cpu", TRUE, TRUE },
    { "overhead", FALSE, FALSE },
    { "latency", FALSE, FALSE },
    { "sweep", FALSE, TRUE },
    { "stall", FALSE, TRUE },
  };

  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    for (guint z = 0; z < G_N_ELEMENTS (sizes); z++)
      {
        g_autoptr(GPtrArray) texts = NULL;
        g_autoptr(GString) all = g_string_new (NULL);

        if (spanish && kinds[k].new_text)
          continue;
        texts = draw_texts (kinds[k].kind, report, TRUE, FALSE, sizes[z].width,
                            sizes[z].height);
        for (guint i = 0; i < texts->len; i++)
          g_string_append_printf (all, "%s\n", ((IbChartText *) g_ptr_array_index (texts, i))->text);
        g_test_message ("%s at %d x %d", kinds[k].kind,
                        sizes[z].width, sizes[z].height);
        g_assert_nonnull (strstr (all->str, log_words ()));
        /* A linear chart does not claim to be log. */
        if (kinds[k].toggle)
          {
            g_autoptr(GPtrArray) lin = draw_texts (kinds[k].kind, report, FALSE, FALSE,
                                                   sizes[z].width, sizes[z].height);

            g_assert_false (drawn (lin, log_words ()));
          }
      }
}

/* The exported file itself: a PDF's text, as pdftotext reads it. */
static void
test_log_caption_in_pdf (void)
{
  g_autoptr(IbReport) report = fixture_full ();
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = ib_test_make_tmpdir ("iobench-narrow-XXXXXX");
  g_autofree char *pdf = NULL;
  g_autofree char *out = NULL;
  g_autofree char *flat = NULL;
  IbChartStyle style;
  int status = 0;

  g_assert_no_error (error);
  pdf = g_build_filename (dir, "chart.pdf", NULL);
  fixture_style (&style, FALSE);
  style.log_scale = TRUE;
  for (guint z = 0; z < 2; z++)
    {
      const char *argv[] = { "pdftotext", pdf, "-", NULL };

      g_assert_true (ib_chart_export (&(IbChartRequest) { ib_chart_kind_lookup ("strategies"), report, NULL, &style, sizes[z == 0 ? 0 : 3].width, sizes[z == 0 ? 0 : 3].height }, ib_chart_format_lookup ("pdf"), pdf, 1, &error));
      g_assert_no_error (error);
      g_clear_pointer (&out, g_free);
      g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL,
                    NULL, NULL, &out, NULL, &status, &error);
      /* pdftotext comes with poppler-utils, which test.sh installs. */
      g_assert_no_error (error);
      g_assert_true (g_spawn_check_wait_status (status, NULL));
      /* Wrapped captions break lines; read them as one. */
      g_free (flat);
      flat = g_strdelimit (g_strdup (out), "\n", ' ');
      g_test_message ("pdftotext: %s", flat);
      g_assert_nonnull (strstr (flat, log_words ()));
    }
  g_unlink (pdf);
  g_rmdir (dir);
}

/* Sets the warm-up run of @id to @wall_ns; returns the median of @id. */
static double
set_warmup (IbReport   *report,
            const char *id,
            gint64      wall_ns)
{
  for (guint i = 0; i < report->samples->len; i++)
    {
      IbSample *s = &g_array_index (report->samples, IbSample, i);

      if (s->warmup && g_str_equal (s->strategy, id))
        s->wall_ns = wall_ns;
    }
  for (guint i = 0; i < report->statistics->len; i++)
    if (g_str_equal (g_array_index (report->statistics, IbStats, i).strategy, id))
      return g_array_index (report->statistics, IbStats, i).median_ns;
  g_assert_not_reached ();
}

/* On a linear axis values past the end do not pile up at the
 * edge unmarked: the axis covers them, or the row says how far they went. */
static void
test_linear_beyond (void)
{
  for (guint z = 0; z < G_N_ELEMENTS (sizes); z++)
    {
      g_autoptr(IbReport) wild = fixture_full ();
      g_autoptr(IbReport) mild = fixture_full ();
      double median = set_warmup (wild, "sync-read-all", (gint64) 4.21e9);
      g_autofree char *m = ib_chart_format_time (median);
      g_autofree char *far = ib_chart_format_time (4.21e9);
      g_autofree char *want = g_strdup_printf (_("%s · up to %s"), m, far);
      g_autofree char *near = ib_chart_format_time (472e6);
      g_autoptr(GPtrArray) texts = draw_texts ("strategies", wild, FALSE, FALSE,
                                                sizes[z].width, sizes[z].height);
      g_autoptr(GPtrArray) mild_texts = NULL;
      /* " · up to " in this language */
      g_autofree char *up_to = g_strdup_printf (_("%s · up to %s"), "", "");

      g_test_message ("%d x %d: want “%s”", sizes[z].width, sizes[z].height, want);
      /* 18x the slowest median: clipped, and said (on a row with a label). */
      if (sizes[z].height >= 400)
        g_assert_true (drawn (texts, want));
      g_assert_false (drawn (texts, "›"));
      /* 2x the slowest median (236 ms): the axis reaches it, nothing clipped. */
      set_warmup (mild, "sync-read-all", (gint64) 472e6);
      mild_texts = draw_texts ("strategies", mild, FALSE, FALSE, sizes[z].width,
                               sizes[z].height);
      g_assert_false (drawn (mild_texts, near));
      if (sizes[z].height >= 400)
        g_assert_true (drawn (texts, up_to));
      g_assert_false (drawn (mild_texts, up_to));
    }
}

int
main (int    argc,
      char **argv)
{
  const char *localedir = g_getenv ("IOBENCH_LOCALEDIR");
  const char *language = g_getenv ("LANGUAGE");

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, localedir != NULL ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  spanish = language != NULL && g_str_has_prefix (language, "es");

  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/chart/narrow/language", test_language);
  g_test_add_func ("/chart/narrow/row-names-distinct", test_row_names_distinct);
  g_test_add_func ("/chart/narrow/legend-and-subtitle", test_legend_and_subtitle_kept);
  g_test_add_func ("/chart/narrow/no-text-over-another", test_no_text_over_another);
  g_test_add_func ("/chart/narrow/frame-line-off-text", test_frame_line_off_text);
  g_test_add_func ("/chart/narrow/log-caption", test_log_caption);
  g_test_add_func ("/chart/narrow/log-caption-pdf", test_log_caption_in_pdf);
  g_test_add_func ("/chart/narrow/linear-beyond", test_linear_beyond);
  return g_test_run ();
}
