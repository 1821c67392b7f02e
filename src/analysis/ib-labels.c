/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "engine/model/ib-format.h"
#include "engine/stats/ib-stats.h"
#include "engine/io/ib-strategy.h"
#include "engine/run/ib-sweep.h"
#include "ib-labels.h"

char *
ib_format_sig (double value)
{
  double a = fabs (value);
  int decimals;
  char *s, *dot;

  if (!isfinite (value))
    return g_strdup ("—");
  /* three significant digits; from 1000 up the whole number, grouped */
  if (a >= 999.5)
    {
      char *n = ib_format_count ((guint64) llround (a));

      if (value < 0)
        {
          char *neg = g_strconcat ("-", n, NULL);

          g_free (n);
          return neg;
        }
      return n;
    }
  decimals = a >= 99.95 ? 0 : a >= 9.995 ? 1 : a >= 0.9995 ? 2 : 3;
  s = g_strdup_printf ("%.*f", decimals, value);
  dot = strchr (s, '.');
  if (dot != NULL)
    {
      char *end = s + strlen (s) - 1;

      while (end > dot && *end == '0')
        *end-- = '\0';
      if (end == dot)
        *end = '\0';
    }
  if (g_str_equal (s, "-0"))
    {
      g_free (s);
      s = g_strdup ("0");
    }
  return s;
}

char *
ib_format_throughput (double mib_per_s)
{
  g_autofree char *n = NULL;

  if (!isfinite (mib_per_s) || mib_per_s <= 0)
    return g_strdup ("—");
  /* One unit rule for tables and charts: KiB/s below 1 MiB/s, GiB/s from
   * what would print as 1024 MiB/s. */
  if (mib_per_s < 1)
    {
      n = ib_format_sig (mib_per_s * 1024);
      /* Translators: throughput, kibibytes per second, "512 KiB/s" */
      return g_strdup_printf (_("%s KiB/s"), n);
    }
  if (mib_per_s >= 1023.5)
    {
      n = ib_format_sig (mib_per_s / 1024);
      /* Translators: throughput, gibibytes per second, "2.59 GiB/s" */
      return g_strdup_printf (_("%s GiB/s"), n);
    }
  n = ib_format_sig (mib_per_s);
  /* Translators: throughput, mebibytes per second, "12.5 MiB/s" */
  return g_strdup_printf (_("%s MiB/s"), n);
}

/* The decimals of a ratio as a person reads it: two significant digits
 * (whole from 10 up), but never "1.0" for a ratio 0.5 % or more above 1
 * ("1.03x": "1.0x slower" would say no difference). */
static int
value_digits (double v)
{
  if (v >= 9.95)
    return 0;
  if (v >= 1.005 && v < 1.05)
    return 2;
  if (v >= 0.995)
    return 1;
  if (v >= 0.0995)
    return 2;
  /* two significant digits: 0.014x, not 0.01x */
  return MIN (1 - (int) floor (log10 (v)), 9);
}

/* @v with @digits decimals, grouped as the locale does when whole. */
static char *
print_ratio (double v,
             int    digits)
{
  if (digits == 0 && v >= 999.5)
    return ib_format_count ((guint64) llround (v));
  return g_strdup_printf ("%.*f", digits, v);
}

char *
ib_format_ratio_value (double ratio)
{
  if (!isfinite (ratio) || ratio <= 0)
    return g_strdup ("—");
  return print_ratio (ratio, value_digits (ratio));
}

char *
ib_format_ratio (double ratio)
{
  g_autofree char *n = ib_format_ratio_value (ratio);

  if (!isfinite (ratio) || ratio <= 0)
    return g_strdup ("—");
  /* every table, chart and sentence prints a ratio this way */
  return g_strdup_printf ("%sx", n);
}

char *
ib_format_rate_per_s (double per_s)
{
  if (!isfinite (per_s) || per_s < 0)
    return g_strdup ("—");
  return ib_format_sig (per_s);
}

