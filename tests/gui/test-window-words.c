/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-window-words.c: what the window says, as a user reads it and as the
 * accessibility tree says it: key names in the
 * shortcuts window, each control named once, the plan in a desktop user's
 * words, counts with their plural, a plan whose edits are undone shown as
 * its preset again, the plan's parts remembered. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <stdio.h>
#include <string.h>

#include <gtk/gtk.h>

#include "analysis/ib-compare.h"
#include "analysis/ib-labels.h"
#include "engine/plan/ib-presets.h"
#include "engine/workloads/ib-workloads.h"
#include "gui-common.h"
#include "ib-export.h"
#include "ib-run-controller.h"
#include "ib-test-common.h"
#include "report-fixture.h"

#define WAIT_TIMEOUT_S 120   /* a guard against hangs, not a speed test */

static IbApplication *app;

static GtkWidget *
plan_page (IbWindow *win)
{
  return GTK_WIDGET (ib_window_get_plan_page (win));
}

/* What the preset row shows chosen. */
static const char *
preset_shown (IbWindow *win)
{
  GtkWidget *row = gui_find_row (plan_page (win), "Preset");

  g_assert_nonnull (row);
  return gtk_string_object_get_string (
    GTK_STRING_OBJECT (adw_combo_row_get_selected_item (ADW_COMBO_ROW (row))));
}

/* Types @text into the entry row titled @title, as a user replaces it. */
static void
type_into (IbWindow   *win,
           const char *title,
           const char *text)
{
  GtkWidget *row = gui_find_row (plan_page (win), title);

  g_assert_nonnull (row);
  g_assert_true (ADW_IS_ENTRY_ROW (row));
  gtk_editable_set_text (GTK_EDITABLE (row), text);
  ib_test_spin (50);
}

static const char *
text_in (IbWindow   *win,
         const char *title)
{
  GtkWidget *row = gui_find_row (plan_page (win), title);

  g_assert_nonnull (row);
  return gtk_editable_get_text (GTK_EDITABLE (row));
}

/* The switch of the part titled @title (an expander row's own switch). */
static GtkSwitch *
part_switch (IbWindow   *win,
             const char *title)
{
  GtkWidget *row = gui_find_row (plan_page (win), title);
  g_autoptr(GPtrArray) switches = g_ptr_array_new ();

  g_assert_nonnull (row);
  gui_collect (row, GTK_TYPE_SWITCH, switches);
  g_assert_cmpuint (switches->len, >=, 1);
  return g_ptr_array_index (switches, 0);
}

/* Every label's text under @root, joined by newlines. */
static char *
all_text (GtkWidget *root)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  g_autoptr(GString) out = g_string_new (NULL);

  gui_collect (root, GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    g_string_append_printf (out, "%s\n", gtk_label_get_text (g_ptr_array_index (labels, i)));
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* ---- the accessibility tree --------------------------------------------- */

/* The name the accessibility tree gives @widget, as GTK 4.8 computes it:
 * its label, else the names of what it is labelled by (its parent or a
 * child here), else a label's own text. */
static char *
accessible_name (GtkWidget *widget)
{
  char *label = gui_accessible_property (widget, GTK_ACCESSIBLE_PROPERTY_LABEL);

  if (label != NULL)
    return label;
  if (gtk_test_accessible_has_relation (GTK_ACCESSIBLE (widget),
                                        GTK_ACCESSIBLE_RELATION_LABELLED_BY))
    {
      GtkWidget *parent = gtk_widget_get_parent (widget);
      g_autofree char *by_parent = gtk_test_accessible_check_relation (
        GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY, parent, NULL);

      if (by_parent == NULL)
        return accessible_name (parent);
      for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
           c = gtk_widget_get_next_sibling (c))
        {
          g_autofree char *by_child = gtk_test_accessible_check_relation (
            GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY, c, NULL);

          if (by_child == NULL)
            return accessible_name (c);
        }
    }
  if (GTK_IS_LABEL (widget))
    return g_strdup (gtk_label_get_text (GTK_LABEL (widget)));
  return NULL;
}

static gboolean
is_button_role (GtkWidget *widget)
{
  /* GTK 4.8 has one role for buttons and toggle buttons */
  return gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (widget)) ==
         GTK_ACCESSIBLE_ROLE_BUTTON;
}

/* Buttons the tree names twice: a button inside a button of the same name.
 * Each is logged; returns how many. */
static guint
count_doubled_buttons (GtkWidget *widget)
{
  guint n = 0;

  if (is_button_role (widget))
    for (GtkWidget *up = gtk_widget_get_parent (widget); up != NULL;
         up = gtk_widget_get_parent (up))
      if (is_button_role (up))
        {
          g_autofree char *inner = accessible_name (widget);
          g_autofree char *outer = accessible_name (up);

          if (inner != NULL && g_strcmp0 (inner, outer) == 0)
            {
              g_test_message ("%s “%s” inside %s “%s”", G_OBJECT_TYPE_NAME (widget), inner,
                              G_OBJECT_TYPE_NAME (up), outer);
              n++;
            }
        }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    n += count_doubled_buttons (c);
  return n;
}

/* ---- tests --------------------------------------------------------------- */

/* Main menu -> Keyboard Shortcuts names the keys as on a keyboard: "Page
 * Down", never GTK's "Page_Down". */
