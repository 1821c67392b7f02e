/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-chart-export.c: PNG, SVG and PDF files, written through
 * engine/io/ib-output.h (a file atomically: a temporary file in the same
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
#include "engine/io/ib-output.h"
#include "ib-chart-private.h"

#define MAX_SIDE 16384

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
write_svg (const IbChartRequest *request,
           double                scale,
           cairo_write_func_t    write,
           void                 *closure)
{
  g_autoptr(GByteArray) drawing = g_byte_array_new ();
  g_autoptr(GString) texts = g_string_new (NULL);
  g_autoptr(GString) out = NULL;
  g_autofree char *title = g_markup_escape_text (ib_chart_kind_title (request->kind), -1);
  g_autofree char *described = ib_chart_describe (request);
  g_autofree char *valid = ib_text_for_document (described);
  g_autofree char *desc = g_markup_escape_text (valid, -1);
  cairo_surface_t *surface;
  cairo_status_t status;
  const char *svg, *open_end, *close;

  surface = cairo_svg_surface_create_for_stream (memory_write, drawing, request->width,
                                                 request->height);
  cairo_svg_surface_restrict_to_version (surface, CAIRO_SVG_VERSION_1_1);
  /* Sized in px, as the PNG: cairo 1.16 declares pt otherwise, which a
   * browser draws a third larger (1280pt is 1707 px). */
  cairo_svg_surface_set_document_unit (surface, CAIRO_SVG_UNIT_PX);
  status = cairo_surface_status (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    {
      cairo_t *cr = cairo_create (surface);

      ib_chart_draw_svg_text (cr, request, texts);
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
  return write (closure, (const unsigned char *) out->str, (unsigned int) out->len);
}

static cairo_status_t
draw_to (cairo_surface_t      *surface,
         const IbChartRequest *request)
{
  cairo_t *cr = cairo_create (surface);
  cairo_status_t status;

  ib_chart_draw (cr, request);
  cairo_show_page (cr);
  status = cairo_status (cr);
  cairo_destroy (cr);
  return status;
}

/* Finishes and frees @surface; its first error if @status was success. */
static cairo_status_t
finish_surface (cairo_surface_t *surface,
                cairo_status_t   status)
{
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  return status;
}

static cairo_status_t
write_png (const IbChartRequest *request,
           double                scale,
           cairo_write_func_t    write,
           void                 *closure)
{
  int              pw = (int) ceil (request->width * scale), ph = (int) ceil (request->height * scale);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, pw, ph);
  cairo_status_t   status;

  cairo_surface_set_device_scale (surface, scale, scale);
  status = cairo_surface_status (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = draw_to (surface, request);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_write_to_png_stream (surface, write, closure);
  return finish_surface (surface, status);
}

static cairo_status_t
write_pdf (const IbChartRequest *request,
           double                scale,
           cairo_write_func_t    write,
           void                 *closure)
{
  cairo_surface_t *surface = cairo_pdf_surface_create_for_stream (write, closure, request->width,
                                                                  request->height);
  cairo_status_t   status = cairo_surface_status (surface);

  if (status == CAIRO_STATUS_SUCCESS)
    {
      cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE,
                                      ib_chart_kind_title (request->kind));
      cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "I/O Bench");
      status = draw_to (surface, request);
    }
  return finish_surface (surface, status);
}

/* ---- the formats --------------------------------------------------------- */

static const IbChartFormatInfo formats[] = {
  { "png", "image/png", N_("Write a PNG image"), TRUE, write_png },
  { "svg", "image/svg+xml", N_("Write an SVG image"), FALSE, write_svg },
  { "pdf", "application/pdf", N_("Write a PDF document"), FALSE, write_pdf },
};

guint
ib_chart_n_formats (void)
{
  return G_N_ELEMENTS (formats);
}

const IbChartFormatInfo *
ib_chart_format_nth (guint i)
{
  g_return_val_if_fail (i < G_N_ELEMENTS (formats), NULL);
  return &formats[i];
}

const IbChartFormatInfo *
ib_chart_format_lookup (const char *id)
{
  if (id == NULL)
    return NULL;
  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    if (g_str_equal (id, formats[i].id))
      return &formats[i];
  return NULL;
}

const IbChartFormatInfo *
ib_chart_format_from_path (const char *path)
{
  const char      *dot = path != NULL ? strrchr (path, '.') : NULL;
  g_autofree char *lower = NULL;

  if (dot == NULL)
    return NULL;
  lower = g_ascii_strdown (dot + 1, -1);
  return ib_chart_format_lookup (lower);
}

/* A size as the error message prints it (0 for one that is not finite). */
static int
side_text (double side)
{
  return isfinite (side) ? (int) CLAMP (side, -1e9, 1e9) : 0;
}

gboolean
ib_chart_export (const IbChartRequest    *request,
                 const IbChartFormatInfo *format,
                 const char              *path,
                 double                   scale,
                 GError                 **error)
{
  cairo_status_t status = CAIRO_STATUS_SUCCESS;
  Sink sink = { NULL, NULL };
  double width, height;

  g_return_val_if_fail (request != NULL && request->kind != NULL, FALSE);
  g_return_val_if_fail (request->style != NULL, FALSE);
  g_return_val_if_fail (format != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  width = request->width;
  height = request->height;
  if (!(width >= 1 && height >= 1 && width <= MAX_SIDE && height <= MAX_SIDE))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                   _("Could not write “%s”: the size %d × %d is outside 1 – %d pixels"),
                   path, side_text (width), side_text (height), MAX_SIDE);
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

  status = format->write (request, scale, sink_write, &sink);
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
