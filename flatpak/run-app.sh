#!/bin/bash
# Adapted from the project notes' Flatpak recipe; the project carries its own copy.
# Launch an installed flatpak under Xvfb + a private session bus, wait until
# something is drawn, take a screenshot, check the app is still alive, stop it.
# Usage: run-app.sh [APP_ID] [SHOT.png]
# Env:   EXPECT_LOG    optional ERE that must appear in the app's output
#        EXPECT_TITLE  optional exact title of a window the app must map (xdotool)
#        RUN_ARGS      extra `flatpak run` options
set -euo pipefail
APP=${1:?usage: run-app.sh APP_ID SHOT.png}
SHOT=${2:?usage: run-app.sh APP_ID SHOT.png}
LOG=${SHOT%.png}.log
RUN_ARGS=${RUN_ARGS:-}
EXPECT_TITLE=${EXPECT_TITLE:-}
export SHOT LOG APP RUN_ARGS EXPECT_TITLE
rc=0
dbus-run-session -- xvfb-run -a -s "-screen 0 1024x768x24" bash -c '
  flatpak run $RUN_ARGS "$APP" >"$LOG" 2>&1 &
  pid=$!
  drawn=0
  for i in $(seq 1 60); do            # up to ~30 s for the first frame
    sleep 0.5
    kill -0 $pid 2>/dev/null || break
    import -window root "$SHOT" 2>/dev/null || continue
    if [ "$(convert "$SHOT" -format %k info:)" -gt 2 ]; then drawn=1; break; fi
  done
  sleep 2; import -window root "$SHOT"   # settle, then final screenshot
  if kill -0 $pid 2>/dev/null; then alive=1; else alive=0; fi
  titled=1
  if [ -n "$EXPECT_TITLE" ]; then
    titled=0
    xdotool search --onlyvisible --name "^$EXPECT_TITLE\$" >/dev/null 2>&1 && titled=1
    xdotool search --onlyvisible --name . getwindowname %@ 2>/dev/null |
      sed "s/^/window: /" >>"$LOG" || true
  fi
  flatpak kill "$APP" 2>/dev/null || kill $pid 2>/dev/null || true
  wait $pid 2>/dev/null || true
  echo "RUN-CHECK drawn=$drawn alive_after_first_frame=$alive titled=$titled" >>"$LOG"
  [ $drawn = 1 ] && [ $alive = 1 ] && [ $titled = 1 ]' || rc=$?
grep -v "^dbus-daemon" "$LOG" || true
if [ -n "${EXPECT_LOG:-}" ]; then grep -Eq "$EXPECT_LOG" "$LOG"; fi
echo "screenshot: $SHOT ($(convert "$SHOT" -format '%wx%h, %k colours' info:))"
exit $rc
