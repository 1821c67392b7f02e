#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Counts one build's `meson test` for ./test.sh, honestly.

    test-summary.py count BUILD_DIR SUITE...
        Reads BUILD_DIR/meson-logs/testlog.json and prints, one a line:
          SKIPPED: <build>: <suite> / <test>: <reason>   a legitimate skip
          SKIPPED-CASE: <build>: <test>, case <path>: <reason>
                                  a case skipped inside a passing test
          FAILED: <build>: ...                           a failure
          COUNTS <passed> <failed>                       always last
        Rules: a test that fails, times out or errs is a failure; a skipped
        test is listed with its reason, and is a failure when it gives no
        reason or when it skipped for want of a Debian package ("(missing
        package: P)") that can be installed here (Debian 12, or apt knows P):
        what the README promises on Debian 12 must run. Each SUITE named must
        have run at least one test (skips do not count): a suite that ran
        nothing is a failure. Cases skipped inside a passing test (GLib's
        "ok N /path # SKIP reason") are listed too.

    test-summary.py skip NAME REASON
        The same verdict for one skipped check outside meson (exit 77 with
        "SKIP: REASON"): a SKIPPED: or a FAILED: line.

    test-summary.py package NAME
        The Debian 12 package that gives pkg-config NAME (gtk4 ->
        libgtk-4-dev), or NAME itself when unknown.

    test-summary.py missing-deps MESON_LOG
        The Debian packages of the dependencies a failed `meson setup` could
        not find (its "Dependency "X" not found" lines), space separated.
"""
import json
import os
import re
import subprocess
import sys

# pkg-config names the project asks for -> the Debian 12 package that has them.
PACKAGES = {
    "glib-2.0": "libglib2.0-dev", "gio-2.0": "libglib2.0-dev",
    "gio-unix-2.0": "libglib2.0-dev", "gobject-2.0": "libglib2.0-dev",
    "gmodule-2.0": "libglib2.0-dev", "gthread-2.0": "libglib2.0-dev",
    "json-glib-1.0": "libjson-glib-dev", "zlib": "zlib1g-dev",
    "cairo": "libcairo2-dev", "pango": "libpango1.0-dev",
    "pangocairo": "libpango1.0-dev", "gtk4": "libgtk-4-dev",
    "libadwaita-1": "libadwaita-1-dev", "liburing": "liburing-dev",
    "fuse3": "libfuse3-dev",
}

MISSING = re.compile(r"\(missing package: ([a-z0-9][a-z0-9.+-]*)\)")
CASE_SKIP = re.compile(r"^ok \d+ (\S+) # SKIP\s*(.*)$")


def promised_platform():
    """True on Debian 12, where the README promises every suite."""
    try:
        rel = dict(l.rstrip("\n").split("=", 1) for l in open("/etc/os-release") if "=" in l)
    except OSError:
        return False
    return rel.get("ID") == "debian" and rel.get("VERSION_ID", "").strip('"') == "12"


def installable(pkg):
    if promised_platform():
        return True
    try:
        out = subprocess.run(["apt-cache", "policy", pkg], capture_output=True, text=True).stdout
    except OSError:
        return False
    m = re.search(r"Candidate:\s*(\S+)", out)
    return bool(m) and m.group(1) != "(none)"


def skip_reason(r):
    out = (r.get("stdout") or "") + "\n" + (r.get("stderr") or "")
    for line in out.splitlines():
        if line.startswith("SKIP: "):
            return line[6:].strip()
    reasons = [m.group(2) or m.group(1) for m in map(CASE_SKIP.match, out.splitlines()) if m]
    if reasons:
        return "; ".join(sorted(set(reasons)))
    return ""


def skip_verdict(what, why):
    """A SKIPPED: line, or a FAILED: one for a skip without a reason or for
    want of a package that installs here."""
    m = MISSING.search(why)
    if not why:
        return "FAILED: %s was skipped without saying why" % what
    if m and installable(m.group(1)):
        return ("FAILED: %s was skipped, but %s installs here (Debian 12 promises it): "
                "%s; apt-get install %s, or run ./test.sh, which installs it"
                % (what, m.group(1), why, m.group(1)))
    return "SKIPPED: %s: %s" % (what, why)


def count(build, suites):
    name = os.path.basename(os.path.normpath(build))
    log = os.path.join(build, "meson-logs", "testlog.json")
    lines, passed, failed = [], 0, 0
    ran = {s: 0 for s in suites}
    try:
        results = [json.loads(l) for l in open(log) if l.strip()]
    except (OSError, ValueError) as e:
        print("FAILED: %s: no test log (%s)" % (name, e))
        print("COUNTS 0 1")
        return
    for r in results:
        test = r.get("name", "?").split(":", 1)[-1]
        result = r.get("result")
        # meson names a test "project:suite / name" (its first suite).
        suite = test.split(" / ", 1)[0]
        if suite in ran and result != "SKIP":
            ran[suite] += 1
        if result in ("OK", "EXPECTEDFAIL"):
            passed += 1
            for line in (r.get("stdout") or "").splitlines():
                m = CASE_SKIP.match(line)
                if m:
                    lines.append("SKIPPED-CASE: %s: %s, case %s: %s"
                                 % (name, test, m.group(1), m.group(2) or "no reason given"))
        elif result == "SKIP":
            line = skip_verdict("%s: %s" % (name, test), skip_reason(r))
            failed += line.startswith("FAILED: ")
            lines.append(line)
        else:
            failed += 1
            lines.append("FAILED: %s: %s (%s)" % (name, test, result))
    for s, k in ran.items():
        if k == 0:
            failed += 1
            lines.append("FAILED: %s: suite %s ran no test (a suite that runs nothing "
                         "proves nothing)" % (name, s))
    for l in lines:
        print(l)
    print("COUNTS %d %d" % (passed, failed))


def missing_deps(meson_log):
    try:
        text = open(meson_log, errors="replace").read()
    except OSError:
        return ""
    names = re.findall(r'Dependency "([^"]+)" not found', text)
    names += re.findall(r"Run-time dependency (\S+) found: NO", text)
    pkgs = []
    for n in names:
        p = PACKAGES.get(n)
        if p and p not in pkgs:
            pkgs.append(p)
    return " ".join(pkgs)


def main(argv):
    if len(argv) >= 3 and argv[1] == "count":
        count(argv[2], argv[3:])
    elif len(argv) == 4 and argv[1] == "skip":
        print(skip_verdict(argv[2], argv[3].strip()))
    elif len(argv) == 3 and argv[1] == "package":
        print(PACKAGES.get(argv[2], argv[2]))
    elif len(argv) == 3 and argv[1] == "missing-deps":
        print(missing_deps(argv[2]))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
