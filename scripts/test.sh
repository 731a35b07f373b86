#!/usr/bin/env bash
# Installs what is missing and runs every test: unit, render, GTK (under Xvfb,
# critical warnings fatal), end-to-end with xdotool, and the install checks
# (desktop file, AppStream metainfo, a staged `meson install` that runs).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install-deps.sh test

echo "== build"
swift build --build-tests

echo "== fuzz: a short pass over every parser (a new crash fails the build)"
./scripts/fuzz.sh "${CALLOUTMAP_FUZZ_SECONDS:-25}"

echo "== meson: desktop integration and a staged install"
if [ -d build/meson/meson-private ]; then
  meson setup build/meson -Dswiftpm_configuration=debug --reconfigure >/dev/null
else
  meson setup build/meson -Dswiftpm_configuration=debug >/dev/null
fi
meson compile -C build/meson >/dev/null
meson test -C build/meson --suite validate --print-errorlogs
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
DESTDIR="$stage" meson install -C build/meson --no-rebuild --quiet
installed=$(find "$stage" -path '*/bin/calloutmap' | head -n1)
env -u DISPLAY -u CALLOUTMAP_DATA_DIR "$installed" render --size 64x64 --select "Golden Gate Bridge" \
  --out "$stage/check.png" 2>"$stage/render.err"
if [ -s "$stage/render.err" ] || [ ! -s "$stage/check.png" ]; then
  echo "the installed binary could not render with its installed data:" >&2
  cat "$stage/render.err" >&2
  exit 1
fi
echo "installed binary renders the basemap and demo pins from its installed data: ok"

echo "== swift test (Xvfb, G_DEBUG=fatal-criticals)"
exec ./scripts/with-display.sh swift test --skip-build --disable-swift-testing
