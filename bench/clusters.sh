#!/usr/bin/env bash
# The clusterer against supercluster 8 (the reference, run by Node), in one run, on
# the same file: seeded points crowding around cities, as real data does (made by
# `calloutmap-bench generate`). Prints each side's JSON, then a table of ratios: time
# to build (our PointClusterer vs supercluster's load()), time to parse the file, peak
# memory of the process, and exactness (items per zoom 0-17 and every cluster's id,
# count and exact centre).
#
#   ./bench/clusters.sh                    # 1,000,000 points, seed 1
#   N=100000 SEED=7 ./bench/clusters.sh
#   FILE=points.geojson ./bench/clusters.sh   # any GeoJSON file of Points instead
set -euo pipefail
cd "$(dirname "$0")/.."
N=${N:-1000000}
SEED=${SEED:-1}
# The peer: PEER, else ../shared/peers/supercluster beside the checkout.
PEER=${PEER:-../shared/peers/supercluster}
if [ ! -f "$PEER/supercluster.mjs" ] || ! command -v node >/dev/null; then
  echo "clusters.sh: needs node and the supercluster peer (set PEER=DIR holding supercluster.mjs)" >&2
  exit 1
fi
./scripts/install-deps.sh bench
swift build -c release --product calloutmap-bench >&2
bench="$(swift build -c release --show-bin-path)/calloutmap-bench"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
file=${FILE:-$work/points.geojson}
[ -n "${FILE:-}" ] || "$bench" generate "$N" "$file" "$SEED"

"$bench" clusters "$file" --details > "$work/ours.json"
node --max-old-space-size=8000 bench/supercluster.mjs "$PEER" "$file" --details > "$work/theirs.json"
python3 - "$work/ours.json" "$work/theirs.json" <<'PY'
import json, sys
ours, theirs = (json.load(open(p)) for p in sys.argv[1:3])
details = [d.pop("clusters") for d in (ours, theirs)]
print(json.dumps(ours)); print(json.dumps(theirs))
same_counts = ours["items_per_zoom"] == theirs["items_per_zoom"]
differing = [z for z in map(str, range(18)) if sorted(map(tuple, details[0][z])) != sorted(map(tuple, details[1][z]))]
clusters = sum(len(v) for v in details[1].values())
def ratio(a, b, word): return f"{b / a:.1f}× {word}" if a and b else "n/a"
print(f"\n{ours['points']:,} points\n")
print("| measure | CalloutMap | supercluster 8 | ratio |\n|---|---:|---:|---:|")
print(f"| build (ms; supercluster's load()) | {ours['build_ms']:,.0f} | {theirs['build_ms']:,.0f} | {ratio(ours['build_ms'], theirs['build_ms'], 'faster')} |")
print(f"| parse the file (ms) | {ours['parse_ms']:,.0f} | {theirs['parse_ms']:,.0f} | {ratio(ours['parse_ms'], theirs['parse_ms'], 'faster')} |")
print(f"| peak memory (MB) | {ours['peak_rss_mb']:,.0f} | {theirs['peak_rss_mb']:,.0f} | {ratio(ours['peak_rss_mb'], theirs['peak_rss_mb'], 'less')} |")
print(f"| items per zoom 0-17 | {'same' if same_counts else 'DIFFERENT'} | | |")
print(f"| clusters (id, count, exact centre) | {'all ' + format(clusters, ',') + ' same' if not differing else 'differ at zooms ' + ','.join(differing)} | | |")
sys.exit(0 if same_counts and not differing else 1)
PY
