#!/usr/bin/env python3
"""How alike two pictures of a map are: the share of pixels of A that have, within one pixel of
the same place in B, a pixel whose red, green and blue each differ by at most TOLERANCE (of
255). Two renderers antialias an edge differently and may place it half a pixel apart: a
pixel-exact comparison would count every edge of a street map as different. Only REGION is
compared (the tiles' own area: around it CalloutMap shows its offline map, MapLibre the
style's background), less a border of 2 pixels inside it and the picture's bottom 40
(CalloutMap's scale bar and credits).

Measured both ways (what A has that B lacks, and the other way); the lower share is printed,
a number from 0 to 1. Reads PNGs through ImageMagick (`convert … rgb:-`).

usage: pixel_agreement.py A.png B.png [X0,Y0,X1,Y1]
"""
import math
import subprocess
import sys


def pixels(path):
    size = subprocess.run(["identify", "-format", "%w %h", path], capture_output=True, text=True, check=True).stdout
    w, h = (int(v) for v in size.split())
    raw = subprocess.run(["convert", path, "-alpha", "off", "-depth", "8", "rgb:-"], capture_output=True, check=True).stdout
    return w, h, raw


def agreement(a, b, region=None, tolerance=16, margin=2, plates=40):
    wa, ha, pa = pixels(a)
    wb, hb, pb = pixels(b)
    if (wa, ha) != (wb, hb):
        raise SystemExit(f"{a} is {wa}x{ha}, {b} is {wb}x{hb}")
    w, h = wa, ha
    # The region's own edge is left out too (its pixels mix the area with what is around it),
    # and only whole pixels inside it count.
    x0, y0, x1, y1 = region or (0, 0, w, h)
    x0, y0 = max(margin, math.ceil(x0) + margin), max(margin, math.ceil(y0) + margin)
    x1, y1 = min(w - margin, math.floor(x1) - margin), min(h - max(margin, plates), math.floor(y1) - margin)
    agreeing = total = 0
    for y in range(y0, y1):
        for x in range(x0, x1):
            i = (y * w + x) * 3
            r, g, bl = pa[i], pa[i + 1], pa[i + 2]
            total += 1
            found = False
            for dy in (0, -1, 1):
                for dx in (0, -1, 1):
                    j = ((y + dy) * w + x + dx) * 3
                    if abs(pb[j] - r) <= tolerance and abs(pb[j + 1] - g) <= tolerance and abs(pb[j + 2] - bl) <= tolerance:
                        found = True
                        break
                if found:
                    break
            agreeing += found
    return agreeing / total if total else 0


if __name__ == "__main__":
    args = sys.argv[1:]
    if len(args) < 2:
        raise SystemExit(__doc__)
    region = tuple(float(v) for v in args[2].split(",")) if len(args) > 2 else None
    print(round(min(agreement(args[0], args[1], region), agreement(args[1], args[0], region)), 4))
