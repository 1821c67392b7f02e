/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-warning-text.c: a run's warnings in words (see ib-warning-text.h).
 * The messages are those the engine used to store as sentences, so that
 * their translations carry over. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "engine/io/ib-strategy.h"
#include "ib-warning-text.h"

#define U(i) ib_warning_uint (w, (i))
#define S(i) ib_warning_string (w, (i))
#define F(i) ib_warning_double (w, (i))

/* The warnings of the reads and their cache state; NULL for another key. */
static char *
reads_text (const char      *key,
            const IbWarning *w)
{
  if (g_str_equal (key, IB_WARN_WARM_ERROR))
    return g_strdup_printf (_("Could not warm the page cache: %s; each sample tries again first"),
                            S (0));
  if (g_str_equal (key, IB_WARN_SURVEY_SHORT))
    return g_strdup_printf (_("The survey measured %u of %u rounds, to leave the rest of the %u s "
                              "budget for the other experiments and for deciding the answer’s "
                              "pairs"),
                            U (0), U (1), U (2));
  if (g_str_equal (key, IB_WARN_SURVEY_CUT))
    return g_strdup_printf (_("The survey stopped in round %u of %u, to leave the rest of the %u s "
                              "budget for the other experiments and for deciding the answer’s "
                              "pairs (the machine is busy: strategies it did not reach in that "
                              "round have fewer samples)"),
                            U (0), U (1), U (2));
  if (g_str_equal (key, IB_WARN_SAMPLE_FAILED))
    /* Translators: "Memory map failed in round 1: Cannot read …" */
    return g_strdup_printf (_("%s failed in round %u: %s"), ib_strategy_title (S (0)), U (1),
                            S (2));
  if (g_str_equal (key, IB_WARN_CACHE_BAD))
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "%u sample did not have the planned cache state (%s); "
                                         "it is left out of the statistics",
                                         "%u samples did not have the planned cache state (%s); "
                                         "they are left out of the statistics",
                                         U (0)),
                            U (0), S (1));
  if (g_str_equal (key, IB_WARN_COLD_IMPOSSIBLE))
    return g_strdup (_("Cold cache is impossible on this system: the page cache cannot be "
                       "dropped here, so every sample is left out of the statistics (“not "
                       "cold”)"));
  if (g_str_equal (key, IB_WARN_COLD_TMPFS))
    return g_strdup_printf (_("Cold cache is impossible on tmpfs (%s): the files live in memory, "
                              "so every sample is left out of the statistics (“not cold”)"),
                            S (0));
  if (g_str_equal (key, IB_WARN_RESIDENCY_UNKNOWN))
    return g_strdup (_("Page-cache residency cannot be measured on this system; the files were "
                       "read once to warm the cache, but it could not be checked"));
  if (g_str_equal (key, IB_WARN_WARM_FAILED))
    return g_strdup_printf (_("Warm cache: only %.0f %% of the files stayed in the page cache; "
                              "the samples concerned are left out of the statistics (is the "
                              "machine short of memory?)"),
                            F (0));
  if (g_str_equal (key, IB_WARN_COLD_FAILED))
    return g_strdup_printf (_("Cold cache: cache not dropped (%.0f %% of the files still in the "
                              "page cache); the samples concerned are left out of the "
                              "statistics"),
                            F (0));
  return NULL;
}

/* The warnings of the limits and of the other experiments; NULL for
 * another key. */
static char *
limits_text (const char      *key,
             const IbWarning *w)
{
  if (g_str_equal (key, IB_WARN_IN_FLIGHT_CAPPED))
    return g_strdup_printf (_("At most %u files are open at once instead of %u, to stay below "
                              "the open-file limit (%u)"),
                            U (0), U (1), U (2));
  if (g_str_equal (key, IB_WARN_REAPED))
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "Removed %u folder of test files left by an earlier run "
                                         "that died",
                                         "Removed %u folders of test files left by earlier runs "
                                         "that died",
                                         U (0)),
                            U (0));
  if (g_str_equal (key, IB_WARN_SWEEP_CAPPED))
    return g_strdup_printf (_("Sweep: at most %u files were open at once instead of %u, to stay "
                              "below the open-file limit"),
                            U (0), U (1));
  if (g_str_equal (key, IB_WARN_WU_CAPPED))
    return g_strdup_printf (_("Write+delete: at most %u requests were in flight instead of %u, "
                              "to stay below the open-file limit"),
                            U (0), U (1));
  if (g_str_equal (key, IB_WARN_WU_FDS))
    return g_strdup_printf (/* Translators: "%s" (1st) is a mode id such as
                             * "async-gio". */
                            _("Write + delete (%s): the process ran out of file descriptors "
                              "with %u requests in flight; those requests were issued again "
                              "and at most %u ran at once from then on"),
                            S (0), U (1), U (2));
  if (g_str_equal (key, IB_WARN_WU_FAILED))
    return g_strdup_printf (/* Translators: "%s" (1st) is a mode id such as "async-gio";
                             * e.g. "3 of 16,000 requests (8 runs) failed" */
                            _("Write + delete (%s): %u of %u requests failed over %u runs, "
                              "first: %s"),
                            S (0), U (1), U (2), U (3), S (4));
  return NULL;
}

/* Whether @text (of @len bytes) ends as a sentence. */
static gboolean
ends_sentence (const char *text,
               gsize       len)
{
  static const char *const ends[] = { ".", "!", "?", "…", "。", "！", "？" };

  for (guint i = 0; i < G_N_ELEMENTS (ends); i++)
    {
      gsize n = strlen (ends[i]);

      if (len >= n && memcmp (text + len - n, ends[i], n) == 0)
        return TRUE;
    }
  return FALSE;
}

static char *
end_with (const char *text,
          const char *period)
{
  gsize len = strlen (text);

  while (len > 0 && g_ascii_isspace (text[len - 1]))
    len--;
  if (len == 0 || ends_sentence (text, len))
    return g_strndup (text, len);
  return g_strdup_printf ("%.*s%s", (int) len, text, period);
}

char *
ib_warning_end (const char *text)
{
  g_return_val_if_fail (text != NULL, NULL);

  /* Translators: the period that ends a warning ("。" in Chinese) */
  return end_with (text, C_("end of a sentence", "."));
}

char *
ib_warning_text (const IbWarning *w)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (w != NULL, NULL);

  if (w->key == NULL)   /* an older report's sentence, in the language it was made in */
    return end_with (S (0), ".");
  if ((text = reads_text (w->key, w)) == NULL && (text = limits_text (w->key, w)) == NULL)
    {
      /* A key of a newer version: what it holds, untranslated. */
      g_autofree char *values = g_strjoinv (", ", w->values);

      text = values[0] != '\0' ? g_strdup_printf ("%s: %s", w->key, values) : g_strdup (w->key);
    }
  return ib_warning_end (text);
}

GPtrArray *
ib_warning_texts (const IbReport *report)
{
  GPtrArray *texts = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (report != NULL, texts);

  for (guint i = 0; report->warnings != NULL && i < report->warnings->len; i++)
    g_ptr_array_add (texts, ib_warning_text (g_ptr_array_index (report->warnings, i)));
  return texts;
}
