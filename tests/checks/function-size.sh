#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Functions of a readable size, run by ./test.sh every time: no function
# defined in a .c/.h under src/ has a body over 100 lines (its braces
# included) or takes more than 7 parameters. A long function is split into
# named steps, a long signature collapses into a struct of options, the way
# file-size.sh keeps files small. Fast: no build needed.
#
# The functions that were over a limit when this check came are listed in
# function-size.allow with their size then. The list may only shrink: a listed
# function that grows past its entry fails, a function over a limit and not
# listed fails, and so does an entry whose function is gone or is within the
# limits again (remove its line). A listed function that shrank but is still
# over a limit is noted; lower its entry to the new figure.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/common/common.sh
source "$root/tests/common/common.sh"
work_area iobench-function-size
max_lines=100
max_params=7

# measure DIR: "path<TAB>name<TAB>body lines<TAB>parameters" for every
# function defined under DIR/src, sorted.
measure () {
  (cd "$1" && find src \( -name '*.c' -o -name '*.h' \) -type f -print0 | sort -z |
     xargs -0 -r awk -f "$root/tests/checks/function-size.awk")
}

# judge MEASURED ALLOW: one line per problem, "path: name: ..." (nothing when
# every function is within the limits or within its entry in ALLOW); notes
# on shrunk entries go to stderr.
judge () {
  awk -F'\t' -v max_lines="$max_lines" -v max_params="$max_params" '
    FILENAME == ARGV[1] {
      # function-size.allow: "path name lines|params N", "#" comments.
      sub(/#.*/, "")
      if (NF == 0) next
      split($0, w, /[ \t]+/)
      if (w[3] != "lines" && w[3] != "params" || w[4] !~ /^[0-9]+$/) {
        printf "%s: line %d is not \"path name lines|params N\"\n", FILENAME, FNR
        next
      }
      allow[w[1] " " w[2] " " w[3]] = w[4]
      next
    }
    {
      seen[$1 " " $2 " lines"] = $3
      seen[$1 " " $2 " params"] = $4
      over($1, $2, "lines", $3, max_lines, "a body of %d lines (limit %d)")
      over($1, $2, "params", $4, max_params, "%d parameters (limit %d)")
    }
    function over (path, name, what, n, limit, fmt,    key, msg) {
      if (n <= limit) return
      key = path " " name " " what
      msg = sprintf(fmt, n, limit)
      if (!(key in allow))
        printf "%s: %s: %s, not in function-size.allow\n", path, name, msg
      else if (n > allow[key])
        printf "%s: %s: %s, grew past its allowed %d\n", path, name, msg, allow[key]
      else if (n < allow[key])
        printf "# note: %s: %s: %s, shrank from %d: lower its entry\n", path, name, msg,
          allow[key] > "/dev/stderr"
    }
    END {
      for (key in allow) {
        split(key, w, " ")
        if (!(key in seen))
          printf "%s: %s: listed in function-size.allow but not found: remove its %s line\n",
            w[1], w[2], w[3]
        else if (seen[key] <= (w[3] == "lines" ? max_lines : max_params))
          printf "%s: %s: %s within the limit now (%d): remove its line from function-size.allow\n",
            w[1], w[2], w[3], seen[key]
      }
    }' "$2" "$1" | sort
}

# plant DIR NAME LINES PARAMS: a C file DIR/src/NAME.c with one function
# NAME of PARAMS int parameters and a body of LINES lines, laid out the way
# .clang-format lays out a definition.
plant () {
  local dir=$1 name=$2 lines=$3 params=$4 i
  mkdir -p "$dir/src"
  {
    printf 'static int\n%s (' "$name"
    if [ "$params" -eq 0 ]; then printf 'void'; fi
    for ((i = 1; i <= params; i++)); do
      if [ "$i" -gt 1 ]; then printf ',\n    '; fi
      printf 'int p%d' "$i"
    done
    printf ')\n{\n'
    for ((i = 1; i <= lines - 3; i++)); do printf '  n++;\n'; done
    printf '  return 0;\n}\n'
  } >"$dir/src/$name.c"
}

# The check itself: it names a planted body of 101 lines and a planted
# signature of 8 parameters, and passes the ones at the limits.
t=$work/t
plant "$t" at_limit "$max_lines" "$max_params"
plant "$t" none 3 0
plant "$t" too_long "$((max_lines + 1))" 1
plant "$t" too_many 5 "$((max_params + 1))"
: >"$work/empty.allow"
measure "$t" >"$work/planted-measure"
check "the planted functions are measured: at_limit $max_lines lines and $max_params parameters, none 3 and 0" \
  grep -qxF "$(printf 'src/at_limit.c\tat_limit\t%d\t%d' "$max_lines" "$max_params")" "$work/planted-measure"
check "a function of (void) takes no parameter" \
  grep -qxF "$(printf 'src/none.c\tnone\t3\t0')" "$work/planted-measure"
judge "$work/planted-measure" "$work/empty.allow" >"$work/planted" 2>&1
sed 's/^/#   /' "$work/planted"
check "a planted body of $((max_lines + 1)) lines and $((max_params + 1)) parameters are named, the ones at the limits are not" \
  test "$(cat "$work/planted")" = "src/too_long.c: too_long: a body of $((max_lines + 1)) lines (limit $max_lines), not in function-size.allow
src/too_many.c: too_many: $((max_params + 1)) parameters (limit $max_params), not in function-size.allow"

# The allowlist: a listed function passes at its size, fails when it grows,
# and an entry whose function is within the limits fails.
printf '%s\n' "src/too_long.c too_long lines $((max_lines + 1))" \
  "src/too_many.c too_many params $((max_params + 1))" >"$work/t.allow"
judge "$work/planted-measure" "$work/t.allow" >"$work/allowed" 2>&1
check "functions listed at their size pass" test ! -s "$work/allowed"
printf '%s\n' "src/too_long.c too_long lines $max_lines" \
  "src/too_many.c too_many params $((max_params + 1))" \
  "src/at_limit.c at_limit lines $max_lines" >"$work/t.allow"
judge "$work/planted-measure" "$work/t.allow" >"$work/grown" 2>&1
sed 's/^/#   /' "$work/grown"
check "a listed function that grew fails, and so does an entry within the limit" \
  test "$(cat "$work/grown")" = "src/at_limit.c: at_limit: lines within the limit now ($max_lines): remove its line from function-size.allow
src/too_long.c: too_long: a body of $((max_lines + 1)) lines (limit $max_lines), grew past its allowed $max_lines"

# The real tree.
measure "$root" >"$work/real-measure"
judge "$work/real-measure" "$root/tests/checks/function-size.allow" >"$work/real"
sed 's/^/#   /' "$work/real"
n=$(wc -l <"$work/real-measure")
allowed=$(grep -cv '^\s*\(#\|$\)' "$root/tests/checks/function-size.allow")
check "none of the $n functions under src/ is over $max_lines lines or $max_params parameters, but for the $allowed entries of function-size.allow" \
  test ! -s "$work/real"
finish
