// Runs the browser tests: four files at a time, then, one at a time, the
// files that measure the page's own timing and would fail from a
// neighbour's load. Such a file says so in its first lines with the marker
// below. Extra arguments (e.g. test files) run those alone.
//
// Four, not two: the pass is CPU-bound, but two files left the cores idle
// in the waits between a test's steps, which four fill. E2E_FILES=N sets it.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const MARKER = 'e2e: runs alone';
const dir = new URL('./tests/', import.meta.url).pathname;

function run(files, concurrency) {
  if (files.length === 0) return 0;
  const args = ['--test', `--test-concurrency=${concurrency}`, ...files];
  return spawnSync(process.execPath, args, { stdio: 'inherit' }).status ?? 1;
}

const asked = process.argv.slice(2);
if (asked.length > 0) {
  process.exit(run(asked, 1));
}
const files = readdirSync(dir).filter((f) => f.endsWith('.test.js')).sort().map((f) => join(dir, f));
const alone = files.filter((f) => readFileSync(f, 'utf8').slice(0, 600).includes(MARKER));
const shared = files.filter((f) => !alone.includes(f));
// Both passes run, so one run reports every failure.
const first = run(shared, Number(process.env.E2E_FILES) || 4);
const second = run(alone, 1);
process.exit(first || second);
