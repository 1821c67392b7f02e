/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-decide-more-gui.c: the window before and after a run, when the
 * answer needs more time or a quieter machine:
 *   /gui/decide-more/busy  a machine the fake /proc says is busy (the test
 *                          hook IOBENCH_TEST_PROC) gets the plan page's
 *                          notice, read off the page as shown; a quiet one
 *                          loses it.
 *   /gui/decide-more/budget  the plan's "Time" row is a real control: set to
 *                          6 s, the run's decision phase has 6 s, the
 *                          results say so, and a new window has it back.
 *   /gui/decide-more/keep  an undecided answer line offers "Keep Deciding";
 *                          the real button runs the same pair on the same
 *                          plan again, and the answer on screen is then the
 *                          new line's. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include "ib-test-common.h"

#include <string.h>

#include <gtk/gtk.h>

#include "analysis/ib-analysis.h"
#include "analysis/ib-answer.h"
#include "engine/run/ib-decision.h"
#include "gui-common.h"

#define WAIT_TIMEOUT_S 60   /* a guard against hangs, not a speed test */
#define RUN_TIMEOUT_S  300

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

static gboolean
not_running (gpointer data)
{
  return !ib_run_controller_get_running (ib_window_get_controller (data));
}

static gboolean
running (gpointer data)
{
  return ib_run_controller_get_running (ib_window_get_controller (data));
}

/* The spin button of the plan page's row titled @title, mapped. */
static GtkSpinButton *
row_spin (IbWindow   *win,
          const char *title)
{
  g_autoptr(GPtrArray) spins = g_ptr_array_new ();

  gui_collect (GTK_WIDGET (ib_window_get_plan_page (win)), GTK_TYPE_SPIN_BUTTON, spins);
  for (guint i = 0; i < spins->len; i++)
    {
      GtkWidget *row = gtk_widget_get_ancestor (g_ptr_array_index (spins, i),
                                                ADW_TYPE_ACTION_ROW);

      if (row != NULL && gtk_widget_get_mapped (row) &&
          g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), title) == 0)
        return g_ptr_array_index (spins, i);
    }
  return NULL;
}

/* Whether a mapped label under @root holds @text. */
static gboolean
label_says (GtkWidget  *root,
            const char *text)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();

  gui_collect (root, GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    if (gtk_widget_get_mapped (g_ptr_array_index (labels, i)) &&
        strstr (gtk_label_get_text (g_ptr_array_index (labels, i)), text) != NULL)
      return TRUE;
  return FALSE;
}

/* A small plan of two strategies on two small files, as a user edits it. */
static void
small_plan (IbWindow   *win,
            const char *dir)
{
  static const char *strategies[] = { "sync-read-all", "async-read-all-serial", NULL };
  IbPlanPage *plan = ib_window_get_plan_page (win);

  gui_select_preset_untimed (plan, "big-files");
  ib_plan_page_set_list_mode (plan, FALSE);
  ib_plan_page_set_field_text (plan, IB_PLAN_FIELD_COUNT, "2");
  ib_plan_page_set_field_text (plan, IB_PLAN_FIELD_SIZE, "64K");
  ib_plan_page_set_strategies (plan, strategies);
  ib_plan_page_set_rounds (plan, 2, 1);
  ib_plan_page_set_dir (plan, dir);
}

static void
test_budget (void)
{
  g_autofree char *tmp = ib_test_make_tmpdir ("iobench-gui-budget-XXXXXX");
  g_autoptr(GSettings) settings = g_settings_new ("io.github.iobench.IoBench");
  IbWindow *win = gui_new_window (app, 1100, 900, 200);
  IbWindow *again;
  GtkSpinButton *spin;
  IbReport *report;

  small_plan (win, tmp);
  spin = row_spin (win, "Time");
  g_assert_nonnull (spin);
  /* Time 0 (gui_select_preset_untimed): no budget */
  g_assert_cmpint (gtk_spin_button_get_value_as_int (spin), ==, 0);
  g_assert_false (label_says (GTK_WIDGET (ib_window_get_plan_page (win)),
                              "the run ends when its time budget is spent"));

  gtk_spin_button_set_value (spin, 6);
  ib_test_spin (100);
  g_assert_true (ib_plan_page_get_valid (ib_window_get_plan_page (win)));
  g_assert_true (label_says (GTK_WIDGET (ib_window_get_plan_page (win)),
                             "6 s: the run ends when its time budget is spent"));

  g_action_group_activate_action (G_ACTION_GROUP (win), "run", NULL);
  g_assert_true (ib_test_wait_until (not_running, win, RUN_TIMEOUT_S));
  ib_test_spin (200);

  /* the run had that budget, its decision phase ran within it, and the
   * results say so */
  report = ib_run_controller_get_report (ib_window_get_controller (win));
  g_assert_nonnull (report);
  g_assert_cmpuint (report->plan->budget_s, ==, 6);
  g_assert_nonnull (report->decision);
  g_assert_cmpuint (report->decision->budget_s, ==, 6);
  g_assert_true (label_says (GTK_WIDGET (ib_window_get_results_page (win)), "time budget 6 s"));

  /* saved: the settings hold it, and a new window shows it */
  g_assert_cmpuint (g_settings_get_uint (settings, "budget"), ==, 6);
  gui_destroy_window (win);
  again = gui_new_window (app, 1100, 900, 200);
  spin = row_spin (again, "Time");
  g_assert_nonnull (spin);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (spin), ==, 6);
  gui_destroy_window (again);
  ib_test_remove_tree (tmp);
}

