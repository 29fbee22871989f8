// Runs the browser tests: four processes take the files from one queue,
// then one process runs, one after another, the files that measure the
// page's own timing and would fail from a neighbour's load. Such a file
// says so in its first lines with the marker below. Extra arguments (e.g.
// test files) run those alone, in the order given.
//
// A process runs its files one after another, each file's tests a suite
// of their own: a node process with Playwright loaded costs most of a
// second of CPU, in a pass that is CPU-bound. Each file still launches its
// own browser: one browser shared by a process's files saved more, but
// tests timed out in it that had not apart. Four processes, not two: two
// left the cores idle in the waits between a test's steps, which four
// fill. E2E_FILES=N sets it.
import { fork } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, describe } from 'node:test';

const MARKER = 'e2e: runs alone';
const dir = new URL('./tests/', import.meta.url).pathname;

// CPU-seconds each file takes run alone (bench/results/2026-11-28-e2e-cpu-by-file.txt):
// the queue hands out the longest first, so that none starts near the end.
// A file not listed counts as 5.
const CPU_SECONDS = {
  'correspondence': 30, 'lessons': 29, 'a11y': 28, 'review-records': 19, 'analysis': 17,
  'puzzles': 14, 'updates': 13, 'analysis-words': 13, 'rules': 11, 'trust': 10, 'worker': 8,
  'attrition': 7, 'offline': 7, 'screens': 6, 'placing': 5, 'problem-words': 5, 'share': 5,
  'persistence': 4, 'languages': 4, 'embed': 3, 'hosts': 2, 'tools': 2, 'budgets': 2,
};
const cpuSeconds = (file) => CPU_SECONDS[basename(file, '.test.js')] ?? 5;

if (process.argv[2] === '--take') {
  take();
} else {
  process.exit(await main());
}

async function main() {
  const asked = process.argv.slice(2).map((f) => resolve(f));
  if (asked.length > 0) return runFrom(asked, 1);
  const files = readdirSync(dir).filter((f) => f.endsWith('.test.js')).sort().map((f) => join(dir, f));
  const alone = files.filter((f) => readFileSync(f, 'utf8').slice(0, 600).includes(MARKER));
  const shared = files.filter((f) => !alone.includes(f)).sort((a, b) => cpuSeconds(b) - cpuSeconds(a));
  // Both passes run, so one run reports every failure.
  const first = await runFrom(shared, Number(process.env.E2E_FILES) || 4);
  const second = await runFrom(alone, 1);
  return first || second;
}

/** Runs `queue`'s files (emptying it) in `processes` processes, each
 *  taking the next file when its last is done; a process's output is printed whole when
 *  it ends. The exit status: 0 if every test passed. */
async function runFrom(queue, processes) {
  const codes = await Promise.all(Array.from({ length: Math.min(processes, queue.length) }, () => {
    const child = fork(new URL(import.meta.url).pathname, ['--take'], {
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    const out = [];
    const ran = [];
    const start = Date.now();
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    child.on('message', () => {
      const file = queue.shift() ?? null;
      if (file) ran.push(basename(file));
      child.send(file);
    });
    return new Promise((done) => child.on('close', (code) => {
      const took = ((Date.now() - start) / 1000).toFixed(1);
      process.stdout.write(`# one process, ${took} s: ${ran.join(', ')}\n${Buffer.concat(out)}`);
      done(code ?? 1);
    }));
  }));
  return codes.find((c) => c !== 0) ?? 0;
}

/** In a process of `runFrom`: asks for a file, runs its tests as a suite
 *  of their own (its hooks scoped to it), and asks for the next once they
 *  are done; with none left, lets the process end. */
function take() {
  // The suite is made in the message's callback, outside any suite, so
  // that it is not nested in the one before.
  process.on('message', (file) => {
    if (!file) {
      process.disconnect();
      return;
    }
    describe(basename(file), async () => {
      // Before the import, so that a file that fails to load still ends.
      after(() => process.send('next'));
      await import(pathToFileURL(file));
    });
  });
  process.send('next');
}
