/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-fileset.c: content kinds, file sets (checks, marker, cleanup, reaper),
 * cache control and the OS layer. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include "ib-test-common.h"

#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#ifdef G_OS_UNIX
#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>
#endif

#include "engine/model/ib-error.h"
#include "engine/io/ib-fileset.h"
#include "engine/os/ib-os.h"

static guint
count_entries (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  guint n = 0;

  g_assert_nonnull (dir);
  while (g_dir_read_name (dir) != NULL)
    n++;
  return n;
}

/* ---- content ------------------------------------------------------------ */

static gboolean
all_in (const guint8 *buf,
        gsize         len,
        const char   *alphabet)
{
  gsize i;

  for (i = 0; i < len; i++)
    if (buf[i] == '\0' || strchr (alphabet, buf[i]) == NULL)
      return FALSE;
  return TRUE;
}

static void
test_content_alphabets (void)
{
  const char *b64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  const char *letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  gsize len = 65536 + 13;
  g_autofree guint8 *buf = g_malloc (len);
  gboolean seen[256] = { FALSE, };
  guint distinct = 0;
  gsize i;

  ib_content_fill (IB_CONTENT_BASE64, 7, 3, buf, len);
  g_assert_true (all_in (buf, len, b64));

  ib_content_fill (IB_CONTENT_LETTERS, 7, 5, buf, len);
  g_assert_true (all_in (buf, len, letters));
  for (i = 0; i < len; i++)
    seen[buf[i]] = TRUE;
  for (i = 0; i < 256; i++)
    distinct += seen[i];
  g_assert_cmpuint (distinct, ==, 52);

  /* digits: exactly the seed-002 pattern, continued at any offset */
  ib_content_fill (IB_CONTENT_DIGITS, 7, 0, buf, 22);
  g_assert_cmpmem (buf, 22, "0123456789\n0123456789\n", 22);
  ib_content_fill (IB_CONTENT_DIGITS, 99, 11 * 1000 + 4, buf, len);
  for (i = 0; i < len; i++)
    g_assert_cmpint (buf[i], ==, "0123456789\n"[(4 + i) % 11]);

  /* random: every byte value shows up */
  memset (seen, 0, sizeof seen);
  distinct = 0;
  ib_content_fill (IB_CONTENT_RANDOM, 7, 0, buf, len);
  for (i = 0; i < len; i++)
    seen[buf[i]] = TRUE;
  for (i = 0; i < 256; i++)
    distinct += seen[i];
  g_assert_cmpuint (distinct, ==, 256);
}

static void
test_content_deterministic (void)
{
  IbContentKind kinds[] = { IB_CONTENT_RANDOM, IB_CONTENT_BASE64, IB_CONTENT_DIGITS,
                            IB_CONTENT_LETTERS };
  gsize len = 4096 + 7;
  g_autofree guint8 *a = g_malloc (len);
  g_autofree guint8 *b = g_malloc (len);
  guint k;

  for (k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      gsize split;

      ib_content_fill (kinds[k], 42, 0, a, len);
      ib_content_fill (kinds[k], 42, 0, b, len);
      g_assert_cmpmem (a, len, b, len);

      /* The stream continues: filling in pieces at odd offsets gives the same bytes. */
      memset (b, 0, len);
      for (split = 0; split < len; )
        {
          gsize n = MIN ((gsize) 1 + split % 13, len - split);
          ib_content_fill (kinds[k], 42, split, b + split, n);
          split += n;
        }
      g_assert_cmpmem (a, len, b, len);

      /* Another seed gives other bytes (digits does not depend on the seed). */
      ib_content_fill (kinds[k], 43, 0, b, len);
      if (kinds[k] == IB_CONTENT_DIGITS)
        g_assert_cmpmem (a, len, b, len);
      else
        g_assert_true (memcmp (a, b, len) != 0);
    }
}

/* ---- file sets ---------------------------------------------------------- */

