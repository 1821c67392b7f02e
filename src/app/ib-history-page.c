/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-history-page.c: lists the JSON reports under the history folder, read
 * on a worker thread; opens one in the results page ("open-report"), deletes
 * one after asking, or compares two with the compare chart and, section
 * by section, the rows of the comparison's table (ib_table_comparison) as
 * a list of cards that fits a narrow window. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>

#include "engine/model/ib-format.h"
#include "engine/plan/ib-presets.h"
#include "engine/io/ib-strategy.h"
#include "engine/workloads/ib-workloads.h"
#include "analysis/ib-answer.h"
#include "analysis/ib-compare.h"
#include "analysis/ib-compare-map.h"
#include "report/ib-compare-writers.h"
#include "analysis/ib-labels.h"
#include "analysis/ib-tables.h"
#include "report/ib-report-io.h"
#include "ib-chart-view.h"
#include "ib-export.h"
#include "ib-history-page.h"
#include "ib-history-store.h"
#include "ib-state-property.h"
#include "ib-table-view.h"

typedef IbHistoryEntry Entry;   /* report NULL and problem set when damaged */

struct _IbHistoryPage
{
  AdwBin        parent_instance;

  GtkStack     *stack;
  GtkListBox   *list;
  GtkButton    *compare_button;
  GtkLabel     *compare_subtitle;
  GtkBox       *compare_card;
  GtkSwitch    *compare_log_switch;
  gboolean      compare_log_wanted;  /* the switch as the user left it */
  GtkBox       *compare_log_box;
  GtkDropDown  *part_dropdown;
  GtkStringList *part_names;
  IbCompareChart parts[IB_N_COMPARE_CHARTS];
  guint         n_parts;
  GtkBox       *ratio_box;

  IbComparison *comparison;
  IbReport     *compare_a;   /* the comparison's */
  IbReport     *compare_b;

  IbChartView  *compare_view;
  GPtrArray    *entries;       /* Entry, newest first */
  GPtrArray    *checks;        /* GtkCheckButton, parallel to entries */
  GCancellable *cancellable;
  guint         n_ratio_rows;
  gboolean      comparing;     /* a comparison is shown ("comparing") */
};

G_DEFINE_FINAL_TYPE (IbHistoryPage, ib_history_page, ADW_TYPE_BIN)

enum {
  OPEN_REPORT,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

enum {
  PROP_0,
  PROP_COMPARING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The one place the stack's page changes, and with it "comparing". */
static void
set_stack_page (IbHistoryPage *self,
                const char    *name)
{
  gboolean comparing = self->compare_a != NULL && g_str_equal (name, "compare");

  gtk_stack_set_visible_child_name (self->stack, name);
  if (comparing != self->comparing)
    {
      self->comparing = comparing;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPARING]);
    }
}

/* "1 Dec 2026, 02:54": the one date format (ib_report_date_text), as on the
 * comparison, its charts and its reports. */
static char *
describe_when (const IbReport *report)
{
  return ib_report_date_text (report);
}

/* The answer's headline line, as the report words it, when it decided:
 * "Reading one file after another: sync 2.4x faster" or "…: sync and async
 * within ±10 %"; NULL when the run has no such line or it did not decide. A
 * history that said "Fastest" of a run whose report says "not decided" or
 * "too few samples" told another story than the report. */
