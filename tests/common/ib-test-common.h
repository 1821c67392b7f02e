/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-test-common.h: what every test suite repeated: a private
 * temporary folder, its removal, and running iobench-cli to the end. */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* A fresh folder from @tmpl ("iobench-test-XXXXXX") in the temporary folder. */
char      *ib_test_make_tmpdir   (const char          *tmpl);

/* Removes @path and all it holds, never following a symlink out of it.
 * FALSE when something could not be removed (it says what). */
gboolean   ib_test_remove_tree   (const char          *path);

/* Starts iobench-cli ($IOBENCH_CLI) with @args (NULL-terminated), stdout and
 * stderr piped, LC_ALL=C.UTF-8 and, when @cache_dir is set, XDG_CACHE_HOME
 * there so a run without --dir never reaches the user's cache. */
GSubprocess *ib_test_spawn_cli   (const char * const  *args,
                                  const char          *cache_dir);

/* Runs ib_test_spawn_cli() to the end: its exit code (-1 when a signal
 * ended it), with stdout and stderr in @out and @err when not NULL. */
int        ib_test_run_cli       (const char * const  *args,
                                  const char          *cache_dir,
                                  char               **out,
                                  char               **err);

/* Iterates the default main context for @ms milliseconds (GUI tests:
 * lets frames, idles and timeouts run). */
void       ib_test_spin          (guint                ms);

/* Iterates the default main context until @cond (@data) holds: FALSE when
 * @timeout_s seconds pass first (a guard against hangs, not a speed test). */
gboolean   ib_test_wait_until    (gboolean           (*cond) (gpointer data),
                                  gpointer             data,
                                  guint                timeout_s);

G_END_DECLS
