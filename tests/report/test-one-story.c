/* SPDX-License-Identifier: GPL-3.0-or-later */
/* One story per report, and one reading rule for its numbers. The checker
 * reads what every writer prints: the answer's headline and details, the
 * shown findings and the answer cards (the window shows these), what
 * `iobench-cli report` prints, and the Markdown and HTML files, of every
 * golden report, every report of the fuzz corpus that loads and a fresh
 * quick run of this build, loaded and analysed by this build. It fails on
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
 *    CI 1.08-1.2)", "ratio 1.09, 95 % CI 1.09-1.3"), or an estimate
 *    outside its printed interval ("1.4x (95 % CI 1.42-1.5)"): bounds are
 *    rounded outward and step out past the estimate (analysis/ib-labels.h,
 *    ib_format_ratio_ci, ib_format_ratio_in);
 *  - two different ratios of one measure for one claim: within a claim (a
 *    sentence, or a clause between semicolons), or within the write +
 *    delete card, which is about one pair ("2.9x faster" beside "10.8 ms
 *    against 56.8 ms", 5.3x, or "6.1x"). Another measure (CPU time, the
 *    main loop's stall, a request's time) is not the verdict's ratio, and a
 *    sentence that says its numbers are not the verdict's ("not the time
 *    to serve them all that the verdict compares") is a plain note.
 *
 * Planted breaches of each rule make it fail. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gstdio.h>

#include "ib-test-common.h"
#include "ib-test-writers.h"
#include "report-texts.h"
#include "report/ib-report-io.h"

/* The claim of a direction, unless it is the title's question ("whether
 * sync or async is faster", "whether sync on threads or async is faster")
 * or says that there is none ("no strategy is clearly faster", "at neither
 * end is one strategy clearly faster"), which claim none. */
static gboolean
has_direction (const char *sentence)
{
  static const char *const words[] = { " faster", " slower", "fastest", "costs time" };
  g_autofree char *lower = g_utf8_strdown (sentence, -1);
  /* "whether sync or async is faster", "whether sync on threads or async
   * is faster" */
  g_autoptr(GRegex) question = g_regex_new ("whether sync[^,.;:]* or async is faster", 0, 0,
                                            NULL);
  g_autoptr(GRegex) none = g_regex_new ("(no|neither end is one) strategy is clearly faster", 0,
                                        0, NULL);
  g_autofree char *asked = g_regex_replace_literal (question, lower, -1, 0, "", 0, NULL);
  g_autofree char *text = g_regex_replace_literal (none, asked, -1, 0, "", 0, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (words); i++)
    if (strstr (text, words[i]) != NULL)
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

/* @text ("1,234.5") as a number. */
static double
number (const char *text)
{
  g_autoptr(GString) digits = g_string_new (text);

  g_string_replace (digits, ",", "", 0);
  return g_ascii_strtod (digits->str, NULL);
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
          else if (strstr (all, ". ") == NULL
                   && (number (estimate) < number (low) || number (estimate) > number (high)))
            g_string_append_printf (bad, "%s: an estimate outside its interval: %s\n", where,
                                    all);
        }
    }
}

/* What a sentence's ratios are of: a ratio of wall times, unless the
 * sentence names another measure, or says in plain words that its numbers
 * are not the verdict's ("not the time to serve them all that the verdict
 * compares"). */
typedef enum
{
  MEASURE_TIME,
  MEASURE_CPU,
  MEASURE_STALL,
  MEASURE_REQUEST,
  MEASURE_NOTED,
  N_MEASURES,
} Measure;

static Measure
measure_of (const char *sentence)
{
  static const struct
  {
    const char *word;
    Measure measure;
  } words[] = {
    { "not the time", MEASURE_NOTED }, { "a different measure", MEASURE_NOTED },
    { "CPU time", MEASURE_CPU }, { "main loop", MEASURE_STALL }, { "stall", MEASURE_STALL },
    { "request time", MEASURE_REQUEST }, { "per request", MEASURE_REQUEST },
    { "latency", MEASURE_REQUEST },
  };

  for (guint i = 0; i < G_N_ELEMENTS (words); i++)
    if (strstr (sentence, words[i].word) != NULL)
      return words[i].measure;
  return MEASURE_TIME;
}

/* A ratio as printed: its value (made at least 1: "0.42" and "2.4x" are
 * the same claim) and its relative rounding error. */
typedef struct
{
  double value;
  double error;
  char  *text;
} Mention;

