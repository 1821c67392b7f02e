/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-results-page.c: shows one report, live while its run goes on. What it
 * says about the report (header, findings, warnings, environment) is in
 * ib-results-page-report.c. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "engine/plan/ib-presets.h"
#include "engine/stats/ib-stats.h"
#include "engine/io/ib-strategy.h"
#include "engine/workloads/ib-workloads.h"
#include "ib-chart-view.h"
#include "ib-decision-view.h"
#include "ib-results-page-private.h"
#include "ib-stats-table.h"
#include "ib-table-view.h"
#include "ib-tab-stop.h"
#include "analysis/ib-answer.h"
#include "ib-answer-cards.h"
#include "analysis/ib-compare.h"
#include "analysis/ib-findings.h"
#include "report/ib-report-io.h"
#include "analysis/ib-labels.h"

G_DEFINE_FINAL_TYPE (IbResultsPage, ib_results_page, ADW_TYPE_BIN)

static void
update_log_button (IbResultsPage *self)
{
  const IbChartKindInfo *kind = ib_results_page_get_chart_kind (self);
  GtkWidget *visible = adw_view_stack_get_visible_child (self->chart_stack);

  gtk_widget_set_visible (self->log_box, kind->log_switch);
  /* The dropdown (narrow windows) follows the switcher. */
  self->syncing_dropdown = TRUE;
  for (guint i = 0; i < self->n_shown; i++)
    if (GTK_WIDGET (self->views[self->shown[i]]) == visible)
      gtk_drop_down_set_selected (self->chart_dropdown, i);
  self->syncing_dropdown = FALSE;
}

static void
update_chart_dropdown (IbResultsPage *self)
{
  g_autoptr(GtkStringList) titles = gtk_string_list_new (NULL);
  guint n = 0;

  for (guint i = 0; i < self->n_views; i++)
    if (adw_view_stack_page_get_visible (adw_view_stack_get_page (self->chart_stack,
                                                                  GTK_WIDGET (self->views[i]))))
      {
        gtk_string_list_append (titles,
                                _(ib_chart_view_get_kind (self->views[i])->short_title));
        self->shown[n++] = i;
      }
  if (n == self->n_shown)
    return;
  self->n_shown = n;
  self->syncing_dropdown = TRUE;
  gtk_drop_down_set_model (self->chart_dropdown, G_LIST_MODEL (titles));
  self->syncing_dropdown = FALSE;
}

static void
on_dropdown_selected (IbResultsPage *self)
{
  guint selected = gtk_drop_down_get_selected (self->chart_dropdown);

  if (self->syncing_dropdown || selected >= self->n_shown)
    return;
  adw_view_stack_set_visible_child (self->chart_stack,
                                    GTK_WIDGET (self->views[self->shown[selected]]));
}

/* Shows the next (+1) or previous (-1) chart that has data, wrapping. */
void
ib_results_page_cycle_chart (IbResultsPage *self,
                             int            step)
{
  GtkWidget *visible;
  guint current = 0;

  g_return_if_fail (IB_IS_RESULTS_PAGE (self));

  if (self->n_shown == 0)
    return;
  visible = adw_view_stack_get_visible_child (self->chart_stack);
  for (guint i = 0; i < self->n_shown; i++)
    if (GTK_WIDGET (self->views[self->shown[i]]) == visible)
      current = i;
  current = (current + self->n_shown + (guint) (step % (int) self->n_shown)) % self->n_shown;
  adw_view_stack_set_visible_child (self->chart_stack,
                                    GTK_WIDGET (self->views[self->shown[current]]));
}

guint
ib_results_page_get_n_charts (IbResultsPage *self)
{
  g_return_val_if_fail (IB_IS_RESULTS_PAGE (self), 0);
  return self->n_shown;
}

