#!/usr/bin/env bash
# Extracts the marked strings (tr("…"), trn("…", "…", n)) into calloutmap.pot and merges them
# into each translation. Swift is read as C: marked strings are plain literals.
set -euo pipefail
cd "$(dirname "$0")"
xgettext --language=C --from-code=UTF-8 --keyword=tr --keyword=trn:1,2 --add-comments=Translators: \
  --package-name=calloutmap --msgid-bugs-address=https://github.com/calloutmap/calloutmap/issues \
  --directory=.. --files-from=POTFILES --output=calloutmap.pot
while read -r lang; do
  case "$lang" in ''|'#'*) continue ;; esac
  msgmerge --quiet --update --backup=none "$lang.po" calloutmap.pot
done < LINGUAS
