#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The engine's rooms (src/engine/ROOM/) each include only their own room and
# the rooms before them in src/engine/meson.build's engine_rooms, so the
# engine has no circle between rooms; and every engine file lives in a room.
# Run by ./test.sh; fast, no build needed. Each violation is named as
# "FILE includes ROOM/HEADER, a room after its own".
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/common/common.sh
source "$root/tests/common/common.sh"
work_area iobench-engine-rooms

# rooms DIR: the room order from DIR/src/engine/meson.build, one a line.
rooms () {
  sed -n "s/^engine_rooms = \[\(.*\)\]/\1/p" "$1/src/engine/meson.build" | tr -d "' " | tr ',' '\n'
}

# violations DIR: every include that goes to a later room, and every engine
# source outside a room, one a line, sorted.
violations () {
  local dir=$1 i=0 room
  declare -A rank=()
  while read -r room; do rank[$room]=$i; i=$((i + 1)); done < <(rooms "$dir")
  (cd "$dir" && find src/engine -maxdepth 1 \( -name '*.c' -o -name '*.h' \) -printf '%p: outside every room\n')
  (cd "$dir" && grep -Hn '#include "engine/[a-z]*/' -r src/engine --include='*.[ch]') |
    while IFS= read -r hit; do
      file=${hit%%:*}
      from=$(cut -d/ -f3 <<<"$file")
      to=$(sed 's/.*#include "engine\/\([a-z]*\)\/.*/\1/' <<<"$hit")
      header=$(sed 's/.*#include "engine\/\([^"]*\)".*/\1/' <<<"$hit")
      if [ -z "${rank[$from]+x}" ]; then
        echo "$file: in a room not listed in engine_rooms ($from)"
      elif [ -z "${rank[$to]+x}" ]; then
        echo "$file includes $header, in no listed room"
      elif [ "${rank[$to]}" -gt "${rank[$from]}" ]; then
        echo "$file includes $header, a room after its own"
      fi
    done | sort -u
}

# The check itself: a planted include upwards and a file outside the rooms.
mkdir -p "$work/t/src/engine/low" "$work/t/src/engine/high"
printf "engine_rooms = ['low', 'high']\n" >"$work/t/src/engine/meson.build"
printf '#include "engine/low/a.h"\n' >"$work/t/src/engine/high/b.c"
printf '#include "engine/low/a.h"\n' >"$work/t/src/engine/low/c.c"
violations "$work/t" >"$work/clean"
check "includes within a room and downwards pass" test ! -s "$work/clean"
printf '#include "engine/high/b.h"\n' >"$work/t/src/engine/low/a.c"
touch "$work/t/src/engine/loose.c"
violations "$work/t" >"$work/planted"
sed 's/^/#   /' "$work/planted"
check "a planted include upwards is named" grep -q '^src/engine/low/a.c includes high/b.h' "$work/planted"
check "a planted file outside every room is named" grep -q '^src/engine/loose.c: outside' "$work/planted"

# The real tree, less the crossings listed in engine-rooms.allow (each one a
# debt: the list may only shrink; an entry that no longer happens fails too).
allow="$root/tests/checks/engine-rooms.allow"
grep -v '^#' "$allow" 2>/dev/null | sed '/^$/d' | sort -u >"$work/allowed"
check "src/engine/meson.build lists the rooms in engine_rooms" test "$(rooms "$root" | wc -l)" -ge 2
violations "$root" >"$work/all"
comm -23 "$work/all" "$work/allowed" >"$work/real"
comm -13 "$work/all" "$work/allowed" >"$work/stale"
sed 's/^/#   /' "$work/real"
check "every engine include stays in its room or goes to an earlier one" test ! -s "$work/real"
sed 's/^/#   stale: /' "$work/stale"
check "every crossing in engine-rooms.allow still happens (remove the others)" test ! -s "$work/stale"
finish
