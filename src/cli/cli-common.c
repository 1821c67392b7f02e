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
#include "engine/ib-error.h"
#include "engine/ib-eta.h"
#include "engine/ib-parse.h"
#include "engine/ib-stats.h"
#include "engine/ib-strategy.h"
#include "engine/ib-workloads.h"
#include "analysis/ib-answer.h"
#include "analysis/ib-findings.h"
#include "report/ib-compare-writers.h"
#include "report/ib-report-io.h"
#include "analysis/ib-tables.h"
#include "analysis/ib-labels.h"

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
  fprintf (stderr, "%s: %s\n", g_get_prgname (), text);
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

struct _IbCliSignals
{
  GCancellable *cancellable;
  guint         sigint_id;
  guint         sigterm_id;
  int           received;
};

static void
signal_arrived (IbCliSignals *signals,
                int           signum)
{
  if (signals->received == 0)
    signals->received = signum;
  g_cancellable_cancel (signals->cancellable);
}

static gboolean
on_sigint (gpointer data)
{
  signal_arrived (data, SIGINT);
  return G_SOURCE_CONTINUE;
}

static gboolean
on_sigterm (gpointer data)
{
  signal_arrived (data, SIGTERM);
  return G_SOURCE_CONTINUE;
}

IbCliSignals *
ib_cli_signals_new (GCancellable *cancellable)
{
  IbCliSignals *signals = g_new0 (IbCliSignals, 1);

  g_return_val_if_fail (G_IS_CANCELLABLE (cancellable), signals);

  signals->cancellable = g_object_ref (cancellable);
  signals->sigint_id = g_unix_signal_add (SIGINT, on_sigint, signals);
  signals->sigterm_id = g_unix_signal_add (SIGTERM, on_sigterm, signals);
  return signals;
}

int
ib_cli_signals_received (IbCliSignals *signals)
{
  g_return_val_if_fail (signals != NULL, 0);
  return signals->received;
}

int
ib_cli_signals_exit_code (IbCliSignals *signals,
                          int           fallback)
{
  g_return_val_if_fail (signals != NULL, fallback);

  if (signals->received == SIGINT)
    return IB_EXIT_INTERRUPTED;
  if (signals->received == SIGTERM)
    return IB_EXIT_TERMINATED;
  return fallback;
}

void
ib_cli_signals_free (IbCliSignals *signals)
{
  if (signals == NULL)
    return;
  g_clear_handle_id (&signals->sigint_id, g_source_remove);
  g_clear_handle_id (&signals->sigterm_id, g_source_remove);
  g_clear_object (&signals->cancellable);
  g_free (signals);
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
  gint64 now;

  if (!ib_cli_progress_enabled (progress))
    return;
  now = g_get_monotonic_time ();
  eta_ns = ib_eta_update (&progress->eta, fraction, eta_ns, now);
  if (progress->shown && now - progress->last_draw < 100 * 1000 && fraction < 1.0)
    return;
  progress->last_draw = now;

  eta = format_eta (eta_ns);
  line = g_strdup_printf ("%-17s %3.0f %%  %-14s %s", phase ? phase : "",
                          CLAMP (fraction, 0.0, 1.0) * 100.0, eta, message ? message : "");
  /* Keep to one 80-column line so \r can redraw it. */
  if (g_utf8_strlen (line, -1) > 79)
    {
      char *end = g_utf8_offset_to_pointer (line, 79);

      *end = '\0';
    }
  fprintf (stderr, "\r\033[K%s", line);
  fflush (stderr);
  progress->shown = TRUE;
}

