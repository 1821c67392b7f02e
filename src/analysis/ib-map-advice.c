/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-map-advice.c: advice from the size x count map (see ib-map-advice.h). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "engine/model/ib-format.h"
#include "engine/run/ib-map-run.h"
#include "ib-labels.h"
#include "ib-map-advice.h"
#include "ib-map-cuts.h"

/* GIO's g_file_load_contents_async reads a local file in steps of this many
 * bytes (gio/gfile.c, GET_CONTENT_BLOCK_SIZE), each a round trip. */
#define GIO_LOAD_STEP 8192
/* Round trips beyond the data's steps: the open, the read that finds the
 * end, the etag query and the close. */
#define GIO_LOAD_EXTRA_TRIPS 4

/* ---- regions ------------------------------------------------------------- */

/* A span of counts of one class within one size. */
typedef struct
{
  guint      first;
  guint      last;
  IbMapClass klass;
} CountSpan;

static GArray *
column_spans (const IbMap  *map,
              IbMapLineKind line,
              guint         s)
{
  GArray *spans = g_array_new (FALSE, FALSE, sizeof (CountSpan));

  for (guint c = 0; c < map->counts->len; c++)
    {
      const IbMapCell *cell = ib_map_cell (map, s, c);
      IbMapClass k = ib_map_line_class (map, cell, &cell->lines[line]);
      CountSpan *last = spans->len > 0 ? &g_array_index (spans, CountSpan, spans->len - 1) : NULL;

      if (last != NULL && last->klass == k)
        last->last = c;
      else
        g_array_append_val (spans, ((CountSpan) { c, c, k }));
    }
  return spans;
}

static gboolean
spans_equal (const GArray *a,
             const GArray *b)
{
  return a->len == b->len && memcmp (a->data, b->data, a->len * sizeof (CountSpan)) == 0;
}

static void
region_free (gpointer data)
{
  IbMapRegion *region = data;

  g_free (region->text);
  g_free (region);
}

/* "64 KiB per file", "up to 64 KiB per file", "1 MiB to 16 MiB per file" */
static char *
sizes_phrase (const IbMap *map,
              guint        first,
              guint        last)
{
  g_autofree char *lo = ib_format_size (g_array_index (map->sizes, guint64, first));
  g_autofree char *hi = ib_format_size (g_array_index (map->sizes, guint64, last));

  if (first == last)
    /* Translators: a file size of the map, "64 KiB per file" */
    return g_strdup_printf (_("%s per file"), lo);
  if (first == 0 && last + 1 < map->sizes->len)
    /* Translators: sizes of the map from the smallest measured, "up to 64 KiB per file" */
    return g_strdup_printf (_("up to %s per file"), hi);
  /* Translators: a range of file sizes of the map, "1 MiB to 16 MiB per file" */
  return g_strdup_printf (_("%s to %s per file"), lo, hi);
}

/* "1 file", "16 files", "1 to 64 files" */
static char *
counts_phrase (const IbMap *map,
               guint        first,
               guint        last)
{
  guint64 lo_n = g_array_index (map->counts, guint64, first);
  g_autofree char *lo = ib_format_count (lo_n);
  g_autofree char *hi = ib_format_count (g_array_index (map->counts, guint64, last));

  if (first == last)
    /* Translators: a file count of the map, "16 files" */
    return g_strdup_printf (ngettext ("%s file", "%s files", lo_n == 1 ? 1 : 2), lo);
  /* Translators: a range of file counts of the map, "1 to 64 files" */
  return g_strdup_printf (_("%s to %s files"), lo, hi);
}

/* "up to 64 KiB per file, 1 to 64 files" */
static char *
region_place (const IbMap       *map,
              const IbMapRegion *region)
{
  g_autofree char *sizes = sizes_phrase (map, region->size_first, region->size_last);
  g_autofree char *counts = counts_phrase (map, region->count_first, region->count_last);

  /* Translators: a region of the map: sizes, then counts ("up to 64 KiB per
   * file, 1 to 64 files") */
  return g_strdup_printf (_("%s, %s"), sizes, counts);
}

