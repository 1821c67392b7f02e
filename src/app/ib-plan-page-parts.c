/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-plan-page-parts.c: every part of the run with its real parameters:
 * the whole-file reads (their fields are the page's Files, Strategies and
 * Measurement groups), the sweep, the dispatch overhead and write + delete,
 * each a row that says what it does, switched on or off and opened to edit
 * it; and the disk space the run writes. Editing a part makes the plan a
 * custom one, as any other field does. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "analysis/ib-labels.h"
#include "engine/model/ib-error.h"
#include "engine/model/ib-format.h"
#include "engine/plan/ib-parse.h"
#include "engine/plan/ib-presets.h"
#include "engine/io/ib-strategy.h"
#include "ib-plan-page-private.h"

/* ---- text ------------------------------------------------------------- */

static char *
compact_size (guint64 bytes)
{
  if (bytes > 0 && bytes % (G_GUINT64_CONSTANT (1) << 30) == 0)
    return g_strdup_printf ("%" G_GUINT64_FORMAT "G", bytes >> 30);
  if (bytes > 0 && bytes % (G_GUINT64_CONSTANT (1) << 20) == 0)
    return g_strdup_printf ("%" G_GUINT64_FORMAT "M", bytes >> 20);
  if (bytes > 0 && bytes % 1024 == 0)
    return g_strdup_printf ("%" G_GUINT64_FORMAT "K", bytes >> 10);
  return g_strdup_printf ("%" G_GUINT64_FORMAT, bytes);
}

