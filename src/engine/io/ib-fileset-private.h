/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-fileset-private.h: the file set's instance, shared by the files the set
 * is split over:
 *   ib-fileset.c         checking the target, making the files, reading them
 *                        back (residency, cache), freeing the set
 *   ib-fileset-marker.c  the marker, the folder's lock, cleanup and the
 *                        start-up reaper */
#pragma once

#include <sys/types.h>

#include "engine/io/ib-fileset.h"

G_BEGIN_DECLS

struct _IbFileSet
{
  char      *dir;
  GArray    *files;    /* IbFileEntry */
  GPtrArray *names;    /* char *: basenames listed in the marker */
  char      *created;
  guint64    total;
  gboolean   cleaned;
  guint64    dir_dev;  /* identity of the folder made, so cleanup never */
  guint64    dir_ino;  /* deletes in another one put in its place */
  int        lock_fd;  /* holds the folder's lock while the set lives, or -1 */
  int        dir_fd;   /* the folder made, opened at once: every file is made
                        * relative to it, never through its path (or -1) */
};

#ifdef G_OS_UNIX
/* openat(2) that waits out a lack of file descriptors (EMFILE, ENFILE) as
 * ib_fd_backoff_retry does; -1 with errno for any other failure, or when no
 * descriptor came free in IB_FD_BACKOFF_GIVE_UP_US. */
int      ib_file_set_openat_retrying (int          dir_fd,
                                      const char  *path,
                                      int          flags,
                                      mode_t       mode);
/* open(2) waiting out a lack of file descriptors likewise. */
int      ib_file_set_open_retrying   (const char  *path,
                                      int          flags);
#endif

/* Takes the exclusive lock on the folder @dir that a live set holds from
 * creation to free: the descriptor holding it, or -1 with *@busy set when
 * another process holds it (also -1 where locks are not to be had). */
int      ib_file_set_lock_folder     (const char  *dir,
                                      gboolean    *busy);
void     ib_file_set_unlock_folder   (int          fd);

/* The engine's test-only hold points (ib-fileset.c): the N of @variable
 * when it and IOBENCH_TEST_HOLD_FIFO are set as a test sets them, else 0;
 * ib_test_hold() then waits until the test has opened and closed the FIFO. */
guint    ib_test_hold_after          (const char  *variable);
void     ib_test_hold                (void);
/* What the engine calls: nothing at all, not even the variable's name, in
 * a build without -Dtest_hooks=true. */
#if IB_TEST_HOOKS
#define IB_TEST_HOLD_AFTER(variable) ib_test_hold_after (variable)
#else
#define IB_TEST_HOLD_AFTER(variable) 0u
#endif

/* Writes the marker listing every name of @set, atomically. */
gboolean ib_file_set_write_marker    (IbFileSet   *set,
                                      GError     **error);

G_END_DECLS
