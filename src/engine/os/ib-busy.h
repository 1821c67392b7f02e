/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-busy.h: is other work using the CPUs, before a run starts?
 *
 * Threads get more of a busy CPU than one thread does, so on a busy machine
 * parallel strategies look faster than they are on a quiet one.
 * The CLI and the plan page say so before Run. Two snapshots of the
 * kernel's CPU counters (Linux: the "cpu" line of /proc/stat) a short
 * window apart give the CPUs' worth of work done by others in it (this
 * process's own CPU time taken off); the load average (/proc/loadavg) is
 * what the sentence names. Where neither can be read (the portable OS
 * layer) the judgement is "unknown". Numbers only: the words are the
 * analysis layer's (analysis/ib-busy-text.h). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Other work is "busy" at this many CPUs' worth over the window: on 2
 * cores, half a CPU of other work takes about a quarter of a parallel
 * strategy's CPU. Measured (tests/perf/busy-threshold.sh, 2026-12-03,
 * 2-core VM shared with other builds, load 7.5-9.1, so never quiet): every
 * point with 1.49-2.3 CPUs of other work slowed a serial read by 36 % or
 * more against the same round's baseline of 1.0-1.7 CPUs, past the ±10 %
 * margin; the quiet end (0-1 CPU) could not be measured there, and the
 * counters' noise over IB_BUSY_MIN_SPAN_NS (about 0.2 CPU) keeps the line
 * from going much lower (tests/perf/README.md). */
#define IB_BUSY_CORES     0.5
/* Without the counters, by the load average: a whole CPU's worth runnable
 * (not measured: the load stayed at 7.5-9.1 in every run above). */
#define IB_BUSY_LOAD      1.0
/* The shortest span judged by the counters alone: they count in 10 ms
 * steps of each CPU, so a span of 100 ms on 2 CPUs is within about a
 * fifth of a CPU. Shorter spans (samples, pairs) are summed first. */
#define IB_BUSY_MIN_SPAN_NS G_GINT64_CONSTANT (100000000)
/* The CLI's window, ms. */
#define IB_BUSY_WINDOW_MS 300

typedef enum
{
  IB_BUSY_UNKNOWN,   /* neither the counters nor the load can be read here */
  IB_BUSY_QUIET,
  IB_BUSY_BUSY,
} IbBusyLevel;

/* One snapshot of the CPU counters. */
typedef struct
{
  gboolean known;     /* the counters could be read */
  guint64  busy;      /* ticks of all CPUs not idle and not waiting for I/O */
  guint64  total;     /* ticks of all CPUs */
  gint64   at_ns;     /* ib_os_monotonic_ns() when taken */
  gint64   own_ns;    /* this process's CPU time then (-1 unknown) */
} IbCpuSnapshot;

typedef struct
{
  IbBusyLevel level;
  double      load;         /* 1-minute load average, -1 unknown */
  double      others_cores; /* CPUs' worth of other work over the window, -1 unknown */
  guint       n_cores;
} IbBusy;

/* Parses the "cpu " line of @text (the text of /proc/stat) into @out's busy
 * and total ticks; FALSE, with @out not known, when there is none. */
gboolean ib_busy_parse_stat    (const char          *text,
                                IbCpuSnapshot       *out);
/* The 1-minute load average of @text (the text of /proc/loadavg); -1 when
 * it is not one. */
double   ib_busy_parse_loadavg (const char          *text);
/* The judgement from a window between two snapshots (either may be not
 * known), a load average (-1 unknown) and the number of CPUs: by the
 * window when both ends are known, else by the load. */
void     ib_busy_judge         (const IbCpuSnapshot *before,
                                const IbCpuSnapshot *after,
                                double               load,
                                guint                n_cores,
                                IbBusy              *out);

/* The CPU time all work on the machine used between @before and @after
 * (ticks of every CPU, in ns), -1 when either is not known. The kernel
 * counts in steps of 10 ms of one CPU: sum many short spans before judging
 * them. */
gint64   ib_busy_cpus_ns       (const IbCpuSnapshot *before,
                                const IbCpuSnapshot *after);

/* A snapshot of this machine now. */
void     ib_busy_snapshot      (IbCpuSnapshot       *out);
/* The load average now, -1 unknown. */
double   ib_busy_load          (void);
/* Snapshots @window_ms apart (sleeping between) judged with the load
 * average: what the CLI asks before a run. */
void     ib_busy_probe         (guint                window_ms,
                                IbBusy              *out);

G_END_DECLS
