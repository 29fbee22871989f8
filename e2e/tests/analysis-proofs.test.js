// Proven results in the analysis that take most of the evaluation's time:
// BrainKing ten placements from the end, and a duel position past the book.
// e2e: runs alone (its proofs have a time budget, which a neighbour's load halves).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, open, settled } from '../lib/harness.js';
import { newGame } from '../lib/dialog.js';
import { typeMove } from '../lib/play.js';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser.close(); await server.close(); });

test('brainking ten placements from the end: the evaluation says who wins, proven', async () => {
  const { page, errors, context } = await open(browser, server.url);
  await newGame(page, { game: 'cheversi', rules: 'brainking', seats: ['human', 'human'] });
  // The evaluation is turned on at the position: a worker ended while it
  // searches runs on for up to 2 s in Chromium, and the ones ended by the
  // moves before would slow this evaluation down.
  for (const move of 'Kd4 Qe5 Qf6 Rc3 Ne3 Rg7'.split(' ')) await typeMove(page, move);
  await settled(page);
  await page.check('#show-eval');
  // The exact search is tried here from the evaluation's 1.6 s search on,
  // and the longer one that follows near the end proves it on a slow day.
  await page.waitForFunction(() => document.querySelector('#eval').getAttribute('data-exact') === 'true', null, { timeout: 15000 });
  assert.match(await page.locator('#eval').textContent(), /^White wins/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a duel position past the book that takes df-pn seconds: the loser\'s evaluation says "White wins in N"', async () => {
  const { page, errors, context } = await open(browser, server.url);
  await newGame(page, { game: 'attrition', variant: 'duel', seats: ['human', 'human'] });
  // As above: the evaluation turned on at the position, not before.
  for (const move of 'Ng8 Na1 g8-f6 a1-c2 f6-d7'.split(' ')) await typeMove(page, move);
  await settled(page);
  await page.check('#show-eval');
  // Black to move loses: the proof, then the longest resistance measured
  // (the evaluation's searches and the one for a distance: 8.5 s at most).
  await page.waitForFunction(() => /wins in \d+/.test(document.querySelector('#eval').textContent), null, { timeout: 15000 });
  const text = await page.locator('#eval').textContent();
  const plies = /^White wins in (\d+)$/.exec(text);
  assert.ok(plies, text);
  assert.equal(Number(plies[1]) % 2, 0, 'Black moves first, White last');
  assert.equal(await page.locator('#eval').getAttribute('data-exact'), 'true');
  assert.deepEqual(errors, []);
  await context.close();
});
