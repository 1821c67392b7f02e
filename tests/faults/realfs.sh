#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Other real file systems, each a loop-mounted image in a mount namespace:
# xfs, btrfs, and btrfs with compress=zstd. On each, a small run in every
# cache mode (warm, cold, as-is): every sample ok with the cache state it
# was asked for (residency measured before each sample), and the report's
# environment names the file system and its options. On btrfs the findings
# say that copy-on-write applies; with compression, that compressible
# content (base64 here) measures compression too. A file system the kernel
# cannot make or mount is named and left out; with none, or no loop device,
# the test skips (77) saying so. A missing mkfs is a failure (deps.sh).
# shellcheck source=tests/faults/lib.sh
source "$(dirname "$0")/lib.sh"
need_mount_ns "$@"
command -v losetup >/dev/null || skip_missing mount "losetup is not installed"
losetup -f >/dev/null 2>&1 || skip "no free loop device: this machine (a container without loop devices?) cannot mount images; no package fixes that"

skipped=()

# fs_mount NAME MKFS OPTIONS: a fresh 512 MiB sparse image made by MKFS,
# loop-mounted with OPTIONS on $work/NAME. FALSE (and noted) when it cannot.
fs_mount () {
  local name=$1 mkfs=$2 opts=$3 img="$work/$1.img"
  if ! command -v "$mkfs" >/dev/null; then
    fail "$name: $mkfs is not installed (build-aux/deps.sh installs it)"; return 1
  fi
  truncate -s 512M "$img"
  if ! "$mkfs" -q "$img" >"$work/mkfs.log" 2>&1; then
    skipped+=("$name ($mkfs failed: $(head -1 "$work/mkfs.log"))"); return 1
  fi
  mkdir -p "$work/$name"
  if ! mount -o "loop,$opts" "$img" "$work/$name" 2>"$work/mount.log"; then
    skipped+=("$name (mount failed: $(head -1 "$work/mount.log"))"); return 1
  fi
  fault_mounts+=("$work/$name")
}

# run_modes NAME FSTYPE OPTION-REGEX CONTENT
run_modes () {
  local name=$1 fstype=$2 optre=$3 content=$4 mode json
  for mode in warm cold as-is; do
    json="$work/$name-$mode.json"
    expect_exit 0 "$CLI" run --dir "$work/$name" --count 3 --size 1M --content "$content" \
      --strategies sync-read-all,async-read-all-parallel,mmap --repeat 2 --warmup 0 \
      --cache "$mode" --quiet --json "$json"
    check "$name $mode: the run succeeds" [ "$last_exit" -eq 0 ]
    json_check "$name $mode: every sample ok, in the planned cache state" "$json" \
      'len(r["samples"]) == 6 and all(s["ok"] and s["cache_ok"] for s in r["samples"])'
    case $mode in
      warm) json_check "$name warm: residency measured >= 99 % before each sample" "$json" \
              'all(s["residency"] >= 0.99 for s in r["samples"])' ;;
      cold) json_check "$name cold: residency measured <= 1 % before each sample" "$json" \
              'all(0 <= s["residency"] <= 0.01 for s in r["samples"])' ;;
      as-is) json_check "$name as-is: residency measured before each sample" "$json" \
               'all(0 <= s["residency"] <= 1 for s in r["samples"])' ;;
    esac
    json_check "$name $mode: the environment names $fstype and its options" "$json" \
      'r["environment"]["fs_type"] == "'"$fstype"'" and __import__("re").search(r"'"$optre"'", r["environment"]["mount_options"]) is not None'
    check "$name $mode: nothing left behind" no_test_dirs "$work/$name"
  done
}

finding () {  # finding JSON ID: true when the report has finding ID
  json_get "$1" 'any(f["id"] == "'"$2"'" for f in r["findings"])'
}

if fs_mount xfs mkfs.xfs "rw"; then
  run_modes xfs xfs "(^|,)rw,.*inode64" random
  check "xfs: no copy-on-write finding" [ "$(finding "$work/xfs-warm.json" copy-on-write)" = False ]
  check "xfs: no compression finding" [ "$(finding "$work/xfs-warm.json" compression)" = False ]
  umount "$work/xfs"
fi

if fs_mount btrfs mkfs.btrfs "rw"; then
  run_modes btrfs btrfs "(^|,)rw(,|$)" random
  json_check "btrfs: the findings say copy-on-write applies" "$work/btrfs-warm.json" \
    'any(f["id"] == "copy-on-write" and "btrfs, which copies on write" in f["text"] for f in r["findings"])'
  check "btrfs: no compression finding" [ "$(finding "$work/btrfs-warm.json" compression)" = False ]
  expect_exit 0 "$CLI" run --dir "$work/btrfs" --count 2 --size 64K --strategies sync-read-all \
    --repeat 1 --warmup 0
  check "btrfs: the CLI's findings say copy-on-write applies" \
    grep_file "The files were on btrfs, which copies on write" "$work/out"
  umount "$work/btrfs"
fi

if fs_mount btrfs-zstd mkfs.btrfs "compress=zstd"; then
  run_modes btrfs-zstd btrfs "compress=zstd" base64
  json_check "btrfs zstd: the findings say copy-on-write applies" "$work/btrfs-zstd-warm.json" \
    'any(f["id"] == "copy-on-write" for f in r["findings"])'
  json_check "btrfs zstd: the findings say base64 measures compression too" \
    "$work/btrfs-zstd-cold.json" \
    'any(f["id"] == "compression" and "(zstd): the content here (base64) compresses" in f["text"] for f in r["findings"])'
  expect_exit 0 "$CLI" run --dir "$work/btrfs-zstd" --count 2 --size 64K --strategies sync-read-all \
    --repeat 1 --warmup 0
  check "btrfs zstd: with random content, says base64, digits and letters would compress" \
    grep_file "The file system, btrfs, compresses what it stores \(zstd\): random content does not compress, but base64, digits and letters would" "$work/out"
  umount "$work/btrfs-zstd"
fi

# What the kernel here cannot make or mount is said, not failed.
for s in "${skipped[@]}"; do echo "# this machine cannot test $s"; done
[ "$common_checks" -gt 0 ] || skip "this kernel cannot make or mount these file systems (no package fixes that): ${skipped[*]}"
finish
