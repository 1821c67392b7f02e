#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# What the comments under src/, tests/ and build-aux/ point a reader to must be in the repository,
# run by ./test.sh every time. A comment may not cite DESIGN.md or STYLE.md
# (neither is in the repository) or a tracker number ("issue 12", "issues 12
# and 13"): a newcomer can resolve neither. A docs/... or README.md path a
# comment names must exist, and a section it quotes right after the path
# (`README.md, "What it measures", "Survey, then decision"`) must be a heading
# of that file. Only comments are read (C and CSS /* */ and //, meson #), never
# string literals. Each problem is named as file:line. Fast: no build needed.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/common/common.sh
source "$root/tests/common/common.sh"
work_area iobench-comment-refs
command -v python3 >/dev/null || skip_missing python3 "python3 is not installed"

cat >"$work/scan.py" <<'PY'
import os, re, sys

root = sys.argv[1]
files = sys.argv[2:]
BANNED = [
    (re.compile(r"\b(DESIGN|STYLE)\.md\b"), "cites {0}, which is not in the repository"),
    (re.compile(r"\bissues?\s+#?\d+", re.I), "cites a tracker number ({0})"),
]
PATH = re.compile(r"\b(docs/[\w./-]*\w|README\.md)((?:,\s*\"[^\"]+\")*)")
QUOTED = re.compile(r"\"([^\"]+)\"")
headings = {}


def c_comments(text):
    """(line, text) of every /* */ and // comment, skipping string and char literals."""
    i, n, line = 0, len(text), 1
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
            i += 1
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            yield line, text[i:end]
            line += text.count("\n", i, end)
            i = end
        elif text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            yield line, text[i:end]
            i = end
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            line += text.count("\n", i, j)
            i = j + 1
        else:
            i += 1


def hash_comments(text):
    """(line, text) of every # comment of a meson file (a # inside '...' skipped)."""
    for no, src in enumerate(text.split("\n"), 1):
        quoted = False
        for k, c in enumerate(src):
            if c == "'" and (k == 0 or src[k - 1] != "\\"):
                quoted = not quoted
            elif c == "#" and not quoted:
                yield no, src[k:]
                break


def flatten(line, comment):
    """The comment as one string, with the line each character came from."""
    out, lines = [], []
    for k, part in enumerate(comment.split("\n")):
        if k > 0:
            part = re.sub(r"^\s*\*(?!/)\s?", "", part)
            out.append(" ")
            lines.append(line + k)
        out.append(part)
        lines.extend([line + k] * len(part))
    return "".join(out), lines


def sections(path):
    if path not in headings:
        with open(os.path.join(root, path), encoding="utf-8") as f:
            headings[path] = {m.group(1).strip() for m in re.finditer(r"^#+\s+(.*)$", f.read(), re.M)}
    return headings[path]


problems = 0
for name in files:
    with open(os.path.join(root, name), encoding="utf-8") as f:
        text = f.read()
    hashed = os.path.basename(name) == "meson.build" or name.endswith((".sh", ".py"))
    found = hash_comments(text) if hashed else c_comments(text)
    for line, comment in found:
        flat, at = flatten(line, comment)
        for rx, why in BANNED:
            for m in rx.finditer(flat):
                print(f"{name}:{at[m.start()]}: {why.format(m.group(0))}")
                problems += 1
        for m in PATH.finditer(flat):
            path = m.group(1)
            where = f"{name}:{at[m.start()]}"
            if not os.path.isfile(os.path.join(root, path)):
                print(f"{where}: names {path}, which does not exist")
                problems += 1
                continue
            for q in QUOTED.finditer(m.group(2)):
                title = re.sub(r"\s+", " ", q.group(1))
                if title not in sections(path):
                    print(f"{where}: {path} has no section \"{title}\"")
                    problems += 1
sys.exit(1 if problems else 0)
PY

scan () {
  python3 "$work/scan.py" "$@"
}

# The scanner itself, on a planted tree: it must catch what it is for and
# leave string literals alone.
mkdir -p "$work/t/src" "$work/t/docs"
printf '# Map\n\n## Threading\n' >"$work/t/docs/architecture.md"
cat >"$work/t/src/a.c" <<'C'
/* fine (docs/architecture.md, "Threading") */
const char *s = "issue 12 and DESIGN.md in a string are not comments";
/* see DESIGN.md section 3 */
/* the fix of issue
 * 24 is here */
/* as in docs/missing.md */
/* docs/architecture.md, "No such section" */
C
printf "# issue 7\nx = 'docs/nope.md # not a comment'\n" >"$work/t/src/meson.build"
scan "$work/t" src/a.c src/meson.build >"$work/planted" 2>&1
sed 's/^/#   /' "$work/planted"
check "the scanner fails on planted references" test "$(wc -l <"$work/planted")" -eq 5
check "it names DESIGN.md with file:line" grep_file '^src/a\.c:3: cites DESIGN\.md' "$work/planted"
check "it finds an issue number across lines" grep_file '^src/a\.c:4: cites a tracker number' "$work/planted"
check "it names a missing docs path" grep_file '^src/a\.c:6: names docs/missing\.md' "$work/planted"
check "it names a missing section" grep_file '^src/a\.c:7: docs/architecture\.md has no section' "$work/planted"
check "it reads meson comments" grep_file '^src/meson\.build:1: cites a tracker number' "$work/planted"

# The real tree: the sources, the tests and the build's own scripts (this
# check's planted examples left out).
mapfile -t sources < <(cd "$root" && find src tests build-aux \( -name '*.[ch]' -o -name '*.css' \
  -o -name meson.build -o -name '*.sh' -o -name '*.py' \) -not -path tests/checks/comment-refs.sh |
  sort)
sources+=(meson.build test.sh run.sh)
scan "$root" "${sources[@]}" >"$work/real" 2>&1
status=$?
sed 's/^/#   /' "$work/real"
check "no comment in ${#sources[@]} files under src/, tests/ and build-aux/ cites DESIGN.md, STYLE.md or an issue, or a missing doc" \
  test "$status" -eq 0
finish