static char *
describe_answer (const IbReport *report)
{
  IbAnswer *answer = ib_answer_compute (report);
  const IbAnswerLine *line = answer != NULL ? ib_answer_main (answer) : NULL;
  char *text = NULL;

  if (line != NULL && line->info->how != NULL && ib_verdict_is_decided (line->verdict.verdict))
    {
      const IbVerdictInterval *iv = &line->verdict;

      if (iv->verdict == IB_VERDICT_A_FASTER || iv->verdict == IB_VERDICT_B_FASTER)
        {
          gboolean a_faster = iv->verdict == IB_VERDICT_A_FASTER;
          g_autofree char *ratio = ib_format_ratio (a_faster ? iv->ratio : 1.0 / iv->ratio);

          /* Translators: history headline, "Reading one file after another:
           * sync 2.4x faster" (the answer's first line, its side, its ratio) */
          text = g_strdup_printf (_("%s: %s %s faster"), _(line->info->how),
                                  _(a_faster ? line->info->a_noun : line->info->b_noun), ratio);
        }
      else
        /* Translators: history headline, "Reading one file after another:
         * sync and async within ±10 %" (equivalent within the margin) */
        text = g_strdup_printf (_("%s: %s and %s within ±%.0f %%"), _(line->info->how),
                                _(line->info->a_noun), _(line->info->b_noun),
                                iv->margin * 100.0);
    }
  if (answer != NULL)
    ib_answer_free (answer);
  return text;
}

/* The number a run is remembered by: the answer's decided headline, else
 * its lowest median (a measurement, not a winner: with too few samples or
 * an undecided answer "fastest" would claim what the report does not), or
 * the costliest dispatch when it timed no reads; NULL when it has none. */
static char *
describe_headline (const IbReport *report)
{
  const IbStats *best = NULL;
  char *answer = describe_answer (report);

  if (answer != NULL)
    return answer;
  for (guint i = 0; report->statistics != NULL && i < report->statistics->len; i++)
    {
      const IbStats *st = &g_array_index (report->statistics, IbStats, i);

      if (st->n > 0 && st->median_ns > 0 && (best == NULL || st->median_ns < best->median_ns))
        best = st;
    }
  if (best != NULL)
    {
      g_autofree char *median = ib_format_duration (best->median_ns);

      /* Translators: history headline of a run whose answer did not decide,
       * "Lowest median: Memory map, 38.0 ms" */
      return g_strdup_printf (_("Lowest median: %s, %s"), ib_strategy_title (best->strategy), median);
    }
  if (report->overhead != NULL && report->overhead->len > 0)
    {
      const IbOverheadRow *top = NULL;
      g_autofree char *ratio = NULL;

      for (guint i = 0; i < report->overhead->len; i++)
        {
          const IbOverheadRow *o = &g_array_index (report->overhead, IbOverheadRow, i);

          if (top == NULL || o->ratio_to_direct > top->ratio_to_direct)
            top = o;
        }
      ratio = ib_format_ratio (top->ratio_to_direct);
      /* Translators: history headline, "Costliest dispatch: Empty thread hop,
       * 5,000x a direct call" (the ratio as every table prints it) */
      return g_strdup_printf (_("Costliest dispatch: %s, %s a direct call"),
                              ib_overhead_kind_title (top->kind), ratio);
    }
  return NULL;
}

static const char *
describe_preset (const IbReport *report)
{
  const IbPresetInfo *preset = report->plan != NULL && report->plan->preset != NULL
                             ? ib_preset_lookup (report->plan->preset) : NULL;

  return preset != NULL ? _(preset->title) : _("Custom Plan");
}

/* The cache a run's reads came from, or NULL when it read no files. */
static const char *
describe_cache (const IbReport *report)
{
  if (report->plan == NULL || report->plan->file_sizes->len == 0)
    return NULL;
  return ib_cache_mode_text (report->plan->cache);
}

/* "Quick — 29 Nov 2026, 23:20": one date format, as on the results page. */
static char *
describe_entry_title (const IbReport *report)
{
  g_autofree char *when = describe_when (report);

  /* Translators: history entry, "Quick — 29 Nov 2026, 23:20" */
  return g_strdup_printf (_("%s — %s"), describe_preset (report), when);
}

/* The list row's title: the headline first, "Quick — Reading one file after
 * another: sync 2.4x faster"; the date goes to the subtitle. */
static char *
describe_row_title (const IbReport *report)
{
  g_autofree char *headline = describe_headline (report);

  if (headline == NULL)
    return describe_entry_title (report);
  return g_strdup_printf (_("%s — %s"), describe_preset (report), headline);
}

