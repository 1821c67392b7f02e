/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-stats-table.c: one IbStatsRow per strategy in a GListStore, shown by a
 * GtkColumnView whose column sorters drive a GtkSortListModel. While a live
 * run recomputes its statistics the rows stay and only their contents
 * change ("changed"): the bound cells update their labels in place, so no
 * row widget is made again and only changed text is measured again. Every
 * strategy of the plan has its row from the start of the run (dashes until
 * it is measured): no row is inserted while the run goes on. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "engine/model/ib-format.h"
#include "engine/stats/ib-stats.h"
#include "engine/io/ib-strategy.h"
#include "ib-stats-table.h"
#include "ib-stats-table-private.h"
#include "ib-tab-stop.h"
#include "analysis/ib-labels.h"
#include "analysis/ib-tables.h"

/* ---- columns ---------------------------------------------------------- */

/* Most telling first: on a narrow window the last columns scroll. */
typedef enum
{
  COL_STRATEGY,
  COL_MEDIAN,
  COL_RATIO,
  COL_STALL,
  COL_CI,
  COL_THROUGHPUT,
  COL_N,
  COL_IN_FLIGHT,
  COL_OUTLIERS,
  COL_USER,
  COL_SYS,
  N_COLUMNS
} Column;

static const struct
{
  const char *title;
  gboolean    numeric;
  const char *help;      /* the title's tooltip: what a terse title means */
} columns[N_COLUMNS] = {
  { N_("Strategy"), FALSE, NULL },
  { N_("Median"), TRUE, N_("Median wall time of one read of all the files") },
  { N_("vs Fastest"), TRUE,
    N_("How many times as long as the fastest strategy, when the samples can tell") },
  { N_("Longest Stall"), TRUE,
    N_("Median longest time a read kept the main loop from running") },
  { N_("CI of Median"), TRUE,
    N_("Confidence interval of the median: where the true median lies") },
  { N_("Throughput"), TRUE, N_("Median throughput, in the unit the Throughput chart uses") },
  { N_("n"), TRUE, N_("Valid samples (measured reads)") },
  { N_("In Flight"), TRUE,
    N_("Most files actually in progress at once (median over the valid samples)") },
  { N_("Outliers"), TRUE,
    N_("Samples far from the rest: mild / severe (outside 1.5 and 3 interquartile "
       "ranges)") },
  /* Translators: the kernel's user/system split is sampled, an estimate */
  { N_("CPU User (est.)"), TRUE,
    N_("CPU time in user space; estimated: the kernel samples the user/system split") },
  { N_("CPU Sys (est.)"), TRUE,
    N_("CPU time in the kernel; estimated: the kernel samples the user/system split") },
};

/* The analysis cell each window column shows (ib-tables.h): the window
 * words no cell itself. */
static const IbStatsColumn cell_of[N_COLUMNS] = {
  [COL_STRATEGY] = IB_STATS_COLUMN_STRATEGY,
  [COL_MEDIAN] = IB_STATS_COLUMN_MEDIAN,
  [COL_RATIO] = IB_STATS_COLUMN_VS_FASTEST,
  [COL_STALL] = IB_STATS_COLUMN_STALL,
  [COL_CI] = IB_STATS_COLUMN_CI,
  [COL_THROUGHPUT] = IB_STATS_COLUMN_THROUGHPUT,
  [COL_N] = IB_STATS_COLUMN_SAMPLES,
  [COL_IN_FLIGHT] = IB_STATS_COLUMN_IN_FLIGHT,
  [COL_OUTLIERS] = IB_STATS_COLUMN_OUTLIERS,
  [COL_USER] = IB_STATS_COLUMN_USER,
  [COL_SYS] = IB_STATS_COLUMN_SYS,
};

/* The analysis layer's text of the cell (its "vs fastest" taken when the
 * report was set, it needs the report's samples), "—" for an empty cell
 * and for every cell but the name of a strategy not measured yet. */
static char *
format_cell (IbStatsRow *row,
             Column      column)
{
  char *text;

  g_assert (column >= 0 && column < N_COLUMNS);
  if (row->pending && column != COL_STRATEGY)
    return g_strdup ("—");
  if (column == COL_RATIO)
    text = g_strdup (row->vs_fastest);
  else
    text = ib_table_stats_cell (NULL, &row->stats, NULL, cell_of[column]);
  return text != NULL ? text : g_strdup ("—");
}

