/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-application.c: the AdwApplication. Opens JSON reports given on the
 * command line; IOBENCH_NON_UNIQUE=1 (tests) makes every instance its own. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>

#include "engine/run/ib-runner.h"
#include "report/ib-report-io.h"

#include "ib-application.h"
#include "ib-resources.h"
#include "ib-window.h"

struct _IbApplication
{
  AdwApplication  parent_instance;
  GSettings      *settings;
};

G_DEFINE_FINAL_TYPE (IbApplication, ib_application, ADW_TYPE_APPLICATION)

void
ib_app_ensure_resources (void)
{
  static gsize registered = 0;

  if (g_once_init_enter (&registered))
    {
      ib_app_register_resource ();
      g_once_init_leave (&registered, 1);
    }
}

GSettings *
ib_application_get_settings (IbApplication *self)
{
  g_return_val_if_fail (IB_IS_APPLICATION (self), NULL);
  return self->settings;
}

static IbWindow *
get_window (IbApplication *self)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));
  IbWindow *created;

  if (IB_IS_WINDOW (window))
    return IB_WINDOW (window);
  /* the launch's window: a folder gone since the last session is asked about */
  created = ib_window_new (GTK_APPLICATION (self), self->settings);
  ib_window_ask_missing_folder (created);
  return created;
}

static void
ib_application_activate (GApplication *app)
{
  gtk_window_present (GTK_WINDOW (get_window (IB_APPLICATION (app))));
}

static void
ib_application_open (GApplication  *app,
                     GFile        **files,
                     int            n_files,
                     const char    *hint)
{
  IbWindow *window = get_window (IB_APPLICATION (app));

  if (n_files > 0)
    ib_window_open_file (window, files[n_files - 1]);
  gtk_window_present (GTK_WINDOW (window));
}

static void
about_activated (GSimpleAction *action,
                 GVariant      *param,
                 gpointer       user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);
  const char *developers[] = { _("The I/O Bench contributors"), NULL };
  g_autofree char *debug = g_strdup_printf ("I/O Bench %s\nGLib %u.%u.%u\nGTK %u.%u.%u\n"
                                            "libadwaita %u.%u.%u\n",
                                            PACKAGE_VERSION,
                                            glib_major_version, glib_minor_version,
                                            glib_micro_version,
                                            gtk_get_major_version (), gtk_get_minor_version (),
                                            gtk_get_micro_version (),
                                            adw_get_major_version (), adw_get_minor_version (),
                                            adw_get_micro_version ());
  GtkWidget *about = adw_about_window_new ();

  gtk_window_set_transient_for (GTK_WINDOW (about), gtk_application_get_active_window (app));
  adw_about_window_set_application_name (ADW_ABOUT_WINDOW (about), _("I/O Bench"));
  adw_about_window_set_application_icon (ADW_ABOUT_WINDOW (about), APP_ID);
  adw_about_window_set_version (ADW_ABOUT_WINDOW (about), PACKAGE_VERSION);
  adw_about_window_set_developer_name (ADW_ABOUT_WINDOW (about), _("The I/O Bench contributors"));
  adw_about_window_set_developers (ADW_ABOUT_WINDOW (about), developers);
  adw_about_window_set_license_type (ADW_ABOUT_WINDOW (about), GTK_LICENSE_GPL_3_0);
  adw_about_window_set_website (ADW_ABOUT_WINDOW (about), "https://github.com/iobench/iobench");
  adw_about_window_set_comments (ADW_ABOUT_WINDOW (about),
                                 _("Measures whether synchronous or asynchronous file reading "
                                   "is faster on your machine, and when."));
  adw_about_window_set_debug_info (ADW_ABOUT_WINDOW (about), debug);
  /* Translators: your name(s), one per line, to be credited in the About window */
  adw_about_window_set_translator_credits (ADW_ABOUT_WINDOW (about), _("translator-credits"));
  gtk_window_present (GTK_WINDOW (about));
}

static void
quit_activated (GSimpleAction *action,
                GVariant      *param,
                gpointer       user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);
  GList *windows = g_list_copy (gtk_application_get_windows (app));

  /* Closing the windows stops a run; the controller holds the application
   * until the engine has cleaned up, then it quits by itself. */
  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_close (l->data);
  g_list_free (windows);
}

static const GActionEntry app_entries[] = {
  { "about", about_activated },
  { "quit", quit_activated },
};

static void
ib_application_startup (GApplication *app)
{
  IbApplication *self = IB_APPLICATION (app);
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;
  static const struct { const char *action; const char *accels[3]; } accels[] = {
    { "win.run", { "<Control>r", NULL } },
    { "win.stop", { "Escape", NULL } },
    { "win.open", { "<Control>o", NULL } },
    { "win.show-history", { "<Control>h", NULL } },
    { "win.export-menu", { "<Control>e", NULL } },
    { "win.chart-step(1)", { "<Control>Page_Down", NULL } },
    { "win.chart-step(-1)", { "<Control>Page_Up", NULL } },
    { "win.show-help-overlay", { "<Control>question", NULL } },
    { "app.quit", { "<Control>q", NULL } },
  };

  G_APPLICATION_CLASS (ib_application_parent_class)->startup (app);

  g_action_map_add_action_entries (G_ACTION_MAP (app), app_entries,
                                   G_N_ELEMENTS (app_entries), app);
  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (app), accels[i].action,
                                           accels[i].accels);

  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, APP_ID, TRUE);
  if (schema != NULL)
    self->settings = g_settings_new (APP_ID);
  else
    g_warning ("GSettings schema %s is not installed: the plan will not be remembered "
               "(set GSETTINGS_SCHEMA_DIR for an uninstalled run)", APP_ID);
}

static void
ib_application_dispose (GObject *object)
{
  IbApplication *self = IB_APPLICATION (object);

  g_clear_object (&self->settings);
  G_OBJECT_CLASS (ib_application_parent_class)->dispose (object);
}

static void
ib_application_class_init (IbApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->dispose = ib_application_dispose;
  app_class->startup = ib_application_startup;
  app_class->activate = ib_application_activate;
  app_class->open = ib_application_open;
}

static void
ib_application_init (IbApplication *self)
{
}

IbApplication *
ib_application_new (void)
{
  GApplicationFlags flags = G_APPLICATION_HANDLES_OPEN;
  IbApplication *app;

  ib_app_ensure_resources ();
  if (g_getenv ("IOBENCH_NON_UNIQUE") != NULL)
    flags |= G_APPLICATION_NON_UNIQUE;
  app = g_object_new (IB_TYPE_APPLICATION,
                      "application-id", APP_ID,
                      "flags", flags,
                      "resource-base-path", "/io/github/iobench/IoBench",
                      NULL);
  /* Translators: the arguments in "iobench --help" */
  g_application_set_option_context_parameter_string (G_APPLICATION (app), _("[REPORT.json]"));
  g_application_set_option_context_summary (G_APPLICATION (app),
                                            _("Measure whether sync or async file reading is "
                                              "faster here; open a saved JSON report to see it "
                                              "again."));
  return app;
}
