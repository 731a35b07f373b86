#!/usr/bin/env bash
# Fuzzes every parser with libFuzzer + AddressSanitizer: the JSON reader and
# GeoJSON loader (with the shapes it makes drawn and hit), GPX and KML (libxml2's reader), the
# basemap band decoder, MBTiles files, Mapbox Vector Tiles, PMTiles archives, MapLibre styles, and the command line's value parsers. Usage: fuzz.sh [SECONDS per target, default 60]
# Each target starts from the committed seeds (Tests/CoreTests/Fixtures/fuzz/<target>) in a
# scratch copy; a crash leaves its input in .build-fuzz/crashes/<target>/ and fails the script.
# To keep a crash as a regression, copy it into the seeds as crash-<what>.<ext> and fix the parser.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
./scripts/install-deps.sh >/dev/null

echo "== build the fuzz targets (release, -sanitize=fuzzer,address)"
log=$(mktemp)
if ! swift build -c release --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING \
     --product calloutmap-fuzz --scratch-path .build-fuzz >"$log" 2>&1; then
  cat "$log" >&2; rm -f "$log"; echo "the fuzz target did not build" >&2; exit 1
fi
rm -f "$log"
fuzzer=.build-fuzz/release/calloutmap-fuzz

# The mbtiles and pmtiles targets write each input to a temporary file: memory-backed where there is one.
[ -d /dev/shm ] && [ -w /dev/shm ] && export TMPDIR=/dev/shm

# One target for the time given; false on a crash, a hang or running out of memory.
fuzz_one() {
  local target=$1 corpus=.build-fuzz/corpus/$1 crashes=.build-fuzz/crashes/$1 log=.build-fuzz/$1.log runs dict=()
  mkdir -p "$corpus" "$crashes"
  cp -n Tests/CoreTests/Fixtures/fuzz/$target/* "$corpus/"
  [ -f "Tests/CoreTests/Fixtures/fuzz/$target.dict" ] && dict=(-dict="Tests/CoreTests/Fixtures/fuzz/$target.dict")
  echo "== fuzz $target for ${seconds}s"
  # ASan's leak check is off: a process-lifetime cache is not a leak, and libFuzzer
  # would report it as a crash. Timeouts (a hang) and out-of-memory count as crashes.
  if ! CALLOUTMAP_FUZZ=$target SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 \
       "$fuzzer" "$corpus" "${dict[@]}" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
       -max_len=65536 -print_final_stats=1 -artifact_prefix="$crashes/" >"$log" 2>&1; then
    echo "fuzz $target FAILED: see $log and $crashes/" >&2
    grep -E "ERROR|Fatal error|SUMMARY|Test unit written" "$log" | head -20 >&2
    return 1
  fi
  runs=$(grep -E "stat::number_of_executed_units" "$log" | awk '{print $2}')
  echo "fuzz $target: ${runs:-0} executions, corpus $(ls "$corpus" | wc -l) inputs, crashes $(ls "$crashes" | wc -l)"
}

# A fuzzer keeps one core busy: as many targets at a time as there are cores.
status=0 running=0 cores=$(nproc)
for target in ${CALLOUTMAP_FUZZ_TARGETS:-geojson gpx kml basemap mbtiles cli places vectortile pmtiles style tilejson}; do
  fuzz_one "$target" &
  running=$((running + 1))
  if [ "$running" -ge "$cores" ]; then
    wait -n || status=1
    running=$((running - 1))
  fi
done
while [ "$running" -gt 0 ]; do
  wait -n || status=1
  running=$((running - 1))
done
exit $status
