#!/usr/bin/env bash
# Extracts the strings to translate into calloutmap.pot (extract.sh) and merges them into
# each translation.
set -euo pipefail
cd "$(dirname "$0")"
./extract.sh calloutmap.pot
while read -r lang; do
  case "$lang" in ''|'#'*) continue ;; esac
  msgmerge --quiet --update --backup=none "$lang.po" calloutmap.pot
done < LINGUAS