static char *
join_values (const IbSweepSpec *spec)
{
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = 0; i < spec->values->len; i++)
    {
      guint64 v = g_array_index (spec->values, guint64, i);
      g_autofree char *s = spec->vary == IB_VARY_SIZE ? compact_size (v)
                                                      : g_strdup_printf ("%" G_GUINT64_FORMAT, v);

      if (i > 0)
        g_string_append_c (out, ',');
      g_string_append (out, s);
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* The sweep's strategies as a desktop user knows them: by their names,
 * "Sync load contents, Async load contents (parallel)" (no name holds a
 * comma). */
static char *
join_strategies (const GPtrArray *ids)
{
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = 0; ids != NULL && i < ids->len; i++)
    {
      if (i > 0)
        /* Translators: between two strategy names in the sweep's entry */
        g_string_append (out, _(", "));
      g_string_append (out, ib_strategy_title (g_ptr_array_index (ids, i)));
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* The ids of the names (or ids) in @text, comma-separated for
 * ib_parse_strategy_list(), which names what it does not know. */
static char *
strategy_ids_of (IbPlanPage *self,
                 const char *text)
{
  g_auto(GStrv) parts = g_strsplit (text, ",", -1);
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = 0; parts[i] != NULL; i++)
    {
      const char *token = g_strstrip (parts[i]);
      g_autofree char *folded = g_utf8_casefold (token, -1);
      const char *id = token;

      for (guint j = 0; j < self->check_ids->len; j++)
        {
          const char *candidate = g_ptr_array_index (self->check_ids, j);
          g_autofree char *title = g_utf8_casefold (ib_strategy_title (candidate), -1);

          if (g_str_equal (folded, title))
            id = candidate;
        }
      if (i > 0)
        g_string_append_c (out, ',');
      g_string_append (out, id);
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* The largest set of files one part keeps on disk at a time. */
static guint64
disk_use (const IbPlan *plan)
{
  guint64 most = ib_plan_total_bytes (plan);

  if (plan->sweep != NULL)
    for (guint i = 0; i < plan->sweep->values->len; i++)
      {
        guint64 v = g_array_index (plan->sweep->values, guint64, i);
        guint64 bytes = plan->sweep->vary == IB_VARY_COUNT ? v * plan->sweep->base_size
                      : plan->sweep->vary == IB_VARY_SIZE ? v * plan->sweep->base_count
                      : (guint64) plan->sweep->base_count * plan->sweep->base_size;

        most = MAX (most, bytes);
      }
  if (plan->write_unlink != NULL)
    most = MAX (most, (guint64) MIN (plan->write_unlink->concurrency,
                                     plan->write_unlink->requests) * plan->write_unlink->bytes);
  return MAX (most, _ib_plan_page_map_disk (plan));
}

/* "45 s", "4 min" */
static char *
format_seconds (guint s)
{
  if (s < 120)
    /* Translators: a duration in seconds, "45 s" */
    return g_strdup_printf (_("%u s"), s);
  /* Translators: a duration in whole minutes, "4 min" */
  return g_strdup_printf (_("%u min"), (s + 30) / 60);
}

/* How long the run takes: a plan with a time budget (quick) ends by it,
 * so the budget is the time; otherwise how long the preset took on the
 * machine the tests run on, and a custom plan says which preset it was
 * edited from and how long that takes. */
static void
update_time (IbPlanPage   *self,
             const IbPlan *plan)
{
  const IbPresetInfo *preset = self->base_id != NULL ? ib_preset_lookup (self->base_id) : NULL;
  g_autofree char *lo = NULL, *hi = NULL, *text = NULL;

  if (plan != NULL && plan->budget_s > 0)
    {
      g_autofree char *budget = format_seconds (plan->budget_s);

      /* Translators: how long a run with a time budget takes, "60 s: the
       * run ends when its time budget is spent" */
      text = g_strdup_printf (_("%s: the run ends when its time budget is spent"), budget);
      adw_action_row_set_subtitle (self->time_row, text);
      return;
    }
  if (preset == NULL || preset->max_s == 0)
    {
      adw_action_row_set_subtitle (self->time_row, _("Unknown for this plan"));
      return;
    }
  lo = format_seconds (preset->min_s);
  hi = format_seconds (preset->max_s);
  if (!_ib_plan_page_is_custom (self))
    /* Translators: how long a preset takes, "1 min to 2 min on a machine with
     * 2 cores" */
    text = g_strdup_printf (_("%s to %s on a machine with 2 cores"), lo, hi);
  else
    /* Translators: how long a custom plan's preset takes, "Quick takes 1 min to
     * 2 min on a machine with 2 cores; yours depends on what you changed" */
    text = g_strdup_printf (_("%s takes %s to %s on a machine with 2 cores; yours depends on "
                              "what you changed"), _(preset->title), lo, hi);
  adw_action_row_set_subtitle (self->time_row, text);
}

/* ---- summaries -------------------------------------------------------- */

static char *
counted_strategies (guint n)
{
  /* Translators: how many strategies a part compares, "14 strategies" */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u strategy", "%u strategies", n), n);
}

static void
set_subtitle (GtkWidget  *row,
              const char *text)
{
  if (ADW_IS_EXPANDER_ROW (row))
    adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (row), text);
  else
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), text);
}

/* What each part will do, on its row, from @plan (the plan Run would start,
 * or the base plan while the fields do not make a valid one). */
