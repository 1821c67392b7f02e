/* SPDX-License-Identifier: GPL-3.0-or-later */
/* One story per report, and one reading rule for its numbers. The checker
 * reads what every writer prints: the answer's headline and details and the
 * shown findings (the CLI, the window, HTML and Markdown print exactly
 * these), and the Markdown and HTML files of every golden report, loaded and
 * analysed by this build. It fails on
 *
 *  - "faster", "slower", "fastest" or "costs time" in a sentence beside a
 *    verdict that is not decided ("not decided", "cannot be told apart",
 *    "too few samples", "cannot be compared");
 *  - the same words beside a hint: a comparison of the survey's samples
 *    that the decision phase did not race ("(hint)", "did not race") is
 *    worded without a direction (analysis/ib-findings.h,
 *    ib_findings_survey_only);
 *  - a coverage level other than the procedure's 95 % in the first
 *    sentence of a line ("96.83 % CI", "87.89 % interval"): the exact
 *    coverage is a detail, for the tables (lines of a table, "|", are
 *    details) and the "Why:" paragraph;
 *  - an interval bound printed as its estimate prints ("1.2x faster (95 %
 *    CI 1.08-1.2)", "ratio 1.09, 95 % CI 1.09-1.3"): bounds are rounded
 *    outward, with a digit more where they would meet the estimate
 *    (analysis/ib-labels.h, ib_format_ratio_ci).
 *
 * Planted breaches of each rule make it fail. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <string.h>

#include "ib-test-writers.h"
#include "report-texts.h"

/* The claim of a direction, unless it is the title's question ("whether
 * sync or async is faster"), which claims none. */
static gboolean
has_direction (const char *sentence)
{
  static const char *const words[] = { " faster", " slower", "fastest", "costs time" };
  g_autofree char *lower = g_utf8_strdown (sentence, -1);
  g_autoptr(GString) text = g_string_new (lower);

  g_string_replace (text, "whether sync or async is faster", "", 0);
  for (guint i = 0; i < G_N_ELEMENTS (words); i++)
    if (strstr (text->str, words[i]) != NULL)
      return TRUE;
  return FALSE;
}

static gboolean
has_undecided (const char *sentence)
{
  static const char *const words[] = {
    "not decided", "cannot be told apart", "too few samples", "too few runs",
    "cannot be compared",
  };

  for (guint i = 0; i < G_N_ELEMENTS (words); i++)
    if (strstr (sentence, words[i]) != NULL)
      return TRUE;
  return FALSE;
}

/* A comparison of the survey's samples alone, which may not claim a
 * direction. */
static gboolean
has_hint (const char *sentence)
{
  static const char *const words[] = { "(hint)", "did not race", "does not race", "a hint" };

  for (guint i = 0; i < G_N_ELEMENTS (words); i++)
    if (strstr (sentence, words[i]) != NULL)
      return TRUE;
  return FALSE;
}

/* A level other than the procedure's 95 % in @first, the first sentence of
 * a line, appended to @bad. */
static void
check_level (const char *where,
             const char *first,
             GString    *bad)
{
  g_autoptr(GRegex) re = g_regex_new ("(\\d+(?:[.,]\\d+)?)\\s?%\\s(?:CI|interval)\\b", 0, 0,
                                      NULL);
  g_autoptr(GMatchInfo) match = NULL;

  /* a list's or a bold line's marks are not words */
  while (*first == '-' || *first == '*' || *first == ' ')
    first++;
  if (g_str_has_prefix (first, "|") || g_str_has_prefix (first, "Why:"))
    return;   /* a table row, the answer's details */
  g_regex_match (re, first, 0, &match);
  for (; g_match_info_matches (match); g_match_info_next (match, NULL))
    {
      g_autofree char *level = g_match_info_fetch (match, 1);

      if (g_strcmp0 (level, "95") != 0)
        g_string_append_printf (bad, "%s: a level in a first sentence: %s\n", where, first);
    }
}

/* An interval bound in @line printed as its estimate prints: the "ratio
 * N" in the same brackets, or the "Nx" before them. */
static void
check_bounds (const char *where,
              const char *line,
              GString    *bad)
{
  static const char *const patterns[] = {
    "ratio ([\\d.,]+), [^()]*?(?:CI|interval) ([\\d.,]+)-([\\d.,]+)",
    "([\\d.,]+)x (?:[^()]|\\([^()]*\\))*?\\([^()]*?(?:CI|interval) ([\\d.,]+)-([\\d.,]+)",
  };

  for (guint p = 0; p < G_N_ELEMENTS (patterns); p++)
    {
      g_autoptr(GRegex) re = g_regex_new (patterns[p], 0, 0, NULL);
      g_autoptr(GMatchInfo) match = NULL;

      g_assert_nonnull (re);
      g_regex_match (re, line, 0, &match);
      for (; g_match_info_matches (match); g_match_info_next (match, NULL))
        {
          g_autofree char *estimate = g_match_info_fetch (match, 1);
          g_autofree char *low = g_match_info_fetch (match, 2);
          g_autofree char *high = g_match_info_fetch (match, 3);
          g_autofree char *all = g_match_info_fetch (match, 0);

          if (g_str_equal (estimate, low) || g_str_equal (estimate, high))
            g_string_append_printf (bad, "%s: a bound printed as its estimate: %s\n", where,
                                    all);
        }
    }
}

/* The sentences of @text that tell two stories, one line each, appended
 * to @bad with @where. */
