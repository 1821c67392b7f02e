#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Exports to paths that cannot be written: /proc, a read-only folder, a disk
# that fills up while the file is written. Each ends in a message naming the
# path and a non-zero exit (2 when refused before any work, 1 when the write
# itself failed); the input report and any earlier file at the path stay as
# they were, and no temporary file is left. Read-only mounts and full disks
# need root (a private mount namespace); without it only /proc is tried.
# Then what is at the path (src/engine/io/ib-output.h), as root: a device node
# stays a device and a FIFO a FIFO (both written to), a link to them stays a
# link, and another user can write to /dev/stdout and pipe it.
# shellcheck disable=SC1111  # “quotes” as the CLI prints them
# shellcheck source=tests/faults/lib.sh
source "$(dirname "$0")/lib.sh"
[ "$(id -u)" -eq 0 ] && [ "${IB_FAULTS_IN_NS:-}" != 1 ] && unshare -m true 2>/dev/null &&
  need_mount_ns "$@"

dir="$work/dir"
mkdir -p "$dir"
report="$work/report.json"
if ! "$CLI" run --dir "$dir" --count 2 --size 64K --strategies sync-read-all,mmap --repeat 3 \
     --warmup 0 --quiet --json "$report" >/dev/null 2>"$work/err"; then
  cat "$work/err"; fail "made a report to export"; finish
fi
sum=$(md5sum <"$report")
intact () { [ "$(md5sum <"$report")" = "$sum" ]; }

# 1. /proc: refused up front (2) where the check sees it cannot be written;
#    root passes that check, and then the write itself fails (1).
for fmt in png svg pdf; do
  "$CLI" chart --from "$report" --kind strategies --"$fmt" "/proc/x.$fmt" >"$work/out" \
    2>"$work/err" </dev/null
  last_exit=$?
  check "chart --$fmt /proc/x.$fmt: exit 1 or 2" test "$last_exit" -eq 1 -o "$last_exit" -eq 2
  check "chart --$fmt /proc/x.$fmt: names the path" grep_file "“/proc/x\.$fmt”" "$work/err"
  check "chart --$fmt /proc/x.$fmt: the report is intact" intact
done
# Root may pass the up-front check on /proc: then the run happens and the
# write fails (1); otherwise it is refused before running (2).
"$CLI" run --dir "$dir" --count 1 --size 4K --strategies sync-read-all --repeat 1 --warmup 0 \
  --quiet --json /proc/x.json >"$work/out" 2>"$work/err" </dev/null
code=$?
check "run --json /proc/x.json: exit 1 or 2" test "$code" -eq 1 -o "$code" -eq 2
check "run --json /proc/x.json: names the option and the path" \
  grep_file "--json: .*“/proc(/x\.json[^”]*)?”" "$work/err"
if [ "$code" -eq 1 ]; then
  check "run --json /proc/x.json: the results are still printed" grep_file "Sync single read" \
    "$work/out"
fi
check "run --json /proc/x.json: nothing made" is_empty "$dir"

if [ "${IB_FAULTS_IN_NS:-}" != 1 ]; then
  echo "# not root or no mount namespace: read-only folder and full disk not tried"
  finish
fi

# 2. A read-only folder: refused up front, before anything is drawn.
ro="$work/ro"
mkdir -p "$ro"
mount_readonly "$ro" || { fail "read-only bind mount"; finish; }
for opt in --html --md --csv; do
  expect_exit 2 "$CLI" report "$report" "$opt" "$ro/r.out"
  check "report $opt into a read-only folder: exit 2" [ "$last_exit" -eq 2 ]
  check "report $opt into a read-only folder: names it" grep_file "$opt: .*“$ro”" "$work/err"
done
expect_exit 2 "$CLI" compare "$report" "$report" --png "$ro/c.png"
check "compare --png into a read-only folder: exit 2" [ "$last_exit" -eq 2 ]
expect_exit 2 "$CLI" chart --from "$report" --kind strategies --png "$ro/c.png"
check "chart --png into a read-only folder: exit 2, as report and compare" [ "$last_exit" -eq 2 ]
check "chart --png into a read-only folder: names it" grep_file "--png: .*“$ro”" "$work/err"
check "read-only folder: still empty" is_empty "$ro"
check "read-only folder: the report is intact" intact

