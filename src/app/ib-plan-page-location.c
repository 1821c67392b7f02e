/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-plan-page-location.c: the plan page's folder: choosing it and probing
 * its free space and file system off the main thread. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <glib/gi18n.h>
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "engine/model/ib-error.h"
#include "engine/model/ib-format.h"
#include "engine/os/ib-os.h"
#include "engine/plan/ib-presets.h"
#include "ib-plan-page-private.h"

/* ---- location --------------------------------------------------------- */

static void
mount_info_free (gpointer data)
{
  ib_mount_info_clear (data);
  g_free (data);
}

/* What keeps a run from making its files in @dir, said for the plan page
 * (docs/architecture.md, "Files and bad input"): missing, not a folder,
 * or not writable (access(2) also answers EROFS for root on a read-only file
 * system). */
static gboolean
check_folder (const char  *dir,
              GError     **error)
{
  g_autofree char *name = g_filename_display_name (dir);

  if (!g_file_test (dir, G_FILE_TEST_EXISTS))
    {
      g_set_error (error, IB_ERROR, IB_ERROR_INVALID,
                   /* Translators: %s is a folder's path */
                   _("The folder “%s” does not exist. Choose another one."), name);
      return FALSE;
    }
  if (!g_file_test (dir, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, IB_ERROR, IB_ERROR_INVALID,
                   /* Translators: %s is a path */
                   _("“%s” is a file, not a folder. Choose a folder."), name);
      return FALSE;
    }
  if (access (dir, W_OK | X_OK) != 0)
    {
      int saved = errno;

      g_set_error (error, IB_ERROR, IB_ERROR_INVALID,
                   /* Translators: %s is a folder's path, then the system's reason */
                   _("The test files cannot be made in “%s”: %s. Choose another folder."),
                   name, g_strerror (saved));
      return FALSE;
    }
  return TRUE;
}

/* The probe runs on a thread of its own, never on GLib's shared task pool,
 * which the async strategies under test use (docs/architecture.md,
 * "Threading"), and its task is returned and let go on the main context:
 * a GTask whose last reference went in a pool thread took this page with
 * it there, and a page dropped while a probe was in flight (a closed
 * window, the fuse test's end) was finalized off the main thread. */
typedef struct
{
  GTask       *task;
  char        *dir;
  IbMountInfo *info;
  GError      *error;
} Probe;

static gboolean
probed_in_main (gpointer data)
{
  Probe *probe = data;

  if (probe->info == NULL)
    g_task_return_error (probe->task, probe->error);
  else
    g_task_return_pointer (probe->task, probe->info, mount_info_free);
  g_object_unref (probe->task);
  g_free (probe->dir);
  g_free (probe);
  return G_SOURCE_REMOVE;
}

static gpointer
probe_own_thread (gpointer data)
{
  Probe       *probe = data;
  IbMountInfo *info = g_new0 (IbMountInfo, 1);

  if (check_folder (probe->dir, &probe->error) && ib_os_mount_info (probe->dir, info, &probe->error))
    probe->info = info;
  else
    mount_info_free (info);
  g_main_context_invoke (g_task_get_context (probe->task), probed_in_main, probe);
  return NULL;
}

static void
mount_info_done (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  IbPlanPage *self = IB_PLAN_PAGE (source);
  g_autoptr(GError) error = NULL;
  IbMountInfo *info = g_task_propagate_pointer (G_TASK (result), &error);
  g_autofree char *free_text = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *warning = NULL;

  if (info == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          /* Run is off, and the folder's own row says why. */
          g_free (self->dir_problem);
          self->dir_problem = g_strdup (error->message);
          adw_action_row_set_subtitle (self->space_row, error->message);
          gtk_widget_add_css_class (GTK_WIDGET (self->space_row), "error");
          gtk_widget_set_visible (GTK_WIDGET (self->fs_warning_row), FALSE);
          self->calls->validate (self);
          self->calls->space_checked (self);
        }
      return;
    }
  g_clear_pointer (&self->dir_problem, g_free);

  self->dir_in_memory = info->is_tmpfs;
  self->free_bytes = info->free_bytes;
  self->free_known = TRUE;
  free_text = ib_format_size (info->free_bytes);
  if (info->fs_type != NULL && info->device != NULL && info->device[0] == '/')
    /* Translators: "12.3 GiB free · ext4 on /dev/sda2" */
    subtitle = g_strdup_printf (_("%s free · %s on %s"), free_text, info->fs_type, info->device);
  else if (info->fs_type != NULL)
    /* Translators: "12.3 GiB free · ext4" */
    subtitle = g_strdup_printf (_("%s free · %s"), free_text, info->fs_type);
  else
    subtitle = g_strdup_printf (_("%s free"), free_text);
  adw_action_row_set_subtitle (self->space_row, subtitle);

  if (info->is_tmpfs)
    {
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->fs_warning_row),
                                     _("This folder is in memory (tmpfs)"));
      adw_action_row_set_subtitle (self->fs_warning_row,
                                   _("Reads never reach a disk and the cache modes "
                                     "mean nothing here."));
    }
  else if (info->is_fuse)
    {
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->fs_warning_row),
                                     _("This folder is on a FUSE file system"));
      adw_action_row_set_subtitle (self->fs_warning_row,
                                   _("Timings include the FUSE daemon, and a cold "
                                     "cache may not be possible."));
    }
  gtk_widget_set_visible (GTK_WIDGET (self->fs_warning_row), info->is_tmpfs || info->is_fuse);
  mount_info_free (info);
  self->calls->validate (self);
  self->calls->space_checked (self);
}

