/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ib-verdict.c: the one place an interval becomes a verdict and a verdict
 * words. Pairs made so that their interval lies wholly above 1, wholly
 * below, inside the margin, or across 1 and past the margin get, in turn,
 * A faster, B faster, equivalent and not decided, each with its words; the
 * survey's ratios get their five verdicts the same way. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <string.h>

#include "analysis/ib-verdict.h"
#include "engine/stats/ib-paired.h"
#include "engine/stats/ib-stats.h"

#define N_PAIRS 40

/* @n pairs whose b / a is @ratio, spread by +/-@spread around it. */
static void
paired_of (double    ratio,
           double    spread,
           guint     n,
           IbPaired *out)
{
  double a[N_PAIRS * 4];
  double b[N_PAIRS * 4];

  g_assert_cmpuint (n, <=, G_N_ELEMENTS (a));
  for (guint i = 0; i < n; i++)
    {
      double wobble = spread * ((double) (i % 9) / 4.0 - 1.0);

      a[i] = 1000.0 + i;
      b[i] = a[i] * ratio * (1.0 + wobble);
    }
  ib_paired_analyse (a, b, n, 0.95, 0.10, out);
}

static void
test_paired_a_faster (void)
{
  IbPaired          paired;
  IbVerdictInterval iv;
  g_autofree char  *text = NULL;

  paired_of (1.5, 0.05, N_PAIRS, &paired);
  g_assert_cmpfloat (paired.ci_low, >, 1.0);
  g_assert_cmpint (ib_verdict_for_paired (&paired, &iv), ==, IB_VERDICT_A_FASTER);
  g_assert_cmpint (iv.verdict, ==, IB_VERDICT_A_FASTER);
  g_assert_true (iv.paired);
  g_assert_cmpuint (iv.n_pairs, ==, N_PAIRS);
  g_assert_cmpuint (iv.na, ==, N_PAIRS);
  g_assert_cmpfloat (iv.ratio, ==, paired.ratio);
  g_assert_cmpfloat (iv.ci_low, ==, paired.ci_low);
  g_assert_cmpfloat (iv.ci_high, ==, paired.ci_high);
  g_assert_cmpuint (iv.more_pairs, ==, G_MAXUINT);
  g_assert_true (ib_verdict_is_clear (iv.verdict));
  g_assert_true (ib_verdict_is_decided (iv.verdict));
  text = ib_verdict_text (&iv, "A", "B", IB_VERDICT_WORDING_FASTER_FIRST);
  g_assert_true (g_str_has_prefix (text, "A is "));
  g_assert_nonnull (strstr (text, " faster than B ("));
  g_assert_nonnull (strstr (text, "; 40 pairs)"));
}

static void
test_paired_b_faster (void)
{
  IbPaired          paired;
  IbVerdictInterval iv;
  g_autofree char  *text = NULL;

  paired_of (0.5, 0.05, N_PAIRS, &paired);
  g_assert_cmpfloat (paired.ci_high, <, 1.0);
  g_assert_cmpint (ib_verdict_for_paired (&paired, &iv), ==, IB_VERDICT_B_FASTER);
  g_assert_true (ib_verdict_is_clear (iv.verdict));
  text = ib_verdict_text (&iv, "A", "B", IB_VERDICT_WORDING_FASTER_FIRST);
  /* the faster side first, its ratio above 1 */
  g_assert_true (g_str_has_prefix (text, "B is 2"));
  g_assert_nonnull (strstr (text, " faster than A ("));
}

static void
test_paired_equivalent (void)
{
  IbPaired          paired;
  IbVerdictInterval iv;
  g_autofree char  *text = NULL;

  paired_of (1.01, 0.01, N_PAIRS, &paired);
  g_assert_cmpfloat (paired.ci_low, >=, 1 / 1.10);
  g_assert_cmpfloat (paired.ci_high, <=, 1.10);
  g_assert_cmpint (ib_verdict_for_paired (&paired, &iv), ==, IB_VERDICT_EQUIVALENT);
  g_assert_false (ib_verdict_is_clear (iv.verdict));
  g_assert_true (ib_verdict_is_decided (iv.verdict));
  g_assert_cmpfloat (iv.margin, ==, 0.10);
  text = ib_verdict_text (&iv, "A", "B", IB_VERDICT_WORDING_FASTER_FIRST);
  g_assert_true (g_str_has_prefix (text, "A and B are equivalent within ±10 % (ratio "));
  g_assert_nonnull (strstr (text, "; 40 pairs)"));
}

