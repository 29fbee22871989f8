#!/usr/bin/env bash
# Installs whatever is missing, then builds the game and serves it at
# http://127.0.0.1:8080/ (rebuilding when files change).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --serve
export PATH="$PWD/scripts/tools:$PWD/e2e/node_modules/.bin:$HOME/.cargo/bin:$PATH"
# No auto-reload: its inline script would break the page's CSP.
exec trunk serve --release --no-autoreload --address 127.0.0.1 --port "${PORT:-8080}" "$@"
