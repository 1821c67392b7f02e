/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-busy.c: is other work using the CPUs (see ib-busy.h). */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <string.h>
#include <unistd.h>

#include "engine/os/ib-busy.h"
#include "engine/os/ib-os.h"

gboolean
ib_busy_parse_stat (const char    *text,
                    IbCpuSnapshot *out)
{
  const char *line = text;
  guint64 v[10] = { 0 };
  guint n = 0;
  char *end;
  const char *p;

  g_return_val_if_fail (out != NULL, FALSE);

  out->known = FALSE;
  out->busy = out->total = 0;
  /* the "cpu " line: every CPU together, first in the file */
  while (line != NULL && *line != '\0' && !g_str_has_prefix (line, "cpu "))
    {
      line = strchr (line, '\n');
      line = line != NULL ? line + 1 : NULL;
    }
  if (line == NULL || *line == '\0')
    return FALSE;
  p = line + 4;
  /* user nice system idle iowait irq softirq steal guest guest_nice */
  while (n < G_N_ELEMENTS (v))
    {
      while (*p == ' ')
        p++;
      if (!g_ascii_isdigit (*p))
        break;
      v[n++] = g_ascii_strtoull (p, &end, 10);
      p = end;
    }
  if (n < 4)
    return FALSE;
  /* guest time is counted in user time already */
  for (guint i = 0; i < MIN (n, 8); i++)
    out->total += v[i];
  out->busy = out->total - v[3] - (n > 4 ? v[4] : 0);
  out->known = TRUE;
  return TRUE;
}

double
ib_busy_parse_loadavg (const char *text)
{
  char *end;
  double load;

  if (text == NULL || !g_ascii_isdigit (*text))
    return -1;
  load = g_ascii_strtod (text, &end);
  if (end == text || load < 0 || (*end != ' ' && *end != '\n' && *end != '\0'))
    return -1;
  return load;
}

/* CPUs' worth of other work between @before and @after, -1 unknown. */
static double
others_cores (const IbCpuSnapshot *before,
              const IbCpuSnapshot *after,
              guint                n_cores)
{
  double share, own = 0;
  gint64 span = after->at_ns - before->at_ns;

  if (!before->known || !after->known || after->total <= before->total ||
      after->busy < before->busy || span <= 0)
    return -1;
  share = (double) (after->busy - before->busy) / (double) (after->total - before->total);
  if (before->own_ns >= 0 && after->own_ns >= before->own_ns)
    own = (double) (after->own_ns - before->own_ns) / ((double) span * n_cores);
  return MAX (share - own, 0.0) * n_cores;
}

void
ib_busy_judge (const IbCpuSnapshot *before,
               const IbCpuSnapshot *after,
               double               load,
               guint                n_cores,
               IbBusy              *out)
{
  g_return_if_fail (before != NULL && after != NULL && out != NULL);

  out->n_cores = MAX (n_cores, 1);
  out->load = load >= 0 ? load : -1;
  out->others_cores = others_cores (before, after, out->n_cores);
  if (out->others_cores >= 0)
    out->level = out->others_cores >= IB_BUSY_CORES ? IB_BUSY_BUSY : IB_BUSY_QUIET;
  else if (out->load >= 0)
    out->level = out->load >= IB_BUSY_LOAD ? IB_BUSY_BUSY : IB_BUSY_QUIET;
  else
    out->level = IB_BUSY_UNKNOWN;
}

gint64
ib_busy_cpus_ns (const IbCpuSnapshot *before,
                 const IbCpuSnapshot *after)
{
  long hz = 100; /* USER_HZ: what /proc/stat counts in */

  g_return_val_if_fail (before != NULL && after != NULL, -1);

  if (!before->known || !after->known || after->busy < before->busy)
    return -1;
#ifdef _SC_CLK_TCK
  hz = sysconf (_SC_CLK_TCK) > 0 ? sysconf (_SC_CLK_TCK) : 100;
#endif
  return (gint64) ((after->busy - before->busy) * (G_GUINT64_CONSTANT (1000000000) / (guint64) hz));
}

void
ib_busy_snapshot (IbCpuSnapshot *out)
{
  /* Taken twice around every sample: only the first line is wanted, read
   * into the stack, and of the process's usage only its CPU time. */
  char text[1024];

  g_return_if_fail (out != NULL);

  memset (out, 0, sizeof *out);
  if (ib_os_cpu_stat_head (text, sizeof text))
    ib_busy_parse_stat (text, out);
  out->own_ns = ib_os_process_cpu_ns ();
  out->at_ns = ib_os_monotonic_ns ();
}

double
ib_busy_load (void)
{
  g_autofree char *text = ib_os_loadavg_text ();

  return ib_busy_parse_loadavg (text);
}

void
ib_busy_probe (guint   window_ms,
               IbBusy *out)
{
  IbCpuSnapshot before, after;

  g_return_if_fail (out != NULL);

  ib_busy_snapshot (&before);
  if (before.known)
    g_usleep ((gulong) window_ms * 1000);
  ib_busy_snapshot (&after);
  ib_busy_judge (&before, &after, ib_busy_load (), ib_os_n_cores (), out);
}