void
ib_cli_progress_clear (IbCliProgress *progress)
{
  if (!ib_cli_progress_enabled (progress) || !progress->shown)
    return;
  fprintf (stderr, "\r\033[K");
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
      if (progress == NULL || !progress->quiet)
        {
          ib_cli_progress_clear (progress);
          fprintf (stderr, _("warning: %s\n"), event->message);
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

IbReport *
ib_cli_run_plan (const IbPlan *plan,
                 gboolean      quiet,
                 int          *exit_code)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(IbCliSignals) signals = NULL;
  g_autoptr(IbCliProgress) progress = ib_cli_progress_new (quiet);
  g_autoptr(GError) error = NULL;
  IbReport *report;
  int code;

  g_return_val_if_fail (plan != NULL, NULL);
  g_return_val_if_fail (exit_code != NULL, NULL);

  signals = ib_cli_signals_new (cancellable);
  report = ib_runner_run_sync (plan, cancellable, ib_cli_progress_event, progress, &error);
  ib_cli_progress_clear (progress);
  /* The runner gives the measurements; what they mean is the analysis'. */
  if (report != NULL)
    ib_findings_generate (report);

  code = ib_cli_exit_code_for_error (error);
  if (ib_cli_signals_received (signals) != 0)
    code = ib_cli_signals_exit_code (signals, code);
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
  if (code == IB_EXIT_USAGE)
    g_clear_pointer (&report, ib_report_unref);
  return report;
}

/* ---- tables ------------------------------------------------------------ */

struct _IbCliTable
{
  guint      n_columns;
  gboolean  *right;
  GPtrArray *rows;     /* char ** (n_columns strings), row 0 = headers */
};

IbCliTable *
ib_cli_table_new (guint n_columns,
                  ...)
{
  IbCliTable *table = g_new0 (IbCliTable, 1);
  char **headers = g_new0 (char *, n_columns + 1);
  va_list args;

  table->n_columns = n_columns;
  table->right = g_new0 (gboolean, n_columns);
  table->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);

  va_start (args, n_columns);
  for (guint i = 0; i < n_columns; i++)
    {
      const char *h = va_arg (args, const char *);

      if (h != NULL && h[0] == '>')
        {
          table->right[i] = TRUE;
          h++;
        }
      headers[i] = g_strdup (h ? h : "");
    }
  va_end (args);
  g_ptr_array_add (table->rows, headers);
  return table;
}

void
ib_cli_table_add_row (IbCliTable *table,
                      ...)
{
  char **cells;
  va_list args;

  g_return_if_fail (table != NULL);

  cells = g_new0 (char *, table->n_columns + 1);
  va_start (args, table);
  for (guint i = 0; i < table->n_columns; i++)
    {
      const char *c = va_arg (args, const char *);

      cells[i] = g_strdup (c ? c : "");
    }
  va_end (args);
  g_ptr_array_add (table->rows, cells);
}

void
ib_cli_table_add_rowv (IbCliTable  *table,
                       char       **cells)
{
  char **row;

  g_return_if_fail (table != NULL);

  row = g_new0 (char *, table->n_columns + 1);
  for (guint i = 0; i < table->n_columns; i++)
    row[i] = cells[i] != NULL ? cells[i] : g_strdup ("");
  g_free (cells);
  g_ptr_array_add (table->rows, row);
}

guint
ib_cli_display_width (const char *s)
{
  guint width = 0;

  /* Terminal columns, not characters: CJK text takes two columns a
   * character, combining marks none. */
  for (; s != NULL && *s != '\0'; s = g_utf8_next_char (s))
    {
      gunichar c = g_utf8_get_char (s);

      if (g_unichar_iszerowidth (c))
        continue;
      width += g_unichar_iswide (c) ? 2 : 1;
    }
  return width;
}

