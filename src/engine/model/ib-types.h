/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-types.h: the data model every layer shares.
 *
 * A run is described by an IbPlan and produces an IbReport. The engine fills
 * reports, src/report serialises and loads them, src/chart draws them, the CLI
 * and the GUI show them. These are plain structs (not GObjects): an IbReport is
 * reference counted and is never mutated after it has been handed to another
 * thread. Times are nanoseconds, sizes bytes. These field names are the
 * saved report's JSON names (docs/architecture.md, "The contract: CLI and
 * report fields").
 */
#pragma once

#include <glib-object.h>

#include "engine/model/ib-warning.h"

G_BEGIN_DECLS

typedef enum
{
  IB_CACHE_WARM,
  IB_CACHE_COLD,
  IB_CACHE_AS_IS,
} IbCacheMode;

typedef enum
{
  IB_CONTENT_RANDOM,
  IB_CONTENT_BASE64,
  IB_CONTENT_DIGITS,
  IB_CONTENT_LETTERS,
} IbContentKind;

typedef enum
{
  IB_BUFFER_FRESH,
  IB_BUFFER_REUSED,
} IbBufferPolicy;

typedef enum
{
  IB_VARY_COUNT,
  IB_VARY_SIZE,
  IB_VARY_IN_FLIGHT,
} IbVaryKind;

const char *ib_cache_mode_to_string    (IbCacheMode     mode);
gboolean    ib_cache_mode_from_string  (const char     *str,
                                        IbCacheMode    *out);
const char *ib_content_kind_to_string  (IbContentKind   kind);
gboolean    ib_content_kind_from_string (const char    *str,
                                         IbContentKind *out);
/* Its display name, translated: "Random bytes", "Base64 text", ... */
const char *ib_content_kind_title      (IbContentKind   kind);
const char *ib_buffer_policy_to_string (IbBufferPolicy  policy);
gboolean    ib_buffer_policy_from_string (const char    *str,
                                          IbBufferPolicy *out);
const char *ib_vary_kind_to_string     (IbVaryKind      kind);
gboolean    ib_vary_kind_from_string   (const char     *str,
                                        IbVaryKind     *out);

/* ---- plan ------------------------------------------------------------ */

/* The size x count map: what a plan asks for and what a report holds
 * (ib-map.h). */
typedef struct _IbMapSpec IbMapSpec;
typedef struct _IbMap     IbMap;

typedef struct
{
  IbVaryKind     vary;
  GArray        *values;       /* guint64: file counts, sizes in bytes, or in-flight caps */
  GPtrArray     *strategies;   /* char *: two or more strategy ids */
  guint          base_count;   /* files per point when not varying count */
  guint64        base_size;    /* bytes per file when not varying size */
  IbContentKind  content;
} IbSweepSpec;

typedef struct
{
  guint64 iterations;          /* per repetition; default 999,999 (seed 001) */
  guint   repeat;              /* repetitions; 0 = the plan's repeat and warmup */
  guint   warmup;              /* warm-up repetitions, used when repeat > 0 */
} IbOverheadSpec;

typedef struct
{
  guint   requests;            /* default 2,000 */
  guint   concurrency;         /* max requests in flight, default 2,000 */
  guint   bytes;               /* bytes written per request, default 4,096 */
  gboolean tick;               /* not saved: watch the serving context's stall (the
                                * runner sets it from plan->responsiveness) */
  guint   runs;                /* runs per mode, in rounds of every mode in a seeded
                                * order; 0 = IB_WRITE_UNLINK_DEFAULT_RUNS */
} IbWriteUnlinkSpec;

