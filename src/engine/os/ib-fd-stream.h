/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-fd-stream.h: a GOutputStream over a file descriptor the caller opened
 * itself (write + delete opens each file with openat() relative to its
 * folder's descriptor, src/engine/workloads/ib-write-unlink-serve.c).
 *
 * It writes with write(2) and closes with close(2), and is not pollable:
 * its async calls run the blocking ones in GTask's threads, as GIO's own
 * local file streams (GLocalFileOutputStream) do, so async code on it costs
 * what g_file_create_async and its stream cost. Unlike GUnixOutputStream it
 * never probes the descriptor with epoll_create() (on Linux GLib does so for
 * every new GUnixOutputStream: one more descriptor and syscalls per file,
 * and g_error(), an abort, when no descriptor is left). Errors read as GIO's
 * local files' do ("Error writing to file: …").
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* Takes @fd: the stream closes it when closed (or finalized). */
GOutputStream *ib_fd_output_stream_new    (int            fd);
int            ib_fd_output_stream_get_fd (GOutputStream *stream);

G_END_DECLS
