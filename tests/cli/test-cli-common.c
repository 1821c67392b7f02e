/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The shared CLI helpers: exit codes from errors, aligned tables, output
 * path checks. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gstdio.h>
#include <stdio.h>

#include "analysis/ib-tables.h"
#include "cli/cli-common.h"
#include "engine/model/ib-error.h"
#include "report-fixture.h"
#include "ib-test-common.h"

static void
test_exit_codes (void)
{
  g_autoptr(GError) invalid = g_error_new_literal (IB_ERROR, IB_ERROR_INVALID, "x");
  g_autoptr(GError) option = g_error_new_literal (G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "x");
  g_autoptr(GError) cancelled = g_error_new_literal (IB_ERROR, IB_ERROR_CANCELLED, "x");
  g_autoptr(GError) io_cancelled = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED, "x");
  g_autoptr(GError) nospace = g_error_new_literal (IB_ERROR, IB_ERROR_NO_SPACE, "x");
  g_autoptr(GError) io = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_FAILED, "x");

  g_assert_cmpint (ib_cli_exit_code_for_error (NULL), ==, 0);
  g_assert_cmpint (ib_cli_exit_code_for_error (invalid), ==, 2);
  g_assert_cmpint (ib_cli_exit_code_for_error (option), ==, 2);
  g_assert_cmpint (ib_cli_exit_code_for_error (cancelled), ==, 130);
  g_assert_cmpint (ib_cli_exit_code_for_error (io_cancelled), ==, 130);
  g_assert_cmpint (ib_cli_exit_code_for_error (nospace), ==, 1);
  g_assert_cmpint (ib_cli_exit_code_for_error (io), ==, 1);
}

static char *
print_to_string (IbCliTable *table)
{
  char *buf = NULL;
  size_t len = 0;
  FILE *out = open_memstream (&buf, &len);

  ib_cli_table_print (table, out);
  fclose (out);
  return buf;
}

static void
test_table (void)
{
  g_autoptr(IbCliTable) table = ib_cli_table_new (3, "Name", ">Time", "Note");
  g_autofree char *text = NULL;

  ib_cli_table_add_row (table, "a", "1 µs", "x");
  ib_cli_table_add_row (table, "longer", "123 ms", NULL);
  ib_cli_table_add_rowv (table, g_strdupv ((char *[]) { "é", "5 s", "last", NULL }));
  text = print_to_string (table);

  /* Columns padded by characters (µ and é count as one), two spaces apart;
   * the second column right-aligned; no trailing blanks. */
  g_assert_cmpstr (text, ==,
                   "Name      Time  Note\n"
                   "------  ------  ----\n"
                   "a         1 µs  x\n"
                   "longer  123 ms\n"
                   "é          5 s  last\n");
}

typedef void (*PrintFunc) (const IbTable *table,
                           FILE          *out);

static char *
print_model (const IbTable *table,
             PrintFunc      print)
{
  char *buf = NULL;
  size_t len = 0;
  FILE *out = open_memstream (&buf, &len);

  print (table, out);
  fclose (out);
  return buf;
}

/* The table model as text: the model's cells, aligned, numbers to the
 * right, the note wrapped; the comparison's verdicts under the table. */
static void
test_model (void)
{
  g_autoptr(IbReport) a = fx_report_new (40);
  g_autoptr(IbReport) b = fx_report_new (10);
  g_autoptr(IbTable) overhead = NULL;
  g_autoptr(IbTable) wu = ib_table_write_unlink (a);
  g_autoptr(IbTable) compare = ib_table_compare (a, "A", b, "B", IB_COMPARE_OVERHEAD);
  g_autofree char *text = NULL;

  g_array_index (a->overhead, IbOverheadRow, 0).ns_per_op = 1.48;
  g_array_index (a->overhead, IbOverheadRow, 2).iterations = 1000;
  overhead = ib_table_overhead (a);
  text = print_model (overhead, ib_cli_print_table);
  g_assert_cmpstr (text, ==,
                   "\nDispatch overhead\n"
                   "Kind              Iterations  Per operation      CI of median (coverage)  "
                   "vs direct call\n"
                   "----------------  ----------  -------------  ---------------------------  "
                   "--------------\n"
                   "Direct call          999,999        1.48 ns  2.25 ns – 2.75 ns (93.75 %)"
                   "            1.0x\n"
                   "GTask + dispatch     999,999        95.1 ns  90.3 ns – 99.7 ns (93.75 %)"
                   "             38x\n"
                   "Empty thread hop       1,000        4.10 µs  4.00 µs – 4.20 µs (93.75 %)"
                   "          1,640x\n"
                   "Median time per operation over 5 repetitions (after 1 warm-up) of each "
                   "kind's\n"
                   "  iterations; the interval is the median's order-statistic interval with its\n"
                   "  coverage.\n");
  g_clear_pointer (&text, g_free);

  /* write + delete: the modes side by side, an empty cell as a dash */
  text = print_model (wu, ib_cli_print_table_transposed);
  g_assert_true (g_str_has_prefix (text, "\nWrite + delete\n"
                                         "                Sync, one at a time  Async GIO\n"
                                         "--------------  -------------------  ---------\n"
                                         "Requests/s                   20,001      9,000\n"));
  g_assert_nonnull (strstr (text, "\nLongest stall                100 ms          —\n"));
  g_clear_pointer (&text, g_free);

  /* a comparison: the numbers in the table, each verdict under it */
  text = print_model (compare, ib_cli_print_table);
  g_assert_nonnull (strstr (text, "\nDispatch          Median in A  Median in B  Ratio of times\n"));
  g_assert_null (strstr (text, "Verdict"));
  g_assert_nonnull (strstr (text, "\n  GTask + dispatch: "));
}

