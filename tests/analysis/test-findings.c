/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Findings and comparison from constructed data. */
#define G_LOG_DOMAIN "iobench"

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "engine/stats/ib-stats.h"
#include "engine/run/ib-sweep.h"
#include "analysis/ib-answer.h"
#include "analysis/ib-labels.h"
#include "analysis/ib-compare.h"
#include "analysis/ib-findings.h"
#include "report/ib-report-io.h"
#include "report-fixture.h"
#include "ib-test-writers.h"
#include "analysis/ib-warning-text.h"

/* The display names of the fixture's strategies, as the findings say them. */
#define T_SYNC   "Sync single read"
#define T_ASYNC  "Async load contents (serial)"
#define T_SLC    "Sync load contents"
#define T_ALCP   "Async load contents (parallel)"
#define T_URING  "io_uring single read (serial)"

/* The findings generated for each report (a report holds none: they are
 * its analysis's, fx_findings), by report. */
static GHashTable *generated;

static void
generate (const IbReport *report)
{
  if (generated == NULL)
    generated = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_array_unref);
  g_hash_table_replace (generated, (gpointer) report, fx_findings (report));
}

/* The findings generate() made for @report. */
static const GArray *
findings_of (const IbReport *report)
{
  const GArray *findings = generated != NULL ? g_hash_table_lookup (generated, report) : NULL;

  if (findings == NULL)
    g_error ("no findings generated for this report");
  return findings;
}

static const char *
finding (const IbReport *report,
         const char     *id)
{
  const GArray *findings = findings_of (report);
  const char *text = NULL;

  for (guint i = 0; i < findings->len; i++)
    {
      const IbFinding *f = &g_array_index (findings, IbFinding, i);

      if (g_str_equal (f->id, id))
        {
          g_assert_null (text);   /* ids are unique */
          text = f->text;
        }
    }
  return text;
}

static void
assert_contains (const char *text,
                 const char *part)
{
  if (text == NULL || strstr (text, part) == NULL)
    g_error ("“%s” does not contain “%s”", text ? text : "(no finding)", part);
}

static void
assert_lacks (const char *text,
              const char *part)
{
  if (text != NULL && strstr (text, part) != NULL)
    g_error ("“%s” contains “%s”", text, part);
}

/* Every finding is one sentence: a capital letter first, a full stop last;
 * it names experiments by what they were, not by file number, and
 * strategies, kinds and modes by display name; and the findings come grouped
 * (answer, validity, experiments, details), each group by importance. */
static void
assert_sentences_grouped (const IbReport *report)
{
  static const char * const ids[] = {
    "sync-load-contents", "sync-read-all", "async-load-contents-parallel",
    "async-read-all-parallel", "uring-read-all-parallel", "sync-serial", "async-gio",
    "thread-pool", "tasks-100",
  };
  IbFindingGroup last = IB_FINDING_GROUP_ANSWER;

  g_assert_cmpuint (findings_of (report)->len, >, 0);
  for (guint i = 0; i < findings_of (report)->len; i++)
    {
      const IbFinding *f = &g_array_index (findings_of (report), IbFinding, i);
      IbFindingGroup group = ib_finding_group (f->id);
      gsize len = strlen (f->text);

      if (!g_unichar_isupper (g_utf8_get_char (f->text)) || len < 2 || f->text[len - 1] != '.'
          || f->text[len - 2] == '.' || f->text[len - 2] == ' ')
        g_error ("finding %s is not a sentence: “%s”", f->id, f->text);
      if (strstr (f->text, "Seed 0") != NULL || strstr (f->text, "seed 0") != NULL
          || strstr (f->text, "the seed ") != NULL)
        g_error ("finding %s names an experiment by its file: “%s”", f->id, f->text);
      for (guint k = 0; k < G_N_ELEMENTS (ids); k++)
        if (strstr (f->text, ids[k]) != NULL)
          g_error ("finding %s says the id %s: “%s”", f->id, ids[k], f->text);
      if (group < last)
        g_error ("finding %s (%s) after a finding of group %s", f->id,
                 ib_finding_group_to_string (group), ib_finding_group_to_string (last));
      last = group;
    }
}

/* The factor N of "... is Nx faster ..." */
static double
factor_in (const char *text)
{
  const char *is = strstr (text, " is ");

  g_assert_nonnull (is);
  return g_ascii_strtod (is + 4, NULL);
}

static void
test_separated (void)
{
  g_autoptr(IbReport) report = fx_report_new (40);
  const char *text;
  double factor;

  generate (report);

  text = finding (report, "fastest");
  assert_contains (text, "The fastest strategy is " T_SYNC ": median ");
  assert_contains (text, "MiB/s");

  text = finding (report, "sync-vs-async");
  assert_contains (text, T_SYNC " is ");
  /* 8 samples a side: the exact Mann-Whitney interval covers 95.99 % */
  assert_contains (text, "x faster than " T_ASYNC " (95 % CI ");
  g_assert_null (strstr (text, "cannot be told apart"));
  /* medians 10 ms and 40 ms */
  factor = factor_in (text);
  g_assert_cmpfloat (factor, >, 3.5);
  g_assert_cmpfloat (factor, <, 4.5);

  /* the fixture's async samples are cold except one at 50 %: excluded */
  text = finding (report, "cache-excluded");
  g_assert_null (finding (report, "cache"));
  assert_contains (text, "Excluded from the statistics: 1 of 24 samples, not cold (" T_ASYNC
                   " (1)).");
  g_assert_cmpuint (ib_report_find_stats (report, FX_ASYNC)->n, ==, 7);
  g_assert_cmpuint (ib_report_find_stats (report, FX_ASYNC)->n_excluded, ==, 1);

  assert_contains (finding (report, "sweep"),
                   "From 10 files on, " T_ASYNC " overtakes " T_SLC ".");
  assert_contains (finding (report, "seed-000"),
                   "The Node.js promises-vs-sync experiment holds here");

  text = finding (report, "overhead");
  assert_contains (text, "A GTask round trip costs 38x a direct call");
  assert_contains (text, "the promise-vs-callback overhead experiment measured 34x");
  assert_contains (finding (report, "seed-001-overhead"),
                   "The promise-vs-callback overhead experiment holds here for pure "
                   "computation");

  text = finding (report, "write-unlink");
  assert_contains (text, "Sync, one at a time p50 50.0 µs, p99 400 µs");
  assert_contains (text, "Async GIO p50 100 µs, p99 800 µs.");
  /* no thread pool ran: nothing serves the requests many at once beside
   * async, so neither the experiment nor a verdict compares unlike modes */
  g_assert_null (finding (report, "seed-001-write-unlink"));
  g_assert_null (finding (report, "write-unlink-verdict"));

  text = finding (report, "where-time-goes");
  assert_contains (text, "Where the time goes in " T_ASYNC ": CPU ");
  assert_contains (text, "an estimated split");
  assert_contains (text, "384 callbacks per run, one per 8 KiB read");
  assert_contains (text, "context switches per MiB");

  /* no tmpfs, no FUSE, and no seed-002 pair (no sync-load-contents samples) */
  /* 5 repetitions: no "too few" note */
  g_assert_null (finding (report, "overhead-repetitions"));
  g_assert_null (finding (report, "tmpfs"));
  g_assert_null (finding (report, "fuse"));
  g_assert_null (finding (report, "seed-002"));
  assert_sentences_grouped (report);
}