static void
test_paired_undecided (void)
{
  IbPaired          paired;
  IbVerdictInterval iv;
  g_autofree char  *text = NULL;
  g_autofree char  *none = NULL;

  /* few pairs, wide spread: the interval holds 1 and passes the margin */
  paired_of (1.0, 0.6, 8, &paired);
  g_assert_cmpfloat (paired.ci_low, <, 1.0);
  g_assert_cmpfloat (paired.ci_high, >, 1.10);
  g_assert_cmpint (ib_verdict_for_paired (&paired, &iv), ==, IB_VERDICT_UNDECIDED);
  g_assert_false (ib_verdict_is_decided (iv.verdict));
  g_assert_false (ib_verdict_is_clear (iv.verdict));
  text = ib_verdict_text (&iv, "A", "B", IB_VERDICT_WORDING_FASTER_FIRST);
  g_assert_true (g_str_has_prefix (text, "A against B: not decided within the budget (ratio "));
  /* the forecast of more pairs is never said */
  g_assert_null (strstr (text, "more pairs"));

  /* no pair at all: not decided either, and it says why */
  memset (&paired, 0, sizeof paired);
  paired.verdict = IB_PAIRED_NO_DATA;
  paired.margin = 0.10;
  g_assert_cmpint (ib_verdict_for_paired (&paired, &iv), ==, IB_VERDICT_UNDECIDED);
  none = ib_verdict_text (&iv, "A", "B", IB_VERDICT_WORDING_FASTER_FIRST);
  g_assert_cmpstr (none, ==,
                   "A against B: not decided within the budget "
                   "(no time was left to measure the pair)");
}

static void
test_pairs_text (void)
{
  IbVerdictInterval iv = { .paired = TRUE, .n_pairs = 40, .n_looks = 4 };
  g_autofree char  *looks = ib_verdict_pairs_text (&iv);
  g_autofree char  *rounds = NULL;

  g_assert_cmpstr (looks, ==, "40 pairs, 4 looks");
  iv.rounds = TRUE;
  iv.n_pairs = 8;
  rounds = ib_verdict_pairs_text (&iv);
  g_assert_cmpstr (rounds, ==, "8 rounds");
}

/* @n times around @centre, spread +/-5 %. */
static void
times_of (double  centre,
          guint   n,
          double *out)
{
  for (guint i = 0; i < n; i++)
    out[i] = centre * (0.95 + 0.1 * i / (double) MAX (n - 1, 1));
}

static void
test_ratio_verdicts (void)
{
  double            a[12], b[12], same[12];
  IbRatio           ratio;
  IbVerdictInterval iv;
  g_autofree char  *faster = NULL;
  g_autofree char  *apart = NULL;

  times_of (100, 12, a);
  times_of (300, 12, b);
  times_of (100, 12, same);

  ib_stats_ratio (a, 12, b, 12, &ratio);
  g_assert_cmpint (ib_verdict_for_ratio (&ratio, &iv), ==, IB_VERDICT_A_FASTER);
  g_assert_false (iv.paired);
  g_assert_cmpuint (iv.na, ==, 12);
  faster = ib_verdict_text (&iv, "A", "B", IB_VERDICT_WORDING_FASTER_FIRST);
  g_assert_true (g_str_has_prefix (faster, "A is 3"));
  g_assert_null (strstr (faster, "pairs"));

  ib_stats_ratio (b, 12, a, 12, &ratio);
  g_assert_cmpint (ib_verdict_for_ratio (&ratio, NULL), ==, IB_VERDICT_B_FASTER);

  ib_stats_ratio (a, 12, same, 12, &ratio);
  g_assert_cmpint (ib_verdict_for_ratio (&ratio, &iv), ==, IB_VERDICT_SAME);
  apart = ib_verdict_text (&iv, "A", "B", IB_VERDICT_WORDING_FASTER_FIRST);
  g_assert_true (g_str_has_prefix (apart, "A and B cannot be told apart (ratio "));

  ib_stats_ratio (a, IB_VERDICT_MIN_SAMPLES - 1, b, 12, &ratio);
  g_assert_cmpint (ib_verdict_for_ratio (&ratio, NULL), ==, IB_VERDICT_TOO_FEW);

  ib_stats_ratio (a, 0, b, 12, &ratio);
  g_assert_cmpint (ib_verdict_for_ratio (&ratio, NULL), ==, IB_VERDICT_NO_DATA);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/verdict/paired/a-faster", test_paired_a_faster);
  g_test_add_func ("/verdict/paired/b-faster", test_paired_b_faster);
  g_test_add_func ("/verdict/paired/equivalent", test_paired_equivalent);
  g_test_add_func ("/verdict/paired/undecided", test_paired_undecided);
  g_test_add_func ("/verdict/pairs-text", test_pairs_text);
  g_test_add_func ("/verdict/ratio", test_ratio_verdicts);
  return g_test_run ();
}
