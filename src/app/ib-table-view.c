/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-table-view.c: a table of labels in rows. Each row is a horizontal box
 * with the accessible role of a row; the columns line up through one
 * horizontal GtkSizeGroup a column, so the accessibility tree is table >
 * row > cell as a screen reader expects, which a GtkGrid of loose labels
 * is not. */
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
};

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
  GtkWidget *label = g_object_new (GTK_TYPE_LABEL,
                                   "accessible-role", role,
                                   "label", text,
                                   "xalign", numeric ? 1.0f : 0.0f,
                                   "selectable", FALSE,
                                   NULL);

  if (numeric)
    gtk_widget_add_css_class (label, "numeric");
  if (header)
    {
      gtk_widget_add_css_class (label, "heading");
      gtk_widget_add_css_class (label, "dim-label");
    }
  gtk_widget_set_hexpand (label, expand);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (label),
                                  GTK_ACCESSIBLE_RELATION_ROW_INDEX, (int) row + 1,
                                  GTK_ACCESSIBLE_RELATION_COL_INDEX, (int) column + 1,
                                  -1);
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
        }
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, table->title, -1);
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

  if (row >= self->rows->len || column >= self->n_columns)
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
