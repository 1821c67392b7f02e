/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-table-view.c: a table of labels in rows. Each row is a horizontal box
 * with the accessible role of a row; the columns line up through one
 * horizontal GtkSizeGroup a column, so the accessibility tree is table >
 * row > cell as a screen reader expects, which a GtkGrid of loose labels
 * is not. Laid out as a list, for a part that must fit 360 px (the
 * comparison's rows), each row is a card instead: its name on top, its
 * sentences under it, then its numbers three to a line, each under its
 * column's header and described by it. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include "ib-table-view.h"

struct _IbTableView
{
  GtkWidget  parent_instance;

  GPtrArray *rows;        /* GtkWidget * (boxes), row 0 the headers */
  GPtrArray *groups;      /* GtkSizeGroup *, one a column */
  guint      n_columns;
  char      *shown;       /* every text shown, to skip a rebuild that changes nothing */
  gboolean   list;        /* a card a row, not a table (ib_table_view_new_list) */
};

/* Numbers side by side in a card: three fit a 360 px window. */
#define NUMBERS_A_LINE 3

G_DEFINE_FINAL_TYPE (IbTableView, ib_table_view, GTK_TYPE_WIDGET)

static void
clear (IbTableView *self)
{
  for (guint i = 0; i < self->rows->len; i++)
    gtk_widget_unparent (g_ptr_array_index (self->rows, i));
  g_ptr_array_set_size (self->rows, 0);
  g_ptr_array_set_size (self->groups, 0);
  self->n_columns = 0;
}

/* A label of the model's text @text with @role at @row, @column. */
static GtkWidget *
label_new (const char        *text,
           GtkAccessibleRole  role,
           guint              row,
           guint              column)
{
  GtkWidget *label = g_object_new (GTK_TYPE_LABEL,
                                   "accessible-role", role,
                                   "label", text,
                                   "selectable", FALSE,
                                   NULL);

  gtk_accessible_update_relation (GTK_ACCESSIBLE (label),
                                  GTK_ACCESSIBLE_RELATION_ROW_INDEX, (int) row + 1,
                                  GTK_ACCESSIBLE_RELATION_COL_INDEX, (int) column + 1,
                                  -1);
  return label;
}

static GtkWidget *
cell_new (const char *text,
          gboolean    header,
          gboolean    numeric,
          gboolean    expand,
          guint       row,
          guint       column)
{
  GtkAccessibleRole role = header ? GTK_ACCESSIBLE_ROLE_COLUMN_HEADER
                           : column == 0 ? GTK_ACCESSIBLE_ROLE_ROW_HEADER
                           : GTK_ACCESSIBLE_ROLE_CELL;
  GtkWidget *label = label_new (text, role, row, column);

  gtk_label_set_xalign (GTK_LABEL (label), numeric ? 1.0f : 0.0f);
  if (numeric)
    gtk_widget_add_css_class (label, "numeric");
  if (header)
    {
      gtk_widget_add_css_class (label, "heading");
      gtk_widget_add_css_class (label, "dim-label");
    }
  gtk_widget_set_hexpand (label, expand);
  return label;
}

static GtkWidget *
row_new (IbTableView *self,
         guint        index)
{
  GtkWidget *box = g_object_new (GTK_TYPE_BOX,
                                 "accessible-role", GTK_ACCESSIBLE_ROLE_ROW,
                                 "orientation", GTK_ORIENTATION_HORIZONTAL,
                                 "spacing", 18,
                                 NULL);

  gtk_accessible_update_relation (GTK_ACCESSIBLE (box),
                                  GTK_ACCESSIBLE_RELATION_ROW_INDEX, (int) index + 1, -1);
  gtk_widget_insert_before (box, GTK_WIDGET (self), NULL);
  g_ptr_array_add (self->rows, box);
  return box;
}

/* ---- a list of cards --------------------------------------------------- */

/* A cell of the model: @text ("—" when empty) with @role at @row, @column. */
static GtkWidget *
list_cell_new (const char        *text,
               GtkAccessibleRole  role,
               guint              row,
               guint              column)
{
  GtkWidget *label = label_new (*text != '\0' ? text : "—", role, row, column);

  gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  return label;
}

/* A number under its column's header, the cell described by the header. */
static GtkWidget *
number_new (const IbTable *table,
            guint          row,
            guint          column)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *caption = g_object_new (GTK_TYPE_LABEL,
                                     "label", g_ptr_array_index (table->headers, column),
                                     "xalign", 0.0f,
                                     "wrap", TRUE,
                                     "wrap-mode", PANGO_WRAP_WORD_CHAR,
                                     NULL);
  GtkWidget *value = list_cell_new (ib_table_cell (table, row, column),
                                    GTK_ACCESSIBLE_ROLE_CELL, row, column);

  gtk_widget_add_css_class (caption, "caption");
  gtk_widget_add_css_class (caption, "dim-label");
  gtk_widget_add_css_class (value, "numeric");
  gtk_accessible_update_relation (GTK_ACCESSIBLE (value),
                                  GTK_ACCESSIBLE_RELATION_DESCRIBED_BY, caption, NULL, -1);
  gtk_box_append (GTK_BOX (box), caption);
  gtk_box_append (GTK_BOX (box), value);
  return box;
}

