#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The write + delete swap (issue "Hostile inputs", item 1): while write +
# delete serves its requests (the engine held at a test-only point after its
# 100th request, so the swap happens whatever the machine's speed), the run's
# test folder is exchanged for a symlink to a user folder that holds files
# named as write + delete names its own (wr-0.txt ...). Every create, write
# and delete goes through the run folder's descriptor, so the user's files
# are neither overwritten nor deleted; the run stops, says its folder was
# replaced, and exits 1.
# shellcheck source=tests/faults/lib.sh
source "$(dirname "$0")/lib.sh"
need_test_hooks
need_mount_ns

hold=100
mount_tmpfs "$work/fs" 256m || skip "cannot mount a tmpfs here"
dir="$work/fs/dir"
decoy="$work/fs/decoy"
mkdir -p "$dir" "$decoy"
for i in $(seq 0 9); do echo "precious $i" >"$decoy/wr-$i.txt"; done
echo "precious" >"$decoy/user.txt"
(cd "$decoy" && sha256sum ./* >"$work/before")
mkfifo "$work/hold"

IOBENCH_TEST_HOLD_AFTER_REQUESTS=$hold IOBENCH_TEST_HOLD_FIFO="$work/hold" \
  "$CLI" write-unlink --dir "$dir" --requests 2000 --concurrency 10 --runs 6 --seed 7 \
  --quiet >"$work/out" 2>"$work/err" </dev/null &
cpid=$!
fault_pids+=("$cpid")

# Once the engine waits at the hold point: exchange the run's folder and a
# symlink to the user folder in one renameat2(RENAME_EXCHANGE), then let the
# engine go on. A run that never holds fails the checks below.
ln -s "$decoy" "$work/fs/link"
folder=$(python3 - "$dir" "$work/fs/link" "$work/hold" "$cpid" <<'PY'
import ctypes, errno, glob, os, sys, time
d, link, fifo, pid = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
libc = ctypes.CDLL(None, use_errno=True)

def ended():
    try:
        with open("/proc/%s/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()[0] in ("Z", "X")
    except OSError:
        return True

deadline = time.monotonic() + 240  # a safety net, not a timed assertion
while True:
    try:
        w = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
        break
    except OSError as e:
        if e.errno != errno.ENXIO:
            raise
    if ended():
        sys.exit("the run ended without reaching the hold point")
    if time.monotonic() > deadline:
        sys.exit("the run never reached the hold point")
    time.sleep(0.01)
found = glob.glob(os.path.join(d, "iobench-*"))
if len(found) != 1:
    sys.exit("held, but %d test folders" % len(found))
folder = found[0]
if libc.renameat2(-100, folder.encode(), -100, link.encode(), 2) != 0:
    sys.exit("renameat2: " + os.strerror(ctypes.get_errno()))
print(folder, flush=True)
os.close(w)
PY
)
check "wu-swap: the run reached the hold point and its folder was swapped" test -n "${folder:-}"
wait "$cpid"
code=$?
fault_pids=()
echo "# exit $code"
sed 's/^/#   /' "$work/err" | head -5
(cd "$decoy" && sha256sum ./* >"$work/after")
check "wu-swap: the user's files are all there, byte for byte" cmp "$work/before" "$work/after"
check "wu-swap: the user folder gained no file" \
  [ "$(ls -A "$decoy" | wc -l)" -eq 11 ]
check "wu-swap: the run failed (exit 1)" [ "$code" -eq 1 ]
check "wu-swap: it says its folder was replaced" grep -q "was replaced" "$work/err"
check "wu-swap: the symlink put in its place is left alone" test -L "${folder:-/nonexistent}"
check "wu-swap: the run's own folder (moved away) holds no wr- file" \
  [ "$(find "$work/fs/link" -name 'wr-*.txt' 2>/dev/null | wc -l)" -eq 0 ]
finish
