/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-json-limits: what the loader refuses however the file came to be:
 * a device, a FIFO or a folder given as a report, a file past
 * IB_REPORT_MAX_BYTES, arrays past their entry limits, counts that would
 * wrap when summed; and what it takes though a strict reader would not (a
 * UTF-8 byte order mark). Each refusal must come at once, naming the file
 * and the limit. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/model/ib-error.h"
#include "ib-test-common.h"
#include "ib-test-writers.h"
#include "report-fixture.h"

static char *tmpdir;

/* Loads @path, which must fail with a message holding @what and @name. */
static void
assert_refused (const char *path,
                const char *name,
                const char *what)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(IbReport) report = NULL;
  gint64 start = g_get_monotonic_time ();

  report = ib_report_load_json (path, &error);
  g_assert_null (report);
  g_assert_nonnull (error);
  g_test_message ("%s: %s", path, error->message);
  g_assert_nonnull (strstr (error->message, name));
  g_assert_nonnull (strstr (error->message, what));
  /* at once: nothing was read to find out */
  g_assert_cmpint (g_get_monotonic_time () - start, <, 5 * G_USEC_PER_SEC);
}

static void
test_not_regular (void)
{
  g_autofree char *fifo = g_build_filename (tmpdir, "fifo.json", NULL);
  g_autofree char *folder = g_build_filename (tmpdir, "folder.json", NULL);

  /* /dev/zero never ends: read, it would fill memory */
  assert_refused ("/dev/zero", "/dev/zero", "is not a regular file: it is a character device");
  /* a FIFO nobody writes to: read, it would block for ever */
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  assert_refused (fifo, "fifo.json", "is not a regular file: it is a FIFO");
  g_assert_cmpint (g_mkdir (folder, 0700), ==, 0);
  assert_refused (folder, "folder.json", "is not a regular file: it is a folder");
  g_assert_cmpint (g_unlink (fifo), ==, 0);
  g_assert_cmpint (g_rmdir (folder), ==, 0);
}

static void
test_too_large (void)
{
  g_autofree char *path = g_build_filename (tmpdir, "huge.json", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(IbReport) report = NULL;
  g_autofree char *limit = g_strdup_printf ("larger than %u MiB",
                                            (guint) (IB_REPORT_MAX_BYTES >> 20));
  g_autofree char *spaces = NULL;
  int fd;

  /* A sparse file one byte past the limit: refused by its size, unread. */
  fd = g_open (path, O_WRONLY | O_CREAT | O_EXCL, 0600);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, (off_t) IB_REPORT_MAX_BYTES + 1), ==, 0);
  close (fd);
  assert_refused (path, "huge.json", limit);
  g_assert_cmpint (g_unlink (path), ==, 0);

  /* The same limit on text given in memory (the fuzz target's way in) */
  spaces = g_malloc (IB_REPORT_MAX_BYTES + 2);
  memset (spaces, ' ', IB_REPORT_MAX_BYTES + 1);
  spaces[IB_REPORT_MAX_BYTES + 1] = '\0';
  report = ib_report_from_json (spaces, (gssize) IB_REPORT_MAX_BYTES + 1, &error);
  g_assert_null (report);
  g_assert_error (error, IB_ERROR, IB_ERROR_FORMAT);
  g_assert_nonnull (strstr (error->message, limit));
}

/* The fixture's JSON with @insert put right after the opening bracket of
 * the member @member's array. */
static char *
fixture_with (const char *member,
              const char *insert)
{
  g_autoptr(IbReport) report = fx_report_new (40);
  g_autofree char *json = ib_test_to_json (report, NULL);
  g_autofree char *key = g_strdup_printf ("\"%s\" : [", member);
  const char *at = strstr (json, key);
  gsize cut;

  g_assert_nonnull (at);
  cut = (gsize) (at - json) + strlen (key);
  return g_strdup_printf ("%.*s%s%s", (int) cut, json, insert, json + cut);
}

static void
assert_text_refused (const char *json,
                     const char *what)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(IbReport) report = ib_report_from_json (json, -1, &error);

  g_assert_null (report);
  g_assert_error (error, IB_ERROR, IB_ERROR_FORMAT);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, what));
}

static void
test_entries (void)
{
  g_autoptr(IbReport) fixture = fx_report_new (40);
  g_autoptr(GString) many = g_string_new (NULL);
  g_autofree char *json = NULL;
  g_autofree char *what = NULL;

  /* One sample past the limit: refused by the count, before any is read. */
  for (guint i = 0; i <= IB_REPORT_MAX_ENTRIES - fixture->samples->len; i++)
    g_string_append (many, "{},");
  json = fixture_with ("samples", many->str);
  what = g_strdup_printf ("samples: %u entries, more than the %u a report may hold",
                          IB_REPORT_MAX_ENTRIES + 1, IB_REPORT_MAX_ENTRIES);
  assert_text_refused (json, what);

  /* Strategies past IB_REPORT_MAX_STRATEGIES */
  g_string_truncate (many, 0);
  for (guint i = 0; i < IB_REPORT_MAX_STRATEGIES; i++)
    g_string_append_printf (many, "\"s%u\",", i);
  g_clear_pointer (&json, g_free);
  json = fixture_with ("strategies", many->str);
  g_clear_pointer (&what, g_free);
  what = g_strdup_printf ("plan.strategies: %u entries, more than the %u a report may hold",
                          IB_REPORT_MAX_STRATEGIES + fixture->plan->strategies->len,
                          IB_REPORT_MAX_STRATEGIES);
  assert_text_refused (json, what);
}

