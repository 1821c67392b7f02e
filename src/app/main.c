/* SPDX-License-Identifier: GPL-3.0-or-later */
/* main.c: the iobench GUI. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <locale.h>

#include <glib/gi18n.h>

#include "ib-application.h"

/* GTK reaches the accessibility bus (org.a11y.Bus, from at-spi2-core) through
 * the session bus and prints a warning on every start where it cannot: a
 * minimal system, a container, no session bus. Screen readers need that bus, so
 * it stays on wherever it can be had; where it cannot, accessibility is turned
 * off quietly, as GTK's own warning advises (GTK_A11Y=none). */
static gboolean
a11y_bus_available (void)
{
  static const char *methods[] = { "NameHasOwner", "ListActivatableNames" };
  g_autoptr(GDBusConnection) bus = g_bus_get_sync (G_BUS_TYPE_SESSION, NULL, NULL);
  guint i;

  for (i = 0; bus != NULL && i < G_N_ELEMENTS (methods); i++)
    {
      gboolean has_owner = i == 0;
      g_autoptr(GVariant) reply =
        g_dbus_connection_call_sync (bus, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                     "org.freedesktop.DBus", methods[i],
                                     has_owner ? g_variant_new ("(s)", "org.a11y.Bus") : NULL,
                                     has_owner ? G_VARIANT_TYPE ("(b)") : G_VARIANT_TYPE ("(as)"),
                                     G_DBUS_CALL_FLAGS_NONE, 5000, NULL, NULL);
      g_autoptr(GVariant) value = reply != NULL ? g_variant_get_child_value (reply, 0) : NULL;

      if (value == NULL)
        continue;
      if (has_owner && g_variant_get_boolean (value))
        return TRUE;
      if (!has_owner)
        {
          g_autofree const char **names = g_variant_get_strv (value, NULL);

          if (g_strv_contains (names, "org.a11y.Bus"))
            return TRUE;
        }
    }
  return FALSE;
}

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

  if (g_getenv ("GTK_A11Y") == NULL && g_getenv ("AT_SPI_BUS_ADDRESS") == NULL &&
      !a11y_bus_available ())
    {
      g_debug ("No accessibility bus (org.a11y.Bus): running with GTK_A11Y=none");
      g_setenv ("GTK_A11Y", "none", TRUE);
    }

  app = ib_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