static void
test_shortcut_keys (void)
{
  IbWindow *win = gui_new_window (app, 1100, 760, 300);
  g_autoptr(GPtrArray) menus = g_ptr_array_new ();
  g_autoptr(GPtrArray) keys = g_ptr_array_new ();
  GtkWidget *main_menu = NULL, *item;
  GtkWindow *shortcuts;
  g_autoptr(GString) shown = g_string_new (NULL);

  gui_collect (GTK_WIDGET (win), GTK_TYPE_MENU_BUTTON, menus);
  for (guint i = 0; i < menus->len; i++)
    if (g_strcmp0 (gtk_widget_get_tooltip_text (g_ptr_array_index (menus, i)), "Main Menu") == 0)
      main_menu = g_ptr_array_index (menus, i);
  g_assert_nonnull (main_menu);
  /* a click on it, then on its item */
  g_assert_true (gtk_widget_activate (gtk_widget_get_first_child (main_menu)));
  ib_test_spin (300);
  item = gui_find_menu_item (GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (main_menu))),
                             "Keyboard Shortcuts");
  g_assert_nonnull (item);
  g_assert_true (gtk_widget_activate (item));
  ib_test_spin (500);
  shortcuts = GTK_WINDOW (gtk_application_window_get_help_overlay (
    GTK_APPLICATION_WINDOW (win)));
  g_assert_nonnull (shortcuts);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (shortcuts)));

  gui_collect (GTK_WIDGET (shortcuts), GTK_TYPE_SHORTCUT_LABEL, keys);
  g_assert_cmpuint (keys->len, >, 0);
  for (guint i = 0; i < keys->len; i++)
    {
      g_autofree char *text = all_text (g_ptr_array_index (keys, i));

      g_string_append (shown, text);
    }
  g_test_message ("keys shown:\n%s", shown->str);
  g_assert_null (strchr (shown->str, '_'));
  g_assert_nonnull (strstr (shown->str, "Page Down\n"));
  g_assert_nonnull (strstr (shown->str, "Page Up\n"));
  gtk_window_close (shortcuts);
  ib_test_spin (200);
  gui_destroy_window (win);
}

/* The Export and Main menu buttons are each one named button in the tree
 * (not a button named inside a button of the same name); a drop-down's
 * toggle is named by the chart it shows, and follows the choice. */
static void
test_control_names (void)
{
  g_autoptr(IbReport) report = fx_report_new (40);
  IbWindow *win = gui_new_window (app, 1100, 760, 300);
  g_autoptr(GPtrArray) menus = g_ptr_array_new ();
  g_autoptr(GPtrArray) drops = g_ptr_array_new ();
  GtkDropDown *charts = NULL;

  ib_window_show_report (win, report, NULL);
  ib_test_spin (300);
  g_assert_cmpuint (count_doubled_buttons (GTK_WIDGET (win)), ==, 0);

  gui_collect (GTK_WIDGET (win), GTK_TYPE_MENU_BUTTON, menus);
  g_assert_cmpuint (menus->len, >=, 2);
  for (guint i = 0; i < menus->len; i++)
    {
      GtkWidget *menu = g_ptr_array_index (menus, i);
      GtkWidget *toggle = gtk_widget_get_first_child (menu);
      g_autofree char *name = accessible_name (toggle);

      g_test_message ("menu button: toggle “%s”", name);
      /* the control a screen reader lands on has a name */
      g_assert_nonnull (name);
      g_assert_cmpstr (name, !=, "");
      /* and it is said once: the widget around it is no button */
      g_assert_false (is_button_role (menu));
    }

  gui_collect (GTK_WIDGET (win), GTK_TYPE_DROP_DOWN, drops);
  g_assert_cmpuint (drops->len, >=, 1);
  for (guint i = 0; i < drops->len; i++)
    if (GTK_WIDGET (g_ptr_array_index (drops, i)) != NULL &&
        gtk_widget_is_ancestor (g_ptr_array_index (drops, i),
                                GTK_WIDGET (ib_window_get_results_page (win))))
      charts = g_ptr_array_index (drops, i);
  g_assert_nonnull (charts);
  for (guint step = 0; step < 2; step++)
    {
      GtkWidget *toggle = gtk_widget_get_first_child (GTK_WIDGET (charts));
      g_autofree char *name = accessible_name (toggle);
      GObject *item = gtk_drop_down_get_selected_item (charts);

      g_assert_true (GTK_IS_STRING_OBJECT (item));
      g_test_message ("chart drop-down: toggle “%s”", name);
      g_assert_cmpstr (name, ==, gtk_string_object_get_string (GTK_STRING_OBJECT (item)));
      /* Ctrl+Page Down: the next chart */
      g_action_group_activate_action (G_ACTION_GROUP (win), "chart-step",
                                      g_variant_new_int32 (1));
      ib_test_spin (200);
    }
  gui_destroy_window (win);
}

/* The plan page speaks a desktop user's words: no command-line option, no
 * strategy ids to type; the sweep takes the strategies by their names. */
static void
test_plain_words (void)
{
  IbWindow *win = gui_new_window (app, 1100, 900, 300);
  IbPlanPage *page = ib_window_get_plan_page (win);
  g_autofree char *text = NULL;
  g_autoptr(GRegex) option = g_regex_new ("(^|[^-])--[a-z]", 0, 0, NULL);
  g_autoptr(IbPlan) plan = NULL;
  g_autoptr(GError) error = NULL;

  ib_plan_page_select_preset (page, "quick");
  ib_test_spin (100);
  text = all_text (plan_page (win));
  g_test_message ("%s", text);
  g_assert_false (g_regex_match (option, text, 0, NULL));
  g_assert_null (strstr (text, "(ids)"));

  /* quick's sweep shows its strategies by name, and names are understood */
  g_assert_cmpstr (text_in (win, "Strategies to compare"), ==,
                   "Sync load contents, Async load contents (parallel), Async load contents "
                   "(serial)");
  type_into (win, "Strategies to compare", "async stream (parallel), Sync single read");
  g_assert_true (ib_plan_page_get_valid (page));
  plan = ib_plan_page_build_plan (page, &error);
  g_assert_no_error (error);
  g_assert_nonnull (plan->sweep);
  g_assert_cmpuint (plan->sweep->strategies->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (plan->sweep->strategies, 0), ==, "async-stream-parallel");
  g_assert_cmpstr (g_ptr_array_index (plan->sweep->strategies, 1), ==, "sync-read-all");
  /* an unknown name is refused, by the name typed */
  type_into (win, "Strategies to compare", "Sync load contents, Teleport");
  g_assert_false (ib_plan_page_get_valid (page));
  g_assert_nonnull (strstr (ib_plan_page_get_error (page), "Teleport"));
  gui_destroy_window (win);
}

