// Runs the browser tests: the files in four groups at a time, then, one
// after another, the files that measure the page's own timing and would
// fail from a neighbour's load. Such a file says so in its first lines
// with the marker below. Extra arguments (e.g. test files) run those alone.
//
// A group's files run one after another in one node process with one
// browser (`E2E_ONE_BROWSER`, see lib/harness.js): a process, Playwright
// and a browser of their own cost each file about a second of CPU, in a
// pass that is CPU-bound. Four groups, not two: two left the cores idle in
// the waits between a test's steps, which four fill. E2E_FILES=N sets it.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after } from 'node:test';

const MARKER = 'e2e: runs alone';
const dir = new URL('./tests/', import.meta.url).pathname;

// Seconds each file takes run alone (bench/results/2026-11-28-e2e-cpu-by-file.txt),
// only to balance the groups: a file not listed counts as 5.
const SECONDS = {
  'correspondence': 25, 'lessons': 24, 'a11y': 18, 'updates': 15, 'review-records': 15,
  'analysis': 13, 'puzzles': 11, 'worker': 9, 'analysis-words': 8, 'trust': 8, 'rules': 7,
  'attrition': 7, 'offline': 6, 'screens': 5, 'placing': 5, 'problem-words': 4, 'share': 4,
  'persistence': 3, 'languages': 3, 'embed': 2, 'hosts': 2, 'tools': 2, 'budgets': 1,
};
const seconds = (file) => SECONDS[file.split('/').pop().replace('.test.js', '')] ?? 5;

// In a group's process: imports its files, whose tests then run in order,
// and closes the browser they shared after the last.
if (process.argv[2] === '--group') {
  for (const file of process.argv.slice(3)) await import(pathToFileURL(resolve(file)));
  after(async () => (await import('./lib/harness.js')).closeShared());
} else {
  process.exit(await main());
}

async function main() {
  const asked = process.argv.slice(2);
  if (asked.length > 0) return runGroups(asked.map((f) => [f]), 1);
  const files = readdirSync(dir).filter((f) => f.endsWith('.test.js')).sort().map((f) => join(dir, f));
  const alone = files.filter((f) => readFileSync(f, 'utf8').slice(0, 600).includes(MARKER));
  const shared = files.filter((f) => !alone.includes(f));
  // Both passes run, so one run reports every failure.
  const first = await runGroups(balanced(shared, Number(process.env.E2E_FILES) || 4), Infinity);
  const second = await runGroups([alone], 1);
  return first || second;
}

/** `files` in `n` groups of about equal time, the longest placed first. */
function balanced(files, n) {
  const groups = Array.from({ length: Math.min(n, files.length) }, () => ({ files: [], time: 0 }));
  for (const file of [...files].sort((a, b) => seconds(b) - seconds(a))) {
    const least = groups.reduce((a, b) => (b.time < a.time ? b : a));
    least.files.push(file);
    least.time += seconds(file);
  }
  return groups.map((g) => g.files);
}

/** Runs each group in a process of its own, `at` at a time; a group's
 *  output is printed whole when it ends. The exit status: 0 if all passed. */
async function runGroups(groups, at) {
  let status = 0;
  const queue = groups.filter((g) => g.length > 0);
  const one = async () => {
    for (let group; (group = queue.shift());) {
      const code = await runGroup(group);
      status ||= code;
    }
  };
  await Promise.all(Array.from({ length: Math.min(at, queue.length) }, one));
  return status;
}

function runGroup(files) {
  const args = [new URL(import.meta.url).pathname, '--group', ...files];
  const child = spawn(process.execPath, args, {
    env: { ...process.env, E2E_ONE_BROWSER: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out = [];
  const start = Date.now();
  child.stdout.on('data', (d) => out.push(d));
  child.stderr.on('data', (d) => out.push(d));
  return new Promise((done) => child.on('close', (code) => {
    const names = files.map((f) => f.split('/').pop()).join(', ');
    const took = ((Date.now() - start) / 1000).toFixed(1);
    process.stdout.write(`# group of ${names}: ${took} s\n${Buffer.concat(out)}`);
    done(code ?? 1);
  }));
}