char *
ib_overhead_iterations_text (const IbReport *report)
{
  guint64 lo = G_MAXUINT64, hi = 0;
  g_autofree char *low = NULL, *high = NULL;

  g_return_val_if_fail (report != NULL, NULL);

  for (guint i = 0; i < report->overhead->len; i++)
    {
      const IbOverheadRow *row = &g_array_index (report->overhead, IbOverheadRow, i);

      lo = MIN (lo, row->iterations);
      hi = MAX (hi, row->iterations);
    }
  if (hi == 0)
    return NULL;
  high = ib_format_count (hi);
  if (lo == hi)
    /* Translators: e.g. "999,999 iterations per kind" (grouped by the locale) */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s iteration per kind",
                                         "%s iterations per kind", (gulong) MIN (hi, 1000000)),
                            high);
  low = ib_format_count (lo);
  /* Translators: the kinds ran different counts (a slow kind runs fewer): "1,000 to
   * 999,999 iterations, by kind" */
  return g_strdup_printf (_("%s to %s iterations, by kind"), low, high);
}

char *
ib_format_vary_value (IbVaryKind vary,
                      guint64    value)
{
  /* the engine's progress line says it too: one implementation */
  return ib_sweep_format_value (vary, value);
}

char *
ib_sweep_crossover_text (const IbSweep *sweep)
{
  g_autofree char *shown = NULL;

  if (sweep == NULL || !sweep->has_crossover || sweep->crossover_winner == NULL
      || sweep->crossover_loser == NULL)
    return NULL;
  shown = ib_format_vary_value (sweep->vary, sweep->crossover_value);
  /* Translators: e.g. "Async load contents, parallel overtakes Sync load
   * contents from 100 files" (display names, as everywhere but JSON and CSV) */
  return g_strdup_printf (_("%s overtakes %s from %s"),
                          ib_strategy_title (sweep->crossover_winner),
                          ib_strategy_title (sweep->crossover_loser), shown);
}

const char *
ib_cache_mode_text (IbCacheMode mode)
{
  switch (mode)
    {
    case IB_CACHE_WARM:
      /* Translators: the cache state, "(95 % CI 1.5-1.9, warm cache)" */
      return _("warm cache");
    case IB_CACHE_COLD:
      return _("cold cache");
    case IB_CACHE_AS_IS:
      /* Translators: the cache state: neither warmed nor dropped */
      return _("cache as is");
    default:
      return NULL;
    }
}

/* The decimals of an interval's bound before it is rounded outward: none
 * from 10 up, one from 1.1, two below (an interval near 1 is read against
 * the ±10 % margin: "0.93-1.07", not "0.93-1.1"); below 0.1 two
 * significant digits. */
static int
bound_digits (double v)
{
  if (v >= 10)
    return 0;
  if (v >= 1.1)
    return 1;
  if (v >= 0.1 || !(v > 0))
    return 2;
  return MIN (1 - (int) floor (log10 (v)), 9);
}

gulong
ib_plural_count (double value)
{
  if (!(value >= 0) || value >= 1e9)
    return 1000000000;
  /* "0.3 frames", "1.5 frames": a fraction takes the form of 2 in English,
   * Spanish and Russian (the genitive singular "0,3 кадра") */
  if (value != floor (value))
    return 2;
  return (gulong) value;
}

/* @v rounded to @digits decimals away from the interval's inside: down
 * for a lower bound (@dir < 0), up for an upper one, so that the printed
 * interval holds the computed one. */
static double
round_outward (double v,
               int    digits,
               int    dir)
{
  double scale = pow (10, digits);
  double x = v * scale;

  /* a bound that is already on the grid (3.9, 4.6) stays there */
  return (dir < 0 ? floor (x + 1e-9 * MAX (1, fabs (x)))
                  : ceil (x - 1e-9 * MAX (1, fabs (x)))) / scale;
}

/* Whether @a lies below @b, as printed (both on a decimal grid). */
static gboolean
below (double a,
       double b)
{
  return a < b - 1e-9 * MAX (1, fabs (b));
}

/* The largest value with @digits decimals below @v; the smallest above
 * (@dir > 0). */
static double
step_beyond (double v,
             int    digits,
             int    dir)
{
  double scale = pow (10, digits);
  double x = v * scale;
  double tol = 1e-9 * MAX (1, fabs (x));

  return (dir < 0 ? ceil (x - tol) - 1 : floor (x + tol) + 1) / scale;
}

/* An estimate and its interval as printed: the decimals of each and the
 * values they print. */
typedef struct
{
  int    de, dl, dh;
  double l, h;
} RatioPrint;

