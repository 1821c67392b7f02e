/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-decide-more-gui.c: the window before and after a run, when the
 * answer needs more time or a quieter machine:
 *   /gui/decide-more/busy  a machine the fake /proc says is busy (the test
 *                          hook IOBENCH_TEST_PROC) gets the plan page's
 *                          notice, read off the page as shown; a quiet one
 *                          loses it. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include "ib-test-common.h"

#include <string.h>

#include <gtk/gtk.h>

#include "gui-common.h"

#define WAIT_TIMEOUT_S 60   /* a guard against hangs, not a speed test */

static IbApplication *app;
static char *proc_dir;

static void
write_loadavg (const char *text)
{
  g_autofree char *path = g_build_filename (proc_dir, "loadavg", NULL);

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
}

static gboolean
notice_shown (gpointer data)
{
  return ib_plan_page_get_busy_notice (data) != NULL;
}

static gboolean
notice_gone (gpointer data)
{
  return ib_plan_page_get_busy_notice (data) == NULL;
}

/* The notice is a row of the plan page's parts, mapped and read as shown:
 * its title is the sentence. */
static const char *
mapped_notice (IbWindow *win)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();

  gui_collect (GTK_WIDGET (ib_window_get_plan_page (win)), ADW_TYPE_ACTION_ROW, rows);
  for (guint i = 0; i < rows->len; i++)
    if (g_strcmp0 (gtk_widget_get_name (g_ptr_array_index (rows, i)), "busy-notice") == 0 &&
        gtk_widget_get_mapped (g_ptr_array_index (rows, i)))
      return adw_preferences_row_get_title (g_ptr_array_index (rows, i));
  return NULL;
}

static void
test_busy (void)
{
  IbWindow *win;
  IbPlanPage *page;
  const char *notice;

  /* load 3.4 and counters that do not move: the load judges */
  write_loadavg ("3.40 2.00 1.00 5/300 4242\n");
  win = gui_new_window (app, 1100, 900, 200);
  page = ib_window_get_plan_page (win);
  g_assert_true (ib_test_wait_until (notice_shown, page, WAIT_TIMEOUT_S));
  notice = ib_plan_page_get_busy_notice (page);
  g_test_message ("notice: %s", notice);
  g_assert_true (g_str_has_prefix (notice, "Other work is using the CPUs (load 3.4 on "));
  g_assert_nonnull (strstr (notice, "threads get more of a busy CPU, so parallel strategies "
                            "will look faster than they are on a quiet machine."));
  ib_test_spin (100);
  g_assert_cmpstr (mapped_notice (win), ==, notice);

  /* the other work ends: the notice goes */
  write_loadavg ("0.10 1.00 1.00 1/300 4242\n");
  g_assert_true (ib_test_wait_until (notice_gone, page, WAIT_TIMEOUT_S));
  g_assert_null (mapped_notice (win));
  gui_destroy_window (win);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *home = NULL;
  g_autofree char *stat = NULL;
  int status;

  proc_dir = g_dir_make_tmp ("iobench-gui-proc-XXXXXX", NULL);
  g_assert_nonnull (proc_dir);
  stat = g_build_filename (proc_dir, "stat", NULL);
  g_assert_true (g_file_set_contents (stat, "cpu  100 0 50 800 50 0 0 0 0 0\n", -1, NULL));
  g_setenv ("IOBENCH_TEST_PROC", proc_dir, TRUE);
  app = gui_test_init (&argc, &argv, &home);

#if IB_OS_LINUX
  g_test_add_func ("/gui/decide-more/busy", test_busy);
#endif

  status = gui_test_run (&app, home);
  ib_test_remove_tree (proc_dir);
  g_free (proc_dir);
  return status;
}
