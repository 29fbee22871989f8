#!/usr/bin/env bash
# The end-to-end tests, two files at a time (the machine has 2 cores), but
# the files that wait on the computer's searches (a proof within the
# page's time, no long task while it thinks) run afterwards, one at a
# time, so another file's browser does not take their core.
set -uo pipefail
cd "$(dirname "$0")"
ALONE=(tests/analysis.test.js tests/cheversi.test.js tests/review.test.js)
SHARED=()
for file in tests/*.test.js; do
  [[ " ${ALONE[*]} " == *" $file "* ]] || SHARED+=("$file")
done
status=0
node --test --test-concurrency=2 "${SHARED[@]}" || status=1
node --test --test-concurrency=1 "${ALONE[@]}" || status=1
exit $status
