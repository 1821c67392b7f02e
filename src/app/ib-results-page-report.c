/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-results-page-report.c: what the results page says about the report it
 * shows: the header (preset, date, files, cache, folder), the findings by
 * group, the warnings bar and the machine it ran on. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "analysis/ib-findings.h"
#include "analysis/ib-labels.h"
#include "analysis/ib-warning-text.h"
#include "engine/model/ib-format.h"
#include "engine/plan/ib-presets.h"
#include "ib-results-page-private.h"

static char *
describe_files (const IbPlan *plan)
{
  guint n = plan->file_sizes != NULL ? plan->file_sizes->len : 0;
  gboolean same = TRUE;
  g_autofree char *size = NULL;

  if (n == 0)
    return NULL;
  for (guint i = 1; i < n; i++)
    if (g_array_index (plan->file_sizes, guint64, i) !=
        g_array_index (plan->file_sizes, guint64, 0))
      same = FALSE;
  if (same)
    {
      size = ib_format_size (g_array_index (plan->file_sizes, guint64, 0));
      /* Translators: "4 files × 32.0 MiB" */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u file × %s", "%u files × %s", n),
                              n, size);
    }
  size = ib_format_size (ib_plan_total_bytes (plan));
  /* Translators: "4 files, 2.0 GiB in all" */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u file, %s in all",
                                       "%u files, %s in all", n), n, size);
}

static const char *
describe_cache (IbCacheMode mode)
{
  return ib_cache_mode_text (mode);
}

void
_ib_results_page_update_header (IbResultsPage *self)
{
  const IbReport *r = self->report;
  const IbPresetInfo *preset = r->plan != NULL && r->plan->preset != NULL
                             ? ib_preset_lookup (r->plan->preset) : NULL;
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GDateTime) created = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *files = NULL;

  gtk_label_set_text (self->title_label, preset != NULL ? _(preset->title) : _("Custom Plan"));

  /* the one date format of the history, the comparison and its reports */
  if (r->created != NULL && (created = g_date_time_new_from_iso8601 (r->created, NULL)) != NULL)
    g_ptr_array_add (parts, ib_report_date_text (r));
  if (r->plan != NULL && (files = describe_files (r->plan)) != NULL)
    {
      g_ptr_array_add (parts, g_steal_pointer (&files));
      g_ptr_array_add (parts, g_strdup (describe_cache (r->plan->cache)));
    }
  if (r->plan != NULL && r->plan->budget_s > 0)
    /* Translators: the plan's time budget in the results' subtitle, "time
     * budget 60 s" */
    g_ptr_array_add (parts, g_strdup_printf (_("time budget %u s"), r->plan->budget_s));
  if (r->plan != NULL && r->plan->dir != NULL)
    g_ptr_array_add (parts, g_strdup (r->plan->dir));
  if (r->environment != NULL && r->environment->hostname != NULL)
    g_ptr_array_add (parts, g_strdup (r->environment->hostname));
  g_ptr_array_add (parts, NULL);
  subtitle = g_strjoinv (" · ", (char **) parts->pdata);
  gtk_label_set_text (self->subtitle_label, subtitle);
}

void
_ib_results_page_update_environment (IbResultsPage *self)
{
  const IbEnvironment *env = self->report->environment;
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *memory = NULL;

  if (env == NULL || (env->os == NULL && env->cpu_model == NULL))
    {
      gtk_widget_set_visible (GTK_WIDGET (self->environment_label), FALSE);
      return;
    }
  if (env->os != NULL)
    g_string_append (text, env->os);
  if (env->kernel != NULL)
    g_string_append_printf (text, text->len ? " · %s" : "%s", env->kernel);
  if (env->cpu_model != NULL)
    /* Translators: CPU model and number of cores */
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, " · %s, %u core", " · %s, %u cores",
                                               env->cores),
                            env->cpu_model, env->cores);
  if (env->memory_bytes > 0)
    {
      memory = ib_format_size (env->memory_bytes);
      /* Translators: memory size, e.g. "16.0 GiB RAM" */
      g_string_append_printf (text, _(" · %s RAM"), memory);
    }
  if (env->fs_type != NULL)
    g_string_append_printf (text, " · %s", env->fs_type);
  if (env->device_model != NULL)
    g_string_append_printf (text, " (%s)", env->device_model);
  if (env->glib_version != NULL)
    g_string_append_printf (text, " · GLib %s", env->glib_version);
  gtk_label_set_text (self->environment_label, text->str);
  gtk_widget_set_visible (GTK_WIDGET (self->environment_label), TRUE);
}

/* "the files were on tmpfs" -> "The files were on tmpfs" */
static char *
capitalised (const char *text)
{
  gunichar first = g_utf8_get_char (text);
  char buf[8] = { 0 };

  if (first == 0 || g_unichar_isupper (first))
    return g_strdup (text);
  g_unichar_to_utf8 (g_unichar_totitle (first), buf);
  return g_strconcat (buf, g_utf8_next_char (text), NULL);
}

/* A warning as a sentence: capitalised, with its final period (the
 * engine's warnings and older reports' have none). */