static char *
describe_entry_subtitle (const IbReport *report)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *headline = describe_headline (report);

  if (headline != NULL)
    g_ptr_array_add (parts, describe_when (report));
  /* Warm and cold runs of one preset differ by orders of magnitude. */
  if (describe_cache (report) != NULL)
    g_ptr_array_add (parts, g_strdup (describe_cache (report)));
  if (report->plan != NULL && report->plan->dir != NULL)
    g_ptr_array_add (parts, g_strdup (report->plan->dir));
  if (report->environment != NULL && report->environment->hostname != NULL)
    g_ptr_array_add (parts, g_strdup (report->environment->hostname));
  else if (report->environment != NULL && report->environment->cpu_model != NULL)
    g_ptr_array_add (parts, g_strdup (report->environment->cpu_model));
  if (report->partial)
    g_ptr_array_add (parts, g_strdup (_("Partial")));
  g_ptr_array_add (parts, NULL);
  return g_strjoinv (" · ", (char **) parts->pdata);
}

/* ---- list ------------------------------------------------------------- */

static void
update_compare_button (IbHistoryPage *self)
{
  guint n = 0;

  for (guint i = 0; i < self->checks->len; i++)
    if (gtk_check_button_get_active (g_ptr_array_index (self->checks, i)))
      n++;
  gtk_widget_set_sensitive (GTK_WIDGET (self->compare_button), n == 2);
}

static void delete_entry (IbHistoryPage *self, guint index);

static void
on_delete_response (AdwMessageDialog *dialog,
                    const char       *response,
                    gpointer          user_data)
{
  IbHistoryPage *self = IB_HISTORY_PAGE (user_data);
  const char *path = g_object_get_data (G_OBJECT (dialog), "path");

  if (g_strcmp0 (response, "delete") == 0)
    for (guint i = 0; i < self->entries->len; i++)
      {
        Entry *entry = g_ptr_array_index (self->entries, i);

        if (g_strcmp0 (entry->path, path) == 0)
          {
            delete_entry (self, i);
            break;
          }
      }
  g_object_unref (self);
}

static void
on_delete_clicked (GtkButton     *button,
                   IbHistoryPage *self)
{
  const char *path = g_object_get_data (G_OBJECT (button), "path");
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *dialog;

  dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                   _("Delete This Run?"),
                                   _("Its saved report is removed from the history for good."));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "delete", _("_Delete"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "delete",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_object_set_data_full (G_OBJECT (dialog), "path", g_strdup (path), g_free);
  g_signal_connect (dialog, "response", G_CALLBACK (on_delete_response), g_object_ref (self));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
rebuild_list (IbHistoryPage *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, child);
  g_ptr_array_set_size (self->checks, 0);

  for (guint i = 0; i < self->entries->len; i++)
    {
      Entry *entry = g_ptr_array_index (self->entries, i);
      g_autofree char *title = entry->report != NULL ? describe_row_title (entry->report)
                                                     : g_strdup (entry->name);
      /* Translators: a history entry that cannot be opened, and why */
      g_autofree char *subtitle = entry->report != NULL
                                ? describe_entry_subtitle (entry->report)
                                : g_strdup_printf (_("Damaged: %s"), entry->problem);
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *check = gtk_check_button_new ();
      GtkWidget *delete = gtk_button_new_from_icon_name ("user-trash-symbolic");
      GtkWidget *arrow = gtk_image_new_from_icon_name ("go-next-symbolic");

      /* Plain text: a folder name or a parse error may hold "<" or "&". */
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), entry->report != NULL);
      if (entry->report == NULL)
        {
          /* Listed so it can be deleted; never opened or compared. */
          gtk_widget_add_css_class (row, "error");
          gtk_widget_set_sensitive (check, FALSE);
          gtk_widget_set_visible (arrow, FALSE);
        }

      gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
      gtk_widget_set_tooltip_text (check, _("Select for comparison"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (check),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, title, -1);
      g_signal_connect_swapped (check, "toggled", G_CALLBACK (update_compare_button), self);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), check);

      gtk_widget_set_valign (delete, GTK_ALIGN_CENTER);
      gtk_widget_add_css_class (delete, "flat");
      gtk_widget_set_tooltip_text (delete, _("Delete"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (delete),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, _("Delete this run"), -1);
      g_object_set_data_full (G_OBJECT (delete), "path", g_strdup (entry->path), g_free);
      g_signal_connect (delete, "clicked", G_CALLBACK (on_delete_clicked), self);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), delete);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), arrow);

      g_ptr_array_add (self->checks, check);
      gtk_list_box_append (self->list, row);
    }
  update_compare_button (self);
  if (!g_str_equal (gtk_stack_get_visible_child_name (self->stack), "compare"))
    set_stack_page (self, self->entries->len > 0 ? "list" : "empty");
}

