/* SPDX-License-Identifier: GPL-3.0-or-later */
/* faultfs: a FUSE file system for the fault tests, never shipped.
 *
 * Passes everything through to a backing folder and, by option, makes the
 * faults a user's storage makes. Faults apply to files whose path contains
 * -o match=STR (every file when not given):
 *
 *   -o eio_read_at=N        a read covering byte N fails with EIO
 *   -o eio_opens=K          ... only through the first K open files that
 *                           read there (0: all); a file that failed once
 *                           fails again (the kernel retries a failed page)
 *   -o write_fail_after=N   a write reaching past byte N fails ...
 *   -o write_errno=E        ... with E: eio (default) or enospc
 *   -o short_reads          a read returns at most half of what was asked
 *   -o delay_ms=D           every read waits D ms first
 *   -o size_delta=N         the size reported is N bytes more (or less) than
 *                           the real one
 *   -o direct_io            matched files bypass the page cache, so every
 *                           read reaches this daemon as the caller made it
 *   -o log=FILE             one line per read or write request, for tests
 *                           to wait on
 *   -o statfs_delay_ms=D    statfs(2) on the mount waits D ms first (a
 *                           slow network file system, for the plan page)
 *
 * Usage: faultfs [-o OPTIONS] BACKING MOUNTPOINT [fuse options]
 */
#define FUSE_USE_VERSION 31

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <time.h>
#include <unistd.h>
#include <dirent.h>

#include <fuse.h>

typedef struct
{
  char      *backing;
  int        backing_fd;
  char      *match;
  long long  eio_read_at;
  int        eio_opens;
  long long  write_fail_after;
  char      *write_errno;
  int        short_reads;
  int        delay_ms;
  long long  size_delta;
  int        direct_io;
  char      *log;
  int        statfs_delay_ms;
} Config;

static Config conf = { NULL, -1, NULL, -1, 0, -1, NULL, 0, 0, 0, 0, NULL, 0 };
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int eio_handles;   /* open files whose reads failed so far */
static FILE *log_file;

#define OPT(t, p) { t, offsetof (Config, p), 1 }
static const struct fuse_opt options[] = {
  OPT ("match=%s", match),
  OPT ("eio_read_at=%lld", eio_read_at),
  OPT ("eio_opens=%d", eio_opens),
  OPT ("write_fail_after=%lld", write_fail_after),
  OPT ("write_errno=%s", write_errno),
  OPT ("short_reads", short_reads),
  OPT ("delay_ms=%d", delay_ms),
  OPT ("size_delta=%lld", size_delta),
  OPT ("direct_io", direct_io),
  OPT ("log=%s", log),
  OPT ("statfs_delay_ms=%d", statfs_delay_ms),
  FUSE_OPT_END
};

/* A file handle: the backing descriptor and whether reads through it fail. */
typedef struct
{
  int fd;
  int matched;
  int eio;
} Handle;

static int
matched (const char *path)
{
  return conf.match == NULL || strstr (path, conf.match) != NULL;
}

/* The path relative to the backing folder's descriptor. */
static const char *
rel (const char *path)
{
  while (*path == '/')
    path++;
  return *path != '\0' ? path : ".";
}

static void
log_op (const char *op, const char *path, off_t offset, size_t size, int result)
{
  if (log_file == NULL)
    return;
  pthread_mutex_lock (&lock);
  fprintf (log_file, "%s %s %lld %zu %d\n", op, path, (long long) offset, size, result);
  fflush (log_file);
  pthread_mutex_unlock (&lock);
}

static void *
ffs_init (struct fuse_conn_info *conn, struct fuse_config *cfg)
{
  (void) conn;
  cfg->use_ino = 1;
  /* No attribute or entry caching: a changed size is seen at once. */
  cfg->attr_timeout = 0;
  cfg->entry_timeout = 0;
  cfg->negative_timeout = 0;
  return NULL;
}

static int
ffs_getattr (const char *path, struct stat *st, struct fuse_file_info *fi)
{
  int r = fi != NULL ? fstat (((Handle *) (uintptr_t) fi->fh)->fd, st)
                     : fstatat (conf.backing_fd, rel (path), st, AT_SYMLINK_NOFOLLOW);

  if (r != 0)
    return -errno;
  if (conf.size_delta != 0 && S_ISREG (st->st_mode) && matched (path))
    st->st_size = conf.size_delta < 0 && -conf.size_delta > st->st_size
                    ? 0 : st->st_size + conf.size_delta;
  return 0;
}

static int
ffs_readlink (const char *path, char *buf, size_t size)
{
  ssize_t n = readlinkat (conf.backing_fd, rel (path), buf, size - 1);

  if (n < 0)
    return -errno;
  buf[n] = '\0';
  return 0;
}

