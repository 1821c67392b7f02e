/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-map-card.c: the size x count map's answer card (ib-map-card.h). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>

#include "analysis/ib-verdict.h"
#include "engine/model/ib-format.h"
#include "engine/run/ib-map-run.h"
#include "ib-map-card.h"

/* The verdict of @line as the answer words it, at the whole procedure's
 * level (as the map chart says it). */
static char *
line_text (const IbMap     *map,
           const IbMapCell *cell,
           const IbMapLine *line)
{
  IbVerdictInterval iv = { 0 };
  IbPaired paired = { 0 };

  if (!cell->reached)
    /* Translators: a cell of the size x count map the run stopped before */
    return g_strdup (_("not reached"));
  ib_map_line_paired (line, map->margin, &paired);
  ib_verdict_for_paired (&paired, &iv);
  iv.n_looks = line->decision.n_looks;
  if (line->decision.n_looks > 0 && map->alpha > 0
      && iv.ci_level + 1e-9 >= 1 - map->alpha / line->decision.n_looks)
    iv.ci_level = 1 - map->alpha;
  /* Translators: the two sides of a line of the size x count map */
  return ib_verdict_text (&iv, _("sync"), _("async"), IB_VERDICT_WORDING_FASTER_FIRST);
}

static char *
cell_text (const IbMap     *map,
           const IbMapCell *cell)
{
  g_autofree char *size = ib_format_size (cell->size);
  g_autofree char *count = ib_format_count (cell->count);
  /* Translators: a cell of the size x count map: "4 KiB x 16 files" */
  g_autofree char *name = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s x %s file",
                                                        "%s x %s files",
                                                        cell->count == 1 ? 1 : 2),
                                           size, count);
  g_autofree char *serial = line_text (map, cell, &cell->lines[IB_MAP_SERIAL]);
  g_autofree char *parallel = line_text (map, cell, &cell->lines[IB_MAP_PARALLEL]);

  /* Translators: one cell of the size x count map in its description
   * for screen readers: the cell, then the verdict of its serial and
   * of its parallel line */
  return g_strdup_printf (_("%s, one after another: %s; all at once: %s"), name, serial,
                          parallel);
}

static char *
headline (const IbMap *map)
{
  guint n = map->cells->len * IB_MAP_N_LINES, sync = 0, async = 0, same = 0;

  for (guint i = 0; i < map->cells->len; i++)
    for (guint l = 0; l < IB_MAP_N_LINES; l++)
      {
        IbPairedVerdict v = g_array_index (map->cells, IbMapCell, i).lines[l].decision.verdict;

        sync += v == IB_PAIRED_A_FASTER;
        async += v == IB_PAIRED_B_FASTER;
        same += v == IB_PAIRED_EQUIVALENT;
      }
  /* Translators: the map card's headline; a comparison is one half of a
   * cell (one after another, or all at once): "Async was faster in 3 of 8
   * comparisons: sync in 2, equivalent in 1, not decided in 2." */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "Async was faster in %u of %u comparison: sync in %u, "
                                       "equivalent in %u, not decided in %u.",
                                       "Async was faster in %u of %u comparisons: sync in %u, "
                                       "equivalent in %u, not decided in %u.",
                                       n),
                          async, n, sync, same, n - sync - async - same);
}

IbAnswerCard *
ib_map_card_new (const IbReport *report)
{
  const IbMap *map;
  IbAnswerCard *card;
  guint unreached;

  g_return_val_if_fail (report != NULL, NULL);

  map = report->map;
  if (map == NULL || map->cells->len == 0)
    return NULL;
  card = g_new0 (IbAnswerCard, 1);
  card->id = g_strdup (IB_MAP_CARD_ID);
  card->title = g_strdup (_("Size × count map: when does async pay off?"));
  card->headline = headline (map);
  card->details = g_ptr_array_new_with_free_func (g_free);
  card->verdict = IB_VERDICT_UNDECIDED;
  for (guint i = 0; i < map->cells->len; i++)
    if (g_array_index (map->cells, IbMapCell, i).reached)
      g_ptr_array_add (card->details, cell_text (map, &g_array_index (map->cells, IbMapCell, i)));
  unreached = map->cells->len - ib_map_n_reached (map);
  if (unreached > 0)
    /* Translators: under the map card's cells: "2 cells not reached: the run
     * ended before them." */
    g_ptr_array_add (card->details,
                     g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                   "%u cell not reached: the run ended "
                                                   "before it.",
                                                   "%u cells not reached: the run ended "
                                                   "before them.",
                                                   unreached),
                                      unreached));
  return card;
}