/* @number's value, and its rounding error relative to it, into @error. */
static double
read_number (const char *number,
             double     *error)
{
  g_autoptr(GString) digits = g_string_new (number);
  const char *dot;
  double value, half = 0.5;

  g_string_replace (digits, ",", "", 0);
  value = g_ascii_strtod (digits->str, NULL);
  dot = strchr (digits->str, '.');
  if (dot != NULL)
    for (const char *c = dot + 1; *c >= '0' && *c <= '9'; c++)
      half /= 10;
  *error = value > 0 ? half / value : 1;
  return value;
}

static double
duration_ns (const char *number,
             const char *unit,
             double     *error)
{
  static const struct
  {
    const char *unit;
    double ns;
  } units[] = { { "ns", 1 }, { "µs", 1e3 }, { "ms", 1e6 }, { "s", 1e9 } };
  double v = read_number (number, error);

  for (guint i = 0; i < G_N_ELEMENTS (units); i++)
    if (g_str_equal (unit, units[i].unit))
      return v * units[i].ns;
  return v;
}

/* The ratios @sentence claims, appended to @mentions: "2.9x", "ratio
 * 1.05", and "10.8 ms against 56.8 ms" (5.3x). A ratio of another
 * experiment ("the experiment saw 1.10x") or a band ("within 1.5x either
 * way") is no claim about the pair. */
static void
find_ratios (const char *sentence,
             GArray     *mentions)
{
  static const char *const patterns[] = {
    "(?<![\\w.,])(\\d[\\d,]*(?:\\.\\d+)?)x(?!\\w)",
    "\\bratio (\\d[\\d,]*(?:\\.\\d+)?)",
    "(?<![\\w.,])(\\d[\\d,]*(?:\\.\\d+)?) (ns|µs|ms|s)\\b(?: per \\w+)? against "
    "(\\d[\\d,]*(?:\\.\\d+)?) (ns|µs|ms|s)\\b",
  };
  g_autoptr(GRegex) others = g_regex_new ("(?:saw|within|beyond|[Bb]and|CI|interval) "
                                          "[\\d.,]+(?:x|-[\\d.,]+)", 0, 0, NULL);
  g_autofree char *text = g_regex_replace_literal (others, sentence, -1, 0, "", 0, NULL);

  for (guint p = 0; p < G_N_ELEMENTS (patterns); p++)
    {
      g_autoptr(GRegex) re = g_regex_new (patterns[p], 0, 0, NULL);
      g_autoptr(GMatchInfo) match = NULL;

      g_assert_nonnull (re);
      g_regex_match (re, text, 0, &match);
      for (; g_match_info_matches (match); g_match_info_next (match, NULL))
        {
          g_autofree char *first = g_match_info_fetch (match, 1);
          Mention m = { 0, 0, g_match_info_fetch (match, 0) };

          if (p < 2)
            m.value = read_number (first, &m.error);
          else
            {
              g_autofree char *unit_a = g_match_info_fetch (match, 2);
              g_autofree char *second = g_match_info_fetch (match, 3);
              g_autofree char *unit_b = g_match_info_fetch (match, 4);
              double ea, eb;
              double a = duration_ns (first, unit_a, &ea);
              double b = duration_ns (second, unit_b, &eb);

              m.value = a > 0 ? b / a : 0;
              m.error = ea + eb;
            }
          if (!(m.value > 0))
            {
              g_free (m.text);
              continue;
            }
          if (m.value < 1)
            m.value = 1 / m.value;
          g_array_append_val (mentions, m);
        }
    }
}

static void
mention_clear (gpointer data)
{
  g_free (((Mention *) data)->text);
}

/* @text cut into claims: at a full stop, or at a semicolon outside
 * brackets ("sync is 1.6x faster (...; 12 pairs); all at once: ..." is two
 * claims, about two pairs). */
static GPtrArray *
split_claims (const char *text)
{
  GPtrArray *claims = g_ptr_array_new_with_free_func (g_free);
  const char *start = text;
  int depth = 0;

  for (const char *c = text; *c != '\0'; c++)
    {
      depth += *c == '(' ? 1 : *c == ')' && depth > 0 ? -1 : 0;
      if ((depth == 0 && *c == ';') || (*c == '.' && c[1] == ' '))
        {
          g_ptr_array_add (claims, g_strndup (start, c - start));
          start = c + 1;
        }
    }
  g_ptr_array_add (claims, g_strdup (start));
  return claims;
}

/* Two different ratios of one measure among @claims (one claim, or the
 * sentences of a card about one pair), appended to @bad: "2.9x faster"
 * beside "10.8 ms against 56.8 ms" (5.3x) or "6.1x". Two ratios agree when
 * each is within the other's rounding. */
