"""Writes CalloutMap's built-in MapLibre styles for OpenMapTiles-schema tiles (what tilemaker,
Planetiler and OpenMapTiles write): data/styles/openmaptiles-light.json and -dark.json, one set
of layers with two palettes taken from GNOME's colours, so the two modes stay alike.

usage: python3 tools/vector/make-styles.py
"""
import json
import os

PALETTES = {
    "light": {
        "background": "#f6f5f4", "wood": "#d4e6c6", "grass": "#e1efd6", "farmland": "#f1efe2", "ice": "#f4f8fb",
        "sand": "#f3ecd6", "residential": "#efedea", "commercial": "#f2ebe6", "industrial": "#ebe8ee",
        "cemetery": "#dbe8d3", "park": "#d3ebc3", "water": "#99c1f1", "building": "#deddda",
        "building-outline": "#cdcbc6", "casing": "#c0bfbc", "major": "#f9f06b", "road": "#ffffff",
        "path": "#b5835a", "rail": "#9a9996", "boundary": "#9a9996", "text": "#3d3846", "halo": "#ffffff",
        "water-text": "#1a5fb4", "poi": "#e66100", "poi-stroke": "#ffffff",
    },
    "dark": {
        "background": "#242424", "wood": "#26362a", "grass": "#2a382b", "farmland": "#2e2e28", "ice": "#33383d",
        "sand": "#38342a", "residential": "#2a2a2a", "commercial": "#2f2b2a", "industrial": "#2b2a2f",
        "cemetery": "#283228", "park": "#263a26", "water": "#1c3b5e", "building": "#3d3846",
        "building-outline": "#4a4452", "casing": "#1e1e1e", "major": "#8a7f2e", "road": "#5e5c64",
        "path": "#86674a", "rail": "#77767b", "boundary": "#77767b", "text": "#deddda", "halo": "#1e1e1e",
        "water-text": "#99c1f1", "poi": "#ffa348", "poi-stroke": "#241f31",
    },
}

ROADS = [  # class, casing width at z10 and z18, fill width at z10 and z18, colour key, from zoom
    (["motorway", "trunk"], 2.5, 22, 1.5, 18, "major", 5),
    (["primary", "secondary"], 2, 20, 1, 16, "major", 8),
    (["tertiary"], 1.5, 17, 0.8, 13, "road", 10),
    (["minor"], 1, 14, 0.5, 10, "road", 12),
    (["service", "track"], 0.5, 9, 0.3, 6, "road", 13),
]


def z(map_zoom):
    """A style's zoom for the map's: MapLibre counts zooms in 512-pixel tiles, CalloutMap (as
    OpenStreetMap's raster tiles) in 256-point ones, so the same scale is one zoom less in a
    style. The zooms below are written as the map shows them."""
    return map_zoom - 1


def width(z10, z18):
    return ["interpolate", ["exponential", 1.4], ["zoom"], z(10), z10, z(18), z18]


