#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Signals until the last byte: SIGINT or SIGTERM while an output is written
# (report, chart, compare, and run's outputs after the run) ends with exit
# 130 / 143 and a message, leaves no temporary file, and begins no later
# output. Each export is held at its test-only hold point (src/engine/
# ib-output.c: its bytes are in the temporary file, the rename is next)
# when the signal is sent, and is never released: only the signal can end
# the hold, so a command that let the signal kill it, or ignored it, fails.
# shellcheck disable=SC1111  # “quotes” as the CLI prints them
# shellcheck source=tests/faults/lib.sh
source "$(dirname "$0")/lib.sh"
need_test_hooks

dir="$work/dir"
out="$work/out-dir"
mkdir -p "$dir" "$out"
declare -A exit_for=([INT]=130 [TERM]=143)

report="$work/report.json"
if ! "$CLI" run --dir "$dir" --count 2 --size 64K --strategies sync-read-all,mmap --repeat 3 \
     --warmup 0 --quiet --json "$report" >/dev/null 2>"$work/err"; then
  cat "$work/err"; fail "made a report to export"; finish
fi
sum=$(md5sum <"$report")

# held SIG WHAT ARGS...: runs iobench-cli ARGS held at its first output, sends
# SIG once it is held; sets $code (or fails WHAT when it is never held).
held () {
  local sig=$1 what=$2 pid; shift 2
  hold_begin || { fail "$what: make the hold FIFO"; return 1; }
  IOBENCH_TEST_HOLD_AFTER_OUTPUTS=1 IOBENCH_TEST_HOLD_FIFO="$work/hold" \
    "$CLI" "$@" >"$work/stdout" 2>"$work/err" </dev/null {hold_fd}>&- &
  pid=$!
  fault_pids+=("$pid")
  if wait_for "$what to reach its hold point" 120 hold_reached "$pid" && proc_alive "$pid"; then
    pass "$what: held while writing"
    ls -A "$out" >"$work/held-listing"
    kill -"$sig" "$pid"
    # No release: the signal alone must end the hold. (A safety net only.)
    wait_for "$what to end" 60 eval "! proc_alive $pid" || hold_release
  else
    fail "$what: held while writing"
  fi
  wait "$pid"
  code=$?
  hold_release
  rm -f "$work/hold"
  fault_pids=()
}

for sig in INT TERM; do
  want=${exit_for[$sig]}
  held "$sig" "SIG$sig report --csv" report "$report" --csv "$out/r.csv"
  check "SIG$sig report --csv: its temporary file was there while held" \
    grep -q "^\.r\.csv\.ib" "$work/held-listing"
  check "SIG$sig report --csv: exit $want" [ "$code" -eq "$want" ]
  check "SIG$sig report --csv: says it was not written" \
    grep_file "--csv: Interrupted: “$out/r.csv” was not written" "$work/err"
  check "SIG$sig report --csv: nothing left, no temporary file" is_empty "$out"

  # HTML draws its charts first (in files of its own): that is where it is held
  held "$sig" "SIG$sig report --html" report "$report" --html "$out/r.html" --csv "$out/r.csv"
  check "SIG$sig report --html: exit $want" [ "$code" -eq "$want" ]
  check "SIG$sig report --html: says it was not written" \
    grep_file "--html: Interrupted: “$out/r.html” was not written" "$work/err"
  check "SIG$sig report --csv after it: not begun, and says so" \
    grep_file "--csv: interrupted: “$out/r.csv” was not begun" "$work/err"
  check "SIG$sig report --html: nothing left, no temporary file" is_empty "$out"

  held "$sig" "SIG$sig chart --png" chart --from "$report" --png "$out/c.png"
  check "SIG$sig chart --png: its temporary file was there while held" \
    grep -q "^\.c\.png\.ib" "$work/held-listing"
  check "SIG$sig chart --png: exit $want" [ "$code" -eq "$want" ]
  check "SIG$sig chart --png: says it was not written" \
    grep_file "Interrupted: “$out/c.png” was not written" "$work/err"
  check "SIG$sig chart: nothing left, no temporary file" is_empty "$out"

  held "$sig" "SIG$sig compare --chart" compare "$report" "$report" --chart "$out/c.svg" \
    --html "$out/c.html"
  check "SIG$sig compare --chart: exit $want" [ "$code" -eq "$want" ]
  check "SIG$sig compare --chart: says it was not written" \
    grep_file "Interrupted: “$out/c.svg” was not written" "$work/err"
  check "SIG$sig compare --html after it: not begun" \
    grep_file "--html: interrupted: “$out/c.html” was not begun" "$work/err"
  check "SIG$sig compare: nothing left, no temporary file" is_empty "$out"

  # run: the run ends as it should, then its first output is interrupted
  held "$sig" "SIG$sig run --json" run --dir "$dir" --count 1 --size 4K \
    --strategies sync-read-all --repeat 1 --warmup 0 --quiet --json "$out/r.json" \
    --csv "$out/r.csv"
  check "SIG$sig run --json: exit $want" [ "$code" -eq "$want" ]
  check "SIG$sig run --json: says it was not written" \
    grep_file "--json: Interrupted: “$out/r.json” was not written" "$work/err"
  check "SIG$sig run --csv after it: not begun" \
    grep_file "--csv: interrupted: “$out/r.csv” was not begun" "$work/err"
  check "SIG$sig run: nothing left, no temporary file" is_empty "$out"
  check "SIG$sig run: no test folder left" no_test_dirs "$dir"
done

check "the input report is intact" test "$(md5sum <"$report")" = "$sum"

finish
