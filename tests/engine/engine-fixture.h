/* SPDX-License-Identifier: GPL-3.0-or-later */
/* engine-fixture.h: the file set the strategy and measure tests repeated:
 * a fresh folder, files made in it, a scratch for reused buffers. */
#pragma once

#include "engine/io/ib-fileset.h"
#include "engine/io/ib-strategy.h"

G_BEGIN_DECLS

typedef struct
{
  char      *tmp;
  IbFileSet *set;
  IbScratch *scratch;
} Fixture;

/* Files of @sizes (@n of them, random content) in a fresh folder
 * "iobench-PROGRAM-XXXXXX" under @parent (NULL: the temporary folder), and
 * a scratch. */
void fixture_make_in      (Fixture              *f,
                           const char           *parent,
                           const guint64        *sizes,
                           guint                 n);

/* fixture_make_in() in the temporary folder. */
void fixture_make         (Fixture              *f,
                           const guint64        *sizes,
                           guint                 n);

/* Frees the set and the scratch and removes the folder: nothing may be
 * left behind in it. */
void fixture_free         (Fixture              *f);

/* A context for @info over the fixture's files: its default chunk,
 * @buffer, 2 workers, 3 files in flight, --verify on, the fixture's
 * scratch. */
void fixture_context_init (IbStrategyContext    *ctx,
                           const Fixture        *f,
                           const IbStrategyInfo *info,
                           IbBufferPolicy        buffer);

G_END_DECLS
