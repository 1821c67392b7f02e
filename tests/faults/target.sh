#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The target folder is missing, is a file, is on a read-only mount, or is not
# writable for an unprivileged user: every command that makes test files
# refuses with exit 2 and one message naming the folder, and makes nothing.
# The read-only mount and the unprivileged user need root (CI runs as root);
# without it only the first two faults are tried.
# shellcheck disable=SC1111  # “quotes” as the CLI prints them
# shellcheck source=tests/faults/lib.sh
source "$(dirname "$0")/lib.sh"
[ "$(id -u)" -eq 0 ] && [ "${IB_FAULTS_IN_NS:-}" != 1 ] && unshare -m true 2>/dev/null &&
  need_mount_ns "$@"

tiny_run=(--count 2 --size 64K --strategies sync-read-all --repeat 1 --warmup 0 --quiet)

# refused NAME DIR: every writer pointed at DIR exits 2 naming DIR.
refused () {
  local name=$1 target=$2 cmd
  for cmd in "run ${tiny_run[*]}" "sweep --vary count=1,2 --repeat 1 --warmup 0 --quiet" \
             "write-unlink --requests 5 --concurrency 5 --quiet"; do
    # shellcheck disable=SC2086
    if expect_exit 2 "$CLI" ${cmd%% *} --dir "$target" ${cmd#* }; then
      check "$name: ${cmd%% *} names the folder" grep_file "“$target”" "$work/err"
    else
      fail "$name: ${cmd%% *} exits 2"
    fi
    check "$name: ${cmd%% *} gives one message" [ "$(grep -c . "$work/err")" -eq 1 ]
  done
}

# 1. missing
parent="$work/parent"
mkdir -p "$parent"
refused "missing folder" "$parent/missing"
check "missing folder: nothing created" is_empty "$parent"

# 2. a file
echo "user data" >"$parent/afile"
refused "a file" "$parent/afile"
check "a file: the file is untouched" grep -qx "user data" "$parent/afile"
check "a file: nothing else created" [ "$(ls -A "$parent")" = afile ]
rm -f "$parent/afile"

if [ "${IB_FAULTS_IN_NS:-}" != 1 ]; then
  echo "# not root or no mount namespace: read-only mount and unprivileged user not tried"
  finish
fi

# 3. a read-only mount (root passes access(W_OK) checks on a writable file
#    system, so this is the case where only the kernel says no)
ro="$work/ro"
mkdir -p "$ro"
if mount_readonly "$ro"; then
  refused "read-only mount" "$ro"
  check "read-only mount: the message says why" grep_file "not writable|Read-only" "$work/err"
  umount "$ro" && fault_mounts=()
  check "read-only mount: nothing created" is_empty "$ro"
else
  fail "could not make a read-only bind mount"
fi

# 4. a root-owned 0755 folder, for an unprivileged user
if command -v setpriv >/dev/null; then
  locked="$work/locked"
  mkdir -p "$locked"
  chmod 0755 "$locked"
  nobody=(setpriv --reuid=65534 --regid=65534 --clear-groups)
  for cmd in "run ${tiny_run[*]}" "sweep --vary count=1,2 --repeat 1 --warmup 0 --quiet" \
             "write-unlink --requests 5 --concurrency 5 --quiet"; do
    # shellcheck disable=SC2086
    if expect_exit 2 env XDG_CACHE_HOME=/nonexistent "${nobody[@]}" "$CLI" ${cmd%% *} \
         --dir "$locked" ${cmd#* }; then
      check "unprivileged: ${cmd%% *} names the folder" grep_file "“$locked”" "$work/err"
    else
      fail "unprivileged: ${cmd%% *} exits 2"
    fi
  done
  check "unprivileged: nothing created" is_empty "$locked"
else
  echo "# setpriv missing: unprivileged user not tried"
fi

finish