/* What the cells of a region measured. */
typedef struct
{
  guint  n;
  double times_lo;     /* how many times faster the winner is, lowest and highest */
  double times_hi;
  double ratio_lo;     /* b / a */
  double ratio_hi;
  double level;        /* the lowest interval level */
  double ci_lo;        /* the one cell's interval of times (n == 1) */
  double ci_hi;
  double sync_stall_ns; /* the sync side's longest median stall */
  double sync_frames;   /* and the most frames it missed */
  gboolean sync_watched; /* every cell's sync side watched the loop */
} Figures;

static void
figures_add (Figures          *f,
             const IbMap      *map,
             const IbMapCell  *cell,
             const IbMapLine  *line)
{
  IbVerdictInterval iv = { 0 };
  gboolean b_wins;
  double times, lo, hi;

  ib_map_line_verdict (map, line, &iv);
  b_wins = iv.verdict == IB_VERDICT_B_FASTER;
  times = b_wins ? 1 / iv.ratio : iv.ratio;
  lo = b_wins ? 1 / iv.ci_high : iv.ci_low;
  hi = b_wins ? 1 / iv.ci_low : iv.ci_high;
  f->times_lo = f->n == 0 ? times : MIN (f->times_lo, times);
  f->times_hi = f->n == 0 ? times : MAX (f->times_hi, times);
  f->ratio_lo = f->n == 0 ? iv.ratio : MIN (f->ratio_lo, iv.ratio);
  f->ratio_hi = f->n == 0 ? iv.ratio : MAX (f->ratio_hi, iv.ratio);
  f->level = f->n == 0 ? iv.ci_level : MIN (f->level, iv.ci_level);
  f->ci_lo = lo;
  f->ci_hi = hi;
  f->sync_watched = (f->n == 0 || f->sync_watched) && line->a_side.n_responsive > 0;
  f->sync_stall_ns = MAX (f->sync_stall_ns, line->a_side.stall_ns);
  f->sync_frames = MAX (f->sync_frames, line->a_side.frames_missed_60);
  f->n++;
}

static void
region_figures (const IbMap       *map,
                const IbMapRegion *region,
                Figures           *out)
{
  memset (out, 0, sizeof *out);
  for (guint s = region->size_first; s <= region->size_last; s++)
    for (guint c = region->count_first; c <= region->count_last; c++)
      {
        const IbMapCell *cell = ib_map_cell (map, s, c);

        figures_add (out, map, cell, &cell->lines[region->line]);
      }
}

/* "1.4-1.8x" over several cells, "1.8x" for one */
static char *
times_text (const Figures *f)
{
  g_autofree char *lo = ib_format_ratio_value (f->times_lo);
  g_autofree char *hi = ib_format_ratio (f->times_hi);
  g_autofree char *lo_x = ib_format_ratio (f->times_lo);

  if (f->n == 1)
    /* beside its interval (evidence_text) */
    return ib_format_ratio_in (f->times_lo, f->ci_lo, f->ci_hi);
  if (g_strcmp0 (lo_x, hi) == 0)
    return g_steal_pointer (&hi);
  return g_strdup_printf ("%s-%s", lo, hi);
}

/* "95 % CI 1.5-2.1" for one cell; "4 cells, each decided at 95 %" */
static char *
evidence_text (const Figures *f)
{
  g_autofree char *level = ib_format_level (f->level);

  if (f->n == 1)
    {
      g_autofree char *ci = ib_format_ratio_ci (f->times_lo, f->ci_lo, f->ci_hi);

      /* Translators: an interval of a ratio, "95 % CI 1.5-2.1" */
      return g_strdup_printf (_("%s CI %s"), level, ci);
    }
  /* Translators: how a region of the map was decided, "4 cells, each decided at 95 %" */
  return g_strdup_printf (ngettext ("%u cell, each decided at %s", "%u cells, each decided at %s",
                                    f->n),
                          f->n, level);
}

