#!/usr/bin/env bash
# Vector maps side by side with MapLibre Native (PyPI mapli 0.4.1, in-process, Mesa EGL under
# Xvfb), in one run: the same style, the same tiles, the same views (central Helsinki from the
# shipped tiles, 800×600, zooms 12, 14 and 16 as CalloutMap counts them). Prints one table — the
# first picture, a picture at each zoom (median of FRAMES; ours every tile decoded and drawn
# afresh, then with the tiles kept between pictures as MapLibre's renderer keeps them), the peak
# memory, and the pixel agreement at each zoom (bench/pixel_agreement.py: within 16/255 a
# channel, one pixel of slack for antialiased edges, the lower of both ways, inside the tiles'
# own area) — then our pan frame at zoom 16 with the built-in style, names included (the kept
# image moved, drawn again past its margin as the window does, frames started at 144 Hz,
# offline-map tiles drawn on the other core);
# then, with --json, one JSON object as the last line.
#
# The style is the built-in light one without its symbol layers: no package ships the glyphs
# MapLibre needs for text, so text is compared separately. MapLibre reads the tiles through
# an mbtiles:/// URL; CalloutMap through --tiles.
#
#   ./bench/vector.sh [--json]
#   FRAMES=10 ZOOMS=14,16,17 ./bench/vector.sh
set -euo pipefail
cd "$(dirname "$0")/.."
json=0
[ "${1:-}" = --json ] && json=1
FRAMES=${FRAMES:-5}
ZOOMS=${ZOOMS:-12,14,16}
# Central Helsinki, on the pixel grid at zoom 12 (so at every deeper whole zoom): CalloutMap
# draws its tiles on whole pixels, crisp, so elsewhere its map stands up to half a pixel from
# where MapLibre puts it — the antialiased edge of every road then differs (60.1686,24.9446,
# 0.41 px off at zoom 12: 93.1 % agreement there against 99.8 % on the grid).
CENTRE=${CENTRE:-60.16867078,24.94445801}
SIZE=${SIZE:-800x600}

./scripts/install-deps.sh bench >&2
venv=build/bench/mapli-venv
if ! "$venv/bin/python" -c "import mapli" 2>/dev/null; then
  python3 -m venv "$venv" >&2
  "$venv/bin/pip" install -q mapli==0.4.1 >&2
fi
swift build -c release --product calloutmap-bench >&2
ours="$(swift build -c release --show-bin-path)/calloutmap-bench"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tiles=$(pwd)/data/vector/helsinki.mbtiles
python3 - "$tiles" "$work/style.json" <<'PY'
import json, sys
style = json.load(open("data/styles/openmaptiles-light.json"))
style["layers"] = [l for l in style["layers"] if l["type"] != "symbol"]
for source in style["sources"].values():
    source["url"] = "mbtiles://" + sys.argv[1]
json.dump(style, open(sys.argv[2], "w"))
PY

a=$(GSK_RENDERER=cairo GTK_A11Y=none "$ours" vector-render --tiles "$tiles" --style "$work/style.json" --center "$CENTRE" \
      --zooms "$ZOOMS" --size "$SIZE" --frames "$FRAMES" --out-dir "$work")
b=$(xvfb-run -a -s '-screen 0 1280x1024x24' "$venv/bin/python" bench/vector_maplibre.py "$work/style.json" "$CENTRE" "$ZOOMS" "$SIZE" \
      "$FRAMES" "$work" 2>/dev/null | tail -n 1)

agreement="{}"
for z in ${ZOOMS//,/ }; do
  region=$(python3 - "$tiles" "$CENTRE" "$z" "$SIZE" <<'PY'
# The tiles' bounds (their metadata) on screen, in pixels.
import math, sqlite3, sys
bounds = dict(sqlite3.connect(sys.argv[1]).execute("SELECT name, value FROM metadata")).get("bounds")
west, south, east, north = (float(v) for v in bounds.split(","))
lat, lon = (float(v) for v in sys.argv[2].split(","))
zoom, (w, h) = float(sys.argv[3]), (int(v) for v in sys.argv[4].split("x"))
def px(lat, lon):
    s = 256 * 2 ** zoom
    return (lon + 180) / 360 * s, (1 - math.log(math.tan(math.radians(lat)) + 1 / math.cos(math.radians(lat))) / math.pi) / 2 * s
cx, cy = px(lat, lon)
(x0, y0), (x1, y1) = px(north, west), px(south, east)
print(f"{x0 - cx + w / 2:.0f},{y0 - cy + h / 2:.0f},{x1 - cx + w / 2:.0f},{y1 - cy + h / 2:.0f}")
PY
)
  share=$(python3 bench/pixel_agreement.py "$work/calloutmap-$z.png" "$work/maplibre-$z.png" "$region")
  agreement=$(python3 -c "import json,sys; d=json.loads(sys.argv[1]); d[sys.argv[2]]=float(sys.argv[3]); print(json.dumps(d))" "$agreement" "$z" "$share")
done
if [ -n "${KEEP:-}" ]; then cp "$work"/*.png "$KEEP"/; fi

python3 - "$a" "$b" "$agreement" "$json" <<'PY'
import json, sys
ours, theirs, agreement, as_json = json.loads(sys.argv[1]), json.loads(sys.argv[2]), json.loads(sys.argv[3]), sys.argv[4] == "1"
rows = [("first picture (ms)", ours["first_frame_ms"], theirs["first_frame_ms"])]
rows += [(f"picture at zoom {z}, afresh / kept (ms)", f"{ours['frame_ms'][z]} / {ours['frame_kept_ms'][z]}", theirs["frame_ms"].get(z))
         for z in ours["frame_ms"]]
rows += [("peak memory (MB)", ours["peak_rss_mb"], theirs["peak_rss_mb"])]
pan = ours["pan_frame_ms"]
rows += [(f"pan frame, zoom {pan['zoom']:g}, names (ms)", f"{pan['median']} / {pan['p95']} / {pan['max']}", None)]
print(f"{'':32} {'CalloutMap':>18} {'MapLibre Native':>16}")
for name, a, b in rows:
    print(f"{name:32} {a:>18} {b if b is not None else 'n/a':>16}")
print(f"{'':32} (pan: median / p95 / slowest of {pan['frames']}; {pan['image_redraws']} drew the map's image again)")
for z, share in agreement.items():
    print(f"{'pixel agreement, zoom ' + z:32} {share * 100:>17.1f}%")
if as_json:
    print(json.dumps({"calloutmap": ours, "maplibre": theirs, "pixel_agreement": agreement}, sort_keys=True))
PY
