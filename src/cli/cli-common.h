/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-common.h: helpers every iobench-cli subcommand shares.
 *
 * Option parsing with one clear message and exit code 2, exit codes from a
 * GError, SIGINT/SIGTERM turned into a cancel, a progress line on stderr (only
 * when stderr is a terminal): cli-common.c. Aligned text tables on stdout and
 * the table model rendered as text: cli-table.c. Printing of every part of a
 * report: cli-print.c. The output options (--json, --html, --md, --csv,
 * --png) checked before a run and written after it: cli-output.c.
 */
#pragma once

#include <gio/gio.h>
#include <stdio.h>

#include "analysis/ib-analysis.h"
#include "cli.h"
#include "engine/run/ib-runner.h"
#include "analysis/ib-tables.h"
#include "engine/model/ib-types.h"

G_BEGIN_DECLS

/* ---- messages and exit codes ------------------------------------------ */

/* Prints "PRGNAME: MESSAGE\n" on stderr. */
void      ib_cli_printerr            (const char      *format,
                                      ...) G_GNUC_PRINTF (1, 2);
/* IB_ERROR_INVALID and G_OPTION_ERROR -> IB_EXIT_USAGE, IB_ERROR_CANCELLED
 * and G_IO_ERROR_CANCELLED -> IB_EXIT_INTERRUPTED, anything else ->
 * IB_EXIT_FAILED; NULL -> IB_EXIT_OK. */
int       ib_cli_exit_code_for_error (const GError    *error);
/* FALSE (after printing "WHAT: the file name is empty") when @path is set
 * but empty: a usage error (exit 2), not a file that cannot be read. NULL is
 * fine (the option was not given). */
gboolean  ib_cli_check_path          (const char      *what,
                                      const char      *path);

/* Terminal columns @s takes (wide CJK characters count two). */
guint     ib_cli_display_width       (const char      *s);

/* Loads a saved report; on failure prints the loader's message (naming the
 * file and what is wrong) and returns NULL. */
IbReport *ib_cli_load_report         (const char      *path);

/* Prints @error's message (see ib_cli_printerr) and returns its exit code. */
int       ib_cli_fail                (const GError    *error);

/* Parses the options of @context; on error prints one line naming the bad
 * option and a hint to use --help, and returns FALSE (exit IB_EXIT_USAGE).
 * Leftover positional arguments stay in @argv; with @allow_args FALSE any
 * leftover argument is an error too. */
gboolean  ib_cli_parse_options       (GOptionContext  *context,
                                      int             *argc,
                                      char          ***argv,
                                      gboolean         allow_args);

/* ---- signals ----------------------------------------------------------- */

/* From the first call on, SIGINT and SIGTERM are dispatched on a thread of
 * their own, so they land whatever the main thread does: a signal cancels
 * @cancellable, what is under way now (a run, the outputs), or, when that is
 * NULL, stops the process at once with "interrupted" and exit 130 / 143
 * (nothing is then under way that could leave anything behind). */
void          ib_cli_signals_watch     (GCancellable  *cancellable);
/* 0 when no signal arrived, else the first: SIGINT or SIGTERM. */
int           ib_cli_signals_received  (void);
/* IB_EXIT_INTERRUPTED for SIGINT, IB_EXIT_TERMINATED for SIGTERM, else
 * @fallback. */
int           ib_cli_signals_exit_code (int            fallback);

/* Begins writing outputs: until ib_cli_outputs_end(), a signal interrupts
 * them (engine/io/ib-output.h: the one under way stops and leaves no temporary
 * file). Returns the interrupt, for ib_cli_output_skipped(). */
GCancellable *ib_cli_outputs_begin     (void);
/* Ends it and frees nothing (the caller owns @interrupt): returns @code, or
 * 130 / 143 when a signal interrupted the outputs. */
int           ib_cli_outputs_end       (GCancellable  *interrupt,
                                        int            code);
/* TRUE, after saying "OPTION: interrupted: “PATH” was not begun", when the
 * outputs were interrupted before the one @option writes to @path. */
gboolean      ib_cli_output_skipped    (GCancellable  *interrupt,
                                        const char    *option,
                                        const char    *path);

/* ---- progress line ----------------------------------------------------- */

typedef struct _IbCliProgress IbCliProgress;

