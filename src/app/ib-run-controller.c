/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-run-controller.c: the one place the GUI talks to IbRunner.
 *
 * Events arrive on the main context (the runner's worker thread owns its own
 * context). Samples are appended to a working copy of the report and the
 * statistics recomputed at most ten times a second, so a fast run cannot
 * flood the UI with redraws. While a run is active the application is held:
 * closing the window cancels it and the process lives until the engine has
 * deleted its files. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>

#include "engine/ib-eta.h"
#include <gtk/gtk.h>
#include <adwaita.h>

#include "engine/ib-error.h"
#include "engine/ib-stats.h"
#include "ib-run-controller.h"

#define REFRESH_INTERVAL_MS 100

struct _IbRunController
{
  GObject    parent_instance;

  IbRunner  *runner;
  IbReport  *report;
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
  gboolean   computing;     /* a statistics job is on a worker thread */
  guint      generation;    /* bumped per run: late jobs are ignored */
  GThread   *ui_thread;
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

enum {
  REPORT_CHANGED,
  FINISHED,
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

/* Statistics (a seeded bootstrap per strategy) are recomputed on a worker
 * thread from a copy of the working report, so a long run with thousands of
 * samples never stalls the window; the result replaces the statistics of
 * the working report, which the main thread alone touches. */
typedef struct
{
  IbReport *copy;
  guint     generation;
} StatsJob;

static void
stats_job_free (gpointer data)
{
  StatsJob *job = data;

  g_clear_pointer (&job->copy, ib_report_unref);
  g_free (job);
}

static void
stats_thread (GTask        *task,
              gpointer      source,
              gpointer      task_data,
              GCancellable *cancellable)
{
  StatsJob *job = task_data;
  GArray *stats;

  ib_report_compute_statistics (job->copy);
  /* Strategies not reached yet have no row: they have not failed either. */
  stats = job->copy->statistics;
  for (guint i = stats->len; i > 0; i--)
    {
      const IbStats *st = &g_array_index (stats, IbStats, i - 1);

      if (st->n == 0 && st->n_failed == 0)
        g_array_remove_index (stats, i - 1);
    }
  g_task_return_boolean (task, TRUE);
}

static void schedule_refresh (IbRunController *self);

static void
stats_done (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  IbRunController *self = IB_RUN_CONTROLLER (source);
  StatsJob *job = g_task_get_task_data (G_TASK (result));
  GArray *tmp;

  self->computing = FALSE;
  if (!g_task_propagate_boolean (G_TASK (result), NULL) ||
      job->generation != self->generation || !self->running || self->report == NULL)
    return;

  tmp = self->report->statistics;
  self->report->statistics = job->copy->statistics;
  job->copy->statistics = tmp;
  g_signal_emit (self, signals[REPORT_CHANGED], 0);
  if (self->dirty)
    schedule_refresh (self);
}

static gboolean
refresh_cb (gpointer user_data)
{
  IbRunController *self = user_data;
  g_autoptr(GTask) task = NULL;
  StatsJob *job;

  self->refresh_id = 0;
  if (!self->dirty || self->report == NULL || self->computing)
    return G_SOURCE_REMOVE;   /* stats_done reschedules while dirty */
  self->dirty = FALSE;
  self->computing = TRUE;

  job = g_new0 (StatsJob, 1);
  job->copy = ib_report_copy (self->report);
  job->generation = self->generation;
  task = g_task_new (self, NULL, stats_done, NULL);
  g_task_set_source_tag (task, refresh_cb);
  g_task_set_task_data (task, job, stats_job_free);
  g_task_run_in_thread (task, stats_thread);
  return G_SOURCE_REMOVE;
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

static void
handle_done (IbRunController *self,
             const IbEvent   *event)
{
  g_autoptr(IbReport) report = NULL;
  g_autoptr(GError) error = NULL;

  if (event->report != NULL)
    report = ib_report_copy (event->report);
  else
    report = ib_report_ref (self->report);
  fill_toolkit_versions (report);
  if (event->error != NULL)
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
      eta = format_eta (ib_eta_update (&self->eta_state, event->fraction, event->eta_ns,
                                       g_get_monotonic_time ()));
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
          schedule_refresh (self);
        }
      break;

    case IB_EVENT_WARNING:
      if (event->message != NULL && self->report != NULL)
        {
          ib_report_add_warning (self->report, "%s", event->message);
          schedule_refresh (self);
        }
      break;

    case IB_EVENT_DONE:
      handle_done (self, event);
      break;

    default:
      break;
    }
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
  self->report = ib_report_new ();
  ib_plan_free (self->report->plan);
  self->report->plan = ib_plan_copy (plan);
  self->report->partial = TRUE;
  self->runner = runner;
  self->generation++;
  self->running = TRUE;
  self->stopping = FALSE;
  self->fraction = 0.0;
  self->n_samples = 0;
  set_string (&self->step, _("Starting…"));
  set_string (&self->eta, NULL);
  ib_eta_init (&self->eta_state);

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
  g_free (self->step);
  g_free (self->eta);

  G_OBJECT_CLASS (ib_run_controller_parent_class)->finalize (object);
}

static void
ib_run_controller_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  IbRunController *self = IB_RUN_CONTROLLER (object);

  switch (prop_id)
    {
    case PROP_RUNNING:
      g_value_set_boolean (value, self->running);
      break;
    case PROP_STOPPING:
      g_value_set_boolean (value, self->stopping);
      break;
    case PROP_STEP:
      g_value_set_string (value, self->step);
      break;
    case PROP_ETA:
      g_value_set_string (value, self->eta);
      break;
    case PROP_FRACTION:
      g_value_set_double (value, self->fraction);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ib_run_controller_class_init (IbRunControllerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ib_run_controller_dispose;
  object_class->finalize = ib_run_controller_finalize;
  object_class->get_property = ib_run_controller_get_property;

  properties[PROP_RUNNING] =
    g_param_spec_boolean ("running", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_STOPPING] =
    g_param_spec_boolean ("stopping", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_STEP] =
    g_param_spec_string ("step", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ETA] =
    g_param_spec_string ("eta", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_FRACTION] =
    g_param_spec_double ("fraction", NULL, NULL, 0.0, 1.0, 0.0,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The working report grew (throttled to ~10 per second). */
  signals[REPORT_CHANGED] =
    g_signal_new ("report-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* The run ended: final (maybe partial) report, and the error or NULL. */
  signals[FINISHED] =
    g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, IB_TYPE_REPORT, G_TYPE_ERROR);
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