static void
delete_entry (IbHistoryPage *self,
              guint          index)
{
  Entry *entry = g_ptr_array_index (self->entries, index);
  g_autoptr(GFile) file = g_file_new_for_path (entry->path);

  /* One small local file: the async call keeps the loop free anyway. */
  g_file_delete_async (file, G_PRIORITY_DEFAULT, NULL, NULL, NULL);
  g_ptr_array_remove_index (self->entries, index);
  rebuild_list (self);
}

static void
on_row_activated (IbHistoryPage *self,
                  GtkListBoxRow *row)
{
  int index = gtk_list_box_row_get_index (row);
  Entry *entry;

  if (index < 0 || (guint) index >= self->entries->len)
    return;
  entry = g_ptr_array_index (self->entries, index);
  if (entry->report == NULL)
    return;
  g_signal_emit (self, signals[OPEN_REPORT], 0, entry->analysis);
}

/* ---- loading ---------------------------------------------------------- */

static void
load_done (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  IbHistoryPage *self = IB_HISTORY_PAGE (source);
  g_autoptr(GError) error = NULL;
  GPtrArray *entries = g_task_propagate_pointer (G_TASK (result), &error);

  if (entries == NULL)
    return;
  g_clear_pointer (&self->entries, g_ptr_array_unref);
  self->entries = entries;
  rebuild_list (self);
}

/* The history can be opened while a benchmark runs: its files are read on
 * a thread of their own, never on GLib's shared task pool, which the async
 * strategies under test use (docs/architecture.md, "Threading"). The task
 * is returned (and let go) on the main context, where it was made. */
typedef struct
{
  GTask     *task;
  GPtrArray *entries;
  GError    *error;
} Loaded;

static gboolean
loaded_in_main (gpointer data)
{
  Loaded *loaded = data;

  if (loaded->entries == NULL)
    g_task_return_error (loaded->task, loaded->error);
  else
    g_task_return_pointer (loaded->task, loaded->entries, (GDestroyNotify) g_ptr_array_unref);
  g_object_unref (loaded->task);
  g_free (loaded);
  return G_SOURCE_REMOVE;
}

static gpointer
load_own_thread (gpointer data)
{
  Loaded *loaded = data;
  g_autofree char *dir_path = ib_history_dir ();

  loaded->entries = ib_history_scan (dir_path, g_task_get_cancellable (loaded->task),
                                     &loaded->error);
  g_main_context_invoke (g_task_get_context (loaded->task), loaded_in_main, loaded);
  return NULL;
}

void
ib_history_page_reload (IbHistoryPage *self)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (IB_IS_HISTORY_PAGE (self));

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  task = g_task_new (self, self->cancellable, load_done, NULL);
  g_task_set_source_tag (task, ib_history_page_reload);
  {
    Loaded *loaded = g_new0 (Loaded, 1);

    loaded->task = g_object_ref (task);
    g_thread_unref (g_thread_new ("iobench-history", load_own_thread, loaded));
  }
}

char *
ib_history_page_dup_row_title (IbHistoryPage *self,
                               guint          index)
{
  Entry *entry;

  g_return_val_if_fail (IB_IS_HISTORY_PAGE (self), NULL);
  g_return_val_if_fail (index < self->entries->len, NULL);
  entry = g_ptr_array_index (self->entries, index);
  return entry->report != NULL ? describe_row_title (entry->report) : g_strdup (entry->name);
}