/* A count of one is said in the singular wherever the plan counts. */
static void
test_plurals (void)
{
  IbWindow *win = gui_new_window (app, 1100, 900, 300);
  IbPlanPage *page = ib_window_get_plan_page (win);
  const char *one[] = { "sync-read-all", NULL };
  g_autofree char *text = NULL;
  g_autoptr(GRegex) plural_one = g_regex_new ("\\b1 (files|strategies|rounds|warm-ups|"
                                              "repetitions|requests|iterations)\\b",
                                              0, 0, NULL);

  ib_plan_page_select_preset (page, "quick");
  ib_test_spin (100);
  /* quick lists its files' sizes: one size typed, one file */
  type_into (win, "File sizes, e.g. 512M,1G,256M", "4K");
  ib_plan_page_set_strategies (page, one);
  ib_plan_page_set_rounds (page, 1, 1);
  type_into (win, "Repetitions (0: as the reads)", "1");
  type_into (win, "Iterations per repetition", "1");
  type_into (win, "Requests", "1");
  ib_test_spin (100);
  g_assert_true (ib_plan_page_get_valid (page));
  text = all_text (plan_page (win));
  g_test_message ("%s", text);
  g_assert_false (g_regex_match (plural_one, text, 0, NULL));
  g_assert_nonnull (strstr (text, "1 file, 4 KiB · 1 strategy · 1 round + 1 warm-up"));
  g_assert_nonnull (strstr (text, "1 iteration per kind × 1 repetition"));
  g_assert_nonnull (strstr (text, "1 request, "));
  gui_destroy_window (win);
}

/* An edit undone shows the preset again: the plan is the preset's. */
static void
test_preset_after_undo (void)
{
  IbWindow *win = gui_new_window (app, 1100, 900, 300);
  IbPlanPage *page = ib_window_get_plan_page (win);
  g_autofree char *count = NULL, *iterations = NULL;
  g_autoptr(GPtrArray) checks = g_ptr_array_new ();
  GtkCheckButton *first = NULL;

  ib_plan_page_select_preset (page, "quick");
  ib_test_spin (100);
  g_assert_cmpstr (preset_shown (win), ==, "Quick");

  /* a field typed in and typed back */
  count = g_strdup (text_in (win, "File sizes, e.g. 512M,1G,256M"));
  type_into (win, "File sizes, e.g. 512M,1G,256M", "7M");
  g_assert_cmpstr (preset_shown (win), ==, "Custom");
  type_into (win, "File sizes, e.g. 512M,1G,256M", count);
  g_assert_cmpstr (preset_shown (win), ==, "Quick");

  /* a strategy unticked and ticked again */
  gui_collect (plan_page (win), GTK_TYPE_CHECK_BUTTON, checks);
  for (guint i = 0; i < checks->len && first == NULL; i++)
    if (gtk_check_button_get_active (g_ptr_array_index (checks, i)))
      first = g_ptr_array_index (checks, i);
  g_assert_nonnull (first);
  g_assert_true (gtk_widget_activate (GTK_WIDGET (first)));
  ib_test_spin (50);
  g_assert_cmpstr (preset_shown (win), ==, "Custom");
  g_assert_true (gtk_widget_activate (GTK_WIDGET (first)));
  ib_test_spin (50);
  g_assert_cmpstr (preset_shown (win), ==, "Quick");

  /* a part switched off and on, and its value edited and put back */
  gtk_switch_set_active (part_switch (win, "Write + delete"),
                         !gtk_switch_get_active (part_switch (win, "Write + delete")));
  ib_test_spin (50);
  g_assert_cmpstr (preset_shown (win), ==, "Custom");
  gtk_switch_set_active (part_switch (win, "Write + delete"),
                         !gtk_switch_get_active (part_switch (win, "Write + delete")));
  ib_test_spin (50);
  g_assert_cmpstr (preset_shown (win), ==, "Quick");
  iterations = g_strdup (text_in (win, "Iterations per repetition"));
  type_into (win, "Iterations per repetition", "4321");
  g_assert_cmpstr (preset_shown (win), ==, "Custom");
  type_into (win, "Iterations per repetition", iterations);
  g_assert_cmpstr (preset_shown (win), ==, "Quick");
  g_assert_true (ib_plan_page_get_valid (page));
  gui_destroy_window (win);
}

/* Two runs of one name compared: each is named once, by its letter (not
 * "A: Quick, 1 Dec 2026, 02:54 (A)"); the history rows say each run's
 * cache mode. */
