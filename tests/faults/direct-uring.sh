#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# io_uring and O_DIRECT end to end: strategies that cannot read with
# O_DIRECT are refused naming them; and a kernel that refuses io_uring
# (simulated: IOBENCH_TEST_URING_ERRNO=EPERM, what kernel.io_uring_disabled or
# a seccomp filter gives) lists the uring-* strategies as unavailable with the
# reason, refuses them when named, and leaves them out of "all". A file system
# that refuses O_DIRECT (ramfs) is tested in tests/engine/io/test-uring.c: the
# CLI cannot make files on ramfs (it reports no free space).
# shellcheck disable=SC1111  # “quotes” as the CLI prints them
# shellcheck source=tests/faults/lib.sh
source "$(dirname "$0")/lib.sh"
need_test_hooks
dir="$work/disk"
mkdir -p "$dir"
tiny=(--count 2 --size 64K --repeat 1 --warmup 0 --quiet)

# 1. Strategies that always go through the page cache are refused with --direct.
for s in sync-read-all async-read-all-parallel mmap; do
  if expect_exit 2 "$CLI" run --dir "$dir" "${tiny[@]}" --strategies "$s" --direct; then
    check "--direct $s: names it and those that can" \
      grep_file "--direct: $s cannot read with O_DIRECT.*thread-pool-parallel" "$work/err"
  else
    fail "--direct $s exits 2"
  fi
  check "--direct $s: nothing made" no_test_dirs "$dir"
done

# 2. A simulated kernel that refuses io_uring.
export IOBENCH_TEST_URING_ERRNO=EPERM
expect_exit 0 "$CLI" list
check "EPERM: list shows the three as unavailable, with the reason" \
  [ "$(grep -cE '^uring-.*unavailable: io_uring is not allowed here \(EPERM\)' "$work/out")" \
    -eq 3 ]
if expect_exit 2 "$CLI" run --dir "$dir" "${tiny[@]}" --strategies uring-stream-parallel; then
  check "EPERM: naming one is refused with the reason" \
    grep_file "uring-stream-parallel cannot run here: io_uring is not allowed here" "$work/err"
else
  fail "EPERM: naming a uring strategy exits 2"
fi
if expect_exit 0 "$CLI" run --dir "$dir" "${tiny[@]}" --strategies all --json "$work/all.json"; then
  check "EPERM: all leaves them out" [ "$(grep -c '"uring-' "$work/all.json")" -eq 0 ]
else
  fail "EPERM: --strategies all still runs"
fi
unset IOBENCH_TEST_URING_ERRNO

finish