/* The bounds of @low-@high printed around the estimate @ratio printed with
 * @p->de decimals: FALSE when no such printing keeps every rule. */
static gboolean
fit_bounds (double      ratio,
            double      low,
            double      high,
            RatioPrint *p)
{
  gboolean has_e = isfinite (ratio) && ratio > 0;
  double e = has_e ? round (ratio * pow (10, p->de)) / pow (10, p->de) : 0;
  gboolean holds_one = low <= 1 && high >= 1;

  p->dl = bound_digits (low);
  p->dh = bound_digits (high);
  for (int more = 0; more < 5; more++)
    {
      gboolean alike, low_bad, high_bad;

      p->l = round_outward (low, p->dl, -1);
      p->h = round_outward (high, p->dh, +1);
      /* the estimate strictly inside: a bound that is not the estimate
       * never prints as it, nor beyond it; the bound moves out a step */
      if (has_e && low != ratio && !below (p->l, e))
        p->l = step_beyond (e, p->dl, -1);
      if (has_e && high != ratio && !below (e, p->h))
        p->h = step_beyond (e, p->dh, +1);
      alike = low != high && !below (p->l, p->h);
      /* a bound that is not 1 never prints as 1 (nor beyond) in an interval
       * that leaves 1 out */
      low_bad = (!holds_one && low > 1 && !below (1, p->l)) || (low > 0 && p->l <= 0);
      high_bad = !holds_one && high < 1 && !below (p->h, 1);
      if (!alike && !low_bad && !high_bad)
        return TRUE;
      p->dl += alike || low_bad;
      p->dh += alike || high_bad;
    }
  return FALSE;
}

/* @ratio and @low-@high as printed together: the estimate with two
 * significant digits (value_digits) and more only where no widening of the
 * interval would hold it ("1.004x (CI 1.003-1.2)"). */
static void
ratio_print (double      ratio,
             double      low,
             double      high,
             RatioPrint *p)
{
  int first = isfinite (ratio) && ratio > 0 ? value_digits (ratio) : 0;

  for (p->de = first; p->de < first + 6; p->de++)
    if (fit_bounds (ratio, low, high, p))
      return;
  /* nothing fits (an estimate far outside its interval): as computed */
  p->de = first;
  fit_bounds (ratio, low, high, p);
}

char *
ib_format_ratio_ci (double ratio,
                    double low,
                    double high)
{
  RatioPrint p;

  if (!isfinite (low) || !isfinite (high))
    return g_strdup ("—");
  ratio_print (ratio, low, high, &p);
  {
    g_autofree char *l = print_ratio (p.l, p.dl);
    g_autofree char *h = print_ratio (p.h, p.dh);

    return g_strdup_printf ("%s-%s", l, h);
  }
}

char *
ib_format_ratio_value_in (double ratio,
                          double low,
                          double high)
{
  RatioPrint p;

  if (!isfinite (ratio) || ratio <= 0)
    return g_strdup ("—");
  if (!isfinite (low) || !isfinite (high))
    return ib_format_ratio_value (ratio);
  ratio_print (ratio, low, high, &p);
  return print_ratio (ratio, p.de);
}

char *
ib_format_ratio_in (double ratio,
                    double low,
                    double high)
{
  g_autofree char *n = ib_format_ratio_value_in (ratio, low, high);

  if (!isfinite (ratio) || ratio <= 0)
    return g_strdup ("—");
  return g_strdup_printf ("%sx", n);
}

char *
ib_format_duration_ci (double low_ns,
                       double high_ns)
{
  static const struct
  {
    double scale;
    const char *unit;
  } units[] = {
    { 1.0, "ns" },
    { 1e3, "µs" },
    { 1e6, "ms" },
    { 1e9, "s" },
  };
  g_autofree char *l = NULL, *h = NULL;
  guint u = 0;

  if (!isfinite (low_ns) || !isfinite (high_ns))
    return g_strdup ("—");
  l = ib_format_duration (low_ns);
  h = ib_format_duration (high_ns);
  if (low_ns == high_ns || g_strcmp0 (l, h) != 0)
    /* Translators: a duration interval, "2.10 ms – 2.30 ms" */
    return g_strdup_printf (_("%s – %s"), l, h);
  /* The unit ib_format_duration gave the upper end, then more decimals. */
  while (u + 1 < G_N_ELEMENTS (units) && high_ns >= units[u + 1].scale * 0.9995)
    u++;
  for (int digits = 1; digits <= 9; digits++)
    {
      g_free (l);
      g_free (h);
      l = g_strdup_printf ("%.*f %s", digits, low_ns / units[u].scale, units[u].unit);
      h = g_strdup_printf ("%.*f %s", digits, high_ns / units[u].scale, units[u].unit);
      if (g_strcmp0 (l, h) != 0)
        break;
    }
  return g_strdup_printf (_("%s – %s"), l, h);
}

