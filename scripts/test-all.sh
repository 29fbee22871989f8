#!/usr/bin/env bash
# Runs every test of the project (what CI runs): formatting and lints,
# unit, property, perft and CLI tests, the benchmark harness in quick mode,
# the API crate in headless Chromium, the release build of the site, and
# the end-to-end tests of dist/ in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh
export PATH="$PWD/e2e/node_modules/.bin:$HOME/.cargo/bin:$PATH"

echo "== format and lints"
cargo fmt --all -- --check
cargo clippy --workspace --all-targets --quiet -- -D warnings
cargo clippy -p cheversi-web -p cheversi-api --target wasm32-unknown-unknown --quiet -- -D warnings

echo "== no import circles between source files"
cargo test -p cheversi-cli --test import_circles --quiet

echo "== tests"
cargo test --workspace

echo "== benchmark harness (quick mode)"
cargo test --benches --workspace --quiet

echo "== the JavaScript API in headless Chromium (wasm-bindgen-test)"
CHROMEDRIVER=/usr/bin/chromedriver cargo test -p cheversi-api --target wasm32-unknown-unknown --test web

echo "== the site (trunk build --release)"
trunk build --release --offline

echo "== end-to-end tests of dist/ in Chromium (Playwright)"
npm test --prefix e2e
