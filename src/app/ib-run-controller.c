/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-run-controller.c: the one place the GUI talks to IbRunner.
 *
 * Events arrive on the main context (the runner's worker thread owns its own
 * context). Samples are appended to a working copy of the report, with the
 * statistics the runner computed between samples; views are told at most
 * ten times a second, so a fast run cannot flood the UI with redraws. While a run is active the application is held:
 * closing the window cancels it and the process lives until the engine has
 * deleted its files. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>

#include "engine/stats/ib-eta.h"
#include <gtk/gtk.h>
#include <adwaita.h>

#include "analysis/ib-analysis.h"
#include "engine/model/ib-error.h"
#include "engine/model/ib-map.h"
#include "engine/stats/ib-stats.h"
#include "ib-run-controller.h"
#include "ib-state-property.h"

#define REFRESH_INTERVAL_MS 100

struct _IbRunController
{
  GObject    parent_instance;

  IbRunner  *runner;
  IbReport  *report;
  IbAnalysis *analysis;  /* of the final report, NULL while running */
  char      *step;
  char      *eta;
  IbEta      eta_state;
  double     fraction;
  guint      n_samples;
  guint      refresh_id;
  gboolean   dirty;
  gboolean   running;
  gboolean   stopping;
  gboolean   holding;
  GThread   *ui_thread;
  IbReport  *keep_base;  /* keep deciding: the report whose line the run decides again */
  char      *keep_line;
};

G_DEFINE_FINAL_TYPE (IbRunController, ib_run_controller, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_RUNNING,
  PROP_STOPPING,
  PROP_STEP,
  PROP_ETA,
  PROP_FRACTION,
  N_PROPS
};

enum
{
  REPORT_CHANGED,
  FINISHED,
  DECISION,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
set_string (char       **field,
            const char  *value)
{
  if (g_strcmp0 (*field, value) == 0)
    return;
  g_free (*field);
  *field = g_strdup (value);
}

static char *format_eta (gint64 eta_ns);

/* "3 min", "40 s": the uncertainty beside the time left. */
static char *
format_span (gint64 ns)
{
  gint64 s = (ns + G_GINT64_CONSTANT (500000000)) / G_GINT64_CONSTANT (1000000000);

  if (s >= 90)
    /* Translators: an uncertainty in whole minutes, "± 3 min" */
    return g_strdup_printf (_("%d min"), (int) ((s + 30) / 60));
  /* Translators: an uncertainty in seconds, "± 40 s" */
  return g_strdup_printf (_("%d s"), (int) MAX (s, 1));
}

/* The time left with the uncertainty it is known to: a later rise never
 * exceeds what this says (ib-eta.h). */
static char *
format_eta_range (const IbEta *state,
                  gint64       eta_ns,
                  double       fraction,
                  gint64       now_us)
{
  g_autofree char *eta = format_eta (eta_ns);
  g_autofree char *span = NULL;

  if (eta == NULL || eta_ns < G_GINT64_CONSTANT (10000000000))
    return g_steal_pointer (&eta);
  span = format_span (ib_eta_shown_uncertainty_ns (state, eta_ns, fraction, now_us));
  /* Translators: the time left, then its uncertainty: "About 7 min 38 s left
   * (± 5 min)" */
  return g_strdup_printf (_("%s (± %s)"), eta, span);
}

static char *
format_eta (gint64 eta_ns)
{
  gint64 s;

  if (eta_ns < 0)
    return NULL;
  s = (eta_ns + G_GINT64_CONSTANT (500000000)) / G_GINT64_CONSTANT (1000000000);
  if (s < 1)
    return g_strdup (_("Almost done"));
  if (s < 60)
    /* Translators: time left of a running benchmark */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "About %d second left",
                                         "About %d seconds left", (gulong) s), (int) s);
  /* Translators: time left of a running benchmark, minutes and seconds */
  return g_strdup_printf (_("About %d min %02d s left"), (int) (s / 60), (int) (s % 60));
}

static void
release_app (IbRunController *self)
{
  GApplication *app = g_application_get_default ();

  if (self->holding && app != NULL)
    g_application_release (app);
  self->holding = FALSE;
}

/* The statistics come with each sample from the runner, computed on its own
 * thread between two samples: nothing of ours runs on GLib's shared task
 * pool (which the async strategies under test use) or competes with a timed
 * sample. Here they only replace the working report's, and the views hear
 * of it at most ten times a second. */
static gboolean
refresh_cb (gpointer user_data)
{
  IbRunController *self = user_data;

  self->refresh_id = 0;
  if (!self->dirty || self->report == NULL)
    return G_SOURCE_REMOVE;
  self->dirty = FALSE;
  g_signal_emit (self, signals[REPORT_CHANGED], 0);
  return G_SOURCE_REMOVE;
}