static double
sort_key (IbStatsRow *row,
          Column      column)
{
  const IbStats *s = &row->stats;

  switch (column)
    {
    case COL_MEDIAN:
    case COL_RATIO:
      return s->n > 0 ? s->median_ns : G_MAXDOUBLE;
    case COL_CI:
      return s->n > 0 ? s->ci_high_ns - s->ci_low_ns : G_MAXDOUBLE;
    case COL_THROUGHPUT:
      return s->mib_per_s;
    case COL_STALL:
      return s->n_responsive > 0 ? s->stall_ns : G_MAXDOUBLE;
    case COL_USER:
      return s->user_ns;
    case COL_SYS:
      return s->sys_ns;
    case COL_N:
      return s->n;
    case COL_IN_FLIGHT:
      return s->max_in_flight;
    case COL_OUTLIERS:
      return (double) s->outliers_mild + s->outliers_severe;
    case COL_STRATEGY:
    case N_COLUMNS:
    default:
      return 0;
    }
}

static int
compare_rows (gconstpointer a,
              gconstpointer b,
              gpointer      user_data)
{
  Column column = GPOINTER_TO_INT (user_data);
  IbStatsRow *ra = IB_STATS_ROW ((gpointer) a);
  IbStatsRow *rb = IB_STATS_ROW ((gpointer) b);
  double ka, kb;

  if (column == COL_STRATEGY)
    return g_utf8_collate (ib_strategy_title (ra->stats.strategy),
                           ib_strategy_title (rb->stats.strategy));
  ka = sort_key (ra, column);
  kb = sort_key (rb, column);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

static void
setup_cell (GtkSignalListItemFactory *factory,
            GtkListItem              *item,
            gpointer                  user_data)
{
  Column column = GPOINTER_TO_INT (user_data);
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), columns[column].numeric ? 1.0f : 0.0f);
  if (columns[column].numeric)
    gtk_widget_add_css_class (label, "numeric");
  else
    {
      gtk_label_set_selectable (GTK_LABEL (label), FALSE);
      /* A narrow window cuts the name in its middle (its end tells
       * "serial" from "parallel"), not the median beside it. */
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_MIDDLE);
    }
  gtk_list_item_set_child (item, label);
}

/* GTK 4.8 has no API for the row of a column view: names the row widget
 * (the parent of @label's cell) so a screen reader says more than its type,
 * "Memory map, median 38 ms, fastest". */
