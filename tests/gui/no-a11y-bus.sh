#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# no-a11y-bus.sh APP: the app started where no accessibility bus can be had (a
# session bus that cannot start at-spi2-core's org.a11y.Bus, as on a minimal
# system) maps its window and prints no warning: GTK would print "Unable to
# acquire the address of the accessibility bus" on every start.
set -eu
APP=${1:?usage: no-a11y-bus.sh APP}
for tool in xvfb-run dbus-run-session xdotool; do
  command -v "$tool" >/dev/null 2>&1 || {
    echo "no-a11y-bus.sh: $tool is missing (apt-get install xvfb xauth dbus-bin xdotool)" >&2
    exit 1; }
done
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
# A session bus with no service directories: nothing can be activated on it.
cat >"$W/session.conf" <<'EOF'
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:tmpdir=/tmp</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
EOF
unset DISPLAY WAYLAND_DISPLAY GTK_A11Y AT_SPI_BUS_ADDRESS NO_AT_BRIDGE
export GSETTINGS_BACKEND=memory GDK_BACKEND=x11 GSK_RENDERER=cairo IOBENCH_NON_UNIQUE=1
export HOME="$W" XDG_CONFIG_HOME="$W/config" XDG_DATA_HOME="$W/data" XDG_CACHE_HOME="$W/cache"
export APP W
rc=0
xvfb-run -a -s "-screen 0 1280x800x24 -nolisten tcp" \
  dbus-run-session --config-file="$W/session.conf" -- sh -c '
    "$APP" >"$W/app.log" 2>&1 &
    pid=$!
    # --sync waits for the window; the timeout only stops a hung test.
    if timeout 120 xdotool search --sync --onlyvisible --name "^I/O Bench\$" >/dev/null; then
      mapped=1
    else
      mapped=0
    fi
    if kill -0 $pid 2>/dev/null; then alive=1; else alive=0; fi
    kill $pid 2>/dev/null || true
    wait $pid 2>/dev/null || true
    echo "mapped=$mapped alive=$alive" >"$W/result"' 2>"$W/harness.log" || rc=$?
cat "$W/app.log"
result=$(cat "$W/result" 2>/dev/null || echo "no result")
echo "$result"
[ "$rc" -eq 0 ] || { cat "$W/harness.log"; echo "not ok: the harness failed ($rc)"; exit 1; }
[ "$result" = "mapped=1 alive=1" ] || { echo "not ok: the window was not mapped, or the app died"; exit 1; }
if grep -Eq 'WARNING|CRITICAL|ERROR|accessibility bus' "$W/app.log"; then
  echo "not ok: the app printed a warning without an accessibility bus"
  exit 1
fi
echo "ok: the window came up and nothing was printed"