static void
card_new (IbTableView   *self,
          const IbTable *table,
          guint          row)
{
  GtkWidget *card = g_object_new (GTK_TYPE_BOX,
                                  "accessible-role", GTK_ACCESSIBLE_ROLE_ROW,
                                  "orientation", GTK_ORIENTATION_VERTICAL,
                                  "spacing", 6,
                                  NULL);
  GtkWidget *name = list_cell_new (ib_table_cell (table, row, 0),
                                   GTK_ACCESSIBLE_ROLE_ROW_HEADER, row, 0);
  GtkWidget *numbers = NULL;
  guint n_numbers = 0;

  gtk_widget_add_css_class (card, "table-list-row");
  gtk_accessible_update_relation (GTK_ACCESSIBLE (card),
                                  GTK_ACCESSIBLE_RELATION_ROW_INDEX, (int) row + 1, -1);
  gtk_widget_add_css_class (name, "heading");
  gtk_accessible_update_relation (GTK_ACCESSIBLE (card),
                                  GTK_ACCESSIBLE_RELATION_LABELLED_BY, name, NULL, -1);
  /* the id behind a display name, as in the tables */
  if (table->tip_column == 0 && g_ptr_array_index (table->tips, row) != NULL)
    gtk_widget_set_tooltip_text (name, g_ptr_array_index (table->tips, row));
  gtk_box_append (GTK_BOX (card), name);

  /* the sentences first: the verdict is what a row says */
  for (guint c = 1; c < table->headers->len; c++)
    if (ib_table_column_shown (table, c, IB_TABLE_NARROW) && ib_table_column_prose (table, c))
      gtk_box_append (GTK_BOX (card), list_cell_new (ib_table_cell (table, row, c),
                                                     GTK_ACCESSIBLE_ROLE_CELL, row, c));
  for (guint c = 1; c < table->headers->len; c++)
    {
      if (!ib_table_column_shown (table, c, IB_TABLE_NARROW) || ib_table_column_prose (table, c))
        continue;
      if (numbers == NULL)
        {
          numbers = gtk_grid_new ();
          /* as wide as its numbers need in a wide window, not spread out */
          gtk_widget_set_halign (numbers, GTK_ALIGN_START);
          gtk_grid_set_column_homogeneous (GTK_GRID (numbers), TRUE);
          gtk_grid_set_column_spacing (GTK_GRID (numbers), 12);
          gtk_grid_set_row_spacing (GTK_GRID (numbers), 6);
          gtk_box_append (GTK_BOX (card), numbers);
        }
      gtk_grid_attach (GTK_GRID (numbers), number_new (table, row, c),
                       (int) (n_numbers % NUMBERS_A_LINE), (int) (n_numbers / NUMBERS_A_LINE),
                       1, 1);
      n_numbers++;
    }
  gtk_widget_insert_before (card, GTK_WIDGET (self), NULL);
  g_ptr_array_add (self->rows, card);
}

/* ---- showing a table --------------------------------------------------- */

