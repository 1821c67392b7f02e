/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-replay.c: the driver every fuzz target (fuzz-*.c) is linked with in
 * the normal build and the sanitizer build, in place of libFuzzer:
 *
 * fuzz-replay-TARGET (meson.build: FUZZ_TARGET, and FUZZ_DIRS, the folders
 * under tests/fuzz it replays, e.g. "regressions:corpus:hostile") replays
 * every input of each folder through the target, one test case a folder,
 * in a subprocess of its own (an abort, what a target does on a wrong
 * answer, or a crash fails the folder's case, naming the input); then
 * /fuzz/mutate feeds
 * the target inputs made from those files by a small mutator (hostile text
 * in strings, odd numbers, bytes flipped, spans copied and cut) for
 * $IOBENCH_FUZZ_SECONDS (default 3) seconds. Its random seed is fixed per
 * target so a run is repeatable ($IOBENCH_FUZZ_SEED picks another); the
 * input being tried is kept in fuzz-TARGET-last-input beside the binary, so
 * a failure can be replayed with `run-fuzz.sh` or a debugger. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "fuzz-common.h"

/* the mutator's inputs stay below this */
#define MUTATED_MAX (4 * 1024 * 1024)

static GPtrArray *seeds;   /* GBytes of every file replayed */
static const char target[] = FUZZ_TARGET;   /* "report-json", "charts", ... */

static void
run_input (GBytes *input)
{
  gsize len = 0;
  const uint8_t *data = g_bytes_get_data (input, &len);
  /* never NULL, even for an empty input: libFuzzer passes a valid pointer,
   * and memchr (NULL, c, 0) is undefined */
  g_autofree uint8_t *copy = len > 0 ? g_memdup2 (data, len) : g_malloc (1);

  /* a copy of exactly @len bytes: ASan sees a read past the end */
  g_assert_cmpint (LLVMFuzzerTestOneInput (copy, len), ==, 0);
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

/* One folder's inputs in one subprocess (a subprocess each would cost more
 * than most inputs do): an abort, what a target does on a wrong answer, or
 * a crash fails the folder's case, and the last "replaying" line names the
 * input. */
static void
replay_dir (gconstpointer data)
{
  GPtrArray *paths = (GPtrArray *) data;

  if (g_test_subprocess ())
    {
      for (guint i = 0; i < paths->len; i++)
        {
          const char *path = g_ptr_array_index (paths, i);
          g_autofree char *contents = NULL;
          g_autoptr(GError) error = NULL;
          g_autoptr(GBytes) input = NULL;
          gsize len = 0;

          g_printerr ("replaying %s\n", path);
          g_assert_true (g_file_get_contents (path, &contents, &len, &error));
          g_assert_no_error (error);
          input = g_bytes_new_take (g_steal_pointer (&contents), len);
          run_input (input);
        }
      return;
    }
  g_test_trap_subprocess (NULL, 300 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

/* ---- the mutator ------------------------------------------------------------ */

/* What a hostile report puts in a string, as JSON spells it. */
static const char *const strings[] = {
  "\\u001b[31mRED\\u0007", "\\u001b]0;title\\u0007", "\\r", "\\n", "\\t", "\\u0000",
  "\\u0001", "\\u007f", "\\u0085", "\\u009b2J", "\\ufffe", "\\uffff", "\\ud800", "\\udfff",
  "\\ud83d\\ude00", "\\ufdd0", "\\u202e", "\\u2066", "=cmd|' /C calc'!A0", "@SUM(1)", "+1+1",
  "-2+3", "<b>&amp;</b>", "]]>", "|", "\\\\", "\\\"", "%s%n", "読む", "A",
};

/* What a hostile report puts where a number goes. */
static const char *const numbers[] = {
  "0", "-1", "1e308", "-1e308", "5e-324", "1e-320", "4294967295", "4294967296",
  "9223372036854775807", "18446744073709551616", "-9223372036854775808", "0.5", "1e5",
  "NaN", "null", "true", "\"x\"", "[]", "{}",
};

static gsize
pick (GRand *rand,
      gsize  n)
{
  return n == 0 ? 0 : (gsize) g_rand_int_range (rand, 0, (gint32) MIN (n, G_MAXINT32));
}

/* One change to @b: the content of a string replaced by hostile text (or
 * that text repeated to a few KiB), a number by an odd one, a byte flipped,
 * a span copied elsewhere (a bigger input), a span cut. */
static void
mutate (GByteArray *b,
        GRand      *rand)
{
  gsize at = pick (rand, b->len);
  char *s;

  /* an empty input has no data pointer to search or copy into */
  if (b->len == 0)
    {
      g_byte_array_append (b, (const guint8 *) "{", 1);
      return;
    }
  s = (char *) b->data;

  switch (g_rand_int_range (rand, 0, 6))
    {
    case 0:
    case 1:
      {
        /* the string that starts after the next quote */
        const char *open = memchr (s + at, '"', b->len - at);
        const char *close = open != NULL ? memchr (open + 1, '"', b->len - (open + 1 - s)) : NULL;
        const char *text = strings[pick (rand, G_N_ELEMENTS (strings))];
        guint times = g_rand_int_range (rand, 0, 8) == 0 ? 2000 : 1;
        g_autoptr(GString) with = g_string_new (NULL);
        gsize pos, old_len;

        if (close == NULL)
          return;
        pos = open + 1 - s;
        old_len = close - open - 1;
        for (guint i = 0; i < times; i++)
          g_string_append (with, text);
        g_byte_array_remove_range (b, pos, old_len);
        g_byte_array_set_size (b, b->len + with->len);
        memmove (b->data + pos + with->len, b->data + pos, b->len - with->len - pos);
        memcpy (b->data + pos, with->str, with->len);
      }
      break;
    case 2:
      {
        /* a run of digits (a number's) */
        gsize start = at, end;
        const char *number = numbers[pick (rand, G_N_ELEMENTS (numbers))];
        gsize n = strlen (number);

        while (start < b->len && !g_ascii_isdigit (s[start]))
          start++;
        if (start >= b->len)
          return;
        if (start > 0 && s[start - 1] == '-')
          start--;
        for (end = start + 1; end < b->len && strchr ("0123456789.eE+-", s[end]) != NULL; end++)
          ;
        g_byte_array_remove_range (b, start, end - start);
        g_byte_array_set_size (b, b->len + n);
        memmove (b->data + start + n, b->data + start, b->len - n - start);
        memcpy (b->data + start, number, n);
      }
      break;
    case 3:
      if (b->len > 0)
        b->data[at] ^= (guint8) (1u << g_rand_int_range (rand, 0, 8));
      break;
    case 4:
      {
        /* a span copied elsewhere: the samples of a report many times over */
        gsize want = (gsize) g_rand_int_range (rand, 1, 64 * 1024);
        gsize len = MIN (b->len - at, want);
        gsize to = pick (rand, b->len + 1);
        g_autofree guint8 *span = g_memdup2 (b->data + at, len);

        if (len == 0 || b->len + len > MUTATED_MAX)
          return; /* (an empty span is NULL: nothing to copy) */
        g_byte_array_set_size (b, b->len + len);
        memmove (b->data + to + len, b->data + to, b->len - len - to);
        memcpy (b->data + to, span, len);
      }
      break;
    default:
      {
        /* (MIN evaluates its arguments twice: draw once) */
        gsize want = (gsize) g_rand_int_range (rand, 1, 256);

        g_byte_array_remove_range (b, at, MIN (b->len - at, want));
      }
      break;
    }
}

static void
test_mutate (void)
{
  const char *seconds_env = g_getenv ("IOBENCH_FUZZ_SECONDS");
  const char *seed_env = g_getenv ("IOBENCH_FUZZ_SEED");
  double seconds = seconds_env != NULL ? g_ascii_strtod (seconds_env, NULL) : 3;
  guint32 seed = seed_env != NULL ? (guint32) g_ascii_strtoull (seed_env, NULL, 10)
                                  : g_str_hash (target);
  g_autofree char *last_name = g_strdup_printf ("fuzz-%s-last-input", target);
  g_autofree char *last = g_test_build_filename (G_TEST_BUILT, last_name, NULL);

  if (seconds <= 0)
    {
      g_test_message ("IOBENCH_FUZZ_SECONDS is %g: the seeds are replayed, nothing mutated",
                      seconds);
      return;
    }
  if (!g_test_subprocess ())
    {
      g_test_message ("mutating for %g s, seed %u (IOBENCH_FUZZ_SEED); a failing input is "
                      "left in %s", seconds, seed, last);
      g_test_trap_subprocess (NULL, (guint64) (seconds + 120) * G_USEC_PER_SEC,
                              G_TEST_SUBPROCESS_INHERIT_STDERR);
      g_test_trap_assert_passed ();
      return;
    }
  {
    g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
    g_autoptr(GTimer) timer = g_timer_new ();
    guint n = 0;

    g_assert_cmpuint (seeds->len, >, 0);
    while (g_timer_elapsed (timer, NULL) < seconds)
      {
        GBytes *from = g_ptr_array_index (seeds, pick (rand, seeds->len));
        gsize len = 0;
        const guint8 *data = g_bytes_get_data (from, &len);
        g_autoptr(GByteArray) b = g_byte_array_sized_new (len);
        g_autoptr(GBytes) input = NULL;
        g_autoptr(GError) error = NULL;
        guint times = g_rand_int_range (rand, 1, 5);

        g_byte_array_append (b, data, len);
        for (guint i = 0; i < times; i++)
          mutate (b, rand);
        input = g_byte_array_free_to_bytes (g_steal_pointer (&b));
        g_assert_true (g_file_set_contents (last, g_bytes_get_data (input, NULL),
                                            (gssize) g_bytes_get_size (input), &error));
        g_assert_no_error (error);
        run_input (input);
        n++;
      }
    g_test_message ("%u mutated inputs in %.1f s", n, g_timer_elapsed (timer, NULL));
    g_assert_cmpuint (n, >, 0);
  }
}


/* ---- the inputs ------------------------------------------------------------ */

static guint
add_dir (const char *sub)
{
  g_autofree char *dir_path = g_test_build_filename (G_TEST_DIST, "fuzz", sub, NULL);
  g_autofree char *test_path = g_strdup_printf ("/fuzz/%s", sub);
  g_autoptr(GDir) dir = NULL;
  GPtrArray *paths = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  const char *name;

  dir = g_dir_open (dir_path, 0, &error);
  if (dir == NULL)
    g_error ("no fuzz inputs: %s", error->message);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (name[0] != '.' && !g_str_has_suffix (name, ".md"))
      {
        char *path = g_build_filename (dir_path, name, NULL);
        char *contents = NULL;
        gsize len = 0;

        if (g_file_get_contents (path, &contents, &len, NULL))
          g_ptr_array_add (seeds, g_bytes_new_take (contents, len));
        g_ptr_array_add (paths, path);
      }
  g_ptr_array_sort (paths, compare_names);
  g_test_add_data_func_full (test_path, paths, replay_dir, (GDestroyNotify) g_ptr_array_unref);
  return paths->len;
}

int
main (int    argc,
      char **argv)
{
  g_auto(GStrv) dirs = g_strsplit (FUZZ_DIRS, ":", -1);
  guint n = 0;

  g_test_init (&argc, &argv, NULL);
  g_test_set_nonfatal_assertions ();
  LLVMFuzzerInitialize (&argc, &argv);
  seeds = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  for (guint i = 0; dirs[i] != NULL; i++)
    n += add_dir (dirs[i]);
  /* Empty folders would make this test pass without replaying anything. */
  if (n == 0)
    g_error ("no fuzz inputs in %s under tests/fuzz", FUZZ_DIRS);
  g_test_add_func ("/fuzz/mutate", test_mutate);
  return g_test_run ();
}
