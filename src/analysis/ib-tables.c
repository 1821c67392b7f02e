/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <string.h>

#include <glib/gi18n.h>

#include "engine/model/ib-format.h"
#include "engine/plan/ib-presets.h"
#include "engine/io/ib-strategy.h"
#include "engine/workloads/ib-workloads.h"
#include "ib-tables-private.h"
#include "ib-labels.h"

void
ib_table_free (IbTable *table)
{
  if (table == NULL)
    return;
  g_free (table->id);
  g_free (table->title);
  g_free (table->note);
  g_free (table->narrow_note);
  g_ptr_array_unref (table->headers);
  g_array_unref (table->numeric);
  g_array_unref (table->prose);
  g_array_unref (table->widths);
  g_ptr_array_unref (table->rows);
  g_ptr_array_unref (table->tips);
  g_free (table);
}

static IbTable *
table_alloc (const char *id,
             const char *title)
{
  IbTable *table = g_new0 (IbTable, 1);

  table->id = g_strdup (id);
  table->title = g_strdup (title);
  table->headers = g_ptr_array_new_with_free_func (g_free);
  table->numeric = g_array_new (FALSE, FALSE, sizeof (gboolean));
  table->prose = g_array_new (FALSE, FALSE, sizeof (gboolean));
  table->widths = g_array_new (FALSE, FALSE, sizeof (IbTableWidth));
  table->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  table->tips = g_ptr_array_new_with_free_func (g_free);
  table->tip_column = -1;
  return table;
}

void
_ib_table_add_column (IbTable      *table,
                      const char   *header,
                      IbTableWidth  widths)
{
  gboolean numeric = header[0] == '>';
  gboolean prose = header[0] == '~';

  g_return_if_fail (table->rows->len == 0 && (widths & IB_TABLE_BOTH) != 0);

  g_ptr_array_add (table->headers, g_strdup (numeric || prose ? header + 1 : header));
  g_array_append_val (table->numeric, numeric);
  g_array_append_val (table->prose, prose);
  g_array_append_val (table->widths, widths);
}

static void
table_add_header (IbTable    *table,
                  const char *header)
{
  _ib_table_add_column (table, header, IB_TABLE_BOTH);
}

IbTable *
_ib_table_new (const char *id,
               const char *title,
               ...)
{
  IbTable *table = table_alloc (id, title);
  va_list args;
  const char *header;

  va_start (args, title);
  while ((header = va_arg (args, const char *)) != NULL)
    table_add_header (table, header);
  va_end (args);
  return table;
}

IbTable *
_ib_table_newv (const char        *id,
                const char        *title,
                const char * const *headers,
                guint              n_headers)
{
  IbTable *table = table_alloc (id, title);

  for (guint i = 0; i < n_headers; i++)
    table_add_header (table, headers[i]);
  return table;
}

void
_ib_table_addv (IbTable  *table,
                char    **cells)
{
  char **row = g_new0 (char *, table->headers->len + 1);

  for (guint i = 0; i < table->headers->len; i++)
    row[i] = cells[i] != NULL ? cells[i] : g_strdup ("");
  /* the cells are the row's now: free only the array */
  g_free (cells);
  g_ptr_array_add (table->rows, row);
  g_ptr_array_add (table->tips, NULL);
}

void
_ib_table_add (IbTable *table,
               ...)
{
  char **row = g_new0 (char *, table->headers->len + 1);
  va_list args;

  va_start (args, table);
  for (guint i = 0; i < table->headers->len; i++)
    {
      char *cell = va_arg (args, char *);

      row[i] = cell != NULL ? cell : g_strdup ("");
    }
  va_end (args);
  g_ptr_array_add (table->rows, row);
  g_ptr_array_add (table->tips, NULL);
}

void
_ib_table_tip (IbTable    *table,
               int         column,
               const char *id)
{
  g_return_if_fail (table->rows->len == table->tips->len && table->rows->len > 0);

  table->tip_column = column;
  g_free (g_ptr_array_index (table->tips, table->tips->len - 1));
  g_ptr_array_index (table->tips, table->tips->len - 1) = g_strdup (id);
}