void
ib_table_view_set_table (IbTableView   *self,
                         const IbTable *table)
{
  g_autoptr(GArray) shown = NULL;
  guint expand = 0;

  g_return_if_fail (IB_IS_TABLE_VIEW (self));

  /* A live run refreshes the page after every sample: the labels stay when
   * nothing they show changed. */
  {
    g_autoptr(GString) key = g_string_new (NULL);

    if (table != NULL)
      {
        g_string_append_printf (key, "%s\x1f%s\x1f", table->title, table->note ? table->note : "");
        for (guint c = 0; c < table->headers->len; c++)
          g_string_append_printf (key, "%s\x1f", (char *) g_ptr_array_index (table->headers, c));
        for (guint r = 0; r < table->rows->len; r++)
          for (guint c = 0; c < table->headers->len; c++)
            g_string_append_printf (key, "%s\x1f", ib_table_cell (table, r, c));
      }
    if (g_strcmp0 (key->str, self->shown) == 0 && (table != NULL || self->rows->len == 0))
      return;
    g_free (self->shown);
    self->shown = g_strdup (key->str);
  }

  clear (self);
  if (table == NULL)
    {
      gtk_accessible_reset_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL);
      return;
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, table->title, -1);
  if (self->list)
    {
      for (guint r = 0; r < table->rows->len; r++)
        card_new (self, table, r);
      gtk_accessible_update_relation (GTK_ACCESSIBLE (self),
                                      GTK_ACCESSIBLE_RELATION_ROW_COUNT, (int) table->rows->len,
                                      -1);
      return;
    }

  shown = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint c = 0; c < table->headers->len; c++)
    if (!ib_table_column_prose (table, c) && ib_table_column_shown (table, c, IB_TABLE_WIDE))
      g_array_append_val (shown, c);
  self->n_columns = shown->len;
  /* the first column of names takes the room the numbers leave */
  for (guint i = 0; i < shown->len; i++)
    if (!ib_table_column_numeric (table, g_array_index (shown, guint, i)))
      {
        expand = i;
        break;
      }
  for (guint i = 0; i < shown->len; i++)
    g_ptr_array_add (self->groups, gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL));

  for (guint r = 0; r <= table->rows->len; r++)
    {
      GtkWidget *box = row_new (self, r);

      for (guint i = 0; i < shown->len; i++)
        {
          guint c = g_array_index (shown, guint, i);
          const char *text = r == 0 ? g_ptr_array_index (table->headers, c)
                                    : ib_table_cell (table, r - 1, c);
          GtkWidget *label = cell_new (r > 0 && *text == '\0' ? "—" : text, r == 0,
                                       ib_table_column_numeric (table, c), i == expand, r, i);

          /* the id behind a display name, as in the statistics table */
          if (r > 0 && (int) c == table->tip_column
              && g_ptr_array_index (table->tips, r - 1) != NULL)
            gtk_widget_set_tooltip_text (label, g_ptr_array_index (table->tips, r - 1));
          gtk_size_group_add_widget (g_ptr_array_index (self->groups, i), label);
          gtk_box_append (GTK_BOX (box), label);
          /* a row is read by its first cell (its header), not its type */
          if (i == 0)
            gtk_accessible_update_relation (GTK_ACCESSIBLE (box),
                                            GTK_ACCESSIBLE_RELATION_LABELLED_BY, label, NULL, -1);
        }
    }
  gtk_accessible_update_relation (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_RELATION_ROW_COUNT, (int) table->rows->len + 1,
                                  GTK_ACCESSIBLE_RELATION_COL_COUNT, (int) shown->len,
                                  -1);
}

guint
ib_table_view_get_n_rows (IbTableView *self)
{
  g_return_val_if_fail (IB_IS_TABLE_VIEW (self), 0);
  return self->rows->len;
}

guint
ib_table_view_get_n_columns (IbTableView *self)
{
  g_return_val_if_fail (IB_IS_TABLE_VIEW (self), 0);
  return self->n_columns;
}

GtkLabel *
ib_table_view_get_cell (IbTableView *self,
                        guint        row,
                        guint        column)
{
  GtkWidget *child;

  g_return_val_if_fail (IB_IS_TABLE_VIEW (self), NULL);

  if (self->list || row >= self->rows->len || column >= self->n_columns)
    return NULL;
  child = gtk_widget_get_first_child (g_ptr_array_index (self->rows, row));
  for (guint i = 0; child != NULL && i < column; i++)
    child = gtk_widget_get_next_sibling (child);
  return child != NULL ? GTK_LABEL (child) : NULL;
}

static void
ib_table_view_dispose (GObject *object)
{
  IbTableView *self = IB_TABLE_VIEW (object);

  if (self->rows != NULL)
    clear (self);
  G_OBJECT_CLASS (ib_table_view_parent_class)->dispose (object);
}

static void
ib_table_view_finalize (GObject *object)
{
  IbTableView *self = IB_TABLE_VIEW (object);

  g_ptr_array_unref (self->rows);
  g_ptr_array_unref (self->groups);
  g_free (self->shown);
  G_OBJECT_CLASS (ib_table_view_parent_class)->finalize (object);
}

static void
ib_table_view_class_init (IbTableViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ib_table_view_dispose;
  object_class->finalize = ib_table_view_finalize;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_TABLE);
  gtk_widget_class_set_css_name (widget_class, "table");
}

static void
ib_table_view_init (IbTableView *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));

  self->rows = g_ptr_array_new ();
  self->groups = g_ptr_array_new_with_free_func (g_object_unref);
  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (layout), 6);
}

GtkWidget *
ib_table_view_new (void)
{
  return g_object_new (IB_TYPE_TABLE_VIEW, NULL);
}

GtkWidget *
ib_table_view_new_list (void)
{
  IbTableView *self = g_object_new (IB_TYPE_TABLE_VIEW, NULL);
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));

  self->list = TRUE;
  /* the cards touch, a line between them, as in a boxed list */
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (layout), 0);
  gtk_widget_add_css_class (GTK_WIDGET (self), "card");
  gtk_widget_add_css_class (GTK_WIDGET (self), "table-list");
  return GTK_WIDGET (self);
}
