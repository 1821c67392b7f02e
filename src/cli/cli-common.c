/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-common.c: helpers every iobench-cli subcommand shares. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <errno.h>
#include <glib-unix.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <string.h>
#include <unistd.h>

#include "chart/ib-chart.h"
#include "cli-common.h"
#include "engine/model/ib-error.h"
#include "engine/stats/ib-eta.h"
#include "engine/io/ib-output.h"
#include "engine/os/ib-busy.h"
#include "engine/os/ib-os.h"
#include "engine/plan/ib-parse.h"
#include "engine/stats/ib-stats.h"
#include "engine/io/ib-strategy.h"
#include "engine/workloads/ib-workloads.h"
#include "analysis/ib-answer.h"
#include "analysis/ib-busy-text.h"
#include "analysis/ib-findings.h"
#include "report/ib-compare-writers.h"
#include "report/ib-report-io.h"
#include "analysis/ib-tables.h"
#include "analysis/ib-labels.h"
#include "analysis/ib-text-safe.h"
#include "analysis/ib-warning-text.h"

/* ---- messages and exit codes ------------------------------------------ */

void
ib_cli_printerr (const char *format,
                 ...)
{
  g_autofree char *text = NULL;
  va_list args;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  fflush (stdout);
  ib_cli_print (stderr, "%s: %s\n", g_get_prgname (), text);
}

