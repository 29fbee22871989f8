// Sharing: a copied link restores the game; a bad link or a broken record
// is reported with what and where and leaves the current game alone.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, open, follow, settled, until } from '../lib/harness.js';
import { newGame } from '../lib/dialog.js';
import { typeMove } from '../lib/play.js';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser.close(); await server.close(); });

/** Opens a link on a page already showing the app; returns the status. */
async function openLink(page, url) {
  await follow(page, url);
  return page.locator('#status').textContent();
}

async function type(page, moves) {
  for (const mv of moves) await typeMove(page, mv);
}

test('a copied link opens the same game', async () => {
  const { page, errors, context } = await open(browser, server.url);
  await newGame(page, { game: 'attrition', variant: 'two-knights', seats: ['human', 'human'] });
  await type(page, ['Nd4', 'Bf5', 'Nb6', 'Bh8', 'd4-c2']);
  await page.click('#copy-link');
  await settled(page);
  const status = await page.locator('#status').textContent();
  // Copied, or (where the headless browser refuses the clipboard) shown.
  const url = /(?:Link copied|Could not copy the link[^:]*): (\S+)/.exec(status)[1];
  assert.match(url, /#game=attrition&variant=two-knights&players=2&moves=Nd4\.Bf5\.Nb6\.Bh8\.d4-c2&seats=human\.human$/);
  const other = await open(browser, url);
  assert.deepEqual(await other.page.locator('#moves .move').allTextContents(), ['Nd4', 'Bf5', 'Nb6', 'Bh8', 'd4-c2']);
  assert.match(await other.page.locator('#status').textContent(), /opened from the link/);
  assert.equal(await other.page.evaluate(() => location.hash), '', 'the fragment is dropped after opening');
  assert.deepEqual(other.errors, []);
  assert.deepEqual(errors, []);
  await other.context.close();
  await context.close();
});

test('a bad link is reported and the saved game is kept', async () => {
  const { page, errors, context } = await open(browser, server.url);
  await newGame(page, { game: 'cheversi', rules: 'lewicki', seats: ['human', 'human'] });
  await type(page, ['Kd4']);
  assert.match(await openLink(page, server.url + '#game=cheversi&rules=lewicki&moves=Kd4.Qa8'), /could not be opened \(moves: move 2: Qa8: .+\); your game is kept/);
  assert.deepEqual(await page.locator('#moves .move').allTextContents(), ['Kd4']);
  assert.match(await openLink(page, server.url + '#game=cheversi&rules=<img src=x onerror=alert(1)>'), /rules: unknown rule set '<img src=x onerror=alert\(1\)>'/);
  assert.equal(await page.locator('#status img').count(), 0, 'shown as text, never as HTML');
  assert.deepEqual(errors, []);
  await context.close();
});

test('records: export shows the record, a broken import keeps the game, a good one loads', async () => {
  const { page, errors, context } = await open(browser, server.url);
  await newGame(page, { game: 'cheversi', rules: 'brainking', seats: ['human', 'human'] });
  await type(page, ['Kd4', 'Qe5']);
  await page.click('#record-button');
  const record = await page.inputValue('#record-text');
  assert.match(record, /\[Rules "brainking"\]/);
  assert.match(record, /1\. Kd4 Qe5 \*/);
  await page.fill('#record-text', '[Game "Cheversi"]\n[Rules "lewicki"]\n\n1. Kd4 Qa8 *\n');
  await page.click('#record-load');
  assert.match(await page.locator('#record-error').textContent(), /^Not loaded: line 4, column 8: Qa8: .+ Your game is unchanged\.$/);
  await page.click('#record-close');
  await settled(page);
  assert.deepEqual(await page.locator('#moves .move').allTextContents(), ['Kd4', 'Qe5']);
  // A file that does not load leaves the box as it was: it showed the
  // file's bytes, which Download then saved and Copy copied.
  await page.click('#record-button');
  await page.setInputFiles('#record-file', {
    name: 'picture.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 0xff, 10, 13]),
  });
  await until(page, () => document.getElementById('record-error').textContent.startsWith('Not loaded'));
  assert.equal(await page.inputValue('#record-text'), record);
  // A text file that does not load is shown, to be mended where it says.
  const typo = '[Game "Cheversi"]\n[Rules "lewicki"]\n\n1. Kd4 Qa8 *\n';
  await page.setInputFiles('#record-file', { name: 'typo.txt', mimeType: 'text/plain', buffer: Buffer.from(typo) });
  await until(page, () => /line 4/.test(document.getElementById('record-error').textContent));
  assert.equal(await page.inputValue('#record-text'), typo);
  await page.click('#record-close');
  // A file works like a paste.
  await page.click('#record-button');
  await page.setInputFiles('#record-file', {
    name: 'game.txt', mimeType: 'text/plain',
    buffer: Buffer.from('[Game "Chivalrous Attrition"]\n[Variant "duel"]\n[Players "2"]\n\n1. Nd4 Nf6 2. d4-e6 *\n'),
  });
  await page.waitForSelector('#record-dialog:not([open])', { state: 'attached' });
  await settled(page);
  assert.deepEqual(await page.locator('#moves .move').allTextContents(), ['Nd4', 'Nf6', 'd4-e6']);
  assert.match(await page.locator('#status').textContent(), /loaded from the record/);
  assert.deepEqual(errors, []);
  await context.close();
});

// A page served over plain http has no clipboard (navigator.clipboard is
// undefined): Copy link threw in the page's code, and "Copied." was said
// whether or not the browser copied anything.
test('with no clipboard, Copy says so and the page goes on', async () => {
  const init = () => Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined });
  const { page, context, errors } = await open(browser, server.url, { init });
  await newGame(page, { game: 'cheversi', rules: 'brainking', seats: ['human', 'human'] });
  await typeMove(page, 'Kd4');
  await page.click('#copy-link');
  await settled(page);
  // The link is still shown, to be copied by hand.
  assert.match(await page.locator('#status').textContent(), /Could not copy the link[^:]*: http\S+#game=cheversi/);
  await page.click('#record-button');
  await page.click('#record-copy');
  assert.match(await page.locator('#record-error').textContent(), /could not copy/i);
  await page.click('#record-close');
  await typeMove(page, 'Qe5');
  assert.equal(await page.locator('#moves .move').count(), 2, 'the page goes on');
  assert.deepEqual(errors, []);
  await context.close();
});
