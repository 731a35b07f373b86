#!/usr/bin/env bash
# Takes a screenshot of the app for the README: a private X display of 1281×801 with a
# compositor (for the window's shadows and rounded corners), a D-Bus session, the
# release binary with the given arguments; waits, then captures the whole screen.
#   tools/screenshots/shoot.sh docs/window-light.png --light --select "Ferry Building"
# Set SHOOT_DELAY (seconds, default 4) for slow starts, SHOOT_KEYS for xdotool keys to press first,
# SHOOT_CLICK=X,Y to click there first (a header-bar button; SHOOT_BUTTON=3 for a right-click), SHOOT_BIN for another binary (a debug build).
set -euo pipefail
cd "$(dirname "$0")/../.."
out="$1"; shift
bin=${SHOOT_BIN:-.build/release/calloutmap}
[ -x "$bin" ] || swift build -c release --product calloutmap >/dev/null
display=:57
Xvfb "$display" -screen 0 1281x801x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
trap 'kill "$xvfb" 2>/dev/null || true' EXIT
sleep 1
# Numbers grouped and distances in kilometres, as a British English desktop has them (SHOOT_LANG to change).
export DISPLAY="$display" GSK_RENDERER=cairo GSETTINGS_BACKEND=memory LANG="${SHOOT_LANG:-en_GB.UTF-8}"
xcompmgr >/dev/null 2>&1 &
dbus-run-session -- bash -c '
  "$0" "$@" >/dev/null 2>&1 &
  app=$!
  sleep "${SHOOT_DELAY:-4}"
  if [ -n "${SHOOT_CLICK:-}" ]; then xdotool mousemove ${SHOOT_CLICK/,/ } click ${SHOOT_BUTTON:-1} sleep 0.3; [ "${SHOOT_BUTTON:-1}" = 3 ] || xdotool mousemove 2 798; sleep 1; fi
  if [ -n "${SHOOT_KEYS:-}" ]; then xdotool key --delay 200 $SHOOT_KEYS; sleep 1; fi
  import -window root "'"$out"'"
  kill "$app"' "$bin" --size 1280x800 "$@"
convert "$out" -crop 1281x801+0+0 +repage "$out"
echo "$out"
