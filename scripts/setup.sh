#!/usr/bin/env bash
# Installs what building, serving and testing need and this machine lacks.
# Idempotent: each step checks first, so running it again is quick.
#   scripts/setup.sh          everything (Rust targets, trunk, wasm-bindgen,
#                             Chromium, npm packages)
#   scripts/setup.sh --serve  only what `trunk serve` needs
set -euo pipefail
cd "$(dirname "$0")/.."

TRUNK_VERSION="0.21"
# Must equal the wasm-bindgen crate pinned in Cargo.toml (=0.2.130).
WASM_BINDGEN_VERSION="0.2.130"

have() { command -v "$1" >/dev/null 2>&1; }
say() { echo "setup: $*"; }

if ! have cargo; then
  echo "setup: cargo is missing; install Rust with rustup first" >&2
  exit 1
fi
export PATH="$HOME/.cargo/bin:$PATH"

APT_PID=""
# Chromium and ChromeDriver are needed. The headless shell is a bonus: the
# end-to-end tests run on it where it is installed (a third of the full
# browser's CPU per page, see e2e/lib/harness.js) and on the full browser
# where it is not. A failed try is remembered, so later runs skip apt.
SHELL_TRIED="${XDG_CACHE_HOME:-$HOME/.cache}/cheversi/no-headless-shell"
need_browser() { [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; }
want_shell() { [ ! -x /usr/bin/chromium-headless-shell ] && [ ! -e "$SHELL_TRIED" ]; }
if [ "${1:-}" != "--serve" ] && { need_browser || want_shell; }; then
  SUDO=""
  if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
  APT_LOG="$(mktemp)"
  APT="$SUDO env DEBIAN_FRONTEND=noninteractive apt-get"
  if need_browser; then
    say "installing chromium, chromium-driver and chromium-headless-shell (apt, in the background)"
  else
    say "installing chromium-headless-shell (apt, in the background)"
  fi
  ( $APT update -qq || true
    if need_browser; then
      $APT install -y -qq chromium chromium-driver fonts-dejavu-core || exit 1
    fi
    # The shell of the same version as the browser: installing it must not
    # upgrade the browser the figures and the API's tests use.
    version="$(dpkg-query -W -f='${Version}' chromium 2>/dev/null)"
    if ! $APT install -y -qq "chromium-headless-shell${version:+=$version}"; then
      mkdir -p "$(dirname "$SHELL_TRIED")" && touch "$SHELL_TRIED"
      echo "setup: chromium-headless-shell not installed (the browser tests use chromium; delete $SHELL_TRIED to try again)"
    fi ) >"$APT_LOG" 2>&1 &
  APT_PID=$!
fi

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

for component in rustfmt clippy; do
  if ! rustup component list --installed | grep -q "^$component"; then
    say "adding $component"
    rustup component add "$component"
  fi
done

# The two tools only orchestrate the build, so they are compiled for a quick
# install, not for their own speed: trunk's manifest asks for fat LTO and
# one codegen unit (unoptimised, it installs in a third of the time, and
# `trunk build` is as quick, with the same dist/), and without its default
# features it leaves out TLS and the update check, which `trunk build
# --offline` never uses.
quick_install() {
  CARGO_PROFILE_RELEASE_LTO=off CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
    CARGO_PROFILE_RELEASE_OPT_LEVEL=0 cargo install "$@"
}

if ! trunk --version 2>/dev/null | grep -q "^trunk $TRUNK_VERSION\."; then
  say "installing trunk $TRUNK_VERSION.x (a few minutes)"
  quick_install --locked trunk --version "~$TRUNK_VERSION" --no-default-features
fi

# Not --locked: the CLI's lock file pins a crate version the registry no
# longer serves.
if ! wasm-bindgen --version 2>/dev/null | grep -q " $WASM_BINDGEN_VERSION$"; then
  say "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (a few minutes)"
  quick_install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --force
fi

# npm: wasm-opt (binaryen@132, Debian's is broken), terser (the site's scripts)
# and playwright-core.
if ! have npm; then
  echo "setup: npm is missing; install Node.js 20 or later" >&2
  exit 1
fi
if [ ! -x e2e/node_modules/.bin/wasm-opt ] || [ ! -x e2e/node_modules/.bin/terser ] || [ e2e/package-lock.json -nt e2e/node_modules/.package-lock.json ]; then
  say "installing npm packages (e2e/)"
  npm ci --prefix e2e --no-audit --no-fund
fi

# Debian's Chromium, ChromeDriver and the headless shell, for the browser
# tests (not with --serve): started at the top, so apt downloads while
# cargo compiles.
if [ -n "$APT_PID" ]; then
  say "waiting for apt"
  if ! wait "$APT_PID"; then
    cat "$APT_LOG" >&2
    echo "setup: installing chromium failed" >&2
    exit 1
  fi
  if grep -q "^setup:" "$APT_LOG"; then
    grep -v "^setup:" "$APT_LOG" | tail -n 3
    grep "^setup:" "$APT_LOG"
  fi
fi