static void
test_compare_names (void)
{
  g_autoptr(IbReport) warm = fx_report_new (40);
  g_autoptr(IbReport) cold = fx_report_new (40);
  IbWindow *win = gui_new_window (app, 1280, 900, 300);
  IbHistoryPage *history = ib_window_get_history_page (win);
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  g_autofree char *text = NULL;
  g_autofree char *name = NULL;
  const char *subtitle = NULL;

  warm->plan->cache = IB_CACHE_WARM;
  cold->plan->cache = IB_CACHE_COLD;
  name = ib_compare_side_name (warm);
  /* one name for both, so the comparison must tell them apart */
  {
    g_autofree char *other = ib_compare_side_name (cold);

    g_assert_cmpstr (name, ==, other);
  }
  g_free (gui_save_to_history (warm));
  g_free (gui_save_to_history (cold));
  gui_show_history (win, 2);
  text = all_text (GTK_WIDGET (history));
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, "warm cache"));
  g_assert_nonnull (strstr (text, "cold cache"));

  ib_history_page_compare (history, warm, cold);
  ib_test_spin (300);
  gui_collect (GTK_WIDGET (history), GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    if (g_str_has_prefix (gtk_label_get_text (g_ptr_array_index (labels, i)), "A: "))
      subtitle = gtk_label_get_text (g_ptr_array_index (labels, i));
  g_assert_nonnull (subtitle);
  g_test_message ("comparison: %s", subtitle);
  g_assert_null (strstr (subtitle, "(A)"));
  g_assert_null (strstr (subtitle, "(B)"));
  {
    g_autofree char *a = g_strdup_printf ("A: %s · warm cache\n", name);
    g_autofree char *b = g_strdup_printf ("B: %s · cold cache", name);

    g_assert_true (g_str_has_prefix (subtitle, a));
    g_assert_nonnull (strstr (subtitle, b));
  }
  gui_destroy_window (win);
}

typedef struct
{
  GtkWidget  *root;
  const char *want;
} TextWait;

static gboolean
shows_text (gpointer data)
{
  TextWait *w = data;
  g_autofree char *text = all_text (w->root);

  return strstr (text, w->want) != NULL;
}

/* A run that timed only dispatch overhead is remembered in the history by
 * its costliest kind, its ratio printed as every table prints one
 * (ib_format_ratio: "5,000x", or "5000x" without digit grouping), not in a
 * format of the page's own ("5000×"). */
static void
test_history_overhead_headline (void)
{
  g_autoptr(IbReport) report = ib_report_new ();
  IbWindow *win = gui_new_window (app, 1280, 900, 300);
  IbHistoryPage *history = ib_window_get_history_page (win);
  static const char *const kinds[] = { "direct", "gtask", "thread" };
  static const double ratios[] = { 1, 38.2, 5000.4 };
  g_autofree char *path = NULL;
  g_autofree char *ratio = ib_format_ratio (5000.4);
  g_autofree char *want = NULL;
  g_autofree char *text = NULL;
  TextWait wait = { GTK_WIDGET (history), NULL };

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      IbOverheadRow row = { NULL };

      row.kind = g_strdup (kinds[i]);
      row.iterations = 20000;
      row.repeat = 5;
      row.ns_per_op = 1.5 * ratios[i];
      row.ratio_to_direct = ratios[i];
      g_array_append_val (report->overhead, row);
    }
  path = gui_save_to_history (report);
  want = g_strdup_printf ("Costliest dispatch: %s, %s a direct call",
                          ib_overhead_kind_title ("thread"), ratio);
  wait.want = want;
  g_action_group_change_action_state (G_ACTION_GROUP (win), "show-history",
                                      g_variant_new_boolean (TRUE));
  g_assert_true (ib_test_wait_until (shows_text, &wait, WAIT_TIMEOUT_S));
  text = all_text (GTK_WIDGET (history));
  g_assert_null (strstr (text, "5000×"));
  g_assert_true (g_str_has_suffix (ratio, "x"));
  gui_destroy_window (win);
}

/* Every interval the results page prints keeps its two ends apart: not
 * "1.00 ms – 1.00 ms" for 1.0012 ms to 1.0034 ms (but "1.001 ms – 1.003 ms"). Returns how many do not,
 * each logged. */
static guint
count_alike_intervals (GtkWidget *root)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  guint n = 0;

  gui_collect (root, GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    {
      const char *text = gtk_label_get_text (g_ptr_array_index (labels, i));
      g_auto(GStrv) ends = g_strsplit (text, " – ", 2);
      g_autofree char *high = NULL;

      if (g_strv_length (ends) != 2)
        continue;
      /* "2.1 µs – 2.4 µs (50 %)": the upper end without its coverage */
      high = g_strdup (ends[1]);
      if (strchr (high, '(') != NULL)
        *strchr (high, '(') = '\0';
      g_strstrip (high);
      g_test_message ("interval: %s", text);
      if (g_str_equal (g_strstrip (ends[0]), high))
        n++;
    }
  return n;
}

/* Intervals of medians a hair apart are printed with the digits that
 * tell their ends apart, in the statistics and the overhead table. */
static void
test_intervals (void)
{
  g_autoptr(IbReport) report = fx_report_new (40);
  IbWindow *win = gui_new_window (app, 1280, 900, 300);
  GtkWidget *results = GTK_WIDGET (ib_window_get_results_page (win));
  gboolean changed = FALSE;

  for (guint i = 0; i < report->statistics->len; i++)
    {
      IbStats *st = &g_array_index (report->statistics, IbStats, i);

      if (st->n >= 2 && !changed)
        {
          st->ci_low_ns = 1001200;
          st->ci_high_ns = 1003400;
          st->median_ns = 1002000;
          changed = TRUE;
        }
    }
  g_assert_true (changed);
  g_assert_cmpuint (report->overhead->len, >, 0);
  {
    IbOverheadRow *o = &g_array_index (report->overhead, IbOverheadRow, 0);

    o->ns_per_op = 1.002;
    o->ci_low_ns = 1.001;
    o->ci_high_ns = 1.004;
  }
  ib_window_show_report (win, report, NULL);
  ib_test_spin (500);
  g_assert_cmpuint (count_alike_intervals (results), ==, 0);
  {
    g_autofree char *text = all_text (results);

    g_assert_nonnull (strstr (text, "1.001 ms – 1.003 ms"));
    g_assert_nonnull (strstr (text, "1.001 ns – 1.004 ns"));
  }
  gui_destroy_window (win);
}

