#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Signals: SIGINT and SIGTERM while the test files are made and while they are
# read end with exit 130 / 143, the files removed and, with --json, a partial
# report that keeps the samples finished so far. SIGKILL leaves the folder
# behind; the next run finds it by its marker (dead PID) and removes it.
# shellcheck disable=SC1111  # “quotes” as the CLI prints them
# shellcheck source=tests/faults/lib.sh
source "$(dirname "$0")/lib.sh"
need_test_hooks
need_script

dir="$work/dir"
mkdir -p "$dir"

# The signal's exit code.
declare -A exit_for=([INT]=130 [TERM]=143)

# 1. While making files: the engine is held after its 100th of 2,000 files
#    (its test-only hold point), the signal sent, and the run let go on: the
#    signal comes while files are made on any machine. A run that never
#    reaches the hold point fails.
for sig in INT TERM; do
  json="$work/write-$sig.json"
  hold_begin || { fail "SIG$sig mid-write: make the hold FIFO"; continue; }
  export IOBENCH_TEST_HOLD_AFTER_FILES=100 IOBENCH_TEST_HOLD_FIFO="$work/hold"
  start_cli "$work/log" run --dir "$dir" --count 2000 --size 4K \
    --strategies sync-read-all --repeat 1 --warmup 0 --json "$json" ||
    { fail "SIG$sig mid-write: start"; hold_release; rm -f "$work/hold"
      unset IOBENCH_TEST_HOLD_AFTER_FILES IOBENCH_TEST_HOLD_FIFO; continue; }
  unset IOBENCH_TEST_HOLD_AFTER_FILES IOBENCH_TEST_HOLD_FIFO
  held=0 made=
  if wait_for "the run to reach its hold point" 240 hold_reached "$cpid" &&
     proc_alive "$cpid"; then
    held=1
    made=$(find "$dir" -name 'file-*.bin' | wc -l)
    kill -"$sig" "$cpid"
  fi
  hold_release
  rm -f "$work/hold"
  finish_cli
  echo "# held: $held, ${made:-no} of 2000 files made at the signal"
  check "SIG$sig mid-write: the run reached its hold point" [ "$held" = 1 ]
  check "SIG$sig mid-write: the signal came while the files were made (100 made)" \
    [ "${made:-0}" -eq 100 ]
  check "SIG$sig mid-write: exit ${exit_for[$sig]}" [ "$code" -eq "${exit_for[$sig]}" ]
  check "SIG$sig mid-write: says the files were removed" \
    grep_file "interrupted; the test files were removed" "$work/log"
  check "SIG$sig mid-write: no test folder left" no_test_dirs "$dir"
  check "SIG$sig mid-write: partial report written" test -s "$json"
  json_check "SIG$sig mid-write: the report is marked partial" "$json" 'r["partial"] is True'
done

# 2. While reading: wait until a round is done, so a sample was kept.
for sig in INT TERM; do
  json="$work/read-$sig.json"
  start_cli "$work/log" run --dir "$dir" --count 4 --size 16M --strategies sync-stream \
    --chunk 4K --repeat 50 --warmup 0 --json "$json" ||
    { fail "SIG$sig mid-read: start"; continue; }
  wait_for "a finished round" 120 grep -qE "Round [0-9]+ of 50" "$work/log"
  kill -"$sig" "$cpid"
  finish_cli
  check "SIG$sig mid-read: exit ${exit_for[$sig]}" [ "$code" -eq "${exit_for[$sig]}" ]
  check "SIG$sig mid-read: says the files were removed" \
    grep_file "interrupted; the test files were removed" "$work/log"
  check "SIG$sig mid-read: no test folder left" no_test_dirs "$dir"
  json_check "SIG$sig mid-read: the report is marked partial" "$json" 'r["partial"] is True'
  json_check "SIG$sig mid-read: the samples so far are kept" "$json" \
    'len(r["samples"]) >= 1 and all(s["ok"] for s in r["samples"])'
  json_check "SIG$sig mid-read: fewer samples than planned" "$json" 'len(r["samples"]) < 50'
done

