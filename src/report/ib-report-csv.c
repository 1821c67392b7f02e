/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-report-csv.c: one row per sample, RFC 4180 (CRLF line ends, fields with
 * a comma, quote, CR or LF quoted, quotes doubled; a text field that would
 * start a formula quoted after a single quote). Numbers are written raw
 * (nanoseconds, bytes) in the C locale so spreadsheets and scripts read them
 * exactly; an unknown residency is an empty field, and so are the main-loop
 * figures of a sample the tick did not watch.
 *
 * A size x count map's report (it has no samples) is the map's table
 * instead: one row per line of each cell (size, count, line, verdict, ratio
 * b / a and its interval, pairs, each side's stall); a report with samples
 * and a map has the map's table after the samples' and a blank line. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <math.h>
#include <string.h>

#include "analysis/ib-text-safe.h"
#include "engine/model/ib-map.h"
#include "engine/stats/ib-paired.h"
#include "engine/io/ib-output.h"
#include "ib-report-io.h"

/* A text field (never a number: "-5" as a number stays a number). One a
 * spreadsheet would take for a formula ("=cmd|...", "@SUM(1)", "+1+1") gets
 * a single quote in front and is quoted (OWASP's CSV injection rule). */
static void
csv_field (GString    *out,
           const char *text,
           gboolean    last)
{
  /* UTF-8 in, UTF-8 out, whatever bytes a message carried */
  g_autofree char *value = g_utf8_make_valid (text != NULL ? text : "", -1);
  gboolean formula = ib_text_csv_is_formula (value);

  if (formula || strpbrk (value, ",\"\r\n") != NULL)
    {
      g_string_append_c (out, '"');
      if (formula)
        g_string_append_c (out, '\'');
      for (const char *p = value; *p != '\0'; p++)
        {
          if (*p == '"')
            g_string_append_c (out, '"');
          g_string_append_c (out, *p);
        }
      g_string_append_c (out, '"');
    }
  else
    g_string_append (out, value);
  g_string_append (out, last ? "\r\n" : ",");
}

static void
csv_u64 (GString *out,
         guint64  value)
{
  g_string_append_printf (out, "%" G_GUINT64_FORMAT ",", value);
}

static void
csv_i64 (GString *out,
         gint64   value)
{
  g_string_append_printf (out, "%" G_GINT64_FORMAT ",", value);
}

static void
csv_bool (GString  *out,
          gboolean  value)
{
  g_string_append (out, value ? "true," : "false,");
}

static const char *const csv_header[] = {
  "strategy", "round", "warmup", "wall_ns", "user_ns", "sys_ns", "cpu_ns", "bytes", "files",
  "residency", "cache_ok",
  /* why the statistics leave the sample out ("not-cold", "not-warm"), empty when it counts */
  "excluded", "vol_ctxsw", "invol_ctxsw", "minflt", "majflt", "callbacks",
  "peak_rss_bytes", "chunk", "verify_ns", "max_in_flight", "ok", "error",
  /* main-loop responsiveness, empty when the tick did not run */
  "stall_ns", "lateness_p99_ns", "frames_missed_60", "frames_missed_120",
};

/* The map's table (engine/model/ib-map.h): one row per line of every cell. */
static const char *const csv_map_header[] = {
  "size_bytes", "count", "line", "reached", "sync_strategy", "async_strategy", "verdict",
  /* b / a: above 1 the sync side is faster; its interval at the procedure's level */
  "ratio", "ci_low", "ci_high", "ci_level", "pairs", "looks", "spent_s",
  /* the median longest stall of each side, and the sync side's 60 Hz frames missed */
  "sync_stall_ns", "sync_frames_missed_60", "async_stall_ns",
};

static void
csv_double (GString *out,
            double   value,
            gboolean last)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  if (isfinite (value))
    g_string_append (out, g_ascii_formatd (buf, sizeof buf, "%.6g", value));
  g_string_append (out, last ? "\r\n" : ",");
}

/* A duration in whole ns, or an empty field when not measured. */
static void
csv_ns (GString  *out,
        gboolean  known,
        double    ns,
        gboolean  last)
{
  if (known && isfinite (ns))
    g_string_append_printf (out, "%.0f", ns);
  g_string_append (out, last ? "\r\n" : ",");
}

