// The worker's search speed in headless Chromium: nodes per second of the
// master level's search on fixed positions (median of 5 each).
//   node e2e/search-speed.js
import { serve, launch, open } from './lib/harness.js';

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
const POSITIONS = [
  ['cheversi brainking, 4 placed', { game: 'cheversi', rules: 'brainking' }, ['Kd4', 'Qe5', 'Qf6', 'Rg7']],
  ['attrition duel, setup done', { game: 'attrition', variant: 'duel' }, ['Nd4', 'Nf6']],
];

const server = await serve();
const browser = await launch();
const { page, context } = await open(browser, server.url);
for (const [label, spec, moves] of POSITIONS) {
  const rates = await page.evaluate(async ({ spec, moves }) => {
    const worker = new Worker(document.querySelector('meta[name="cheversi-worker"]').content, { type: 'module' });
    const next = () => new Promise((ok) => { worker.onmessage = (e) => ok(e.data); });
    await next(); // Ready
    const out = [];
    for (let id = 1; id <= 5; id++) {
      worker.postMessage({ Think: { id, spec, moves, level: 'master', purpose: 'Play' } });
      const reply = await next();
      const answer = reply.Thought;
      if (!answer) return JSON.stringify(reply);
      out.push(answer.exact ? null : answer.nodes / answer.ms * 1000);
    }
    worker.terminate();
    return out;
  }, { spec, moves });
  if (typeof rates === "string") throw new Error(rates);
  const kept = rates.filter((r) => r !== null);
  console.log(`${label.padEnd(30)} ${kept.length ? (median(kept) / 1000).toFixed(0) + ' k nodes/s' : 'solved (no rate)'} (${kept.length} runs)`);
}
await context.close();
await browser.close();
await server.close();
