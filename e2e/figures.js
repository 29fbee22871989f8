// Figures for README: transfer size of dist/ gzipped, time to the first
// interactive board, the review of a 16-placement game (time, exact moves,
// long tasks), the worker's search speed, and the computer's time per move
// at each level, all in headless Chromium on 127.0.0.1.
//   node e2e/figures.js [games-per-level]   (0 skips the levels)
import { readdir, readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { join, relative } from 'node:path';
import { serve, launch, open, openInOpenWindow, DIST } from './lib/harness.js';
import { newGame } from './lib/dialog.js';

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
const games = Number(process.argv[2] ?? 1);

let total = 0;
for (const entry of await readdir(DIST, { withFileTypes: true, recursive: true })) {
  if (!entry.isFile()) continue;
  const name = relative(DIST, join(entry.parentPath ?? entry.path, entry.name));
  const bytes = gzipSync(await readFile(DIST + name), { level: 9 }).length;
  total += bytes;
  console.log(`  ${name.padEnd(34)} ${String(bytes).padStart(7)} B gzipped`);
}
console.log(`dist/ total gzipped (level 9): ${(total / 1000).toFixed(1)} kB`);

const server = await serve();
const browser = await launch({ full: true });
const ready = [];
// Where the time goes: the wasm module's arrival (Resource Timing) and the
// page's own User Timing marks ("cheversi: …", see app/mod.rs).
const steps = {};
for (let i = 0; i < 7; i++) {
  // No service worker: its install would compete with the page.
  const { page, context } = await openInOpenWindow(browser, server.url, { serviceWorkers: 'block' });
  ready.push(Number(await page.getAttribute('body', 'data-ready-ms')));
  // (A build from before the marks never says so: give up after 5 s.)
  await page.waitForSelector('body[data-worker="ready"]', { timeout: 5000 }).catch(() => {});
  const marks = await page.evaluate(() => [
    ...performance.getEntriesByType('resource').filter((e) => e.name.endsWith('.wasm'))
      .map((e) => ['wasm module received', e.responseEnd]),
    ...performance.getEntriesByType('mark').filter((m) => m.name.startsWith('cheversi: '))
      .map((m) => [m.name.slice(10), m.startTime]),
  ]);
  for (const [name, ms] of marks) (steps[name] ??= []).push(Math.round(ms));
  await context.close();
}
console.log(`first interactive board: median ${median(ready)} ms over 7 loads (${ready.join(', ')})`);
console.log(`  medians: ${Object.entries(steps).map(([name, xs]) => `${name} ${median(xs)} ms`).join(', ')}`);

// Puzzles: what the first page fetches (puzzles.txt must not be part of
// it) and what the first press of "Puzzles" adds, as the browser
// transferred it (compressed when the server compresses; this test server
// does not, so the file's gzipped size is printed beside it).
{
  const { page, context } = await open(browser, server.url, { serviceWorkers: 'block' });
  const fetched = () => page.evaluate(() => performance.getEntriesByType('resource')
    .map((e) => ({ name: new URL(e.name).pathname, bytes: e.encodedBodySize })));
  const first = await fetched();
  const started = Date.now();
  await page.click('#puzzles-button');
  await page.waitForSelector('#puzzle[data-state="playing"]');
  const ms = Date.now() - started;
  const added = (await fetched()).slice(first.length);
  const file = await readFile(DIST + 'puzzles.txt');
  const count = file.toString().split('\n').filter((l) => l && !l.startsWith('#')).length;
  console.log(`puzzles: the first page fetches ${first.some((e) => e.name.endsWith('puzzles.txt')) ? 'puzzles.txt (wrong)' : 'no puzzle file'}; `
    + `the Puzzles button adds ${added.map((e) => `${e.name.split('/').pop()} ${e.bytes} B`).join(', ')} `
    + `(${count} puzzles, ${gzipSync(file, { level: 9 }).length} B gzipped), first puzzle shown after ${ms} ms`);
  await context.close();
}

// Learn: the first page fetches no lesson file; the Learn button adds
// lessons.txt and the page language's words; the time from the press to
// the list, and from a lesson's press to its first task (median of 5 new
// pages).
{
  const toList = [], toTask = [];
  let added = [], firstHas = false, firstFiles = [];
  for (let i = 0; i < 5; i++) {
    const { page, context } = await open(browser, server.url, { serviceWorkers: 'block' });
    const fetched = () => page.evaluate(() => performance.getEntriesByType('resource')
      .map((e) => ({ name: new URL(e.name).pathname, bytes: e.encodedBodySize })));
    const first = await fetched();
    firstHas ||= first.some((e) => /lessons/.test(e.name));
    firstFiles = [...new Set(first.map((e) => e.name.slice(new URL(server.url).pathname.length)).filter((n) => n))];
    if (!(await page.locator('#learn-button').count())) {
      // A build before Learn (CHEVERSI_DIST): its first page only.
      await context.close();
      break;
    }
    let t = Date.now();
    await page.click('#learn-button');
    await page.waitForSelector('#lessons .lesson');
    toList.push(Date.now() - t);
    t = Date.now();
    await page.click('#lessons .lesson[data-id="pieces"]');
    await page.waitForFunction(() => document.querySelector('#lesson-task')?.textContent.length > 0);
    toTask.push(Date.now() - t);
    added = (await fetched()).slice(first.length);
    await context.close();
  }
  const gz = async (name) => gzipSync(await readFile(DIST + name), { level: 9 }).length;
  let firstBytes = (await gz('index.html'));
  for (const name of firstFiles) firstBytes += await gz(name);
  console.log(`first page, as files of dist/ gzipped: ${(firstBytes / 1000).toFixed(1)} kB (index.html, ${firstFiles.join(', ')})`);
  if (toList.length) {
    console.log(`learn: the first page fetches ${firstHas ? 'a lesson file (wrong)' : 'no lesson file'}; `
      + `the Learn button adds ${added.map((e) => `${e.name.split('/').slice(-2).join('/')} ${e.bytes} B`).join(', ')} `
      + `(gzipped: lessons.txt ${await gz('lessons.txt')} B, lessons/en.lang ${await gz('lessons/en.lang')} B, `
      + `it ${await gz('lessons/it.lang')} B, ro ${await gz('lessons/ro.lang')} B); `
      + `Learn to the list: median ${median(toList)} ms (${toList.join(', ')}); a lesson to its first task: median ${median(toTask)} ms (${toTask.join(', ')})`);
  }
}

// The review, at the page's budget, of one finished brainking game.
const GAME = 'Kd4 Qe5 Qf6 Rg7 Rh8 Rh6 Bd5 Nf8 Ng6 Be6 Nd6 Nc4 Be3 Bf4 Rg8 Kf7';
const reviews = [];
for (let run = 0; run < 3; run++) {
  const { page, context } = await open(browser, server.url, {
    init: () => {
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__longTasks.push(e.duration);
      }).observe({ type: 'longtask', buffered: true });
    },
  });
  await page.click('#record-button');
  await page.fill('#record-text', `[Game "Cheversi"]\n[Rules "brainking"]\n\n${GAME}`);
  await page.click('#record-load');
  await page.evaluate(() => { window.__longTasks = []; });
  const started = Date.now();
  await page.click('#review-button');
  await page.waitForFunction(() => document.querySelector('#review-progress').hidden
    && document.querySelectorAll('#moves .move[data-loss]').length === 16, null, { timeout: 120000 });
  const seconds = (Date.now() - started) / 1000;
  const exact = await page.locator('#moves .move').evaluateAll((els) => {
    let n = 0;
    for (let i = els.length - 1; i >= 0 && els[i].dataset.exact === 'true'; i--) n++;
    return n;
  });
  const longest = Math.max(0, ...await page.evaluate(() => window.__longTasks));
  reviews.push({ seconds, exact, longest });
  await context.close();
}
console.log(`review of 16 brainking placements: median ${median(reviews.map((r) => r.seconds)).toFixed(1)} s, `
  + `last ${median(reviews.map((r) => r.exact))} exact (runs: ${reviews.map((r) => `${r.seconds.toFixed(1)} s/${r.exact}`).join(', ')}), `
  + `longest main-thread task ${Math.max(...reviews.map((r) => r.longest)).toFixed(0)} ms`);

