/* SPDX-License-Identifier: GPL-3.0-or-later */
/* placeholder: to be written */
#include "config.h"

#include <stdio.h>

#include "cli.h"

int
ib_cli_overhead (int argc, char **argv)
{
  fprintf (stderr, "%s: not built yet\n", argv[0]);
  return IB_EXIT_FAILED;
}

int
ib_cli_write_unlink (int argc, char **argv)
{
  fprintf (stderr, "%s: not built yet\n", argv[0]);
  return IB_EXIT_FAILED;
}