void
_ib_plan_page_update_location (IbPlanPage *self)
{
  g_autoptr(GTask) task = NULL;

  adw_action_row_set_subtitle (self->folder_row, self->dir != NULL ? self->dir : "");
  /* A new folder: nothing known yet. The same one: keep showing the last
   * figure until the new one arrives. */
  if (g_strcmp0 (self->checked_dir, self->dir) != 0)
    {
      adw_action_row_set_subtitle (self->space_row, _("Checking…"));
      self->free_known = FALSE;
      self->dir_in_memory = FALSE;
      g_clear_pointer (&self->dir_problem, g_free);
      g_free (self->checked_dir);
      self->checked_dir = g_strdup (self->dir);
    }
  if (self->mount_cancellable != NULL)
    g_cancellable_cancel (self->mount_cancellable);
  g_clear_object (&self->mount_cancellable);
  if (self->dir == NULL)
    return;

  /* statfs and /proc/self/mountinfo may block on network file systems. */
  self->mount_cancellable = g_cancellable_new ();
  task = g_task_new (self, self->mount_cancellable, mount_info_done, NULL);
  g_task_set_source_tag (task, _ib_plan_page_update_location);
  {
    Probe *probe = g_new0 (Probe, 1);

    probe->task = g_object_ref (task);
    probe->dir = g_strdup (self->dir);
    g_thread_unref (g_thread_new ("iobench-folder", probe_own_thread, probe));
  }
}

void
ib_plan_page_set_dir (IbPlanPage *self,
                      const char *dir)
{
  g_return_if_fail (IB_IS_PLAN_PAGE (self));
  g_return_if_fail (dir != NULL);

  if (g_strcmp0 (self->missing_dir, dir) != 0)
    g_clear_pointer (&self->missing_dir, g_free);
  g_free (self->dir);
  self->dir = g_strdup (dir);
  _ib_plan_page_update_location (self);
  self->calls->validate (self);
}

const char *
ib_plan_page_get_missing_dir (IbPlanPage *self)
{
  g_return_val_if_fail (IB_IS_PLAN_PAGE (self), NULL);
  return self->missing_dir;
}

char *
ib_plan_page_dup_default_dir (IbPlanPage *self)
{
  g_return_val_if_fail (IB_IS_PLAN_PAGE (self), NULL);
  return ib_presets_default_dir ();
}

void
ib_plan_page_choose_folder (IbPlanPage *self)
{
  g_return_if_fail (IB_IS_PLAN_PAGE (self));
  _ib_plan_page_on_folder_clicked (self);
}

static void
on_folder_chosen (GtkNativeDialog *dialog,
                  int              response,
                  gpointer         user_data)
{
  IbPlanPage *self = IB_PLAN_PAGE (user_data);

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;

      if (path != NULL)
        ib_plan_page_set_dir (self, path);
    }
  g_object_unref (dialog);
  g_object_unref (self);
}

void
_ib_plan_page_on_folder_clicked (IbPlanPage *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkFileChooserNative *dialog;

  dialog = gtk_file_chooser_native_new (_("Choose a Folder for the Test Files"),
                                        GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                        GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER,
                                        _("_Select"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  if (self->dir != NULL)
    {
      g_autoptr(GFile) current = g_file_new_for_path (self->dir);

      gtk_file_chooser_set_file (GTK_FILE_CHOOSER (dialog), current, NULL);
    }
  g_signal_connect (dialog, "response", G_CALLBACK (on_folder_chosen), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}