guint
ib_history_page_get_n_entries (IbHistoryPage *self)
{
  g_return_val_if_fail (IB_IS_HISTORY_PAGE (self), 0);
  return self->entries->len;
}

guint
ib_history_page_get_n_damaged (IbHistoryPage *self)
{
  guint n = 0;

  g_return_val_if_fail (IB_IS_HISTORY_PAGE (self), 0);
  for (guint i = 0; i < self->entries->len; i++)
    if (((Entry *) g_ptr_array_index (self->entries, i))->report == NULL)
      n++;
  return n;
}

/* ---- comparison ------------------------------------------------------- */

/* "What differs: Cache, File system" from the runs' facts (the date aside),
 * or NULL when they were made alike. */
static char *
describe_differences (const IbReport *a,
                      const IbReport *b)
{
  g_autoptr(GArray) facts = ib_compare_facts (a, b);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autofree char *list = NULL;

  for (guint i = 0; i < facts->len; i++)
    {
      const IbCompareFact *f = &g_array_index (facts, IbCompareFact, i);

      if (f->differs && !g_str_equal (f->what, _("Date")))
        g_ptr_array_add (names, (char *) f->what);
    }
  if (names->len == 0)
    return NULL;
  g_ptr_array_add (names, NULL);
  list = g_strjoinv (", ", (char **) names->pdata);
  /* Translators: the settings that differ between two compared runs */
  return g_strdup_printf (_("What differs: %s"), list);
}

/* "A: Quick, 1 Dec 2026, 02:54 · warm cache": a run of the comparison by
 * its letter, its name and the cache it read from. */
static char *
side_title (const char     *letter,
            const char     *name,
            const IbReport *report)
{
  const char *cache = describe_cache (report);

  if (cache == NULL)
    /* Translators: a run of a comparison, "A: Quick, 1 Dec 2026, 02:54" */
    return g_strdup_printf (_("%s: %s"), letter, name);
  /* Translators: a run of a comparison and its cache mode,
   * "A: Quick, 1 Dec 2026, 02:54 · warm cache" */
  return g_strdup_printf (_("%s: %s · %s"), letter, name, cache);
}

static void update_log_switch (IbHistoryPage *self, IbCompareChart part);

/* The parts both runs have, to choose which one the chart compares. */
static void
update_parts (IbHistoryPage *self)
{
  guint n_old = g_list_model_get_n_items (G_LIST_MODEL (self->part_names));
  g_autoptr(GPtrArray) names = g_ptr_array_new ();

  self->n_parts = 0;
  for (int s = 0; s < IB_N_COMPARE_SECTIONS; s++)
    {
      IbCompareChart part = ib_compare_section_chart ((IbCompareSection) s);

      if (!ib_chart_compare_has_data (part, self->comparison))
        continue;
      self->parts[self->n_parts++] = part;
      g_ptr_array_add (names, (char *) ib_compare_section_title ((IbCompareSection) s));
    }
  g_ptr_array_add (names, NULL);
  gtk_string_list_splice (self->part_names, 0, n_old, (const char * const *) names->pdata);
  gtk_drop_down_set_selected (self->part_dropdown, 0);
  gtk_widget_set_visible (GTK_WIDGET (self->part_dropdown), self->n_parts > 1);
  ib_chart_view_set_compare (self->compare_view,
                             self->n_parts > 0 ? self->parts[0] : IB_COMPARE_CHART_AUTO);
  update_log_switch (self, self->n_parts > 0 ? self->parts[0] : IB_COMPARE_CHART_AUTO);
}

/* Dispatch overhead and sweeps are always drawn on a log axis (as their
 * single-run charts): the switch shows that, on and insensitive, and
 * comes back as the user left it on a part where it chooses. */