/* A finished report of a small plan whose serial line the decision phase
 * left undecided. The plan runs for real; the verdict is then set by
 * hand, as a short phase would leave it on a noisier machine (whether this
 * one decides in 8 s is up to the machine, and the test must not be). */
static IbReport *
undecided_report (const char *dir)
{
  g_autoptr(IbPlan) plan = ib_plan_new ();
  g_autoptr(GError) error = NULL;
  guint64 size = 64 * 1024;
  IbReport *report;
  IbDecisionLine *line;

  plan->dir = g_strdup (dir);
  for (guint i = 0; i < 2; i++)
    g_array_append_val (plan->file_sizes, size);
  g_ptr_array_add (plan->strategies, g_strdup ("sync-read-all"));
  g_ptr_array_add (plan->strategies, g_strdup ("async-read-all-serial"));
  plan->repeat = 3;
  plan->warmup = 1;
  plan->budget_s = 8;
  report = ib_runner_run_sync (plan, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  line = (IbDecisionLine *) ib_report_decision_line (report, "serial");
  g_assert_nonnull (line);
  g_array_set_size (line->pairs, MIN (line->pairs->len, 3));
  line->verdict = IB_PAIRED_UNDECIDED;
  line->ratio = 1.02;
  line->ci_low = 0.5;
  line->ci_high = 2.0;
  line->more_pairs = 40;
  return report;
}

static void
test_keep (void)
{
  g_autofree char *tmp = ib_test_make_tmpdir ("iobench-gui-keep-XXXXXX");
  g_autoptr(IbReport) before = undecided_report (tmp);
  g_autoptr(IbAnalysis) now = NULL;
  IbWindow *win = gui_new_window (app, 1100, 900, 200);
  IbResultsPage *results = ib_window_get_results_page (win);
  g_autofree char *was = NULL;
  const IbDecisionLine *line;
  IbReport *after;
  GtkWidget *button;
  const IbAnswer *answer;
  const char *shown;

  ib_window_show_report (win, before, NULL);
  ib_test_spin (200);
  was = g_strdup (ib_results_page_get_answer (results));
  g_test_message ("before: %s", was);
  g_assert_nonnull (strstr (was, "not decided"));
  /* the undecided line offers more time, with the time it gives */
  button = ib_results_page_get_keep_button (results, "serial");
  g_assert_nonnull (button);
  g_assert_true (gtk_widget_get_mapped (button));
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (button)), ==, "Keep Deciding");
  g_assert_true (label_says (GTK_WIDGET (results), "Reading one file after another was not "
                             "decided: keep deciding measures the same pair on the same plan "
                             "for 8 s more."));
  /* a line the run did not measure offers nothing */
  g_assert_null (ib_results_page_get_keep_button (results, "parallel"));

  /* a press: the button's click comes once its press is shown */
  g_assert_true (gtk_widget_activate (button));
  g_assert_true (ib_test_wait_until (running, win, WAIT_TIMEOUT_S));
  g_assert_true (ib_test_wait_until (not_running, win, RUN_TIMEOUT_S));
  ib_test_spin (300);

  /* the report is the one before with the line decided again: the same
   * pair, fresh pairs, the time given counted */
  after = ib_run_controller_get_report (ib_window_get_controller (win));
  line = ib_report_decision_line (after, "serial");
  g_assert_nonnull (line);
  g_assert_cmpstr (line->a, ==, "sync-read-all");
  g_assert_cmpstr (line->b, ==, "async-read-all-serial");
  g_assert_cmpuint (after->decision->kept_s, ==, 8);
  g_assert_cmpuint (after->samples->len, ==, before->samples->len);
  g_assert_true (line->ratio != 1.02 || line->ci_low != 0.5);

  /* and the window shows its verdict, in the answer's words */
  now = ib_analysis_new (after);
  answer = ib_analysis_get_answer (now);
  shown = ib_results_page_get_answer (results);
  g_test_message ("after: %s", shown);
  g_assert_cmpstr (shown, ==, answer->headline);
  g_assert_cmpstr (shown, !=, was);
  /* still undecided: more time is offered again; decided: none */
  if (line->verdict == IB_PAIRED_UNDECIDED || line->verdict == IB_PAIRED_NO_DATA)
    g_assert_nonnull (ib_results_page_get_keep_button (results, "serial"));
  else
    g_assert_null (ib_results_page_get_keep_button (results, "serial"));

  gui_destroy_window (win);
  ib_test_remove_tree (tmp);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *home = NULL;
  g_autofree char *stat = NULL;
  int status;

  proc_dir = ib_test_make_tmpdir ("iobench-gui-proc-XXXXXX");
  stat = g_build_filename (proc_dir, "stat", NULL);
  g_assert_true (g_file_set_contents (stat, "cpu  100 0 50 800 50 0 0 0 0 0\n", -1, NULL));
  g_setenv ("IOBENCH_TEST_PROC", proc_dir, TRUE);
  app = gui_test_init (&argc, &argv, &home);

#if IB_OS_LINUX
  g_test_add_func ("/gui/decide-more/busy", test_busy);
#endif
  g_test_add_func ("/gui/decide-more/budget", test_budget);
  g_test_add_func ("/gui/decide-more/keep", test_keep);

  status = gui_test_run (&app, home);
  ib_test_remove_tree (proc_dir);
  g_free (proc_dir);
  return status;
}
