#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The engine's sub-folders (src/engine/DIR/) each include only their own sub-folder and
# the sub-folders before them in src/engine/meson.build's engine_order, so the
# engine has no circle between sub-folders; and every engine file lives in a sub-folder.
# Run by ./test.sh; fast, no build needed. Each violation is named as
# "FILE includes DIR/HEADER, a sub-folder after its own".
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/common/common.sh
source "$root/tests/common/common.sh"
work_area iobench-engine-order

# order DIR: the sub-folder order from DIR/src/engine/meson.build, one a line.
order () {
  sed -n "s/^engine_order = \[\(.*\)\]/\1/p" "$1/src/engine/meson.build" | tr -d "' " | tr ',' '\n'
}

# violations DIR: every include that goes to a later sub-folder, and every engine
# source outside a sub-folder, one a line, sorted.
violations () {
  local dir=$1 i=0 sub
  declare -A rank=()
  while read -r sub; do rank[$sub]=$i; i=$((i + 1)); done < <(order "$dir")
  (cd "$dir" && find src/engine -maxdepth 1 \( -name '*.c' -o -name '*.h' \) -printf '%p: outside every sub-folder\n')
  (cd "$dir" && grep -Hn '#include "engine/[a-z]*/' -r src/engine --include='*.[ch]') |
    while IFS= read -r hit; do
      file=${hit%%:*}
      from=$(cut -d/ -f3 <<<"$file")
      to=$(sed 's/.*#include "engine\/\([a-z]*\)\/.*/\1/' <<<"$hit")
      header=$(sed 's/.*#include "engine\/\([^"]*\)".*/\1/' <<<"$hit")
      if [ -z "${rank[$from]+x}" ]; then
        echo "$file: in a sub-folder not listed in engine_order ($from)"
      elif [ -z "${rank[$to]+x}" ]; then
        echo "$file includes $header, in no listed sub-folder"
      elif [ "${rank[$to]}" -gt "${rank[$from]}" ]; then
        echo "$file includes $header, a sub-folder after its own"
      fi
    done | sort -u
}

# The check itself: a planted include upwards and a file outside the sub-folders.
mkdir -p "$work/t/src/engine/low" "$work/t/src/engine/high"
printf "engine_order = ['low', 'high']\n" >"$work/t/src/engine/meson.build"
printf '#include "engine/low/a.h"\n' >"$work/t/src/engine/high/b.c"
printf '#include "engine/low/a.h"\n' >"$work/t/src/engine/low/c.c"
violations "$work/t" >"$work/clean"
check "includes within a sub-folder and downwards pass" test ! -s "$work/clean"
printf '#include "engine/high/b.h"\n' >"$work/t/src/engine/low/a.c"
touch "$work/t/src/engine/loose.c"
violations "$work/t" >"$work/planted"
sed 's/^/#   /' "$work/planted"
check "a planted include upwards is named" grep -q '^src/engine/low/a.c includes high/b.h' "$work/planted"
check "a planted file outside every sub-folder is named" grep -q '^src/engine/loose.c: outside' "$work/planted"

# The real tree, less the crossings listed in engine-order.allow (each one a
# debt: the list may only shrink; an entry that no longer happens fails too).
allow="$root/tests/checks/engine-order.allow"
grep -v '^#' "$allow" 2>/dev/null | sed '/^$/d' | sort -u >"$work/allowed"
check "src/engine/meson.build lists the sub-folders in engine_order" test "$(order "$root" | wc -l)" -ge 2
violations "$root" >"$work/all"
comm -23 "$work/all" "$work/allowed" >"$work/real"
comm -13 "$work/all" "$work/allowed" >"$work/stale"
sed 's/^/#   /' "$work/real"
check "every engine include stays in its sub-folder or goes to an earlier one" test ! -s "$work/real"
sed 's/^/#   stale: /' "$work/stale"
check "every crossing in engine-order.allow still happens (remove the others)" test ! -s "$work/stale"
finish
