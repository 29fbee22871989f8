// Updates of the offline app as a static host delivers them: behind
// `Cache-Control: max-age=600`, half-published, beside a second
// deployment on the same origin, and inside embedded boards. New builds
// are made by lib/deploy.js from copies of dist/ (new content, new hashed
// names, new precache list and version), then published over the served
// folder the way `rsync --delete` would.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { serve, serveAll, launch, open, until, settled } from '../lib/harness.js';
import { copyBuild, deploy, newBuild, fileHashes } from '../lib/deploy.js';
import { waitForHumanTurn, playAnyMove } from '../lib/play.js';
import { newGame } from '../lib/dialog.js';
import { axe } from '../lib/axe.js';

const MAX_AGE = { headers: { 'cache-control': 'max-age=600' } };
let browser;
const cleanup = [];
before(async () => { browser = await launch(); });
after(async () => {
  await browser.close();
  for (const done of cleanup.reverse()) await done();
});

/** A served copy of dist/ and a new build ready to publish over it. */
async function published(prefix, options) {
  const live = await copyBuild();
  const next = await copyBuild();
  const { version, renamed } = await newBuild(next);
  const server = await serve(live + '/', prefix, options);
  cleanup.push(() => server.close(), () => rm(live, { recursive: true }), () => rm(next, { recursive: true }));
  return { live, next, version, renamed, server };
}

async function installed(page) {
  await page.waitForSelector('html[data-offline="ready"]', { timeout: 20000 });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20000 });
}

/** Asks the browser to look for a new sw.js; resolves with the new worker's final install state. */
function checkForUpdate(page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    await registration.update();
    const worker = registration.installing ?? registration.waiting;
    if (!worker) return 'none';
    if (worker.state !== 'installing') return worker.state;
    return new Promise((ok) => worker.addEventListener('statechange', () => {
      if (worker.state !== 'installing') ok(worker.state);
    }));
  });
}