static void
test_overlapping (void)
{
  g_autoptr(IbReport) report = fx_report_new (10);
  const char *text;

  generate (report);
  text = finding (report, "sync-vs-async");
  assert_contains (text, T_SYNC " and " T_ASYNC " cannot be told apart (ratio ");
  assert_contains (text, " % CI ");
  g_assert_null (strstr (text, "faster"));
  assert_sentences_grouped (report);
}

static void
test_deterministic (void)
{
  g_autoptr(IbReport) report = fx_report_new (12);
  g_autoptr(GArray) first = fx_findings (report);
  g_autoptr(GArray) again = fx_findings (report);

  g_assert_cmpuint (first->len, >, 0);
  g_assert_cmpuint (first->len, ==, again->len);
  for (guint i = 0; i < first->len; i++)
    {
      g_assert_cmpstr (g_array_index (first, IbFinding, i).id, ==,
                       g_array_index (again, IbFinding, i).id);
      g_assert_cmpstr (g_array_index (first, IbFinding, i).text, ==,
                       g_array_index (again, IbFinding, i).text);
    }
}

static void
test_cache_and_filesystem (void)
{
  g_autoptr(IbReport) report = fx_report_new (40);

  for (guint i = 0; i < report->samples->len; i++)
    g_array_index (report->samples, IbSample, i).cache_ok = TRUE;
  ib_report_compute_statistics (report);
  report->environment->is_tmpfs = TRUE;
  report->environment->is_fuse = TRUE;
  g_free (report->environment->fs_type);
  report->environment->fs_type = g_strdup ("fuse.sshfs");
  generate (report);

  assert_contains (finding (report, "cache"), "The cache was cold for every sample, as asked.");
  g_assert_false (ib_finding_is_warning ("cache"));

  /* Cold, but on a virtual disk: a warning of its own. */
  report->environment->virtual_disk = g_strdup ("virtio");
  generate (report);
  assert_contains (finding (report, "cache-virtual"), "The disk is a virtual one (virtio)");
  g_assert_null (finding (report, "cache"));
  g_assert_true (ib_finding_is_warning ("cache-virtual"));
  g_clear_pointer (&report->environment->virtual_disk, g_free);

  /* Flagged but not excluded: what an older report holds. */
  for (guint i = 0; i < report->samples->len; i++)
    g_array_index (report->samples, IbSample, i).cache_ok = FALSE;
  generate (report);
  assert_contains (finding (report, "cache-counted"),
                   "The cache was not in the requested state (cold) for 23 of 24 samples, and "
                   "this older report counts them in its statistics.");

  /* Judged as this version does: all excluded, no statistics, no verdict. */
  ib_report_compute_statistics (report);
  generate (report);
  assert_contains (finding (report, "cache-excluded"),
                   "The cache was never in the requested state (cold): all 23 successful "
                   "samples were excluded (not cold), so there are no statistics.");
  for (guint i = 0; i < report->statistics->len; i++)
    g_assert_cmpuint (g_array_index (report->statistics, IbStats, i).n, ==, 0);
  g_assert_null (finding (report, "fastest"));
  g_assert_null (finding (report, "sync-vs-async"));
  assert_contains (finding (report, "tmpfs"), "a cold cache is impossible there");
  assert_contains (finding (report, "fuse"), "FUSE file system (fuse.sshfs)");
  assert_sentences_grouped (report);
}

static void
test_sweep_without_crossover (void)
{
  g_autoptr(IbReport) report = fx_report_new (40);

  /* make sync win everywhere */
  for (guint i = 0; i < report->sweep->points->len; i++)
    {
      IbSweepPoint *p = &g_array_index (report->sweep->points, IbSweepPoint, i);

      if (g_str_equal (p->strategy, FX_ASYNC))
        {
          p->median_ns *= 1000;
          p->ci_low_ns *= 1000;
          p->ci_high_ns *= 1000;
        }
    }
  report->sweep->has_crossover = FALSE;
  generate (report);
  assert_contains (finding (report, "sweep"),
                   "No crossover between 1 file and 100 files: " T_SLC " is faster "
                   "throughout.");
  assert_contains (finding (report, "seed-000"), "holds only in part");
  assert_sentences_grouped (report);
}

