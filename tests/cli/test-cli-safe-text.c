/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-safe-text: what iobench-cli prints of a hostile report (suite
 * cli). A strategy name, a host name, an error and a warning holding an
 * escape sequence, BEL, CR, C1 controls and a bidi override reach the
 * terminal shown as escapes ("\x1b[31mRED\x07"), never as the bytes a
 * terminal acts on: in the answer and the findings (`report`), in the
 * comparison's tables and lines (`compare`), and in error messages. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <string.h>

#include "report-fixture.h"
#include "ib-test-common.h"
#include "ib-test-writers.h"

/* CSI, OSC, BEL, CR, C1 CSI, RLO */
#define HOSTILE "\x1b[31mRED\x07 \x1b]0;title\x07\r\xc2\x9b" \
                "2J \xe2\x80\xae" \
                "evil"

/* No byte a terminal acts on: C0 but LF, DEL, C1 (U+0080-U+009F in UTF-8),
 * bidi overrides and isolates. */
static void
assert_terminal_safe (const char *what,
                      const char *text)
{
  g_assert_nonnull (text);
  g_assert_true (g_utf8_validate (text, -1, NULL));
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if ((c < 0x20 && c != '\n') || c == 0x7f || (c >= 0x80 && c < 0xa0) ||
          (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069))
        g_error ("%s prints U+%04X raw at byte %td:\n%s", what, c, p - text, text);
    }
}

static char *
save (const char *dir,
      const char *name,
      IbReport   *report)
{
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (dir, name, NULL);

  g_assert_true (ib_test_save_json (report, path, &error));
  g_assert_no_error (error);
  ib_report_unref (report);
  return path;
}

static void
test_report_and_compare (void)
{
  g_autofree char *dir = ib_test_make_tmpdir ("iobench-safe-text-XXXXXX");
  g_autofree char *bad = save (dir, "bad.json", fx_hostile_report (HOSTILE));
  g_autofree char *good = save (dir, "good.json", fx_report_new (40));
  /* the fastest of two, named in the answer and the findings */
  const char *ids[] = { HOSTILE, "sync-read-all" };
  const double factors[] = { 1, 3 };
  g_autofree char *fast = save (dir, "fast.json", fx_factors_report (ids, factors, 2, 7));
  g_autofree char *csv = g_build_filename (dir, "r.csv", NULL);
  g_autofree char *html = g_build_filename (dir, "c.html", NULL);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  for (guint i = 0; i < 2; i++)
    {
      g_assert_cmpint (ib_test_run_cli ((const char *[]) { "report", i == 0 ? bad : fast, "--csv",
                                                           csv, NULL },
                                        NULL, &out, &err),
                       ==, 0);
      assert_terminal_safe ("report: stdout", out);
      assert_terminal_safe ("report: stderr", err);
      if (i == 1)
        g_assert_nonnull (strstr (out, "\\x1b[31mRED\\x07"));
      g_clear_pointer (&out, g_free);
      g_clear_pointer (&err, g_free);
    }

  /* the host and the strategy only A has, in the tables and the lines */
  g_assert_cmpint (ib_test_run_cli ((const char *[]) { "compare", bad, good, "--html", html,
                                                       NULL },
                                    NULL, &out, &err),
                   ==, 0);
  assert_terminal_safe ("compare: stdout", out);
  assert_terminal_safe ("compare: stderr", err);
  /* shown, as escapes */
  g_assert_nonnull (strstr (out, "\\x1b[31mRED\\x07 \\x1b]0;title\\x07\\x0d\\u009b2J \\u202eevil"));
  g_assert_true (ib_test_remove_tree (dir));
}

/* An error message quoting what a file holds. */
static void
test_error_message (void)
{
  g_autofree char *dir = ib_test_make_tmpdir ("iobench-safe-text-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "x.json", NULL);
  g_autofree char *csv = g_build_filename (dir, "x.csv", NULL);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (path,
                                      "{\"schema\": \"\\u001b[31mRED\\u0007\\r\\u009b\", "
                                      "\"version\": 1}",
                                      -1, &error));
  g_assert_no_error (error);
  g_assert_cmpint (ib_test_run_cli ((const char *[]) { "report", path, "--csv", csv, NULL }, NULL,
                                    &out, &err),
                   !=, 0);
  g_test_message ("%s", err);
  assert_terminal_safe ("report of a bad file: stderr", err);
  assert_terminal_safe ("report of a bad file: stdout", out);
  g_assert_true (ib_test_remove_tree (dir));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/safe-text/report-and-compare", test_report_and_compare);
  g_test_add_func ("/cli/safe-text/error-message", test_error_message);
  return g_test_run ();
}
