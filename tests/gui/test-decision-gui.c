/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-decision-gui.c: the decision phase in the window:
 * a small plan with a budget runs in the real window; each time the run
 * controller reports a look, the results page's decision view is read as a
 * screen reader would (its words): it names the pair, says how the interval
 * stands or that the first pairs are coming, says what decides it, and ends
 * with the line's verdict in THE verdict's words.
 *
 * By hand: IB_TEST_DECISION_PRESET=quick runs that preset instead (in
 * /var/tmp), and IB_TEST_DECISION_PNG=FILE saves the screen as a PNG at the
 * third interval of the headline (needs ImageMagick's import). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include "ib-test-common.h"

#include <string.h>

#include <gtk/gtk.h>

#include "engine/io/ib-strategy.h"
#include "gui-common.h"
#include "ib-decision-view.h"

#define WAIT_TIMEOUT_S 300   /* a guard against hangs, not a speed test */
#define KIB            (G_GUINT64_CONSTANT (1) << 10)

static IbApplication *app;

typedef struct
{
  IbWindow  *win;
  GPtrArray *texts;      /* the view's words after each look */
  guint      last_pairs; /* of the newest look */
  gboolean   result;     /* a line's result arrived */
  guint      shown;      /* looks with an interval */
  const char *png;
  gboolean   saved;
} Watch;

/* The X screen as it is (ImageMagick's import, under Xvfb), once the window
 * has drawn the look just shown. */
static void
save_png (Watch *w)
{
  g_autofree char *command = NULL;
  g_autofree char *quoted = g_shell_quote (w->png);
  g_autoptr(GError) error = NULL;
  gint status = 0;

  ib_test_spin (300);
  command = g_strdup_printf ("import -window root %s", quoted);
  g_assert_true (g_spawn_command_line_sync (command, NULL, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_test_message ("saved %s", w->png);
  w->saved = TRUE;
}

/* The controller's properties say what its getters say (read through
 * GObject, as a binding reads them). */
static void
assert_controller_properties (IbRunController *controller)
{
  g_autofree char *step = NULL;
  g_autofree char *eta = NULL;
  gboolean running, stopping;
  double fraction;

  g_object_get (controller, "running", &running, "stopping", &stopping, "step", &step,
                "eta", &eta, "fraction", &fraction, NULL);
  g_assert_true (running == ib_run_controller_get_running (controller));
  g_assert_true (stopping == ib_run_controller_get_stopping (controller));
  g_assert_cmpstr (step, ==, ib_run_controller_get_step (controller));
  g_assert_cmpstr (eta, ==, ib_run_controller_get_eta (controller));
  g_assert_cmpfloat (fraction, ==, ib_run_controller_get_fraction (controller));
}

/* Connected after the view's own handler: the view shows @look already. */
static void
on_decision (IbRunController      *controller,
             const IbDecisionLook *look,
             Watch                *w)
{
  char *text = ib_results_page_dup_decision_text (ib_window_get_results_page (w->win));

  /* mid-run: running, and the step, time left and fraction of this run */
  assert_controller_properties (controller);
  g_assert_true (ib_run_controller_get_running (controller));

  g_ptr_array_add (w->texts, text);
  w->last_pairs = look->n_pairs;
  w->result |= look->look;
  w->shown += !look->look && look->ci_level > 0;
  if (w->png != NULL && !w->saved && w->shown >= 3 && g_str_equal (look->line, "serial"))
    save_png (w);
}

static gboolean
not_running (gpointer data)
{
  return !ib_run_controller_get_running (ib_window_get_controller (data));
}

static void
test_decision_view (void)
{
  const char *preset = g_getenv ("IB_TEST_DECISION_PRESET");
  g_autofree char *tmp = ib_test_make_tmpdir ("iobench-gui-decision-XXXXXX");
  g_autoptr(IbPlan) plan = NULL;
  g_autoptr(GError) error = NULL;
  IbRunController *controller;
  Watch w = { 0 };
  const char *first, *last;
  g_autofree char *pair = NULL;
  gboolean narrowing_said = FALSE;
  gboolean next_said = FALSE;

  if (preset == NULL)
    {
      guint64 size = 256 * KIB;

      plan = ib_plan_new ();
      plan->dir = g_strdup (tmp);
      for (guint i = 0; i < 2; i++)
        g_array_append_val (plan->file_sizes, size);
      g_ptr_array_add (plan->strategies, g_strdup ("sync-read-all"));
      g_ptr_array_add (plan->strategies, g_strdup ("async-read-all-serial"));
      plan->repeat = 2;
      plan->warmup = 1;
      plan->budget_s = 6;
    }

  w.win = gui_new_window (app, 1100, 760, 200);
  w.texts = g_ptr_array_new_with_free_func (g_free);
  w.png = g_getenv ("IB_TEST_DECISION_PNG");

  controller = ib_window_get_controller (w.win);
  assert_controller_properties (controller);
  /* Before any run the view says nothing. */
  {
    g_autofree char *none = ib_results_page_dup_decision_text (ib_window_get_results_page (w.win));
    IbPlanPage *page = ib_window_get_plan_page (w.win);
    g_autofree char *page_error = NULL;
    gboolean valid;

    g_assert_cmpstr (none, ==, "");
    g_object_get (page, "valid", &valid, "error", &page_error, NULL);
    g_assert_true (valid == ib_plan_page_get_valid (page));
    g_assert_cmpstr (page_error, ==, ib_plan_page_get_error (page));
  }
  g_signal_connect_after (controller, "decision", G_CALLBACK (on_decision), &w);
  if (preset != NULL)
    {
      /* as a user would: the preset, then Run (the window shows the results) */
      ib_plan_page_select_preset (ib_window_get_plan_page (w.win), preset);
      ib_plan_page_set_dir (ib_window_get_plan_page (w.win), "/var/tmp");
      g_action_group_activate_action (G_ACTION_GROUP (w.win), "run", NULL);
    }
  else
    {
      g_assert_true (ib_run_controller_start (controller, plan, &error));
      g_assert_no_error (error);
    }
  g_assert_true (ib_test_wait_until (not_running, w.win, WAIT_TIMEOUT_S));
  assert_controller_properties (controller);

  g_assert_cmpuint (w.texts->len, >, 0);
  first = g_ptr_array_index (w.texts, 0);
  last = g_ptr_array_index (w.texts, w.texts->len - 1);
  for (guint i = 0; i < w.texts->len; i++)
    g_test_message ("look %u: %s", i, (const char *) g_ptr_array_index (w.texts, i));

  if (preset == NULL)
    {
      /* The pair, by the names the tables use. */
      pair = g_strdup_printf ("Deciding the answer: %s against %s",
                              ib_strategy_title ("sync-read-all"),
                              ib_strategy_title ("async-read-all-serial"));
      g_assert_nonnull (strstr (first, pair));
    }
  else
    g_assert_nonnull (strstr (first, "Deciding the answer: "));
  /* Before the result, the rule that decides, with the margin. */
  g_assert_nonnull (strstr (first, "Decided when the whole interval lies below 1"));
  g_assert_nonnull (strstr (first, "±10 %"));
  /* The last look is a line's result, in the verdict's words, and no
   * longer says what would decide it. */
  g_assert_true (w.result);
  g_assert_true (strstr (last, "faster than") != NULL || strstr (last, "equivalent") != NULL ||
                 strstr (last, "not decided") != NULL);
  g_assert_null (strstr (last, "Decided when"));
  /* A line that ran a while showed its interval narrowing in words, with
   * no level of its own: the only level said is the procedure's 95 %. */
  for (guint i = 0; i < w.texts->len; i++)
    {
      const char *text = g_ptr_array_index (w.texts, i);

      narrowing_said |= strstr (text, "Time ratio ") != NULL && strstr (text, " after ") != NULL;
      g_assert_null (strstr (text, "% interval"));
    }
  g_assert_cmpint (narrowing_said, ==, w.shown > 0);
  /* ... and when it would look next: an interval shown means the looks are
   * planned. */
  for (guint i = 0; i < w.texts->len; i++)
    next_said |= strstr (g_ptr_array_index (w.texts, i), "Next check in ") != NULL;
  g_assert_cmpint (next_said, ==, w.shown > 0);
  g_assert_null (strstr (last, "Next check in"));
  if (w.png != NULL)
    g_assert_true (w.saved);

  /* A new run clears what the last one decided. */
  g_signal_handlers_disconnect_by_data (controller, &w);
  if (preset == NULL)
    {
      g_autofree char *cleared = NULL;

      plan->budget_s = 0;
      g_assert_true (ib_run_controller_start (controller, plan, &error));
      g_assert_no_error (error);
      cleared = ib_results_page_dup_decision_text (ib_window_get_results_page (w.win));
      g_assert_cmpstr (cleared, ==, "");
      g_assert_true (ib_test_wait_until (not_running, w.win, WAIT_TIMEOUT_S));
    }

  gui_destroy_window (w.win);
  g_ptr_array_unref (w.texts);
  ib_test_remove_tree (tmp);
}

/* The seconds in "Next check in N s" of @text, or -1 when it does not say. */
static int
next_check_s (const char *text)
{
  const char *at = strstr (text, "Next check in ");

  return at != NULL ? (int) g_ascii_strtoll (at + strlen ("Next check in "), NULL, 10) : -1;
}

/* Looks fed to the view as the runner sends them: it says when it looks
 * next, and, under an interval that already lies below 1, above 1 or in the
 * margin, why that waits. The count-down is read as a number the look's
 * time allows (no timing is asserted). */
static void
test_next_check (void)
{
  IbDecisionView *view = IB_DECISION_VIEW (g_object_ref_sink (ib_decision_view_new ()));
  IbDecisionLook look = { 0 };
  g_autofree char *clear = NULL, *open = NULL, *last = NULL, *result = NULL, *early = NULL;
  const char *why = "The interval looks clear already, but decisions are taken only at planned "
                    "looks, so the level stays 95 %.";

  look.line = (char *) "serial";
  look.a = (char *) "sync-read-all";
  look.b = (char *) "async-read-all-serial";
  look.n_pairs = 40;
  look.ratio = 0.7;
  look.ci_low = 0.6;
  look.ci_high = 0.8;
  look.ci_level = 0.9875;
  look.margin = 0.10;
  look.level = 0.95;
  look.verdict = IB_PAIRED_UNDECIDED;
  look.next_look_in_ns = G_GINT64_CONSTANT (6) * 1000 * 1000 * 1000;

  /* a clear interval below 1 waits for the planned look */
  ib_decision_view_show_look (view, &look);
  clear = ib_decision_view_dup_text (view);
  g_test_message ("clear: %s", clear);
  g_assert_nonnull (strstr (clear, why));
  g_assert_cmpint (next_check_s (clear), >=, 1);
  g_assert_cmpint (next_check_s (clear), <=, 6);
  g_assert_null (strstr (clear, "end of this line"));

  /* an interval across 1: only when */
  look.n_pairs = 41;
  look.ci_low = 0.8;
  look.ci_high = 1.3;
  ib_decision_view_show_look (view, &look);
  open = ib_decision_view_dup_text (view);
  g_test_message ("open: %s", open);
  g_assert_null (strstr (open, "looks clear"));
  g_assert_cmpint (next_check_s (open), >=, 1);

  /* within the margin is clear too; the last look is at the line's end */
  look.n_pairs = 42;
  look.ci_low = 0.95;
  look.ci_high = 1.05;
  look.next_is_last = TRUE;
  look.next_look_in_ns = G_GINT64_CONSTANT (30) * 1000 * 1000 * 1000;
  ib_decision_view_show_look (view, &look);
  last = ib_decision_view_dup_text (view);
  g_test_message ("last: %s", last);
  g_assert_nonnull (strstr (last, why));
  g_assert_nonnull (strstr (last, "at the end of this line’s time."));
  g_assert_cmpint (next_check_s (last), >, 6);
  g_assert_cmpint (next_check_s (last), <=, 30);

  /* before the looks are planned it promises no time */
  look.n_pairs = 1;
  look.ci_level = 0;
  look.ci_low = look.ci_high = look.ratio = 0;
  look.next_look_in_ns = -1;
  look.next_is_last = FALSE;
  ib_decision_view_show_look (view, &look);
  early = ib_decision_view_dup_text (view);
  g_assert_cmpint (next_check_s (early), ==, -1);

  /* the line's result: no more looks to wait for */
  look.n_pairs = 60;
  look.look = TRUE;
  look.ratio = 0.7;
  look.ci_low = 0.6;
  look.ci_high = 0.8;
  look.ci_level = 0.9875;
  look.verdict = IB_PAIRED_B_FASTER;
  ib_decision_view_show_look (view, &look);
  result = ib_decision_view_dup_text (view);
  g_test_message ("result: %s", result);
  g_assert_cmpint (next_check_s (result), ==, -1);
  g_assert_null (strstr (result, "looks clear"));

  g_object_unref (view);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *home = NULL;

  app = gui_test_init (&argc, &argv, &home);

  g_test_add_func ("/gui/decision-view/next-check", test_next_check);
  g_test_add_func ("/gui/decision-view", test_decision_view);

  return gui_test_run (&app, home);
}