/* "ratio 1.02, 95 % CI 0.96-1.07"; "ratios 0.98-1.03; 4 cells, each decided at 95 %" */
static char *
equivalent_evidence (const Figures *f)
{
  g_autofree char *level = ib_format_level (f->level);
  g_autofree char *lo = ib_format_ratio_value (f->ratio_lo);
  g_autofree char *hi = ib_format_ratio_value (f->ratio_hi);

  if (f->n == 1)
    {
      g_autofree char *ci = ib_format_ratio_ci (f->ratio_lo, f->ci_lo, f->ci_hi);
      g_autofree char *one = ib_format_ratio_value_in (f->ratio_lo, f->ci_lo, f->ci_hi);

      return g_strdup_printf (_("ratio %s, %s CI %s"), one, level, ci);
    }
  {
    g_autofree char *range = g_strcmp0 (lo, hi) == 0 ? g_strdup (lo)
                                                     : g_strdup_printf ("%s-%s", lo, hi);

    /* Translators: how an equivalent region of the map was decided, "ratios
     * 0.98-1.03; 4 cells, each decided at 95 %" */
    return g_strdup_printf (ngettext ("ratios %s; %u cell, each decided at %s",
                                      "ratios %s; %u cells, each decided at %s", f->n),
                            range, f->n, level);
  }
}

/* The sentence of a region where one side is faster. */
static char *
faster_text (IbMapLineKind  line,
             gboolean       sync_wins,
             const char    *place,
             const char    *times,
             const char    *evidence)
{
  if (line == IB_MAP_SERIAL && sync_wins)
    /* Translators: advice for a region of the map; keep the function names */
    return g_strdup_printf (_("One after another (%s): g_file_load_contents is fastest, %s "
                              "faster than g_file_load_contents_async (%s)."),
                            place, times, evidence);
  if (line == IB_MAP_SERIAL)
    return g_strdup_printf (_("One after another (%s): g_file_load_contents_async is fastest, "
                              "%s faster than g_file_load_contents (%s)."),
                            place, times, evidence);
  if (sync_wins)
    return g_strdup_printf (_("All at once (%s): sync reads on worker threads (g_file_read + "
                              "g_input_stream_read_all, through g_task_run_in_thread or a "
                              "GThreadPool) are fastest, %s faster than g_file_read_async + "
                              "g_input_stream_read_all_async (%s)."),
                            place, times, evidence);
  return g_strdup_printf (_("All at once (%s): g_file_read_async + g_input_stream_read_all_async "
                            "is fastest, %s faster than sync reads on worker threads (GTask "
                            "or a GThreadPool) (%s)."),
                          place, times, evidence);
}

/* What the serial sync read costs the main loop where it wins. */
static char *
sync_loop_text (const Figures *f)
{
  g_autofree char *stall = ib_format_duration (f->sync_stall_ns);
  g_autofree char *frames = NULL;

  if (!f->sync_watched)
    return NULL;
  if (f->sync_stall_ns < IB_MAP_FRAME_NS)
    /* Translators: after advice for g_file_load_contents, "(longest stall 0.41 ms)" */
    return g_strdup_printf (_("On the main thread each read stays under a frame (longest "
                              "stall %s)."),
                            stall);
  frames = ib_format_frames_missed (f->sync_frames);
  /* Translators: after advice for g_file_load_contents: "for up to 30.1 ms (an
   * expected 0.8 frames missed at 60 Hz)" */
  return g_strdup_printf (_("On the main thread it stalls the loop for up to %s (%s): call it "
                            "from a worker thread (g_task_run_in_thread) where frames matter."),
                          stall, frames);
}

