// The computer player's worker: a search is abandoned at once on undo and
// new game, and a worker that fails is replaced while the game goes on.
// Its files are named by their content, so a page only ever starts the
// worker of its own build.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { serve, launch, open, DIST, settled } from '../lib/harness.js';
import { waitForHumanTurn, typeMove } from '../lib/play.js';
import { newGame } from '../lib/dialog.js';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser.close(); await server.close(); });

test('undo while the computer thinks abandons its move', async () => {
  const { page, errors, context } = await open(browser, server.url);
  await newGame(page, { game: 'cheversi', rules: 'lewicki-free', seats: ['human', 'master'] });
  await page.fill('#type-move', 'Qd4');
  await page.press('#type-move', 'Enter');
  // Should it never come, the page's words say why.
  await page.waitForSelector('body.thinking').catch(async (e) => {
    const said = await page.locator('#status').textContent();
    const moves = await page.locator('#moves .move').allTextContents();
    throw new Error(`${e.message}\nstatus: ${said}; moves: ${moves}; errors: ${errors}`);
  });
  await page.click('#undo');
  await settled(page);
  assert.equal(await page.locator('body.thinking').count(), 0);
  // Longer than the computer's budget: its answer must not arrive.
  await page.waitForTimeout(1500);
  assert.equal(await page.locator('#moves .move:not(.undone)').count(), 0);
  // Play on: the computer answers the new move.
  await page.fill('#type-move', 'Nc3');
  await page.press('#type-move', 'Enter');
  await waitForHumanTurn(page, 0);
  assert.deepEqual((await page.locator('#moves .move').allTextContents()).slice(0, 1), ['Nc3']);
  assert.equal(await page.locator('#moves .move').count(), 2);
  assert.deepEqual(errors, []);
  await context.close();
});

/** The page's workers by name: the thinking one (no name) and the one beside it ('alone'). */
async function workersByName(page) {
  let named = {};
  for (let tries = 0; !named.alone && tries < 50; tries++) {
    named = {};
    for (const worker of page.workers()) named[await worker.evaluate(() => self.name)] = worker;
    if (!named.alone) await page.waitForTimeout(100);
  }
  return named;
}

/**
 * A BrainKing game of two people nine placements from the end, which Black
 * to move loses (`cheversi bestmove --result`: every move loses, so both
 * parts of the proof must be proven), with the page's workers.
 */
async function nineFromTheEnd() {
  const opened = await open(browser, server.url);
  await newGame(opened.page, { game: 'cheversi', rules: 'brainking', seats: ['human', 'human'] });
  for (const move of 'Kd4 Qe5 Qf6 Rc3 Ne3 Rg7 Bd5'.split(' ')) await typeMove(opened.page, move);
  await opened.page.waitForSelector('body[data-worker="ready"]');
  const named = await workersByName(opened.page);
  assert.deepEqual(Object.keys(named).sort(), ['', 'alone'], 'the thinking worker and one beside it');
  return { ...opened, named };
}

async function evaluationSaysWhiteWins(page) {
  await page.check('#show-eval');
  await page.waitForFunction(() => document.querySelector('#eval').getAttribute('data-exact') === 'true', null, { timeout: 15000 });
  assert.match(await page.locator('#eval').textContent(), /^White wins/);
}