static guint32
expected_crc (const char *path,
              guint64     size)
{
  g_autofree char *data = NULL;
  gsize len = 0;
  g_autoptr(GError) error = NULL;

  g_file_get_contents (path, &data, &len, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (len, ==, size);
  return (guint32) crc32 (crc32 (0L, Z_NULL, 0), (const Bytef *) data, (uInt) len);
}

typedef struct
{
  const char *parent;
  guint       calls;
  guint64     last_done;
  guint64     total;
} Progress;

/* A request for @n_sizes files of @sizes in @parent_dir holding @content
 * from seed 1, not fsynced, without progress: what most tests here need;
 * a test sets the fields it is about. */
static IbFileSetRequest
request_for (const char    *parent_dir,
             const guint64 *sizes,
             guint          n_sizes,
             IbContentKind  content)
{
  return (IbFileSetRequest) {
    .parent_dir = parent_dir,
    .sizes = sizes,
    .n_sizes = n_sizes,
    .content = content,
    .seed = 1,
  };
}

/* ib_file_set_create() of request_for(), not cancellable. */
static IbFileSet *
create_set (const char    *parent_dir,
            const guint64 *sizes,
            guint          n_sizes,
            IbContentKind  content,
            GError       **error)
{
  IbFileSetRequest request = request_for (parent_dir, sizes, n_sizes, content);

  return ib_file_set_create (&request, NULL, error);
}

/* While files are being made, the marker already lists every file there is. */
static void
assert_all_listed (const char *parent)
{
  g_autoptr(GDir) dir = g_dir_open (parent, 0, NULL);
  const char *name;
  guint n_sets = 0;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *set_dir = g_build_filename (parent, name, NULL);
      g_autofree char *marker = g_build_filename (set_dir, IB_FILESET_MARKER, NULL);
      g_autoptr(GKeyFile) key = g_key_file_new ();
      g_autoptr(GDir) inner = NULL;
      g_auto(GStrv) listed = NULL;
      g_autoptr(GError) error = NULL;
      const char *file;

      if (!g_str_has_prefix (name, IB_FILESET_PREFIX))
        continue;
      n_sets++;
      g_key_file_load_from_file (key, marker, G_KEY_FILE_NONE, &error);
      g_assert_no_error (error);
      listed = g_key_file_get_string_list (key, "iobench", "files", NULL, &error);
      g_assert_no_error (error);
      inner = g_dir_open (set_dir, 0, NULL);
      while ((file = g_dir_read_name (inner)) != NULL)
        if (!g_str_equal (file, IB_FILESET_MARKER))
          g_assert_true (g_strv_contains ((const char * const *) listed, file));
    }
  g_assert_cmpuint (n_sets, ==, 1);
}

static void
on_progress (guint64  done,
             guint64  total,
             gpointer data)
{
  Progress *p = data;

  assert_all_listed (p->parent);
  g_assert_cmpuint (done, >=, p->last_done);
  g_assert_cmpuint (done, <=, total);
  p->calls++;
  p->last_done = done;
  p->total = total;
}

