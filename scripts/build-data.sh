#!/usr/bin/env bash
# Compiles what the app reads at run time from the source tree, as meson does for an install:
# the settings schema (build/schemas) and the translations (build/locale). Quick when up to date.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p build/schemas
if [ ! -e build/schemas/gschemas.compiled ] || [ data/io.github.calloutmap.CalloutMap.gschema.xml -nt build/schemas/gschemas.compiled ]; then
  glib-compile-schemas --strict --targetdir=build/schemas data
fi
while read -r lang; do
  case "$lang" in ''|'#'*) continue ;; esac
  mo="build/locale/$lang/LC_MESSAGES/calloutmap.mo"
  if [ ! -e "$mo" ] || [ "po/$lang.po" -nt "$mo" ]; then
    mkdir -p "$(dirname "$mo")"
    msgfmt --check -o "$mo" "po/$lang.po"
  fi
done < po/LINGUAS
