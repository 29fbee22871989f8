// The worker against the native engine on the same positions: the Master's
// move with the same budget of nodes (so the same search, proofs included)
// in headless Chromium and in a fresh native process, each reporting its
// own time; then the result proof alone as the page splits it, two
// workers against two threads and one against one (below). The positions are
// the held-out brainking set 9 placements from the end (where the Master's
// second tries the exact search) and the duel's set 0-6 jumps after the
// setup, as `cheversi bench --ai --positions N` prints them. The reference
// (perft lewicki depth 5, fastest of 3) is timed natively in the same run.
// A search under SHORT_MS natively is timed REPEATS times on each side,
// the two sides in turn, and its fastest taken on each (as the reference
// is): one search timed once a side gave 2.44x in one run, 0.85x in the next.
//   node e2e/worker-ratio.js [samples] [proof|search]   (needs dist/ and target/release/cheversi;
//   `proof`: the result proof alone, not the search by nodes; `search`: the search alone)
import { execFileSync } from 'node:child_process';
import { serve, launch, open } from './lib/harness.js';

const CLI = new URL('../target/release/cheversi', import.meta.url).pathname;
const samples = String(process.argv[2] ?? 8);
const proofOnly = process.argv[3] === 'proof';
const searchOnly = process.argv[3] === 'search';
// Enough for the Master's proofs on these sets: its exact search gets a
// share of them, as of its time in play.
const NODES = 20_000_000;
const REPEATS = 3;
const SHORT_MS = 3000;
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
const run = (args) => execFileSync(CLI, args, { encoding: 'utf8', maxBuffer: 1 << 26 });

let reference = Infinity;
for (let i = 0; i < 3; i++) {
  const t0 = process.hrtime.bigint();
  run(['perft', '--rules', 'lewicki', '--depth', '5']);
  reference = Math.min(reference, Number(process.hrtime.bigint() - t0) / 1e9);
}
console.log(`reference: perft lewicki depth 5 natively, ${reference.toFixed(2)} s (fastest of 3; its third, ${(reference / 3 * 1000).toFixed(0)} ms, is the benchmark's budget)`);

const positions = (only, n) => run(['bench', '--ai', '--positions', String(n), '--only', only, '--samples', samples])
  .trim().split('\n').map((l) => JSON.parse(l));
const sets = [
  ['brainking, 9 placements from the end', positions('brainking', 9).filter((p) => p.spec.rules === 'brainking')],
  ['duel, 0-6 jumps after the setup', [0, 1, 2, 3, 4, 5, 6].flatMap((n) => positions('duel', n))],
];

function native({ spec, moves }, budget = ['--nodes', String(NODES)]) {
  const args = ['bestmove', '--game', spec.game, '--moves', moves.join(' '), '--json', ...budget];
  if (spec.rules) args.push('--rules', spec.rules);
  if (spec.variant) args.push('--variant', spec.variant);
  const { ms, nodes, exact, eval: value } = JSON.parse(run(args));
  return { ms, nodes, exact, value: String(value) };
}

// A Cheversi position the Master does not prove, or proves lost, leaves
// the move to the tree search, which spends the rest of the nodes on whole
// random games: not a proof's time. A second natively tells which.
const timedHere = (p) => {
  if (p.spec.game !== 'cheversi') return true;
  const quick = native(p, ['--time-ms', '1000']);
  return quick.exact && !quick.value.startsWith('loses');
};

