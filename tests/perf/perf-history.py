#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""perf-history.py: the regression watch over compare-peers' results.

  perf-history.py keep OUT/compare-peers.json [--results DIR] [--at STAMP]
      copies a run's table (machine, load, rows, targets; no raw samples) to
      DIR/YYYYMMDD-HHMM-COMMIT.json (DIR: tests/perf/results; STAMP: the
      YYYYMMDD-HHMM part, by default the minute now, in UTC). Never replaces
      a kept file.
  perf-history.py diff [NEW [OLD]] [--results DIR]
      prints what changed from OLD to NEW (default: the two newest kept
      files; NEW alone: against the newest kept). Exit 0, or 1 when a row or
      a target moved beyond its noise, so a script can watch for it.

The noise. A row (one tool, one strategy, one cache state) kept the spread of
its rounds (min_ns, max_ns). A row moved when the two runs' ranges do not
overlap: every round of one was slower than every round of the other. A
target is a ratio of rows; its noise is the widest relative half-range of
the rows of both runs (a machine-wide figure: the same load spreads them
all), and it moved when its value changed by more than that, or it went from
met to not met, or back. A row without a spread (an older file) counts as
noise 10 %, and says so.
"""

import argparse
import glob
import json
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_NOISE = 0.10
# what a kept row holds (perf-table.py's row, never raw samples)
ROW_KEYS = ('tool', 'id', 'cache', 'n', 'median_ns', 'min_ns', 'max_ns', 'cpu_ns', 'mib_per_s',
            'note')


def load(path):
    try:
        with open(path, encoding='utf-8') as f:
            data = json.load(f)
    except (OSError, ValueError) as e:
        sys.exit(f'perf-history.py: cannot read {path}: {e}')
    if not isinstance(data, dict) or not isinstance(data.get('rows'), list) \
       or not isinstance(data.get('targets'), list):
        sys.exit(f'perf-history.py: {path} is not a compare-peers.json (no rows or targets)')
    return data


def kept(results):
    return sorted(glob.glob(os.path.join(results, '*.json')))


def keep(src, results, stamp=None):
    data = load(src)
    commit = (data.get('machine') or {}).get('commit') or 'nocommit'
    if stamp is None:
        stamp = time.strftime('%Y%m%d-%H%M', time.gmtime())
    elif len(stamp) != 13 or stamp[8] != '-' or not (stamp[:8] + stamp[9:]).isdigit():
        sys.exit(f'perf-history.py keep: --at {stamp}: give the time as YYYYMMDD-HHMM')
    os.makedirs(results, exist_ok=True)
    name = f"{stamp}-{commit}.json"
    dest = os.path.join(results, name)
    small = {k: data[k] for k in ('machine', 'load', 'files', 'targets', 'status') if k in data}
    small['rows'] = [{k: r[k] for k in ROW_KEYS if k in r} for r in data['rows']]
    try:
        fd = os.open(dest, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    except FileExistsError:
        sys.exit(f'perf-history.py: {dest} exists already; keep again in a minute')
    with os.fdopen(fd, 'w', encoding='utf-8') as f:
        json.dump(small, f, indent=1, sort_keys=True)
        f.write('\n')
    print(f'kept {dest}')


def key(row):
    return (row.get('tool'), row.get('id'), row.get('cache'))


def half_range(row):
    """The row's relative half-range, or None when it kept no spread."""
    lo, hi, med = row.get('min_ns'), row.get('max_ns'), row.get('median_ns')
    if not lo or not hi or not med:
        return None
    return (hi - lo) / 2 / med


def number(value):
    """A target's measured value as a number ("10.4 us" -> 10.4), or None."""
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, str):
        try:
            return float(value.split()[0].rstrip('x'))
        except (ValueError, IndexError):
            return None
    return None


def diff(new_path, old_path):
    new, old = load(new_path), load(old_path)
    print(f'from {os.path.basename(old_path)} (load {old.get("load")})')
    print(f'to   {os.path.basename(new_path)} (load {new.get("load")})')
    moved = 0

    old_rows = {key(r): r for r in old['rows'] if r.get('median_ns')}
    spreads = []
    print('\n| row | before ms | after ms | change | |')
    print('|---|---:|---:|---:|---|')
    for r in new['rows']:
        o = old_rows.get(key(r))
        if not r.get('median_ns') or o is None:
            continue
        for row in (r, o):
            h = half_range(row)
            if h is not None:
                spreads.append(h)
        change = r['median_ns'] / o['median_ns'] - 1
        if None in (r.get('min_ns'), r.get('max_ns'), o.get('min_ns'), o.get('max_ns')):
            beyond = abs(change) > DEFAULT_NOISE
            why = 'beyond 10 % (no spread kept)' if beyond else ''
        else:
            beyond = r['min_ns'] > o['max_ns'] or r['max_ns'] < o['min_ns']
            why = 'beyond noise (the rounds do not overlap)' if beyond else ''
        moved += beyond
        name = ' '.join(str(x) for x in key(r))
        print(f"| {name} | {o['median_ns'] / 1e6:,.1f} | {r['median_ns'] / 1e6:,.1f} | "
              f"{change * 100:+.0f} % | {'**' + why + '**' if why else ''} |")

    noise = max(spreads) if spreads else DEFAULT_NOISE
    print(f'\ntargets (noise: {noise * 100:.0f} %, the widest half-range of the rounds)')
    print('| target | before | after | |')
    print('|---|---:|---:|---|')
    old_targets = {t.get('id'): t for t in old['targets']}
    for t in new['targets']:
        o = old_targets.get(t.get('id'))
        if o is None:
            continue
        a, b = number(o.get('measured')), number(t.get('measured'))
        why = []
        if o.get('met') is not None and t.get('met') is not None and o['met'] != t['met']:
            why.append('now met' if t['met'] else 'no longer met')
        if a and b and abs(b / a - 1) > noise:
            why.append(f'moved {(b / a - 1) * 100:+.0f} %, beyond noise')
        moved += bool(why)
        print(f"| {t['id']} | {o.get('measured')} | {t.get('measured')} | "
              f"{'**' + '; '.join(why) + '**' if why else ''} |")
    print(f'\n{moved} moved beyond noise' if moved else '\nnothing moved beyond noise')
    return 1 if moved else 0


def main():
    p = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    p.add_argument('command', choices=('keep', 'diff'))
    p.add_argument('files', nargs='*')
    p.add_argument('--results', default=os.path.join(HERE, 'results'))
    p.add_argument('--at', help='keep: the YYYYMMDD-HHMM the name carries (default: now)')
    a = p.parse_args()
    if a.command == 'keep':
        if len(a.files) != 1:
            sys.exit('perf-history.py keep: give one compare-peers.json')
        keep(a.files[0], a.results, a.at)
        return 0
    files = kept(a.results)
    if len(a.files) == 2:
        new, old = a.files
    elif len(a.files) == 1:
        if not files:
            sys.exit(f'perf-history.py diff: nothing kept in {a.results} to compare with')
        new, old = a.files[0], files[-1]
    else:
        if len(files) < 2:
            sys.exit(f'perf-history.py diff: {a.results} keeps {len(files)} run(s); '
                     'two are needed (perf-history.py keep OUT/compare-peers.json)')
        new, old = files[-1], files[-2]
    return diff(new, old)


if __name__ == '__main__':
    sys.exit(main())