static void
update_log_switch (IbHistoryPage  *self,
                   IbCompareChart  part)
{
  gboolean always_log = ib_chart_compare_always_log (part);

  /* Insensitive first: on_compare_log_changed keeps only what the user set. */
  gtk_widget_set_sensitive (GTK_WIDGET (self->compare_log_switch), !always_log);
  gtk_switch_set_active (self->compare_log_switch, always_log || self->compare_log_wanted);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->compare_log_switch),
                               always_log ? _("This part is always shown on a logarithmic axis")
                                          : _("Show times on a logarithmic axis"));
}

static void
on_part_selected (IbHistoryPage *self)
{
  guint i = gtk_drop_down_get_selected (self->part_dropdown);

  if (i < self->n_parts)
    {
      ib_chart_view_set_compare (self->compare_view, self->parts[i]);
      update_log_switch (self, self->parts[i]);
    }
}

IbCompareChart
ib_history_page_get_chart_part (IbHistoryPage *self)
{
  guint i;

  g_return_val_if_fail (IB_IS_HISTORY_PAGE (self), IB_COMPARE_CHART_AUTO);
  i = gtk_drop_down_get_selected (self->part_dropdown);
  return i < self->n_parts ? self->parts[i] : IB_COMPARE_CHART_AUTO;
}

gboolean
ib_history_page_set_chart_part (IbHistoryPage  *self,
                                IbCompareChart  part)
{
  g_return_val_if_fail (IB_IS_HISTORY_PAGE (self), FALSE);

  for (guint i = 0; i < self->n_parts; i++)
    if (self->parts[i] == part)
      {
        gtk_drop_down_set_selected (self->part_dropdown, i);
        return TRUE;
      }
  return FALSE;
}

void
ib_history_page_compare (IbHistoryPage *self,
                         IbReport      *a,
                         IbReport      *b)
{
  g_autoptr(IbAnalysis) analysis_a = NULL;
  g_autoptr(IbAnalysis) analysis_b = NULL;

  g_return_if_fail (IB_IS_HISTORY_PAGE (self));
  g_return_if_fail (a != NULL && b != NULL);

  analysis_a = ib_analysis_new (a);
  analysis_b = a == b ? ib_analysis_ref (analysis_a) : ib_analysis_new (b);
  ib_history_page_compare_analyses (self, analysis_a, analysis_b);
}

/* A table of the comparison as a group of the page, the rows as the CLI
 * and the reports print them, a card each to fit a narrow window; without
 * rows, the note says why. Returns its rows. */
static guint
append_ratio_group (IbHistoryPage *self,
                    const IbTable *table)
{
  GtkWidget *group = adw_preferences_group_new ();

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), table->title);
  if (table->rows->len > 0)
    {
      GtkWidget *list = ib_table_view_new_list ();

      ib_table_view_set_table (IB_TABLE_VIEW (list), table);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), list);
    }
  else
    adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group),
                                           table->note != NULL ? table->note
                                           : _("The two runs share no measured strategy"));
  gtk_box_append (self->ratio_box, group);
  return table->rows->len;
}