static void
test_warm_up_and_empty_tasks (void)
{
  g_autoptr(IbReport) report = fx_report_new (40);
  IbOverheadRow row = { 0, };

  generate (report);
  /* the fixture's warm-ups are like the other runs */
  g_assert_null (finding (report, "warm-up"));
  g_assert_null (finding (report, "empty-tasks"));

  for (guint i = 0; i < report->samples->len; i++)
    {
      IbSample *s = &g_array_index (report->samples, IbSample, i);

      if (s->warmup && g_str_equal (s->strategy, FX_SYNC))
        s->wall_ns = 30000000;   /* 3x the 10 ms median */
    }
  row.kind = g_strdup ("tasks-1");
  row.ns_per_op = 1500;
  g_array_append_val (report->overhead, row);
  row.kind = g_strdup ("tasks-100");
  row.ns_per_op = 45000;
  g_array_append_val (report->overhead, row);
  generate (report);
  assert_contains (finding (report, "warm-up"), "The warm-up run of " T_SYNC " took 3.0x");
  assert_contains (finding (report, "empty-tasks"), "costs 1.50 µs, and 100 of them 45.0 µs");
  assert_sentences_grouped (report);
}

/* A report of sync-load-contents and async-load-contents-parallel (the
 * seed's pair: one file after another against all at once), async
 * @factor times slower, with the preset @preset and @n samples a side
 * (at most 7). */
static IbReport *
pair_report (const char *preset,
             double      factor,
             guint       n)
{
  IbReport *report = ib_report_new ();
  static const double base[] = { 100, 103, 98, 101, 99, 102, 100.5 };

  report->plan->preset = g_strdup (preset);
  g_ptr_array_add (report->plan->strategies, g_strdup ("sync-load-contents"));
  g_ptr_array_add (report->plan->strategies, g_strdup ("async-load-contents-parallel"));
  g_assert_cmpuint (n, <=, G_N_ELEMENTS (base));
  for (guint i = 0; i < n; i++)
    for (guint k = 0; k < 2; k++)
      {
        IbSample s = { 0, };

        s.strategy = g_strdup (k == 0 ? "sync-load-contents" : "async-load-contents-parallel");
        s.round = i;
        s.wall_ns = (gint64) (base[i] * 1e6 * (k == 0 ? 1 : factor));
        s.bytes = 64 * 1024 * 1024;
        s.files = 4;
        s.residency = 1;
        s.cache_ok = TRUE;
        s.ok = TRUE;
        g_array_append_val (report->samples, s);
      }
  ib_report_compute_statistics (report);
  return report;
}

static IbReport *
seed_pair_report (const char *preset,
                  double      factor)
{
  return pair_report (preset, factor, 7);
}

/* A report of @n strategies, strategy k @factors[k] times the base times,
 * 7 samples each. */
static IbReport *
factors_report (const char * const *ids,
                const double       *factors,
                guint               n)
{
  return fx_factors_report (ids, factors, n, 7);
}

/* GIO's async against io_uring and sync, with intervals, like with like
 * (one file after another), and what the page cache is worth to a strategy
 * read with O_DIRECT. */
static void
test_uring_gap (void)
{
  static const char * const ids[] = {
    "sync-read-all", "async-read-all-serial", "uring-read-all-serial",
    "uring-read-all-serial@direct", "uring-read-all-parallel", "mmap",
  };
  /* mmap fastest of all: it maps instead of reading, so it is not the sync
   * side (as in the answer); io_uring on all files at once faster than the
   * serial ones, yet never raced against them */
  const double slow_gio[] = { 1.2, 1.6, 1.0, 3.0, 0.4, 0.5 };
  const double same[] = { 1.2, 1.0, 1.0, 3.0, 0.4, 0.5 };
  const double slow_uring[] = { 1.0, 2.0, 1.6, 3.0, 0.4, 0.5 };
  const char *text;

  {
    g_autoptr(IbReport) report = factors_report (ids, slow_gio, G_N_ELEMENTS (ids));
    g_autoptr(IbAnswer) answer = NULL;

    generate (report);
    answer = ib_answer_compute (report);
    text = finding (report, "uring-gap");
    /* the fastest of each family: the direct variant is not io_uring's best;
     * io_uring against sync is the answer's line, not said again */
    assert_contains (ib_answer_line (answer, "uring")->sentence,
                     T_URING " is 1.2x faster than " T_SYNC " (");
    g_assert_null (strstr (text, T_SYNC));
    assert_contains (text, "Against the kernel’s own async I/O: " T_URING " is 1.6x faster "
                           "than Async single read (serial) (");
    assert_contains (text, "the difference is GIO’s thread hops and steps, not async I/O.");
    text = finding (report, "direct-cost");
    assert_contains (text, "What the page cache is worth to " T_URING ": " T_URING
                     " is 3.0x faster than " T_URING " with direct I/O (");
  }
  {
    g_autoptr(IbReport) report = factors_report (ids, same, G_N_ELEMENTS (ids));

    generate (report);
    text = finding (report, "uring-gap");
    assert_contains (text, "cannot be told apart");
    /* An undecided comparison draws no conclusion: this said
     * "GIO's async reads keep up with the kernel's own async I/O". */
    g_assert_null (strstr (text, "keep up"));
    g_assert_null (strstr (text, "thread hops"));
    g_assert_null (strstr (text, "costs time"));
    /* the interval ends it: no conclusion after it */
    g_assert_true (g_str_has_suffix (text, ")."));
    g_assert_null (strstr (text, "): "));
    assert_sentences_grouped (report);
  }
  {
    g_autoptr(IbReport) report = factors_report (ids, slow_uring, G_N_ELEMENTS (ids));
    g_autoptr(IbAnswer) answer = NULL;

    generate (report);
    answer = ib_answer_compute (report);
    text = finding (report, "uring-gap");
    assert_contains (ib_answer_line (answer, "uring")->sentence,
                     T_SYNC " is 1.6x faster than " T_URING " (");
    g_assert_null (strstr (text, T_SYNC));
    assert_contains (text, "async I/O itself costs time");
    assert_sentences_grouped (report);
  }
  {
    /* No io_uring samples: no such finding. */
    g_autoptr(IbReport) report = factors_report (ids, slow_gio, 2);

    generate (report);
    g_assert_null (finding (report, "uring-gap"));
    g_assert_null (finding (report, "direct-cost"));
  }
}

