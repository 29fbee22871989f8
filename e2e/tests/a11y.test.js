// Accessibility in both themes: axe-core on the game page, the New game
// dialog, embed.html, the rules pages and the API page, with the system
// theme emulated light and dark (any serious or critical finding fails);
// the theme switch (#theme) and its memory; screenshots at phone and
// desktop size in both themes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, open, settled } from '../lib/harness.js';
import { newGame } from '../lib/dialog.js';
import { axe, serious, tally, explain } from '../lib/axe.js';
import { typeMove } from '../lib/play.js';

const SHOTS = new URL('../screenshots/', import.meta.url).pathname;
const THEMES = ['light', 'dark'];

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser.close(); await server.close(); });

/** Runs axe, logs the tally and fails on serious or critical findings. */
async function check(t, page, name) {
  const found = await axe(page);
  t.diagnostic(`${name}: ${tally(found)}`);
  assert.deepEqual(serious(found).map((v) => v.id), [], `${name}\n${explain(serious(found))}`);
  return found;
}

for (const theme of THEMES) {
  test(`axe: the game page and the New game dialog (${theme})`, async (t) => {
    const { page, context, errors, violations } = await open(browser, server.url, { colorScheme: theme });
    await check(t, page, `game page, ${theme}`);
    await page.click('#new-game-button');
    await page.locator('#new-game').waitFor({ state: 'visible' });
    await check(t, page, `New game dialog, ${theme}`);
    await page.selectOption('#ng-game', 'attrition');
    await page.selectOption('#ng-variant', 'melee');
    await check(t, page, `New game dialog (melee), ${theme}`);
    await page.click('#ng-cancel');
    assert.deepEqual(await violations(), []);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test(`axe: a game under way, the record dialog (${theme})`, async (t) => {
    const { page, context, errors } = await open(browser, server.url, { colorScheme: theme });
    await newGame(page, { game: 'cheversi', rules: 'brainking', seats: ['human', 'human'] });
    for (const mv of ['Kd4', 'Qe5', 'Qd5', 'Qh8']) await typeMove(page, mv);
    await page.check('#show-eval');
    await settled(page);
    assert.equal(await page.locator('#status.error').count(), 1, 'an illegal move, its reason in the error colour');
    await check(t, page, `game under way, ${theme}`);
    await page.click('#record-button');
    await page.locator('#record-dialog').waitFor({ state: 'visible' });
    await check(t, page, `record dialog, ${theme}`);
    await page.click('#record-close');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test(`axe: embed.html, the rules pages and the API page (${theme})`, async (t) => {
    // One page visits them all: each new browser context costs about a
    // second of CPU, and these pages keep nothing between them.
    const { page, context, errors, violations } = await open(browser, `${server.url}embed.html?game=cheversi&moves=Kd4`, { colorScheme: theme, width: 420, height: 620 });
    await settled(page);
    await check(t, page, `embed.html, ${theme}`);
    assert.deepEqual(errors, []);
    await page.setViewportSize({ width: 1000, height: 900 });
    for (const path of ['rules.html', 'rules.it.html', 'rules.ro.html', 'api-demo.html']) {
      await page.goto(server.url + path);
      await page.waitForFunction(() => document.querySelector('iframe'));
      const found = await check(t, page, `${path}, ${theme}`);
      // Everything inside landmarks.
      assert.deepEqual(found.filter((v) => v.id === 'region').map((v) => v.nodes), [], `${path}: region`);
      assert.deepEqual(await violations(), []);
      assert.deepEqual(errors, [], path);
    }
    await context.close();
  });
}

/** The page's background colour. */
const background = (page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test('the theme switch: auto, light, dark; remembered; applied before the first paint', async () => {
  const light = await open(browser, server.url, { colorScheme: 'light' });
  const dark = await open(browser, server.url, { colorScheme: 'dark' });
  const lightBg = await background(light.page);
  const darkBg = await background(dark.page);
  assert.notEqual(lightBg, darkBg, 'the system theme is followed');
  await light.context.close();

  const { page, context, errors } = dark;
  const button = page.locator('#theme');
  assert.match(await button.textContent(), /auto/i);
  await button.click();
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'light');
  assert.match(await button.textContent(), /light/i);
  assert.equal(await background(page), lightBg);
  assert.equal(await page.evaluate(() => localStorage.getItem('cheversi.theme')), 'light');
  // The browser's bar colour follows the choice.
  assert.deepEqual(await page.evaluate(() => [...document.querySelectorAll('meta[name="theme-color"]')].map((m) => m.media)), ['all', 'not all']);
  // Remembered, and in place before the body is parsed (no flash of the
  // other theme).
  await context.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.body) return;
      window.__themeAtBody = document.documentElement.dataset.theme ?? 'none';
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await page.evaluate(() => window.__themeAtBody), 'light');
  assert.equal(await background(page), lightBg);
  await page.click('#theme');
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
  assert.equal(await background(page), darkBg);
  await page.click('#theme');
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), undefined);
  assert.equal(await page.evaluate(() => localStorage.getItem('cheversi.theme')), 'auto');
  assert.equal(await background(page), darkBg, 'auto follows the (dark) system');
  // The label follows the page's language.
  await page.selectOption('#language', 'it');
  await page.waitForSelector('html[lang="it"]');
  assert.doesNotMatch(await button.textContent(), /theme/i);
  await page.selectOption('#language', 'en');
  await page.waitForSelector('html[lang="en"]');
  // The rules pages (and their boards) follow the choice too.
  await page.click('#theme');
  await page.goto(`${server.url}rules.html`);
  assert.equal(await background(page), lightBg);
  assert.deepEqual(errors, []);
  await context.close();
});

