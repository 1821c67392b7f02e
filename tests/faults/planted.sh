#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Hostile contents of the work folder:
# 1. while a run reads, its listed files are swapped for a symlink to a user
#    file and a folder holding a user file, one is truncated and one replaced
#    with other bytes; unlisted entries are added. The affected samples fail
#    with a message naming the file, the run goes on, the report says which,
#    and cleanup deletes only the listed regular files: it neither follows
#    nor deletes what was planted, and the user's files are intact; the
#    test folder itself swapped for a symlink or another folder is not
#    entered.
# 2. the start-up reaper meets hostile leftovers: markers listing paths
#    outside their folder, a folder that is a symlink to a user folder, a
#    live run's folder, a broken marker, a marker that is a symlink. It
#    touches none of the user's files and no live run's.
# shellcheck disable=SC1111  # “quotes” as the CLI prints them
# shellcheck source=tests/faults/lib.sh
source "$(dirname "$0")/lib.sh"
need_script

dir="$work/dir"
user="$work/user"
mkdir -p "$dir" "$user/folder"
echo "precious" >"$user/user.txt"
echo "also precious" >"$user/folder/inside.txt"
user_sum=$(cd "$user" && find . -type f -exec md5sum {} + | sort)
user_intact () { [ "$(cd "$user" && find . -type f -exec md5sum {} + | sort)" = "$user_sum" ]; }

# 1. Planted during a run
json="$work/run.json"
start_cli "$work/log" run --dir "$dir" --count 4 --size 256K \
  --strategies sync-read-all,mmap,async-load-contents-parallel,thread-pool-parallel \
  --repeat 6 --warmup 0 --pause 400 --verify --json "$json" || { fail "start"; finish; }
wait_for "a finished round" 120 grep -qE "Round [0-9]+ of 6" "$work/log"
folder=$(test_dirs "$dir")
rm "$folder/file-0.bin" && ln -s "$user/user.txt" "$folder/file-0.bin"
rm "$folder/file-1.bin" && mkdir "$folder/file-1.bin" && echo "mine" >"$folder/file-1.bin/mine.txt"
truncate -s 10 "$folder/file-2.bin"
head -c 262144 /dev/zero >"$folder/new" && mv "$folder/new" "$folder/file-3.bin"
echo "mine too" >"$folder/extra.txt"
ln -s "$user/folder" "$folder/file-99.bin"
finish_cli

check "planted: the run goes on (exit 0)" [ "$code" -eq 0 ]
check "planted: the user's files are intact" user_intact
check "planted: the symlink is neither followed nor deleted" test -L "$folder/file-0.bin"
check "planted: the planted folder and its file stay" grep -qx "mine" "$folder/file-1.bin/mine.txt"
check "planted: the unlisted file stays" grep -qx "mine too" "$folder/extra.txt"
check "planted: the unlisted symlink stays" test -L "$folder/file-99.bin"
check "planted: listed regular files are deleted" \
  test ! -e "$folder/file-2.bin" -a ! -e "$folder/file-3.bin"
check "planted: the marker is gone" test ! -e "$folder/.iobench-marker"
check "planted: says what it left alone" grep_file "Leaving .*file-0\.bin alone" "$work/log"
json_check "planted: the report has samples that failed and samples that did not" "$json" \
  'any(s["ok"] for s in r["samples"]) and any(not s["ok"] for s in r["samples"])'
json_check "planted: every failed sample names a changed file" "$json" \
  'all(any("file-%d.bin" % i in s["error"] for i in range(4)) for s in r["samples"] if not s["ok"])'
json_check "planted: a warning says which strategy failed" "$json" \
  'any(isinstance(w, dict) and w["key"] == "sample-failed" for w in r["warnings"])'
rm -rf "$folder"

# 1b. The test folder itself swapped during a run: for a symlink to a user
#     folder, then for another real folder, each holding user files with the
#     listed names (and a marker). Cleanup must not enter either.
for swap in symlink folder; do
  decoy="$work/decoy-$swap"
  mkdir -p "$decoy"
  for n in file-0.bin file-1.bin .iobench-marker; do echo "user's $n" >"$decoy/$n"; done
  start_cli "$work/log" run --dir "$dir" --count 2 --size 64K --strategies sync-read-all \
    --repeat 6 --warmup 0 --pause 300 || { fail "swap $swap: start"; continue; }
  wait_for "a finished round" 120 grep -qE "Round [0-9]+ of 6" "$work/log"
  folder=$(test_dirs "$dir")
  mv "$folder" "$work/moved-away"
  if [ "$swap" = symlink ]; then
    ln -s "$decoy" "$folder"
  else
    mv "$decoy" "$folder"
    decoy=$folder
  fi
  finish_cli
  check "folder swapped for a $swap: the run ends (exit 0 or 1)" test "$code" -le 1
  for n in file-0.bin file-1.bin .iobench-marker; do
    check "folder swapped for a $swap: the user's $n is intact" \
      grep -qx "user's $n" "$decoy/$n"
  done
  check "folder swapped for a $swap: says it left it alone" \
    grep_file "Leaving .* alone: it is no longer the folder I/O Bench made" "$work/log"
  rm -rf "$folder" "$work/moved-away" "$work/decoy-$swap"
