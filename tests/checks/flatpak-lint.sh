#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Static checks of the Flatpak manifest, run by ./test.sh every time: JSON schema,
# flatpak-builder's parser, permissions, local sources only, and the desktop file,
# metainfo, icons and schema it installs. Fast (about a second): no network, no
# runtime, no build. The full build-and-launch proof is flatpak/ci.sh.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=build-aux/deps.sh
source "$root/build-aux/deps.sh"
if ! ib_ensure_packages "${IB_FLATPAK_PKGS[@]}"; then
  echo "flatpak-lint: could not install ${IB_FLATPAK_PKGS[*]}" >&2
  exit 1
fi
status=0
# The CI scripts only run after ./test.sh: at least make sure they parse.
for script in "$root"/flatpak/*.sh; do
  bash -n "$script" || { echo "FAIL: ${script#"$root"/} does not parse"; status=1; }
done
bash "$root/flatpak/lint-manifest.sh" \
  "$root/flatpak/io.github.iobench.IoBench.json" "$root" || status=1
exit $status