static void
name_row_widget (GtkWidget  *label,
                 IbStatsRow *row)
{
  GtkWidget       *cell = gtk_widget_get_parent (label);
  GtkWidget       *row_widget = cell != NULL ? gtk_widget_get_parent (cell) : NULL;
  g_autofree char *strategy = NULL;
  g_autofree char *median = NULL;
  g_autofree char *ratio = NULL;
  char            *name;

  if (row_widget == NULL)
    return;
  strategy = format_cell (row, COL_STRATEGY);
  median = format_cell (row, COL_MEDIAN);
  ratio = format_cell (row, COL_RATIO);
  /* Translators: accessible name of a statistics row: strategy, median, ratio */
  name = g_strdup_printf (_("%s, median %s, %s"), strategy, median, ratio);
  /* Only a changed name is an accessibility event. */
  if (g_strcmp0 (g_object_get_data (G_OBJECT (row_widget), "ib-name"), name) != 0)
    {
      gtk_accessible_update_property (GTK_ACCESSIBLE (row_widget),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
      g_object_set_data_full (G_OBJECT (row_widget), "ib-name", name, g_free);
    }
  else
    g_free (name);
}

static gboolean table_short_names (GtkWidget *label);

/* Shows @row in the cell of @column; text only set when it changed, so an
 * unchanged cell is not measured again. */
static void
fill_cell (GtkListItem *item,
           Column       column)
{
  IbStatsRow *row = gtk_list_item_get_item (item);
  GtkWidget *label = gtk_list_item_get_child (item);
  g_autofree char *text = NULL;
  const IbStrategyInfo *info;

  if (row == NULL || label == NULL)
    return;
  text = format_cell (row, column);
  if (column == COL_STRATEGY)
    {
      _ib_stats_name_set (label, text, g_str_equal (text, ib_strategy_title (row->stats.strategy))
                                       ? ib_strategy_short_title (row->stats.strategy) : NULL,
                          table_short_names (label));
    }
  else if (g_strcmp0 (gtk_label_get_text (GTK_LABEL (label)), text) != 0)
    gtk_label_set_text (GTK_LABEL (label), text);
  if (column == COL_STRATEGY)
    {
      info = ib_strategy_lookup (row->stats.strategy);
      if (info != NULL)
        {
          /* The whole name (the cell may cut it), the id (as in JSON and
           * CSV) and what the strategy does. */
          g_autofree char *tip = g_strdup_printf ("%s\n%s\n%s", text, row->stats.strategy,
                                                  _(info->description));

          gtk_widget_set_tooltip_text (label, tip);
        }
      else
        gtk_widget_set_tooltip_text (label, row->stats.strategy);
    }
  /* both views' rows: the names' (frozen) and the numbers' */
  if (column == COL_STRATEGY || column == COL_MEDIAN)
    name_row_widget (label, row);
  if (row->pending && column != COL_STRATEGY)
    {
      gtk_widget_set_tooltip_text (label, _("Not measured yet"));
      gtk_widget_remove_css_class (label, "success");
      return;
    }
  if (column == COL_IN_FLIGHT)
    gtk_widget_set_tooltip_text (label, _("Most files actually in progress at once "
                                          "(median over the valid samples)"));
  if (column == COL_OUTLIERS)
    {
      /* Translators: tooltip of the Outliers cell, "Outliers: mild 1, severe 2
       * (outside 1.5 and 3 interquartile ranges)"; counts as labels, so one
       * form serves every count */
      g_autofree char *tip = g_strdup_printf (_("Outliers: mild %u, severe %u (outside 1.5 "
                                                "and 3 interquartile ranges)"),
                                              row->stats.outliers_mild,
                                              row->stats.outliers_severe);

      gtk_widget_set_tooltip_text (label, tip);
      return;
    }
  if (column == COL_STALL)
    {
      g_autofree char *tip = NULL;

      if (row->stats.n_responsive > 0)
        {
          g_autofree char *worst = ib_format_duration (row->stats.stall_max_ns);
          g_autofree char *p99 = ib_format_duration (row->stats.lateness_p99_ns);

          /* Translators: tooltip of the "Longest Stall" cell; medians over the reads */
          tip = g_strdup_printf (_("How long the read kept the main loop from running a 1 ms "
                                   "tick (median of %u reads)\nWorst read: %s\n"
                                   "99th percentile of lateness: %s\n"
                                   "Frames missed per read, expected over a random vsync "
                                   "phase: %.2g at 60 Hz, %.2g at 120 Hz"),
                                 row->stats.n_responsive, worst, p99,
                                 row->stats.frames_missed_60, row->stats.frames_missed_120);
        }
      gtk_widget_set_tooltip_text (label, tip);
    }
  else if (column != COL_STRATEGY)
    {
      /* How the row is aggregated: median of n valid samples, interval and
       * its coverage, excluded samples. */
      g_autofree char *how = ib_stats_aggregation_text (&row->stats);
      g_autofree char *tip = NULL;

      if (column == COL_RATIO && row->too_few)
        tip = g_strdup_printf (_("%s\nA factor needs at least %u valid samples on each side."),
                               how, IB_VERDICT_MIN_SAMPLES);
      else if (column == COL_RATIO && row->same)
        tip = g_strdup_printf (_("%s\nCannot be told apart from the fastest: the interval of "
                                 "the ratio contains 1."), how);
      gtk_widget_set_tooltip_text (label, tip != NULL ? tip : how);
    }
  if (column == COL_RATIO)
    {
      if (!row->too_few && row->ratio > 0 && row->ratio < 1.005)
        gtk_widget_add_css_class (label, "success");
      else
        gtk_widget_remove_css_class (label, "success");
    }
}

static void
on_row_changed (IbStatsRow  *row,
                GtkListItem *item)
{
  fill_cell (item, GPOINTER_TO_INT (g_object_get_data (G_OBJECT (item), "ib-column")));
}

static void
bind_cell (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           gpointer                  user_data)
{
  IbStatsRow *row = gtk_list_item_get_item (item);

  g_object_set_data (G_OBJECT (item), "ib-column", user_data);
  g_signal_connect_object (row, "changed", G_CALLBACK (on_row_changed), item, 0);
  fill_cell (item, GPOINTER_TO_INT (user_data));
}

static void
unbind_cell (GtkSignalListItemFactory *factory,
             GtkListItem              *item,
             gpointer                  user_data)
{
  IbStatsRow *row = gtk_list_item_get_item (item);

  if (row != NULL)
    g_signal_handlers_disconnect_by_func (row, on_row_changed, item);
}

/* ---- IbStatsTable ----------------------------------------------------- */

struct _IbStatsTable
{
  GtkWidget      parent_instance;

  GtkWidget     *names;     /* the Strategy column: stays when the rest scrolls */
  GtkWidget     *scroller;
  GtkColumnView *view;      /* every other column, scrolled sideways */
  GListStore    *store;
  gboolean       syncing;   /* one view's sort is clearing the other's */
  gboolean       live;
  gboolean       unsorted;  /* a sort key moved while live */
  gboolean       short_names; /* the names' column shows the short names */
  int            full_width;  /* its natural width with the whole names */
  guint          names_id;    /* the idle that shows the names anew */
};

G_DEFINE_FINAL_TYPE (IbStatsTable, ib_stats_table, GTK_TYPE_WIDGET)

static void
ib_stats_table_dispose (GObject *object)
{
  IbStatsTable *self = IB_STATS_TABLE (object);

  g_clear_handle_id (&self->names_id, g_source_remove);
  g_clear_pointer (&self->names, gtk_widget_unparent);
  g_clear_pointer (&self->scroller, gtk_widget_unparent);
  g_clear_object (&self->store);
  G_OBJECT_CLASS (ib_stats_table_parent_class)->dispose (object);
}

/* One Tab stop for the whole table; the arrow keys go from row to row. */
static gboolean
ib_stats_table_focus (GtkWidget        *widget,
                      GtkDirectionType  direction)
{
  return ib_tab_stop_focus_once (widget, direction,
                                 GTK_WIDGET_CLASS (ib_stats_table_parent_class)->focus);
}

/* The names' width at @width: their natural width, but at most a share of
 * the table, so that a narrow window still shows the median beside them
 * (names then end in an ellipsis; the tooltip has them whole). */
static int
names_width (IbStatsTable *self,
             int           width)
{
  int name_min, name_nat, rest_min, share;

  gtk_widget_measure (self->names, GTK_ORIENTATION_HORIZONTAL, -1,
                      &name_min, &name_nat, NULL, NULL);
  gtk_widget_measure (self->scroller, GTK_ORIENTATION_HORIZONTAL, -1,
                      &rest_min, NULL, NULL, NULL);
  share = MAX (name_min, (int) (width * 0.45));
  return MAX (name_min, MIN (MIN (name_nat, share), width - rest_min));
}

static void
ib_stats_table_measure (GtkWidget      *widget,
                        GtkOrientation  orientation,
                        int             for_size,
                        int            *minimum,
                        int            *natural,
                        int            *minimum_baseline,
                        int            *natural_baseline)
{
  IbStatsTable *self = IB_STATS_TABLE (widget);
  int nmin, nnat, smin, snat;

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      gtk_widget_measure (self->names, orientation, -1, &nmin, &nnat, NULL, NULL);
      gtk_widget_measure (self->scroller, orientation, -1, &smin, &snat, NULL, NULL);
      *minimum = nmin + smin;
      *natural = nnat + snat;
      return;
    }
  if (for_size >= 0)
    {
      int nw = names_width (self, for_size);

      gtk_widget_measure (self->names, orientation, nw, &nmin, &nnat, NULL, NULL);
      gtk_widget_measure (self->scroller, orientation, MAX (0, for_size - nw),
                          &smin, &snat, NULL, NULL);
    }
  else
    {
      gtk_widget_measure (self->names, orientation, -1, &nmin, &nnat, NULL, NULL);
      gtk_widget_measure (self->scroller, orientation, -1, &smin, &snat, NULL, NULL);
    }
  *minimum = MAX (nmin, smin);
  *natural = MAX (nnat, snat);
}