void
ib_history_page_compare_analyses (IbHistoryPage *self,
                                  IbAnalysis    *analysis_a,
                                  IbAnalysis    *analysis_b)
{
  GtkWidget *child;
  g_autofree char *differs = NULL;
  g_autofree char *side_a = NULL;
  g_autofree char *side_b = NULL;
  g_autofree char *plain_a = NULL;
  g_autofree char *plain_b = NULL;
  g_autoptr(GString) subtitle = g_string_new (NULL);
  IbComparison *comparison;
  IbReport *a, *b;
  guint n_rows = 0;
  g_autoptr(IbTable) map = NULL;

  g_return_if_fail (IB_IS_HISTORY_PAGE (self));
  g_return_if_fail (analysis_a != NULL && analysis_b != NULL);

  comparison = ib_comparison_new (analysis_a, analysis_b);
  g_clear_pointer (&self->comparison, ib_comparison_unref);
  self->comparison = comparison;
  self->compare_a = a = ib_analysis_get_report (analysis_a);
  self->compare_b = b = ib_analysis_get_report (analysis_b);
  differs = describe_differences (a, b);
  /* The two runs, each once with its cache mode, in the chart's legend
   * order; the rows below then call them A and B. */
  /* The letter tells two runs of the same name apart: not "A: Quick (A)". */
  plain_a = ib_compare_side_name (a);
  plain_b = ib_compare_side_name (b);
  side_a = side_title (_("A"), plain_a, a);
  side_b = side_title (_("B"), plain_b, b);
  g_string_append_printf (subtitle, "%s\n%s", side_a, side_b);
  if (differs != NULL)
    g_string_append_printf (subtitle, "\n%s", differs);
  gtk_label_set_text (self->compare_subtitle, subtitle->str);

  ib_chart_view_set_reports (self->compare_view, a, comparison);
  gtk_widget_set_visible (GTK_WIDGET (self->compare_card),
                          ib_chart_has_data (ib_chart_view_get_kind (self->compare_view), a, comparison));
  update_parts (self);

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->ratio_box))) != NULL)
    gtk_box_remove (self->ratio_box, child);
  for (int s = 0; s < IB_N_COMPARE_SECTIONS; s++)
    {
      /* The subtitle names the runs once: the rows say A and B. */
      g_autoptr(IbTable) table = NULL;

      /* a section neither run has is not mentioned */
      if (!ib_compare_section_in_either (a, b, (IbCompareSection) s))
        continue;
      table = ib_table_comparison (comparison, _("A"), _("B"), (IbCompareSection) s);
      n_rows += append_ratio_group (self, table);
    }
  /* the size x count maps cell by cell, when either run has one */
  map = ib_table_compare_map (a, _("A"), b, _("B"));
  if (map != NULL)
    n_rows += append_ratio_group (self, map);
  self->n_ratio_rows = n_rows;
  set_stack_page (self, "compare");
}

gboolean
ib_history_page_get_comparing (IbHistoryPage *self)
{
  g_return_val_if_fail (IB_IS_HISTORY_PAGE (self), FALSE);
  return self->comparing;
}

IbComparison *
ib_history_page_get_comparison (IbHistoryPage *self)
{
  g_return_val_if_fail (IB_IS_HISTORY_PAGE (self), NULL);

  if (!ib_history_page_get_comparing (self))
    return NULL;
  return self->comparison;
}

gboolean
ib_history_page_get_log_scale (IbHistoryPage *self)
{
  g_return_val_if_fail (IB_IS_HISTORY_PAGE (self), FALSE);
  /* The user's choice, for the parts it applies to (an export draws every
   * part; overhead and sweeps are log there anyway). */
  return self->compare_log_wanted;
}

static void
on_compare_log_changed (IbHistoryPage *self)
{
  if (gtk_widget_get_sensitive (GTK_WIDGET (self->compare_log_switch)))
    self->compare_log_wanted = gtk_switch_get_active (self->compare_log_switch);
  ib_chart_view_set_log_scale (self->compare_view, self->compare_log_wanted);
}

guint
ib_history_page_get_n_ratio_rows (IbHistoryPage *self)
{
  g_return_val_if_fail (IB_IS_HISTORY_PAGE (self), 0);
  return self->n_ratio_rows;
}

static void
on_compare_clicked (IbHistoryPage *self)
{
  Entry *picked[2] = { NULL, NULL };
  guint n = 0;

  for (guint i = 0; i < self->checks->len && n < 2; i++)
    if (gtk_check_button_get_active (g_ptr_array_index (self->checks, i)))
      picked[n++] = g_ptr_array_index (self->entries, i);
  if (n != 2)
    return;
  /* A is the older run, B the newer (the list is newest first). */
  ib_history_page_compare_analyses (self, picked[1]->analysis, picked[0]->analysis);
}

void
ib_history_page_show_list (IbHistoryPage *self)
{
  g_return_if_fail (IB_IS_HISTORY_PAGE (self));
  set_stack_page (self, self->entries->len > 0 ? "list" : "empty");
}

