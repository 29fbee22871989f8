#!/usr/bin/env bash
# The computer players' benchmarks (issue 3): every match the README quotes,
# one JSON line each in the output file. Takes a couple of hours on one core;
# run parts with the first argument: uct, cheversi, scorings, ladder or
# attrition.
set -euo pipefail
cd "$(dirname "$0")/.."
part="${1:-all}"
out="${2:-bench-ai.jsonl}"
bin="${CHEVERSI_BIN:-target/release/cheversi}"
[ -x "$bin" ] || cargo build --release -p cheversi-cli
run() { echo "{\"args\":\"$*\",\"result\":$("$bin" match "$@" --json)}" >> "$out"; }

rule_sets="${RULE_SETS:-lewicki lewicki-any lewicki-free brainking-classic brainking}"
if [ "$part" = all ] || [ "$part" = uct ]; then
  # The Master's search against the UCT baseline, both 500 ms a move.
  for rules in $rule_sets; do
    run --rules "$rules" --a ms:500 --b uct-ms:500 --games 100 --seed 11
  done
fi
if [ "$part" = all ] || [ "$part" = cheversi ]; then
  for rules in $rule_sets; do
    run --rules "$rules" --a ms:500 --b greedy --games 200 --seed 11
    run --rules "$rules" --a ms:500 --b random --games 100 --seed 11
  done
fi
if [ "$part" = all ] || [ "$part" = scorings ]; then
  # The scorings other than each rule set's default, 50 games each.
  for rules in $rule_sets; do
    for scoring in "multiplicity empty" "multiplicity all" "distinct empty" "distinct all"; do
      set -- $scoring
      run --rules "$rules" --count "$1" --squares "$2" --a ms:500 --b greedy --games 50 --seed 12
    done
  done
fi
if [ "$part" = all ] || [ "$part" = ladder ]; then
  for rules in $rule_sets; do
    run --rules "$rules" --a beginner --b random --games "${LADDER_GAMES:-100}" --seed 3
    run --rules "$rules" --a casual --b beginner --games "${LADDER_GAMES:-100}" --seed 4
    run --rules "$rules" --a strong --b casual --games "${LADDER_GAMES:-100}" --seed 5
    run --rules "$rules" --a master --b strong --games "${LADDER_GAMES:-100}" --seed 6
  done
fi
if [ "$part" = all ] || [ "$part" = attrition ]; then
  run --game attrition --variant duel --a master --b greedy --games 100 --seed 7
  run --game attrition --variant two-knights --a master --b greedy --games 100 --seed 8
  run --game attrition --variant sudden-death --a master --b greedy --games 100 --seed 9
  run --game attrition --variant melee --players 3 --seats master,greedy,greedy --games 60 --seed 10
  run --game attrition --variant melee --players 4 --seats master,greedy,greedy,greedy --games 60 --seed 11
fi
