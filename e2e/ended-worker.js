// How long an ended worker goes on searching, in builds A and B
// alternating: a BrainKing game of two people, the evaluation on, and
// DELAY ms later a move, which ends the worker (its evaluation with it) and
// starts a new one. Reads the CPU time of Chromium's worker threads from
// /proc (Linux) every 250 ms for 2.5 s; the ended worker's share is what
// its search took from the new one.
//   node e2e/ended-worker.js DIST_A DIST_B [rounds] [DELAY]   (default 3 rounds, 400 ms)
import { readdirSync, readFileSync } from 'node:fs';
import { serve, launch, open } from './lib/harness.js';
import { newGame } from './lib/dialog.js';
import { typeMove } from './lib/play.js';

/** CPU ticks (1/100 s) of every worker thread, by thread id. */
function workerThreads() {
  const ticks = {};
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    let tids;
    try { tids = readdirSync(`/proc/${pid}/task`); } catch { continue; }
    for (const tid of tids) {
      try {
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        if (!stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')).startsWith('DedicatedWorker')) continue;
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        ticks[tid] = Number(fields[11]) + Number(fields[12]);
      } catch { /* the thread ended */ }
    }
  }
  return ticks;
}

/** CPU seconds the ended worker and the new one took after the move. */
async function once(browser, url, delay) {
  const { page, context } = await open(browser, url);
  await newGame(page, { game: 'cheversi', rules: 'brainking', seats: ['human', 'human'] });
  for (const move of ['Kd4', 'Qe5', 'Qf6', 'Rc3', 'Ne3', 'Rg7']) await typeMove(page, move);
  await page.check('#show-eval');
  await page.waitForTimeout(delay);
  let last = workerThreads();
  const ended = Object.keys(last);
  await typeMove(page, 'Rb2');
  const spent = { ended: 0, other: 0 };
  for (let i = 0; i < 10; i++) {
    await new Promise((ok) => setTimeout(ok, 250));
    const now = workerThreads();
    for (const [tid, t] of Object.entries(now)) {
      spent[ended.includes(tid) ? 'ended' : 'other'] += (t - (last[tid] ?? t)) / 100;
    }
    last = now;
  }
  await context.close();
  return spent;
}

const [a, b, rounds = '3', delay = '400'] = process.argv.slice(2);
const servers = [await serve(a.replace(/\/?$/, '/')), await serve(b.replace(/\/?$/, '/'))];
const browser = await launch();
const results = [[], []];
for (let r = 0; r < Number(rounds); r++) {
  for (const i of r % 2 ? [1, 0] : [0, 1]) results[i].push(await once(browser, servers[i].url, Number(delay)));
}
for (const [i, name] of [[0, `A ${a}`], [1, `B ${b}`]]) {
  const ended = results[i].map((s) => s.ended.toFixed(2)).join(', ');
  const other = results[i].map((s) => s.other.toFixed(2)).join(', ');
  console.log(`${name}: the ended worker ${ended} CPU-s; the new one ${other} CPU-s (2.5 s after a move ${delay} ms into the evaluation)`);
}
await browser.close();
await Promise.all(servers.map((s) => s.close()));