typedef struct
{
  char              *preset;      /* preset id, or NULL for a custom plan */
  char              *dir;         /* parent folder; iobench-XXXXXX is made inside it */

  /* Read experiment (skipped when file_sizes is empty or strategies is empty). */
  GArray            *file_sizes;  /* guint64 bytes, one per file */
  IbContentKind      content;
  GPtrArray         *strategies;  /* char * strategy ids */
  guint              repeat;      /* measured rounds, >= 1 */
  guint              warmup;      /* warm-up rounds, kept in data but not in statistics */
  IbCacheMode        cache;
  guint64            chunk;       /* bytes; 0 = each strategy's own default */
  guint              workers;     /* thread-pool workers; 0 = number of cores */
  guint              in_flight;   /* max files open at once; 0 = all (capped below RLIMIT_NOFILE) */
  guint              queue_depth; /* reads in flight per file (uring-stream-parallel); 0 = 4 */
  gboolean           direct;      /* O_DIRECT reads: no page cache at all */
  IbBufferPolicy     buffer;
  gboolean           verify;      /* compare CRC-32 of what was read */
  gboolean           fsync;       /* fsync test files when making them */
  guint64            seed;        /* PRNG seed: content, order of strategies and kinds */
  gboolean           seed_drawn;  /* to run: draw a new seed per run (the default; a
                                   * --seed clears it); in a report: seed was drawn so */
  guint              pause_ms;    /* pause between samples */
  gboolean           responsiveness; /* run the main-loop tick (ib-responsiveness.h) */
  guint              budget_s;    /* seconds for the whole run, survey and decision phase
                                   * (ib-decision.h); 0: no decision phase */
  double             margin;      /* equivalence margin of a decision, 0.10 = +/-10 % */
  /* Keep deciding (ib_decision_keep_plan; never saved): the pairs of the
   * line strategies[0] against strategies[1] from its earlier tries
   * (IbDecisionPair), and the planned looks they took. The decision phase
   * continues that line, every look counted (ib-decision.h). NULL: none. */
  GArray *keep_pairs;
  guint   keep_looks;

  /* Other workloads; NULL when not part of this plan. */
  IbSweepSpec       *sweep;
  IbOverheadSpec    *overhead;
  IbWriteUnlinkSpec *write_unlink;
  IbMapSpec         *map;
} IbPlan;

IbPlan  *ib_plan_new         (void);
IbPlan  *ib_plan_copy        (const IbPlan *plan);
void     ib_plan_free        (IbPlan       *plan);
guint64  ib_plan_total_bytes (const IbPlan *plan);
GType    ib_plan_get_type    (void) G_GNUC_CONST;
#define IB_TYPE_PLAN (ib_plan_get_type ())

IbSweepSpec       *ib_sweep_spec_new         (void);
IbSweepSpec       *ib_sweep_spec_copy        (const IbSweepSpec *spec);
void               ib_sweep_spec_free        (IbSweepSpec       *spec);

/* ---- environment ----------------------------------------------------- */

typedef struct
{
  char    *os;                 /* PRETTY_NAME of os-release */
  char    *kernel;
  char    *cpu_model;
  guint    cores;
  guint64  memory_bytes;
  char    *glib_version;
  char    *gtk_version;        /* NULL when not known (CLI) */
  char    *adw_version;        /* NULL when not known (CLI) */
  char    *fs_type;            /* NULL when unknown; fs_note says why */
  char    *fs_note;            /* why fs_type is unknown, NULL when it is known */
  char    *mount_options;
  char    *device;             /* e.g. /dev/nvme0n1p2, NULL when unknown */
  char    *device_model;       /* sysfs model, NULL when unknown */
  char    *virtual_disk;       /* hypervisor of a virtual disk ("virtio"), NULL otherwise */
  int      rotational;         /* 1, 0, or -1 when unknown */
  guint64  free_bytes;
  gboolean is_tmpfs;
  gboolean is_fuse;
  guint    gtask_pool_size;    /* GTask's worker pool size (10 in GLib 2.74) */
  guint    nofile_limit;       /* soft RLIMIT_NOFILE after raising it */
  char    *app_version;
  char    *hostname;
} IbEnvironment;

IbEnvironment *ib_environment_new  (void);
IbEnvironment *ib_environment_copy (const IbEnvironment *env);
void           ib_environment_free (IbEnvironment       *env);

/* ---- samples and statistics ------------------------------------------ */