gboolean
ib_table_column_numeric (const IbTable *table,
                         guint          column)
{
  g_return_val_if_fail (table != NULL && column < table->numeric->len, FALSE);
  return g_array_index (table->numeric, gboolean, column);
}

gboolean
ib_table_column_prose (const IbTable *table,
                       guint          column)
{
  g_return_val_if_fail (table != NULL && column < table->prose->len, FALSE);
  return g_array_index (table->prose, gboolean, column);
}

gboolean
ib_table_column_shown (const IbTable *table,
                       guint          column,
                       IbTableWidth   width)
{
  g_return_val_if_fail (table != NULL && column < table->widths->len, FALSE);
  return (g_array_index (table->widths, IbTableWidth, column) & width) != 0;
}

const char *
ib_table_get_note (const IbTable *table,
                   IbTableWidth   width)
{
  g_return_val_if_fail (table != NULL, NULL);
  if (width == IB_TABLE_NARROW && table->narrow_note != NULL)
    return table->narrow_note;
  return table->note;
}

const char *
ib_table_cell (const IbTable *table,
               guint          row,
               guint          column)
{
  char **cells;

  g_return_val_if_fail (table != NULL && row < table->rows->len, "");
  g_return_val_if_fail (column < table->headers->len, "");

  cells = g_ptr_array_index (table->rows, row);
  return cells[column] != NULL ? cells[column] : "";
}

#define table_new _ib_table_new
#define table_add _ib_table_add
#define table_tip _ib_table_tip

static char *
u64 (guint64 v)
{
  return ib_format_count (v);
}

static char *
dup_or_unknown (const char *s)
{
  /* Translators: a value that could not be found out */
  return g_strdup (s != NULL && *s != '\0' ? s : _("unknown"));
}

static char *
yes_no (gboolean v)
{
  return g_strdup (v ? _("yes") : _("no"));
}

char *
_ib_table_interval (double low,
                    double high)
{
  /* the labels' one interval format: two ends never print alike */
  return ib_format_duration_ci (low, high);
}

/* Appends " (93.75 %)" to @cell (taken) when @level is known. */
static char *
with_level (char   *cell,
            double  level)
{
  g_autofree char *owned = cell;
  g_autofree char *cover = NULL;

  if (!(level > 0))
    return g_steal_pointer (&owned);
  cover = ib_format_level (level);
  return g_strdup_printf ("%s (%s)", owned, cover);
}

IbTable *
ib_table_sweep (const IbReport *report)
{
  const IbSweep *sweep = report->sweep;
  IbTable *table;

  if (sweep == NULL || sweep->points->len == 0)
    return NULL;
  table = table_new ("sweep", _("Sweep"),
                     /* Translators: the column of a sweep's values: a file count,
                      * a file size or the files in flight ('>' is not shown) */
                     sweep->vary == IB_VARY_SIZE ? _(">File size")
                     : sweep->vary == IB_VARY_IN_FLIGHT ? _(">Files in flight") : _(">Files"),
                     _("Strategy"), _(">Median"),
                     _(">CI of median (coverage)"), _(">Longest stall"), NULL);
  for (guint i = 0; i < sweep->points->len; i++)
    {
      const IbSweepPoint *p = &g_array_index (sweep->points, IbSweepPoint, i);

      table_add (table,
                 ib_format_vary_value (sweep->vary, p->value),
                 g_strdup (ib_strategy_title (p->strategy)),
                 ib_format_duration (p->median_ns),
                 with_level (_ib_table_interval (p->ci_low_ns, p->ci_high_ns), p->ci_level),
                 /* the median longest main-loop stall of the point's reads */
                 p->responsive ? ib_format_duration (p->stall_ns) : NULL);
      table_tip (table, 1, p->strategy);
    }
  table->note = ib_sweep_crossover_text (sweep);
  if (table->note == NULL)
    table->note = g_strdup (_("No crossover: the order never flips beyond the intervals."));
  return table;
}

