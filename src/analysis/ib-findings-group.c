/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-findings-group.c: where each finding goes and how much it matters.
 * The group and the rank are derived from the finding's id, in
 * this one table, never stored: a finding id this table does not know goes
 * last, with the details. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "ib-findings.h"
#include "ib-verdict.h"

typedef struct
{
  const char     *id;
  IbFindingGroup  group;
  gboolean        warning;   /* the numbers may not measure what they seem to */
} GroupEntry;

/* Within a group, the order of this table is the order of importance. */
static const GroupEntry table[] = {
  /* what backs the answer: sync against async, and the others that race */
  { "sync-vs-async", IB_FINDING_GROUP_ANSWER },
  { "fastest", IB_FINDING_GROUP_ANSWER },
  { "uring-gap", IB_FINDING_GROUP_ANSWER },
  { "stall-trade-off", IB_FINDING_GROUP_ANSWER },
  { "stall-responsive", IB_FINDING_GROUP_ANSWER },
  /* whether the numbers measure what they seem to */
  { "tmpfs", IB_FINDING_GROUP_VALIDITY, TRUE },
  { "fuse", IB_FINDING_GROUP_VALIDITY, TRUE },
  { "cache-excluded", IB_FINDING_GROUP_VALIDITY, TRUE },
  { "cache-counted", IB_FINDING_GROUP_VALIDITY, TRUE },
  { "cache-virtual", IB_FINDING_GROUP_VALIDITY, TRUE },
  { "compression", IB_FINDING_GROUP_VALIDITY, TRUE },
  { "cache", IB_FINDING_GROUP_VALIDITY },
  { "copy-on-write", IB_FINDING_GROUP_VALIDITY },
  { "overhead-repetitions", IB_FINDING_GROUP_VALIDITY },
  { "survey-hints", IB_FINDING_GROUP_VALIDITY },
  /* the three write-ups I/O Bench reproduces (README.md names them) */
  { "seed-002", IB_FINDING_GROUP_EXPERIMENTS },
  { "seed-000", IB_FINDING_GROUP_EXPERIMENTS },
  { "empty-tasks", IB_FINDING_GROUP_EXPERIMENTS },
  { "seed-001-overhead", IB_FINDING_GROUP_EXPERIMENTS },
  { "seed-001-write-unlink", IB_FINDING_GROUP_EXPERIMENTS },
  /* the rest */
  { "sync-vs-async-load-contents", IB_FINDING_GROUP_DETAILS },
  { "where-time-goes", IB_FINDING_GROUP_DETAILS },
  { "direct-cost", IB_FINDING_GROUP_DETAILS },
  { "sweep", IB_FINDING_GROUP_DETAILS },
  { "stall-sweep", IB_FINDING_GROUP_DETAILS },
  { "overhead", IB_FINDING_GROUP_DETAILS },
  { "overhead-thread", IB_FINDING_GROUP_DETAILS },
  { "write-unlink-verdict", IB_FINDING_GROUP_DETAILS },
  { "write-unlink", IB_FINDING_GROUP_DETAILS },
  { "stall-write-unlink", IB_FINDING_GROUP_DETAILS },
  { "warm-up", IB_FINDING_GROUP_DETAILS },
};

/* The entry's index, or G_N_ELEMENTS (table) for an unknown id. */
static guint
rank_of (const char *id)
{
  for (guint i = 0; id != NULL && i < G_N_ELEMENTS (table); i++)
    if (g_str_equal (table[i].id, id))
      return i;
  return G_N_ELEMENTS (table);
}

IbFindingGroup
ib_finding_group (const char *id)
{
  guint rank = rank_of (id);

  return rank < G_N_ELEMENTS (table) ? table[rank].group : IB_FINDING_GROUP_DETAILS;
}

gboolean
ib_finding_is_warning (const char *id)
{
  guint rank = rank_of (id);

  return rank < G_N_ELEMENTS (table) && table[rank].warning;
}

const char *
ib_finding_group_to_string (IbFindingGroup group)
{
  switch (group)
    {
    case IB_FINDING_GROUP_ANSWER:
      return "answer";
    case IB_FINDING_GROUP_VALIDITY:
      return "validity";
    case IB_FINDING_GROUP_EXPERIMENTS:
      return "experiments";
    case IB_FINDING_GROUP_DETAILS:
    default:
      return "details";
    }
}

const char *
ib_finding_group_title (IbFindingGroup group)
{
  switch (group)
    {
    case IB_FINDING_GROUP_ANSWER:
      /* Translators: heading of the findings that back up the answer to "is
       * sync or async faster here?" */
      return _("Behind the answer");
    case IB_FINDING_GROUP_VALIDITY:
      /* Translators: heading of the findings that say whether the numbers
       * measure what they seem to (tmpfs, FUSE, cache state, ...) */
      return _("How far to trust these numbers");
    case IB_FINDING_GROUP_EXPERIMENTS:
      /* Translators: heading of the findings that check the three Node.js
       * write-ups the app reproduces */
      return _("The three experiments, reproduced");
    case IB_FINDING_GROUP_DETAILS:
    default:
      /* Translators: heading of the remaining findings */
      return _("Details");
    }
}

