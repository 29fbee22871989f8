// What the analysis says where no search runs against a clock: a finished
// game's final margin, proven, and in Italian a bad record's error and the
// review.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, open, settled } from '../lib/harness.js';
import { newGame } from '../lib/dialog.js';
import { typeMove } from '../lib/play.js';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser.close(); await server.close(); });

test('a finished game shows its final margin, proven', async () => {
  const { page, errors, context } = await open(browser, server.url);
  await newGame(page, { game: 'cheversi', rules: 'lewicki-free', seats: ['human', 'human'] });
  await page.check('#show-eval');
  for (const move of 'Qd4 Qe5 Rd1 Re8 Ra4 Rh5 Bb2 Bg7 Bc1 Bf8 Nb1 Ng8 Nh1 Na8 Kc2 Kh8'.split(' ')) {
    await typeMove(page, move);
  }
  const evaluation = page.locator('#eval');
  await page.waitForFunction(() => document.querySelector('#eval').getAttribute('data-exact') === 'true', null, { timeout: 5000 });
  const score = Number(await evaluation.getAttribute('data-score'));
  // The final margin, as the players' list gives the scores.
  const points = await page.locator('#players .score').allTextContents();
  assert.equal(points.length, 2);
  assert.equal(score, Number(points[0]) - Number(points[1]));
  assert.ok(Number.isInteger(score) && score !== 0, `a whole, non-zero margin: ${score}`);
  assert.match(await evaluation.textContent(), new RegExp(`^${score > 0 ? 'White' : 'Black'} wins by ${Math.abs(score)}$`));
  assert.deepEqual(errors, []);
  await context.close();
});

test('in Italian: a bad record says what is wrong in Italian, and the review is Italian', async () => {
  const { page, errors, context } = await open(browser, server.url, { locale: 'it-IT' });
  assert.equal(await page.getAttribute('html', 'lang'), 'it');
  await newGame(page, { game: 'cheversi', rules: 'lewicki', seats: ['human', 'human'] });
  await page.click('#record-button');
  await page.fill('#record-text', '[Game "Cheversi"]\n[Rules "lewicki-free"]\n\n1. Kd4 Zq9');
  await page.click('#record-load');
  const problem = await page.locator('#record-error').textContent();
  assert.match(problem, /riga 4, colonna 8: Zq9 non è una mossa/);
  assert.doesNotMatch(problem, /\b(line|column|expected|is not)\b/);
  await page.fill('#record-text', '[Game "Cheversi"]\n[Rules "lewicki-free"]\n\n1. Kd4 Qe5 2. Nd5 Rb2 3. Bc3 *');
  await page.click('#record-load');
  await settled(page);
  await page.click('#review-button');
  // The button is redrawn on the next frame.
  await page.waitForFunction(() => document.querySelector('#review-button').textContent === 'Ferma analisi');
  await page.waitForFunction(() => document.querySelector('#review-progress').hidden, null, { timeout: 30000 });
  assert.equal(await page.locator('#status').textContent(), 'Analisi finita.');
  const summary = await page.locator('#review-summary p').allTextContents();
  assert.equal(summary.length, 2);
  for (const line of summary) assert.match(line, /^(Bianco|Nero): \d+,\d punti persi in \d mosse/);
  const labels = await page.locator('#moves .move').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
  for (const label of labels) {
    assert.match(label, /(migliore|buona|imprecisione|errore)/, label);
    assert.doesNotMatch(label, /\b(best|good|inaccuracy|mistake|blunder)\b/, label);
  }
  assert.match(await page.locator('#eval-graph').getAttribute('aria-label'), /^[^]*\b(Bianco|Nero|pari)/i);
  await page.screenshot({ path: 'screenshots/review-italian.png' });
  assert.deepEqual(errors, []);
  await context.close();
});
