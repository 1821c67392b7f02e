/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-window-export.c: the window's export (win.export ('FORMAT', 'PATH'),
 * win.export-menu, Ctrl+E). win.export shows a save dialog when PATH is
 * empty; the tests pass a path. What is written: the comparison when one is
 * shown, else the report on the results page with its visible chart. A file
 * the user did not name is never replaced without a question. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "ib-export.h"
#include "ib-window-private.h"

static void
export_menu_activated (GSimpleAction *action,
                       GVariant      *param,
                       gpointer       user_data)
{
  IbWindow *self = IB_WINDOW (user_data);

  if (gtk_widget_is_sensitive (self->export_button) &&
      gtk_widget_is_drawable (self->export_button))
    gtk_menu_button_popup (GTK_MENU_BUTTON (self->export_button));
}

typedef struct
{
  IbWindow *window;
  char     *path;
} ExportCtx;

static void
export_ctx_free (ExportCtx *ctx)
{
  g_object_unref (ctx->window);
  g_free (ctx->path);
  g_free (ctx);
}

static void
export_done (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  ExportCtx *ctx = user_data;
  IbWindow *self = ctx->window;
  g_autoptr(GError) error = NULL;

  self->n_pending_exports--;
  g_clear_pointer (&self->last_export_error, g_free);
  if (!ib_export_finish (result, &error))
    {
      self->last_export_error = g_strdup (error->message);
      _ib_window_show_error_dialog (self, _("Export Failed"), error->message);
    }
  else
    {
      g_autofree char *name = g_path_get_basename (ctx->path);
      g_autofree char *uri = g_filename_to_uri (ctx->path, NULL, NULL);
      g_autofree char *title = NULL;
      AdwToast *toast;

      /* Translators: %s is a file name */
      title = g_strdup_printf (_("Exported “%s”"), name);
      toast = adw_toast_new (title);
      if (uri != NULL)
        {
          adw_toast_set_button_label (toast, _("Open"));
          adw_toast_set_action_name (toast, "win.open-uri");
          adw_toast_set_action_target_value (toast, g_variant_new_string (uri));
        }
      adw_toast_overlay_add_toast (self->toast_overlay, toast);
    }
  export_ctx_free (ctx);
}

/* What win.export writes: the comparison when one is shown, else the report
 * on the results page with its visible chart. */
typedef struct
{
  IbAnalysis   *analysis;     /* one run, or NULL */
  IbComparison *comparison;   /* two runs, or NULL */
  IbReport     *report;       /* the run, or run A */
  IbReport     *other;        /* run B, or NULL */
  const IbChartKindInfo *kind;
  gboolean     log_scale;
  IbCompareChart compare;
} ExportSource;

static gboolean
get_export_source (IbWindow     *self,
                   ExportSource *out)
{
  memset (out, 0, sizeof *out);
  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->main_stack), "history") == 0)
    {
      out->comparison = ib_history_page_get_comparison (self->history_page);
      if (out->comparison == NULL)
        return FALSE;
      out->report = ib_analysis_get_report (ib_comparison_get_a (out->comparison));
      out->other = ib_analysis_get_report (ib_comparison_get_b (out->comparison));
      out->kind = ib_chart_kind_lookup ("compare");
      out->log_scale = ib_history_page_get_log_scale (self->history_page);
      out->compare = ib_history_page_get_chart_part (self->history_page);
      return TRUE;
    }
  out->analysis = ib_results_page_get_analysis (self->results_page);
  out->report = out->analysis != NULL ? ib_analysis_get_report (out->analysis) : NULL;
  out->kind = ib_results_page_get_chart_kind (self->results_page);
  out->log_scale = ib_results_page_get_log_scale (self->results_page);
  return out->analysis != NULL;
}

static void
run_export (IbWindow           *self,
            const ExportSource *source,
            const char         *format_id,
            const char         *path,
            gboolean            replace_extras)
{
  ExportCtx *ctx = g_new0 (ExportCtx, 1);
  IbExportRequest request = {
    .analysis = source->analysis,
    .comparison = source->comparison,
    .kind = source->kind,
    .log_scale = source->log_scale,
    .compare = source->compare,
    .format_id = format_id,
    .path = path,
    .replace_extras = replace_extras,
  };

  ctx->window = g_object_ref (self);
  ctx->path = g_strdup (path);
  self->n_pending_exports++;
  ib_export_async (&request, NULL, export_done, ctx);
}

static void
on_replace_extras_response (AdwMessageDialog *dialog,
                            const char       *response,
                            gpointer          user_data)
{
  IbWindow *self = IB_WINDOW (user_data);
  const char *format_id = g_object_get_data (G_OBJECT (dialog), "format");
  const char *path = g_object_get_data (G_OBJECT (dialog), "path");
  ExportSource source;

  if (g_str_equal (response, "replace") && get_export_source (self, &source))
    run_export (self, &source, format_id, path, TRUE);
  g_object_unref (self);
}

/* A Markdown report's charts go in a folder named after it; files of that
 * folder it would replace are the user's: ask first (Deliver 2). */
