/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-map-run.h: running the size x count map (ib-map.h).
 *
 * Cost first: the files of each size are made once, as many as the largest
 * count, and every count of that size reads the first ones of them, so the
 * disk holds sum (size x largest count) at once. Before anything is made,
 * ib_map_check refuses a map whose files would pass the spec's disk limit,
 * or whose first pairs alone (every line of every cell to its first look)
 * would not fit the budget at a cautious read rate.
 *
 * The budget is shared (ib_map_share): every line of every cell first gets
 * pairs up to its first planned look (ib-paired.h), where the lines whose
 * ratio is far from 1 decide; then, until the deadline, the line still
 * undecided that is closest to deciding (the fewest more_pairs at its last
 * look; then the fewest pairs, then grid order) gets pairs up to its next
 * planned look, and so on. At the deadline every line not stopped takes its
 * next planned look with the pairs it has (ib_decider_finish), so each
 * line's error rate holds whatever the budget.
 */
#pragma once

#include <gio/gio.h>

#include "engine/io/ib-strategy.h"
#include "engine/model/ib-map.h"
#include "engine/model/ib-types.h"
#include "engine/stats/ib-paired.h"

G_BEGIN_DECLS

/* A cautious warm read rate for the time estimate, bytes/s, and the time a
 * sample costs beyond its read (the settle step, at least
 * IB_SETTLE_PAUSE_MS, and making the strategy's buffers), s. */
#define IB_MAP_ESTIMATE_RATE      (512.0 * 1024 * 1024)
#define IB_MAP_ESTIMATE_SAMPLE_S  0.02
/* Making files, bytes/s, for the estimate. */
#define IB_MAP_ESTIMATE_MAKE_RATE (256.0 * 1024 * 1024)
/* Pairs every line of every cell gets first (its first planned look),
 * before the rest of the budget goes to the undecided ones, when the spec
 * does not say; and the most any line gets (its last planned look). */
#define IB_MAP_DEFAULT_FIRST_PAIRS IB_PAIRED_FIRST_LOOK
#define IB_MAP_LOOKS_DOUBLING      4

/* The IbPaired view of @line (verdict, ratio, interval, level, margin):
 * what ib_verdict_for_paired words. */
void     ib_map_line_paired (const IbMapLine *line,
                             double           margin,
                             IbPaired        *out);

typedef struct
{
  guint   n_cells;
  guint64 disk_bytes;    /* at most at once: sum over sizes of size x largest count */
  guint64 max_disk_bytes; /* the limit it is held to */
  double  first_s;       /* every line of every cell to its first look */
  double  make_s;        /* making the files */
  double  estimate_s;    /* make_s + the budget (or first_s when longer) */
  guint   budget_s;      /* the plan's, or IB_MAP_DEFAULT_BUDGET_S */
  guint   first_pairs;
} IbMapCost;

/* What @plan's map will cost (plan->map must be set). */
void     ib_map_cost   (const IbPlan *plan,
                        IbMapCost    *out);
/* FALSE with IB_ERROR_INVALID and a message naming the limit and what to
 * change when the axes are empty, unsorted or too long, the files would
 * pass the disk limit, or the first pairs would not fit the budget. */
gboolean ib_map_check  (const IbPlan *plan,
                        GError      **error);
/* The same, each way out named as the caller's user knows it: @budget (the
 * CLI's "--budget", a window's field) and @max_disk (NULL where the limit
 * cannot be changed: the message then offers only smaller axes). */
gboolean ib_map_check_named (const IbPlan *plan,
                             const char   *budget,
                             const char   *max_disk,
                             GError      **error);

/* Measures pair @index (0-based: AB when even, BA when odd) of line @line
 * of cell @cell (index into map->cells) into @out. FALSE when cancelled or
 * on a fatal error. */
typedef gboolean (*IbMapPairFunc)  (guint            cell,
                                    IbMapLineKind    line,
                                    guint            index,
                                    IbDecisionPair  *out,
                                    gpointer         user_data,
                                    GError         **error);
/* The clock the deadline is in, ns. */
typedef gint64   (*IbMapClockFunc) (gpointer         user_data);
/* A line of cell @cell (index into map->cells) has taken a look, stopped or
 * met the deadline: @map shows every cell as it stands (reached, and each
 * line's pairs and verdict at its latest look; UNDECIDED while a line may
 * still get pairs). For a display that grows cell by cell; @map is only
 * valid during the call. */
typedef void     (*IbMapCellFunc)  (const IbMap     *map,
                                    guint            cell,
                                    gpointer         user_data);

/* How ib_map_share measures: a pair, the clock, their data; and whom to
 * tell as cells decide (NULL: nobody). */
typedef struct
{
  IbMapPairFunc  pair;
  IbMapClockFunc clock;
  gpointer       user_data;
  IbMapCellFunc  changed;
} IbMapMeasurer;

/* Shares the time until @deadline_ns among @map's lines as described above,
 * filling each line's pairs, verdict, interval, looks and spent_s, and each
 * cell's reached. @first_pairs (0: IB_MAP_DEFAULT_FIRST_PAIRS, at least
 * IB_PAIRED_FIRST_LOOK) is each line's first look; its last is
 * first_pairs x 2^IB_MAP_LOOKS_DOUBLING pairs. FALSE when @pair fails or
 * @cancellable fires: the lines keep what was decided, the others take
 * their look with the pairs they have. */
gboolean ib_map_share  (IbMap          *map,
                        guint           first_pairs,
                        gint64          deadline_ns,
                        const IbMapMeasurer *measurer,
                        GCancellable   *cancellable,
                        GError        **error);

typedef void (*IbMapProgress) (double      fraction,
                               const char *message,
                               gpointer    user_data);

typedef struct
{
  const IbPlan  *plan;           /* plan->map is the spec; dir, cache, seed, content... */
  guint          workers;        /* resolved, never 0 */
  guint          max_in_flight;  /* cap below RLIMIT_NOFILE, never 0 */
  IbScratch     *scratch;
  gint64         deadline_ns;    /* ib_os_monotonic_ns */
  GCancellable  *cancellable;
  IbMapProgress  progress;
  IbMapCellFunc  changed;        /* as cells decide (ib_map_share), or NULL */
  gpointer       progress_data;  /* for progress and changed */
} IbMapContext;

/* Checks the plan (ib_map_check), makes each size's files once (through
 * ib_file_set_create, in a folder of their own), and shares the time until
 * ctx->deadline_ns among the cells, each reading the first files of its
 * size (ib_file_set_view) in IbMeasure with the plan's cache mode.
 * Sets report->map at once, so a map stopped by an error or a cancel keeps
 * every cell it measured. */
gboolean ib_map_run    (const IbMapContext *ctx,
                        IbReport           *report,
                        GError            **error);

G_END_DECLS