test('screenshots: game page and dialog, phone and desktop, light and dark', async () => {
  for (const theme of THEMES) {
    const { page, context, errors } = await open(browser, server.url, { colorScheme: theme, width: 360, height: 740 });
    for (const [size, width, height] of [['phone', 360, 740], ['desktop', 1280, 800]]) {
      await page.setViewportSize({ width, height });
      await newGame(page, { game: 'cheversi', rules: 'brainking', seats: ['human', 'human'] });
      for (const mv of ['Kd4', 'Qe5', 'Qd5', 'Re4']) await typeMove(page, mv);
      await page.check('#show-eval');
      await settled(page);
      await page.screenshot({ path: `${SHOTS}theme-${theme}-${size}.png`, fullPage: size === 'phone' });
      await page.click('#new-game-button');
      await page.locator('#new-game').waitFor({ state: 'visible' });
      await page.screenshot({ path: `${SHOTS}theme-${theme}-${size}-dialog.png` });
      await page.click('#ng-cancel');
      assert.deepEqual(errors, []);
    }
    await context.close();
  }
});

// A finger is wider than a mouse pointer: on a touch screen every control
// the page shows is at least 40 px tall (WCAG's 24 px is the floor; 40 the
// usual minimum on phones), and the board's focus ring is seen on both
// colours of square.
test('on a touch screen every control is large enough to tap', async () => {
  const { page, context, errors } = await open(browser, server.url, { width: 390, height: 844, scale: 2 });
  await typeMove(page, 'Kd4');
  // A checkbox is tapped by its label, measured instead.
  const small = async () => page.evaluate(() => [...document.querySelectorAll('button, select, input:not([type=checkbox]), a, label:has(input[type=checkbox])')]
    .filter((el) => el.offsetParent !== null && !el.closest('#grid, #moves, .eval-graph, .sr-only'))
    .map((el) => ({ what: el.id || el.textContent.trim().slice(0, 20) || el.tagName, h: el.getBoundingClientRect().height }))
    .filter((c) => c.h < 40));
  assert.deepEqual(await small(), [], 'the page');
  await page.click('#new-game-button');
  assert.deepEqual((await small()).filter((c) => c.h > 0), [], 'the New game dialog');
  assert.deepEqual(errors, []);
  await context.close();
});

// What loads late (the language list, the players, the invitation to
// Learn) takes the room kept for it: nothing already shown moves down
// while the page starts (cumulative layout shift under 0.1, the "good"
// mark of Core Web Vitals), at phone and desktop size.
test('the page does not jump as it starts', async () => {
  for (const [width, height, scale] of [[390, 844, 2], [1280, 800, 1]]) {
    const { page, context, errors } = await open(browser, undefined, {
      width, height, scale,
      init: () => {
        window.__shift = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shift += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
      },
    });
    await page.goto(server.url);
    await page.waitForSelector('body[data-ready="true"]');
    await settled(page);
    await page.waitForTimeout(300);
    const shift = await page.evaluate(() => window.__shift);
    assert.ok(shift < 0.1, `${width}x${height}: layout shift ${shift.toFixed(3)}`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

// On a phone the panels sit under the board: Learn's list, a lesson and a
// puzzle come into view when opened (the press seemed to do nothing).
test('on a phone, what Learn and Puzzles open comes into view', async () => {
  const { page, context, errors } = await open(browser, server.url, { width: 390, height: 844, scale: 2 });
  // Wholly on screen, or (a long list) starting in its upper half.
  const seen = (id) => page.evaluate((id) => {
    const r = document.getElementById(id).getBoundingClientRect();
    return r.top >= 0 && (r.bottom <= innerHeight || r.top < innerHeight / 2);
  }, id);
  await page.click('#learn-button');
  await page.waitForSelector('#lessons:not([hidden]) .lesson-row, #lessons:not([hidden]) button');
  await page.waitForTimeout(300);
  assert.ok(await seen('lessons'), 'the list of lessons');
  await page.locator('#lessons-list button').first().click();
  await page.waitForSelector('#lesson:not([hidden])');
  await page.waitForTimeout(300);
  assert.ok(await seen('lesson-task'), 'the lesson\'s task');
  assert.ok(await page.evaluate(() => document.getElementById('board').getBoundingClientRect().top > -60), 'and its board');
  await page.click('#lesson-exit');
  await page.evaluate(() => scrollTo(0, 0));
  await page.click('#puzzles-button');
  await page.waitForSelector('#puzzle:not([hidden])');
  await page.waitForTimeout(300);
  assert.ok(await seen('puzzle-goal'), 'the puzzle\'s goal');
  assert.deepEqual(errors, []);
  await context.close();
});
