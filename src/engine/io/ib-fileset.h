/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-fileset.h: test files made through GIO in a fresh iobench-XXXXXX folder.
 *
 * The folder holds a marker file (".iobench-marker", a GKeyFile) naming the
 * owning PID and every file made. Cleanup deletes only the listed files, the
 * marker and the folder itself (if empty), never follows symlinks, and is safe
 * to call after success, error and cancel.
 */
#pragma once

#include <gio/gio.h>

#include "engine/model/ib-types.h"

G_BEGIN_DECLS

#define IB_FILESET_PREFIX  "iobench-"
#define IB_FILESET_MARKER  ".iobench-marker"

typedef struct
{
  char    *path;
  guint64  size;
  guint32  crc;      /* zlib crc32 of the whole content */
} IbFileEntry;

typedef struct _IbFileSet IbFileSet;

/* Called after each file (and periodically within big files) while making. */
typedef void (*IbFileSetProgress) (guint64  done_bytes,
                                   guint64  total_bytes,
                                   gpointer user_data);

/* What ib_file_set_create() makes: in a fresh folder under @parent_dir, one
 * file per entry of @sizes (@n_sizes of them) holding @content made with
 * @seed, each fsynced when @do_fsync; @progress (may be NULL) is called with
 * @progress_data while making. */
typedef struct
{
  const char       *parent_dir;
  const guint64    *sizes;
  guint             n_sizes;
  IbContentKind     content;
  guint64           seed;
  gboolean          do_fsync;
  IbFileSetProgress progress;
  gpointer          progress_data;
} IbFileSetRequest;

/* Checks the target (exists, directory, writable, free space >= need + 5 %),
 * makes the folder and the files. On error or cancel everything made so far is
 * removed before returning NULL. */
IbFileSet         *ib_file_set_create (const IbFileSetRequest *request,
                                       GCancellable           *cancellable,
                                       GError                **error);
const char        *ib_file_set_get_dir       (const IbFileSet   *set);
guint              ib_file_set_get_n_files   (const IbFileSet   *set);
const IbFileEntry *ib_file_set_get_file      (const IbFileSet   *set,
                                              guint              index);
guint64            ib_file_set_total_bytes   (const IbFileSet   *set);
/* A set that reads the first @n_files files of @set (at most all of them),
 * for a workload that reuses one size's files across counts (the map). It
 * owns nothing on disk: its cleanup does nothing, @set's removes the files.
 * Free it before @set. */
IbFileSet         *ib_file_set_view          (const IbFileSet   *set,
                                              guint              n_files);
/* Removes the listed files, the marker and the folder. Idempotent. */
gboolean           ib_file_set_cleanup       (IbFileSet         *set,
                                              GError           **error);
/* Cleans up (errors are logged) and frees. */
void               ib_file_set_free          (IbFileSet         *set);

/* Page-cache residency of the whole set (0..1, weighted by pages), or -1
 * when it cannot be known. A set with no pages at all counts as 1. */
double             ib_file_set_residency     (const IbFileSet   *set);
/* Cold cache: flushes and drops every file's pages (fdatasync +
 * posix_fadvise DONTNEED). IB_ERROR_UNSUPPORTED where the OS cannot. */
gboolean           ib_file_set_drop_cache    (const IbFileSet   *set,
                                              GError           **error);
/* Warm cache: reads every file once (sequentially, reused buffer). */
gboolean           ib_file_set_warm          (const IbFileSet   *set,
                                              GCancellable      *cancellable,
                                              GError           **error);

/* Finds iobench-* folders under @parent_dir whose marker names a dead PID and
 * removes what their marker lists. Returns the number of folders removed. */
guint              ib_file_set_reap_stale    (const char        *parent_dir);

/* Lists @names (plain basenames) in the marker of the test folder @dir, next
 * to the names already there, before a workload makes those files itself
 * (write + delete): the start-up reaper then removes them after a crash. The
 * marker is rewritten atomically. Call it after ib_file_set_create() has
 * returned; the set's own cleanup does not delete these files, the caller
 * does. IB_ERROR_INVALID when @dir has no marker or a name is not a plain
 * basename. */
gboolean           ib_file_set_marker_add_names (const char         *dir,
                                                 const char * const *names,
                                                 guint               n_names,
                                                 GError            **error);

/* Fills @buf with @len bytes of @kind content, continuing the stream at byte
 * @offset of a file made with @seed (deterministic, no per-byte g_random). */
void               ib_content_fill           (IbContentKind      kind,
                                              guint64            seed,
                                              guint64            offset,
                                              guint8            *buf,
                                              gsize              len);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (IbFileSet, ib_file_set_free)

G_END_DECLS