typedef struct
{
  char     *strategy;
  guint     round;             /* 0-based; warm-up rounds come first */
  gboolean  warmup;
  gint64    wall_ns;
  gint64    user_ns;           /* user/system split as the kernel estimates it */
  gint64    sys_ns;
  gint64    cpu_ns;            /* precise on-CPU time of the process; -1 unknown */
  guint64   bytes;             /* bytes read */
  guint     files;
  double    residency;         /* 0..1 page-cache residency before the sample, < 0 unknown */
  gboolean  cache_ok;          /* cache state matched the plan's cache mode */
  const char *excluded;        /* interned reason the statistics leave it out
                                * ("not-cold", "not-warm"; see ib_sample_judge),
                                * NULL when it counts */
  gint64    vol_ctxsw;
  gint64    invol_ctxsw;
  gint64    minflt;
  gint64    majflt;
  guint64   callbacks;         /* async callbacks dispatched */
  guint64   peak_rss_bytes;
  guint64   chunk;             /* effective chunk size, 0 when not applicable */
  gint64    verify_ns;         /* --verify's untimed check after the clock (0 without it) */
  guint     max_in_flight;     /* most files in progress at once; 0 unknown (older reports) */
  gboolean  ok;
  char     *error;             /* NULL when ok */
  /* Main-loop responsiveness (ib-responsiveness.h), valid when responsive. */
  gboolean  responsive;        /* the tick ran during the sample */
  gint64    stall_ns;          /* longest lateness of the 1 ms tick */
  gint64    lateness_p99_ns;   /* 99th percentile of its lateness */
  double    frames_missed_60;  /* 60 Hz frames with no dispatch, expected over a random
                                * vsync phase (ib_frames_missed) */
  double    frames_missed_120; /* the same at 120 Hz */
  /* Waiting for a CPU (ib-measure.h), -1 unknown (older reports, or an OS
   * that cannot say). */
  gint64    runq_wait_ns;      /* the measuring thread's run-queue wait in the sample */
  gint64    runq_wait_workers_ns; /* the process's other threads' (the strategy's
                                * workers'), summed; threads that exited are lost */
  gboolean  contended;         /* other work took CPUs from it (ib_measure_is_contended) */
  gint64    cpus_busy_ns;      /* CPU time of all work on the machine (every CPU, this
                                * process's included) during the sample, from the
                                * kernel's tick counts (/proc/stat, 10 ms steps: sum
                                * samples before judging) read around it, scaled to
                                * wall_ns; other work's is cpus_busy_ns - cpu_ns;
                                * -1 unknown */
  gint64    settle_ns;         /* the settle step before the sample (write-back and
                                * pause); 0 when none or not recorded */
} IbSample;

void      ib_sample_copy_into (IbSample       *dest,
                               const IbSample *src);
IbSample *ib_sample_copy      (const IbSample *sample);
void      ib_sample_clear     (IbSample       *sample);
void      ib_sample_free      (IbSample       *sample);

typedef enum
{
  IB_CI_ORDER_STATISTIC,       /* distribution-free order-statistic interval */
  IB_CI_BOOTSTRAP,             /* percentile bootstrap "95 %" (older reports) */
} IbCiMethod;

typedef struct
{
  char   *strategy;
  guint   n;                   /* valid samples: measured, ok, not excluded */
  guint   n_failed;
  guint   n_excluded;          /* measured and ok but excluded (cache state, contention) */
  guint   n_contended;         /* measured, ok samples marked contended (ib-measure.h) */
  gboolean contended_excluded; /* those were left out: enough uncontended ones remained */
  double  min_ns;
  double  max_ns;
  double  mean_ns;
  double  median_ns;
  double  stddev_ns;
  double  mad_ns;
  double  q1_ns;
  double  q3_ns;
  double  ci_low_ns;           /* interval of the median (ci_method); == median when n < 2 */
  double  ci_high_ns;
  double  ci_level;            /* its achieved coverage, e.g. 0.9375 at n = 5; 0 when n < 2 */
  IbCiMethod ci_method;
  double  cv;
  double  mib_per_s;           /* from the median; 0 when bytes unknown */
  double  user_ns;             /* median CPU user time (estimated split) */
  double  sys_ns;              /* median CPU system time (estimated split) */
  double  cpu_ns;              /* median precise on-CPU time; -1 unknown */
  guint   max_in_flight;       /* median of the samples' max_in_flight; 0 unknown */
  guint   outliers_mild;
  guint   outliers_severe;
  /* Main-loop responsiveness over the samples that carry it. */
  guint   n_responsive;        /* 0: not measured */
  double  stall_ns;            /* median longest stall */
  double  stall_max_ns;        /* the longest stall of any sample */
  double  lateness_p99_ns;     /* median 99th percentile of lateness */
  double  frames_missed_60;    /* median */
  double  frames_missed_120;   /* median */
} IbStats;

void ib_stats_clear     (IbStats       *stats);
void ib_stats_copy_into (IbStats       *dest,
                         const IbStats *src);

/* ---- other workloads ------------------------------------------------- */

typedef struct
{
  char    *kind;               /* "direct", "gtask", "idle", "thread", "pool", "tasks-1", "tasks-100" */
  guint64  iterations;
  guint    repeat;
  double   ns_per_op;          /* median over repetitions */
  double   ci_low_ns;
  double   ci_high_ns;
  double   ratio_to_direct;
} IbOverheadRow;

