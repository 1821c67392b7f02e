# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# shellcheck disable=SC2034  # last_exit, cpid, spid: read by the tests
# Sourced by the fault tests: a fresh work area, skips, checks and a summary
# (tests/common/common.sh), and what only the fault tests need: mounts,
# background CLI runs, JSON checks.
set -uo pipefail

# shellcheck source=tests/common/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/../common/common.sh"

CLI=${IOBENCH_CLI:?IOBENCH_CLI must name iobench-cli (set by meson)}
fault_mounts=()
fault_pids=()

# A fresh work area, removed on exit (after unmounting what we mounted).
work_area iobench-faults
# Runs that get no --dir must never reach the user's cache: point it here.
export XDG_CACHE_HOME="$work/xdg-cache"

common_cleanup_hook () {
  local p m
  for p in "${fault_pids[@]}"; do kill -KILL "$p" 2>/dev/null; done
  for m in "${fault_mounts[@]}"; do umount -l "$m" 2>/dev/null; done
}

# need_test_hooks: skips (77) in a build without the engine's test-only
# hooks (IOBENCH_TEST_HOLD_*, IOBENCH_TEST_URING_ERRNO): they exist only with
# meson -Dtest_hooks=true, which the builds of ./test.sh set.
need_test_hooks () {
  [ "${IB_TEST_HOOKS:-0}" = 1 ] ||
    skip "needs the engine's test hooks: configure with -Dtest_hooks=true (./test.sh's builds do)"
}

need_root () {
  [ "$(id -u)" -eq 0 ] || skip "needs root (mount namespaces, setpriv); CI runs as root"
}

# Mount namespaces: the test re-runs itself inside `unshare -m` (private
# propagation, so nothing it mounts is seen outside, and all is undone when it
# exits). Call this first, before making anything.
need_mount_ns () {
  need_root
  command -v unshare >/dev/null || skip "unshare (util-linux) is not installed"
  if [ "${IB_FAULTS_IN_NS:-}" != 1 ]; then
    unshare -m true 2>/dev/null || skip "cannot make a mount namespace here (unshare -m failed)"
    rm -rf "$work"
    trap - EXIT
    IB_FAULTS_IN_NS=1 exec unshare -m --propagation private bash "$0" "$@"
  fi
}

# mount_tmpfs DIR SIZE: a small tmpfs of SIZE (e.g. 8m) on DIR.
mount_tmpfs () {
  mkdir -p "$1"
  mount -t tmpfs -o "size=$2,mode=0755" iobench-faults "$1" || return 1
  fault_mounts+=("$1")
}

# mount_readonly DIR: DIR becomes a read-only bind mount of itself.
mount_readonly () {
  mount --bind "$1" "$1" || return 1
  fault_mounts+=("$1")
  mount -o remount,ro,bind "$1"
}

# test_dirs DIR: prints the iobench-* folders directly under DIR.
test_dirs () {
  find "$1" -mindepth 1 -maxdepth 1 -name 'iobench-*' 2>/dev/null
}

# no_test_dirs DIR: true when no iobench-* folder is left under DIR.
no_test_dirs () {
  [ -z "$(test_dirs "$1")" ]
}

# has_test_dir DIR: true when an iobench-* folder is under DIR (for wait_for:
# its arguments are expanded once, so pass this, not a $(...) test).
has_test_dir () {
  [ -n "$(test_dirs "$1")" ]
}

# has_marker DIR: true when a test folder under DIR has its marker.
has_marker () {
  [ -n "$(find "$1" -mindepth 2 -maxdepth 2 -name .iobench-marker 2>/dev/null)" ]
}

# is_empty DIR: true when DIR has nothing in it (or does not exist).
is_empty () {
  [ ! -e "$1" ] || [ -z "$(ls -A "$1")" ]
}

# wait_for DESCRIPTION SECONDS COMMAND...: polls COMMAND every 50 ms. Not a
# timed assertion: SECONDS is only a safety net so a broken build cannot hang.
wait_for () {
  local what=$1 limit=$2 i=0; shift 2
  while ! "$@"; do
    sleep 0.05
    i=$((i + 1))
    if [ "$i" -ge $((limit * 20)) ]; then
      echo "# gave up waiting for: $what"
      return 1
    fi
  done
}

