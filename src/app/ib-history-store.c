/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-history-store.c: scanning and saving the history folder. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#ifdef G_OS_UNIX
#include <fcntl.h>
#include <unistd.h>
#endif

#include "engine/model/ib-error.h"
#include "engine/model/ib-format.h"
#include "analysis/ib-analysis.h"
#include "report/ib-report-io.h"
#include "ib-history-store.h"

void
ib_history_entry_free (IbHistoryEntry *entry)
{
  if (entry == NULL)
    return;
  g_free (entry->path);
  g_free (entry->name);
  g_clear_pointer (&entry->analysis, ib_analysis_unref);
  g_clear_pointer (&entry->report, ib_report_unref);
  g_free (entry->problem);
  g_free (entry);
}

/* Reads one entry; sets entry->problem instead of failing. */
static void
load_entry (IbHistoryEntry *entry)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GDateTime) created = NULL;
  GStatBuf st;

  /* stat, not open: a pipe or a device named *.json would block or never
   * end, and a huge file would take all memory. */
  if (g_stat (entry->path, &st) != 0)
    {
      entry->problem = g_strdup_printf (_("Cannot read it: %s"), g_strerror (errno));
      return;
    }
  entry->time = (gint64) st.st_mtime;
  if (!S_ISREG (st.st_mode))
    {
      entry->problem = g_strdup (_("It is not a file (a folder, a device or a pipe), so it "
                                   "is not a saved run"));
      return;
    }
  if ((guint64) st.st_size > IB_HISTORY_MAX_BYTES)
    {
      /* the one size format of every display ("2.25 GiB") */
      g_autofree char *size = ib_format_size ((guint64) st.st_size);
      g_autofree char *max = ib_format_size (IB_HISTORY_MAX_BYTES);

      entry->problem = g_strdup_printf (_("It is %s, more than the %s a saved run can be; it "
                                          "was not read"), size, max);
      return;
    }
  entry->report = ib_report_load_json (entry->path, &error);
  if (entry->report == NULL)
    {
      g_autofree char *display = g_filename_display_name (entry->path);
      gsize n = strlen (display);

      /* The row already names the file: keep only what is wrong with it. */
      if (strncmp (error->message, display, n) == 0 && g_str_has_prefix (error->message + n, ": "))
        entry->problem = g_strdup (error->message + n + 2);
      else
        entry->problem = g_strdup (error->message);
      return;
    }
  /* this version's answer and findings, as for a report opened from a file */
  entry->analysis = ib_analysis_new (entry->report);
  if (entry->report->created != NULL)
    created = g_date_time_new_from_iso8601 (entry->report->created, NULL);
  if (created != NULL)
    entry->time = g_date_time_to_unix (created);
}

static int
compare_entries (gconstpointer a,
                 gconstpointer b)
{
  const IbHistoryEntry *ea = *(const IbHistoryEntry * const *) a;
  const IbHistoryEntry *eb = *(const IbHistoryEntry * const *) b;

  return ea->time < eb->time ? 1 : ea->time > eb->time ? -1 : g_strcmp0 (eb->path, ea->path);
}

GPtrArray *
ib_history_scan (const char    *dir_path,
                 GCancellable  *cancellable,
                 GError       **error)
{
  g_autoptr(GDir) dir = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  const char *name;

  g_return_val_if_fail (dir_path != NULL, NULL);

  entries = g_ptr_array_new_with_free_func ((GDestroyNotify) ib_history_entry_free);
  dir = g_dir_open (dir_path, 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      IbHistoryEntry *entry;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return NULL;
      if (!g_str_has_suffix (name, ".json") || name[0] == '.')
        continue;
      entry = g_new0 (IbHistoryEntry, 1);
      entry->path = g_build_filename (dir_path, name, NULL);
      entry->name = g_filename_display_name (name);
      load_entry (entry);
      if (entry->problem != NULL)
        g_message ("History entry %s cannot be shown: %s", entry->path, entry->problem);
      g_ptr_array_add (entries, entry);
    }
  g_ptr_array_sort (entries, compare_entries);
  return g_steal_pointer (&entries);
}

/* Makes what was written to @dir survive a crash: its new names too. */
static void
sync_dir (const char *dir)
{
#ifdef G_OS_UNIX
  int fd = open (dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

  if (fd >= 0)
    {
      if (fsync (fd) != 0)
        g_debug ("fsync %s: %s", dir, g_strerror (errno));
      close (fd);
    }
#else
  (void) dir;
#endif
}

/* Gives the complete file @tmp the name @path unless @path exists. */
static int
claim_name (const char *tmp,
            const char *path)
{
#ifdef G_OS_UNIX
  /* link() never replaces: of two instances, only one gets a name. */
  if (link (tmp, path) == 0)
    return 0;
  if (errno != EPERM && errno != EOPNOTSUPP && errno != EMLINK)
    return -1;
  /* A file system without hard links: check, then rename. */
#endif
  if (g_file_test (path, G_FILE_TEST_EXISTS))
    {
      errno = EEXIST;
      return -1;
    }
  return g_rename (tmp, path);
}

char *
ib_history_save_to (const char        *dir,
                    const char        *stem,
                    const IbAnalysis  *analysis,
                    GError           **error)
{
  g_autofree char *data = NULL;
  g_autofree char *tmp_name = NULL;
  g_autofree char *tmp = NULL;
  g_autofree char *path = NULL;
  gsize length = 0;
  int saved = 0;

  g_return_val_if_fail (dir != NULL && stem != NULL && analysis != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      saved = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   _("Could not make the history folder “%s”: %s"), dir, g_strerror (saved));
      return NULL;
    }

  data = ib_report_to_json (analysis, &length);
  /* Hidden and not *.json: a scan never lists it, complete or not. */
  tmp_name = g_strdup_printf (".%s.%08x.partial", stem, g_random_int ());
  tmp = g_build_filename (dir, tmp_name, NULL);
  if (!g_file_set_contents_full (tmp, data, (gssize) length,
                                 G_FILE_SET_CONTENTS_CONSISTENT | G_FILE_SET_CONTENTS_DURABLE,
                                 0600, error))
    {
      g_unlink (tmp);
      g_prefix_error (error, _("Could not save the run in the history folder “%s”: "), dir);
      return NULL;
    }

  /* Never replace an entry: add a counter when two runs share a second. */
  for (guint i = 0; i < 1000; i++)
    {
      g_free (path);
      path = i == 0 ? g_strdup_printf ("%s%c%s.json", dir, G_DIR_SEPARATOR, stem)
                    : g_strdup_printf ("%s%c%s-%u.json", dir, G_DIR_SEPARATOR, stem, i);
      if (claim_name (tmp, path) == 0)
        {
          saved = 0;
          break;
        }
      saved = errno;
      if (saved != EEXIST)
        break;
    }
  g_unlink (tmp);   /* the link's other name, or the unnamed copy */
  if (saved != 0)
    {
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   _("Could not save the run in the history folder “%s”: %s"), dir,
                   g_strerror (saved));
      return NULL;
    }
  sync_dir (dir);
  return g_steal_pointer (&path);
}