static void
take_statistics (IbRunController *self,
                 GArray          *statistics)
{
  g_array_set_size (self->report->statistics, 0);
  for (guint i = 0; i < statistics->len; i++)
    {
      IbStats copy;

      ib_stats_copy_into (&copy, &g_array_index (statistics, IbStats, i));
      g_array_append_val (self->report->statistics, copy);
    }
}

static void
schedule_refresh (IbRunController *self)
{
  self->dirty = TRUE;
  if (self->refresh_id == 0)
    self->refresh_id = g_timeout_add (REFRESH_INTERVAL_MS, refresh_cb, self);
}

static gboolean
free_runner_idle (gpointer data)
{
  /* The worker has posted DONE and is exiting: the join is short. */
  ib_runner_free (data);
  return G_SOURCE_REMOVE;
}

static void
fill_toolkit_versions (IbReport *report)
{
  if (report->environment == NULL)
    report->environment = ib_environment_new ();
  g_free (report->environment->gtk_version);
  report->environment->gtk_version = g_strdup_printf ("%u.%u.%u",
                                                      gtk_get_major_version (),
                                                      gtk_get_minor_version (),
                                                      gtk_get_micro_version ());
  g_free (report->environment->adw_version);
  report->environment->adw_version = g_strdup_printf ("%u.%u.%u",
                                                      adw_get_major_version (),
                                                      adw_get_minor_version (),
                                                      adw_get_micro_version ());
}

/* The end of a run that kept deciding a line: the earlier report with that
 * line as the run decided it (ib_decision_keep_merge); the earlier report
 * as it was when the run failed or was stopped, with @error saying why. */
static IbReport *
keep_merge (IbRunController *self,
            const IbEvent   *event,
            GError         **error)
{
  IbReport *report = ib_report_copy (self->keep_base);

  if (event->error == NULL && event->report != NULL)
    ib_decision_keep_merge (report, event->report, self->keep_line, error);
  g_clear_pointer (&self->keep_base, ib_report_unref);
  g_clear_pointer (&self->keep_line, g_free);
  return report;
}

static void
handle_done (IbRunController *self,
             const IbEvent   *event)
{
  g_autoptr(IbReport) report = NULL;
  g_autoptr(GError) error = NULL;

  if (self->keep_base != NULL)
    report = keep_merge (self, event, &error);
  else if (event->report != NULL)
    report = ib_report_copy (event->report);
  else
    report = ib_report_ref (self->report);
  fill_toolkit_versions (report);
  /* The runner gives the measurements; what they mean is the analysis'. */
  g_clear_pointer (&self->analysis, ib_analysis_unref);
  self->analysis = ib_analysis_new (report);
  if (event->error != NULL && error == NULL)
    error = g_error_copy (event->error);

  g_clear_handle_id (&self->refresh_id, g_source_remove);
  self->dirty = FALSE;
  g_clear_pointer (&self->report, ib_report_unref);
  self->report = ib_report_ref (report);

  if (self->runner != NULL)
    g_idle_add (free_runner_idle, g_steal_pointer (&self->runner));

  self->running = FALSE;
  self->stopping = FALSE;
  self->fraction = 1.0;
  set_string (&self->step, NULL);
  set_string (&self->eta, NULL);

  g_object_freeze_notify (G_OBJECT (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STOPPING]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STEP]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ETA]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FRACTION]);
  g_object_thaw_notify (G_OBJECT (self));

  g_signal_emit (self, signals[FINISHED], 0, report, error);
  release_app (self);
}

static void handle_event (IbRunController *self,
                          const IbEvent   *event);

/* The runner always queues its events on the context it was given (ours),
 * never runs them on its worker thread (ib-runner.c, post()). */
static void
on_event (const IbEvent *event,
          gpointer       user_data)
{
  IbRunController *self = user_data;

  g_assert (g_thread_self () == self->ui_thread);
  handle_event (self, event);
}