# The engine's test-only hold point (src/engine/io/ib-fileset.c, README.md here):
# a run started with the environment of hold_env N stops after making its
# Nth file, with the FIFO $work/hold open, until hold_release. hold_begin
# opens the FIFO here for reading and writing (which never blocks), so the
# engine's open succeeds at once and its read waits until this end closes.
hold_begin () {
  mkfifo "$work/hold" || return 1
  exec {hold_fd}<>"$work/hold"
}

# hold_env N: the variables to start a run with. Close the FIFO in the run,
# or it holds itself: env $(hold_env N) CMD {hold_fd}>&- &
hold_env () {
  echo "IOBENCH_TEST_HOLD_AFTER_FILES=$1 IOBENCH_TEST_HOLD_FIFO=$work/hold"
}

# proc_alive PID: PID runs (not ended, not a zombie waiting to be reaped).
proc_alive () {
  local st
  st=$(sed 's/.*) //' "/proc/$1/stat" 2>/dev/null | cut -d' ' -f1)
  [ -n "$st" ] && [ "$st" != Z ] && [ "$st" != X ]
}

# hold_reached PID: true once PID has the FIFO open for reading only, as the
# engine opens it at the hold point (a child between fork and exec still has
# this shell's read-write descriptor: that one does not count), or has ended
# (for wait_for; check proc_alive after it).
hold_reached () {
  local l flags
  proc_alive "$1" || return 0
  for l in "/proc/$1/fd/"*; do
    [ "$(readlink "$l" 2>/dev/null)" = "$work/hold" ] || continue
    flags=$(sed -n 's/^flags:[[:space:]]*//p' "/proc/$1/fdinfo/${l##*/}" 2>/dev/null)
    [ -n "$flags" ] && [ $((8#$flags & 3)) -eq 0 ] && return 0
  done
  return 1
}

# hold_release: lets a held run go on.
hold_release () {
  [ -n "${hold_fd:-}" ] && exec {hold_fd}>&-
  hold_fd=
}

# json_get FILE PYTHON-EXPR: evaluates EXPR with `r` bound to the loaded JSON.
# available_strategies: the IDs of the strategies `iobench-cli list` offers
# to run here, one a line (its first table, less those listed unavailable:
# the io_uring ones where the kernel or the build refuses io_uring).
available_strategies () {
  "$CLI" list | awk 'NR > 2 && NF == 0 { exit } NR > 2 && !/unavailable:/ { print $1 }'
}

json_get () {
  python3 -c 'import json, sys
r = json.load(open(sys.argv[1]))
print(eval(sys.argv[2]))' "$1" "$2"
}

need_script () {
  command -v script >/dev/null || skip "script (util-linux) is needed to watch the progress line"
}

# start_cli LOG ARGS...: starts iobench-cli ARGS on a pseudo-terminal (so it
# draws its progress line, which we watch), in the background. Sets $spid
# (script) and $cpid (iobench-cli).
start_cli () {
  local log=$1; shift
  rm -f "$work/pid"
  (
    # The hold point's FIFO (hold_begin) stays open only here, never in the run.
    if [ -n "${hold_fd:-}" ]; then exec {hold_fd}>&-; fi
    exec script -qfec "sh -c 'echo \$\$ > $work/pid; exec $CLI $*'" "$log" </dev/null >/dev/null
  ) &
  spid=$!
  fault_pids+=("$spid")
  wait_for "iobench-cli to start" 60 test -s "$work/pid" || return 1
  cpid=$(cat "$work/pid")
}

# finish_cli: waits for the run; sets $code.
finish_cli () {
  wait "$spid"
  code=$?
  fault_pids=()
}

# json_check DESCRIPTION FILE PYTHON-EXPR
json_check () {
  local v
  v=$(json_get "$2" "$3" 2>&1)
  if [ "$v" = True ]; then pass "$1"; else fail "$1 ($3 -> $v)"; fi
}