void
ib_cli_table_print (IbCliTable *table,
                    FILE       *out)
{
  g_autofree guint *widths = NULL;

  g_return_if_fail (table != NULL);

  widths = g_new0 (guint, table->n_columns);
  for (guint r = 0; r < table->rows->len; r++)
    {
      char **row = g_ptr_array_index (table->rows, r);

      for (guint c = 0; c < table->n_columns; c++)
        widths[c] = MAX (widths[c], ib_cli_display_width (row[c]));
    }

  for (guint r = 0; r < table->rows->len; r++)
    {
      char **row = g_ptr_array_index (table->rows, r);
      g_autoptr(GString) line = g_string_new (NULL);

      for (guint c = 0; c < table->n_columns; c++)
        {
          guint pad = widths[c] - ib_cli_display_width (row[c]);

          if (c > 0)
            g_string_append (line, "  ");
          if (table->right[c])
            {
              for (guint i = 0; i < pad; i++)
                g_string_append_c (line, ' ');
              g_string_append (line, row[c]);
            }
          else
            {
              g_string_append (line, row[c]);
              if (c + 1 < table->n_columns)
                for (guint i = 0; i < pad; i++)
                  g_string_append_c (line, ' ');
            }
        }
      while (line->len > 0 && line->str[line->len - 1] == ' ')
        g_string_truncate (line, line->len - 1);
      fprintf (out, "%s\n", line->str);
      if (r == 0)
        {
          g_string_truncate (line, 0);
          for (guint c = 0; c < table->n_columns; c++)
            {
              if (c > 0)
                g_string_append (line, "  ");
              for (guint i = 0; i < widths[c]; i++)
                g_string_append (line, "-");
            }
          fprintf (out, "%s\n", line->str);
        }
    }
}

void
ib_cli_table_free (IbCliTable *table)
{
  if (table == NULL)
    return;
  g_ptr_array_unref (table->rows);
  g_free (table->right);
  g_free (table);
}

/* ---- printing a report ------------------------------------------------- */

static void
print_heading (FILE       *out,
               const char *title)
{
  fprintf (out, "\n%s\n", title);
}

static char *
format_ci (double low,
           double high)
{
  g_autofree char *a = ib_format_duration (low);
  g_autofree char *b = ib_format_duration (high);

  return g_strdup_printf ("%s – %s", a, b);
}

/* The "n" cell: "8", "7 (1 failed)", "3 (+2 excluded)". */
static char *
format_n (const IbStats *s)
{
  if (s->n_failed > 0 && s->n_excluded > 0)
    /* Translators: valid samples, how many failed and how many were excluded */
    return g_strdup_printf (_("%u (%u failed, %u excluded)"), s->n, s->n_failed, s->n_excluded);
  if (s->n_excluded > 0)
    /* Translators: valid samples, and how many were excluded (cache state) */
    return g_strdup_printf (_("%u (+%u excluded)"), s->n, s->n_excluded);
  if (s->n_failed > 0)
    /* Translators: samples measured, and how many failed */
    return g_strdup_printf (_("%u (%u failed)"), s->n, s->n_failed);
  return g_strdup_printf ("%u", s->n);
}

/* "1.2 ms – 3.4 ms (93.75 %)"; without the coverage when it is unknown. */
static char *
format_ci_level (double low,
                 double high,
                 double level)
{
  g_autofree char *ci = format_ci (low, high);
  g_autofree char *cover = NULL;

  if (!(level > 0))
    return g_steal_pointer (&ci);
  cover = ib_format_level (level);
  return g_strdup_printf ("%s (%s)", ci, cover);
}

char *
ib_cli_format_ns_ci (double low,
                    double high,
                    double level)
{
  g_autofree char *cover = NULL;

  if (!(level > 0))
    return g_strdup_printf ("%.1f – %.1f", low, high);
  cover = ib_format_level (level);
  return g_strdup_printf ("%.1f – %.1f (%s)", low, high, cover);
}