static void
on_back_clicked (IbHistoryPage *self)
{
  ib_history_page_show_list (self);
}

/* ---- GObject ---------------------------------------------------------- */

static void
ib_history_page_dispose (GObject *object)
{
  IbHistoryPage *self = IB_HISTORY_PAGE (object);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  G_OBJECT_CLASS (ib_history_page_parent_class)->dispose (object);
}

static void
ib_history_page_finalize (GObject *object)
{
  IbHistoryPage *self = IB_HISTORY_PAGE (object);

  g_clear_pointer (&self->entries, g_ptr_array_unref);
  g_clear_pointer (&self->checks, g_ptr_array_unref);
  self->compare_a = self->compare_b = NULL;
  g_clear_pointer (&self->comparison, ib_comparison_unref);
  G_OBJECT_CLASS (ib_history_page_parent_class)->finalize (object);
}

static void
ib_history_page_class_init (IbHistoryPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ib_history_page_dispose;
  object_class->finalize = ib_history_page_finalize;
  object_class->get_property = ib_state_property_get;

  properties[PROP_COMPARING] =
    ib_state_property_boolean ("comparing", G_STRUCT_OFFSET (IbHistoryPage, comparing));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* A saved run was opened. */
  signals[OPEN_REPORT] =
    g_signal_new ("open-report", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, IB_TYPE_ANALYSIS);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/iobench/IoBench/ui/history-page.ui");
  gtk_widget_class_bind_template_child (widget_class, IbHistoryPage, stack);
  gtk_widget_class_bind_template_child (widget_class, IbHistoryPage, list);
  gtk_widget_class_bind_template_child (widget_class, IbHistoryPage, compare_button);
  gtk_widget_class_bind_template_child (widget_class, IbHistoryPage, compare_subtitle);
  gtk_widget_class_bind_template_child (widget_class, IbHistoryPage, compare_card);
  gtk_widget_class_bind_template_child (widget_class, IbHistoryPage, ratio_box);
  gtk_widget_class_bind_template_child (widget_class, IbHistoryPage, compare_log_switch);
  gtk_widget_class_bind_template_child (widget_class, IbHistoryPage, compare_log_box);
  gtk_widget_class_bind_template_callback (widget_class, on_compare_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_row_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_back_clicked);
}

static void
ib_history_page_init (IbHistoryPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->entries = g_ptr_array_new_with_free_func ((GDestroyNotify) ib_history_entry_free);
  self->checks = g_ptr_array_new ();
  self->compare_view = IB_CHART_VIEW (ib_chart_view_new (ib_chart_kind_lookup ("compare")));
  gtk_widget_set_margin_top (GTK_WIDGET (self->compare_view), 6);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self->compare_view), 6);
  gtk_widget_set_margin_start (GTK_WIDGET (self->compare_view), 6);
  gtk_widget_set_margin_end (GTK_WIDGET (self->compare_view), 6);
  gtk_box_prepend (self->compare_card, GTK_WIDGET (self->compare_view));
  g_signal_connect_swapped (self->compare_log_switch, "notify::active",
                            G_CALLBACK (on_compare_log_changed), self);

  /* which part the chart compares, when the runs share more than one */
  self->part_names = gtk_string_list_new (NULL);
  self->part_dropdown = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (self->part_names), NULL));
  gtk_widget_set_valign (GTK_WIDGET (self->part_dropdown), GTK_ALIGN_CENTER);
  gtk_widget_set_margin_end (GTK_WIDGET (self->part_dropdown), 12);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->part_dropdown),
                               _("Which part of the two runs the chart compares"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->part_dropdown),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Compared part"), -1);
  gtk_widget_set_visible (GTK_WIDGET (self->part_dropdown), FALSE);
  gtk_box_prepend (self->compare_log_box, GTK_WIDGET (self->part_dropdown));
  g_signal_connect_swapped (self->part_dropdown, "notify::selected",
                            G_CALLBACK (on_part_selected), self);
}
