/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-report-json.c: libFuzzer target on the JSON report loader.
 *
 * Whatever the bytes, ib_report_from_json() must return either a report and
 * no error, or NULL and one IB_ERROR_FORMAT error with a message; a report it
 * accepts must hold only valid UTF-8 strings, and survive what the CLI and the
 * app do next with a loaded report:
 * writing it back as JSON (which must load again), as CSV, and regenerating
 * its findings. Built with clang -fsanitize=fuzzer,address by run-fuzz.sh;
 * fuzz-replay.c links the same function into the normal build to replay the
 * corpus and every input that once crashed (tests/fuzz/regressions/).
 */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <stdint.h>
#include <stdlib.h>

#include <glib.h>

#include "engine/model/ib-error.h"
#include "analysis/ib-findings.h"
#include "report/ib-report-io.h"
#include "analysis/ib-warning-text.h"

int LLVMFuzzerInitialize     (int            *argc,
                              char         ***argv);
int LLVMFuzzerTestOneInput   (const uint8_t  *data,
                              size_t          size);

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  (void) argc;
  (void) argv;
  /* A critical or a warning from the loader is a bug as much as a crash. */
  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
  return 0;
}

static void
check_error (const GError *error)
{
  if (error == NULL || error->domain != IB_ERROR || error->code != IB_ERROR_FORMAT ||
      error->message == NULL || error->message[0] == '\0' ||
      !g_utf8_validate (error->message, -1, NULL))
    {
      g_printerr ("bad error from ib_report_from_json: %s\n",
                  error != NULL ? error->message : "(none)");
      abort ();
    }
}

/* Every string of a loaded report ends up in a GTK label, a terminal or an
 * HTML page: it must be valid UTF-8 (json-glib turns a lone "\ud800" escape
 * into bytes that are not). */
static void
check_utf8 (const char *what,
            const char *s)
{
  if (s != NULL && !g_utf8_validate (s, -1, NULL))
    {
      g_printerr ("a loaded report holds invalid UTF-8 in %s\n", what);
      abort ();
    }
}

static void
check_strv (const char *what,
            GPtrArray  *strings)
{
  for (guint i = 0; strings != NULL && i < strings->len; i++)
    check_utf8 (what, g_ptr_array_index (strings, i));
}

static void
check_report_strings (const IbReport *r)
{
  const IbEnvironment *e = r->environment;

  check_utf8 ("created", r->created);
  check_utf8 ("error", r->error);
  for (guint i = 0; r->warnings != NULL && i < r->warnings->len; i++)
    {
      const IbWarning *w = g_ptr_array_index (r->warnings, i);
      g_autofree char *text = ib_warning_text (w);

      check_utf8 ("warnings.key", w->key);
      for (guint k = 0; w->values[k] != NULL; k++)
        check_utf8 ("warnings.values", w->values[k]);
      check_utf8 ("warnings (worded)", text);
    }
  if (r->plan != NULL)
    {
      check_utf8 ("plan.preset", r->plan->preset);
      check_utf8 ("plan.dir", r->plan->dir);
      check_strv ("plan.strategies", r->plan->strategies);
      if (r->plan->sweep != NULL)
        check_strv ("plan.sweep.strategies", r->plan->sweep->strategies);
    }
  if (e != NULL)
    {
      const char *fields[] = { e->os, e->kernel, e->cpu_model, e->glib_version, e->gtk_version,
                               e->adw_version, e->fs_type, e->mount_options, e->device,
                               e->device_model, e->app_version, e->hostname };

      for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
        check_utf8 ("environment", fields[i]);
    }
  for (guint i = 0; i < r->samples->len; i++)
    {
      const IbSample *sample = &g_array_index (r->samples, IbSample, i);

      check_utf8 ("samples[].strategy", sample->strategy);
      check_utf8 ("samples[].error", sample->error);
    }
  for (guint i = 0; i < r->statistics->len; i++)
    check_utf8 ("statistics[].strategy", g_array_index (r->statistics, IbStats, i).strategy);
  for (guint i = 0; i < r->overhead->len; i++)
    check_utf8 ("overhead[].kind", g_array_index (r->overhead, IbOverheadRow, i).kind);
  if (r->write_unlink != NULL)
    for (guint i = 0; i < r->write_unlink->modes->len; i++)
      check_utf8 ("write_unlink.mode[].mode",
                  g_array_index (r->write_unlink->modes, IbWriteUnlinkMode, i).mode);
  if (r->sweep != NULL)
    {
      check_utf8 ("sweep.crossover_winner", r->sweep->crossover_winner);
      check_utf8 ("sweep.crossover_loser", r->sweep->crossover_loser);
      for (guint i = 0; i < r->sweep->points->len; i++)
        check_utf8 ("sweep.points[].strategy",
                    g_array_index (r->sweep->points, IbSweepPoint, i).strategy);
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  GError *error = NULL;
  IbReport *report;
  IbReport *again;
  IbAnalysis *analysis;
  const GArray *findings;
  char *json;
  char *csv;
  gsize len = 0;

  report = ib_report_from_json ((const char *) data, (gssize) size, &error);
  if (report == NULL)
    {
      check_error (error);
      g_error_free (error);
      return 0;
    }
  if (error != NULL)
    abort ();
  check_report_strings (report);

  /* What a loaded report goes through next must not crash either, and what
   * we write must load again. */
  analysis = ib_analysis_new (report);
  /* its findings, found again from the data (the file's are not kept) */
  findings = ib_analysis_get_findings (analysis);
  for (guint i = 0; i < findings->len; i++)
    {
      check_utf8 ("findings[].id", g_array_index (findings, IbFinding, i).id);
      check_utf8 ("findings[].text", g_array_index (findings, IbFinding, i).text);
    }
  json = ib_report_to_json (analysis, &len);
  again = ib_report_from_json (json, (gssize) len, &error);
  if (again == NULL)
    {
      g_printerr ("a report that loaded does not load after saving: %s\n%s\n",
                  error->message, json);
      abort ();
    }
  ib_report_unref (again);
  g_free (json);

  csv = ib_report_to_csv (analysis);
  g_free (csv);
  ib_analysis_unref (analysis);

  ib_report_unref (report);
  return 0;
}
