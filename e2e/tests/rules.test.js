// The sample rules pages (data- diagrams) and the JavaScript API page
// (mount() twice): boards appear with the right positions, in the page's
// language, with no console error and no CSP violation.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, open } from '../lib/harness.js';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser.close(); await server.close(); });

const visit = (path) => open(browser, server.url + path, { width: 1000, height: 900, ready: false });

/** The n-th board's frame, scrolled into view and ready. */
async function board(page, n) {
  // Positions only: the lessons on the pages are tested in lessons.test.js.
  const boards = '.diagram:not(.lesson-frame) iframe, #first iframe, #second iframe';
  const iframe = page.locator(boards).nth(n);
  await iframe.scrollIntoViewIfNeeded();
  const frame = page.frameLocator(boards).nth(n);
  await frame.locator('body[data-ready="true"]').waitFor({ timeout: 15000 });
  return frame;
}

const cell = (frame, square) => frame.locator(`#grid [data-square="${(square.charCodeAt(1) - 49) * 8 + square.charCodeAt(0) - 97}"]`);

test('the English rules page turns every data- diagram into a board', async () => {
  const { page, context, errors, violations } = await visit('rules.html');
  const declared = await page.locator('[data-cheversi], [data-attrition]').count();
  // 9 positions and 13 lessons, one for each rule the page describes.
  assert.equal(declared, 22);
  assert.equal(await page.locator('.lesson-frame[data-cheversi*="lesson="], .lesson-frame[data-attrition*="lesson="]').count(), 13);
  await page.waitForFunction((n) => document.querySelectorAll('.diagram iframe').length === n, declared);
  // lewicki after Kd4 Qe5 Nd5.
  const first = await board(page, 0);
  assert.match(await cell(first, 'd5').getAttribute('aria-label'), /^d5, White Knight/);
  // The BrainKing picture: six placements, White's attacks shown.
  const picture = await board(page, 3);
  assert.match(await cell(picture, 'f5').getAttribute('aria-label'), /^f5, Black Bishop/);
  assert.match(await cell(picture, 'c4').getAttribute('aria-label'), /attacked by \d White/);
  assert.deepEqual(await picture.locator('#players .score').allTextContents(), ['25', '25']);
  // The duel diagram.
  const duel = await board(page, 5);
  assert.match(await cell(duel, 'e6').getAttribute('aria-label'), /^e6, White Knight/);
  assert.deepEqual(await violations(), []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the Italian and Romanian rules pages show Italian and Romanian boards', async () => {
  for (const [path, text] of [['rules.it.html', /^d5, Cavallo Bianco/], ['rules.ro.html', /^d5, Cal Alb/]]) {
    const { page, context, errors, violations } = await visit(path);
    const first = await board(page, 0);
    assert.match(await cell(first, 'd5').getAttribute('aria-label'), text);
    assert.equal(await page.locator('.lesson-frame').count(), 13, path);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('two boards mounted with the JavaScript API; one is played to the end', async () => {
  const { page, context, errors, violations } = await visit('api-demo.html');
  const diagram = await board(page, 0);
  assert.match(await cell(diagram, 'e4').getAttribute('aria-label'), /^e4, Black Rook/);
  const duel = await board(page, 1);
  await cell(duel, 'd4').click();
  await cell(duel, 'b5').click();
  await page.waitForFunction(() => /Game over/.test(document.querySelector('#result').textContent), null, { timeout: 5000 });
  assert.equal(await page.locator('#result').textContent(), 'Game over: White (Nd4 Nb5 d4xb5)');
  // The host steers a board through its handle.
  await page.evaluate(() => window.boards[0].flip());
  await page.waitForTimeout(200);
  assert.match(await diagram.locator('#grid .row').last().locator('.cell').first().getAttribute('aria-label'), /^h8, /);
  assert.deepEqual(await violations(), []);
  assert.deepEqual(errors, []);
  await context.close();
});

// A lesson shown in a frame scrolled its host page: rules.it.html jumped
// to its last lesson as the frames started. The reader stays where it is.
test('the lessons in a rules page leave the page where its reader is', async () => {
  for (const path of ['rules.html', 'rules.it.html', 'rules.ro.html']) {
    const { page, context, errors } = await visit(path);
    const frames = page.locator('.lesson-frame iframe');
    await page.waitForFunction(() => document.querySelectorAll('.lesson-frame iframe').length === 13);
    // The frames below the fold load as they come near: the first one
    // ready, then time for any to scroll the page (it reached the last
    // lesson within 3 s).
    await page.frameLocator('.lesson-frame iframe').first().locator('body[data-ready="true"]').waitFor({ state: 'attached', timeout: 15000 });
    await page.waitForTimeout(3000);
    assert.equal(await page.evaluate(() => window.scrollY), 0, path);
    assert.equal(await frames.count(), 13);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

// Italian and Romanian prose named the variants and rule sets by their
// ids ("Come two-knights", "una melee"); the ids stay, in code, beside
// the names, since the page shows how to write them.
test('the Italian and Romanian rules pages name the rule sets and variants in their language', async () => {
  for (const path of ['rules.it.html', 'rules.ro.html']) {
    const { page, context } = await visit(path);
    const prose = await page.evaluate(() => {
      const main = document.querySelector('main').cloneNode(true);
      main.querySelectorAll('code, pre').forEach((c) => c.remove());
      const labels = [...main.querySelectorAll('[aria-label]')].map((e) => e.getAttribute('aria-label'));
      return [main.textContent, ...labels].join('\n');
    });
    for (const id of ['lewicki-any', 'lewicki-free', 'brainking-classic', 'two-knights', 'sudden-death', 'melee']) {
      assert.doesNotMatch(prose, new RegExp(`\\b${id}\\b`), `${path}: ${id}`);
    }
    await context.close();
  }
});