/* The switcher as shown: whichever of its forms fits, or NULL when hidden. */
GtkWidget *
ib_results_page_get_chart_switcher (IbResultsPage *self)
{
  g_return_val_if_fail (IB_IS_RESULTS_PAGE (self), NULL);
  if (!gtk_widget_get_mapped (self->chart_switcher))
    return NULL;
  return adw_squeezer_get_visible_child (ADW_SQUEEZER (self->chart_switcher));
}

static void
update_charts (IbResultsPage *self,
               gboolean       new_report)
{
  gboolean any = FALSE;
  GtkWidget *visible;

  for (guint i = 0; i < self->n_views; i++)
    {
      gboolean          has = ib_chart_has_data (ib_chart_view_get_kind (self->views[i]), self->report, NULL);
      AdwViewStackPage *page = adw_view_stack_get_page (self->chart_stack,
                                                        GTK_WIDGET (self->views[i]));

      adw_view_stack_page_set_visible (page, has);
      any |= has;
      if (new_report)
        ib_chart_view_set_reports (self->views[i], self->report, NULL);
      else
        ib_chart_view_refresh (self->views[i]);
    }
  visible = adw_view_stack_get_visible_child (self->chart_stack);
  /* Stay on the chart the user picked while it still has data. */
  if (visible == NULL ||
      !adw_view_stack_page_get_visible (adw_view_stack_get_page (self->chart_stack, visible)))
    for (guint i = 0; i < self->n_views; i++)
      if (ib_chart_has_data (ib_chart_view_get_kind (self->views[i]), self->report, NULL))
        {
          adw_view_stack_set_visible_child (self->chart_stack, GTK_WIDGET (self->views[i]));
          break;
        }
  gtk_widget_set_visible (self->chart_card, any);
  update_chart_dropdown (self);
  /* One chart needs no switcher; several always show it, in the same place. */
  gtk_widget_set_visible (self->chart_switcher, self->n_shown > 1);
  update_log_button (self);
}

/* ---- the sweep and the other workloads: the table model ------------- */

/* Shows @table (taken; NULL hides the part) under @heading, its note under it. */
static void
show_table (GtkWidget   *heading,
            GtkWidget   *card,
            IbTableView *view,
            GtkLabel    *note,
            IbTable     *table)
{
  g_autoptr(IbTable) owned = table;

  gtk_widget_set_visible (heading, table != NULL);
  gtk_widget_set_visible (card, table != NULL);
  gtk_widget_set_visible (GTK_WIDGET (note), table != NULL && table->note != NULL);
  ib_table_view_set_table (view, table);
  gtk_label_set_text (note, table != NULL && table->note != NULL ? table->note : "");
}

static void
update_tables (IbResultsPage *self)
{
  show_table (self->sweep_heading, self->sweep_card, self->sweep_table, self->sweep_note,
              ib_table_sweep (self->report));
  show_table (self->overhead_heading, self->overhead_card, self->overhead_table,
              self->overhead_note, ib_table_overhead (self->report));
  show_table (self->write_unlink_heading, self->write_unlink_card, self->write_unlink_table,
              self->write_unlink_note, ib_table_write_unlink (self->report));
}

/* The headline's verdict in bold, its interval, cache and pair after it in
 * the body's weight: at 360 px six lines of bold read as a wall. The
 * verdict is what comes before the first " (" or ": ". */
static void
set_headline (GtkLabel   *label,
              const char *headline)
{
  const char *paren = strstr (headline, " (");
  const char *colon = strstr (headline, ": ");
  const char *cut = paren != NULL && (colon == NULL || paren < colon) ? paren : colon;
  g_autofree char *head = cut != NULL ? g_strndup (headline, cut - headline)
                                      : g_strdup (headline);
  g_autofree char *markup = g_markup_printf_escaped ("<b>%s</b>%s", head,
                                                     cut != NULL ? cut : "");

  gtk_label_set_markup (label, markup);
}

/* The answer card above the charts: headline, then the rest as a short
 * list, one line each (trade-off, threads, io_uring, memory map, why). */
