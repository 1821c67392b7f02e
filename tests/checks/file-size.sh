#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# No C source or header under src/ is longer than 900 lines, run by ./test.sh
# every time: a file that grows past it is split by topic with a private
# header, the way src/app/ib-plan-page-*.c and src/engine/io/ib-fileset*.c are
# (docs/architecture.md, "Layers"). Each file over the limit is named with its
# length. Fast: no build needed.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/common/common.sh
source "$root/tests/common/common.sh"
work_area iobench-file-size
limit=900

# over DIR: every .c/.h under DIR/src longer than $limit lines, as
# "path: N lines", sorted.
over () {
  (cd "$1" && find src \( -name '*.c' -o -name '*.h' \) -type f -print0 |
     xargs -0 -r wc -l | awk -v limit="$limit" '$2 != "total" && $1 > limit {
       printf "%s: %d lines\n", $2, $1 }' | sort)
}

# The check itself fails on a planted long file and passes one at the limit.
mkdir -p "$work/t/src/engine"
seq 1 "$limit" >"$work/t/src/engine/at-limit.c"
seq 1 "$((limit + 1))" >"$work/t/src/engine/too-long.h"
over "$work/t" >"$work/planted"
sed 's/^/#   /' "$work/planted"
check "a planted file of $((limit + 1)) lines is named, one of $limit is not" \
  test "$(cat "$work/planted")" = "src/engine/too-long.h: $((limit + 1)) lines"

# The real tree.
over "$root" >"$work/real"
sed 's/^/#   /' "$work/real"
n=$(cd "$root" && find src \( -name '*.c' -o -name '*.h' \) -type f | wc -l)
check "none of the $n .c/.h files under src/ is over $limit lines" test ! -s "$work/real"
finish