void
_ib_plan_page_update_parts (IbPlanPage   *self,
                            const IbPlan *plan)
{
  g_autofree char *disk = NULL;

  if (plan == NULL)
    return;
  if (plan->file_sizes->len > 0 && plan->strategies->len > 0)
    {
      g_autofree char *total = ib_format_size (ib_plan_total_bytes (plan));
      g_autofree char *text = NULL;

      /* Translators: the files of the whole-file reads, "4 files, 144 MiB" */
      g_autofree char *files = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u file, %s",
                                                             "%u files, %s",
                                                             plan->file_sizes->len),
                                                plan->file_sizes->len, total);
      g_autofree char *strategies = counted_strategies (plan->strategies->len);
      /* Translators: the measured rounds of the whole-file reads, "5 rounds" */
      g_autofree char *rounds = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u round",
                                                              "%u rounds", plan->repeat),
                                                 plan->repeat);
      /* Translators: the warm-up rounds of the whole-file reads, "1 warm-up" */
      g_autofree char *warmups = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u warm-up",
                                                               "%u warm-ups", plan->warmup),
                                                  plan->warmup);

      /* Translators: the whole-file reads of a plan, "4 files, 144 MiB · 14
       * strategies · 5 rounds + 1 warm-up"; each part is counted apart */
      text = g_strdup_printf (_("%s · %s · %s + %s"), files, strategies, rounds, warmups);
      set_subtitle (GTK_WIDGET (self->reads_row), text);
    }
  else
    set_subtitle (GTK_WIDGET (self->reads_row), _("Not in this plan"));

  if (plan->sweep != NULL)
    {
      g_autofree char *values = join_values (plan->sweep);
      const char *what = plan->sweep->vary == IB_VARY_COUNT ? _("file counts")
                       : plan->sweep->vary == IB_VARY_SIZE ? _("file sizes")
                       : _("files in flight");
      g_autofree char *strategies = counted_strategies (plan->sweep->strategies->len);
      /* Translators: "file counts 1,2,100 · 2 strategies" */
      g_autofree char *text = g_strdup_printf (_("%s %s · %s"), what, values, strategies);

      set_subtitle (GTK_WIDGET (self->sweep_row), text);
    }
  else
    set_subtitle (GTK_WIDGET (self->sweep_row), _("Not in this plan"));

  if (plan->overhead != NULL)
    {
      g_autofree char *iterations = ib_format_count (plan->overhead->iterations);
      guint repeat = plan->overhead->repeat > 0 ? plan->overhead->repeat : plan->repeat;
      guint warmup = plan->overhead->repeat > 0 ? plan->overhead->warmup : plan->warmup;
      /* Translators: the dispatch overhead's iterations, "20,000 iterations per kind" */
      g_autofree char *per_kind = g_strdup_printf (
        g_dngettext (GETTEXT_PACKAGE, "%s iteration per kind", "%s iterations per kind",
                     (gulong) MIN (plan->overhead->iterations, G_MAXULONG)), iterations);
      /* Translators: the dispatch overhead's repetitions, "5 repetitions" */
      g_autofree char *repetitions = g_strdup_printf (
        g_dngettext (GETTEXT_PACKAGE, "%u repetition", "%u repetitions", repeat), repeat);
      /* Translators: the dispatch overhead's warm-up repetitions, "0 warm-ups" */
      g_autofree char *warmups = g_strdup_printf (
        g_dngettext (GETTEXT_PACKAGE, "%u warm-up", "%u warm-ups", warmup), warmup);
      /* Translators: "20,000 iterations per kind × 5 repetitions + 0 warm-ups" */
      g_autofree char *text = g_strdup_printf (_("%s × %s + %s"), per_kind, repetitions,
                                               warmups);

      set_subtitle (GTK_WIDGET (self->overhead_row), text);
    }
  else
    set_subtitle (GTK_WIDGET (self->overhead_row), _("Not in this plan"));

  if (plan->write_unlink != NULL)
    {
      g_autofree char *requests = ib_format_count (plan->write_unlink->requests);
      g_autofree char *at_once = ib_format_count (plan->write_unlink->concurrency);
      g_autofree char *bytes = ib_format_size (plan->write_unlink->bytes);
      /* Translators: "2,000 requests, 2,000 at once, 4 KiB each" */
      g_autofree char *text = g_strdup_printf (
        g_dngettext (GETTEXT_PACKAGE, "%s request, %s at once, %s each",
                     "%s requests, %s at once, %s each", plan->write_unlink->requests),
        requests, at_once, bytes);

      set_subtitle (GTK_WIDGET (self->wu_row), text);
    }
  else
    set_subtitle (GTK_WIDGET (self->wu_row), _("Not in this plan"));

  _ib_plan_page_update_map (self, plan);
  update_time (self, plan);
  disk = ib_format_size (disk_use (plan));
  /* Translators: the most test files the run keeps on disk at once, "Up to
   * 2.25 GiB, removed when the run ends" */
  {
    g_autofree char *text = g_strdup_printf (_("Up to %s, removed when the run ends"), disk);

    adw_action_row_set_subtitle (self->disk_row, text);
  }
}

