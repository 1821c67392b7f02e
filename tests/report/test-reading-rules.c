/* SPDX-License-Identifier: GPL-3.0-or-later */
/* One reading rule for the numbers a person reads: counts, ratios and
 * rates grouped in threes (also in the C.UTF-8 locale the tests run in,
 * which groups nothing by itself), a ratio's interval with at most two
 * decimals where it holds 1, a ratio beside its sentence's "x" printed with
 * the same digits, and nouns after a number in the number's plural ("0.3
 * frames", never "0 warm-up"). The checker reads what every writer prints
 * (the answer, the findings, the Markdown and the HTML of every golden
 * report and of the fixtures) and is itself checked against planted
 * breaches. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <string.h>

#include "analysis/ib-labels.h"
#include "engine/model/ib-format.h"
#include "ib-test-writers.h"
#include "report-fixture.h"
#include "report-texts.h"

typedef struct
{
  const char *rule;
  const char *pattern;
} Rule;

/* Each pattern matches a breach. Digits inside words, paths, dates, hex
 * and versions are not numbers a person reads as a quantity. */
static const Rule rules[] = {
  { "digits not grouped", "(?<![\\w.,:/#+=-])\\d{5,}(?![\\w.,:/-])" },
  { "ratio not grouped", "(?<![\\w.,])\\d{4,}x\\b" },
  { "count not grouped", "(?<![\\w.,:/#+-])\\d{4}(?= (?:[a-zµ]|MiB|KiB|GiB))" },
  { "interval with three decimals",
    "(?<![\\w.])(?!1\\.00|0\\.99)(?:0\\.[1-9]\\d{2,}|[1-9]\\d*\\.\\d{3,})-\\d" },
  { "interval with three decimals",
    "\\d-(?!1\\.00|0\\.99)(?:0\\.[1-9]\\d{2,}|[1-9]\\d*\\.\\d{3,})(?![\\d%])" },
  { "ratio with four digits", "ratio \\d{2,}\\.\\d" },
  { "singular after a number", "(?<![\\w.,])(?:\\d*\\.\\d+|0|[2-9]|\\d{2,}|\\d{1,3}(?:,\\d{3})+) "
    "(?:frame|warm-up|sample|round|pair|callback|iteration|repetition|request|file)\\b"
    "(?![s-])" },
  { "plural after one", "(?<![\\w.,])(?<!- )1 (?:frames|warm-ups|samples|rounds|pairs|callbacks|"
    "iterations|repetitions|requests|files)\\b" },
};

/* The breaches in @text, one line each, appended to @bad with @where. */
static void
check_text (const char *where,
            const char *text,
            GString    *bad)
{
  g_autoptr(GRegex) tags = g_regex_new ("<[^>]*>", 0, 0, NULL);
  /* a seed is a name to copy, not a quantity to read */
  g_autoptr(GRegex) seeds = g_regex_new ("(?i)seed[\\s|]+\\d+", 0, 0, NULL);
  g_autofree char *untagged = g_regex_replace_literal (tags, text, -1, 0, " ", 0, NULL);
  g_autofree char *plain = g_regex_replace_literal (seeds, untagged, -1, 0, "seed", 0, NULL);

  for (guint r = 0; r < G_N_ELEMENTS (rules); r++)
    {
      g_autoptr(GRegex) re = g_regex_new (rules[r].pattern, G_REGEX_OPTIMIZE, 0, NULL);
      g_autoptr(GMatchInfo) match = NULL;

      g_assert_nonnull (re);
      g_regex_match (re, plain, 0, &match);
      while (g_match_info_matches (match))
        {
          int start = 0, end = 0;

          g_match_info_fetch_pos (match, 0, &start, &end);
          {
            int from = MAX (0, start - 40);
            int to = MIN ((int) strlen (plain), end + 20);
            g_autofree char *around = g_strndup (plain + from, to - from);

            g_strdelimit (around, "\n", ' ');
            g_string_append_printf (bad, "%s: %s: …%s…\n", where, rules[r].rule, around);
          }
          g_match_info_next (match, NULL);
        }
    }
}