void
ib_cli_print_statistics (const IbReport *report,
                         FILE           *out)
{
  g_autoptr(IbCliTable) table = NULL;
  g_autoptr(GString) levels = g_string_new (NULL);
  const IbStats *fastest = NULL;
  gboolean few = FALSE, bootstrap = FALSE;
  guint last_n = 0;

  g_return_if_fail (report != NULL);

  if (report->statistics->len == 0)
    return;
  for (guint i = 0; i < report->statistics->len; i++)
    {
      const IbStats *s = &g_array_index (report->statistics, IbStats, i);

      if (s->n > 0 && (fastest == NULL || s->median_ns < fastest->median_ns))
        fastest = s;
    }

  table = ib_cli_table_new (9, _("Strategy"), _(">Median"), _(">CI of median"), _(">MiB/s"),
                            /* Translators: precise on-CPU time, then the kernel's
                             * estimated user / system split of it */
                            _(">CPU"), _(">user / sys (est.)"), _(">vs fastest"),
                            _(">Longest stall"), _(">n"));
  for (guint i = 0; i < report->statistics->len; i++)
    {
      const IbStats *s = &g_array_index (report->statistics, IbStats, i);
      char **cells = g_new0 (char *, 10);

      cells[0] = g_strdup (ib_strategy_title (s->strategy));
      if (s->n == 0)
        {
          cells[1] = g_strdup ("—");
        }
      else
        {
          cells[1] = ib_format_duration (s->median_ns);
          cells[2] = s->n >= 2 ? format_ci (s->ci_low_ns, s->ci_high_ns) : g_strdup ("—");
          cells[3] = s->mib_per_s > 0 ? g_strdup_printf ("%.0f", s->mib_per_s) : g_strdup ("—");
          cells[4] = s->cpu_ns >= 0 ? ib_format_duration (s->cpu_ns) : g_strdup ("—");
          {
            g_autofree char *user = ib_format_duration (s->user_ns);
            g_autofree char *sys = ib_format_duration (s->sys_ns);

            cells[5] = g_strdup_printf ("%s / %s", user, sys);
          }
          /* A factor only where both sides have enough samples to carry it,
           * and worded by its verdict ("1.3x slower", "1.05x, no verdict"), as in the
           * window's table: never a bare factor beside "cannot be told apart". */
          if (fastest == NULL || !(fastest->median_ns > 0))
            cells[6] = g_strdup ("—");
          else if (s->n < IB_VERDICT_MIN_SAMPLES || fastest->n < IB_VERDICT_MIN_SAMPLES)
            {
              cells[6] = g_strdup ("—");
              few = TRUE;
            }
          else
            cells[6] = ib_vs_fastest_text (report, s, fastest, NULL);
          bootstrap |= s->ci_method == IB_CI_BOOTSTRAP;
          /* one "93.75 % at n = 5" per distinct n, in table order */
          if (s->n >= 2 && s->ci_method == IB_CI_ORDER_STATISTIC && s->n != last_n)
            {
              g_autofree char *level = ib_format_level (s->ci_level);
              g_autofree char *item = g_strdup_printf (_("%s at n = %u"), level, s->n);

              if (strstr (levels->str, item) == NULL)
                g_string_append_printf (levels, "%s%s", levels->len > 0 ? ", " : "", item);
              last_n = s->n;
            }
        }
      /* The median of each sample's longest main-loop stall. */
      cells[7] = s->n_responsive > 0 ? ib_format_duration (s->stall_ns) : g_strdup ("—");
      cells[8] = format_n (s);
      ib_cli_table_add_rowv (table, cells);
    }
  print_heading (out, _("Results (median of the valid samples: warm-ups, failed and excluded "
                        "samples left out)"));
  ib_cli_table_print (table, out);
  if (levels->len > 0)
    /* Translators: table footnote, e.g. "CI of median: distribution-free
     * order-statistic interval; coverage 93.75 % at n = 5, 97.85 % at n = 10" */
    fprintf (out, _("CI of median: distribution-free order-statistic interval; coverage %s\n"),
             levels->str);
  if (bootstrap)
    fprintf (out, "%s\n", _("CI of median: percentile bootstrap from an older version, stated "
                            "as 95 % but less at small n"));
  if (few)
    /* Translators: table footnote */
    fprintf (out, _("vs fastest: “—” where a side has fewer than %u valid samples (too few "
                    "to tell)\n"), IB_VERDICT_MIN_SAMPLES);
  for (guint i = 0; i < report->statistics->len; i++)
    {
      const IbStats *s = &g_array_index (report->statistics, IbStats, i);

      if (s->n == 0 && s->n_excluded > 0)
        /* Translators: "mmap: no statistics, all 5 samples were excluded for
         * their cache state" */
        fprintf (out, ngettext ("%s: no statistics, its %u sample was excluded for its cache "
                                "state\n",
                                "%s: no statistics, all %u samples were excluded for their "
                                "cache state\n", s->n_excluded),
                 ib_strategy_title (s->strategy), s->n_excluded);
    }
}