/* ---- the reads' own groups -------------------------------------------- */

static void
show_read_groups (IbPlanPage *self)
{
  gboolean on = _ib_plan_page_reads_on (self);
  AdwPreferencesGroup *groups[] = { self->files_group, self->strategies_group, self->sync_group,
                                    self->async_group, self->thread_group, self->uring_group };

  /* A plan without reads shows no empty file fields nor an unticked list. */
  for (guint i = 0; i < G_N_ELEMENTS (groups); i++)
    gtk_widget_set_visible (GTK_WIDGET (groups[i]), on);
}

static void
on_reads_toggled (IbPlanPage *self)
{
  show_read_groups (self);
  self->calls->field_changed (self);
}

/* ---- building the rows ------------------------------------------------ */

static AdwEntryRow *
add_entry (IbPlanPage     *self,
           AdwExpanderRow *parent,
           const char     *title)
{
  GtkWidget *row = adw_entry_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_expander_row_add_row (parent, row);
  g_signal_connect_swapped (row, "changed", G_CALLBACK (self->calls->field_changed), self);
  return ADW_ENTRY_ROW (row);
}

static AdwExpanderRow *
add_part (IbPlanPage *self,
          const char *title)
{
  GtkWidget *row = adw_expander_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_expander_row_set_show_enable_switch (ADW_EXPANDER_ROW (row), TRUE);
  adw_preferences_group_add (self->parts_group, row);
  g_signal_connect_swapped (row, "notify::enable-expansion",
                            G_CALLBACK (self->calls->field_changed), self);
  return ADW_EXPANDER_ROW (row);
}

static void
update_sweep_base_title (IbPlanPage *self)
{
  IbVaryKind vary = adw_combo_row_get_selected (self->sweep_vary_row);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->sweep_values_row),
                                 vary == IB_VARY_SIZE ? _("File sizes, e.g. 4K,64K,1M")
                                 : vary == IB_VARY_COUNT ? _("File counts, e.g. 1,2,100")
                                 : _("Files in flight, e.g. 1,16,256"));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->sweep_base_row),
                                 vary == IB_VARY_SIZE ? _("Files at each point")
                                 : _("Size of each file"));
}

/* The run's time: its budget in seconds, a real control (0: none, the run
 * takes as long as its rounds), and what it means in the subtitle
 * (update_time). The budget is the decision phase's time: the survey,
 * the other parts and the answer's pairs all end by it. */
static void
build_time_row (IbPlanPage *self)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *spin = gtk_spin_button_new_with_range (0, IB_MAX_BUDGET_S, 10);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Time"));
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
  gtk_spin_button_set_increments (GTK_SPIN_BUTTON (spin), 10, 60);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  /* named by its row's title, as the plan's other numbers; this says more */
  gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  _("Time budget in seconds; 0 for none"), -1);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), spin);
  adw_preferences_group_add (self->parts_group, row);
  self->time_row = ADW_ACTION_ROW (row);
  self->budget_spin = GTK_SPIN_BUTTON (spin);
  g_signal_connect_swapped (spin, "value-changed", G_CALLBACK (self->calls->field_changed), self);
}