gboolean
ib_finding_is_shown (const IbFinding *finding)
{
  g_return_val_if_fail (finding != NULL, FALSE);

  return !finding->covered && !finding->hint;
}

guint
ib_findings_n_shown (const GArray *findings)
{
  guint n = 0;

  for (guint i = 0; findings != NULL && i < findings->len; i++)
    n += ib_finding_is_shown (&g_array_index (findings, IbFinding, i));
  return n;
}

static void
finding_clear (gpointer data)
{
  IbFinding *finding = data;

  g_clear_pointer (&finding->id, g_free);
  g_clear_pointer (&finding->text, g_free);
}

GArray *
ib_findings_new (void)
{
  GArray *findings = g_array_new (FALSE, TRUE, sizeof (IbFinding));

  g_array_set_clear_func (findings, finding_clear);
  return findings;
}

void
ib_findings_add (GArray     *findings,
                 const char *id,
                 const char *format,
                 ...)
{
  va_list args;
  IbFinding finding = { 0 };

  g_return_if_fail (findings != NULL);

  va_start (args, format);
  finding.id = g_strdup (id);
  finding.text = g_strdup_vprintf (format, args);
  finding.covered = FALSE;
  va_end (args);
  g_array_append_val (findings, finding);
}

void
ib_findings_cover_last (GArray *findings)
{
  g_return_if_fail (findings != NULL && findings->len > 0);

  g_array_index (findings, IbFinding, findings->len - 1).covered = TRUE;
}

gboolean
ib_findings_survey_only (const IbReport *report,
                         gboolean        paired)
{
  g_return_val_if_fail (report != NULL, FALSE);

  return report->decision != NULL && !paired;
}

gboolean
ib_findings_survey_is_short (const IbReport *report,
                             guint          *n_min,
                             guint          *n_max)
{
  guint lo = G_MAXUINT, hi = 0;

  g_return_val_if_fail (report != NULL, FALSE);

  for (guint i = 0; report->statistics != NULL && i < report->statistics->len; i++)
    {
      const IbStats *st = &g_array_index (report->statistics, IbStats, i);

      if (st->n == 0)
        continue;
      lo = MIN (lo, st->n);
      hi = MAX (hi, st->n);
    }
  if (n_min != NULL)
    *n_min = hi > 0 ? lo : 0;
  if (n_max != NULL)
    *n_max = hi;
  return hi > 0 && lo < IB_VERDICT_MIN_SAMPLES;
}

void
ib_findings_hint_last (GArray         *findings,
                       const IbReport *report,
                       gboolean        too_few)
{
  g_return_if_fail (findings != NULL && findings->len > 0 && report != NULL);

  if (too_few && ib_findings_survey_is_short (report, NULL, NULL))
    g_array_index (findings, IbFinding, findings->len - 1).hint = TRUE;
}

static gint
compare_findings (gconstpointer a,
                  gconstpointer b)
{
  const IbFinding *x = a, *y = b;
  IbFindingGroup gx = ib_finding_group (x->id), gy = ib_finding_group (y->id);
  guint rx = rank_of (x->id), ry = rank_of (y->id);

  if (gx != gy)
    return gx < gy ? -1 : 1;
  return (rx > ry) - (rx < ry);
}

void
ib_findings_sort (GArray *findings)
{
  /* Stable whatever GLib's sort is (g_qsort_with_data's stability changed
   * across versions): equals keep the order they were generated in. */
  if (findings == NULL || findings->len < 2)
    return;
  {
    guint n = findings->len;
    g_autofree guint *order = g_new (guint, n);
    g_autoptr(GArray) sorted = g_array_sized_new (FALSE, TRUE, sizeof (IbFinding), n);

    for (guint i = 0; i < n; i++)
      order[i] = i;
    /* insertion sort: stable, and a report has a few dozen findings at most */
    for (guint i = 1; i < n; i++)
      {
        guint v = order[i];
        guint j = i;

        while (j > 0
               && compare_findings (&g_array_index (findings, IbFinding, order[j - 1]),
                                    &g_array_index (findings, IbFinding, v)) > 0)
          {
            order[j] = order[j - 1];
            j--;
          }
        order[j] = v;
      }
    for (guint i = 0; i < n; i++)
      g_array_append_val (sorted, g_array_index (findings, IbFinding, order[i]));
    /* move the entries over without freeing their strings */
    memcpy (findings->data, sorted->data, n * sizeof (IbFinding));
  }
}
