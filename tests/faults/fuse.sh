#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Real faults from a FUSE file system (tests/faults/faultfs.c) mounted in a
# mount namespace over a backing folder:
# 1. EIO in the middle of one file, in its first open for reading, under each
#    strategy the CLI can run here: that sample fails naming the file and
#    "Input/output error", the run goes on (exit 0), the report says which
#    sample, and cleanup removes everything.
# 2. EIO and ENOSPC while the test files are made: a clear error naming the
#    file (exit 1) and nothing left behind.
# 3. Slow storage (200 ms per read): the rounds keep coming, and SIGINT ends
#    a streaming strategy long before the sample would have ended. Short
#    reads and a misstated size are read through or reported.
# 3b. Short reads (direct I/O: each read returns half of what was asked):
#     every strategy that reads loops until the end and verifies its CRC.
#     mmap gets its pages through the kernel, which takes a short page for a
#     fault: that sample may fail, naming the file.
# 4. The FUSE warning in the findings and the report.
# Usage: fuse.sh [FAULTFS [XVFB-RUN TEST-PLAN-FUSE SCHEMA-DIR]] (meson passes
# faultfs when libfuse3 was found, and the plan page's test with the GUI).
# shellcheck disable=SC1111  # “quotes” as the CLI prints them
# shellcheck source=tests/faults/lib.sh
source "$(dirname "$0")/lib.sh"
faultfs=${1:-}
xvfb=${2:-}
plan_test=${3:-}
schema_dir=${4:-}
[ -n "$faultfs" ] ||
  skip_missing libfuse3-dev "faultfs was not built: libfuse3's development files were not found"
need_mount_ns "$@"
[ -c /dev/fuse ] || skip "/dev/fuse is missing: this machine (a container?) cannot mount FUSE file systems; no package fixes that"
need_script

backing="$work/backing"
mnt="$work/mnt"
mkdir -p "$backing" "$mnt"

# fuse_mount OPTIONS: a fresh faultfs on $mnt over $backing with OPTIONS.
fuse_mount () {
  fuse_umount
  "$faultfs" -o "$1" "$backing" "$mnt" || return 1
  fault_mounts+=("$mnt")
}

fuse_umount () {
  if mountpoint -q "$mnt"; then umount "$mnt" || umount -l "$mnt"; fi
}

if ! fuse_mount "match=nothing"; then
  skip "faultfs cannot mount here (no FUSE in this kernel or container; no package fixes that)"
fi

# 1. EIO at byte 100,000 of file-1.bin, in its first open for reading only.
# Every strategy the CLI can run here: the 12 GIO, thread and mmap ones
# always, the io_uring ones where the build and the kernel allow io_uring.
strategies=$(available_strategies)
n_strategies=$(echo "$strategies" | wc -w)
check "EIO: the CLI offers at least the 12 non-io_uring strategies ($n_strategies)" \
  [ "$n_strategies" -ge 12 ]
for s in $strategies; do
  json="$work/eio-$s.json"
  fuse_mount "match=file-1.bin,eio_read_at=100000,eio_opens=1" || { fail "$s: mount"; continue; }
  expect_exit 0 "$CLI" run --dir "$mnt" --count 3 --size 256K --strategies "$s" --repeat 2 \
    --warmup 0 --cache cold --json "$json"
  check "EIO under $s: the run goes on (exit 0)" [ "$last_exit" -eq 0 ]
  check "EIO under $s: the warning names the file and the error" \
    grep_file "warning: .* failed in round 1: .*file-1\.bin.*Input/output error" "$work/err"
  json_check "EIO under $s: the report says the first sample failed, naming the file" "$json" \
    '[s["ok"] for s in r["samples"]] == [False, True] and "file-1.bin" in r["samples"][0]["error"] and "Input/output error" in r["samples"][0]["error"]'
  check "EIO under $s: cleanup removes everything" is_empty "$backing"
done

