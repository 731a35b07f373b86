#!/usr/bin/env bash
# Fails unless every translation is complete and current: each string marked in the sources
# today (extracted afresh) has a translation that is not fuzzy, and each .po compiles.
set -euo pipefail
cd "$(dirname "$0")"
pot=$(mktemp --suffix=.pot)
trap 'rm -f "$pot"' EXIT
./extract.sh "$pot"
while read -r lang; do
  case "$lang" in ''|'#'*) continue ;; esac
  msgfmt --check --output-file=/dev/null "$lang.po"
  msgcmp "$lang.po" "$pot"
done < LINGUAS
# Every file that marks strings is listed (a new file's strings would be missed otherwise).
cd ..
for f in $(grep -lE '\btrn?\("' Sources/CalloutMapApp/*.swift Sources/CalloutMapWidget/*/*.swift); do
  case "$f" in */Localization.swift) continue ;; esac
  grep -qx "$f" po/POTFILES || { echo "$f marks strings but is not in po/POTFILES" >&2; exit 1; }
done
