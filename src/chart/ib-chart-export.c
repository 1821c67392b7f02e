/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-chart-export.c: PNG, SVG and PDF files, written through
 * engine/ib-output.h (a file atomically: a temporary file in the same
 * folder, renamed over @path only when complete; a device, FIFO or "-" as
 * it is). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "analysis/ib-text-safe.h"
#include "engine/ib-output.h"
#include "ib-chart-private.h"

#define MAX_SIDE 16384

gboolean
ib_chart_format_from_path (const char    *path,
                           IbChartFormat *out)
{
  g_autofree char *lower = NULL;

  g_return_val_if_fail (out != NULL, FALSE);

  if (path == NULL)
    return FALSE;
  lower = g_ascii_strdown (path, -1);
  if (g_str_has_suffix (lower, ".png"))
    *out = IB_CHART_FORMAT_PNG;
  else if (g_str_has_suffix (lower, ".svg"))
    *out = IB_CHART_FORMAT_SVG;
  else if (g_str_has_suffix (lower, ".pdf"))
    *out = IB_CHART_FORMAT_PDF;
  else
    return FALSE;
  return TRUE;
}

typedef struct
{
  IbOutput *output;
  GError   *error; /* why a write failed */
} Sink;

static cairo_status_t
sink_write (void                *closure,
            const unsigned char *data,
            unsigned int         length)
{
  Sink *sink = closure;

  if (sink->error != NULL)
    return CAIRO_STATUS_WRITE_ERROR;
  if (!ib_output_write (sink->output, data, length, &sink->error))
    return CAIRO_STATUS_WRITE_ERROR;
  return CAIRO_STATUS_SUCCESS;
}

static void
set_error (GError    **error,
           const char *path,
           const char *reason)
{
  g_autofree char *display = g_filename_display_name (path);

  g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED,
               /* Translators: %s is a file name, the second %s why it failed */
               _("Could not write “%s”: %s"), display, reason);
}