char *
ib_format_level (double level)
{
  /* 93.75 %, 96.88 %, 50 %: at most four significant digits */
  return g_strdup_printf ("%.4g %%", CLAMP (level, 0.0, 1.0) * 100.0);
}

char *
ib_format_ci_level (double level)
{
  /* An interval that covers at least 95 % is a 95 % interval (the
   * procedure's level; order statistics only reach some coverages, always
   * the next one up); its exact coverage is a detail for the tables. */
  if (level >= IB_CI_LEVEL - 1e-9)
    return ib_format_level (IB_CI_LEVEL);
  {
    g_autofree char *level95 = ib_format_level (IB_CI_LEVEL);

    /* "(ratio 14, <95 % CI 0.24-40)": symbols, as the level itself */
    return g_strdup_printf ("<%s", level95);
  }
}

char *
ib_stats_aggregation_text (const IbStats *st)
{
  g_autoptr(GString) text = g_string_new (NULL);

  g_return_val_if_fail (st != NULL, NULL);

  if (st->n == 0)
    g_string_append (text, _("no valid sample"));
  else
    {
      g_autofree char *level = ib_format_level (st->ci_level);

      /* Translators: how a row of the statistics is aggregated */
      g_string_append_printf (text, ngettext ("median of %u valid sample",
                                              "median of %u valid samples", st->n), st->n);
      if (st->n < 2)
        g_string_append (text, _("; no interval from one sample"));
      else if (st->ci_method == IB_CI_BOOTSTRAP)
        /* Translators: older reports computed this interval */
        g_string_append (text, _("; percentile bootstrap interval (stated as 95 %, "
                                 "less at small n)"));
      else
        /* Translators: "; order-statistic interval, coverage 93.75 %" */
        g_string_append_printf (text, _("; distribution-free order-statistic interval, "
                                        "coverage %s"), level);
    }
  if (st->n_excluded > 0)
    /* Translators: "; 3 of 10 samples excluded for their cache state" */
    g_string_append_printf (text, ngettext ("; %u of %u sample excluded for its cache state",
                                            "; %u of %u samples excluded for their cache state",
                                            st->n + st->n_excluded),
                            st->n_excluded, st->n + st->n_excluded);
  if (st->n_failed > 0)
    g_string_append_printf (text, ngettext ("; %u failed", "; %u failed", st->n_failed),
                            st->n_failed);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

const char *
ib_stats_unmeasured_text (const IbReport *report,
                          const IbStats  *st)
{
  g_return_val_if_fail (report != NULL && st != NULL, NULL);

  if (st->n > 0 || st->n_failed > 0 || st->n_excluded > 0)
    return NULL;
  for (guint i = 0; i < report->samples->len; i++)
    if (g_strcmp0 (g_array_index (report->samples, IbSample, i).strategy, st->strategy) == 0)
      return NULL;
  if (report->partial)
    /* Translators: in place of a strategy's numbers, when the run was
     * stopped before it came to that strategy */
    return _("not measured (stopped)");
  /* Translators: in place of a strategy's numbers, when the run never
   * measured it (it was added to the plan later) */
  return _("not measured");
}

/* "an expected 0.74 frames missed at 60 Hz", "no frame missed at 60 Hz"
 * (medians per read of the expectation over a random vsync phase,
 * ib_frames_missed). */
char *
ib_format_frames_missed (double frames)
{
  g_autofree char *n = NULL;

  if (!(frames > 0))
    /* Translators: part of a finding, "blocks the main loop for 3 ms per read (no frame
     * missed at 60 Hz)" */
    return g_strdup (_("no frame missed at 60 Hz"));
  n = frames < 10 && frames != floor (frames) ? g_strdup_printf ("%.2g", frames)
                                               : ib_format_count ((guint64) MIN (frames, 1e15));
  /* Translators: part of a finding, "(an expected 0.74 frames missed at 60 Hz)": a
   * 60 Hz display's frames missed, expected over a random phase of its vsync */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "an expected %s frame missed at 60 Hz",
                                       "an expected %s frames missed at 60 Hz",
                                       ib_plural_count (frames)), n);
}

