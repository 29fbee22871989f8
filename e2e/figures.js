// Figures for README: transfer size of dist/ gzipped, time to the first
// interactive board, and the computer's time per move at each level, all
// in headless Chromium on 127.0.0.1.   node e2e/figures.js [games-per-level]
import { readdir, readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { serve, launch, open, DIST } from './lib/harness.js';
import { newGame } from './lib/dialog.js';

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
const games = Number(process.argv[2] ?? 1);

let total = 0;
for (const entry of await readdir(DIST, { withFileTypes: true })) {
  if (!entry.isFile()) continue;
  const name = entry.name;
  const bytes = gzipSync(await readFile(DIST + name), { level: 9 }).length;
  total += bytes;
  console.log(`  ${name.padEnd(34)} ${String(bytes).padStart(7)} B gzipped`);
}
console.log(`dist/ total gzipped (level 9): ${(total / 1000).toFixed(1)} kB`);

const server = await serve();
const browser = await launch();
const ready = [];
for (let i = 0; i < 7; i++) {
  const { page, context } = await open(browser, server.url);
  ready.push(Number(await page.getAttribute('body', 'data-ready-ms')));
  await context.close();
}
console.log(`first interactive board: median ${median(ready)} ms over 7 loads (${ready.join(', ')})`);

for (const [label, options] of [
  ['cheversi brainking', { game: 'cheversi', rules: 'brainking' }],
  ['attrition duel', { game: 'attrition', variant: 'duel' }],
]) {
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