/* Enabled only when stderr is a terminal and @quiet is FALSE. */
IbCliProgress *ib_cli_progress_new     (gboolean        quiet);
gboolean       ib_cli_progress_enabled (IbCliProgress  *progress);
/* Redraws "PHASE  42 %  ETA 12 s  MESSAGE" in place (rate-limited). */
void           ib_cli_progress_update  (IbCliProgress  *progress,
                                        const char     *phase,
                                        double          fraction,
                                        gint64          eta_ns,
                                        const char     *message);
/* Erases the line (call before printing anything else). */
void           ib_cli_progress_clear   (IbCliProgress  *progress);
void           ib_cli_progress_free    (IbCliProgress  *progress);
/* An IbEventFunc: progress events redraw the line, warnings are printed on
 * stderr (unless quiet). @user_data is the IbCliProgress. */
void           ib_cli_progress_event   (const IbEvent  *event,
                                        gpointer        user_data);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (IbCliProgress, ib_cli_progress_free)

/* ---- running a plan ---------------------------------------------------- */

/* Runs @plan with SIGINT/SIGTERM handling and a progress line. Always returns
 * the analysis of its report (maybe partial) unless the input was refused: an invalid plan or a
 * target folder the run cannot use (then NULL and *exit_code IB_EXIT_USAGE;
 * nothing ran). *exit_code is set to IB_EXIT_OK, IB_EXIT_FAILED,
 * IB_EXIT_USAGE, IB_EXIT_INTERRUPTED or IB_EXIT_TERMINATED. Errors are
 * printed on stderr. */
IbAnalysis *ib_cli_run_plan           (const IbPlan   *plan,
                                       gboolean        quiet,
                                       int            *exit_code);

/* ---- tables ------------------------------------------------------------ */

/* Prints @format's text on @out with every character a terminal would act
 * on (controls, escape sequences, bidi overrides) shown as an escape
 * (analysis/ib-text-safe.h); its "\n" stay line breaks. Every text
 * iobench-cli prints goes through here or through the tables below, which
 * do the same cell by cell. */
void        ib_cli_print          (FILE        *out,
                                   const char  *format,
                                   ...) G_GNUC_PRINTF (2, 3);

typedef struct _IbCliTable IbCliTable;

/* @n_columns headers follow; a header starting with '>' is right-aligned
 * (the '>' is not printed). */
IbCliTable *ib_cli_table_new      (guint        n_columns,
                                   ...);
/* Exactly n_columns cells (const char *; NULL prints as empty). */
void        ib_cli_table_add_row  (IbCliTable  *table,
                                   ...);
/* Takes ownership of @cells (n_columns strings). */
void        ib_cli_table_add_rowv (IbCliTable  *table,
                                   char       **cells);
/* Columns padded by display width (UTF-8 aware), two spaces apart; each
 * cell on one line, made safe as ib_cli_print does. */
void        ib_cli_table_print    (IbCliTable  *table,
                                   FILE        *out);
void        ib_cli_table_free     (IbCliTable  *table);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (IbCliTable, ib_cli_table_free)

/* The table model (analysis/ib-tables.h) as text: a blank line, the title,
 * the columns aligned (numbers to the right, an empty cell as "—"), each
 * sentence column under the table as "  ROW NAME: SENTENCE", then the note
 * wrapped to the terminal's 80 columns. */
void        ib_cli_print_table    (const IbTable *table,
                                   FILE          *out);
/* The same with the model's rows as columns and its columns as lines (a
 * few modes side by side, as ab prints them). */
void        ib_cli_print_table_transposed (const IbTable *table,
                                           FILE          *out);
/* @text wrapped at 78 columns, each line after @indent (may be NULL), the
 * continued lines two columns further in. */
void        ib_cli_print_wrapped  (FILE          *out,
                                   const char    *text,
                                   const char    *indent);

/* ---- printing a report ------------------------------------------------- */

/* A table of the model (ib_table_statistics, ib_table_sweep, ...). */
typedef IbTable *(*IbTableFunc) (const IbReport *report);

/* The table @make builds of @report in the terminal's (narrow) columns,
 * its note under it; nothing when the report has no such part. */
void ib_cli_print_part         (const IbReport *report,
                                IbTableFunc     make,
                                FILE           *out);
