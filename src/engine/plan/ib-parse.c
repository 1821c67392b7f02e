/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-parse.c: parsing and validating user input (docs/architecture.md,
 * "Files and bad input"). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <math.h>
#include <string.h>

#include "engine/model/ib-error.h"
#include "engine/model/ib-format.h"
#include "engine/plan/ib-parse.h"
#include "engine/io/ib-strategy.h"
#include "engine/workloads/ib-workloads.h"

#define MAX_WRITE_BYTES (G_GUINT64_CONSTANT (64) << 20)  /* 64 MiB per request */

/* ---- errors ------------------------------------------------------------ */

/* Sets IB_ERROR_INVALID: "FIELD: MESSAGE", or MESSAGE alone when @field is
 * NULL (the GUI shows the message beside its field). Takes @message. */
static gboolean
field_error (GError     **error,
             const char  *field,
             char        *message)
{
  if (field != NULL)
    /* Translators: a field (e.g. "--count") and what is wrong with it */
    g_set_error (error, IB_ERROR, IB_ERROR_INVALID, _("%s: %s"), field, message);
  else
    g_set_error_literal (error, IB_ERROR, IB_ERROR_INVALID, message);
  g_free (message);
  return FALSE;
}

static gboolean
range_error (const char  *field,
             const char  *text,
             guint64      value,
             guint64      min,
             guint64      max,
             gboolean     is_size,
             GError     **error)
{
  g_autofree char *limit = NULL;
  g_autofree char *shown = text ? g_strdup (text)
                                 : g_strdup_printf ("%" G_GUINT64_FORMAT, value);

  if (value < min)
    {
      limit = is_size ? ib_format_size (min) : g_strdup_printf ("%" G_GUINT64_FORMAT, min);
      field_error (error, field,
                   /* Translators: e.g. "“0” is too small; the minimum is 1" */
                   g_strdup_printf (_("“%s” is too small; the minimum is %s"), shown, limit));
    }
  else
    {
      limit = is_size ? ib_format_size (max) : g_strdup_printf ("%" G_GUINT64_FORMAT, max);
      field_error (error, field,
                   /* Translators: e.g. "“128G” is too large; the maximum is 64 GiB" */
                   g_strdup_printf (_("“%s” is too large; the maximum is %s"), shown, limit));
    }
  return FALSE;
}

static gboolean
not_a_size (const char  *field,
            const char  *text,
            GError     **error)
{
  return field_error (error, field,
                      g_strdup_printf (_("“%s” is not a size; use a number with an optional "
                                         "K, M or G suffix (KiB, MiB, GiB)"), text));
}

/* ---- sizes ------------------------------------------------------------- */

typedef struct
{
  const char *suffix;
  guint64     multiplier;
} Suffix;

/* K/M/G are binary (KiB/MiB/GiB), as in the seeds' "MiB" and dd's bs=1M. */
static const Suffix suffixes[] = {
  { "",    1 },
  { "B",   1 },
  { "K",   G_GUINT64_CONSTANT (1) << 10 },
  { "KB",  G_GUINT64_CONSTANT (1) << 10 },
  { "KIB", G_GUINT64_CONSTANT (1) << 10 },
  { "M",   G_GUINT64_CONSTANT (1) << 20 },
  { "MB",  G_GUINT64_CONSTANT (1) << 20 },
  { "MIB", G_GUINT64_CONSTANT (1) << 20 },
  { "G",   G_GUINT64_CONSTANT (1) << 30 },
  { "GB",  G_GUINT64_CONSTANT (1) << 30 },
  { "GIB", G_GUINT64_CONSTANT (1) << 30 },
  { "T",   G_GUINT64_CONSTANT (1) << 40 },
  { "TB",  G_GUINT64_CONSTANT (1) << 40 },
  { "TIB", G_GUINT64_CONSTANT (1) << 40 },
};

