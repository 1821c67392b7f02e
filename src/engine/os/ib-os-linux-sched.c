/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-os-linux-sched.c: ib-os.h's run-queue waits on Linux, from the
 * scheduler's statistics (schedstat, CONFIG_SCHED_INFO) in /proc.
 *
 * Every sample reads them twice, outside its clock but inside the runner's
 * work between two samples, so the reads are lean: the calling thread's
 * schedstat and the folder of the process's threads stay open (one
 * descriptor each, like clear_refs), each file is read with one pread or
 * read into a buffer on the stack, and nothing is allocated but the list
 * of threads the caller keeps. Another thread's file is opened and closed
 * around its read: no descriptor of ours stays open for a thread that may
 * come and go, or is held while a strategy opens its files.
 */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include <glib.h>

#include "engine/os/ib-os.h"

/* "on-cpu-ns wait-ns timeslices\n": three numbers of at most 20 digits. */
#define SCHEDSTAT_MAX 96

/* The run-queue wait in the schedstat text read from @fd at offset 0 (a
 * fresh text each time: /proc regenerates it); -1 when unreadable. */
static gint64
pread_schedstat (int fd)
{
  char    text[SCHEDSTAT_MAX];
  gint64  wait_ns;
  ssize_t n;

  do
    n = pread (fd, text, sizeof text - 1, 0);
  while (n < 0 && errno == EINTR);
  if (n <= 0)
    return -1;
  text[n] = '\0';
  return ib_os_parse_schedstat (text, &wait_ns) ? wait_ns : -1;
}

/* Each thread's own /proc/thread-self/schedstat, opened on its first read
 * and closed when the thread exits; stored as fd + 1 (0: not open yet). */
static void
close_self_fd (gpointer data)
{
  close (GPOINTER_TO_INT (data) - 1);
}

static GPrivate self_schedstat = G_PRIVATE_INIT (close_self_fd);

gint64
ib_os_thread_runq_wait_ns (void)
{
  int fd = GPOINTER_TO_INT (g_private_get (&self_schedstat)) - 1;

  if (fd < 0)
    {
      /* Without schedstats the file is missing: -1, and tried again. */
      fd = open ("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC);
      if (fd < 0)
        return -1;
      g_private_set (&self_schedstat, GINT_TO_POINTER (fd + 1));
    }
  return pread_schedstat (fd);
}

/* /proc/self/task, opened once and rewound for each listing; under
 * tasks_lock, for brackets on several threads at once. */
static GMutex tasks_lock;
static DIR   *tasks_dir;

/* The run-queue wait of thread @name (its id) of the listing, -1 when it
 * cannot be read (it exited since the listing). */
static gint64
task_schedstat (int         dir_fd,
                const char *name)
{
  static const char file[] = "/schedstat";
  char              path[64];
  gsize             len = strlen (name);
  gint64            wait_ns;
  int               fd;

  if (len + sizeof file > sizeof path)
    return -1;
  memcpy (path, name, len);
  memcpy (path + len, file, sizeof file);
  fd = openat (dir_fd, path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return -1;
  wait_ns = pread_schedstat (fd);
  close (fd);
  return wait_ns;
}

GArray *
ib_os_threads_runq_wait (void)
{
  gint64         self = (gint64) gettid ();
  GArray        *out = NULL;
  struct dirent *d;

  g_mutex_lock (&tasks_lock);
  if (tasks_dir == NULL)
    {
      int fd = open ("/proc/self/task", O_RDONLY | O_DIRECTORY | O_CLOEXEC);

      tasks_dir = fd >= 0 ? fdopendir (fd) : NULL;
      if (tasks_dir == NULL && fd >= 0)
        close (fd);
    }
  else
    rewinddir (tasks_dir);
  if (tasks_dir != NULL)
    {
      out = g_array_sized_new (FALSE, FALSE, sizeof (IbRunqEntry), 8);
      while ((d = readdir (tasks_dir)) != NULL)
        {
          IbRunqEntry entry;

          entry.tid = g_ascii_strtoll (d->d_name, NULL, 10);
          if (entry.tid <= 0 || entry.tid == self)
            continue;
          entry.wait_ns = task_schedstat (dirfd (tasks_dir), d->d_name);
          /* A thread that exited between the listing and the read is gone. */
          if (entry.wait_ns >= 0)
            g_array_append_val (out, entry);
        }
    }
  g_mutex_unlock (&tasks_lock);
  return out;
}
