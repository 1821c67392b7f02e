# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# shellcheck disable=SC2034  # last_exit: read by the tests
# tests/common/common.sh: what the shell tests repeated. Source it,
# then call work_area. Tests print "ok - ..." / "not ok - ..." lines and exit
# 0 (all passed), 1 (a check failed) or 77 (skipped: meson counts that as SKIP).

common_failed=0
common_checks=0

# work_area PREFIX: $work, a fresh folder (mode 0755) removed on exit, after
# common_cleanup_hook when the sourcing script defines one.
work_area () {
  work=$(mktemp -d "${TMPDIR:-/tmp}/$1.XXXXXX") || { echo "cannot make a work area" >&2; exit 1; }
  chmod 0755 "$work"
  trap common_cleanup EXIT
}

common_cleanup () {
  if declare -F common_cleanup_hook >/dev/null; then common_cleanup_hook; fi
  rm -rf "$work"
}

# skip REASON: exits 77 (meson: SKIP). The reason says why the test cannot
# run here and, where nothing can be installed to fix it (a container without
# loop devices or /dev/fuse, not root), says so.
skip () {
  echo "SKIP: $*"
  exit 77
}

# skip_missing PACKAGE REASON: a skip for want of a Debian package. ./test.sh
# (build-aux/test-summary.py) counts it as a failure wherever PACKAGE can be
# installed (Debian 12): what the README promises there must run.
skip_missing () {
  local pkg=$1; shift
  echo "SKIP: $* (missing package: $pkg)"
  exit 77
}

pass () {
  common_checks=$((common_checks + 1))
  echo "ok - $*"
}

fail () {
  common_checks=$((common_checks + 1))
  common_failed=$((common_failed + 1))
  echo "not ok - $*"
}

# check DESCRIPTION COMMAND...: passes when COMMAND succeeds.
check () {
  local what=$1; shift
  if "$@"; then pass "$what"; else fail "$what"; fi
}

# finish: exits 0 when every check passed; a test that made no check at all
# fails (it proved nothing), it does not pass.
finish () {
  echo "# $common_checks checks, $common_failed failed"
  if [ "$common_checks" -eq 0 ]; then
    echo "not ok - no check ran: this test proved nothing"
    exit 1
  fi
  [ "$common_failed" -eq 0 ]
  exit $?
}

# grep_file PATTERN FILE: extended regex, quiet; shows FILE when it fails.
grep_file () {
  if grep -qE -- "$1" "$2"; then return 0; fi
  echo "# expected /$1/ in $2:"; sed 's/^/#   /' "$2" | head -20
  return 1
}

# expect_exit CODE CMD...: runs CMD (stdout to $work/out, stderr to $work/err)
# and succeeds when it exits with CODE; shows stderr otherwise. Sets $last_exit.
expect_exit () {
  local want=$1 got; shift
  "$@" >"$work/out" 2>"$work/err" </dev/null
  got=$?
  last_exit=$got
  if [ "$got" -eq "$want" ]; then return 0; fi
  echo "# exit $got, wanted $want: $*"; sed 's/^/#   /' "$work/err" | head -10
  return 1
}