void
ib_cli_print_sweep (const IbReport *report,
                    FILE           *out)
{
  const IbSweep *sweep;
  g_autoptr(IbCliTable) table = NULL;
  g_autofree char *title = NULL;
  g_autofree char *crossover = NULL;

  g_return_if_fail (report != NULL);

  sweep = report->sweep;
  if (sweep == NULL || sweep->points->len == 0)
    return;

  table = ib_cli_table_new (5, ib_vary_kind_to_string (sweep->vary), _("Strategy"),
                            _(">Median"), _(">CI of median (coverage)"), _(">Longest stall"));
  for (guint i = 0; i < sweep->points->len; i++)
    {
      const IbSweepPoint *p = &g_array_index (sweep->points, IbSweepPoint, i);
      char **cells = g_new0 (char *, 6);

      cells[0] = sweep->vary == IB_VARY_SIZE ? ib_format_size (p->value)
                                              : g_strdup_printf ("%" G_GUINT64_FORMAT, p->value);
      cells[1] = g_strdup (ib_strategy_title (p->strategy));
      cells[2] = ib_format_duration (p->median_ns);
      cells[3] = format_ci_level (p->ci_low_ns, p->ci_high_ns, p->ci_level);
      cells[4] = p->responsive ? ib_format_duration (p->stall_ns) : g_strdup ("—");
      ib_cli_table_add_rowv (table, cells);
    }
  /* Translators: %s is what the sweep varies: count, size or in-flight */
  title = g_strdup_printf (_("Sweep (varying %s)"), ib_vary_kind_to_string (sweep->vary));
  print_heading (out, title);
  ib_cli_table_print (table, out);
  crossover = ib_sweep_crossover_text (sweep);
  if (crossover != NULL)
    fprintf (out, _("Crossover: %s\n"), crossover);
  else
    fprintf (out, "%s\n", _("Crossover: none (the order never flips beyond the intervals)"));
}

void
ib_cli_print_overhead (const IbReport *report,
                       FILE           *out)
{
  g_autoptr(IbCliTable) table = NULL;

  g_return_if_fail (report != NULL);

  if (report->overhead->len == 0)
    return;
  table = ib_cli_table_new (5, _("Kind"), _(">Iterations"), _(">ns/op"),
                            _(">CI of median (coverage)"), _(">× direct"));
  for (guint i = 0; i < report->overhead->len; i++)
    {
      const IbOverheadRow *row = &g_array_index (report->overhead, IbOverheadRow, i);
      char **cells = g_new0 (char *, 6);

      cells[0] = g_strdup (ib_overhead_kind_title (row->kind));
      cells[1] = g_strdup_printf ("%" G_GUINT64_FORMAT, row->iterations);
      cells[2] = g_strdup_printf ("%.1f", row->ns_per_op);
      cells[3] = ib_cli_format_ns_ci (row->ci_low_ns, row->ci_high_ns,
                                     ib_median_coverage (row->repeat));
      cells[4] = ib_format_ratio (row->ratio_to_direct);
      ib_cli_table_add_rowv (table, cells);
    }
  print_heading (out, _("Dispatch overhead"));
  ib_cli_table_print (table, out);
}

