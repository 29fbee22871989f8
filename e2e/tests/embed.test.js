// embed.html: a board configured by URL parameters, as a still diagram or
// interactive, reporting the end of a game to the parent page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, open, cell, settled, until } from '../lib/harness.js';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser.close(); await server.close(); });

async function embed(query) {
  const opened = await open(browser, `${server.url}embed.html?${query}`, { width: 420, height: 620 });
  await settled(opened.page);
  return opened;
}

test('a diagram: the position, the scores and the overlay of White attacks', async () => {
  const { page, context, errors } = await embed('game=cheversi&rules=brainking&moves=Kd4.Qe5.Qd5.Re4&overlay=white&size=320');
  assert.match(await cell(page, 'd4').getAttribute('aria-label'), /^d4, White King/);
  assert.match(await cell(page, 'e4').getAttribute('aria-label'), /^e4, Black Rook/);
  assert.match(await cell(page, 'c3').getAttribute('aria-label'), /^c3, empty, attacked by 1 White$/);
  // The engine's scores for this position (cheversi state --rules brainking
  // --moves "Kd4 Qe5 Qd5 Re4"): White 20, Black 21.
  assert.deepEqual(await page.locator('#players .score').allTextContents(), ['20', '21']);
  assert.equal(await page.locator('.bar').isVisible(), false, 'no app chrome');
  // White's count badge is drawn in c3's top-right corner.
  const pixel = await page.evaluate(() => {
    const canvas = document.querySelector('#board');
    const ratio = canvas.width / canvas.clientWidth;
    const cellSize = canvas.width / 8;
    const r = cellSize * 0.17;
    // Left of the badge's centre, clear of the white digit.
    const x = 2 * cellSize + cellSize - r - 2 * ratio - r * 0.6;
    const y = 5 * cellSize + r + 2 * ratio;
    return Array.from(canvas.getContext('2d').getImageData(Math.round(x), Math.round(y), 1, 1).data);
  });
  assert.ok(pixel[2] > 150 && pixel[0] < 90, `blue badge, got ${pixel}`);
  assert.equal(await page.evaluate(() => document.querySelector('#board').clientWidth), 320, 'size');
  // A diagram cannot be played.
  await cell(page, 'c3').click();
  await settled(page);
  assert.match(await page.locator('#status').textContent(), /is a diagram/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('bad parameters are named and nothing breaks', async () => {
  const { page, context, errors } = await embed('game=cheversi&overlay=red');
  assert.equal(await page.locator('#status').textContent(),
    "This board could not be set up: overlay: 'red' is not off, white, black or both");
  assert.deepEqual(errors, []);
  await context.close();
});

// A board that could not be set up said why in English, whatever its
// `lang`: its reader asked for another language.
test('a board that cannot be set up says why in the language it asks for', async () => {
  const { page, context, errors } = await embed('lang=it&game=cheversi&overlay=red');
  await until(page, () => document.documentElement.lang === 'it');
  const said = await page.locator('#status').textContent();
  assert.ok(said.startsWith('Impossibile preparare questa scacchiera: overlay:'), said);
  assert.deepEqual(errors, []);
  await context.close();
});

test('interactive, in a parent page that hears the end of the game', async () => {
  const { page, context } = await open(browser, null, { width: 800, height: 700 });
  const src = `${server.url}embed.html?game=attrition&variant=duel&moves=Nd4.Nb5&interactive=1`;
  await page.setContent(`<script>window.messages = []; addEventListener('message', (e) => messages.push(e.data));</script>
    <iframe src="${src}" width="480" height="640" title="Duel"></iframe>`);
  const frame = page.frameLocator('iframe');
  await frame.locator('body[data-ready="true"]').waitFor();
  // The host may flip the board; malformed messages are ignored.
  await page.evaluate(() => {
    const target = document.querySelector('iframe').contentWindow;
    target.postMessage({ source: 'cheversi-host', type: 'flip', extra: 1 }, '*');
    target.postMessage('flip', '*');
    target.postMessage({ source: 'someone', type: 'flip' }, '*');
    target.postMessage({ source: 'cheversi-host', type: 'flip' }, '*');
  });
  await page.waitForTimeout(200);
  const corner = await frame.locator('#grid .row').last().locator('.cell').first().getAttribute('aria-label');
  assert.match(corner, /^h8, /, 'flipped once, by the one well-formed message');
  await frame.locator('#grid [data-square="27"]').click(); // d4: White's knight
  await frame.locator('#grid [data-square="33"]').click(); // b5: capture
  await page.waitForFunction(() => window.messages.some((m) => m.type === 'gameover'), null, { timeout: 5000 });
  const messages = await page.evaluate(() => window.messages);
  // The frame also reports its height (for hosts that size the iframe).
  assert.ok(messages.some((m) => m.source === 'cheversi' && m.type === 'size' && m.height > 300));
  const message = messages.find((m) => m.type === 'gameover');
  assert.equal(message.source, 'cheversi');
  assert.equal(message.type, 'gameover');
  assert.equal(message.winner, 0);
  assert.deepEqual(message.moves, ['Nd4', 'Nb5', 'd4xb5']);
  assert.equal(message.game.variant, 'duel');
  assert.match(message.record, /1-0/);
  await context.close();
});

test("a diagram takes the host page's language where the site has it, and its own otherwise", async () => {
  const words = {};
  for (const lang of ['en-US', 'it-IT', 'de']) {
    const { page, context, errors } = await open(browser, null, { width: 800, height: 700 });
    // A host page of the site's origin, as a rules page would be.
    await page.route(`${server.url}host.html`, (route) => route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="${lang}"><body>
        <div data-cheversi="rules=brainking moves=Kd4"></div>
        <script type="module" src="cheversi.js"></script></body></html>`,
    }));
    await page.goto(`${server.url}host.html`);
    const frame = page.frameLocator('iframe');
    // Set up (ready), or refused (said so).
    await frame.locator('body[data-ready="true"], #status:not(:empty)').first().waitFor({ state: 'attached' });
    words[lang] = `${await frame.locator('#status').textContent()} ${await frame.locator('#players').textContent()}`;
    assert.deepEqual(errors, []);
    await context.close();
  }
  for (const said of Object.values(words)) assert.doesNotMatch(said, /could not|non è stato|nu a putut/, said);
  assert.notEqual(words['it-IT'], words['en-US'], 'the Italian page has the Italian board');
});

test("a host page's diagram with a misspelt key or a wrong switch is told so, as embed.html tells it", async () => {
  for (const [diagram, said] of [
    ['rules=brainking moves=Kd4 orientaton=black', /orientaton/],
    ['rules=brainking moves=Kd4 interactive=yes', /interactive/],
  ]) {
    const { page, context, errors } = await open(browser, null, { width: 800, height: 700 });
    await page.route(`${server.url}host.html`, (route) => route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><body>
        <div data-cheversi="${diagram}"></div>
        <script type="module" src="cheversi.js"></script></body></html>`,
    }));
    await page.goto(`${server.url}host.html`);
    const frame = page.frameLocator('iframe');
    await frame.locator('body[data-ready="true"], #status:not(:empty)').first().waitFor({ state: 'attached' });
    const status = await frame.locator('#status').textContent();
    assert.match(status, said, `${diagram}: ${status}`);
    assert.deepEqual(errors, []);
    await context.close();
  }
  // mount() with a switch given as text: 'false' is a still diagram.
  const { page, context } = await open(browser, null, { width: 800, height: 700 });
  await page.route(`${server.url}host.html`, (route) => route.fulfill({
    contentType: 'text/html',
    body: `<!doctype html><html lang="en"><body><div id="here"></div>
      <script type="module">import { mount } from './cheversi.js';
      mount(document.getElementById('here'), { rules: 'brainking', moves: ['Kd4'], interactive: 'false' });</script></body></html>`,
  }));
  await page.goto(`${server.url}host.html`);
  const src = await page.locator('iframe').getAttribute('src');
  assert.match(src, /interactive=false/, src);
  await context.close();
});

test('a frame takes steering only from its parent page, not from another frame of it', async () => {
  const { page, context, errors } = await open(browser, null, { width: 800, height: 700 });
  const src = `${server.url}embed.html?game=cheversi&rules=brainking&moves=Kd4`;
  await page.setContent(`<iframe src="${src}" width="480" height="640" title="Board"></iframe>
    <iframe srcdoc="<p>another frame</p>" title="Other"></iframe>`);
  const frame = page.frameLocator('iframe[title="Board"]');
  await frame.locator('body[data-ready="true"]').waitFor();
  // A sibling frame reaches the board through the parent's frames.
  await page.evaluate(() => {
    const other = document.querySelector('iframe[title="Other"]').contentWindow;
    other.eval("parent.frames[0].postMessage({ source: 'cheversi-host', type: 'flip' }, '*')");
  });
  await page.waitForTimeout(300);
  const corner = await frame.locator('#grid .row').last().locator('.cell').first().getAttribute('aria-label');
  assert.match(corner, /^a1, /, 'not flipped by a sibling');
  // The parent itself still may.
  await page.evaluate(() => document.querySelector('iframe[title="Board"]').contentWindow.postMessage({ source: 'cheversi-host', type: 'flip' }, '*'));
  await page.waitForTimeout(300);
  assert.match(await frame.locator('#grid .row').last().locator('.cell').first().getAttribute('aria-label'), /^h8, /);
  assert.deepEqual(errors, []);
  await context.close();
});

// A board of exactly 300 device pixels kept the canvas's default height
// of 150: the board was drawn stretched, its lower half missing.
test('a board of any size is drawn whole: its canvas is as tall as it is wide', async () => {
  for (const [width, size] of [[308, 300], [330, 300], [620, 600]]) {
    const { page, context, errors } = await open(browser, `${server.url}embed.html?game=cheversi&moves=Kd4&size=${size}`,
      { width, height: 700 });
    await settled(page);
    const [w, h] = await page.$eval('canvas', (c) => [c.width, c.height]);
    assert.equal(h, w, `${width}x700, size ${size}: canvas ${w}x${h}`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

// A finished game shown as it stands did not end here: a rules page's
// diagram of one posted "gameover" on every load. A board that could not
// be set up names no computer player (it named "Black (computer, master)").
test('a finished game shown as it stands posts nothing; a board that failed names no computer', async () => {
  const { page, context } = await open(browser, null, { width: 800, height: 700 });
  const src = `${server.url}embed.html?game=attrition&variant=duel&moves=Nd4.Nb5.d4xb5`;
  await page.setContent(`<script>window.messages = []; addEventListener('message', (e) => messages.push(e.data));</script>
    <iframe src="${src}" width="480" height="640" title="Duel"></iframe>`);
  const frame = page.frameLocator('iframe');
  await frame.locator('body[data-ready="true"]').waitFor();
  await page.waitForTimeout(300);
  assert.deepEqual(await page.evaluate(() => window.messages.filter((m) => m.type === 'gameover')), []);
  await context.close();
  const failed = await embed('game=cheversi&size=300.5');
  await failed.page.waitForSelector('#status');
  assert.doesNotMatch(await failed.page.locator('#players').textContent(), /computer/);
  await failed.context.close();
});

// A host page that names no board: each frame is named after its game
// (an Attrition board was "Cheversi board").
test('a board the host page names not is named after its game', async () => {
  const { page, context } = await open(browser, null, { width: 800, height: 700 });
  await page.route(`${server.url}host.html`, (route) => route.fulfill({
    contentType: 'text/html',
    body: `<!doctype html><html lang="en"><body>
      <div data-cheversi="rules=brainking"></div><div data-attrition="variant=duel"></div><div id="here"></div><div id="lesson"></div>
      <script type="module">import { mount, mountAll } from './cheversi.js';
      mountAll();
      mount(document.getElementById('here'), { game: 'attrition', variant: 'melee' });
      mount(document.getElementById('lesson'), { lesson: 'mirror' });</script></body></html>`,
  }));
  await page.goto(`${server.url}host.html`);
  await page.waitForFunction(() => document.querySelectorAll('iframe').length === 4);
  const titles = await page.$$eval('iframe', (frames) => frames.map((f) => f.title));
  assert.deepEqual(titles, ['Cheversi board', 'Chivalrous Attrition board', 'Chivalrous Attrition board', 'Lesson board']);
  await context.close();
});

// mount() checks what only it reads, and its frame stays readable: a
// size out of range made a frame 3 px wide (the board's refusal out of
// sight), null options threw a TypeError of the browser's, a callback
// that is no function and an unknown overlay were ignored, and `it-IT`
// refused the board where a diagram's page takes it as `it`.
test('mount() says what is wrong with what it reads itself, and its frame can show the rest', async () => {
  const { page, context, errors } = await open(browser, null, { width: 800, height: 700 });
  await page.route(`${server.url}host.html`, (route) => route.fulfill({
    contentType: 'text/html',
    body: `<!doctype html><html lang="en"><body><div id="a"></div><div id="b"></div>
      <script type="module">import { mount } from './cheversi.js';
      const thrown = (f) => { try { f(); return null; } catch (e) { return e instanceof TypeError ? e.message : String(e); } };
      const here = document.getElementById('a');
      window.said = [
        thrown(() => mount(here, null)),
        thrown(() => mount(here, { onGameOver: 5 })),
        thrown(() => mount(here, { moves: { first: 'Kd4' } })),
        thrown(() => mount(here, { rules: 'brainking' }).setOverlay('purple')),
      ];
      window.small = mount(here, { rules: 'brainking', size: -5 });
      window.italian = mount(document.getElementById('b'), { rules: 'brainking', lang: 'it-IT' });</script></body></html>`,
  }));
  await page.goto(`${server.url}host.html`);
  await page.waitForFunction(() => window.italian);
  const said = await page.evaluate(() => window.said);
  assert.deepEqual(said.map((s) => s && s.split(' ')[0]), ['mount:', 'mount:', 'mount:', 'setOverlay:'], said.join('\n'));
  assert.match(said[1], /onGameOver must be a function/);
  assert.match(said[3], /'purple' is not one of off, white, black, both/);
  const width = await page.evaluate(() => window.small.iframe.getBoundingClientRect().width);
  assert.ok(width >= 360, `the frame of a bad size is ${width} px wide`);
  const small = page.frameLocator('#a iframe');
  await small.locator('body[data-ready="true"]').waitFor();
  assert.match(await small.locator('#status').textContent(), /size: '-5' is not a whole number of pixels/);
  const italian = page.frameLocator('#b iframe');
  await italian.locator('html[lang="it"]').waitFor();
  assert.equal(await italian.locator('#status').textContent(), '');
  assert.deepEqual(errors, []);
  await context.close();
});
