#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Static checks for a flatpak-builder manifest that targets org.gnome.Platform,
# runnable without the GNOME runtime and without network (a few seconds).
# Adapted from the recipe in the project's notes; the project carries its own copy.
# Usage: lint-manifest.sh MANIFEST.json [SOURCE_ROOT]
# Needs: jq, python3-jsonschema, flatpak-builder, desktop-file-utils, appstream,
#        libglib2.0-bin (glib-compile-schemas)
set -uo pipefail
M=$1
ROOT=${2:-$(dirname "$M")/..}
HERE=$(cd "$(dirname "$0")" && pwd)
SCHEMA=${SCHEMA:-$HERE/flatpak-manifest.schema.json}
EXPECT_RUNTIME=${EXPECT_RUNTIME:-org.gnome.Platform}
EXPECT_SDK=${EXPECT_SDK:-org.gnome.Sdk}
# Only data/ is searched for the desktop file, metainfo, icons and schemas: build
# directories hold generated copies that must not be mistaken for the sources.
DATA=${DATA:-$ROOT/data}
fail=0; pass=0
ok()  { echo "PASS: $*"; pass=$((pass + 1)); }
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }
chk() { local what=$1; shift; if "$@"; then ok "$what"; else bad "$what"; fi; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# 1. syntax
if ! jq empty "$M"; then bad "JSON syntax of $M"; echo "$pass passed, $fail failed"; exit 1; fi
ok "JSON syntax"

# 2. JSON schema (vendored copy of flatpak-builder's data/flatpak-manifest.schema.json)
chk "schema" "${PYTHON:-/usr/bin/python3}" "$HERE/validate-schema.py" "$SCHEMA" "$M"

# 3. flatpak-builder's own parser must not warn (unknown keys, wrong types,
#    unknown source types are only warnings with exit code 0)
warn=$(flatpak-builder --show-manifest "$M" 2>&1 >/dev/null)
if [ -z "$warn" ]; then ok "flatpak-builder --show-manifest (no warnings)"
else bad "flatpak-builder --show-manifest: $warn"; fi

# 4. semantic checks
args() { jq -r '."finish-args"[]?' "$M"; }
id=$(jq -r '.id // ."app-id" // empty' "$M")
chk "id is set and reverse-DNS ($id)" \
  bash -c '[[ "$0" =~ ^[A-Za-z_][A-Za-z0-9_-]*(\.[A-Za-z_][A-Za-z0-9_-]*){2,}$ ]]' "$id"
chk "runtime is $EXPECT_RUNTIME" test "$(jq -r .runtime "$M")" = "$EXPECT_RUNTIME"
chk "sdk is $EXPECT_SDK" test "$(jq -r .sdk "$M")" = "$EXPECT_SDK"
chk "runtime-version is a GNOME release number" \
  bash -c '[[ "$0" =~ ^[0-9]+$ ]]' "$(jq -r '."runtime-version" // empty' "$M")"
chk "command is set" test -n "$(jq -r '.command // empty' "$M")"
chk "no host-wide filesystem access" \
  bash -c '! grep -Eq "^--filesystem=(host|host-os|host-etc|/)(:.*)?$" <<<"$0"' "$(args)"
chk "no --socket=x11 next to wayland (use fallback-x11)" \
  bash -c '! { grep -qx -- "--socket=x11" <<<"$0" && grep -qx -- "--socket=wayland" <<<"$0"; }' \
  "$(args)"
chk "no network access" bash -c '! grep -qx -- "--share=network" <<<"$0"' "$(args)"
chk "no session or system bus wildcard" \
  bash -c '! grep -Eq -- "^--(socket=(session|system)-bus|talk-name=\*)" <<<"$0"' "$(args)"
chk "no finish-arg listed twice" bash -c '[ -z "$(sort <<<"$0" | uniq -d)" ]' "$(args)"

# 5. every source is local: nothing is downloaded, and every local file exists
remote=$(jq -r '[.. | objects | select(has("url") or has("urls") or has("mirror-urls"))] | length' "$M")
chk "no source is downloaded (no url)" test "$remote" = 0
missing=0
while read -r dep; do
  [ -z "$dep" ] && continue
  [ -e "$(dirname "$M")/$dep" ] || { echo "  missing: $dep"; missing=1; }
done < <(flatpak-builder --show-deps "$M")
chk "local sources referenced by the manifest exist" test $missing = 0

# 6. meson options passed by the manifest exist in meson_options.txt
if [ -f "$ROOT/meson_options.txt" ]; then
  while read -r opt; do
    [ -z "$opt" ] && continue
    chk "meson option $opt exists" grep -Eq "option\\(['\"]$opt['\"]" "$ROOT/meson_options.txt"
  done < <(jq -r '.. | objects | ."config-opts"? // empty | .[]' "$M" | sed -n 's/^-D\([^=]*\)=.*/\1/p')
fi

# 7. desktop file, metainfo, icon, GSettings schemas named after the app id
shopt -s nullglob globstar
desk=("$DATA"/**/"$id".desktop "$DATA"/**/"$id".desktop.in)
meta=("$DATA"/**/"$id".metainfo.xml "$DATA"/**/"$id".metainfo.xml.in "$DATA"/**/"$id".appdata.xml)
icon=("$DATA"/**/scalable/apps/"$id".svg "$DATA"/**/"$id".png)
chk "desktop file for $id present" test ${#desk[@]} -gt 0
chk "metainfo for $id present" test ${#meta[@]} -gt 0
chk "icon for $id present" test ${#icon[@]} -gt 0
chk "symbolic icon for $id present" test -n "$(echo "$DATA"/**/symbolic/apps/"$id"-symbolic.svg)"
# The validators want the final names: copy the templates without their .in suffix.
for f in "${desk[@]}"; do
  cp "$f" "$tmp/$id.desktop"
  chk "desktop-file-validate ${f#"$ROOT"/}" desktop-file-validate "$tmp/$id.desktop"
  chk "desktop file runs the manifest's command" \
    grep -Eq "^Exec=$(jq -r .command "$M")( |$)" "$tmp/$id.desktop"
done
for f in "${meta[@]}"; do
  cp "$f" "$tmp/$id.metainfo.xml"
  chk "appstreamcli validate --no-net ${f#"$ROOT"/}" \
    appstreamcli validate --no-net "$tmp/$id.metainfo.xml"
  # Every path the sandbox may reach must be explained to the user in the metainfo.
  while read -r fs; do
    [ -z "$fs" ] && continue
    case $fs in home) word="home folder" ;; *) word=$fs ;; esac
    # A whole path, so that "/run/media" does not count for "/media".
    chk "metainfo explains --filesystem=$fs" \
      grep -qE -- "(^|[^[:alnum:]/_.-])$word([^[:alnum:]/_-]|$)" "$f"
  done < <(args | sed -n 's/^--filesystem=\([^:]*\).*/\1/p')
done
schemas=("$DATA"/**/*.gschema.xml)
if [ ${#schemas[@]} -gt 0 ]; then
  mkdir "$tmp/schemas"; cp "${schemas[@]}" "$tmp/schemas"/
  chk "glib-compile-schemas --strict" glib-compile-schemas --strict --dry-run "$tmp/schemas"
fi

echo "$pass passed, $fail failed"
[ $fail = 0 ]
