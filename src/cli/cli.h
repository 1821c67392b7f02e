/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli.h: the iobench-cli subcommands (docs/architecture.md, "The
 * contract: CLI and report fields"). Each takes the
 * arguments after the subcommand name (argv[0] is "iobench-cli SUBCOMMAND")
 * and returns the process exit code. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Exit codes */
#define IB_EXIT_OK          0
#define IB_EXIT_FAILED      1
#define IB_EXIT_USAGE       2
#define IB_EXIT_INTERRUPTED 130
#define IB_EXIT_TERMINATED  143

int ib_cli_list         (int argc, char **argv);   /* cli-run.c */
int ib_cli_run          (int argc, char **argv);   /* cli-run.c */
int ib_cli_sweep        (int argc, char **argv);   /* cli-run.c */
int ib_cli_overhead     (int argc, char **argv);   /* cli-workloads.c */
int ib_cli_write_unlink (int argc, char **argv);   /* cli-workloads.c */
int ib_cli_map          (int argc, char **argv);   /* cli-workloads.c */
int ib_cli_chart        (int argc, char **argv);   /* cli-chart.c */
int ib_cli_report       (int argc, char **argv);   /* cli-report.c */
int ib_cli_compare      (int argc, char **argv);   /* cli-report.c */

G_END_DECLS