static void
check_ratios (const char *where,
              GPtrArray  *claims,
              const char *unit,
              GString    *bad)
{
  GArray *by_measure[N_MEASURES] = { NULL };

  for (guint m = 0; m < N_MEASURES; m++)
    {
      by_measure[m] = g_array_new (FALSE, FALSE, sizeof (Mention));
      g_array_set_clear_func (by_measure[m], mention_clear);
    }
  for (guint c = 0; c < claims->len; c++)
    {
      const char *claim = g_ptr_array_index (claims, c);

      find_ratios (claim, by_measure[measure_of (claim)]);
    }
  for (guint m = 0; m < MEASURE_NOTED; m++)
    {
      GArray *ms = by_measure[m];

      for (guint i = 1; i < ms->len; i++)
        {
          const Mention *a = &g_array_index (ms, Mention, 0);
          const Mention *b = &g_array_index (ms, Mention, i);

          if (fabs (log (a->value) - log (b->value)) > a->error + b->error + 1e-9)
            g_string_append_printf (bad, "%s: two ratios for one claim: “%s” and “%s” in: "
                                    "%s\n", where, a->text, b->text, unit);
        }
    }
  for (guint m = 0; m < N_MEASURES; m++)
    g_array_unref (by_measure[m]);
}

/* Each claim of @line alone; a card about one pair (write + delete's: the
 * thread pool against Async GIO), whose lines rt_check_report hands over
 * as one, as one claim. */
static void
check_claims (const char *where,
              const char *line,
              GString    *bad)
{
  g_autoptr(GPtrArray) claims = split_claims (line);

  if (g_str_has_prefix (line, "Write + delete: sync or async?"))
    {
      check_ratios (where, claims, line, bad);
      return;
    }
  for (guint c = 0; c < claims->len; c++)
    {
      g_autoptr(GPtrArray) one = g_ptr_array_new ();

      g_ptr_array_add (one, g_ptr_array_index (claims, c));
      check_ratios (where, one, g_ptr_array_index (claims, c), bad);
    }
}

/* The sentences of @text that tell two stories, one line each, appended
 * to @bad with @where. */
static void
check_text (const char *where,
            const char *text,
            GString    *bad)
{
  g_autoptr(GRegex) blocks = g_regex_new ("</(?:td|th|li|p|h\\d|figcaption|caption)>|<br\\s*/?>",
                                          0, 0, NULL);
  g_autoptr(GRegex) tags = g_regex_new ("<[^>]*>", 0, 0, NULL);
  g_autofree char *cells = g_regex_replace_literal (blocks, text, -1, 0, "\n", 0, NULL);
  g_autofree char *plain = g_regex_replace_literal (tags, cells, -1, 0, "", 0, NULL);
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
      if (!g_str_has_prefix (line, "|"))
        check_claims (where, line, bad);
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

/* The fuzz corpus's reports that load: old, odd and extreme ones. */
static void
test_fuzz_corpus (void)
{
  g_autoptr(GString) bad = g_string_new (NULL);
  guint n = rt_check_folder ("fuzz/corpus", check_text, bad);

  g_test_message ("%u reports of the fuzz corpus checked", n);
  g_assert_cmpuint (n, >=, 5);
  if (bad->len > 0)
    g_error ("two stories, or numbers not read at a glance:\n%s", bad->str);
}

/* A fresh quick run of this build (small files, a short budget): what the
 * run prints, then its report through every writer. Nothing is timed. */
static void
test_fresh_quick (void)
{
  g_autoptr(GString) bad = g_string_new (NULL);
  g_autofree char *root = ib_test_make_tmpdir ("iobench-one-story-XXXXXX");
  g_autofree char *target = g_build_filename (root, "files", NULL);
  g_autofree char *json = g_build_filename (root, "quick.json", NULL);
  const char *args[] = {
    "run", "--preset", "quick", "--dir", target, "--count", "2", "--size", "64K",
    "--budget", "4", "--json", json, "--quiet", NULL
  };
  g_autofree char *out = NULL;
  g_autoptr(IbReport) report = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir (target, 0700), ==, 0);
  g_assert_cmpint (ib_test_run_cli (args, root, &out, NULL), ==, 0);
  check_text ("fresh quick, printed", out, bad);
  report = ib_report_load_json (json, &error);
  g_assert_no_error (error);
  rt_check_report ("fresh quick", report, check_text, bad);
  g_assert_true (ib_test_remove_tree (root));
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
  /* a fresh quick run's sweep finding: the negation claims no direction */
  check_text ("ok", "The Node.js promises-vs-sync experiment holds in part here: sync wins for "
              "a few files; with many files no strategy is clearly faster, so whether async "
              "pays off is not decided.", bad);
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
  check_text ("outside", "async is 1.4x faster than sync (95 % CI 1.42-1.5; 12 pairs, 1 "
              "look).", bad);
  g_test_message ("%s", bad->str);
  g_assert_nonnull (strstr (bad->str, "hint: a direction from a hint: Against the kernel"));
  g_assert_nonnull (strstr (bad->str, "level: a level in a first sentence: Quick, 1 Dec"));
  g_assert_nonnull (strstr (bad->str, "bound: a bound printed as its estimate: 1.2x faster"));
  g_assert_nonnull (strstr (bad->str, "bound-ratio: a bound printed as its estimate: ratio "
                                      "1.09"));
  g_assert_nonnull (strstr (bad->str, "outside: an estimate outside its interval: 1.4x"));
  /* the level breach is not also a hint, nor the hint a level breach */
  g_assert_null (strstr (bad->str, "level: a direction"));
}

