"""Makes a cut OpenStreetMap extract whole enough for tilemaker: keeps every node, and every way
with only the nodes the file has (a way left with fewer than two is dropped). Relations are
kept as they are. Debian's tilemaker 2.2 aborts on a way that names a node the file lacks.

usage: fix-extract.py IN.osm.pbf OUT.osm.pbf   (pyosmium, from PyPI's `osmium`)
"""
import sys

import osmium


class NodeIds(osmium.SimpleHandler):
    def __init__(self):
        super().__init__()
        self.ids = set()

    def node(self, n):
        self.ids.add(n.id)


class Writer(osmium.SimpleHandler):
    def __init__(self, ids, writer):
        super().__init__()
        self.ids, self.writer = ids, writer
        self.dropped_refs = self.dropped_ways = 0

    def node(self, n):
        self.writer.add_node(n)

    def way(self, w):
        refs = [r.ref for r in w.nodes if r.ref in self.ids]
        self.dropped_refs += len(w.nodes) - len(refs)
        if len(refs) < 2:
            self.dropped_ways += 1
            return
        self.writer.add_way(w.replace(nodes=refs))

    def relation(self, r):
        self.writer.add_relation(r)


def main(source, target):
    ids = NodeIds()
    ids.apply_file(source)
    writer = osmium.SimpleWriter(target)
    fixer = Writer(ids.ids, writer)
    fixer.apply_file(source)
    writer.close()
    print(f"{len(ids.ids)} nodes; {fixer.dropped_refs} missing node references left out; "
          f"{fixer.dropped_ways} ways dropped", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