static void
ask_replace_extras (IbWindow   *self,
                    GPtrArray  *existing,
                    const char *format_id,
                    const char *path)
{
  g_autofree char *folder = g_path_get_dirname (g_ptr_array_index (existing, 0));
  g_autofree char *folder_name = g_filename_display_basename (folder);
  g_autoptr(GString) names = g_string_new (NULL);
  g_autofree char *body = NULL;
  GtkWidget *dialog;

  for (guint i = 0; i < existing->len; i++)
    {
      g_autofree char *name = g_filename_display_basename (g_ptr_array_index (existing, i));

      /* Translators: the separator of a list of file names */
      g_string_append_printf (names, "%s%s", i > 0 ? _(", ") : "", name);
    }
  body = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       /* Translators: %s: a folder's name, %u: a count,
                                        * %s: file names */
                                       "The Markdown report’s charts go in the folder “%s”, "
                                       "which already holds %u of them: %s. Replacing it "
                                       "loses what it shows now.",
                                       "The Markdown report’s charts go in the folder “%s”, "
                                       "which already holds %u of them: %s. Replacing them "
                                       "loses what they show now.", existing->len),
                          folder_name, existing->len, names->str);
  dialog = adw_message_dialog_new (GTK_WINDOW (self),
                                   g_dngettext (GETTEXT_PACKAGE, "Replace a Chart?",
                                                "Replace the Charts?", existing->len),
                                   body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "replace", _("_Replace"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "replace",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_object_set_data_full (G_OBJECT (dialog), "format", g_strdup (format_id), g_free);
  g_object_set_data_full (G_OBJECT (dialog), "path", g_strdup (path), g_free);
  g_signal_connect (dialog, "response", G_CALLBACK (on_replace_extras_response),
                    g_object_ref (self));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
start_export (IbWindow   *self,
              const char *format_id,
              const char *path)
{
  ExportSource source;
  g_autoptr(GPtrArray) existing = NULL;

  if (!get_export_source (self, &source))
    return;
  existing = ib_export_existing_extras (source.report, source.comparison, format_id, path);
  if (existing->len > 0)
    {
      ask_replace_extras (self, existing, format_id, path);
      return;
    }
  run_export (self, &source, format_id, path, FALSE);
}

static void
on_export_chosen (GtkNativeDialog *dialog,
                  int              response,
                  gpointer         user_data)
{
  IbWindow *self = IB_WINDOW (user_data);
  const char *format_id = g_object_get_data (G_OBJECT (dialog), "format");

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;

      if (path != NULL)
        {
          g_clear_object (&self->last_export_folder);
          self->last_export_folder = g_file_get_parent (file);
          start_export (self, format_id, path);
        }
      else
        _ib_window_show_error_dialog (self, _("Export Failed"),
                                      _("The chosen place is not a local file. "
                                        "Choose a folder on this computer."));
    }
  g_object_unref (dialog);
  g_object_unref (self);
}

static void
export_activated (GSimpleAction *action,
                  GVariant      *param,
                  gpointer       user_data)
{
  IbWindow *self = IB_WINDOW (user_data);
  ExportSource source;
  const char *format_id, *path;
  IbExportFormat format;
  g_autoptr(GError) error = NULL;
  g_autofree char *name = NULL;
  g_autofree char *pattern = NULL;
  GtkFileChooserNative *dialog;
  GtkFileFilter *filter;

  g_variant_get (param, "(&s&s)", &format_id, &path);
  if (!get_export_source (self, &source))
    return;
  if (!ib_export_parse_format (format_id, &format, &error))
    {
      _ib_window_show_error_dialog (self, _("Export Failed"), error->message);
      return;
    }
  if (source.other != NULL && !format.is_chart && !g_str_equal (format.extension, "html") &&
      !g_str_equal (format.extension, "md"))
    {
      g_free (self->last_export_error);
      self->last_export_error = g_strdup (_("A comparison is exported as a chart (PNG, SVG or "
                                            "PDF) or as a report (HTML or Markdown). For CSV "
                                            "or JSON, open one of the two runs."));
      _ib_window_show_error_dialog (self, _("Export Failed"), self->last_export_error);
      return;
    }
  if (path[0] != '\0')
    {
      start_export (self, format_id, path);
      return;
    }

  dialog = gtk_file_chooser_native_new (format.is_chart ? _("Export Chart") : _("Export Report"),
                                        GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SAVE,
                                        _("_Export"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  /* the name says the size written: a chart as tall as its rows */
  ib_export_fit_format (&format, source.kind, source.report, source.comparison, source.log_scale,
                        source.compare);
  name = ib_export_suggest_name (source.report, source.kind, &format);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), name);
  if (self->last_export_folder == NULL)
    {
      const char *docs = g_get_user_special_dir (G_USER_DIRECTORY_DOCUMENTS);

      self->last_export_folder = g_file_new_for_path (docs != NULL &&
                                                      g_file_test (docs, G_FILE_TEST_IS_DIR)
                                                      ? docs : g_get_home_dir ());
    }
  gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (dialog), self->last_export_folder, NULL);
  filter = gtk_file_filter_new ();
  pattern = g_strdup_printf ("*.%s", format.extension);
  gtk_file_filter_add_pattern (filter, pattern);
  gtk_file_filter_set_name (filter, pattern);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
  g_object_unref (filter);
  g_object_set_data_full (G_OBJECT (dialog), "format", g_strdup (format_id), g_free);
  g_signal_connect (dialog, "response", G_CALLBACK (on_export_chosen), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
open_uri_activated (GSimpleAction *action,
                    GVariant      *param,
                    gpointer       user_data)
{
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_show_uri (GTK_WINDOW (user_data), g_variant_get_string (param, NULL), GDK_CURRENT_TIME);
  G_GNUC_END_IGNORE_DEPRECATIONS
}

static const GActionEntry export_entries[] = {
  { "export", export_activated, "(ss)" },
  { "export-menu", export_menu_activated },
  { "open-uri", open_uri_activated, "s" },
};

void
_ib_window_add_export_actions (IbWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), export_entries,
                                   G_N_ELEMENTS (export_entries), self);
}
