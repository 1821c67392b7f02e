#!/usr/bin/env bash
# Quick start, part 1: install what is missing, build, launch I/O Bench on the
# default preset. With no display, runs the default preset headless and writes
# a report (iobench-report.json/.html in the current folder).
set -euo pipefail
cd "$(dirname "$0")"
source build-aux/deps.sh
ib_ensure_packages "${IB_BUILD_PKGS[@]}" "${IB_RUN_PKGS[@]}"

if [ ! -f _build/build.ninja ]; then
  meson setup _build --buildtype=release >/dev/null
fi
ninja -C _build >/dev/null

# Run uninstalled: compiled schemas and translations from the build tree.
export GSETTINGS_SCHEMA_DIR="$PWD/_build/data"
export IOBENCH_LOCALEDIR="$PWD/_build/po"

if { [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; } && [ -x _build/src/app/iobench ]; then
  exec _build/src/app/iobench "$@"
fi

echo "No display: running the default preset headless (about a minute)." >&2
echo "Reports: $PWD/iobench-report.json and $PWD/iobench-report.html" >&2
exec _build/src/cli/iobench-cli run --json iobench-report.json --html iobench-report.html "$@"