static char *
region_text (const IbMap       *map,
             const IbMapRegion *region)
{
  g_autofree char *place = region_place (map, region);
  const char *title = region->line == IB_MAP_SERIAL ? _("One after another") : _("All at once");
  g_autofree char *margin = g_strdup_printf ("%.0f", map->margin * 100);
  Figures f;

  switch (region->klass)
    {
    case IB_MAP_CLASS_UNDECIDED:
      /* Translators: a region of the map without a verdict: "All at once (64
       * KiB per file, 1 file): not decided ..." */
      return g_strdup_printf (_("%s (%s): not decided within the budget, so no advice here."),
                              title, place);
    case IB_MAP_CLASS_UNREACHED:
      return g_strdup_printf (_("%s (%s): not reached before the map stopped, so no advice "
                                "here."),
                              title, place);
    default:
      break;
    }
  region_figures (map, region, &f);
  if (region->klass == IB_MAP_CLASS_EQUIVALENT)
    {
      g_autofree char *evidence = equivalent_evidence (&f);

      if (region->line == IB_MAP_SERIAL)
        return g_strdup_printf (_("One after another (%s): g_file_load_contents and "
                                  "g_file_load_contents_async are equivalent within ±%s %% "
                                  "(%s)."),
                                place, margin, evidence);
      return g_strdup_printf (_("All at once (%s): g_file_read_async + "
                                "g_input_stream_read_all_async and sync reads on worker threads "
                                "are equivalent within ±%s %% (%s)."),
                              place, margin, evidence);
    }
  {
    gboolean sync_wins = region->klass == IB_MAP_CLASS_SYNC;
    g_autofree char *times = times_text (&f);
    g_autofree char *evidence = evidence_text (&f);
    g_autofree char *text = faster_text (region->line, sync_wins, place, times, evidence);
    g_autofree char *loop = region->line == IB_MAP_SERIAL && sync_wins ? sync_loop_text (&f)
                                                                        : NULL;

    return loop != NULL ? g_strconcat (text, " ", loop, NULL) : g_steal_pointer (&text);
  }
}

/* The regions of @line: each size's spans of counts, neighbouring sizes
 * with the same spans merged. */
static void
add_line_regions (const IbMap  *map,
                  IbMapLineKind line,
                  GPtrArray    *regions)
{
  guint ns = map->sizes->len;

  for (guint s = 0; s < ns;)
    {
      g_autoptr(GArray) spans = column_spans (map, line, s);
      guint e = s;

      while (e + 1 < ns)
        {
          g_autoptr(GArray) next = column_spans (map, line, e + 1);

          if (!spans_equal (spans, next))
            break;
          e++;
        }
      for (guint r = 0; r < spans->len; r++)
        {
          const CountSpan *span = &g_array_index (spans, CountSpan, r);
          IbMapRegion *region = g_new0 (IbMapRegion, 1);

          region->line = line;
          region->klass = span->klass;
          region->size_first = s;
          region->size_last = e;
          region->count_first = span->first;
          region->count_last = span->last;
          region->text = region_text (map, region);
          g_ptr_array_add (regions, region);
        }
      s = e + 1;
    }
}

/* ---- the one-frame line and why ------------------------------------------ */

/* Whether the serial line of @cell is decided and its sync side watched
 * the loop: the cells the one-frame line is drawn from. */
static gboolean
frame_cell (const IbMap     *map,
            const IbMapCell *cell)
{
  IbMapClass k = ib_map_line_class (map, cell, &cell->lines[IB_MAP_SERIAL]);

  return (k == IB_MAP_CLASS_SYNC || k == IB_MAP_CLASS_ASYNC || k == IB_MAP_CLASS_EQUIVALENT)
         && cell->lines[IB_MAP_SERIAL].a_side.n_responsive > 0;
}

/* The smallest size index at count @c whose decided serial cell costs a
 * frame, G_MAXUINT for none; *@any_out set when a cell was usable. */
static guint
frame_threshold (const IbMap *map,
                 guint        c,
                 gboolean    *any_out)
{
  for (guint s = 0; s < map->sizes->len; s++)
    {
      const IbMapCell *cell = ib_map_cell (map, s, c);

      if (!frame_cell (map, cell))
        continue;
      *any_out = TRUE;
      if (ib_map_cell_costs_frame (cell))
        return s;
    }
  return G_MAXUINT;
}