/** SHA-256 of every entry of the caches whose name contains `version`. */
function cachedHashes(page, version) {
  return page.evaluate(async (version) => {
    const hex = (buffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');
    const scope = new URL('./', location.href).href;
    const out = {};
    for (const key of await caches.keys()) {
      if (!key.includes(version)) continue;
      const cache = await caches.open(key);
      for (const request of await cache.keys()) {
        const body = await (await cache.match(request)).arrayBuffer();
        out['./' + request.url.slice(scope.length)] = hex(await crypto.subtle.digest('SHA-256', body));
      }
    }
    return out;
  }, version);
}

test('behind max-age=600, a new version caches the new files, not the HTTP cache\'s old ones', async () => {
  const { live, next, version, server } = await published('/cheversi/', MAX_AGE);
  const { page, context, errors } = await open(browser, server.url, { serviceWorkers: 'allow' });
  await installed(page);
  await deploy(next, live);
  assert.equal(await checkForUpdate(page), 'installed');
  const cached = await cachedHashes(page, version);
  const expected = await fileHashes(next);
  assert.equal(cached['./'], expected['./'], 'the new index.html');
  assert.deepEqual(cached, expected, 'every file of the new build, as published');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a half-published update (new sw.js, old index.html) is not installed; the whole one is', async () => {
  const { live, next, version, server } = await published('/cheversi/');
  const { page, context, errors } = await open(browser, server.url, { serviceWorkers: 'allow' });
  await installed(page);
  const before = await page.evaluate(() => caches.keys());
  // Everything but the page itself, as a host part-way through an upload
  // (or a proxy still holding the old page) serves it.
  await deploy(next, live, { except: ['index.html'] });
  assert.equal(await checkForUpdate(page), 'redundant', 'an inconsistent cache is refused');
  assert.deepEqual(await page.evaluate(() => caches.keys()), before, 'no partial cache is left');
  assert.equal(await page.locator('#update').isHidden(), true, 'nothing offered');
  await deploy(next, live);
  assert.equal(await checkForUpdate(page), 'installed');
  await page.waitForSelector('#update:not([hidden])');
  await Promise.all([page.waitForNavigation(), page.click('#update-reload')]);
  await page.waitForSelector('body[data-ready="true"]');
  assert.deepEqual(await cachedHashes(page, version), await fileHashes(next));
  assert.deepEqual(errors, []);
  await context.close();
});

// The bar's Reload during a puzzle: the new version opens the same puzzle
// (it used to close it and show the game).
test('Reload from the new-version bar during a puzzle opens the same puzzle', async () => {
  const { live, next, server } = await published('/games/cheversi/');
  const { page, context, errors } = await open(browser, server.url, { serviceWorkers: 'allow' });
  await installed(page);
  await page.click('#puzzles-button');
  await until(page, () => document.querySelector('#puzzle')?.dataset.state === 'playing');
  const id = await page.locator('#puzzle').getAttribute('data-id');
  await deploy(next, live);
  assert.equal(await checkForUpdate(page), 'installed');
  await page.waitForSelector('#update:not([hidden])', { timeout: 20000 });
  await Promise.all([page.waitForNavigation(), page.click('#update-reload')]);
  await page.waitForSelector('body[data-ready="true"]');
  await until(page, (id) => document.querySelector('#puzzle')?.dataset.id === id
    && document.querySelector('#puzzle').dataset.state === 'playing', id);
  assert.deepEqual(errors, []);
  await context.close();
});

test('behind max-age=600, an update with new hashed files ends on the new version, the game kept', async () => {
  const { live, next, version, renamed, server } = await published('/games/cheversi/', MAX_AGE);
  const { page, context, errors, violations } = await open(browser, server.url, { serviceWorkers: 'allow' });
  await installed(page);
  await newGame(page, { game: 'cheversi', rules: 'lewicki-free', seats: ['human', 'beginner'] });
  await waitForHumanTurn(page, 0);
  await playAnyMove(page);
  await waitForHumanTurn(page, 0);
  const moves = await page.locator('#moves .move').allTextContents();
  assert.equal(moves.length, 2, 'the computer answered');
  const start = (p) => p.evaluate(() => document.querySelector('script[type="module"]').getAttribute('src'));
  const oldStart = await start(page);

  await deploy(next, live);
  assert.equal(await checkForUpdate(page), 'installed');
  await page.waitForSelector('#update:not([hidden])', { timeout: 20000 });
  await Promise.all([page.waitForNavigation(), page.click('#update-reload')]);
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await start(page), './' + renamed.get(oldStart.slice(2)), 'the new build\'s page');
  assert.deepEqual(await page.locator('#moves .move').allTextContents(), moves, 'the game survived');
  await until(page, async (version) => {
    const keys = await caches.keys();
    return keys.length === 1 && keys[0].includes(version);
  }, version, { timeout: 20000 });
  assert.deepEqual(await cachedHashes(page, version), await fileHashes(next));

  // Offline, on the new version: the page and the computer player (its
  // worker from the new build's files) go on with the game.
  await context.setOffline(true);
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await start(page), './' + renamed.get(oldStart.slice(2)));
  assert.deepEqual(await page.locator('#moves .move').allTextContents(), moves);
  await playAnyMove(page);
  await waitForHumanTurn(page, 0);
  assert.equal(await page.locator('#moves .move').count(), 4, 'the computer answered offline');
  assert.deepEqual(await violations(), []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('two deployments on one origin: updating one keeps the other\'s offline copy', async () => {
  const a = await copyBuild();
  const b = await copyBuild();
  const next = await copyBuild();
  const { version } = await newBuild(next);
  const server = await serveAll({ '/cheversi/': a + '/', '/cheversi-dev/': b + '/' });
  cleanup.push(() => server.close(), ...[a, b, next].map((dir) => () => rm(dir, { recursive: true })));
  const { page, context, errors } = await open(browser, server.origin + '/cheversi/', { serviceWorkers: 'allow' });
  await installed(page);
  const dev = await context.newPage();
  dev.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await dev.goto(server.origin + '/cheversi-dev/');
  await dev.waitForSelector('body[data-ready="true"]');
  await installed(dev);
  const devKeys = await dev.evaluate(async () => {
    const keys = [];
    for (const key of await caches.keys()) {
      if (await (await caches.open(key)).match(location.href)) keys.push(key);
    }
    return keys;
  });
  assert.equal(devKeys.length, 1, '/cheversi-dev/ has its own cache');
  // A cache of the kind builds before per-scope names shared between both.
  const SHARED = 'cheversi-0123456789abcdef';
  await page.evaluate(async ([name, origin]) => {
    const cache = await caches.open(name);
    for (const path of ['/cheversi/', '/cheversi/index.html', '/cheversi-dev/', '/cheversi-dev/index.html']) {
      await cache.put(origin + path, new Response('old'));
    }
  }, [SHARED, server.origin]);

  await deploy(next, a);
  assert.equal(await checkForUpdate(page), 'installed');
  await page.waitForSelector('#update:not([hidden])');
  await Promise.all([page.waitForNavigation(), page.click('#update-reload')]);
  await page.waitForSelector('body[data-ready="true"]');
  await until(page, async (version) => (await caches.keys()).some((k) => k.includes(version)), version);
  const keys = (await page.evaluate(() => caches.keys())).filter((k) => k !== SHARED);
  assert.equal(keys.length, 2, `one cache per deployment: ${keys}`);
  assert.ok(keys.includes(devKeys[0]), '/cheversi-dev/\'s cache is kept');
  const shared = await page.evaluate(async (name) => (await caches.has(name))
    ? (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname) : null, SHARED);
  assert.deepEqual(shared, ['/cheversi-dev/', '/cheversi-dev/index.html'], 'only /cheversi/\'s files left the shared cache');

  // /cheversi-dev/ still works offline.
  await context.setOffline(true);
  await dev.reload();
  await dev.waitForSelector('body[data-ready="true"]');
  assert.deepEqual(errors, []);
  await context.close();
});

test('embedded boards do not offer the new version, and take it on a later load', async () => {
  const { live, next, version, server } = await published('/cheversi/');
  const { page, context, errors } = await open(browser, server.url + 'embed.html?game=cheversi&rules=brainking&moves=Kd4', { serviceWorkers: 'allow' });
  await installed(page);
  const app = await context.newPage();
  await app.goto(server.url);
  await app.waitForSelector('body[data-ready="true"]');
  await deploy(next, live);
  assert.equal(await checkForUpdate(page), 'installed');
  // The full page offers it; the embedded board does not.
  await app.waitForSelector('#update:not([hidden])');
  await settled(page);
  await page.waitForTimeout(300);
  assert.equal(await page.locator('#update').isHidden(), true, 'no Reload bar in embed.html');
  assert.equal(await page.evaluate(() => document.querySelector('#update').hidden), true);

  // Once no page uses the old version, the next embedded board gets the new one.
  await app.close();
  await page.close();
  const later = await context.newPage();
  later.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await later.goto(server.url + 'embed.html?game=cheversi&rules=brainking&moves=Kd4');
  await later.waitForSelector('body[data-ready="true"]');
  await until(later, async (version) => {
    const keys = await caches.keys();
    return keys.length === 1 && keys[0].includes(version);
  }, version, { timeout: 20000 });
  assert.equal(await later.locator('#update').isHidden(), true);
  assert.deepEqual(errors, []);
  await context.close();
});

test('two tabs: after Reload in one, the other reloads into the new version by itself, its game kept', async () => {
  const { live, next, version, server } = await published('/cheversi/');
  const { page, context, errors } = await open(browser, server.url, { serviceWorkers: 'allow' });
  await installed(page);
  const other = await context.newPage();
  other.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await other.goto(server.url);
  await other.waitForSelector('body[data-ready="true"]');
  await newGame(other, { game: 'cheversi', rules: 'lewicki-free', seats: ['human', 'human'] });
  await other.fill('#type-move', 'Qd4');
  await other.press('#type-move', 'Enter');
  await settled(other);
  await deploy(next, live);
  assert.equal(await checkForUpdate(page), 'installed');
  await page.waitForSelector('#update:not([hidden])');
  await other.waitForSelector('#update:not([hidden])');
  // The other tab's own build is gone with the old cache: it must not go
  // on fetching from the new one, so it reloads as this one takes over.
  await Promise.all([
    page.waitForNavigation(),
    other.waitForNavigation({ timeout: 15000 }),
    page.click('#update-reload'),
  ]);
  await page.waitForSelector('body[data-ready="true"]');
  await other.waitForSelector('body[data-ready="true"]');
  const [cacheKeys, script] = await other.evaluate(async () => [await caches.keys(),
    document.querySelector('script[type="module"]').getAttribute('src')]);
  assert.equal(cacheKeys.length, 1);
  assert.ok(cacheKeys[0].includes(version));
  const newStart = (await fileHashes(next))[script];
  assert.ok(newStart, `${script} is the new build's`);
  assert.deepEqual(await other.locator('#moves .move').allTextContents(), ['Qd4'], 'the game kept');
  assert.equal(await other.locator('#update').isHidden(), true);
  assert.deepEqual(errors, []);
  await context.close();
});

// The tab of the very first visit had no controller when it loaded: it
// took the first install's change of controller for "nothing to do", and
// then kept it so, staying on the old build (its files deleted) when a
// later tab took an update.
test('two tabs: the tab of the first visit also reloads when a later tab takes the update', async () => {
  const { live, next, version, server } = await published('/cheversi/');
  const { page: first, context, errors } = await open(browser, server.url, { serviceWorkers: 'allow' });
  await installed(first);
  await first.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const later = await context.newPage();
  later.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await later.goto(server.url);
  await later.waitForSelector('body[data-ready="true"]');
  await deploy(next, live);
  assert.equal(await checkForUpdate(later), 'installed');
  await later.waitForSelector('#update:not([hidden])');
  await Promise.all([
    later.waitForNavigation(),
    first.waitForNavigation({ timeout: 15000 }),
    later.click('#update-reload'),
  ]);
  await first.waitForSelector('body[data-ready="true"]');
  const script = await first.evaluate(() => document.querySelector('script[type="module"]').getAttribute('src'));
  assert.ok((await fileHashes(next))[script], `${script} is the new build's`);
  assert.ok((await first.evaluate(() => caches.keys()))[0].includes(version));
  assert.deepEqual(errors, []);
  await context.close();
});

// On a phone the bar covered part of the board, and only Reload took it
// away: Later puts it aside for this visit; the bar fits the window. It
// covered the reserve under the board, on a desktop out of reach, and its
// buttons were white on white in the light theme: it now sits under the
// header, the board making room, and reads in both themes.
test('the new-version bar covers nothing, reads in both themes and can be put aside for later', async () => {
  for (const [width, height, colorScheme] of [[360, 640, 'light'], [1280, 800, 'light'], [1280, 800, 'dark']]) {
    const { live, next, server } = await published('/cheversi/');
    const { page, context, errors } = await open(browser, server.url, { serviceWorkers: 'allow', width, height, colorScheme });
    await installed(page);
    await deploy(next, live);
    assert.equal(await checkForUpdate(page), 'installed');
    await page.waitForSelector('#update:not([hidden])');
    const box = await page.locator('#update').boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= width, `the bar spans ${box.x}..${box.x + box.width}`);
    // The board refits to the header grown by the bar (on the next frame).
    await settled(page);
    for (const part of ['#board-wrap', '#hand-top', '#hand-bottom', '#status', '.actions']) {
      const b = await page.locator(part).boundingBox();
      const apart = b.y >= box.y + box.height || b.y + b.height <= box.y
        || b.x >= box.x + box.width || b.x + b.width <= box.x;
      assert.ok(apart, `${width}x${height}: the bar (${JSON.stringify(box)}) covers ${part} (${JSON.stringify(b)})`);
    }
    if (width > 700) {
      const reserve = await page.locator('#hand-bottom').boundingBox();
      assert.ok(reserve.y + reserve.height <= height, `${width}x${height}: the reserve ends at ${reserve.y + reserve.height}`);
    }
    // The bar's parts, named by its id or their words' key.
    const unreadable = (await axe(page, { runOnly: ['color-contrast'] }))
      .flatMap((v) => v.nodes).filter((n) => n.includes('update'));
    assert.deepEqual(unreadable, [], `${width}x${height} ${colorScheme}`);
    await page.click('#update-later');
    assert.equal(await page.locator('#update').isHidden(), true);
    // Focus goes back to the board, not to the page's start.
    assert.equal(await page.evaluate(() => document.activeElement?.closest('#grid') !== null), true);
    assert.deepEqual(errors, []);
    await context.close();
  }
});