static void
csv_map_line (GString         *out,
              const IbMap     *map,
              const IbMapCell *cell,
              IbMapLineKind    kind)
{
  const IbMapLine *line = &cell->lines[kind];
  const IbDecisionLine *d = &line->decision;
  gboolean watched_a = cell->reached && line->a_side.n_responsive > 0;
  gboolean watched_b = cell->reached && line->b_side.n_responsive > 0;
  double level = d->ci_level;

  /* the level of all looks together, as every display states it */
  if (d->n_looks > 0 && map->alpha > 0 && level + 1e-9 >= 1 - map->alpha / d->n_looks)
    level = 1 - map->alpha;
  csv_u64 (out, cell->size);
  csv_u64 (out, cell->count);
  csv_field (out, ib_map_line_kind_to_string (kind), FALSE);
  csv_bool (out, cell->reached);
  csv_field (out, d->a, FALSE);
  csv_field (out, d->b, FALSE);
  csv_field (out, ib_paired_verdict_to_string (d->verdict), FALSE);
  csv_double (out, d->pairs->len > 0 ? d->ratio : NAN, FALSE);
  csv_double (out, d->pairs->len > 0 ? d->ci_low : NAN, FALSE);
  csv_double (out, d->pairs->len > 0 ? d->ci_high : NAN, FALSE);
  csv_double (out, d->pairs->len > 0 ? level : NAN, FALSE);
  csv_u64 (out, d->pairs->len);
  csv_u64 (out, d->n_looks);
  csv_double (out, d->spent_s, FALSE);
  csv_ns (out, watched_a, line->a_side.stall_ns, FALSE);
  csv_double (out, watched_a ? line->a_side.frames_missed_60 : NAN, FALSE);
  csv_ns (out, watched_b, line->b_side.stall_ns, TRUE);
}

/* The map's rows, after its own header. */
static void
csv_map (GString     *out,
         const IbMap *map)
{
  for (guint i = 0; i < G_N_ELEMENTS (csv_map_header); i++)
    csv_field (out, csv_map_header[i], i + 1 == G_N_ELEMENTS (csv_map_header));
  for (guint i = 0; i < map->cells->len; i++)
    for (guint k = 0; k < IB_MAP_N_LINES; k++)
      csv_map_line (out, map, &g_array_index (map->cells, IbMapCell, i), k);
}

char *
ib_report_to_csv (const IbAnalysis *analysis)
{
  const IbReport *report = ib_analysis_get_report (analysis);
  GString *out = g_string_new (NULL);

  /* A map's report has no samples: its table is the map's. */
  if (report->map != NULL && report->samples->len == 0)
    {
      csv_map (out, report->map);
      return g_string_free (out, FALSE);
    }
  for (guint i = 0; i < G_N_ELEMENTS (csv_header); i++)
    csv_field (out, csv_header[i], i + 1 == G_N_ELEMENTS (csv_header));

  for (guint i = 0; i < report->samples->len; i++)
    {
      const IbSample *s = &g_array_index (report->samples, IbSample, i);

      csv_field (out, s->strategy, FALSE);
      csv_u64 (out, s->round);
      csv_bool (out, s->warmup);
      csv_i64 (out, s->wall_ns);
      csv_i64 (out, s->user_ns);
      csv_i64 (out, s->sys_ns);
      if (s->cpu_ns >= 0)
        csv_i64 (out, s->cpu_ns);
      else
        g_string_append_c (out, ',');
      csv_u64 (out, s->bytes);
      csv_u64 (out, s->files);
      if (s->residency >= 0 && isfinite (s->residency))
        {
          char buf[G_ASCII_DTOSTR_BUF_SIZE];

          /* shortest text that reads back to the same double */
          g_string_append (out, g_ascii_dtostr (buf, sizeof buf, s->residency));
        }
      g_string_append_c (out, ',');
      csv_bool (out, s->cache_ok);
      csv_field (out, s->excluded, FALSE);
      csv_i64 (out, s->vol_ctxsw);
      csv_i64 (out, s->invol_ctxsw);
      csv_i64 (out, s->minflt);
      csv_i64 (out, s->majflt);
      csv_u64 (out, s->callbacks);
      csv_u64 (out, s->peak_rss_bytes);
      csv_u64 (out, s->chunk);
      csv_i64 (out, s->verify_ns);
      csv_u64 (out, s->max_in_flight);
      csv_bool (out, s->ok);
      csv_field (out, s->error, FALSE);
      if (s->responsive)
        {
          char f60[G_ASCII_DTOSTR_BUF_SIZE], f120[G_ASCII_DTOSTR_BUF_SIZE];

          /* expected frames over a random vsync phase: fractional, C locale */
          g_ascii_formatd (f60, sizeof f60, "%.4g", s->frames_missed_60);
          g_ascii_formatd (f120, sizeof f120, "%.4g", s->frames_missed_120);
          g_string_append_printf (out, "%" G_GINT64_FORMAT ",%" G_GINT64_FORMAT ",%s,%s\r\n",
                                  s->stall_ns, s->lateness_p99_ns, f60, f120);
        }
      else
        g_string_append (out, ",,,\r\n");
    }
  /* both: the map's table after a blank line */
  if (report->map != NULL)
    {
      g_string_append (out, "\r\n");
      csv_map (out, report->map);
    }
  return g_string_free (out, FALSE);
}

gboolean
ib_report_save_csv (const IbAnalysis *analysis,
                    const char       *path,
                    GError          **error)
{
  g_autofree char *data = NULL;

  g_return_val_if_fail (analysis != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  data = ib_report_to_csv (analysis);
  return ib_output_save (path, data, -1, error);
}
