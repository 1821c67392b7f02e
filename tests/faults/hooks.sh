#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The engine's test-only hooks (IOBENCH_TEST_HOLD_*, IOBENCH_TEST_URING_ERRNO:
# a run held at a FIFO, a faked io_uring errno) are in iobench-cli exactly
# when the build asked for them (meson -Dtest_hooks=true, as the builds of
# ./test.sh do): a release build (./run.sh's) has not even their names.
# shellcheck source=tests/faults/lib.sh
source "$(dirname "$0")/lib.sh"

command -v strings >/dev/null || skip "strings (binutils) is not installed"
strings "$CLI" >"$work/strings" || { fail "strings $CLI"; finish; }
if [ "${IB_TEST_HOOKS:-0}" = 1 ]; then
  check "-Dtest_hooks=true: iobench-cli has the hold hooks" \
    grep -q IOBENCH_TEST_HOLD_FIFO "$work/strings"
  check "-Dtest_hooks=true: iobench-cli has the io_uring errno hook" \
    grep -q IOBENCH_TEST_URING_ERRNO "$work/strings"
else
  check "no -Dtest_hooks: iobench-cli has no IOBENCH_TEST_ name" \
    bash -c "! grep -q IOBENCH_TEST_ '$work/strings'"
fi
finish
