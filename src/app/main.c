/* SPDX-License-Identifier: GPL-3.0-or-later */
/* main.c: the iobench GUI. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <locale.h>

#include <glib/gi18n.h>

#include "ib-application.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(IbApplication) app = NULL;
  const char *localedir = g_getenv ("IOBENCH_LOCALEDIR");

  setlocale (LC_ALL, "");
  /* IOBENCH_LOCALEDIR: translations of an uninstalled build (run.sh). */
  bindtextdomain (GETTEXT_PACKAGE, localedir != NULL && localedir[0] != '\0'
                                   ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  g_set_application_name (_("I/O Bench"));

  app = ib_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