void
_ib_plan_page_build_parts (IbPlanPage *self)
{
  GtkWidget *row;
  g_autoptr(GtkStringList) vary = NULL;

  adw_preferences_group_set_description (self->parts_group,
                                         _("Each part with what it runs; open one to change it."));

  row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Whole-file reads"));
  self->reads_switch = GTK_SWITCH (gtk_switch_new ());
  gtk_widget_set_valign (GTK_WIDGET (self->reads_switch), GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), GTK_WIDGET (self->reads_switch));
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), GTK_WIDGET (self->reads_switch));
  adw_preferences_group_add (self->parts_group, row);
  self->reads_row = ADW_ACTION_ROW (row);
  g_signal_connect_swapped (self->reads_switch, "notify::active",
                            G_CALLBACK (on_reads_toggled), self);

  self->sweep_row = add_part (self, _("Sweep"));
  self->sweep_vary_row = ADW_COMBO_ROW (adw_combo_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->sweep_vary_row), _("Varying"));
  vary = gtk_string_list_new ((const char *[]) { _("File count"), _("File size"),
                                                 _("Files in flight"), NULL });
  adw_combo_row_set_model (self->sweep_vary_row, G_LIST_MODEL (vary));
  adw_expander_row_add_row (self->sweep_row, GTK_WIDGET (self->sweep_vary_row));
  g_signal_connect_swapped (self->sweep_vary_row, "notify::selected",
                            G_CALLBACK (update_sweep_base_title), self);
  g_signal_connect_swapped (self->sweep_vary_row, "notify::selected",
                            G_CALLBACK (self->calls->field_changed), self);
  self->sweep_values_row = add_entry (self, self->sweep_row, _("File counts, e.g. 1,2,100"));
  self->sweep_strategies_row = add_entry (self, self->sweep_row, _("Strategies to compare"));
  self->sweep_base_row = add_entry (self, self->sweep_row, _("Size of each file"));

  self->overhead_row = add_part (self, _("Dispatch overhead"));
  self->overhead_iterations_row = add_entry (self, self->overhead_row,
                                             _("Iterations per repetition"));
  self->overhead_repeat_row = add_entry (self, self->overhead_row,
                                         _("Repetitions (0: as the reads)"));

  self->wu_row = add_part (self, _("Write + delete"));
  self->wu_requests_row = add_entry (self, self->wu_row, _("Requests"));
  self->wu_concurrency_row = add_entry (self, self->wu_row, _("Requests at once"));
  self->wu_bytes_row = add_entry (self, self->wu_row, _("Bytes per request"));

  _ib_plan_page_build_map (self);

  build_time_row (self);
  _ib_plan_page_build_busy (self);

  row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Disk space used"));
  adw_preferences_group_add (self->parts_group, row);
  self->disk_row = ADW_ACTION_ROW (row);
}

/* ---- plan -> rows ----------------------------------------------------- */

static void
set_text (AdwEntryRow *row,
          const char  *text)
{
  gtk_editable_set_text (GTK_EDITABLE (row), text);
}

