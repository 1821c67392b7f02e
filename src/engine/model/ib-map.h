/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-map.h: the size x count map.
 *
 * When does async pay off? The map measures, for every file size and file
 * count of a grid (a cell), like with like in two lines:
 *   serial:   one file after another, sync against GIO async;
 *   parallel: all at once, sync on threads against GIO async.
 * Each line of a cell is a decision of the answer's kind (ib-decision.h):
 * fresh pairs in alternating order (AB, BA, ...) decided by their paired
 * log-ratios (ib-paired.h), so the same verdict objects and words apply
 * (ib_map_line_paired in ib-map-run.h, then analysis's
 * ib_verdict_for_paired): faster,
 * equivalent within +/-margin, not decided. Beside the verdict each side
 * keeps what it cost the main loop: its longest stall and 60 Hz frames
 * missed.
 *
 * The plan asks for a map with an IbMapSpec (plan->map); the report holds
 * the IbMap (report->map), cells size-major: ib_map_cell (map, size_index,
 * count_index). A map stopped by its budget or by the user keeps every cell
 * it measured; a cell it never reached says so (reached FALSE, its lines
 * without pairs: verdict NO_DATA).
 */
#pragma once

#include <glib.h>

#include "engine/model/ib-types.h"

G_BEGIN_DECLS

/* The two lines of a cell, by their IbDecisionLine.line id. */
#define IB_MAP_LINE_SERIAL   "serial"
#define IB_MAP_LINE_PARALLEL "parallel"

typedef enum
{
  IB_MAP_SERIAL,
  IB_MAP_PARALLEL,
  IB_MAP_N_LINES,
} IbMapLineKind;

/* The strategies each line compares, a (sync) against b (GIO async), each
 * pair the same call: g_file_load_contents against its _async one after
 * another; a sync single read on N worker threads against
 * g_file_read_async + g_input_stream_read_all_async all at once. */
#define IB_MAP_SERIAL_SYNC    "sync-load-contents"
#define IB_MAP_SERIAL_ASYNC   "async-load-contents-serial"
#define IB_MAP_PARALLEL_SYNC  "thread-pool-parallel"
#define IB_MAP_PARALLEL_ASYNC "async-read-all-parallel"

/* Limits of a map (ib_map_check): the grid, and what it may cost. */
#define IB_MAP_MAX_AXIS          16
/* Disk the map's files may take when the plan does not say, bytes. */
#define IB_MAP_DEFAULT_MAX_DISK  (G_GUINT64_CONSTANT (8) << 30)
/* The map preset's axes, which `iobench-cli map` takes when not told: what
 * fits a laptop (about 1.7 GiB of files), with the write-ups as cuts
 * (analysis/ib-map-cuts.c): seed 000's 1, 2 and 100 small files on the
 * 4 KiB row, seed 002's four files on the 4-file column. */
#define IB_MAP_PRESET_SIZES \
  { \
    4 << 10, 64 << 10, 1 << 20, 16 << 20 \
  }
#define IB_MAP_PRESET_COUNTS \
  { \
    1, 2, 4, 16, 100 \
  }
/* The budget when the plan has none, s. */
#define IB_MAP_DEFAULT_BUDGET_S    300

/* What the plan asks for (plan->map); the content, cache mode, seed,
 * budget and margin are the plan's. */
struct _IbMapSpec
{
  GArray        *sizes;          /* guint64 bytes per file, ascending, distinct */
  GArray        *counts;         /* guint64 files per cell, ascending, distinct */
  guint          first_pairs;    /* pairs each cell gets first; 0: the default */
  guint64        max_disk_bytes; /* refuse a map whose files need more; 0: the default */
};

IbMapSpec *ib_map_spec_new  (void);
IbMapSpec *ib_map_spec_copy (const IbMapSpec *spec);
void       ib_map_spec_free (IbMapSpec       *spec);

/* What one side of a line cost the main loop over its measured samples
 * (IbSample's responsiveness fields); n_responsive 0: not measured. */
typedef struct
{
  guint  n_responsive;
  double stall_ns;          /* median of the samples' longest stall */
  double stall_max_ns;      /* the longest stall of any sample */
  double frames_missed_60;  /* median 60 Hz frames missed */
} IbMapSide;

/* One line of a cell: the decision and each side's main-loop cost. */
typedef struct
{
  IbDecisionLine decision;  /* line IB_MAP_LINE_*, a the sync and b the async
                             * strategy, its pairs, verdict, interval, looks */
  IbMapSide      a_side;
  IbMapSide      b_side;
} IbMapLine;

typedef struct
{
  guint64   size;                    /* bytes per file */
  guint64   count;                   /* files */
  gboolean  reached;                 /* measured at all; FALSE: the map stopped first */
  IbMapLine lines[IB_MAP_N_LINES];   /* IB_MAP_SERIAL, IB_MAP_PARALLEL */
} IbMapCell;

/* What the map measured (report->map). */
struct _IbMap
{
  GArray *sizes;         /* guint64, the axes as planned */
  GArray *counts;        /* guint64 */
  guint   budget_s;      /* the time shared by the cells */
  double  margin;        /* the equivalence margin of every line */
  double  alpha;         /* error rate of each line, all its looks together */
  guint   first_pairs;   /* pairs each cell got before the rest was shared */
  guint64 disk_bytes;    /* what its files took at most at once */
  double  estimate_s;    /* the time estimated before it ran */
  double  spent_s;       /* the time it took */
  GArray *cells;         /* IbMapCell, size-major: sizes->len x counts->len */
};

/* An empty map over @sizes x @counts (guint64 arrays, copied; either NULL:
 * empty), every cell not reached, its lines named and without pairs. */
IbMap      *ib_map_new          (const GArray *sizes,
                                 const GArray *counts);
IbMap      *ib_map_copy         (const IbMap  *map);
void        ib_map_free         (IbMap        *map);

/* The cell of size @size_index and count @count_index, NULL outside. */
IbMapCell  *ib_map_cell         (const IbMap  *map,
                                 guint         size_index,
                                 guint         count_index);

/* Initialises @cell (size, count, two empty lines), and frees what it holds. */
void        ib_map_cell_init    (IbMapCell    *cell,
                                 guint64       size,
                                 guint64       count);
void        ib_map_cell_clear   (IbMapCell    *cell);

/* "serial", "parallel"; and back (FALSE for another text). */
const char *ib_map_line_kind_to_string   (IbMapLineKind  kind);
gboolean    ib_map_line_kind_from_string (const char    *text,
                                          IbMapLineKind *out);

/* Whether @line is decided: a faster, b faster, or equivalent. */
gboolean    ib_map_line_decided (const IbMapLine *line);

/* Cells reached, and lines decided (of 2 per cell). */
guint       ib_map_n_reached    (const IbMap  *map);
guint       ib_map_n_decided    (const IbMap  *map);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (IbMap, ib_map_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (IbMapSpec, ib_map_spec_free)

G_END_DECLS
