/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-output.h: every file written for a user goes through here: the reports
 * (JSON, CSV, HTML, Markdown, the comparison's) and the charts (PNG, SVG,
 * PDF), from the CLI and the window alike. What is already at the path
 * decides how:
 *
 * - "-" is standard output;
 * - a character or block device, a FIFO, or the file standard output goes
 *   to, is written to as it is (opened without O_CREAT or O_TRUNC), never
 *   replaced: /dev/null, /dev/stdout, a pipe;
 * - a symbolic link is followed to its end (at most 40 links) and these
 *   rules apply to what it points to: the link itself stays a link, and a
 *   dangling link gets its target made;
 * - a regular file, or none, is written atomically: a temporary file in the
 *   same folder (".NAME.ibXXXXXX", NAME shortened so the whole fits
 *   NAME_MAX), fsync, then renamed over the file only once complete, with
 *   the mode of the file it replaces. An error or an interrupt removes the
 *   temporary file and leaves an earlier file as it was.
 *
 * An interrupt is the cancellable of ib_output_set_interrupt(): a write or
 * the commit after it is cancelled stops there with G_IO_ERROR_CANCELLED.
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef enum
{
  IB_OUTPUT_FILE,   /* a new or regular file (through its links): replaced atomically */
  IB_OUTPUT_STREAM, /* "-", standard output, a device or a FIFO: written as it is */
} IbOutputKind;

typedef struct _IbOutput IbOutput;

/* Before any work: can @path be written, and how (*@kind, may be NULL)? Fails
 * with IB_ERROR_INVALID and a message naming the path or its folder when
 * @path is empty, a folder, in a folder that does not exist or cannot be
 * written, a device that cannot be written, or the same file (device and
 * inode, through links) as one of @inputs (NULL-terminated, may be NULL):
 * writing it would replace what is being read. */
gboolean  ib_output_check         (const char         *path,
                                   const char * const *inputs,
                                   IbOutputKind       *kind,
                                   GError            **error);
/* TRUE when @path is "-" or the file standard output goes to. */
gboolean  ib_output_is_stdout     (const char         *path);
/* The descriptor "-" writes to (default STDOUT_FILENO): the CLI moves its
 * own text to stderr when an output goes to stdout and passes the original
 * descriptor here. */
void      ib_output_set_stdout    (int                 fd);
/* The cancellable that interrupts every output from now on (NULL: none). */
void      ib_output_set_interrupt (GCancellable       *cancellable);
/* TRUE, with G_IO_ERROR_CANCELLED saying @path was not written, once the
 * interrupt has come: for a writer whose work before writing (charts drawn
 * into files of its own) failed, to name the file it was asked for. */
gboolean  ib_output_interrupted   (const char         *path,
                                   GError            **error);

/* Opens @path for writing by the rules above (G_FILE_ERROR naming @path). */
IbOutput *ib_output_open          (const char         *path,
                                   GError            **error);
IbOutputKind ib_output_get_kind   (IbOutput           *output);
/* Writes all @length bytes of @data. */
gboolean  ib_output_write         (IbOutput           *output,
                                   const void         *data,
                                   gsize               length,
                                   GError            **error);
/* Commits and frees @output: fsync and rename for a file. On failure the
 * temporary file is removed. */
gboolean  ib_output_close         (IbOutput           *output,
                                   GError            **error);
/* Frees @output without committing: the temporary file is removed. */
void      ib_output_abort         (IbOutput           *output);

/* Open, write @data (@length -1: up to its NUL), close. */
gboolean  ib_output_save          (const char         *path,
                                   const char         *data,
                                   gssize              length,
                                   GError            **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (IbOutput, ib_output_abort)

G_END_DECLS
