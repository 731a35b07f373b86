#!/usr/bin/env bash
# Installs the Debian packages CalloutMap needs, only those that are missing.
# Quiet and quick when everything is there. Usage: install-deps.sh [run|test|bench]
set -euo pipefail

run_packages=(libgtk-4-dev libadwaita-1-dev gettext libcairo2-dev libsqlite3-dev libsoup-3.0-dev libxml2-dev libsimdjson-dev libprotozero-dev zlib1g-dev libzstd-dev libpng-dev pkg-config fonts-cantarell adwaita-icon-theme gsettings-desktop-schemas)
test_packages=(xvfb xauth dbus dbus-x11 xdotool imagemagick xcompmgr meson ninja-build desktop-file-utils appstream gdal-bin
               python3 python3-gi python3-pyatspi gir1.2-atspi-2.0 at-spi2-core)

# The peers of bench/compare.sh: libshumate's harness is C; Leaflet's runs in headless Chromium (jq, bc: its runner);
# supercluster in Node; MapLibre Native (bench/vector.sh) from PyPI in a venv, drawing through Mesa's EGL.
bench_packages=(xvfb xauth dbus libshumate-dev libxtst-dev libepoxy-dev gcc python3 python3-pip python3-venv chromium libjs-leaflet jq bc nodejs
                libegl1 libegl-mesa0 libgl1-mesa-dri)

wanted=("${run_packages[@]}")
[ "${1:-run}" = test ] && wanted+=("${test_packages[@]}")
[ "${1:-run}" = bench ] && wanted+=("${bench_packages[@]}")

missing=()
for p in "${wanted[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing: ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq >/dev/null
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null

command -v swift >/dev/null || { echo "swift is not on PATH: install the Swift 6 toolchain first (swift.org)" >&2; exit 1; }
