#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The creation race: while 2,000 small test files are being made (the engine
# held at a test-only point after the 200th, so the race happens whatever the
# machine's speed), the test folder is moved away and a symlink to a user folder put in its place.
# Every file is made relative to the folder's descriptor held since it was
# made, so the user folder never receives a file; the files still land in
# the folder that was made (now moved away), and cleanup enters neither.
# shellcheck source=tests/faults/lib.sh
source "$(dirname "$0")/lib.sh"
need_test_hooks
need_mount_ns

n=2000
hold=200
mount_tmpfs "$work/fs" 256m || skip "cannot mount a tmpfs here"
dir="$work/fs/dir"
decoy="$work/fs/decoy"
mkdir -p "$dir" "$decoy"
echo "precious" >"$decoy/user.txt"
mkfifo "$work/hold"

# File making stops after its ${hold}th file until this test has opened and
# closed the FIFO (the engine's test-only hold point, src/engine/io/ib-fileset.c):
# the swap comes while files are being made however fast this machine and
# this build make them.
IOBENCH_TEST_HOLD_AFTER_FILES=$hold IOBENCH_TEST_HOLD_FIFO="$work/hold" \
  "$CLI" run --dir "$dir" --count "$n" --size 4K --strategies sync-read-all --repeat 1 \
  --warmup 0 --quiet >"$work/out" 2>"$work/err" </dev/null &
cpid=$!
fault_pids+=("$cpid")

# Once the engine waits at the hold point: one atomic
# renameat2(RENAME_EXCHANGE) of the folder and a symlink to the user folder,
# so the folder's path never stops existing; count the files made so far;
# then let the engine go on. If the run ends without ever reaching the hold
# point, the swap never happens and the checks below fail.
ln -s "$decoy" "$work/fs/link"
read -r folder made_at_swap < <(python3 - "$dir" "$work/fs/link" "$work/hold" "$cpid" <<'PY'
import ctypes, errno, glob, os, sys, time
d, link, fifo, pid = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
libc = ctypes.CDLL(None, use_errno=True)

def ended():
    try:
        with open("/proc/%s/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()[0] in ("Z", "X")
    except OSError:
        return True

# A safety net only (not a timed assertion): a build that never holds fails
# when the run ends; this bounds a run that hangs.
deadline = time.monotonic() + 240
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
found = glob.glob(os.path.join(d, "iobench-*/.iobench-marker"))
if len(found) != 1:
    sys.exit("held, but %d test folders with a marker" % len(found))
folder = os.path.dirname(found[0])
made = len(glob.glob(os.path.join(folder, "file-*.bin")))
if libc.renameat2(-100, folder.encode(), -100, link.encode(), 2) != 0:
    sys.exit("renameat2: " + os.strerror(ctypes.get_errno()))
print(folder, made, flush=True)
os.close(w)
PY
)
check "race: the run reached the hold point and the folder was swapped" test -n "${folder:-}"
mv "$work/fs/link" "$work/fs/moved"
wait "$cpid"
code=$?
fault_pids=()
made_total=$(find "$work/fs/moved" -name 'file-*.bin' | wc -l)
echo "# swapped after ${made_at_swap:-none} of $n files; $made_total made in all; exit $code"
sed 's/^/#   /' "$work/err" | head -5

# The swap came while files were being made: exactly $hold made before it,
# the rest after it.
check "race: the swap came while files were being made ($hold made before it)" \
  [ "${made_at_swap:-0}" -eq "$hold" ]
check "race: every file was made, in the folder that was made" [ "$made_total" -eq "$n" ]
check "race: the run ends (exit 0 or 1)" [ "$code" -le 1 ]
check "race: the user folder holds only the user's file" \
  [ "$(ls -A "$decoy")" = "user.txt" ]
check "race: the user's file is intact" grep -qx "precious" "$decoy/user.txt"
check "race: the files made after the swap are in the folder that was made" \
  test -f "$work/fs/moved/file-$((n - 1)).bin"
check "race: the symlink put in its place is left alone" test -L "$folder"
finish