/* The scrollbar under the numbers comes and goes with the width. */
static GtkSizeRequestMode
ib_stats_table_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static gboolean
table_short_names (GtkWidget *label)
{
  GtkWidget *table = gtk_widget_get_ancestor (label, IB_TYPE_STATS_TABLE);

  return table != NULL && IB_STATS_TABLE (table)->short_names;
}

static gboolean
show_names (gpointer user_data)
{
  IbStatsTable *self = IB_STATS_TABLE (user_data);

  self->names_id = 0;
  _ib_stats_names_show (self->names, self->short_names);
  return G_SOURCE_REMOVE;
}

/* At @width, the short names when the whole ones would be cut (at 360 px
 * "Async sin…d (serial)" and "Async st…m (serial)" cannot be told apart);
 * the whole names again once they fit. Shown after this allocation. */
static void
choose_names (IbStatsTable *self,
              int           width)
{
  int rest_min;
  gboolean want;

  if (!self->short_names)
    gtk_widget_measure (self->names, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &self->full_width,
                        NULL, NULL);
  gtk_widget_measure (self->scroller, GTK_ORIENTATION_HORIZONTAL, -1, &rest_min, NULL, NULL,
                      NULL);
  want = MIN ((int) (width * 0.45), width - rest_min) < self->full_width;
  if (want != self->short_names)
    {
      self->short_names = want;
      if (self->names_id == 0)
        self->names_id = g_idle_add (show_names, self);
    }
}

