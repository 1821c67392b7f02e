/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-runner-sink.h: how the runner's events reach the caller's context.
 * Engine-internal: used by ib-runner.c only. */
#pragma once

#include "engine/run/ib-runner.h"

G_BEGIN_DECLS

typedef struct _IbEventSink IbEventSink;

/* Events for @func on @context (NULL: the caller's thread-default one);
 * @destroy frees @user_data after the last event in flight was delivered. */
IbEventSink *ib_event_sink_new  (GMainContext   *context,
                                 IbEventFunc     func,
                                 gpointer        user_data,
                                 GDestroyNotify  destroy);
/* Queues @event (taken: its pointers are freed after delivery) as an idle
 * source on the sink's context, from any thread. */
void         ib_event_sink_post (IbEventSink    *sink,
                                 IbEvent        *event);
/* Delivers nothing more and drops the runner's reference. */
void         ib_event_sink_drop (IbEventSink    *sink);

G_END_DECLS
