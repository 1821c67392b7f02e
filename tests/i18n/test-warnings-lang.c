/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A report's warnings are words of the reader's language (suite i18n): a
 * report saved where no translation applies and opened by `iobench-cli
 * report` under LANGUAGE=es, ru or zh_TW shows its warnings in that
 * language, on the terminal, in Markdown and in HTML, each ending as a
 * sentence; an older report's warning, a sentence, opens and shows as
 * stored. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <string.h>

#include "analysis/ib-warning-text.h"
#include "report-fixture.h"
#include "ib-test-common.h"
#include "ib-test-writers.h"

typedef struct
{
  const char *language;
  const char *survey;   /* the survey warning, as the language says it */
} Case;

static const Case cases[] = {
  { "en", "The survey measured 3 of 5 rounds, to leave the rest of the 60 s budget for the "
          "other experiments and for deciding the answer’s pairs." },
  { "es", "El sondeo midió 3 de 5 rondas, para dejar el resto del presupuesto de 60 s a los "
          "demás experimentos y a decidir los pares de la respuesta." },
  { "ru", "Обзорный этап измерил 3 из 5 прогонов, чтобы оставить остаток бюджета в 60 с на "
          "другие эксперименты и на решение пар для ответа." },
  { "zh_TW", "初測只測量了 3 輪（共 5 輪），以便將 60 秒預算的其餘部分留給其他實驗及判定答案的"
             "成對比較。" },
};

/* The warnings of the fixture (report-fixture.c) and the survey's. */
static char *
save_report (const char *dir)
{
  g_autoptr(IbReport) report = fx_report_new (40);
  g_autofree char *path = g_build_filename (dir, "made-in-english.json", NULL);
  g_autoptr(GError) error = NULL;

  ib_report_add_warning (report, ib_warning_new (IB_WARN_SURVEY_SHORT, "uuu", 3, 5, 60));
  g_assert_true (ib_test_save_json (report, path, &error));
  g_assert_no_error (error);
  return g_steal_pointer (&path);
}

/* `iobench-cli report JSON --md MD --html HTML` under LANGUAGE=@language:
 * its standard output. */
static char *
run_report (const char *language,
            const char *json,
            const char *md,
            const char *html)
{
  const char *argv[] = { g_getenv ("IOBENCH_CLI"), "report", json, "--md", md, "--html", html,
                         NULL };
  g_auto(GStrv) env = g_get_environ ();
  g_autoptr(GError) error = NULL;
  g_autofree char *err = NULL;
  char *out = NULL;
  int status = 0;

  g_assert_nonnull (argv[0]);
  env = g_environ_setenv (env, "LANGUAGE", language, TRUE);
  g_assert_true (g_spawn_sync (NULL, (char **) argv, env, G_SPAWN_DEFAULT, NULL, NULL, &out,
                               &err, &status, &error));
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("iobench-cli report under LANGUAGE=%s failed: %s", language, err);
  return out;
}

static char *
read_file (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  return text;
}

/* The lines of @out under its "Warnings" heading (the CLI's "! " lines). */
static guint
check_cli_warnings (const char *out)
{
  g_auto(GStrv) lines = g_strsplit (out, "\n", -1);
  guint n = 0;

  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], "! "))
      {
        /* the period rule: each ends as a sentence */
        g_assert_true (g_str_has_suffix (lines[i], ".") || g_str_has_suffix (lines[i], "。"));
        n++;
      }
  return n;
}

static void
test_warnings_in_language (gconstpointer data)
{
  const Case *c = data;
  g_autofree char *dir = ib_test_make_tmpdir ("iobench-warn-lang-XXXXXX");
  g_autofree char *json = save_report (dir);
  g_autofree char *md = g_build_filename (dir, "r.md", NULL);
  g_autofree char *html = g_build_filename (dir, "r.html", NULL);
  g_autofree char *saved = read_file (json);
  g_autofree char *en_md = g_build_filename (dir, "en.md", NULL);
  g_autofree char *en_html = g_build_filename (dir, "en.html", NULL);
  g_autofree char *en_out = run_report ("en", json, en_md, en_html);
  g_autofree char *out = run_report (c->language, json, md, html);
  g_autofree char *md_text = read_file (md);
  g_autofree char *html_text = read_file (html);

  /* Saved as a key and values, not as English words. */
  g_assert_nonnull (strstr (saved, "\"survey-short\""));
  g_assert_null (strstr (saved, "The survey measured"));
  /* The older report's sentence, as stored, with its period. */
  g_assert_nonnull (strstr (out, "! second warning, with a comma.\n"));
  g_assert_nonnull (strstr (md_text, "second warning, with a comma."));
  g_assert_cmpuint (check_cli_warnings (out), ==, 3);
  g_assert_nonnull (strstr (out, c->survey));
  g_assert_nonnull (strstr (md_text, c->survey));
  g_assert_nonnull (strstr (html_text, c->survey));
  if (!g_str_equal (c->language, "en"))
    {
      /* Not the English words: the language's own. */
      g_assert_null (strstr (out, "The survey measured"));
      g_assert_null (strstr (md_text, "The survey measured"));
      g_assert_null (strstr (html_text, "The survey measured"));
      g_assert_null (strstr (out, "Cold cache is impossible on tmpfs"));
      g_assert_nonnull (strstr (en_out, "Cold cache is impossible on tmpfs"));
    }
  g_assert_true (ib_test_remove_tree (dir));
}

/* The period rule, in one place for every shower. */
static void
test_warning_end (void)
{
  const char *cases_end[][2] = {
    { "a warning", "a warning." },
    { "a warning.", "a warning." },
    { "a question?", "a question?" },
    { "cut short…", "cut short…" },
    { "trailing space  ", "trailing space." },
    { "", "" },
  };
  g_autoptr(IbWarning) unknown = ib_warning_new ("from-a-newer-version", "us", 7, "x");
  g_autoptr(IbWarning) old = ib_warning_new_text ("An older sentence");
  g_autofree char *unknown_text = ib_warning_text (unknown);
  g_autofree char *old_text = ib_warning_text (old);

  for (guint i = 0; i < G_N_ELEMENTS (cases_end); i++)
    {
      g_autofree char *end = ib_warning_end (cases_end[i][0]);

      g_assert_cmpstr (end, ==, cases_end[i][1]);
    }
  g_assert_cmpstr (unknown_text, ==, "from-a-newer-version: 7, x.");
  g_assert_cmpstr (old_text, ==, "An older sentence.");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/i18n/warnings/%s", cases[i].language);

      g_test_add_data_func (path, &cases[i], test_warnings_in_language);
    }
  g_test_add_func ("/i18n/warnings/end", test_warning_end);
  return g_test_run ();
}
