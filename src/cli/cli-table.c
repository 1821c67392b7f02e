/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-table.c: text on a terminal. ib_cli_print is the one way text
 * reaches stdout or stderr, made safe by ib_text_for_terminal; IbCliTable
 * aligns columns by display width; ib_cli_print_table renders the table
 * model (analysis/ib-tables.h) the HTML, Markdown and the window render
 * too, so a cell reads the same in every display. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>
#include <stdarg.h>
#include <string.h>

#include "analysis/ib-text-safe.h"
#include "cli-common.h"

/* ---- safe text ------------------------------------------------------------ */

void
ib_cli_print (FILE       *out,
              const char *format,
              ...)
{
  g_autofree char *text = NULL;
  g_autofree char *safe = NULL;
  va_list args;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  safe = ib_text_for_terminal (text, TRUE);
  fputs (safe, out);
}

/* ---- tables ------------------------------------------------------------ */

struct _IbCliTable
{
  guint      n_columns;
  gboolean  *right;
  GPtrArray *rows;     /* char ** (n_columns strings), row 0 = headers */
};

IbCliTable *
ib_cli_table_new (guint n_columns,
                  ...)
{
  IbCliTable *table = g_new0 (IbCliTable, 1);
  char **headers = g_new0 (char *, n_columns + 1);
  va_list args;

  table->n_columns = n_columns;
  table->right = g_new0 (gboolean, n_columns);
  table->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);

  va_start (args, n_columns);
  for (guint i = 0; i < n_columns; i++)
    {
      const char *h = va_arg (args, const char *);

      if (h != NULL && h[0] == '>')
        {
          table->right[i] = TRUE;
          h++;
        }
      headers[i] = g_strdup (h ? h : "");
    }
  va_end (args);
  g_ptr_array_add (table->rows, headers);
  return table;
}

void
ib_cli_table_add_row (IbCliTable *table,
                      ...)
{
  char **cells;
  va_list args;

  g_return_if_fail (table != NULL);

  cells = g_new0 (char *, table->n_columns + 1);
  va_start (args, table);
  for (guint i = 0; i < table->n_columns; i++)
    {
      const char *c = va_arg (args, const char *);

      cells[i] = g_strdup (c ? c : "");
    }
  va_end (args);
  g_ptr_array_add (table->rows, cells);
}

void
ib_cli_table_add_rowv (IbCliTable  *table,
                       char       **cells)
{
  char **row;

  g_return_if_fail (table != NULL);

  row = g_new0 (char *, table->n_columns + 1);
  for (guint i = 0; i < table->n_columns; i++)
    row[i] = cells[i] != NULL ? cells[i] : g_strdup ("");
  g_free (cells);
  g_ptr_array_add (table->rows, row);
}

guint
ib_cli_display_width (const char *s)
{
  guint width = 0;

  /* Terminal columns, not characters: CJK text takes two columns a
   * character, combining marks none. */
  for (; s != NULL && *s != '\0'; s = g_utf8_next_char (s))
    {
      gunichar c = g_utf8_get_char (s);

      if (g_unichar_iszerowidth (c))
        continue;
      width += g_unichar_iswide (c) ? 2 : 1;
    }
  return width;
}

