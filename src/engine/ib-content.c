/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-content.c: deterministic test-file content.
 *
 * Byte n of a file made with seed s depends only on (kind, s, n), so content
 * can be produced in any order and re-produced for checking. Random-looking
 * kinds come from a counter-based mixer (splitmix64's finaliser applied to the
 * seed and the index of each 64-bit word), one whole word at a time; "digits"
 * is the seed-002 pattern "0123456789\n" repeated, filled by doubling memcpy.
 */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <string.h>

#include "ib-fileset.h"

#define GOLDEN G_GUINT64_CONSTANT (0x9E3779B97F4A7C15)

static inline guint64
mix64 (guint64 seed,
       guint64 word)
{
  guint64 z = seed + (word + 1) * GOLDEN;

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94D049BB133111EB);
  return z ^ (z >> 31);
}

static const char base64_alphabet[64] =
  "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
static const char letters_alphabet[52] =
  "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
static const char digits_pattern[11] = "0123456789\n";

/* byte -> letter, spread evenly over the 52 letters (no modulo per byte). */
static guint8 letters_table[256];

static void
init_tables (void)
{
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      guint i;

      for (i = 0; i < 256; i++)
        letters_table[i] = (guint8) letters_alphabet[(i * 52) >> 8];
      g_once_init_leave (&done, 1);
    }
}

/* The eight bytes of word @w, in file order. */
static inline void
make_word (IbContentKind  kind,
           guint64        seed,
           guint64        w,
           guint8         out[8])
{
  guint64 r = mix64 (seed, w);
  guint i;

  switch (kind)
    {
    case IB_CONTENT_BASE64:
      for (i = 0; i < 8; i++)
        out[i] = (guint8) base64_alphabet[(r >> (8 * i)) & 63];
      break;
    case IB_CONTENT_LETTERS:
      for (i = 0; i < 8; i++)
        out[i] = letters_table[(r >> (8 * i)) & 0xff];
      break;
    case IB_CONTENT_RANDOM:
    case IB_CONTENT_DIGITS:
    default:
      r = GUINT64_TO_LE (r);
      memcpy (out, &r, 8);
      break;
    }
}

static void
fill_digits (guint64  offset,
             guint8  *buf,
             gsize    len)
{
  gsize phase = (gsize) (offset % 11);
  gsize done, i;

  for (i = 0; i < 11 && i < len; i++)
    buf[i] = (guint8) digits_pattern[(phase + i) % 11];
  /* buf[0..done) is a whole number of periods: copy it after itself. */
  for (done = i; done < len; done *= 2)
    memcpy (buf + done, buf, MIN (done, len - done));
}

void
ib_content_fill (IbContentKind  kind,
                 guint64        seed,
                 guint64        offset,
                 guint8        *buf,
                 gsize          len)
{
  guint64 w;
  gsize head, pos = 0;
  guint8 word[8];

  g_return_if_fail (buf != NULL || len == 0);

  if (len == 0)
    return;

  if (kind == IB_CONTENT_DIGITS)
    {
      fill_digits (offset, buf, len);
      return;
    }

  init_tables ();

  w = offset / 8;
  head = (gsize) (offset % 8);
  if (head != 0)
    {
      gsize n = MIN (8 - head, len);

      make_word (kind, seed, w++, word);
      memcpy (buf, word + head, n);
      pos = n;
    }

  /* Whole words; one switch per call, not per byte. */
  switch (kind)
    {
    case IB_CONTENT_RANDOM:
    case IB_CONTENT_DIGITS: /* handled above */
    default:
      for (; pos + 8 <= len; pos += 8, w++)
        {
          guint64 r = GUINT64_TO_LE (mix64 (seed, w));
          memcpy (buf + pos, &r, 8);
        }
      break;
    case IB_CONTENT_BASE64:
      for (; pos + 8 <= len; pos += 8, w++)
        {
          guint64 r = mix64 (seed, w);
          guint8 *p = buf + pos;

          p[0] = (guint8) base64_alphabet[r & 63];
          p[1] = (guint8) base64_alphabet[(r >> 8) & 63];
          p[2] = (guint8) base64_alphabet[(r >> 16) & 63];
          p[3] = (guint8) base64_alphabet[(r >> 24) & 63];
          p[4] = (guint8) base64_alphabet[(r >> 32) & 63];
          p[5] = (guint8) base64_alphabet[(r >> 40) & 63];
          p[6] = (guint8) base64_alphabet[(r >> 48) & 63];
          p[7] = (guint8) base64_alphabet[(r >> 56) & 63];
        }
      break;
    case IB_CONTENT_LETTERS:
      for (; pos + 8 <= len; pos += 8, w++)
        {
          guint64 r = mix64 (seed, w);
          guint8 *p = buf + pos;

          p[0] = letters_table[r & 0xff];
          p[1] = letters_table[(r >> 8) & 0xff];
          p[2] = letters_table[(r >> 16) & 0xff];
          p[3] = letters_table[(r >> 24) & 0xff];
          p[4] = letters_table[(r >> 32) & 0xff];
          p[5] = letters_table[(r >> 40) & 0xff];
          p[6] = letters_table[(r >> 48) & 0xff];
          p[7] = letters_table[(r >> 56) & 0xff];
        }
      break;
    }

  if (pos < len)
    {
      make_word (kind, seed, w, word);
      memcpy (buf + pos, word, len - pos);
    }
}