void
_ib_plan_page_apply_parts (IbPlanPage   *self,
                           const IbPlan *plan)
{
  IbSweepSpec *default_sweep = ib_sweep_spec_new ();
  const IbSweepSpec *sweep = plan->sweep != NULL ? plan->sweep : default_sweep;
  IbOverheadSpec default_overhead = { 100000, 0, 0 };
  const IbOverheadSpec *overhead = plan->overhead != NULL ? plan->overhead : &default_overhead;
  IbWriteUnlinkSpec default_wu = { 2000, 2000, 4096, FALSE };
  const IbWriteUnlinkSpec *wu = plan->write_unlink != NULL ? plan->write_unlink : &default_wu;
  g_autofree char *values = NULL, *ids = NULL, *base = NULL;
  g_autofree char *iterations = NULL, *repeat = NULL;
  g_autofree char *requests = NULL, *at_once = NULL, *bytes = NULL;

  self->applying++;
  gtk_spin_button_set_value (self->budget_spin, plan->budget_s);
  gtk_switch_set_active (self->reads_switch,
                         plan->file_sizes->len > 0 && plan->strategies->len > 0);
  show_read_groups (self);

  if (plan->sweep == NULL)
    {
      static const guint64 counts[] = { 1, 2, 100 };

      g_array_append_vals (default_sweep->values, counts, G_N_ELEMENTS (counts));
      g_ptr_array_add (default_sweep->strategies, g_strdup ("sync-load-contents"));
      g_ptr_array_add (default_sweep->strategies, g_strdup ("async-load-contents-parallel"));
    }
  adw_expander_row_set_enable_expansion (self->sweep_row, plan->sweep != NULL);
  adw_combo_row_set_selected (self->sweep_vary_row, sweep->vary);
  update_sweep_base_title (self);
  values = join_values (sweep);
  ids = join_strategies (sweep->strategies);
  base = sweep->vary == IB_VARY_SIZE ? g_strdup_printf ("%u", sweep->base_count)
                                     : compact_size (sweep->base_size);
  set_text (self->sweep_values_row, values);
  set_text (self->sweep_strategies_row, ids);
  set_text (self->sweep_base_row, base);

  adw_expander_row_set_enable_expansion (self->overhead_row, plan->overhead != NULL);
  iterations = g_strdup_printf ("%" G_GUINT64_FORMAT, overhead->iterations);
  repeat = g_strdup_printf ("%u", overhead->repeat);
  set_text (self->overhead_iterations_row, iterations);
  set_text (self->overhead_repeat_row, repeat);

  adw_expander_row_set_enable_expansion (self->wu_row, plan->write_unlink != NULL);
  requests = g_strdup_printf ("%u", wu->requests);
  at_once = g_strdup_printf ("%u", wu->concurrency);
  bytes = g_strdup_printf ("%u", wu->bytes);
  set_text (self->wu_requests_row, requests);
  set_text (self->wu_concurrency_row, at_once);
  set_text (self->wu_bytes_row, bytes);
  self->applying--;

  ib_sweep_spec_free (default_sweep);
  _ib_plan_page_apply_map (self, plan);
  _ib_plan_page_update_parts (self, plan);
}

/* ---- rows -> plan ----------------------------------------------------- */

static gboolean
parse_size (AdwEntryRow *row,
            guint64      min,
            guint64      max,
            guint64     *out,
            GError     **error)
{
  return _ib_plan_page_mark_row (row, ib_parse_size (_ib_plan_page_entry_title (row),
                                                     _ib_plan_page_entry_text (row), min, max,
                                                     out, error));
}

static gboolean
read_sweep (IbPlanPage   *self,
            IbSweepSpec  *spec,
            GError      **error)
{
  GArray *values;
  GPtrArray *ids;
  g_autofree char *ids_text = NULL;
  guint64 base = 0;

  spec->vary = adw_combo_row_get_selected (self->sweep_vary_row);
  values = _ib_plan_page_parse_list (self->sweep_values_row, 1,
                                     spec->vary == IB_VARY_SIZE ? IB_MAX_FILE_SIZE : IB_MAX_FILES,
                                     error);
  if (values == NULL)
    return FALSE;
  g_array_unref (spec->values);
  spec->values = values;

  ids_text = strategy_ids_of (self, _ib_plan_page_entry_text (self->sweep_strategies_row));
  ids = ib_parse_strategy_list (_ib_plan_page_entry_title (self->sweep_strategies_row), ids_text,
                                error);
  if (!_ib_plan_page_mark_row (self->sweep_strategies_row, ids != NULL))
    return FALSE;
  g_ptr_array_unref (spec->strategies);
  spec->strategies = ids;

  if (spec->vary == IB_VARY_SIZE)
    {
      if (!_ib_plan_page_parse_uint (self->sweep_base_row, 1, IB_MAX_FILES, &base, error))
        return FALSE;
      spec->base_count = (guint) base;
    }
  else
    {
      if (!parse_size (self->sweep_base_row, 1, IB_MAX_FILE_SIZE, &base, error))
        return FALSE;
      spec->base_size = base;
    }
  return TRUE;
}