def style(mode, c):
    layers = [
        {"id": "background", "type": "background", "paint": {"background-color": c["background"]}},
        {"id": "landcover", "type": "fill", "source": "openmaptiles", "source-layer": "landcover",
         "paint": {"fill-color": ["match", ["get", "class"], "wood", c["wood"], ["grass", "wetland"], c["grass"],
                                  "farmland", c["farmland"], "ice", c["ice"], "sand", c["sand"], c["grass"]]}},
        {"id": "landuse", "type": "fill", "source": "openmaptiles", "source-layer": "landuse",
         "filter": ["in", ["get", "class"], ["literal", ["residential", "commercial", "retail", "industrial", "cemetery",
                                                          "hospital", "school", "university", "railway"]]],
         "paint": {"fill-color": ["match", ["get", "class"], "residential", c["residential"],
                                  ["commercial", "retail", "hospital", "school", "university"], c["commercial"],
                                  "cemetery", c["cemetery"], c["industrial"]]}},
        {"id": "park", "type": "fill", "source": "openmaptiles", "source-layer": "park", "paint": {"fill-color": c["park"]}},
        {"id": "water", "type": "fill", "source": "openmaptiles", "source-layer": "water", "paint": {"fill-color": c["water"]}},
        {"id": "waterway", "type": "line", "source": "openmaptiles", "source-layer": "waterway",
         "layout": {"line-cap": "round", "line-join": "round"},
         "paint": {"line-color": c["water"], "line-width": width(0.5, 6)}},
        {"id": "building", "type": "fill", "source": "openmaptiles", "source-layer": "building", "minzoom": z(13),
         "paint": {"fill-color": c["building"], "fill-outline-color": c["building-outline"]}},
        {"id": "path", "type": "line", "source": "openmaptiles", "source-layer": "transportation", "minzoom": z(14),
         "filter": ["==", ["get", "class"], "path"],
         "paint": {"line-color": c["path"], "line-width": width(0.5, 2), "line-dasharray": [2, 1.5]}},
        {"id": "rail", "type": "line", "source": "openmaptiles", "source-layer": "transportation", "minzoom": z(11),
         "filter": ["in", ["get", "class"], ["literal", ["rail", "transit"]]],
         "paint": {"line-color": c["rail"], "line-width": width(0.5, 2.5)}},
    ]
    for classes, cz10, cz18, fz10, fz18, colour, low in ROADS:
        kind = classes[0]
        filt = ["all", ["==", ["geometry-type"], "LineString"], ["in", ["get", "class"], ["literal", classes]]]
        layers.append({"id": f"road-{kind}-casing", "type": "line", "source": "openmaptiles", "source-layer": "transportation",
                       "minzoom": z(low), "filter": filt, "layout": {"line-cap": "round", "line-join": "round"},
                       "paint": {"line-color": c["casing"], "line-width": width(cz10, cz18)}})
    for classes, cz10, cz18, fz10, fz18, colour, low in reversed(ROADS):
        kind = classes[0]
        filt = ["all", ["==", ["geometry-type"], "LineString"], ["in", ["get", "class"], ["literal", classes]]]
        layers.append({"id": f"road-{kind}", "type": "line", "source": "openmaptiles", "source-layer": "transportation",
                       "minzoom": z(low), "filter": filt, "layout": {"line-cap": "round", "line-join": "round"},
                       "paint": {"line-color": c[colour], "line-width": width(fz10, fz18)}})
    name = ["coalesce", ["get", "name:latin"], ["get", "name"], ["get", "name_en"]]
    # Points of interest by the schema's rank (1 the most important), as OSM Bright shows them:
    # under 15 from zoom 15, under 25 from 16, all from 17 — else a city centre is all dots.
    rank = ["coalesce", ["get", "rank"], 25]
    shown = ["any", ["<", rank, 15], ["all", [">=", ["zoom"], z(16)], ["<", rank, 25]], [">=", ["zoom"], z(17)]]
    layers += [
        {"id": "boundary", "type": "line", "source": "openmaptiles", "source-layer": "boundary",
         "filter": ["<=", ["get", "admin_level"], 4],
         "paint": {"line-color": c["boundary"], "line-width": 1, "line-dasharray": [3, 2]}},
        # Only what has a name (what can be clicked), not street furniture; stops from zoom 17;
        # the most important places first, the rest as the map comes closer (`shown`).
        {"id": "poi", "type": "circle", "source": "openmaptiles", "source-layer": "poi", "minzoom": z(15),
         "filter": ["all", shown, ["any", ["has", "name"], ["has", "name:latin"]],
                    ["!", ["in", ["get", "class"], ["literal", ["barrier", "entrance"]]]],
                    ["!", ["in", ["get", "subclass"], ["literal", ["bicycle_parking", "motorcycle_parking", "parking", "waste_basket",
                                                                  "post_box", "bench", "vending_machine"]]]],
                    ["any", [">=", ["zoom"], z(17)], ["!", ["in", ["get", "class"], ["literal", ["bus", "railway"]]]]]],
         "paint": {"circle-color": c["poi"], "circle-radius": 3, "circle-stroke-color": c["poi-stroke"], "circle-stroke-width": 1}},
        {"id": "water-name", "type": "symbol", "source": "openmaptiles", "source-layer": "water_name",
         "layout": {"text-field": name, "text-size": 12}, "paint": {"text-color": c["water-text"], "text-halo-color": c["halo"],
                                                                    "text-halo-width": 1}},
        {"id": "poi-name", "type": "symbol", "source": "openmaptiles", "source-layer": "poi", "minzoom": z(15), "filter": shown,
         "layout": {"text-field": name, "text-size": 11, "text-anchor": "top", "text-offset": [0, 0.6], "text-max-width": 8,
                    "symbol-sort-key": ["get", "rank"]},
         "paint": {"text-color": c["text"], "text-halo-color": c["halo"], "text-halo-width": 1.5}},
        # Street names over the points of interest' (a later layer's labels are placed first):
        # the streets are how a reader finds the way; the main roads first.
        {"id": "road-name", "type": "symbol", "source": "openmaptiles", "source-layer": "transportation_name", "minzoom": z(13),
         "layout": {"text-field": name, "text-size": 11, "symbol-placement": "line",
                    "symbol-sort-key": ["match", ["get", "class"], "motorway", 1, "trunk", 2, "primary", 3, "secondary", 4,
                                        "tertiary", 5, 6]},
         "paint": {"text-color": c["text"], "text-halo-color": c["halo"], "text-halo-width": 1.5}},
        {"id": "place-name", "type": "symbol", "source": "openmaptiles", "source-layer": "place",
         "layout": {"text-field": name, "text-size": ["match", ["get", "class"], "city", 16, "town", 14, 12],
                    "text-transform": ["match", ["get", "class"], ["country", "state"], "uppercase", "none"]},
         "paint": {"text-color": c["text"], "text-halo-color": c["halo"], "text-halo-width": 2}},
    ]
    return {
        "version": 8,
        "name": f"CalloutMap OpenMapTiles {mode}",
        "metadata": {"calloutmap:about": "Built-in style for OpenMapTiles-schema vector tiles; made by tools/vector/make-styles.py"},
        # No url: the tiles the map is given (--tiles, a file opened) feed this source.
        "sources": {"openmaptiles": {"type": "vector", "maxzoom": 14, "attribution": "© OpenStreetMap contributors"}},
        "layers": layers,
    }


os.makedirs("data/styles", exist_ok=True)
for mode, palette in PALETTES.items():
    with open(f"data/styles/openmaptiles-{mode}.json", "w") as f:
        json.dump(style(mode, palette), f, indent=1, ensure_ascii=False)
        f.write("\n")