/* Below 5 valid samples a side no finding, comparison or chart claims a
 * factor, however far apart the sides are (here 5x). */
/* How often @clause is said (whatever the case of its first letter) in
 * what a view shows of @report: the answer's headline, the findings shown
 * beside it and the run's warnings. */
static guint
times_said (const IbReport *report,
            const char     *clause)
{
  g_autoptr(IbAnswer) answer = ib_answer_compute (report);
  g_autoptr(GString) all = g_string_new (answer != NULL ? answer->headline : "");
  g_autofree char *tail = g_strdup (g_utf8_next_char (clause));
  guint n = 0;

  for (guint i = 0; i < findings_of (report)->len; i++)
    {
      const IbFinding *f = &g_array_index (findings_of (report), IbFinding, i);

      if (ib_finding_is_shown (f))
        g_string_append_printf (all, "\n%s", f->text);
    }
  for (guint i = 0; i < report->warnings->len; i++)
    {
      g_autofree char *text = ib_warning_text (g_ptr_array_index (report->warnings, i));

      g_string_append_printf (all, "\n%s", text);
    }
  for (const char *p = strstr (all->str, tail); p != NULL; p = strstr (p + 1, tail))
    n++;
  return n;
}

/* A virtual disk under a cold cache is said once in a view, in
 * one wording (ib_virtual_disk_caveat), with a typographic apostrophe if
 * any: by the answer's headline when there is an answer, by a finding
 * when there is none. */
static void
test_virtual_disk_said_once (void)
{
  g_autoptr(IbReport) report = fx_report_new (40);
  g_autofree char *clause = ib_virtual_disk_caveat ("virtio", FALSE);
  g_autofree char *sentence = ib_virtual_disk_caveat ("virtio", TRUE);
  g_autoptr(IbAnswer) answer = NULL;

  g_assert_null (strchr (clause, '\''));
  g_assert_true (g_str_has_prefix (sentence, "The disk is a virtual one (virtio)"));
  g_assert_true (g_str_has_suffix (sentence, "."));
  for (guint i = 0; i < report->samples->len; i++)
    g_array_index (report->samples, IbSample, i).cache_ok = TRUE;
  ib_report_compute_statistics (report);
  report->plan->cache = IB_CACHE_COLD;
  report->environment->virtual_disk = g_strdup ("virtio");
  generate (report);
  answer = ib_answer_compute (report);
  g_assert_nonnull (answer);
  g_test_message ("headline: %s", answer->headline);
  assert_contains (answer->headline, clause);
  g_assert_cmpuint (times_said (report, clause), ==, 1);
  /* the finding is kept (JSON), covered by the answer */
  g_assert_cmpstr (finding (report, "cache-virtual"), ==, sentence);

  /* No answer (no async strategy measured): the finding says it. */
  for (guint i = 0; i < report->samples->len; i++)
    {
      IbSample *s = &g_array_index (report->samples, IbSample, i);

      if (g_str_has_prefix (s->strategy, "async"))
        s->ok = FALSE;
    }
  ib_report_compute_statistics (report);
  generate (report);
  g_assert_cmpuint (times_said (report, clause), ==, 1);

  /* Samples left out for their cache state: still said, once. */
  for (guint i = 0; i < report->samples->len; i += 3)
    g_array_index (report->samples, IbSample, i).cache_ok = FALSE;
  ib_report_compute_statistics (report);
  generate (report);
  g_assert_nonnull (finding (report, "cache-excluded"));
  g_assert_cmpuint (times_said (report, clause), ==, 1);
}

static void
test_too_few (void)
{
  g_autoptr(IbReport) two = pair_report ("big-files", 5, 2);
  g_autoptr(IbReport) four = pair_report ("big-files", 5, 4);
  g_autoptr(IbReport) five = pair_report ("big-files", 5, 5);
  g_autoptr(IbReport) seven = pair_report ("big-files", 1, 7);
  g_autoptr(GArray) rows = NULL;
  const char *text;

  generate (two);
  /* no answer: the two read at different concurrency, the seed's pair */
  g_assert_null (finding (two, "sync-vs-async"));
  text = finding (two, "sync-vs-async-load-contents");
  /* no decision phase in this report: the survey's interval, and it says so */
  g_assert_cmpstr (text, ==, T_SLC " against " T_ALCP ": too few samples to tell (n = 2; at "
                             "least 5 needed), from the survey’s samples: this run had no "
                             "decision phase.");
  text = finding (two, "fastest");
  assert_contains (text, "The lowest median is that of " T_SLC " (");
  assert_contains (text, "), but there are too few samples to tell (n = 2; at least 5 "
                         "needed).");
  assert_contains (finding (two, "seed-002"), "cannot be checked here: too few samples");
  for (guint i = 0; i < findings_of (two)->len; i++)
    g_assert_null (strstr (g_array_index (findings_of (two), IbFinding, i).text, "x faster"));
  assert_sentences_grouped (two);

  /* the dispatch overhead from 2 repetitions (as in the quick preset) */
  {
    IbOverheadRow row = { 0, };

    row.kind = g_strdup ("direct");
    row.repeat = 2;
    row.ns_per_op = 2;
    row.ratio_to_direct = 1;
    g_array_append_val (two->overhead, row);
    row.kind = g_strdup ("gtask");
    row.ns_per_op = 80;
    row.ratio_to_direct = 40;
    g_array_append_val (two->overhead, row);
    generate (two);
    assert_contains (finding (two, "overhead-repetitions"),
                     "The dispatch overhead rests on 2 repetitions: too few to say how much "
                     "it varies (at least 5 needed).");
  }

  /* a sweep of 3 samples a point: no winner, and seed 000 cannot be checked */
  {
    g_autoptr(IbReport) swept = fx_report_new (40);

    for (guint i = 0; i < swept->sweep->points->len; i++)
      g_array_index (swept->sweep->points, IbSweepPoint, i).n = 3;
    generate (swept);
    g_assert_cmpstr (finding (swept, "seed-000"), ==, "The Node.js promises-vs-sync experiment "
                     "cannot be checked here: too few samples to tell (n = 3; at least 5 "
                     "needed).");
    assert_sentences_grouped (swept);
  }

  generate (four);
  assert_contains (finding (four, "sync-vs-async-load-contents"), "(n = 4; at least 5 needed)");

  /* 5 a side: every async time above every sync time, a verdict at last */
  generate (five);
  assert_contains (finding (five, "sync-vs-async-load-contents"),
                   T_SLC " is 5.0x faster than " T_ALCP " (");
  assert_contains (finding (five, "fastest"), "The fastest strategy is " T_SLC ": median ");

  /* Comparing reports: 2 samples in A against 7 in B */
  rows = ib_compare_reports (two, seven);
  for (guint i = 0; i < rows->len; i++)
    {
      const IbCompareRow *row = &g_array_index (rows, IbCompareRow, i);
      g_autofree char *row_text = ib_compare_row_text (row);

      g_assert_cmpint (row->verdict, ==, IB_VERDICT_TOO_FEW);
      g_assert_cmpstr (row_text, ==, "too few samples to tell (n = 2 and 7; at least 5 needed "
                                     "on each side)");
    }
}