static cairo_status_t
memory_write (void                *closure,
              const unsigned char *data,
              unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

/* cairo's SVG surface draws every glyph as a path (a <symbol> used once per
 * letter): nothing to select, search or read aloud. The chart is drawn there
 * without its texts, and they are added as <text> elements laid out by
 * Pango, with the chart's title and its description (ib_chart_describe) as
 * the SVG's <title> and <desc>. */
static cairo_status_t
write_svg (Sink               *sink,
           IbChartKind         kind,
           const IbReport     *report,
           const IbComparison *comparison,
           const IbChartStyle *style,
           int                 width,
           int                 height)
{
  g_autoptr(GByteArray) drawing = g_byte_array_new ();
  g_autoptr(GString) texts = g_string_new (NULL);
  g_autoptr(GString) out = NULL;
  g_autofree char *title = g_markup_escape_text (ib_chart_kind_title (kind), -1);
  g_autofree char *described = ib_chart_describe (kind, report, comparison, style);
  g_autofree char *valid = ib_text_for_document (described);
  g_autofree char *desc = g_markup_escape_text (valid, -1);
  cairo_surface_t *surface;
  cairo_status_t status;
  const char *svg, *open_end, *close;

  surface = cairo_svg_surface_create_for_stream (memory_write, drawing, width, height);
  cairo_svg_surface_restrict_to_version (surface, CAIRO_SVG_VERSION_1_1);
  status = cairo_surface_status (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    {
      cairo_t *cr = cairo_create (surface);

      ib_chart_draw_svg_text (cr, kind, report, comparison, style, width, height, texts);
      cairo_show_page (cr);
      status = cairo_status (cr);
      cairo_destroy (cr);
    }
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    return status;

  g_byte_array_append (drawing, (const guint8 *) "", 1);
  svg = strstr ((const char *) drawing->data, "<svg");
  open_end = svg != NULL ? strchr (svg, '>') : NULL;
  close = g_strrstr ((const char *) drawing->data, "</svg>");
  if (open_end == NULL || close == NULL || close < open_end)
    return CAIRO_STATUS_WRITE_ERROR;
  out = g_string_new_len ((const char *) drawing->data,
                          open_end + 1 - (const char *) drawing->data);
  g_string_append_printf (out, "\n<title>%s</title>\n<desc>%s</desc>", title, desc);
  g_string_append_len (out, open_end + 1, close - (open_end + 1));
  g_string_append (out, "<g id=\"texts\">\n");
  g_string_append_len (out, texts->str, texts->len);
  g_string_append (out, "</g>\n");
  g_string_append (out, close);
  return sink_write (sink, (const unsigned char *) out->str, (unsigned int) out->len);
}

static cairo_status_t
draw_to (cairo_surface_t    *surface,
         IbChartKind         kind,
         const IbReport     *report,
         const IbComparison *comparison,
         const IbChartStyle *style,
         int                 width,
         int                 height)
{
  cairo_t *cr = cairo_create (surface);
  cairo_status_t status;

  ib_chart_draw (cr, kind, report, comparison, style, width, height);
  cairo_show_page (cr);
  status = cairo_status (cr);
  cairo_destroy (cr);
  return status;
}

gboolean
ib_chart_export (IbChartKind         kind,
                 const IbReport     *report,
                 const IbComparison *comparison,
                 const IbChartStyle *style,
                 IbChartFormat       format,
                 const char         *path,
                 int                 width,
                 int                 height,
                 double              scale,
                 GError            **error)
{
  cairo_surface_t *surface = NULL;
  cairo_status_t status = CAIRO_STATUS_SUCCESS;
  Sink sink = { NULL, NULL };

  g_return_val_if_fail ((guint) kind < IB_N_CHART_KINDS, FALSE);
  g_return_val_if_fail (style != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (width < 1 || height < 1 || width > MAX_SIDE || height > MAX_SIDE)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                   _("Could not write “%s”: the size %d × %d is outside 1 – %d pixels"),
                   path, width, height, MAX_SIDE);
      return FALSE;
    }
  if (!isfinite (scale) || scale < 1 || scale > 4 || width * scale > MAX_SIDE
      || height * scale > MAX_SIDE)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                   _("Could not write “%s”: the scale %g is outside 1 – 4"), path, scale);
      return FALSE;
    }

  sink.output = ib_output_open (path, error);
  if (sink.output == NULL)
    return FALSE;

  switch (format)
    {
    case IB_CHART_FORMAT_PNG:
      {
        int pw = (int) ceil (width * scale), ph = (int) ceil (height * scale);

        surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, pw, ph);
        cairo_surface_set_device_scale (surface, scale, scale);
        status = cairo_surface_status (surface);
        if (status == CAIRO_STATUS_SUCCESS)
          status = draw_to (surface, kind, report, comparison, style, width, height);
        if (status == CAIRO_STATUS_SUCCESS)
          status = cairo_surface_write_to_png_stream (surface, sink_write, &sink);
      }
      break;
    case IB_CHART_FORMAT_SVG:
      status = write_svg (&sink, kind, report, comparison, style, width, height);
      break;
    case IB_CHART_FORMAT_PDF:
    default:
      surface = cairo_pdf_surface_create_for_stream (sink_write, &sink, width, height);
      status = cairo_surface_status (surface);
      if (status == CAIRO_STATUS_SUCCESS)
        {
          cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE,
                                          ib_chart_kind_title (kind));
          cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "I/O Bench");
          status = draw_to (surface, kind, report, comparison, style, width, height);
        }
      break;
    }
  if (surface != NULL)
    {
      cairo_surface_finish (surface);
      if (status == CAIRO_STATUS_SUCCESS)
        status = cairo_surface_status (surface);
      cairo_surface_destroy (surface);
    }

  if (status != CAIRO_STATUS_SUCCESS)
    {
      ib_output_abort (sink.output);
      if (sink.error != NULL)
        g_propagate_error (error, sink.error);
      else
        set_error (error, path, cairo_status_to_string (status));
      return FALSE;
    }
  return ib_output_close (sink.output, error);
}