void
ib_cli_table_print (IbCliTable *table,
                    FILE       *out)
{
  g_autofree guint *widths = NULL;
  g_autoptr(GPtrArray) rows = NULL;

  g_return_if_fail (table != NULL);

  /* each cell on one line, nothing in it a terminal acts on: measured as
   * it is shown */
  rows = g_ptr_array_new_full (table->rows->len, (GDestroyNotify) g_strfreev);
  for (guint r = 0; r < table->rows->len; r++)
    {
      char **cells = g_ptr_array_index (table->rows, r);
      char **safe = g_new0 (char *, table->n_columns + 1);

      for (guint c = 0; c < table->n_columns; c++)
        safe[c] = ib_text_for_terminal (cells[c], FALSE);
      g_ptr_array_add (rows, safe);
    }

  widths = g_new0 (guint, table->n_columns);
  for (guint r = 0; r < rows->len; r++)
    {
      char **row = g_ptr_array_index (rows, r);

      for (guint c = 0; c < table->n_columns; c++)
        widths[c] = MAX (widths[c], ib_cli_display_width (row[c]));
    }

  for (guint r = 0; r < rows->len; r++)
    {
      char **row = g_ptr_array_index (rows, r);
      g_autoptr(GString) line = g_string_new (NULL);

      for (guint c = 0; c < table->n_columns; c++)
        {
          guint pad = widths[c] - ib_cli_display_width (row[c]);

          if (c > 0)
            g_string_append (line, "  ");
          if (table->right[c])
            {
              for (guint i = 0; i < pad; i++)
                g_string_append_c (line, ' ');
              g_string_append (line, row[c]);
            }
          else
            {
              g_string_append (line, row[c]);
              if (c + 1 < table->n_columns)
                for (guint i = 0; i < pad; i++)
                  g_string_append_c (line, ' ');
            }
        }
      while (line->len > 0 && line->str[line->len - 1] == ' ')
        g_string_truncate (line, line->len - 1);
      fprintf (out, "%s\n", line->str);
      if (r == 0)
        {
          g_string_truncate (line, 0);
          for (guint c = 0; c < table->n_columns; c++)
            {
              if (c > 0)
                g_string_append (line, "  ");
              for (guint i = 0; i < widths[c]; i++)
                g_string_append (line, "-");
            }
          fprintf (out, "%s\n", line->str);
        }
    }
}

void
ib_cli_table_free (IbCliTable *table)
{
  if (table == NULL)
    return;
  g_ptr_array_unref (table->rows);
  g_free (table->right);
  g_free (table);
}

/* ---- the table model ----------------------------------------------------- */

/* Width a note wraps at: a terminal's 80 columns less a margin. */
#define NOTE_WIDTH 78

void
ib_cli_print_wrapped (FILE       *out,
                      const char *text,
                      const char *indent)
{
  g_auto(GStrv) words = NULL;
  g_autoptr(GString) line = g_string_new (NULL);
  g_autofree char *safe = NULL;
  guint width = 0, indent_width;
  gboolean first = TRUE;

  g_return_if_fail (text != NULL);

  indent = indent != NULL ? indent : "";
  indent_width = ib_cli_display_width (indent);
  /* prose: its line breaks stay, nothing else a terminal acts on */
  safe = ib_text_for_terminal (text, TRUE);
  words = g_strsplit (safe, " ", -1);
  for (guint i = 0; words[i] != NULL; i++)
    {
      guint w = ib_cli_display_width (words[i]);

      if (*words[i] == '\0')
        continue;
      if (line->len > 0 && width + 1 + w > NOTE_WIDTH)
        {
          fprintf (out, "%s\n", line->str);
          g_string_truncate (line, 0);
        }
      if (line->len == 0)
        {
          /* a hanging indent: the continued lines two columns further in */
          g_string_append (line, indent);
          width = indent_width;
          if (!first)
            {
              g_string_append (line, "  ");
              width += 2;
            }
          first = FALSE;
        }
      else
        {
          g_string_append_c (line, ' ');
          width++;
        }
      g_string_append (line, words[i]);
      width += w;
    }
  if (line->len > 0)
    fprintf (out, "%s\n", line->str);
}

/* An empty cell prints as a dash: a blank in a column of numbers reads as
 * a printing error. */
static char *
text_cell (const char *cell)
{
  return g_strdup (cell != NULL && *cell != '\0' ? cell : "—");
}

/* The note under the table: the wide note wrapped, or the narrow note's
 * footnote lines as they are. */