/* No usable cell costs a frame: say the longest stall there was. */
static char *
no_frame_text (const IbMap *map)
{
  const IbMapCell *worst = NULL;
  IbMapRegion where = { 0 };
  g_autofree char *place = NULL;
  g_autofree char *stall = NULL;

  for (guint s = 0; s < map->sizes->len; s++)
    for (guint c = 0; c < map->counts->len; c++)
      {
        const IbMapCell *cell = ib_map_cell (map, s, c);

        if (frame_cell (map, cell)
            && (worst == NULL || cell->lines[IB_MAP_SERIAL].a_side.stall_ns
                                   > worst->lines[IB_MAP_SERIAL].a_side.stall_ns))
          {
            worst = cell;
            where = (IbMapRegion) { IB_MAP_SERIAL, 0, s, s, c, c, NULL };
          }
      }
  if (worst == NULL)
    return NULL;
  place = region_place (map, &where);
  stall = ib_format_duration (worst->lines[IB_MAP_SERIAL].a_side.stall_ns);
  /* Translators: the map's one-frame line when no cell reaches it: "...; the
   * longest stall was 9.1 ms, at 16 MiB per file, 1 file." */
  return g_strdup_printf (_("No sync read measured here costs a 60 Hz frame (16.7 ms) on the "
                            "main thread; the longest stall was %s, at %s."),
                          stall, place);
}

static char *
frame_text (const IbMap *map)
{
  g_autoptr(GString) where = g_string_new (NULL);
  gboolean any = FALSE;

  for (guint c = 0; c < map->counts->len;)
    {
      guint s = frame_threshold (map, c, &any);
      guint e = c;
      gboolean same = TRUE;

      while (s != G_MAXUINT && same && e + 1 < map->counts->len)
        {
          gboolean ignored = FALSE;

          same = frame_threshold (map, e + 1, &ignored) == s;
          e += same;
        }
      if (s != G_MAXUINT)
        {
          g_autofree char *size = ib_format_size (g_array_index (map->sizes, guint64, s));
          g_autofree char *counts = counts_phrase (map, c, e);

          if (where->len > 0)
            g_string_append (where, "; ");
          /* Translators: where the one-frame line starts: "64 KiB per file with 16 files" */
          g_string_append_printf (where, _("%s per file with %s"), size, counts);
        }
      c = e + 1;
    }
  if (!any)
    return NULL;
  if (where->len == 0)
    return no_frame_text (map);
  /* Translators: the map's one-frame line: "... from 64 KiB per file with 16
   * files; 16 MiB per file with 1 file." */
  return g_strdup_printf (_("A sync read on the main thread (g_file_load_contents, one after "
                            "another) costs a 60 Hz frame (16.7 ms) or more from %s."),
                          where->str);
}

/* Where GIO's async load loses by IB_MAP_HOPS_RATIO or more one file after
 * another, why: its 8 KiB round trips, counted for the largest such file. */
static char *
why_text (const IbMap *map)
{
  guint64 size = 0;
  g_autofree char *size_text = NULL;
  g_autofree char *trips = NULL;

  for (guint s = 0; s < map->sizes->len; s++)
    for (guint c = 0; c < map->counts->len; c++)
      {
        const IbMapCell *cell = ib_map_cell (map, s, c);
        const IbMapLine *line = &cell->lines[IB_MAP_SERIAL];
        IbVerdictInterval iv = { 0 };

        if (ib_map_line_class (map, cell, line) != IB_MAP_CLASS_SYNC)
          continue;
        ib_map_line_verdict (map, line, &iv);
        if (iv.ratio >= IB_MAP_HOPS_RATIO)
          size = MAX (size, cell->size);
      }
  if (size == 0)
    return NULL;
  size_text = ib_format_size (size);
  trips = ib_format_count ((size + GIO_LOAD_STEP - 1) / GIO_LOAD_STEP + GIO_LOAD_EXTRA_TRIPS);
  /* Translators: why g_file_load_contents_async is slow; "A file of 1 MiB
   * takes 132 such round trips" */
  return g_strdup_printf (_("Why g_file_load_contents_async loses one after another: it reads "
                            "in 8 KiB steps, and for a local file each step is a round trip, a "
                            "job handed to GLib's worker threads for one read, then a callback "
                            "queued back to the main context, which must wake to run it before "
                            "the next step starts. A file of %s takes %s such round trips (with "
                            "the open, the read that finds the end, the etag query and the "
                            "close); g_file_load_contents makes the same 8 KiB reads without "
                            "leaving its thread, and g_file_read_async + "
                            "g_input_stream_read_all_async makes one round trip for the whole "
                            "read."),
                          size_text, trips);
}

