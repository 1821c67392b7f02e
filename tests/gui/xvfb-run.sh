#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# xvfb-run.sh PROGRAM [ARGS...]: runs a GUI test on a private X server
# (xvfb-run -a), inside its own D-Bus session when dbus-run-session exists.
set -eu
export GSETTINGS_BACKEND=memory GDK_BACKEND=x11 GSK_RENDERER=cairo NO_AT_BRIDGE=1
export IOBENCH_NON_UNIQUE=1
unset DISPLAY WAYLAND_DISPLAY
if ! command -v xvfb-run >/dev/null 2>&1; then
  echo "xvfb-run.sh: xvfb-run is missing (apt-get install xvfb xauth)" >&2
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
if command -v dbus-run-session >/dev/null 2>&1; then
  exec xvfb-run -a -s "-screen 0 1280x800x24 -nolisten tcp" dbus-run-session -- "$@"
fi
exec xvfb-run -a -s "-screen 0 1280x800x24 -nolisten tcp" "$@"
