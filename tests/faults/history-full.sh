#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# A full disk while a run is saved to the history: test-history --full on a
# 1 MiB tmpfs it fills itself (needs root and a mount namespace).
# Usage: history-full.sh TEST-HISTORY
# shellcheck source=tests/faults/lib.sh
source "$(dirname "$0")/lib.sh"
need_mount_ns "$@"
mount_tmpfs "$work/full" 1m || skip "cannot mount a tmpfs here"
if "$1" --full "$work/full"; then
  pass "history: a full disk while saving leaves the history as it was"
else
  fail "history: a full disk while saving leaves the history as it was"
fi
finish
