#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""atspi-walk.py PID [LABEL]: walks the AT-SPI tree of the application with
process id PID as a screen reader meets it (what is showing), and fails on:

 - a control (a button, a toggle, a switch, a check box, a list item, a row
   of a table, an entry, ...) without a name;
 - a name that is a GTK or libadwaita class name ("GtkSwitch", "GtkListBox"):
   GTK's fallback, not words;
 - a view switcher met twice (two tab lists of the same tabs).

Prints each failure on its own line with the path of roles and names that
leads to it, then a summary line; exits 0 when there is none, 1 otherwise,
77 (skipped) when the tree cannot be read (no python3-gi or Atspi typelib).
"""
import os
import re
import sys

try:
    import gi

    gi.require_version("Atspi", "2.0")
    from gi.repository import Atspi
except (ImportError, ValueError) as exc:  # pragma: no cover - missing packages
    print(f"atspi-walk.py: cannot read the tree: {exc} "
          "(apt-get install python3-gi gir1.2-atspi-2.0)", file=sys.stderr)
    sys.exit(77)

# The roles a person operates or reads one by one: each needs a name.
# (Decorative icons and scroll bars, GTK's own parts, are left out: GTK 4.8
# gives them their class name and no way to say they are decoration.)
NAMED_ROLES = {
    "push button", "toggle button", "check box", "radio button", "switch",
    "list item", "menu item", "check menu item", "radio menu item",
    "combo box", "text", "entry", "password text", "spin button", "slider",
    "link", "page tab", "tree item", "table row", "list", "list box",
    "table", "tree", "tree table", "progress bar", "page tab list",
    "table column header", "table row header",
}
CLASS_NAME = re.compile(r"^(Gtk|Adw|Ib)[A-Z][A-Za-z]*$")
MAX_DEPTH = 60
DUMP = os.environ.get("ATSPI_WALK_DUMP") == "1"


def role_name(acc):
    try:
        return acc.get_role_name() or "?"
    except Exception:  # a widget gone while walking
        return "?"


def is_visible(acc):
    """Whether @acc is on screen. GTK 4.8 says VISIBLE of a stack's hidden
    pages and of the hidden half of a squeezer too (and SHOWING of none but
    the window): what is not drawn has no extents."""
    try:
        if not acc.get_state_set().contains(Atspi.StateType.VISIBLE):
            return False
    except Exception:
        return False
    try:
        ext = acc.get_extents(Atspi.CoordType.WINDOW)
    except Exception:  # no Component interface (a GtkStackPage): its child says
        return True
    return ext.width > 0 and ext.height > 0


def text_of(acc):
    """What a screen reader would read when the name is empty: the labels
    the element is labelled by."""
    try:
        relations = acc.get_relation_set()
    except Exception:
        return ""
    words = []
    for rel in relations or []:
        if rel.get_relation_type() != Atspi.RelationType.LABELLED_BY:
            continue
        for i in range(rel.get_n_targets()):
            words.append(rel.get_target(i).get_name() or "")
    return " ".join(w for w in words if w)


def find_app(pid):
    desktop = Atspi.get_desktop(0)
    for i in range(desktop.get_child_count()):
        app = desktop.get_child_at_index(i)
        if app is None:
            continue
        try:
            if app.get_process_id() == pid:
                return app
        except Exception:
            continue
    return None


def walk(acc, path, depth, problems, tablists, counts, seen):
    # a live page (a run) inserts rows while it is walked: a child list that
    # moved on must not walk one subtree twice
    if depth > MAX_DEPTH or acc in seen:
        return
    seen.add(acc)
    role = role_name(acc)
    name = acc.get_name() or ""
    here = f"{path} > {role} '{name}'" if path else f"{role} '{name}'"
    if DUMP:
        st = acc.get_state_set()
        flags = "".join(c for c, t in (("S", Atspi.StateType.SHOWING), ("V", Atspi.StateType.VISIBLE))
                        if st.contains(t))
        try:
            e = acc.get_extents(Atspi.CoordType.WINDOW)
            ext = f"{e.x},{e.y} {e.width}x{e.height}"
        except Exception as exc:
            ext = f"no extents {exc}"
        print("  " * depth + f"{role} '{name}' [{flags}] {ext} children={acc.get_child_count()}")
    if depth > 0 and not is_visible(acc):
        return
    counts["elements"] += 1
    if role in NAMED_ROLES:
        counts["controls"] += 1
        if not name.strip() and not text_of(acc):
            problems.append(f"unnamed {role}: {here}")
    if role in NAMED_ROLES and CLASS_NAME.match(name.strip()):
        problems.append(f"class name as name: {here}")
    if role == "page tab list":
        tabs = []
        for i in range(acc.get_child_count()):
            child = acc.get_child_at_index(i)
            if child is not None and is_visible(child):
                tabs.append(child.get_name() or "")
        tablists.append((here, tuple(tabs)))
    for i in range(acc.get_child_count()):
        try:
            child = acc.get_child_at_index(i)
        except Exception:
            continue
        if child is not None:
            walk(child, here, depth + 1, problems, tablists, counts, seen)


def main():
    if len(sys.argv) < 2:
        print("usage: atspi-walk.py PID [LABEL]", file=sys.stderr)
        return 2
    pid = int(sys.argv[1])
    label = sys.argv[2] if len(sys.argv) > 2 else "window"
    Atspi.set_timeout(20000, -1)
    app = find_app(pid)
    if app is None:
        print(f"not ok: {label}: no application with pid {pid} on the accessibility bus")
        return 1
    problems = []
    tablists = []
    counts = {"elements": 0, "controls": 0}
    seen = set()
    for i in range(app.get_child_count()):
        window = app.get_child_at_index(i)
        if window is not None and is_visible(window):
            walk(window, "", 0, problems, tablists, counts, seen)
    seen = {}
    for where, tabs in tablists:
        if tabs in seen:
            problems.append(f"view switcher met twice: {where} (first at {seen[tabs]})")
        seen.setdefault(tabs, where)
    for p in problems:
        print(f"not ok: {label}: {p}")
    print(f"{label}: {counts['elements']} elements, {counts['controls']} controls, "
          f"{len(problems)} problems")
    if counts["controls"] == 0:
        print(f"not ok: {label}: no control found: the tree was not read")
        return 1
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
