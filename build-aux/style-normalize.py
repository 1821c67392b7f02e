#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Print a C file with the two layouts clang-format 14 cannot express made
neutral, so that the style check compares only what .clang-format decides:

* whitespace inside parentheses (one parameter per line, aligned, in
  definitions; clang-format would join them when they fit) becomes one space;
* gettext's macros and g_autoptr() are written without the space every
  other call has (GTK's rule; clang-format has no per-macro exception before
  version 17);
* a statement continued on the next line is joined (where an expression or
  a ternary breaks is the author's choice), and runs of spaces inside a line
  become one (struct members are aligned, locals are not: clang-format 14
  aligns both or neither).

What is left for the check: indentation, braces and their lines, one
statement per line, and single spaces (before parentheses, around
operators).

Strings, character constants and comments are copied as they are."""
import re
import sys

def normalize(text):
    out = []
    depth = 0
    i = 0
    n = len(text)
    pending_space = False
    while i < n:
        c = text[i]
        if text.startswith('/*', i):
            j = text.find('*/', i + 2)
            j = n if j < 0 else j + 2
            if pending_space and depth > 0:
                out.append(' ')
            pending_space = False
            out.append(text[i:j]); i = j; continue
        if text.startswith('//', i):
            j = text.find('\n', i)
            j = n if j < 0 else j
            out.append(text[i:j]); i = j; continue
        if c in '"\'':
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == '\\' else 1
            if pending_space and depth > 0 and out and out[-1] not in '(':
                out.append(' ')
            pending_space = False
            out.append(text[i:j + 1]); i = j + 1; continue
        if depth > 0 and c in ' \t\n':
            pending_space = True; i += 1; continue
        if c == '(':
            depth += 1
            pending_space = False
        elif c == ')':
            depth = max(0, depth - 1)
            pending_space = False
        elif pending_space:
            if out and out[-1] != '(':
                out.append(' ')
            pending_space = False
        out.append(c)
        i += 1
    s = ''.join(out)
    # An anonymous struct declared in place ("struct { ... } name[] = ...")
    # sits on one line or several as the author likes.
    s = re.sub(r'\bstruct\s*\{([^{}]*)\}[ \t]*(?=[A-Za-z_])',
               lambda m: 'struct { ' + ' '.join(m.group(1).split()) + ' } ', s)
    s = join_continuations(s)
    s = re.sub(r'\* const\b', '*const', s)
    return re.sub(r'\b(_|N_|C_|NC_|Q_|g_autoptr|g_auto|g_autolist|g_autoslist|g_autoqueue) \(', r'\1(', s)

ENDS = (';', '{', '}', '*/', '\\', ':')

def initializer_opens(line):
    """A line that opens an initializer ("... = {", "{ {", "{"-led element):
    how its elements are laid out is the author's choice."""
    t = line.rstrip()
    return t.endswith('{') and (re.search(r'=\s*\{$', t) is not None
                                 or (t.lstrip().startswith('{') and t.lstrip() != '{')
                                 or t.endswith(', {') or t.endswith('({'))


def join_continuations(s):
    lines = s.split('\n')
    out = []
    for line in lines:
        prev = out[-1] if out else None
        stripped = line.strip()
        if (prev is not None and stripped and prev.strip()
                and not prev.lstrip().startswith('#')
                and (stripped.startswith('{ ') or stripped.startswith('{{')
                     or (stripped != '{' and stripped.startswith('{') and stripped.endswith(','))
                     or not stripped.startswith(('{', '}', '#', '/*', '*', '//')))
                and (not prev.rstrip().endswith(ENDS) or initializer_opens(prev))):
            out[-1] = prev.rstrip() + ' ' + stripped
        else:
            out.append(line)
    return '\n'.join(re.sub(r'(?<=\S) {2,}', ' ', l.rstrip()) for l in out)


if __name__ == '__main__':
    sys.stdout.write(normalize(open(sys.argv[1], encoding='utf-8').read()
                               if len(sys.argv) > 1 else sys.stdin.read()))