static void
check_text (const char *where,
            const char *text,
            GString    *bad)
{
  g_autoptr(GRegex) tags = g_regex_new ("<[^>]*>", 0, 0, NULL);
  g_autofree char *plain = g_regex_replace_literal (tags, text, -1, 0, "", 0, NULL);
  g_auto(GStrv) lines = g_strsplit (plain, "\n", -1);

  /* the words only: HTML's markup (data-finding="fastest") claims nothing */
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autofree char *line = g_strstrip (g_strdup (lines[i]));
      g_auto(GStrv) sentences = g_strsplit (line, ". ", -1);

      for (guint s = 0; sentences[s] != NULL; s++)
        {
          if (has_undecided (sentences[s]) && has_direction (sentences[s]))
            g_string_append_printf (bad, "%s: %s\n", where, sentences[s]);
          if (has_hint (sentences[s]) && has_direction (sentences[s]))
            g_string_append_printf (bad, "%s: a direction from a hint: %s\n", where,
                                    sentences[s]);
        }
      if (sentences[0] != NULL)
        check_level (where, sentences[0], bad);
      check_bounds (where, line, bad);
    }
}

/* Every golden report, as this build analyses and writes it. */
static void
test_golden (void)
{
  g_autoptr(GString) bad = g_string_new (NULL);
  guint n = rt_check_golden (check_text, bad);

  g_test_message ("%u golden reports checked", n);
  g_assert_cmpuint (n, >=, 5);
  if (bad->len > 0)
    g_error ("two stories, or numbers not read at a glance:\n%s", bad->str);
}

/* The checker itself: a planted claim is found, the question is not. */
static void
test_planted (void)
{
  g_autoptr(GString) bad = g_string_new (NULL);

  check_text ("ok", "Reading one file after another, whether sync or async is faster for "
              "whole-file reads here was not decided within the budget (ratio 1.05, 95 % CI 0.91-1.2; 40 pairs).", bad);
  check_text ("ok", "Sync single read is 1.4x faster than Async single read (95 % CI 1.2-1.6).",
              bad);
  g_assert_cmpstr (bad->str, ==, "");
  check_text ("planted", "Memory map is the fastest strategy, but there are too few samples "
              "to tell (n = 3; at least 5 needed).", bad);
  check_text ("planted", "Sync single read against io_uring single read: too few samples to "
              "tell (n = 3), so async I/O itself costs time here.", bad);
  g_assert_nonnull (strstr (bad->str, "planted: Memory map is the fastest"));
  g_assert_nonnull (strstr (bad->str, "planted: Sync single read against io_uring"));
}

/* The rules this session added, each with a planted breach and its right
 * form. */
static void
test_planted_rules (void)
{
  g_autoptr(GString) bad = g_string_new (NULL);

  /* right forms: a hint without a direction, the procedure's level, a
   * "<95 %" level, the exact coverage in a table row and in "Why:", bounds
   * apart from their estimates */
  check_text ("ok", "Against the kernel’s own async I/O: Async single read (serial) took "
              "1.2x the time of io_uring single read (serial) (hint) (from the survey’s "
              "samples: the decision phase does not race these two).", bad);
  check_text ("ok", "Reading all files at once, sync on threads is 1.4x faster than async for "
              "whole-file reads here (95 % CI 1.03-1.8, warm cache, 31 pairs, 4 looks): "
              "Thread pool (parallel) against Async single read (parallel).", bad);
  check_text ("ok", "B and A cannot be told apart (ratio 14, <95 % interval 0.24-40).", bad);
  check_text ("ok", "| Sync single read | 12.3 ms | 96.83 % CI |\nWhy: each difference lies "
              "beyond its 95.99 % interval.", bad);
  check_text ("ok", "Async used 1.6x the CPU time of Sync (user + system, 95 % CI 1.5-1.8; 20 "
              "pairs). Sync is 1.2x faster than Async (95 % CI 1.08-1.3).", bad);
  g_assert_cmpstr (bad->str, ==, "");

  check_text ("hint", "Against the kernel’s own async I/O: io_uring single read (serial) is "
              "1.2x faster than Async single read (serial) (96.83 % CI 1.1-1.3) (from the "
              "survey’s samples: the decision phase does not race these two).", bad);
  check_text ("level", "Quick, 1 Dec is 1.5x slower than Quick, 29 Nov (87.89 % interval "
              "1.4-1.6).", bad);
  check_text ("bound", "Sync single read is 1.2x faster than Async single read (95 % CI "
              "1.08-1.2; 40 pairs, 4 looks).", bad);
  check_text ("bound-ratio", "Sync against io_uring: not decided within the budget (ratio "
              "1.09, 95 % CI 0.94-1.09; 35 pairs, 3 looks).", bad);
  g_test_message ("%s", bad->str);
  g_assert_nonnull (strstr (bad->str, "hint: a direction from a hint: Against the kernel"));
  g_assert_nonnull (strstr (bad->str, "level: a level in a first sentence: Quick, 1 Dec"));
  g_assert_nonnull (strstr (bad->str, "bound: a bound printed as its estimate: 1.2x faster"));
  g_assert_nonnull (strstr (bad->str, "bound-ratio: a bound printed as its estimate: ratio "
                                      "1.09"));
  /* the level breach is not also a hint, nor the hint a level breach */
  g_assert_null (strstr (bad->str, "level: a direction"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/one-story/planted", test_planted);
  g_test_add_func ("/one-story/planted-rules", test_planted_rules);
  g_test_add_func ("/one-story/golden", test_golden);
  return g_test_run ();
}
