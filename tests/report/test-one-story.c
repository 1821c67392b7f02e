/* SPDX-License-Identifier: GPL-3.0-or-later */
/* One story per report: no sentence says "faster", "slower",
 * "fastest" or "costs time" beside a verdict that is not decided ("not
 * decided", "cannot be told apart", "too few samples", "cannot be
 * compared"). The checker reads what every writer prints: the answer's
 * headline and details and the shown findings (the CLI, the window, HTML
 * and Markdown print exactly these), and the Markdown and HTML files of
 * every golden report, loaded and analysed by this build. A planted
 * directional claim beside an undecided verdict makes it fail. */
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
      g_auto(GStrv) sentences = g_strsplit (lines[i], ". ", -1);

      for (guint s = 0; sentences[s] != NULL; s++)
        if (has_undecided (sentences[s]) && has_direction (sentences[s]))
          g_string_append_printf (bad, "%s: %s\n", where, sentences[s]);
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
    g_error ("a directional claim beside an undecided verdict:\n%s", bad->str);
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

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/one-story/planted", test_planted);
  g_test_add_func ("/one-story/golden", test_golden);
  return g_test_run ();
}