static void
ib_stats_table_size_allocate (GtkWidget *widget,
                              int        width,
                              int        height,
                              int        baseline)
{
  IbStatsTable *self = IB_STATS_TABLE (widget);
  int nw;
  gboolean rtl = gtk_widget_get_direction (widget) == GTK_TEXT_DIR_RTL;
  GtkAllocation names, rest;

  choose_names (self, width);
  nw = names_width (self, width);
  names = (GtkAllocation) { rtl ? width - nw : 0, 0, nw, height };
  rest = (GtkAllocation) { rtl ? 0 : nw, 0, MAX (0, width - nw), height };
  gtk_widget_size_allocate (self->names, &names, -1);
  gtk_widget_size_allocate (self->scroller, &rest, -1);
}

static void
ib_stats_table_class_init (IbStatsTableClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = ib_stats_table_dispose;
  GTK_WIDGET_CLASS (klass)->focus = ib_stats_table_focus;
  GTK_WIDGET_CLASS (klass)->measure = ib_stats_table_measure;
  GTK_WIDGET_CLASS (klass)->size_allocate = ib_stats_table_size_allocate;
  GTK_WIDGET_CLASS (klass)->get_request_mode = ib_stats_table_get_request_mode;
  gtk_widget_class_set_css_name (GTK_WIDGET_CLASS (klass), "statstable");
}

/* Numbers are right-aligned: so are their column titles. GTK 4.8 has no
 * header factory; the titles are the header's children, in column order,
 * each a box of a label and the sort arrow. */
static void
align_numeric_titles (GtkColumnView *view,
                      int            first)
{
  GtkWidget *header = gtk_widget_get_first_child (GTK_WIDGET (view));
  GtkWidget *title = header != NULL ? gtk_widget_get_first_child (header) : NULL;

  for (int c = first; c < N_COLUMNS && title != NULL;
       c++, title = gtk_widget_get_next_sibling (title))
    {
      GtkWidget *box = gtk_widget_get_first_child (title);

      if (columns[c].numeric && box != NULL)
        gtk_widget_set_halign (box, GTK_ALIGN_END);
      /* What a terse title means, on the title itself. */
      if (columns[c].help != NULL)
        gtk_widget_set_tooltip_text (title, _(columns[c].help));
    }
}

/* Sorting by a column of one view unsorts the other: the rows follow the
 * column clicked last (a multi-sorter of the two views' sorters). */
static void
on_sorter_changed (GtkSorter    *sorter,
                   GtkSorterChange change,
                   IbStatsTable *self)
{
  GtkColumnView *names, *other;

  if (self->syncing || self->names == NULL || self->scroller == NULL)
    return;
  names = GTK_COLUMN_VIEW (self->names);
  other = sorter == gtk_column_view_get_sorter (names) ? self->view : names;
  self->syncing = TRUE;
  gtk_column_view_sort_by_column (other, NULL, GTK_SORT_ASCENDING);
  self->syncing = FALSE;
}

static GtkColumnView *
new_view (void)
{
  GtkColumnView *view = GTK_COLUMN_VIEW (gtk_column_view_new (NULL));

  gtk_column_view_set_reorderable (view, FALSE);
  gtk_column_view_set_show_column_separators (view, FALSE);
  gtk_widget_add_css_class (GTK_WIDGET (view), "data-table");
  /* GTK 4.8 names a column view's header row and its list by their types
   * ("GtkListItemWidget", "GtkColumnListView"): words instead */
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (view)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    gtk_accessible_update_property (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                    GTK_IS_LIST_VIEW (child) ? _("Rows") : _("Column headers"),
                                    -1);
  return view;
}