IbTable *
ib_table_overhead (const IbReport *report)
{
  IbTable *table;

  if (report->overhead->len == 0)
    return NULL;
  table = table_new ("overhead", _("Dispatch overhead"), _("Kind"), _(">Iterations"),
                     _(">Per operation"), _(">CI of median (coverage)"), _(">vs direct call"),
                     NULL);
  for (guint i = 0; i < report->overhead->len; i++)
    {
      const IbOverheadRow *row = &g_array_index (report->overhead, IbOverheadRow, i);

      table_add (table,
                 g_strdup (ib_overhead_kind_title (row->kind)),
                 u64 (row->iterations),
                 ib_format_duration (row->ns_per_op),
                 with_level (_ib_table_interval (row->ci_low_ns, row->ci_high_ns),
                             ib_median_coverage (row->repeat)),
                 ib_format_ratio (row->ratio_to_direct));
      table_tip (table, 0, row->kind);
    }
  {
    const IbOverheadRow *first = &g_array_index (report->overhead, IbOverheadRow, 0);
    const IbOverheadSpec *spec = report->plan != NULL ? report->plan->overhead : NULL;
    /* the workload's own warm-up wins over the plan's (IbOverheadSpec) */
    guint warmup = spec != NULL && spec->repeat > 0 ? spec->warmup
                   : report->plan != NULL ? report->plan->warmup : 0;

    g_autofree char *after = NULL;

    if (warmup == 0)
      /* Translators: the note under the dispatch overhead table, no warm-up */
      table->note = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                  "Median time per operation over %u "
                                                  "repetition of each kind's iterations; "
                                                  "the interval is the median's "
                                                  "order-statistic interval with its "
                                                  "coverage.",
                                                  "Median time per operation over %u "
                                                  "repetitions of each kind's iterations; "
                                                  "the interval is the median's "
                                                  "order-statistic interval with its "
                                                  "coverage.", first->repeat),
                                     first->repeat);
    else
      {
        /* Translators: part of the dispatch overhead table's note, "(after 1 warm-up)" */
        after = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "after %u warm-up",
                                              "after %u warm-ups", warmup), warmup);
        /* Translators: the note under the dispatch overhead table; %s is "after 1
         * warm-up" */
        table->note = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                    "Median time per operation over %u "
                                                    "repetition (%s) of each kind's "
                                                    "iterations; the interval is the "
                                                    "median's order-statistic interval "
                                                    "with its coverage.",
                                                    "Median time per operation over %u "
                                                    "repetitions (%s) of each kind's "
                                                    "iterations; the interval is the "
                                                    "median's order-statistic interval "
                                                    "with its coverage.", first->repeat),
                                       first->repeat, after);
      }
  }
  return table;
}

IbTable *
ib_table_write_unlink (const IbReport *report)
{
  const IbWriteUnlink *wu = report->write_unlink;
  IbTable *table;

  if (wu == NULL || wu->modes->len == 0)
    return NULL;
  table = table_new ("write-unlink", _("Write + delete"), _("Mode"), _(">Requests/s"),
                     _(">Time taken"), _(">Most in flight"),
                     ">50 %", ">66 %", ">75 %", ">80 %", ">90 %", ">95 %", ">98 %", ">99 %",
                     ">100 %", _(">Failed"), _(">Longest stall"), NULL);
  for (guint i = 0; i < wu->modes->len; i++)
    {
      const IbWriteUnlinkMode *m = &g_array_index (wu->modes, IbWriteUnlinkMode, i);
      char **row = g_new0 (char *, table->headers->len + 1);
      guint c = 0;

      row[c++] = g_strdup (ib_write_unlink_mode_title (m->mode));
      row[c++] = ib_format_rate_per_s (m->requests_per_s);
      row[c++] = ib_format_duration ((double) m->total_ns);
      row[c++] = m->max_in_flight > 0 ? ib_format_count (m->max_in_flight) : NULL;
      for (guint p = 0; p < IB_N_PERCENTILES; p++)
        row[c++] = ib_format_duration ((double) m->percentiles_ns[p]);
      row[c++] = ib_format_count (m->failed);
      /* how long the serving context could not run its loop */
      row[c++] = m->responsive ? ib_format_duration ((double) m->stall_ns) : NULL;
      g_assert (c == table->headers->len);
      _ib_table_addv (table, row);
      table_tip (table, 0, m->mode);
    }
  {
    g_autofree char *requests = ib_format_count (wu->requests);
    g_autofree char *bytes = ib_format_count (wu->bytes);
    g_autofree char *at_once = ib_format_count (wu->effective_concurrency > 0
                                                ? wu->effective_concurrency
                                                : wu->concurrency);

    /* Translators: the note under the write + delete table, "2,000 requests of 4,096
     * random letters, 2,000 at once: ..." */
    table->note = g_strdup_printf (_("%s requests of %s random letters, %s at once, each "
                                     "written to a new file that is then deleted. The "
                                     "percentages are the share of requests served within "
                                     "that time (100 %% is the longest request); a request's "
                                     "time runs from its issue to its file's deletion, so "
                                     "requests that wait for a turn count their wait."),
                                   requests, bytes, at_once);
    if (wu->runs->len > 0 && wu->runs_per_mode > 1)
      {
        g_autofree char *head = g_steal_pointer (&table->note);

        /* Translators: after the write + delete table's note: the table's
         * times against the answer card's verdict, which pairs the rounds */
        table->note = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                    "%s Each time is a mode's median over its "
                                                    "%u round; the verdict compares the modes "
                                                    "round by round, so its ratio need not be "
                                                    "the ratio of these medians.",
                                                    "%s Each time is a mode's median over its "
                                                    "%u rounds; the verdict compares the modes "
                                                    "round by round, so its ratio need not be "
                                                    "the ratio of these medians.",
                                                    wu->runs_per_mode),
                                       head, wu->runs_per_mode);
      }
  }
  return table;
}

