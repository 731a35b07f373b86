#!/usr/bin/env bash
# Side by side with libshumate 1.0.3 (GNOME Maps' widget) and Leaflet (in headless Chromium),
# in one run, on this machine: the same 1280×800 view of San Francisco at zoom 12 and the same
# "$123" price-label pins spread over it; then our clusterer and supercluster 8 (in Node) on
# the same file of CLUSTER_N points crowding round cities (1,000,000; CLUSTER_N=0 leaves it out). libshumate's harness is built from
# ../shared/peers/shumate and Leaflet's page run from ../shared/peers/leaflet, in a temporary
# folder (nothing of them is kept in this repository); a peer whose harness is missing or
# fails shows "n/a". Prints a table; with --json, also one JSON object as the last line:
#   {"rows": [{"markers": N, "measure": "…", "calloutmap": x, "libshumate": y, "leaflet": z,
#              "supercluster": w, "lower_is_better": true}, …]}   (null where a peer has no figure)
#
# Start → first frame is the median of STARTS fresh processes of each (5 unless told; the
# first is the full run's, the others time the window's first frame only): one start varies
# by ±40% on a busy machine.
#
#   ./bench/compare.sh [--json]            # N = 1000 and 10000
#   NS="1000" FRAMES=60 CLUSTER_N=0 STARTS=3 ./bench/compare.sh   # NS="" leaves the pins out
set -euo pipefail
cd "$(dirname "$0")/.."
json=0
[ "${1:-}" = --json ] && json=1
NS=${NS-"1000 10000"}
FRAMES=${FRAMES:-120}
CLICKS=${CLICKS:-100}
SHUMATE=${SHUMATE:-../shared/peers/shumate}
LEAFLET=${LEAFLET:-../shared/peers/leaflet}
SUPERCLUSTER=${SUPERCLUSTER:-../shared/peers/supercluster}
CLUSTER_N=${CLUSTER_N:-1000000}
STARTS=${STARTS:-5}