void
ib_cli_print_write_unlink (const IbReport *report,
                           FILE           *out)
{
  const IbWriteUnlink *wu;
  g_autoptr(IbCliTable) table = NULL;
  g_autofree char *title = NULL;

  g_return_if_fail (report != NULL);

  wu = report->write_unlink;
  if (wu == NULL || wu->modes->len == 0)
    return;

  table = ib_cli_table_new (4 + IB_N_PERCENTILES, _("Mode"), _(">Req/s"), _(">Failed"),
                            ">50%", ">66%", ">75%", ">80%", ">90%", ">95%", ">98%", ">99%",
                            ">100%", _(">Longest stall"));
  for (guint i = 0; i < wu->modes->len; i++)
    {
      const IbWriteUnlinkMode *m = &g_array_index (wu->modes, IbWriteUnlinkMode, i);
      char **cells = g_new0 (char *, 4 + IB_N_PERCENTILES + 1);

      cells[0] = g_strdup (ib_write_unlink_mode_title (m->mode));
      cells[1] = g_strdup_printf ("%.0f", m->requests_per_s);
      cells[2] = g_strdup_printf ("%u", m->failed);
      for (guint p = 0; p < IB_N_PERCENTILES; p++)
        cells[3 + p] = ib_format_duration ((double) m->percentiles_ns[p]);
      /* the serving context's longest main-loop stall */
      cells[3 + IB_N_PERCENTILES] = m->responsive ? ib_format_duration ((double) m->stall_ns)
                                                  : g_strdup ("—");
      ib_cli_table_add_rowv (table, cells);
    }
  /* Translators: e.g. "Write + delete: 2000 requests, 2000 at once, 4096 bytes each" */
  title = g_strdup_printf (_("Write + delete: %u requests, %u at once, %u bytes each "
                             "(latency percentiles as ab prints them)"),
                           wu->requests, wu->effective_concurrency ? wu->effective_concurrency
                                                                   : wu->concurrency,
                           wu->bytes);
  print_heading (out, title);
  ib_cli_table_print (table, out);
}

void
ib_cli_print_answer (const IbReport *report,
                     FILE           *out)
{
  g_autoptr(IbAnswer) answer = NULL;
  g_autofree char *text = NULL;

  g_return_if_fail (report != NULL);

  answer = ib_answer_compute (report);
  if (answer == NULL)
    return;
  text = ib_answer_to_text (answer, "\n");
  print_heading (out, _("The answer"));
  fprintf (out, "%s\n", text);
}

void
ib_cli_print_findings (const IbReport *report,
                       FILE           *out)
{
  g_return_if_fail (report != NULL);

  /* the answer, printed above, says what a covered finding says */
  if (ib_findings_n_shown (report) == 0)
    return;
  print_heading (out, _("Findings"));
  /* group by group, each under a short heading (ib_finding_group) */
  for (IbFindingGroup g = 0; g < IB_N_FINDING_GROUPS; g++)
    {
      gboolean open = FALSE;

      for (guint i = 0; i < report->findings->len; i++)
        {
          const IbFinding *f = &g_array_index (report->findings, IbFinding, i);

          if (ib_finding_group (f->id) != g || !ib_finding_is_shown (f))
            continue;
          if (!open)
            /* Translators: a heading over a group of findings, "How far to trust
             * these numbers:" */
            fprintf (out, _("%s:\n"), ib_finding_group_title (g));
          open = TRUE;
          fprintf (out, "  • %s\n", f->text);
        }
    }
}

void
ib_cli_print_warnings (const IbReport *report,
                       FILE           *out)
{
  g_return_if_fail (report != NULL);

  if (report->warnings->len == 0)
    return;
  print_heading (out, _("Warnings"));
  for (guint i = 0; i < report->warnings->len; i++)
    fprintf (out, "! %s\n", (const char *) g_ptr_array_index (report->warnings, i));
}

void
ib_cli_print_report (const IbReport *report,
                     FILE           *out)
{
  g_return_if_fail (report != NULL);

  ib_cli_print_statistics (report, out);
  ib_cli_print_sweep (report, out);
  ib_cli_print_overhead (report, out);
  ib_cli_print_write_unlink (report, out);
  ib_cli_print_answer (report, out);
  ib_cli_print_findings (report, out);
  ib_cli_print_warnings (report, out);
  if (report->partial)
    fprintf (out, _("\nPartial results: %s\n"), report->error ? report->error : _("stopped"));
  fflush (out);
}

/* ---- output options ---------------------------------------------------- */

void
ib_cli_output_init (IbCliOutput *output)
{
  memset (output, 0, sizeof *output);
  output->png_kind = -1;
}

