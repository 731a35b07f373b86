"""Writes Tests/CoreTests/Fixtures/vector/leaves.pmtiles (and helsinki-zstd.pmtiles, below) with PyPI's pmtiles 3.8 writer (an
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

# Tests/CoreTests/Fixtures/vector/helsinki-zstd.pmtiles: the Helsinki tiles of zooms 0-13 (from
# data/vector/helsinki.mbtiles) with tiles, directories and metadata in Zstandard, compressed by
# Debian's zstd command (an implementation independent of the libzstd CalloutMap links). The writer
# only knows gzip, so its gzip is swapped for zstd and the header's codes set after.
import gzip
import sqlite3
import subprocess
import pmtiles.tile as tile


class Zstd:
    @staticmethod
    def compress(data, mtime=0):
        return subprocess.run(["zstd", "-q", "-19", "-c"], input=data, capture_output=True, check=True).stdout


writer.gzip = Zstd
tile.gzip = Zstd
writer.optimize_directories = lambda entries, target_root_len: original(entries, 60)
rows = sqlite3.connect("data/vector/helsinki.mbtiles").execute(
    "select zoom_level, tile_column, tile_row, tile_data from tiles where zoom_level <= 13").fetchall()
path = "Tests/CoreTests/Fixtures/vector/helsinki-zstd.pmtiles"
with open(path, "wb") as f:
    w = writer.Writer(f)
    for z, x, tms_y, data in sorted(rows, key=lambda r: zxy_to_tileid(r[0], r[1], (1 << r[0]) - 1 - r[2])):
        w.write_tile(zxy_to_tileid(z, x, (1 << z) - 1 - tms_y), Zstd.compress(gzip.decompress(data)))
    with open("data/vector/helsinki.pmtiles", "rb") as shipped:
        area = tile.deserialize_header(shipped.read(127))
    w.finalize({"tile_compression": Compression.ZSTD, "tile_type": TileType.MVT, "min_zoom": 0, "max_zoom": 13,
                **{k: area[k] for k in ["min_lon_e7", "min_lat_e7", "max_lon_e7", "max_lat_e7", "center_lon_e7", "center_lat_e7"]},
                "center_zoom": 13},
               {"name": "Central Helsinki (zstd)", "attribution": "© OpenStreetMap contributors"})
with open(path, "r+b") as f:
    f.seek(97)
    f.write(bytes([Compression.ZSTD.value]))
