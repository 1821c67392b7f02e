/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-a11y-walk-gui.c: the whole accessibility tree as a screen reader
 * meets it over AT-SPI, page by page (plan, progress, results, history,
 * comparison) at 1280 and 360 px. atspi-walk.py reads the tree from another
 * process while this one answers; it fails on an unnamed control, a GTK class
 * name used as a name and a view switcher met twice. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <adwaita.h>
#include <gtk/gtk.h>

#include "ib-application.h"
#include "ib-history-page.h"
#include "ib-plan-page.h"
#include "ib-run-controller.h"
#include "ib-window.h"
#include "gui-common.h"
#include "ib-test-common.h"
#include "report-fixture.h"

#define WAIT_TIMEOUT_S 60 /* a guard against hangs, not a speed test */
#define SYSTEM_PYTHON "/usr/bin/python3"

static IbApplication *app;

typedef struct
{
  gboolean done;
  int      status;
  char    *out;
} Walk;

static void
walk_done (GObject      *source,
           GAsyncResult *result,
           gpointer      data)
{
  Walk *walk = data;
  g_autoptr(GError) error = NULL;

  g_subprocess_communicate_utf8_finish (G_SUBPROCESS (source), result, &walk->out, NULL, &error);
  g_assert_no_error (error);
  walk->status = g_subprocess_get_if_exited (G_SUBPROCESS (source))
                   ? g_subprocess_get_exit_status (G_SUBPROCESS (source))
                   : -1;
  walk->done = TRUE;
}

static gboolean
walk_finished (gpointer data)
{
  return ((Walk *) data)->done;
}

/* Runs atspi-walk.py on this process while its main loop answers; the
 * problems it found, or NULL when there is none. */
static char *
walk_tree (const char *label)
{
  g_autofree char *script = g_test_build_filename (G_TEST_DIST, "atspi-walk.py", NULL);
  g_autofree char *pid = g_strdup_printf ("%d", (int) getpid ());
  g_autoptr(GError) error = NULL;
  g_autoptr(GSubprocess) proc = NULL;
  Walk walk = { 0 };

  ib_test_spin (300);
  /* Debian's python3-gi is for the system's interpreter, not one a PATH
   * puts first (pyenv, a virtualenv) */
  proc = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_MERGE,
                           &error,
                           g_file_test (SYSTEM_PYTHON, G_FILE_TEST_IS_EXECUTABLE) ? SYSTEM_PYTHON
                                                                                  : "python3",
                           script, pid, label, NULL);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8_async (proc, NULL, NULL, walk_done, &walk);
  g_assert_true (ib_test_wait_until (walk_finished, &walk, 120));
  g_test_message ("%s", walk.out);
  if (walk.status == 77)
    {
      g_autofree char *out = walk.out;

      g_test_skip (out);
      return NULL;
    }
  if (walk.status == 0)
    {
      g_free (walk.out);
      return NULL;
    }
  return walk.out;
}

static void
note (GString    *problems,
      const char *label)
{
  g_autofree char *found = walk_tree (label);

  if (found != NULL)
    g_string_append (problems, found);
}

static gboolean
widget_mapped (gpointer data)
{
  return gtk_widget_get_mapped (GTK_WIDGET (data));
}

static gboolean
run_is_on (gpointer data)
{
  GAction *run = g_action_map_lookup_action (G_ACTION_MAP (data), "run");

  return g_action_get_enabled (run);
}

static gboolean
has_samples (gpointer data)
{
  IbRunController *c = ib_window_get_controller (data);

  return !ib_run_controller_get_running (c) || ib_run_controller_get_n_samples (c) > 0;
}

static gboolean
not_running (gpointer data)
{
  return !ib_run_controller_get_running (ib_window_get_controller (data));
}