#define IB_N_PERCENTILES 9
extern const guint ib_percentile_levels[IB_N_PERCENTILES]; /* 50 66 75 80 90 95 98 99 100 */

typedef struct
{
  char    *mode;               /* "sync-serial", "async-gio", "thread-pool" */
  double   requests_per_s;     /* requests / total_ns */
  gint64   total_ns;           /* median over the mode's runs of the time to serve
                                * all requests */
  guint    failed;             /* over all its runs */
  gint64   percentiles_ns[IB_N_PERCENTILES]; /* of every request of every run */
  guint    max_in_flight;      /* highest number of requests seen in flight */
  guint    n_runs;             /* runs of this mode that finished (1 in older reports) */
  /* The serving context's main-loop stall while the mode ran (the 1 ms tick
   * of ib-responsiveness.h), valid when responsive. */
  gboolean responsive;
  gint64   stall_ns;
  gint64   lateness_p99_ns;
  double   frames_missed_60;   /* expected over a random vsync phase */
} IbWriteUnlinkMode;

/* One run of one mode (all the requests served once). */
typedef struct
{
  char    *mode;
  guint    round;              /* 0-based; every mode runs once per round */
  guint    position;           /* its place in the round's seeded order, 0 first */
  gint64   total_ns;           /* time to serve all the requests */
  guint    failed;
  gint64   p50_ns;             /* median request latency */
  gint64   p99_ns;
} IbWriteUnlinkPass;

typedef struct
{
  guint   requests;
  guint   concurrency;         /* as requested */
  guint   effective_concurrency; /* after capping below RLIMIT_NOFILE */
  guint   bytes;
  guint   runs_per_mode;       /* planned (1 in reports from before replication) */
  GArray *modes;               /* IbWriteUnlinkMode, one per mode, in mode order */
  GArray *runs;                /* IbWriteUnlinkPass in the order run; empty in older
                                * reports (one run per mode, not kept apart) */
} IbWriteUnlink;

IbWriteUnlink *ib_write_unlink_new  (void);
IbWriteUnlink *ib_write_unlink_copy (const IbWriteUnlink *wu);
void           ib_write_unlink_free (IbWriteUnlink       *wu);

typedef struct
{
  guint64  value;
  char    *strategy;
  double   median_ns;
  double   ci_low_ns;
  double   ci_high_ns;
  guint    n;                  /* valid samples; 0 when not recorded (older reports) */
  guint    n_excluded;         /* samples excluded for their cache state */
  double   ci_level;           /* achieved coverage of the interval, 0 when not recorded */
  gboolean responsive;         /* stall_ns is valid */
  double   stall_ns;           /* median longest main-loop stall per read */
  GArray  *rounds_ns;          /* guint64 a round, warm-ups included, in round order: the
                                * wall time of that round's sample, 0 where it was not
                                * valid; NULL in older reports. Rounds run every strategy
                                * once, so two strategies' rounds pair up (the small-files
                                * card, analysis/ib-answer-writes.h) */
} IbSweepPoint;

typedef struct
{
  IbVaryKind  vary;
  GArray     *points;          /* IbSweepPoint, grouped by value then strategy */
  gboolean    has_crossover;
  guint64     crossover_value; /* first value where the order flips beyond the CIs */
  char       *crossover_winner; /* the strategy that is faster from crossover_value on */
  char       *crossover_loser;  /* the one it overtakes (ids; analysis words them) */
} IbSweep;

IbSweep *ib_sweep_new  (void);
IbSweep *ib_sweep_copy (const IbSweep *sweep);
void     ib_sweep_free (IbSweep       *sweep);

/* ---- the decision phase (ib-decision.h) ------------------------------ */

typedef enum
{
  IB_PAIRED_NO_DATA,     /* fewer than 2 usable pairs */
  IB_PAIRED_UNDECIDED,   /* the interval neither excludes 1 nor fits the margin */
  IB_PAIRED_A_FASTER,    /* the whole interval of b / a lies above 1 */
  IB_PAIRED_B_FASTER,    /* the whole interval of b / a lies below 1 */
  IB_PAIRED_EQUIVALENT,  /* the interval lies inside [1 / (1 + m), 1 + m] */
} IbPairedVerdict;

/* The error rate of one decision, all looks together. */
#define IB_PAIRED_ALPHA  0.05
/* The equivalence margin when the plan does not say: +/-10 %. */
#define IB_PAIRED_MARGIN 0.10

