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
if command -v dbus-run-session >/dev/null 2>&1; then
  exec xvfb-run -a -s "-screen 0 1280x800x24 -nolisten tcp" dbus-run-session -- "$@"
fi
exec xvfb-run -a -s "-screen 0 1280x800x24 -nolisten tcp" "$@"