static void
test_seed_002 (void)
{
  g_autoptr(IbReport) slower = seed_pair_report ("big-files", 5);
  g_autoptr(IbReport) same = seed_pair_report ("quick", 1);
  g_autoptr(IbReport) faster = seed_pair_report ("big-files", 0.5);
  g_autoptr(IbReport) custom = seed_pair_report (NULL, 5);
  const char *text;

  generate (slower);
  text = finding (slower, "seed-002");
  assert_contains (text, "The Node.js big-file experiment holds here: async whole-file reads "
                         "(" T_ALCP ") were ");
  assert_contains (text, "slower than sync ones (" T_SLC "); the experiment measured 6.6x");
  g_assert_cmpfloat (g_ascii_strtod (strstr (text, ") were ") + 7, NULL), >, 4.5);
  /* one file after another against all at once: the seed's pair, said as
   * such, never as the answer's sync against async */
  g_assert_null (finding (slower, "sync-vs-async"));
  g_assert_nonnull (finding (slower, "sync-vs-async-load-contents"));

  generate (same);
  /* undecided: neither holds nor fails (it once said "does not hold") */
  assert_contains (finding (same, "seed-002"), "The Node.js big-file experiment is not "
                                               "decided here: ");
  assert_contains (finding (same, "seed-002"), "cannot be told apart (ratio 1.0, ");
  assert_lacks (finding (same, "seed-002"), "hold");

  generate (faster);
  assert_contains (finding (faster, "seed-002"), "does not hold here");
  assert_contains (finding (faster, "seed-002"), "faster than sync ones");
  assert_sentences_grouped (slower);
  assert_sentences_grouped (same);
  assert_sentences_grouped (faster);

  /* not a seed-002 plan: no claim about seed 002 */
  generate (custom);
  g_assert_null (finding (custom, "seed-002"));
}

static void
test_compare_self (void)
{
  g_autoptr(IbReport) report = fx_report_new (40);
  g_autoptr(GArray) rows = ib_compare_reports (report, report);

  g_assert_cmpuint (rows->len, ==, report->statistics->len);
  for (guint i = 0; i < rows->len; i++)
    {
      const IbCompareRow *row = &g_array_index (rows, IbCompareRow, i);
      g_autofree char *text = ib_compare_row_text (row);

      g_assert_cmpint (row->verdict, ==, IB_VERDICT_SAME);
      g_assert_cmpfloat (row->ratio, ==, 1.0);
      g_assert_cmpfloat (row->ci_low, <=, 1.0);
      g_assert_cmpfloat (row->ci_high, >=, 1.0);
      assert_contains (text, "cannot be told apart");
      /* the main-loop stall travels along, or says it was not measured */
      if (g_str_equal (row->strategy, FX_WEIRD))
        g_assert_cmpfloat (row->stall_a_ns, <, 0);
      else
        g_assert_cmpfloat (row->stall_a_ns, ==,
                           ib_report_find_stats (report, row->strategy)->stall_ns);
      g_assert_cmpfloat (row->stall_b_ns, ==, row->stall_a_ns);
    }
}

static void
test_compare_two (void)
{
  g_autoptr(IbReport) a = fx_report_new (40);
  g_autoptr(IbReport) b = fx_report_new (10);
  g_autoptr(GArray) ab = ib_compare_reports (a, b);
  g_autoptr(GArray) ba = ib_compare_reports (b, a);
  g_autoptr(IbReport) other = ib_report_new ();
  g_autoptr(GArray) none = NULL;

  for (guint i = 0; i < ab->len; i++)
    {
      const IbCompareRow *x = &g_array_index (ab, IbCompareRow, i);
      const IbCompareRow *y = &g_array_index (ba, IbCompareRow, i);

      g_assert_cmpstr (x->strategy, ==, y->strategy);
      if (g_str_equal (x->strategy, FX_ASYNC))
        {
          g_autofree char *text = ib_compare_row_text (x);

          /* 40 ms in A, 10 ms in B */
          g_assert_cmpint (x->verdict, ==, IB_VERDICT_B_FASTER);
          g_assert_cmpint (y->verdict, ==, IB_VERDICT_A_FASTER);
          g_assert_cmpfloat (x->ratio, <, 0.3);
          assert_contains (text, "B is 4.0x faster");
        }
      else
        g_assert_cmpint (x->verdict, ==, IB_VERDICT_SAME);
    }

  /* nothing in common */
  g_ptr_array_add (other->plan->strategies, g_strdup ("mmap"));
  ib_report_compute_statistics (other);
  none = ib_compare_reports (a, other);
  g_assert_cmpuint (none->len, ==, 0);
}

/* No finding concludes from an undecided comparison. The
 * promise-vs-callback overhead experiment holds only when the interval of
 * the GTask/direct ratio lies at or above 2x; the where-time-goes finding
 * explains many context switches only when they differ beyond their
 * interval. */
