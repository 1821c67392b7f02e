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

#include "engine/io/ib-fileset.h"

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

/* 12 random bits -> two characters, so a 64-bit word becomes 8 characters
 * with 4 lookups in an 8 KiB table (in the first-level cache). Letters map 6
 * bits to 52 letters evenly ((v * 52) >> 6): every letter shows up. */
static guint16 pairs_base64[4096];
static guint16 pairs_letters[4096];

static void
init_tables (void)
{
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      guint i;

      for (i = 0; i < 4096; i++)
        {
          guint hi = i >> 6, lo = i & 63;

          /* first character in the low byte: stored little-endian it comes first */
          pairs_base64[i] = (guint16) ((guint8) base64_alphabet[hi] |
                                       ((guint8) base64_alphabet[lo] << 8));
          pairs_letters[i] = (guint16) ((guint8) letters_alphabet[(hi * 52) >> 6] |
                                        ((guint8) letters_alphabet[(lo * 52) >> 6] << 8));
        }
      g_once_init_leave (&done, 1);
    }
}

static inline guint64
text_word (const guint16 *pairs,
           guint64        r)
{
  return (guint64) pairs[r & 0xfff] |
         (guint64) pairs[(r >> 16) & 0xfff] << 16 |
         (guint64) pairs[(r >> 32) & 0xfff] << 32 |
         (guint64) pairs[(r >> 48) & 0xfff] << 48;
}

/* The eight bytes of word @w, in file order. */
static inline void
make_word (IbContentKind  kind,
           guint64        seed,
           guint64        w,
           guint8         out[8])
{
  guint64 r = mix64 (seed, w);

  if (kind == IB_CONTENT_BASE64)
    r = text_word (pairs_base64, r);
  else if (kind == IB_CONTENT_LETTERS)
    r = text_word (pairs_letters, r);
  r = GUINT64_TO_LE (r);
  memcpy (out, &r, 8);
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

  /* Whole words; one switch per call, not per word or byte. */
  switch (kind)
    {
    case IB_CONTENT_BASE64:
      for (; pos + 8 <= len; pos += 8, w++)
        {
          guint64 v = GUINT64_TO_LE (text_word (pairs_base64, mix64 (seed, w)));
          memcpy (buf + pos, &v, 8);
        }
      break;
    case IB_CONTENT_LETTERS:
      for (; pos + 8 <= len; pos += 8, w++)
        {
          guint64 v = GUINT64_TO_LE (text_word (pairs_letters, mix64 (seed, w)));
          memcpy (buf + pos, &v, 8);
        }
      break;
    case IB_CONTENT_RANDOM:
    case IB_CONTENT_DIGITS: /* handled above */
    default:
      for (; pos + 8 <= len; pos += 8, w++)
        {
          guint64 v = GUINT64_TO_LE (mix64 (seed, w));
          memcpy (buf + pos, &v, 8);
        }
      break;
    }

  if (pos < len)
    {
      make_word (kind, seed, w, word);
      memcpy (buf + pos, word, len - pos);
    }
}