static void
kv (IbTable    *table,
    const char *key,
    char       *value)
{
  table_add (table, g_strdup (key), value);
}

static char *
join_u64 (GArray *values,
          gboolean as_bytes)
{
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = 0; values != NULL && i < values->len; i++)
    {
      g_autofree char *v = as_bytes ? ib_format_size (g_array_index (values, guint64, i))
                                    : u64 (g_array_index (values, guint64, i));

      if (i > 0)
        g_string_append (out, ", ");
      g_string_append (out, v);
    }
  return g_strdup (out->str);
}

/* The display names of the strategies @ids, comma-separated. */
static char *
join_strategies (GPtrArray *ids)
{
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = 0; ids != NULL && i < ids->len; i++)
    {
      if (i > 0)
        g_string_append (out, ", ");
      g_string_append (out, ib_strategy_title (g_ptr_array_index (ids, i)));
    }
  return g_strdup (out->str);
}

/* The preset's display name ("Big files"), the id of a preset this version
 * does not know, or "custom plan". */
static const char *
preset_title (const char *id)
{
  const IbPresetInfo *info = id != NULL ? ib_preset_lookup (id) : NULL;

  if (id == NULL)
    return _("custom plan");
  return info != NULL ? _(info->title) : id;
}

IbTable *
ib_table_plan (const IbReport *report)
{
  const IbPlan *plan = report->plan;
  IbTable *table = table_new ("plan", _("Plan"), _("Setting"), _("Value"), NULL);

  kv (table, _("Preset"), g_strdup (preset_title (plan->preset)));
  kv (table, _("Folder"), dup_or_unknown (plan->dir));
  if (plan->file_sizes->len > 0)
    {
      g_autofree char *total = ib_format_size (ib_plan_total_bytes (plan));
      g_autofree char *sizes = join_u64 (plan->file_sizes, TRUE);

      kv (table, _("Files"), g_strdup_printf ("%u (%s): %s", plan->file_sizes->len, total,
                                             sizes));
      kv (table, _("Content"), g_strdup (ib_content_kind_title (plan->content)));
      kv (table, _("Strategies"), join_strategies (plan->strategies));
      kv (table, _("Repetitions"), g_strdup_printf ("%u", plan->repeat));
      kv (table, _("Warm-up rounds"), g_strdup_printf ("%u", plan->warmup));
      kv (table, _("Cache"), g_strdup (ib_cache_mode_to_string (plan->cache)));
      kv (table, _("Chunk"), plan->chunk > 0 ? ib_format_size (plan->chunk)
                                              : g_strdup (_("each strategy's default")));
      kv (table, _("Workers"), plan->workers > 0 ? g_strdup_printf ("%u", plan->workers)
                                                  : g_strdup (_("one per core")));
      kv (table, _("Files in flight"), plan->in_flight > 0
                                       ? g_strdup_printf ("%u", plan->in_flight)
                                       : g_strdup (_("all")));
      if (plan->queue_depth > 0)
        kv (table, _("Queue depth"), g_strdup_printf ("%u", plan->queue_depth));
      if (plan->direct)
        kv (table, _("Direct I/O"), g_strdup (_("yes: O_DIRECT, no page cache")));
      kv (table, _("Buffer"), g_strdup (ib_buffer_policy_to_string (plan->buffer)));
      kv (table, _("Verify content"), yes_no (plan->verify));
      kv (table, _("fsync test files"), yes_no (plan->fsync));
      kv (table, _("Pause between samples"), g_strdup_printf ("%u ms", plan->pause_ms));
      kv (table, _("Main-loop tick"), yes_no (plan->responsiveness));
    }
  if (plan->seed_drawn)
    {
      g_autofree char *seed = g_strdup_printf ("%" G_GUINT64_FORMAT, plan->seed);

      /* Translators: the PRNG seed a run drew for itself, e.g. "8219443 (new
       * this run; --seed 8219443 repeats its order)" */
      kv (table, _("Seed"), g_strdup_printf (_("%s (new this run; --seed %s repeats its order)"),
                                             seed, seed));
    }
  else
    kv (table, _("Seed"), g_strdup_printf ("%" G_GUINT64_FORMAT, plan->seed));
  if (plan->sweep != NULL)
    {
      g_autofree char *values = join_u64 (plan->sweep->values,
                                          plan->sweep->vary == IB_VARY_SIZE);
      g_autofree char *strategies = join_strategies (plan->sweep->strategies);

      kv (table, _("Sweep"), g_strdup_printf ("%s = %s; %s",
                                             ib_vary_kind_to_string (plan->sweep->vary),
                                             values, strategies));
    }
  if (plan->overhead != NULL)
    kv (table, _("Overhead iterations"), u64 (plan->overhead->iterations));
  if (plan->write_unlink != NULL)
    {
      g_autofree char *requests = u64 (plan->write_unlink->requests);
      g_autofree char *at_once = u64 (plan->write_unlink->concurrency);
      g_autofree char *bytes = u64 (plan->write_unlink->bytes);

      kv (table, _("Write + delete"),
          /* Translators: "2,000 requests, 2,000 at once, 4,096 bytes each" */
          g_strdup_printf (_("%s requests, %s at once, %s bytes each"), requests, at_once,
                           bytes));
    }
  return table;
}

