#!/usr/bin/env python3
"""MapLibre Native's side of bench/vector.sh (PyPI mapli 0.4.1, in-process, Mesa EGL under Xvfb).

Draws STYLE at LAT,LON for each map zoom Z (CalloutMap's zooms, 256-point tiles; MapLibre's
are one less) at WxH, as calloutmap-bench vector-render does, and prints one JSON object:
the first picture (the pool started, the style and tiles loaded, drawn), per zoom the median
of FRAMES pictures, and the process's peak memory. Writes OUT_DIR/maplibre-Z.png.

usage: vector_maplibre.py STYLE LAT,LON Z[,Z…] WxH FRAMES OUT_DIR
"""
import json
import resource
import statistics
import sys
import time

import mapli

style, centre, zooms, size, frames, out = sys.argv[1:7]
lat, lon = (float(v) for v in centre.split(","))
zooms = [float(z) for z in zooms.split(",")]
width, height = (int(v) for v in size.split("x"))
frames = max(1, int(frames))

start = time.perf_counter()
pool = mapli.RenderPool()
pool.register_style("s", path=style)


def picture(zoom):
    return pool.render("s", lon=lon, lat=lat, zoom=zoom - 1, width=width, height=height)


png = picture(zooms[0])
first = (time.perf_counter() - start) * 1e3
open(f"{out}/first-maplibre.png", "wb").write(png)
per_zoom = {}
for zoom in zooms:
    times = []
    for _ in range(frames):
        t = time.perf_counter()
        png = picture(zoom)
        times.append((time.perf_counter() - t) * 1e3)
    open(f"{out}/maplibre-{int(zoom)}.png", "wb").write(png)
    per_zoom[str(int(zoom))] = round(statistics.median(times), 2)
print(json.dumps({"first_frame_ms": round(first, 2), "frame_ms": per_zoom,
                  "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024}, sort_keys=True))