static int
ffs_readdir (const char *path, void *buf, fuse_fill_dir_t filler, off_t offset,
             struct fuse_file_info *fi, enum fuse_readdir_flags flags)
{
  int fd = openat (conf.backing_fd, rel (path), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  DIR *d;
  struct dirent *e;

  (void) offset; (void) fi; (void) flags;
  if (fd < 0)
    return -errno;
  d = fdopendir (fd);
  if (d == NULL)
    {
      int saved = errno;
      close (fd);
      return -saved;
    }
  while ((e = readdir (d)) != NULL)
    if (filler (buf, e->d_name, NULL, 0, 0) != 0)
      break;
  closedir (d);
  return 0;
}

#define PASS(call) do { if ((call) != 0) return -errno; return 0; } while (0)

static int
ffs_mkdir (const char *path, mode_t mode)
{
  PASS (mkdirat (conf.backing_fd, rel (path), mode));
}

static int
ffs_unlink (const char *path)
{
  PASS (unlinkat (conf.backing_fd, rel (path), 0));
}

static int
ffs_rmdir (const char *path)
{
  PASS (unlinkat (conf.backing_fd, rel (path), AT_REMOVEDIR));
}

static int
ffs_symlink (const char *target, const char *path)
{
  PASS (symlinkat (target, conf.backing_fd, rel (path)));
}

static int
ffs_rename (const char *from, const char *to, unsigned int flags)
{
  PASS (renameat2 (conf.backing_fd, rel (from), conf.backing_fd, rel (to), flags));
}

static int
ffs_chmod (const char *path, mode_t mode, struct fuse_file_info *fi)
{
  if (fi != NULL)
    PASS (fchmod (((Handle *) (uintptr_t) fi->fh)->fd, mode));
  PASS (fchmodat (conf.backing_fd, rel (path), mode, 0));
}

static int
ffs_chown (const char *path, uid_t uid, gid_t gid, struct fuse_file_info *fi)
{
  (void) fi;
  PASS (fchownat (conf.backing_fd, rel (path), uid, gid, AT_SYMLINK_NOFOLLOW));
}

static int
ffs_truncate (const char *path, off_t size, struct fuse_file_info *fi)
{
  int fd, r;

  if (fi != NULL)
    PASS (ftruncate (((Handle *) (uintptr_t) fi->fh)->fd, size));
  fd = openat (conf.backing_fd, rel (path), O_WRONLY | O_CLOEXEC | O_NOFOLLOW);
  if (fd < 0)
    return -errno;
  r = ftruncate (fd, size) != 0 ? -errno : 0;
  close (fd);
  return r;
}

static int
ffs_utimens (const char *path, const struct timespec tv[2], struct fuse_file_info *fi)
{
  if (fi != NULL)
    PASS (futimens (((Handle *) (uintptr_t) fi->fh)->fd, tv));
  PASS (utimensat (conf.backing_fd, rel (path), tv, AT_SYMLINK_NOFOLLOW));
}

static int
open_handle (const char *path, int fd, struct fuse_file_info *fi)
{
  Handle *h = calloc (1, sizeof *h);

  if (h == NULL)
    {
      close (fd);
      return -ENOMEM;
    }
  h->fd = fd;
  h->matched = matched (path);
  if (h->matched && conf.direct_io)
    fi->direct_io = 1;
  fi->fh = (uint64_t) (uintptr_t) h;
  return 0;
}

static int
ffs_open (const char *path, struct fuse_file_info *fi)
{
  int fd = openat (conf.backing_fd, rel (path), (fi->flags & ~O_NOFOLLOW) | O_CLOEXEC);

  if (fd < 0)
    return -errno;
  return open_handle (path, fd, fi);
}

static int
ffs_create (const char *path, mode_t mode, struct fuse_file_info *fi)
{
  int fd = openat (conf.backing_fd, rel (path), fi->flags | O_CREAT | O_CLOEXEC, mode);

  if (fd < 0)
    return -errno;
  return open_handle (path, fd, fi);
}

static int
ffs_read (const char *path, char *buf, size_t size, off_t offset, struct fuse_file_info *fi)
{
  Handle *h = (Handle *) (uintptr_t) fi->fh;
  ssize_t n;

  if (h->matched && conf.delay_ms > 0)
    {
      struct timespec ts = { conf.delay_ms / 1000, (long) (conf.delay_ms % 1000) * 1000000L };
      nanosleep (&ts, NULL);
    }
  if (h->matched && offset <= conf.eio_read_at && conf.eio_read_at < offset + (off_t) size)
    {
      pthread_mutex_lock (&lock);
      if (!h->eio && (conf.eio_opens == 0 || eio_handles < conf.eio_opens))
        {
          h->eio = 1;
          eio_handles++;
        }
      pthread_mutex_unlock (&lock);
    }
  if (h->eio && offset <= conf.eio_read_at && conf.eio_read_at < offset + (off_t) size)
    {
      log_op ("read", path, offset, size, -EIO);
      return -EIO;
    }
  if (h->matched && conf.short_reads && size > 1)
    size /= 2;
  n = pread (h->fd, buf, size, offset);
  log_op ("read", path, offset, size, n < 0 ? -errno : (int) n);
  return n < 0 ? -errno : (int) n;
}

static int
ffs_write (const char *path, const char *buf, size_t size, off_t offset,
           struct fuse_file_info *fi)
{
  Handle *h = (Handle *) (uintptr_t) fi->fh;
  ssize_t n;

