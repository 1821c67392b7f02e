#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The creation race: while thousands of small test files are being made, the
# test folder is moved away and a symlink to a user folder put in its place.
# Every file is made relative to the folder's descriptor held since it was
# made, so the user folder never receives a file; the files still land in
# the folder that was made (now moved away), and cleanup enters neither.
# shellcheck source=tests/faults/lib.sh
source "$(dirname "$0")/lib.sh"
need_mount_ns

n=20000
mount_tmpfs "$work/fs" 256m || skip "cannot mount a tmpfs here"
dir="$work/fs/dir"
decoy="$work/fs/decoy"
mkdir -p "$dir" "$decoy"
echo "precious" >"$decoy/user.txt"

"$CLI" run --dir "$dir" --count "$n" --size 4K --strategies sync-read-all --repeat 1 \
  --warmup 0 --quiet >"$work/out" 2>"$work/err" </dev/null &
cpid=$!
fault_pids+=("$cpid")

# Swap as soon as the marker is written, that is while files are being made:
# one atomic renameat2(RENAME_EXCHANGE) of the folder and a symlink to the
# user folder, so the folder's path never stops existing.
ln -s "$decoy" "$work/fs/link"
folder=$(python3 - "$dir" "$work/fs/link" <<'PY'
import ctypes, glob, os, sys
libc = ctypes.CDLL(None, use_errno=True)
for _ in range(2000000):
    found = glob.glob(os.path.join(sys.argv[1], "iobench-*/.iobench-marker"))
    if found:
        folder = os.path.dirname(found[0])
        if libc.renameat2(-100, folder.encode(), -100, sys.argv[2].encode(), 2) != 0:
            sys.exit("renameat2: " + os.strerror(ctypes.get_errno()))
        print(folder)
        break
PY
)
check "race: the test folder appeared and was swapped" test -n "$folder"
mv "$work/fs/link" "$work/fs/moved"
made_at_swap=$(find "$work/fs/moved" -name 'file-*.bin' | wc -l)
wait "$cpid"
code=$?
fault_pids=()
echo "# swapped after $made_at_swap of $n files; exit $code"
sed 's/^/#   /' "$work/err" | head -5

check "race: the swap came while files were being made" [ "$made_at_swap" -lt "$n" ]
check "race: the run ends (exit 0 or 1)" [ "$code" -le 1 ]
check "race: the user folder holds only the user's file" \
  [ "$(ls -A "$decoy")" = "user.txt" ]
check "race: the user's file is intact" grep -qx "precious" "$decoy/user.txt"
check "race: the files made after the swap are in the folder that was made" \
  test -f "$work/fs/moved/file-$((n - 1)).bin"
check "race: the symlink put in its place is left alone" test -L "$folder"
finish