# 3. A disk that is full: the write fails part way. An earlier export at the
#    same path stays whole, and the temporary file is removed.
full="$work/full"
mount_tmpfs "$full" 256k || { fail "mount a 256 KiB tmpfs"; finish; }
for name in r.html r.md r.csv c.png c.svg c.pdf; do echo "earlier $name" >"$full/$name"; done
dd if=/dev/zero of="$full/filler" bs=4K status=none 2>/dev/null
for opt in html md csv; do
  expect_exit 1 "$CLI" report "$report" "--$opt" "$full/r.$opt"
  check "report --$opt on a full disk: exit 1" [ "$last_exit" -eq 1 ]
  check "report --$opt on a full disk: says no space" grep_file "No space left" "$work/err"
  check "report --$opt on a full disk: the earlier file is whole" \
    grep -qx "earlier r.$opt" "$full/r.$opt"
done
for fmt in png svg pdf; do
  expect_exit 1 "$CLI" chart --from "$report" --kind strategies --"$fmt" "$full/c.$fmt" \
    --width 2000 --height 1500
  check "chart --$fmt on a full disk: exit 1" [ "$last_exit" -eq 1 ]
  check "chart --$fmt on a full disk: names the path" grep_file "c\.$fmt" "$work/err"
  check "chart --$fmt on a full disk: the earlier file is whole" \
    grep -qx "earlier c.$fmt" "$full/c.$fmt"
done
check "full disk: no temporary or partial file left" \
  [ "$(ls -A "$full" | sort | tr '\n' ' ')" = "c.pdf c.png c.svg filler r.csv r.html r.md " ]
check "full disk: the report is intact" intact

# 4. What is at the path. Device nodes made here (copies of /dev/null and
#    /dev/full), a FIFO, and links to them: written to, never replaced.
dev="$work/dev"
mkdir -p "$dev"
if ! mknod "$dev/null" c 1 3 || ! mknod "$dev/full" c 1 7; then
  fail "mknod (device nodes in a test folder)"; finish
fi
ln -s null "$dev/null-link"
mkfifo "$dev/fifo"
for opt in json html csv; do
  if [ "$opt" = json ]; then
    expect_exit 0 "$CLI" run --dir "$dir" --count 1 --size 4K --strategies sync-read-all \
      --repeat 1 --warmup 0 --quiet --json "$dev/null"
  else
    expect_exit 0 "$CLI" report "$report" "--$opt" "$dev/null"
  fi
  check "--$opt onto a copy of /dev/null: exit 0" [ "$last_exit" -eq 0 ]
  check "--$opt onto a copy of /dev/null: still a character device" [ -c "$dev/null" ]
done
expect_exit 0 "$CLI" chart --from "$report" --svg "$dev/null-link"
check "chart --svg onto a link to a device: exit 0" [ "$last_exit" -eq 0 ]
check "chart --svg onto a link to a device: still a link" [ -L "$dev/null-link" ]
check "chart --svg onto a link to a device: the device stays" [ -c "$dev/null" ]
expect_exit 1 "$CLI" report "$report" --html "$dev/full"
check "--html onto a copy of /dev/full: exit 1" [ "$last_exit" -eq 1 ]
check "--html onto a copy of /dev/full: says no space" grep_file "No space left" "$work/err"
check "--html onto a copy of /dev/full: still a character device" [ -c "$dev/full" ]
timeout 120 cat "$dev/fifo" >"$work/fifo.csv" &
reader=$!
fault_pids+=("$reader")
expect_exit 0 timeout 120 "$CLI" report "$report" --csv "$dev/fifo"
check "--csv into a FIFO: exit 0" [ "$last_exit" -eq 0 ]
wait "$reader"
check "--csv into a FIFO: the reader got the CSV" grep -q "^strategy," "$work/fifo.csv"
check "--csv into a FIFO: still a FIFO" [ -p "$dev/fifo" ]
check "the device folder holds only what was made there" \
  [ "$(ls -A "$dev" | sort | tr '\n' ' ')" = "fifo full null null-link " ]
check "devices: the report is intact" intact

# 5. Another user (nobody) writes to /dev/stdout, a pipe made by this shell:
#    the CSV alone goes down the pipe, the answer to stderr.
chmod a+r "$report"
setpriv --reuid=65534 --regid=65534 --clear-groups "$CLI" report "$report" --csv /dev/stdout \
  2>"$work/err" </dev/null | cat >"$work/nobody.csv"
code=${PIPESTATUS[0]}
check "nobody: report --csv /dev/stdout: exit 0" [ "$code" -eq 0 ]
[ "$code" -eq 0 ] || sed 's/^/#   /' "$work/err"
check "nobody: report --csv /dev/stdout: the pipe got only the CSV" \
  test "$(head -c 9 "$work/nobody.csv")" = "strategy,"
check "nobody: report --csv /dev/stdout: the findings went to stderr" \
  grep_file "^Findings" "$work/err"
check "nobody: /dev/stdout is still a link" [ -L /dev/stdout ]

finish
