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

# The suites in one headless browser, or a loud skip when its driver or every one of its binaries is absent.
run_browser() { # mode, label, driver binary, its variable, the other driver's variable, install hint, browser binaries...
  local mode=$1 label=$2 driver_bin=$3 var=$4 other=$5 hint=$6
  shift 6
  local driver browser="" bin
  driver=$(command -v "$driver_bin" || true)
  for bin in "$@"; do
    browser=$(command -v "$bin") && break
  done
  if [ -z "$driver" ] || [ -z "$browser" ]; then
    loud "SKIPPING $label: ${driver:-$driver_bin} ${browser:-$1} not found ($hint)"
    skipped+=("$mode")
    return
  fi
  run "$mode" env -u "$other" WASM_BINDGEN_USE_BROWSER=1 "$var=$driver" \
    cargo test --target $TARGET "${SUITES[@]}"
}

for mode in "${MODES[@]}"; do
  case $mode in
    node)
      run node env -u WASM_BINDGEN_USE_BROWSER -u CHROMEDRIVER -u GECKODRIVER WASM_BINDGEN_TEST_ONLY_NODE=1 \
        cargo test --target $TARGET "${SUITES[@]}"
      ;;
    chromium)
      run_browser chromium Chromium chromedriver CHROMEDRIVER GECKODRIVER "apt-get install chromium chromium-driver" \
        chromium chromium-browser google-chrome
      ;;
    firefox)
      run_browser firefox Firefox geckodriver GECKODRIVER CHROMEDRIVER "scripts/setup.sh installs both" \
        firefox-esr firefox
      ;;
    glue)
      out="$ROOT/.cache/wasm-glue"
      glue() {
        cargo build --target $TARGET --lib --features cli &&
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
