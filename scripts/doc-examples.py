#!/usr/bin/env python3
"""Turns every ```swift block of README.md, the pages under docs/ and the DocC articles into a target of the outside
package (scripts/check-outside-package.sh), so each compiles as written:

  - a program (it begins `import CalloutMap`) is a target's main.swift as it is, and must
    import CalloutMap alone;
  - a manifest fragment (it begins `dependencies:`) goes inside `Package(name:…)` in a
    package of its own, checked by `swift package dump-package`;
  - a fragment of a delegate (`func mapView…`) or of an annotation view (`override func…`)
    goes inside such a class;
  - any other fragment is top-level code after `import CalloutMap`.
Fragments use names an app has at hand (`map`, `place`, `marker`, …): the scaffold below
declares the ones a fragment uses and does not declare itself.

Usage: doc-examples.py ROOT OUTSIDE_PACKAGE; prints the targets made, one a line, and writes
the manifest fragments' packages under OUTSIDE_PACKAGE/manifests/."""
import os
import re
import sys

root, outside = sys.argv[1], sys.argv[2]

# What a fragment may take as given, in the order declared.
SCAFFOLD = [
    ("map", "let map = try MapView(center: Coordinate(latitude: 37.7749, longitude: -122.4194), zoom: 12)"),
    ("mapView", "let mapView = map"),
    ("place", 'let place = PointAnnotation(coordinate: Coordinate(latitude: 37.7955, longitude: -122.3937), title: "Ferry Building")'),
    ("annotation", "let annotation: any Annotation = place"),
    ("ferryBuilding", "let ferryBuilding = place"),
    ("coitTower", 'let coitTower = PointAnnotation(coordinate: Coordinate(latitude: 37.8024, longitude: -122.4058), title: "Coit Tower")'),
    ("marker", "let marker = MarkerAnnotationView(annotation: place, reuseIdentifier: nil)"),
    ("view", "let view: AnnotationView = marker"),
    ("parkOutline", "let parkOutline = [Coordinate(latitude: 37.771, longitude: -122.511), Coordinate(latitude: 37.774, longitude: -122.454),\n"
                    "                   Coordinate(latitude: 37.765, longitude: -122.453), Coordinate(latitude: 37.763, longitude: -122.510)]"),
    ("lakeOutline", "let lakeOutline = [Coordinate(latitude: 37.769, longitude: -122.49), Coordinate(latitude: 37.770, longitude: -122.485),\n"
                    "                   Coordinate(latitude: 37.767, longitude: -122.486)]"),
    ("embarcadero", "let embarcadero = Polyline(coordinates: [Coordinate(latitude: 37.7955, longitude: -122.3937),\n"
                    "                                         Coordinate(latitude: 37.8080, longitude: -122.4177)], title: \"Embarcadero\")"),
    ("showDetails", "func showDetails(of annotation: (any Annotation)?) {}"),
    ("DiamondView", "final class DiamondView: AnnotationView {}"),
]


def blocks(path):
    text = open(path, encoding="utf-8").read()
    return re.findall(r"```swift\n(.*?)```", text, re.S)


def declares(code, name):
    return re.search(rf"\b(let|var|func|class|struct|enum)\s+{re.escape(name)}\b", code) is not None


def uses(code, name):
    return re.search(rf"(?<![.\w]){re.escape(name)}\b", code) is not None


def scaffold(code):
    needed = {name for name, _ in SCAFFOLD if uses(code, name) and not declares(code, name)}
    # What the scaffold's own lines use comes too (a marker needs a place).
    grew = True
    while grew:
        grew = False
        for name, line in SCAFFOLD:
            if name in needed:
                more = {other for other, _ in SCAFFOLD if other != name and uses(line.split("=", 1)[-1], other)} - needed
                if more:
                    needed |= more
                    grew = True
    return "\n".join(line for name, line in SCAFFOLD if name in needed)


sources = [os.path.join(root, "README.md")]
pages = os.path.join(root, "docs")
sources += sorted(os.path.join(pages, f) for f in os.listdir(pages) if f.endswith(".md"))
docc = os.path.join(root, "Sources/CalloutMap/CalloutMap.docc")
sources += sorted(os.path.join(docc, f) for f in os.listdir(docc) if f.endswith(".md"))
targets = []
for source in sources:
    stem = re.sub(r"\W", "", os.path.splitext(os.path.basename(source))[0])
    for n, code in enumerate(blocks(source), 1):
        name = f"Doc{stem}{n}"
        where = f"{os.path.relpath(source, root)}, Swift block {n}"
        first = next((l for l in code.splitlines() if l.strip() and not l.startswith("//")), "")
        if first.startswith("dependencies:"):
            folder = os.path.join(outside, "manifests", name)
            os.makedirs(folder, exist_ok=True)
            # The package the fragment names by path is this checkout, wherever it is (and
            # SwiftPM names a package by its folder).
            fragment = code.replace('"../calloutmap"', f'"{root}"').replace('package: "calloutmap"',
                                                                             f'package: "{os.path.basename(root)}"')
            with open(os.path.join(folder, "Package.swift"), "w") as f:
                f.write(f"// swift-tools-version:6.0\n// {where}\nimport PackageDescription\n\n"
                        f"let package = Package(\n    name: \"Places\",\n{fragment})\n")
            os.makedirs(os.path.join(folder, "Sources/Places"), exist_ok=True)
            with open(os.path.join(folder, "Sources/Places/main.swift"), "w") as f:
                f.write("import CalloutMap\n")
            print(f"manifest:{name}")
            continue
        if first.startswith("import "):
            imports = sorted(set(re.findall(r"^import (\w+)", code, re.M)))
            if imports != ["CalloutMap"]:
                sys.exit(f"{where}: imports {imports}, not CalloutMap alone")
            main = f"// {where}\n" + code
        elif re.match(r"(@\w+\s+)*func mapView\b", first):
            main = (f"// {where}\nimport CalloutMap\n{scaffold(code)}\n\n"
                    f"@MainActor final class Delegate: MapViewDelegate {{\n{code}}}\n")
        elif first.startswith("override func") or first.startswith("required init"):
            main = f"// {where}\nimport CalloutMap\n{scaffold(code)}\n\nfinal class View: AnnotationView {{\n{code}}}\n"
        else:
            main = f"// {where}\nimport CalloutMap\n{scaffold(code)}\n\n{code}"
        folder = os.path.join(outside, "Sources", name)
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "main.swift"), "w") as f:
            f.write(main)
        targets.append(name)
        print(name)