/* One ratio per claim: planted second ratios are found; a claim's ratio
 * with the times it comes from, two claims about two pairs, another
 * measure beside the verdict's and a note that says the measures differ
 * are not. */
static void
test_planted_ratios (void)
{
  g_autoptr(GString) bad = g_string_new (NULL);

  check_text ("ok", "Thread pool is 5.3x faster than Async GIO (95 % CI 4.8-5.9; 8 rounds): "
              "10.8 ms against 56.8 ms.", bad);
  check_text ("ok", "4 KiB x 1 file, one after another: sync is 1.6x faster than async (95 % CI "
              "1.5-1.7; 12 pairs, 1 look); all at once: async is 2.0x faster than sync (95 % "
              "CI 1.9-2.1; 12 pairs, 1 look).", bad);
  check_text ("ok", "Sync single read is 2.4x faster than Memory map (95 % CI 1.5-3.6; 11 pairs, "
              "3 looks). Memory map used 1.7x the CPU time of Sync single read (user + system, "
              "95 % CI 1.4-2.0; 11 pairs). Sync single read blocks the main loop for 354 µs per "
              "read against 1.10 ms for Memory map.", bad);
  check_text ("ok", "Write + delete: sync or async? With up to 20 requests in flight, Thread pool "
              "is 2.9x faster than Async GIO (95 % CI 2.5-3.4; 8 rounds). Median time per "
              "request: Async GIO 56.8 ms, Thread pool 10.8 ms (each request’s latency, not the "
              "time to serve them all that the verdict compares). The promise-vs-callback "
              "overhead experiment does not hold here with I/O: serving many requests at once, "
              "async’s median request time is 5.3x that of sync calls on a thread pool (95 % "
              "CI 4.1-6.2), beyond 1.5x either way (the experiment saw 1.1x).", bad);
  g_assert_cmpstr (bad->str, ==, "");

  check_text ("times", "With up to 20 requests in flight, Thread pool is 2.9x faster than Async "
              "GIO (95 % CI 2.5-3.4; 8 rounds), 10.8 ms against 56.8 ms.", bad);
  check_text ("card", "Write + delete: sync or async? With up to 20 requests in flight, Thread "
              "pool is 2.9x faster than Async GIO (95 % CI 2.5-3.4; 8 rounds). Over all "
              "rounds, Thread pool took 6.1x less time than Async GIO.", bad);
  check_text ("ratio", "Write + delete: sync or async? Thread pool against Async GIO: not "
              "decided in 8 rounds (ratio 0.95, 95 % CI 0.8-1.1). Async GIO took 3.1x the time "
              "of Thread pool.", bad);
  g_test_message ("%s", bad->str);
  g_assert_nonnull (strstr (bad->str, "times: two ratios for one claim: “2.9x” and “10.8 ms "
                                      "against 56.8 ms”"));
  g_assert_nonnull (strstr (bad->str, "card: two ratios for one claim: “2.9x” and “6.1x”"));
  g_assert_nonnull (strstr (bad->str, "ratio: two ratios for one claim: “ratio 0.95” and "
                                      "“3.1x”"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/one-story/planted", test_planted);
  g_test_add_func ("/one-story/planted-rules", test_planted_rules);
  g_test_add_func ("/one-story/planted-ratios", test_planted_ratios);
  g_test_add_func ("/one-story/golden", test_golden);
  g_test_add_func ("/one-story/fuzz-corpus", test_fuzz_corpus);
  g_test_add_func ("/one-story/fresh-quick", test_fresh_quick);
  return g_test_run ();
}
