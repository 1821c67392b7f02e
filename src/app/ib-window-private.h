/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-window-private.h: the main window's instance, shared by the files the
 * window is split over (as the plan page is):
 *   ib-window.c         GObject, actions, running, pages, closing during a run
 *   ib-window-export.c  win.export and win.export-menu: the export menus and files
 *   ib-window-open.c    win.open, a dropped report, ib_window_open_file()
 *   ib-window-dialog.c  the error dialog they all show
 * The other files never call back into ib-window.c by name: what they need
 * of it comes as a function pointer (show_opened), so the calls go one way. */
#pragma once

#include "ib-window.h"

G_BEGIN_DECLS

/* Shows a report opened from a file (set by ib-window.c). */
typedef void (*IbWindowShowOpened) (IbWindow   *self,
                                    IbAnalysis *analysis);

struct _IbWindow
{
  AdwApplicationWindow  parent_instance;

  /* template */
  AdwToastOverlay      *toast_overlay;
  AdwLeaflet           *leaflet;
  GtkWidget            *plan_pane;
  GtkWidget            *content_pane;
  GtkStack             *run_stop_stack;
  GtkWidget            *content_stop_button;
  AdwWindowTitle       *content_title;
  GtkRevealer          *run_reason_revealer;
  GtkLabel             *run_reason_label;
  GMenuModel           *export_menu;
  GMenuModel           *compare_export_menu;
  GMenu                *export_submenu;
  GtkWidget            *export_button;
  GtkWidget            *primary_menu_button;
  GtkStack             *main_stack;
  IbPlanPage           *plan_page;
  IbResultsPage        *results_page;
  IbHistoryPage        *history_page;

  /* state */
  GSettings            *settings;
  IbRunController      *controller;
  GFile                *last_export_folder;
  char                 *last_export_error;
  char                 *last_open_error;
  guint                 n_pending_exports;
  guint                 space_timeout;
  gboolean              close_confirmed;    /* closing drops a running run */
  gboolean              close_when_saved;   /* close once the stopped run is saved */
  GtkWidget            *close_dialog;
  IbWindowShowOpened    show_opened;
};


/* ib-window-dialog.c */
void _ib_window_show_error_dialog (IbWindow   *self,
                                   const char *heading,
                                   const char *body);

/* ib-window.c */
void _ib_window_show_content      (IbWindow   *self);

/* ib-window-export.c */
void _ib_window_add_export_actions (IbWindow  *self);

/* ib-window-open.c */
void _ib_window_add_open_actions  (IbWindow           *self,
                                   IbWindowShowOpened  show_opened);

G_END_DECLS
