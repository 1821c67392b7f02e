#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The C style on every line changed since .clang-format came in: each changed
# range of src/ and tests/ is formatted by clang-format (--lines) and compared
# with the file as committed, both through build-aux/style-normalize.py, which
# leaves out the two layouts clang-format 14 cannot express (see there).
# Existing code is never reformatted by this check; to fix a reported range:
#   clang-format -i --lines=A:B FILE
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 1
if ! command -v clang-format >/dev/null; then
  echo "clang-format is missing: apt-get install clang-format (build-aux/deps.sh)" >&2
  exit 1
fi
if ! git rev-parse --git-dir >/dev/null 2>&1; then
  echo "not a git checkout: nothing to compare against" >&2
  exit 77
fi
base=$(git log --diff-filter=A --format=%H -1 -- .clang-format)
if [ -z "$base" ]; then
  echo ".clang-format is not committed yet: the check starts with its commit" >&2
  base=HEAD
fi
# The system's Python, not a version manager's shim: the shim costs up to
# seconds a call on a busy machine, and this loop calls it twice a file.
py=python3
[ -x /usr/bin/python3 ] && py=/usr/bin/python3
status=0
checked=0
# A file moved since $base is compared with the file it was (git's rename
# detection): moving a file checks only the lines the move changed.
declare -A old_of=()
while IFS=$'\t' read -r st a b; do
  case $st in R*) old_of[$b]=$a ;; esac
done < <(git diff -M --name-status "$base")
while IFS= read -r file; do
  [ -f "$file" ] || continue
  # Changed line ranges (new side) of FILE since $base, working tree included.
  ranges=$(git diff -M -U0 "$base" -- ${old_of[$file]:+"${old_of[$file]}"} "$file" |
    sed -n 's/^@@ -[0-9,]* +\([0-9]*\)\(,\([0-9]*\)\)\? @@.*/\1 \3/p' |
    awk '{ n = ($2 == "") ? 1 : $2; if (n > 0) printf "--lines=%d:%d ", $1, $1 + n - 1 }')
  [ -n "$ranges" ] || continue
  checked=$((checked + 1))
  # shellcheck disable=SC2086
  if ! diff -u --label "$file (as committed)" --label "$file (clang-format)" \
      <("$py" build-aux/style-normalize.py "$file") \
      <(clang-format $ranges --assume-filename="$file" <"$file" |
        "$py" build-aux/style-normalize.py); then
    echo "^ $file: changed lines differ from .clang-format (ranges: $ranges)"
    status=1
  fi
done < <(git diff --name-only "$base" -- 'src/*.c' 'src/*.h' 'tests/*.c' 'tests/*.h')
echo "clang-format: $checked changed file(s) since ${base:0:12} checked"
exit $status
