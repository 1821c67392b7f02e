/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-tables.h: the tables every display shows (statistics, sweep, overhead,
 * write+delete, plan, environment, samples, and the comparison of two runs),
 * built once as strings and rendered by the Markdown and HTML writers, the
 * CLI (cli/cli-table.c) and the window (app/ib-table-view.c), so a cell
 * reads the same everywhere. */
#pragma once

#include <glib.h>

#include "engine/model/ib-types.h"
#include "ib-analysis.h"
#include "ib-compare.h"

G_BEGIN_DECLS

/* The displays a column is for, a mask. A wide display (HTML, Markdown,
 * the window's tables) shows the IB_TABLE_WIDE columns, a narrow one (a
 * terminal) the IB_TABLE_NARROW ones: fewer, some of them denser (CPU user
 * and system time in one cell). Most columns are for both. */
typedef enum
{
  IB_TABLE_WIDE   = 1 << 0,
  IB_TABLE_NARROW = 1 << 1,
  IB_TABLE_BOTH   = IB_TABLE_WIDE | IB_TABLE_NARROW,
} IbTableWidth;

typedef struct
{
  char      *id;        /* "statistics", "sweep", ... (HTML anchors) */
  char      *title;     /* translated */
  GPtrArray *headers;   /* char * */
  GArray    *numeric;   /* gboolean per column: right-aligned */
  /* gboolean per column: a sentence, not a value (a comparison's verdict).
   * HTML and Markdown show it as a column; a terminal prints it under the
   * table, one line a row, after the row's first cell. */
  GArray    *prose;
  GPtrArray *rows;      /* char ** (g_strfreev), one cell per header */
  GArray    *widths;    /* IbTableWidth per column: the displays that show it */
  char      *note;      /* translated text shown under the table, or NULL */
  /* What a narrow display shows under the table instead of the note (its
   * lines, each ending in '\n'), or NULL for the note: the wide note
   * explains columns a narrow display leaves out. */
  char      *narrow_note;
  /* The ids behind the display names of one column (a strategy, kind or
   * mode): tips->len == rows->len, an entry may be NULL. HTML shows them as
   * the cell's tooltip; tip_column is -1 when the table has none. */
  GPtrArray *tips;      /* char * */
  int        tip_column;
} IbTable;

void       ib_table_free            (IbTable        *table);

/* Each returns NULL when the report has nothing for it. */
IbTable   *ib_table_statistics      (const IbReport *report);
/* The cells of the statistics table, in its order, and the window's own
 * In Flight column (the report tables have none). */
typedef enum
{
  IB_STATS_COLUMN_STRATEGY,
  IB_STATS_COLUMN_N,          /* "8": the wide displays' valid samples */
  IB_STATS_COLUMN_MEDIAN,
  IB_STATS_COLUMN_CI,
  IB_STATS_COLUMN_COVERAGE,
  IB_STATS_COLUMN_MIN,
  IB_STATS_COLUMN_MAX,
  IB_STATS_COLUMN_CV,
  IB_STATS_COLUMN_THROUGHPUT,
  IB_STATS_COLUMN_CPU,
  IB_STATS_COLUMN_USER,
  IB_STATS_COLUMN_SYS,
  IB_STATS_COLUMN_USER_SYS,   /* "1 ms / 2 ms": the narrow displays' split */
  IB_STATS_COLUMN_VS_FASTEST,
  IB_STATS_COLUMN_OUTLIERS,
  IB_STATS_COLUMN_FAILED,
  IB_STATS_COLUMN_EXCLUDED,
  IB_STATS_COLUMN_STALL,
  IB_STATS_COLUMN_SAMPLES,    /* "7 (1 failed)": the narrow displays' n */
  IB_STATS_COLUMN_IN_FLIGHT,  /* the window's column only */
} IbStatsColumn;

/* One cell of @st's statistics row, or NULL for an empty cell (a display
 * shows it as it shows an empty cell). @report and @fastest (the row with
 * the lowest median, or NULL) are read for IB_STATS_COLUMN_VS_FASTEST only
 * (ib_vs_fastest_text; no report, no factor). */
char      *ib_table_stats_cell      (const IbReport *report,
                                     const IbStats  *st,
                                     const IbStats  *fastest,
                                     IbStatsColumn   column);

/* Median longest stall, worst stall, p99 lateness and frames missed of the
 * 1 ms main-loop tick per strategy (medians over the samples). */
IbTable   *ib_table_responsiveness  (const IbReport *report);
IbTable   *ib_table_sweep           (const IbReport *report);
IbTable   *ib_table_overhead        (const IbReport *report);
IbTable   *ib_table_write_unlink    (const IbReport *report);
IbTable   *ib_table_plan            (const IbReport *report);
IbTable   *ib_table_environment     (const IbReport *report);
IbTable   *ib_table_samples         (const IbReport *report);
/* The size x count map, one row per cell: each line's verdict and what the
 * sync read one after another cost the main loop (ib-tables-map.c). */
IbTable   *ib_table_map             (const IbReport *report);

/* The rows of @section of two runs (ib_compare_section), never NULL: what
 * each row is, the median (total for write + delete) of A and of B, the
 * ratio B / A, for reads the median longest stall of each side, and the
 * verdict as one sentence naming the runs @name_a and @name_b (short names
 * such as "A" and "B": the page says once which run each is). Without rows,
 * the note says why (ib_compare_section_missing). */
IbTable   *ib_table_compare         (const IbReport   *a,
                                     const char       *name_a,
                                     const IbReport   *b,
                                     const char       *name_b,
                                     IbCompareSection  section);
/* The same from the rows @comparison holds (ib-analysis.h): what the
 * writers, the CLI and the window show. */
IbTable   *ib_table_comparison      (const IbComparison *comparison,
                                     const char         *name_a,
                                     const char         *name_b,
                                     IbCompareSection    section);

/* How every comparison table is computed, said once under them. */
char      *ib_table_compare_note    (void);

/* Whether column @column is right-aligned / a sentence. */
gboolean   ib_table_column_numeric  (const IbTable  *table,
                                     guint           column);
gboolean   ib_table_column_prose    (const IbTable  *table,
                                     guint           column);
/* Whether a display of @width shows column @column. */
gboolean   ib_table_column_shown    (const IbTable  *table,
                                     guint           column,
                                     IbTableWidth    width);
/* The text under the table on a display of @width, or NULL. */
const char *ib_table_get_note       (const IbTable  *table,
                                     IbTableWidth    width);
/* The cell at @row, @column (never NULL). */
const char *ib_table_cell           (const IbTable  *table,
                                     guint           row,
                                     guint           column);

/* "quick · 4 files, 2.2 GiB · cold cache · Intel ... · 2026-11-29 23:00 UTC" */
char      *ib_report_subtitle       (const IbReport *report);
/* The file's base name without the extension, for "NAME-KIND.png". */
char      *ib_report_stem           (const char     *path);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (IbTable, ib_table_free)

G_END_DECLS
