// A whole BrainKing game against the computer through the UI, with the
// main thread watched for long tasks while the computer thinks.
// e2e: runs alone (it times the page's main thread).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, open } from '../lib/harness.js';
import { slowness } from '../lib/slowness.js';
import { waitForHumanTurn, playAnyMove, typeMove } from '../lib/play.js';
import { newGame } from '../lib/dialog.js';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser.close(); await server.close(); });

/** Records long tasks and the spans when the computer was thinking. */
function watchMainThread() {
  window.__longTasks = [];
  window.__thinking = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  addEventListener('DOMContentLoaded', () => {
    let since = null;
    new MutationObserver(() => {
      const on = document.body.classList.contains('thinking');
      if (on && since === null) since = performance.now();
      if (!on && since !== null) { window.__thinking.push([since, performance.now()]); since = null; }
    }).observe(document.body, { attributes: true, attributeFilter: ['class'] });
  });
}

test('a full brainking game against the computer, page responsive throughout', async () => {
  const { page, context, errors } = await open(browser, server.url, { init: watchMainThread });
  await newGame(page, { game: 'cheversi', rules: 'brainking', seats: ['human', 'master'] });
  const before = await slowness(page);

  let placements = 0;
  while (await waitForHumanTurn(page, 0)) {
    await playAnyMove(page);
    placements += 1;
    assert.ok(placements <= 8, 'White places 8 pieces');
  }
  assert.equal(placements, 8);
  const moves = await page.locator('#moves .move').count();
  assert.equal(moves, 16);
  const summary = await page.locator('#summary').textContent();
  assert.match(summary, /(White wins|Black wins|Draw)/);
  assert.match(summary, /Final score: White \d+, Black \d+/);
  // The breakdown lists all 16 pieces.
  assert.equal(await page.locator('#summary tr').count(), 17);

  const { longTasks, thinking } = await page.evaluate(() => ({
    longTasks: window.__longTasks, thinking: window.__thinking,
  }));
  assert.ok(thinking.length >= 7, `the computer thought ${thinking.length} times`);
  // 100 ms on the machine the limit was set on, more on a slower hour
  // (lib/slowness.js), as in review.test.js: a render can reach 50 ms on a
  // loaded machine, while the search on the main thread would take hundreds.
  const limit = 100 * Math.max(before, await slowness(page));
  const during = longTasks.filter((t) => t.duration > limit
    && thinking.some(([a, b]) => t.start < b && t.start + t.duration > a));
  assert.deepEqual(during, [], `no main-thread task over ${limit.toFixed(0)} ms while the computer thinks`);
  assert.deepEqual(errors, []);
  await page.screenshot({ path: 'screenshots/cheversi-end-desktop.png' });
  await context.close();
});

// Counting each square once (lewicki-free), a square two pieces of one
// side attack is credited to each in the summary: the column adds up to
// more than the score, and the summary says why.
test('the summary says why the pieces\' points add up to more than the score', async () => {
  const { page, context, errors } = await open(browser, server.url);
  await newGame(page, { game: 'cheversi', rules: 'lewicki-free', seats: ['human', 'human'] });
  const white = ['Ka1', 'Qb3', 'Rc5', 'Rd7', 'Bf1', 'Bg2', 'Nh3', 'Na5'];
  const black = ['Kh8', 'Qg6', 'Rf4', 'Re2', 'Bc8', 'Bb6', 'Na8', 'Nh1'];
  for (let i = 0; i < 8; i++) { await typeMove(page, white[i]); await typeMove(page, black[i]); }
  await page.waitForSelector('#summary:not([hidden])');
  const { sums, scores } = await page.evaluate(() => {
    const sums = [0, 0];
    for (const row of document.querySelectorAll('#summary tr[class^="seat-"]')) {
      sums[Number(row.className.slice(5))] += Number(row.lastElementChild.textContent);
    }
    const [, w, b] = /White (\d+), Black (\d+)/.exec(document.getElementById('summary').textContent);
    return { sums, scores: [Number(w), Number(b)] };
  });
  assert.ok(sums[0] > scores[0] || sums[1] > scores[1], `${sums} against ${scores}`);
  assert.match(await page.locator('#summary .summary-shared').textContent(), /scores once/);
  assert.deepEqual(errors, []);
  await context.close();
});