gboolean
_ib_plan_page_read_parts (IbPlanPage  *self,
                          IbPlan      *plan,
                          GError     **error)
{
  guint64 a = 0, b = 0, c = 0;
  /* The base preset's warm-up repetitions stay (quick: none, seed: one). */
  guint overhead_warmup = plan->overhead != NULL ? plan->overhead->warmup : 0;

  plan->budget_s = (guint) gtk_spin_button_get_value_as_int (self->budget_spin);

  if (adw_expander_row_get_enable_expansion (self->sweep_row))
    {
      /* What the rows do not show (the files' content, the base the chosen
       * variable leaves alone) stays the base preset's. */
      if (plan->sweep == NULL)
        plan->sweep = ib_sweep_spec_new ();
      if (!read_sweep (self, plan->sweep, error))
        return FALSE;
    }
  else
    g_clear_pointer (&plan->sweep, ib_sweep_spec_free);

  g_clear_pointer (&plan->overhead, g_free);
  if (adw_expander_row_get_enable_expansion (self->overhead_row))
    {
      if (!_ib_plan_page_parse_uint (self->overhead_iterations_row, 1, IB_MAX_ITERATIONS, &a,
                                     error) ||
          !_ib_plan_page_parse_uint (self->overhead_repeat_row, 0, IB_MAX_REPEAT, &b, error))
        return FALSE;
      plan->overhead = g_new0 (IbOverheadSpec, 1);
      plan->overhead->iterations = a;
      plan->overhead->repeat = (guint) b;
      plan->overhead->warmup = b > 0 ? overhead_warmup : 0;
    }

  g_clear_pointer (&plan->write_unlink, g_free);
  if (adw_expander_row_get_enable_expansion (self->wu_row))
    {
      if (!_ib_plan_page_parse_uint (self->wu_requests_row, 1, IB_MAX_REQUESTS, &a, error) ||
          !_ib_plan_page_parse_uint (self->wu_concurrency_row, 1, IB_MAX_REQUESTS, &b, error) ||
          !parse_size (self->wu_bytes_row, 1, 64 << 20, &c, error))
        return FALSE;
      plan->write_unlink = g_new0 (IbWriteUnlinkSpec, 1);
      plan->write_unlink->requests = (guint) a;
      plan->write_unlink->concurrency = (guint) b;
      plan->write_unlink->bytes = (guint) c;
    }
  return _ib_plan_page_read_map (self, plan, error);
}

/* ---- settings --------------------------------------------------------- */

static const char *vary_ids[] = { "count", "size", "in-flight" };

/* Keeps what each part's rows say, as typed, with the rest of the plan
 * (ib-plan-page-settings.c); the sweep's strategies by id, whatever the
 * language their names were typed in. */
void
_ib_plan_page_save_parts (IbPlanPage *self,
                          GSettings  *settings)
{
  g_autofree char *ids_text =
    strategy_ids_of (self, _ib_plan_page_entry_text (self->sweep_strategies_row));
  g_auto(GStrv) ids = g_strsplit (ids_text, ",", -1);
  guint vary = MIN (adw_combo_row_get_selected (self->sweep_vary_row),
                    G_N_ELEMENTS (vary_ids) - 1);

  g_settings_set_uint (settings, "budget",
                       (guint) gtk_spin_button_get_value_as_int (self->budget_spin));
  g_settings_set_boolean (settings, "reads", _ib_plan_page_reads_on (self));
  g_settings_set_boolean (settings, "sweep",
                          adw_expander_row_get_enable_expansion (self->sweep_row));
  g_settings_set_string (settings, "sweep-vary", vary_ids[vary]);
  g_settings_set_string (settings, "sweep-values",
                         _ib_plan_page_entry_text (self->sweep_values_row));
  g_settings_set_strv (settings, "sweep-strategies", (const char * const *) ids);
  g_settings_set_string (settings, "sweep-base",
                         _ib_plan_page_entry_text (self->sweep_base_row));
  g_settings_set_boolean (settings, "overhead",
                          adw_expander_row_get_enable_expansion (self->overhead_row));
  g_settings_set_string (settings, "overhead-iterations",
                         _ib_plan_page_entry_text (self->overhead_iterations_row));
  g_settings_set_string (settings, "overhead-repeat",
                         _ib_plan_page_entry_text (self->overhead_repeat_row));
  g_settings_set_boolean (settings, "write-unlink",
                          adw_expander_row_get_enable_expansion (self->wu_row));
  g_settings_set_string (settings, "write-unlink-requests",
                         _ib_plan_page_entry_text (self->wu_requests_row));
  g_settings_set_string (settings, "write-unlink-at-once",
                         _ib_plan_page_entry_text (self->wu_concurrency_row));
  g_settings_set_string (settings, "write-unlink-bytes",
                         _ib_plan_page_entry_text (self->wu_bytes_row));
  _ib_plan_page_save_map (self, settings);
}