static char *
print_statistics (const IbReport *report)
{
  char *buf = NULL;
  size_t len = 0;
  FILE *out = open_memstream (&buf, &len);

  ib_cli_print_part (report, ib_table_statistics, out);
  fclose (out);
  return buf;
}

/* Whether the line of @text that starts with @mark says @word (out of line:
 * GCC otherwise takes @text for the freed stream buffer it was printed
 * into). */
static G_GNUC_NO_INLINE gboolean
line_says (const char *text,
           const char *mark,
           const char *word)
{
  const char *at = strstr (text, mark);
  g_autofree char *line = NULL;

  g_assert_nonnull (at);
  line = g_strndup (at + 1, strcspn (at + 1, "\n"));
  return strstr (line, word) != NULL;
}

/* The statistics on a terminal: the model's narrow columns (the stall and
 * the CPU split among them, no Coverage or Outliers), and its footnotes. */
static void
test_statistics (void)
{
  g_autoptr(IbReport) report = fx_report_new (40);
  g_autofree char *text = NULL;
  IbStats *st;

  /* a plain name for the third strategy: one line a row */
  st = &g_array_index (report->statistics, IbStats, 2);
  g_free (st->strategy);
  st->strategy = g_strdup ("mmap");
  text = print_statistics (report);
  g_assert_cmpstr (text, ==,
                   "\nStatistics\n"
                   "Strategy                       Median       CI of median  Throughput      CPU"
                   "  user / sys (est.)   vs fastest  Longest stall                n\n"
                   "----------------------------  -------  -----------------  ----------  -------"
                   "  -----------------  -----------  -------------  ---------------\n"
                   "Sync single read              10.1 ms  9.50 ms – 10.5 ms   299 MiB/s  8.38 ms"
                   "  3.35 ms / 5.03 ms      fastest        10.1 ms                8\n"
                   "Async load contents (serial)  39.9 ms  39.5 ms – 40.5 ms  75.2 MiB/s  33.3 ms"
                   "  13.3 ms / 20.0 ms  4.0x slower         305 µs  7 (+1 excluded)\n"
                   "Memory map                    20.0 ms  19.5 ms – 20.5 ms   150 MiB/s  16.7 ms"
                   "  6.67 ms / 10.0 ms  2.0x slower              —     7 (1 failed)\n"
                   "Medians of the valid samples: warm-ups, failed and excluded samples left out.\n"
                   "CI of median: distribution-free order-statistic interval; coverage 99.22 % "
                   "at n = 8, 98.44 % at n = 7\n");
  g_clear_pointer (&text, g_free);

  /* every sample of a strategy excluded: dashes, and a line says why */
  st->n = 0;
  st->n_failed = 0;
  st->n_excluded = 5;
  text = print_statistics (report);
  g_assert_nonnull (strstr (text, "\nMemory map                          —"));
  g_assert_nonnull (strstr (text, "  0 (+5 excluded)\n"));
  g_assert_true (g_str_has_suffix (text, "\nMemory map: no statistics, all 5 samples were "
                                         "excluded for their cache state\n"));

  g_clear_pointer (&text, g_free);

  /* a strategy the stopped run never came to: not measured, not failed */
  {
    IbStats unmeasured = { 0 };

    unmeasured.strategy = g_strdup ("sync-stream");
    g_array_append_val (report->statistics, unmeasured);
  }
  text = print_statistics (report);
  g_assert_nonnull (strstr (text, "\nSync stream                   not measured (stopped)  "));
  g_assert_true (g_str_has_suffix (text, "\nNot measured, as the run was stopped before it came "
                                         "to it: Sync stream.\n"));
  g_assert_false (line_says (text, "\nSync stream", "failed"));
}

static void
test_output_check (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *tmp = ib_test_make_tmpdir ("iobench-test-cli-common-XXXXXX");
  g_autofree char *ok_path = g_build_filename (tmp, "r.json", NULL);
  g_autofree char *no_dir = g_build_filename (tmp, "missing", "r.json", NULL);
  IbCliOutput output;

  ib_cli_output_init (&output);
  g_assert_true (ib_cli_output_check (&output, &error));

  output.json = g_strdup (ok_path);
  g_assert_true (ib_cli_output_check (&output, &error));
  g_assert_no_error (error);

  output.html = g_strdup (no_dir);
  g_assert_false (ib_cli_output_check (&output, &error));
  g_assert_error (error, IB_ERROR, IB_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "--html"));
  g_clear_error (&error);
  g_clear_pointer (&output.html, g_free);

  output.csv = g_strdup (tmp);
  g_assert_false (ib_cli_output_check (&output, &error));
  g_assert_nonnull (strstr (error->message, "--csv"));
  g_assert_nonnull (strstr (error->message, "folder"));
  g_clear_error (&error);

  /* checking never creates anything */
  g_assert_false (g_file_test (ok_path, G_FILE_TEST_EXISTS));
  ib_cli_output_clear (&output);
  g_assert_cmpint (g_rmdir (tmp), ==, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_set_prgname ("test-cli-common");

  g_test_add_func ("/cli-common/exit-codes", test_exit_codes);
  g_test_add_func ("/cli-common/table", test_table);
  g_test_add_func ("/cli-common/output-check", test_output_check);
  g_test_add_func ("/cli-common/model", test_model);
  g_test_add_func ("/cli-common/statistics", test_statistics);

  return g_test_run ();
}