char *
ib_report_date_or_null (const IbReport *report)
{
  g_autoptr(GDateTime) created = NULL;
  g_autoptr(GDateTime) local = NULL;
  char *when;

  g_return_val_if_fail (report != NULL, NULL);

  if (report->created != NULL)
    created = g_date_time_new_from_iso8601 (report->created, NULL);
  if (created != NULL)
    local = g_date_time_to_local (created);
  if (local == NULL)
    return NULL;
  /* Translators: the date of a run, as strftime: "1 Dec 2026, 02:54"
   * (history, comparison, charts and reports show this one format) */
  when = g_date_time_format (local, _("%e %b %Y, %H:%M"));
  if (when == NULL)
    return NULL;
  /* %e pads a one-digit day with U+2007 FIGURE SPACE, which g_strstrip
   * keeps: drop it, so "1 Dec" reads as in a sentence. */
  if (g_str_has_prefix (when, "\u2007"))
    memmove (when, when + strlen ("\u2007"), strlen (when) - strlen ("\u2007") + 1);
  return g_strstrip (when);
}

char *
ib_report_date_text (const IbReport *report)
{
  char *when;

  g_return_val_if_fail (report != NULL, NULL);

  when = ib_report_date_or_null (report);
  return when != NULL ? when : g_strdup (_("Unknown date"));
}

char *
ib_vs_fastest_text (const IbReport *report,
                    const IbStats  *st,
                    const IbStats  *fastest,
                    gboolean       *clear)
{
  g_autofree char *factor = NULL;
  IbRatio ratio;

  g_return_val_if_fail (report != NULL && st != NULL, NULL);

  if (clear != NULL)
    *clear = FALSE;
  if (st->n == 0 || fastest == NULL || fastest->n == 0 || fastest->median_ns <= 0)
    return NULL;
  factor = ib_format_ratio (st->median_ns / fastest->median_ns);
  if (st->n < IB_VERDICT_MIN_SAMPLES || fastest->n < IB_VERDICT_MIN_SAMPLES)
    {
      /* A hint, not a verdict: the table's note says so once, rather than
       * "too few samples" on every row of a short survey. */
      if (st == fastest || g_strcmp0 (st->strategy, fastest->strategy) == 0)
        /* Translators: the "vs fastest" cell of the lowest median from fewer
         * than 5 samples: no verdict, a hint (the table's note says so) */
        return g_strdup (_("lowest (hint)"));
      /* Translators: a factor from fewer than 5 samples a side, "1.3x (hint)":
       * no verdict (the table's note says so) */
      return g_strdup_printf (_("%s (hint)"), factor);
    }
  if (st == fastest || g_strcmp0 (st->strategy, fastest->strategy) == 0)
    /* Translators: the "vs fastest" cell of the strategy with the lowest median */
    return g_strdup (_("fastest"));
  ib_report_ratio (report, fastest->strategy, report, st->strategy, &ratio);
  if (ratio.verdict == IB_RATIO_NO_DATA)
    /* Statistics without their samples (a report cut down by hand): the
     * medians' intervals, as for sweep points. */
    {
      IbMedianCi a = { fastest->median_ns, fastest->ci_low_ns, fastest->ci_high_ns,
                       fastest->ci_level, fastest->n };
      IbMedianCi b = { st->median_ns, st->ci_low_ns, st->ci_high_ns, st->ci_level, st->n };

      ib_stats_ratio_of_medians (&a, &b, &ratio);
    }
  if (clear != NULL)
    *clear = ratio.verdict == IB_RATIO_A_FASTER;
  if (ratio.verdict == IB_RATIO_A_FASTER)
    /* Translators: "1.3x slower" than the fastest strategy, a clear verdict */
    return g_strdup_printf (_("%s slower"), factor);
  /* Translators: a factor the interval cannot tell from 1, worded as the
   * clear "1.3x slower" beside it: "1.05x, no verdict" */
  return g_strdup_printf (_("%s, no verdict"), factor);
}