static void
test_fileset_create (void)
{
  g_autofree char *tmp = ib_test_make_tmpdir ("iobench-test-io-XXXXXX");
  guint64 sizes[] = { 0, 1, 1024 * 1024 + 3, 17 * 1024 * 1024 + 5 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GKeyFile) key = g_key_file_new ();
  g_autofree char *marker = NULL;
  g_auto(GStrv) listed = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *base = NULL;
  Progress progress = { tmp, 0, };
  IbFileSetRequest request;
  IbFileSet *set;
  GStatBuf st;
  guint i;

  request = request_for (tmp, sizes, G_N_ELEMENTS (sizes), IB_CONTENT_LETTERS);
  request.seed = 5;
  request.do_fsync = TRUE;
  request.progress = on_progress;
  request.progress_data = &progress;
  set = ib_file_set_create (&request, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (set);

  dir = g_strdup (ib_file_set_get_dir (set));
  base = g_path_get_basename (dir);
  g_assert_true (g_str_has_prefix (base, IB_FILESET_PREFIX));
  g_assert_cmpint (g_stat (dir, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0700);
  g_assert_cmpuint (ib_file_set_get_n_files (set), ==, G_N_ELEMENTS (sizes));
  g_assert_cmpuint (ib_file_set_total_bytes (set), ==, sizes[0] + sizes[1] + sizes[2] +
                    sizes[3]);
  g_assert_cmpuint (progress.last_done, ==, ib_file_set_total_bytes (set));
  g_assert_cmpuint (progress.calls, >, G_N_ELEMENTS (sizes));   /* also within the big file */

  for (i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      const IbFileEntry *e = ib_file_set_get_file (set, i);
      g_autofree char *name = g_strdup_printf ("file-%u.bin", i);
      g_autofree char *want = g_build_filename (dir, name, NULL);

      g_assert_cmpstr (e->path, ==, want);
      g_assert_cmpuint (e->size, ==, sizes[i]);
      g_assert_cmpuint (e->crc, ==, expected_crc (e->path, sizes[i]));
    }
  /* Files differ from each other (per-file seed). */
  g_assert_cmpuint (ib_file_set_get_file (set, 2)->crc, !=,
                    (guint32) 0 /* not trivially empty */);

  marker = g_build_filename (dir, IB_FILESET_MARKER, NULL);
  g_key_file_load_from_file (key, marker, G_KEY_FILE_NONE, &error);
  g_assert_no_error (error);
#ifdef G_OS_UNIX
  g_assert_cmpint (g_key_file_get_int64 (key, "iobench", "pid", NULL), ==, getpid ());
#endif
  listed = g_key_file_get_string_list (key, "iobench", "files", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_strv_length (listed), ==, G_N_ELEMENTS (sizes));
  g_assert_cmpstr (listed[3], ==, "file-3.bin");
  g_assert_true (g_key_file_has_key (key, "iobench", "created", NULL));
  g_assert_cmpuint (count_entries (dir), ==, G_N_ELEMENTS (sizes) + 1);

  g_assert_true (ib_file_set_cleanup (set, &error));
  g_assert_no_error (error);
  g_assert_false (g_file_test (dir, G_FILE_TEST_EXISTS));
  g_assert_true (ib_file_set_cleanup (set, &error));   /* idempotent */
  ib_file_set_free (set);

  g_assert_cmpuint (count_entries (tmp), ==, 0);
  g_assert_true (ib_test_remove_tree (tmp));
}

static void
test_fileset_bad_target (void)
{
  g_autofree char *tmp = ib_test_make_tmpdir ("iobench-test-io-XXXXXX");
  g_autofree char *missing = g_build_filename (tmp, "no-such-folder", NULL);
  g_autofree char *file = g_build_filename (tmp, "a-file", NULL);
  guint64 sizes[] = { 10 };
  guint64 huge[] = { G_GUINT64_CONSTANT (1) << 60 };
  guint64 overflow[] = { G_MAXUINT64, G_MAXUINT64 };
  g_autoptr(GError) error = NULL;
  IbFileSet *set;

  set = create_set (missing, sizes, 1, IB_CONTENT_RANDOM, &error);
  g_assert_null (set);
  g_assert_error (error, IB_ERROR, IB_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, missing));
  g_assert_nonnull (strstr (error->message, "does not exist"));
  g_clear_error (&error);

  g_file_set_contents (file, "user data", -1, &error);
  g_assert_no_error (error);
  set = create_set (file, sizes, 1, IB_CONTENT_RANDOM, &error);
  g_assert_null (set);
  g_assert_error (error, IB_ERROR, IB_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, file));
  g_assert_nonnull (strstr (error->message, "not a folder"));
  g_clear_error (&error);

  set = create_set (tmp, huge, 1, IB_CONTENT_RANDOM, &error);
  g_assert_null (set);
  g_assert_error (error, IB_ERROR, IB_ERROR_NO_SPACE);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "EiB"));   /* what is needed */
  g_assert_nonnull (strstr (error->message, "free on"));   /* and what there is */
  g_assert_nonnull (strstr (error->message, tmp));
  g_clear_error (&error);

  set = create_set (tmp, overflow, 2, IB_CONTENT_RANDOM, &error);
  g_assert_null (set);
  g_assert_error (error, IB_ERROR, IB_ERROR_NO_SPACE);
  g_clear_error (&error);

#ifdef G_OS_UNIX
  /* A folder without write permission. Root may write anywhere, so only a
   * normal user can see the refusal. */
  if (geteuid () != 0)
    {
      g_autofree char *ro = g_build_filename (tmp, "read-only", NULL);

      g_assert_cmpint (g_mkdir (ro, 0500), ==, 0);
      set = create_set (ro, sizes, 1, IB_CONTENT_RANDOM, &error);
      g_assert_null (set);
      g_assert_error (error, IB_ERROR, IB_ERROR_INVALID);
      g_assert_nonnull (strstr (error->message, "not writable"));
      g_clear_error (&error);
      g_assert_cmpuint (count_entries (ro), ==, 0);
      g_assert_cmpint (g_rmdir (ro), ==, 0);
    }
  else
    g_test_message ("running as root: the unwritable-folder check cannot be exercised");