const server = await serve();
const browser = await launch({ full: true });
const { page, context } = await open(browser, server.url);
// The Master's think by nodes in a fresh worker a position, as a fresh
// process natively.
const inWorkers = (list) => page.evaluate(async ({ list, nodes }) => {
  const out = [];
  for (const { spec, moves } of list) {
    // Named so that it starts no worker beside it: a search by nodes
    // proves on one.
    const worker = new Worker(document.querySelector('meta[name="cheversi-worker"]').content, { type: 'module', name: 'alone' });
    // The loader's first message: anything but a compiled module loads the file, as a fresh worker.
    worker.postMessage(null);
    const next = () => new Promise((ok) => { worker.onmessage = (e) => ok(e.data); });
    await next(); // Ready
    worker.postMessage({ Think: { id: 1, spec, moves, level: 'master', purpose: 'Play', nodes } });
    const { Thought: t } = await next();
    worker.terminate();
    out.push({ ms: t.ms, nodes: t.nodes, exact: t.exact });
  }
  return out;
}, { list, nodes: NODES });
for (const [label, all] of proofOnly ? [] : sets) {
  const list = all.filter(timedHere);
  const natively = list.map((p) => native(p));
  const inWorker = await inWorkers(list);
  const short = list.map((_, i) => i).filter((i) => natively[i].ms < SHORT_MS);
  for (let r = 1; r < REPEATS; r++) {
    const again = short.map((i) => list[i]);
    const nativeAgain = again.map((p) => native(p));
    const workerAgain = await inWorkers(again);
    short.forEach((i, k) => {
      if (nativeAgain[k].ms < natively[i].ms) natively[i] = nativeAgain[k];
      if (workerAgain[k].ms < inWorker[i].ms) inWorker[i] = workerAgain[k];
    });
  }
  const rows = list.map((p, i) => ({ native: natively[i], worker: inWorker[i], moves: p.moves.join(' ') }));
  // The same nodes: the same search, so the times compare the code alone.
  const same = rows.filter((r) => r.native.nodes === r.worker.nodes);
  const ratios = same.map((r) => r.worker.ms / r.native.ms);
  const proved = same.filter((r) => r.native.exact);
  const proofRatios = proved.map((r) => r.worker.ms / r.native.ms);
  console.log(`${label}: ${all.length} positions, ${NODES / 1e6} M nodes each; ${rows.length} timed (not those the tree search ends); the same search (nodes) in both: ${same.length}; `
    + `proved ${rows.filter((r) => r.native.exact).length} natively, ${rows.filter((r) => r.worker.exact).length} in the worker`);
  console.log(`  time for the same search (the proof, and for a duel loss the search that picks the move after it), worker / native, over the ${proved.length} proved: median ${median(proofRatios).toFixed(2)}x, `
    + `max ${Math.max(...proofRatios).toFixed(2)}x (native median ${median(proved.map((r) => r.native.ms)).toFixed(0)} ms, worker ${median(proved.map((r) => r.worker.ms)).toFixed(0)} ms)`);
  console.log(`  every position: median ${median(ratios).toFixed(2)}x`);
  const worst = [...proved].sort((a, b) => b.worker.ms / b.native.ms - a.worker.ms / a.native.ms).slice(0, 3);
  for (const r of worst) {
    console.log(`  ${(r.worker.ms / r.native.ms).toFixed(2)}x: ${r.native.ms.toFixed(0)} ms natively, ${r.worker.ms.toFixed(0)} in the worker, ${r.native.nodes} nodes: ${r.moves}`);
  }
}
// The result proof the Master's think starts with, alone, split as the
// page splits it: two workers (the thinking one and the one beside it,
// each proving its part with a table of its own) against two threads
// natively (`bestmove --result`, where a part that wins stops the other), and one worker against one thread, on
// the held-out positions 10 placements from the end, each within four
// times the budget. Fresh workers and processes a position; each worker
// makes its table and hand values first, as a process does before its
// clock starts. Reported: each proof's time, worker / native, and how
// many each proves within the budget and twice it.
const budgetMs = reference / 3 * 1000;
const limitMs = Math.round(budgetMs * 4);
const proofTime = (v) => (v.result === null ? null : v.ms);
for (const rules of searchOnly ? [] : ['brainking', 'lewicki']) {
  const list = positions(rules, 10).filter((p) => p.spec.rules === rules);
  const natively = {};
  for (const threads of [2, 1]) {
    natively[threads] = list.map(({ moves }) => proofTime(JSON.parse(run(['bestmove', '--rules', rules,
      '--moves', moves.join(' '), '--time-ms', String(limitMs), '--threads', String(threads), '--result']))));
  }
  const inWorkers = await page.evaluate(async ({ list, limitMs }) => {
    const loader = document.querySelector('meta[name="cheversi-worker"]').content;
    const next = (worker) => new Promise((ok) => { worker.onmessage = (e) => ok(e.data); });
    const prove = (worker, spec, moves, part, parts, seconds) => {
      const answer = next(worker);
      // A think about a part, as the thinking worker asks the one beside.
      worker.postMessage({ Think: { id: 1, spec, moves, level: '', purpose: 'Play', part, parts, seconds } });
      return answer.then(({ Thought: t }) => t);
    };
    const out = {};
    for (const parts of [2, 1]) {
      out[parts] = [];
      for (const { spec, moves } of list) {
        const workers = [];
        for (let i = 0; i < parts; i++) {
          // Named so that it starts no worker beside it: these are the two.
          const worker = new Worker(loader, { type: 'module', name: 'alone' });
          worker.postMessage(null);
          await next(worker); // Ready
          await prove(worker, spec, [], i, parts, 0); // its table and hand values
          workers.push(worker);
        }
        const won = (t) => t.exact && 'Wins' in t.judgement;
        const t0 = performance.now();
        const left = () => Math.max(0, limitMs - (performance.now() - t0)) / 1000;
        let proven;
        if (parts === 1) {
          proven = (await prove(workers[0], spec, moves, 0, 1, limitMs / 1000)).exact;
        } else {
          // As in the page: the part beside in one piece; the thinking
          // worker's part (every other move, best first) a move at a time,
          // a win beside read between two, as the page reads it between
          // two tasks. A move is part 2j of many (one move a part).
          let theirs = null;
          const beside = prove(workers[1], spec, moves, 1, 2, limitMs / 1000).then((t) => { theirs = t; });
          let mine = true; // every move of the part proven so far
          for (let j = 0; ; j += 2) {
            if (theirs && won(theirs)) break;
            const t = await prove(workers[0], spec, moves, j, 1024, left());
            if (t.nodes === 0) break; // no move left: an empty part
            if (won(t)) { mine = 'won'; break; }
            if (!t.exact) { mine = false; break; }
          }
          if (mine !== 'won' && !(theirs && won(theirs))) await beside;
          proven = mine === 'won' || won(theirs ?? { exact: false }) || (mine && theirs.exact);
        }
        const ms = performance.now() - t0;
        workers.forEach((w) => w.terminate());
        out[parts].push(proven ? ms : null);
      }
    }
    return out;
  }, { list, limitMs });
  const within = (times, ms) => times.filter((t) => t !== null && t <= ms).length;
  console.log(`the result proof alone, ${rules} 10 placements from the end, ${list.length} held-out positions, within ${limitMs} ms (4 budgets):`);
  for (const n of [2, 1]) {
    const both = list.map((_, i) => [inWorkers[n][i], natively[n][i]]).filter(([w, v]) => w !== null && v !== null);
    const ratios = both.map(([w, v]) => w / Math.max(v, 1));
    const label = n === 2 ? 'two workers | two threads' : 'one worker | one thread';
    console.log(`  ${label}: within the budget (${budgetMs.toFixed(0)} ms) ${within(inWorkers[n], budgetMs)} | ${within(natively[n], budgetMs)}; `
      + `within twice it ${within(inWorkers[n], 2 * budgetMs)} | ${within(natively[n], 2 * budgetMs)}; `
      + `proved by both ${both.length}: worker / native median ${median(ratios).toFixed(2)}x, max ${Math.max(...ratios).toFixed(2)}x `
      + `(native median ${median(both.map((b) => b[1])).toFixed(0)} ms, worker ${median(both.map((b) => b[0])).toFixed(0)} ms)`);
  }
}
await context.close();
await browser.close();
await server.close();
