/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gui-stall.c: the window stays responsive during a run. Opens the real application window,
 * selects the "quick" preset, presses Run (the window's "win.run" action) and,
 * while the benchmark runs, a 1 ms high-priority timer on the main context
 * records the gap between its ticks: the longest gap minus the period is the
 * longest stall of the GTK main loop. Run under Xvfb:
 *
 *   xvfb-run -a gui-stall [--dir DIR] [--json FILE]
 *
 * The figure is printed, never asserted.
 */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <adwaita.h>
#include <json-glib/json-glib.h>
#include <fcntl.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "engine/os/ib-os.h"
#include "ib-application.h"
#include "ib-window.h"

#define TICK_MS      1
#define TIMEOUT_S    300
#define N_WORST      5

/* One long gap: when (since Run), how long, how much of it the main thread
 * spent on the CPU (busy in GUI code) rather than waiting (blocked or
 * starved of a CPU), and the step the run was at. */
typedef struct
{
  gint64  at_ns;
  gint64  gap_ns;
  gint64  cpu_ns;
  gint64  wait_ns;   /* runnable but not running (schedstat run_delay), -1 unknown */
  gint64  refresh_ns; /* main-thread CPU in the views' refresh (report-changed) */
  gint64  paint_ns;   /* main-thread CPU in frame clock cycles (layout, paint) */
  gint64  render_ns;  /* of it, the renderer's drawing of the nodes (not snapshot) */
  guint   n_refresh;
  guint   n_paint;
  char   *step;
} Gap;

#define N_FRAMES 5

/* One long frame cycle and where its CPU went. */
typedef struct
{
  gint64  at_ns;
  gint64  update_ns;
  gint64  layout_ns;
  gint64  paint_ns;
  gint64  snapshot_ns; /* of paint: the widgets' snapshot; the rest is the renderer */
} Frame;

typedef struct
{
  GApplication *app;
  IbWindow     *window;
  GArray       *gaps;        /* gint64 ns between ticks while running */
  Gap           worst[N_WORST];
  gint64        last_tick;
  gint64        last_cpu;
  gint64        last_wait;
  int           schedstat_fd;
  /* Main-thread CPU since the last tick, by where it went. */
  gint64        refresh_cpu;
  gint64        refresh_from;
  gint64        paint_cpu;
  gint64        render_cpu;
  gint64        paint_from;
  gint64        snapshot_from; /* snapshot_cpu when the frame cycle began */
  guint         n_refresh;
  guint         n_paint;
  /* Over the whole run. */
  gint64        total_refresh_cpu;
  gint64        total_paint_cpu;
  gint64        max_refresh_cpu;
  gint64        max_paint_cpu;
  guint         total_refresh;
  guint         total_paint;
  /* The frame cycle by phase: after GTK's handlers of update, layout
   * (styles, measure, allocate) and paint (snapshot, render). */
  gint64        phase_from;
  gint64        phase_update;
  gint64        phase_layout;
  Frame         frames[N_FRAMES]; /* the longest frame cycles */
  gint64        start_ns;
  gint64        end_ns;
  guint         tick_id;
  guint         timeout_id;
  guint         renice_id;
  int           renice;      /* 0: off; else the nice value for other threads */
  GHashTable   *reniced;     /* thread ids already reniced */
  gboolean      started;
  char         *error;
  char         *dir;
} Stall;

/* The main thread's CPU time in the window's snapshot (the widgets building
 * their render nodes), counted by wrapping the window class's snapshot; the
 * rest of the paint phase is the renderer turning the nodes into pixels,
 * which GSK_RENDERER=cairo under Xvfb does in software on the main thread
 * and a desktop's GL renderer mostly hands to the GPU. */
static gint64 snapshot_cpu;
static void (*window_snapshot) (GtkWidget *widget, GtkSnapshot *snapshot);
static gint64 thread_cpu_ns (void);

static void
timed_snapshot (GtkWidget   *widget,
                GtkSnapshot *snapshot)
{
  gint64 from = thread_cpu_ns ();

  window_snapshot (widget, snapshot);
  snapshot_cpu += thread_cpu_ns () - from;
}

static gint64
thread_cpu_ns (void)
{
  struct timespec ts;

  if (clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts) != 0)
    return 0;
  return (gint64) ts.tv_sec * G_GINT64_CONSTANT (1000000000) + ts.tv_nsec;
}