static void
handle_event (IbRunController *self,
              const IbEvent   *event)
{
  g_autofree char *eta = NULL;

  switch (event->kind)
    {
    case IB_EVENT_PROGRESS:
      if (self->stopping)
        break;
      {
        /* "Reads · Round 2 of 5: Memory map": the phase, then the step. */
        g_autofree char *step = event->message != NULL && event->message[0] != '\0'
          ? g_strdup_printf ("%s · %s", ib_phase_to_string (event->phase), event->message)
          : g_strdup (ib_phase_to_string (event->phase));

        set_string (&self->step, step);
      }
      /* Shown time left: counts down, no jumping back up (ib-eta.h). */
      {
        gint64 now_us = g_get_monotonic_time ();

        eta = format_eta_range (&self->eta_state,
                                ib_eta_update (&self->eta_state, event->fraction, event->eta_ns,
                                               now_us),
                                event->fraction, now_us);
      }
      set_string (&self->eta, eta ? eta : _("Estimating the time left…"));
      self->fraction = CLAMP (event->fraction, 0.0, 1.0);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STEP]);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ETA]);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FRACTION]);
      break;

    case IB_EVENT_SAMPLE:
      if (event->sample != NULL && self->report != NULL)
        {
          IbSample copy = { 0 };

          ib_sample_copy_into (&copy, event->sample);
          g_array_append_val (self->report->samples, copy);
          self->n_samples++;
          if (event->statistics != NULL)
            take_statistics (self, event->statistics);
          schedule_refresh (self);
        }
      break;

    case IB_EVENT_WARNING:
      if (event->warning != NULL && self->report != NULL)
        {
          ib_report_add_warning (self->report, ib_warning_copy (event->warning));
          schedule_refresh (self);
        }
      break;

    case IB_EVENT_DONE:
      handle_done (self, event);
      break;

    case IB_EVENT_MAP:
      /* the map so far: its cells as they decide */
      if (event->map != NULL && self->report != NULL)
        {
          ib_map_free (self->report->map);
          self->report->map = ib_map_copy (event->map);
          schedule_refresh (self);
        }
      break;

    case IB_EVENT_DECISION:
      if (!self->stopping && event->decision != NULL)
        g_signal_emit (self, signals[DECISION], 0, event->decision);
      break;

    default:
      break;
    }
}

gboolean
ib_run_controller_keep_deciding (IbRunController *self,
                                 IbReport        *report,
                                 const char      *line_id,
                                 guint            seconds,
                                 GError         **error)
{
  g_autoptr(IbPlan) plan = NULL;

  g_return_val_if_fail (IB_IS_RUN_CONTROLLER (self), FALSE);
  g_return_val_if_fail (report != NULL && line_id != NULL, FALSE);

  plan = ib_decision_keep_plan (report, line_id, seconds, error);
  if (plan == NULL || !ib_run_controller_start (self, plan, error))
    return FALSE;
  self->keep_base = ib_report_ref (report);
  self->keep_line = g_strdup (line_id);
  return TRUE;
}

gboolean
ib_run_controller_start (IbRunController *self,
                         const IbPlan    *plan,
                         GError         **error)
{
  GApplication *app;
  IbRunner *runner;

  g_return_val_if_fail (IB_IS_RUN_CONTROLLER (self), FALSE);
  g_return_val_if_fail (plan != NULL, FALSE);

  if (self->running)
    {
      g_set_error_literal (error, IB_ERROR, IB_ERROR_INVALID, _("A run is already in progress"));
      return FALSE;
    }

  runner = ib_runner_new (plan, error);
  if (runner == NULL)
    return FALSE;

  g_clear_pointer (&self->report, ib_report_unref);
  g_clear_pointer (&self->analysis, ib_analysis_unref);
  self->report = ib_report_new ();
  ib_plan_free (self->report->plan);
  self->report->plan = ib_plan_copy (plan);
  self->report->partial = TRUE;
  /* a map shows its grid at once, every cell not reached yet */
  if (plan->map != NULL)
    self->report->map = ib_map_new (plan->map->sizes, plan->map->counts);
  self->runner = runner;
  self->running = TRUE;
  self->stopping = FALSE;
  self->fraction = 0.0;
  self->n_samples = 0;
  set_string (&self->step, _("Starting…"));
  set_string (&self->eta, NULL);
  ib_eta_init (&self->eta_state);
  /* A budgeted run (quick) ends by its budget: the runner's clock starts
   * a moment after ours, and the files are deleted after it. */
  if (plan->budget_s > 0)
    ib_eta_set_end (&self->eta_state,
                    g_get_monotonic_time () + (gint64) plan->budget_s * G_USEC_PER_SEC,
                    IB_ETA_BUDGET_SLACK_NS);

  app = g_application_get_default ();
  if (app != NULL && !self->holding)
    {
      g_application_hold (app);
      self->holding = TRUE;
    }

  g_object_freeze_notify (G_OBJECT (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STOPPING]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STEP]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ETA]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FRACTION]);
  g_object_thaw_notify (G_OBJECT (self));
  g_signal_emit (self, signals[REPORT_CHANGED], 0);

  /* The runner keeps a reference until it has delivered IB_EVENT_DONE. */
  ib_runner_start (runner, g_main_context_default (), on_event,
                   g_object_ref (self), g_object_unref);
  return TRUE;
}

