/* SPDX-License-Identifier: GPL-3.0-or-later */
/* iobench-cli: the headless shell over the engine, chart and report layers. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <stdio.h>

#include "engine/run/ib-runner.h"
#include "report/ib-report-io.h"

#include "cli-common.h"
#include "cli.h"

typedef struct
{
  const char *name;
  int       (*func) (int argc, char **argv);
  const char *summary;
} Command;

static const Command commands[] = {
  { "list",         ib_cli_list,         N_("List strategies, workloads and presets") },
  { "run",          ib_cli_run,          N_("Run a preset or a custom read benchmark") },
  { "overhead",     ib_cli_overhead,     N_("Measure dispatch overhead") },
  { "write-unlink", ib_cli_write_unlink, N_("Write and delete small files under concurrency") },
  { "sweep",        ib_cli_sweep,        N_("Vary file count, size or files in flight") },
  { "map",          ib_cli_map,          N_("Map when async pays off: file size × count") },
  { "chart",        ib_cli_chart,        N_("Draw a chart of a saved report") },
  { "report",       ib_cli_report,       N_("Write a saved report as HTML, Markdown or CSV") },
  { "compare",      ib_cli_compare,      N_("Compare two saved reports") },
};

static void
print_usage (FILE *out)
{
  ib_cli_print (out, _("Usage: %s COMMAND [OPTION…]\n\n"), g_get_prgname ());
  ib_cli_print (out, "%s\n\n", _("Is synchronous or asynchronous file I/O faster on this machine?"));
  ib_cli_print (out, "%s\n", _("Commands:"));
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    ib_cli_print (out, "  %-14s %s\n", commands[i].name, _(commands[i].summary));
  ib_cli_print (out, "\n");
  ib_cli_print (out, _("Run “%s COMMAND --help” for the options of a command.\n"), g_get_prgname ());
  ib_cli_print (out, "\n%s\n", ib_cli_outputs_help ());
}

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "");
  /* IOBENCH_LOCALEDIR: translations of an uninstalled build (run.sh). */
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("IOBENCH_LOCALEDIR") ? g_getenv ("IOBENCH_LOCALEDIR")
                                                                 : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  g_set_prgname ("iobench-cli");
  g_set_application_name (_("I/O Bench"));
  if (argc < 2)
    {
      print_usage (stderr);
      return IB_EXIT_USAGE;
    }

  if (g_str_equal (argv[1], "--help") || g_str_equal (argv[1], "-h") ||
      g_str_equal (argv[1], "help"))
    {
      print_usage (stdout);
      return IB_EXIT_OK;
    }

  if (g_str_equal (argv[1], "--version"))
    {
      ib_cli_print (stdout, "iobench-cli %s\n", PACKAGE_VERSION);
      return IB_EXIT_OK;
    }

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (g_str_equal (argv[1], commands[i].name))
      {
        g_autofree char *prgname = g_strdup_printf ("iobench-cli %s", commands[i].name);

        g_set_prgname (prgname);
        argv[1] = prgname;
        return commands[i].func (argc - 1, argv + 1);
      }

  ib_cli_print (stderr, _("%s: unknown command “%s”.\n\n"), "iobench-cli", argv[1]);
  print_usage (stderr);
  return IB_EXIT_USAGE;
}
