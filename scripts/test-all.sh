#!/usr/bin/env bash
# Runs every test of the project (what CI runs): formatting and lints,
# unit, property, perft and CLI tests, the benchmark harness in quick mode,
# the API crate in headless Chromium, the release build of the site, and
# the end-to-end tests of dist/ in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each stage says when it starts, so a slow run shows where the time went.
stage() { echo "== $1 ($(date +%T))"; }

bash scripts/setup.sh
# scripts/tools first: its wasm-opt keeps outputs (see the file).
export PATH="$PWD/scripts/tools:$PWD/e2e/node_modules/.bin:$HOME/.cargo/bin:$PATH"

stage "format and lints"
cargo fmt --all -- --check
cargo clippy --workspace --all-targets --quiet -- -D warnings
cargo clippy -p cheversi-web -p cheversi-api --target wasm32-unknown-unknown --quiet -- -D warnings

# The tests include crates/cli/tests/import_circles.rs (no import circle
# between source files). Not built alone: that build resolves other
# features than the workspace's and would compile the engine once more.
stage "tests"
# cargo-nextest, where the machine has it, runs the tests of every binary
# in one pool, so a binary's slow test no longer holds the next binary
# back.
if cargo nextest --version >/dev/null 2>&1; then
  cargo nextest run --workspace --no-fail-fast --status-level fail --final-status-level slow
  cargo test --workspace --doc --quiet
else
  cargo test --workspace
fi

stage "benchmark harness (quick mode)"
# The bench targets alone: `--benches` would run every library's unit
# tests again, which the tests stage has run.
cargo test --workspace --bench '*' --quiet

stage "the JavaScript API in headless Chromium (wasm-bindgen-test)"
# The dev profile: these few calls need no speed, and its build is the
# quicker (the workspace's crates unoptimised). Its debug info stripped at
# the link: with it, the runner's wasm-bindgen pass over the module was most
# of the stage. The dependencies are not rebuilt for it, and a failure still
# names its functions.
# The Chromium that ChromeDriver starts leaves two folders (about 4 MB) in
# the temporary folder each run: it is given one of its own, removed after.
api_tmp="$(mktemp -d)"
trap 'rm -rf "$api_tmp"' EXIT
CARGO_PROFILE_DEV_STRIP=debuginfo CHROMEDRIVER=/usr/bin/chromedriver TMPDIR="$api_tmp" \
  cargo test --profile dev -p cheversi-api --target wasm32-unknown-unknown --test web

stage "the site (trunk build --release)"
trunk build --release --offline

stage "end-to-end tests of dist/ in Chromium (Playwright)"
npm test --prefix e2e
stage "done"