int
ib_cli_exit_code_for_error (const GError *error)
{
  if (error == NULL)
    return IB_EXIT_OK;
  if (error->domain == G_OPTION_ERROR || g_error_matches (error, IB_ERROR, IB_ERROR_INVALID))
    return IB_EXIT_USAGE;
  if (g_error_matches (error, IB_ERROR, IB_ERROR_CANCELLED) ||
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return IB_EXIT_INTERRUPTED;
  return IB_EXIT_FAILED;
}

int
ib_cli_fail (const GError *error)
{
  g_return_val_if_fail (error != NULL, IB_EXIT_FAILED);

  ib_cli_printerr ("%s", error->message);
  return ib_cli_exit_code_for_error (error);
}

gboolean
ib_cli_parse_options (GOptionContext   *context,
                      int              *argc,
                      char           ***argv,
                      gboolean          allow_args)
{
  g_autoptr(GError) error = NULL;

  if (!g_option_context_parse (context, argc, argv, &error))
    {
      ib_cli_printerr (_("%s (see “%s --help”)"), error->message, g_get_prgname ());
      return FALSE;
    }
  if (!allow_args && *argc > 1)
    {
      ib_cli_printerr (_("unexpected argument “%s” (see “%s --help”)"), (*argv)[1],
                       g_get_prgname ());
      return FALSE;
    }
  return TRUE;
}

/* ---- signals ----------------------------------------------------------- */

/* One thread of its own dispatches SIGINT and SIGTERM, so a signal is turned
 * into a cancel whatever the main thread does (runs a plan, or writes a
 * file and so iterates no loop). */
static struct
{
  GMutex        lock;
  GThread      *thread;
  GCancellable *watched;  /* what a signal cancels now */
  int           received; /* the first signal */
} sig;

static int
exit_code_for_signal (int signum)
{
  return signum == SIGTERM ? IB_EXIT_TERMINATED : IB_EXIT_INTERRUPTED;
}

static gboolean
on_signal (gpointer data)
{
  int signum = GPOINTER_TO_INT (data);
  g_autoptr(GCancellable) watched = NULL;

  g_mutex_lock (&sig.lock);
  if (sig.received == 0)
    sig.received = signum;
  if (sig.watched != NULL)
    watched = g_object_ref (sig.watched);
  g_mutex_unlock (&sig.lock);
  if (watched == NULL)
    {
      /* Nothing under way that leaves anything behind: stop now. */
      ib_cli_printerr ("%s", _("interrupted"));
      fflush (stderr);
      _exit (exit_code_for_signal (signum));
    }
  g_cancellable_cancel (watched);
  return G_SOURCE_CONTINUE;
}

static gpointer
signal_thread (gpointer data)
{
  GMainContext *context = data;

  g_main_context_push_thread_default (context);
  for (;;)
    g_main_context_iteration (context, TRUE);
  return NULL;
}

void
ib_cli_signals_watch (GCancellable *cancellable)
{
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  g_mutex_lock (&sig.lock);
  if (sig.thread == NULL)
    {
      GMainContext *context = g_main_context_new ();
      const int signums[] = { SIGINT, SIGTERM };

      for (guint i = 0; i < G_N_ELEMENTS (signums); i++)
        {
          GSource *source = g_unix_signal_source_new (signums[i]);

          g_source_set_callback (source, on_signal, GINT_TO_POINTER (signums[i]), NULL);
          g_source_attach (source, context);
          g_source_unref (source);
        }
      sig.thread = g_thread_new ("iobench-signals", signal_thread, context);
    }
  g_set_object (&sig.watched, cancellable);
  g_mutex_unlock (&sig.lock);
}

int
ib_cli_signals_received (void)
{
  int received;

  g_mutex_lock (&sig.lock);
  received = sig.received;
  g_mutex_unlock (&sig.lock);
  return received;
}

int
ib_cli_signals_exit_code (int fallback)
{
  int received = ib_cli_signals_received ();

  return received != 0 ? exit_code_for_signal (received) : fallback;
}

GCancellable *
ib_cli_outputs_begin (void)
{
  GCancellable *interrupt = g_cancellable_new ();

  ib_cli_signals_watch (interrupt);
  ib_output_set_interrupt (interrupt);
  return interrupt;
}

int
ib_cli_outputs_end (GCancellable *interrupt,
                    int           code)
{
  g_return_val_if_fail (G_IS_CANCELLABLE (interrupt), code);

  ib_output_set_interrupt (NULL);
  ib_cli_signals_watch (NULL);
  if (g_cancellable_is_cancelled (interrupt))
    return ib_cli_signals_exit_code (IB_EXIT_INTERRUPTED);
  return code;
}

gboolean
ib_cli_output_skipped (GCancellable *interrupt,
                       const char   *option,
                       const char   *path)
{
  g_autofree char *display = NULL;

  if (!g_cancellable_is_cancelled (interrupt))
    return FALSE;
  display = g_filename_display_name (path);
  /* Translators: "--csv: interrupted: “r.csv” was not begun" */
  ib_cli_printerr (_("%s: interrupted: “%s” was not begun"), option, display);
  return TRUE;
}

/* ---- progress line ----------------------------------------------------- */

struct _IbCliProgress
{
  gboolean  enabled;
  gboolean  quiet;
  gboolean  shown;
  gint64    last_draw;
  IbEta     eta;        /* the time left as shown: no jumping back up */
};

IbCliProgress *
ib_cli_progress_new (gboolean quiet)
{
  IbCliProgress *progress = g_new0 (IbCliProgress, 1);

  progress->quiet = quiet;
  progress->enabled = !quiet && isatty (STDERR_FILENO);
  ib_eta_init (&progress->eta);
  return progress;
}

gboolean
ib_cli_progress_enabled (IbCliProgress *progress)
{
  return progress != NULL && progress->enabled;
}

static char *
format_eta (gint64 eta_ns)
{
  gint64 s;

  if (eta_ns < 0)
    /* Translators: in the progress line while the time left is not known yet */
    return g_strdup (_("ETA …"));
  s = (eta_ns + 500000000) / 1000000000;
  if (s >= 3600)
    /* Translators: time left, hours and minutes */
    return g_strdup_printf (_("ETA %d h %02d min"), (int) (s / 3600), (int) (s % 3600 / 60));
  if (s >= 60)
    /* Translators: time left, minutes and seconds */
    return g_strdup_printf (_("ETA %d min %02d s"), (int) (s / 60), (int) (s % 60));
  /* Translators: time left in seconds */
  return g_strdup_printf (_("ETA %d s"), (int) s);
}

void
ib_cli_progress_update (IbCliProgress *progress,
                        const char    *phase,
                        double         fraction,
                        gint64         eta_ns,
                        const char    *message)
{
  g_autofree char *eta = NULL;
  g_autofree char *line = NULL;
  g_autofree char *shown = NULL;
  gint64 now;

  if (!ib_cli_progress_enabled (progress))
    return;
  now = g_get_monotonic_time ();
  eta_ns = ib_eta_update (&progress->eta, fraction, eta_ns, now);
  if (progress->shown && now - progress->last_draw < 100 * 1000 && fraction < 1.0)
    return;
  progress->last_draw = now;

  eta = format_eta (eta_ns);
  shown = g_strdup_printf ("%-17s %3.0f %%  %-14s %s", phase ? phase : "",
                           CLAMP (fraction, 0.0, 1.0) * 100.0, eta, message ? message : "");
  line = ib_text_for_terminal (shown, FALSE);
  /* Keep to one 80-column line so \r can redraw it. */
  if (g_utf8_strlen (line, -1) > 79)
    {
      char *end = g_utf8_offset_to_pointer (line, 79);

      *end = '\0';
    }
  /* the only escape sequence iobench-cli prints; the line is safe text */
  fputs ("\r\033[K", stderr);
  fputs (line, stderr);
  fflush (stderr);
  progress->shown = TRUE;
}

void
ib_cli_progress_clear (IbCliProgress *progress)
{
  if (!ib_cli_progress_enabled (progress) || !progress->shown)
    return;
  fputs ("\r\033[K", stderr);
  fflush (stderr);
  progress->shown = FALSE;
}

void
ib_cli_progress_free (IbCliProgress *progress)
{
  if (progress == NULL)
    return;
  ib_cli_progress_clear (progress);
  g_free (progress);
}

void
ib_cli_progress_event (const IbEvent *event,
                       gpointer       user_data)
{
  IbCliProgress *progress = user_data;

  switch (event->kind)
    {
    case IB_EVENT_PROGRESS:
      ib_cli_progress_update (progress, ib_phase_to_string (event->phase), event->fraction,
                              event->eta_ns, event->message);
      break;
    case IB_EVENT_WARNING:
      if ((progress == NULL || !progress->quiet) && event->warning != NULL)
        {
          g_autofree char *text = ib_warning_text (event->warning);

          ib_cli_progress_clear (progress);
          ib_cli_print (stderr, _("warning: %s\n"), text);
        }
      break;
    case IB_EVENT_DONE:
      ib_cli_progress_clear (progress);
      break;
    case IB_EVENT_SAMPLE:
    default:
      break;
    }
}

/* ---- running a plan ---------------------------------------------------- */

/* Before a valid plan runs: whether other work is using the CPUs, and what
 * that does to the answer (engine/os/ib-busy.h), unless --quiet. */
static void
say_busy (const IbPlan *plan,
          gboolean      quiet)
{
  IbBusy busy;
  g_autofree char *sentence = NULL;

  if (quiet || !ib_plan_validate (plan, NULL))
    return;
  ib_busy_probe (IB_BUSY_WINDOW_MS, &busy);
  sentence = ib_busy_sentence (&busy);
  if (sentence != NULL)
    {
      fflush (stdout);
      ib_cli_print (stderr, "%s\n", sentence);
    }
}

IbAnalysis *
ib_cli_run_plan (const IbPlan *plan,
                 gboolean      quiet,
                 int          *exit_code)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(IbCliProgress) progress = ib_cli_progress_new (quiet);
  g_autoptr(GError) error = NULL;
  g_autoptr(IbReport) report = NULL;
  int code;

  g_return_val_if_fail (plan != NULL, NULL);
  g_return_val_if_fail (exit_code != NULL, NULL);

  /* The descriptors first: the busy probe keeps one (the peak-RSS reset)
   * and the signal watch starts GLib's worker thread and its wake-ups.
   * With none to spare, GLib aborts in one of them before the runner's
   * own check could say how many a run needs. */
  if (ib_plan_validate (plan, NULL) && !ib_os_check_fd_room (&error))
    {
      ib_cli_printerr ("%s", error->message);
      *exit_code = ib_cli_exit_code_for_error (error);
      return NULL;
    }
  say_busy (plan, quiet);
  ib_cli_signals_watch (cancellable);
  /* A budgeted run (quick) ends by its budget: the time left says so from
   * the start, as in the window. */
  if (plan->budget_s > 0)
    ib_eta_set_end (&progress->eta,
                    g_get_monotonic_time () + (gint64) plan->budget_s * G_USEC_PER_SEC,
                    IB_ETA_BUDGET_SLACK_NS);
  report = ib_runner_run_sync (plan, cancellable, ib_cli_progress_event, progress, &error);
  /* From here until the outputs are begun, a signal stops the process at
   * once: the test files are gone and nothing is being written. */
  ib_cli_signals_watch (NULL);
  ib_cli_progress_clear (progress);

  code = ib_cli_exit_code_for_error (error);
  if (g_cancellable_is_cancelled (cancellable))
    code = ib_cli_signals_exit_code (code);
  if (error != NULL)
    {
      if (code == IB_EXIT_INTERRUPTED || code == IB_EXIT_TERMINATED)
        ib_cli_printerr (_("interrupted; the test files were removed and the samples so far "
                           "kept"));
      else
        ib_cli_printerr ("%s", error->message);
    }
  *exit_code = code;
  /* A target the run refused (missing, not writable...) is bad input like
   * an invalid plan: nothing ran, so there is no report to print or save. */
  if (code == IB_EXIT_USAGE || report == NULL)
    return NULL;
  /* The runner gives the measurements; what they mean is the analysis'. */
  return ib_analysis_new (report);
}

IbReport *
ib_cli_load_report (const char *path)
{
  g_autoptr(GError) error = NULL;
  IbReport *report = ib_report_load_json (path, &error);

  if (report == NULL)
    ib_cli_printerr ("%s", error->message);
  return report;
}

gboolean
ib_cli_check_path (const char *what,
                   const char *path)
{
  if (path != NULL && path[0] == '\0')
    {
      /* Translators: %s is an option ("--png") or what the argument is ("report") */
      ib_cli_printerr (_("%s: the file name is empty"), what);
      return FALSE;
    }
  return TRUE;
}