/* ---- the advice and its card --------------------------------------------- */

IbMapAdvice *
ib_map_advice_new (const IbMap *map)
{
  IbMapAdvice *advice = g_new0 (IbMapAdvice, 1);

  advice->regions = g_ptr_array_new_with_free_func (region_free);
  if (map == NULL || map->sizes->len == 0 || map->counts->len == 0)
    return advice;
  add_line_regions (map, IB_MAP_SERIAL, advice->regions);
  add_line_regions (map, IB_MAP_PARALLEL, advice->regions);
  advice->frame_text = frame_text (map);
  advice->why_text = why_text (map);
  return advice;
}

void
ib_map_advice_free (IbMapAdvice *advice)
{
  if (advice == NULL)
    return;
  g_ptr_array_unref (advice->regions);
  g_free (advice->frame_text);
  g_free (advice->why_text);
  g_free (advice);
}

/* How the decided lines fell, and the card's verdict. */
static char *
card_headline (const IbMap *map,
               IbVerdict   *verdict)
{
  guint n[IB_MAP_CLASS_UNREACHED + 1] = { 0 };
  guint decided;

  for (guint i = 0; i < map->cells->len; i++)
    {
      const IbMapCell *cell = &g_array_index (map->cells, IbMapCell, i);

      for (guint l = 0; l < IB_MAP_N_LINES; l++)
        n[ib_map_line_class (map, cell, &cell->lines[l])]++;
    }
  decided = n[IB_MAP_CLASS_SYNC] + n[IB_MAP_CLASS_ASYNC] + n[IB_MAP_CLASS_EQUIVALENT];
  *verdict = decided == 0                         ? IB_VERDICT_UNDECIDED
             : n[IB_MAP_CLASS_SYNC] == decided    ? IB_VERDICT_A_FASTER
             : n[IB_MAP_CLASS_ASYNC] == decided   ? IB_VERDICT_B_FASTER
             : n[IB_MAP_CLASS_EQUIVALENT] == decided ? IB_VERDICT_EQUIVALENT
                                                  : IB_VERDICT_UNDECIDED;
  /* Translators: the map card's headline: "Lines decided: 38 of 40 (sync
   * faster in 24, async faster in 10, equivalent in 4)." */
  return g_strdup_printf (_("Lines decided: %u of %u (sync faster in %u, async faster in %u, "
                            "equivalent in %u)."),
                          decided, map->cells->len * IB_MAP_N_LINES, n[IB_MAP_CLASS_SYNC],
                          n[IB_MAP_CLASS_ASYNC], n[IB_MAP_CLASS_EQUIVALENT]);
}

IbAnswerCard *
ib_answer_card_map (const IbReport *report)
{
  g_autoptr(IbMapAdvice) advice = NULL;
  IbAnswerCard *card;

  g_return_val_if_fail (report != NULL, NULL);

  if (report->map == NULL || report->map->cells->len == 0)
    return NULL;
  advice = ib_map_advice_new (report->map);
  card = g_new0 (IbAnswerCard, 1);
  card->id = g_strdup (IB_ANSWER_CARD_MAP);
  card->title = g_strdup (_("When async pays off: advice from the map"));
  card->headline = card_headline (report->map, &card->verdict);
  card->details = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < advice->regions->len; i++)
    g_ptr_array_add (card->details,
                     g_strdup (((IbMapRegion *) g_ptr_array_index (advice->regions, i))->text));
  if (advice->frame_text != NULL)
    g_ptr_array_add (card->details, g_strdup (advice->frame_text));
  if (advice->why_text != NULL)
    g_ptr_array_add (card->details, g_strdup (advice->why_text));
  {
    g_autoptr(GPtrArray) cuts = ib_map_cuts_new (report->map);

    for (guint i = 0; i < cuts->len; i++)
      g_ptr_array_add (card->details, g_strdup (g_ptr_array_index (cuts, i)));
  }
  return card;
}