/* Time this thread has spent runnable but waiting for a CPU, from
 * /proc/thread-self/schedstat (second field, ns); -1 when unknown. */
static gint64
thread_wait_ns (Stall *st)
{
  char buf[128];
  gssize n;

  if (st->schedstat_fd < 0)
    return -1;
  n = pread (st->schedstat_fd, buf, sizeof buf - 1, 0);
  if (n <= 0)
    return -1;
  buf[n] = '\0';
  {
    char *end = NULL;

    g_ascii_strtoull (buf, &end, 10);
    return end != NULL ? (gint64) g_ascii_strtoull (end, NULL, 10) : -1;
  }
}

static void
note_gap (Stall  *st,
          gint64  now,
          gint64  gap,
          gint64  cpu,
          gint64  wait)
{
  guint i, min = 0;

  for (i = 1; i < N_WORST; i++)
    if (st->worst[i].gap_ns < st->worst[min].gap_ns)
      min = i;
  if (gap <= st->worst[min].gap_ns)
    return;
  g_free (st->worst[min].step);
  st->worst[min].at_ns = now - st->start_ns;
  st->worst[min].gap_ns = gap;
  st->worst[min].cpu_ns = cpu;
  st->worst[min].wait_ns = wait;
  st->worst[min].refresh_ns = st->refresh_cpu;
  st->worst[min].paint_ns = st->paint_cpu;
  st->worst[min].render_ns = st->render_cpu;
  st->worst[min].n_refresh = st->n_refresh;
  st->worst[min].n_paint = st->n_paint;
  st->worst[min].step = g_strdup (ib_run_controller_get_step (
                                    ib_window_get_controller (st->window)));
}

static gboolean
on_tick (gpointer data)
{
  Stall *st = data;
  gint64 now = ib_os_monotonic_ns ();
  gint64 cpu = thread_cpu_ns ();
  gint64 wait = thread_wait_ns (st);

  if (st->last_tick != 0)
    {
      gint64 gap = now - st->last_tick;

      g_array_append_val (st->gaps, gap);
      note_gap (st, now, gap, cpu - st->last_cpu,
                wait >= 0 && st->last_wait >= 0 ? wait - st->last_wait : -1);
    }
  st->last_tick = now;
  st->last_cpu = cpu;
  st->last_wait = wait;
  st->refresh_cpu = st->paint_cpu = st->render_cpu = 0;
  st->n_refresh = st->n_paint = 0;
  return G_SOURCE_CONTINUE;
}

/* Where the main thread's CPU goes: the views' refresh (from the emission
 * hook, which runs before every handler of report-changed, to our handler
 * connected last) and the frame clock's cycle (before-paint to after-paint:
 * update, layout, paint). */
static gboolean
refresh_begin (GSignalInvocationHint *hint,
               guint                  n_values,
               const GValue          *values,
               gpointer               data)
{
  Stall *st = data;

  st->refresh_from = thread_cpu_ns ();
  return TRUE;
}

static void
refresh_end (IbRunController *controller,
             gpointer         data)
{
  Stall *st = data;
  gint64 cpu;

  if (st->refresh_from == 0)
    return;
  cpu = thread_cpu_ns () - st->refresh_from;
  st->refresh_from = 0;
  if (st->tick_id == 0)
    return;
  st->refresh_cpu += cpu;
  st->n_refresh++;
  st->total_refresh_cpu += cpu;
  st->total_refresh++;
  st->max_refresh_cpu = MAX (st->max_refresh_cpu, cpu);
}