static gboolean
running (gpointer data)
{
  return ib_run_controller_get_running (ib_window_get_controller (data));
}

static gboolean
not_running (gpointer data)
{
  return !running (data);
}

/* What the progress card says left, in seconds; -1 when it says no time. */
static int
seconds_left (const char *eta)
{
  int min = 0, sec = 0;

  if (eta == NULL)
    return -1;
  if (sscanf (eta, "About %d min %d s left", &min, &sec) == 2)
    return min * 60 + sec;
  if (sscanf (eta, "About %d second", &sec) == 1)
    return sec;
  return -1;
}

/* "(± 3 s)" after the time left: the stated uncertainty, in seconds. */
static int
stated_span (const char *eta)
{
  const char *pm = eta != NULL ? strstr (eta, "± ") : NULL;
  int n = -1;

  if (pm == NULL || sscanf (pm + strlen ("± "), "%d", &n) != 1)
    return -1;
  return strstr (pm, "min") != NULL ? n * 60 : n;
}

static void
on_eta (IbRunController *controller,
        GParamSpec      *pspec,
        GPtrArray       *seen)
{
  const char *eta = ib_run_controller_get_eta (controller);

  if (eta != NULL && (seen->len == 0 || g_strcmp0 (g_ptr_array_index (seen, seen->len - 1),
                                                   eta) != 0))
    g_ptr_array_add (seen, g_strdup (eta));
}

static gboolean
five_seen (gpointer data)
{
  return ((GPtrArray *) data)->len >= 5;
}

/* A plan with a time budget (quick) says its budget as its time before Run,
 * and during the run the time left is the budget's from the start: never
 * "Estimating", never more than the budget, never up beyond what it said. */
static void
test_time_from_budget (void)
{
  g_autofree char *tmp = ib_test_make_tmpdir ("iobench-gui-words-XXXXXX");
  g_autoptr(IbPlan) quick = ib_preset_plan ("quick", NULL);
  IbWindow *win = gui_new_window (app, 1100, 900, 300);
  IbPlanPage *page = ib_window_get_plan_page (win);
  g_autoptr(GPtrArray) seen = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *text = NULL;
  g_autofree char *expected = NULL;
  int last = -1, last_span = 0;

  g_assert_nonnull (quick);
  g_assert_cmpuint (quick->budget_s, >, 0);
  ib_plan_page_select_preset (page, "small-files");
  ib_test_spin (100);
  text = all_text (plan_page (win));
  /* no budget: the range measured here */
  g_assert_nonnull (strstr (text, " on a machine with 2 cores"));
  g_clear_pointer (&text, g_free);

  ib_plan_page_select_preset (page, "quick");
  ib_plan_page_set_dir (page, tmp);
  ib_test_spin (100);
  text = all_text (plan_page (win));
  expected = g_strdup_printf ("%u s: the run ends when its time budget is spent",
                              quick->budget_s);
  g_assert_nonnull (strstr (text, expected));

  g_signal_connect (ib_window_get_controller (win), "notify::eta", G_CALLBACK (on_eta), seen);
  g_action_group_activate_action (G_ACTION_GROUP (win), "run", NULL);
  g_assert_true (ib_test_wait_until (five_seen, seen, WAIT_TIMEOUT_S));
  g_action_group_activate_action (G_ACTION_GROUP (win), "stop", NULL);
  g_assert_true (ib_test_wait_until (not_running, win, WAIT_TIMEOUT_S));
  g_signal_handlers_disconnect_by_func (ib_window_get_controller (win), on_eta, seen);

  for (guint i = 0; i < MIN (seen->len, 5); i++)
    {
      const char *eta = g_ptr_array_index (seen, i);
      int left = seconds_left (eta);

      g_test_message ("time left: %s", eta);
      g_assert_cmpint (left, >=, 0);
      g_assert_cmpint (left, <=, (int) quick->budget_s);
      if (left >= 10)
        g_assert_cmpint (stated_span (eta), >, 0);
      if (last >= 0)
        g_assert_cmpint (left, <=, last + last_span);
      last = left;
      last_span = MAX (stated_span (eta), 1);
    }
  gui_destroy_window (win);
  g_assert_true (ib_test_remove_tree (tmp));
}

/* The parts typed into a custom plan are there again in the next window,
 * as the files and strategies are: they are saved when Run is clicked. */
