#!/usr/bin/env bash
# Builds the README's library example in a package outside this one, as an app would:
# it depends on this package by path, has a C module of its own named CGtk (as other
# Swift GTK bindings do), and one of its files uses both. Fails if the README's first
# Swift block in "The library in five minutes" does not compile with `import CalloutMap`
# alone, if any Swift block of the README, docs/ or the DocC articles does not compile as written
# (scripts/doc-examples.py: programs as they are, fragments in a scaffold), or if a program
# of that package does not find the shipped basemap with no configuration.
# The package lives outside the checkout (under $TMPDIR), so nothing is found by being near it.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
outside="${TMPDIR:-/tmp}/calloutmap-outside-package"
rm -rf "$outside/Sources" "$outside/manifests"
mkdir -p "$outside/Sources/CGtk" "$outside/Sources/Places" "$outside/Sources/FindsBasemap"

# The example: the first ```swift block after the section's heading.
python3 - "$root/README.md" "$outside/Sources/Places/main.swift" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
section = text.split("## The library in five minutes", 1)[1]
match = re.search(r"```swift\n(.*?)```", section, re.S)
if not match:
    sys.exit("README.md: no ```swift block in 'The library in five minutes'")
code = match.group(1)
imports = sorted(set(re.findall(r"^import (\w+)", code, re.M)))
if imports != ["CalloutMap"]:
    sys.exit(f"README.md: the example imports {imports}, not CalloutMap alone")
if code != open("Examples/HelloMap/main.swift").read():
    sys.exit("README.md: the library example differs from Examples/HelloMap/main.swift (keep them the same)")
open(sys.argv[2], "w").write(code)
PY

# Every documented example: a target each (a manifest fragment, a package of its own).
examples=$(python3 scripts/doc-examples.py "$root" "$outside")
doc_targets=""
for t in $examples; do
  case "$t" in manifest:*) ;; *) doc_targets="$doc_targets        .executableTarget(name: \"$t\", dependencies: [.product(name: \"CalloutMap\", package: \"$(basename "$root")\")]),
" ;; esac
done

cat > "$outside/Package.swift" <<SWIFT
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Places",
    dependencies: [.package(path: "$root")],
    targets: [
        // A C module of the app's own, named as other GTK bindings name theirs.
        .systemLibrary(name: "CGtk", pkgConfig: "gtk4"),
        .executableTarget(name: "Places", dependencies: ["CGtk", .product(name: "CalloutMap", package: "$(basename "$root")")]),
        .executableTarget(name: "FindsBasemap", dependencies: [.product(name: "CalloutMap", package: "$(basename "$root")")]),
$doc_targets    ],
    swiftLanguageModes: [.v6]
)
SWIFT
cat > "$outside/Sources/CGtk/module.modulemap" <<'MAP'
module CGtk [system] {
    header "shim.h"
    link "gtk-4"
    export *
}
MAP
echo '#include <gtk/gtk.h>' > "$outside/Sources/CGtk/shim.h"
# A file that uses the app's own binding with the map's escape hatch.
cat > "$outside/Sources/Places/OwnBinding.swift" <<'SWIFT'
import CGtk
import CalloutMap

/// The map in a box made with the app's own GTK binding.
@MainActor func boxed(_ map: MapView) -> UnsafeMutablePointer<GtkWidget> {
    let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
    gtk_box_append(UnsafeMutableRawPointer(box).assumingMemoryBound(to: GtkBox.self), map.gtkWidget)
    return box
}
SWIFT

# A program of the dependent package finds the basemap and the place names with no configuration.
cat > "$outside/Sources/FindsBasemap/main.swift" <<'SWIFT'
import CalloutMap

do {
    _ = try Basemap.bundled()
    _ = try WorldPlaces.bundled()
    print("found")
} catch {
    print(error)
}
SWIFT

swift build --package-path "$outside" 2>&1 | grep -v "warning: prohibited flag" | tail -n 20
test -x "$outside/.build/debug/Places"
echo "the README's example builds in an outside package with its own CGtk module: ok"
for t in $examples; do
  case "$t" in
    manifest:*)
      if ! swift package --package-path "$outside/manifests/${t#manifest:}" dump-package >/dev/null; then
        echo "a documented manifest fragment does not compile: $(sed -n 2p "$outside/manifests/${t#manifest:}/Package.swift")" >&2
        exit 1
      fi ;;
    *) test -x "$outside/.build/debug/$t" ;;
  esac
done
echo "every Swift block of the README, docs/ and the DocC articles compiles as written ($(echo "$examples" | wc -l) blocks): ok"
found=$(cd / && env -u CALLOUTMAP_DATA_DIR "$outside/.build/debug/FindsBasemap")
if [ "$found" != found ]; then
  echo "a program depending on the package did not find the basemap: $found" >&2
  exit 1
fi
echo "a program depending on the package finds the shipped basemap and place names with no configuration: ok"
