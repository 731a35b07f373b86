#!/usr/bin/env bash
# Installs what is missing and runs every test: the library's public API and docs, the
# README's example built in an outside package, a short fuzzing pass over every parser,
# unit, render, GTK (under Xvfb, critical warnings fatal), end-to-end with xdotool, the
# install checks (desktop file, AppStream metainfo, a staged `meson install` that runs),
# then the unit, render and GTK tests under AddressSanitizer and ThreadSanitizer.
#
# test.sh --sanitize address|thread runs the unit, render and GTK tests built with that
# sanitizer instead (in .build-<sanitizer>/; end-to-end timing is not held to there), and the
# app built with it through one hostile storm of input. A report fails the run: ASan's errors
# abort, TSan's races exit non-zero (the app's are read from its standard error). The whole run
# builds both beside the main pass (at the lowest priority) and then runs the two passes side by
# side, each on its own display (most of their time is one thread each: together they take ~12
# minutes here, one after the other ~21).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install-deps.sh test

# Each step's heading says when it began, so a slow step shows in CI's log.
step() { echo "== $* ($(date -u +%H:%M:%S), $((SECONDS / 60)) min in)"; }

sanitizer_build() {
  local sanitizer=$1 log
  step "build with the $sanitizer sanitizer (.build-$sanitizer)"
  log=$(mktemp)
  if ! swift build --build-tests --sanitize="$sanitizer" --scratch-path ".build-$sanitizer" >"$log" 2>&1; then
    cat "$log" >&2; rm -f "$log"; return 1
  fi
  rm -f "$log"
}

# XCTest itself leaks (platform.md): leak checking is off; every other ASan error aborts.
# Swift's backtracer would run before the sanitizer's report and garble it. The storm runs the
# app built with the sanitizer (beside the tests); a report on its standard error fails it.
# CALLOUTMAP_SANITIZER also tells the tests that are about scale to take a tenth of their data.
sanitizer_tests() (
  local sanitizer=$1
  export CALLOUTMAP_SANITIZER="$sanitizer" ASAN_OPTIONS="detect_leaks=0:abort_on_error=1" TSAN_OPTIONS="halt_on_error=0 second_deadlock_stack=1" SWIFT_BACKTRACE=enable=no
  export CALLOUTMAP_STORM_RUNS=1
  ./scripts/with-display.sh swift test --skip-build --sanitize="$sanitizer" --scratch-path ".build-$sanitizer" \
    --disable-swift-testing --filter "CoreTests|RenderTests|GtkTests|HostileStormEndToEndTests"
)

if [ "${1:-}" = --sanitize ]; then
  sanitizer="${2:?--sanitize takes address or thread}"
  case "$sanitizer" in address|thread) ;; *) echo "--sanitize takes address or thread, not '$sanitizer'" >&2; exit 2 ;; esac
  sanitizer_build "$sanitizer"
  step "swift test --sanitize=$sanitizer: unit, render and GTK tests, and the app itself under one hostile storm (Xvfb, G_DEBUG=fatal-criticals)"
  sanitizer_tests "$sanitizer"
  exit
fi

step build
swift build --build-tests
./scripts/build-data.sh

step "the library: its public API and documentation (DocC), and the README's example in an outside package"
./scripts/docs.sh
./scripts/check-outside-package.sh

step "fuzz: a short pass over every parser (a new crash fails the build)"
./scripts/fuzz.sh "${CALLOUTMAP_FUZZ_SECONDS:-15}"

step "meson: desktop integration and a staged install"
if [ -d build/meson/meson-private ]; then
  meson setup build/meson -Dswiftpm_configuration=debug --reconfigure >/dev/null
else
  meson setup build/meson -Dswiftpm_configuration=debug >/dev/null
fi
log=$(mktemp)
if ! meson compile -C build/meson >"$log" 2>&1; then
  cat "$log" >&2; rm -f "$log"; exit 1
fi
rm -f "$log"
meson test -C build/meson --suite validate --print-errorlogs
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
DESTDIR="$stage" meson install -C build/meson --no-rebuild --quiet
installed=$(find "$stage" -path '*/bin/calloutmap' | head -n1)
env -u DISPLAY -u CALLOUTMAP_DATA_DIR "$installed" render --size 64x64 --select "Golden Gate Bridge" \
  --out "$stage/check.png" 2>"$stage/render.err"
if [ -s "$stage/render.err" ] || [ ! -s "$stage/check.png" ]; then
  echo "the installed binary could not render with its installed data:" >&2
  cat "$stage/render.err" >&2
  exit 1
fi
echo "installed binary renders the basemap and demo pins from its installed data: ok"
# As meson's post-install step does outside a staging directory.
glib-compile-schemas "$(dirname "$installed")/../share/glib-2.0/schemas"
CALLOUTMAP_INSTALLED="$installed" XDG_CONFIG_HOME="$stage/config" ./scripts/with-display.sh ./scripts/check-installed-app.sh

# The sanitizers' builds go on beside the main pass at the lowest priority: its end-to-end tests
# leave about half of the cores idle (they wait on the app, xdotool and the display), and a
# build at nice 19 takes only what they leave.
sanitizers="${CALLOUTMAP_SANITIZERS:-1}"
if [ "$sanitizers" != 0 ]; then
  (renice -n 19 -p $BASHPID >/dev/null; sanitizer_build address && sanitizer_build thread && step "the sanitizers' builds are done") \
    >"$stage/builds.log" 2>&1 &
  builds=$!
  # (Under set -e a failing command in the trap would end the script with its status: hence || true.)
  trap 'pkill -P $builds 2>/dev/null || true; kill $builds 2>/dev/null || true; rm -rf "$stage"' EXIT
fi

step "swift test (Xvfb, G_DEBUG=fatal-criticals)"
# Downloaded tiles go to a cache of the run's own, never the user's.
# A failure is named again at the end, where a log cut to its tail still shows it.
testlog="$stage/swift-test.log"
if ! XDG_CACHE_HOME="$stage/cache" ./scripts/with-display.sh swift test --skip-build --disable-swift-testing 2>&1 | tee "$testlog"; then
  echo "== what failed:" >&2
  grep -E "error: |' failed \(|Fatal error|signal [0-9]+|Exited with" "$testlog" | head -n 40 >&2
  exit 1
fi

# The unit, render and GTK tests again under each sanitizer, the two passes side by side;
# CALLOUTMAP_SANITIZERS=0 leaves them out. Each pass's output is shown whole when both are done.
if [ "$sanitizers" != 0 ]; then
  build_status=0
  wait $builds || build_status=$?
  cat "$stage/builds.log"
  [ $build_status = 0 ] || exit 1
  step "swift test --sanitize=address and --sanitize=thread side by side: unit, render and GTK tests, and the app itself under one hostile storm each (Xvfb, G_DEBUG=fatal-criticals)"
  sanitizer_tests address >"$stage/address.log" 2>&1 & address=$!
  sanitizer_tests thread >"$stage/thread.log" 2>&1 & thread=$!
  status=0
  wait $address || status=1
  wait $thread || status=1
  for sanitizer in address thread; do
    echo "== swift test --sanitize=$sanitizer (its output)"
    cat "$stage/$sanitizer.log"
  done
  if [ $status != 0 ]; then
    echo "== what failed under the sanitizers:" >&2
    grep -E "error: |' failed \(|Fatal error|signal [0-9]+|Exited with|ERROR: .*Sanitizer|WARNING: ThreadSanitizer" "$stage/address.log" "$stage/thread.log" | head -n 40 >&2
    exit 1
  fi
fi
step "done"