static void
test_undecided_overhead_and_where (void)
{
  g_autoptr(IbReport) report = fx_report_new (40);
  IbOverheadRow *gtask = &g_array_index (report->overhead, IbOverheadRow, 1);
  const char *text;
  static const gint64 scatter[] = { 50, 2000, 60, 1800, 40, 2200, 30, 1900, 45 };

  g_assert_cmpstr (gtask->kind, ==, "gtask");
  /* 2.1x by the medians, 1.6x to 2.7x by the intervals: not decided */
  gtask->ns_per_op = 5.25;
  gtask->ci_low_ns = 4.5;
  gtask->ci_high_ns = 6.0;
  gtask->ratio_to_direct = 5.25 / 2.5;
  generate (report);
  text = finding (report, "seed-001-overhead");
  assert_contains (text, "The promise-vs-callback overhead experiment is not decided here for "
                         "pure computation: a GTask costs 2.1x a direct call (");
  assert_contains (text, " CI 1.6-2.7), which may be below 2x or above.");
  assert_lacks (text, "holds");
  /* clearly below 2x: does not hold */
  gtask->ns_per_op = 4.0;
  gtask->ci_low_ns = 3.9;
  gtask->ci_high_ns = 4.2;
  gtask->ratio_to_direct = 4.0 / 2.5;
  generate (report);
  assert_contains (finding (report, "seed-001-overhead"), "does not hold here");
  /* two repetitions: no interval to decide with */
  for (guint i = 0; i < report->overhead->len; i++)
    g_array_index (report->overhead, IbOverheadRow, i).repeat = 2;
  gtask->ns_per_op = 95.1;
  gtask->ci_low_ns = 90.3;
  gtask->ci_high_ns = 99.7;
  generate (report);
  assert_contains (finding (report, "seed-001-overhead"),
                   "The promise-vs-callback overhead experiment cannot be checked here for "
                   "pure computation: too few samples to tell (n = 2; at least 5 needed).");

  /* where the time goes: the async side's context switches per MiB have a
   * median far above sync load contents', but half its samples lie below:
   * no 8 KiB story */
  for (guint i = 0; i < report->samples->len; i++)
    {
      IbSample *s = &g_array_index (report->samples, IbSample, i);

      if (g_str_equal (s->strategy, FX_SYNC))
        {
          g_free (s->strategy);
          s->strategy = g_strdup ("sync-load-contents");
        }
      if (g_str_equal (s->strategy, FX_ASYNC))
        {
          s->callbacks = 4;
          s->vol_ctxsw = scatter[s->round % G_N_ELEMENTS (scatter)];
        }
    }
  g_free (g_ptr_array_index (report->plan->strategies, 0));
  g_ptr_array_index (report->plan->strategies, 0) = g_strdup ("sync-load-contents");
  ib_report_compute_statistics (report);
  generate (report);
  text = finding (report, "where-time-goes");
  assert_contains (text, "601 context switches per MiB against 36 for " T_SLC);
  assert_lacks (text, "8 KiB pieces");
  /* all of them high: the story is told */
  for (guint i = 0; i < report->samples->len; i++)
    {
      IbSample *s = &g_array_index (report->samples, IbSample, i);

      if (g_str_equal (s->strategy, FX_ASYNC))
        s->vol_ctxsw = 2000 + s->round;
    }
  generate (report);
  assert_contains (finding (report, "where-time-goes"), "8 KiB pieces");
}

/* Main-loop stall next to speed. */
static void
test_stall (void)
{
  g_autoptr(IbReport) report = fx_report_new (40);
  g_autoptr(IbReport) old = fx_report_new (40);
  const char *text;

  generate (report);
  /* sync-read-all (10 ms, stalls for all of it) against the async strategy
   * (40 ms, at most 308 µs stall): speed with its interval, then the cost. */
  text = finding (report, "stall-trade-off");
  assert_contains (text, T_SYNC " is ");
  assert_contains (text, "x faster than " T_ASYNC " (95 % CI ");
  assert_contains (text, "but " T_SYNC " blocks the main loop for ");
  /* like with like: both sides' medians */
  assert_contains (text, "per read (no frame missed at 60 Hz), " T_ASYNC " for 305 µs (no "
                         "frame missed at 60 Hz); medians of each read’s longest stall.");
  g_assert_cmpfloat (factor_in (text), >, 3.5);
  g_assert_cmpfloat (factor_in (text), <, 4.5);
  /* a 10 ms stall still fits in a 60 Hz frame */
  assert_contains (finding (report, "stall-responsive"),
                   "The fastest strategy that never missed a 60 Hz frame is " T_SYNC ": "
                   "median ");
  /* the verdict against the runner-up that backs "fastest" is the answer's */
  g_assert_null (strstr (finding (report, "stall-responsive"), "faster than"));

  /* Make the sync reads miss frames: the async one is then the answer. */
  for (guint i = 0; i < report->samples->len; i++)
    {
      IbSample *s = &g_array_index (report->samples, IbSample, i);

      if (g_str_equal (s->strategy, FX_SYNC))
        s->frames_missed_60 = i % 2 ? 2 : 1;
    }
  ib_report_compute_statistics (report);
  generate (report);
  assert_contains (finding (report, "stall-responsive"),
                   "The only strategy that never missed a 60 Hz frame is " T_ASYNC ":");
  assert_contains (finding (report, "stall-trade-off"),
                   "(an expected 1.5 frames missed at 60 Hz)");

  /* write+delete: only the mode the tick watched; sweep: the largest count */
  assert_contains (finding (report, "stall-write-unlink"),
                   "the main loop stalled at most for: Sync, one at a time 100 ms.");
  g_assert_null (strstr (finding (report, "stall-write-unlink"), "Async GIO"));
  assert_contains (finding (report, "stall-sweep"), "At 100 files, each read stalled");
  assert_contains (finding (report, "stall-sweep"), T_SLC " 100 ms, " T_ASYNC " 250 µs.");
  assert_sentences_grouped (report);

  /* Async faster: no trade-off, the stall comes on top ("but" would say
   * the sync side bought speed with it). */
  {
    g_autoptr(IbReport) faster = fx_report_new (2.5);

    generate (faster);
    text = finding (faster, "stall-trade-off");
    assert_contains (text, T_ASYNC " is 4.");
    assert_contains (text, "; on top of that, " T_SYNC " blocks the main loop for ");
    g_assert_null (strstr (text, ", but "));
    assert_sentences_grouped (faster);
  }

  /* The other side stalls as long as sync: no trade-off to state. */
  {
    g_autoptr(IbReport) as_long = fx_report_new (40);

    for (guint i = 0; i < as_long->samples->len; i++)
      {
        IbSample *s = &g_array_index (as_long->samples, IbSample, i);

        if (g_str_equal (s->strategy, FX_ASYNC))
          s->stall_ns = 10000000 + (s->round % 3) * 500000 - 500000;
      }
    ib_report_compute_statistics (as_long);
    generate (as_long);
    g_assert_null (finding (as_long, "stall-trade-off"));
  }

  /* No tick data (off, or an older report): neither finding. */
  for (guint i = 0; i < old->samples->len; i++)
    g_array_index (old->samples, IbSample, i).responsive = FALSE;
  ib_report_compute_statistics (old);
  generate (old);
  g_assert_null (finding (old, "stall-trade-off"));
  g_assert_null (finding (old, "stall-responsive"));
  g_array_index (old->write_unlink->modes, IbWriteUnlinkMode, 0).responsive = FALSE;
  for (guint i = 0; i < old->sweep->points->len; i++)
    g_array_index (old->sweep->points, IbSweepPoint, i).responsive = FALSE;
  generate (old);
  g_assert_null (finding (old, "stall-write-unlink"));
  g_assert_null (finding (old, "stall-sweep"));
  g_assert_nonnull (finding (old, "fastest"));
}

