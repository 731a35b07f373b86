#!/usr/bin/python3
"""A loopback tile server for the tests: 127.0.0.1 on a free port (printed first, on
stdout), stopping by itself after LIFETIME seconds (default 60) or when stdin closes.

GET /tiles/{z}/{x}/{y}.png  a solid 256-px PNG whose colour encodes x and y
GET /missing/...            404
GET /error/...              500
GET /garbage/...            200 with bytes that are not an image
GET /slow/...               the tile after 1.5 s
GET /hang/...               never answers (until the server stops)
GET /revalidate/...         the tile, stale at once (max-age=0) with an ETag; 304 to If-None-Match
GET /files/PATH             the file ROOT/PATH as it is (404 where there is none): vector tiles,
                            a TileJSON document
GET /stats                  JSON: the User-Agents seen, the most requests served at once, counts
                            (`retina`: requests for @2x tiles)

Usage: tile_server.py [LIFETIME [ROOT]]"""
import json, os, struct, sys, threading, time, zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def png(rgb):
    raw = b"".join(b"\x00" + bytes(rgb) * 256 for _ in range(256))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 256, 256, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def colour(x, y):
    return (40 + (x * 37) % 200, 40 + (y * 53) % 200, 0xC8)


lock = threading.Lock()
stats = {"user_agents": [], "active": 0, "most_at_once": 0, "requests": 0, "not_modified": 0, "retina": 0}
stop = threading.Event()
root = None


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send(self, status, body=b"", kind="image/png", max_age=3600, etag=None):
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "max-age=%d" % max_age)
        if etag:
            self.send_header("ETag", etag)
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        if self.path == "/stats":
            with lock:
                body = json.dumps(stats).encode()
            return self.send(200, body, "application/json")
        with lock:
            stats["requests"] += 1
            stats["active"] += 1
            stats["most_at_once"] = max(stats["most_at_once"], stats["active"])
            if "@2x" in self.path:
                stats["retina"] += 1
            ua = self.headers.get("User-Agent", "")
            if ua not in stats["user_agents"]:
                stats["user_agents"].append(ua)
        try:
            parts = self.path.strip("/").split("/")
            kind = parts[0]
            if kind == "files" and root:
                path = os.path.realpath(os.path.join(root, *parts[1:]))
                if not path.startswith(os.path.realpath(root) + os.sep) or not os.path.isfile(path):
                    return self.send(404)
                with open(path, "rb") as f:
                    body = f.read()
                return self.send(200, body, "application/json" if path.endswith(".json") else "application/x-protobuf")
            try:
                z, x, y = int(parts[-3]), int(parts[-2]), int(parts[-1].split(".")[0].split("@")[0])
            except (ValueError, IndexError):
                return self.send(400)
            if kind == "missing":
                return self.send(404)
            if kind == "error":
                return self.send(500)
            if kind == "garbage":
                return self.send(200, b"<html>this is not a tile</html>", "text/html")
            if kind == "slow":
                time.sleep(1.5)
            if kind == "hang":
                stop.wait()
                return
            if kind == "revalidate":
                etag = '"%d-%d-%d"' % (z, x, y)
                if self.headers.get("If-None-Match") == etag:
                    with lock:
                        stats["not_modified"] += 1
                    return self.send(304, b"", max_age=0, etag=etag)
                return self.send(200, png(colour(x, y)), max_age=0, etag=etag)
            self.send(200, png(colour(x, y)))
        finally:
            with lock:
                stats["active"] -= 1


def main():
    global root
    lifetime = float(sys.argv[1]) if len(sys.argv) > 1 else 60
    root = sys.argv[2] if len(sys.argv) > 2 else None
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    # Stops after its lifetime, or as soon as the test that started it closes stdin.
    watcher = threading.Thread(target=lambda: (sys.stdin.read(), stop.set()), daemon=True)
    watcher.start()
    stop.wait(lifetime)
    stop.set()
    server.shutdown()


if __name__ == "__main__":
    main()
