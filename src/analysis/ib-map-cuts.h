/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-map-cuts.h: the write-ups as cuts of the size x count map
 * (engine/model/ib-map.h), for the map's answer card (ib-map-advice.h). */
#pragma once

#include <glib.h>

#include "engine/model/ib-map.h"

G_BEGIN_DECLS

/* The write-ups as cuts of the map (ib-map-cuts.c), one sentence a
 * conclusion, from decided cells only: seed 000's 1, 2 and 100 small files
 * on the row of about 4 KiB (sync faster for 1 and 2 one after another,
 * async for 100 at once), seed 002's four big files on the column of 4
 * files (sync whole-file reads faster one after another, from 256 MiB or at
 * the map's largest size). Each says whether the conclusion holds in every
 * decided cell of its cut, in some, in none, or cannot be checked (no cell
 * decided, or the cut is not in the map), and names the cells left out. */
GPtrArray   *ib_map_cuts_new         (const IbMap       *map);

G_END_DECLS