static void
update_answer (IbResultsPage *self)
{
  const IbAnswer *answer;
  gboolean live = self->controller != NULL && ib_run_controller_get_running (self->controller);

  /* a report still growing: its answer so far */
  if (ib_analysis_is_live (self->analysis))
    {
      IbAnalysis *now = ib_analysis_new_live (self->report);

      g_clear_pointer (&self->analysis, ib_analysis_unref);
      self->analysis = now;
    }
  answer = ib_analysis_get_answer (self->analysis);

  gtk_widget_set_visible (self->answer_card, answer != NULL);
  self->answer_live = live;
  /* once the run is over: the undecided lines offer more time */
  ib_answer_cards_fill_keep (self->keep_box, live ? NULL : self->report, answer);
  if (answer == NULL)
    return;
  if (live && ib_answer_main (answer)->verdict.verdict == IB_VERDICT_TOO_FEW)
    {
      /* Translators: during a run; %u is the valid samples needed a side */
      g_autofree char *wait = g_strdup_printf (_("The answer comes once sync and async have "
                                                 "%u valid samples each."),
                                               IB_VERDICT_MIN_SAMPLES);

      /* While the run goes on, "too few samples" is not news: say when the
       * answer will come, in one line that does not push the charts away. */
      set_headline (self->answer_title, wait);
      gtk_widget_set_visible (GTK_WIDGET (self->answer_body), FALSE);
      return;
    }
  set_headline (self->answer_title, answer->headline);
  if (live)
    {
      /* The headline only while the run goes on: the details change with
       * every sample and would push the charts down a screen at 360 px. */
      gtk_widget_set_visible (GTK_WIDGET (self->answer_body), FALSE);
      return;
    }
  {
    g_autofree const char **details = ib_answer_details (answer);
    g_autoptr(GString) list = g_string_new (NULL);

    for (guint i = 0; details[i] != NULL; i++)
      {
        if (i > 0)
          g_string_append_c (list, '\n');
        /* Translators: an item of the list under the answer's headline */
        g_string_append_printf (list, _("• %s"), details[i]);
      }
    gtk_label_set_text (self->answer_body, list->str);
    gtk_widget_set_visible (GTK_WIDGET (self->answer_body), list->len > 0);
  }
}

/* The small-files and write + delete answers, once the run is over (their
 * verdicts need every run). */
static void
update_answer_cards (IbResultsPage *self)
{
  gboolean live = self->controller != NULL && ib_run_controller_get_running (self->controller);

  ib_answer_cards_fill (self->answer_cards, live ? NULL : self->report);
}

static void
update_all (IbResultsPage *self,
            gboolean       new_report)
{
  guint n_rows;

  if (self->report == NULL)
    return;
  _ib_results_page_update_header (self);
  _ib_results_page_update_warnings (self);
  update_answer (self);
  update_answer_cards (self);
  _ib_results_page_update_findings (self);
  _ib_results_page_update_environment (self);
  ib_stats_table_set_report (self->stats_table, self->report);
  n_rows = ib_stats_table_get_n_rows (self->stats_table);
  gtk_widget_set_visible (self->stats_heading, n_rows > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->stats_table), n_rows > 0);
  update_tables (self);
  update_charts (self, new_report);
}

void
ib_results_page_set_analysis (IbResultsPage *self,
                              IbAnalysis    *analysis,
                              const char    *status)
{
  g_return_if_fail (IB_IS_RESULTS_PAGE (self));
  g_return_if_fail (analysis != NULL);

  ib_analysis_ref (analysis);
  g_clear_pointer (&self->analysis, ib_analysis_unref);
  self->analysis = analysis;
  self->report = ib_analysis_get_report (analysis);
  self->stopped = FALSE;
  self->n_findings = G_MAXUINT;
  gtk_label_set_text (self->status_label, status != NULL ? status : "");
  gtk_widget_set_visible (GTK_WIDGET (self->status_label), status != NULL);
  update_all (self, TRUE);
}