IbTable *
ib_table_environment (const IbReport *report)
{
  const IbEnvironment *env = report->environment;
  IbTable *table = table_new ("environment", _("Environment"), _("Item"), _("Value"), NULL);

  kv (table, _("Operating system"), dup_or_unknown (env->os));
  kv (table, _("Kernel"), dup_or_unknown (env->kernel));
  kv (table, _("Host"), dup_or_unknown (env->hostname));
  kv (table, _("CPU"), g_strdup_printf ("%s (%u)", env->cpu_model != NULL ? env->cpu_model
                                                   : _("unknown"), env->cores));
  kv (table, _("Memory"), ib_format_size (env->memory_bytes));
  if (env->fs_type == NULL && env->fs_note != NULL)
    /* Translators: the reason why the file-system type is unknown follows */
    kv (table, _("File system"), g_strdup_printf (_("unknown: %s"), env->fs_note));
  else
    kv (table, _("File system"), g_strdup_printf ("%s (%s)",
                                                 env->fs_type != NULL ? env->fs_type : "?",
                                                 env->mount_options != NULL
                                                 ? env->mount_options : "?"));
  kv (table, _("Device"), g_strdup_printf ("%s%s%s%s",
                                          env->device != NULL ? env->device : _("unknown"),
                                          env->device_model != NULL ? " — " : "",
                                          env->device_model != NULL ? env->device_model : "",
                                          env->rotational == 1 ? _(", rotational")
                                          : env->rotational == 0 ? _(", solid state") : ""));
  kv (table, _("Free space"), ib_format_size (env->free_bytes));
  kv (table, "tmpfs / FUSE", g_strdup_printf ("%s / %s", env->is_tmpfs ? _("yes") : _("no"),
                                             env->is_fuse ? _("yes") : _("no")));
  kv (table, "GLib", dup_or_unknown (env->glib_version));
  if (env->gtk_version != NULL)
    kv (table, "GTK", g_strdup (env->gtk_version));
  if (env->adw_version != NULL)
    kv (table, "libadwaita", g_strdup (env->adw_version));
  kv (table, _("GTask thread pool"), g_strdup_printf ("%u", env->gtask_pool_size));
  kv (table, _("Open files limit"), u64 (env->nofile_limit));
  kv (table, "I/O Bench", dup_or_unknown (env->app_version));
  return table;
}