/* "The fastest that never missed a frame" and a sweep's winner
 * are claims like any other: by the verdict rule, never by medians alone. */
static void
test_stall_and_sweep_verdicts (void)
{
  g_autoptr(IbReport) same = fx_report_new (10);
  g_autoptr(IbReport) swept = fx_report_new (40);
  g_autoptr(IbReport) crossing = fx_report_new (40);
  const char *text;

  /* Both never miss a frame, and their times overlap: no fastest. */
  generate (same);
  text = finding (same, "stall-responsive");
  assert_contains (text, "Among the quickest strategies that never missed a 60 Hz frame: ");
  assert_contains (text, " cannot be told apart from ");
  g_assert_null (strstr (text, "fastest"));

  /* Against a runner-up the answer does not race, the finding gives the
   * verdict that backs "fastest". */
  for (guint i = 0; i < swept->samples->len; i++)
    {
      IbSample *s = &g_array_index (swept->samples, IbSample, i);

      if (g_str_equal (s->strategy, FX_ASYNC))
        {
          g_free (s->strategy);
          s->strategy = g_strdup ("thread-pool-parallel");
        }
    }
  g_free (g_ptr_array_index (swept->plan->strategies, 1));
  g_ptr_array_index (swept->plan->strategies, 1) = g_strdup ("thread-pool-parallel");
  ib_report_compute_statistics (swept);
  generate (swept);
  assert_contains (finding (swept, "stall-responsive"),
                   "The fastest strategy that never missed a 60 Hz frame is " T_SYNC ": median ");
  assert_contains (finding (swept, "stall-responsive"),
                   "; " T_SYNC " is 4.0x faster than Thread pool (parallel) (95 % CI ");

  /* Sync wins at every sweep value by intervals that do not overlap, but
   * the intervals state no coverage (an older report): no verdict, so no
   * winner "throughout". */
  for (guint i = 0; i < swept->sweep->points->len; i++)
    {
      IbSweepPoint *p = &g_array_index (swept->sweep->points, IbSweepPoint, i);

      if (g_str_equal (p->strategy, FX_ASYNC))
        {
          p->median_ns *= 1000;
          p->ci_low_ns *= 1000;
          p->ci_high_ns *= 1000;
        }
      p->ci_level = 0;
    }
  swept->sweep->has_crossover = FALSE;
  generate (swept);
  /* Nor a "no crossover" (no conclusion from undecided points),
   * and the promises-vs-sync experiment is not decided either. */
  g_assert_cmpstr (finding (swept, "sweep"), ==,
                   "No crossover can be told between 1 file and 100 files: at neither end is "
                   "one strategy clearly faster.");
  g_assert_cmpstr (finding (swept, "seed-000"), ==,
                   "The Node.js promises-vs-sync experiment is not decided here: at neither "
                   "end of the sweep is one strategy clearly faster.");
  /* with their coverage, the same points give the verdict */
  for (guint i = 0; i < swept->sweep->points->len; i++)
    g_array_index (swept->sweep->points, IbSweepPoint, i).ci_level = 0.9921875;
  generate (swept);
  assert_contains (finding (swept, "sweep"), ": " T_SLC " is faster throughout.");
  /* the engine's crossover follows the same rule */
  ib_sweep_find_crossover (crossing->sweep);
  g_assert_true (crossing->sweep->has_crossover);
  for (guint i = 0; i < crossing->sweep->points->len; i++)
    g_array_index (crossing->sweep->points, IbSweepPoint, i).ci_level = 0;
  ib_sweep_find_crossover (crossing->sweep);
  g_assert_false (crossing->sweep->has_crossover);
}

/* On tmpfs the tmpfs warning was the fifth of fifteen
 * findings. Now the findings behind the answer come first, then every
 * validity warning (tmpfs before the rest), then the three experiments, then
 * the details; an old report's saved findings are found again, grouped,
 * when it is loaded. */
