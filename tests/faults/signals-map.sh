#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# A stopped map keeps its decided cells: SIGINT while `iobench-cli map` is
# past its first cell ends with exit 130, the test files removed, and a
# partial --json report whose map holds the cells measured so far, at
# least one of their lines decided, and the cells not reached said so.
# A run of a few seconds: 4 KiB files, 1, 2 and 4 of them, a 60 s budget it
# never uses up.
# shellcheck disable=SC1111  # “quotes” as the CLI prints them
# shellcheck source=tests/faults/lib.sh
source "$(dirname "$0")/lib.sh"
need_script

dir="$work/dir"
mkdir -p "$dir"
json="$work/map.json"

start_cli "$work/log" map --dir "$dir" --sizes 4K --counts 1,2,4 --budget 60 --json "$json" ||
  fail "SIGINT map: start"
# the progress line names the second cell once the first has its first look
wait_for "the map's second cell" 120 grep -q "× 2 files" "$work/log"
kill -INT "$cpid"
finish_cli
sed 's/^/# /' "$work/log" | tr '\r' '\n' | tail -5
check "SIGINT map: exit 130" [ "$code" -eq 130 ]
check "SIGINT map: says the files were removed" \
  grep_file "interrupted; the test files were removed" "$work/log"
check "SIGINT map: no test folder left" no_test_dirs "$dir"
check "SIGINT map: partial report written" test -s "$json"
json_check "SIGINT map: the report is marked partial" "$json" 'r["partial"] is True'
json_check "SIGINT map: the first cell was reached" "$json" 'r["map"]["cells"][0]["reached"]'
json_check "SIGINT map: a line of the cells reached is decided" "$json" \
  'any(c[l]["decision"]["verdict"] in ("a-faster", "b-faster", "equivalent")
       for c in r["map"]["cells"] if c["reached"] for l in ("serial", "parallel"))'
json_check "SIGINT map: the decided lines keep their pairs" "$json" \
  'all(len(c[l]["decision"]["pairs"]) >= 6 for c in r["map"]["cells"] if c["reached"]
       for l in ("serial", "parallel")
       if c[l]["decision"]["verdict"] in ("a-faster", "b-faster", "equivalent"))'
json_check "SIGINT map: a cell not reached has no pairs" "$json" \
  'all(len(c[l]["decision"]["pairs"]) == 0 for c in r["map"]["cells"] if not c["reached"]
       for l in ("serial", "parallel"))'
finish
