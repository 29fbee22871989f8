// Reviews that need no computer opponent: stopped midway, of a loaded
// record, of a game opened from a link, and the reviewed game under axe in
// both themes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, open, settled } from '../lib/harness.js';
import { newGame } from '../lib/dialog.js';
import { axe, serious, explain } from '../lib/axe.js';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser.close(); await server.close(); });

test('a review can be stopped, and a loaded record can be reviewed', async () => {
  const { page, errors, context } = await open(browser, server.url);
  await newGame(page, { game: 'cheversi', rules: 'lewicki', seats: ['human', 'human'] });
  await page.click('#record-button');
  await page.fill('#record-text', '[Game "Cheversi"]\n[Rules "lewicki-free"]\n\n1. Kd4 Qe5 2. Nd5 Rb2 3. Bc3 *');
  await page.click('#record-load');
  await settled(page);
  assert.equal(await page.locator('#moves .move').count(), 5);
  await page.click('#review-button');
  await page.waitForSelector('#review-progress:not([hidden])');
  await page.click('#review-button');
  await settled(page);
  assert.equal(await page.locator('#review-progress').isHidden(), true);
  assert.equal(await page.locator('#status').textContent(), 'Review stopped.');
  assert.ok(await page.locator('#moves .move[data-loss]').count() < 5);
  // Started again, it runs to the end.
  await page.click('#review-button');
  await page.waitForSelector('#review-progress:not([hidden])');
  await page.waitForFunction(() => document.querySelector('#review-progress').hidden, null, { timeout: 30000 });
  assert.equal(await page.locator('#moves .move[data-loss]').count(), 5);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a game opened from a shared link can be reviewed', async () => {
  const link = `${server.url}#game=cheversi&rules=brainking&moves=Kd4.Qe5.Qc3.Rb2&seats=human.human`;
  const { page, errors, context } = await open(browser, link);
  await settled(page);
  assert.equal(await page.locator('#moves .move').count(), 4);
  await page.click('#review-button');
  await page.waitForFunction(() => document.querySelector('#review-progress').hidden
    && document.querySelectorAll('#moves .move[data-loss]').length === 4, null, { timeout: 30000 });
  assert.equal(await page.locator('#eval-graph circle[data-ply]').count(), 4);
  assert.equal(await page.locator('#review-summary p').count(), 2);
  assert.deepEqual(errors, []);
  await context.close();
});

for (const theme of ['light', 'dark']) {
  test(`axe: a reviewed game (${theme})`, async () => {
    const { page, errors, context } = await open(browser, server.url, { colorScheme: theme });
    await newGame(page, { game: 'cheversi', rules: 'lewicki', seats: ['human', 'human'] });
    await page.click('#record-button');
    await page.fill('#record-text', '[Game "Cheversi"]\n[Rules "lewicki-free"]\n\n1. Kd4 Qe5 2. Nd5 Rb2 3. Bc3 *');
    await page.click('#record-load');
    await page.click('#review-button');
    await page.waitForSelector('#review-progress:not([hidden])');
    await page.waitForFunction(() => document.querySelector('#review-progress').hidden, null, { timeout: 30000 });
    await page.click('#moves .move[data-ply="2"]');
    await settled(page);
    const found = await axe(page);
    assert.deepEqual(serious(found).map((v) => v.id), [], explain(serious(found)));
    await page.screenshot({ path: `screenshots/review-${theme}.png` });
    assert.deepEqual(errors, []);
    await context.close();
  });
}