static void
test_parts_remembered (void)
{
  g_autofree char *tmp = ib_test_make_tmpdir ("iobench-gui-words-XXXXXX");
  GSettings *settings = ib_application_get_settings (app);
  IbWindow *win = gui_new_window (app, 1100, 900, 300);
  IbPlanPage *page = ib_window_get_plan_page (win);
  const char *one[] = { "sync-read-all", NULL };
  GtkWidget *run;

  g_assert_nonnull (settings);
  ib_plan_page_select_preset (page, "quick");
  ib_plan_page_set_dir (page, tmp);
  ib_test_spin (100);
  type_into (win, "File sizes, e.g. 512M,1G,256M", "4K");
  ib_plan_page_set_strategies (page, one);
  gtk_switch_set_active (part_switch (win, "Sweep"), TRUE);
  type_into (win, "File counts, e.g. 1,2,100", "1,3");
  type_into (win, "Strategies to compare", "Sync single read, Async stream (parallel)");
  type_into (win, "Size of each file", "8K");
  gtk_switch_set_active (part_switch (win, "Dispatch overhead"), TRUE);
  type_into (win, "Iterations per repetition", "12345");
  type_into (win, "Repetitions (0: as the reads)", "2");
  gtk_switch_set_active (part_switch (win, "Write + delete"), TRUE);
  type_into (win, "Requests", "77");
  type_into (win, "Requests at once", "7");
  type_into (win, "Bytes per request", "512");
  ib_test_spin (200);
  g_assert_true (ib_plan_page_get_valid (page));

  /* a click on Run, then on Stop */
  run = NULL;
  {
    g_autoptr(GPtrArray) buttons = g_ptr_array_new ();

    gui_collect (GTK_WIDGET (win), GTK_TYPE_BUTTON, buttons);
    for (guint i = 0; i < buttons->len && run == NULL; i++)
      if (g_strcmp0 (gtk_actionable_get_action_name (g_ptr_array_index (buttons, i)),
                     "win.run") == 0 && gtk_widget_get_mapped (g_ptr_array_index (buttons, i)))
        run = g_ptr_array_index (buttons, i);
  }
  g_assert_nonnull (run);
  g_assert_true (gtk_widget_activate (run));
  g_assert_true (ib_test_wait_until (running, win, WAIT_TIMEOUT_S));
  g_action_group_activate_action (G_ACTION_GROUP (win), "stop", NULL);
  g_assert_true (ib_test_wait_until (not_running, win, WAIT_TIMEOUT_S));
  gui_destroy_window (win);

  /* the next window: the same parts, switched on, with what was typed */
  win = gui_new_window (app, 1100, 900, 300);
  g_assert_cmpstr (preset_shown (win), ==, "Custom");
  g_assert_true (gtk_switch_get_active (part_switch (win, "Sweep")));
  g_assert_cmpstr (text_in (win, "File counts, e.g. 1,2,100"), ==, "1,3");
  g_assert_cmpstr (text_in (win, "Strategies to compare"), ==,
                   "Sync single read, Async stream (parallel)");
  g_assert_cmpstr (text_in (win, "Size of each file"), ==, "8K");
  g_assert_true (gtk_switch_get_active (part_switch (win, "Dispatch overhead")));
  g_assert_cmpstr (text_in (win, "Iterations per repetition"), ==, "12345");
  g_assert_cmpstr (text_in (win, "Repetitions (0: as the reads)"), ==, "2");
  g_assert_true (gtk_switch_get_active (part_switch (win, "Write + delete")));
  g_assert_cmpstr (text_in (win, "Requests"), ==, "77");
  g_assert_cmpstr (text_in (win, "Requests at once"), ==, "7");
  g_assert_cmpstr (text_in (win, "Bytes per request"), ==, "512");
  g_assert_true (ib_plan_page_get_valid (ib_window_get_plan_page (win)));
  gui_destroy_window (win);

  /* the next tests start from the defaults */
  {
    g_autoptr(GSettingsSchema) schema = NULL;
    g_auto(GStrv) keys = NULL;

    g_object_get (settings, "settings-schema", &schema, NULL);
    keys = g_settings_schema_list_keys (schema);
    for (guint i = 0; keys[i] != NULL; i++)
      g_settings_reset (settings, keys[i]);
  }
  g_assert_true (ib_test_remove_tree (tmp));
}

static gboolean
space_known (gpointer data)
{
  return ib_plan_page_get_space_known (data);
}

/* A folder in memory (tmpfs) with a cold cache: Run is off before Run, the
 * Cache row is marked and the reason is in the window's words (its rows'
 * titles, no command-line option). Warm turns Run on again. */
static void
test_tmpfs_cold (void)
{
  IbWindow *win = gui_new_window (app, 1100, 900, 300);
  IbPlanPage *page = ib_window_get_plan_page (win);
  g_autoptr(GRegex) option = g_regex_new ("(^|[^-])--[a-z]", 0, 0, NULL);
  g_autofree char *dir = g_strdup ("/dev/shm/iobench-words-XXXXXX");
  GtkWidget *cache;
  const char *reason;

  if (g_mkdtemp (dir) == NULL)
    {
      g_test_skip ("no /dev/shm (tmpfs) to choose here");
      gui_destroy_window (win);
      return;
    }
  ib_plan_page_select_preset (page, "quick");
  ib_plan_page_set_dir (page, dir);
  g_assert_true (ib_test_wait_until (space_known, page, WAIT_TIMEOUT_S));
  g_assert_nonnull (ib_plan_page_get_fs_warning (page));
  g_assert_true (ib_plan_page_get_valid (page));
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (win), "run"));

  cache = gui_find_row (plan_page (win), "Cache");
  g_assert_nonnull (cache);
  adw_combo_row_set_selected (ADW_COMBO_ROW (cache), 1);   /* Cold, as a user picks it */
  ib_test_spin (50);
  g_assert_false (ib_plan_page_get_valid (page));
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (win), "run"));
  g_assert_true (gtk_widget_has_css_class (cache, "error"));
  reason = ib_plan_page_get_error (page);
  g_test_message ("Run is off: %s", reason);
  g_assert_nonnull (strstr (reason, "tmpfs"));
  g_assert_nonnull (strstr (reason, "set Cache to Warm"));
  g_assert_false (g_regex_match (option, reason, 0, NULL));
  {
    g_autofree char *text = all_text (plan_page (win));

    g_assert_nonnull (strstr (text, reason));   /* shown, not only held */
    g_assert_false (g_regex_match (option, text, 0, NULL));
  }

  adw_combo_row_set_selected (ADW_COMBO_ROW (cache), 0);   /* Warm */
  ib_test_spin (50);
  g_assert_true (ib_plan_page_get_valid (page));
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (win), "run"));
  g_assert_false (gtk_widget_has_css_class (cache, "error"));
  gui_destroy_window (win);
  g_assert_true (ib_test_remove_tree (dir));
}

