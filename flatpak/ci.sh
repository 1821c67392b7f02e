#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Prove the Flatpak end to end on a Debian 12 machine with no access to Flathub:
#   1. static checks of the manifest (lint-manifest.sh);
#   2. a stand-in org.gnome.Platform/Sdk built from Debian packages (build-runtime.sh),
#      named and branched like the manifest's runtime; reused while build-runtime.sh
#      is unchanged;
#   3. the UNMODIFIED manifest built with flatpak-builder from a clean copy of the
#      tree (build directories and .git left out) and installed;
#   4. iobench-cli run inside the sandbox on a tiny plan, its JSON report checked;
#   5. a single-file bundle made, the app uninstalled and reinstalled from it, and its
#      translations checked (the bundled CLI must speak Spanish);
#   6. the app launched under Xvfb (run-app.sh): a window titled "I/O Bench" must be
#      mapped and drawn, and the app still alive; the screenshot is saved.
# Ends with "flatpak: OK" or fails. Everything lives under $IOBENCH_FLATPAK_WORKDIR
# (default /var/tmp/iobench-flatpak, ~3 GB); HOME and FLATPAK_USER_DIR point there,
# so nothing lands in the real home. Results: _build-flatpak/ (bundle, screenshot, logs).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
HERE=$ROOT/flatpak
APP_ID=io.github.iobench.IoBench
MANIFEST=flatpak/$APP_ID.json
W=${IOBENCH_FLATPAK_WORKDIR:-/var/tmp/iobench-flatpak}
OUT=${IOBENCH_FLATPAK_OUT:-$ROOT/_build-flatpak}

step() { echo; echo "=== flatpak: $* ($(date -u +%H:%M:%S))"; }
die() { echo "flatpak: FAILED: $*" >&2; exit 1; }

# shellcheck source=build-aux/deps.sh
source "$ROOT/build-aux/deps.sh"
ib_ensure_packages "${IB_FLATPAK_CI_PKGS[@]}" || die "could not install ${IB_FLATPAK_CI_PKGS[*]}"

mkdir -p "$W/home" "$W/run" "$OUT"
chmod 700 "$W/run"
export FLATPAK_USER_DIR=$W/flatpak-user HOME=$W/home XDG_RUNTIME_DIR=$W/run
unset XDG_DATA_HOME XDG_CONFIG_HOME XDG_CACHE_HOME XDG_STATE_HOME
export XDG_DATA_DIRS=$FLATPAK_USER_DIR/exports/share:/usr/local/share:/usr/share

step "1. lint the manifest"
bash "$HERE/lint-manifest.sh" "$ROOT/$MANIFEST" "$ROOT" >"$OUT/lint.log" 2>&1 ||
  { cat "$OUT/lint.log"; die "lint-manifest.sh"; }
tail -n 1 "$OUT/lint.log"

BRANCH=$(jq -r '."runtime-version"' "$ROOT/$MANIFEST")
RUNTIME=$(jq -r .runtime "$ROOT/$MANIFEST")
SDK=$(jq -r .sdk "$ROOT/$MANIFEST")
step "2. stand-in $RUNTIME//$BRANCH and $SDK//$BRANCH from Debian packages"
stamp=$(cat "$HERE/build-runtime.sh" | sha256sum | cut -d' ' -f1)-$BRANCH
if [ "$(cat "$W/runtime.stamp" 2>/dev/null)" = "$stamp" ] &&
   flatpak --user info "$RUNTIME//$BRANCH" >/dev/null 2>&1 &&
   flatpak --user info "$SDK//$BRANCH" >/dev/null 2>&1; then
  echo "reusing the installed stand-in runtime (build-runtime.sh unchanged)"
else
  rm -f "$W/runtime.stamp"
  flatpak --user uninstall -y --noninteractive --all >/dev/null 2>&1 || true
  flatpak --user remote-delete --force debian-local >/dev/null 2>&1 || true
  rm -rf "$W/rt/repo"   # keep $W/rt/aptcache: the .debs are reused
  ID_PREFIX=${RUNTIME%.Platform} BRANCH=$BRANCH \
    bash "$HERE/build-runtime.sh" "$W/rt" >"$OUT/runtime.log" 2>&1 ||
    { tail -n 40 "$OUT/runtime.log"; die "build-runtime.sh"; }
  echo "$stamp" >"$W/runtime.stamp"
fi
flatpak --user list --runtime

step "3. flatpak-builder on the unmodified manifest"
# A clean copy of the tree: the manifest's "dir" source is ".." (the tree), and the working
# tree holds build directories that must not be copied into the sandbox.
rm -rf "$W/src"; mkdir -p "$W/src"
tar -C "$ROOT" --exclude=./.git --exclude='./_build*' --exclude=./.flatpak-builder \
  -cf - . | tar -C "$W/src" -xf -