#endif

  /* Nothing was made besides the user's own file. */
  g_assert_cmpuint (count_entries (tmp), ==, 1);
  g_assert_true (ib_test_remove_tree (tmp));
}

static void
cancel_on_progress (guint64  done,
                    guint64  total,
                    gpointer data)
{
  g_cancellable_cancel (G_CANCELLABLE (data));
}

static void
test_fileset_cancel (void)
{
  g_autofree char *tmp = ib_test_make_tmpdir ("iobench-test-io-XXXXXX");
  guint64 sizes[] = { 40 * 1024 * 1024, 1024 };
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  IbFileSetRequest request = request_for (tmp, sizes, 2, IB_CONTENT_RANDOM);
  g_autoptr(GError) error = NULL;
  IbFileSet *set;

  request.progress = cancel_on_progress;
  request.progress_data = cancellable;
  set = ib_file_set_create (&request, cancellable, &error);
  g_assert_null (set);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  /* the partial file, the marker and the folder are gone */
  g_assert_cmpuint (count_entries (tmp), ==, 0);
  g_assert_true (ib_test_remove_tree (tmp));
}

/* A write that fails mid-file (here: the file-size limit, EFBIG) names the
 * file and leaves nothing behind, also when the content comes from the
 * producer thread (files of 4 MiB and more). */
static void
test_fileset_write_error (void)
{
#ifdef G_OS_UNIX
  g_autofree char *tmp = ib_test_make_tmpdir ("iobench-test-io-XXXXXX");
  guint64 sizes[] = { 1024 * 1024, 6 * 1024 * 1024, 10 };
  guint64 small[] = { 1024, 300000, 10 };
  g_autoptr(GError) error = NULL;
  struct rlimit old, lim;
  IbFileSet *set;

  g_assert_cmpint (getrlimit (RLIMIT_FSIZE, &old), ==, 0);
  if (old.rlim_cur != RLIM_INFINITY && old.rlim_cur < 8 * 1024 * 1024)
    {
      g_assert_true (ib_test_remove_tree (tmp));
      g_test_skip ("the file-size limit is already below what this test needs");
      return;
    }
  signal (SIGXFSZ, SIG_IGN);
  lim = old;
  lim.rlim_cur = 3 * 1024 * 1024 + 17;
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &lim), ==, 0);

  set = create_set (tmp, sizes, G_N_ELEMENTS (sizes), IB_CONTENT_BASE64, &error);
  g_assert_null (set);
  g_assert_error (error, IB_ERROR, IB_ERROR_IO);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "file-1.bin"));
  g_assert_cmpuint (count_entries (tmp), ==, 0);
  g_clear_error (&error);

  /* Inline path (small files) */
  lim.rlim_cur = 200000;
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &lim), ==, 0);
  set = create_set (tmp, small, G_N_ELEMENTS (small), IB_CONTENT_BASE64, &error);
  g_assert_null (set);
  g_assert_error (error, IB_ERROR, IB_ERROR_IO);
  g_assert_nonnull (strstr (error->message, "file-1.bin"));
  g_assert_cmpuint (count_entries (tmp), ==, 0);

  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &old), ==, 0);
  signal (SIGXFSZ, SIG_DFL);
  g_assert_true (ib_test_remove_tree (tmp));
#else
  g_test_skip ("needs RLIMIT_FSIZE");
#endif
}