/* The window a launch opens (the application's "activate"). */
static IbWindow *
launch (void)
{
  GtkWindow *win;

  g_assert_null (gtk_application_get_active_window (GTK_APPLICATION (app)));
  g_application_activate (G_APPLICATION (app));
  ib_test_spin (300);
  win = gtk_application_get_active_window (GTK_APPLICATION (app));
  g_assert_true (IB_IS_WINDOW (win));
  return IB_WINDOW (win);
}

static gboolean
folder_refused (gpointer data)
{
  const char *error = ib_plan_page_get_error (data);

  return error != NULL && strstr (error, "does not exist") != NULL;
}

/* The folder chosen last time was deleted since: at the next start the
 * window says so and asks; the plan keeps the folder meanwhile (Run off,
 * the folder row says why) rather than quietly use the default one. "Use
 * Default Folder" then does what it says. */
static void
test_missing_folder (void)
{
  GSettings *settings = ib_application_get_settings (app);
  g_autofree char *gone = ib_test_make_tmpdir ("iobench-gone-XXXXXX");
  g_autofree char *default_dir = NULL;
  IbWindow *win;
  IbPlanPage *page;
  AdwMessageDialog *dialog;
  const char *body;

  /* the window saves its settings delayed; apply what is pending */
  g_settings_set_string (settings, "dir", gone);
  g_settings_apply (settings);
  g_assert_true (ib_test_remove_tree (gone));
  win = launch ();
  page = ib_window_get_plan_page (win);
  dialog = gui_find_message_dialog (TRUE);
  g_assert_nonnull (dialog);
  body = adw_message_dialog_get_body (dialog);
  g_test_message ("%s: %s", adw_message_dialog_get_heading (dialog), body);
  g_assert_nonnull (strstr (body, gone));
  g_assert_nonnull (strstr (body, "no longer exists"));
  g_assert_cmpstr (ib_plan_page_get_missing_dir (page), ==, gone);
  g_assert_true (ib_test_wait_until (folder_refused, page, WAIT_TIMEOUT_S));
  g_assert_false (ib_plan_page_get_valid (page));
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (win), "run"));
  g_assert_nonnull (strstr (ib_plan_page_get_error (page), "does not exist"));

  /* the user takes the default folder */
  gui_answer_dialog ("default");
  g_assert_null (ib_plan_page_get_missing_dir (page));
  default_dir = ib_plan_page_dup_default_dir (page);
  g_assert_true (ib_test_wait_until (space_known, page, WAIT_TIMEOUT_S));
  g_assert_true (ib_plan_page_get_valid (page));
  {
    g_autoptr(IbPlan) plan = ib_plan_page_build_plan (page, NULL);

    g_assert_nonnull (plan);
    g_assert_cmpstr (plan->dir, ==, default_dir);
  }
  gui_destroy_window (win);
  g_settings_reset (settings, "dir");
  g_settings_apply (settings);

  /* a folder that exists: no question */
  win = launch ();
  g_assert_null (gui_find_message_dialog (TRUE));
  gui_destroy_window (win);
}

/* Run Quick Benchmark on a plan the user edited, even an invalid one while
 * Run is off: it asks before the edits go. Cancel keeps them; Discard runs
 * the quick preset (in a folder that does not exist here, so the run stops
 * at once without making a file). */
static void
test_quick_asks (void)
{
  IbWindow *win = gui_new_window (app, 1100, 900, 300);
  IbPlanPage *page = ib_window_get_plan_page (win);
  GtkWidget *quick = gui_find_action_widget (GTK_WIDGET (win), "win.run-quick", NULL);
  g_autofree char *nowhere = g_build_filename (g_get_tmp_dir (), "iobench-nowhere-w33", "x", NULL);
  AdwMessageDialog *dialog;

  ib_plan_page_select_preset (page, "quick");
  ib_plan_page_set_dir (page, nowhere);
  type_into (win, "File sizes, e.g. 512M,1G,256M", "abc");
  g_assert_true (ib_plan_page_get_edited (page));
  g_assert_false (ib_plan_page_get_valid (page));
  g_assert_nonnull (quick);
  g_assert_true (gtk_widget_activate (quick));
  ib_test_spin (400);   /* a button activated by key clicks after its flash */
  dialog = gui_find_message_dialog (TRUE);
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Discard Your Plan?");
  g_assert_false (ib_run_controller_get_running (ib_window_get_controller (win)));
  g_assert_cmpstr (text_in (win, "File sizes, e.g. 512M,1G,256M"), ==, "abc");

  gui_answer_dialog ("cancel");
  g_assert_true (ib_plan_page_get_edited (page));
  g_assert_cmpstr (text_in (win, "File sizes, e.g. 512M,1G,256M"), ==, "abc");
  g_assert_false (ib_run_controller_get_running (ib_window_get_controller (win)));

  g_assert_true (gtk_widget_activate (quick));
  ib_test_spin (400);   /* a button activated by key clicks after its flash */
  dialog = gui_find_message_dialog (TRUE);
  g_assert_nonnull (dialog);
  gui_answer_dialog ("discard");
  g_assert_false (ib_plan_page_get_edited (page));
  g_assert_cmpstr (text_in (win, "File sizes, e.g. 512M,1G,256M"), !=, "abc");
  g_assert_true (ib_test_wait_until (not_running, win, WAIT_TIMEOUT_S));
  g_assert_false (g_file_test (nowhere, G_FILE_TEST_EXISTS));
  gui_destroy_window (win);
}

/* @widget lies wholly inside @scroller's visible area. */
static gboolean
in_sight (GtkWidget *widget,
          GtkWidget *scroller)
{
  graphene_rect_t r;

  g_assert_true (gtk_widget_compute_bounds (widget, scroller, &r));
  g_test_message ("%s at y = %.0f-%.0f of %d", G_OBJECT_TYPE_NAME (widget), r.origin.y,
                  r.origin.y + r.size.height, gtk_widget_get_height (scroller));
  return r.origin.y >= 0 && r.origin.y + r.size.height <= gtk_widget_get_height (scroller);
}

