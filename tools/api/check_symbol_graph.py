#!/usr/bin/env python3
"""Checks the library's public API from SwiftPM's symbol graphs.

Usage: check_symbol_graph.py DIR MODULE...

For each module's public declarations (its own, not those the standard library
adds to its types): no raw C pointer type unless the declaration names it as an
escape hatch into GTK or cairo (`gtkWidget: UnsafeMutablePointer<GtkWidget>`,
`cairoContext: OpaquePointer`), and a doc comment on each. Prints counts; exits 1
listing what breaks a rule.
"""
import json
import re
import sys
from pathlib import Path

POINTER = re.compile(r"\b(?:Unsafe\w*Pointer|OpaquePointer)\b")
# The name just before the pointer type says where it leads: gtkWidget:, gdkTexture texture:, cairoContext:.
NAMED = re.compile(r"\b(?:gtk|gdk|cairo)[A-Z]\w*(?:\s+\w+)?\s*:\s*$")


def own(symbol):
    """Declared in this package, not synthesized from a protocol's default (stdlib's Collection)."""
    return "::SYNTHESIZED::" not in symbol["identifier"]["precise"] and "location" in symbol


def main(directory, modules):
    problems = []
    for module in modules:
        graph = json.loads((Path(directory) / f"{module}.symbols.json").read_text())
        symbols = [s for s in graph["symbols"] if own(s)]
        escape_hatches = 0
        undocumented = 0
        for s in symbols:
            name = ".".join(s["pathComponents"])
            declaration = "".join(f["spelling"] for f in s.get("declarationFragments", []))
            for match in POINTER.finditer(declaration):
                if NAMED.search(declaration[: match.start()]):
                    escape_hatches += 1
                else:
                    problems.append(f"{module}: {name}: an unnamed raw pointer: {declaration}")
            if not s.get("docComment", {}).get("lines"):
                undocumented += 1
                problems.append(f"{module}: {name}: no doc comment")
        kinds = {}
        for s in symbols:
            kinds[s["kind"]["displayName"]] = kinds.get(s["kind"]["displayName"], 0) + 1
        summary = ", ".join(f"{n} {k.lower()}" for k, n in sorted(kinds.items(), key=lambda kv: -kv[1]))
        print(f"{module}: {len(symbols)} public declarations ({summary}); "
              f"{escape_hatches} named escape hatches; {undocumented} without a doc comment")
    for p in problems:
        print("  " + p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2:]))
