/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-answer-cards-gui.c: the results page shows the write + delete
 * answer card (analysis/ib-answer-writes.h) for a report opened as a user
 * opens one: a verdict from runs paired by round, and "too few runs" for a
 * report from before replication, on screen. Under Xvfb. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <string.h>

#include <gtk/gtk.h>

#include "engine/workloads/ib-workloads.h"
#include "gui-common.h"
#include "ib-test-common.h"
#include "report/ib-report-io.h"
#include "ib-test-writers.h"

#define WAIT_TIMEOUT_S 60 /* a guard against hangs, not a speed test */

static IbApplication *app;

/* Write + delete of @rounds rounds (none kept when 0: a report from before
 * replication, one run a mode): async-gio 3x sync-serial's time in every
 * round, under a drift every mode of a round shares. */
static IbReport *
wu_report_new (guint rounds)
{
  IbReport           *report = ib_report_new ();
  IbWriteUnlink      *wu = ib_write_unlink_new ();
  const char * const *modes = ib_write_unlink_modes ();
  const double        base[3] = { 10e6, 30e6, 12e6 };

  report->plan = ib_plan_new ();
  report->plan->write_unlink = g_new0 (IbWriteUnlinkSpec, 1);
  report->plan->write_unlink->requests = 500;
  report->plan->write_unlink->concurrency = 500;
  report->plan->write_unlink->bytes = 4096;
  report->plan->write_unlink->runs = MAX (rounds, 1);
  wu->requests = wu->concurrency = wu->effective_concurrency = 500;
  wu->bytes = 4096;
  wu->runs_per_mode = MAX (rounds, 1);
  for (guint r = 0; r < rounds; r++)
    for (guint m = 0; m < 3; m++)
      {
        IbWriteUnlinkPass run = {
          NULL,
        };

        run.mode = g_strdup (modes[m]);
        run.round = r;
        run.position = m;
        run.total_ns = (gint64) (base[m] * (1 + r * 0.3) * (1 + 0.01 * ((r + m) % 3)));
        run.p50_ns = run.total_ns / 2;
        run.p99_ns = run.total_ns;
        g_array_append_val (wu->runs, run);
      }
  for (guint m = 0; m < 3; m++)
    {
      IbWriteUnlinkMode mode = {
        NULL,
      };

      mode.mode = g_strdup (modes[m]);
      mode.total_ns = (gint64) base[m];
      mode.requests_per_s = 500 / (base[m] / 1e9);
      mode.n_runs = MAX (rounds, 1);
      for (guint p = 0; p < IB_N_PERCENTILES; p++)
        mode.percentiles_ns[p] = (gint64) (base[m] / 2);
      g_array_append_val (wu->modes, mode);
    }
  report->write_unlink = wu;
  return report;
}

static gboolean
card_shown (gpointer data)
{
  return ib_results_page_get_answer_card (ib_window_get_results_page (data),
                                          "write-unlink") != NULL;
}

/* Opens @report from a file in a new window and returns the card's
 * headline (the window stays open: *@win). */
static char *
open_and_read (IbReport   *report,
               const char *dir,
               const char *name,
               IbWindow  **win)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;

  g_assert_true (ib_test_save_json (report, path, &error));
  g_assert_no_error (error);
  *win = gui_new_window (app, 1280, 900, 0);
  ib_window_open_file (*win, file);
  g_assert_true (ib_test_wait_until (card_shown, *win, WAIT_TIMEOUT_S));
  ib_test_spin (200);
  return g_strdup (ib_results_page_get_answer_card (ib_window_get_results_page (*win),
                                                    "write-unlink"));
}

/* Whether a mapped label under @w says @text. */
static gboolean
mapped_label (GtkWidget  *w,
              const char *text)
{
  if (GTK_IS_LABEL (w) && gtk_widget_get_mapped (w) &&
      g_str_equal (gtk_label_get_text (GTK_LABEL (w)), text))
    return TRUE;
  for (GtkWidget *c = gtk_widget_get_first_child (w); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    if (mapped_label (c, text))
      return TRUE;
  return FALSE;
}

/* The card is on screen: its title and headline are mapped labels. */
static void
assert_on_screen (IbWindow   *win,
                  const char *headline)
{
  GtkWidget *page = GTK_WIDGET (ib_window_get_results_page (win));

  g_assert_true (mapped_label (page, "Write + delete: sync or async?"));
  g_assert_true (mapped_label (page, headline));
}

static void
test_write_unlink_card (void)
{
  g_autofree char *dir = ib_test_make_tmpdir ("iobench-cards-XXXXXX");
  g_autoptr (IbReport) replicated = wu_report_new (8);
  g_autoptr (IbReport) old = wu_report_new (0);
  g_autofree char *headline = NULL;
  g_autofree char *old_headline = NULL;
  IbWindow        *win;

  headline = open_and_read (replicated, dir, "replicated.json", &win);
  g_test_message ("%s", headline);
  /* like with like: the thread pool against async, both many at once */
  g_assert_true (g_str_has_prefix (headline, "With up to 500 requests in flight, Thread pool is "
                                             "2.5x faster than Async GIO ("));
  g_assert_nonnull (strstr (headline, "; 8 rounds)."));
  assert_on_screen (win, headline);
  gui_destroy_window (win);

  old_headline = open_and_read (old, dir, "old.json", &win);
  g_test_message ("%s", old_headline);
  g_assert_nonnull (strstr (old_headline, "too few runs to tell (n = 1 a side; at least 6 "
                                          "needed)"));
  g_assert_null (strstr (old_headline, "faster"));
  assert_on_screen (win, old_headline);
  gui_destroy_window (win);
  g_assert_true (ib_test_remove_tree (dir));
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *home = NULL;

  app = gui_test_init (&argc, &argv, &home);

  g_test_add_func ("/gui/answer-cards/write-unlink", test_write_unlink_card);

  return gui_test_run (&app, home);
}