static void
paint_begin (GdkFrameClock *clock,
             gpointer       data)
{
  Stall *st = data;

  st->paint_from = thread_cpu_ns ();
  st->phase_from = st->paint_from;
  st->snapshot_from = snapshot_cpu;
  st->phase_update = st->phase_layout = 0;
}

static void
update_end (GdkFrameClock *clock,
            gpointer       data)
{
  Stall *st = data;

  st->phase_update = thread_cpu_ns ();
}

static void
layout_end (GdkFrameClock *clock,
            gpointer       data)
{
  Stall *st = data;

  st->phase_layout = thread_cpu_ns ();
}

/* Keeps the N_FRAMES longest frame cycles, split by phase. */
static void
note_frame (Stall  *st,
            gint64  end)
{
  gint64 update_at, layout_at, total = end - st->phase_from;
  guint min = 0;

  for (guint i = 1; i < N_FRAMES; i++)
    if (st->frames[i].update_ns + st->frames[i].layout_ns + st->frames[i].paint_ns <
        st->frames[min].update_ns + st->frames[min].layout_ns + st->frames[min].paint_ns)
      min = i;
  if (total <= st->frames[min].update_ns + st->frames[min].layout_ns + st->frames[min].paint_ns)
    return;
  update_at = st->phase_update != 0 ? st->phase_update : st->phase_from;
  layout_at = st->phase_layout != 0 ? st->phase_layout : update_at;
  st->frames[min].at_ns = ib_os_monotonic_ns () - st->start_ns;
  st->frames[min].update_ns = update_at - st->phase_from;
  st->frames[min].layout_ns = layout_at - update_at;
  st->frames[min].paint_ns = end - layout_at;
  st->frames[min].snapshot_ns = snapshot_cpu - st->snapshot_from;
}

static void
paint_end (GdkFrameClock *clock,
           gpointer       data)
{
  Stall *st = data;
  gint64 end, cpu;

  if (st->paint_from == 0)
    return;
  end = thread_cpu_ns ();
  if (st->tick_id != 0)
    note_frame (st, end);
  cpu = end - st->paint_from;
  st->paint_from = 0;
  if (st->tick_id == 0)
    return;
  st->paint_cpu += cpu;
  /* The renderer's share: the paint phase (after layout) less the snapshot. */
  if (st->phase_layout != 0)
    st->render_cpu += MAX (end - st->phase_layout - (snapshot_cpu - st->snapshot_from), 0);
  st->n_paint++;
  st->total_paint_cpu += cpu;
  st->total_paint++;
  st->max_paint_cpu = MAX (st->max_paint_cpu, cpu);
}

static void
on_finished (IbRunController *controller,
             IbReport        *report,
             GError          *error,
             gpointer         data)
{
  Stall *st = data;

  st->end_ns = ib_os_monotonic_ns ();
  if (error != NULL)
    st->error = g_strdup (error->message);
  g_clear_handle_id (&st->tick_id, g_source_remove);
  g_clear_handle_id (&st->renice_id, g_source_remove);
  g_application_quit (st->app);
}

/* Prototype for T5: lower the priority of every thread but the main one
 * (the runner's worker, GTask's pool, thread-pool workers) so the GTK thread
 * wins the CPU when it wakes. Checked every 50 ms for new threads. */
static gboolean
renice_others (gpointer data)
{
  Stall *st = data;
  g_autoptr(GDir) dir = g_dir_open ("/proc/self/task", 0, NULL);
  const char *name;
  gint64 self = (gint64) getpid ();

  if (dir == NULL)
    return G_SOURCE_CONTINUE;
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      gint64 tid = g_ascii_strtoll (name, NULL, 10);

      if (tid <= 0 || tid == self || g_hash_table_contains (st->reniced, GINT_TO_POINTER (tid)))
        continue;
      if (setpriority (PRIO_PROCESS, (id_t) tid, st->renice) == 0)
        g_hash_table_add (st->reniced, GINT_TO_POINTER (tid));
    }
  return G_SOURCE_CONTINUE;
}

