#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# xvfb-run.sh PROGRAM [ARGS...]: runs a GUI test on a private X server
# (one Xvfb of its own), inside its own D-Bus session when dbus-run-session exists.
set -eu
export GSETTINGS_BACKEND=memory GDK_BACKEND=x11 GSK_RENDERER=cairo NO_AT_BRIDGE=1
export IOBENCH_NON_UNIQUE=1
unset DISPLAY WAYLAND_DISPLAY
if ! command -v Xvfb >/dev/null 2>&1; then
  echo "xvfb-run.sh: Xvfb is missing (apt-get install xvfb)" >&2
  exit 1
fi
# GTK reaches the accessibility bus (at-spi2-core's org.a11y.Bus) through the
# session bus and warns, fatally in a test, where it cannot be started. The tests
# use it where it is installed (build-aux/deps.sh installs it) and, saying so,
# GTK's in-process test backend where it is not: no bus, and the accessible
# properties the tests check (gtk_test_accessible_*) still kept.
a11y_service=org.a11y.Bus.service
if [ -z "${GTK_A11Y:-}" ]; then
  if ! command -v dbus-run-session >/dev/null 2>&1 ||
     { [ ! -e "/usr/share/dbus-1/services/$a11y_service" ] &&
       [ ! -e "/usr/local/share/dbus-1/services/$a11y_service" ]; }; then
    echo "xvfb-run.sh: no accessibility bus (apt-get install at-spi2-core): GTK_A11Y=test" >&2
    export GTK_A11Y=test
  fi
fi
# The X server picks its own free display and says which (-displayfd), so
# tests started at the same moment never race for one, as `xvfb-run -a`
# does (it probes lock files, then starts Xvfb: two wrappers can pick the
# same number and one fails, a GUI test failing at random).
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp 3>"$tmp/display" 2>"$tmp/xvfb.log" &
xvfb=$!
i=0
while [ ! -s "$tmp/display" ] && kill -0 "$xvfb" 2>/dev/null && [ "$i" -lt 300 ]; do
  sleep 0.1
  i=$((i + 1))
done
if [ ! -s "$tmp/display" ]; then
  echo "xvfb-run.sh: Xvfb did not start:" >&2
  cat "$tmp/xvfb.log" >&2
  kill "$xvfb" 2>/dev/null || true
  exit 1
fi
DISPLAY=":$(head -n 1 "$tmp/display")"
export DISPLAY
status=0
if command -v dbus-run-session >/dev/null 2>&1; then
  dbus-run-session -- "$@" || status=$?
else
  "$@" || status=$?
fi
kill "$xvfb" 2>/dev/null || true
wait "$xvfb" 2>/dev/null || true
exit "$status"
