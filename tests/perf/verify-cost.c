/* SPDX-License-Identifier: GPL-3.0-or-later */
/* verify-cost.c: --verify must not change a strategy's timed span.
 *
 *   verify-cost [--dir DIR] [--repeat N] [--reused]
 *
 * Makes four 16 MiB files (warm cache), then times every strategy through
 * IbMeasure's bracket (ib_measure_run) with --verify on and off, the
 * two in a seeded random order within each round. Prints the median wall
 * time of each, their ratio, and the median of the on/off ratios of the same
 * round (less sensitive to the machine's load drifting). The CRC-32 runs
 * after the clock, so every ratio should be 1 within noise; before, async
 * strategies came out faster with --verify (CRC time overlapping their reads
 * was subtracted). Speed is printed, never asserted.
 */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include "engine/io/ib-fileset.h"
#include "engine/os/ib-os.h"
#include "engine/measure/ib-measure.h"
#include "engine/io/ib-strategy.h"
#include "on-off.h"

#define MIB (G_GUINT64_CONSTANT (1) << 20)

/* --verify on or off, fresh or reused buffers (@data: reused). */
static void
setup_verify (IbStrategyContext    *ctx,
              const IbStrategyInfo *info,
              gboolean              on,
              gpointer              data)
{
  ctx->buffer = GPOINTER_TO_INT (data) ? IB_BUFFER_REUSED : IB_BUFFER_FRESH;
  ctx->verify = on;
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *dir = g_strdup ("/var/tmp");
  int repeat = 5;
  gboolean reused = FALSE;
  GOptionEntry entries[] = {
    { "dir", 0, 0, G_OPTION_ARG_FILENAME, &dir, "Parent folder (default /var/tmp)", "DIR" },
    { "repeat", 0, 0, G_OPTION_ARG_INT, &repeat, "Measured rounds (default 5)", "N" },
    { "reused", 0, 0, G_OPTION_ARG_NONE, &reused, "Reused buffers (default fresh)", NULL },
    { NULL }
  };
  const guint64 sizes[] = { 16 * MIB, 16 * MIB, 16 * MIB, 16 * MIB };
  g_autoptr(GOptionContext) octx = g_option_context_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(IbFileSet) set = NULL;
  g_autoptr(GArray) rows = NULL;
  OnOffSums sums;

  g_option_context_add_main_entries (octx, entries, NULL);
  if (!g_option_context_parse (octx, &argc, &argv, &error) || repeat < 1 || repeat > 1000)
    {
      g_printerr ("verify-cost: %s\n", error != NULL ? error->message : "--repeat must be 1..1000");
      return 2;
    }

  set = ib_file_set_create (&(IbFileSetRequest) {
                              .parent_dir = dir,
                              .sizes = sizes,
                              .n_sizes = G_N_ELEMENTS (sizes),
                              .content = IB_CONTENT_RANDOM,
                              .seed = 2,
                            },
                            NULL, &error);
  if (set == NULL || !ib_file_set_warm (set, NULL, &error))
    {
      g_printerr ("verify-cost: cannot make the files in %s: %s\n", dir, error->message);
      return 1;
    }

  rows = on_off_measure (set, G_N_ELEMENTS (sizes), (guint) repeat, setup_verify,
                         GINT_TO_POINTER (reused), &error);
  if (rows == NULL)
    {
      g_printerr ("verify-cost: %s\n", error->message);
      return 1;
    }
  on_off_print (rows, reused ? "strategy (4 x 16 MiB, reused)" : "strategy (4 x 16 MiB, fresh)",
                "verify off", "verify on", &sums);
  g_print ("\n%u of %u strategies had a paired on/off ratio below 1 (about half expected "
           "when --verify changes nothing)\n", sums.below_one, sums.measured);
  return 0;
}
