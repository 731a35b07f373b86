#!/usr/bin/env bash
# Runs a command the way the GTK tests need: a private D-Bus session, a
# virtual X display (1280×1024), the cairo renderer for repeatable pixels,
# in-memory settings, and critical warnings made fatal.
set -euo pipefail
export GSK_RENDERER=cairo GSETTINGS_BACKEND=memory GIO_USE_VOLUME_MONITOR=unix
export G_DEBUG="${G_DEBUG:-fatal-criticals}"
exec dbus-run-session -- xvfb-run -a -s '-screen 0 1280x1024x24' "$@"
