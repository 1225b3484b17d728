#!/usr/bin/env bash
# Runs the wasm-bindgen test suites (tests/wasm_*.rs) in Node, headless Chromium and headless Firefox, then a
# smoke test of the real generated JS glue (tests/js-support/glue_smoke.mjs). Idempotent; exits non-zero if
# anything fails. A browser is skipped (loudly) only when its browser or driver binary is absent.
#   scripts/test-wasm.sh                 # all modes
#   scripts/test-wasm.sh node firefox    # some modes: node, chromium, firefox, glue
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
export PATH="$ROOT/.tools/bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner
TARGET=wasm32-unknown-unknown
SUITES=(--test 'wasm_*')
MODES=("$@")
[ ${#MODES[@]} -gt 0 ] || MODES=(node chromium firefox glue)

log() { printf '\n[test-wasm] %s\n' "$*"; }
loud() { printf '\n[test-wasm] !!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n[test-wasm] !!! %s\n[test-wasm] !!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n' "$*" >&2; }

# The runner must match the wasm-bindgen crate version in Cargo.lock exactly.
want=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
have=$(wasm-bindgen-test-runner --version 2>/dev/null | awk '{print $2}')
if [ -z "$have" ]; then
  loud "wasm-bindgen-test-runner not found: run scripts/setup.sh"
  exit 1
fi
if [ -n "$want" ] && [ "$have" != "$want" ]; then
  loud "wasm-bindgen-test-runner $have does not match wasm-bindgen $want in Cargo.lock: run scripts/setup.sh"
  exit 1
fi

failed=()
passed=()
skipped=()
run() { # name, command...
  local name=$1
  shift
  log "$name: $*"
  if "$@"; then passed+=("$name"); else failed+=("$name"); fi
}

for mode in "${MODES[@]}"; do
  case $mode in
    node)
      run node env -u WASM_BINDGEN_USE_BROWSER -u CHROMEDRIVER -u GECKODRIVER WASM_BINDGEN_TEST_ONLY_NODE=1 \
        cargo test --target $TARGET "${SUITES[@]}"
      ;;
    chromium)
      driver=$(command -v chromedriver || true)
      browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
      if [ -z "$driver" ] || [ -z "$browser" ]; then
        loud "SKIPPING Chromium: ${driver:-chromedriver} ${browser:-chromium} not found (apt-get install chromium chromium-driver)"
        skipped+=(chromium)
        continue
      fi
      run chromium env -u GECKODRIVER WASM_BINDGEN_USE_BROWSER=1 CHROMEDRIVER="$driver" \
        cargo test --target $TARGET "${SUITES[@]}"
      ;;
    firefox)
      driver=$(command -v geckodriver || true)
      browser=$(command -v firefox-esr || command -v firefox || true)
      if [ -z "$driver" ] || [ -z "$browser" ]; then
        loud "SKIPPING Firefox: ${driver:-geckodriver} ${browser:-firefox-esr} not found (scripts/setup.sh installs both)"
        skipped+=(firefox)
        continue
      fi
      run firefox env -u CHROMEDRIVER WASM_BINDGEN_USE_BROWSER=1 GECKODRIVER="$driver" \
        cargo test --target $TARGET "${SUITES[@]}"
      ;;
    glue)
      out="$ROOT/.cache/wasm-glue"
      glue() {
        cargo build --target $TARGET --lib &&
          wasm-bindgen --target nodejs --out-dir "$out" "${CARGO_TARGET_DIR:-$ROOT/target}/$TARGET/debug/contextfold.wasm" &&
          echo '{"type":"commonjs"}' >"$out/package.json" &&
          node tests/js-support/glue_smoke.mjs "$out"
      }
      run glue glue
      ;;
    *)
      loud "unknown mode '$mode' (node, chromium, firefox, glue)"
      failed+=("$mode")
      ;;
  esac
done

log "passed: ${passed[*]:-none}; skipped: ${skipped[*]:-none}; failed: ${failed[*]:-none}"
[ ${#failed[@]} -eq 0 ]
