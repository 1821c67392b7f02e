#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""big-report.py: writes a large, valid I/O Bench report, and with --bench
times the CLI rendering it against a small one (a meson benchmark).

  big-report.py --samples N OUT.json
      OUT.json: the read report of tests/report/golden/old-real-read.json with
      N measured samples of each of its first two strategies (seeded log-normal
      times, every sample ok), their statistics computed from them.

  big-report.py --bench --samples N [--reference M] WORKDIR
      writes a report of M (default 20) and one of N samples a side in WORKDIR
      and renders each with `iobench-cli report FILE --csv --md --html` (the
      CLI is $IOBENCH_CLI), printing for each the wall time and the peak RSS
      (getrusage of the child), then big / small as ratios. It states the
      figures and never fails on speed (the issue 35 target for N = 20,000 is
      < 5 s and < 200 MB); it fails only when a render fails.
"""
import argparse
import json
import math
import os
import random
import resource
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.join(HERE, '..', 'report', 'golden', 'old-real-read.json')


def quantile(sorted_values, q):
    pos = (len(sorted_values) - 1) * q
    lo = math.floor(pos)
    hi = min(lo + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (pos - lo)


def stats_of(strategy, walls, bytes_per_sample):
    v = sorted(walls)
    n = len(v)
    mean = sum(v) / n
    median = quantile(v, 0.5)
    sd = math.sqrt(sum((x - mean) ** 2 for x in v) / (n - 1)) if n > 1 else 0.0
    mad = quantile(sorted(abs(x - median) for x in v), 0.5)
    q1, q3 = quantile(v, 0.25), quantile(v, 0.75)
    # the order-statistic interval of the median, at 95 %
    half = 1.96 * math.sqrt(n) / 2
    lo = v[max(0, int(math.floor(n / 2 - half)) - 1)]
    hi = v[min(n - 1, int(math.ceil(n / 2 + half)))]
    iqr = q3 - q1
    mild = sum(1 for x in v if (x < q1 - 1.5 * iqr or x > q3 + 1.5 * iqr)
               and not (x < q1 - 3 * iqr or x > q3 + 3 * iqr))
    severe = sum(1 for x in v if x < q1 - 3 * iqr or x > q3 + 3 * iqr)
    return {
        'strategy': strategy, 'n': n, 'n_failed': 0, 'n_excluded': 0,
        'min_ns': v[0], 'max_ns': v[-1], 'mean_ns': mean, 'median_ns': median,
        'stddev_ns': sd, 'mad_ns': mad, 'q1_ns': q1, 'q3_ns': q3,
        'ci_low_ns': lo, 'ci_high_ns': hi, 'ci_method': 'order-statistic', 'ci_level': 0.95,
        'cv': sd / mean, 'mib_per_s': bytes_per_sample / (median / 1e9) / 1048576,
        'user_ns': 0.0, 'sys_ns': median * 0.9, 'max_in_flight': 1,
        'outliers_mild': mild, 'outliers_severe': severe,
    }


def make_report(n_samples, path):
    with open(GOLDEN, encoding='utf-8') as f:
        report = json.load(f)
    strategies = report['plan']['strategies'][:2]
    template = report['samples'][0]
    rng = random.Random(35)
    report['plan']['strategies'] = strategies
    report['plan']['repeat'] = n_samples
    report['plan']['warmup'] = 0
    samples, stats = [], []
    walls = {s: [] for s in strategies}
    for rnd in range(n_samples):
        for k, strategy in enumerate(strategies):
            wall = int(rng.lognormvariate(math.log(1e6 * (1 + 0.2 * k)), 0.25))
            sample = dict(template, strategy=strategy, round=rnd, warmup=False, wall_ns=wall,
                          user_ns=0, sys_ns=int(wall * 0.9))
            samples.append(sample)
            walls[strategy].append(wall)
    for strategy in strategies:
        stats.append(stats_of(strategy, walls[strategy], template['bytes']))
    report['samples'] = samples
    report['statistics'] = stats
    # derived members the loader ignores: left out, the CLI derives its own
    for derived in ('answer', 'findings'):
        report.pop(derived, None)
    with open(path, 'w', encoding='utf-8') as f:
        json.dump(report, f, indent=1)


def render(cli, report, workdir, tag):
    outs = [os.path.join(workdir, f'{tag}.{ext}') for ext in ('csv', 'md', 'html')]
    for o in outs:
        if os.path.exists(o):
            os.unlink(o)
    # the Markdown's charts (never replaced by the CLI): from an earlier run
    shutil.rmtree(os.path.join(workdir, f'{tag}-charts'), ignore_errors=True)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    done = subprocess.run([cli, 'report', report, '--csv', outs[0], '--md', outs[1],
                           '--html', outs[2]], stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, check=False)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.stderr.write(done.stderr.decode(errors='replace'))
        raise SystemExit(f'{tag}: iobench-cli report exited {done.returncode}')
    # ru_maxrss of the children is the largest child so far: render the big one last
    return wall, max(after.ru_maxrss, before.ru_maxrss) / 1024.0


def bench(args):
    cli = os.environ.get('IOBENCH_CLI')
    if not cli:
        raise SystemExit('IOBENCH_CLI is not set')
    os.makedirs(args.out, exist_ok=True)
    small = os.path.join(args.out, 'small.json')
    big = os.path.join(args.out, 'big.json')
    make_report(args.reference, small)
    make_report(args.samples, big)
    small_t, small_rss = render(cli, small, args.out, 'small')
    big_t, big_rss = render(cli, big, args.out, 'big')
    mib = os.path.getsize(big) / 1048576.0
    print(f'report of {args.reference} samples a side: {small_t:.2f} s, {small_rss:.0f} MiB max RSS')
    print(f'report of {args.samples} samples a side ({mib:.1f} MiB): {big_t:.2f} s, '
          f'{big_rss:.0f} MiB max RSS')
    print(f'ratios big / small: time {big_t / small_t:.1f}x, max RSS {big_rss / small_rss:.1f}x')
    print('target for 20,000 a side (issue 35): < 5 s and < 200 MB')


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--samples', type=int, default=20000)
    parser.add_argument('--reference', type=int, default=20)
    parser.add_argument('--bench', action='store_true')
    parser.add_argument('out')
    args = parser.parse_args()
    if args.bench:
        bench(args)
    else:
        make_report(args.samples, args.out)


if __name__ == '__main__':
    main()
