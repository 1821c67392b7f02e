/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-results-page-private.h: the results page's instance, shared by the
 * files the page is split over (as the plan page is):
 *   ib-results-page.c          GObject, charts, answer, the workloads'
 *                              tables, progress
 *   ib-results-page-report.c   what the page says about the report: its
 *                              header, findings, warnings and environment */
#pragma once

#include "ib-chart-view.h"
#include "ib-decision-view.h"
#include "ib-results-page.h"
#include "ib-stats-table.h"
#include "ib-table-view.h"

G_BEGIN_DECLS

struct _IbResultsPage
{
  AdwBin           parent_instance;

  GtkLabel        *title_label;
  GtkLabel        *status_label;
  GtkLabel        *subtitle_label;
  GtkWidget       *progress_box;
  GtkLabel        *step_label;
  GtkLabel        *eta_label;
  GtkProgressBar  *progress_bar;
  GtkWidget       *error_bar;
  GtkLabel        *error_label;
  GtkScrolledWindow *scroller;
  GtkWidget       *warning_bar;
  GtkLabel        *warning_label;
  GtkWidget       *chart_card;
  GtkWidget       *chart_switcher;
  GtkDropDown     *chart_dropdown;
  GtkWidget       *log_box;
  GtkSwitch       *log_switch;
  AdwViewStack    *chart_stack;
  GtkWidget       *stats_heading;
  IbStatsTable    *stats_table;
  GtkWidget       *sweep_heading;
  GtkWidget       *sweep_card;
  IbTableView     *sweep_table;
  GtkLabel        *sweep_note;
  GtkWidget       *overhead_heading;
  GtkWidget       *overhead_card;
  IbTableView     *overhead_table;
  GtkLabel        *overhead_note;
  GtkWidget       *write_unlink_heading;
  GtkWidget       *write_unlink_card;
  IbTableView     *write_unlink_table;
  GtkLabel        *write_unlink_note;
  GtkWidget       *answer_card;
  GtkLabel        *answer_title;
  GtkLabel        *answer_body;
  GtkBox          *answer_cards;
  GtkBox          *keep_box;    /* "Keep Deciding" of the undecided lines (ib-answer-cards.h) */
  GtkWidget       *findings_heading;
  GtkListBox      *findings_list;
  GtkLabel        *environment_label;

  IbChartView    **views; /* a page per kind of one run (the chart table's order) */
  guint            n_views;
  guint           *shown; /* dropdown position -> page */
  guint            n_shown;
  gboolean         syncing_dropdown;
  IbRunController *controller;
  IbDecisionView  *decision_view;   /* in progress_box, once there is a controller */
  IbAnalysis      *analysis;
  IbReport        *report;     /* the analysis's */
  guint            n_findings;
  guint            n_warnings;
  gboolean         stopped;    /* the user stopped the run shown */
  gboolean         answer_live; /* the answer card was last filled during a run */
};


/* ib-results-page-report.c */
void _ib_results_page_update_header      (IbResultsPage *self);
void _ib_results_page_update_environment (IbResultsPage *self);
void _ib_results_page_update_findings    (IbResultsPage *self);
void _ib_results_page_update_warnings    (IbResultsPage *self);
void _ib_results_page_findings_header    (GtkListBoxRow *row,
                                          GtkListBoxRow *before,
                                          gpointer       user_data);

G_END_DECLS