// The worker's search: nodes per second of five fixed searches each (the
// Cheversi Master's tree search counts simulations, whole games each).
for (const [label, spec, moves, unit] of [
  ['cheversi brainking, 4 placed', { game: 'cheversi', rules: 'brainking' }, ['Kd4', 'Qe5', 'Qf6', 'Rg7'], 'simulations'],
  // Two jumps in: the opening book answers the first two at once.
  ['attrition duel, 2 jumps after the setup', { game: 'attrition', variant: 'duel' }, ['Nd4', 'Nf6', 'd4-e6', 'f6-h5'], 'nodes'],
]) {
  const { page, context } = await open(browser, server.url);
  const rates = await page.evaluate(async ({ spec, moves }) => {
    const worker = new Worker(document.querySelector('meta[name="cheversi-worker"]').content, { type: 'module' });
    // The loader's first message: anything but a compiled module loads the file, as a fresh worker.
    worker.postMessage(null);
    const next = () => new Promise((ok) => { worker.onmessage = (e) => ok(e.data); });
    await next(); // Ready
    const out = [];
    for (let id = 1; id <= 5; id++) {
      worker.postMessage({ Think: { id, spec, moves, level: 'master', purpose: 'Play' } });
      const { Thought: answer } = await next();
      // A proof counts too (df-pn's nodes), but not one read from a table.
      if (answer && (!answer.exact || answer.nodes >= 10000)) out.push(answer.nodes / answer.ms * 1000);
    }
    worker.terminate();
    return out;
  }, { spec, moves });
  console.log(`search speed, ${label}: median ${(median(rates) / 1e6).toFixed(2)} M ${unit}/s over ${rates.length} searches`);
  await context.close();
}

