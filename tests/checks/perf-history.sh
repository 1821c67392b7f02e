#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# tests/perf/perf-history.py, the regression watch: on made-up results it
# keeps a run without replacing one, stays quiet when nothing moved, and names
# a row whose rounds no longer overlap and a target that is no longer met.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
py=/usr/bin/python3; [ -x "$py" ] || py=python3
script="$root/tests/perf/perf-history.py"
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
n=0; bad=0
ok() { n=$((n + 1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else bad=$((bad + 1)); echo "not ok $n - $2"; fi; }

# run NAME MEDIAN_MS MIN MAX T8 T8_MET: a compare-peers.json with one row and one target
run() {
  cat >"$t/$1.json" <<JSON
{"machine": {"commit": "c$1"}, "load": "0.5 0.5 0.5", "files": [1],
 "rows": [{"tool": "I/O Bench", "id": "sync-read-all", "cache": "warm", "n": 5,
           "median_ns": $(($2 * 1000000)), "min_ns": $(($3 * 1000000)),
           "max_ns": $(($4 * 1000000)), "mib_per_s": 1, "note": "", "samples": [1, 2]}],
 "targets": [{"id": "T8", "target": "io_uring vs fio", "measured": $5, "bound": ">= 0.9",
              "met": $6, "detail": ""}]}
JSON
}
run a 100 95 105 0.97 true
run b 102 96 108 0.96 true     # inside the noise
run c 140 130 150 0.80 false   # slower beyond the rounds; T8 no longer met

out=$("$py" "$script" diff "$t/b.json" "$t/a.json"); rc=$?
ok $([ $rc = 0 ] && grep -q 'nothing moved beyond noise' <<<"$out"; echo $?) \
  "within the rounds' spread, nothing is flagged (exit $rc)"
out=$("$py" "$script" diff "$t/c.json" "$t/a.json"); rc=$?
ok $([ $rc = 1 ]; echo $?) "a move beyond noise exits 1 (exit $rc)"
ok $(grep -q 'sync-read-all warm.*beyond noise' <<<"$out"; echo $?) \
  "the row whose rounds do not overlap is named"
ok $(grep -q 'T8.*no longer met' <<<"$out"; echo $?) "the target no longer met is named"

# fixed minutes: a real clock can turn a minute between two keeps
"$py" "$script" keep "$t/a.json" --results "$t/kept" --at 20261201-1000 >/dev/null; rc=$?
f=$(ls "$t/kept"/*.json 2>/dev/null | head -n 1)
ok $([ $rc = 0 ] && [ -n "$f" ] && ! grep -q samples "$f"; echo $?) \
  "keep writes a small copy, without raw samples"
cp "$f" "$t/before"
"$py" "$script" keep "$t/c.json" --results "$t/kept" --at 20261201-1001 >/dev/null 2>&1
cp "$t/kept/20261201-1001-cc.json" "$t/before-c" 2>/dev/null
"$py" "$script" keep "$t/c.json" --results "$t/kept" --at 20261201-1001 >/dev/null 2>&1; rc=$?
ok $([ $rc != 0 ] && cmp -s "$f" "$t/before" && cmp -s "$t/kept/20261201-1001-cc.json" "$t/before-c" \
     && [ "$(ls "$t/kept" | wc -l)" = 2 ]; echo $?) \
  "keeping twice in one minute refuses and replaces nothing"
"$py" "$script" keep "$t/b.json" --results "$t/kept" --at 2026-12-01 >/dev/null 2>&1; rc=$?
ok $([ $rc != 0 ] && [ "$(ls "$t/kept" | wc -l)" = 2 ]; echo $?) "a malformed --at is refused"
out=$("$py" "$script" diff --results "$t/kept"); rc=$?
ok $([ $rc = 1 ] && grep -q 'no longer met' <<<"$out"; echo $?) \
  "diff with no file compares the two newest kept runs"
out=$("$py" "$script" diff "$t/nope.json" "$t/a.json" 2>&1); rc=$?
ok $([ $rc != 0 ] && grep -q 'cannot read' <<<"$out"; echo $?) "a missing file is named"

echo "# $n checks, $bad failed"
[ $bad = 0 ]
