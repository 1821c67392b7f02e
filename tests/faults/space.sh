#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Not enough space, on small tmpfs mounts in a private mount namespace:
# 1. a plan of 16 MiB on 8 MiB is refused before anything is written, with
#    both sizes in the message;
# 2. space that runs out mid-write (another writer fills the disk while the
#    files are made) ends in an ENOSPC error naming the file, and the partial
#    files are removed; the other writer's file is untouched.
# 3. write + delete on a full disk fails cleanly too.
# shellcheck disable=SC1111  # “quotes” as the CLI prints them
# shellcheck source=tests/faults/lib.sh
source "$(dirname "$0")/lib.sh"
need_test_hooks
need_mount_ns "$@"

# 1. refused up front
small="$work/small"
mount_tmpfs "$small" 8m || { fail "mount an 8 MiB tmpfs"; finish; }
if expect_exit 1 "$CLI" run --dir "$small" --count 1 --size 16M --strategies sync-read-all \
     --repeat 1 --warmup 0 --quiet; then
  pass "16 MiB on 8 MiB: exit 1"
else
  fail "16 MiB on 8 MiB: exit 1"
fi
check "16 MiB on 8 MiB: says what is needed" grep_file "need 16(\.0)?[^0-9]{1,3}MiB" "$work/err"
check "16 MiB on 8 MiB: says what is free" \
  grep_file "8(\.0)?[^0-9]{1,3}MiB free on .*$small" "$work/err"
check "16 MiB on 8 MiB: one message" [ "$(grep -c . "$work/err")" -eq 1 ]
check "16 MiB on 8 MiB: nothing written" is_empty "$small"
# The same for a sweep (its biggest point decides).
expect_exit 1 "$CLI" sweep --vary size=4K,16M --dir "$small" --repeat 1 --warmup 0 --quiet
check "sweep up to 16 MiB on 8 MiB: refused with the sizes" \
  grep_file "need 16(\.0)?[^0-9]{1,3}MiB.* free" "$work/err"
check "sweep up to 16 MiB on 8 MiB: nothing left" is_empty "$small"

# 2. runs out mid-write. 4 MiB in 1,024 small files on a 64 MiB tmpfs (the
#    check before writing passes); the engine is held after its 100th file
#    (its test-only hold point), another writer fills the disk, and the run
#    goes on: the disk fills while the files are made on any machine. A run
#    that never reaches the hold point fails the test.
disk="$work/disk"
mount_tmpfs "$disk" 64m || { fail "mount a 64 MiB tmpfs"; finish; }
hold_begin || { fail "make the hold FIFO"; finish; }
# shellcheck disable=SC2046  # hold_env's words are the variables
env $(hold_env 100) "$CLI" run --dir "$disk" --count 1024 --size 4K \
  --strategies sync-read-all --repeat 1 --warmup 0 --quiet --json "$work/enospc.json" \
  >"$work/out" 2>"$work/err" </dev/null {hold_fd}>&- &
pid=$!
fault_pids+=("$pid")
held=0
if wait_for "the run to reach its hold point" 240 hold_reached "$pid" && proc_alive "$pid"; then
  held=1
  made=$(find "$disk" -name 'file-*.bin' | wc -l)
  dd if=/dev/zero of="$disk/filler" bs=1M status=none 2>/dev/null
fi
hold_release
wait "$pid"
code=$?
fault_pids=()
echo "# held: $held, ${made:-no} files made when the disk was filled; exit $code"
check "disk full mid-write: the run reached its hold point" [ "$held" = 1 ]
check "disk full mid-write: the disk was filled while the files were made (100 made)" \
  [ "${made:-0}" -eq 100 ]
check "disk full mid-write: exit 1" [ "$code" -eq 1 ]
check "disk full mid-write: ENOSPC named with the file" \
  grep_file "filled up while writing “$disk/iobench-[^/]*/file-[0-9]+\.bin”.*No space left" \
  "$work/err"
check "disk full mid-write: no test folder left" no_test_dirs "$disk"
check "disk full mid-write: only the other writer's file remains" \
  [ "$(ls -A "$disk")" = filler ]
check "disk full mid-write: the report says why" \
  grep_file '"error" *: *"The disk filled up while writing' "$work/enospc.json"

# 3. write + delete on a nearly full disk (64 KiB left): the test folder fits,
#    the letters do not.
rm -f "$disk/filler"
dd if=/dev/zero of="$disk/filler" bs=4K count=$(( (64 * 1024 - 64) / 4 )) status=none 2>/dev/null
expect_exit 1 "$CLI" write-unlink --dir "$disk" --requests 200 --concurrency 20 --bytes 64K --quiet
check "write-unlink on a full disk: exit 1" [ "$last_exit" -eq 1 ]
check "write-unlink on a full disk: says the disk is full" \
  grep_file "[Nn]o space|filled up|Not enough free space" "$work/err"
check "write-unlink on a full disk: no test folder left" no_test_dirs "$disk"

finish