# 1b. The same EIO met while warming the page cache, before any sample: the
#     storage's error is said, naming the file, and the run goes on; each
#     sample warms again first (the second open succeeds) and is measured.
#     (Whether it stays warm is FUSE's business: without keep_cache the
#     kernel drops a FUSE file's pages on open, so the samples are left out
#     as "not warm" — that part is tested elsewhere.)
fuse_mount "match=file-1.bin,eio_read_at=100000,eio_opens=1" || fail "EIO warming: mount"
json="$work/eio-warming.json"
expect_exit 0 "$CLI" run --dir "$mnt" --count 3 --size 256K --strategies sync-read-all \
  --repeat 2 --warmup 0 --cache warm --json "$json"
check "EIO while warming: the run goes on (exit 0)" [ "$last_exit" -eq 0 ]
check "EIO while warming: the warning names the file and the error" \
  grep_file "Could not warm the page cache: Cannot read “$mnt/iobench-[A-Za-z0-9]{6}/file-1\.bin”: .*Input/output error" "$work/err"
json_check "EIO while warming: both samples measured" "$json" \
  '[s["ok"] for s in r["samples"]] == [True, True]'
check "EIO while warming: nothing left behind" is_empty "$backing"

# 2. Faults while making the files: the third 64 KiB write of a file fails.
for e in eio enospc; do
  fuse_mount "match=file-,write_fail_after=150000,write_errno=$e" || { fail "$e: mount"; continue; }
  expect_exit 1 "$CLI" run --dir "$mnt" --count 3 --size 1M --strategies sync-read-all \
    --repeat 1 --warmup 0
  if [ "$e" = eio ]; then
    msg="Cannot write “$mnt/iobench-[A-Za-z0-9]{6}/file-0\.bin”: .*Input/output error"
  else
    msg="The disk filled up while writing “$mnt/iobench-[A-Za-z0-9]{6}/file-0\.bin”: .*No space left on device"
  fi
  check "$e while making files: exit 1" [ "$last_exit" -eq 1 ]
  check "$e while making files: the error names the file" grep_file "$msg" "$work/err"
  check "$e while making files: nothing left behind" is_empty "$backing"
done

# 3. Slow storage: every read of a test file waits 200 ms.
fuse_mount "match=file-,delay_ms=200,log=$work/reads" || fail "slow: mount"
start_cli "$work/log" run --dir "$mnt" --count 2 --size 64K --strategies sync-stream \
  --repeat 4 --warmup 0 --cache cold || fail "slow: start"
finish_cli
check "slow: the run succeeds (exit 0)" [ "$code" -eq 0 ]
rounds=$(grep -oE "Round [0-9] of 4" "$work/log" | uniq | tr -d '\n')
check "slow: the progress line went through every round ($rounds)" \
  [ "$rounds" = "Round 1 of 4Round 2 of 4Round 3 of 4Round 4 of 4" ]

# SIGINT in a sample that would take minutes (direct I/O: each 64 KiB read
# waits 200 ms, 2 x 32 MiB take 200 s): it ends at the next read. 60 s is
# only a safety cap.
fuse_mount "match=file-,delay_ms=200,direct_io,log=$work/reads" || fail "slow: mount"
# shellcheck disable=SC2317  # called through wait_for
stopped () { ! kill -0 "$cpid" 2>/dev/null; }
for s in sync-stream async-stream-serial; do
  : >"$work/reads"
  start_cli "$work/log" run --dir "$mnt" --count 2 --size 32M --strategies "$s" --chunk 64K \
    --repeat 3 --warmup 0 --cache cold || { fail "slow $s: start"; continue; }
  wait_for "the first slow read" 120 grep -q "^read " "$work/reads"
  kill -INT "$cpid"
  check "slow $s: SIGINT ends the run within the 60 s cap" wait_for "the run to end" 60 stopped
  finish_cli
  check "slow $s: exit 130" [ "$code" -eq 130 ]
  check "slow $s: says the files were removed" \
    grep_file "interrupted; the test files were removed" "$work/log"
  check "slow $s: nothing left behind" is_empty "$backing"
