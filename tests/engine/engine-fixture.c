/* SPDX-License-Identifier: GPL-3.0-or-later */
/* engine-fixture.c: see engine-fixture.h. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include "engine-fixture.h"

#include <string.h>

#include <glib/gstdio.h>

void
fixture_make_in (Fixture       *f,
                 const char    *parent,
                 const guint64 *sizes,
                 guint          n)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *program = g_path_get_basename (g_get_prgname ());
  g_autofree char *name = g_strdup_printf ("iobench-%s-XXXXXX", program);
  g_autofree char *tmpl = g_build_filename (parent != NULL ? parent : g_get_tmp_dir (),
                                            name, NULL);

  f->tmp = g_mkdtemp (g_steal_pointer (&tmpl));
  g_assert_nonnull (f->tmp);
  f->set = ib_file_set_create (&(IbFileSetRequest) {
                                 .parent_dir = f->tmp,
                                 .sizes = sizes,
                                 .n_sizes = n,
                                 .content = IB_CONTENT_RANDOM,
                                 .seed = 7,
                               },
                               NULL, &error);
  g_assert_no_error (error);
  f->scratch = ib_scratch_new ();
}

void
fixture_make (Fixture       *f,
              const guint64 *sizes,
              guint          n)
{
  fixture_make_in (f, NULL, sizes, n);
}

void
fixture_free (Fixture *f)
{
  g_clear_pointer (&f->set, ib_file_set_free);
  g_clear_pointer (&f->scratch, ib_scratch_free);
  g_assert_cmpint (g_rmdir (f->tmp), ==, 0);   /* nothing left behind */
  g_clear_pointer (&f->tmp, g_free);
}

void
fixture_context_init (IbStrategyContext    *ctx,
                      const Fixture        *f,
                      const IbStrategyInfo *info,
                      IbBufferPolicy        buffer)
{
  memset (ctx, 0, sizeof *ctx);
  ctx->files = f->set;
  ctx->chunk = info->default_chunk;
  ctx->buffer = buffer;
  ctx->workers = 2;
  ctx->in_flight = 3;
  ctx->verify = TRUE;
  ctx->scratch = f->scratch;
}
