/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-replay.c: replays the fuzz corpus and every input that once made the
 * JSON loader crash (tests/fuzz/regressions/) through the fuzz target, in the
 * normal build and under the sanitizer build, one test case per file. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <stdint.h>

#include <glib.h>

int LLVMFuzzerInitialize   (int            *argc,
                            char         ***argv);
int LLVMFuzzerTestOneInput (const uint8_t  *data,
                            size_t          size);

/* Each input in a subprocess: an abort (what the fuzz target does on a wrong
 * answer) or a crash fails that input's test case alone. */
static void
replay_file (gconstpointer data)
{
  const char *path = data;
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  gsize len = 0;

  if (g_test_subprocess ())
    {
      g_assert_true (g_file_get_contents (path, &contents, &len, &error));
      g_assert_no_error (error);
      g_assert_cmpint (LLVMFuzzerTestOneInput ((const uint8_t *) contents, len), ==, 0);
      return;
    }
  g_test_trap_subprocess (NULL, 60 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

static guint
add_dir (const char *sub)
{
  g_autofree char *dir_path = g_test_build_filename (G_TEST_DIST, "fuzz", sub, NULL);
  g_autoptr(GDir) dir = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  dir = g_dir_open (dir_path, 0, NULL);
  if (dir == NULL)
    return 0;
  while ((name = g_dir_read_name (dir)) != NULL)
    if (name[0] != '.' && !g_str_has_suffix (name, ".md"))
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  for (guint i = 0; i < names->len; i++)
    {
      const char *n = g_ptr_array_index (names, i);
      g_autofree char *test_path = g_strdup_printf ("/fuzz/%s/%s", sub, n);

      g_test_add_data_func_full (test_path, g_build_filename (dir_path, n, NULL),
                                 replay_file, g_free);
    }
  return names->len;
}

int
main (int    argc,
      char **argv)
{
  guint n;

  g_test_init (&argc, &argv, NULL);
  g_test_set_nonfatal_assertions ();
  LLVMFuzzerInitialize (&argc, &argv);
  n = add_dir ("regressions");
  n += add_dir ("corpus");
  /* An empty corpus would make this test pass without replaying anything. */
  if (n == 0)
    {
      g_autofree char *where = g_test_build_filename (G_TEST_DIST, "fuzz", NULL);

      g_error ("no fuzz inputs found under %s", where);
    }
  return g_test_run ();
}
