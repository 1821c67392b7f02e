/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-report-json.c: libFuzzer target on the JSON report loader.
 *
 * Whatever the bytes, ib_report_from_json() must return either a report and
 * no error, or NULL and one IB_ERROR_FORMAT error with a message; a report it
 * accepts must survive what the CLI and the app do next with a loaded report:
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

#include "engine/ib-error.h"
#include "report/ib-report-io.h"

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

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  GError *error = NULL;
  IbReport *report;
  IbReport *again;
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

  /* What a loaded report goes through next must not crash either, and what
   * we write must load again. */
  json = ib_report_to_json (report, &len);
  again = ib_report_from_json (json, (gssize) len, &error);
  if (again == NULL)
    {
      g_printerr ("a report that loaded does not load after saving: %s\n%s\n",
                  error->message, json);
      abort ();
    }
  ib_report_unref (again);
  g_free (json);

  csv = ib_report_to_csv (report);
  g_free (csv);
  ib_findings_generate (report);

  ib_report_unref (report);
  return 0;
}