// Duel positions 6 jumps after a random setup (the positions of
// `cheversi bench --ai --only duel` and the duel_cost example): the
// Master's move in the worker, proved or not, and its time. Natively:
// `cheversi bestmove --game attrition --variant duel --moves "…" --json`.
const DUEL_SIX = [
  'Ne4 Nf2 e4-c5 f2-g4 c5-a6 g4-h2 a6-b4 h2-f3', 'Nd5 Na4 d5-e7 a4-b2 e7-c6 b2-d1 c6-a7 d1-c3',
  'Na7 Nc3 a7-b5 c3-d5 b5-d6 d5-e7 d6-b7 e7-g8', 'Nc8 Nd1 c8-e7 d1-b2 e7-f5 b2-a4 f5-d6 a4-b6',
  'Nc8 Nb6 c8-e7 b6-c4 e7-f5 c4-b2 f5-g3 b2-a4', 'Ne1 Ng3 e1-g2 g3-f1 g2-f4 f1-d2 f4-d5 d2-f3',
  'Nc2 Nf1 c2-e1 f1-d2 e1-f3 d2-e4 f3-h4 e4-g5', 'Ne5 Nh6 e5-d3 h6-f7 d3-b4 f7-d8 b4-d5 d8-c6',
  'Nb3 Nd6 b3-a1 d6-f7 a1-c2 f7-h6 c2-d4 h6-g8', 'Nf2 Ng8 f2-d1 g8-e7 d1-c3 e7-f5 c3-e2 f5-d6',
];
{
  const { page, context } = await open(browser, server.url);
  const answers = await page.evaluate(async (lines) => {
    const worker = new Worker(document.querySelector('meta[name="cheversi-worker"]').content, { type: 'module' });
    // The loader's first message: anything but a compiled module loads the file, as a fresh worker.
    worker.postMessage(null);
    const next = () => new Promise((ok) => { worker.onmessage = (e) => ok(e.data); });
    await next(); // Ready
    const out = [];
    for (const [i, line] of lines.entries()) {
      const spec = { game: 'attrition', variant: 'duel' };
      worker.postMessage({ Think: { id: i + 1, spec, moves: line.split(' '), level: 'master', purpose: 'Play' } });
      const { Thought: answer } = await next();
      out.push({ ms: answer.ms, exact: answer.exact });
    }
    worker.terminate();
    return out;
  }, DUEL_SIX);
  const proved = answers.filter((a) => a.exact);
  console.log(`duel, 6 jumps after the setup: Master proved ${proved.length} of ${answers.length} in the worker, `
    + `median ${median(proved.map((a) => a.ms)).toFixed(0)} ms where proved (${answers.map((a) => `${a.ms.toFixed(0)}${a.exact ? '' : '?'}`).join(' ')})`);
  await context.close();
}

for (const [label, options] of games > 0 ? [
  ['cheversi brainking', { game: 'cheversi', rules: 'brainking' }],
  ['attrition duel', { game: 'attrition', variant: 'duel' }],
] : []) {
  for (const level of ['beginner', 'casual', 'strong', 'master']) {
    const times = [];
    for (let g = 0; g < games; g++) {
      const { page, context } = await open(browser, server.url);
      await newGame(page, { ...options, seats: [level, level] });
      await page.waitForSelector('#summary:not([hidden])', { timeout: 600000 });
      const marks = await page.evaluate(() => performance.getEntriesByType('mark').map((m) => m.name));
      for (const m of marks) {
        const hit = /^computer move: (\w+) (\d+) ms$/.exec(m);
        if (hit) times.push(Number(hit[2]));
      }
      await context.close();
    }
    console.log(`${label.padEnd(20)} ${level.padEnd(9)} moves ${String(times.length).padStart(3)}  median ${median(times)} ms  max ${Math.max(...times)} ms`);
  }
}
await browser.close();
await server.close();
