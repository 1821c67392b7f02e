#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Writes the fuzz seeds of tests/fuzz/hostile/ and tests/fuzz/pairs/ from the
# real reports of tests/fuzz/corpus/ (run it again after a schema change):
#
#   hostile/  every free text of a report (strategy, mode, overhead kind,
#             sweep strategy, host, device, folder, errors, warnings) made
#             hostile: terminal escapes and controls, formulas, characters
#             XML and cairo's PDF text refuse, bidi overrides, very long and
#             wide text; and large reports (many samples, many strategies).
#   pairs/    two reports joined by a NUL byte, for the compare target.
import copy
import json
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
corpus = os.path.join(here, "corpus")

CONTROLS = ("\u001b[31mRED\u0007 \u001b]0;title\u0007\r\u0001\u0008\u000b\u000c\u007f"
            "\u0085\u009b2J")
NONCHARACTERS = "name \ufffe \uffff \ufdd0 \U0001fffe end"
BIDI = "sync\u202eevil\u202c \u2066isolate\u2069"
# every part of a report gets these two
TEXTS = {
    "mixed": CONTROLS + " " + NONCHARACTERS + " " + BIDI,
    "formula": "=cmd|' /C calc'!A0",
}
# the read report these too
READ_TEXTS = {
    "controls": CONTROLS,
    "noncharacters": NONCHARACTERS,
    "formula-at": "@SUM(1)+1",
    "wide": "読む" * 40 + " e\u0301 \U0001f600",
    "markup": "<b>&amp;</b> ]]> | \\ ` * _ # \" ' %s %n",
}
# one report only: every field of it holds this
LONG = "A" * 8192 + "\u001b"


def load(name):
    with open(os.path.join(corpus, name), encoding="utf-8") as f:
        return json.load(f)


def dump(report):
    # ASCII, so every hostile character is a JSON escape the loader decodes
    return json.dumps(report, ensure_ascii=True, separators=(",", ":"))


def rename(report, old, new):
    """Every string equal to @old (a strategy, a mode, a kind) becomes @new."""
    def walk(o):
        if isinstance(o, dict):
            return {k: walk(v) for k, v in o.items()}
        if isinstance(o, list):
            return [walk(v) for v in o]
        return new if o == old else o
    return walk(report)


def hostile(report, text):
    r = copy.deepcopy(report)
    names = set()
    for s in r.get("samples") or []:
        names.add(s["strategy"])
    for p in (r.get("sweep") or {}).get("points") or []:
        names.add(p["strategy"])
    for m in (r.get("write_unlink") or {}).get("mode") or []:
        names.add(m["mode"])
    for o in r.get("overhead") or []:
        names.add(o["kind"])
    # one name hostile, the others kept (a table of both)
    if names:
        r = rename(r, sorted(names)[-1], text)
    env = r["environment"]
    for key in ("hostname", "device", "device_model", "cpu_model", "mount_options"):
        env[key] = text
    r["plan"]["dir"] = "/tmp/" + text
    r["warnings"] = (r.get("warnings") or []) + [text, "warning: " + text]
    for s in (r.get("samples") or [])[:1]:
        s["ok"] = False
        s["error"] = text
    return r


def large(report, n_rounds):
    r = copy.deepcopy(report)
    samples = r["samples"]
    grown = []
    for k in range(n_rounds):
        for s in samples:
            t = dict(s)
            t["round"] = k
            t["warmup"] = False
            t["wall_ns"] = s["wall_ns"] + (k * 7919) % 5000
            grown.append(t)
    r["samples"] = grown
    r["plan"]["repeat"] = n_rounds
    r["plan"]["warmup"] = 0
    return r


def many_strategies(report, n):
    r = copy.deepcopy(report)
    base = [s for s in r["samples"] if s["strategy"] == "sync-read-all"]
    r["samples"] = []
    r["plan"]["strategies"] = []
    for i in range(n):
        name = "strategy-%03d-\u001b[3%dm" % (i, i % 8)
        r["plan"]["strategies"].append(name)
        for s in base:
            t = dict(s)
            t["strategy"] = name
            t["wall_ns"] = s["wall_ns"] * (1 + i)
            r["samples"].append(t)
    r["statistics"] = []
    return r


def write(folder, name, data):
    os.makedirs(os.path.join(here, folder), exist_ok=True)
    with open(os.path.join(here, folder, name), "wb") as f:
        f.write(data)


def main():
    reports = {k: load("real-%s.json" % k) for k in ("read", "overhead", "sweep", "wu")}
    for part, report in reports.items():
        for what, text in TEXTS.items():
            write("hostile", "%s-%s.json" % (part, what), dump(hostile(report, text)).encode())
    for what, text in READ_TEXTS.items():
        write("hostile", "read-%s.json" % what, dump(hostile(reports["read"], text)).encode())
    write("hostile", "read-long.json", dump(hostile(reports["read"], LONG)).encode())
    write("hostile", "large-read.json", dump(large(reports["read"], 100)).encode())
    write("hostile", "many-strategies.json",
          dump(many_strategies(reports["read"], 120)).encode())
    pairs = [
        ("read-controls", hostile(reports["read"], CONTROLS), reports["read"]),
        ("read-noncharacters", reports["read"], hostile(reports["read"], NONCHARACTERS)),
        ("overhead-bidi", hostile(reports["overhead"], BIDI), reports["overhead"]),
        ("wu-formula", reports["wu"], hostile(reports["wu"], TEXTS["formula"])),
        ("sweep-mixed", hostile(reports["sweep"], TEXTS["mixed"]), reports["sweep"]),
        ("read-many", many_strategies(reports["read"], 60), reports["read"]),
    ]
    for name, a, b in pairs:
        write("pairs", name + ".json", dump(a).encode() + b"\0" + dump(b).encode())
    return 0


if __name__ == "__main__":
    sys.exit(main())
