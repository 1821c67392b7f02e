/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The history survives damage: truncated, corrupt, empty,
 * oversized and unreadable entries, a folder, a pipe and dangling links
 * named *.json are listed with the reason they cannot be shown, beside the
 * good ones, in the store and in the history page (under Xvfb); saving is
 * atomic and never replaces an entry, even from two writers at the same
 * second; a full disk while saving leaves the history as it was.
 *
 * test-history [--full DIR]: with DIR (an empty, small file system, from
 * history-full.sh) only the full-disk case runs. Settings holding garbage
 * (unknown presets and strategies, bad numbers, a missing folder) let the
 * plan page start and name what is wrong. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <adwaita.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "ib-export.h"
#include "ib-history-page.h"
#include "ib-history-store.h"
#include "ib-plan-page.h"
#include "ib-resources.h"
#include "report/ib-report-io.h"
#include "../report/report-fixture.h"

static char *full_dir;

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

/* The names in @dir, sorted, as one string "a b c". */
static char *
list_dir (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **) names->pdata);
}

static const IbHistoryEntry *
find_entry (GPtrArray  *entries,
            const char *name)
{
  for (guint i = 0; i < entries->len; i++)
    {
      const IbHistoryEntry *e = g_ptr_array_index (entries, i);

      if (g_str_equal (e->name, name))
        return e;
    }
  g_error ("no entry %s", name);
  return NULL;
}

static void
put (const char *dir,
     const char *name,
     const char *data,
     gssize      len)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, data, len, &error);
  g_assert_no_error (error);
}

static gboolean
history_loaded (gpointer data)
{
  return ib_history_page_get_n_entries (data) == 9;
}

