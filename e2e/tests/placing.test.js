// Placing through the UI without the computer: an illegal tap names its
// rule, the keyboard alone places a piece, a typed move, the attack overlay
// and the hint.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, open, cell, settled } from '../lib/harness.js';
import { newGame } from '../lib/dialog.js';
import { typeMove } from '../lib/play.js';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser.close(); await server.close(); });

test('an illegal tap says which rule forbids it', async () => {
  const { page, errors, context } = await open(browser, server.url);
  await newGame(page, { game: 'cheversi', rules: 'brainking', seats: ['human', 'human'] });
  await page.click('#confirm');  // place on the first tap
  await cell(page, 'd4').click();
  await settled(page);
  await page.locator('.reserve-piece[data-piece="Q"]:not([disabled])').click();
  await settled(page);
  await cell(page, 'a8').click();
  await settled(page);
  const status = await page.locator('#status').textContent();
  assert.match(status, /^Qa8: /);
  assert.equal(await page.locator('#status.error').count(), 1);
  assert.equal(await page.locator('#live').textContent(), status, 'announced');
  assert.deepEqual(await page.locator('#moves .move').allTextContents(), ['Kd4']);
  assert.deepEqual(errors, []);
  await context.close();
});

test('keyboard only: choose a piece, walk to a square, place', async () => {
  const { page, errors, context } = await open(browser, server.url);
  await newGame(page, { game: 'cheversi', rules: 'lewicki-free', seats: ['human', 'human'] });
  // Tab into the board.
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => document.activeElement?.classList.contains('cell'))) break;
  }
  assert.ok(await page.evaluate(() => document.activeElement?.classList.contains('cell')));
  const label = await page.evaluate(() => document.activeElement.getAttribute('aria-label'));
  assert.match(label, /^a1, empty/);
  await page.keyboard.press('q');
  for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowUp', 'ArrowUp', 'ArrowUp']) {
    await page.keyboard.press(key);
  }
  await settled(page);
  assert.match(await page.evaluate(() => document.activeElement.getAttribute('aria-label')), /^d4, empty, legal/);
  await page.keyboard.press('Enter');
  await settled(page);
  assert.match(await page.locator('#status').textContent(), /^Qd4: White \+\d+ → \d+, Black \+0 → 0\. Tap again/);
  await page.keyboard.press('Enter');
  await settled(page);
  assert.deepEqual(await page.locator('#moves .move').allTextContents(), ['Qd4']);
  assert.match(await cell(page, 'd4').getAttribute('aria-label'), /^d4, White Queen/);
  assert.match(await page.locator('#live').textContent(), /White played Qd4/);
  // Reserve buttons are named by colour, piece and count.
  assert.equal(await page.locator('.reserve-piece[aria-label="White Queen, 0 in hand"]').count(), 1);
  assert.equal(await page.locator('.reserve-piece[aria-label="Black Rook, 2 in hand"]').count(), 1);
  assert.deepEqual(errors, []);
  await context.close();
});

test('typing a move, the attack overlay and the hint', async () => {
  const { page, errors, context } = await open(browser, server.url);
  await newGame(page, { game: 'cheversi', rules: 'lewicki', seats: ['human', 'human'] });
  await typeMove(page, 'Kd4');
  await typeMove(page, 'Qh8');
  assert.match(await page.locator('#status').textContent(), /^Qh8: /);
  assert.equal(await page.inputValue('#type-move'), 'Qh8', 'kept for correction');
  assert.match(await cell(page, 'e5').getAttribute('aria-label'), /^e5, empty, attacked by 1 White$/);
  await page.click('#overlay');
  await settled(page);
  assert.equal(await page.locator('#overlay').textContent(), 'Attacks: White');
  await page.click('#hint');
  await page.waitForFunction(() => /^Hint: /.test(document.querySelector('#status').textContent), null, { timeout: 10000 });
  // With "Show evaluation" on, every position where a person moves is assessed.
  await page.click('#show-eval');
  await typeMove(page, 'Qe5');
  await page.waitForFunction(() => /^Evaluation \(White's view\): [+-]\d+\.\d$/.test(document.querySelector('#eval').textContent), null, { timeout: 10000 });
  assert.deepEqual(errors, []);
  await page.screenshot({ path: 'screenshots/cheversi-overlay-desktop.png' });
  await context.close();
});

// Each move was put in two live regions at once (the status line was one,
// role=status, beside the announcer): a screen reader read it twice. The
// announcer alone speaks; the status line is what the eye reads.
test('each move is announced once', async () => {
  const { page, context, errors } = await open(browser, server.url);
  const live = await page.$$eval('[aria-live], [role="status"], [role="alert"]:not([hidden])',
    (els) => els.filter((e) => e.closest('[hidden], dialog:not([open])') === null).map((e) => e.id));
  assert.deepEqual(live, ['live']);
  // Two people at this device: no computer's reply to say over the move.
  await newGame(page, { game: 'cheversi', rules: 'lewicki', seats: ['human', 'human'] });
  await typeMove(page, 'Kd4');
  assert.match(await page.locator('#live').textContent(), /White played Kd4/);
  // A lesson's verdict too: said by the announcer, shown in its panel.
  await page.click('#learn-button');
  await page.locator('#lessons .lesson[data-id="mirror"]').click();
  await page.locator('#lesson[data-id="mirror"]').waitFor();
  await cell(page, 'a1').click();
  await page.click('#lesson-check');
  // After the tap's own announcement ("Squares marked: 1.").
  await page.waitForFunction(() => /Missing/.test(document.getElementById('live').textContent));
  const speaking = await page.$$eval('[aria-live], [role="status"]',
    (els) => els.filter((e) => e.closest('[hidden], dialog:not([open])') === null).map((e) => e.id));
  assert.deepEqual(speaking, ['live']);
  assert.deepEqual(errors, []);
  await context.close();
});