void
ib_cli_output_clear (IbCliOutput *output)
{
  g_clear_pointer (&output->json, g_free);
  g_clear_pointer (&output->html, g_free);
  g_clear_pointer (&output->md, g_free);
  g_clear_pointer (&output->csv, g_free);
  g_clear_pointer (&output->png, g_free);
}

void
ib_cli_output_add_entries (IbCliOutput      *output,
                           GOptionContext   *context,
                           IbCliOutputFlags  flags)
{
  GOptionEntry entries[7];
  guint n = 0;

  memset (entries, 0, sizeof entries);
#define ADD(flag, name, arg, dest, desc, argdesc)                                   \
  if (flags & (flag))                                                               \
    {                                                                               \
      GOptionEntry e = { name, 0, 0, arg, dest, desc, argdesc };                    \
      entries[n++] = e;                                                             \
    }
  ADD (IB_CLI_OUTPUT_JSON, "json", G_OPTION_ARG_FILENAME, &output->json,
       N_("Write the report as JSON (also for a partial run)"), N_("FILE"))
  ADD (IB_CLI_OUTPUT_HTML, "html", G_OPTION_ARG_FILENAME, &output->html,
       N_("Write the report as one self-contained HTML file"), N_("FILE"))
  ADD (IB_CLI_OUTPUT_MD, "md", G_OPTION_ARG_FILENAME, &output->md,
       N_("Write the report as Markdown (charts as PNG beside it)"), N_("FILE"))
  ADD (IB_CLI_OUTPUT_CSV, "csv", G_OPTION_ARG_FILENAME, &output->csv,
       N_("Write every sample as CSV"), N_("FILE"))
  ADD (IB_CLI_OUTPUT_PNG, "png", G_OPTION_ARG_FILENAME, &output->png,
       N_("Draw the main chart as PNG (1200×700)"), N_("FILE"))
  ADD (IB_CLI_OUTPUT_QUIET, "quiet", G_OPTION_ARG_NONE, &output->quiet,
       N_("No progress line and no warnings on stderr"), NULL)
#undef ADD
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
}

gboolean
ib_cli_output_path_check (const char  *option,
                          const char  *path,
                          GError     **error)
{
  g_autofree char *dir = NULL;

  if (path == NULL)
    return TRUE;
  if (*path == '\0')
    {
      g_set_error (error, IB_ERROR, IB_ERROR_INVALID, _("%s: the file name is empty"), option);
      return FALSE;
    }
  if (g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, IB_ERROR, IB_ERROR_INVALID,
                   _("%s: “%s” is a folder; give a file name"), option, path);
      return FALSE;
    }
  dir = g_path_get_dirname (path);
  if (!g_file_test (dir, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, IB_ERROR, IB_ERROR_INVALID,
                   _("%s: the folder “%s” does not exist"), option, dir);
      return FALSE;
    }
  if (g_access (dir, W_OK) != 0)
    {
      g_set_error (error, IB_ERROR, IB_ERROR_INVALID,
                   _("%s: cannot write in the folder “%s”"), option, dir);
      return FALSE;
    }
  return TRUE;
}

gboolean
ib_cli_output_check (const IbCliOutput  *output,
                     GError            **error)
{
  g_return_val_if_fail (output != NULL, FALSE);

  return ib_cli_output_path_check ("--json", output->json, error) &&
         ib_cli_output_path_check ("--html", output->html, error) &&
         ib_cli_output_path_check ("--md", output->md, error) &&
         ib_cli_markdown_charts_check ("--md", output->md, FALSE, error) &&
         ib_cli_output_path_check ("--csv", output->csv, error) &&
         ib_cli_output_path_check ("--png", output->png, error);
}

gboolean
ib_cli_markdown_charts_check (const char  *option,
                              const char  *path,
                              gboolean     compare,
                              GError     **error)
{
  g_autoptr(GPtrArray) charts = NULL;
  g_autoptr(GError) local = NULL;

  if (path == NULL)
    return TRUE;
  /* Every chart it may write: the run's own are not known yet, and a file
   * the user did not name is never replaced. */
  charts = compare ? ib_compare_markdown_charts (NULL, NULL, path)
                   : ib_report_markdown_charts (NULL, path);
  if (ib_report_markdown_check_charts (charts, &local))
    return TRUE;
  g_set_error (error, IB_ERROR, IB_ERROR_INVALID, "%s: %s", option, local->message);
  return FALSE;
}