/* The formatters themselves, in the C.UTF-8 locale of every test. */
static void
test_formats (void)
{
  static const struct
  {
    double ratio;
    const char *text;
  } ratios[] = {
    { 352912.4, "352,912x" }, { 12448, "12,448x" }, { 137.2, "137x" }, { 4.21, "4.2x" },
    { 1.021, "1.02x" }, { 0.075, "0.075x" }, { 1.09, "1.1x" }, { 1.0966, "1.1x" },
    { 1.004, "1.0x" }, { 0.592, "0.59x" }, { 9.96, "10x" }, { 0.0996, "0.10x" },
  };
  /* bounds rounded outward, a step out where a bound would print as its
   * estimate or beyond it, a digit more where it would print as 1 or as
   * the other bound */
  static const struct
  {
    double ratio, low, high;
    const char *text;
  } cis[] = {
    { 0.8, 0.592, 1.003, "0.59-1.01" }, { 14.61, 0.24, 39.12, "0.24-40" },
    { 1.1, 1.003, 1.2, "1.003-1.2" }, { 137, 1.9, 338, "1.9-338" },
    { 4.2, 3.9, 4.6, "3.9-4.6" }, { 4.2, 1.26, 22.3, "1.2-23" },
    { 1.196, 1.08, 1.204, "1.08-1.3" }, { 1.23, 1.21, 1.5, "1.1-1.5" },
    { 1.17, 1.05, 1.19, "1.05-1.3" }, { 1.4, 1.38, 1.41, "1.3-1.5" },
    { 2.0, 1.98, 2.04, "1.9-2.1" }, { 1.2, 1.2, 1.4, "1.2-1.4" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (ratios); i++)
    {
      g_autofree char *s = ib_format_ratio (ratios[i].ratio);

      g_assert_cmpstr (s, ==, ratios[i].text);
    }
  for (guint i = 0; i < G_N_ELEMENTS (cis); i++)
    {
      g_autofree char *s = ib_format_ratio_ci (cis[i].ratio, cis[i].low, cis[i].high);

      g_assert_cmpstr (s, ==, cis[i].text);
    }
  /* an estimate beside its interval: two significant digits, never
   * outside the printed interval (the interval widens, or, where it
   * cannot without printing a bound as 1, the estimate takes digits) */
  {
    static const struct
    {
      double ratio, low, high;
      const char *estimate, *ci;
    } beside[] = {
      { 1.43, 1.42, 1.5, "1.4x", "1.3-1.5" },     /* was "1.4x (CI 1.42-1.5)" */
      { 1.09, 0.97, 1.3, "1.1x", "0.97-1.3" },    /* a CPU ratio: not "1.09x" */
      { 1.004, 1.003, 1.2, "1.004x", "1.003-1.2" }, /* "1.0x" would lie below */
      { 1.14, 1.12, 1.3, "1.1x", "1.09-1.3" },    /* "1.0" would print as 1 */
      { 2.36, 1.8, 3.5, "2.4x", "1.8-3.5" },
      { 0.95, 0.93, 0.97, "0.95x", "0.93-0.97" },
    };

    for (guint i = 0; i < G_N_ELEMENTS (beside); i++)
      {
        g_autofree char *e = ib_format_ratio_in (beside[i].ratio, beside[i].low,
                                                 beside[i].high);
        g_autofree char *ci = ib_format_ratio_ci (beside[i].ratio, beside[i].low,
                                                  beside[i].high);

        g_assert_cmpstr (e, ==, beside[i].estimate);
        g_assert_cmpstr (ci, ==, beside[i].ci);
      }
  }
  {
    g_autofree char *count = ib_format_count (20000);
    g_autofree char *small = ib_format_count (999);
    g_autofree char *big = ib_format_count (G_GUINT64_CONSTANT (1234567890));
    g_autofree char *rate = ib_format_rate_per_s (16460.2);
    g_autofree char *size = ib_format_size (2732);
    g_autofree char *value = ib_format_ratio_value (14.61);
    g_autofree char *frames = ib_format_frames_missed (0.3);
    g_autofree char *one = ib_format_frames_missed (1);

    g_assert_cmpstr (count, ==, "20,000");
    g_assert_cmpstr (small, ==, "999");
    g_assert_cmpstr (big, ==, "1,234,567,890");
    g_assert_cmpstr (rate, ==, "16,460");
    g_assert_cmpstr (size, ==, "2,732 B");
    g_assert_cmpstr (value, ==, "15");
    g_assert_cmpstr (frames, ==, "an expected 0.3 frames missed at 60 Hz");
    g_assert_cmpstr (one, ==, "an expected 1 frame missed at 60 Hz");
  }
}

/* The checker: every planted breach is found, the right forms are not. */
static void
test_planted (void)
{
  g_autoptr(GString) bad = g_string_new (NULL);

  check_text ("ok", "Sync single read is 352,912x faster (CI 1.9-338; 20,000 iterations, "
              "16,460 requests/s, 1 frame missed, 0.3 frames missed, 2 warm-ups, 1 warm-up; "
              "ratio 1.05, 95.31 % CI 0.59-1.00; 0.014x; 2,732 B; iobench-123456; "
              "1 Dec 2026, 02:54; Linux 6.1.0-12345; uid=65534; Seed | 18446744073709551557; d / T - 1 frames; 0.996-1.004 is not 1.003-1.2)", bad);
  g_assert_cmpstr (bad->str, ==, "");
  check_text ("planted", "Async is 352912x faster", bad);
  check_text ("planted", "over 20000 iterations per kind", bad);
  check_text ("planted", "ratio 14.61, 87.89 % CI 0.24-39.12", bad);
  check_text ("planted", "(CI 0.592-1.003)", bad);
  check_text ("planted", "(after 0 warm-up)", bad);
  check_text ("planted", "0.3 frame missed", bad);
  check_text ("planted", "1 samples", bad);
  check_text ("planted", "9151 completion callbacks", bad);
  g_test_message ("%s", bad->str);
  g_assert_nonnull (strstr (bad->str, "ratio not grouped: …Async is 352912x"));
  g_assert_nonnull (strstr (bad->str, "digits not grouped: …over 20000"));
  g_assert_nonnull (strstr (bad->str, "ratio with four digits: …ratio 14.61"));
  g_assert_nonnull (strstr (bad->str, "interval with three decimals: …(CI 0.592-1.003"));
  g_assert_nonnull (strstr (bad->str, "singular after a number: …(after 0 warm-up"));
  g_assert_nonnull (strstr (bad->str, "singular after a number: …0.3 frame missed"));
  g_assert_nonnull (strstr (bad->str, "plural after one: …1 samples"));
  g_assert_nonnull (strstr (bad->str, "planted: count not grouped: …9151 completion"));
}

/* Every golden report and the fixtures, as this build analyses and writes
 * them. */
static void
test_golden (void)
{
  g_autoptr(GString) bad = g_string_new (NULL);
  guint n = rt_check_golden (check_text, bad);

  {
    g_autoptr(IbReport) apart = fx_report_new (40);
    g_autoptr(IbReport) close = fx_report_new (10);

    rt_check_report ("fixture-40", apart, check_text, bad);
    rt_check_report ("fixture-10", close, check_text, bad);
  }
  g_test_message ("%u golden reports checked", n);
  g_assert_cmpuint (n, >=, 5);
  if (bad->len > 0)
    g_error ("numbers not read at a glance:\n%s", bad->str);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/reading-rules/formats", test_formats);
  g_test_add_func ("/reading-rules/planted", test_planted);
  g_test_add_func ("/reading-rules/golden", test_golden);
  return g_test_run ();
}
