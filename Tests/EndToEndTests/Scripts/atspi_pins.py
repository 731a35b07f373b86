#!/usr/bin/python3
"""Prints, as JSON, every button of the running calloutmap app as AT-SPI sees it:
[{"name": ..., "description": ..., "x": ..., "y": ..., "width": ..., "height": ...}].
With --click NAME, also performs that button's first action (what a screen reader does)."""
import json, sys, time
import pyatspi


def find_app():
    desktop = pyatspi.Registry.getDesktop(0)
    for _ in range(50):
        for app in desktop:
            if app is not None and app.name and "calloutmap" in app.name.lower():
                return app
        time.sleep(0.1)
    return None


def walk(node, out):
    try:
        role = node.getRole()
    except Exception:
        return
    if role == pyatspi.ROLE_PUSH_BUTTON:
        ext = node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        out.append({"name": node.name, "description": node.description,
                    "x": ext.x, "y": ext.y, "width": ext.width, "height": ext.height, "node": node})
    for i in range(node.childCount):
        walk(node.getChildAtIndex(i), out)


app = find_app()
if app is None:
    print("no calloutmap application on the accessibility bus", file=sys.stderr)
    sys.exit(1)
buttons = []
walk(app, buttons)
if len(sys.argv) == 3 and sys.argv[1] == "--click":
    target = next((b for b in buttons if b["name"] == sys.argv[2]), None)
    if target is None:
        print(f"no button named {sys.argv[2]!r}", file=sys.stderr)
        sys.exit(1)
    target["node"].queryAction().doAction(0)
print(json.dumps([{k: v for k, v in b.items() if k != "node"} for b in buttons]))