static void
ib_stats_table_init (IbStatsTable *self)
{
  GtkSortListModel *sorted;
  GtkNoSelection *selection;
  GtkColumnViewColumn *median_column = NULL;
  GtkMultiSorter *both;
  GtkColumnView *names;

  self->store = g_list_store_new (IB_TYPE_STATS_ROW);
  /* Two views of one sorted model, row for row: the names stay put while
   * the numbers scroll sideways (GTK 4.8 has no fixed column). */
  names = new_view ();
  self->names = GTK_WIDGET (names);
  self->view = new_view ();

  for (int c = 0; c < N_COLUMNS; c++)
    {
      GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
      GtkColumnViewColumn *column;
      GtkSorter *sorter;

      g_signal_connect (factory, "setup", G_CALLBACK (setup_cell), GINT_TO_POINTER (c));
      g_signal_connect (factory, "bind", G_CALLBACK (bind_cell), GINT_TO_POINTER (c));
      g_signal_connect (factory, "unbind", G_CALLBACK (unbind_cell), GINT_TO_POINTER (c));
      column = gtk_column_view_column_new (_(columns[c].title), factory);
      sorter = GTK_SORTER (gtk_custom_sorter_new (compare_rows, GINT_TO_POINTER (c), NULL));
      gtk_column_view_column_set_sorter (column, sorter);
      g_object_unref (sorter);
      gtk_column_view_column_set_resizable (column, TRUE);
      if (c == COL_STRATEGY)
        gtk_column_view_column_set_expand (column, TRUE);
      gtk_column_view_append_column (c == COL_STRATEGY ? names : self->view, column);
      if (c == COL_MEDIAN)
        median_column = column;
      g_object_unref (column);
    }

  align_numeric_titles (names, COL_STRATEGY);
  align_numeric_titles (self->view, COL_STRATEGY + 1);

  both = gtk_multi_sorter_new ();
  gtk_multi_sorter_append (both, g_object_ref (gtk_column_view_get_sorter (names)));
  gtk_multi_sorter_append (both, g_object_ref (gtk_column_view_get_sorter (self->view)));
  sorted = gtk_sort_list_model_new (G_LIST_MODEL (g_object_ref (self->store)),
                                    GTK_SORTER (both));
  selection = gtk_no_selection_new (G_LIST_MODEL (sorted));
  gtk_column_view_set_model (names, GTK_SELECTION_MODEL (selection));
  gtk_column_view_set_model (self->view, GTK_SELECTION_MODEL (selection));
  g_object_unref (selection);
  gtk_column_view_sort_by_column (self->view, median_column, GTK_SORT_ASCENDING);
  g_signal_connect_object (gtk_column_view_get_sorter (names), "changed",
                           G_CALLBACK (on_sorter_changed), self, 0);
  g_signal_connect_object (gtk_column_view_get_sorter (self->view), "changed",
                           G_CALLBACK (on_sorter_changed), self, 0);

  gtk_widget_set_parent (self->names, GTK_WIDGET (self));
  /* Wider than the page: a scrollbar under the last row and a fade. */
  self->scroller = ib_side_scroller_new ();
  ib_side_scroller_set_child (IB_SIDE_SCROLLER (self->scroller), GTK_WIDGET (self->view));
  gtk_widget_set_parent (self->scroller, GTK_WIDGET (self));

  gtk_accessible_update_property (GTK_ACCESSIBLE (self->view),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Statistics per strategy"),
                                  -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (names),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Strategies"), -1);
}

GtkWidget *
ib_stats_table_new (void)
{
  return g_object_new (IB_TYPE_STATS_TABLE, NULL);
}

static gboolean
same_row (IbStatsRow *a,
          IbStatsRow *b)
{
  for (int c = 0; c < N_COLUMNS; c++)
    {
      g_autofree char *ta = format_cell (a, c);
      g_autofree char *tb = format_cell (b, c);

      if (g_strcmp0 (ta, tb) != 0 || sort_key (a, c) != sort_key (b, c))
        return FALSE;
    }
  /* And what the tooltips say beyond the cells. */
  return a->pending == b->pending &&
         a->stats.stall_max_ns == b->stats.stall_max_ns &&
         a->stats.lateness_p99_ns == b->stats.lateness_p99_ns &&
         a->stats.frames_missed_60 == b->stats.frames_missed_60 &&
         a->stats.frames_missed_120 == b->stats.frames_missed_120 &&
         a->stats.ci_level == b->stats.ci_level &&
         a->stats.ci_method == b->stats.ci_method;
}

/* Where @strategy's row is in the store, or -1. */
static int
find_row (GListModel *model,
          const char *strategy)
{
  guint n = g_list_model_get_n_items (model);

  for (guint k = 0; k < n; k++)
    {
      g_autoptr(IbStatsRow) row = g_list_model_get_item (model, k);

      if (g_strcmp0 (row->stats.strategy, strategy) == 0)
        return (int) k;
    }
  return -1;
}

static gboolean
has_strategy (GPtrArray  *rows,
              const char *strategy)
{
  for (guint i = 0; i < rows->len; i++)
    if (g_strcmp0 (((IbStatsRow *) g_ptr_array_index (rows, i))->stats.strategy, strategy) == 0)
      return TRUE;
  return FALSE;
}

/* A live run's statistics: rows of strategies already shown take the new
 * values and say so ("changed"), rows of strategies gone are removed, a
 * strategy not shown yet gets a row; the sorter re-sorts once when a sort key
 * moved. No other row widget is made again. */
static void
merge_rows (IbStatsTable *self,
            GPtrArray    *rows)
{
  GListModel *model = G_LIST_MODEL (self->store);
  gboolean moved = FALSE;

  for (guint k = g_list_model_get_n_items (model); k-- > 0;)
    {
      g_autoptr(IbStatsRow) old = g_list_model_get_item (model, k);

      if (!has_strategy (rows, old->stats.strategy))
        g_list_store_remove (self->store, k);
    }
  for (guint i = 0; i < rows->len; i++)
    {
      IbStatsRow *row = g_ptr_array_index (rows, i);
      int k = find_row (model, row->stats.strategy);
      g_autoptr(IbStatsRow) old = k >= 0 ? g_list_model_get_item (model, k) : NULL;

      if (old == NULL)
        {
          g_list_store_insert (self->store, MIN (i, g_list_model_get_n_items (model)), row);
          continue;
        }
      if (same_row (old, row))
        continue;
      for (int c = 0; c < N_COLUMNS && !moved; c++)
        moved = sort_key (old, c) != sort_key (row, c);
      ib_stats_clear (&old->stats);
      ib_stats_copy_into (&old->stats, &row->stats);
      old->ratio = row->ratio;
      old->too_few = row->too_few;
      g_free (old->vs_fastest);
      old->vs_fastest = g_strdup (row->vs_fastest);
      old->same = row->same;
      old->pending = row->pending;
      _ib_stats_row_changed (old);
    }
  /* Rows stay put while the run goes on (as in the charts): moving them
   * costs a re-sort and new CSS for every moved row; sorted once it ends. */
  if (moved && self->live)
    self->unsorted = TRUE;
  else if (moved)
    gtk_sorter_changed (gtk_column_view_get_sorter (self->view), GTK_SORTER_CHANGE_DIFFERENT);
}

void
ib_stats_table_set_live (IbStatsTable *self,
                         gboolean      live)
{
  g_return_if_fail (IB_IS_STATS_TABLE (self));

  /* A new run starts with its names and first columns in sight, not
   * where the last run's table was scrolled to. */
  if (live && !self->live)
    {
      GtkWidget *sw = gtk_widget_get_ancestor (GTK_WIDGET (self->view), GTK_TYPE_SCROLLED_WINDOW);

      if (sw != NULL)
        gtk_adjustment_set_value (gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (sw)),
                                  0);
    }
  self->live = !!live;
  /* Over: strategies never measured have no row (as in a saved report). */
  if (!self->live)
    for (guint k = g_list_model_get_n_items (G_LIST_MODEL (self->store)); k-- > 0;)
      {
        g_autoptr(IbStatsRow) row = g_list_model_get_item (G_LIST_MODEL (self->store), k);

        if (row->pending)
          g_list_store_remove (self->store, k);
      }
  if (!self->live && self->unsorted)
    gtk_sorter_changed (gtk_column_view_get_sorter (self->view), GTK_SORTER_CHANGE_DIFFERENT);
  if (!self->live)
    self->unsorted = FALSE;
}

