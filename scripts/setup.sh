#!/usr/bin/env bash
# Installs everything the build and the tests need, idempotently: a warm machine skips what it has.
# `setup.sh --build` installs only what `npm run build` (and so `npm run demo`) needs: the wasm target,
# wasm-bindgen-cli and the npm packages; the browsers and drivers of the tests are left out.
# Tools built from crates.io go to cargo's bin directory (shared by every checkout on the machine, so a CI
# clone reuses them) unless a matching one is already on PATH; their build directory is .tools/build (ignored).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
WASM_BINDGEN_VERSION=0.2.130
GECKODRIVER_VERSION=0.37.1
TOOL_ROOT="${CARGO_HOME:-$HOME/.cargo}"
export PATH="$ROOT/.tools/bin:$TOOL_ROOT/bin:$PATH"
log() { printf '[setup] %s\n' "$*"; }
BUILD_ONLY=0
[ "${1:-}" = "--build" ] && BUILD_ONLY=1

# Rust target for the wasm build.
installed_targets=$(rustup target list --installed 2>/dev/null || true)
if ! grep -qx wasm32-unknown-unknown <<<"$installed_targets"; then
  log "rustup target add wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
fi

# Browsers and drivers from Debian (chromium-driver provides /usr/bin/chromedriver).
need_apt=()
if [ "$BUILD_ONLY" = 0 ]; then
  command -v chromium >/dev/null 2>&1 || need_apt+=(chromium)
  command -v chromedriver >/dev/null 2>&1 || need_apt+=(chromium-driver)
  command -v firefox-esr >/dev/null 2>&1 || need_apt+=(firefox-esr)
  if [ ${#need_apt[@]} -gt 0 ]; then
    if [ "$(id -u)" = 0 ]; then
      log "apt-get install ${need_apt[*]}"
      apt-get update -qq
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}" >/dev/null
    else
      log "WARNING: not root; cannot install ${need_apt[*]} (browser tests will be skipped)"
    fi
  fi
fi

# wasm-bindgen-cli must equal the wasm-bindgen crate version exactly. `--locked` fails on this registry
# (a yanked webpki-roots), so it is installed unlocked (see ../shared/TOOLCHAIN.md §2.1).
if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $WASM_BINDGEN_VERSION" ]; then
  log "cargo install wasm-bindgen-cli $WASM_BINDGEN_VERSION"
  CARGO_TARGET_DIR="$ROOT/.tools/build" cargo install --quiet --force wasm-bindgen-cli --version "=$WASM_BINDGEN_VERSION" --root "$TOOL_ROOT"
fi
# Read the whole version output first: `grep -q` in a pipe would stop reading early, and the SIGPIPE this
# gives geckodriver fails the pipeline under `pipefail`.
gecko_version=$(geckodriver --version 2>/dev/null || true)
if [ "$BUILD_ONLY" = 0 ] && [[ "$gecko_version" != *"geckodriver $GECKODRIVER_VERSION"* ]]; then
  log "cargo install geckodriver $GECKODRIVER_VERSION"
  CARGO_TARGET_DIR="$ROOT/.tools/build" cargo install --quiet --force geckodriver --version "=$GECKODRIVER_VERSION" --locked --root "$TOOL_ROOT"
fi

# npm packages (lockfile-exact).
if [ -L node_modules ]; then
  # A worktree that borrows another checkout's packages: `npm ci` would empty that checkout's folder through the link.
  log "node_modules is a link to $(readlink node_modules): left as it is (run npm ci where it points)"
elif [ -f package-lock.json ]; then
  if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    log "npm ci"
    npm ci --no-audit --no-fund --loglevel=error
  fi
fi
log "ready"