void
ib_results_page_set_live_report (IbResultsPage *self,
                                 IbReport      *report)
{
  g_autoptr(IbAnalysis) analysis = NULL;

  g_return_if_fail (IB_IS_RESULTS_PAGE (self));
  g_return_if_fail (report != NULL);

  analysis = ib_analysis_new_live (report);
  ib_results_page_set_analysis (self, analysis, NULL);
}

void
ib_results_page_scroll_to_top (IbResultsPage *self)
{
  g_return_if_fail (IB_IS_RESULTS_PAGE (self));
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (self->scroller), 0);
}

void
ib_results_page_set_stopped (IbResultsPage *self,
                             gboolean       stopped)
{
  g_return_if_fail (IB_IS_RESULTS_PAGE (self));
  self->stopped = stopped;
  if (self->report != NULL)
    _ib_results_page_update_warnings (self);
}

gboolean
ib_results_page_get_stopped (IbResultsPage *self)
{
  g_return_val_if_fail (IB_IS_RESULTS_PAGE (self), FALSE);
  return self->stopped &&
         gtk_info_bar_get_message_type (GTK_INFO_BAR (self->error_bar)) != GTK_MESSAGE_ERROR;
}

void
ib_results_page_refresh (IbResultsPage *self)
{
  g_return_if_fail (IB_IS_RESULTS_PAGE (self));
  update_all (self, FALSE);
}

IbReport *
ib_results_page_get_report (IbResultsPage *self)
{
  g_return_val_if_fail (IB_IS_RESULTS_PAGE (self), NULL);
  return self->report;
}

IbAnalysis *
ib_results_page_get_analysis (IbResultsPage *self)
{
  g_return_val_if_fail (IB_IS_RESULTS_PAGE (self), NULL);
  return self->analysis;
}

AdwViewStack *
ib_results_page_get_chart_stack (IbResultsPage *self)
{
  g_return_val_if_fail (IB_IS_RESULTS_PAGE (self), NULL);
  return self->chart_stack;
}

const IbChartKindInfo *
ib_results_page_get_chart_kind (IbResultsPage *self)
{
  GtkWidget *visible;

  g_return_val_if_fail (IB_IS_RESULTS_PAGE (self), ib_chart_kind_nth (0));

  visible = adw_view_stack_get_visible_child (self->chart_stack);
  if (IB_IS_CHART_VIEW (visible))
    return ib_chart_view_get_kind (IB_CHART_VIEW (visible));
  return ib_chart_kind_nth (0);
}

gboolean
ib_results_page_get_log_scale (IbResultsPage *self)
{
  g_return_val_if_fail (IB_IS_RESULTS_PAGE (self), FALSE);
  return gtk_switch_get_active (self->log_switch);
}

const char *
ib_results_page_get_answer (IbResultsPage *self)
{
  g_return_val_if_fail (IB_IS_RESULTS_PAGE (self), NULL);
  if (!gtk_widget_get_visible (self->answer_card))
    return NULL;
  return gtk_label_get_text (self->answer_title);
}

const char *
ib_results_page_get_answer_details (IbResultsPage *self)
{
  g_return_val_if_fail (IB_IS_RESULTS_PAGE (self), NULL);
  if (!gtk_widget_get_visible (self->answer_card)
      || !gtk_widget_get_visible (GTK_WIDGET (self->answer_body)))
    return NULL;
  return gtk_label_get_text (self->answer_body);
}

GtkWidget *
ib_results_page_get_keep_button (IbResultsPage *self,
                                 const char    *line_id)
{
  g_return_val_if_fail (IB_IS_RESULTS_PAGE (self), NULL);

  return ib_answer_cards_keep_button (self->keep_box, line_id);
}

const char *
ib_results_page_get_answer_card (IbResultsPage *self,
                                 const char    *id)
{
  g_return_val_if_fail (IB_IS_RESULTS_PAGE (self), NULL);
  return ib_answer_cards_headline (self->answer_cards, id);
}