cmp "$ROOT/$MANIFEST" "$W/src/$MANIFEST" || die "the copied manifest differs"
flatpak --user uninstall -y --noninteractive "$APP_ID" >/dev/null 2>&1 || true
rm -rf "$W/repo"
# --disable-cache: always build the tree as it is now, never a cached stage.
(cd "$W" && flatpak-builder --user --install --force-clean --disable-cache \
   --disable-rofiles-fuse --state-dir="$W/state" --repo="$W/repo" "$W/build" "$W/src/$MANIFEST") \
   >"$OUT/builder.log" 2>&1 || { tail -n 60 "$OUT/builder.log"; die "flatpak-builder"; }
tail -n 3 "$OUT/builder.log"

loc=$(flatpak --user info --show-location "$APP_ID")/files
for f in bin/iobench bin/iobench-cli \
         share/applications/$APP_ID.desktop \
         share/icons/hicolor/scalable/apps/$APP_ID.svg \
         share/icons/hicolor/symbolic/apps/$APP_ID-symbolic.svg \
         share/glib-2.0/schemas/gschemas.compiled; do
  [ -e "$loc/$f" ] || die "the installed app lacks /app/$f"
done
# flatpak-builder 1.2 renames the metainfo to share/appdata/ID.appdata.xml; newer
# ones keep share/metainfo. Either way appstream-compose must have accepted it.
any() { local f; for f; do [ -e "$f" ] && return 0; done; return 1; }
any "$loc"/share/{metainfo,appdata}/"$APP_ID".{metainfo,appdata}.xml ||
  die "the installed app lacks its metainfo"
any "$loc"/share/{app-info/xmls,swcatalog/xml}/"$APP_ID".xml.gz ||
  die "appstream-compose made no catalog from the metainfo"
echo "installed files: OK"

step "4. iobench-cli inside the sandbox"
rm -f "$HOME/flatpak-cli.json"
flatpak run --command=iobench-cli "$APP_ID" list >"$OUT/cli-list.txt" 2>&1 ||
  { cat "$OUT/cli-list.txt"; die "iobench-cli list in the sandbox"; }
grep -q sync-read-all "$OUT/cli-list.txt" || die "iobench-cli list does not name sync-read-all"
flatpak run --command=iobench-cli "$APP_ID" run --count 4 --size 64K --repeat 2 --warmup 1 \
  --strategies sync-read-all,async-read-all-parallel --quiet \
  --json "$HOME/flatpak-cli.json" >"$OUT/cli-run.log" 2>&1 ||
  { cat "$OUT/cli-run.log"; die "iobench-cli run in the sandbox"; }
jq -e '.schema == "iobench-report" and ([.samples[] | select(.ok and .warmup == false)]
       | length) == 4' "$HOME/flatpak-cli.json" >/dev/null ||
  die "the sandboxed run's report lacks 4 good samples"
# --filesystem=home exists so that runs measure the disk, not the document portal's FUSE.
jq -e '.environment.fs_type | test("fuse") | not' "$HOME/flatpak-cli.json" >/dev/null ||
  die "the sandboxed run measured a FUSE file system, not the disk"
cp "$HOME/flatpak-cli.json" "$OUT/flatpak-cli.json"
echo "sandboxed run: $(jq -r '.environment.fs_type' "$OUT/flatpak-cli.json") file system," \
  "$(jq '.samples | length' "$OUT/flatpak-cli.json") samples"

step "5. bundle, uninstall, install from the bundle"
bundle=$OUT/$APP_ID.flatpak
flatpak build-bundle "$W/repo" "$bundle" "$APP_ID"
flatpak --user uninstall -y --noninteractive "$APP_ID"
! flatpak --user info "$APP_ID" >/dev/null 2>&1 || die "uninstall left the app installed"
flatpak --user install -y --noninteractive --bundle "$bundle"
flatpak --user info "$APP_ID" | sed -n '1,12p'
echo "bundle: $(du -h "$bundle" | cut -f1)"
# The manifest keeps translations in the app ("separate-locales": false): a bundle
# carries no .Locale extension, so they must work right after a bundle install.
flatpak run --env=LC_ALL=C.UTF-8 --env=LANGUAGE=es --command=iobench-cli "$APP_ID" --help \
  >"$OUT/cli-help-es.txt" 2>&1 || true
grep -qF 'Órdenes:' "$OUT/cli-help-es.txt" ||
  { head -n 5 "$OUT/cli-help-es.txt"; die "iobench-cli from the bundle does not speak Spanish"; }
echo "translations in the bundle: OK"

step "6. launch under Xvfb"
EXPECT_TITLE="I/O Bench" bash "$HERE/run-app.sh" "$APP_ID" "$OUT/flatpak-shot.png" || die "run-app.sh (see $OUT/flatpak-shot.log)"

rm -rf "$W/build" "$W/src"
echo
echo "flatpak: OK"
