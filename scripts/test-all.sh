#!/usr/bin/env bash
# Runs every test of the project (what CI runs): formatting and lints,
# unit, property, perft and CLI tests, the benchmark harness in quick mode,
# and the engine's wasm32 build.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh

echo "== format and lints"
cargo fmt --all -- --check
cargo clippy --workspace --all-targets --quiet -- -D warnings

echo "== tests"
cargo test --workspace

echo "== benchmark harness (quick mode)"
cargo test --benches --workspace --quiet

echo "== engine builds for the browser (wasm32)"
cargo build --quiet --release -p cheversi-engine --target wasm32-unknown-unknown
