#!/usr/bin/env bash
# The wasm-vs-native speed ratio: the same playout and search benchmarks,
# natively (`cheversi bench`) and in headless Chromium (wasm-bindgen-test,
# release build), on this machine, then the ratio per game kind.
#   RUNS=5 PLAYOUTS=300000 scripts/bench-wasm.sh
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS="${RUNS:-5}"
PLAYOUTS="${PLAYOUTS:-300000}"
out="$(mktemp -d)"

cargo build --quiet --release -p cheversi-cli
target/release/cheversi bench --runs "$RUNS" --playouts "$PLAYOUTS" > "$out/native.txt"
CHROMEDRIVER=/usr/bin/chromedriver BENCH_RUNS="$RUNS" BENCH_PLAYOUTS="$PLAYOUTS" \
  WASM_BINDGEN_TEST_TIMEOUT=900 cargo test --release -p cheversi-api --target wasm32-unknown-unknown \
  --test browser_bench -- --nocapture > "$out/wasm.txt" 2>&1

python3 - "$out/native.txt" "$out/wasm.txt" <<'PY'
import re, sys
def rates(path):
    rows = {}
    for line in open(path):
        m = re.match(r'^\s*((?:cheversi|attrition) [\w -]+?)\s{2,}(\d+)\b', line)
        if m and m.group(1) not in rows:
            rows[m.group(1)] = float(m.group(2))
    return rows
native, wasm = rates(sys.argv[1]), rates(sys.argv[2])
print(f"{'playouts per second':<30} {'native':>12} {'wasm':>12} {'ratio':>6}")
for label, n in native.items():
    if label in wasm:
        print(f"{label:<30} {n:>12.0f} {wasm[label]:>12.0f} {wasm[label] / n:>6.2f}")
PY