  if (h->matched && conf.write_fail_after >= 0 &&
      offset + (off_t) size > conf.write_fail_after)
    {
      int e = conf.write_errno != NULL && strcmp (conf.write_errno, "enospc") == 0
                ? ENOSPC : EIO;
      log_op ("write", path, offset, size, -e);
      return -e;
    }
  n = pwrite (h->fd, buf, size, offset);
  log_op ("write", path, offset, size, n < 0 ? -errno : (int) n);
  return n < 0 ? -errno : (int) n;
}

static int
ffs_statfs (const char *path, struct statvfs *st)
{
  (void) path;
  if (conf.statfs_delay_ms > 0)
    {
      struct timespec ts = { conf.statfs_delay_ms / 1000,
                             (long) (conf.statfs_delay_ms % 1000) * 1000000L };

      nanosleep (&ts, NULL);
    }
  PASS (fstatvfs (conf.backing_fd, st));
}

static int
ffs_release (const char *path, struct fuse_file_info *fi)
{
  Handle *h = (Handle *) (uintptr_t) fi->fh;

  (void) path;
  close (h->fd);
  free (h);
  return 0;
}

static int
ffs_fsync (const char *path, int datasync, struct fuse_file_info *fi)
{
  int fd = ((Handle *) (uintptr_t) fi->fh)->fd;

  (void) path;
  PASS (datasync ? fdatasync (fd) : fsync (fd));
}

static int
ffs_access (const char *path, int mask)
{
  PASS (faccessat (conf.backing_fd, rel (path), mask, AT_SYMLINK_NOFOLLOW));
}

static const struct fuse_operations ops = {
  .init = ffs_init,
  .getattr = ffs_getattr,
  .readlink = ffs_readlink,
  .readdir = ffs_readdir,
  .mkdir = ffs_mkdir,
  .unlink = ffs_unlink,
  .rmdir = ffs_rmdir,
  .symlink = ffs_symlink,
  .rename = ffs_rename,
  .chmod = ffs_chmod,
  .chown = ffs_chown,
  .truncate = ffs_truncate,
  .utimens = ffs_utimens,
  .open = ffs_open,
  .create = ffs_create,
  .read = ffs_read,
  .write = ffs_write,
  .statfs = ffs_statfs,
  .release = ffs_release,
  .fsync = ffs_fsync,
  .access = ffs_access,
};

/* The first argument that is not an option is the backing folder; the
 * second, the mount point, goes to FUSE. */
static int
take_backing (void *data, const char *arg, int key, struct fuse_args *outargs)
{
  (void) data; (void) outargs;
  if (key == FUSE_OPT_KEY_NONOPT && conf.backing == NULL)
    {
      conf.backing = strdup (arg);
      return 0;
    }
  return 1;
}

int
main (int argc, char *argv[])
{
  struct fuse_args args = FUSE_ARGS_INIT (argc, argv);

  if (fuse_opt_parse (&args, &conf, options, take_backing) != 0)
    return 1;
  if (conf.backing == NULL)
    {
      fprintf (stderr, "usage: faultfs [-o OPTIONS] BACKING MOUNTPOINT\n");
      return 1;
    }
  conf.backing_fd = open (conf.backing, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (conf.backing_fd < 0)
    {
      fprintf (stderr, "faultfs: %s: %s\n", conf.backing, strerror (errno));
      return 1;
    }
  if (conf.log != NULL && (log_file = fopen (conf.log, "ae")) == NULL)
    {
      fprintf (stderr, "faultfs: %s: %s\n", conf.log, strerror (errno));
      return 1;
    }
  umask (0);
  return fuse_main (args.argc, args.argv, &ops, NULL);
}