done

# 3b. Short reads (direct I/O: each read returns half of what was asked):
#     every strategy that reads loops until the end and verifies its CRC.
#     mmap gets its pages through the kernel, which takes a short page for a
#     fault: that sample may fail, naming the file.
fuse_mount "match=file-,short_reads,direct_io" || fail "short reads: mount"
expect_exit 0 "$CLI" run --dir "$mnt" --count 3 --size 256K --strategies all --repeat 1 \
  --warmup 0 --verify --cache cold --json "$work/short.json"
check "short reads: the run goes on (exit 0)" [ "$last_exit" -eq 0 ]
json_check "short reads: every read strategy reads it all, CRC checked" "$work/short.json" \
  'len(r["samples"]) == '"$n_strategies"' and all(s["ok"] for s in r["samples"] if s["strategy"] != "mmap")'
json_check "short reads: an mmap failure names the file" "$work/short.json" \
  'all(s["ok"] or "file-" in s["error"] for s in r["samples"])'
check "short reads: nothing left behind" is_empty "$backing"

# 3c. A file whose size the file system misstates (4 KiB more than it
#     holds): a strategy that reads by the size says so, naming the file.
fuse_mount "match=file-1.bin,size_delta=4096" || fail "size: mount"
expect_exit 0 "$CLI" run --dir "$mnt" --count 3 --size 256K --strategies sync-read-all,sync-stream \
  --repeat 1 --warmup 0 --cache cold --json "$work/size.json"
check "misstated size: the run goes on (exit 0)" [ "$last_exit" -eq 0 ]
json_check "misstated size: sync-read-all fails naming the file and both sizes" "$work/size.json" \
  'any(s["strategy"] == "sync-read-all" and not s["ok"] and "file-1.bin" in s["error"] and "holds 266240 bytes, not the 262144" in s["error"] for s in r["samples"])'
check "misstated size: nothing left behind" is_empty "$backing"

# 4. The FUSE warning in the findings and the report.
fuse_mount "match=nothing" || fail "warning: mount"
expect_exit 0 "$CLI" run --dir "$mnt" --count 2 --size 64K --strategies sync-read-all \
  --repeat 1 --warmup 0 --json "$work/fuse.json"
check "FUSE: the findings say the files were on FUSE" \
  grep_file "The files were on a FUSE file system \(fuse\.faultfs\)" "$work/out"
json_check "FUSE: the report's environment says FUSE" "$work/fuse.json" \
  'r["environment"]["is_fuse"] is True and r["environment"]["fs_type"] == "fuse.faultfs"'
json_check "FUSE: the report's findings say FUSE" "$work/fuse.json" \
  'any("FUSE file system" in f["text"] for f in r["findings"])'
if [ -n "$plan_test" ]; then
  # statfs takes 700 ms, as on a slow network file system: the page's folder
  # probe is still running when the test drops the page
  fuse_mount "match=nothing,statfs_delay_ms=700" || fail "plan page: mount"
  GSETTINGS_SCHEMA_DIR="$schema_dir" "$xvfb" "$plan_test" "$mnt" >"$work/plan.log" 2>&1
  plan_status=$?
  if [ "$plan_status" -eq 0 ]; then
    pass "FUSE: the plan page shows the FUSE warning; a page dropped mid-probe goes on the main thread"
  else
    # once seen in a whole ./test.sh: "ok 1" and nothing after it, yet a failing
    # status; say which (a signal is 128 + its number)
    fail "FUSE: the plan page shows the FUSE warning; a page dropped mid-probe goes on the main thread (exit status $plan_status)"
    # its last lines, whatever failed: an assertion, or the X server
    tail -n 8 "$work/plan.log" | sed 's/^/#   /'
  fi
else
  echo "# the GUI is not built: the plan page's warning is checked only with it"
fi
fuse_umount
finish
