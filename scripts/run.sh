#!/usr/bin/env bash
# Installs what is missing, builds CalloutMap and opens it on the embedded
# offline map. Extra arguments go to the app, e.g. ./scripts/run.sh --dark
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install-deps.sh run
swift build -c release --product calloutmap
./scripts/build-data.sh  # the settings schema and translations, for the build tree
exec "$(swift build -c release --show-bin-path)/calloutmap" "$@"
