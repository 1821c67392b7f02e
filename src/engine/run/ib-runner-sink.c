/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-runner-sink.c: the runner's events, queued on the caller's context as
 * heap structs in idle sources and freed after delivery (see ib-runner.c). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include "engine/run/ib-map-run.h"
#include "engine/run/ib-runner-sink.h"

/* Shared by the runner and every event in flight, so the callback's
 * user_data is destroyed only after the last event was delivered. */
struct _IbEventSink
{
  gint            ref_count;
  gint            dropped;       /* the runner was freed: deliver nothing more */
  GMainContext   *context;
  IbEventFunc     func;
  gpointer        user_data;
  GDestroyNotify  destroy;
};

static IbEventSink *
sink_ref (IbEventSink *sink)
{
  g_atomic_int_inc (&sink->ref_count);
  return sink;
}

static void
sink_unref (IbEventSink *sink)
{
  if (!g_atomic_int_dec_and_test (&sink->ref_count))
    return;
  if (sink->destroy != NULL)
    sink->destroy (sink->user_data);
  g_main_context_unref (sink->context);
  g_free (sink);
}

typedef struct
{
  IbEventSink    *sink;
  IbEvent  event;
} Delivery;

static gboolean
delivery_dispatch (gpointer data)
{
  Delivery *d = data;

  if (!g_atomic_int_get (&d->sink->dropped) && d->sink->func != NULL)
    d->sink->func (&d->event, d->sink->user_data);
  return G_SOURCE_REMOVE;
}

static void
delivery_free (gpointer data)
{
  Delivery *d = data;

  g_free (d->event.message);
  g_clear_pointer (&d->event.sample, ib_sample_free);
  g_clear_pointer (&d->event.statistics, g_array_unref);
  g_clear_pointer (&d->event.report, ib_report_unref);
  g_clear_error (&d->event.error);
  g_clear_pointer (&d->event.decision, ib_decision_look_free);
  g_clear_pointer (&d->event.map, ib_map_free);
  g_clear_pointer (&d->event.warning, ib_warning_free);
  sink_unref (d->sink);
  g_free (d);
}

IbEventSink *
ib_event_sink_new (GMainContext   *context,
                   IbEventFunc     func,
                   gpointer        user_data,
                   GDestroyNotify  destroy)
{
  IbEventSink *sink = g_new0 (IbEventSink, 1);

  sink->ref_count = 1;
  sink->context = context != NULL ? g_main_context_ref (context)
                                  : g_main_context_ref_thread_default ();
  sink->func = func;
  sink->user_data = user_data;
  sink->destroy = destroy;
  return sink;
}

void
ib_event_sink_post (IbEventSink *sink,
                    IbEvent     *event)
{
  Delivery *d = g_new0 (Delivery, 1);
  GSource *source;

  d->sink = sink_ref (sink);
  d->event = *event;

  /* Always queue, never g_main_context_invoke_full(): once the worker has
   * popped its own context, the caller's context can become the worker's
   * thread-default, and invoke would then run the handler right here on
   * the worker thread, touching the UI from the wrong thread. */
  source = g_idle_source_new ();
  g_source_set_priority (source, G_PRIORITY_DEFAULT);
  g_source_set_callback (source, delivery_dispatch, d, delivery_free);
  g_source_set_static_name (source, "[iobench] runner event");
  g_source_attach (source, sink->context);
  g_source_unref (source);
}

void
ib_event_sink_drop (IbEventSink *sink)
{
  g_atomic_int_set (&sink->dropped, TRUE);
  sink_unref (sink);
}
