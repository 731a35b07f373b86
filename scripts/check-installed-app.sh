#!/usr/bin/env bash
# Run by test.sh under with-display.sh on a staged `meson install`: the installed app finds its
# settings schema and translations. It opens in German (LANGUAGE=de), is quit with Ctrl+Q, and
# what it remembered is in the keyfile; started again, it is where it was left. Its desktop file
# and metainfo carry the German too.
set -euo pipefail
app="${CALLOUTMAP_INSTALLED:?}"
config="${XDG_CONFIG_HOME:?}"
export GSETTINGS_BACKEND=keyfile LANGUAGE=de LANG=C.UTF-8
unset CALLOUTMAP_DATA_DIR
events=$(mktemp)
trap 'rm -f "$events"' EXIT
wait_for() {  # wait_for PATTERN: up to 20 s for an event line
  for _ in $(seq 200); do grep -q "$1" "$events" && return 0; sleep 0.1; done
  echo "the installed app did not report $1; it printed:" >&2; cat "$events" >&2; return 1
}
"$app" --center 48.8566,2.3522 --zoom 9 --mode popover --log-events >"$events" 2>&1 &
pid=$!
wait_for '"event":"ready"'
grep -q "schema .* is not installed" "$events" && { echo "the installed app did not find its settings schema" >&2; exit 1; }
xdotool search --sync --pid "$pid" --name CalloutMap windowactivate --sync >/dev/null 2>&1 || true
xdotool key ctrl+q
for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
if kill -0 "$pid" 2>/dev/null; then echo "Ctrl+Q did not quit the installed app" >&2; kill "$pid"; exit 1; fi
keyfile="$config/glib-2.0/settings/keyfile"
grep -q "^zoom=9" "$keyfile" && grep -q "^callout-mode='popover'" "$keyfile" || {
  echo "the installed app did not remember its view in $keyfile:" >&2; cat "$keyfile" >&2 2>/dev/null; exit 1; }
: >"$events"
"$app" --log-events >"$events" 2>&1 &
pid=$!
wait_for '"event":"ready"'
kill "$pid"
grep -q '"zoom":9' "$events" && grep -q '"lat":48.85' "$events" || {
  echo "started again, the installed app was not where it was left:" >&2; cat "$events" >&2; exit 1; }
share="$(dirname "$app")/../share"
[ -f "$share/locale/de/LC_MESSAGES/calloutmap.mo" ] || { echo "no German translation installed" >&2; exit 1; }
# What the desktop shows before the app runs (its search, the software centre) is German too.
desktop="$share/applications/io.github.calloutmap.CalloutMap.desktop"
grep -q '^Comment\[de\]=Vergleichen Sie' "$desktop" && grep -q '^Keywords\[de\]=Karte;' "$desktop" || {
  echo "the installed desktop file has no German:" >&2; cat "$desktop" >&2; exit 1; }
grep -q '<summary xml:lang="de">Vergleichen Sie' "$share/metainfo/io.github.calloutmap.CalloutMap.metainfo.xml" || {
  echo "the installed metainfo has no German summary" >&2; exit 1; }
echo "installed app remembers its window and view (GSettings) and has its German translation (UI, desktop file, metainfo): ok"
