#!/usr/bin/env bash
# extract.sh OUT.pot: every string to translate, from the files in POTFILES. Swift is read as
# C (marked strings are plain literals in tr("…") and trn("…", "…", n)); the desktop file and
# the metainfo by xgettext's own rules for them.
set -euo pipefail
cd "$(dirname "$0")"
out="$(realpath -m "$1")"
sources=$(mktemp) data=$(mktemp)
trap 'rm -f "$sources" "$data" "$out.swift" "$out.data"' EXIT
grep -v '^#' POTFILES | grep '\.swift$' >"$sources" || true
grep -v '^#' POTFILES | grep -v '\.swift$' | grep . >"$data" || true
common=(--from-code=UTF-8 --add-comments=Translators: --package-name=calloutmap
        --msgid-bugs-address=https://github.com/calloutmap/calloutmap/issues --directory=..)
xgettext "${common[@]}" --language=C --keyword=tr --keyword=trn:1,2 --files-from="$sources" --output="$out.swift"
xgettext "${common[@]}" --files-from="$data" --output="$out.data"
msgcat --use-first --output-file="$out" "$out.swift" "$out.data"
