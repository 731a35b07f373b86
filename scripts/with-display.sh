#!/usr/bin/env bash
# Runs a command the way the GTK tests need: a private D-Bus session, a
# virtual X display (1280×1024), the cairo renderer for repeatable pixels,
# in-memory settings, and critical warnings made fatal.
set -euo pipefail
export GSK_RENDERER=cairo GSETTINGS_BACKEND=memory GIO_USE_VOLUME_MONITOR=unix
export G_DEBUG="${G_DEBUG:-fatal-criticals}"
# A runtime folder of its own: without one, the accessibility bus's socket goes under ~/.cache,
# where a second run at the same time (another test, a screenshot) can take it from this one's
# apps, and GTK's "Unable to connect to the accessibility bus" critical ends them.
runtime=$(mktemp -d)
trap 'rm -rf "$runtime"' EXIT
export XDG_RUNTIME_DIR="$runtime"
dbus-run-session -- xvfb-run -a -s '-screen 0 1280x1024x24' "$@"
