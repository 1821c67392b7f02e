#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Check po/POTFILES.in against the source tree.

Fails when a file under src/, ui/ or data/ holds translatable strings (_( N_( C_( NC_(
or translatable="yes"; or is a desktop file, metainfo or GSettings schema template) but
is not listed, and when a listed file does not exist (xgettext would stop there).

Usage: check-potfiles.py [--update] SOURCE_ROOT
With --update, rewrites po/POTFILES.in (header comments kept, list sorted) so that the
check passes, and prints what changed.
"""
import pathlib
import re
import sys

SCAN_DIRS = ("src", "ui", "data")
SCAN_SUFFIXES = {".c", ".h", ".ui", ".blp", ".xml", ".in"}
MARKER = re.compile(r'(?<![A-Za-z0-9_])(?:NC_|C_|N_|_)\(|translatable="yes"')
ALWAYS = re.compile(r"\.(desktop\.in|metainfo\.xml\.in|gschema\.xml)$")
# Comments are blanked (newlines kept, for line numbers) before searching, so that
# "/* N_(): the title */" in a header does not count. String literals are kept.
C_COMMENT = re.compile(r"""'(?:\\.|[^'\\\n])'|"(?:\\.|[^"\\\n])*"|/\*.*?\*/|//[^\n]*""", re.S)
XML_COMMENT = re.compile(r"<!--.*?-->", re.S)


def blank_comments(path, text):
    def blank(match):
        token = match.group(0)
        if token.startswith(('"', "'")):
            return token
        return re.sub(r"[^\n]", " ", token)
    if path.suffix in (".c", ".h"):
        return C_COMMENT.sub(blank, text)
    return XML_COMMENT.sub(blank, text)


def listed_files(potfiles):
    for line in potfiles.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            yield line


def first_marker(path):
    try:
        text = path.read_text(encoding="utf-8")
    except (UnicodeDecodeError, OSError):
        return None
    for number, line in enumerate(blank_comments(path, text).splitlines(), 1):
        match = MARKER.search(line)
        if match:
            return number, match.group(0)
    return None


def main():
    args = sys.argv[1:]
    update = "--update" in args
    args = [a for a in args if a != "--update"]
    root = pathlib.Path(args[0]).resolve()
    potfiles = root / "po" / "POTFILES.in"
    listed = list(listed_files(potfiles))
    errors = []
    wanted = [name for name in listed if (root / name).is_file()]

    for name in listed:
        if not (root / name).is_file():
            errors.append(f"po/POTFILES.in lists {name}, which does not exist: "
                          "remove the line or fix the path")

    listed_set = set(listed)
    scanned = 0
    for top in SCAN_DIRS:
        for path in sorted((root / top).rglob("*")):
            if not path.is_file() or path.suffix not in SCAN_SUFFIXES:
                continue
            scanned += 1
            rel = path.relative_to(root).as_posix()
            if rel in listed_set:
                continue
            if ALWAYS.search(rel):
                errors.append(f"{rel} is translatable but missing from po/POTFILES.in: "
                              "add the line")
                wanted.append(rel)
                continue
            hit = first_marker(path)
            if hit:
                wanted.append(rel)
                errors.append(f"{rel}:{hit[0]} marks a string for translation ({hit[1]}) "
                              "but the file is missing from po/POTFILES.in: add the line")

    for error in errors:
        print(error)
    if update and errors:
        header = [line for line in potfiles.read_text(encoding="utf-8").splitlines()
                  if line.startswith("#")]
        potfiles.write_text("\n".join(header + sorted(set(wanted))) + "\n", encoding="utf-8")
        print(f"po/POTFILES.in rewritten: {len(set(wanted))} files")
        return 0
    if errors:
        print("To fix: tests/data/check-potfiles.py --update SOURCE_ROOT")
    print(f"{len(listed)} listed, {scanned} source files scanned, {len(errors)} problem(s)")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
