// The paths that used to break, tried as a person would (issue "The app
// you can trust"): a tap after a drag, undo past the computer's opening,
// a save naming an unknown level, the evaluation's side, the shared link,
// and an embedded diagram that must stay a diagram.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, open, cell, until, settled } from '../lib/harness.js';
import { waitForHumanTurn, playAnyMove, drag, typeMove } from '../lib/play.js';
import { newGame } from '../lib/dialog.js';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser.close(); await server.close(); });

const moves = (page) => page.locator('#moves .move').allTextContents();

test('a tap after a drag is not lost', async () => {
  const { page, errors, context } = await open(browser, server.url);
  await newGame(page, { game: 'cheversi', rules: 'lewicki-free', seats: ['human', 'human'] });
  await drag(page, page.locator('.reserve-piece.seat-0[data-piece="K"]'), cell(page, 'd4'));
  assert.deepEqual(await moves(page), ['Kd4']);
  await page.uncheck('#confirm');
  await page.click('.reserve-piece.seat-1[data-piece="Q"]');
  await settled(page);
  await cell(page, 'e5').click();
  await settled(page);
  assert.deepEqual(await moves(page), ['Kd4', 'Qe5']);
  assert.deepEqual(errors, []);
  await context.close();
});

test('undo back past the computer\'s opening move never leaves the game stuck', async () => {
  const { page, errors, context } = await open(browser, server.url);
  await newGame(page, { game: 'cheversi', rules: 'brainking', seats: ['casual', 'human'] });
  await waitForHumanTurn(page, 1);
  await playAnyMove(page);
  await waitForHumanTurn(page, 1);
  assert.equal((await moves(page)).length, 3);
  for (let i = 0; i < 4; i += 1) {
    await page.click('#undo');
    await settled(page);
  }
  // Back at the person's first turn: the computer's King stays, the
  // person is to move and can play.
  assert.equal(await page.locator('#moves .move:not(.undone)').count(), 1);
  assert.equal(await page.locator('#status').textContent(), 'Nothing to undo.');
  assert.equal(await page.locator('#players .seat-1.to-move').count(), 1);
  await playAnyMove(page);
  await waitForHumanTurn(page, 1);
  const after = await moves(page);
  assert.equal(after.length, 3, `the computer answered: ${after}`);
  assert.equal(await page.locator('#moves .move.undone').count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a saved game naming an unknown computer level is set aside, not retried forever', async () => {
  const saved = JSON.stringify({
    version: 1, record: '[Game "Cheversi"]\n[Rules "brainking"]\n\n1. Kd4 *',
    seats: ['Human', { Computer: 'grandmaster' }], undo_allowed: true, cursor: 1,
  });
  const { page, errors, context } = await open(browser, server.url, { storage: { 'cheversi.game': saved } });
  await settled(page);
  assert.match(await page.locator('#status').textContent(), /could not be read \(.*grandmaster.*\)/);
  assert.equal(await page.evaluate(() => document.body.classList.contains('thinking')), false);
  assert.equal(await page.evaluate(() => localStorage.getItem('cheversi.game.corrupt')), saved);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the evaluation after the computer\'s reply is White\'s, labelled, in the page\'s language', async () => {
  const { page, errors, context } = await open(browser, server.url);
  await newGame(page, { game: 'cheversi', rules: 'brainking', seats: ['human', 'casual'] });
  await page.check('#show-eval');
  await page.fill('#type-move', 'Kd4');
  await page.press('#type-move', 'Enter');
  await waitForHumanTurn(page, 0);
  await page.waitForFunction(() => !document.querySelector('#eval').hidden, null, { timeout: 10000 });
  // Read together: a deeper search may update the evaluation in between.
  const { text, score } = await page.evaluate(() => {
    const el = document.querySelector('#eval');
    return { text: el.textContent, score: Number(el.dataset.score) };
  });
  assert.match(text, /^Evaluation \(White's view\): [+-]\d+\.\d$/);
  assert.equal(text.endsWith(score.toFixed(1).replace(/^(\d)/, '+$1')), true, `${text} vs ${score}`);
  assert.match(await page.locator('#best-line').textContent(), /^Best line \((depth \d+|proven)\): [KQRBN][a-h][1-8]/);
  // Pointing at the best line's first move shows it on the board only.
  // (A deeper search may change the line meanwhile: the square is the
  // line's first move as it stands.)
  const first = page.locator('#best-line .line-move[data-line="1"]');
  const square = (await first.textContent()).slice(-2);
  assert.match(await cell(page, square).getAttribute('aria-label'), new RegExp(`^${square}, empty`));
  // What the board says of the square of the line's first move.
  const firstMoveSquare = () => {
    const sq = document.querySelector('#best-line .line-move[data-line="1"]').textContent.slice(-2);
    const index = (sq.charCodeAt(1) - 49) * 8 + (sq.charCodeAt(0) - 97);
    return document.querySelector(`#grid [data-square="${index}"]`).getAttribute('aria-label');
  };
  await first.hover();
  await settled(page);
  await until(page, `/^[a-h][1-8], (White|Black) /.test((${firstMoveSquare})())`);
  assert.equal(await page.locator('#moves .move').count(), 2);
  await page.mouse.move(5, 5);
  await settled(page);
  await until(page, `/^[a-h][1-8], empty/.test((${firstMoveSquare})())`);
  // Proven results are worded in Italian on the Italian page.
  await page.selectOption('#language', 'it');
  await page.waitForSelector('html[lang="it"]');
  await settled(page);
  assert.match(await page.locator('#eval').textContent(), /^Valutazione \(dal lato del Bianco\): [+-]\d+,\d$/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('copy link shares the whole game and the move being viewed', async () => {
  const { page, errors, context } = await open(browser, server.url);
  await newGame(page, { game: 'cheversi', rules: 'lewicki', seats: ['human', 'human'] });
  for (const mv of ['Kd4', 'Qe5', 'Nd5']) await typeMove(page, mv);
  await page.click('#first');
  await page.click('#forward');
  await settled(page);
  await page.click('#copy-link');
  await settled(page);
  const status = await page.locator('#status').textContent();
  const url = status.slice(status.indexOf('http'));
  assert.match(url, /moves=Kd4\.Qe5\.Nd5/);
  assert.match(url, /&at=1$/);
  // Opened elsewhere (no game in progress there): the whole game, at move 1.
  const other = await open(browser, url);
  await settled(other.page);
  assert.deepEqual(await moves(other.page), ['Kd4', 'Qe5', 'Nd5']);
  assert.equal(await other.page.locator('#moves .move[aria-current="step"]').textContent(), 'Kd4');
  assert.deepEqual(other.errors, []);
  await other.context.close();
  assert.deepEqual(errors, []);
  await context.close();
});

test('a link never silently replaces a game in progress', async () => {
  const { page, errors, context } = await open(browser, server.url);
  await newGame(page, { game: 'cheversi', rules: 'lewicki', seats: ['human', 'human'] });
  await page.fill('#type-move', 'Kd4');
  await page.press('#type-move', 'Enter');
  await page.evaluate(() => { location.hash = 'game=attrition&moves=Nd4'; });
  await page.waitForSelector('#offer:not([hidden])');
  assert.deepEqual(await moves(page), ['Kd4']);
  await page.click('#offer-keep');
  await settled(page);
  assert.deepEqual(await moves(page), ['Kd4']);
  assert.equal(await page.locator('#offer').isHidden(), true);
  await page.evaluate(() => { location.hash = 'game=attrition&moves=Nd4'; });
  await page.waitForSelector('#offer:not([hidden])');
  await page.click('#offer-open');
  await settled(page);
  assert.deepEqual(await moves(page), ['Nd4']);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a hashchange does not turn an embedded diagram into a playable board', async () => {
  const { page, errors, context } = await open(browser, `${server.url}embed.html?game=cheversi&rules=brainking&moves=Kd4`);
  await page.evaluate(() => { location.hash = 'game=attrition'; });
  await settled(page);
  await cell(page, 'e5').click();
  await settled(page);
  assert.deepEqual(await moves(page), ['Kd4']);
  assert.match(await page.locator('#status').textContent(), /diagram/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('dragging does not write the saved game on every pointer move', async () => {
  const { page, errors, context } = await open(browser, server.url, {
    init: () => {
      const set = Storage.prototype.setItem;
      window.__writes = 0;
      Storage.prototype.setItem = function (k, v) {
        if (k === 'cheversi.game') window.__writes += 1;
        return set.call(this, k, v);
      };
    },
  });
  await newGame(page, { game: 'cheversi', rules: 'lewicki-free', seats: ['human', 'human'] });
  const before = await page.evaluate(() => window.__writes);
  await drag(page, page.locator('.reserve-piece.seat-0[data-piece="K"]'), cell(page, 'd4'));
  const writes = (await page.evaluate(() => window.__writes)) - before;
  assert.deepEqual(await moves(page), ['Kd4']);
  assert.ok(writes <= 1, `${writes} writes for one drag`);
  assert.deepEqual(errors, []);
  await context.close();
});