static gboolean
has_user_value (GSettings  *settings,
                const char *key)
{
  g_autoptr(GVariant) value = g_settings_get_user_value (settings, key);

  return value != NULL;
}

static void
load_text (AdwEntryRow *row,
           GSettings   *settings,
           const char  *key)
{
  g_autofree char *text = g_settings_get_string (settings, key);

  set_text (row, text);
}

/* Puts back the parts of the last custom plan; a part never has_user_value (settings
 * from before the parts were kept) stays the base preset's. */
void
_ib_plan_page_load_parts (IbPlanPage *self,
                          GSettings  *settings)
{
  self->applying++;
  if (has_user_value (settings, "budget"))
    gtk_spin_button_set_value (self->budget_spin, g_settings_get_uint (settings, "budget"));
  if (has_user_value (settings, "reads"))
    gtk_switch_set_active (self->reads_switch, g_settings_get_boolean (settings, "reads"));
  show_read_groups (self);
  if (has_user_value (settings, "sweep"))
    {
      g_autofree char *vary = g_settings_get_string (settings, "sweep-vary");
      g_auto(GStrv) ids = g_settings_get_strv (settings, "sweep-strategies");
      g_autoptr(GPtrArray) list = g_ptr_array_new ();
      g_autofree char *names = NULL;

      for (guint i = 0; ids[i] != NULL; i++)
        g_ptr_array_add (list, ids[i]);
      names = join_strategies (list);
      for (guint i = 0; i < G_N_ELEMENTS (vary_ids); i++)
        if (g_str_equal (vary, vary_ids[i]))
          adw_combo_row_set_selected (self->sweep_vary_row, i);
      update_sweep_base_title (self);
      adw_expander_row_set_enable_expansion (self->sweep_row,
                                             g_settings_get_boolean (settings, "sweep"));
      load_text (self->sweep_values_row, settings, "sweep-values");
      set_text (self->sweep_strategies_row, names);
      load_text (self->sweep_base_row, settings, "sweep-base");
    }
  if (has_user_value (settings, "overhead"))
    {
      adw_expander_row_set_enable_expansion (self->overhead_row,
                                             g_settings_get_boolean (settings, "overhead"));
      load_text (self->overhead_iterations_row, settings, "overhead-iterations");
      load_text (self->overhead_repeat_row, settings, "overhead-repeat");
    }
  if (has_user_value (settings, "write-unlink"))
    {
      adw_expander_row_set_enable_expansion (self->wu_row,
                                             g_settings_get_boolean (settings, "write-unlink"));
      load_text (self->wu_requests_row, settings, "write-unlink-requests");
      load_text (self->wu_concurrency_row, settings, "write-unlink-at-once");
      load_text (self->wu_bytes_row, settings, "write-unlink-bytes");
    }
  self->applying--;
  _ib_plan_page_load_map (self, settings);
}
