#!/usr/bin/env bash
# Meson → SwiftPM: builds the app in the source tree's .build and copies the binary to meson's output.
# Usage: swift-build.sh SOURCE_ROOT CONFIGURATION OUTPUT
set -euo pipefail
src=$1 config=$2 out=$3
swift build --package-path "$src" -c "$config" --product calloutmap
cp "$(swift build --package-path "$src" -c "$config" --show-bin-path)/calloutmap" "$out"