static void
test_damaged (void)
{
  g_autofree char *dir = ib_history_dir ();
  g_autoptr(IbReport) report = fx_report_new (40);
  g_autoptr(IbAnalysis) analysis = ib_analysis_new_live (report);
  g_autoptr(GError) error = NULL;
  g_autofree char *good1 = NULL;
  g_autofree char *good2 = NULL;
  g_autofree char *text = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  IbHistoryPage *page;
  gsize len = 0;
  gint64 end;
  int fd;

  good1 = ib_history_save_to (dir, "good", analysis, &error);
  g_assert_no_error (error);
  good2 = ib_history_save_to (dir, "good", analysis, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (good1, !=, good2);

  g_file_get_contents (good1, &text, &len, &error);
  g_assert_no_error (error);
  put (dir, "truncated.json", text, (gssize) len / 2);
  put (dir, "corrupt.json", "{\"schema\": \xff\xfe\x00 not json", 28);
  put (dir, "empty.json", "", 0);
  /* Sparse: 100 MiB of size, no disk. */
  path = g_build_filename (dir, "oversized.json", NULL);
  fd = g_open (path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, 100 * 1024 * 1024), ==, 0);
  close (fd);
  g_clear_pointer (&path, g_free);
  path = g_build_filename (dir, "folder.json", NULL);
  g_assert_cmpint (g_mkdir (path, 0700), ==, 0);
  g_clear_pointer (&path, g_free);
  /* A pipe would block a reader that opened it. */
  path = g_build_filename (dir, "pipe.json", NULL);
  g_assert_cmpint (mkfifo (path, 0600), ==, 0);
  g_clear_pointer (&path, g_free);
  path = g_build_filename (dir, "dangling.json", NULL);
  g_assert_cmpint (symlink ("/nonexistent/iobench-history", path), ==, 0);
  g_clear_pointer (&path, g_free);
  /* A writer's unfinished temporary file is never listed. */
  put (dir, ".good.0000.partial", text, (gssize) len / 3);

  entries = ib_history_scan (dir, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (entries->len, ==, 9);
  for (guint i = 0; i < entries->len; i++)
    {
      const IbHistoryEntry *e = g_ptr_array_index (entries, i);

      g_test_message ("%s: %s", e->name, e->problem != NULL ? e->problem : "ok");
      g_assert_true ((e->report == NULL) != (e->problem == NULL));
    }
  g_assert_nonnull (find_entry (entries, "good.json")->report);
  g_assert_nonnull (find_entry (entries, "good-1.json")->report);
  /* a cut-short report is named as such, with where it stops */
  g_assert_true (g_str_has_prefix (find_entry (entries, "truncated.json")->problem,
                                   "the report stops in the middle, at line "));
  g_assert_true (g_str_has_prefix (find_entry (entries, "corrupt.json")->problem,
                                   "not valid JSON: "));
  g_assert_cmpstr (find_entry (entries, "empty.json")->problem, ==, "the file is empty");
  g_assert_cmpstr (find_entry (entries, "oversized.json")->problem, ==,
                   "It is 100 MiB, more than the 64 MiB a saved run can be; it was not read");
  g_assert_cmpstr (find_entry (entries, "folder.json")->problem, ==,
                   "It is not a file (a folder, a device or a pipe), so it is not a saved run");
  g_assert_cmpstr (find_entry (entries, "pipe.json")->problem, ==,
                   "It is not a file (a folder, a device or a pipe), so it is not a saved run");
  g_assert_cmpstr (find_entry (entries, "dangling.json")->problem, ==,
                   "Cannot read it: No such file or directory");

  /* The page lists all nine, the seven damaged ones marked, and starts. */
  page = g_object_ref_sink (g_object_new (IB_TYPE_HISTORY_PAGE, NULL));
  ib_history_page_reload (page);
  end = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;
  while (!history_loaded (page) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpuint (ib_history_page_get_n_entries (page), ==, 9);
  g_assert_cmpuint (ib_history_page_get_n_damaged (page), ==, 7);
  g_object_unref (page);
}

typedef struct
{
  const char     *dir;
  const IbAnalysis *analysis;
  GPtrArray      *paths;
} Writer;

static gpointer
writer_thread (gpointer data)
{
  Writer *w = data;

  for (guint i = 0; i < 25; i++)
    {
      g_autoptr(GError) error = NULL;
      char *path = ib_history_save_to (w->dir, "same-second", w->analysis, &error);

      g_assert_no_error (error);
      g_ptr_array_add (w->paths, path);
    }
  return NULL;
}

/* Two instances saving runs of the same second: every run gets its own
 * entry, none replaced, none half-written. */
static void
test_two_writers (void)
{
  g_autofree char *dir = ib_history_dir ();
  g_autoptr(IbReport) report = fx_report_new (40);
  g_autoptr(IbAnalysis) analysis = ib_analysis_new_live (report);
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(GError) error = NULL;
  Writer w[2];
  GThread *t[2];

  for (guint i = 0; i < 2; i++)
    {
      w[i].dir = dir;
      w[i].analysis = analysis;
      w[i].paths = g_ptr_array_new_with_free_func (g_free);
      t[i] = g_thread_new ("writer", writer_thread, &w[i]);
    }
  for (guint i = 0; i < 2; i++)
    g_thread_join (t[i]);
  for (guint i = 0; i < 2; i++)
    {
      for (guint j = 0; j < w[i].paths->len; j++)
        g_assert_true (g_hash_table_add (seen, g_ptr_array_index (w[i].paths, j)));
    }
  g_assert_cmpuint (g_hash_table_size (seen), ==, 50);

  entries = ib_history_scan (dir, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (entries->len, ==, 50);
  for (guint i = 0; i < entries->len; i++)
    g_assert_null (((IbHistoryEntry *) g_ptr_array_index (entries, i))->problem);
  /* No temporary file left. */
  {
    g_autofree char *names = list_dir (dir);

    g_assert_null (strstr (names, ".partial"));
  }
  for (guint i = 0; i < 2; i++)
    g_ptr_array_unref (w[i].paths);
}

/* A full disk while saving: an error, and the history as it was. */
static void
test_full_disk (void)
{
  g_autofree char *dir = g_build_filename (full_dir, "history", NULL);
  g_autofree char *filler = g_build_filename (full_dir, "filler", NULL);
  g_autoptr(IbReport) report = fx_report_new (40);
  g_autoptr(IbAnalysis) analysis = ib_analysis_new_live (report);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  g_autofree char *path = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  char block[4096];
  int fd;

  path = ib_history_save_to (dir, "before", analysis, &error);
  g_assert_no_error (error);
  before = list_dir (dir);

  memset (block, 'x', sizeof block);
  fd = g_open (filler, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  g_assert_cmpint (fd, >=, 0);
  while (write (fd, block, sizeof block) > 0)
    ;
  g_assert_cmpint (errno, ==, ENOSPC);
  close (fd);

  g_clear_pointer (&path, g_free);
  path = ib_history_save_to (dir, "full", analysis, &error);
  g_assert_null (path);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "Could not save the run in the history folder"));
  g_assert_nonnull (strstr (error->message, g_strerror (ENOSPC)));
  after = list_dir (dir);
  g_assert_cmpstr (after, ==, before);

  g_clear_error (&error);
  entries = ib_history_scan (dir, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (entries->len, ==, 1);
  g_assert_nonnull (((IbHistoryEntry *) g_ptr_array_index (entries, 0))->report);
}

/* Settings holding garbage (an older version's, or edited by hand): the plan
 * page starts, names what is wrong, and a good value clears it. */
static void
test_settings_garbage (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  const char *strategies[] = { "no-such-strategy", "", "../../etc", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(IbPlan) plan = NULL;
  IbPlanPage *page;

  g_settings_set_string (settings, "preset", "no-such-preset");
  g_settings_set_string (settings, "base-preset", "no-such-base");
  g_settings_set_string (settings, "dir", "/nonexistent/iobench");
  g_settings_set_string (settings, "file-count", "-7");
  g_settings_set_string (settings, "file-size", "12Q");
  g_settings_set_string (settings, "files", ",,,");
  g_settings_set_strv (settings, "strategies", strategies);
  g_settings_set_uint64 (settings, "seed", G_MAXUINT64);

  page = g_object_ref_sink (g_object_new (IB_TYPE_PLAN_PAGE, NULL));
  ib_plan_page_set_settings (page, settings);
  g_assert_false (ib_plan_page_get_valid (page));
  g_assert_nonnull (ib_plan_page_get_error (page));
  g_test_message ("%s", ib_plan_page_get_error (page));
  g_assert_nonnull (ib_plan_page_get_field_error (page, IB_PLAN_FIELD_COUNT));
  g_assert_nonnull (ib_plan_page_get_field_error (page, IB_PLAN_FIELD_SIZE));

  /* Good values and a strategy: a plan again. */
  ib_plan_page_set_dir (page, g_get_tmp_dir ());
  ib_plan_page_set_field_text (page, IB_PLAN_FIELD_COUNT, "2");
  ib_plan_page_set_field_text (page, IB_PLAN_FIELD_SIZE, "64K");
  ib_plan_page_set_strategies (page, (const char *[]) { "sync-read-all", NULL });
  plan = ib_plan_page_build_plan (page, &error);
  g_assert_no_error (error);
  g_assert_nonnull (plan);
  g_object_unref (page);
}

int
main (int    argc,
      char **argv)
{
  gtk_disable_setlocale ();
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
  if (argc == 3 && g_str_equal (argv[1], "--full"))
    {
      full_dir = argv[2];
      g_test_add_func ("/faults/history/full-disk", test_full_disk);
      return g_test_run ();
    }
  gtk_init ();
  adw_init ();
  ib_app_register_resource ();
  g_test_add_func ("/faults/history/damaged", test_damaged);
  g_test_add_func ("/faults/history/two-writers", test_two_writers);
  g_test_add_func ("/faults/settings/garbage", test_settings_garbage);
  return g_test_run ();
}