test('near the end a second worker proves part of the result beside the first', async () => {
  const { page, errors, context, named } = await nineFromTheEnd();
  // The parts it is sent, what it is told of them, and its answers.
  await named.alone.evaluate(() => {
    self.seen = { parts: [], limits: [], last: [] };
    self.addEventListener('message', (e) => {
      if (e.data?.Think?.part !== undefined) self.seen.parts.push(e.data.Think.id);
      if (e.data?.Limit) self.seen.limits.push(e.data.Limit);
    });
    const post = self.postMessage.bind(self);
    self.postMessage = (m) => {
      if (m?.Thought && !m.Thought.more) self.seen.last.push(m.Thought.id);
      if (m?.Failed) self.seen.last.push(`failed ${JSON.stringify(m.Failed)}`);
      post(m);
    };
  });
  await evaluationSaysWhiteWins(page);
  const seen = () => named.alone.evaluate(() => self.seen);
  assert.ok((await seen()).parts.length > 0, 'the worker beside was sent a part');
  // Every part answered to its end, whatever it was told meanwhile.
  for (let tries = 0; tries < 50; tries++) {
    const { parts, last } = await seen();
    if (last.length >= parts.length) break;
    await page.waitForTimeout(100);
  }
  const { parts, limits, last } = await seen();
  assert.deepEqual(last, parts, JSON.stringify({ parts, limits, last }));
  for (const { id, wanted } of limits) {
    assert.ok(parts.includes(id) && ['Draw', 'Moves', 'Nothing'].includes(wanted), JSON.stringify(limits));
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('a worker beside that stops or fails leaves the first to prove alone, the same worker', async () => {
  const endings = {
    stops: () => self.close(),
    fails: () => { setTimeout(() => { throw new Error('the worker beside fails'); }); },
  };
  for (const [how, end] of Object.entries(endings)) {
    const { page, errors, context, named } = await nineFromTheEnd();
    await named.alone.evaluate(end);
    await evaluationSaysWhiteWins(page);
    assert.ok(page.workers().includes(named['']), `${how}: the thinking worker was not replaced`);
    // One that fails runs on unless the thinking worker ends it.
    assert.ok(!page.workers().includes(named.alone), `${how}: the worker beside is gone`);
    assert.deepEqual(errors, [], how);
    await context.close();
  }
});

test('a worker that fails to start is replaced and the game goes on', async () => {
  // No service worker: its precaching would race for the broken response.
  const context = await browser.newContext({ serviceWorkers: 'block' });
  let failures = 1;
  await context.route('**/worker-loader-*.js', (route) => {
    if (failures-- > 0) route.fulfill({ status: 500, body: 'broken' });
    else route.continue();
  });
  const page = await context.newPage();
  const warnings = [];
  page.on('console', (m) => warnings.push(m.text()));
  await page.goto(server.url);
  await page.waitForSelector('body[data-ready="true"]');
  await newGame(page, { game: 'cheversi', rules: 'brainking', seats: ['master', 'human'] });
  await waitForHumanTurn(page, 1);
  assert.deepEqual(await page.locator('#moves .move').count(), 1, 'the computer moved');
  assert.ok(warnings.some((w) => /computer player stopped/.test(w)), warnings.join('\n'));
  await context.close();
});

test('a worker that never starts is not started again and again, and the page says the computer failed', async () => {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  let fetched = 0;
  await context.route('**/worker-loader-*.js', (route) => {
    fetched += 1;
    route.fulfill({ status: 500, body: 'broken' });
  });
  const page = await context.newPage();
  await page.goto(server.url);
  await page.waitForSelector('body[data-ready="true"]');
  // Woken once the board is on screen, it fails; nothing asked it since.
  await page.waitForTimeout(1000);
  assert.ok(fetched <= 1, `the loader was fetched ${fetched} times with nothing asked`);
  // Asked to move, the computer is tried a few times, then the page says so.
  await newGame(page, { game: 'cheversi', rules: 'brainking', seats: ['master', 'human'] });
  await page.waitForFunction(() => /could not move/.test(document.querySelector('#status').textContent)
    && !document.body.classList.contains('thinking'), null, { timeout: 10000 });
  const asked = fetched;
  await page.waitForTimeout(1000);
  assert.equal(fetched, asked, 'no more tries once the page gave up');
  assert.ok(asked <= 4, `the loader was fetched ${asked} times`);
  await context.close();
});

test('the worker loads the page\'s own wasm module, by names made from content', async () => {
  const read = (name) => readFileSync(DIST + name);
  const hashed = (name) => {
    const match = /-([0-9a-f]{16})\.(js|wasm)$/.exec(name);
    assert.ok(match, `${name} has a hashed name`);
    assert.equal(match[1], createHash('sha256').update(read(name)).digest('hex').slice(0, 16), `${name} is named by its content`);
  };
  const META = /<meta name="cheversi-worker" content="\.\/(worker-loader-[0-9a-f]{16}\.js)">/;
  const loaders = ['index.html', 'embed.html'].map((page) => {
    const match = META.exec(read(page).toString());
    assert.ok(match, `${page} names the worker loader`);
    return match[1];
  });
  assert.equal(loaders[0], loaders[1]);
  const loader = loaders[0];
  hashed(loader);
  const code = read(loader).toString();
  const script = /import init from '\.\/(app-[0-9a-f]+\.js)'/.exec(code)?.[1];
  const wasm = /'\.\/(app-[0-9a-f]+_bg\.wasm)'/.exec(code)?.[1];
  assert.ok(script && wasm, code);
  // The very files the page loads: the site ships the engine once.
  const start = read('index.html').toString();
  assert.ok(start.includes(`./${wasm}`), 'the page preloads the same wasm');
  const wasmFiles = readdirSync(DIST).filter((n) => n.endsWith('.wasm'));
  assert.deepEqual(wasmFiles, [wasm], 'one wasm module in dist/');
  assert.equal(existsSync(DIST + 'worker-loader.js'), false, 'no fixed name');

  // The loader the page names starts the worker: handed anything but a
  // compiled module, it loads the wasm file itself.
  const { page, errors, context } = await open(browser, server.url);
  const first = await page.evaluate(() => new Promise((ok, fail) => {
    const worker = new Worker(document.querySelector('meta[name="cheversi-worker"]').content, { type: 'module' });
    worker.onmessage = (e) => { worker.terminate(); ok(e.data); };
    worker.onerror = (e) => { e.preventDefault(); fail(new Error(e.message)); };
    worker.postMessage(null);
  }));
  assert.equal(first, 'Ready');
  assert.deepEqual(errors, []);
  await context.close();
});

// The script that compiles the module early is async: on a loaded
// machine it ran after the start-up script, which then fetched the module
// itself, and the compile script fetched it again (a fresh clone's run).
test('the wasm is fetched and compiled once even when the early compile script comes last', async () => {
  const { page, errors, context } = await open(browser, null);
  const fetched = [];
  context.on('request', (r) => { if (r.url().endsWith('.wasm')) fetched.push(r.url()); });
  await page.route(/compile-[0-9a-f]+\.js$/, async (route) => {
    await new Promise((ok) => setTimeout(ok, 1500));
    await route.continue();
  });
  await page.goto(server.url);
  await page.waitForSelector('body[data-worker="ready"]');
  // The late script has run by now.
  await page.waitForTimeout(1600);
  assert.equal(fetched.length, 1, `the wasm fetched ${fetched.length} times: ${fetched}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the page hands its compiled module to the worker: the wasm is fetched once', async () => {
  const { page, errors, context } = await open(browser, null);
  const fetched = [];
  context.on('request', (r) => { if (r.url().endsWith('.wasm')) fetched.push(r.url()); });
  await page.goto(server.url);
  await page.waitForSelector('body[data-worker="ready"]');
  assert.equal(fetched.length, 1, `the wasm fetched ${fetched.length} times: ${fetched}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the worker reads requests as the page writes them, and answers a bad one without losing the next', async () => {
  const { page, errors, context } = await open(browser, server.url);
  const answers = await page.evaluate(async () => {
    // A worker of its own (named so that it starts none beside it).
    const worker = new Worker(document.querySelector('meta[name="cheversi-worker"]').content, { type: 'module', name: 'alone' });
    const next = () => new Promise((ok) => { worker.onmessage = (e) => ok(e.data); });
    worker.postMessage(null);
    const out = [await next()];
    const spec = { game: 'cheversi', rules: 'brainking' };
    const think = { id: 1, spec, moves: ['Kd4', 'Qe5'], level: 'beginner', purpose: 'Play' };
    for (const message of [
      // Left-out options as serde-wasm-bindgen writes them: `undefined`.
      { Think: { ...think, nodes: undefined, part: undefined, seconds: undefined } },
      { Think: { ...think, id: 2, spec: { ...spec, bogus: 1 } } },
      { Think: { ...think, id: 'three' } },
      { Think: { ...think, id: 4, moves: [new Map([['a', 1]])] } },
      { Think: { ...think, id: 5, nodes: 10n } },
      'Think',
      { Think: { ...think, id: 6 } },
    ]) {
      const answer = next();
      worker.postMessage(message);
      out.push(await answer);
    }
    worker.terminate();
    return out;
  });
  assert.equal(answers[0], 'Ready');
  assert.equal(answers[1].Thought?.id, 1, JSON.stringify(answers[1]));
  assert.ok(answers[1].Thought.best, 'a move');
  for (const bad of answers.slice(2, 7)) {
    assert.deepEqual(bad, { Failed: { id: 0, failure: 'Unreadable' } }, JSON.stringify(bad));
  }
  assert.equal(answers[7].Thought?.id, 6, 'the next request is answered');
  assert.deepEqual(errors, []);
  await context.close();
});