# 3. Write + delete: SIGTERM while requests are in flight.
start_cli "$work/log" write-unlink --dir "$dir" --requests 1000000 --concurrency 50 \
  --json "$work/wu.json" || fail "SIGTERM write-unlink: start"
wait_for "the test folder" 60 has_test_dir "$dir"
wait_for "a progress line" 60 grep -q "%" "$work/log"
kill -TERM "$cpid"
finish_cli
check "SIGTERM write-unlink: exit 143" [ "$code" -eq 143 ]
check "SIGTERM write-unlink: no test folder left" no_test_dirs "$dir"
json_check "SIGTERM write-unlink: the report is marked partial" "$work/wu.json" \
  'r["partial"] is True'

# 3b. A sweep (several test folders one after another) and the dispatch
#     overhead workload (no files at all) stop the same way.
start_cli "$work/log" sweep --vary count=1,10,100,1000 --size 64K --repeat 20 --warmup 0 \
  --dir "$dir" --json "$work/sweep.json" || fail "SIGINT sweep: start"
wait_for "a test folder" 60 has_test_dir "$dir"
kill -INT "$cpid"
finish_cli
check "SIGINT sweep: exit 130" [ "$code" -eq 130 ]
check "SIGINT sweep: no test folder left" no_test_dirs "$dir"
json_check "SIGINT sweep: the report is marked partial" "$work/sweep.json" 'r["partial"] is True'

start_cli "$work/log" overhead --iterations 5000000 --repeat 5 --json "$work/overhead.json" ||
  fail "SIGTERM overhead: start"
wait_for "a progress line" 60 grep -q "%" "$work/log"
kill -TERM "$cpid"
finish_cli
check "SIGTERM overhead: exit 143" [ "$code" -eq 143 ]
json_check "SIGTERM overhead: the report is marked partial" "$work/overhead.json" \
  'r["partial"] is True'

# 4. SIGKILL: nothing can clean up, so the folder stays, marker and all ...
start_cli "$work/log" run --dir "$dir" --count 20000 --size 4K --strategies sync-read-all \
  --repeat 1 --warmup 0 || fail "SIGKILL: start"
wait_for "the marker" 60 has_marker "$dir"
kill -KILL "$cpid"
finish_cli
stale=$(test_dirs "$dir")
check "SIGKILL: the test folder is left behind" test -n "$stale"
check "SIGKILL: its marker names the dead PID" grep_file "^pid=$cpid$" "$stale/.iobench-marker"
# ... and a user file put next to it (and one inside it) survives the reaper.
echo "keep me" >"$dir/user.txt"
echo "keep me too" >"$stale/user-inside.txt"
# ... until the next run, which removes what the marker lists.
if expect_exit 0 "$CLI" run --dir "$dir" --count 2 --size 4K --strategies sync-read-all \
     --repeat 1 --warmup 0 --quiet; then
  pass "after SIGKILL: the next run succeeds"
else
  fail "after SIGKILL: the next run succeeds"
fi
check "after SIGKILL: the listed files are gone" \
  test -z "$(find "$stale" -name 'file-*.bin' 2>/dev/null)"
check "after SIGKILL: the marker is gone" test ! -e "$stale/.iobench-marker"
check "after SIGKILL: the user's file beside it is intact" grep -qx "keep me" "$dir/user.txt"
check "after SIGKILL: the user's file inside it is intact" \
  grep -qx "keep me too" "$stale/user-inside.txt"
rm -f "$stale/user-inside.txt"
rmdir "$stale" 2>/dev/null
# Without a user file inside, the reaper removes the folder itself.
start_cli "$work/log" run --dir "$dir" --count 20000 --size 4K --strategies sync-read-all \
  --repeat 1 --warmup 0 || fail "SIGKILL again: start"
wait_for "the marker" 60 has_marker "$dir"
kill -KILL "$cpid"
finish_cli
expect_exit 0 "$CLI" run --dir "$dir" --count 2 --size 4K --strategies sync-read-all \
  --repeat 1 --warmup 0 --quiet
check "after SIGKILL: the stale folder is removed" no_test_dirs "$dir"
check "after SIGKILL: only the user's file is left" [ "$(ls -A "$dir")" = user.txt ]

finish