/* Typing a bad size into the sizes field at the bottom of the view: the
 * "Run is off" bar slides up under the plan and the message appears under
 * the field, and the field and its message stay in sight. The bar names
 * the field by its name, not by its example. */
static void
test_sizes_in_view (void)
{
  IbWindow *win = gui_new_window (app, 1100, 560, 300);
  IbPlanPage *page = ib_window_get_plan_page (win);
  const char *title = "File sizes, e.g. 512M,1G,256M";
  GtkWidget *row, *scroller = plan_page (win), *message;
  GtkAdjustment *adj;
  graphene_rect_t r;
  g_autofree char *text = NULL;

  ib_plan_page_select_preset (page, "quick");
  ib_test_spin (100);
  row = gui_find_row (plan_page (win), title);
  g_assert_nonnull (row);
  while (scroller != NULL && !GTK_IS_SCROLLED_WINDOW (scroller))
    scroller = gtk_widget_get_first_child (scroller);
  g_assert_nonnull (scroller);
  /* the user scrolls until the field is the last row in sight */
  adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  g_assert_true (gtk_widget_compute_bounds (row, gtk_viewport_get_child (GTK_VIEWPORT (
                   gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scroller)))), &r));
  gtk_adjustment_set_value (adj, r.origin.y + r.size.height - gtk_adjustment_get_page_size (adj));
  ib_test_spin (100);
  g_assert_true (in_sight (row, scroller));
  g_assert_true (gtk_widget_grab_focus (row));
  gtk_editable_set_text (GTK_EDITABLE (row), "abc");
  ib_test_spin (800);   /* the bar's slide */

  g_assert_false (ib_plan_page_get_valid (page));
  g_test_message ("Run is off: %s", ib_plan_page_get_error (page));
  g_assert_true (g_str_has_prefix (ib_plan_page_get_error (page), "File sizes: "));
  g_assert_null (strstr (ib_plan_page_get_error (page), "e.g."));
  text = all_text (GTK_WIDGET (win));
  g_assert_nonnull (strstr (text, "Run is off. File sizes: "));
  message = gtk_widget_get_next_sibling (row);
  g_assert_true (gtk_widget_get_visible (message));
  g_assert_true (in_sight (row, scroller));
  g_assert_true (in_sight (message, scroller));
  gui_destroy_window (win);
}

static gboolean
unmapped (gpointer data)
{
  return !gtk_widget_get_mapped (GTK_WIDGET (data));
}

/* Ctrl+H on the comparison goes to History's list; Ctrl+H there leaves
 * History. */
static void
test_history_key_from_comparison (void)
{
  g_autoptr(IbReport) a = fx_report_new (40);
  g_autoptr(IbReport) b = fx_report_new (10);
  IbWindow *win = gui_new_window (app, 1280, 900, 300);
  IbHistoryPage *history = ib_window_get_history_page (win);
  g_auto(GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app),
                                                                "win.show-history");
  g_autoptr(GVariant) state = NULL;

  g_assert_true (g_strv_contains ((const char * const *) accels, "<Control>h"));
  g_action_group_change_action_state (G_ACTION_GROUP (win), "show-history",
                                      g_variant_new_boolean (TRUE));
  ib_history_page_compare (history, a, b);
  ib_test_spin (200);
  g_assert_true (ib_history_page_get_comparing (history));
  /* what Ctrl+H does: the accelerator activates the action */
  g_action_group_activate_action (G_ACTION_GROUP (win), "show-history", NULL);
  ib_test_spin (200);
  g_assert_false (ib_history_page_get_comparing (history));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (history)));
  state = g_action_group_get_action_state (G_ACTION_GROUP (win), "show-history");
  g_assert_true (g_variant_get_boolean (state));
  g_action_group_activate_action (G_ACTION_GROUP (win), "show-history", NULL);
  g_assert_true (ib_test_wait_until (unmapped, history, WAIT_TIMEOUT_S));   /* after the crossfade */
  g_clear_pointer (&state, g_variant_unref);
  state = g_action_group_get_action_state (G_ACTION_GROUP (win), "show-history");
  g_assert_false (g_variant_get_boolean (state));
  gui_destroy_window (win);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *home = NULL;

  app = gui_test_init (&argc, &argv, &home);

  g_test_add_func ("/gui-words/shortcut-keys", test_shortcut_keys);
  g_test_add_func ("/gui-words/control-names", test_control_names);
  g_test_add_func ("/gui-words/plain-words", test_plain_words);
  g_test_add_func ("/gui-words/plurals", test_plurals);
  g_test_add_func ("/gui-words/preset-after-undo", test_preset_after_undo);
  g_test_add_func ("/gui-words/parts-remembered", test_parts_remembered);
  g_test_add_func ("/gui-words/compare-names", test_compare_names);
  g_test_add_func ("/gui-words/history-overhead-headline", test_history_overhead_headline);
  g_test_add_func ("/gui-words/time-from-budget", test_time_from_budget);
  g_test_add_func ("/gui-words/intervals", test_intervals);
  g_test_add_func ("/gui-words/tmpfs-cold", test_tmpfs_cold);
  g_test_add_func ("/gui-words/missing-folder", test_missing_folder);
  g_test_add_func ("/gui-words/quick-asks", test_quick_asks);
  g_test_add_func ("/gui-words/sizes-in-view", test_sizes_in_view);
  g_test_add_func ("/gui-words/history-key-from-comparison", test_history_key_from_comparison);

  return gui_test_run (&app, home);
}