IbTable *
ib_table_samples (const IbReport *report)
{
  IbTable *table;

  if (report->samples->len == 0)
    return NULL;
  table = table_new ("samples", _("Samples"), _("Strategy"), _(">Round"), _("Warm-up"),
                     _(">Wall"), _(">User"), _(">System"), _(">Bytes"), _(">Files"),
                     _(">Residency"), _("Cache as asked"), _("Excluded"),
                     _(">Ctx switches vol/invol"),
                     _(">Page faults min/maj"), _(">Callbacks"), _(">Peak RSS"), _("OK"),
                     _("Error"), NULL);
  for (guint i = 0; i < report->samples->len; i++)
    {
      const IbSample *s = &g_array_index (report->samples, IbSample, i);

      table_add (table,
                 g_strdup (ib_strategy_title (s->strategy)),
                 g_strdup_printf ("%u", s->round),
                 yes_no (s->warmup),
                 ib_format_duration ((double) s->wall_ns),
                 ib_format_duration ((double) s->user_ns),
                 ib_format_duration ((double) s->sys_ns),
                 u64 (s->bytes),
                 g_strdup_printf ("%u", s->files),
                 s->residency >= 0 ? g_strdup_printf ("%.0f %%", s->residency * 100)
                                   : g_strdup (_("unknown")),
                 yes_no (s->cache_ok),
                 g_strdup (s->excluded != NULL ? ib_excluded_describe (s->excluded) : NULL),
                 g_strdup_printf ("%" G_GINT64_FORMAT " / %" G_GINT64_FORMAT,
                                  s->vol_ctxsw, s->invol_ctxsw),
                 g_strdup_printf ("%" G_GINT64_FORMAT " / %" G_GINT64_FORMAT,
                                  s->minflt, s->majflt),
                 u64 (s->callbacks),
                 ib_format_size (s->peak_rss_bytes),
                 yes_no (s->ok),
                 g_strdup (s->error));
      table_tip (table, 0, s->strategy);
    }
  return table;
}

char *
ib_report_subtitle (const IbReport *report)
{
  const IbPlan *plan = report->plan;
  const IbEnvironment *env = report->environment;
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);

  g_ptr_array_add (parts, g_strdup (preset_title (plan->preset)));
  if (plan->file_sizes->len > 0)
    {
      g_autofree char *total = ib_format_size (ib_plan_total_bytes (plan));

      g_ptr_array_add (parts, g_strdup_printf (ngettext ("%u file, %s", "%u files, %s",
                                                         plan->file_sizes->len),
                                               plan->file_sizes->len, total));
      g_ptr_array_add (parts, g_strdup (ib_cache_mode_text (plan->cache)));
    }
  if (env->cpu_model != NULL)
    g_ptr_array_add (parts, g_strdup_printf ("%s × %u", env->cpu_model, env->cores));
  if (env->fs_type != NULL)
    g_ptr_array_add (parts, g_strdup (env->fs_type));
  if (report->created != NULL)
    g_ptr_array_add (parts, ib_report_date_text (report));
  g_ptr_array_add (parts, NULL);
  return g_strjoinv (" · ", (char **) parts->pdata);
}

char *
ib_report_stem (const char *path)
{
  g_autofree char *base = g_path_get_basename (path);
  char *dot = strrchr (base, '.');

  if (dot != NULL && dot != base)
    *dot = '\0';
  return g_strdup (base);
}
