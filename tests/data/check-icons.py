#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Check the app icons and that the desktop file and metainfo point at them.

Usage: check-icons.py SOURCE_ROOT APP_ID DESKTOP_FILE METAINFO_FILE
"""
import configparser
import pathlib
import sys
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"
SYMBOLIC_COLOURS = {"#2e3436", "none"}

root, app_id, desktop, metainfo = sys.argv[1:5]
root = pathlib.Path(root)
errors = []


def svg(path, size):
    try:
        doc = ET.parse(path).getroot()
    except (OSError, ET.ParseError) as e:
        errors.append(f"{path}: cannot be read as XML: {e}")
        return None
    if doc.tag != SVG + "svg":
        errors.append(f"{path}: root element is {doc.tag}, not an SVG <svg>")
    want = {"width": str(size), "height": str(size), "viewBox": f"0 0 {size} {size}"}
    for attr, value in want.items():
        if doc.get(attr) != value:
            errors.append(f"{path}: {attr} is {doc.get(attr)!r}, expected {value!r}")
    for el in doc.iter():
        if el.tag in (SVG + "image", SVG + "text", SVG + "script"):
            errors.append(f"{path}: holds a <{el.tag[len(SVG):]}>; icons are shapes only")
    return doc


full = root / "data/icons/hicolor/scalable/apps" / f"{app_id}.svg"
symbolic = root / "data/icons/hicolor/symbolic/apps" / f"{app_id}-symbolic.svg"
svg(full, 128)
doc = svg(symbolic, 16)
if doc is not None:
    for el in doc.iter():
        for attr in ("fill", "stroke"):
            value = el.get(attr)
            if value is not None and value.lower() not in SYMBOLIC_COLOURS:
                errors.append(f"{symbolic}: {attr}={value!r}; symbolic icons use #2e3436 only")
        if el.tag.endswith("Gradient"):
            errors.append(f"{symbolic}: gradients are not allowed in a symbolic icon")

entry = configparser.ConfigParser(interpolation=None, strict=False)
entry.optionxform = str
entry.read(desktop, encoding="utf-8")
icon = entry.get("Desktop Entry", "Icon", fallback=None)
if icon != app_id:
    errors.append(f"{desktop}: Icon={icon}, expected Icon={app_id}")

meta = ET.parse(metainfo).getroot()
if meta.findtext("id") != app_id:
    errors.append(f"{metainfo}: <id> is {meta.findtext('id')!r}, expected {app_id!r}")
launchable = meta.findtext("launchable[@type='desktop-id']")
if launchable != pathlib.Path(desktop).name:
    errors.append(f"{metainfo}: launchable {launchable!r} is not the desktop file "
                  f"{pathlib.Path(desktop).name!r}")
binaries = {b.text for b in meta.iterfind("provides/binary")}
if binaries != {"iobench", "iobench-cli"}:
    errors.append(f"{metainfo}: provides binaries {sorted(binaries)}, "
                  "expected iobench and iobench-cli")

for error in errors:
    print(error)
print(f"icons and ids: {len(errors)} problem(s)")
sys.exit(1 if errors else 0)