static void
print_note (const IbTable *table,
            FILE          *out)
{
  if (table->narrow_note != NULL)
    ib_cli_print (out, "%s", table->narrow_note);
  else if (table->note != NULL)
    ib_cli_print_wrapped (out, table->note, NULL);
}

void
ib_cli_print_table (const IbTable *table,
                    FILE          *out)
{
  g_autoptr(GArray) shown = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(IbCliTable) cli = NULL;
  char **headers;

  g_return_if_fail (table != NULL);

  ib_cli_print (out, "\n%s\n", table->title);
  for (guint c = 0; c < table->headers->len; c++)
    if (!ib_table_column_prose (table, c) && ib_table_column_shown (table, c, IB_TABLE_NARROW))
      g_array_append_val (shown, c);
  if (table->rows->len > 0)
    {
      cli = g_new0 (IbCliTable, 1);
      cli->n_columns = shown->len;
      cli->right = g_new0 (gboolean, shown->len);
      cli->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
      headers = g_new0 (char *, shown->len + 1);
      for (guint i = 0; i < shown->len; i++)
        {
          guint c = g_array_index (shown, guint, i);

          cli->right[i] = ib_table_column_numeric (table, c);
          headers[i] = g_strdup (g_ptr_array_index (table->headers, c));
        }
      g_ptr_array_add (cli->rows, headers);
      for (guint r = 0; r < table->rows->len; r++)
        {
          char **cells = g_new0 (char *, shown->len + 1);

          for (guint i = 0; i < shown->len; i++)
            cells[i] = i == 0 ? g_strdup (ib_table_cell (table, r, g_array_index (shown, guint, i)))
                              : text_cell (ib_table_cell (table, r,
                                                          g_array_index (shown, guint, i)));
          g_ptr_array_add (cli->rows, cells);
        }
      ib_cli_table_print (cli, out);
      /* the sentences under the table, one a row, after the row's name */
      for (guint c = 0; c < table->headers->len; c++)
        {
          if (!ib_table_column_prose (table, c))
            continue;
          for (guint r = 0; r < table->rows->len; r++)
            {
              /* Translators: a row's name and its sentence under a table,
               * "Memory map: B is 1.5x slower than A (...)" */
              g_autofree char *line = g_strdup_printf (_("%s: %s"),
                                                       ib_table_cell (table, r, 0),
                                                       ib_table_cell (table, r, c));

              ib_cli_print_wrapped (out, line, "  ");
            }
        }
    }
  print_note (table, out);
}

void
ib_cli_print_table_transposed (const IbTable *table,
                               FILE          *out)
{
  g_autoptr(IbCliTable) cli = NULL;
  guint n_columns;
  char **headers;

  g_return_if_fail (table != NULL);

  ib_cli_print (out, "\n%s\n", table->title);
  if (table->rows->len > 0)
    {
      /* one column a row of the model, one line a column of it */
      n_columns = table->rows->len + 1;
      cli = g_new0 (IbCliTable, 1);
      cli->n_columns = n_columns;
      cli->right = g_new0 (gboolean, n_columns);
      cli->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
      headers = g_new0 (char *, n_columns + 1);
      headers[0] = g_strdup ("");
      for (guint r = 0; r < table->rows->len; r++)
        {
          headers[r + 1] = g_strdup (ib_table_cell (table, r, 0));
          cli->right[r + 1] = TRUE;
        }
      g_ptr_array_add (cli->rows, headers);
      for (guint c = 1; c < table->headers->len; c++)
        {
          char **cells;

          if (!ib_table_column_shown (table, c, IB_TABLE_NARROW))
            continue;
          cells = g_new0 (char *, n_columns + 1);

          cells[0] = g_strdup (g_ptr_array_index (table->headers, c));
          for (guint r = 0; r < table->rows->len; r++)
            cells[r + 1] = text_cell (ib_table_cell (table, r, c));
          g_ptr_array_add (cli->rows, cells);
        }
      ib_cli_table_print (cli, out);
    }
  print_note (table, out);
}
