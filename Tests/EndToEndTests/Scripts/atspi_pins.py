#!/usr/bin/python3
"""Prints, as JSON, every button (push, toggle, check or radio) of a running calloutmap
process as AT-SPI sees it:
[{"name": ..., "description": ..., "role": ..., "x": ..., "y": ..., "width": ..., "height": ...,
  "showing": whether it is on screen now}].
Usage: atspi_pins.py PID [--click NAME... | --focused | --labels]; --click also performs the
first action of the first button with one of those names (what a screen reader does); --focused prints instead the object that
has keyboard focus: {"name": ..., "role": ...} (null for none); --labels prints the text of
every label of the app, in every window: ["...", ...]. Only the app with that process id is
asked: another (a test runner waiting on this script) would never answer."""
import json, sys, time
import pyatspi


def find_app(pid):
    desktop = pyatspi.Registry.getDesktop(0)
    for _ in range(50):
        for app in desktop:
            try:
                # The process id comes from the bus daemon; ask the app itself
                # nothing until it is ours (a busy test runner would not answer).
                if app is not None and app.get_process_id() == pid and app.name == "calloutmap":
                    return app
            except Exception:
                continue
        time.sleep(0.1)
    return None


def walk(node, out):
    try:
        role = node.getRole()
    except Exception:
        return
    if role in (pyatspi.ROLE_PUSH_BUTTON, pyatspi.ROLE_TOGGLE_BUTTON, pyatspi.ROLE_CHECK_BOX, pyatspi.ROLE_RADIO_BUTTON):
        ext = node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        out.append({"name": node.name, "description": node.description, "role": node.getRoleName(),
                    "x": ext.x, "y": ext.y, "width": ext.width, "height": ext.height,
                    "showing": node.getState().contains(pyatspi.STATE_SHOWING), "node": node})
    for i in range(node.childCount):
        walk(node.getChildAtIndex(i), out)


pid = int(sys.argv[1])
args = sys.argv[2:]
app = find_app(pid)
if app is None:
    print("no calloutmap application on the accessibility bus", file=sys.stderr)
    sys.exit(1)
if args == ["--focused"]:
    def focused(node):
        try:
            if node.getState().contains(pyatspi.STATE_FOCUSED):
                return node
            for i in range(node.childCount):
                found = focused(node.getChildAtIndex(i))
                if found is not None:
                    return found
        except Exception:
            return None
        return None
    node = focused(app)
    print(json.dumps(None if node is None else {"name": node.name, "role": node.getRoleName()}))
    sys.exit(0)
if args == ["--labels"]:
    texts = []
    def labels(node):
        try:
            if node.getRole() == pyatspi.ROLE_LABEL and node.name:
                texts.append(node.name)
            for i in range(node.childCount):
                labels(node.getChildAtIndex(i))
        except Exception:
            return
    labels(app)
    print(json.dumps(texts))
    sys.exit(0)
buttons = []
walk(app, buttons)
if len(args) >= 2 and args[0] == "--click":
    # The first button with any of the names given (one walk finds and presses it).
    target = next((b for b in buttons if b["name"] in args[1:]), None)
    if target is None:
        print(f"no button named {' or '.join(map(repr, args[1:]))}", file=sys.stderr)
        sys.exit(1)
    target["node"].queryAction().doAction(0)
print(json.dumps([{k: v for k, v in b.items() if k != "node"} for b in buttons]))