static char *
as_sentence (const char *text)
{
  g_autofree char *cap = capitalised (text);
  gsize len = strlen (cap);

  if (len == 0 || strchr (".!?", cap[len - 1]) != NULL || g_str_has_suffix (cap, "…"))
    return g_steal_pointer (&cap);
  return g_strconcat (cap, ".", NULL);
}

/* Findings that question the numbers themselves, shown as a banner too. */
static gboolean
is_validity_finding (const IbFinding *f)
{
  return ib_finding_is_warning (f->id);
}

/* A short heading over the first finding of each group (the findings come
 * sorted by group: ib_findings_sort). */
void
_ib_results_page_findings_header (GtkListBoxRow *row,
                                  GtkListBoxRow *before,
                                  gpointer       user_data)
{
  int group = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (row), "ib-group"));
  GtkWidget *label;

  if (before != NULL
      && GPOINTER_TO_INT (g_object_get_data (G_OBJECT (before), "ib-group")) == group)
    {
      gtk_list_box_row_set_header (row, NULL);
      return;
    }
  label = gtk_label_new (ib_finding_group_title ((IbFindingGroup) group));
  gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_add_css_class (label, "heading");
  gtk_widget_set_margin_start (label, 12);
  gtk_widget_set_margin_end (label, 12);
  gtk_widget_set_margin_top (label, 9);
  gtk_widget_set_margin_bottom (label, 3);
  gtk_list_box_row_set_header (row, label);
}

void
_ib_results_page_update_findings (IbResultsPage *self)
{
  GtkWidget *child;
  const GArray *findings = ib_analysis_get_findings (self->analysis);
  guint n = findings->len;

  if (n == self->n_findings && n > 0)
    return;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->findings_list))) != NULL)
    gtk_list_box_remove (self->findings_list, child);
  for (guint i = 0; i < n; i++)
    {
      const IbFinding *f = &g_array_index (findings, IbFinding, i);
      g_autofree char *sentence = NULL;
      GtkWidget *label, *row;

      /* the answer card says what a covered finding says */
      if (!ib_finding_is_shown (f))
        continue;
      sentence = capitalised (f->text != NULL ? f->text : "");
      label = gtk_label_new (sentence);
      row = gtk_list_box_row_new ();
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
      gtk_widget_add_css_class (label, "finding");
      /* One Tab stop per finding (the row, named by its sentence), not two. */
      gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), label);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
      g_object_set_data (G_OBJECT (row), "ib-group", GINT_TO_POINTER (ib_finding_group (f->id)));
      gtk_accessible_update_relation (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_RELATION_LABELLED_BY,
                                      label, NULL, -1);
      gtk_list_box_append (self->findings_list, row);
    }
  self->n_findings = n;
  gtk_widget_set_visible (self->findings_heading, ib_findings_n_shown (findings) > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->findings_list), ib_findings_n_shown (findings) > 0);
}

void
_ib_results_page_update_warnings (IbResultsPage *self)
{
  const IbReport *r = self->report;
  const GArray *findings = ib_analysis_get_findings (self->analysis);
  g_autofree char *old_text = NULL;
  gboolean was_visible;
  g_autoptr(GString) text = g_string_new (NULL);
  guint n = r->warnings != NULL ? r->warnings->len : 0;
  guint shown = 0;

  for (guint i = 0; i < findings->len; i++)
    {
      const IbFinding *f = &g_array_index (findings, IbFinding, i);
      g_autofree char *sentence = NULL;

      /* the answer card says what a covered finding says */
      if (!is_validity_finding (f) || f->text == NULL || !ib_finding_is_shown (f))
        continue;
      sentence = as_sentence (f->text);
      g_string_append_printf (text, "%s%s", shown++ > 0 ? "\n" : "", sentence);
    }
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *worded = ib_warning_text (g_ptr_array_index (r->warnings, i));
      g_autofree char *sentence = as_sentence (worded);

      g_string_append_printf (text, "%s%s", shown++ > 0 ? "\n" : "", sentence);
    }
  gtk_label_set_text (self->warning_label, text->str);
  gtk_widget_set_visible (self->warning_bar, shown > 0);
  self->n_warnings = n;

  /* A run the user stopped did not fail: say so calmly, not in red. */
  old_text = g_strdup (gtk_label_get_text (self->error_label));
  was_visible = gtk_widget_get_visible (self->error_bar);
  if (self->stopped)
    {
      gtk_info_bar_set_message_type (GTK_INFO_BAR (self->error_bar), GTK_MESSAGE_INFO);
      gtk_label_set_text (self->error_label,
                          _("You stopped the run. The results measured until then are shown "
                            "and kept in the history."));
    }
  else
    {
      gtk_info_bar_set_message_type (GTK_INFO_BAR (self->error_bar), GTK_MESSAGE_ERROR);
      gtk_label_set_text (self->error_label, r->error != NULL ? r->error : "");
    }
  /* A run that just failed or stopped: its note in sight, at the top,
   * wherever the page was scrolled to. */
  if ((r->error != NULL || self->stopped) &&
      (!was_visible || g_strcmp0 (old_text, gtk_label_get_text (self->error_label)) != 0))
    gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (self->scroller), 0);
  gtk_widget_set_visible (self->error_bar, r->error != NULL || self->stopped);
}