static void
test_fileset_cleanup_symlink (void)
{
#ifdef G_OS_UNIX
  g_autofree char *tmp = ib_test_make_tmpdir ("iobench-test-io-XXXXXX");
  g_autofree char *outside = g_build_filename (tmp, "precious.txt", NULL);
  g_autofree char *planted = NULL;
  g_autofree char *planted_dir = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *contents = NULL;
  guint64 sizes[] = { 100, 200, 300 };
  g_autoptr(GError) error = NULL;
  IbFileSet *set;
  GStatBuf st;

  g_file_set_contents (outside, "keep me", -1, &error);
  g_assert_no_error (error);

  set = create_set (tmp, sizes, 3, IB_CONTENT_DIGITS, &error);
  g_assert_no_error (error);
  dir = g_strdup (ib_file_set_get_dir (set));

  /* Someone swaps file-1.bin for a symlink to a file outside, and file-2.bin
   * for a folder. */
  planted = g_strdup (ib_file_set_get_file (set, 1)->path);
  g_assert_cmpint (g_unlink (planted), ==, 0);
  g_assert_cmpint (symlink (outside, planted), ==, 0);
  planted_dir = g_strdup (ib_file_set_get_file (set, 2)->path);
  g_assert_cmpint (g_unlink (planted_dir), ==, 0);
  g_assert_cmpint (g_mkdir (planted_dir, 0700), ==, 0);

  g_test_expect_message (G_LOG_DOMAIN, G_LOG_LEVEL_MESSAGE, "*no longer a regular file*");
  g_test_expect_message (G_LOG_DOMAIN, G_LOG_LEVEL_MESSAGE, "*no longer a regular file*");
  g_assert_true (ib_file_set_cleanup (set, &error));
  g_test_assert_expected_messages ();
  g_assert_no_error (error);
  ib_file_set_free (set);

  /* the real file went, the symlink, its target and the folder stayed */
  g_assert_true (g_file_test (dir, G_FILE_TEST_IS_DIR));
  g_assert_cmpint (g_lstat (planted, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  g_assert_true (g_file_test (planted_dir, G_FILE_TEST_IS_DIR));
  g_file_get_contents (outside, &contents, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (contents, ==, "keep me");
  g_assert_cmpuint (count_entries (dir), ==, 2);   /* the link and the folder */

  g_assert_true (ib_test_remove_tree (tmp));
#else
  g_test_skip ("symlinks need a Unix system");
#endif
}

static void
test_fileset_cleanup_extra_names (void)
{
  g_autofree char *tmp = ib_test_make_tmpdir ("iobench-test-io-XXXXXX");
  g_autofree char *dir = NULL;
  g_autofree char *extra = NULL;
  g_autofree char *unlisted = NULL;
  const char *names[] = { "wr-0.txt", "wr-1.txt" };
  guint64 sizes[] = { 10 };
  g_autoptr(GError) error = NULL;
  IbFileSet *set;

  set = create_set (tmp, sizes, 1, IB_CONTENT_RANDOM, &error);
  g_assert_no_error (error);
  dir = g_strdup (ib_file_set_get_dir (set));

  /* Names listed later by another workload are deleted too; wr-1.txt was
   * listed but never made. */
  g_assert_true (ib_file_set_marker_add_names (dir, names, G_N_ELEMENTS (names), &error));
  g_assert_no_error (error);
  extra = g_build_filename (dir, "wr-0.txt", NULL);
  g_file_set_contents (extra, "x", -1, &error);
  g_assert_no_error (error);

  ib_file_set_free (set);
  g_assert_false (g_file_test (dir, G_FILE_TEST_EXISTS));

  /* A file nobody listed is never deleted, and keeps the folder. */
  set = create_set (tmp, sizes, 1, IB_CONTENT_RANDOM, &error);
  g_assert_no_error (error);
  g_free (dir);
  dir = g_strdup (ib_file_set_get_dir (set));
  unlisted = g_build_filename (dir, "users-notes.txt", NULL);
  g_file_set_contents (unlisted, "mine", -1, &error);
  g_assert_no_error (error);
  g_test_expect_message (G_LOG_DOMAIN, G_LOG_LEVEL_MESSAGE, "*did not make*");
  ib_file_set_free (set);
  g_test_assert_expected_messages ();
  g_assert_true (g_file_test (unlisted, G_FILE_TEST_IS_REGULAR));
  g_assert_cmpuint (count_entries (dir), ==, 1);

  g_assert_true (ib_test_remove_tree (tmp));
}

static char *
make_fake_run (const char *parent,
               const char *name,
               gint64      pid)
{
  g_autofree char *dir = g_build_filename (parent, name, NULL);
  g_autofree char *marker = g_build_filename (dir, IB_FILESET_MARKER, NULL);
  g_autofree char *f0 = g_build_filename (dir, "file-0.bin", NULL);
  g_autofree char *escape = g_build_filename (parent, "victim", NULL);
  g_autoptr(GKeyFile) key = g_key_file_new ();
  const char *files[] = { "file-0.bin", "file-1.bin", "../victim" };
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir (dir, 0700), ==, 0);
  g_key_file_set_int64 (key, "iobench", "pid", pid);
  g_key_file_set_string (key, "iobench", "created", "2026-01-01T00:00:00Z");
  g_key_file_set_string_list (key, "iobench", "files", files, G_N_ELEMENTS (files));
  g_key_file_save_to_file (key, marker, &error);
  g_assert_no_error (error);
  g_file_set_contents (f0, "data", -1, &error);   /* file-1.bin was never made */
  g_assert_no_error (error);
  if (!g_file_test (escape, G_FILE_TEST_EXISTS))
    g_file_set_contents (escape, "not ours", -1, &error);
  g_assert_no_error (error);
  return g_steal_pointer (&dir);
}

static void
test_fileset_reap_stale (void)
{
  g_autofree char *tmp = ib_test_make_tmpdir ("iobench-test-io-XXXXXX");
  g_autofree char *dead = NULL;
  g_autofree char *live = NULL;
  g_autofree char *victim = g_build_filename (tmp, "victim", NULL);
  g_autofree char *other = g_build_filename (tmp, "other-folder", NULL);
  gint64 dead_pid = G_MAXINT32 - 1;   /* above any pid_max Linux allows */

  g_assert_false (ib_os_pid_alive (dead_pid));
  dead = make_fake_run (tmp, IB_FILESET_PREFIX "dead00", dead_pid);
#ifdef G_OS_UNIX
  live = make_fake_run (tmp, IB_FILESET_PREFIX "live00", getpid ());
#else
  live = make_fake_run (tmp, IB_FILESET_PREFIX "live00", 1);
#endif
  g_assert_cmpint (g_mkdir (other, 0700), ==, 0);

  g_test_expect_message (G_LOG_DOMAIN, G_LOG_LEVEL_WARNING, "*Ignoring odd name*");
  g_assert_cmpuint (ib_file_set_reap_stale (tmp), ==, 1);
  g_test_assert_expected_messages ();

  g_assert_false (g_file_test (dead, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (live, G_FILE_TEST_IS_DIR));
  g_assert_cmpuint (count_entries (live), ==, 2);
  g_assert_true (g_file_test (victim, G_FILE_TEST_IS_REGULAR));   /* "../victim" ignored */
  g_assert_true (g_file_test (other, G_FILE_TEST_IS_DIR));

  /* Nothing more to reap. */
  g_assert_cmpuint (ib_file_set_reap_stale (tmp), ==, 0);
  g_assert_true (ib_test_remove_tree (tmp));
}

/* ---- cache control ------------------------------------------------------ */

/* /tmp may be a tmpfs, which cannot drop pages: use the build folder. */
static char *
make_disk_tmp_dir (void)
{
  const char *build = g_getenv ("G_TEST_BUILDDIR");
  g_autofree char *template = g_build_filename (build != NULL ? build : ".",
                                                "iobench-cold-test-XXXXXX", NULL);
  char *dir = g_strdup (template);

  g_assert_nonnull (g_mkdtemp (dir));
  return dir;
}

static void
test_fileset_cache (void)
{
  g_autofree char *tmp = make_disk_tmp_dir ();
  guint64 sizes[] = { 8 * 1024 * 1024 + 1, 3 * 1024 * 1024 };
  g_autoptr(GError) error = NULL;
  IbMountInfo mount = { NULL, };
  IbFileSet *set;
  double r;

  set = create_set (tmp, sizes, 2, IB_CONTENT_RANDOM, &error);
  g_assert_no_error (error);

  if (!ib_os_can_control_cache ())
    {
      /* Portable fallback: says so instead of pretending. */
      g_assert_cmpfloat (ib_file_set_residency (set), ==, -1);
      g_assert_false (ib_file_set_drop_cache (set, &error));
      g_assert_error (error, IB_ERROR, IB_ERROR_UNSUPPORTED);
      g_assert_nonnull (strstr (error->message, "not supported"));
      g_clear_error (&error);
      g_assert_true (ib_file_set_warm (set, NULL, &error));
      g_assert_no_error (error);
      ib_file_set_free (set);
      g_assert_true (ib_test_remove_tree (tmp));
      return;
    }

  g_assert_true (ib_os_mount_info (tmp, &mount, &error));
  g_assert_no_error (error);

  g_assert_true (ib_file_set_warm (set, NULL, &error));
  g_assert_no_error (error);
  r = ib_file_set_residency (set);
  g_assert_cmpfloat (r, >=, 0.99);

  if (mount.is_tmpfs || mount.is_fuse)
    {
      g_autofree char *why = g_strdup_printf ("%s is on %s, which keeps file pages in "
                                              "memory: cold cache cannot be tested there",
                                              tmp, mount.fs_type);
      ib_file_set_free (set);
      ib_mount_info_clear (&mount);
      g_assert_true (ib_test_remove_tree (tmp));
      g_test_skip (why);
      return;
    }

  g_assert_true (ib_file_set_drop_cache (set, &error));
  g_assert_no_error (error);
  r = ib_file_set_residency (set);
  g_test_message ("residency after drop: %.4f on %s", r, mount.fs_type);
  g_assert_cmpfloat (r, <=, 0.01);

  g_assert_true (ib_file_set_warm (set, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (ib_file_set_residency (set), >=, 0.99);

  ib_file_set_free (set);
  ib_mount_info_clear (&mount);
  g_assert_cmpint (g_rmdir (tmp), ==, 0);
}

/* ---- OS layer ----------------------------------------------------------- */

static void
test_os_basics (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *tmp = ib_test_make_tmpdir ("iobench-test-io-XXXXXX");
  IbMountInfo mount = { NULL, };
  IbRusage ru;
  gint64 t0, t1;
  guint before;

  t0 = ib_os_monotonic_ns ();
  g_usleep (2000);
  t1 = ib_os_monotonic_ns ();
  g_assert_cmpint (t1, >, t0);
  g_assert_cmpint (t1 - t0, >=, 1000000);   /* ns, not us */

  g_assert_cmpuint (ib_os_n_cores (), >=, 1);
#ifdef G_OS_UNIX
  g_assert_true (ib_os_pid_alive (getpid ()));
#endif
  g_assert_false (ib_os_pid_alive (G_MAXINT32 - 1));

  before = ib_os_nofile_limit ();
  g_assert_cmpuint (ib_os_raise_nofile_limit (), >=, before);
  g_assert_cmpuint (ib_os_nofile_limit (), >=, before);

  ib_os_rusage (&ru);
  g_assert_true (ib_os_mount_info (tmp, &mount, &error));
  g_assert_no_error (error);
  /* A type and no note, or (in a chroot, whose mount table does not show the
   * folder's mount; /io/os/mountinfo tests that case on its own) no type and a
   * note saying why. Free space is found either way. */
  g_assert_true ((mount.fs_type != NULL) != (mount.note != NULL));
  g_assert_cmpuint (mount.free_bytes, >, 0);
  g_assert_true (mount.rotational >= -1 && mount.rotational <= 1);

  if (IB_OS_LINUX)
    {
      g_autofree char *real = realpath (tmp, NULL);
      g_autofree char *kernel = ib_os_kernel ();

      g_assert_cmpint (ru.user_ns + ru.sys_ns, >, 0);
      g_assert_cmpint (ru.minflt, >, 0);
      g_assert_cmpuint (ru.peak_rss_bytes, >, 1024 * 1024);
      g_assert_cmpuint (ib_os_memory_bytes (), >, 64 * 1024 * 1024);
      if (mount.fs_type != NULL)
        {
          g_assert_nonnull (mount.mount_point);
          g_assert_true (g_str_has_prefix (real, mount.mount_point));
          g_assert_nonnull (mount.mount_options);
        }
      else
        {
          g_test_message ("no mount holds %s here: %s", real, mount.note);
          g_assert_null (mount.mount_point);
          g_assert_null (mount.mount_options);
          g_assert_nonnull (strstr (mount.note, real));
        }
      g_assert_true (g_str_has_prefix (kernel, "Linux "));
      g_assert_true (ib_os_can_control_cache ());
    }
  else
    {
      g_assert_cmpint (ru.user_ns, ==, 0);
      g_assert_false (ib_os_can_control_cache ());
      g_assert_cmpfloat (ib_os_residency (tmp), ==, -1);
    }
  ib_mount_info_clear (&mount);
  g_assert_false (ib_os_mount_info ("/no/such/path/iobench", &mount, &error));
  g_assert_nonnull (error);
  ib_mount_info_clear (&mount);
  g_assert_true (ib_test_remove_tree (tmp));
}

/* ib_os_mountinfo_lookup on mount tables written here: a machine's and a chroot's. */
static void
test_os_mountinfo (void)
{
  static const char *machine =
    "22 27 0:21 / /proc rw,relatime - proc proc rw\n"
    "27 1 254:0 / / rw,relatime - ext4 /dev/vda rw,discard\n"
    "40 27 8:17 / /data rw,noatime shared:5 master:1 - xfs /dev/sdb1 rw,attr2\n"
    "41 40 0:50 / /data/my\\040disk rw - fuse.sshfs me@host:/x rw,user_id=0\n"
    "42 40 0:51 / /data/my\\040disk rw - tmpfs tmpfs rw,size=4k\n"
    "garbage line\n"
    "43 27 0:52 / /broken rw no-separator-here\n"
    "\n";
  /* A plain chroot into /srv/root: only what is mounted inside it is listed. */
  static const char *chroot =
    "64 63 0:39 / /proc rw,relatime - proc proc rw\n"
    "65 63 0:6 / /dev rw,relatime - devtmpfs devtmpfs rw,mode=755\n"
    "66 65 0:23 / /dev/shm rw,relatime - tmpfs tmpfs rw\n";
  IbMountInfo m = { NULL, };
  guint major = 99, minor = 99;

  m.rotational = -1;

  /* The longest mount point above the path, its options merged with the
   * super-block's, and its device number. */
  g_assert_true (ib_os_mountinfo_lookup (machine, "/data/x/y", &m, &major, &minor));
  g_assert_cmpstr (m.mount_point, ==, "/data");
  g_assert_cmpstr (m.fs_type, ==, "xfs");
  g_assert_cmpstr (m.device, ==, "/dev/sdb1");
  g_assert_cmpstr (m.mount_options, ==, "rw,noatime,attr2");
  g_assert_cmpuint (major, ==, 8);
  g_assert_cmpuint (minor, ==, 17);
  ib_mount_info_clear (&m);

  /* A name that only starts like a mount point is not under it. */
  g_assert_true (ib_os_mountinfo_lookup (machine, "/database", &m, NULL, NULL));
  g_assert_cmpstr (m.mount_point, ==, "/");
  g_assert_cmpstr (m.fs_type, ==, "ext4");
  ib_mount_info_clear (&m);

  /* Escaped spaces; of two mounts on one point the later (on top) wins. */
  g_assert_true (ib_os_mountinfo_lookup (machine, "/data/my disk", &m, &major, &minor));
  g_assert_cmpstr (m.mount_point, ==, "/data/my disk");
  g_assert_cmpstr (m.fs_type, ==, "tmpfs");
  g_assert_cmpuint (major, ==, 0);
  g_assert_cmpuint (minor, ==, 51);
  ib_mount_info_clear (&m);

  /* The chroot: nothing holds the folder; @out is left as it was. */
  major = minor = 7;
  g_assert_false (ib_os_mountinfo_lookup (chroot, "/root/iobench/tmp", &m, &major, &minor));
  g_assert_null (m.fs_type);
  g_assert_null (m.mount_point);
  g_assert_null (m.mount_options);
  g_assert_null (m.device);
  g_assert_cmpuint (major, ==, 7);
  g_assert_true (ib_os_mountinfo_lookup (chroot, "/dev/shm", &m, NULL, NULL));
  g_assert_cmpstr (m.fs_type, ==, "tmpfs");
  ib_mount_info_clear (&m);

  /* An empty table (no /proc mounted at all) holds nothing either. */
  g_assert_false (ib_os_mountinfo_lookup ("", "/", &m, NULL, NULL));
  g_assert_null (m.fs_type);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/io/content/alphabets", test_content_alphabets);
  g_test_add_func ("/io/content/deterministic", test_content_deterministic);
  g_test_add_func ("/io/fileset/create", test_fileset_create);
  g_test_add_func ("/io/fileset/bad-target", test_fileset_bad_target);
  g_test_add_func ("/io/fileset/cancel", test_fileset_cancel);
  g_test_add_func ("/io/fileset/write-error", test_fileset_write_error);
  g_test_add_func ("/io/fileset/cleanup-symlink", test_fileset_cleanup_symlink);
  g_test_add_func ("/io/fileset/cleanup-extra-names", test_fileset_cleanup_extra_names);
  g_test_add_func ("/io/fileset/reap-stale", test_fileset_reap_stale);
  g_test_add_func ("/io/fileset/cache", test_fileset_cache);
  g_test_add_func ("/io/os/basics", test_os_basics);
  g_test_add_func ("/io/os/mountinfo", test_os_mountinfo);

  return g_test_run ();
}