guint
ib_results_page_get_n_stats_rows (IbResultsPage *self)
{
  g_return_val_if_fail (IB_IS_RESULTS_PAGE (self), 0);
  return ib_stats_table_get_n_rows (self->stats_table);
}

/* ---- progress --------------------------------------------------------- */

static void
update_progress (IbResultsPage *self)
{
  IbRunController *c = self->controller;
  gboolean running = ib_run_controller_get_running (c);
  const char *eta = ib_run_controller_get_eta (c);
  const char *step = ib_run_controller_get_step (c);

  gtk_widget_set_visible (self->progress_box, running);
  /* No spinner: its animation repainted the window about 60 times a second
   * through the whole run, CPU taken from the samples; the bar and the step
   * change when there is news. */
  /* Rows stay put while the run goes on; sorted by value once it is over. */
  for (guint i = 0; i < self->n_views; i++)
    ib_chart_view_set_live (self->views[i], running);
  ib_stats_table_set_live (self->stats_table, running);
  if (self->report != NULL && self->answer_live != running)
    {
      update_answer (self);   /* the whole answer once the run is over */
      update_answer_cards (self);
    }
  gtk_label_set_text (self->step_label, step != NULL ? step : "");
  gtk_label_set_text (self->eta_label, eta != NULL ? eta : "");
  gtk_progress_bar_set_fraction (self->progress_bar, ib_run_controller_get_fraction (c));
  if (running)
    {
      gtk_label_set_text (self->status_label,
                          ib_run_controller_get_stopping (c) ? _("Stopping") : _("Running"));
      gtk_widget_set_visible (GTK_WIDGET (self->status_label), TRUE);
    }
}

void
ib_results_page_set_controller (IbResultsPage   *self,
                                IbRunController *controller)
{
  g_return_if_fail (IB_IS_RESULTS_PAGE (self));
  g_return_if_fail (IB_IS_RUN_CONTROLLER (controller));

  g_set_object (&self->controller, controller);
  g_signal_connect_object (controller, "notify", G_CALLBACK (update_progress), self,
                           G_CONNECT_SWAPPED);
  /* The decision phase's interval, under the progress bar. */
  if (self->decision_view == NULL)
    {
      self->decision_view = IB_DECISION_VIEW (ib_decision_view_new ());
      gtk_box_insert_child_after (GTK_BOX (self->progress_box), GTK_WIDGET (self->decision_view),
                                  GTK_WIDGET (self->progress_bar));
    }
  ib_decision_view_set_controller (self->decision_view, controller);
}

char *
ib_results_page_dup_decision_text (IbResultsPage *self)
{
  g_return_val_if_fail (IB_IS_RESULTS_PAGE (self), g_strdup (""));
  return self->decision_view != NULL ? ib_decision_view_dup_text (self->decision_view)
                                     : g_strdup ("");
}

/* ---- GObject ---------------------------------------------------------- */

static void
on_log_toggled (IbResultsPage *self)
{
  gboolean log_scale = gtk_switch_get_active (self->log_switch);

  for (guint i = 0; i < self->n_views; i++)
    ib_chart_view_set_log_scale (self->views[i], log_scale);
}

/* AdwSqueezer (1.2) lets Tab into the forms of the switcher it does not show,
 * where focus cannot go: Tab then stayed where it was. Only the shown one
 * takes focus. */
static void
on_switcher_form_changed (IbResultsPage *self)
{
  GtkWidget *shown = adw_squeezer_get_visible_child (ADW_SQUEEZER (self->chart_switcher));

  for (GtkWidget *child = gtk_widget_get_first_child (self->chart_switcher); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      gtk_widget_set_can_focus (child, child == shown);
      /* nor is it in the accessibility tree: GTK 4.8 would list both
       * switchers, the view switcher met twice */
      gtk_accessible_update_state (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_STATE_HIDDEN,
                                   child != shown, -1);
    }
}

