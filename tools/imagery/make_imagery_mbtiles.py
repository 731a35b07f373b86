#!/usr/bin/env python3
"""Makes a raster MBTiles file (zooms 0-3, Web Mercator, 256-px PNG tiles) from NASA's
Blue Marble image as Debian's xplanet-images package ships it (2048x1024, plate carree,
/usr/share/xplanet/images/earth.jpg; NASA imagery, not copyrighted, credit NASA).
For the README's screenshot of the tile switcher; not needed to build, run or test.

    apt-get download xplanet-images && dpkg -x xplanet-images_*.deb xp
    python3 -m pip install pillow
    python3 tools/imagery/make_imagery_mbtiles.py xp/usr/share/xplanet/images/earth.jpg .build/blue-marble.mbtiles
"""
import io, math, sqlite3, sys
from PIL import Image


def main(source, out):
    world = Image.open(source).convert("RGB")
    w, h = world.size
    db = sqlite3.connect(out)
    db.executescript("DROP TABLE IF EXISTS metadata; DROP TABLE IF EXISTS tiles;"
                     "CREATE TABLE metadata (name TEXT, value TEXT);"
                     "CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB);")
    for k, v in {"name": "Blue Marble", "format": "png", "minzoom": "0", "maxzoom": "3", "type": "baselayer", "labels": "false",
                 "bounds": "-180,-85.0511,180,85.0511", "attribution": "Imagery: NASA Visible Earth"}.items():
        db.execute("INSERT INTO metadata VALUES (?, ?)", (k, v))
    for z in range(4):
        n = 1 << z
        for ty in range(n):
            # Each output row's latitude, then the source row (plate carree: linear in latitude).
            rows = []
            for py in range(256):
                merc = math.pi * (1 - 2 * (ty * 256 + py + 0.5) / (n * 256))
                lat = math.degrees(math.atan(math.sinh(merc)))
                rows.append(min(h - 1, max(0, int((90 - lat) / 180 * h))))
            for tx in range(n):
                x0 = tx * w // n
                strip = world.crop((x0, 0, x0 + w // n, h))
                tile = Image.new("RGB", (256, 256))
                column = strip.resize((256, h), Image.LANCZOS)
                for py, sy in enumerate(rows):
                    tile.paste(column.crop((0, sy, 256, sy + 1)), (0, py))
                buf = io.BytesIO()
                tile.save(buf, "PNG", optimize=True)
                db.execute("INSERT INTO tiles VALUES (?, ?, ?, ?)", (z, tx, n - 1 - ty, buf.getvalue()))  # TMS rows
    db.commit()
    print(f"wrote {out}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
