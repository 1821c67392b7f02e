/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-runner-prepare.c: what a run works out before its first sample
 * (ib-runner-prepare.h). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "engine/measure/ib-measure.h"
#include "engine/os/ib-os.h"
#include "engine/run/ib-runner-prepare.h"

guint
ib_runner_units_reads (const IbPlan *plan)
{
  if (plan->file_sizes->len == 0 || plan->strategies->len == 0)
    return 0;
  return ib_plan_n_rounds (plan) * plan->strategies->len;
}

double
ib_runner_units_total (const IbPlan *plan)
{
  double total = ib_runner_units_reads (plan) + ib_plan_sweep_units (plan) +
                 ib_plan_overhead_units (plan) + ib_plan_write_unlink_units (plan) +
                 (plan->map != NULL ? 1.0 : 0.0) + 1.0;

  if (plan->budget_s > 0)
    total += ib_runner_units_reads (plan);
  if (ib_runner_units_reads (plan) > 0)
    total += MAX (1.0, (double) ib_plan_total_bytes (plan) / (256.0 * 1024 * 1024)) *
             (plan->cache == IB_CACHE_WARM ? 1.25 : 1.0);
  return total;
}

gboolean
ib_runner_check_direct (const IbFileSet *files,
                        GError         **error)
{
  const IbFileEntry *entry = ib_file_set_get_file (files, 0);
  int fd = ib_os_open_direct (entry->path, error);

  if (fd < 0)
    {
      if (error != NULL && *error != NULL && (*error)->domain == G_IO_ERROR)
        g_prefix_error (error, _("--direct: cannot open “%s” with O_DIRECT: "), entry->path);
      return FALSE;
    }
  g_close (fd, NULL);
  return TRUE;
}