static void
test_counts (void)
{
  /* Counts past what a report can hold were taken, and the answer's sum
   * of every strategy's left-out samples wrapped ("4165425152 samples
   * were left out"). */
  g_autoptr(IbReport) report = fx_report_new (40);
  g_autofree char *json = NULL;
  g_autofree char *what = NULL;

  g_array_index (report->statistics, IbStats, 0).n_excluded = 3000000000u;
  g_array_index (report->statistics, IbStats, 1).n_excluded = 3000000000u;
  json = ib_test_to_json (report, NULL);
  what = g_strdup_printf ("statistics[0].n_excluded: 3000000000 is out of range (0 to %u)",
                          IB_REPORT_MAX_ENTRIES);
  assert_text_refused (json, what);
}

static void
test_byte_order_mark (void)
{
  g_autoptr(IbReport) report = fx_report_new (40);
  g_autoptr(IbReport) loaded = NULL;
  g_autoptr(IbReport) from_file = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *json = ib_test_to_json (report, NULL);
  g_autofree char *with_bom = g_strconcat ("\xEF\xBB\xBF", json, NULL);
  g_autofree char *path = g_build_filename (tmpdir, "bom.json", NULL);

  loaded = ib_report_from_json (with_bom, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (loaded->samples->len, ==, report->samples->len);

  g_assert_true (g_file_set_contents (path, with_bom, -1, &error));
  from_file = ib_report_load_json (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (from_file->samples->len, ==, report->samples->len);
  g_assert_cmpint (g_unlink (path), ==, 0);

  /* only at the start: anywhere else it is not JSON */
  g_clear_pointer (&with_bom, g_free);
  with_bom = g_strconcat (" \xEF\xBB\xBF", json, NULL);
  g_clear_pointer (&loaded, ib_report_unref);
  g_clear_error (&error);
  loaded = ib_report_from_json (with_bom, -1, &error);
  g_assert_null (loaded);
  g_assert_error (error, IB_ERROR, IB_ERROR_FORMAT);
}

/* The fixture with its samples repeated to @n of them: samples beyond a
 * chunk (1,000) are parsed a chunk at a time. */
static IbReport *
many_samples (guint n)
{
  IbReport *report = fx_report_new (40);
  guint have = report->samples->len;

  for (guint i = have; i < n; i++)
    {
      IbSample copy;

      ib_sample_copy_into (&copy, &g_array_index (report->samples, IbSample, i % have));
      copy.round = i;
      copy.wall_ns += i;
      g_array_append_val (report->samples, copy);
    }
  return report;
}

/* @json with @insert put after the @nth (0-based) occurrence of @needle. */
static char *
insert_after (const char *json,
              const char *needle,
              guint       nth,
              const char *insert,
              guint      *line)
{
  const char *at = json;

  for (guint i = 0; i <= nth; i++)
    {
      at = strstr (at, needle);
      g_assert_nonnull (at);
      at += strlen (needle);
    }
  *line = 1;
  for (const char *c = json; c < at; c++)
    *line += *c == '\n';
  return g_strdup_printf ("%.*s%s%s", (int) (at - json), json, insert, at);
}

static void
test_chunks (void)
{
  g_autoptr(IbReport) report = many_samples (2500);
  g_autoptr(IbReport) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *json = ib_test_to_json (report, NULL);
  g_autofree char *again = NULL;
  g_autofree char *bad = NULL;
  g_autofree char *at_line = NULL;
  guint line = 0;

  /* Read in three chunks, the same report: written again, the same text */
  loaded = ib_report_from_json (json, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (loaded->samples->len, ==, 2500);
  g_assert_cmpint (g_array_index (loaded->samples, IbSample, 2499).round, ==, 2499);
  again = ib_test_to_json (loaded, NULL);
  g_assert_cmpstr (again, ==, json);

  /* A bad member in the third chunk is named by its place in the whole */
  bad = insert_after (json, "\"wall_ns\" : ", 2345, "\"x\", \"was\" : ", &line);
  assert_text_refused (bad, "samples[2345].wall_ns: expected an integer");

  /* Broken JSON in the second chunk: json-glib's message, at its line in
   * the whole file */
  g_clear_pointer (&bad, g_free);
  bad = insert_after (json, "\"wall_ns\" : ", 1500, "x", &line);
  at_line = g_strdup_printf (":%u:", line);
  assert_text_refused (bad, "not valid JSON: ");
  assert_text_refused (bad, at_line);
}

int
main (int    argc,
      char **argv)
{
  int ret;

  g_test_init (&argc, &argv, NULL);
  tmpdir = ib_test_make_tmpdir ("iobench-limits-XXXXXX");
  g_test_add_func ("/report/json-limits/not-regular", test_not_regular);
  g_test_add_func ("/report/json-limits/too-large", test_too_large);
  g_test_add_func ("/report/json-limits/entries", test_entries);
  g_test_add_func ("/report/json-limits/counts", test_counts);
  g_test_add_func ("/report/json-limits/byte-order-mark", test_byte_order_mark);
  g_test_add_func ("/report/json-limits/chunks", test_chunks);
  ret = g_test_run ();
  ib_test_remove_tree (tmpdir);
  g_free (tmpdir);
  return ret;
}
