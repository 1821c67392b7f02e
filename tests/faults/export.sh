#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Exports to paths that cannot be written: /proc, a read-only folder, a disk
# that fills up while the file is written. Each ends in a message naming the
# path and a non-zero exit (2 when refused before any work, 1 when the write
# itself failed); the input report and any earlier file at the path stay as
# they were, and no temporary file is left. Read-only mounts and full disks
# need root (a private mount namespace); without it only /proc is tried.
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

# 1. /proc: the write itself fails.
for fmt in png svg pdf; do
  expect_exit 1 "$CLI" chart --from "$report" --kind strategies --"$fmt" "/proc/x.$fmt"
  check "chart --$fmt /proc/x.$fmt: exit 1" [ "$last_exit" -eq 1 ]
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
expect_exit 1 "$CLI" chart --from "$report" --kind strategies --png "$ro/c.png"
check "chart --png into a read-only folder: exit 1" [ "$last_exit" -eq 1 ]
check "chart --png into a read-only folder: names the path" grep_file "“$ro/c\.png”" "$work/err"
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

finish
