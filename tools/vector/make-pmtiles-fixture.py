"""Writes Tests/CoreTests/Fixtures/vector/leaves.pmtiles with PyPI's pmtiles 3.8 writer (an
implementation independent of CalloutMap's reader): every tile of zooms 0-6 (5,461), each
holding its own "z/x/y" text, except an 8 x 8 block at zoom 6 that all hold "sea" (stored once,
as runs). Its root directory is held under 100 bytes so that the entries go to leaf directories.

usage: python3 tools/vector/make-pmtiles-fixture.py   (pip install pmtiles==3.8.1)
"""
import pmtiles.writer as writer
from pmtiles.tile import Compression, TileType, zxy_to_tileid

original = writer.optimize_directories
writer.optimize_directories = lambda entries, target_root_len: original(entries, 100)

tiles = {}
for z in range(7):
    for x in range(1 << z):
        for y in range(1 << z):
            sea = z == 6 and 16 <= x < 24 and 40 <= y < 48
            tiles[zxy_to_tileid(z, x, y)] = b"sea" if sea else f"{z}/{x}/{y}".encode()

with open("Tests/CoreTests/Fixtures/vector/leaves.pmtiles", "wb") as f:
    w = writer.Writer(f)
    for tile_id in sorted(tiles):
        w.write_tile(tile_id, tiles[tile_id])
    w.finalize({"tile_compression": Compression.NONE, "tile_type": TileType.UNKNOWN, "min_zoom": 0, "max_zoom": 6,
                "min_lon_e7": -1800000000, "min_lat_e7": -850000000, "max_lon_e7": 1800000000, "max_lat_e7": 850000000,
                "center_zoom": 0, "center_lon_e7": 0, "center_lat_e7": 0},
               {"name": "Leaves", "attribution": "made up for CalloutMap's tests"})
