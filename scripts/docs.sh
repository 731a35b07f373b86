#!/usr/bin/env bash
# Builds the library's documentation (DocC) into build/docs/ and checks the public API:
# every declaration `import CalloutMap` gives has a doc comment, and none hands out a raw
# C pointer unless its name says it is an escape hatch (gtkWidget, cairoContext, …).
# The articles' links to symbols are checked too: a broken one fails the build.
# Open build/docs/CalloutMap.doccarchive with `docc preview`, or serve build/docs/site.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install-deps.sh test >/dev/null

swift build --target CalloutMap 2>&1 | grep -v "^\[" | grep -v "^Building\|^Build of\|prohibited flag" || true
modules=$(swift build --target CalloutMap --show-bin-path)/Modules
graphs=build/docs/symbol-graphs
rm -rf "$graphs" && mkdir -p "$graphs"
# The module's own graph would be empty: it re-exports the core and the widget.
swift symbolgraph-extract -module-name CalloutMap -I "$modules" \
  -I Sources/CCalloutMapGtk -I Sources/CalloutMapSoup -I Sources/CalloutMapSQLite -I Sources/CalloutMapXML -I Sources/CalloutMapFastJSON/include -I Sources/CalloutMapMVT/include -I Sources/CalloutMapPNG/include \
  $(pkg-config --cflags-only-I gtk4 libsoup-3.0 sqlite3 libxml-2.0 | sed 's/-I/-Xcc -I/g') \
  -target "$(uname -m)-unknown-linux-gnu" -minimum-access-level public \
  -experimental-allowed-reexported-modules=CalloutMapCore,CalloutMapWidget -output-dir "$graphs"

echo "== public API"
python3 tools/api/check_symbol_graph.py "$graphs" CalloutMap

echo "== DocC"
rm -rf build/docs/CalloutMap.doccarchive build/docs/site
docc convert Sources/CalloutMap/CalloutMap.docc --additional-symbol-graph-dir "$graphs" \
  --fallback-display-name CalloutMap --fallback-bundle-identifier io.github.calloutmap.CalloutMap \
  --output-path build/docs/CalloutMap.doccarchive --warnings-as-errors
docc process-archive transform-for-static-hosting build/docs/CalloutMap.doccarchive --output-path build/docs/site
echo "documentation: build/docs/CalloutMap.doccarchive (static site in build/docs/site)"