typedef struct
{
  gint64   a_ns;               /* wall time of a; <= 0: failed or excluded */
  gint64   b_ns;
  guint    order;              /* 0: a ran first, 1: b ran first */
  /* What the samples were made of, for the reader (-1 unknown: older
   * reports, or an OS that cannot say): CPU time of the process, and the
   * measuring thread's run-queue wait and its workers' (IbSample). */
  gint64   a_cpu_ns;
  gint64   b_cpu_ns;
  gint64   a_wait_ns;
  gint64   b_wait_ns;
  gint64   a_wait_workers_ns;
  gint64   b_wait_workers_ns;
  /* The whole machine's CPU time during each sample (IbSample.cpus_busy_ns):
   * other work's is a_cpus_busy_ns - a_cpu_ns. */
  gint64   a_cpus_busy_ns;
  gint64   b_cpus_busy_ns;
} IbDecisionPair;

typedef struct
{
  char            *line;       /* "serial", "parallel", "uring", "mmap" (older reports:
                                * "sync-async", "thread") */
  char            *a;          /* strategy ids: a the sync side, b the other */
  char            *b;
  GArray          *pairs;      /* IbDecisionPair, in the order measured */
  IbPairedVerdict  verdict;
  double           ratio;      /* Hodges-Lehmann estimate of b / a; 0 without pairs */
  double           ci_low;     /* signed-rank interval of b / a */
  double           ci_high;
  double           ci_level;   /* its achieved coverage (each look's own level) */
  guint            more_pairs; /* undecided: about how many more pairs would decide it,
                                * G_MAXUINT when none would; 0 otherwise */
  guint            n_looks;    /* planned looks the error rate was split over */
  double           spent_s;    /* time this line's pairs took */
} IbDecisionLine;

typedef struct
{
  guint    budget_s;           /* the plan's budget */
  double   margin;             /* the plan's margin */
  double   alpha;              /* error rate of each line, all its looks together */
  double   survey_s;           /* time from the start of the run to the decision phase */
  guint    kept_s;             /* seconds given later to keep deciding undecided lines
                                * (ib_decision_keep_merge), 0: none */
  GArray  *lines;              /* IbDecisionLine, in the order decided */
} IbDecision;

/* an empty array of IbDecisionLine that frees its lines' strings and pairs */
GArray     *ib_decision_lines_new (void);
IbDecision *ib_decision_new  (void);
IbDecision *ib_decision_copy (const IbDecision *decision);
void        ib_decision_free (IbDecision       *decision);

/* ---- the report ------------------------------------------------------ */

/* What was run and measured. What it means (the answer, the findings) is
 * worked out by its analysis (analysis/ib-analysis.h): no sentence is
 * stored here. */

typedef struct
{
  IbPlan        *plan;
  IbEnvironment *environment;
  GArray        *samples;      /* IbSample, warm-ups included, in execution order */
  GArray        *statistics;   /* IbStats, one per strategy, plan order */
  GArray        *overhead;     /* IbOverheadRow, empty when not run */
  IbWriteUnlink *write_unlink; /* NULL when not run */
  IbSweep       *sweep;        /* NULL when not run */
  IbDecision    *decision;     /* NULL when no decision phase ran */
  IbMap         *map;          /* the size x count map, NULL when not run */
  GPtrArray     *warnings;     /* IbWarning *: keys and values, worded when shown
                                * (ib-warning.h) */
  char          *created;      /* ISO 8601 UTC */
  gboolean       partial;      /* cancelled or failed part-way */
  char          *error;        /* why the run stopped, NULL when it completed */
} IbReport;

IbReport      *ib_report_new          (void);
IbReport      *ib_report_ref          (IbReport       *report);
void           ib_report_unref        (IbReport       *report);
IbReport      *ib_report_copy         (const IbReport *report);
GType          ib_report_get_type     (void) G_GNUC_CONST;
#define IB_TYPE_REPORT (ib_report_get_type ())

/* Takes @warning; the same warning (key and values) is kept once. */
void           ib_report_add_warning  (IbReport       *report,
                                       IbWarning      *warning);
const IbStats *ib_report_find_stats   (const IbReport *report,
                                       const char     *strategy);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (IbPlan, ib_plan_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (IbEnvironment, ib_environment_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (IbReport, ib_report_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (IbDecision, ib_decision_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (IbSample, ib_sample_free)

G_END_DECLS