/* The progress page: a run too long to end by itself, stopped after. */
static void
walk_progress (int      width,
               GString *problems)
{
  const char *strategies[] = { "sync-read-all", "async-read-all-serial", NULL };
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = ib_test_make_tmpdir ("iobench-a11y-XXXXXX");
  g_autofree char *label = g_strdup_printf ("progress-%d", width);
  IbWindow        *win = gui_new_window (app, width, 800, 300);
  IbPlanPage      *plan = ib_window_get_plan_page (win);

  g_assert_no_error (error);
  gui_select_preset_untimed (plan, "big-files");
  ib_plan_page_set_dir (plan, dir);
  ib_plan_page_set_list_mode (plan, FALSE);
  ib_plan_page_set_field_text (plan, IB_PLAN_FIELD_COUNT, "4");
  ib_plan_page_set_field_text (plan, IB_PLAN_FIELD_SIZE, "4M");
  ib_plan_page_set_strategies (plan, strategies);
  ib_plan_page_set_rounds (plan, 200, 0);
  g_assert_true (ib_test_wait_until (run_is_on, win, WAIT_TIMEOUT_S));
  g_action_group_activate_action (G_ACTION_GROUP (win), "run", NULL);
  g_assert_true (ib_test_wait_until (has_samples, win, WAIT_TIMEOUT_S));
  note (problems, label);
  g_action_group_activate_action (G_ACTION_GROUP (win), "stop", NULL);
  g_assert_true (ib_test_wait_until (not_running, win, WAIT_TIMEOUT_S));
  gui_destroy_window (win);
  ib_test_remove_tree (dir);
}

static void
walk_width (int width)
{
  g_autoptr(GString) problems = g_string_new (NULL);
  g_autoptr(IbReport) a = fx_report_new (40);
  g_autoptr(IbReport) b = fx_report_new (10);
  g_autofree char *plan_label = g_strdup_printf ("plan-%d", width);
  g_autofree char *results_label = g_strdup_printf ("results-%d", width);
  g_autofree char *history_label = g_strdup_printf ("history-%d", width);
  g_autofree char *compare_label = g_strdup_printf ("comparison-%d", width);
  IbWindow        *win;

  /* xvfb-run.sh's fallback where at-spi2-core is missing: no bus to walk */
  if (g_strcmp0 (g_getenv ("GTK_A11Y"), "test") == 0)
    {
      g_test_skip ("no accessibility bus (GTK_A11Y=test)");
      return;
    }
  win = gui_new_window (app, width, 800, 300);
  note (problems, plan_label);
  ib_window_show_report (win, a, NULL);
  /* a narrow window shows the plan: its Show Results button slides on */
  if (!gtk_widget_get_mapped (GTK_WIDGET (ib_window_get_results_page (win))))
    {
      GtkWidget *forward = gui_find_by_tooltip (GTK_WIDGET (win), "Show Results");

      g_assert_nonnull (forward);
      g_signal_emit_by_name (forward, "clicked");
    }
  g_assert_true (ib_test_wait_until (widget_mapped, ib_window_get_results_page (win),
                                     WAIT_TIMEOUT_S));
  note (problems, results_label);
  g_action_group_change_action_state (G_ACTION_GROUP (win), "show-history",
                                      g_variant_new_boolean (TRUE));
  g_assert_true (ib_test_wait_until (widget_mapped, ib_window_get_history_page (win),
                                     WAIT_TIMEOUT_S));
  note (problems, history_label);
  ib_history_page_compare (ib_window_get_history_page (win), a, b);
  note (problems, compare_label);
  gui_destroy_window (win);
  walk_progress (width, problems);
  if (problems->len > 0)
    g_test_fail_printf ("the accessibility tree at %d px:\n%s", width, problems->str);
}

static void
test_walk_wide (void)
{
  walk_width (1280);
}

static void
test_walk_narrow (void)
{
  walk_width (360);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *home = NULL;

  app = gui_test_init (&argc, &argv, &home);
  g_test_add_func ("/a11y-walk/1280", test_walk_wide);
  g_test_add_func ("/a11y-walk/360", test_walk_narrow);
  return gui_test_run (&app, home);
}
