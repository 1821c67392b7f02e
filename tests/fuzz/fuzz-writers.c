/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-writers.c: libFuzzer target on the HTML and Markdown writers. A
 * report the loader accepts must be written as HTML (with its inline SVG
 * charts) and as Markdown (with its PNG charts), each valid UTF-8 with no
 * character a document may not hold, raw or as a reference (fuzz-common.h). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <stdlib.h>

#include "fuzz-common.h"
#include "report/ib-report-io.h"

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  fuzz_init ();
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(IbReport) report = fuzz_load ((const char *) data, size);
  g_autoptr(IbAnalysis) analysis = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *html = NULL;
  g_autofree char *md_path = NULL;
  g_autofree char *md = NULL;

  if (report == NULL)
    return 0;
  analysis = ib_analysis_new (report);
  html = ib_report_to_html (analysis, &error);
  if (html == NULL)
    {
      g_printerr ("the HTML writer failed: %s\n", error->message);
      abort ();
    }
  fuzz_check_document ("HTML", html);

  md_path = g_build_filename (fuzz_tmpdir (), "r.md", NULL);
  if (!ib_report_save_markdown (analysis, md_path, &error) ||
      !g_file_get_contents (md_path, &md, NULL, &error))
    {
      g_printerr ("the Markdown writer failed: %s\n", error->message);
      abort ();
    }
  fuzz_check_document ("Markdown", md);
  fuzz_clear_tmpdir ();
  return 0;
}
