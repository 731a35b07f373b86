#!/usr/bin/env bash
# Side by side with libshumate 1.0.3 (GNOME Maps' widget), in one run, on this
# machine: same window (1280×800), same renderer (GSK cairo under Xvfb), same
# "$123" price-label pins spread over the view. Builds the peer harness from
# ../shared/peers/shumate into a temporary folder when it is present (nothing
# of it is kept in this repository) and prints a table of ratios.
#
#   ./bench/compare.sh            # N = 1000 and 10000
#   NS="1000" FRAMES=60 ./bench/compare.sh
set -euo pipefail
cd "$(dirname "$0")/.."
NS=${NS:-"1000 10000"}
FRAMES=${FRAMES:-120}
CLICKS=${CLICKS:-100}
PEER=${PEER:-../shared/peers/shumate}

./scripts/install-deps.sh bench
swift build -c release --product calloutmap-bench >&2
ours="$(swift build -c release --show-bin-path)/calloutmap-bench"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
have_peer=0
if [ -f "$PEER/shumate-bench.c" ]; then
  cp "$PEER/shumate-bench.c" "$PEER/build.sh" "$work/" && chmod u+w "$work"/*
  if (cd "$work" && sh ./build.sh >&2); then have_peer=1; fi
else
  echo "peer harness not found at $PEER: printing our figures only" >&2
fi

run() { GSK_RENDERER=cairo GTK_A11Y=none xvfb-run -a -s '-screen 0 1920x1080x24' "$@" 2>/dev/null | tail -n 1; }

printf '| markers | measure | CalloutMap | libshumate | ratio |\n|---:|---|---:|---:|---:|\n'
for n in $NS; do
  a=$(run "$ours" peer --markers "$n" --frames "$FRAMES" --clicks "$CLICKS")
  b='{}'
  [ $have_peer = 1 ] && b=$(cd "$work" && run ./shumate-bench --markers "$n" --frames "$FRAMES" --tiles none --clicks "$CLICKS" --max-seconds 600)
  python3 - "$n" "$a" "$b" <<'PY'
import json, sys
n, a, b = sys.argv[1], json.loads(sys.argv[2] or '{}'), json.loads(sys.argv[3] or '{}')
def get(d, *path):
    for p in path:
        d = d.get(p) if isinstance(d, dict) else None
    return d
rows = [("add N annotations (ms)", ("create_add_ms",)),
        ("pan frame, offscreen (median ms)", ("off_total_ms", "median")),
        ("click → select (median µs)", ("pick_select_us", "median")),
        ("peak RSS (MB)", ("vmhwm_kb",))]
for label, path in rows:
    x, y = get(a, *path), get(b, *path)
    if path == ("vmhwm_kb",):
        x, y = (x / 1024 if x else None), (y / 1024 if y else None)
    ratio = "n/a" if not (x and y) else (f"{y / x:.1f}× less" if y >= x else f"{x / y:.1f}× more")
    fx = f"{x:.2f}" if isinstance(x, (int, float)) else "n/a"
    fy = f"{y:.2f}" if isinstance(y, (int, float)) else "n/a"
    print(f"| {int(n):,} | {label} | {fx} | {fy} | {ratio} |")
PY
done