static IbChartKind
main_chart_kind (const IbCliOutput *output,
                 const IbReport    *report)
{
  static const IbChartKind order[] = {
    IB_CHART_STRATEGIES, IB_CHART_SWEEP, IB_CHART_OVERHEAD, IB_CHART_LATENCY,
  };

  if (output->png_kind >= 0)
    return (IbChartKind) output->png_kind;
  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    if (ib_chart_has_data (order[i], report, NULL))
      return order[i];
  return IB_CHART_STRATEGIES;
}

static gboolean
write_one (const char *option,
           const char *path,
           gboolean    ok,
           GError     *error,
           GPtrArray  *written)
{
  if (ok)
    {
      g_ptr_array_add (written, g_canonicalize_filename (path, NULL));
      return TRUE;
    }
  ib_cli_printerr ("%s: %s", option, error != NULL ? error->message : _("could not write"));
  g_clear_error (&error);
  return FALSE;
}

/* The charts a Markdown report wrote in its chart folder. */
static void
add_markdown_charts (const char     *md,
                     const IbReport *report,
                     GPtrArray      *written)
{
  g_autoptr(GPtrArray) charts = ib_report_markdown_charts (report, md);

  for (guint i = 0; i < charts->len; i++)
    if (g_file_test (g_ptr_array_index (charts, i), G_FILE_TEST_IS_REGULAR))
      g_ptr_array_add (written, g_canonicalize_filename (g_ptr_array_index (charts, i), NULL));
}

gboolean
ib_cli_output_write (const IbCliOutput *output,
                     const IbReport    *report)
{
  gboolean all_ok = TRUE;
  g_autoptr(GPtrArray) written = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (output != NULL, FALSE);
  g_return_val_if_fail (report != NULL, FALSE);

  if (output->json != NULL)
    {
      GError *error = NULL;
      gboolean ok = ib_report_save_json (report, output->json, &error);

      all_ok &= write_one ("--json", output->json, ok, error, written);
    }
  if (output->html != NULL)
    {
      GError *error = NULL;
      gboolean ok = ib_report_save_html (report, output->html, &error);

      all_ok &= write_one ("--html", output->html, ok, error, written);
    }
  if (output->md != NULL)
    {
      GError *error = NULL;
      gboolean ok = ib_report_save_markdown (report, output->md, &error);

      if (ok)
        add_markdown_charts (output->md, report, written);
      all_ok &= write_one ("--md", output->md, ok, error, written);
    }
  if (output->csv != NULL)
    {
      GError *error = NULL;
      gboolean ok = ib_report_save_csv (report, output->csv, &error);

      all_ok &= write_one ("--csv", output->csv, ok, error, written);
    }
  if (output->png != NULL)
    {
      GError *error = NULL;
      IbChartStyle style;
      gboolean ok;

      ib_chart_style_init_light (&style);
      ok = ib_chart_export (main_chart_kind (output, report), report, NULL, &style,
                            IB_CHART_FORMAT_PNG, output->png,
                            output->png_width > 0 ? output->png_width : 1200,
                            output->png_height > 0 ? output->png_height : 700, 1.0, &error);
      all_ok &= write_one ("--png", output->png, ok, error, written);
    }
  /* Where everything went, in full, so it can be found (on stderr: stdout
   * keeps the tables). */
  if (!output->quiet && written->len > 0)
    {
      fprintf (stderr, "%s\n", g_dngettext (GETTEXT_PACKAGE, "Wrote this file:",
                                             "Wrote these files:", written->len));
      for (guint i = 0; i < written->len; i++)
        fprintf (stderr, "  %s\n", (const char *) g_ptr_array_index (written, i));
    }
  return all_ok;
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