gboolean
ib_parse_size (const char  *field,
               const char  *text,
               guint64      min,
               guint64      max,
               guint64     *out,
               GError     **error)
{
  g_autofree char *copy = NULL;
  g_autofree char *suffix = NULL;
  const char *p;
  guint64 whole = 0;
  guint64 multiplier = 0;
  guint64 frac_num = 0;
  guint64 frac_den = 1;
  guint64 value;
  gboolean overflow = FALSE;
  gboolean has_digits = FALSE;
  gboolean has_point = FALSE;

  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (text == NULL)
    text = "";
  copy = g_strstrip (g_strdup (text));
  p = copy;

  for (; g_ascii_isdigit (*p); p++)
    {
      guint d = *p - '0';

      has_digits = TRUE;
      if (whole > (G_MAXUINT64 - d) / 10)
        overflow = TRUE;
      else
        whole = whole * 10 + d;
    }
  if (*p == '.')
    {
      has_point = TRUE;
      for (p++; g_ascii_isdigit (*p); p++)
        {
          has_digits = TRUE;
          /* Nine decimal places are far finer than a byte of a GiB. */
          if (frac_den < G_GUINT64_CONSTANT (1000000000))
            {
              frac_num = frac_num * 10 + (guint) (*p - '0');
              frac_den *= 10;
            }
        }
    }
  if (!has_digits)
    return not_a_size (field, text, error);

  while (*p == ' ')
    p++;
  suffix = g_ascii_strup (p, -1);
  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    if (g_str_equal (suffixes[i].suffix, suffix))
      multiplier = suffixes[i].multiplier;
  if (multiplier == 0)
    return not_a_size (field, text, error);

  if (has_point && multiplier == 1 && frac_num != 0)
    {
      return field_error (error, field,
                          g_strdup_printf (_("“%s” is not a whole number of bytes; use an "
                                             "integer, or a K, M or G suffix"), text));
    }

  if (overflow || whole > G_MAXUINT64 / multiplier)
    return range_error (field, text, G_MAXUINT64, min, max, TRUE, error);
  value = whole * multiplier;
  /* Fraction of the unit, rounded to the nearest byte. */
  if (frac_num != 0)
    {
      guint64 extra = (guint64) llround ((double) frac_num / (double) frac_den *
                                         (double) multiplier);

      if (value > G_MAXUINT64 - extra)
        return range_error (field, text, G_MAXUINT64, min, max, TRUE, error);
      value += extra;
    }

  if (value < min || value > max)
    return range_error (field, text, value, min, max, TRUE, error);

  if (out != NULL)
    *out = value;
  return TRUE;
}

GArray *
ib_parse_size_list (const char  *field,
                    const char  *text,
                    guint64      min,
                    guint64      max,
                    GError     **error)
{
  g_autoptr(GArray) sizes = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_auto(GStrv) parts = NULL;
  g_autofree char *trimmed = NULL;

  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  trimmed = g_strstrip (g_strdup (text != NULL ? text : ""));
  if (*trimmed == '\0')
    {
      field_error (error, field, g_strdup (_("Give at least one size, e.g. “512M,1G”")));
      return NULL;
    }

  parts = g_strsplit (text, ",", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      guint64 size;

      if (!ib_parse_size (field, parts[i], min, max, &size, error))
        return NULL;
      g_array_append_val (sizes, size);
    }
  if (sizes->len > IB_MAX_FILES)
    {
      field_error (error, field, g_strdup_printf (_("%u sizes are too many; the maximum is %u"),
                                                  sizes->len, (guint) IB_MAX_FILES));
      return NULL;
    }
  return g_steal_pointer (&sizes);
}

/* ---- integers ---------------------------------------------------------- */

