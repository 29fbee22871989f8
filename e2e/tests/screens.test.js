// Drag and drop, review, flip, the dialog and undo switched off; with
// screenshots at phone size (HiDPI) and desktop size to look at.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, open, cell, settled } from '../lib/harness.js';
import { drag, typeMove } from '../lib/play.js';
import { newGame } from '../lib/dialog.js';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser.close(); await server.close(); });

const page = (width, height, scale = 1) => open(browser, server.url, { width, height, scale });

test('drag and drop places a piece; a drop on an illegal square says why', async () => {
  const { page: p, context, errors } = await page(1280, 800);
  await newGame(p, { game: 'cheversi', rules: 'brainking', seats: ['human', 'human'] });
  await drag(p, p.locator('.reserve-piece.seat-0[data-piece="K"]'), cell(p, 'd4'));
  assert.deepEqual(await p.locator('#moves .move').allTextContents(), ['Kd4']);
  await drag(p, p.locator('.reserve-piece.seat-1[data-piece="Q"]'), cell(p, 'h8'));
  assert.match(await p.locator('#status').textContent(), /^Qh8: /);
  await drag(p, p.locator('.reserve-piece.seat-1[data-piece="Q"]'), cell(p, 'e5'));
  assert.deepEqual(await p.locator('#moves .move').allTextContents(), ['Kd4', 'Qe5']);
  assert.deepEqual(errors, []);
  await context.close();
});

test('review, flip and undo switched off', async () => {
  const { page: p, context, errors } = await page(1280, 800);
  await newGame(p, { game: 'cheversi', rules: 'lewicki', seats: ['human', 'human'], undo: false });
  for (const mv of ['Kd4', 'Qe5', 'Nd5']) await typeMove(p, mv);
  assert.equal(await p.locator('#undo').isHidden(), true);
  await p.locator('#moves .move[data-ply="1"]').click();
  await settled(p);
  assert.match(await cell(p, 'e5').getAttribute('aria-label'), /^e5, empty/);
  await typeMove(p, 'Qc5');
  assert.match(await p.locator('#status').textContent(), /earlier position/);
  await p.click('#last');
  await settled(p);
  assert.match(await cell(p, 'd5').getAttribute('aria-label'), /^d5, White Knight/);
  // Flipped, h8 is at the bottom left.
  await p.click('#flip');
  await settled(p);
  const first = await p.locator('#grid .row').last().locator('.cell').first().getAttribute('aria-label');
  assert.match(first, /^h8, /);
  assert.deepEqual(errors, []);
  await context.close();
});

test('screenshots: phone (HiDPI) and desktop, dialog, overlay', async () => {
  const { page: p, context, errors } = await page(360, 640, 2);
  await newGame(p, { game: 'cheversi', rules: 'brainking', seats: ['human', 'human'] });
  for (const mv of ['Kd4', 'Qe5', 'Qd5', 'Re4', 'Rc5']) await typeMove(p, mv);
  await p.click('#overlay'); await p.click('#overlay'); await p.click('#overlay');
  await p.locator('.reserve-piece.seat-1[data-piece="N"]').click();
  await settled(p);
  // Touch on the board must not scroll the page.
  assert.equal(await p.evaluate(() => getComputedStyle(document.querySelector('#board-wrap')).touchAction), 'none');
  await p.screenshot({ path: 'screenshots/cheversi-phone.png' });
  const canvas = await p.evaluate(() => { const c = document.querySelector('#board'); return [c.width, c.clientWidth]; });
  assert.equal(canvas[0], canvas[1] * 2, 'canvas drawn at the device pixel ratio');
  await p.click('#new-game-button');
  await p.selectOption('#ng-game', 'attrition');
  await p.selectOption('#ng-variant', 'melee');
  await p.selectOption('#ng-players', '4');
  await p.screenshot({ path: 'screenshots/dialog-phone.png' });
  assert.equal(await p.locator('#ng-seat-row-3').isVisible(), true);
  assert.match(await p.locator('#ng-description').textContent(), /Three or four players/);
  await p.click('#ng-cancel');
  assert.deepEqual(errors, []);
  await context.close();

  const desk = await page(1280, 800);
  await newGame(desk.page, { game: 'attrition', variant: 'two-knights', seats: ['human', 'human'] });
  for (const mv of ['Nd4', 'Bf5', 'Nb6']) await typeMove(desk.page, mv);
  await desk.page.screenshot({ path: 'screenshots/two-knights-setup-desktop.png' });
  assert.deepEqual(desk.errors, []);
  await desk.context.close();
});

// An empty grey box showed where the status line had nothing to say yet.
test('an empty status line shows no box, and keeps its room', async () => {
  const { page, context } = await open(browser, server.url, { width: 360, height: 740 });
  await page.evaluate(() => { document.getElementById('status').textContent = ''; });
  const style = await page.$eval('#status', (el) => [getComputedStyle(el).backgroundColor, el.getBoundingClientRect().height]);
  assert.equal(style[0], 'rgba(0, 0, 0, 0)');
  assert.ok(style[1] > 30, `its room: ${style[1]} px`);
  await context.close();
});