/* The longest stall of each valid, watched sample of @strategy. */
static GArray *
stall_values (const IbReport *report,
              const char     *strategy)
{
  GArray *values = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint i = 0; i < report->samples->len; i++)
    {
      const IbSample *s = &g_array_index (report->samples, IbSample, i);
      double v = (double) s->stall_ns;

      if (ib_sample_is_valid (s) && s->responsive && g_strcmp0 (s->strategy, strategy) == 0)
        g_array_append_val (values, v);
    }
  return values;
}

gboolean
ib_report_stalls_less (const IbReport *report,
                       const char     *a,
                       const char     *b)
{
  g_autoptr(GArray) va = NULL;
  g_autoptr(GArray) vb = NULL;
  IbShift shift;

  g_return_val_if_fail (report != NULL, FALSE);

  va = stall_values (report, a);
  vb = stall_values (report, b);
  /* the shift b - a: above 0 when b stalls longer */
  ib_stats_shift ((const double *) (gconstpointer) va->data, va->len,
                  (const double *) (gconstpointer) vb->data, vb->len, &shift);
  return shift.differs && shift.ci_low > 0 && shift.median_a < shift.median_b;
}

char *
ib_virtual_disk_caveat (const char *disk,
                        gboolean    sentence)
{
  g_autofree char *clause = NULL;
  g_autofree char *head = NULL;
  const char *rest;

  /* Translators: a caveat, in the answer's headline and as a finding; %s
   * is the kind of virtual disk, e.g. "virtio" */
  clause = g_strdup_printf (_("the disk is a virtual one (%s): the host may still cache the "
                              "files, so cold reads can be faster than the disk"),
                            disk != NULL ? disk : "?");
  if (!sentence)
    return g_steal_pointer (&clause);
  /* A capital letter first (where the language has them). */
  rest = g_utf8_next_char (clause);
  head = g_utf8_strup (clause, rest - clause);
  /* Translators: a clause made a sentence: "%s." (the full stop of your
   * language) */
  return g_strdup_printf (_("%s%s."), head, rest);
}

/* ---- short strategy names ------------------------------------------------ */

/* Translators: short names of the strategies, for a table in a narrow
 * window: each must stay apart from the others at about 17 characters;
 * "par." and "ser." are parallel (all files at once) and serial (one file
 * after another). */
static const struct
{
  const char *id;
  const char *title;
} short_titles[] = {
  { "sync-load-contents", N_("Sync load") },
  { "sync-read-all", N_("Sync read") },
  { "sync-stream", N_("Sync stream") },
  { "async-load-contents-parallel", N_("Async load par.") },
  { "async-load-contents-serial", N_("Async load ser.") },
  { "async-stream-serial", N_("Async stream ser.") },
  { "async-stream-parallel", N_("Async stream par.") },
  { "async-read-all-serial", N_("Async read ser.") },
  { "async-read-all-parallel", N_("Async read par.") },
  { "gtask-thread-parallel", N_("GTask threads") },
  { "thread-pool-parallel", N_("Thread pool") },
  { "mmap", N_("Memory map") },
  { "uring-read-all-serial", N_("uring read ser.") },
  { "uring-read-all-parallel", N_("uring read par.") },
  { "uring-stream-parallel", N_("uring stream par.") },
};

const char *
ib_strategy_short_title (const char *id)
{
  const IbStrategyInfo *info = id != NULL ? ib_strategy_lookup (id) : NULL;

  if (info == NULL)
    return ib_strategy_title (id);
  for (guint i = 0; i < G_N_ELEMENTS (short_titles); i++)
    if (g_str_equal (short_titles[i].id, info->id))
      {
        g_autofree char *direct = NULL;

        if (!ib_strategy_id_is_direct (id))
          return _(short_titles[i].title);
        /* Translators: a short strategy name reading with O_DIRECT, "Sync read, direct" */
        direct = g_strdup_printf (_("%s, direct"), _(short_titles[i].title));
        return g_intern_string (direct);
      }
  return ib_strategy_title (id);
}
