// Proven results in the analysis that take most of the evaluation's time:
// BrainKing ten placements from the end, and a duel position past the book.
// e2e: runs alone (its proofs have a time budget, which a neighbour's load halves).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, open } from '../lib/harness.js';
import { newGame } from '../lib/dialog.js';
import { typeMove } from '../lib/play.js';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser.close(); await server.close(); });

/**
 * A game of two people brought to `moves`, with the evaluation turned on
 * there and not before: a worker ended while it searches runs on for up to
 * 2 s in Chromium, and the ones ended by the moves before would slow this
 * evaluation down.
 */
async function evaluatedAt(options, moves) {
  const opened = await open(browser, server.url);
  await newGame(opened.page, { ...options, seats: ['human', 'human'] });
  for (const move of moves.split(' ')) await typeMove(opened.page, move);
  await opened.page.check('#show-eval');
  return opened;
}

test('brainking ten placements from the end: the evaluation says who wins, proven', async () => {
  const { page, errors, context } = await evaluatedAt({ game: 'cheversi', rules: 'brainking' }, 'Kd4 Qe5 Qf6 Rc3 Ne3 Rg7');
  // The exact search is tried here from the evaluation's 1.6 s search on,
  // and the longer one that follows near the end proves it on a slow day.
  await page.waitForFunction(() => document.querySelector('#eval').getAttribute('data-exact') === 'true', null, { timeout: 15000 });
  assert.match(await page.locator('#eval').textContent(), /^White wins/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a duel position past the book that takes df-pn seconds: the loser\'s evaluation says "White wins in N"', async () => {
  const { page, errors, context } = await evaluatedAt({ game: 'attrition', variant: 'duel' }, 'Ng8 Na1 g8-f6 a1-c2 f6-d7');
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
