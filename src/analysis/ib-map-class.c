/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-map-class.c: a map line's verdict and class (see ib-map-class.h). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>

#include "engine/run/ib-map-run.h"
#include "ib-map-class.h"

void
ib_map_line_verdict (const IbMap       *map,
                     const IbMapLine   *line,
                     IbVerdictInterval *out)
{
  IbPaired paired = { 0 };

  g_return_if_fail (map != NULL && line != NULL && out != NULL);

  ib_map_line_paired (line, map->margin, &paired);
  ib_verdict_for_paired (&paired, out);
  out->n_looks = line->decision.n_looks;
  /* each look's level is 1 - alpha / looks; the whole procedure's 1 - alpha */
  if (line->decision.n_looks > 0 && map->alpha > 0
      && out->ci_level + 1e-9 >= 1 - map->alpha / line->decision.n_looks)
    out->ci_level = 1 - map->alpha;
}

IbMapClass
ib_map_line_class (const IbMap     *map,
                   const IbMapCell *cell,
                   const IbMapLine *line)
{
  IbVerdictInterval iv = { 0 };

  g_return_val_if_fail (map != NULL && cell != NULL && line != NULL, IB_MAP_CLASS_UNREACHED);

  if (!cell->reached)
    return IB_MAP_CLASS_UNREACHED;
  ib_map_line_verdict (map, line, &iv);
  switch (iv.verdict)
    {
    case IB_VERDICT_A_FASTER:
      return IB_MAP_CLASS_SYNC;
    case IB_VERDICT_B_FASTER:
      return IB_MAP_CLASS_ASYNC;
    case IB_VERDICT_EQUIVALENT:
      return IB_MAP_CLASS_EQUIVALENT;
    default:
      return IB_MAP_CLASS_UNDECIDED;
    }
}

gboolean
ib_map_cell_costs_frame (const IbMapCell *cell)
{
  const IbMapSide *sync;

  g_return_val_if_fail (cell != NULL, FALSE);

  sync = &cell->lines[IB_MAP_SERIAL].a_side;
  return cell->reached && sync->n_responsive > 0 && sync->stall_ns >= IB_MAP_FRAME_NS;
}

char *
ib_map_line_text (const IbMap     *map,
                  const IbMapCell *cell,
                  const IbMapLine *line)
{
  IbVerdictInterval iv = { 0 };

  if (!cell->reached)
    /* Translators: a cell of the size x count map the run stopped before */
    return g_strdup (_("not reached"));
  ib_map_line_verdict (map, line, &iv);
  /* Translators: the two sides of a line of the size x count map */
  return ib_verdict_text (&iv, _("sync"), _("async"), IB_VERDICT_WORDING_FASTER_FIRST);
}