done

# 1c. The test folder deleted outright during a run: the samples after it
#     fail with a message, the run ends, and nothing is made again.
start_cli "$work/log" run --dir "$dir" --count 3 --size 64K \
  --strategies sync-read-all,async-read-all-parallel,mmap,thread-pool-parallel --repeat 4 \
  --warmup 0 --pause 200 --json "$work/deleted.json" || fail "deleted: start"
wait_for "a finished round" 120 grep -qE "Round [0-9]+ of 4" "$work/log"
rm -rf "$(test_dirs "$dir")"
finish_cli
check "folder deleted: the run ends (exit 0 or 1)" test "$code" -le 1
check "folder deleted: nothing is made again" is_empty "$dir"
json_check "folder deleted: the failed samples say the file is missing" "$work/deleted.json" \
  'any(not s["ok"] and "No such file" in s["error"] for s in r["samples"])'

# 2. The reaper and hostile leftovers. Each fake test folder has a marker
#    naming a PID that is not running (a fresh, exited child's).
sh -c 'exit 0' &
dead=$!
wait "$dead"

marker () {  # marker FOLDER PID NAMES
  printf '[iobench]\npid=%s\ncreated=2026-01-01T00:00:00Z\nfiles=%s\n' "$2" "$3" \
    >"$1/.iobench-marker"
}
# a. names outside the folder, and a listed name that is a symlink
mkdir "$dir/iobench-evil1"
marker "$dir/iobench-evil1" "$dead" "../../user/user.txt;$user/user.txt;..;.;file-0.bin;"
ln -s "$user/user.txt" "$dir/iobench-evil1/file-0.bin"
# b. a "test folder" that is a symlink to a user folder with a marker in it
cp -r "$user/folder" "$work/userfolder"
marker "$work/userfolder" "$dead" "inside.txt;"
ln -s "$work/userfolder" "$dir/iobench-evil2"
# c. a live run's folder (this shell is alive)
mkdir "$dir/iobench-live"
marker "$dir/iobench-live" "$$" "file-0.bin;"
echo "live data" >"$dir/iobench-live/file-0.bin"
# d. a broken marker
mkdir "$dir/iobench-broken"
printf 'not a key file\n\0\1\2' >"$dir/iobench-broken/.iobench-marker"
echo "data" >"$dir/iobench-broken/file-0.bin"
# e. a marker that is a symlink to a user file, and odd PIDs
mkdir "$dir/iobench-linked" "$dir/iobench-pid0" "$dir/iobench-pidneg"
ln -s "$user/user.txt" "$dir/iobench-linked/.iobench-marker"
for d in iobench-pid0 iobench-pidneg iobench-linked; do echo "data" >"$dir/$d/file-0.bin"; done
marker "$dir/iobench-pid0" 0 "file-0.bin;"
marker "$dir/iobench-pidneg" -5 "file-0.bin;"
# f. a genuine stale folder, to show the reaper did run
mkdir "$dir/iobench-stale"
marker "$dir/iobench-stale" "$dead" "file-0.bin;file-1.bin;"
echo "old" >"$dir/iobench-stale/file-0.bin"

expect_exit 0 "$CLI" run --dir "$dir" --count 2 --size 4K --strategies sync-read-all \
  --repeat 1 --warmup 0 --quiet
check "reaper: the next run succeeds" [ "$last_exit" -eq 0 ]
check "reaper: a genuine stale folder is removed" test ! -e "$dir/iobench-stale"
check "reaper: the user's files are intact" user_intact
check "reaper: a listed symlink is not followed or deleted" test -L "$dir/iobench-evil1/file-0.bin"
check "reaper: a symlinked 'test folder' is not entered" \
  test -f "$work/userfolder/inside.txt" -a -f "$work/userfolder/.iobench-marker"
check "reaper: a live run's folder is left alone" \
  grep -qx "live data" "$dir/iobench-live/file-0.bin"
check "reaper: a folder with a broken marker is left alone" test -f "$dir/iobench-broken/file-0.bin"
check "reaper: a symlinked marker is not trusted" test -f "$dir/iobench-linked/file-0.bin"
check "reaper: PID 0 is not 'dead'" test -f "$dir/iobench-pid0/file-0.bin"
check "reaper: a negative PID is not 'dead'" test -f "$dir/iobench-pidneg/file-0.bin"

finish
