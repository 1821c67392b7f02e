#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# The scanner of tests/checks/comment-refs.sh (which says what it checks):
#   comment-refs.py ROOT FILE...
# FILE is a source (only its comments are read) or a .md file (all of it is
# read). Names in the project's own code come from the code (comments left
# out) of every C file, header, meson.build and script under ROOT's src/,
# tests/ and build-aux/. Prints one "file:line: problem" line each; exit 1
# when there is one.
import fnmatch, os, re, subprocess, sys

BANNED = [
    (re.compile(r"\b(DESIGN|STYLE)\.md\b"), "cites {0}, which is not in the repository"),
    (re.compile(r"\bissues?\s+#?\d+", re.I), "cites a tracker number ({0})"),
]
# A docs/ or README.md path, with the sections quoted right after it.
DOC = re.compile(r"\b(docs/[\w./-]*\w|README\.md)((?:,\s*\"[^\"]+\")*)")
QUOTED = re.compile(r"\"([^\"]+)\"")
# The project's own names: ib_foo, IbFoo, IB_FOO, each maybe ending in a
# glob ("IB_RATIO_*", "ib_chart_*").
OWN = re.compile(r"(?<![\w/.-])(ib_[a-z0-9_]*[a-z0-9]|Ib[A-Z][A-Za-z0-9]*|IB_[A-Z0-9_]*[A-Z0-9])(_?\*)?(?![\w-])")
# A function cited as "name ()" or "name()".
CALL = re.compile(r"(?<![\w.>-])([A-Za-z_]\w*) ?\(\)")
# A path under a top folder of the repository, or a file named as the
# project names its sources (ib-*, test-*, cli-*, fuzz-*); a glob is fine.
TOPS = "src|tests|docs|build-aux|data|po|ui|flatpak|\\.ci"
SUBS = "engine|analysis|chart|report|cli|app|include|common|checks|gui|faults|fuzz|perf|layers"
EXT = r"\.(?:c|h|\[ch\]|md|sh|py|build|css|ui|xml|json|in|awk|allow|supp)"
PATH = re.compile(r"(?<![\w/.$-])((?:\./)?(?:(?:%s)/[\w.*/-]*[\w*]|(?:%s)/[\w.*/-]*%s|(?:ib|test|cli|fuzz)-[\w*-]*%s)|"
                  r"(?:\./)?(?:test|run)\.sh)(?![\w/-])" % (TOPS, SUBS, EXT, EXT))
# A placeholder in a path (src/include/LAYER, chart/ib-chart-KIND.c): not checked.
PLACEHOLDER = re.compile(r"(?<![A-Za-z])(?!README)[A-Z]{3,}(?![A-Za-z])")
root = sys.argv[1]
files = sys.argv[2:]
headings = {}
cache = {}
found = {}


C_TOKENS = re.compile(r"/\*.*?(?:\*/|\Z)|//[^\n]*|\"(?:\\.|[^\"\\\n])*\"?|'(?:\\.|[^'\\\n])*'?", re.S)


def c_comments(text):
    """(start, end, line) of every /* */ and // comment, string and char literals skipped."""
    line, at = 1, 0
    for m in C_TOKENS.finditer(text):
        line += text.count("\n", at, m.start())
        at = m.start()
        if m.group(0)[0] == "/":
            yield m.start(), m.end(), line


def hash_comments(text):
    """(start, end, line) of every # comment (a # inside '...' skipped)."""
    at = 0
    for no, src in enumerate(text.split("\n"), 1):
        quoted = False
        for k, c in enumerate(src):
            if c == "'" and (k == 0 or src[k - 1] != "\\"):
                quoted = not quoted
            elif c == "#" and not quoted and (k == 0 or src[k - 1] != "$"):
                yield at + k, at + len(src), no
                break
        at += len(src) + 1


def comments(name, text):
    if name not in cache:
        cache[name] = spans(name, text)
    return cache[name]


def spans(name, text):
    if name.endswith(".md"):   # each line on its own
        spans, at = [], 0
        for no, src in enumerate(text.split("\n"), 1):
            spans.append((at, at + len(src), no))
            at += len(src) + 1
        return spans
    hashed = os.path.basename(name) == "meson.build" or name.endswith((".sh", ".py"))
    return list(hash_comments(text) if hashed else c_comments(text))


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