void
ib_run_controller_stop (IbRunController *self)
{
  g_return_if_fail (IB_IS_RUN_CONTROLLER (self));

  if (!self->running || self->stopping || self->runner == NULL)
    return;
  self->stopping = TRUE;
  ib_runner_cancel (self->runner);
  set_string (&self->step, _("Stopping and cleaning up…"));
  set_string (&self->eta, NULL);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STOPPING]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STEP]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ETA]);
}

gboolean
ib_run_controller_get_running (IbRunController *self)
{
  g_return_val_if_fail (IB_IS_RUN_CONTROLLER (self), FALSE);
  return self->running;
}

gboolean
ib_run_controller_get_stopping (IbRunController *self)
{
  g_return_val_if_fail (IB_IS_RUN_CONTROLLER (self), FALSE);
  return self->stopping;
}

IbReport *
ib_run_controller_get_report (IbRunController *self)
{
  g_return_val_if_fail (IB_IS_RUN_CONTROLLER (self), NULL);
  return self->report;
}

IbAnalysis *
ib_run_controller_get_analysis (IbRunController *self)
{
  g_return_val_if_fail (IB_IS_RUN_CONTROLLER (self), NULL);
  return self->analysis;
}

const char *
ib_run_controller_get_step (IbRunController *self)
{
  g_return_val_if_fail (IB_IS_RUN_CONTROLLER (self), NULL);
  return self->step;
}

const char *
ib_run_controller_get_eta (IbRunController *self)
{
  g_return_val_if_fail (IB_IS_RUN_CONTROLLER (self), NULL);
  return self->eta;
}

double
ib_run_controller_get_fraction (IbRunController *self)
{
  g_return_val_if_fail (IB_IS_RUN_CONTROLLER (self), 0.0);
  return self->fraction;
}

guint
ib_run_controller_get_n_samples (IbRunController *self)
{
  g_return_val_if_fail (IB_IS_RUN_CONTROLLER (self), 0);
  return self->n_samples;
}

static void
ib_run_controller_dispose (GObject *object)
{
  IbRunController *self = IB_RUN_CONTROLLER (object);

  g_clear_handle_id (&self->refresh_id, g_source_remove);
  /* Only reached when no run holds a reference: the runner is done. */
  g_clear_pointer (&self->runner, ib_runner_free);
  release_app (self);

  G_OBJECT_CLASS (ib_run_controller_parent_class)->dispose (object);
}

static void
ib_run_controller_finalize (GObject *object)
{
  IbRunController *self = IB_RUN_CONTROLLER (object);

  g_clear_pointer (&self->report, ib_report_unref);
  g_clear_pointer (&self->analysis, ib_analysis_unref);
  g_clear_pointer (&self->keep_base, ib_report_unref);
  g_free (self->keep_line);
  g_free (self->step);
  g_free (self->eta);

  G_OBJECT_CLASS (ib_run_controller_parent_class)->finalize (object);
}

static void
ib_run_controller_class_init (IbRunControllerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ib_run_controller_dispose;
  object_class->finalize = ib_run_controller_finalize;
  object_class->get_property = ib_state_property_get;

  properties[PROP_RUNNING] =
    ib_state_property_boolean ("running", G_STRUCT_OFFSET (IbRunController, running));
  properties[PROP_STOPPING] =
    ib_state_property_boolean ("stopping", G_STRUCT_OFFSET (IbRunController, stopping));
  properties[PROP_STEP] =
    ib_state_property_string ("step", G_STRUCT_OFFSET (IbRunController, step));
  properties[PROP_ETA] =
    ib_state_property_string ("eta", G_STRUCT_OFFSET (IbRunController, eta));
  properties[PROP_FRACTION] =
    ib_state_property_double ("fraction", G_STRUCT_OFFSET (IbRunController, fraction), 0.0, 1.0);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The working report grew (throttled to ~10 per second). */
  signals[REPORT_CHANGED] =
    g_signal_new ("report-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* The run ended: final (maybe partial) report, and the error or NULL. */
  signals[FINISHED] =
    g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, IB_TYPE_REPORT, G_TYPE_ERROR);
  /* Where a line of the decision phase stands (const IbDecisionLook *,
   * ib-decision.h; valid during the emission only). */
  signals[DECISION] =
    g_signal_new ("decision", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
}

static void
ib_run_controller_init (IbRunController *self)
{
  self->ui_thread = g_thread_self ();
}

IbRunController *
ib_run_controller_new (void)
{
  return g_object_new (IB_TYPE_RUN_CONTROLLER, NULL);
}
