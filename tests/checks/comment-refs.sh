#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# What the comments under src/, tests/ and build-aux/ and the docs (docs/*.md,
# src/README.md, README.md) point a reader to must be in the repository, run
# by ./test.sh every time (the scanner: tests/checks/comment-refs.py):
# * every name of the project's own a comment or a doc cites (ib_foo_bar (),
#   IbFoo, IB_FOO, or a glob of them such as IB_RATIO_*) is a word of the code
#   under src/, tests/ or build-aux/ (comments left out), and every function
#   cited as "name ()" is that or declared in a system header (g_free (), poll ());
# * every path under a top folder (src/..., tests/..., docs/..., build-aux/...),
#   under a src/ or tests/ sub-folder (engine/io/ib-os.h, gui/gui-common.c) and
#   every source named as the project names them (ib-*.c, test-*.c: anywhere
#   in the tree) exists; a glob must match one, and an upper-case part
#   (chart/ib-chart-KIND.c) is a placeholder, not checked;
# * a section quoted right after a docs/ or README.md path (`README.md, "What
#   it measures", "Survey, then decision"`) is a heading of that file;
# * a comment does not cite DESIGN.md or STYLE.md (neither is in the
#   repository) or a tracker number ("issue 12", "issues 12 and 13"): a
#   newcomer can resolve neither.
# Only comments are read (C and CSS /* */ and //, meson and script #), never
# string literals; a doc is read whole. Each problem is named as file:line.
# Fast (about two seconds): no build needed.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/common/common.sh
source "$root/tests/common/common.sh"
work_area iobench-comment-refs
command -v python3 >/dev/null || skip_missing python3 "python3 is not installed"
py=python3
[ -x /usr/bin/python3 ] && py=/usr/bin/python3

scan () {
  "$py" "$root/tests/checks/comment-refs.py" "$@"
}

# The scanner itself, on a planted tree: it must catch what it is for and
# leave string literals and what does exist alone.
mkdir -p "$work/t/src/engine" "$work/t/docs"
printf '# Map\n\n## Threading\n' >"$work/t/docs/architecture.md"
cat >"$work/t/src/engine/ib-a.c" <<'C'
/* fine (docs/architecture.md, "Threading") */
const char *s = "issue 12, DESIGN.md and ib_in_a_string () in a string are not comments";
/* see DESIGN.md section 3 */
/* the fix of issue
 * 24 is here */
/* as in docs/missing.md */
/* docs/architecture.md, "No such section" */
/* fine: ib_real_count (), IbReal, IB_REAL_MAX, IB_REAL_*, g_free (), poll (),
 * real_name () (pasted), src/engine/ib-a.c, engine/ib-*.c, ib-a.c, src/LAYER/x.c */
typedef int IbReal;
#define IB_REAL_MAX 3
#define NAMED(p) static int p##_name (void) { return IB_REAL_MAX; }
int ib_real_count (void) { return 0; }
/* counted by ib_gone_count (), as
 * IB_GONE_MAX says, in src/engine/ib-gone.c */
C
printf "# issue 7\nx = 'docs/nope.md # not a comment'\n" >"$work/t/src/meson.build"
printf '# Map\n\nIbReal and `ib_real_count ()` are fine;\n`IbGone` lives in `engine/ib-b*.c`.\n' \
  >"$work/t/docs/map.md"
scan "$work/t" src/engine/ib-a.c src/meson.build docs/map.md >"$work/planted" 2>&1
status=$?
sed 's/^/#   /' "$work/planted"
check "the scanner fails on planted references (exit $status)" test "$status" -eq 1
check "... with 10 problems, one a line" test "$(wc -l <"$work/planted")" -eq 10
check "it names DESIGN.md with file:line" grep_file '^src/engine/ib-a\.c:3: cites DESIGN\.md' "$work/planted"
check "it finds an issue number across lines" grep_file '^src/engine/ib-a\.c:4: cites a tracker number' "$work/planted"
check "it names a missing docs path" grep_file '^src/engine/ib-a\.c:6: names docs/missing\.md' "$work/planted"
check "it names a missing section" grep_file '^src/engine/ib-a\.c:7: docs/architecture\.md has no section' "$work/planted"
check "it names a missing function" \
  grep_file '^src/engine/ib-a\.c:14: names ib_gone_count, which is not in the code' "$work/planted"
check "it names a missing macro on the comment's next line" \
  grep_file '^src/engine/ib-a\.c:15: names IB_GONE_MAX, which' "$work/planted"
check "it names a missing source file" \
  grep_file '^src/engine/ib-a\.c:15: names src/engine/ib-gone\.c, which does not exist' "$work/planted"
check "it reads meson comments" grep_file '^src/meson\.build:1: cites a tracker number' "$work/planted"
check "it names a missing type in a doc" grep_file '^docs/map\.md:4: names IbGone, which' "$work/planted"
check "it names a glob that matches nothing in a doc" \
  grep_file '^docs/map\.md:4: names engine/ib-b\*\.c, which does not exist' "$work/planted"
check "a string literal is not read" test "$(grep -c 'in_a_string' "$work/planted")" -eq 0

# The real tree: the sources, the tests, the build's own scripts and the docs
# (this check's planted examples left out).
mapfile -t sources < <(cd "$root" && find src tests build-aux \( -name '*.[ch]' -o -name '*.css' \
  -o -name meson.build -o -name '*.sh' -o -name '*.py' \) -not -path 'tests/checks/comment-refs.*' |
  sort)
sources+=(meson.build test.sh run.sh README.md src/README.md)
for f in "$root"/docs/*.md; do sources+=("docs/${f##*/}"); done
scan "$root" "${sources[@]}" >"$work/real" 2>&1
status=$?
sed 's/^/#   /' "$work/real"
check "no comment or doc of ${#sources[@]} files cites a missing name, path or section, DESIGN.md, STYLE.md or an issue" \
  test "$status" -eq 0
finish