def code_names():
    """Every word of the code under src/, tests/ and build-aux/, and the
    suffixes pasted on with ## (prefix##_name defines a *_name)."""
    words, pasted, out = set(), set(), []
    for top in ("src", "tests", "build-aux"):
        for d, _, names in os.walk(os.path.join(root, top)):
            out += [os.path.join(d, f) for f in names
                    if f.endswith((".c", ".h", ".sh", ".py", ".in", ".ui")) or f == "meson.build"]
    for path in out:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        keep, at = [], 0
        for start, end, _ in comments(os.path.relpath(path, root), text):
            keep.append(text[at:start])
            at = end
        code = " ".join(keep) + text[at:]
        words.update(re.findall(r"\w+", code))
        pasted.update(re.findall(r"##\s*(_\w+)", code))
    return words, pasted


def repo_files():
    try:
        out = subprocess.run(["git", "-C", root, "ls-files"], capture_output=True, text=True, check=True).stdout
        listed = out.split()
    except (OSError, subprocess.CalledProcessError):
        listed = []
    if not listed:   # not a git checkout (a tarball, the planted tree)
        for d, _, names in os.walk(root):
            listed += [os.path.relpath(os.path.join(d, f), root) for f in names]
    return listed


def in_headers(names):
    """Those of @names that a system header declares (g_..., poll, ...)."""
    if not names:
        return set()
    r = subprocess.run(["grep", "-rhowF", "--include=*.h", "-e", "\n".join(sorted(names)), "/usr/include"],
                       capture_output=True, text=True)
    return set(r.stdout.split())


def sections(path):
    if path not in headings:
        with open(os.path.join(root, path), encoding="utf-8") as f:
            headings[path] = {m.group(1).strip() for m in re.finditer(r"^#+\s+(.*)$", f.read(), re.M)}
    return headings[path]


def path_exists(path, name, listed):
    key = (path, os.path.dirname(name))
    if key not in found:
        found[key] = path_found(path, name, listed)
    return found[key]


def path_found(path, name, listed):
    """@path, cited in @name, names a file: from the root, from @name's folder
    or from src/ (engine/..., chart/...); a bare file name anywhere."""
    path = path[2:] if path.startswith("./") else path
    if "/" not in path:
        return any(fnmatch.fnmatchcase(os.path.basename(f), path) for f in listed)
    here = os.path.dirname(name)
    tries = [path, os.path.normpath(os.path.join(here, path)), "src/" + path, "tests/" + path]
    # a folder, or a program by its source's name (tests/perf/tick-cost)
    return any(fnmatch.fnmatchcase(f, t) or fnmatch.fnmatchcase(f, t + ".*") or f.startswith(t + "/")
               for t in tries for f in listed)


def scan():
    words, pasted = code_names()
    listed = repo_files()
    problems, calls = [], []
    for name in files:
        with open(os.path.join(root, name), encoding="utf-8") as f:
            text = f.read()
        for start, end, line in comments(name, text):
            flat, at = flatten(line, text[start:end])
            where = lambda m: f"{name}:{at[m.start()]}"
            for rx, why in BANNED if not name.endswith(".md") else []:
                problems += [f"{where(m)}: {why.format(m.group(0))}" for m in rx.finditer(flat)]
            for m in DOC.finditer(flat):
                path = m.group(1)
                if not os.path.isfile(os.path.join(root, path)):
                    continue   # named by the PATH check below
                for q in QUOTED.finditer(m.group(2)):
                    title = re.sub(r"\s+", " ", q.group(1))
                    if title not in sections(path):
                        problems.append(f"{where(m)}: {path} has no section \"{title}\"")
            for m in PATH.finditer(flat):
                if not PLACEHOLDER.search(m.group(1)) and not path_exists(m.group(1), name, listed):
                    problems.append(f"{where(m)}: names {m.group(1)}, which does not exist")
            for m in OWN.finditer(flat):
                w = m.group(1)
                found = any(x.startswith(w) for x in words) if m.group(2) else w in words
                if not found and not any(w.endswith(p) for p in pasted):
                    problems.append(f"{where(m)}: names {w}{m.group(2) or ''}, which is not in the code")
            for m in CALL.finditer(flat):
                w = m.group(1)
                if w not in words and not OWN.fullmatch(w) and not any(w.endswith(p) for p in pasted):
                    calls.append((where(m), w))
    known = in_headers({w for _, w in calls})
    problems += [f"{at}: names {w} (), which is neither in the code nor in a system header"
                 for at, w in calls if w not in known]
    return problems


problems = scan()
for p in problems:
    print(p)
sys.exit(1 if problems else 0)
