// The offline app, from a sub-path: the service worker precaches the
// build, a game is finished offline against the computer, a new version
// replaces the old cache and offers a reload, and the CSP is never
// violated.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, launch, open, until, DIST } from '../lib/harness.js';
import { waitForHumanTurn, playAnyMove } from '../lib/play.js';
import { newGame } from '../lib/dialog.js';

let root, server, browser;
before(async () => {
  // A copy of dist/, so the update test can publish a "new version".
  root = await mkdtemp(join(tmpdir(), 'cheversi-dist-'));
  await cp(DIST, root, { recursive: true });
  server = await serve(root + '/', '/games/cheversi/');
  browser = await launch();
});
after(async () => { await browser.close(); await server.close(); await rm(root, { recursive: true }); });

async function fresh() {
  const opened = await open(browser, server.url, { serviceWorkers: 'allow' });
  await opened.page.waitForSelector('html[data-offline="ready"]', { timeout: 20000 });
  return opened;
}

test('served from a sub-path, it installs, goes offline, finishes a game and opens a friend\'s link', async () => {
  assert.match(server.url, /\/games\/cheversi\/$/);
  const { context, page, errors, violations } = await fresh();
  const cached = await page.evaluate(async () => {
    const keys = await caches.keys();
    const cache = await caches.open(keys[0]);
    return { keys, urls: (await cache.keys()).map((r) => new URL(r.url).pathname) };
  });
  assert.equal(cached.keys.length, 1);
  const loader = await page.evaluate(() => new URL(document.querySelector('meta[name="cheversi-worker"]').content, location.href).pathname);
  for (const file of ['/games/cheversi/', loader, '/games/cheversi/manifest.webmanifest']) {
    assert.ok(cached.urls.includes(file), `${file} precached`);
  }
  for (const name of [/app-[0-9a-f]+_bg\.wasm$/, /app-[0-9a-f]+\.js$/]) {
    assert.ok(cached.urls.some((u) => name.test(u)), `${name} precached`);
  }

  await context.setOffline(true);
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  await newGame(page, { game: 'cheversi', rules: 'lewicki-free', seats: ['human', 'beginner'] });
  let placements = 0;
  while (await waitForHumanTurn(page, 0)) {
    await playAnyMove(page, { confirm: true });
    placements += 1;
  }
  assert.equal(placements, 8);
  assert.match(await page.locator('#summary').textContent(), /(wins|Draw)/);

  // Still offline, a friend's link opens in the installed app, and the
  // answer can be sent.
  await page.goto(server.url + '#game=cheversi&rules=lewicki&moves=Qd4&seats=human.human&id=offline-game-1&next=1&name0=Ann');
  await until(page, () => document.querySelectorAll('#moves .move').length === 1);
  assert.match(await page.locator('#status').textContent(), /A game by link: you play Black\. Your turn\./);
  await page.fill('#type-move', 'Bf6');
  await page.press('#type-move', 'Enter');
  await page.click('#send-move');
  assert.match(await page.locator('#send-link').inputValue(), /\/games\/cheversi\/#game=cheversi&.*moves=Qd4\.Bf6&.*id=offline-game-1&next=0/);
  assert.deepEqual(await violations(), []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a new version replaces the old cache and offers a reload', async () => {
  const { context, page, errors, violations } = await fresh();
  const before = await page.evaluate(() => caches.keys());
  assert.equal(before.length, 1);
  // Publish a new build: same files, new service worker version.
  const sw = join(root, 'sw.js');
  const text = await readFile(sw, 'utf8');
  await writeFile(sw, text.replace(/const VERSION = '([0-9a-f]+)'/, "const VERSION = 'fedcba9876543210'"));
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
  await page.waitForSelector('#update:not([hidden])', { timeout: 20000 });
  await Promise.all([page.waitForNavigation(), page.click('#update-reload')]);
  await page.waitForSelector('body[data-ready="true"]');
  await until(page, async () => {
    const keys = await caches.keys();
    return keys.length === 1 && keys[0] === `cheversi ${new URL('./', location.href).href} fedcba9876543210`;
  }, null, { timeout: 20000 });
  assert.deepEqual(await violations(), []);
  assert.deepEqual(errors, []);
  await writeFile(sw, text);
  await context.close();
});

test('on a host with clean URLs (x.html redirects to x), the installed app opens its pages online and offline, at either address', async () => {
  const clean = await serve(root + '/', '/clean/', { cleanUrls: true });
  try {
    const { context, page, errors } = await open(browser, clean.url, { serviceWorkers: 'allow' });
    await page.waitForSelector('html[data-offline="ready"]', { timeout: 20000 });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    for (const offline of [false, true]) {
      await context.setOffline(offline);
      for (const [url, ready] of [
        ['rules.html', 'h1'],
        // The address the host itself gives the page.
        ['rules', 'h2#cheversi'],
        ['embed?game=cheversi&rules=brainking&moves=Kd4', 'body[data-ready="true"]'],
        ['embed.html?game=cheversi&rules=brainking&moves=Kd4', 'body[data-ready="true"]'],
        ['index.html', 'body[data-ready="true"]'],
        ['', 'body[data-ready="true"]'],
      ]) {
        const response = await page.goto(clean.url + url);
        const where = `${offline ? 'offline' : 'online'}: ${url}`;
        assert.ok(response?.ok(), where);
        await page.waitForSelector(ready, { timeout: 10000 }).catch((e) => assert.fail(`${where}: ${e.message}`));
      }
    }
    assert.deepEqual(errors, []);
    await context.close();
  } finally {
    await clean.close();
  }
});

// Without the offline copy (not installed yet) and the network gone, the
// Learn, Puzzles and language presses failed out of sight on a phone (the
// status lies under the board) and named a file, or the pattern
// `lang/*.lang`: the status now comes into view, says the connection, and
// names the file.
test('offline before the app is installed, what cannot come is said in view, naming the connection', async () => {
  const { page, context, errors } = await open(browser, server.url, { width: 360, height: 640, locale: 'it-IT' });
  await context.setOffline(true);
  const inView = () => page.evaluate(() => {
    const r = document.getElementById('status').getBoundingClientRect();
    return r.top >= -1 && r.bottom <= innerHeight + 1;
  });
  for (const [press, file] of [['#learn-button', 'lessons.txt'], ['#puzzles-button', 'puzzles.txt']]) {
    await page.evaluate(() => scrollTo(0, 0));
    assert.equal(await inView(), false, 'the status starts out of sight');
    await page.click(press);
    // The status of the press before may still show: this one names its file.
    await until(page, (f) => document.getElementById('status').textContent.includes(f), file);
    await until(page, () => {
      const r = document.getElementById('status').getBoundingClientRect();
      return r.top >= -1 && r.bottom <= innerHeight + 1;
    });
    const said = await page.locator('#status').textContent();
    assert.ok(said.includes(`${file}: nessuna connessione`), said);
  }
  await page.evaluate(() => scrollTo(0, 0));
  await page.selectOption('#language', 'ro');
  await until(page, () => document.getElementById('status').textContent.includes('lang/ro.lang'));
  const said = await page.locator('#status').textContent();
  assert.ok(said.includes('lang/ro.lang') && !said.includes('*'), said);
  assert.ok(await inView(), 'in view');
  // The failed fetches and nothing else.
  assert.ok(errors.every((e) => /Failed to load resource|fetch/i.test(e)), errors.join('\n'));
  await context.close();
});