/* The write + delete table transposed: the modes side by side. */
void ib_cli_print_write_unlink (const IbReport *report,
                                FILE           *out);
/* The answer (analysis/ib-answer.h), the first lines after the tables,
 * then the answer cards. */
void ib_cli_print_answer       (const IbAnalysis *analysis,
                                FILE             *out);
/* The small-files and write + delete answer cards (ib-answer-writes.h). */
void ib_cli_print_answer_cards (const IbReport *report,
                                FILE           *out);
/* The analysis's findings that are shown, group by group. */
void ib_cli_print_findings     (const IbAnalysis *analysis,
                                FILE             *out);
void ib_cli_print_warnings     (const IbReport *report,
                                FILE           *out);
/* Every part the report has, in the order above, then "partial" and the
 * error when the run did not complete. */
void ib_cli_print_report       (const IbAnalysis *analysis,
                                FILE             *out);

/* ---- output options ---------------------------------------------------- */

typedef struct
{
  char     *json;
  char     *html;
  char     *md;
  char     *csv;
  char     *png;          /* the main chart (the first main_chart kind with data) */
  int       png_width;    /* 0: 1200 */
  int       png_height;   /* 0: 700 */
  gboolean  quiet;
  gboolean  log_scale;    /* --log: the charts' time axes logarithmic */
  const char * const *inputs; /* not owned, NULL-terminated: the files read,
                               * which no output may be */
} IbCliOutput;

typedef enum
{
  IB_CLI_OUTPUT_JSON   = 1 << 0,
  IB_CLI_OUTPUT_HTML   = 1 << 1,
  IB_CLI_OUTPUT_MD     = 1 << 2,
  IB_CLI_OUTPUT_CSV    = 1 << 3,
  IB_CLI_OUTPUT_PNG    = 1 << 4,
  IB_CLI_OUTPUT_QUIET  = 1 << 5,
  IB_CLI_OUTPUT_LOG    = 1 << 6,
  IB_CLI_OUTPUT_ALL    = 0x7f,
} IbCliOutputFlags;

void      ib_cli_output_init    (IbCliOutput       *output);
void      ib_cli_output_clear   (IbCliOutput       *output);
/* Adds --json FILE, --html FILE, --md FILE, --csv FILE, --png FILE, --quiet,
 * --log (as selected by @flags) to @context's main group, and the words on
 * outputs and exit codes (ib_cli_outputs_help) to its description. */
void      ib_cli_output_add_entries (IbCliOutput      *output,
                                     GOptionContext   *context,
                                     IbCliOutputFlags  flags);
/* Before a run: every output can be written (ib_cli_output_path_check),
 * then ib_cli_claim_stdout() of them. IB_ERROR_INVALID naming the option
 * otherwise. */
gboolean  ib_cli_output_check   (IbCliOutput       *output,
                                 GError           **error);
/* The same check for one output @path given with @option (TRUE when
 * @path is NULL): engine/io/ib-output.h's ib_output_check (not empty, not a
 * folder, in a writable folder, a writable device, none of @inputs). */
gboolean  ib_cli_output_path_check (const char         *option,
                                    const char         *path,
                                    const char * const *inputs,
                                    GError            **error);
/* When one of the @n *@paths (NULL: not given) is standard output ("-",
 * /dev/stdout, ...), the CLI's own text goes to stderr from now on, so the
 * output is all that stdout gets, and each such path becomes "-" (which
 * still names the original stdout). Call before printing anything. */
void      ib_cli_claim_stdout   (char             **paths[],
                                 guint              n);
/* What --help says of outputs and exit codes, for a command's description. */
const char *ib_cli_outputs_help (void);
/* Fails (naming @option) when a Markdown report at @path (a comparison's
 * with @compare) would put a chart where a file already is. */
gboolean  ib_cli_markdown_charts_check (const char  *option,
                                        const char  *path,
                                        gboolean     compare,
                                        GError     **error);
/* After a run (also a partial one): writes every requested file; prints
 * one message per failure, and where each file went. Returns @code, or
 * IB_EXIT_FAILED when @code is IB_EXIT_OK and an output failed, or 130 /
 * 143 when a signal interrupted them (the rest are not begun). */
int       ib_cli_output_write   (const IbCliOutput *output,
                                 const IbAnalysis  *analysis,
                                 int                code);

G_END_DECLS