/* While live: a row for every strategy the plan will read, in the plan's
 * order (as the statistics come), so that the first round of the run only
 * fills rows in and never inserts one. */
static void
add_pending_rows (GPtrArray    *rows,
                  const IbPlan *plan)
{
  g_autoptr(GPtrArray) measured = NULL;

  if (plan == NULL || plan->file_sizes == NULL || plan->file_sizes->len == 0 ||
      plan->strategies == NULL || plan->strategies->len == 0)
    return;
  measured = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < rows->len; i++)
    g_ptr_array_add (measured, g_object_ref (g_ptr_array_index (rows, i)));
  g_ptr_array_set_size (rows, 0);
  for (guint i = 0; i < plan->strategies->len; i++)
    {
      const char *id = g_ptr_array_index (plan->strategies, i);
      IbStatsRow *row = NULL;

      for (guint j = 0; j < measured->len && row == NULL; j++)
        if (g_strcmp0 (((IbStatsRow *) g_ptr_array_index (measured, j))->stats.strategy, id) == 0)
          row = g_object_ref (g_ptr_array_index (measured, j));
      if (row == NULL)
        {
          row = g_object_new (IB_TYPE_STATS_ROW, NULL);
          row->stats.strategy = g_strdup (id);
          row->stats.cpu_ns = -1;
          row->pending = TRUE;
        }
      if (!has_strategy (rows, id))
        g_ptr_array_add (rows, row);
      else
        g_object_unref (row);
    }
  /* Any strategy measured that the plan does not name, after them. */
  for (guint j = 0; j < measured->len; j++)
    {
      IbStatsRow *row = g_ptr_array_index (measured, j);

      if (!has_strategy (rows, row->stats.strategy))
        g_ptr_array_add (rows, g_object_ref (row));
    }
}