static void
ib_results_page_dispose (GObject *object)
{
  IbResultsPage *self = IB_RESULTS_PAGE (object);

  g_clear_object (&self->controller);
  self->report = NULL;
  g_clear_pointer (&self->analysis, ib_analysis_unref);
  g_clear_pointer (&self->views, g_free);
  g_clear_pointer (&self->shown, g_free);
  self->n_views = 0;
  G_OBJECT_CLASS (ib_results_page_parent_class)->dispose (object);
}

static void
ib_results_page_class_init (IbResultsPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ib_results_page_dispose;

  g_type_ensure (IB_TYPE_STATS_TABLE);
  g_type_ensure (IB_TYPE_TAB_STOP);
  g_type_ensure (IB_TYPE_SIDE_SCROLLER);
  g_type_ensure (IB_TYPE_TABLE_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/iobench/IoBench/ui/results-page.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, IbResultsPage, name)
  BIND (title_label);
  BIND (status_label);
  BIND (subtitle_label);
  BIND (progress_box);
  BIND (step_label);
  BIND (eta_label);
  BIND (progress_bar);
  BIND (error_bar);
  BIND (scroller);
  BIND (error_label);
  BIND (warning_bar);
  BIND (warning_label);
  BIND (chart_card);
  BIND (chart_switcher);
  BIND (chart_dropdown);
  BIND (log_box);
  BIND (log_switch);
  BIND (chart_stack);
  BIND (stats_heading);
  BIND (stats_table);
  BIND (sweep_heading);
  BIND (sweep_card);
  BIND (sweep_table);
  BIND (sweep_note);
  BIND (overhead_heading);
  BIND (overhead_card);
  BIND (overhead_table);
  BIND (overhead_note);
  BIND (write_unlink_heading);
  BIND (write_unlink_card);
  BIND (write_unlink_table);
  BIND (write_unlink_note);
  BIND (answer_card);
  BIND (answer_title);
  BIND (answer_body);
  BIND (answer_cards);
  BIND (findings_heading);
  BIND (findings_list);
  BIND (environment_label);
#undef BIND
}

static void
ib_results_page_init (IbResultsPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->keep_box = ib_answer_cards_new_keep_box ();
  gtk_box_append (GTK_BOX (self->answer_card), GTK_WIDGET (self->keep_box));
  gtk_list_box_set_header_func (self->findings_list, _ib_results_page_findings_header, NULL, NULL);

  /* A page for every kind of one run, in the table's order; the views
   * belong to the stack. */
  self->views = g_new0 (IbChartView *, ib_chart_n_kinds ());
  self->shown = g_new0 (guint, ib_chart_n_kinds ());
  for (guint k = 0; k < ib_chart_n_kinds (); k++)
    {
      const IbChartKindInfo *kind = ib_chart_kind_nth (k);
      GtkWidget             *view;
      AdwViewStackPage *page;

      if (kind->two_runs)
        continue;
      view = ib_chart_view_new (kind);
      self->views[self->n_views++] = IB_CHART_VIEW (view);
      gtk_widget_set_margin_start (view, 6);
      gtk_widget_set_margin_end (view, 6);
      gtk_widget_set_margin_top (view, 6);
      gtk_widget_set_margin_bottom (view, 6);
      page = adw_view_stack_add_titled (self->chart_stack, view, kind->id, _(kind->short_title));
      adw_view_stack_page_set_icon_name (page, kind->icon);
      adw_view_stack_page_set_visible (page, FALSE);
    }
  g_signal_connect_swapped (self->chart_switcher, "notify::visible-child",
                            G_CALLBACK (on_switcher_form_changed), self);
  on_switcher_form_changed (self);
  g_signal_connect_swapped (self->chart_stack, "notify::visible-child",
                            G_CALLBACK (update_log_button), self);
  g_signal_connect_swapped (self->log_switch, "notify::active", G_CALLBACK (on_log_toggled), self);
  g_signal_connect_swapped (self->chart_dropdown, "notify::selected",
                            G_CALLBACK (on_dropdown_selected), self);
}