static gboolean
on_timeout (gpointer data)
{
  Stall *st = data;

  st->timeout_id = 0;
  st->error = g_strdup_printf ("the run did not finish within %d s", TIMEOUT_S);
  g_application_quit (st->app);
  return G_SOURCE_REMOVE;
}

static gboolean
start_run (gpointer data)
{
  Stall *st = data;
  IbPlanPage *page = ib_window_get_plan_page (st->window);

  IbRunController *controller = ib_window_get_controller (st->window);
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (st->window));

  ib_plan_page_select_preset (page, "quick");
  ib_plan_page_set_dir (page, st->dir);
  g_signal_connect (controller, "finished", G_CALLBACK (on_finished), st);
  g_signal_add_emission_hook (g_signal_lookup ("report-changed", IB_TYPE_RUN_CONTROLLER),
                              0, refresh_begin, st, NULL);
  g_signal_connect_after (controller, "report-changed", G_CALLBACK (refresh_end), st);
  if (window_snapshot == NULL)
    {
      GtkWidgetClass *wclass = g_type_class_peek (IB_TYPE_WINDOW);

      window_snapshot = wclass->snapshot;
      wclass->snapshot = timed_snapshot;
    }
  if (clock != NULL)
    {
      g_signal_connect (clock, "before-paint", G_CALLBACK (paint_begin), st);
      g_signal_connect_after (clock, "after-paint", G_CALLBACK (paint_end), st);
      g_signal_connect_after (clock, "update", G_CALLBACK (update_end), st);
      g_signal_connect_after (clock, "layout", G_CALLBACK (layout_end), st);
    }
  st->tick_id = g_timeout_add_full (G_PRIORITY_HIGH, TICK_MS, on_tick, st, NULL);
  if (st->renice != 0)
    st->renice_id = g_timeout_add (50, renice_others, st);
  st->start_ns = ib_os_monotonic_ns ();
  st->started = TRUE;
  g_action_group_activate_action (G_ACTION_GROUP (st->window), "run", NULL);
  if (!ib_run_controller_get_running (ib_window_get_controller (st->window)))
    {
      st->error = g_strdup_printf ("pressing Run did not start a run (%s)",
                                   ib_plan_page_get_error (page) != NULL
                                   ? ib_plan_page_get_error (page) : "no error shown");
      g_clear_handle_id (&st->tick_id, g_source_remove);
      g_application_quit (st->app);
    }
  return G_SOURCE_REMOVE;
}

static void
on_activate (GApplication *app,
             gpointer      data)
{
  Stall *st = data;
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));

  if (st->window != NULL)
    return;
  if (window == NULL || !IB_IS_WINDOW (window))
    {
      st->error = g_strdup ("the application opened no IbWindow");
      g_application_quit (app);
      return;
    }
  st->window = IB_WINDOW (window);
  st->timeout_id = g_timeout_add_seconds (TIMEOUT_S, on_timeout, st);
  /* Let the window map and settle first: start-up is not what T5 measures. */
  g_timeout_add (500, start_run, st);
}

