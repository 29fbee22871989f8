#!/usr/bin/env bash
# Installs what building and testing need and this machine lacks.
# Idempotent: each step checks first, so running it again is quick.
set -euo pipefail

have() { command -v "$1" >/dev/null 2>&1; }

if ! have cargo; then
  echo "setup: cargo is missing; install Rust with rustup first" >&2
  exit 1
fi

# The engine must build for the browser too.
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  echo "setup: adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

for component in rustfmt clippy; do
  if ! rustup component list --installed | grep -q "^$component"; then
    echo "setup: adding $component"
    rustup component add "$component"
  fi
done