gboolean
ib_parse_on_off (const char  *field,
                 const char  *text,
                 gboolean    *out,
                 GError     **error)
{
  g_autofree char *copy = NULL;

  g_return_val_if_fail (field != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  copy = g_strstrip (g_strdup (text != NULL ? text : ""));
  if (g_ascii_strcasecmp (copy, "on") == 0)
    *out = TRUE;
  else if (g_ascii_strcasecmp (copy, "off") == 0)
    *out = FALSE;
  else
    {
      g_set_error (error, IB_ERROR, IB_ERROR_INVALID,
                   /* Translators: e.g. "--responsiveness: “maybe” is neither on nor off" */
                   _("%s: “%s” is neither on nor off; give on or off"), field,
                   text != NULL ? text : "");
      return FALSE;
    }
  return TRUE;
}

gboolean
ib_parse_uint (const char  *field,
               const char  *text,
               guint64      min,
               guint64      max,
               guint64     *out,
               GError     **error)
{
  g_autofree char *copy = NULL;
  guint64 value = 0;
  gboolean overflow = FALSE;

  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (text == NULL)
    text = "";
  copy = g_strstrip (g_strdup (text));
  if (*copy == '\0')
    {
      return field_error (error, field, g_strdup (_("A whole number is missing")));
    }
  for (const char *p = copy; *p != '\0'; p++)
    {
      guint d;

      if (!g_ascii_isdigit (*p))
        {
          g_autofree char *low = g_strdup_printf ("%" G_GUINT64_FORMAT, min);
          g_autofree char *high = g_strdup_printf ("%" G_GUINT64_FORMAT, max);

          return field_error (error, field,
                              /* Translators: e.g. "“x” is not a whole number; use digits
                               * only, from 1 to 1000" */
                              g_strdup_printf (_("“%s” is not a whole number; use digits "
                                                 "only, from %s to %s"), text, low, high));
        }
      d = *p - '0';
      if (value > (G_MAXUINT64 - d) / 10)
        overflow = TRUE;
      else
        value = value * 10 + d;
    }
  if (overflow)
    return range_error (field, text, G_MAXUINT64, min, max, FALSE, error);
  if (value < min || value > max)
    return range_error (field, text, value, min, max, FALSE, error);
  if (out != NULL)
    *out = value;
  return TRUE;
}

/* ---- strategies -------------------------------------------------------- */

static char *
valid_strategy_ids (void)
{
  g_autoptr(GString) str = g_string_new (NULL);
  const IbStrategyInfo *infos;
  guint n = 0;

  infos = ib_strategies (&n);
  for (guint i = 0; i < n; i++)
    {
      if (i > 0)
        g_string_append (str, ", ");
      g_string_append (str, infos[i].id);
    }
  return g_string_free (g_steal_pointer (&str), FALSE);
}

/* The strategies that can honour --direct, available here. */
static char *
direct_strategy_ids (void)
{
  g_autoptr(GString) str = g_string_new (NULL);
  const IbStrategyInfo *infos;
  guint n = 0;

  infos = ib_strategies (&n);
  for (guint i = 0; i < n; i++)
    if (infos[i].direct && ib_strategy_unavailable (&infos[i]) == NULL)
      g_string_append_printf (str, "%s%s", str->len > 0 ? ", " : "", infos[i].id);
  return g_string_free (g_steal_pointer (&str), FALSE);
}

GPtrArray *
ib_parse_strategy_list (const char  *field,
                        const char  *text,
                        GError     **error)
{
  g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) unknown = g_ptr_array_new_with_free_func (g_free);
  g_auto(GStrv) parts = NULL;

  g_return_val_if_fail (field != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  parts = g_strsplit (text != NULL ? text : "", ",", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      char *id = g_strstrip (parts[i]);

      if (*id == '\0')
        continue;
      if (g_str_equal (id, "all"))
        {
          const IbStrategyInfo *infos;
          guint n = 0;

          /* Every strategy that can run here (`list` says why the others cannot). */
          infos = ib_strategies (&n);
          for (guint j = 0; j < n; j++)
            if (ib_strategy_unavailable (&infos[j]) == NULL &&
                !g_ptr_array_find_with_equal_func (ids, infos[j].id, g_str_equal, NULL))
              g_ptr_array_add (ids, g_strdup (infos[j].id));
          continue;
        }
      if (ib_strategy_lookup (id) == NULL)
        {
          g_ptr_array_add (unknown, g_strdup_printf ("“%s”", id));
          continue;
        }
      if (g_ptr_array_find_with_equal_func (ids, id, g_str_equal, NULL))
        {
          g_set_error (error, IB_ERROR, IB_ERROR_INVALID,
                       _("%s: “%s” is listed twice"), field, id);
          return NULL;
        }
      g_ptr_array_add (ids, g_strdup (id));
    }

  if (unknown->len > 0)
    {
      g_autofree char *valid = valid_strategy_ids ();
      g_autofree char *names = NULL;

      g_ptr_array_add (unknown, NULL);
      names = g_strjoinv (", ", (char **) unknown->pdata);
      g_set_error (error, IB_ERROR, IB_ERROR_INVALID,
                   g_dngettext (GETTEXT_PACKAGE,
                                "%s: unknown strategy %s; valid ones are: %s (or “all”)",
                                "%s: unknown strategies %s; valid ones are: %s (or “all”)",
                                unknown->len - 1),
                   field, names, valid);
      return NULL;
    }
  if (ids->len == 0)
    {
      g_autofree char *valid = valid_strategy_ids ();

      g_set_error (error, IB_ERROR, IB_ERROR_INVALID,
                   _("%s: name at least one strategy: %s (or “all”)"), field, valid);
      return NULL;
    }
  return g_steal_pointer (&ids);
}

/* ---- plan validation --------------------------------------------------- */

static gboolean
check_range (const char  *field,
             guint64      value,
             guint64      min,
             guint64      max,
             gboolean     is_size,
             GError     **error)
{
  g_autofree char *text = NULL;

  if (value >= min && value <= max)
    return TRUE;
  text = is_size ? ib_format_size (value) : g_strdup_printf ("%" G_GUINT64_FORMAT, value);
  return range_error (field, text, value, min, max, is_size, error);
}

static gboolean
check_strategies (const char  *field,
                  GPtrArray   *strategies,
                  guint        min_count,
                  gboolean     direct,
                  GError     **error)
{
  g_autofree char *valid = NULL;

  if (strategies == NULL || strategies->len < min_count)
    {
      valid = valid_strategy_ids ();
      g_set_error (error, IB_ERROR, IB_ERROR_INVALID,
                   g_dngettext (GETTEXT_PACKAGE,
                                "%s: name at least %u strategy: %s",
                                "%s: name at least %u strategies: %s", min_count),
                   field, min_count, valid);
      return FALSE;
    }
  for (guint i = 0; i < strategies->len; i++)
    {
      const char *id = g_ptr_array_index (strategies, i);

      if (id == NULL || ib_strategy_lookup (id) == NULL)
        {
          valid = valid_strategy_ids ();
          g_set_error (error, IB_ERROR, IB_ERROR_INVALID,
                       _("%s: unknown strategy “%s”; valid ones are: %s"),
                       field, id ? id : "", valid);
          return FALSE;
        }
      if (ib_strategy_unavailable (ib_strategy_lookup (id)) != NULL)
        {
          g_set_error (error, IB_ERROR, IB_ERROR_INVALID,
                       /* Translators: e.g. "Strategies: uring-read-all-serial cannot run
                        * here: io_uring is not allowed here (EPERM): …" */
                       _("%s: %s cannot run here: %s"), field, id,
                       ib_strategy_unavailable (ib_strategy_lookup (id)));
          return FALSE;
        }
      if ((direct || ib_strategy_id_is_direct (id)) && !ib_strategy_lookup (id)->direct)
        {
          g_autofree char *able = direct_strategy_ids ();

          g_set_error (error, IB_ERROR, IB_ERROR_INVALID,
                       _("--direct: %s cannot read with O_DIRECT (GIO’s streams and "
                         "load_contents, and mmap, always go through the page cache); "
                         "choose from: %s"), id, able);
          return FALSE;
        }
      for (guint j = 0; j < i; j++)
        if (g_str_equal (id, g_ptr_array_index (strategies, j)))
          {
            g_set_error (error, IB_ERROR, IB_ERROR_INVALID,
                         _("%s: “%s” is listed twice"), field, id);
            return FALSE;
          }
    }
  return TRUE;
}

static gboolean
validate_sweep (const IbSweepSpec  *spec,
                gboolean            direct,
                GError            **error)
{
  guint64 min = 1, max;
  gboolean is_size = FALSE;

  if (spec->values == NULL || spec->values->len == 0)
    {
      g_set_error (error, IB_ERROR, IB_ERROR_INVALID,
                   _("Sweep: give the values to vary, e.g. “count=1,2,10,100”"));
      return FALSE;
    }
  if (spec->values->len > 100)
    {
      g_set_error (error, IB_ERROR, IB_ERROR_INVALID,
                   _("Sweep: %u values are too many; the maximum is 100"), spec->values->len);
      return FALSE;
    }
  switch (spec->vary)
    {
    case IB_VARY_COUNT:
      max = IB_MAX_FILES;
      break;
    case IB_VARY_SIZE:
      max = IB_MAX_FILE_SIZE;
      is_size = TRUE;
      break;
    case IB_VARY_IN_FLIGHT:
      max = IB_MAX_IN_FLIGHT;
      break;
    default:
      g_set_error (error, IB_ERROR, IB_ERROR_INVALID,
                   _("Sweep: vary count, size or in-flight"));
      return FALSE;
    }
  for (guint i = 0; i < spec->values->len; i++)
    if (!check_range (_("Sweep values"), g_array_index (spec->values, guint64, i),
                      min, max, is_size, error))
      return FALSE;
  if (!check_strategies (_("Sweep strategies"), spec->strategies, 2, direct, error))
    return FALSE;
  if (spec->vary != IB_VARY_COUNT &&
      !check_range (_("Sweep file count"), spec->base_count, 1, IB_MAX_FILES, FALSE, error))
    return FALSE;
  if (spec->vary != IB_VARY_SIZE &&
      !check_range (_("Sweep file size"), spec->base_size, 1, IB_MAX_FILE_SIZE, TRUE, error))
    return FALSE;
  return TRUE;
}

gboolean
ib_plan_validate (const IbPlan  *plan,
                  GError       **error)
{
  gboolean has_files, has_strategies;

  g_return_val_if_fail (plan != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (plan->dir == NULL || *plan->dir == '\0')
    {
      g_set_error (error, IB_ERROR, IB_ERROR_INVALID,
                   _("Folder: choose a folder for the test files"));
      return FALSE;
    }

  has_files = plan->file_sizes != NULL && plan->file_sizes->len > 0;
  has_strategies = plan->strategies != NULL && plan->strategies->len > 0;
  if (!has_files && !has_strategies && plan->sweep == NULL && plan->overhead == NULL &&
      plan->write_unlink == NULL && plan->map == NULL)
    {
      g_set_error (error, IB_ERROR, IB_ERROR_INVALID,
                   _("Plan: nothing to run; add files and strategies, a sweep, the overhead "
                     "or the write+delete workload"));
      return FALSE;
    }

  if (has_files || has_strategies)
    {
      if (!has_files)
        {
          g_set_error (error, IB_ERROR, IB_ERROR_INVALID,
                       _("Files: give at least one file size for the read strategies"));
          return FALSE;
        }
      if (!check_range (_("Files"), plan->file_sizes->len, 1, IB_MAX_FILES, FALSE, error))
        return FALSE;
      for (guint i = 0; i < plan->file_sizes->len; i++)
        if (!check_range (_("File size"), g_array_index (plan->file_sizes, guint64, i),
                          1, IB_MAX_FILE_SIZE, TRUE, error))
          return FALSE;
      if (!check_strategies (_("Strategies"), plan->strategies, 1, plan->direct, error))
        return FALSE;
    }

  if (!check_range (_("Repeat"), plan->repeat, 1, IB_MAX_REPEAT, FALSE, error) ||
      !check_range (_("Warm-up"), plan->warmup, 0, IB_MAX_WARMUP, FALSE, error) ||
      !check_range (_("Chunk"), plan->chunk, 0, IB_MAX_CHUNK, TRUE, error) ||
      !check_range (_("Workers"), plan->workers, 0, IB_MAX_WORKERS, FALSE, error) ||
      !check_range (_("In flight"), plan->in_flight, 0, IB_MAX_IN_FLIGHT, FALSE, error) ||
      !check_range (_("Queue depth"), plan->queue_depth, 0, IB_MAX_QUEUE_DEPTH, FALSE, error) ||
      !check_range (_("Pause"), plan->pause_ms, 0, IB_MAX_PAUSE_MS, FALSE, error) ||
      /* Translators: the time a run may take, survey and decision phase together */
      !check_range (_("Budget"), plan->budget_s, 0, IB_MAX_BUDGET_S, FALSE, error))
    return FALSE;
  if (!(plan->margin >= IB_MIN_MARGIN_PCT / 100.0 - 1e-9 &&
        plan->margin <= IB_MAX_MARGIN_PCT / 100.0 + 1e-9))
    {
      g_set_error (error, IB_ERROR, IB_ERROR_INVALID,
                   /* Translators: the equivalence margin of a decision, "±10 %" */
                   _("Margin: %g %% is out of range; give %d to %d (per cent, e.g. 10 for "
                     "“equivalent within ±10 %%”)"),
                   plan->margin * 100, IB_MIN_MARGIN_PCT, IB_MAX_MARGIN_PCT);
      return FALSE;
    }
  if ((guint) plan->cache > IB_CACHE_AS_IS || (guint) plan->content > IB_CONTENT_LETTERS ||
      (guint) plan->buffer > IB_BUFFER_REUSED)
    {
      g_set_error (error, IB_ERROR, IB_ERROR_INVALID, _("Plan: unknown cache, content or "
                                                         "buffer mode"));
      return FALSE;
    }

  if (plan->sweep != NULL && !validate_sweep (plan->sweep, plan->direct, error))
    return FALSE;
  if (plan->overhead != NULL &&
      !check_range (_("Iterations"), plan->overhead->iterations, 1, IB_MAX_ITERATIONS,
                    FALSE, error))
    return FALSE;
  if (plan->write_unlink != NULL &&
      (!check_range (_("Requests"), plan->write_unlink->requests, 1, IB_MAX_REQUESTS,
                     FALSE, error) ||
       !check_range (_("Concurrency"), plan->write_unlink->concurrency, 1, IB_MAX_IN_FLIGHT,
                     FALSE, error) ||
       !check_range (_("Bytes per request"), plan->write_unlink->bytes, 1, MAX_WRITE_BYTES,
                     TRUE, error) ||
       !check_range (_("Runs per mode"), plan->write_unlink->runs, 0,
                     IB_WRITE_UNLINK_MAX_RUNS, FALSE, error)))
    return FALSE;

  return TRUE;
}

/* ---- formatting -------------------------------------------------------- */

gboolean
ib_plan_check_space (const IbPlan  *plan,
                     guint64        free_bytes,
                     GError       **error)
{
  guint64 need = 0;
  gboolean overflow = FALSE;

  g_return_val_if_fail (plan != NULL, FALSE);

  for (guint i = 0; plan->file_sizes != NULL && i < plan->file_sizes->len; i++)
    {
      guint64 size = g_array_index (plan->file_sizes, guint64, i);

      if (need > G_MAXUINT64 - size)
        overflow = TRUE;
      else
        need += size;
    }
  if (!overflow && need <= G_MAXUINT64 - need / 20 && need + need / 20 <= free_bytes)
    return TRUE;
  {
    g_autofree char *need_str = ib_format_size (need);
    g_autofree char *free_str = ib_format_size (free_bytes);

    g_set_error (error, IB_ERROR, IB_ERROR_NO_SPACE,
                 /* Translators: "the test files need 100 GiB (plus 5 %), 75 GiB are free" */
                 _("Not enough free space: the test files need %s (plus 5 %%), %s are free "
                   "in this folder. Choose smaller files or another folder."),
                 need_str, free_str);
  }
  return FALSE;
}

