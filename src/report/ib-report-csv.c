/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-report-csv.c: one row per sample, RFC 4180 (CRLF line ends, fields with
 * a comma, quote, CR or LF quoted, quotes doubled; a text field that would
 * start a formula quoted after a single quote). Numbers are written raw
 * (nanoseconds, bytes) in the C locale so spreadsheets and scripts read them
 * exactly; an unknown residency is an empty field, and so are the main-loop
 * figures of a sample the tick did not watch. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <math.h>
#include <string.h>

#include "analysis/ib-text-safe.h"
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

char *
ib_report_to_csv (const IbAnalysis *analysis)
{
  const IbReport *report = ib_analysis_get_report (analysis);
  GString *out = g_string_new (NULL);

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