static void
test_grouped (void)
{
  g_autoptr(IbReport) report = fx_report_new (40);
  g_autoptr(IbReport) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *json = NULL;
  IbEnvironment *env = report->environment;
  IbFindingGroup groups[IB_N_FINDING_GROUPS] = { 0 };
  guint first_validity = G_MAXUINT;

  env->is_tmpfs = TRUE;
  env->is_fuse = TRUE;
  g_free (env->fs_type);
  env->fs_type = g_strdup ("btrfs");
  g_free (env->mount_options);
  env->mount_options = g_strdup ("rw,compress=zstd:3");
  generate (report);
  assert_sentences_grouped (report);

  for (guint i = 0; i < findings_of (report)->len; i++)
    {
      const IbFinding *f = &g_array_index (findings_of (report), IbFinding, i);
      IbFindingGroup group = ib_finding_group (f->id);

      groups[group]++;
      if (group == IB_FINDING_GROUP_VALIDITY && first_validity == G_MAXUINT)
        {
          first_validity = i;
          g_assert_cmpstr (f->id, ==, "tmpfs");
        }
    }
  /* every group has something in this report */
  for (guint g = 0; g < IB_N_FINDING_GROUPS; g++)
    g_assert_cmpuint (groups[g], >, 0);
  g_assert_cmpstr (g_array_index (findings_of (report), IbFinding, 0).id, ==, "sync-vs-async");
  g_assert_cmpuint (first_validity, ==, groups[IB_FINDING_GROUP_ANSWER]);
  g_assert_cmpint (ib_finding_group ("copy-on-write"), ==, IB_FINDING_GROUP_VALIDITY);
  g_assert_cmpint (ib_finding_group ("compression"), ==, IB_FINDING_GROUP_VALIDITY);
  g_assert_cmpint (ib_finding_group ("seed-001-write-unlink"), ==, IB_FINDING_GROUP_EXPERIMENTS);
  g_assert_cmpint (ib_finding_group ("no-such-id"), ==, IB_FINDING_GROUP_DETAILS);
  /* what the results page repeats as a banner */
  g_assert_true (ib_finding_is_warning ("tmpfs"));
  g_assert_true (ib_finding_is_warning ("fuse"));
  g_assert_true (ib_finding_is_warning ("cache-excluded"));
  g_assert_true (ib_finding_is_warning ("compression"));
  g_assert_false (ib_finding_is_warning ("cache"));
  g_assert_false (ib_finding_is_warning ("copy-on-write"));
  g_assert_false (ib_finding_is_warning ("fastest"));
  g_assert_false (ib_finding_is_warning ("no-such-id"));
  g_assert_nonnull (finding (report, "compression"));

  /* An older report: findings in the order they were once generated, in
   * another wording, an id this version does not know among them, no group
   * in the JSON. None of them is kept: the loaded report's findings are the
   * ones this version finds, grouped. */
  {
    GArray *old_findings = ib_findings_new ();
    g_autoptr(IbAnalysis) old_analysis = NULL;

    ib_findings_add (old_findings, "warm-up", "w");
    ib_findings_add (old_findings, "future-finding", "f");
    ib_findings_add (old_findings, "seed-002", "s");
    ib_findings_add (old_findings, "tmpfs", "t");
    ib_findings_add (old_findings, "fastest", "a");
    ib_findings_add (old_findings, "cache", "c");
    old_analysis = ib_analysis_new_with_findings (report, old_findings);
    json = ib_report_to_json (old_analysis, NULL);
  }
  g_assert_nonnull (strstr (json, "\"group\" : \"details\""));
  g_assert_nonnull (strstr (json, "\"id\" : \"future-finding\""));
  {
    /* drop the groups, as a version-1 report without them */
    g_autoptr(GRegex) re = g_regex_new (",\\s*\"group\" : \"[a-z]+\"", 0, 0, NULL);
    g_autofree char *old = g_regex_replace_literal (re, json, -1, 0, "", 0, NULL);

    g_assert_null (strstr (old, "\"group\""));
    loaded = ib_report_from_json (old, -1, &error);
  }
  g_assert_no_error (error);
  {
    g_autoptr(IbAnalysis) analysis = ib_analysis_new (loaded);
    const GArray *now = ib_analysis_get_findings (analysis);
    const GArray *fresh = findings_of (report);

    g_assert_cmpuint (now->len, ==, fresh->len);
    for (guint i = 0; i < now->len; i++)
      {
        const IbFinding *f = &g_array_index (now, IbFinding, i);

        g_assert_cmpstr (f->id, ==, g_array_index (fresh, IbFinding, i).id);
        g_assert_cmpstr (f->text, ==, g_array_index (fresh, IbFinding, i).text);
        g_assert_cmpstr (f->id, !=, "future-finding");
        g_assert_cmpuint (strlen (f->text), >, 1);
      }
  }
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/report/findings/separated", test_separated);
  g_test_add_func ("/report/findings/grouped", test_grouped);
  g_test_add_func ("/report/findings/uring-gap", test_uring_gap);
  g_test_add_func ("/report/findings/stall-and-sweep-verdicts", test_stall_and_sweep_verdicts);
  g_test_add_func ("/report/findings/overlapping", test_overlapping);
  g_test_add_func ("/report/findings/deterministic", test_deterministic);
  g_test_add_func ("/report/findings/cache-and-filesystem", test_cache_and_filesystem);
  g_test_add_func ("/report/findings/too-few", test_too_few);
  g_test_add_func ("/report/findings/virtual-disk-said-once", test_virtual_disk_said_once);
  g_test_add_func ("/report/findings/sweep-without-crossover", test_sweep_without_crossover);
  g_test_add_func ("/report/findings/seed-002", test_seed_002);
  g_test_add_func ("/report/findings/warm-up-and-empty-tasks", test_warm_up_and_empty_tasks);
  g_test_add_func ("/report/findings/stall", test_stall);
  g_test_add_func ("/report/findings/undecided-overhead-and-where",
                   test_undecided_overhead_and_where);
  g_test_add_func ("/report/compare/self", test_compare_self);
  g_test_add_func ("/report/compare/two", test_compare_two);
  status = g_test_run ();
  g_clear_pointer (&generated, g_hash_table_unref);
  return status;
}