./scripts/install-deps.sh bench >&2
swift build -c release --product calloutmap-bench >&2
ours="$(swift build -c release --show-bin-path)/calloutmap-bench"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
have_shumate=0 have_leaflet=0
if [ -f "$SHUMATE/shumate-bench.c" ]; then
  mkdir "$work/shumate" && cp "$SHUMATE/shumate-bench.c" "$SHUMATE/build.sh" "$work/shumate/" && chmod u+w "$work/shumate"/*
  if (cd "$work/shumate" && sh ./build.sh >&2); then have_shumate=1; fi
else
  echo "libshumate's harness not found at $SHUMATE" >&2
fi
if [ -f "$LEAFLET/bench.html" ] && [ -f "$LEAFLET/run.sh" ]; then
  mkdir "$work/leaflet" && cp "$LEAFLET/bench.html" "$LEAFLET/run.sh" "$work/leaflet/" && chmod u+w "$work/leaflet"/*
  have_leaflet=1
else
  echo "Leaflet's harness not found at $LEAFLET" >&2
fi

run() { GSK_RENDERER=cairo GTK_A11Y=none xvfb-run -a -s '-screen 0 1920x1080x24' "$@" 2>/dev/null | tail -n 1; }

rows="$work/rows.jsonl"
: > "$rows"
for n in $NS; do
  a=$(run "$ours" peer --markers "$n" --frames "$FRAMES" --clicks "$CLICKS")
  b='{}' c='{}'
  if [ $have_shumate = 1 ]; then
    b=$(cd "$work/shumate" && run ./shumate-bench --markers "$n" --frames "$FRAMES" --tiles none --clicks "$CLICKS" --max-seconds 600) || b='{}'
  fi
  if [ $have_leaflet = 1 ]; then
    rm -f "$work/leaflet.jsonl"
    (cd "$work/leaflet" && OUT="$work/leaflet.jsonl" NS="$n" REPS=1 FRAMES="$FRAMES" CLICKS="$CLICKS" TILES=none bash ./run.sh >&2) || true
    c=$(tail -n 1 "$work/leaflet.jsonl" 2>/dev/null || echo '{}')
  fi
  # More starts, each a fresh process doing as little else as each tool allows.
  : > "$work/starts.jsonl"
  for _ in $(seq 2 "$STARTS"); do
    echo "{\"tool\": \"ours\", \"run\": $(run "$ours" peer --first-frame-only --starts 1 --markers "$n" || echo '{}')}" >> "$work/starts.jsonl"
    if [ $have_shumate = 1 ]; then
      s=$(cd "$work/shumate" && run ./shumate-bench --markers "$n" --frames 2 --tiles none --clicks 2 --max-seconds 600) || s=''
      [ -n "$s" ] || s='{}'
      echo "{\"tool\": \"shumate\", \"run\": $s}" >> "$work/starts.jsonl"
    fi
    if [ $have_leaflet = 1 ]; then
      rm -f "$work/leaflet1.jsonl"
      (cd "$work/leaflet" && OUT="$work/leaflet1.jsonl" NS="$n" REPS=1 FRAMES=2 CLICKS=2 TILES=none bash ./run.sh >&2) || true
      echo "{\"tool\": \"leaflet\", \"run\": $(tail -n 1 "$work/leaflet1.jsonl" 2>/dev/null || echo '{}')}" >> "$work/starts.jsonl"
    fi
  done
  python3 - "$n" "$a" "$b" "$c" "$work/starts.jsonl" >> "$rows" <<'PY'
import json, statistics, sys
n = int(sys.argv[1])
def load(t):
    try:
        d = json.loads(t or '{}')
        return d if isinstance(d, dict) and 'error' not in d else {}
    except ValueError:
        return {}
ours, shumate, leaflet = (load(t) for t in sys.argv[2:5])
# Start → first frame: the median over the full run and the extra starts.
def first_frame(d):
    v = d.get("first_frame_ms") if isinstance(d, dict) else None
    v = v[0] if isinstance(v, list) and v else v
    return v if isinstance(v, (int, float)) and v >= 0 else None
starts = {"ours": [first_frame(ours)], "shumate": [first_frame(shumate)], "leaflet": [first_frame(leaflet)]}
for line in open(sys.argv[5]):
    try:
        j = json.loads(line)
    except ValueError:
        continue
    starts[j["tool"]].append(first_frame(load(json.dumps(j.get("run")))))
for tool, d in (("ours", ours), ("shumate", shumate), ("leaflet", leaflet)):
    values = [v for v in starts[tool] if v is not None]
    if d and values:
        d["first_frame_ms"] = statistics.median(values)
def get(d, *path):
    for p in path:
        d = d.get(p) if isinstance(d, dict) else None
    return d if isinstance(d, (int, float)) and d >= 0 else None
def mb(kb): return kb / 1024 if kb else None
rows = [
    ("add N annotations (ms)", get(ours, "create_add_ms"), get(shumate, "create_add_ms"), get(leaflet, "create_add_ms")),
    ("pan frame (median ms)", get(ours, "off_total_ms", "median"), get(shumate, "off_total_ms", "median"),
     get(leaflet, "frame_work_ms", "median")),
    ("click → select (median µs)", get(ours, "pick_select_us", "median"), get(shumate, "pick_select_us", "median"),
     get(leaflet, "hit_click_select_us", "median")),
    ("peak RSS (MB)", mb(get(ours, "vmhwm_kb")), mb(get(shumate, "vmhwm_kb")), mb(get(leaflet, "renderer_vmhwm_kb"))),
    ("start → first frame (median ms)", get(ours, "first_frame_ms"), get(shumate, "first_frame_ms"), get(leaflet, "first_frame_ms")),
    ("zoom-animation frame (median ms)", get(ours, "zoom_frame_ms", "median"), None, None),
]
for measure, x, y, z in rows:
    print(json.dumps({"markers": n, "measure": measure, "calloutmap": x, "libshumate": y, "leaflet": z,
                      "supercluster": None, "lower_is_better": True}))
PY
done

if [ "$CLUSTER_N" -gt 0 ]; then
  a='{}' b='{}'
  "$ours" generate "$CLUSTER_N" "$work/points.geojson" 1 >&2
  a=$("$ours" clusters "$work/points.geojson" 2>/dev/null | tail -n 1) || a='{}'
  if [ -f "$SUPERCLUSTER/supercluster.mjs" ] && command -v node >/dev/null; then
    b=$(node --max-old-space-size=8000 bench/supercluster.mjs "$SUPERCLUSTER" "$work/points.geojson" 2>/dev/null | tail -n 1) || b='{}'
  else
    echo "supercluster's peer not found at $SUPERCLUSTER (or no node)" >&2
  fi
  rm -f "$work/points.geojson"
  python3 - "$CLUSTER_N" "$a" "$b" >> "$rows" <<'PY'
import json, sys
n = int(sys.argv[1])
def load(t):
    try:
        d = json.loads(t or '{}')
        return d if isinstance(d, dict) else {}
    except ValueError:
        return {}
ours, theirs = load(sys.argv[2]), load(sys.argv[3])
for measure, key in [("parse the points file (ms)", "parse_ms"), ("cluster build (ms)", "build_ms"),
                     ("peak RSS, parse and build (MB)", "peak_rss_mb")]:
    print(json.dumps({"markers": n, "measure": measure, "calloutmap": ours.get(key), "libshumate": None, "leaflet": None,
                      "supercluster": theirs.get(key), "lower_is_better": True}))
PY
fi

python3 - "$rows" "$json" <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
def fmt(v): return "n/a" if v is None else (f"{v:,.0f}" if v >= 100 else f"{v:.2f}")
def ratio(ours, peer):
    if not ours or not peer: return "n/a"
    return f"{peer / ours:.1f}× less" if peer >= ours else f"{ours / peer:.1f}× more"
print("| markers | measure | CalloutMap | libshumate | ratio | Leaflet | ratio | supercluster | ratio |")
print("|---:|---|---:|---:|---:|---:|---:|---:|---:|")
for r in rows:
    print(f"| {r['markers']:,} | {r['measure']} | {fmt(r['calloutmap'])} | {fmt(r['libshumate'])} | "
          f"{ratio(r['calloutmap'], r['libshumate'])} | {fmt(r['leaflet'])} | {ratio(r['calloutmap'], r['leaflet'])} | "
          f"{fmt(r['supercluster'])} | {ratio(r['calloutmap'], r['supercluster'])} |")
if sys.argv[2] == "1":
    print(json.dumps({"rows": rows}))
PY
