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
//   node e2e/worker-ratio.js [samples] [proof|search|think]   (needs dist/ and target/release/cheversi;
//   `proof`: the result proof alone, not the search by nodes; `search`: the search alone;
//   `think`: the Master's think as the page asks for it, alone, below)
import { execFileSync } from 'node:child_process';
import { serve, launch, open } from './lib/harness.js';

const CLI = new URL('../target/release/cheversi', import.meta.url).pathname;
const samples = String(process.argv[2] ?? 8);
const proofOnly = process.argv[3] === 'proof';
const searchOnly = process.argv[3] === 'search';
const thinkOnly = process.argv[3] === 'think';
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
for (const [label, all] of proofOnly || thinkOnly ? [] : sets) {
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
// page splits it: two workers, each proving its part with a table of its
// own (its share of the first move's replies, answered as soon as it is
// known, then its share of the other root moves), against two threads
// natively (`bestmove --result`, where the threads share the first move's
// replies the same way, and a settled question or a win stops them all),
// and one worker against one thread, on the held-out positions 10
// placements from the end, each within four times the budget. Both parts
// are proven as the worker beside proves its part, a reply or a move a
// task; the script tells each what the thinking worker in the page would
// (`ToWorker::Limit`): once one share holds the first move to a draw or a
// loss, the other's share is wanted only up to a draw or not at all, and
// once the result is known, nothing more (the thinking worker tells the
// first two as soon as one of its replies shows them, the script once the
// share's answer comes; NO_LIMIT=1 tells nothing, for a build without
// it). Fresh workers and processes a position; each worker makes its table
// and hand values first, as a process does before its clock starts. Reported: each proof's time,
// worker / native, and how many each proves within the budget and twice it.
const budgetMs = reference / 3 * 1000;
const limitMs = Math.round(budgetMs * 4);
const proofTime = (v) => (v.result === null ? null : v.ms);
// In the page: every message of a think about a part, the last
// resolving (`share` hears the first move's, sent first).
const workerHelpers = () => {
  window.proveAll = (worker, spec, moves, part, parts, seconds, share = () => {}) => new Promise((ok) => {
    worker.onmessage = ({ data }) => {
      const t = data.Thought;
      if (t && t.more) return share(t);
      ok(t ?? { exact: false, nodes: 0, failed: data });
    };
    worker.postMessage({ Think: { id: 1, spec, moves, level: '', purpose: 'Play', part, parts, seconds } });
  });
  window.startWorker = async (loader) => {
    // Named so that it starts no worker beside it: these are the two. Given
    // the page's compiled module, as the page gives it, so that the code
    // the workers' searches optimised is shared, as it is in the page.
    const worker = new Worker(loader, { type: 'module', name: 'alone' });
    const module = await window.cheversiModule;
    await new Promise((ok) => { worker.onmessage = ok; worker.postMessage(module); }); // Ready
    return worker;
  };
};
for (const rules of searchOnly || thinkOnly ? [] : ['brainking', 'lewicki']) {
  const list = positions(rules, 10).filter((p) => p.spec.rules === rules);
  const natively = {};
  for (const threads of [2, 1]) {
    natively[threads] = list.map(({ moves }) => proofTime(JSON.parse(run(['bestmove', '--rules', rules,
      '--moves', moves.join(' '), '--time-ms', String(limitMs), '--threads', String(threads), '--result']))));
  }
  await page.evaluate(workerHelpers);
  const inWorkers = await page.evaluate(async ({ list, limitMs, relay }) => {
    const loader = document.querySelector('meta[name="cheversi-worker"]').content;
    // What a share says the first move keeps: 2 a win, 1 a draw, 0 a
    // loss, null not proven.
    const held = (t) => (!t.exact ? null : 'Wins' in t.judgement ? 2 : 'Margin' in t.judgement ? 1 : 0);
    const won = (t) => t.exact && 'Wins' in t.judgement;
    const out = {};
    // Untimed, first: proofs, whole and in parts, that have the searches'
    // code optimised.
    const warm = await startWorker(loader);
    for (const [part, parts] of [[0, 1], [0, 2], [1, 2]]) {
      await proveAll(warm, list[0].spec, list[0].moves, part, parts, limitMs / 1000);
    }
    warm.terminate();
    for (const parts of [2, 1]) {
      out[parts] = [];
      for (const { spec, moves } of list) {
        const workers = [];
        for (let w = 0; w < parts; w++) {
          const worker = await startWorker(loader);
          await proveAll(worker, spec, [], w, parts, 0); // its table and hand values
          workers.push(worker);
        }
        const t0 = performance.now();
        // Each part in one piece, its share's answer first: the result is
        // known at a win (both shares, or either part's root moves) or
        // once every answer is in.
        const shares = [];
        let answered = [];
        const finals = [];
        // As the thinking worker tells the one beside: what a share holds
        // the first move to, to the other part; nothing more, once known.
        const tell = (w, wanted) => { if (relay) workers[w].postMessage({ Limit: { id: 1, wanted } }); };
        const last = workers.map(() => false);
        const proven = await new Promise((done) => {
          const settle = () => {
            const first = shares.length < parts ? undefined
              : shares.includes(0) ? 0 : shares.includes(null) ? null : Math.min(...shares);
            const known = (value) => {
              workers.forEach((_, w) => { if (!last[w]) tell(w, 'Nothing'); });
              done(value);
            };
            if (first === 2 || finals.some(won)) return known(true);
            if (finals.length === parts && (parts === 1 || first !== undefined)) {
              known(finals.every((t) => t.exact) && first !== null);
            }
          };
          answered = workers.map((worker, w) => proveAll(worker, spec, moves, w, parts, limitMs / 1000, (t) => {
            const h = held(t);
            shares.push(h);
            if ((h === 0 || h === 1) && shares.length < parts) tell(1 - w, h === 0 ? 'Moves' : 'Draw');
            settle();
          }).then((t) => { last[w] = true; finals.push(t); settle(); }));
        });
        const ms = performance.now() - t0;
        // A worker ended mid-task searches on for up to 2 s in Chromium,
        // taking a core from the next position's: each part is let finish.
        await Promise.all(answered);
        workers.forEach((w) => w.terminate());
        out[parts].push(proven ? ms : null);
      }
    }
    return out;
  }, { list, limitMs, relay: !process.env.NO_LIMIT });
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
// The Master's think as the page asks for a move (level master, with
// `seconds` in place of the level's time): in the page's thinking worker,
// which starts the worker beside it and splits the result proof with it,
// within the budget and within twice it, against a native process on two
// threads within the budget (`bestmove --time-ms --threads 2`). Counted:
// the held-out positions answered as proven, brainking 9 placements from
// the end and lewicki 10 (where a think this long starts with the result
// proof). Each budget has its thinking worker, kept over the positions as
// over a game in the page (its table too), first given three untimed
// thinks on a position of the other rule set; the three thinks of a
// position follow each other.
const thinkIn = (key, list, seconds) => page.evaluate(async ({ key, list, seconds }) => {
  window.thinkers ??= {};
  if (!window.thinkers[key]) {
    const loader = document.querySelector('meta[name="cheversi-worker"]').content;
    const worker = new Worker(loader, { type: 'module' });
    const module = await window.cheversiModule;
    await new Promise((ok) => { worker.onmessage = ok; worker.postMessage(module); }); // Ready
    // The worker beside says it is ready to this worker, not to the page.
    await new Promise((ok) => setTimeout(ok, 500));
    window.thinkers[key] = worker;
  }
  const worker = window.thinkers[key];
  const out = [];
  for (const { spec, moves } of list) {
    const answer = new Promise((ok) => { worker.onmessage = (e) => ok(e.data); });
    worker.postMessage({ Think: { id: 1, spec, moves, level: 'master', purpose: 'Play', seconds } });
    out.push((await answer).Thought?.exact === true);
    // The worker beside's last task ends before the next think.
    await new Promise((ok) => setTimeout(ok, 200));
  }
  return out;
}, { key, list, seconds });
for (const [rules, left, other] of thinkOnly ? [['brainking', 9, 'lewicki'], ['lewicki', 10, 'brainking']] : []) {
  const list = positions(rules, left).filter((p) => p.spec.rules === rules);
  const warm = positions(other, 9).find((p) => p.spec.rules === other);
  const seconds = reference / 3;
  for (const key of ['once', 'twice']) await thinkIn(key, [warm, warm, warm], seconds);
  const proven = { once: 0, twice: 0, native: 0 };
  const missed = [];
  for (const p of list) {
    const once = (await thinkIn('once', [p], seconds))[0];
    const twice = (await thinkIn('twice', [p], 2 * seconds))[0];
    const native = JSON.parse(run(['bestmove', '--rules', rules, '--moves', p.moves.join(' '),
      '--time-ms', String(Math.round(seconds * 1000)), '--json', '--threads', '2'])).exact;
    proven.once += once; proven.twice += twice; proven.native += native;
    if (native && !twice) missed.push(p.moves.join(' '));
  }
  console.log(`the Master's think, ${rules} ${left} placements from the end, ${list.length} held-out positions answered as proven: `
    + `in the page within the budget (${(seconds * 1000).toFixed(0)} ms) ${proven.once}, within twice it ${proven.twice}; natively on two threads within the budget ${proven.native}`);
  for (const moves of missed) console.log(`  proven natively, not in the page within twice the budget: ${moves}`);
}
await context.close();
await browser.close();
await server.close();