void
ib_stats_table_set_report (IbStatsTable   *self,
                           const IbReport *report)
{
  g_autoptr(GPtrArray) rows = NULL;
  double fastest = G_MAXDOUBLE;
  guint fastest_n = 0;
  const IbStats *fastest_stats = NULL;

  g_return_if_fail (IB_IS_STATS_TABLE (self));

  rows = g_ptr_array_new_with_free_func (g_object_unref);
  if (report != NULL && report->statistics != NULL)
    {
      for (guint i = 0; i < report->statistics->len; i++)
        {
          const IbStats *s = &g_array_index (report->statistics, IbStats, i);

          if (s->n > 0 && s->median_ns > 0 && s->median_ns < fastest)
            {
              fastest = s->median_ns;
              fastest_n = s->n;
              fastest_stats = s;
            }
        }
      for (guint i = 0; i < report->statistics->len; i++)
        {
          const IbStats *s = &g_array_index (report->statistics, IbStats, i);
          gboolean clear = FALSE;
          IbStatsRow *row;

          if (s->n == 0 && s->n_failed == 0 && s->n_excluded == 0)
            continue;
          row = g_object_new (IB_TYPE_STATS_ROW, NULL);
          ib_stats_copy_into (&row->stats, s);
          row->ratio = (s->n > 0 && fastest < G_MAXDOUBLE) ? s->median_ns / fastest : 0;
          /* No factor that the samples cannot carry (README, "What it
           * measures"). */
          row->too_few = row->ratio > 0 && (s->n < IB_VERDICT_MIN_SAMPLES
                                            || fastest_n < IB_VERDICT_MIN_SAMPLES);
          /* The model's "vs fastest" cell (IB_STATS_COLUMN_VS_FASTEST is
           * this call), with whether its verdict is clear. */
          row->vs_fastest = ib_vs_fastest_text (report, s, fastest_stats, &clear);
          if (row->too_few)
            row->ratio = 0;
          else
            row->same = !clear && row->ratio >= 1.005;
          g_ptr_array_add (rows, row);
        }
    }
  if (self->live && report != NULL)
    add_pending_rows (rows, report->plan);

  merge_rows (self, rows);
}

guint
ib_stats_table_get_n_rows (IbStatsTable *self)
{
  g_return_val_if_fail (IB_IS_STATS_TABLE (self), 0);
  return g_list_model_get_n_items (G_LIST_MODEL (self->store));
}