static int
cmp_int64 (gconstpointer a,
           gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return (x > y) - (x < y);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *json_path = NULL;
  g_autofree char *dir = g_strdup ("/var/tmp");
  Stall st = { 0 };
  GOptionEntry entries[] = {
    { "dir", 0, 0, G_OPTION_ARG_FILENAME, &dir, "Folder for the test files", "DIR" },
    { "json", 0, 0, G_OPTION_ARG_FILENAME, &json_path, "Write the result as JSON", "FILE" },
    { "renice-workers", 0, 0, G_OPTION_ARG_INT, &st.renice,
      "Prototype: run every other thread at this nice value (1..19)", "N" },
    { NULL }
  };
  g_autoptr(GOptionContext) octx = g_option_context_new ("");
  g_autoptr(GError) error = NULL;
  g_autoptr(IbApplication) app = NULL;
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *text = NULL;
  g_autofree char *detail = NULL;
  char *app_argv[] = { argv[0], NULL };
  double max_ms = -1, p99_ms = -1, run_s = 0;
  guint n;

  g_option_context_add_main_entries (octx, entries, NULL);
  g_option_context_set_summary (octx,
    "Longest GTK main-loop stall while the window runs the quick preset (target T5).");
  if (!g_option_context_parse (octx, &argc, &argv, &error))
    {
      g_printerr ("gui-stall: %s\n", error->message);
      return 2;
    }
  /* A separate instance, settings in memory: the user's are never touched. */
  g_setenv ("IOBENCH_NON_UNIQUE", "1", TRUE);
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);

  if (st.renice < 0 || st.renice > 19)
    {
      g_printerr ("gui-stall: --renice-workers must be 1..19\n");
      return 2;
    }
  st.reniced = g_hash_table_new (NULL, NULL);
  st.gaps = g_array_new (FALSE, FALSE, sizeof (gint64));
  st.dir = dir;
  st.schedstat_fd = open ("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC);
  app = ib_application_new ();
  st.app = G_APPLICATION (app);
  g_signal_connect_after (app, "activate", G_CALLBACK (on_activate), &st);
  g_application_run (G_APPLICATION (app), 1, app_argv);
  g_clear_handle_id (&st.timeout_id, g_source_remove);

  n = st.gaps->len;
  if (n > 0)
    {
      g_array_sort (st.gaps, cmp_int64);
      max_ms = (g_array_index (st.gaps, gint64, n - 1) - TICK_MS * 1000000) / 1e6;
      p99_ms = (g_array_index (st.gaps, gint64, (n - 1) * 99 / 100) - TICK_MS * 1000000) / 1e6;
    }
  if (st.end_ns > st.start_ns)
    run_s = (st.end_ns - st.start_ns) / 1e9;
  if (st.error != NULL)
    detail = g_strdup_printf ("run failed: %s", st.error);
  else
    detail = g_strdup_printf ("quick preset in the window, %.1f s, %u ticks of %d ms, "
                              "p99 stall %.1f ms", run_s, n, TICK_MS, p99_ms);
  g_print ("GUI main loop, longest stall during quick: %.1f ms (T5 bound 20 ms); %s\n",
           max_ms, detail);
  g_print ("main thread CPU: views' refresh %u times, mean %.2f ms, max %.2f ms; "
           "frame cycles (layout + paint) %u, mean %.2f ms, max %.2f ms\n",
           st.total_refresh,
           st.total_refresh > 0 ? st.total_refresh_cpu / 1e6 / st.total_refresh : 0.0,
           st.max_refresh_cpu / 1e6, st.total_paint,
           st.total_paint > 0 ? st.total_paint_cpu / 1e6 / st.total_paint : 0.0,
           st.max_paint_cpu / 1e6);
  g_print ("longest gaps (s since Run: gap; main thread on a CPU [of it: refresh, frame] / "
           "runnable but waiting for one / the rest, blocked; step):\n");
  for (n = 0; n < N_WORST; n++)
    if (st.worst[n].gap_ns > 0)
      g_print ("  %6.2f s: %7.1f ms; CPU %6.1f [refresh %5.1f x%u, frame %5.1f x%u of which "
               "render %5.1f], waiting for a CPU %6.1f, blocked %6.1f ms; %s\n",
               st.worst[n].at_ns / 1e9, st.worst[n].gap_ns / 1e6, st.worst[n].cpu_ns / 1e6,
               st.worst[n].refresh_ns / 1e6, st.worst[n].n_refresh,
               st.worst[n].paint_ns / 1e6, st.worst[n].n_paint, st.worst[n].render_ns / 1e6,
               st.worst[n].wait_ns / 1e6,
               (st.worst[n].gap_ns - st.worst[n].cpu_ns - MAX (st.worst[n].wait_ns, 0)) / 1e6,
               st.worst[n].step != NULL ? st.worst[n].step : "");
  g_print ("longest frame cycles (s since Run: main thread CPU in update / layout "
           "[styles, measure, allocate] / paint [snapshot, render]):\n");
  for (n = 0; n < N_FRAMES; n++)
    if (st.frames[n].at_ns > 0)
      g_print ("  %6.2f s: update %5.1f, layout %5.1f, paint %5.1f ms [snapshot %5.1f, "
               "render %5.1f]\n",
               st.frames[n].at_ns / 1e9, st.frames[n].update_ns / 1e6,
               st.frames[n].layout_ns / 1e6, st.frames[n].paint_ns / 1e6,
               st.frames[n].snapshot_ns / 1e6,
               (st.frames[n].paint_ns - st.frames[n].snapshot_ns) / 1e6);
  n = st.gaps->len;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "max_stall_ms");
  if (st.error == NULL && max_ms >= 0)
    json_builder_add_double_value (b, max_ms);
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "p99_stall_ms");
  json_builder_add_double_value (b, p99_ms);
  json_builder_set_member_name (b, "run_s");
  json_builder_add_double_value (b, run_s);
  json_builder_set_member_name (b, "ticks");
  json_builder_add_int_value (b, n);
  json_builder_set_member_name (b, "detail");
  json_builder_add_string_value (b, detail);
  json_builder_set_member_name (b, "renice_workers");
  json_builder_add_int_value (b, st.renice);
  json_builder_set_member_name (b, "renderer");
  json_builder_add_string_value (b, g_getenv ("GSK_RENDERER") != NULL
                                    ? g_getenv ("GSK_RENDERER") : "default");
  json_builder_set_member_name (b, "worst");
  json_builder_begin_array (b);
  for (n = 0; n < N_WORST; n++)
    {
      if (st.worst[n].gap_ns == 0)
        continue;
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "at_s");
      json_builder_add_double_value (b, st.worst[n].at_ns / 1e9);
      json_builder_set_member_name (b, "gap_ms");
      json_builder_add_double_value (b, st.worst[n].gap_ns / 1e6);
      json_builder_set_member_name (b, "main_thread_cpu_ms");
      json_builder_add_double_value (b, st.worst[n].cpu_ns / 1e6);
      json_builder_set_member_name (b, "refresh_cpu_ms");
      json_builder_add_double_value (b, st.worst[n].refresh_ns / 1e6);
      json_builder_set_member_name (b, "frame_cpu_ms");
      json_builder_add_double_value (b, st.worst[n].paint_ns / 1e6);
      json_builder_set_member_name (b, "render_cpu_ms");
      json_builder_add_double_value (b, st.worst[n].render_ns / 1e6);
      json_builder_set_member_name (b, "main_thread_runqueue_wait_ms");
      json_builder_add_double_value (b, st.worst[n].wait_ns / 1e6);
      json_builder_set_member_name (b, "step");
      json_builder_add_string_value (b, st.worst[n].step);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  json_generator_set_root (gen, root);
  json_generator_set_pretty (gen, TRUE);
  text = json_generator_to_data (gen, NULL);
  if (json_path != NULL && !g_file_set_contents (json_path, text, -1, &error))
    {
      g_printerr ("gui-stall: cannot write %s: %s\n", json_path, error->message);
      return 1;
    }
  g_array_unref (st.gaps);
  g_hash_table_unref (st.reniced);
  if (st.schedstat_fd >= 0)
    close (st.schedstat_fd);
  for (n = 0; n < N_WORST; n++)
    g_free (st.worst[n].step);
  if (st.error != NULL)
    {
      g_free (st.error);
      return 1;
    }
  return 0;
}
