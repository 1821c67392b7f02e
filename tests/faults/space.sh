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
check "16 MiB on 8 MiB: says what is needed" grep_file "need 16\.0[^0-9]{1,3}MiB" "$work/err"
check "16 MiB on 8 MiB: says what is free" \
  grep_file "8\.0[^0-9]{1,3}MiB free on .*$small" "$work/err"
check "16 MiB on 8 MiB: one message" [ "$(grep -c . "$work/err")" -eq 1 ]
check "16 MiB on 8 MiB: nothing written" is_empty "$small"
# The same for a sweep (its biggest point decides).
expect_exit 1 "$CLI" sweep --vary size=4K,16M --dir "$small" --repeat 1 --warmup 0 --quiet
check "sweep up to 16 MiB on 8 MiB: refused with the sizes" \
  grep_file "need 16\.0[^0-9]{1,3}MiB.* free" "$work/err"
check "sweep up to 16 MiB on 8 MiB: nothing left" is_empty "$small"

# 2. runs out mid-write. 40 MiB in 10,240 small files on a 64 MiB tmpfs (the
#    check before writing passes); as soon as the test folder appears, another
#    writer fills the disk. Making 10,240 files takes long enough for that;
#    should this machine be so fast that the run ends first, it is tried again
#    with the filler started earlier.
disk="$work/disk"
mount_tmpfs "$disk" 64m || { fail "mount a 64 MiB tmpfs"; finish; }
hit=0
for attempt in 1 2 3; do
  "$CLI" run --dir "$disk" --count 10240 --size 4K --strategies sync-read-all --repeat 1 \
    --warmup 0 --quiet --json "$work/enospc.json" >"$work/out" 2>"$work/err" </dev/null &
  pid=$!
  fault_pids+=("$pid")
  # Wait for the folder (or the end of the run), then fill what is left.
  while kill -0 "$pid" 2>/dev/null && no_test_dirs "$disk"; do :; done
  dd if=/dev/zero of="$disk/filler" bs=1M status=none 2>/dev/null
  wait "$pid"
  code=$?
  fault_pids=()
  if [ "$code" -ne 0 ]; then hit=1; break; fi
  echo "# attempt $attempt: the run ended before the disk filled up; again"
  rm -f "$disk/filler" "$work/enospc.json"
done
if [ "$hit" = 1 ]; then
  check "disk full mid-write: exit 1" [ "$code" -eq 1 ]
  check "disk full mid-write: ENOSPC named with the file" \
    grep_file "filled up while writing “$disk/iobench-[^/]*/file-[0-9]+\.bin”.*No space left" \
    "$work/err"
  check "disk full mid-write: no test folder left" no_test_dirs "$disk"
  check "disk full mid-write: only the other writer's file remains" \
    [ "$(ls -A "$disk")" = filler ]
  check "disk full mid-write: the report says why" \
    grep_file '"error" *: *"The disk filled up while writing' "$work/enospc.json"
else
  fail "disk full mid-write: could not fill the disk while the files were made"
fi

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
